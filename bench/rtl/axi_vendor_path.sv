// SPDX-License-Identifier: Apache-2.0
// axi_vendor_path — simulation model of the vendor's way of attaching an accelerator to memory in paper
// 002 (Sec. 3–4: the accelerator's PLB master wrapper, the PLB, the DDR controller's PLB slave wrapper),
// the baseline FastLane is compared with (issue 18). AXI-to-AXI: accelerator side s_axi, memory side
// m_axi. What it keeps of the PLB: bursts of at most MAX_BEATS (16) words, one transaction in flight
// (reads and writes alike, in arrival order, a read first when both come in one cycle), and a fixed
// overhead per transaction — cfg_rd_overhead / cfg_wr_overhead cycles between taking a request and
// presenting it to the memory (the wrappers' and the bus's arbitration and protocol cycles). The overheads
// are CALIBRATED, not derived: chosen so that on the `ddr200_64` DRAM model a master with the bus to itself
// reaches the paper's 25 % of the read and 33 % of the write bandwidth ("just 25 % of the theoretically
// available read bandwidth and 33 % when writing", Sec. 7); tests/axi_vendor_path finds them.
//
// Latency (cycles): AR/AW taken -> presented downstream: 1 + the overhead (the request waits in a
//   register); R, W, B pass through (0 cycles, combinational: the accelerator side sees the memory's
//   timing). Throughput: one transaction at a time.
// Parameters: ADDR_WIDTH, DATA_WIDTH, ID_WIDTH, MAX_BEATS (1..256, 16 for the PLB); runtime inputs
//   cfg_rd_overhead, cfg_wr_overhead (cycles).
// Assumes: the accelerator issues bursts of at most MAX_BEATS (a longer one is reported with $error and
//   passed on as it is: the vendor path has no splitter); W after its AW. Simulation only.
module axi_vendor_path #(
    parameter int ADDR_WIDTH  = 32,
    parameter int DATA_WIDTH  = 64,
    parameter int ID_WIDTH    = 4,
    parameter int MAX_BEATS   = 16,
    localparam int NB = DATA_WIDTH / 8
) (
    input  logic                  aclk,
    input  logic                  aresetn,
    input  logic [15:0]           cfg_rd_overhead,   // cycles per read before it reaches the memory
    input  logic [15:0]           cfg_wr_overhead,   // ... per write
    input  logic [ID_WIDTH-1:0]   s_axi_arid,
    input  logic [ADDR_WIDTH-1:0] s_axi_araddr,
    input  logic [7:0]            s_axi_arlen,
    input  logic [2:0]            s_axi_arsize,
    input  logic [1:0]            s_axi_arburst,
    input  logic                  s_axi_arvalid,
    output logic                  s_axi_arready,
    output logic [ID_WIDTH-1:0]   s_axi_rid,
    output logic [DATA_WIDTH-1:0] s_axi_rdata,
    output logic [1:0]            s_axi_rresp,
    output logic                  s_axi_rlast,
    output logic                  s_axi_rvalid,
    input  logic                  s_axi_rready,
    input  logic [ID_WIDTH-1:0]   s_axi_awid,
    input  logic [ADDR_WIDTH-1:0] s_axi_awaddr,
    input  logic [7:0]            s_axi_awlen,
    input  logic [2:0]            s_axi_awsize,
    input  logic [1:0]            s_axi_awburst,
    input  logic                  s_axi_awvalid,
    output logic                  s_axi_awready,
    input  logic [DATA_WIDTH-1:0] s_axi_wdata,
    input  logic [NB-1:0]         s_axi_wstrb,
    input  logic                  s_axi_wlast,
    input  logic                  s_axi_wvalid,
    output logic                  s_axi_wready,
    output logic [ID_WIDTH-1:0]   s_axi_bid,
    output logic [1:0]            s_axi_bresp,
    output logic                  s_axi_bvalid,
    input  logic                  s_axi_bready,
    output logic [ID_WIDTH-1:0]   m_axi_arid,
    output logic [ADDR_WIDTH-1:0] m_axi_araddr,
    output logic [7:0]            m_axi_arlen,
    output logic [2:0]            m_axi_arsize,
    output logic [1:0]            m_axi_arburst,
    output logic                  m_axi_arvalid,
    input  logic                  m_axi_arready,
    input  logic [ID_WIDTH-1:0]   m_axi_rid,
    input  logic [DATA_WIDTH-1:0] m_axi_rdata,
    input  logic [1:0]            m_axi_rresp,
    input  logic                  m_axi_rlast,
    input  logic                  m_axi_rvalid,
    output logic                  m_axi_rready,
    output logic [ID_WIDTH-1:0]   m_axi_awid,
    output logic [ADDR_WIDTH-1:0] m_axi_awaddr,
    output logic [7:0]            m_axi_awlen,
    output logic [2:0]            m_axi_awsize,
    output logic [1:0]            m_axi_awburst,
    output logic                  m_axi_awvalid,
    input  logic                  m_axi_awready,
    output logic [DATA_WIDTH-1:0] m_axi_wdata,
    output logic [NB-1:0]         m_axi_wstrb,
    output logic                  m_axi_wlast,
    output logic                  m_axi_wvalid,
    input  logic                  m_axi_wready,
    input  logic [ID_WIDTH-1:0]   m_axi_bid,
    input  logic [1:0]            m_axi_bresp,
    input  logic                  m_axi_bvalid,
    output logic                  m_axi_bready
);
    initial begin
        if (MAX_BEATS < 1 || MAX_BEATS > 256) $fatal(1, "axi_vendor_path: MAX_BEATS must be 1..256 (got %0d)", MAX_BEATS);
    end
    typedef enum logic [2:0] {IDLE, RD_WAIT, RD, WR_WAIT, WR} state_t;
    state_t state;
    int     wait_left;
    logic   w_open;                                  // the write in flight still takes W beats (until WLAST)
    // one request at a time: taken in IDLE, held in the m_axi registers until the memory takes it, its
    // response passed through until the last R beat / the B
    assign s_axi_arready = state == IDLE;
    assign s_axi_awready = state == IDLE && !s_axi_arvalid;
    always_ff @(posedge aclk) begin
        if (!aresetn) begin
            state <= IDLE; wait_left <= 0; m_axi_arvalid <= 1'b0; m_axi_awvalid <= 1'b0; w_open <= 1'b0;
            {m_axi_arid, m_axi_araddr, m_axi_arlen, m_axi_arsize, m_axi_arburst} <= '0;
            {m_axi_awid, m_axi_awaddr, m_axi_awlen, m_axi_awsize, m_axi_awburst} <= '0;
        end else begin
            case (state)
                IDLE: if (s_axi_arvalid) begin
                    if (32'(s_axi_arlen) + 1 > MAX_BEATS)
                        $error("axi_vendor_path: a read of %0d beats, over the path's %0d", s_axi_arlen + 1, MAX_BEATS);
                    {m_axi_arid, m_axi_araddr, m_axi_arlen, m_axi_arsize, m_axi_arburst} <=
                        {s_axi_arid, s_axi_araddr, s_axi_arlen, s_axi_arsize, s_axi_arburst};
                    state     <= RD_WAIT;
                    wait_left <= int'(cfg_rd_overhead);
                end else if (s_axi_awvalid) begin
                    if (32'(s_axi_awlen) + 1 > MAX_BEATS)
                        $error("axi_vendor_path: a write of %0d beats, over the path's %0d", s_axi_awlen + 1, MAX_BEATS);
                    {m_axi_awid, m_axi_awaddr, m_axi_awlen, m_axi_awsize, m_axi_awburst} <=
                        {s_axi_awid, s_axi_awaddr, s_axi_awlen, s_axi_awsize, s_axi_awburst};
                    state     <= WR_WAIT;
                    wait_left <= int'(cfg_wr_overhead);
                    w_open    <= 1'b1;
                end
                RD_WAIT: if (wait_left == 0) begin
                    m_axi_arvalid <= 1'b1;
                    state         <= RD;
                end else begin
                    wait_left <= wait_left - 1;
                end
                RD: begin
                    if (m_axi_arvalid && m_axi_arready) m_axi_arvalid <= 1'b0;
                    if (m_axi_rvalid && m_axi_rready && m_axi_rlast) state <= IDLE;
                end
                WR_WAIT: if (wait_left == 0) begin
                    m_axi_awvalid <= 1'b1;
                    state         <= WR;
                end else begin
                    wait_left <= wait_left - 1;
                end
                WR: begin
                    if (m_axi_awvalid && m_axi_awready) m_axi_awvalid <= 1'b0;
                    if (m_axi_wvalid && m_axi_wready && m_axi_wlast) w_open <= 1'b0;
                    if (m_axi_bvalid && m_axi_bready) state <= IDLE;
                end
                default: state <= IDLE;
            endcase
        end
    end
    // data and responses pass through while their transaction is the one in flight
    assign {s_axi_rid, s_axi_rdata, s_axi_rresp, s_axi_rlast} = {m_axi_rid, m_axi_rdata, m_axi_rresp, m_axi_rlast};
    assign s_axi_rvalid = m_axi_rvalid && state == RD;
    assign m_axi_rready = s_axi_rready && state == RD;
    assign {m_axi_wdata, m_axi_wstrb, m_axi_wlast} = {s_axi_wdata, s_axi_wstrb, s_axi_wlast};
    // (only the beats of the write in flight: the next burst's first beat, presented early, waits here —
    // not on the memory side, which would see a VALID withdrawn when the state moves on)
    assign m_axi_wvalid = s_axi_wvalid && state == WR && w_open;
    assign s_axi_wready = m_axi_wready && state == WR && w_open;
    assign {s_axi_bid, s_axi_bresp} = {m_axi_bid, m_axi_bresp};
    assign s_axi_bvalid = m_axi_bvalid && state == WR;
    assign m_axi_bready = s_axi_bready && state == WR;
endmodule
