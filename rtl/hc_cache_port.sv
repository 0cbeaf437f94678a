// SPDX-License-Identifier: Apache-2.0
// hc_cache_port — caching front end (paper 002's caching port of FastLane's memory access core, MARC;
// issue 19): a word port for an accelerator's irregular accesses (one DATA_WIDTH word per request, read
// or byte-strobed write, one response per request in request order) in front of a write-back,
// write-allocate cache of 64-byte lines, and an AXI4 master (towards a HyperConnect port) that fills and
// writes back whole lines.
//
//   s_req -> [tag store (LUT-RAM) read into registers, data RAM (block RAM) read: on the handshake]
//         -> compare (tags from flip-flops)
//     hit:  loads answer from the data RAM's read (through the hit way's mux; bytes of a store compared one
//           or two cycles before to the same word forwarded from flops), stores write their bytes a cycle
//           later from registers -> response (bypass, or a 2-entry buffer in flops while s_rsp_ready is
//           low) -> s_rsp
//     miss: victim = an invalid way, else the LRU way; its line (if dirty) read out of the data RAM into
//           a line buffer while the refill is requested (AR and AW in the same cycle): AR WRAP burst of a
//           line from the missed word (critical word first), W from the buffer (AW WRAP from the same
//           word), B waited for; the missed word's R beat answers the request (a store's bytes merged
//           into it), the rest of the line is written as it arrives.
//   cmd (flush / invalidate / both) -> a walk over the sets: every dirty line written back (kept valid,
//   made clean); invalidate clears each set's entries as the walk passes it.
//
// Word port: s_req_addr is the byte address of a word (its low log2(DATA_WIDTH/8) bits are ignored);
//   s_req_we 1 writes the bytes of s_req_wdata whose s_req_wstrb bit is set. Every request, read or
//   write, gets one response (s_rsp_valid/s_rsp_ready, backpressure allowed), in request order:
//   s_rsp_rdata the word (for a write: the word's contents before the write), s_rsp_err 1 when the
//   refill beat that answered it came back SLVERR/DECERR.
// Latency (cycles, request handshake -> s_rsp_valid, 64-bit, idle, s_rsp_ready high):
//   hit 1 (the RAM reads on the handshake, compare and answer in the next cycle; back-to-back hits one per
//   cycle, a load one or two requests after a store to the same word forwarded, no stall);
//   miss = the memory's AR-handshake-to-first-R latency + 3 (compare 1, AR from a flop 1, the answering
//   R beat registered 1), the same with a dirty victim (its AW/W overlap the refill).
//   The port takes the next request again once the whole line is in (its tag entry written a cycle after
//   the last beat) and, with a dirty victim, its B is back (BPL = 64 / (DATA_WIDTH/8) beats: refill
//   BPL + memory + 4, write-back memory + BPL + ~5).
//   Flush: 1 cycle per clean set, about BPL + the memory's last-W-to-B latency + 6 per dirty line (24.25
//   measured at 64-bit with axi_mem_model LATENCY 10); invalidate 1 cycle per set
//   (SETS = CACHE_BYTES / (64 x WAYS): 128 at the defaults). After reset the tag store is cleared the
//   same way: s_req_ready and cmd_ready stay low for about SETS cycles (no cmd_done).
//   s_rsp_valid/s_rsp_rdata of a hit come from the compare and the data RAM's read in the same cycle
//   (the buffer's entries when the response waits), not from a flop: register them on the user's side
//   if they go far.
// Throughput: one hit per cycle; s_req_ready is a flip-flop (at most 2 requests in flight: the one being
//   compared and one response waiting; so s_rsp_ready low for a cycle stops requests a cycle later).
// Commands: cmd_op 1 flush (write back every dirty line, keep it valid and clean), 2 invalidate
//   (drop every line, dirty ones NOT written back: their stores are lost), 3 flush then invalidate,
//   0 nothing; cmd_ready is !cmd_busy (the inverse of a flip-flop; low while one runs), cmd_done a
//   one-cycle pulse at the end. A command waits for the request before it (if any) to finish; no request
//   is taken while it runs. A request and a command handshaken in the same cycle: the request goes first.
// Counters (32-bit, wrapping, cleared by cnt_clear): cnt_hits, cnt_misses (requests), cnt_writebacks
//   (lines written back: victims and flushes), each changing two cycles after its compare (or write-back
//   start): the increment is registered, then added. cnt_clear wins over an increment in its cycle (the
//   event compared the cycle before the clear is not counted). err_sticky: an R or B answer was
//   SLVERR/DECERR since reset or cnt_clear. A refill with an error beat leaves the line invalid (the next access misses again); a
//   store merged into such a line is lost (its response has err only if the error was on its own beat);
//   a write-back answered with an error loses the line's data (err_sticky).
// Timing: the tag compare starts from flip-flops (the entries read out of LUT-RAM on the handshake); the
//   tag store's writes from a compare (dirty, LRU) or a walk are made a cycle later from registers, with
//   forwarding to the victim choice; the data RAM's read meets only the hit way's mux and the forwarded
//   bytes' mux before the response buffer (which holds the ways' words as read). The request's address
//   feeds the data RAM's address and the tag store's LUT-RAM read (a few LUT levels to registers).
// Resources: data RAM WAYS x (CACHE_BYTES / WAYS) bytes, DATA_WIDTH wide, byte write enables, registered
//   read (one inferable RAM per way: BRAM); tag store WAYS x SETS entries of TAG + 2 bits (valid, dirty)
//   and SETS LRU bits (2-way) in LUT-RAM (ram_style "distributed"); a 64-byte line buffer and a
//   2-entry response buffer (each entry WAYS + 1 words) in flip-flops. The resource and Fmax figures
//   (docs/cache_port.md) are measured at the defaults only (64-bit, 16 KiB, 2-way); other sizes are not
//   synthesized (64 KiB direct-mapped, e.g., has a 1024-entry LUT-RAM tag store).
// AXI: ID 0 on AR and AW, AxCACHE 0011, AxPROT 000, one read and at most one write burst in flight; WRAP
//   bursts of BPL beats (INCR of 1 at 512-bit). RREADY is held low while the victim's word at the
//   refill beat's RAM position has not been read out yet: a guard that never acts with a compliant slave
//   (its first R comes at least a cycle after the AR, by when the read-out, a word per cycle from the
//   miss on, is ahead of the refill).
// Parameters: ADDR_WIDTH (log2(CACHE_BYTES / WAYS) + 1 .. 64), DATA_WIDTH (32..512, power of two; default
//   64), ID_WIDTH (1..32), CACHE_BYTES (4096..65536, power of two; default 16384), WAYS (1 direct-mapped,
//   2 two-way with an LRU bit per set; default 2).
// Assumes: the slave answers an AR with AxLEN + 1 beats (RLAST is not looked at) and an AW with one B;
//   RID/BID are not looked at (ID 0 only). Nothing hangs on error answers.
module hc_cache_port #(
    parameter int ADDR_WIDTH  = 32,
    parameter int DATA_WIDTH  = 64,
    parameter int ID_WIDTH    = 4,
    parameter int CACHE_BYTES = 16384,
    parameter int WAYS        = 2,
    localparam int NB         = DATA_WIDTH / 8
) (
    input  logic                  aclk,
    input  logic                  aresetn,
    // word port: requests
    input  logic                  s_req_valid,
    output logic                  s_req_ready,
    input  logic [ADDR_WIDTH-1:0] s_req_addr,
    input  logic                  s_req_we,
    input  logic [DATA_WIDTH-1:0] s_req_wdata,
    input  logic [NB-1:0]         s_req_wstrb,
    // word port: responses, one per request in order
    output logic                  s_rsp_valid,
    input  logic                  s_rsp_ready,
    output logic [DATA_WIDTH-1:0] s_rsp_rdata,
    output logic                  s_rsp_err,
    // maintenance commands
    input  logic                  cmd_valid,
    output logic                  cmd_ready,
    input  logic [1:0]            cmd_op,        // 1 flush, 2 invalidate (discard), 3 flush + invalidate
    output logic                  cmd_done,      // one-cycle pulse: the command is complete
    // status
    output logic [31:0]           cnt_hits,
    output logic [31:0]           cnt_misses,
    output logic [31:0]           cnt_writebacks,
    output logic                  err_sticky,
    input  logic                  cnt_clear,
    // AXI4 master
    output logic [ID_WIDTH-1:0]   m_axi_awid,
    output logic [ADDR_WIDTH-1:0] m_axi_awaddr,
    output logic [7:0]            m_axi_awlen,
    output logic [2:0]            m_axi_awsize,
    output logic [1:0]            m_axi_awburst,
    output logic                  m_axi_awlock,
    output logic [3:0]            m_axi_awcache,
    output logic [2:0]            m_axi_awprot,
    output logic [3:0]            m_axi_awqos,
    output logic                  m_axi_awvalid,
    input  logic                  m_axi_awready,
    output logic [DATA_WIDTH-1:0] m_axi_wdata,
    output logic [NB-1:0]         m_axi_wstrb,
    output logic                  m_axi_wlast,
    output logic                  m_axi_wvalid,
    input  logic                  m_axi_wready,
    input  logic [ID_WIDTH-1:0]   m_axi_bid,
    input  logic [1:0]            m_axi_bresp,
    input  logic                  m_axi_bvalid,
    output logic                  m_axi_bready,
    output logic [ID_WIDTH-1:0]   m_axi_arid,
    output logic [ADDR_WIDTH-1:0] m_axi_araddr,
    output logic [7:0]            m_axi_arlen,
    output logic [2:0]            m_axi_arsize,
    output logic [1:0]            m_axi_arburst,
    output logic                  m_axi_arlock,
    output logic [3:0]            m_axi_arcache,
    output logic [2:0]            m_axi_arprot,
    output logic [3:0]            m_axi_arqos,
    output logic                  m_axi_arvalid,
    input  logic                  m_axi_arready,
    input  logic [ID_WIDTH-1:0]   m_axi_rid,
    input  logic [DATA_WIDTH-1:0] m_axi_rdata,
    input  logic [1:0]            m_axi_rresp,
    input  logic                  m_axi_rlast,
    input  logic                  m_axi_rvalid,
    output logic                  m_axi_rready
);
    initial begin
        if (DATA_WIDTH < 32 || DATA_WIDTH > 512 || (DATA_WIDTH & (DATA_WIDTH - 1)) != 0)
            $fatal(1, "hc_cache_port: DATA_WIDTH must be a power of two, 32..512 (got %0d)", DATA_WIDTH);
        if (WAYS != 1 && WAYS != 2)
            $fatal(1, "hc_cache_port: WAYS must be 1 (direct-mapped) or 2 (got %0d)", WAYS);
        if (CACHE_BYTES < 4096 || CACHE_BYTES > 65536 || (CACHE_BYTES & (CACHE_BYTES - 1)) != 0)
            $fatal(1, "hc_cache_port: CACHE_BYTES must be a power of two, 4096..65536 (got %0d)", CACHE_BYTES);
        if (ADDR_WIDTH <= $clog2(CACHE_BYTES / WAYS) || ADDR_WIDTH > 64)
            $fatal(1, "hc_cache_port: ADDR_WIDTH must be %0d..64 for %0d bytes in %0d way(s) (got %0d)",
                   $clog2(CACHE_BYTES / WAYS) + 1, CACHE_BYTES, WAYS, ADDR_WIDTH);
        if (ID_WIDTH < 1 || ID_WIDTH > 32) $fatal(1, "hc_cache_port: ID_WIDTH must be 1..32 (got %0d)", ID_WIDTH);
    end
    localparam int SB   = $clog2(NB);                  // byte offset bits of a word
    localparam int BPL  = 64 / NB;                     // words (beats) per line, 1..16
    localparam int WO   = $clog2(BPL);                 // word offset bits in a line, 0..4
    localparam int KW   = WO + 1;                      // a count of words, 0..BPL
    localparam int SETS = CACHE_BYTES / (64 * WAYS);
    localparam int SW   = $clog2(SETS);
    localparam int DAW  = SW + WO;                     // data RAM address: {set, word}
    localparam int TW   = ADDR_WIDTH - 6 - SW;         // tag bits
    localparam int EW   = TW + 2;                      // a tag store entry: {valid, dirty, tag}
    localparam int EV   = EW - 1;                      // (its valid bit)
    localparam int ED   = EW - 2;                      // (its dirty bit)
    localparam logic [KW-1:0] WMASK = KW'(BPL - 1);

    function automatic logic [DATA_WIDTH-1:0] merge(input logic [DATA_WIDTH-1:0] old,
                                                   input logic [DATA_WIDTH-1:0] nw, input logic [NB-1:0] strb);
        logic [DATA_WIDTH-1:0] r;
        for (int b = 0; b < NB; b++) r[8*b +: 8] = strb[b] ? nw[8*b +: 8] : old[8*b +: 8];
        return r;
    endfunction
    function automatic logic [DAW-1:0] didx(input logic [SW-1:0] set, input logic [KW-1:0] word);
        return (DAW'(set) << WO) | DAW'(word & WMASK);
    endfunction
    function automatic logic [ADDR_WIDTH-1:0] line_addr(input logic [TW-1:0] tag, input logic [SW-1:0] set,
                                                        input logic [KW-1:0] word);
        return (ADDR_WIDTH'(tag) << (6 + SW)) | (ADDR_WIDTH'(set) << 6) | (ADDR_WIDTH'(word & WMASK) << SB);
    endfunction

    typedef enum logic [2:0] {S_IDLE, S_MISS, S_WALK, S_FWB, S_FEND} state_t;
    state_t st, st_next;

    // ---------------------------------------------------------------- data RAM (block RAM, one per way)
    logic                             d_re;            // read both ways' data RAMs at d_raddr
    logic [DAW-1:0]                   d_raddr;
    logic [WAYS-1:0]                  d_wsel;          // the way written
    logic [NB-1:0]                    d_be;
    logic [DAW-1:0]                   d_waddr;
    logic [DATA_WIDTH-1:0]            d_wdata;
    logic [WAYS-1:0][DATA_WIDTH-1:0]  d_rd;            // the registered reads
    for (genvar w = 0; w < WAYS; w++) begin : g_way
        logic [DATA_WIDTH-1:0] dmem [SETS * BPL];
        logic [DATA_WIDTH-1:0] dq;
        always_ff @(posedge aclk) begin
            if (d_wsel[w])
                for (int b = 0; b < NB; b++)
                    if (d_be[b]) dmem[d_waddr][8*b +: 8] <= d_wdata[8*b +: 8];
            if (d_re) dq <= dmem[d_raddr];
        end
        assign d_rd[w] = dq;
    end

    // ---------------------------------------------------------------- tag store (LUT-RAM)
    // One entry {valid, dirty, tag} per set and way, and (2-way) an LRU bit per set, in LUT-RAM, read at
    // t_raddr (the set of the request being taken; else the set compared or walked next cycle) into
    // registers (ent_q, lru_q), so the compare starts from flip-flops. The writes decided by a compare
    // (a store hit's dirty bit, the LRU bit) or a command's walk are made a cycle later, from registers
    // (p_*: way mask, set, entry, LRU bit); the victim choice and the walk take the value of such a
    // write to their set made after the read (pp_*: the write in the read's cycle; p_*: the write decided
    // in it). A refill writes its entry in the cycle after its last beat (rf_tw), the missed request's
    // replay reads it in the next. The hit compare uses ent_q alone: the pending
    // writes of a compare leave valid and tag as they are, and a refill's or a walk's write is in the RAM
    // before the next compare's read.
    logic [SW-1:0]            ridx, ridx1;             // the set of s1 (or walked); ridx + 1
    logic [SW-1:0]            t_raddr;
    logic [WAYS-1:0]          p_we, pp_we;             // the pending write: entry of these ways
    logic                     p_lwe, pp_lwe;           //   the LRU bit
    logic [SW-1:0]            p_set;
    logic [EW-1:0]            p_ent, pp_ent;
    logic                     p_lru, pp_lru;
    logic                     p_here_q, pp_here_q;     // their set is the one ent_q holds
    logic [WAYS-1:0]          t_we;                    // the RAM's write: a pending one, a refill's end
    wire  [SW-1:0]            t_waddr;
    wire  [EW-1:0]            t_wdata;
    logic [WAYS-1:0][EW-1:0]  ent_q, ent;              // the read, registered; with the later writes
    logic                     lru;                     // (2-way) the way to replace next
    for (genvar w = 0; w < WAYS; w++) begin : g_tag
        (* ram_style = "distributed" *) logic [EW-1:0] tmem [SETS];
        always_ff @(posedge aclk) begin
            if (t_we[w]) tmem[t_waddr] <= t_wdata;
            ent_q[w] <= tmem[t_raddr];
        end
        assign ent[w] = (p_we[w] && p_here_q) ? p_ent : (pp_we[w] && pp_here_q) ? pp_ent : ent_q[w];
    end
    if (WAYS == 2) begin : g_lru
        (* ram_style = "distributed" *) logic lmem [SETS];
        logic lru_q;
        always_ff @(posedge aclk) begin
            if (p_lwe) lmem[p_set] <= p_lru;
            lru_q <= lmem[t_raddr];
        end
        assign lru = (p_lwe && p_here_q) ? p_lru : (pp_lwe && pp_here_q) ? pp_lru : lru_q;
    end else begin : g_nolru
        assign lru = 1'b0;
        /* verilator lint_off UNUSEDSIGNAL */
        wire unused_lru = &{1'b0, p_lwe, p_lru, pp_lwe, pp_lru};
        /* verilator lint_on UNUSEDSIGNAL */
    end

    // ---------------------------------------------------------------- the compare stage (s1)
    logic                  ready_q;                    // s_req_ready
    logic                  s1_valid, s1_stale;         // stale: its RAM read predates a refill: read again
    logic [ADDR_WIDTH-1:0] s1_addr;
    logic                  s1_we;
    logic [DATA_WIDTH-1:0] s1_wdata;
    logic [NB-1:0]         s1_wstrb;
    wire  [SW-1:0]         s1_set  = s1_addr[6 + SW - 1:6];
    wire  [TW-1:0]         s1_tag  = s1_addr[ADDR_WIDTH-1:6 + SW];
    wire  [DAW-1:0]        s1_didx = s1_addr[6 + SW - 1:SB];
    wire  [KW-1:0]         s1_word = KW'(s1_didx) & WMASK;
    wire  [DAW-1:0]        rq_didx = s_req_addr[6 + SW - 1:SB];
    assign s_req_ready = ready_q;
    wire                   accept = s_req_valid && ready_q;
    // stores: the data RAM's byte write a cycle after the compare (st1), from registers. A load compared
    // one or two cycles after a store hit to its word (its RAM read was before or with the store's
    // write) takes the bytes of that store (or of both: the later one's first) from fwd_q: fwd_be marks
    // them, both chosen on the handshake (the word addresses compared there with the store in the compare
    // stage and with the one in st1). A refill's answering beat comes through fwd_q too (fwd_be all
    // ones). So each byte of a response is the RAM's read through the hit way's mux, or a flip-flop's.
    logic                        st1_v;                // st1: the store hit compared last cycle
    logic                        st1_way;
    logic [ADDR_WIDTH-1:SB]      st1_wa;
    logic [NB-1:0]               st1_strb;
    logic [DATA_WIDTH-1:0]       st1_wdata;
    logic [NB-1:0]               fwd_be;
    logic [DATA_WIDTH-1:0]       fwd_q;

    logic [WAYS-1:0]       way_hit;
    always_comb
        for (int w = 0; w < WAYS; w++) way_hit[w] = ent_q[w][EV] && ent_q[w][TW-1:0] == s1_tag;
    wire                   hit     = |way_hit;
    // (kept: the compare is finished into hit_way before the data RAM's late read meets it, not mapped
    // into the same LUTs; the response is then one mux level after the RAM)
    (* keep *) wire        hit_way = (WAYS == 2) ? way_hit[WAYS-1] : 1'b0;
    wire [DATA_WIDTH-1:0]  hit_word = d_rd[hit_way];
    wire [DATA_WIDTH-1:0]  hit_data = merge(hit_word, fwd_q, fwd_be);
    wire                   s1_live = s1_valid && !s1_stale && st == S_IDLE;
    wire                   hit_ret = s1_live && hit;   // answered (and, a store, written next cycle) now
    wire                   miss_go = s1_live && !hit;
    wire                   st_ret  = hit_ret && s1_we;
    // the request being taken reads the word of the store compared now (fw1) or of the one in st1 (fw2)
    wire                   fw1 = s_req_addr[ADDR_WIDTH-1:SB] == s1_addr[ADDR_WIDTH-1:SB];
    wire                   fw2 = s_req_addr[ADDR_WIDTH-1:SB] == st1_wa;
    // the victim: an invalid way, else the least recently used one
    wire                   v_way   = (WAYS == 1) ? 1'b0 : !ent[0][EV] ? 1'b0 : !ent[WAYS-1][EV] ? 1'b1 : lru;
    wire                   v_dirty = ent[v_way][EV] && ent[v_way][ED];
    wire  [TW-1:0]         v_tag   = ent[v_way][TW-1:0];

    // ---------------------------------------------------------------- write-back engine (victims and flushes)
    logic                  wb_active;                  // from its start until its B
    logic                  wb_way;
    logic [SW-1:0]         wb_set;
    logic [KW-1:0]         wb_c;                       // the line's first word in burst order
    logic [KW-1:0]         rd_cnt, cap_cnt, w_cnt;     // words read out of the RAM, in the buffer, sent
    logic                  cap_v, cap_v2;              // the RAM's read register holds a word; cap_d does
    logic [DATA_WIDTH-1:0] cap_d;                      // (the word, registered before the buffer: word cap_cnt)
    logic [BPL*DATA_WIDTH-1:0] vbuf;                   // the line, in burst order
    wire                   rd_go = wb_active && rd_cnt != KW'(BPL);
    wire  [KW-1:0]         cap_i = cap_cnt & WMASK;       // (buffer positions)
    wire  [KW-1:0]         w_i   = w_cnt & WMASK;

    // ---------------------------------------------------------------- refill engine
    // (the missed request: rf_* are s1_* copied in every cycle of S_IDLE, so held from the miss on, while
    // s1 may take the next request)
    logic                  rf_active;                  // from the miss until the line's last R beat
    logic                  rf_guard;                   // the victim is being read out of the same RAM words
    logic                  rf_err;
    logic                  rf_tw;                      // the refilled line's entry is written now
    logic                  rf_way;
    logic [ADDR_WIDTH-1:SB] rf_wa;                     // the missed word's address
    logic                  rf_we;
    logic [DATA_WIDTH-1:0] rf_wdata;
    logic [NB-1:0]         rf_wstrb;
    logic [KW-1:0]         r_cnt;
    logic                  m_rsp_valid, m_rsp_err;     // the missed request's answer (one cycle)
    wire  [SW-1:0]         rf_set = rf_wa[6 + SW - 1:6];
    wire  [TW-1:0]         rf_tag = rf_wa[ADDR_WIDTH-1:6 + SW];
    wire  [DAW-1:0]        rf_didx = rf_wa[6 + SW - 1:SB];
    wire  [KW-1:0]         rf_c   = KW'(rf_didx) & WMASK;
    assign m_axi_rready = rf_active && (!rf_guard || !wb_active || rd_cnt > r_cnt);
    wire                   r_hs  = m_axi_rvalid && m_axi_rready;
    wire                   r_err = m_axi_rresp[1];
    wire                   r_end = r_hs && r_cnt == KW'(BPL - 1);
    wire                   miss_done = st == S_MISS && !rf_active && !rf_tw && !wb_active;
    wire                   replay = miss_done && s1_valid;

    // ---------------------------------------------------------------- commands (and the clear after reset)
    logic                  cmd_busy, init_q;
    logic [1:0]            cmd_op_q;
    assign cmd_ready = !cmd_busy;
    wire                   cmd_take  = cmd_valid && !cmd_busy;
    wire                   cmd_start = st == S_IDLE && cmd_busy && !s1_valid;
    logic [WAYS-1:0]       f_dirty;
    always_comb
        for (int w = 0; w < WAYS; w++) f_dirty[w] = ent[w][EV] && ent[w][ED];
    wire                   f_way     = (WAYS == 2) ? !f_dirty[0] : 1'b0;   // the first dirty way
    wire                   f_last    = ridx == SW'(SETS - 1);
    wire                   wb_go_f   = st == S_WALK && cmd_op_q[0] && |f_dirty;
    wire                   f_next    = st == S_WALK && !wb_go_f;           // this set done: the next
    wire                   wb_go     = (miss_go && v_dirty) || wb_go_f;

    always_comb begin
        st_next = st;
        case (st)
            S_IDLE:   if (miss_go) st_next = S_MISS;
                      else if (cmd_start) st_next = (cmd_op_q != 2'd0) ? S_WALK : S_FEND;
            S_MISS:   if (miss_done) st_next = S_IDLE;
            S_WALK:   if (wb_go_f) st_next = S_FWB;
                      else if (f_last) st_next = S_FEND;
            S_FWB:    if (!wb_active) st_next = S_WALK;
            S_FEND:   st_next = S_IDLE;
            default:  st_next = S_IDLE;
        endcase
    end

    // the tag store's read: the request taken now; a command's first set; the walk's next set (read
    // while this one is checked; the current one again while a write-back runs)
    always_comb
        if (accept) t_raddr = s_req_addr[6 + SW - 1:6];
        else if (cmd_start) t_raddr = '0;
        else if (st == S_WALK) t_raddr = ridx1;
        else t_raddr = ridx;
    assign t_waddr = rf_tw ? rf_set : p_set;
    assign t_wdata = rf_tw ? {!rf_err, rf_we && !rf_err, rf_tag} : p_ent;
    always_comb begin
        t_we = p_we;
        if (rf_tw) t_we[rf_way] = 1'b1;
    end

    // ---------------------------------------------------------------- data RAM ports
    always_comb begin
        d_re = 1'b1;
        d_raddr = rq_didx;                             // the request taken now; else a replay, a read-out
        if (!accept) begin
            if (replay) d_raddr = s1_didx;
            else if (rd_go) d_raddr = didx(wb_set, (wb_c + rd_cnt) & WMASK);
            else d_re = 1'b0;
        end
        d_wsel = '0;
        d_be = st1_strb;
        d_waddr = st1_wa[6 + SW - 1:SB];
        d_wdata = st1_wdata;
        if (st1_v) d_wsel[st1_way] = 1'b1;
        else if (r_hs) begin
            d_wsel[rf_way] = 1'b1;
            d_be = '1;
            d_waddr = didx(rf_set, (rf_c + r_cnt) & WMASK);
            d_wdata = (r_cnt == '0 && rf_we) ? merge(m_axi_rdata, rf_wdata, rf_wstrb) : m_axi_rdata;
        end
    end

    // ---------------------------------------------------------------- responses (bypass or a 2-entry buffer)
    wire                   rin_valid = hit_ret || m_rsp_valid;
    wire                   rin_err   = m_rsp_valid && m_rsp_err;
    // the buffer: 2 entries in flip-flops, the free one at the write pointer loaded in every cycle (its
    // enable from flops; never full while a response can come: at most 2 requests in flight). An entry
    // holds the data RAM's read of every way as it came, the hit way and the forwarded bytes beside it
    // (selected and merged on the way out), so nothing is between the RAM's read and the buffer.
    localparam int RBW = 1 + 1 + NB + DATA_WIDTH + WAYS * DATA_WIDTH;
    logic [1:0][RBW-1:0]   rb_mem;                     // {err, hit way, forwarded bytes' enables, their data,
                                                       //  the ways' words}
    logic                  rb_wp, rb_rp, rb_empty, rb_full;
    wire                   rb_push = rin_valid && (!rb_empty || !s_rsp_ready);
    wire                   rb_pop  = !rb_empty && s_rsp_ready;
    wire  [RBW-1:0]        rb_e = rb_mem[rb_rp];
    wire  [WAYS-1:0][DATA_WIDTH-1:0] rb_ways = rb_e[WAYS*DATA_WIDTH-1:0];
    wire                   rb_hw = rb_e[RBW-2];
    wire  [DATA_WIDTH:0]   rb_head = {rb_e[RBW-1],
                                      merge(rb_ways[rb_hw], rb_e[(WAYS+1)*DATA_WIDTH-1:WAYS*DATA_WIDTH],
                                            rb_e[(WAYS+1)*DATA_WIDTH+NB-1:(WAYS+1)*DATA_WIDTH])};
    always_ff @(posedge aclk) begin
        for (int k = 0; k < 2; k++)
            if (!rb_full && rb_wp == 1'(k)) rb_mem[k] <= {rin_err, hit_way, fwd_be, fwd_q, d_rd};
        if (!aresetn) begin
            rb_wp <= 1'b0; rb_rp <= 1'b0; rb_empty <= 1'b1; rb_full <= 1'b0;
        end else begin
            if (rb_push) rb_wp <= !rb_wp;
            if (rb_pop) rb_rp <= !rb_rp;
            if (rb_push && !rb_pop) begin rb_empty <= 1'b0; rb_full <= !rb_empty; end
            if (rb_pop && !rb_push) begin rb_full <= 1'b0; rb_empty <= !rb_full; end
        end
    end
    assign s_rsp_valid = !rb_empty || rin_valid;
    assign {s_rsp_err, s_rsp_rdata} = !rb_empty ? rb_head : {rin_err, hit_data};
    wire                   deliver = s_rsp_valid && s_rsp_ready;
    logic [1:0]            out_q;                      // requests taken, not yet answered
    wire  [1:0]            out_next = out_q + 2'(accept) - 2'(deliver);
    wire                   cmd_end = st == S_FEND;
    wire                   cmd_busy_next = cmd_take || (cmd_busy && !cmd_end);
    logic                  inc_hit, inc_miss, inc_wb;  // the counters' increments, a cycle late

    // ---------------------------------------------------------------- state
    always_ff @(posedge aclk) begin
        if (!aresetn) begin
            st <= S_WALK;                              // (clear the tag store: an invalidate)
            cmd_op_q <= 2'd2;
            cmd_busy <= 1'b1; init_q <= 1'b1; cmd_done <= 1'b0;
            ridx <= '0; ridx1 <= SW'(1);
            ready_q <= 1'b0;
            s1_valid <= 1'b0; s1_stale <= 1'b0;
            st1_v <= 1'b0; fwd_be <= '0;
            p_we <= '0; p_lwe <= 1'b0; pp_we <= '0; pp_lwe <= 1'b0;
            wb_active <= 1'b0; cap_v <= 1'b0; cap_v2 <= 1'b0;
            rf_active <= 1'b0; rf_tw <= 1'b0; m_rsp_valid <= 1'b0;
            m_axi_awvalid <= 1'b0; m_axi_arvalid <= 1'b0;
            out_q <= '0;
            inc_hit <= 1'b0; inc_miss <= 1'b0; inc_wb <= 1'b0;
            cnt_hits <= '0; cnt_misses <= '0; cnt_writebacks <= '0; err_sticky <= 1'b0;
        end else begin
            st <= st_next;
            out_q <= out_next;
            ready_q <= st_next == S_IDLE && !cmd_busy_next && out_next < 2'd2;
            cmd_done <= cmd_end && !init_q;
            if (cmd_end) init_q <= 1'b0;
            cmd_busy <= cmd_busy_next;
            if (cmd_take) cmd_op_q <= cmd_op;
            m_rsp_valid <= 1'b0;
            // the compare stage
            if (accept) begin
                s1_valid <= 1'b1;
                s1_stale <= miss_go;
            end else if (s1_live) s1_valid <= 1'b0;
            if (replay) s1_stale <= 1'b0;
            st1_v <= st_ret;
            if (r_hs && r_cnt == '0) fwd_be <= '1;
            else fwd_be <= (accept && fw1 && st_ret ? s1_wstrb : '0) | (accept && fw2 && st1_v ? st1_strb : '0);
            // the tag store's pending writes (made next cycle): a compare's (a store hit sets the line
            // dirty; the LRU bit), a command's walk (a flushed line made clean; invalidate: both ways
            // cleared). (A refill writes its entry through rf_tw: valid unless an R beat erred.)
            p_we <= '0;
            p_lwe <= 1'b0;
            pp_we <= p_we;
            pp_lwe <= p_lwe;
            if (s1_live) begin
                if (st_ret) p_we[hit_way] <= 1'b1;
                p_lwe <= WAYS == 2;
            end
            if (wb_go_f) p_we[f_way] <= 1'b1;
            else if (f_next && cmd_op_q[1]) p_we <= '1;
            // a miss: the refill and (dirty victim) the write-back start together
            if (miss_go) begin
                rf_active <= 1'b1;
                m_axi_arvalid <= 1'b1;
            end
            if (m_axi_arvalid && m_axi_arready) m_axi_arvalid <= 1'b0;
            if (st == S_IDLE) rf_err <= 1'b0;
            if (!rf_active) r_cnt <= '0;
            rf_tw <= r_end;
            if (r_hs) begin
                r_cnt <= r_cnt + 1'b1;
                if (r_cnt == '0) m_rsp_valid <= 1'b1;
                if (r_err) begin rf_err <= 1'b1; err_sticky <= 1'b1; end
                if (r_end) rf_active <= 1'b0;
            end
            // the write-back engine
            if (wb_go) begin
                wb_active <= 1'b1;
                m_axi_awvalid <= 1'b1;
            end
            if (!wb_active) begin
                rd_cnt <= '0; cap_cnt <= '0; w_cnt <= '0;
            end
            if (m_axi_awvalid && m_axi_awready) m_axi_awvalid <= 1'b0;
            cap_v <= rd_go && !accept && !replay;
            if (rd_go && !accept && !replay) rd_cnt <= rd_cnt + 1'b1;
            cap_v2 <= cap_v;
            if (cap_v2) cap_cnt <= cap_cnt + 1'b1;
            if (m_axi_wvalid && m_axi_wready) w_cnt <= w_cnt + 1'b1;
            if (wb_active && m_axi_bvalid) begin
                wb_active <= 1'b0;
                if (m_axi_bresp[1]) err_sticky <= 1'b1;
            end
            // the set index: the request's; a command walks from set 0
            if (accept) begin
                ridx <= s_req_addr[6 + SW - 1:6];
                ridx1 <= s_req_addr[6 + SW - 1:6] + 1'b1;
            end else if (cmd_start) begin
                ridx <= '0;
                ridx1 <= SW'(1);
            end else if (f_next) begin
                ridx <= ridx1;
                ridx1 <= ridx1 + 1'b1;
            end
            // counters
            inc_hit <= hit_ret;
            inc_miss <= miss_go;
            inc_wb <= wb_go;
            if (cnt_clear) begin
                cnt_hits <= '0; cnt_misses <= '0; cnt_writebacks <= '0; err_sticky <= 1'b0;
            end else begin
                cnt_hits <= cnt_hits + 32'(inc_hit);
                cnt_misses <= cnt_misses + 32'(inc_miss);
                cnt_writebacks <= cnt_writebacks + 32'(inc_wb);
            end
        end
    end
    // data path registers (no reset)
    always_ff @(posedge aclk) begin
        if (accept) begin
            s1_addr <= s_req_addr;
            s1_we <= s_req_we;
            s1_wdata <= s_req_wdata;
            s1_wstrb <= s_req_wstrb;
        end
        st1_way <= hit_way;
        st1_wa <= s1_addr[ADDR_WIDTH-1:SB];
        st1_strb <= s1_wstrb;
        st1_wdata <= s1_wdata;
        if (r_hs && r_cnt == '0) fwd_q <= m_axi_rdata;
        else fwd_q <= merge(st1_wdata, s1_wdata, (accept && fw1 && st_ret) ? s1_wstrb : '0);
        // the pending tag store write's set and contents
        p_set <= ridx;
        p_here_q <= ridx == t_raddr;
        pp_here_q <= p_set == t_raddr;
        pp_ent <= p_ent;
        pp_lru <= p_lru;
        p_lru <= hit ? !hit_way : !v_way;
        p_ent <= (st == S_IDLE) ? {1'b1, 1'b1, s1_tag} : {wb_go_f, 1'b0, ent[f_way][TW-1:0]};
        // the missed request, the victim (taken in every cycle of S_IDLE: held from the miss on)
        if (st == S_IDLE) begin
            rf_wa <= s1_addr[ADDR_WIDTH-1:SB];
            rf_we <= s1_we;
            rf_wdata <= s1_wdata;
            rf_wstrb <= s1_wstrb;
            rf_way <= v_way;
            rf_guard <= v_dirty;
            wb_way <= v_way;
            wb_set <= s1_set;
            wb_c <= s1_word;
            m_axi_awaddr <= line_addr(v_tag, s1_set, s1_word);
        end else if (st == S_WALK) begin
            wb_way <= f_way;
            wb_set <= ridx;
            wb_c <= '0;
            m_axi_awaddr <= line_addr(ent[f_way][TW-1:0], ridx, '0);
        end
        if (r_hs && r_cnt == '0) m_rsp_err <= r_err;
        cap_d <= d_rd[wb_way];
        if (cap_v2) vbuf[int'(cap_i) * DATA_WIDTH +: DATA_WIDTH] <= cap_d;
    end
    assign m_axi_araddr = {rf_wa, SB'(0)};
    assign m_axi_wvalid = wb_active && w_cnt != KW'(BPL) && cap_cnt > w_cnt;
    assign m_axi_wdata  = vbuf[int'(w_i) * DATA_WIDTH +: DATA_WIDTH];
    assign m_axi_wstrb  = '1;
    assign m_axi_wlast  = w_cnt == KW'(BPL - 1);
    assign m_axi_bready = 1'b1;
    assign m_axi_awid = '0;
    assign m_axi_awlen = 8'(BPL - 1);
    assign m_axi_awsize = 3'(SB);
    assign m_axi_awburst = (BPL > 1) ? 2'b10 : 2'b01;
    assign m_axi_awlock = 1'b0;
    assign m_axi_awcache = 4'b0011;
    assign m_axi_awprot = 3'b000;
    assign m_axi_awqos = 4'd0;
    assign m_axi_arid = '0;
    assign m_axi_arlen = 8'(BPL - 1);
    assign m_axi_arsize = 3'(SB);
    assign m_axi_arburst = (BPL > 1) ? 2'b10 : 2'b01;
    assign m_axi_arlock = 1'b0;
    assign m_axi_arcache = 4'b0011;
    assign m_axi_arprot = 3'b000;
    assign m_axi_arqos = 4'd0;
    // (rf_didx: its set bits; only its word bits are used, in rf_c)
    /* verilator lint_off UNUSEDSIGNAL */
    wire unused = &{1'b0, m_axi_rid, m_axi_bid, m_axi_rlast, m_axi_rresp[0], m_axi_bresp[0], s_req_addr[SB-1:0],
                    s1_addr[SB-1:0], rf_didx[DAW-1:WO]};
    /* verilator lint_on UNUSEDSIGNAL */
endmodule
