// SPDX-License-Identifier: Apache-2.0
/* main.c — linkbench: this machine's memory latency over working set and bandwidth over block size,
 * idle and loaded, as raw samples in JSON (paper 004 Sec. 4: lmbench's lat_mem_rd and bw_mem, 100
 * repetitions per point, the busy mode under `stress`; issue 20). `hc link host` runs it and turns the
 * samples into statistics, knees, tables and plots.
 *
 * Latency modes (one dependent load per step, ns per load):
 *   rand4k   random cyclic permutation of cache lines, 4 KiB pages (MADV_NOHUGEPAGE): memory + TLB
 *   randthp  the same on transparent huge pages (MADV_HUGEPAGE, 2 MiB-aligned): memory with few TLB misses
 *   stride   lat_mem_rd's fixed stride (default one line), 4 KiB pages: what the prefetchers make of it
 *   loaded   randthp while load threads (or `stress`) stream over memory on every other CPU
 * Bandwidth ops over block size (MB/s = 1e6 B/s): read, write, copy (a loop), memcpy.
 * Injection: randthp at one DRAM-sized working set while the load threads are throttled to several rates
 *   (Intel MLC's loaded latency): latency against the bandwidth the load achieved.
 *
 * Every repetition is one clock_gettime(CLOCK_MONOTONIC) pair around enough steps (or passes) to take
 * --rep-us; steps are calibrated per point. The measuring thread is pinned to --cpu, loads to the others.
 * Exit status: 0, 1 (a measurement failed: allocation, stress), 2 (bad option).
 */
#define _GNU_SOURCE
#include "linkbench.h"

#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { M_RAND4K, M_RANDTHP, M_STRIDE, M_LOADED, M_N };
static const char *const mode_names[M_N] = {"rand4k", "randthp", "stride", "loaded"};
enum { LOAD_THREADS, LOAD_STRESS };

typedef struct cfg {
    size_t lat_min, lat_max, bw_min, bw_max, stride, line, load_bytes, inject_bytes;
    int half, reps, cpu, load_threads, load_kind, progress;
    uint64_t rep_ns, seed;
    lb_load_op load_op;
    unsigned modes, ops;
    long long delays[64];
    int ndelays;
    const char *json;
} cfg;

