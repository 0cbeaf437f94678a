# SPDX-License-Identifier: Apache-2.0
"""cocotb tests of axi_burst_equalizer: every rule of paper 000 (R1-R6), the edges, and random traffic.

Run through pytest (bottom of the file): once without and once with idle cycles and backpressure on
every channel (HC_STRESS). Random tests print their seed; HC_SEED=<n> replays one.
"""

from __future__ import annotations

import math
import random

import cocotb
import pytest
from cocotb.triggers import ClockCycles, ReadOnly, RisingEdge

from hyperconnect.tb.axi_master import AxiMasterDriver
from hyperconnect.tb.axi_mem import AxiMemSlave
from hyperconnect.tb.axi_ref import DECERR, FIXED, INCR, SLVERR, WRAP, Burst, ErrorMap, WriteRegion, crosses_4k
from hyperconnect.tb.env import HandshakeCounter, drain, knobs, random_txns, seeded_rng, start_clock_reset

BUS = 8                      # bytes: DATA_WIDTH 64
TRACK_DEPTH = 16
READ_BASE = 0x1000_0000      # never written: reads return the pattern
WRITE_BASE = 0x4000_0000     # fresh addresses for each write
# error regions: a directed page (OKAY | SLVERR | DECERR | OKAY) and a few spots random traffic runs into
ERRORS = ErrorMap([(0x2000_0800, 0x400, SLVERR), (0x2000_0C00, 0x200, DECERR),
                   (READ_BASE + 0x10_0000, 0x3000, SLVERR), (READ_BASE + 0x20_0000, 0x2000, DECERR),
                   (WRITE_BASE + 0x4_0000, 0x2000, DECERR), (WRITE_BASE + 0x8_0000, 0x3000, SLVERR)])


class Tb:
    """ABE with a memory slave on m_axi and a scoreboarded master on s_axi; checks R2/R6 on m_axi."""

    def __init__(self, dut, rng: random.Random, reorder: bool = False) -> None:
        self.dut = dut
        k = knobs()
        self.mem = AxiMemSlave(dut, "m_axi", dut.aclk, dut.aresetn, BUS, rng, reorder=reorder,
                               stall=k["stall"], errors=ERRORS)
        self.master = AxiMasterDriver(dut, "s_axi", dut.aclk, dut.aresetn, BUS, rng, self.mem, ERRORS,
                                      idle=k["idle"], backpressure=k["backpressure"], max_outstanding=12,
                                      name="abe")
        self.counter = HandshakeCounter(dut, dut.aclk, "m_axi")
        self.nominal = 16
        self.limit = 6
        self.wr_limit = 6
        self.sub_ars: list[Burst] = []
        self.sub_aws: list[Burst] = []
        self.failures: list[str] = []
        self.mem.on_ar.append(lambda b: self._check_sub(b, self.sub_ars, "AR"))
        self.mem.on_aw.append(lambda b: self._check_sub(b, self.sub_aws, "AW"))
        self.writes = WriteRegion(WRITE_BASE)

    def _check_sub(self, b: Burst, log: list[Burst], ch: str) -> None:
        log.append(b)
        if b.burst != WRAP and not b.lock and b.beats > self.nominal:
            self.failures.append(f"{ch} sub-burst of {b.beats} beats exceeds the nominal {self.nominal}")
        if b.burst == INCR and crosses_4k(b.addr, b.len, b.size):
            self.failures.append(f"{ch} sub-burst at 0x{b.addr:x} len {b.len} crosses a 4 KB boundary")

    async def configure(self, nominal: int, limit: int, wr_limit: int | None = None) -> None:
        """Set beta and the read/write L (write L = read L unless given); the equalizer registers them,
        so beta applies from the next cycle on, L from the third (clamped, then kept as thresholds)."""
        self.nominal, self.limit = nominal, limit
        self.wr_limit = limit if wr_limit is None else wr_limit
        self.counter.reset_max()
        self._drive()
        await ClockCycles(self.dut.aclk, 3)

    def _drive(self) -> None:
        self.dut.cfg_nominal_len.value = self.nominal
        self.dut.rd_issue_allow.value = 1          # the issue gate is the supervisor's (reservation)
        self.dut.wr_issue_allow.value = 1
        self.dut.rd_issue_allow_next.value = 1     # (READY_AHEAD: the gate's promise for the next cycle)
        self.dut.wr_issue_allow_next.value = 1
        self.dut.cfg_max_rd_outstanding.value = self.limit
        self.dut.cfg_max_wr_outstanding.value = self.wr_limit

    async def start(self) -> None:
        self._drive()
        await start_clock_reset(self.dut)

    async def settle(self) -> None:
        try:
            await drain(self.dut, self.master)
        except AssertionError:
            cocotb.log.error("memory: %d pending writes, %d pending B, %d reads queued; failures %s %s",
                             len(self.mem._writes), len(self.mem._resps), len(self.mem._reads),
                             self.mem.failures, self.master.failures)
            raise

    def check(self) -> None:
        problems = self.failures + self.master.failures + self.mem.failures
        if self.counter.max_reads > self.limit or self.counter.max_writes > self.wr_limit:
            problems.append(f"outstanding at m_axi reached {self.counter.max_reads} reads /"
                            f" {self.counter.max_writes} writes, limits {self.limit}/{self.wr_limit}")
        assert not problems, "\n".join(problems[:20])


