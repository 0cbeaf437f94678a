// SPDX-License-Identifier: Apache-2.0
// hc_system.hpp — C++17 harness around the Verilator model of bench/rtl/hc_system_top.sv
// (N traffic generators -> axi_hyperconnect -> memory model) shared by the HyperConnect benches
// (bench/hyperconnect/hc_bench_main.cpp) and the driver test (tests/driver/driver_sim_main.cpp).
// The driver reaches the IP's s_axil port through the simulation backend (hc_backend_verilator.hpp).
#ifndef HC_SYSTEM_HPP
#define HC_SYSTEM_HPP

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <memory>
#include <vector>

#include "Vhc_system_top.h"
#include "hc_backend_verilator.hpp"
#include "hyperconnect.h"
#include "hyperconnect_regs.h"
#include "verilated.h"
#if VM_TRACE_FST
#include "verilated_fst_c.h"   // only in the traced build (`hc sim --wave`: verilator --trace-fst)
#endif

#ifndef HC_PORTS
#define HC_PORTS 4  // must match hc_system_top's N (the build passes both)
#endif

namespace hcsys {

constexpr unsigned kPorts = HC_PORTS;
#ifndef HC_DATA_WIDTH
#define HC_DATA_WIDTH 64  // must match hc_system_top's DATA_WIDTH (the build passes both)
#endif
constexpr unsigned kFullSize = HC_DATA_WIDTH == 8 ? 0 : HC_DATA_WIDTH == 16 ? 1 : HC_DATA_WIDTH == 32 ? 2 :
                               HC_DATA_WIDTH == 64 ? 3 : HC_DATA_WIDTH == 128 ? 4 : HC_DATA_WIDTH == 256 ? 5 :
                               HC_DATA_WIDTH == 512 ? 6 : 7;

struct Traffic {
    bool write = false;
    uint32_t total_bytes = 0;
    uint32_t burst_len = 16;
    uint32_t outstanding = 8;
    uint32_t start_addr = 0;
    bool mixed = false;     // read the first half, write the second half at once
    unsigned size = 0;      // log2 bytes per beat; 0 = full bus width
    unsigned gap = 0;       // idle cycles after each address request
    unsigned fault = 0;     // misbehave on purpose: 1 W stall, 2 R stall, 3 B stall, 4 early WLAST
};

// Request latencies of one port and direction: cycles from the cycle AxVALID rises for a request to the
// cycle its last R beat (or its B) is accepted. The generators use one ID, so completions are in order.
struct LatencyProbe {
    bool pending = false;
    uint64_t issued = 0;
    std::deque<uint64_t> in_flight;
    std::vector<uint32_t> samples;

    void sample(uint64_t now, bool valid, bool fire, bool complete) {
        if (valid && !pending) {
            pending = true;
            issued = now;
        }
        if (fire) {
            in_flight.push_back(issued);
            pending = false;
        }
        if (complete && !in_flight.empty()) {
            samples.push_back(static_cast<uint32_t>(now - in_flight.front()));
            in_flight.pop_front();
        }
    }
};

// Bit-field access to a model's port whatever width Verilator gave it (CData..QData or VlWide), so one
// harness serves every port count.
template <class T>
void put(T &sig, unsigned lsb, unsigned width, uint64_t value) {
    for (unsigned b = 0; b < width; ++b) {
        const T mask = static_cast<T>(T(1) << (lsb + b));
        sig = ((value >> b) & 1u) ? static_cast<T>(sig | mask) : static_cast<T>(sig & ~mask);
    }
}
template <std::size_t W>
void put(VlWide<W> &sig, unsigned lsb, unsigned width, uint64_t value) {
    for (unsigned b = 0; b < width; ++b) {
        const unsigned bit = lsb + b;
        const uint32_t mask = 1u << (bit % 32);
        if ((value >> b) & 1u) sig[bit / 32] |= mask;
        else sig[bit / 32] &= ~mask;
    }
}
template <class T>
uint64_t get(const T &sig, unsigned lsb, unsigned width) {
    return (static_cast<uint64_t>(sig) >> lsb) & (width >= 64 ? ~0ull : ((1ull << width) - 1));
}
template <std::size_t W>
uint64_t get(const VlWide<W> &sig, unsigned lsb, unsigned width) {
    uint64_t v = 0;
    for (unsigned b = 0; b < width; ++b) v |= static_cast<uint64_t>((sig[(lsb + b) / 32] >> ((lsb + b) % 32)) & 1u) << b;
    return v;
}

class System {
  public:
    System() : ctx_(new VerilatedContext), top_(new Vhc_system_top(ctx_.get())),
               sim_(*top_, [this] { tick(); }, 2000) {
        be_ = sim_.backend();
#if VM_TRACE_FST
        // The traced build dumps every signal to the FST file named by HC_WAVE (from reset on).
        if (const char *wave = std::getenv("HC_WAVE")) {
            ctx_->traceEverOn(true);
            trace_.reset(new VerilatedFstC);
            top_->trace(trace_.get(), 99);
            trace_->open(wave);
        }
#endif
        top_->aresetn = 0;
        top_->start = 0;
        for (int i = 0; i < 5; ++i) tick();
        top_->aresetn = 1;
        tick();
    }

#if VM_TRACE_FST
    ~System() {
        if (trace_) trace_->close();
    }
#endif