static _Noreturn void die_usage(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("linkbench: error: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputs("\n(linkbench --help lists the options)\n", stderr);
    va_end(ap);
    exit(2);
}

static _Noreturn void die(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("linkbench: error: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(1);
}

/* ---- option parsing ---- */

static size_t parse_size(const char *opt, const char *s)
{
    char *end;
    errno = 0;
    if (!isdigit((unsigned char)*s))
        die_usage("%s: '%s' is not a size (a number with an optional K, M or G suffix, binary)", opt, s);
    unsigned long long v = strtoull(s, &end, 10);
    unsigned shift = 0;
    switch (toupper((unsigned char)*end)) {
    case 'K': shift = 10; end++; break;
    case 'M': shift = 20; end++; break;
    case 'G': shift = 30; end++; break;
    default: break;
    }
    if (shift && (*end == 'i' || *end == 'I'))
        end++;
    if (*end == 'B' || *end == 'b')
        end++;
    if (errno || *end || v > (~0ull >> 1 >> shift))
        die_usage("%s: '%s' is not a size (a number with an optional K, M or G suffix, binary)", opt, s);
    return (size_t)(v << shift);
}

static long long parse_int(const char *opt, const char *s, long long lo, long long hi)
{
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (errno || end == s || *end || v < lo || v > hi)
        die_usage("%s: '%s' is not an integer in [%lld, %lld]", opt, s, lo, hi);
    return v;
}

static unsigned parse_names(const char *opt, const char *s, const char *const *names, int n)
{
    if (strcmp(s, "none") == 0)
        return 0;
    unsigned mask = 0;
    char buf[256];
    snprintf(buf, sizeof buf, "%s", s);
    for (char *save = NULL, *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        int k = 0;
        while (k < n && strcmp(tok, names[k]) != 0)
            k++;
        if (k == n) {
            char known[128] = "";
            for (int i = 0; i < n; i++)
                snprintf(known + strlen(known), sizeof known - strlen(known), "%s%s", names[i], ", ");
            die_usage("%s: unknown name '%s' (one or more of %snone)", opt, tok, known);
        }
        mask |= 1u << k;
    }
    return mask;
}

static void usage(void)
{
    puts("usage: linkbench [options]   (raw samples as JSON; `hc link host` analyses them)\n"
         "  --lat-modes LIST    rand4k,randthp,stride,loaded or none (default all)\n"
         "  --lat-min SIZE      smallest working set (default 512)\n"
         "  --lat-max SIZE      largest working set (default 512M)\n"
         "  --no-half           doublings only (default: also the 1.5x points)\n"
         "  --stride BYTES      stride mode's step (default one cache line)\n"
         "  --line BYTES        cache line: one element per line in the random modes (default sysfs)\n"
         "  --bw-ops LIST       read,write,copy,memcpy or none (default all)\n"
         "  --bw-min SIZE       smallest block (default 64)\n"
         "  --bw-max SIZE       largest block (default 256M)\n"
         "  --reps N            repetitions per point (default 100)\n"
         "  --rep-us US         time per repetition, microseconds (default 100)\n"
         "  --load KIND         loaded mode's load: threads or stress (default threads)\n"
         "  --load-threads N    load threads, one per other CPU (default: every other CPU)\n"
         "  --load-bytes SIZE   memory streamed by all load threads together (default MemTotal/8)\n"
         "  --load-op OP        load threads' kernel: rw (read-modify-write) or read (default rw)\n"
         "  --inject-delays L   spin iterations between 4 KiB load chunks, comma list, or none\n"
         "                      (default 0,100,200,400,800,1600,3200,6400,12800,25600,51200)\n"
         "  --inject-size SIZE  working set of the injection sweep (default 256M)\n"
         "  --cpu N             the measuring CPU (default the first allowed)\n"
         "  --seed N            permutation seed (default 1)\n"
         "  --progress          progress bar on stderr\n"
         "  --json FILE         write the JSON there (default stdout)");
}

static void parse(cfg *c, int argc, char **argv)
{
    static const struct option opts[] = {
        {"lat-modes", 1, 0, 'm'}, {"lat-min", 1, 0, 'a'}, {"lat-max", 1, 0, 'A'}, {"no-half", 0, 0, 'H'},
        {"stride", 1, 0, 's'}, {"line", 1, 0, 'l'}, {"bw-ops", 1, 0, 'o'}, {"bw-min", 1, 0, 'b'},
        {"bw-max", 1, 0, 'B'}, {"reps", 1, 0, 'r'}, {"rep-us", 1, 0, 'u'}, {"load", 1, 0, 'L'},
        {"load-threads", 1, 0, 't'}, {"load-bytes", 1, 0, 'y'}, {"load-op", 1, 0, 'O'},
        {"inject-delays", 1, 0, 'd'}, {"inject-size", 1, 0, 'i'}, {"cpu", 1, 0, 'c'}, {"seed", 1, 0, 'S'},
        {"progress", 0, 0, 'p'}, {"json", 1, 0, 'j'}, {"help", 0, 0, 'h'}, {0, 0, 0, 0}};
    static const char *const load_names[] = {"threads", "stress"};
    static const char *const op_names[] = {"rw", "read"};
    opterr = 0;
    int o;
    while ((o = getopt_long(argc, argv, ":h", opts, NULL)) != -1) {
        const char *name = argv[optind - 1];
        switch (o) {
        case 'm': c->modes = parse_names("--lat-modes", optarg, mode_names, M_N); break;
        case 'a': c->lat_min = parse_size("--lat-min", optarg); break;
        case 'A': c->lat_max = parse_size("--lat-max", optarg); break;
        case 'H': c->half = 0; break;
        case 's': c->stride = parse_size("--stride", optarg); break;
        case 'l': c->line = parse_size("--line", optarg); break;
        case 'o': c->ops = parse_names("--bw-ops", optarg, lb_op_names, LB_NOPS); break;
        case 'b': c->bw_min = parse_size("--bw-min", optarg); break;
        case 'B': c->bw_max = parse_size("--bw-max", optarg); break;
        case 'r': c->reps = (int)parse_int("--reps", optarg, 1, 100000); break;
        case 'u': c->rep_ns = 1000 * (uint64_t)parse_int("--rep-us", optarg, 1, 10000000); break;
        case 'L': {
            unsigned m = parse_names("--load", optarg, load_names, 2);
            if (m != 1 && m != 2)
                die_usage("--load: one of threads, stress");
            c->load_kind = m == 1 ? LOAD_THREADS : LOAD_STRESS;
            break;
        }
        case 't': c->load_threads = (int)parse_int("--load-threads", optarg, 1, 1024); break;
        case 'y': c->load_bytes = parse_size("--load-bytes", optarg); break;
        case 'O': {
            unsigned m = parse_names("--load-op", optarg, op_names, 2);
            if (m != 1 && m != 2)
                die_usage("--load-op: one of rw, read");
            c->load_op = m == 1 ? LB_LOAD_RW : LB_LOAD_READ;
            break;
        }
        case 'd': {
            c->ndelays = 0;
            if (strcmp(optarg, "none") == 0)
                break;
            char buf[1024];
            snprintf(buf, sizeof buf, "%s", optarg);
            for (char *save = NULL, *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
                if (c->ndelays == (int)(sizeof c->delays / sizeof c->delays[0]))
                    die_usage("--inject-delays: at most %zu values", sizeof c->delays / sizeof c->delays[0]);
                c->delays[c->ndelays++] = parse_int("--inject-delays", tok, 0, 1000000000);
            }
            break;
        }
        case 'i': c->inject_bytes = parse_size("--inject-size", optarg); break;
        case 'c': c->cpu = (int)parse_int("--cpu", optarg, 0, CPU_SETSIZE - 1); break;
        case 'S': c->seed = (uint64_t)parse_int("--seed", optarg, 0, (long long)(~0ull >> 1)); break;
        case 'p': c->progress = 1; break;
        case 'j': c->json = optarg; break;
        case 'h': usage(); exit(0);
        case ':': die_usage("%s needs a value", name);
        default: die_usage("unknown option '%s'", name);
        }
    }
    if (optind < argc)
        die_usage("unexpected argument '%s'", argv[optind]);
}

static void check(cfg *c, size_t mem_total)
{
    if (c->line < 16 || (c->line & (c->line - 1)))
        die_usage("--line %zu: a power of two >= 16", c->line);
    if (c->stride < sizeof(void *) || c->stride % sizeof(void *))
        die_usage("--stride %zu: a multiple of %zu", c->stride, sizeof(void *));
    if (c->lat_min < c->line || c->lat_min % c->line)
        die_usage("--lat-min %zu: a multiple of the line (%zu)", c->lat_min, c->line);
    if (c->lat_max < c->lat_min)
        die_usage("--lat-max %zu is below --lat-min %zu", c->lat_max, c->lat_min);
    if ((c->modes & (1u << M_STRIDE)) && c->stride > c->lat_max)
        die_usage("--stride %zu is above --lat-max %zu", c->stride, c->lat_max);
    if (c->bw_min < 64 || c->bw_min % 64)
        die_usage("--bw-min %zu: a multiple of 64", c->bw_min);
    if (c->bw_max < c->bw_min)
        die_usage("--bw-max %zu is below --bw-min %zu", c->bw_max, c->bw_min);
    if (c->load_bytes < (64u << 10))
        die_usage("--load-bytes %zu: at least 64K", c->load_bytes);
    if (c->inject_bytes < c->line)
        die_usage("--inject-size %zu: at least one line", c->inject_bytes);
    size_t biggest = c->lat_max > 2 * c->bw_max ? c->lat_max : 2 * c->bw_max;
    if (c->inject_bytes > biggest)
        biggest = c->inject_bytes;
    if (mem_total && biggest + c->load_bytes > mem_total / 2)
        die_usage("the buffers (%zu MiB) and the load (%zu MiB) need more than half of RAM (%zu MiB)",
                  biggest >> 20, c->load_bytes >> 20, mem_total >> 20);
}

/* ---- the machine ---- */

static int read_text(const char *path, char *buf, size_t n)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    size_t k = fread(buf, 1, n - 1, f);
    fclose(f);
    buf[k] = 0;
    while (k && (buf[k - 1] == '\n' || buf[k - 1] == ' '))
        buf[--k] = 0;
    return 0;
}

static size_t mem_total_bytes(void)
{
    FILE *f = fopen("/proc/meminfo", "r");
    char line[256];
    unsigned long long kb = 0;
    while (f && fgets(line, sizeof line, f))
        if (sscanf(line, "MemTotal: %llu kB", &kb) == 1)
            break;
    if (f)
        fclose(f);
    return (size_t)kb * 1024;
}

static void json_str(FILE *j, const char *s)
{
    fputc('"', j);
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\')
            fprintf(j, "\\%c", ch);
        else if (ch < 0x20)
            fprintf(j, "\\u%04x", ch);
        else
            fputc(ch, j);
    }
    fputc('"', j);
}

