// SPDX-License-Identifier: Apache-2.0
// host_bench.cpp — ps::stream against boost::lockfree::spsc_queue between two threads of this machine
// (issue 6 benchmark (a), made reproducible by issue 16): throughput for 8- and 16-byte items at capacity
// 512 and 4096, and ping-pong round-trip latency. Producer and consumer are pinned to different cores.
//
// On a VM the two vCPUs move between "near" (a cache-line round trip of ~50-150 ns: the same core's
// hyperthreads or a shared cache) and "far" (~500 ns: across sockets or dies) within seconds, and the
// throughput of every queue moves 3-4x with it. So the bench measures that round trip itself before and
// after every round, sorts each round into near or far (split at --split-ns, default 300), drops a round
// whose two measurements disagree (the state changed under it), runs the queues of a case one after the
// other in every round (order alternating), and reports each state separately: medians, ranges, and the
// ratio of the two queues per round (median and range) — never one ratio for the whole.
// The steal time of each round (/proc/stat: CPU time the hypervisor gave to other guests) is printed too:
// a slow round that the round trip calls near is usually one where the host was busy.
// Usage: host_bench [--rounds N] [--items N] [--split-ns X] [--json FILE]
#include <pthread.h>
#include <sched.h>

#include <algorithm>
#include <atomic>
#include <boost/lockfree/spsc_queue.hpp>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "ps/stream.hpp"

