// SPDX-License-Identifier: Apache-2.0
// axi_burst_equalizer — splits AXI bursts to a nominal length so round-robin arbitration is fair per beat.
//
// Paper 000 (Restuccia et al., "Is Your Bus Arbiter Really Fair?"), rules R1-R6: a request longer than
// the nominal length beta is issued as ceil(len/beta) sub-bursts in order (R2, R3); their read data is
// merged back into one burst with RLAST only on the original's last beat (R4); write data is split with
// WLAST inserted at each sub-burst end and the sub-responses are merged into one B carrying the worst
// BRESP (R5); at most L sub-transactions are outstanding per direction (R6).
//
// Latency (cycles, input VALID -> output VALID, idle):  AR 1 | AW 1 | W 0 | R 0 | B 0 (STAGE_INPUT: AR/AW 2)
//   W is 0 once the write's AW has entered the equalizer (W beats of a burst whose AW has not arrived
//   yet are held, WREADY low); R and B are combinational pass-through with RLAST/BVALID rewritten from
//   bookkeeping prepared when the sub-burst was issued ("one cycle in advance").
// Throughput: one sub-burst per cycle on AR/AW; one beat per cycle on R and W.
//
// Parameters: ADDR_WIDTH (13..64), DATA_WIDTH (8..1024, power of two), ID_WIDTH (>= 1),
//             TRACK_DEPTH (1..256, sub-transactions tracked per direction; caps the outstanding limits),
//             REGISTER_READY (default 1: AR/AW outputs are skid buffers, so m_axi_arready/awready do not
//             reach the split logic or s_axi_arready/awready combinationally; 0 saves ~140 LUT/120 FF),
//             STAGE_INPUT (default 0; 1: a request enters the splitter's "cur" register unchanged and is
//             split from there — AR/AW latency 2, the split arithmetic starting from flops, s_axi_arready/
//             awready from flops, one idle address cycle after each request that is split — none with NOM_IN),
//             OUT_DEPTH (default 0; 3..64: the AR/AW outputs are hc_efifo buffers of that many sub-bursts,
//             with m_axi_armore/awmore, see hc_burst_splitter; 0: register slices, *more 0),
//             LEGAL_IN (default 0; 1: every request keeps the AXI burst rules, as behind hc_guard — the
//             splitters then skip the 4 KB page arithmetic, see hc_burst_splitter),
//             READY_AHEAD (default 0; with STAGE_INPUT and OUT_DEPTH: s_axi_arready/awready each a flip-flop
//             prepared a cycle ahead from the outstanding room without a completion and rd_/wr_issue_allow_next,
//             see hc_burst_splitter)
//             NOM_IN (default 0; with STAGE_INPUT, LEGAL_IN and READY_AHEAD): each request brings its
//             nominal length and whether it fits in one or two sub-bursts (s_axi_arnom/arfits, s_axi_awnom/awfits,
//             prepared where it was buffered: hc_supervisor), and cfg_nominal_len is unused — READY's
//             flop then needs no length compare (see hc_burst_splitter)
//             B_READY_HELD (default 0; 1: s_axi_bready does not wait for s_axi_bvalid — a buffer's room,
//             as hc_supervisor's response buffer gives it): m_axi_bready is s_axi_bready alone, so an
//             absorbed sub-response waits for that room as the final one does, and the B handshake
//             starts at the user's flop (with 0 an absorbed one is taken at once: a master may hold
//             BREADY low until it sees BVALID, and would wait forever for a final B behind it)
// Runtime:    rd_issue_allow / wr_issue_allow  gate the issue of sub-bursts (the supervisor's reservation
//             budgets; ar_/aw_want and ar_/aw_issue tell it what waits and what was issued); tie high.
//             rd_/wr_issue_allow_next (READY_AHEAD): a promise that the gate is high next cycle (tie high
//             with the gate; the equalizer adds its outstanding room, from flops, and promises nothing the
//             cycle after a limit is lowered)
//             cfg_nominal_len  beta, 1..256 beats (0 is taken as 1, above 256 as 256)
//             cfg_max_rd_outstanding, cfg_max_wr_outstanding  L per direction, >= 1 (0 is taken as 1,
//             above TRACK_DEPTH as TRACK_DEPTH; paper 000 uses one L for both: tie them together)
//             All are registered (a change applies from the next cycle; an outstanding limit from the
//             third, clamped, then kept as thresholds, the room for another sub-burst being registered
//             too) and may change at any time:
//             each sub-burst is cut with the values in force when it is issued (STAGE_INPUT: the nominal
//             length in force when its request entered the splitter; NOM_IN: the request's own), so a
//             change never corrupts a transaction in flight.
// IDs:        every sub-burst leaves on ID 0 (m_axi_arid/awid are 0), so the slave answers them in issue
//             order, and the bookkeeping of each issued sub-burst holds the master's ID, which R and B get
//             back. A master that uses several IDs (caches, multi-channel DMAs) keeps up to L
//             sub-transactions in flight whatever its IDs, and sees its responses in request order (AXI
//             allows that: order is only required within an ID). (The first version drained every
//             sub-burst of one ID before issuing another ID: one transaction in flight for a master that
//             rotates IDs; issue 15.) An exclusive-access monitor behind the equalizer sees one ID per
//             equalizer.
// Choices:    WRAP and exclusive (AxLOCK) bursts pass unsplit. INCR sub-bursts never cross a 4 KB
//             boundary, even when an (illegal) original does (LEGAL_IN 0).
// Assumes:    AxSIZE <= log2(DATA_WIDTH/8); the slave's B comes after the last W beat's handshake, not
//             in its cycle (AXI; with the response in that very cycle and every sub-burst slot in use,
//             the W tracker would take a sub-burst while full); the master's WLAST is not used (the equalizer counts beats
//             from AWLEN); the slave answers every sub-burst with exactly AxLEN+1 R beats / one B, and
//             answers one ID in order (AXI); m_axi_rid/bid are not used.
module axi_burst_equalizer #(
    parameter int ADDR_WIDTH  = 32,
    parameter int DATA_WIDTH  = 64,
    parameter int ID_WIDTH    = 4,
    parameter int TRACK_DEPTH = 16,
    parameter bit REGISTER_READY = 1'b1,
    parameter bit STAGE_INPUT    = 1'b0,
    parameter bit LEGAL_IN       = 1'b0,
    parameter int OUT_DEPTH      = 0,
    parameter bit READY_AHEAD    = 1'b0,
    parameter bit NOM_IN         = 1'b0,
    parameter bit B_READY_HELD   = 1'b0
) (
    input  logic                    aclk,
    input  logic                    aresetn,
    input  logic [8:0]              cfg_nominal_len,
    input  logic [8:0]              cfg_max_rd_outstanding,
    input  logic [8:0]              cfg_max_wr_outstanding,
    // issue gate (hc_supervisor: the reservation budgets; tie high when unused)
    input  logic                    rd_issue_allow,
    input  logic                    wr_issue_allow,
    input  logic                    rd_issue_allow_next,   // READY_AHEAD: the gate next cycle at least
    input  logic                    wr_issue_allow_next,   //   (as promised; unused otherwise)
    output logic                    ar_want,       // a read sub-burst is ready to issue, but for the gate
    output logic                    aw_want,
    output logic                    ar_issue,      // a read sub-burst is issued (enters the AR output)
    output logic                    aw_issue,
    // NOM_IN: each request's nominal length (AxLEN form) and its fit: [0] AxLEN <= it, [1] AxLEN <= 2 *
    // it + 1 (at most two sub-bursts) (unused otherwise)
    input  logic [7:0]              s_axi_arnom,
    input  logic [1:0]              s_axi_arfits,
    input  logic [7:0]              s_axi_awnom,
    input  logic [1:0]              s_axi_awfits,
    // slave port (from the accelerator)
    input  logic [ID_WIDTH-1:0]     s_axi_awid,
    input  logic [ADDR_WIDTH-1:0]   s_axi_awaddr,
    input  logic [7:0]              s_axi_awlen,
    input  logic [2:0]              s_axi_awsize,
    input  logic [1:0]              s_axi_awburst,
    input  logic                    s_axi_awlock,
    input  logic [3:0]              s_axi_awcache,
    input  logic [2:0]              s_axi_awprot,
    input  logic [3:0]              s_axi_awqos,
    input  logic                    s_axi_awvalid,
    output logic                    s_axi_awready,
    input  logic [DATA_WIDTH-1:0]   s_axi_wdata,
    input  logic [DATA_WIDTH/8-1:0] s_axi_wstrb,
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
    input  logic                    s_axi_arlock,
    input  logic [3:0]              s_axi_arcache,
    input  logic [2:0]              s_axi_arprot,
    input  logic [3:0]              s_axi_arqos,
    input  logic                    s_axi_arvalid,
    output logic                    s_axi_arready,
    output logic [ID_WIDTH-1:0]     s_axi_rid,
    output logic [DATA_WIDTH-1:0]   s_axi_rdata,
    output logic [1:0]              s_axi_rresp,
    output logic                    s_axi_rlast,
    output logic                    s_axi_rvalid,
    input  logic                    s_axi_rready,
    // master port (to the interconnect)
    output logic [ID_WIDTH-1:0]     m_axi_awid,
    output logic [ADDR_WIDTH-1:0]   m_axi_awaddr,
    output logic [7:0]              m_axi_awlen,
    output logic [2:0]              m_axi_awsize,
    output logic [1:0]              m_axi_awburst,
    output logic                    m_axi_awlock,
    output logic [3:0]              m_axi_awcache,
    output logic [2:0]              m_axi_awprot,
    output logic [3:0]              m_axi_awqos,
    output logic                    m_axi_awvalid,
    output logic                    m_axi_awmore,       // OUT_DEPTH: another AW sub-burst waits behind (0 otherwise)
    input  logic                    m_axi_awready,
    output logic [DATA_WIDTH-1:0]   m_axi_wdata,
    output logic [DATA_WIDTH/8-1:0] m_axi_wstrb,
    output logic                    m_axi_wlast,
    output logic                    m_axi_wvalid,
    input  logic                    m_axi_wready,
    input  logic [ID_WIDTH-1:0]     m_axi_bid,
    input  logic [1:0]              m_axi_bresp,
    input  logic                    m_axi_bvalid,
    output logic                    m_axi_bready,
    output logic [ID_WIDTH-1:0]     m_axi_arid,
    output logic [ADDR_WIDTH-1:0]   m_axi_araddr,
    output logic [7:0]              m_axi_arlen,
    output logic [2:0]              m_axi_arsize,
    output logic [1:0]              m_axi_arburst,
    output logic                    m_axi_arlock,
    output logic [3:0]              m_axi_arcache,
    output logic [2:0]              m_axi_arprot,
    output logic [3:0]              m_axi_arqos,
    output logic                    m_axi_arvalid,
    output logic                    m_axi_armore,       // OUT_DEPTH: another AR sub-burst waits behind (0 otherwise)
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
            $fatal(1, "axi_burst_equalizer: ADDR_WIDTH must be 13..64 (got %0d)", ADDR_WIDTH);
        if (DATA_WIDTH < 8 || DATA_WIDTH > 1024 || (DATA_WIDTH & (DATA_WIDTH - 1)) != 0)
            $fatal(1, "axi_burst_equalizer: DATA_WIDTH must be a power of two in 8..1024 (got %0d)", DATA_WIDTH);
        if (ID_WIDTH < 1 || ID_WIDTH > 32)
            $fatal(1, "axi_burst_equalizer: ID_WIDTH must be 1..32 (got %0d)", ID_WIDTH);
        if (TRACK_DEPTH < 1 || TRACK_DEPTH > 256)
            $fatal(1, "axi_burst_equalizer: TRACK_DEPTH must be 1..256 (got %0d)", TRACK_DEPTH);
    end

    localparam int CW = $clog2(TRACK_DEPTH + 1);

    // ---- runtime configuration, clamped to its legal range and registered (applies from the next
    //      cycle; each sub-burst is cut with the values of the cycle it is issued in)
    logic [7:0] nominal_len;   // AxLEN form: beats - 1
    // the outstanding limits, clamped and registered (lim_rd/lim_wr), then kept as the thresholds their
    // room compares need, thr[d + 1] = limit - d for d = -1..2 (0 below 0: no count is below it), in
    // CW + 1 bits (the limit is at most TRACK_DEPTH). (Issue 17: the compares were 10 bits wide, from the
    // count through an adder into a carry chain, critical at one seed at 4 ports, 103.8 MHz; the register
    // block's field -> clamp -> thresholds in one cycle then was, at two seeds, 99.4 and 104.6 MHz.)
    typedef logic [3:0][CW:0] thr_t;
    logic [CW:0] lim_rd, lim_wr;
    thr_t rd_thr, wr_thr;
    wire  [CW:0] max_rd = rd_thr[1], max_wr = wr_thr[1];

    function automatic logic [CW:0] clamp_limit(input logic [8:0] l);
        return (l == 9'd0) ? (CW+1)'(1) : (l > 9'(TRACK_DEPTH)) ? (CW+1)'(TRACK_DEPTH) : (CW+1)'(l);
    endfunction
    function automatic thr_t thresholds(input logic [CW:0] l);   // l >= 1
        return {(l >= (CW+1)'(2)) ? l - (CW+1)'(2) : (CW+1)'(0), l - (CW+1)'(1), l, l + (CW+1)'(1)};
    endfunction
    always_ff @(posedge aclk) begin
        if (!aresetn) begin
            nominal_len <= 8'd15;
            {lim_rd, lim_wr} <= {(CW+1)'(1), (CW+1)'(1)};
            rd_thr      <= thresholds((CW+1)'(1));
            wr_thr      <= thresholds((CW+1)'(1));
        end else begin
            nominal_len <= hc_axi_pkg::nominal_axlen(cfg_nominal_len);
            lim_rd      <= clamp_limit(cfg_max_rd_outstanding);
            lim_wr      <= clamp_limit(cfg_max_wr_outstanding);
            rd_thr      <= thresholds(lim_rd);
            wr_thr      <= thresholds(lim_wr);
        end
    end

    // ================================ read direction =============================================
    logic          rt_push, rt_last_in, rt_head_last, rt_empty, rt_full;
    logic [ID_WIDTH-1:0] rt_id_in, rt_head_id;
    logic [7:0]    rt_len_unused;
    logic          rt_single_unused;
    logic [CW-1:0] rt_count;
    wire           r_fire_last = m_axi_rvalid && m_axi_rready && m_axi_rlast;
    // a completion of a tracked sub-burst: a slave's RLAST with nothing tracked changes neither the tracker
    // nor the room (the tracker is CHECKED, below: a room flag that counted such a pop would let a push
    // into the full tracker)
    wire           r_done = r_fire_last && !rt_empty;

    // room for another sub-burst, registered: prepared from the count it will have and the limit of this
    // cycle (its thresholds), so the issue enable starts at flops. The limit
    // is at most TRACK_DEPTH, so room also means the tracking FIFO is not full.
    // (the four outcomes of this cycle's issue and completion are compared in parallel from flops; the
    // late signals — the issue enable, the memory side's READY — only select one)
    // room_cases(n, thr, extra)[{push, pop}]: n + push - pop + extra < limit, as n < thr[push - pop + extra + 1]
    function automatic logic [3:0] room_cases(input logic [CW-1:0] n, input thr_t thr, input bit extra);
        for (int k = 0; k < 4; k++) room_cases[k] = (CW+1)'(n) < thr[(k >> 1) - (k & 1) + int'(extra) + 1];
    endfunction
    // READY_AHEAD: the room of the next cycle, promised to the splitter a cycle ahead (allow_next), from
    // flops too: rd_room (count < limit) without an issue now, rd_room1 (count + 1 < limit) with one — both
    // compared with the limit of the cycle before, so they stand for this cycle's limit unless it has just
    // been lowered (rd_lim_dec: then nothing is promised for one cycle). (Issue 17: the count -> adder/
    // compare -> allow_next -> READY's flop path, 106.1 MHz at 4 ports.)
    logic rd_room, rd_room1, rd_lim_dec, wr_lim_dec;
    wire [3:0] rd_room_case  = room_cases(rt_count, rd_thr, 1'b0);
    wire [3:0] rd_room1_case = room_cases(rt_count, rd_thr, 1'b1);
    always_ff @(posedge aclk) begin
        if (!aresetn) {rd_room, rd_room1} <= 2'b10;   // (the limit is 1 after reset)
        else          {rd_room, rd_room1} <= {rd_room_case[{rt_push, r_done}],
                                              rd_room1_case[{rt_push, r_done}]};
    end
    always_ff @(posedge aclk) begin
        if (!aresetn) {rd_lim_dec, wr_lim_dec} <= 2'b00;
        else          {rd_lim_dec, wr_lim_dec} <= {lim_rd < max_rd, lim_wr < max_wr};
    end
    logic ar_split_want;
    hc_burst_splitter #(.ADDR_WIDTH(ADDR_WIDTH), .ID_WIDTH(ID_WIDTH), .REGISTER_READY(REGISTER_READY),
                        .STAGE_INPUT(STAGE_INPUT), .LEGAL_IN(LEGAL_IN), .OUT_DEPTH(OUT_DEPTH),
                        .READY_AHEAD(READY_AHEAD), .NOM_IN(NOM_IN)) u_ar_split (
        .clk(aclk), .rst_n(aresetn), .cfg_len(nominal_len),
        .allow(rd_room && rd_issue_allow), .want(ar_split_want),
        // (the room next cycle without a completion: [1] with an issue now)
        .allow_next({rd_room1, rd_room} & {2{rd_issue_allow_next && !rd_lim_dec}}),
        .in_id(s_axi_arid), .in_addr(s_axi_araddr), .in_len(s_axi_arlen), .in_size(s_axi_arsize),
        .in_burst(s_axi_arburst), .in_lock(s_axi_arlock), .in_cache(s_axi_arcache),
        .in_prot(s_axi_arprot), .in_qos(s_axi_arqos), .in_nom(s_axi_arnom), .in_fits(s_axi_arfits),
        .in_valid(s_axi_arvalid), .in_ready(s_axi_arready),
        .out_addr(m_axi_araddr), .out_len(m_axi_arlen), .out_size(m_axi_arsize),
        .out_burst(m_axi_arburst), .out_lock(m_axi_arlock), .out_cache(m_axi_arcache),
        .out_prot(m_axi_arprot), .out_qos(m_axi_arqos), .out_valid(m_axi_arvalid), .out_ready(m_axi_arready),
        .out_more(m_axi_armore),
        .track_push(rt_push), .track_last(rt_last_in), .track_len(rt_len_unused), .track_single(rt_single_unused),
        .track_id(rt_id_in)
    );
    assign m_axi_arid = '0;
    assign ar_want    = ar_split_want && rd_room;
    assign ar_issue   = rt_push;

    // One entry per issued read sub-burst: the master's ID, and does it end the original burst? (The
    // head in a register, HEAD_REG, as in the B tracker below: RLAST starts at flip-flops.) A sub-burst is
    // pushed only with room (below the limit, so never while full) and a completion pops only a tracked
    // one (a slave's RLAST with nothing tracked is ignored), so the tracker is CHECKED: its LUT-RAM's
    // write enable is its `full` flop alone, not the memory side's late RLAST handshake (issue 17: the
    // crossbar's R register -> the guard -> RLAST -> the tracker's pop -> write enable was the critical
    // path at one seed at 4 ports, 104.0 MHz; the B tracker likewise).
    hc_fifo #(.WIDTH(ID_WIDTH + 1), .DEPTH(TRACK_DEPTH), .CHECKED(1'b1), .HEAD_REG(1'b1)) u_r_track (
        .clk(aclk), .rst_n(aresetn), .push(rt_push), .push_data({rt_id_in, rt_last_in}), .pop(r_done),
        .head({rt_head_id, rt_head_last}), .empty(rt_empty), .full(rt_full), .count(rt_count)
    );

    // R merge (R4): data passes straight through with the master's ID; RLAST survives only on the
    // original's last beat. Error responses pass per beat, unchanged.
    assign s_axi_rid    = rt_head_id;
    assign s_axi_rdata  = m_axi_rdata;
    assign s_axi_rresp  = m_axi_rresp;
    assign s_axi_rlast  = m_axi_rlast && (rt_empty || rt_head_last);
    assign s_axi_rvalid = m_axi_rvalid;
    assign m_axi_rready = s_axi_rready;

    // ================================ write direction ============================================
    logic          aw_push, aw_last_in;
    logic [7:0]    aw_len_in;
    logic          aw_single_in;
    logic [ID_WIDTH-1:0] aw_id_in, bt_head_id;
    logic          bt_head_last, bt_empty, bt_full;
    logic [CW-1:0] bt_count;
    wire           b_fire = m_axi_bvalid && m_axi_bready;
    wire           b_done = b_fire && !bt_empty;     // (as r_done: a B with nothing tracked is ignored)
    logic          wt_full;

    // registered as rd_room; the W tracker never holds more entries than the B tracker (an entry leaves
    // it the cycle after WLAST, BEAT_REG, and the B tracker's at the sub-burst's B, which AXI allows from
    // that cycle on), so bt_count below the limit means neither is full
    logic wr_room, wr_room1;
    wire [3:0] wr_room_case  = room_cases(bt_count, wr_thr, 1'b0);
    wire [3:0] wr_room1_case = room_cases(bt_count, wr_thr, 1'b1);
    always_ff @(posedge aclk) begin
        if (!aresetn) {wr_room, wr_room1} <= 2'b10;
        else          {wr_room, wr_room1} <= {wr_room_case[{aw_push, b_done}], wr_room1_case[{aw_push, b_done}]};
    end
    logic aw_split_want;
    hc_burst_splitter #(.ADDR_WIDTH(ADDR_WIDTH), .ID_WIDTH(ID_WIDTH), .REGISTER_READY(REGISTER_READY),
                        .STAGE_INPUT(STAGE_INPUT), .LEGAL_IN(LEGAL_IN), .OUT_DEPTH(OUT_DEPTH),
                        .READY_AHEAD(READY_AHEAD), .NOM_IN(NOM_IN)) u_aw_split (
        .clk(aclk), .rst_n(aresetn), .cfg_len(nominal_len),
        .allow(wr_room && wr_issue_allow), .want(aw_split_want),
        .allow_next({wr_room1, wr_room} & {2{wr_issue_allow_next && !wr_lim_dec}}),
        .in_id(s_axi_awid), .in_addr(s_axi_awaddr), .in_len(s_axi_awlen), .in_size(s_axi_awsize),
        .in_burst(s_axi_awburst), .in_lock(s_axi_awlock), .in_cache(s_axi_awcache),
        .in_prot(s_axi_awprot), .in_qos(s_axi_awqos), .in_nom(s_axi_awnom), .in_fits(s_axi_awfits),
        .in_valid(s_axi_awvalid), .in_ready(s_axi_awready),
        .out_addr(m_axi_awaddr), .out_len(m_axi_awlen), .out_size(m_axi_awsize),
        .out_burst(m_axi_awburst), .out_lock(m_axi_awlock), .out_cache(m_axi_awcache),
        .out_prot(m_axi_awprot), .out_qos(m_axi_awqos), .out_valid(m_axi_awvalid), .out_ready(m_axi_awready),
        .out_more(m_axi_awmore),
        .track_push(aw_push), .track_last(aw_last_in), .track_len(aw_len_in), .track_single(aw_single_in),
        .track_id(aw_id_in)
    );
    assign m_axi_awid = '0;
    assign aw_want    = aw_split_want && wr_room;
    assign aw_issue   = aw_push;

    // W split (R5): one entry per issued write sub-burst holding its length; WLAST is inserted on the
    // beat that completes it (hc_w_tracker: the current sub-burst's position and WLAST in flops; BEAT_REG:
    // the handshake, which m_axi_wready makes late and which is formed where the write data goes, ends at
    // the tracker's beat flop, and WVALID/WLAST are one LUT after flops).
    wire w_fire = m_axi_wvalid && m_axi_wready;
    logic wt_valid;
    hc_w_tracker #(.DEPTH(TRACK_DEPTH < 2 ? 2 : TRACK_DEPTH), .BEAT_REG(1'b1)) u_w_track (
        .clk(aclk), .rst_n(aresetn), .push(aw_push), .push_len(aw_len_in), .push_single(aw_single_in), .full(wt_full),
        .beat(w_fire), .valid(wt_valid), .last(m_axi_wlast)
    );

    assign m_axi_wdata  = s_axi_wdata;
    assign m_axi_wstrb  = s_axi_wstrb;
    assign m_axi_wvalid = s_axi_wvalid && wt_valid;
    assign s_axi_wready = m_axi_wready && wt_valid;

    // B merge (R5): sub-responses of non-final sub-bursts are absorbed (their worst BRESP kept); the
    // final one goes to the master carrying the worst BRESP of all (DECERR > SLVERR > EXOKAY > OKAY).
    logic [1:0] b_worst;
    wire        b_absorb = !bt_empty && !bt_head_last;
    wire  [1:0] b_merged = (m_axi_bresp > b_worst) ? m_axi_bresp : b_worst;

    hc_fifo #(.WIDTH(ID_WIDTH + 1), .DEPTH(TRACK_DEPTH), .CHECKED(1'b1), .HEAD_REG(1'b1)) u_b_track (
        .clk(aclk), .rst_n(aresetn), .push(aw_push), .push_data({aw_id_in, aw_last_in}), .pop(b_done),
        .head({bt_head_id, bt_head_last}), .empty(bt_empty), .full(bt_full), .count(bt_count)
    );

    assign s_axi_bid    = bt_head_id;
    assign s_axi_bresp  = b_merged;
    assign s_axi_bvalid = m_axi_bvalid && !b_absorb;
    // (B_READY_HELD: without the tracker's head in front — issue 17: the head's "last" flag -> BREADY ->
    // the crossbar's B skid buffer and the B tracker's pop were 5 LUT levels at 4 ports)
    assign m_axi_bready = (b_absorb && !B_READY_HELD) ? 1'b1 : s_axi_bready;

    always_ff @(posedge aclk) begin
        if (!aresetn)     b_worst <= 2'b00;
        else if (b_fire)  b_worst <= b_absorb ? b_merged : 2'b00;
    end

    // The master's WLAST is redundant with AWLEN; it is deliberately not used. The slave's RID/BID are
    // always 0 (one ID downstream).
    /* verilator lint_off UNUSEDSIGNAL */
    wire unused_ok = &{1'b0, s_axi_wlast, rt_len_unused, rt_single_unused, m_axi_rid, m_axi_bid, rt_full, bt_full, wt_full};
    /* verilator lint_on UNUSEDSIGNAL */

`ifdef FORMAL
    // Properties (tests/formal/axi_burst_equalizer.sby, bounded): the accelerator keeps the AXI handshake
    // rules and the memory answers each issued sub-burst in order with exactly AxLEN+1 R beats (RLAST on
    // the last) or one B after its data (assumed, through the shadow queues below). Then the equalizer
    // keeps the rules on both sides (VALID held until READY, payload stable), issues write data only for
    // issued sub-bursts with WLAST exactly on each sub-burst's last beat, answers the accelerator only
    // for requests it accepted — every R beat belongs to an accepted read, RLAST exactly on the
    // original burst's last beat, at most one B per accepted write — and never issues more than the
    // outstanding limit. Configuration may change every cycle. Bounded check (bursts <= 8 beats, nominal
    // <= 4); hc_burst_splitter's arithmetic is exercised on every burst type and size.
    localparam int FQ = 8;                           // shadow queue depth (environment kept below it)
    logic f_past, f_live;
    hc_formal_reset u_f_reset (.clk(aclk), .rst_n(aresetn), .f_past, .f_live);

    // shadow queues (hc_formal_bursts): original reads accepted (ARLEN), read sub-bursts issued (ARLEN,
    // ID), write sub-bursts cut whose data is incomplete (W may precede AW, as AXI allows), and those whose
    // AW has not been accepted yet; counts of write sub-bursts owed a B
    wire s_ar = s_axi_arvalid && s_axi_arready, s_r = s_axi_rvalid && s_axi_rready;
    wire m_ar = m_axi_arvalid && m_axi_arready, m_r = m_axi_rvalid && m_axi_rready;
    wire m_aw = m_axi_awvalid && m_axi_awready, m_w = m_axi_wvalid && m_axi_wready;
    wire m_b  = m_axi_bvalid && m_axi_bready, s_aw = s_axi_awvalid && s_axi_awready;
    wire s_b  = s_axi_bvalid && s_axi_bready;
    logic [3:0] f_sr_n, f_mr_n, f_mw_n, f_ma_n, f_sb_n;
    logic [7:0] f_mw_len_unused, f_ma_len, f_sb_len_unused;
    logic [ID_WIDTH+7:0] f_mr_head, f_sr_head;
    logic [ID_WIDTH-1:0] f_sb_id;
    logic f_sr_last, f_mr_last, f_mw_last, f_ma_last_unused, f_sb_last_unused;
    hc_formal_bursts #(.FQ(FQ), .W(ID_WIDTH + 8)) u_f_sr (
        .aclk, .aresetn, .push(s_ar), .push_data({s_axi_arid, s_axi_arlen}), .beat(s_r), .pop(s_r && f_sr_last),
        .n(f_sr_n), .head(f_sr_head), .at_last(f_sr_last));
    // writes accepted from the accelerator, in order, owed a B (their ID; the length is not used)
    hc_formal_bursts #(.FQ(FQ), .W(ID_WIDTH + 8)) u_f_sb (
        .aclk, .aresetn, .push(s_aw), .push_data({s_axi_awid, 8'd0}), .beat(s_b), .pop(s_b),
        .n(f_sb_n), .head({f_sb_id, f_sb_len_unused}), .at_last(f_sb_last_unused));
    hc_formal_bursts #(.FQ(FQ), .W(ID_WIDTH + 8)) u_f_mr (
        .aclk, .aresetn, .push(m_ar), .push_data({m_axi_arid, m_axi_arlen}), .beat(m_r), .pop(m_r && m_axi_rlast),
        .n(f_mr_n), .head(f_mr_head), .at_last(f_mr_last));
    hc_formal_bursts #(.FQ(FQ)) u_f_mw (
        .aclk, .aresetn, .push(aw_push), .push_data(aw_len_in), .beat(m_w), .pop(m_w && f_mw_last),
        .n(f_mw_n), .head(f_mw_len_unused), .at_last(f_mw_last));
    hc_formal_bursts #(.FQ(FQ)) u_f_ma (
        .aclk, .aresetn, .push(aw_push), .push_data(aw_len_in), .beat(m_aw), .pop(m_aw),
        .n(f_ma_n), .head(f_ma_len), .at_last(f_ma_last_unused));
    logic [4:0] f_mb_owed;                           // write sub-bursts whose data is complete, no B yet
    logic [4:0] f_mb_aw;                             // write sub-bursts whose AW was accepted, no B yet
    always_ff @(posedge aclk) begin
        if (!aresetn) begin
            f_mb_owed <= '0; f_mb_aw <= '0;
        end else begin
            f_mb_aw    <= f_mb_aw + 5'(m_aw) - 5'(m_b);
            f_mb_owed  <= f_mb_owed + 5'(m_w && m_axi_wlast) - 5'(m_b);
        end
    end

    always_ff @(posedge aclk) if (f_live) begin
        // environment: the accelerator and the memory keep VALID and payload until READY
        if ($past(s_axi_arvalid && !s_axi_arready))
            assume (s_axi_arvalid && $stable({s_axi_arid, s_axi_araddr, s_axi_arlen, s_axi_arsize, s_axi_arburst}));
        if ($past(s_axi_awvalid && !s_axi_awready))
            assume (s_axi_awvalid && $stable({s_axi_awid, s_axi_awaddr, s_axi_awlen, s_axi_awsize, s_axi_awburst}));
        if ($past(s_axi_wvalid && !s_axi_wready)) assume (s_axi_wvalid);
        if ($past(m_axi_rvalid && !m_axi_rready)) assume (m_axi_rvalid && $stable({m_axi_rid, m_axi_rlast, m_axi_rresp}));
        if ($past(m_axi_bvalid && !m_axi_bready)) assume (m_axi_bvalid && $stable({m_axi_bid, m_axi_bresp}));
        // READY_AHEAD: the issue gates keep their promise (the splitters assert their own part)
        if ($past(rd_issue_allow_next)) assume (rd_issue_allow);
        if ($past(wr_issue_allow_next)) assume (wr_issue_allow);
        // the equalizer keeps them on both sides
        if ($past(m_axi_arvalid && !m_axi_arready))
            assert (m_axi_arvalid && $stable({m_axi_arid, m_axi_araddr, m_axi_arlen, m_axi_arsize, m_axi_arburst}));
        if ($past(m_axi_awvalid && !m_axi_awready))
            assert (m_axi_awvalid && $stable({m_axi_awid, m_axi_awaddr, m_axi_awlen, m_axi_awsize, m_axi_awburst}));
        if ($past(m_axi_wvalid && !m_axi_wready)) assert (m_axi_wvalid && $stable(m_axi_wlast));
        if ($past(s_axi_rvalid && !s_axi_rready)) assert (s_axi_rvalid && $stable({s_axi_rid, s_axi_rlast}));
        if ($past(s_axi_bvalid && !s_axi_bready)) assert (s_axi_bvalid && $stable({s_axi_bid, s_axi_bresp}));
        // at most the outstanding limit in force in flight: a sub-burst issued only below the limit the
        // room flags compared with (the one of the cycle before)
        if (rt_push) assert ((CW+1)'(rt_count) < $past(max_rd));
        if (aw_push) assert ((CW+1)'(bt_count) < $past(max_wr));
    end
    always_comb if (aresetn && f_past) begin
        // environment: shadow queues stay within their depth; the memory answers issued sub-bursts in
        // order, RLAST on beat ARLEN + 1, the sub-burst's ID, and a B only after a sub-burst's data
        assume (f_sr_n < 4'(FQ - 1) && f_mr_n < 4'(FQ - 1) && f_mw_n < 4'(FQ - 1) && f_ma_n < 4'(FQ - 1)
                && f_sb_n < 4'(FQ - 1));
        // bounded search: bursts of up to 8 beats, nominal lengths 1..4 (0 is taken as 1), so a burst is
        // cut into up to 8 sub-bursts within the depth; the arithmetic does not depend on the sizes
        assume (s_axi_arlen < 8'd8 && s_axi_awlen < 8'd8 && cfg_nominal_len <= 9'd4);
`ifdef FORMAL_READS
        assume (!s_axi_awvalid && !s_axi_wvalid);    // one direction per task: the two share no state
`endif
`ifdef FORMAL_WRITES
        assume (!s_axi_arvalid);
`endif
        if (m_axi_rvalid) assume (f_mr_n != '0 && m_axi_rlast == f_mr_last && m_axi_rid == f_mr_head[ID_WIDTH+7:8]);
        if (m_axi_bvalid) assume (f_mb_owed != '0 && f_mb_aw != '0);
        // the accelerator side is answered correctly, in request order (so in order per ID) and with the
        // request's own ID, whatever IDs it used
        if (s_axi_rvalid) assert (f_sr_n != '0 && s_axi_rlast == f_sr_last && s_axi_rid == f_sr_head[ID_WIDTH+7:8]);
        if (s_axi_bvalid) assert (f_sb_n != '0 && s_axi_bid == f_sb_id);
        // every sub-burst leaves on one ID
        if (m_axi_arvalid) assert (m_axi_arid == '0);
        if (m_axi_awvalid) assert (m_axi_awid == '0);
        // write data only for sub-bursts cut, WLAST on each one's last beat, and the AWs issued in the
        // same order with the same lengths
        if (m_axi_wvalid) assert (f_mw_n != '0 && m_axi_wlast == f_mw_last);
        if (m_axi_awvalid) assert (f_ma_n != '0 && m_axi_awlen == f_ma_len);
        // at most the outstanding limit in flight per direction
        assert (9'(rt_count) <= 9'(TRACK_DEPTH) && 9'(bt_count) <= 9'(TRACK_DEPTH));
    end
`endif
endmodule
