// SPDX-License-Identifier: Apache-2.0
// ps/layout.hpp — the memory layout of one ps::stream (paper 003, Sec. IV): the contract between the
// software endpoints and the PL bridge (rtl/stream/). Version 1. All fields little-endian 32-bit words.
//
//   0x000 magic        'PSST' (0x54535350), written last by the creator: the layout is valid once it reads so
//   0x004 version      1
//   0x008 elem_bytes   sizeof(T): 1..4096
//   0x00C slot_bytes   bytes per element slot: elem_bytes rounded up to a power of two
//   0x010 capacity     elements, a power of two >= 2
//   0x014 tail_offset  0x080  byte offset of the tail word \  each in its own 128-byte line, so the two
//   0x018 head_offset  0x100  byte offset of the head word /  sides never write the same cache line
//   0x01C data_offset  0x180  byte offset of slot 0
//   0x020 producer     (64 bits) owner token of the producer, 0: none   \  software only (misuse
//   0x028 consumer     (64 bits) owner token of the consumer, 0: none    | detection, lifetime); the
//   0x030 attached     number of software endpoints mapped              /  bridge never touches them
//   0x080 tail         elements written so far (mod 2^32), written by the producer only
//   0x100 head         elements read so far (mod 2^32), written by the consumer only
//   0x180 slots        element i at data_offset + (i mod capacity) * slot_bytes
//
// Occupancy is tail - head (mod 2^32, at most capacity). A side publishes its pointer only after the data
// it covers has been written (producer) or read (consumer): release/acquire ordering, the `dsb` of the
// paper. Neither side ever writes what the other one writes.
#pragma once

#include <cstddef>
#include <cstdint>

namespace ps::layout {

inline constexpr std::uint32_t magic = 0x54535350u;      // "PSST" in memory order
inline constexpr std::uint32_t version = 1;
inline constexpr std::uint32_t off_magic = 0x000, off_version = 0x004, off_elem_bytes = 0x008,
                               off_slot_bytes = 0x00C, off_capacity = 0x010, off_tail_offset = 0x014,
                               off_head_offset = 0x018, off_data_offset = 0x01C, off_producer = 0x020,
                               off_consumer = 0x028, off_attached = 0x030;
inline constexpr std::uint32_t tail_offset = 0x080, head_offset = 0x100, data_offset = 0x180;
inline constexpr std::uint32_t max_elem_bytes = 4096;

constexpr bool is_pow2(std::uint64_t v) { return v != 0 && (v & (v - 1)) == 0; }

constexpr std::uint32_t pow2_ceil(std::uint32_t v) {
    std::uint32_t p = 1;
    while (p < v) p <<= 1;
    return p;
}

constexpr std::uint32_t slot_bytes(std::uint32_t elem_bytes) { return pow2_ceil(elem_bytes); }

// bytes a stream of `capacity` elements of `elem_bytes` occupies
constexpr std::size_t region_bytes(std::uint32_t elem_bytes, std::uint32_t capacity) {
    return data_offset + std::size_t(capacity) * slot_bytes(elem_bytes);
}

}  // namespace ps::layout
