// SPDX-License-Identifier: Apache-2.0
// demo_top — the fairness experiment of paper 000 (section 3 / 5.1) on our RTL, simulation only.
//
// Three axi_traffic_gen (D1, D2, D3) -> fair_xbar (an axi_burst_equalizer per port if EQUALIZE, then
// axi_exbar) -> axi_mem_model. The C++ harness (bench/demo/demo_main.cpp) drives the generators' configuration
// inputs and watches the memory-side R channel through mon_r_fire / mon_r_port.
// Parameters: EQUALIZE (0: stock crossbar, 1: ABE per port), DATA_WIDTH, LATENCY (memory), TRACK_DEPTH
/* verilator lint_off UNUSEDSIGNAL */
module demo_top #(
    parameter int EQUALIZE    = 1,
    parameter int DATA_WIDTH  = 64,
    parameter int LATENCY     = 10,
    parameter int TRACK_DEPTH = 16,
    localparam int N          = 3,
    localparam int AW         = 32,
    localparam int IDW        = 4,
    localparam int NB         = DATA_WIDTH / 8,
    localparam int MIDW       = IDW + 2
) (
    input  logic            aclk,
    input  logic            aresetn,
    input  logic [N-1:0]    start,
    input  logic [N-1:0]    cfg_write,
    input  logic [N*32-1:0] cfg_total_bytes,
    input  logic [N*9-1:0]  cfg_burst_len,
    input  logic [N*8-1:0]  cfg_max_outstanding,
    input  logic [N*AW-1:0] cfg_start_addr,
    input  logic [8:0]      cfg_nominal_len,
    input  logic [8:0]      cfg_abe_outstanding,
    output logic [N-1:0]    busy,
    output logic [N-1:0]    done,
    output logic [N*32-1:0] beats,
    output logic [N*64-1:0] start_cycle,
    output logic [N*64-1:0] first_beat_cycle,
    output logic [N*64-1:0] done_cycle,
    output logic            mon_r_fire,
    output logic [1:0]      mon_r_port
);
    // generator-side AXI buses, packed per port
    logic [N*IDW-1:0] g_awid, g_arid, g_bid, g_rid;
    logic [N*AW-1:0]  g_awaddr, g_araddr;
    logic [N*8-1:0]   g_awlen, g_arlen;
    logic [N*3-1:0]   g_awsize, g_arsize;
    logic [N*2-1:0]   g_awburst, g_arburst, g_bresp, g_rresp;
    logic [N-1:0]     g_awvalid, g_awready, g_wlast, g_wvalid, g_wready, g_bvalid, g_bready;
    logic [N-1:0]     g_arvalid, g_arready, g_rlast, g_rvalid, g_rready;
    logic [N*DATA_WIDTH-1:0] g_wdata, g_rdata;
    logic [N*NB-1:0]  g_wstrb;

    axi_traffic_array #(.N(N), .ADDR_WIDTH(AW), .DATA_WIDTH(DATA_WIDTH), .ID_WIDTH(IDW)) u_gens (
        .aclk, .aresetn, .start, .cfg_write, .cfg_mixed('0), .cfg_size({N{3'($clog2(DATA_WIDTH / 8))}}),
        .cfg_gap('0), .cfg_fault('0), .cfg_total_bytes, .cfg_burst_len, .cfg_max_outstanding,
        .cfg_start_addr, .busy, .done, .beats, .start_cycle, .first_beat_cycle, .done_cycle,
        .m_axi_awid(g_awid), .m_axi_awaddr(g_awaddr), .m_axi_awlen(g_awlen), .m_axi_awsize(g_awsize),
        .m_axi_awburst(g_awburst), .m_axi_awvalid(g_awvalid), .m_axi_awready(g_awready), .m_axi_wdata(g_wdata),
        .m_axi_wstrb(g_wstrb), .m_axi_wlast(g_wlast), .m_axi_wvalid(g_wvalid), .m_axi_wready(g_wready),
        .m_axi_bid(g_bid), .m_axi_bresp(g_bresp), .m_axi_bvalid(g_bvalid), .m_axi_bready(g_bready),
        .m_axi_arid(g_arid), .m_axi_araddr(g_araddr), .m_axi_arlen(g_arlen), .m_axi_arsize(g_arsize),
        .m_axi_arburst(g_arburst), .m_axi_arvalid(g_arvalid), .m_axi_arready(g_arready), .m_axi_rid(g_rid),
        .m_axi_rdata(g_rdata), .m_axi_rresp(g_rresp), .m_axi_rlast(g_rlast), .m_axi_rvalid(g_rvalid),
        .m_axi_rready(g_rready)
    );

    // memory-side bus
    logic [MIDW-1:0]       m_awid, m_arid, m_bid, m_rid;
    logic [AW-1:0]         m_awaddr, m_araddr;
    logic [7:0]            m_awlen, m_arlen;
    logic [2:0]            m_awsize, m_arsize;
    logic [1:0]            m_awburst, m_arburst, m_bresp, m_rresp;
    logic                  m_awvalid, m_awready, m_wlast, m_wvalid, m_wready, m_bvalid, m_bready;
    logic                  m_arvalid, m_arready, m_rlast, m_rvalid, m_rready;
    logic [DATA_WIDTH-1:0] m_wdata, m_rdata;
    logic [NB-1:0]         m_wstrb;

    fair_xbar #(.S_COUNT(N), .EQUALIZE(EQUALIZE), .ADDR_WIDTH(AW), .DATA_WIDTH(DATA_WIDTH), .ID_WIDTH(IDW),
                .TRACK_DEPTH(TRACK_DEPTH)) u_fabric (
        .aclk, .aresetn, .cfg_nominal_len, .cfg_abe_outstanding,
        .s_awid(g_awid), .s_awaddr(g_awaddr), .s_awlen(g_awlen), .s_awsize(g_awsize), .s_awburst(g_awburst),
        .s_awvalid(g_awvalid), .s_awready(g_awready), .s_wdata(g_wdata), .s_wstrb(g_wstrb), .s_wlast(g_wlast),
        .s_wvalid(g_wvalid), .s_wready(g_wready), .s_bid(g_bid), .s_bresp(g_bresp), .s_bvalid(g_bvalid),
        .s_bready(g_bready), .s_arid(g_arid), .s_araddr(g_araddr), .s_arlen(g_arlen), .s_arsize(g_arsize),
        .s_arburst(g_arburst), .s_arvalid(g_arvalid), .s_arready(g_arready), .s_rid(g_rid), .s_rdata(g_rdata),
        .s_rresp(g_rresp), .s_rlast(g_rlast), .s_rvalid(g_rvalid), .s_rready(g_rready),
        .m_awid, .m_awaddr, .m_awlen, .m_awsize, .m_awburst, .m_awvalid, .m_awready, .m_wdata, .m_wstrb,
        .m_wlast, .m_wvalid, .m_wready, .m_bid, .m_bresp, .m_bvalid, .m_bready, .m_arid, .m_araddr, .m_arlen,
        .m_arsize, .m_arburst, .m_arvalid, .m_arready, .m_rid, .m_rdata, .m_rresp, .m_rlast, .m_rvalid,
        .m_rready
    );

    axi_mem_model #(.ADDR_WIDTH(AW), .DATA_WIDTH(DATA_WIDTH), .ID_WIDTH(MIDW), .LATENCY(LATENCY)) u_mem (
        .aclk, .aresetn,
        .s_axi_awid(m_awid), .s_axi_awaddr(m_awaddr), .s_axi_awlen(m_awlen), .s_axi_awsize(m_awsize),
        .s_axi_awburst(m_awburst), .s_axi_awvalid(m_awvalid), .s_axi_awready(m_awready),
        .s_axi_wdata(m_wdata), .s_axi_wstrb(m_wstrb), .s_axi_wlast(m_wlast), .s_axi_wvalid(m_wvalid),
        .s_axi_wready(m_wready), .s_axi_bid(m_bid), .s_axi_bresp(m_bresp), .s_axi_bvalid(m_bvalid),
        .s_axi_bready(m_bready),
        .s_axi_arid(m_arid), .s_axi_araddr(m_araddr), .s_axi_arlen(m_arlen), .s_axi_arsize(m_arsize),
        .s_axi_arburst(m_arburst), .s_axi_arvalid(m_arvalid), .s_axi_arready(m_arready),
        .s_axi_rid(m_rid), .s_axi_rdata(m_rdata), .s_axi_rresp(m_rresp), .s_axi_rlast(m_rlast),
        .s_axi_rvalid(m_rvalid), .s_axi_rready(m_rready)
    );

    assign mon_r_fire = m_rvalid && m_rready;
    assign mon_r_port = m_rid[IDW +: 2];
endmodule
/* verilator lint_on UNUSEDSIGNAL */
