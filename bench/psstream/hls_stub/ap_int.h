// SPDX-License-Identifier: Apache-2.0
// A stand-in for Vitis HLS's ap_int.h / ap_fixed.h (not available here) with the properties that matter to
// ps::stream: ap_int<W>, ap_uint<W>, ap_fixed<W, I, Q, O, N> and ap_ufixed are class templates with the
// Vitis signatures (ap_decl.h), user-provided copy constructors and assignment (so not trivially copyable),
// arbitrary bit widths and a packed layout: ceil(W / 8) bytes, alignment 1. Only what the tests use.
#pragma once
#ifndef __AP_DECL_H__
#define __AP_DECL_H__                   // the real headers' guard: ps/hls_types.hpp looks for it
#endif

#include <cstddef>
#include <cstdint>

enum ap_q_mode { AP_RND, AP_RND_ZERO, AP_RND_MIN_INF, AP_RND_INF, AP_RND_CONV, AP_TRN, AP_TRN_ZERO };
enum ap_o_mode { AP_SAT, AP_SAT_ZERO, AP_SAT_SYM, AP_WRAP, AP_WRAP_SM };

template <int W, bool S>
struct ap_int_base {
    static_assert(W >= 1 && W <= 1024, "ap_int widths are 1..1024 bits");
    static constexpr int width = W;
    static constexpr std::size_t bytes = (W + 7) / 8;
    unsigned char b[bytes];                                   // little-endian, the bits above W zero

    ap_int_base() : b{} {}
    ap_int_base(const ap_int_base& o) { copy(o); }            // user-provided, as in Vitis
    ap_int_base& operator=(const ap_int_base& o) {
        copy(o);
        return *this;
    }
    ap_int_base(std::int64_t v) : b{} {                       // NOLINT: implicit, as in Vitis
        for (std::size_t i = 0; i < bytes; ++i) b[i] = i < 8 ? (unsigned char)(std::uint64_t(v) >> (8 * i)) : (v < 0 ? 0xFF : 0);
        clip();
    }
    std::uint64_t to_uint64() const {
        std::uint64_t v = 0;
        for (std::size_t i = 0; i < bytes && i < 8; ++i) v |= std::uint64_t(b[i]) << (8 * i);
        return v;
    }
    std::int64_t to_int64() const {
        std::uint64_t v = to_uint64();
        if (S && W < 64 && ((v >> (W - 1)) & 1)) v |= ~std::uint64_t(0) << W;
        return std::int64_t(v);
    }
    unsigned char byte(std::size_t i) const { return b[i]; }
    void set_byte(std::size_t i, unsigned char v) {
        b[i] = v;
        clip();
    }
    bool operator==(const ap_int_base& o) const {
        for (std::size_t i = 0; i < bytes; ++i)
            if (b[i] != o.b[i]) return false;
        return true;
    }
    bool operator!=(const ap_int_base& o) const { return !(*this == o); }

private:
    void copy(const ap_int_base& o) {
        for (std::size_t i = 0; i < bytes; ++i) b[i] = o.b[i];
    }
    void clip() {
        if (W % 8) b[bytes - 1] &= (unsigned char)((1u << (W % 8)) - 1);
    }
};

template <int W>
struct ap_int : ap_int_base<W, true> {
    using ap_int_base<W, true>::ap_int_base;
    ap_int() = default;
    ap_int(const ap_int& o) : ap_int_base<W, true>(o) {}
    ap_int& operator=(const ap_int& o) {
        ap_int_base<W, true>::operator=(o);
        return *this;
    }
};
template <int W>
struct ap_uint : ap_int_base<W, false> {
    using ap_int_base<W, false>::ap_int_base;
    ap_uint() = default;
    ap_uint(const ap_uint& o) : ap_int_base<W, false>(o) {}
    ap_uint& operator=(const ap_uint& o) {
        ap_int_base<W, false>::operator=(o);
        return *this;
    }
};

// fixed point: W bits, I of them integer bits; the raw bits as ap_int/ap_uint
template <int W, int I, bool S>
struct ap_fixed_base {
    ap_int_base<W, S> raw;
    ap_fixed_base() = default;
    ap_fixed_base(const ap_fixed_base& o) : raw(o.raw) {}
    ap_fixed_base& operator=(const ap_fixed_base& o) {
        raw = o.raw;
        return *this;
    }
    ap_fixed_base(double d) : raw(std::int64_t(d * double(std::int64_t(1) << (W - I)))) {}   // NOLINT
    double to_double() const {
        return double(S ? raw.to_int64() : std::int64_t(raw.to_uint64())) / double(std::int64_t(1) << (W - I));
    }
    bool operator==(const ap_fixed_base& o) const { return raw == o.raw; }
};
template <int W, int I, ap_q_mode Q = AP_TRN, ap_o_mode O = AP_WRAP, int N = 0>
struct ap_fixed : ap_fixed_base<W, I, true> {
    using ap_fixed_base<W, I, true>::ap_fixed_base;
    ap_fixed() = default;
    ap_fixed(const ap_fixed& o) : ap_fixed_base<W, I, true>(o) {}
    ap_fixed& operator=(const ap_fixed& o) {
        ap_fixed_base<W, I, true>::operator=(o);
        return *this;
    }
};
template <int W, int I, ap_q_mode Q = AP_TRN, ap_o_mode O = AP_WRAP, int N = 0>
struct ap_ufixed : ap_fixed_base<W, I, false> {
    using ap_fixed_base<W, I, false>::ap_fixed_base;
    ap_ufixed() = default;
    ap_ufixed(const ap_ufixed& o) : ap_fixed_base<W, I, false>(o) {}
    ap_ufixed& operator=(const ap_ufixed& o) {
        ap_fixed_base<W, I, false>::operator=(o);
        return *this;
    }
};
