// hc_burst_splitter — address-channel half of the burst equalizer (paper 000, rules R2, R3, R6).
//
// Takes one AXI address request (AR or AW, the logic is the same) and issues it as sub-bursts of at
// most cfg_len beats, in order, one per cycle when the downstream is ready. Each sub-burst is reported
// on the track_* outputs in the cycle it is loaded into the output register, so the data-channel halves
// of the equalizer (R merge, W split, B merge) know its length and whether it ends the original burst.
//
// Latency (cycles, in_valid -> out_valid, idle): 1. Throughput: one sub-burst per cycle; a new original
// request is accepted in the same cycle the last sub-burst of the previous one is issued. Sub-bursts
// leave through an hc_reg_slice; with REGISTER_READY out_ready never reaches the split logic.
//
// Splitting rules
//   INCR   split into sub-bursts of min(remaining, cfg_len, beats to the next 4 KB boundary); the first
//          sub-burst keeps an unaligned start address, the following ones start size-aligned.
//   FIXED  split into sub-bursts of min(remaining, cfg_len), all at the original address.
//   WRAP   passed through unsplit (a wrapping burst is at most 16 beats; splitting it would need
//          wrap-aware address arithmetic for no fairness gain worth the logic).
//   lock   exclusive accesses (AxLOCK = 1) pass through unsplit: splitting would break exclusivity.
//
// IDs: the splitter issues requests whatever their IDs; the sub-bursts leave without one (the equalizer
// sends them all on one ID, so the slave answers them in order) and each one's original ID is reported
// on track_id for the data-channel halves to restore.
//
// Parameters: ADDR_WIDTH (>= 12), ID_WIDTH (>= 1), REGISTER_READY (output slice with registered READY)
// Runtime:    cfg_len (nominal beats - 1, 0..255), allow (room to track one more sub-burst)
module hc_burst_splitter #(
    parameter int ADDR_WIDTH = 32,
    parameter int ID_WIDTH   = 4,
    parameter bit REGISTER_READY = 1'b1
) (
    input  logic                  clk,
    input  logic                  rst_n,
    input  logic [7:0]            cfg_len,      // nominal length - 1 (AxLEN form)
    input  logic                  allow,
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
    // sub-burst (its ID is track_id)
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
    output logic [7:0]            track_len,
    output logic [ID_WIDTH-1:0]   track_id
);
    initial begin
        if (ADDR_WIDTH < 13) $fatal(1, "hc_burst_splitter: ADDR_WIDTH must be >= 13 (got %0d)", ADDR_WIDTH);
        if (ID_WIDTH < 1)    $fatal(1, "hc_burst_splitter: ID_WIDTH must be >= 1 (got %0d)", ID_WIDTH);
    end

    localparam logic [1:0] BURST_FIXED = 2'b00;
    localparam logic [1:0] BURST_INCR  = 2'b01;
    localparam logic [1:0] BURST_WRAP  = 2'b10;

    // All lengths are in AxLEN form (beats - 1, 0..255): no adders on the split decision.

    // Remainder of the original request still to be issued ("cur"), held while sub-bursts go out.
    logic                  cur_valid;
    logic [ID_WIDTH-1:0]   cur_id;
    logic [ADDR_WIDTH-1:0] cur_addr;
    logic [7:0]            cur_len;        // beats left - 1
    logic [2:0]            cur_size;
    logic [1:0]            cur_burst;
    logic                  cur_lock;
    logic [3:0]            cur_cache;
    logic [2:0]            cur_prot;
    logic [3:0]            cur_qos;

    // The split of the source request: sub-burst length, last?, remainder and its start address.
    localparam int HI = ADDR_WIDTH - 12;
    typedef struct packed {
        logic                  last;       // this sub-burst ends the original request
        logic [7:0]            len;        // sub-burst AxLEN
        logic [7:0]            rem;        // remainder AxLEN after it (when !last)
        logic [ADDR_WIDTH-1:0] next_addr;  // remainder start address (when !last)
    } split_t;

    // Sub-burst length limit: the nominal length, and for INCR the beats left in this 4 KB page.
    // (4096 - aligned) >> size = ((~addr[11:0]) >> size) + 1 because the low `size` bits of an aligned
    // address are zero, so the page limit in AxLEN form is a plain shift. Compares run in parallel and
    // both candidate next addresses are computed before the compare selects one. A page-limited INCR
    // sub-burst ends exactly at the page boundary, so its successor starts at the next page.
    function automatic split_t split(input logic [ADDR_WIDTH-1:0] addr, input logic [7:0] len,
                                     input logic [2:0] size, input logic [1:0] burst, input logic lock,
                                     input logic [7:0] nominal);
        split_t     r;
        logic [11:0] page_wide, within_page_next;
        logic [7:0]  page;
        logic        incr, page_limited;
        incr          = (burst == BURST_INCR);
        page_wide     = (~addr[11:0]) >> size;
        page          = (page_wide > 12'd255) ? 8'd255 : page_wide[7:0];
        page_limited  = incr && (page <= nominal);
        r.last        = (burst == BURST_WRAP) || lock || ((len <= nominal) && (!incr || len <= page));
        r.len         = r.last ? len : (page_limited ? page : nominal);
        r.rem         = page_limited ? (len - page - 8'd1) : (len - nominal - 8'd1);
        within_page_next  = (addr[11:0] & ~((12'd1 << size) - 12'd1)) + 12'((13'(nominal) + 13'd1) << size);
        r.next_addr   = (burst == BURST_FIXED) ? addr
                      : page_limited ? {addr[ADDR_WIDTH-1:12] + HI'(1), 12'd0}
                      : {addr[ADDR_WIDTH-1:12], within_page_next};
        return r;
    endfunction

    // Source of the next sub-burst: the remainder if there is one, else the incoming request.
    wire                  src_valid = cur_valid || in_valid;
    wire [ID_WIDTH-1:0]   src_id    = cur_valid ? cur_id    : in_id;
    wire [ADDR_WIDTH-1:0] src_addr  = cur_valid ? cur_addr  : in_addr;
    wire [7:0]            src_len   = cur_valid ? cur_len   : in_len;
    wire [2:0]            src_size  = cur_valid ? cur_size  : in_size;
    wire [1:0]            src_burst = cur_valid ? cur_burst : in_burst;
    wire                  src_lock  = cur_valid ? cur_lock  : in_lock;
    wire split_t          sp        = split(src_addr, src_len, src_size, src_burst, src_lock, cfg_len);
    wire                  sub_last  = sp.last;
    wire [7:0]            sub_len   = sp.len;

    // Sub-bursts leave through a register slice: READY from downstream never reaches `load`.
    localparam int OW = ADDR_WIDTH + 8 + 3 + 2 + 1 + 4 + 3 + 4;
    logic          out_free;
    logic [OW-1:0] out_data;
    wire  [3:0]    src_cache = cur_valid ? cur_cache : in_cache;
    wire  [2:0]    src_prot  = cur_valid ? cur_prot  : in_prot;
    wire  [3:0]    src_qos   = cur_valid ? cur_qos   : in_qos;
    wire           load      = src_valid && out_free && allow;

    hc_reg_slice #(.WIDTH(OW), .REGISTER_READY(REGISTER_READY)) u_out (
        .clk(clk), .rst_n(rst_n),
        .in_data({src_addr, sub_len, src_size, src_burst, src_lock, src_cache, src_prot, src_qos}),
        .in_valid(load), .in_ready(out_free),
        .out_data(out_data), .out_valid(out_valid), .out_ready(out_ready)
    );
    assign {out_addr, out_len, out_size, out_burst, out_lock, out_cache, out_prot, out_qos} = out_data;

    // Accept a new original request when nothing is left over, or while the last sub-burst of the
    // remainder is being issued (the new request then waits in "cur" for its first slot).
    assign in_ready = cur_valid ? (load && sub_last) : (out_free && allow);

    assign track_push = load;
    assign track_last = sub_last;
    assign track_len  = sub_len;
    assign track_id   = src_id;

    always_ff @(posedge clk) begin
        if (!rst_n) begin
            cur_valid <= 1'b0;
        end else begin
            if (load) cur_valid <= cur_valid ? (!sub_last || in_valid) : !sub_last;
        end
    end

    wire take_in = cur_valid && sub_last;   // the remainder ends: the next original moves into "cur"
    always_ff @(posedge clk) begin
        if (load) begin
            // "cur": either the next original whole, or the source's remainder after this sub-burst
            cur_id    <= take_in ? in_id    : src_id;
            cur_addr  <= take_in ? in_addr  : sp.next_addr;
            cur_len   <= take_in ? in_len   : sp.rem;
            cur_size  <= take_in ? in_size  : src_size;
            cur_burst <= take_in ? in_burst : src_burst;
            cur_lock  <= take_in ? in_lock  : src_lock;
            cur_cache <= (take_in || !cur_valid) ? in_cache : cur_cache;
            cur_prot  <= (take_in || !cur_valid) ? in_prot  : cur_prot;
            cur_qos   <= (take_in || !cur_valid) ? in_qos   : cur_qos;
        end
    end
endmodule