def incr_len(nominal: int):
    """INCR lengths around the nominal one (beta, beta+1, 2 beta), short ones, and now and then up to 256."""
    def pick(rng: random.Random) -> int:
        return min(256, rng.choice([rng.randint(1, 4), rng.randint(1, 2 * nominal + 1), rng.randint(1, 40),
                                    rng.randint(1, 256) if rng.random() < 0.05 else 3]))
    return pick


# ----------------------------------------------------------------------------------------------- directed

@cocotb.test()
async def test_split_and_merge_edges(dut):
    """R2-R5 at the edges: len 1, beta, beta+1, 256 for beta 1, 16, 256; C = ceil(len/beta) sub-bursts."""
    rng = seeded_rng("split_and_merge_edges")
    tb = Tb(dut, rng)
    await tb.start()
    for nominal in (1, 16, 256):
        await tb.configure(nominal, 6)
        for length in sorted({1, nominal, min(nominal + 1, 256), 256}):
            for write in (False, True):
                log = tb.sub_aws if write else tb.sub_ars
                before = len(log)
                if write:
                    b = Burst(1, tb.writes.take(length * BUS), length - 1, 3, INCR)
                    await tb.master.write(b, rng)
                else:
                    b = Burst(1, READ_BASE + 0x1000 * length, length - 1, 3, INCR)
                    await tb.master.read(b)
                await tb.settle()
                subs = log[before:]
                want = math.ceil(length / nominal)
                assert len(subs) == want, f"beta={nominal} len={length} write={write}: {len(subs)} sub-bursts, want {want}"
                assert sum(s.beats for s in subs) == length
                assert all(s.id == 0 for s in subs), "sub-bursts leave on ID 0 (R and B get the master's back)"
                # in order and contiguous (R3)
                for x, y in zip(subs, subs[1:]):
                    assert y.addr == x.addr + x.beats * BUS, "sub-bursts not issued in address order"
    assert tb.master.reads_done == tb.master.writes_done == 9  # distinct (beta, len) pairs
    tb.check()


