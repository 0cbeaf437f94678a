// SPDX-License-Identifier: Apache-2.0
/* flow.h — paper 002's software flow (Sec. 6, Fig. 6) as a plain C11 program over the driver's interfaces
 * (tests/fastlane_flow/flow.c): registers through an hc_backend, the data in an hc_dmabuf, completion by
 * interrupt. The harness (flow_main.cpp) supplies all three from the co-simulated bench top. */
#ifndef FASTLANE_FLOW_H
#define FASTLANE_FLOW_H

#include <stdint.h>

#include "hc_backend.h"
#include "hc_dmabuf.h"

#ifdef __cplusplus
extern "C" {
#endif

/* the accelerator's interrupt line: wait at most max_cycles for it to be high; 1 if it is, 0 if not
 * (max_cycles 0: its level now). On Linux this is a blocking read of /dev/uioN. */
typedef struct fastlane_irq {
    int (*wait)(void *ctx, uint32_t max_cycles);
    void *ctx;
} fastlane_irq;

/* one line per check ("ok  : ..." / "FAIL: ..."); the counts are the caller's to print */
void flow_check(int ok, const char *fmt, ...);
int flow_passed(void);
int flow_failed(void);

/* The flow: a 64 KB DMA buffer at bus address `bus_base` in the simulated memory `mem`; copies by the copy
 * engine at `regs`, each waited for on `irq`; every result checked byte for byte, and the two failure modes
 * of a missing sync shown. Returns the number of failed checks. */
int fastlane_flow(const hc_backend *regs, const hc_dmabuf_sim_mem *mem, const fastlane_irq *irq, uint64_t bus_base);

#ifdef __cplusplus
}
#endif

#endif
