// SPDX-License-Identifier: Apache-2.0
// hc_link_probe — measures the latency and bandwidth an AXI4 master sees (issue 20: paper 004's link
// characterisation on the fabric side — LMbench's lat_mem_rd pointer chase and bw_mem read/write/copy,
// idle or loaded). Registers over AXI4-Lite (rdl/hc_link_probe.rdl, behind hc_link_probe_axil); results:
// CYCLES, ACCESSES, BYTES, latency MIN/MAX/SUM, a log2 histogram HIST0..15, LAST_ADDR; `irq` while enabled
// and STATUS.done or .error is set. docs/link_probe.md.
//
//   CTRL.start -> settings latched, derived in four steps (burst; access and window; masks, bases and the
//   count in parts; the counts) -> RUN:
//     chase:     one read at a time, one beat at BASE + offset; its data's low bits (modulo the window,
//                aligned to the beat) are the next offset — the walk of lat_mem_rd
//     latency:   one-beat reads at sequential (STRIDE apart) or random (xorshift64) offsets in the window,
//                OUTSTANDING in flight
//     bandwidth: bursts of BURST beats, OUTSTANDING in flight per direction: read; write (each 32-bit word
//                at address a holds a[31:0] ^ PATTERN); copy (read BASE + offset into the FIFO, then write
//                it to DST + offset; a burst's AW only once all its read data is in, so W never waits on R)
//   AR/AW from output registers (address = base + the generator's offset, hc_link_probe_addr), RREADY and
//   BREADY a constant 1, W through a 2-entry buffer; a timestamp per request in a FIFO (responses come in
//   order: one ID) -> latency at its response -> hc_link_probe_stats (min, max, sum, histogram).
// Latency measured: cycles from the cycle a request's AxVALID rises to the cycle of its last R beat's
//   handshake (reads; a one-beat read's only beat) or of its B (writes) — `hc sim`'s request latency and
//   the model's delay bound count the same span. With an idle slave that takes the request at once it is
//   the slave's AR-handshake-to-RVALID latency: axi_mem_model LATENCY 10 gives 10. Reads are measured in
//   chase, latency, bandwidth read and copy; writes in bandwidth write.
// Latency (cycles): CTRL.start's pulse -> first AxVALID 6 (latch, four derive steps, the issue); chase:
//   R handshake -> next ARVALID 2 (the pointer into the generator, the issue); latency and bandwidth:
//   one AR and one AW per cycle at most, W one beat per cycle; the statistics 2 (HIST 4) behind a response;
//   AXI4-Lite: RVALID 5 after AR, BVALID 4 after AW and W. Every issue condition is a flop prepared a
//   cycle ahead (in-flight room, copy credits, requests left); ARREADY/AWREADY only free the output register.
// Errors: an R or B answered SLVERR/DECERR sets STATUS.error (the first one's response and direction kept)
//   and the run stops issuing; it ends (STATUS.done) once every request issued has completed, as does
//   CTRL.abort (STATUS.aborted). TIMEOUT (+ 2) cycles with something pending and no handshake on any
//   channel end the run at once (STATUS.error, .timeout): a request already presented stays presented (AXI), and
//   responses still owed are accepted and dropped. A CTRL.start while idle waits (STATUS.busy) until no
//   request is presented and no response owed, so none lands in the new run; the run takes the registers
//   as they are when it starts. A CTRL.start during a run is ignored.
// Bad settings: CTRL.mode 3 or bandwidth CTRL.op 3 are rejected (STATUS.done, .error, .config_err, no
//   traffic); the others are clamped as rdl/hc_link_probe.rdl says (BURST to a power of two within 256
//   beats, 4 KB and half the FIFO; OUTSTANDING to 1..MAX_OUTSTANDING; WINDOW to the access..ADDR_WIDTH).
//   No burst crosses 4 KB: bursts are aligned to their size, which is at most 4 KB.
// Parameters: ADDR_WIDTH (13..64), DATA_WIDTH (power of two, 32..1024), ID_WIDTH (1..32; every request
//   uses ID 0), MAX_OUTSTANDING (1..32, transactions in flight per direction), FIFO_DEPTH (power of two,
//   4..1024: copy beats buffered).
// Assumes: the slave answers in order per ID (AXI); a chase pointer is found in the low
//   min(ADDR_WIDTH, DATA_WIDTH) bits of the beat at its address (little-endian, lane 0).
module hc_link_probe #(
    parameter int ADDR_WIDTH      = 32,
    parameter int DATA_WIDTH      = 64,
    parameter int ID_WIDTH        = 4,
    parameter int MAX_OUTSTANDING = 32,
    parameter int FIFO_DEPTH      = 64,
    localparam int NB = DATA_WIDTH / 8,
    localparam int SB = $clog2(NB)
) (
    input  logic                    aclk,
    input  logic                    aresetn,
    // AXI4-Lite control
    input  logic [7:0]              s_axil_awaddr,
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
    input  logic [7:0]              s_axil_araddr,
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
            $fatal(1, "hc_link_probe: ADDR_WIDTH must be 13..64 (got %0d)", ADDR_WIDTH);
        if (DATA_WIDTH < 32 || DATA_WIDTH > 1024 || (DATA_WIDTH & (DATA_WIDTH - 1)) != 0)
            $fatal(1, "hc_link_probe: DATA_WIDTH must be a power of two, 32..1024 (got %0d)", DATA_WIDTH);
        if (ID_WIDTH < 1 || ID_WIDTH > 32) $fatal(1, "hc_link_probe: ID_WIDTH must be 1..32 (got %0d)", ID_WIDTH);
        if (MAX_OUTSTANDING < 1 || MAX_OUTSTANDING > 32)
            $fatal(1, "hc_link_probe: MAX_OUTSTANDING must be 1..32 (got %0d)", MAX_OUTSTANDING);
        if (FIFO_DEPTH < 4 || FIFO_DEPTH > 1024 || (FIFO_DEPTH & (FIFO_DEPTH - 1)) != 0)
            $fatal(1, "hc_link_probe: FIFO_DEPTH must be a power of two, 4..1024 (got %0d)", FIFO_DEPTH);
    end
    localparam int AW    = ADDR_WIDTH;
    localparam int BINS  = 16;                                   // (rdl: HIST[16])
    localparam int OW    = $clog2(MAX_OUTSTANDING + 1);          // in-flight counters
    localparam int CRW   = $clog2(FIFO_DEPTH + 1);               // copy FIFO credits
    localparam int FL2   = $clog2(FIFO_DEPTH);
    localparam int PTRW  = (AW < DATA_WIDTH) ? AW : DATA_WIDTH;  // chase pointer bits
    localparam int PAW   = (AW < 32) ? AW : 32;                  // address bits the write pattern uses
    // the longest burst, log2 of beats: 256 beats and 4 KB; copy also half the FIFO
    localparam int MAXB  = (12 - SB < 8) ? 12 - SB : 8;
    localparam int MAXBC = (FL2 - 1 < MAXB) ? FL2 - 1 : MAXB;

    // ---------------------------------------------------------------- registers
    hc_link_probe_regs_pkg::hc_link_probe__in_t  r_in;
    hc_link_probe_regs_pkg::hc_link_probe__out_t r_out;
    // (the AXI4-Lite front end holds each request's offset a cycle ahead of it: the block's decode and
    // read-back compares are flip-flops, python/hyperconnect/regs.py)
    logic        c_req, c_req_is_wr, c_stall_wr, c_stall_rd, c_rd_ack, c_rd_err, c_wr_ack, c_wr_err;
    logic [7:0]  c_addr;
    logic [31:0] c_wr_data, c_wr_biten, c_rd_data;
    hc_link_probe_axil #(.AW(8)) u_axil (
        .clk(aclk), .rst_n(aresetn), .s_axil_awaddr, .s_axil_awvalid, .s_axil_awready, .s_axil_wdata,
        .s_axil_wstrb, .s_axil_wvalid, .s_axil_wready, .s_axil_bresp, .s_axil_bvalid, .s_axil_bready,
        .s_axil_araddr, .s_axil_arvalid, .s_axil_arready, .s_axil_rdata, .s_axil_rresp, .s_axil_rvalid,
        .s_axil_rready, .req(c_req), .req_is_wr(c_req_is_wr), .req_addr(c_addr), .req_wr_data(c_wr_data),
        .req_wr_biten(c_wr_biten), .stall(c_req_is_wr ? c_stall_wr : c_stall_rd), .rd_ack(c_rd_ack),
        .rd_err(c_rd_err), .rd_data(c_rd_data), .wr_ack(c_wr_ack), .wr_err(c_wr_err)
    );
    hc_link_probe_regs u_regs (
        .clk(aclk), .rst_n(aresetn), .s_cpuif_req(c_req), .s_cpuif_req_is_wr(c_req_is_wr), .s_cpuif_addr(c_addr),
        .s_cpuif_wr_data(c_wr_data), .s_cpuif_wr_biten(c_wr_biten), .s_cpuif_req_stall_wr(c_stall_wr),
        .s_cpuif_req_stall_rd(c_stall_rd), .s_cpuif_rd_ack(c_rd_ack), .s_cpuif_rd_err(c_rd_err),
        .s_cpuif_rd_data(c_rd_data), .s_cpuif_wr_ack(c_wr_ack), .s_cpuif_wr_err(c_wr_err),
        .hwif_in(r_in), .hwif_out(r_out)
    );
    wire [63:0] base_reg = {r_out.BASE_HI.value.value, r_out.BASE_LO.value.value};
    wire [63:0] dst_reg  = {r_out.DST_HI.value.value, r_out.DST_LO.value.value};

    // ---------------------------------------------------------------- a run's settings
    typedef enum logic [2:0] {IDLE, LOAD, LOAD2, LOAD3, LOAD4, RUN} state_t;
    state_t state;
    logic          run;                                 // state == RUN, a flop of its own
    logic          clr_q;                               // (LOAD) the run's FIFOs and statistics cleared
    logic [1:0]    mode_q, op_q;
    logic          rnd_q, chase_q, wr_q, cp_q, rd_q;   // random; chase; write; copy; reads issued
    logic [3:0]    qos_q;
    logic [8:0]    beats_raw;
    logic [5:0]    outs_raw, win_raw;
    logic [31:0]   count_q, stride_raw, seed_q, pattern_q, timeout_q;
    logic [AW-1:0] base_raw, dst_raw;
    logic [3:0]    blog2;                               // log2 of the burst's beats
    logic [3:0]    alog2;                               // log2 of the access's bytes (<= 12)
    logic [6:0]    wlog2;                               // log2 of the window's bytes
    logic [31:0]   n_hi;                                // requests of the run per direction: n_hi + n_frac
    logic          n_frac;                              // (bandwidth: bytes / the burst's, rounded up)
    logic          stride_zero, tmo_on;                 // STRIDE 0; TIMEOUT not 0
    logic [12:0]   amask;                               // the access's bytes - 1
    logic [8:0]    burst_q, burst_m1;                   // beats per burst, and one less
    logic [9:0]    burst2_q;                            // two bursts' beats
    logic [12:0]   burst_bytes;
    logic [OW-1:0] outs_q, outs_m1;                     // in flight at most, and one less
    logic [AW-1:0] keep_q, stride_q, base_q, wbase_q;
    logic          cfg_bad;

    logic [31:0]   rd_left, wr_left;                    // requests still to issue
    logic          rd_more, wr_more;                    // ... not zero
    logic [OW-1:0] rd_out, wr_out;                      // in flight (issued, response not complete)
    logic          rd_room, wr_room;                    // ... below the limit
    logic          stop_q;                              // issue no more (an error, an abort)
    logic          started_q;                           // the first request was issued
    logic          ar_issue, aw_issue;
    logic          done_all, tmo_hit;

    // a start: idle, and nothing of an earlier (timed-out) run still presented or owed. A CTRL.start while
    // idle waits (start_pend, STATUS.busy) until then, so an owed response never lands in the new run.
    logic wq_empty;
    logic [OW:0] rd_owed, wr_owed;                      // issued and not yet answered, across runs
    logic start_pend;
    wire  quiet     = !m_axi_arvalid && !m_axi_awvalid && !m_axi_wvalid && wq_empty && rd_owed == '0 && wr_owed == '0;
    wire  start_req = state == IDLE && (start_pend || r_out.CTRL.start.value);
    wire  start_now = start_req && quiet;

    wire  cfg_bad_now = mode_q == 2'd3 || (mode_q == 2'd2 && op_q == 2'd3);   // (LOAD: rejected)
    wire  fifo_rst_n  = aresetn && !clr_q;               // the run's FIFOs start empty

    function automatic logic [3:0] floor_log2(input logic [8:0] v);   // (v = 0 as 1)
        logic [3:0] k;
        k = 4'd0;
        for (int i = 1; i < 9; i++) if (v[i]) k = 4'(i);
        return k;
    endfunction

    always_ff @(posedge aclk) begin
        if (!aresetn) begin
            {rd_owed, wr_owed, start_pend} <= '0;
        end else begin
            rd_owed    <= rd_owed + (OW + 1)'(ar_issue) - (OW + 1)'(m_axi_rvalid && m_axi_rlast);
            wr_owed    <= wr_owed + (OW + 1)'(aw_issue) - (OW + 1)'(m_axi_bvalid);
            start_pend <= start_req && !quiet;
        end
    end

    always_ff @(posedge aclk) begin
        if (!aresetn) begin
            state <= IDLE;
            {run, clr_q} <= '0;
            {mode_q, op_q, rnd_q, chase_q, wr_q, cp_q, rd_q, qos_q, beats_raw, outs_raw, win_raw} <= '0;
            {count_q, stride_raw, seed_q, pattern_q, timeout_q, base_raw, dst_raw} <= '0;
            {blog2, alog2, wlog2, n_hi, n_frac, stride_zero, tmo_on, amask} <= '0;
            {burst_q, burst_m1, burst2_q, burst_bytes, outs_q, outs_m1} <= '0;
            {keep_q, stride_q, base_q, wbase_q, cfg_bad} <= '0;
        end else begin
            clr_q <= start_now;
            case (state)
                IDLE: if (start_now) begin
                    state      <= LOAD;
                    mode_q     <= r_out.CTRL.mode.value;
                    op_q       <= r_out.CTRL.op.value;
                    rnd_q      <= r_out.CTRL.random.value;
                    qos_q      <= r_out.CTRL.qos.value;
                    beats_raw  <= r_out.BURST.beats.value;
                    outs_raw   <= r_out.OUTSTANDING.count.value;
                    win_raw    <= r_out.WINDOW.log2.value;
                    count_q    <= r_out.COUNT.value.value;
                    stride_raw <= r_out.STRIDE.bytes.value;
                    seed_q     <= r_out.SEED.value.value;
                    pattern_q  <= r_out.PATTERN.value.value;
                    timeout_q  <= r_out.TIMEOUT.cycles.value;
                    base_raw   <= AW'(base_reg);
                    dst_raw    <= AW'(dst_reg);
                end
                LOAD: begin                                // the kind of run, the burst, the outstanding
                    state   <= cfg_bad_now ? IDLE : LOAD2;
                    cfg_bad <= cfg_bad_now;
                    chase_q <= mode_q == 2'd0;
                    wr_q    <= mode_q == 2'd2 && op_q == 2'd1;
                    cp_q    <= mode_q == 2'd2 && op_q == 2'd2;
                    rd_q    <= !(mode_q == 2'd2 && op_q == 2'd1);
                    rnd_q   <= rnd_q && mode_q != 2'd0;
                    stride_zero <= stride_raw == '0;
                    tmo_on  <= timeout_q != '0;
                    if (mode_q != 2'd2)                blog2 <= 4'd0;
                    else if (op_q == 2'd2)             blog2 <= (floor_log2(beats_raw) > 4'(MAXBC)) ? 4'(MAXBC)
                                                                                                : floor_log2(beats_raw);
                    else                               blog2 <= (floor_log2(beats_raw) > 4'(MAXB)) ? 4'(MAXB)
                                                                                               : floor_log2(beats_raw);
                    outs_q  <= (mode_q == 2'd0 || outs_raw == '0) ? OW'(1)
                               : (32'(outs_raw) > MAX_OUTSTANDING) ? OW'(MAX_OUTSTANDING) : OW'(outs_raw);
                end
                LOAD2: begin                               // the access, the window, the count rounded up
                    state       <= LOAD3;
                    alog2       <= 4'(SB) + blog2;
                    wlog2       <= (win_raw < 6'(SB) + 6'(blog2)) ? 7'(SB) + 7'(blog2)
                                   : (32'(win_raw) > AW) ? 7'(AW) : 7'(win_raw);
                    amask       <= 13'((14'd1 << (SB + 32'(blog2))) - 14'd1);
                    burst_q     <= 9'd1 << blog2;
                    burst_m1    <= 9'((10'd1 << blog2) - 10'd1);
                    burst2_q    <= 10'd2 << blog2;
                    burst_bytes <= 13'(NB) << blog2;
                    outs_m1     <= outs_q - OW'(1);
                end
                LOAD3: begin                               // the masks, the bases, the count of requests
                    state    <= LOAD4;
                    keep_q   <= ((32'(wlog2) >= AW) ? '1 : (AW'(1) << wlog2) - AW'(1)) & ~AW'(amask);
                    stride_q <= stride_zero ? AW'(amask) + AW'(1) : AW'(stride_raw);
                    base_q   <= base_raw & ~AW'(amask);
                    wbase_q  <= (cp_q ? dst_raw : base_raw) & ~AW'(amask);
                    // (COUNT, or bandwidth's bytes in whole bursts and whether a part is left)
                    n_hi     <= (mode_q == 2'd2) ? count_q >> alog2 : count_q;
                    n_frac   <= mode_q == 2'd2 && (count_q & 32'(amask)) != '0;
                end
                LOAD4: begin                               // (the counts, below, from n_txn)
                    state <= RUN;
                    run   <= 1'b1;
                end
                RUN: if (done_all || tmo_hit) begin
                    state <= IDLE;
                    run   <= 1'b0;
                end
                default: begin
                    state <= IDLE;
                    run   <= 1'b0;
                end
            endcase
        end
    end

    // ---------------------------------------------------------------- offsets
    logic [AW-1:0] r_off, w_off;
    wire           r_fire      = m_axi_rvalid;            // (RREADY is 1)
    wire           r_last_fire = m_axi_rvalid && m_axi_rlast;
    wire           b_fire      = m_axi_bvalid;            // (BREADY is 1)
    hc_link_probe_addr #(.AW(AW)) u_rgen (
        .clk(aclk), .rst_n(aresetn), .init(state == LOAD4), .seed(seed_q), .random(rnd_q), .stride(stride_q),
        .keep(keep_q), .step(ar_issue && !chase_q), .load(run && chase_q && r_last_fire),
        .ptr(AW'(m_axi_rdata[PTRW-1:0])), .off(r_off)
    );
    hc_link_probe_addr #(.AW(AW)) u_wgen (
        .clk(aclk), .rst_n(aresetn), .init(state == LOAD4), .seed(seed_q), .random(rnd_q), .stride(stride_q),
        .keep(keep_q), .step(aw_issue), .load(1'b0), .ptr('0), .off(w_off)
    );

    // ---------------------------------------------------------------- timestamps
    // one FIFO: the measured direction's requests (writes in bandwidth write, reads otherwise), stamped with
    // the cycle their AxVALID rises; a response takes the oldest (one ID: in order). (CHECKED: a request
    // is issued only below the in-flight limit, at most the depth; a response of the run has its request.)
    logic [31:0] now_q, ts_head;
    logic        ts_empty_unused, ts_full_unused;
    logic [$clog2(MAX_OUTSTANDING + 1)-1:0] ts_count_unused;
    wire         ts_push = wr_q ? aw_issue : ar_issue;
    wire         ts_pop  = run && (wr_q ? b_fire : r_last_fire);
    hc_fifo #(.WIDTH(32), .DEPTH(MAX_OUTSTANDING), .CHECKED(1'b1)) u_ts (
        .clk(aclk), .rst_n(fifo_rst_n), .push(ts_push), .push_data(now_q + 32'd1), .pop(ts_pop), .head(ts_head),
        .empty(ts_empty_unused), .full(ts_full_unused), .count(ts_count_unused)
    );
    always_ff @(posedge aclk) begin
        if (!aresetn) now_q <= '0;
        else          now_q <= now_q + 32'd1;
    end
    logic          st_busy;
    logic [31:0]   lat_min, lat_max;
    logic [63:0]   lat_sum;
    logic [31:0]   hist [BINS];
    hc_link_probe_stats #(.LW(32), .BINS(BINS)) u_stats (
        .clk(aclk), .rst_n(aresetn), .clear(clr_q), .in_valid(ts_pop), .in_lat(now_q - ts_head),
        .busy(st_busy), .lat_min, .lat_max, .lat_sum, .hist
    );

    // ---------------------------------------------------------------- copy FIFO
    logic                  cf_valid, cf_room_unused, cf_more_unused;
    logic [1:0]            cf_room_next_unused;
    logic [DATA_WIDTH-1:0] cf_head;
    logic                  cf_pop;
    logic [CRW-1:0]        credits;                   // entries neither held nor reserved
    logic                  cr_ok;                     // ... at least a burst's (a flop)
    hc_efifo #(.WIDTH(DATA_WIDTH), .DEPTH(FIFO_DEPTH), .OUT_REG(1'b1)) u_cfifo (
        .clk(aclk), .rst_n(fifo_rst_n), .in_data(m_axi_rdata), .in_valid(run && cp_q && r_fire),
        .in_ready(cf_room_unused), .out_data(cf_head), .out_valid(cf_valid), .out_ready(cf_pop),
        .out_more(cf_more_unused), .room_next(cf_room_next_unused)
    );

    // ---------------------------------------------------------------- AR
    // (every term a flop: the in-flight room, the copy's FIFO credits and the count are prepared a cycle
    // ahead, below; ARREADY only frees the output register)
    assign ar_issue = run && !stop_q && rd_more && rd_room && (!cp_q || cr_ok) && (!m_axi_arvalid || m_axi_arready);
    logic [AW-1:0] last_addr;
    wire  [AW-1:0] ar_addr_n = base_q + r_off;
    always_ff @(posedge aclk) begin
        if (!aresetn) begin
            m_axi_arvalid <= 1'b0; m_axi_araddr <= '0; m_axi_arlen <= '0; last_addr <= '0;
        end else begin
            if (m_axi_arvalid && m_axi_arready) m_axi_arvalid <= 1'b0;
            if (ar_issue) begin
                m_axi_arvalid <= 1'b1;
                m_axi_araddr  <= ar_addr_n;
                m_axi_arlen   <= 8'(burst_q - 9'd1);
                last_addr     <= ar_addr_n;
            end
        end
    end
    assign m_axi_arid    = '0;
    assign m_axi_arsize  = 3'(SB);
    assign m_axi_arburst = 2'b01;                    // INCR
    assign m_axi_arlock  = 1'b0;
    assign m_axi_arcache = 4'b0011;                  // normal, non-cacheable, bufferable
    assign m_axi_arprot  = 3'b000;
    assign m_axi_arqos   = qos_q;
    assign m_axi_rready  = 1'b1;

    // ---------------------------------------------------------------- AW
    // (copy: a burst's AW once its read data is all in the FIFO: `ready_bursts` counts those not yet written)
    logic [CRW:0]  ready_bursts;
    wire  [AW-1:0] aw_addr_n = wbase_q + w_off;
    logic          rb_nz;                             // ready_bursts != 0, a flop
    assign aw_issue = run && !stop_q && wr_more && wr_room && (!cp_q || rb_nz) && (!m_axi_awvalid || m_axi_awready);
    always_ff @(posedge aclk) begin
        if (!aresetn) begin
            m_axi_awvalid <= 1'b0; m_axi_awaddr <= '0; m_axi_awlen <= '0;
        end else begin
            if (m_axi_awvalid && m_axi_awready) m_axi_awvalid <= 1'b0;
            if (aw_issue) begin
                m_axi_awvalid <= 1'b1;
                m_axi_awaddr  <= aw_addr_n;
                m_axi_awlen   <= 8'(burst_q - 9'd1);
            end
        end
    end
    assign m_axi_awid    = '0;
    assign m_axi_awsize  = 3'(SB);
    assign m_axi_awburst = 2'b01;
    assign m_axi_awlock  = 1'b0;
    assign m_axi_awcache = 4'b0011;
    assign m_axi_awprot  = 3'b000;
    assign m_axi_awqos   = qos_q;
    assign m_axi_bready  = 1'b1;

    // ---------------------------------------------------------------- W
    // the AWs issued, oldest first (their addresses' low bits for the write pattern); each one's beats are
    // produced into a 2-entry buffer in front of m_axi_w, from the pattern (write) or the FIFO (copy)
    logic [PAW-1:0] wq_head;
    logic           wq_full_unused;
    logic [$clog2(MAX_OUTSTANDING + 1)-1:0] wq_count_unused;
    logic [8:0]     wj;                               // the beat of the current burst
    logic           ws_last;                          // ... is its last (a flop)
    logic           ws_ready, ws_more_unused;
    logic [1:0]     ws_room_unused;
    wire            produce = !wq_empty && ws_ready && (!cp_q || cf_valid);
    // (CHECKED: an AW is issued only below the in-flight limit; a beat is produced only with one queued)
    hc_fifo #(.WIDTH(PAW), .DEPTH(MAX_OUTSTANDING), .CHECKED(1'b1)) u_wq (
        .clk(aclk), .rst_n(fifo_rst_n), .push(aw_issue), .push_data(PAW'(aw_addr_n)), .pop(produce && ws_last),
        .head(wq_head), .empty(wq_empty), .full(wq_full_unused), .count(wq_count_unused)
    );
    assign cf_pop = produce && cp_q;
    logic [DATA_WIDTH-1:0] pat;
    always_comb begin
        logic [31:0] ba;
        ba = 32'(wq_head) | (32'(wj) << SB);          // (bursts are aligned to their size)
        for (int k = 0; k < NB / 4; k++) pat[32*k +: 32] = (ba | 32'(4 * k)) ^ pattern_q;
    end
    hc_efifo #(.WIDTH(DATA_WIDTH + 1), .DEPTH(2)) u_w (
        .clk(aclk), .rst_n(aresetn), .in_data({cp_q ? cf_head : pat, ws_last}), .in_valid(produce),
        .in_ready(ws_ready), .out_data({m_axi_wdata, m_axi_wlast}), .out_valid(m_axi_wvalid),
        .out_ready(m_axi_wready), .out_more(ws_more_unused), .room_next(ws_room_unused)
    );
    assign m_axi_wstrb = '1;
    always_ff @(posedge aclk) begin
        if (!fifo_rst_n) begin
            wj      <= '0;
            ws_last <= 1'b0;
        end else if (state == LOAD4) begin
            ws_last <= burst_m1 == '0;
        end else if (produce) begin
            wj      <= ws_last ? 9'd0 : wj + 9'd1;
            ws_last <= ws_last ? burst_m1 == '0 : wj + 9'd1 == burst_m1;
        end
    end

    // ---------------------------------------------------------------- counts
    // Each issue condition is a flop, prepared for the next cycle from this cycle's issue and completion:
    // the in-flight room (rd_out + issue - completion < the limit), the copy's credits for another burst
    // (counted without this cycle's FIFO pop: at worst a burst waits a cycle), the bursts whose read data
    // is all in (copy's AW) and the requests left.
    wire r_err = run && r_fire && m_axi_rresp[1];
    wire b_err = run && b_fire && m_axi_bresp[1];
    wire r_done = run && r_last_fire;
    wire b_done = run && b_fire;
    function automatic logic room_next(input logic issue, input logic done, input logic [OW-1:0] n,
                                       input logic [OW-1:0] lim, input logic [OW-1:0] lim_m1);
        unique case ({issue, done})
            2'b10:   return n < lim_m1;
            2'b01:   return 1'b1;                     // (n - 1 < lim: n <= lim always)
            default: return n < lim;
        endcase
    endfunction
    always_ff @(posedge aclk) begin
        if (!aresetn) begin
            {rd_left, wr_left, rd_more, wr_more, rd_out, wr_out, rd_room, wr_room, stop_q} <= '0;
            {credits, cr_ok, ready_bursts, rb_nz} <= '0;
        end else if (state == LOAD4) begin
            rd_left      <= rd_q ? n_hi + 32'(n_frac) : '0;
            wr_left      <= (wr_q || cp_q) ? n_hi + 32'(n_frac) : '0;
            rd_more      <= rd_q && (n_hi != '0 || n_frac);
            wr_more      <= (wr_q || cp_q) && (n_hi != '0 || n_frac);
            rd_out       <= '0;
            wr_out       <= '0;
            rd_room      <= 1'b1;
            wr_room      <= 1'b1;
            stop_q       <= 1'b0;
            credits      <= CRW'(FIFO_DEPTH);
            cr_ok        <= 1'b1;                     // (a copy burst is at most half the FIFO)
            ready_bursts <= '0;
            rb_nz        <= 1'b0;
        end else begin
            if (ar_issue) begin
                rd_left <= rd_left - 32'd1;
                rd_more <= rd_left != 32'd1;
            end
            if (aw_issue) begin
                wr_left <= wr_left - 32'd1;
                wr_more <= wr_left != 32'd1;
            end
            rd_out  <= rd_out + OW'(ar_issue) - OW'(r_done);
            wr_out  <= wr_out + OW'(aw_issue) - OW'(b_done);
            rd_room <= room_next(ar_issue, r_done, rd_out, outs_q, outs_m1);
            wr_room <= room_next(aw_issue, b_done, wr_out, outs_q, outs_m1);
            if (cp_q) begin
                credits <= credits - (ar_issue ? CRW'(burst_q) : '0) + CRW'(cf_pop);
                cr_ok   <= ar_issue ? 32'(credits) >= 32'(burst2_q) : 32'(credits) >= 32'(burst_q);
                ready_bursts <= ready_bursts + (CRW + 1)'(r_done) - (CRW + 1)'(aw_issue);
                unique case ({r_done, aw_issue})
                    2'b10:   rb_nz <= 1'b1;
                    2'b01:   rb_nz <= ready_bursts != (CRW + 1)'(1);
                    default: rb_nz <= ready_bursts != '0;
                endcase
            end
            if (r_err || b_err || (run && r_out.CTRL.abort.value)) stop_q <= 1'b1;
        end
    end

    // the run ends once it issues no more and every request issued has completed, its statistics taken:
    // registered (a cycle later) and taken only while still running
    logic done_q;
    always_ff @(posedge aclk) begin
        if (!aresetn) done_q <= 1'b0;
        else          done_q <= run && (stop_q || (!rd_more && !wr_more)) && rd_out == '0 && wr_out == '0
                                && !ts_pop && !st_busy;
    end
    assign done_all = done_q && run;

    // timeout: TIMEOUT cycles with something pending and no handshake on any channel (a down-counter
    // reloaded by every handshake; its zero registered)
    logic [31:0] tmo_left;
    logic        tmo_zero, tmo_q;
    wire pending  = rd_out != '0 || wr_out != '0 || !wq_empty || m_axi_wvalid;
    wire progress = (m_axi_arvalid && m_axi_arready) || (m_axi_awvalid && m_axi_awready)
                    || (m_axi_wvalid && m_axi_wready) || m_axi_rvalid || m_axi_bvalid;
    always_ff @(posedge aclk) begin
        if (!aresetn) begin
            tmo_left <= '0; tmo_zero <= 1'b0; tmo_q <= 1'b0;
        end else begin
            if (!run || !pending || progress) tmo_left <= timeout_q;
            else if (!tmo_zero)               tmo_left <= tmo_left - 32'd1;
            tmo_zero <= tmo_left == '0;
            tmo_q    <= run && tmo_on && pending && !progress && tmo_zero;
        end
    end
    assign tmo_hit = tmo_q && run && !done_all;

    // ---------------------------------------------------------------- results, status, irq
    logic [31:0] accesses_q;
    logic [63:0] bytes_q, run_cyc, cycles_q;
    logic        err_seen, err_write_q, timeout_flag, aborted_flag;
    logic [1:0]  err_resp_q;
    logic        irq_q;
    always_ff @(posedge aclk) begin
        if (!aresetn) begin
            {accesses_q, bytes_q, run_cyc, cycles_q, started_q} <= '0;
            {err_seen, err_write_q, err_resp_q, timeout_flag, aborted_flag, irq_q} <= '0;
        end else begin
            if (clr_q) begin
                {accesses_q, bytes_q, run_cyc, cycles_q, started_q} <= '0;
                {err_seen, err_write_q, err_resp_q, timeout_flag, aborted_flag} <= '0;
            end else begin
                if (run) begin
                    accesses_q <= accesses_q + 32'(r_last_fire) + 32'(b_fire);
                    bytes_q    <= bytes_q + (r_fire ? 64'(NB) : 64'd0) + (b_fire ? 64'(burst_bytes) : 64'd0);
                    if (r_last_fire || b_fire) cycles_q <= run_cyc;
                end
                if (ar_issue || aw_issue) started_q <= 1'b1;
                // (the first request's VALID cycle counts 1)
                if ((ar_issue || aw_issue) && !started_q) run_cyc <= 64'd1;
                else if (started_q)                       run_cyc <= run_cyc + 64'd1;
                if (!err_seen && (r_err || b_err)) begin
                    err_seen    <= 1'b1;
                    err_write_q <= !r_err;
                    err_resp_q  <= r_err ? m_axi_rresp : m_axi_bresp;
                end
                if (tmo_hit) timeout_flag <= 1'b1;
                if (run && r_out.CTRL.abort.value) aborted_flag <= 1'b1;
            end
            irq_q <= r_out.CTRL.irq_en.value && (r_out.STATUS.done.value || r_out.STATUS.error.value);
        end
    end
    assign irq = irq_q;
    wire cfg_reject = state == LOAD && cfg_bad_now;
    always_comb begin
        r_in.BUILD.data_bytes_log2.next = 3'(SB);
        r_in.BUILD.addr_width.next      = 7'(AW);
        r_in.BUILD.max_outstanding.next = 6'(MAX_OUTSTANDING);
        r_in.BUILD.fifo_depth_log2.next = 4'(FL2);
        r_in.BUILD.hist_bins.next       = 5'(BINS);
        r_in.STATUS.busy.next           = state != IDLE || start_pend;
        r_in.STATUS.done.hwset          = done_all || tmo_hit || cfg_reject;
        r_in.STATUS.error.hwset         = r_err || b_err || tmo_hit || cfg_reject;
        r_in.STATUS.err_write.next      = err_write_q;
        r_in.STATUS.err_resp.next       = err_resp_q;
        r_in.STATUS.timeout.next        = timeout_flag;
        r_in.STATUS.aborted.next        = aborted_flag;
        r_in.STATUS.config_err.next     = cfg_bad;
        r_in.ACCESSES.count.next        = accesses_q;
        r_in.CYCLES_LO.count.next       = cycles_q[31:0];
        r_in.CYCLES_HI.count.next       = cycles_q[63:32];
        r_in.BYTES_LO.count.next        = bytes_q[31:0];
        r_in.BYTES_HI.count.next        = bytes_q[63:32];
        r_in.LAT_MIN.cycles.next        = lat_min;
        r_in.LAT_MAX.cycles.next        = lat_max;
        r_in.LAT_SUM_LO.cycles.next     = lat_sum[31:0];
        r_in.LAT_SUM_HI.cycles.next     = lat_sum[63:32];
        r_in.LAST_ADDR_LO.value.next    = 32'(64'(last_addr));
        r_in.LAST_ADDR_HI.value.next    = 32'(64'(last_addr) >> 32);
        r_in.HIST0.count.next           = hist[0];
        r_in.HIST1.count.next           = hist[1];
        r_in.HIST2.count.next           = hist[2];
        r_in.HIST3.count.next           = hist[3];
        r_in.HIST4.count.next           = hist[4];
        r_in.HIST5.count.next           = hist[5];
        r_in.HIST6.count.next           = hist[6];
        r_in.HIST7.count.next           = hist[7];
        r_in.HIST8.count.next           = hist[8];
        r_in.HIST9.count.next           = hist[9];
        r_in.HIST10.count.next          = hist[10];
        r_in.HIST11.count.next          = hist[11];
        r_in.HIST12.count.next          = hist[12];
        r_in.HIST13.count.next          = hist[13];
        r_in.HIST14.count.next          = hist[14];
        r_in.HIST15.count.next          = hist[15];
    end

    /* verilator lint_off UNUSEDSIGNAL */
    wire unused = &{1'b0, base_reg, dst_reg, s_axil_awprot, s_axil_arprot, m_axi_rid, m_axi_rresp[0], m_axi_bid, m_axi_bresp[0], ts_empty_unused,
                    ts_full_unused, ts_count_unused, cf_room_unused, cf_more_unused, cf_room_next_unused,
                    wq_full_unused, wq_count_unused, ws_more_unused, ws_room_unused};
    /* verilator lint_on UNUSEDSIGNAL */
`ifndef SYNTHESIS
    // the bookkeeping: a copy's read beat always has its FIFO room reserved; the W side never produces
    // a copy beat the FIFO does not hold
    always_ff @(posedge aclk) begin
        if (aresetn && run && cp_q && r_fire && !cf_room_unused)
            $error("hc_link_probe: a copy's R beat with no room reserved in the FIFO");
        if (aresetn && run && ts_pop && ts_empty_unused)
            $error("hc_link_probe: a response with no request stamped");
    end
`endif
endmodule