@cocotb.test()
async def test_issue_gate(dut):
    """The issue gate (the supervisor's reservation budget): with rd/wr_issue_allow low nothing is issued
    and ar_/aw_want report the waiting sub-burst; each cycle the gate is high issues exactly one
    sub-burst (ar_/aw_issue), which reaches the memory port from the registered output."""
    rng = seeded_rng("issue_gate")
    tb = Tb(dut, rng)
    for ch in (tb.mem.ar, tb.mem.aw):             # the memory takes AR/AW at once (with its stall knob on,
        ch.clear_pause_generator()                # a held sub-burst filled the output register: want low)
    await tb.start()
    await tb.configure(16, 4)
    for write in (False, True):
        allow = dut.wr_issue_allow if write else dut.rd_issue_allow
        (dut.wr_issue_allow_next if write else dut.rd_issue_allow_next).value = 0   # it promises nothing
        want, issue = (dut.aw_want, dut.aw_issue) if write else (dut.ar_want, dut.ar_issue)
        log = tb.sub_aws if write else tb.sub_ars
        allow.value = 0
        if write:
            job = cocotb.start_soon(tb.master.write(Burst(2, tb.writes.take(64 * BUS), 63, 3, INCR), rng))
        else:
            job = cocotb.start_soon(tb.master.read(Burst(2, READ_BASE + 0x4000, 63, 3, INCR)))
        before = len(log)
        waited = issued = 0
        for _ in range(40):
            await RisingEdge(dut.aclk)
            await ReadOnly()
            waited += int(want.value)
            issued += int(issue.value)
        assert issued == 0 and len(log) == before, "a sub-burst was issued with the gate low"
        assert waited >= 30, f"want reported in {waited} of 40 cycles"
        for _ in range(4):                        # one gate-high cycle, one sub-burst
            await RisingEdge(dut.aclk)
            allow.value = 1
            await ReadOnly()
            assert int(want.value) and int(issue.value), "gate high: the waiting sub-burst is issued"
            await RisingEdge(dut.aclk)
            allow.value = 0
            await ReadOnly()
            assert not int(issue.value)
            issued += 1
        await RisingEdge(dut.aclk)
        allow.value = 1
        await job
        await tb.settle()
        assert len(log) - before == 4 == issued, f"{len(log) - before} sub-bursts at the memory port"
    tb.check()


@cocotb.test()
async def test_outstanding_limit(dut):
    """R6: never more than L sub-transactions in flight per direction, and L is reached (L = 1, 3, 16;
    read and write limits set apart: 2/5 and 5/2)."""
    rng = seeded_rng("outstanding_limit")
    tb = Tb(dut, rng)
    await tb.start()
    for limit, wr_limit in ((1, 1), (3, 3), (TRACK_DEPTH, TRACK_DEPTH), (2, 5), (5, 2)):
        await tb.configure(4, limit, wr_limit)
        for i in range(6):
            await tb.master.read(Burst(0, READ_BASE + 0x2000 * i, 255, 3, INCR))
            await tb.master.write(Burst(0, tb.writes.take(256 * BUS), 255, 3, INCR), rng)
        await tb.settle()
        assert tb.counter.max_reads == limit, f"L={limit}: max reads in flight {tb.counter.max_reads}"
        assert tb.counter.max_writes == wr_limit, f"L={wr_limit}: max writes in flight {tb.counter.max_writes}"
    tb.check()


@cocotb.test()
async def test_narrow_unaligned_fixed_wrap(dut):
    """Narrow sizes, unaligned INCR starts, FIXED bursts (split in place) and WRAP bursts (unsplit)."""
    rng = seeded_rng("narrow_unaligned_fixed_wrap")
    tb = Tb(dut, rng)
    await tb.start()
    await tb.configure(3, 4)
    for size in range(4):
        nb = 1 << size
        for length in (1, 3, 4, 7, 16, 33):
            for off in sorted({0, 1, nb - 1, 5 % nb}):
                await tb.master.read(Burst(2, READ_BASE + 0x10000 * size + 0x100 * length + off, length - 1, size, INCR))
                await tb.master.write(Burst(2, tb.writes.take(length * nb) + off, length - 1, size, INCR), rng)
        for length in (1, 4, 16):
            await tb.master.read(Burst(3, READ_BASE + 0x200000 + 0x40 * length + nb, length - 1, size, FIXED))
            await tb.master.write(Burst(3, tb.writes.take(64) + nb, length - 1, size, FIXED), rng)
        await tb.settle()
        for length in (2, 4, 8, 16):
            before = len(tb.sub_ars)
            await tb.master.read(Burst(0, READ_BASE + 0x300000 + 0x1000 * length + 3 * nb, length - 1, size, WRAP))
            await tb.master.write(Burst(0, tb.writes.take(256) + 2 * nb, length - 1, size, WRAP), rng)
            await tb.settle()
            assert len(tb.sub_ars) == before + 1, "a WRAP burst must pass unsplit"
    await tb.settle()
    tb.check()


