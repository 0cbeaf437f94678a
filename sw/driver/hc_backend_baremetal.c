// SPDX-License-Identifier: Apache-2.0
/* hc_backend_baremetal.c — register access through a pointer (no OS). */
#include "hc_backend.h"

static uint32_t bm_read32(void *ctx, uint32_t offset) {
    return *(volatile uint32_t *)((volatile uint8_t *)ctx + offset);
}

static void bm_write32(void *ctx, uint32_t offset, uint32_t value) {
    *(volatile uint32_t *)((volatile uint8_t *)ctx + offset) = value;
}

void hc_backend_baremetal(hc_backend *be, volatile void *base) {
    be->read32 = bm_read32;
    be->write32 = bm_write32;
    be->ctx = (void *)(uintptr_t)base;
}
