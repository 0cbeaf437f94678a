"""Co-simulation of ps::stream with the PL bridge (bench/psstream/cosim_main.cpp, Verilator): C++ code using
ps::stream in the memory model's storage produces and consumes; the bridge carries each stream to a PL
operator (+ i+1 per 32-bit lane) and back; every element must return once, in order, transformed. The
software runs at a random pace so rings run full and empty; 1 and 4 streams each way, two capacities."""

from __future__ import annotations

import pytest

from hyperconnect import psstream


@pytest.mark.parametrize("streams", [1, 4])
@pytest.mark.parametrize("capacity,seed", [(64, 1), (16, 7)])
def test_cosim_loopback(streams: int, capacity: int, seed: int) -> None:
    out = psstream.run_cosim(streams, "--check", "--elements", "3000", "--capacity", str(capacity), "--seed",
                             str(seed))
    print(out)
    assert out.splitlines()[-1].startswith(f"cosim: {streams} stream(s) each way, 3000 elements each")