static void json_machine(FILE *j, int cpu, size_t mem_total, size_t line)
{
    char model[256] = "unknown", buf[256], path[256];
    FILE *f = fopen("/proc/cpuinfo", "r");
    while (f && fgets(buf, sizeof buf, f)) {
        char *colon = strchr(buf, ':');
        if (colon && (strncmp(buf, "model name", 10) == 0 || strncmp(buf, "Model", 5) == 0)) {
            snprintf(model, sizeof model, "%s", colon + 2);
            model[strcspn(model, "\n")] = 0;
            break;
        }
    }
    if (f)
        fclose(f);
    char thp[128] = "unknown";
    read_text("/sys/kernel/mm/transparent_hugepage/enabled", thp, sizeof thp);
    fputs("\"machine\": {\"cpu_model\": ", j);
    json_str(j, model);
    fprintf(j, ", \"cpus_online\": %ld, \"mem_total\": %zu, \"page\": %ld, \"line\": %zu, \"thp\": ",
            sysconf(_SC_NPROCESSORS_ONLN), mem_total, sysconf(_SC_PAGESIZE), line);
    json_str(j, thp);
    fputs(", \"caches\": [", j);
    /* the measuring CPU's caches as sysfs reports them */
    for (int i = 0, first = 1; i < 16; i++) {
        char level[32], type[64], size[32], shared[128];
        snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu%d/cache/index%d/", cpu, i);
        size_t pl = strlen(path);
        snprintf(path + pl, sizeof path - pl, "level");
        if (read_text(path, level, sizeof level))
            continue;
        snprintf(path + pl, sizeof path - pl, "type");
        read_text(path, type, sizeof type);
        snprintf(path + pl, sizeof path - pl, "size");
        if (read_text(path, size, sizeof size))
            continue;
        snprintf(path + pl, sizeof path - pl, "shared_cpu_list");
        if (read_text(path, shared, sizeof shared))
            shared[0] = 0;
        char *end;
        unsigned long long v = strtoull(size, &end, 10);
        v <<= *end == 'K' ? 10 : *end == 'M' ? 20 : *end == 'G' ? 30 : 0;
        fprintf(j, "%s{\"level\": %d, \"type\": ", first ? "" : ", ", atoi(level));
        json_str(j, type);
        fprintf(j, ", \"size\": %llu, \"shared_cpu_list\": ", v);
        json_str(j, shared);
        fputc('}', j);
        first = 0;
    }
    fputs("]}", j);
}

