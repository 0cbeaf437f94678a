// hc_addr_mux — one address channel (AR or AW) of the crossbar: strict-priority, then round-robin
// arbitration of N ports into one registered output.
//
// Arbitration: only requesters of the highest priority class present this cycle compete (paper 002
// section 5: a higher class always wins); among them that class's own round-robin pointer picks (one
// grant per requester per round within a class; grants to other classes leave it where it is). With
// every class equal this is plain round-robin.
//
// Latency (cycles, in_valid -> out_valid, idle): 1. Throughput: one request per cycle. The output is an
// hc_reg_slice; with REGISTER_READY, out_ready does not reach the arbiter or the input READYs. The
// granted port's index is appended to the request payload by the caller and reported on
// grant_fire/grant_idx (for the write-data routing order).
// Parameters: N (ports, 1..64), PW (payload width per port, bits), REGISTER_READY (see hc_reg_slice),
//             PRIO_W (bits of a priority class, 1..4)
// Runtime:    allow — a grant may be made this cycle (e.g. the write routing FIFO has room, the global
//             outstanding limit is not reached); in_prio — class per port, higher wins
module hc_addr_mux #(
    parameter int N  = 2,
    parameter int PW = 8,
    parameter bit REGISTER_READY = 1'b0,
    parameter int PRIO_W = 2,
    localparam int IW = (N > 1) ? $clog2(N) : 1
) (
    input  logic          clk,
    input  logic          rst_n,
    input  logic          allow,
    input  logic [N*PW-1:0] in_payload,
    input  logic [N-1:0]  in_valid,
    input  logic [N*PRIO_W-1:0] in_prio,
    output logic [N-1:0]  in_ready,
    output logic [PW-1:0] out_payload,
    output logic [IW-1:0] out_port,
    output logic          out_valid,
    input  logic          out_ready,
    output logic          grant_fire,
    output logic [IW-1:0] grant_idx
);
    initial begin
        if (PRIO_W < 1 || PRIO_W > 4) $fatal(1, "hc_addr_mux: PRIO_W must be 1..4 (got %0d)", PRIO_W);
    end

    logic [N-1:0] grant;
    logic         grant_valid;
    logic         out_free;
    wire          load = grant_valid && allow && out_free;

    // strict priority: keep only the requesters of the highest class present
    logic [PRIO_W-1:0] top_class;
    logic [N-1:0]      req;
    always_comb begin
        top_class = '0;
        for (int i = 0; i < N; i++)
            if (in_valid[i] && in_prio[i*PRIO_W +: PRIO_W] > top_class) top_class = in_prio[i*PRIO_W +: PRIO_W];
        for (int i = 0; i < N; i++)
            req[i] = in_valid[i] && (in_prio[i*PRIO_W +: PRIO_W] == top_class);
    end

    hc_rr_arbiter #(.N(N), .CLASSES(1 << PRIO_W)) u_arb (
        .clk(clk), .rst_n(rst_n), .req(req), .cls(top_class), .advance(load),
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

`ifdef FORMAL
    // Properties (tests/formal/hc_addr_mux.sby, k-induction): requesters keep VALID until granted (AXI) and
    // keep their class; `allow`, out_ready and the other classes' requests are free every cycle. Then a
    // waiting requester is granted before any other requester of its class is granted twice (bounded wait
    // within a class, whatever the higher classes do), and grants go only to requesters of the highest
    // class present.
    logic f_past, f_live;
    hc_formal_reset u_f_reset (.clk, .rst_n, .f_past, .f_live);
    function automatic logic [PRIO_W-1:0] f_cls(input int i);
        return in_prio[i*PRIO_W +: PRIO_W];
    endfunction
    // positions after j in round-robin order: j + 1 is 0, j is N - 1
    function automatic int f_dist(input int j, input int p);
        return (p > j) ? p - j - 1 : p + N - j - 1;
    endfunction
    // f_again[i][j]: j was granted while i waited (in its class) since i's request was last granted
    logic [N-1:0][N-1:0] f_again;
    always_ff @(posedge clk) begin
        for (int i = 0; i < N; i++)
            for (int j = 0; j < N; j++)
                if (!rst_n || in_ready[i] || !in_valid[i]) f_again[i][j] <= 1'b0;
                else if (in_ready[j] && i != j)            f_again[i][j] <= 1'b1;
    end
    always_ff @(posedge clk) if (f_live) begin
        for (int i = 0; i < N; i++) begin
            if ($past(in_valid[i] && !in_ready[i])) assume (in_valid[i]);
            assume ($stable(in_prio));
        end
    end
    always_comb if (rst_n && f_past) begin
        for (int i = 0; i < N; i++)
            for (int j = 0; j < N; j++)
                if (i != j && f_cls(i) == f_cls(j)) begin
                    // the property: j is not granted a second time while i waits
                    if (f_again[i][j] && in_valid[i]) assert (!in_ready[j]);
                    // invariant (for the induction): since j's grant the class pointer has not passed i
                    if (f_again[i][j] && in_valid[i])
                        assert (f_dist(j, int'(u_arb.prio[f_cls(i)])) <= f_dist(j, i));
                end
        for (int i = 0; i < N; i++) begin
            if (in_ready[i]) assert (in_valid[i] && f_cls(i) == top_class);
            if (in_valid[i]) assert (f_cls(i) <= top_class);
        end
        for (int c = 0; c < (1 << PRIO_W); c++) assert (int'(u_arb.prio[c]) < N);
    end
`endif
endmodule
