// SPDX-License-Identifier: Apache-2.0
// Unit tests of ps::stream (sw/psstream): threads, processes, every element width 1..64 bytes, wrap-around
// of the 32-bit pointers, non-blocking calls, cycles of streams, misuse errors; what HLS code brings along:
// sized streams passed as unsized ones, ap_int/ap_fixed/axis-like element types (stand-ins in hls_stub/),
// single-thread C-simulation testbenches, warnings for leftover data and long waits.
// Usage: psstream_tests [--list | NAME...]; prints "<name>: ok" or "<name>: FAILED (...)" per test and a
// last line "N passed, M failed". Driven by tests/psstream/test_psstream.py.
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <chrono>
#include <condition_variable>
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

#include "ap_axi_sdata.h"
#include "ap_int.h"
#include "ps/hls_types.hpp"
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

// a second thread that runs what it is given, one call at a time, while the caller waits: lets a test take
// a stream's consumer role on another thread and still read step by step (a stream used by one thread at
// both ends behaves as an unbounded C-simulation stream instead)
class other_thread {
public:
    other_thread() : t_([this] { loop(); }) {}
    ~other_thread() {
        run(nullptr);
        t_.join();
    }
    void run(std::function<void()> f) {
        std::unique_lock<std::mutex> g(m_);
        job_ = std::move(f);
        pending_ = true;
        cv_.notify_all();
        cv_.wait(g, [this] { return !pending_; });
        if (error_) std::rethrow_exception(std::exchange(error_, nullptr));
    }

private:
    void loop() {
        for (;;) {
            std::unique_lock<std::mutex> g(m_);
            cv_.wait(g, [this] { return pending_; });
            if (!job_) {
                pending_ = false;
                cv_.notify_all();
                return;
            }
            try {
                job_();
            } catch (...) {
                error_ = std::current_exception();
            }
            pending_ = false;
            cv_.notify_all();
        }
    }
    std::mutex m_;
    std::condition_variable cv_;
    std::function<void()> job_;
    bool pending_ = false;
    std::exception_ptr error_;
    std::thread t_;
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
    // this thread writes, `reader` reads: the ring is bounded (4)
    ps::stream<int, 4> s;
    const ps::stream<int, 4>& view = s;                     // the queries are const
    other_thread reader;
    int v = 42;
    bool got = true;
    reader.run([&] { got = s.read_nb(v); });                // takes the consumer role
    CHECK(!got && v == 42);                                 // untouched on failure
    CHECK(view.empty() && !view.full() && view.size() == 0 && view.capacity() == 4);
    for (int i = 0; i < 4; ++i) CHECK(s.write_nb(i));
    CHECK(!s.write_nb(99));
    CHECK(view.full() && view.size() == 4 && !view.empty());
    reader.run([&] { got = s.read_nb(v); });
    CHECK(got && v == 0);
    CHECK(!s.full() && s.size() == 3);
    s << 4;
    int w = 0;
    reader.run([&] {
        s >> w;
        got = w == 1 && s.read() == 2;
        s.read(w);
        got = got && w == 3 && s.read() == 4 && s.empty();
        v = -7;
        got = got && !s.read_nb(v) && v == -7;
    });
    CHECK(got && s.capacity() == 4);
}

TEST(sized_binds_unsized) {
    // as hls::stream<T, D> is-a hls::stream<T>: a sized stream passed where ps::stream<T>& is taken
    ps::stream<std::int32_t, 64> in("in64");
    ps::stream<std::int32_t, 3> out;
    ps::stream<std::int32_t>& as_unsized = in;
    CHECK(as_unsized.capacity() == 64 && as_unsized.name() == "in64" && out.capacity() == 4);
    std::thread op(scale_op, std::ref(in), std::ref(out), 2);   // scale_op takes ps::stream<int32_t>&
    in.write(50);
    std::int32_t sum = 0;
    bool ok = true;
    for (std::int32_t i = 0; i < 50; ++i) in.write(i);
    for (std::int32_t i = 0; i < 50; ++i) ok = ok && out.read() == (sum += 2 * i);
    CHECK(ok && out.read() == sum);
    op.join();
    static_assert(std::is_base_of_v<ps::stream<int>, ps::stream<int, 16>>);
    static_assert(ps::stream<int, 16>::depth_capacity == 16 && ps::stream<int>::depth_capacity == 512);
}

