// SPDX-License-Identifier: Apache-2.0
// hc_addr_mux — one address channel (AR or AW) of the crossbar: strict priority between classes,
// least-recently-granted first within a class, the choice registered.
//
// Arbitration: only requesters of the highest priority class present compete (paper 002 section 5: a
// higher class always wins); among them the one granted least recently wins (a matrix arbiter: a granted
// port goes behind every other port; grants to other classes leave a class's order as it is, since one
// order over all ports is kept and the classes only filter it). With every port of a class requesting,
// the grants go round in a fixed cycle, one per port per round, as round-robin; a waiting port is
// granted before any other port of its class is granted twice. With every class equal this is plain
// least-recently-granted arbitration. Out of reset the lower port index goes first.
// Registered choice (issue 17): the arbitration runs from the ports' registered heads (in_valid,
// in_payload must come from flops, as hc_supervisor's equalizer output registers do) into a registered
// choice; the next cycle the chosen head is presented (out_valid, out_payload: an N:1 mux of the heads
// selected by the registered choice) and taken when out_ready. No path runs from one port's head through
// the arbitration back into the ports' READYs: in_ready is the registered choice gated by the take. A
// choice is kept while presented and not taken (AXI: VALID stays until READY); otherwise it is made again
// every cycle (so a higher class that arrives while `allow` is low, or a choice whose head has gone, is
// seen at once). The order as it will be after this cycle's take is known from flops (the taken port goes
// behind every other port of its class; the higher classes were before it and the lower ones stay behind
// it), so the choice made in the cycle of a take already uses it, and the take only selects between the
// two choices at the end (a port alone in its class is chosen again at once: one request per cycle from
// one port, if its head has the next one). The order is kept as a registered precedence matrix (port j
// before port i: N*(N-1) flip-flops) with the class relation folded in, next to the class-free order
// (N*(N-1)/2 flip-flops) it is made from; in_prio is sampled beside the arbiter first (cls_in_q: it comes
// from the register block, across the die) and the matrix prepared from that copy, so a class change
// counts from the second cycle.
//
// Latency (cycles, in_valid -> out_valid, idle): 1 (REGISTER_READY: 2). Throughput: one request per cycle.
// The granted port's index is reported on out_port and on grant_fire/grant_idx (for the write-data
// routing order). REGISTER_READY adds an hc_reg_slice with registered READY after the mux: out_ready
// then reaches nothing combinationally, for one more cycle.
// HEADS_KNOWN (issue 17): the ports report in_more (a flop: another request is behind the head, so the
// head is still there after a take) and the user gives `allow` one cycle ahead (allow_next, for either
// outcome of this cycle's take). A choice is then made only of a head that will be there — a port
// being taken now competes in the next choice only with in_more (without it, it does not hold back the
// others either: a lower class may be chosen in that cycle) — and only if `allow` will hold, so
// out_valid is the choice's own flop: the take depends on no port's VALID and no allow gate (without
// HEADS_KNOWN it runs through the N:1 mux of the chosen port's VALID and `allow`). With in_more from a
// buffer of 3 or more entries a port alone still gets one request per cycle.
// The top class (issue 18, paper 002's CPU): `room` (room_next with HEADS_KNOWN) holds back only the ports
// below the top class (in_prio all ones, 2^PRIO_W - 1); a top-class request needs only `allow`. So a limit on
// the lower classes' traffic in flight (axi_exbar's G) never throttles the top class. Whether a choice is of
// the top class is known without the choice itself: the top class is the highest, so the choice is of it
// exactly when a top-class port competes (one OR of the competing ports, in parallel with the arbitration).
// A class change reaches the top-class flags two cycles later, and a choice already presented keeps its
// standing: a port leaving the top class may have up to three requests granted past `room` meanwhile.
// Parameters: N (ports, 1..64), PW (payload width per port, bits), REGISTER_READY (output skid slice),
//             PRIO_W (bits of a priority class, 1..4), HEADS_KNOWN (above; default 0: in_more,
//             allow_next and room_next are not used)
// Runtime:    allow — a new request may be presented this cycle (e.g. the write routing FIFO has room; a
//             request already presented stays presented); room — the same for the ports below the top
//             class only (e.g. the global outstanding limit is not reached); tie room and room_next to
//             all ones if unused (without HEADS_KNOWN room_next is ignored);
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
    input  logic          room,               // as `allow`, for the ports below the top class only
    input  logic [1:0]    room_next,          // HEADS_KNOWN: `room` of the next cycle, as allow_next
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
    // the registered choice
    logic              gvalid_q, presented_q;
    logic [IW-1:0]     gidx_q;
    logic [N-1:0]      gsel_q;                         // gidx_q one-hot
    // the classes as the arbitration uses them (compared two cycles behind in_prio, through cls_in_q, the
    // copy the matrix is prepared from; no choice is made in the first two cycles out of reset, while the
    // copies still hold their reset value). (Issue 17: a port's register block -> the order's compares ->
    // prec_r, 64 columns of routing, was critical at one seed at 4 ports, 113.7 MHz.)
    logic [N-1:0][PRIO_W-1:0] cls_in_q;
    logic                     cls_in_ok_q, cls_ok_q;   // (1 from the first/second cycle out of reset)
    logic [N-1:0][N-1:0]      gt_q;                    // gt_q[i][j]: port j's class is above port i's
    logic [N-1:0]             top_q;                   // port i is of the top class (as gt_q, from cls_in_q)
    logic                     gtop_q;                  // the registered choice is of the top class
    // the class-free order, one flop per pair a < b (lo_q: a goes before b), the lower index first out of
    // reset; a taken port goes behind every other
    localparam int HN = (N > 1) ? N * (N - 1) / 2 : 1;
    logic [HN-1:0] lo_q;
    function automatic int hidx(input int a, input int b);            // pair a < b
        return a * N - a * (a + 1) / 2 + (b - a - 1);
    endfunction
    function automatic logic goes_first(input logic [HN-1:0] lo, input int a, input int b);   // a before b
        return (a < b) ? lo[hidx(a, b)] : !lo[hidx(b, a)];
    endfunction
    function automatic logic [HN-1:0] moved(input logic [HN-1:0] lo, input logic [N-1:0] sel);
        logic [HN-1:0] r;
        r = lo;
        for (int a = 0; a < N; a++)
            for (int b = a + 1; b < N; b++)
                if (sel[a])      r[hidx(a, b)] = 1'b0;
                else if (sel[b]) r[hidx(a, b)] = 1'b1;
        return r;
    endfunction
    localparam logic [HN-1:0] LO_RESET = '1;         // the lower index first
    // precedence matrix (registered): prec_q[i][j] — port j goes before port i, because its class is higher
    // or, in the same class, it comes first in the order. A strict total order: of any set of ports
    // exactly one has no port of the set before it. (stored without the diagonal, which is 0: N*(N-1)
    // flip-flops)
    logic [N-1:0][N-1:0]      prec_q;
    localparam int PN = (N > 1) ? N * (N - 1) : 1;
    logic [PN-1:0]            prec_r;
    function automatic int pidx(input int i, input int j);
        return i * (N - 1) + ((j < i) ? j : j - 1);
    endfunction
    function automatic logic [PN-1:0] pack(input logic [N-1:0][N-1:0] p);
        logic [PN-1:0] r;
        r = '0;
        for (int i = 0; i < N; i++)
            for (int j = 0; j < N; j++)
                if (i != j) r[pidx(i, j)] = p[i][j];
        return r;
    endfunction
    always_comb
        for (int i = 0; i < N; i++)
            for (int j = 0; j < N; j++)
                prec_q[i][j] = (i != j) && prec_r[pidx(i, j)];
    function automatic logic [N-1:0][N-1:0] precedence(input logic [N-1:0][PRIO_W-1:0] cls,
                                                       input logic [HN-1:0] lo);
        logic [N-1:0][N-1:0] p;
        p = '0;
        for (int i = 0; i < N; i++)
            for (int j = 0; j < N; j++)
                if (i != j) p[i][j] = cls[j] > cls[i] || (cls[j] == cls[i] && goes_first(lo, j, i));
        return p;
    endfunction

    // present the chosen head; a request once presented stays until taken
    // HEADS_KNOWN: a choice is made only of a head that is there when presented and only if `allow` holds
    // then, so the presented VALID is the choice's own flop and the take reaches no port's VALID
    logic mux_valid, mux_ready;
    assign mux_valid = HEADS_KNOWN ? gvalid_q
                                   : gvalid_q && in_valid[gidx_q] && ((allow && (room || gtop_q)) || presented_q);
    wire   take      = mux_valid && mux_ready;
    assign in_ready   = take ? gsel_q : '0;
    assign grant_fire = take;
    assign grant_idx  = gidx_q;

    // The next choice, prepared for both outcomes of this cycle's take from flip-flops only (issue 17):
    // without a take the precedence matrix as registered; with a take the taken port goes behind every
    // other port of its class (prec_t: its row — who goes before it — every port of its class or a higher
    // one; its column — whom it goes before — only the lower classes), and (HEADS_KNOWN) competes again only with another request behind its head. A port
    // wins if no competing port goes before it; the take only selects between the two at the end. (Issue
    // 17: with a round-robin pointer per class the order after a take ran through the presented class's
    // compare and the pointer's order, 7 LUT levels into the choice, the deepest logic at 4 ports.)
    logic [N-1:0]        v_t, win_n, win_t;
    logic [N-1:0][N-1:0] prec_t;
    always_comb begin
        for (int i = 0; i < N; i++)
            // HEADS_KNOWN: the head taken now competes again only if another is behind it
            v_t[i] = in_valid[i] && !(HEADS_KNOWN && gsel_q[i] && !in_more[i]);
        for (int i = 0; i < N; i++)
            for (int j = 0; j < N; j++)
                prec_t[i][j] = (i != j) && (gsel_q[i] ? !gt_q[j][i] : gsel_q[j] ? gt_q[i][j] : prec_q[i][j]);
        for (int i = 0; i < N; i++) begin
            win_n[i] = in_valid[i] && ((in_valid & prec_q[i]) == '0);
            win_t[i] = v_t[i] && ((v_t & prec_t[i]) == '0);
        end
    end
    function automatic logic [IW-1:0] encode(input logic [N-1:0] onehot);
        logic [IW-1:0] k;
        k = '0;
        for (int i = 0; i < N; i++) if (onehot[i]) k |= IW'(i);
        return k;
    endfunction

    // the order after this cycle and the matrix it gives, prepared from flip-flops (the classes from their
    // local copy); the late take selects the moved order
    wire [HN-1:0]    lo_next = take ? moved(lo_q, gsel_q) : lo_q;
    wire             hold  = mux_valid && !mux_ready;  // presented, not taken: keep it
    wire [N-1:0]     win   = take ? win_t : win_n;
    // the choice is of the top class when a top-class port competes (the top class wins over every other)
    wire             top_n = (in_valid & top_q) != '0, top_t = (v_t & top_q) != '0;
    wire             top_c = take ? top_t : top_n;
    // a choice is found whenever a port competes (the order is total, so one of them is first), and it is
    // presented (HEADS_KNOWN) with `allow` and, unless of the top class, `room` — for each outcome of the
    // take, which selects at the end (one LUT before gvalid_q)
    wire             ok_n = (in_valid != '0) && (!HEADS_KNOWN || (allow_next[0] && (room_next[0] || top_n)));
    wire             ok_t = (v_t != '0) && (!HEADS_KNOWN || (allow_next[1] && (room_next[1] || top_t)));
    always_ff @(posedge clk) begin
        if (!rst_n) begin
            gvalid_q <= 1'b0; presented_q <= 1'b0; gidx_q <= '0; gsel_q <= '0; gtop_q <= 1'b0; lo_q <= LO_RESET;
            prec_r <= pack(precedence('0, LO_RESET));
        end else begin
            presented_q <= hold;
            if (!hold) begin
                gvalid_q <= cls_ok_q && (take ? ok_t : ok_n);
                gsel_q <= win; gidx_q <= encode(win); gtop_q <= top_c;
            end
            lo_q     <= lo_next;
            prec_r   <= pack(precedence(cls_in_q, lo_next));
        end
    end
    // the arbiter's own copies of the classes ((* keep *): axi_exbar's AR and AW muxes sample the same
    // in_prio, and synthesis merged their copies into one, placed between the two arbiters — issue 17: the
    // AW mux's class copy -> the AR mux's choice was the critical path at one seed at 4 ports, 124.0 MHz)
    (* keep *) always_ff @(posedge clk) begin
        if (!rst_n) begin
            cls_in_q <= '0; cls_in_ok_q <= 1'b0; cls_ok_q <= 1'b0; gt_q <= '0; top_q <= '0;
        end else begin
            cls_in_q <= in_prio;
            cls_in_ok_q <= 1'b1;
            cls_ok_q <= cls_in_ok_q;
            for (int i = 0; i < N; i++) begin
                top_q[i] <= &cls_in_q[i];
                for (int j = 0; j < N; j++)
                    gt_q[i][j] <= cls_in_q[j] > cls_in_q[i];
            end
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
    // present when the choice was made (HEADS_KNOWN: a head being taken without another behind it is not
    // present for the next choice); the output keeps VALID and payload until taken. The classes are the
    // arbitration's (cls_f: in_prio two cycles behind, as the matrix uses them), equal to in_prio once a
    // choice can be made (asserted).
    logic f_past, f_live;
    hc_formal_reset u_f_reset (.clk, .rst_n, .f_past, .f_live);
    logic [N-1:0][PRIO_W-1:0] cls_f;
    always_ff @(posedge clk) cls_f <= rst_n ? cls_in_q : '0;
    function automatic logic [PRIO_W-1:0] f_cls(input int i);
        return cls_f[i];
    endfunction
    // f_again[i][j]: j was granted while i waited (in its class) since i's request was last granted
    logic [N-1:0][N-1:0] f_again;
    always_ff @(posedge clk) begin
        for (int i = 0; i < N; i++)
            for (int j = 0; j < N; j++)
                if (!rst_n || in_ready[i] || !in_valid[i]) f_again[i][j] <= 1'b0;
                else if (in_ready[j] && i != j)            f_again[i][j] <= 1'b1;
    end
    wire [N-1:0] f_comp = take ? v_t : in_valid;        // the ports competing in this cycle's choice
    always_ff @(posedge clk) if (f_live) begin
        for (int i = 0; i < N; i++) begin
            if ($past(in_valid[i] && !in_ready[i])) assume (in_valid[i] && $stable(in_payload[i*PW +: PW]));
            if (HEADS_KNOWN && $past(in_ready[i] && in_more[i])) assume (in_valid[i]);
            assume ($stable(in_prio));
        end
        if ($past(out_valid && !out_ready)) assert (out_valid && $stable({out_payload, out_port}));
        // a port granted now was of the highest class competing when the choice was made (last cycle),
        // unless the choice had been presented before
        for (int i = 0; i < N; i++)
            for (int k = 0; k < N; k++)
                if (in_ready[i] && !$past(hold) && $past(f_comp[k])) assert (f_cls(k) <= f_cls(i));
    end
    always_comb if (rst_n && f_past) begin
        for (int i = 0; i < N; i++)
            for (int j = 0; j < N; j++)
                if (i != j && f_cls(i) == f_cls(j)) begin
                    // the property: j is not granted a second time while i waits
                    if (f_again[i][j] && in_valid[i]) assert (!in_ready[j]);
                    // invariants (for the induction): since j's grant i goes before j, and j is not chosen
                    if (f_again[i][j] && in_valid[i]) assert (goes_first(lo_q, i, j) && !(gvalid_q && gsel_q[j]));
                end
        for (int i = 0; i < N; i++) begin
            if (in_ready[i]) assert (in_valid[i] && gsel_q[i]);
            if (f_comp[i] && cls_ok_q) assert (win != '0);
            for (int k = 0; k < N; k++)
                if (win[i] && f_comp[k]) assert (f_cls(k) <= f_cls(i));
        end
        assert ($onehot0(win) && !(win & ~f_comp));
        if (gvalid_q) assert (int'(gidx_q) < N && cls_ok_q && gsel_q == (N'(1) << gidx_q));
        // the top-class flags agree with the classes: the choice's (gtop_q) and each port's
        if (gvalid_q) assert (gtop_q == (&f_cls(int'(gidx_q))));
        for (int i = 0; i < N; i++) if (cls_ok_q) assert (top_q[i] == (&cls_f[i]));
        // the registered arbitration state agrees with what it is derived from
        if (cls_in_ok_q) assert (cls_in_q == in_prio);
        if (cls_ok_q) assert (cls_f == in_prio && cls_in_ok_q);
        assert (prec_q == precedence(cls_f, lo_q));
        for (int a = 0; a < N; a++)                     // the order is one: transitive
            for (int b = 0; b < N; b++)
                for (int c = 0; c < N; c++)
                    if (a != b && b != c && a != c && goes_first(lo_q, a, b) && goes_first(lo_q, b, c))
                        assert (goes_first(lo_q, a, c));
        for (int i = 0; i < N; i++)
            for (int j = 0; j < N; j++)
                assert (gt_q[i][j] == (cls_f[j] > cls_f[i]));
        if (presented_q) assert (gvalid_q && in_valid[gidx_q]);
        // HEADS_KNOWN: the presented VALID is the choice alone, and the chosen head is there
        if (HEADS_KNOWN && gvalid_q) assert (in_valid[gidx_q]);
        if (HEADS_KNOWN) for (int i = 0; i < N; i++) assume (!in_more[i] || in_valid[i]);
    end
`endif
endmodule
