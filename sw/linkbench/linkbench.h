// SPDX-License-Identifier: Apache-2.0
/* linkbench.h — the host side of paper 004's link characterisation: memory latency over working set by
 * dependent loads, bandwidth over block size, idle and loaded (issue 20).
 *
 * The measuring kernels (mem.c), the load generators (load.c) and the driver with its options and JSON
 * output (main.c). C11 with POSIX threads; Linux for madvise(MADV_HUGEPAGE), /proc/self/smaps and
 * sched_setaffinity. Every file defines _GNU_SOURCE before its first include.
 */
#ifndef LINKBENCH_H
#define LINKBENCH_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

/* A compiler barrier: the compiler must assume `p`'s memory is read and written here, so loops around it
 * are neither deleted nor rewritten into library calls (a copy loop into memcpy). No instruction. */
#if defined(__GNUC__)
#define LB_BARRIER(p) __asm__ volatile("" : : "r"(p) : "memory")
#define LB_SPIN() __asm__ volatile("")
#else
#define LB_BARRIER(p) atomic_signal_fence(memory_order_seq_cst)
#define LB_SPIN() atomic_signal_fence(memory_order_seq_cst)
#endif

#define LB_HUGE (2u << 20) /* buffers are aligned to this (x86-64 and arm64 4K-granule huge page) */

/* ---- mem.c: buffers, chains, kernels ---- */

typedef struct lb_buf {
    char *base;       /* LB_HUGE-aligned */
    size_t bytes;     /* usable bytes from base */
    void *map;        /* what mmap returned (munmap'ed by lb_free) */
    size_t map_bytes;
} lb_buf;

uint64_t lb_now_ns(void);                                 /* CLOCK_MONOTONIC */
/* Anonymous memory of `bytes` (rounded up to LB_HUGE), aligned to LB_HUGE, with madvise MADV_HUGEPAGE
 * (huge != 0) or MADV_NOHUGEPAGE (advice: a kernel without THP keeps 4 KiB pages), every page written
 * once. 0 on success, -1 (errno) if mmap fails. */
int lb_alloc(lb_buf *b, size_t bytes, int huge);
void lb_free(lb_buf *b);
/* Bytes of [base, base + bytes) backed by transparent huge pages: AnonHugePages of /proc/self/smaps,
 * summed over the mappings inside the range; -1 if smaps cannot be read. */
long long lb_huge_bytes(const void *base, size_t bytes);

uint64_t lb_rand(uint64_t *state);                        /* splitmix64 */
/* A random cyclic permutation of `lines` cache lines from base (Sattolo's algorithm: one cycle through
 * every line, uniformly chosen among all such cycles): the first word of each line points to the next. */
void lb_chain_random(char *base, size_t lines, size_t line, uint64_t *rng);
/* A fixed-stride cycle like lmbench's lat_mem_rd: element k at k*stride points to k+1, the last to 0. */
void lb_chain_stride(char *base, size_t bytes, size_t stride);
void *lb_chase(void *p, uint64_t steps);                  /* `steps` dependent loads p = *p */

typedef enum lb_op { LB_READ, LB_WRITE, LB_COPY, LB_MEMCPY, LB_NOPS } lb_op;
extern const char *const lb_op_names[LB_NOPS];
/* One pass of `op` over `bytes` (a multiple of 64): read sums every 64-bit word, write stores every word,
 * copy copies word by word, memcpy calls the C library's. */
void lb_pass(lb_op op, char *dst, const char *src, size_t bytes, uint64_t seq);

extern volatile uint64_t lb_sink;                         /* results land here so nothing is dead code */

/* ---- load.c: the load generators of the loaded (busy) mode ---- */

typedef enum lb_load_op { LB_LOAD_RW, LB_LOAD_READ } lb_load_op;

typedef struct lb_load lb_load;
/* One thread per entry of cpus[] (pinned there), each streaming over its own bytes_total / ncpus of
 * memory (first-touched by that thread) in 4 KiB chunks; parked until lb_load_set. NULL on failure. */
lb_load *lb_load_create(const int *cpus, int ncpus, size_t bytes_total, lb_load_op op);
/* delay < 0: park the threads; otherwise run, spinning `delay` iterations between chunks. */
void lb_load_set(lb_load *l, long long delay);
uint64_t lb_load_traffic(lb_load *l);                     /* bytes moved so far (read + written) */
long long lb_load_huge_bytes(lb_load *l);
void lb_load_destroy(lb_load *l);

/* Debian's `stress --vm n --vm-bytes bytes/n` (paper 004's busy mode) pinned to cpus[], in its own
 * process group. The pid (> 0) or -1 with a message on stderr. */
int lb_stress_start(const int *cpus, int ncpus, size_t bytes_total);
void lb_stress_stop(int pid);

#endif
