// SPDX-License-Identifier: Apache-2.0
// axi_cpu_model_tb — the CPU model reading from the fixed-latency memory (MEM 0, LATENCY) or the DRAM model
// (MEM 1, ddr200_64), with the AXI protocol checker between them (tests/axi_cpu_model); JITTER as the model's.
module axi_cpu_model_tb #(
    parameter int MEM        = 0,
    parameter int LATENCY    = 10,
    parameter int LINE_BYTES = 32,
    parameter bit JITTER     = 1'b0
) (
    input  logic        aclk,
    input  logic        aresetn,
    input  logic        start,
    input  logic [31:0] cfg_misses,
    input  logic [31:0] cfg_gap,
    input  logic [31:0] cfg_base,
    input  logic [31:0] cfg_span,
    output logic        busy,
    output logic        done,
    output longint      cycles,
    output longint      lat_sum,
    output longint      lat_max,
    output longint      gap_sum,
    output logic [31:0] protocol_errors
);
    logic [3:0]  arid, rid;
    logic [31:0] araddr;
    logic [7:0]  arlen;
    logic [2:0]  arsize;
    logic [1:0]  arburst, rresp;
    logic [3:0]  arqos;
    logic        arvalid, arready, rvalid, rready, rlast;
    logic [63:0] rdata;
    axi_cpu_model #(.ADDR_WIDTH(32), .DATA_WIDTH(64), .ID_WIDTH(4), .LINE_BYTES(LINE_BYTES), .JITTER(JITTER)) u_cpu (
        .aclk, .aresetn, .start, .cfg_misses, .cfg_gap, .cfg_base, .cfg_span, .cfg_qos(4'd0), .busy, .done,
        .cycles, .lat_sum, .lat_max, .gap_sum,
        .m_axi_arid(arid), .m_axi_araddr(araddr), .m_axi_arlen(arlen), .m_axi_arsize(arsize),
        .m_axi_arburst(arburst), .m_axi_arqos(arqos), .m_axi_arvalid(arvalid), .m_axi_arready(arready),
        .m_axi_rid(rid), .m_axi_rdata(rdata), .m_axi_rresp(rresp), .m_axi_rlast(rlast), .m_axi_rvalid(rvalid),
        .m_axi_rready(rready)
    );
    /* verilator lint_off PINCONNECTEMPTY */
    if (MEM == 0) begin : g_fixed
        axi_mem_model #(.ADDR_WIDTH(32), .DATA_WIDTH(64), .ID_WIDTH(4), .LATENCY(LATENCY)) u_mem (
            .aclk, .aresetn, .s_axi_awid('0), .s_axi_awaddr('0), .s_axi_awlen('0), .s_axi_awsize('0),
            .s_axi_awburst('0), .s_axi_awvalid(1'b0), .s_axi_awready(), .s_axi_wdata('0), .s_axi_wstrb('0),
            .s_axi_wlast(1'b0), .s_axi_wvalid(1'b0), .s_axi_wready(), .s_axi_bid(), .s_axi_bresp(), .s_axi_bvalid(),
            .s_axi_bready(1'b1), .s_axi_arid(arid), .s_axi_araddr(araddr), .s_axi_arlen(arlen), .s_axi_arsize(arsize),
            .s_axi_arburst(arburst), .s_axi_arvalid(arvalid), .s_axi_arready(arready), .s_axi_rid(rid),
            .s_axi_rdata(rdata), .s_axi_rresp(rresp), .s_axi_rlast(rlast), .s_axi_rvalid(rvalid), .s_axi_rready(rready)
        );
    end else begin : g_dram
        axi_dram_model #(.ADDR_WIDTH(32), .DATA_WIDTH(64), .ID_WIDTH(4), .PRESET("ddr200_64")) u_mem (
            .aclk, .aresetn, .s_axi_awid('0), .s_axi_awaddr('0), .s_axi_awlen('0), .s_axi_awsize('0),
            .s_axi_awburst('0), .s_axi_awqos('0), .s_axi_awvalid(1'b0), .s_axi_awready(), .s_axi_wdata('0),
            .s_axi_wstrb('0), .s_axi_wlast(1'b0), .s_axi_wvalid(1'b0), .s_axi_wready(), .s_axi_bid(), .s_axi_bresp(),
            .s_axi_bvalid(), .s_axi_bready(1'b1), .s_axi_arid(arid), .s_axi_araddr(araddr), .s_axi_arlen(arlen),
            .s_axi_arsize(arsize), .s_axi_arburst(arburst), .s_axi_arqos(arqos), .s_axi_arvalid(arvalid),
            .s_axi_arready(arready), .s_axi_rid(rid), .s_axi_rdata(rdata), .s_axi_rresp(rresp), .s_axi_rlast(rlast),
            .s_axi_rvalid(rvalid), .s_axi_rready(rready), .stat_rd_beats(), .stat_wr_beats(), .stat_refreshes(),
            .stat_hits(), .stat_closed(), .stat_conflicts(), .stat_hp()
        );
    end
    axi_protocol_checker #(.ADDR_WIDTH(32), .DATA_WIDTH(64), .ID_WIDTH(4), .NAME("cpu")) u_check (
        .aclk, .aresetn, .awid('0), .awaddr('0), .awlen('0), .awsize('0), .awburst('0), .awvalid(1'b0), .awready(1'b0),
        .wdata('0), .wstrb('0), .wlast(1'b0), .wvalid(1'b0), .wready(1'b0), .bid('0), .bresp('0), .bvalid(1'b0),
        .bready(1'b0), .arid, .araddr, .arlen, .arsize, .arburst, .arvalid, .arready, .rid, .rdata, .rresp, .rlast,
        .rvalid, .rready, .errors(protocol_errors), .reads(), .reads_done(), .writes(), .writes_done()
    );
    /* verilator lint_on PINCONNECTEMPTY */
endmodule
