// SPDX-License-Identifier: Apache-2.0
// axi_hyperconnect — N accelerator ports to one memory port with per-port transaction supervisors,
// strict-priority/round-robin arbitration and run-time control over AXI4-Lite (paper 001, HyperConnect;
// priority classes from paper 002 section 5).
//
//   s_axi port i -> hc_supervisor i (hc_watchdog -> hc_efifo AR/AW with the guard's verdict -> hc_decoupler
//                   -> hc_guard -> axi_burst_equalizer with hc_reservation AR/AW gating its issue -> hc_efifo
//                   W; R/B back through hc_efifo R/B; hc_port_counters) -> axi_exbar (class priority,
//                   round-robin per class with a registered choice, global limit G) -> m_axi
//   s_axil -> hc_regs_axil (decode, range checks, SLVERR for absent ports, registered answer) -> hc_regs
//             (global registers) or the port's own hc_port_regs (PeakRDL blocks from rdl/hyperconnect.rdl),
//             beside it hc_window_hi (the window's upper words, only as wide as ADDR_WIDTH needs)
//   hc_period: the central unit recharging every port's budgets in the same cycle
//   hc_counter_bank: every port's byte, transaction and stall counters in one LUT-RAM with one adder
//             (each port keeps its pending sums; the port blocks read the counters as external registers)
//
// Latency (cycles, input VALID -> output VALID, idle, every function enabled):
//   AR 4 | AW 4 | W 2 | R 2 | B 2          default cut setting (REQ_DEPTH 4, WDATA_DEPTH 4, RESP_DEPTH 4)
//   AR 2 | AW 2 | W 0 | R 0 | B 0          minimum-latency setting (REQ_DEPTH, WDATA_DEPTH, RESP_DEPTH 0)
//   AR/AW: 1 in the port's request buffer (hc_efifo, the paper's input eFIFO; READY to the accelerator
//   from a flip-flop) + 1 in the splitter's "cur" register (the split arithmetic starts from flops) + 1
//   in the equalizer's sub-burst buffer (4 entries, with a registered "another one behind" flag), which
//   the crossbar arbitrates (the reservation budget gates the equalizer's issue, so nothing lies between a
//   port's registers and the crossbar) + 1 in the crossbar's registered arbitration choice (made only of a
//   head that is still there when presented and only with room for it, so m_axi_arvalid/awvalid are the
//   choice's flop; the chosen head drives m_axi through the N:1 mux). W: 1 in the watchdog's W register (so the port's W holds whatever the accelerator does) + 1 in
//   the port's write-data buffer, then routed by AW grant order (minimum-latency setting: the W register is
//   fall-through, 0 cycles, and a beat the memory side does not take at once is held there). R/B: 1 in the crossbar's skid buffer (READY
//   to the memory from a flop), routed by ID from its registers, then 1 in the port's response buffer (the
//   memory side's chain ends there).
// Throughput: one address request per cycle per channel, one data beat per cycle, no bubble between
//   bursts of different ports.
// QoS: every request leaves with its port's class's AxQOS from QOS_MAP (reset 0, 4, 8, 15 for classes 0..3;
//   the accelerators' own AxQOS is not passed on); class 3, the top class, is not held back by G (issue 18).
// IDs: each port's sub-bursts leave on ID {port, 0} and its responses return with the master's own IDs,
//   in request order, so a master that uses several IDs keeps its outstanding limit in flight.
// Isolation: a port's R/B payload is zero in every cycle its VALID is low (proven, `ifdef
//   FORMAL_HYPERCONNECT below); a port cut off by its watchdog re-couples only once its flags are cleared
//   and everything it had outstanding has completed (STATUS.cut_off).
//
// Parameters: S_COUNT (1..16 ports), ADDR_WIDTH (12..64), DATA_WIDTH (8..1024, power of two),
//   ID_WIDTH (1..32, per accelerator port), TRACK_DEPTH (4..255: sub-transactions trackable per port and
//   direction, the upper bound of the outstanding limits), W_ROUTE_DEPTH (1..1023: write grants queued behind the
//   current W burst's),
//   REQ_DEPTH (AR/AW cut point: requests buffered per port and channel at the accelerator boundary,
//   2..64 in LUT-RAM with READY from a flip-flop, default 4; 0 bypasses the buffer and the split stage:
//   AR/AW latency 2, at a lower Fmax), RESP_DEPTH (R/B cut point: responses buffered per port and channel,
//   2..64 in LUT-RAM, default 4, with the crossbar's R/B skid buffers; 0 bypasses both: R/B latency 0), WDATA_DEPTH (W cut point: write beats
//   buffered per port before the crossbar, 2..64 in LUT-RAM, the head's WLAST in a flip-flop, default
//   4; 0 bypasses: W latency 0),
//   M_ID_WIDTH (derived: ID_WIDTH + clog2(S_COUNT); the memory port's ID carries {port, 0}; do not
//   override).
// Register map: rdl/hyperconnect.rdl (docs/hyperconnect.md): global registers, then one 128-byte block per
//   port; rtl/gen/ holds the generated blocks (hc_regs: global, hc_port_regs: one port, instantiated
//   S_COUNT times). An address of a port this instance does not have is answered SLVERR. Out-of-range
//   writes (nominal length 0 or > 256, outstanding limit 0 or > TRACK_DEPTH, period 0, G 0, or a write
//   of part of such a field) leave the field unchanged and set a sticky error flag; the write's other
//   fields apply. AXI4-Lite: BVALID 4 cycles after the later of the AW/W handshakes (3 for the global
//   registers, 1 for a write answered SLVERR without reaching a block: absent port, a port's counters),
//   RVALID 5 after the AR handshake (6 for MAX_RD_LATENCY, 10 for the counters in hc_counter_bank, 11
//   for a BYTES_HI word), READY from flops (hc_regs_axil).
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
    parameter int REQ_DEPTH     = 4,
    parameter int RESP_DEPTH    = 4,
    parameter int WDATA_DEPTH   = 4,
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
    initial begin
        if (S_COUNT < 1 || S_COUNT > 16)
            $fatal(1, "axi_hyperconnect: S_COUNT must be 1..16 (got %0d)", S_COUNT);
        if (ADDR_WIDTH < 13 || ADDR_WIDTH > 64)
            $fatal(1, "axi_hyperconnect: ADDR_WIDTH must be 13..64 (got %0d)", ADDR_WIDTH);
        if (TRACK_DEPTH < 4 || TRACK_DEPTH > 255)
            $fatal(1, "axi_hyperconnect: TRACK_DEPTH must be 4..255 (got %0d)", TRACK_DEPTH);
        if (REQ_DEPTH == 1 || REQ_DEPTH < 0 || REQ_DEPTH > 64)
            $fatal(1, "axi_hyperconnect: REQ_DEPTH must be 0 or 2..64 (got %0d)", REQ_DEPTH);
        if (RESP_DEPTH == 1 || RESP_DEPTH < 0 || RESP_DEPTH > 64)
            $fatal(1, "axi_hyperconnect: RESP_DEPTH must be 0 or 2..64 (got %0d)", RESP_DEPTH);
        if (WDATA_DEPTH == 1 || WDATA_DEPTH < 0 || WDATA_DEPTH > 64)
            $fatal(1, "axi_hyperconnect: WDATA_DEPTH must be 0 or 2..64 (got %0d)", WDATA_DEPTH);
        if (M_ID_WIDTH != ID_WIDTH + PORT_W)
            $fatal(1, "axi_hyperconnect: M_ID_WIDTH must be ID_WIDTH + clog2(S_COUNT) = %0d (got %0d)",
                   ID_WIDTH + PORT_W, M_ID_WIDTH);
    end

    // ------------------------------------------------------------------ register blocks
    // s_axil -> hc_regs_axil (decode, range checks, SLVERR for absent ports) -> hc_regs (global) or the
    // addressed port's hc_port_regs (one per port, in g_port below)
    logic                 locked;
    logic                 req_is_wr, g_req, g_stall_wr, g_stall_rd, g_rd_ack, g_rd_err, g_wr_ack, g_wr_err;
    logic [7:0]           req_addr;                    // (the counter bank takes the word, 4:2)
    /* verilator lint_off UNUSEDSIGNAL */
    wire                  unused_req_addr = &{1'b0, req_addr[7:5], req_addr[1:0]};
    /* verilator lint_on UNUSEDSIGNAL */
    logic                 g_req_is_wr;                 // the blocks' own copies of the request (hc_regs_axil)
    logic [7:0]           g_req_addr;
    logic [S_COUNT-1:0]   p_req_is_wr;
    logic [S_COUNT*7-1:0] p_req_addr;
    logic [31:0]          req_wr_data, req_wr_biten, g_rd_data;
    logic [S_COUNT-1:0]   p_req, p_stall, p_rd_ack, p_rd_err, p_wr_ack, p_wr_err;
    logic [S_COUNT*32-1:0] p_rd_data;
    logic                 period_err, glimit_err;
    logic [S_COUNT-1:0]   nominal_err, limit_err;

    hc_regs_axil #(.N_PORTS(S_COUNT), .TRACK_DEPTH(TRACK_DEPTH)) u_axil (
        .clk(aclk), .rst_n(aresetn),
        .s_axil_awvalid, .s_axil_awready, .s_axil_awaddr, .s_axil_awprot, .s_axil_wvalid, .s_axil_wready,
        .s_axil_wdata, .s_axil_wstrb, .s_axil_bvalid, .s_axil_bready, .s_axil_bresp, .s_axil_arvalid,
        .s_axil_arready, .s_axil_araddr, .s_axil_arprot, .s_axil_rvalid, .s_axil_rready, .s_axil_rdata,
        .s_axil_rresp, .locked,
        .req_is_wr, .req_addr, .req_wr_data, .req_wr_biten,
        .g_req, .g_req_is_wr, .g_req_addr, .g_stall(req_is_wr ? g_stall_wr : g_stall_rd), .g_rd_ack, .g_rd_err, .g_rd_data, .g_wr_ack,
        .g_wr_err, .p_req, .p_req_is_wr, .p_req_addr, .p_stall, .p_rd_ack, .p_rd_err, .p_rd_data, .p_wr_ack, .p_wr_err,
        .period_err, .glimit_err, .nominal_err, .limit_err
    );

    hc_regs_pkg::hyperconnect__in_t  g_in;
    hc_regs_pkg::hyperconnect__out_t g_out;
    hc_regs u_regs (
        .clk(aclk), .rst_n(aresetn),
        // only 0x000..0x0FF reaches it (hc_regs_axil decodes the rest): with bits 11:8 zero, the generated
        // range compares for the PORT[] external region are constant, so its decode and read-back shrink
        // to the eight global registers (issue 17: they were on the critical path)
        .s_cpuif_req(g_req), .s_cpuif_req_is_wr(g_req_is_wr), .s_cpuif_addr({4'h0, g_req_addr}),
        .s_cpuif_wr_data(req_wr_data), .s_cpuif_wr_biten(req_wr_biten), .s_cpuif_req_stall_wr(g_stall_wr),
        .s_cpuif_req_stall_rd(g_stall_rd), .s_cpuif_rd_ack(g_rd_ack), .s_cpuif_rd_err(g_rd_err),
        .s_cpuif_rd_data(g_rd_data), .s_cpuif_wr_ack(g_wr_ack), .s_cpuif_wr_err(g_wr_err),
        .hwif_in(g_in), .hwif_out(g_out)
    );
    always_comb begin
        g_in.BUILD.n_ports.next         = 5'(S_COUNT);
        g_in.BUILD.data_bytes_log2.next = 3'($clog2(STRB_WIDTH));
        g_in.BUILD.track_depth.next     = 8'(TRACK_DEPTH);
        g_in.PERIOD.cycles.swwel        = locked;            // LOCK freezes the configuration
        g_in.GLOBAL_LIMIT.g.swwel       = locked;
        g_in.QOS_MAP.class0.swwel       = locked;
        g_in.QOS_MAP.class1.swwel       = locked;
        g_in.QOS_MAP.class2.swwel       = locked;
        g_in.QOS_MAP.class3.swwel       = locked;
        g_in.GLOBAL_ERR.period_range.hwset = period_err;
        g_in.GLOBAL_ERR.g_range.hwset      = glimit_err;
        for (int i = 0; i < 16; i++) begin                     // port addresses never reach hc_regs
            g_in.PORT[i].rd_ack  = 1'b0;
            g_in.PORT[i].rd_data = '0;
            g_in.PORT[i].wr_ack  = 1'b0;
        end
    end
    assign locked = g_out.LOCK.locked.value;
    wire        clear_all = g_out.CTRL.clear_counters.value;
    wire [31:0] period    = g_out.PERIOD.cycles.value;
    wire [7:0]  glimit    = g_out.GLOBAL_LIMIT.g.value;
    /* verilator lint_off UNUSEDSIGNAL */
    wire unused_g = &{1'b0, g_out.PORT[0].req};             // (every PORT[i] output is unused alike)
    /* verilator lint_on UNUSEDSIGNAL */

    // window size in 4 KB pages; sizes of 2**ADDR_WIDTH bytes or more cover the whole address space
    function automatic logic [ADDR_WIDTH:12] win_pages_clamped(input logic [63:0] size);
        if (ADDR_WIDTH < 64 && (size >> ADDR_WIDTH) != 64'd0) return (ADDR_WIDTH - 11)'(1) << (ADDR_WIDTH - 12);
        return (ADDR_WIDTH - 11)'(size >> 12);
    endfunction

    // ------------------------------------------------------------------ central period unit
    // (every port's reservations register their own reload from recharge_next: the same cycle, and the
    // central flop's fanout across the die is not in front of the ports' reservation logic)
    logic        recharge_unused, recharge_next;
    logic [32:0] now;              // one cycle count for every port's latency stamps
    hc_period u_period (.clk(aclk), .rst_n(aresetn), .cfg_period(period), .recharge(recharge_unused),
                        .recharge_next, .now);

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
    logic [S_COUNT-1:0] x_armore, x_awmore;       // another sub-burst behind the port's head (REQ_DEPTH > 0)
    logic [S_COUNT-1:0] x_arready;
    logic [S_COUNT*ID_WIDTH-1:0] x_rid;
    logic [S_COUNT*DATA_WIDTH-1:0] x_rdata;
    logic [S_COUNT*2-1:0] x_rresp;
    logic [S_COUNT-1:0] x_rlast;
    logic [S_COUNT-1:0] x_rvalid;
    logic [S_COUNT-1:0] x_rready;

    logic [S_COUNT*2-1:0] prio;
    logic [S_COUNT*4-1:0] irq_pending;

    // ------------------------------------------------------------------ counter bank
    // every port's byte, transaction and stall counters; a port block's read of one of them (external
    // registers in the RDL) is the bank's request, answered 5 cycles later (6 for a BYTES_HI word; hc_counter_bank)
    localparam int CNT_PW = hc_axi_pkg::cnt_pend_bits(S_COUNT);
    localparam int CNT_PI = S_COUNT > 1 ? $clog2(S_COUNT) : 1;
    logic [S_COUNT-1:0]        cnt_clear, cnt_req;
    logic [S_COUNT*5-1:0]      cnt_take;
    logic [S_COUNT*CNT_PW-1:0] cnt_pend;
    logic [CNT_PI-1:0]         cnt_req_port, bank_ack_port;
    logic                      bank_ack;
    logic [31:0]               bank_data;
    always_comb begin
        cnt_req_port = '0;
        for (int i = 0; i < S_COUNT; i++) if (cnt_req[i]) cnt_req_port = CNT_PI'(i);
    end
    hc_counter_bank #(.PORTS(S_COUNT)) u_counter_bank (
        .clk(aclk), .rst_n(aresetn), .clear(cnt_clear), .pend(cnt_pend), .take(cnt_take),
        .cpu_req(|cnt_req), .cpu_port(cnt_req_port), .cpu_word(req_addr[4:2]),
        .cpu_ack(bank_ack), .cpu_ack_port(bank_ack_port), .cpu_data(bank_data)
    );

    for (genvar i = 0; i < S_COUNT; i++) begin : g_port
        // this port's register block
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
        assign cnt_clear[i] = clear_all || r_out.CNT_CTRL.clear.value;
        // the file's words 0..6 are the bank's; word 7 (MAX_RD_LATENCY) is answered here a cycle after the
        // request, from the port's own register. Which of the two a read is comes from the port's own copy
        // of the kind and offset, registered while hc_regs_axil holds them a cycle ahead of the request
        // (PREP), so the bank's request is the block's request AND a flop — the block's decode (r_out.CNT.req,
        // the same request) is not in front of it (issue 17: the decode -> the bank's request mux, 6 LUT
        // levels, the deepest path of the control side at 4 ports)
        logic cnt_sel_q, lat_sel_q;
        always_ff @(posedge aclk) begin
            cnt_sel_q <= !p_req_is_wr[i] && p_req_addr[i*7 + 5 +: 2] == 2'b01 && p_req_addr[i*7 + 2 +: 3] != 3'd7;
            lat_sel_q <= !p_req_is_wr[i] && p_req_addr[i*7 + 5 +: 2] == 2'b01 && p_req_addr[i*7 + 2 +: 3] == 3'd7;
        end
        assign cnt_req[i] = p_req[i] && cnt_sel_q;
        logic lat_ack_q;
        always_ff @(posedge aclk) lat_ack_q <= aresetn && p_req[i] && lat_sel_q;
`ifndef SYNTHESIS
        // (the same request as the block's own decode)
        always_ff @(posedge aclk)
            if (aresetn && (r_out.CNT.req && !r_out.CNT.req_is_wr) != (p_req[i] && (cnt_sel_q || lat_sel_q)))
                $error("axi_hyperconnect: port %0d's counter read request differs from its block's decode", i);
`endif
        /* verilator lint_off UNUSEDSIGNAL */
        wire unused_cnt = &{1'b0, r_out.CNT.addr, r_out.CNT.wr_data, r_out.CNT.wr_biten};   // (req_addr is the same)
        /* verilator lint_on UNUSEDSIGNAL */

        logic [7:0]  fault_set;                      // FAULT bits, hyperconnect.regs.FAULTS order: the
        logic [3:0]  guard_fault, wd_fault;          // guard's and the watchdog's pulses, registered
        logic [3:0]  irq_set;                        // {fault, budget_spent, error, decoupled}
        logic        draining, decoupled, rd_spent, wr_spent, cut_off, fault_active;
        logic [31:0] max_rd_latency;
        logic [31:0] win_base_hi, win_size_hi;
        logic [3:0]  win_hi_ack;                     // {size wr, size rd, base wr, base rd}
        hc_window_hi #(.ADDR_WIDTH(ADDR_WIDTH)) u_win_hi (
            .clk(aclk), .rst_n(aresetn), .locked, .base_req(r_out.WIN_BASE_HI.req), .size_req(r_out.WIN_SIZE_HI.req),
            .req_is_wr(r_out.WIN_BASE_HI.req_is_wr), .wr_data(r_out.WIN_BASE_HI.wr_data.value),
            .wr_biten(r_out.WIN_BASE_HI.wr_biten.value), .base_rd_ack(win_hi_ack[0]), .base_wr_ack(win_hi_ack[1]),
            .size_rd_ack(win_hi_ack[2]), .size_wr_ack(win_hi_ack[3]), .base_hi(win_base_hi), .size_hi(win_size_hi)
        );
        /* verilator lint_off UNUSEDSIGNAL */
        wire unused_win_hi = &{1'b0, r_out.WIN_SIZE_HI.req_is_wr, r_out.WIN_SIZE_HI.wr_data, r_out.WIN_SIZE_HI.wr_biten};   // (the same as WIN_BASE_HI's)
        /* verilator lint_on UNUSEDSIGNAL */
        always_comb begin
            r_in.STATUS.draining.next        = draining;
            r_in.STATUS.decoupled.next       = decoupled;
            r_in.STATUS.rd_budget_spent.next = rd_spent;
            r_in.STATUS.wr_budget_spent.next = wr_spent;
            r_in.STATUS.cut_off.next         = cut_off;
            r_in.ERR.nominal_range.hwset     = nominal_err[i];
            r_in.ERR.limit_range.hwset       = limit_err[i];
            r_in.IRQ_STATUS.decoupled.hwset    = irq_set[0];
            r_in.IRQ_STATUS.error.hwset        = irq_set[1];
            r_in.IRQ_STATUS.budget_spent.hwset = irq_set[2];
            r_in.IRQ_STATUS.fault.hwset        = irq_set[3];
            r_in.FAULT.win_rd.hwset   = fault_set[0];
            r_in.FAULT.win_wr.hwset   = fault_set[1];
            r_in.FAULT.proto_rd.hwset = fault_set[2];
            r_in.FAULT.proto_wr.hwset = fault_set[3];
            r_in.FAULT.w_stall.hwset  = fault_set[4];
            r_in.FAULT.r_stall.hwset  = fault_set[5];
            r_in.FAULT.b_stall.hwset  = fault_set[6];
            r_in.FAULT.wlast.hwset    = fault_set[7];
            // the counters (one external register file: its reads go to the bank, MAX_RD_LATENCY's to
            // lat_ack_q; hc_regs_axil answers writes to it itself, so a write never comes — were one to, it
            // is acknowledged and ignored, never left hanging)
            r_in.CNT.rd_ack  = (bank_ack && 32'(bank_ack_port) == i) || lat_ack_q;
            r_in.CNT.rd_data = lat_ack_q ? max_rd_latency : bank_data;
            r_in.CNT.wr_ack  = r_out.CNT.req && r_out.CNT.req_is_wr;
            // the window's upper words (external: stored only as wide as ADDR_WIDTH needs)
            r_in.WIN_BASE_HI.rd_ack        = win_hi_ack[0];
            r_in.WIN_BASE_HI.wr_ack        = win_hi_ack[1];
            r_in.WIN_BASE_HI.rd_data.value = win_base_hi;
            r_in.WIN_SIZE_HI.rd_ack        = win_hi_ack[2];
            r_in.WIN_SIZE_HI.wr_ack        = win_hi_ack[3];
            r_in.WIN_SIZE_HI.rd_data.value = win_size_hi;
            r_in.INFO.index.next = 4'(i);
            // LOCK freezes every configuration field (swwel = true in the RDL)
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
        assign prio[i*2 +: 2] = r_out.CFG.prio.value;
        // (a watchdog pulse on its way into FAULT counts: the trip holds from its first cycle)
        assign fault_active   = r_out.FAULT.w_stall.value || r_out.FAULT.r_stall.value ||
                                r_out.FAULT.b_stall.value || r_out.FAULT.wlast.value || |fault_set[7:4];
        wire [63:0] win_base = {win_base_hi, r_out.WIN_BASE_LO.value.value, 12'h0};
        wire [63:0] win_size = {win_size_hi, r_out.WIN_SIZE_LO.value.value, 12'h0};
        assign irq_pending[i*4 +: 4] = {r_out.IRQ_STATUS.fault.value, r_out.IRQ_STATUS.budget_spent.value,
                                        r_out.IRQ_STATUS.error.value, r_out.IRQ_STATUS.decoupled.value} &
                                       {r_out.IRQ_EN.fault.value, r_out.IRQ_EN.budget_spent.value,
                                        r_out.IRQ_EN.error.value, r_out.IRQ_EN.decoupled.value};

        hc_supervisor #(.ADDR_WIDTH(ADDR_WIDTH), .DATA_WIDTH(DATA_WIDTH), .ID_WIDTH(ID_WIDTH),
                        .TRACK_DEPTH(TRACK_DEPTH), .REQ_DEPTH(REQ_DEPTH), .RESP_DEPTH(RESP_DEPTH),
                        .WDATA_DEPTH(WDATA_DEPTH), .CNT_PORTS(S_COUNT)) u_supervisor (
            .aclk, .aresetn,
            .cfg_nominal_len(r_out.CFG.nominal_len.value), .cfg_rd_max_out({1'b0, r_out.LIMITS.rd_max_out.value}),
            .cfg_wr_max_out({1'b0, r_out.LIMITS.wr_max_out.value}), .cfg_res_en(r_out.CFG.res_en.value),
            .cfg_rd_budget(r_out.BUDGET.rd_budget.value), .cfg_wr_budget(r_out.BUDGET.wr_budget.value),
            .cfg_decouple(r_out.CFG.decouple.value), .cfg_win_en(r_out.CFG.win_en.value),
            .cfg_win_base(win_base[12 +: ADDR_WIDTH - 12]), .cfg_win_size(win_pages_clamped(win_size)),
            .fault_win_rd(guard_fault[0]), .fault_win_wr(guard_fault[1]),
            .fault_proto_rd(guard_fault[2]), .fault_proto_wr(guard_fault[3]),
            .cfg_timeout(r_out.TIMEOUT.cycles.value), .fault_active,
            .fault_w_stall(wd_fault[0]), .fault_r_stall(wd_fault[1]),
            .fault_b_stall(wd_fault[2]), .fault_wlast(wd_fault[3]),
            .recharge_next, .now, .cnt_clear(cnt_clear[i]),
            .draining, .decoupled, .cut_off, .rd_budget_spent(rd_spent), .wr_budget_spent(wr_spent),
            .cnt_take(cnt_take[i*5 +: 5]), .cnt_pend(cnt_pend[i*CNT_PW +: CNT_PW]), .max_rd_latency,
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
            .m_axi_awmore(x_awmore[i]),
            .m_axi_awready(x_awready[i]), .m_axi_wdata(x_wdata[i*DATA_WIDTH +: DATA_WIDTH]),
            .m_axi_wstrb(x_wstrb[i*STRB_WIDTH +: STRB_WIDTH]), .m_axi_wlast(x_wlast[i]),
            .m_axi_wvalid(x_wvalid[i]), .m_axi_wready(x_wready[i]), .m_axi_bid(x_bid[i*ID_WIDTH +: ID_WIDTH]),
            .m_axi_bresp(x_bresp[i*2 +: 2]), .m_axi_bvalid(x_bvalid[i]), .m_axi_bready(x_bready[i]),
            .m_axi_arid(x_arid[i*ID_WIDTH +: ID_WIDTH]), .m_axi_araddr(x_araddr[i*ADDR_WIDTH +: ADDR_WIDTH]),
            .m_axi_arlen(x_arlen[i*8 +: 8]), .m_axi_arsize(x_arsize[i*3 +: 3]),
            .m_axi_arburst(x_arburst[i*2 +: 2]), .m_axi_arlock(x_arlock[i]), .m_axi_arcache(x_arcache[i*4 +: 4]),
            .m_axi_arprot(x_arprot[i*3 +: 3]), .m_axi_arqos(x_arqos[i*4 +: 4]), .m_axi_arvalid(x_arvalid[i]),
            .m_axi_armore(x_armore[i]),
            .m_axi_arready(x_arready[i]), .m_axi_rid(x_rid[i*ID_WIDTH +: ID_WIDTH]),
            .m_axi_rdata(x_rdata[i*DATA_WIDTH +: DATA_WIDTH]), .m_axi_rresp(x_rresp[i*2 +: 2]),
            .m_axi_rlast(x_rlast[i]), .m_axi_rvalid(x_rvalid[i]), .m_axi_rready(x_rready[i])
        );

        /* verilator lint_off UNUSEDSIGNAL */
        wire unused_win = &{1'b0, win_base};   // bits above ADDR_WIDTH are ignored
        /* verilator lint_on UNUSEDSIGNAL */

        // interrupt events: rising edges of decoupled / budget spent, any rejected write of the port, faults.
        // The guard's and the watchdog's fault pulses are registered before they reach the register block
        // (FAULT and IRQ_STATUS one cycle later): the guard's verdict comes from the request handshake deep
        // in the port, the watchdog's from its stall count compared with TIMEOUT and the accelerator's
        // handshakes, and the block sits with the control port (issue 17: the guard's path crossed the
        // die; the watchdog's, TIMEOUT -> its compare's carry chain -> FAULT.r_stall and IRQ_STATUS.fault
        // load enables, was the critical path at one seed). A watchdog pulse in its register counts as a
        // set flag for the trip (fault_active), so the trip holds from its first cycle as before.
        logic was_decoupled, was_spent;
        always_ff @(posedge aclk) begin
            if (!aresetn) begin
                was_decoupled <= 1'b0;
                was_spent     <= 1'b0;
                fault_set     <= '0;
            end else begin
                was_decoupled <= decoupled;
                was_spent     <= rd_spent || wr_spent;
                fault_set     <= {wd_fault, guard_fault};
            end
        end
        assign irq_set = {|fault_set, (rd_spent || wr_spent) && !was_spent, nominal_err[i] || limit_err[i],
                          decoupled && !was_decoupled};
    end

    always_ff @(posedge aclk) begin
        if (!aresetn) irq <= 1'b0;
        else          irq <= |irq_pending;
    end

    // ------------------------------------------------------------------ class -> AxQOS (QOS_MAP)
    // Each port's requests leave with its class's AxQOS (issue 18: a QoS-aware memory controller keeps the
    // top class's priority past the crossbar); the accelerators' own AxQOS is not passed on. One flop per
    // port and channel, from the map and the port's class registers, loaded only while the port presents
    // no request on that channel or its request is taken: a request waiting for READY keeps its AxQOS
    // (AXI), a change applies from the second cycle to the requests presented after it.
    wire  [3:0][3:0]      qos_map = {g_out.QOS_MAP.class3.value, g_out.QOS_MAP.class2.value,
                                     g_out.QOS_MAP.class1.value, g_out.QOS_MAP.class0.value};
    logic [S_COUNT*4-1:0] ar_cls_qos, aw_cls_qos;
    always_ff @(posedge aclk)
        for (int i = 0; i < S_COUNT; i++) begin                                        // (loaded in reset too)
            if (!x_arvalid[i] || x_arready[i]) ar_cls_qos[i*4 +: 4] <= qos_map[prio[i*2 +: 2]];
            if (!x_awvalid[i] || x_awready[i]) aw_cls_qos[i*4 +: 4] <= qos_map[prio[i*2 +: 2]];
        end
    /* verilator lint_off UNUSEDSIGNAL */
    wire unused_qos = &{1'b0, x_awqos, x_arqos};             // (replaced by the class's)
    /* verilator lint_on UNUSEDSIGNAL */

    // ------------------------------------------------------------------ crossbar
    axi_exbar #(.S_COUNT(S_COUNT), .ADDR_WIDTH(ADDR_WIDTH), .DATA_WIDTH(DATA_WIDTH), .ID_WIDTH(ID_WIDTH),
                .W_ROUTE_DEPTH(W_ROUTE_DEPTH), .PRIO_W(2), .RESP_REG(RESP_DEPTH > 0),
                .HEADS_KNOWN(REQ_DEPTH > 0)) u_exbar (
        .aclk, .aresetn, .cfg_prio(prio), .cfg_global_limit({1'b0, glimit}),
        .s_axi_awid(x_awid), .s_axi_awaddr(x_awaddr), .s_axi_awlen(x_awlen), .s_axi_awsize(x_awsize),
        .s_axi_awburst(x_awburst), .s_axi_awlock(x_awlock), .s_axi_awcache(x_awcache), .s_axi_awprot(x_awprot),
        .s_axi_awqos(aw_cls_qos), .s_axi_awvalid(x_awvalid), .s_axi_awmore(x_awmore), .s_axi_awready(x_awready),
        .s_axi_wdata(x_wdata),
        .s_axi_wstrb(x_wstrb), .s_axi_wlast(x_wlast), .s_axi_wvalid(x_wvalid), .s_axi_wready(x_wready),
        .s_axi_bid(x_bid), .s_axi_bresp(x_bresp), .s_axi_bvalid(x_bvalid), .s_axi_bready(x_bready),
        .s_axi_arid(x_arid), .s_axi_araddr(x_araddr), .s_axi_arlen(x_arlen), .s_axi_arsize(x_arsize),
        .s_axi_arburst(x_arburst), .s_axi_arlock(x_arlock), .s_axi_arcache(x_arcache), .s_axi_arprot(x_arprot),
        .s_axi_arqos(ar_cls_qos), .s_axi_arvalid(x_arvalid), .s_axi_armore(x_armore), .s_axi_arready(x_arready),
        .s_axi_rid(x_rid),
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
        // and a request waiting at the memory port keeps its payload, its AxQOS included, whatever the ports
        // and software do (the 8 cycles do not reach a register write during a wait: tests/axi_hyperconnect
        // test_class_qos covers that — QOS_MAP or a class written while a request waited changed its AxQOS)
        if ($past(m_axi_arvalid && !m_axi_arready))
            assert (m_axi_arvalid && $stable({m_axi_arid, m_axi_araddr, m_axi_arlen, m_axi_arsize, m_axi_arburst,
                                              m_axi_arlock, m_axi_arcache, m_axi_arprot, m_axi_arqos}));
        if ($past(m_axi_awvalid && !m_axi_awready))
            assert (m_axi_awvalid && $stable({m_axi_awid, m_axi_awaddr, m_axi_awlen, m_axi_awsize, m_axi_awburst,
                                              m_axi_awlock, m_axi_awcache, m_axi_awprot, m_axi_awqos}));
    end
`endif
`endif
endmodule
