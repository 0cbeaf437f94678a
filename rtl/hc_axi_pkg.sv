// SPDX-License-Identifier: Apache-2.0
// hc_axi_pkg — AXI definitions shared by the modules of axi_hyperconnect: burst kinds and the rules a
// request must keep (used where a verdict is computed: hc_guard, or the request buffers in front of it).
// Parameters: none (functions take the widths they need).
package hc_axi_pkg;
    localparam logic [1:0] BURST_FIXED = 2'b00;
    localparam logic [1:0] BURST_INCR  = 2'b01;
    localparam logic [1:0] BURST_WRAP  = 2'b10;

    // Does the burst obey the AXI burst rules and fit a bus of 2**max_size bytes? AxBURST reserved,
    // AxSIZE too wide, FIXED longer than 16 beats, WRAP not 2/4/8/16 beats or unaligned, INCR crossing
    // 4 KB (counted from the size-aligned start) break them. Only the page offset of the address matters.
    function automatic logic burst_legal(input logic [11:0] addr, input logic [7:0] len, input logic [2:0] size,
                                         input logic [1:0] burst, input int max_size);
        logic [11:0] aligned;
        logic [15:0] last_beat;                                        // INCR: page offset of the last beat
        aligned   = addr & (12'hFFF << size);
        last_beat = 16'(aligned) + (16'(len) << size);
        if (32'(size) > max_size) return 1'b0;
        unique case (burst)
            BURST_FIXED: return len <= 8'd15;
            BURST_INCR:  return last_beat < 16'd4096;
            BURST_WRAP:  return (len == 8'd1 || len == 8'd3 || len == 8'd7 || len == 8'd15)
                                && (addr[6:0] & ~(7'h7F << size)) == '0;
            default:     return 1'b0;
        endcase
    endfunction

    // Is the 4 KB page inside the window [lo, hi) (pages; hi exclusive)? Always, when the window is off.
    // Page numbers are zero-extended to 53 bits (64-bit addresses); synthesis drops the constant bits.
    function automatic logic page_in_window(input logic [52:0] page, input logic en, input logic [52:0] lo,
                                            input logic [52:0] hi);
        return !en || (page >= lo && page < hi);
    endfunction

    // An up/down count's next value, n + up - down, with the late handshakes only selecting among n + 1,
    // n - 1 and n (prepared in parallel) instead of entering an adder's carry chain. Counts up to 16 bits
    // (the caller truncates to its width).
    function automatic logic [15:0] count_step(input logic [15:0] n, input logic up, input logic down);
        unique case ({up, down})
            2'b10:   return n + 16'd1;
            2'b01:   return n - 16'd1;
            default: return n;
        endcase
    endfunction

    // Whether count_step(n, up, down) is 0, for a zero flag kept in a flip-flop beside the count: n == 1
    // is compared from the count's flops in parallel, the late handshakes only select.
    function automatic logic count_zero_next(input logic [15:0] n, input logic zero, input logic up,
                                             input logic down);
        unique case ({up, down})
            2'b10:   return 1'b0;
            2'b01:   return n == 16'd1;
            default: return zero;
        endcase
    endfunction

    // Bytes of a burst, (AxLEN + 1) << AxSIZE (at most 256 << 7 = 2^15): the splitter's nominal step, the
    // counters' byte counts.
    function automatic logic [15:0] burst_bytes(input logic [7:0] len, input logic [2:0] size);
        return 16'({1'b0, len} + 9'd1) << size;
    endfunction

    // The nominal length register's value from NOMINAL_LEN (beats, 9 bits), in AxLEN form: 0 is taken as
    // 1 beat, above 256 as 256 (axi_burst_equalizer; hc_supervisor's request buffers).
    function automatic logic [7:0] nominal_axlen(input logic [8:0] beats);
        return (beats == 9'd0) ? 8'd0 : (beats > 9'd256) ? 8'd255 : 8'(beats - 9'd1);
    endfunction

    // The counter bank (hc_counter_bank) of `ports` ports: the most cycles between two takes of one
    // port's pending sum (its round of 8 steps per port, stretched at most twice by software reads: each
    // holds the round for 2 cycles or fewer, and they come 6 or more cycles apart), and the widths of the
    // pending sums kept at each port
    // (hc_port_counters) that hold that many cycles of events: bytes (at most 256 << 7 = 2^15 per
    // request) and events (at most one per cycle).
    function automatic int cnt_gap(input int ports);
        return 2 * 8 * ports;
    endfunction
    function automatic int cnt_bytes_bits(input int ports);
        return 16 + $clog2(cnt_gap(ports));
    endfunction
    function automatic int cnt_events_bits(input int ports);
        return $clog2(cnt_gap(ports) + 1);
    endfunction
    // a port's pending sums side by side, {stall, wr_txn, rd_txn, wr_bytes, rd_bytes}
    function automatic int cnt_pend_bits(input int ports);
        return 2 * cnt_bytes_bits(ports) + 3 * cnt_events_bits(ports);
    endfunction
endpackage
