// SPDX-License-Identifier: Apache-2.0
/* hc_backend_uio.c — register access under Linux through a UIO device and mmap. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include "hc_backend.h"

static uint32_t uio_read32(void *ctx, uint32_t offset) {
    const hc_uio *uio = ctx;
    return *(volatile uint32_t *)((volatile uint8_t *)uio->base + offset);
}

static void uio_write32(void *ctx, uint32_t offset, uint32_t value) {
    const hc_uio *uio = ctx;
    *(volatile uint32_t *)((volatile uint8_t *)uio->base + offset) = value;
}

int hc_backend_uio_open(hc_backend *be, hc_uio *uio, const char *path, uint32_t size) {
    uio->fd = open(path, O_RDWR | O_SYNC);
    if (uio->fd < 0) return -errno;
    void *p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, uio->fd, 0);
    if (p == MAP_FAILED) {
        int err = errno;
        close(uio->fd);
        uio->fd = -1;
        return -err;
    }
    uio->base = p;
    uio->size = size;
    be->read32 = uio_read32;
    be->write32 = uio_write32;
    be->ctx = uio;
    return 0;
}

void hc_backend_uio_close(hc_uio *uio) {
    if (uio->base) munmap((void *)(uintptr_t)uio->base, uio->size);
    if (uio->fd >= 0) close(uio->fd);
    uio->base = NULL;
    uio->fd = -1;
}
