// SPDX-License-Identifier: Apache-2.0
// hc_stream_wr_tb — the streaming write front end with the AXI protocol checker on its master port, the
// memory either the test's (MEM 0: cocotb's, at the m_axi_* ports, with stalls and error answers) or
// axi_mem_model at a fixed LATENCY (MEM 1: the latency and efficiency figures; m_axi_* ports then idle).
module hc_stream_wr_tb #(
    parameter int MEM        = 0,
    parameter int LATENCY    = 10,
    parameter int MAX_BURST  = 64,
    parameter int FIFO_DEPTH = 64,
    parameter int MAX_OUTSTANDING = 8,
    parameter int DESC_DEPTH = 16,
    parameter bit CUT_THROUGH = 1'b1
) (
    input  logic         aclk,
    input  logic         aresetn,
    input  logic         s_cmd_valid,
    output logic         s_cmd_ready,
    input  logic [31:0]  s_cmd_addr,
    input  logic [31:0]  s_cmd_len,
    input  logic [31:0]  s_cmd_stride,
    input  logic [15:0]  s_cmd_rows,
    input  logic [7:0]   s_cmd_tag,
    input  logic [63:0]  s_axis_tdata,
    input  logic [7:0]   s_axis_tkeep,
    input  logic         s_axis_tlast,
    input  logic         s_axis_tvalid,
    output logic         s_axis_tready,
    output logic         m_sts_valid,
    input  logic         m_sts_ready,
    output logic [7:0]   m_sts_tag,
    output logic [47:0]  m_sts_bytes,
    output logic [1:0]   m_sts_resp,
    output logic         m_sts_short,
    output logic         m_sts_long,
    output logic [3:0]   m_axi_awid,
    output logic [31:0]  m_axi_awaddr,
    output logic [7:0]   m_axi_awlen,
    output logic [2:0]   m_axi_awsize,
    output logic [1:0]   m_axi_awburst,
    output logic         m_axi_awvalid,
    input  logic         m_axi_awready,
    output logic [63:0]  m_axi_wdata,
    output logic [7:0]   m_axi_wstrb,
    output logic         m_axi_wlast,
    output logic         m_axi_wvalid,
    input  logic         m_axi_wready,
    input  logic [3:0]   m_axi_bid,
    input  logic [1:0]   m_axi_bresp,
    input  logic         m_axi_bvalid,
    output logic         m_axi_bready,
    // (the read channels, idle: the test's memory model has them)
    output logic [3:0]   m_axi_arid,
    output logic [31:0]  m_axi_araddr,
    output logic [7:0]   m_axi_arlen,
    output logic [2:0]   m_axi_arsize,
    output logic [1:0]   m_axi_arburst,
    output logic         m_axi_arvalid,
    input  logic         m_axi_arready,
    input  logic [3:0]   m_axi_rid,
    input  logic [63:0]  m_axi_rdata,
    input  logic [1:0]   m_axi_rresp,
    input  logic         m_axi_rlast,
    input  logic         m_axi_rvalid,
    output logic         m_axi_rready,
    output logic [31:0]  protocol_errors
);
    assign {m_axi_arid, m_axi_araddr, m_axi_arlen, m_axi_arsize, m_axi_arburst, m_axi_arvalid} = '0;
    assign m_axi_rready = 1'b1;
    /* verilator lint_off UNUSEDSIGNAL */
    wire unused = &{1'b0, m_axi_arready, m_axi_rid, m_axi_rdata, m_axi_rresp, m_axi_rlast, m_axi_rvalid};
    /* verilator lint_on UNUSEDSIGNAL */
    logic [3:0]  awid, bid;
    logic [31:0] awaddr;
    logic [7:0]  awlen, wstrb;
    logic [2:0]  awsize;
    logic [1:0]  awburst, bresp;
    logic        awvalid, awready, wlast, wvalid, wready, bvalid, bready;
    logic [63:0] wdata;
    /* verilator lint_off PINCONNECTEMPTY */
    hc_stream_wr #(.ADDR_WIDTH(32), .DATA_WIDTH(64), .ID_WIDTH(4), .LEN_WIDTH(32), .ROW_WIDTH(16), .TAG_WIDTH(8),
                   .MAX_BURST(MAX_BURST), .FIFO_DEPTH(FIFO_DEPTH), .MAX_OUTSTANDING(MAX_OUTSTANDING),
                   .DESC_DEPTH(DESC_DEPTH), .CUT_THROUGH(CUT_THROUGH)) u_dut (
        .aclk, .aresetn, .s_cmd_valid, .s_cmd_ready, .s_cmd_addr, .s_cmd_len, .s_cmd_stride, .s_cmd_rows,
        .s_cmd_tag, .s_axis_tdata, .s_axis_tkeep, .s_axis_tlast, .s_axis_tvalid, .s_axis_tready,
        .m_sts_valid, .m_sts_ready, .m_sts_tag, .m_sts_bytes, .m_sts_resp, .m_sts_short, .m_sts_long,
        .m_axi_awid(awid), .m_axi_awaddr(awaddr), .m_axi_awlen(awlen), .m_axi_awsize(awsize),
        .m_axi_awburst(awburst), .m_axi_awlock(), .m_axi_awcache(), .m_axi_awprot(), .m_axi_awqos(),
        .m_axi_awvalid(awvalid), .m_axi_awready(awready), .m_axi_wdata(wdata), .m_axi_wstrb(wstrb),
        .m_axi_wlast(wlast), .m_axi_wvalid(wvalid), .m_axi_wready(wready), .m_axi_bid(bid),
        .m_axi_bresp(bresp), .m_axi_bvalid(bvalid), .m_axi_bready(bready)
    );
    if (MEM == 0) begin : g_ext
        assign {m_axi_awid, m_axi_awaddr, m_axi_awlen, m_axi_awsize, m_axi_awburst, m_axi_awvalid} =
               {awid, awaddr, awlen, awsize, awburst, awvalid};
        assign {m_axi_wdata, m_axi_wstrb, m_axi_wlast, m_axi_wvalid, m_axi_bready} = {wdata, wstrb, wlast, wvalid, bready};
        assign {awready, wready, bid, bresp, bvalid} = {m_axi_awready, m_axi_wready, m_axi_bid, m_axi_bresp, m_axi_bvalid};
    end else begin : g_model
        assign {m_axi_awid, m_axi_awaddr, m_axi_awlen, m_axi_awsize, m_axi_awburst, m_axi_awvalid} = '0;
        assign {m_axi_wdata, m_axi_wstrb, m_axi_wlast, m_axi_wvalid, m_axi_bready} = '0;
        axi_mem_model #(.ADDR_WIDTH(32), .DATA_WIDTH(64), .ID_WIDTH(4), .LATENCY(LATENCY)) u_mem (
            .aclk, .aresetn, .s_axi_awid(awid), .s_axi_awaddr(awaddr), .s_axi_awlen(awlen), .s_axi_awsize(awsize),
            .s_axi_awburst(awburst), .s_axi_awvalid(awvalid), .s_axi_awready(awready), .s_axi_wdata(wdata),
            .s_axi_wstrb(wstrb), .s_axi_wlast(wlast), .s_axi_wvalid(wvalid), .s_axi_wready(wready),
            .s_axi_bid(bid), .s_axi_bresp(bresp), .s_axi_bvalid(bvalid), .s_axi_bready(bready),
            .s_axi_arid('0), .s_axi_araddr('0), .s_axi_arlen('0), .s_axi_arsize(3'd3), .s_axi_arburst(2'b01),
            .s_axi_arvalid(1'b0), .s_axi_arready(), .s_axi_rid(), .s_axi_rdata(), .s_axi_rresp(), .s_axi_rlast(),
            .s_axi_rvalid(), .s_axi_rready(1'b1)
        );
    end
    axi_protocol_checker #(.ADDR_WIDTH(32), .DATA_WIDTH(64), .ID_WIDTH(4), .NAME("stream_wr")) u_check (
        .aclk, .aresetn, .arid('0), .araddr('0), .arlen('0), .arsize(3'd3), .arburst(2'b01), .arvalid(1'b0),
        .arready(1'b0), .arqos(4'd0), .rid('0), .rdata('0), .rresp('0), .rlast(1'b0), .rvalid(1'b0), .rready(1'b1),
        .awid, .awaddr, .awlen, .awsize, .awburst, .awqos(4'd0), .awvalid, .awready, .wdata, .wstrb, .wlast,
        .wvalid, .wready, .bid, .bresp, .bvalid, .bready, .errors(protocol_errors), .reads(), .reads_done(),
        .writes(), .writes_done()
    );
    /* verilator lint_on PINCONNECTEMPTY */
endmodule
