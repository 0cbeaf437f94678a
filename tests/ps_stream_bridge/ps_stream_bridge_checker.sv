// SPDX-License-Identifier: Apache-2.0
// The AXI protocol checker (bench/rtl/axi_protocol_checker.sv) on the bridge's master port, bound into
// ps_stream_bridge for the cocotb tests (dut.u_checker.errors etc.).
bind ps_stream_bridge axi_protocol_checker #(
    .ADDR_WIDTH(ADDR_WIDTH), .DATA_WIDTH(DATA_WIDTH), .ID_WIDTH(ID_WIDTH), .NAME("bridge m_axi")
) u_checker (
    .aclk, .aresetn,
    .awid(m_axi_awid), .awaddr(m_axi_awaddr), .awlen(m_axi_awlen), .awsize(m_axi_awsize),
    .awburst(m_axi_awburst), .awvalid(m_axi_awvalid), .awready(m_axi_awready),
    .wdata(m_axi_wdata), .wstrb(m_axi_wstrb), .wlast(m_axi_wlast), .wvalid(m_axi_wvalid),
    .wready(m_axi_wready), .bid(m_axi_bid), .bresp(m_axi_bresp), .bvalid(m_axi_bvalid),
    .bready(m_axi_bready), .arid(m_axi_arid), .araddr(m_axi_araddr), .arlen(m_axi_arlen),
    .arsize(m_axi_arsize), .arburst(m_axi_arburst), .arvalid(m_axi_arvalid), .arready(m_axi_arready),
    .rid(m_axi_rid), .rdata(m_axi_rdata), .rresp(m_axi_rresp), .rlast(m_axi_rlast),
    .rvalid(m_axi_rvalid), .rready(m_axi_rready),
    .errors(), .reads(), .reads_done(), .writes(), .writes_done()
);
