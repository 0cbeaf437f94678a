// hc_port_counters_tb — one hc_port_counters with the time base it has inside axi_hyperconnect (the cycle
// count of hc_period), for the cocotb tests; the ports are the counters' own.
module hc_port_counters_tb (
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
    output logic        ar_room,
    output logic [63:0] rd_bytes,
    output logic [63:0] wr_bytes,
    output logic [31:0] rd_txn,
    output logic [31:0] wr_txn,
    output logic [31:0] stall_cycles,
    output logic [31:0] max_rd_latency
);
    logic [32:0] now;
    logic        recharge_unused;
    hc_period u_period (.clk, .rst_n, .cfg_period(32'd1000), .recharge(recharge_unused), .now);
    hc_port_counters u_counters (.clk, .rst_n, .clear, .now, .ar_fire, .ar_len, .ar_size, .aw_fire,
                                 .aw_len, .aw_size, .r_last_fire, .stall, .ar_room, .rd_bytes, .wr_bytes, .rd_txn,
                                 .wr_txn, .stall_cycles, .max_rd_latency);
endmodule
