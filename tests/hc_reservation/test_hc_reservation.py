# SPDX-License-Identifier: Apache-2.0
"""cocotb tests of hc_reservation with the central hc_period, gating the load of a registered output as in
the equalizer: budgets per period (counted where requests are issued), on/off, zero budget, stall
counting, and a random run with configuration changes checked for AXI valid stability on the output and
the per-period bound. HC_SEED=<n> replays the random test."""

from __future__ import annotations

import os

import cocotb
from cocotb.triggers import ReadOnly, RisingEdge

from hyperconnect.tb.env import seeded_rng, start_clock_reset


class Channel:
    """Drives in_valid (held until accepted, as AXI requires) and out_ready; counts what it sees."""

    def __init__(self, dut) -> None:
        self.dut = dut
        self.fires_per_period: list[int] = []
        self.stalls = 0
        self.violations: list[str] = []

    async def run(self, cycles: int, rng=None, p_valid: float = 1.0, p_ready: float = 1.0, on_cycle=None) -> None:
        dut = self.dut
        want = False
        presented = False
        for cycle in range(cycles):
            if not want:
                want = rng.random() < p_valid if rng else p_valid >= 1.0
            dut.in_valid.value = int(want)
            dut.out_ready.value = int(rng.random() < p_ready if rng else p_ready >= 1.0)
            await ReadOnly()
            if presented and not int(dut.out_valid.value):
                self.violations.append(f"cycle {cycle}: out_valid fell before its handshake")
            issued = int(dut.in_valid.value) and int(dut.in_ready.value)
            if int(dut.recharge.value):
                self.fires_per_period.append(0)
            if issued and self.fires_per_period:
                self.fires_per_period[-1] += 1
            self.stalls += int(dut.stall.value)
            presented = bool(int(dut.out_valid.value)) and not int(dut.out_ready.value)
            await RisingEdge(dut.aclk)
            if issued:
                want = False
            if on_cycle:
                on_cycle(cycle)


async def setup(dut, period: int, budget: int, enable: int) -> Channel:
    dut.cfg_period.value = period
    dut.cfg_budget.value = budget
    dut.cfg_enable.value = enable
    dut.in_valid.value = 0
    dut.out_ready.value = 0
    await start_clock_reset(dut)
    return Channel(dut)


@cocotb.test()
async def test_budget_per_period(dut):
    """Greedy source, budget 3 per 50-cycle period: exactly 3 requests pass each period."""
    ch = await setup(dut, 50, 3, 1)
    await ch.run(50 * 10 + 5)
    full = ch.fires_per_period[1:-1]
    assert full and all(n == 3 for n in full), ch.fires_per_period
    assert ch.stalls >= 40 * 8, f"stall cycles {ch.stalls}"
    assert not ch.violations, ch.violations[:3]


@cocotb.test()
async def test_disabled_and_zero_budget(dut):
    """Reservation off: one request per cycle whatever the budget; on with budget 0: nothing passes."""
    ch = await setup(dut, 20, 0, 0)
    await ch.run(100)
    assert sum(ch.fires_per_period) >= 95, ch.fires_per_period
    dut.cfg_enable.value = 1
    ch2 = Channel(dut)
    await ch2.run(40)          # finish the period that was already running
    ch3 = Channel(dut)
    await ch3.run(100)
    assert sum(ch3.fires_per_period) == 0, ch3.fires_per_period
    assert ch3.stalls >= 95


async def hold_presented(dut, cycles: int) -> None:
    """Issue one request with out_ready low; once registered it must stay valid for `cycles` cycles."""
    dut.in_valid.value = 1
    dut.out_ready.value = 0
    await ReadOnly()
    for _ in range(20):
        if int(dut.in_ready.value):
            break
        await RisingEdge(dut.aclk)
        await ReadOnly()
    assert int(dut.in_ready.value), "request not issued"
    await RisingEdge(dut.aclk)
    dut.in_valid.value = 0
    for n in range(cycles):
        await ReadOnly()
        assert int(dut.out_valid.value), f"registered request withdrawn after {n} cycles"
        await RisingEdge(dut.aclk)
    dut.out_ready.value = 1
    await RisingEdge(dut.aclk)
    dut.out_ready.value = 0


@cocotb.test()
async def test_presented_request_survives_config_change(dut):
    """A request already issued stays valid at the output when a recharge loads budget 0, or when
    reservation is switched on with no budget left (AXI: VALID may not fall before READY); after that,
    nothing more is issued."""
    await setup(dut, 10, 5, 1)
    while not int(dut.recharge.value):
        await RisingEdge(dut.aclk)
    await RisingEdge(dut.aclk)
    dut.cfg_budget.value = 0                       # the next recharge empties the budget
    await hold_presented(dut, 25)                  # spans two recharges
    dut.cfg_enable.value = 0                       # gate open (from the second cycle); the budget left is 0
    await RisingEdge(dut.aclk)
    await RisingEdge(dut.aclk)
    dut.in_valid.value = 1
    dut.out_ready.value = 0
    await RisingEdge(dut.aclk)
    dut.in_valid.value = 0
    dut.cfg_enable.value = 1                       # switch on while the request is presented
    for n in range(5):
        await ReadOnly()
        assert int(dut.out_valid.value), f"presented request withdrawn {n} cycles after enable"
        await RisingEdge(dut.aclk)
    dut.in_valid.value = 1
    dut.out_ready.value = 1
    for _ in range(10):
        await ReadOnly()
        assert not int(dut.in_ready.value), "budget 0: the next request must wait"
        await RisingEdge(dut.aclk)
    await ReadOnly()
    assert not int(dut.out_valid.value), "the registered request left"
    await RisingEdge(dut.aclk)
    dut.in_valid.value = 0
    dut.out_ready.value = 0


