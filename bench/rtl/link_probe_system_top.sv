// SPDX-License-Identifier: Apache-2.0
// link_probe_system_top — the link probe's loaded case on the fabric side (issue 20, paper 004's "busy
// mode"; simulation only): hc_link_probe on port 0 of axi_hyperconnect, N - 1 axi_traffic_gen on ports
// 1 .. N - 1 interfering, one memory behind.
//
//   s_axil_*  -> hc_link_probe -> port 0 \
//   cfg_*     -> axi_traffic_array ------> ports 1..N-1 -> axi_hyperconnect -> axi_mem_model | axi_dram_model
//   s_axil_hc_* (rdl/hyperconnect.rdl) ---------------------^
//
// The testbench programs the probe (rdl/hc_link_probe.rdl) and, if it wants other than the reset defaults,
// the interconnect; it starts the interferers through the packed cfg_* inputs (axi_traffic_array, gens
// 0 .. N-2 on ports 1 .. N-1). probe_errors counts AXI rule violations on the probe's port
// (axi_protocol_checker); irq is the probe's.
// Parameters: N (ports, 2..16), DATA_WIDTH, MEM_MODEL (0: axi_mem_model with LATENCY; 1: axi_dram_model
// ddr200_64), LATENCY.
/* verilator lint_off UNUSEDSIGNAL */
module link_probe_system_top #(
    parameter int N          = 4,
    parameter int DATA_WIDTH = 64,
    parameter int MEM_MODEL  = 0,
    parameter int LATENCY    = 10,
    localparam int AW        = 32,
    localparam int IDW       = 4,
    localparam int NB        = DATA_WIDTH / 8,
    localparam int G         = N - 1,
    localparam int PW        = $clog2(N),
    localparam int MIDW      = IDW + PW
) (
    input  logic            aclk,
    input  logic            aresetn,
    output logic            irq,
    // the probe's control port
    input  logic [7:0]      s_axil_awaddr,
    input  logic [2:0]      s_axil_awprot,
    input  logic            s_axil_awvalid,
    output logic            s_axil_awready,
    input  logic [31:0]     s_axil_wdata,
    input  logic [3:0]      s_axil_wstrb,
    input  logic            s_axil_wvalid,
    output logic            s_axil_wready,
    output logic [1:0]      s_axil_bresp,
    output logic            s_axil_bvalid,
    input  logic            s_axil_bready,
    input  logic [7:0]      s_axil_araddr,
    input  logic [2:0]      s_axil_arprot,
    input  logic            s_axil_arvalid,
    output logic            s_axil_arready,
    output logic [31:0]     s_axil_rdata,
    output logic [1:0]      s_axil_rresp,
    output logic            s_axil_rvalid,
    input  logic            s_axil_rready,
    // the interconnect's control port
    input  logic [11:0]     s_axil_hc_awaddr,
    input  logic [2:0]      s_axil_hc_awprot,
    input  logic            s_axil_hc_awvalid,
    output logic            s_axil_hc_awready,
    input  logic [31:0]     s_axil_hc_wdata,
    input  logic [3:0]      s_axil_hc_wstrb,
    input  logic            s_axil_hc_wvalid,
    output logic            s_axil_hc_wready,
    output logic [1:0]      s_axil_hc_bresp,
    output logic            s_axil_hc_bvalid,
    input  logic            s_axil_hc_bready,
    input  logic [11:0]     s_axil_hc_araddr,
    input  logic [2:0]      s_axil_hc_arprot,
    input  logic            s_axil_hc_arvalid,
    output logic            s_axil_hc_arready,
    output logic [31:0]     s_axil_hc_rdata,
    output logic [1:0]      s_axil_hc_rresp,
    output logic            s_axil_hc_rvalid,
    input  logic            s_axil_hc_rready,
    // the interferers (axi_traffic_array, packed per generator)
    input  logic [G-1:0]    start,
    input  logic [G-1:0]    cfg_write,
    input  logic [G-1:0]    cfg_mixed,
    input  logic [G*3-1:0]  cfg_size,
    input  logic [G*16-1:0] cfg_gap,
    input  logic [G*3-1:0]  cfg_fault,
    input  logic [G*32-1:0] cfg_total_bytes,
    input  logic [G*9-1:0]  cfg_burst_len,
    input  logic [G*8-1:0]  cfg_max_outstanding,
    input  logic [G*AW-1:0] cfg_start_addr,
    output logic [G-1:0]    busy,
    output logic [G-1:0]    done,
    output logic [G*32-1:0] beats,
    output logic [31:0]     probe_errors
);
    initial begin
        if (N < 2 || N > 16) $fatal(1, "link_probe_system_top: N must be 2..16 (got %0d)", N);
        if (MEM_MODEL != 0 && MEM_MODEL != 1) $fatal(1, "link_probe_system_top: MEM_MODEL must be 0 or 1 (got %0d)", MEM_MODEL);
    end
    // ---- the probe (port 0)
    logic [IDW-1:0]        p_awid, p_arid, p_bid, p_rid;
    logic [AW-1:0]         p_awaddr, p_araddr;
    logic [7:0]            p_awlen, p_arlen;
    logic [2:0]            p_awsize, p_arsize, p_awprot, p_arprot;
    logic [1:0]            p_awburst, p_arburst, p_bresp, p_rresp;
    logic [3:0]            p_awcache, p_arcache, p_awqos, p_arqos;
    logic                  p_awlock, p_arlock;
    logic                  p_awvalid, p_awready, p_wlast, p_wvalid, p_wready, p_bvalid, p_bready;
    logic                  p_arvalid, p_arready, p_rlast, p_rvalid, p_rready;
    logic [DATA_WIDTH-1:0] p_wdata, p_rdata;
    logic [NB-1:0]         p_wstrb;
    hc_link_probe #(.ADDR_WIDTH(AW), .DATA_WIDTH(DATA_WIDTH), .ID_WIDTH(IDW)) u_probe (
        .aclk, .aresetn, .irq,
        .s_axil_awaddr, .s_axil_awprot, .s_axil_awvalid, .s_axil_awready, .s_axil_wdata, .s_axil_wstrb,
        .s_axil_wvalid, .s_axil_wready, .s_axil_bresp, .s_axil_bvalid, .s_axil_bready, .s_axil_araddr,
        .s_axil_arprot, .s_axil_arvalid, .s_axil_arready, .s_axil_rdata, .s_axil_rresp, .s_axil_rvalid,
        .s_axil_rready,
        .m_axi_arid(p_arid), .m_axi_araddr(p_araddr), .m_axi_arlen(p_arlen), .m_axi_arsize(p_arsize),
        .m_axi_arburst(p_arburst), .m_axi_arlock(p_arlock), .m_axi_arcache(p_arcache), .m_axi_arprot(p_arprot),
        .m_axi_arqos(p_arqos), .m_axi_arvalid(p_arvalid), .m_axi_arready(p_arready), .m_axi_rid(p_rid),
        .m_axi_rdata(p_rdata), .m_axi_rresp(p_rresp), .m_axi_rlast(p_rlast), .m_axi_rvalid(p_rvalid),
        .m_axi_rready(p_rready),
        .m_axi_awid(p_awid), .m_axi_awaddr(p_awaddr), .m_axi_awlen(p_awlen), .m_axi_awsize(p_awsize),
        .m_axi_awburst(p_awburst), .m_axi_awlock(p_awlock), .m_axi_awcache(p_awcache), .m_axi_awprot(p_awprot),
        .m_axi_awqos(p_awqos), .m_axi_awvalid(p_awvalid), .m_axi_awready(p_awready), .m_axi_wdata(p_wdata),
        .m_axi_wstrb(p_wstrb), .m_axi_wlast(p_wlast), .m_axi_wvalid(p_wvalid), .m_axi_wready(p_wready),
        .m_axi_bid(p_bid), .m_axi_bresp(p_bresp), .m_axi_bvalid(p_bvalid), .m_axi_bready(p_bready)
    );
    /* verilator lint_off PINCONNECTEMPTY */
    axi_protocol_checker #(.ADDR_WIDTH(AW), .DATA_WIDTH(DATA_WIDTH), .ID_WIDTH(IDW), .NAME("probe")) u_check (
        .aclk, .aresetn, .arid(p_arid), .araddr(p_araddr), .arlen(p_arlen), .arsize(p_arsize), .arburst(p_arburst),
        .arqos(p_arqos), .arvalid(p_arvalid), .arready(p_arready), .rid(p_rid), .rdata(p_rdata), .rresp(p_rresp), .rlast(p_rlast),
        .rvalid(p_rvalid), .rready(p_rready), .awid(p_awid), .awaddr(p_awaddr), .awlen(p_awlen), .awsize(p_awsize),
        .awburst(p_awburst), .awqos(p_awqos), .awvalid(p_awvalid), .awready(p_awready), .wdata(p_wdata), .wstrb(p_wstrb),
        .wlast(p_wlast), .wvalid(p_wvalid), .wready(p_wready), .bid(p_bid), .bresp(p_bresp), .bvalid(p_bvalid),
        .bready(p_bready), .errors(probe_errors), .reads(), .reads_done(), .writes(), .writes_done()
    );
    /* verilator lint_on PINCONNECTEMPTY */

    // ---- the interferers (ports 1 .. N-1)
    logic [G*IDW-1:0]        g_awid, g_arid, g_bid, g_rid;
    logic [G*AW-1:0]         g_awaddr, g_araddr;
    logic [G*8-1:0]          g_awlen, g_arlen;
    logic [G*3-1:0]          g_awsize, g_arsize;
    logic [G*2-1:0]          g_awburst, g_arburst, g_bresp, g_rresp;
    logic [G-1:0]            g_awvalid, g_awready, g_wlast, g_wvalid, g_wready, g_bvalid, g_bready;
    logic [G-1:0]            g_arvalid, g_arready, g_rlast, g_rvalid, g_rready;
    logic [G*DATA_WIDTH-1:0] g_wdata, g_rdata;
    logic [G*NB-1:0]         g_wstrb;
    /* verilator lint_off PINCONNECTEMPTY */
    axi_traffic_array #(.N(G), .ADDR_WIDTH(AW), .DATA_WIDTH(DATA_WIDTH), .ID_WIDTH(IDW)) u_gens (
        .aclk, .aresetn, .start, .cfg_write, .cfg_mixed, .cfg_size, .cfg_gap, .cfg_fault, .cfg_total_bytes,
        .cfg_burst_len, .cfg_max_outstanding, .cfg_start_addr, .busy, .done, .beats, .start_cycle(),
        .first_beat_cycle(), .done_cycle(),
        .m_axi_awid(g_awid), .m_axi_awaddr(g_awaddr), .m_axi_awlen(g_awlen), .m_axi_awsize(g_awsize),
        .m_axi_awburst(g_awburst), .m_axi_awvalid(g_awvalid), .m_axi_awready(g_awready), .m_axi_wdata(g_wdata),
        .m_axi_wstrb(g_wstrb), .m_axi_wlast(g_wlast), .m_axi_wvalid(g_wvalid), .m_axi_wready(g_wready),
        .m_axi_bid(g_bid), .m_axi_bresp(g_bresp), .m_axi_bvalid(g_bvalid), .m_axi_bready(g_bready),
        .m_axi_arid(g_arid), .m_axi_araddr(g_araddr), .m_axi_arlen(g_arlen), .m_axi_arsize(g_arsize),
        .m_axi_arburst(g_arburst), .m_axi_arvalid(g_arvalid), .m_axi_arready(g_arready), .m_axi_rid(g_rid),
        .m_axi_rdata(g_rdata), .m_axi_rresp(g_rresp), .m_axi_rlast(g_rlast), .m_axi_rvalid(g_rvalid),
        .m_axi_rready(g_rready)
    );
    /* verilator lint_on PINCONNECTEMPTY */

    // ---- the interconnect
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
    logic                  hc_irq;
    axi_hyperconnect #(.S_COUNT(N), .ADDR_WIDTH(AW), .DATA_WIDTH(DATA_WIDTH), .ID_WIDTH(IDW)) u_hc (
        .aclk, .aresetn, .irq(hc_irq),
        .s_axil_awvalid(s_axil_hc_awvalid), .s_axil_awready(s_axil_hc_awready), .s_axil_awaddr(s_axil_hc_awaddr),
        .s_axil_awprot(s_axil_hc_awprot), .s_axil_wvalid(s_axil_hc_wvalid), .s_axil_wready(s_axil_hc_wready),
        .s_axil_wdata(s_axil_hc_wdata), .s_axil_wstrb(s_axil_hc_wstrb), .s_axil_bvalid(s_axil_hc_bvalid),
        .s_axil_bready(s_axil_hc_bready), .s_axil_bresp(s_axil_hc_bresp), .s_axil_arvalid(s_axil_hc_arvalid),
        .s_axil_arready(s_axil_hc_arready), .s_axil_araddr(s_axil_hc_araddr), .s_axil_arprot(s_axil_hc_arprot),
        .s_axil_rvalid(s_axil_hc_rvalid), .s_axil_rready(s_axil_hc_rready), .s_axil_rdata(s_axil_hc_rdata),
        .s_axil_rresp(s_axil_hc_rresp),
        .s_axi_awid({g_awid, p_awid}), .s_axi_awaddr({g_awaddr, p_awaddr}), .s_axi_awlen({g_awlen, p_awlen}),
        .s_axi_awsize({g_awsize, p_awsize}), .s_axi_awburst({g_awburst, p_awburst}),
        .s_axi_awlock({{G{1'b0}}, p_awlock}), .s_axi_awcache({{G{4'b0}}, p_awcache}),
        .s_axi_awprot({{G{3'b0}}, p_awprot}), .s_axi_awqos({{G{4'b0}}, p_awqos}),
        .s_axi_awvalid({g_awvalid, p_awvalid}), .s_axi_awready({g_awready, p_awready}),
        .s_axi_wdata({g_wdata, p_wdata}), .s_axi_wstrb({g_wstrb, p_wstrb}), .s_axi_wlast({g_wlast, p_wlast}),
        .s_axi_wvalid({g_wvalid, p_wvalid}), .s_axi_wready({g_wready, p_wready}), .s_axi_bid({g_bid, p_bid}),
        .s_axi_bresp({g_bresp, p_bresp}), .s_axi_bvalid({g_bvalid, p_bvalid}), .s_axi_bready({g_bready, p_bready}),
        .s_axi_arid({g_arid, p_arid}), .s_axi_araddr({g_araddr, p_araddr}), .s_axi_arlen({g_arlen, p_arlen}),
        .s_axi_arsize({g_arsize, p_arsize}), .s_axi_arburst({g_arburst, p_arburst}),
        .s_axi_arlock({{G{1'b0}}, p_arlock}), .s_axi_arcache({{G{4'b0}}, p_arcache}),
        .s_axi_arprot({{G{3'b0}}, p_arprot}), .s_axi_arqos({{G{4'b0}}, p_arqos}),
        .s_axi_arvalid({g_arvalid, p_arvalid}), .s_axi_arready({g_arready, p_arready}),
        .s_axi_rid({g_rid, p_rid}), .s_axi_rdata({g_rdata, p_rdata}), .s_axi_rresp({g_rresp, p_rresp}),
        .s_axi_rlast({g_rlast, p_rlast}), .s_axi_rvalid({g_rvalid, p_rvalid}), .s_axi_rready({g_rready, p_rready}),
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

    // ---- the memory
    if (MEM_MODEL == 0) begin : g_fixed
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
    end else begin : g_dram
        /* verilator lint_off PINCONNECTEMPTY */
        axi_dram_model #(.ADDR_WIDTH(AW), .DATA_WIDTH(DATA_WIDTH), .ID_WIDTH(MIDW), .PRESET("ddr200_64")) u_mem (
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
endmodule
/* verilator lint_on UNUSEDSIGNAL */
