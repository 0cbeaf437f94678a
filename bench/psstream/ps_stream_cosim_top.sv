// SPDX-License-Identifier: Apache-2.0
// ps_stream_cosim_top — simulation top of the ps::stream co-simulation (issue 6): the PL bridge with N
// streams each way and, between PS->PL stream i and PL->PS stream i, a small PL operator that adds i+1 to
// every 32-bit lane of each element (one register stage, full throughput, backpressure passed on). The
// C++ harness (cosim_main.cpp) is the processor side (ps::stream in the memory model's storage), the
// memory (AXI slave on m_axi) and the AXI4-Lite master. to_pl_fire / from_pl_fire show the AXI4-Stream
// handshakes of each stream, for the throughput measurement.
module ps_stream_cosim_top #(
    parameter int N          = 1,
    parameter int MAX_OUT    = 8,             // bridge: transactions in flight per direction
    parameter int MAX_BURST  = 64,
    parameter int BUF_DEPTH  = 256,
    parameter int ELEM       = 16,            // element bytes (4 or 16: the operator works on 32-bit lanes)
    localparam int DW = 128,
    localparam int EW = ELEM * 8
) (
    input  logic              aclk,
    input  logic              aresetn,
    output logic              irq,
    input  logic [9:0]        s_axil_awaddr,
    input  logic [2:0]        s_axil_awprot,
    input  logic              s_axil_awvalid,
    output logic              s_axil_awready,
    input  logic [31:0]       s_axil_wdata,
    input  logic [3:0]        s_axil_wstrb,
    input  logic              s_axil_wvalid,
    output logic              s_axil_wready,
    output logic [1:0]        s_axil_bresp,
    output logic              s_axil_bvalid,
    input  logic              s_axil_bready,
    input  logic [9:0]        s_axil_araddr,
    input  logic [2:0]        s_axil_arprot,
    input  logic              s_axil_arvalid,
    output logic              s_axil_arready,
    output logic [31:0]       s_axil_rdata,
    output logic [1:0]        s_axil_rresp,
    output logic              s_axil_rvalid,
    input  logic              s_axil_rready,
    output logic [0:0]        m_axi_arid,
    output logic [31:0]       m_axi_araddr,
    output logic [7:0]        m_axi_arlen,
    output logic [2:0]        m_axi_arsize,
    output logic [1:0]        m_axi_arburst,
    output logic [3:0]        m_axi_arcache,
    output logic [2:0]        m_axi_arprot,
    output logic              m_axi_arvalid,
    input  logic              m_axi_arready,
    input  logic [0:0]        m_axi_rid,
    input  logic [DW-1:0]     m_axi_rdata,
    input  logic [1:0]        m_axi_rresp,
    input  logic              m_axi_rlast,
    input  logic              m_axi_rvalid,
    output logic              m_axi_rready,
    output logic [0:0]        m_axi_awid,
    output logic [31:0]       m_axi_awaddr,
    output logic [7:0]        m_axi_awlen,
    output logic [2:0]        m_axi_awsize,
    output logic [1:0]        m_axi_awburst,
    output logic [3:0]        m_axi_awcache,
    output logic [2:0]        m_axi_awprot,
    output logic              m_axi_awvalid,
    input  logic              m_axi_awready,
    output logic [DW-1:0]     m_axi_wdata,
    output logic [DW/8-1:0]   m_axi_wstrb,
    output logic              m_axi_wlast,
    output logic              m_axi_wvalid,
    input  logic              m_axi_wready,
    input  logic [0:0]        m_axi_bid,
    input  logic [1:0]        m_axi_bresp,
    input  logic              m_axi_bvalid,
    output logic              m_axi_bready,
    output logic [N-1:0]      to_pl_fire,
    output logic [N-1:0]      from_pl_fire
);
    logic [N*EW-1:0] to_data, from_data;
    logic [N-1:0]    to_valid, to_ready, from_valid, from_ready;

    ps_stream_bridge #(.N_TO_PL(N), .N_FROM_PL(N), .ADDR_WIDTH(32), .DATA_WIDTH(DW), .ELEM_BYTES(ELEM), .ID_WIDTH(1),
                       .MAX_BURST(MAX_BURST), .BUF_DEPTH(BUF_DEPTH), .MAX_RD_OUT(MAX_OUT),
                       .MAX_WR_OUT(MAX_OUT)) u_bridge (
        .aclk, .aresetn, .irq,
        .s_axil_awaddr, .s_axil_awprot, .s_axil_awvalid, .s_axil_awready, .s_axil_wdata, .s_axil_wstrb,
        .s_axil_wvalid, .s_axil_wready, .s_axil_bresp, .s_axil_bvalid, .s_axil_bready, .s_axil_araddr,
        .s_axil_arprot, .s_axil_arvalid, .s_axil_arready, .s_axil_rdata, .s_axil_rresp, .s_axil_rvalid,
        .s_axil_rready,
        .m_axi_arid, .m_axi_araddr, .m_axi_arlen, .m_axi_arsize, .m_axi_arburst, .m_axi_arcache, .m_axi_arprot,
        .m_axi_arvalid, .m_axi_arready, .m_axi_rid, .m_axi_rdata, .m_axi_rresp, .m_axi_rlast, .m_axi_rvalid,
        .m_axi_rready, .m_axi_awid, .m_axi_awaddr, .m_axi_awlen, .m_axi_awsize, .m_axi_awburst, .m_axi_awcache,
        .m_axi_awprot, .m_axi_awvalid, .m_axi_awready, .m_axi_wdata, .m_axi_wstrb, .m_axi_wlast, .m_axi_wvalid,
        .m_axi_wready, .m_axi_bid, .m_axi_bresp, .m_axi_bvalid, .m_axi_bready,
        .m_axis_tdata(to_data), .m_axis_tvalid(to_valid), .m_axis_tready(to_ready),
        .s_axis_tdata(from_data), .s_axis_tvalid(from_valid), .s_axis_tready(from_ready)
    );

    // the PL operators: element + (i+1) per 32-bit lane, one register stage
    for (genvar i = 0; i < N; i++) begin : g_op
        logic          q_valid;
        logic [EW-1:0] q_data;
        assign to_ready[i] = !q_valid || from_ready[i];
        always_ff @(posedge aclk) begin
            if (!aresetn) begin
                q_valid <= 1'b0;
                q_data  <= '0;
            end else if (to_ready[i]) begin
                q_valid <= to_valid[i];
                for (int k = 0; k < EW / 32; k++) q_data[32*k +: 32] <= to_data[i*EW + 32*k +: 32] + 32'(i + 1);
            end
        end
        assign from_valid[i]            = q_valid;
        assign from_data[i*EW +: EW]    = q_data;
        assign to_pl_fire[i]            = to_valid[i] && to_ready[i];
        assign from_pl_fire[i]          = from_valid[i] && from_ready[i];
    end
endmodule
