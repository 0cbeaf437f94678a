// SPDX-License-Identifier: Apache-2.0
/* hc_dmabuf.c — DMA buffers (hc_dmabuf.h): huge pages with /proc/self/pagemap, the u-dma-buf driver, or a
 * simulated memory (co-simulation). */
#define _GNU_SOURCE
#include "hc_dmabuf.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define PAGE 4096u
#define HUGE ((size_t)2u << 20)

static hc_status fail(hc_dmabuf *b, hc_status s, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(b->why, sizeof b->why, fmt, ap);
    va_end(ap);
    return s;
}

static void reset(hc_dmabuf *b) {
    memset(b, 0, sizeof *b);
    b->fd = -1;
}

/* append [bus, bus + size) at `offset`, merging with the last chunk when physically contiguous */
static int add_chunk(hc_dmabuf *b, uint64_t bus, size_t offset, size_t size) {
    if (b->n_chunks > 0) {
        hc_dmabuf_chunk *c = &b->chunk[b->n_chunks - 1];
        if (c->bus + c->size == bus && c->offset + c->size == offset) {
            c->size += size;
            return 0;
        }
    }
    if (b->n_chunks == HC_DMABUF_MAX_CHUNKS) return -1;
    b->chunk[b->n_chunks++] = (hc_dmabuf_chunk){.bus = bus, .offset = offset, .size = size};
    return 0;
}

hc_status hc_dmabuf_alloc_hugepage(hc_dmabuf *b, size_t size) {
    if (b == NULL) return HC_ERR_ARG;
    reset(b);
    if (size == 0) return fail(b, HC_ERR_RANGE, "size 0");
    const size_t len = (size + HUGE - 1) / HUGE * HUGE;
    /* hugetlbfs pages if the system has them reserved, else transparent huge pages in a 2 MB-aligned area */
    void *p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_HUGETLB | MAP_POPULATE, -1, 0);
    void *user = p;
    size_t map_size = len;
    if (p == MAP_FAILED) {
        map_size = len + HUGE;
        p = mmap(NULL, map_size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p == MAP_FAILED) return fail(b, HC_ERR_OS, "mmap of %zu bytes: %s", map_size, strerror(errno));
        user = (void *)(((uintptr_t)p + HUGE - 1) & ~(uintptr_t)(HUGE - 1));
        (void)madvise(user, len, MADV_HUGEPAGE);      /* (a hint: the pagemap says what came) */
    }
    b->map = p;
    b->map_size = map_size;
    b->user = user;
    b->size = len;
    b->kind = HC_DMABUF_HUGEPAGE;
    memset(user, 0, len);                             /* every page present before its address is read */
    if (mlock(user, len) != 0) {
        int e = errno;
        hc_dmabuf_free(b);
        return fail(b, HC_ERR_OS, "mlock of %zu bytes: %s (RLIMIT_MEMLOCK?)", len, strerror(e));
    }
    int fd = open("/proc/self/pagemap", O_RDONLY);
    if (fd < 0) {
        int e = errno;
        hc_dmabuf_free(b);
        return fail(b, HC_ERR_OS, "/proc/self/pagemap: %s", strerror(e));
    }
    hc_status s = HC_OK;
    for (size_t off = 0; off < len && s == HC_OK; off += PAGE) {
        uint64_t entry = 0;
        const uintptr_t va = (uintptr_t)user + off;
        if (pread(fd, &entry, sizeof entry, (off_t)(va / PAGE * sizeof entry)) != (ssize_t)sizeof entry) {
            s = fail(b, HC_ERR_OS, "pagemap read at %#jx: %s", (uintmax_t)va, strerror(errno));
            break;
        }
        const uint64_t pfn = entry & ((UINT64_C(1) << 55) - 1);
        if (!(entry >> 63)) {
            s = fail(b, HC_ERR_OS, "page at offset %zu not present despite mlock", off);
        } else if (pfn == 0) {
            s = fail(b, HC_ERR_PERM, "/proc/self/pagemap shows no frame numbers (needs CAP_SYS_ADMIN)");
        } else if (add_chunk(b, pfn * PAGE, off, PAGE) != 0) {
            s = fail(b, HC_ERR_OS, "more than %u physically contiguous chunks (no huge pages came)",
                     HC_DMABUF_MAX_CHUNKS);
        }
    }
    close(fd);
    if (s != HC_OK) {
        char why[sizeof b->why];
        memcpy(why, b->why, sizeof why);
        hc_dmabuf_free(b);
        memcpy(b->why, why, sizeof why);
    }
    return s;
}

static int read_text(const char *dir, const char *file, char *out, size_t n) {
    char path[320];
    snprintf(path, sizeof path, "%s/%s", dir, file);
    FILE *f = fopen(path, "r");
    if (f == NULL) return -1;
    const size_t got = fread(out, 1, n - 1, f);
    fclose(f);
    out[got] = '\0';
    return 0;
}

static int write_text(const char *dir, const char *file, const char *fmt, ...) {
    char path[320], text[64];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    snprintf(path, sizeof path, "%s/%s", dir, file);
    FILE *f = fopen(path, "w");
    if (f == NULL) return -1;
    const int bad = fputs(text, f) < 0;
    return (fclose(f) != 0 || bad) ? -1 : 0;
}

