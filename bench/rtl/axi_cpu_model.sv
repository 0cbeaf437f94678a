// SPDX-License-Identifier: Apache-2.0
// axi_cpu_model — simulation model of a processor running a program of given memory intensity (issue 18,
// paper 002's CPU beside the FastLane accelerator): it computes for `cfg_gap` cycles, then misses in its
// cache and reads one cache line (blocking: nothing else happens until the line's last beat), and so on
// for `cfg_misses` misses. Its run time is misses × (gap + miss latency); a memory or an interconnect that
// delays its reads slows it down by exactly the added latency, which is what Table 4 of paper 002 shows.
//
// Run time exactly: `cycles` (from the cycle after `start` to the last miss's last R beat) = gap_sum +
// lat_sum, each miss following its gap; gap_sum = misses × gap unless JITTER.
// JITTER 1: each gap is drawn uniformly from 0 .. 2 × cfg_gap (mean cfg_gap), so the misses do not fall
// into step with a periodic neighbour (a copy's bursts) as a fixed gap does — real programs miss
// irregularly (issue 18: with fixed gaps the slowdown behind the vendor path jumped from gap to gap).
// Each miss is one INCR burst of LINE_BYTES at a line-aligned address: `cfg_base` plus a pseudo-random line
// in `cfg_span` bytes (a power of two >= LINE_BYTES), AxQOS `cfg_qos`, ID 0. RREADY is 1.
// Outputs after `start` (a pulse; ignored while busy): busy, done (a pulse when the last miss completes),
// cycles (from start to done), lat_sum / lat_max (AR VALID -> last R beat, per miss: the miss latency as
// the processor sees it, including the time its request waited for ARREADY).
// Latency: every AR is presented `cfg_gap` cycles after the previous miss's last R beat (the first after
// `start`); gap 0: in the cycle after it.
// Parameters: ADDR_WIDTH, DATA_WIDTH, ID_WIDTH, LINE_BYTES (a power of two, at least one beat, at most 256
// beats; default 32, the PowerPC 405's line), SEED.
// Simulation only (its counters are wide and it reports a bad configuration with $error).
module axi_cpu_model #(
    parameter int ADDR_WIDTH = 32,
    parameter int DATA_WIDTH = 64,
    parameter int ID_WIDTH   = 4,
    parameter int LINE_BYTES = 32,
    parameter int SEED       = 1,
    parameter bit JITTER     = 1'b0,
    localparam int NB        = DATA_WIDTH / 8,
    localparam int BEATS     = LINE_BYTES / NB
) (
    input  logic                  aclk,
    input  logic                  aresetn,
    input  logic                  start,
    input  logic [31:0]           cfg_misses,
    input  logic [31:0]           cfg_gap,
    input  logic [ADDR_WIDTH-1:0] cfg_base,
    input  logic [ADDR_WIDTH-1:0] cfg_span,
    input  logic [3:0]            cfg_qos,
    output logic                  busy,
    output logic                  done,
    output longint                cycles,
    output longint                lat_sum,
    output longint                lat_max,
    output longint                gap_sum,
    output logic [ID_WIDTH-1:0]   m_axi_arid,
    output logic [ADDR_WIDTH-1:0] m_axi_araddr,
    output logic [7:0]            m_axi_arlen,
    output logic [2:0]            m_axi_arsize,
    output logic [1:0]            m_axi_arburst,
    output logic [3:0]            m_axi_arqos,
    output logic                  m_axi_arvalid,
    input  logic                  m_axi_arready,
    input  logic [ID_WIDTH-1:0]   m_axi_rid,
    input  logic [DATA_WIDTH-1:0] m_axi_rdata,
    input  logic [1:0]            m_axi_rresp,
    input  logic                  m_axi_rlast,
    input  logic                  m_axi_rvalid,
    output logic                  m_axi_rready
);
    initial begin
        if (LINE_BYTES < NB || BEATS > 256 || (LINE_BYTES & (LINE_BYTES - 1)) != 0)
            $fatal(1, "axi_cpu_model: LINE_BYTES must be a power of two of 1..256 beats (got %0d at %0d bytes per beat)",
                   LINE_BYTES, NB);
    end
    typedef enum logic [1:0] {IDLE, MISS, WAIT, GAP} state_t;
    state_t      state;
    logic [31:0] left, gap_left, gap_r;
    wire  [31:0] gap_n = JITTER ? gap_r : cfg_gap;      // this miss's gap
    logic [31:0] lfsr;
    longint      t_req, now;
    assign m_axi_arid    = '0;
    assign m_axi_arlen   = 8'(BEATS - 1);
    assign m_axi_arsize  = 3'($clog2(NB));
    assign m_axi_arburst = 2'b01;
    assign m_axi_arqos   = cfg_qos;
    assign m_axi_rready  = 1'b1;
    assign busy          = state != IDLE;
    wire [ADDR_WIDTH-1:0] line = ADDR_WIDTH'(lfsr) & (cfg_span - 1) & ~ADDR_WIDTH'(LINE_BYTES - 1);
    always_ff @(posedge aclk) begin
        if (!aresetn) begin
            state <= IDLE; left <= '0; gap_left <= '0; lfsr <= 32'(SEED) | 32'h1; now <= 0; t_req <= 0;
            m_axi_arvalid <= 1'b0; m_axi_araddr <= '0; done <= 1'b0; cycles <= 0; lat_sum <= 0; lat_max <= 0;
            gap_sum <= 0; gap_r <= '0;
        end else begin
            now  <= now + 1;
            done <= 1'b0;
            lfsr <= {lfsr[30:0], lfsr[31] ^ lfsr[21] ^ lfsr[1] ^ lfsr[0]};
            // the next gap (JITTER: uniform in 0 .. 2 x cfg_gap, from the generator's upper bits)
            gap_r <= 32'(64'(lfsr[31:8]) % (64'(cfg_gap) * 2 + 1));
            if (state != IDLE) cycles <= cycles + 1;
            case (state)
                IDLE: if (start) begin
                    if (cfg_span < ADDR_WIDTH'(LINE_BYTES) || (cfg_span & (cfg_span - 1)) != '0)
                        $error("axi_cpu_model: cfg_span must be a power of two of at least LINE_BYTES");
                    cycles <= 0; lat_sum <= 0; lat_max <= 0; gap_sum <= 0;
                    left   <= cfg_misses;
                    if (cfg_misses == '0) begin
                        done <= 1'b1;
                    end else if (gap_n != '0) begin     // (each miss follows its compute gap)
                        state    <= GAP;
                        gap_left <= gap_n;
                        gap_sum  <= longint'(gap_n);
                    end else begin
                        state         <= WAIT;
                        m_axi_arvalid <= 1'b1;
                        m_axi_araddr  <= cfg_base + line;
                        t_req         <= now + 1;        // (the cycle AR VALID is presented)
                    end
                end
                WAIT: begin
                    if (m_axi_arvalid && m_axi_arready) m_axi_arvalid <= 1'b0;
                    if (m_axi_rvalid && m_axi_rlast) begin
                        lat_sum <= lat_sum + (now - t_req + 1);
                        if (now - t_req + 1 > lat_max) lat_max <= now - t_req + 1;
                        left <= left - 1;
                        if (left == 32'd1) begin
                            state <= IDLE;
                            done  <= 1'b1;
                        end else if (gap_n == '0) begin
                            state         <= WAIT;
                            m_axi_arvalid <= 1'b1;
                            m_axi_araddr  <= cfg_base + line;
                            t_req         <= now + 1;
                        end else begin
                            state    <= GAP;
                            gap_left <= gap_n;
                            gap_sum  <= gap_sum + longint'(gap_n);
                        end
                    end
                end
                GAP: begin
                    gap_left <= gap_left - 1;
                    if (gap_left == 32'd1) begin
                        state         <= WAIT;
                        m_axi_arvalid <= 1'b1;
                        m_axi_araddr  <= cfg_base + line;
                        t_req         <= now + 1;
                    end
                end
                default: state <= IDLE;
            endcase
        end
    end
    /* verilator lint_off UNUSEDSIGNAL */
    wire unused = &{1'b0, m_axi_rid, m_axi_rdata, m_axi_rresp};
    /* verilator lint_on UNUSEDSIGNAL */
endmodule
