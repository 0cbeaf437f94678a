// SPDX-License-Identifier: Apache-2.0
// hc_link_probe_axil — the link probe's AXI4-Lite port: one register access at a time into the generated
// block (rdl/hc_link_probe.rdl, PeakRDL passthrough CPU interface), answered from flip-flops.
//
// Why a hand-written front end: it keeps the contract hc_regs_axil gives the interconnect's blocks — the
// request's offset held from the cycle before the request until the answer, one request presented for one
// cycle at a time — so the block is generated with its decode's and read-back's address compares in
// flip-flops (python/hyperconnect/regs.py, as for hc_regs): the AXI4-Lite request no longer runs through
// the decode of the probe's 46 registers into the read-back in one cycle.
//
//   AR / AW / W -> holding registers (READY = not full, a flop) -> the offset and kind latched (IDLE)
//   -> PREP (the block registers its compares) -> REQ (the request, one cycle) -> [WAIT] -> RESP (BVALID /
//   RVALID and the answer from flops) -> IDLE
// Latency (cycles): read — RVALID 5 after the AR handshake (holding register, latch, PREP, REQ, the block's
//   registered read-back); write — BVALID 4 after the later of the AW and W handshakes. A new request
//   may be accepted into the holding registers while one is answered. Reads and writes alternate when both
//   wait. Bits 1:0 of an address are ignored; AxPROT is ignored; a block error (an unmapped offset, a
//   write to a read-only register) answers SLVERR.
// Parameters: AW (address bits, 3..16).
// Assumes: the block answers each request (its write ack in the request's cycle or later, its read ack
//   later) and never stalls one (a simulation reports a stall that is on as a request is presented).
module hc_link_probe_axil #(
    parameter int AW = 8
) (
    input  logic          clk,
    input  logic          rst_n,
    input  logic [AW-1:0] s_axil_awaddr,
    input  logic          s_axil_awvalid,
    output logic          s_axil_awready,
    input  logic [31:0]   s_axil_wdata,
    input  logic [3:0]    s_axil_wstrb,
    input  logic          s_axil_wvalid,
    output logic          s_axil_wready,
    output logic [1:0]    s_axil_bresp,
    output logic          s_axil_bvalid,
    input  logic          s_axil_bready,
    input  logic [AW-1:0] s_axil_araddr,
    input  logic          s_axil_arvalid,
    output logic          s_axil_arready,
    output logic [31:0]   s_axil_rdata,
    output logic [1:0]    s_axil_rresp,
    output logic          s_axil_rvalid,
    input  logic          s_axil_rready,
    // the block (PeakRDL passthrough)
    output logic          req,
    output logic          req_is_wr,
    output logic [AW-1:0] req_addr,
    output logic [31:0]   req_wr_data,
    output logic [31:0]   req_wr_biten,
    input  logic          stall,          // the block's stall of the request's kind
    input  logic          rd_ack,
    input  logic          rd_err,
    input  logic [31:0]   rd_data,
    input  logic          wr_ack,
    input  logic          wr_err
);
    initial begin
        if (AW < 3 || AW > 16) $fatal(1, "hc_link_probe_axil: AW must be 3..16 (got %0d)", AW);
    end
    // holding registers
    logic          ar_full, aw_full, w_full;
    logic [AW-1:0] ar_addr, aw_addr;
    logic [31:0]   w_data;
    logic [3:0]    w_strb;
    assign s_axil_arready = !ar_full;
    assign s_axil_awready = !aw_full;
    assign s_axil_wready  = !w_full;

    typedef enum logic [4:0] {IDLE = 5'b00001, PREP = 5'b00010, REQ = 5'b00100, WAIT = 5'b01000,
                              RESP = 5'b10000} state_t;
    state_t state;
    logic   last_rd;                                  // the last request was a read (alternation)
    wire    rd_wait  = ar_full;
    wire    wr_wait  = aw_full && w_full;
    wire    start_rd = state == IDLE && rd_wait && (!wr_wait || !last_rd);
    wire    start_wr = state == IDLE && wr_wait && !start_rd;
    wire    ack      = req_is_wr ? wr_ack : rd_ack;
    always_ff @(posedge clk) begin
        if (!rst_n) begin
            {ar_full, aw_full, w_full, ar_addr, aw_addr, w_data, w_strb} <= '0;
            state <= IDLE;
            {last_rd, req, req_is_wr, req_addr, req_wr_data, req_wr_biten} <= '0;
            {s_axil_bvalid, s_axil_bresp, s_axil_rvalid, s_axil_rresp, s_axil_rdata} <= '0;
        end else begin
            if (s_axil_arvalid && s_axil_arready) begin
                ar_full <= 1'b1;
                ar_addr <= s_axil_araddr;
            end
            if (s_axil_awvalid && s_axil_awready) begin
                aw_full <= 1'b1;
                aw_addr <= s_axil_awaddr;
            end
            if (s_axil_wvalid && s_axil_wready) begin
                w_full <= 1'b1;
                w_data <= s_axil_wdata;
                w_strb <= s_axil_wstrb;
            end
            req <= 1'b0;
            unique case (state)
                IDLE: if (start_rd) begin
                    state     <= PREP;
                    ar_full   <= 1'b0;
                    last_rd   <= 1'b1;
                    req_is_wr <= 1'b0;
                    req_addr  <= ar_addr & ~AW'(3);
                end else if (start_wr) begin
                    state        <= PREP;
                    aw_full      <= 1'b0;
                    w_full       <= 1'b0;
                    last_rd      <= 1'b0;
                    req_is_wr    <= 1'b1;
                    req_addr     <= aw_addr & ~AW'(3);
                    req_wr_data  <= w_data;
                    for (int i = 0; i < 4; i++) req_wr_biten[8*i +: 8] <= {8{w_strb[i]}};
                end
                PREP: begin
                    state <= REQ;
                    req   <= 1'b1;
                end
                REQ, WAIT: if (ack) begin
                    state <= RESP;
                    if (req_is_wr) begin
                        s_axil_bvalid <= 1'b1;
                        s_axil_bresp  <= wr_err ? 2'b10 : 2'b00;
                    end else begin
                        s_axil_rvalid <= 1'b1;
                        s_axil_rresp  <= rd_err ? 2'b10 : 2'b00;
                        s_axil_rdata  <= rd_data;
                    end
                end else begin
                    state <= WAIT;
                end
                RESP: if ((s_axil_bvalid && s_axil_bready) || (s_axil_rvalid && s_axil_rready)) begin
                    state         <= IDLE;
                    s_axil_bvalid <= 1'b0;
                    s_axil_rvalid <= 1'b0;
                end
                default: state <= IDLE;
            endcase
        end
    end
`ifndef SYNTHESIS
    always_ff @(posedge clk) begin
        if (rst_n && req && stall)
            $error("hc_link_probe_axil: the register block stalls a request (the front end's contract is broken)");
    end
`endif
endmodule
