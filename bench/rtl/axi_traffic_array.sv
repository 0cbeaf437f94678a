// SPDX-License-Identifier: Apache-2.0
// axi_traffic_array — N axi_traffic_gen side by side with their AXI4 master ports packed per port
// (port i in bits [i*W +: W], the layout of axi_exbar / axi_hyperconnect), for the demo and the
// HyperConnect system benches (simulation use). Every generator uses AxID 0; ports and configuration
// are those of axi_traffic_gen, packed the same way.
// Parameters: N, ADDR_WIDTH, DATA_WIDTH, ID_WIDTH
module axi_traffic_array #(
    parameter int N          = 3,
    parameter int ADDR_WIDTH = 32,
    parameter int DATA_WIDTH = 64,
    parameter int ID_WIDTH   = 4,
    localparam int AW        = ADDR_WIDTH,
    localparam int IDW       = ID_WIDTH,
    localparam int NB        = DATA_WIDTH / 8
) (
    input  logic                    aclk,
    input  logic                    aresetn,
    input  logic [N-1:0]            start,
    input  logic [N-1:0]            cfg_write,
    input  logic [N-1:0]            cfg_mixed,
    input  logic [N*3-1:0]          cfg_size,
    input  logic [N*16-1:0]         cfg_gap,
    input  logic [N*3-1:0]          cfg_fault,
    input  logic [N*32-1:0]         cfg_total_bytes,
    input  logic [N*9-1:0]          cfg_burst_len,
    input  logic [N*8-1:0]          cfg_max_outstanding,
    input  logic [N*AW-1:0]         cfg_start_addr,
    output logic [N-1:0]            busy,
    output logic [N-1:0]            done,
    output logic [N*32-1:0]         beats,
    output logic [N*64-1:0]         start_cycle,
    output logic [N*64-1:0]         first_beat_cycle,
    output logic [N*64-1:0]         done_cycle,
    output logic [N*IDW-1:0]        m_axi_awid,
    output logic [N*AW-1:0]         m_axi_awaddr,
    output logic [N*8-1:0]          m_axi_awlen,
    output logic [N*3-1:0]          m_axi_awsize,
    output logic [N*2-1:0]          m_axi_awburst,
    output logic [N-1:0]            m_axi_awvalid,
    input  logic [N-1:0]            m_axi_awready,
    output logic [N*DATA_WIDTH-1:0] m_axi_wdata,
    output logic [N*NB-1:0]         m_axi_wstrb,
    output logic [N-1:0]            m_axi_wlast,
    output logic [N-1:0]            m_axi_wvalid,
    input  logic [N-1:0]            m_axi_wready,
    input  logic [N*IDW-1:0]        m_axi_bid,
    input  logic [N*2-1:0]          m_axi_bresp,
    input  logic [N-1:0]            m_axi_bvalid,
    output logic [N-1:0]            m_axi_bready,
    output logic [N*IDW-1:0]        m_axi_arid,
    output logic [N*AW-1:0]         m_axi_araddr,
    output logic [N*8-1:0]          m_axi_arlen,
    output logic [N*3-1:0]          m_axi_arsize,
    output logic [N*2-1:0]          m_axi_arburst,
    output logic [N-1:0]            m_axi_arvalid,
    input  logic [N-1:0]            m_axi_arready,
    input  logic [N*IDW-1:0]        m_axi_rid,
    input  logic [N*DATA_WIDTH-1:0] m_axi_rdata,
    input  logic [N*2-1:0]          m_axi_rresp,
    input  logic [N-1:0]            m_axi_rlast,
    input  logic [N-1:0]            m_axi_rvalid,
    output logic [N-1:0]            m_axi_rready
);
    for (genvar i = 0; i < N; i++) begin : g_port
        axi_traffic_gen #(.ADDR_WIDTH(AW), .DATA_WIDTH(DATA_WIDTH), .ID_WIDTH(IDW), .ID(0)) u_gen (
            .aclk, .aresetn, .start(start[i]), .cfg_write(cfg_write[i]), .cfg_mixed(cfg_mixed[i]),
            .cfg_size(cfg_size[i*3 +: 3]), .cfg_gap(cfg_gap[i*16 +: 16]), .cfg_fault(cfg_fault[i*3 +: 3]),
            .cfg_total_bytes(cfg_total_bytes[i*32 +: 32]), .cfg_burst_len(cfg_burst_len[i*9 +: 9]),
            .cfg_max_outstanding(cfg_max_outstanding[i*8 +: 8]), .cfg_start_addr(cfg_start_addr[i*AW +: AW]),
            .busy(busy[i]), .done(done[i]), .beats(beats[i*32 +: 32]), .start_cycle(start_cycle[i*64 +: 64]),
            .first_beat_cycle(first_beat_cycle[i*64 +: 64]), .done_cycle(done_cycle[i*64 +: 64]),
            .m_axi_awid(m_axi_awid[i*IDW +: IDW]), .m_axi_awaddr(m_axi_awaddr[i*AW +: AW]),
            .m_axi_awlen(m_axi_awlen[i*8 +: 8]), .m_axi_awsize(m_axi_awsize[i*3 +: 3]),
            .m_axi_awburst(m_axi_awburst[i*2 +: 2]), .m_axi_awvalid(m_axi_awvalid[i]),
            .m_axi_awready(m_axi_awready[i]), .m_axi_wdata(m_axi_wdata[i*DATA_WIDTH +: DATA_WIDTH]),
            .m_axi_wstrb(m_axi_wstrb[i*NB +: NB]), .m_axi_wlast(m_axi_wlast[i]), .m_axi_wvalid(m_axi_wvalid[i]),
            .m_axi_wready(m_axi_wready[i]), .m_axi_bid(m_axi_bid[i*IDW +: IDW]),
            .m_axi_bresp(m_axi_bresp[i*2 +: 2]), .m_axi_bvalid(m_axi_bvalid[i]), .m_axi_bready(m_axi_bready[i]),
            .m_axi_arid(m_axi_arid[i*IDW +: IDW]), .m_axi_araddr(m_axi_araddr[i*AW +: AW]),
            .m_axi_arlen(m_axi_arlen[i*8 +: 8]), .m_axi_arsize(m_axi_arsize[i*3 +: 3]),
            .m_axi_arburst(m_axi_arburst[i*2 +: 2]), .m_axi_arvalid(m_axi_arvalid[i]),
            .m_axi_arready(m_axi_arready[i]), .m_axi_rid(m_axi_rid[i*IDW +: IDW]),
            .m_axi_rdata(m_axi_rdata[i*DATA_WIDTH +: DATA_WIDTH]), .m_axi_rresp(m_axi_rresp[i*2 +: 2]),
            .m_axi_rlast(m_axi_rlast[i]), .m_axi_rvalid(m_axi_rvalid[i]), .m_axi_rready(m_axi_rready[i])
        );
    end
endmodule
