// SPDX-License-Identifier: Apache-2.0
// fastlane_system_top — paper 002's system for its Tables 3 and 4 (issue 18, simulation only): a CPU running a
// program of given memory intensity (axi_cpu_model) and a copy accelerator (hc_copy_engine) share one memory,
// attached either the FastLane way or the vendor's way.
//
//   PATH 0 (FastLane): CPU -> its PLB path (axi_vendor_path, the calibrated overheads: the PLB and the DDR
//                      controller's slave wrapper the CPU keeps in paper 002's Fig. 4) -> axi_hyperconnect
//                      port 0 (class 3, the top class); copy engine -> port 1 (class 0, equalized to the
//                      port's nominal length, G bounding it) -> memory. The class map gives the CPU AxQOS 15,
//                      so a QoS-aware memory (the DRAM model with HP_QOS <= 15) serves it first.
//   PATH 1 (vendor):   CPU and copy engine -> axi_exbar (the PLB's arbiter: the CPU's class above, no limit)
//                      -> one axi_vendor_path (the PLB with its wrappers: 16-word bursts, one transaction at a
//                      time, the calibrated overheads) -> memory.
//   Memory: MEM_MODEL 0 axi_mem_model (full duplex, LATENCY cycles), 1 axi_dram_model ddr200_64 (half
//   duplex, HP_QOS, WRITE_BATCH).
//
// The testbench programs the copy engine (s_axil_copy_*, rdl/hc_copy_engine.rdl) and, PATH 0, the
// interconnect (s_axil_hc_*, rdl/hyperconnect.rdl: the classes, G), and starts the CPU (cpu_* inputs, see
// axi_cpu_model). Outputs: the CPU's run time and miss latencies, the copy engine's read and write beats
// (copy_rd_beats, copy_wr_beats: the R and W handshakes at its port), the memory's high-priority services
// (mem_hp), the protocol checkers' error counts (the CPU's, the copy engine's and the memory's port) and
// copy_data_errors: every byte the copy engine writes at an address d must be the pattern of the source
// address d - cfg_dst + cfg_src (the memories' fresh contents; the source region must not be written).
// The CPU's compute gaps are jittered (axi_cpu_model JITTER: uniform in 0 .. 2 x cpu_gap), so its misses do not
// fall into step with the copy's bursts.
// Parameters: PATH, MEM_MODEL, LATENCY, DRAM_HP_QOS, WRITE_BATCH, FIFO_DEPTH (the copy engine's), LINE_BYTES
// (the CPU's line).
/* verilator lint_off PINCONNECTEMPTY */
module fastlane_system_top #(
    parameter int PATH        = 0,
    parameter int MEM_MODEL   = 1,
    parameter int LATENCY     = 10,
    parameter int DRAM_HP_QOS = 12,
    parameter int WRITE_BATCH = 4,
    parameter int FIFO_DEPTH  = 512,
    parameter int LINE_BYTES  = 32,
    localparam int IDW        = 4,
    localparam int MIDW       = IDW + 1
) (
    input  logic         aclk,
    input  logic         aresetn,
    // the CPU
    input  logic         cpu_start,
    input  logic [31:0]  cpu_misses,
    input  logic [31:0]  cpu_gap,
    input  logic [31:0]  cpu_base,
    input  logic [31:0]  cpu_span,
    output logic         cpu_busy,
    output logic         cpu_done,
    output longint       cpu_cycles,
    output longint       cpu_lat_sum,
    output longint       cpu_lat_max,
    // the PLB's overheads (axi_vendor_path; calibrated 43 / 11)
    input  logic [15:0]  cfg_rd_overhead,
    input  logic [15:0]  cfg_wr_overhead,
    // the copy check: source and destination of the copy the engine runs
    input  logic [31:0]  cfg_src,
    input  logic [31:0]  cfg_dst,
    // the copy engine's control port
    input  logic [5:0]   s_axil_copy_awaddr,
    input  logic [2:0]   s_axil_copy_awprot,
    input  logic         s_axil_copy_awvalid,
    output logic         s_axil_copy_awready,
    input  logic [31:0]  s_axil_copy_wdata,
    input  logic [3:0]   s_axil_copy_wstrb,
    input  logic         s_axil_copy_wvalid,
    output logic         s_axil_copy_wready,
    output logic [1:0]   s_axil_copy_bresp,
    output logic         s_axil_copy_bvalid,
    input  logic         s_axil_copy_bready,
    input  logic [5:0]   s_axil_copy_araddr,
    input  logic [2:0]   s_axil_copy_arprot,
    input  logic         s_axil_copy_arvalid,
    output logic         s_axil_copy_arready,
    output logic [31:0]  s_axil_copy_rdata,
    output logic [1:0]   s_axil_copy_rresp,
    output logic         s_axil_copy_rvalid,
    input  logic         s_axil_copy_rready,
    // the interconnect's control port (PATH 0)
    input  logic [11:0]  s_axil_hc_awaddr,
    input  logic [2:0]   s_axil_hc_awprot,
    input  logic         s_axil_hc_awvalid,
    output logic         s_axil_hc_awready,
    input  logic [31:0]  s_axil_hc_wdata,
    input  logic [3:0]   s_axil_hc_wstrb,
    input  logic         s_axil_hc_wvalid,
    output logic         s_axil_hc_wready,
    output logic [1:0]   s_axil_hc_bresp,
    output logic         s_axil_hc_bvalid,
    input  logic         s_axil_hc_bready,
    input  logic [11:0]  s_axil_hc_araddr,
    input  logic [2:0]   s_axil_hc_arprot,
    input  logic         s_axil_hc_arvalid,
    output logic         s_axil_hc_arready,
    output logic [31:0]  s_axil_hc_rdata,
    output logic [1:0]   s_axil_hc_rresp,
    output logic         s_axil_hc_rvalid,
    input  logic         s_axil_hc_rready,
    output logic         copy_irq,
    output longint       copy_rd_beats,
    output longint       copy_wr_beats,
    output longint       copy_data_errors,
    output longint       mem_hp,
    output logic [31:0]  errors_cpu,
    output logic [31:0]  errors_copy,
    output logic [31:0]  errors_mem
);
    initial begin
        if (PATH < 0 || PATH > 1) $fatal(1, "fastlane_system_top: PATH must be 0 (FastLane) or 1 (vendor), got %0d", PATH);
        if (MEM_MODEL < 0 || MEM_MODEL > 1) $fatal(1, "fastlane_system_top: MEM_MODEL must be 0 or 1, got %0d", MEM_MODEL);
    end

