// SPDX-License-Identifier: Apache-2.0
// hc_system_top — axi_hyperconnect in a small system for the C++ benches and the driver test
// (simulation only): N axi_traffic_gen -> axi_hyperconnect -> axi_mem_model, with the AXI4-Lite control
// port brought out for the driver's simulation backend (sw/driver/sim/hc_backend_verilator.hpp).
// The harness drives the generators' configuration and watches the memory-side R channel through
// mon_r_fire / mon_r_port, and each accelerator port's address and completion handshakes (mon_*).
// Parameters: N (ports), DATA_WIDTH, MEM_MODEL (0: axi_mem_model, fixed LATENCY; 1: axi_dram_model at
// DRAM_PRESET 1 ddr200_64 / 2 ddr4_2400, DRAM_HP_QOS, DRAM_WRITE_BATCH), REORDER (the fixed memory
// reorders responses across IDs; the DRAM serves row hits first), TRACK_DEPTH
/* verilator lint_off UNUSEDSIGNAL */
module hc_system_top #(
    parameter int N           = 4,
    parameter int DATA_WIDTH  = 64,
    parameter int LATENCY     = 10,
    parameter int REORDER     = 0,
    parameter int MEM_MODEL   = 0,
    parameter int DRAM_PRESET = 1,
    parameter int DRAM_HP_QOS = 16,
    parameter int DRAM_WRITE_BATCH = 0,
    parameter int TRACK_DEPTH = 16,
    localparam int AW         = 32,
    localparam int IDW        = 4,
    localparam int NB         = DATA_WIDTH / 8,
    localparam int PW         = (N > 1) ? $clog2(N) : 1,
    localparam int MIDW       = IDW + PW
) (
    input  logic            aclk,
    input  logic            aresetn,
    output logic            irq,
    input  logic            s_axil_awvalid,
    output logic            s_axil_awready,
    input  logic [11:0]     s_axil_awaddr,
    input  logic [2:0]      s_axil_awprot,
    input  logic            s_axil_wvalid,
    output logic            s_axil_wready,
    input  logic [31:0]     s_axil_wdata,
    input  logic [3:0]      s_axil_wstrb,
    output logic            s_axil_bvalid,
    input  logic            s_axil_bready,
    output logic [1:0]      s_axil_bresp,
    input  logic            s_axil_arvalid,
    output logic            s_axil_arready,
    input  logic [11:0]     s_axil_araddr,
    input  logic [2:0]      s_axil_arprot,
    output logic            s_axil_rvalid,
    input  logic            s_axil_rready,
    output logic [31:0]     s_axil_rdata,
    output logic [1:0]      s_axil_rresp,
    input  logic [N-1:0]    start,
    input  logic [N-1:0]    cfg_write,
    input  logic [N-1:0]    cfg_mixed,
    input  logic [N*3-1:0]  cfg_size,
    input  logic [N*16-1:0] cfg_gap,
    input  logic [N*3-1:0]  cfg_fault,      // axi_traffic_gen: 0 none, 1 W stall, 2 R stall, 3 B stall, 4 early WLAST
    input  logic [N*32-1:0] cfg_total_bytes,
    input  logic [N*9-1:0]  cfg_burst_len,
    input  logic [N*8-1:0]  cfg_max_outstanding,
    input  logic [N*AW-1:0] cfg_start_addr,
    output logic [N-1:0]    busy,
    output logic [N-1:0]    done,
    output logic [N*32-1:0] beats,
    output logic [N*64-1:0] start_cycle,
    output logic [N*64-1:0] first_beat_cycle,
    output logic [N*64-1:0] done_cycle,
    output logic            mon_r_fire,
    output logic [3:0]      mon_r_port,
    output logic [N-1:0]    mon_arvalid,
    output logic [N-1:0]    mon_ar_fire,
    output logic [N-1:0]    mon_rlast_fire,
    output logic [N-1:0]    mon_awvalid,
    output logic [N-1:0]    mon_aw_fire,
    output logic [N-1:0]    mon_b_fire,
    output logic [N-1:0]    mon_r_beat,
    output logic [N-1:0]    mon_w_beat
);
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
        .aclk, .aresetn, .start, .cfg_write, .cfg_mixed, .cfg_size, .cfg_gap, .cfg_fault, .cfg_total_bytes, .cfg_burst_len, .cfg_max_outstanding,
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

    logic [MIDW-1:0]       m_awid, m_arid, m_bid, m_rid;
    logic [AW-1:0]         m_awaddr, m_araddr;
    logic [7:0]            m_awlen, m_arlen;
    logic [2:0]            m_awsize, m_arsize, m_awprot, m_arprot;
    logic [1:0]            m_awburst, m_arburst, m_bresp, m_rresp;
    logic [3:0]            m_awcache, m_arcache, m_awqos, m_arqos;
    logic                  m_awlock, m_arlock;
    logic                  m_awvalid, m_awready, m_wlast, m_wvalid, m_wready, m_bvalid, m_bready;
    logic                  m_arvalid, m_arready, m_rlast, m_rvalid, m_rready;
    logic [DATA_WIDTH-1:0] m_wdata, m_rdata;
    logic [NB-1:0]         m_wstrb;

    axi_hyperconnect #(.S_COUNT(N), .ADDR_WIDTH(AW), .DATA_WIDTH(DATA_WIDTH), .ID_WIDTH(IDW),
                       .TRACK_DEPTH(TRACK_DEPTH)) u_hc (
        .aclk, .aresetn, .irq,
        .s_axil_awvalid, .s_axil_awready, .s_axil_awaddr, .s_axil_awprot, .s_axil_wvalid, .s_axil_wready,
        .s_axil_wdata, .s_axil_wstrb, .s_axil_bvalid, .s_axil_bready, .s_axil_bresp, .s_axil_arvalid,
        .s_axil_arready, .s_axil_araddr, .s_axil_arprot, .s_axil_rvalid, .s_axil_rready, .s_axil_rdata,
        .s_axil_rresp,
        .s_axi_awid(g_awid), .s_axi_awaddr(g_awaddr), .s_axi_awlen(g_awlen), .s_axi_awsize(g_awsize),
        .s_axi_awburst(g_awburst), .s_axi_awlock('0), .s_axi_awcache('0), .s_axi_awprot('0), .s_axi_awqos('0),
        .s_axi_awvalid(g_awvalid), .s_axi_awready(g_awready), .s_axi_wdata(g_wdata), .s_axi_wstrb(g_wstrb),
        .s_axi_wlast(g_wlast), .s_axi_wvalid(g_wvalid), .s_axi_wready(g_wready), .s_axi_bid(g_bid),
        .s_axi_bresp(g_bresp), .s_axi_bvalid(g_bvalid), .s_axi_bready(g_bready),
        .s_axi_arid(g_arid), .s_axi_araddr(g_araddr), .s_axi_arlen(g_arlen), .s_axi_arsize(g_arsize),
        .s_axi_arburst(g_arburst), .s_axi_arlock('0), .s_axi_arcache('0), .s_axi_arprot('0), .s_axi_arqos('0),
        .s_axi_arvalid(g_arvalid), .s_axi_arready(g_arready), .s_axi_rid(g_rid), .s_axi_rdata(g_rdata),
        .s_axi_rresp(g_rresp), .s_axi_rlast(g_rlast), .s_axi_rvalid(g_rvalid), .s_axi_rready(g_rready),
        .m_axi_awid(m_awid), .m_axi_awaddr(m_awaddr), .m_axi_awlen(m_awlen), .m_axi_awsize(m_awsize),
        .m_axi_awburst(m_awburst), .m_axi_awlock(m_awlock), .m_axi_awcache(m_awcache), .m_axi_awprot(m_awprot),
        .m_axi_awqos(m_awqos), .m_axi_awvalid(m_awvalid), .m_axi_awready(m_awready), .m_axi_wdata(m_wdata),
        .m_axi_wstrb(m_wstrb), .m_axi_wlast(m_wlast), .m_axi_wvalid(m_wvalid), .m_axi_wready(m_wready),
        .m_axi_bid(m_bid), .m_axi_bresp(m_bresp), .m_axi_bvalid(m_bvalid), .m_axi_bready(m_bready),
        .m_axi_arid(m_arid), .m_axi_araddr(m_araddr), .m_axi_arlen(m_arlen), .m_axi_arsize(m_arsize),
        .m_axi_arburst(m_arburst), .m_axi_arlock(m_arlock), .m_axi_arcache(m_arcache), .m_axi_arprot(m_arprot),
        .m_axi_arqos(m_arqos), .m_axi_arvalid(m_arvalid), .m_axi_arready(m_arready), .m_axi_rid(m_rid),
        .m_axi_rdata(m_rdata), .m_axi_rresp(m_rresp), .m_axi_rlast(m_rlast), .m_axi_rvalid(m_rvalid),
        .m_axi_rready(m_rready)
    );

    initial begin
        if (MEM_MODEL != 0 && MEM_MODEL != 1) $fatal(1, "hc_system_top: MEM_MODEL must be 0 or 1 (got %0d)", MEM_MODEL);
        if (DRAM_PRESET != 1 && DRAM_PRESET != 2) $fatal(1, "hc_system_top: DRAM_PRESET must be 1 or 2 (got %0d)", DRAM_PRESET);
    end
    if (MEM_MODEL == 0) begin : g_fixed
        axi_mem_model #(.ADDR_WIDTH(AW), .DATA_WIDTH(DATA_WIDTH), .ID_WIDTH(MIDW), .LATENCY(LATENCY),
                        .REORDER(REORDER)) u_mem (
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
    end else begin : g_dram
        localparam string PRESET = (DRAM_PRESET == 2) ? "ddr4_2400" : "ddr200_64";
        /* verilator lint_off PINCONNECTEMPTY */
        axi_dram_model #(.ADDR_WIDTH(AW), .DATA_WIDTH(DATA_WIDTH), .ID_WIDTH(MIDW), .PRESET(PRESET),
                         .HP_QOS(DRAM_HP_QOS), .REORDER(REORDER), .WRITE_BATCH(DRAM_WRITE_BATCH)) u_mem (
            .aclk, .aresetn,
            .s_axi_awid(m_awid), .s_axi_awaddr(m_awaddr), .s_axi_awlen(m_awlen), .s_axi_awsize(m_awsize),
            .s_axi_awburst(m_awburst), .s_axi_awqos(m_awqos), .s_axi_awvalid(m_awvalid), .s_axi_awready(m_awready),
            .s_axi_wdata(m_wdata), .s_axi_wstrb(m_wstrb), .s_axi_wlast(m_wlast), .s_axi_wvalid(m_wvalid),
            .s_axi_wready(m_wready), .s_axi_bid(m_bid), .s_axi_bresp(m_bresp), .s_axi_bvalid(m_bvalid),
            .s_axi_bready(m_bready),
            .s_axi_arid(m_arid), .s_axi_araddr(m_araddr), .s_axi_arlen(m_arlen), .s_axi_arsize(m_arsize),
            .s_axi_arburst(m_arburst), .s_axi_arqos(m_arqos), .s_axi_arvalid(m_arvalid), .s_axi_arready(m_arready),
            .s_axi_rid(m_rid), .s_axi_rdata(m_rdata), .s_axi_rresp(m_rresp), .s_axi_rlast(m_rlast),
            .s_axi_rvalid(m_rvalid), .s_axi_rready(m_rready),
            .stat_rd_beats(), .stat_wr_beats(), .stat_refreshes(), .stat_hits(), .stat_closed(), .stat_conflicts(),
            .stat_hp()
        );
        /* verilator lint_on PINCONNECTEMPTY */
    end

    assign mon_r_fire = m_rvalid && m_rready;
    assign mon_r_port = 4'(m_rid[IDW +: PW]);
    // per accelerator port, for request latencies (the generators use one ID: responses come in order)
    assign mon_arvalid    = g_arvalid;
    assign mon_ar_fire    = g_arvalid & g_arready;
    assign mon_rlast_fire = g_rvalid & g_rready & g_rlast;
    assign mon_awvalid    = g_awvalid;
    assign mon_aw_fire    = g_awvalid & g_awready;
    assign mon_b_fire     = g_bvalid & g_bready;
    assign mon_r_beat     = g_rvalid & g_rready;
    assign mon_w_beat     = g_wvalid & g_wready;
endmodule
/* verilator lint_on UNUSEDSIGNAL */
