// hc_reservation — budget-per-period reservation for one address channel (AR or AW) of one port
// (paper 001, transaction supervisor; the mechanism of Pagani et al., ECRTS 2019).
//
// Each sub-burst issued consumes one unit of budget (one nominal transaction: the budget gates the
// equalizer's splitter, so every request is at most the nominal length). When the budget is spent,
// `allow` is low and the splitter issues nothing until the next `recharge` from hc_period reloads the
// budget with cfg_budget. With cfg_enable low `allow` is high and nothing is counted. Switching the
// reservation on (cfg_enable rising) loads the full cfg_budget (issue is held for that one cycle), so a
// port enabled in the middle of a period is not held until the next recharge.
//
// Why at the issue point (issue 17): the gate sits before the splitter's output register, so the
// crossbar arbitrates registered requests and no budget logic lies between a port and the crossbar.
// (Before, a combinational gate on the registered request ran budget -> valid -> arbitration -> grant
// -> budget: the loop through every port and the crossbar that limited Fmax.) A sub-burst is charged
// when it enters the output register; it may leave for the crossbar after a recharge.
//
// Timing: `allow` is one LUT from flip-flops (cfg_enable, its last value, a registered "budget is 0"
// flag); the flag's next value needs no subtraction (`left == 1` is compared from the flop).
// Latency: none on the request (the gate is the splitter's load enable). Throughput: one request per
// cycle while budget lasts.
// Status: budget_spent (reservation on and no budget left; not raised in the switch-on cycle), stall
// (a sub-burst could be issued but for the budget this cycle: one count per cycle for the stall counter).
// Parameters: BUDGET_WIDTH (bits of cfg_budget, default 16).
module hc_reservation #(
    parameter int BUDGET_WIDTH = 16
) (
    input  logic                    clk,
    input  logic                    rst_n,
    input  logic                    recharge,
    input  logic                    cfg_enable,
    input  logic [BUDGET_WIDTH-1:0] cfg_budget,
    input  logic                    want,          // a sub-burst is ready to issue, but for the budget
    input  logic                    issue,         // a sub-burst is issued (only while allow)
    output logic                    allow,
    output logic                    budget_spent,
    output logic                    stall
);
    logic [BUDGET_WIDTH-1:0] left;        // budget left in this period
    logic                    zero;        // left == 0 (kept so while issue comes only with allow)
    logic                    enabled;     // cfg_enable last cycle
    wire                     switch_on = cfg_enable && !enabled;
    wire                     charge    = issue && cfg_enable;

    assign allow        = !cfg_enable || (enabled && !zero);
    assign budget_spent = cfg_enable && enabled && zero;
    assign stall        = want && !allow;

    always_ff @(posedge clk) begin
        if (!rst_n) begin
            left    <= '0;
            zero    <= 1'b1;
            enabled <= 1'b0;
        end else begin
            enabled <= cfg_enable;
            if (recharge || switch_on) begin
                // a sub-burst issued in the recharge cycle is charged to the new budget (never below 0)
                left <= cfg_budget - BUDGET_WIDTH'(charge && cfg_budget != '0);
                zero <= cfg_budget == '0 || (charge && cfg_budget == BUDGET_WIDTH'(1));
            end else if (charge) begin
                left <= left - BUDGET_WIDTH'(1);
                zero <= left == BUDGET_WIDTH'(1);
            end
        end
    end
endmodule
