// Unit tests of ps::stream (sw/psstream): threads, processes, every element width 1..64 bytes, wrap-around
// of the 32-bit pointers, non-blocking calls, cycles of streams, misuse errors.
// Usage: psstream_tests [--list | NAME...]; prints "<name>: ok" or "<name>: FAILED (...)" per test and a
// last line "N passed, M failed". Driven by tests/psstream/test_psstream.py.
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "ps/stream.hpp"
#include "scale_op.hpp"

namespace {

struct failure : std::runtime_error {
    using std::runtime_error::runtime_error;
};

#define CHECK(cond)                                                                                    \
    do {                                                                                               \
        if (!(cond)) throw failure(std::string(__FILE__ ":") + std::to_string(__LINE__) + ": " #cond); \
    } while (0)

std::map<std::string, std::function<void()>>& registry() {
    static std::map<std::string, std::function<void()>> r;
    return r;
}
struct reg {
    reg(const char* name, std::function<void()> f) { registry()[name] = std::move(f); }
};
#define TEST(name)                            \
    void test_##name();                       \
    const reg reg_##name(#name, test_##name); \
    void test_##name()

template <typename F>
std::string error_of(F f) {
    try {
        f();
    } catch (const ps::stream_error& e) {
        return e.what();
    }
    return "";
}

bool contains(const std::string& s, const char* part) { return s.find(part) != std::string::npos; }

std::string unique_name(const char* what) {
    return "/psstream_test_" + std::to_string(::getpid()) + "_" + what;
}

// 128-byte aligned memory, as the bridge's buffer would be
struct region {
    std::size_t bytes;
    std::byte* p;
    explicit region(std::size_t n) : bytes(n), p(static_cast<std::byte*>(::operator new(n, std::align_val_t(128)))) {
        std::memset(p, 0, n);
    }
    ~region() { ::operator delete(p, std::align_val_t(128)); }
    region(const region&) = delete;
    region& operator=(const region&) = delete;
};

// a producer and a consumer thread move n sequence numbers; the consumer checks order and that none is lost
template <typename S>
void transfer_sequence(S& s, std::uint64_t n) {
    std::atomic<bool> bad{false};
    std::thread cons([&] {
        for (std::uint64_t i = 0; i < n; ++i)
            if (s.read() != i) bad = true;
    });
    for (std::uint64_t i = 0; i < n; ++i) s.write(i);
    cons.join();
    CHECK(!bad);
}

TEST(threads_order_no_loss) {
    ps::stream<std::uint64_t, 2> tiny;
    transfer_sequence(tiny, 200000);
    ps::stream<std::uint64_t, 16> small;
    transfer_sequence(small, 500000);
    ps::stream<std::uint64_t> dflt("default");
    transfer_sequence(dflt, 2000000);
    ps::stream<std::uint64_t, 4096> big;
    big.set_batch(1);                                       // publish every element: the same, only slower
    transfer_sequence(big, 500000);
}

TEST(capacity_batch_names) {
    ps::stream<int> a;
    ps::stream<int, 5> b("five");
    ps::stream<int, 1> c;
    CHECK(a.capacity() == 512 && b.capacity() == 8 && c.capacity() == 2);
    CHECK(b.name() == "five" && a.name() == "ps::stream");
    CHECK(a.batch() == 64 && b.batch() == 1);
    const auto* base = static_cast<const unsigned char*>(a.memory_base());
    std::uint32_t word;
    std::memcpy(&word, base + ps::layout::off_magic, 4);
    CHECK(word == ps::layout::magic && std::memcmp(base, "PSST", 4) == 0);
    std::memcpy(&word, base + ps::layout::off_capacity, 4);
    CHECK(word == 512 && a.memory_bytes() == ps::layout::region_bytes(sizeof(int), 512));
}

TEST(full_empty_nonblocking) {
    ps::stream<int, 4> s;
    int v = 42;
    CHECK(!s.read_nb(v) && v == 42);                        // untouched on failure
    CHECK(s.empty() && !s.full() && s.size() == 0);
    for (int i = 0; i < 4; ++i) CHECK(s.write_nb(i));
    CHECK(!s.write_nb(99));
    CHECK(s.full() && s.size() == 4 && !s.empty());
    CHECK(s.read_nb(v) && v == 0);
    CHECK(!s.full() && s.size() == 3);
    s << 4;
    int w = 0;
    s >> w;
    CHECK(w == 1 && s.read() == 2);
    s.read(w);
    CHECK(w == 3 && s.read() == 4 && s.empty());
    v = -7;
    CHECK(!s.read_nb(v) && v == -7);
}

TEST(nonblocking_across_threads) {
    // the consumer polls with read_nb, the producer with write_nb: neither ever blocks, nothing is lost
    ps::stream<std::uint32_t, 8> s;
    constexpr std::uint32_t n = 300000;
    std::atomic<bool> bad{false};
    std::thread cons([&] {
        std::uint32_t next = 0, v = 0;
        while (next < n)
            if (s.read_nb(v)) {
                if (v != next) bad = true;
                ++next;
            }
    });
    for (std::uint32_t i = 0; i < n;)
        if (s.write_nb(i)) ++i;
    cons.join();
    CHECK(!bad);
}

TEST(pointer_wrap_around) {
    // the 32-bit tail and head wrap past 2^32 in the middle of a transfer
    ps::stream<std::uint32_t, 8> layout_only;
    region mem(ps::layout::region_bytes(4, 8));
    {
        ps::stream<std::uint32_t, 8> init(ps::memory, mem.p, mem.bytes, ps::role::producer);
    }
    const std::uint32_t start = 0xFFFFFFF0u;
    std::memcpy(mem.p + ps::layout::tail_offset, &start, 4);
    std::memcpy(mem.p + ps::layout::head_offset, &start, 4);
    ps::stream<std::uint32_t, 8> prod(ps::memory, mem.p, mem.bytes, ps::role::producer, false);
    ps::stream<std::uint32_t, 8> cons(ps::memory, mem.p, mem.bytes, ps::role::consumer, false);
    CHECK(prod.size() == 0 && cons.empty());
    std::thread t([&] {
        for (std::uint32_t i = 0; i < 100000; ++i) prod.write(i);
    });
    bool ok = true;
    for (std::uint32_t i = 0; i < 100000; ++i) ok = ok && cons.read() == i;
    t.join();
    CHECK(ok);
    std::uint32_t tail;
    std::memcpy(&tail, mem.p + ps::layout::tail_offset, 4);
    CHECK(tail == start + 100000u);                         // wrapped, all published at the end
    (void)layout_only;
}

template <std::size_t N>
struct blob {
    std::array<std::uint8_t, N> b;
};

template <std::size_t N>
void width_case() {
    ps::stream<blob<N>, 16> s;
    constexpr std::uint32_t n = 5000;
    std::atomic<bool> bad{false};
    std::thread cons([&] {
        for (std::uint32_t i = 0; i < n; ++i) {
            const blob<N> v = s.read();
            for (std::size_t k = 0; k < N; ++k)
                if (v.b[k] != std::uint8_t(i * 7 + k * 13)) bad = true;
        }
    });
    for (std::uint32_t i = 0; i < n; ++i) {
        blob<N> v;
        for (std::size_t k = 0; k < N; ++k) v.b[k] = std::uint8_t(i * 7 + k * 13);
        s.write(v);
    }
    cons.join();
    if (bad) throw failure("element width " + std::to_string(N) + " bytes: data corrupted");
    const auto* base = static_cast<const unsigned char*>(s.memory_base());
    std::uint32_t elem, slot;
    std::memcpy(&elem, base + ps::layout::off_elem_bytes, 4);
    std::memcpy(&slot, base + ps::layout::off_slot_bytes, 4);
    if (elem != N || slot != ps::layout::pow2_ceil(N) || slot < N || (slot & (slot - 1)) != 0)
        throw failure("element width " + std::to_string(N) + ": header says " + std::to_string(elem) + "/" +
                      std::to_string(slot));
}

template <std::size_t... I>
void all_widths(std::index_sequence<I...>) {
    (width_case<I + 1>(), ...);
}

TEST(every_element_width_1_to_64) { all_widths(std::make_index_sequence<64>{}); }

TEST(cycle_of_streams_with_batching) {
    // ping-pong and a three-operator ring, batch 64 on every stream: an element held back for batching
    // would deadlock the cycle if a side waited without publishing first
    ps::stream<int> ping, pong;
    std::thread echo([&] {
        for (int i = 0; i < 20000; ++i) pong.write(ping.read() + 1);
    });
    bool ok = true;
    for (int i = 0; i < 20000; ++i) {
        ping.write(i);
        ok = ok && pong.read() == i + 1;
    }
    echo.join();
    CHECK(ok);

    ps::stream<int> a, b, c;
    auto stage = [](ps::stream<int>& in, ps::stream<int>& out) {
        for (int i = 0; i < 3000; ++i) out.write(in.read() + 1);
    };
    std::thread s1(stage, std::ref(a), std::ref(b)), s2(stage, std::ref(b), std::ref(c));
    int token = 0;
    for (int i = 0; i < 3000; ++i) {                        // one element circulates: 3 hops per round
        a.write(token);
        token = c.read() + 1;
    }
    s1.join();
    s2.join();
    CHECK(token == 3 * 3000);
}

TEST(flush_publishes_at_once) {
    ps::stream<int> s;                                      // batch 64
    std::atomic<bool> seen{false};
    std::thread cons([&] {
        int v = 0;
        s.read(v);
        seen = v == 5;
    });
    s.write(5);
    s.flush();
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (!seen && std::chrono::steady_clock::now() < until) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    CHECK(seen);                                            // the producer never waited: only flush() published
    cons.join();
}

TEST(held_back_lifetimes) {
    // (1) an endpoint handed from one thread to another: the second thread's wait must publish what both
    // wrote (the side moves to its held-back list), although the first thread is alive and never waits again
    region mem(ps::layout::region_bytes(4, 256));
    ps::stream<int, 256> prod(ps::memory, mem.p, mem.bytes, ps::role::producer);
    ps::stream<int, 256> cons(ps::memory, mem.p, mem.bytes, ps::role::consumer, false);
    std::atomic<int> step{0};
    std::thread a([&] {
        for (int i = 0; i < 3; ++i) prod.write(i);          // held back (batch 32), thread a never waits
        step = 1;
        while (step != 3) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    });
    while (step != 1) std::this_thread::yield();
    ps::stream<int> idle;
    std::thread b([&] {
        for (int i = 3; i < 5; ++i) prod.write(i);
        int v = 0;
        (void)idle.read_nb(v);                               // a failed non-blocking call: b publishes
        step = 2;
    });
    b.join();
    int got = 0, v = 0;
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (got < 5 && std::chrono::steady_clock::now() < until)
        if (cons.read_nb(v)) CHECK(v == got++);
    step = 3;
    a.join();
    CHECK(got == 5);

    // (2) a stream destroyed while a living thread still lists it: that thread's next wait must not touch
    // it (run under AddressSanitizer by test_psstream.py)
    auto doomed = std::make_unique<ps::stream<int>>();
    ps::stream<int> go, done;
    std::thread t([&] {
        doomed->write(1);                                    // listed in t's held-back list, held back
        done.write(0);
        done.flush();
        (void)go.read();                                     // waits: publishes t's list (doomed is gone)
        done.write(1);
    });
    CHECK(done.read() == 0);
    (void)doomed->read();                                    // the consumer sees the element t wrote...
    doomed.reset();                                          // ...after t's wait published it; then it dies
    go.write(7);
    go.flush();
    CHECK(done.read() == 1);
    t.join();
}

TEST(example_operator_single_source) {
    ps::stream<std::int32_t> in, out;
    std::thread op(scale_op, std::ref(in), std::ref(out), 3);
    in.write(100);
    std::int32_t sum = 0;
    bool ok = true;
    for (std::int32_t i = 0; i < 100; ++i) in.write(i);
    for (std::int32_t i = 0; i < 100; ++i) {
        sum += 3 * i;
        ok = ok && out.read() == sum;
    }
    CHECK(ok && out.read() == sum);
    op.join();
}

TEST(misuse_second_producer_or_consumer) {
    ps::stream<int> s;
    s.write(1);                                             // this thread is the producer now
    s.flush();
    std::string err;
    std::thread([&] { err = error_of([&] { s.write(2); }); }).join();
    CHECK(contains(err, "second producer") && contains(err, "thread"));
    std::thread([&] { (void)s.read(); }).join();            // another thread becomes the consumer
    err = error_of([&] { (void)s.read(); });
    CHECK(contains(err, "second consumer"));
    int v = 0;
    err = error_of([&] { (void)s.read_nb(v); });
    CHECK(contains(err, "second consumer"));

    region mem(ps::layout::region_bytes(4, 16));
    ps::stream<int, 16> p(ps::memory, mem.p, mem.bytes, ps::role::producer);
    err = error_of([&] { ps::stream<int, 16> p2(ps::memory, mem.p, mem.bytes, ps::role::producer, false); });
    CHECK(contains(err, "second producer"));
    err = error_of([&] { (void)p.read(); });
    CHECK(contains(err, "is the producer"));
    ps::stream<int, 16> c(ps::memory, mem.p, mem.bytes, ps::role::consumer, false);
    err = error_of([&] { c.write(1); });
    CHECK(contains(err, "is the consumer"));
}

TEST(misuse_layout_mismatch) {
    region mem(ps::layout::region_bytes(8, 64));
    std::string err = error_of([&] { ps::stream<std::uint64_t, 64> s(ps::memory, mem.p, mem.bytes, ps::role::consumer, false); });
    CHECK(contains(err, "magic"));
    { ps::stream<std::uint64_t, 64> init(ps::memory, mem.p, mem.bytes, ps::role::producer); }
    err = error_of([&] { ps::stream<std::uint32_t, 64> s(ps::memory, mem.p, mem.bytes, ps::role::consumer, false); });
    CHECK(contains(err, "element width 8 bytes in memory, 4 bytes here"));
    err = error_of([&] { ps::stream<std::uint64_t, 32> s(ps::memory, mem.p, mem.bytes, ps::role::consumer, false, 32); });
    CHECK(contains(err, "capacity 64 in memory, 32 here"));
    err = error_of([&] { ps::stream<std::uint64_t> s(ps::memory, mem.p, 512, ps::role::consumer, false); });
    CHECK(contains(err, "smaller"));
    std::uint32_t v = 2;
    std::memcpy(mem.p + ps::layout::off_version, &v, 4);
    err = error_of([&] { ps::stream<std::uint64_t, 64> s(ps::memory, mem.p, mem.bytes, ps::role::consumer, false); });
    CHECK(contains(err, "layout version 2"));
    err = error_of([&] { ps::stream<int> s(ps::memory, mem.p, mem.bytes, ps::role::producer, true, 48); });
    CHECK(contains(err, "not a power of two"));
    err = error_of([&] { ps::stream<int> s(ps::memory, mem.p + 8, mem.bytes, ps::role::producer); });
    CHECK(contains(err, "aligned"));
}

// ---- processes
int child_consumer(const std::string& name, std::uint64_t n) {
    try {
        ps::stream<std::uint64_t, 1024> s(ps::shm, name, ps::role::consumer);
        for (std::uint64_t i = 0; i < n; ++i)
            if (s.read() != i) return 2;
        return 0;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "child: %s\n", e.what());
        return 3;
    }
}

TEST(two_processes) {
    const std::string name = unique_name("procs");
    ps::remove_shared(name);
    constexpr std::uint64_t n = 2000000;
    const pid_t pid = ::fork();
    if (pid == 0) ::_exit(child_consumer(name, n));
    {
        ps::stream<std::uint64_t, 1024> s(ps::shm, name, ps::role::producer);
        CHECK(s.capacity() == 1024);
        for (std::uint64_t i = 0; i < n; ++i) s.write(i);
        s.flush();
        int status = 0;
        CHECK(::waitpid(pid, &status, 0) == pid);
        CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    }
    ps::remove_shared(name);
}

TEST(processes_misuse) {
    const std::string name = unique_name("misuse");
    ps::remove_shared(name);
    ps::stream<std::uint32_t, 64> prod(ps::shm, name, ps::role::producer);
    // another process tries to be a second producer, then attaches with the wrong width / capacity
    const pid_t pid = ::fork();
    if (pid == 0) {
        int code = 0;
        std::string e1 = error_of([&] { ps::stream<std::uint32_t, 64> p2(ps::shm, name, ps::role::producer); });
        if (!contains(e1, "second producer") || !contains(e1, "process")) code |= 1;
        std::string e2 = error_of([&] { ps::stream<std::uint16_t, 64> c(ps::shm, name, ps::role::consumer); });
        if (!contains(e2, "element width 4 bytes in memory, 2 bytes here")) code |= 2;
        std::string e3 = error_of([&] { ps::stream<std::uint32_t, 128> c(ps::shm, name, ps::role::consumer, 128); });
        if (!contains(e3, "capacity 64 in memory, 128 here")) code |= 4;
        std::string e4 = error_of([&] {
            ps::stream<std::uint32_t, 64> c(ps::shm, name, ps::role::consumer);
            if (c.read() != 7) throw ps::stream_error("wrong data");
        });
        if (!e4.empty()) code |= 8;
        ::_exit(code);
    }
    prod.write(7);
    prod.flush();
    int status = 0;
    CHECK(::waitpid(pid, &status, 0) == pid);
    CHECK(WIFEXITED(status));
    if (WEXITSTATUS(status) != 0) throw failure("child checks failed, mask " + std::to_string(WEXITSTATUS(status)));
    ps::remove_shared(name);
}

}  // namespace

int main(int argc, char** argv) {
    std::vector<std::string> names;
    for (int i = 1; i < argc; ++i) names.emplace_back(argv[i]);
    if (names.size() == 1 && names[0] == "--list") {
        for (auto& [name, f] : registry()) std::printf("%s\n", name.c_str());
        return 0;
    }
    if (names.empty())
        for (auto& [name, f] : registry()) names.push_back(name);
    int passed = 0, failed = 0;
    for (auto& name : names) {
        auto it = registry().find(name);
        if (it == registry().end()) {
            std::printf("%s: FAILED (no such test)\n", name.c_str());
            ++failed;
            continue;
        }
        const auto t0 = std::chrono::steady_clock::now();
        try {
            it->second();
            const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
            std::printf("%s: ok (%.0f ms)\n", name.c_str(), ms);
            ++passed;
        } catch (const std::exception& e) {
            std::printf("%s: FAILED (%s)\n", name.c_str(), e.what());
            ++failed;
        }
        std::fflush(stdout);
    }
    std::printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
