// SPDX-License-Identifier: Apache-2.0
// ps_stream_pkg — the ps::stream memory layout (version 1, sw/psstream/include/ps/layout.hpp) as the PL
// bridge sees it, the kinds of AXI transactions a stream unit asks for, and the header check.
package ps_stream_pkg;
    localparam logic [31:0] MAGIC       = 32'h5453_5350;   // "PSST" in memory order
    localparam logic [31:0] VERSION     = 32'd1;
    localparam int          TAIL_OFFSET = 'h080;
    localparam int          HEAD_OFFSET = 'h100;
    localparam int          DATA_OFFSET = 'h180;
    localparam int          HDR_BYTES   = 32;              // words 0..7: magic .. data_offset

    // what a stream unit asks the port for
    typedef enum logic [1:0] {
        K_HDR  = 2'd0,     // read the header (HDR_BYTES)
        K_TAIL = 2'd1,     // read or write the tail word
        K_HEAD = 2'd2,     // read or write the head word
        K_DATA = 2'd3      // read or write element slots
    } kind_e;

    // why a layout was refused (STATUS.error)
    typedef enum logic [2:0] {
        E_NONE     = 3'd0,
        E_MAGIC    = 3'd1, // no stream layout at the base address
        E_VERSION  = 3'd2,
        E_WIDTH    = 3'd3, // element width or slot size differs from the bridge's ELEM_BYTES
        E_CAPACITY = 3'd4, // not a power of two >= 2, or larger than the bridge can address
        E_OFFSETS  = 3'd5, // tail/head/data offsets differ from version 1's
        E_BUS      = 3'd6  // an AXI error response on one of the stream's transactions
    } error_e;

    // the smallest of four burst-size limits, each first saturated at max (a power of two): a
    // 32-bit value >= max is seen by an OR of its upper bits, so the compares are only log2(max)+1 wide
    function automatic logic [31:0] burst_min(input logic [31:0] a, input logic [31:0] b, input logic [31:0] c,
                                              input logic [31:0] d, input int max);
        localparam int SW = 10;                                          // covers max <= 256
        logic [SW-1:0] s [4];
        logic [SW-1:0] m01, m23;
        logic [31:0]   v [4];
        v = '{a, b, c, d};
        for (int k = 0; k < 4; k++) s[k] = (v[k] >> $clog2(max)) != 0 ? SW'(max) : SW'(v[k]);
        m01 = s[0] < s[1] ? s[0] : s[1];
        m23 = s[2] < s[3] ? s[2] : s[3];
        return 32'(m01 < m23 ? m01 : m23);
    endfunction

    // check header word k (bytes 4k..4k+3) on its own: the word's verdict, E_NONE if it is acceptable
    function automatic error_e check_word(input int k, input logic [31:0] w, input int elem_bytes);
        if (k < 0 || k >= HDR_BYTES / 4) return E_OFFSETS;             // not a header word
        case (k)
            0:       return w == MAGIC ? E_NONE : E_MAGIC;
            1:       return w == VERSION ? E_NONE : E_VERSION;
            2, 3:    return w == 32'(elem_bytes) ? E_NONE : E_WIDTH;       // elem_bytes, slot_bytes
            4:       return w >= 32'd2 && (w & (w - 32'd1)) == 32'd0 && !w[31] ? E_NONE : E_CAPACITY;
            5:       return w == 32'(TAIL_OFFSET) ? E_NONE : E_OFFSETS;
            6:       return w == 32'(HEAD_OFFSET) ? E_NONE : E_OFFSETS;
            default: return w == 32'(DATA_OFFSET) ? E_NONE : E_OFFSETS;
        endcase
    endfunction
endpackage