// one AXI4 bundle (32-bit addresses, 64-bit data) of ID width w
`define FL_AXI(p, w) \
    logic [w-1:0] p``_arid, p``_rid, p``_awid, p``_bid; \
    logic [31:0]  p``_araddr, p``_awaddr; \
    logic [7:0]   p``_arlen, p``_awlen, p``_wstrb; \
    logic [2:0]   p``_arsize, p``_awsize; \
    logic [1:0]   p``_arburst, p``_awburst, p``_rresp, p``_bresp; \
    logic [3:0]   p``_arqos, p``_awqos; \
    logic [63:0]  p``_rdata, p``_wdata; \
    logic         p``_arvalid, p``_arready, p``_rlast, p``_rvalid, p``_rready, p``_awvalid, p``_awready, \
                  p``_wlast, p``_wvalid, p``_wready, p``_bvalid, p``_bready;
// a module's s_axi / m_axi side on a bundle (the signals every bench module has)
`define FL_PORT(s, p) \
    .s``_arid(p``_arid), .s``_araddr(p``_araddr), .s``_arlen(p``_arlen), .s``_arsize(p``_arsize), \
    .s``_arburst(p``_arburst), .s``_arvalid(p``_arvalid), .s``_arready(p``_arready), .s``_rid(p``_rid), \
    .s``_rdata(p``_rdata), .s``_rresp(p``_rresp), .s``_rlast(p``_rlast), .s``_rvalid(p``_rvalid), \
    .s``_rready(p``_rready), .s``_awid(p``_awid), .s``_awaddr(p``_awaddr), .s``_awlen(p``_awlen), \
    .s``_awsize(p``_awsize), .s``_awburst(p``_awburst), .s``_awvalid(p``_awvalid), .s``_awready(p``_awready), \
    .s``_wdata(p``_wdata), .s``_wstrb(p``_wstrb), .s``_wlast(p``_wlast), .s``_wvalid(p``_wvalid), \
    .s``_wready(p``_wready), .s``_bid(p``_bid), .s``_bresp(p``_bresp), .s``_bvalid(p``_bvalid), .s``_bready(p``_bready)
