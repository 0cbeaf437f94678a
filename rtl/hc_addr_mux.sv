// hc_addr_mux — one address channel (AR or AW) of the crossbar: strict-priority, then round-robin
// arbitration of N ports' registered heads, with the choice registered.
//
// Arbitration: only requesters of the highest priority class present compete (paper 002 section 5: a
// higher class always wins); among them that class's own round-robin pointer picks (one grant per
// requester per round within a class; grants to other classes leave it where it is). With every class
// equal this is plain round-robin.
// Registered choice (issue 17): the arbitration runs from the ports' registered heads (in_valid,
// in_payload must come from flops, as hc_supervisor's equalizer output registers do) into a registered
// choice (port, class); the next cycle the chosen head is presented (out_valid, out_payload: an N:1 mux of
// the heads selected by the registered choice) and taken when out_ready. No path runs from one port's
// head through the arbitration back into the ports' READYs: in_ready is the registered choice gated by
// the take. A choice is kept while presented and not taken (AXI: VALID stays until READY); otherwise it is
// made again every cycle (so a higher class that arrives while `allow` is low, or a choice whose head has
// gone, is seen at once). The pointer of the taken class moves past the taken port as it is taken, and
// the choice made in that cycle already starts there (a port alone in its class is chosen again at once:
// one request per cycle from one port, if its head has the next one).
//
// Latency (cycles, in_valid -> out_valid, idle): 1 (REGISTER_READY: 2). Throughput: one request per cycle.
// The granted port's index is reported on out_port and on grant_fire/grant_idx (for the write-data
// routing order). REGISTER_READY adds an hc_reg_slice with registered READY after the mux: out_ready
// then reaches nothing combinationally, for one more cycle.
// HEADS_KNOWN (issue 17): the ports report in_more (a flop: another request is behind the head, so the
// head is still there after a take) and the user gives `allow` one cycle ahead (allow_next, for either
// outcome of this cycle's take). A choice is then made only of a head that will be there — a port
// being taken now is chosen again only with in_more — and only if `allow` will hold, so out_valid is the
// choice's own flop: the take depends on no port's VALID and no allow gate (without HEADS_KNOWN it runs
// through the N:1 mux of the chosen port's VALID and `allow`). With in_more from a buffer of 3 or more
// entries a port alone still gets one request per cycle.
// Parameters: N (ports, 1..64), PW (payload width per port, bits), REGISTER_READY (output skid slice),
//             PRIO_W (bits of a priority class, 1..4), HEADS_KNOWN (above; default 0: in_more and
//             allow_next are not used)
// Runtime:    allow — a new request may be presented this cycle (e.g. the write routing FIFO has room,
//             the global outstanding limit is not reached; a request already presented stays presented);
//             in_prio — class per port, higher wins
// Assumes:    in_valid held until in_ready and in_payload stable meanwhile (AXI), from flops; with
//             HEADS_KNOWN, in_more only with in_valid, and a head taken with in_more is followed by another.
module hc_addr_mux #(
    parameter int N  = 2,
    parameter int PW = 8,
    parameter bit REGISTER_READY = 1'b0,
    parameter int PRIO_W = 2,
    parameter bit HEADS_KNOWN = 1'b0,
    localparam int IW = (N > 1) ? $clog2(N) : 1
) (
    input  logic          clk,
    input  logic          rst_n,
    input  logic          allow,
    input  logic [1:0]    allow_next,         // HEADS_KNOWN: `allow` of the next cycle, [1] if this cycle has a take
    input  logic [N*PW-1:0] in_payload,
    input  logic [N-1:0]  in_valid,
    input  logic [N-1:0]  in_more,            // HEADS_KNOWN: port i's head stays valid after it is taken (a flop)
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
        if (N < 1 || N > 64) $fatal(1, "hc_addr_mux: N must be 1..64 (got %0d)", N);
        if (PRIO_W < 1 || PRIO_W > 4) $fatal(1, "hc_addr_mux: PRIO_W must be 1..4 (got %0d)", PRIO_W);
    end
    localparam int CLASSES = 1 << PRIO_W;

    function automatic logic [IW-1:0] after(input logic [IW-1:0] i);   // i + 1, wrapped at N
        return (32'(i) == N - 1) ? '0 : i + IW'(1);
    endfunction

    // the registered choice
    logic              gvalid_q, presented_q;
    logic [IW-1:0]     gidx_q;
    logic [PRIO_W-1:0] gcls_q;
    logic [CLASSES-1:0][IW-1:0] ptr;                   // per class: where its search starts

    // present the chosen head; a request once presented stays until taken
    // HEADS_KNOWN: a choice is made only of a head that is there when presented and only if `allow` holds
    // then, so the presented VALID is the choice's own flop and the take reaches no port's VALID
    logic mux_valid, mux_ready;
    assign mux_valid = HEADS_KNOWN ? gvalid_q : gvalid_q && in_valid[gidx_q] && (allow || presented_q);
    wire   take      = mux_valid && mux_ready;
    assign in_ready   = take ? (N'(1) << gidx_q) : '0;
    assign grant_fire = take;
    assign grant_idx  = gidx_q;

    // the next choice: highest class present, then that class's round-robin order. Flat logic (issue 17):
    // which classes are present is an OR per class over the ports; a port requests if no higher class is
    // present; the round-robin order is a mask per port against the start of the port's *own* class (a
    // requesting port is of the top class, so its own class's start is the top class's start), so neither
    // the mask nor the search waits for the top class to be known.
    logic [CLASSES-1:0] present;                       // class c has a valid head
    logic [N-1:0]       req, ahead;                    // ahead[i]: i is at or after its class's start
    logic [IW-1:0]      start [CLASSES];
    always_comb begin
        present = '0;
        for (int i = 0; i < N; i++)
            if (in_valid[i]) present[in_prio[i*PRIO_W +: PRIO_W]] = 1'b1;
        for (int c = 0; c < CLASSES; c++)
            // the class just taken continues after the taken port
            start[c] = (take && 32'(gcls_q) == c) ? after(gidx_q) : ptr[c];
        for (int i = 0; i < N; i++) begin
            logic [PRIO_W-1:0] ci;
            logic              higher;                 // a class above port i's is present
            ci = in_prio[i*PRIO_W +: PRIO_W];
            higher = 1'b0;
            for (int c = 0; c < CLASSES; c++)
                if (c > 32'(ci) && present[c]) higher = 1'b1;
            req[i] = in_valid[i] && !higher
                     // HEADS_KNOWN: the head taken now is chosen again only if another is behind it
                     && !(HEADS_KNOWN && take && 32'(gidx_q) == i && !in_more[i]);
            ahead[i] = 32'(start[ci]) <= i;
        end
    end
    // the first requester at or after the start, else the first requester from port 0
    logic [N-1:0]      req_ahead;
    logic              found, found_ahead;
    logic [IW-1:0]     pick, pick_ahead, pick_any;
    logic [PRIO_W-1:0] top_class;
    assign req_ahead = req & ahead;
    always_comb begin
        found_ahead = 1'b0; pick_ahead = '0; found = 1'b0; pick_any = '0; top_class = '0;
        for (int i = N - 1; i >= 0; i--) begin
            if (req_ahead[i]) begin found_ahead = 1'b1; pick_ahead = IW'(i); end
            if (req[i])       begin found = 1'b1;       pick_any   = IW'(i); end
        end
        for (int c = 0; c < CLASSES; c++)
            if (present[c]) top_class = PRIO_W'(c);
    end
    assign pick = found_ahead ? pick_ahead : pick_any;

    wire hold = mux_valid && !mux_ready;               // presented, not taken: keep it
    always_ff @(posedge clk) begin
        if (!rst_n) begin
            gvalid_q <= 1'b0; presented_q <= 1'b0; gidx_q <= '0; gcls_q <= '0; ptr <= '0;
        end else begin
            presented_q <= hold;
            if (!hold) begin
                gvalid_q <= found && (!HEADS_KNOWN || allow_next[take]);
                gidx_q <= pick; gcls_q <= top_class;
            end
            if (take) ptr[gcls_q] <= after(gidx_q);
        end
    end

    if (REGISTER_READY) begin : g_slice
        hc_reg_slice #(.WIDTH(PW + IW), .REGISTER_READY(1'b1)) u_out (
            .clk(clk), .rst_n(rst_n),
            .in_data({in_payload[gidx_q*PW +: PW], gidx_q}), .in_valid(mux_valid), .in_ready(mux_ready),
            .out_data({out_payload, out_port}), .out_valid(out_valid), .out_ready(out_ready)
        );
    end else begin : g_direct
        assign out_payload = in_payload[gidx_q*PW +: PW];
        assign out_port    = gidx_q;
        assign out_valid   = mux_valid;
        assign mux_ready   = out_ready;
    end

`ifdef FORMAL
    // Properties (tests/formal/hc_addr_mux.sby, k-induction): requesters keep VALID and payload until
    // granted (AXI) and keep their class; `allow`, out_ready and the other classes' requests are free every
    // cycle. Then a waiting requester is granted before any other requester of its class is granted twice
    // (bounded wait within a class, whatever the higher classes do); a grant goes to the highest class
    // present when the choice was made; the output keeps VALID and payload until taken.
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
            if ($past(in_valid[i] && !in_ready[i])) assume (in_valid[i] && $stable(in_payload[i*PW +: PW]));
            if (HEADS_KNOWN && $past(in_ready[i] && in_more[i])) assume (in_valid[i]);
            assume ($stable(in_prio));
        end
        if ($past(out_valid && !out_ready)) assert (out_valid && $stable({out_payload, out_port}));
        // a port granted now was of the highest class present when the choice was made (last cycle),
        // unless the choice had been presented before
        for (int i = 0; i < N; i++)
            for (int k = 0; k < N; k++)
                if (in_ready[i] && !$past(hold) && $past(in_valid[k])) assert (f_cls(k) <= f_cls(i));
    end
    always_comb if (rst_n && f_past) begin
        for (int i = 0; i < N; i++)
            for (int j = 0; j < N; j++)
                if (i != j && f_cls(i) == f_cls(j)) begin
                    // the property: j is not granted a second time while i waits
                    if (f_again[i][j] && in_valid[i]) assert (!in_ready[j]);
                    // invariants (for the induction): since j's grant neither the class pointer nor a
                    // choice in that class has passed i
                    if (f_again[i][j] && in_valid[i]) begin
                        assert (f_dist(j, int'(ptr[f_cls(i)])) <= f_dist(j, i));
                        if (gvalid_q && gcls_q == f_cls(i)) assert (f_dist(j, int'(gidx_q)) <= f_dist(j, i));
                    end
                end
        for (int i = 0; i < N; i++) begin
            if (in_ready[i]) assert (in_valid[i] && f_cls(i) == gcls_q);
            if (in_valid[i]) assert (f_cls(i) <= top_class);
        end
        if (gvalid_q) assert (int'(gidx_q) < N && f_cls(int'(gidx_q)) == gcls_q);
        if (presented_q) assert (gvalid_q && in_valid[gidx_q]);
        // HEADS_KNOWN: the presented VALID is the choice alone, and the chosen head is there
        if (HEADS_KNOWN && gvalid_q) assert (in_valid[gidx_q]);
        if (HEADS_KNOWN) for (int i = 0; i < N; i++) assume (!in_more[i] || in_valid[i]);
        for (int c = 0; c < (1 << PRIO_W); c++) assert (int'(ptr[c]) < N);
    end
`endif
endmodule
