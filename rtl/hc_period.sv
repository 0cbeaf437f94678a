// hc_period — the central unit of paper 001's reservation: one period counter for all ports, so every
// port's budgets recharge in the same cycle ("recharged synchronously by a central unit"). It also keeps
// the time base every port's read-latency stamps use (hc_port_counters): the free-running cycle count
// `now` and its next value `now_plus1`, both flip-flops (one 32-bit counter for the IP, not one per port).
//
// Latency: `recharge` is a one-cycle pulse in the first cycle of each period (also in the first cycle
// after reset). A change of cfg_period ends the running period: the next cycle starts a new one of
// the new length (with a recharge), so software sees a new period take effect at once instead of
// after up to one old period. cfg_period = 0 is treated as 1 (the register block rejects 0 before it
// gets here).
// Parameters: none. Runtime: cfg_period (cycles, 32 bits).
module hc_period (
    input  logic        clk,
    input  logic        rst_n,
    input  logic [31:0] cfg_period,
    output logic        recharge,
    output logic [31:0] now,          // cycles since reset, wrapping at 2^32
    output logic [31:0] now_plus1     // now + 1 (kept, not added)
);
    always_ff @(posedge clk) begin
        if (!rst_n) begin
            now <= '0; now_plus1 <= 32'd1;
        end else begin
            now <= now_plus1; now_plus1 <= now_plus1 + 32'd1;
        end
    end

    logic [31:0] count;   // cycles left in this period after the current one
    logic [31:0] last_period;

    always_ff @(posedge clk) begin
        if (!rst_n) begin
            count       <= '0;
            recharge    <= 1'b0;
            last_period <= '0;    // (had no reset: unknown after reset in 4-state simulation; issue 15)
        end else begin
            last_period <= cfg_period;
            recharge    <= (count == '0 || cfg_period != last_period);
            if (count == '0 || cfg_period != last_period) count <= (cfg_period == '0) ? '0 : cfg_period - 32'd1;
            else                                          count <= count - 32'd1;
        end
    end
endmodule