static size_t sysfs_line(int cpu)
{
    char path[128], buf[32];
    snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu%d/cache/index0/coherency_line_size", cpu);
    long v = read_text(path, buf, sizeof buf) ? 0 : atol(buf);
    return v >= 16 && !(v & (v - 1)) ? (size_t)v : 64;
}

/* ---- progress ---- */

static struct {
    int on, tty;
    double done, total;
    const char *phase;
    int last_pct;
} prog;

static void progress(const char *phase, const char *what, double add)
{
    if (!prog.on)
        return;
    prog.done += add;
    int pct = prog.total > 0 ? (int)(100 * prog.done / prog.total) : 0;
    pct = pct > 100 ? 100 : pct;
    if (prog.tty) {
        char bar[31];
        int n = pct * 30 / 100;
        memset(bar, '#', (size_t)n);
        memset(bar + n, '.', (size_t)(30 - n));
        bar[30] = 0;
        fprintf(stderr, "\rlinkbench [%s] %3d%%  %-10s %-12s", bar, pct, phase, what);
    } else if (phase != prog.phase) {
        fprintf(stderr, "linkbench: %3d%% %s\n", pct, phase);
    }
    prog.phase = phase;
    prog.last_pct = pct;
}

static void progress_end(double seconds)
{
    if (prog.on)
        fprintf(stderr, prog.tty ? "\n" : "linkbench: 100%% in %.1f s\n", seconds);
}

static void human(char *buf, size_t n, size_t bytes)
{
    if (bytes >= (1u << 30) && bytes % (1u << 30) == 0)
        snprintf(buf, n, "%zu GiB", bytes >> 30);
    else if (bytes >= (1u << 20) && bytes % (1u << 20) == 0)
        snprintf(buf, n, "%zu MiB", bytes >> 20);
    else if (bytes >= 1024 && bytes % 1024 == 0)
        snprintf(buf, n, "%zu KiB", bytes >> 10);
    else
        snprintf(buf, n, "%zu B", bytes);
}

/* ---- measurements ---- */

static size_t lat_sizes(const cfg *c, size_t *out, size_t max_n)
{
    size_t n = 0;
    for (size_t s = c->lat_min; s <= c->lat_max && n < max_n; s *= 2) {
        out[n++] = s;
        size_t h = s + s / 2;
        h -= h % c->line;
        if (c->half && h > s && h < 2 * s && h <= c->lat_max && n < max_n)
            out[n++] = h;
        if (s > c->lat_max / 2)
            break;
    }
    return n;
}

static size_t bw_sizes(const cfg *c, size_t *out, size_t max_n)
{
    size_t n = 0;
    for (size_t s = c->bw_min; s <= c->bw_max && n < max_n; s *= 2) {
        out[n++] = s;
        if (s > c->bw_max / 2)
            break;
    }
    return n;
}

static double lat_weight(const cfg *c, size_t bytes)
{
    return (double)c->reps * (double)c->rep_ns / 1e3 * 1.2 + (double)bytes / 400.0;    /* microseconds */
}

static double bw_weight(const cfg *c, size_t bytes, int op)
{
    double pass = (double)bytes / 8000.0 * (op >= LB_COPY ? 2 : 1);                     /* ~8 GB/s */
    double rep = pass > (double)c->rep_ns / 1e3 ? pass : (double)c->rep_ns / 1e3;
    return (double)c->reps * rep * 1.2;
}