@cocotb.test()
async def test_random(dut):
    """Random valid/ready, budgets, periods and on/off changes: the output's valid never drops before its
    handshake, and a period with a constant configuration issues at most its budget."""
    rng = seeded_rng("reservation_random")
    ch = await setup(dut, 30, 5, 1)
    cycles = int(os.environ.get("HC_RESERVATION_CYCLES", "20000"))
    config_changes: list[int] = []

    def maybe_change(cycle: int) -> None:
        if rng.random() < 0.004:
            dut.cfg_budget.value = rng.choice([0, 1, 2, 5, 20])
            dut.cfg_enable.value = int(rng.random() < 0.8)
            dut.cfg_period.value = rng.choice([5, 17, 30, 64])
            config_changes.append(len(ch.fires_per_period))

    budgets: list[tuple[int, int]] = []

    async def record_budgets() -> None:
        while True:
            await RisingEdge(dut.aclk)
            await ReadOnly()
            if int(dut.recharge.value):
                budgets.append((int(dut.cfg_budget.value), int(dut.cfg_enable.value)))

    cocotb.start_soon(record_budgets())
    await ch.run(cycles, rng, p_valid=0.7, p_ready=0.7, on_cycle=maybe_change)
    assert not ch.violations, ch.violations[:3]
    touched = set(config_changes) | {c - 1 for c in config_changes} | {c + 1 for c in config_changes}
    checked = 0
    for i, (n, (budget, enable)) in enumerate(zip(ch.fires_per_period, budgets)):
        if enable and i not in touched and 0 < i < len(ch.fires_per_period) - 1:
            assert n <= budget, f"period {i}: {n} requests issued with budget {budget}"
            checked += 1
    assert checked > 50, f"only {checked} periods checked"
    cocotb.log.info("reservation random: %d periods checked, %d stall cycles", checked, ch.stalls)


def test_hc_reservation() -> None:
    from hyperconnect import paths
    from lib.runner import run_cocotb
    run_cocotb("hc_reservation_tb", "test_hc_reservation", paths.ROOT / "tests" / "hc_reservation",
               [paths.RTL / "hc_period.sv", paths.RTL / "hc_reservation.sv", paths.RTL / "hc_reg_slice.sv",
                paths.ROOT / "tests" / "hc_reservation" / "hc_reservation_tb.sv"],
               build_name="hc_reservation")


@cocotb.test()
async def test_period_change_starts_a_period(dut):
    """Writing a new period length ends the running period: the cycle after the next recharges (the change
    is registered first), and periods of the new length follow (software does not wait up to one old
    period for its change)."""
    await setup(dut, 1000, 2, 1)
    await ReadOnly()
    assert int(dut.recharge.value), "no recharge in the first cycle after reset"
    first = []
    for cycle in range(100):
        await RisingEdge(dut.aclk)
        await ReadOnly()
        if int(dut.recharge.value):
            first.append(cycle)
    assert not first, f"recharges again at cycles {first} after reset: the first period is recharged once"
    await RisingEdge(dut.aclk)
    dut.cfg_period.value = 20
    pulses = []
    for cycle in range(62):
        await RisingEdge(dut.aclk)
        await ReadOnly()
        if int(dut.recharge.value):
            pulses.append(cycle)
    assert pulses[:3] == [1, 21, 41], pulses


@cocotb.test()
async def test_switch_on_starts_with_full_budget(dut):
    """Reservation switched on in the middle of a period: the full budget is available at once (the port
    is not held until the next recharge), and then the gate closes until the recharge. cfg_enable is
    sampled into a local copy and the gate is a flip-flop, so counting starts in the second cycle after
    it rises."""
    ch = await setup(dut, 1000, 3, 0)
    for _ in range(100):
        await RisingEdge(dut.aclk)
    dut.cfg_enable.value = 1
    await RisingEdge(dut.aclk)
    await ReadOnly()
    assert int(dut.in_ready.value) == 1 and int(dut.budget_spent.value) == 0
    await RisingEdge(dut.aclk)
    ch = Channel(dut)
    ch.fires_per_period = [0]            # count from here, inside the running period
    await ch.run(200)
    assert ch.fires_per_period == [3], ch.fires_per_period
    assert ch.stalls >= 190, ch.stalls
