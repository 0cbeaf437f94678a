// SPDX-License-Identifier: Apache-2.0
// axi_mem_model — simulation-only AXI4 memory for benches and the demo (not synthesizable).
//
// Reads: an AR accepted in cycle t may return its first R beat in cycle t + LATENCY; R streams one beat
//   per cycle with no bubble between bursts. In order by default; with REORDER = 1 the next burst is
//   picked pseudo-randomly among ready requests that are the oldest of their ID (AXI allows reordering
//   across IDs, never within one).
// Writes: AW queued; W beats (AXI order: W follows AW order) are stored byte-wise honouring WSTRB; the
//   B for a burst is returned LATENCY cycles after its last W beat (reordered across IDs like R).
// Data: a byte never written reads as hc_bench_pkg::pattern(a) — a function of its address, so reads
//   are checkable (python: hyperconnect.model.pattern_byte).
// Handles INCR, FIXED and WRAP bursts and narrow sizes. Parameters: ADDR_WIDTH, DATA_WIDTH, ID_WIDTH,
//   LATENCY (>= 1), REORDER (0/1), QUEUE_DEPTH (outstanding reads and writes accepted), SEED.
/* verilator lint_off BLKSEQ */
module axi_mem_model #(
    parameter int ADDR_WIDTH  = 32,
    parameter int DATA_WIDTH  = 64,
    parameter int ID_WIDTH    = 6,
    parameter int LATENCY     = 10,
    parameter int REORDER     = 0,
    parameter int QUEUE_DEPTH = 64,
    parameter int SEED        = 1,
    localparam int NB         = DATA_WIDTH / 8
) (
    input  logic                  aclk,
    input  logic                  aresetn,
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
    input  logic                  s_axi_rready
);
    typedef struct {
        logic [ID_WIDTH-1:0]   id;
        logic [ADDR_WIDTH-1:0] addr;
        logic [7:0]            len;
        logic [2:0]            size;
        logic [1:0]            burst;
        longint                ready_at;
    } req_t;

    req_t        rq[$];      // reads waiting for R
    req_t        awq[$];     // writes waiting for W data
    req_t        bq[$];      // write responses waiting for B
    logic [7:0]  wmem[longint];
    longint      now;
    logic [31:0] lfsr;

    // active read burst
    logic                  r_act;
    req_t                  r_cur;
    logic [7:0]            r_beat;
    logic [7:0]            w_beat;

    function automatic logic [ADDR_WIDTH-1:0] beat_addr(input req_t r, input int beat);
        return ADDR_WIDTH'(hc_bench_pkg::beat_addr(64'(r.addr), r.len, r.size, r.burst, beat));
    endfunction

    function automatic logic [DATA_WIDTH-1:0] read_beat(input logic [ADDR_WIDTH-1:0] a);
        logic [ADDR_WIDTH-1:0] base, ba;
        logic [DATA_WIDTH-1:0] d;
        base = a & ~ADDR_WIDTH'(NB - 1);
        for (int i = 0; i < NB; i++) begin
            ba = base + ADDR_WIDTH'(i);
            d[i*8 +: 8] = hc_bench_pkg::stored_byte(wmem, longint'(ba));
        end
        return d;
    endfunction

    // index of the next request to serve from q (-1: none ready); oldest-per-ID when reordering
    function automatic int pick(ref req_t q[$], input longint t, input logic [31:0] rnd);
        int cand[$];
        if (q.size() == 0) return -1;
        if (REORDER == 0) return (q[0].ready_at <= t) ? 0 : -1;
        for (int i = 0; i < q.size(); i++) begin
            bit older_same_id = 0;
            for (int j = 0; j < i; j++) if (q[j].id == q[i].id) older_same_id = 1;
            if (!older_same_id && q[i].ready_at <= t) cand.push_back(i);
        end
        if (cand.size() == 0) return -1;
        return cand[int'(rnd % 32'(cand.size()))];
    endfunction

    always_ff @(posedge aclk) begin
        if (!aresetn) begin
            rq.delete(); awq.delete(); bq.delete();
            now <= 0; lfsr <= 32'(SEED) | 32'h1;
            r_act = 1'b0; r_beat = '0; w_beat = '0;
            s_axi_rvalid <= 1'b0; s_axi_bvalid <= 1'b0;
            s_axi_arready <= 1'b0; s_axi_awready <= 1'b0; s_axi_wready <= 1'b0;
        end else begin
            int k;
            req_t r;
            now <= now + 1;
            lfsr <= {lfsr[30:0], lfsr[31] ^ lfsr[21] ^ lfsr[1] ^ lfsr[0]};
            // ---- address channels
            if (s_axi_arvalid && s_axi_arready) begin
                r.id = s_axi_arid; r.addr = s_axi_araddr; r.len = s_axi_arlen;
                r.size = s_axi_arsize; r.burst = s_axi_arburst; r.ready_at = now + LATENCY;
                rq.push_back(r);
            end
            if (s_axi_awvalid && s_axi_awready) begin
                r.id = s_axi_awid; r.addr = s_axi_awaddr; r.len = s_axi_awlen;
                r.size = s_axi_awsize; r.burst = s_axi_awburst; r.ready_at = 0;
                awq.push_back(r);
            end
            // ---- W: store bytes of the head write
            if (s_axi_wvalid && s_axi_wready) begin
                logic [ADDR_WIDTH-1:0] a, base;
                a = beat_addr(awq[0], int'(w_beat));
                base = a & ~ADDR_WIDTH'(NB - 1);
                for (int i = 0; i < NB; i++)
                    if (s_axi_wstrb[i]) wmem[longint'(base + ADDR_WIDTH'(i))] = s_axi_wdata[i*8 +: 8];
                if (w_beat == awq[0].len) begin
                    if (!s_axi_wlast) $error("axi_mem_model: WLAST missing on the last beat of a burst");
                    r = awq.pop_front();
                    r.ready_at = now + LATENCY;
                    bq.push_back(r);
                    w_beat = '0;
                end else begin
                    if (s_axi_wlast) $error("axi_mem_model: WLAST before the last beat of a burst");
                    w_beat = w_beat + 8'd1;
                end
            end
            // ---- R: advance the active burst, then pick the next one without a bubble
            if (s_axi_rvalid && s_axi_rready) begin
                if (r_beat == r_cur.len) r_act = 1'b0;
                else r_beat = r_beat + 8'd1;
            end
            if (!r_act) begin
                k = pick(rq, now + 1, lfsr);
                if (k >= 0) begin
                    r_cur = rq[k];
                    rq.delete(k);
                    r_act = 1'b1;
                    r_beat = '0;
                end
            end
            s_axi_rvalid <= r_act;
            if (r_act) begin
                s_axi_rid   <= r_cur.id;
                s_axi_rdata <= read_beat(beat_addr(r_cur, int'(r_beat)));
                s_axi_rresp <= 2'b00;
                s_axi_rlast <= (r_beat == r_cur.len);
            end
            // ---- B
            if (s_axi_bvalid && s_axi_bready) s_axi_bvalid <= 1'b0;
            if (!s_axi_bvalid || s_axi_bready) begin
                k = pick(bq, now + 1, lfsr ^ 32'h5555);
                if (k >= 0) begin
                    s_axi_bid    <= bq[k].id;
                    s_axi_bresp  <= 2'b00;
                    s_axi_bvalid <= 1'b1;
                    bq.delete(k);
                end
            end
            s_axi_arready <= (rq.size() < QUEUE_DEPTH - 1);
            s_axi_awready <= (awq.size() + bq.size() < QUEUE_DEPTH - 1);
            s_axi_wready  <= (awq.size() > 0);
        end
    end
endmodule
/* verilator lint_on BLKSEQ */
