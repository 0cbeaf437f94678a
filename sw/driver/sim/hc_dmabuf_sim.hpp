// SPDX-License-Identifier: Apache-2.0
// hc_dmabuf_sim.hpp — the simulated memory behind the driver's simulation DMA buffers (hc_dmabuf_alloc_sim,
// HC_DMABUF_SIM; C++17): an hc_dmabuf_sim_mem over a co-simulated memory model's byte backdoor, e.g. the DPI
// functions a bench top exports (bench/rtl/fastlane_flow_top.sv: fastlane_flow_mem_peek/poke). Addresses at
// or above `limit` (the memory's address space) are refused, so a wrong bus address fails the sync rather
// than wrapping. Counts the bytes each way (what the cache maintenance moved).
#ifndef HC_DMABUF_SIM_HPP
#define HC_DMABUF_SIM_HPP

#include <cstddef>
#include <cstdint>
#include <functional>
#include <utility>

#include "hc_dmabuf.h"

class HcSimMemory {
  public:
    using Peek = std::function<uint8_t(uint64_t)>;
    using Poke = std::function<void(uint64_t, uint8_t)>;

    HcSimMemory(Peek peek, Poke poke, uint64_t limit = uint64_t{1} << 32)
        : peek_(std::move(peek)), poke_(std::move(poke)), limit_(limit) {}

    // the callbacks for hc_dmabuf_alloc_sim (this object must outlive the buffer)
    hc_dmabuf_sim_mem mem() {
        hc_dmabuf_sim_mem m;
        m.ctx = this;
        m.read = &HcSimMemory::read_thunk;
        m.write = &HcSimMemory::write_thunk;
        return m;
    }

    uint64_t bytes_to_host = 0, bytes_to_memory = 0;

  private:
    bool inside(uint64_t bus, size_t size) const { return bus < limit_ && size <= limit_ - bus; }
    static int read_thunk(void *ctx, uint64_t bus, void *dst, size_t size) {
        auto *self = static_cast<HcSimMemory *>(ctx);
        if (!self->inside(bus, size)) return -1;
        auto *p = static_cast<uint8_t *>(dst);
        for (size_t i = 0; i < size; ++i) p[i] = self->peek_(bus + i);
        self->bytes_to_host += size;
        return 0;
    }
    static int write_thunk(void *ctx, uint64_t bus, const void *src, size_t size) {
        auto *self = static_cast<HcSimMemory *>(ctx);
        if (!self->inside(bus, size)) return -1;
        const auto *p = static_cast<const uint8_t *>(src);
        for (size_t i = 0; i < size; ++i) self->poke_(bus + i, p[i]);
        self->bytes_to_memory += size;
        return 0;
    }

    Peek peek_;
    Poke poke_;
    uint64_t limit_;
};

#endif
