// SPDX-License-Identifier: Apache-2.0
// hc_bench_main.cpp — axi_hyperconnect experiments on the RTL (Verilator C++ harness, bench/rtl/hc_system_top:
// 4 traffic generators, 64-bit data, memory latency 10). Every register access goes through the C driver
// and its simulation backend, as software on the SoC would do it.
//
// Usage: hc_bench reservation <X>   paper 001 Fig. 5: two greedy readers of 4 MB; the driver reserves X %
//                                    of the period for port 0 and 100 - X % for port 1 (read budgets)
//        hc_bench priority <G>       port 0 (class 1) issues single 16-beat reads while ports 1..3 (class 0)
//                                    read greedily in 256-beat bursts; global limit G. Reports port 0's
//                                    idle and worst read latency (AR accepted -> RLAST, from its counter)
//        hc_bench bounded <X>        port 0 in class 1 reads greedily with a read budget of X % and port 1
//                                    (class 0) reads greedily: reservation bounds the high class, port 1
//                                    keeps the rest (no starvation)
//        hc_bench fairness <s>       the foundation demo through axi_hyperconnect at reset defaults: D2
//                                    reads 128 KB in 16-beat bursts, D1/D3 read 4 MB in s-beat bursts
//        hc_bench saturate           four greedy readers (256-beat bursts): R-channel utilisation
// Prints one JSON object on stdout; exit code 2 on a timeout, 3 on a driver failure.
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "hc_system.hpp"

