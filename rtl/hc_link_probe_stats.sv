// SPDX-License-Identifier: Apache-2.0
// hc_link_probe_stats — the link probe's latency statistics: minimum, maximum, sum and a log2 histogram
// of the latencies it is given, one per cycle at most.
//
//   in_valid/in_lat -> register -> min, max, sum; "2^(BINS-1) or more" and the low bits registered -> the
//   bin as a one-hot register -> that bin's counter
// Bin k counts latencies in [2^k, 2^(k+1)); bin 0 also counts 0, the last bin BINS - 1 every latency from
// 2^(BINS-1) on. Counters wrap (mod 2^32); the sum is 64 bits; `lat_min` is all ones before a sample.
// Latency (cycles, in_valid -> visible): min/max/sum 2, the histogram 4; `busy` while a sample is on its
// way (a user that ends a run waits for it to fall).
// Parameters: LW (latency bits, 8..32), BINS (2..LW).
module hc_link_probe_stats #(
    parameter int LW   = 32,
    parameter int BINS = 16
) (
    input  logic          clk,
    input  logic          rst_n,
    input  logic          clear,      // a new run: statistics and samples on their way dropped
    input  logic          in_valid,
    input  logic [LW-1:0] in_lat,
    output logic          busy,
    output logic [LW-1:0] lat_min,
    output logic [LW-1:0] lat_max,
    output logic [63:0]   lat_sum,
    output logic [31:0]   hist [BINS]
);
    initial begin
        if (LW < 8 || LW > 32) $fatal(1, "hc_link_probe_stats: LW must be 8..32 (got %0d)", LW);
        if (BINS < 2 || BINS > LW) $fatal(1, "hc_link_probe_stats: BINS must be 2..LW (got %0d)", BINS);
    end
    // the bin of a latency in two steps: "from 2^(BINS-1) on" and the low bits registered, then one-hot
    // from those (BINS - 1 bits: each bin's "no higher bit set" an OR of at most BINS - 2 bits)
    localparam int LB = BINS - 1;
    function automatic logic [BINS-1:0] bin_of(input logic hi, input logic [LB-1:0] v);
        logic [BINS-1:0] oh;
        for (int k = 0; k < LB; k++)
            oh[k] = !hi && (k == 0 || v[k]) && (v >> (k + 1)) == '0;
        oh[LB] = hi;
        return oh;
    endfunction
    logic            v1, v2, v3;
    logic [LW-1:0]   lat1;
    logic            hi2;
    logic [LB-1:0]   lo2;
    logic [BINS-1:0] oh3;
    always_ff @(posedge clk) begin
        if (!rst_n || clear) begin
            v1 <= 1'b0; v2 <= 1'b0; v3 <= 1'b0; lat1 <= '0; hi2 <= 1'b0; lo2 <= '0; oh3 <= '0;
            lat_min <= '1; lat_max <= '0; lat_sum <= '0;
            for (int k = 0; k < BINS; k++) hist[k] <= '0;
        end else begin
            v1   <= in_valid;
            lat1 <= in_lat;
            v2   <= v1;
            hi2  <= (lat1 >> LB) != '0;
            lo2  <= lat1[LB-1:0];
            v3   <= v2;
            oh3  <= v2 ? bin_of(hi2, lo2) : '0;
            if (v1) begin
                if (lat1 < lat_min) lat_min <= lat1;
                if (lat1 > lat_max) lat_max <= lat1;
                lat_sum <= lat_sum + 64'(lat1);
            end
            for (int k = 0; k < BINS; k++)
                if (oh3[k]) hist[k] <= hist[k] + 32'd1;
        end
    end
    assign busy = v1 || v2 || v3;
endmodule
