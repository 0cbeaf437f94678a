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

    // check the header words (word k = bytes 4k..4k+3)
    function automatic error_e check_header(input logic [HDR_BYTES*8-1:0] h, input int elem_bytes);
        logic [31:0] w [8];
        for (int k = 0; k < 8; k++) w[k] = h[32*k +: 32];
        if (w[0] != MAGIC)                                              return E_MAGIC;
        if (w[1] != VERSION)                                            return E_VERSION;
        if (w[2] != 32'(elem_bytes) || w[3] != 32'(elem_bytes))         return E_WIDTH;
        if (w[4] < 32'd2 || (w[4] & (w[4] - 32'd1)) != 32'd0 || w[4][31]) return E_CAPACITY;
        if (w[5] != 32'(TAIL_OFFSET) || w[6] != 32'(HEAD_OFFSET) || w[7] != 32'(DATA_OFFSET)) return E_OFFSETS;
        return E_NONE;
    endfunction
endpackage
