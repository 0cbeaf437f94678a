// SPDX-License-Identifier: Apache-2.0
// hc_reservation — budget-per-period reservation for one address channel (AR or AW) of one port
// (paper 001, transaction supervisor; the mechanism of Pagani et al., ECRTS 2019).
//
// Each sub-burst issued consumes one unit of budget (one nominal transaction: the budget gates the
// equalizer's splitter, so every request is at most the nominal length). When the budget is spent,
// `allow` is low and the splitter issues nothing until the next `recharge` from hc_period reloads the
// budget with cfg_budget. With cfg_enable low `allow` is high and nothing is counted. Switching the
// reservation on (cfg_enable rising) loads the full cfg_budget, so a port enabled in the middle of a
// period is not held until the next recharge.
//
// Why at the issue point (issue 17): the gate sits before the splitter's output register, so the
// crossbar arbitrates registered requests and no budget logic lies between a port and the crossbar.
// (Before, a combinational gate on the registered request ran budget -> valid -> arbitration -> grant
// -> budget: the loop through every port and the crossbar that limited Fmax.) A sub-burst is charged
// when it enters the output register; it may leave for the crossbar after a recharge.
//
// Timing: `allow` is a flip-flop computed from flip-flops and registers only — the budget left, its
// "is 0/1/2" flags, the charge of last cycle's issue (charge_q) and the copy of cfg_enable — never from this cycle's
// issue, so no loop runs through the splitter's load enable (issue 17: allow -> load -> charge -> "is 0"
// -> allow was critical at 8 ports, the splitter and the reservation placed far apart). The issue of the
// current cycle is assumed to happen whenever it can, so with one unit left `allow` opens on every
// second cycle until that unit is used: the last sub-burst of a budget waits at most one cycle longer,
// and never is one issued beyond the budget. An issue is charged the cycle after it (charge_q): one in
// the recharge cycle to the new budget (never below 0), one before it to the old.
// cfg_enable and cfg_budget are sampled into local copies first (en_in, budget_q with its "0" and "at
// most 1" flags: they come from the register block, across the die, and fed `allow_next`, which every
// splitter's READY_AHEAD flop reads — issue 17, critical at one seed at 4 ports, 108.6 MHz), so each
// applies from the second cycle: in the cycle the copy of cfg_enable rises nothing is charged and `allow`
// still holds the value of the reservation switched off (as if the register were written two cycles
// later); from the next cycle the full budget counts. When it falls, `allow` opens in the second cycle
// after.
// Latency: none on the request (the gate is the splitter's load enable). Throughput: one request per
// cycle while two or more units of budget are left.
// recharge_next: hc_period's recharge of the next cycle; the reload (recharge or switch-on) is registered
// here from it, one flop per reservation ((* keep *): the AR and AW copies of a port are not merged), so
// no recharge flop shared across the port lies in front of allow_next (issue 17: the port's recharge copy
// -> reload -> allow_next -> the AR splitter's READY flop, 4 LUTs and 6.5 ns of routing, was critical at
// one seed at 4 ports, 125.4 MHz). Same cycles as a `recharge` input had: the reload flop is exactly
// `recharge || switch_on` of the cycle.
// allow_next: `allow` of the next cycle (its flop's input, from flops and registers only), for a splitter
// that prepares its READY a cycle ahead (hc_burst_splitter READY_AHEAD).
// Status: budget_spent (reservation on and no budget left, exact, from flip-flops), stall (a sub-burst
// could be issued but for the reservation gate this cycle, the last unit's extra wait included: one
// count per cycle for the stall counter).
// Parameters: BUDGET_WIDTH (bits of cfg_budget, 2..32, default 16).
module hc_reservation #(
    parameter int BUDGET_WIDTH = 16
) (
    input  logic                    clk,
    input  logic                    rst_n,
    input  logic                    recharge_next,  // hc_period's recharge of the next cycle
    input  logic                    cfg_enable,
    input  logic [BUDGET_WIDTH-1:0] cfg_budget,
    input  logic                    want,          // a sub-burst is ready to issue, but for the budget
    input  logic                    issue,         // a sub-burst is issued (only while allow)
    output logic                    allow,
    output logic                    allow_next,    // `allow` of the next cycle (its flop's input)
    output logic                    budget_spent,
    output logic                    stall
);
    initial begin
        if (BUDGET_WIDTH < 2 || BUDGET_WIDTH > 32)
            $fatal(1, "hc_reservation: BUDGET_WIDTH must be 2..32 (got %0d)", BUDGET_WIDTH);
    end
    logic [BUDGET_WIDTH-1:0] left;        // budget left in this period, before the pending charge
    logic                    is0, is1, is2;   // left == 0, 1, 2 (flags kept with it)
    logic                    charge_q;    // a sub-burst issued last cycle, charged now (registered)
    logic                    en_in;       // cfg_enable last cycle (the local copy)
    logic [BUDGET_WIDTH-1:0] budget_q;    // cfg_budget last cycle (the local copy), with:
    logic                    bud0_q, bud_le1_q;   //   budget_q == 0, budget_q <= 1,
    logic                    bud1_q, bud2_q;      //   budget_q == 1, == 2 (the reload's flags, from flops:
                                                  //   issue 17, budget_q -> its compare -> is1/is2, 5 levels)
    logic                    enabled;     // en_in last cycle: the reservation in force this cycle
    // the reload of this cycle, registered: the period's recharge or the reservation switched on (en_in
    // rising: en_in's next value is cfg_enable, enabled's is en_in)
    logic                    reload;
    (* keep *) always_ff @(posedge clk) begin
        if (!rst_n) reload <= 1'b0;
        else        reload <= recharge_next || (cfg_enable && !en_in);
    end
    // Budget available now, `left - charge_q` (never below 0): no unit (avail0), at most one (avail_le1).
    wire                     avail0    = is0 || (is1 && charge_q);
    wire                     avail_le1 = is0 || is1 || (is2 && charge_q);
    // `allow` for the next cycle from flip-flops and registers only: the issue of this cycle (the
    // splitter's load, which depends on `allow`) is not known yet, so it is taken as happening whenever
    // it can (allow and enabled) — the last unit of a budget then lets a sub-burst through on every second
    // cycle at worst, never one too many. (Issue 17: the loop allow -> issue -> charge -> "is 0" -> allow,
    // placed across the die at 8 ports, was critical at two seeds, 83.5 MHz.) The issue is charged a
    // cycle later (charge_q); one issued in the recharge cycle goes to the new budget (never below 0), one
    // issued before it to the old; in the switch-on cycle nothing is charged (`enabled` is still low).
    wire                     may_charge = allow && enabled;
    wire                     spent_next = reload ? (may_charge ? bud_le1_q : bud0_q)
                                                 : (may_charge ? avail_le1 : avail0);

    assign budget_spent = enabled && avail0;   // exact, from flip-flops (STATUS, IRQ)
    assign allow_next   = !(en_in && spent_next);   // (from flip-flops and registers: no issue in it)
    assign stall        = want && !allow;      // held by the reservation (the last unit's wait included)

    always_ff @(posedge clk) begin
        if (!rst_n) begin
            left     <= '0;
            {is0, is1, is2} <= 3'b100;
            charge_q <= 1'b0;
            enabled  <= 1'b0;
            allow    <= 1'b1;
            en_in    <= 1'b0;
            budget_q <= '0;
            {bud0_q, bud_le1_q, bud1_q, bud2_q} <= 4'b1100;
        end else begin
            en_in    <= cfg_enable;
            budget_q <= cfg_budget;
            {bud0_q, bud_le1_q} <= {cfg_budget == '0, cfg_budget[BUDGET_WIDTH-1:1] == '0};
            {bud1_q, bud2_q}    <= {cfg_budget == BUDGET_WIDTH'(1), cfg_budget == BUDGET_WIDTH'(2)};
            enabled  <= en_in;
            charge_q <= issue && enabled;
            allow    <= allow_next;
            if (reload) begin
                left <= budget_q;
                {is0, is1, is2} <= {bud0_q, bud1_q, bud2_q};
            end else if (charge_q && !is0) begin
                left <= left - BUDGET_WIDTH'(1);
                {is0, is1, is2} <= {is1, is2, left == BUDGET_WIDTH'(3)};
            end
        end
    end
`ifdef FORMAL
    // (tests/formal/hc_reservation.sby) the trace starts in reset; the splitter issues only while allowed
    logic f_past, f_live;
    hc_formal_reset u_f_reset (.clk, .rst_n, .f_past, .f_live);
    always_comb if (issue) assume (allow);
    // the registered reload is the period's recharge (recharge_next a cycle ago) or the switch-on of now
    logic f_recharge;
    always_ff @(posedge clk) f_recharge <= rst_n && recharge_next;
    always_comb if (rst_n && f_past) begin
        assert (reload == (f_recharge || (en_in && !enabled)));
        assert (is0 == (left == '0) && is1 == (left == BUDGET_WIDTH'(1)) && is2 == (left == BUDGET_WIDTH'(2)));
        if (enabled && avail0) assert (!allow);          // never a sub-burst beyond the budget
        assert (bud0_q == (budget_q == '0) && bud_le1_q == (budget_q <= BUDGET_WIDTH'(1)));
        assert (bud1_q == (budget_q == BUDGET_WIDTH'(1)) && bud2_q == (budget_q == BUDGET_WIDTH'(2)));
    end
`endif
endmodule
