// SPDX-License-Identifier: Apache-2.0
// hc_fifo — small synchronous show-ahead FIFO used for tracking and routing information.
//
// Latency (cycles): push -> visible at head 1 | pop -> next entry at head 0 (same cycle as the pop edge)
// Timing: empty and full come from flip-flops (prepared for each push/pop outcome in parallel; the
//   late push and pop only select), so a user's READY/VALID gated by them starts at a flop.
// Parameters: WIDTH (>= 1 bits per entry), DEPTH (>= 1 entries, any value; pointers wrap at DEPTH),
//             HEAD_REG (1: `head` from a register, loaded from the entry behind the head — a second read
//             port at the read pointer + 1, kept in a pointer register of its own — or from push_data,
//             as the head leaves or enters; no LUT-RAM read between the flops and a user's decision on
//             the head; + WIDTH flip-flops, the second pointer's and a second LUT-RAM read port. Same latency. Default 0: `head` is the LUT-RAM read. For a
//             valid/ready buffer without count/full, hc_efifo OUT_REG holds the head in front of DEPTH - 1
//             entries instead),
//             HEAD_BITS (HEAD_REG only, 1..WIDTH, default WIDTH: how many low bits of `head` come from the
//             register; the bits above are the LUT-RAM read at the read pointer. For a payload whose
//             control bits must start at flops and whose data may not: the W buffer's WLAST beside its
//             WDATA/WSTRB — HEAD_BITS flip-flops instead of WIDTH, and the second read port only for them),
//             LATE_BITS (HEAD_REG only, 0..HEAD_BITS - 1, default 0: how many low bits of an entry are
//             taken a cycle after the push, from a register of push_data's bits (loaded every cycle), so
//             the user's logic in front of them ends at that register, which the placer can put beside
//             it, and nowhere else — issue 17: the request buffers' window verdict, its compare placed
//             beside the register block, the RAM and the head beside the guard. The LUT-RAM's late bits
//             are written from the register in the next cycle; the head's late bits, when the head was
//             loaded from the input, are the register's for that cycle (a flop selects it: the head's late
//             bits are a 2:1 mux of flops) and are kept from then on; a load from the entry behind in the
//             cycle after that entry's push takes the register too (a flop-selected mux, no compare on the
//             way). + LATE_BITS + PW + 3 flip-flops and a LUT-RAM of LATE_BITS bits with its own write port.
//             Same latency),
//             CHECKED (1: the user never pushes while full nor pops while empty — not even with a pop in
//             the same cycle — so push/pop are not gated here; default 0: such a request is ignored)
// Assumes:    the user never pushes when full nor pops when empty (a simulation assertion reports it);
//             CHECKED 0: such a request is ignored, so the FIFO state stays consistent, and a push while
//             full with a pop in the same cycle is taken; CHECKED 1: such a request corrupts the count
//             and a push while full is lost even with a pop in the same cycle.
// Why:        every "routing information" store of the papers (the equalizer's sub-burst bookkeeping,
//             the crossbar's write-grant order) is this one circular buffer.
module hc_fifo #(
    parameter int WIDTH = 1,
    parameter int DEPTH = 4,
    parameter bit CHECKED = 1'b0,
    parameter bit HEAD_REG = 1'b0,
    parameter int HEAD_BITS = WIDTH,
    parameter int LATE_BITS = 0,
    localparam int HB = HEAD_REG ? HEAD_BITS : WIDTH,
    localparam int CW = $clog2(DEPTH + 1),
    localparam int PW = (DEPTH > 1) ? $clog2(DEPTH) : 1
) (
    input  logic             clk,
    input  logic             rst_n,
    input  logic             push,
    input  logic [WIDTH-1:0] push_data,
    input  logic             pop,
    output logic [WIDTH-1:0] head,
    output logic             empty,
    output logic             full,
    output logic [CW-1:0]    count
);
    initial begin
        if (WIDTH < 1) $fatal(1, "hc_fifo: WIDTH must be >= 1 (got %0d)", WIDTH);
        if (DEPTH < 1) $fatal(1, "hc_fifo: DEPTH must be >= 1 (got %0d)", DEPTH);
        if (HEAD_REG && (HEAD_BITS < 1 || HEAD_BITS > WIDTH))
            $fatal(1, "hc_fifo: HEAD_BITS must be 1..WIDTH (%0d) (got %0d)", WIDTH, HEAD_BITS);
        if (LATE_BITS < 0 || LATE_BITS >= HB || (LATE_BITS > 0 && !HEAD_REG))
            $fatal(1, "hc_fifo: LATE_BITS must be 0..HEAD_BITS - 1 (%0d), and 0 without HEAD_REG (got %0d)",
                   HB - 1, LATE_BITS);
    end

    logic [PW-1:0]    rd_ptr, wr_ptr;

    // CHECKED: push and pop are used as given (the user's own flags guarantee room and data, as hc_efifo's
    // READY/VALID flip-flops do), so the late pop does not gate the write enable
    wire do_pop  = CHECKED ? pop  : pop && !empty;
    wire do_push = CHECKED ? push : push && (!full || do_pop);

    logic empty_q, full_q;
    assign empty = empty_q;
    assign full  = full_q;

    function automatic logic [PW-1:0] next_ptr(input logic [PW-1:0] p);
        return (p == PW'(DEPTH - 1)) ? '0 : p + PW'(1);
    endfunction

    // HEAD_REG: the low HB bits of the head in a register. The entry behind the head (read at
    // next_ptr(rd_ptr), kept in a register of its own, in parallel with the late pop) becomes the
    // head as the head leaves when there are two or more; otherwise the entry pushed now does (when empty,
    // or when the last entry leaves while another comes: then it is the only one). The bits above HB
    // (HEAD_BITS < WIDTH) are kept in their own LUT-RAM, read at the read pointer only.
    // The slot at the write pointer is free whenever the FIFO is not full, so it is written in every such
    // cycle, push or not (issue 17: the RAM's write enable is then a flop, not the user's late push — in
    // hc_w_tracker a beat's handshake decided it); only the pointers wait for the push. Full, it is written
    // only when a pop frees the slot in the same cycle (CHECKED 0 takes that push; CHECKED 1 never pushes
    // while full, so its write enable is the flop alone).
    wire mem_we = CHECKED ? !full_q : !full_q || do_push;
    localparam int LB = LATE_BITS;
    logic [HB-1:LB] mem [DEPTH];                     // (HEAD_REG: the registered bits but the late ones;
    always_ff @(posedge clk) begin                   //  else the whole entry)
        if (mem_we) mem[wr_ptr] <= push_data[HB-1:LB];
    end
    if (HEAD_REG) begin : g_head_reg
        logic [HB-1:LB] head_q;                      // the head's bits but the late ones
        logic [HB-1:0]  head_r;                      // the head's registered bits as presented
        wire            more = 32'(count) >= 2;      // (not CW'(2): that is 0 at DEPTH 1, where CW is 1)
        // the head's loads: from the entry behind it as it leaves while two or more are held, else from
        // the input (when empty, or when the last entry leaves while another comes: then it is the only one)
        wire            load_behind = do_pop && more;
        wire            load_in     = do_pop ? !more : empty_q;
        // the entry behind the head is read at a pointer register of its own, next_ptr(rd_ptr) kept a step
        // ahead, so no incrementer is in front of the LUT-RAM's read address (issue 17: the read pointer ->
        // its increment -> the read -> head_q was the critical path at one seed of three at 4 ports, in the
        // read-latency stamps, 112.1 MHz)
        logic [PW-1:0] rd_nxt;
        if (LB > 0) begin : g_late
            // LATE_BITS: late_q holds push_data's late bits of last cycle. The RAM's late bits are written
            // from it a cycle after the slot's write; `fwd` (a flop: that pending write's slot is the one
            // behind the head now) selects it for a load from behind; `in_sel` (a flop: the head was loaded
            // from the input last cycle) selects it as the head's late bits, which head_lo keeps from then on
            logic [LB-1:0] mem_late [DEPTH];
            logic [LB-1:0] late_q, head_lo;
            logic [PW-1:0] late_wa;
            logic          late_we, fwd, in_sel;
            wire  [LB-1:0] head_late = in_sel ? late_q : head_lo;
            always_ff @(posedge clk) begin
                late_q  <= push_data[LB-1:0];
                late_wa <= wr_ptr;
                if (late_we) mem_late[late_wa] <= late_q;
            end
            always_ff @(posedge clk) begin
                if (!rst_n) begin
                    late_we <= 1'b0; fwd <= 1'b0; in_sel <= 1'b0; head_lo <= '0;
                end else begin
                    head_lo <= load_behind ? (fwd ? late_q : mem_late[rd_nxt]) : head_late;
                    late_we <= mem_we;
                    fwd     <= mem_we && wr_ptr == (do_pop ? next_ptr(rd_nxt) : rd_nxt);
                    in_sel  <= load_in;
                end
            end
            assign head_r = {head_q, head_late};