namespace {

struct item16 {
    std::uint64_t a, b;
};

void pin(int cpu) {
    const unsigned n = std::thread::hardware_concurrency();
    if (n < 2) return;
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(unsigned(cpu) % n, &set);
    pthread_setaffinity_np(pthread_self(), sizeof(set), &set);
}

inline void relax() { ps::detail::cpu_relax(); }

template <typename T>
T make(std::uint64_t i) {
    T v{};
    std::memcpy(&v, &i, sizeof(i) < sizeof(T) ? sizeof(i) : sizeof(T));
    return v;
}
template <typename T>
std::uint64_t key(const T& v) {
    std::uint64_t i = 0;
    std::memcpy(&i, &v, sizeof(i) < sizeof(T) ? sizeof(i) : sizeof(T));
    return i;
}

// adapters: blocking push/pop on each queue
template <typename T, int CAP>
struct ps_queue {
    ps::stream<T, CAP> s;
    ps_queue() { s.set_grow_limit(0); }     // CAP as boost's: no growth before the consumer's first read
    void push(const T& v) { s.write(v); }
    T pop() { return s.read(); }
    void flush() { s.flush(); }          // the last batch, held back until a wait or a flush
};
template <typename T, int CAP>
struct boost_queue {
    boost::lockfree::spsc_queue<T, boost::lockfree::capacity<CAP>> q;
    void push(const T& v) {
        while (!q.push(v)) relax();
    }
    T pop() {
        T v;
        while (!q.pop(v)) relax();
        return v;
    }
    void flush() {}                      // every push is visible at once
};

// The flags both threads touch, on a line of their own. The consumer reads nothing through a reference
// into the producer's stack: the producer's stores there (the item it passes by reference) would move
// that line between the cores on every item, slowing both queues.
struct alignas(128) flags {
    std::atomic<bool> ready{false}, bad{false};
};

// seconds to move n items producer -> consumer; checks the order
template <typename Q, typename T>
double throughput_run(std::uint64_t n) {
    auto q = std::make_unique<Q>();
    flags f;
    std::thread cons([&f, n, qp = q.get()] {
        pin(1);
        f.ready = true;
        bool ok = true;
        for (std::uint64_t i = 0; i < n; ++i)
            if (key(qp->pop()) != i) ok = false;
        f.bad = !ok;
    });
    pin(0);
    while (!f.ready) relax();
    const auto t0 = std::chrono::steady_clock::now();
    for (std::uint64_t i = 0; i < n; ++i) q->push(make<T>(i));
    q->flush();
    cons.join();
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (f.bad) {
        std::fprintf(stderr, "order violated\n");
        std::exit(2);
    }
    return s;
}

// nanoseconds per round trip: ping -> echo thread -> pong
template <typename Q>
double pingpong_run(std::uint64_t rounds) {
    auto ping = std::make_unique<Q>(), pong = std::make_unique<Q>();
    std::thread echo([rounds, pi = ping.get(), po = pong.get()] {
        pin(1);
        for (std::uint64_t i = 0; i < rounds; ++i) po->push(pi->pop());
    });
    pin(0);
    const auto t0 = std::chrono::steady_clock::now();
    for (std::uint64_t i = 0; i < rounds; ++i) {
        ping->push(i);
        if (pong->pop() != i) std::exit(3);
    }
    echo.join();
    return std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count() / double(rounds);
}

// ---- the machine's state: a cache line bounced between the two pinned cores
// nanoseconds per round trip of one cache line cpu 0 -> cpu 1 -> cpu 0 (median of 5 batches of 200)
double line_round_trip_ns() {
    struct alignas(128) line {
        std::atomic<std::uint64_t> v{0};
    };
    auto l = std::make_unique<line>();
    constexpr std::uint64_t batch = 200, batches = 5;
    std::atomic<bool> ready{false};
    std::thread echo([&] {
        pin(1);
        ready = true;
        for (std::uint64_t i = 1; i <= 2 * batch * batches; i += 2) {
            while (l->v.load(std::memory_order_acquire) != i) relax();
            l->v.store(i + 1, std::memory_order_release);
        }
    });
    pin(0);
    while (!ready) relax();
    std::vector<double> ns;
    std::uint64_t next = 0;
    for (std::uint64_t b = 0; b < batches; ++b) {
        const auto t0 = std::chrono::steady_clock::now();
        for (std::uint64_t i = 0; i < batch; ++i) {
            l->v.store(next + 1, std::memory_order_release);
            while (l->v.load(std::memory_order_acquire) != next + 2) relax();
            next += 2;
        }
        ns.push_back(std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count() /
                     double(batch));
    }
    echo.join();
    std::sort(ns.begin(), ns.end());
    return ns[ns.size() / 2];
}

// CPU time the hypervisor gave to others (steal) and all CPU time, in ticks since boot (/proc/stat)
std::pair<double, double> steal_and_total() {
    double v[10] = {};
    if (FILE* f = std::fopen("/proc/stat", "r")) {
        if (std::fscanf(f, "cpu %lf %lf %lf %lf %lf %lf %lf %lf", &v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &v[6],
                        &v[7]) != 8)
            v[7] = 0;
        std::fclose(f);
    }
    double total = 0;
    for (double x : v) total += x;
    return {v[7], total};
}

struct stats {
    double median = 0, lo = 0, hi = 0;
    std::size_t n = 0;
};
stats summarize(std::vector<double> v) {
    if (v.empty()) return {};
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return {n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2, v.front(), v.back(), n};
}

int rounds = 60;
std::uint64_t items = 5000000;
double split_ns = 300;
std::string json;
std::vector<double> rtt_seen[2];                 // every round trip measured, by state
int dropped = 0, rounds_run = 0;

const char* const state_name[2] = {"near", "far"};

// one state's rounds of a case: the two queues' values and their ratio per round
struct samples {
    std::vector<double> ps, boost, ratio, steal;     // steal: % of CPU time the hypervisor took, per round
};

// run `rounds` rounds of a case: each runs both queues once (ps_run, boost_run), in alternating order
template <typename PsRun, typename BoostRun>
void rounds_of(samples (&by_state)[2], PsRun ps_run, BoostRun boost_run) {
    for (int r = 0; r < rounds; ++r, ++rounds_run) {
        const double before = line_round_trip_ns();
        const auto st0 = steal_and_total();
        double p = 0, q = 0;
        if (r % 2) {
            q = boost_run();
            p = ps_run();
        } else {
            p = ps_run();
            q = boost_run();
        }
        const auto st1 = steal_and_total();
        const double after = line_round_trip_ns();
        const int s0 = before >= split_ns, s1 = after >= split_ns;
        rtt_seen[s0].push_back(before);
        rtt_seen[s1].push_back(after);
        if (s0 != s1) {
            ++dropped;
            continue;
        }
        by_state[s0].ps.push_back(p);
        by_state[s0].boost.push_back(q);
        by_state[s0].ratio.push_back(p / q);
        by_state[s0].steal.push_back(st1.second > st0.second
                                         ? 100.0 * (st1.first - st0.first) / (st1.second - st0.second)
                                         : 0.0);
    }
}

void report(const char* label, int item_bytes, int capacity, const samples (&by_state)[2], bool latency) {
    for (int st = 0; st < 2; ++st) {
        const stats p = summarize(by_state[st].ps), q = summarize(by_state[st].boost),
                    r = summarize(by_state[st].ratio), w = summarize(by_state[st].steal);
        if (p.n == 0) {
            std::printf("%-16s %-4s  no round in this state\n", label, state_name[st]);
            continue;
        }
        if (latency)
            std::printf("%-16s %-4s %3zu  ps::stream %7.0f ns [%.0f..%.0f]   boost %7.0f ns [%.0f..%.0f]   "
                        "time ratio %.2fx [%.2f..%.2f]   steal %.0f%% [..%.0f]\n",
                        label, state_name[st], p.n, p.median, p.lo, p.hi, q.median, q.lo, q.hi, r.median, r.lo, r.hi,
                        w.median, w.hi);
        else
            std::printf("%-16s %-4s %3zu  ps::stream %6.1f Mitem/s [%.1f..%.1f]   boost %6.1f Mitem/s [%.1f..%.1f]   "
                        "ratio %.2fx [%.2f..%.2f]   steal %.0f%% [..%.0f]\n",
                        label, state_name[st], p.n, p.median, p.lo, p.hi, q.median, q.lo, q.hi, r.median, r.lo, r.hi,
                        w.median, w.hi);
        char buf[512];
        std::snprintf(buf, sizeof buf,
                      "%s{\"case\":\"%s\",\"item_bytes\":%d,\"capacity\":%d,\"state\":\"%s\",\"rounds\":%zu,"
                      "\"ps\":%.3f,\"ps_lo\":%.3f,\"ps_hi\":%.3f,\"boost\":%.3f,\"boost_lo\":%.3f,\"boost_hi\":%.3f,"
                      "\"ratio\":%.3f,\"ratio_lo\":%.3f,\"ratio_hi\":%.3f,\"steal_pct\":%.1f,\"steal_pct_hi\":%.1f}",
                      json.empty() ? "" : ",", latency ? "pingpong" : "throughput", item_bytes, capacity,
                      state_name[st], p.n, p.median, p.lo, p.hi, q.median, q.lo, q.hi, r.median, r.lo, r.hi, w.median,
                      w.hi);
        json += buf;
    }
}

template <typename T, int CAP>
void throughput_case() {
    samples by_state[2];                             // million items per second
    rounds_of(
        by_state, [] { return double(items) / throughput_run<ps_queue<T, CAP>, T>(items) / 1e6; },
        [] { return double(items) / throughput_run<boost_queue<T, CAP>, T>(items) / 1e6; });
    char label[32];
    std::snprintf(label, sizeof label, "%zu B / %d", sizeof(T), CAP);
    report(label, int(sizeof(T)), CAP, by_state, false);
}

void pingpong_case() {
    const std::uint64_t n = std::max<std::uint64_t>(items / 100, 10000);
    samples by_state[2];                             // ns per round trip
    rounds_of(
        by_state, [n] { return pingpong_run<ps_queue<std::uint64_t, 512>>(n); },
        [n] { return pingpong_run<boost_queue<std::uint64_t, 512>>(n); });
    report("ping-pong 8 B", 8, 512, by_state, true);
}

}  // namespace

