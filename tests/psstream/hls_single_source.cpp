// SPDX-License-Identifier: Apache-2.0
// The example operator compiled as HLS would see it (__SYNTHESIS__, hls::stream from the stand-in header):
// the same source as on the processor; run sequentially, it gives the same sums.
#include <cstdio>

#include "scale_op.hpp"

int main() {
    STREAM(std::int32_t, in);
    STREAM(std::int32_t, out);
    STREAM_WRITE(in, 4);
    for (std::int32_t i = 1; i <= 4; ++i) STREAM_WRITE(in, i);
    scale_op(in, out, 2);
    std::int32_t last = 0;
    for (int i = 0; i < 5; ++i) last = STREAM_READ(out);
    std::printf("hls sum %d\n", last);
    return last == 20 ? 0 : 1;
}
