// SPDX-License-Identifier: Apache-2.0
/* dmabuf_sim_unit.c — the driver's simulation DMA buffers (hc_dmabuf_alloc_sim) against a fake memory: the
 * argument checks, a fresh buffer zero on both sides, and sync as the only thing that moves data, exactly the
 * range asked for, in the direction asked for. One line per check, then "N passed, M failed". */
#include <stdio.h>
#include <string.h>

#include "hc_dmabuf.h"

#define MEM_BASE 0x1000u
#define MEM_SIZE 512u

static unsigned char memory[MEM_SIZE];   /* bus MEM_BASE .. MEM_BASE + MEM_SIZE - 1 */
static int broken;                       /* the memory refuses every access */
static int passed, failed;

static void check(int ok, const char *what) {
    printf("%s: %s\n", ok ? "ok  " : "FAIL", what);
    if (ok) passed++;
    else failed++;
}

static int inside(uint64_t bus, size_t size) {
    return !broken && bus >= MEM_BASE && bus - MEM_BASE <= MEM_SIZE && size <= MEM_SIZE - (bus - MEM_BASE);
}
static int mem_read(void *ctx, uint64_t bus, void *dst, size_t size) {
    (void)ctx;
    if (!inside(bus, size)) return -1;
    memcpy(dst, memory + (bus - MEM_BASE), size);
    return 0;
}
static int mem_write(void *ctx, uint64_t bus, const void *src, size_t size) {
    (void)ctx;
    if (!inside(bus, size)) return -1;
    memcpy(memory + (bus - MEM_BASE), src, size);
    return 0;
}

static int all(const unsigned char *p, size_t n, unsigned char v) {
    for (size_t i = 0; i < n; i++)
        if (p[i] != v) return 0;
    return 1;
}

int main(void) {
    static unsigned char host[256];
    const hc_dmabuf_sim_mem mem = {NULL, mem_read, mem_write};
    const hc_dmabuf_sim_mem no_read = {NULL, NULL, mem_write};
    hc_dmabuf b;
    uint64_t bus = 0;

    check(hc_dmabuf_alloc_sim(NULL, host, sizeof host, &mem, MEM_BASE) == HC_ERR_ARG, "no buffer struct: HC_ERR_ARG");
    check(hc_dmabuf_alloc_sim(&b, NULL, sizeof host, &mem, MEM_BASE) == HC_ERR_ARG && b.kind == HC_DMABUF_NONE &&
              b.why[0] != '\0', "no host memory: HC_ERR_ARG, the buffer empty, a reason");
    check(hc_dmabuf_alloc_sim(&b, host, sizeof host, &no_read, MEM_BASE) == HC_ERR_ARG, "a missing callback: HC_ERR_ARG");
    check(hc_dmabuf_alloc_sim(&b, host, 0, &mem, MEM_BASE) == HC_ERR_RANGE, "size 0: HC_ERR_RANGE");
    check(hc_dmabuf_alloc_sim(&b, host, sizeof host, &mem, UINT64_MAX - 100) == HC_ERR_RANGE,
          "past the end of the address space: HC_ERR_RANGE");
    check(hc_dmabuf_alloc_sim(&b, host, sizeof host, &mem, MEM_BASE + MEM_SIZE - 10) == HC_ERR_OS &&
              b.kind == HC_DMABUF_NONE && strstr(b.why, "simulated memory") != NULL,
          "a memory that refuses the range: HC_ERR_OS, the buffer empty");

    memset(memory, 0xAA, sizeof memory);
    memset(host, 0x55, sizeof host);
    check(hc_dmabuf_alloc_sim(&b, host, sizeof host, &mem, MEM_BASE + 64) == HC_OK && b.kind == HC_DMABUF_SIM &&
              b.user == host && b.size == sizeof host && b.n_chunks == 1 && b.chunk[0].bus == MEM_BASE + 64 &&
              b.chunk[0].offset == 0 && b.chunk[0].size == sizeof host,
          "alloc: the caller's host memory, one chunk at the bus base");
    check(all(host, sizeof host, 0) && all(memory + 64, sizeof host, 0) && all(memory, 64, 0xAA) &&
              all(memory + 64 + sizeof host, MEM_SIZE - 64 - sizeof host, 0xAA),
          "a fresh buffer is zero on both sides; the memory around it untouched");
    check(hc_dmabuf_bus(&b, 100, &bus) == HC_OK && bus == MEM_BASE + 164 &&
              hc_dmabuf_bus(&b, sizeof host, &bus) == HC_ERR_RANGE, "bus addresses: base + offset, none past the end");

    memset(host, 0x11, sizeof host);
    check(all(memory + 64, sizeof host, 0), "a CPU write alone does not reach the memory");
    check(hc_dmabuf_sync(&b, HC_DMABUF_TO_DEVICE, 10, 20) == HC_OK && all(memory + 64, 10, 0) &&
              all(memory + 74, 20, 0x11) && all(memory + 94, sizeof host - 30, 0),
          "TO_DEVICE copies exactly the range to the memory");
    memset(memory + 64, 0x77, sizeof host);          /* the device writes the whole buffer */
    check(all(host, sizeof host, 0x11), "a device write alone does not reach the CPU's view");
    check(hc_dmabuf_sync(&b, HC_DMABUF_FROM_DEVICE, 200, 56) == HC_OK && all(host, 200, 0x11) &&
              all(host + 200, 56, 0x77), "FROM_DEVICE copies exactly the range to the CPU's view (to the end)");
    check(hc_dmabuf_sync(&b, HC_DMABUF_FROM_DEVICE, 256, 0) == HC_OK && hc_dmabuf_sync(&b, HC_DMABUF_TO_DEVICE, 0, 0) == HC_OK,
          "an empty range is a no-op");
    check(hc_dmabuf_sync(&b, HC_DMABUF_FROM_DEVICE, 250, 7) == HC_ERR_RANGE &&
              hc_dmabuf_sync(&b, HC_DMABUF_TO_DEVICE, 257, 0) == HC_ERR_RANGE &&
              hc_dmabuf_sync(&b, (hc_dmabuf_dir)0, 0, 1) == HC_ERR_ARG, "ranges past the end and no direction refused");
    broken = 1;
    check(hc_dmabuf_sync(&b, HC_DMABUF_TO_DEVICE, 0, 4) == HC_ERR_OS && strstr(b.why, "write of 4 bytes") != NULL &&
              hc_dmabuf_sync(&b, HC_DMABUF_FROM_DEVICE, 0, 4) == HC_ERR_OS && strstr(b.why, "read of 4 bytes") != NULL,
          "a memory access that fails: HC_ERR_OS with the reason");
    broken = 0;
    check(hc_dmabuf_free(&b) == HC_OK && b.kind == HC_DMABUF_NONE && b.user == NULL && b.n_chunks == 0 &&
              hc_dmabuf_sync(&b, HC_DMABUF_TO_DEVICE, 0, 1) == HC_ERR_ARG,
          "free empties the buffer; a sync after it is refused");
    host[0] = 1;                                     /* (the host memory is still the caller's) */

    printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
