// hc_burst_splitter — address-channel half of the burst equalizer (paper 000, rules R2, R3, R6).
//
// Takes one AXI address request (AR or AW, the logic is the same) and issues it as sub-bursts of at
// most cfg_len beats, in order, one per cycle when the downstream is ready. Each sub-burst is reported
// on the track_* outputs in the cycle it is loaded into the output register, so the data-channel halves
// of the equalizer (R merge, W split, B merge) know its length and whether it ends the original burst.
//
// Latency (cycles, in_valid -> out_valid, idle): 1. Throughput: one sub-burst per cycle; a new original
// request is accepted in the same cycle the last sub-burst of the previous one is issued.
//
// Splitting rules
//   INCR   split into sub-bursts of min(remaining, cfg_len, beats to the next 4 KB boundary); the first
//          sub-burst keeps an unaligned start address, the following ones start size-aligned.
//   FIXED  split into sub-bursts of min(remaining, cfg_len), all at the original address.
//   WRAP   passed through unsplit (a wrapping burst is at most 16 beats; splitting it would need
//          wrap-aware address arithmetic for no fairness gain worth the logic).
//   lock   exclusive accesses (AxLOCK = 1) pass through unsplit: splitting would break exclusivity.
//
// ID serialisation: a request is only issued while every tracked sub-burst carries the same ID
// (tracked_empty or same ID as the last one issued). Responses for one ID are in order by the AXI rules,
// so the data-channel halves can track sub-bursts with one FIFO, whatever the slave reorders across IDs.
//
// Parameters: ADDR_WIDTH (>= 12), ID_WIDTH (>= 1)
// Runtime:    cfg_len (1..256, already clamped by the parent), allow (room to track one more sub-burst)
module hc_burst_splitter #(
    parameter int ADDR_WIDTH = 32,
    parameter int ID_WIDTH   = 4
) (
    input  logic                  clk,
    input  logic                  rst_n,
    input  logic [8:0]            cfg_len,
    input  logic                  allow,
    input  logic                  tracked_empty,
    // original request
    input  logic [ID_WIDTH-1:0]   in_id,
    input  logic [ADDR_WIDTH-1:0] in_addr,
    input  logic [7:0]            in_len,
    input  logic [2:0]            in_size,
    input  logic [1:0]            in_burst,
    input  logic                  in_lock,
    input  logic [3:0]            in_cache,
    input  logic [2:0]            in_prot,
    input  logic [3:0]            in_qos,
    input  logic                  in_valid,
    output logic                  in_ready,
    // sub-burst
    output logic [ID_WIDTH-1:0]   out_id,
    output logic [ADDR_WIDTH-1:0] out_addr,
    output logic [7:0]            out_len,
    output logic [2:0]            out_size,
    output logic [1:0]            out_burst,
    output logic                  out_lock,
    output logic [3:0]            out_cache,
    output logic [2:0]            out_prot,
    output logic [3:0]            out_qos,
    output logic                  out_valid,
    input  logic                  out_ready,
    // bookkeeping of each issued sub-burst
    output logic                  track_push,
    output logic                  track_last,
    output logic [7:0]            track_len
);
    initial begin
        if (ADDR_WIDTH < 12) $fatal(1, "hc_burst_splitter: ADDR_WIDTH must be >= 12 (got %0d)", ADDR_WIDTH);
        if (ID_WIDTH < 1)    $fatal(1, "hc_burst_splitter: ID_WIDTH must be >= 1 (got %0d)", ID_WIDTH);
    end

    localparam logic [1:0] BURST_FIXED = 2'b00;
    localparam logic [1:0] BURST_INCR  = 2'b01;
    localparam logic [1:0] BURST_WRAP  = 2'b10;

    // Remainder of the original request still to be issued ("cur"), held while sub-bursts go out.
    logic                  cur_valid;
    logic [ID_WIDTH-1:0]   cur_id;
    logic [ADDR_WIDTH-1:0] cur_addr;
    logic [8:0]            cur_beats;      // 1..256 beats left
    logic [2:0]            cur_size;
    logic [1:0]            cur_burst;
    logic                  cur_lock;
    logic [3:0]            cur_cache;
    logic [2:0]            cur_prot;
    logic [3:0]            cur_qos;
    logic [ID_WIDTH-1:0]   last_id;        // ID of the last sub-burst issued

    // Source of the next sub-burst: the remainder if there is one, else the incoming request.
    logic                  src_valid;
    logic [ID_WIDTH-1:0]   src_id;
    logic [ADDR_WIDTH-1:0] src_addr;
    logic [8:0]            src_beats;
    logic [2:0]            src_size;
    logic [1:0]            src_burst;
    logic                  src_lock;

    always_comb begin
        if (cur_valid) begin
            src_valid = 1'b1;       src_id    = cur_id;    src_addr = cur_addr;
            src_beats = cur_beats;  src_size  = cur_size;  src_burst = cur_burst; src_lock = cur_lock;
        end else begin
            src_valid = in_valid;   src_id    = in_id;     src_addr = in_addr;
            src_beats = {1'b0, in_len} + 9'd1;
            src_size  = in_size;    src_burst = in_burst;  src_lock = in_lock;
        end
    end

    // Sub-burst length: min(remaining, nominal, beats to the 4 KB boundary).
    logic [ADDR_WIDTH-1:0] aligned_addr;
    logic [12:0]           beats_to_4k;    // 1..4096
    logic [8:0]            sub_beats;
    logic                  sub_last;
    logic [ADDR_WIDTH-1:0] next_addr;
    logic                  no_split;

    always_comb begin
        aligned_addr = src_addr & ~((ADDR_WIDTH'(1) << src_size) - ADDR_WIDTH'(1));
        beats_to_4k  = (13'd4096 - {1'b0, aligned_addr[11:0]}) >> src_size;
        no_split     = (src_burst == BURST_WRAP) || src_lock;
        sub_beats    = src_beats;
        if (!no_split) begin
            if (cfg_len < sub_beats) sub_beats = cfg_len;
            if (src_burst == BURST_INCR && beats_to_4k < {4'd0, sub_beats}) sub_beats = beats_to_4k[8:0];
        end
        sub_last  = (sub_beats == src_beats);
        next_addr = (src_burst == BURST_FIXED) ? src_addr
                  : aligned_addr + (ADDR_WIDTH'(sub_beats) << src_size);
    end

    wire out_free = !out_valid || out_ready;
    wire id_ok    = tracked_empty || (src_id == last_id);
    wire load     = src_valid && out_free && allow && id_ok;

    // Accept a new original request when nothing is left over, or while the last sub-burst of the
    // remainder is being issued (the new request then waits in "cur" for its first slot).
    assign in_ready = cur_valid ? (load && sub_last) : (out_free && allow && id_ok);

    assign track_push = load;
    assign track_last = sub_last;
    assign track_len  = 8'(sub_beats - 9'd1);

    always_ff @(posedge clk) begin
        if (!rst_n) begin
            out_valid <= 1'b0;
            cur_valid <= 1'b0;
        end else begin
            if (load)           out_valid <= 1'b1;
            else if (out_ready) out_valid <= 1'b0;
            if (cur_valid) begin
                if (load && sub_last) cur_valid <= in_valid;
            end else if (load && !sub_last) begin
                cur_valid <= 1'b1;
            end
        end
    end

    always_ff @(posedge clk) begin
        if (load) begin
            out_id    <= src_id;
            out_addr  <= src_addr;
            out_len   <= 8'(sub_beats - 9'd1);
            out_size  <= src_size;
            out_burst <= src_burst;
            out_lock  <= src_lock;
            out_cache <= cur_valid ? cur_cache : in_cache;
            out_prot  <= cur_valid ? cur_prot  : in_prot;
            out_qos   <= cur_valid ? cur_qos   : in_qos;
            last_id   <= src_id;
        end
        if (cur_valid && load && sub_last) begin
            // next original request waits whole in "cur"
            cur_id    <= in_id;     cur_addr  <= in_addr;   cur_beats <= {1'b0, in_len} + 9'd1;
            cur_size  <= in_size;   cur_burst <= in_burst;  cur_lock  <= in_lock;
            cur_cache <= in_cache;  cur_prot  <= in_prot;   cur_qos   <= in_qos;
        end else if (load && !sub_last) begin
            // remainder of the source after this sub-burst
            cur_addr  <= next_addr;
            cur_beats <= src_beats - sub_beats;
            if (!cur_valid) begin
                cur_id    <= in_id;     cur_size  <= in_size;   cur_burst <= in_burst;
                cur_lock  <= in_lock;   cur_cache <= in_cache;  cur_prot  <= in_prot;
                cur_qos   <= in_qos;
            end
        end
    end
endmodule
