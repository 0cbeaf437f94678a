// SPDX-License-Identifier: Apache-2.0
// hc_stream_wr — streaming write front end (paper 002's streaming port on FastLane, the write direction;
// issue 19): commands in (base address, bytes per row, stride and row count for 2-D access, tag), the bytes
// in on AXI4-Stream (one packet per command, packed from byte 0, TKEEP marking a partial last beat), an AXI4
// write master towards a HyperConnect port, and a completion status per command (tag, bytes written, the
// first write error, whether the packet was shorter or longer than the command) once all its writes are
// answered.
//
//   s_cmd -> hc_stream_split (bursts at MAX_BURST beats and 4 KB, prepared in two steps from flops)
//            -> burst descriptors (to the W builder), AW queue, B queue
//   s_axis -> hc_reg_slice (TREADY a flop) -> W builder (takes each W beat's bytes from the packet's byte
//            sequence) -> hc_reg_slice -> placement (the bytes moved to the beat's first byte, WSTRB marking
//            them) -> W FIFO (FIFO_DEPTH beats) -> m_axi_w
//   AW queue -> AW register -> m_axi_aw, each burst released by the W builder: CUT_THROUGH 1 when the
//            burst's first beat is built, 0 when its last one is (store and forward)
//   m_axi_b -> hc_reg_slice (BREADY a flop) -> per command: the first error, and with the W builder's count
//            -> status FIFO -> m_sts
//
// Why the two AW policies: an AXI interconnect passes W in AW order (axi_exbar does), so a burst whose AW
//   is out and whose data stops coming holds the memory's W channel for every port behind the crossbar until
//   the watchdog cuts it. CUT_THROUGH 1 (default) needs no buffer and starts writing two cycles after the
//   data starts; it is the right choice for a producer that streams without gaps once begun. CUT_THROUGH 0
//   sends a burst's AW only once its last beat is built (all its beats are then in the W path: the FIFO,
//   which must hold MAX_BURST beats, and the register before it), so a stalled producer never holds the
//   interconnect. (W beats of a burst may be presented before its AW either way: legal AXI; an
//   interconnect routing W by AW order, as axi_exbar does, takes them once the AW is through.)
// Byte-granular: any base, length and stride; the packet's bytes go to the rows' bytes in order. A beat's
//   bytes are its LOW popcount(TKEEP) bytes: the stream must be packed (TKEEP all ones but on the last beat,
//   or any beat with fewer bytes — 0 included — whose bytes are at its low end: they are joined to the
//   next). A sparse TKEEP (e.g. 0xF0) is not realigned: its low bytes are taken.
// The packet against the command: TLAST comes on the beat with the command's last byte, or on an empty
//   beat (TKEEP 0) after it.
//   - shorter (TLAST earlier): the bytes received are written, the rest of the command's bursts go out with
//     WSTRB 0 (memory unchanged, every AW answered by its data), status short = 1;
//   - longer (bytes after the command's last one, before TLAST): they are dropped through TLAST, status
//     long = 1 (known when TLAST comes: the command's status waits for it, its writes do not). Either way
//     the next command starts on the next packet: they never slip.
// Errors: SLVERR/DECERR on a B sets the command's status resp (the first one kept); nothing hangs.
// Latency (cycles, 64-bit, idle, the command queued before its data): first TVALID -> AWVALID 2
//   (CUT_THROUGH 1; the input register, the W builder's first beat releasing the AW register), first TVALID
//   -> WVALID 3 (the input register, the built beat's register, the W FIFO's head); s_cmd handshake -> the
//   burst's descriptors 4; last B -> m_sts_valid 2 (the B register, the status FIFO).
// Throughput: one W beat per cycle while the stream delivers one beat per cycle and bursts have 3 beats or
//   more (a row starting inside a bus word costs no cycle: its beats take fewer bytes, the rest wait in the
//   builder's residue); the split makes one burst every 3 cycles, 5 from a command's last burst to the
//   next command's first, so rows of 1 or 2 beats run at 1/3 or 2/3 of a beat per cycle and one-beat
//   commands at 1/5; MAX_OUTSTANDING bursts between AW and B.
// Parameters: ADDR_WIDTH (13..64), DATA_WIDTH (32..1024, power of two), ID_WIDTH (1..32, every AW uses ID
//   0), LEN_WIDTH (bytes per row, 1..32 bits), ROW_WIDTH (rows per command, 1..16 bits), TAG_WIDTH (1..32),
//   MAX_BURST (beats, 1..256), FIFO_DEPTH (W beats, 2..1024; >= MAX_BURST with CUT_THROUGH 0),
//   MAX_OUTSTANDING (1..255 bursts between AW and B), DESC_DEPTH (bursts queued, and statuses, 2..1024),
//   CUT_THROUGH (0 or 1).
// Assumes: the slave answers every AW with one B (AXI); the producer keeps AXI4-Stream rules.
module hc_stream_wr #(
    parameter int ADDR_WIDTH      = 32,
    parameter int DATA_WIDTH      = 64,
    parameter int ID_WIDTH        = 4,
    parameter int LEN_WIDTH       = 32,
    parameter int ROW_WIDTH       = 16,
    parameter int TAG_WIDTH       = 8,
    parameter int MAX_BURST       = 64,
    parameter int FIFO_DEPTH      = 64,
    parameter int MAX_OUTSTANDING = 8,
    parameter int DESC_DEPTH      = 16,
    parameter bit CUT_THROUGH     = 1'b1,
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
    // the stream, one packet per command with bytes
    input  logic [DATA_WIDTH-1:0]   s_axis_tdata,
    input  logic [NB-1:0]           s_axis_tkeep,
    input  logic                    s_axis_tlast,
    input  logic                    s_axis_tvalid,
    output logic                    s_axis_tready,
    // completion status, one per command in command order, once its writes are answered
    output logic                    m_sts_valid,
    input  logic                    m_sts_ready,
    output logic [TAG_WIDTH-1:0]    m_sts_tag,
    output logic [BW-1:0]           m_sts_bytes,    // bytes written (WSTRB set)
    output logic [1:0]              m_sts_resp,     // OKAY, or the first SLVERR/DECERR of the command
    output logic                    m_sts_short,    // the packet ended before the command
    output logic                    m_sts_long,     // the packet went on past the command (dropped)
    // AXI4 write master
    output logic [ID_WIDTH-1:0]     m_axi_awid,
    output logic [ADDR_WIDTH-1:0]   m_axi_awaddr,
    output logic [7:0]              m_axi_awlen,
    output logic [2:0]              m_axi_awsize,
    output logic [1:0]              m_axi_awburst,
    output logic                    m_axi_awlock,
    output logic [3:0]              m_axi_awcache,
    output logic [2:0]              m_axi_awprot,
    output logic [3:0]              m_axi_awqos,
    output logic                    m_axi_awvalid,
    input  logic                    m_axi_awready,
    output logic [DATA_WIDTH-1:0]   m_axi_wdata,
    output logic [NB-1:0]           m_axi_wstrb,
    output logic                    m_axi_wlast,
    output logic                    m_axi_wvalid,
    input  logic                    m_axi_wready,
    input  logic [ID_WIDTH-1:0]     m_axi_bid,
    input  logic [1:0]              m_axi_bresp,
    input  logic                    m_axi_bvalid,
    output logic                    m_axi_bready
);
    initial begin
        if (ADDR_WIDTH < 13 || ADDR_WIDTH > 64)
            $fatal(1, "hc_stream_wr: ADDR_WIDTH must be 13..64 (got %0d)", ADDR_WIDTH);
        if (DATA_WIDTH < 32 || DATA_WIDTH > 1024 || (DATA_WIDTH & (DATA_WIDTH - 1)) != 0)
            $fatal(1, "hc_stream_wr: DATA_WIDTH must be a power of two, 32..1024 (got %0d)", DATA_WIDTH);
        if (ID_WIDTH < 1 || ID_WIDTH > 32) $fatal(1, "hc_stream_wr: ID_WIDTH must be 1..32 (got %0d)", ID_WIDTH);
        if (LEN_WIDTH < 1 || LEN_WIDTH > 32) $fatal(1, "hc_stream_wr: LEN_WIDTH must be 1..32 (got %0d)", LEN_WIDTH);
        if (ROW_WIDTH < 1 || ROW_WIDTH > 16) $fatal(1, "hc_stream_wr: ROW_WIDTH must be 1..16 (got %0d)", ROW_WIDTH);
        if (TAG_WIDTH < 1 || TAG_WIDTH > 32) $fatal(1, "hc_stream_wr: TAG_WIDTH must be 1..32 (got %0d)", TAG_WIDTH);
        if (MAX_BURST < 1 || MAX_BURST > 256) $fatal(1, "hc_stream_wr: MAX_BURST must be 1..256 (got %0d)", MAX_BURST);
        if (FIFO_DEPTH < 2 || FIFO_DEPTH > 1024)
            $fatal(1, "hc_stream_wr: FIFO_DEPTH must be 2..1024 (got %0d)", FIFO_DEPTH);
        if (!CUT_THROUGH && FIFO_DEPTH < MAX_BURST)
            $fatal(1, "hc_stream_wr: with CUT_THROUGH 0 the W FIFO must hold a burst: FIFO_DEPTH %0d < MAX_BURST %0d",
                   FIFO_DEPTH, MAX_BURST);
        if (MAX_OUTSTANDING < 1 || MAX_OUTSTANDING > 255)
            $fatal(1, "hc_stream_wr: MAX_OUTSTANDING must be 1..255 (got %0d)", MAX_OUTSTANDING);
        if (DESC_DEPTH < 2 || DESC_DEPTH > 1024)
            $fatal(1, "hc_stream_wr: DESC_DEPTH must be 2..1024 (got %0d)", DESC_DEPTH);
    end
    localparam int TKW = $clog2(DESC_DEPTH + 1);

    // ---------------------------------------------------------------- the split and its three queues
    logic                  b_valid, empty_take;
    logic [ADDR_WIDTH-1:0] b_addr;
    logic [8:0]            b_beats;
    logic [SB-1:0]         b_lo;
    logic [SB:0]           b_n_only, b_n_first, b_n_last;
    logic                  b_cmd_last;
    logic [TAG_WIDTH-1:0]  b_tag;
    wire  [8:0]            b_km1 = b_beats - 9'd1;
    typedef struct packed {
        logic [8:0]    km1;                              // beats - 1
        logic          single;                           // one beat
        logic [SB-1:0] lo;                               // the first beat's first byte
        logic [SB:0]   n_first, n_last;                  // bytes of the first beat, of the last of several
                                                         // (others: NB)
        logic          cmd_last;                         // the command's last burst
    } desc_t;
    typedef struct packed {
        logic                 status_only;               // an empty command: its status, no write
        logic                 cmd_last;
        logic [TAG_WIDTH-1:0] tag;
    } bdesc_t;
    desc_t                 d_head;
    bdesc_t                bq_in, bq_head;
    logic                  d_room, d_valid, d_pop, a_room, a_valid, a_pop, bq_push, bq_room, bq_valid, bq_pop;
    logic [ADDR_WIDTH-1:0] a_addr;
    logic [7:0]            a_len;
    logic [2:0]            more_unused;
    logic [5:0]            room_next_unused;
    wire  split_take = b_valid && d_room && a_room && bq_room;
    hc_stream_split #(.ADDR_WIDTH(ADDR_WIDTH), .DATA_WIDTH(DATA_WIDTH), .LEN_WIDTH(LEN_WIDTH),
                      .ROW_WIDTH(ROW_WIDTH), .TAG_WIDTH(TAG_WIDTH), .MAX_BURST(MAX_BURST)) u_split (
        .aclk, .aresetn, .s_cmd_valid, .s_cmd_ready, .s_cmd_addr, .s_cmd_len, .s_cmd_stride, .s_cmd_rows,
        .s_cmd_tag, .empty_room(bq_room), .empty_take, .b_valid, .b_take(split_take), .b_addr, .b_beats, .b_lo,
        .b_n_only, .b_n_first, .b_n_last, .b_cmd_last, .b_tag
    );
    hc_efifo #(.WIDTH($bits(desc_t)), .DEPTH(DESC_DEPTH), .OUT_REG(1'b1)) u_desc (
        .clk(aclk), .rst_n(aresetn),
        .in_data(desc_t'{km1: b_km1, single: b_km1 == '0, lo: b_lo,
                         n_first: (b_km1 == '0) ? b_n_only : b_n_first, n_last: b_n_last, cmd_last: b_cmd_last}),
        .in_valid(split_take), .in_ready(d_room), .out_data(d_head), .out_valid(d_valid), .out_ready(d_pop),
        .out_more(more_unused[0]), .room_next(room_next_unused[1:0])
    );
    hc_efifo #(.WIDTH(ADDR_WIDTH + 8), .DEPTH(DESC_DEPTH), .OUT_REG(1'b1)) u_awq (
        .clk(aclk), .rst_n(aresetn), .in_data({b_addr, 8'(b_km1)}), .in_valid(split_take), .in_ready(a_room),
        .out_data({a_addr, a_len}), .out_valid(a_valid), .out_ready(a_pop), .out_more(more_unused[1]),
        .room_next(room_next_unused[3:2])
    );
    // the B queue also carries empty commands (taken only while no command is split: order kept)
    assign bq_push = split_take || empty_take;
    assign bq_in   = empty_take ? bdesc_t'{status_only: 1'b1, cmd_last: 1'b1, tag: s_cmd_tag}
                                : bdesc_t'{status_only: 1'b0, cmd_last: b_cmd_last, tag: b_tag};
    hc_efifo #(.WIDTH($bits(bdesc_t)), .DEPTH(DESC_DEPTH), .OUT_REG(1'b1)) u_bq (
        .clk(aclk), .rst_n(aresetn), .in_data(bq_in), .in_valid(bq_push), .in_ready(bq_room),
        .out_data(bq_head), .out_valid(bq_valid), .out_ready(bq_pop), .out_more(more_unused[2]),
        .room_next(room_next_unused[5:4])
    );

    // ---------------------------------------------------------------- the stream's input register
    function automatic logic [SB:0] count_of(input logic [NB-1:0] keep);
        logic [SB:0] n = '0;
        for (int j = 0; j < NB; j++) n += (SB + 1)'(keep[j]);
        return n;
    endfunction
    logic [DATA_WIDTH-1:0] in_data;
    logic [SB:0]           in_n;                         // the beat's bytes (TKEEP's count)
    logic                  in_last, in_valid, in_pop;
    hc_reg_slice #(.WIDTH(DATA_WIDTH + SB + 2), .REGISTER_READY(1'b1)) u_in (
        .clk(aclk), .rst_n(aresetn), .in_data({s_axis_tlast, count_of(s_axis_tkeep), s_axis_tdata}),
        .in_valid(s_axis_tvalid), .in_ready(s_axis_tready), .out_data({in_last, in_n, in_data}),
        .out_valid(in_valid), .out_ready(in_pop)
    );

    // ---------------------------------------------------------------- the W builder
    // Each W beat takes n_b bytes of the packet (lo_b: where the first goes) from the residue (rc bytes the
    // last input beat left, from byte 0) and, when those are too few, the input beat: joined, the residue's
    // bytes first (`combined`). What remains becomes the residue. res_last: the residue ends the packet (its
    // input beat had TLAST), so no further input beat belongs to this command. pad: the packet ended early,
    // the command's remaining beats go out with WSTRB 0. drop: the command ended before its packet, input
    // beats are discarded through TLAST.
    // (the beat's place in its burst from flops: first_q, and for the others last_q, so n_b is a 3:1 mux)
    logic                  first_q;                      // the head burst's first beat is next
    logic [8:0]            rem_q;                        // beats of the burst after the next one (not first)
    logic                  last_q;                       // the next beat (not first) is the burst's last
    wire                   last_b = first_q ? d_head.single : last_q;
    wire  [SB-1:0]         lo_b = first_q ? d_head.lo : '0;
    wire  [SB:0]           n_b  = first_q ? d_head.n_first : (last_q ? d_head.n_last : (SB + 1)'(NB));
    logic [DATA_WIDTH-1:0] res;
    logic [SB:0]           rc;                           // 0 .. NB - 1
    logic                  res_last, pad, drop;
    logic                  short_q;                      // the command's packet has ended early
    function automatic logic [NB-1:0] keep_of(input logic [SB:0] n);   // the low n bytes
        return NB'((2 * NB)'(1) << n) - NB'(1);
    endfunction
    logic [2*DATA_WIDTH-1:0] combined;
    wire  [2*DATA_WIDTH-1:0] in_moved = (2 * DATA_WIDTH)'(in_data) << (8 * 32'(rc));
    always_comb
        for (int j = 0; j < 2 * NB; j++)
            combined[j*8 +: 8] = (j < NB && 32'(j) < 32'(rc)) ? res[(j % NB)*8 +: 8] : in_moved[j*8 +: 8];
    wire                   have_in = in_valid && !res_last;
    // enough: the residue (and the input beat) hold the beat's bytes — compared for each of the beat's
    // three possible counts (the first's, the last's, NB) and both input cases at once, chosen after, so no
    // mux stands in front of the compares (the builder's decision is its critical path)
    wire  [SB+1:0]         with_in = (SB + 2)'(rc) + (SB + 2)'(in_n);
    // the bytes at hand: an adder of its own rather than `have_in ? with_in : rc` — the mux after the add
    // put a LUT level on the residue's loop (tried: 10 levels, 77.2 MHz against 8 and 81.7; -16 LUT)
    wire  [SB+1:0]         avail   = (SB + 2)'(rc) + (have_in ? (SB + 2)'(in_n) : '0);
    wire  [2:0]            ge_rc   = {(SB + 1)'(rc) >= d_head.n_first, (SB + 1)'(rc) >= d_head.n_last, 1'b0};
    wire  [2:0]            ge_in   = {with_in >= (SB + 2)'(d_head.n_first), with_in >= (SB + 2)'(d_head.n_last),
                                      with_in >= (SB + 2)'(NB)};
    wire  [1:0]            pick    = first_q ? 2'd2 : last_q ? 2'd1 : 2'd0;   // (from flops)
    wire                   rc_enough = ge_rc[pick];      // (rc < NB: never enough for a full beat)
    wire                   enough  = have_in ? ge_in[pick] : rc_enough;
    wire                   ended   = res_last || (have_in && in_last);
    // W FIFO and the status entry of the W side (bytes, short, long) for the command's end
    logic                  wb_room, wb_take, wf_room, ws_room, ws_valid, ws_pop, ws_more_unused;
    logic [1:0]            ws_room_next_unused, wf_room_next_unused;
    logic                  wf_more_unused;
    logic [BW-1:0]         ws_bytes;
    logic                  ws_short, ws_long;
    wire                   cmd_end = last_b && d_head.cmd_last;
    // a W beat is built: padding, n_b bytes, or the packet's last bytes (fewer)
    wire                   build   = d_valid && !drop && (pad || enough || ended);
    logic                  open_wait;                    // an open end built, its status not yet written
    logic                  verdict_valid, verdict_long, dropped;
    logic                  pend_valid, pend_short, pend_long;   // an open end's status, waiting for the verdict
    logic [BW-1:0]         pend_bytes;
    wire                   beat_go = build && wb_room && !(cmd_end && open_wait);
    wire                   absorb  = d_valid && !drop && !pad && !enough && !ended && have_in;
    wire                   partial = !pad && !enough;    // (with build: the packet ends in this beat)
    wire                   use_in  = !pad && have_in && !rc_enough;
    wire  [SB:0]           n_w     = pad ? '0 : partial ? (SB + 1)'(avail) : n_b;   // bytes written
    wire  [SB+1:0]         rc_next = use_in ? avail - (SB + 2)'(n_w) : (SB + 2)'(rc) - (SB + 2)'(n_w);
    wire                   rl_next = use_in ? in_last : res_last;
    wire                   pkt_end = build && (partial || (rc_next == '0 && rl_next));   // the packet ends here
    // at the command's end, bytes left over: long; no TLAST yet: the packet's rest is dropped (`open`), and
    // whether that rest had bytes (long) or was only an empty TLAST beat is known when it ends (the verdict)
    wire                   is_long = cmd_end && !pad && !partial && rc_next != '0;
    wire                   open_end = cmd_end && !pad && !partial && !rl_next;
    wire                   drop_in = drop && in_valid;
    assign in_pop = (beat_go && use_in) || absorb || drop_in;
    assign d_pop  = beat_go && last_b;
    // The beat built (its bytes from byte 0, their count, where they go; at the command's end its packet
    // flags) into a register; after it the placement into the W FIFO and the command's byte count, whose
    // entry for the B side (bytes, short, long) is written with the command's last beat.
    logic                  wb_valid, wb_last, wb_end, wb_short, wb_long, wb_open;
    logic [SB-1:0]         wb_lo;
    logic [SB:0]           wb_n;
    logic [DATA_WIDTH-1:0] wb_data;
    logic [BW-1:0]         bytes_q;                      // the command's bytes so far (placed)
    hc_reg_slice #(.WIDTH(DATA_WIDTH + 2 * SB + 6), .REGISTER_READY(1'b1)) u_wb (
        .clk(aclk), .rst_n(aresetn),
        .in_data({last_b, cmd_end, short_q || pad || partial, is_long, open_end, lo_b, n_w,
                  combined[DATA_WIDTH-1:0]}),
        .in_valid(beat_go), .in_ready(wb_room),
        .out_data({wb_last, wb_end, wb_short, wb_long, wb_open, wb_lo, wb_n, wb_data}), .out_valid(wb_valid),
        .out_ready(wb_take)
    );
    // (an open end's W beat goes on at once, its status into `pend` until the verdict: the W channel is
    // never held for a TLAST; open_wait keeps every later command's end behind it, so statuses keep order)
    wire                   wb_can  = !wb_end || wb_open || ws_room;
    wire                   pend_go = pend_valid && verdict_valid && ws_room;
    assign                 wb_take = wb_valid && wf_room && wb_can;
    wire  [DATA_WIDTH-1:0] w_data = wb_data << (8 * 32'(wb_lo));
    wire  [NB-1:0]         w_strb = keep_of(wb_n) << wb_lo;
    hc_efifo #(.WIDTH(DATA_WIDTH + NB + 1), .DEPTH(FIFO_DEPTH), .OUT_REG(1'b1)) u_wf (
        .clk(aclk), .rst_n(aresetn), .in_data({wb_last, w_strb, w_data}), .in_valid(wb_valid && wb_can),
        .in_ready(wf_room), .out_data({m_axi_wlast, m_axi_wstrb, m_axi_wdata}), .out_valid(m_axi_wvalid),
        .out_ready(m_axi_wready), .out_more(wf_more_unused), .room_next(wf_room_next_unused)
    );
    hc_efifo #(.WIDTH(BW + 2), .DEPTH(DESC_DEPTH), .OUT_REG(1'b1)) u_ws (
        .clk(aclk), .rst_n(aresetn),
        .in_data(pend_valid ? {pend_bytes, pend_short, pend_long || verdict_long}
                            : {bytes_q + BW'(wb_n), wb_short, wb_long}),
        .in_valid(pend_go || (wb_take && wb_end && !wb_open)), .in_ready(ws_room),
        .out_data({ws_bytes, ws_short, ws_long}),
        .out_valid(ws_valid), .out_ready(ws_pop), .out_more(ws_more_unused), .room_next(ws_room_next_unused)
    );
    always_ff @(posedge aclk)
        if (!aresetn) begin
            bytes_q <= '0; open_wait <= 1'b0; verdict_valid <= 1'b0; verdict_long <= 1'b0; dropped <= 1'b0;
            pend_valid <= 1'b0; pend_short <= 1'b0; pend_long <= 1'b0; pend_bytes <= '0;
        end else begin
            if (wb_take) bytes_q <= wb_end ? '0 : bytes_q + BW'(wb_n);
            if (drop_in) begin                           // the dropped rest: any bytes in it?
                dropped <= in_last ? 1'b0 : dropped || in_n != '0;
                if (in_last) begin
                    verdict_valid <= 1'b1;
                    verdict_long  <= dropped || in_n != '0;
                end
            end
            if (wb_take && wb_end && wb_open) begin
                pend_valid <= 1'b1; pend_bytes <= bytes_q + BW'(wb_n); pend_short <= wb_short; pend_long <= wb_long;
            end
            if (pend_go) begin
                pend_valid <= 1'b0; verdict_valid <= 1'b0; open_wait <= 1'b0;
            end
            if (beat_go && open_end) open_wait <= 1'b1;
        end
    always_ff @(posedge aclk) begin
        if (!aresetn) begin
            first_q <= 1'b1; rem_q <= '0; last_q <= 1'b0; res <= '0; rc <= '0; res_last <= 1'b0; pad <= 1'b0;
            drop <= 1'b0; short_q <= 1'b0;
        end else begin
            if (drop_in && in_last) drop <= 1'b0;
            if (absorb) begin
                res <= combined[DATA_WIDTH-1:0];
                rc  <= (SB + 1)'(avail);
                res_last <= 1'b0;
            end
            if (beat_go) begin
                first_q <= last_b;
                rem_q   <= (first_q ? d_head.km1 : rem_q) - 9'd1;
                last_q  <= first_q ? d_head.km1 == 9'd1 : rem_q == 9'd1;
                res     <= DATA_WIDTH'(combined >> (8 * 32'(n_w)));
                rc      <= (SB + 1)'(rc_next);
                res_last <= rl_next;
                if (pkt_end && !cmd_end) begin           // short: pad the rest of the command
                    pad <= 1'b1; short_q <= 1'b1; rc <= '0; res_last <= 1'b0;
                end
                if (cmd_end) begin                       // the next command starts on a fresh packet
                    pad <= 1'b0; short_q <= 1'b0; rc <= '0; res_last <= 1'b0;
                    drop <= open_end;                    // the packet's rest, through its TLAST
                end
            end
        end
    end

    // ---------------------------------------------------------------- AW: released by the W builder
    logic [TKW-1:0]        tokens;                       // bursts released, AW not yet issued
    logic [7:0]            outstanding;                  // AWs issued, B not yet taken
    wire                   release_now = beat_go && (CUT_THROUGH ? first_q : last_b);
    logic                  b_take;
    wire                   aw_go = a_valid && (tokens != '0 || release_now) && (!m_axi_awvalid || m_axi_awready) &&
                                   32'(outstanding) < MAX_OUTSTANDING;
    assign a_pop = aw_go;
    always_ff @(posedge aclk) begin
        if (!aresetn) begin
            m_axi_awvalid <= 1'b0; m_axi_awaddr <= '0; m_axi_awlen <= '0; tokens <= '0; outstanding <= '0;
        end else begin
            if (m_axi_awvalid && m_axi_awready) m_axi_awvalid <= 1'b0;
            if (aw_go) begin
                m_axi_awvalid <= 1'b1;
                m_axi_awaddr  <= a_addr;
                m_axi_awlen   <= a_len;
            end
            tokens      <= tokens + TKW'(release_now) - TKW'(aw_go);
            outstanding <= outstanding + 8'(aw_go) - 8'(b_take);
        end
    end
    assign m_axi_awid = '0;
    assign m_axi_awsize = 3'(SB);
    assign m_axi_awburst = 2'b01;
    assign m_axi_awlock = 1'b0;
    assign m_axi_awcache = 4'b0011;
    assign m_axi_awprot = 3'b000;
    assign m_axi_awqos = 4'd0;

    // ---------------------------------------------------------------- B and the statuses
    logic [1:0]            b_resp;
    logic                  b_valid_q;
    logic [ID_WIDTH-1:0]   b_id_unused;
    hc_reg_slice #(.WIDTH(ID_WIDTH + 2), .REGISTER_READY(1'b1)) u_b (
        .clk(aclk), .rst_n(aresetn), .in_data({m_axi_bid, m_axi_bresp}), .in_valid(m_axi_bvalid),
        .in_ready(m_axi_bready), .out_data({b_id_unused, b_resp}), .out_valid(b_valid_q), .out_ready(b_take)
    );
    logic                  s_room, s_more_unused;
    logic [1:0]            s_room_next_unused;
    logic [1:0]            resp_q;                       // the command's first error so far
    wire  [1:0]            resp_now = (resp_q != 2'b00) ? resp_q : (b_resp[1] ? b_resp : 2'b00);
    wire                   sts_only = bq_valid && bq_head.status_only && s_room;
    wire                   need_ws  = bq_head.cmd_last;
    assign b_take = bq_valid && !bq_head.status_only && b_valid_q && (!need_ws || (ws_valid && s_room));
    assign bq_pop = b_take || sts_only;
    assign ws_pop = b_take && need_ws;
    wire                   s_push = sts_only || (b_take && need_ws);
    hc_efifo #(.WIDTH(TAG_WIDTH + BW + 4), .DEPTH(DESC_DEPTH), .OUT_REG(1'b1)) u_sts (
        .clk(aclk), .rst_n(aresetn),
        .in_data(sts_only ? {bq_head.tag, BW'(0), 2'b00, 1'b0, 1'b0}
                          : {bq_head.tag, ws_bytes, resp_now, ws_short, ws_long}),
        .in_valid(s_push), .in_ready(s_room),
        .out_data({m_sts_tag, m_sts_bytes, m_sts_resp, m_sts_short, m_sts_long}), .out_valid(m_sts_valid),
        .out_ready(m_sts_ready), .out_more(s_more_unused), .room_next(s_room_next_unused)
    );
    always_ff @(posedge aclk) begin
        if (!aresetn) resp_q <= '0;
        else if (b_take) resp_q <= need_ws ? 2'b00 : resp_now;
    end

    /* verilator lint_off UNUSEDSIGNAL */
    wire unused = &{1'b0, more_unused, room_next_unused, ws_more_unused, ws_room_next_unused, wf_more_unused,
                    wf_room_next_unused, s_more_unused, s_room_next_unused, b_id_unused};
    /* verilator lint_on UNUSEDSIGNAL */
endmodule
