# SPDX-License-Identifier: Apache-2.0
"""The testbench of axi_hyperconnect (3 ports, 64-bit, ID_WIDTH 4, TRACK_DEPTH 16; axi_hyperconnect_wrap with a
protocol checker on every interface, see soak.testbench): its register offsets, `Tb` (a reordering,
scoreboarded memory on m_axi_*, a scoreboarding master driver per port, the AXI4-Lite master) and the
constrained-random test with run-time changes that `hc soak` runs in shards and tests/axi_hyperconnect runs
with 5,000 transactions (the cocotb test module of both; tests/axi_hyperconnect imports it)."""

from __future__ import annotations

import os
import random

import cocotb
from cocotb.triggers import ClockCycles, RisingEdge
from cocotb.utils import get_sim_time
from cocotbext.axi import AxiLiteBus, AxiLiteMaster
from cocotbext.axi.constants import AxiResp

from ..regs import FAULTS, WATCHDOG_FAULTS
from .axi_master import AxiMasterDriver
from .axi_mem import AxiMemSlave
from .axi_ref import DECERR, SLVERR, ErrorMap, WriteRegion
from .env import assert_protocol_clean, drain, knobs, seeded_rng, start_clock_reset

BUS = 8
ID_WIDTH = 4
S_COUNT = 3
READ_BASE = 0x1000_0000
WRITE_BASE = 0x4000_0000
ERRORS = ErrorMap([(READ_BASE + 0x10_0000, 0x3000, SLVERR), (READ_BASE + 0x20_0000, 0x2000, DECERR)])
CHECKED = [f"s{i:02d}" for i in range(S_COUNT)] + ["m"]        # protocol checkers in the wrapper

ID, BUILD, PERIOD, GLOBAL_LIMIT, GLOBAL_ERR, QOS_MAP = 0x000, 0x008, 0x010, 0x014, 0x018, 0x020
CFG, LIMITS, BUDGET, STATUS, ERR, IRQ_EN, IRQ_STATUS, CNT_CTRL = 0x00, 0x04, 0x08, 0x0C, 0x10, 0x14, 0x18, 0x1C
RD_BYTES_LO, RD_TXN, WR_TXN, MAX_RD_LATENCY = 0x20, 0x30, 0x34, 0x3C
WIN_BASE_LO, WIN_BASE_HI, WIN_SIZE_LO, WIN_SIZE_HI, FAULT, TIMEOUT = 0x40, 0x44, 0x48, 0x4C, 0x50, 0x54
WIN_EN = 1 << 20
DECOUPLED, CUT_OFF = 1 << 1, 1 << 4                            # STATUS
FLAG = {name: 1 << bit for bit, name in enumerate(FAULTS)}          # FAULT register bits
F_WATCHDOG = sum(FLAG[f] for f in WATCHDOG_FAULTS)



def port(i: int, offset: int) -> int:
    return 0x100 + 0x80 * i + offset



class Tb:
    def __init__(self, dut, rng: random.Random, reorder: bool = True) -> None:
        self.dut = dut
        k = knobs()
        self.mem = AxiMemSlave(dut, "m_axi", dut.aclk, dut.aresetn, BUS, rng, reorder=reorder,
                               stall=k["stall"], errors=ERRORS)
        self.masters = [AxiMasterDriver(dut, f"s{i:02d}_axi", dut.aclk, dut.aresetn, BUS, rng, self.mem, ERRORS,
                                        idle=k["idle"], backpressure=k["backpressure"], max_outstanding=12,
                                        name=f"port{i}", random_strobes=0.25)
                        for i in range(S_COUNT)]
        self.axil = AxiLiteMaster(AxiLiteBus.from_prefix(dut, "s_axil"), dut.aclk, dut.aresetn,
                                  reset_active_level=False)
        self.writes = WriteRegion(WRITE_BASE)

    async def rd(self, addr: int) -> int:
        return int.from_bytes((await self.axil.read(addr, 4)).data, "little")

    async def wr(self, addr: int, value: int) -> AxiResp:
        return (await self.axil.write(addr, value.to_bytes(4, "little"))).resp

    async def settle(self) -> None:
        await drain(self.dut, *self.masters, timeout_us=2000.0)

    def check(self) -> None:
        problems = self.mem.failures + [f for m in self.masters for f in m.failures]
        assert not problems, "\n".join(problems[:20])
        assert_protocol_clean(self.dut, CHECKED)


def problems(dut, tb: Tb) -> list[str]:
    """What has gone wrong so far: scoreboard failures and protocol violations counted by the checkers."""
    found = tb.mem.failures + [f for m in tb.masters for f in m.failures]
    found += [f"protocol checker {label}: {int(getattr(dut, f'chk_{label}_errors').value)} violation(s)"
              for label in CHECKED if int(getattr(dut, f"chk_{label}_errors").value)]
    return found