`ifdef FORMAL
            // (tests/formal/hc_fifo.sby proves these with LATE_BITS on; no other proof uses it, so the trace
            // starts in reset here)
            logic f_past_unused, f_live_unused;
            hc_formal_reset u_f_reset (.clk, .rst_n, .f_past(f_past_unused), .f_live(f_live_unused));
            // the late bits of a slot as they will be once the pending write is done
            function automatic logic [LB-1:0] late_at(input logic [PW-1:0] i);
                return (late_we && late_wa == i) ? late_q : mem_late[i];
            endfunction
            always_comb if (rst_n) begin
                assert (fwd == (late_we && late_wa == rd_nxt));
                if (count != '0) assert (head_late == late_at(rd_ptr));
                // after a load from the input, the head's slot is the one the pending late write goes to
                if (in_sel && count != '0) assert (late_we && late_wa == rd_ptr);
            end
`endif
        end else begin : g_now
            assign head_r = head_q;
        end
        always_ff @(posedge clk) begin
            if (!rst_n) begin
                head_q <= '0;
                rd_nxt <= next_ptr('0);
            end else begin
                if (load_behind)  head_q <= mem[rd_nxt];
                else if (load_in) head_q <= push_data[HB-1:LB];
                if (do_pop)       rd_nxt <= next_ptr(rd_nxt);
            end
        end
        if (HB < WIDTH) begin : g_part
            logic [WIDTH-HB-1:0] mem_hi [DEPTH];
            always_ff @(posedge clk) begin
                if (mem_we) mem_hi[wr_ptr] <= push_data[WIDTH-1:HB];
            end
            assign head = {mem_hi[rd_ptr], head_r};
        end else begin : g_full
            assign head = head_r;
        end
`ifdef FORMAL
        always_comb if (rst_n && count != '0) assert (head_q == mem[rd_ptr]);
        always_comb if (rst_n) assert (rd_nxt == next_ptr(rd_ptr));
`endif
    end else begin : g_head_ram
        assign head = mem[rd_ptr];
    end

    always_ff @(posedge clk) begin
        if (!rst_n) begin
            rd_ptr  <= '0;
            wr_ptr  <= '0;
            count   <= '0;
            empty_q <= 1'b1;
            full_q  <= 1'b0;
        end else begin
            if (do_push) wr_ptr <= next_ptr(wr_ptr);
            if (do_pop)  rd_ptr <= next_ptr(rd_ptr);
            case ({do_push, do_pop})
                2'b10: begin
                    count <= count + CW'(1); empty_q <= 1'b0; full_q <= (count == CW'(DEPTH - 1));
                end
                2'b01: begin
                    count <= count - CW'(1); full_q <= 1'b0; empty_q <= (count == CW'(1));
                end
                default: ;
            endcase
        end
    end

`ifdef FORMAL
    // invariants for the proofs of the modules that use it: the fill level matches the pointers
    always_comb if (rst_n) begin
        assert (count <= CW'(DEPTH) && 32'(rd_ptr) < DEPTH && 32'(wr_ptr) < DEPTH);
        assert ((32'(rd_ptr) + 32'(count)) % DEPTH == 32'(wr_ptr));
        assert (empty_q == (count == '0) && full_q == (count == CW'(DEPTH)));
    end
`endif
`ifndef SYNTHESIS
    always_ff @(posedge clk) begin
        if (rst_n && push && full && (CHECKED || !pop))
            $error("hc_fifo: push while full (ignored; CHECKED: the entry is lost and the count corrupted)");
        if (rst_n && pop && empty)         $error("hc_fifo: pop while empty (ignored unless CHECKED)");
    end
`endif
endmodule
