# SPDX-License-Identifier: Apache-2.0
"""cocotb tests of hc_fifo on its own: constrained-random push/pop against a queue model (head, count, empty,
full every cycle), at the depths and head kinds the IP uses — the head the LUT-RAM read, the whole head in a
register (HEAD_REG) and only its low bits (HEAD_BITS, the W buffer's WLAST) — and at DEPTH 1, where a push and
a pop in the same cycle while full must make the pushed entry the head (issue 17 review: the "two or more
entries" flag was always set at DEPTH 1, so the register reloaded the leaving entry). LATE_BITS (the low bits
taken a cycle after the push from their register — written into the LUT-RAM then, forwarded to a head loaded
from behind at once, and selected as the head's own when the head was loaded from the input: the request
buffers' window verdict) is run at depths 1, 2, 3 and 4, so the entry behind the head is read in the cycle
after its push and the head is loaded from the input both when empty and as the last entry leaves. Requests
are kept legal (no push while full without a pop, no pop while empty); the seed is printed."""

from __future__ import annotations

from collections import deque

import cocotb
import pytest
from cocotb.clock import Clock
from cocotb.triggers import ClockCycles, ReadOnly, RisingEdge, Timer


@cocotb.test()
async def random_against_queue(dut) -> None:
    from hyperconnect.tb.env import seeded_rng
    rng = seeded_rng("random_against_queue")
    depth, width = int(dut.DEPTH.value), int(dut.WIDTH.value)
    cocotb.start_soon(Clock(dut.clk, 10, unit="ns").start())
    dut.push.value = 0
    dut.pop.value = 0
    dut.push_data.value = 0
    dut.rst_n.value = 0
    await ClockCycles(dut.clk, 3)
    dut.rst_n.value = 1
    model: deque[int] = deque()
    both_while_full = 0
    for cycle in range(3000):
        await RisingEdge(dut.clk)
        await ReadOnly()
        assert int(dut.count.value) == len(model), f"cycle {cycle}: count {int(dut.count.value)}, want {len(model)}"
        assert int(dut.empty.value) == (not model) and int(dut.full.value) == (len(model) == depth), f"cycle {cycle}"
        if model:
            got = int(dut.head.value)
            assert got == model[0], f"cycle {cycle}: head {got:#x}, want {model[0]:#x} (queue {list(model)})"
        pop = bool(model) and rng.random() < 0.5
        push = (len(model) < depth or pop) and rng.random() < 0.6
        data = rng.randrange(1 << width)
        both_while_full += push and pop and len(model) == depth
        await Timer(1, unit="ns")
        dut.push.value, dut.pop.value, dut.push_data.value = int(push), int(pop), data
        if pop:
            model.popleft()
        if push:
            model.append(data)
    assert both_while_full > 50, f"only {both_while_full} push+pop cycles while full: the case went untested"


@pytest.mark.parametrize("depth,head_reg,head_bits,late",
                         [(1, 1, 8, 0), (1, 1, 1, 0), (4, 1, 1, 0), (3, 0, 8, 0),
                          (4, 1, 5, 3), (2, 1, 8, 2), (1, 1, 4, 1), (3, 1, 6, 2)],
                         ids=["d1-reg", "d1-reg-low1", "d4-reg-low1", "d3-ram",
                              "d4-reg-low5-late3", "d2-reg-late2", "d1-reg-low4-late1", "d3-reg-low6-late2"])
def test_hc_fifo(depth: int, head_reg: int, head_bits: int, late: int) -> None:
    from hyperconnect import paths
    from lib.runner import run_cocotb
    here = paths.ROOT / "tests" / "hc_fifo"
    run_cocotb("hc_fifo", "test_hc_fifo", here, [paths.RTL / "hc_fifo.sv"],
               parameters={"WIDTH": 8, "DEPTH": depth, "HEAD_REG": head_reg, "HEAD_BITS": head_bits,
                           "LATE_BITS": late},
               build_name=f"hc_fifo_d{depth}_r{head_reg}_b{head_bits}_l{late}")
