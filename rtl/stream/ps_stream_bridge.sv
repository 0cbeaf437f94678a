// SPDX-License-Identifier: Apache-2.0
// ps_stream_bridge — the ps::stream PL bridge (paper 003, Fig. 1(c)): N_TO_PL streams from processor
// memory to the fabric (AXI4-Stream masters) and N_FROM_PL streams from the fabric to processor memory
// (AXI4-Stream slaves), all served round-robin over one AXI4 master port. Each stream is a ring in memory
// with the layout of sw/psstream/include/ps/layout.hpp; the software side is ps::stream. Base addresses
// and enables are run-time registers (AXI4-Lite, rdl/ps_stream_bridge.rdl).
//
//   s_axil -> ps_stream_regs (PeakRDL) -> ps_stream_csr_regs per stream: base, enable / status, element count
//   ps_stream_to_pl   x N_TO_PL   (consumer of a ring: tail read when empty, burst reads, head writes) -> m_axis
//   ps_stream_from_pl x N_FROM_PL (producer of a ring: burst writes, head read when full, tail writes) <- s_axis
//   ps_stream_port: one AXI4 master, reads and writes arbitrated separately, one ID, in-order routing
//
// Latency: register write -> stream running: a header read and a pointer read (2 memory round trips).
//   PS->PL: an element the producer published reaches m_axis one tail read + one burst read later.
//   PL->PS: a full burst of elements is in memory one write round trip, and visible (tail) one more
//   write round trip, after its last element arrived; a shorter one IDLE cycles later.
// Parameters: N_TO_PL, N_FROM_PL (1..8 each), ADDR_WIDTH (13..64), DATA_WIDTH (the AXI bus, power of two
//   32..1024), ELEM_BYTES (the streams' element width, a power of two 1..DATA_WIDTH/8, default the bus
//   width: narrower elements move in narrow bursts, one per beat, so a stream of them carries ELEM_BYTES
//   per cycle), ID_WIDTH, MAX_BURST (beats, power of two), BUF_DEPTH (elements buffered per stream), MAX_RD_OUT / MAX_WR_OUT (transactions in flight per direction), IDLE (PL->PS flush),
//   POLL_GAP (cycles between pointer reads that found nothing new: an idle stream's cost on the port).
// irq: a stream stopped with an error and its IRQ_EN bit is set.
// rtl/ holds two IPs, axi_hyperconnect and this one: read together, each is a top
/* verilator lint_off MULTITOP */
module ps_stream_bridge #(
    parameter int N_TO_PL    = 1,
    parameter int N_FROM_PL  = 1,
    parameter int ADDR_WIDTH = 32,
    parameter int DATA_WIDTH = 128,
    parameter int ELEM_BYTES = DATA_WIDTH / 8,
    parameter int ID_WIDTH   = 1,
    parameter int MAX_BURST  = 64,
    parameter int BUF_DEPTH  = 256,
    parameter int MAX_RD_OUT = 8,
    parameter int MAX_WR_OUT = 8,
    parameter int IDLE       = 4,
    parameter int POLL_GAP   = 32,
    localparam int NB = DATA_WIDTH / 8,
    localparam int EW = ELEM_BYTES * 8
) (
    input  logic                            aclk,
    input  logic                            aresetn,
    output logic                            irq,
    // AXI4-Lite control
    input  logic [9:0]                      s_axil_awaddr,
    input  logic [2:0]                      s_axil_awprot,
    input  logic                            s_axil_awvalid,
    output logic                            s_axil_awready,
    input  logic [31:0]                     s_axil_wdata,
    input  logic [3:0]                      s_axil_wstrb,
    input  logic                            s_axil_wvalid,
    output logic                            s_axil_wready,
    output logic [1:0]                      s_axil_bresp,
    output logic                            s_axil_bvalid,
    input  logic                            s_axil_bready,
    input  logic [9:0]                      s_axil_araddr,
    input  logic [2:0]                      s_axil_arprot,
    input  logic                            s_axil_arvalid,
    output logic                            s_axil_arready,
    output logic [31:0]                     s_axil_rdata,
    output logic [1:0]                      s_axil_rresp,
    output logic                            s_axil_rvalid,
    input  logic                            s_axil_rready,
    // AXI4 master towards processor memory
    output logic [ID_WIDTH-1:0]             m_axi_arid,
    output logic [ADDR_WIDTH-1:0]           m_axi_araddr,
    output logic [7:0]                      m_axi_arlen,
    output logic [2:0]                      m_axi_arsize,
    output logic [1:0]                      m_axi_arburst,
    output logic [3:0]                      m_axi_arcache,
    output logic [2:0]                      m_axi_arprot,
    output logic                            m_axi_arvalid,
    input  logic                            m_axi_arready,
    input  logic [ID_WIDTH-1:0]             m_axi_rid,
    input  logic [DATA_WIDTH-1:0]           m_axi_rdata,
    input  logic [1:0]                      m_axi_rresp,
    input  logic                            m_axi_rlast,
    input  logic                            m_axi_rvalid,
    output logic                            m_axi_rready,
    output logic [ID_WIDTH-1:0]             m_axi_awid,
    output logic [ADDR_WIDTH-1:0]           m_axi_awaddr,
    output logic [7:0]                      m_axi_awlen,
    output logic [2:0]                      m_axi_awsize,
    output logic [1:0]                      m_axi_awburst,
    output logic [3:0]                      m_axi_awcache,
    output logic [2:0]                      m_axi_awprot,
    output logic                            m_axi_awvalid,
    input  logic                            m_axi_awready,
    output logic [DATA_WIDTH-1:0]           m_axi_wdata,
    output logic [NB-1:0]                   m_axi_wstrb,
    output logic                            m_axi_wlast,
    output logic                            m_axi_wvalid,
    input  logic                            m_axi_wready,
    input  logic [ID_WIDTH-1:0]             m_axi_bid,
    input  logic [1:0]                      m_axi_bresp,
    input  logic                            m_axi_bvalid,
    output logic                            m_axi_bready,
    // streams to the fabric (stream i in bits [i*EW +: EW], EW = 8 * ELEM_BYTES)
    output logic [N_TO_PL*EW-1:0]           m_axis_tdata,
    output logic [N_TO_PL-1:0]              m_axis_tvalid,
    input  logic [N_TO_PL-1:0]              m_axis_tready,
    // streams from the fabric
    input  logic [N_FROM_PL*EW-1:0]         s_axis_tdata,
    input  logic [N_FROM_PL-1:0]            s_axis_tvalid,
    output logic [N_FROM_PL-1:0]            s_axis_tready
);
    localparam int U = N_TO_PL + N_FROM_PL;
    initial begin
        if (N_TO_PL < 1 || N_TO_PL > 8 || N_FROM_PL < 1 || N_FROM_PL > 8)
            $fatal(1, "ps_stream_bridge: N_TO_PL and N_FROM_PL must be 1..8 (got %0d, %0d)", N_TO_PL, N_FROM_PL);
    end

    // ---- registers
    ps_stream_regs_pkg::ps_stream_bridge__in_t  hwif_in;
    ps_stream_regs_pkg::ps_stream_bridge__out_t hwif_out;
    ps_stream_regs u_regs (
        .clk(aclk), .rst_n(aresetn),
        .s_axil_awready, .s_axil_awvalid, .s_axil_awaddr, .s_axil_awprot, .s_axil_wready, .s_axil_wvalid,
        .s_axil_wdata, .s_axil_wstrb, .s_axil_bready, .s_axil_bvalid, .s_axil_bresp, .s_axil_arready,
        .s_axil_arvalid, .s_axil_araddr, .s_axil_arprot, .s_axil_rready, .s_axil_rvalid, .s_axil_rdata,
        .s_axil_rresp, .hwif_in, .hwif_out
    );

    // ---- unit <-> port
    logic [U-1:0]            rd_req, rd_grant, r_valid, wr_req, wr_grant, w_pull, b_valid, running, busy;
    ps_stream_pkg::kind_e                   rd_kind [U], wr_kind [U];
    logic [ADDR_WIDTH-1:0]   rd_addr [U], wr_addr [U], base [U];
    logic [7:0]              rd_len [U], wr_len [U];
    logic [31:0]             wr_value [U], elements [U];
    logic [EW-1:0]           w_data [U];
    ps_stream_pkg::error_e                  error [U];
    ps_stream_pkg::kind_e                   r_kind, b_kind;
    logic [DATA_WIDTH-1:0]   r_data;
    logic                    r_last, r_err, b_err;
    logic [7:0]              b_len;
    logic [15:0]             stopped;

    // one register block per stream the bridge is built with (STREAM[i] is external to u_regs); the map's
    // other STREAM blocks answer at once: read 0, writes ignored
    logic [U-1:0] cfg_enable;
    for (genvar i = 0; i < U; i++) begin : g_csr
        ps_stream_csr_regs_pkg::ps_stream_csr__in_t  csr_in;
        ps_stream_csr_regs_pkg::ps_stream_csr__out_t csr_out;
        logic stall_wr, stall_rd, rd_err, wr_err;
        ps_stream_csr_regs u_csr (
            .clk(aclk), .rst_n(aresetn),
            .s_cpuif_req(hwif_out.STREAM[i].req), .s_cpuif_req_is_wr(hwif_out.STREAM[i].req_is_wr),
            .s_cpuif_addr(hwif_out.STREAM[i].addr), .s_cpuif_wr_data(hwif_out.STREAM[i].wr_data),
            .s_cpuif_wr_biten(hwif_out.STREAM[i].wr_biten), .s_cpuif_req_stall_wr(stall_wr),
            .s_cpuif_req_stall_rd(stall_rd), .s_cpuif_rd_ack(hwif_in.STREAM[i].rd_ack), .s_cpuif_rd_err(rd_err),
            .s_cpuif_rd_data(hwif_in.STREAM[i].rd_data), .s_cpuif_wr_ack(hwif_in.STREAM[i].wr_ack),
            .s_cpuif_wr_err(wr_err), .hwif_in(csr_in), .hwif_out(csr_out)
        );
        if (ADDR_WIDTH > 32) begin : g_wide
            assign base[i] = {csr_out.BASE_HI.value.value[ADDR_WIDTH-33:0], csr_out.BASE_LO.value.value};
        end else begin : g_narrow
            assign base[i] = csr_out.BASE_LO.value.value[ADDR_WIDTH-1:0];
        end
        assign cfg_enable[i]               = csr_out.CTRL.enable.value;
        assign csr_in.STATUS.running.next  = running[i];
        assign csr_in.STATUS.busy.next     = busy[i];
        assign csr_in.STATUS.error.next    = error[i];
        assign csr_in.ELEMENTS.count.next  = elements[i];
        // the block never stalls (no external registers inside); a bad address or a write to a read-only
        // register is answered without effect (the external interface carries no error)
        logic unused_csr;
        assign unused_csr = &{1'b0, stall_wr, stall_rd, rd_err, wr_err};
    end
    for (genvar i = U; i < 16; i++) begin : g_absent
        assign hwif_in.STREAM[i].rd_ack  = hwif_out.STREAM[i].req && !hwif_out.STREAM[i].req_is_wr;
        assign hwif_in.STREAM[i].rd_data = '0;
        assign hwif_in.STREAM[i].wr_ack  = hwif_out.STREAM[i].req && hwif_out.STREAM[i].req_is_wr;
    end
    assign hwif_in.BUILD.n_to_pl.next    = 5'(N_TO_PL);
    assign hwif_in.BUILD.n_from_pl.next  = 5'(N_FROM_PL);
    assign hwif_in.BUILD.elem_bytes.next = 8'(ELEM_BYTES);

    // a stream that enters the error state raises its IRQ_STATUS bit
    logic [U-1:0] err_q;
    always_ff @(posedge aclk) begin
        for (int i = 0; i < U; i++) err_q[i] <= aresetn && error[i] != ps_stream_pkg::E_NONE;
    end
    always_comb begin
        stopped = '0;
        for (int i = 0; i < U; i++) stopped[i] = error[i] != ps_stream_pkg::E_NONE && !err_q[i];
    end
    assign hwif_in.IRQ_STATUS.stopped.next = hwif_out.IRQ_STATUS.stopped.value | stopped;
    assign hwif_in.IRQ_STATUS.stopped.we   = stopped != '0;
    assign irq = |(hwif_out.IRQ_STATUS.stopped.value & hwif_out.IRQ_EN.stopped.value);

    // ---- stream units
    for (genvar i = 0; i < N_TO_PL; i++) begin : g_to_pl
        ps_stream_to_pl #(.ADDR_WIDTH(ADDR_WIDTH), .DATA_WIDTH(DATA_WIDTH), .ELEM_BYTES(ELEM_BYTES), .MAX_BURST(MAX_BURST),
                          .BUF_DEPTH(BUF_DEPTH), .POLL_GAP(POLL_GAP)) u_unit (
            .aclk, .aresetn, .cfg_enable(cfg_enable[i]), .cfg_base(base[i]),
            .running(running[i]), .busy(busy[i]), .error(error[i]), .elements(elements[i]),
            .rd_req(rd_req[i]), .rd_kind(rd_kind[i]), .rd_addr(rd_addr[i]), .rd_len(rd_len[i]),
            .rd_grant(rd_grant[i]), .r_valid(r_valid[i]), .r_kind, .r_data, .r_last, .r_err,
            .wr_req(wr_req[i]), .wr_kind(wr_kind[i]), .wr_addr(wr_addr[i]), .wr_len(wr_len[i]),
            .wr_value(wr_value[i]), .wr_grant(wr_grant[i]), .b_valid(b_valid[i]), .b_err,
            .m_axis_tdata(m_axis_tdata[i*EW +: EW]), .m_axis_tvalid(m_axis_tvalid[i]),
            .m_axis_tready(m_axis_tready[i])
        );
        assign w_data[i] = '0;
    end
    for (genvar j = 0; j < N_FROM_PL; j++) begin : g_from_pl
        localparam int I = N_TO_PL + j;
        ps_stream_from_pl #(.ADDR_WIDTH(ADDR_WIDTH), .DATA_WIDTH(DATA_WIDTH), .ELEM_BYTES(ELEM_BYTES), .MAX_BURST(MAX_BURST),
                            .BUF_DEPTH(BUF_DEPTH), .IDLE(IDLE), .POLL_GAP(POLL_GAP)) u_unit (
            .aclk, .aresetn, .cfg_enable(cfg_enable[I]), .cfg_base(base[I]),
            .running(running[I]), .busy(busy[I]), .error(error[I]), .elements(elements[I]),
            .rd_req(rd_req[I]), .rd_kind(rd_kind[I]), .rd_addr(rd_addr[I]), .rd_len(rd_len[I]),
            .rd_grant(rd_grant[I]), .r_valid(r_valid[I]), .r_kind, .r_data, .r_last, .r_err,
            .wr_req(wr_req[I]), .wr_kind(wr_kind[I]), .wr_addr(wr_addr[I]), .wr_len(wr_len[I]),
            .wr_value(wr_value[I]), .wr_grant(wr_grant[I]), .w_pull(w_pull[I]), .w_data(w_data[I]),
            .b_valid(b_valid[I]), .b_kind, .b_len, .b_err,
            .s_axis_tdata(s_axis_tdata[j*EW +: EW]), .s_axis_tvalid(s_axis_tvalid[j]),
            .s_axis_tready(s_axis_tready[j])
        );
    end

    // ---- the one AXI port
    ps_stream_port #(.U(U), .ADDR_WIDTH(ADDR_WIDTH), .DATA_WIDTH(DATA_WIDTH), .ELEM_BYTES(ELEM_BYTES), .ID_WIDTH(ID_WIDTH),
                     .MAX_RD_OUT(MAX_RD_OUT), .MAX_WR_OUT(MAX_WR_OUT)) u_port (
        .aclk, .aresetn, .rd_req, .rd_kind, .rd_addr, .rd_len, .rd_grant, .r_valid, .r_kind, .r_data, .r_last,
        .r_err, .wr_req, .wr_kind, .wr_addr, .wr_len, .wr_value, .wr_grant, .w_pull, .w_data, .b_valid, .b_kind,
        .b_len, .b_err,
        .m_axi_arid, .m_axi_araddr, .m_axi_arlen, .m_axi_arsize, .m_axi_arburst, .m_axi_arcache, .m_axi_arprot,
        .m_axi_arvalid, .m_axi_arready, .m_axi_rid, .m_axi_rdata, .m_axi_rresp, .m_axi_rlast, .m_axi_rvalid,
        .m_axi_rready, .m_axi_awid, .m_axi_awaddr, .m_axi_awlen, .m_axi_awsize, .m_axi_awburst, .m_axi_awcache,
        .m_axi_awprot, .m_axi_awvalid, .m_axi_awready, .m_axi_wdata, .m_axi_wstrb, .m_axi_wlast, .m_axi_wvalid,
        .m_axi_wready, .m_axi_bid, .m_axi_bresp, .m_axi_bvalid, .m_axi_bready
    );
endmodule
/* verilator lint_on MULTITOP */
