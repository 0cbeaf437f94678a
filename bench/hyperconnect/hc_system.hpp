// hc_system.hpp — C++17 harness around the Verilator model of bench/rtl/hc_system_top.sv
// (N traffic generators -> axi_hyperconnect -> memory model) shared by the HyperConnect benches
// (bench/hyperconnect/hc_bench_main.cpp) and the driver test (tests/driver/driver_sim_main.cpp).
// The driver reaches the IP's s_axil port through the simulation backend (hc_backend_verilator.hpp).
#ifndef HC_SYSTEM_HPP
#define HC_SYSTEM_HPP

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>

#include "Vhc_system_top.h"
#include "hc_backend_verilator.hpp"
#include "hyperconnect.h"
#include "verilated.h"

namespace hcsys {

constexpr unsigned kPorts = 4;

struct Traffic {
    bool write = false;
    uint32_t total_bytes = 0;
    uint32_t burst_len = 16;
    uint32_t outstanding = 8;
    uint32_t start_addr = 0;
};

inline void set_field(uint32_t *words, unsigned lsb, unsigned width, uint64_t value) {
    for (unsigned b = 0; b < width; ++b) {
        const unsigned bit = lsb + b;
        const uint32_t mask = 1u << (bit % 32);
        if ((value >> b) & 1u) words[bit / 32] |= mask;
        else words[bit / 32] &= ~mask;
    }
}

class System {
  public:
    System() : ctx_(new VerilatedContext), top_(new Vhc_system_top(ctx_.get())),
               sim_(*top_, [this] { tick(); }, 2000) {
        be_ = sim_.backend();
        top_->aresetn = 0;
        top_->start = 0;
        for (int i = 0; i < 5; ++i) tick();
        top_->aresetn = 1;
        tick();
    }

    // One clock cycle: inputs settle with the clock low, then the rising edge.
    void tick() {
        top_->aclk = 0;
        top_->eval();
        if (window && top_->mon_r_fire) {
            ++beats_port[top_->mon_r_port % kPorts];
            ++beats_all;
        }
        top_->aclk = 1;
        top_->eval();
        ++cycle_;
    }

    void configure(unsigned port, const Traffic &t) {
        uint32_t w = top_->cfg_write;
        w = t.write ? (w | (1u << port)) : (w & ~(1u << port));
        top_->cfg_write = w;
        set_field(&top_->cfg_total_bytes[0], 32 * port, 32, t.total_bytes);
        set_field(&top_->cfg_start_addr[0], 32 * port, 32, t.start_addr);
        uint64_t bl = top_->cfg_burst_len;
        bl = (bl & ~(0x1ffull << (9 * port))) | (static_cast<uint64_t>(t.burst_len & 0x1ffu) << (9 * port));
        top_->cfg_burst_len = bl;
        uint32_t mo = top_->cfg_max_outstanding;
        mo = (mo & ~(0xffu << (8 * port))) | ((t.outstanding & 0xffu) << (8 * port));
        top_->cfg_max_outstanding = mo;
    }

    // Pulse `start` for the ports in `mask` (one cycle).
    void start(uint32_t mask) {
        top_->start = mask;
        tick();
        top_->start = 0;
    }

    bool done(unsigned port) const { return (top_->done >> port) & 1u; }
    uint32_t beats(unsigned port) const { return top_->beats[port]; }

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

  private:
    std::unique_ptr<VerilatedContext> ctx_;
    std::unique_ptr<Vhc_system_top> top_;
    HcVerilatorBackend<Vhc_system_top> sim_;
    hc_backend be_{};
    uint64_t cycle_ = 0;
};

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
