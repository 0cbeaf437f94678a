// SPDX-License-Identifier: Apache-2.0
// Every combination of the stream macros (ps/hls_compat.hpp), compiled twice: for a processor core
// (ps::stream) and as HLS sees it (-D__SYNTHESIS__, hls::stream from the stand-in header, which models
// Vitis's relation hls::stream<T, D> : hls::stream<T>). Sized and unsized streams of a native type and of an
// ap_uint are passed to functions taking STREAM_REF; one thread writes all, calls, reads all (C-simulation
// style), so the core build also shows the unbounded single-thread behaviour.
#include <cstdint>
#include <cstdio>

#include "ap_int.h"
#include "ps/hls_compat.hpp"

namespace {

template <typename T>
void fill(STREAM_REF(T) s, int n) {
    for (int i = 0; i < n; ++i) STREAM_WRITE(s, T(i));
}
std::int64_t drain(STREAM_REF(int) s, int n) {
    std::int64_t sum = 0;
    for (int i = 0; i < n; ++i) sum += STREAM_READ(s);
    return sum;
}
std::int64_t drain_wide(STREAM_REF(ap_uint<12>) s, int n) {
    std::int64_t sum = 0;
    for (int i = 0; i < n; ++i) sum += std::int64_t(STREAM_READ(s).to_uint64());
    return sum;
}
// an operator passing its streams on, by reference, unsized to unsized
void copy(STREAM_REF(int) in, STREAM_REF(int) out, int n) {
    for (int i = 0; i < n; ++i) STREAM_WRITE(out, STREAM_READ(in));
}

}  // namespace

int main() {
    STREAM(int, plain);
    STREAM_DEPTH(int, 64, sized);
    STREAM_DEPTH(int, 5, odd);
    STREAM(ap_uint<12>, wide);
    STREAM_DEPTH(ap_uint<12>, 16, wide_sized);
    constexpr int n = 3000;                         // beyond every capacity: a single thread at both ends
    int bad = 0;
    const std::int64_t want = std::int64_t(n) * (n - 1) / 2;
    fill<int>(plain, n);
    fill<int>(sized, n);
    fill<int>(odd, n);
    copy(odd, plain, n);                            // sized in, unsized out
    bad |= (drain(plain, 2 * n) != 2 * want) << 0;
    copy(sized, odd, n);                            // sized to sized through unsized references
    bad |= (drain(odd, n) != want) << 1;
    fill<ap_uint<12>>(wide, n);
    fill<ap_uint<12>>(wide_sized, n);
    std::int64_t w = 0;                             // ap_uint<12> wraps at 4096: the sum of i mod 4096
    for (int i = 0; i < n; ++i) w += i % 4096;
    bad |= (drain_wide(wide, n) != w) << 2;
    bad |= (drain_wide(wide_sized, n) != w) << 3;
    std::printf("stream macros: %s\n", bad ? "FAILED" : "ok");
    return bad;
}
