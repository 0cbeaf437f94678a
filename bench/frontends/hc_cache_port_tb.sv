// SPDX-License-Identifier: Apache-2.0
// hc_cache_port_tb — the caching front end (DW-bit data, default 64; 32-bit addresses) with the AXI
// protocol checker on its master port, the memory either the test's (MEM 0: cocotb's, at the m_axi_* ports,
// with stalls and error answers) or axi_mem_model at a fixed LATENCY (MEM 1: the latency figures; m_axi_*
// ports then idle).
module hc_cache_port_tb #(
    parameter int DW          = 64,
    parameter int MEM         = 0,
    parameter int LATENCY     = 10,
    parameter int CACHE_BYTES = 16384,
    parameter int WAYS        = 2
) (
    input  logic         aclk,
    input  logic         aresetn,
    input  logic         s_req_valid,
    output logic         s_req_ready,
    input  logic [31:0]  s_req_addr,
    input  logic         s_req_we,
    input  logic [DW-1:0]   s_req_wdata,
    input  logic [DW/8-1:0] s_req_wstrb,
    output logic         s_rsp_valid,
    input  logic         s_rsp_ready,
    output logic [DW-1:0]   s_rsp_rdata,
    output logic         s_rsp_err,
    input  logic         cmd_valid,
    output logic         cmd_ready,
    input  logic [1:0]   cmd_op,
    output logic         cmd_done,
    output logic [31:0]  cnt_hits,
    output logic [31:0]  cnt_misses,
    output logic [31:0]  cnt_writebacks,
    output logic         err_sticky,
    input  logic         cnt_clear,
    output logic [3:0]   m_axi_arid,
    output logic [31:0]  m_axi_araddr,
    output logic [7:0]   m_axi_arlen,
    output logic [2:0]   m_axi_arsize,
    output logic [1:0]   m_axi_arburst,
    output logic         m_axi_arvalid,
    input  logic         m_axi_arready,
    input  logic [3:0]   m_axi_rid,
    input  logic [DW-1:0]   m_axi_rdata,
    input  logic [1:0]   m_axi_rresp,
    input  logic         m_axi_rlast,
    input  logic         m_axi_rvalid,
    output logic         m_axi_rready,
    output logic [3:0]   m_axi_awid,
    output logic [31:0]  m_axi_awaddr,
    output logic [7:0]   m_axi_awlen,
    output logic [2:0]   m_axi_awsize,
    output logic [1:0]   m_axi_awburst,
    output logic         m_axi_awvalid,
    input  logic         m_axi_awready,
    output logic [DW-1:0]   m_axi_wdata,
    output logic [DW/8-1:0] m_axi_wstrb,
    output logic         m_axi_wlast,
    output logic         m_axi_wvalid,
    input  logic         m_axi_wready,
    input  logic [3:0]   m_axi_bid,
    input  logic [1:0]   m_axi_bresp,
    input  logic         m_axi_bvalid,
    output logic         m_axi_bready,
    output logic [31:0]  protocol_errors
);
    logic [3:0]  arid, rid, awid, bid;
    logic [31:0] araddr, awaddr;
    logic [7:0]  arlen, awlen;
    logic [DW/8-1:0] wstrb;
    logic [2:0]  arsize, awsize;
    logic [1:0]  arburst, awburst, rresp, bresp;
    logic        arvalid, arready, rlast, rvalid, rready, awvalid, awready, wlast, wvalid, wready, bvalid, bready;
    logic [DW-1:0] rdata, wdata;
    /* verilator lint_off PINCONNECTEMPTY */
    hc_cache_port #(.ADDR_WIDTH(32), .DATA_WIDTH(DW), .ID_WIDTH(4), .CACHE_BYTES(CACHE_BYTES), .WAYS(WAYS)) u_dut (
        .aclk, .aresetn, .s_req_valid, .s_req_ready, .s_req_addr, .s_req_we, .s_req_wdata, .s_req_wstrb,
        .s_rsp_valid, .s_rsp_ready, .s_rsp_rdata, .s_rsp_err, .cmd_valid, .cmd_ready, .cmd_op, .cmd_done,
        .cnt_hits, .cnt_misses, .cnt_writebacks, .err_sticky, .cnt_clear,
        .m_axi_awid(awid), .m_axi_awaddr(awaddr), .m_axi_awlen(awlen), .m_axi_awsize(awsize),
        .m_axi_awburst(awburst), .m_axi_awlock(), .m_axi_awcache(), .m_axi_awprot(), .m_axi_awqos(),
        .m_axi_awvalid(awvalid), .m_axi_awready(awready), .m_axi_wdata(wdata), .m_axi_wstrb(wstrb),
        .m_axi_wlast(wlast), .m_axi_wvalid(wvalid), .m_axi_wready(wready), .m_axi_bid(bid), .m_axi_bresp(bresp),
        .m_axi_bvalid(bvalid), .m_axi_bready(bready),
        .m_axi_arid(arid), .m_axi_araddr(araddr), .m_axi_arlen(arlen), .m_axi_arsize(arsize),
        .m_axi_arburst(arburst), .m_axi_arlock(), .m_axi_arcache(), .m_axi_arprot(), .m_axi_arqos(),
        .m_axi_arvalid(arvalid), .m_axi_arready(arready), .m_axi_rid(rid), .m_axi_rdata(rdata),
        .m_axi_rresp(rresp), .m_axi_rlast(rlast), .m_axi_rvalid(rvalid), .m_axi_rready(rready)
    );
    if (MEM == 0) begin : g_ext
        assign {m_axi_arid, m_axi_araddr, m_axi_arlen, m_axi_arsize, m_axi_arburst, m_axi_arvalid, m_axi_rready} =
               {arid, araddr, arlen, arsize, arburst, arvalid, rready};
        assign {arready, rid, rdata, rresp, rlast, rvalid} =
               {m_axi_arready, m_axi_rid, m_axi_rdata, m_axi_rresp, m_axi_rlast, m_axi_rvalid};
        assign {m_axi_awid, m_axi_awaddr, m_axi_awlen, m_axi_awsize, m_axi_awburst, m_axi_awvalid} =
               {awid, awaddr, awlen, awsize, awburst, awvalid};
        assign {m_axi_wdata, m_axi_wstrb, m_axi_wlast, m_axi_wvalid, m_axi_bready} = {wdata, wstrb, wlast, wvalid, bready};
        assign {awready, wready, bid, bresp, bvalid} = {m_axi_awready, m_axi_wready, m_axi_bid, m_axi_bresp, m_axi_bvalid};
    end else begin : g_model
        assign {m_axi_arid, m_axi_araddr, m_axi_arlen, m_axi_arsize, m_axi_arburst, m_axi_arvalid, m_axi_rready} = '0;
        assign {m_axi_awid, m_axi_awaddr, m_axi_awlen, m_axi_awsize, m_axi_awburst, m_axi_awvalid} = '0;
        assign {m_axi_wdata, m_axi_wstrb, m_axi_wlast, m_axi_wvalid, m_axi_bready} = '0;
        /* verilator lint_off UNUSEDSIGNAL */
        wire unused = &{1'b0, m_axi_arready, m_axi_rid, m_axi_rdata, m_axi_rresp, m_axi_rlast, m_axi_rvalid,
                        m_axi_awready, m_axi_wready, m_axi_bid, m_axi_bresp, m_axi_bvalid};
        /* verilator lint_on UNUSEDSIGNAL */
        axi_mem_model #(.ADDR_WIDTH(32), .DATA_WIDTH(DW), .ID_WIDTH(4), .LATENCY(LATENCY)) u_mem (
            .aclk, .aresetn, .s_axi_awid(awid), .s_axi_awaddr(awaddr), .s_axi_awlen(awlen), .s_axi_awsize(awsize),
            .s_axi_awburst(awburst), .s_axi_awvalid(awvalid), .s_axi_awready(awready), .s_axi_wdata(wdata),
            .s_axi_wstrb(wstrb), .s_axi_wlast(wlast), .s_axi_wvalid(wvalid), .s_axi_wready(wready),
            .s_axi_bid(bid), .s_axi_bresp(bresp), .s_axi_bvalid(bvalid), .s_axi_bready(bready),
            .s_axi_arid(arid), .s_axi_araddr(araddr), .s_axi_arlen(arlen), .s_axi_arsize(arsize),
            .s_axi_arburst(arburst), .s_axi_arvalid(arvalid), .s_axi_arready(arready),
            .s_axi_rid(rid), .s_axi_rdata(rdata), .s_axi_rresp(rresp), .s_axi_rlast(rlast), .s_axi_rvalid(rvalid),
            .s_axi_rready(rready)
        );
    end
    axi_protocol_checker #(.ADDR_WIDTH(32), .DATA_WIDTH(DW), .ID_WIDTH(4), .NAME("cache_port")) u_check (
        .aclk, .aresetn, .arid, .araddr, .arlen, .arsize, .arburst, .arvalid, .arready, .arqos(4'd0), .rid, .rdata,
        .rresp, .rlast, .rvalid, .rready, .awid, .awaddr, .awlen, .awsize, .awburst, .awqos(4'd0), .awvalid,
        .awready, .wdata, .wstrb, .wlast, .wvalid, .wready, .bid, .bresp, .bvalid, .bready,
        .errors(protocol_errors), .reads(), .reads_done(), .writes(), .writes_done()
    );
    /* verilator lint_on PINCONNECTEMPTY */
endmodule
