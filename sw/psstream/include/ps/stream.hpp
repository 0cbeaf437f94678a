// SPDX-License-Identifier: Apache-2.0
// ps/stream.hpp — ps::stream<T, DEPTH>: a stream with the hls::stream interface between a processor core and
// anything else — another thread, another process, or the fabric through the PL bridge (paper 003,
// "HLS-Compatible, Embedded-Processor Stream Links"). Header-only, C++17, GCC or Clang on Linux.
//
// Transport: a single-producer single-consumer ring of `capacity` (a power of two) element slots in memory
// both sides can reach, with the layout of ps/layout.hpp. Each side keeps its own pointer privately, and a
// cached copy of the other side's: the producer re-reads `head` only when the ring looks full, the consumer
// re-reads `tail` only when it looks empty. A side publishes its pointer once per `batch` elements
// (release store after the data; the reader's acquire load pairs with it — the paper's `dsb`), and always
// before it waits: before any call on any stream blocks, returns "empty"/"full" or fails a non-blocking
// call, the calling thread publishes everything it holds back on *every* stream, so a cycle of streams
// cannot deadlock on an unpublished element. A thread that writes a few elements and then computes for a
// long time without touching a stream holds them back until then (or until it ends); flush() publishes
// at once.
//
// Backing memory (the constructor chooses):
//   stream<T, D> s; / stream<T, D> s("name");      a private ring shared by the threads of this process
//   stream<T, D> s(ps::shm, "/name", ps::role::producer);   POSIX named shared memory: one process is the
//                                                  producer, one the consumer; the first creates it
//   stream<T, D> s(ps::memory, base, bytes, ps::role::producer);   memory given by the caller (the PL
//                                                  bridge's buffer: physical memory mapped, or the
//                                                  co-simulation's memory model)
// Capacity: DEPTH rounded up to a power of two (at least 2); DEPTH = 0 gives 512. As in Vitis,
// stream<T, DEPTH> derives from stream<T>: a sized stream binds to a stream<T>& parameter.
//
// Elements: any T of at most 4096 bytes. A trivially copyable T moves as its bytes, over any backing. Any
// other copyable T (ap_uint, a struct holding a std::string) lives in the slot of a private ring as an
// object, built by its copy constructor and moved out on read; it may cross to another process or the
// fabric (as its bytes) once declared bitwise-movable (ps::bitwise_movable / PS_STREAM_BITWISE;
// ps/hls_types.hpp declares Vitis's ap_int/ap_uint/ap_fixed/ap_ufixed).
//
// C-simulation (one thread at both ends, as an HLS testbench is): a private ring that no other thread reads
// grows when full instead of waiting, as HLS C-simulation streams are unbounded (up to set_grow_limit,
// default csim_max_bytes = 1 GiB, then an error); a blocking read of an empty private ring that only the
// calling thread writes fails at once (stream_error naming the stream) instead of hanging; any other wait
// longer than set_wait_warning (10 s) says so on stderr. A private ring destroyed with unread elements says
// so on stderr with its name and count, as HLS C-simulation does.
//
// Misuse is an error (ps::stream_error), never silent corruption: a second thread or process writing
// (reading) a stream that has a producer (consumer); attaching to memory whose layout, version, element
// width or capacity differ; a named region left half-initialized. A private stream's roles are taken by
// the first thread that writes / reads it; a shared-memory or memory endpoint has the role it was created
// with and must be used by one thread at a time.
#pragma once

#include "layout.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <mutex>
#include <new>
#include <stdexcept>
#include <string>
#include <thread>
#include <type_traits>
#include <vector>

#if defined(__GNUC__)
#define PS_STREAM_INLINE inline __attribute__((always_inline))
#define PS_STREAM_COLD __attribute__((noinline, cold))
#else
#define PS_STREAM_INLINE inline
#define PS_STREAM_COLD
#endif