hc_status hc_dmabuf_alloc_udmabuf(hc_dmabuf *b, const char *name, const char *sysfs_class, const char *dev_dir) {
    if (b == NULL || name == NULL || sysfs_class == NULL || dev_dir == NULL) return HC_ERR_ARG;
    reset(b);
    char text[64], dev[320];
    unsigned long long phys = 0, size = 0;
    snprintf(b->sysfs, sizeof b->sysfs, "%s/%s", sysfs_class, name);
    if (read_text(b->sysfs, "phys_addr", text, sizeof text) != 0)
        return fail(b, HC_ERR_OS, "%s/phys_addr: %s", b->sysfs, strerror(errno));
    if (sscanf(text, "%llx", &phys) != 1) return fail(b, HC_ERR_OS, "%s/phys_addr: not a hex address", b->sysfs);
    if (read_text(b->sysfs, "size", text, sizeof text) != 0)
        return fail(b, HC_ERR_OS, "%s/size: %s", b->sysfs, strerror(errno));
    if (sscanf(text, "%llu", &size) != 1 || size == 0) return fail(b, HC_ERR_OS, "%s/size: not a size", b->sysfs);
    snprintf(dev, sizeof dev, "%s/%s", dev_dir, name);
    b->fd = open(dev, O_RDWR);
    if (b->fd < 0) return fail(b, HC_ERR_OS, "%s: %s", dev, strerror(errno));
    void *p = mmap(NULL, (size_t)size, PROT_READ | PROT_WRITE, MAP_SHARED, b->fd, 0);
    if (p == MAP_FAILED) {
        int e = errno;
        close(b->fd);
        b->fd = -1;
        return fail(b, HC_ERR_OS, "mmap of %s (%llu bytes): %s", dev, size, strerror(e));
    }
    b->kind = HC_DMABUF_UDMABUF;
    b->map = b->user = p;
    b->map_size = b->size = (size_t)size;
    (void)add_chunk(b, (uint64_t)phys, 0, (size_t)size);
    return HC_OK;
}

hc_status hc_dmabuf_alloc_sim(hc_dmabuf *b, void *host, size_t size, const hc_dmabuf_sim_mem *mem, uint64_t bus_base) {
    if (b == NULL) return HC_ERR_ARG;
    reset(b);
    if (host == NULL || mem == NULL || mem->read == NULL || mem->write == NULL)
        return fail(b, HC_ERR_ARG, "no host buffer or no memory callbacks");
    if (size == 0) return fail(b, HC_ERR_RANGE, "size 0");
    if ((uint64_t)size - 1 > UINT64_MAX - bus_base)
        return fail(b, HC_ERR_RANGE, "%zu bytes at bus %#jx pass the end of the address space", size, (uintmax_t)bus_base);
    memset(host, 0, size);                            /* a fresh buffer: zero on both sides */
    if (mem->write(mem->ctx, bus_base, host, size) != 0)
        return fail(b, HC_ERR_OS, "simulated memory: write of %zu bytes at %#jx failed", size, (uintmax_t)bus_base);
    b->kind = HC_DMABUF_SIM;
    b->user = host;
    b->size = size;
    b->sim = *mem;
    (void)add_chunk(b, bus_base, 0, size);
    return HC_OK;
}

/* the simulation backend's cache maintenance: the range copied between host memory and the simulated one */
static hc_status sync_sim(hc_dmabuf *b, hc_dmabuf_dir dir, size_t offset, size_t size) {
    const uint64_t bus = b->chunk[0].bus + offset;
    unsigned char *host = (unsigned char *)b->user + offset;
    if (size == 0) return HC_OK;
    const int bad = dir == HC_DMABUF_TO_DEVICE ? b->sim.write(b->sim.ctx, bus, host, size)
                                               : b->sim.read(b->sim.ctx, bus, host, size);
    if (bad != 0)
        return fail(b, HC_ERR_OS, "simulated memory: %s of %zu bytes at %#jx failed",
                    dir == HC_DMABUF_TO_DEVICE ? "write" : "read", size, (uintmax_t)bus);
    return HC_OK;
}

hc_status hc_dmabuf_sync(hc_dmabuf *b, hc_dmabuf_dir dir, size_t offset, size_t size) {
    if (b == NULL || b->kind == HC_DMABUF_NONE) return HC_ERR_ARG;
    if (dir != HC_DMABUF_TO_DEVICE && dir != HC_DMABUF_FROM_DEVICE) return HC_ERR_ARG;
    if (offset > b->size || size > b->size - offset) return HC_ERR_RANGE;
    if (b->kind == HC_DMABUF_HUGEPAGE) return HC_OK;  /* cache-coherent host memory: nothing to do */
    if (b->kind == HC_DMABUF_SIM) return sync_sim(b, dir, offset, size);
    if (write_text(b->sysfs, "sync_offset", "%zu", offset) != 0 || write_text(b->sysfs, "sync_size", "%zu", size) != 0 ||
        write_text(b->sysfs, "sync_direction", "%d", (int)dir) != 0 ||
        write_text(b->sysfs, dir == HC_DMABUF_TO_DEVICE ? "sync_for_device" : "sync_for_cpu", "1") != 0)
        return fail(b, HC_ERR_OS, "%s/sync_*: %s", b->sysfs, strerror(errno));
    return HC_OK;
}

hc_status hc_dmabuf_bus(const hc_dmabuf *b, size_t offset, uint64_t *bus) {
    if (b == NULL || bus == NULL) return HC_ERR_ARG;
    for (unsigned i = 0; i < b->n_chunks; i++) {
        const hc_dmabuf_chunk *c = &b->chunk[i];
        if (offset >= c->offset && offset - c->offset < c->size) {
            *bus = c->bus + (offset - c->offset);
            return HC_OK;
        }
    }
    return HC_ERR_RANGE;
}

hc_status hc_dmabuf_free(hc_dmabuf *b) {
    if (b == NULL) return HC_ERR_ARG;
    if (b->map != NULL) {
        if (b->kind == HC_DMABUF_HUGEPAGE) (void)munlock(b->user, b->size);
        (void)munmap(b->map, b->map_size);
    }
    if (b->fd >= 0) close(b->fd);
    reset(b);
    return HC_OK;
}
