// SPDX-License-Identifier: Apache-2.0
/* hyperconnect.h — C11 driver for axi_hyperconnect (no dynamic allocation, no floating point).
 *
 * Register offsets and fields come from the header generated from rdl/hyperconnect.rdl
 * (hyperconnect_regs.h, `hc regs`). Every function returns an hc_status; hc_strerror() names it.
 * Arguments are checked before anything is written, so an out-of-range request never reaches the
 * hardware (which would reject it too and set a sticky error flag, reported as HC_ERR_REJECTED).
 */
#ifndef HYPERCONNECT_H
#define HYPERCONNECT_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#include "hc_backend.h"

#define HC_ID_MAGIC 0x48434F4Eu /* "HCON" */
#define HC_MAX_PORTS 16u
#define HC_MAX_CLASS 3u

typedef enum hc_status {
    HC_OK = 0,
    HC_ERR_ARG = -1,      /* null pointer or port number not instantiated */
    HC_ERR_PROBE = -2,    /* ID register does not read HCON, or unsupported major version */
    HC_ERR_RANGE = -3,    /* value outside the documented range; nothing written */
    HC_ERR_REJECTED = -4, /* the hardware rejected the write (sticky error flag set) */
    HC_ERR_TIMEOUT = -5,  /* a bounded wait (decouple drain) ran out */
    HC_ERR_NOT_PROBED = -6,
    HC_ERR_LOCKED = -7,   /* the configuration is locked (LOCK) until reset; nothing written */
    HC_ERR_OS = -8,       /* the operating system refused (DMA buffers: see hc_dmabuf.why) */
    HC_ERR_PERM = -9      /* physical addresses are hidden from this process (no CAP_SYS_ADMIN) */
} hc_status;

typedef struct hc_dev {
    hc_backend be;
    uint32_t n_ports;         /* from BUILD */
    uint32_t bus_bytes;       /* from BUILD */
    uint32_t track_depth;     /* from BUILD: upper bound of the outstanding limits */
    uint32_t version;
    bool probed;
} hc_dev;

typedef struct hc_counters {
    uint64_t rd_bytes;
    uint64_t wr_bytes;
    uint32_t rd_txn;
    uint32_t wr_txn;
    uint32_t stall_cycles;
    uint32_t max_rd_latency;
} hc_counters;

typedef enum hc_dir { HC_READ = 0, HC_WRITE = 1 } hc_dir;

const char *hc_strerror(hc_status s);

hc_status hc_probe(hc_dev *dev, const hc_backend *be);

hc_status hc_set_nominal_len(hc_dev *dev, unsigned port, unsigned beats);           /* 1..256 */
hc_status hc_set_outstanding(hc_dev *dev, unsigned port, unsigned rd, unsigned wr); /* 1..track_depth */
hc_status hc_set_priority(hc_dev *dev, unsigned port, unsigned cls);                /* 0..3 */
hc_status hc_set_period(hc_dev *dev, uint32_t cycles);                              /* >= 1 */
hc_status hc_set_global_limit(hc_dev *dev, unsigned g);                             /* 1..255 */
hc_status hc_set_class_qos(hc_dev *dev, unsigned cls, unsigned qos);                /* class 0..3 -> AxQOS 0..15; IP 1.4+ */
hc_status hc_set_budget(hc_dev *dev, unsigned port, unsigned rd, unsigned wr);      /* 0..65535 */
hc_status hc_set_reservation(hc_dev *dev, unsigned port, bool enable);

/* Nominal transactions per period that give `permille` (0..1000) of the bus: a nominal transaction
 * occupies the data channel for nominal_len cycles (one beat per cycle of bus_bytes bytes), so
 * budget = floor(period * permille / (1000 * nominal_len)). */
hc_status hc_budget_for_share(uint32_t period, unsigned nominal_len, unsigned permille, unsigned *budget);
/* Nominal transactions per period to move at least `bytes` per period on a bus of bus_bytes. */
hc_status hc_budget_for_bytes(unsigned nominal_len, unsigned bus_bytes, uint64_t bytes, unsigned *budget);
/* Read the period and the port's nominal length and program its budget for `permille` of the bus. */
hc_status hc_reserve_share(hc_dev *dev, unsigned port, hc_dir dir, unsigned permille);

