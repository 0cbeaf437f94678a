// SPDX-License-Identifier: Apache-2.0
/* flow.c — paper 002's software flow (Sec. 6, Fig. 6), plain C11 over the driver's interfaces: software fills
 * a DMA buffer at its user address, hands the accelerator (the copy engine, rdl/hc_copy_engine.rdl) bus
 * addresses inside it, starts it through its registers and sleeps until its interrupt; then reads the result
 * at the user address. The buffer is the simulation backend's (hc_dmabuf_alloc_sim): a non-coherent DMA
 * buffer, so every hand-over needs its hc_dmabuf_sync — and the last two cases show what goes wrong without. */
#include "flow.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "hc_copy_engine_regs.h"

#define REG(name) ((uint32_t)offsetof(hc_copy_engine_t, name))
#define BUF_SIZE ((size_t)64u << 10)       /* the buffer: source half, destination half */
#define DST_HALF (BUF_SIZE / 2)
#define GUARD 16u                          /* bytes either side of a destination that must not change */
#define IRQ_TIMEOUT 200000u                /* cycles */

static int n_passed, n_failed;

void flow_check(int ok, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    printf("%s: ", ok ? "ok  " : "FAIL");
    vprintf(fmt, ap);
    printf("\n");
    va_end(ap);
    if (ok) n_passed++;
    else n_failed++;
}
int flow_passed(void) { return n_passed; }
int flow_failed(void) { return n_failed; }

static uint32_t rd(const hc_backend *r, uint32_t off) { return r->read32(r->ctx, off); }
static void wr(const hc_backend *r, uint32_t off, uint32_t v) { r->write32(r->ctx, off, v); }

/* The accelerator copies `len` bytes at buffer offset `src` to offset `dst`: bus addresses in its registers,
 * start with the interrupt enabled, sleep until it comes, acknowledge it. Returns STATUS as read at the
 * interrupt (0 if none came); *bytes: the engine's BYTES register. */
static uint32_t dma_copy(const hc_backend *r, const fastlane_irq *irq, const hc_dmabuf *b, size_t src, size_t dst,
                         uint32_t len, uint32_t *bytes) {
    uint64_t s = 0, d = 0;
    if (hc_dmabuf_bus(b, src, &s) != HC_OK || hc_dmabuf_bus(b, dst, &d) != HC_OK) return 0;
    wr(r, REG(SRC_LO), (uint32_t)s);
    wr(r, REG(SRC_HI), (uint32_t)(s >> 32));
    wr(r, REG(DST_LO), (uint32_t)d);
    wr(r, REG(DST_HI), (uint32_t)(d >> 32));
    wr(r, REG(LEN), len);
    wr(r, REG(CTRL), HC_COPY_ENGINE__CTRL__START_bm | HC_COPY_ENGINE__CTRL__IRQ_EN_bm);
    if (!irq->wait(irq->ctx, IRQ_TIMEOUT)) return 0;
    const uint32_t status = rd(r, REG(STATUS));
    *bytes = rd(r, REG(BYTES));
    wr(r, REG(STATUS), HC_COPY_ENGINE__STATUS__DONE_bm | HC_COPY_ENGINE__STATUS__ERROR_bm);   /* irq falls */
    return status;
}

/* software's data: a different sequence for each seed */
static void fill(unsigned char *p, size_t n, uint32_t seed) {
    uint32_t x = seed * 2654435761u + 1u;
    for (size_t i = 0; i < n; i++) {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        p[i] = (unsigned char)(x >> 24);
    }
}

static size_t differ(const unsigned char *a, const unsigned char *b, size_t n) {
    size_t k = 0;
    for (size_t i = 0; i < n; i++) k += a[i] != b[i];
    return k;
}

static _Alignas(64) unsigned char host[BUF_SIZE];   /* the buffer's user view (the driver allocates nothing) */
static unsigned char saved[BUF_SIZE / 2 + 2 * GUARD];

/* the whole flow for one copy, every sync in its place; the destination's guard bytes must not change */
static void copy_case(const hc_backend *r, const fastlane_irq *irq, hc_dmabuf *b, size_t src, size_t dst,
                      uint32_t len, uint32_t seed) {
    unsigned char *u = b->user;
    const size_t lo = dst - GUARD, span = len + 2u * GUARD;
    uint32_t bytes = 0;
    hc_dmabuf_sync(b, HC_DMABUF_FROM_DEVICE, lo, span);          /* the destination as it is now */
    memcpy(saved, u + lo, span);
    fill(u + src, len, seed);                                   /* software prepares the input */
    const int to_dev = hc_dmabuf_sync(b, HC_DMABUF_TO_DEVICE, src, len) == HC_OK;
    const uint32_t status = dma_copy(r, irq, b, src, dst, len, &bytes);
    const int from_dev = hc_dmabuf_sync(b, HC_DMABUF_FROM_DEVICE, lo, span) == HC_OK;
    const size_t bad = differ(u + dst, u + src, len);
    const int guards = memcmp(u + lo, saved, GUARD) == 0 && memcmp(u + dst + len, saved + GUARD + len, GUARD) == 0;
    uint64_t bs = 0, bd = 0;
    hc_dmabuf_bus(b, src, &bs);
    hc_dmabuf_bus(b, dst, &bd);
    flow_check(to_dev && from_dev && (status & HC_COPY_ENGINE__STATUS__DONE_bm) &&
                   !(status & HC_COPY_ENGINE__STATUS__ERROR_bm) && bytes == len && bad == 0 && guards,
               "copy %5u bytes 0x%08llx -> 0x%08llx (offsets %zu -> %zu): irq, STATUS 0x%x, BYTES %u, "
               "%zu bytes differ, guards %s", len, (unsigned long long)bs, (unsigned long long)bd, src, dst,
               status, bytes, bad, guards ? "kept" : "CHANGED");
}

