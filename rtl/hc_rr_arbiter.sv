// SPDX-License-Identifier: Apache-2.0
// hc_rr_arbiter — round-robin arbiter with a granularity of one grant per requester per round, with one
// round-robin pointer per priority class.
//
// Latency: combinational (req -> grant in the same cycle); the pointer of class `cls` moves on `advance`.
// After requester i is granted, that class's search starts at i+1, so while all N request, each is granted
// exactly once every N grants (paper 001, EXBAR: "one transaction per TS module in each round-cycle").
// Classes: the caller presents only the requesters of one class per cycle and says which on `cls`; each
// class keeps its own pointer, so grants to a higher class never move a lower class's pointer (issue 15;
// the crossbar's hc_addr_mux has its own registered-choice arbitration, least-recently-granted within a
// class, since issue 17; ps_stream_pick uses one class).
// Work-conserving: if any requester is asserted, one is granted.
// Parameters: N (1..64 requesters; the default 1 is used by no instance on purpose: when two IPs of rtl/
//   are linted together, Verilator 5.048 gives a parameterization of a module the derived widths of the
//   module's default one if another instance uses the default values), CLASSES (1..16 pointers)
module hc_rr_arbiter #(
    parameter int N       = 1,
    parameter int CLASSES = 1,
    localparam int IW     = (N > 1) ? $clog2(N) : 1,
    localparam int CW     = (CLASSES > 1) ? $clog2(CLASSES) : 1
) (
    input  logic          clk,
    input  logic          rst_n,
    input  logic [N-1:0]  req,
    input  logic [CW-1:0] cls,         // the class the requesters of this cycle belong to
    input  logic          advance,     // the current grant was taken: rotate that class's pointer past it
    output logic [N-1:0]  grant,       // one-hot, zero when no request
    output logic [IW-1:0] grant_idx,
    output logic          grant_valid
);
    initial begin
        if (N < 1 || N > 64) $fatal(1, "hc_rr_arbiter: N must be 1..64 (got %0d)", N);
        if (CLASSES < 1 || CLASSES > 16) $fatal(1, "hc_rr_arbiter: CLASSES must be 1..16 (got %0d)", CLASSES);
    end

    logic [CLASSES-1:0][IW-1:0] prio;   // per class: the requester with the highest priority (packed: no RAM)
    wire  [IW-1:0] start = prio[32'(cls) < CLASSES ? cls : '0];

    always_comb begin
        grant       = '0;
        grant_idx   = '0;
        grant_valid = 1'b0;
        for (int k = 0; k < N; k++) begin
            logic [IW:0] idx;                // start + k wrapped at N (start < N: one subtraction, no divider)
            idx = (IW+1)'(start) + (IW+1)'(k);
            if (idx >= (IW+1)'(N)) idx = idx - (IW+1)'(N);
            if (!grant_valid && req[idx[IW-1:0]]) begin
                grant_valid           = 1'b1;
                grant_idx             = idx[IW-1:0];
                grant[idx[IW-1:0]]    = 1'b1;
            end
        end
    end

    always_ff @(posedge clk) begin
        for (int c = 0; c < CLASSES; c++) begin
            if (!rst_n)                                          prio[c] <= '0;
            else if (advance && grant_valid && CW'(c) == cls)    prio[c] <= (int'(grant_idx) == N - 1) ? '0 : grant_idx + IW'(1);
        end
    end
endmodule
