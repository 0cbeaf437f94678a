// hc_regs_tb — test wrapper of the generated register block with its port adapter (hc_regs_ports): flat
// AXI4-Lite port, hardware inputs tied (BUILD reports 3 ports, 64-bit data, depth 16; status/counters 0),
// a few hardware outputs exposed.
module hc_regs_tb (
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
    output logic [8:0]  port1_nominal_len,
    output logic [15:0] port1_rd_budget,
    output logic [31:0] period_cycles
);
    // The register block through its port adapter (as axi_hyperconnect uses it): BUILD reports 3 ports,
    // 64-bit data, depth 16; every hardware input other than BUILD is tied off (no restores, status 0).
    localparam int P = 16;
    logic [P*9-1:0]  nominal_len;
    logic [P*16-1:0] rd_budget;
    /* verilator lint_off UNUSEDSIGNAL */
    logic            clear_all;
    logic [7:0]      global_limit;
    logic [P*2-1:0]  prio;
    logic [P-1:0]    res_en, decouple, cnt_clear;
    logic [P*8-1:0]  rd_max_out, wr_max_out;
    logic [P*16-1:0] wr_budget;
    logic [P*4-1:0]  irq_en, irq_status;
    logic [P-1:0]    win_en;
    logic [P*64-1:0] win_base, win_size;
    logic [P*16-1:0] timeout;
    logic [P-1:0]    fault_active;
    /* verilator lint_on UNUSEDSIGNAL */

    hc_regs_ports #(.PORTS(P)) u_regs (
        .clk(aclk), .rst_n(aresetn),
        .s_axil_awready, .s_axil_awvalid, .s_axil_awaddr, .s_axil_awprot,
        .s_axil_wready, .s_axil_wvalid, .s_axil_wdata, .s_axil_wstrb,
        .s_axil_bready, .s_axil_bvalid, .s_axil_bresp,
        .s_axil_arready, .s_axil_arvalid, .s_axil_araddr, .s_axil_arprot,
        .s_axil_rready, .s_axil_rvalid, .s_axil_rdata, .s_axil_rresp,
        .build_n_ports(5'd3), .build_data_bytes_log2(3'd3), .build_track_depth(8'd16),
        .clear_all, .period(period_cycles), .period_we(1'b0), .period_next('0), .period_err(1'b0),
        .global_limit, .global_limit_we(1'b0), .global_limit_next('0), .global_limit_err(1'b0),
        .nominal_len, .nominal_len_we('0), .nominal_len_next('0), .nominal_len_err('0),
        .prio, .res_en, .decouple,
        .rd_max_out, .rd_max_out_we('0), .rd_max_out_next('0),
        .wr_max_out, .wr_max_out_we('0), .wr_max_out_next('0), .limit_err('0),
        .rd_budget, .wr_budget,
        .st_draining('0), .st_decoupled('0), .st_rd_spent('0), .st_wr_spent('0),
        .win_en, .win_base, .win_size, .fault_set('0), .timeout, .fault_active,
        .irq_en, .irq_status, .irq_set('0), .cnt_clear, .counters('0)
    );

    assign port1_nominal_len = nominal_len[9 +: 9];
    assign port1_rd_budget   = rd_budget[16 +: 16];
endmodule