/* The chase from *start: warm-up (twice round a cache-sized chain), calibration, then c->reps timed
 * repetitions into ns[] (ns per load). Returns the steps per repetition; *start is where it stopped. */
static uint64_t measure_chase(void **start, size_t elems, const cfg *c, double *ns)
{
    void *p = *start;
    uint64_t warm = elems <= (1u << 20) ? 2 * (uint64_t)elems : (1u << 20);
    p = lb_chase(p, warm < 4096 ? 4096 : warm);
    uint64_t steps = 100, dt;
    for (;;) {
        uint64_t t0 = lb_now_ns();
        p = lb_chase(p, steps);
        dt = lb_now_ns() - t0;
        if (dt >= c->rep_ns / 4 || steps >= (1ull << 40))
            break;
        steps *= 4;
    }
    steps = (uint64_t)((double)steps * (double)c->rep_ns / (double)(dt ? dt : 1)) + 99;
    steps -= steps % 100;                                 /* whole turns of lb_chase's unrolled loop */
    for (int r = 0; r < c->reps; r++) {
        uint64_t t0 = lb_now_ns();
        p = lb_chase(p, steps);
        ns[r] = (double)(lb_now_ns() - t0) / (double)steps;
    }
    *start = p;
    lb_sink += (uintptr_t)p;
    return steps;
}

static void json_samples(FILE *j, const char *key, const double *v, int n, const char *fmt)
{
    fprintf(j, "\"%s\": [", key);
    for (int i = 0; i < n; i++) {
        if (i)
            fputs(", ", j);
        fprintf(j, fmt, v[i]);
    }
    fputc(']', j);
}

typedef struct ctx {
    cfg *c;
    int *load_cpus;
    int nload;
    lb_load *load;                                        /* created at first use */
} ctx;

static lb_load *need_load(ctx *x)
{
    if (!x->load) {
        x->load = lb_load_create(x->load_cpus, x->nload, x->c->load_bytes, x->c->load_op);
        if (!x->load)
            die("cannot start %d load thread(s) over %zu MiB", x->nload, x->c->load_bytes >> 20);
    }
    return x->load;
}

/* Start the load threads at `delay` and wait until they move data (a parked thread takes a while to wake). */
static void load_on(lb_load *l, long long delay)
{
    uint64_t before = lb_load_traffic(l), t0 = lb_now_ns();
    lb_load_set(l, delay);
    while (lb_load_traffic(l) == before && lb_now_ns() - t0 < 20000000u)
        ;
}

static void curve_head(FILE *j, ctx *x, int mode, const lb_buf *b)
{
    cfg *c = x->c;
    int huge = mode == M_RANDTHP || mode == M_LOADED;
    fprintf(j, "{\"mode\": \"%s\", \"pattern\": \"%s\", \"pages\": \"%s\"", mode_names[mode],
            mode == M_STRIDE ? "stride" : "random", huge ? "thp" : "4k");
    if (mode == M_STRIDE)
        fprintf(j, ", \"stride\": %zu", c->stride);
    fprintf(j, ", \"buffer_bytes\": %zu, \"huge_bytes\": %lld", b->bytes, lb_huge_bytes(b->base, b->bytes));
    if (mode == M_LOADED)
        fprintf(j, ", \"load\": \"%s\", \"load_cpus\": %d, \"load_bytes\": %zu, \"load_op\": \"%s\"",
                c->load_kind == LOAD_STRESS ? "stress" : "threads", x->nload, c->load_bytes,
                c->load_kind == LOAD_STRESS ? "stress --vm" : c->load_op == LB_LOAD_RW ? "rw" : "read");
}

static void curve_point(FILE *j, int first, size_t bytes, uint64_t steps, double mbps, const double *ns, int reps)
{
    fprintf(j, "%s{\"bytes\": %zu, \"steps\": %llu, ", first ? "" : ", ", bytes, (unsigned long long)steps);
    if (mbps >= 0)
        fprintf(j, "\"load_mbps\": %.1f, ", mbps);
    json_samples(j, "ns", ns, reps, "%.4g");
    fputc('}', j);
}

/* One latency curve over every working set. `paired` (randthp with the loaded mode on threads): at each
 * working set the same chain is measured idle and then with the load running, so the two curves differ
 * only by the load, not by when they were measured; the loaded curve follows in the JSON. */
