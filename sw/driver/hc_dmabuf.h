// SPDX-License-Identifier: Apache-2.0
/* hc_dmabuf.h — DMA buffers for accelerators (paper 002 Sec. 6; issue 19): memory that software reaches at a
 * user address and an accelerator at its bus (physical) addresses, locked in RAM, described as physically
 * contiguous chunks. C11 with POSIX/Linux calls; no dynamic allocation of its own.
 *
 * Backends:
 *   hugepage  — anonymous memory in 2 MB pages (hugetlbfs pages if reserved, else transparent huge pages),
 *               locked; bus addresses from /proc/self/pagemap. Needs CAP_SYS_ADMIN to see physical
 *               addresses: without it HC_ERR_PERM, never a wrong address.
 *   u-dma-buf  — the u-dma-buf kernel driver's buffer <name>: /sys/class/u-dma-buf/<name>/{phys_addr,size}
 *               and /dev/<name> (both roots are arguments, so a test can point them at a fake tree);
 *               cache maintenance through its sync_* files.
 *   simulation — a model of a non-coherent DMA buffer for co-simulation: the user address is host memory the
 *               caller provides (static or its own allocation), the device's copy lives in the simulated
 *               memory at [bus_base, bus_base + size), reached through the caller's read/write callbacks
 *               (e.g. a DPI backdoor into the memory model). hc_dmabuf_sync is the cache maintenance:
 *               TO_DEVICE copies the range host -> memory, FROM_DEVICE memory -> host, nothing else moves
 *               data — a program that forgets a sync fails in simulation as it would on the hardware.
 * A failure leaves the buffer empty and says why in b->why (with errno's text).
 */
#ifndef HC_DMABUF_H
#define HC_DMABUF_H

#include <stddef.h>
#include <stdint.h>

#include "hyperconnect.h"

#ifdef __cplusplus
extern "C" {
#endif

#define HC_DMABUF_MAX_CHUNKS 64u

typedef struct hc_dmabuf_chunk {
    uint64_t bus;     /* bus address of the chunk's first byte */
    size_t offset;    /* its offset in the buffer */
    size_t size;      /* bytes, physically contiguous */
} hc_dmabuf_chunk;

typedef enum hc_dmabuf_kind {
    HC_DMABUF_NONE = 0, HC_DMABUF_HUGEPAGE, HC_DMABUF_UDMABUF, HC_DMABUF_SIM
} hc_dmabuf_kind;

/* cache maintenance around an accelerator's access (u-dma-buf's sync directions) */
typedef enum hc_dmabuf_dir { HC_DMABUF_TO_DEVICE = 1, HC_DMABUF_FROM_DEVICE = 2 } hc_dmabuf_dir;

/* simulation backend: the simulated memory, bytes at bus addresses (each callback returns 0 on success) */
typedef struct hc_dmabuf_sim_mem {
    void *ctx;
    int (*read)(void *ctx, uint64_t bus, void *dst, size_t size);         /* memory -> host */
    int (*write)(void *ctx, uint64_t bus, const void *src, size_t size);  /* host -> memory */
} hc_dmabuf_sim_mem;

typedef struct hc_dmabuf {
    hc_dmabuf_kind kind;
    void *user;                    /* the buffer, size bytes */
    size_t size;
    unsigned n_chunks;
    hc_dmabuf_chunk chunk[HC_DMABUF_MAX_CHUNKS];
    /* private */
    void *map;
    size_t map_size;
    int fd;
    char sysfs[256];               /* u-dma-buf: the buffer's sysfs directory */
    char why[192];                 /* why the last call failed */
    hc_dmabuf_sim_mem sim;         /* simulation: the memory's callbacks (a copy) */
} hc_dmabuf;

/* size bytes (rounded up to 2 MB) of locked huge-page memory with its bus addresses */
hc_status hc_dmabuf_alloc_hugepage(hc_dmabuf *b, size_t size);
/* u-dma-buf buffer `name`: sysfs_class e.g. "/sys/class/u-dma-buf", dev_dir e.g. "/dev" */
hc_status hc_dmabuf_alloc_udmabuf(hc_dmabuf *b, const char *name, const char *sysfs_class, const char *dev_dir);
/* simulation: `host` (size bytes, the caller's, kept until hc_dmabuf_free) is the user view, [bus_base,
 * bus_base + size) of the simulated memory the device's; both set to zero here (a fresh buffer). One chunk. */
hc_status hc_dmabuf_alloc_sim(hc_dmabuf *b, void *host, size_t size, const hc_dmabuf_sim_mem *mem, uint64_t bus_base);
/* before the accelerator reads [offset, offset + size) (TO_DEVICE) or after it wrote it (FROM_DEVICE) */
hc_status hc_dmabuf_sync(hc_dmabuf *b, hc_dmabuf_dir dir, size_t offset, size_t size);
/* the bus address of the buffer's byte at `offset` (HC_ERR_RANGE past its end) */
hc_status hc_dmabuf_bus(const hc_dmabuf *b, size_t offset, uint64_t *bus);
hc_status hc_dmabuf_free(hc_dmabuf *b);

#ifdef __cplusplus
}
#endif

#endif
