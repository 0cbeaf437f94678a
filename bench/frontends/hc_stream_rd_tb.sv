// SPDX-License-Identifier: Apache-2.0
// hc_stream_rd_tb — the streaming read front end with the AXI protocol checker on its master port, the
// memory either the test's (MEM 0: cocotb's, at the m_axi_* ports, with stalls and error answers) or
// axi_mem_model at a fixed LATENCY (MEM 1: the latency and efficiency figures; m_axi_* ports then idle);
// `overflows` counts R beats that found the prefetch FIFO full (its credits wrong).
module hc_stream_rd_tb #(
    parameter int MEM        = 0,
    parameter int LATENCY    = 10,
    parameter int MAX_BURST  = 64,
    parameter int FIFO_DEPTH = 128,
    parameter int MAX_OUTSTANDING = 8,
    parameter int DESC_DEPTH = 16
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
    output logic [63:0]  m_axis_tdata,
    output logic [7:0]   m_axis_tkeep,
    output logic         m_axis_tlast,
    output logic [7:0]   m_axis_tuser,
    output logic         m_axis_tvalid,
    input  logic         m_axis_tready,
    output logic         m_sts_valid,
    input  logic         m_sts_ready,
    output logic [7:0]   m_sts_tag,
    output logic [47:0]  m_sts_bytes,
    output logic [1:0]   m_sts_resp,
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
    // (the write channels, idle: the test's memory model has them)
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
    output logic [31:0]  protocol_errors,
    output logic [31:0]  overflows              // R beats that found the prefetch FIFO full (credits wrong)
);
    assign {m_axi_awid, m_axi_awaddr, m_axi_awlen, m_axi_awsize, m_axi_awburst, m_axi_awvalid, m_axi_wdata,
            m_axi_wstrb, m_axi_wlast, m_axi_wvalid} = '0;
    assign m_axi_bready = 1'b1;
    /* verilator lint_off UNUSEDSIGNAL */
    wire unused = &{1'b0, m_axi_awready, m_axi_wready, m_axi_bid, m_axi_bresp, m_axi_bvalid};
    /* verilator lint_on UNUSEDSIGNAL */
    logic [3:0]  arid, rid;
    logic [31:0] araddr;
    logic [7:0]  arlen;
    logic [2:0]  arsize;
    logic [1:0]  arburst, rresp;
    logic        arvalid, arready, rlast, rvalid, rready;
    logic [63:0] rdata;
    /* verilator lint_off PINCONNECTEMPTY */
    hc_stream_rd #(.ADDR_WIDTH(32), .DATA_WIDTH(64), .ID_WIDTH(4), .LEN_WIDTH(32), .ROW_WIDTH(16), .TAG_WIDTH(8),
                   .MAX_BURST(MAX_BURST), .FIFO_DEPTH(FIFO_DEPTH), .MAX_OUTSTANDING(MAX_OUTSTANDING),
                   .DESC_DEPTH(DESC_DEPTH)) u_dut (
        .aclk, .aresetn, .s_cmd_valid, .s_cmd_ready, .s_cmd_addr, .s_cmd_len, .s_cmd_stride, .s_cmd_rows,
        .s_cmd_tag, .m_axis_tdata, .m_axis_tkeep, .m_axis_tlast, .m_axis_tuser, .m_axis_tvalid, .m_axis_tready,
        .m_sts_valid, .m_sts_ready, .m_sts_tag, .m_sts_bytes, .m_sts_resp,
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
    end else begin : g_model
        assign {m_axi_arid, m_axi_araddr, m_axi_arlen, m_axi_arsize, m_axi_arburst, m_axi_arvalid, m_axi_rready} = '0;
        axi_mem_model #(.ADDR_WIDTH(32), .DATA_WIDTH(64), .ID_WIDTH(4), .LATENCY(LATENCY)) u_mem (
            .aclk, .aresetn, .s_axi_awid('0), .s_axi_awaddr('0), .s_axi_awlen('0), .s_axi_awsize(3'd3),
            .s_axi_awburst(2'b01), .s_axi_awvalid(1'b0), .s_axi_awready(), .s_axi_wdata('0), .s_axi_wstrb('0),
            .s_axi_wlast(1'b0), .s_axi_wvalid(1'b0), .s_axi_wready(), .s_axi_bid(), .s_axi_bresp(),
            .s_axi_bvalid(), .s_axi_bready(1'b1), .s_axi_arid(arid), .s_axi_araddr(araddr), .s_axi_arlen(arlen),
            .s_axi_arsize(arsize), .s_axi_arburst(arburst), .s_axi_arvalid(arvalid), .s_axi_arready(arready),
            .s_axi_rid(rid), .s_axi_rdata(rdata), .s_axi_rresp(rresp), .s_axi_rlast(rlast), .s_axi_rvalid(rvalid),
            .s_axi_rready(rready)
        );
    end
    axi_protocol_checker #(.ADDR_WIDTH(32), .DATA_WIDTH(64), .ID_WIDTH(4), .NAME("stream_rd")) u_check (
        .aclk, .aresetn, .arid, .araddr, .arlen, .arsize, .arburst, .arvalid, .arready, .arqos(4'd0), .rid, .rdata,
        .rresp, .rlast, .rvalid, .rready, .awid('0), .awaddr('0), .awlen('0), .awsize(3'd3), .awburst(2'b01),
        .awqos(4'd0), .awvalid(1'b0), .awready(1'b0), .wdata('0), .wstrb('0), .wlast(1'b0), .wvalid(1'b0),
        .wready(1'b0), .bid('0), .bresp('0), .bvalid(1'b0), .bready(1'b1), .errors(protocol_errors), .reads(),
        .reads_done(), .writes(), .writes_done()
    );
    /* verilator lint_on PINCONNECTEMPTY */
    always_ff @(posedge aclk)
        if (!aresetn) overflows <= '0;
        else if (rvalid && rready && !u_dut.f_room_unused) overflows <= overflows + 1;
endmodule