@cocotb.test()
async def test_error_responses(dut):
    """Read errors pass per beat; a split write's B carries the worst BRESP of its sub-bursts."""
    rng = seeded_rng("error_responses")
    tb = Tb(dut, rng)
    await tb.start()
    await tb.configure(4, 6)
    # 32 beats straddling OKAY/SLVERR, SLVERR/DECERR, DECERR/OKAY (the worst sub-burst is not the last)
    for start in (0x2000_0800 - 16 * BUS, 0x2000_0C00 - 16 * BUS, 0x2000_0E00 - 16 * BUS, 0x2000_0900):
        await tb.master.read(Burst(0, start, 31, 3, INCR))
        await tb.settle()
        await tb.master.write(Burst(0, start, 31, 3, INCR), rng)
        await tb.settle()
    assert tb.master.writes_done == 4 and tb.master.reads_done == 4
    tb.check()


@cocotb.test()
async def test_ids_with_reordering_memory(dut):
    """Several IDs (rotating per request), a memory that reorders across IDs: responses reach the right
    burst with the master's ID, and the outstanding limit L = 8 is reached in both directions whatever the
    IDs (issue 15: the equalizer used to drain every sub-burst of one ID before issuing another ID)."""
    rng = seeded_rng("ids_with_reordering_memory")
    tb = Tb(dut, rng, reorder=True)
    await tb.start()
    await tb.configure(8, 8)
    for i in range(300):
        await tb.master.read(Burst(i % 4, READ_BASE + 0x1000 * i, rng.randint(0, 40), 3, INCR))
        await tb.master.write(Burst((i + 1) % 4, tb.writes.take(41 * BUS), rng.randint(0, 40), 3, INCR), rng)
    await tb.settle()
    assert tb.master.reads_done == 300 and tb.master.writes_done == 300
    assert tb.counter.max_reads == 8 and tb.counter.max_writes == 8, \
        f"with rotating IDs at most {tb.counter.max_reads} reads / {tb.counter.max_writes} writes were in flight (L 8)"
    tb.check()


@cocotb.test()
async def test_exclusive_and_4k(dut):
    """Exclusive (AxLOCK) bursts pass unsplit; an (illegal) INCR crossing 4 KB is cut at the boundary."""
    rng = seeded_rng("exclusive_and_4k")
    tb = Tb(dut, rng)
    await tb.start()
    await tb.configure(2, 6)
    before = len(tb.sub_ars)
    await tb.master.read(Burst(0, READ_BASE, 7, 3, INCR, lock=1))
    await tb.settle()
    assert len(tb.sub_ars) == before + 1 and tb.sub_ars[-1].lock == 1, "exclusive read was split"
    await tb.configure(256, 6)
    before = len(tb.sub_ars)
    await tb.master.read(Burst(0, READ_BASE + 0x1000 - 3 * BUS, 9, 3, INCR))  # 3 beats, then 7 past 4 KB
    await tb.settle()
    subs = tb.sub_ars[before:]
    assert [s.beats for s in subs] == [3, 7], f"4 KB split gave {[s.beats for s in subs]}"
    tb.check()


@cocotb.test()
async def test_write_data_before_address(dut):
    """W beats offered before their AW are held, not lost; zero-cycle W once the AW is in."""
    rng = seeded_rng("write_data_before_address")
    tb = Tb(dut, rng)
    await tb.start()
    await tb.configure(4, 2)
    for i in range(20):
        await tb.master.write(Burst(0, tb.writes.take(64 * BUS), rng.randint(0, 63), 3, INCR), rng)
    await tb.settle()
    assert tb.master.writes_done == 20
    tb.check()


