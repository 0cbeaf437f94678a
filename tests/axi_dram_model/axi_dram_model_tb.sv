// SPDX-License-Identifier: Apache-2.0
// axi_dram_model_tb — axi_dram_model with the AXI protocol checker on its port (tests/axi_dram_model).
// Parameters are handed through; the statistics come out for the test's efficiency figures.
module axi_dram_model_tb #(
    parameter int    ADDR_WIDTH = 32,
    parameter int    DATA_WIDTH = 64,
    parameter int    ID_WIDTH   = 4,
    parameter string PRESET     = "ddr200_64",
    parameter int    T_RCD = -1, T_CL = -1, T_CWL = -1, T_RP = -1, T_RAS = -1, T_WR = -1, T_WTR = -1,
    parameter int    T_RTW = -1, T_RFC = -1, T_REFI = -1, BL = -1, BANKS = -1, ROW_BYTES = -1,
    parameter int    HP_QOS = 16,
    parameter int    REORDER = 0,
    parameter int    WRITE_BATCH = 0
) (
    input  logic                aclk,
    input  logic                aresetn,
    input  logic [ID_WIDTH-1:0]     s_axi_awid,
    input  logic [ADDR_WIDTH-1:0]   s_axi_awaddr,
    input  logic [7:0]              s_axi_awlen,
    input  logic [2:0]              s_axi_awsize,
    input  logic [1:0]              s_axi_awburst,
    input  logic [3:0]              s_axi_awqos,
    input  logic                    s_axi_awvalid,
    output logic                    s_axi_awready,
    input  logic [DATA_WIDTH-1:0]   s_axi_wdata,
    input  logic [DATA_WIDTH/8-1:0] s_axi_wstrb,
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
    input  logic [3:0]              s_axi_arqos,
    input  logic                    s_axi_arvalid,
    output logic                    s_axi_arready,
    output logic [ID_WIDTH-1:0]     s_axi_rid,
    output logic [DATA_WIDTH-1:0]   s_axi_rdata,
    output logic [1:0]              s_axi_rresp,
    output logic                    s_axi_rlast,
    output logic                    s_axi_rvalid,
    input  logic                    s_axi_rready,
    output longint              stat_rd_beats,
    output longint              stat_wr_beats,
    output longint              stat_refreshes,
    output longint              stat_hits,
    output longint              stat_closed,
    output longint              stat_conflicts,
    output longint              stat_hp,
    output logic [31:0]         protocol_errors
);
    axi_dram_model #(.ADDR_WIDTH(ADDR_WIDTH), .DATA_WIDTH(DATA_WIDTH), .ID_WIDTH(ID_WIDTH), .PRESET(PRESET),
                     .T_RCD(T_RCD), .T_CL(T_CL), .T_CWL(T_CWL), .T_RP(T_RP), .T_RAS(T_RAS), .T_WR(T_WR),
                     .T_WTR(T_WTR), .T_RTW(T_RTW), .T_RFC(T_RFC), .T_REFI(T_REFI), .BL(BL), .BANKS(BANKS),
                     .ROW_BYTES(ROW_BYTES), .HP_QOS(HP_QOS), .REORDER(REORDER),
                     .WRITE_BATCH(WRITE_BATCH)) u_dram (
        .aclk, .aresetn, .s_axi_awid, .s_axi_awaddr, .s_axi_awlen, .s_axi_awsize, .s_axi_awburst, .s_axi_awqos, .s_axi_awvalid, .s_axi_awready, .s_axi_wdata, .s_axi_wstrb, .s_axi_wlast, .s_axi_wvalid, .s_axi_wready, .s_axi_bid, .s_axi_bresp, .s_axi_bvalid, .s_axi_bready, .s_axi_arid, .s_axi_araddr, .s_axi_arlen, .s_axi_arsize, .s_axi_arburst, .s_axi_arqos, .s_axi_arvalid, .s_axi_arready, .s_axi_rid, .s_axi_rdata, .s_axi_rresp, .s_axi_rlast, .s_axi_rvalid, .s_axi_rready,
        .stat_rd_beats, .stat_wr_beats, .stat_refreshes, .stat_hits, .stat_closed, .stat_conflicts, .stat_hp
    );
    /* verilator lint_off PINCONNECTEMPTY */
    axi_protocol_checker #(.ADDR_WIDTH(ADDR_WIDTH), .DATA_WIDTH(DATA_WIDTH), .ID_WIDTH(ID_WIDTH), .NAME("dram")) u_check (
        .aclk, .aresetn, .awid(s_axi_awid), .awaddr(s_axi_awaddr), .awlen(s_axi_awlen), .awsize(s_axi_awsize), .awburst(s_axi_awburst), .awvalid(s_axi_awvalid), .awready(s_axi_awready), .wdata(s_axi_wdata), .wstrb(s_axi_wstrb), .wlast(s_axi_wlast), .wvalid(s_axi_wvalid), .wready(s_axi_wready), .bid(s_axi_bid), .bresp(s_axi_bresp), .bvalid(s_axi_bvalid), .bready(s_axi_bready), .arid(s_axi_arid), .araddr(s_axi_araddr), .arlen(s_axi_arlen), .arsize(s_axi_arsize), .arburst(s_axi_arburst), .arvalid(s_axi_arvalid), .arready(s_axi_arready), .rid(s_axi_rid), .rdata(s_axi_rdata), .rresp(s_axi_rresp), .rlast(s_axi_rlast), .rvalid(s_axi_rvalid), .rready(s_axi_rready),
        .errors(protocol_errors), .reads(), .reads_done(), .writes(), .writes_done()
    );
    /* verilator lint_on PINCONNECTEMPTY */
endmodule
