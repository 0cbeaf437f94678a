// SPDX-License-Identifier: Apache-2.0
// hc_burst_splitter — address-channel half of the burst equalizer (paper 000, rules R2, R3, R6).
//
// Takes one AXI address request (AR or AW, the logic is the same) and issues it as sub-bursts of at
// most the nominal length (cfg_len + 1 beats; NOM_IN: the request's in_nom + 1), in order, one per cycle
// when the downstream is ready. Below, "cfg_len" stands for the nominal length in AxLEN form either way.
// Each sub-burst is reported on the track_* outputs in the cycle it is loaded into the output register,
// so the data-channel halves of the equalizer (R merge, W split, B merge) know its length and whether it
// ends the original burst.
//
// Latency (cycles, in_valid -> out_valid, idle): 1 (STAGE_INPUT: 2). Throughput: one sub-burst per cycle;
// a new original request is accepted in the same cycle the last sub-burst of the previous one is issued
// (STAGE_INPUT: in that cycle if the previous request was not split, one cycle later if it was — NOM_IN:
// in that cycle either way; in_ready from flops). Sub-bursts leave through an hc_reg_slice (OUT_DEPTH: an
// hc_efifo); with REGISTER_READY (or OUT_DEPTH) out_ready never reaches the split logic.
//
// Splitting rules
//   INCR   split into sub-bursts of min(remaining, cfg_len, beats to the next 4 KB boundary); the first
//          sub-burst keeps an unaligned start address, the following ones start size-aligned.
//   FIXED  split into sub-bursts of min(remaining, cfg_len), all at the original address.
//   WRAP   passed through unsplit (a wrapping burst is at most 16 beats; splitting it would need
//          wrap-aware address arithmetic for no fairness gain worth the logic).
//   lock   exclusive accesses (AxLOCK = 1) pass through unsplit: splitting would break exclusivity.
//
// IDs: the splitter issues requests whatever their IDs; the sub-bursts leave without one (the equalizer
// sends them all on one ID, so the slave answers them in order) and each one's original ID is reported
// on track_id for the data-channel halves to restore.
//
// Parameters: ADDR_WIDTH (>= 12), ID_WIDTH (>= 1), REGISTER_READY (output slice with registered READY),
//             STAGE_INPUT (1: a request is loaded unchanged into "cur" first and every sub-burst is split
//             from "cur", so no split arithmetic runs on the input and in_ready comes from flops — one cycle
//             more latency, one idle address cycle after each request that is split — none with NOM_IN),
//             LEGAL_IN (1: every request keeps the AXI burst rules — an INCR burst stays within its 4 KB
//             page — as behind hc_guard, which answers the others itself; then no page arithmetic is
//             needed: a legal request and each remainder of it end before the page does, so only the
//             nominal length cuts. Less logic and no shift/compare chain from the request buffer into
//             the entry flag. An illegal INCR request would be split as if the page went on.)
//             OUT_DEPTH (0: the sub-burst register is an hc_reg_slice, skid buffer with REGISTER_READY;
//             3..64: an hc_efifo of OUT_DEPTH sub-bursts in LUT-RAM, READY/VALID from flops, and out_more —
//             a registered "another sub-burst is behind this one" for a crossbar that chooses a cycle ahead)
//             READY_AHEAD (with STAGE_INPUT and OUT_DEPTH > 0; default 0): in_ready is a flip-flop of its
//             own, prepared a cycle ahead from the next state of "cur", the sub-burst buffer's room without
//             this cycle's pop (room_next) and allow_next — cautious, so it is never high when READY
//             without it would be low, and the request's handshake in front starts at one flop (issue 17:
//             "cur" valid -> the issue enable -> READY -> the guard -> the request buffer's pop and head
//             load crossed the port, the critical path at one seed at 4 ports). Same latency and one
//             request per cycle; a request waits a cycle more when the prediction leaves out what frees
//             room in this cycle: a pop from a sub-burst buffer one short of full, a completion at the
//             outstanding limit, `allow` coming back, a change of the outstanding limit (see
//             axi_burst_equalizer).
//             NOM_IN (with STAGE_INPUT, LEGAL_IN and READY_AHEAD; default 0): the request brings its own
//             nominal length (in_nom, AxLEN form) and in_fits = {in_len <= 2 * in_nom + 1, in_len <=
//             in_nom}, all worked out where the request was buffered (hc_supervisor's request buffer, from
//             flip-flops at its head), so neither the "ends" decision for READY's flop nor the "after the
//             next" flag needs a compare (issue 17: the nominal-length flop ->
//             the entering request's in_len <= cfg_len compare -> READY's flop was the critical path at
//             two seeds of three at 4 ports, 111.7 MHz). cfg_len is then unused.
// Runtime:    cfg_len (nominal beats - 1, 0..255; STAGE_INPUT: taken per request as it enters "cur",
//             otherwise per sub-burst; NOM_IN: unused, in_nom instead), allow (a sub-burst may be issued:
//             room to track it, budget); want reports that one would be issued but for allow;
//             READY_AHEAD: allow_next, a promise
// Assumes:    NOM_IN: in_fits as above while a request is presented; READY_AHEAD: `allow` is
//             high in every cycle after one whose allow_next[load] was high (a broken promise lets a
//             request overwrite "cur" before its last sub-burst has left). Both checked under FORMAL /
//             FORMAL_SUPERVISOR.
module hc_burst_splitter #(
    parameter int ADDR_WIDTH = 32,
    parameter int ID_WIDTH   = 4,
    parameter bit REGISTER_READY = 1'b1,
    parameter bit STAGE_INPUT    = 1'b0,
    parameter bit LEGAL_IN       = 1'b0,
    parameter int OUT_DEPTH      = 0,
    parameter bit READY_AHEAD    = 1'b0,
    parameter bit NOM_IN         = 1'b0
) (
    input  logic                  clk,
    input  logic                  rst_n,
    input  logic [7:0]            cfg_len,      // nominal length - 1 (AxLEN form)
    input  logic                  allow,
    input  logic [1:0]            allow_next,   // READY_AHEAD: `allow` next cycle at least — [1] if this cycle
                                                //   issues a sub-burst, [0] if not (unused otherwise)
    output logic                  want,         // a sub-burst is ready and the output has room (load if allow)
    // original request
    input  logic [ID_WIDTH-1:0]   in_id,
    input  logic [ADDR_WIDTH-1:0] in_addr,
    input  logic [7:0]            in_len,
    input  logic [2:0]            in_size,
    input  logic [1:0]            in_burst,
    input  logic                  in_lock,
    input  logic [3:0]            in_cache,
    input  logic [2:0]            in_prot,
    input  logic [3:0]            in_qos,
    input  logic [7:0]            in_nom,       // NOM_IN: this request's nominal length - 1 (AxLEN form)
    input  logic [1:0]            in_fits,      // NOM_IN: [0] in_len <= in_nom, [1] in_len <= 2 * in_nom + 1
    input  logic                  in_valid,
    output logic                  in_ready,
    // sub-burst (its ID is track_id)
    output logic [ADDR_WIDTH-1:0] out_addr,
    output logic [7:0]            out_len,
    output logic [2:0]            out_size,
    output logic [1:0]            out_burst,
    output logic                  out_lock,
    output logic [3:0]            out_cache,
    output logic [2:0]            out_prot,
    output logic [3:0]            out_qos,
    output logic                  out_valid,
    input  logic                  out_ready,
    output logic                  out_more,     // OUT_DEPTH: another sub-burst is behind the one presented
    // bookkeeping of each issued sub-burst
    output logic                  track_push,
    output logic                  track_last,
    output logic [7:0]            track_len,
    output logic                  track_single, // track_len == 0, from the source and the nominal length
    output logic [ID_WIDTH-1:0]   track_id
);
    initial begin
        if (ADDR_WIDTH < 13) $fatal(1, "hc_burst_splitter: ADDR_WIDTH must be >= 13 (got %0d)", ADDR_WIDTH);
        if (ID_WIDTH < 1)    $fatal(1, "hc_burst_splitter: ID_WIDTH must be >= 1 (got %0d)", ID_WIDTH);
        if (OUT_DEPTH != 0 && (OUT_DEPTH < 3 || OUT_DEPTH > 64))
            $fatal(1, "hc_burst_splitter: OUT_DEPTH must be 0 or 3..64 (got %0d)", OUT_DEPTH);
        if (READY_AHEAD && !(STAGE_INPUT && OUT_DEPTH > 0))
            $fatal(1, "hc_burst_splitter: READY_AHEAD needs STAGE_INPUT and OUT_DEPTH > 0");
        if (NOM_IN && !(STAGE_INPUT && LEGAL_IN && READY_AHEAD))
            $fatal(1, "hc_burst_splitter: NOM_IN needs STAGE_INPUT, LEGAL_IN and READY_AHEAD");
    end

