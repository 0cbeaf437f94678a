// hc_addr_mux — one address channel (AR or AW) of the crossbar: strict-priority, then round-robin
// arbitration of N ports into one registered output.
//
// Arbitration: only requesters of the highest priority class present this cycle compete (paper 002
// section 5: a higher class always wins); among them that class's own round-robin arbiter picks (one
// grant per requester per round within a class; grants to other classes leave its pointer where it is).
// The per-class arbiters search in parallel and the top class selects one. With every class equal this
// is plain round-robin.
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

    // Strict priority with round-robin inside each class: one round-robin arbiter per class, each over the
    // requesters of its class (they search in parallel), and the highest class present picks whose grant
    // counts; only that class's pointer moves. (Issue 15: one pointer shared by the classes let a grant to
    // a higher class reset a lower class's search, starving a port inside it; and filtering the requests
    // by the top class before one search put the class compare in series with the search.)
    localparam int NC = 1 << PRIO_W;
    logic [PRIO_W-1:0] top_class;
    always_comb begin
        top_class = '0;
        for (int i = 0; i < N; i++)
            if (in_valid[i] && in_prio[i*PRIO_W +: PRIO_W] > top_class) top_class = in_prio[i*PRIO_W +: PRIO_W];
    end
    logic [N-1:0]  c_grant [NC];
    logic [IW-1:0] c_idx [NC];
    logic [NC-1:0] c_valid;
    for (genvar c = 0; c < NC; c++) begin : g_class
        logic [N-1:0] c_req;
        for (genvar i = 0; i < N; i++) begin : g_req
            assign c_req[i] = in_valid[i] && in_prio[i*PRIO_W +: PRIO_W] == PRIO_W'(c);
        end
        hc_rr_arbiter #(.N(N)) u_arb (
            .clk(clk), .rst_n(rst_n), .req(c_req), .advance(load && top_class == PRIO_W'(c)),
            .grant(c_grant[c]), .grant_idx(c_idx[c]), .grant_valid(c_valid[c])
        );
    end
    assign grant       = c_grant[top_class];
    assign grant_idx   = c_idx[top_class];
    assign grant_valid = c_valid[top_class];

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
    // the round-robin pointer of class c
    logic [IW-1:0] f_ptrs [NC];
    for (genvar c = 0; c < NC; c++) begin : g_f_ptr
        assign f_ptrs[c] = g_class[c].u_arb.prio;
    end
    function automatic logic [IW-1:0] f_ptr(input logic [PRIO_W-1:0] c);
        return f_ptrs[c];
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
                        assert (f_dist(j, int'(f_ptr(f_cls(i)))) <= f_dist(j, i));
                end
        for (int i = 0; i < N; i++) begin
            if (in_ready[i]) assert (in_valid[i] && f_cls(i) == top_class);
            if (in_valid[i]) assert (f_cls(i) <= top_class);
        end
        for (int c = 0; c < NC; c++) assert (int'(f_ptr(PRIO_W'(c))) < N);
    end
`endif
endmodule
