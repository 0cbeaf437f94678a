// SPDX-License-Identifier: Apache-2.0
// A stand-in for Vitis HLS's hls_stream.h (not available here) with the interface operators use, so the
// __SYNTHESIS__ branch of ps/hls_compat.hpp and the example operator are compiled by the tests too. As in
// Vitis, hls::stream<T, D> derives from hls::stream<T> (a sized stream binds to hls::stream<T>&), and in
// C-simulation a stream is unbounded.
#pragma once
#include <climits>
#include <deque>

namespace hls {
template <typename T, int DEPTH = 0>
class stream;

template <typename T>
class stream<T, 0> {
public:
    stream() = default;
    explicit stream(const char*) {}
    stream(const stream&) = delete;
    stream& operator=(const stream&) = delete;
    T read() { T v = q_.front(); q_.pop_front(); return v; }
    void read(T& v) { v = read(); }
    bool read_nb(T& v) { if (q_.empty()) return false; v = read(); return true; }
    void write(const T& v) { q_.push_back(v); }
    bool write_nb(const T& v) { write(v); return true; }
    bool empty() const { return q_.empty(); }
    bool full() const { return false; }
    unsigned size() const { return unsigned(q_.size()); }
    unsigned capacity() const { return unsigned(INT_MAX); }
    void operator>>(T& v) { read(v); }
    void operator<<(const T& v) { write(v); }
private:
    std::deque<T> q_;
};

template <typename T, int DEPTH>
class stream : public stream<T> {
public:
    stream() = default;
    explicit stream(const char* name) : stream<T>(name) {}
};
}  // namespace hls