// ---- C-simulation: one thread at both ends
TEST(csim_testbench_single_thread) {
    // the usual HLS testbench: write all inputs, call the operator, read all outputs, in one thread
    constexpr std::int32_t n = 100000;
    const auto t0 = std::chrono::steady_clock::now();
    ps::stream<std::int32_t> in("tb_in"), out("tb_out");
    in.write(n);
    for (std::int32_t i = 0; i < n; ++i) in.write(i % 1000);
    scale_op(in, out, 3);
    std::int32_t sum = 0;
    bool ok = true;
    for (std::int32_t i = 0; i < n; ++i) ok = ok && out.read() == (sum += 3 * (i % 1000));
    CHECK(ok && out.read() == sum && in.empty() && out.empty());
    CHECK(in.capacity() == 131072 && out.capacity() == 131072);     // grown from 512
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    std::printf("  %d elements through scale_op in one thread: %.1f ms\n", n, ms);
    // a read with nothing left that only this thread could write: an error at once, not a hang
    const std::string err = error_of([&] { (void)out.read(); });
    CHECK(contains(err, "'tb_out'") && contains(err, "only this thread writes"));
    // non-blocking calls and full() as in HLS C-simulation: never full, writes never fail
    ps::stream<int, 2> s("small");
    for (int i = 0; i < 1000; ++i) CHECK(!s.full() && s.write_nb(i));
    CHECK(s.size() == 1000 && s.capacity() == 1024);
    int v = 0;
    for (int i = 0; i < 1000; ++i) CHECK(s.read_nb(v) && v == i);
    CHECK(!s.read_nb(v) && s.empty());
}

TEST(csim_grow_limit) {
    ps::stream<std::uint64_t, 8> s("bounded");
    s.set_grow_limit(64 * 8);                               // slots of 64 elements
    std::uint64_t v = 0;
    CHECK(!s.read_nb(v));                                   // this thread reads it too
    for (std::uint64_t i = 0; i < 64; ++i) s.write(i);
    CHECK(s.capacity() == 64 && s.full() && !s.write_nb(64));
    const std::string err = error_of([&] { s.write(64); });
    CHECK(contains(err, "'bounded'") && contains(err, "only this thread reads it") && contains(err, "set_grow_limit"));
    for (std::uint64_t i = 0; i < 64; ++i) CHECK(s.read() == i);
}

TEST(csim_grows_until_a_reader_comes) {
    // a writer that fills a stream before its reader thread reads: the ring grows while no thread reads it
    // (the reader-to-be watches size() meanwhile, under the lock), then the reader takes the role and the
    // ring keeps its size
    ps::stream<std::uint32_t, 4> s;
    std::atomic<bool> bad{false}, reading{false};
    std::thread cons([&] {
        while (s.size() < 5000) std::this_thread::yield();
        for (std::uint32_t i = 0; i < 205000; ++i) {
            if (s.read() != i) bad = true;
            reading = true;
        }
    });
    for (std::uint32_t i = 0; i < 5000; ++i) s.write(i);
    CHECK(s.capacity() == 8192);
    while (!reading) std::this_thread::yield();
    for (std::uint32_t i = 5000; i < 205000; ++i) s.write(i);
    cons.join();
    CHECK(!bad && s.capacity() == 8192);
}

// a copyable element whose copy may throw (no move constructor: growth must copy), counting live objects
struct fragile {
    static inline int alive = 0, copies_until_throw = -1;
    int v = 0;
    explicit fragile(int x = 0) : v(x) { ++alive; }
    fragile(const fragile& o) : v(o.v) {
        if (copies_until_throw >= 0 && copies_until_throw-- == 0) throw std::runtime_error("copy failed");
        ++alive;
    }
    fragile& operator=(const fragile& o) {
        v = o.v;
        return *this;
    }
    ~fragile() { --alive; }
};

TEST(csim_grow_keeps_ring_when_copy_throws) {
    {
        ps::stream<fragile, 4> s("fragile");
        for (int i = 0; i < 4; ++i) s.write(fragile(i));
        CHECK(fragile::alive == 4);
        fragile::copies_until_throw = 2;                    // the third copy during the growth throws
        bool threw = false;
        try {
            s.write(fragile(4));
        } catch (const std::runtime_error&) {
            threw = true;
        }
        CHECK(threw && fragile::alive == 4 && s.capacity() == 4 && s.size() == 4);
        fragile::copies_until_throw = -1;
        for (int i = 4; i < 20; ++i) s.write(fragile(i));  // grows now
        CHECK(s.capacity() == 32 && fragile::alive == 20);
        for (int i = 0; i < 18; ++i) CHECK(s.read().v == i);
        CHECK(fragile::alive == 2);
    }                                                       // two unread, destroyed with the ring
    CHECK(fragile::alive == 0);
}

TEST(csim_leftover_warns) {
    // python checks stderr: "ps::stream 'left': destroyed with 3 unread elements"
    ps::stream<int> s("left");
    for (int i = 0; i < 4; ++i) s.write(i);
    CHECK(s.read() == 0);
}

TEST(wait_warns) {
    // python checks stderr: a read that waits longer than the warning time says so, and goes on waiting
    ps::set_wait_warning(std::chrono::milliseconds(100));
    ps::stream<int> s("late");
    int got = 0;
    std::atomic<bool> started{false};
    std::thread cons([&] { started = true; got = s.read(); });
    while (!started) std::this_thread::yield();          // (a loaded machine may start the thread late)
    std::this_thread::sleep_for(std::chrono::milliseconds(400));
    s.write(5);
    s.flush();
    cons.join();
    ps::set_wait_warning(std::chrono::seconds(10));
    CHECK(got == 5);
}

