// SPDX-License-Identifier: Apache-2.0
// hc_port_counters_tb — two ports' hc_port_counters sharing one hc_counter_bank, with the time base they
// have inside axi_hyperconnect (the cycle count of hc_period), for the cocotb tests. Port 0's events are
// the inputs without a suffix, port 1's the `_1` inputs; software reads the bank through cpu_*.
module hc_port_counters_tb #(
    parameter int PORTS = 2
) (
    input  logic        clk,
    input  logic        rst_n,
    input  logic        clear,
    input  logic        ar_fire,
    input  logic [7:0]  ar_len,
    input  logic [2:0]  ar_size,
    input  logic        aw_fire,
    input  logic [7:0]  aw_len,
    input  logic [2:0]  aw_size,
    input  logic        r_last_fire,
    input  logic        stall,
    input  logic        clear_1,
    input  logic        ar_fire_1,
    input  logic [7:0]  ar_len_1,
    input  logic [2:0]  ar_size_1,
    input  logic        aw_fire_1,
    input  logic [7:0]  aw_len_1,
    input  logic [2:0]  aw_size_1,
    input  logic        stall_1,
    input  logic        cpu_req,
    input  logic        cpu_port,
    input  logic [2:0]  cpu_word,
    output logic        cpu_ack,
    output logic        cpu_ack_port,
    output logic [31:0] cpu_data,
    output logic        ar_room,
    output logic [31:0] max_rd_latency
);
    localparam int PW = hc_axi_pkg::cnt_pend_bits(PORTS);
    logic [32:0]      now;
    logic             recharge_unused, ar_room_1;
    logic [PORTS*5-1:0]  take;
    logic [PORTS*PW-1:0] pend;
    logic [31:0]      max_1;
    // port 1 completes each read the cycle after it was accepted (its stamps never fill: ar_room_1 stays up)
    logic             r_last_1;
    always_ff @(posedge clk) r_last_1 <= rst_n && ar_fire_1;
    hc_period u_period (.clk, .rst_n, .cfg_period(32'd1000), .recharge(recharge_unused), .recharge_next(),
                        .now);
    hc_port_counters #(.PORTS(PORTS)) u_counters (
        .clk, .rst_n, .clear, .now, .ar_fire, .ar_len, .ar_size, .aw_fire, .aw_len, .aw_size, .r_last_fire,
        .stall, .ar_room, .take(take[0 +: 5]), .pend(pend[0 +: PW]), .max_rd_latency
    );
    hc_port_counters #(.PORTS(PORTS)) u_counters_1 (
        .clk, .rst_n, .clear(clear_1), .now, .ar_fire(ar_fire_1), .ar_len(ar_len_1),
        .ar_size(ar_size_1), .aw_fire(aw_fire_1), .aw_len(aw_len_1), .aw_size(aw_size_1),
        .r_last_fire(r_last_1), .stall(stall_1), .ar_room(ar_room_1), .take(take[5 +: 5]),
        .pend(pend[PW +: PW]), .max_rd_latency(max_1)
    );
    hc_counter_bank #(.PORTS(PORTS)) u_bank (
        .clk, .rst_n, .clear({clear_1, clear}), .pend, .take, .cpu_req, .cpu_port, .cpu_word, .cpu_ack,
        .cpu_ack_port, .cpu_data
    );
    /* verilator lint_off UNUSEDSIGNAL */
    wire unused_ok = &{1'b0, max_1, ar_room_1};
    /* verilator lint_on UNUSEDSIGNAL */
endmodule