static void latency_mode(FILE *j, ctx *x, int mode, int paired)
{
    cfg *c = x->c;
    int huge = mode == M_RANDTHP || mode == M_LOADED;
    int random = mode != M_STRIDE;
    if (mode == M_LOADED && x->nload == 0) {
        fprintf(j, "{\"mode\": \"loaded\", \"skipped\": \"no other CPU to run the load on\", \"points\": []}");
        return;
    }
    size_t sizes[128];
    size_t n = lat_sizes(c, sizes, 128);
    lb_buf b;
    if (lb_alloc(&b, c->lat_max, huge))
        die("cannot allocate %zu MiB for the %s chase: %s", c->lat_max >> 20, mode_names[mode], strerror(errno));
    curve_head(j, x, mode, &b);
    int stress_pid = -1;
    lb_load *l = NULL;
    if (mode == M_LOADED && c->load_kind == LOAD_STRESS) {
        stress_pid = lb_stress_start(x->load_cpus, x->nload, c->load_bytes);
        if (stress_pid < 0)
            die("cannot run the loaded mode under stress");
    } else if (mode == M_LOADED || paired) {
        l = need_load(x);
    }
    if (mode == M_LOADED && l)
        fprintf(j, ", \"load_huge_bytes\": %lld", lb_load_huge_bytes(l));
    fputs(", \"points\": [", j);
    char *ltext = NULL;
    size_t llen = 0;
    FILE *lj = NULL;
    if (paired) {
        if (!(lj = open_memstream(&ltext, &llen)))
            die("open_memstream: %s", strerror(errno));
        curve_head(lj, x, M_LOADED, &b);
        fprintf(lj, ", \"paired_with\": \"%s\", \"load_huge_bytes\": %lld, \"points\": [", mode_names[mode],
                lb_load_huge_bytes(l));
    }
    double *ns = malloc(sizeof(double) * (size_t)c->reps);
    if (!ns)
        die("out of memory");
    for (size_t i = 0, emitted = 0; i < n; i++) {
        char what[32];
        human(what, sizeof what, sizes[i]);
        progress(mode_names[mode], what, 0);
        if (!random && sizes[i] < c->stride)              /* as lat_mem_rd: no walk shorter than a stride */
            continue;
        size_t elems;
        if (random) {
            uint64_t rng = c->seed * 0x9E3779B97F4A7C15u ^ sizes[i];    /* the same chain in every mode */
            elems = sizes[i] / c->line;
            lb_chain_random(b.base, elems, c->line, &rng);
        } else {
            elems = sizes[i] / c->stride;
            lb_chain_stride(b.base, sizes[i], c->stride);
        }
        for (int loaded = mode == M_LOADED; loaded <= (mode == M_LOADED || paired); loaded++) {
            if (loaded && l)
                load_on(l, 0);
            void *p = b.base;
            uint64_t tr0 = l ? lb_load_traffic(l) : 0, t0 = lb_now_ns();
            uint64_t steps = measure_chase(&p, elems, c, ns);
            uint64_t tr1 = l ? lb_load_traffic(l) : 0, t1 = lb_now_ns();
            if (loaded && l)
                lb_load_set(l, -1);
            double mbps = loaded && l ? (double)(tr1 - tr0) * 1e3 / (double)(t1 - t0) : -1;
            curve_point(loaded && paired ? lj : j, emitted == 0, sizes[i], steps, mbps, ns, c->reps);
        }
        emitted++;
        progress(mode_names[mode], what, lat_weight(c, sizes[i]) * (paired ? 2 : 1));
    }
    fputs("]}", j);
    free(ns);
    if (stress_pid > 0)
        lb_stress_stop(stress_pid);
    if (lj) {
        fputs("]}", lj);
        fclose(lj);
        fputs(", ", j);
        fwrite(ltext, 1, llen, j);
        free(ltext);
    }
    lb_free(&b);
}

static void inject(FILE *j, ctx *x)
{
    cfg *c = x->c;
    fprintf(j, "{\"bytes\": %zu, \"pages\": \"thp\", \"load_cpus\": %d, \"load_bytes\": %zu, \"load_op\": \"%s\"",
            c->inject_bytes, x->nload, c->load_bytes, c->load_op == LB_LOAD_RW ? "rw" : "read");
    if (x->nload == 0) {
        fputs(", \"skipped\": \"no other CPU to run the load on\", \"points\": []}", j);
        return;
    }
    lb_load *l = need_load(x);
    lb_buf b;
    if (lb_alloc(&b, c->inject_bytes, 1))
        die("cannot allocate %zu MiB for the injection sweep: %s", c->inject_bytes >> 20, strerror(errno));
    size_t elems = c->inject_bytes / c->line;
    uint64_t rng = c->seed * 0x9E3779B97F4A7C15u ^ c->inject_bytes;
    lb_chain_random(b.base, elems, c->line, &rng);
    fprintf(j, ", \"huge_bytes\": %lld, \"load_huge_bytes\": %lld, \"points\": [",
            lb_huge_bytes(b.base, b.bytes), lb_load_huge_bytes(l));
    double *ns = malloc(sizeof(double) * (size_t)c->reps);
    if (!ns)
        die("out of memory");
    void *p = b.base;
    /* no load first, then from the longest delay (least bandwidth) to none (the most) */
    for (int k = -1; k < c->ndelays; k++) {
        long long d = k < 0 ? -1 : c->delays[c->ndelays - 1 - k];
        char what[32];
        snprintf(what, sizeof what, d < 0 ? "off" : "delay %lld", d);
        progress("inject", what, 0);
        if (d < 0)
            lb_load_set(l, d);
        else
            load_on(l, d);
        uint64_t tr0 = lb_load_traffic(l), t0 = lb_now_ns();
        uint64_t steps = measure_chase(&p, elems, c, ns);
        uint64_t tr1 = lb_load_traffic(l), t1 = lb_now_ns();
        fprintf(j, "%s{\"delay\": %lld, \"steps\": %llu, \"load_mbps\": %.1f, ", k < 0 ? "" : ", ", d,
                (unsigned long long)steps, (double)(tr1 - tr0) * 1e3 / (double)(t1 - t0));
        json_samples(j, "ns", ns, c->reps, "%.4g");
        fputc('}', j);
        progress("inject", what, lat_weight(c, 0));
    }
    lb_load_set(l, -1);
    fputs("]}", j);
    free(ns);
    lb_free(&b);
}

