// SPDX-License-Identifier: Apache-2.0
// flow_main.cpp — the co-simulation harness of paper 002's software flow (tests/fastlane_flow/flow.c, plain
// C): the Verilator model of bench/rtl/fastlane_flow_top (copy engine -> memory model, a protocol checker
// between) gives the C program its three interfaces —
//   registers  hc_backend over the engine's s_axil port (sw/driver/sim/hc_backend_verilator.hpp),
//   memory     hc_dmabuf_sim_mem over the top's DPI backdoor into the memory model (hc_dmabuf_sim.hpp),
//   interrupt  fastlane_irq: clock the model until `irq` is high.
// Then checks what only the bench sees (the AXI protocol on the engine's port). Prints one line per check
// and "N passed, M failed"; exits non-zero on a failure. Argument: the buffer's bus address (hex, optional).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>

#include "Vfastlane_flow_top.h"
#include "Vfastlane_flow_top__Dpi.h"
#include "flow.h"
#include "hc_backend_verilator.hpp"
#include "hc_dmabuf_sim.hpp"
#include "svdpi.h"
#include "verilated.h"

namespace {

class Bench {
  public:
    Bench() : ctx_(new VerilatedContext), top_(new Vfastlane_flow_top(ctx_.get())),
              regs_(*top_, [this] { tick(); }, 2000),
              mem_([this](uint64_t a) { return peek(a); }, [this](uint64_t a, uint8_t d) { poke(a, d); }) {
        be_ = regs_.backend();
        irq_.wait = &Bench::wait_irq;
        irq_.ctx = this;
        top_->aresetn = 0;
        for (int i = 0; i < 5; ++i) tick();
        top_->aresetn = 1;
        tick();
        scope_ = svGetScopeFromName("TOP.fastlane_flow_top");
        if (scope_ == nullptr) {
            std::fprintf(stderr, "flow_main: no DPI scope TOP.fastlane_flow_top\n");
            std::exit(3);
        }
    }

    void tick() {
        top_->aclk = 0;
        top_->eval();
        top_->aclk = 1;
        top_->eval();
        ++cycle_;
    }

    Vfastlane_flow_top &top() { return *top_; }
    const hc_backend *backend() const { return &be_; }
    const fastlane_irq *irq() const { return &irq_; }
    HcSimMemory &memory() { return mem_; }
    uint64_t cycle() const { return cycle_; }
    unsigned axil_errors() const { return regs_.errors; }
    uint64_t irq_waits = 0, irq_cycles = 0;

  private:
    uint8_t peek(uint64_t a) {
        svSetScope(scope_);
        return static_cast<uint8_t>(fastlane_flow_mem_peek(static_cast<long long>(a)));
    }
    void poke(uint64_t a, uint8_t d) {
        svSetScope(scope_);
        fastlane_flow_mem_poke(static_cast<long long>(a), d);
    }
    static int wait_irq(void *ctx, uint32_t max_cycles) {
        auto *self = static_cast<Bench *>(ctx);
        uint32_t n = 0;
        while (!self->top_->irq && n < max_cycles) {
            self->tick();
            ++n;
        }
        if (max_cycles != 0) {
            ++self->irq_waits;
            self->irq_cycles += n;
        }
        return self->top_->irq ? 1 : 0;
    }

    std::unique_ptr<VerilatedContext> ctx_;
    std::unique_ptr<Vfastlane_flow_top> top_;
    HcVerilatorBackend<Vfastlane_flow_top> regs_;
    HcSimMemory mem_;
    hc_backend be_{};
    fastlane_irq irq_{};
    svScope scope_ = nullptr;
    uint64_t cycle_ = 0;
};

}  // namespace

int main(int argc, char **argv) {
    const uint64_t bus_base = argc > 1 ? std::strtoull(argv[1], nullptr, 16) : 0x12345000u;   // (Fig. 6's example)
    Bench bench;
    const hc_dmabuf_sim_mem mem = bench.memory().mem();
    fastlane_flow(bench.backend(), &mem, bench.irq(), bus_base);

    // what only the bench sees
    auto &t = bench.top();
    flow_check(t.errors == 0, "protocol checker on the engine's AXI port: %u errors", t.errors);
    flow_check(t.reads == t.reads_done && t.writes == t.writes_done && t.reads > 0,
               "every request answered: %u read and %u write bursts", t.reads, t.writes);
    flow_check(bench.axil_errors() == 0, "no SLVERR/DECERR on the register port");
    std::printf("info: %llu cycles, %llu interrupts waited for (%llu cycles), sync moved %llu bytes to the memory "
                "and %llu to the host\n",
                static_cast<unsigned long long>(bench.cycle()), static_cast<unsigned long long>(bench.irq_waits),
                static_cast<unsigned long long>(bench.irq_cycles),
                static_cast<unsigned long long>(bench.memory().bytes_to_memory),
                static_cast<unsigned long long>(bench.memory().bytes_to_host));
    std::printf("%d passed, %d failed\n", flow_passed(), flow_failed());
    t.final();
    return flow_failed() == 0 ? 0 : 1;
}
