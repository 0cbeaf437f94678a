// SPDX-License-Identifier: Apache-2.0
// ps_stream_pick — the ps::stream port's round-robin choice among its stream units' requests, registered:
// one cycle hc_rr_arbiter chooses a unit and the choice is stored; the next cycle that unit's request, if it
// still stands, may be taken (`ready` from the channel), and the unit gets its grant. So the arbitration
// and the mux of the chosen request's address, length and kind are not one combinational path. A choice
// whose request was withdrawn is dropped, and a unit is not chosen again in the cycle its grant is given.
// Latency: request -> grant 1 cycle (if the channel is ready). Fairness: one grant per unit per round.
// Parameters: U (units, 1..16), UW (index width).
module ps_stream_pick #(
    parameter int U  = 2,
    parameter int UW = 1
) (
    input  logic          aclk,
    input  logic          aresetn,
    input  logic [U-1:0]  req,           // each unit's request (held until granted, or withdrawn)
    input  logic          ready,         // the channel can take a request this cycle
    output logic          take,          // the chosen request is taken this cycle
    output logic [UW-1:0] sel,           // the chosen unit (its request is muxed with this)
    output logic [U-1:0]  grant          // one-hot with take
);
    logic          sel_valid, any;
    logic [UW-1:0] idx;
    logic [U-1:0]  gnt_unused;
    assign take  = sel_valid && req[sel] && ready;
    assign grant = take ? U'(1) << sel : '0;
    wire   free  = !sel_valid || take || !req[sel];
    hc_rr_arbiter #(.N(U)) u_arb (
        .clk(aclk), .rst_n(aresetn), .req(req & ~grant), .cls(1'b0), .advance(free && any), .grant(gnt_unused),
        .grant_idx(idx), .grant_valid(any)
    );
    always_ff @(posedge aclk) begin
        if (!aresetn) begin
            sel_valid <= 1'b0; sel <= '0;
        end else if (free) begin
            sel_valid <= any; sel <= idx;
        end
    end
endmodule
