// driver_sim_main.cpp — the C driver compiled into a Verilator harness of the generated register block
// (tests/hc_regs/hc_regs_tb.sv, which reports 3 ports, 64-bit data, depth 16), through the simulation
// backend. Prints one line per check and a closing "N passed, M failed"; exits non-zero on a failure.
#include <cstdio>
#include <memory>

#include "Vhc_regs_tb.h"
#include "hc_backend_verilator.hpp"
#include "verilated.h"

#include "hyperconnect.h"

namespace {
int passed = 0, failed = 0;

void check(bool ok, const char *what) {
    std::printf("%s: %s\n", ok ? "ok  " : "FAIL", what);
    (ok ? passed : failed)++;
}

uint32_t zero_read(void *, uint32_t) { return 0; }
void ignore_write(void *, uint32_t, uint32_t) {}
}  // namespace

int main() {
    auto ctx = std::make_unique<VerilatedContext>();
    auto top = std::make_unique<Vhc_regs_tb>(ctx.get());
    auto tick = [&] {
        top->aclk = 0;
        top->eval();
        top->aclk = 1;
        top->eval();
    };
    top->aresetn = 0;
    for (int i = 0; i < 5; ++i) tick();
    top->aresetn = 1;
    tick();

    HcVerilatorBackend<Vhc_regs_tb> sim(*top, tick);
    const hc_backend be = sim.backend();
    hc_dev dev;

    hc_backend nothing = {zero_read, ignore_write, nullptr};
    check(hc_probe(&dev, &nothing) == HC_ERR_PROBE, "probe rejects a bus without the ID register");
    check(hc_set_nominal_len(&dev, 0, 16) == HC_ERR_NOT_PROBED, "calls before a successful probe fail");
    check(hc_probe(&dev, &be) == HC_OK, "probe finds HCON and reads BUILD");
    check(dev.n_ports == 3 && dev.bus_bytes == 8 && dev.track_depth == 16, "BUILD: 3 ports, 8-byte bus, depth 16");

    check(hc_set_nominal_len(&dev, 1, 64) == HC_OK && top->port1_nominal_len == 64, "nominal length 64 reaches the hardware");
    check(hc_set_nominal_len(&dev, 1, 0) == HC_ERR_RANGE, "nominal length 0 is out of range");
    check(hc_set_nominal_len(&dev, 1, 257) == HC_ERR_RANGE, "nominal length 257 is out of range");
    check(top->port1_nominal_len == 64, "a rejected value is not written");
    check(hc_set_nominal_len(&dev, 3, 16) == HC_ERR_ARG, "port 3 does not exist on a 3-port instance");
    check(hc_set_outstanding(&dev, 0, 17, 4) == HC_ERR_RANGE, "outstanding limit above the tracking depth");
    check(hc_set_outstanding(&dev, 0, 16, 1) == HC_OK, "outstanding limits 16/1");
    check(hc_set_priority(&dev, 2, 4) == HC_ERR_RANGE && hc_set_priority(&dev, 2, 3) == HC_OK, "priority classes 0..3");
    check(hc_set_global_limit(&dev, 0) == HC_ERR_RANGE && hc_set_global_limit(&dev, 4) == HC_OK, "global limit G 1..255");
    check(hc_set_period(&dev, 1234) == HC_OK && top->period_cycles == 1234, "period reaches the hardware");

    unsigned budget = 0;
    check(hc_budget_for_share(1000, 16, 500, &budget) == HC_OK && budget == 31, "50 % of 1000 cycles at 16 beats: 31 transactions");
    check(hc_budget_for_bytes(16, 8, 4096, &budget) == HC_OK && budget == 32, "4 KB per period at 16 x 8 bytes: 32 transactions");
    check(hc_budget_for_share(1000, 16, 1001, &budget) == HC_ERR_RANGE, "a share above 100 % is out of range");
    check(hc_reserve_share(&dev, 1, HC_READ, 300) == HC_OK && top->port1_rd_budget == 1234u * 300u / (1000u * 64u),
          "30 % read share of port 1 (period 1234, nominal 64): budget 5");
    check(hc_set_reservation(&dev, 1, true) == HC_OK, "reservation on");

    hc_counters c;
    check(hc_read_counters(&dev, 0, &c) == HC_OK && c.rd_bytes == 0 && c.max_rd_latency == 0, "counters read (all zero here)");
    check(hc_clear_counters(&dev, 0) == HC_OK, "counters clear");
    check(hc_decouple(&dev, 0, 50) == HC_ERR_TIMEOUT, "decouple wait is bounded (nothing drains in this bench)");
    check(hc_recouple(&dev, 0) == HC_OK, "recouple");
    check(sim.errors == 0, "no AXI4-Lite error response on any legal access");

    std::printf("%d passed, %d failed\n", passed, failed);
    top->final();
    return failed == 0 ? 0 : 1;
}