// the protocol checker on a bundle
`define FL_CHECK(p, w, name, err) \
    axi_protocol_checker #(.ADDR_WIDTH(32), .DATA_WIDTH(64), .ID_WIDTH(w), .NAME(name)) u_check_``p ( \
        .aclk, .aresetn, .arid(p``_arid), .araddr(p``_araddr), .arlen(p``_arlen), .arsize(p``_arsize), \
        .arburst(p``_arburst), .arvalid(p``_arvalid), .arready(p``_arready), .rid(p``_rid), .rdata(p``_rdata), \
        .rresp(p``_rresp), .rlast(p``_rlast), .rvalid(p``_rvalid), .rready(p``_rready), .awid(p``_awid), \
        .awaddr(p``_awaddr), .awlen(p``_awlen), .awsize(p``_awsize), .awburst(p``_awburst), \
        .awvalid(p``_awvalid), .awready(p``_awready), .wdata(p``_wdata), .wstrb(p``_wstrb), .wlast(p``_wlast), \
        .wvalid(p``_wvalid), .wready(p``_wready), .bid(p``_bid), .bresp(p``_bresp), .bvalid(p``_bvalid), \
        .bready(p``_bready), .arqos(p``_arqos), .awqos(p``_awqos), .errors(err), .reads(), .reads_done(), \
        .writes(), .writes_done())

    `FL_AXI(u, IDW)     // the CPU
    `FL_AXI(c, IDW)     // the copy engine
    `FL_AXI(m, MIDW)    // the memory

    // ---------------------------------------------------------------- the CPU (reads only)
    axi_cpu_model #(.ADDR_WIDTH(32), .DATA_WIDTH(64), .ID_WIDTH(IDW), .LINE_BYTES(LINE_BYTES), .JITTER(1)) u_cpu (
        .aclk, .aresetn, .start(cpu_start), .cfg_misses(cpu_misses), .cfg_gap(cpu_gap), .cfg_base(cpu_base),
        .cfg_span(cpu_span), .cfg_qos(4'd0), .busy(cpu_busy), .done(cpu_done), .cycles(cpu_cycles),
        .lat_sum(cpu_lat_sum), .lat_max(cpu_lat_max), .gap_sum(),
        .m_axi_arid(u_arid), .m_axi_araddr(u_araddr), .m_axi_arlen(u_arlen), .m_axi_arsize(u_arsize),
        .m_axi_arburst(u_arburst), .m_axi_arqos(u_arqos), .m_axi_arvalid(u_arvalid), .m_axi_arready(u_arready),
        .m_axi_rid(u_rid), .m_axi_rdata(u_rdata), .m_axi_rresp(u_rresp), .m_axi_rlast(u_rlast),
        .m_axi_rvalid(u_rvalid), .m_axi_rready(u_rready)
    );
    assign u_awid = '0; assign u_awaddr = '0; assign u_awlen = '0; assign u_awsize = 3'd3; assign u_awburst = 2'b01;
    assign u_awqos = '0; assign u_awvalid = 1'b0; assign u_wdata = '0; assign u_wstrb = '0; assign u_wlast = 1'b0;
    assign u_wvalid = 1'b0; assign u_bready = 1'b1;

    // ---------------------------------------------------------------- the copy engine
    hc_copy_engine #(.ADDR_WIDTH(32), .DATA_WIDTH(64), .ID_WIDTH(IDW), .FIFO_DEPTH(FIFO_DEPTH),
                     .MAX_OUTSTANDING(8)) u_copy (
        .aclk, .aresetn,
        .s_axil_awaddr(s_axil_copy_awaddr), .s_axil_awprot(s_axil_copy_awprot), .s_axil_awvalid(s_axil_copy_awvalid),
        .s_axil_awready(s_axil_copy_awready), .s_axil_wdata(s_axil_copy_wdata), .s_axil_wstrb(s_axil_copy_wstrb),
        .s_axil_wvalid(s_axil_copy_wvalid), .s_axil_wready(s_axil_copy_wready), .s_axil_bresp(s_axil_copy_bresp),
        .s_axil_bvalid(s_axil_copy_bvalid), .s_axil_bready(s_axil_copy_bready), .s_axil_araddr(s_axil_copy_araddr),
        .s_axil_arprot(s_axil_copy_arprot), .s_axil_arvalid(s_axil_copy_arvalid), .s_axil_arready(s_axil_copy_arready),
        .s_axil_rdata(s_axil_copy_rdata), .s_axil_rresp(s_axil_copy_rresp), .s_axil_rvalid(s_axil_copy_rvalid),
        .s_axil_rready(s_axil_copy_rready),
        `FL_PORT(m_axi, c), .m_axi_arlock(), .m_axi_arcache(), .m_axi_arprot(), .m_axi_arqos(c_arqos),
        .m_axi_awlock(), .m_axi_awcache(), .m_axi_awprot(), .m_axi_awqos(c_awqos), .irq(copy_irq)
    );

    if (PATH == 0) begin : g_fastlane
        `FL_AXI(k, IDW)     // the CPU past its PLB path
        // the CPU's own PLB path, then the top class of the interconnect
        axi_vendor_path #(.ADDR_WIDTH(32), .DATA_WIDTH(64), .ID_WIDTH(IDW), .MAX_BEATS(16)) u_cpu_plb (
            .aclk, .aresetn, .cfg_rd_overhead, .cfg_wr_overhead, `FL_PORT(s_axi, u), `FL_PORT(m_axi, k)
        );
        assign k_arqos = u_arqos; assign k_awqos = u_awqos;
        axi_hyperconnect #(.S_COUNT(2), .ADDR_WIDTH(32), .DATA_WIDTH(64), .ID_WIDTH(IDW)) u_hc (
            .aclk, .aresetn, .irq(),
            .s_axil_awvalid(s_axil_hc_awvalid), .s_axil_awready(s_axil_hc_awready), .s_axil_awaddr(s_axil_hc_awaddr),
            .s_axil_awprot(s_axil_hc_awprot), .s_axil_wvalid(s_axil_hc_wvalid), .s_axil_wready(s_axil_hc_wready),
            .s_axil_wdata(s_axil_hc_wdata), .s_axil_wstrb(s_axil_hc_wstrb), .s_axil_bvalid(s_axil_hc_bvalid),
            .s_axil_bready(s_axil_hc_bready), .s_axil_bresp(s_axil_hc_bresp), .s_axil_arvalid(s_axil_hc_arvalid),
            .s_axil_arready(s_axil_hc_arready), .s_axil_araddr(s_axil_hc_araddr), .s_axil_arprot(s_axil_hc_arprot),
            .s_axil_rvalid(s_axil_hc_rvalid), .s_axil_rready(s_axil_hc_rready), .s_axil_rdata(s_axil_hc_rdata),
            .s_axil_rresp(s_axil_hc_rresp),
            .s_axi_awid({c_awid, k_awid}), .s_axi_awaddr({c_awaddr, k_awaddr}), .s_axi_awlen({c_awlen, k_awlen}),
            .s_axi_awsize({c_awsize, k_awsize}), .s_axi_awburst({c_awburst, k_awburst}), .s_axi_awlock(2'b00),
            .s_axi_awcache(8'h33), .s_axi_awprot(6'd0), .s_axi_awqos({c_awqos, k_awqos}),
            .s_axi_awvalid({c_awvalid, k_awvalid}), .s_axi_awready({c_awready, k_awready}),
            .s_axi_wdata({c_wdata, k_wdata}), .s_axi_wstrb({c_wstrb, k_wstrb}), .s_axi_wlast({c_wlast, k_wlast}),
            .s_axi_wvalid({c_wvalid, k_wvalid}), .s_axi_wready({c_wready, k_wready}), .s_axi_bid({c_bid, k_bid}),
            .s_axi_bresp({c_bresp, k_bresp}), .s_axi_bvalid({c_bvalid, k_bvalid}), .s_axi_bready({c_bready, k_bready}),
            .s_axi_arid({c_arid, k_arid}), .s_axi_araddr({c_araddr, k_araddr}), .s_axi_arlen({c_arlen, k_arlen}),
            .s_axi_arsize({c_arsize, k_arsize}), .s_axi_arburst({c_arburst, k_arburst}), .s_axi_arlock(2'b00),
            .s_axi_arcache(8'h33), .s_axi_arprot(6'd0), .s_axi_arqos({c_arqos, k_arqos}),
            .s_axi_arvalid({c_arvalid, k_arvalid}), .s_axi_arready({c_arready, k_arready}),
            .s_axi_rid({c_rid, k_rid}), .s_axi_rdata({c_rdata, k_rdata}), .s_axi_rresp({c_rresp, k_rresp}),
            .s_axi_rlast({c_rlast, k_rlast}), .s_axi_rvalid({c_rvalid, k_rvalid}), .s_axi_rready({c_rready, k_rready}),
            `FL_PORT(m_axi, m), .m_axi_awlock(), .m_axi_awcache(), .m_axi_awprot(), .m_axi_awqos(m_awqos),
            .m_axi_arlock(), .m_axi_arcache(), .m_axi_arprot(), .m_axi_arqos(m_arqos)
        );
    end else begin : g_vendor
        `FL_AXI(x, MIDW)    // the PLB arbiter's output
        // the PLB: the CPU's class above the copy engine's, one transaction at a time through the wrappers
        axi_exbar #(.S_COUNT(2), .ADDR_WIDTH(32), .DATA_WIDTH(64), .ID_WIDTH(IDW)) u_plb_arb (
            .aclk, .aresetn, .cfg_prio({2'd0, 2'd3}), .cfg_global_limit(9'd0),
            .s_axi_awid({c_awid, u_awid}), .s_axi_awaddr({c_awaddr, u_awaddr}), .s_axi_awlen({c_awlen, u_awlen}),
            .s_axi_awsize({c_awsize, u_awsize}), .s_axi_awburst({c_awburst, u_awburst}), .s_axi_awlock(2'b00),
            .s_axi_awcache(8'h33), .s_axi_awprot(6'd0), .s_axi_awqos({c_awqos, u_awqos}), .s_axi_awmore(2'b00),
            .s_axi_awvalid({c_awvalid, u_awvalid}), .s_axi_awready({c_awready, u_awready}),
            .s_axi_wdata({c_wdata, u_wdata}), .s_axi_wstrb({c_wstrb, u_wstrb}), .s_axi_wlast({c_wlast, u_wlast}),
            .s_axi_wvalid({c_wvalid, u_wvalid}), .s_axi_wready({c_wready, u_wready}), .s_axi_bid({c_bid, u_bid}),
            .s_axi_bresp({c_bresp, u_bresp}), .s_axi_bvalid({c_bvalid, u_bvalid}), .s_axi_bready({c_bready, u_bready}),
            .s_axi_arid({c_arid, u_arid}), .s_axi_araddr({c_araddr, u_araddr}), .s_axi_arlen({c_arlen, u_arlen}),
            .s_axi_arsize({c_arsize, u_arsize}), .s_axi_arburst({c_arburst, u_arburst}), .s_axi_arlock(2'b00),
            .s_axi_arcache(8'h33), .s_axi_arprot(6'd0), .s_axi_arqos({c_arqos, u_arqos}), .s_axi_armore(2'b00),
            .s_axi_arvalid({c_arvalid, u_arvalid}), .s_axi_arready({c_arready, u_arready}),
            .s_axi_rid({c_rid, u_rid}), .s_axi_rdata({c_rdata, u_rdata}), .s_axi_rresp({c_rresp, u_rresp}),
            .s_axi_rlast({c_rlast, u_rlast}), .s_axi_rvalid({c_rvalid, u_rvalid}), .s_axi_rready({c_rready, u_rready}),
            `FL_PORT(m_axi, x), .m_axi_awlock(), .m_axi_awcache(), .m_axi_awprot(), .m_axi_awqos(x_awqos),
            .m_axi_arlock(), .m_axi_arcache(), .m_axi_arprot(), .m_axi_arqos(x_arqos)
        );
        axi_vendor_path #(.ADDR_WIDTH(32), .DATA_WIDTH(64), .ID_WIDTH(MIDW), .MAX_BEATS(16)) u_plb (
            .aclk, .aresetn, .cfg_rd_overhead, .cfg_wr_overhead, `FL_PORT(s_axi, x), `FL_PORT(m_axi, m)
        );
        assign m_arqos = '0; assign m_awqos = '0;    // (the PLB carries no QoS)
        assign s_axil_hc_awready = 1'b0; assign s_axil_hc_wready = 1'b0; assign s_axil_hc_bvalid = 1'b0;
        assign s_axil_hc_bresp = 2'b00; assign s_axil_hc_arready = 1'b0; assign s_axil_hc_rvalid = 1'b0;
        assign s_axil_hc_rdata = '0; assign s_axil_hc_rresp = 2'b00;
    end

    // ---------------------------------------------------------------- the memory
    if (MEM_MODEL == 0) begin : g_fixed
        axi_mem_model #(.ADDR_WIDTH(32), .DATA_WIDTH(64), .ID_WIDTH(MIDW), .LATENCY(LATENCY)) u_mem (
            .aclk, .aresetn, `FL_PORT(s_axi, m)
        );
        assign mem_hp = 0;
    end else begin : g_dram
        axi_dram_model #(.ADDR_WIDTH(32), .DATA_WIDTH(64), .ID_WIDTH(MIDW), .PRESET("ddr200_64"),
                         .HP_QOS(DRAM_HP_QOS), .WRITE_BATCH(WRITE_BATCH)) u_mem (
            .aclk, .aresetn, `FL_PORT(s_axi, m), .s_axi_awqos(m_awqos), .s_axi_arqos(m_arqos),
            .stat_rd_beats(), .stat_wr_beats(), .stat_refreshes(), .stat_hits(), .stat_closed(), .stat_conflicts(),
            .stat_hp(mem_hp)
        );
    end

    // ---------------------------------------------------------------- checks and counts
    `FL_CHECK(u, IDW, "cpu", errors_cpu);
    `FL_CHECK(c, IDW, "copy", errors_copy);
    `FL_CHECK(m, MIDW, "memory", errors_mem);

    // the copy engine's beats, and its data: each written byte is the source's (pattern at d - dst + src).
    // Write bursts are INCR; their data follows the AWs in order, and a beat may come before its AW's
    // handshake (AXI allows it): the beats wait in a queue until their burst's address is known.
    logic [31:0] wq_addr [$];
    logic [72:0] wq_beat [$];                        // {wlast, wstrb, wdata}
    logic [31:0] w_addr;
    logic        w_open;
    always_ff @(posedge aclk) begin
        if (!aresetn) begin
            copy_rd_beats <= 0; copy_wr_beats <= 0; copy_data_errors <= 0; w_open <= 1'b0;
            wq_addr.delete(); wq_beat.delete();
        end else begin
            automatic logic [31:0] a = w_addr;
            automatic logic        open = w_open;
            automatic longint      bad_beats = 0;
            if (c_rvalid && c_rready) copy_rd_beats <= copy_rd_beats + 1;
            if (c_awvalid && c_awready) wq_addr.push_back(c_awaddr);
            if (c_wvalid && c_wready) begin
                copy_wr_beats <= copy_wr_beats + 1;
                wq_beat.push_back({c_wlast, c_wstrb, c_wdata});
            end
            // check every queued beat whose address is known
            while (wq_beat.size() != 0 && (open || wq_addr.size() != 0)) begin
                automatic logic [72:0] b = wq_beat.pop_front();
                automatic logic        bad = 1'b0;
                if (!open) a = wq_addr.pop_front();
                for (int j = 0; j < 8; j++) begin
                    automatic logic [31:0] d = (a & ~32'd7) + 32'(j);
                    automatic logic [7:0]  want = hc_bench_pkg::pattern(64'(d - cfg_dst + cfg_src));
                    if (b[64 + j] && b[j*8 +: 8] != want) begin
                        bad = 1'b1;
                        if (copy_data_errors + bad_beats < 5)
                            $error("fastlane_system_top: the copy wrote %02x at %08x, the source holds %02x",
                                   b[j*8 +: 8], d, want);
                    end
                end
                if (bad) bad_beats++;                  // (beats with a wrong byte)
                a = (a & ~32'd7) + 32'd8;
                open = !b[72];
            end
            w_addr <= a;
            w_open <= open;
            copy_data_errors <= copy_data_errors + bad_beats;
        end
    end
`undef FL_AXI
`undef FL_PORT
`undef FL_CHECK
endmodule
/* verilator lint_on PINCONNECTEMPTY */
