// hc_rr_arbiter — round-robin arbiter with a granularity of one grant per requester per round.
//
// Latency: combinational (req -> grant in the same cycle); the priority pointer moves on `advance`.
// After requester i is granted, the search starts at i+1, so while all N request, each is granted
// exactly once every N grants (paper 001, EXBAR: "one transaction per TS module in each round-cycle").
// hc_addr_mux uses one per priority class, so a class's pointer moves only with its own grants.
// Work-conserving: if any requester is asserted, one is granted.
// Parameters: N (1..64 requesters; the default 1 is used by no instance on purpose: when two IPs of rtl/
//   are linted together, Verilator 5.048 gives a parameterization of a module the derived widths of the
//   module's default one if another instance uses the default values)
module hc_rr_arbiter #(
    parameter int N = 1,
    localparam int IW = (N > 1) ? $clog2(N) : 1
) (
    input  logic          clk,
    input  logic          rst_n,
    input  logic [N-1:0]  req,
    input  logic          advance,     // the current grant was taken: rotate priority past it
    output logic [N-1:0]  grant,       // one-hot, zero when no request
    output logic [IW-1:0] grant_idx,
    output logic          grant_valid
);
    initial begin
        if (N < 1 || N > 64) $fatal(1, "hc_rr_arbiter: N must be 1..64 (got %0d)", N);
    end

    logic [IW-1:0] prio;   // requester with the highest priority this cycle

    always_comb begin
        grant       = '0;
        grant_idx   = '0;
        grant_valid = 1'b0;
        for (int k = 0; k < N; k++) begin
            logic [IW:0] idx;                // prio + k wrapped at N (prio < N: one subtraction, no divider)
            idx = (IW+1)'(prio) + (IW+1)'(k);
            if (idx >= (IW+1)'(N)) idx = idx - (IW+1)'(N);
            if (!grant_valid && req[idx[IW-1:0]]) begin
                grant_valid           = 1'b1;
                grant_idx             = idx[IW-1:0];
                grant[idx[IW-1:0]]    = 1'b1;
            end
        end
    end

    always_ff @(posedge clk) begin
        if (!rst_n)                       prio <= '0;
        else if (advance && grant_valid)  prio <= (int'(grant_idx) == N - 1) ? '0 : grant_idx + IW'(1);
    end
endmodule