namespace ps {

class stream_error : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

enum class role { producer, consumer };
struct shm_t {
    explicit shm_t() = default;
};
struct memory_t {
    explicit memory_t() = default;
};
inline constexpr shm_t shm{};
inline constexpr memory_t memory{};

namespace detail {

inline std::uint32_t load_acquire(const std::byte* p) {
    return __atomic_load_n(reinterpret_cast<const std::uint32_t*>(p), __ATOMIC_ACQUIRE);
}
inline std::uint32_t load_relaxed(const std::byte* p) {
    return __atomic_load_n(reinterpret_cast<const std::uint32_t*>(p), __ATOMIC_RELAXED);
}
inline void store_release(std::byte* p, std::uint32_t v) {
    __atomic_store_n(reinterpret_cast<std::uint32_t*>(p), v, __ATOMIC_RELEASE);
}
inline std::uint64_t load64_acquire(const std::byte* p) {
    return __atomic_load_n(reinterpret_cast<const std::uint64_t*>(p), __ATOMIC_ACQUIRE);
}
inline std::uint32_t fetch_add(std::byte* p, std::int32_t v) {
    return __atomic_fetch_add(reinterpret_cast<std::uint32_t*>(p), std::uint32_t(v), __ATOMIC_ACQ_REL);
}
// compare-and-swap of a 64-bit owner word; returns the value found
inline std::uint64_t cas64(std::byte* p, std::uint64_t expected, std::uint64_t desired) {
    __atomic_compare_exchange_n(reinterpret_cast<std::uint64_t*>(p), &expected, desired, false, __ATOMIC_ACQ_REL,
                                __ATOMIC_ACQUIRE);
    return expected;
}

inline void cpu_relax() {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__) || defined(__arm__)
    asm volatile("yield" ::: "memory");
#endif
}

// a token unique to this thread among all processes of the machine (pid in the high half)
inline std::uint64_t new_token() {
    static std::atomic<std::uint32_t> next{0};
    return (std::uint64_t(std::uint32_t(::getpid())) << 32) | (next.fetch_add(1) + 1);
}
inline std::uint64_t thread_token() {
    thread_local std::uint64_t token = 0;      // constant-initialized: no TLS guard on the hot path
    if (__builtin_expect(token == 0, 0)) token = new_token();
    return token;
}

// One stream's ring and both sides' private state. Shared by the stream object and, weakly, by the
// per-thread lists of held-back publications.
struct core {
    std::byte* base = nullptr;
    std::size_t bytes = 0;
    std::uint32_t cap = 0, mask = 0, batch = 1;
    std::string name;
    enum class backing { heap, shm, external } kind = backing::heap;
    std::string shm_name;
    bool per_thread = true;                // private ring: roles belong to threads, else to the endpoint
    std::uint64_t endpoint_token = 0;

    struct alignas(128) side {
        std::uint32_t mine = 0;            // own pointer (tail for the producer, head for the consumer)
        std::uint32_t published = 0;       // value last stored to shared memory
        std::uint32_t other = 0;           // cached copy of the other side's pointer
        std::uint64_t owner = 0;           // token that holds this role here (0: none yet)
        std::uint64_t listed_by = 0;       // token of the thread whose held-back list holds this side
        std::uint64_t fast = 0;            // token of the thread whose calls take the fast path: it holds
                                           // the role (or the endpoint does) and lists the side
    };
    side prod, cons;
    // A private ring grows under the thread holding its producer role while no other thread holds the
    // consumer role (C-simulation). This lock orders that with a consumer claiming the role, and with a
    // thread holding neither role looking at the ring (size(), empty(), ...): the holders' fast paths
    // never take it (after a claim by another thread the ring no longer grows).
    mutable std::mutex roles;
    // set when the slots hold live objects (private ring, T not trivially copyable): destroys the unread
    // ones with the stream
    void (*destroy)(core&) = nullptr;
    std::size_t grow_limit = 0;            // bytes of slots a private ring may grow to (C-simulation)

    std::byte* at(std::uint32_t off) const { return base + off; }
    void publish(role r) {
        side& s = r == role::producer ? prod : cons;
        if (s.published != s.mine) {
            store_release(at(r == role::producer ? layout::tail_offset : layout::head_offset), s.mine);
            s.published = s.mine;
        }
    }
    ~core();
};

// The stream sides a thread has written or read: before the thread waits (and when it ends) it publishes
// whatever they hold back. A side is listed once, by the first element a thread moves through it, and stays
// listed. A list is touched by its own thread only, except at three rare events, which all hold the
// registry's mutex: a stream's destruction (in any thread) strikes the stream from every list, a side
// handed to another thread (a shared-memory endpoint) moves to that thread's list, and a thread's exit
// publishes its list and drops it. So a list never points to a freed stream, and neither moving an element
// nor waiting costs an atomic read-modify-write on a line the other side writes (a weak_ptr per entry did:
// its reference counts are shared by both sides).
struct held_back {
    core* stream;
    role side;
};
struct held_back_list;
struct held_back_registry {
    std::mutex m;
    std::vector<held_back_list*> lists;
};
inline held_back_registry& registry() {
    static held_back_registry* r = new held_back_registry;   // never destroyed: a static stream may outlive it
    return *r;
}
struct held_back_list {
    std::atomic<bool> busy{false};            // taken by the own thread, and by a stream's destructor
    std::vector<held_back> items;

