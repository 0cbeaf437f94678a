// hc_supervisor — the transaction supervisor of one axi_hyperconnect port (paper 001, "TS"): every
// function of the port in its own module, in this order from the accelerator to the crossbar:
//
//   s_axi -> hc_watchdog -> hc_decoupler -> hc_guard -> axi_burst_equalizer -> hc_reservation -> m_axi
//            hc_port_counters observes the handshakes behind the watchdog                  (to axi_exbar)
//
// The watchdog cuts off an accelerator that stalls the interconnect (timeout) or breaks WLAST, and
// completes what it left open; its trip decouples the port, and it lets go only once the flags are
// cleared and the decoupler reports the port drained (cut_off until then). Its W register is the one
// place write data is held: towards the crossbar W is stable whatever the accelerator does.
// Towards the accelerator R and B carry a payload only with their VALID (zero otherwise, also while
// decoupled or cut off).
// Decoupling sits at the accelerator boundary (it drains and isolates the original transactions,
// including those the guard answers itself); the guard keeps requests that break an AXI burst rule
// (SLVERR) or lie outside the address window (DECERR) from going further;
// equalization splits to the nominal length and limits outstanding sub-transactions per direction;
// reservation counts nominal (already split) transactions against the per-period budgets.
// Latency (cycles, input VALID -> output VALID, idle): AR 1 | AW 1 | W 1 | R 0 | B 0 — the equalizer's
//   registered address outputs and the watchdog's W register; decoupler, guard, reservation gates and
//   counters add none.
// Configuration: every cfg_* input is applied at a transaction boundary by the module that uses it
//   (equalizer: per sub-burst; reservation: at the period recharge; decoupler: between requests).
// Parameters: ADDR_WIDTH, DATA_WIDTH, ID_WIDTH (as axi_burst_equalizer), TRACK_DEPTH (1..255).
module hc_supervisor #(
    parameter int ADDR_WIDTH  = 32,
    parameter int DATA_WIDTH  = 64,
    parameter int ID_WIDTH    = 4,
    parameter int TRACK_DEPTH = 16
) (
    input  logic                    aclk,
    input  logic                    aresetn,
    // configuration (from the register block, range-checked)
    input  logic [8:0]              cfg_nominal_len,
    input  logic [8:0]              cfg_rd_max_out,
    input  logic [8:0]              cfg_wr_max_out,
    input  logic                    cfg_res_en,
    input  logic [15:0]             cfg_rd_budget,
    input  logic [15:0]             cfg_wr_budget,
    input  logic                    cfg_decouple,
    input  logic [15:0]             cfg_timeout,       // stall timeout, cycles (0: off)
    input  logic                    fault_active,      // a watchdog FAULT flag of the port is still set
    input  logic                    cfg_win_en,
    input  logic [ADDR_WIDTH-1:12]  cfg_win_base,      // window base and size in bytes, 4 KB-granular
    input  logic [ADDR_WIDTH:12]    cfg_win_size,
    input  logic                    recharge,          // period start, from hc_period
    input  logic                    cnt_clear,
    // status
    output logic                    draining,
    output logic                    decoupled,
    output logic                    cut_off,           // the watchdog holds the port (until flags clear and drained)
    output logic                    rd_budget_spent,
    output logic                    wr_budget_spent,
    output logic                    fault_win_rd,      // pulse: a read outside the window was rejected
    output logic                    fault_win_wr,      // pulse: a write outside the window was rejected
    output logic                    fault_proto_rd,    // pulse: a read breaking an AXI burst rule was rejected
    output logic                    fault_proto_wr,    // pulse: such a write was rejected
    output logic                    fault_w_stall,     // pulses: the watchdog tripped (why)
    output logic                    fault_r_stall,
    output logic                    fault_b_stall,
    output logic                    fault_wlast,
    output logic [255:0]            counters,          // 8 x 32 bits in RDL register order (RD_BYTES_LO first)
    input  logic [ID_WIDTH-1:0]           s_axi_awid,
    input  logic [ADDR_WIDTH-1:0]         s_axi_awaddr,
    input  logic [8-1:0]                  s_axi_awlen,
    input  logic [3-1:0]                  s_axi_awsize,
    input  logic [2-1:0]                  s_axi_awburst,
    input  logic                          s_axi_awlock,
    input  logic [4-1:0]                  s_axi_awcache,
    input  logic [3-1:0]                  s_axi_awprot,
    input  logic [4-1:0]                  s_axi_awqos,
    input  logic                          s_axi_awvalid,
    output logic                          s_axi_awready,
    input  logic [DATA_WIDTH-1:0]         s_axi_wdata,
    input  logic [DATA_WIDTH/8-1:0]       s_axi_wstrb,
    input  logic                          s_axi_wlast,
    input  logic                          s_axi_wvalid,
    output logic                          s_axi_wready,
    output logic [ID_WIDTH-1:0]           s_axi_bid,
    output logic [2-1:0]                  s_axi_bresp,
    output logic                          s_axi_bvalid,
    input  logic                          s_axi_bready,
    input  logic [ID_WIDTH-1:0]           s_axi_arid,
    input  logic [ADDR_WIDTH-1:0]         s_axi_araddr,
    input  logic [8-1:0]                  s_axi_arlen,
    input  logic [3-1:0]                  s_axi_arsize,
    input  logic [2-1:0]                  s_axi_arburst,
    input  logic                          s_axi_arlock,
    input  logic [4-1:0]                  s_axi_arcache,
    input  logic [3-1:0]                  s_axi_arprot,
    input  logic [4-1:0]                  s_axi_arqos,
    input  logic                          s_axi_arvalid,
    output logic                          s_axi_arready,
    output logic [ID_WIDTH-1:0]           s_axi_rid,
    output logic [DATA_WIDTH-1:0]         s_axi_rdata,
    output logic [2-1:0]                  s_axi_rresp,
    output logic                          s_axi_rlast,
    output logic                          s_axi_rvalid,
    input  logic                          s_axi_rready,
    output logic [ID_WIDTH-1:0]           m_axi_awid,
    output logic [ADDR_WIDTH-1:0]         m_axi_awaddr,
    output logic [8-1:0]                  m_axi_awlen,
    output logic [3-1:0]                  m_axi_awsize,
    output logic [2-1:0]                  m_axi_awburst,
    output logic                          m_axi_awlock,
    output logic [4-1:0]                  m_axi_awcache,
    output logic [3-1:0]                  m_axi_awprot,
    output logic [4-1:0]                  m_axi_awqos,
    output logic                          m_axi_awvalid,
    input  logic                          m_axi_awready,
    output logic [DATA_WIDTH-1:0]         m_axi_wdata,
    output logic [DATA_WIDTH/8-1:0]       m_axi_wstrb,
    output logic                          m_axi_wlast,
    output logic                          m_axi_wvalid,
    input  logic                          m_axi_wready,
    input  logic [ID_WIDTH-1:0]           m_axi_bid,
    input  logic [2-1:0]                  m_axi_bresp,
    input  logic                          m_axi_bvalid,
    output logic                          m_axi_bready,
    output logic [ID_WIDTH-1:0]           m_axi_arid,
    output logic [ADDR_WIDTH-1:0]         m_axi_araddr,
    output logic [8-1:0]                  m_axi_arlen,
    output logic [3-1:0]                  m_axi_arsize,
    output logic [2-1:0]                  m_axi_arburst,
    output logic                          m_axi_arlock,
    output logic [4-1:0]                  m_axi_arcache,
    output logic [3-1:0]                  m_axi_arprot,
    output logic [4-1:0]                  m_axi_arqos,
    output logic                          m_axi_arvalid,
    input  logic                          m_axi_arready,
    input  logic [ID_WIDTH-1:0]           m_axi_rid,
    input  logic [DATA_WIDTH-1:0]         m_axi_rdata,
    input  logic [2-1:0]                  m_axi_rresp,
    input  logic                          m_axi_rlast,
    input  logic                          m_axi_rvalid,
    output logic                          m_axi_rready
);
    initial begin
        if (TRACK_DEPTH < 1 || TRACK_DEPTH > 255)
            $fatal(1, "hc_supervisor: TRACK_DEPTH must be 1..255 (got %0d)", TRACK_DEPTH);
    end

    // decoupler -> equalizer
    logic [ID_WIDTH-1:0] d_awid;
    logic [ADDR_WIDTH-1:0] d_awaddr;
    logic [8-1:0] d_awlen;
    logic [3-1:0] d_awsize;
    logic [2-1:0] d_awburst;
    logic d_awlock;
    logic [4-1:0] d_awcache;
    logic [3-1:0] d_awprot;
    logic [4-1:0] d_awqos;
    logic d_awvalid;
    logic d_awready;
    logic [DATA_WIDTH-1:0] d_wdata;
    logic [DATA_WIDTH/8-1:0] d_wstrb;
    logic d_wlast;
    logic d_wvalid;
    logic d_wready;
    logic [ID_WIDTH-1:0] d_bid;
    logic [2-1:0] d_bresp;
    logic d_bvalid;
    logic d_bready;
    logic [ID_WIDTH-1:0] d_arid;
    logic [ADDR_WIDTH-1:0] d_araddr;
    logic [8-1:0] d_arlen;
    logic [3-1:0] d_arsize;
    logic [2-1:0] d_arburst;
    logic d_arlock;
    logic [4-1:0] d_arcache;
    logic [3-1:0] d_arprot;
    logic [4-1:0] d_arqos;
    logic d_arvalid;
    logic d_arready;
    logic [ID_WIDTH-1:0] d_rid;
    logic [DATA_WIDTH-1:0] d_rdata;
    logic [2-1:0] d_rresp;
    logic d_rlast;
    logic d_rvalid;
    logic d_rready;
    // guard -> equalizer: the payloads come straight from the decoupler, the guard owns the handshakes
    // and the responses
    logic g_awvalid, g_awready, g_wvalid, g_wready, g_bvalid, g_bready;
    logic g_arvalid, g_arready, g_rlast, g_rvalid, g_rready;
    logic [ID_WIDTH-1:0] g_bid, g_rid;
    logic [2-1:0] g_bresp, g_rresp;
    logic [DATA_WIDTH-1:0] g_rdata;
    // equalizer -> reservation gates
    logic [ID_WIDTH-1:0] e_awid;
    logic [ADDR_WIDTH-1:0] e_awaddr;
    logic [8-1:0] e_awlen;
    logic [3-1:0] e_awsize;
    logic [2-1:0] e_awburst;
    logic e_awlock;
    logic [4-1:0] e_awcache;
    logic [3-1:0] e_awprot;
    logic [4-1:0] e_awqos;
    logic e_awvalid;
    logic e_awready;
    logic [DATA_WIDTH-1:0] e_wdata;
    logic [DATA_WIDTH/8-1:0] e_wstrb;
    logic e_wlast;
    logic e_wvalid;
    logic e_wready;
    logic [ID_WIDTH-1:0] e_bid;
    logic [2-1:0] e_bresp;
    logic e_bvalid;
    logic e_bready;
    logic [ID_WIDTH-1:0] e_arid;
    logic [ADDR_WIDTH-1:0] e_araddr;
    logic [8-1:0] e_arlen;
    logic [3-1:0] e_arsize;
    logic [2-1:0] e_arburst;
    logic e_arlock;
    logic [4-1:0] e_arcache;
    logic [3-1:0] e_arprot;
    logic [4-1:0] e_arqos;
    logic e_arvalid;
    logic e_arready;
    logic [ID_WIDTH-1:0] e_rid;
    logic [DATA_WIDTH-1:0] e_rdata;
    logic [2-1:0] e_rresp;
    logic e_rlast;
    logic e_rvalid;
    logic e_rready;

    // ---- stall protection and WLAST check (accelerator boundary)
    logic w_arvalid, w_arready, w_awvalid, w_awready, w_wlast, w_wvalid, w_wready;
    logic w_bvalid, w_bready, w_rvalid, w_rready;
    logic tripped;                                  // the watchdog holds the port cut off: decouple
    logic [DATA_WIDTH-1:0] w_wdata;
    logic [DATA_WIDTH/8-1:0] w_wstrb;
    hc_watchdog #(.DATA_WIDTH(DATA_WIDTH)) u_watchdog (
        .aclk, .aresetn, .cfg_timeout, .fault_active, .drained(decoupled), .tripped, .fault_w_stall,
        .fault_r_stall, .fault_b_stall,
        .fault_wlast,
        .s_axi_awlen, .s_axi_awvalid, .s_axi_awready, .s_axi_wdata, .s_axi_wstrb,
        .s_axi_wlast, .s_axi_wvalid, .s_axi_wready, .s_axi_bvalid, .s_axi_bready, .s_axi_arvalid, .s_axi_arready,
        .s_axi_rvalid, .s_axi_rready,
        .m_axi_awvalid(w_awvalid), .m_axi_awready(w_awready), .m_axi_wdata(w_wdata), .m_axi_wstrb(w_wstrb),
        .m_axi_wlast(w_wlast), .m_axi_wvalid(w_wvalid), .m_axi_wready(w_wready), .m_axi_bvalid(w_bvalid),
        .m_axi_bready(w_bready), .m_axi_arvalid(w_arvalid), .m_axi_arready(w_arready), .m_axi_rvalid(w_rvalid),
        .m_axi_rready(w_rready)
    );

    assign cut_off = tripped;

    // ---- responses towards the accelerator: their payload only with their VALID (zero otherwise, also
    //      while decoupled or cut off), so nothing of a response not meant for the accelerator — another
    //      port's, or its own that the watchdog drops — is ever on its wires (issue 15)
    logic [ID_WIDTH-1:0] c_rid, c_bid;
    logic [DATA_WIDTH-1:0] c_rdata;
    logic [2-1:0] c_rresp, c_bresp;
    logic c_rlast;
    assign {s_axi_rid, s_axi_rdata, s_axi_rresp, s_axi_rlast} = s_axi_rvalid ? {c_rid, c_rdata, c_rresp, c_rlast} : '0;
    assign {s_axi_bid, s_axi_bresp} = s_axi_bvalid ? {c_bid, c_bresp} : '0;

    // ---- counters (behind the watchdog: responses it drops still complete their requests); AR waits
    // while the read-latency stamp FIFO is full
    logic        ar_room, dec_arready, rd_stall, wr_stall;
    logic [63:0] rd_bytes, wr_bytes;
    logic [31:0] rd_txn, wr_txn, stall_cycles, max_rd_latency;
    wire         w_arvalid_gated = w_arvalid && ar_room;
    assign w_arready = dec_arready && ar_room;

    hc_port_counters #(.DEPTH(TRACK_DEPTH + 2)) u_counters (
        .clk(aclk), .rst_n(aresetn), .clear(cnt_clear),
        .ar_fire(w_arvalid && w_arready), .ar_len(s_axi_arlen), .ar_size(s_axi_arsize),
        .aw_fire(w_awvalid && w_awready), .aw_len(s_axi_awlen), .aw_size(s_axi_awsize),
        .r_last_fire(w_rvalid && w_rready && c_rlast), .stall(rd_stall || wr_stall),
        .ar_room, .rd_bytes, .wr_bytes, .rd_txn, .wr_txn, .stall_cycles, .max_rd_latency
    );
    assign counters = {max_rd_latency, stall_cycles, wr_txn, rd_txn, wr_bytes, rd_bytes};

    // ---- decoupling
    hc_decoupler #(.ADDR_WIDTH(ADDR_WIDTH), .DATA_WIDTH(DATA_WIDTH), .ID_WIDTH(ID_WIDTH)) u_decoupler (
        .aclk, .aresetn, .cfg_decouple(cfg_decouple || tripped), .draining, .decoupled,
        .s_axi_awid(s_axi_awid), .s_axi_awaddr(s_axi_awaddr), .s_axi_awlen(s_axi_awlen),
        .s_axi_awsize(s_axi_awsize), .s_axi_awburst(s_axi_awburst), .s_axi_awlock(s_axi_awlock),
        .s_axi_awcache(s_axi_awcache), .s_axi_awprot(s_axi_awprot), .s_axi_awqos(s_axi_awqos),
        .s_axi_awvalid(w_awvalid), .s_axi_awready(w_awready), .s_axi_wdata(w_wdata),
        .s_axi_wstrb(w_wstrb), .s_axi_wlast(w_wlast), .s_axi_wvalid(w_wvalid),
        .s_axi_wready(w_wready), .s_axi_bid(c_bid), .s_axi_bresp(c_bresp),
        .s_axi_bvalid(w_bvalid), .s_axi_bready(w_bready), .s_axi_arid(s_axi_arid),
        .s_axi_araddr(s_axi_araddr), .s_axi_arlen(s_axi_arlen), .s_axi_arsize(s_axi_arsize),
        .s_axi_arburst(s_axi_arburst), .s_axi_arlock(s_axi_arlock), .s_axi_arcache(s_axi_arcache),
        .s_axi_arprot(s_axi_arprot), .s_axi_arqos(s_axi_arqos), .s_axi_arvalid(w_arvalid_gated),
        .s_axi_arready(dec_arready), .s_axi_rid(c_rid), .s_axi_rdata(c_rdata),
        .s_axi_rresp(c_rresp), .s_axi_rlast(c_rlast), .s_axi_rvalid(w_rvalid),
        .s_axi_rready(w_rready),
        .m_axi_awid(d_awid), .m_axi_awaddr(d_awaddr), .m_axi_awlen(d_awlen), .m_axi_awsize(d_awsize),
        .m_axi_awburst(d_awburst), .m_axi_awlock(d_awlock), .m_axi_awcache(d_awcache), .m_axi_awprot(d_awprot),
        .m_axi_awqos(d_awqos), .m_axi_awvalid(d_awvalid), .m_axi_awready(d_awready), .m_axi_wdata(d_wdata),
        .m_axi_wstrb(d_wstrb), .m_axi_wlast(d_wlast), .m_axi_wvalid(d_wvalid), .m_axi_wready(d_wready),
        .m_axi_bid(d_bid), .m_axi_bresp(d_bresp), .m_axi_bvalid(d_bvalid), .m_axi_bready(d_bready),
        .m_axi_arid(d_arid), .m_axi_araddr(d_araddr), .m_axi_arlen(d_arlen), .m_axi_arsize(d_arsize),
        .m_axi_arburst(d_arburst), .m_axi_arlock(d_arlock), .m_axi_arcache(d_arcache), .m_axi_arprot(d_arprot),
        .m_axi_arqos(d_arqos), .m_axi_arvalid(d_arvalid), .m_axi_arready(d_arready), .m_axi_rid(d_rid),
        .m_axi_rdata(d_rdata), .m_axi_rresp(d_rresp), .m_axi_rlast(d_rlast), .m_axi_rvalid(d_rvalid),
        .m_axi_rready(d_rready)
    );

    // ---- address window
    hc_guard #(.ADDR_WIDTH(ADDR_WIDTH), .DATA_WIDTH(DATA_WIDTH), .ID_WIDTH(ID_WIDTH)) u_guard (
        .aclk, .aresetn, .cfg_win_en, .cfg_win_base, .cfg_win_size, .fault_win_rd, .fault_win_wr,
        .fault_proto_rd, .fault_proto_wr,
        .s_axi_awid(d_awid), .s_axi_awaddr(d_awaddr), .s_axi_awlen(d_awlen), .s_axi_awsize(d_awsize),
        .s_axi_awburst(d_awburst), .s_axi_awvalid(d_awvalid), .s_axi_awready(d_awready), .s_axi_wlast(d_wlast),
        .s_axi_wvalid(d_wvalid), .s_axi_wready(d_wready), .s_axi_bid(d_bid), .s_axi_bresp(d_bresp),
        .s_axi_bvalid(d_bvalid), .s_axi_bready(d_bready), .s_axi_arid(d_arid), .s_axi_araddr(d_araddr),
        .s_axi_arlen(d_arlen), .s_axi_arsize(d_arsize), .s_axi_arburst(d_arburst), .s_axi_arvalid(d_arvalid),
        .s_axi_arready(d_arready), .s_axi_rid(d_rid), .s_axi_rdata(d_rdata), .s_axi_rresp(d_rresp),
        .s_axi_rlast(d_rlast), .s_axi_rvalid(d_rvalid), .s_axi_rready(d_rready),
        .m_axi_awvalid(g_awvalid), .m_axi_awready(g_awready), .m_axi_wvalid(g_wvalid), .m_axi_wready(g_wready),
        .m_axi_bid(g_bid), .m_axi_bresp(g_bresp), .m_axi_bvalid(g_bvalid), .m_axi_bready(g_bready),
        .m_axi_arvalid(g_arvalid), .m_axi_arready(g_arready), .m_axi_rid(g_rid), .m_axi_rdata(g_rdata),
        .m_axi_rresp(g_rresp), .m_axi_rlast(g_rlast), .m_axi_rvalid(g_rvalid), .m_axi_rready(g_rready)
    );

    // ---- equalization
    axi_burst_equalizer #(.ADDR_WIDTH(ADDR_WIDTH), .DATA_WIDTH(DATA_WIDTH), .ID_WIDTH(ID_WIDTH),
                          .TRACK_DEPTH(TRACK_DEPTH), .REGISTER_READY(1'b1)) u_equalizer (
        .aclk, .aresetn, .cfg_nominal_len, .cfg_max_rd_outstanding(cfg_rd_max_out),
        .cfg_max_wr_outstanding(cfg_wr_max_out),
        .s_axi_awid(d_awid), .s_axi_awaddr(d_awaddr), .s_axi_awlen(d_awlen), .s_axi_awsize(d_awsize),
        .s_axi_awburst(d_awburst), .s_axi_awlock(d_awlock), .s_axi_awcache(d_awcache), .s_axi_awprot(d_awprot),
        .s_axi_awqos(d_awqos), .s_axi_awvalid(g_awvalid), .s_axi_awready(g_awready), .s_axi_wdata(d_wdata),
        .s_axi_wstrb(d_wstrb), .s_axi_wlast(d_wlast), .s_axi_wvalid(g_wvalid), .s_axi_wready(g_wready),
        .s_axi_bid(g_bid), .s_axi_bresp(g_bresp), .s_axi_bvalid(g_bvalid), .s_axi_bready(g_bready),
        .s_axi_arid(d_arid), .s_axi_araddr(d_araddr), .s_axi_arlen(d_arlen), .s_axi_arsize(d_arsize),
        .s_axi_arburst(d_arburst), .s_axi_arlock(d_arlock), .s_axi_arcache(d_arcache), .s_axi_arprot(d_arprot),
        .s_axi_arqos(d_arqos), .s_axi_arvalid(g_arvalid), .s_axi_arready(g_arready), .s_axi_rid(g_rid),
        .s_axi_rdata(g_rdata), .s_axi_rresp(g_rresp), .s_axi_rlast(g_rlast), .s_axi_rvalid(g_rvalid),
        .s_axi_rready(g_rready),
        .m_axi_awid(e_awid), .m_axi_awaddr(e_awaddr), .m_axi_awlen(e_awlen), .m_axi_awsize(e_awsize),
        .m_axi_awburst(e_awburst), .m_axi_awlock(e_awlock), .m_axi_awcache(e_awcache), .m_axi_awprot(e_awprot),
        .m_axi_awqos(e_awqos), .m_axi_awvalid(e_awvalid), .m_axi_awready(e_awready), .m_axi_wdata(e_wdata),
        .m_axi_wstrb(e_wstrb), .m_axi_wlast(e_wlast), .m_axi_wvalid(e_wvalid), .m_axi_wready(e_wready),
        .m_axi_bid(e_bid), .m_axi_bresp(e_bresp), .m_axi_bvalid(e_bvalid), .m_axi_bready(e_bready),
        .m_axi_arid(e_arid), .m_axi_araddr(e_araddr), .m_axi_arlen(e_arlen), .m_axi_arsize(e_arsize),
        .m_axi_arburst(e_arburst), .m_axi_arlock(e_arlock), .m_axi_arcache(e_arcache), .m_axi_arprot(e_arprot),
        .m_axi_arqos(e_arqos), .m_axi_arvalid(e_arvalid), .m_axi_arready(e_arready), .m_axi_rid(e_rid),
        .m_axi_rdata(e_rdata), .m_axi_rresp(e_rresp), .m_axi_rlast(e_rlast), .m_axi_rvalid(e_rvalid),
        .m_axi_rready(e_rready)
    );

    // ---- reservation: one budget gate per address channel, recharged by the central period unit
    hc_reservation u_res_ar (
        .clk(aclk), .rst_n(aresetn), .recharge, .cfg_enable(cfg_res_en), .cfg_budget(cfg_rd_budget),
        .in_valid(e_arvalid), .in_ready(e_arready), .out_valid(m_axi_arvalid), .out_ready(m_axi_arready),
        .budget_spent(rd_budget_spent), .stall(rd_stall)
    );
    hc_reservation u_res_aw (
        .clk(aclk), .rst_n(aresetn), .recharge, .cfg_enable(cfg_res_en), .cfg_budget(cfg_wr_budget),
        .in_valid(e_awvalid), .in_ready(e_awready), .out_valid(m_axi_awvalid), .out_ready(m_axi_awready),
        .budget_spent(wr_budget_spent), .stall(wr_stall)
    );
    assign m_axi_awid = e_awid;
    assign m_axi_awaddr = e_awaddr;
    assign m_axi_awlen = e_awlen;
    assign m_axi_awsize = e_awsize;
    assign m_axi_awburst = e_awburst;
    assign m_axi_awlock = e_awlock;
    assign m_axi_awcache = e_awcache;
    assign m_axi_awprot = e_awprot;
    assign m_axi_awqos = e_awqos;
    assign m_axi_wdata = e_wdata;
    assign m_axi_wstrb = e_wstrb;
    assign m_axi_wlast = e_wlast;
    assign m_axi_wvalid = e_wvalid;
    assign e_wready = m_axi_wready;
    assign e_bid = m_axi_bid;
    assign e_bresp = m_axi_bresp;
    assign e_bvalid = m_axi_bvalid;
    assign m_axi_bready = e_bready;
    assign m_axi_arid = e_arid;
    assign m_axi_araddr = e_araddr;
    assign m_axi_arlen = e_arlen;
    assign m_axi_arsize = e_arsize;
    assign m_axi_arburst = e_arburst;
    assign m_axi_arlock = e_arlock;
    assign m_axi_arcache = e_arcache;
    assign m_axi_arprot = e_arprot;
    assign m_axi_arqos = e_arqos;
    assign e_rid = m_axi_rid;
    assign e_rdata = m_axi_rdata;
    assign e_rresp = m_axi_rresp;
    assign e_rlast = m_axi_rlast;
    assign e_rvalid = m_axi_rvalid;
    assign m_axi_rready = e_rready;

