// SPDX-License-Identifier: Apache-2.0
// scale_op.hpp — an operator written once against the stream macros (ps/hls_compat.hpp): it runs as a
// thread on a processor core (ps::stream) or is synthesized by HLS for the fabric (hls::stream). It reads
// a count n, then n samples; after each sample it writes the running sum of gain * sample, and at the end
// the total once more.
#pragma once

#include <cstdint>

#include "ps/hls_compat.hpp"

inline void scale_op(STREAM_REF(std::int32_t) in, STREAM_REF(std::int32_t) out, std::int32_t gain) {
    const std::int32_t n = STREAM_READ(in);
    std::int32_t sum = 0;
    for (std::int32_t i = 0; i < n; ++i) {
#ifdef __SYNTHESIS__
#pragma HLS PIPELINE II = 1
#endif
        sum += STREAM_READ(in) * gain;
        STREAM_WRITE(out, sum);
    }
    STREAM_WRITE(out, sum);
}
