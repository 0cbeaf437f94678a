// SPDX-License-Identifier: Apache-2.0
/* mem.c — linkbench's buffers (4 KiB or transparent huge pages), pointer chains and measuring kernels.
 *
 * The chase is one dependent load per step: the next address is the value just loaded, so no two loads
 * overlap and the time per step is the load-to-use latency of wherever the line lives. A random cyclic
 * permutation of the lines defeats the hardware prefetchers (they follow sequences and strides); the
 * stride chain is lmbench's lat_mem_rd pattern, which they do follow.
 */
#define _GNU_SOURCE
#include "linkbench.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

volatile uint64_t lb_sink;
const char *const lb_op_names[LB_NOPS] = {"read", "write", "copy", "memcpy"};

uint64_t lb_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

int lb_alloc(lb_buf *b, size_t bytes, int huge)
{
    memset(b, 0, sizeof *b);
    size_t want = (bytes + LB_HUGE - 1) / LB_HUGE * LB_HUGE;
    size_t map_bytes = want + LB_HUGE;                    /* room to align the start to 2 MiB */
    void *m = mmap(NULL, map_bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (m == MAP_FAILED)
        return -1;
    uintptr_t a = ((uintptr_t)m + LB_HUGE - 1) & ~(uintptr_t)(LB_HUGE - 1);
    b->map = m;
    b->map_bytes = map_bytes;
    b->base = (char *)a;
    b->bytes = want;
    /* before the first touch, so the first fault already gets (or never gets) a huge page; a kernel
     * without THP refuses the advice, and the buffer stays on 4 KiB pages (smaps reports what it got) */
    (void)madvise(b->base, want, huge ? MADV_HUGEPAGE : MADV_NOHUGEPAGE);
    for (size_t i = 0; i < want; i += 4096)
        b->base[i] = 1;
    return 0;
}

void lb_free(lb_buf *b)
{
    if (b->map)
        munmap(b->map, b->map_bytes);
    memset(b, 0, sizeof *b);
}

long long lb_huge_bytes(const void *base, size_t bytes)
{
    FILE *f = fopen("/proc/self/smaps", "r");
    if (!f)
        return -1;
    uintptr_t lo = (uintptr_t)base, hi = lo + bytes;
    char line[512];
    int inside = 0;
    long long total = 0;
    while (fgets(line, sizeof line, f)) {
        unsigned long long s, e, kb;
        /* a mapping's header is "start-end perms ..."; its fields are "Name:   value kB" */
        if (sscanf(line, "%llx-%llx ", &s, &e) == 2)
            inside = s < hi && e > lo;
        else if (inside && sscanf(line, "AnonHugePages: %llu kB", &kb) == 1)
            total += (long long)kb * 1024;
    }
    fclose(f);
    return total;
}

uint64_t lb_rand(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

void lb_chain_random(char *base, size_t lines, size_t line, uint64_t *rng)
{
    /* the index of the next line first (Sattolo in place: for i from the top, swap with a j < i), then
     * the indices turned into addresses in one sequential pass */
    for (size_t i = 0; i < lines; i++)
        *(size_t *)(base + i * line) = i;
    for (size_t i = lines - 1; i > 0; i--) {
        uint64_t r = lb_rand(rng);                        /* j uniform in [0, i): multiply-shift */
        size_t j = i < (1ull << 32) ? (size_t)(((r >> 32) * i) >> 32) : (size_t)(r % i);
        size_t *a = (size_t *)(base + i * line), *b = (size_t *)(base + j * line);
        size_t t = *a;
        *a = *b;
        *b = t;
    }
    for (size_t i = 0; i < lines; i++) {
        size_t next = *(size_t *)(base + i * line);
        *(void **)(base + i * line) = base + next * line;
    }
}

void lb_chain_stride(char *base, size_t bytes, size_t stride)
{
    size_t n = bytes / stride;
    for (size_t k = 0; k < n; k++)
        *(void **)(base + k * stride) = base + ((k + 1) % n) * stride;
}

#define ONE q = (void **)*q;
#define FIVE ONE ONE ONE ONE ONE
#define TWENTY FIVE FIVE FIVE FIVE
#define HUNDRED TWENTY TWENTY TWENTY TWENTY TWENTY

/* Unrolled 100 times, as lat_mem_rd's loop is: the stride mode's result depends on it, because the core's
 * stride prefetcher learns per load instruction, and each of the 100 sees a stride of 100 elements (6400
 * bytes at a 64-byte stride, past a 4 KiB page); unrolled 16 times (1 KiB per instruction) the prefetcher
 * follows and a DRAM-sized stride walk costs 2 ns a load instead of lat_mem_rd's 12. The random chase
 * does not care. */
void *lb_chase(void *p, uint64_t steps)
{
    void **q = p;
    for (uint64_t k = steps / 100; k; k--) {
        HUNDRED
    }
    for (uint64_t k = steps % 100; k; k--) {
        ONE
    }
    return q;
}

/* The kernels move 64 bytes per iteration. With GCC or Clang they work on 16-byte vectors (SSE2 on
 * x86-64, NEON on arm64: the baseline of each, no -march needed), so the core's issue rate is not what
 * limits cache bandwidth; elsewhere on 64-bit words. The barrier once per 64 bytes keeps write and copy
 * loops our own (the compiler may not turn them into memset or memcpy calls, nor delete them). */
#if defined(__GNUC__)
typedef uint64_t lb_v2 __attribute__((vector_size(16), may_alias));

static uint64_t pass_read(const char *src, size_t bytes)
{
    const lb_v2 *p = (const lb_v2 *)src;
    lb_v2 a = {0, 0}, b = {0, 0}, c = {0, 0}, d = {0, 0};
    for (size_t i = 0; i < bytes / 16; i += 4) {
        a += p[i];
        b += p[i + 1];
        c += p[i + 2];
        d += p[i + 3];
    }
    a += b + c + d;
    return a[0] + a[1];
}

static void pass_write(char *dst, size_t bytes, uint64_t v)
{
    lb_v2 *p = (lb_v2 *)dst, x = {v, v};
    for (size_t i = 0; i < bytes / 16; i += 4) {
        p[i] = x;
        p[i + 1] = x;
        p[i + 2] = x;
        p[i + 3] = x;
        LB_BARRIER(p);
    }
}

static void pass_copy(char *dst, const char *src, size_t bytes)
{
    lb_v2 *d = (lb_v2 *)dst;
    const lb_v2 *s = (const lb_v2 *)src;
    for (size_t i = 0; i < bytes / 16; i += 4) {
        lb_v2 a = s[i], b = s[i + 1], c = s[i + 2], e = s[i + 3];
        d[i] = a;
        d[i + 1] = b;
        d[i + 2] = c;
        d[i + 3] = e;
        LB_BARRIER(d);
    }
}
#else
static uint64_t pass_read(const char *src, size_t bytes)
{
    const uint64_t *p = (const uint64_t *)src;
    uint64_t a0 = 0, a1 = 0, a2 = 0, a3 = 0, a4 = 0, a5 = 0, a6 = 0, a7 = 0;
    for (size_t i = 0; i < bytes / 8; i += 8) {
        a0 += p[i];
        a1 += p[i + 1];
        a2 += p[i + 2];
        a3 += p[i + 3];
        a4 += p[i + 4];
        a5 += p[i + 5];
        a6 += p[i + 6];
        a7 += p[i + 7];
    }
    return a0 + a1 + a2 + a3 + a4 + a5 + a6 + a7;
}

static void pass_write(char *dst, size_t bytes, uint64_t v)
{
    uint64_t *p = (uint64_t *)dst;
    for (size_t i = 0; i < bytes / 8; i += 8) {
        for (int k = 0; k < 8; k++)
            p[i + k] = v;
        LB_BARRIER(p);
    }
}

static void pass_copy(char *dst, const char *src, size_t bytes)
{
    uint64_t *d = (uint64_t *)dst;
    const uint64_t *s = (const uint64_t *)src;
    for (size_t i = 0; i < bytes / 8; i += 8) {
        for (int k = 0; k < 8; k++)
            d[i + k] = s[i + k];
        LB_BARRIER(d);
    }
}
#endif

void lb_pass(lb_op op, char *dst, const char *src, size_t bytes, uint64_t seq)
{
    switch (op) {
    case LB_READ:
        lb_sink += pass_read(src, bytes);
        break;
    case LB_WRITE:
        pass_write(dst, bytes, 0x0123456789ABCDEFu ^ seq);         /* not byte-uniform: no memset */
        break;
    case LB_COPY:
        pass_copy(dst, src, bytes);
        break;
    case LB_MEMCPY:
        memcpy(dst, src, bytes);
        LB_BARRIER(dst);
        break;
    default:
        break;
    }
}