int fastlane_flow(const hc_backend *r, const hc_dmabuf_sim_mem *mem, const fastlane_irq *irq, uint64_t bus_base) {
    hc_dmabuf b;
    unsigned char *u = host;
    uint32_t bytes = 0;
    n_passed = n_failed = 0;

    flow_check(rd(r, REG(ID)) == HC_COPY_ENGINE__ID__MAGIC_reset, "the copy engine answers (ID 'HCCE')");
    flow_check(hc_dmabuf_alloc_sim(&b, host, BUF_SIZE, mem, bus_base) == HC_OK && b.kind == HC_DMABUF_SIM &&
                   b.user == host && b.n_chunks == 1 && b.chunk[0].bus == bus_base && b.chunk[0].size == BUF_SIZE,
               "a %zu KB simulated DMA buffer: user %p, bus 0x%08llx, one chunk", BUF_SIZE >> 10, (void *)host,
               (unsigned long long)bus_base);
    flow_check(hc_dmabuf_sync(&b, HC_DMABUF_TO_DEVICE, BUF_SIZE - 1, 2) == HC_ERR_RANGE &&
                   hc_dmabuf_sync(&b, (hc_dmabuf_dir)3, 0, 1) == HC_ERR_ARG,
               "a sync past the buffer's end or in no direction is refused");
    flow_check(irq->wait(irq->ctx, 0) == 0, "irq low before any copy");

    /* copies of odd lengths between odd offsets (a 4 KB page crossed, a single byte, a long one) */
    static const struct { size_t src, dst; uint32_t len; } cases[] = {
        {0, DST_HALF + 64, 4096},  {3, DST_HALF + 5 + 64, 1000},   {1, DST_HALF + 4090, 777},
        {7, DST_HALF + 64, 1},     {13, DST_HALF + 8191, 12345},   {4093, DST_HALF + 100, 3},
        {17, DST_HALF + 2048 + 6, 333}, {40, DST_HALF + 3000, 20000 - 40},
    };
    for (unsigned k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        copy_case(r, irq, &b, cases[k].src, cases[k].dst, cases[k].len, k + 1);
        if (k == 0) flow_check(irq->wait(irq->ctx, 0) == 0, "irq low again once STATUS.done is acknowledged");
    }

    /* LEN 0: the engine completes at once (interrupt too) and touches nothing */
    hc_dmabuf_sync(&b, HC_DMABUF_FROM_DEVICE, DST_HALF, DST_HALF);
    memcpy(saved, u + DST_HALF, DST_HALF);
    const uint32_t st0 = dma_copy(r, irq, &b, 0, DST_HALF + 64, 0, &bytes);
    hc_dmabuf_sync(&b, HC_DMABUF_FROM_DEVICE, DST_HALF, DST_HALF);
    flow_check((st0 & HC_COPY_ENGINE__STATUS__DONE_bm) && bytes == 0 && memcmp(saved, u + DST_HALF, DST_HALF) == 0,
               "LEN 0: done and irq at once, the destination half untouched");

    /* failure mode 1: no FROM_DEVICE sync — the CPU reads what its view held before the copy */
    {
        const size_t src = 101, dst = DST_HALF + 1003;
        const uint32_t len = 2500;
        hc_dmabuf_sync(&b, HC_DMABUF_FROM_DEVICE, dst, len);
        memcpy(saved, u + dst, len);
        fill(u + src, len, 77);
        hc_dmabuf_sync(&b, HC_DMABUF_TO_DEVICE, src, len);
        const uint32_t st = dma_copy(r, irq, &b, src, dst, len, &bytes);
        const size_t stale = differ(u + dst, u + src, len);
        flow_check((st & HC_COPY_ENGINE__STATUS__DONE_bm) && memcmp(u + dst, saved, len) == 0 && stale > len / 2,
                   "without FROM_DEVICE sync the CPU sees stale data: detected (%zu of %u bytes differ from the "
                   "source, all equal to the old contents)", stale, len);
        hc_dmabuf_sync(&b, HC_DMABUF_FROM_DEVICE, dst, len);
        flow_check(differ(u + dst, u + src, len) == 0, "the same buffer after the FROM_DEVICE sync: the copy, exact");
    }
    /* failure mode 2: no TO_DEVICE sync — the accelerator copies what the memory held, not the CPU's data */
    {
        const size_t src = 5000, dst = DST_HALF + 9000;
        const uint32_t len = 1500;
        static unsigned char device_src[1500], fresh[1500];
        hc_dmabuf_sync(&b, HC_DMABUF_FROM_DEVICE, src, len);
        memcpy(device_src, u + src, len);
        fill(u + src, len, 99);                               /* written by the CPU, never synced */
        memcpy(fresh, u + src, len);
        const uint32_t st = dma_copy(r, irq, &b, src, dst, len, &bytes);
        hc_dmabuf_sync(&b, HC_DMABUF_FROM_DEVICE, dst, len);
        const size_t missed = differ(u + dst, fresh, len);
        flow_check((st & HC_COPY_ENGINE__STATUS__DONE_bm) && differ(u + dst, device_src, len) == 0 && missed > len / 2,
                   "without TO_DEVICE sync the accelerator copies stale memory: detected (%zu of %u bytes are not "
                   "the CPU's)", missed, len);
    }
    flow_check(rd(r, REG(COPIES)) == sizeof cases / sizeof cases[0] + 3u, "COPIES counts every copy (%u)",
               rd(r, REG(COPIES)));
    flow_check(hc_dmabuf_free(&b) == HC_OK && b.kind == HC_DMABUF_NONE && b.user == NULL,
               "free: the buffer is empty (the host memory stays the caller's)");
    return n_failed;
}
