// SPDX-License-Identifier: Apache-2.0
// ps_stream_port — the one AXI4 master port of the ps::stream bridge, shared round-robin by its stream
// units (paper 003, Fig. 1(c)): each unit asks for at most one read and one write transaction at a time;
// reads and writes are arbitrated separately (ps_stream_pick, one grant per unit per round), so data flows
// both ways at once. All transactions use one AXI ID, so R beats and B responses come back in issue order
// and are routed to their unit from two small queues; write data of a data burst is pulled from the
// unit's buffer (it only asks for bursts it has buffered), a pointer write is one beat with WSTRB 0xF.
// Element slots narrower than the bus move in narrow bursts (AxSIZE = log2(ELEM_BYTES), one element per
// beat, on the lanes of its address: the write element is replicated across the bus and WSTRB selects);
// header and pointer transfers use the full bus width.
// RREADY and BREADY are always high: a unit only asks for reads it has room for.
// Latency: request -> grant 1 cycle (the round-robin choice is registered), -> AR/AW valid 1 more cycle
//   (registered); R/B -> unit 0 cycles.
// Parameters: U (units, 1..16), ADDR_WIDTH, DATA_WIDTH, ELEM_BYTES (element width, a power of two
//   1..DATA_WIDTH/8), ID_WIDTH, MAX_RD_OUT / MAX_WR_OUT (transactions in flight per direction, 1..64),
//   AXCACHE (AxCACHE of every transaction).
module ps_stream_port #(
    parameter int         U          = 2,
    parameter int         ADDR_WIDTH = 32,
    parameter int         DATA_WIDTH = 128,
    parameter int         ELEM_BYTES = DATA_WIDTH / 8,
    parameter int         ID_WIDTH   = 1,
    parameter int         MAX_RD_OUT = 4,
    parameter int         MAX_WR_OUT = 4,
    parameter logic [3:0] AXCACHE    = 4'b0011,
    localparam int NB = DATA_WIDTH / 8,
    localparam int EW = ELEM_BYTES * 8,
    localparam int UW = U > 1 ? $clog2(U) : 1
) (
    input  logic                    aclk,
    input  logic                    aresetn,
    // units
    input  logic [U-1:0]            rd_req,
    input  ps_stream_pkg::kind_e    rd_kind [U],
    input  logic [ADDR_WIDTH-1:0]   rd_addr [U],
    input  logic [7:0]              rd_len [U],
    output logic [U-1:0]            rd_grant,
    output logic [U-1:0]            r_valid,
    output ps_stream_pkg::kind_e    r_kind,
    output logic [DATA_WIDTH-1:0]   r_data,
    output logic                    r_last,
    output logic                    r_err,
    input  logic [U-1:0]            wr_req,
    input  ps_stream_pkg::kind_e    wr_kind [U],
    input  logic [ADDR_WIDTH-1:0]   wr_addr [U],
    input  logic [7:0]              wr_len [U],
    input  logic [31:0]             wr_value [U],
    output logic [U-1:0]            wr_grant,
    output logic [U-1:0]            w_pull,
    input  logic [EW-1:0]           w_data [U],
    output logic [U-1:0]            b_valid,
    output ps_stream_pkg::kind_e    b_kind,
    output logic [7:0]              b_len,
    output logic                    b_err,
    // AXI4 master
    output logic [ID_WIDTH-1:0]     m_axi_arid,
    output logic [ADDR_WIDTH-1:0]   m_axi_araddr,
    output logic [7:0]              m_axi_arlen,
    output logic [2:0]              m_axi_arsize,
    output logic [1:0]              m_axi_arburst,
    output logic [3:0]              m_axi_arcache,
    output logic [2:0]              m_axi_arprot,
    output logic                    m_axi_arvalid,
    input  logic                    m_axi_arready,
    input  logic [ID_WIDTH-1:0]     m_axi_rid,
    input  logic [DATA_WIDTH-1:0]   m_axi_rdata,
    input  logic [1:0]              m_axi_rresp,
    input  logic                    m_axi_rlast,
    input  logic                    m_axi_rvalid,
    output logic                    m_axi_rready,
    output logic [ID_WIDTH-1:0]     m_axi_awid,
    output logic [ADDR_WIDTH-1:0]   m_axi_awaddr,
    output logic [7:0]              m_axi_awlen,
    output logic [2:0]              m_axi_awsize,
    output logic [1:0]              m_axi_awburst,
    output logic [3:0]              m_axi_awcache,
    output logic [2:0]              m_axi_awprot,
    output logic                    m_axi_awvalid,
    input  logic                    m_axi_awready,
    output logic [DATA_WIDTH-1:0]   m_axi_wdata,
    output logic [NB-1:0]           m_axi_wstrb,
    output logic                    m_axi_wlast,
    output logic                    m_axi_wvalid,
    input  logic                    m_axi_wready,
    input  logic [ID_WIDTH-1:0]     m_axi_bid,
    input  logic [1:0]              m_axi_bresp,
    input  logic                    m_axi_bvalid,
    output logic                    m_axi_bready
);
    initial begin
        if (U < 1 || U > 16) $fatal(1, "ps_stream_port: U must be 1..16 (got %0d)", U);
        if (MAX_RD_OUT < 1 || MAX_RD_OUT > 64 || MAX_WR_OUT < 1 || MAX_WR_OUT > 64)
            $fatal(1, "ps_stream_port: MAX_RD_OUT and MAX_WR_OUT must be 1..64");
        if (ELEM_BYTES < 1 || ELEM_BYTES > NB || (ELEM_BYTES & (ELEM_BYTES - 1)) != 0)
            $fatal(1, "ps_stream_port: ELEM_BYTES must be a power of two 1..DATA_WIDTH/8 (got %0d)", ELEM_BYTES);
    end
    localparam logic [2:0] SIZE  = 3'($clog2(NB));          // header and pointers
    localparam logic [2:0] ESIZE = 3'($clog2(ELEM_BYTES));  // element slots
    localparam int         K     = NB / ELEM_BYTES;         // elements per bus word
    localparam int         LW    = K > 1 ? $clog2(K) : 1;

    // ---------------- reads
    // the round-robin choice is registered (ps_stream_pick): arbitration and request mux are not one path
    logic [UW-1:0] ar_sel;
    logic          ar_take, rq_full, rq_empty;
    logic [UW+2-1:0] rq_head;                 // {unit, kind} of the oldest read in flight
    logic [$clog2(MAX_RD_OUT + 1)-1:0] rq_count_unused;
    ps_stream_pick #(.U(U), .UW(UW)) u_ar_pick (
        .aclk, .aresetn, .req(rd_req), .ready((!m_axi_arvalid || m_axi_arready) && !rq_full), .take(ar_take),
        .sel(ar_sel), .grant(rd_grant)
    );
    hc_fifo #(.WIDTH(UW + 2), .DEPTH(MAX_RD_OUT)) u_rq (
        .clk(aclk), .rst_n(aresetn), .push(ar_take), .push_data({ar_sel, rd_kind[ar_sel]}),
        .pop(m_axi_rvalid && m_axi_rlast && !rq_empty), .head(rq_head), .empty(rq_empty), .full(rq_full),
        .count(rq_count_unused)
    );
    always_ff @(posedge aclk) begin
        if (!aresetn) begin
            m_axi_arvalid <= 1'b0; m_axi_araddr <= '0; m_axi_arlen <= '0; m_axi_arsize <= SIZE;
        end else if (ar_take) begin
            m_axi_arvalid <= 1'b1;
            m_axi_araddr  <= rd_addr[ar_sel];
            m_axi_arlen   <= rd_len[ar_sel];
            m_axi_arsize  <= rd_kind[ar_sel] == ps_stream_pkg::K_DATA ? ESIZE : SIZE;
        end else if (m_axi_arready) begin
            m_axi_arvalid <= 1'b0;
        end
    end
    assign m_axi_arid    = '0;
    assign m_axi_arburst = 2'b01;
    assign m_axi_arcache = AXCACHE;
    assign m_axi_arprot  = 3'b000;
    assign m_axi_rready  = 1'b1;
    always_comb begin
        r_valid = '0;
        if (m_axi_rvalid && !rq_empty) r_valid[rq_head[UW+1:2]] = 1'b1;
    end
    assign r_kind = ps_stream_pkg::kind_e'(rq_head[1:0]);
    assign r_data = m_axi_rdata;
    assign r_last = m_axi_rlast;
    assign r_err  = m_axi_rresp[1];

    // ---------------- writes
    logic [UW-1:0] aw_sel;                    // the round-robin choice, registered as for reads
    logic          aw_take, wq_full, wq_empty, bq_full, bq_empty;
    typedef struct packed {
        logic [UW-1:0] unit;
        ps_stream_pkg::kind_e         kind;
        logic [7:0]    len;
        logic [31:0]   value;
        logic [LW-1:0] lane;          // element lane of the first beat (narrow data bursts)
    } wentry_t;
    wentry_t wq_head, wq_push;
    logic [UW+2+8-1:0] bq_head;
    logic [$clog2(MAX_WR_OUT + 1)-1:0] wq_count_unused, bq_count_unused;
    logic [7:0] w_beat;
    logic [LW-1:0] w_lane;                    // element lane of the current W beat
    ps_stream_pick #(.U(U), .UW(UW)) u_aw_pick (
        .aclk, .aresetn, .req(wr_req), .ready((!m_axi_awvalid || m_axi_awready) && !wq_full && !bq_full),
        .take(aw_take), .sel(aw_sel), .grant(wr_grant)
    );
    assign wq_push = '{unit: aw_sel, kind: wr_kind[aw_sel], len: wr_len[aw_sel], value: wr_value[aw_sel],
                       lane: LW'(wr_addr[aw_sel] >> $clog2(ELEM_BYTES))};   // unused (w_lane 0) if K == 1
    wire w_fire   = m_axi_wvalid && m_axi_wready;
    wire w_end    = w_beat == wq_head.len;
    hc_fifo #(.WIDTH($bits(wentry_t)), .DEPTH(MAX_WR_OUT)) u_wq (
        .clk(aclk), .rst_n(aresetn), .push(aw_take), .push_data(wq_push), .pop(w_fire && w_end),
        .head(wq_head), .empty(wq_empty), .full(wq_full), .count(wq_count_unused)
    );
    hc_fifo #(.WIDTH(UW + 2 + 8), .DEPTH(MAX_WR_OUT)) u_bq (
        .clk(aclk), .rst_n(aresetn), .push(aw_take), .push_data({aw_sel, wr_kind[aw_sel], wr_len[aw_sel]}),
        .pop(m_axi_bvalid && !bq_empty), .head(bq_head), .empty(bq_empty), .full(bq_full),
        .count(bq_count_unused)
    );
    always_ff @(posedge aclk) begin
        if (!aresetn) begin
            m_axi_awvalid <= 1'b0; m_axi_awaddr <= '0; m_axi_awlen <= '0; m_axi_awsize <= SIZE; w_beat <= '0;
        end else begin
            if (aw_take) begin
                m_axi_awvalid <= 1'b1;
                m_axi_awaddr  <= wr_addr[aw_sel];
                m_axi_awlen   <= wr_len[aw_sel];
                m_axi_awsize  <= wr_kind[aw_sel] == ps_stream_pkg::K_DATA ? ESIZE : SIZE;
            end else if (m_axi_awready) begin
                m_axi_awvalid <= 1'b0;
            end
            if (w_fire) w_beat <= w_end ? 8'd0 : w_beat + 8'd1;
        end
    end
    assign m_axi_awid    = '0;
    assign m_axi_awburst = 2'b01;
    assign m_axi_awcache = AXCACHE;
    assign m_axi_awprot  = 3'b000;
    wire pointer = wq_head.kind != ps_stream_pkg::K_DATA;
    assign m_axi_wvalid = !wq_empty;
    assign m_axi_wlast  = w_end;
    // the lane of a data beat: the burst's first lane, + 1 per beat (mod K: narrow INCR addresses)
    assign w_lane       = K > 1 ? LW'(wq_head.lane + LW'(w_beat)) : '0;
    assign m_axi_wdata  = pointer ? DATA_WIDTH'(wq_head.value) : {K{w_data[wq_head.unit]}};
    assign m_axi_wstrb  = pointer ? NB'(4'hF) : NB'({ELEM_BYTES{1'b1}}) << (32'(w_lane) * ELEM_BYTES);
    always_comb begin
        w_pull = '0;
        if (w_fire && !pointer) w_pull[wq_head.unit] = 1'b1;
    end
    assign m_axi_bready = 1'b1;
    always_comb begin
        b_valid = '0;
        if (m_axi_bvalid && !bq_empty) b_valid[bq_head[UW+10-1:10]] = 1'b1;
    end
    assign b_kind = ps_stream_pkg::kind_e'(bq_head[9:8]);
    assign b_len  = bq_head[7:0];
    assign b_err  = m_axi_bresp[1];

    wire unused = &{1'b0, m_axi_rid, m_axi_bid, m_axi_rresp[0], m_axi_bresp[0]};
endmodule
