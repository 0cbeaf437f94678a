// SPDX-License-Identifier: Apache-2.0
// hc_regs_axil — the AXI4-Lite control port of axi_hyperconnect: takes one register access at a time,
// decodes it to the global register block (hc_regs, 0x000..0x0FF) or to one port's block (hc_port_regs,
// 0x100 + 0x80 * i), checks ranged fields once on the write data, and answers from flip-flops.
//
// Why a hand-written front end: each port has its own generated block (rdl/hyperconnect.rdl declares it
// once, PORT[16] external), so the block count follows S_COUNT. The address of a port this instance does
// not have, or anything above the last port, is answered SLVERR here without reaching a block — the same
// for every S_COUNT. A block's own errors (unmapped offset, write to a read-only register) are SLVERR too,
// and so is a write to a port's counters (0x20..0x3C: an external register file, answered by
// hc_counter_bank and, for MAX_RD_LATENCY, by axi_hyperconnect), answered here without reaching the block (BVALID 1 cycle after the later of the AW and W handshakes).
//
// Range checks (the map's rule "a value out of range is not applied and sets a sticky error flag"),
// one comparator per field for the whole IP: PERIOD.cycles 1..2^32-1, GLOBAL_LIMIT.g 1..255,
// CFG.nominal_len 1..256, LIMITS.rd_max_out / wr_max_out 1..TRACK_DEPTH. A rejected field's bit enables
// are cleared (it keeps its value; the write's other fields apply) and its error pulse (period_err,
// glimit_err, nominal_err[i], limit_err[i]) sets the flag. A write whose strobes cover part of a ranged
// field is rejected for that field. While `locked`, nothing is checked (the blocks ignore the write).
//
// Latency (cycles): write — BVALID 4 after the later of the AW and W handshakes to a block (1 for a write
//   answered here: absent port, a port's counters); read — RVALID 5 after the AR handshake to a block,
//   the global one or a port's (1 to register the decoded request and the block's offset, 1 before the
//   block's request (PREP: the block registers its decode's and read-back's address compares from the
//   held offset, python/hyperconnect/regs.py), 1 for the block's answer: the blocks register their
//   read-back, PeakRDL --rt-read-response; 1 to register every block's answer here, 1 to move it into
//   the response register), 10 to a port's byte,
//   transaction and stall counters (an external register file: hc_counter_bank answers 5 cycles after the
//   block's request), 11 to a BYTES_HI counter (the bank: 6), 6 to MAX_RD_LATENCY (the same file's eighth
//   word, axi_hyperconnect answers it 1 cycle after the request). A block's answer is registered here
//   as it comes (ack and error ORed across the blocks — only the addressed one answers —, read data
//   selected by the addressed block), so no path runs from a block's address decode into the response or
//   the state; the state a request starts into is decoded with its address as it is accepted.
//   AWREADY/WREADY/ARREADY rise the cycle after the request starts, so a new request can be waiting
//   while one is answered. Reads and writes alternate when both wait.
// Every output is a flip-flop (READY, VALID, response, data; the block requests and error pulses); each
//   block gets its own copy of the request's kind and offset (g_req_is_wr/g_req_addr, p_req_is_wr/
//   p_req_addr), loaded only when that block is addressed, so the placer can put it beside its block. The
//   address is decoded and the write data range-checked as each is accepted, into registers, so a request
//   starts by selecting prepared flags (issue 17: no decode between the state and the block requests).
// Parameters: N_PORTS (1..16 port blocks), TRACK_DEPTH (upper bound of the outstanding limits, 1..255).
// Contract towards the blocks: one request at a time, presented for one cycle, the next only after the
//   previous one's answer; each block's offset held from the cycle before its request until its
//   answer. So a block's
//   stall is never on when a request comes (the stall flags of the generated blocks cover a request while
//   an external register answers and a write in the cycles right after a read); the global and the port blocks are
//   generated with their stall mask and held read-back address left out (python/hyperconnect/regs.py).
//   The blocks take a request in the cycle it is presented whatever their stall (the mask is left out);
//   a stall in that cycle would be a broken contract, which a simulation reports.
// Assumes: the blocks answer (ack) each request, at once, after a stall, or (an external register file)
//   some cycles later; addresses are byte addresses of 32-bit registers (bits 1:0 are ignored).
module hc_regs_axil #(
    parameter int N_PORTS     = 4,
    parameter int TRACK_DEPTH = 16
) (
    input  logic                    clk,
    input  logic                    rst_n,
    input  logic                    s_axil_awvalid,
    output logic                    s_axil_awready,
    input  logic [11:0]             s_axil_awaddr,
    input  logic [2:0]              s_axil_awprot,
    input  logic                    s_axil_wvalid,
    output logic                    s_axil_wready,
    input  logic [31:0]             s_axil_wdata,
    input  logic [3:0]              s_axil_wstrb,
    output logic                    s_axil_bvalid,
    input  logic                    s_axil_bready,
    output logic [1:0]              s_axil_bresp,
    input  logic                    s_axil_arvalid,
    output logic                    s_axil_arready,
    input  logic [11:0]             s_axil_araddr,
    input  logic [2:0]              s_axil_arprot,
    output logic                    s_axil_rvalid,
    input  logic                    s_axil_rready,
    output logic [31:0]             s_axil_rdata,
    output logic [1:0]              s_axil_rresp,
    input  logic                    locked,          // LOCK.locked: configuration writes are ignored
    // the request (PeakRDL passthrough CPU interface): kind and offset as the front end and the counter
    // bank use them; write data shared by every block
    output logic                    req_is_wr,
    output logic [7:0]              req_addr,        // offset in the block: the global block takes 7:0, a port block 6:0
    output logic [31:0]             req_wr_data,
    output logic [31:0]             req_wr_biten,
    // global block (with its own copy of the request's kind and offset)
    output logic                    g_req,
    output logic                    g_req_is_wr,
    output logic [7:0]              g_req_addr,
    input  logic                    g_stall,         // req_stall_wr / req_stall_rd of the request's kind
    input  logic                    g_rd_ack,
    input  logic                    g_rd_err,
    input  logic [31:0]             g_rd_data,
    input  logic                    g_wr_ack,
    input  logic                    g_wr_err,
    // port blocks, port i in bit i / bits [i*32 +: 32] (offsets [i*7 +: 7]), each with its own copy of the
    // request's kind and offset
    output logic [N_PORTS-1:0]      p_req,
    output logic [N_PORTS-1:0]      p_req_is_wr,
    output logic [N_PORTS*7-1:0]    p_req_addr,
    input  logic [N_PORTS-1:0]      p_stall,
    input  logic [N_PORTS-1:0]      p_rd_ack,
    input  logic [N_PORTS-1:0]      p_rd_err,
    input  logic [N_PORTS*32-1:0]   p_rd_data,
    input  logic [N_PORTS-1:0]      p_wr_ack,
    input  logic [N_PORTS-1:0]      p_wr_err,
    // rejected writes (one-cycle pulses, to the sticky error flags)
    output logic                    period_err,
    output logic                    glimit_err,
    output logic [N_PORTS-1:0]      nominal_err,
    output logic [N_PORTS-1:0]      limit_err
);
    initial begin
        if (N_PORTS < 1 || N_PORTS > 16)
            $fatal(1, "hc_regs_axil: N_PORTS must be 1..16 (got %0d)", N_PORTS);
        if (TRACK_DEPTH < 1 || TRACK_DEPTH > 255)
            $fatal(1, "hc_regs_axil: TRACK_DEPTH must be 1..255 (got %0d)", TRACK_DEPTH);
    end

    // register offsets of the ranged fields (rdl/hyperconnect.rdl)
    localparam logic [7:0]  PERIOD = 8'h10, GLOBAL_LIMIT = 8'h14;     // offsets in the global block
    localparam logic [6:0]  CFG = 7'h00, LIMITS = 7'h04;

    // ------------------------------------------------------------------ accepted requests
    // Each address is decoded and the write data range-checked as it is accepted (from the AXI4-Lite
    // inputs into registers), so starting a request only selects prepared flags: no decode or comparator
    // lies between the front end's state and the requests to the blocks.
    // the front end's state, one-hot: each state's flag is one flip-flop, and the state a request starts
    // into is decoded with its address (issue 17: the binary state's decode, the start, the decode of the
    // block addressed and the answer's selection in front of the next state were 7 LUT levels, the
    // critical path at one seed at 4 ports, 133.4 MHz)
    localparam int I_IDLE = 0, I_PREP = 1, I_REQ = 2, I_WAIT = 3, I_RESP = 4;
    typedef logic [4:0] state_t;
    localparam state_t IDLE = 5'b1 << I_IDLE, PREP = 5'b1 << I_PREP, REQ = 5'b1 << I_REQ,
                       WAIT = 5'b1 << I_WAIT, RESP = 5'b1 << I_RESP;
    typedef struct packed {
        logic [7:0]         word;                   // the register's offset in its block (bits 1:0 zero)
        logic               is_global;              // 0x000..0x0FF: the global block
        logic               is_port;                // a port block this instance has
        logic [N_PORTS-1:0] port_onehot;            // which one
        logic               at_period, at_glimit, at_cfg, at_limits;   // a ranged register
        logic               at_cnt;                 // a port's counters (0x20..0x3C, external)
        state_t             rd_to, wr_to;           // the state a read / a write of it starts into (one-hot)
    } dec_t;
    function automatic dec_t decode(input logic [11:2] a);   // (bits 1:0 of an address are ignored)
        dec_t d;
        logic [4:0] idx;
        d.word        = {a[7:2], 2'b00};
        d.is_global   = a[11:8] == 4'h0;
        idx           = a[11:7] - 5'd2;             // 0x100 + 0x80 * i
        d.is_port     = !d.is_global && idx < 5'(N_PORTS);
        d.port_onehot = d.is_port ? N_PORTS'(1) << idx : '0;
        d.at_period   = d.is_global && d.word == PERIOD;
        d.at_glimit   = d.is_global && d.word == GLOBAL_LIMIT;
        d.at_cfg      = d.is_port && d.word[6:0] == CFG;
        d.at_limits   = d.is_port && d.word[6:0] == LIMITS;
        d.at_cnt      = d.is_port && d.word[6:5] == 2'b01;
        // a block takes the request, a cycle behind its offset (PREP); not for an absent port, nor for a
        // write to a port's counters (an external register file, which has no error answer): answered
        // here (RESP, SLVERR)
        d.rd_to       = (d.is_global || d.is_port) ? PREP : RESP;
        d.wr_to       = (d.is_global || (d.is_port && !d.at_cnt)) ? PREP : RESP;
        return d;
    endfunction
    // a ranged field is rejected when its bytes are written in part, or with a value out of range
    function automatic logic reject(input logic [3:0] strb, input logic [3:0] field_bytes, input logic out_of_range);
        return (strb & field_bytes) != 4'h0 && ((strb & field_bytes) != field_bytes || out_of_range);
    endfunction
    typedef struct packed {
        logic period, glimit, nominal, rd_max, wr_max;
    } bad_t;

    logic        aw_full, w_full, ar_full;
    dec_t        aw_dec, ar_dec;
    bad_t        w_bad;
    logic [31:0] w_data, w_bits;                    // the write data and its strobes as bit enables
    logic        awready_q, wready_q, arready_q;
    state_t state;
    logic   prefer_rd;                              // the other kind goes first next time both wait
    logic wr_both;                                  // aw_full && w_full, a flop of its own
    wire start_wr = state[I_IDLE] && wr_both && (!ar_full || !prefer_rd);
    wire start_rd = state[I_IDLE] && ar_full && !start_wr;
    wire aw_take = s_axil_awvalid && awready_q;
    wire w_take  = s_axil_wvalid && wready_q;
    wire ar_take = s_axil_arvalid && arready_q;
    wire aw_full_next = (aw_full && !start_wr) || aw_take;
    wire w_full_next  = (w_full && !start_wr) || w_take;
    wire ar_full_next = (ar_full && !start_rd) || ar_take;
    always_ff @(posedge clk) begin
        if (!rst_n) begin
            {aw_full, w_full, ar_full}       <= '0;
            {awready_q, wready_q, arready_q} <= '0;
            wr_both                          <= 1'b0;
        end else begin
            {aw_full, w_full, ar_full}       <= {aw_full_next, w_full_next, ar_full_next};
            wr_both                          <= aw_full_next && w_full_next;
            {awready_q, wready_q, arready_q} <= ~{aw_full_next, w_full_next, ar_full_next};
        end
    end
    always_ff @(posedge clk) begin
        if (!rst_n) begin
            {aw_dec, ar_dec, w_bad, w_data, w_bits} <= '0;
        end else begin
            if (aw_take) aw_dec <= decode(s_axil_awaddr[11:2]);
            if (ar_take) ar_dec <= decode(s_axil_araddr[11:2]);
            if (w_take) begin
                w_data <= s_axil_wdata;
                w_bits <= {{8{s_axil_wstrb[3]}}, {8{s_axil_wstrb[2]}}, {8{s_axil_wstrb[1]}}, {8{s_axil_wstrb[0]}}};
                w_bad.period  <= reject(s_axil_wstrb, 4'hF, s_axil_wdata == 32'd0);
                w_bad.glimit  <= reject(s_axil_wstrb, 4'h1, s_axil_wdata[7:0] == 8'd0);
                w_bad.nominal <= reject(s_axil_wstrb, 4'h3, s_axil_wdata[8:0] == 9'd0 || s_axil_wdata[8:0] > 9'd256);
                w_bad.rd_max  <= reject(s_axil_wstrb, 4'h1, s_axil_wdata[7:0] == 8'd0 || s_axil_wdata[7:0] > 8'(TRACK_DEPTH));
                w_bad.wr_max  <= reject(s_axil_wstrb, 4'h2, s_axil_wdata[15:8] == 8'd0 || s_axil_wdata[15:8] > 8'(TRACK_DEPTH));
            end
        end
    end
    assign s_axil_awready = awready_q;
    assign s_axil_wready  = wready_q;
    assign s_axil_arready = arready_q;

    // ------------------------------------------------------------------ the request starting now
    wire dec_t dec = start_wr ? aw_dec : ar_dec;
    // the state the request starts into, decoded as its address was accepted (dec_t: PREP, or RESP
    // when no block takes it; issue 17: the decode between the state and its next value, 7 LUT levels,
    // was the critical path at one seed at 4 ports, 133.4 MHz)
    wire state_t to = start_wr ? aw_dec.wr_to : ar_dec.rd_to;
    wire to_block   = !to[I_RESP];
    // a write's rejected fields, from the write's own flags (used only when the write starts)
    wire   unlocked    = !locked;
    wire   rej_period  = unlocked && aw_dec.at_period && w_bad.period;
    wire   rej_glimit  = unlocked && aw_dec.at_glimit && w_bad.glimit;
    wire   rej_nominal = unlocked && aw_dec.at_cfg && w_bad.nominal;
    wire   rej_rd_max  = unlocked && aw_dec.at_limits && w_bad.rd_max;
    wire   rej_wr_max  = unlocked && aw_dec.at_limits && w_bad.wr_max;
    wire [31:0] keep = ~({32{rej_period}} | {23'h0, {9{rej_nominal}}} | {24'h0, {8{rej_glimit || rej_rd_max}}}
                         | {16'h0, {8{rej_wr_max}}, 8'h0});
    // ------------------------------------------------------------------ request to one block
    logic                 resp_err;
    logic [31:0]          resp_data;
    logic                 bvalid_q, rvalid_q;
    logic                 is_g_q;                   // the global block is addressed, held for the answer
    logic [N_PORTS-1:0]   port_sel;                 // the addressed port (one-hot), held for the answer

    wire               stall   = (g_req && g_stall) || |(p_req & p_stall);

    // every block's answer registered as it comes. Only the addressed block answers (each has its own
    // request), so the acks are ORed across the blocks into one flop, with no selection behind it (issue
    // 17: the selection -> the state, critical with the decode above); each block's error is registered
    // with its ack and ORed after the flops (it only reaches the response's flop); the read data is
    // selected by the addressed block as it comes
    logic              ack;
    logic [N_PORTS:0]  ans_err;                     // bit N_PORTS: the global block
    logic [31:0]       ans_data;                    // the addressed block's read data, selected as it comes
    always_ff @(posedge clk) begin
        if (!rst_n) begin
            {ack, ans_err, ans_data} <= '0;
        end else begin
            ack     <= req_is_wr ? |{g_wr_ack, p_wr_ack} : |{g_rd_ack, p_rd_ack};
            ans_err <= req_is_wr ? {g_wr_err, p_wr_err} & {g_wr_ack, p_wr_ack}
                                 : {g_rd_err, p_rd_err} & {g_rd_ack, p_rd_ack};
            ans_data <= '0;
            if (is_g_q) ans_data <= g_rd_data;
            for (int i = 0; i < N_PORTS; i++)
                if (port_sel[i]) ans_data <= p_rd_data[i*32 +: 32];
        end
    end
    wire ack_err = |ans_err;
    always_ff @(posedge clk) begin
        if (!rst_n) begin
            state       <= IDLE;
            prefer_rd   <= 1'b0;
            g_req       <= 1'b0;
            p_req       <= '0;
            is_g_q      <= 1'b0;
            port_sel    <= '0;
            bvalid_q    <= 1'b0;
            rvalid_q    <= 1'b0;
            period_err  <= 1'b0;
            glimit_err  <= 1'b0;
            nominal_err <= '0;
            limit_err   <= '0;
        end else begin
            period_err  <= start_wr && rej_period;
            glimit_err  <= start_wr && rej_glimit;
            nominal_err <= {N_PORTS{start_wr && rej_nominal}} & aw_dec.port_onehot;
            limit_err   <= {N_PORTS{start_wr && (rej_rd_max || rej_wr_max)}} & aw_dec.port_onehot;
            // (the state's flags are one-hot: one branch applies)
            if (start_wr || start_rd) begin             // (IDLE)
                prefer_rd <= start_wr;
                is_g_q    <= dec.is_global;
                port_sel  <= dec.port_onehot;
                // a block's request waits a cycle behind its offset (PREP): the block compares the held
                // offset for its decode and read-back in registers (python/hyperconnect/regs.py); no
                // block there (or a counter write): SLVERR at once (RESP), nothing touched
                state    <= to;
                bvalid_q <= start_wr && !to_block;
                rvalid_q <= start_rd && !to_block;
            end
            if (state[I_PREP]) begin                    // the block's offset has been held a cycle
                g_req <= is_g_q;
                p_req <= port_sel;
                state <= REQ;
            end
            // the request is taken in its one cycle whatever the block's stall: the blocks are generated
            // without their stall mask (python/hyperconnect/regs.py), so the stall is not in front of the
            // state (issue 17: the blocks' stall logic -> the state's enable was 6 LUT levels)
            if (state[I_REQ]) begin                     // its answer comes registered
                g_req <= 1'b0;
                p_req <= '0;
                state <= WAIT;
            end
            if (state[I_WAIT] && ack) begin
                state    <= RESP;
                bvalid_q <= req_is_wr;
                rvalid_q <= !req_is_wr;
            end
            if (state[I_RESP] && ((bvalid_q && s_axil_bready) || (rvalid_q && s_axil_rready))) begin
                state    <= IDLE;
                bvalid_q <= 1'b0;
                rvalid_q <= 1'b0;
            end
        end
    end

    // the read data: the addressed block's registered answer, loaded in every cycle a read waits for it
    // (the last load is the ack's cycle, which ends WAIT), and zero again once the answer is taken, so it
    // is zero for every other answer (a write's, or a read answered here). While RVALID is low RDATA may
    // show what the block presents while the read waits (AXI: RDATA counts only with RVALID). The load enable is the state
    // and the kind, flops only (issue 17: the accepted write's flag -> start_wr -> the clear of these 32
    // flops, 8.8 ns of routing, was the critical path at one seed at 8 ports; the ack's selection across
    // the blocks -> this enable, 6.8 ns of routing, at one seed at 4 ports)
    always_ff @(posedge clk) begin
        if (!rst_n || (rvalid_q && s_axil_rready)) resp_data <= '0;
        else if (state[I_WAIT] && !req_is_wr)      resp_data <= ans_data;
    end
    // request payload and the answer's error
    always_ff @(posedge clk) begin
        if (!rst_n) begin
            {req_is_wr, req_addr, req_wr_data, req_wr_biten, resp_err} <= '0;
            {g_req_is_wr, g_req_addr, p_req_is_wr, p_req_addr} <= '0;
        end else if (start_wr || start_rd) begin
            req_is_wr    <= start_wr;
            req_addr     <= dec.word;
            req_wr_data  <= w_data;
            req_wr_biten <= w_bits & keep;
            resp_err     <= !to_block;
            // each block's own copy of the kind and offset, loaded only when that block is addressed: no
            // two copies are the same flip-flop, so the placer puts each beside its block (issue 17: the
            // shared request flops ran into every block's read-back decode, 8.7-9.3 ns of routing on the
            // Fmax-limiting paths). A counter write, answered here, loads its port's copy too (the block
            // is idle then).
            if (dec.is_global) {g_req_is_wr, g_req_addr} <= {start_wr, dec.word};
            for (int i = 0; i < N_PORTS; i++)
                if (dec.port_onehot[i]) {p_req_is_wr[i], p_req_addr[i*7 +: 7]} <= {start_wr, dec.word[6:0]};
        end else if (state[I_WAIT] && ack) begin
            resp_err  <= ack_err;
        end
    end

    assign s_axil_bvalid = bvalid_q;
    assign s_axil_bresp  = resp_err ? 2'b10 : 2'b00;       // SLVERR
    assign s_axil_rvalid = rvalid_q;
    assign s_axil_rresp  = resp_err ? 2'b10 : 2'b00;
    assign s_axil_rdata  = resp_data;

    /* verilator lint_off UNUSEDSIGNAL */
    // (the ranged-register flags of `dec` are used from aw_dec: only writes are range-checked; its
    // port and counter flags and target states from aw_dec/ar_dec, through `to`)
    wire unused = &{1'b0, s_axil_awprot, s_axil_arprot, s_axil_awaddr[1:0], s_axil_araddr[1:0], dec.at_period,
                    dec.at_glimit, dec.at_cfg, dec.at_limits, dec.at_cnt, dec.is_port, dec.rd_to, dec.wr_to};
    /* verilator lint_on UNUSEDSIGNAL */
`ifndef SYNTHESIS
    always_ff @(posedge clk)
        if (rst_n && !$onehot(state))
            $error("hc_regs_axil: state %b is not one-hot", state);
    // the contract above: the blocks no longer mask a request with their stall
    always_ff @(posedge clk)
        if (rst_n && state[I_REQ] && stall)
            $error("hc_regs_axil: a block stalls the request it is presented (the contract in the header is broken)");
`endif
endmodule
