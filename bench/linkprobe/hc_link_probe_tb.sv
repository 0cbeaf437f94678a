// SPDX-License-Identifier: Apache-2.0
// hc_link_probe_tb — the link probe with the AXI protocol checker on its master port (tests/hc_link_probe and
// `hc link sim`),
// and its memory: MEM 0 the test's Python memory on m_axi_* (random latency, backpressure, error ranges),
// MEM 1 axi_mem_model (fixed LATENCY), MEM 2 axi_dram_model (PRESET ddr200_64, T_REFI given). With MEM 1
// and 2 the test fills the memory through s_axi_* (a cocotbext-axi master) while `setup` is high: the
// model then listens to it alone and the probe's port sees no handshake.
module hc_link_probe_tb #(
    parameter int ADDR_WIDTH      = 32,
    parameter int DATA_WIDTH      = 64,
    parameter int ID_WIDTH        = 4,
    parameter int MAX_OUTSTANDING = 32,
    parameter int FIFO_DEPTH      = 64,
    parameter int MEM             = 0,
    parameter int LATENCY         = 10,
    parameter int T_REFI          = 780,
    localparam int NB             = DATA_WIDTH / 8
) (
    input  logic                    aclk,
    input  logic                    aresetn,
    input  logic [7:0]              s_axil_awaddr,
    input  logic [2:0]              s_axil_awprot,
    input  logic                    s_axil_awvalid,
    output logic                    s_axil_awready,
    input  logic [31:0]             s_axil_wdata,
    input  logic [3:0]              s_axil_wstrb,
    input  logic                    s_axil_wvalid,
    output logic                    s_axil_wready,
    output logic [1:0]              s_axil_bresp,
    output logic                    s_axil_bvalid,
    input  logic                    s_axil_bready,
    input  logic [7:0]              s_axil_araddr,
    input  logic [2:0]              s_axil_arprot,
    input  logic                    s_axil_arvalid,
    output logic                    s_axil_arready,
    output logic [31:0]             s_axil_rdata,
    output logic [1:0]              s_axil_rresp,
    output logic                    s_axil_rvalid,
    input  logic                    s_axil_rready,
    // the probe's master port (MEM 0: answered by the test)
    output logic [ID_WIDTH-1:0]     m_axi_arid,
    output logic [ADDR_WIDTH-1:0]   m_axi_araddr,
    output logic [7:0]              m_axi_arlen,
    output logic [2:0]              m_axi_arsize,
    output logic [1:0]              m_axi_arburst,
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
    output logic                    m_axi_bready,
    // the set-up master (MEM 1, 2)
    input  logic                    setup,
    input  logic [ID_WIDTH-1:0]     s_axi_awid,
    input  logic [ADDR_WIDTH-1:0]   s_axi_awaddr,
    input  logic [7:0]              s_axi_awlen,
    input  logic [2:0]              s_axi_awsize,
    input  logic [1:0]              s_axi_awburst,
    input  logic                    s_axi_awvalid,
    output logic                    s_axi_awready,
    input  logic [DATA_WIDTH-1:0]   s_axi_wdata,
    input  logic [NB-1:0]           s_axi_wstrb,
    input  logic                    s_axi_wlast,
    input  logic                    s_axi_wvalid,
    output logic                    s_axi_wready,
    output logic [ID_WIDTH-1:0]     s_axi_bid,
    output logic [1:0]              s_axi_bresp,
    output logic                    s_axi_bvalid,
    input  logic                    s_axi_bready,
    input  logic [ID_WIDTH-1:0]     s_axi_arid,
    input  logic [ADDR_WIDTH-1:0]   s_axi_araddr,
    input  logic [7:0]              s_axi_arlen,
    input  logic [2:0]              s_axi_arsize,
    input  logic [1:0]              s_axi_arburst,
    input  logic                    s_axi_arvalid,
    output logic                    s_axi_arready,
    output logic [ID_WIDTH-1:0]     s_axi_rid,
    output logic [DATA_WIDTH-1:0]   s_axi_rdata,
    output logic [1:0]              s_axi_rresp,
    output logic                    s_axi_rlast,
    output logic                    s_axi_rvalid,
    input  logic                    s_axi_rready,
    output logic                    irq,
    output logic [31:0]             protocol_errors,
    output longint                  stat_hits,
    output longint                  stat_closed,
    output longint                  stat_conflicts,
    output longint                  stat_refreshes
);
    // the probe's port as the probe drives and sees it
    logic [ID_WIDTH-1:0]   p_rid, p_bid;
    logic [DATA_WIDTH-1:0] p_rdata;
    logic [1:0]            p_rresp, p_bresp;
    logic                  p_arready, p_rlast, p_rvalid, p_awready, p_wready, p_bvalid;
    logic [3:0]            arqos, awqos;
    /* verilator lint_off PINCONNECTEMPTY */
    hc_link_probe #(.ADDR_WIDTH(ADDR_WIDTH), .DATA_WIDTH(DATA_WIDTH), .ID_WIDTH(ID_WIDTH),
                    .MAX_OUTSTANDING(MAX_OUTSTANDING), .FIFO_DEPTH(FIFO_DEPTH)) u_dut (
        .aclk, .aresetn, .s_axil_awaddr, .s_axil_awprot, .s_axil_awvalid, .s_axil_awready, .s_axil_wdata,
        .s_axil_wstrb, .s_axil_wvalid, .s_axil_wready, .s_axil_bresp, .s_axil_bvalid, .s_axil_bready,
        .s_axil_araddr, .s_axil_arprot, .s_axil_arvalid, .s_axil_arready, .s_axil_rdata, .s_axil_rresp,
        .s_axil_rvalid, .s_axil_rready,
        .m_axi_arid, .m_axi_araddr, .m_axi_arlen, .m_axi_arsize, .m_axi_arburst, .m_axi_arlock(),
        .m_axi_arcache(), .m_axi_arprot(), .m_axi_arqos(arqos), .m_axi_arvalid, .m_axi_arready(p_arready),
        .m_axi_rid(p_rid), .m_axi_rdata(p_rdata), .m_axi_rresp(p_rresp), .m_axi_rlast(p_rlast),
        .m_axi_rvalid(p_rvalid), .m_axi_rready,
        .m_axi_awid, .m_axi_awaddr, .m_axi_awlen, .m_axi_awsize, .m_axi_awburst, .m_axi_awlock(),
        .m_axi_awcache(), .m_axi_awprot(), .m_axi_awqos(awqos), .m_axi_awvalid, .m_axi_awready(p_awready),
        .m_axi_wdata, .m_axi_wstrb, .m_axi_wlast, .m_axi_wvalid, .m_axi_wready(p_wready),
        .m_axi_bid(p_bid), .m_axi_bresp(p_bresp), .m_axi_bvalid(p_bvalid), .m_axi_bready, .irq
    );
    axi_protocol_checker #(.ADDR_WIDTH(ADDR_WIDTH), .DATA_WIDTH(DATA_WIDTH), .ID_WIDTH(ID_WIDTH), .NAME("m_axi")) u_check (
        .aclk, .aresetn, .arid(m_axi_arid), .araddr(m_axi_araddr), .arlen(m_axi_arlen), .arsize(m_axi_arsize),
        .arburst(m_axi_arburst), .arqos(arqos), .arvalid(m_axi_arvalid), .arready(p_arready), .rid(p_rid), .rdata(p_rdata),
        .rresp(p_rresp), .rlast(p_rlast), .rvalid(p_rvalid), .rready(m_axi_rready), .awid(m_axi_awid),
        .awaddr(m_axi_awaddr), .awlen(m_axi_awlen), .awsize(m_axi_awsize), .awburst(m_axi_awburst),
        .awqos(awqos), .awvalid(m_axi_awvalid), .awready(p_awready), .wdata(m_axi_wdata), .wstrb(m_axi_wstrb),
        .wlast(m_axi_wlast), .wvalid(m_axi_wvalid), .wready(p_wready), .bid(p_bid), .bresp(p_bresp),
        .bvalid(p_bvalid), .bready(m_axi_bready), .errors(protocol_errors), .reads(), .reads_done(), .writes(),
        .writes_done()
    );
    /* verilator lint_on PINCONNECTEMPTY */

    if (MEM == 0) begin : g_py
        assign {p_arready, p_rid, p_rdata, p_rresp, p_rlast, p_rvalid} =
               {m_axi_arready, m_axi_rid, m_axi_rdata, m_axi_rresp, m_axi_rlast, m_axi_rvalid};
        assign {p_awready, p_wready, p_bid, p_bresp, p_bvalid} =
               {m_axi_awready, m_axi_wready, m_axi_bid, m_axi_bresp, m_axi_bvalid};
        assign {s_axi_awready, s_axi_wready, s_axi_bid, s_axi_bresp, s_axi_bvalid} = '0;
        assign {s_axi_arready, s_axi_rid, s_axi_rdata, s_axi_rresp, s_axi_rlast, s_axi_rvalid} = '0;
        assign {stat_hits, stat_closed, stat_conflicts, stat_refreshes} = '0;
    end else begin : g_model
        // the model's port: the set-up master's while `setup`, else the probe's
        logic [ID_WIDTH-1:0]   awid, arid, bid, rid;
        logic [ADDR_WIDTH-1:0] awaddr, araddr;
        logic [7:0]            awlen, arlen;
        logic [2:0]            awsize, arsize;
        logic [1:0]            awburst, arburst, bresp, rresp;
        logic                  awvalid, awready, wlast, wvalid, wready, bvalid, bready;
        logic                  arvalid, arready, rlast, rvalid, rready;
        logic [DATA_WIDTH-1:0] wdata, rdata;
        logic [NB-1:0]         wstrb;
        assign {awid, awaddr, awlen, awsize, awburst, awvalid} = setup
            ? {s_axi_awid, s_axi_awaddr, s_axi_awlen, s_axi_awsize, s_axi_awburst, s_axi_awvalid}
            : {m_axi_awid, m_axi_awaddr, m_axi_awlen, m_axi_awsize, m_axi_awburst, m_axi_awvalid};
        assign {wdata, wstrb, wlast, wvalid} = setup ? {s_axi_wdata, s_axi_wstrb, s_axi_wlast, s_axi_wvalid}
                                                     : {m_axi_wdata, m_axi_wstrb, m_axi_wlast, m_axi_wvalid};
        assign bready = setup ? s_axi_bready : m_axi_bready;
        assign {arid, araddr, arlen, arsize, arburst, arvalid} = setup
            ? {s_axi_arid, s_axi_araddr, s_axi_arlen, s_axi_arsize, s_axi_arburst, s_axi_arvalid}
            : {m_axi_arid, m_axi_araddr, m_axi_arlen, m_axi_arsize, m_axi_arburst, m_axi_arvalid};
        assign rready = setup ? s_axi_rready : m_axi_rready;
        assign {s_axi_awready, s_axi_wready, s_axi_bvalid, s_axi_arready, s_axi_rvalid} =
               setup ? {awready, wready, bvalid, arready, rvalid} : '0;
        assign {p_awready, p_wready, p_bvalid, p_arready, p_rvalid} =
               setup ? '0 : {awready, wready, bvalid, arready, rvalid};
        assign {s_axi_bid, s_axi_bresp, s_axi_rid, s_axi_rdata, s_axi_rresp, s_axi_rlast} =
               {bid, bresp, rid, rdata, rresp, rlast};
        assign {p_bid, p_bresp, p_rid, p_rdata, p_rresp, p_rlast} = {bid, bresp, rid, rdata, rresp, rlast};
        if (MEM == 1) begin : g_fixed
            axi_mem_model #(.ADDR_WIDTH(ADDR_WIDTH), .DATA_WIDTH(DATA_WIDTH), .ID_WIDTH(ID_WIDTH),
                            .LATENCY(LATENCY)) u_mem (
                .aclk, .aresetn, .s_axi_awid(awid), .s_axi_awaddr(awaddr), .s_axi_awlen(awlen),
                .s_axi_awsize(awsize), .s_axi_awburst(awburst), .s_axi_awvalid(awvalid), .s_axi_awready(awready),
                .s_axi_wdata(wdata), .s_axi_wstrb(wstrb), .s_axi_wlast(wlast), .s_axi_wvalid(wvalid),
                .s_axi_wready(wready), .s_axi_bid(bid), .s_axi_bresp(bresp), .s_axi_bvalid(bvalid),
                .s_axi_bready(bready), .s_axi_arid(arid), .s_axi_araddr(araddr), .s_axi_arlen(arlen),
                .s_axi_arsize(arsize), .s_axi_arburst(arburst), .s_axi_arvalid(arvalid), .s_axi_arready(arready),
                .s_axi_rid(rid), .s_axi_rdata(rdata), .s_axi_rresp(rresp), .s_axi_rlast(rlast),
                .s_axi_rvalid(rvalid), .s_axi_rready(rready)
            );
            assign {stat_hits, stat_closed, stat_conflicts, stat_refreshes} = '0;
        end else begin : g_dram
            /* verilator lint_off PINCONNECTEMPTY */
            axi_dram_model #(.ADDR_WIDTH(ADDR_WIDTH), .DATA_WIDTH(DATA_WIDTH), .ID_WIDTH(ID_WIDTH),
                             .PRESET("ddr200_64"), .T_REFI(T_REFI)) u_mem (
                .aclk, .aresetn, .s_axi_awid(awid), .s_axi_awaddr(awaddr), .s_axi_awlen(awlen),
                .s_axi_awsize(awsize), .s_axi_awburst(awburst), .s_axi_awqos(setup ? 4'd0 : awqos),
                .s_axi_awvalid(awvalid), .s_axi_awready(awready), .s_axi_wdata(wdata), .s_axi_wstrb(wstrb),
                .s_axi_wlast(wlast), .s_axi_wvalid(wvalid), .s_axi_wready(wready), .s_axi_bid(bid),
                .s_axi_bresp(bresp), .s_axi_bvalid(bvalid), .s_axi_bready(bready), .s_axi_arid(arid),
                .s_axi_araddr(araddr), .s_axi_arlen(arlen), .s_axi_arsize(arsize), .s_axi_arburst(arburst),
                .s_axi_arqos(setup ? 4'd0 : arqos), .s_axi_arvalid(arvalid), .s_axi_arready(arready),
                .s_axi_rid(rid), .s_axi_rdata(rdata), .s_axi_rresp(rresp), .s_axi_rlast(rlast),
                .s_axi_rvalid(rvalid), .s_axi_rready(rready), .stat_rd_beats(), .stat_wr_beats(),
                .stat_refreshes, .stat_hits, .stat_closed, .stat_conflicts, .stat_hp()
            );
            /* verilator lint_on PINCONNECTEMPTY */
        end
    end
endmodule