async def stop_after_failure(dut, tb: Tb, margin: int) -> None:
    """End the test `margin` cycles after the first problem (HC_STOP_AFTER_FAILURE, set by `hc soak --wave`
    when it re-runs a failing shard traced): the waveform then ends just after the failure, and the log
    names its time ("SOAK first failure at <t> ns", the clock edge after the scoreboard or a checker saw it).
    Problems that show only at the end (a transaction never completed, a response lost) are not seen here:
    such a run goes to its end."""
    while True:
        await RisingEdge(dut.aclk)
        found = problems(dut, tb)
        if found:
            t = get_sim_time("ns")
            cocotb.log.error("SOAK first failure at %d ns: %s", t, found[0])
            await ClockCycles(dut.aclk, margin)
            raise AssertionError(f"stopped {margin} cycles after the first failure (at {t} ns): {found[0]}")


@cocotb.test()
async def test_random_with_runtime_changes(dut):
    """Constrained-random traffic from every port (INCR 1..256 beats, FIXED, WRAP, narrow, unaligned,
    a quarter of the write beats with random strobes, a random ID of 16 per request), reordering
    memory, scoreboarded, protocol
    checkers on every interface, while software changes nominal length, outstanding limits, priority,
    reservation, budgets, period, G and decouples/recouples ports. HC_SOAK_TXNS sets the number of
    transactions (HC_SOAK_TXNS, else HC_RANDOM_TXNS / 4, else 5000; `make soak` runs 1,000,000 in shards).
    HC_SOAK_CORRUPT=n corrupts read data at the memory from burst n on (a seeded fault the soak must report);
    HC_STOP_AFTER_FAILURE=c ends the run c cycles after the first problem (stop_after_failure)."""
    rng = seeded_rng("random_with_runtime_changes")
    total = int(os.environ.get("HC_SOAK_TXNS", int(os.environ.get("HC_RANDOM_TXNS", "20000")) // 4))
    tb = Tb(dut, rng)
    tb.mem.corrupt_read = int(os.environ.get("HC_SOAK_CORRUPT", "0"))
    await start_clock_reset(dut)
    stop = False
    margin = int(os.environ.get("HC_STOP_AFTER_FAILURE", "0"))
    if margin:
        cocotb.start_soon(stop_after_failure(dut, tb, margin))

    async def churn() -> None:
        while not stop:
            i = rng.randrange(S_COUNT)
            what = rng.randrange(6)
            if what == 0:
                await tb.wr(port(i, CFG), rng.choice([1, 4, 16, 64, 256]) | rng.randrange(4) << 12
                            | rng.choice([0, 0, 1]) << 16)
            elif what == 1:
                await tb.wr(port(i, LIMITS), rng.randint(1, 16) | rng.randint(1, 16) << 8)
            elif what == 2:
                await tb.wr(port(i, BUDGET), rng.randint(8, 64) | rng.randint(8, 64) << 16)
            elif what == 3:
                await tb.wr(PERIOD, rng.choice([200, 500, 1000]))
            elif what == 4:
                await tb.wr(GLOBAL_LIMIT, rng.choice([1, 2, 4, 32]))
            else:
                cfg = await tb.rd(port(i, CFG))
                await tb.wr(port(i, CFG), cfg | 1 << 24)
                await ClockCycles(dut.aclk, rng.randint(50, 600))
                await tb.wr(port(i, CFG), cfg & ~(1 << 24))
            await ClockCycles(dut.aclk, rng.randint(20, 300))
        for i in range(S_COUNT):                               # leave every port coupled and unreserved
            await tb.wr(port(i, CFG), 16)

    task = cocotb.start_soon(churn())
    per_port = [total // S_COUNT + (i < total % S_COUNT) for i in range(S_COUNT)]
    traffic = [cocotb.start_soon(m.random_traffic(rng, c, lambda r: r.randint(1, 256) if r.random() < 0.05
                                                  else r.randint(1, 24), tb.writes, READ_BASE,
                                                  id_max=(1 << ID_WIDTH) - 1))
               for m, c in zip(tb.masters, per_port)]
    for t in traffic:
        await t
    stop = True
    await task
    await tb.settle()
    done = sum(m.reads_done + m.writes_done for m in tb.masters)
    counts = {c: [int(getattr(dut, f"chk_{label}_{c}").value) for label in CHECKED]
              for c in ("reads", "reads_done", "writes", "writes_done", "errors")}
    lost = sum(abs(a - b) for a, b in zip(counts["reads"], counts["reads_done"])) + \
        sum(abs(a - b) for a, b in zip(counts["writes"], counts["writes_done"]))
    mismatches = len(tb.mem.failures) + sum(len(m.failures) for m in tb.masters)
    # the counts first, so a failing run reports them too (hc soak adds them up), then the verdicts
    cocotb.log.info("SOAK transactions=%d data_mismatches=%d lost_or_duplicated=%d protocol_violations=%d "
                    "memory_side_bursts=%d", done, mismatches, lost, sum(counts["errors"]),
                    counts["reads"][-1] + counts["writes"][-1])
    assert done == total, f"{done} of {total} transactions completed"
    tb.check()
    assert lost == 0, f"requests without exactly one response, per interface {CHECKED}: {counts}"
