// SPDX-License-Identifier: Apache-2.0
// hc_w_tracker — the write bursts of one port whose data is still owed, oldest first, with the current
// burst's position held in flip-flops (issue 17: the W decision of a port starts at flops, not at a
// FIFO read, a beat counter and a length compare). The watchdog (WLAST check and insertion at the
// accelerator side) and the equalizer (WLAST of each sub-burst) each follow their bursts with one.
//
//   valid  a burst is current (its AW was pushed, its last beat has not passed)      — flip-flop (*)
//   last   the next beat of the current burst is its last                            — flip-flop (*)
//   (*) BEAT_REG: one LUT after flip-flops, see below
//   full   no further burst can be pushed                                            — flip-flop
//
// A burst leaves with its last beat; the next one (waiting, or pushed in that very cycle) becomes current
// in the same edge, so back-to-back bursts pass one beat per cycle. The late input `beat` only selects
// among next states prepared in parallel (next length, the decrement, the "single beat" flags). Whether a
// pushed burst is a single beat comes from the user (push_single), who can often tell it earlier than from
// the length (the equalizer: from its registered request and nominal length, not the split result), so a
// burst pushed into an empty tracker never waits for a length compare; a waiting one is compared as it
// is read from the FIFO — its "single" flag stored beside its length, so neither needs a compare there
// (a "two beats" flag for `last` after a beat, compared as a burst is pushed, was tried without HEAD_REG:
// on the equalizer's split result of the time it made that path deeper, 7.6 LUT levels, than the one it
// shortened; with HEAD_REG it is stored beside the "single" flag, see below). The
// FIFO's LUT-RAM is written whenever it has room (hc_fifo), so the late beat never reaches its write
// enable, only its pointers.
// BEAT_REG: the tracker registers `beat` and steps its state with it a cycle later; `valid` and `last`
// are then that state with the registered beat applied (one LUT after flops: the beat's own flop, the
// current burst's flags, the FIFO's empty flag and the head's "single" flag). The late handshake then
// ends at one flip-flop instead of running on into the FIFO's pointers (issue 17: in the equalizer the
// W handshake is formed beside the write-data buffer by the crossbar, 40-50 columns from the tracker,
// and the way back into the pop logic was the critical path at 4 ports). Same `valid` and `last` at the
// outputs: a burst pushed while the current one's last beat is still to be stepped waits in the FIFO
// and is current from the cycle after that beat, as a direct push would be. The finished burst keeps
// its slot for that cycle, so `full` falls a cycle later than without BEAT_REG.
// HEAD_REG (with BEAT_REG): the oldest waiting burst's "single" and "two beats" flags in flip-flops (hc_fifo
// HEAD_REG, two bits: + 2 FF and a second two-bit LUT-RAM read port), and "two beats left" (left == 1) kept
// in a flip-flop beside `left`, so `last` is one LUT after flops with no LUT-RAM read and no compare in front
// (issue 17: in the watchdog the head's LUT-RAM read -> `last` -> WLAST into the W register's data was
// the critical path at 4 ports once BEAT_REG had cut the handshake).
// Latency (cycles): push -> valid 1. Throughput: one beat per cycle, across burst boundaries.
// Parameters: DEPTH (bursts held including the current one, 2..256), BEAT_REG (default 0, see above),
//   HEAD_REG (default 0, see above; only with BEAT_REG).
// Assumes: push only while !full (not checked in hardware: a push while full corrupts the FIFO behind, whose
//   simulation assertion reports it; the watchdog and the equalizer never do); beat
//   only while valid (ignored otherwise; BEAT_REG: not ignored — a beat while !valid would step a burst
//   pushed meanwhile, so the user must gate it, as the equalizer's W handshake does); push_single == (push_len == 0) (a simulation assertion checks it).
module hc_w_tracker #(
    parameter int DEPTH = 16,
    parameter bit BEAT_REG = 1'b0,
    parameter bit HEAD_REG = 1'b0
) (
    input  logic       clk,
    input  logic       rst_n,
    input  logic       push,
    input  logic [7:0] push_len,     // AxLEN of the burst (beats - 1)
    input  logic       push_single,  // push_len == 0
    output logic       full,
    input  logic       beat,         // a beat of the current burst passed
    output logic       valid,
    output logic       last
);
    initial begin
        if (DEPTH < 2 || DEPTH > 256) $fatal(1, "hc_w_tracker: DEPTH must be 2..256 (got %0d)", DEPTH);
        if (HEAD_REG && !BEAT_REG) $fatal(1, "hc_w_tracker: HEAD_REG needs BEAT_REG");
    end

    localparam int CW = $clog2(DEPTH);               // count of the waiting FIFO (DEPTH - 1 entries)
    logic [7:0] left;                                // beats after the next one of the current burst
    logic [7:0] q_head;
    logic       q_head_single;                       // q_head == 0, stored beside it (no compare at the read)
    logic       q_head_two;                          // q_head == 1, likewise (HEAD_REG: for cur_two)
    logic       q_empty, q_full;
    logic [CW-1:0] q_count_unused;
    logic       cur_valid, cur_last;                 // the current burst, stepped by `step`
    logic       cur_two;                             // left == 1: two beats of the current burst to go
    logic       step;                                // the beat the state is stepped with

    if (BEAT_REG) begin : g_beat_reg
        logic beat_q;
        always_ff @(posedge clk) beat_q <= rst_n && beat;
