// SPDX-License-Identifier: Apache-2.0
// ps/hls_compat.hpp — single-source stream operators (paper 003, Sec. III): the same operator code
// compiles with Vitis/Vivado HLS for the fabric (__SYNTHESIS__ defined: hls::stream) and with a normal
// C++17 compiler for a processor core (ps::stream).
//
//   STREAM(type, name)       declares a stream of `type` (depth: the tool's default)
//   STREAM_DEPTH(type, d, name)  ... with depth d
//   STREAM_REF(type)         the parameter type of a function taking a stream: STREAM_REF(int) in; a
//                            stream declared with STREAM_DEPTH binds to it too (sized is-a unsized, in
//                            both hls::stream and ps::stream)
//   STREAM_READ(s)           reads one element (blocking); an expression: x = STREAM_READ(s) + 1
//   STREAM_WRITE(s, v)       writes one element (blocking)
#pragma once

#ifdef __SYNTHESIS__
#include <hls_stream.h>
#define STREAM(type, name) hls::stream<type> name
#define STREAM_DEPTH(type, d, name) hls::stream<type, d> name
#define STREAM_REF(type) hls::stream<type>&
#else
#include "stream.hpp"
#define STREAM(type, name) ps::stream<type> name
#define STREAM_DEPTH(type, d, name) ps::stream<type, d> name
#define STREAM_REF(type) ps::stream<type>&
#endif

#define STREAM_READ(s) ((s).read())
#define STREAM_WRITE(s, v) ((s).write(v))
