// hc_w_tracker — the write bursts of one port whose data is still owed, oldest first, with the current
// burst's position held in flip-flops (issue 17: the W decision of a port starts at flops, not at a
// FIFO read, a beat counter and a length compare). The watchdog (WLAST check and insertion at the
// accelerator side) and the equalizer (WLAST of each sub-burst) each follow their bursts with one.
//
//   valid  a burst is current (its AW was pushed, its last beat has not passed)      — flip-flop
//   last   the next beat of the current burst is its last                            — flip-flop
//   full   no further burst can be pushed                                            — flip-flop
//
// A burst leaves with its last beat; the next one (waiting, or pushed in that very cycle) becomes current
// in the same edge, so back-to-back bursts pass one beat per cycle. The late input `beat` only selects
// among next states prepared in parallel (next length, the decrement, the "single beat" flags). Whether a
// pushed burst is a single beat comes from the user (push_single), who can often tell it earlier than from
// the length (the equalizer: from its registered request and nominal length, not the split result), so a
// burst pushed into an empty tracker never waits for a length compare; a waiting one is compared as it
// is read from the FIFO — its "single" flag stored beside its length, so neither needs a compare there
// (a "two beats" flag for `last` after a beat was tried: its compare on the equalizer's split result
// made that path deeper, 7.6 LUT levels, than the one it shortened). The
// FIFO's LUT-RAM is written whenever it has room (hc_fifo), so the late beat never reaches its write
// enable, only its pointers.
// Latency (cycles): push -> valid 1. Throughput: one beat per cycle, across burst boundaries.
// Parameters: DEPTH (bursts held including the current one, 2..256).
// Assumes: push only while !full (not checked in hardware: a push while full corrupts the FIFO behind, whose
//   simulation assertion reports it; the watchdog and the equalizer never do); beat
//   only while valid (ignored otherwise); push_single == (push_len == 0) (a simulation assertion checks it).
module hc_w_tracker #(
    parameter int DEPTH = 16
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
    end

    localparam int CW = $clog2(DEPTH);               // count of the waiting FIFO (DEPTH - 1 entries)
    logic [7:0] left;                                // beats after the next one of the current burst
    logic [7:0] q_head;
    logic       q_head_single;                       // q_head == 0, stored beside it (no compare at the read)
    logic       q_empty, q_full;
    logic [CW-1:0] q_count_unused;

    wire        done     = !valid || (beat && last); // the current slot is free at the next edge
    wire        take_q   = done && !q_empty;         // the oldest waiting burst becomes current
    wire        direct   = done && q_empty && push;  // nothing waits: the pushed burst becomes current
    wire  [7:0] next_len = q_empty ? push_len : q_head;

    // (CHECKED: the pop is taken only when a burst waits and the user pushes only while !full, so neither
    // late handshake gates the FIFO's pointers)
    hc_fifo #(.WIDTH(9), .DEPTH(DEPTH - 1), .CHECKED(1'b1)) u_wait (
        .clk, .rst_n, .push(push && !direct), .push_data({push_single, push_len}), .pop(take_q),
        .head({q_head_single, q_head}), .empty(q_empty), .full(q_full), .count(q_count_unused)
    );
    assign full = q_full;

    always_ff @(posedge clk) begin
        if (!rst_n) begin
            valid <= 1'b0; last <= 1'b0; left <= '0;
        end else if (done) begin
            valid <= !q_empty || push;
            left  <= next_len;
            last  <= q_empty ? push_single : q_head_single;
        end else if (beat) begin
            left  <= left - 8'd1;
            last  <= left == 8'd1;
        end
    end

    /* verilator lint_off UNUSEDSIGNAL */
    wire unused_ok = &{1'b0, q_count_unused};
    /* verilator lint_on UNUSEDSIGNAL */

`ifndef SYNTHESIS
    always_ff @(posedge clk)
        if (rst_n && push && push_single != (push_len == 8'd0))
            $error("hc_w_tracker: push_single %0d with push_len %0d", push_single, push_len);
`endif
`ifdef FORMAL
    // invariants for the proofs of the modules that use it
    always_comb if (rst_n) begin
        if (valid) assert (last == (left == 8'd0));
        if (!valid) assert (q_empty);
        if (push) assert (push_single == (push_len == 8'd0));   // (the user's part: holds by construction)
    end
    // every waiting burst's "single" flag matches its length (for k-induction: stored entries are free
    // state; slots outside the occupied range hold whatever was on push_data)
    for (genvar i = 0; i < DEPTH - 1; i++) begin : g_f_single
        wire f_used = (32'(i) + (DEPTH - 1) - 32'(u_wait.rd_ptr)) % (DEPTH - 1) < 32'(q_count_unused);
        always_comb if (rst_n && f_used) assert (u_wait.mem[i][8] == (u_wait.mem[i][7:0] == 8'd0));
    end
`endif
endmodule
