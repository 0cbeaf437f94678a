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
// Timing: `allow` is a flip-flop, prepared from the budget's next "is 0" flag (which needs no
// subtraction: `left == 1` is compared from the flop) and cfg_enable, so the splitter's load enable and
// READY see no LUT of the reservation (issue 17: the chain reservation -> load -> READY -> request buffer
// -> guard was the deepest of a port).
// cfg_enable applies from the next cycle: in the cycle it rises nothing is charged and `allow` still
// holds the value of the reservation switched off (as if the register were written one cycle later);
// from the next cycle the full budget counts. When it falls, `allow` opens in the next cycle.
// Latency: none on the request (the gate is the splitter's load enable). Throughput: one request per
// cycle while budget lasts.
// Status: budget_spent (reservation on and no budget left: exactly `!allow`), stall (a sub-burst could
// be issued but for the budget this cycle: one count per cycle for the stall counter).
// Parameters: BUDGET_WIDTH (bits of cfg_budget, 2..32, default 16).
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
    initial begin
        if (BUDGET_WIDTH < 2 || BUDGET_WIDTH > 32)
            $fatal(1, "hc_reservation: BUDGET_WIDTH must be 2..32 (got %0d)", BUDGET_WIDTH);
    end
    logic [BUDGET_WIDTH-1:0] left;        // budget left in this period
    logic                    zero;        // left == 0 (kept so while issue comes only with allow)
    logic                    enabled;     // cfg_enable last cycle: the reservation in force this cycle
    logic                    zero_next;
    wire                     switch_on = cfg_enable && !enabled;
    wire                     charge    = issue && enabled;
    // both differences from flops and registers, so the late `charge` (the splitter's issue, behind the
    // crossbar's READY) only selects among prepared values and does not enter a carry chain
    wire [BUDGET_WIDTH-1:0]  budget_dec = cfg_budget - BUDGET_WIDTH'(cfg_budget != '0);   // never below 0
    wire [BUDGET_WIDTH-1:0]  left_dec   = left - BUDGET_WIDTH'(1);

    assign budget_spent = !allow;
    assign stall        = want && !allow;

    // The next "is 0" flag (and so `allow`) for either outcome of the late `charge` (the splitter's issue, which
    // depends on `allow` itself), prepared from flops and registers; the charge only selects at the end
    // (issue 17: the loop allow -> issue -> charge -> zero_next -> allow was 5 LUTs, limiting Fmax at one
    // seed). A sub-burst issued in the recharge cycle is charged to the new budget (never below 0); in
    // the switch-on cycle nothing is charged (`charge` needs `enabled`).
    wire reload         = recharge || switch_on;
    wire zero_if_charge = reload ? cfg_budget[BUDGET_WIDTH-1:1] == '0 : left == BUDGET_WIDTH'(1);   // (budget 0 or 1)
    wire zero_if_none   = reload ? cfg_budget == '0 : zero;
    assign zero_next    = charge ? zero_if_charge : zero_if_none;

    always_ff @(posedge clk) begin
        if (!rst_n) begin
            left    <= '0;
            zero    <= 1'b1;
            enabled <= 1'b0;
            allow   <= 1'b1;
        end else begin
            enabled <= cfg_enable;
            zero    <= zero_next;
            allow   <= !(cfg_enable && zero_next);     // == !(enabled && zero) from the next cycle on
            if (reload)
                left <= charge ? budget_dec : cfg_budget;
            else if (charge)
                left <= left_dec;
        end
    end
`ifdef FORMAL
    always_comb if (rst_n) assert (allow == !(enabled && zero));
`endif
endmodule
