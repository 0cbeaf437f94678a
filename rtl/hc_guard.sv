// SPDX-License-Identifier: Apache-2.0
// hc_guard — address window and protocol check of one axi_hyperconnect port (issue 5). A request that
// breaks an AXI burst rule, or whose bytes are not all inside the port's window, is never forwarded; the
// guard answers it itself (a read: AxLEN+1 R beats with RDATA 0 and RLAST on the last; a write: its W
// beats are accepted and dropped, then one B) and pulses a fault output:
//   protocol (SLVERR, fault_proto_rd/wr, checked always): AxBURST = 3 (reserved); AxSIZE wider than the
//     data bus; FIXED longer than 16 beats; WRAP not 2/4/8/16 beats or its address not aligned to AxSIZE;
//     INCR crossing a 4 KB boundary;
//   window (DECERR, fault_win_rd/wr, when cfg_win_en): the request's 4 KB page outside
//     [cfg_win_base, cfg_win_base + cfg_win_size). The window is page-granular (bits 11:0 of base and
//     size are ignored): every legal burst lies within one 4 KB page, so checking its page checks every
//     byte, with two page-number comparisons and no address arithmetic on the request path. A size of 0
//     rejects everything. Both at once: SLVERR, both faults flagged.
//
// Ordering: responses of one ID must return in order (AXI), so a rejected request is answered only after
// every request of its direction forwarded before it has completed; meanwhile no new request of that
// direction is accepted. A write's data is forwarded only once its AW has been forwarded (the guard
// holds W until it knows where the beats go; AXI lets a slave wait for AW before accepting W), so data of
// a rejected write never reaches memory, even when the accelerator sends W before AW.
// Every cycle's request is checked as it is then (a master that changes a waiting request's address, which
// AXI forbids, cannot slip a checked request past the guard); the window copy the check uses is frozen
// while a forwarded request waits for READY, so a software change of the window cannot withdraw it
// (AXI: VALID may not fall before its handshake).
// Timing: s_axi_arready/awready do not depend on the verdict: a rejected request is taken when the
// equalizer is ready, as a forwarded one would be (PRECHECK 0: the verdict is address arithmetic on the
// request path; PRECHECK 1: the verdict is the request buffer's stored bit, a 2:1 mux of flops, and the
// buffer's pop and head load need not wait for it — issue 17: the verdict's mux -> READY -> the pop -> the
// buffer's state was 5 LUT levels; with PRECHECK 1 the equalizer's READY is a flop, READY_AHEAD, so taking
// a rejected request with it adds no logic in front of rd_local/b_local, which it once did: 7 LUT levels,
// before the equalizer's READY came from a flop). A rejected request may therefore wait while the
// equalizer holds a request of its own (for budget or room) — a delay of the port's own traffic, never a
// deadlock: the equalizer's progress does not depend on the guard's answer. The window bounds are
// registered from the configuration (a change applies from the next cycle); "answering a rejected request now"
// (rd_local, b_local) is a flip-flop, so the R/B choice starts at one flop; the flop's input takes the
// outstanding count's zero flag as registered, so when a rejected request waits for forwarded ones, its
// answer starts one cycle after the last of them completes (none later otherwise). RREADY/BREADY toward
// the equalizer are the accelerator side's own: no R/B can come from the interconnect while the guard
// answers locally.
// Latency (cycles, input VALID -> output VALID): AR 0 | AW 0 | W 0 | R 0 | B 0 (combinational check and
// gates). A W beat passes from the cycle after its AW was forwarded (W_LATE: the second cycle after);
// the equalizer behind takes it no earlier anyway (it issues the sub-burst one cycle after accepting the
// AW; STAGE_INPUT: two), so no beat is delayed.
// Parameters: ADDR_WIDTH (13..64), DATA_WIDTH, ID_WIDTH, COUNT_WIDTH (bursts in flight per direction,
//   default 9), PRECHECK (0: the guard checks each request itself, the window and check inputs s_axi_*check
//   unused; 1: it takes the verdict {pass, legal, in window} from s_axi_archeck/awcheck (pass = legal and in
//   window, stored as its own bit so VALID's gate reads one bit), computed by the request
//   buffer in front when it took the request — hc_supervisor's default, which keeps the check arithmetic
//   off the path from the buffer to the splitter; cfg_win_* are then unused here), W_LATE (0: a forwarded
//   AW opens the W gate from the next cycle; 1: from the cycle after, counted from its registered
//   handshake — for an equalizer with STAGE_INPUT behind, hc_supervisor's default; issue 17: the AW
//   handshake, late by the equalizer's READY and the request buffer's stored verdict, ran on into the
//   count of writes owed data and the W gate's flop, 40 columns from the splitter and back).
// Formal: the properties at the end (`ifdef FORMAL`) are proven by tests/formal/hc_guard.sby (bounded to
//   24 cycles and by k-induction).
// Runtime: cfg_win_en, cfg_win_base, cfg_win_size (bytes, up to 2**ADDR_WIDTH; multiples of 4 KB).
module hc_guard #(
    parameter int ADDR_WIDTH  = 32,
    parameter int DATA_WIDTH  = 64,
    parameter int ID_WIDTH    = 4,
    parameter int COUNT_WIDTH = 9,
    parameter bit PRECHECK    = 1'b0,
    parameter bit W_LATE      = 1'b0
) (
    input  logic                    aclk,
    input  logic                    aresetn,
    input  logic                    cfg_win_en,
    input  logic [ADDR_WIDTH-1:12]  cfg_win_base,        // bytes; the window is page-granular
    input  logic [ADDR_WIDTH:12]    cfg_win_size,
    output logic                    fault_win_rd,        // one-cycle pulse: a read outside the window
    output logic                    fault_win_wr,        // ... a write outside the window
    output logic                    fault_proto_rd,      // ... a read breaking a burst rule
    output logic                    fault_proto_wr,      // ... a write breaking a burst rule
    // slave side (accelerator)
    input  logic [ID_WIDTH-1:0]     s_axi_awid,
    input  logic [ADDR_WIDTH-1:0]   s_axi_awaddr,
    input  logic [7:0]              s_axi_awlen,
    input  logic [2:0]              s_axi_awsize,
    input  logic [1:0]              s_axi_awburst,
    input  logic [2:0]              s_axi_awcheck,       // PRECHECK: {pass, legal, in window} of this request
    input  logic                    s_axi_awvalid,
    output logic                    s_axi_awready,
    input  logic                    s_axi_wlast,
    input  logic                    s_axi_wvalid,
    output logic                    s_axi_wready,
    output logic [ID_WIDTH-1:0]     s_axi_bid,
    output logic [1:0]              s_axi_bresp,
    output logic                    s_axi_bvalid,
    input  logic                    s_axi_bready,
    input  logic [ID_WIDTH-1:0]     s_axi_arid,
    input  logic [ADDR_WIDTH-1:0]   s_axi_araddr,
    input  logic [7:0]              s_axi_arlen,
    input  logic [2:0]              s_axi_arsize,
    input  logic [1:0]              s_axi_arburst,
    input  logic [2:0]              s_axi_archeck,       // PRECHECK: {pass, legal, in window} of this request
    input  logic                    s_axi_arvalid,
    output logic                    s_axi_arready,
    output logic [ID_WIDTH-1:0]     s_axi_rid,
    output logic [DATA_WIDTH-1:0]   s_axi_rdata,
    output logic [1:0]              s_axi_rresp,
    output logic                    s_axi_rlast,
    output logic                    s_axi_rvalid,
    input  logic                    s_axi_rready,
    // master side: the address and data payloads pass unchanged (the instantiating module connects
    // them straight through), so only handshakes and responses are here
    output logic                    m_axi_awvalid,
    input  logic                    m_axi_awready,
    output logic                    m_axi_wvalid,
    input  logic                    m_axi_wready,
    input  logic [ID_WIDTH-1:0]     m_axi_bid,
    input  logic [1:0]              m_axi_bresp,
    input  logic                    m_axi_bvalid,
    output logic                    m_axi_bready,
    output logic                    m_axi_arvalid,
    input  logic                    m_axi_arready,
    input  logic [ID_WIDTH-1:0]     m_axi_rid,
    input  logic [DATA_WIDTH-1:0]   m_axi_rdata,
    input  logic [1:0]              m_axi_rresp,
    input  logic                    m_axi_rlast,
    input  logic                    m_axi_rvalid,
    output logic                    m_axi_rready
);
    initial begin
        if (ADDR_WIDTH < 13 || ADDR_WIDTH > 64)
            $fatal(1, "hc_guard: ADDR_WIDTH must be 13..64 (got %0d)", ADDR_WIDTH);
        if (DATA_WIDTH < 8 || DATA_WIDTH > 1024 || (DATA_WIDTH & (DATA_WIDTH - 1)) != 0)
            $fatal(1, "hc_guard: DATA_WIDTH must be a power of two, 8..1024 (got %0d)", DATA_WIDTH);
        if (COUNT_WIDTH < 2 || COUNT_WIDTH > 16)
            $fatal(1, "hc_guard: COUNT_WIDTH must be 2..16 (got %0d)", COUNT_WIDTH);
    end

    localparam logic [1:0] SLVERR   = 2'b10;
    localparam logic [1:0] DECERR   = 2'b11;
    localparam int         PW       = ADDR_WIDTH - 12;                 // page number bits
    localparam int         MAX_SIZE = $clog2(DATA_WIDTH / 8);

    function automatic logic legal(input logic [11:0] addr, input logic [7:0] len, input logic [2:0] size,
                                   input logic [1:0] burst);
        return hc_axi_pkg::burst_legal(addr, len, size, burst, MAX_SIZE);
    endfunction

    // the window in pages, registered from the configuration; held while a forwarded request waits
    logic          win_en_q;
    logic [PW-1:0] win_lo_q;
    logic [PW:0]   win_hi_q;                                           // exclusive
    always_ff @(posedge aclk) begin
        if (!aresetn) begin
            win_en_q <= 1'b0; win_lo_q <= '0; win_hi_q <= '0;
        end else if (!(m_axi_arvalid && !m_axi_arready) && !(m_axi_awvalid && !m_axi_awready)) begin
            win_en_q <= cfg_win_en;
            win_lo_q <= cfg_win_base;
            win_hi_q <= (PW+1)'(cfg_win_base) + cfg_win_size;
        end
    end
    function automatic logic in_window(input logic [PW-1:0] page);
        return hc_axi_pkg::page_in_window(53'(page), win_en_q, 53'(win_lo_q), 53'(win_hi_q));
    endfunction

    // the verdict: computed here, or (PRECHECK) taken from the request buffer in front, which computed it
    // when it took the request
    wire ar_legal = PRECHECK ? s_axi_archeck[1] : legal(s_axi_araddr[11:0], s_axi_arlen, s_axi_arsize, s_axi_arburst);
    wire aw_legal = PRECHECK ? s_axi_awcheck[1] : legal(s_axi_awaddr[11:0], s_axi_awlen, s_axi_awsize, s_axi_awburst);
    wire ar_win   = PRECHECK ? s_axi_archeck[0] : in_window(s_axi_araddr[ADDR_WIDTH-1:12]);
    wire aw_win   = PRECHECK ? s_axi_awcheck[0] : in_window(s_axi_awaddr[ADDR_WIDTH-1:12]);

    // ---- reads
    logic [COUNT_WIDTH-1:0] rd_out;                  // forwarded ARs without their RLAST
    logic                   rd_err;                  // a rejected read is pending or being answered
    logic [ID_WIDTH-1:0]    rd_err_id;
    logic [1:0]             rd_err_resp;
    logic [8:0]             rd_err_left;             // error beats still to send
    logic                   rd_err_one;              // rd_err_left == 1, in a flop (the last error beat:
                                                     // RLAST and the end of the answer from a flop;
                                                     // issue 17: rd_err -> rd_local, 5 LUT levels with
                                                     // the compare, critical at one seed at 4 ports)
    logic                   rd_zero;                 // rd_out == 0, in a flop
    logic                   rd_local;                // answering it now, a flop (the R choice starts at
                                                     // one flop): rd_err, with rd_zero as it was
                                                     // last cycle — the last forwarded read's completion
                                                     // reaches it a cycle later, so its input waits for
                                                     // no R or AR handshake

    wire                    ar_pass = PRECHECK ? s_axi_archeck[2] : ar_legal && ar_win;

    // a request, rejected or not, is taken when the equalizer is ready: READY needs no verdict
    assign m_axi_arvalid = s_axi_arvalid && ar_pass && !rd_err;
    assign s_axi_arready = !rd_err && m_axi_arready;
    assign s_axi_rvalid  = rd_local ? 1'b1 : m_axi_rvalid;
    // (no gate by rd_local: while the guard answers a read itself, every read it forwarded has completed
    // and it forwards none, so no R comes from the interconnect — asserted below. RREADY towards the
    // interconnect is the accelerator side's own; issue 17: rd_local -> RREADY -> the crossbar's R skid
    // buffer was the critical path at one seed at 4 ports, 107.7 MHz, 7.2 ns of routing)
    assign m_axi_rready  = s_axi_rready;
    assign s_axi_rid     = rd_local ? rd_err_id : m_axi_rid;
    assign s_axi_rdata   = rd_local ? '0 : m_axi_rdata;
    assign s_axi_rresp   = rd_local ? rd_err_resp : m_axi_rresp;
    assign s_axi_rlast   = rd_local ? rd_err_one : m_axi_rlast;

    wire ar_fwd  = m_axi_arvalid && m_axi_arready;
    wire ar_rej  = s_axi_arvalid && !ar_pass && s_axi_arready;
    wire r_done  = m_axi_rvalid && m_axi_rready && m_axi_rlast;
    wire r_local = rd_local && s_axi_rready;
    assign fault_win_rd   = ar_rej && !ar_win;
    assign fault_proto_rd = ar_rej && !ar_legal;

    // The forwarded-read count takes the AR handshake a cycle late, from a flop (issue 17: the equalizer's
    // READY ran into the count's zero flag, the critical path at one seed); its RLAST cannot come before
    // that (a read's data follows its AR by a cycle or more), and a rejected read is not answered while a
    // forwarded one is still on its way into the count (!ar_fwd_q below).
    logic ar_fwd_q;
    wire rd_zero_next = hc_axi_pkg::count_zero_next(16'(rd_out), rd_zero, ar_fwd_q, r_done);
    wire rd_err_next  = ar_rej || (rd_err && !(r_local && rd_err_one));
    always_ff @(posedge aclk) begin
        if (!aresetn) begin
            rd_out <= '0; rd_zero <= 1'b1; rd_err <= 1'b0; rd_local <= 1'b0; ar_fwd_q <= 1'b0;
            rd_err_id <= '0; rd_err_resp <= DECERR; rd_err_left <= '0; rd_err_one <= 1'b0;
        end else begin
            ar_fwd_q <= ar_fwd;
            rd_out   <= COUNT_WIDTH'(hc_axi_pkg::count_step(16'(rd_out), ar_fwd_q, r_done));
            rd_zero  <= rd_zero_next;
            rd_err   <= rd_err_next;
            // (the count's flag as it is: no completion on this input)
            rd_local <= rd_err_next && rd_zero && !ar_fwd_q;
            if (ar_rej) begin
                rd_err_id <= s_axi_arid; rd_err_left <= 9'(s_axi_arlen) + 9'd1; rd_err_one <= s_axi_arlen == 8'd0;
                rd_err_resp <= ar_legal ? DECERR : SLVERR;
            end else if (r_local) begin
                rd_err_left <= rd_err_left - 9'd1; rd_err_one <= rd_err_left == 9'd2;
            end
        end
    end

    // ---- writes
    logic [COUNT_WIDTH-1:0] wr_out;                  // forwarded AWs without their B
    logic                   wr_zero;                 // wr_out == 0, in a flop
    logic                   b_local;                 // the rejected write's B now, a flop (the B choice
                                                     // at one flop): wr_err && !wr_err_data, with wr_zero
                                                     // as it was last cycle (no B handshake on its input)
    logic [COUNT_WIDTH-1:0] w_owed;                  // forwarded AWs whose WLAST has not passed (W_LATE:
                                                     // not counting one forwarded in the last cycle)
    logic                   w_pass;                  // w_owed != 0, in a flop: the next beat belongs to a
                                                     // forwarded AW (the W decision starts at flops)
    logic                   wr_err;                  // a rejected write is pending (data, then B)
    logic                   wr_err_data;             // its data is being dropped
    logic [ID_WIDTH-1:0]    wr_err_id;
    logic [1:0]             wr_err_resp;

    wire  aw_pass  = PRECHECK ? s_axi_awcheck[2] : aw_legal && aw_win;
    wire aw_fwd   = m_axi_awvalid && m_axi_awready;
    wire aw_rej   = s_axi_awvalid && !aw_pass && s_axi_awready;
    wire w_drop   = !w_pass && wr_err_data;          // the next beat belongs to the rejected AW

    assign m_axi_awvalid = s_axi_awvalid && aw_pass && !wr_err;
    assign s_axi_awready = !wr_err && m_axi_awready;
    assign m_axi_wvalid  = s_axi_wvalid && w_pass;
    assign s_axi_wready  = w_pass ? m_axi_wready : w_drop;
    assign s_axi_bvalid  = b_local ? 1'b1 : m_axi_bvalid;
    assign m_axi_bready  = s_axi_bready;           // (no gate by b_local, as RREADY: no B comes meanwhile)
    assign s_axi_bid     = b_local ? wr_err_id : m_axi_bid;
    assign s_axi_bresp   = b_local ? wr_err_resp : m_axi_bresp;
    assign fault_win_wr   = aw_rej && !aw_win;
    assign fault_proto_wr = aw_rej && !aw_legal;

    wire w_last_fwd = m_axi_wvalid && m_axi_wready && s_axi_wlast;
    wire w_last_drop = w_drop && s_axi_wvalid && s_axi_wlast;
    wire b_done = m_axi_bvalid && m_axi_bready;

    // (the forwarded-write count, as the reads': the AW handshake a cycle late; a B cannot come before it)
    logic aw_fwd_q;
    wire  aw_owe = W_LATE ? aw_fwd_q : aw_fwd;       // a forwarded AW counted as owing data
    wire wr_zero_next     = hc_axi_pkg::count_zero_next(16'(wr_out), wr_zero, aw_fwd_q, b_done);
    wire wr_err_next      = aw_rej || (wr_err && !(b_local && s_axi_bready));
    wire wr_err_data_next = aw_rej || (wr_err_data && !w_last_drop);
    always_ff @(posedge aclk) begin
        if (!aresetn) begin
            wr_out <= '0; wr_zero <= 1'b1; w_owed <= '0; w_pass <= 1'b0; wr_err <= 1'b0; wr_err_data <= 1'b0;
            aw_fwd_q <= 1'b0;
            b_local <= 1'b0; wr_err_id <= '0; wr_err_resp <= DECERR;
        end else begin
            aw_fwd_q <= aw_fwd;
            wr_out  <= COUNT_WIDTH'(hc_axi_pkg::count_step(16'(wr_out), aw_fwd_q, b_done));
            wr_zero <= wr_zero_next;
            wr_err      <= wr_err_next;
            wr_err_data <= wr_err_data_next;
            // (a write rejected now has its data to drop first, so wr_err_next's AW term cannot matter here)
            // (no AW is forwarded while wr_err, so none is on its way into the count: asserted below)
            b_local     <= wr_err && !(b_local && s_axi_bready) && !wr_err_data_next && wr_zero;
            w_owed <= COUNT_WIDTH'(hc_axi_pkg::count_step(16'(w_owed), aw_owe, w_last_fwd));
            case ({aw_owe, w_last_fwd})                  // w_owed != 0 after this cycle
                2'b10:   w_pass <= 1'b1;
                2'b01:   w_pass <= w_owed != COUNT_WIDTH'(1);
                default: ;
            endcase
            if (aw_rej) begin
                wr_err_id <= s_axi_awid; wr_err_resp <= aw_legal ? DECERR : SLVERR;
            end
        end
    end

    /* verilator lint_off UNUSEDSIGNAL */
    wire unused_ok = &{1'b0, s_axi_archeck, s_axi_awcheck, s_axi_araddr, s_axi_awaddr};  // per PRECHECK
    /* verilator lint_on UNUSEDSIGNAL */

`ifdef FORMAL
    // Properties (tests/formal/hc_guard.sby): the rest of the interconnect obeys the AXI handshake rules
    // (assumed). If the accelerator does too (f_compliant), so does the guard on both sides, whatever
    // software does to the window registers meanwhile. Whatever the accelerator does, the guard forwards
    // only legal requests inside the window, answers rejected ones with SLVERR / DECERR, never forwards
    // write data of a rejected write, and keeps its counters consistent.
    // reference: every byte of the burst inside [lo, hi) pages, by plain address arithmetic (INCR from the
    // start address to the end of its last beat; FIXED one beat; WRAP the whole wrap container)
    function automatic logic f_in_window(input logic [ADDR_WIDTH-1:0] addr, input logic [7:0] len,
                                         input logic [2:0] size, input logic [1:0] burst);
        localparam int XW = ADDR_WIDTH + 2;
        logic [XW-1:0] beat, span, first, last_excl;
        beat  = XW'(1) << size;
        span  = (burst == 2'b00) ? beat : (XW'(len) + XW'(1)) << size;
        first = XW'(addr);
        if (burst == 2'b10) begin
            first     = first & ~(span - XW'(1));
            last_excl = first + span;
        end else begin
            last_excl = (first & ~(beat - XW'(1))) + span;
        end
        return first >= (XW'(win_lo_q) << 12) && last_excl <= (XW'(win_hi_q) << 12);
    endfunction
    logic f_rd_zero_q, f_wr_zero_q;                  // nothing forwarded outstanding last cycle (counted
    always_ff @(posedge aclk)                        // or on its way into the count)
        if (!aresetn) {f_rd_zero_q, f_wr_zero_q} <= 2'b11;
        else          {f_rd_zero_q, f_wr_zero_q} <= {rd_zero && !ar_fwd_q, wr_zero && !aw_fwd_q};
    // forwarded requests without their response: the count plus the handshake on its way into it
    wire [COUNT_WIDTH:0] f_rd_fwd = (COUNT_WIDTH+1)'(rd_out) + (COUNT_WIDTH+1)'(ar_fwd_q);
    wire [COUNT_WIDTH:0] f_wr_fwd = (COUNT_WIDTH+1)'(wr_out) + (COUNT_WIDTH+1)'(aw_fwd_q);
    // forwarded writes whose data is owed: W_LATE counts the last cycle's forward a cycle later
    wire [COUNT_WIDTH:0] f_w_owed = (COUNT_WIDTH+1)'(w_owed) + (COUNT_WIDTH+1)'(W_LATE && aw_fwd_q);
    logic f_past_unused, f_live;
    hc_formal_reset u_f_reset (.clk(aclk), .rst_n(aresetn), .f_past(f_past_unused), .f_live);
    logic f_compliant;                               // no initial value: the solver picks it, once per run
    always_ff @(posedge aclk) f_compliant <= f_compliant;

    always_ff @(posedge aclk) if (f_live) begin
        // a compliant accelerator's requests and data stay until accepted
        if (f_compliant && $past(s_axi_arvalid && !s_axi_arready))
            assume (s_axi_arvalid && $stable({s_axi_arid, s_axi_araddr, s_axi_arlen, s_axi_arsize, s_axi_arburst}));
        if (f_compliant && $past(s_axi_awvalid && !s_axi_awready))
            assume (s_axi_awvalid && $stable({s_axi_awid, s_axi_awaddr, s_axi_awlen, s_axi_awsize, s_axi_awburst}));
        if (f_compliant && $past(s_axi_wvalid && !s_axi_wready)) assume (s_axi_wvalid && $stable(s_axi_wlast));
        // interconnect side: responses stay until accepted
        if ($past(m_axi_rvalid && !m_axi_rready))
            assume (m_axi_rvalid && $stable({m_axi_rid, m_axi_rresp, m_axi_rlast}));
        if ($past(m_axi_bvalid && !m_axi_bready)) assume (m_axi_bvalid && $stable({m_axi_bid, m_axi_bresp}));

        // the guard obeys the same rules on both sides (towards the interconnect: if the accelerator does)
        if (f_compliant && $past(m_axi_arvalid && !m_axi_arready)) assert (m_axi_arvalid);
        if (f_compliant && $past(m_axi_awvalid && !m_axi_awready)) assert (m_axi_awvalid);
        if (f_compliant && $past(m_axi_wvalid && !m_axi_wready)) assert (m_axi_wvalid);
        if ($past(s_axi_rvalid && !s_axi_rready))
            assert (s_axi_rvalid && $stable({s_axi_rid, s_axi_rresp, s_axi_rlast}));
        if ($past(s_axi_bvalid && !s_axi_bready)) assert (s_axi_bvalid && $stable({s_axi_bid, s_axi_bresp}));
    end
    always_comb if (aresetn) begin
        // PRECHECK: the buffer in front gives the verdict of the request it presents (here: as the guard's
        // own check would, with the guard's window copy)
        if (PRECHECK && s_axi_arvalid)
            assume (s_axi_archeck[1:0] == {legal(s_axi_araddr[11:0], s_axi_arlen, s_axi_arsize, s_axi_arburst),
                                           in_window(s_axi_araddr[ADDR_WIDTH-1:12])}
                    && s_axi_archeck[2] == &s_axi_archeck[1:0]);
        if (PRECHECK && s_axi_awvalid)
            assume (s_axi_awcheck[1:0] == {legal(s_axi_awaddr[11:0], s_axi_awlen, s_axi_awsize, s_axi_awburst),
                                           in_window(s_axi_awaddr[ADDR_WIDTH-1:12])}
                    && s_axi_awcheck[2] == &s_axi_awcheck[1:0]);
        // the interconnect answers only what was forwarded (B after the burst's data)
        if (m_axi_rvalid) assume (f_rd_fwd != '0);
        if (m_axi_bvalid) assume (f_wr_fwd > f_w_owed);
        // counters sized for the interconnect's depth
        assume (!(f_rd_fwd >= (COUNT_WIDTH+1)'({COUNT_WIDTH{1'b1}}) && m_axi_arvalid));
        assume (!(f_wr_fwd >= (COUNT_WIDTH+1)'({COUNT_WIDTH{1'b1}}) && m_axi_awvalid));
        // a request enters the interconnect only if legal and inside the window (the window as registered
        // from the configuration) — in every cycle, whatever the accelerator does
        if (m_axi_arvalid)
            assert (legal(s_axi_araddr[11:0], s_axi_arlen, s_axi_arsize, s_axi_arburst)
                    && (!win_en_q || f_in_window(s_axi_araddr, s_axi_arlen, s_axi_arsize, s_axi_arburst)));
        if (m_axi_awvalid)
            assert (legal(s_axi_awaddr[11:0], s_axi_awlen, s_axi_awsize, s_axi_awburst)
                    && (!win_en_q || f_in_window(s_axi_awaddr, s_axi_awlen, s_axi_awsize, s_axi_awburst)));
        // write data goes downstream only for forwarded writes; a rejected write's data never does
        if (m_axi_wvalid) assert (w_owed != '0 || (m_axi_awvalid && m_axi_awready));
        if (w_drop) assert (!w_pass);
        // local answers are errors, RLAST exactly on the last of AxLEN + 1 beats, after the forwarded ones
        if (rd_local) assert (f_rd_fwd == '0 && rd_err_left != '0 && (s_axi_rresp == DECERR || s_axi_rresp == SLVERR));
        // so the interconnect's R/B never meets a local answer (RREADY/BREADY carry no rd_local/b_local gate)
        if (m_axi_rvalid) assert (!rd_local);
        if (m_axi_bvalid) assert (!b_local);
        if (b_local) assert (f_wr_fwd == '0 && (s_axi_bresp == DECERR || s_axi_bresp == SLVERR));
        // a rejection is reported as exactly the fault(s) it is
        if (fault_win_rd || fault_proto_rd) assert (ar_rej);
        if (ar_rej) assert (fault_win_rd || fault_proto_rd);
        if (fault_win_wr || fault_proto_wr) assert (aw_rej);
        if (aw_rej) assert (fault_win_wr || fault_proto_wr);
        assert (f_w_owed <= f_wr_fwd);
        // invariants (true in every reachable state; they make the induction go through)
        if (rd_err) assert (rd_err_left != '0 && rd_err_left <= 9'd256);
        assert (rd_err_one == (rd_err_left == 9'd1));
        assert (rd_err_resp[1] && wr_err_resp[1]);                  // SLVERR or DECERR
        assert (rd_zero == (rd_out == '0) && wr_zero == (wr_out == '0));
        assert (rd_local == (rd_err && f_rd_zero_q) && b_local == (wr_err && !wr_err_data && f_wr_zero_q));
        if (rd_local) assert (rd_zero);
        if (b_local) assert (wr_zero);
        if (wr_err_data) assert (wr_err);
        if (rd_err) assert (!ar_fwd_q);                 // nothing is forwarded while a rejection is pending
        if (wr_err) assert (!aw_fwd_q);
        assert (w_pass == (w_owed != '0));
    end
`endif
endmodule
