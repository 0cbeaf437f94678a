// SPDX-License-Identifier: Apache-2.0
// hc_stream_split — the burst split of the streaming front ends (hc_stream_rd, hc_stream_wr; issue 19):
// takes a command (base address, bytes per row, stride and row count for 2-D access, tag) and hands out its
// bursts one at a time — a row at a time, each burst cut at MAX_BURST beats and at the 4 KB page — with what
// the data side needs to place the bytes: the first beat's first byte, the byte counts of the first, last and
// only beat, and whether the burst ends the command.
//
//   s_cmd -> command registers -> step 1 (offset, beats to the row's end, to the page's end, bytes taken)
//   -> step 2 (the burst, the next address and bytes left) -> b_* (held until b_take)
//
// Latency (cycles, 64-bit): s_cmd handshake -> b_valid 3 (the command registers, the two steps); b_take ->
//   the next burst's b_valid 3 (the steps are prepared from flip-flops after each take, so no path runs from
//   the user's take condition through the split's arithmetic). A command is taken once the previous one's
//   last burst is taken (s_cmd_ready a flip-flop, high the cycle after).
// Empty commands (length or rows 0) produce no burst: empty_take is high in the cycle of their handshake
//   (their tag on s_cmd_tag) so the user can queue their status; s_cmd_ready requires empty_room for that.
// Byte-granular: any base, length and stride (modulo 2^ADDR_WIDTH); b_addr is the bus-word address of the
//   burst's first beat, its bytes are [b_lo of the first beat .. the last beat's b_n_last - 1].
// Parameters: ADDR_WIDTH (13..64), DATA_WIDTH (32..1024, power of two), LEN_WIDTH (1..32), ROW_WIDTH
//   (1..16), TAG_WIDTH (1..32), MAX_BURST (1..256 beats; a burst never crosses a 4 KB page).
// Assumes: b_take only while b_valid.
module hc_stream_split #(
    parameter int ADDR_WIDTH = 32,
    parameter int DATA_WIDTH = 64,
    parameter int LEN_WIDTH  = 32,
    parameter int ROW_WIDTH  = 16,
    parameter int TAG_WIDTH  = 8,
    parameter int MAX_BURST  = 64,
    localparam int NB        = DATA_WIDTH / 8,
    localparam int SB        = $clog2(NB)
) (
    input  logic                  aclk,
    input  logic                  aresetn,
    input  logic                  s_cmd_valid,
    output logic                  s_cmd_ready,
    input  logic [ADDR_WIDTH-1:0] s_cmd_addr,
    input  logic [LEN_WIDTH-1:0]  s_cmd_len,      // bytes per row
    input  logic [ADDR_WIDTH-1:0] s_cmd_stride,   // bytes from one row's start to the next's
    input  logic [ROW_WIDTH-1:0]  s_cmd_rows,
    input  logic [TAG_WIDTH-1:0]  s_cmd_tag,
    input  logic                  empty_room,     // an empty command's entry has room (a flip-flop)
    output logic                  empty_take,     // an empty command is taken now (tag: s_cmd_tag)
    output logic                  b_valid,        // a burst is prepared
    input  logic                  b_take,
    output logic [ADDR_WIDTH-1:0] b_addr,         // its first beat's bus-word address
    output logic [8:0]            b_beats,        // 1..MAX_BURST
    output logic [SB-1:0]         b_lo,           // the first beat's first byte
    output logic [SB:0]           b_n_only,       // bytes of a one-beat burst
    output logic [SB:0]           b_n_first,      // bytes of the first beat (of several)
    output logic [SB:0]           b_n_last,       // bytes of the last beat (of several); the others NB
    output logic                  b_cmd_last,     // the command's last burst
    output logic [TAG_WIDTH-1:0]  b_tag
);
    initial begin
        if (ADDR_WIDTH < 13 || ADDR_WIDTH > 64)
            $fatal(1, "hc_stream_split: ADDR_WIDTH must be 13..64 (got %0d)", ADDR_WIDTH);
        if (DATA_WIDTH < 32 || DATA_WIDTH > 1024 || (DATA_WIDTH & (DATA_WIDTH - 1)) != 0)
            $fatal(1, "hc_stream_split: DATA_WIDTH must be a power of two, 32..1024 (got %0d)", DATA_WIDTH);
        if (LEN_WIDTH < 1 || LEN_WIDTH > 32) $fatal(1, "hc_stream_split: LEN_WIDTH must be 1..32 (got %0d)", LEN_WIDTH);
        if (ROW_WIDTH < 1 || ROW_WIDTH > 16) $fatal(1, "hc_stream_split: ROW_WIDTH must be 1..16 (got %0d)", ROW_WIDTH);
        if (TAG_WIDTH < 1 || TAG_WIDTH > 32) $fatal(1, "hc_stream_split: TAG_WIDTH must be 1..32 (got %0d)", TAG_WIDTH);
        if (MAX_BURST < 1 || MAX_BURST > 256)
            $fatal(1, "hc_stream_split: MAX_BURST must be 1..256 (got %0d)", MAX_BURST);
    end
    localparam int PAGE_BEATS = 4096 / NB;
    localparam int MAXB_BYTES = (MAX_BURST * NB > 4096) ? 4096 : MAX_BURST * NB;   // (a burst stays in its page)

    // ---------------------------------------------------------------- the command being split
    logic                  cur_valid;                    // a command is being split into bursts
    logic [ADDR_WIDTH-1:0] ra;                           // the next burst's first byte
    logic [LEN_WIDTH-1:0]  rl;                           // bytes of the row left
    logic [ADDR_WIDTH-1:0] row_base;                     // the row's first byte
    logic [ROW_WIDTH-1:0]  rows_left;                    // rows left, this one included
    logic [LEN_WIDTH-1:0]  len_q;
    logic [ADDR_WIDTH-1:0] stride_q;
    logic [TAG_WIDTH-1:0]  tag_q;
    // Step 1 (from the registers above): the offset, the row's and the page's beats; step 2: the burst and
    // where the split goes on. prep counts the steps since the registers last changed (2: both current).
    logic [1:0]            prep;
    logic [SB-1:0]         p_lo;                         // the first byte's offset in its beat
    logic [8:0]            p_lim;                        // the burst's beats unless the row ends in it:
                                                         // MAX_BURST, or fewer to the 4 KB page's end
    logic [12:0]           p_take;                       // the bytes it then takes: p_lim beats less p_lo
    logic [8:0]            p_beats;                      // beats to the row's end (when it ends in the burst)
    logic                  p_rl_small;                   // the row's bytes left fit in 13 bits
    logic [ADDR_WIDTH-1:0] p_next_row;                   // the next row's first byte
    wire  [SB-1:0]         lo_now = ra[SB-1:0];
    wire  [12:0]           to_page_now = 13'(PAGE_BEATS) - 13'(ra[11:SB]);
    wire  [12:0]           take_page = 13'd4096 - 13'(ra[11:0]);          // bytes to the page's end
    wire  [12:0]           take_max  = 13'(MAXB_BYTES) - 13'(lo_now);     // bytes of MAX_BURST beats from ra
    wire                   ends_row_p = p_rl_small && 13'(rl) <= p_take;
    logic                  q_ends_row;
    logic [SB-1:0]         q_hi;
    logic [ADDR_WIDTH-1:0] q_next_ra;
    logic [LEN_WIDTH-1:0]  q_next_rl;

    wire  cmd_take  = s_cmd_valid && s_cmd_ready;
    wire  cmd_empty = s_cmd_len == '0 || s_cmd_rows == '0;
    assign empty_take = cmd_take && cmd_empty;
    assign b_valid    = cur_valid && prep == 2'd2;
    assign b_addr     = ra & ~ADDR_WIDTH'(NB - 1);
    assign b_tag      = tag_q;
    assign b_n_only   = (SB + 1)'(q_hi) - (SB + 1)'(b_lo) + (SB + 1)'(1);
    assign b_n_first  = (SB + 1)'(NB) - (SB + 1)'(b_lo);
    assign b_n_last   = (SB + 1)'(q_hi) + (SB + 1)'(1);
    always_ff @(posedge aclk) begin
        if (!aresetn) begin
            cur_valid <= 1'b0; prep <= '0; s_cmd_ready <= 1'b0;
            ra <= '0; rl <= '0; row_base <= '0; rows_left <= '0; len_q <= '0; stride_q <= '0; tag_q <= '0;
            p_lo <= '0; p_lim <= '0; p_take <= '0; p_beats <= '0; p_rl_small <= 1'b0; p_next_row <= '0;
            b_beats <= '0; q_ends_row <= 1'b0; b_cmd_last <= 1'b0; b_lo <= '0; q_hi <= '0; q_next_ra <= '0;
            q_next_rl <= '0;
        end else begin
            p_lo       <= lo_now;
            p_lim      <= (13'(MAX_BURST) < to_page_now) ? 9'(MAX_BURST) : 9'(to_page_now);
            p_take     <= (take_max < take_page) ? take_max : take_page;
            p_beats    <= 9'((14'(lo_now) + 14'(13'(rl)) + 14'(NB - 1)) >> SB);
            p_rl_small <= (LEN_WIDTH <= 13) || (32'(rl) >> 13) == 0;
            p_next_row <= row_base + stride_q;
            b_beats    <= ends_row_p ? p_beats : p_lim;
            q_ends_row <= ends_row_p;
            b_cmd_last <= ends_row_p && rows_left == ROW_WIDTH'(1);
            b_lo       <= p_lo;
            q_hi       <= ends_row_p ? SB'(32'(p_lo) + 32'(rl) - 1) : SB'(NB - 1);
            q_next_ra  <= ends_row_p ? p_next_row : ra + ADDR_WIDTH'(p_take);
            q_next_rl  <= ends_row_p ? len_q : rl - LEN_WIDTH'(p_take);
            prep       <= (!cur_valid || b_take) ? 2'd0 : (prep == 2'd2) ? 2'd2 : prep + 2'd1;
            s_cmd_ready <= !cur_valid && !cmd_take && empty_room;
            if (cmd_take && !cmd_empty) begin
                cur_valid <= 1'b1;
                ra <= s_cmd_addr; rl <= s_cmd_len; row_base <= s_cmd_addr; rows_left <= s_cmd_rows;
                len_q <= s_cmd_len; stride_q <= s_cmd_stride; tag_q <= s_cmd_tag;
                prep <= 2'd0;
            end
            if (b_take) begin
                ra <= q_next_ra;
                rl <= q_next_rl;
                if (q_ends_row) begin
                    row_base  <= q_next_ra;
                    rows_left <= rows_left - ROW_WIDTH'(1);
                    if (b_cmd_last) cur_valid <= 1'b0;
                end
            end
        end
    end
endmodule
