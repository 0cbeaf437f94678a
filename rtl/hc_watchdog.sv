// SPDX-License-Identifier: Apache-2.0
// hc_watchdog — stall protection and WLAST check of one axi_hyperconnect port (issue 5), at the
// accelerator boundary. An accelerator can hold the shared interconnect by not doing its part of a
// handshake: not sending the write data of an accepted AW (the memory's W channel follows AW order and
// waits for it), or not taking its read data or write response (RREADY / BREADY low). The watchdog
// counts the cycles in which the port keeps the interconnect waiting like that and, after cfg_timeout
// of them in a row, trips (each cycle's stall is registered, then the limit's cycle: the trip flag rises
// the third cycle after the cfg_timeout-th, issue 17):
//   w_stall: an AW was accepted and its data does not come (WVALID low), or data comes with no AW;
//   r_stall: RVALID high, RREADY low;           b_stall: BVALID high, BREADY low;
//   wlast:   (no timeout) a beat's WLAST disagrees with its burst's AWLEN: that beat goes strobe-less,
//            W is cut off from the accelerator from the next cycle, and the trip flag rises the cycle
//            after that (the error is registered first, issue 17: it was a handshake into the trip and
//            every flop it gates).
// Tripped, the port is cut off from its accelerator and completes everything on its own: write data
// still owed is sent as beats with WSTRB = 0 (nothing is written; their WDATA is whatever the
// accelerator drives, not zeroed: issue 17, 64 LUTs per port on the trip flop's fanout), read data and write responses are
// taken and dropped, a request that was waiting for READY is still taken (AXI; with REQ_GATED the
// request buffers behind close instead, and take nothing from the trip on), nothing new is. A beat
// already taken from the accelerator keeps its data and strobes (it was legitimate). The `tripped`
// output asks the port's decoupler to decouple, so the port drains and reports decoupled.
// Release: the trip holds while fault_active (the FAULT flags it set, until software clears them), and
// until the port has drained (`drained`: the decoupler behind reports nothing outstanding — every read
// answered, every write's data sent and its B returned, all dropped here). So clearing the flags
// re-couples the port only once nothing of what the accelerator started before can come back to it (the
// first version released with responses still in flight, which a freshly reset accelerator then got;
// issue 15). The release is decided from flops a cycle ahead, so the trip ends the second cycle after
// both hold. The accelerator must be reset before the release: its handshakes were abandoned.
// W beats are forwarded with WLAST taken from the burst's AWLEN (the master's WLAST is only checked),
// so the modules behind count bursts right whatever the accelerator does; the beat with a wrong WLAST
// goes with WSTRB = 0. W beats wait (WREADY low) until their AW has been accepted, as AXI allows.
// W register: every beat leaves through a two-entry buffer (hc_efifo: READY and VALID from flops, the
// beats in LUT-RAM), so VALID, data, strobes and WLAST towards the memory come from storage and hold
// until taken whatever the accelerator does — one that drops WVALID before WREADY or changes WDATA/WSTRB
// while waiting cannot make the memory port see it (issue 15: the W path used to be a chain of gates
// from the accelerator to the memory port). A trip changes only the beats that enter it afterwards.
// The position in the current burst (WLAST expected, AW accepted) is kept in flops by hc_w_tracker, with
// the W handshake registered there (BEAT_REG) and the next burst's "single" and "two beats" flags in
// flops (HEAD_REG):
// WREADY, VALID into the W register and the expected WLAST are each one LUT level after flip-flops.
// W_FALL_THROUGH 1 (axi_hyperconnect's minimum-latency setting, where no write-data buffer follows): the
// W register is a fall-through buffer (hc_efifo FALL_THROUGH): a beat taken while it is empty goes on in
// the same cycle and is stored only if the memory side does not take it then. WREADY to the accelerator
// is still a flip-flop, so a beat once taken is held for the memory side as above; W latency 0.
// Latency (cycles, input VALID -> output VALID): AR 0 | AW 0 | W 1 (0 with W_FALL_THROUGH) | R 0 | B 0. A W beat is taken from
//   the cycle after its AW was accepted (the equalizer behind cuts the sub-burst one cycle after
//   accepting the AW, and the crossbar routes W from the cycle after the grant, so a beat right behind
//   its AW reaches the memory port no later than before).
// Parameters: DATA_WIDTH; W_DEPTH (accepted AWs whose data is not complete, default
//   32: the port takes no further AW while full); TW (timeout counter bits, default 16); W_FALL_THROUGH
//   (0: W register, latency 1, default; 1: fall-through, latency 0); REQ_GATED (0: a request waiting for
//   READY when it trips is still taken, nothing new is, default; 1: the module behind keeps m_axi_arready
//   and m_axi_awready low from the trip on — hc_supervisor's request buffers close their input — so the
//   trip does not gate AR/AW here: one LUT level less between the trip flag and the accelerator's READY).
// trip_next: the trip flag's next value, for a copy of it beside the logic it gates (hc_supervisor).
// Resources: the W register is 2 x (DATA_WIDTH + DATA_WIDTH/8 + 1) bits of LUT-RAM and about 6 flops (it was a
//   skid buffer of as many flops, issue 17).
// Runtime: cfg_timeout (cycles, 0: stall protection off; the WLAST check is always on; registered here:
//   a run of stall cycles is compared with the value set in its last cycle).
module hc_watchdog #(
    parameter int DATA_WIDTH = 64,
    parameter int W_DEPTH    = 32,
    parameter int TW         = 16,                   // timeout counter bits
    parameter bit W_FALL_THROUGH = 1'b0,
    parameter bit REQ_GATED  = 1'b0
) (
    input  logic                    aclk,
    input  logic                    aresetn,
    input  logic [TW-1:0]           cfg_timeout,
    input  logic                    fault_active,        // a FAULT flag this module set is still up
    input  logic                    drained,             // nothing of the port is outstanding behind
    output logic                    tripped,
    output logic                    trip_next,           // tripped in the next cycle
    output logic                    fault_w_stall,       // one-cycle pulses, the cycle it trips (fault_wlast:
                                                         //  or the cycle after, with a timeout's trip)
    output logic                    fault_r_stall,
    output logic                    fault_b_stall,
    output logic                    fault_wlast,
    // slave side (accelerator)
    input  logic [7:0]              s_axi_awlen,
    input  logic                    s_axi_awvalid,
    output logic                    s_axi_awready,
    input  logic [DATA_WIDTH-1:0]   s_axi_wdata,
    input  logic [DATA_WIDTH/8-1:0] s_axi_wstrb,
    input  logic                    s_axi_wlast,
    input  logic                    s_axi_wvalid,
    output logic                    s_axi_wready,
    output logic                    s_axi_bvalid,
    input  logic                    s_axi_bready,
    input  logic                    s_axi_arvalid,
    output logic                    s_axi_arready,
    output logic                    s_axi_rvalid,
    input  logic                    s_axi_rready,
    // master side (the rest of the port): payloads other than W pass straight through the instantiating
    // module; only handshakes and the W beat are here
    output logic                    m_axi_awvalid,
    input  logic                    m_axi_awready,
    output logic [DATA_WIDTH-1:0]   m_axi_wdata,
    output logic [DATA_WIDTH/8-1:0] m_axi_wstrb,
    output logic                    m_axi_wlast,
    output logic                    m_axi_wvalid,
    input  logic                    m_axi_wready,
    input  logic                    m_axi_bvalid,
    output logic                    m_axi_bready,
    output logic                    m_axi_arvalid,
    input  logic                    m_axi_arready,
    input  logic                    m_axi_rvalid,
    output logic                    m_axi_rready
);
    initial begin
        if (W_DEPTH < 2 || W_DEPTH > 256) $fatal(1, "hc_watchdog: W_DEPTH must be 2..256 (got %0d)", W_DEPTH);
        if (TW < 2 || TW > 32) $fatal(1, "hc_watchdog: TW must be 2..32 (got %0d)", TW);
    end

    logic trip_q;
    assign tripped = trip_q;

    // ---- write bursts whose data is owed: the current one's position in flops (hc_w_tracker)
    logic       w_valid, w_end, w_full;
    wire        w_empty = !w_valid;
    wire        aw_fire = m_axi_awvalid && m_axi_awready;
    logic       ws_valid, ws_ready;                      // a beat into the W register
    wire        w_fire  = ws_valid && ws_ready;
    hc_w_tracker #(.DEPTH(W_DEPTH), .BEAT_REG(1'b1), .HEAD_REG(1'b1)) u_w_track (
        .clk(aclk), .rst_n(aresetn), .push(aw_fire), .push_len(s_axi_awlen),
        .push_single(s_axi_awlen == 8'd0), .full(w_full),
        .beat(w_fire), .valid(w_valid), .last(w_end)
    );

    // ---- address channels: a request waiting for READY when the watchdog trips is still taken
    //      (REQ_GATED: the module behind closes instead, from the cycle of the trip flag)
    logic ar_wait, aw_wait;                              // presented last cycle, not accepted
    wire  ar_open = REQ_GATED || !trip_q || ar_wait;
    wire  aw_open = REQ_GATED || !trip_q || aw_wait;
    assign m_axi_arvalid = s_axi_arvalid && ar_open;
    assign s_axi_arready = m_axi_arready && ar_open;
    assign m_axi_awvalid = s_axi_awvalid && !w_full && aw_open;
    assign s_axi_awready = m_axi_awready && !w_full && aw_open;

    // ---- write data: the accelerator's beats while healthy, strobe-less beats once tripped, through the
    //      W register. A beat with a wrong WLAST goes strobe-less; the trip it causes is registered first
    //      (wlast_err: the trip flag a cycle later), and W is cut off from the accelerator already in that
    //      cycle (w_cut), so no beat after the wrong one is taken with strobes
    localparam int WW = DATA_WIDTH + DATA_WIDTH / 8 + 1;
    logic                   wlast_err;               // the last beat taken had a wrong WLAST
    // w_cut = trip_q || wlast_err, as a flop of its own (loaded from their next values), so the beat's
    // handshake into the W burst tracker's registered beat has one input less (issue 17: the tracker's
    // state -> the handshake -> its beat flop, 4 LUTs with 6.7 ns of routing, was the critical path at one
    // seed of three at 4 ports, 118.5 MHz)
    logic                   w_cut;
    wire                    wlast_wrong = s_axi_wlast != w_end;      // the beat's WLAST is not the expected
    wire                    wlast_bad = s_axi_wvalid && !w_empty && wlast_wrong;
    wire                    wlast_hit = !w_cut && wlast_bad && w_fire;   // such a beat taken now
    // (the strobes of a beat that enters the W register: the beat is there only while a burst is current
    // and WVALID is up — or W is cut, which masks it anyway — so the mask needs neither; issue 17: the W
    // burst tracker's state -> the "no burst" flag -> wlast_bad -> the W register's LUT-RAM data, 5 LUTs
    // and 6.4 ns of routing, was the critical path at one seed of three at 4 ports, 123.7 MHz)
    wire [DATA_WIDTH/8-1:0] ws_strb   = (w_cut || wlast_wrong) ? '0 : s_axi_wstrb;
    wire [WW-1:0]           ws_data   = {s_axi_wdata, ws_strb, w_end};
    assign ws_valid     = !w_empty && (w_cut || s_axi_wvalid);
    assign s_axi_wready = !w_empty && !w_cut && ws_ready;
    logic w_more_unused;
    logic [1:0] w_room_unused;
    hc_efifo #(.WIDTH(WW), .DEPTH(2), .FALL_THROUGH(W_FALL_THROUGH)) u_w_out (
        .clk(aclk), .rst_n(aresetn), .in_data(ws_data), .in_valid(ws_valid), .in_ready(ws_ready),
        .out_data({m_axi_wdata, m_axi_wstrb, m_axi_wlast}), .out_valid(m_axi_wvalid), .out_ready(m_axi_wready),
        .out_more(w_more_unused), .room_next(w_room_unused)
    );

    // ---- responses: dropped once tripped
    assign s_axi_rvalid = m_axi_rvalid && !trip_q;
    assign m_axi_rready = s_axi_rready || trip_q;
    assign s_axi_bvalid = m_axi_bvalid && !trip_q;
    assign m_axi_bready = s_axi_bready || trip_q;

    // ---- stall detection: cycles in a row in which the port keeps the interconnect waiting
    wire w_stall = (!w_empty && !s_axi_wvalid) || (w_empty && s_axi_wvalid && !s_axi_awvalid);
    wire r_stall = s_axi_rvalid && !s_axi_rready;
    wire b_stall = s_axi_bvalid && !s_axi_bready;
    logic [TW-1:0] waited;
    // the limit in a register, cfg_timeout - 1 and "off" prepared a cycle ahead, so the limit's decision
    // is one compare from flip-flops (issue 17: the register block's TIMEOUT -> decrement -> compare -> trip
    // was the critical path at one seed at 4 ports, two carry chains and the net from the register block)
    logic [TW-1:0] lim_q;
    logic          off_q;
    // each cycle's stall is registered where it is seen (stall_q: the W burst tracker's state, beside the
    // W register, -> w_stall -> the count's clear and the limit's compare, 23 columns away, was critical
    // at one seed at 4 ports, 105.4 MHz), and counted a cycle later; the TIMEOUT-th stall cycle in a row
    // is registered too (timeout_q: which stall), the trip decided from it a cycle later (issue 17: w_stall
    // -> the compare -> trip -> the request buffers' `closed`, 55 columns away, was critical at one seed)
    wire  [2:0] stall_in = {b_stall, r_stall, w_stall};
    logic [2:0] stall_q;                             // stall_in of the cycle before (none while tripped)
    wire  stall_now = |stall_q;
    wire  at_limit  = !off_q && !trip_q && stall_now && waited >= lim_q;
    logic [2:0] timeout_q;                           // {b, r, w}: the stall that reached the limit
    wire  timeout   = |timeout_q;
    wire  trip      = !trip_q && (timeout || wlast_err);
    // the release, decided from flops a cycle ahead (issue 17: the decoupler's drained flag -> this AND ->
    // the trip flag's next value -> the request buffers' `closed` crossed the port, the critical path at
    // one seed at 4 ports). Every condition, once true while tripped, stays true: nothing sets a FAULT
    // flag but a trip; no AW is taken (REQ_GATED: the module behind is closed; else the decoupler behind
    // takes none while decoupled, and the AND below excludes one taken in this cycle); the port stays
    // decoupled while the trip asks for it. So the port is released a cycle later than it could be, never
    // before it is drained.
    logic let_go_q;
    assign trip_next = trip || (trip_q && !let_go_q);
    assign fault_w_stall = trip && timeout_q[0];
    assign fault_r_stall = trip && timeout_q[1];
    assign fault_b_stall = trip && timeout_q[2];
    assign fault_wlast   = wlast_err;                 // (its trip is now, or was a timeout's a cycle ago)

    always_ff @(posedge aclk) begin
        if (!aresetn) begin
            trip_q <= 1'b0; waited <= '0; ar_wait <= 1'b0; aw_wait <= 1'b0; wlast_err <= 1'b0; let_go_q <= 1'b0;
            timeout_q <= '0; stall_q <= '0; w_cut <= 1'b0;
        end else begin
            stall_q   <= trip_q ? 3'b000 : stall_in;
            timeout_q <= at_limit ? stall_q : 3'b000;
            wlast_err <= wlast_hit;
            w_cut     <= trip_next || wlast_hit;
            let_go_q  <= trip_q && !fault_active && w_empty && !aw_fire && drained;
            ar_wait <= m_axi_arvalid && !m_axi_arready;
            aw_wait <= m_axi_awvalid && !m_axi_awready;
            if (trip_q || !stall_now) waited <= '0;
            else if (waited != '1)    waited <= waited + TW'(1);
            trip_q <= trip_next;
        end
    end
    always_ff @(posedge aclk) begin                  // (no reset: follows cfg_timeout from the first cycle;
        lim_q <= cfg_timeout - TW'(1);               //  the trip is held off by the reset until then)
        off_q <= cfg_timeout == '0;
    end

`ifdef FORMAL
    // Properties (tests/formal/hc_watchdog.sby): the rest of the port obeys AXI (assumed). Whatever the
    // accelerator does, the watchdog keeps W towards the port valid and stable (data, strobes, WLAST)
    // until taken, takes W only for accepted AWs, once tripped takes no beat with strobes (only beats
    // already in its W register are written) and never blocks a response, trips when a stall has lasted
    // cfg_timeout cycles, and releases only once drained. (WLAST on each burst's last beat, with the
    // modules behind, is proven in hc_supervisor's check.)
    logic f_past, f_live;
    hc_formal_reset u_f_reset (.clk(aclk), .rst_n(aresetn), .f_past, .f_live);
    always_comb if (aresetn) assert (w_cut == (trip_q || wlast_err));
    always_ff @(posedge aclk) if (f_live) begin
        if ($past(m_axi_rvalid && !m_axi_rready)) assume (m_axi_rvalid);
        if ($past(m_axi_bvalid && !m_axi_bready)) assume (m_axi_bvalid);
        // towards the port W stays until taken, with the same data, strobes and WLAST, whatever the
        // accelerator does (also across a trip)
        if ($past(m_axi_wvalid && !m_axi_wready))
            assert (m_axi_wvalid && $stable({m_axi_wdata, m_axi_wstrb, m_axi_wlast}));
        // a stall of cfg_timeout cycles in a row trips it
        // (against the limit set a cycle earlier: a new cfg_timeout applies from the cycle after it is set)
        assert (lim_q == $past(cfg_timeout) - TW'(1) && off_q == ($past(cfg_timeout) == '0));
        // (registered first: the trip flag rises the third cycle after the TIMEOUT-th; at_limit against
        // the reference run below)
        if ($past(at_limit)) assert (trip_next);
        // a beat with a wrong WLAST trips it from the next cycle, and no beat is taken from the
        // accelerator after it
        if ($past(wlast_hit)) assert (trip_next && !s_axi_wready);
        // the trip ends only when the flags are cleared and the port has drained (the environment's part,
        // assumed here: while tripped no FAULT flag rises and the port stays drained — the register block's
        // FAULT flags are write-1-to-clear with the registered pulses counted in fault_active, and the
        // decoupler stays isolated while the trip asks it to decouple; no proof checks these two yet: the
        // composed proofs leave fault_active free and do not compile this block)
        if ($past(trip_q) && trip_q && $past(!fault_active)) assume (!fault_active);
        if ($past(trip_q) && trip_q && $past(drained)) assume (drained);
        if ($past(trip_q) && !trip_q) assert ($past(!fault_active && drained && w_empty));
        // REQ_GATED: the module behind keeps the address channels closed while tripped
        if (REQ_GATED && trip_q) assume (!m_axi_arready && !m_axi_awready);
    end
    // reference: the run of stall cycles, untripped, that ended last cycle (f_run, saturating as the
    // count does). The limit's cycle is the one after a run of cfg_timeout of them (the value set then).
    logic [TW:0] f_run;
    always_ff @(posedge aclk) begin
        if (!aresetn) f_run <= '0;
        else if (trip_q || stall_in == '0) f_run <= '0;
        else if (f_run != {1'b1, {TW{1'b0}}}) f_run <= f_run + 1'b1;
    end
    always_comb if (aresetn && f_past) begin
        assert (f_run == (stall_q != '0 ? {1'b0, waited} + 1'b1 : '0));
        assert (at_limit == (!off_q && !trip_q && f_run > {1'b0, lim_q}));
        if (trip_q) assert (m_axi_rready && m_axi_bready && !s_axi_rvalid && !s_axi_bvalid);
        if (w_cut && ws_valid) assert (ws_strb == '0);
        if (ws_valid && wlast_wrong) assert (ws_strb == '0);   // a wrong WLAST: strobe-less
        if (ws_valid) assert (!w_empty);
    end
`endif
endmodule
