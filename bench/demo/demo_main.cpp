// SPDX-License-Identifier: Apache-2.0
// demo_main.cpp — fast Verilator harness for the fairness experiment (paper 000, Sec. 3 and 5.1).
//
// Usage: demo_sim fairness <s>      D2 reads 128 KB in 16-beat bursts, D1/D3 read 4 MB in s-beat bursts
//        demo_sim saturate          D1, D2, D3 read in 16-beat bursts; R utilisation while all are busy
// Options (after the mode): --outstanding N (generators, default 6), --abe-outstanding N (default 6),
//        --nominal N (default 16), --max-cycles N (default 20e6)
// Prints one JSON object on stdout. Exit code 2 on timeout (never a silent hang).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>

#include "Vdemo_top.h"
#include "verilated.h"

namespace {

struct Port {
    uint32_t total_bytes;
    uint32_t burst_len;
    uint32_t start_addr;
};

struct Options {
    std::string mode;
    uint32_t s = 16;
    uint32_t outstanding = 6;
    uint32_t abe_outstanding = 6;
    uint32_t nominal = 16;
    uint64_t max_cycles = 20000000ULL;
};

void set_field(uint32_t *words, unsigned lsb, unsigned width, uint64_t value) {
    for (unsigned b = 0; b < width; ++b) {
        const unsigned bit = lsb + b;
        const uint32_t mask = 1u << (bit % 32);
        if ((value >> b) & 1u) words[bit / 32] |= mask;
        else words[bit / 32] &= ~mask;
    }
}

class Harness {
  public:
    explicit Harness(const Options &opt) : opt_(opt), ctx_(new VerilatedContext), top_(new Vdemo_top(ctx_.get())) {}

    void configure(const Port ports[3]) {
        top_->cfg_write = 0;
        for (int i = 0; i < 3; ++i) {
            set_field(top_->cfg_total_bytes.data(), 32 * i, 32, ports[i].total_bytes);
            set_field(top_->cfg_start_addr.data(), 32 * i, 32, ports[i].start_addr);
        }
        uint32_t bl = 0, mo = 0;
        for (int i = 0; i < 3; ++i) {
            bl |= (ports[i].burst_len & 0x1ffu) << (9 * i);
            mo |= (opt_.outstanding & 0xffu) << (8 * i);
        }
        top_->cfg_burst_len = bl;
        top_->cfg_max_outstanding = mo;
        top_->cfg_nominal_len = opt_.nominal;
        top_->cfg_abe_outstanding = opt_.abe_outstanding;
    }

    void reset() {
        top_->aresetn = 0;
        top_->start = 0;
        for (int i = 0; i < 4; ++i) tick();
        top_->aresetn = 1;
        tick();
    }

    // One clock cycle: evaluate with the clock low (inputs of this cycle settle), then the rising edge.
    void tick() {
        top_->aclk = 0;
        top_->eval();
        sample();
        top_->aclk = 1;
        top_->eval();
        ++cycle_;
    }

    Vdemo_top &top() { return *top_; }
    uint64_t cycle() const { return cycle_; }

    // R-channel beats at the memory, per port, counted while `window` is true
    uint64_t beats_port[4] = {0, 0, 0, 0};
    uint64_t beats_all = 0;
    bool window = false;

  private:
    void sample() {
        if (window && top_->mon_r_fire) {
            ++beats_port[top_->mon_r_port & 3u];
            ++beats_all;
        }
    }

