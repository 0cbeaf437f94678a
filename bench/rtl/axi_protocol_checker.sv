// SPDX-License-Identifier: Apache-2.0
// axi_protocol_checker — passive AXI4 checker for simulation (issue 5 soak and fault tests): watches one
// AXI4 interface and counts every rule it sees broken, printing the first few. What it checks (AMBA AXI
// spec, A3): VALID held until READY with the payload stable (AR, AW, W, R, B); VALIDs low in reset;
// burst rules of each AR/AW (AxBURST not 3, AxSIZE within the bus, FIXED <= 16 beats, WRAP 2/4/8/16 beats
// and aligned, INCR not crossing 4 KB); WLAST exactly on beat AWLEN+1 of its burst (write data in AW
// order, allowed before its AW); every R beat belongs to an outstanding read of its ID, reads of one ID
// answered in order, RLAST exactly on beat ARLEN+1; every B answers a write of its ID whose AW and data
// have both been seen. (A slave may interleave different IDs' R bursts; AXI4 has no W interleaving.)
// With IDLE_RESP_ZERO (the accelerator side of axi_hyperconnect, issue 15): RID/RDATA/RRESP/RLAST all 0 in
// every cycle RVALID is low, BID/BRESP all 0 in every cycle BVALID is low, so nothing of another port's
// traffic is ever on a port's wires.
// Outputs (counted since the last reset): errors (saturating), accepted requests and completed responses
// per direction, so a test can also check that nothing was lost or duplicated.
// Parameters: ADDR_WIDTH, DATA_WIDTH, ID_WIDTH (<= 12), NAME (printed), MAX_REPORTS (messages printed),
//             IDLE_RESP_ZERO (0: off, the AXI rules only).
// Simulation only (queues, $display).
/* verilator lint_off UNUSEDSIGNAL */
/* verilator lint_off BLKSEQ */
module axi_protocol_checker #(
    parameter int    ADDR_WIDTH  = 32,
    parameter int    DATA_WIDTH  = 64,
    parameter int    ID_WIDTH    = 4,
    parameter string NAME        = "axi",
    parameter int    MAX_REPORTS = 10,
    parameter bit    IDLE_RESP_ZERO = 1'b0
) (
    input  logic                    aclk,
    input  logic                    aresetn,
    input  logic [ID_WIDTH-1:0]     awid,
    input  logic [ADDR_WIDTH-1:0]   awaddr,
    input  logic [3:0]              awqos,
    input  logic [7:0]              awlen,
    input  logic [2:0]              awsize,
    input  logic [1:0]              awburst,
    input  logic                    awvalid,
    input  logic                    awready,
    input  logic [DATA_WIDTH-1:0]   wdata,
    input  logic [DATA_WIDTH/8-1:0] wstrb,
    input  logic                    wlast,
    input  logic                    wvalid,
    input  logic                    wready,
    input  logic [ID_WIDTH-1:0]     bid,
    input  logic [1:0]              bresp,
    input  logic                    bvalid,
    input  logic                    bready,
    input  logic [ID_WIDTH-1:0]     arid,
    input  logic [ADDR_WIDTH-1:0]   araddr,
    input  logic [3:0]              arqos,       // (QoS: checked for stability like the rest; tie 0 if absent)
    input  logic [7:0]              arlen,
    input  logic [2:0]              arsize,
    input  logic [1:0]              arburst,
    input  logic                    arvalid,
    input  logic                    arready,
    input  logic [ID_WIDTH-1:0]     rid,
    input  logic [DATA_WIDTH-1:0]   rdata,
    input  logic [1:0]              rresp,
    input  logic                    rlast,
    input  logic                    rvalid,
    input  logic                    rready,
    output logic [31:0]             errors,
    output logic [31:0]             reads,       // ARs accepted / read bursts completed (RLAST)
    output logic [31:0]             reads_done,
    output logic [31:0]             writes,      // AWs accepted / B accepted
    output logic [31:0]             writes_done
);
    initial begin
        if (ID_WIDTH < 1 || ID_WIDTH > 12) $fatal(1, "axi_protocol_checker: ID_WIDTH must be 1..12");
    end
    localparam int NID = 1 << ID_WIDTH;
    localparam int MAX_SIZE = $clog2(DATA_WIDTH / 8);

    // previous cycle, for the stability rules
    logic                  p_ar, p_aw, p_w, p_r, p_b, in_reset;
    logic [ID_WIDTH+ADDR_WIDTH+17-1:0] p_ar_pl, p_aw_pl;
    logic [DATA_WIDTH+DATA_WIDTH/8:0]  p_w_pl;
    logic [ID_WIDTH+DATA_WIDTH+2:0]    p_r_pl;
    logic [ID_WIDTH+1:0]               p_b_pl;
    wire [ID_WIDTH+ADDR_WIDTH+17-1:0] ar_pl = {arid, araddr, arlen, arsize, arburst, arqos};
    wire [ID_WIDTH+ADDR_WIDTH+17-1:0] aw_pl = {awid, awaddr, awlen, awsize, awburst, awqos};
    wire [DATA_WIDTH+DATA_WIDTH/8:0]  w_pl  = {wdata, wstrb, wlast};
    wire [ID_WIDTH+DATA_WIDTH+2:0]    r_pl  = {rid, rdata, rresp, rlast};
    wire [ID_WIDTH+1:0]               b_pl  = {bid, bresp};

    int unsigned       n_err;
    int unsigned       rq [NID][$];      // per ID: ARLEN of outstanding reads, oldest first
    int unsigned       rbeat [NID];
    int unsigned       awq [$];          // {id, len} of AWs whose data has not completed, AW order
    int unsigned       early [$];        // beat counts of write bursts completed before their AW
    int unsigned       wbeat;
    int unsigned       bok [NID];        // writes of this ID with AW and data seen, B not yet
    int unsigned       n_rd, n_rd_done, n_wr, n_wr_done;

    assign errors = n_err;
    assign reads = n_rd;
    assign reads_done = n_rd_done;
    assign writes = n_wr;
    assign writes_done = n_wr_done;

    function automatic void fail(input string msg);
        if (n_err < MAX_REPORTS) $display("[%0t] %s protocol: %s", $time, NAME, msg);
        if (n_err != 32'hFFFF_FFFF) n_err++;
    endfunction

    function automatic string burst_rule(input logic [ADDR_WIDTH-1:0] a, input logic [7:0] len,
                                         input logic [2:0] size, input logic [1:0] burst);
        int unsigned beat_start;
        if (burst == 2'b11) return "AxBURST 3 is reserved";
        if (int'(size) > MAX_SIZE) return "AxSIZE wider than the data bus";
        if (burst == 2'b00 && len > 8'd15) return "FIXED burst longer than 16 beats";
        if (burst == 2'b10 && !(len == 1 || len == 3 || len == 7 || len == 15)) return "WRAP length not 2/4/8/16";
        if (burst == 2'b10 && (a & ((ADDR_WIDTH'(1) << size) - 1)) != 0) return "WRAP address not aligned";
        beat_start = (int'(a[11:0]) & ~((1 << size) - 1)) + (int'(len) << size);
        if (burst == 2'b01 && beat_start >= 4096) return "INCR burst crosses 4 KB";
        return "";
    endfunction

    always_ff @(posedge aclk) begin
        if (!aresetn) begin
            p_ar <= 1'b0; p_aw <= 1'b0; p_w <= 1'b0; p_r <= 1'b0; p_b <= 1'b0; in_reset <= 1'b1;
            for (int i = 0; i < NID; i++) begin
                rq[i].delete(); rbeat[i] = 0; bok[i] = 0;
            end
            awq.delete(); early.delete(); wbeat = 0;
            // counts restart with every reset (a test checks each reset epoch); synchronous reset:
            // registered VALIDs fall at the first edge of reset, so they are checked from its second cycle
            if (!in_reset) begin
                n_err = 0; n_rd = 0; n_rd_done = 0; n_wr = 0; n_wr_done = 0;
            end else if (arvalid || awvalid || wvalid || rvalid || bvalid) fail("VALID high during reset");
        end else begin
            string why;
            in_reset <= 1'b0;
            // handshake stability
            if (p_ar && !arvalid) fail("ARVALID dropped before ARREADY");
            if (p_ar && arvalid && ar_pl != p_ar_pl) fail("AR payload changed while waiting");
            if (p_aw && !awvalid) fail("AWVALID dropped before AWREADY");
            if (p_aw && awvalid && aw_pl != p_aw_pl) fail("AW payload changed while waiting");
            if (p_w && !wvalid) fail("WVALID dropped before WREADY");
            if (p_w && wvalid && w_pl != p_w_pl) fail("W payload changed while waiting");
            if (p_r && !rvalid) fail("RVALID dropped before RREADY");
            if (p_r && rvalid && r_pl != p_r_pl) fail("R payload changed while waiting");
            if (p_b && !bvalid) fail("BVALID dropped before BREADY");
            if (p_b && bvalid && b_pl != p_b_pl) fail("B payload changed while waiting");
            p_ar <= arvalid && !arready; p_ar_pl <= ar_pl;
            p_aw <= awvalid && !awready; p_aw_pl <= aw_pl;
            p_w  <= wvalid && !wready;   p_w_pl  <= w_pl;
            p_r  <= rvalid && !rready;   p_r_pl  <= r_pl;
            p_b  <= bvalid && !bready;   p_b_pl  <= b_pl;
            // responses carry nothing without VALID
            if (IDLE_RESP_ZERO && !rvalid && r_pl != '0)
                fail($sformatf("R payload 0x%0h without RVALID", r_pl));
            if (IDLE_RESP_ZERO && !bvalid && b_pl != '0)
                fail($sformatf("B payload 0x%0h without BVALID", b_pl));
            // reads
            if (arvalid && arready) begin
                why = burst_rule(araddr, arlen, arsize, arburst);
                if (why != "") fail($sformatf("AR 0x%0h len %0d: %s", araddr, arlen, why));
                rq[arid].push_back(int'(arlen));
                n_rd++;
            end
            if (rvalid && rready) begin
                if (rq[rid].size() == 0) fail($sformatf("R beat with RID %0d and no read outstanding", rid));
                else begin
                    if (rlast != (rbeat[rid] == rq[rid][0]))
                        fail($sformatf("RLAST=%0d on beat %0d of a %0d-beat read (RID %0d)", rlast, rbeat[rid] + 1,
                                       rq[rid][0] + 1, rid));
                    if (rlast || rbeat[rid] == rq[rid][0]) begin
                        void'(rq[rid].pop_front()); rbeat[rid] = 0; n_rd_done++;
                    end else rbeat[rid]++;
                end
            end
            // writes: data in AW order, possibly ahead of its AW
            if (awvalid && awready) begin
                why = burst_rule(awaddr, awlen, awsize, awburst);
                if (why != "") fail($sformatf("AW 0x%0h len %0d: %s", awaddr, awlen, why));
                n_wr++;
                if (early.size() != 0) begin
                    if (early[0] != int'(awlen) + 1)
                        fail($sformatf("%0d W beats sent ahead of an AW of %0d beats", early[0], int'(awlen) + 1));
                    void'(early.pop_front());
                    bok[awid]++;
                end else awq.push_back((int'(awid) << 8) | int'(awlen));
            end
            if (wvalid && wready) begin
                if (awq.size() != 0) begin
                    if (wlast != (wbeat == (awq[0] & 255)))
                        fail($sformatf("WLAST=%0d on beat %0d of a %0d-beat write", wlast, wbeat + 1, (awq[0] & 255) + 1));
                    if (wlast || wbeat == (awq[0] & 255)) begin
                        bok[awq[0] >> 8]++; void'(awq.pop_front()); wbeat = 0;
                    end else wbeat++;
                end else begin
                    wbeat++;
                    if (wlast) begin
                        early.push_back(wbeat); wbeat = 0;
                    end
                end
            end
            if (bvalid && bready) begin
                if (bok[bid] == 0) fail($sformatf("B with BID %0d and no completed write of that ID", bid));
                else bok[bid]--;
                n_wr_done++;
            end
        end
    end
endmodule
/* verilator lint_on BLKSEQ */
/* verilator lint_on UNUSEDSIGNAL */