static void bandwidth(FILE *j, cfg *c)
{
    size_t sizes[64];
    size_t n = bw_sizes(c, sizes, 64);
    lb_buf src, dst;
    if (lb_alloc(&src, c->bw_max, 1) || lb_alloc(&dst, c->bw_max, 1))
        die("cannot allocate 2 x %zu MiB for the bandwidth ops: %s", c->bw_max >> 20, strerror(errno));
    for (size_t i = 0; i < src.bytes; i++)
        src.base[i] = (char)i;
    long long hs = lb_huge_bytes(src.base, src.bytes), hd = lb_huge_bytes(dst.base, dst.bytes);
    double *mbps = malloc(sizeof(double) * (size_t)c->reps);
    if (!mbps)
        die("out of memory");
    for (int op = 0, first = 1; op < LB_NOPS; op++) {
        if (!(c->ops & (1u << op)))
            continue;
        fprintf(j, "%s{\"op\": \"%s\", \"pages\": \"thp\", \"buffer_bytes\": %zu, \"huge_bytes\": %lld, "
                   "\"points\": [", first ? "" : ", ", lb_op_names[op], src.bytes, hs < 0 || hd < 0 ? -1 : hs + hd);
        first = 0;
        uint64_t seq = 0;
        for (size_t i = 0; i < n; i++) {
            char what[32];
            human(what, sizeof what, sizes[i]);
            progress(lb_op_names[op], what, 0);
            lb_pass((lb_op)op, dst.base, src.base, sizes[i], seq++);       /* warm */
            uint64_t passes = 1, dt;
            for (;;) {
                uint64_t t0 = lb_now_ns();
                for (uint64_t k = 0; k < passes; k++)
                    lb_pass((lb_op)op, dst.base, src.base, sizes[i], seq++);
                dt = lb_now_ns() - t0;
                if (dt >= c->rep_ns / 4 || passes >= (1ull << 40))
                    break;
                passes *= 4;
            }
            passes = (uint64_t)((double)passes * (double)c->rep_ns / (double)(dt ? dt : 1));
            passes = passes ? passes : 1;
            for (int r = 0; r < c->reps; r++) {
                uint64_t t0 = lb_now_ns();
                for (uint64_t k = 0; k < passes; k++)
                    lb_pass((lb_op)op, dst.base, src.base, sizes[i], seq++);
                mbps[r] = (double)sizes[i] * (double)passes * 1e3 / (double)(lb_now_ns() - t0);
            }
            fprintf(j, "%s{\"bytes\": %zu, \"passes\": %llu, ", i ? ", " : "", sizes[i], (unsigned long long)passes);
            json_samples(j, "mbps", mbps, c->reps, "%.1f");
            fputc('}', j);
            progress(lb_op_names[op], what, bw_weight(c, sizes[i], op));
        }
        fputs("]}", j);
    }
    free(mbps);
    lb_free(&src);
    lb_free(&dst);
}