    held_back_list() {
        std::lock_guard<std::mutex> g(registry().m);
        registry().lists.push_back(this);
    }
    ~held_back_list() {
        std::lock_guard<std::mutex> g(registry().m);
        flush();
        for (auto& h : items) (h.side == role::producer ? h.stream->prod : h.stream->cons).listed_by = 0;
        items.clear();
        auto& all = registry().lists;
        all.erase(std::find(all.begin(), all.end(), this));
    }
    void lock() {
        while (busy.exchange(true, std::memory_order_acquire)) cpu_relax();
    }
    void unlock() { busy.store(false, std::memory_order_release); }
    void add(core* c, role r) {
        lock();
        items.push_back({c, r});
        unlock();
    }
    void flush() {
        lock();
        for (auto& h : items) h.stream->publish(h.side);
        unlock();
    }
    // strike stream c (one side of it, or both) from the list
    void forget(const core* c, const role* r = nullptr) {
        lock();
        items.erase(std::remove_if(items.begin(), items.end(),
                                   [c, r](const held_back& h) { return h.stream == c && (!r || h.side == *r); }),
                    items.end());
        unlock();
    }
};
inline held_back_list& thread_held_back() {
    thread_local held_back_list list;
    return list;
}
// publish everything this thread holds back on any stream (before it waits or reports empty/full)
inline void flush_thread() { thread_held_back().flush(); }

inline void init_header(std::byte* base, std::uint32_t elem, std::uint32_t cap) {
    std::memset(base, 0, layout::data_offset);
    auto put = [base](std::uint32_t off, std::uint32_t v) { std::memcpy(base + off, &v, 4); };
    put(layout::off_version, layout::version);
    put(layout::off_elem_bytes, elem);
    put(layout::off_slot_bytes, layout::slot_bytes(elem));
    put(layout::off_capacity, cap);
    put(layout::off_tail_offset, layout::tail_offset);
    put(layout::off_head_offset, layout::head_offset);
    put(layout::off_data_offset, layout::data_offset);
    store_release(base + layout::off_magic, layout::magic);          // valid from now on
}

// check a layout someone else created; returns its capacity
inline std::uint32_t check_header(const std::byte* base, std::size_t bytes, std::uint32_t elem, std::uint32_t cap,
                                  const std::string& name) {
    auto get = [base](std::uint32_t off) { return load_acquire(base + off); };
    auto fail = [&name](const std::string& why) { throw stream_error("ps::stream '" + name + "': " + why); };
    if (get(layout::off_magic) != layout::magic) fail("no stream layout here (magic word missing)");
    if (get(layout::off_version) != layout::version)
        fail("layout version " + std::to_string(get(layout::off_version)) + ", this library speaks " +
             std::to_string(layout::version));
    if (get(layout::off_elem_bytes) != elem)
        fail("element width " + std::to_string(get(layout::off_elem_bytes)) + " bytes in memory, " +
             std::to_string(elem) + " bytes here");
    const std::uint32_t found = get(layout::off_capacity);
    if (cap != 0 && found != cap)
        fail("capacity " + std::to_string(found) + " in memory, " + std::to_string(cap) + " here");
    if (!layout::is_pow2(found) || found < 2 || get(layout::off_slot_bytes) != layout::slot_bytes(elem) ||
        get(layout::off_tail_offset) != layout::tail_offset || get(layout::off_head_offset) != layout::head_offset ||
        get(layout::off_data_offset) != layout::data_offset)
        fail("corrupt layout header");
    if (bytes < layout::region_bytes(elem, found)) fail("memory region smaller than the layout needs");
    return found;
}

inline core::~core() {
    {
        std::lock_guard<std::mutex> g(registry().m);
        for (held_back_list* l : registry().lists) l->forget(this);
    }
    if (!base) return;
    // give the roles back (a later endpoint may take them) and publish what is held back
    if (prod.owner) {
        publish(role::producer);
        cas64(at(layout::off_producer), prod.owner, 0);
    }
    if (cons.owner) {
        publish(role::consumer);
        cas64(at(layout::off_consumer), cons.owner, 0);
    }
    switch (kind) {
    case backing::heap:
        // a private ring dies with its data: say so, as HLS C-simulation does (a stream left with data is a
        // testbench that read less than the operator wrote, or an operator that read less than it was given)
        if (const std::uint32_t left = prod.mine - cons.mine)
            std::fprintf(stderr, "ps::stream '%s': destroyed with %u unread element%s\n", name.c_str(), left,
                         left == 1 ? "" : "s");
        if (destroy) destroy(*this);
        ::operator delete(base, std::align_val_t(128));
        break;
    case backing::shm:
        if (fetch_add(at(layout::off_attached), -1) == 1) ::shm_unlink(shm_name.c_str());
        ::munmap(base, bytes);
        break;
    case backing::external:
        fetch_add(at(layout::off_attached), -1);
        break;
    }
}

}  // namespace detail

// Remove a named shared-memory stream left behind (a crashed process never detached).
inline void remove_shared(const std::string& name) { ::shm_unlink(name.c_str()); }

// ---- element types
// An element crosses the ring as the bytes of its slot when T is bitwise-movable: its value is its bytes,
// wherever they are copied to (another thread, another process, the fabric). That is every trivially
// copyable type, and any type declared so:
//     template <> struct ps::bitwise_movable<my_type> : std::true_type {};    or    PS_STREAM_BITWISE(my_type)
// HLS types are bitwise-movable but not trivially copyable (ap_int/ap_uint/ap_fixed and the hls::axis
// structs have user-provided copy constructors): declare them so to send them to another process or through
// the PL bridge (ps/hls_types.hpp does it for Vitis's types). In private rings (threads of one process)
// every T that is not trivially copyable — declared or not, so the declaration never changes the code a
// translation unit gets — lives in its slot as an object, built by T's copy constructor on write and moved
// out and destroyed on read.
template <typename T>
struct bitwise_movable : std::bool_constant<std::is_trivially_copyable_v<T>> {};
template <typename T>
inline constexpr bool bitwise_movable_v = bitwise_movable<T>::value;
#define PS_STREAM_BITWISE(...) /* at global namespace scope */ \
    template <>                \
    struct ps::bitwise_movable<__VA_ARGS__> : std::true_type {}

