// SPDX-License-Identifier: Apache-2.0
// hc_stream_rd — streaming read front end (paper 002's streaming port on FastLane; issue 19): commands in
// (base address, bytes per row, stride and row count for 2-D access, tag), the bytes out on AXI4-Stream,
// packed (every beat full but a command's last), an AXI4 read master towards a HyperConnect port, and a
// completion status per command (tag, bytes, first error).
//
//   s_cmd -> hc_stream_split (a row at a time: bursts at MAX_BURST beats and 4 KB, prepared in two steps
//   from flops) -> AR register -> m_axi_ar;  m_axi_r (RREADY a constant 1: every beat has a FIFO entry
//   reserved before its AR) -> prefetch FIFO (FIFO_DEPTH beats; a beat reaching it empty falls through)
//   -> aligner (the beat's bytes of the command moved to byte 0, counted; into a register slice whose
//   READY is a flop, so the FIFO's pop waits on no decision downstream) -> packer (the bytes appended to
//   what is left of the last beat) -> hc_reg_slice (REGISTER_READY) -> m_axis;  the packer's end of a
//   command -> status FIFO -> m_sts.
//
// Byte-granular: any base, length and stride; the first beat of a row may start inside a bus word and its
// last end inside one; the stream carries the rows' bytes back to back from byte 0 of its first beat,
// TKEEP all ones but on a command's last beat (its low bytes), TLAST on that beat, TUSER the command's tag.
// A command with no bytes (length or rows 0) produces a status (bytes 0) and no beat.
// Errors: a read answered SLVERR/DECERR sets the command's status error (resp, the first one kept); its
//   bytes still stream (what the memory returned), every burst completes, nothing hangs.
// Latency (cycles, 64-bit, idle): s_cmd handshake -> first AR 4 (the command register, the split's two
//   steps, the issue); AR handshake -> first TVALID = the memory's AR-to-first-R latency + 2 (the
//   aligner's register, the output slice) for a row starting on a bus word (one starting inside one waits for the
//   beat that fills its first stream beat); the status is written as the command's last beat enters the
//   output slice, so m_sts_valid rises with that beat's TVALID and may be taken before its TLAST
//   handshake (TLAST marks the data's end; the status its count and errors).
// Throughput: one stream beat per cycle while the memory delivers one R beat per cycle (a command whose
//   last stream beat needs the packer's remainder and a new beat's bytes takes one cycle more at its end);
//   one AR every 3 cycles within a command (the split is prepared from flops after each issue), so bursts
//   of 3 beats or more keep R busy once the FIFO covers the memory's latency; a command is taken once the
//   previous one's last AR is issued, so from one command's last AR to the next one's first 5 cycles
//   (short commands back to back: 2 bursts' worth of R in 5 cycles at one beat each).
// Statuses wait in a DESC_DEPTH-entry FIFO; with it full (nobody reading m_sts) the packer stops at the
//   next command's end, and with it the stream.
// Parameters: ADDR_WIDTH (13..64), DATA_WIDTH (32..1024, power of two), ID_WIDTH (1..32, every AR uses
//   ID 0), LEN_WIDTH (bytes per row, 1..32 bits), ROW_WIDTH (rows per command, 1..16 bits), TAG_WIDTH
//   (1..32), MAX_BURST (beats, 1..256), FIFO_DEPTH (beats, >= MAX_BURST, 2..1024), MAX_OUTSTANDING (1..255
//   bursts in flight), DESC_DEPTH (bursts between AR and packer, 2..1024).
// Assumes: the slave answers every AR with AxLEN + 1 beats (AXI); the consumer keeps AXI-Stream rules.
module hc_stream_rd #(
    parameter int ADDR_WIDTH      = 32,
    parameter int DATA_WIDTH      = 64,
    parameter int ID_WIDTH        = 4,
    parameter int LEN_WIDTH       = 32,
    parameter int ROW_WIDTH       = 16,
    parameter int TAG_WIDTH       = 8,
    parameter int MAX_BURST       = 64,
    parameter int FIFO_DEPTH      = 128,
    parameter int MAX_OUTSTANDING = 8,
    parameter int DESC_DEPTH      = 16,
    localparam int NB             = DATA_WIDTH / 8,
    localparam int SB             = $clog2(NB),
    localparam int BW             = LEN_WIDTH + ROW_WIDTH        // status byte count
) (
    input  logic                    aclk,
    input  logic                    aresetn,
    // commands
    input  logic                    s_cmd_valid,
    output logic                    s_cmd_ready,
    input  logic [ADDR_WIDTH-1:0]   s_cmd_addr,
    input  logic [LEN_WIDTH-1:0]    s_cmd_len,      // bytes per row
    input  logic [ADDR_WIDTH-1:0]   s_cmd_stride,   // bytes from one row's start to the next's (modulo 2^ADDR_WIDTH)
    input  logic [ROW_WIDTH-1:0]    s_cmd_rows,
    input  logic [TAG_WIDTH-1:0]    s_cmd_tag,
    // the stream
    output logic [DATA_WIDTH-1:0]   m_axis_tdata,
    output logic [NB-1:0]           m_axis_tkeep,
    output logic                    m_axis_tlast,
    output logic [TAG_WIDTH-1:0]    m_axis_tuser,
    output logic                    m_axis_tvalid,
    input  logic                    m_axis_tready,
    // completion status, one per command in command order
    output logic                    m_sts_valid,
    input  logic                    m_sts_ready,
    output logic [TAG_WIDTH-1:0]    m_sts_tag,
    output logic [BW-1:0]           m_sts_bytes,
    output logic [1:0]              m_sts_resp,     // OKAY, or the first SLVERR/DECERR of the command
    // AXI4 read master
    output logic [ID_WIDTH-1:0]     m_axi_arid,
    output logic [ADDR_WIDTH-1:0]   m_axi_araddr,
    output logic [7:0]              m_axi_arlen,
    output logic [2:0]              m_axi_arsize,
    output logic [1:0]              m_axi_arburst,
    output logic                    m_axi_arlock,
    output logic [3:0]              m_axi_arcache,
    output logic [2:0]              m_axi_arprot,
    output logic [3:0]              m_axi_arqos,
    output logic                    m_axi_arvalid,
    input  logic                    m_axi_arready,
    input  logic [ID_WIDTH-1:0]     m_axi_rid,
    input  logic [DATA_WIDTH-1:0]   m_axi_rdata,
    input  logic [1:0]              m_axi_rresp,
    input  logic                    m_axi_rlast,
    input  logic                    m_axi_rvalid,
    output logic                    m_axi_rready
);
    initial begin
        if (ADDR_WIDTH < 13 || ADDR_WIDTH > 64)
            $fatal(1, "hc_stream_rd: ADDR_WIDTH must be 13..64 (got %0d)", ADDR_WIDTH);
        if (DATA_WIDTH < 32 || DATA_WIDTH > 1024 || (DATA_WIDTH & (DATA_WIDTH - 1)) != 0)
            $fatal(1, "hc_stream_rd: DATA_WIDTH must be a power of two, 32..1024 (got %0d)", DATA_WIDTH);
        if (ID_WIDTH < 1 || ID_WIDTH > 32) $fatal(1, "hc_stream_rd: ID_WIDTH must be 1..32 (got %0d)", ID_WIDTH);
        if (LEN_WIDTH < 1 || LEN_WIDTH > 32) $fatal(1, "hc_stream_rd: LEN_WIDTH must be 1..32 (got %0d)", LEN_WIDTH);
        if (ROW_WIDTH < 1 || ROW_WIDTH > 16) $fatal(1, "hc_stream_rd: ROW_WIDTH must be 1..16 (got %0d)", ROW_WIDTH);
        if (TAG_WIDTH < 1 || TAG_WIDTH > 32) $fatal(1, "hc_stream_rd: TAG_WIDTH must be 1..32 (got %0d)", TAG_WIDTH);
        if (MAX_BURST < 1 || MAX_BURST > 256) $fatal(1, "hc_stream_rd: MAX_BURST must be 1..256 (got %0d)", MAX_BURST);
        if (FIFO_DEPTH < 2 || FIFO_DEPTH > 1024 || FIFO_DEPTH < MAX_BURST)
            $fatal(1, "hc_stream_rd: FIFO_DEPTH must be 2..1024 and at least MAX_BURST (got %0d)", FIFO_DEPTH);
        if (MAX_OUTSTANDING < 1 || MAX_OUTSTANDING > 255)
            $fatal(1, "hc_stream_rd: MAX_OUTSTANDING must be 1..255 (got %0d)", MAX_OUTSTANDING);
        if (DESC_DEPTH < 2 || DESC_DEPTH > 1024)
            $fatal(1, "hc_stream_rd: DESC_DEPTH must be 2..1024 (got %0d)", DESC_DEPTH);
    end
    localparam int CRW = $clog2(FIFO_DEPTH + 1);

    // ---------------------------------------------------------------- the split (hc_stream_split)
    logic                  b_valid, empty_take;
    logic [ADDR_WIDTH-1:0] b_addr;
    logic [8:0]            b_beats;
    logic [SB-1:0]         b_lo;
    logic [SB:0]           b_n_only, b_n_first, b_n_last;
    logic                  b_cmd_last;
    logic [TAG_WIDTH-1:0]  b_tag;
    wire  [8:0]            b_km1 = b_beats - 9'd1;      // AxLEN, and the descriptor's beats - 1

    // ---------------------------------------------------------------- FIFOs, credits, outstanding
    typedef struct packed {
        logic                 status_only;               // a command with no bytes: its status, no beat
        logic [8:0]           km1;                       // beats - 1
        logic [SB-1:0]        lo;                        // the first beat's first byte
        logic [SB:0]          n_only, n_first, n_last;   // bytes of a one-beat burst's beat, of the first beat,
                                                         // of the last beat (others: NB)
        logic                 cmd_last;                  // the command's last burst
        logic [TAG_WIDTH-1:0] tag;
    } desc_t;
    desc_t                 d_in, d_head;
    logic                  d_push, d_room, d_valid, d_pop, d_more_unused;
    logic [1:0]            d_room_next_unused;
    hc_efifo #(.WIDTH($bits(desc_t)), .DEPTH(DESC_DEPTH), .OUT_REG(1'b1)) u_desc (
        .clk(aclk), .rst_n(aresetn), .in_data(d_in), .in_valid(d_push), .in_ready(d_room),
        .out_data(d_head), .out_valid(d_valid), .out_ready(d_pop), .out_more(d_more_unused),
        .room_next(d_room_next_unused)
    );
    logic [DATA_WIDTH+1:0] f_head;                       // {resp, data}
    logic                  f_valid, f_pop, f_room_unused, f_more_unused;
    logic [1:0]            f_room_next_unused;
    // (FALL_THROUGH: a beat arriving at an empty FIFO goes straight into the aligner's register)
    hc_efifo #(.WIDTH(DATA_WIDTH + 2), .DEPTH(FIFO_DEPTH), .FALL_THROUGH(1'b1)) u_fifo (
        .clk(aclk), .rst_n(aresetn), .in_data({m_axi_rresp, m_axi_rdata}), .in_valid(m_axi_rvalid),
        .in_ready(f_room_unused), .out_data(f_head), .out_valid(f_valid), .out_ready(f_pop),
        .out_more(f_more_unused), .room_next(f_room_next_unused)
    );
    assign m_axi_rready = 1'b1;                          // (every beat has an entry reserved)
    logic [CRW-1:0]        credits;                      // FIFO entries neither held nor reserved
    logic [7:0]            outstanding;                  // bursts issued, RLAST not yet seen
    wire  r_end = m_axi_rvalid && m_axi_rlast;
    // (the AR register is free once its request has left: issues are 3 cycles apart at least, so ARREADY
    // itself need not reach the split's registers)
    wire  ar_free = !m_axi_arvalid;
    wire  issue = b_valid && ar_free && d_room && 32'(credits) >= 32'(b_beats) &&
                  32'(outstanding) < MAX_OUTSTANDING;

    // ---------------------------------------------------------------- commands and the split
    hc_stream_split #(.ADDR_WIDTH(ADDR_WIDTH), .DATA_WIDTH(DATA_WIDTH), .LEN_WIDTH(LEN_WIDTH),
                      .ROW_WIDTH(ROW_WIDTH), .TAG_WIDTH(TAG_WIDTH), .MAX_BURST(MAX_BURST)) u_split (
        .aclk, .aresetn, .s_cmd_valid, .s_cmd_ready, .s_cmd_addr, .s_cmd_len, .s_cmd_stride, .s_cmd_rows,
        .s_cmd_tag, .empty_room(d_room), .empty_take, .b_valid, .b_take(issue), .b_addr, .b_beats, .b_lo,
        .b_n_only, .b_n_first, .b_n_last, .b_cmd_last, .b_tag
    );
    always_comb begin
        d_push = 1'b0;
        d_in   = '{status_only: 1'b0, km1: b_km1, lo: b_lo, n_only: b_n_only, n_first: b_n_first,
                   n_last: b_n_last, cmd_last: b_cmd_last, tag: b_tag};
        if (issue) d_push = 1'b1;
        else if (empty_take) begin
            d_push = 1'b1;
            d_in   = '{status_only: 1'b1, km1: '0, lo: '0, n_only: '0, n_first: '0, n_last: '0, cmd_last: 1'b1,
                       tag: s_cmd_tag};
        end
    end
    always_ff @(posedge aclk) begin
        if (!aresetn) begin
            m_axi_arvalid <= 1'b0; m_axi_araddr <= '0; m_axi_arlen <= '0; credits <= CRW'(FIFO_DEPTH);
            outstanding <= '0;
        end else begin
            if (m_axi_arvalid && m_axi_arready) m_axi_arvalid <= 1'b0;
            if (issue) begin
                m_axi_arvalid <= 1'b1;
                m_axi_araddr  <= b_addr;
                m_axi_arlen   <= 8'(b_km1);
            end
            credits     <= credits - (issue ? CRW'(b_beats) : CRW'(0)) + CRW'(f_pop);
            outstanding <= outstanding + 8'(issue) - 8'(r_end);
        end
    end
    assign m_axi_arid = '0;
    assign m_axi_arsize = 3'(SB);
    assign m_axi_arburst = 2'b01;
    assign m_axi_arlock = 1'b0;
    assign m_axi_arcache = 4'b0011;
    assign m_axi_arprot = 3'b000;
    assign m_axi_arqos = 4'd0;

    // ---------------------------------------------------------------- the aligner
    // Each beat's bytes of the command, moved to byte 0, with their count, into a register slice (READY a
    // flop, so the FIFO's pop depends on no decision of the packer): a beat's bytes are [lo_b, hi_b], lo_b
    // the burst's first byte on its first beat and 0 after, the counts prepared in the descriptor. A
    // status-only descriptor passes as an entry of its own.
    logic [8:0]            bc;                           // the beat of the head burst
    logic                  first_q;                      // bc == 0
    wire                   first_b = first_q;
    wire                   last_b  = bc == d_head.km1;
    wire  [SB-1:0]         lo_b = first_b ? d_head.lo : '0;
    wire  [SB:0]           n_b  = first_b ? (last_b ? d_head.n_only : d_head.n_first)
                                          : (last_b ? d_head.n_last : (SB + 1)'(NB));
    typedef struct packed {
        logic                  status_only;
        logic                  last;                     // the command's last bytes
        logic [TAG_WIDTH-1:0]  tag;
        logic [1:0]            resp;
        logic [SB:0]           n;                        // bytes, 1..NB (0: status only)
        logic [DATA_WIDTH-1:0] data;                     // the bytes from byte 0
    } beat_t;
    beat_t                 a_in, a;
    logic                  a_in_valid, a_in_ready, a_valid, a_take;
    always_comb begin
        a_in = '{status_only: d_head.status_only, last: d_head.status_only || (last_b && d_head.cmd_last),
                 tag: d_head.tag, resp: f_head[DATA_WIDTH+1:DATA_WIDTH], n: d_head.status_only ? '0 : n_b,
                 data: f_head[DATA_WIDTH-1:0] >> (8 * 32'(lo_b))};
        a_in_valid = d_valid && (d_head.status_only || f_valid);
    end
    hc_reg_slice #(.WIDTH($bits(beat_t)), .REGISTER_READY(1'b1)) u_align (
        .clk(aclk), .rst_n(aresetn), .in_data(a_in), .in_valid(a_in_valid), .in_ready(a_in_ready),
        .out_data(a), .out_valid(a_valid), .out_ready(a_take)
    );
    wire  a_load = a_in_valid && a_in_ready;
    assign f_pop = a_load && !d_head.status_only;
    assign d_pop = a_load && (d_head.status_only || last_b);
    always_ff @(posedge aclk) begin
        if (!aresetn) begin
            bc <= '0; first_q <= 1'b1;
        end else if (f_pop) begin
            bc <= last_b ? 9'd0 : bc + 9'd1;
            first_q <= last_b;
        end
    end

    // ---------------------------------------------------------------- the packer
    // The aligned bytes appended to what the last beat left (acc: `fill` bytes from byte 0); a full beat
    // goes out, the rest stays; a command's end sends what is left (a second cycle when the bytes of its
    // last beat overflow the one going out).
    logic [DATA_WIDTH-1:0] acc;
    logic [SB:0]           fill;                         // 0 .. NB - 1 between beats
    logic                  flush_q;                      // a command's last bytes wait in acc for a beat
    logic [TAG_WIDTH-1:0]  flush_tag;
    logic [BW-1:0]         bytes_q;                      // the command's bytes so far
    logic [1:0]            resp_q;                       // its first error
    // the slice towards m_axis, and the status FIFO
    logic                  o_valid, o_ready, o_last;
    logic [NB-1:0]         o_keep;
    logic [DATA_WIDTH-1:0] o_data;
    logic [TAG_WIDTH-1:0]  o_tag;
    hc_reg_slice #(.WIDTH(DATA_WIDTH + NB + 1 + TAG_WIDTH), .REGISTER_READY(1'b1)) u_out (
        .clk(aclk), .rst_n(aresetn), .in_data({o_tag, o_last, o_keep, o_data}), .in_valid(o_valid),
        .in_ready(o_ready), .out_data({m_axis_tuser, m_axis_tlast, m_axis_tkeep, m_axis_tdata}),
        .out_valid(m_axis_tvalid), .out_ready(m_axis_tready)
    );
    logic                  s_push, s_room, s_more_unused;
    logic [1:0]            s_room_next_unused;
    logic [TAG_WIDTH-1:0]  s_tag;
    logic [BW-1:0]         s_bytes;
    logic [1:0]            s_resp;
    hc_efifo #(.WIDTH(TAG_WIDTH + BW + 2), .DEPTH(DESC_DEPTH), .OUT_REG(1'b1)) u_sts (
        .clk(aclk), .rst_n(aresetn), .in_data({s_tag, s_bytes, s_resp}), .in_valid(s_push), .in_ready(s_room),
        .out_data({m_sts_tag, m_sts_bytes, m_sts_resp}), .out_valid(m_sts_valid), .out_ready(m_sts_ready),
        .out_more(s_more_unused), .room_next(s_room_next_unused)
    );
    function automatic logic [NB-1:0] keep_of(input logic [SB:0] n);   // the low n bytes
        return NB'((2 * NB)'(1) << n) - NB'(1);
    endfunction
    wire  [SB+1:0]   total = (SB + 2)'(fill) + (SB + 2)'(a.n);
    wire  [2*DATA_WIDTH-1:0] moved = (2 * DATA_WIDTH)'(a.data) << (8 * 32'(fill));
    wire  [2*NB-1:0] moved_keep = ((2 * NB)'(keep_of(a.n))) << fill;
    wire  [NB-1:0]   acc_keep = keep_of(fill);
    logic [2*DATA_WIDTH-1:0] combined;
    always_comb
        for (int j = 0; j < 2 * NB; j++)
            combined[j*8 +: 8] = moved_keep[j] ? moved[j*8 +: 8]
                               : (j < NB && acc_keep[j % NB]) ? acc[j*8 +: 8] : 8'h00;
    wire             beat_ok  = a_valid && !a.status_only && !flush_q;
    wire             end_cmd  = a.last;
    wire             full     = total >= (SB + 2)'(NB);
    wire             over     = full && total != (SB + 2)'(NB);   // bytes left over past a full beat
    wire             emit     = full || end_cmd;
    // a command's end needs a status entry unless its last bytes wait in acc (the flush pushes it then)
    wire             need_sts = end_cmd && !over;
    wire             beat_go  = beat_ok && (!emit || o_ready) && (!need_sts || s_room);
    wire             sts_only = a_valid && a.status_only && !flush_q && s_room;
    wire             flush_go = flush_q && o_ready && s_room;
    wire  [1:0]      beat_resp = (resp_q != 2'b00) ? resp_q : (a.resp[1] ? a.resp : 2'b00);
    always_comb begin
        o_valid = 1'b0; o_data = combined[DATA_WIDTH-1:0]; o_keep = '1; o_last = 1'b0; o_tag = a.tag;
        s_push = 1'b0; s_tag = a.tag; s_bytes = bytes_q + BW'(a.n); s_resp = beat_resp;
        if (flush_q) begin
            o_valid = s_room; o_data = acc; o_keep = keep_of(fill); o_last = 1'b1; o_tag = flush_tag;
            s_push = flush_go; s_tag = flush_tag; s_bytes = bytes_q; s_resp = resp_q;
        end else if (a_valid && a.status_only) begin
            s_push = sts_only; s_bytes = '0; s_resp = 2'b00;
        end else if (beat_ok && emit && (!need_sts || s_room)) begin
            o_valid = 1'b1;
            o_last  = end_cmd && !over;
            o_keep  = full ? '1 : keep_of((SB + 1)'(total));
            s_push  = need_sts && beat_go;
        end
    end
    assign a_take = beat_go || sts_only;
    always_ff @(posedge aclk) begin
        if (!aresetn) begin
            acc <= '0; fill <= '0; flush_q <= 1'b0; flush_tag <= '0; bytes_q <= '0; resp_q <= '0;
        end else begin
            if (flush_go) begin
                flush_q <= 1'b0; fill <= '0; bytes_q <= '0; resp_q <= '0;
            end
            if (beat_go) begin
                if (full) begin
                    acc  <= combined[2*DATA_WIDTH-1:DATA_WIDTH];
                    fill <= (SB + 1)'(total - (SB + 2)'(NB));
                end else begin
                    acc  <= combined[DATA_WIDTH-1:0];
                    fill <= (SB + 1)'(total);
                end
                if (end_cmd) begin
                    if (over) begin                    // the remainder goes out next cycle
                        flush_q <= 1'b1; flush_tag <= a.tag;
                        bytes_q <= bytes_q + BW'(a.n); resp_q <= beat_resp;
                    end else begin
                        fill <= '0; bytes_q <= '0; resp_q <= '0;
                    end
                end else begin
                    bytes_q <= bytes_q + BW'(a.n); resp_q <= beat_resp;
                end
            end
        end
    end

    /* verilator lint_off UNUSEDSIGNAL */
    wire unused = &{1'b0, m_axi_rid, f_room_unused, f_more_unused, f_room_next_unused,
                    d_more_unused, d_room_next_unused, s_more_unused, s_room_next_unused};
    /* verilator lint_on UNUSEDSIGNAL */
endmodule
