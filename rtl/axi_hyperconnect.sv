// axi_hyperconnect — N accelerator ports to one memory port with per-port transaction supervisors,
// strict-priority/round-robin arbitration and run-time control over AXI4-Lite (paper 001, HyperConnect;
// priority classes from paper 002 section 5).
//
//   s_axi port i -> hc_supervisor i (hc_watchdog -> hc_decoupler -> hc_guard -> axi_burst_equalizer ->
//                   hc_reservation AR/AW, hc_port_counters) -> axi_exbar (class priority, round-robin per
//                   class, global limit G) -> m_axi
//   s_axil -> hc_regs_ports (PeakRDL block from rdl/hyperconnect.rdl) -> hc_cfg_check per ranged field
//   hc_period: the central unit recharging every port's budgets in the same cycle
//
// Latency (cycles, input VALID -> output VALID, idle, every function enabled):
//   AR 2 | AW 2 | W 1 | R 0 | B 0
//   AR/AW: 1 in the equalizer's output skid buffer (the paper's input eFIFO stage) + 1 in the crossbar's
//   output register (the output eFIFO stage); both are hc_reg_slice instances, so a further stage is one
//   more slice. W: 1 in the watchdog's W register (so the memory port's W holds whatever the accelerator
//   does), then routed by AW grant order; R/B are combinational, routed by ID.
// Throughput: one address request per cycle per channel, one data beat per cycle, no bubble between
//   bursts of different ports.
// IDs: each port's sub-bursts leave on ID {port, 0} and its responses return with the master's own IDs,
//   in request order, so a master that uses several IDs keeps its outstanding limit in flight.
// Isolation: a port's R/B payload is zero in every cycle its VALID is low (proven, `ifdef
//   FORMAL_HYPERCONNECT below); a port cut off by its watchdog re-couples only once its flags are cleared
//   and everything it had outstanding has completed (STATUS.cut_off).
//
// Parameters: S_COUNT (1..16 ports), ADDR_WIDTH (12..64), DATA_WIDTH (8..1024, power of two),
//   ID_WIDTH (1..32, per accelerator port), TRACK_DEPTH (4..255: sub-transactions trackable per port and
//   direction, the upper bound of the outstanding limits), W_ROUTE_DEPTH (write grants awaiting data),
//   M_ID_WIDTH (derived: ID_WIDTH + clog2(S_COUNT); the memory port's ID carries {port, 0}; do not
//   override).
// Register map: rdl/hyperconnect.rdl (docs/hyperconnect.md). rtl/ holds the block generated for 16 ports
//   (hc_regs_pkg, hc_regs, hc_regs_ports), which serves any S_COUNT; `hc regs --ports S_COUNT` generates a
//   smaller one (no registers and SLVERR for absent ports) to use instead. Out-of-range writes
//   (nominal length 0 or > 256, outstanding limit 0 or > TRACK_DEPTH, period 0, G 0) are not applied:
//   the register keeps its previous value and a sticky error flag is set.
// irq: level, OR over ports of (IRQ_STATUS & IRQ_EN); events: port decoupled, configuration write
//   rejected, budget spent before the period ended, accelerator fault (FAULT: window, protocol, watchdog).
// Security (docs/security.md): per-port address windows, protocol guard, watchdog; LOCK freezes the
//   configuration until reset.
// Assumes: the memory answers each ID in order (AXI); accelerators may break AXI (docs/security.md).
module axi_hyperconnect #(
    parameter int S_COUNT       = 4,
    parameter int ADDR_WIDTH    = 32,
    parameter int DATA_WIDTH    = 64,
    parameter int ID_WIDTH      = 4,
    parameter int TRACK_DEPTH   = 16,
    parameter int W_ROUTE_DEPTH = 32,
    localparam int PORT_W       = (S_COUNT > 1) ? $clog2(S_COUNT) : 1,
    parameter int M_ID_WIDTH    = ID_WIDTH + PORT_W,
    localparam int STRB_WIDTH   = DATA_WIDTH / 8
) (
    input  logic                            aclk,
    input  logic                            aresetn,
    output logic                            irq,
    // AXI4-Lite control port (32-bit data, 12-bit address: 0x000..0xFFF)
    input  logic                            s_axil_awvalid,
    output logic                            s_axil_awready,
    input  logic [11:0]                     s_axil_awaddr,
    input  logic [2:0]                      s_axil_awprot,
    input  logic                            s_axil_wvalid,
    output logic                            s_axil_wready,
    input  logic [31:0]                     s_axil_wdata,
    input  logic [3:0]                      s_axil_wstrb,
    output logic                            s_axil_bvalid,
    input  logic                            s_axil_bready,
    output logic [1:0]                      s_axil_bresp,
    input  logic                            s_axil_arvalid,
    output logic                            s_axil_arready,
    input  logic [11:0]                     s_axil_araddr,
    input  logic [2:0]                      s_axil_arprot,
    output logic                            s_axil_rvalid,
    input  logic                            s_axil_rready,
    output logic [31:0]                     s_axil_rdata,
    output logic [1:0]                      s_axil_rresp,
    // accelerator ports, packed: port i in bits [i*W +: W]
    input  logic [S_COUNT*ID_WIDTH-1:0]       s_axi_awid,
    input  logic [S_COUNT*ADDR_WIDTH-1:0]     s_axi_awaddr,
    input  logic [S_COUNT*8-1:0]              s_axi_awlen,
    input  logic [S_COUNT*3-1:0]              s_axi_awsize,
    input  logic [S_COUNT*2-1:0]              s_axi_awburst,
    input  logic [S_COUNT-1:0]                s_axi_awlock,
    input  logic [S_COUNT*4-1:0]              s_axi_awcache,
    input  logic [S_COUNT*3-1:0]              s_axi_awprot,
    input  logic [S_COUNT*4-1:0]              s_axi_awqos,
    input  logic [S_COUNT-1:0]                s_axi_awvalid,
    output logic [S_COUNT-1:0]                s_axi_awready,
    input  logic [S_COUNT*DATA_WIDTH-1:0]     s_axi_wdata,
    input  logic [S_COUNT*STRB_WIDTH-1:0]     s_axi_wstrb,
    input  logic [S_COUNT-1:0]                s_axi_wlast,
    input  logic [S_COUNT-1:0]                s_axi_wvalid,
    output logic [S_COUNT-1:0]                s_axi_wready,
    output logic [S_COUNT*ID_WIDTH-1:0]       s_axi_bid,
    output logic [S_COUNT*2-1:0]              s_axi_bresp,
    output logic [S_COUNT-1:0]                s_axi_bvalid,
    input  logic [S_COUNT-1:0]                s_axi_bready,
    input  logic [S_COUNT*ID_WIDTH-1:0]       s_axi_arid,
    input  logic [S_COUNT*ADDR_WIDTH-1:0]     s_axi_araddr,
    input  logic [S_COUNT*8-1:0]              s_axi_arlen,
    input  logic [S_COUNT*3-1:0]              s_axi_arsize,
    input  logic [S_COUNT*2-1:0]              s_axi_arburst,
    input  logic [S_COUNT-1:0]                s_axi_arlock,
    input  logic [S_COUNT*4-1:0]              s_axi_arcache,
    input  logic [S_COUNT*3-1:0]              s_axi_arprot,
    input  logic [S_COUNT*4-1:0]              s_axi_arqos,
    input  logic [S_COUNT-1:0]                s_axi_arvalid,
    output logic [S_COUNT-1:0]                s_axi_arready,
    output logic [S_COUNT*ID_WIDTH-1:0]       s_axi_rid,
    output logic [S_COUNT*DATA_WIDTH-1:0]     s_axi_rdata,
    output logic [S_COUNT*2-1:0]              s_axi_rresp,
    output logic [S_COUNT-1:0]                s_axi_rlast,
    output logic [S_COUNT-1:0]                s_axi_rvalid,
    input  logic [S_COUNT-1:0]                s_axi_rready,
    // memory port
    output logic [M_ID_WIDTH-1:0]             m_axi_awid,
    output logic [ADDR_WIDTH-1:0]             m_axi_awaddr,
    output logic [8-1:0]                      m_axi_awlen,
    output logic [3-1:0]                      m_axi_awsize,
    output logic [2-1:0]                      m_axi_awburst,
    output logic                              m_axi_awlock,
    output logic [4-1:0]                      m_axi_awcache,
    output logic [3-1:0]                      m_axi_awprot,
    output logic [4-1:0]                      m_axi_awqos,
    output logic                              m_axi_awvalid,
    input  logic                              m_axi_awready,
    output logic [DATA_WIDTH-1:0]             m_axi_wdata,
    output logic [STRB_WIDTH-1:0]             m_axi_wstrb,
    output logic                              m_axi_wlast,
    output logic                              m_axi_wvalid,
    input  logic                              m_axi_wready,
    input  logic [M_ID_WIDTH-1:0]             m_axi_bid,
    input  logic [2-1:0]                      m_axi_bresp,
    input  logic                              m_axi_bvalid,
    output logic                              m_axi_bready,
    output logic [M_ID_WIDTH-1:0]             m_axi_arid,
    output logic [ADDR_WIDTH-1:0]             m_axi_araddr,
    output logic [8-1:0]                      m_axi_arlen,
    output logic [3-1:0]                      m_axi_arsize,
    output logic [2-1:0]                      m_axi_arburst,
    output logic                              m_axi_arlock,
    output logic [4-1:0]                      m_axi_arcache,
    output logic [3-1:0]                      m_axi_arprot,
    output logic [4-1:0]                      m_axi_arqos,
    output logic                              m_axi_arvalid,
    input  logic                              m_axi_arready,
    input  logic [M_ID_WIDTH-1:0]             m_axi_rid,
    input  logic [DATA_WIDTH-1:0]             m_axi_rdata,
    input  logic [2-1:0]                      m_axi_rresp,
    input  logic                              m_axi_rlast,
    input  logic                              m_axi_rvalid,
    output logic                              m_axi_rready
);
    // The register block holds RP port register sets (RP >= S_COUNT): the committed rtl/ copy has 16, a
    // build for fewer ports generates a smaller one (hc regs --ports N). Sets above S_COUNT are tied off.
    localparam int RP = (hc_regs_pkg::HC_REGS_SIZE - 'h100) / 'h80;   // 128-byte sets (INFO ends each)

    initial begin
        if (S_COUNT < 1 || S_COUNT > 16)
            $fatal(1, "axi_hyperconnect: S_COUNT must be 1..16 (got %0d)", S_COUNT);
        if (ADDR_WIDTH < 13 || ADDR_WIDTH > 64)
            $fatal(1, "axi_hyperconnect: ADDR_WIDTH must be 13..64 (got %0d)", ADDR_WIDTH);
        if (TRACK_DEPTH < 4 || TRACK_DEPTH > 255)
            $fatal(1, "axi_hyperconnect: TRACK_DEPTH must be 4..255 (got %0d)", TRACK_DEPTH);
        if (RP < S_COUNT)
            $fatal(1, "axi_hyperconnect: the register block has %0d port sets, S_COUNT is %0d (hc regs --ports %0d)",
                   RP, S_COUNT, S_COUNT);
        if (M_ID_WIDTH != ID_WIDTH + PORT_W)
            $fatal(1, "axi_hyperconnect: M_ID_WIDTH must be ID_WIDTH + clog2(S_COUNT) = %0d (got %0d)",
                   ID_WIDTH + PORT_W, M_ID_WIDTH);
    end

    // ------------------------------------------------------------------ register block
    logic                   clear_all;
    logic [31:0]            r_period, period, period_next;
    logic                   period_we, period_err;
    logic [7:0]             r_glimit, glimit, glimit_next;
    logic                   glimit_we, glimit_err;
    logic [RP*9-1:0]        r_nominal, nominal_next;
    logic [S_COUNT*9-1:0]   nominal;
    logic [RP-1:0]          nominal_we, nominal_err;
    logic [RP*8-1:0]        r_rd_max, rd_max_next, r_wr_max, wr_max_next;
    logic [S_COUNT*8-1:0]   rd_max, wr_max;
    logic [RP-1:0]          rd_max_we, wr_max_we, rd_max_err, wr_max_err;
    logic [RP*2-1:0]        prio;
    logic [RP-1:0]          res_en, decouple, cnt_clear;
    logic [RP*16-1:0]       rd_budget, wr_budget;
    logic [RP-1:0]          draining, decoupled, rd_spent, wr_spent, cut_off;
    logic [RP*4-1:0]        irq_en, irq_status, irq_set;
    logic [RP-1:0]          win_en;
    logic [RP*64-1:0]       win_base, win_size;
    localparam int          NF = 8;             // FAULT bits per port, hyperconnect.regs.FAULTS order
    logic [RP*NF-1:0]       fault_set;
    logic [RP*16-1:0]       timeout;
    logic [RP-1:0]          fault_active;
    logic [RP*256-1:0]      counters;

    hc_regs_ports #(.PORTS(RP)) u_regs (
        .clk(aclk), .rst_n(aresetn),
        .s_axil_awvalid, .s_axil_awready, .s_axil_awaddr, .s_axil_awprot, .s_axil_wvalid, .s_axil_wready,
        .s_axil_wdata, .s_axil_wstrb, .s_axil_bvalid, .s_axil_bready, .s_axil_bresp, .s_axil_arvalid,
        .s_axil_arready, .s_axil_araddr, .s_axil_arprot, .s_axil_rvalid, .s_axil_rready, .s_axil_rdata,
        .s_axil_rresp,
        .build_n_ports(5'(S_COUNT)), .build_data_bytes_log2(3'($clog2(STRB_WIDTH))),
        .build_track_depth(8'(TRACK_DEPTH)),
        .clear_all, .period(r_period), .period_we, .period_next, .period_err,
        .global_limit(r_glimit), .global_limit_we(glimit_we), .global_limit_next(glimit_next),
        .global_limit_err(glimit_err),
        .nominal_len(r_nominal), .nominal_len_we(nominal_we), .nominal_len_next(nominal_next),
        .nominal_len_err(nominal_err), .prio, .res_en, .decouple,
        .rd_max_out(r_rd_max), .rd_max_out_we(rd_max_we), .rd_max_out_next(rd_max_next),
        .wr_max_out(r_wr_max), .wr_max_out_we(wr_max_we), .wr_max_out_next(wr_max_next),
        .limit_err(rd_max_err | wr_max_err), .rd_budget, .wr_budget,
        .st_draining(draining), .st_decoupled(decoupled), .st_rd_spent(rd_spent), .st_wr_spent(wr_spent),
        .st_cut_off(cut_off),
        .win_en, .win_base, .win_size, .fault_set, .timeout, .fault_active,
        .irq_en, .irq_status, .irq_set, .cnt_clear, .counters
    );

    // ------------------------------------------------------------------ range checks
    hc_cfg_check #(.WIDTH(32), .MIN(1), .MAX(64'hFFFF_FFFF), .RESET(10000)) u_chk_period (
        .clk(aclk), .rst_n(aresetn), .value(r_period), .applied(period), .restore_we(period_we),
        .restore_value(period_next), .error(period_err)
    );
    hc_cfg_check #(.WIDTH(8), .MIN(1), .MAX(255), .RESET(32)) u_chk_glimit (
        .clk(aclk), .rst_n(aresetn), .value(r_glimit), .applied(glimit), .restore_we(glimit_we),
        .restore_value(glimit_next), .error(glimit_err)
    );

    // window size in 4 KB pages; sizes of 2**ADDR_WIDTH bytes or more cover the whole address space
    function automatic logic [ADDR_WIDTH:12] win_pages_clamped(input logic [63:0] size);
        if (ADDR_WIDTH < 64 && (size >> ADDR_WIDTH) != 64'd0) return (ADDR_WIDTH - 11)'(1) << (ADDR_WIDTH - 12);
        return (ADDR_WIDTH - 11)'(size >> 12);
    endfunction

    // ------------------------------------------------------------------ central period unit
    logic recharge;
    hc_period u_period (.clk(aclk), .rst_n(aresetn), .cfg_period(period), .recharge);

    // ------------------------------------------------------------------ supervisors
    logic [S_COUNT*ID_WIDTH-1:0] x_awid;
    logic [S_COUNT*ADDR_WIDTH-1:0] x_awaddr;
    logic [S_COUNT*8-1:0] x_awlen;
    logic [S_COUNT*3-1:0] x_awsize;
    logic [S_COUNT*2-1:0] x_awburst;
    logic [S_COUNT-1:0] x_awlock;
    logic [S_COUNT*4-1:0] x_awcache;
    logic [S_COUNT*3-1:0] x_awprot;
    logic [S_COUNT*4-1:0] x_awqos;
    logic [S_COUNT-1:0] x_awvalid;
    logic [S_COUNT-1:0] x_awready;
    logic [S_COUNT*DATA_WIDTH-1:0] x_wdata;
    logic [S_COUNT*STRB_WIDTH-1:0] x_wstrb;
    logic [S_COUNT-1:0] x_wlast;
    logic [S_COUNT-1:0] x_wvalid;
    logic [S_COUNT-1:0] x_wready;
    logic [S_COUNT*ID_WIDTH-1:0] x_bid;
    logic [S_COUNT*2-1:0] x_bresp;
    logic [S_COUNT-1:0] x_bvalid;
    logic [S_COUNT-1:0] x_bready;
    logic [S_COUNT*ID_WIDTH-1:0] x_arid;
    logic [S_COUNT*ADDR_WIDTH-1:0] x_araddr;
    logic [S_COUNT*8-1:0] x_arlen;
    logic [S_COUNT*3-1:0] x_arsize;
    logic [S_COUNT*2-1:0] x_arburst;
    logic [S_COUNT-1:0] x_arlock;
    logic [S_COUNT*4-1:0] x_arcache;
    logic [S_COUNT*3-1:0] x_arprot;
    logic [S_COUNT*4-1:0] x_arqos;
    logic [S_COUNT-1:0] x_arvalid;
    logic [S_COUNT-1:0] x_arready;
    logic [S_COUNT*ID_WIDTH-1:0] x_rid;
    logic [S_COUNT*DATA_WIDTH-1:0] x_rdata;
    logic [S_COUNT*2-1:0] x_rresp;
    logic [S_COUNT-1:0] x_rlast;
    logic [S_COUNT-1:0] x_rvalid;
    logic [S_COUNT-1:0] x_rready;

    for (genvar i = 0; i < S_COUNT; i++) begin : g_port
        hc_cfg_check #(.WIDTH(9), .MIN(1), .MAX(256), .RESET(16)) u_chk_nominal (
            .clk(aclk), .rst_n(aresetn), .value(r_nominal[i*9 +: 9]), .applied(nominal[i*9 +: 9]),
            .restore_we(nominal_we[i]), .restore_value(nominal_next[i*9 +: 9]), .error(nominal_err[i])
        );
        hc_cfg_check #(.WIDTH(8), .MIN(1), .MAX(TRACK_DEPTH), .RESET(4)) u_chk_rd_max (
            .clk(aclk), .rst_n(aresetn), .value(r_rd_max[i*8 +: 8]), .applied(rd_max[i*8 +: 8]),
            .restore_we(rd_max_we[i]), .restore_value(rd_max_next[i*8 +: 8]), .error(rd_max_err[i])
        );
        hc_cfg_check #(.WIDTH(8), .MIN(1), .MAX(TRACK_DEPTH), .RESET(4)) u_chk_wr_max (
            .clk(aclk), .rst_n(aresetn), .value(r_wr_max[i*8 +: 8]), .applied(wr_max[i*8 +: 8]),
            .restore_we(wr_max_we[i]), .restore_value(wr_max_next[i*8 +: 8]), .error(wr_max_err[i])
        );

        hc_supervisor #(.ADDR_WIDTH(ADDR_WIDTH), .DATA_WIDTH(DATA_WIDTH), .ID_WIDTH(ID_WIDTH),
                        .TRACK_DEPTH(TRACK_DEPTH)) u_supervisor (
            .aclk, .aresetn,
            .cfg_nominal_len(nominal[i*9 +: 9]), .cfg_rd_max_out({1'b0, rd_max[i*8 +: 8]}),
            .cfg_wr_max_out({1'b0, wr_max[i*8 +: 8]}), .cfg_res_en(res_en[i]),
            .cfg_rd_budget(rd_budget[i*16 +: 16]), .cfg_wr_budget(wr_budget[i*16 +: 16]),
            .cfg_decouple(decouple[i]), .cfg_win_en(win_en[i]),
            .cfg_win_base(win_base[i*64 + 12 +: ADDR_WIDTH - 12]),
            .cfg_win_size(win_pages_clamped(win_size[i*64 +: 64])),
            .fault_win_rd(fault_set[i*NF]), .fault_win_wr(fault_set[i*NF + 1]),
            .fault_proto_rd(fault_set[i*NF + 2]), .fault_proto_wr(fault_set[i*NF + 3]),
            .cfg_timeout(timeout[i*16 +: 16]), .fault_active(fault_active[i]),
            .fault_w_stall(fault_set[i*NF + 4]), .fault_r_stall(fault_set[i*NF + 5]),
            .fault_b_stall(fault_set[i*NF + 6]), .fault_wlast(fault_set[i*NF + 7]),
            .recharge, .cnt_clear(clear_all || cnt_clear[i]),
            .draining(draining[i]), .decoupled(decoupled[i]), .cut_off(cut_off[i]), .rd_budget_spent(rd_spent[i]),
            .wr_budget_spent(wr_spent[i]), .counters(counters[i*256 +: 256]),
            .s_axi_awid(s_axi_awid[i*ID_WIDTH +: ID_WIDTH]),
            .s_axi_awaddr(s_axi_awaddr[i*ADDR_WIDTH +: ADDR_WIDTH]), .s_axi_awlen(s_axi_awlen[i*8 +: 8]),
            .s_axi_awsize(s_axi_awsize[i*3 +: 3]), .s_axi_awburst(s_axi_awburst[i*2 +: 2]),
            .s_axi_awlock(s_axi_awlock[i]), .s_axi_awcache(s_axi_awcache[i*4 +: 4]),
            .s_axi_awprot(s_axi_awprot[i*3 +: 3]), .s_axi_awqos(s_axi_awqos[i*4 +: 4]),
            .s_axi_awvalid(s_axi_awvalid[i]), .s_axi_awready(s_axi_awready[i]),
            .s_axi_wdata(s_axi_wdata[i*DATA_WIDTH +: DATA_WIDTH]),
            .s_axi_wstrb(s_axi_wstrb[i*STRB_WIDTH +: STRB_WIDTH]), .s_axi_wlast(s_axi_wlast[i]),
            .s_axi_wvalid(s_axi_wvalid[i]), .s_axi_wready(s_axi_wready[i]),
            .s_axi_bid(s_axi_bid[i*ID_WIDTH +: ID_WIDTH]), .s_axi_bresp(s_axi_bresp[i*2 +: 2]),
            .s_axi_bvalid(s_axi_bvalid[i]), .s_axi_bready(s_axi_bready[i]),
            .s_axi_arid(s_axi_arid[i*ID_WIDTH +: ID_WIDTH]),
            .s_axi_araddr(s_axi_araddr[i*ADDR_WIDTH +: ADDR_WIDTH]), .s_axi_arlen(s_axi_arlen[i*8 +: 8]),
            .s_axi_arsize(s_axi_arsize[i*3 +: 3]), .s_axi_arburst(s_axi_arburst[i*2 +: 2]),
            .s_axi_arlock(s_axi_arlock[i]), .s_axi_arcache(s_axi_arcache[i*4 +: 4]),
            .s_axi_arprot(s_axi_arprot[i*3 +: 3]), .s_axi_arqos(s_axi_arqos[i*4 +: 4]),
            .s_axi_arvalid(s_axi_arvalid[i]), .s_axi_arready(s_axi_arready[i]),
            .s_axi_rid(s_axi_rid[i*ID_WIDTH +: ID_WIDTH]), .s_axi_rdata(s_axi_rdata[i*DATA_WIDTH +: DATA_WIDTH]),
            .s_axi_rresp(s_axi_rresp[i*2 +: 2]), .s_axi_rlast(s_axi_rlast[i]), .s_axi_rvalid(s_axi_rvalid[i]),
            .s_axi_rready(s_axi_rready[i]),
            .m_axi_awid(x_awid[i*ID_WIDTH +: ID_WIDTH]), .m_axi_awaddr(x_awaddr[i*ADDR_WIDTH +: ADDR_WIDTH]),
            .m_axi_awlen(x_awlen[i*8 +: 8]), .m_axi_awsize(x_awsize[i*3 +: 3]),
            .m_axi_awburst(x_awburst[i*2 +: 2]), .m_axi_awlock(x_awlock[i]), .m_axi_awcache(x_awcache[i*4 +: 4]),
            .m_axi_awprot(x_awprot[i*3 +: 3]), .m_axi_awqos(x_awqos[i*4 +: 4]), .m_axi_awvalid(x_awvalid[i]),
            .m_axi_awready(x_awready[i]), .m_axi_wdata(x_wdata[i*DATA_WIDTH +: DATA_WIDTH]),
            .m_axi_wstrb(x_wstrb[i*STRB_WIDTH +: STRB_WIDTH]), .m_axi_wlast(x_wlast[i]),
            .m_axi_wvalid(x_wvalid[i]), .m_axi_wready(x_wready[i]), .m_axi_bid(x_bid[i*ID_WIDTH +: ID_WIDTH]),
            .m_axi_bresp(x_bresp[i*2 +: 2]), .m_axi_bvalid(x_bvalid[i]), .m_axi_bready(x_bready[i]),
            .m_axi_arid(x_arid[i*ID_WIDTH +: ID_WIDTH]), .m_axi_araddr(x_araddr[i*ADDR_WIDTH +: ADDR_WIDTH]),
            .m_axi_arlen(x_arlen[i*8 +: 8]), .m_axi_arsize(x_arsize[i*3 +: 3]),
            .m_axi_arburst(x_arburst[i*2 +: 2]), .m_axi_arlock(x_arlock[i]), .m_axi_arcache(x_arcache[i*4 +: 4]),
            .m_axi_arprot(x_arprot[i*3 +: 3]), .m_axi_arqos(x_arqos[i*4 +: 4]), .m_axi_arvalid(x_arvalid[i]),
            .m_axi_arready(x_arready[i]), .m_axi_rid(x_rid[i*ID_WIDTH +: ID_WIDTH]),
            .m_axi_rdata(x_rdata[i*DATA_WIDTH +: DATA_WIDTH]), .m_axi_rresp(x_rresp[i*2 +: 2]),
            .m_axi_rlast(x_rlast[i]), .m_axi_rvalid(x_rvalid[i]), .m_axi_rready(x_rready[i])
        );

        /* verilator lint_off UNUSEDSIGNAL */
        wire unused_win = &{1'b0, win_base[i*64 +: 64]};   // bits above ADDR_WIDTH are ignored
        /* verilator lint_on UNUSEDSIGNAL */

        // interrupt events: rising edges of decoupled / budget spent, any rejected write of the port, faults
        logic was_decoupled, was_spent;
        always_ff @(posedge aclk) begin
            if (!aresetn) begin
                was_decoupled <= 1'b0;
                was_spent     <= 1'b0;
            end else begin
                was_decoupled <= decoupled[i];
                was_spent     <= rd_spent[i] || wr_spent[i];
            end
        end
        assign irq_set[i*4 +: 4] = {|fault_set[i*NF +: NF],
                                    (rd_spent[i] || wr_spent[i]) && !was_spent,
                                    nominal_err[i] || rd_max_err[i] || wr_max_err[i],
                                    decoupled[i] && !was_decoupled};
    end

    // register sets of ports this instance does not have: nothing to report, nothing to apply
    for (genvar i = S_COUNT; i < RP; i++) begin : g_absent
        assign {nominal_we[i], nominal_err[i], rd_max_we[i], wr_max_we[i], rd_max_err[i], wr_max_err[i]} = '0;
        assign {nominal_next[i*9 +: 9], rd_max_next[i*8 +: 8], wr_max_next[i*8 +: 8]} = '0;
        assign {draining[i], decoupled[i], rd_spent[i], wr_spent[i], cut_off[i]} = '0;
        assign irq_set[i*4 +: 4] = '0;
        assign fault_set[i*NF +: NF] = '0;
        assign counters[i*256 +: 256] = '0;
        /* verilator lint_off UNUSEDSIGNAL */
        wire unused_ok = &{1'b0, r_nominal[i*9 +: 9], r_rd_max[i*8 +: 8], r_wr_max[i*8 +: 8], prio[i*2 +: 2],
                           res_en[i], decouple[i], cnt_clear[i], rd_budget[i*16 +: 16], wr_budget[i*16 +: 16],
                           win_en[i], win_base[i*64 +: 64], win_size[i*64 +: 64], timeout[i*16 +: 16],
                           fault_active[i]};
        /* verilator lint_on UNUSEDSIGNAL */
    end

    always_ff @(posedge aclk) begin
        if (!aresetn) irq <= 1'b0;
        else          irq <= |(irq_status & irq_en);
    end

    // ------------------------------------------------------------------ crossbar
    axi_exbar #(.S_COUNT(S_COUNT), .ADDR_WIDTH(ADDR_WIDTH), .DATA_WIDTH(DATA_WIDTH), .ID_WIDTH(ID_WIDTH),
                .W_ROUTE_DEPTH(W_ROUTE_DEPTH), .PRIO_W(2)) u_exbar (
        .aclk, .aresetn, .cfg_prio(prio[S_COUNT*2-1:0]), .cfg_global_limit({1'b0, glimit}),
        .s_axi_awid(x_awid), .s_axi_awaddr(x_awaddr), .s_axi_awlen(x_awlen), .s_axi_awsize(x_awsize),
        .s_axi_awburst(x_awburst), .s_axi_awlock(x_awlock), .s_axi_awcache(x_awcache), .s_axi_awprot(x_awprot),
        .s_axi_awqos(x_awqos), .s_axi_awvalid(x_awvalid), .s_axi_awready(x_awready), .s_axi_wdata(x_wdata),
        .s_axi_wstrb(x_wstrb), .s_axi_wlast(x_wlast), .s_axi_wvalid(x_wvalid), .s_axi_wready(x_wready),
        .s_axi_bid(x_bid), .s_axi_bresp(x_bresp), .s_axi_bvalid(x_bvalid), .s_axi_bready(x_bready),
        .s_axi_arid(x_arid), .s_axi_araddr(x_araddr), .s_axi_arlen(x_arlen), .s_axi_arsize(x_arsize),
        .s_axi_arburst(x_arburst), .s_axi_arlock(x_arlock), .s_axi_arcache(x_arcache), .s_axi_arprot(x_arprot),
        .s_axi_arqos(x_arqos), .s_axi_arvalid(x_arvalid), .s_axi_arready(x_arready), .s_axi_rid(x_rid),
        .s_axi_rdata(x_rdata), .s_axi_rresp(x_rresp), .s_axi_rlast(x_rlast), .s_axi_rvalid(x_rvalid),
        .s_axi_rready(x_rready),
        .m_axi_awid(m_axi_awid), .m_axi_awaddr(m_axi_awaddr), .m_axi_awlen(m_axi_awlen),
        .m_axi_awsize(m_axi_awsize), .m_axi_awburst(m_axi_awburst), .m_axi_awlock(m_axi_awlock),
        .m_axi_awcache(m_axi_awcache), .m_axi_awprot(m_axi_awprot), .m_axi_awqos(m_axi_awqos),
        .m_axi_awvalid(m_axi_awvalid), .m_axi_awready(m_axi_awready), .m_axi_wdata(m_axi_wdata),
        .m_axi_wstrb(m_axi_wstrb), .m_axi_wlast(m_axi_wlast), .m_axi_wvalid(m_axi_wvalid),
        .m_axi_wready(m_axi_wready), .m_axi_bid(m_axi_bid), .m_axi_bresp(m_axi_bresp), .m_axi_bvalid(m_axi_bvalid),
        .m_axi_bready(m_axi_bready), .m_axi_arid(m_axi_arid), .m_axi_araddr(m_axi_araddr),
        .m_axi_arlen(m_axi_arlen), .m_axi_arsize(m_axi_arsize), .m_axi_arburst(m_axi_arburst),
        .m_axi_arlock(m_axi_arlock), .m_axi_arcache(m_axi_arcache), .m_axi_arprot(m_axi_arprot),
        .m_axi_arqos(m_axi_arqos), .m_axi_arvalid(m_axi_arvalid), .m_axi_arready(m_axi_arready),
        .m_axi_rid(m_axi_rid), .m_axi_rdata(m_axi_rdata), .m_axi_rresp(m_axi_rresp), .m_axi_rlast(m_axi_rlast),
        .m_axi_rvalid(m_axi_rvalid), .m_axi_rready(m_axi_rready)
    );

`ifdef FORMAL_HYPERCONNECT
    // Properties of the whole IP (tests/formal/axi_hyperconnect.sby; the submodules' own FORMAL blocks stay
    // out, their assumptions are about neighbours that are real here): every input free — the accelerators
    // may do anything on every channel, software may write any register through s_axil, the memory may
    // answer anything — except that the memory keeps WREADY's handshake meaning (nothing to assume: the
    // W properties only look at what the IP drives).
    logic f_past_unused, f_live;
    hc_formal_reset u_f_reset (.clk(aclk), .rst_n(aresetn), .f_past(f_past_unused), .f_live);
    // task `zero` (k-induction): on every port, in every cycle, no R/B payload without its VALID — nothing
    // of another port's traffic (or of its own dropped responses) is ever on a port's wires (issue 15)
    always_comb begin
        for (int i = 0; i < S_COUNT; i++) begin
            if (!s_axi_rvalid[i])
                assert ({s_axi_rid[i*ID_WIDTH +: ID_WIDTH], s_axi_rdata[i*DATA_WIDTH +: DATA_WIDTH],
                         s_axi_rresp[i*2 +: 2], s_axi_rlast[i]} == '0);
            if (!s_axi_bvalid[i])
                assert ({s_axi_bid[i*ID_WIDTH +: ID_WIDTH], s_axi_bresp[i*2 +: 2]} == '0);
        end
    end
`ifdef FORMAL_HYPERCONNECT_W
    // task `w` (bounded): whatever the accelerators do on W (VALID dropped before READY, data or strobes
    // changed while waiting, beats without AW), the memory port's W keeps VALID until WREADY with its
    // data, strobes and WLAST stable (issue 15: the W path was a chain of gates from the accelerator)
    always_ff @(posedge aclk) if (f_live) begin
        if ($past(m_axi_wvalid && !m_axi_wready))
            assert (m_axi_wvalid && $stable({m_axi_wdata, m_axi_wstrb, m_axi_wlast}));
    end
`endif
`endif
endmodule
