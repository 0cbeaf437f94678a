// SPDX-License-Identifier: Apache-2.0
// hc_decoupler — run-time decoupling of one AXI4 port (paper 001, "decoupling from the memory
// subsystem"): on request the port stops accepting new AR/AW, lets everything already accepted complete
// (remaining W beats, R data, B responses), then isolates the accelerator: every handshake on both
// sides held low and the master-side payload driven to zero. Clearing the request re-couples it.
//
// States: COUPLED (transparent) -> DRAINING (cfg_decouple = 1; new requests held) -> DECOUPLED (nothing
// outstanding). Clearing cfg_decouple returns to COUPLED from either state; a request held while
// draining is then accepted normally, so nothing is lost or duplicated.
// Latency: 0 cycles on every channel (combinational gates). Status: draining, decoupled.
// AXI safety: an AR/AW already presented downstream when the request arrives stays valid until
// accepted (it then counts as outstanding and drains); W beats pass only for accepted AWs while
// draining (beats of an AW that was not accepted wait, WREADY low); if write data ran ahead of its AW
// (AXI allows it), that AW is still accepted while draining — it is owed, not new.
// Owed requests: ar_owed / aw_owed tell it that requests the port accepted before the decouple request
// still wait in a buffer in front (hc_supervisor's request buffers, whose input closes on the request):
// they pass while draining, and the port is not decoupled before they have. Tie them low when nothing
// buffers in front; with OWED_VALID (below) they must be this module's own s_axi_arvalid/awvalid.
// Parameters: ADDR_WIDTH, DATA_WIDTH, ID_WIDTH, COUNT_WIDTH (outstanding counters, default 9 bits),
//   ZERO_PAYLOAD (default 1: the master-side payload is zero while decoupled; 0 passes it unchanged —
//   inside hc_supervisor, where only the VALIDs it gates reach anything and the mux would sit on the
//   request path), W_GATE (default 1: the W gate above; 0: W passes ungated — only where what follows
//   takes a write beat only for an AW that already passed here, as hc_supervisor's guard does (it passes
//   beats of the AWs it accepted and drops those of the AWs it rejected, both behind this module): then
//   W never runs ahead of its AW here and the gate is always open when a beat is taken, which the
//   bounded proofs of hc_supervisor assert (see the checks at the end); issue 17: two LUT levels less on the
//   port's W handshake), LATE_COUNT (default 0; 1: the AR/AW handshakes are registered and counted a
//   cycle later, so the outstanding counts start from flops — issue 17: the handshake, formed by the
//   splitter's READY behind, ran into rd_out and was the critical path at one seed at 4 ports. A
//   handshake on its way counts as outstanding. Needs: no response completes in the cycle of its own
//   request's handshake here, no write beat passes in its AW's handshake cycle, and write data never
//   runs ahead of its AW (else an AW owed for early data would leave the AW gate open one cycle longer
//   while draining) — true behind hc_supervisor's request buffers, with its response buffers and the
//   guard's W_LATE, where this module is used with W_GATE 0; with W_GATE 0 the WLAST handshakes are
//   counted a cycle later as well), OWED_VALID (default 0; 1: ar_owed/aw_owed
//   are this module's own s_axi_arvalid/awvalid — every request presented comes from a buffer in front
//   whose input the decouple request closes, as hc_supervisor's request buffers — so a presented request
//   is always owed and the address gates are left out: AR/AW VALID and READY pass straight through.
//   Issue 17: the gate's five inputs sat between the guard's READY and the buffer's pop, two LUT levels
//   of the critical path at two seeds of three at 4 ports).
module hc_decoupler #(
    parameter int ADDR_WIDTH  = 32,
    parameter int DATA_WIDTH  = 64,
    parameter int ID_WIDTH    = 4,
    parameter int COUNT_WIDTH = 9,
    parameter bit ZERO_PAYLOAD = 1'b1,
    parameter bit W_GATE       = 1'b1,
    parameter bit LATE_COUNT   = 1'b0,
    parameter bit OWED_VALID   = 1'b0
) (
    input  logic                    aclk,
    input  logic                    aresetn,
    input  logic                    cfg_decouple,
    input  logic                    ar_owed,        // requests the port accepted before a decouple request,
    input  logic                    aw_owed,        //   still buffered in front of this module (tie 0 if none)
    output logic                    draining,
    output logic                    decoupled,
    // slave side (accelerator)
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
    // master side (to the rest of the interconnect)
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
    input  logic                    m_axi_arready,
    input  logic [ID_WIDTH-1:0]     m_axi_rid,
    input  logic [DATA_WIDTH-1:0]   m_axi_rdata,
    input  logic [1:0]              m_axi_rresp,
    input  logic                    m_axi_rlast,
    input  logic                    m_axi_rvalid,
    output logic                    m_axi_rready
);
    initial begin
        if (COUNT_WIDTH < 2 || COUNT_WIDTH > 16)
            $fatal(1, "hc_decoupler: COUNT_WIDTH must be 2..16 (got %0d)", COUNT_WIDTH);
    end

    logic                   isolated;            // DECOUPLED state
    logic [COUNT_WIDTH-1:0] rd_out, wr_out;      // accepted AR without RLAST, AW without B
    logic signed [COUNT_WIDTH-1:0] w_balance;    // AWs accepted minus write bursts whose WLAST passed
                                                 // (< 0: data ran ahead of its AW, as AXI allows; with
                                                 // LATE_COUNT each counted a cycle after its handshake)
    logic                   ar_presented, aw_presented;
    logic                   w_ahead;             // w_balance > 0, in a flop (the W gate starts at flops)

    wire block_new = cfg_decouple || isolated;   // no new address request enters
    wire ar_open   = OWED_VALID || !block_new || ar_presented || ar_owed;
    wire aw_early  = w_balance < 0;              // an AW whose data already went downstream must follow
    wire aw_open   = OWED_VALID || !block_new || aw_presented || aw_early || aw_owed;
    wire w_open    = !W_GATE || !block_new || w_ahead;
    wire resp_open = !isolated;

    // address channels
    assign m_axi_arvalid = s_axi_arvalid && ar_open;
    assign s_axi_arready = m_axi_arready && ar_open;
    assign m_axi_awvalid = s_axi_awvalid && aw_open;
    assign s_axi_awready = m_axi_awready && aw_open;
    wire zero = ZERO_PAYLOAD && isolated;
    assign {m_axi_arid, m_axi_araddr, m_axi_arlen, m_axi_arsize, m_axi_arburst, m_axi_arlock, m_axi_arcache,
            m_axi_arprot, m_axi_arqos} = zero ? '0 : {s_axi_arid, s_axi_araddr, s_axi_arlen, s_axi_arsize,
            s_axi_arburst, s_axi_arlock, s_axi_arcache, s_axi_arprot, s_axi_arqos};
    assign {m_axi_awid, m_axi_awaddr, m_axi_awlen, m_axi_awsize, m_axi_awburst, m_axi_awlock, m_axi_awcache,
            m_axi_awprot, m_axi_awqos} = zero ? '0 : {s_axi_awid, s_axi_awaddr, s_axi_awlen, s_axi_awsize,
            s_axi_awburst, s_axi_awlock, s_axi_awcache, s_axi_awprot, s_axi_awqos};
    // write data
    assign m_axi_wvalid = s_axi_wvalid && w_open;
    assign s_axi_wready = m_axi_wready && w_open;
    assign {m_axi_wdata, m_axi_wstrb, m_axi_wlast} = zero ? '0 : {s_axi_wdata, s_axi_wstrb, s_axi_wlast};
    // responses
    assign s_axi_rvalid = m_axi_rvalid && resp_open;
    assign m_axi_rready = s_axi_rready && resp_open;
    assign {s_axi_rid, s_axi_rdata, s_axi_rresp, s_axi_rlast} = {m_axi_rid, m_axi_rdata, m_axi_rresp, m_axi_rlast};
    assign s_axi_bvalid = m_axi_bvalid && resp_open;
    assign m_axi_bready = s_axi_bready && resp_open;
    assign {s_axi_bid, s_axi_bresp} = {m_axi_bid, m_axi_bresp};

    wire ar_fire = m_axi_arvalid && m_axi_arready;
    wire aw_fire = m_axi_awvalid && m_axi_awready;
    // the handshakes as counted: this cycle's, or (LATE_COUNT) last cycle's, registered
    logic ar_fire_q, aw_fire_q;
    always_ff @(posedge aclk) begin
        if (!aresetn) {ar_fire_q, aw_fire_q} <= 2'b00;
        else          {ar_fire_q, aw_fire_q} <= {ar_fire, aw_fire} & {2{LATE_COUNT}};
    end
    wire ar_cnt  = LATE_COUNT ? ar_fire_q : ar_fire;
    wire aw_cnt  = LATE_COUNT ? aw_fire_q : aw_fire;
    wire w_last  = m_axi_wvalid && m_axi_wready && m_axi_wlast;
    // LATE_COUNT with W_GATE 0: a burst's WLAST handshake is counted a cycle later too (w_balance then
    // only tells `idle`, which waits for it: issue 17, the W handshake -> the balance's next value was 5
    // LUT levels, critical at one seed at 4 ports). With the W gate it is counted at once: the gate
    // must close as the burst ends.
    localparam bit LATE_W = LATE_COUNT && !W_GATE;
    logic w_last_q;
    always_ff @(posedge aclk) begin
        if (!aresetn) w_last_q <= 1'b0;
        else          w_last_q <= w_last && LATE_W;
    end
    wire w_cnt   = LATE_W ? w_last_q : w_last;
    wire r_last  = m_axi_rvalid && m_axi_rready && m_axi_rlast;
    wire b_fire  = m_axi_bvalid && m_axi_bready;

    wire idle = (rd_out == '0) && (wr_out == '0) && (w_balance == '0) && !ar_presented && !aw_presented
                && !ar_owed && !aw_owed && !ar_fire_q && !aw_fire_q && !w_last_q;
    assign draining  = cfg_decouple && !isolated;
    assign decoupled = isolated;

    always_ff @(posedge aclk) begin
        if (!aresetn) begin
            isolated     <= 1'b0;
            rd_out       <= '0;
            wr_out       <= '0;
            w_balance    <= '0;
            w_ahead      <= 1'b0;
            ar_presented <= 1'b0;
            aw_presented <= 1'b0;
        end else begin
            ar_presented <= m_axi_arvalid && !m_axi_arready;
            aw_presented <= m_axi_awvalid && !m_axi_awready;
            rd_out <= COUNT_WIDTH'(hc_axi_pkg::count_step(16'(rd_out), ar_cnt, r_last));
            wr_out <= COUNT_WIDTH'(hc_axi_pkg::count_step(16'(wr_out), aw_cnt, b_fire));
            w_balance <= $signed(COUNT_WIDTH'(hc_axi_pkg::count_step(16'($unsigned(w_balance)), aw_cnt, w_cnt)));
            case ({aw_cnt, w_cnt})                   // w_balance > 0 after this cycle
                2'b10:   w_ahead <= w_balance >= 0;
                2'b01:   w_ahead <= w_balance > 1;
                default: ;
            endcase
            if (!cfg_decouple)                   isolated <= 1'b0;
            else if (idle)        isolated <= 1'b1;   // (idle with the request: nothing can be taken now —
                                                      //  the gates are closed, nothing presented, owed or early)
        end
    end
