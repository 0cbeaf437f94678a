// SPDX-License-Identifier: Apache-2.0
// axi_vendor_path_tb — the vendor path model in front of the ddr200_64 DRAM model, driven by the test
// (MASTER 0: s_axi) or by the copy engine (MASTER 1: s_axil programs it), with the AXI protocol checker on
// both sides of the path (tests/axi_vendor_path); DIRECT 1 leaves the path out (the accelerator on the
// memory directly, as FastLane attaches it).
module axi_vendor_path_tb #(
    parameter int MASTER = 0,
    parameter int DIRECT = 0,                        // 1: the accelerator side straight to the memory (FastLane)
    parameter int WRITE_BATCH = 0                    // the DRAM model's write batching
) (
    input  logic         aclk,
    input  logic         aresetn,
    input  logic [15:0]  cfg_rd_overhead,
    input  logic [15:0]  cfg_wr_overhead,
    input  logic [3:0]   s_axi_arid,
    input  logic [31:0]  s_axi_araddr,
    input  logic [7:0]   s_axi_arlen,
    input  logic [2:0]   s_axi_arsize,
    input  logic [1:0]   s_axi_arburst,
    input  logic         s_axi_arvalid,
    output logic         s_axi_arready,
    output logic [3:0]   s_axi_rid,
    output logic [63:0]  s_axi_rdata,
    output logic [1:0]   s_axi_rresp,
    output logic         s_axi_rlast,
    output logic         s_axi_rvalid,
    input  logic         s_axi_rready,
    input  logic [3:0]   s_axi_awid,
    input  logic [31:0]  s_axi_awaddr,
    input  logic [7:0]   s_axi_awlen,
    input  logic [2:0]   s_axi_awsize,
    input  logic [1:0]   s_axi_awburst,
    input  logic         s_axi_awvalid,
    output logic         s_axi_awready,
    input  logic [63:0]  s_axi_wdata,
    input  logic [7:0]   s_axi_wstrb,
    input  logic         s_axi_wlast,
    input  logic         s_axi_wvalid,
    output logic         s_axi_wready,
    output logic [3:0]   s_axi_bid,
    output logic [1:0]   s_axi_bresp,
    output logic         s_axi_bvalid,
    input  logic         s_axi_bready,
    input  logic [5:0]   s_axil_awaddr,
    input  logic [2:0]   s_axil_awprot,
    input  logic         s_axil_awvalid,
    output logic         s_axil_awready,
    input  logic [31:0]  s_axil_wdata,
    input  logic [3:0]   s_axil_wstrb,
    input  logic         s_axil_wvalid,
    output logic         s_axil_wready,
    output logic [1:0]   s_axil_bresp,
    output logic         s_axil_bvalid,
    input  logic         s_axil_bready,
    input  logic [5:0]   s_axil_araddr,
    input  logic [2:0]   s_axil_arprot,
    input  logic         s_axil_arvalid,
    output logic         s_axil_arready,
    output logic [31:0]  s_axil_rdata,
    output logic [1:0]   s_axil_rresp,
    output logic         s_axil_rvalid,
    input  logic         s_axil_rready,
    output logic         irq,
    output longint       stat_rd_beats,
    output longint       stat_wr_beats,
    output logic [31:0]  errors_acc,
    output logic [31:0]  errors_mem
);
    logic [3:0]   a_arid, c_arid, v_arid;
    logic [31:0]  a_araddr, c_araddr, v_araddr;
    logic [7:0]   a_arlen, c_arlen, v_arlen;
    logic [2:0]   a_arsize, c_arsize, v_arsize;
    logic [1:0]   a_arburst, c_arburst, v_arburst;
    logic         a_arvalid, c_arvalid, v_arvalid;
    logic         a_arready, c_arready, v_arready;
    logic [3:0]   a_rid, c_rid, v_rid;
    logic [63:0]  a_rdata, c_rdata, v_rdata;
    logic [1:0]   a_rresp, c_rresp, v_rresp;
    logic         a_rlast, c_rlast, v_rlast;
    logic         a_rvalid, c_rvalid, v_rvalid;
    logic         a_rready, c_rready, v_rready;
    logic [3:0]   a_awid, c_awid, v_awid;
    logic [31:0]  a_awaddr, c_awaddr, v_awaddr;
    logic [7:0]   a_awlen, c_awlen, v_awlen;
    logic [2:0]   a_awsize, c_awsize, v_awsize;
    logic [1:0]   a_awburst, c_awburst, v_awburst;
    logic         a_awvalid, c_awvalid, v_awvalid;
    logic         a_awready, c_awready, v_awready;
    logic [63:0]  a_wdata, c_wdata, v_wdata;
    logic [7:0]   a_wstrb, c_wstrb, v_wstrb;
    logic         a_wlast, c_wlast, v_wlast;
    logic         a_wvalid, c_wvalid, v_wvalid;
    logic         a_wready, c_wready, v_wready;
    logic [3:0]   a_bid, c_bid, v_bid;
    logic [1:0]   a_bresp, c_bresp, v_bresp;
    logic         a_bvalid, c_bvalid, v_bvalid;
    logic         a_bready, c_bready, v_bready;
    assign a_arid = MASTER != 0 ? c_arid : s_axi_arid;
    assign a_araddr = MASTER != 0 ? c_araddr : s_axi_araddr;
    assign a_arlen = MASTER != 0 ? c_arlen : s_axi_arlen;
    assign a_arsize = MASTER != 0 ? c_arsize : s_axi_arsize;
    assign a_arburst = MASTER != 0 ? c_arburst : s_axi_arburst;
    assign a_arvalid = MASTER != 0 ? c_arvalid : s_axi_arvalid;
    assign s_axi_arready = MASTER != 0 ? '0 : a_arready;
    assign c_arready = MASTER != 0 ? a_arready : '0;
    assign s_axi_rid = MASTER != 0 ? '0 : a_rid;
    assign c_rid = MASTER != 0 ? a_rid : '0;
    assign s_axi_rdata = MASTER != 0 ? '0 : a_rdata;
    assign c_rdata = MASTER != 0 ? a_rdata : '0;
    assign s_axi_rresp = MASTER != 0 ? '0 : a_rresp;
    assign c_rresp = MASTER != 0 ? a_rresp : '0;
    assign s_axi_rlast = MASTER != 0 ? '0 : a_rlast;
    assign c_rlast = MASTER != 0 ? a_rlast : '0;
    assign s_axi_rvalid = MASTER != 0 ? '0 : a_rvalid;
    assign c_rvalid = MASTER != 0 ? a_rvalid : '0;
    assign a_rready = MASTER != 0 ? c_rready : s_axi_rready;
    assign a_awid = MASTER != 0 ? c_awid : s_axi_awid;
    assign a_awaddr = MASTER != 0 ? c_awaddr : s_axi_awaddr;
    assign a_awlen = MASTER != 0 ? c_awlen : s_axi_awlen;
    assign a_awsize = MASTER != 0 ? c_awsize : s_axi_awsize;
    assign a_awburst = MASTER != 0 ? c_awburst : s_axi_awburst;
    assign a_awvalid = MASTER != 0 ? c_awvalid : s_axi_awvalid;
    assign s_axi_awready = MASTER != 0 ? '0 : a_awready;
    assign c_awready = MASTER != 0 ? a_awready : '0;
    assign a_wdata = MASTER != 0 ? c_wdata : s_axi_wdata;
    assign a_wstrb = MASTER != 0 ? c_wstrb : s_axi_wstrb;
    assign a_wlast = MASTER != 0 ? c_wlast : s_axi_wlast;
    assign a_wvalid = MASTER != 0 ? c_wvalid : s_axi_wvalid;
    assign s_axi_wready = MASTER != 0 ? '0 : a_wready;
    assign c_wready = MASTER != 0 ? a_wready : '0;
    assign s_axi_bid = MASTER != 0 ? '0 : a_bid;
    assign c_bid = MASTER != 0 ? a_bid : '0;
    assign s_axi_bresp = MASTER != 0 ? '0 : a_bresp;
    assign c_bresp = MASTER != 0 ? a_bresp : '0;
    assign s_axi_bvalid = MASTER != 0 ? '0 : a_bvalid;
    assign c_bvalid = MASTER != 0 ? a_bvalid : '0;
    assign a_bready = MASTER != 0 ? c_bready : s_axi_bready;
    logic [3:0]   p_arid, d_arid;
    logic [31:0]  p_araddr, d_araddr;
    logic [7:0]   p_arlen, d_arlen;
    logic [2:0]   p_arsize, d_arsize;
    logic [1:0]   p_arburst, d_arburst;
    logic         p_arvalid, d_arvalid;
    logic         p_arready, d_arready;
    logic [3:0]   p_rid, d_rid;
    logic [63:0]  p_rdata, d_rdata;
    logic [1:0]   p_rresp, d_rresp;
    logic         p_rlast, d_rlast;
    logic         p_rvalid, d_rvalid;
    logic         p_rready, d_rready;
    logic [3:0]   p_awid, d_awid;
    logic [31:0]  p_awaddr, d_awaddr;
    logic [7:0]   p_awlen, d_awlen;
    logic [2:0]   p_awsize, d_awsize;
    logic [1:0]   p_awburst, d_awburst;
    logic         p_awvalid, d_awvalid;
    logic         p_awready, d_awready;
    logic [63:0]  p_wdata, d_wdata;
    logic [7:0]   p_wstrb, d_wstrb;
    logic         p_wlast, d_wlast;
    logic         p_wvalid, d_wvalid;
    logic         p_wready, d_wready;
    logic [3:0]   p_bid, d_bid;
    logic [1:0]   p_bresp, d_bresp;
    logic         p_bvalid, d_bvalid;
    logic         p_bready, d_bready;
    assign v_arid = DIRECT != 0 ? a_arid : p_arid;
    assign v_araddr = DIRECT != 0 ? a_araddr : p_araddr;
    assign v_arlen = DIRECT != 0 ? a_arlen : p_arlen;
    assign v_arsize = DIRECT != 0 ? a_arsize : p_arsize;
    assign v_arburst = DIRECT != 0 ? a_arburst : p_arburst;
    assign v_arvalid = DIRECT != 0 ? a_arvalid : p_arvalid;
    assign p_arready = DIRECT != 0 ? '0 : v_arready;
    assign p_rid = DIRECT != 0 ? '0 : v_rid;
    assign p_rdata = DIRECT != 0 ? '0 : v_rdata;
    assign p_rresp = DIRECT != 0 ? '0 : v_rresp;
    assign p_rlast = DIRECT != 0 ? '0 : v_rlast;
    assign p_rvalid = DIRECT != 0 ? '0 : v_rvalid;
    assign v_rready = DIRECT != 0 ? a_rready : p_rready;
    assign v_awid = DIRECT != 0 ? a_awid : p_awid;
    assign v_awaddr = DIRECT != 0 ? a_awaddr : p_awaddr;
    assign v_awlen = DIRECT != 0 ? a_awlen : p_awlen;
    assign v_awsize = DIRECT != 0 ? a_awsize : p_awsize;
    assign v_awburst = DIRECT != 0 ? a_awburst : p_awburst;
    assign v_awvalid = DIRECT != 0 ? a_awvalid : p_awvalid;
    assign p_awready = DIRECT != 0 ? '0 : v_awready;
    assign v_wdata = DIRECT != 0 ? a_wdata : p_wdata;
    assign v_wstrb = DIRECT != 0 ? a_wstrb : p_wstrb;
    assign v_wlast = DIRECT != 0 ? a_wlast : p_wlast;
    assign v_wvalid = DIRECT != 0 ? a_wvalid : p_wvalid;
    assign p_wready = DIRECT != 0 ? '0 : v_wready;
    assign p_bid = DIRECT != 0 ? '0 : v_bid;
    assign p_bresp = DIRECT != 0 ? '0 : v_bresp;
    assign p_bvalid = DIRECT != 0 ? '0 : v_bvalid;
    assign v_bready = DIRECT != 0 ? a_bready : p_bready;
    assign a_arready = DIRECT != 0 ? v_arready : d_arready;
    assign a_rid = DIRECT != 0 ? v_rid : d_rid;
    assign a_rdata = DIRECT != 0 ? v_rdata : d_rdata;
    assign a_rresp = DIRECT != 0 ? v_rresp : d_rresp;
    assign a_rlast = DIRECT != 0 ? v_rlast : d_rlast;
    assign a_rvalid = DIRECT != 0 ? v_rvalid : d_rvalid;
    assign a_awready = DIRECT != 0 ? v_awready : d_awready;
    assign a_wready = DIRECT != 0 ? v_wready : d_wready;
    assign a_bid = DIRECT != 0 ? v_bid : d_bid;
    assign a_bresp = DIRECT != 0 ? v_bresp : d_bresp;
    assign a_bvalid = DIRECT != 0 ? v_bvalid : d_bvalid;
    /* verilator lint_off PINCONNECTEMPTY */
    hc_copy_engine #(.ADDR_WIDTH(32), .DATA_WIDTH(64), .ID_WIDTH(4), .FIFO_DEPTH(512), .MAX_OUTSTANDING(8)) u_copy (
        .aclk, .aresetn, .s_axil_awaddr, .s_axil_awprot, .s_axil_awvalid, .s_axil_awready, .s_axil_wdata, .s_axil_wstrb,
        .s_axil_wvalid, .s_axil_wready, .s_axil_bresp, .s_axil_bvalid, .s_axil_bready, .s_axil_araddr, .s_axil_arprot,
        .s_axil_arvalid, .s_axil_arready, .s_axil_rdata, .s_axil_rresp, .s_axil_rvalid, .s_axil_rready,
        .m_axi_arid(c_arid), .m_axi_araddr(c_araddr), .m_axi_arlen(c_arlen), .m_axi_arsize(c_arsize), .m_axi_arburst(c_arburst), .m_axi_arvalid(c_arvalid), .m_axi_arready(c_arready), .m_axi_rid(c_rid), .m_axi_rdata(c_rdata), .m_axi_rresp(c_rresp), .m_axi_rlast(c_rlast), .m_axi_rvalid(c_rvalid), .m_axi_rready(c_rready), .m_axi_awid(c_awid), .m_axi_awaddr(c_awaddr), .m_axi_awlen(c_awlen), .m_axi_awsize(c_awsize), .m_axi_awburst(c_awburst), .m_axi_awvalid(c_awvalid), .m_axi_awready(c_awready), .m_axi_wdata(c_wdata), .m_axi_wstrb(c_wstrb), .m_axi_wlast(c_wlast), .m_axi_wvalid(c_wvalid), .m_axi_wready(c_wready), .m_axi_bid(c_bid), .m_axi_bresp(c_bresp), .m_axi_bvalid(c_bvalid), .m_axi_bready(c_bready), .m_axi_arlock(), .m_axi_arcache(), .m_axi_arprot(), .m_axi_arqos(), .m_axi_awlock(), .m_axi_awcache(),
        .m_axi_awprot(), .m_axi_awqos(), .irq
    );
    if (DIRECT == 0) begin : g_path
        axi_vendor_path #(.ADDR_WIDTH(32), .DATA_WIDTH(64), .ID_WIDTH(4), .MAX_BEATS(16)) u_path (
            .aclk, .aresetn, .cfg_rd_overhead, .cfg_wr_overhead, .s_axi_arid(a_arid), .s_axi_araddr(a_araddr), .s_axi_arlen(a_arlen), .s_axi_arsize(a_arsize), .s_axi_arburst(a_arburst), .s_axi_arvalid(a_arvalid), .s_axi_arready(d_arready), .s_axi_rid(d_rid), .s_axi_rdata(d_rdata), .s_axi_rresp(d_rresp), .s_axi_rlast(d_rlast), .s_axi_rvalid(d_rvalid), .s_axi_rready(a_rready), .s_axi_awid(a_awid), .s_axi_awaddr(a_awaddr), .s_axi_awlen(a_awlen), .s_axi_awsize(a_awsize), .s_axi_awburst(a_awburst), .s_axi_awvalid(a_awvalid), .s_axi_awready(d_awready), .s_axi_wdata(a_wdata), .s_axi_wstrb(a_wstrb), .s_axi_wlast(a_wlast), .s_axi_wvalid(a_wvalid), .s_axi_wready(d_wready), .s_axi_bid(d_bid), .s_axi_bresp(d_bresp), .s_axi_bvalid(d_bvalid), .s_axi_bready(a_bready), .m_axi_arid(p_arid), .m_axi_araddr(p_araddr), .m_axi_arlen(p_arlen), .m_axi_arsize(p_arsize), .m_axi_arburst(p_arburst), .m_axi_arvalid(p_arvalid), .m_axi_arready(p_arready), .m_axi_rid(p_rid), .m_axi_rdata(p_rdata), .m_axi_rresp(p_rresp), .m_axi_rlast(p_rlast), .m_axi_rvalid(p_rvalid), .m_axi_rready(p_rready), .m_axi_awid(p_awid), .m_axi_awaddr(p_awaddr), .m_axi_awlen(p_awlen), .m_axi_awsize(p_awsize), .m_axi_awburst(p_awburst), .m_axi_awvalid(p_awvalid), .m_axi_awready(p_awready), .m_axi_wdata(p_wdata), .m_axi_wstrb(p_wstrb), .m_axi_wlast(p_wlast), .m_axi_wvalid(p_wvalid), .m_axi_wready(p_wready), .m_axi_bid(p_bid), .m_axi_bresp(p_bresp), .m_axi_bvalid(p_bvalid), .m_axi_bready(p_bready)
        );
    end
    axi_dram_model #(.ADDR_WIDTH(32), .DATA_WIDTH(64), .ID_WIDTH(4), .PRESET("ddr200_64"),
                     .WRITE_BATCH(WRITE_BATCH)) u_mem (
        .aclk, .aresetn, .s_axi_arid(v_arid), .s_axi_araddr(v_araddr), .s_axi_arlen(v_arlen), .s_axi_arsize(v_arsize), .s_axi_arburst(v_arburst), .s_axi_arvalid(v_arvalid), .s_axi_arready(v_arready), .s_axi_rid(v_rid), .s_axi_rdata(v_rdata), .s_axi_rresp(v_rresp), .s_axi_rlast(v_rlast), .s_axi_rvalid(v_rvalid), .s_axi_rready(v_rready), .s_axi_awid(v_awid), .s_axi_awaddr(v_awaddr), .s_axi_awlen(v_awlen), .s_axi_awsize(v_awsize), .s_axi_awburst(v_awburst), .s_axi_awvalid(v_awvalid), .s_axi_awready(v_awready), .s_axi_wdata(v_wdata), .s_axi_wstrb(v_wstrb), .s_axi_wlast(v_wlast), .s_axi_wvalid(v_wvalid), .s_axi_wready(v_wready), .s_axi_bid(v_bid), .s_axi_bresp(v_bresp), .s_axi_bvalid(v_bvalid), .s_axi_bready(v_bready), .s_axi_awqos(4'd0), .s_axi_arqos(4'd0),
        .stat_rd_beats, .stat_wr_beats, .stat_refreshes(), .stat_hits(), .stat_closed(), .stat_conflicts(), .stat_hp()
    );
    axi_protocol_checker #(.ADDR_WIDTH(32), .DATA_WIDTH(64), .ID_WIDTH(4), .NAME("accelerator")) u_check_a (
        .aclk, .aresetn, .arid(a_arid), .araddr(a_araddr), .arlen(a_arlen), .arsize(a_arsize), .arburst(a_arburst), .arvalid(a_arvalid), .arready(a_arready), .rid(a_rid), .rdata(a_rdata), .rresp(a_rresp), .rlast(a_rlast), .rvalid(a_rvalid), .rready(a_rready), .awid(a_awid), .awaddr(a_awaddr), .awlen(a_awlen), .awsize(a_awsize), .awburst(a_awburst), .awvalid(a_awvalid), .awready(a_awready), .wdata(a_wdata), .wstrb(a_wstrb), .wlast(a_wlast), .wvalid(a_wvalid), .wready(a_wready), .bid(a_bid), .bresp(a_bresp), .bvalid(a_bvalid), .bready(a_bready), .errors(errors_acc), .reads(), .reads_done(), .writes(), .writes_done()
    );
    axi_protocol_checker #(.ADDR_WIDTH(32), .DATA_WIDTH(64), .ID_WIDTH(4), .NAME("memory")) u_check_v (
        .aclk, .aresetn, .arid(v_arid), .araddr(v_araddr), .arlen(v_arlen), .arsize(v_arsize), .arburst(v_arburst), .arvalid(v_arvalid), .arready(v_arready), .rid(v_rid), .rdata(v_rdata), .rresp(v_rresp), .rlast(v_rlast), .rvalid(v_rvalid), .rready(v_rready), .awid(v_awid), .awaddr(v_awaddr), .awlen(v_awlen), .awsize(v_awsize), .awburst(v_awburst), .awvalid(v_awvalid), .awready(v_awready), .wdata(v_wdata), .wstrb(v_wstrb), .wlast(v_wlast), .wvalid(v_wvalid), .wready(v_wready), .bid(v_bid), .bresp(v_bresp), .bvalid(v_bvalid), .bready(v_bready), .errors(errors_mem), .reads(), .reads_done(), .writes(), .writes_done()
    );
    /* verilator lint_on PINCONNECTEMPTY */
endmodule
