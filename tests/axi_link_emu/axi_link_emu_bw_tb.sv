// SPDX-License-Identifier: Apache-2.0
// axi_link_emu_bw_tb — the link emulator between a traffic generator (the requester: a stream of bursts,
// many in flight) and a fixed-latency memory (the completer), for its bandwidth against the link model
// (tests/axi_link_emu). The protocol checker on both sides.
module axi_link_emu_bw_tb #(
    parameter int ADDR_WIDTH = 32,
    parameter int DATA_WIDTH = 256,
    parameter int ID_WIDTH   = 4,
    parameter int LATENCY    = 10
) (
    input  logic                  aclk,
    input  logic                  aresetn,
    input  int                    cfg_gen,
    input  int                    cfg_lanes,
    input  int                    cfg_mps,
    input  int                    cfg_mrrs,
    input  int                    cfg_rcb,
    input  logic                  cfg_addr64,
    input  logic                  cfg_ecrc,
    input  int                    cfg_tags,
    input  int                    cfg_hops,
    input  int                    cfg_hop_ps,
    input  int                    cfg_clk_ps,
    input  logic                  start,
    input  logic                  cfg_write,
    input  logic [31:0]           cfg_total_bytes,
    input  logic [8:0]            cfg_burst_len,
    input  logic [7:0]            cfg_max_outstanding,
    output logic                  done,
    output logic [63:0]           start_cycle,
    output logic [63:0]           done_cycle,
    output longint                stat_wr_tlps,
    output longint                stat_rd_reqs,
    output longint                stat_cpls,
    output longint                stat_dn_bytes,
    output longint                stat_up_bytes,
    output longint                stat_tags_max,
    output longint                stat_wr_errors,
    output logic [31:0]           protocol_errors
);
    localparam int SZ = $clog2(DATA_WIDTH / 8);
    logic [ID_WIDTH-1:0] s_awid;
    logic [ADDR_WIDTH-1:0] s_awaddr;
    logic [7:0] s_awlen;
    logic [2:0] s_awsize;
    logic [1:0] s_awburst;
    logic  s_awvalid;
    logic  s_awready;
    logic [DATA_WIDTH-1:0] s_wdata;
    logic [DATA_WIDTH/8-1:0] s_wstrb;
    logic  s_wlast;
    logic  s_wvalid;
    logic  s_wready;
    logic [ID_WIDTH-1:0] s_bid;
    logic [1:0] s_bresp;
    logic  s_bvalid;
    logic  s_bready;
    logic [ID_WIDTH-1:0] s_arid;
    logic [ADDR_WIDTH-1:0] s_araddr;
    logic [7:0] s_arlen;
    logic [2:0] s_arsize;
    logic [1:0] s_arburst;
    logic  s_arvalid;
    logic  s_arready;
    logic [ID_WIDTH-1:0] s_rid;
    logic [DATA_WIDTH-1:0] s_rdata;
    logic [1:0] s_rresp;
    logic  s_rlast;
    logic  s_rvalid;
    logic  s_rready;
    logic [ID_WIDTH-1:0] m_awid;
    logic [ADDR_WIDTH-1:0] m_awaddr;
    logic [7:0] m_awlen;
    logic [2:0] m_awsize;
    logic [1:0] m_awburst;
    logic  m_awvalid;
    logic  m_awready;
    logic [DATA_WIDTH-1:0] m_wdata;
    logic [DATA_WIDTH/8-1:0] m_wstrb;
    logic  m_wlast;
    logic  m_wvalid;
    logic  m_wready;
    logic [ID_WIDTH-1:0] m_bid;
    logic [1:0] m_bresp;
    logic  m_bvalid;
    logic  m_bready;
    logic [ID_WIDTH-1:0] m_arid;
    logic [ADDR_WIDTH-1:0] m_araddr;
    logic [7:0] m_arlen;
    logic [2:0] m_arsize;
    logic [1:0] m_arburst;
    logic  m_arvalid;
    logic  m_arready;
    logic [ID_WIDTH-1:0] m_rid;
    logic [DATA_WIDTH-1:0] m_rdata;
    logic [1:0] m_rresp;
    logic  m_rlast;
    logic  m_rvalid;
    logic  m_rready;
    /* verilator lint_off PINCONNECTEMPTY */
    axi_traffic_gen #(.ADDR_WIDTH(ADDR_WIDTH), .DATA_WIDTH(DATA_WIDTH), .ID_WIDTH(ID_WIDTH)) u_tg (
        .aclk, .aresetn, .start, .cfg_write, .cfg_mixed(1'b0), .cfg_size(3'(SZ)), .cfg_gap(16'd0), .cfg_fault(3'd0),
        .cfg_total_bytes, .cfg_burst_len, .cfg_max_outstanding, .cfg_start_addr('0), .busy(), .done, .beats(),
        .start_cycle, .first_beat_cycle(), .done_cycle,
        .m_axi_awid(s_awid), .m_axi_awaddr(s_awaddr), .m_axi_awlen(s_awlen), .m_axi_awsize(s_awsize), .m_axi_awburst(s_awburst), .m_axi_awvalid(s_awvalid), .m_axi_awready(s_awready), .m_axi_wdata(s_wdata), .m_axi_wstrb(s_wstrb), .m_axi_wlast(s_wlast), .m_axi_wvalid(s_wvalid), .m_axi_wready(s_wready), .m_axi_bid(s_bid), .m_axi_bresp(s_bresp), .m_axi_bvalid(s_bvalid), .m_axi_bready(s_bready), .m_axi_arid(s_arid), .m_axi_araddr(s_araddr), .m_axi_arlen(s_arlen), .m_axi_arsize(s_arsize), .m_axi_arburst(s_arburst), .m_axi_arvalid(s_arvalid), .m_axi_arready(s_arready), .m_axi_rid(s_rid), .m_axi_rdata(s_rdata), .m_axi_rresp(s_rresp), .m_axi_rlast(s_rlast), .m_axi_rvalid(s_rvalid), .m_axi_rready(s_rready)
    );
    axi_link_emu #(.ADDR_WIDTH(ADDR_WIDTH), .DATA_WIDTH(DATA_WIDTH), .ID_WIDTH(ID_WIDTH), .QUEUE_DEPTH(256)) u_emu (
        .aclk, .aresetn, .cfg_gen, .cfg_lanes, .cfg_mps, .cfg_mrrs, .cfg_rcb, .cfg_addr64, .cfg_ecrc, .cfg_tags, .cfg_hops, .cfg_hop_ps, .cfg_clk_ps,
        .s_axi_awid(s_awid), .s_axi_awaddr(s_awaddr), .s_axi_awlen(s_awlen), .s_axi_awsize(s_awsize), .s_axi_awburst(s_awburst), .s_axi_awvalid(s_awvalid), .s_axi_awready(s_awready), .s_axi_wdata(s_wdata), .s_axi_wstrb(s_wstrb), .s_axi_wlast(s_wlast), .s_axi_wvalid(s_wvalid), .s_axi_wready(s_wready), .s_axi_bid(s_bid), .s_axi_bresp(s_bresp), .s_axi_bvalid(s_bvalid), .s_axi_bready(s_bready), .s_axi_arid(s_arid), .s_axi_araddr(s_araddr), .s_axi_arlen(s_arlen), .s_axi_arsize(s_arsize), .s_axi_arburst(s_arburst), .s_axi_arvalid(s_arvalid), .s_axi_arready(s_arready), .s_axi_rid(s_rid), .s_axi_rdata(s_rdata), .s_axi_rresp(s_rresp), .s_axi_rlast(s_rlast), .s_axi_rvalid(s_rvalid), .s_axi_rready(s_rready),
        .m_axi_awid(m_awid), .m_axi_awaddr(m_awaddr), .m_axi_awlen(m_awlen), .m_axi_awsize(m_awsize), .m_axi_awburst(m_awburst), .m_axi_awvalid(m_awvalid), .m_axi_awready(m_awready), .m_axi_wdata(m_wdata), .m_axi_wstrb(m_wstrb), .m_axi_wlast(m_wlast), .m_axi_wvalid(m_wvalid), .m_axi_wready(m_wready), .m_axi_bid(m_bid), .m_axi_bresp(m_bresp), .m_axi_bvalid(m_bvalid), .m_axi_bready(m_bready), .m_axi_arid(m_arid), .m_axi_araddr(m_araddr), .m_axi_arlen(m_arlen), .m_axi_arsize(m_arsize), .m_axi_arburst(m_arburst), .m_axi_arvalid(m_arvalid), .m_axi_arready(m_arready), .m_axi_rid(m_rid), .m_axi_rdata(m_rdata), .m_axi_rresp(m_rresp), .m_axi_rlast(m_rlast), .m_axi_rvalid(m_rvalid), .m_axi_rready(m_rready),
        .stat_wr_tlps, .stat_rd_reqs, .stat_cpls, .stat_dn_bytes, .stat_up_bytes, .stat_tags_max, .stat_wr_errors
    );
    axi_mem_model #(.ADDR_WIDTH(ADDR_WIDTH), .DATA_WIDTH(DATA_WIDTH), .ID_WIDTH(ID_WIDTH), .LATENCY(LATENCY)) u_mem (
        .aclk, .aresetn,
        .s_axi_awid(m_awid), .s_axi_awaddr(m_awaddr), .s_axi_awlen(m_awlen), .s_axi_awsize(m_awsize), .s_axi_awburst(m_awburst), .s_axi_awvalid(m_awvalid), .s_axi_awready(m_awready), .s_axi_wdata(m_wdata), .s_axi_wstrb(m_wstrb), .s_axi_wlast(m_wlast), .s_axi_wvalid(m_wvalid), .s_axi_wready(m_wready), .s_axi_bid(m_bid), .s_axi_bresp(m_bresp), .s_axi_bvalid(m_bvalid), .s_axi_bready(m_bready), .s_axi_arid(m_arid), .s_axi_araddr(m_araddr), .s_axi_arlen(m_arlen), .s_axi_arsize(m_arsize), .s_axi_arburst(m_arburst), .s_axi_arvalid(m_arvalid), .s_axi_arready(m_arready), .s_axi_rid(m_rid), .s_axi_rdata(m_rdata), .s_axi_rresp(m_rresp), .s_axi_rlast(m_rlast), .s_axi_rvalid(m_rvalid), .s_axi_rready(m_rready)
    );
    logic [31:0] u_check_s_errors, u_check_m_errors;
    assign protocol_errors = u_check_s_errors + u_check_m_errors;
    axi_protocol_checker #(.ADDR_WIDTH(ADDR_WIDTH), .DATA_WIDTH(DATA_WIDTH), .ID_WIDTH(ID_WIDTH), .NAME("s_axi")) u_check_s (
        .aclk, .aresetn, .awqos(4'd0), .arqos(4'd0), .awid(s_awid), .awaddr(s_awaddr), .awlen(s_awlen), .awsize(s_awsize), .awburst(s_awburst), .awvalid(s_awvalid), .awready(s_awready), .wdata(s_wdata), .wstrb(s_wstrb), .wlast(s_wlast), .wvalid(s_wvalid), .wready(s_wready), .bid(s_bid), .bresp(s_bresp), .bvalid(s_bvalid), .bready(s_bready), .arid(s_arid), .araddr(s_araddr), .arlen(s_arlen), .arsize(s_arsize), .arburst(s_arburst), .arvalid(s_arvalid), .arready(s_arready), .rid(s_rid), .rdata(s_rdata), .rresp(s_rresp), .rlast(s_rlast), .rvalid(s_rvalid), .rready(s_rready),
        .errors(u_check_s_errors), .reads(), .reads_done(), .writes(), .writes_done()
    );
    axi_protocol_checker #(.ADDR_WIDTH(ADDR_WIDTH), .DATA_WIDTH(DATA_WIDTH), .ID_WIDTH(ID_WIDTH), .NAME("m_axi")) u_check_m (
        .aclk, .aresetn, .awqos(4'd0), .arqos(4'd0), .awid(m_awid), .awaddr(m_awaddr), .awlen(m_awlen), .awsize(m_awsize), .awburst(m_awburst), .awvalid(m_awvalid), .awready(m_awready), .wdata(m_wdata), .wstrb(m_wstrb), .wlast(m_wlast), .wvalid(m_wvalid), .wready(m_wready), .bid(m_bid), .bresp(m_bresp), .bvalid(m_bvalid), .bready(m_bready), .arid(m_arid), .araddr(m_araddr), .arlen(m_arlen), .arsize(m_arsize), .arburst(m_arburst), .arvalid(m_arvalid), .arready(m_arready), .rid(m_rid), .rdata(m_rdata), .rresp(m_rresp), .rlast(m_rlast), .rvalid(m_rvalid), .rready(m_rready),
        .errors(u_check_m_errors), .reads(), .reads_done(), .writes(), .writes_done()
    );
    /* verilator lint_on PINCONNECTEMPTY */
endmodule
