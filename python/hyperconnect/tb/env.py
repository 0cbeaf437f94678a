# SPDX-License-Identifier: Apache-2.0
"""Test environment set-up shared by the module tests: clock, reset, knobs, seeds, monitors."""

from __future__ import annotations

import os
import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ClockCycles, RisingEdge, SimTimeoutError, with_timeout


def knobs() -> dict[str, float]:
    """Idle/backpressure probabilities for this run: HC_STRESS=1 turns them on for every channel."""
    stress = os.environ.get("HC_STRESS", "0") == "1"
    return {"idle": 0.3 if stress else 0.0, "backpressure": 0.3 if stress else 0.0,
            "stall": 0.3 if stress else 0.0}


def seeded_rng(test_name: str) -> random.Random:
    """A seeded RNG; the seed is printed and HC_SEED replays it."""
    seed = int(os.environ.get("HC_SEED", "0")) or random.SystemRandom().randrange(1, 2**31)
    cocotb.log.info("%s: seed %d (replay with HC_SEED=%d)", test_name, seed, seed)
    return random.Random(seed)


def random_txns() -> int:
    """Transactions of a module's constrained-random test (axi_exbar, axi_burst_equalizer): HC_RANDOM_TXNS,
    else 8000 per configuration in `make test` (20,000 until issue 17's counter bank made CI take 51 minutes
    of its 45; `HC_RANDOM_TXNS=20000 make test` runs the longer version, and `make soak` drives a million
    through the whole IP)."""
    return int(os.environ.get("HC_RANDOM_TXNS", "8000"))


async def start_clock_reset(dut, cycles: int = 5) -> None:
    cocotb.start_soon(Clock(dut.aclk, 10, unit="ns").start())
    dut.aresetn.value = 0
    await ClockCycles(dut.aclk, cycles)
    dut.aresetn.value = 1
    await RisingEdge(dut.aclk)


async def drain(dut, *drivers, timeout_us: float = 500.0) -> None:
    """Wait for every driver to have no transaction outstanding; fail (never hang) after timeout_us."""
    for d in drivers:
        try:
            await with_timeout(d.drain(), timeout_us, "us")
        except SimTimeoutError:
            handshakes = {h._path.split(".")[-1]: str(h.value) for h in dut
                          if h._path.split(".")[-1].endswith(("valid", "ready"))}
            cocotb.log.error("stuck handshakes: %s", handshakes)
            raise AssertionError(f"{d.name}: {d.outstanding} transaction(s) still outstanding after "
                                 f"{timeout_us} us ({d.reads_done} reads, {d.writes_done} writes done)") from None
    await ClockCycles(dut.aclk, 5)


class HandshakeCounter:
    """Counts address handshakes minus completions at an AXI port; tracks the maximum in flight."""

    def __init__(self, dut, clk, prefix: str) -> None:
        s = lambda name: getattr(dut, f"{prefix}_{name}")  # noqa: E731
        self.arv, self.arr = s("arvalid"), s("arready")
        self.rv, self.rr, self.rl = s("rvalid"), s("rready"), s("rlast")
        self.awv, self.awr = s("awvalid"), s("awready")
        self.bv, self.br = s("bvalid"), s("bready")
        self.clk = clk
        self.reads = self.writes = 0
        self.max_reads = self.max_writes = 0
        cocotb.start_soon(self._run())

    def reset_max(self) -> None:
        self.max_reads, self.max_writes = self.reads, self.writes

    async def _run(self) -> None:
        while True:
            await RisingEdge(self.clk)
            if self.arv.value and self.arr.value:
                self.reads += 1
            if self.awv.value and self.awr.value:
                self.writes += 1
            self.max_reads = max(self.max_reads, self.reads)
            self.max_writes = max(self.max_writes, self.writes)
            if self.rv.value and self.rr.value and self.rl.value:
                self.reads -= 1
            if self.bv.value and self.br.value:
                self.writes -= 1


def assert_protocol_clean(dut, labels: list[str], skip: tuple[str, ...] = ()) -> None:
    """The wrapper's axi_protocol_checker instances (hyperconnect.wrapper, checkers=True) saw no AXI rule
    broken on the interfaces `labels` ("s00", ..., "m"), except those in `skip` (a port misbehaving on
    purpose); the checker prints each of the first violations to the simulator log."""
    bad = {label: int(getattr(dut, f"chk_{label}_errors").value) for label in labels if label not in skip}
    assert not any(bad.values()), f"AXI protocol violations seen by the checkers: {bad}"