// C-simulation: a private ring whose consumer role is free or held by the writing thread grows when full
// instead of waiting (no other thread could make room yet), as HLS C-simulation streams are unbounded, up to
// this many bytes of slots by default (stream::set_grow_limit); beyond, a write by the thread that also
// reads the stream fails with a clear error, and any other write waits as before.
inline constexpr std::size_t csim_max_bytes = std::size_t(1) << 30;

namespace detail {
inline std::atomic<long>& wait_warning_ms() {
    static std::atomic<long> ms{10000};
    return ms;
}
}  // namespace detail
// A blocking call that has waited this long says so on stderr, once per call (default 10 s; 0: never).
inline void set_wait_warning(std::chrono::milliseconds ms) { detail::wait_warning_ms() = long(ms.count()); }

// ps::stream<T> is the stream of T; ps::stream<T, D> is-a ps::stream<T> (as in Vitis, where hls::stream<T, D>
// derives from hls::stream<T>), so a sized stream binds to a function taking ps::stream<T>&. D only sets the
// capacity; the derived class adds no state.
template <typename T, int DEPTH = 0>
class stream;

template <typename T>
class stream<T, 0> {
    static_assert(sizeof(T) <= layout::max_elem_bytes, "ps::stream elements are at most 4096 bytes");
    static_assert(alignof(T) <= 128, "ps::stream slots are aligned to at most 128 bytes");
    static_assert(std::is_trivially_copyable_v<T> ||
                      (std::is_copy_constructible_v<T> && std::is_move_assignable_v<T> &&
                       std::is_nothrow_destructible_v<T>),
                  "ps::stream elements are trivially copyable, or copy-constructible, move-assignable and "
                  "destructible (kept as objects in private rings)");

public:
    using value_type = T;
    static constexpr std::uint32_t default_capacity = 512;
    static constexpr std::uint32_t depth_capacity = default_capacity;

    // a private ring for the threads of this process (hls::stream's constructors)
    stream() : stream(sized{default_capacity}, std::string("ps::stream")) {}
    explicit stream(const char* name) : stream(sized{default_capacity}, std::string(name ? name : "ps::stream")) {}
    explicit stream(const std::string& name) : stream(sized{default_capacity}, name) {}

    // named POSIX shared memory (between processes): the first endpoint creates and initializes it
    // (capacity: the argument, or DEPTH's if 0), the other checks it; the last to go removes it
    stream(shm_t, const std::string& name, role r, std::uint32_t capacity = 0,
           std::chrono::milliseconds wait = std::chrono::seconds(5))
        : stream(sized{default_capacity}, shm, name, r, capacity, wait) {}

    // memory given by the caller (the PL bridge's buffer): `create` writes a fresh layout (capacity: the
    // argument or DEPTH's), otherwise an existing one is checked. The memory must outlive the stream.
    stream(memory_t, void* base, std::size_t bytes, role r, bool create = true, std::uint32_t capacity = 0)
        : stream(sized{default_capacity}, memory, base, bytes, r, create, capacity) {}

    stream(const stream&) = delete;
    stream& operator=(const stream&) = delete;
    ~stream() = default;                      // the core publishes and releases when the last user drops it

    // ---- hls::stream interface
    T read() {
        T v;
        read(v);
        return v;
    }
    // The fast paths are small and inlined; waiting, growing, claiming a role and listing a held-back
    // publication are out of line (a call per element would cost more than the element).
    PS_STREAM_INLINE void read(T& v) {
        side& s = consumer();
        if (__builtin_expect(s.mine == s.other, 0)) wait_for(s, role::consumer);
        take(s, v);
    }
    PS_STREAM_INLINE bool read_nb(T& v) {
        side& s = consumer();
        if (__builtin_expect(s.mine == s.other, 0) && !poll(s, role::consumer)) return false;   // v untouched
        take(s, v);
        return true;
    }
    PS_STREAM_INLINE void write(const T& v) {
        side& s = producer();
        if (__builtin_expect(s.mine - s.other == c_->cap, 0)) wait_for(s, role::producer);
        put(s, v);
    }
    PS_STREAM_INLINE bool write_nb(const T& v) {
        side& s = producer();
        if (__builtin_expect(s.mine - s.other == c_->cap, 0) && !poll(s, role::producer) &&
            !(may_grow() && grow(false)))
            return false;
        put(s, v);
        return true;
    }
    void operator>>(T& v) { read(v); }
    void operator<<(const T& v) { write(v); }

    // empty()/full() from the consumer's/producer's view if the caller holds that role, else from the
    // published pointers; a "true" answer publishes what the calling thread holds back (it may poll).
    // A private ring that would grow on the next write is not full.
    bool empty() const {
        bool e;
        if (holds(role::consumer)) {
            auto& s = c_->cons;
            e = s.mine == s.other && !refill(s);
        } else {
            e = look([this] { return occupancy() == 0; });
        }
        if (e) detail::flush_thread();
        return e;
    }
    bool full() const {
        bool f;
        if (holds(role::producer)) {
            auto& s = c_->prod;
            f = s.mine - s.other == c_->cap && !drain(s) && !may_grow();
        } else {
            f = look([this] { return occupancy() >= c_->cap; });
        }
        if (f) detail::flush_thread();
        return f;
    }
    std::size_t size() const {
        return look([this] { return occupancy(); });
    }
    // elements the ring holds now (a private ring may grow: see csim_max_bytes)
    std::size_t capacity() const {
        return look([this] { return std::size_t(c_->cap); });
    }