`ifdef FORMAL
`define HC_SPLITTER_CHECKS
`elsif FORMAL_SUPERVISOR
`define HC_SPLITTER_CHECKS
`endif
    localparam logic [1:0] BURST_FIXED = 2'b00;
    localparam logic [1:0] BURST_INCR  = 2'b01;
    localparam logic [1:0] BURST_WRAP  = 2'b10;

    // All lengths are in AxLEN form (beats - 1, 0..255): no adders on the split decision.

    // Remainder of the original request still to be issued ("cur"), held while sub-bursts go out.
    logic                  cur_valid;
    logic [ID_WIDTH-1:0]   cur_id;
    logic [ADDR_WIDTH-1:0] cur_addr;
    logic [7:0]            cur_len;        // beats left - 1
    logic [2:0]            cur_size;
    logic [1:0]            cur_burst;
    logic                  cur_lock;
    logic [3:0]            cur_cache;
    logic [2:0]            cur_prot;
    logic [3:0]            cur_qos;

    // The split of the source request: sub-burst length, last?, remainder and its start address.
    localparam int HI = ADDR_WIDTH - 12;
    typedef struct packed {
        logic                  last;       // this sub-burst ends the original request
        logic [7:0]            len;        // sub-burst AxLEN
        logic [7:0]            rem;        // remainder AxLEN after it (when !last)
        logic [ADDR_WIDTH-1:0] next_addr;  // remainder start address (when !last)
    } split_t;

    // Sub-burst length limit: the nominal length, and for INCR the beats left in this 4 KB page.
    // (4096 - aligned) >> size = ((~addr[11:0]) >> size) + 1 because the low `size` bits of an aligned
    // address are zero, so the page limit in AxLEN form is a plain shift. Compares run in parallel and
    // both candidate next addresses are computed before the compare selects one. A page-limited INCR
    // sub-burst ends exactly at the page boundary, so its successor starts at the next page.
    // Beats left in this 4 KB page, AxLEN form, saturated at 255 (INCR's page limit).
    function automatic logic [7:0] page_left(input logic [11:0] addr, input logic [2:0] size);
        logic [11:0] page_wide;
        page_wide = (~addr) >> size;
        return (page_wide > 12'd255) ? 8'd255 : page_wide[7:0];
    endfunction

    // Does the next sub-burst end the request? (WRAP and exclusive pass whole.)
    function automatic logic ends(input logic [11:0] addr, input logic [7:0] len, input logic [2:0] size,
                                  input logic [1:0] burst, input logic lock, input logic [7:0] nominal);
        return (burst == BURST_WRAP) || lock
            || ((len <= nominal) && (LEGAL_IN || burst != BURST_INCR || len <= page_left(addr, size)));
    endfunction

    // step: the bytes of a nominal sub-burst, kept to the page offset (STAGE_INPUT: registered with the request)
    function automatic logic [11:0] nominal_bytes(input logic [7:0] nominal, input logic [2:0] size);
        return 12'(hc_axi_pkg::burst_bytes(nominal, size));
    endfunction
    function automatic split_t split(input logic [ADDR_WIDTH-1:0] addr, input logic [7:0] len,
                                     input logic [2:0] size, input logic [1:0] burst, input logic lock,
                                     input logic [7:0] nominal, input logic [11:0] step);
        split_t     r;
        logic [11:0] within_page_next;
        logic [7:0]  page;
        logic        incr, page_limited;
        incr          = (burst == BURST_INCR);
        page          = page_left(addr[11:0], size);
        page_limited  = !LEGAL_IN && incr && (page <= nominal);
        r.last        = ends(addr[11:0], len, size, burst, lock, nominal);
        r.len         = r.last ? len : (page_limited ? page : nominal);
        r.rem         = page_limited ? (len - page - 8'd1) : (len - nominal - 8'd1);
        // (the alignment mask as a shift of ones, one LUT per bit: `~((1 << size) - 1)` took a carry chain of
        // its own in front of the adder's — issue 17, two chains from "cur" back into it, the critical path
        // at one seed at 4 ports, 121.1 MHz)
        within_page_next  = (addr[11:0] & (12'hFFF << size)) + step;
        r.next_addr   = (burst == BURST_FIXED) ? addr
                      : page_limited ? {addr[ADDR_WIDTH-1:12] + HI'(1), 12'd0}
                      : {addr[ADDR_WIDTH-1:12], within_page_next};
        return r;
    endfunction

    // Source of the next sub-burst: the remainder if there is one, else the incoming request (STAGE_INPUT:
    // always "cur" — an incoming request is first loaded into it unchanged, so the split arithmetic starts
    // from flip-flops and not from the request buffer's output).
    // STAGE_INPUT also keeps the nominal length with the request (cur_nom, taken when it enters "cur"), and
    // a flag prepared as it enters: cur_last_q, "the next sub-burst from cur ends the request" (the split
    // decision of a fresh request, one cycle ahead). READY then comes from flip-flops only: cur empty, or
    // cur's single sub-burst leaving (cur_last_q and the load enable, whose inputs are flops). For a
    // remainder the flag is 0, so the next request enters one cycle after the remainder's last sub-burst
    // left: one idle cycle on the address channel per request that is split (none for requests that are
    // not), which the data channel (every sub-burst is one beat or more) does not notice.
    // NOM_IN: the flag is exact for remainders too — cur_last2_q, "the sub-burst after the next ends it",
    // is prepared beside it (as a request enters: AxLEN <= 2 * nominal + 1; as a remainder is loaded:
    // cur_len <= 3 * nominal + 2, cur_nom3 taken with the request) and becomes the flag as the next
    // sub-burst leaves — so "cur" stays valid exactly while the flag is low, no split result enters READY's
    // flop (issue 17: "cur"'s length -> the split's "last" compare -> cur_valid_n -> READY, critical at
    // one seed of three at 4 ports, 116.1 MHz), and there is no idle address cycle after a split request.
    logic                 cur_last_q;
    logic                 cur_last2_q;   // NOM_IN: the sub-burst after the next from cur ends the request
    logic [9:0]           cur_nom3;      // NOM_IN: 3 * cur_nom + 2, taken with the request
    logic [7:0]           cur_nom;
    logic                 cur_len0_q;    // NOM_IN: cur_len == 0, prepared as "cur" is loaded
    logic                 cur_nom0_q;    // NOM_IN: cur_nom == 0, taken with the request
    logic [7:0]           cur_nom_p1;    // NOM_IN: cur_nom + 1, taken with the request
    logic [11:0]          cur_step;      // STAGE_INPUT: (cur_nom + 1) << cur_size, taken with the request
    wire  [7:0]           nominal   = STAGE_INPUT ? cur_nom : cfg_len;
    wire                  direct    = !STAGE_INPUT && !cur_valid;
    wire                  src_valid = cur_valid || (!STAGE_INPUT && in_valid);
    wire [ID_WIDTH-1:0]   src_id    = direct ? in_id    : cur_id;
    wire [ADDR_WIDTH-1:0] src_addr  = direct ? in_addr  : cur_addr;
    wire [7:0]            src_len   = direct ? in_len   : cur_len;
    wire [2:0]            src_size  = direct ? in_size  : cur_size;
    wire [1:0]            src_burst = direct ? in_burst : cur_burst;
    wire                  src_lock  = direct ? in_lock  : cur_lock;
    // (STAGE_INPUT: the step from its register, so the next address is one adder from flip-flops; issue 17:
    // the nominal length's increment, its shift and the address adder in one cycle were the critical path
    // at one seed at 4 ports)
    wire [11:0]           step      = STAGE_INPUT ? cur_step : nominal_bytes(nominal, src_size);
    wire split_t          sp        = split(src_addr, src_len, src_size, src_burst, src_lock, nominal, step);
    // NOM_IN (so LEGAL_IN: no page limit): the sub-burst's end and length from the prepared flag, one LUT
    // after flops — "cur" ends with this sub-burst, or it is nominal (issue 17: the split's compares and
    // length mux ran into the sub-burst buffer's LUT-RAM, the W tracker's length and the B tracker, 5-6
    // LUT levels at 4 ports)
    wire                  sub_last  = NOM_IN ? cur_last_q : sp.last;
    wire [7:0]            sub_len   = NOM_IN ? (cur_last_q ? cur_len : cur_nom) : sp.len;

    // Sub-bursts leave through a register slice: READY from downstream never reaches `load`.
    localparam int OW = ADDR_WIDTH + 8 + 3 + 2 + 1 + 4 + 3 + 4;
    logic          out_free;
    logic [1:0]    out_room_next;                   // OUT_DEPTH: out_free next cycle without a pop, [1]: with a load now
    logic [OW-1:0] out_data;
    wire  [3:0]    src_cache = direct ? in_cache : cur_cache;
    wire  [2:0]    src_prot  = direct ? in_prot  : cur_prot;
    wire  [3:0]    src_qos   = direct ? in_qos   : cur_qos;
    wire           load      = src_valid && out_free && allow;
    assign want = src_valid && out_free;

    if (OUT_DEPTH > 0) begin : g_out_fifo           // sub-bursts in LUT-RAM; READY, VALID, "more" from flops
        hc_efifo #(.WIDTH(OW), .DEPTH(OUT_DEPTH)) u_out (
            .clk(clk), .rst_n(rst_n),
            .in_data({src_addr, sub_len, src_size, src_burst, src_lock, src_cache, src_prot, src_qos}),
            .in_valid(load), .in_ready(out_free),
            .out_data(out_data), .out_valid(out_valid), .out_ready(out_ready), .out_more(out_more),
            .room_next(out_room_next)
        );
    end else begin : g_out_slice
        hc_reg_slice #(.WIDTH(OW), .REGISTER_READY(REGISTER_READY)) u_out (
            .clk(clk), .rst_n(rst_n),
            .in_data({src_addr, sub_len, src_size, src_burst, src_lock, src_cache, src_prot, src_qos}),
            .in_valid(load), .in_ready(out_free),
            .out_data(out_data), .out_valid(out_valid), .out_ready(out_ready)
        );
        assign out_more = 1'b0;
        assign out_room_next = '0;
    end
    assign {out_addr, out_len, out_size, out_burst, out_lock, out_cache, out_prot, out_qos} = out_data;

    // Accept a new original request when nothing is left over, or while the last sub-burst of the
    // remainder is being issued (the new request then waits in "cur" for its first slot). READY never
    // depends on the incoming request's own payload (no path from in_* to in_ready, which would close a
    // loop through a request buffer's read pointer): without STAGE_INPUT the "last" decision is made from
    // "cur" alone (a second copy of `ends`, not the muxed source's); with it, from the prepared cur_last_q.
    wire   cur_ends = load && ends(cur_addr[11:0], cur_len, cur_size, cur_burst, cur_lock, cfg_len);
    logic  ready_q;                                 // READY_AHEAD: in_ready, prepared a cycle ahead
    assign in_ready = READY_AHEAD ? ready_q
                    : STAGE_INPUT ? (!cur_valid || (load && cur_last_q))
                                  : (cur_valid ? cur_ends : (out_free && allow));

    assign track_push = load;
    assign track_last = sub_last;
    assign track_len  = sub_len;
    // a single beat: the source has one beat left, or the nominal length is one beat and the source is split
    // (everything but WRAP and exclusive; a page-limited piece is then one beat too), or (without LEGAL_IN)
    // a non-exclusive INCR source has one beat left in its page — no split result needed
    // (NOM_IN: the same from flags prepared as "cur" is loaded: the last sub-burst is cur_len's, any other
    // the nominal length)
    assign track_single = NOM_IN ? (cur_last_q ? cur_len0_q : cur_nom0_q)
                          : src_len == 8'd0 || (nominal == 8'd0 && src_burst != BURST_WRAP && !src_lock)
                          || (!LEGAL_IN && src_burst == BURST_INCR && !src_lock && page_left(src_addr[11:0], src_size) == 8'd0);
    assign track_id   = src_id;

    // the next original moves into "cur" whole (STAGE_INPUT: whenever READY is high — see below; otherwise
    // while the last sub-burst of "cur" is issued — the incoming request's first sub-burst, issued directly,
    // already went out when "cur" was empty)
    // STAGE_INPUT: "cur" takes in_* in every cycle in_ready is high, whether a request is offered or not.
    // in_ready means "cur" is free after this cycle, so nothing is overwritten that is still needed, and
    // only cur_valid takes in_valid. The payload registers' load enable is then in_ready — flip-flops and
    // two LUTs — and not the handshake: in_valid comes through the request buffer's LUT-RAM and the
    // guard's flags, and the handshake fanning out to ~60 enables was the critical path at 4 ports
    // (issue 17: cur_valid -> load -> in_ready -> AND in_valid, placed 35 columns away -> back to the
    // enables, 8.1 ns of routing at 99.9 MHz).
    wire take_in = STAGE_INPUT ? in_ready : (cur_valid && sub_last);
    // (STAGE_INPUT) the next state of "cur": its valid flag and its "ends" flag
    wire cur_valid_n = in_ready ? in_valid : load ? !(NOM_IN ? cur_last_q : sub_last) : cur_valid;
    // (NOM_IN: the request's own nominal length and its prepared "fits" flag — LEGAL_IN, so no page limit)
    wire in_ends     = NOM_IN ? (in_burst == BURST_WRAP || in_lock || in_fits[0])
                              : ends(in_addr[11:0], in_len, in_size, in_burst, in_lock, cfg_len);
    wire [7:0] in_nominal = NOM_IN ? in_nom : cfg_len;
    wire cur_last_n  = in_ready ? in_ends : load ? (NOM_IN && cur_last2_q) : cur_last_q;
    // (NOM_IN) the "after the next" flag: a fresh request, or the remainder loaded now, or kept
    // (a fresh request's from its prepared flag in_fits[1], AxLEN <= 2 * nominal + 1: issue 17, the
    // buffered head's length and nominal length -> the 9-bit compare -> cur_last2_q was 7 logic levels)
    wire cur_last2_n = in_ready ? (NOM_IN && in_fits[1])
                     : load     ? 10'(cur_len) <= cur_nom3 : cur_last2_q;
    always_ff @(posedge clk) begin
        if (!rst_n) begin
            cur_valid  <= 1'b0;
            cur_last_q <= 1'b0;
            cur_last2_q <= 1'b0;
            ready_q    <= 1'b1;
        end else if (STAGE_INPUT) begin
            cur_valid  <= cur_valid_n;
            cur_last_q <= cur_last_n;
            cur_last2_q <= NOM_IN && cur_last2_n;
            // READY next cycle: "cur" free then, or its single sub-burst sure to leave then (room without a
            // pop, allow as promised) — the issue's own inputs as they will be, each at most as high
            ready_q    <= !cur_valid_n || (cur_last_n && out_room_next[load] && allow_next[load]);
        end else begin
            if (load) cur_valid <= cur_valid ? (!sub_last || in_valid) : !sub_last;
        end
    end
`ifdef HC_SPLITTER_CHECKS
    // READY_AHEAD: READY never promises what the split cannot do — when it is high, "cur" is free or its
    // last sub-burst leaves in this very cycle. The user's part, `allow` at least as promised by
    // allow_next, is asserted too: the equalizer's proofs assume only its issue gates' promise on its
    // inputs, so its own room flags are checked here; hc_supervisor's bounded proofs drive it with the
    // real reservations.
    if (READY_AHEAD) begin : g_f_ahead
        logic f_allow_next_q, f_past_q;
        always_ff @(posedge clk) begin
            f_past_q       <= rst_n;
            f_allow_next_q <= allow_next[load];
        end
        always_comb if (rst_n && f_past_q) begin
            if (f_allow_next_q) assert (allow);
            if (in_ready) assert (!cur_valid || (load && cur_last_q && sub_last));
        end
    end
    if (NOM_IN) begin : g_f_nom
        always_comb if (rst_n && in_valid)
            assert (in_fits == {9'(in_len) <= {in_nom, 1'b1}, in_len <= in_nom});
        // the prepared flags are the split's: this sub-burst ends the request, or else the one after it
        always_comb if (rst_n && cur_valid) begin
            assert (cur_last_q == sp.last && sub_len == sp.len);
            assert (cur_len0_q == (cur_len == 8'd0) && cur_nom0_q == (cur_nom == 8'd0));
            if (!sub_last) assert (cur_last2_q == (sp.rem <= cur_nom));
            assert (cur_nom3 == 10'(cur_nom) * 10'd3 + 10'd2);
        end
    end
`undef HC_SPLITTER_CHECKS
`endif

    always_ff @(posedge clk) begin
        if (load || (STAGE_INPUT && in_ready)) begin
            // "cur": either the next original whole, or the source's remainder after this sub-burst
            cur_id    <= take_in ? in_id    : src_id;
            cur_addr  <= take_in ? in_addr  : sp.next_addr;
            cur_len   <= take_in ? in_len   : sp.rem;
            // (the remainder len - nominal - 1 is 0 when len == nominal + 1, which is registered: no
            // subtraction in front of the compare)
            cur_len0_q <= take_in ? in_len == 8'd0 : cur_len == cur_nom_p1;
            cur_size  <= take_in ? in_size  : src_size;
            cur_burst <= take_in ? in_burst : src_burst;
            cur_lock  <= take_in ? in_lock  : src_lock;
            cur_cache <= (take_in || !cur_valid) ? in_cache : cur_cache;
            cur_prot  <= (take_in || !cur_valid) ? in_prot  : cur_prot;
            cur_qos   <= (take_in || !cur_valid) ? in_qos   : cur_qos;
        end
        if (STAGE_INPUT && in_ready) begin
            cur_nom  <= in_nominal;
            cur_nom0_q <= in_nominal == 8'd0;
            cur_nom_p1 <= in_nominal + 8'd1;
            // (a shift and an add: written `* 3`, synthesis took a DSP block for it, 3.9 ns at ECP5)
            cur_nom3 <= {1'b0, in_nominal, 1'b0} + 10'(in_nominal) + 10'd2;
            cur_step <= nominal_bytes(in_nominal, in_size);
        end
    end

    /* verilator lint_off UNUSEDSIGNAL */
    wire unused_ok = &{1'b0, cur_nom, cur_step, cur_last_q, ready_q, allow_next, out_room_next, in_nom, in_fits,
                       cfg_len, cur_last2_q, cur_nom3};                     // per parameters
    /* verilator lint_on UNUSEDSIGNAL */
endmodule
