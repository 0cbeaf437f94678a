// SPDX-License-Identifier: Apache-2.0
// cosim_main.cpp — ps::stream co-simulation (issue 6): C++ code using ps::stream and the PL bridge RTL
// share the memory model's storage. PS -> bridge -> PL operator (+ i+1 per lane) -> bridge -> PS, checked end
// to end, with N streams each way (ps_stream_cosim_top). The memory is an AXI4 slave model here (in-order,
// fixed read and write latency, one beat per cycle each way, up to 16 bursts queued).
//
//   cosim [--check | --bench] [--elements N] [--capacity C] [--latency L] [--seed S] [--type T]
//   --check: the software side runs at a random pace (random elements per cycle, pauses) so the rings run
//            full and empty; every element must come back once, in order, +(i+1) per lane.
//   --bench: the software side is kept ahead (fills every ring, drains every ring, every cycle), so the
//            bridge is the limit; prints bytes per cycle each way over the steady state vs the peak.
//   --type:  the C++ element type of the streams, ELEM bytes wide: plain (a struct of 32-bit words, the
//            default), or HLS types that are not trivially copyable (stand-ins for Vitis's headers,
//            bench/psstream/hls_stub, declared bitwise-movable by ps/hls_types.hpp): ap_uint (ap_uint<8*ELEM>),
//            ap_fixed (ap_fixed<8*ELEM, 4*ELEM>), axis (ap_axiu<64, 24, 8, 8>, 16-byte elements only).
// Prints one line "cosim: ..." and exits 0 on success.
#include <verilated.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <memory>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "Vps_stream_cosim_top.h"
#include "ap_axi_sdata.h"
#include "ap_int.h"
#include "hc_backend_verilator.hpp"
#include "ps/hls_types.hpp"
#include "ps/stream.hpp"

#ifndef COSIM_N
#define COSIM_N 1
#endif
#ifndef COSIM_ELEM
#define COSIM_ELEM 16
#endif

