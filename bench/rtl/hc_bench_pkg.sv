// hc_bench_pkg — definitions shared by the simulation-only bench RTL.
package hc_bench_pkg;
    // The byte the bench memory holds at an address never written, and the byte the traffic generator
    // writes there: bits [31:24] of a[31:0] * 0x9E3779B1 (python mirror: hyperconnect.model.pattern_byte).
    function automatic logic [7:0] pattern(input logic [63:0] a);
        logic [31:0] p;
        p = a[31:0] * 32'h9E3779B1;
        return p[31:24];
    endfunction
endpackage
