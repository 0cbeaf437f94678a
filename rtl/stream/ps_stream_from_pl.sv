// SPDX-License-Identifier: Apache-2.0
// ps_stream_from_pl — one PL->PS stream of the ps::stream bridge (paper 003, Fig. 1(c)): the bridge is the
// stream's producer. Elements from s_axis collect in its buffer; it writes them into the ring's slots in
// bursts (a full burst as soon as one is buffered, a shorter one once the input has paused IDLE cycles),
// reads the consumer's head only when its cached copy says the ring has no room, and writes tail only
// after the write responses of the data it covers have come back (the consumer must never see a tail
// ahead of data it cannot yet read). One tail write in flight; the next covers everything done by then.
// While the ring stays full it reads head at most once per POLL_GAP cycles.
//
// On enable it reads the header (refused: STATUS error code, never a hang) and its own tail (a stream can
// be resumed), then runs. Clearing enable stops new bursts; the unit goes idle once what it has in flight
// has completed and tail is published. An AXI error response stops the stream (E_BUS).
// Latency: a full burst is asked for 2 cycles after its last element is buffered (its size is registered);
//   its elements are visible to the consumer one write response + one tail write later. A unit asks for
//   at most one data burst every 2 cycles.
// Parameters: ADDR_WIDTH, DATA_WIDTH (the AXI bus), ELEM_BYTES (element = slot width, a power of two
//   1..DATA_WIDTH/8: narrower elements move in narrow bursts, the port puts each on its lanes), MAX_BURST
//   (beats = elements, power of two 1..256), BUF_DEPTH (elements, >= MAX_BURST), IDLE (cycles without input before a short burst goes, >= 1),
//   POLL_GAP (cycles between head reads that free nothing, 0..65535).
// Assumes: the port grants one request at a time, pulls W beats of this unit's data bursts in order and
//   returns R beats / B responses of this unit's transactions in order with kind and length.
module ps_stream_from_pl #(
    parameter int ADDR_WIDTH = 32,
    parameter int DATA_WIDTH = 128,
    parameter int ELEM_BYTES = DATA_WIDTH / 8,
    parameter int MAX_BURST  = 64,
    parameter int BUF_DEPTH  = 256,
    parameter int POLL_GAP   = 32,
    parameter int IDLE       = 4,
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
    output logic [31:0]           elements,        // taken from s_axis since the last enable
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
    input  logic                  w_pull,          // the port sends the buffer's head as a W beat
    output logic [EW-1:0]         w_data,
    input  logic                  b_valid,
    input  ps_stream_pkg::kind_e               b_kind,
    input  logic [7:0]            b_len,
    input  logic                  b_err,
    // the stream from the fabric
    input  logic [EW-1:0]         s_axis_tdata,
    input  logic                  s_axis_tvalid,
    output logic                  s_axis_tready
);
    localparam int HDR_BEATS = ps_stream_pkg::HDR_BYTES > NB ? ps_stream_pkg::HDR_BYTES / NB : 1;   // beats of the header read
    localparam int CW        = $clog2(BUF_DEPTH + 1);
    initial begin
        if (DATA_WIDTH < 32 || DATA_WIDTH > 1024 || (DATA_WIDTH & (DATA_WIDTH - 1)) != 0)
            $fatal(1, "ps_stream_from_pl: DATA_WIDTH must be a power of two 32..1024 (got %0d)", DATA_WIDTH);
        if (MAX_BURST < 1 || MAX_BURST > 256 || (MAX_BURST & (MAX_BURST - 1)) != 0)
            $fatal(1, "ps_stream_from_pl: MAX_BURST must be a power of two 1..256 (got %0d)", MAX_BURST);
        if (BUF_DEPTH < MAX_BURST) $fatal(1, "ps_stream_from_pl: BUF_DEPTH must be >= MAX_BURST");
        if (IDLE < 1) $fatal(1, "ps_stream_from_pl: IDLE must be >= 1");
        if (POLL_GAP < 0 || POLL_GAP > 65535) $fatal(1, "ps_stream_from_pl: POLL_GAP must be 0..65535");
        if (ELEM_BYTES < 1 || ELEM_BYTES > NB || (ELEM_BYTES & (ELEM_BYTES - 1)) != 0)
            $fatal(1, "ps_stream_from_pl: ELEM_BYTES must be a power of two 1..DATA_WIDTH/8 (got %0d)", ELEM_BYTES);
        if (ADDR_WIDTH < 13 || ADDR_WIDTH > 64) $fatal(1, "ps_stream_from_pl: ADDR_WIDTH must be 13..64");
    end

    typedef enum logic [2:0] {S_IDLE, S_HDR, S_TAIL, S_RUN, S_STOP, S_ERR} state_e;
    state_e state;

    logic [31:0] mask;                 // capacity - 1
    logic [31:0] tail_iss;             // slots covered by issued data bursts
    logic [31:0] tail_done;            // ... whose write response came back
    logic [31:0] tail_pub;             // value of the last tail write issued
    logic [31:0] head_c;               // cached head
    logic        head_pend, tail_pend, hdr_pend, tail_wr_pend;
    logic [7:0]  rd_out, wr_out;       // transactions in flight
    logic [CW-1:0] claimed;            // buffered beats that belong to issued bursts, not yet sent
    logic [$clog2(IDLE + 1)-1:0] idle_cnt;

    // ---- buffer
    logic [CW-1:0] count;
    logic          buf_empty_unused, buf_full;
    assign s_axis_tready = !buf_full && state != S_ERR;
    wire   in_fire = s_axis_tvalid && s_axis_tready;
    hc_fifo #(.WIDTH(EW), .DEPTH(BUF_DEPTH)) u_buf (
        .clk(aclk), .rst_n(aresetn), .push(in_fire), .push_data(s_axis_tdata), .pop(w_pull),
        .head(w_data), .empty(buf_empty_unused), .full(buf_full), .count
    );

    // ---- the layout header, checked as its last beat arrives
    logic        hdr_done;
    ps_stream_pkg::error_e      hdr_error;
    logic [31:0] hdr_mask;
    ps_stream_header #(.DATA_WIDTH(DATA_WIDTH), .ELEM_BYTES(ELEM_BYTES)) u_header (
        .aclk, .aresetn, .beat(r_valid && r_kind == ps_stream_pkg::K_HDR), .data(r_data), .last(r_last), .done(hdr_done),
        .error(hdr_error), .mask(hdr_mask)
    );

    // ---- the next data burst
    wire [31:0] avail    = 32'(count) - 32'(claimed);
    wire [31:0] room     = (mask + 32'd1) - (tail_iss - head_c);
    // sized one cycle ahead (ps_stream_burst): avail and room only grow except at an issue; shape is the
    // longest burst the ring's geometry allows (a shorter one waits for IDLE)
    logic [31:0]           n, shape;
    logic [ADDR_WIDTH-1:0] data_addr;
    ps_stream_burst #(.ADDR_WIDTH(ADDR_WIDTH), .ELEM_BYTES(ELEM_BYTES), .MAX_BURST(MAX_BURST)) u_burst (
        .aclk, .aresetn, .run(state == S_RUN), .issued(wr_req && wr_grant && wr_kind == ps_stream_pkg::K_DATA),
        .base(cfg_base), .mask, .index(tail_iss), .avail, .room, .n, .shape, .addr(data_addr)
    );
    wire paused    = idle_cnt == ($clog2(IDLE + 1))'(IDLE);
    wire want_data = state == S_RUN && n != 0 && (n == shape || paused);
    // a stream whose ring is full polls head at most once per POLL_GAP cycles (after a read that freed nothing)
    localparam int GW = $clog2(POLL_GAP + 2);
    logic [GW-1:0] gap;
    // (the "no room" test is registered too: a head read one cycle late, or one too many, costs nothing)
    logic no_room;
    always_ff @(posedge aclk) no_room <= aresetn && room < (avail < shape ? avail : shape);
    wire want_head = state == S_RUN && no_room && !head_pend && gap == '0;
    wire want_tail = (state == S_RUN || state == S_STOP) && tail_done != tail_pub && !tail_wr_pend;

    always_comb begin
        rd_req  = 1'b0;
        rd_kind = ps_stream_pkg::K_HEAD;
        rd_addr = cfg_base + ADDR_WIDTH'(ps_stream_pkg::HEAD_OFFSET);
        rd_len  = '0;
        if (state == S_HDR && !hdr_pend) begin
            rd_req = 1'b1; rd_kind = ps_stream_pkg::K_HDR; rd_addr = cfg_base; rd_len = 8'(HDR_BEATS - 1);
        end else if (state == S_TAIL && !tail_pend) begin
            rd_req = 1'b1; rd_kind = ps_stream_pkg::K_TAIL; rd_addr = cfg_base + ADDR_WIDTH'(ps_stream_pkg::TAIL_OFFSET);
        end else if (want_head) begin
            rd_req = 1'b1;
        end
    end
    always_comb begin
        wr_req   = want_tail || want_data;
        wr_kind  = want_tail ? ps_stream_pkg::K_TAIL : ps_stream_pkg::K_DATA;
        wr_addr  = want_tail ? cfg_base + ADDR_WIDTH'(ps_stream_pkg::TAIL_OFFSET) : data_addr;
        wr_len   = want_tail ? 8'd0 : 8'(n - 32'd1);
        wr_value = tail_done;
    end

    wire rd_fire = rd_req && rd_grant;
    wire wr_fire = wr_req && wr_grant;
    wire rd_done = r_valid && r_last;
    wire quiet   = rd_out == '0 && wr_out == '0 && !rd_fire && !wr_fire;

    always_ff @(posedge aclk) begin
        if (!aresetn) begin
            state <= S_IDLE; error <= ps_stream_pkg::E_NONE; mask <= '0; tail_iss <= '0; tail_done <= '0; tail_pub <= '0;
            head_c <= '0; head_pend <= 1'b0; tail_pend <= 1'b0; hdr_pend <= 1'b0; tail_wr_pend <= 1'b0;
            rd_out <= '0; wr_out <= '0; claimed <= '0; idle_cnt <= '0; gap <= '0;
            elements <= '0;
        end else begin
            rd_out  <= rd_out + 8'(rd_fire) - 8'(rd_done);
            if (gap != '0) gap <= gap - 1'b1;
            wr_out  <= wr_out + 8'(wr_fire) - 8'(b_valid);
            claimed <= claimed + (wr_fire && wr_kind == ps_stream_pkg::K_DATA ? CW'(n) : '0) - CW'(w_pull);
            if (in_fire) elements <= elements + 32'd1;
            if (in_fire || !paused && count == '0) idle_cnt <= '0;
            else if (!paused)                       idle_cnt <= idle_cnt + 1'b1;
            if (rd_fire) begin
                case (rd_kind)
                    ps_stream_pkg::K_HDR:   hdr_pend <= 1'b1;
                    ps_stream_pkg::K_TAIL:  tail_pend <= 1'b1;
                    default: head_pend <= 1'b1;
                endcase
            end
            if (wr_fire) begin
                if (wr_kind == ps_stream_pkg::K_TAIL) begin
                    tail_wr_pend <= 1'b1;
                    tail_pub     <= tail_done;
                end else begin
                    tail_iss <= tail_iss + n;
                end
            end
            if (b_valid) begin
                if (b_kind == ps_stream_pkg::K_TAIL) tail_wr_pend <= 1'b0;
                else                  tail_done <= tail_done + 32'(b_len) + 32'd1;
            end
            if (r_valid) begin
                case (r_kind)
                    ps_stream_pkg::K_HDR:   if (r_last) hdr_pend <= 1'b0;
                    ps_stream_pkg::K_TAIL:  tail_pend <= 1'b0;
                    default: begin
                        head_pend <= 1'b0;
                        if (state == S_RUN || state == S_STOP) head_c <= r_data[31:0];
                        if (r_data[31:0] == head_c) gap <= GW'(POLL_GAP);
                    end
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
                            state <= S_TAIL;
                            mask  <= hdr_mask;
                        end
                    end
                    S_TAIL: if (r_valid && r_kind == ps_stream_pkg::K_TAIL) begin
                        // resume from the published tail; the head is read when room runs out
                        tail_iss <= r_data[31:0]; tail_done <= r_data[31:0]; tail_pub <= r_data[31:0];
                        head_c   <= r_data[31:0] - (mask + 32'd1);      // assume full until head is read
                        state    <= cfg_enable ? S_RUN : S_STOP;
                    end
                    S_RUN: if (!cfg_enable) state <= S_STOP;
                    S_STOP: if (quiet && tail_done == tail_pub && !head_pend) state <= S_IDLE;
                    S_ERR: if (!cfg_enable && quiet) state <= S_IDLE;
                    default: state <= S_IDLE;
                endcase
            end
        end
    end
    assign running = state == S_RUN;
    assign busy    = state != S_IDLE;
endmodule
