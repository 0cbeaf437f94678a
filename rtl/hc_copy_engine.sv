// SPDX-License-Identifier: Apache-2.0
// hc_copy_engine — copies LEN bytes from SRC to DST through one AXI4 master: bursts of reads into a FIFO,
// the bytes realigned to the destination, bursts of writes out (issue 18: FastLane's copy accelerator,
// paper 002 Sec. 7; the CDMA of paper 004). Registers over AXI4-Lite (rdl/hc_copy_engine.rdl): SRC, DST,
// LEN, BURST, OUTSTANDING, CTRL (start, repeat, irq enable), STATUS (busy, done, error), CYCLES, BYTES,
// COPIES; `irq` while enabled and STATUS.done or STATUS.error is set.
//
//   CTRL.start -> copy registers latched -> AR bursts (INCR, full width, split at BURST beats, 4 KB and
//   the FIFO's depth; issued only with FIFO room reserved for every beat) -> R beats into the read FIFO
//   (RREADY a constant 1) -> realigner (each write beat = two read beats shifted by the offsets'
//   difference) -> W register -> m_axi_w; AW bursts (split likewise) are issued only once every read
//   beat their data needs has arrived, so W never waits on R after an AW (a watchdog behind — axi_hyperconnect
//   TIMEOUT — sees no stalled write); B (BREADY a constant 1) counts the bytes acknowledged.
// Any alignment: the first write beat strobes only the bytes from DST on, the last only up to DST + LEN;
//   reads cover SRC .. SRC + LEN - 1 in whole beats. LEN 0 completes at once with no traffic.
// Errors: an R or B with SLVERR/DECERR sets STATUS.error (the first one's response and direction kept);
//   the copy still runs to its end — every request issued completes — so nothing hangs; the data written
//   from a failed read is what the memory returned (AXI: usually zero).
// Latency (cycles): start -> first AR 6 (latch, the copy's counts in two steps, the split in two, the room);
//   an AW follows the R beats its data needs by 2; a write beat leaves 1 after its read beat arrived (the
//   W register). Throughput: one R and one W beat per cycle; one AR every 4 cycles and one AW every 5 (each
//   burst is prepared in steps from flops after the previous one's issue), so bursts of 5 beats or more
//   keep both data channels busy.
// Parameters: ADDR_WIDTH (13..64), DATA_WIDTH (power of two, 32..1024), ID_WIDTH (1..32, every request
//   uses ID 0), FIFO_DEPTH (read beats buffered, 4..1024; a burst is at most FIFO_DEPTH / 2 beats),
//   MAX_OUTSTANDING (transactions in flight per direction, 1..255).
// Runtime: registers as above; OUTSTANDING fields clamped to 1..MAX_OUTSTANDING, BURST to 1..min(256,
//   FIFO_DEPTH / 2); a start while busy is ignored; registers written during a copy apply to the next.
// Assumes: the slave answers every request (AXI); reads and writes of a copy whose ranges overlap see
//   each other's order only as far as the write follows its own read data (a forward-overlapping copy
//   may read bytes it already wrote).
module hc_copy_engine #(
    parameter int ADDR_WIDTH      = 32,
    parameter int DATA_WIDTH      = 64,
    parameter int ID_WIDTH        = 4,
    parameter int FIFO_DEPTH      = 64,
    parameter int MAX_OUTSTANDING = 8,
    localparam int NB = DATA_WIDTH / 8,
    localparam int SB = $clog2(NB)
) (
    input  logic                    aclk,
    input  logic                    aresetn,
    // AXI4-Lite control
    input  logic [5:0]              s_axil_awaddr,
    input  logic [2:0]              s_axil_awprot,
    input  logic                    s_axil_awvalid,
    output logic                    s_axil_awready,
    input  logic [31:0]             s_axil_wdata,
    input  logic [3:0]              s_axil_wstrb,
    input  logic                    s_axil_wvalid,
    output logic                    s_axil_wready,
    output logic [1:0]              s_axil_bresp,
    output logic                    s_axil_bvalid,
    input  logic                    s_axil_bready,
    input  logic [5:0]              s_axil_araddr,
    input  logic [2:0]              s_axil_arprot,
    input  logic                    s_axil_arvalid,
    output logic                    s_axil_arready,
    output logic [31:0]             s_axil_rdata,
    output logic [1:0]              s_axil_rresp,
    output logic                    s_axil_rvalid,
    input  logic                    s_axil_rready,
    // AXI4 master
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
    input  logic                    m_axi_arready,
    input  logic [ID_WIDTH-1:0]     m_axi_rid,
    input  logic [DATA_WIDTH-1:0]   m_axi_rdata,
    input  logic [1:0]              m_axi_rresp,
    input  logic                    m_axi_rlast,
    input  logic                    m_axi_rvalid,
    output logic                    m_axi_rready,
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
    input  logic                    m_axi_awready,
    output logic [DATA_WIDTH-1:0]   m_axi_wdata,
    output logic [NB-1:0]           m_axi_wstrb,
    output logic                    m_axi_wlast,
    output logic                    m_axi_wvalid,
    input  logic                    m_axi_wready,
    input  logic [ID_WIDTH-1:0]     m_axi_bid,
    input  logic [1:0]              m_axi_bresp,
    input  logic                    m_axi_bvalid,
    output logic                    m_axi_bready,
    output logic                    irq
);
    initial begin
        if (ADDR_WIDTH < 13 || ADDR_WIDTH > 64)
            $fatal(1, "hc_copy_engine: ADDR_WIDTH must be 13..64 (got %0d)", ADDR_WIDTH);
        if (DATA_WIDTH < 32 || DATA_WIDTH > 1024 || (DATA_WIDTH & (DATA_WIDTH - 1)) != 0)
            $fatal(1, "hc_copy_engine: DATA_WIDTH must be a power of two, 32..1024 (got %0d)", DATA_WIDTH);
        if (ID_WIDTH < 1 || ID_WIDTH > 32) $fatal(1, "hc_copy_engine: ID_WIDTH must be 1..32 (got %0d)", ID_WIDTH);
        if (FIFO_DEPTH < 4 || FIFO_DEPTH > 1024)
            $fatal(1, "hc_copy_engine: FIFO_DEPTH must be 4..1024 (got %0d)", FIFO_DEPTH);
        if (MAX_OUTSTANDING < 1 || MAX_OUTSTANDING > 255)
            $fatal(1, "hc_copy_engine: MAX_OUTSTANDING must be 1..255 (got %0d)", MAX_OUTSTANDING);
    end
    localparam int MAXB = (FIFO_DEPTH / 2 < 256) ? FIFO_DEPTH / 2 : 256;   // longest burst, beats
    localparam int CRW  = $clog2(FIFO_DEPTH + 1);                         // FIFO credit counter
    localparam int PAGE_BEATS = 4096 / NB;

    // ---------------------------------------------------------------- registers
    hc_copy_engine_regs_pkg::hc_copy_engine__in_t  r_in;
    hc_copy_engine_regs_pkg::hc_copy_engine__out_t r_out;
    hc_copy_engine_regs u_regs (
        .clk(aclk), .rst_n(aresetn),
        .s_axil_awready, .s_axil_awvalid, .s_axil_awaddr, .s_axil_awprot, .s_axil_wready, .s_axil_wvalid,
        .s_axil_wdata, .s_axil_wstrb, .s_axil_bready, .s_axil_bvalid, .s_axil_bresp, .s_axil_arready,
        .s_axil_arvalid, .s_axil_araddr, .s_axil_arprot, .s_axil_rready, .s_axil_rvalid, .s_axil_rdata,
        .s_axil_rresp, .hwif_in(r_in), .hwif_out(r_out)
    );

    // ---------------------------------------------------------------- the copy's settings, latched
    typedef enum logic [1:0] {IDLE, LOAD, LOAD2, RUN} state_t;   // (LOAD, LOAD2: the copy's counts, a step each)
    state_t state;
    logic [ADDR_WIDTH-1:0] src_q, dst_q;
    logic [31:0]           len_q;
    logic [8:0]            burst_q;                  // 1..MAXB
    logic [7:0]            out_rd_q, out_wr_q;       // 1..MAX_OUTSTANDING
    logic [SB-1:0]         e_q;                      // (SRC - DST) mod NB: the realigner's shift in bytes
    logic                  neg_q;                    // SRC's offset below DST's: write beat j needs read beats j-1, j
    logic [32:0]           r_total, w_total;         // read / write beats of the copy
    logic [NB-1:0]         strb_first, strb_last;
    function automatic logic [7:0] clamp_out(input logic [7:0] v);
        return (v == 8'd0) ? 8'd1 : (32'(v) > MAX_OUTSTANDING) ? 8'(MAX_OUTSTANDING) : v;
    endfunction
    wire [63:0] src_reg = {r_out.SRC_HI.value.value, r_out.SRC_LO.value.value};
    wire [63:0] dst_reg = {r_out.DST_HI.value.value, r_out.DST_LO.value.value};
    wire [8:0]  burst_reg = r_out.BURST.beats.value;
    logic       done_all, start_now;
    wire        start_req = r_out.CTRL.start.value;

    // ---------------------------------------------------------------- read side
    logic [ADDR_WIDTH-1:0] ar_addr_q;                // next read burst's address (beat-aligned)
    logic [32:0]           r_left;                   // read beats not yet requested
    logic [32:0]           r_rcv;                    // read beats received
    logic [7:0]            rd_out;                   // read bursts in flight
    logic [CRW-1:0]        credits;                  // FIFO entries neither held nor reserved
    logic [8:0]            ar_k;                     // the next read burst's beats (prepared)
    logic                  ar_issue, fifo_pop;
    // a burst's beats: at most `burst`, the beats `left`, the beats to its 4 KB page's end — in two steps
    // from flops (issue 18: as one, the address -> the page's remainder -> three compares -> k was the
    // critical path, 94.4 MHz): first the page's remainder and `left` as "512 or more" or its low bits,
    // then the minimum of three 9..13-bit values
    typedef struct packed {
        logic [12:0] to_page;                        // beats to the page's end
        logic        big;                            // left >= 512
        logic [8:0]  lo;                             // left mod 512
    } split_t;
    function automatic split_t split_prep(input logic [11-SB:0] in_page, input logic [32:0] left);
        return '{to_page: 13'(PAGE_BEATS) - 13'(in_page), big: left[32:9] != '0, lo: left[8:0]};
    endfunction
    function automatic logic [8:0] split_k(input split_t p, input logic [8:0] burst);
        logic [12:0] k;
        k = 13'(burst);
        if (p.to_page < k) k = p.to_page;
        if (!p.big && 13'(p.lo) < k) k = 13'(p.lo);
        return 9'(k);
    endfunction
    // the burst takes every beat left
    function automatic logic split_last(input split_t p, input logic [8:0] burst);
        return !p.big && 13'(p.lo) <= 13'(burst) && 13'(p.lo) <= p.to_page;
    endfunction

    // ---------------------------------------------------------------- read FIFO
    // (its head a register, OUT_REG: the LUT-RAM or block RAM read is not in front of the realigner's
    // shifter — issue 18: a block RAM's output -> the shifter -> the W register was the critical path,
    // 80.9 MHz)
    logic                  fifo_valid, fifo_room, fifo_more_unused;
    logic [1:0]            fifo_room_next_unused;
    logic [DATA_WIDTH-1:0] fifo_head;
    wire                   fifo_empty = !fifo_valid;
    wire                   r_fire = m_axi_rvalid;    // (RREADY is 1: every beat has a reserved entry)
    hc_efifo #(.WIDTH(DATA_WIDTH), .DEPTH(FIFO_DEPTH), .OUT_REG(1'b1)) u_fifo (
        .clk(aclk), .rst_n(aresetn), .in_data(m_axi_rdata), .in_valid(r_fire), .in_ready(fifo_room),
        .out_data(fifo_head), .out_valid(fifo_valid), .out_ready(fifo_pop), .out_more(fifo_more_unused),
        .room_next(fifo_room_next_unused)
    );
    assign m_axi_rready = 1'b1;

    // ---------------------------------------------------------------- write side
    logic [ADDR_WIDTH-1:0] aw_addr_q;
    logic [32:0]           w_left;                   // write beats not yet in an AW
    logic [32:0]           w_issued;                 // write beats in AWs so far (the next AW's first beat)
    logic [7:0]            wr_out;                   // write bursts in flight (AW issued, B not yet)
    logic [8:0]            aw_k;                     // the next write burst's beats (prepared)
    logic [32:0]           aw_thr;                   // (see the AW below)
    logic [16:0]           aw_bytes;                 // its bytes inside DST .. DST + LEN - 1
    logic [2:0]            aw_age;                   // cycles since the AW state last changed (4: prepared)
    logic                  aw_issue;
    // bursts issued, oldest first: their beat counts for WLAST, their bytes for BYTES at B
    logic                  wl_empty, wl_full_unused, bb_empty, bb_full_unused;
    logic [8:0]            wl_head;
    logic [16:0]           bb_head;
    logic                  wl_pop;
    logic [$clog2(MAX_OUTSTANDING + 1)-1:0] wl_count_unused, bb_count_unused;
    wire                   b_fire = m_axi_bvalid;    // (BREADY is 1)
    hc_fifo #(.WIDTH(9), .DEPTH(MAX_OUTSTANDING)) u_wlen (
        .clk(aclk), .rst_n(aresetn), .push(aw_issue), .push_data(aw_k), .pop(wl_pop), .head(wl_head),
        .empty(wl_empty), .full(wl_full_unused), .count(wl_count_unused)
    );
    hc_fifo #(.WIDTH(17), .DEPTH(MAX_OUTSTANDING)) u_bbytes (
        .clk(aclk), .rst_n(aresetn), .push(aw_issue), .push_data(aw_bytes), .pop(b_fire), .head(bb_head),
        .empty(bb_empty), .full(bb_full_unused), .count(bb_count_unused)
    );

    // the realigner: write beat j = bytes e .. e + NB - 1 of {read beat j + 1 - neg, read beat j - neg}
    logic [DATA_WIDTH-1:0] prev_q;
    logic                  primed;                   // (neg 0) read beat 0 is in prev_q
    logic                  cur_valid;                // a burst's beats are being produced
    logic [8:0]            cur_left;                 // its beats still to produce
    logic                  ws_ready;
    // flags of the next write beat, kept beside the counts (no compare between them and the handshake):
    // it takes a read beat (c_left: read beats still to be taken, but the one primed), it is the first,
    // it is the last
    logic [32:0]           c_left, w_rem;
    logic                  consume, c_one, w_first, w_lastb, w_two;
    wire                   produce = state == RUN && cur_valid && ws_ready && (neg_q || primed)
                                     && !(consume && fifo_empty);
    wire                   prime   = state == RUN && !neg_q && !primed && !fifo_empty;
    wire [2*DATA_WIDTH-1:0] pair   = {consume ? fifo_head : prev_q, prev_q};
    wire [DATA_WIDTH-1:0]  ws_data = DATA_WIDTH'(pair >> {e_q, 3'b000});
    wire [NB-1:0]          ws_strb = (w_first ? strb_first : '1) & (w_lastb ? strb_last : '1);
    wire                   ws_last = cur_left == 9'd1;
    assign fifo_pop = prime || (produce && consume);
    // (the next burst's count is taken as the last beat of the current one leaves: no bubble between them)
    assign wl_pop   = (!cur_valid || (produce && ws_last)) && !wl_empty;
    logic ws_more_unused;
    logic [1:0] ws_room_unused;
    hc_efifo #(.WIDTH(DATA_WIDTH + NB + 1), .DEPTH(2)) u_w (
        .clk(aclk), .rst_n(aresetn), .in_data({ws_data, ws_strb, ws_last}), .in_valid(produce),
        .in_ready(ws_ready), .out_data({m_axi_wdata, m_axi_wstrb, m_axi_wlast}), .out_valid(m_axi_wvalid),
        .out_ready(m_axi_wready), .out_more(ws_more_unused), .room_next(ws_room_unused)
    );

    // ---------------------------------------------------------------- control
    // a start from IDLE, or (CTRL.repeat) the next copy as one completes
    assign start_now = (state == IDLE && start_req) || (done_all && r_out.CTRL.repeat_.value);
    // beats a range of `len` bytes from offset `off` in a beat covers (none for 0 bytes)
    function automatic logic [32:0] beats(input logic [SB-1:0] off, input logic [31:0] len);
        return (len == '0) ? '0 : (33'(off) + 33'(len) + 33'(NB - 1)) >> SB;
    endfunction
    wire [32:0] r_beats = beats(src_q[SB-1:0], len_q), w_beats = beats(dst_q[SB-1:0], len_q);
    wire [SB-1:0] end_off = SB'(dst_q[SB-1:0] + SB'(len_q));
    always_ff @(posedge aclk) begin
        if (!aresetn) begin
            state <= IDLE;
            {src_q, dst_q, len_q, burst_q, out_rd_q, out_wr_q, e_q, neg_q} <= '0;
            {r_total, w_total, strb_first, strb_last} <= '0;
        end else begin
            if (start_now) begin
                state    <= LOAD;
                src_q    <= ADDR_WIDTH'(src_reg);
                dst_q    <= ADDR_WIDTH'(dst_reg);
                len_q    <= r_out.LEN.bytes.value;
                burst_q  <= (burst_reg == 9'd0) ? 9'd1 : (32'(burst_reg) > MAXB) ? 9'(MAXB) : burst_reg;
                out_rd_q <= clamp_out(r_out.OUTSTANDING.reads.value);
                out_wr_q <= clamp_out(r_out.OUTSTANDING.writes.value);
            end else if (state == LOAD) begin    // the copy's beat counts, shift and strobes
                state      <= LOAD2;
                e_q        <= SB'(src_q[SB-1:0] - dst_q[SB-1:0]);
                neg_q      <= src_q[SB-1:0] < dst_q[SB-1:0];
                r_total    <= r_beats;
                w_total    <= w_beats;
                strb_first <= ~NB'((NB'(1) << dst_q[SB-1:0]) - NB'(1));
                strb_last  <= (end_off == '0) ? '1 : NB'((NB'(1) << end_off) - NB'(1));
            end else if (state == LOAD2) begin
                state <= RUN;
            end else if (done_all) begin
                state <= IDLE;
            end
        end
    end

    // every request issued has completed and every beat moved: registered (a cycle later), and taken
    // only while still running, so the cycle the state leaves RUN does not count twice
    logic done_q;
    always_ff @(posedge aclk) begin
        if (!aresetn) done_q <= 1'b0;
        else          done_q <= state == RUN && r_left == '0 && w_left == '0 && rd_out == '0 && wr_out == '0
                                && !cur_valid && wl_empty && !m_axi_wvalid && !m_axi_arvalid && !m_axi_awvalid;
    end
    assign done_all = done_q && state == RUN;

    // ---- AR: the split prepared in two cycles ahead (ar_age 2), the room for it a cycle later (ar_age 3:
    // the FIFO credits and the outstanding count only grow and fall between issues, so a cycle-old "there
    // is room" stays true), issued into the output register: one AR every 4 cycles at most
    logic [1:0] ar_age;
    logic       ar_ok_q;
    split_t     ar_p;
    assign ar_issue = state == RUN && ar_age == 2'd3 && ar_ok_q && (!m_axi_arvalid || m_axi_arready);
    wire   ar_done  = m_axi_rvalid && m_axi_rlast;
    always_ff @(posedge aclk) begin
        if (!aresetn) begin
            ar_addr_q <= '0; r_left <= '0; r_rcv <= '0; rd_out <= '0; credits <= CRW'(FIFO_DEPTH);
            ar_k <= '0; ar_p <= '0; ar_age <= '0; ar_ok_q <= 1'b0;
            m_axi_arvalid <= 1'b0; m_axi_araddr <= '0; m_axi_arlen <= '0;
        end else begin
            if (state == LOAD2) begin
                ar_addr_q <= src_q & ~ADDR_WIDTH'(NB - 1);
                r_left    <= r_total;
                r_rcv     <= '0;
                ar_age    <= '0;
            end else begin
                ar_p    <= split_prep(ar_addr_q[11:SB], r_left);
                ar_k    <= split_k(ar_p, burst_q);
                ar_ok_q <= r_left != '0 && rd_out < out_rd_q && 32'(credits) >= 32'(ar_k);
                ar_age  <= ar_issue ? 2'd0 : (ar_age == 2'd3) ? 2'd3 : ar_age + 2'd1;
                if (r_fire) r_rcv <= r_rcv + 33'd1;
            end
            if (m_axi_arvalid && m_axi_arready) m_axi_arvalid <= 1'b0;
            if (ar_issue) begin
                m_axi_arvalid <= 1'b1;
                m_axi_araddr  <= ar_addr_q;
                m_axi_arlen   <= 8'(ar_k - 9'd1);
                ar_addr_q     <= ar_addr_q + (ADDR_WIDTH'(ar_k) << SB);
                r_left        <= r_left - 33'(ar_k);
            end
            rd_out  <= rd_out + 8'(ar_issue) - 8'(ar_done);
            credits <= credits - (ar_issue ? CRW'(ar_k) : '0) + CRW'(fifo_pop);
        end
    end
    assign m_axi_arid    = '0;
    assign m_axi_arsize  = 3'(SB);
    assign m_axi_arburst = 2'b01;                    // INCR
    assign m_axi_arlock  = 1'b0;
    assign m_axi_arcache = 4'b0011;                  // normal, non-cacheable, bufferable
    assign m_axi_arprot  = 3'b000;
    assign m_axi_arqos   = 4'd0;

    // ---- AW: likewise, and only once the read beats its data needs have arrived. Prepared in four
    // steps from flops, a cycle each (aw_age; one AW every 5 cycles at most): the split's two; the burst's
    // beats k and whether it is the last; then
    // aw_thr, the last read beat index its last write beat takes but for the end of the reads (beats
    // j0 .. j0 + k - 1 with j0 = w_issued take read beats up to j0 + k - neg), and its bytes inside DST ..
    // DST + LEN - 1 (the first burst starts at DST's offset, the last ends at LEN); then "its data has
    // arrived" (every read beat up to aw_thr, or all of them) and the room — each stays true once true
    // until the next issue, as r_rcv only grows and wr_out only falls meanwhile
    logic       aw_last, aw_first, aw_ok_q;
    logic [SB:0] tail_q;                             // bytes of the last write beat after LEN: (NB - end) mod NB
    split_t     aw_p;
    assign aw_issue = state == RUN && aw_age == 3'd4 && aw_ok_q && (!m_axi_awvalid || m_axi_awready);
    always_ff @(posedge aclk) begin
        if (!aresetn) begin
            aw_addr_q <= '0; w_left <= '0; w_issued <= '0; wr_out <= '0; aw_k <= '0; aw_thr <= '0; aw_bytes <= '0;
            aw_last <= 1'b0; aw_first <= 1'b0; aw_ok_q <= 1'b0; aw_age <= '0; tail_q <= '0; aw_p <= '0;
            m_axi_awvalid <= 1'b0; m_axi_awaddr <= '0; m_axi_awlen <= '0;
        end else begin
            if (state == LOAD2) begin
                aw_addr_q <= dst_q & ~ADDR_WIDTH'(NB - 1);
                w_left    <= w_total;
                w_issued  <= '0;
                aw_first  <= 1'b1;
                aw_age    <= '0;
                tail_q    <= (end_off == '0) ? '0 : (SB + 1)'(NB) - (SB + 1)'(end_off);
            end else begin
                aw_p     <= split_prep(aw_addr_q[11:SB], w_left);
                aw_k     <= split_k(aw_p, burst_q);
                aw_last  <= split_last(aw_p, burst_q);
                aw_thr   <= w_issued + 33'(aw_k) - 33'(neg_q);
                aw_bytes <= 17'(17'(aw_k) << SB) - (aw_first ? 17'(dst_q[SB-1:0]) : '0)
                            - (aw_last ? 17'(tail_q) : '0);
                aw_ok_q  <= w_left != '0 && wr_out < out_wr_q && (r_rcv > aw_thr || r_rcv == r_total);
                aw_age   <= aw_issue ? 3'd0 : (aw_age == 3'd4) ? 3'd4 : aw_age + 3'd1;
            end
            if (m_axi_awvalid && m_axi_awready) m_axi_awvalid <= 1'b0;
            if (aw_issue) begin
                m_axi_awvalid <= 1'b1;
                m_axi_awaddr  <= aw_addr_q;
                m_axi_awlen   <= 8'(aw_k - 9'd1);
                aw_addr_q     <= aw_addr_q + (ADDR_WIDTH'(aw_k) << SB);
                w_left        <= w_left - 33'(aw_k);
                w_issued      <= w_issued + 33'(aw_k);
                aw_first      <= 1'b0;
            end
            wr_out <= wr_out + 8'(aw_issue) - 8'(b_fire);
        end
    end
    assign m_axi_awid    = '0;
    assign m_axi_awsize  = 3'(SB);
    assign m_axi_awburst = 2'b01;
    assign m_axi_awlock  = 1'b0;
    assign m_axi_awcache = 4'b0011;
    assign m_axi_awprot  = 3'b000;
    assign m_axi_awqos   = 4'd0;
    assign m_axi_bready  = 1'b1;

    // ---- W: the realigner's beats, burst by burst
    always_ff @(posedge aclk) begin
        if (!aresetn) begin
            prev_q <= '0; primed <= 1'b0; cur_valid <= 1'b0; cur_left <= '0;
            {c_left, w_rem, consume, c_one, w_first, w_lastb, w_two} <= '0;
        end else begin
            if (state == LOAD2) begin
                primed  <= 1'b0;
                prev_q  <= '0;
                // (neg: write beat j takes read beat j; else read beat 0 is primed, write beat j takes j + 1)
                c_left  <= r_total - ((neg_q || r_total == '0) ? 33'd0 : 33'd1);
                consume <= r_total > (neg_q ? 33'd0 : 33'd1);
                c_one   <= r_total == (neg_q ? 33'd1 : 33'd2);
                w_rem   <= w_total;
                w_first <= 1'b1;
                w_lastb <= w_total == 33'd1;
                w_two   <= w_total == 33'd2;
            end
            if (prime) begin
                prev_q <= fifo_head;
                primed <= 1'b1;
            end
            if (produce) begin
                w_rem    <= w_rem - 33'd1;
                w_first  <= 1'b0;
                w_lastb  <= w_two;
                w_two    <= w_rem == 33'd3;
                cur_left <= cur_left - 9'd1;
                if (consume) begin
                    prev_q  <= fifo_head;
                    c_left  <= c_left - 33'd1;
                    consume <= !c_one;
                    c_one   <= c_left == 33'd2;
                end
                if (ws_last) cur_valid <= 1'b0;
            end
            if (wl_pop) begin
                cur_valid <= 1'b1;
                cur_left  <= wl_head;
            end
        end
    end

    // ---------------------------------------------------------------- status, counters, irq
    logic [31:0] cycles_q, bytes_q, copies_q;
    logic        err_write_q;
    logic [1:0]  err_resp_q;
    logic        irq_q;
    wire         r_err = m_axi_rvalid && m_axi_rresp[1];
    wire         b_err = m_axi_bvalid && m_axi_bresp[1];
    always_ff @(posedge aclk) begin
        if (!aresetn) begin
            cycles_q <= '0; bytes_q <= '0; copies_q <= '0; err_write_q <= 1'b0; err_resp_q <= '0; irq_q <= 1'b0;
        end else begin
            if (start_now)                             cycles_q <= '0;
            else if (state != IDLE && cycles_q != '1)  cycles_q <= cycles_q + 32'd1;
            if (start_now)  bytes_q <= '0;
            else if (b_fire) bytes_q <= bytes_q + 32'(bb_head);
            if (done_all) copies_q <= copies_q + 32'd1;
            if (!r_out.STATUS.error.value && (r_err || b_err)) begin   // the first error since the last clear
                err_write_q <= !r_err;
                err_resp_q  <= r_err ? m_axi_rresp : m_axi_bresp;
            end
            irq_q <= r_out.CTRL.irq_en.value && (r_out.STATUS.done.value || r_out.STATUS.error.value);
        end
    end
    assign irq = irq_q;
    always_comb begin
        r_in.BUILD.data_bytes_log2.next = 3'(SB);
        r_in.BUILD.fifo_depth.next      = 12'(FIFO_DEPTH);
        r_in.BUILD.max_outstanding.next = 8'(MAX_OUTSTANDING);
        r_in.STATUS.busy.next           = state != IDLE;
        r_in.STATUS.done.hwset          = done_all;
        r_in.STATUS.error.hwset         = r_err || b_err;
        r_in.STATUS.err_write.next      = err_write_q;
        r_in.STATUS.err_resp.next       = err_resp_q;
        r_in.CYCLES.count.next          = cycles_q;
        r_in.BYTES.count.next           = bytes_q;
        r_in.COPIES.count.next          = copies_q;
    end

    /* verilator lint_off UNUSEDSIGNAL */
    wire unused = &{1'b0, src_reg, dst_reg, m_axi_rid, m_axi_rresp[0], m_axi_bid, m_axi_bresp[0], fifo_room,
                    fifo_more_unused, fifo_room_next_unused, wl_full_unused, bb_full_unused, bb_empty, ws_more_unused, ws_room_unused,
                    wl_count_unused, bb_count_unused};
    /* verilator lint_on UNUSEDSIGNAL */
`ifndef SYNTHESIS
    // the bookkeeping: the FIFO never overflows (its room was reserved), and a copy ends with it empty
    always_ff @(posedge aclk) begin
        if (aresetn && r_fire && !fifo_room)
            $error("hc_copy_engine: an R beat with no room reserved in the read FIFO");
        if (aresetn && done_all && (!fifo_empty || w_rem != '0 || r_rcv != r_total || c_left != '0))
            $error("hc_copy_engine: a copy ended with %0d of %0d write beats left, %0d of %0d read beats, FIFO %s",
                   w_rem, w_total, r_rcv, r_total, fifo_empty ? "empty" : "not empty");
    end
`endif
endmodule
