// SPDX-License-Identifier: Apache-2.0
// hc_efifo — request buffer for one valid/ready channel (paper 001's eFIFO): DEPTH entries in LUT-RAM,
// in_ready and out_valid from flip-flops, out_data read from the RAM at the registered read pointer
// (OUT_REG: a head register holds the first entry, DEPTH - 1 in LUT-RAM behind it, out_data from flops).
//
// Why: it cuts a chain of combinational stages in both directions at the cost of pointers and a few
// LUT-RAM cells rather than a register per payload bit (a 2-entry skid buffer of a 61-bit AR request
// is 122 flip-flops; this is 8 flip-flops and the RAM). In axi_hyperconnect each port has one per
// address channel at the accelerator boundary (READY towards the accelerator from its flip-flop) and one
// per response channel between the guard and the decoupler (the memory side's R/B chain ends in it).
// Latency (cycles, in_valid -> out_valid, empty buffer): 1 (0 with FALL_THROUGH). Throughput: one transfer per cycle (push
//   and pop in the same cycle at any fill level).
// out_more (a flip-flop): two or more entries are held, so after a pop the next head is already there —
//   a consumer that decides a cycle ahead (axi_exbar's registered choice) may take again at once.
// room_next: in_ready of the next cycle if nothing is popped now — [1] if this cycle pushes, [0] if not —
//   for a producer that decides a cycle ahead (axi_exbar's registered AW choice and its W route); a pop
//   only adds room, so leaving it out is cautious. Both are flip-flops ([1] prepared for each push/pop
//   outcome as in_ready is; issue 17: its compare on the count sat in the crossbar's AW choice loop).
// OUT_REG 1: the head is a register in front of the RAM (DEPTH - 1 entries), so out_data comes from
//   flip-flops rather than a LUT-RAM read: a request entering an empty buffer goes straight into it, the
//   next one is loaded from the RAM as the head leaves. Same latency and throughput; + WIDTH flip-flops.
//   (axi_exbar's W route: the current burst's port is a flip-flop vector.)
// FALL_THROUGH 1 (with OUT_REG 0): latency 0 — an entry that finds the buffer empty is presented at once
//   (out_data = in_data) and stored only if the consumer does not take it in that cycle. in_ready stays a
//   flip-flop, so what the producer handed over is kept: out_valid, once high, holds and out_data stays
//   until taken, even if the producer then drops in_valid (it already had its handshake). The price is a
//   combinational path from the producer to the consumer (in_valid/in_data -> out_valid/out_data, and
//   out_ready -> the write enable). out_more and room_next count the stored entries only.
// HEAD_FLOPS n > 0 (with OUT_REG 0): the low n bits of out_data from a register (hc_fifo HEAD_REG with
//   HEAD_BITS n), the rest the LUT-RAM read — for a consumer whose decisions use only those bits (the
//   W buffer: WLAST from a flop for the crossbar's routing, WDATA/WSTRB straight to the memory port).
//   Same latency and throughput; + n flip-flops instead of OUT_REG's WIDTH.
// LATE_BITS n (with HEAD_FLOPS > n): the low n bits of in_data are taken a cycle after the push, from a
//   register (hc_fifo LATE_BITS) — into the LUT-RAM, and into the head when it was loaded from the input —
//   so the producer's logic in front of them ends at a flop the placer can put beside that logic, and the
//   head's late bits are a 2:1 mux of flops. Same latency and throughput.
// Parameters: WIDTH (payload bits, >= 1), DEPTH (entries, 2..1024), OUT_REG (0 or 1, default 0),
//   FALL_THROUGH (0 or 1, default 0; only with OUT_REG 0), HEAD_FLOPS (0..WIDTH, default 0; only with
//   OUT_REG 0 and FALL_THROUGH 0: a fall-through entry's bits come from in_data, not a register),
//   LATE_BITS (0..HEAD_FLOPS - 1, default 0).
// Assumes: AXI handshake rules on both sides (VALID held until READY; the payload stable meanwhile).
module hc_efifo #(
    parameter int WIDTH = 8,
    parameter int DEPTH = 4,
    parameter bit OUT_REG = 1'b0,
    parameter bit FALL_THROUGH = 1'b0,
    parameter int HEAD_FLOPS = 0,
    parameter int LATE_BITS = 0,
    localparam int CW = $clog2(DEPTH + 1)
) (
    input  logic             clk,
    input  logic             rst_n,
    input  logic [WIDTH-1:0] in_data,
    input  logic             in_valid,
    output logic             in_ready,
    output logic [WIDTH-1:0] out_data,
    output logic             out_valid,
    input  logic             out_ready,
    output logic             out_more,     // two or more entries: after a pop the next head is there
    output logic [1:0]       room_next     // in_ready next cycle without a pop: [1] with a push now, [0] without
);
    initial begin
        if (WIDTH < 1) $fatal(1, "hc_efifo: WIDTH must be >= 1 (got %0d)", WIDTH);
        if (DEPTH < 2 || DEPTH > 1024) $fatal(1, "hc_efifo: DEPTH must be 2..1024 (got %0d)", DEPTH);
        if (FALL_THROUGH && OUT_REG) $fatal(1, "hc_efifo: FALL_THROUGH needs OUT_REG 0");
        if (HEAD_FLOPS < 0 || HEAD_FLOPS > WIDTH || (HEAD_FLOPS > 0 && (OUT_REG || FALL_THROUGH)))
            $fatal(1, "hc_efifo: HEAD_FLOPS must be 0..WIDTH (%0d), and 0 with OUT_REG or FALL_THROUGH (got %0d)",
                   WIDTH, HEAD_FLOPS);
        if (LATE_BITS < 0 || (LATE_BITS > 0 && LATE_BITS >= HEAD_FLOPS))
            $fatal(1, "hc_efifo: LATE_BITS must be 0..HEAD_FLOPS - 1 (got %0d with HEAD_FLOPS %0d)", LATE_BITS, HEAD_FLOPS);
    end

    wire take = in_valid && in_ready;               // the producer's handshake

    if (!OUT_REG) begin : g_ram_head
        // storage, pointers and fill level: hc_fifo (its head is the LUT-RAM read at the registered read
        // pointer; VALID is its registered 'not empty'); this module adds READY and 'more' as flip-flops,
        // prepared from the fill level
        logic [CW-1:0]    count;
        logic             empty, full_unused;
        logic [WIDTH-1:0] head;
        // FALL_THROUGH: an entry taken while the buffer is empty is presented at once, and stored only if
        // it is not consumed in the same cycle
        wire pass = FALL_THROUGH && empty;
        wire push = take && !(pass && out_ready);
        wire pop  = !empty && out_ready;
        assign out_valid = !empty || (pass && take);
        assign out_data  = pass ? in_data : head;
        logic room2;                                 // count < DEPTH - 1, a flop (room_next[1])
        assign room_next = {room2, in_ready};

        localparam int FHB = HEAD_FLOPS > 0 ? HEAD_FLOPS : WIDTH;   // (hc_fifo's head bits)
        hc_fifo #(.WIDTH(WIDTH), .DEPTH(DEPTH), .CHECKED(1'b1), .HEAD_REG(HEAD_FLOPS > 0),
                  .HEAD_BITS(FHB), .LATE_BITS(LATE_BITS)) u_fifo (
            .clk, .rst_n, .push, .push_data(in_data), .pop, .head, .empty,
            .full(full_unused), .count
        );

        always_ff @(posedge clk) begin
            if (!rst_n) begin
                in_ready <= 1'b0;
                out_more <= 1'b0;
                room2    <= 1'b1;                    // (empty: as the count gives it)
            end else begin
                // the flags for each push/pop outcome are compared from the count in parallel; the late
                // handshakes only select
                case ({push, pop})
                    // (room2: count + 2 < DEPTH, count < DEPTH, count + 1 < DEPTH as equality compares —
                    // the count moves by one, and an adder's carry chain here was the critical path)
                    2'b10:   begin
                        in_ready <= count != CW'(DEPTH - 1); out_more <= count >= CW'(1);
                        room2 <= count != CW'(DEPTH - 2) && count != CW'(DEPTH - 1) && count != CW'(DEPTH);
                    end
                    2'b01:   begin in_ready <= 1'b1; out_more <= count >= CW'(3); room2 <= count != CW'(DEPTH); end
                    default: begin
                        in_ready <= count != CW'(DEPTH);       // (also the first cycle out of reset)
                        out_more <= count >= CW'(2);
                        room2    <= count != CW'(DEPTH - 1) && count != CW'(DEPTH);
                    end
                endcase
            end
        end

        /* verilator lint_off UNUSEDSIGNAL */
        wire unused_ok = &{1'b0, full_unused};
        /* verilator lint_on UNUSEDSIGNAL */
`ifdef FORMAL
        // invariants for the proofs of the modules that use it: flags agree with the fill level
        always_comb if (rst_n) begin
            if (!FALL_THROUGH) assert (out_valid == (count != '0));
            assert (out_more == (count >= CW'(2)));
            assert (room2 == (32'(count) + 1 < DEPTH));
            if (in_ready) assert (count != CW'(DEPTH));   // (READY is low in the first cycle out of reset)
        end
`endif
    end else begin : g_reg_head
        // the head register and DEPTH - 1 entries of LUT-RAM behind it
        localparam int RD = DEPTH - 1;
        localparam int RCW = $clog2(RD + 1);
        logic [RCW-1:0]   count;                     // entries in the RAM
        logic             empty, full_unused;
        logic [WIDTH-1:0] ram_head;
        logic             head_valid;
        wire push      = take;
        wire pop       = out_valid && out_ready;
        wire head_free = !head_valid || pop;            // the head register may load this cycle
        wire direct    = push && head_free && empty;    // into the head register straight away
        wire ram_push  = push && !direct;
        wire ram_pop   = head_free && !empty;
        assign out_valid = head_valid;
        // (a push into an empty buffer goes to the head register; the RAM is empty whenever the head is)
        logic room2;                                 // !head_valid || count < RD - 1, a flop (room_next[1])
        assign room_next = {room2, in_ready};

        // (CHECKED: in_ready means room in the RAM, and the RAM is popped only when not empty)
        hc_fifo #(.WIDTH(WIDTH), .DEPTH(RD), .CHECKED(1'b1)) u_fifo (
            .clk, .rst_n, .push(ram_push), .push_data(in_data), .pop(ram_pop), .head(ram_head), .empty,
            .full(full_unused), .count
        );

        always_ff @(posedge clk) begin                   // (reset: no unknown head, also when flattened
            if (!rst_n)      out_data <= '0;             //  into a control module)
            else if (ram_pop) out_data <= ram_head;
            else if (direct) out_data <= in_data;
        end
        // the flags after this cycle for each outcome of the late handshakes (push, pop), every one from
        // flip-flops in parallel; push and pop only select (issue 17: the crossbar's W route pops on the
        // memory side's WLAST handshake, so a pop must not enter the count compares)
        // count != k, true for k < 0 (room2 as equality compares: the count moves by one, and an adder's
        // carry chain in its compares was the critical path at one seed)
        function automatic logic not_at(input int k);
            return (k < 0) || count != RCW'(k);
        endfunction
        // {head_valid, in_ready, out_more, room2}
        function automatic logic [3:0] flags_after(input logic p, input logic q);
            logic hf, dir, rpush, rpop, hv;
            hf    = !head_valid || q;
            dir   = p && hf && empty;
            rpush = p && !dir;
            rpop  = hf && !empty;
            hv    = dir || (head_valid && !q);
            unique case ({rpush, rpop})
                2'b10:   return {1'b1, count != RCW'(RD - 1), 1'b1, not_at(RD - 2) && not_at(RD - 1) && not_at(RD)};
                2'b01:   return {1'b1, 1'b1, 32'(count) >= 2, not_at(RD)};   // (not RCW'(2): 0 at DEPTH 2)
                2'b11:   return {1'b1, count != RCW'(RD), 1'b1, not_at(RD - 1) && not_at(RD)};
                default: return {hv, count != RCW'(RD),                             // (in_ready: also the first
                                 head_valid && !q && count != '0,                   //  cycle out of reset)
                                 !hv || (not_at(RD - 1) && not_at(RD))};
            endcase
        endfunction
        logic [3:0][3:0] flags_tbl;
        always_comb
            for (int k = 0; k < 4; k++) flags_tbl[k] = flags_after(k[1], k[0]);
        always_ff @(posedge clk) begin
            if (!rst_n) {head_valid, in_ready, out_more, room2} <= 4'b0001;   // (room2: empty)
            else        {head_valid, in_ready, out_more, room2} <= flags_tbl[{push, pop}];
        end

        /* verilator lint_off UNUSEDSIGNAL */
        wire unused_ok = &{1'b0, full_unused};
        /* verilator lint_on UNUSEDSIGNAL */
`ifdef FORMAL
        always_comb if (rst_n) begin
            assert (out_more == (head_valid && count != '0));
            assert (room2 == (!head_valid || 32'(count) + 1 < RD));
            if (count != '0) assert (head_valid);
            if (in_ready) assert (count != RCW'(RD));
        end
`endif
    end

endmodule
