// axi_traffic_gen — DMA-like AXI4 traffic generator for benches and the demo (simulation use; it is
// synthesizable but not a product).
//
// On `start` it moves cfg_total_bytes from cfg_start_addr, reading (cfg_write = 0) or writing
// (cfg_write = 1), in full-width INCR bursts of cfg_burst_len beats (shortened at 4 KB boundaries and at
// the end), with at most cfg_max_outstanding bursts in flight. Address requests go out back to back when
// allowed; R/B are always accepted; W beats are sent one per cycle in AW order with data =
// hc_bench_pkg::pattern(address) per byte (see axi_mem_model). It counts data beats and records the cycle of `start`,
// of its first data beat and of its completion (`done` rises then, and stays until the next start).
// Parameters: ADDR_WIDTH, DATA_WIDTH, ID_WIDTH, ID (the AxID it uses)
/* verilator lint_off BLKSEQ */
module axi_traffic_gen #(
    parameter int ADDR_WIDTH = 32,
    parameter int DATA_WIDTH = 64,
    parameter int ID_WIDTH   = 4,
    parameter int ID         = 0,
    localparam int NB        = DATA_WIDTH / 8,
    localparam int SZ        = $clog2(NB)
) (
    input  logic                  aclk,
    input  logic                  aresetn,
    input  logic                  start,
    input  logic                  cfg_write,
    input  logic [31:0]           cfg_total_bytes,
    input  logic [8:0]            cfg_burst_len,
    input  logic [7:0]            cfg_max_outstanding,
    input  logic [ADDR_WIDTH-1:0] cfg_start_addr,
    output logic                  busy,
    output logic                  done,
    output logic [31:0]           beats,
    output logic [63:0]           start_cycle,
    output logic [63:0]           first_beat_cycle,
    output logic [63:0]           done_cycle,
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
    output logic                  m_axi_bready,
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
    output logic                  m_axi_rready
);
    logic [63:0]           cycle;
    logic [31:0]           issued_bytes;
    logic [15:0]           outstanding;
    logic                  write_mode;
    logic [8:0]            w_lens[$];     // beats of each issued write burst, in AW order
    logic [ADDR_WIDTH-1:0] w_addrs[$];
    logic [8:0]            w_beat;

    // next burst: min(burst length, bytes left, bytes to the 4 KB boundary) in full-width beats
    logic [ADDR_WIDTH-1:0] next_addr;
    logic [31:0]           next_beats;
    always_comb begin
        logic [31:0] left, to4k;
        next_addr  = cfg_start_addr + ADDR_WIDTH'(issued_bytes);
        left       = (cfg_total_bytes - issued_bytes) >> SZ;
        to4k       = (32'd4096 - 32'(next_addr[11:0])) >> SZ;
        next_beats = 32'(cfg_burst_len);
        if (left < next_beats) next_beats = left;
        if (to4k < next_beats) next_beats = to4k;
    end

    wire can_issue = busy && issued_bytes < cfg_total_bytes && 32'(outstanding) < 32'(cfg_max_outstanding);
    wire r_fire    = m_axi_rvalid && m_axi_rready;
    wire w_fire    = m_axi_wvalid && m_axi_wready;
    wire b_fire    = m_axi_bvalid && m_axi_bready;

    assign m_axi_arid = ID_WIDTH'(ID);
    assign m_axi_awid = ID_WIDTH'(ID);
    assign m_axi_arsize = 3'(SZ);
    assign m_axi_awsize = 3'(SZ);
    assign m_axi_arburst = 2'b01;
    assign m_axi_awburst = 2'b01;
    assign m_axi_rready = 1'b1;
    assign m_axi_bready = 1'b1;
    assign m_axi_wstrb = '1;

    always_ff @(posedge aclk) begin
        if (!aresetn) begin
            cycle <= 0; busy <= 1'b0; done <= 1'b0; beats <= 0; outstanding = 0; issued_bytes <= 0;
            m_axi_arvalid <= 1'b0; m_axi_awvalid <= 1'b0; m_axi_wvalid <= 1'b0;
            w_lens.delete(); w_addrs.delete(); w_beat = 0;
            start_cycle <= 0; first_beat_cycle <= 0; done_cycle <= 0; write_mode <= 1'b0;
        end else begin
            logic issue;
            cycle <= cycle + 1;
            if (start && !busy) begin
                busy <= 1'b1; done <= 1'b0; beats <= 0; issued_bytes <= 0; outstanding = 0;
                write_mode <= cfg_write; start_cycle <= cycle; first_beat_cycle <= 0;
            end
            // completions
            if (r_fire) begin
                beats <= beats + 1;
                if (beats == 0) first_beat_cycle <= cycle;
                if (m_axi_rlast) outstanding = outstanding - 1;
            end
            if (b_fire) outstanding = outstanding - 1;
            // address requests
            issue = 1'b0;
            if (!write_mode) begin
                if (m_axi_arvalid && m_axi_arready) m_axi_arvalid <= 1'b0;
                if ((!m_axi_arvalid || m_axi_arready) && can_issue) begin
                    m_axi_arvalid <= 1'b1; m_axi_araddr <= next_addr; m_axi_arlen <= 8'(next_beats - 1);
                    issue = 1'b1;
                end
            end else begin
                if (m_axi_awvalid && m_axi_awready) m_axi_awvalid <= 1'b0;
                if ((!m_axi_awvalid || m_axi_awready) && can_issue) begin
                    m_axi_awvalid <= 1'b1; m_axi_awaddr <= next_addr; m_axi_awlen <= 8'(next_beats - 1);
                    w_lens.push_back(9'(next_beats)); w_addrs.push_back(next_addr);
                    issue = 1'b1;
                end
            end
            if (issue) begin
                outstanding = outstanding + 1;
                issued_bytes <= issued_bytes + (next_beats << SZ);
            end
            // write data, one beat per cycle in AW order
            if (w_fire) begin
                beats <= beats + 1;
                if (beats == 0) first_beat_cycle <= cycle;
                if (m_axi_wlast) begin
                    void'(w_lens.pop_front()); void'(w_addrs.pop_front()); w_beat = 0;
                end else w_beat = w_beat + 1;
            end
            if (w_lens.size() > 0) begin
                logic [ADDR_WIDTH-1:0] a;
                a = w_addrs[0] + ADDR_WIDTH'(w_beat) * ADDR_WIDTH'(NB);
                for (int i = 0; i < NB; i++) m_axi_wdata[i*8 +: 8] <= hc_bench_pkg::pattern(64'(a + ADDR_WIDTH'(i)));
                m_axi_wlast  <= (w_beat + 1 == w_lens[0]);
                m_axi_wvalid <= 1'b1;
            end else m_axi_wvalid <= 1'b0;
            // completion
            if (busy && !(start && !busy) && issued_bytes >= cfg_total_bytes && outstanding == 0
                && !issue) begin
                busy <= 1'b0; done <= 1'b1; done_cycle <= cycle;
            end
        end
    end

    /* verilator lint_off UNUSEDSIGNAL */
    wire unused_ok = &{1'b0, m_axi_bid, m_axi_bresp, m_axi_rid, m_axi_rdata, m_axi_rresp};
    /* verilator lint_on UNUSEDSIGNAL */
endmodule
/* verilator lint_on BLKSEQ */
