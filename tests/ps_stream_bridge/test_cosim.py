# SPDX-License-Identifier: Apache-2.0
"""Co-simulation of ps::stream with the PL bridge (bench/psstream/cosim_main.cpp, Verilator): C++ code using
ps::stream in the memory model's storage produces and consumes; the bridge carries each stream to a PL
operator (+ i+1 per 32-bit lane) and back; every element must return once, in order, transformed. The
software runs at a random pace so rings run full and empty; 1 and 4 streams each way, two capacities,
16- and 4-byte elements."""

from __future__ import annotations

import pytest

from hyperconnect import psstream


@pytest.mark.parametrize("streams", [1, 4])
@pytest.mark.parametrize("capacity,seed,elem", [(64, 1, 16), (16, 7, 16), (16, 3, 4)],
                         ids=["cap64", "cap16", "cap16_4B"])
def test_cosim_loopback(streams: int, capacity: int, seed: int, elem: int) -> None:
    """16-byte elements (one bus beat) and ps::stream<std::uint32_t>-sized 4-byte ones (narrow bursts)."""
    extra = {"ELEM": elem} if elem != 16 else {}
    out = psstream.run_cosim(streams, "--check", "--elements", "3000", "--capacity", str(capacity), "--seed",
                             str(seed), **extra)
    print(out)
    assert out.splitlines()[-1].startswith(f"cosim: {streams} stream(s) each way, 3000 elements each, "
                                           f"capacity {capacity}, {elem}-byte elements")


@pytest.mark.parametrize("elem,ctype", [(16, "ap_uint"), (16, "axis"), (4, "ap_fixed")])
def test_cosim_hls_types(elem: int, ctype: str) -> None:
    """HLS element types that are not trivially copyable (stand-ins for ap_uint<128>, ap_axiu<64, 24, 8, 8>,
    ap_fixed<32, 16>), declared bitwise-movable by ps/hls_types.hpp: 1,000,000 elements to the fabric and
    back through the bridge, every lane checked."""
    extra = {"ELEM": elem} if elem != 16 else {}
    out = psstream.run_cosim(1, "--check", "--elements", "1000000", "--capacity", "256", "--seed", "11", "--type",
                             ctype, timeout=900, **extra)
    print(out)
    assert out.splitlines()[-1].startswith(f"cosim: 1 stream(s) each way, 1000000 elements each, capacity 256, "
                                           f"{elem}-byte elements ({ctype})")
