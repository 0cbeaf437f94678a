// SPDX-License-Identifier: Apache-2.0
// hc_reservation_tb — hc_period (central unit) driving one hc_reservation, placed as in the equalizer: the
// budget gates the load of a registered output (an hc_reg_slice standing in for the splitter's), for the
// cocotb tests. in_valid/in_ready is the issue point (a request is charged when it is taken), out_* is
// what the crossbar would see.
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
    logic free, allow, recharge_next;
    wire  want  = in_valid && free;
    wire  issue = want && allow;
    assign in_ready = free && allow;
    hc_reservation u_res (.clk(aclk), .rst_n(aresetn), .recharge_next, .cfg_enable, .cfg_budget, .want, .issue, .allow,
                          .budget_spent, .stall);
    /* verilator lint_off PINCONNECTEMPTY */
    hc_period u_period (.clk(aclk), .rst_n(aresetn), .cfg_period, .recharge, .recharge_next, .now());
    hc_reg_slice #(.WIDTH(1)) u_out (.clk(aclk), .rst_n(aresetn), .in_data(1'b0), .in_valid(issue), .in_ready(free),
                                     .out_data(), .out_valid, .out_ready);
    /* verilator lint_on PINCONNECTEMPTY */
endmodule