namespace {

using hcsys::System;
using hcsys::Traffic;

constexpr uint64_t kMaxCycles = 20000000ULL;

void must(hc_status st, const char *what) {
    if (st != HC_OK) {
        std::fprintf(stderr, "hc_bench: %s failed: %s\n", what, hc_strerror(st));
        std::exit(3);
    }
}

double pct(uint64_t part, uint64_t all) { return all ? 100.0 * static_cast<double>(part) / static_cast<double>(all) : 0.0; }

// Ports 0 and 1 read 4 MB each greedily (256-beat bursts, 8 outstanding); R beats at the memory are
// counted until the first finishes. Returns the cycles of that window, 0 on a timeout.
uint64_t two_greedy_readers(System &sys) {
    sys.configure(0, Traffic{false, 4u << 20, 256, 8, 0x10000000u});
    sys.configure(1, Traffic{false, 4u << 20, 256, 8, 0x20000000u});
    sys.window = true;
    const uint64_t t0 = sys.cycle();
    sys.start(0x3);
    if (!sys.run_until([&] { return sys.done(0) || sys.done(1); }, kMaxCycles, "the first reader")) return 0;
    sys.window = false;
    return sys.cycle() - t0;
}

int run_reservation(unsigned x) {
    System sys;
    hc_dev dev;
    hcsys::probe_or_die(&dev, sys);
    const uint32_t period = 10000;
    must(hc_set_period(&dev, period), "set period");
    must(hc_reserve_share(&dev, 0, HC_READ, 10 * x), "reserve port 0");
    must(hc_reserve_share(&dev, 1, HC_READ, 10 * (100 - x)), "reserve port 1");
    must(hc_set_reservation(&dev, 0, true), "reservation port 0");
    must(hc_set_reservation(&dev, 1, true), "reservation port 1");
    const uint64_t cycles = two_greedy_readers(sys);
    if (cycles == 0) return 2;
    const uint32_t budget = offsetof(hc_port_t, BUDGET);
    const uint32_t b0 = dev.be.read32(dev.be.ctx, hcsys::port_reg(0, budget)) & 0xffffu;   // rd_budget
    const uint32_t b1 = dev.be.read32(dev.be.ctx, hcsys::port_reg(1, budget)) & 0xffffu;
    std::printf("{\"x\": %u, \"y\": %u, \"budget0\": %u, \"budget1\": %u, \"share0\": %.3f, \"share1\": %.3f, "
                "\"r_utilisation\": %.3f, \"cycles\": %llu}\n",
                x, 100 - x, b0, b1, pct(sys.beats_port[0], sys.beats_all), pct(sys.beats_port[1], sys.beats_all),
                pct(sys.beats_all, cycles), static_cast<unsigned long long>(cycles));
    return 0;
}

int run_priority(unsigned g) {
    System sys;
    hc_dev dev;
    hcsys::probe_or_die(&dev, sys);
    must(hc_set_global_limit(&dev, g), "set G");
    must(hc_set_priority(&dev, 0, 1), "port 0 class 1");
    const Traffic probe{false, 16u * 8u * 64u, 16, 1, 0x10000000u};   // 64 single 16-beat reads
    // idle latency: port 0 alone
    sys.configure(0, probe);
    sys.start(0x1);
    if (!sys.run_until([&] { return sys.done(0); }, kMaxCycles, "port 0 alone")) return 2;
    hc_counters c;
    must(hc_read_counters(&dev, 0, &c), "read counters");
    const uint32_t idle = c.max_rd_latency;
    must(hc_clear_counters(&dev, 0), "clear counters");
    // under load: three greedy class-0 readers
    for (unsigned p = 1; p < hcsys::kPorts; ++p)
        sys.configure(p, Traffic{false, 1u << 20, 256, 8, 0x20000000u + (p << 24)});
    Traffic loaded = probe;
    loaded.total_bytes = 16u * 8u * 512u;                                // 512 reads
    sys.configure(0, loaded);
    sys.start(0xE);
    sys.run(200);                                                        // the low class fills the memory queue
    sys.start(0x1);
    if (!sys.run_until([&] { return sys.done(0); }, kMaxCycles, "port 0 under load")) return 2;
    const bool loaded_all = !sys.done(1) && !sys.done(2) && !sys.done(3);
    must(hc_read_counters(&dev, 0, &c), "read counters");
    const uint32_t bound = idle + (g + 1) * 16;
    std::printf("{\"g\": %u, \"idle\": %u, \"worst\": %u, \"bound\": %u, \"reads\": %u, \"low_busy\": %s}\n", g, idle,
                c.max_rd_latency, bound, c.rd_txn, loaded_all ? "true" : "false");
    return 0;
}

int run_bounded(unsigned x) {
    System sys;
    hc_dev dev;
    hcsys::probe_or_die(&dev, sys);
    must(hc_set_period(&dev, 10000), "set period");
    must(hc_set_priority(&dev, 0, 1), "port 0 class 1");
    must(hc_reserve_share(&dev, 0, HC_READ, 10 * x), "reserve port 0");
    must(hc_set_reservation(&dev, 0, true), "reservation port 0");
    const uint64_t cycles = two_greedy_readers(sys);
    if (cycles == 0) return 2;
    std::printf("{\"x\": %u, \"share0\": %.3f, \"share1\": %.3f, \"r_utilisation\": %.3f}\n", x,
                pct(sys.beats_port[0], sys.beats_all), pct(sys.beats_port[1], sys.beats_all), pct(sys.beats_all, cycles));
    return 0;
}

int run_fairness(unsigned s) {
    System sys;
    sys.configure(0, Traffic{false, 4u << 20, s, 6, 0x10000000u});
    sys.configure(1, Traffic{false, 128u << 10, 16, 6, 0x20000000u});
    sys.configure(2, Traffic{false, 4u << 20, s, 6, 0x30000000u});
    sys.window = true;
    const uint64_t t0 = sys.cycle();
    sys.start(0x7);
    if (!sys.run_until([&] { return sys.done(1); }, kMaxCycles, "D2")) return 2;
    sys.window = false;
    const uint64_t cycles = sys.cycle() - t0;
    const double peak = pct(static_cast<uint64_t>(sys.beats(1)), cycles);
    std::printf("{\"s\": %u, \"victim_share_delivered\": %.3f, \"victim_share_peak\": %.3f, \"victim_cycles\": %llu}\n", s,
                pct(sys.beats_port[1], sys.beats_all), peak, static_cast<unsigned long long>(cycles));
    return 0;
}

int run_saturate() {
    System sys;
    for (unsigned p = 0; p < hcsys::kPorts; ++p)
        sys.configure(p, Traffic{false, 1u << 20, 256, 8, 0x10000000u * (p + 1)});
    sys.start(0xF);
    if (!sys.run_until([&] { return sys.top().mon_r_fire != 0; }, 1000, "the first R beat")) return 2;
    sys.window = true;
    const uint64_t t0 = sys.cycle();
    if (!sys.run_until([&] { return sys.any_done(); }, kMaxCycles, "the first reader")) return 2;
    const uint64_t cycles = sys.cycle() - t0;
    std::printf("{\"r_utilisation\": %.3f, \"cycles\": %llu, \"beats\": %llu}\n", pct(sys.beats_all, cycles),
                static_cast<unsigned long long>(cycles), static_cast<unsigned long long>(sys.beats_all));
    return 0;
}

}  // namespace

int main(int argc, char **argv) {
    const std::string mode = argc > 1 ? argv[1] : "";
    const unsigned arg = argc > 2 ? static_cast<unsigned>(std::strtoul(argv[2], nullptr, 0)) : 0;
    if (mode == "reservation" && arg >= 1 && arg <= 99) return run_reservation(arg);
    if (mode == "priority" && arg >= 1 && arg <= 255) return run_priority(arg);
    if (mode == "bounded" && arg >= 1 && arg <= 99) return run_bounded(arg);
    if (mode == "fairness" && arg >= 1 && arg <= 256) return run_fairness(arg);
    if (mode == "saturate") return run_saturate();
    std::fprintf(stderr, "usage: hc_bench reservation <X 1..99> | priority <G 1..255> | bounded <X 1..99> | fairness <s 1..256> | saturate\n");
    return 1;
}
