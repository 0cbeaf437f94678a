// SPDX-License-Identifier: Apache-2.0
// hc_link_probe_addr — the link probe's offset generator: the offsets (inside a window of 2^k bytes,
// aligned to the access) at which hc_link_probe issues its requests, sequential, random or loaded.
//
//   sequential: 0, S, 2S, ... modulo the window (S = the stride in bytes), each aligned down to the access
//   random:     a xorshift64 state (shifts 13, 7, 17), stepped once before each access from `seed`; the
//               offset is its low bits, modulo the window, aligned down to the access
//   loaded:     `load` replaces the sequential offset with `ptr` (the pointer chase: the data read);
//               only its bits below the window count
// The offset is the registered state ANDed with one mask (window and alignment together), so a user's
// adder (base + offset) starts one LUT behind the flops. Two instances with the same settings give the
// same sequence: hc_link_probe's copy runs one for its reads and one for its writes.
// Latency: `init`/`step`/`load` -> the new offset at `off` the next cycle.
// Parameters: AW (offset bits, 13..64).
// Assumes: `keep` = (window - 1) AND NOT (access bytes - 1), set before the first `step` and held.
module hc_link_probe_addr #(
    parameter int AW = 32
) (
    input  logic          clk,
    input  logic          rst_n,
    input  logic          init,       // a new sequence: offset 0, the random state from `seed`
    input  logic [31:0]   seed,
    input  logic          random,     // 1: random offsets (held during a run)
    input  logic [AW-1:0] stride,
    input  logic [AW-1:0] keep,       // the offset bits kept: window mask AND alignment
    input  logic          step,       // the current offset was used: go to the next
    input  logic          load,       // (chase) the next offset is `ptr`
    input  logic [AW-1:0] ptr,
    output logic [AW-1:0] off
);
    initial begin
        if (AW < 13 || AW > 64) $fatal(1, "hc_link_probe_addr: AW must be 13..64 (got %0d)", AW);
    end
    function automatic logic [63:0] xorshift(input logic [63:0] x);
        logic [63:0] y;
        y = x ^ (x << 13);
        y = y ^ (y >> 7);
        return y ^ (y << 17);
    endfunction
    logic [AW-1:0] seq_q;
    logic [63:0]   rng_q;
    always_ff @(posedge clk) begin
        if (!rst_n) begin
            seq_q <= '0;
            rng_q <= 64'h9E3779B9_00000001;
        end else if (init) begin
            seq_q <= '0;
            rng_q <= xorshift({32'h9E3779B9, seed});   // (never 0: the upper word is not)
        end else if (load) begin
            seq_q <= ptr;
        end else if (step) begin
            seq_q <= seq_q + stride;
            rng_q <= xorshift(rng_q);
        end
    end
    assign off = (random ? rng_q[AW-1:0] : seq_q) & keep;
endmodule