int main(int argc, char **argv)
{
    uint64_t start = lb_now_ns();
    size_t mem_total = mem_total_bytes();
    cfg c = {.lat_min = 512, .lat_max = 512u << 20, .bw_min = 64, .bw_max = 256u << 20, .stride = 0,
             .line = 0, .load_bytes = mem_total / 8, .inject_bytes = 256u << 20, .half = 1, .reps = 100,
             .cpu = -1, .load_threads = 0, .load_kind = LOAD_THREADS, .rep_ns = 100000, .seed = 1,
             .load_op = LB_LOAD_RW, .modes = (1u << M_N) - 1, .ops = (1u << LB_NOPS) - 1,
             .delays = {0, 100, 200, 400, 800, 1600, 3200, 6400, 12800, 25600, 51200}, .ndelays = 11};
    parse(&c, argc, argv);

    cpu_set_t allowed;
    if (sched_getaffinity(0, sizeof allowed, &allowed) != 0)
        die("sched_getaffinity: %s", strerror(errno));
    if (c.cpu < 0)
        for (c.cpu = 0; c.cpu < CPU_SETSIZE && !CPU_ISSET(c.cpu, &allowed); c.cpu++)
            ;
    if (c.cpu >= CPU_SETSIZE || !CPU_ISSET(c.cpu, &allowed))
        die_usage("--cpu %d is not among the CPUs this process may run on", c.cpu);
    int load_cpus[1024], nload = 0;
    for (int k = 0; k < CPU_SETSIZE && nload < 1024; k++)
        if (k != c.cpu && CPU_ISSET(k, &allowed))
            load_cpus[nload++] = k;
    if (c.load_threads > nload)
        die_usage("--load-threads %d: only %d other CPU(s) allowed", c.load_threads, nload);
    if (c.load_threads)
        nload = c.load_threads;
    if (!c.line)
        c.line = sysfs_line(c.cpu);
    if (!c.stride)
        c.stride = c.line;
    check(&c, mem_total);
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(c.cpu, &one);
    if (sched_setaffinity(0, sizeof one, &one) != 0)
        die("cannot pin to CPU %d: %s", c.cpu, strerror(errno));

    int need_inject = c.ndelays > 0;
    prog.on = c.progress;
    prog.tty = isatty(2);
    size_t sizes[128];
    size_t n = lat_sizes(&c, sizes, 128);
    for (int m = 0; m < M_N; m++)
        for (size_t i = 0; (c.modes & (1u << m)) && i < n; i++)
            prog.total += lat_weight(&c, sizes[i]);
    prog.total += need_inject ? (c.ndelays + 1) * lat_weight(&c, 0) : 0;
    n = bw_sizes(&c, sizes, 64);
    for (int op = 0; op < LB_NOPS; op++)
        for (size_t i = 0; (c.ops & (1u << op)) && i < n; i++)
            prog.total += bw_weight(&c, sizes[i], op);

    char *text = NULL;
    size_t text_len = 0;
    FILE *j = open_memstream(&text, &text_len);
    if (!j)
        die("open_memstream: %s", strerror(errno));
    fputs("{\"tool\": \"linkbench\", \"format\": 1, ", j);
    json_machine(j, c.cpu, mem_total, c.line);
    fprintf(j, ", \"config\": {\"reps\": %d, \"rep_ns\": %llu, \"line\": %zu, \"stride\": %zu, \"seed\": %llu, "
               "\"measure_cpu\": %d, \"load_cpus\": [",
            c.reps, (unsigned long long)c.rep_ns, c.line, c.stride, (unsigned long long)c.seed, c.cpu);
    for (int k = 0; k < nload; k++)
        fprintf(j, "%s%d", k ? ", " : "", load_cpus[k]);
    fprintf(j, "], \"load\": \"%s\", \"load_bytes\": %zu, \"load_op\": \"%s\", \"half_points\": %s}",
            c.load_kind == LOAD_STRESS ? "stress" : "threads", c.load_bytes,
            c.load_op == LB_LOAD_RW ? "rw" : "read", c.half ? "true" : "false");

    ctx x = {.c = &c, .load_cpus = load_cpus, .nload = nload, .load = NULL};
    fputs(", \"latency\": [", j);
    int paired = (c.modes & (1u << M_RANDTHP)) && (c.modes & (1u << M_LOADED)) && c.load_kind == LOAD_THREADS &&
                 nload > 0;
    for (int m = 0, first = 1; m < M_N; m++) {
        if (!(c.modes & (1u << m)) || (m == M_LOADED && paired))
            continue;
        if (!first)
            fputs(", ", j);
        first = 0;
        latency_mode(j, &x, m, m == M_RANDTHP && paired);
    }
    fputs("], \"inject\": ", j);
    if (need_inject)
        inject(j, &x);
    else
        fputs("null", j);
    lb_load_destroy(x.load);
    fputs(", \"bandwidth\": [", j);
    if (c.ops)
        bandwidth(j, &c);
    double wall = (double)(lb_now_ns() - start) / 1e9;
    fprintf(j, "], \"wall_s\": %.3f}\n", wall);
    fclose(j);
    progress_end(wall);

    FILE *out = c.json ? fopen(c.json, "w") : stdout;
    if (!out)
        die("cannot write %s: %s", c.json, strerror(errno));
    fwrite(text, 1, text_len, out);
    if (out != stdout && fclose(out) != 0)
        die("cannot write %s: %s", c.json, strerror(errno));
    free(text);
    return 0;
}
