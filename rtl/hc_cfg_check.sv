// hc_cfg_check — range check of one run-time configuration field between the register block and the
// logic it configures (the issue's rule: "a value out of range is not applied and sets an error flag").
//
// While the register holds a value in MIN..MAX it is applied as is and remembered as the last good
// value. When software writes a value out of range, the last good value stays applied, `error` pulses
// for one cycle (to the sticky error flag and the interrupt status), and restore_we/restore_value write
// the last good value back into the register, so a read-back shows what is applied.
// Latency: 0 cycles (applied follows the register combinationally; the restore lands one cycle after
//   the bad write). The consumer applies the value at its own transaction boundaries.
// Parameters: WIDTH (field bits), MIN, MAX (legal range, inclusive), RESET (last good value after
//   reset; must be in range — the register's reset value).
module hc_cfg_check #(
    parameter int          WIDTH = 8,
    parameter longint      MIN   = 1,
    parameter longint      MAX   = 255,
    parameter longint      RESET = 1
) (
    input  logic             clk,
    input  logic             rst_n,
    input  logic [WIDTH-1:0] value,          // register content
    output logic [WIDTH-1:0] applied,        // value in force
    output logic             restore_we,     // write restore_value back into the register
    output logic [WIDTH-1:0] restore_value,
    output logic             error           // one-cycle pulse per rejected write
);
    initial begin
        if (WIDTH < 1 || WIDTH > 32) $fatal(1, "hc_cfg_check: WIDTH must be 1..32 (got %0d)", WIDTH);
        if (MIN > MAX || RESET < MIN || RESET > MAX)
            $fatal(1, "hc_cfg_check: need MIN <= RESET <= MAX (got %0d, %0d, %0d)", MIN, RESET, MAX);
    end

    logic [WIDTH-1:0] last_good;
    logic             below, above;
    // a bound at the edge of the field's range is not compared (the comparison would be constant)
    if (MIN > 0) begin : g_min
        assign below = 64'(value) < 64'(MIN);
    end else begin : g_no_min
        assign below = 1'b0;
    end
    if (MAX < (64'd1 << WIDTH) - 1) begin : g_max
        assign above = 64'(value) > 64'(MAX);
    end else begin : g_no_max
        assign above = 1'b0;
    end
    wire in_range = !below && !above;

    assign applied       = in_range ? value : last_good;
    assign restore_we    = !in_range;
    assign restore_value = last_good;
    assign error         = !in_range;

    always_ff @(posedge clk) begin
        if (!rst_n)        last_good <= WIDTH'(RESET);
        else if (in_range) last_good <= value;
    end
endmodule
