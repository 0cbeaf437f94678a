// SPDX-License-Identifier: Apache-2.0
// hc_reg_slice — register slice (skid buffer) for one valid/ready channel.
//
// Latency (cycles, in_valid -> out_valid): 1. Throughput: one transfer per cycle.
// Both directions are registered: out_valid/out_data come from a flop, and in_ready is a flop too
// (it is low only while the skid entry holds a transfer the output could not take; a copy of the skid
// entry's flag, so READY's fanout is the sender's alone). So READY never
// travels combinationally through the slice: this is what keeps long valid/ready chains (memory ->
// crossbar -> equalizer -> accelerator) from limiting Fmax.
// Parameters: WIDTH (payload bits, >= 1); REGISTER_READY (1: skid buffer as above; 0: a plain output
//             register whose in_ready = !out_valid || out_ready is combinational — half the flops);
//             ZERO_IDLE (default 0; 1, with REGISTER_READY: out_data is zero while out_valid is low —
//             reset to zero, loaded with zero when nothing comes — for payload bits that act as qualified
//             flags, as axi_exbar's one-hot R/B port selection)
// Assumes:    AXI handshake rules on both sides (valid held until ready; data stable while valid).
module hc_reg_slice #(
    parameter int WIDTH          = 8,
    parameter bit REGISTER_READY = 1'b1,
    parameter bit ZERO_IDLE      = 1'b0
) (
    input  logic             clk,
    input  logic             rst_n,
    input  logic [WIDTH-1:0] in_data,
    input  logic             in_valid,
    output logic             in_ready,
    output logic [WIDTH-1:0] out_data,
    output logic             out_valid,
    input  logic             out_ready
);
    initial begin
        if (WIDTH < 1) $fatal(1, "hc_reg_slice: WIDTH must be >= 1 (got %0d)", WIDTH);
        if (ZERO_IDLE && !REGISTER_READY) $fatal(1, "hc_reg_slice: ZERO_IDLE needs REGISTER_READY");
    end

    if (REGISTER_READY) begin : g_skid
        logic             skid_valid;
        logic [WIDTH-1:0] skid_data;
        // in_ready is a flop of its own, !skid_valid: skid_valid drives the output's refill mux (WIDTH
        // LUTs), the copy only READY and what the sender forms from it, so the placer can put it beside
        // the sender (issue 17: axi_exbar's R skid flag -> RREADY -> the completion -> the G room flags
        // was critical at one seed of three at 4 ports)
        (* keep *) logic  ready_q;

        assign in_ready = ready_q;

        always_ff @(posedge clk) begin
            if (!rst_n) begin
                out_valid  <= 1'b0;
                skid_valid <= 1'b0;
                ready_q    <= 1'b1;
            end else begin
                if (out_valid && !out_ready) begin
                    // output stalled: a transfer accepted now waits in the skid entry
                    if (in_valid && !skid_valid) begin
                        skid_valid <= 1'b1;
                        ready_q    <= 1'b0;
                    end
                end else begin
                    // output free (or being taken): refill it, from the skid entry first
                    out_valid  <= skid_valid || in_valid;
                    skid_valid <= 1'b0;
                    ready_q    <= 1'b1;
                end
            end
        end

        always_ff @(posedge clk) begin
            if (in_valid && !skid_valid && out_valid && !out_ready) skid_data <= in_data;
        end
        if (ZERO_IDLE) begin : g_zero_idle
            always_ff @(posedge clk) begin
                if (!rst_n)                          out_data <= '0;
                else if (!(out_valid && !out_ready)) out_data <= skid_valid ? skid_data :
                                                                 in_valid ? in_data : '0;
            end
        end else begin : g_hold
            always_ff @(posedge clk) begin
                if (!(out_valid && !out_ready)) out_data <= skid_valid ? skid_data : in_data;
            end
        end
`ifdef FORMAL
        always_comb if (rst_n && ZERO_IDLE && !out_valid) assert (out_data == '0);
        always_comb if (rst_n) assert (ready_q == !skid_valid);
`endif
    end else begin : g_plain
        assign in_ready = !out_valid || out_ready;

        always_ff @(posedge clk) begin
            if (!rst_n)        out_valid <= 1'b0;
            else if (in_ready) out_valid <= in_valid;
        end

        always_ff @(posedge clk) begin
            if (in_ready && in_valid) out_data <= in_data;
        end
    end
endmodule
