# SPDX-License-Identifier: Apache-2.0
"""cocotb tests of hc_decoupler: transparent when coupled; decouple/recouple at random times during
scoreboarded random traffic (no lost or duplicated beat: every transaction completes exactly once and
checks out), and while decoupled every handshake on both sides is low. Run without and with idle
cycles/backpressure (HC_STRESS); HC_SEED=<n> replays."""

from __future__ import annotations

import os

import cocotb
import pytest
from cocotb.triggers import ClockCycles, ReadOnly, RisingEdge, with_timeout

from hyperconnect.tb.axi_master import AxiMasterDriver
from hyperconnect.tb.axi_mem import AxiMemSlave
from hyperconnect.tb.axi_ref import WriteRegion
from hyperconnect.tb.env import drain, knobs, seeded_rng, start_clock_reset

BUS = 8
READ_BASE, WRITE_BASE = 0x1000_0000, 0x4000_0000
HANDSHAKES = ("s_axi_arready", "s_axi_awready", "s_axi_wready", "s_axi_rvalid", "s_axi_bvalid",
              "m_axi_arvalid", "m_axi_awvalid", "m_axi_wvalid", "m_axi_rready", "m_axi_bready")


def incr_len(rng) -> int:
    return rng.randint(1, 32)


class Tb:
    def __init__(self, dut, rng) -> None:
        k = knobs()
        self.dut = dut
        self.mem = AxiMemSlave(dut, "m_axi", dut.aclk, dut.aresetn, BUS, rng, reorder=True, stall=k["stall"])
        self.master = AxiMasterDriver(dut, "s_axi", dut.aclk, dut.aresetn, BUS, rng, self.mem,
                                      idle=k["idle"], backpressure=k["backpressure"], max_outstanding=8,
                                      name="port")
        self.writes = WriteRegion(WRITE_BASE)

    def check(self) -> None:
        problems = self.master.failures + self.mem.failures
        assert not problems, "\n".join(problems[:20])


async def start(dut, rng) -> Tb:
    dut.cfg_decouple.value = 0
    dut.ar_owed.value = 0
    dut.aw_owed.value = 0
    tb = Tb(dut, rng)
    await start_clock_reset(dut)
    return tb


async def isolated_for(dut, cycles: int) -> None:
    """While decoupled, every handshake on both sides stays low."""
    for n in range(cycles):
        await ReadOnly()
        assert int(dut.decoupled.value) and not int(dut.draining.value)
        high = [h for h in HANDSHAKES if int(getattr(dut, h).value)]
        assert not high, f"decoupled, cycle {n}: {high} high"
        await RisingEdge(dut.aclk)


@cocotb.test()
async def test_transparent_when_coupled(dut):
    rng = seeded_rng("decoupler_transparent")
    tb = await start(dut, rng)
    await tb.master.random_traffic(rng, 1000, incr_len, tb.writes, READ_BASE)
    await drain(dut, tb.master)
    assert tb.master.reads_done + tb.master.writes_done == 1000
    assert not int(dut.draining.value) and not int(dut.decoupled.value)
    tb.check()


@cocotb.test()
async def test_decouple_during_traffic(dut):
    """Decouple and recouple at random times while traffic runs; count and check everything."""
    rng = seeded_rng("decoupler_during_traffic")
    tb = await start(dut, rng)
    total = int(os.environ.get("HC_DECOUPLE_TXNS", "3000"))
    traffic = cocotb.start_soon(tb.master.random_traffic(rng, total, incr_len, tb.writes, READ_BASE))
    rounds = 0
    while not traffic.done():
        await ClockCycles(dut.aclk, rng.randint(20, 400))
        if traffic.done():
            break
        dut.cfg_decouple.value = 1
        await RisingEdge(dut.aclk)
        await ReadOnly()
        assert int(dut.draining.value) or int(dut.decoupled.value), "decouple request not reflected in status"

        async def wait_decoupled() -> None:
            while not int(dut.decoupled.value):
                await RisingEdge(dut.aclk)
                await ReadOnly()
        await with_timeout(wait_decoupled(), 200, "us")
        await RisingEdge(dut.aclk)
        assert tb.mem._reads == [] and tb.mem._writes == [] and tb.mem._resps == [], "memory still busy"
        await isolated_for(dut, rng.randint(5, 60))
        dut.cfg_decouple.value = 0
        rounds += 1
    await traffic
    await drain(dut, tb.master)
    assert tb.master.reads_done + tb.master.writes_done == total, "lost or extra transactions"
    assert rounds >= 3, f"only {rounds} decouple rounds"
    tb.check()
    cocotb.log.info("decoupler: %d transactions, %d decouple/recouple rounds, 0 mismatches", total, rounds)


@cocotb.test()
async def test_decouple_idle_port(dut):
    """An idle port decouples at once (one cycle) and re-couples cleanly."""
    rng = seeded_rng("decoupler_idle")
    tb = await start(dut, rng)
    dut.cfg_decouple.value = 1
    await ClockCycles(dut.aclk, 2)
    await isolated_for(dut, 10)
    dut.cfg_decouple.value = 0
    dut.ar_owed.value = 0
    dut.aw_owed.value = 0
    await tb.master.random_traffic(rng, 50, incr_len, tb.writes, READ_BASE)
    await drain(dut, tb.master)
    assert tb.master.reads_done + tb.master.writes_done == 50
    tb.check()


@pytest.mark.parametrize("stress", [0, 1], ids=["clean", "idle+backpressure"])
def test_hc_decoupler(stress: int) -> None:
    from hyperconnect import paths
    from lib.runner import run_cocotb
    run_cocotb("hc_decoupler", "test_hc_decoupler", paths.ROOT / "tests" / "hc_decoupler",
               [paths.RTL / "hc_axi_pkg.sv", paths.RTL / "hc_decoupler.sv"], build_name="hc_decoupler", env={"HC_STRESS": str(stress)})
