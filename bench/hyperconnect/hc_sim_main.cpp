// SPDX-License-Identifier: Apache-2.0
// hc_sim_main.cpp — `hc sim`: one scenario (python/hyperconnect/scenario.py) on the RTL, configured at run
// time (no rebuild per scenario): bench/rtl/hc_system_top with HC_PORTS traffic generators, the
// interconnect programmed through the C driver and its simulation backend.
//
// Usage: hc_sim CONFIG    CONFIG is the JSON file hyperconnect.scenario_sim writes (scenario_sim.config,
//          format 1): {"format": 1, "interconnect": {"nominal_len", "outstanding", "period", "global_limit"},
//          "ports": [{"kind": "read"|"write"|"mixed", "total_bytes", "burst_len", "outstanding", "start",
//          "period" (0: once), "jobs", "class", "read_budget"/"write_budget" (null: none), "size" (log2
//          bytes per beat), "gap" (idle cycles after each request), "fault" (hcsys fault code),
//          "stall_timeout" (0: off)}, ...], "max_cycles"}. Read with nlohmann::json (Debian's
//          nlohmann-json3-dev); a missing key, a wrong type or an unknown kind is an error naming it.
// Prints one JSON object: per port the R and W beats moved, the job response times (release -> the
// generator's last completion), the R and W beats moved inside each channel's share window (it ends
// when the first port using the channel has moved all its beats on it) and the request latencies per direction as a histogram [[cycles, count], ...] (AxVALID
// rising -> last R beat / B accepted; hcsys::LatencyProbe); the cycles of the run and of the share
// windows. Exit code 2 on a timeout, 3 on a driver failure, 1 on a bad CONFIG.
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "hc_system.hpp"

namespace {

struct PortCfg {
    hcsys::Traffic traffic;
    uint64_t start = 0, period = 0;
    uint32_t jobs = 1, cls = 0;
    long rd_budget = -1, wr_budget = -1;
    uint32_t timeout = 0;   // watchdog stall timeout, cycles (0: off)
};

struct PortRun {
    uint32_t released = 0, finished = 0;
    uint64_t release_at = 0, pending_release = 0;
    bool running = false, waiting = false;
    uint64_t window_rd = 0, window_wr = 0;
    std::vector<uint64_t> response;
};

void must(hc_status st, const char *what) {
    if (st != HC_OK) {
        std::fprintf(stderr, "hc_sim: %s failed: %s\n", what, hc_strerror(st));
        std::exit(3);
    }
}

}  // namespace