@cocotb.test()
async def test_config_change_under_traffic(dut):
    """beta and L change every few hundred cycles while bursts are in flight: no transaction is corrupted
    (each sub-burst is cut with the values in force when it is issued)."""
    rng = seeded_rng("config_change_under_traffic")
    tb = Tb(dut, rng, reorder=True)
    await tb.start()
    await tb.configure(256, TRACK_DEPTH)       # the monitor's bounds: the largest values used below
    stop = False

    async def churn() -> None:
        while not stop:
            dut.cfg_nominal_len.value = rng.choice([1, 2, 5, 16, 64, 256])
            dut.cfg_max_rd_outstanding.value = rng.choice([1, 2, 6, TRACK_DEPTH])
            dut.cfg_max_wr_outstanding.value = rng.choice([1, 2, 6, TRACK_DEPTH])
            await ClockCycles(dut.aclk, rng.randint(20, 400))

    task = cocotb.start_soon(churn())
    await tb.master.random_traffic(rng, 1500, incr_len(16), tb.writes, READ_BASE)
    stop = True
    await task
    await tb.settle()
    assert tb.master.reads_done + tb.master.writes_done == 1500
    tb.check()


# ----------------------------------------------------------------------------------------------- random

@cocotb.test()
async def test_random(dut):
    """Constrained-random reads and writes over phases of random (beta, L), checked by the scoreboard."""
    rng = seeded_rng("random")
    total = random_txns()
    tb = Tb(dut, rng, reorder=True)
    await tb.start()
    done = 0
    while done < total:
        await tb.configure(rng.choice([1, 2, 3, 4, 8, 16, 16, 32, 64, 256, rng.randint(1, 256)]),
                     rng.choice([1, 2, 4, 6, 16]))
        n = min(total - done, rng.randint(200, 2000))
        await tb.master.random_traffic(rng, n, incr_len(tb.nominal), tb.writes, READ_BASE)
        await tb.settle()
        done += n
        tb.check()
    assert tb.master.reads_done + tb.master.writes_done == total
    cocotb.log.info("random: %d transactions, %d reads, %d writes, 0 mismatches", total,
                    tb.master.reads_done, tb.master.writes_done)
    await ClockCycles(dut.aclk, 2)


# ----------------------------------------------------------------------------------------------- pytest

@pytest.mark.parametrize("register_ready,stage,stress,testcase,ahead",
                         [(1, 0, 0, None, 0), (1, 0, 1, None, 0), (0, 0, 1, "test_random", 0), (1, 1, 1, None, 0),
                          (1, 1, 1, None, 1)],
                         ids=["clean", "idle+backpressure", "plain-ready-idle+backpressure-random",
                              "staged-input-idle+backpressure", "ready-ahead-idle+backpressure"])
def test_axi_burst_equalizer(register_ready: int, stage: int, stress: int, testcase: str | None, ahead: int) -> None:
    # ahead: hc_supervisor's setting (STAGE_INPUT, a 4-entry sub-burst buffer, READY prepared a cycle ahead)
    from hyperconnect import paths
    from lib.runner import run_cocotb
    run_cocotb("axi_burst_equalizer", "test_axi_burst_equalizer", paths.ROOT / "tests" / "axi_burst_equalizer",
               paths.rtl_sources(), {"DATA_WIDTH": 64, "ID_WIDTH": 4, "TRACK_DEPTH": TRACK_DEPTH,
                                     "REGISTER_READY": register_ready, "STAGE_INPUT": stage,
                                     **({"OUT_DEPTH": 4, "READY_AHEAD": 1} if ahead else {})},
               build_name=f"axi_burst_equalizer_rr{register_ready}_st{stage}{'_ahead' if ahead else ''}",
               testcase=testcase,
               env={"HC_STRESS": str(stress)})