// The checks below: in this module's own formal use (FORMAL) and in hc_supervisor's bounded proofs
// (FORMAL_SUPERVISOR, tests/formal/hc_supervisor.sby), which drive the decoupler as the port does —
// LATE_COUNT on behind the request and response buffers, W_GATE 0. (Not in axi_hyperconnect's k-induction
// at depth 2, where they are not inductive on their own.)
`ifdef FORMAL
`define HC_DECOUPLER_CHECKS
`endif
`ifdef FORMAL_SUPERVISOR
`define HC_DECOUPLER_CHECKS
`endif
`ifdef HC_DECOUPLER_CHECKS
    // idle under a decouple request: no address handshake can happen in that cycle (so `isolated` needs
    // no look at this cycle's handshakes)
    always_comb if (aresetn && cfg_decouple && idle) assert (!ar_fire && !aw_fire);
    // LATE_COUNT: the counts never pass below zero (a completion never comes before its handshake is
    // counted)
    always_comb if (aresetn && LATE_COUNT) begin
        if (r_last) assert (rd_out != '0 || ar_fire_q);
        if (b_fire) assert (wr_out != '0 || aw_fire_q);
    end
    // OWED_VALID: the user's owed flags are the presented requests (so the gates it leaves out were open)
    always_comb if (aresetn && OWED_VALID) assert (ar_owed == s_axi_arvalid && aw_owed == s_axi_awvalid);
    // without the W gate, the user guarantees what the gate would: a beat is taken only for an AW that
    // passed (write data never ahead of its AW), so the gate would have been open (with LATE_COUNT the
    // WLAST is counted a cycle late, so w_ahead falls a cycle late: the check is weaker in that cycle)
    always_comb if (aresetn && !W_GATE && m_axi_wvalid && m_axi_wready) assert (w_ahead || aw_fire_q);
`endif
endmodule
