// SPDX-License-Identifier: Apache-2.0
// hc_backend_verilator.hpp — simulation backend for the HyperConnect driver (C++17): every register
// access becomes an AXI4-Lite transaction on the s_axil_* port of a Verilator model, clocked by the
// harness's tick(). A transaction that gets no response within `timeout_cycles` aborts the run with a
// message (never a silent hang); SLVERR/DECERR responses are counted in `errors`.
#ifndef HC_BACKEND_VERILATOR_HPP
#define HC_BACKEND_VERILATOR_HPP

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>

#include "hc_backend.h"

template <class Top>
class HcVerilatorBackend {
  public:
    HcVerilatorBackend(Top &top, std::function<void()> tick, uint32_t timeout_cycles = 1000)
        : top_(top), tick_(std::move(tick)), timeout_(timeout_cycles) {}

    hc_backend backend() {
        hc_backend be;
        be.read32 = &HcVerilatorBackend::read_thunk;
        be.write32 = &HcVerilatorBackend::write_thunk;
        be.ctx = this;
        return be;
    }

    uint32_t read32(uint32_t offset) {
        top_.s_axil_araddr = offset;
        top_.s_axil_arprot = 0;
        top_.s_axil_arvalid = 1;
        top_.s_axil_rready = 1;
        wait([&] { return top_.s_axil_arready; }, "ARREADY");
        tick_();
        top_.s_axil_arvalid = 0;
        wait([&] { return top_.s_axil_rvalid; }, "RVALID");
        const uint32_t data = top_.s_axil_rdata;
        if (top_.s_axil_rresp != 0) ++errors;
        tick_();
        top_.s_axil_rready = 0;
        return data;
    }

    void write32(uint32_t offset, uint32_t value) {
        top_.s_axil_awaddr = offset;
        top_.s_axil_awprot = 0;
        top_.s_axil_awvalid = 1;
        top_.s_axil_wdata = value;
        top_.s_axil_wstrb = 0xF;
        top_.s_axil_wvalid = 1;
        top_.s_axil_bready = 1;
        bool aw_done = false, w_done = false;
        for (uint32_t n = 0; !(aw_done && w_done); ++n) {
            if (n > timeout_) fail("AWREADY/WREADY");
            const bool aw = top_.s_axil_awvalid && top_.s_axil_awready;
            const bool w = top_.s_axil_wvalid && top_.s_axil_wready;
            tick_();
            if (aw) { aw_done = true; top_.s_axil_awvalid = 0; }
            if (w) { w_done = true; top_.s_axil_wvalid = 0; }
        }
        wait([&] { return top_.s_axil_bvalid; }, "BVALID");
        if (top_.s_axil_bresp != 0) ++errors;
        tick_();
        top_.s_axil_bready = 0;
    }

    unsigned errors = 0;

  private:
    template <class Cond>
    void wait(Cond cond, const char *what) {
        for (uint32_t n = 0; !cond(); ++n) {
            if (n > timeout_) fail(what);
            tick_();
        }
    }
    [[noreturn]] void fail(const char *what) {
        std::fprintf(stderr, "hc_backend_verilator: no %s within %u cycles\n", what, timeout_);
        std::exit(3);
    }
    static uint32_t read_thunk(void *ctx, uint32_t off) { return static_cast<HcVerilatorBackend *>(ctx)->read32(off); }
    static void write_thunk(void *ctx, uint32_t off, uint32_t v) { static_cast<HcVerilatorBackend *>(ctx)->write32(off, v); }

    Top &top_;
    std::function<void()> tick_;
    uint32_t timeout_;
};

#endif
