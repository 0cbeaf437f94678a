// SPDX-License-Identifier: Apache-2.0
/* hyperconnect.c — C11 driver for axi_hyperconnect; see hyperconnect.h. */
#include "hyperconnect.h"

#include <stddef.h>

#include "hyperconnect_regs.h"

#define PORT_STRIDE ((uint32_t)sizeof(hc_port_t)) /* 0x80: INFO is the block's last register */
#ifdef __cplusplus /* the simulation harnesses compile this file as C++ */
#define HC_STATIC_ASSERT static_assert
#else
#define HC_STATIC_ASSERT _Static_assert
#endif
HC_STATIC_ASSERT(sizeof(hc_port_t) == 0x80, "port register blocks are 128 bytes (rdl/hyperconnect.rdl)");
/* the FAULT bits of hyperconnect.h are the register's */
HC_STATIC_ASSERT(HC_FAULT_WIN_RD == HC_PORT__FAULT__WIN_RD_bm && HC_FAULT_WIN_WR ==
                 HC_PORT__FAULT__WIN_WR_bm && HC_FAULT_PROTO_RD == HC_PORT__FAULT__PROTO_RD_bm &&
                 HC_FAULT_PROTO_WR == HC_PORT__FAULT__PROTO_WR_bm && HC_FAULT_W_STALL ==
                 HC_PORT__FAULT__W_STALL_bm && HC_FAULT_R_STALL == HC_PORT__FAULT__R_STALL_bm &&
                 HC_FAULT_B_STALL == HC_PORT__FAULT__B_STALL_bm && HC_FAULT_WLAST ==
                 HC_PORT__FAULT__WLAST_bm, "FAULT bits match rdl/hyperconnect.rdl");
#define GLOBAL(reg) ((uint32_t)offsetof(hyperconnect_t, reg))
#define PORT_REG(port, reg) \
    ((uint32_t)offsetof(hyperconnect_t, PORT) + (uint32_t)(port) * PORT_STRIDE + \
     (uint32_t)offsetof(hc_port_t, reg))
