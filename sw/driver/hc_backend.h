// SPDX-License-Identifier: Apache-2.0
/* hc_backend.h — how the HyperConnect driver reaches the registers.
 *
 * The driver never touches memory itself: every access goes through one of these, so the same driver
 * runs bare-metal (a pointer), under Linux (UIO + mmap) and in simulation (a Verilator harness that
 * drives the RTL's s_axil port). Offsets are byte offsets from the register map's base.
 */
#ifndef HC_BACKEND_H
#define HC_BACKEND_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct hc_backend {
    uint32_t (*read32)(void *ctx, uint32_t offset);
    void (*write32)(void *ctx, uint32_t offset, uint32_t value);
    void *ctx;
} hc_backend;

/* Bare metal: registers mapped at `base` (volatile 32-bit accesses). */
void hc_backend_baremetal(hc_backend *be, volatile void *base);

/* Linux UIO: open /dev/uio<N> (path given), mmap map 0 of `size` bytes. Returns 0 or -errno; the
 * mapping is released by hc_backend_uio_close. */
typedef struct hc_uio {
    int fd;
    volatile void *base;
    uint32_t size;
} hc_uio;
int hc_backend_uio_open(hc_backend *be, hc_uio *uio, const char *path, uint32_t size);
void hc_backend_uio_close(hc_uio *uio);

#ifdef __cplusplus
}
#endif

#endif
