// SPDX-License-Identifier: Apache-2.0
// driver_sim_main.cpp — the C driver against the real axi_hyperconnect (bench/rtl/hc_system_top: 4 ports,
// 64-bit, TRACK_DEPTH 16, traffic generators and a memory model) through the simulation backend, as
// software on the SoC would use it. Prints one line per check and a closing "N passed, M failed"; exits
// non-zero on a failure.
#include <cstdio>

#include "hc_system.hpp"

namespace {
int passed = 0, failed = 0;

void check(bool ok, const char *what) {
    std::printf("%s: %s\n", ok ? "ok  " : "FAIL", what);
    (ok ? passed : failed)++;
}

uint32_t zero_read(void *, uint32_t) { return 0; }
void ignore_write(void *, uint32_t, uint32_t) {}

constexpr uint32_t kPeriod = 0x010, kGlobalLimit = 0x014, kGlobalErr = 0x018;
using hcsys::port_reg;
constexpr uint32_t kCfg = 0x00, kLimits = 0x04, kStatus = 0x0C, kErr = 0x10, kIrqEn = 0x14, kIrqStatus = 0x18;
constexpr uint32_t kTimeout = 0x54, kCutOff = 1u << 4;
constexpr uint32_t kWinBaseLo = 0x40, kWinBaseHi = 0x44, kWinSizeLo = 0x48, kWinSizeHi = 0x4C;
}  // namespace

