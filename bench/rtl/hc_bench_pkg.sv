// SPDX-License-Identifier: Apache-2.0
// hc_bench_pkg — definitions shared by the simulation-only bench RTL.
package hc_bench_pkg;
    // The byte the bench memory holds at an address never written, and the byte the traffic generator
    // writes there: bits [31:24] of a[31:0] * 0x9E3779B1 (python mirror: hyperconnect.model.pattern_byte).
    function automatic logic [7:0] pattern(input logic [63:0] a);
        logic [31:0] p;
        p = a[31:0] * 32'h9E3779B1;
        return p[31:24];
    endfunction

    // The byte a bench memory (written bytes by address) holds at `a`: the written one, else the pattern.
    function automatic logic [7:0] stored_byte(ref logic [7:0] mem [longint], input longint a);
        return mem.exists(a) ? mem[a] : pattern(64'(a));
    endfunction

    // The address of beat `beat` of an AXI burst (FIXED, INCR, WRAP; AxSIZE narrower than the bus too) —
    // the memory models' one copy.
    function automatic logic [63:0] beat_addr(input logic [63:0] addr, input logic [7:0] len,
                                              input logic [2:0] size, input logic [1:0] burst, input int beat);
        logic [63:0] bytes, aligned, wrap_size, base;
        bytes   = 64'(1) << size;
        aligned = addr & ~(bytes - 1);
        if (burst == 2'b00 || beat == 0) return addr;              // FIXED, or the first beat
        if (burst == 2'b10) begin                                  // WRAP
            wrap_size = bytes * 64'(int'(len) + 1);
            base      = addr & ~(wrap_size - 1);
            return base + ((aligned + 64'(beat) * bytes - base) % wrap_size);
        end
        return aligned + 64'(beat) * bytes;                        // INCR
    endfunction
endpackage