namespace {

constexpr int N = COSIM_N;
constexpr std::uint32_t NB = 16;                    // 128-bit bus
constexpr std::uint32_t EB = COSIM_ELEM;            // element bytes (16: one beat; 4: narrow bursts)
static_assert(EB % 4 == 0 && EB <= NB, "the PL operator works on 32-bit lanes of an element of at most a beat");
constexpr std::uint32_t MEM_BASE = 0x1000'0000u;
constexpr std::size_t MEM_BYTES = 8u << 20;

struct elem {
    std::uint32_t w[EB / 4];
};
}  // namespace
using axis_elem = ap_axiu<64, 24, 8, 8>;
PS_STREAM_BITWISE(axis_elem);
namespace {

// ---- AXI4 slave memory on the top's m_axi port
class Memory {
public:
    Memory(Vps_stream_cosim_top& t, int latency) : t_(t), latency_(latency) {
        data_ = static_cast<std::uint8_t*>(::operator new(MEM_BYTES, std::align_val_t(4096)));
        std::memset(data_, 0, MEM_BYTES);
    }
    ~Memory() { ::operator delete(data_, std::align_val_t(4096)); }
    std::uint8_t* at(std::uint32_t addr) {
        if (addr < MEM_BASE || addr - MEM_BASE + NB > MEM_BYTES) {
            std::fprintf(stderr, "cosim: bus access outside memory at 0x%08x\n", addr);
            std::exit(2);
        }
        return data_ + (addr - MEM_BASE);
    }
    // drive the slave outputs for this cycle (before the edge)
    void drive(std::uint64_t now) {
        t_.m_axi_arready = ar_.size() < 16;
        t_.m_axi_awready = aw_.size() < 16;
        t_.m_axi_wready = !aw_.empty();
        const bool r = !ar_.empty() && ar_.front().ready <= now;
        t_.m_axi_rvalid = r;
        t_.m_axi_rresp = 0;
        t_.m_axi_rid = 0;
        if (r) {
            const burst& b = ar_.front();
            std::memcpy(t_.m_axi_rdata.data(), at(b.beat_addr() & ~(NB - 1)), NB);
            t_.m_axi_rlast = b.beat == b.len;
        } else {
            t_.m_axi_rlast = 0;
        }
        t_.m_axi_bvalid = !b_.empty() && b_.front() <= now;
        t_.m_axi_bresp = 0;
        t_.m_axi_bid = 0;
    }
    // the handshakes of this cycle, sampled before the edge, applied after it
    struct fires {
        bool ar, r, aw, w, b;
        std::uint32_t araddr, awaddr;
        std::uint8_t arlen, awlen, arsize, awsize;
        bool wlast;
        std::uint8_t wdata[NB];
        std::uint16_t wstrb;
    };
    fires sample() const {
        fires f{};
        f.ar = t_.m_axi_arvalid && t_.m_axi_arready;
        f.r = t_.m_axi_rvalid && t_.m_axi_rready;
        f.aw = t_.m_axi_awvalid && t_.m_axi_awready;
        f.w = t_.m_axi_wvalid && t_.m_axi_wready;
        f.b = t_.m_axi_bvalid && t_.m_axi_bready;
        f.araddr = t_.m_axi_araddr;
        f.arlen = t_.m_axi_arlen;
        f.arsize = t_.m_axi_arsize;
        f.awaddr = t_.m_axi_awaddr;
        f.awlen = t_.m_axi_awlen;
        f.awsize = t_.m_axi_awsize;
        f.wlast = t_.m_axi_wlast;
        std::memcpy(f.wdata, t_.m_axi_wdata.data(), NB);
        f.wstrb = std::uint16_t(t_.m_axi_wstrb);
        return f;
    }
    void apply(const fires& f, std::uint64_t now) {
        if (f.r) {
            burst& b = ar_.front();
            if (++b.beat > b.len) ar_.pop_front();
        }
        if (f.w) {
            burst& b = aw_.front();
            std::uint8_t* p = at(b.beat_addr() & ~(NB - 1));
            for (std::uint32_t k = 0; k < NB; ++k)
                if ((f.wstrb >> k) & 1) p[k] = f.wdata[k];
            if ((b.beat == b.len) != f.wlast) {
                std::fprintf(stderr, "cosim: WLAST on beat %u of a %u-beat burst\n", b.beat, b.len + 1u);
                std::exit(2);
            }
            if (++b.beat > b.len) {
                aw_.pop_front();
                b_.push_back(now + std::uint64_t(latency_));
            }
        }
        if (f.b) b_.pop_front();
        if (f.ar) ar_.push_back({f.araddr, f.arlen, f.arsize, 0, now + std::uint64_t(latency_)});
        if (f.aw) aw_.push_back({f.awaddr, f.awlen, f.awsize, 0, 0});
    }

private:
    struct burst {                                  // INCR, aligned start (all the bridge issues)
        std::uint32_t addr;
        std::uint32_t len;
        std::uint32_t size;                         // AxSIZE: bytes per beat = 1 << size (narrow if < NB)
        std::uint32_t beat;
        std::uint64_t ready;
        std::uint32_t beat_addr() const { return addr + beat * (1u << size); }
    };
    Vps_stream_cosim_top& t_;
    int latency_;
    std::uint8_t* data_;
    std::deque<burst> ar_, aw_;
    std::deque<std::uint64_t> b_;
};

// the element sent as sequence number seq of a stream, as 32-bit lanes, and as a T (its bytes: T is
// bitwise-movable, so its value is its bytes)
elem make(int stream, std::uint32_t seq) {
    const std::uint32_t lanes[4] = {seq, seq ^ 0xA5A5A5A5u, std::uint32_t(stream), 0x12345678u + seq};
    elem e{};
    for (std::uint32_t k = 0; k < EB / 4; ++k) e.w[k] = lanes[k];
    return e;
}
template <typename T>
T as(const elem& e) {
    static_assert(sizeof(T) == EB && ps::bitwise_movable_v<T>);
    T v;
    std::memcpy(static_cast<void*>(&v), &e, EB);
    return v;
}
template <typename T>
elem lanes_of(const T& v) {
    elem e;
    std::memcpy(&e, static_cast<const void*>(&v), EB);
    return e;
}

struct options {
    bool bench = false;
    std::uint32_t elements = 3000, capacity = 64, seed = 1;
    int latency = 30;
    std::string type = "plain";
};

template <typename T>
int run(const options& o, int argc, char** argv);

}  // namespace

