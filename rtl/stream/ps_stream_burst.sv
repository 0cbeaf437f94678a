// SPDX-License-Identifier: Apache-2.0
// ps_stream_burst — the next data burst of a ps::stream unit, sized one cycle ahead: the slot address of
// ring index `index`, and the most elements a burst from there may move — up to the ring's wrap, the 4 KB
// boundary, MAX_BURST, and the caller's `avail` (elements ready) and `room` (space for them). All outputs
// are registered (the sizing is a chain of 32-bit subtractions and compares). A registered size is never
// too large if, between two cycles, `avail` and `room` only grow except when a data burst is issued, and
// the caller reports that issue (`issued`): the next cycle's size is then 0 (no burst directly after one).
// Latency: 1 cycle (inputs -> n / shape / addr).
// Parameters: ADDR_WIDTH, ELEM_BYTES (slot width, a power of two), MAX_BURST (power of two 1..256).
module ps_stream_burst #(
    parameter int ADDR_WIDTH = 32,
    parameter int ELEM_BYTES = 16,
    parameter int MAX_BURST  = 64
) (
    input  logic                  aclk,
    input  logic                  aresetn,
    input  logic                  run,          // the unit serves its ring (else the size is 0)
    input  logic                  issued,       // a data burst of the current size is taken this cycle
    input  logic [ADDR_WIDTH-1:0] base,         // the ring's layout
    input  logic [31:0]           mask,         // capacity - 1
    input  logic [31:0]           index,        // ring index (elements) of the burst's first slot
    input  logic [31:0]           avail,
    input  logic [31:0]           room,
    output logic [31:0]           n,            // elements the burst may move now (0: none)
    output logic [31:0]           shape,        // ... that the ring's geometry alone allows
    output logic [ADDR_WIDTH-1:0] addr          // address of its first slot
);
    wire [31:0] to_wrap = (mask - (index & mask)) + 32'd1;
    wire [ADDR_WIDTH-1:0] slot_addr = base + ADDR_WIDTH'(ps_stream_pkg::DATA_OFFSET)
                                      + ADDR_WIDTH'(index & mask) * ADDR_WIDTH'(ELEM_BYTES);
    wire [31:0] to_4k   = (32'd4096 - 32'(slot_addr[11:0])) / 32'(ELEM_BYTES);
    always_ff @(posedge aclk) begin
        if (!aresetn) begin
            n <= '0; shape <= '0; addr <= '0;
        end else begin
            shape <= ps_stream_pkg::burst_min(to_wrap, to_4k, 32'(MAX_BURST), 32'(MAX_BURST), MAX_BURST);
            n     <= run && !issued ? ps_stream_pkg::burst_min(to_wrap, to_4k, room, avail, MAX_BURST) : '0;
            addr  <= slot_addr;
        end
    end
endmodule