    Options opt_;
    std::unique_ptr<VerilatedContext> ctx_;
    std::unique_ptr<Vdemo_top> top_;
    uint64_t cycle_ = 0;
};

int run_fairness(const Options &opt) {
    Harness h(opt);
    const Port ports[3] = {
        {4u << 20, opt.s, 0x10000000u},   // D1
        {128u << 10, 16, 0x20000000u},    // D2, the victim
        {4u << 20, opt.s, 0x30000000u},   // D3
    };
    h.configure(ports);
    h.reset();
    h.top().start = 0x7;
    h.window = true;
    const uint64_t t0 = h.cycle();
    h.tick();
    h.top().start = 0;
    while (!(h.top().done & 0x2u)) {
        if (h.cycle() - t0 > opt.max_cycles) {
            std::fprintf(stderr, "demo_sim: timeout after %llu cycles (D2 beats %u)\n",
                         static_cast<unsigned long long>(opt.max_cycles), h.top().beats[1]);
            return 2;
        }
        h.tick();
    }
    h.window = false;
    const uint64_t d2_cycles = h.cycle() - t0;
    const uint64_t d2_bytes = static_cast<uint64_t>(h.top().beats[1]) * (64 / 8);
    const double delivered = 100.0 * static_cast<double>(h.beats_port[1]) / static_cast<double>(h.beats_all);
    const double peak = 100.0 * static_cast<double>(d2_bytes) / (static_cast<double>(d2_cycles) * 8.0);
    std::printf("{\"s\": %u, \"victim_share_delivered\": %.3f, \"victim_share_peak\": %.3f, "
                "\"victim_cycles\": %llu, \"victim_beats\": %llu, \"all_beats\": %llu}\n",
                opt.s, delivered, peak, static_cast<unsigned long long>(d2_cycles),
                static_cast<unsigned long long>(h.beats_port[1]), static_cast<unsigned long long>(h.beats_all));
    return 0;
}

int run_saturate(const Options &opt) {
    Harness h(opt);
    const Port ports[3] = {{256u << 10, 16, 0x10000000u}, {256u << 10, 16, 0x20000000u}, {256u << 10, 16, 0x30000000u}};
    h.configure(ports);
    h.reset();
    h.top().start = 0x7;
    h.tick();
    h.top().start = 0;
    // measure from the first R beat at the memory until the first generator finishes
    uint64_t t_first = 0;
    while (h.top().done == 0) {
        if (h.cycle() > opt.max_cycles) {
            std::fprintf(stderr, "demo_sim: timeout in saturate\n");
            return 2;
        }
        if (!h.window && h.top().mon_r_fire) {
            h.window = true;
            t_first = h.cycle();
        }
        h.tick();
    }
    const uint64_t cycles = h.cycle() - t_first;
    std::printf("{\"r_utilisation\": %.3f, \"cycles\": %llu, \"beats\": %llu}\n",
                100.0 * static_cast<double>(h.beats_all) / static_cast<double>(cycles),
                static_cast<unsigned long long>(cycles), static_cast<unsigned long long>(h.beats_all));
    return 0;
}

}  // namespace

int main(int argc, char **argv) {
    Options opt;
    if (argc < 2) {
        std::fprintf(stderr, "usage: demo_sim fairness <s> | saturate [--outstanding N] [--abe-outstanding N] "
                             "[--nominal N] [--max-cycles N]\n");
        return 1;
    }
    opt.mode = argv[1];
    int i = 2;
    if (opt.mode == "fairness") {
        if (argc < 3) {
            std::fprintf(stderr, "demo_sim: fairness needs the burst length s\n");
            return 1;
        }
        opt.s = static_cast<uint32_t>(std::strtoul(argv[2], nullptr, 0));
        if (opt.s < 1 || opt.s > 256) {
            std::fprintf(stderr, "demo_sim: s must be 1..256\n");
            return 1;
        }
        i = 3;
    }
    for (; i + 1 < argc; i += 2) {
        const std::string k = argv[i];
        const uint64_t v = std::strtoull(argv[i + 1], nullptr, 0);
        if (k == "--outstanding") opt.outstanding = static_cast<uint32_t>(v);
        else if (k == "--abe-outstanding") opt.abe_outstanding = static_cast<uint32_t>(v);
        else if (k == "--nominal") opt.nominal = static_cast<uint32_t>(v);
        else if (k == "--max-cycles") opt.max_cycles = v;
        else {
            std::fprintf(stderr, "demo_sim: unknown option %s\n", k.c_str());
            return 1;
        }
    }
    if (opt.mode == "fairness") return run_fairness(opt);
    if (opt.mode == "saturate") return run_saturate(opt);
    std::fprintf(stderr, "demo_sim: unknown mode %s\n", opt.mode.c_str());
    return 1;
}
