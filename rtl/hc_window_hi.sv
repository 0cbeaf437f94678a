// SPDX-License-Identifier: Apache-2.0
// hc_window_hi — the upper words of a port's address window (WIN_BASE_HI, WIN_SIZE_HI at 0x44 / 0x4C of
// the port block), stored only as wide as the IP's addresses need. The map declares both words external
// (rdl/hyperconnect.rdl), so the generated block (hc_port_regs) hands their accesses here.
//
// Why: the window is checked against ADDR_WIDTH-bit addresses, so of the 64 bits the two words can hold
// only ADDR_WIDTH - 32 bits of the base and one more of the size mean anything. At 32-bit addresses the
// generated block kept 64 flip-flops per port that nothing read but software (issue 17: measured at 4
// ports, storing them here saves 63 FF and 97 LUT per port, most of it in the read-back).
//   WIN_BASE_HI  keeps bits [ADDR_WIDTH-33:0] (none at ADDR_WIDTH <= 32); the others read 0.
//   WIN_SIZE_HI  keeps min(value, 2^(ADDR_WIDTH-32)) at 32 <= ADDR_WIDTH < 64, min(value, 1) below 32
//                (one bit, "4 GB or more"), all 32 bits at ADDR_WIDTH 64: a size of 2^ADDR_WIDTH bytes or
//                more covers every address (axi_hyperconnect's clamp), and a stored HI word at the limit
//                keeps it there whatever WIN_SIZE_LO holds. Only this word is clamped; WIN_SIZE_LO keeps
//                what was written.
// A write with partial strobes merges with the stored (read-back) value before it is stored. While
// `locked` (LOCK.locked), writes are acknowledged and ignored, as the block's own locked fields are.
//
// Latency: a request is acknowledged in its own cycle (rd_ack / wr_ack with the block's request), so the
//   block answers these words as fast as its own registers (the block registers the read-back); a write
//   takes effect from the next cycle.
// Parameters: ADDR_WIDTH (12..64, the IP's address width).
// Assumes: one request at a time (the block's strobes base_req / size_req are never high together).
module hc_window_hi #(
    parameter int ADDR_WIDTH = 32
) (
    input  logic        clk,
    input  logic        rst_n,
    input  logic        locked,          // LOCK.locked: writes are ignored
    input  logic        base_req,        // the block's request for WIN_BASE_HI
    input  logic        size_req,        // ... for WIN_SIZE_HI
    input  logic        req_is_wr,
    input  logic [31:0] wr_data,
    input  logic [31:0] wr_biten,
    output logic        base_rd_ack,
    output logic        base_wr_ack,
    output logic        size_rd_ack,
    output logic        size_wr_ack,
    output logic [31:0] base_hi,         // bits [63:32] of the window base as stored (zero above ADDR_WIDTH); also the read data
    output logic [31:0] size_hi          // bits [63:32] of the window size as stored; also the read data
);
    initial begin
        if (ADDR_WIDTH < 12 || ADDR_WIDTH > 64)
            $fatal(1, "hc_window_hi: ADDR_WIDTH must be 12..64 (got %0d)", ADDR_WIDTH);
    end

    localparam int BB = (ADDR_WIDTH > 32) ? ADDR_WIDTH - 32 : 0;     // base bits stored
    localparam int SB = (ADDR_WIDTH >= 64) ? 32 : BB + 1;            // size bits stored
    localparam logic [31:0] SIZE_MAX = (ADDR_WIDTH >= 64) ? 32'hFFFF_FFFF : 32'(1) << BB;

    wire [31:0] base_new = (base_hi & ~wr_biten) | (wr_data & wr_biten);
    wire [31:0] size_new = (size_hi & ~wr_biten) | (wr_data & wr_biten);
    wire        base_wr  = base_req && req_is_wr && !locked;
    wire        size_wr  = size_req && req_is_wr && !locked;

    if (BB > 0) begin : g_base
        logic [BB-1:0] base_q;
        always_ff @(posedge clk) begin
            if (!rst_n)       base_q <= '0;
            else if (base_wr) base_q <= base_new[BB-1:0];
        end
        assign base_hi = 32'(base_q);
    end else begin : g_no_base
        assign base_hi = '0;
        /* verilator lint_off UNUSEDSIGNAL */
        wire unused_base = &{1'b0, base_new, base_wr};   // nothing of the base above bit 31 is stored
        /* verilator lint_on UNUSEDSIGNAL */
    end

    logic [SB-1:0] size_q;
    always_ff @(posedge clk) begin
        if (!rst_n)       size_q <= '0;
        else if (size_wr) size_q <= (size_new > SIZE_MAX) ? SB'(SIZE_MAX) : SB'(size_new);
    end
    assign size_hi = 32'(size_q);

    assign base_rd_ack  = base_req && !req_is_wr;
    assign base_wr_ack  = base_req && req_is_wr;
    assign size_rd_ack  = size_req && !req_is_wr;
    assign size_wr_ack  = size_req && req_is_wr;
endmodule
