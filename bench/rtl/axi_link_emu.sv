// SPDX-License-Identifier: Apache-2.0
// axi_link_emu — simulation-only emulator of a packetized serial link (PCIe-like) between two AXI4
// ports: the requester's bridge on s_axi, the completer's memory on m_axi (issue 20, paper 004's
// cross-board path). It moves every byte, and it times every packet with the quantities of
// python/hyperconnect/linkmodel.py, so that model is checked against cycles. Not synthesizable (queues).
//
//   s_axi AW+W -> posted write TLPs (at most MPS payload, split at MPS-aligned addresses) -> downstream
//     lane(s) -> hop latency -> m_axi AW+W, one AXI burst per TLP; s_axi B once the burst's last TLP
//     has left the transmitter (a posted write is done for its requester then).
//   s_axi AR -> read requests (at most MRRS, never across 4 KB), each waiting for a free tag ->
//     downstream (header only) -> hop latency -> m_axi AR, one burst per request, once every write TLP
//     sent before it has its B on m_axi (a read never passes a posted write: PCIe's ordering rule, which a
//     bridge onto AXI keeps by waiting for B, AXI having no order between AR and AW) -> R beats gathered into
//     completions (at most MPS, split at RCB boundaries, as linkmodel.Link.completions) -> upstream ->
//     hop latency -> s_axi R, in AR order; the tag is free when the request's last completion arrives.
// Each direction is one serial resource: a packet of L bytes (payload + linkmodel's header: 12 or 16
// bytes request header, 12 completion header, 8 of framing, 4 of ECRC) holds it for
// L * 8 / (m_encoding * b_phy * lanes), from max(ready, the end of the previous packet). Writes and read
// requests share the downstream direction (a write TLP ready in the same cycle goes first).
//
// Timing (exact; tests/axi_link_emu checks it against linkmodel.emu_read_cycles). Time runs in
// units of 1/1024 ps, so every generation's byte time is an integer; clock edge n is at n * cfg_clk_ps.
//   - A packet is ready at the edge where its last data beat (W at s_axi, R at m_axi) or its request (AR
//     handshake, or a tag freed) is taken; it leaves at max(ready, the end of the previous packet), arrives
//     at the far end at its end + hops * hop time, and is presented from the first edge at or after its
//     arrival (AWVALID/ARVALID at m_axi, RVALID at s_axi change at that edge).
//   - Idle read of one completion: AR handshake at edge a; m_axi ARVALID from edge
//     m = ceil((a*T + t_req + F) / T); the completion leaves at the edge c where its last R beat is taken;
//     s_axi RVALID from edge ceil((c*T + t_cpl + F) / T), with T the clock, F the hops' flight time, t_req
//     and t_cpl the packets' times. The time at the completer (m -> c) is whatever the memory takes.
//   - s_axi B from edge ceil(end / T) of the burst's last TLP.
// Throughput: AXI accepts one beat per cycle per channel (make DATA_WIDTH * clock exceed the link rate
// to measure the link); at most QUEUE_DEPTH bursts per direction accepted and not yet answered.
// Configuration (inputs; change them only while aresetn is low; checked at the first edge after reset,
// where a bad value stops the simulation with a message): cfg_gen 1..5 (2.5/5/8/16/32 Gbit/s, 8b/10b
// to Gen2, 128b/130b from Gen3), cfg_lanes 1..32, cfg_mps / cfg_mrrs (powers of two 128..4096), cfg_rcb
// (64 / 128), cfg_addr64, cfg_ecrc, cfg_tags (1..256), cfg_hops, cfg_hop_ps (per hop and direction),
// cfg_clk_ps (the aclk period this link is timed against).
// Parameters: ADDR_WIDTH, DATA_WIDTH (32..512: every TLP must be whole beats, so 8 * RCB >= DATA_WIDTH),
// ID_WIDTH, QUEUE_DEPTH.
// Assumes (checked; a violation stops the simulation with a message): INCR bursts of full-width beats
// on beat-aligned addresses (a bridge's packer would do this; the emulator does not reshape bursts);
// WLAST where AWLEN says; on m_axi, RLAST where ARLEN says and no R or B that was not asked for. m_axi
// answers every request; a write error there is counted in stat_wr_errors
// (a posted write has no completion to carry it); a read error is passed on in RRESP. Data beats wait
// in unbounded queues: the model of the link, not of its buffers' sizes.
/* verilator lint_off BLKSEQ */
/* verilator lint_off WIDTHEXPAND */
/* verilator lint_off WIDTHTRUNC */
module axi_link_emu #(
    parameter int ADDR_WIDTH  = 32,
    parameter int DATA_WIDTH  = 256,
    parameter int ID_WIDTH    = 4,
    parameter int QUEUE_DEPTH = 64,
    localparam int NB         = DATA_WIDTH / 8,
    localparam int SZ         = $clog2(NB)
) (
    input  logic                  aclk,
    input  logic                  aresetn,
    input  int                    cfg_gen,
    input  int                    cfg_lanes,
    input  int                    cfg_mps,
    input  int                    cfg_mrrs,
    input  int                    cfg_rcb,
    input  logic                  cfg_addr64,
    input  logic                  cfg_ecrc,
    input  int                    cfg_tags,
    input  int                    cfg_hops,
    input  int                    cfg_hop_ps,
    input  int                    cfg_clk_ps,
    // the requester's side
    input  logic [ID_WIDTH-1:0]   s_axi_awid,
    input  logic [ADDR_WIDTH-1:0] s_axi_awaddr,
    input  logic [7:0]            s_axi_awlen,
    input  logic [2:0]            s_axi_awsize,
    input  logic [1:0]            s_axi_awburst,
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
    input  logic                  s_axi_arvalid,
    output logic                  s_axi_arready,
    output logic [ID_WIDTH-1:0]   s_axi_rid,
    output logic [DATA_WIDTH-1:0] s_axi_rdata,
    output logic [1:0]            s_axi_rresp,
    output logic                  s_axi_rlast,
    output logic                  s_axi_rvalid,
    input  logic                  s_axi_rready,
    // the completer's side (ID 0 on every request: the far end answers in order)
    output logic [ID_WIDTH-1:0]   m_axi_awid,
    output logic [ADDR_WIDTH-1:0] m_axi_awaddr,
    output logic [7:0]            m_axi_awlen,
    output logic [2:0]            m_axi_awsize,
    output logic [1:0]            m_axi_awburst,
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
    output logic                  m_axi_arvalid,
    input  logic                  m_axi_arready,
    input  logic [ID_WIDTH-1:0]   m_axi_rid,
    input  logic [DATA_WIDTH-1:0] m_axi_rdata,
    input  logic [1:0]            m_axi_rresp,
    input  logic                  m_axi_rlast,
    input  logic                  m_axi_rvalid,
    output logic                  m_axi_rready,
    // statistics since reset: packets per kind, bytes each direction carried (headers included), the
    // most tags in use at once, posted writes the far end answered with an error
    output longint                stat_wr_tlps,
    output longint                stat_rd_reqs,
    output longint                stat_cpls,
    output longint                stat_dn_bytes,
    output longint                stat_up_bytes,
    output longint                stat_tags_max,
    output longint                stat_wr_errors
);
    initial begin
        if (DATA_WIDTH < 32 || DATA_WIDTH > 512 || (DATA_WIDTH & (DATA_WIDTH - 1)) != 0)
            $fatal(1, "axi_link_emu: DATA_WIDTH must be a power of two, 32..512 (got %0d)", DATA_WIDTH);
        if (ID_WIDTH < 1) $fatal(1, "axi_link_emu: ID_WIDTH must be >= 1 (got %0d)", ID_WIDTH);
        if (QUEUE_DEPTH < 1) $fatal(1, "axi_link_emu: QUEUE_DEPTH must be >= 1 (got %0d)", QUEUE_DEPTH);
    end

    localparam longint PS = 1024;                  // time units per ps

    // ---- the link's quantities (as linkmodel.Link)
    function automatic longint lane_byte_time(input int gen);   // one byte on one lane, time units
        case (gen)
            1: return 4000 * PS;          // 2.5 Gbit/s, 8b/10b: 10 line bits per byte
            2: return 2000 * PS;
            3: return 1040000;            // 8 Gbit/s, 128b/130b: 1015.625 ps
            4: return 520000;
            default: return 260000;       // 5: 32 Gbit/s
        endcase
    endfunction
    function automatic int framing();
        return 8 + (cfg_ecrc ? 4 : 0);
    endfunction
    function automatic longint pkt_time(input int payload, input bit completion);
        int hdr;
        hdr = (completion ? 12 : (cfg_addr64 ? 16 : 12)) + framing();
        return longint'(payload + hdr) * (lane_byte_time(cfg_gen) / cfg_lanes);
    endfunction
    function automatic bit pow2(input int v);
        return v > 0 && (v & (v - 1)) == 0;
    endfunction

    // ---- state
    typedef struct {
        longint              addr;
        int                  beats;      // beats of this packet
        int                  got;        // beats taken so far (s_axi W / m_axi R)
        bit                  last;       // the burst's (writes) or request's (reads) last packet
        bit                  burst_last; // reads: the last request of its AR burst
        logic [ID_WIDTH-1:0] id;
        longint              at;         // time it may be acted on at the far end (or B/R at s_axi)
        longint              wr_before;  // reads: write TLPs sent before it (it waits for their B at m_axi)
    } pkt_t;
    typedef struct {
        logic [DATA_WIDTH-1:0] data;
        logic [NB-1:0]         strb;
        logic [1:0]            resp;
    } beat_t;

    pkt_t   s_wtlp_q[$];    // write TLPs being filled from s_axi W, in AW order
    pkt_t   far_aw_q[$];    // write TLPs sent, waiting to arrive and be issued on m_axi AW
    int     far_w_q[$];     // beats of the TLPs whose AW is taken, for m_axi W
    beat_t  w_beats[$];     // write data, s_axi W -> m_axi W
    pkt_t   b_q[$];         // s_axi B: id and the time its burst's last TLP left
    pkt_t   s_req_q[$];     // read requests waiting for a tag
    pkt_t   far_ar_q[$];    // read requests sent, waiting to arrive and be issued on m_axi AR
    pkt_t   far_cpl_q[$];   // completions being filled from m_axi R
    beat_t  r_beats[$];     // read data, m_axi R -> s_axi R
    pkt_t   s_cpl_q[$];     // completions sent, waiting to arrive and be given to s_axi R
    longint tag_free_q[$];  // arrival times of requests' last completions (in order: one upstream)
    longint now, dn_free, up_free, w_pending, r_pending;
    longint n_wr_tlps, n_rd_reqs, n_cpls, n_dn_bytes, n_up_bytes, n_tags_max, n_wr_errors, n_far_b;
    int     tags_used, far_w_left, s_r_left;
    bit     cfg_ok;

    function automatic void cfg_check();
        if (!(cfg_gen >= 1 && cfg_gen <= 5))
            $fatal(1, "axi_link_emu: cfg_gen must be 1..5 (got %0d)", cfg_gen);
        if (!(cfg_lanes inside {1, 2, 4, 8, 16, 32}))
            $fatal(1, "axi_link_emu: cfg_lanes must be 1, 2, 4, 8, 16 or 32 (got %0d)", cfg_lanes);
        if (!pow2(cfg_mps) || cfg_mps < 128 || cfg_mps > 4096 || !pow2(cfg_mrrs) || cfg_mrrs < 128 || cfg_mrrs > 4096)
            $fatal(1, "axi_link_emu: cfg_mps and cfg_mrrs must be powers of two, 128..4096 (got %0d, %0d)",
                   cfg_mps, cfg_mrrs);
        if (!(cfg_rcb inside {64, 128}) || cfg_rcb < NB)
            $fatal(1, "axi_link_emu: cfg_rcb must be 64 or 128 and >= the beat (%0d bytes) (got %0d)", NB, cfg_rcb);
        if (cfg_tags < 1 || cfg_tags > 256)
            $fatal(1, "axi_link_emu: cfg_tags must be 1..256 (got %0d)", cfg_tags);
        if (cfg_hops < 0 || cfg_hop_ps < 0 || cfg_clk_ps < 1)
            $fatal(1, "axi_link_emu: cfg_hops, cfg_hop_ps >= 0 and cfg_clk_ps >= 1 (got %0d, %0d, %0d)",
                   cfg_hops, cfg_hop_ps, cfg_clk_ps);
    endfunction

    function automatic void burst_check(input string ch, input logic [ADDR_WIDTH-1:0] addr, input logic [7:0] len,
                                        input logic [2:0] size, input logic [1:0] burst);
        if (burst != 2'b01 || size != 3'(SZ) || (addr % NB) != 0)
            $fatal(1, "axi_link_emu: %s burst at %h (burst %0d, size %0d): INCR bursts of full %0d-byte beats on aligned addresses only",
                   ch, addr, burst, size, NB);
        if ((addr & 12'hfff) + (longint'(len) + 1) * NB > 4096)
            $fatal(1, "axi_link_emu: %s burst at %h of %0d beats crosses a 4 KB boundary", ch, addr, len + 1);
    endfunction

    // send a packet on a direction: returns the time its last byte leaves
    function automatic longint send(inout longint free, input longint t_ready, input longint dur);
        longint start;
        start = (free > t_ready) ? free : t_ready;
        free = start + dur;
        return free;
    endfunction

    always @(posedge aclk) begin
        longint t, flight, a, end_a, e;
        int n;
        pkt_t p;
        beat_t bt;
        if (!aresetn) begin
            s_wtlp_q.delete(); far_aw_q.delete(); far_w_q.delete(); w_beats.delete(); b_q.delete();
            s_req_q.delete(); far_ar_q.delete(); far_cpl_q.delete(); r_beats.delete(); s_cpl_q.delete();
            tag_free_q.delete();
            now = 0; dn_free = 0; up_free = 0; w_pending = 0; r_pending = 0; tags_used = 0;
            n_wr_tlps = 0; n_rd_reqs = 0; n_cpls = 0; n_dn_bytes = 0; n_up_bytes = 0; n_tags_max = 0;
            n_wr_errors = 0; n_far_b = 0;
            far_w_left = 0; s_r_left = 0; cfg_ok = 0;
            stat_wr_tlps <= 0; stat_rd_reqs <= 0; stat_cpls <= 0; stat_dn_bytes <= 0; stat_up_bytes <= 0;
            stat_tags_max <= 0; stat_wr_errors <= 0;
            s_axi_awready <= 0; s_axi_wready <= 0; s_axi_bvalid <= 0; s_axi_arready <= 0; s_axi_rvalid <= 0;
            m_axi_awvalid <= 0; m_axi_wvalid <= 0; m_axi_arvalid <= 0;
            m_axi_bready <= 0; m_axi_rready <= 0;
        end else begin
            if (!cfg_ok) begin
                cfg_check();
                cfg_ok = 1;
            end
            now = now + 1;
            t = now * longint'(cfg_clk_ps) * PS;
            flight = longint'(cfg_hops) * cfg_hop_ps * PS;

            // ---- s_axi AW: the burst's TLPs, split at MPS-aligned addresses
            if (s_axi_awvalid && s_axi_awready) begin
                burst_check("AW", s_axi_awaddr, s_axi_awlen, s_axi_awsize, s_axi_awburst);
                a = s_axi_awaddr;
                e = a + (longint'(s_axi_awlen) + 1) * NB;
                while (a < e) begin
                    end_a = (a / cfg_mps + 1) * cfg_mps;
                    if (end_a > e) end_a = e;
                    p = '{addr: a, beats: int'((end_a - a) / NB), got: 0, last: end_a == e, burst_last: 0,
                          id: s_axi_awid, at: 0, wr_before: 0};
                    s_wtlp_q.push_back(p);
                    a = end_a;
                end
                w_pending++;
            end
            // ---- s_axi W: a TLP is sent when its last beat is in
            if (s_axi_wvalid && s_axi_wready) begin
                bt = '{data: s_axi_wdata, strb: s_axi_wstrb, resp: 2'b00};
                w_beats.push_back(bt);
                s_wtlp_q[0].got++;
                if (s_axi_wlast != (s_wtlp_q[0].last && s_wtlp_q[0].got == s_wtlp_q[0].beats))
                    $fatal(1, "axi_link_emu: WLAST %0d on a beat where AWLEN says %0d", s_axi_wlast, !s_axi_wlast);
                if (s_wtlp_q[0].got == s_wtlp_q[0].beats) begin
                    p = s_wtlp_q.pop_front();
                    p.at = send(dn_free, t, pkt_time(p.beats * NB, 0));
                    n_wr_tlps++;
                    n_dn_bytes += p.beats * NB + (cfg_addr64 ? 16 : 12) + framing();
                    if (p.last) b_q.push_back(p);           // B once it has left
                    p.at = p.at + flight;
                    far_aw_q.push_back(p);
                end
            end
            // ---- s_axi B
            if (s_axi_bvalid && s_axi_bready) begin
                void'(b_q.pop_front());
                w_pending--;
            end
            // ---- s_axi AR: read requests, at most MRRS, never across 4 KB
            if (s_axi_arvalid && s_axi_arready) begin
                burst_check("AR", s_axi_araddr, s_axi_arlen, s_axi_arsize, s_axi_arburst);
                a = s_axi_araddr;
                e = a + (longint'(s_axi_arlen) + 1) * NB;
                while (a < e) begin
                    end_a = (a / cfg_mrrs + 1) * cfg_mrrs;
                    if ((a / 4096 + 1) * 4096 < end_a) end_a = (a / 4096 + 1) * 4096;
                    if (end_a > e) end_a = e;
                    p = '{addr: a, beats: int'((end_a - a) / NB), got: 0, last: 1, burst_last: end_a == e,
                          id: s_axi_arid, at: 0, wr_before: 0};
                    s_req_q.push_back(p);
                    a = end_a;
                end
                r_pending++;
            end
            // ---- tags come back with their requests' last completions
            while (tag_free_q.size() > 0 && tag_free_q[0] <= t) begin
                void'(tag_free_q.pop_front());
                tags_used--;
            end
            // ---- requests take tags and go downstream
            while (s_req_q.size() > 0 && tags_used < cfg_tags) begin
                p = s_req_q.pop_front();
                p.at = send(dn_free, t, pkt_time(0, 0)) + flight;
                p.wr_before = n_wr_tlps;                     // a read never passes a posted write
                tags_used++;
                if (tags_used > n_tags_max) n_tags_max = tags_used;
                n_rd_reqs++;
                n_dn_bytes += (cfg_addr64 ? 16 : 12) + framing();
                far_ar_q.push_back(p);
            end

            // ---- m_axi AW / W / B (the far end)
            if (m_axi_awvalid && m_axi_awready) begin
                p = far_aw_q.pop_front();
                far_w_q.push_back(p.beats);
            end
            if (m_axi_wvalid && m_axi_wready) begin
                void'(w_beats.pop_front());
                if (far_w_left == 0) far_w_left = far_w_q[0];
                far_w_left--;
                if (far_w_left == 0) void'(far_w_q.pop_front());
            end
            if (m_axi_bvalid && m_axi_bready) begin
                n_far_b++;
                if (n_far_b > n_wr_tlps) $fatal(1, "axi_link_emu: a B on m_axi with no write outstanding");
                if (m_axi_bresp != 2'b00) n_wr_errors++;
            end
            // ---- m_axi AR / R: completions split at RCB, at most MPS
            if (m_axi_arvalid && m_axi_arready) begin
                p = far_ar_q.pop_front();
                a = p.addr;
                e = p.addr + longint'(p.beats) * NB;
                while (a < e) begin
                    end_a = ((a + cfg_mps) / cfg_rcb) * cfg_rcb;           // the last RCB boundary within MPS
                    if (a + cfg_mps >= e) end_a = e;
                    if (end_a <= a) end_a = (a / cfg_rcb + 1) * cfg_rcb;
                    far_cpl_q.push_back('{addr: a, beats: int'((end_a - a) / NB), got: 0, last: end_a == e,
                                          burst_last: p.burst_last, id: p.id, at: 0, wr_before: 0});
                    a = end_a;
                end
            end
            if (m_axi_rvalid && m_axi_rready) begin
                if (far_cpl_q.size() == 0) $fatal(1, "axi_link_emu: an R beat on m_axi with no read outstanding");
                bt = '{data: m_axi_rdata, strb: '0, resp: m_axi_rresp};
                r_beats.push_back(bt);
                far_cpl_q[0].got++;
                if (m_axi_rlast != (far_cpl_q[0].last && far_cpl_q[0].got == far_cpl_q[0].beats))
                    $fatal(1, "axi_link_emu: RLAST %0d on m_axi where the request's length says %0d", m_axi_rlast,
                           !m_axi_rlast);
                if (far_cpl_q[0].got == far_cpl_q[0].beats) begin
                    p = far_cpl_q.pop_front();
                    p.at = send(up_free, t, pkt_time(p.beats * NB, 1)) + flight;
                    n_cpls++;
                    n_up_bytes += p.beats * NB + 12 + framing();
                    if (p.last) tag_free_q.push_back(p.at);
                    s_cpl_q.push_back(p);
                end
            end
            // ---- s_axi R, in order
            if (s_axi_rvalid && s_axi_rready) begin
                void'(r_beats.pop_front());
                if (s_r_left == 0) s_r_left = s_cpl_q[0].beats;
                s_r_left--;
                if (s_r_left == 0) begin
                    p = s_cpl_q.pop_front();
                    if (p.last && p.burst_last) r_pending--;
                end
            end

            // ---- outputs for the next cycle
            s_axi_awready <= w_pending < QUEUE_DEPTH;
            s_axi_arready <= r_pending < QUEUE_DEPTH;
            s_axi_wready  <= s_wtlp_q.size() > 0;
            s_axi_bvalid  <= b_q.size() > 0 && b_q[0].at <= t;
            if (b_q.size() > 0) begin
                s_axi_bid   <= b_q[0].id;
                s_axi_bresp <= 2'b00;
            end
            s_axi_rvalid <= s_cpl_q.size() > 0 && s_cpl_q[0].at <= t;
            if (s_cpl_q.size() > 0) begin
                n = (s_r_left == 0) ? s_cpl_q[0].beats : s_r_left;
                s_axi_rid   <= s_cpl_q[0].id;
                s_axi_rdata <= r_beats[0].data;
                s_axi_rresp <= r_beats[0].resp;
                s_axi_rlast <= n == 1 && s_cpl_q[0].last && s_cpl_q[0].burst_last;
            end
            m_axi_awvalid <= far_aw_q.size() > 0 && far_aw_q[0].at <= t;
            if (far_aw_q.size() > 0) begin
                m_axi_awid    <= '0;
                m_axi_awaddr  <= ADDR_WIDTH'(far_aw_q[0].addr);
                m_axi_awlen   <= 8'(far_aw_q[0].beats - 1);
                m_axi_awsize  <= 3'(SZ);
                m_axi_awburst <= 2'b01;
            end
            m_axi_wvalid <= far_w_q.size() > 0;
            if (far_w_q.size() > 0) begin
                n = (far_w_left == 0) ? far_w_q[0] : far_w_left;
                m_axi_wdata <= w_beats[0].data;
                m_axi_wstrb <= w_beats[0].strb;
                m_axi_wlast <= n == 1;
            end
            m_axi_bready <= 1;
            m_axi_arvalid <= far_ar_q.size() > 0 && far_ar_q[0].at <= t && n_far_b >= far_ar_q[0].wr_before;
            if (far_ar_q.size() > 0) begin
                m_axi_arid    <= '0;
                m_axi_araddr  <= ADDR_WIDTH'(far_ar_q[0].addr);
                m_axi_arlen   <= 8'(far_ar_q[0].beats - 1);
                m_axi_arsize  <= 3'(SZ);
                m_axi_arburst <= 2'b01;
            end
            m_axi_rready <= 1;
            stat_wr_tlps <= n_wr_tlps; stat_rd_reqs <= n_rd_reqs; stat_cpls <= n_cpls; stat_dn_bytes <= n_dn_bytes;
            stat_up_bytes <= n_up_bytes; stat_tags_max <= n_tags_max; stat_wr_errors <= n_wr_errors;
        end
    end
endmodule
/* verilator lint_on WIDTHTRUNC */
/* verilator lint_on WIDTHEXPAND */
/* verilator lint_on BLKSEQ */
