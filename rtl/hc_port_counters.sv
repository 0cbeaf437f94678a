// SPDX-License-Identifier: Apache-2.0
// hc_port_counters — one port's share of the monitoring counters of axi_hyperconnect (paper 001: the
// hypervisor must see what each accelerator does), observing the handshakes at the accelerator-side port.
//
// The counters' values live in the shared counter bank (hc_counter_bank: one LUT-RAM for every port, one
// adder; issue 17). A port keeps only what happened since the bank last took it, in pending sums the
// bank adds in turn:
//   rd_bytes, wr_bytes  bytes requested by accepted AR / AW, (AxLEN + 1) << AxSIZE
//   rd_txn, wr_txn      AR / AW accepted (original, unsplit transactions)
//   stall               cycles in which a request waited at the reservation gate (hc_reservation `stall`)
// `take[k]` (decoded from the bank's flip-flops) says the bank takes sum k this cycle: the sum restarts with this
// cycle's registered event (the previous cycle's handshake). The sums are wide enough for the most cycles between two takes
// (hc_axi_pkg::cnt_gap(PORTS)), so none is lost.
// The read-latency maximum stays here:
//   max_rd_latency      32 bits, saturating: the largest number of cycles from an AR handshake to the
//                       RLAST handshake of that read, over the reads completed since the last clear; a
//                       read that took 2^32 - 1 cycles or more counts as 0xFFFFFFFF
// Read latency uses a FIFO of AR timestamps popped on RLAST: the port's R data comes back in AR order
// (the equalizer answers a port's reads in request order, whatever their IDs), so the head always
// belongs to the completing read. `ar_room` is low while the FIFO has no room for one more stamp (the
// stamps are pushed and popped one cycle after their handshakes, from flip-flops; the flag keeps one
// entry spare for a handshake it does not wait to see); the port then holds AR. A read presented while
// the flag was up and taken after it fell (AXI keeps it presented: the minimum-latency setting) is
// stamped on that spare entry (before, only reads taken with the flag up were: that one had no stamp,
// and MAX_RD_LATENCY missed it). hc_supervisor sizes DEPTH as TRACK_DEPTH + 3 + REQ_DEPTH, one above what
// it was before the spare entry, so this stays rare: reads whose RLAST waits in the response buffer count
// too; it keeps the bookkeeping exact regardless.
// Time base: `now` comes from hc_period (one 33-bit cycle counter for the whole IP) into a register of
// the port's own (`now_q`, a cycle behind; (* keep *), or synthesis merges the ports' copies back into
// one); a stamp is `now_q` at the AR and a read's age `now_q` minus its stamp, so where the count started
// does not matter. (Issue 17: the shared counter fanned out to every port's stamps and age subtraction,
// and at 8 ports the counter -> another port's age -> `lat_q` was the critical path at seed 1, 6.2 ns of
// routing, 109.0 MHz; with the copy only the counter -> the copy crosses the die, one net.)
// Saturation: the ages are 33 bits, exact below 2^33 cycles; an age of 2^32 - 1 or more reads as
// 0xFFFFFFFF (its bit 32 set, or its low 32 bits all ones). Reads outstanding 2^33 cycles or more would
// wrap, so the oldest ones are counted aside: a second FIFO holds the stamps of the reads not yet known
// to be 2^32 cycles old ("young", in age order), its head the LUT-RAM read at a registered pointer
// (issue 17: a head register cost 33 FF and about 35 LUT per port); its age's bit 32 is registered (in halves) each
// cycle, and a head seen old and still the head two cycles later leaves that FIFO and `n_old` counts it.
// Noticing it two or three cycles late costs nothing (2^32 cycles of margin), and a read completing while n_old > 0
// is one of the old ones and counts as 0xFFFFFFFF (the first version wrapped; issue 15; issue 17: no
// 32-bit compare in the cycle the age is reached).
// `clear` empties the pending sums (an event in the cycle before the clear's is not counted, one in the
// clear's own cycle is) and the maximum.
// Latency: none on the data path (observer; ar_room is a registered-state gate). A pending sum shows an
//   event from the second cycle after it (the event is registered first); MAX_RD_LATENCY from the fourth cycle after the RLAST (the handshake is
//   registered before the stamp FIFO, the latency before the comparison, the comparison before the update).
// Parameters: DEPTH (timestamps, >= 2), PORTS (ports sharing the bank, 1..16: sizes the pending sums)
module hc_port_counters #(
    parameter int DEPTH = 18,
    parameter int PORTS = 4
) (
    input  logic          clk,
    input  logic          rst_n,
    input  logic          clear,
    input  logic [32:0]   now,             // the shared cycle count (hc_period)
    input  logic          ar_fire,
    input  logic [7:0]    ar_len,
    input  logic [2:0]    ar_size,
    input  logic          aw_fire,
    input  logic [7:0]    aw_len,
    input  logic [2:0]    aw_size,
    input  logic          r_last_fire,
    input  logic          stall,
    output logic          ar_room,
    input  logic [4:0]    take,            // the bank takes a sum: {stall, wr_txn, rd_txn, wr_bytes, rd_bytes}
    output logic [hc_axi_pkg::cnt_pend_bits(PORTS)-1:0] pend,   // the sums, same order, rd_bytes lowest
    output logic [31:0]   max_rd_latency
);
    initial begin
        if (DEPTH < 2) $fatal(1, "hc_port_counters: DEPTH must be >= 2 (got %0d)", DEPTH);
        if (PORTS < 1 || PORTS > 16) $fatal(1, "hc_port_counters: PORTS must be 1..16 (got %0d)", PORTS);
    end
    localparam int NB = hc_axi_pkg::cnt_bytes_bits(PORTS);
    localparam int NE = hc_axi_pkg::cnt_events_bits(PORTS);

    localparam int CW = $clog2(DEPTH + 1);

    logic [32:0]   ts_head, young_head;
    logic          ts_empty, ts_full, young_valid, young_room, young_more_unused;
    logic [1:0]    young_room_unused;
    logic [CW-1:0] n_old;   // n_old: reads outstanding 2^32 cycles or more

    // The stamp FIFOs see the AR and RLAST handshakes one cycle late, from flip-flops (issue 17: the
    // accelerator-side handshake, gated by the watchdog's trip, ran into the FIFOs' flags and write
    // enables — the critical path at 4 ports). Both events are late by the same cycle, so every age is
    // exact; the room for a stamp counts the push still on its way.
    // Every read taken has its stamp (see ar_room), so an RLAST always finds its read's stamp: the pop is
    // the registered RLAST itself (CHECKED; hc_fifo's simulation assertion reports a pop while empty). It
    // is registered twice ((* keep *): one flop each, which synthesis would merge): r_last_fire_q pops the
    // stamps (their pointers, count and 33-bit head register), done_q steps the old-read count, the young
    // stamps and the latency (issue 17: the stamps' empty flag and RLAST flop -> the pop -> n_old, 46
    // columns from the stamps, was the critical path at two seeds of three at 4 ports, 124.4-129.0 MHz).
    logic ar_fire_q, r_last_fire_q, done_q, room_q;
    logic [CW-1:0] ts_count;
    wire do_push  = ar_fire_q;                        // (every read taken: room_q keeps the spare entry)
    wire do_pop   = r_last_fire_q;
    // room for a stamp after this cycle: the entries then (count + push - pop), plus a handshake that may
    // be taken now — always counted, taken or not (issue 17: the AR handshake, gated by the watchdog's
    // trip far away, ran into room_q: 3 LUT levels and 10 ns of routing), and a pop next cycle is not
    // (cautious by up to two; DEPTH has the margin) — below DEPTH. Each outcome is compared with the
    // count flops in parallel (constant thresholds, no adder), and the registered handshakes select.
    wire       lt0 = ts_count < CW'(DEPTH);                       // count + 0 < DEPTH
    wire       lt1 = ts_count < CW'(DEPTH - 1);                   // count + 1 < DEPTH
    wire       lt2 = ts_count < CW'(DEPTH - 2);                   // count + 2 < DEPTH
    // entries coming: last cycle's stamp (do_push) and the AR assumed now; a pop takes one off
    wire       room_next = do_pop ? (do_push ? lt1 : lt0) : (do_push ? lt2 : lt1);
    always_ff @(posedge clk) begin
        if (!rst_n) begin
            ar_fire_q <= 1'b0; r_last_fire_q <= 1'b0; room_q <= 1'b0;
        end else begin
            ar_fire_q     <= ar_fire;       // (every read taken is stamped, also one taken with ar_room low)
            r_last_fire_q <= r_last_fire;
            room_q        <= room_next;
        end
    end
    (* keep *) always_ff @(posedge clk) begin
        if (!rst_n) done_q <= 1'b0;
        else        done_q <= r_last_fire;
    end
    // the young head's age, its bit 32 from two cycles ago (old_q); the head is marked old when it was old
    // then and is still the head (not taken in either of the two cycles since) — unless it completes in
    // this very cycle. The 33-bit subtraction is cut at bit 16 and registered in pieces, each a 16/17-bit
    // chain: the borrow out of the low half, and the high half's bit 16 for either borrow (now_hi - head_hi,
    // and that minus one, as now_hi + ~head_hi); the next cycle selects between them into old_q (issue 17:
    // the LUT-RAM read at the read pointer and the 33-bit chain into the old flag was the critical path at
    // one seed of three at 4 ports, 122.8 MHz). Noticing it a cycle later costs nothing (see above).
    logic lo_borrow_q, hi_b0_q, hi_b1_q, young_valid_q, old_q, same_q, same2_q;
    (* keep *) logic [32:0] now_q;                  // the port's copy of the time base (see the header)
    always_ff @(posedge clk) begin
        if (!rst_n) now_q <= '0;
        else        now_q <= now;
    end
    wire [16:0] hi_b0 = now_q[32:16] - young_head[32:16];
    wire [16:0] hi_b1 = now_q[32:16] + ~young_head[32:16];
    wire young_done = done_q && n_old == '0;          // the completing read is the young head
    wire mark       = old_q && same_q && same2_q && !young_done;
    wire young_pop  = mark || young_done;
    always_ff @(posedge clk) begin
        if (!rst_n) begin
            lo_borrow_q <= 1'b0; hi_b0_q <= 1'b0; hi_b1_q <= 1'b0; young_valid_q <= 1'b0;
            old_q <= 1'b0; same_q <= 1'b0; same2_q <= 1'b0;
        end else begin
            lo_borrow_q   <= now_q[15:0] < young_head[15:0];
            hi_b0_q       <= hi_b0[16];
            hi_b1_q       <= hi_b1[16];
            young_valid_q <= young_valid;
            old_q         <= young_valid_q && (lo_borrow_q ? hi_b1_q : hi_b0_q);
            same_q        <= young_valid && !young_pop;
            same2_q       <= same_q;
        end
    end
    // (the young stamps are a subset of all stamps, so young_room holds whenever the stamps have room;
    // both flops)
    assign ar_room = room_q && young_room;

    // (CHECKED: pushes only with room and pops only of a stamp that is there, so the late completion
    // does not gate the write enables; HEAD_REG: the oldest stamp from flip-flops, so the age's
    // subtraction starts at flops — issue 17: the LUT-RAM read at the read pointer, the 33-bit
    // subtraction and the saturation mux into lat_q were the critical path at one seed at 4 ports)
    hc_fifo #(.WIDTH(33), .DEPTH(DEPTH), .CHECKED(1'b1), .HEAD_REG(1'b1)) u_stamps (
        .clk, .rst_n, .push(do_push), .push_data(now_q), .pop(do_pop),
        .head(ts_head), .empty(ts_empty), .full(ts_full), .count(ts_count)
    );
    hc_efifo #(.WIDTH(33), .DEPTH(DEPTH)) u_young (
        .clk, .rst_n, .in_data(now_q), .in_valid(do_push), .in_ready(young_room),
        .out_data(young_head), .out_valid(young_valid), .out_ready(young_pop), .out_more(young_more_unused),
        .room_next(young_room_unused)
    );
    always_ff @(posedge clk) begin
        if (!rst_n) n_old <= '0;
        else        n_old <= n_old + CW'(mark) - CW'(done_q && n_old != '0);
    end

    wire [32:0] age     = now_q - ts_head;
    wire [31:0] latency = (n_old != '0 || age[32]) ? '1 : age[31:0];   // (2^32 - 1 itself is all ones)

    // a completed read's latency is registered, and compared with the maximum the next cycle (a FIFO read,
    // a subtraction and a comparison are one carry chain each; MAX_RD_LATENCY follows two cycles later,
    // below)
    logic        lat_valid;
    logic [31:0] lat_q;
    always_ff @(posedge clk) begin
        if (!rst_n || clear) begin
            lat_valid <= 1'b0; lat_q <= '0;
        end else begin
            lat_valid <= done_q; lat_q <= latency;
        end
    end

    // the events, registered (issue 17: the accelerator-side handshake enabled the pending sums, which
    // sit by the counter bank, so its LUT was placed between the request buffer and the bank and the
    // path trip -> READY -> handshake -> the buffer's count crossed the die). The sums see each event a
    // cycle late; every event is still counted once.
    // (the byte count of a request is registered, not its AxLEN and AxSIZE: issue 17, the increment, the
    // shift and the pending sum's adder in one cycle were the critical path at one seed at 4 ports; the
    // request's fields are the accelerator's own, so the increment and shift sit before the register)
    logic        ev_ar, ev_aw, ev_stall;
    logic [15:0] ev_ar_bytes, ev_aw_bytes;
    always_ff @(posedge clk) begin
        if (!rst_n) begin
            {ev_ar, ev_aw, ev_stall} <= 3'b000;
            {ev_ar_bytes, ev_aw_bytes} <= '0;
        end else begin
            {ev_ar, ev_aw, ev_stall} <= {ar_fire, aw_fire, stall};
            ev_ar_bytes <= hc_axi_pkg::burst_bytes(ar_len, ar_size);
            ev_aw_bytes <= hc_axi_pkg::burst_bytes(aw_len, aw_size);
        end
    end

    // pending sums: restart with this cycle's event when taken, else accumulate. The event only enables
    // the flops or, taken without an event, empties them: it never enters an adder (issue 17: as the
    // adder's operand it ran through the 22-bit carry chain, the critical path at 4 ports, 77.4 and 84.3
    // MHz at two seeds).
    logic [NB-1:0] p_rd_bytes, p_wr_bytes;
    logic [NE-1:0] p_rd_txn, p_wr_txn, p_stall;
    assign pend = {p_stall, p_wr_txn, p_rd_txn, p_wr_bytes, p_rd_bytes};

    always_ff @(posedge clk) begin
        if (!rst_n || clear)  p_rd_bytes <= '0;
        else if (ev_ar)       p_rd_bytes <= (take[0] ? '0 : p_rd_bytes) + NB'(ev_ar_bytes);
        else if (take[0])     p_rd_bytes <= '0;
    end
    always_ff @(posedge clk) begin
        if (!rst_n || clear)  p_wr_bytes <= '0;
        else if (ev_aw)       p_wr_bytes <= (take[1] ? '0 : p_wr_bytes) + NB'(ev_aw_bytes);
        else if (take[1])     p_wr_bytes <= '0;
    end
    always_ff @(posedge clk) begin
        if (!rst_n || clear)  p_rd_txn <= '0;
        else if (ev_ar)       p_rd_txn <= (take[2] ? '0 : p_rd_txn) + NE'(1);
        else if (take[2])     p_rd_txn <= '0;
    end
    always_ff @(posedge clk) begin
        if (!rst_n || clear)  p_wr_txn <= '0;
        else if (ev_aw)       p_wr_txn <= (take[3] ? '0 : p_wr_txn) + NE'(1);
        else if (take[3])     p_wr_txn <= '0;
    end
    always_ff @(posedge clk) begin
        if (!rst_n || clear)  p_stall <= '0;
        else if (ev_stall)    p_stall <= (take[4] ? '0 : p_stall) + NE'(1);
        else if (take[4])     p_stall <= '0;
    end
    // the maximum: a latency is compared with the maximum and with the latency before it, each compare in
    // two 16-bit halves, registered; it is taken a cycle later if above the maximum and, when that one
    // before was taken in the cycle between, above it too — so above the maximum as it is then (issue 17:
    // the 32-bit compare into the maximum's enable, 6 LUT levels, was the deepest path of the port's
    // counters). A latency still in the compare stage at a clear is dropped, as one registered in lat_q is.
    typedef struct packed {
        logic hi_gt, hi_eq, lo_gt;                  // a > b from the halves: hi_gt || (hi_eq && lo_gt)
    } cmp_t;
    function automatic cmp_t compare(input logic [31:0] a, input logic [31:0] b);
        return '{hi_gt: a[31:16] > b[31:16], hi_eq: a[31:16] == b[31:16], lo_gt: a[15:0] > b[15:0]};
    endfunction
    function automatic logic above(input cmp_t c);
        return c.hi_gt || (c.hi_eq && c.lo_gt);
    endfunction
    logic        cmp_valid, took_q;
    cmp_t        gt_max_q, gt_prev_q;
    logic [31:0] cmp_lat;
    wire         take_max = cmp_valid && above(gt_max_q) && (above(gt_prev_q) || !took_q);
    always_ff @(posedge clk) begin
        if (!rst_n || clear) begin
            cmp_valid <= 1'b0; gt_max_q <= '0; gt_prev_q <= '0; took_q <= 1'b0; cmp_lat <= '0;
            max_rd_latency <= '0;
        end else begin
            cmp_valid <= lat_valid;
            cmp_lat   <= lat_q;
            gt_max_q  <= compare(lat_q, max_rd_latency);
            gt_prev_q <= compare(lat_q, cmp_lat);
            took_q    <= take_max;
            if (take_max) max_rd_latency <= cmp_lat;
        end
    end

    /* verilator lint_off UNUSEDSIGNAL */
    wire unused_ok = &{1'b0, young_more_unused, ts_full, ts_empty, hi_b0[15:0], hi_b1[15:0]};
    /* verilator lint_on UNUSEDSIGNAL */
endmodule