int main(int argc, char** argv) {
    options o;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--bench") o.bench = true;
        else if (a == "--check") o.bench = false;
        else if (a == "--elements" && i + 1 < argc) o.elements = std::uint32_t(std::strtoul(argv[++i], nullptr, 10));
        else if (a == "--capacity" && i + 1 < argc) o.capacity = std::uint32_t(std::strtoul(argv[++i], nullptr, 10));
        else if (a == "--latency" && i + 1 < argc) o.latency = std::atoi(argv[++i]);
        else if (a == "--seed" && i + 1 < argc) o.seed = std::uint32_t(std::strtoul(argv[++i], nullptr, 10));
        else if (a == "--type" && i + 1 < argc) o.type = argv[++i];
        else if (a[0] == '+') continue;                  // Verilator plusargs
        else {
            std::fprintf(stderr, "usage: cosim [--check|--bench] [--elements N] [--capacity C] [--latency L] [--seed S] "
                                 "[--type plain|ap_uint|ap_fixed|axis]\n");
            return 1;
        }
    }
    if (o.type == "plain") return run<elem>(o, argc, argv);
    if (o.type == "ap_uint") return run<ap_uint<8 * EB>>(o, argc, argv);
    if (o.type == "ap_fixed") return run<ap_fixed<8 * EB, 4 * EB>>(o, argc, argv);
    using axis16 = std::conditional_t<EB == sizeof(axis_elem), axis_elem, elem>;   // 16-byte elements only
    if (o.type == "axis" && EB == sizeof(axis_elem)) return run<axis16>(o, argc, argv);
    std::fprintf(stderr, "cosim: no element type '%s' of %u bytes\n", o.type.c_str(), EB);
    return 1;
}