/* f: a field of the generated header without _bm/_bp, e.g. HC_PORT__CFG__PRIO */
#define FIELD_GET(value, f) (((value) & f##_bm) >> f##_bp)
#define FIELD_SET(value, f, x) \
    (((value) & ~(uint32_t)f##_bm) | (((uint32_t)(x) << f##_bp) & f##_bm))

static uint32_t rd32(const hc_dev *dev, uint32_t off) { return dev->be.read32(dev->be.ctx, off); }
static void wr32(const hc_dev *dev, uint32_t off, uint32_t v) { dev->be.write32(dev->be.ctx, off, v); }

const char *hc_strerror(hc_status s) {
    switch (s) {
    case HC_OK: return "ok";
    case HC_ERR_ARG: return "bad argument (null pointer or port not instantiated)";
    case HC_ERR_PROBE: return "no HyperConnect at this address (ID or version mismatch)";
    case HC_ERR_RANGE: return "value out of range";
    case HC_ERR_REJECTED: return "the hardware rejected the value";
    case HC_ERR_TIMEOUT: return "timed out";
    case HC_ERR_NOT_PROBED: return "device not probed";
    case HC_ERR_LOCKED: return "configuration locked until reset";
    case HC_ERR_OS: return "the operating system refused";
    case HC_ERR_PERM: return "physical addresses hidden from this process";
    }
    return "unknown error";
}

static hc_status check_port(const hc_dev *dev, unsigned port) {
    if (dev == NULL) return HC_ERR_ARG;
    if (!dev->probed) return HC_ERR_NOT_PROBED;
    return port < dev->n_ports ? HC_OK : HC_ERR_ARG;
}

hc_status hc_probe(hc_dev *dev, const hc_backend *be) {
    if (dev == NULL || be == NULL || be->read32 == NULL || be->write32 == NULL) return HC_ERR_ARG;
    dev->be = *be;
    dev->probed = false;
    if (rd32(dev, GLOBAL(ID)) != HC_ID_MAGIC) return HC_ERR_PROBE;
    dev->version = rd32(dev, GLOBAL(VERSION));
    if (FIELD_GET(dev->version, HYPERCONNECT__VERSION__MAJOR) != HYPERCONNECT__VERSION__MAJOR_reset) return HC_ERR_PROBE;
    const uint32_t build = rd32(dev, GLOBAL(BUILD));
    dev->n_ports = FIELD_GET(build, HYPERCONNECT__BUILD__N_PORTS);
    dev->bus_bytes = 1u << FIELD_GET(build, HYPERCONNECT__BUILD__DATA_BYTES_LOG2);
    dev->track_depth = FIELD_GET(build, HYPERCONNECT__BUILD__TRACK_DEPTH);
    if (dev->n_ports < 1 || dev->n_ports > HC_MAX_PORTS || dev->track_depth < 1) return HC_ERR_PROBE;
    for (uint32_t p = 0; p < dev->n_ports; ++p) /* each port block answers with its own index */
        if (FIELD_GET(rd32(dev, PORT_REG(p, INFO)), HC_PORT__INFO__INDEX) != p) return HC_ERR_PROBE;
    dev->probed = true;
    return HC_OK;
}

static bool locked(const hc_dev *dev) { return FIELD_GET(rd32(dev, GLOBAL(LOCK)), HYPERCONNECT__LOCK__LOCKED) != 0; }

/* Write a port register and report whether the hardware rejected it (sticky flag, then cleared). */
static hc_status port_write_checked(hc_dev *dev, unsigned port, uint32_t off, uint32_t value) {
    if (locked(dev)) return HC_ERR_LOCKED;
    wr32(dev, off, value);
    const uint32_t err = rd32(dev, PORT_REG(port, ERR));
    if (err != 0) {
        wr32(dev, PORT_REG(port, ERR), err); /* write 1 to clear */
        return HC_ERR_REJECTED;
    }
    return HC_OK;
}

hc_status hc_set_nominal_len(hc_dev *dev, unsigned port, unsigned beats) {
    hc_status s = check_port(dev, port);
    if (s != HC_OK) return s;
    if (beats < 1 || beats > 256) return HC_ERR_RANGE;
    const uint32_t cfg = rd32(dev, PORT_REG(port, CFG));
    return port_write_checked(dev, port, PORT_REG(port, CFG), FIELD_SET(cfg, HC_PORT__CFG__NOMINAL_LEN, beats));
}

hc_status hc_set_outstanding(hc_dev *dev, unsigned port, unsigned rd, unsigned wr) {
    hc_status s = check_port(dev, port);
    if (s != HC_OK) return s;
    if (rd < 1 || wr < 1 || rd > dev->track_depth || wr > dev->track_depth) return HC_ERR_RANGE;
    uint32_t v = FIELD_SET(0u, HC_PORT__LIMITS__RD_MAX_OUT, rd);
    v = FIELD_SET(v, HC_PORT__LIMITS__WR_MAX_OUT, wr);
    return port_write_checked(dev, port, PORT_REG(port, LIMITS), v);
}

hc_status hc_set_priority(hc_dev *dev, unsigned port, unsigned cls) {
    hc_status s = check_port(dev, port);
    if (s != HC_OK) return s;
    if (cls > HC_MAX_CLASS) return HC_ERR_RANGE;
    const uint32_t cfg = rd32(dev, PORT_REG(port, CFG));
    return port_write_checked(dev, port, PORT_REG(port, CFG), FIELD_SET(cfg, HC_PORT__CFG__PRIO, cls));
}

hc_status hc_set_reservation(hc_dev *dev, unsigned port, bool enable) {
    hc_status s = check_port(dev, port);
    if (s != HC_OK) return s;
    const uint32_t cfg = rd32(dev, PORT_REG(port, CFG));
    return port_write_checked(dev, port, PORT_REG(port, CFG), FIELD_SET(cfg, HC_PORT__CFG__RES_EN, enable ? 1u : 0u));
}

static hc_status global_write_checked(hc_dev *dev, uint32_t off, uint32_t value) {
    if (locked(dev)) return HC_ERR_LOCKED;
    wr32(dev, off, value);
    const uint32_t err = rd32(dev, GLOBAL(GLOBAL_ERR));
    if (err != 0) {
        wr32(dev, GLOBAL(GLOBAL_ERR), err);
        return HC_ERR_REJECTED;
    }
    return HC_OK;
}

hc_status hc_set_period(hc_dev *dev, uint32_t cycles) {
    if (dev == NULL) return HC_ERR_ARG;
    if (!dev->probed) return HC_ERR_NOT_PROBED;
    if (cycles < 1) return HC_ERR_RANGE;
    return global_write_checked(dev, GLOBAL(PERIOD), cycles);
}

hc_status hc_set_global_limit(hc_dev *dev, unsigned g) {
    if (dev == NULL) return HC_ERR_ARG;
    if (!dev->probed) return HC_ERR_NOT_PROBED;
    if (g < 1 || g > 255) return HC_ERR_RANGE;
    return global_write_checked(dev, GLOBAL(GLOBAL_LIMIT), g);
}

/* QOS_MAP: the AxQOS a class carries on m_axi (4 bits per class, class 0 in the lowest; no range flag:
 * every 4-bit value is legal, so the write is read back instead) */
hc_status hc_set_class_qos(hc_dev *dev, unsigned cls, unsigned qos) {
    if (dev == NULL) return HC_ERR_ARG;
    if (!dev->probed) return HC_ERR_NOT_PROBED;
    if (cls > 3u || qos > 15u) return HC_ERR_RANGE;
    if (FIELD_GET(dev->version, HYPERCONNECT__VERSION__MINOR) < 4u) return HC_ERR_RANGE;   /* no QOS_MAP before 1.4 */
    if (locked(dev)) return HC_ERR_LOCKED;
    const unsigned shift = 4u * cls;
    const uint32_t v = (rd32(dev, GLOBAL(QOS_MAP)) & ~(0xFu << shift)) | (uint32_t)qos << shift;
    wr32(dev, GLOBAL(QOS_MAP), v);
    return rd32(dev, GLOBAL(QOS_MAP)) == v ? HC_OK : HC_ERR_REJECTED;
}

hc_status hc_set_budget(hc_dev *dev, unsigned port, unsigned rd, unsigned wr) {
    hc_status s = check_port(dev, port);
    if (s != HC_OK) return s;
    if (rd > 0xFFFFu || wr > 0xFFFFu) return HC_ERR_RANGE;
    uint32_t v = FIELD_SET(0u, HC_PORT__BUDGET__RD_BUDGET, rd);
    v = FIELD_SET(v, HC_PORT__BUDGET__WR_BUDGET, wr);
    return port_write_checked(dev, port, PORT_REG(port, BUDGET), v);
}

hc_status hc_budget_for_share(uint32_t period, unsigned nominal_len, unsigned permille, unsigned *budget) {
    if (budget == NULL) return HC_ERR_ARG;
    if (period < 1 || nominal_len < 1 || nominal_len > 256 || permille > 1000) return HC_ERR_RANGE;
    const uint64_t b = (uint64_t)period * permille / (1000u * (uint64_t)nominal_len);
    if (b > 0xFFFFu) return HC_ERR_RANGE;
    *budget = (unsigned)b;
    return HC_OK;
}

hc_status hc_budget_for_bytes(unsigned nominal_len, unsigned bus_bytes, uint64_t bytes, unsigned *budget) {
    if (budget == NULL) return HC_ERR_ARG;
    if (nominal_len < 1 || nominal_len > 256 || bus_bytes < 1) return HC_ERR_RANGE;
    const uint64_t per_txn = (uint64_t)nominal_len * bus_bytes;
    const uint64_t b = (bytes + per_txn - 1) / per_txn;
    if (b > 0xFFFFu) return HC_ERR_RANGE;
    *budget = (unsigned)b;
    return HC_OK;
}

hc_status hc_reserve_share(hc_dev *dev, unsigned port, hc_dir dir, unsigned permille) {
    hc_status s = check_port(dev, port);
    if (s != HC_OK) return s;
    const uint32_t period = rd32(dev, GLOBAL(PERIOD));
    const unsigned nominal = FIELD_GET(rd32(dev, PORT_REG(port, CFG)), HC_PORT__CFG__NOMINAL_LEN);
    unsigned budget = 0;
    s = hc_budget_for_share(period, nominal, permille, &budget);
    if (s != HC_OK) return s;
    const uint32_t old = rd32(dev, PORT_REG(port, BUDGET));
    const unsigned rd = dir == HC_READ ? budget : FIELD_GET(old, HC_PORT__BUDGET__RD_BUDGET);
    const unsigned wr = dir == HC_WRITE ? budget : FIELD_GET(old, HC_PORT__BUDGET__WR_BUDGET);
    return hc_set_budget(dev, port, rd, wr);
}

hc_status hc_decouple(hc_dev *dev, unsigned port, uint32_t max_polls) {
    hc_status s = check_port(dev, port);
    if (s != HC_OK) return s;
    if (locked(dev)) return HC_ERR_LOCKED;
    const uint32_t cfg = rd32(dev, PORT_REG(port, CFG));
    wr32(dev, PORT_REG(port, CFG), FIELD_SET(cfg, HC_PORT__CFG__DECOUPLE, 1u));
    for (uint32_t i = 0; i < max_polls; ++i) {
        if (FIELD_GET(rd32(dev, PORT_REG(port, STATUS)), HC_PORT__STATUS__DECOUPLED)) return HC_OK;
    }
    return HC_ERR_TIMEOUT;
}

hc_status hc_recouple(hc_dev *dev, unsigned port) {
    hc_status s = check_port(dev, port);
    if (s != HC_OK) return s;
    if (locked(dev)) return HC_ERR_LOCKED;
    const uint32_t cfg = rd32(dev, PORT_REG(port, CFG));
    wr32(dev, PORT_REG(port, CFG), FIELD_SET(cfg, HC_PORT__CFG__DECOUPLE, 0u));
    return HC_OK;
}

hc_status hc_set_window(hc_dev *dev, unsigned port, uint64_t base, uint64_t size) {
    hc_status s = check_port(dev, port);
    if (s != HC_OK) return s;
    if ((base | size) & 0xFFFu) return HC_ERR_RANGE; /* 4 KB pages */
    if (locked(dev)) return HC_ERR_LOCKED;
    const uint32_t cfg = rd32(dev, PORT_REG(port, CFG));
    const int on = FIELD_GET(cfg, HC_PORT__CFG__WIN_EN) != 0u;
    /* No write leaves the port more than the old or the new window allows. A window that is on is never
     * switched off to be moved (off lets every address through): its size goes to 0 first (low word
     * first, so it only shrinks; 0 denies everything), then the base moves, then the new size is written
     * low word first (a window inside the new one until the high word is in). A window that is off is
     * written, then switched on. */
    if (on) {
        wr32(dev, PORT_REG(port, WIN_SIZE_LO), 0u);
        wr32(dev, PORT_REG(port, WIN_SIZE_HI), 0u);
    }
    wr32(dev, PORT_REG(port, WIN_BASE_LO), (uint32_t)base);
    wr32(dev, PORT_REG(port, WIN_BASE_HI), (uint32_t)(base >> 32));
    wr32(dev, PORT_REG(port, WIN_SIZE_LO), (uint32_t)size);
    wr32(dev, PORT_REG(port, WIN_SIZE_HI), (uint32_t)(size >> 32));
    if (!on) wr32(dev, PORT_REG(port, CFG), FIELD_SET(cfg, HC_PORT__CFG__WIN_EN, 1u));
    return HC_OK;
}

hc_status hc_clear_window(hc_dev *dev, unsigned port) {
    hc_status s = check_port(dev, port);
    if (s != HC_OK) return s;
    if (locked(dev)) return HC_ERR_LOCKED;
    const uint32_t cfg = rd32(dev, PORT_REG(port, CFG));
    wr32(dev, PORT_REG(port, CFG), FIELD_SET(cfg, HC_PORT__CFG__WIN_EN, 0u));
    return HC_OK;
}

hc_status hc_read_faults(hc_dev *dev, unsigned port, uint32_t *faults) {
    hc_status s = check_port(dev, port);
    if (s != HC_OK) return s;
    if (faults == NULL) return HC_ERR_ARG;
    *faults = rd32(dev, PORT_REG(port, FAULT));
    wr32(dev, PORT_REG(port, FAULT), *faults & ~HC_FAULT_WATCHDOG); /* write 1 to clear the events read */
    return HC_OK;
}

hc_status hc_set_stall_timeout(hc_dev *dev, unsigned port, uint32_t cycles) {
    hc_status s = check_port(dev, port);
    if (s != HC_OK) return s;
    if (cycles > HC_PORT__TIMEOUT__CYCLES_bm) return HC_ERR_RANGE;
    if (locked(dev)) return HC_ERR_LOCKED;
    wr32(dev, PORT_REG(port, TIMEOUT), FIELD_SET(0u, HC_PORT__TIMEOUT__CYCLES, cycles));
    return HC_OK;
}

hc_status hc_release_port(hc_dev *dev, unsigned port, uint32_t max_polls) {
    hc_status s = check_port(dev, port);
    if (s != HC_OK) return s;
    wr32(dev, PORT_REG(port, FAULT), HC_FAULT_WATCHDOG);
    for (uint32_t i = 0; i < max_polls; ++i) {
        if (!FIELD_GET(rd32(dev, PORT_REG(port, STATUS)), HC_PORT__STATUS__CUT_OFF)) return HC_OK;
    }
    return HC_ERR_TIMEOUT;
}

hc_status hc_lock(hc_dev *dev) {
    if (dev == NULL) return HC_ERR_ARG;
    if (!dev->probed) return HC_ERR_NOT_PROBED;
    wr32(dev, GLOBAL(LOCK), HYPERCONNECT__LOCK__LOCKED_bm);
    return locked(dev) ? HC_OK : HC_ERR_REJECTED;
}

hc_status hc_is_locked(hc_dev *dev, bool *is_locked) {
    if (dev == NULL || is_locked == NULL) return HC_ERR_ARG;
    if (!dev->probed) return HC_ERR_NOT_PROBED;
    *is_locked = locked(dev);
    return HC_OK;
}

hc_status hc_read_counters(hc_dev *dev, unsigned port, hc_counters *out) {
    hc_status s = check_port(dev, port);
    if (s != HC_OK) return s;
    if (out == NULL) return HC_ERR_ARG;
    /* the counters (CNT: the counter bank's words and MAX_RD_LATENCY) are exact at each read; 64-bit
       byte counters: read high, low, high again so a carry between the halves is never torn */
    uint32_t hi, lo;
    do {
        hi = rd32(dev, PORT_REG(port, CNT.RD_BYTES_HI));
        lo = rd32(dev, PORT_REG(port, CNT.RD_BYTES_LO));
    } while (hi != rd32(dev, PORT_REG(port, CNT.RD_BYTES_HI)));
    out->rd_bytes = ((uint64_t)hi << 32) | lo;
    do {
        hi = rd32(dev, PORT_REG(port, CNT.WR_BYTES_HI));
        lo = rd32(dev, PORT_REG(port, CNT.WR_BYTES_LO));
    } while (hi != rd32(dev, PORT_REG(port, CNT.WR_BYTES_HI)));
    out->wr_bytes = ((uint64_t)hi << 32) | lo;
    out->rd_txn = rd32(dev, PORT_REG(port, CNT.RD_TXN));
    out->wr_txn = rd32(dev, PORT_REG(port, CNT.WR_TXN));
    out->stall_cycles = rd32(dev, PORT_REG(port, CNT.STALL_CYCLES));
    out->max_rd_latency = rd32(dev, PORT_REG(port, CNT.MAX_RD_LATENCY));
    return HC_OK;
}

hc_status hc_clear_counters(hc_dev *dev, unsigned port) {
    hc_status s = check_port(dev, port);
    if (s != HC_OK) return s;
    wr32(dev, PORT_REG(port, CNT_CTRL), HC_PORT__CNT_CTRL__CLEAR_bm);
    return HC_OK;
}
