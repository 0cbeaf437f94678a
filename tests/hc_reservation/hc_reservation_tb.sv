// hc_reservation_tb — hc_period (central unit) driving one hc_reservation gate, for the cocotb tests.
module hc_reservation_tb (
    input  logic        aclk,
    input  logic        aresetn,
    input  logic [31:0] cfg_period,
    input  logic        cfg_enable,
    input  logic [15:0] cfg_budget,
    input  logic        in_valid,
    output logic        in_ready,
    output logic        out_valid,
    input  logic        out_ready,
    output logic        recharge,
    output logic        budget_spent,
    output logic        stall
);
    hc_period u_period (.clk(aclk), .rst_n(aresetn), .cfg_period, .recharge);
    hc_reservation u_res (.clk(aclk), .rst_n(aresetn), .recharge, .cfg_enable, .cfg_budget, .in_valid, .in_ready,
                          .out_valid, .out_ready, .budget_spent, .stall);
endmodule