int main() {
    hcsys::System sys;
    const hc_backend &be = *sys.backend();
    auto rd = [&](uint32_t a) { return be.read32(be.ctx, a); };
    auto wr = [&](uint32_t a, uint32_t v) { be.write32(be.ctx, a, v); };
    hc_dev dev;

    // ---- probe and argument checks
    hc_backend nothing = {zero_read, ignore_write, nullptr};
    check(hc_probe(&dev, &nothing) == HC_ERR_PROBE, "probe rejects a bus without the ID register");
    check(hc_set_nominal_len(&dev, 0, 16) == HC_ERR_NOT_PROBED, "calls before a successful probe fail");
    check(hc_probe(&dev, &be) == HC_OK, "probe finds HCON and reads BUILD");
    check(dev.n_ports == 4 && dev.bus_bytes == 8 && dev.track_depth == 16, "BUILD: 4 ports, 8-byte bus, depth 16");
    check((rd(port_reg(0, kCfg)) & 0x1ff) == 16 && rd(port_reg(0, kLimits)) == (4u | 4u << 8),
          "reset defaults: nominal 16, outstanding 4/4");

    // ---- configuration through the driver
    check(hc_set_nominal_len(&dev, 1, 64) == HC_OK && (rd(port_reg(1, kCfg)) & 0x1ff) == 64, "nominal length 64 applied");
    check(hc_set_nominal_len(&dev, 1, 0) == HC_ERR_RANGE && hc_set_nominal_len(&dev, 1, 257) == HC_ERR_RANGE,
          "nominal length 0 and 257 are out of range");
    check(hc_set_nominal_len(&dev, 4, 16) == HC_ERR_ARG, "port 4 does not exist on a 4-port instance");
    check(hc_set_outstanding(&dev, 0, 17, 4) == HC_ERR_RANGE, "outstanding limit above the tracking depth");
    check(hc_set_outstanding(&dev, 0, 16, 1) == HC_OK && rd(port_reg(0, kLimits)) == (16u | 1u << 8), "outstanding 16/1");
    check(hc_set_outstanding(&dev, 0, 4, 4) == HC_OK, "outstanding back to 4/4");
    check(hc_set_priority(&dev, 2, 4) == HC_ERR_RANGE && hc_set_priority(&dev, 2, 3) == HC_OK &&
              hc_set_priority(&dev, 2, 0) == HC_OK, "priority classes 0..3");
    check(hc_set_global_limit(&dev, 0) == HC_ERR_RANGE && hc_set_global_limit(&dev, 4) == HC_OK &&
              rd(kGlobalLimit) == 4, "global limit G 1..255");
    check(rd(0x020) == 0xF840u, "QOS_MAP at reset: classes 0..3 -> AxQOS 0, 4, 8, 15");
    check(hc_set_class_qos(&dev, 4, 0) == HC_ERR_RANGE && hc_set_class_qos(&dev, 1, 16) == HC_ERR_RANGE &&
              hc_set_class_qos(&dev, 1, 6) == HC_OK && rd(0x020) == 0xF860u &&
              hc_set_class_qos(&dev, 1, 4) == HC_OK && rd(0x020) == 0xF840u, "class 1 -> AxQOS 6 and back");
    unsigned budget = 0;
    check(hc_budget_for_share(1000, 16, 500, &budget) == HC_OK && budget == 31, "50 % of 1000 cycles at 16 beats: 31");
    check(hc_budget_for_bytes(16, 8, 4096, &budget) == HC_OK && budget == 32, "4 KB per period at 16 x 8 bytes: 32");
    check(hc_budget_for_share(1000, 16, 1001, &budget) == HC_ERR_RANGE, "a share above 100 % is out of range");
    check(hc_set_period(&dev, 1234) == HC_OK && rd(kPeriod) == 1234, "period 1234");
    check(hc_reserve_share(&dev, 1, HC_READ, 300) == HC_OK && (rd(port_reg(1, 0x08)) & 0xffff) == 1234u * 300u / (1000u * 64u),
          "30 % read share of port 1 (period 1234, nominal 64): budget 5");

    // ---- the hardware rejects out-of-range values written behind the driver's back
    wr(port_reg(1, kCfg), 0);                                 // nominal 0
    check((rd(port_reg(1, kCfg)) & 0x1ff) == 64, "hardware keeps nominal 64 after a write of 0");
    check((rd(port_reg(1, kErr)) & 1) == 1 && ((rd(port_reg(1, kIrqStatus)) >> 1) & 1) == 1,
          "ERR.nominal_range and IRQ_STATUS.error set");
    wr(port_reg(1, kCfg), 300);                               // nominal 300 > 256
    check((rd(port_reg(1, kCfg)) & 0x1ff) == 64, "hardware keeps nominal 64 after a write of 300");
    check(sys.top().irq == 0, "irq low while IRQ_EN is 0");
    wr(port_reg(1, kIrqEn), 0x2);
    sys.run(2);
    check(sys.top().irq == 1, "irq rises when IRQ_EN.error is set");
    wr(port_reg(1, kErr), 0x3);
    wr(port_reg(1, kIrqStatus), 0x7);
    sys.run(2);
    check(rd(port_reg(1, kErr)) == 0 && sys.top().irq == 0, "write-1-to-clear flags; irq falls");
    wr(port_reg(2, kLimits), 17u | 2u << 8);                  // rd 17 > TRACK_DEPTH, wr 2 legal
    check(rd(port_reg(2, kLimits)) == (4u | 2u << 8) && (rd(port_reg(2, kErr)) & 2) == 2,
          "LIMITS rd 17 rejected (stays 4), wr 2 applied: each field is checked alone; ERR.limit_range set");
    wr(kPeriod, 0);
    wr(kGlobalLimit, 0);
    check(rd(kPeriod) == 1234 && rd(kGlobalLimit) == 4 && rd(kGlobalErr) == 3, "PERIOD 0 and G 0 rejected, flags set");
    wr(kGlobalErr, 3);
    wr(port_reg(2, kErr), 3);
    const unsigned errors_before = sys.bus_errors();
    wr(port_reg(4, kCfg), 16);                                // no port 4 on this instance
    wr(0x000, 0);                                             // ID is read-only
    check(sys.bus_errors() == errors_before + 2, "SLVERR for a missing port and for a read-only register");

    // ---- counters: port 0 reads 64 KB in 256-beat bursts (32 transactions)
    hc_counters c;
    check(hc_clear_counters(&dev, 0) == HC_OK, "clear counters");
    sys.configure(0, hcsys::Traffic{false, 64u << 10, 256, 4, 0x10000000u});
    sys.start(0x1);
    check(sys.run_until([&] { return sys.done(0); }, 200000, "port 0"), "port 0 completes");
    check(hc_read_counters(&dev, 0, &c) == HC_OK && c.rd_bytes == 65536 && c.rd_txn == 32 && c.wr_bytes == 0,
          "counters: 65536 read bytes in 32 transactions");
    check(c.max_rd_latency >= 256 + 10 && c.max_rd_latency < 2000, "maximum read latency of a 256-beat read is plausible");
    check(hc_clear_counters(&dev, 0) == HC_OK && hc_read_counters(&dev, 0, &c) == HC_OK && c.rd_bytes == 0 &&
              c.rd_txn == 0 && c.max_rd_latency == 0, "counters clear to 0");

    // ---- reservation: port 2 may issue 2 nominal reads per 1000-cycle period
    check(hc_set_period(&dev, 1000) == HC_OK && hc_set_budget(&dev, 2, 2, 0) == HC_OK &&
              hc_set_reservation(&dev, 2, true) == HC_OK, "period 1000, port 2 read budget 2, reservation on");
    wr(port_reg(2, kIrqEn), 0x4);
    sys.configure(2, hcsys::Traffic{false, 16u * 8u * 20u, 16, 4, 0x30000000u});   // 20 nominal reads
    const uint64_t t_res = sys.cycle();
    sys.start(0x4);
    check(sys.run_until([&] { return sys.done(2); }, 100000, "port 2"), "port 2 completes under reservation");
    const uint64_t res_cycles = sys.cycle() - t_res;
    // the period restarted when PERIOD was written; the register writes since then used part of it, so
    // the first 2 reads go in what is left of it (r0 cycles, 0 < r0 <= 1000) and the last 2 at the start
    // of the tenth period: r0 + 9 * 1000 - 1000 + latency. (With a budget of 3 per period it is < 7000.)
    check(res_cycles > 8000 && res_cycles <= 9500, "20 reads at 2 per period: the last two at the 10th period");
    check(hc_read_counters(&dev, 2, &c) == HC_OK && c.stall_cycles > 8000, "stall counter counts the budget waits");
    check(((rd(port_reg(2, kIrqStatus)) >> 2) & 1) == 1 && sys.top().irq == 1, "budget-spent event raises irq");
    wr(port_reg(2, kIrqStatus), 0x7);
    wr(port_reg(2, kIrqEn), 0);
    check(hc_set_reservation(&dev, 2, false) == HC_OK, "reservation off");

    // ---- decoupling during traffic: port 3 is cut off, port 0 keeps running, then port 3 resumes
    sys.configure(3, hcsys::Traffic{false, 256u << 10, 256, 8, 0x40000000u});
    sys.configure(0, hcsys::Traffic{false, 256u << 10, 16, 4, 0x10000000u});
    sys.start(0x9);
    sys.run(300);
    check(hc_decouple(&dev, 3, 1000) == HC_OK, "decouple port 3 drains within the bounded wait");
    check(((rd(port_reg(3, kStatus)) >> 1) & 1) == 1, "STATUS.decoupled");
    const uint32_t frozen = sys.beats(3);
    sys.run(2000);
    check(sys.beats(3) == frozen && !sys.done(3), "a decoupled port moves no data");
    check(sys.run_until([&] { return sys.done(0); }, 400000, "port 0"), "port 0 completes while port 3 is decoupled");
    check(sys.beats(0) == (256u << 10) / 8, "port 0: every beat delivered");
    check(hc_recouple(&dev, 3) == HC_OK && (rd(port_reg(3, kStatus)) & 3) == 0, "recouple port 3");
    check(sys.run_until([&] { return sys.done(3); }, 400000, "port 3"), "port 3 completes after recoupling");
    check(sys.beats(3) == (256u << 10) / 8, "port 3: no beat lost or duplicated across the decoupling");
    check(hc_decouple(&dev, 1, 0) == HC_ERR_TIMEOUT && hc_recouple(&dev, 1) == HC_OK, "a zero-poll wait times out");

    // ---- address window: port 1 confined to 1 MB at 0x20000000; outside requests are answered locally
    uint32_t faults = 0;
    check(hc_set_window(&dev, 1, 0x20000100u, 1u << 20) == HC_ERR_RANGE &&
              hc_set_window(&dev, 1, 0x20000000u, (1u << 20) + 16) == HC_ERR_RANGE &&
              ((rd(port_reg(1, kCfg)) >> 20) & 1) == 0, "window: base and size must be multiples of 4 KB");
    check(hc_set_window(&dev, 1, 0x20000000u, 1u << 20) == HC_OK && ((rd(port_reg(1, kCfg)) >> 20) & 1) == 1,
          "window set and enabled");
    sys.configure(1, hcsys::Traffic{false, 64u << 10, 16, 4, 0x20000000u});
    sys.start(0x2);
    check(sys.run_until([&] { return sys.done(1); }, 200000, "port 1 inside"), "reads inside the window complete");
    check(hc_read_faults(&dev, 1, &faults) == HC_OK && faults == 0, "no fault inside the window");
    sys.configure(1, hcsys::Traffic{true, 4096, 16, 4, 0x20100000u});   // just above the window
    sys.start(0x2);
    check(sys.run_until([&] { return sys.done(1); }, 200000, "port 1 outside"), "writes outside complete (DECERR)");
    check(hc_read_faults(&dev, 1, &faults) == HC_OK && faults == HC_FAULT_WIN_WR, "FAULT: write outside the window");
    check(hc_read_faults(&dev, 1, &faults) == HC_OK && faults == 0, "hc_read_faults clears what it read");
    // moving a window that is on: after every register write the port's window, read back, is still on and
    // empty or inside the old or the new one (the driver used to switch it off while writing: every address
    // open for those writes)
    struct Watch {
        const hc_backend *be;
        bool ok;
        unsigned writes;
    } watch{&be, true, 0};
    hc_backend watched = {
        [](void *c, uint32_t a) {
            const Watch *w = static_cast<const Watch *>(c);
            return w->be->read32(w->be->ctx, a);
        },
        [](void *c, uint32_t a, uint32_t v) {
            Watch *w = static_cast<Watch *>(c);
            w->be->write32(w->be->ctx, a, v);
            w->writes++;
            auto r = [w](uint32_t off) { return w->be->read32(w->be->ctx, port_reg(1, off)); };
            const uint64_t base = uint64_t{r(kWinBaseHi)} << 32 | r(kWinBaseLo);
            const uint64_t size = uint64_t{r(kWinSizeHi)} << 32 | r(kWinSizeLo);
            auto inside = [&](uint64_t b, uint64_t s) { return base >= b && base + size <= b + s; };
            const bool on = (r(kCfg) >> 20) & 1;
            if (!on || !(size == 0 || inside(0x20000000u, 1u << 20) || inside(0x30000000u, 2u << 20))) w->ok = false;
        },
        &watch};
    hc_dev moved;
    check(hc_probe(&moved, &watched) == HC_OK && hc_set_window(&moved, 1, 0x30000000u, 2u << 20) == HC_OK &&
              watch.ok && watch.writes >= 4 && rd(port_reg(1, kWinBaseLo)) == 0x30000000u &&
              rd(port_reg(1, kWinSizeLo)) == (2u << 20),
          "a window that is on moves without opening: never off, never beyond the old or the new one");
    check(hc_clear_window(&dev, 1) == HC_OK && ((rd(port_reg(1, kCfg)) >> 20) & 1) == 0, "window off");

    // ---- watchdog: the stall timeout register; a healthy port never trips, releasing it is harmless
    check(hc_set_stall_timeout(&dev, 1, 65536) == HC_ERR_RANGE && rd(port_reg(1, kTimeout)) == 0,
          "stall timeout: 65536 refused, nothing written");
    check(hc_set_stall_timeout(&dev, 1, 256) == HC_OK && rd(port_reg(1, kTimeout)) == 256, "stall timeout 256 set");
    sys.configure(1, hcsys::Traffic{true, 64u << 10, 16, 4, 0x20000000u});
    sys.start(0x2);
    check(sys.run_until([&] { return sys.done(1); }, 200000, "port 1 with watchdog"), "writes complete under the watchdog");
    check(hc_read_faults(&dev, 1, &faults) == HC_OK && faults == 0 && hc_release_port(&dev, 1, 10) == HC_OK &&
              (rd(port_reg(1, kStatus)) & 2) == 0,
          "a well-behaved accelerator never trips the watchdog");
    // an accelerator that holds RREADY low: cut off, then released only through the driver's wait
    check(hc_set_stall_timeout(&dev, 3, 64) == HC_OK, "stall timeout 64 on port 3");
    sys.configure(3, hcsys::Traffic{false, 64u << 10, 16, 4, 0x30000000u, false, 0, 0, 2});
    sys.start(0x8);
    check(sys.run_until([&] { return (rd(port_reg(3, kStatus)) & kCutOff) != 0; }, 20000, "port 3 cut off"),
          "RREADY held low: the port is cut off (STATUS.cut_off)");
    check(hc_read_faults(&dev, 3, &faults) == HC_OK && faults == HC_FAULT_R_STALL, "FAULT.r_stall");
    check(hc_release_port(&dev, 3, 0) == HC_ERR_TIMEOUT, "a release with no status read left times out");
    check(hc_release_port(&dev, 3, 100) == HC_OK && (rd(port_reg(3, kStatus)) & (kCutOff | 2)) == 0 &&
              hc_read_faults(&dev, 3, &faults) == HC_OK && faults == 0,
          "hc_release_port returns once the port is drained and re-coupled");

    // ---- configuration lock: every setter refuses, the hardware keeps the settings, acks still work
    bool is_locked = true;
    check(hc_is_locked(&dev, &is_locked) == HC_OK && !is_locked, "unlocked after reset");
    const uint32_t cfg1 = rd(port_reg(1, kCfg)), period = rd(kPeriod);
    check(hc_lock(&dev) == HC_OK && hc_is_locked(&dev, &is_locked) == HC_OK && is_locked, "hc_lock locks");
    check(hc_set_nominal_len(&dev, 1, 32) == HC_ERR_LOCKED && hc_set_priority(&dev, 1, 0) == HC_ERR_LOCKED &&
              hc_set_outstanding(&dev, 1, 2, 2) == HC_ERR_LOCKED && hc_set_budget(&dev, 1, 1, 1) == HC_ERR_LOCKED &&
              hc_set_reservation(&dev, 1, true) == HC_ERR_LOCKED && hc_set_period(&dev, 99) == HC_ERR_LOCKED &&
              hc_set_global_limit(&dev, 9) == HC_ERR_LOCKED && hc_decouple(&dev, 1, 10) == HC_ERR_LOCKED &&
              hc_recouple(&dev, 1) == HC_ERR_LOCKED && hc_set_window(&dev, 1, 0, 4096) == HC_ERR_LOCKED &&
              hc_clear_window(&dev, 1) == HC_ERR_LOCKED && hc_set_stall_timeout(&dev, 1, 9) == HC_ERR_LOCKED,
          "every setter returns HC_ERR_LOCKED");
    wr(port_reg(1, kCfg), cfg1 ^ 0x1ffu);          // a guest bypassing the driver
    wr(kPeriod, 5);
    check(rd(port_reg(1, kCfg)) == cfg1 && rd(kPeriod) == period, "the hardware ignores writes while locked");
    check(hc_clear_counters(&dev, 1) == HC_OK && hc_release_port(&dev, 1, 10) == HC_OK,
          "counter clears and watchdog releases stay available");

    std::printf("%d passed, %d failed\n", passed, failed);
    sys.top().final();
    return failed == 0 ? 0 : 1;
}