    // ---- beyond hls::stream
    void flush() {
        if (holds(role::producer)) c_->publish(role::producer);
        if (holds(role::consumer)) c_->publish(role::consumer);
    }
    // elements per pointer publication (1: every element; default capacity / 8, at most 64)
    void set_batch(std::uint32_t n) { c_->batch = n == 0 ? 1 : (n > c_->cap ? c_->cap : n); }
    std::uint32_t batch() const { return c_->batch; }
    // bytes of slots (capacity x slot size) a private ring may grow to while no other thread reads it
    // (default csim_max_bytes; 0 or below the present size: it keeps its size)
    void set_grow_limit(std::size_t bytes) {
        std::lock_guard<std::mutex> g(c_->roles);
        c_->grow_limit = bytes;
    }
    const std::string& name() const { return c_->name; }
    void* memory_base() const {
        return look([this] { return static_cast<void*>(c_->base); });
    }
    std::size_t memory_bytes() const {
        return look([this] { return c_->bytes; });
    }

protected:
    // the capacity a constructor uses when none is given: 512 here, DEPTH's in stream<T, DEPTH>
    struct sized {
        std::uint32_t cap;
    };
    stream(sized d, const std::string& name) : c_(std::make_shared<detail::core>()) {
        auto& c = *c_;
        c.name = name;
        c.bytes = layout::region_bytes(sizeof(T), d.cap);
        c.base = static_cast<std::byte*>(::operator new(c.bytes, std::align_val_t(128)));
        std::memset(c.base, 0, c.bytes);
        detail::init_header(c.base, sizeof(T), d.cap);
        if constexpr (!plain) c.destroy = &destroy_unread;
        c.grow_limit = csim_max_bytes;
        setup(d.cap, true);
    }
    stream(sized d, shm_t, const std::string& name, role r, std::uint32_t capacity, std::chrono::milliseconds wait)
        : c_(std::make_shared<detail::core>()) {
        static_assert(bitwise_movable_v<T>, "another process reads the slot's bytes: T must be trivially copyable "
                                            "or declared bitwise-movable (ps::bitwise_movable, PS_STREAM_BITWISE)");
        auto& c = *c_;
        c.name = name;
        c.kind = detail::core::backing::shm;
        c.shm_name = name;
        const std::uint32_t cap = capacity ? capacity : d.cap;
        check_capacity(cap);
        int fd = ::shm_open(name.c_str(), O_RDWR | O_CREAT | O_EXCL, 0600);
        const bool creator = fd >= 0;
        if (!creator && errno == EEXIST) fd = ::shm_open(name.c_str(), O_RDWR, 0600);
        if (fd < 0) fail("cannot open the shared memory: " + std::string(std::strerror(errno)));
        const auto deadline = std::chrono::steady_clock::now() + wait;
        std::size_t size = layout::region_bytes(sizeof(T), cap);
        if (creator) {
            if (::ftruncate(fd, off_t(size)) != 0) {
                ::close(fd);
                ::shm_unlink(name.c_str());
                fail("cannot size the shared memory: " + std::string(std::strerror(errno)));
            }
        } else {
            struct stat st {};
            while (::fstat(fd, &st) == 0 && std::size_t(st.st_size) < layout::data_offset)
                if (!pause_until(deadline)) {
                    ::close(fd);
                    fail("the shared memory exists but was never initialized (a crashed creator? ps::remove_shared)");
                }
            size = std::size_t(st.st_size);
        }
        void* p = ::mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
        ::close(fd);
        if (p == MAP_FAILED) fail("cannot map the shared memory: " + std::string(std::strerror(errno)));
        c.base = static_cast<std::byte*>(p);
        c.bytes = size;
        if (creator) {
            detail::init_header(c.base, sizeof(T), cap);
        } else {
            while (detail::load_acquire(c.at(layout::off_magic)) == 0)
                if (!pause_until(deadline)) {
                    ::munmap(c.base, c.bytes);
                    c.base = nullptr;
                    fail("the shared memory exists but was never initialized (a crashed creator? ps::remove_shared)");
                }
        }
        attach(capacity, r);
    }
    stream(sized d, memory_t, void* base, std::size_t bytes, role r, bool create, std::uint32_t capacity)
        : c_(std::make_shared<detail::core>()) {
        static_assert(bitwise_movable_v<T>, "the fabric reads the slot's bytes: T must be trivially copyable or "
                                            "declared bitwise-movable (ps::bitwise_movable, PS_STREAM_BITWISE)");
        auto& c = *c_;
        c.name = "memory stream";
        c.kind = detail::core::backing::external;
        const std::uint32_t cap = capacity ? capacity : d.cap;
        if (!base) fail("null memory");
        if (reinterpret_cast<std::uintptr_t>(base) % 128 != 0) fail("memory must be 128-byte aligned");
        if (create) {
            check_capacity(cap);
            if (bytes < layout::region_bytes(sizeof(T), cap)) fail("memory region smaller than the layout needs");
            detail::init_header(static_cast<std::byte*>(base), sizeof(T), cap);
        }
        c.base = static_cast<std::byte*>(base);
        c.bytes = bytes;
        attach(create ? cap : capacity, r);
    }

private:
    using side = detail::core::side;
    static constexpr bool plain = std::is_trivially_copyable_v<T>;      // copied as bytes everywhere
    std::shared_ptr<detail::core> c_;

