// SPDX-License-Identifier: Apache-2.0
// axi_exbar — round-robin N:1 AXI4 crossbar ("EXBAR" of paper 001), the stock interconnect the papers
// measure when used bare, and the fair one with an axi_burst_equalizer in front of every port.
//
// Latency (cycles, input VALID -> output VALID, idle, all READY high):  AR 1 | AW 1 | W 0 | R 0 | B 0
//   (REGISTER_READY: AR/AW 2; RESP_REG: R/B 1). AR/AW: the arbitration's choice is registered (hc_addr_mux) and the chosen
//   port's request is presented from its own registers (the ports' AR/AW must come from flops, as the
//   supervisors' do); W is 0 once the burst's AW has been granted (beats of a port whose AW is not
//   granted yet wait).
// Throughput: one AR and one AW grant per cycle (HEADS_KNOWN: from one port while another request waits
//   behind its head); R, W and B move one beat per cycle with no bubble when
//   consecutive bursts belong to different ports (routing is decided from stored/ID information, not
//   by a per-burst handshake).
//
// Arbitration: AR and AW each have an independent arbiter: strict priority by class (cfg_prio, a higher
//   class always wins; paper 002 section 5), least-recently-granted first within a class, so with every
//   port of a class requesting one transaction per port per round, as round-robin (hc_addr_mux: one order
//   over all ports that the classes filter, so higher-class grants never starve a port inside a lower
//   class), work-conserving. Write data is forwarded in AW grant order: the current burst's
//   port in a one-hot register, the next in the route buffer's head register, the later ones behind it
//   in LUT-RAM, W_ROUTE_DEPTH waiting (at least 2; AW grants pause while full; the route of a burst whose
//   WLAST just passed holds its place one cycle more); the route steps a cycle after WLAST, the W mux
//   taking the buffer's head in that cycle (one LUT of flops), so bursts follow with no bubble, and a
//   grant into an empty route buffer is current from the next cycle.
// Global limit G (cfg_global_limit): a port below the top class is granted only while fewer than G
//   transactions are granted and not completed (AR until RLAST, AW until B, taken from the memory) per
//   direction, all ports together; the top class (cfg_prio all ones: paper 002's CPU, issue 18) is not
//   held back by G, so it interrupts the lower classes between their sub-transactions and finds at most G
//   lower-class transactions ahead of it at the memory, however many of its own are in flight (the room for another is
//   registered; a grant is counted the cycle after it and meanwhile held as one on its way;
//   HEADS_KNOWN: a completion makes room for the registered choice from the cycle after its own, so at
//   the limit the next grant comes one cycle later than the completion allows; a change of G applies
//   from the third cycle). 0 means no limit (the stock crossbar; the count, the top class's included,
//   itself stops at 2^16 - 1 in flight). Formal (tests/formal/axi_exbar.sby): count, zero and room flags
//   agree, every grant below the top class is made with fewer than G in flight (the count plus the grant
//   on its way) and the count never wraps, whatever the memory answers.
// Routing back: the master-side ID is {port index, port ID} (M_ID_WIDTH = ID_WIDTH + clog2(S_COUNT)), so
//   R and B are routed by ID and stay correct when the memory reorders responses across ports/IDs.
//   A response whose port field is >= S_COUNT (a slave bug) is accepted and dropped, never a hang.
//   A port's RID/RDATA/RRESP/RLAST (BID/BRESP) are zero in every cycle its RVALID (BVALID) is low, so no
//   port sees another port's responses.
//
// Parameters: S_COUNT (1..16), ADDR_WIDTH (12..64), DATA_WIDTH (8..1024, power of two), ID_WIDTH (>= 1),
//             W_ROUTE_DEPTH (1..1023), M_ID_WIDTH (derived; do not override), PRIO_W (class bits, 1..4),
//             REGISTER_READY (default 0; 1 adds skid buffers after the AR/AW muxes so m_axi_arready/awready
//             reach nothing combinationally, one cycle more on AR/AW), RESP_REG (default 0; 1: the memory's
//             R and B enter skid buffers and are routed from their registers — each port's RVALID/BVALID
//             a flop of its own, the port decoded as the response enters — one cycle more on R/B),
//             HEADS_KNOWN (default 0; 1: the ports report s_axi_armore/awmore — another request behind the
//             head, from a flop — and the AR/AW choice is made only of heads that are there when presented
//             and only with room for them, so the memory's READY meets no port's VALID; see hc_addr_mux)
// Ports:      s_axi_* are packed per-port vectors, port i in bits [i*W +: W]; m_axi_* is one port.
// Assumes:    masters keep AXI order rules (W beats in AW order per port, WLAST on the last beat).
module axi_exbar #(
    parameter int S_COUNT       = 3,
    parameter int ADDR_WIDTH    = 32,
    parameter int DATA_WIDTH    = 64,
    parameter int ID_WIDTH      = 4,
    parameter int W_ROUTE_DEPTH = 32,
    parameter bit REGISTER_READY = 1'b0,
    parameter bit RESP_REG      = 1'b0,
    parameter bit HEADS_KNOWN   = 1'b0,
    parameter int PRIO_W        = 2,
    localparam int PORT_W       = (S_COUNT > 1) ? $clog2(S_COUNT) : 1,
    parameter int M_ID_WIDTH    = ID_WIDTH + PORT_W,
    localparam int STRB_WIDTH   = DATA_WIDTH / 8
) (
    input  logic                            aclk,
    input  logic                            aresetn,
    input  logic [S_COUNT*PRIO_W-1:0]       cfg_prio,
    input  logic [8:0]                      cfg_global_limit,
    input  logic [S_COUNT*ID_WIDTH-1:0]     s_axi_awid,
    input  logic [S_COUNT*ADDR_WIDTH-1:0]   s_axi_awaddr,
    input  logic [S_COUNT*8-1:0]            s_axi_awlen,
    input  logic [S_COUNT*3-1:0]            s_axi_awsize,
    input  logic [S_COUNT*2-1:0]            s_axi_awburst,
    input  logic [S_COUNT-1:0]              s_axi_awlock,
    input  logic [S_COUNT*4-1:0]            s_axi_awcache,
    input  logic [S_COUNT*3-1:0]            s_axi_awprot,
    input  logic [S_COUNT*4-1:0]            s_axi_awqos,
    input  logic [S_COUNT-1:0]              s_axi_awvalid,
    input  logic [S_COUNT-1:0]              s_axi_awmore,   // HEADS_KNOWN: another AW waits behind the head
    output logic [S_COUNT-1:0]              s_axi_awready,
    input  logic [S_COUNT*DATA_WIDTH-1:0]   s_axi_wdata,
    input  logic [S_COUNT*STRB_WIDTH-1:0]   s_axi_wstrb,
    input  logic [S_COUNT-1:0]              s_axi_wlast,
    input  logic [S_COUNT-1:0]              s_axi_wvalid,
    output logic [S_COUNT-1:0]              s_axi_wready,
    output logic [S_COUNT*ID_WIDTH-1:0]     s_axi_bid,
    output logic [S_COUNT*2-1:0]            s_axi_bresp,
    output logic [S_COUNT-1:0]              s_axi_bvalid,
    input  logic [S_COUNT-1:0]              s_axi_bready,
    input  logic [S_COUNT*ID_WIDTH-1:0]     s_axi_arid,
    input  logic [S_COUNT*ADDR_WIDTH-1:0]   s_axi_araddr,
    input  logic [S_COUNT*8-1:0]            s_axi_arlen,
    input  logic [S_COUNT*3-1:0]            s_axi_arsize,
    input  logic [S_COUNT*2-1:0]            s_axi_arburst,
    input  logic [S_COUNT-1:0]              s_axi_arlock,
    input  logic [S_COUNT*4-1:0]            s_axi_arcache,
    input  logic [S_COUNT*3-1:0]            s_axi_arprot,
    input  logic [S_COUNT*4-1:0]            s_axi_arqos,
    input  logic [S_COUNT-1:0]              s_axi_arvalid,
    input  logic [S_COUNT-1:0]              s_axi_armore,   // HEADS_KNOWN: another AR waits behind the head
    output logic [S_COUNT-1:0]              s_axi_arready,
    output logic [S_COUNT*ID_WIDTH-1:0]     s_axi_rid,
    output logic [S_COUNT*DATA_WIDTH-1:0]   s_axi_rdata,
    output logic [S_COUNT*2-1:0]            s_axi_rresp,
    output logic [S_COUNT-1:0]              s_axi_rlast,
    output logic [S_COUNT-1:0]              s_axi_rvalid,
    input  logic [S_COUNT-1:0]              s_axi_rready,
    output logic [M_ID_WIDTH-1:0]           m_axi_awid,
    output logic [ADDR_WIDTH-1:0]           m_axi_awaddr,
    output logic [7:0]                      m_axi_awlen,
    output logic [2:0]                      m_axi_awsize,
    output logic [1:0]                      m_axi_awburst,
    output logic                            m_axi_awlock,
    output logic [3:0]                      m_axi_awcache,
    output logic [2:0]                      m_axi_awprot,
    output logic [3:0]                      m_axi_awqos,
    output logic                            m_axi_awvalid,
    input  logic                            m_axi_awready,
    output logic [DATA_WIDTH-1:0]           m_axi_wdata,
    output logic [STRB_WIDTH-1:0]           m_axi_wstrb,
    output logic                            m_axi_wlast,
    output logic                            m_axi_wvalid,
    input  logic                            m_axi_wready,
    input  logic [M_ID_WIDTH-1:0]           m_axi_bid,
    input  logic [1:0]                      m_axi_bresp,
    input  logic                            m_axi_bvalid,
    output logic                            m_axi_bready,
    output logic [M_ID_WIDTH-1:0]           m_axi_arid,
    output logic [ADDR_WIDTH-1:0]           m_axi_araddr,
    output logic [7:0]                      m_axi_arlen,
    output logic [2:0]                      m_axi_arsize,
    output logic [1:0]                      m_axi_arburst,
    output logic                            m_axi_arlock,
    output logic [3:0]                      m_axi_arcache,
    output logic [2:0]                      m_axi_arprot,
    output logic [3:0]                      m_axi_arqos,
    output logic                            m_axi_arvalid,
    input  logic                            m_axi_arready,
    input  logic [M_ID_WIDTH-1:0]           m_axi_rid,
    input  logic [DATA_WIDTH-1:0]           m_axi_rdata,
    input  logic [1:0]                      m_axi_rresp,
    input  logic                            m_axi_rlast,
    input  logic                            m_axi_rvalid,
    output logic                            m_axi_rready
);
    initial begin
        if (S_COUNT < 1 || S_COUNT > 16)
            $fatal(1, "axi_exbar: S_COUNT must be 1..16 (got %0d)", S_COUNT);
        if (ADDR_WIDTH < 12 || ADDR_WIDTH > 64)
            $fatal(1, "axi_exbar: ADDR_WIDTH must be 12..64 (got %0d)", ADDR_WIDTH);
        if (DATA_WIDTH < 8 || DATA_WIDTH > 1024 || (DATA_WIDTH & (DATA_WIDTH - 1)) != 0)
            $fatal(1, "axi_exbar: DATA_WIDTH must be a power of two in 8..1024 (got %0d)", DATA_WIDTH);
        if (ID_WIDTH < 1 || ID_WIDTH > 32)
            $fatal(1, "axi_exbar: ID_WIDTH must be 1..32 (got %0d)", ID_WIDTH);
        if (M_ID_WIDTH != ID_WIDTH + PORT_W)
            $fatal(1, "axi_exbar: M_ID_WIDTH must be ID_WIDTH + clog2(S_COUNT) = %0d (got %0d)",
                   ID_WIDTH + PORT_W, M_ID_WIDTH);
        if (PRIO_W < 1 || PRIO_W > 4)
            $fatal(1, "axi_exbar: PRIO_W must be 1..4 (got %0d)", PRIO_W);
        if (W_ROUTE_DEPTH < 1 || W_ROUTE_DEPTH > 1023)
            $fatal(1, "axi_exbar: W_ROUTE_DEPTH must be 1..1023 (got %0d)", W_ROUTE_DEPTH);
    end

    // Address payload, per port: {qos, prot, cache, lock, burst, size, len, addr, id}
    localparam int APW = 4 + 3 + 4 + 1 + 2 + 3 + 8 + ADDR_WIDTH + ID_WIDTH;

    logic [S_COUNT*APW-1:0] ar_payload, aw_payload;
    for (genvar i = 0; i < S_COUNT; i++) begin : g_pack
        assign ar_payload[i*APW +: APW] = {
            s_axi_arqos[i*4 +: 4], s_axi_arprot[i*3 +: 3], s_axi_arcache[i*4 +: 4], s_axi_arlock[i],
            s_axi_arburst[i*2 +: 2], s_axi_arsize[i*3 +: 3], s_axi_arlen[i*8 +: 8],
            s_axi_araddr[i*ADDR_WIDTH +: ADDR_WIDTH], s_axi_arid[i*ID_WIDTH +: ID_WIDTH]};
        assign aw_payload[i*APW +: APW] = {
            s_axi_awqos[i*4 +: 4], s_axi_awprot[i*3 +: 3], s_axi_awcache[i*4 +: 4], s_axi_awlock[i],
            s_axi_awburst[i*2 +: 2], s_axi_awsize[i*3 +: 3], s_axi_awlen[i*8 +: 8],
            s_axi_awaddr[i*ADDR_WIDTH +: ADDR_WIDTH], s_axi_awid[i*ID_WIDTH +: ID_WIDTH]};
    end

    // ---------------------------------------------------------------- global outstanding limit G
    // Counted from the grant (the request sits in the output register from then on) to RLAST / B.
    // A grant (the memory's AR/AW handshake; REGISTER_READY: the take into the output slice) is registered
    // (ar_gq/aw_gq) and counted a cycle later, and until then it is in flight all the same: the room is
    // taken at the count plus the registered grant (issue 17: the handshake, formed by the memory's READY at the address output, ran into the
    // count, zero and room flags 60 columns away — the critical path at one seed at 4 ports). The room is
    // kept as three registered flags — room at the count, the count + 1 and + 2 — so the room now and the
    // room next cycle after a grant (a completion of this cycle left out, cautious) are one LUT of flops
    // (the registered grant selects); the next flags come from five compares of the count - 1 .. count + 3
    // in parallel (every compare from flip-flops), selected by the registered grant and the completion. A
    // change of G applies from the third cycle (thresholds, then flags).
    logic [15:0] rd_out, wr_out;   // counted in flight; with the registered grant at most 2^16 - 1 (G = 0:
                                   // the room ends there, no wrap)
    logic       rd_zero, wr_zero;  // rd_out == 0, wr_out == 0 (registered)
    logic       ar_gfire, aw_gfire;
    logic       ar_gq, aw_gq;      // last cycle's grant, counted now
    logic [2:0] rd_room3, wr_room3;                  // room at count, count + 1, count + 2
    logic [2:0] rd_cap3, wr_cap3;                    // the same for the count's own end, 2^16 - 1 (the top class)
    // A completion counts only against something in flight: one with nothing counted and no grant on its
    // way (a slave bug) changes neither the count nor the room flags. (A completion may come the cycle
    // after its own grant, while that grant is counted: it then meets the registered grant.)
    wire        r_done = m_axi_rvalid && m_axi_rready && m_axi_rlast && !(rd_zero && !ar_gq);
    wire        b_done = m_axi_bvalid && m_axi_bready && !(wr_zero && !aw_gq);
    // room at n-1 .. n+3 (below 0 as at 0) is n < L - k for k = -1 .. 3, L = G, or (G = 0) 2^16 - 1: the five
    // thresholds are registered from the configuration, so each flag is one compare of the count's
    // flip-flops with a threshold's (no adder before the compare)
    logic [4:0][16:0] lim_q;                         // [j]: L - (j - 1), clamped at 0
    function automatic logic [4:0][16:0] limits(input logic [8:0] g);
        // one adder with a constant per threshold, then the G = 0 choice (no chained arithmetic: this was
        // the critical path when written as (G = 0 ? 2^16 - 1 : G) + 1 - j and clamped)
        logic [4:0][16:0] r;
        r[0] = (g == '0) ? 17'h10000 : 17'(g) + 17'd1;
        r[1] = (g == '0) ? 17'h0FFFF : 17'(g);
        r[2] = (g == '0) ? 17'h0FFFE : 17'(g) - 17'd1;
        r[3] = (g == '0) ? 17'h0FFFD : (g == 9'd1) ? '0 : 17'(g) - 17'd2;
        r[4] = (g == '0) ? 17'h0FFFC : (g <= 9'd2) ? '0 : 17'(g) - 17'd3;
        return r;
    endfunction
    always_ff @(posedge aclk) lim_q <= limits(cfg_global_limit);   // (loaded in reset too: no reset branch)
    // the count's own end, for the top class (not held back by G): the thresholds of G = 0, 2^16 - 1
    localparam logic [4:0][16:0] CAP_LIM = limits('0);
    function automatic logic [4:0] room5(input logic [15:0] n, input logic [4:0][16:0] lim);
        logic [4:0] r;
        for (int j = 0; j < 5; j++) r[j] = 17'(n) < lim[j];
        return r;
    endfunction
    // the flags around the next count: its change is +1 (counted grant, no completion), -1 or 0. Both
    // outcomes of the completion are prepared from flops (the registered grant selects), and the
    // completion — the memory side's RLAST/B handshake, formed at the R/B register — only picks one, one
    // LUT before the flags' flops (issue 17: the R skid buffer's flag -> the completion -> the selection
    // -> rd_room3 was 5 LUT levels, the critical path at one seed of three at 4 ports, 132.9 MHz)
    function automatic logic [2:0] room_next(input logic [4:0] r5, input logic grant, input logic done);
        logic [2:0] kept, freed;                    // no completion, a completion
        kept  = grant ? r5[4:2] : r5[3:1];
        freed = grant ? r5[3:1] : r5[2:0];
        return done ? freed : kept;
    endfunction
    wire  [4:0] rd_r5 = room5(rd_out, lim_q), wr_r5 = room5(wr_out, lim_q);
    wire  [4:0] rd_c5 = room5(rd_out, CAP_LIM), wr_c5 = room5(wr_out, CAP_LIM);
    // room now, and after a grant now: at the count plus the grant on its way
    function automatic logic [1:0] room_now(input logic [2:0] r3, input logic gq);
        return gq ? r3[2:1] : r3[1:0];
    endfunction
    wire  [1:0] rd_room2 = room_now(rd_room3, ar_gq), wr_room2 = room_now(wr_room3, aw_gq);
    wire        rd_room  = rd_room2[0], wr_room = wr_room2[0];
    wire  [1:0] rd_cap2  = room_now(rd_cap3, ar_gq), wr_cap2 = room_now(wr_cap3, aw_gq);
    // The choice's room next cycle (HEADS_KNOWN's allow_next, [1] with a grant now) is rd_room2/wr_room2 —
    // cautious: a completion of this cycle is left out (it counts from the cycle after), so the
    // registered choice sees only flops and the registered grant's select here (issue 17: the memory side's
    // RLAST handshake, formed by the R register 50 columns from the AR choice, selected them, and the AR
    // handshake ran to it and back: the critical path at one seed).
    always_ff @(posedge aclk) begin
        if (!aresetn) begin
            rd_out <= '0; wr_out <= '0; rd_zero <= 1'b1; wr_zero <= 1'b1; ar_gq <= 1'b0; aw_gq <= 1'b0;
            rd_room3 <= 3'b001; wr_room3 <= 3'b001;   // (count + 1, + 2: assumed full)
            rd_cap3  <= 3'b001; wr_cap3  <= 3'b001;
        end else begin
            ar_gq    <= ar_gfire;
            aw_gq    <= aw_gfire;
            rd_out   <= hc_axi_pkg::count_step(rd_out, ar_gq, r_done);
            wr_out   <= hc_axi_pkg::count_step(wr_out, aw_gq, b_done);
            // (is the next count 0? n == 1 compared from flip-flops in parallel)
            rd_zero  <= hc_axi_pkg::count_zero_next(16'(rd_out), rd_zero, ar_gq, r_done);
            wr_zero  <= hc_axi_pkg::count_zero_next(16'(wr_out), wr_zero, aw_gq, b_done);
            rd_room3 <= room_next(rd_r5, ar_gq, r_done);
            wr_room3 <= room_next(wr_r5, aw_gq, b_done);
            rd_cap3  <= room_next(rd_c5, ar_gq, r_done);
            wr_cap3  <= room_next(wr_c5, aw_gq, b_done);
        end
    end

    // ---------------------------------------------------------------- AR
    logic [APW-1:0]    ar_out;
    logic [PORT_W-1:0] ar_port, ar_gidx_unused;
    hc_addr_mux #(.N(S_COUNT), .PW(APW), .REGISTER_READY(REGISTER_READY), .PRIO_W(PRIO_W),
                  .HEADS_KNOWN(HEADS_KNOWN)) u_ar_mux (
        .clk(aclk), .rst_n(aresetn), .allow(rd_cap2[0]), .allow_next(rd_cap2), .room(rd_room), .room_next(rd_room2),
        .in_payload(ar_payload), .in_valid(s_axi_arvalid), .in_more(s_axi_armore), .in_prio(cfg_prio), .in_ready(s_axi_arready),
        .out_payload(ar_out), .out_port(ar_port), .out_valid(m_axi_arvalid), .out_ready(m_axi_arready),
        .grant_fire(ar_gfire), .grant_idx(ar_gidx_unused)
    );
    logic [ID_WIDTH-1:0] ar_id_raw;
    assign {m_axi_arqos, m_axi_arprot, m_axi_arcache, m_axi_arlock, m_axi_arburst, m_axi_arsize,
            m_axi_arlen, m_axi_araddr, ar_id_raw} = ar_out;
    assign m_axi_arid = {ar_port, ar_id_raw};

    // ---------------------------------------------------------------- AW + W routing order
    logic [APW-1:0]    aw_out;
    logic [PORT_W-1:0] aw_port, aw_gidx;
    logic              route_ready;
    logic [1:0]        route_room_next;                // (HEADS_KNOWN: the route buffer's room next cycle,
                                                       //  without this cycle's WLAST — cautious)
    hc_addr_mux #(.N(S_COUNT), .PW(APW), .REGISTER_READY(REGISTER_READY), .PRIO_W(PRIO_W),
                  .HEADS_KNOWN(HEADS_KNOWN)) u_aw_mux (
        .clk(aclk), .rst_n(aresetn), .allow(route_ready && wr_cap2[0]),
        .allow_next(route_room_next & wr_cap2), .room(wr_room), .room_next(wr_room2),
        .in_payload(aw_payload), .in_valid(s_axi_awvalid), .in_more(s_axi_awmore), .in_prio(cfg_prio), .in_ready(s_axi_awready),
        .out_payload(aw_out), .out_port(aw_port), .out_valid(m_axi_awvalid), .out_ready(m_axi_awready),
        .grant_fire(aw_gfire), .grant_idx(aw_gidx)
    );
    logic [ID_WIDTH-1:0] aw_id_raw;
    assign {m_axi_awqos, m_axi_awprot, m_axi_awcache, m_axi_awlock, m_axi_awburst, m_axi_awsize,
            m_axi_awlen, m_axi_awaddr, aw_id_raw} = aw_out;
    assign m_axi_awid = {aw_port, aw_id_raw};

    // ---------------------------------------------------------------- W (0 cycles, routed by grant order)
    // The ports of the granted write bursts, in grant order, one-hot: the current burst's port in a
    // register (w_cur), the next one in the route buffer's head register (hc_efifo OUT_REG), the later ones
    // behind it in LUT-RAM. The route steps a cycle after the WLAST handshake (w_end_q): in that cycle, and
    // while no burst is current, the route buffer's head is the current route, so queued bursts follow one
    // another with no bubble, and a grant into an empty route buffer is current from the next cycle (its W
    // may pass with its AW). The W mux and the ports' WREADY decode one LUT of flops (the step flag, w_cur
    // and the head); the WLAST handshake, which the memory's WREADY and the ports' W flops make late and
    // far, ends at one flip-flop (issue 17: at 8 ports it ran on into the route buffer's pop, head load and
    // count, the critical path at two of three seeds).
    logic [S_COUNT-1:0] w_cur, w_nxt, w_sel;           // current route, the buffer's head, the one in use
    logic               w_busy, w_nxt_valid, w_sel_valid, w_end_q, route_more_unused;
    wire  w_end  = m_axi_wvalid && m_axi_wready && m_axi_wlast;
    wire  w_step = w_end_q || !w_busy;                 // the current slot is free: the head is the route
    hc_efifo #(.WIDTH(S_COUNT), .DEPTH(W_ROUTE_DEPTH < 2 ? 2 : W_ROUTE_DEPTH), .OUT_REG(1'b1)) u_w_route (
        .clk(aclk), .rst_n(aresetn), .in_data(S_COUNT'(1) << aw_gidx), .in_valid(aw_gfire), .in_ready(route_ready),
        .out_data(w_nxt), .out_valid(w_nxt_valid), .out_ready(w_step), .out_more(route_more_unused),
        .room_next(route_room_next)
    );
    always_ff @(posedge aclk) begin
        if (!aresetn) begin
            w_cur <= '0; w_busy <= 1'b0; w_end_q <= 1'b0;
        end else begin
            w_end_q <= w_end;
            if (w_step) begin
                w_cur  <= w_nxt;
                w_busy <= w_nxt_valid;
            end
        end
    end
    assign w_sel       = w_step ? w_nxt : w_cur;
    assign w_sel_valid = w_step ? w_nxt_valid : 1'b1;

    always_comb begin
        m_axi_wdata  = '0;
        m_axi_wstrb  = '0;
        m_axi_wlast  = 1'b0;
        m_axi_wvalid = 1'b0;
        for (int i = 0; i < S_COUNT; i++) begin
            m_axi_wdata  |= w_sel[i] ? s_axi_wdata[i*DATA_WIDTH +: DATA_WIDTH] : '0;
            m_axi_wstrb  |= w_sel[i] ? s_axi_wstrb[i*STRB_WIDTH +: STRB_WIDTH] : '0;
            m_axi_wlast  |= w_sel[i] && s_axi_wlast[i];
            m_axi_wvalid |= w_sel_valid && w_sel[i] && s_axi_wvalid[i];
        end
    end
    // The ports' WREADY from copies of the route's flops of their own ((* keep *): synthesis would merge
    // them back), so it does not run through w_sel, which drives the W mux (DATA_WIDTH + STRB_WIDTH + 2
    // loads per port): issue 17, w_end_q -> w_sel -> WREADY -> the port's write-data buffer pop and count,
    // 7 ns of routing, was the critical path at one seed of three at 4 ports.
    logic [S_COUNT-1:0] w_cur_r;
    logic               w_busy_r, w_end_r;
    (* keep *) always_ff @(posedge aclk) begin
        if (!aresetn) begin
            w_cur_r <= '0; w_busy_r <= 1'b0; w_end_r <= 1'b0;
        end else begin
            w_end_r <= w_end;
            if (w_end_r || !w_busy_r) begin
                w_cur_r  <= w_nxt;
                w_busy_r <= w_nxt_valid;
            end
        end
    end
    wire w_step_r = w_end_r || !w_busy_r;
    assign s_axi_wready = (w_step_r ? (w_nxt & {S_COUNT{w_nxt_valid}}) : w_cur_r) & {S_COUNT{m_axi_wready}};

    // ---------------------------------------------------------------- R and B (routed by ID)
    // RESP_REG: the memory's R beat and B enter a skid buffer first (READY to the memory from a flop), and
    // are routed from its registers, so neither the memory's VALID nor a port's READY runs through the
    // routing combinationally (1 cycle each); otherwise they are routed as they come (0 cycles).
    // The port a response goes to is decoded from its ID as it enters, one-hot (none for a port field
    // >= S_COUNT): with RESP_REG a skid buffer of its own holds it beside the payload, zero while nothing
    // is held, so each port's RVALID/BVALID is a flip-flop, which also masks that port's payload (issue 17:
    // the registered port field -> the decode -> every port's RVALID and 70 payload masks -> a port's RLAST
    // merge -> its response buffer was the critical path at one seed of three at 4 ports).
    localparam int RW = M_ID_WIDTH + DATA_WIDTH + 2 + 1;
    localparam int BW = M_ID_WIDTH + 2;
    function automatic logic [S_COUNT-1:0] port_onehot(input logic [PORT_W-1:0] p);
        port_onehot = '0;
        if (32'(p) < S_COUNT) port_onehot[p] = 1'b1;
    endfunction
    logic [M_ID_WIDTH-1:0] rr_id, rb_id;
    logic [DATA_WIDTH-1:0] rr_data;
    logic [1:0]            rr_resp, rb_resp;
    logic                  rr_last, rr_valid, rr_ready, rb_valid, rb_ready;
    logic [S_COUNT-1:0]    rr_sel, rb_sel;       // the port a held response goes to (zero: none / dropped)
    wire  [S_COUNT-1:0]    r_sel_in = port_onehot(m_axi_rid[ID_WIDTH +: PORT_W]);
    wire  [S_COUNT-1:0]    b_sel_in = port_onehot(m_axi_bid[ID_WIDTH +: PORT_W]);
    if (RESP_REG) begin : g_resp_reg
        logic r_sel_ready_unused, b_sel_ready_unused, r_sel_valid_unused, b_sel_valid_unused;
        hc_reg_slice #(.WIDTH(RW), .REGISTER_READY(1'b1)) u_r (
            .clk(aclk), .rst_n(aresetn),
            .in_data({m_axi_rid, m_axi_rdata, m_axi_rresp, m_axi_rlast}), .in_valid(m_axi_rvalid),
            .in_ready(m_axi_rready), .out_data({rr_id, rr_data, rr_resp, rr_last}), .out_valid(rr_valid),
            .out_ready(rr_ready)
        );
        hc_reg_slice #(.WIDTH(S_COUNT), .REGISTER_READY(1'b1), .ZERO_IDLE(1'b1)) u_r_sel (   // (in step with u_r)
            .clk(aclk), .rst_n(aresetn), .in_data(r_sel_in), .in_valid(m_axi_rvalid),
            .in_ready(r_sel_ready_unused), .out_data(rr_sel), .out_valid(r_sel_valid_unused), .out_ready(rr_ready)
        );
        hc_reg_slice #(.WIDTH(BW), .REGISTER_READY(1'b1)) u_b (
            .clk(aclk), .rst_n(aresetn),
            .in_data({m_axi_bid, m_axi_bresp}), .in_valid(m_axi_bvalid), .in_ready(m_axi_bready),
            .out_data({rb_id, rb_resp}), .out_valid(rb_valid), .out_ready(rb_ready)
        );
        hc_reg_slice #(.WIDTH(S_COUNT), .REGISTER_READY(1'b1), .ZERO_IDLE(1'b1)) u_b_sel (
            .clk(aclk), .rst_n(aresetn), .in_data(b_sel_in), .in_valid(m_axi_bvalid),
            .in_ready(b_sel_ready_unused), .out_data(rb_sel), .out_valid(b_sel_valid_unused), .out_ready(rb_ready)
        );
        /* verilator lint_off UNUSEDSIGNAL */
        wire unused_sel = &{1'b0, r_sel_ready_unused, b_sel_ready_unused, r_sel_valid_unused, b_sel_valid_unused};
        /* verilator lint_on UNUSEDSIGNAL */
`ifdef FORMAL
        // the selection slices move in step with the payload slices, and each selects the port of the
        // response its payload slice holds — in the output register and in the skid entry (what makes
        // the check inductive) — and no port while nothing is held (hc_reg_slice ZERO_IDLE)
        localparam int RID_LO = DATA_WIDTH + 3, BID_LO = 2;   // (the ID's place in the slices' payloads)
        always_comb if (aresetn) begin
            assert (r_sel_ready_unused == m_axi_rready && r_sel_valid_unused == rr_valid);
            assert (b_sel_ready_unused == m_axi_bready && b_sel_valid_unused == rb_valid);
            assert (rr_sel == (rr_valid ? port_onehot(rr_id[ID_WIDTH +: PORT_W]) : '0));
            assert (rb_sel == (rb_valid ? port_onehot(rb_id[ID_WIDTH +: PORT_W]) : '0));
            if (u_r.g_skid.skid_valid)
                assert (u_r_sel.g_skid.skid_data
                        == port_onehot(u_r.g_skid.skid_data[RID_LO + ID_WIDTH +: PORT_W]));
            if (u_b.g_skid.skid_valid)
                assert (u_b_sel.g_skid.skid_data
                        == port_onehot(u_b.g_skid.skid_data[BID_LO + ID_WIDTH +: PORT_W]));
        end
`endif
    end else begin : g_resp_direct
        assign {rr_id, rr_data, rr_resp, rr_last, rr_valid} = {m_axi_rid, m_axi_rdata, m_axi_rresp, m_axi_rlast, m_axi_rvalid};
        assign {rb_id, rb_resp, rb_valid} = {m_axi_bid, m_axi_bresp, m_axi_bvalid};
        assign rr_sel = r_sel_in & {S_COUNT{m_axi_rvalid}};
        assign rb_sel = b_sel_in & {S_COUNT{m_axi_bvalid}};
        assign m_axi_rready = rr_ready;
        assign m_axi_bready = rb_ready;
    end

    /* verilator lint_off UNUSEDSIGNAL */
    wire unused_routed = &{1'b0, rr_valid, rb_valid};   // (VALID reaches the ports through the selection)
    /* verilator lint_on UNUSEDSIGNAL */
    assign s_axi_rvalid = rr_sel;
    assign s_axi_bvalid = rb_sel;
    // READY from the held port field, a mux of the ports' READYs (not an AND-OR with the selection flops:
    // synthesis then shared each term with the port's own handshake and built the READY inside the ports,
    // 6 LUTs from a port's flops to the skid buffer's control at two seeds of three); a response for no
    // port (port field >= S_COUNT) is taken and dropped
    wire [PORT_W-1:0] r_port = rr_id[ID_WIDTH +: PORT_W];
    wire [PORT_W-1:0] b_port = rb_id[ID_WIDTH +: PORT_W];
    assign rr_ready = (32'(r_port) < S_COUNT) ? s_axi_rready[r_port] : 1'b1;
    assign rb_ready = (32'(b_port) < S_COUNT) ? s_axi_bready[b_port] : 1'b1;

    // a port's response payload is the memory's only in the cycles its own VALID is high, zero otherwise:
    // no port ever sees another port's read data or responses on its wires (issue 15)
    for (genvar i = 0; i < S_COUNT; i++) begin : g_resp
        assign {s_axi_rid[i*ID_WIDTH +: ID_WIDTH], s_axi_rdata[i*DATA_WIDTH +: DATA_WIDTH], s_axi_rresp[i*2 +: 2],
                s_axi_rlast[i]} = s_axi_rvalid[i] ? {rr_id[ID_WIDTH-1:0], rr_data, rr_resp, rr_last} : '0;
        assign {s_axi_bid[i*ID_WIDTH +: ID_WIDTH], s_axi_bresp[i*2 +: 2]} =
            s_axi_bvalid[i] ? {rb_id[ID_WIDTH-1:0], rb_resp} : '0;
    end

    /* verilator lint_off UNUSEDSIGNAL */
    wire unused_ok = &{1'b0, ar_gidx_unused};
    /* verilator lint_on UNUSEDSIGNAL */

`ifdef FORMAL
    // The global limit's bookkeeping (tests/formal/axi_exbar.sby, k-induction; every input free but the
    // ports' AXI rules the arbiters assume and G, held from reset — a change of G applies from the second
    // cycle and is not covered; the memory may answer RLAST or B that nobody asked for): the zero flags
    // agree with the counts, the three room flags are the room at the count, count + 1 and count + 2, and
    // the counts with the grant on its way never exceed G (nor wrap, G = 0).
    logic f_past, f_live;
    hc_formal_reset u_f_reset (.clk(aclk), .rst_n(aresetn), .f_past, .f_live);
    always_ff @(posedge aclk) if (f_past) assume ($stable(cfg_global_limit));
    // room at a count m (17 bits: no wrap): below G, or (G = 0) below 2^16 - 1
    function automatic logic below_at(input logic [16:0] m, input logic [8:0] g);
        return (g == '0) ? m < 17'hFFFF : m < 17'(g);
    endfunction
    function automatic logic room_at(input logic [16:0] m);
        return below_at(m, cfg_global_limit);
    endfunction
    function automatic logic cap_at(input logic [16:0] m);       // the top class: the count's end
        return below_at(m, '0);
    endfunction
    // port p is of the top class (the classes are held, as the arbiters assume)
    function automatic logic f_top(input logic [PORT_W-1:0] p);
        return &cfg_prio[p*PRIO_W +: PRIO_W];
    endfunction
    always_comb if (f_live) begin
        assert (rd_zero == (rd_out == '0) && wr_zero == (wr_out == '0));
        assert (lim_q == limits(cfg_global_limit));
        assert (rd_room3 == {room_at(17'(rd_out) + 17'd2), room_at(17'(rd_out) + 17'd1), room_at(17'(rd_out))});
        assert (wr_room3 == {room_at(17'(wr_out) + 17'd2), room_at(17'(wr_out) + 17'd1), room_at(17'(wr_out))});
        assert (rd_cap3 == {cap_at(17'(rd_out) + 17'd2), cap_at(17'(rd_out) + 17'd1), cap_at(17'(rd_out))});
        assert (wr_cap3 == {cap_at(17'(wr_out) + 17'd2), cap_at(17'(wr_out) + 17'd1), cap_at(17'(wr_out))});
        // in flight: the count and the grant on its way, never above 2^16 - 1 (no wrap)
        assert (17'(rd_out) + 17'(ar_gq) <= 17'hFFFF);
        assert (17'(wr_out) + 17'(aw_gq) <= 17'hFFFF);
        // a presented choice was made with room — below G unless it is of the top class — and the count
        // has not grown since: every grant below the top class finds fewer than G in flight, so at most G
        // lower-class transactions are ever in flight ahead of a top-class request
        if (!REGISTER_READY && m_axi_arvalid) assert (rd_cap2[0] && (rd_room2[0] || f_top(ar_port)));
        if (!REGISTER_READY && m_axi_awvalid) assert (wr_cap2[0] && (wr_room2[0] || f_top(aw_port)));
        // the WREADY path's copies of the W route's flops agree with them
        assert (w_cur_r == w_cur && w_busy_r == w_busy && w_end_r == w_end_q);
    end
`endif
endmodule
