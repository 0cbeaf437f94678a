// SPDX-License-Identifier: Apache-2.0
// axi_traffic_gen — DMA-like AXI4 traffic generator for benches, the demo and `hc sim` (simulation use; it
// is synthesizable but not a product).
//
// On `start` it moves cfg_total_bytes from cfg_start_addr: reading (cfg_write = 0), writing (cfg_write = 1)
// or both at once (cfg_mixed = 1: the first half of the buffer, rounded down to a beat, is read while the
// rest is written). Beats are 2**cfg_size bytes (cfg_size <= log2(DATA_WIDTH / 8); narrow beats use their
// byte lanes only), bursts INCR of cfg_burst_len beats (shortened at 4 KB boundaries and at the end), at
// most cfg_max_outstanding bursts in flight per direction, and each address request is followed by
// cfg_gap idle cycles on its channel (0: back to back; a gap models computation between bursts). R/B
// are always accepted; W beats are sent one per cycle in AW order with data = hc_bench_pkg::pattern(address)
// per byte (see axi_mem_model). It counts data beats of both directions and records the cycle of `start`,
// of its first data beat and of its completion (`done` rises then, and stays until the next start).
// cfg_total_bytes must be a multiple of the beat size. Configuration is sampled at `start`.
// cfg_fault makes it misbehave on purpose (issue 5's fault tests): 1 sends no write data at all after
// its AWs (W stall), 2 holds RREADY low, 3 holds BREADY low, 4 sends WLAST on the first beat of every
// burst (early); such a job never completes.
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
    input  logic                  cfg_mixed,
    input  logic [2:0]            cfg_size,
    input  logic [15:0]           cfg_gap,
    input  logic [2:0]            cfg_fault,
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
    // One engine per direction; a mixed job runs both at once on the two halves of the buffer.
    logic [63:0]           cycle;
    logic [31:0]           rd_total, wr_total;       // bytes of this job per direction
    logic [31:0]           rd_issued, wr_issued;
    logic [15:0]           rd_out, wr_out;           // bursts in flight per direction
    logic [15:0]           rd_wait, wr_wait;         // gap cycles left before the next request
    logic [ADDR_WIDTH-1:0] wr_base;
    logic [2:0]            size;
    logic [2:0]            fault;
    logic [8:0]            w_lens[$];     // beats of each issued write burst, in AW order
    logic [ADDR_WIDTH-1:0] w_addrs[$];
    logic [8:0]            w_beat;

    // next burst of a direction: min(burst length, bytes left, bytes to the 4 KB boundary) in beats
    function automatic logic [31:0] burst_beats(input logic [11:0] offset_4k, input logic [31:0] left_bytes);
        logic [31:0] left, to4k, n;
        left = left_bytes >> size;
        to4k = (32'd4096 - 32'(offset_4k)) >> size;
        n    = 32'(cfg_burst_len);
        if (left < n) n = left;
        if (to4k < n) n = to4k;
        return n;
    endfunction

    logic [ADDR_WIDTH-1:0] rd_addr, wr_addr;
    logic [31:0]           rd_beats, wr_beats;
    always_comb begin
        rd_addr  = cfg_start_addr + ADDR_WIDTH'(rd_issued);
        wr_addr  = wr_base + ADDR_WIDTH'(wr_issued);
        rd_beats = burst_beats(rd_addr[11:0], rd_total - rd_issued);
        wr_beats = burst_beats(wr_addr[11:0], wr_total - wr_issued);
    end

    wire rd_can = busy && rd_issued < rd_total && 32'(rd_out) < 32'(cfg_max_outstanding) && rd_wait == 0;
    wire wr_can = busy && wr_issued < wr_total && 32'(wr_out) < 32'(cfg_max_outstanding) && wr_wait == 0;
    wire r_fire = m_axi_rvalid && m_axi_rready;
    wire w_fire = m_axi_wvalid && m_axi_wready;
    wire b_fire = m_axi_bvalid && m_axi_bready;

    assign m_axi_arid = ID_WIDTH'(ID);
    assign m_axi_awid = ID_WIDTH'(ID);
    assign m_axi_arsize = size;
    assign m_axi_awsize = size;
    assign m_axi_arburst = 2'b01;
    assign m_axi_awburst = 2'b01;
    assign m_axi_rready = fault != 3'd2;
    assign m_axi_bready = fault != 3'd3;

    always_ff @(posedge aclk) begin
        if (!aresetn) begin
            cycle <= 0; busy <= 1'b0; done <= 1'b0; beats <= 0; rd_out = 0; wr_out = 0;
            rd_total <= 0; wr_total <= 0; rd_issued <= 0; wr_issued <= 0; rd_wait <= 0; wr_wait <= 0;
            wr_base <= 0; size <= 3'(SZ); fault <= '0;
            m_axi_arvalid <= 1'b0; m_axi_awvalid <= 1'b0; m_axi_wvalid <= 1'b0; m_axi_wstrb <= '0;
            w_lens.delete(); w_addrs.delete(); w_beat = 0;
            start_cycle <= 0; first_beat_cycle <= 0; done_cycle <= 0;
        end else begin
            logic rd_issue, wr_issue;
            logic [31:0] half;
            cycle <= cycle + 1;
            if (start && !busy) begin
                half = ((cfg_total_bytes >> 1) >> cfg_size) << cfg_size;
                busy <= 1'b1; done <= 1'b0; beats <= 0; rd_issued <= 0; wr_issued <= 0; rd_out = 0; wr_out = 0;
                rd_wait <= 0; wr_wait <= 0; size <= cfg_size; start_cycle <= cycle; first_beat_cycle <= 0;
                fault <= cfg_fault;
                rd_total <= cfg_mixed ? half : (cfg_write ? 32'd0 : cfg_total_bytes);
                wr_total <= cfg_mixed ? cfg_total_bytes - half : (cfg_write ? cfg_total_bytes : 32'd0);
                wr_base  <= cfg_start_addr + (cfg_mixed ? ADDR_WIDTH'(half) : '0);
            end
            // completions
            if (r_fire) begin
                beats <= beats + 1;
                if (beats == 0) first_beat_cycle <= cycle;
                if (m_axi_rlast) rd_out = rd_out - 1;
            end
            if (b_fire) wr_out = wr_out - 1;
            if (rd_wait != 0) rd_wait <= rd_wait - 1;
            if (wr_wait != 0) wr_wait <= wr_wait - 1;
            // address requests, each followed by cfg_gap idle cycles
            rd_issue = 1'b0;
            wr_issue = 1'b0;
            if (m_axi_arvalid && m_axi_arready) m_axi_arvalid <= 1'b0;
            if ((!m_axi_arvalid || m_axi_arready) && rd_can) begin
                m_axi_arvalid <= 1'b1; m_axi_araddr <= rd_addr; m_axi_arlen <= 8'(rd_beats - 1);
                rd_issue = 1'b1;
                rd_out = rd_out + 1;
                rd_issued <= rd_issued + (rd_beats << size);
                rd_wait <= cfg_gap;
            end
            if (m_axi_awvalid && m_axi_awready) m_axi_awvalid <= 1'b0;
            if ((!m_axi_awvalid || m_axi_awready) && wr_can) begin
                m_axi_awvalid <= 1'b1; m_axi_awaddr <= wr_addr; m_axi_awlen <= 8'(wr_beats - 1);
                w_lens.push_back(9'(wr_beats)); w_addrs.push_back(wr_addr);
                wr_issue = 1'b1;
                wr_out = wr_out + 1;
                wr_issued <= wr_issued + (wr_beats << size);
                wr_wait <= cfg_gap;
            end
            // write data, one beat per cycle in AW order; narrow beats strobe their lanes only
            if (w_fire) begin
                beats <= beats + 1;
                if (beats == 0) first_beat_cycle <= cycle;
                if (m_axi_wlast) begin
                    void'(w_lens.pop_front()); void'(w_addrs.pop_front()); w_beat = 0;
                end else w_beat = w_beat + 1;
            end
            if (w_lens.size() > 0 && fault != 3'd1) begin
                logic [ADDR_WIDTH-1:0] a, lane0;
                a = w_addrs[0] + (ADDR_WIDTH'(w_beat) << size);
                lane0 = a & ~ADDR_WIDTH'(NB - 1);
                for (int i = 0; i < NB; i++) begin
                    m_axi_wdata[i*8 +: 8] <= hc_bench_pkg::pattern(64'(lane0 + ADDR_WIDTH'(i)));
                    m_axi_wstrb[i] <= (ADDR_WIDTH'(i) >= (a - lane0)) && (ADDR_WIDTH'(i) < (a - lane0) + (ADDR_WIDTH'(1) << size));
                end
                m_axi_wlast  <= (w_beat + 1 == w_lens[0]) || (fault == 3'd4 && w_beat == 0);
                m_axi_wvalid <= 1'b1;
            end else m_axi_wvalid <= 1'b0;
            // completion
            if (busy && !(start && !busy) && rd_issued >= rd_total && wr_issued >= wr_total && rd_out == 0
                && wr_out == 0 && !rd_issue && !wr_issue) begin
                busy <= 1'b0; done <= 1'b1; done_cycle <= cycle;
            end
        end
    end

    /* verilator lint_off UNUSEDSIGNAL */
    wire unused_ok = &{1'b0, m_axi_bid, m_axi_bresp, m_axi_rid, m_axi_rdata, m_axi_rresp};
    /* verilator lint_on UNUSEDSIGNAL */
endmodule
/* verilator lint_on BLKSEQ */
