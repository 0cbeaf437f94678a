// SPDX-License-Identifier: Apache-2.0
// hc_formal_reset — formal-only start-up of the properties beside the RTL (every module's `ifdef FORMAL
// block, hc_supervisor's FORMAL_SUPERVISOR, axi_hyperconnect's FORMAL_HYPERCONNECT): the first cycle of a
// trace is in reset (assumed), `f_past` is 1 from the second cycle on (so $past is meaningful) and `f_live`
// in every cycle out of reset whose previous cycle was out of reset too (so a property about what the
// previous cycle presented applies). Not synthesized: the file is empty unless one of those defines is set.
// Latency: f_past / f_live are registered state (0 cycles from the clock edge).
`ifdef FORMAL
`define HC_FORMAL_RESET
`endif
`ifdef FORMAL_SUPERVISOR
`define HC_FORMAL_RESET
`endif
`ifdef FORMAL_HYPERCONNECT
`define HC_FORMAL_RESET
`endif
`ifdef HC_FORMAL_RESET
module hc_formal_reset (
    input  logic clk,
    input  logic rst_n,
    output logic f_past,     // not the first cycle of the trace
    output logic f_live      // out of reset, and was out of reset in the previous cycle
);
    logic past_q = 1'b0, was_reset = 1'b1;
    always_ff @(posedge clk) begin
        past_q    <= 1'b1;
        was_reset <= !rst_n;
    end
    always_comb if (!past_q) assume (!rst_n);
    assign f_past = past_q;
    assign f_live = past_q && rst_n && !was_reset;
endmodule
`endif
`undef HC_FORMAL_RESET