int main(int argc, char **argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: hc_sim CONFIG\n");
        return 1;
    }
    std::ifstream in(argv[1]);
    if (!in) {
        std::fprintf(stderr, "hc_sim: cannot read %s\n", argv[1]);
        return 1;
    }
    unsigned nominal = 16, outstanding = 4, g = 32;
    uint32_t period = 10000;
    uint64_t max_cycles = 100000000ULL;
    std::vector<PortCfg> ports;
    try {
        const nlohmann::json cfg = nlohmann::json::parse(in);
        if (cfg.at("format").get<int>() != 1) {
            std::fprintf(stderr, "hc_sim: CONFIG format %d, this harness reads 1\n", cfg.at("format").get<int>());
            return 1;
        }
        const auto &ic = cfg.at("interconnect");
        nominal = ic.at("nominal_len").get<unsigned>();
        outstanding = ic.at("outstanding").get<unsigned>();
        period = ic.at("period").get<uint32_t>();
        g = ic.at("global_limit").get<unsigned>();
        max_cycles = cfg.at("max_cycles").get<uint64_t>();
        for (const auto &j : cfg.at("ports")) {
            PortCfg p;
            const std::string kind = j.at("kind").get<std::string>();
            if (kind != "read" && kind != "write" && kind != "mixed") {
                std::fprintf(stderr, "hc_sim: port %zu: kind '%s' (read, write or mixed)\n", ports.size(), kind.c_str());
                return 1;
            }
            p.traffic.write = kind == "write";
            p.traffic.mixed = kind == "mixed";
            p.traffic.total_bytes = j.at("total_bytes").get<uint32_t>();
            p.traffic.burst_len = j.at("burst_len").get<uint32_t>();
            p.traffic.outstanding = j.at("outstanding").get<uint32_t>();
            p.start = j.at("start").get<uint64_t>();
            p.period = j.at("period").get<uint64_t>();
            p.jobs = j.at("jobs").get<uint32_t>();
            p.cls = j.at("class").get<uint32_t>();
            p.rd_budget = j.at("read_budget").is_null() ? -1 : j.at("read_budget").get<long>();
            p.wr_budget = j.at("write_budget").is_null() ? -1 : j.at("write_budget").get<long>();
            p.traffic.size = j.at("size").get<uint32_t>();
            p.traffic.gap = j.at("gap").get<uint32_t>();
            p.traffic.fault = j.at("fault").get<uint32_t>();
            p.timeout = j.at("stall_timeout").get<uint32_t>();
            p.traffic.start_addr = 0x01000000u * static_cast<uint32_t>(ports.size() + 1);
            ports.push_back(p);
        }
    } catch (const nlohmann::json::exception &e) {
        std::fprintf(stderr, "hc_sim: bad CONFIG %s: %s\n", argv[1], e.what());
        return 1;
    }
    if (ports.empty() || ports.size() > hcsys::kPorts) {
        std::fprintf(stderr, "hc_sim: %zu ports configured, this build has %u\n", ports.size(), hcsys::kPorts);
        return 1;
    }

    hcsys::System sys;
    sys.probe = true;
    hc_dev dev;
    hcsys::probe_or_die(&dev, sys);
    must(hc_set_global_limit(&dev, g), "global limit");
    for (unsigned i = 0; i < ports.size(); ++i) {
        const PortCfg &p = ports[i];
        must(hc_set_nominal_len(&dev, i, nominal), "nominal length");
        must(hc_set_outstanding(&dev, i, outstanding, outstanding), "outstanding");
        must(hc_set_priority(&dev, i, p.cls), "priority");
        if (p.rd_budget >= 0 || p.wr_budget >= 0) {
            must(hc_set_budget(&dev, i, p.rd_budget < 0 ? 0xFFFFu : static_cast<unsigned>(p.rd_budget),
                               p.wr_budget < 0 ? 0xFFFFu : static_cast<unsigned>(p.wr_budget)), "budget");
            must(hc_set_reservation(&dev, i, true), "reservation");
        }
        if (p.timeout) must(hc_set_stall_timeout(&dev, i, p.timeout), "stall timeout");
        sys.configure(i, p.traffic);
    }
    must(hc_set_period(&dev, period), "period");   // starts a period: the budgets load now

    std::vector<PortRun> run(ports.size());
    const uint64_t t0 = sys.cycle();
    for (unsigned i = 0; i < ports.size(); ++i) run[i].release_at = t0 + ports[i].start;
    // Share windows, one per channel: the R (W) window ends when the first port that reads (writes) has
    // moved all its R (W) beats, so every port using the channel is still busy inside its window.
    uint64_t rd_total[hcsys::kPorts] = {}, wr_total[hcsys::kPorts] = {};
    for (unsigned i = 0; i < ports.size(); ++i) {
        const hcsys::Traffic &t = ports[i].traffic;
        const uint64_t beats = t.total_bytes >> t.size, half = (t.total_bytes >> 1) >> t.size;
        rd_total[i] = ports[i].jobs * (t.mixed ? half : t.write ? 0 : beats);
        wr_total[i] = ports[i].jobs * (t.mixed ? beats - half : t.write ? beats : 0);
    }
    bool open[2] = {true, true};
    uint64_t window_end[2] = {0, 0};
    auto close_windows = [&](bool force) {
        for (int ch = 0; ch < 2; ++ch) {
            if (!open[ch]) continue;
            bool done = force;
            for (unsigned i = 0; i < ports.size() && !done; ++i) {
                const uint64_t total = ch ? wr_total[i] : rd_total[i];
                done = total && (ch ? sys.wr_beats[i] : sys.rd_beats[i]) >= total;
            }
            if (!done) continue;
            open[ch] = false;
            window_end[ch] = sys.cycle();
            for (unsigned k = 0; k < ports.size(); ++k)
                (ch ? run[k].window_wr : run[k].window_rd) = ch ? sys.wr_beats[k] : sys.rd_beats[k];
        }
    };
    auto all_finished = [&] {   // a port that misbehaves on purpose never finishes: not waited for
        for (unsigned i = 0; i < ports.size(); ++i)
            if (!ports[i].traffic.fault && run[i].finished < ports[i].jobs) return false;
        return true;
    };
    while (!all_finished()) {
        if (sys.cycle() - t0 > max_cycles) {
            std::fprintf(stderr, "hc_sim: timeout after %llu cycles\n", static_cast<unsigned long long>(max_cycles));
            return 2;
        }
        uint32_t start_mask = 0;
        for (unsigned i = 0; i < ports.size(); ++i) {
            PortRun &r = run[i];
            const PortCfg &p = ports[i];
            if (r.running && sys.done(i) && !sys.busy(i)) {       // job completed
                r.running = false;
                r.response.push_back(sys.cycle() - r.pending_release);
                ++r.finished;
            }
            if (r.released < p.jobs && sys.cycle() >= r.release_at && !r.waiting) {
                r.waiting = true;                                 // a job is released
                r.pending_release = r.release_at;
                ++r.released;
                r.release_at += p.period;
            }
            if (r.waiting && !r.running) {                        // start it once the previous one is done
                r.waiting = false;
                r.running = true;
                start_mask |= 1u << i;
            }
        }
        if (start_mask) sys.start(start_mask);
        else sys.tick();
        close_windows(false);
    }
    const uint64_t cycles = sys.cycle() - t0;
    close_windows(true);
    std::vector<uint32_t> fault_flags(ports.size(), 0);
    for (unsigned i = 0; i < ports.size(); ++i) must(hc_read_faults(&dev, i, &fault_flags[i]), "faults");
    std::printf("{\"cycles\": %llu, \"window_rd_cycles\": %llu, \"window_wr_cycles\": %llu, \"ports\": [",
                static_cast<unsigned long long>(cycles), static_cast<unsigned long long>(window_end[0] - t0),
                static_cast<unsigned long long>(window_end[1] - t0));
    auto histogram = [](const std::vector<uint32_t> &samples) {
        std::map<uint32_t, uint64_t> h;
        for (uint32_t v : samples) ++h[v];
        std::printf("[");
        bool first = true;
        for (const auto &kv : h) {
            std::printf("%s[%u, %llu]", first ? "" : ", ", kv.first, static_cast<unsigned long long>(kv.second));
            first = false;
        }
        std::printf("]");
    };
    for (unsigned i = 0; i < ports.size(); ++i) {
        std::printf("%s{\"rd_beats\": %llu, \"wr_beats\": %llu, \"window_rd\": %llu, \"window_wr\": %llu, \"response\": [",
                    i ? ", " : "", static_cast<unsigned long long>(sys.rd_beats[i]),
                    static_cast<unsigned long long>(sys.wr_beats[i]), static_cast<unsigned long long>(run[i].window_rd),
                    static_cast<unsigned long long>(run[i].window_wr));
        for (size_t k = 0; k < run[i].response.size(); ++k)
            std::printf("%s%llu", k ? ", " : "", static_cast<unsigned long long>(run[i].response[k]));
        std::printf("], \"rd_latency\": ");
        histogram(sys.rd_latency[i].samples);
        std::printf(", \"wr_latency\": ");
        histogram(sys.wr_latency[i].samples);
        std::printf(", \"faults\": %u}", fault_flags[i]);
    }
    std::printf("], \"bus_errors\": %u}\n", sys.bus_errors());
    return 0;
}
