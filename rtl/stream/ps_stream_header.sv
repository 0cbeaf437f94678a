// ps_stream_header — the layout header check shared by the bridge's stream units: collects the header
// beats of a K_HDR read (HDR_BYTES = 32 bytes, 1..8 beats depending on DATA_WIDTH) and, with the last one,
// says whether the layout is acceptable (ps_stream_pkg::check_header) and what its capacity mask is.
// Latency: 0 (done / error / mask are valid in the cycle of the last header beat).
// Parameters: DATA_WIDTH (32..1024, power of two); the element width it checks is DATA_WIDTH/8.
module ps_stream_header #(
    parameter int DATA_WIDTH = 128
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

    logic [ps_stream_pkg::HDR_BYTES*8-1:0] hdr, hdr_now;
    logic [$clog2(HDR_BEATS + 1)-1:0]      idx;
    always_comb begin
        hdr_now = hdr;
        hdr_now[32'(idx) * HB +: HB] = data[HB-1:0];
    end
    assign done  = beat && last;
    assign error = ps_stream_pkg::check_header(hdr_now, DATA_WIDTH / 8);
    assign mask  = hdr_now[4*32 +: 32] - 32'd1;

    always_ff @(posedge aclk) begin
        if (!aresetn) begin
            hdr <= '0;
            idx <= '0;
        end else if (beat) begin
            hdr <= hdr_now;
            idx <= last ? '0 : idx + 1'b1;
        end
    end
endmodule
