// hc_guard — address window of one axi_hyperconnect port (issue 5, "address window"): a request whose
// bytes are not all inside [cfg_win_base, cfg_win_base + cfg_win_size) is never forwarded; the guard
// answers it itself with DECERR (a read: AxLEN+1 R beats, RRESP = DECERR, RLAST on the last; a write:
// its W beats are accepted and dropped, then one B with BRESP = DECERR), and pulses fault_rd / fault_wr.
// With cfg_win_en low every request passes.
//
// Ordering: responses of one ID must return in order (AXI), so a rejected request is answered only after
// every request of its direction forwarded before it has completed; meanwhile no new request of that
// direction is accepted. A write's data is forwarded only once its AW has been forwarded (the guard
// holds W until it knows where the beats go; AXI lets a slave wait for AW before accepting W), so data of
// a rejected write never reaches memory, even when the accelerator sends W before AW.
// Bytes covered by a burst: INCR from the start address to the end of its last beat; FIXED one beat;
// WRAP the whole wrap container. A window of size 0 rejects everything. The verdict is taken in the cycle a
// request is first presented: a window change while a forwarded request waits for READY does not
// withdraw it (AXI: VALID may not fall before its handshake).
// Latency (cycles, input VALID -> output VALID): AR 0 | AW 0 | W 0 | R 0 | B 0 (combinational check and
// gates); a W beat that arrives in the same cycle as its AW passes in that cycle.
// Parameters: ADDR_WIDTH, DATA_WIDTH, ID_WIDTH, COUNT_WIDTH (bursts in flight per direction, default 9).
// Formal: the properties at the end (`ifdef FORMAL`) are proven by tests/formal/hc_guard.sby (bounded to
//   24 cycles and by k-induction).
// Runtime: cfg_win_en, cfg_win_base, cfg_win_size (bytes; up to 2**ADDR_WIDTH), sampled per request.
module hc_guard #(
    parameter int ADDR_WIDTH  = 32,
    parameter int DATA_WIDTH  = 64,
    parameter int ID_WIDTH    = 4,
    parameter int COUNT_WIDTH = 9
) (
    input  logic                    aclk,
    input  logic                    aresetn,
    input  logic                    cfg_win_en,
    input  logic [ADDR_WIDTH-1:0]   cfg_win_base,
    input  logic [ADDR_WIDTH:0]     cfg_win_size,
    output logic                    fault_rd,            // one-cycle pulse per rejected read
    output logic                    fault_wr,            // one-cycle pulse per rejected write
    // slave side (accelerator)
    input  logic [ID_WIDTH-1:0]     s_axi_awid,
    input  logic [ADDR_WIDTH-1:0]   s_axi_awaddr,
    input  logic [7:0]              s_axi_awlen,
    input  logic [2:0]              s_axi_awsize,
    input  logic [1:0]              s_axi_awburst,
    input  logic                    s_axi_awvalid,
    output logic                    s_axi_awready,
    input  logic                    s_axi_wlast,
    input  logic                    s_axi_wvalid,
    output logic                    s_axi_wready,
    output logic [ID_WIDTH-1:0]     s_axi_bid,
    output logic [1:0]              s_axi_bresp,
    output logic                    s_axi_bvalid,
    input  logic                    s_axi_bready,
    input  logic [ID_WIDTH-1:0]     s_axi_arid,
    input  logic [ADDR_WIDTH-1:0]   s_axi_araddr,
    input  logic [7:0]              s_axi_arlen,
    input  logic [2:0]              s_axi_arsize,
    input  logic [1:0]              s_axi_arburst,
    input  logic                    s_axi_arvalid,
    output logic                    s_axi_arready,
    output logic [ID_WIDTH-1:0]     s_axi_rid,
    output logic [DATA_WIDTH-1:0]   s_axi_rdata,
    output logic [1:0]              s_axi_rresp,
    output logic                    s_axi_rlast,
    output logic                    s_axi_rvalid,
    input  logic                    s_axi_rready,
    // master side: the address and data payloads pass unchanged (the instantiating module connects
    // them straight through), so only handshakes and responses are here
    output logic                    m_axi_awvalid,
    input  logic                    m_axi_awready,
    output logic                    m_axi_wvalid,
    input  logic                    m_axi_wready,
    input  logic [ID_WIDTH-1:0]     m_axi_bid,
    input  logic [1:0]              m_axi_bresp,
    input  logic                    m_axi_bvalid,
    output logic                    m_axi_bready,
    output logic                    m_axi_arvalid,
    input  logic                    m_axi_arready,
    input  logic [ID_WIDTH-1:0]     m_axi_rid,
    input  logic [DATA_WIDTH-1:0]   m_axi_rdata,
    input  logic [1:0]              m_axi_rresp,
    input  logic                    m_axi_rlast,
    input  logic                    m_axi_rvalid,
    output logic                    m_axi_rready
);
    initial begin
        if (ADDR_WIDTH < 12 || ADDR_WIDTH > 64)
            $fatal(1, "hc_guard: ADDR_WIDTH must be 12..64 (got %0d)", ADDR_WIDTH);
        if (COUNT_WIDTH < 2 || COUNT_WIDTH > 16)
            $fatal(1, "hc_guard: COUNT_WIDTH must be 2..16 (got %0d)", COUNT_WIDTH);
    end

    localparam logic [1:0] DECERR = 2'b11;
    localparam int         XW     = ADDR_WIDTH + 2;        // address arithmetic without overflow

    // Is the whole burst inside the window?
    function automatic logic in_window(input logic [ADDR_WIDTH-1:0] addr, input logic [7:0] len,
                                    input logic [2:0] size, input logic [1:0] burst,
                                    input logic [ADDR_WIDTH-1:0] base, input logic [ADDR_WIDTH:0] wsize);
        logic [XW-1:0] beat, span, first, last_excl, lo, hi;
        beat  = XW'(1) << size;
        span  = (burst == 2'b00) ? beat : (XW'(len) + XW'(1)) << size;       // FIXED: one beat
        first = XW'(addr);
        if (burst == 2'b10) begin                                            // WRAP: the container
            first     = first & ~(span - XW'(1));
            last_excl = first + span;
        end else begin                                                       // INCR/FIXED: from addr
            last_excl = (first & ~(beat - XW'(1))) + span;                   // to its last beat's end
        end
        lo = XW'(base);
        hi = XW'(base) + XW'(wsize);
        return first >= lo && last_excl <= hi;
    endfunction

    wire ar_ok = !cfg_win_en || in_window(s_axi_araddr, s_axi_arlen, s_axi_arsize, s_axi_arburst, cfg_win_base,
                                       cfg_win_size);
    wire aw_ok = !cfg_win_en || in_window(s_axi_awaddr, s_axi_awlen, s_axi_awsize, s_axi_awburst, cfg_win_base,
                                       cfg_win_size);

    // ---- reads
    logic [COUNT_WIDTH-1:0] rd_out;                  // forwarded ARs without their RLAST
    logic                   rd_err;                  // a rejected read is pending or being answered
    logic [ID_WIDTH-1:0]    rd_err_id;
    logic [8:0]             rd_err_left;             // DECERR beats still to send
    wire                    rd_local = rd_err && rd_out == '0;   // answering it now

    logic                   ar_presented;            // forwarded last cycle, not yet accepted
    wire                    ar_pass = ar_ok || ar_presented;   // the verdict of its first cycle stands

    assign m_axi_arvalid = s_axi_arvalid && ar_pass && !rd_err;
    assign s_axi_arready = !rd_err && (ar_pass ? m_axi_arready : 1'b1);
    assign s_axi_rvalid  = rd_local ? 1'b1 : m_axi_rvalid;
    assign m_axi_rready  = !rd_local && s_axi_rready;
    assign s_axi_rid     = rd_local ? rd_err_id : m_axi_rid;
    assign s_axi_rdata   = rd_local ? '0 : m_axi_rdata;
    assign s_axi_rresp   = rd_local ? DECERR : m_axi_rresp;
    assign s_axi_rlast   = rd_local ? (rd_err_left == 9'd1) : m_axi_rlast;

    wire ar_fwd  = m_axi_arvalid && m_axi_arready;
    wire ar_rej  = s_axi_arvalid && !ar_pass && !rd_err;
    wire r_done  = m_axi_rvalid && m_axi_rready && m_axi_rlast;
    wire r_local = rd_local && s_axi_rready;
    assign fault_rd = ar_rej;

    always_ff @(posedge aclk) begin
        if (!aresetn) begin
            rd_out <= '0; rd_err <= 1'b0; rd_err_id <= '0; rd_err_left <= '0; ar_presented <= 1'b0;
        end else begin
            ar_presented <= m_axi_arvalid && !m_axi_arready;
            rd_out <= rd_out + COUNT_WIDTH'(ar_fwd) - COUNT_WIDTH'(r_done);
            if (ar_rej) begin
                rd_err <= 1'b1; rd_err_id <= s_axi_arid; rd_err_left <= 9'(s_axi_arlen) + 9'd1;
            end else if (r_local) begin
                rd_err_left <= rd_err_left - 9'd1;
                if (rd_err_left == 9'd1) rd_err <= 1'b0;
            end
        end
    end

    // ---- writes
    logic [COUNT_WIDTH-1:0] wr_out;                  // forwarded AWs without their B
    logic [COUNT_WIDTH-1:0] w_owed;                  // forwarded AWs whose WLAST has not passed
    logic                   wr_err;                  // a rejected write is pending (data, then B)
    logic                   wr_err_data;             // its data is being dropped
    logic [ID_WIDTH-1:0]    wr_err_id;

    logic aw_presented;                              // forwarded last cycle, not yet accepted
    wire  aw_pass  = aw_ok || aw_presented;
    wire aw_fwd   = m_axi_awvalid && m_axi_awready;
    wire aw_rej   = s_axi_awvalid && !aw_pass && !wr_err;
    wire w_pass   = w_owed != '0 || aw_fwd;          // the next beat belongs to a forwarded AW
    wire w_drop   = !w_pass && wr_err_data;          // ... or to the rejected one
    wire b_local  = wr_err && !wr_err_data && wr_out == '0;

    assign m_axi_awvalid = s_axi_awvalid && aw_pass && !wr_err;
    assign s_axi_awready = !wr_err && (aw_pass ? m_axi_awready : 1'b1);
    assign m_axi_wvalid  = s_axi_wvalid && w_pass;
    assign s_axi_wready  = w_pass ? m_axi_wready : w_drop;
    assign s_axi_bvalid  = b_local ? 1'b1 : m_axi_bvalid;
    assign m_axi_bready  = !b_local && s_axi_bready;
    assign s_axi_bid     = b_local ? wr_err_id : m_axi_bid;
    assign s_axi_bresp   = b_local ? DECERR : m_axi_bresp;
    assign fault_wr      = aw_rej;

    wire w_last_fwd = m_axi_wvalid && m_axi_wready && s_axi_wlast;
    wire w_last_drop = w_drop && s_axi_wvalid && s_axi_wlast;
    wire b_done = m_axi_bvalid && m_axi_bready;

    always_ff @(posedge aclk) begin
        if (!aresetn) begin
            wr_out <= '0; w_owed <= '0; wr_err <= 1'b0; wr_err_data <= 1'b0; wr_err_id <= '0;
            aw_presented <= 1'b0;
        end else begin
            aw_presented <= m_axi_awvalid && !m_axi_awready;
            wr_out <= wr_out + COUNT_WIDTH'(aw_fwd) - COUNT_WIDTH'(b_done);
            w_owed <= w_owed + COUNT_WIDTH'(aw_fwd) - COUNT_WIDTH'(w_last_fwd);
            if (aw_rej) begin
                wr_err <= 1'b1; wr_err_data <= 1'b1; wr_err_id <= s_axi_awid;
            end
            if (w_last_drop) wr_err_data <= 1'b0;
            if (b_local && s_axi_bready) wr_err <= 1'b0;
        end
    end

`ifdef FORMAL
    // Properties (tests/formal/hc_guard.sby): the accelerator and the rest of the interconnect obey the
    // AXI handshake rules (assumed); then the guard does too, whatever software does to the window
    // registers meanwhile, forwards only requests inside the window, answers rejected ones with DECERR,
    // never forwards write data of a rejected write, and keeps its counters consistent.
    logic f_past = 1'b0, f_was_reset = 1'b1;
    always_ff @(posedge aclk) begin
        f_past      <= 1'b1;
        f_was_reset <= !aresetn;
    end
    always_comb if (!f_past) assume (!aresetn);
    wire f_live = f_past && aresetn && !f_was_reset;

    always_ff @(posedge aclk) if (f_live) begin
        // accelerator side: requests and data stay until accepted
        if ($past(s_axi_arvalid && !s_axi_arready))
            assume (s_axi_arvalid && $stable({s_axi_arid, s_axi_araddr, s_axi_arlen, s_axi_arsize, s_axi_arburst}));
        if ($past(s_axi_awvalid && !s_axi_awready))
            assume (s_axi_awvalid && $stable({s_axi_awid, s_axi_awaddr, s_axi_awlen, s_axi_awsize, s_axi_awburst}));
        if ($past(s_axi_wvalid && !s_axi_wready)) assume (s_axi_wvalid && $stable(s_axi_wlast));
        // interconnect side: responses stay until accepted
        if ($past(m_axi_rvalid && !m_axi_rready))
            assume (m_axi_rvalid && $stable({m_axi_rid, m_axi_rresp, m_axi_rlast}));
        if ($past(m_axi_bvalid && !m_axi_bready)) assume (m_axi_bvalid && $stable({m_axi_bid, m_axi_bresp}));

        // the guard obeys the same rules on both sides
        if ($past(m_axi_arvalid && !m_axi_arready)) assert (m_axi_arvalid);
        if ($past(m_axi_awvalid && !m_axi_awready)) assert (m_axi_awvalid);
        if ($past(m_axi_wvalid && !m_axi_wready)) assert (m_axi_wvalid);
        if ($past(s_axi_rvalid && !s_axi_rready))
            assert (s_axi_rvalid && $stable({s_axi_rid, s_axi_rresp, s_axi_rlast}));
        if ($past(s_axi_bvalid && !s_axi_bready)) assert (s_axi_bvalid && $stable({s_axi_bid, s_axi_bresp}));
    end
    always_comb if (aresetn) begin
        // the interconnect answers only what was forwarded (B after the burst's data)
        if (m_axi_rvalid) assume (rd_out != '0);
        if (m_axi_bvalid) assume (wr_out > w_owed);
        assume (!(rd_out == '1 && m_axi_arvalid));     // counters sized for the interconnect's depth
        assume (!(wr_out == '1 && m_axi_awvalid));
        // a request enters the interconnect only inside the window (checked when first presented)
        if (m_axi_arvalid && !ar_presented && cfg_win_en)
            assert (in_window(s_axi_araddr, s_axi_arlen, s_axi_arsize, s_axi_arburst, cfg_win_base, cfg_win_size));
        if (m_axi_awvalid && !aw_presented && cfg_win_en)
            assert (in_window(s_axi_awaddr, s_axi_awlen, s_axi_awsize, s_axi_awburst, cfg_win_base, cfg_win_size));
        // write data goes downstream only for forwarded writes; a rejected write's data never does
        if (m_axi_wvalid) assert (w_owed != '0 || (m_axi_awvalid && m_axi_awready));
        if (w_drop) assert (!w_pass);
        // local answers are DECERR, RLAST exactly on the last of AxLEN + 1 beats, after the forwarded ones
        if (rd_local) assert (rd_out == '0 && rd_err_left != '0 && s_axi_rresp == DECERR);
        if (b_local) assert (wr_out == '0 && s_axi_bresp == DECERR);
        assert (w_owed <= wr_out);
        // invariants (true in every reachable state; they make the induction go through)
        if (rd_err) assert (rd_err_left != '0 && rd_err_left <= 9'd256);
        assert (!(ar_presented && rd_err) && !(aw_presented && wr_err));
        if (wr_err_data) assert (wr_err);
    end
`endif
endmodule