    [[noreturn]] void fail(const std::string& why) const {
        throw stream_error("ps::stream '" + (c_ ? c_->name : std::string()) + "': " + why);
    }
    void check_capacity(std::uint32_t cap) const {
        if (!layout::is_pow2(cap) || cap < 2) fail("capacity " + std::to_string(cap) + " is not a power of two >= 2");
    }
    static bool pause_until(std::chrono::steady_clock::time_point deadline) {
        if (std::chrono::steady_clock::now() > deadline) return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
        return true;
    }
    void setup(std::uint32_t cap, bool per_thread) {
        auto& c = *c_;
        c.cap = cap;
        c.mask = cap - 1;
        c.batch = cap / 8 == 0 ? 1 : (cap / 8 > 64 ? 64 : cap / 8);
        c.per_thread = per_thread;
        c.endpoint_token = detail::new_token();
        detail::fetch_add(c.at(layout::off_attached), 1);
    }
    void attach(std::uint32_t capacity, role r) {
        auto& c = *c_;
        std::uint32_t cap;
        try {
            cap = detail::check_header(c.base, c.bytes, sizeof(T), capacity, c.name);
        } catch (...) {
            if (c.kind == detail::core::backing::shm) ::munmap(c.base, c.bytes);
            c.base = nullptr;
            throw;
        }
        setup(cap, false);
        // pointers as they are now (an endpoint may re-attach to a running stream)
        c.prod.mine = c.prod.published = detail::load_acquire(c.at(layout::tail_offset));
        c.prod.other = detail::load_acquire(c.at(layout::head_offset));
        c.cons.mine = c.cons.published = c.prod.other;
        c.cons.other = c.prod.mine;
        claim(r);
    }
    std::uint64_t token() const { return c_->per_thread ? detail::thread_token() : c_->endpoint_token; }
    bool holds(role r) const {
        return __atomic_load_n(&(r == role::producer ? c_->prod : c_->cons).owner, __ATOMIC_RELAXED) == token();
    }
    // f() on a private ring that may grow meanwhile (the caller holds neither role): under the roles lock
    template <typename F>
    auto look(F f) const {
        if (c_->per_thread && !holds(role::producer) && !holds(role::consumer)) {
            std::lock_guard<std::mutex> g(c_->roles);
            return f();
        }
        return f();
    }
    // the token holding role r of this ring (0: none), as any thread may read it
    std::uint64_t holder(role r) const {
        return detail::load64_acquire(c_->at(r == role::producer ? layout::off_producer : layout::off_consumer));
    }