`ifdef FORMAL
        always_comb if (rst_n && beat_q) assert (cur_valid);   // a beat is taken only while valid
`endif
        assign step  = beat_q;
        // the registered beat applied: the last beat of the current burst makes the oldest waiting one
        // current (a burst pushed in that beat's cycle is in the FIFO: the slot was not free then)
        assign valid = cur_valid && !(beat_q && cur_last && q_empty);
        // (HEAD_REG: "two beats left" from its flop; without it the compare, as before: in the equalizer
        // cur_two's own input would be a compare on the split result, the deeper path noted above)
        assign last  = !beat_q ? cur_last : cur_last ? q_head_single : (HEAD_REG ? cur_two : left == 8'd1);
    end else begin : g_beat_now
        assign step  = beat;
        assign valid = cur_valid;
        assign last  = cur_last;
    end

    wire        done     = !cur_valid || (step && cur_last); // the current slot is free at the next edge
    wire        take_q   = done && !q_empty;         // the oldest waiting burst becomes current
    wire        direct   = done && q_empty && push;  // nothing waits: the pushed burst becomes current
    wire  [7:0] next_len = q_empty ? push_len : q_head;

    // (CHECKED: the pop is taken only when a burst waits and the user pushes only while !full, so neither
    // late handshake gates the FIFO's pointers)
    // (the "single" flag in bit 0 and the "two beats" flag in bit 1: with HEAD_REG only they are held in
    // flops, so neither the length's LUT-RAM read nor a compare is in front of cur_two — issue 17: the
    // read -> the next length -> its compare -> cur_two was 6 LUT levels in the watchdog at 4 ports)
    hc_fifo #(.WIDTH(10), .DEPTH(DEPTH - 1), .CHECKED(1'b1), .HEAD_REG(HEAD_REG), .HEAD_BITS(2)) u_wait (
        .clk, .rst_n, .push(push && !direct), .push_data({push_len, push_len == 8'd1, push_single}), .pop(take_q),
        .head({q_head, q_head_two, q_head_single}), .empty(q_empty), .full(q_full), .count(q_count_unused)
    );
    assign full = q_full;

    always_ff @(posedge clk) begin
        if (!rst_n) begin
            cur_valid <= 1'b0; cur_last <= 1'b0; cur_two <= 1'b0; left <= '0;
        end else if (done) begin
            cur_valid <= !q_empty || push;
            left      <= next_len;
            cur_last  <= q_empty ? push_single : q_head_single;
            cur_two   <= HEAD_REG ? (q_empty ? push_len == 8'd1 : q_head_two) : next_len == 8'd1;
        end else if (step) begin
            left      <= left - 8'd1;
            cur_last  <= left == 8'd1;
            cur_two   <= left == 8'd2;
        end
    end

    /* verilator lint_off UNUSEDSIGNAL */
    wire unused_ok = &{1'b0, q_count_unused};
    /* verilator lint_on UNUSEDSIGNAL */

`ifndef SYNTHESIS
    always_ff @(posedge clk)
        if (rst_n && push && push_single != (push_len == 8'd0))
            $error("hc_w_tracker: push_single %0d with push_len %0d", push_single, push_len);
    always_ff @(posedge clk)
        if (BEAT_REG && rst_n && beat && !valid) $error("hc_w_tracker: a beat while no burst is current");
`endif
`ifdef FORMAL
    // invariants for the proofs of the modules that use it
    always_comb if (rst_n) begin
        if (cur_valid) assert (cur_last == (left == 8'd0) && cur_two == (left == 8'd1));
        if (!cur_valid) assert (q_empty);
        if (push) assert (push_single == (push_len == 8'd0));   // (the user's part: holds by construction)
    end
    // every waiting burst's "single" flag matches its length (for k-induction: stored entries are free
    // state; slots outside the occupied range hold whatever was on push_data)
    for (genvar i = 0; i < DEPTH - 1; i++) begin : g_f_single
        wire f_used = (32'(i) + (DEPTH - 1) - 32'(u_wait.rd_ptr)) % (DEPTH - 1) < 32'(q_count_unused);
        if (HEAD_REG) begin : g_split              // (the flags' RAM and the length's are separate arrays)
            always_comb if (rst_n && f_used)
                assert (u_wait.mem[i][0] == (u_wait.g_head_reg.g_part.mem_hi[i] == 8'd0)
                        && u_wait.mem[i][1] == (u_wait.g_head_reg.g_part.mem_hi[i] == 8'd1));
        end else begin : g_one
            always_comb if (rst_n && f_used)
                assert (u_wait.mem[i][0] == (u_wait.mem[i][9:2] == 8'd0) && u_wait.mem[i][1] == (u_wait.mem[i][9:2] == 8'd1));
        end
    end
`endif
endmodule
