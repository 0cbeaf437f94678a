// SPDX-License-Identifier: Apache-2.0
// hc_formal_bursts — formal-only shadow of the bursts in flight on one AXI channel, for the properties
// beside the RTL (axi_burst_equalizer `ifdef FORMAL, hc_supervisor `ifdef FORMAL_SUPERVISOR): a queue of
// the bursts' AxLEN (with any payload above it, e.g. the ID) in issue order, and a count of the beats the
// oldest one has moved. The caller says when a beat moves and whether it ends the oldest burst (at its
// length, or at RLAST when the other side decides). Not synthesized: the file is empty unless one of the
// two defines is set.
// Latency: 0 (n, head and at_last describe the state before this cycle's push / beat).
// Parameters: FQ (depth, a power of two; the caller's assumptions keep n below it), W (payload bits; the
//   low 8 are AxLEN).
`ifdef FORMAL
`define HC_FORMAL_BURSTS
`endif
`ifdef FORMAL_SUPERVISOR
`define HC_FORMAL_BURSTS
`endif
`ifdef HC_FORMAL_BURSTS
module hc_formal_bursts #(
    parameter int FQ = 8,
    parameter int W  = 8,
    localparam int PW = $clog2(FQ)
) (
    input  logic          aclk,
    input  logic          aresetn,
    input  logic          push,          // a burst starts (its address was taken)
    input  logic [W-1:0]  push_data,     // {payload, AxLEN}
    input  logic          beat,          // a beat of the oldest burst moved
    input  logic          pop,           // ... and it was that burst's last
    output logic [PW:0]   n,             // bursts in the queue
    output logic [W-1:0]  head,          // the oldest burst
    output logic          at_last        // the oldest burst's next beat is its last (beats moved == AxLEN)
);
    logic [W-1:0]  q [FQ];
    logic [PW-1:0] rd, wr;
    logic [7:0]    beats;
    assign head    = q[rd];
    assign at_last = beats == head[7:0];
    always_ff @(posedge aclk) begin
        if (!aresetn) begin
            n <= '0; rd <= '0; wr <= '0; beats <= '0;
        end else begin
            if (push) begin
                q[wr] <= push_data;
                wr    <= wr + 1'b1;
            end
            if (beat) begin
                if (pop) begin
                    rd    <= rd + 1'b1;
                    beats <= '0;
                end else begin
                    beats <= beats + 8'd1;
                end
            end
            n <= n + (PW+1)'(push) - (PW+1)'(beat && pop);
        end
    end
endmodule
`endif
`undef HC_FORMAL_BURSTS