int main(int argc, char** argv) {
    const char* json_path = nullptr;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--rounds" && i + 1 < argc) rounds = std::max(1, std::atoi(argv[++i]));
        else if (a == "--items" && i + 1 < argc) items = std::strtoull(argv[++i], nullptr, 10);
        else if (a == "--split-ns" && i + 1 < argc) split_ns = std::atof(argv[++i]);
        else if (a == "--json" && i + 1 < argc) json_path = argv[++i];
        else {
            std::fprintf(stderr, "usage: host_bench [--rounds N] [--items N] [--split-ns X] [--json FILE]\n");
            return 1;
        }
    }
    std::printf("host PS<->PS: ps::stream vs boost spsc_queue, producer on cpu 0, consumer on cpu 1 (%u cpus); "
                "%llu items per run, %d rounds per case, the two queues one after the other in each round\n"
                "state of each round: the cpu 0 <-> cpu 1 cache-line round trip before and after it, near < %.0f ns "
                "<= far; a round whose state changed is dropped\n"
                "%-16s %-4s %3s  (medians [min..max] over the rounds; ratio: per round, ps::stream / boost; steal: "
                "CPU time the hypervisor gave to others during the round, /proc/stat)\n",
                std::thread::hardware_concurrency(), static_cast<unsigned long long>(items), rounds, split_ns, "case",
                "st.", "n");
    throughput_case<std::uint64_t, 512>();
    throughput_case<std::uint64_t, 4096>();
    throughput_case<item16, 512>();
    throughput_case<item16, 4096>();
    pingpong_case();
    for (int st = 0; st < 2; ++st) {
        const stats r = summarize(rtt_seen[st]);
        if (r.n)
            std::printf("cache-line round trip, %s: %.0f ns [%.0f..%.0f] in %zu measurements\n", state_name[st],
                        r.median, r.lo, r.hi, r.n);
        char buf[160];
        std::snprintf(buf, sizeof buf, ",{\"case\":\"round_trip\",\"state\":\"%s\",\"n\":%zu,\"ns\":%.1f,\"lo\":%.1f,"
                      "\"hi\":%.1f}", state_name[st], r.n, r.median, r.lo, r.hi);
        json += buf;
    }
    std::printf("rounds dropped (state changed during the round): %d of %d\n", dropped, rounds_run);
    if (json_path) {
        if (FILE* f = std::fopen(json_path, "w")) {
            std::fprintf(f, "[%s,{\"case\":\"dropped\",\"n\":%d,\"of\":%d}]\n", json.c_str(), dropped, rounds_run);
            std::fclose(f);
        }
    }
    return 0;
}
