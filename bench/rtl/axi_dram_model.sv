// SPDX-License-Identifier: Apache-2.0
// axi_dram_model — simulation-only AXI4 memory that behaves like a DRAM behind its controller: one
// half-duplex data bus shared by reads and writes, banks with open rows, activate/precharge/refresh
// timing, write-to-read and read-to-write turnarounds (issue 18, FastLane; paper 002's ML310 DDR-200).
// Not synthesizable (queues, associative arrays).
//
// Why: axi_mem_model answers every read after a fixed latency on a full-duplex bus, so a copy there sees
// twice the rate a real memory gives, and nothing costs a row change or a refresh. Here every access
// holds the one data bus for its beats, and pays what its bank and the bus direction make it pay.
//
// The controller, as modelled (all times in aclk cycles; one AXI beat per cycle on the data bus):
//   - An AXI burst is one access (an AXI-legal burst never crosses 4 KB, and rows are 4 KB or more, so it
//     stays in one row). Address map: column bits low, then bank, then row (ROW_BYTES per row), so a
//     sequential stream fills a row, then moves to the next bank.
//   - Accesses are taken in arrival order (AR/AW handshake; a read before a write of the same cycle). A
//     write is eligible once its last W beat has arrived (the controller buffers its data); reads pass
//     writes whose data is still coming. HP_QOS (1..15): requests with AxQOS >= HP_QOS go to a
//     high-priority queue, served before the others (how Zynq UltraScale+'s DDR controller treats its
//     low-latency class); 16 (default): one queue. WRITE_BATCH n >= 1: reads first, writes held until n
//     of them have their data (or no read is eligible, or one has waited WRITE_AGE cycles), then n
//     drained in a row (more while no read waits) — fewer bus turnarounds, as controllers with a write
//     queue and a watermark do; 0 (default): arrival order. REORDER 1: among the
//     eligible accesses the oldest row hit goes first (FR-FCFS), else the oldest. Never ahead of an older
//     access of the same ID and direction (AXI order per ID), whatever the queue or policy.
//   - The access chosen in a cycle is scheduled at once: its bank is activated (precharging another open
//     row first) and its column command placed at the first cycle its bank, the bus and the turnarounds
//     allow; the next access is chosen when that column command issues (one command ahead), so a change
//     of bank overlaps the previous access's data.
//       row hit:       column >= the bank's tRCD from its activate
//       row closed:    activate >= the bank's activate-allowed time, column = activate + tRCD
//       row conflict:  precharge >= tRAS after the activate and >= the bank's write recovery (tWR after
//                      the last write data), activate = precharge + tRP, column = activate + tRCD
//       read data  = column + tCL,  >= the previous data's end, and its column >= tWTR after the
//                    last write data's end
//       write data = column + tCWL, >= the previous data's end and >= tRTW after the last read data's end
//     An access holds the bus for its beats rounded up to the burst length BL (a short access wastes the
//     rest of its burst). Every tREFI cycles a refresh waits for the bus and the banks, precharges every
//     open row (tRP) and blocks the banks for tRFC; every row is closed after it.
// Latency (cycles from the AR handshake to the first RVALID, idle, RREADY high; from the last W handshake
//   to BVALID): read 1 + tCL (row hit), 1 + tRCD + tCL (row closed), 1 + tRP + tRCD + tCL (row conflict);
//   write B 1 + tRCD + tCWL + max(beats, BL) (closed; 1 + tCWL + ... on a hit). R beats follow one per
//   cycle as they leave the bus; with RREADY low they wait in order (the bus does not stop for them).
// Data: a byte never written reads as hc_bench_pkg::pattern(a) (as axi_mem_model); writes honour WSTRB;
//   the data a read returns is the memory as its access leaves the bus in scheduled order.
// Parameters: ADDR_WIDTH, DATA_WIDTH, ID_WIDTH; PRESET ("ddr200_64", "ddr4_2400" or "custom"); T_RCD,
//   T_CL, T_CWL, T_RP, T_RAS, T_WR, T_WTR, T_RTW, T_RFC, T_REFI, BL (beats), BANKS, ROW_BYTES: -1 takes
//   the preset's value, a value >= 0 overrides it ("custom" needs every one given); HP_QOS (1..15, 16:
//   off); REORDER (0/1); WRITE_BATCH (0: off, 1..QUEUE_DEPTH), WRITE_AGE (cycles, >= 1); QUEUE_DEPTH
//   (accesses accepted per direction).
//   ddr200_64: the ML310's DDR-200 DIMM as paper 002 runs it — 64-bit, one word per 100 MHz cycle (800
//     MB/s, "single data rate as the paper counts it"; 1600 MB/s peak at double rate): CL 2, tRCD 2, tRP
//     2, tRAS 5, tWR 2, tWTR 1, tRTW 2, tCWL 1, tRFC 8 (75 ns), tREFI 780 (7.8 us), BL 4, 4 banks, 8 KB
//     rows.
//   ddr4_2400: a 64-bit DDR4-2400 channel seen from a 300 MHz aclk with DATA_WIDTH 512 (one beat = one
//     BL8 burst, 19.2 GB/s): CL 4 (13.3 ns), tRCD 4, tRP 4, tRAS 10 (32 ns), tWR 5 (15 ns), tWTR 3
//     (7.5 ns), tRTW 2, tCWL 3, tRFC 105 (350 ns, 8 Gb), tREFI 2340 (7.8 us), BL 1, 16 banks, 8 KB rows.
// Assumes: AXI-legal bursts (the protocol checker's rules); W after its AW (WREADY waits for an AW);
//   RRESP/BRESP always OKAY.
/* verilator lint_off BLKSEQ */
// (cycle times are longint, the timing parameters int: the widening is intended)
/* verilator lint_off WIDTHEXPAND */
module axi_dram_model #(
    parameter int    ADDR_WIDTH  = 32,
    parameter int    DATA_WIDTH  = 64,
    parameter int    ID_WIDTH    = 6,
    parameter string PRESET      = "ddr200_64",
    parameter int    T_RCD       = -1,
    parameter int    T_CL        = -1,
    parameter int    T_CWL       = -1,
    parameter int    T_RP        = -1,
    parameter int    T_RAS       = -1,
    parameter int    T_WR        = -1,
    parameter int    T_WTR       = -1,
    parameter int    T_RTW       = -1,
    parameter int    T_RFC       = -1,
    parameter int    T_REFI      = -1,
    parameter int    BL          = -1,
    parameter int    BANKS       = -1,
    parameter int    ROW_BYTES   = -1,
    parameter int    HP_QOS      = 16,
    parameter int    REORDER     = 0,
    parameter int    WRITE_BATCH = 0,
    parameter int    WRITE_AGE   = 256,
    parameter int    QUEUE_DEPTH = 32,
    localparam int   NB          = DATA_WIDTH / 8
) (
    input  logic                  aclk,
    input  logic                  aresetn,
    input  logic [ID_WIDTH-1:0]   s_axi_awid,
    input  logic [ADDR_WIDTH-1:0] s_axi_awaddr,
    input  logic [7:0]            s_axi_awlen,
    input  logic [2:0]            s_axi_awsize,
    input  logic [1:0]            s_axi_awburst,
    input  logic [3:0]            s_axi_awqos,
    input  logic                  s_axi_awvalid,
    output logic                  s_axi_awready,
    input  logic [DATA_WIDTH-1:0] s_axi_wdata,
    input  logic [NB-1:0]         s_axi_wstrb,
    input  logic                  s_axi_wlast,
    input  logic                  s_axi_wvalid,
    output logic                  s_axi_wready,
    output logic [ID_WIDTH-1:0]   s_axi_bid,
    output logic [1:0]            s_axi_bresp,
    output logic                  s_axi_bvalid,
    input  logic                  s_axi_bready,
    input  logic [ID_WIDTH-1:0]   s_axi_arid,
    input  logic [ADDR_WIDTH-1:0] s_axi_araddr,
    input  logic [7:0]            s_axi_arlen,
    input  logic [2:0]            s_axi_arsize,
    input  logic [1:0]            s_axi_arburst,
    input  logic [3:0]            s_axi_arqos,
    input  logic                  s_axi_arvalid,
    output logic                  s_axi_arready,
    output logic [ID_WIDTH-1:0]   s_axi_rid,
    output logic [DATA_WIDTH-1:0] s_axi_rdata,
    output logic [1:0]            s_axi_rresp,
    output logic                  s_axi_rlast,
    output logic                  s_axi_rvalid,
    input  logic                  s_axi_rready,
    // statistics since reset (for benches and tests): data beats on the bus per direction, refreshes,
    // accesses by row state, accesses served from the high-priority queue
    output longint                stat_rd_beats,
    output longint                stat_wr_beats,
    output longint                stat_refreshes,
    output longint                stat_hits,
    output longint                stat_closed,
    output longint                stat_conflicts,
    output longint                stat_hp
);
    // ---- the timing in use: the preset's, each overridden by a parameter >= 0
    //   fields: 0 tRCD, 1 tCL, 2 tCWL, 3 tRP, 4 tRAS, 5 tWR, 6 tWTR, 7 tRTW, 8 tRFC, 9 tREFI, 10 BL,
    //   11 banks, 12 row bytes
    function automatic int preset_value(input string name, input int f);
        if (name == "ddr200_64")
            case (f)
                0: return 2;    1: return 2;   2: return 1;   3: return 2;   4: return 5;   5: return 2;
                6: return 1;    7: return 2;   8: return 8;   9: return 780; 10: return 4;  11: return 4;
                default: return 8192;
            endcase
        if (name == "ddr4_2400")
            case (f)
                0: return 4;    1: return 4;   2: return 3;   3: return 4;   4: return 10;  5: return 5;
                6: return 3;    7: return 2;   8: return 105; 9: return 2340; 10: return 1; 11: return 16;
                default: return 8192;
            endcase
        return -1;                                                 // "custom": every value given
    endfunction
    function automatic int pick(input int given, input int f);
        return (given >= 0) ? given : preset_value(PRESET, f);
    endfunction
    localparam int TRCD = pick(T_RCD, 0), TCL = pick(T_CL, 1), TCWL = pick(T_CWL, 2), TRP = pick(T_RP, 3);
    localparam int TRAS = pick(T_RAS, 4), TWR = pick(T_WR, 5), TWTR = pick(T_WTR, 6), TRTW = pick(T_RTW, 7);
    localparam int TRFC = pick(T_RFC, 8), TREFI = pick(T_REFI, 9), NBL = pick(BL, 10), NBANKS = pick(BANKS, 11);
    localparam int ROWB = pick(ROW_BYTES, 12);

    initial begin
        if (PRESET != "ddr200_64" && PRESET != "ddr4_2400" && PRESET != "custom")
            $fatal(1, "axi_dram_model: PRESET must be \"ddr200_64\", \"ddr4_2400\" or \"custom\" (got \"%s\")", PRESET);
        if (TRCD < 0 || TCL < 0 || TCWL < 0 || TRP < 0 || TRAS < 0 || TWR < 0 || TWTR < 0 || TRTW < 0
            || TRFC < 0 || TREFI < 1 || NBL < 1 || NBANKS < 1 || ROWB < 1)
            $fatal(1, "axi_dram_model: PRESET \"custom\" needs every timing given (T_* >= 0, T_REFI, BL, BANKS, ROW_BYTES >= 1)");
        if ((NBANKS & (NBANKS - 1)) != 0 || (ROWB & (ROWB - 1)) != 0 || ROWB < 4096)
            $fatal(1, "axi_dram_model: BANKS must be a power of two and ROW_BYTES a power of two >= 4096 (got %0d, %0d)",
                   NBANKS, ROWB);
        if (TREFI <= TRFC + TRP)
            $fatal(1, "axi_dram_model: T_REFI (%0d) must exceed T_RFC + T_RP (%0d)", TREFI, TRFC + TRP);
        if (DATA_WIDTH < 8 || (DATA_WIDTH & (DATA_WIDTH - 1)) != 0)
            $fatal(1, "axi_dram_model: DATA_WIDTH must be a power of two >= 8 (got %0d)", DATA_WIDTH);
        if (HP_QOS < 1 || HP_QOS > 16) $fatal(1, "axi_dram_model: HP_QOS must be 1..16 (got %0d)", HP_QOS);
        if (REORDER != 0 && REORDER != 1) $fatal(1, "axi_dram_model: REORDER must be 0 or 1 (got %0d)", REORDER);
        if (WRITE_BATCH < 0 || WRITE_BATCH > QUEUE_DEPTH)
            $fatal(1, "axi_dram_model: WRITE_BATCH must be 0..QUEUE_DEPTH (got %0d)", WRITE_BATCH);
        if (WRITE_AGE < 1) $fatal(1, "axi_dram_model: WRITE_AGE must be >= 1 (got %0d)", WRITE_AGE);
        if (QUEUE_DEPTH < 2) $fatal(1, "axi_dram_model: QUEUE_DEPTH must be >= 2 (got %0d)", QUEUE_DEPTH);
    end

    // ---- accesses
    typedef struct {
        bit                    wr;
        logic [ID_WIDTH-1:0]   id;
        logic [ADDR_WIDTH-1:0] addr;
        logic [7:0]            len;
        logic [2:0]            size;
        logic [1:0]            burst;
        bit                    hp;
        int                    bank;
        longint                row;
        longint                arrive;    // first cycle it may be scheduled
        longint                seq;       // arrival order
        int                    wbeats;    // writes: beats received so far
    } acc_t;
    typedef struct {
        logic [ID_WIDTH-1:0]   id;
        logic [DATA_WIDTH-1:0] data;
        bit                    last;
        longint                at;        // first cycle it may be presented
    } rbeat_t;
    typedef struct {
        logic [ID_WIDTH-1:0] id;
        longint              at;
    } bresp_t;

    acc_t        pend[$];                // accepted, not yet scheduled (reads and writes)
    int          w_order[$];             // seq of the writes still taking W beats, AW order
    logic [DATA_WIDTH-1:0] wdata_q[longint][$];   // a write's beats by its seq
    logic [NB-1:0]         wstrb_q[longint][$];
    rbeat_t      r_out[$];
    bresp_t      b_out[$];
    logic [7:0]  mem[longint];
    longint      now, seq_next;
    // bank and bus state
    bit          open_b [NBANKS];
    longint      row_b [NBANKS], act_ok [NBANKS], pre_ok [NBANKS], col_ok [NBANKS];
    longint      n_rd_beats, n_wr_beats, n_refreshes, n_hits, n_closed, n_conflicts, n_hp;
    assign {stat_rd_beats, stat_wr_beats, stat_refreshes} = {n_rd_beats, n_wr_beats, n_refreshes};
    assign {stat_hits, stat_closed, stat_conflicts, stat_hp} = {n_hits, n_closed, n_conflicts, n_hp};
    longint      bus_free, rd_end, wr_end, next_dec, next_ref;
    int          n_rd_pend, n_wr_pend;
    bit          draining;               // WRITE_BATCH: serving a batch of writes
    int          drain_left;             // writes of the batch still to serve

    function automatic logic [ADDR_WIDTH-1:0] beat_addr(input acc_t a, input int beat);
        return ADDR_WIDTH'(hc_bench_pkg::beat_addr(64'(a.addr), a.len, a.size, a.burst, beat));
    endfunction

    function automatic logic [DATA_WIDTH-1:0] read_beat(input logic [ADDR_WIDTH-1:0] a);
        logic [ADDR_WIDTH-1:0] base, ba;
        logic [DATA_WIDTH-1:0] d;
        base = a & ~ADDR_WIDTH'(NB - 1);
        for (int i = 0; i < NB; i++) begin
            ba = base + ADDR_WIDTH'(i);
            d[i*8 +: 8] = hc_bench_pkg::stored_byte(mem, longint'(ba));
        end
        return d;
    endfunction

    function automatic longint lmax(input longint a, input longint b);
        return (a > b) ? a : b;
    endfunction

    function automatic acc_t make_acc(input bit wr, input logic [ID_WIDTH-1:0] id, input logic [ADDR_WIDTH-1:0] addr,
                                      input logic [7:0] len, input logic [2:0] size, input logic [1:0] burst,
                                      input logic [3:0] qos, input longint arrive, input longint seq);
        acc_t a;
        longint unit_bytes;
        a.wr = wr; a.id = id; a.addr = addr; a.len = len; a.size = size; a.burst = burst;
        a.hp = (HP_QOS <= 15) && (int'(qos) >= HP_QOS);
        unit_bytes = longint'(addr) / ROWB;                         // row-sized units: bank low, row high
        a.bank = int'(unit_bytes % NBANKS);
        a.row = unit_bytes / NBANKS;
        a.arrive = arrive; a.seq = seq; a.wbeats = 0;
        return a;
    endfunction

    // may pend[i] be scheduled at cycle t: arrived, its data complete (writes), and no older access of the
    // same ID and direction waiting
    // pend[i] has arrived by cycle t and (a write) has all its data
    function automatic bit ready(input int i, input longint t);
        return pend[i].arrive <= t && (!pend[i].wr || pend[i].wbeats > int'(pend[i].len));
    endfunction
    // ... and may be scheduled: no older access of the same ID and direction waits
    function automatic bit eligible(input int i, input longint t);
        if (!ready(i, t)) return 1'b0;
        for (int j = 0; j < i; j++)
            if (pend[j].wr == pend[i].wr && pend[j].id == pend[i].id) return 1'b0;
        return 1'b1;
    endfunction

    // the access to schedule at cycle t (-1: none): the high-priority ones first if any is eligible;
    // WRITE_BATCH (but for high-priority ones): reads while fewer than WRITE_BATCH writes have their data
    // (eligible or behind an older one of their ID) and none has waited WRITE_AGE cycles since its data
    // was complete; then a drain: WRITE_BATCH writes (more while no read is eligible), or fewer if none
    // is eligible; among the candidates the oldest, or (REORDER) the oldest row hit, else the oldest
    task automatic choose(input longint t, output int pick_k);
        int  first, first_hit, nr, nw, nw_ready;
        bit  any_hp, aged;
        bit  el [$];                                 // eligible(i, t), worked out once per access
        any_hp = 1'b0; nr = 0; nw = 0; nw_ready = 0; aged = 1'b0;
        for (int i = 0; i < pend.size(); i++) begin
            el.push_back(eligible(i, t));
            if (pend[i].hp && el[i]) any_hp = 1'b1;
            if (pend[i].wr && ready(i, t)) begin
                nw_ready++;
                if (t - pend[i].arrive >= longint'(WRITE_AGE)) aged = 1'b1;
            end
        end
        for (int i = 0; i < pend.size(); i++)
            if (el[i] && (!any_hp || pend[i].hp)) begin
                if (pend[i].wr) nw++; else nr++;
            end
        if (WRITE_BATCH > 0) begin
            if (draining && (nw == 0 || (drain_left == 0 && nr > 0))) draining = 1'b0;
            if (!draining && nw > 0 && (nw_ready >= WRITE_BATCH || nr == 0 || aged)) begin
                draining = 1'b1;
                drain_left = WRITE_BATCH;
            end
        end
        first = -1; first_hit = -1;
        for (int i = 0; i < pend.size(); i++) begin
            if (!el[i] || (any_hp && !pend[i].hp)) continue;
            if (WRITE_BATCH > 0 && !any_hp && pend[i].wr != draining) continue;
            if (first < 0) first = i;
            if (first_hit < 0 && open_b[pend[i].bank] && row_b[pend[i].bank] == pend[i].row) first_hit = i;
        end
        pick_k = (REORDER != 0 && first_hit >= 0) ? first_hit : first;
    endtask

    // a refresh at cycle t: after the bus and every bank's recovery, precharge all, tRFC
    task automatic refresh(input longint t);
        longint start, done;
        bit any_open;
        start = lmax(t, bus_free);
        any_open = 1'b0;
        for (int b = 0; b < NBANKS; b++)
            if (open_b[b]) begin
                any_open = 1'b1;
                start = lmax(start, pre_ok[b]);
            end
        done = start + (any_open ? TRP : 0) + TRFC;
        for (int b = 0; b < NBANKS; b++) begin
            open_b[b] = 1'b0;
            act_ok[b] = done;
        end
        next_dec = done;
        next_ref = next_ref + TREFI;
        n_refreshes++;
    endtask

    // schedule pend[k] at cycle t: its commands, its bus slot, its data or its B
    task automatic schedule(input int k, input longint t);
        acc_t   a;
        longint act, pre, col0, col, ds, occ;
        int     beats, b;
        a = pend[k];
        pend.delete(k);
        b = a.bank;
        beats = int'(a.len) + 1;
        if (open_b[b] && row_b[b] == a.row) begin                 // row hit
            col0 = lmax(t, col_ok[b]);
            n_hits++;
        end else begin
            if (open_b[b]) begin                                  // row conflict: precharge first
                pre = lmax(t, pre_ok[b]);
                act = lmax(pre + TRP, act_ok[b]);
                n_conflicts++;
            end else begin
                act = lmax(t, act_ok[b]);
                n_closed++;
            end
            col0 = act + TRCD;
            open_b[b] = 1'b1;
            row_b[b] = a.row;
            col_ok[b] = col0;
            pre_ok[b] = act + TRAS;
        end
        occ = longint'(((beats + NBL - 1) / NBL) * NBL);
        if (!a.wr) begin
            col = lmax(lmax(col0, wr_end + TWTR), bus_free - TCL);
            ds  = col + TCL;
            rd_end = ds + occ;
            pre_ok[b] = lmax(pre_ok[b], col + NBL);
            for (int i = 0; i < beats; i++)
                r_out.push_back('{id: a.id, data: read_beat(beat_addr(a, i)), last: (i == beats - 1),
                                  at: ds + i});
            n_rd_beats += longint'(beats);
        end else begin
            logic [DATA_WIDTH-1:0] d;
            logic [NB-1:0]         s;
            logic [ADDR_WIDTH-1:0] base;
            col = lmax(lmax(col0, bus_free - TCWL), rd_end + TRTW - TCWL);
            ds  = col + TCWL;
            wr_end = ds + occ;
            pre_ok[b] = lmax(pre_ok[b], wr_end + TWR);
            for (int i = 0; i < beats; i++) begin
                d = wdata_q[a.seq].pop_front();
                s = wstrb_q[a.seq].pop_front();
                base = beat_addr(a, i) & ~ADDR_WIDTH'(NB - 1);
                for (int j = 0; j < NB; j++)
                    if (s[j]) mem[longint'(base + ADDR_WIDTH'(j))] = d[j*8 +: 8];
            end
            wdata_q.delete(a.seq);
            wstrb_q.delete(a.seq);
            b_out.push_back('{id: a.id, at: ds + occ});
            n_wr_beats += longint'(beats);
        end
        if (a.hp) n_hp++;
        bus_free = ds + occ;
        next_dec = col;
    endtask

    always_ff @(posedge aclk) begin
        if (!aresetn) begin
            pend.delete(); w_order.delete(); wdata_q.delete(); wstrb_q.delete(); r_out.delete(); b_out.delete();
            mem.delete();
            for (int b = 0; b < NBANKS; b++) begin
                open_b[b] = 1'b0; row_b[b] = 0; act_ok[b] = 0; pre_ok[b] = 0; col_ok[b] = 0;
            end
            now <= 0; seq_next = 0;
            bus_free = 0; rd_end = -1000; wr_end = -1000; next_dec = 0; next_ref = TREFI;
            n_rd_pend = 0; n_wr_pend = 0; draining = 1'b0; drain_left = 0;
            s_axi_arready <= 1'b0; s_axi_awready <= 1'b0; s_axi_wready <= 1'b0;
            s_axi_rvalid <= 1'b0; s_axi_bvalid <= 1'b0;
            {s_axi_rid, s_axi_rdata, s_axi_rresp, s_axi_rlast, s_axi_bid, s_axi_bresp} <= '0;
            n_rd_beats = 0; n_wr_beats = 0; n_refreshes = 0; n_hits = 0; n_closed = 0; n_conflicts = 0;
            n_hp = 0;
        end else begin
            longint t;
            int     k;
            t = now + 1;                                          // the next cycle: what is decided now
            now <= t;
            // ---- address channels (a read before a write of the same cycle)
            if (s_axi_arvalid && s_axi_arready) begin
                pend.push_back(make_acc(1'b0, s_axi_arid, s_axi_araddr, s_axi_arlen, s_axi_arsize, s_axi_arburst,
                                        s_axi_arqos, t, seq_next));
                seq_next++;
                n_rd_pend++;
            end
            if (s_axi_awvalid && s_axi_awready) begin
                pend.push_back(make_acc(1'b1, s_axi_awid, s_axi_awaddr, s_axi_awlen, s_axi_awsize, s_axi_awburst,
                                        s_axi_awqos, t, seq_next));
                w_order.push_back(int'(seq_next));
                seq_next++;
                n_wr_pend++;
            end
            // ---- W: into the oldest write still taking data
            if (s_axi_wvalid && s_axi_wready) begin
                int i;
                i = -1;
                for (int j = 0; j < pend.size(); j++) if (pend[j].wr && pend[j].seq == longint'(w_order[0])) i = j;
                if (i < 0) $fatal(1, "axi_dram_model: a W beat with no write taking data");
                wdata_q[pend[i].seq].push_back(s_axi_wdata);
                wstrb_q[pend[i].seq].push_back(s_axi_wstrb);
                if (pend[i].wbeats == int'(pend[i].len)) begin
                    if (!s_axi_wlast) $error("axi_dram_model: WLAST missing on the last beat of a burst");
                    pend[i].arrive = lmax(pend[i].arrive, t);
                    void'(w_order.pop_front());
                end else if (s_axi_wlast) begin
                    $error("axi_dram_model: WLAST before the last beat of a burst");
                end
                pend[i].wbeats++;
            end
            // ---- refresh, then one scheduling decision per cycle (one column command ahead)
            if (t >= next_ref && t >= next_dec) refresh(t);
            if (t >= next_dec) begin
                choose(t, k);
                if (k >= 0) begin
                    if (pend[k].wr) n_wr_pend--; else n_rd_pend--;
                    if (pend[k].wr && drain_left > 0) drain_left--;
                    schedule(k, t);
                end
            end
            // ---- R and B, each in order of its bus slot, from the cycle its data has left the bus
            if (!s_axi_rvalid || s_axi_rready) begin
                s_axi_rvalid <= 1'b0;
                {s_axi_rid, s_axi_rdata, s_axi_rlast} <= '0;
                if (r_out.size() > 0 && r_out[0].at <= t) begin
                    s_axi_rvalid <= 1'b1;
                    s_axi_rid    <= r_out[0].id;
                    s_axi_rdata  <= r_out[0].data;
                    s_axi_rlast  <= r_out[0].last;
                    void'(r_out.pop_front());
                end
            end
            if (!s_axi_bvalid || s_axi_bready) begin
                s_axi_bvalid <= 1'b0;
                s_axi_bid    <= '0;
                if (b_out.size() > 0 && b_out[0].at <= t) begin
                    s_axi_bvalid <= 1'b1;
                    s_axi_bid    <= b_out[0].id;
                    void'(b_out.pop_front());
                end
            end
            s_axi_rresp   <= 2'b00;
            s_axi_bresp   <= 2'b00;
            s_axi_arready <= n_rd_pend < QUEUE_DEPTH - 1;
            s_axi_awready <= n_wr_pend < QUEUE_DEPTH - 1;
            s_axi_wready  <= w_order.size() > 0;          // (after this cycle's AW and last W)
        end
    end
endmodule
/* verilator lint_on WIDTHEXPAND */
/* verilator lint_on BLKSEQ */
