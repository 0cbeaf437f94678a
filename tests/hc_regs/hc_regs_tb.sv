// SPDX-License-Identifier: Apache-2.0
// hc_regs_tb — the control port of axi_hyperconnect alone: hc_regs_axil in front of the global block
// (hc_regs) and P port blocks (hc_port_regs), wired as axi_hyperconnect wires them (lock on every
// configuration field, range-error pulses to the ERR flags, INFO.index = i). BUILD reports P ports,
// 64-bit data, depth 16; status and counter inputs read a per-port pattern (STATUS 0, counter word w 0x1000 * w + 0x100 + i,
// answered 5 cycles (BYTES_HI 6) after the request as hc_counter_bank does, MAX_RD_LATENCY 1 as
// axi_hyperconnect does); the window's upper words in
// hc_window_hi at ADDR_WIDTH (the IP's address width: what those words store).
// The AXI protocol checker watches s_axil (AXI4-Lite as AXI4 with one-beat bursts, ID 0).
module hc_regs_tb #(
    parameter int P = 3,
    parameter int ADDR_WIDTH = 32
) (
    input  logic        aclk,
    input  logic        aresetn,
    input  logic        s_axil_awvalid,
    output logic        s_axil_awready,
    input  logic [11:0] s_axil_awaddr,
    input  logic [2:0]  s_axil_awprot,
    input  logic        s_axil_wvalid,
    output logic        s_axil_wready,
    input  logic [31:0] s_axil_wdata,
    input  logic [3:0]  s_axil_wstrb,
    output logic        s_axil_bvalid,
    input  logic        s_axil_bready,
    output logic [1:0]  s_axil_bresp,
    input  logic        s_axil_arvalid,
    output logic        s_axil_arready,
    input  logic [11:0] s_axil_araddr,
    input  logic [2:0]  s_axil_arprot,
    output logic        s_axil_rvalid,
    input  logic        s_axil_rready,
    output logic [31:0] s_axil_rdata,
    output logic [1:0]  s_axil_rresp,
    output logic [8:0]  port0_nominal_len,
    output logic [15:0] port0_rd_budget,
    output logic [31:0] period_cycles,
    output logic [31:0] protocol_errors,
    output logic [P-1:0] cnt_wrote         // a write reached a port's counters (must never happen)
);
    localparam int TRACK_DEPTH = 16;
    logic                 locked, req_is_wr, g_req, g_stall_wr, g_stall_rd, g_rd_ack, g_rd_err, g_wr_ack, g_wr_err;
    logic [7:0]           req_addr;
    logic                 g_req_is_wr;                 // the blocks' own copies of the request (hc_regs_axil)
    logic [7:0]           g_req_addr;
    logic [P-1:0]         p_req_is_wr;
    logic [P*7-1:0]       p_req_addr;
    /* verilator lint_off UNUSEDSIGNAL */
    wire                  unused_req_addr = &{1'b0, req_addr};   // (axi_hyperconnect's counter bank takes it)
    /* verilator lint_on UNUSEDSIGNAL */
    logic [31:0]          req_wr_data, req_wr_biten, g_rd_data;
    logic [P-1:0]         p_req, p_stall, p_rd_ack, p_rd_err, p_wr_ack, p_wr_err, nominal_err, limit_err;
    logic [P*32-1:0]      p_rd_data;
    logic                 period_err, glimit_err;

    hc_regs_axil #(.N_PORTS(P), .TRACK_DEPTH(TRACK_DEPTH)) u_axil (
        .clk(aclk), .rst_n(aresetn),
        .s_axil_awvalid, .s_axil_awready, .s_axil_awaddr, .s_axil_awprot, .s_axil_wvalid, .s_axil_wready,
        .s_axil_wdata, .s_axil_wstrb, .s_axil_bvalid, .s_axil_bready, .s_axil_bresp, .s_axil_arvalid,
        .s_axil_arready, .s_axil_araddr, .s_axil_arprot, .s_axil_rvalid, .s_axil_rready, .s_axil_rdata,
        .s_axil_rresp, .locked, .req_is_wr, .req_addr, .req_wr_data, .req_wr_biten,
        .g_req, .g_req_is_wr, .g_req_addr, .g_stall(req_is_wr ? g_stall_wr : g_stall_rd), .g_rd_ack, .g_rd_err, .g_rd_data, .g_wr_ack,
        .g_wr_err, .p_req, .p_req_is_wr, .p_req_addr, .p_stall, .p_rd_ack, .p_rd_err, .p_rd_data, .p_wr_ack, .p_wr_err,
        .period_err, .glimit_err, .nominal_err, .limit_err
    );

    hc_regs_pkg::hyperconnect__in_t  g_in;
    hc_regs_pkg::hyperconnect__out_t g_out;
    hc_regs u_regs (
        .clk(aclk), .rst_n(aresetn),
        .s_cpuif_req(g_req), .s_cpuif_req_is_wr(g_req_is_wr), .s_cpuif_addr({4'h0, g_req_addr}),
        .s_cpuif_wr_data(req_wr_data), .s_cpuif_wr_biten(req_wr_biten), .s_cpuif_req_stall_wr(g_stall_wr),
        .s_cpuif_req_stall_rd(g_stall_rd), .s_cpuif_rd_ack(g_rd_ack), .s_cpuif_rd_err(g_rd_err),
        .s_cpuif_rd_data(g_rd_data), .s_cpuif_wr_ack(g_wr_ack), .s_cpuif_wr_err(g_wr_err),
        .hwif_in(g_in), .hwif_out(g_out)
    );
    always_comb begin
        g_in.BUILD.n_ports.next         = 5'(P);
        g_in.BUILD.data_bytes_log2.next = 3'd3;
        g_in.BUILD.track_depth.next     = 8'(TRACK_DEPTH);
        g_in.PERIOD.cycles.swwel        = locked;
        g_in.GLOBAL_LIMIT.g.swwel       = locked;
        g_in.QOS_MAP.class0.swwel       = locked;
        g_in.QOS_MAP.class1.swwel       = locked;
        g_in.QOS_MAP.class2.swwel       = locked;
        g_in.QOS_MAP.class3.swwel       = locked;
        g_in.GLOBAL_ERR.period_range.hwset = period_err;
        g_in.GLOBAL_ERR.g_range.hwset      = glimit_err;
        for (int i = 0; i < 16; i++) begin
            g_in.PORT[i].rd_ack  = 1'b0;
            g_in.PORT[i].rd_data = '0;
            g_in.PORT[i].wr_ack  = 1'b0;
        end
    end
    assign locked        = g_out.LOCK.locked.value;
    assign period_cycles = g_out.PERIOD.cycles.value;

    for (genvar i = 0; i < P; i++) begin : g_port
        hc_port_regs_pkg::hc_port__in_t  r_in;
        hc_port_regs_pkg::hc_port__out_t r_out;
        logic stall_wr, stall_rd;
        hc_port_regs u_regs (
            .clk(aclk), .rst_n(aresetn),
            .s_cpuif_req(p_req[i]), .s_cpuif_req_is_wr(p_req_is_wr[i]), .s_cpuif_addr(p_req_addr[i*7 +: 7]),
            .s_cpuif_wr_data(req_wr_data), .s_cpuif_wr_biten(req_wr_biten), .s_cpuif_req_stall_wr(stall_wr),
            .s_cpuif_req_stall_rd(stall_rd), .s_cpuif_rd_ack(p_rd_ack[i]), .s_cpuif_rd_err(p_rd_err[i]),
            .s_cpuif_rd_data(p_rd_data[i*32 +: 32]), .s_cpuif_wr_ack(p_wr_ack[i]), .s_cpuif_wr_err(p_wr_err[i]),
            .hwif_in(r_in), .hwif_out(r_out)
        );
        assign p_stall[i] = req_is_wr ? stall_wr : stall_rd;
        // the counters are an external register file (hc_counter_bank inside axi_hyperconnect): a read is
        // answered 5 cycles after the block's request (a BYTES_HI word 6), as the bank does, and word 7
        // (MAX_RD_LATENCY) 1 cycle after, as axi_hyperconnect does; word w of port i reads
        // 0x1000 * w + 0x100 + i (RD_TXN, word 4: 0x4100 + i). A write must never come (hc_regs_axil
        // answers it): it would be acknowledged and flagged in cnt_wrote.
        wire cnt_req = r_out.CNT.req && !r_out.CNT.req_is_wr;
        logic [5:0]  cnt_ack;
        logic        cnt_hi, cnt_lat;
        logic [31:0] cnt_data;
        always_ff @(posedge aclk) begin
            if (!aresetn) begin
                cnt_ack <= '0; cnt_hi <= 1'b0; cnt_lat <= 1'b0; cnt_data <= '0; cnt_wrote[i] <= 1'b0;
            end else begin
                cnt_ack <= {cnt_ack[4:0], cnt_req};
                if (cnt_req) cnt_hi <= r_out.CNT.addr[2] && !r_out.CNT.addr[4];     // 0x04, 0x0C: BYTES_HI
                if (cnt_req) cnt_lat <= r_out.CNT.addr[4:2] == 3'd7;               // 0x1C: MAX_RD_LATENCY
                if (cnt_req) cnt_data <= 32'h1000 * 32'(r_out.CNT.addr[4:2]) + 32'h100 + 32'(i);
                if (r_out.CNT.req && r_out.CNT.req_is_wr) cnt_wrote[i] <= 1'b1;
            end
        end
        /* verilator lint_off UNUSEDSIGNAL */
        wire unused_cnt = &{1'b0, r_out};
        /* verilator lint_on UNUSEDSIGNAL */
        logic [31:0] win_base_hi, win_size_hi;
        logic [3:0]  win_hi_ack;
        hc_window_hi #(.ADDR_WIDTH(ADDR_WIDTH)) u_win_hi (
            .clk(aclk), .rst_n(aresetn), .locked, .base_req(r_out.WIN_BASE_HI.req), .size_req(r_out.WIN_SIZE_HI.req),
            .req_is_wr(r_out.WIN_BASE_HI.req_is_wr), .wr_data(r_out.WIN_BASE_HI.wr_data.value),
            .wr_biten(r_out.WIN_BASE_HI.wr_biten.value), .base_rd_ack(win_hi_ack[0]), .base_wr_ack(win_hi_ack[1]),
            .size_rd_ack(win_hi_ack[2]), .size_wr_ack(win_hi_ack[3]), .base_hi(win_base_hi), .size_hi(win_size_hi)
        );
        always_comb begin
            r_in = '{default: '0};
            r_in.WIN_BASE_HI.rd_ack        = win_hi_ack[0];
            r_in.WIN_BASE_HI.wr_ack        = win_hi_ack[1];
            r_in.WIN_BASE_HI.rd_data.value = win_base_hi;
            r_in.WIN_SIZE_HI.rd_ack        = win_hi_ack[2];
            r_in.WIN_SIZE_HI.wr_ack        = win_hi_ack[3];
            r_in.WIN_SIZE_HI.rd_data.value = win_size_hi;
            r_in.ERR.nominal_range.hwset = nominal_err[i];
            r_in.ERR.limit_range.hwset   = limit_err[i];
            r_in.CNT.rd_ack              = cnt_lat ? cnt_ack[0] : cnt_hi ? cnt_ack[5] : cnt_ack[4];
            r_in.CNT.rd_data             = cnt_data;
            r_in.CNT.wr_ack              = r_out.CNT.req && r_out.CNT.req_is_wr;
            r_in.INFO.index.next         = 4'(i);
            r_in.CFG.nominal_len.swwel = locked;
            r_in.CFG.prio.swwel        = locked;
            r_in.CFG.res_en.swwel      = locked;
            r_in.CFG.win_en.swwel      = locked;
            r_in.CFG.decouple.swwel    = locked;
            r_in.LIMITS.rd_max_out.swwel = locked;
            r_in.LIMITS.wr_max_out.swwel = locked;
            r_in.BUDGET.rd_budget.swwel  = locked;
            r_in.BUDGET.wr_budget.swwel  = locked;
            r_in.IRQ_EN.decoupled.swwel    = locked;
            r_in.IRQ_EN.error.swwel        = locked;
            r_in.IRQ_EN.budget_spent.swwel = locked;
            r_in.IRQ_EN.fault.swwel        = locked;
            r_in.WIN_BASE_LO.value.swwel = locked;
            r_in.WIN_SIZE_LO.value.swwel = locked;
            r_in.TIMEOUT.cycles.swwel    = locked;
        end
        if (i == 0) begin : g_probe
            assign port0_nominal_len = r_out.CFG.nominal_len.value;
            assign port0_rd_budget   = r_out.BUDGET.rd_budget.value;
        end
    end

    /* verilator lint_off PINCONNECTEMPTY */
    axi_protocol_checker #(.ADDR_WIDTH(12), .DATA_WIDTH(32), .ID_WIDTH(1), .NAME("s_axil")) u_check (
        .aclk, .aresetn,
        .awid(1'b0), .awaddr(s_axil_awaddr), .awlen(8'd0), .awsize(3'd2), .awburst(2'd1), .awvalid(s_axil_awvalid),
        .awready(s_axil_awready), .wdata(s_axil_wdata), .wstrb(s_axil_wstrb), .wlast(1'b1), .wvalid(s_axil_wvalid),
        .wready(s_axil_wready), .bid(1'b0), .bresp(s_axil_bresp), .bvalid(s_axil_bvalid), .bready(s_axil_bready),
        .arid(1'b0), .araddr(s_axil_araddr), .arlen(8'd0), .arsize(3'd2), .arburst(2'd1), .arvalid(s_axil_arvalid),
        .arready(s_axil_arready), .rid(1'b0), .rdata(s_axil_rdata), .rresp(s_axil_rresp), .rlast(1'b1),
        .rvalid(s_axil_rvalid), .rready(s_axil_rready), .errors(protocol_errors),
        .reads(), .reads_done(), .writes(), .writes_done()
    );
    /* verilator lint_on PINCONNECTEMPTY */
endmodule
