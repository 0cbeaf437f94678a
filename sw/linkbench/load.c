// SPDX-License-Identifier: Apache-2.0
/* load.c — linkbench's load generators: paper 004's busy mode and Intel MLC-style injection.
 *
 * Load threads: one per given CPU, pinned there, each streaming sequentially over its own region in
 * 4 KiB chunks (read-modify-write of every 64-bit word, or read only), counting the bytes it moves, with
 * `delay` spin iterations between chunks to throttle the injected bandwidth. Parked on a condition
 * variable while not wanted, so an idle measurement has no load running.
 * stress: Debian's `stress --vm N` (what the paper ran): allocate, touch every page, free, repeat.
 */
#define _GNU_SOURCE
#include "linkbench.h"

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#define CHUNK 4096u

static _Atomic uint64_t load_sink;                  /* the load threads' sums: their work is not dead code */

typedef struct loader {
    pthread_t th;
    int cpu;
    size_t bytes;
    lb_buf mem;
    struct lb_load *owner;
    _Atomic uint64_t traffic;
    int failed;
} loader;

struct lb_load {
    int n;
    loader *t;
    lb_load_op op;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    _Atomic int state;                                    /* 0 parked, 1 running, 2 quit */
    _Atomic long long delay;
    _Atomic int ready;
};

static void pin(int cpu)
{
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    sched_setaffinity(0, sizeof set, &set);               /* best effort: unpinned still loads */
}

static void *load_main(void *arg)
{
    loader *t = arg;
    struct lb_load *l = t->owner;
    pin(t->cpu);
    /* first touch from the load's own CPU (NUMA-local where that matters) */
    t->failed = lb_alloc(&t->mem, t->bytes, 1) != 0;
    atomic_fetch_add(&l->ready, 1);
    if (t->failed)
        return NULL;
    uint64_t *w = (uint64_t *)t->mem.base;
    size_t words = t->mem.bytes / 8, at = 0, cw = CHUNK / 8;
    uint64_t sum = 0, per_chunk = l->op == LB_LOAD_RW ? 2 * CHUNK : CHUNK;
    for (;;) {
        int s = atomic_load_explicit(&l->state, memory_order_acquire);
        if (s == 0) {
            pthread_mutex_lock(&l->mu);
            while ((s = atomic_load(&l->state)) == 0)
                pthread_cond_wait(&l->cv, &l->mu);
            pthread_mutex_unlock(&l->mu);
        }
        if (s == 2)
            break;
        uint64_t *c = w + at;
        if (l->op == LB_LOAD_RW) {
            for (size_t i = 0; i < cw; i++)
                c[i] += 1;
            LB_BARRIER(c);
        } else {
            for (size_t i = 0; i < cw; i++)
                sum += c[i];
        }
        atomic_fetch_add_explicit(&t->traffic, per_chunk, memory_order_relaxed);
        at = at + cw >= words ? 0 : at + cw;
        for (long long d = atomic_load_explicit(&l->delay, memory_order_relaxed); d > 0; d--)
            LB_SPIN();
    }
    atomic_fetch_add_explicit(&load_sink, sum, memory_order_relaxed);   /* (threads end together: atomic) */
    return NULL;
}

lb_load *lb_load_create(const int *cpus, int ncpus, size_t bytes_total, lb_load_op op)
{
    if (ncpus <= 0)
        return NULL;
    struct lb_load *l = calloc(1, sizeof *l);
    loader *t = calloc((size_t)ncpus, sizeof *t);
    if (!l || !t) {
        free(l);
        free(t);
        return NULL;
    }
    l->t = t;
    l->op = op;
    pthread_mutex_init(&l->mu, NULL);
    pthread_cond_init(&l->cv, NULL);
    size_t each = bytes_total / (size_t)ncpus;
    each = each < 2 * CHUNK ? 2 * CHUNK : each / CHUNK * CHUNK;
    for (int i = 0; i < ncpus; i++) {
        t[i].cpu = cpus[i];
        t[i].bytes = each;
        t[i].owner = l;
        if (pthread_create(&t[i].th, NULL, load_main, &t[i]) != 0)
            break;
        l->n++;
    }
    while (atomic_load(&l->ready) < l->n)
        usleep(1000);
    int bad = l->n < ncpus;
    for (int i = 0; i < l->n; i++)
        bad |= t[i].failed;
    if (bad) {
        lb_load_destroy(l);
        return NULL;
    }
    return l;
}

void lb_load_set(lb_load *l, long long delay)
{
    atomic_store(&l->delay, delay < 0 ? 0 : delay);
    pthread_mutex_lock(&l->mu);
    atomic_store(&l->state, delay < 0 ? 0 : 1);
    pthread_cond_broadcast(&l->cv);
    pthread_mutex_unlock(&l->mu);
}

uint64_t lb_load_traffic(lb_load *l)
{
    uint64_t s = 0;
    for (int i = 0; i < l->n; i++)
        s += atomic_load_explicit(&l->t[i].traffic, memory_order_relaxed);
    return s;
}

long long lb_load_huge_bytes(lb_load *l)
{
    long long s = 0;
    for (int i = 0; i < l->n; i++) {
        long long h = lb_huge_bytes(l->t[i].mem.base, l->t[i].mem.bytes);
        if (h < 0)
            return -1;
        s += h;
    }
    return s;
}

void lb_load_destroy(lb_load *l)
{
    if (!l)
        return;
    pthread_mutex_lock(&l->mu);
    atomic_store(&l->state, 2);
    pthread_cond_broadcast(&l->cv);
    pthread_mutex_unlock(&l->mu);
    for (int i = 0; i < l->n; i++) {
        pthread_join(l->t[i].th, NULL);
        lb_free(&l->t[i].mem);
    }
    pthread_mutex_destroy(&l->mu);
    pthread_cond_destroy(&l->cv);
    free(l->t);
    free(l);
}

int lb_stress_start(const int *cpus, int ncpus, size_t bytes_total)
{
    if (ncpus <= 0)
        return -1;
    char workers[32], bytes[32];
    snprintf(workers, sizeof workers, "%d", ncpus);
    snprintf(bytes, sizeof bytes, "%zuK", bytes_total / (size_t)ncpus / 1024);
    pid_t pid = fork();
    if (pid < 0) {
        fprintf(stderr, "linkbench: error: fork: %s\n", strerror(errno));
        return -1;
    }
    if (pid == 0) {
        cpu_set_t set;
        CPU_ZERO(&set);
        for (int i = 0; i < ncpus; i++)
            CPU_SET(cpus[i], &set);
        sched_setaffinity(0, sizeof set, &set);           /* stress's workers inherit it */
        setpgid(0, 0);
        if (!freopen("/dev/null", "w", stdout))
            _exit(126);
        execlp("stress", "stress", "--vm", workers, "--vm-bytes", bytes, "--quiet", (char *)NULL);
        _exit(127);
    }
    setpgid(pid, pid);
    usleep(300000);                                       /* the workers start and allocate */
    int status;
    if (waitpid(pid, &status, WNOHANG) == pid) {
        fprintf(stderr, "linkbench: error: stress exited at once (status %d): is Debian's `stress` "
                        "installed (apt-get install stress)?\n",
                WIFEXITED(status) ? WEXITSTATUS(status) : -1);
        return -1;
    }
    return pid;
}

void lb_stress_stop(int pid)
{
    if (pid <= 0)
        return;
    kill(-pid, SIGTERM);                                  /* its process group: stress and its workers */
    int status;
    waitpid(pid, &status, 0);
}