`ifdef FORMAL_SUPERVISOR
    // Properties of the composed port (tests/formal/hc_supervisor.sby, bounded). Only the two boundaries
    // are assumed — the submodules' own proofs (`ifdef FORMAL) assume their neighbours, so they are not
    // read here: this checks that the chain watchdog -> decoupler -> guard -> equalizer -> reservation
    // keeps the promises at the port's edges whatever the configuration does (every cfg_* input, the
    // decouple request, the window, the timeout, fault_active and the period are free every cycle).
    // Environment: the memory keeps the AXI handshake rules and answers the issued sub-bursts in order
    // (RLAST on beat ARLEN + 1, one B after a sub-burst's address and data). The accelerator keeps the
    // rules if f_compliant (a constant the solver picks; otherwise it may do anything).
    // Checked: towards the memory, AR/AW and W (data, strobes, WLAST) held and stable until taken
    // whatever the accelerator does (including a watchdog trip); only legal bursts (no 4 KB crossing
    // counted from the size-aligned start, AxSIZE within the bus, no reserved AxBURST); write data only
    // for issued sub-bursts with WLAST on each one's last beat and the AWs
    // in the same order and lengths. Towards the accelerator, in every cycle: no R/B payload without its
    // VALID. Towards a compliant accelerator, until the watchdog first trips (it then drops responses by
    // design): R/B held and stable until taken, every R beat for an accepted read with RLAST exactly on
    // the burst's last beat, a B only for a write whose address and data were accepted — whether the
    // memory, the guard (SLVERR/DECERR) or the decoupler answers.
    localparam int FQ = 8;                           // shadow queue depth (environment kept below it)
    localparam int MAX_SIZE = $clog2(DATA_WIDTH / 8);
    // end of an INCR burst within its 4 KB page: from the start address aligned to AxSIZE (a legal one-beat
    // read at 0xFFC with AxSIZE 3 ends at 0x1000; the unaligned start would put it past the page)
    function automatic logic [12:0] f_page_end(input logic [11:0] addr, input logic [7:0] len, input logic [2:0] size);
        return 13'(addr & (12'hFFF << size)) + ((13'(len) + 13'd1) << size);
    endfunction
    logic f_past, f_live, f_tripped = 1'b0;
    hc_formal_reset u_f_reset (.clk(aclk), .rst_n(aresetn), .f_past, .f_live);
    logic f_compliant;                               // no initial value: the solver picks it, once per run
    always_ff @(posedge aclk) begin
        f_compliant <= f_compliant;
        f_tripped   <= aresetn && (f_tripped || tripped);
    end

    // shadow queues (hc_formal_bursts): reads accepted from the accelerator (ARLEN), its writes (AWLEN,
    // data incomplete), sub-bursts issued to the memory (reads: ARLEN; writes: cut by the equalizer, data
    // incomplete / AW not yet issued), counts of writes owed a B on each side
    wire s_ar = s_axi_arvalid && s_axi_arready, s_r = s_axi_rvalid && s_axi_rready;
    wire s_aw = s_axi_awvalid && s_axi_awready, s_w = s_axi_wvalid && s_axi_wready;
    wire s_b  = s_axi_bvalid && s_axi_bready;
    wire m_ar = m_axi_arvalid && m_axi_arready, m_r = m_axi_rvalid && m_axi_rready;
    wire m_aw = m_axi_awvalid && m_axi_awready, m_w = m_axi_wvalid && m_axi_wready;
    wire m_b  = m_axi_bvalid && m_axi_bready;
    wire cut  = u_equalizer.aw_push;                 // the equalizer cuts a write sub-burst
    logic [3:0] f_sr_n, f_sw_n, f_mr_n, f_mw_n, f_ma_n;
    logic [7:0] f_sr_len_unused, f_sw_len_unused, f_mr_len_unused, f_mw_len_unused, f_ma_len;
    logic f_sr_last, f_sw_last, f_mr_last, f_mw_last, f_ma_last_unused;
    wire s_w_end = s_w && f_sw_n != '0 && f_sw_last;
    hc_formal_bursts #(.FQ(FQ)) u_f_sr (
        .aclk, .aresetn, .push(s_ar), .push_data(s_axi_arlen), .beat(s_r), .pop(s_r && f_sr_last),
        .n(f_sr_n), .head(f_sr_len_unused), .at_last(f_sr_last));
    hc_formal_bursts #(.FQ(FQ)) u_f_sw (
        .aclk, .aresetn, .push(s_aw), .push_data(s_axi_awlen), .beat(s_w), .pop(s_w_end),
        .n(f_sw_n), .head(f_sw_len_unused), .at_last(f_sw_last));
    hc_formal_bursts #(.FQ(FQ)) u_f_mr (
        .aclk, .aresetn, .push(m_ar), .push_data(m_axi_arlen), .beat(m_r), .pop(m_r && m_axi_rlast),
        .n(f_mr_n), .head(f_mr_len_unused), .at_last(f_mr_last));
    hc_formal_bursts #(.FQ(FQ)) u_f_mw (
        .aclk, .aresetn, .push(cut), .push_data(u_equalizer.aw_len_in), .beat(m_w), .pop(m_w && f_mw_last),
        .n(f_mw_n), .head(f_mw_len_unused), .at_last(f_mw_last));
    hc_formal_bursts #(.FQ(FQ)) u_f_ma (
        .aclk, .aresetn, .push(cut), .push_data(u_equalizer.aw_len_in), .beat(m_aw), .pop(m_aw),
        .n(f_ma_n), .head(f_ma_len), .at_last(f_ma_last_unused));
    logic [4:0] f_mb_owed, f_mb_aw, f_sb_aw, f_sb_data;
    always_ff @(posedge aclk) begin
        if (!aresetn) begin
            f_mb_owed <= '0; f_mb_aw <= '0; f_sb_aw <= '0; f_sb_data <= '0;
        end else begin
            f_sb_aw   <= f_sb_aw + 5'(s_aw) - 5'(s_b);
            f_sb_data <= f_sb_data + 5'(s_w_end) - 5'(s_b);
            f_mb_owed <= f_mb_owed + 5'(m_w && m_axi_wlast) - 5'(m_b);
            f_mb_aw   <= f_mb_aw + 5'(m_aw) - 5'(m_b);
        end
    end

    always_ff @(posedge aclk) if (f_live) begin
        // environment: the memory keeps VALID and payload until READY; so does a compliant accelerator
        if ($past(m_axi_rvalid && !m_axi_rready))
            assume (m_axi_rvalid && $stable({m_axi_rid, m_axi_rdata, m_axi_rresp, m_axi_rlast}));
        if ($past(m_axi_bvalid && !m_axi_bready)) assume (m_axi_bvalid && $stable({m_axi_bid, m_axi_bresp}));
        if (f_compliant && $past(s_axi_arvalid && !s_axi_arready))
            assume (s_axi_arvalid && $stable({s_axi_arid, s_axi_araddr, s_axi_arlen, s_axi_arsize, s_axi_arburst}));
        if (f_compliant && $past(s_axi_awvalid && !s_axi_awready))
            assume (s_axi_awvalid && $stable({s_axi_awid, s_axi_awaddr, s_axi_awlen, s_axi_awsize, s_axi_awburst}));
        if (f_compliant && $past(s_axi_wvalid && !s_axi_wready))
            assume (s_axi_wvalid && $stable({s_axi_wdata, s_axi_wstrb, s_axi_wlast}));
        // towards the memory: address channels and W whatever the accelerator does
        if ($past(m_axi_arvalid && !m_axi_arready))
            assert (m_axi_arvalid && $stable({m_axi_arid, m_axi_araddr, m_axi_arlen, m_axi_arsize, m_axi_arburst}));
        if ($past(m_axi_awvalid && !m_axi_awready))
            assert (m_axi_awvalid && $stable({m_axi_awid, m_axi_awaddr, m_axi_awlen, m_axi_awsize, m_axi_awburst}));
        if ($past(m_axi_wvalid && !m_axi_wready))
            assert (m_axi_wvalid && $stable({m_axi_wdata, m_axi_wstrb, m_axi_wlast}));
        // towards a compliant accelerator, until the watchdog trips
        if (f_compliant && !f_tripped && !tripped && $past(s_axi_rvalid && !s_axi_rready))
            assert (s_axi_rvalid && $stable({s_axi_rid, s_axi_rdata, s_axi_rresp, s_axi_rlast}));
        if (f_compliant && !f_tripped && !tripped && $past(s_axi_bvalid && !s_axi_bready))
            assert (s_axi_bvalid && $stable({s_axi_bid, s_axi_bresp}));
    end
    always_comb if (aresetn && f_past) begin
        assume (f_sr_n < 4'(FQ - 1) && f_sw_n < 4'(FQ - 1) && f_mr_n < 4'(FQ - 1) && f_mw_n < 4'(FQ - 1)
                && f_ma_n < 4'(FQ - 1));
        // bounded search: bursts of up to 4 beats, nominal lengths 1..2 (0 is taken as 1)
        assume (s_axi_arlen < 8'd4 && s_axi_awlen < 8'd4 && cfg_nominal_len <= 9'd2);
        // the memory answers issued sub-bursts in order, a B only after a sub-burst's address and data
        if (m_axi_rvalid) assume (f_mr_n != '0 && m_axi_rlast == f_mr_last);
        if (m_axi_bvalid) assume (f_mb_owed != '0 && f_mb_aw != '0);
        // a compliant accelerator puts WLAST on its burst's last beat (once the burst's AW is taken)
        if (f_compliant && s_axi_wvalid && f_sw_n != '0) assume (s_axi_wlast == f_sw_last);
        // towards the memory: legal bursts only; W for cut sub-bursts, WLAST on their last beats, AWs in
        // the same order and lengths
        if (m_axi_arvalid) assert (m_axi_arburst != 2'b11 && 32'(m_axi_arsize) <= MAX_SIZE &&
            (m_axi_arburst != 2'b01 || f_page_end(m_axi_araddr[11:0], m_axi_arlen, m_axi_arsize) <= 13'h1000));
        if (m_axi_awvalid) assert (m_axi_awburst != 2'b11 && 32'(m_axi_awsize) <= MAX_SIZE &&
            (m_axi_awburst != 2'b01 || f_page_end(m_axi_awaddr[11:0], m_axi_awlen, m_axi_awsize) <= 13'h1000));
        if (m_axi_wvalid) assert (f_mw_n != '0 && m_axi_wlast == f_mw_last);
        // towards the accelerator: no response payload without its VALID, in any state (issue 15)
        if (!s_axi_rvalid) assert ({s_axi_rid, s_axi_rdata, s_axi_rresp, s_axi_rlast} == '0);
        if (!s_axi_bvalid) assert ({s_axi_bid, s_axi_bresp} == '0);
        if (m_axi_awvalid) assert (f_ma_n != '0 && m_axi_awlen == f_ma_len);
        // towards a compliant accelerator: R only for accepted reads, RLAST on the burst's last beat; B only
        // for a write whose address and data were accepted
        if (f_compliant && !f_tripped && !tripped) begin
            if (s_axi_rvalid) assert (f_sr_n != '0 && s_axi_rlast == f_sr_last);
            if (s_axi_bvalid) assert (f_sb_aw != '0 && f_sb_data != '0);
        end
    end
`endif
endmodule
