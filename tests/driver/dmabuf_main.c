// SPDX-License-Identifier: Apache-2.0
/* dmabuf_main.c — exercises sw/driver/hc_dmabuf (tests/driver/test_dmabuf.py):
 *   dmabuf_main udmabuf <sysfs_class> <dev_dir> <name>   map the buffer, fill it, sync a range, print chunks
 *   dmabuf_main hugepage <bytes>                          allocate, print chunks, re-check every 4 KB page's
 *                                                         bus address against /proc/self/pagemap
 * Output: "chunk <bus> <offset> <size>" lines, then "ok" — or "refused <status> <why>" (exit 2). */
#define _GNU_SOURCE
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hc_dmabuf.h"

static void print_chunks(const hc_dmabuf *b) {
    for (unsigned i = 0; i < b->n_chunks; i++)
        printf("chunk 0x%" PRIx64 " %zu %zu\n", b->chunk[i].bus, b->chunk[i].offset, b->chunk[i].size);
}

int main(int argc, char **argv) {
    hc_dmabuf b;
    if (argc == 5 && strcmp(argv[1], "udmabuf") == 0) {
        hc_status s = hc_dmabuf_alloc_udmabuf(&b, argv[4], argv[2], argv[3]);
        if (s != HC_OK) { printf("refused %d %s\n", (int)s, b.why); return 2; }
        print_chunks(&b);
        unsigned char *p = b.user;
        for (size_t i = 0; i < b.size; i++) p[i] = (unsigned char)(i * 7u + 1u);
        if (hc_dmabuf_sync(&b, HC_DMABUF_TO_DEVICE, 4096, 8192) != HC_OK) { printf("sync failed %s\n", b.why); return 1; }
        if (hc_dmabuf_sync(&b, HC_DMABUF_TO_DEVICE, b.size, 1) != HC_ERR_RANGE) { printf("sync past the end accepted\n"); return 1; }
        uint64_t bus = 0;
        if (hc_dmabuf_bus(&b, 100, &bus) != HC_OK || bus != b.chunk[0].bus + 100) { printf("bus address wrong\n"); return 1; }
        hc_dmabuf_free(&b);
        printf("ok\n");
        return 0;
    }
    if (argc == 3 && strcmp(argv[1], "hugepage") == 0) {
        hc_status s = hc_dmabuf_alloc_hugepage(&b, (size_t)strtoull(argv[2], NULL, 0));
        if (s != HC_OK) { printf("refused %d %s\n", (int)s, b.why); return 2; }
        print_chunks(&b);
        /* an independent pass: every page's frame number against the chunks' bus addresses */
        int fd = open("/proc/self/pagemap", O_RDONLY);
        for (size_t off = 0; off < b.size; off += 4096) {
            uint64_t entry = 0, bus = 0;
            const uintptr_t va = (uintptr_t)b.user + off;
            if (pread(fd, &entry, 8, (off_t)(va / 4096 * 8)) != 8) { printf("pagemap\n"); return 1; }
            if (hc_dmabuf_bus(&b, off + 123, &bus) != HC_OK ||
                bus != (entry & ((UINT64_C(1) << 55) - 1)) * 4096 + 123) {
                printf("offset %zu: bus 0x%" PRIx64 ", pagemap frame 0x%" PRIx64 "\n", off, bus, entry & ((UINT64_C(1) << 55) - 1));
                return 1;
            }
        }
        close(fd);
        unsigned char *p = b.user;
        for (size_t i = 0; i < b.size; i += 4096) p[i] = 0x5A;
        hc_dmabuf_free(&b);
        printf("ok\n");
        return 0;
    }
    fprintf(stderr, "usage: dmabuf_main udmabuf <sysfs_class> <dev_dir> <name> | hugepage <bytes>\n");
    return 1;
}
