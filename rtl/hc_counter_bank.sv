// SPDX-License-Identifier: Apache-2.0
// hc_counter_bank — the monitoring counters of every port of axi_hyperconnect in one LUT-RAM with one
// adder (issue 17: per port, two 64-bit and three 32-bit counters in flip-flops with their own adders
// were about a sixth of a port's area).
//
// Words per port, in register order (PORT[i] offsets 0x20..0x38, word = offset[4:2]):
//   0 RD_BYTES_LO  1 RD_BYTES_HI  2 WR_BYTES_LO  3 WR_BYTES_HI  4 RD_TXN  5 WR_TXN  6 STALL_CYCLES
// (word 7 of the file, MAX_RD_LATENCY, is the port's own: hc_port_counters). Each port keeps the events since its last turn in
// small pending sums (hc_port_counters); the bank visits every (port, word) in turn, 8 steps per port
// (word order 0 2 1 3 4 6 5, then one idle step), and adds the pending sum into the stored word:
//   choice  the next word is chosen and registered, with `take` decoded for its port (flip-flops)
//   step 0  `take` tells the port (the sum restarts with this cycle's registered event); the sum, the word's zero
//           flag and whether it is a software read are registered
//   step 1  the stored word is read (LUT-RAM, asynchronous, at the registered address) and registered;
//           when the step ahead writes that very word in this cycle, its result is registered instead
//   step 2  the registered sum (for a BYTES_HI word: its direction's carry flag) is added to it and
//           written back; TXN and STALL words saturate at 0xFFFFFFFF (a sticky bit beside the count: the
//           answer reads all ones once it is set); a BYTES_LO word's carry is kept (one flop per port and
//           direction) until its BYTES_HI step 2 adds it. A HI step comes after its LO step, so its step 2
//           comes at least a cycle after the LO step 2 that set the flag.
// (issue 17: the read, the 33-bit add and the carry flags' enables were one cycle, 8.3 ns of logic at
// 8 ports — the LUT-RAM read across 64 words, the carry chain, the port decode — the critical path there.)
// Software reads: a request (port, word) is registered and taken as the next choice ahead of the turn
// (the turn waits); the answer is that step's sum, registered. A BYTES_HI read first takes its LO word's
// step (not answered), then its own right after: so every answer is exact, it counts every event up to and
// including the request's cycle (the step that takes the sum comes a cycle after the request is
// registered, and hc_port_counters registers its events before its sums; HI with the carries of all of
// them).
// The turn comes back to a sum at least every 8 * PORTS steps; a read holds the turn for at most 2
// cycles (a HI read: its LO step and its own), and reads come at least 6 cycles apart (hc_regs_axil: 10
// or more), so the turn advances in at least two of every three cycles: the pending sums are sized for
// twice a round (hc_axi_pkg::cnt_gap).
// Clear: a port's `clear` sets its words' zero flags (a flagged word reads as 0 in step 1) and empties
// its pending sums and carries, so a clear takes effect in one cycle whatever the turn; a step already
// under way for that port writes a stale sum that the flag hides, and its carry is dropped.
// Latency: a software read is answered (cpu_ack) 5 cycles after cpu_req, a BYTES_HI read 6 (the LO step
//   first).
// Parameters: PORTS (1..16).
// Assumes: a new cpu_req only after the previous read's cpu_ack and at least 6 cycles after the previous
//   cpu_req (the port blocks stall while their external register file is pending, and hc_regs_axil
//   starts one access at a time: 11 cycles or more apart), and never for word 7; no clear of the port
//   while its read is under way (clears are register writes, which hc_regs_axil serializes with the
//   reads: a clear during a BYTES_HI read's LO step would answer the HI word without that step's carry).
module hc_counter_bank #(
    parameter int PORTS = 4,
    localparam int PI = PORTS > 1 ? $clog2(PORTS) : 1,
    localparam int PW = hc_axi_pkg::cnt_pend_bits(PORTS)
) (
    input  logic                  clk,
    input  logic                  rst_n,
    input  logic [PORTS-1:0]      clear,
    input  logic [PORTS*PW-1:0]   pend,          // each port's pending sums (hc_port_counters)
    output logic [PORTS*5-1:0]    take,          // the port's sum is taken this cycle (hc_port_counters)
    input  logic                  cpu_req,       // software read of (cpu_port, cpu_word)
    input  logic [PI-1:0]         cpu_port,
    input  logic [2:0]            cpu_word,
    output logic                  cpu_ack,       // the answer, one cycle
    output logic [PI-1:0]         cpu_ack_port,  // the port asked (held from the request)
    output logic [31:0]           cpu_data
);
    initial begin
        if (PORTS < 1 || PORTS > 16) $fatal(1, "hc_counter_bank: PORTS must be 1..16 (got %0d)", PORTS);
    end

    localparam int NB = hc_axi_pkg::cnt_bytes_bits(PORTS);
    localparam int NE = hc_axi_pkg::cnt_events_bits(PORTS);
    localparam int WORDS = 8 << PI;

    // ---- the turn and the waiting software read
    logic [2:0]    step;            // 0..7 within a port
    logic [PI-1:0] turn;            // the port whose turn it is
    logic          req_v;
    logic          req_lo;          // a BYTES_HI read: its LO word's step first (not answered)
    logic [PI-1:0] req_p;
    logic [2:0]    req_w;

    // the choice: the next step 0's word, registered (issue 17: decoded from the turn and the waiting
    // read in the cycle of step 0, `take` ran through the ports' pending-sum adders, 7 LUT levels): a
    // waiting software read's, else the turn's
    logic          s0_v, s0_cpu, s1_v, s1_z, s1_kill, s1_cpu, s1_fwd;
    logic [PI-1:0] s0_p, s1_p;
    logic [2:0]    s0_w, s1_w;
    logic [PORTS*5-1:0] take_q;
    // the zero flag's select: the choice's port and word again, loaded only for a step (c_v), so it is a
    // flip-flop of its own that the placer can put beside the flags' PORTS*8:1 mux (issue 17: s0_w also
    // addresses the LUT-RAM, 100 columns away at 8 ports; s0_w -> the 64:1 mux -> s1_z was the critical
    // path at one seed there, 5.9 ns for that one net). Without a step the flag is not used (a software
    // read is a step: it never asks for word 7, the header's assumption).
    logic [PI-1:0] s0_zp;
    logic [2:0]    s0_zw;
    // the word each pending sum k (take[p*5 + k], rd_bytes first) is added into
    localparam logic [2:0] SUM_WORD [5] = '{3'd0, 3'd2, 3'd4, 3'd5, 3'd6};
    wire [PI-1:0]  c_p  = req_v ? req_p : turn;
    wire [2:0]     c_w  = req_v ? req_w : {step[2], step[0], step[1]};   // 0 2 1 3 4 6 5 7
    wire           c_v  = c_w != 3'd7;
    always_ff @(posedge clk) begin
        if (!rst_n) begin
            s0_v <= 1'b0; s0_cpu <= 1'b0; s0_p <= '0; s0_w <= '0; take_q <= '0;
        end else begin
            s0_v   <= c_v;
            s0_cpu <= req_v && !req_lo;                // (a HI read's LO step is not the answer)
            s0_p   <= c_p;
            s0_w   <= c_w;
            for (int p = 0; p < PORTS; p++)
                for (int k = 0; k < 5; k++)
                    take_q[p*5 + k] <= c_v && 32'(c_p) == p && c_w == SUM_WORD[k];
        end
    end
    always_ff @(posedge clk) begin
        if (!rst_n) begin
            s0_zp <= '0; s0_zw <= '0;
        end else if (c_v) begin
            s0_zp <= c_p; s0_zw <= c_w;
        end
    end
    assign take = take_q;

    always_ff @(posedge clk) begin
        if (!rst_n) begin
            step <= '0; turn <= '0; req_v <= 1'b0; req_lo <= 1'b0; req_p <= '0; req_w <= '0;
        end else begin
            if (!req_v) begin
                step <= step + 3'd1;
                if (step == 3'd7) turn <= (32'(turn) == PORTS - 1) ? '0 : turn + PI'(1);
            end
            if (cpu_req) begin                          // a HI word: its LO word first
                req_v  <= 1'b1;
                req_p  <= cpu_port;
                req_lo <= cpu_word == 3'd1 || cpu_word == 3'd3;
                req_w  <= (cpu_word == 3'd1 || cpu_word == 3'd3) ? cpu_word - 3'd1 : cpu_word;
            end else if (req_v && req_lo) begin         // the LO step is taken: now the HI word
                req_lo <= 1'b0;
                req_w  <= req_w + 3'd1;
            end else if (req_v) begin
                req_v <= 1'b0;
            end
        end
    end
    assign cpu_ack_port = req_p;

    // ---- step 0: tell the port, register the sum, the zero flag
    logic [PORTS*8-1:0] zero;           // the stored word counts as 0 (after reset or a clear)
    logic [PORTS-1:0]   carry_rd, carry_wr;
    logic [NB-1:0]      s0_b;

    // the pending sum of step 0's word, zero-extended to NB bits (a BYTES_HI word adds its carry in step
    // 2): `take` is one-hot (one port, one sum, or none), so an AND-OR of the sums with the take flags,
    // each port's five first (issue 17: the choice's port and word flops -> the 4-port, 5-word mux ->
    // s1_b, three routes between the bank and the ports, was the critical path at one seed at 4 ports)
    always_comb begin
        s0_b = '0;
        for (int p = 0; p < PORTS; p++) begin
            logic [NB-1:0] one;
            one = '0;
            for (int k = 0; k < 2; k++)
                one |= take_q[p*5 + k] ? pend[p*PW + k*NB +: NB] : '0;
            for (int k = 0; k < 3; k++)
                one |= take_q[p*5 + 2 + k] ? NB'(pend[p*PW + 2*NB + k*NE +: NE]) : '0;
            s0_b |= one;
        end
    end

    // ---- step 1 registers
    logic [NB-1:0] s1_b;
    logic          s1_lo_ahead;                       // (see s1_cin below)
    wire           s1_now  = s1_v && !clear[s1_p];    // a step 1 no clear drops now
    wire           s1_live = s1_now && !s1_kill;      // ... nor dropped before

    always_ff @(posedge clk) begin
        if (!rst_n) begin
            s1_v <= 1'b0; s1_z <= 1'b0; s1_kill <= 1'b0; s1_cpu <= 1'b0; s1_fwd <= 1'b0; s1_lo_ahead <= 1'b0;
            s1_p <= '0; s1_w <= '0; s1_b <= '0;
        end else begin
            s1_v    <= s0_v;
            s1_z    <= zero[s0_zp * 8 + 32'(s0_zw)];     // (= s0_p, s0_w when s0_v)
            s1_kill <= clear[s0_p];
            s1_cpu  <= s0_cpu;
            s1_p    <= s0_p;
            s1_w    <= s0_w;
            s1_b    <= s0_b;
            s1_fwd  <= s1_v && s1_p == s0_p && s1_w == s0_w;   // the step ahead will write this word
            s1_lo_ahead <= s0_v && s1_live && s1_p == s0_p &&    // step 1 will be a HI word behind its LO
                           ((s0_w == 3'd1 && s1_w == 3'd0) || (s0_w == 3'd3 && s1_w == 3'd2));
        end
    end

    // ---- step 1: read (or take the word the step ahead writes now), register
    // A word is 33 bits: the count and, for the saturating words (TXN, STALL), a sticky "reached 2^32"
    // bit; the answer of a saturated word reads all ones (its saturated flag is registered beside the
    // sum and ORed after the flops).
    logic [32:0]   mem [WORDS];
    logic [32:0]   s2_new;                            // step 2's result, written back
    logic          s2_v, s2_cpu;
    logic [PI-1:0] s2_p;
    logic [2:0]    s2_w;
    logic [NB-1:0] s2_b;
    logic [32:0]   s2_old;
    logic [PORTS-1:0] s2_lo_rd, s2_lo_wr, s2_hi_rd, s2_hi_wr;   // step 2's word, decoded per port
    wire  [PI+2:0] s1_addr = {s1_p, s1_w};
    wire  [PI+2:0] s2_addr = {s2_p, s2_w};
    // step 2's carry-in, registered in step 1 as bit 0 of the sum's register (a BYTES_HI word's sum is 0,
    // so that bit is the carry alone). A BYTES_HI step takes its direction's flag as it will be in step 2:
    // not if step 2 is this very word, which adds and drops the flag now (s1_fwd: a HI read's step right
    // before the turn's), but with the carry the LO step ahead sets now (s1_lo_ahead: step 2 is this HI
    // word's own LO word, live — a HI read's LO step comes right before it); a clear now drops it. Both
    // are flops registered a step earlier, so the chain's carry-out meets one LUT on its way back into
    // bit 0. (Issue 17: the flags -> carry-in select -> 33-bit chain -> the answer register was critical
    // at one seed at 4 ports, 104.8 MHz; then a carry-in flop ORed into bit 0 in step 2 -> the chain ->
    // the forward into s2_old, at two seeds of three, 133.0 MHz; then, with the carry folded into bit 0,
    // the carry-out -> the port's flags selected by s1_p -> bit 0, 4 LUT levels, 121.4 MHz at one seed.)
    logic          s2_co;                              // step 2's carry-out (below)
    wire           s1_flag = (s1_w == 3'd1 && carry_rd[s1_p]) || (s1_w == 3'd3 && carry_wr[s1_p]);
    wire           s1_cin  = s1_now && ((s1_flag && !s1_fwd) || (s1_lo_ahead && s2_co));
    always_ff @(posedge clk) begin
        if (!rst_n) begin
            s2_v <= 1'b0; s2_cpu <= 1'b0; s2_p <= '0; s2_w <= '0; s2_b <= '0;
            s2_old <= '0; s2_lo_rd <= '0; s2_lo_wr <= '0; s2_hi_rd <= '0; s2_hi_wr <= '0;
        end else begin
            s2_v    <= s1_v;
            s2_cpu  <= s1_cpu;
            s2_p    <= s1_p;
            s2_w    <= s1_w;
            s2_b    <= {s1_b[NB-1:1], s1_b[0] || s1_cin};   // (s1_cin: a HI word's, whose sum is 0)
            s2_old  <= s1_z ? '0 : s1_fwd ? s2_new : mem[s1_addr];
            for (int p = 0; p < PORTS; p++) begin
                s2_lo_rd[p] <= s1_live && 32'(s1_p) == p && s1_w == 3'd0;
                s2_lo_wr[p] <= s1_live && 32'(s1_p) == p && s1_w == 3'd2;
                s2_hi_rd[p] <= s1_v && 32'(s1_p) == p && s1_w == 3'd1;
                s2_hi_wr[p] <= s1_v && 32'(s1_p) == p && s1_w == 3'd3;
            end
        end
    end

    // ---- step 2: add, write back
    // The registered sum (for a BYTES_HI word: its direction's carry, in bit 0) is the adder's first
    // operand, so the carry chain starts at flops. The carry out is a LO word's carry for its flag (a LO
    // step adds no carry flag; a HI step sets none), so one chain serves both.
    wire  [32:0] s2_sum = 33'(s2_b) + {1'b0, s2_old[31:0]};
    assign s2_co = s2_sum[32];
    wire         s2_sat = s2_w[2];                                  // TXN, STALL
    wire         s2_top = s2_sat && (s2_old[32] || s2_sum[32]);     // saturated (sticky)
    assign s2_new = {s2_top, s2_sum[31:0]};

    always_ff @(posedge clk) begin
        if (s2_v) mem[s2_addr] <= s2_new;
    end
    // the answer: the sum and the saturated flag registered side by side, all ones when the flag is set
    // (and after reset), ORed after the flops: the carry chain ends at the flops' data inputs (issue 17: the
    // chain -> the saturated flag -> the synchronous set of all 32 answer flops was the critical path at
    // one seed at 4 ports, 126.3 MHz)
    logic [31:0] ans_q;
    logic        ans_sat_q;
    always_ff @(posedge clk) begin
        if (!rst_n) begin
            ans_q <= '0; ans_sat_q <= 1'b1;
        end else if (s2_cpu) begin
            ans_q <= s2_sum[31:0]; ans_sat_q <= s2_top;
        end
    end
    assign cpu_data = ans_q | {32{ans_sat_q}};

    always_ff @(posedge clk) begin
        if (!rst_n) begin
            zero     <= '1;
            carry_rd <= '0;
            carry_wr <= '0;
            cpu_ack  <= 1'b0;
        end else begin
            for (int p = 0; p < PORTS; p++) begin
                for (int w = 0; w < 7; w++) begin
                    if (clear[p])                                         zero[p*8 + w] <= 1'b1;
                    else if (s0_v && 32'(s0_p) == p && 32'(s0_w) == w)   zero[p*8 + w] <= 1'b0;
                end
            end
            // a carry is set by its LO word's step 2 and added (and dropped) by its HI word's step 2; a
            // clear drops it, also the one of a step under way (s2_lo_* leave out killed steps)
            for (int p = 0; p < PORTS; p++) begin
                if (clear[p] || s2_hi_rd[p])           carry_rd[p] <= 1'b0;
                else if (s2_lo_rd[p] && s2_co)         carry_rd[p] <= 1'b1;
                if (clear[p] || s2_hi_wr[p])           carry_wr[p] <= 1'b0;
                else if (s2_lo_wr[p] && s2_co)         carry_wr[p] <= 1'b1;
            end
            cpu_ack  <= s2_cpu;
        end
    end
endmodule
