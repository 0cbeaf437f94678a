// hc_addr_mux — one address channel (AR or AW) of the crossbar: round-robin arbitration of N ports into
// one registered output.
//
// Latency (cycles, in_valid -> out_valid, idle): 1. Throughput: one request per cycle. The output is an
// hc_reg_slice; with REGISTER_READY, out_ready does not reach the arbiter or the input READYs. The
// granted port's index is appended to the request payload by the caller and reported on
// grant_fire/grant_idx (for the write-data routing order).
// Parameters: N (ports, 1..64), PW (payload width per port, bits), REGISTER_READY (see hc_reg_slice)
// Runtime:    allow — a grant may be made this cycle (e.g. the write routing FIFO has room)
module hc_addr_mux #(
    parameter int N  = 2,
    parameter int PW = 8,
    parameter bit REGISTER_READY = 1'b0,
    localparam int IW = (N > 1) ? $clog2(N) : 1
) (
    input  logic          clk,
    input  logic          rst_n,
    input  logic          allow,
    input  logic [N*PW-1:0] in_payload,
    input  logic [N-1:0]  in_valid,
    output logic [N-1:0]  in_ready,
    output logic [PW-1:0] out_payload,
    output logic [IW-1:0] out_port,
    output logic          out_valid,
    input  logic          out_ready,
    output logic          grant_fire,
    output logic [IW-1:0] grant_idx
);
    logic [N-1:0] grant;
    logic         grant_valid;
    logic         out_free;
    wire          load = grant_valid && allow && out_free;

    hc_rr_arbiter #(.N(N)) u_arb (
        .clk(clk), .rst_n(rst_n), .req(in_valid), .advance(load),
        .grant(grant), .grant_idx(grant_idx), .grant_valid(grant_valid)
    );

    assign in_ready   = load ? grant : '0;
    assign grant_fire = load;

    // The granted request leaves through a register slice: out_ready never reaches the arbiter.
    hc_reg_slice #(.WIDTH(PW + IW), .REGISTER_READY(REGISTER_READY)) u_out (
        .clk(clk), .rst_n(rst_n),
        .in_data({in_payload[grant_idx*PW +: PW], grant_idx}), .in_valid(load), .in_ready(out_free),
        .out_data({out_payload, out_port}), .out_valid(out_valid), .out_ready(out_ready)
    );
endmodule