// ---- HLS element types (stand-ins with the properties of Vitis's: not trivially copyable, packed)
}  // namespace
using axis64 = ap_axiu<64, 24, 8, 8>;
PS_STREAM_BITWISE(axis64);                                  // at namespace scope, as a specialization must be
namespace {
static_assert(!std::is_trivially_copyable_v<ap_uint<128>> && !std::is_trivially_copyable_v<axis64>);
static_assert(sizeof(ap_uint<128>) == 16 && sizeof(ap_uint<13>) == 2 && sizeof(axis64) == 16 &&
              sizeof(ap_fixed<20, 8>) == 3);
static_assert(ps::bitwise_movable_v<ap_uint<128>> && ps::bitwise_movable_v<ap_fixed<20, 8>> &&
              ps::bitwise_movable_v<axis64>);

ap_uint<128> wide(std::uint64_t i) {
    ap_uint<128> v(std::int64_t(i * 0x9E3779B97F4A7C15ull));
    for (std::size_t k = 8; k < 16; ++k) v.set_byte(k, (unsigned char)(i >> (k - 8)));
    return v;
}
axis64 beat(std::uint64_t i) {
    axis64 a;
    a.data = ap_uint<64>(std::int64_t(i));
    a.keep = ap_uint<8>(std::int64_t(0xFF >> (i % 8)));
    a.user = ap_uint<24>(std::int64_t(i & 0xFFFFFF));
    a.last = ap_uint<1>(std::int64_t(i % 16 == 15));
    a.dest = ap_uint<8>(std::int64_t(i % 5));
    return a;
}
bool same(const axis64& a, const axis64& b) {
    return a.data == b.data && a.keep == b.keep && a.strb == b.strb && a.user == b.user && a.last == b.last &&
           a.id == b.id && a.dest == b.dest;
}
// the same record, not declared bitwise-movable: a private ring holds it as a live object
struct record {
    ap_int<40> x;
    ap_ufixed<12, 4> gain;
    std::string tag;                                        // owns heap memory: a byte copy would corrupt it
};

TEST(hls_element_types_between_threads) {
    constexpr std::uint64_t n = 1000000;
    ps::stream<ap_uint<128>, 64> a;
    ps::stream<axis64> b;
    ps::stream<ap_fixed<20, 8>, 16> c;
    ps::stream<record, 32> d;
    std::atomic<int> bad{0};
    std::thread cons([&] {
        for (std::uint64_t i = 0; i < n; ++i) {
            if (a.read() != wide(i)) bad |= 1;
            if (!same(b.read(), beat(i))) bad |= 2;
            if (!(c.read() == ap_fixed<20, 8>(double(std::int64_t(i % 4000) - 2000) / 16))) bad |= 4;
            if (i % 10 == 0) {
                const record r = d.read();
                if (r.x.to_int64() != -std::int64_t(i) || r.tag != "record " + std::to_string(i)) bad |= 8;
            }
        }
    });
    for (std::uint64_t i = 0; i < n; ++i) {
        a.write(wide(i));
        b.write(beat(i));
        c << ap_fixed<20, 8>(double(std::int64_t(i % 4000) - 2000) / 16);
        if (i % 10 == 0) d.write(record{ap_int<40>(-std::int64_t(i)), ap_ufixed<12, 4>(1.5), "record " + std::to_string(i)});
    }
    a.flush();                                              // the last batch is held back until a flush or a wait
    b.flush();
    c.flush();
    d.flush();
    cons.join();
    CHECK(bad == 0);
    // the layout of a bitwise element: its bytes in a slot of the next power of two
    auto word = [](const void* base, std::uint32_t off) {
        std::uint32_t w;
        std::memcpy(&w, static_cast<const char*>(base) + off, 4);
        return w;
    };
    CHECK(word(a.memory_base(), ps::layout::off_elem_bytes) == 16 && word(a.memory_base(), ps::layout::off_slot_bytes) == 16);
    CHECK(word(c.memory_base(), ps::layout::off_elem_bytes) == 3 && word(c.memory_base(), ps::layout::off_slot_bytes) == 4);
    // live objects left in a ring are destroyed with it (AddressSanitizer's leak check sees a miss)
    ps::stream<record> left;
    for (int i = 0; i < 3; ++i) left.write(record{ap_int<40>(i), ap_ufixed<12, 4>(0.5), std::string(100, 'x')});
}

TEST(hls_element_types_across_processes) {
    const std::string name = unique_name("axis");
    ps::remove_shared(name);
    constexpr std::uint64_t n = 200000;
    const pid_t pid = ::fork();
    if (pid == 0) {
        try {
            ps::stream<axis64, 256> s(ps::shm, name, ps::role::consumer);
            for (std::uint64_t i = 0; i < n; ++i)
                if (!same(s.read(), beat(i))) ::_exit(2);
            ::_exit(0);
        } catch (const std::exception& e) {
            std::fprintf(stderr, "child: %s\n", e.what());
            ::_exit(3);
        }
    }
    {
        ps::stream<axis64, 256> s(ps::shm, name, ps::role::producer);
        for (std::uint64_t i = 0; i < n; ++i) s.write(beat(i));
        s.flush();
        int status = 0;
        CHECK(::waitpid(pid, &status, 0) == pid && WIFEXITED(status) && WEXITSTATUS(status) == 0);
    }
    ps::remove_shared(name);
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