namespace {

template <typename T>
int run(const options& o, int argc, char** argv) {
    const bool bench = o.bench;
    const std::uint32_t elements = o.elements, capacity = o.capacity;
    const int latency = o.latency;
    Verilated::commandArgs(argc, argv);
    auto top = std::make_unique<Vps_stream_cosim_top>();
    Memory mem(*top, latency);
    std::uint64_t now = 0;

    auto tick = [&] {
        // before the edge: slave outputs for this cycle, settle, sample the handshakes
        top->aclk = 0;
        mem.drive(now);
        top->eval();
        const Memory::fires fired = mem.sample();
        top->aclk = 1;
        top->eval();
        mem.apply(fired, now);
        ++now;
    };
    HcVerilatorBackend<Vps_stream_cosim_top> axil(*top, tick, 2000);

    top->aresetn = 0;
    top->m_axi_rready = 0;
    for (int i = 0; i < 8; ++i) tick();
    top->aresetn = 1;
    tick();
    if (axil.read32(0x000) != 0x50534252u) {
        std::fprintf(stderr, "cosim: bridge ID register wrong\n");
        return 1;
    }

    // the rings: created by the software in the memory model's storage, then handed to the bridge
    std::vector<std::unique_ptr<ps::stream<T>>> to_pl, from_pl;
    const std::size_t region = ps::layout::region_bytes(sizeof(T), capacity);
    const std::uint32_t stride = std::uint32_t((region + 0xFFFF) & ~std::size_t(0xFFFF));
    for (int i = 0; i < N; ++i) {
        const std::uint32_t a = MEM_BASE + std::uint32_t(2 * i) * stride, b = a + stride;
        to_pl.push_back(std::make_unique<ps::stream<T>>(ps::memory, mem.at(a), region, ps::role::producer, true,
                                                        capacity));
        from_pl.push_back(std::make_unique<ps::stream<T>>(ps::memory, mem.at(b), region, ps::role::consumer, true,
                                                          capacity));
        axil.write32(0x100 + 0x20 * std::uint32_t(i), a);                 // STREAM[i].BASE_LO
        axil.write32(0x100 + 0x20 * std::uint32_t(N + i), b);
        axil.write32(0x108 + 0x20 * std::uint32_t(i), 1);                 // CTRL.enable
        axil.write32(0x108 + 0x20 * std::uint32_t(N + i), 1);
    }

    std::mt19937 rng(o.seed);
    std::vector<std::uint32_t> sent(N, 0), got(N, 0);
    // throughput window: the steady state from a quarter to three quarters of the transfer
    std::uint64_t to_beats = 0, from_beats = 0, window_start = 0, to_start = 0, from_start = 0;
    enum { BEFORE, MEASURING, DONE } window = BEFORE;
    const std::uint64_t limit = std::uint64_t(elements) * 200 + 200000;
    const std::uint64_t start = now;
    auto done = [&] {
        for (int i = 0; i < N; ++i)
            if (got[i] < elements) return false;
        return true;
    };
    while (!done()) {
        if (now - start > limit) {
            std::fprintf(stderr, "cosim: timeout after %llu cycles:", static_cast<unsigned long long>(now - start));
            for (int i = 0; i < N; ++i) std::fprintf(stderr, " stream %d sent %u got %u;", i, sent[i], got[i]);
            std::fprintf(stderr, " irq %d\n", int(top->irq));
            return 1;
        }
        // the processor side: produce and consume (non-blocking: it shares this thread with the simulation)
        for (int i = 0; i < N; ++i) {
            unsigned budget = bench ? capacity : (rng() % 4 == 0 ? 0u : 1u + rng() % 8);
            while (budget-- && sent[i] < elements && to_pl[i]->write_nb(as<T>(make(i, sent[i])))) ++sent[i];
            if (sent[i] == elements) to_pl[i]->flush();
            budget = bench ? capacity : (rng() % 4 == 0 ? 0u : 1u + rng() % 8);
            T v;
            while (budget-- && from_pl[i]->read_nb(v)) {
                const elem e = lanes_of(v), want = make(i, got[i]);
                for (std::uint32_t k = 0; k < EB / 4; ++k)
                    if (e.w[k] != want.w[k] + std::uint32_t(i + 1)) {
                        std::fprintf(stderr, "cosim: stream %d element %u lane %u: 0x%08x, want 0x%08x\n", i, got[i],
                                     k, e.w[k], want.w[k] + std::uint32_t(i + 1));
                        return 1;
                    }
                ++got[i];
            }
        }
        tick();
        for (int i = 0; i < N; ++i) {
            to_beats += (top->to_pl_fire >> i) & 1;
            from_beats += (top->from_pl_fire >> i) & 1;
        }
        const std::uint64_t total = std::uint64_t(elements) * N;
        if (window == BEFORE && from_beats >= total / 4) {
            window = MEASURING;
            window_start = now;
            to_start = to_beats;
            from_start = from_beats;
        } else if (window == MEASURING && from_beats >= 3 * total / 4) {
            window = DONE;
            const double cycles = double(now - window_start);
            const double to_bpc = double(to_beats - to_start) * EB / cycles;
            const double from_bpc = double(from_beats - from_start) * EB / cycles;
            if (bench)
                std::printf("cosim bench: %d stream(s) each way, capacity %u, memory latency %d: PS->PL %.2f B/cycle "
                            "(%.1f %% of %u), PL->PS %.2f B/cycle (%.1f %%) over %.0f cycles\n",
                            N, capacity, latency, to_bpc, 100.0 * to_bpc / NB, NB, from_bpc, 100.0 * from_bpc / NB,
                            cycles);
        }
    }
    int errors = 0;
    for (int i = 0; i < 2 * N; ++i) {
        const std::uint32_t st = axil.read32(0x10C + 0x20 * std::uint32_t(i));
        if (st != 0x11) {                                  // running, busy, no error
            std::fprintf(stderr, "cosim: stream %d STATUS 0x%x\n", i, st);
            ++errors;
        }
    }
    if (errors) return 1;
    std::printf("cosim: %d stream(s) each way, %u elements each, capacity %u, %u-byte elements (%s): all returned "
                "in order through the PL operator, %llu cycles\n",
                N, elements, capacity, EB, o.type.c_str(), static_cast<unsigned long long>(now - start));
    return 0;
}

}  // namespace
