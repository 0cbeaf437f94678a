// SPDX-License-Identifier: Apache-2.0
// A stand-in for Vitis HLS's ap_axi_sdata.h (not available here): the AXI4-Stream side-channel struct HLS
// operators stream, with the classic ap_axiu<D, U, TI, TD> signature. Its members are ap_uint, so it is not
// trivially copyable; packed: ceil of each field's bits to bytes, alignment 1.
#pragma once
#include "ap_int.h"

template <int D, int U, int TI, int TD>
struct ap_axiu {
    ap_uint<D> data;
    ap_uint<(D + 7) / 8> keep;
    ap_uint<(D + 7) / 8> strb;
    ap_uint<U> user;
    ap_uint<1> last;
    ap_uint<TI> id;
    ap_uint<TD> dest;
};
