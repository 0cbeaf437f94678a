// host_bench.cpp — ps::stream against boost::lockfree::spsc_queue between two threads of this machine
// (issue 6, benchmark (a)): throughput for 8- and 16-byte items at capacity 512 and 4096, and ping-pong
// round-trip latency, both queues in the same run. Producer and consumer are pinned to different cores.
// Each case runs `runs` times (default 5); the median, min and max are printed, and the ratio of medians.
// Usage: host_bench [--runs N] [--items N] [--json FILE]
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
    void push(const T& v) { s.write(v); }
    T pop() { return s.read(); }
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

struct stats {
    double median, lo, hi;
};
stats summarize(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return {v[v.size() / 2], v.front(), v.back()};
}

int runs = 5;
std::uint64_t items = 20000000;
std::string json;

template <typename T, int CAP>
void throughput_case(const char* label) {
    std::vector<double> a, b;                  // million items per second
    for (int r = 0; r < runs; ++r) {           // alternate, so drift on a shared machine hits both alike
        a.push_back(double(items) / throughput_run<ps_queue<T, CAP>, T>(items) / 1e6);
        b.push_back(double(items) / throughput_run<boost_queue<T, CAP>, T>(items) / 1e6);
    }
    const stats p = summarize(a), q = summarize(b);
    const double mb = double(sizeof(T));
    std::printf("%-10s %5d  ps::stream %7.1f Mitem/s %7.0f MB/s [%.1f..%.1f]   boost %7.1f Mitem/s %7.0f MB/s "
                "[%.1f..%.1f]   ratio %.2fx\n",
                label, CAP, p.median, p.median * mb, p.lo, p.hi, q.median, q.median * mb, q.lo, q.hi,
                p.median / q.median);
    char buf[512];
    std::snprintf(buf, sizeof buf,
                  "%s{\"case\":\"throughput\",\"item_bytes\":%zu,\"capacity\":%d,\"ps_mitems\":%.3f,\"ps_lo\":%.3f,"
                  "\"ps_hi\":%.3f,\"boost_mitems\":%.3f,\"boost_lo\":%.3f,\"boost_hi\":%.3f,\"ratio\":%.3f}",
                  json.empty() ? "" : ",", sizeof(T), CAP, p.median, p.lo, p.hi, q.median, q.lo, q.hi,
                  p.median / q.median);
    json += buf;
}

void pingpong_case() {
    const std::uint64_t rounds = std::max<std::uint64_t>(items / 100, 10000);
    std::vector<double> a, b;
    for (int r = 0; r < runs; ++r) {
        a.push_back(pingpong_run<ps_queue<std::uint64_t, 512>>(rounds));
        b.push_back(pingpong_run<boost_queue<std::uint64_t, 512>>(rounds));
    }
    const stats p = summarize(a), q = summarize(b);
    std::printf("ping-pong  8 B   ps::stream %7.0f ns/round trip [%.0f..%.0f]   boost %7.0f ns [%.0f..%.0f]\n",
                p.median, p.lo, p.hi, q.median, q.lo, q.hi);
    char buf[256];
    std::snprintf(buf, sizeof buf,
                  ",{\"case\":\"pingpong\",\"ps_ns\":%.1f,\"ps_lo\":%.1f,\"ps_hi\":%.1f,\"boost_ns\":%.1f,"
                  "\"boost_lo\":%.1f,\"boost_hi\":%.1f}",
                  p.median, p.lo, p.hi, q.median, q.lo, q.hi);
    json += buf;
}

}  // namespace

int main(int argc, char** argv) {
    const char* json_path = nullptr;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--runs" && i + 1 < argc) runs = std::max(1, std::atoi(argv[++i]));
        else if (a == "--items" && i + 1 < argc) items = std::strtoull(argv[++i], nullptr, 10);
        else if (a == "--json" && i + 1 < argc) json_path = argv[++i];
        else {
            std::fprintf(stderr, "usage: host_bench [--runs N] [--items N] [--json FILE]\n");
            return 1;
        }
    }
    std::printf("host PS<->PS: %llu items per run, median of %d runs [min..max], producer on cpu 0, consumer on "
                "cpu 1 (%u cpus)\n",
                static_cast<unsigned long long>(items), runs, std::thread::hardware_concurrency());
    throughput_case<std::uint64_t, 512>("8 B");
    throughput_case<std::uint64_t, 4096>("8 B");
    throughput_case<item16, 512>("16 B");
    throughput_case<item16, 4096>("16 B");
    pingpong_case();
    if (json_path) {
        if (FILE* f = std::fopen(json_path, "w")) {
            std::fprintf(f, "[%s]\n", json.c_str());
            std::fclose(f);
        }
    }
    return 0;
}
