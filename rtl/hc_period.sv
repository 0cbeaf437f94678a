// SPDX-License-Identifier: Apache-2.0
// hc_period — the central unit of paper 001's reservation: one period counter for all ports, so every
// port's budgets recharge in the same cycle ("recharged synchronously by a central unit"). It also keeps
// the time base every port's read-latency stamps use (hc_port_counters): the free-running 33-bit cycle
// count `now` (one counter for the IP, not one per port; the 33rd bit lets a port see a read's age reach
// 2^32 cycles from a registered subtraction instead of an exact compare in the cycle it happens).
//
// Latency: `recharge` is a one-cycle pulse in the first cycle of each period (also in the first cycle
// after reset). A change of cfg_period ends the running period: the cycle after the next starts a new
// one of the new length (with a recharge), so software sees a new period take effect at once instead of
// after up to one old period (the change is registered before it reloads the count: issue 17, the
// 32-bit compare was in front of the count's 32-bit load mux, 7 LUT levels). cfg_period = 0 is treated
// as 1 (the register block rejects 0 before it gets here).
// recharge_next is recharge's next value (what the flop loads), for users that keep a copy of the pulse
// of their own, in step with it: each hc_reservation registers its reload from it (one flop per AR/AW
// reservation; issue 17: the one recharge flop, fanned out to every port's budgets and their splitters' READY,
// was the critical path at one seed at 4 ports, 118.8 MHz, 6.7 ns of routing).
// Parameters: none. Runtime: cfg_period (cycles, 32 bits).
module hc_period (
    input  logic        clk,
    input  logic        rst_n,
    input  logic [31:0] cfg_period,
    output logic        recharge,
    output logic        recharge_next,  // recharge of the next cycle
    output logic [32:0] now           // cycles since reset, wrapping at 2^33
);
    always_ff @(posedge clk) begin
        if (!rst_n) now <= '0;
        else        now <= now + 33'd1;
    end

    logic [31:0] count;   // cycles left in this period after the current one
    logic        zero;    // count == 0, kept in a flop (prepared from the count and the period in parallel)
    logic [31:0] last_period;
    logic [1:0]  ne_q;      // cfg_period differed from last_period last cycle, per 16-bit half
    // cfg_period changed last cycle and no reload took the new value then (`recharge` is last cycle's
    // reload: a reload takes cfg_period as it is, so a change it has already taken needs no second one).
    // The compare is registered in halves (issue 17: the 32-bit compare and the reload flag into one
    // flop were 6 LUT levels, the deepest path at 4 ports)
    wire changed = |ne_q && !recharge;

    wire reload = zero || changed;
    assign recharge_next = reload;
    always_ff @(posedge clk) begin
        if (!rst_n) begin
            count       <= '0;
            zero        <= 1'b1;
            recharge    <= 1'b0;
            last_period <= '0;    // (had no reset: unknown after reset in 4-state simulation; issue 15)
            ne_q        <= '0;
        end else begin
            last_period <= cfg_period;
            ne_q        <= {cfg_period[31:16] != last_period[31:16], cfg_period[15:0] != last_period[15:0]};
            recharge    <= reload;
            if (reload) begin
                count <= (cfg_period == '0) ? '0 : cfg_period - 32'd1;
                zero  <= cfg_period <= 32'd1;
            end else begin
                count <= count - 32'd1;
                zero  <= count == 32'd1;
            end
        end
    end
`ifdef FORMAL
    always_comb if (rst_n) assert (zero == (count == '0));
`endif
endmodule