/* Decouple: stop accepting new requests, wait (at most max_polls status reads) until the port reports
 * decoupled. HC_ERR_TIMEOUT leaves the request set (the port keeps draining). */
hc_status hc_decouple(hc_dev *dev, unsigned port, uint32_t max_polls);
hc_status hc_recouple(hc_dev *dev, unsigned port);

/* Address window: the port may only access [base, base + size); a request not entirely inside is
 * answered with DECERR and never reaches memory (FAULT flags, IRQ_STATUS.fault). size 0 denies all.
 * The window is made of 4 KB pages: base and size must be multiples of 4096 (HC_ERR_RANGE otherwise,
 * nothing written). Moving a window that is on never lets the port reach an address that neither the old
 * nor the new window holds (it is emptied first, then set). hc_clear_window lets every address through
 * again (the reset state). */
hc_status hc_set_window(hc_dev *dev, unsigned port, uint64_t base, uint64_t size);
hc_status hc_clear_window(hc_dev *dev, unsigned port);

/* Fault flags of a port (what its accelerator did wrong), read and cleared. */
#define HC_FAULT_WIN_RD 0x1u /* a read outside the window was answered with DECERR */
#define HC_FAULT_WIN_WR 0x2u /* a write outside the window was answered with DECERR, data dropped */
#define HC_FAULT_PROTO_RD 0x4u /* a read breaking an AXI burst rule was answered with SLVERR */
#define HC_FAULT_PROTO_WR 0x8u /* a write breaking an AXI burst rule was answered with SLVERR, data dropped */
/* watchdog: the port was cut off and decoupled because its accelerator ... */
#define HC_FAULT_W_STALL 0x10u /* did not send an accepted write's data (or sent data with no request) */
#define HC_FAULT_R_STALL 0x20u /* held RREADY low with read data waiting */
#define HC_FAULT_B_STALL 0x40u /* held BREADY low with a write response waiting */
#define HC_FAULT_WLAST 0x80u   /* sent WLAST on the wrong beat */
#define HC_FAULT_WATCHDOG (HC_FAULT_W_STALL | HC_FAULT_R_STALL | HC_FAULT_B_STALL | HC_FAULT_WLAST)
/* Reads the flags and clears the event flags (window, protocol); the watchdog flags stay set: they keep
 * the port cut off until hc_release_port. */
hc_status hc_read_faults(hc_dev *dev, unsigned port, uint32_t *faults);

/* Stall timeout of a port's watchdog, in cycles (0: off, the reset value; at most 65535): how long the
 * accelerator may keep the interconnect waiting (write data owed, RREADY or BREADY low) before the port
 * is cut off, what it left open completed (write data with WSTRB 0, responses dropped) and the port
 * decoupled. Configuration: refused when locked. */
hc_status hc_set_stall_timeout(hc_dev *dev, unsigned port, uint32_t cycles);
/* After the watchdog tripped and the accelerator has been reset: clear the watchdog flags and wait (at
 * most max_polls status reads) until the port is no longer cut off (STATUS.cut_off). The hardware lets go
 * only once every transaction the port had outstanding has completed (its responses dropped), so the
 * reset accelerator never receives a response to a request from before; the port then re-couples
 * (unless it is decoupled by hc_decouple). HC_ERR_TIMEOUT: still draining (e.g. the memory has not
 * answered yet); the flags stay cleared and the port re-couples by itself once drained. Allowed when
 * locked (an acknowledgement). */
hc_status hc_release_port(hc_dev *dev, unsigned port, uint32_t max_polls);

/* Configuration lock: after hc_lock() every configuration register (period, global limit, per port
 * nominal length, class, reservation, decoupling, limits, budgets, windows, interrupt enables) ignores writes
 * until reset, and every setter above returns HC_ERR_LOCKED without writing. Status acknowledgements
 * and counter clears stay available. Irreversible by software. */
hc_status hc_lock(hc_dev *dev);
hc_status hc_is_locked(hc_dev *dev, bool *locked);

hc_status hc_read_counters(hc_dev *dev, unsigned port, hc_counters *out);
hc_status hc_clear_counters(hc_dev *dev, unsigned port);

#ifdef __cplusplus
}
#endif

#endif
