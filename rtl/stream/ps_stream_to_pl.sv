// SPDX-License-Identifier: Apache-2.0
// ps_stream_to_pl — one PS->PL stream of the ps::stream bridge (paper 003, Fig. 1(c)): the bridge is the
// stream's consumer. It reads the producer's tail only when its cached copy says the ring is empty, reads
// ready slots in bursts into its buffer (up to the ring's wrap, a 4 KB boundary, MAX_BURST beats and the
// room left in the buffer, several bursts in flight), hands the elements out on AXI4-Stream, and writes
// head once the data of a burst has arrived (one pointer write in flight; the next covers everything
// received by then). An idle stream reads tail at most once per POLL_GAP cycles, so idle streams leave
// the port to busy ones.
//
// On enable it reads the header (refused: STATUS error code, never a hang), then its own head (a stream
// can be resumed), and runs. Clearing enable stops new requests; the unit goes idle once what it has in
// flight has completed and head is published. An AXI error response stops the stream (E_BUS).
// Latency: an element in the ring reaches m_axis the memory's read latency + 1 cycle after its burst's
//   AR, plus a tail read when the cached tail was exhausted; a burst is asked for 1 cycle after the data
//   for it is known (its size is registered), and a unit asks for at most one data burst every 2 cycles.
// Parameters: ADDR_WIDTH, DATA_WIDTH (the AXI bus), ELEM_BYTES (element = slot width, a power of two
//   1..DATA_WIDTH/8: narrower elements move in narrow bursts, one element per beat), MAX_BURST (beats =
//   elements, power of two 1..256), BUF_DEPTH (elements, >= MAX_BURST), POLL_GAP (cycles between tail
//   reads that find nothing new, 0..65535).
// Assumes: the port grants one request at a time and returns R beats / B responses of this unit's
//   transactions in order with their kind (the bridge uses one AXI ID).
module ps_stream_to_pl #(
    parameter int ADDR_WIDTH = 32,
    parameter int DATA_WIDTH = 128,
    parameter int ELEM_BYTES = DATA_WIDTH / 8,
    parameter int MAX_BURST  = 64,
    parameter int BUF_DEPTH  = 256,
    parameter int POLL_GAP   = 32,
    localparam int NB = DATA_WIDTH / 8,
    localparam int EW = ELEM_BYTES * 8
) (
    input  logic                  aclk,
    input  logic                  aresetn,
    input  logic                  cfg_enable,
    input  logic [ADDR_WIDTH-1:0] cfg_base,
    output logic                  running,
    output logic                  busy,            // not idle: serving, finishing, or stopped with an error
    output ps_stream_pkg::error_e              error,
    output logic [31:0]           elements,        // handed out on m_axis since the last enable
    // requests to the port
    output logic                  rd_req,
    output ps_stream_pkg::kind_e               rd_kind,
    output logic [ADDR_WIDTH-1:0] rd_addr,
    output logic [7:0]            rd_len,
    input  logic                  rd_grant,
    input  logic                  r_valid,
    input  ps_stream_pkg::kind_e               r_kind,
    input  logic [DATA_WIDTH-1:0] r_data,
    input  logic                  r_last,
    input  logic                  r_err,
    output logic                  wr_req,
    output ps_stream_pkg::kind_e               wr_kind,
    output logic [ADDR_WIDTH-1:0] wr_addr,
    output logic [7:0]            wr_len,
    output logic [31:0]           wr_value,
    input  logic                  wr_grant,
    input  logic                  b_valid,
    input  logic                  b_err,
    // the stream towards the fabric
    output logic [EW-1:0]         m_axis_tdata,
    output logic                  m_axis_tvalid,
    input  logic                  m_axis_tready
);
    localparam int HDR_BEATS = ps_stream_pkg::HDR_BYTES > NB ? ps_stream_pkg::HDR_BYTES / NB : 1;   // beats of the header read
    localparam int CW        = $clog2(BUF_DEPTH + 1);
    initial begin
        if (DATA_WIDTH < 32 || DATA_WIDTH > 1024 || (DATA_WIDTH & (DATA_WIDTH - 1)) != 0)
            $fatal(1, "ps_stream_to_pl: DATA_WIDTH must be a power of two 32..1024 (got %0d)", DATA_WIDTH);
        if (MAX_BURST < 1 || MAX_BURST > 256 || (MAX_BURST & (MAX_BURST - 1)) != 0)
            $fatal(1, "ps_stream_to_pl: MAX_BURST must be a power of two 1..256 (got %0d)", MAX_BURST);
        if (BUF_DEPTH < MAX_BURST) $fatal(1, "ps_stream_to_pl: BUF_DEPTH must be >= MAX_BURST");
        if (ELEM_BYTES < 1 || ELEM_BYTES > NB || (ELEM_BYTES & (ELEM_BYTES - 1)) != 0)
            $fatal(1, "ps_stream_to_pl: ELEM_BYTES must be a power of two 1..DATA_WIDTH/8 (got %0d)", ELEM_BYTES);
        if (ADDR_WIDTH < 13 || ADDR_WIDTH > 64) $fatal(1, "ps_stream_to_pl: ADDR_WIDTH must be 13..64");
        if (POLL_GAP < 0 || POLL_GAP > 65535) $fatal(1, "ps_stream_to_pl: POLL_GAP must be 0..65535");
    end

    typedef enum logic [2:0] {S_IDLE, S_HDR, S_HEAD, S_RUN, S_STOP, S_ERR} state_e;
    state_e state;

    logic [31:0] mask;                 // capacity - 1
    logic [31:0] head_res;             // slots requested so far
    logic [31:0] head_rcv;             // slots received into the buffer
    logic [31:0] head_pub;             // value of the last head write issued
    logic [31:0] tail_c;               // cached tail
    logic        tail_pend, head_pend, hdr_pend, wr_pend;
    logic [7:0]  rd_out;               // read bursts in flight

    // ---- the layout header, checked as its last beat arrives
    logic        hdr_done;
    ps_stream_pkg::error_e      hdr_error;
    logic [31:0] hdr_mask;
    ps_stream_header #(.DATA_WIDTH(DATA_WIDTH), .ELEM_BYTES(ELEM_BYTES)) u_header (
        .aclk, .aresetn, .beat(r_valid && r_kind == ps_stream_pkg::K_HDR), .data(r_data), .last(r_last), .done(hdr_done),
        .error(hdr_error), .mask(hdr_mask)
    );

    // ---- buffer. A data beat carries one element, on the lanes of its slot's address: slot i sits at
    // DATA_OFFSET + (i & mask) * ELEM_BYTES from a 128-byte aligned base, so its lane is (i & mask) mod K
    localparam int K = NB / ELEM_BYTES;
    logic [EW-1:0] r_elem;
    if (K > 1) begin : g_lane
        wire [$clog2(K)-1:0] lane = head_rcv[$clog2(K)-1:0] & mask[$clog2(K)-1:0];
        assign r_elem = r_data[32'(lane) * EW +: EW];
    end else begin : g_full
        assign r_elem = r_data;
    end
    logic [CW-1:0] count;
    logic          buf_empty, buf_full_unused;
    wire           push = r_valid && r_kind == ps_stream_pkg::K_DATA && state != S_ERR;
    hc_fifo #(.WIDTH(EW), .DEPTH(BUF_DEPTH)) u_buf (
        .clk(aclk), .rst_n(aresetn), .push, .push_data(r_elem), .pop(m_axis_tvalid && m_axis_tready),
        .head(m_axis_tdata), .empty(buf_empty), .full(buf_full_unused), .count
    );
    assign m_axis_tvalid = !buf_empty;

    // ---- the next data burst: as many ready slots as fit before the wrap, 4 KB, MAX_BURST and the room
    wire [31:0] avail    = tail_c - head_res;
    wire [31:0] inflight = head_res - head_rcv;
    wire [31:0] room     = 32'(BUF_DEPTH) - 32'(count) - inflight;
    // sized one cycle ahead (ps_stream_burst): avail and room only grow except at an issue
    logic [31:0]           n, shape_unused;
    logic [ADDR_WIDTH-1:0] data_addr;
    ps_stream_burst #(.ADDR_WIDTH(ADDR_WIDTH), .ELEM_BYTES(ELEM_BYTES), .MAX_BURST(MAX_BURST)) u_burst (
        .aclk, .aresetn, .run(state == S_RUN), .issued(rd_req && rd_grant && rd_kind == ps_stream_pkg::K_DATA),
        .base(cfg_base), .mask, .index(head_res), .avail, .room, .n, .shape(shape_unused), .addr(data_addr)
    );
    wire want_data = state == S_RUN && n != 0;
    // an idle stream polls tail at most once per POLL_GAP cycles (after a read that brought nothing new)
    localparam int GW = $clog2(POLL_GAP + 2);
    logic [GW-1:0] gap;
    wire want_tail = state == S_RUN && avail == 0 && !tail_pend && gap == '0;

    always_comb begin
        rd_req  = 1'b0;
        rd_kind = ps_stream_pkg::K_DATA;
        rd_addr = data_addr;
        rd_len  = 8'(n - 32'd1);
        if (state == S_HDR && !hdr_pend) begin
            rd_req = 1'b1; rd_kind = ps_stream_pkg::K_HDR; rd_addr = cfg_base; rd_len = 8'(HDR_BEATS - 1);
        end else if (state == S_HEAD && !head_pend) begin
            rd_req = 1'b1; rd_kind = ps_stream_pkg::K_HEAD; rd_addr = cfg_base + ADDR_WIDTH'(ps_stream_pkg::HEAD_OFFSET); rd_len = '0;
        end else if (want_data) begin
            rd_req = 1'b1;
        end else if (want_tail) begin
            rd_req = 1'b1; rd_kind = ps_stream_pkg::K_TAIL; rd_addr = cfg_base + ADDR_WIDTH'(ps_stream_pkg::TAIL_OFFSET); rd_len = '0;
        end
    end

    // ---- publish head: everything received, one write in flight
    assign wr_req   = (state == S_RUN || state == S_STOP) && head_rcv != head_pub && !wr_pend;
    assign wr_kind  = ps_stream_pkg::K_HEAD;
    assign wr_addr  = cfg_base + ADDR_WIDTH'(ps_stream_pkg::HEAD_OFFSET);
    assign wr_len   = '0;
    assign wr_value = head_rcv;

    wire rd_fire   = rd_req && rd_grant;
    wire rd_done   = r_valid && r_last;
    wire quiet     = rd_out == '0 && !wr_pend && !(rd_fire);

    always_ff @(posedge aclk) begin
        if (!aresetn) begin
            state <= S_IDLE; error <= ps_stream_pkg::E_NONE; mask <= '0; head_res <= '0; head_rcv <= '0; head_pub <= '0;
            tail_c <= '0; tail_pend <= 1'b0; head_pend <= 1'b0; hdr_pend <= 1'b0; wr_pend <= 1'b0;
            rd_out <= '0; elements <= '0; gap <= '0;
        end else begin
            rd_out <= rd_out + 8'(rd_fire) - 8'(rd_done);
            if (gap != '0) gap <= gap - 1'b1;
            if (m_axis_tvalid && m_axis_tready) elements <= elements + 32'd1;
            if (rd_fire) begin
                case (rd_kind)
                    ps_stream_pkg::K_HDR:  hdr_pend <= 1'b1;
                    ps_stream_pkg::K_HEAD: head_pend <= 1'b1;
                    ps_stream_pkg::K_TAIL: tail_pend <= 1'b1;
                    ps_stream_pkg::K_DATA: head_res <= head_res + n;
                endcase
            end
            if (wr_req && wr_grant) begin
                wr_pend  <= 1'b1;
                head_pub <= head_rcv;
            end
            if (b_valid) wr_pend <= 1'b0;
            if (r_valid) begin
                case (r_kind)
                    ps_stream_pkg::K_HDR:   if (r_last) hdr_pend <= 1'b0;
                    ps_stream_pkg::K_HEAD: head_pend <= 1'b0;
                    ps_stream_pkg::K_TAIL: begin
                        tail_pend <= 1'b0;
                        if (state == S_RUN || state == S_STOP) tail_c <= r_data[31:0];
                        if (r_data[31:0] == head_res) gap <= GW'(POLL_GAP);
                    end
                    ps_stream_pkg::K_DATA: head_rcv <= head_rcv + 32'd1;
                endcase
            end
            if ((r_valid && r_err) || (b_valid && b_err)) begin
                state <= S_ERR;
                error <= ps_stream_pkg::E_BUS;
            end else begin
                case (state)
                    S_IDLE: if (cfg_enable) begin
                        state <= S_HDR; error <= ps_stream_pkg::E_NONE; elements <= '0;
                    end
                    S_HDR: if (hdr_done) begin
                        if (hdr_error != ps_stream_pkg::E_NONE) begin
                            state <= S_ERR;
                            error <= hdr_error;
                        end else begin
                            state <= S_HEAD;
                            mask  <= hdr_mask;
                        end
                    end
                    S_HEAD: if (r_valid && r_kind == ps_stream_pkg::K_HEAD) begin
                        head_res <= r_data[31:0]; head_rcv <= r_data[31:0]; head_pub <= r_data[31:0];
                        tail_c   <= r_data[31:0];
                        state    <= cfg_enable ? S_RUN : S_STOP;
                    end
                    S_RUN: if (!cfg_enable) state <= S_STOP;
                    S_STOP: if (quiet && head_rcv == head_pub && !tail_pend) state <= S_IDLE;
                    S_ERR: if (!cfg_enable && quiet) state <= S_IDLE;
                    default: state <= S_IDLE;
                endcase
            end
        end
    end
    assign running = state == S_RUN;
    assign busy    = state != S_IDLE;
endmodule
