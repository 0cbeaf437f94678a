// hc_reservation — budget-per-period reservation for one address channel (AR or AW) of one port
// (paper 001, transaction supervisor; the mechanism of Pagani et al., ECRTS 2019).
//
// Each request that passes consumes one unit of budget (one nominal transaction: it sits behind the
// equalizer, so every request is at most the nominal length). When the budget is spent the channel is
// held (out_valid and in_ready low) until the next `recharge` from hc_period, which reloads the budget
// with cfg_budget. With cfg_enable low the gate is open and nothing is counted. Switching the
// reservation on (cfg_enable rising) loads the full cfg_budget at once, so a port enabled in the middle
// of a period is not held until the next recharge.
//
// Latency: 0 cycles (combinational gate on valid/ready). Throughput: one request per cycle while budget
// lasts.
// AXI safety: a request already presented downstream (out_valid high, not yet accepted) stays valid
// until accepted even if a recharge lowers the budget or cfg_enable rises meanwhile; it is then charged
// to the new budget (which may go to zero but never wraps).
// Status: budget_spent (reservation on and no budget left), stall (a request waits for budget this
// cycle: one count per cycle for the stall counter).
// Parameters: BUDGET_WIDTH (bits of cfg_budget, default 16).
module hc_reservation #(
    parameter int BUDGET_WIDTH = 16
) (
    input  logic                    clk,
    input  logic                    rst_n,
    input  logic                    recharge,
    input  logic                    cfg_enable,
    input  logic [BUDGET_WIDTH-1:0] cfg_budget,
    input  logic                    in_valid,
    output logic                    in_ready,
    output logic                    out_valid,
    input  logic                    out_ready,
    output logic                    budget_spent,
    output logic                    stall
);
    logic [BUDGET_WIDTH-1:0] left;        // budget left in this period
    logic                    presented;   // out_valid was high last cycle without a handshake
    logic                    enabled;     // cfg_enable last cycle
    wire                     switch_on = cfg_enable && !enabled;

    assign budget_spent = cfg_enable && (switch_on ? cfg_budget == '0 : left == '0);
    wire   open_gate    = !budget_spent || presented;
    assign out_valid    = in_valid && open_gate;
    assign in_ready     = out_ready && open_gate;
    assign stall        = in_valid && !open_gate;

    wire fire = out_valid && out_ready;

    always_ff @(posedge clk) begin
        if (!rst_n) begin
            left      <= '0;
            presented <= 1'b0;
            enabled   <= 1'b0;
        end else begin
            presented <= out_valid && !out_ready;
            enabled   <= cfg_enable;
            if (recharge || switch_on)                left <= cfg_budget - BUDGET_WIDTH'(fire && cfg_enable && cfg_budget != '0);
            else if (fire && cfg_enable && left != '0) left <= left - BUDGET_WIDTH'(1);
        end
    end
endmodule
