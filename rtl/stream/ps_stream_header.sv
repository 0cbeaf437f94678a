// SPDX-License-Identifier: Apache-2.0
// ps_stream_header — the layout header check shared by the bridge's stream units: collects the header
// beats of a K_HDR read (HDR_BYTES = 32 bytes, 1..8 beats depending on DATA_WIDTH) and, with the last one,
// says whether the layout is acceptable (ps_stream_pkg::check_word on each word) and its capacity mask.
// Latency: 0 (done / error / mask are valid in the cycle of the last header beat).
// Parameters: DATA_WIDTH (32..1024, power of two), ELEM_BYTES (the element and slot width it accepts).
module ps_stream_header #(
    parameter int DATA_WIDTH = 128,
    parameter int ELEM_BYTES = DATA_WIDTH / 8
) (
    input  logic                    aclk,
    input  logic                    aresetn,
    input  logic                    beat,          // an R beat of this unit's header read
    input  logic [DATA_WIDTH-1:0]   data,
    input  logic                    last,
    output logic                    done,          // the header is complete with this beat
    output ps_stream_pkg::error_e   error,         // with done: E_NONE or why the layout is refused
    output logic [31:0]             mask           // with done: capacity - 1
);
    localparam int HB        = ps_stream_pkg::HDR_BYTES * 8 < DATA_WIDTH ? ps_stream_pkg::HDR_BYTES * 8 : DATA_WIDTH;
    localparam int HDR_BEATS = ps_stream_pkg::HDR_BYTES * 8 / HB;
    localparam int WPB       = HB / 32;                       // header words per beat

    // Each word is checked as its beat arrives; only the verdicts and the capacity are kept (not the
    // header: 256 flip-flops per stream unit otherwise).
    ps_stream_pkg::error_e      verdict [8], verdict_now [8];
    logic [31:0]                cap, cap_now;
    logic [$clog2(HDR_BEATS + 1)-1:0] idx;
    always_comb begin
        cap_now = cap;
        for (int k = 0; k < 8; k++) begin
            verdict_now[k] = verdict[k];
            if (32'(idx) == 32'(k / WPB)) begin
                verdict_now[k] = ps_stream_pkg::check_word(k, data[32*(k % WPB) +: 32], ELEM_BYTES);
                if (k == 4) cap_now = data[32*(k % WPB) +: 32];
            end
        end
        error = ps_stream_pkg::E_NONE;                        // the first refused word, in header order
        for (int k = 7; k >= 0; k--)
            if (verdict_now[k] != ps_stream_pkg::E_NONE) error = verdict_now[k];
    end
    assign done = beat && last;
    assign mask = cap_now - 32'd1;

    always_ff @(posedge aclk) begin
        if (!aresetn) begin
            for (int k = 0; k < 8; k++) verdict[k] <= ps_stream_pkg::E_NONE;
            cap <= '0;
            idx <= '0;
        end else if (beat) begin
            verdict <= verdict_now;
            cap     <= cap_now;
            idx     <= last ? '0 : idx + 1'b1;
        end
    end
endmodule