    // One clock cycle: inputs settle with the clock low, then the rising edge.
    void tick() {
        top_->aclk = 0;
        top_->eval();
#if VM_TRACE_FST
        if (trace_) trace_->dump(2 * cycle_);
#endif
        if (window && top_->mon_r_fire) {
            ++beats_port[top_->mon_r_port % kPorts];
            ++beats_all;
        }
        if (probe) {
            for (unsigned p = 0; p < kPorts; ++p) {
                rd_latency[p].sample(cycle_, get(top_->mon_arvalid, p, 1), get(top_->mon_ar_fire, p, 1),
                                     get(top_->mon_rlast_fire, p, 1));
                wr_latency[p].sample(cycle_, get(top_->mon_awvalid, p, 1), get(top_->mon_aw_fire, p, 1),
                                     get(top_->mon_b_fire, p, 1));
                rd_beats[p] += get(top_->mon_r_beat, p, 1);
                wr_beats[p] += get(top_->mon_w_beat, p, 1);
            }
        }
        top_->aclk = 1;
        top_->eval();
#if VM_TRACE_FST
        if (trace_) trace_->dump(2 * cycle_ + 1);
#endif
        ++cycle_;
    }

    void configure(unsigned port, const Traffic &t) {
        put(top_->cfg_write, port, 1, t.write ? 1u : 0u);
        put(top_->cfg_total_bytes, 32 * port, 32, t.total_bytes);
        put(top_->cfg_start_addr, 32 * port, 32, t.start_addr);
        put(top_->cfg_burst_len, 9 * port, 9, t.burst_len);
        put(top_->cfg_max_outstanding, 8 * port, 8, t.outstanding);
        put(top_->cfg_mixed, port, 1, t.mixed ? 1u : 0u);
        put(top_->cfg_size, 3 * port, 3, t.size ? t.size : kFullSize);
        put(top_->cfg_gap, 16 * port, 16, t.gap);
        put(top_->cfg_fault, 3 * port, 3, t.fault);
    }

    // Pulse `start` for the ports in `mask` (one cycle).
    void start(uint32_t mask) {
        for (unsigned p = 0; p < kPorts; ++p) put(top_->start, p, 1, (mask >> p) & 1u);
        tick();
        for (unsigned p = 0; p < kPorts; ++p) put(top_->start, p, 1, 0);
    }

    bool done(unsigned port) const { return get(top_->done, port, 1) != 0; }
    bool busy(unsigned port) const { return get(top_->busy, port, 1) != 0; }
    bool any_done() const {
        for (unsigned p = 0; p < kPorts; ++p)
            if (done(p)) return true;
        return false;
    }
    uint32_t beats(unsigned port) const { return static_cast<uint32_t>(get(top_->beats, 32 * port, 32)); }

    void run(uint64_t cycles) {
        for (uint64_t n = 0; n < cycles; ++n) tick();
    }

    // Run until pred() holds; false (with a message) after max_cycles.
    template <class Pred>
    bool run_until(Pred pred, uint64_t max_cycles, const char *what) {
        for (uint64_t n = 0; !pred(); ++n) {
            if (n >= max_cycles) {
                std::fprintf(stderr, "hc_system: timeout after %llu cycles waiting for %s\n",
                             static_cast<unsigned long long>(max_cycles), what);
                return false;
            }
            tick();
        }
        return true;
    }

    Vhc_system_top &top() { return *top_; }
    const hc_backend *backend() const { return &be_; }
    unsigned bus_errors() const { return sim_.errors; }
    uint64_t cycle() const { return cycle_; }

    // R beats at the memory per port while `window` is true
    bool window = false;
    uint64_t beats_port[kPorts] = {};
    uint64_t beats_all = 0;
    // per-request latencies while `probe` is true
    bool probe = false;
    LatencyProbe rd_latency[kPorts], wr_latency[kPorts];
    uint64_t rd_beats[kPorts] = {}, wr_beats[kPorts] = {};   // R / W beats at each accelerator port

  private:
    std::unique_ptr<VerilatedContext> ctx_;
    std::unique_ptr<Vhc_system_top> top_;
    HcVerilatorBackend<Vhc_system_top> sim_;
    hc_backend be_{};
#if VM_TRACE_FST
    std::unique_ptr<VerilatedFstC> trace_;
#endif
    uint64_t cycle_ = 0;
};

// Control-port address of a register of `port` at `offset` in its block (offsets from the header generated
// from rdl/hyperconnect.rdl, so the harnesses follow the map).
inline uint32_t port_reg(unsigned port, uint32_t offset) {
    return static_cast<uint32_t>(offsetof(hyperconnect_t, PORT) + port * sizeof(hc_port_t) + offset);
}

// Probe the driver on the system or exit with a message.
inline void probe_or_die(hc_dev *dev, const System &sys) {
    const hc_status st = hc_probe(dev, sys.backend());
    if (st != HC_OK) {
        std::fprintf(stderr, "hc_system: probe failed: %s\n", hc_strerror(st));
        std::exit(3);
    }
}

}  // namespace hcsys

#endif