    void claim(role r) {
        auto& c = *c_;
        std::lock_guard<std::mutex> g(c.roles);             // not while the producer grows the ring
        side& s = r == role::producer ? c.prod : c.cons;
        const std::uint64_t me = token();
        const std::uint64_t found =
            detail::cas64(c.at(r == role::producer ? layout::off_producer : layout::off_consumer), 0, me);
        if (found != 0 && found != me) {
            const bool same_process = (found >> 32) == (me >> 32);
            fail(std::string(r == role::producer ? "a second producer" : "a second consumer") + " (another " +
                 (same_process ? "thread" : "process, pid " + std::to_string(found >> 32)) + " holds the role): a " +
                 "stream has exactly one producer and one consumer");
        }
        __atomic_store_n(&s.owner, me, __ATOMIC_RELAXED);
        if (!c.per_thread) return;
        if (r == role::producer) s.other = detail::load_acquire(c.at(layout::head_offset));
        else s.other = detail::load_acquire(c.at(layout::tail_offset));
    }
    // this thread's (or endpoint's) side of role r, claimed on first use in a private ring
    // (one compare on the fast path: everything else is settled by the first call of each thread)
    PS_STREAM_INLINE side& endpoint(role r) {
        side& s = r == role::producer ? c_->prod : c_->cons;
        if (__builtin_expect(s.fast != detail::thread_token(), 0)) first_use(r, s);
        return s;
    }
    PS_STREAM_COLD void first_use(role r, side& s) {
        if (s.owner != token()) {
            if (!c_->per_thread)
                fail(r == role::producer ? "this endpoint is the consumer; it cannot write"
                                         : "this endpoint is the producer; it cannot read");
            claim(r);
        }
        if (s.listed_by != detail::thread_token()) list(r, s);
        s.fast = detail::thread_token();
    }
    PS_STREAM_INLINE side& producer() { return endpoint(role::producer); }
    PS_STREAM_INLINE side& consumer() { return endpoint(role::consumer); }
    // The ring looked empty (consumer) or full (producer) from the cached pointer: publish what this thread
    // holds back, then look again. Publishing first keeps the re-read (a miss on the other side's line) off
    // the round trip of a ping-pong; the stores drain while that load waits.
    PS_STREAM_COLD bool poll(side& s, role r) {
        detail::flush_thread();
        return r == role::consumer ? refill(s) : drain(s);
    }
    PS_STREAM_COLD void wait_for(side& s, role r) {
        if (poll(s, r)) return;
        if (r == role::producer && no_other_reader() && grow(true)) return;
        if (r == role::consumer && c_->per_thread && holder(role::producer) == token())
            fail("read from an empty stream that only this thread writes: no other thread can ever fill it (" +
                 std::to_string(c_->cons.mine) + " elements written and read so far; a testbench reading more "
                 "than the operator wrote?)");
        wait(r, [&] { return r == role::consumer ? refill(s) : drain(s); });
    }
    // consumer: re-read the producer's tail; true if there is data now
    bool refill(side& s) const {
        s.other = detail::load_acquire(c_->at(layout::tail_offset));
        return s.mine != s.other;
    }
    // producer: re-read the consumer's head; true if there is room now
    bool drain(side& s) const {
        s.other = detail::load_acquire(c_->at(layout::head_offset));
        return s.mine - s.other != c_->cap;
    }
    // slot bytes of a ring of twice the present capacity, if that is within the grow limit; else 0
    std::size_t doubled_bytes() const {
        const std::size_t slots = std::size_t(c_->cap) * 2 * layout::slot_bytes(sizeof(T));
        return c_->cap < (1u << 30) && slots <= c_->grow_limit ? slots : 0;
    }
    // a private ring that no other thread reads (consumer role free or this thread's) may grow; read without
    // the lock, a hint that keeps a producer waiting on its reader thread off the lock (grow() decides)
    bool no_other_reader() const {
        const std::uint64_t reader = holder(role::consumer);
        return c_->per_thread && (reader == 0 || reader == token());
    }
    // ... and it grows instead of waiting if it may double within its grow limit
    bool may_grow() const { return no_other_reader() && doubled_bytes() != 0; }
    // The producer found the ring full: double it if no other thread reads it, under the roles lock (no
    // consumer claims the ring meanwhile, no onlooker reads it half-moved). At the limit a ring this thread
    // also reads can never drain: an error. If T's copy throws while the elements move, the ring is left as
    // it was (they are copied, or moved if that cannot throw, and the old ones destroyed only at the end).
    PS_STREAM_COLD bool grow(bool blocking) {
        auto& c = *c_;
        if (!c.per_thread) return false;
        std::lock_guard<std::mutex> g(c.roles);
        const std::uint64_t reader = holder(role::consumer);
        if (reader != 0 && reader != token()) return false;
        if (doubled_bytes() == 0) {
            if (blocking && reader == token())
                fail("full at " + std::to_string(c.cap) + " elements and only this thread reads it: no other "
                     "thread can make room, and the ring grows to at most " + std::to_string(c.grow_limit) +
                     " bytes of slots (set_grow_limit; a testbench writing more than it reads?)");
            return false;
        }
        const std::uint32_t cap = 2 * c.cap;
        const std::size_t bytes = layout::region_bytes(sizeof(T), cap);
        auto* fresh = static_cast<std::byte*>(::operator new(bytes, std::align_val_t(128)));
        detail::init_header(fresh, sizeof(T), cap);
        // owner tokens, attached count and both pointers as they are
        std::memcpy(fresh + layout::off_producer, c.base + layout::off_producer,
                    layout::off_attached + 4 - layout::off_producer);
        std::memcpy(fresh + layout::tail_offset, c.base + layout::tail_offset, 4);
        std::memcpy(fresh + layout::head_offset, c.base + layout::head_offset, 4);
        // element i keeps its index: slot i mod the new capacity (the 32-bit pointers stay as they are)
        const std::uint32_t head = c.cons.mine, tail = c.prod.mine;
        auto fresh_slot = [&](std::uint32_t i) { return slot_at(fresh, cap - 1, i); };
        if constexpr (plain) {
            for (std::uint32_t i = head; i != tail; ++i) std::memcpy(fresh_slot(i), slot(c, i), sizeof(T));
        } else {
            std::uint32_t built = head;
            try {
                for (; built != tail; ++built)
                    ::new (static_cast<void*>(fresh_slot(built))) T(std::move_if_noexcept(*object(c, built)));
            } catch (...) {
                for (std::uint32_t i = head; i != built; ++i) std::launder(reinterpret_cast<T*>(fresh_slot(i)))->~T();
                ::operator delete(fresh, std::align_val_t(128));
                throw;
            }
            for (std::uint32_t i = head; i != tail; ++i) object(c, i)->~T();
        }
        ::operator delete(c.base, std::align_val_t(128));   // nobody else reads it: see `roles`
        c.base = fresh;
        c.bytes = bytes;
        c.cap = cap;
        c.mask = cap - 1;
        return true;
    }
    template <typename Ready>
    void wait(role r, Ready ready) {
        // spin first (the other side is normally a cache-line transfer away: 100s of ns), then give the core
        // away: 4096 pauses are ~65 us on a current x86 core (a pause is ~16 ns), a few us on Arm. A wait that
        // lasts says so once (never a silent hang): a stream nobody serves is a wiring mistake.
        const long warn_ms = detail::wait_warning_ms();
        const auto t0 = std::chrono::steady_clock::now();
        bool warned = warn_ms <= 0;
        for (unsigned spin = 0; !ready(); ++spin) {
            if (spin < 4096) {
                detail::cpu_relax();
                continue;
            }
            std::this_thread::yield();
            // (the clock every 16 yields: on a loaded machine a yield can take a whole time slice, and
            // every 256 let a 100 ms warning come seconds late)
            if (!warned && spin % 16 == 0 &&
                std::chrono::steady_clock::now() - t0 > std::chrono::milliseconds(warn_ms)) {
                warned = true;
                const bool rd = r == role::consumer;
                std::fprintf(stderr,
                             "ps::stream '%s': a %s has waited %ld ms on a%s stream: is its %s running? (%s)\n",
                             c_->name.c_str(), rd ? "read" : "write", warn_ms, rd ? "n empty" : " full",
                             rd ? "producer" : "consumer",
                             holder(rd ? role::producer : role::consumer) ? "it has one" : "it has none yet");
            }
        }
    }
    // slot address of element index i in a ring at `base` of capacity mask + 1 (slot size a compile-time
    // power of two: a shift, not a multiply)
    static PS_STREAM_INLINE std::byte* slot_at(std::byte* base, std::uint32_t mask, std::uint32_t i) {
        return base + layout::data_offset + std::size_t(i & mask) * layout::slot_bytes(sizeof(T));
    }
    static PS_STREAM_INLINE std::byte* slot(const detail::core& c, std::uint32_t i) {
        return slot_at(c.base, c.mask, i);
    }
    // Values are read into locals before the element is copied: the copy goes through std::byte*, which
    // may alias anything, so the compiler would otherwise reload them after it.
    PS_STREAM_INLINE void take(side& s, T& v) {
        detail::core& c = *c_;
        const std::uint32_t i = s.mine, batch = c.batch;
        if (plain || !c.destroy) {
            std::memcpy(static_cast<void*>(&v), slot(c, i), sizeof(T));
        } else {
            T* p = object(c, i);
            v = std::move(*p);
            p->~T();
        }
        s.mine = i + 1;
        if (__builtin_expect(i + 1 - s.published >= batch, 0)) c.publish(role::consumer);
    }
    PS_STREAM_INLINE void put(side& s, const T& v) {
        detail::core& c = *c_;
        const std::uint32_t i = s.mine, batch = c.batch;
        if (plain || !c.destroy) std::memcpy(slot(c, i), static_cast<const void*>(&v), sizeof(T));
        else ::new (static_cast<void*>(slot(c, i))) T(v);     // if it throws, nothing has changed
        s.mine = i + 1;
        if (__builtin_expect(i + 1 - s.published >= batch, 0)) c.publish(role::producer);
    }
    // the live object in slot i of a private ring of objects
    static T* object(const detail::core& c, std::uint32_t i) { return std::launder(reinterpret_cast<T*>(slot(c, i))); }
    // the elements still in a private ring of objects, destroyed with it
    static void destroy_unread(detail::core& c) {
        for (std::uint32_t i = c.cons.mine; i != c.prod.mine; ++i) object(c, i)->~T();
    }
    // the first call of this thread on side s: list s, so that the thread's waits publish what it holds back
    // (taken from the list of the thread that had it before, if any: an endpoint handed over)
    PS_STREAM_COLD void list(role r, side& s) {
        detail::held_back_list& mine = detail::thread_held_back();
        std::lock_guard<std::mutex> g(detail::registry().m);
        if (s.listed_by != 0)
            for (detail::held_back_list* l : detail::registry().lists)
                if (l != &mine) l->forget(c_.get(), &r);
        mine.add(c_.get(), r);
        s.listed_by = detail::thread_token();
    }
    std::size_t occupancy() const {
        const auto& c = *c_;
        const std::uint32_t tail =
            holds(role::producer) ? c.prod.mine : detail::load_acquire(c.at(layout::tail_offset));
        const std::uint32_t head =
            holds(role::consumer) ? c.cons.mine : detail::load_acquire(c.at(layout::head_offset));
        return std::size_t(std::uint32_t(tail - head));
    }
};

// The sized stream: DEPTH elements (rounded up to a power of two, at least 2) unless a constructor is
// given a capacity; everything else is stream<T>'s.
template <typename T, int DEPTH>
class stream : public stream<T, 0> {
    static_assert(DEPTH > 0, "ps::stream DEPTH must not be negative");
    using base = stream<T, 0>;
    using sized = typename base::sized;

public:
    static constexpr std::uint32_t depth_capacity = layout::pow2_ceil(DEPTH < 2 ? 2u : std::uint32_t(DEPTH));

    stream() : base(sized{depth_capacity}, std::string("ps::stream")) {}
    explicit stream(const char* name) : base(sized{depth_capacity}, std::string(name ? name : "ps::stream")) {}
    explicit stream(const std::string& name) : base(sized{depth_capacity}, name) {}
    stream(shm_t, const std::string& name, role r, std::uint32_t capacity = 0,
           std::chrono::milliseconds wait = std::chrono::seconds(5))
        : base(sized{depth_capacity}, shm, name, r, capacity, wait) {}
    stream(memory_t, void* mem, std::size_t bytes, role r, bool create = true, std::uint32_t capacity = 0)
        : base(sized{depth_capacity}, memory, mem, bytes, r, create, capacity) {}
};

}  // namespace ps
