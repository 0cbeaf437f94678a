// SPDX-License-Identifier: Apache-2.0
// fastlane_flow_top — paper 002's software flow (Sec. 6, Fig. 6) co-simulated (issue 19, simulation only):
// the copy engine (hc_copy_engine: registers on s_axil_*, its AXI4 master, irq) straight on the memory model
// (axi_mem_model), a protocol checker (axi_protocol_checker) on the link between them, and a backdoor into
// the memory for the driver's simulated DMA buffers (sw/driver/hc_dmabuf.h, HC_DMABUF_SIM):
//
//   export "DPI-C" fastlane_flow_mem_peek(addr) -> the byte the memory holds at addr (written, else the
//                  model's pattern), fastlane_flow_mem_poke(addr, byte) -> stores it
//
// (scope "TOP.fastlane_flow_top"; called between clock edges, they neither move nor change any AXI signal:
// the memory's behaviour on its port is the model's.) The C++ harness is tests/fastlane_flow/flow_main.cpp.
// Outputs: irq (the engine's), the checker's error count and the accepted / completed requests it saw.
// Parameters: LATENCY (the memory's), FIFO_DEPTH and MAX_OUTSTANDING (the copy engine's).
/* verilator lint_off PINCONNECTEMPTY */
module fastlane_flow_top #(
    parameter int LATENCY         = 10,
    parameter int FIFO_DEPTH      = 64,
    parameter int MAX_OUTSTANDING = 8,
    localparam int IDW            = 4
) (
    input  logic         aclk,
    input  logic         aresetn,
    // the copy engine's control port (rdl/hc_copy_engine.rdl)
    input  logic [5:0]   s_axil_awaddr,
    input  logic [2:0]   s_axil_awprot,
    input  logic         s_axil_awvalid,
    output logic         s_axil_awready,
    input  logic [31:0]  s_axil_wdata,
    input  logic [3:0]   s_axil_wstrb,
    input  logic         s_axil_wvalid,
    output logic         s_axil_wready,
    output logic [1:0]   s_axil_bresp,
    output logic         s_axil_bvalid,
    input  logic         s_axil_bready,
    input  logic [5:0]   s_axil_araddr,
    input  logic [2:0]   s_axil_arprot,
    input  logic         s_axil_arvalid,
    output logic         s_axil_arready,
    output logic [31:0]  s_axil_rdata,
    output logic [1:0]   s_axil_rresp,
    output logic         s_axil_rvalid,
    input  logic         s_axil_rready,
    output logic         irq,
    // the protocol checker on the engine's master port
    output logic [31:0]  errors,
    output logic [31:0]  reads,
    output logic [31:0]  reads_done,
    output logic [31:0]  writes,
    output logic [31:0]  writes_done
);
    // the copy engine's AXI4 master <-> the memory
    logic [IDW-1:0] arid, rid, awid, bid;
    logic [31:0]    araddr, awaddr;
    logic [7:0]     arlen, awlen, wstrb;
    logic [2:0]     arsize, awsize;
    logic [1:0]     arburst, awburst, rresp, bresp;
    logic [3:0]     arqos, awqos;
    logic [63:0]    rdata, wdata;
    logic           arvalid, arready, rlast, rvalid, rready, awvalid, awready, wlast, wvalid, wready,
                    bvalid, bready;

    hc_copy_engine #(.ADDR_WIDTH(32), .DATA_WIDTH(64), .ID_WIDTH(IDW), .FIFO_DEPTH(FIFO_DEPTH),
                     .MAX_OUTSTANDING(MAX_OUTSTANDING)) u_copy (
        .aclk, .aresetn,
        .s_axil_awaddr, .s_axil_awprot, .s_axil_awvalid, .s_axil_awready, .s_axil_wdata, .s_axil_wstrb,
        .s_axil_wvalid, .s_axil_wready, .s_axil_bresp, .s_axil_bvalid, .s_axil_bready, .s_axil_araddr,
        .s_axil_arprot, .s_axil_arvalid, .s_axil_arready, .s_axil_rdata, .s_axil_rresp, .s_axil_rvalid,
        .s_axil_rready,
        .m_axi_arid(arid), .m_axi_araddr(araddr), .m_axi_arlen(arlen), .m_axi_arsize(arsize),
        .m_axi_arburst(arburst), .m_axi_arlock(), .m_axi_arcache(), .m_axi_arprot(), .m_axi_arqos(arqos),
        .m_axi_arvalid(arvalid), .m_axi_arready(arready), .m_axi_rid(rid), .m_axi_rdata(rdata),
        .m_axi_rresp(rresp), .m_axi_rlast(rlast), .m_axi_rvalid(rvalid), .m_axi_rready(rready),
        .m_axi_awid(awid), .m_axi_awaddr(awaddr), .m_axi_awlen(awlen), .m_axi_awsize(awsize),
        .m_axi_awburst(awburst), .m_axi_awlock(), .m_axi_awcache(), .m_axi_awprot(), .m_axi_awqos(awqos),
        .m_axi_awvalid(awvalid), .m_axi_awready(awready), .m_axi_wdata(wdata), .m_axi_wstrb(wstrb),
        .m_axi_wlast(wlast), .m_axi_wvalid(wvalid), .m_axi_wready(wready), .m_axi_bid(bid),
        .m_axi_bresp(bresp), .m_axi_bvalid(bvalid), .m_axi_bready(bready), .irq
    );

    axi_mem_model #(.ADDR_WIDTH(32), .DATA_WIDTH(64), .ID_WIDTH(IDW), .LATENCY(LATENCY)) u_mem (
        .aclk, .aresetn,
        .s_axi_arid(arid), .s_axi_araddr(araddr), .s_axi_arlen(arlen), .s_axi_arsize(arsize),
        .s_axi_arburst(arburst), .s_axi_arvalid(arvalid), .s_axi_arready(arready), .s_axi_rid(rid),
        .s_axi_rdata(rdata), .s_axi_rresp(rresp), .s_axi_rlast(rlast), .s_axi_rvalid(rvalid),
        .s_axi_rready(rready), .s_axi_awid(awid), .s_axi_awaddr(awaddr), .s_axi_awlen(awlen),
        .s_axi_awsize(awsize), .s_axi_awburst(awburst), .s_axi_awvalid(awvalid), .s_axi_awready(awready),
        .s_axi_wdata(wdata), .s_axi_wstrb(wstrb), .s_axi_wlast(wlast), .s_axi_wvalid(wvalid),
        .s_axi_wready(wready), .s_axi_bid(bid), .s_axi_bresp(bresp), .s_axi_bvalid(bvalid),
        .s_axi_bready(bready)
    );

    axi_protocol_checker #(.ADDR_WIDTH(32), .DATA_WIDTH(64), .ID_WIDTH(IDW), .NAME("copy")) u_check (
        .aclk, .aresetn, .arid, .araddr, .arlen, .arsize, .arburst, .arvalid, .arready, .rid, .rdata, .rresp,
        .rlast, .rvalid, .rready, .awid, .awaddr, .awlen, .awsize, .awburst, .awvalid, .awready, .wdata, .wstrb,
        .wlast, .wvalid, .wready, .bid, .bresp, .bvalid, .bready, .arqos, .awqos, .errors, .reads, .reads_done,
        .writes, .writes_done
    );

    // ---------------------------------------------------------------- the backdoor (DPI, from C)
    // The memory model's bytes by address: what a read would return (a written byte, else the pattern) and
    // a store as a write with WSTRB would make it. Addresses wrap to the memory's 32 bits as the port's do.
    export "DPI-C" function fastlane_flow_mem_peek;
    export "DPI-C" function fastlane_flow_mem_poke;
    function automatic int fastlane_flow_mem_peek(input longint addr);
        longint     a;
        logic [7:0] d;
        a = longint'(addr[31:0]);
        d = u_mem.wmem.exists(a) ? u_mem.wmem[a] : hc_bench_pkg::pattern(64'(a));
        return int'(d);
    endfunction
    function automatic void fastlane_flow_mem_poke(input longint addr, input int data);
        u_mem.wmem[longint'(addr[31:0])] = data[7:0];
    endfunction
endmodule
/* verilator lint_on PINCONNECTEMPTY */
