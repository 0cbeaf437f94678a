// SPDX-License-Identifier: Apache-2.0
// ps/hls_types.hpp — Vitis HLS's arbitrary-precision types cross a ps::stream as their bytes: include it
// after ap_int.h / ap_fixed.h to send ap_int, ap_uint, ap_fixed and ap_ufixed to another process or through
// the PL bridge. They are bitwise-movable (their value is their bytes; no pointers) but not trivially
// copyable (user-provided copy constructors), so ps::stream cannot tell on its own. Private rings (threads of
// one process) take them without this header.
//
// Structs of them (hls::axis / ap_axiu side-channel structs, your own records) are declared the same way,
// once per concrete type:   PS_STREAM_BITWISE(ap_axiu<64, 1, 1, 1>);
#pragma once

#include <type_traits>

#include "stream.hpp"

#ifdef __AP_DECL_H__                       // the guard of Vitis's ap_decl.h, which declares the templates
namespace ps {
template <int W>
struct bitwise_movable<ap_int<W>> : std::true_type {};
template <int W>
struct bitwise_movable<ap_uint<W>> : std::true_type {};
template <int W, int I, ap_q_mode Q, ap_o_mode O, int N>
struct bitwise_movable<ap_fixed<W, I, Q, O, N>> : std::true_type {};
template <int W, int I, ap_q_mode Q, ap_o_mode O, int N>
struct bitwise_movable<ap_ufixed<W, I, Q, O, N>> : std::true_type {};
}  // namespace ps
#endif
