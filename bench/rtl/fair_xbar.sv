// SPDX-License-Identifier: Apache-2.0
// fair_xbar — S_COUNT ports, each with an axi_burst_equalizer (EQUALIZE = 1) or a plain wire
// (EQUALIZE = 0, the "stock" interconnect), in front of one axi_exbar. Bench and synthesis wrapper:
// the demo uses it both ways, `make synth` measures it with EQUALIZE = 1 ("3 ABEs + crossbar").
// Latency = equalizer + crossbar: AR/AW 2 (1 bare), W/R/B 0. Ports as axi_exbar (packed per port).
module fair_xbar #(
    parameter int S_COUNT     = 3,
    parameter int EQUALIZE    = 1,
    parameter int ADDR_WIDTH  = 32,
    parameter int DATA_WIDTH  = 64,
    parameter int ID_WIDTH    = 4,
    parameter int TRACK_DEPTH = 16,
    localparam int N          = S_COUNT,
    localparam int AW         = ADDR_WIDTH,
    localparam int IDW        = ID_WIDTH,
    localparam int NB         = DATA_WIDTH / 8,
    localparam int MIDW       = ID_WIDTH + ((S_COUNT > 1) ? $clog2(S_COUNT) : 1)
) (
    input  logic                  aclk,
    input  logic                  aresetn,
    input  logic [8:0]            cfg_nominal_len,
    input  logic [8:0]            cfg_abe_outstanding,
    input  logic [N*IDW-1:0]      s_awid,
    input  logic [N*AW-1:0]       s_awaddr,
    input  logic [N*8-1:0]        s_awlen,
    input  logic [N*3-1:0]        s_awsize,
    input  logic [N*2-1:0]        s_awburst,
    input  logic [N-1:0]          s_awvalid,
    output logic [N-1:0]          s_awready,
    input  logic [N*DATA_WIDTH-1:0] s_wdata,
    input  logic [N*NB-1:0]       s_wstrb,
    input  logic [N-1:0]          s_wlast,
    input  logic [N-1:0]          s_wvalid,
    output logic [N-1:0]          s_wready,
    output logic [N*IDW-1:0]      s_bid,
    output logic [N*2-1:0]        s_bresp,
    output logic [N-1:0]          s_bvalid,
    input  logic [N-1:0]          s_bready,
    input  logic [N*IDW-1:0]      s_arid,
    input  logic [N*AW-1:0]       s_araddr,
    input  logic [N*8-1:0]        s_arlen,
    input  logic [N*3-1:0]        s_arsize,
    input  logic [N*2-1:0]        s_arburst,
    input  logic [N-1:0]          s_arvalid,
    output logic [N-1:0]          s_arready,
    output logic [N*IDW-1:0]      s_rid,
    output logic [N*DATA_WIDTH-1:0] s_rdata,
    output logic [N*2-1:0]        s_rresp,
    output logic [N-1:0]          s_rlast,
    output logic [N-1:0]          s_rvalid,
    input  logic [N-1:0]          s_rready,
    output logic [MIDW-1:0]       m_awid,
    output logic [AW-1:0]         m_awaddr,
    output logic [7:0]            m_awlen,
    output logic [2:0]            m_awsize,
    output logic [1:0]            m_awburst,
    output logic                  m_awvalid,
    input  logic                  m_awready,
    output logic [DATA_WIDTH-1:0] m_wdata,
    output logic [NB-1:0]         m_wstrb,
    output logic                  m_wlast,
    output logic                  m_wvalid,
    input  logic                  m_wready,
    input  logic [MIDW-1:0]       m_bid,
    input  logic [1:0]            m_bresp,
    input  logic                  m_bvalid,
    output logic                  m_bready,
    output logic [MIDW-1:0]       m_arid,
    output logic [AW-1:0]         m_araddr,
    output logic [7:0]            m_arlen,
    output logic [2:0]            m_arsize,
    output logic [1:0]            m_arburst,
    output logic                  m_arvalid,
    input  logic                  m_arready,
    input  logic [MIDW-1:0]       m_rid,
    input  logic [DATA_WIDTH-1:0] m_rdata,
    input  logic [1:0]            m_rresp,
    input  logic                  m_rlast,
    input  logic                  m_rvalid,
    output logic                  m_rready
);
    /* verilator lint_off UNUSEDSIGNAL */
    logic [N*IDW-1:0] x_awid, x_arid, x_bid, x_rid;
    logic [N*AW-1:0]  x_awaddr, x_araddr;
    logic [N*8-1:0]   x_awlen, x_arlen;
    logic [N*3-1:0]   x_awsize, x_arsize, x_awprot, x_arprot;
    logic [N*2-1:0]   x_awburst, x_arburst, x_bresp, x_rresp;
    logic [N-1:0]     x_awlock, x_arlock;
    logic [N*4-1:0]   x_awcache, x_arcache, x_awqos, x_arqos;
    logic [N-1:0]     x_awvalid, x_awready, x_wlast, x_wvalid, x_wready, x_bvalid, x_bready;
    logic [N-1:0]     x_arvalid, x_arready, x_rlast, x_rvalid, x_rready;
    logic [N*DATA_WIDTH-1:0] x_wdata, x_rdata;
    logic [N*NB-1:0]  x_wstrb;
    logic             m_awlock, m_arlock;
    logic [3:0]       m_awcache, m_arcache, m_awqos, m_arqos;
    logic [2:0]       m_awprot, m_arprot;
    /* verilator lint_on UNUSEDSIGNAL */

    for (genvar i = 0; i < N; i++) begin : g_port
        if (EQUALIZE != 0) begin : g_abe
            /* verilator lint_off UNUSEDSIGNAL */
            logic [5:0] gate_unused;                 // the issue gate is not used here (no reservation), nor
                                                     // the "more" flags (the crossbar runs without HEADS_KNOWN)
            /* verilator lint_on UNUSEDSIGNAL */
            axi_burst_equalizer #(.ADDR_WIDTH(AW), .DATA_WIDTH(DATA_WIDTH), .ID_WIDTH(IDW),
                                  .TRACK_DEPTH(TRACK_DEPTH)) u_abe (
                .aclk, .aresetn, .cfg_nominal_len, .cfg_max_rd_outstanding(cfg_abe_outstanding),
                .cfg_max_wr_outstanding(cfg_abe_outstanding), .rd_issue_allow(1'b1), .wr_issue_allow(1'b1),
                .rd_issue_allow_next(1'b1), .wr_issue_allow_next(1'b1),
                .ar_want(gate_unused[0]), .aw_want(gate_unused[1]), .ar_issue(gate_unused[2]),
                .aw_issue(gate_unused[3]), .m_axi_armore(gate_unused[4]), .m_axi_awmore(gate_unused[5]),
                .s_axi_arnom(8'd0), .s_axi_arfits(2'b0), .s_axi_awnom(8'd0), .s_axi_awfits(2'b0),   // (NOM_IN 0)
                .s_axi_awid(s_awid[i*IDW +: IDW]), .s_axi_awaddr(s_awaddr[i*AW +: AW]),
                .s_axi_awlen(s_awlen[i*8 +: 8]), .s_axi_awsize(s_awsize[i*3 +: 3]),
                .s_axi_awburst(s_awburst[i*2 +: 2]), .s_axi_awlock(1'b0), .s_axi_awcache(4'd0),
                .s_axi_awprot(3'd0), .s_axi_awqos(4'd0), .s_axi_awvalid(s_awvalid[i]),
                .s_axi_awready(s_awready[i]),
                .s_axi_wdata(s_wdata[i*DATA_WIDTH +: DATA_WIDTH]), .s_axi_wstrb(s_wstrb[i*NB +: NB]),
                .s_axi_wlast(s_wlast[i]), .s_axi_wvalid(s_wvalid[i]), .s_axi_wready(s_wready[i]),
                .s_axi_bid(s_bid[i*IDW +: IDW]), .s_axi_bresp(s_bresp[i*2 +: 2]),
                .s_axi_bvalid(s_bvalid[i]), .s_axi_bready(s_bready[i]),
                .s_axi_arid(s_arid[i*IDW +: IDW]), .s_axi_araddr(s_araddr[i*AW +: AW]),
                .s_axi_arlen(s_arlen[i*8 +: 8]), .s_axi_arsize(s_arsize[i*3 +: 3]),
                .s_axi_arburst(s_arburst[i*2 +: 2]), .s_axi_arlock(1'b0), .s_axi_arcache(4'd0),
                .s_axi_arprot(3'd0), .s_axi_arqos(4'd0), .s_axi_arvalid(s_arvalid[i]),
                .s_axi_arready(s_arready[i]),
                .s_axi_rid(s_rid[i*IDW +: IDW]), .s_axi_rdata(s_rdata[i*DATA_WIDTH +: DATA_WIDTH]),
                .s_axi_rresp(s_rresp[i*2 +: 2]), .s_axi_rlast(s_rlast[i]), .s_axi_rvalid(s_rvalid[i]),
                .s_axi_rready(s_rready[i]),
                .m_axi_awid(x_awid[i*IDW +: IDW]), .m_axi_awaddr(x_awaddr[i*AW +: AW]),
                .m_axi_awlen(x_awlen[i*8 +: 8]), .m_axi_awsize(x_awsize[i*3 +: 3]),
                .m_axi_awburst(x_awburst[i*2 +: 2]), .m_axi_awlock(x_awlock[i]),
                .m_axi_awcache(x_awcache[i*4 +: 4]), .m_axi_awprot(x_awprot[i*3 +: 3]),
                .m_axi_awqos(x_awqos[i*4 +: 4]), .m_axi_awvalid(x_awvalid[i]), .m_axi_awready(x_awready[i]),
                .m_axi_wdata(x_wdata[i*DATA_WIDTH +: DATA_WIDTH]), .m_axi_wstrb(x_wstrb[i*NB +: NB]),
                .m_axi_wlast(x_wlast[i]), .m_axi_wvalid(x_wvalid[i]), .m_axi_wready(x_wready[i]),
                .m_axi_bid(x_bid[i*IDW +: IDW]), .m_axi_bresp(x_bresp[i*2 +: 2]),
                .m_axi_bvalid(x_bvalid[i]), .m_axi_bready(x_bready[i]),
                .m_axi_arid(x_arid[i*IDW +: IDW]), .m_axi_araddr(x_araddr[i*AW +: AW]),
                .m_axi_arlen(x_arlen[i*8 +: 8]), .m_axi_arsize(x_arsize[i*3 +: 3]),
                .m_axi_arburst(x_arburst[i*2 +: 2]), .m_axi_arlock(x_arlock[i]),
                .m_axi_arcache(x_arcache[i*4 +: 4]), .m_axi_arprot(x_arprot[i*3 +: 3]),
                .m_axi_arqos(x_arqos[i*4 +: 4]), .m_axi_arvalid(x_arvalid[i]), .m_axi_arready(x_arready[i]),
                .m_axi_rid(x_rid[i*IDW +: IDW]), .m_axi_rdata(x_rdata[i*DATA_WIDTH +: DATA_WIDTH]),
                .m_axi_rresp(x_rresp[i*2 +: 2]), .m_axi_rlast(x_rlast[i]), .m_axi_rvalid(x_rvalid[i]),
                .m_axi_rready(x_rready[i])
            );
        end else begin : g_bare
            assign x_awid[i*IDW +: IDW] = s_awid[i*IDW +: IDW];   assign x_awaddr[i*AW +: AW] = s_awaddr[i*AW +: AW];
            assign x_awlen[i*8 +: 8] = s_awlen[i*8 +: 8];         assign x_awsize[i*3 +: 3] = s_awsize[i*3 +: 3];
            assign x_awburst[i*2 +: 2] = s_awburst[i*2 +: 2];     assign x_awlock[i] = 1'b0;
            assign x_awcache[i*4 +: 4] = 4'd0; assign x_awprot[i*3 +: 3] = 3'd0; assign x_awqos[i*4 +: 4] = 4'd0;
            assign x_awvalid[i] = s_awvalid[i];                   assign s_awready[i] = x_awready[i];
            assign x_wdata[i*DATA_WIDTH +: DATA_WIDTH] = s_wdata[i*DATA_WIDTH +: DATA_WIDTH];
            assign x_wstrb[i*NB +: NB] = s_wstrb[i*NB +: NB];     assign x_wlast[i] = s_wlast[i];
            assign x_wvalid[i] = s_wvalid[i];                     assign s_wready[i] = x_wready[i];
            assign s_bid[i*IDW +: IDW] = x_bid[i*IDW +: IDW];     assign s_bresp[i*2 +: 2] = x_bresp[i*2 +: 2];
            assign s_bvalid[i] = x_bvalid[i];                     assign x_bready[i] = s_bready[i];
            assign x_arid[i*IDW +: IDW] = s_arid[i*IDW +: IDW];   assign x_araddr[i*AW +: AW] = s_araddr[i*AW +: AW];
            assign x_arlen[i*8 +: 8] = s_arlen[i*8 +: 8];         assign x_arsize[i*3 +: 3] = s_arsize[i*3 +: 3];
            assign x_arburst[i*2 +: 2] = s_arburst[i*2 +: 2];     assign x_arlock[i] = 1'b0;
            assign x_arcache[i*4 +: 4] = 4'd0; assign x_arprot[i*3 +: 3] = 3'd0; assign x_arqos[i*4 +: 4] = 4'd0;
            assign x_arvalid[i] = s_arvalid[i];                   assign s_arready[i] = x_arready[i];
            assign s_rid[i*IDW +: IDW] = x_rid[i*IDW +: IDW];
            assign s_rdata[i*DATA_WIDTH +: DATA_WIDTH] = x_rdata[i*DATA_WIDTH +: DATA_WIDTH];
            assign s_rresp[i*2 +: 2] = x_rresp[i*2 +: 2];         assign s_rlast[i] = x_rlast[i];
            assign s_rvalid[i] = x_rvalid[i];                     assign x_rready[i] = s_rready[i];
        end
    end

    axi_exbar #(.S_COUNT(N), .ADDR_WIDTH(AW), .DATA_WIDTH(DATA_WIDTH), .ID_WIDTH(IDW)) u_xbar (
        .aclk, .aresetn, .cfg_prio('0), .cfg_global_limit(9'd0),    // one class, no limit: the paper's EXBAR
        .s_axi_awid(x_awid), .s_axi_awaddr(x_awaddr), .s_axi_awlen(x_awlen), .s_axi_awsize(x_awsize),
        .s_axi_awburst(x_awburst), .s_axi_awlock(x_awlock), .s_axi_awcache(x_awcache), .s_axi_awprot(x_awprot),
        .s_axi_awqos(x_awqos), .s_axi_awvalid(x_awvalid), .s_axi_awmore('0), .s_axi_awready(x_awready),
        .s_axi_wdata(x_wdata), .s_axi_wstrb(x_wstrb), .s_axi_wlast(x_wlast), .s_axi_wvalid(x_wvalid),
        .s_axi_wready(x_wready), .s_axi_bid(x_bid), .s_axi_bresp(x_bresp), .s_axi_bvalid(x_bvalid),
        .s_axi_bready(x_bready),
        .s_axi_arid(x_arid), .s_axi_araddr(x_araddr), .s_axi_arlen(x_arlen), .s_axi_arsize(x_arsize),
        .s_axi_arburst(x_arburst), .s_axi_arlock(x_arlock), .s_axi_arcache(x_arcache), .s_axi_arprot(x_arprot),
        .s_axi_arqos(x_arqos), .s_axi_arvalid(x_arvalid), .s_axi_armore('0), .s_axi_arready(x_arready),
        .s_axi_rid(x_rid), .s_axi_rdata(x_rdata), .s_axi_rresp(x_rresp), .s_axi_rlast(x_rlast),
        .s_axi_rvalid(x_rvalid), .s_axi_rready(x_rready),
        .m_axi_awid(m_awid), .m_axi_awaddr(m_awaddr), .m_axi_awlen(m_awlen), .m_axi_awsize(m_awsize),
        .m_axi_awburst(m_awburst), .m_axi_awlock(m_awlock), .m_axi_awcache(m_awcache), .m_axi_awprot(m_awprot),
        .m_axi_awqos(m_awqos), .m_axi_awvalid(m_awvalid), .m_axi_awready(m_awready),
        .m_axi_wdata(m_wdata), .m_axi_wstrb(m_wstrb), .m_axi_wlast(m_wlast), .m_axi_wvalid(m_wvalid),
        .m_axi_wready(m_wready), .m_axi_bid(m_bid), .m_axi_bresp(m_bresp), .m_axi_bvalid(m_bvalid),
        .m_axi_bready(m_bready),
        .m_axi_arid(m_arid), .m_axi_araddr(m_araddr), .m_axi_arlen(m_arlen), .m_axi_arsize(m_arsize),
        .m_axi_arburst(m_arburst), .m_axi_arlock(m_arlock), .m_axi_arcache(m_arcache), .m_axi_arprot(m_arprot),
        .m_axi_arqos(m_arqos), .m_axi_arvalid(m_arvalid), .m_axi_arready(m_arready),
        .m_axi_rid(m_rid), .m_axi_rdata(m_rdata), .m_axi_rresp(m_rresp), .m_axi_rlast(m_rlast),
        .m_axi_rvalid(m_rvalid), .m_axi_rready(m_rready)
    );

endmodule
