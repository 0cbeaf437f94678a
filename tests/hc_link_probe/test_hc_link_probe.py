# SPDX-License-Identifier: Apache-2.0
"""cocotb tests of hc_link_probe (issue 20: paper 004's pointer chase and bandwidth on the fabric side).

Fixed memory (axi_mem_model, LATENCY 10): a random cyclic permutation of 64 lines walked 256 hops — every
hop exactly 10 cycles (MIN = MAX = 10, SUM, HIST[3]), ACCESSES, LAST_ADDR, CYCLES = 12 n - 1 (the 2-cycle
turnaround); latency mode's addresses (sequential with a stride, xorshift64) against the reference, every
read 10 cycles even 8 in flight; bandwidth read at the bus's full rate (CYCLES = beats + LATENCY), write (the
pattern read back) and copy (the destination equals the source, read back).
DRAM (axi_dram_model ddr200_64, no refresh): chase inside a row — every hop a row hit, 1 + tCL = 3 cycles;
across the rows of one bank — every hop a conflict, 1 + tRP + tRCD + tCL = 7; the model's hit/conflict counts.
Python memory (random latency 1..40, optionally pausing every channel): constrained-random runs — every
mode, op, pattern, and clamped register values — each checked against the reference (every AR/AW address
and length, the chase's walk, the write pattern and copy data byte by byte, in-flight limit) and against
a monitor that measures each request's latency on the wires exactly as the probe defines it (AxVALID rise
-> last R / B handshake), so MIN, MAX, SUM, every HIST bin, ACCESSES, BYTES and CYCLES must equal it; a
DECERR region (chase and latency) and SLVERR writes (STATUS.error, the first error's response and
direction, the run stops issuing and ends: no hang); CTRL.abort; a held R channel (TIMEOUT ends the run;
after it the probe measures exactly again); rejected settings (mode 3, op 3: no traffic); the interrupt.
Through axi_hyperconnect (bench/rtl/link_probe_system_top.sv): idle latency AR 4 + memory 10 + R 2 = 16;
with three 256-beat readers the maximum stays at or below the model's bound (hyperconnect.scenario_model,
as `hc model` computes it). The AXI protocol checker watches the probe's port throughout. Seeds are
printed (HC_SEED replays).
"""

from __future__ import annotations

import random
from collections import deque

import cocotb
import pytest
from cocotb.triggers import ClockCycles, RisingEdge

from hyperconnect import linkprobe as lp
from hyperconnect.linkprobe import Settings

DECERR, SLVERR = 3, 2


# ------------------------------------------------------------------------------------------ helpers
class Monitor:
    """The probe's master port on the wires: every request's latency (the cycle its AxVALID rises -> the
    cycle of its last R beat's / its B's handshake), the addresses and lengths issued, completions and
    bytes, the first request and the last completion, the most requests in flight."""

    def __init__(self, dut) -> None:
        self.top = dut
        self.dut = dut.u_dut                      # (the probe's own ports, whichever memory answers them)
        self.nb = len(dut.m_axi_wstrb)
        self.clear()
        cocotb.start_soon(self._run())

    def clear(self) -> None:
        self.rd_lat: list[int] = []
        self.wr_lat: list[int] = []
        self.ars: list[tuple[int, int]] = []
        self.aws: list[tuple[int, int]] = []
        self._rq: deque[int] = deque()
        self._wq: deque[int] = deque()
        self._wlen: deque[int] = deque()
        self.completions = 0
        self.bytes = 0
        self.first: int | None = None
        self.last: int | None = None
        self.max_rd = self.max_wr = 0
        self.load: int | None = None              # the cycle the run's settings were latched (clr_q)

    async def _run(self) -> None:
        d = self.dut
        cycle = 0
        ar_seen = aw_seen = False                 # this request's VALID already stamped
        while True:
            await RisingEdge(self.top.aclk)
            cycle += 1
            if not int(self.top.aresetn.value):
                continue
            if self.load is None and int(d.clr_q.value):
                self.load = cycle
            arv, arr = int(d.m_axi_arvalid.value), int(d.m_axi_arready.value)
            awv, awr = int(d.m_axi_awvalid.value), int(d.m_axi_awready.value)
            for valid, seen, q in ((arv, ar_seen, self._rq), (awv, aw_seen, self._wq)):
                if valid and not seen:
                    q.append(cycle)
                    if self.first is None:
                        self.first = cycle
            ar_seen = bool(arv and not arr)
            aw_seen = bool(awv and not awr)
            if arv and arr:
                self.ars.append((int(d.m_axi_araddr.value), int(d.m_axi_arlen.value)))
            if awv and awr:
                self.aws.append((int(d.m_axi_awaddr.value), int(d.m_axi_awlen.value)))
                self._wlen.append(int(d.m_axi_awlen.value) + 1)
            self.max_rd = max(self.max_rd, len(self._rq))
            self.max_wr = max(self.max_wr, len(self._wq))
            if int(d.m_axi_rvalid.value) and int(d.m_axi_rready.value):
                self.bytes += self.nb
                if int(d.m_axi_rlast.value) and self._rq:
                    self.rd_lat.append(cycle - self._rq.popleft())
                    self.completions += 1
                    self.last = cycle
            if int(d.m_axi_bvalid.value) and int(d.m_axi_bready.value) and self._wq:
                self.wr_lat.append(cycle - self._wq.popleft())
                self.bytes += self.nb * self._wlen.popleft()
                self.completions += 1
                self.last = cycle


def expect_stats(r: lp.Result, lats: list[int], label: str) -> None:
    hist = [0] * lp.BINS
    for v in lats:
        hist[lp.bin_of(v)] += 1
    got = (r.lat_min, r.lat_max, r.lat_sum, r.hist)
    want = (min(lats, default=lp.MASK32), max(lats, default=0), sum(lats), hist)
    assert got == want, f"{label}: statistics (min, max, sum, hist) {got} != measured on the wires {want}"


def protocol_clean(dut) -> None:
    assert int(dut.protocol_errors.value) == 0, "the AXI protocol checker saw a rule broken on the probe's port"


async def setup_master(dut):
    from cocotbext.axi import AxiBus, AxiMaster
    lp.quiet(dut, "s_axi")
    return AxiMaster(AxiBus.from_prefix(dut, "s_axi"), dut.aclk, dut.aresetn, reset_active_level=False)


async def read_back(dut, setup, addr: int, n: int) -> bytes:
    dut.setup.value = 1
    data = (await setup.read(addr, n)).data
    dut.setup.value = 0
    return bytes(data)


# ------------------------------------------------------------------------------------------ fixed memory
@cocotb.test()
async def chase_fixed(dut) -> None:
    """A random cycle through 64 lines of a 4 KiB window, 256 hops: every hop exactly the memory's latency."""
    from hyperconnect.tb.env import seeded_rng
    rng = seeded_rng("chase_fixed")
    await lp.start_tb(dut)
    lat = int(dut.LATENCY.value)
    setup = await setup_master(dut)
    probe = lp.Probe(dut)
    assert await probe.rd("ID") == 0x48434C50
    b = await probe.build()
    base, n = 0x10000, 256
    chain = await lp.write_chain(dut, setup, rng, base, 64, 64, b.data_bytes)
    mon = Monitor(dut)
    r = await probe.run(Settings(mode="chase", base=base, window_log2=12, count=n))
    assert r.flag("done") and not r.flag("error") and not r.flag("busy"), f"STATUS {r.status:#x}"
    walk = [base]
    for _ in range(n - 1):
        walk.append(chain[walk[-1]])
    assert [a for a, _ in mon.ars] == walk, "the probe did not walk the permutation"
    assert r.accesses == n and r.last_addr == walk[-1]
    assert r.lat_min == r.lat_max == lat and r.lat_sum == n * lat, (r.lat_min, r.lat_max, r.lat_sum)
    assert r.hist[lp.bin_of(lat)] == n and r.samples == n
    assert r.cycles == n * (lat + 2) - 1, f"CYCLES {r.cycles}: the hop turnaround is 2 cycles"
    # CTRL.start's pulse -> the first ARVALID: 6 cycles (the latch, 4 derive steps, the issue)
    assert mon.first - mon.load == 5, f"the first ARVALID {mon.first - mon.load} cycles after the latch"
    assert r.bytes == n * b.data_bytes
    expect_stats(r, mon.rd_lat, "chase")
    protocol_clean(dut)


@cocotb.test()
async def latency_mode_fixed(dut) -> None:
    """Independent one-beat reads, sequential (a stride of 72 bytes, wrapping in the window) and random
    (xorshift64), 1 and 8 in flight: the addresses are the reference's and every read takes the latency."""
    from hyperconnect.tb.env import seeded_rng
    rng = seeded_rng("latency_mode_fixed")
    await lp.start_tb(dut)
    lat = int(dut.LATENCY.value)
    probe = lp.Probe(dut)
    b = await probe.build()
    mon = Monitor(dut)
    for rnd in (False, True):
        for outs in (1, 8):
            s = Settings(mode="latency", random=rnd, base=0x20000 + 4, window_log2=10, stride=72, count=300,
                         outstanding=outs, seed=rng.randrange(1 << 32))
            e = s.effective(b)
            mon.clear()
            r = await probe.run(s)
            assert not r.flag("error") and r.accesses == 300
            assert mon.ars == [(a, 0) for a in e.addresses(300)], f"random {rnd}: addresses"
            assert r.lat_min == r.lat_max == lat and r.hist[lp.bin_of(lat)] == 300
            assert mon.max_rd == outs, f"{mon.max_rd} in flight, asked {outs}"
            assert r.last_addr == mon.ars[-1][0]
            expect_stats(r, mon.rd_lat, f"latency random={rnd} outstanding={outs}")
    protocol_clean(dut)


@cocotb.test()
async def bandwidth_fixed(dut) -> None:
    """64 KiB read, write and copy in 16-beat bursts, 8 outstanding: the read at the bus's full rate
    (CYCLES = beats + latency), the written pattern and the copy's destination read back."""
    from hyperconnect.tb.env import seeded_rng
    rng = seeded_rng("bandwidth_fixed")
    await lp.start_tb(dut)
    lat = int(dut.LATENCY.value)
    setup = await setup_master(dut)
    probe = lp.Probe(dut)
    b = await probe.build()
    nbytes = 65536
    common = dict(mode="bandwidth", window_log2=16, count=nbytes, burst=16, outstanding=8)
    r = await probe.run(Settings(op="read", base=0x100000, **common))
    assert not r.flag("error") and r.bytes == nbytes and r.accesses == nbytes // (16 * b.data_bytes)
    assert r.cycles == nbytes // b.data_bytes + lat, f"read: CYCLES {r.cycles}, not beats + latency"
    pattern = rng.randrange(1 << 32)
    r = await probe.run(Settings(op="write", base=0x200000, pattern=pattern, **common))
    assert not r.flag("error") and r.bytes == nbytes
    assert r.bytes_per_cycle > 0.99 * b.data_bytes, f"write: {r.bytes_per_cycle:.3f} bytes/cycle"
    data = await read_back(dut, setup, 0x200000, nbytes)
    for a in range(0, nbytes, 4):
        want = lp.pattern_word(0x200000 + a, pattern)
        assert int.from_bytes(data[a:a + 4], "little") == want, f"write pattern at {0x200000 + a:#x}"
    r = await probe.run(Settings(op="copy", base=0x200000, dst=0x300000, **common))
    assert not r.flag("error") and r.bytes == 2 * nbytes and r.accesses == 2 * nbytes // (16 * b.data_bytes)
    assert r.bytes_per_cycle > 1.95 * b.data_bytes, f"copy: {r.bytes_per_cycle:.3f} bytes/cycle (reads and writes)"
    assert await read_back(dut, setup, 0x300000, nbytes) == data, "copy: the destination differs from the source"
    protocol_clean(dut)


# ------------------------------------------------------------------------------------------ DRAM
@cocotb.test()
async def chase_dram(dut) -> None:
    """ddr200_64: a chase inside one 8 KiB row is all row hits (1 + tCL = 3 cycles a hop); across the rows
    of one bank (32 KiB apart: 4 banks of 8 KiB rows) all conflicts (1 + tRP + tRCD + tCL = 7)."""
    from hyperconnect.tb.env import seeded_rng
    rng = seeded_rng("chase_dram")
    await lp.start_tb(dut)
    setup = await setup_master(dut)
    probe = lp.Probe(dut)
    b = await probe.build()
    want = lp.dram_read_latency("ddr200_64")
    t = lp.DRAM_TIMING["ddr200_64"]
    for name, base, slots, spacing, wl, key in (
            ("in a row", 0x10000, 64, 64, 12, "hit"),
            ("across rows of a bank", 0x100000, 32, t["row_bytes"] * t["banks"], 20, "conflict")):
        await lp.write_chain(dut, setup, rng, base, slots, spacing, b.data_bytes)
        before = int(dut.stat_hits.value), int(dut.stat_conflicts.value)
        r = await probe.run(Settings(mode="chase", base=base, window_log2=wl, count=200))
        hits, conflicts = int(dut.stat_hits.value) - before[0], int(dut.stat_conflicts.value) - before[1]
        assert not r.flag("error") and r.accesses == 200
        assert r.lat_min == r.lat_max == want[key], f"{name}: {r.lat_min}..{r.lat_max}, not {want[key]}"
        assert (hits, conflicts) == ((200, 0) if key == "hit" else (0, 200)), (name, hits, conflicts)
        assert int(dut.stat_refreshes.value) == 0
    protocol_clean(dut)


# ------------------------------------------------------------------------------------------ Python memory
class PyTb:
    def __init__(self, dut, rng: random.Random, stall: float = 0.0, errors=None, latency=(1, 40)) -> None:
        from hyperconnect.tb.axi_mem import AxiMemSlave
        from hyperconnect.tb.axi_ref import ErrorMap
        self.dut = dut
        self.mem = AxiMemSlave(dut, "m_axi", dut.aclk, dut.aresetn, len(dut.m_axi_wstrb), rng, latency=latency,
                               stall=stall, errors=errors or ErrorMap())
        self.mon = Monitor(dut)
        self.probe = lp.Probe(dut)

    def word(self, addr: int, nbytes: int) -> int:
        return int.from_bytes(bytes(self.mem.read_byte(addr + i) for i in range(nbytes)), "little")

    async def check_run(self, s: Settings, b: lp.Build, label: str) -> lp.Result:
        """Run `s` and check everything against the reference and the monitor."""
        e = s.effective(b)
        aw = e.addr_width
        ptr_bits = min(aw, 8 * b.data_bytes)
        # (the chase's walk from the memory as it is now; a chase never writes)
        walk = [e.base]
        if e.mode == 0:
            for _ in range(max(e.transactions - 1, 0)):
                walk.append(lp.chase_next(e, self.word(walk[-1], min(8, b.data_bytes)), ptr_bits))
        src = {}
        if e.op == 2:
            for a in set(e.addresses(e.transactions)):
                for i in range(e.burst * b.data_bytes):
                    src[(a + i) - e.base] = self.mem.read_byte(a + i)
        self.mon.clear()
        r = await self.probe.run(s)
        n = e.transactions
        assert r.flag("done") and not r.flag("busy") and not r.flag("error"), f"{label}: STATUS {r.status:#x}"
        ln = e.burst - 1
        if e.mode == 0:
            assert self.mon.ars == [(a, 0) for a in walk[:n]], f"{label}: the chase's walk"
        elif e.op in (0, 2):
            assert self.mon.ars == [(a, ln) for a in e.addresses(n)], f"{label}: read addresses/lengths"
        if e.op in (1, 2):
            assert self.mon.aws == [(a, ln) for a in e.addresses(n, e.wbase)], f"{label}: write addresses/lengths"
        reads = n if e.op != 1 else 0
        writes = n if e.op != 0 else 0
        assert (len(self.mon.ars), len(self.mon.aws)) == (reads, writes)
        assert self.mon.max_rd <= e.outstanding and self.mon.max_wr <= e.outstanding, \
            f"{label}: {self.mon.max_rd}/{self.mon.max_wr} in flight, limit {e.outstanding}"
        assert r.accesses == reads + writes == self.mon.completions, f"{label}: ACCESSES {r.accesses}"
        assert r.bytes == self.mon.bytes == (reads + writes) * e.burst * b.data_bytes, f"{label}: BYTES {r.bytes}"
        if n:
            assert r.cycles == self.mon.last - self.mon.first + 1, f"{label}: CYCLES {r.cycles}"
        else:
            assert r.cycles == 0
        if reads:
            assert r.last_addr == self.mon.ars[-1][0], f"{label}: LAST_ADDR"
        expect_stats(r, self.mon.wr_lat if e.op == 1 else self.mon.rd_lat, label)
        if e.op == 1:
            for a in set(e.addresses(n)):
                for w in range(0, e.burst * b.data_bytes, 4):
                    got = self.word(a + w, 4)
                    assert got == lp.pattern_word(a + w, e.pattern), f"{label}: word at {a + w:#x}: {got:#x}"
        if e.op == 2:
            for k, v in src.items():
                assert self.mem.read_byte(e.wbase + k) == v, f"{label}: copy byte at {e.wbase + k:#x}"
        assert not self.mem.failures, self.mem.failures[:3]
        return r


def random_settings(rng: random.Random, b: lp.Build) -> Settings:
    """A random run: reads in the lower half of the address space (at most 32 bits of it), a copy's
    destination in the upper half; windows that writes use at most 64 KiB, so a copy's source and
    destination never overlap."""
    mode = rng.choice(["chase", "latency", "latency", "bandwidth", "bandwidth", "bandwidth"])
    op = rng.choice(["read", "write", "copy"])
    bw = mode == "bandwidth"
    writes = bw and op != "read"
    wl = rng.choice([0, b.sb, rng.randint(b.sb, 16), 16] + ([] if writes else [63]))
    half = 1 << (min(b.addr_width, 32) - 1)
    return Settings(mode=mode, op=op, random=rng.random() < 0.5,
                    base=rng.randrange(0, half - (1 << 17)), dst=half + rng.randrange(0, half - (1 << 17)),
                    window_log2=wl, stride=rng.choice([0, 0, 4, 24, b.data_bytes, 4096, rng.randrange(1, 1 << 16)]),
                    count=rng.choice([0, 1] + 6 * [rng.randrange(2, 16000) if bw else rng.randrange(2, 120)]),
                    burst=rng.choice([0, 1, 2, 3, 7, 16, 64, 256, 300, 511]),
                    outstanding=rng.choice([0, 1, 2, 5, 8, 32, 63]), seed=rng.randrange(1 << 32),
                    pattern=rng.randrange(1 << 32), qos=rng.randrange(16))


async def random_runs(dut, stall: float, runs: int) -> None:
    from hyperconnect.tb.env import seeded_rng
    rng = seeded_rng(f"random_runs(stall {stall})")
    tb = PyTb(dut, rng, stall=stall)
    await lp.start_tb(dut)
    b = await tb.probe.build()
    assert b.data_bytes == len(dut.m_axi_wstrb) and b.addr_width == len(dut.m_axi_araddr)
    for k in range(runs):
        s = random_settings(rng, b)
        e = s.effective(b)
        if e.mode == 0 and rng.random() < 0.6:
            # a random cycle through lines of the window, pointers as offsets or (BASE aligned) addresses
            spacing = b.data_bytes << rng.randint(0, 3)
            slots = max(1, min(64, (1 << e.window_log2) // spacing))
            chain = lp.permutation_chain(rng, [e.base + i * spacing for i in range(slots)])
            for a, nxt in chain.items():
                for i, byte in enumerate((nxt - e.base).to_bytes(8, "little")):
                    tb.mem.mem[a + i] = byte
        label = f"run {k} {s}"
        r = await tb.check_run(s, b, label)
        dut._log.info("run %d: mode %d op %d random %d, %d x %d beats, %d outstanding, window 2^%d: latency "
                      "%d..%d, %d cycles", k, e.mode, e.op, e.random, e.transactions, e.burst, e.outstanding,
                      e.window_log2, r.lat_min if r.samples else 0, r.lat_max, r.cycles)
    protocol_clean(dut)


@cocotb.test()
async def random_idle(dut) -> None:
    """Constrained-random runs, the memory's latency 1..40 cycles, every channel ready."""
    await random_runs(dut, 0.0, 60)


@cocotb.test()
async def random_stall(dut) -> None:
    """The same with the memory pausing each channel 30 % of the cycles."""
    await random_runs(dut, 0.3, 40)


@cocotb.test()
async def errors_stop_the_run(dut) -> None:
    """A DECERR region read by a chase and by latency mode, SLVERR on writes: STATUS.error with the first
    error's response and direction; the run stops issuing, ends once what it issued completed (no hang),
    and the next run starts clean."""
    from hyperconnect.tb.axi_ref import ErrorMap
    from hyperconnect.tb.env import seeded_rng
    rng = seeded_rng("errors_stop_the_run")
    tb = PyTb(dut, rng, errors=ErrorMap([(0x50000, 0x1000, DECERR), (0x60000, 0x100, SLVERR)]))
    await lp.start_tb(dut)
    b = await tb.probe.build()
    p = tb.probe
    # a chase (BASE 0, so its pointers are addresses) whose third hop lands in the DECERR region
    for a, nxt in ((0, 0x4F040), (0x4F040, 0x50080)):
        for i, byte in enumerate(nxt.to_bytes(8, "little")):
            tb.mem.mem[a + i] = byte
    tb.mon.clear()
    r = await p.run(Settings(mode="chase", base=0, window_log2=24, count=100))
    assert r.flag("done") and r.flag("error") and r.flag("err_resp") == DECERR and not r.flag("err_write")
    assert r.accesses == 3 and [a for a, _ in tb.mon.ars] == [0, 0x4F040, 0x50080], tb.mon.ars
    # latency mode, 8 in flight, sequential into the region: stops issuing, completes what it issued
    tb.mon.clear()
    r = await p.run(Settings(mode="latency", base=0x4FF00, window_log2=16, count=1000, outstanding=8))
    assert r.flag("error") and r.flag("err_resp") == DECERR and not r.flag("busy")
    assert r.accesses == len(tb.mon.ars) < 1000 and tb.mem.reads_done >= r.accesses
    # writes answered SLVERR
    r = await p.run(Settings(mode="bandwidth", op="write", base=0x5FF00, window_log2=12, count=4096, burst=8,
                             outstanding=4))
    assert r.flag("error") and r.flag("err_write") and r.flag("err_resp") == SLVERR
    # the next run is clean
    r = await tb.check_run(Settings(mode="latency", base=0x10000, count=50, outstanding=4), b, "after errors")
    assert r.flag("err_resp") == 0
    protocol_clean(dut)


def field_of_busy(status: int) -> bool:
    return bool(lp.field_of("STATUS", "busy", status))


@cocotb.test()
async def abort_timeout_reject(dut) -> None:
    """CTRL.abort ends a long run once what it issued has completed (STATUS.aborted); a memory that holds R
    makes the run time out (STATUS.error, .timeout, not busy), and once it answers the probe measures
    exactly again; mode 3 and op 3 are rejected with no traffic; COUNT 0 ends at once; irq follows
    STATUS.done while enabled."""
    from hyperconnect.tb.env import seeded_rng
    rng = seeded_rng("abort_timeout_reject")
    tb = PyTb(dut, rng)
    await lp.start_tb(dut)
    b = await tb.probe.build()
    p = tb.probe
    await p.start(Settings(mode="bandwidth", op="copy", base=0x100000, dst=0x200000, count=1 << 24, burst=16,
                           outstanding=8))
    await ClockCycles(dut.aclk, 300)
    await p.wr("CTRL", lp.value("CTRL", abort=1))
    st = await p.wait()
    r = await p.results()
    assert st & lp.value("STATUS", aborted=1) and not r.flag("error") and 0 < r.accesses < (1 << 24) // 64
    assert tb.mem.reads_done == len(tb.mon.ars) and tb.mem.writes_done == len(tb.mon.aws)
    # timeout: R held
    tb.mem.hold("r")
    await p.start(Settings(mode="latency", base=0x10000, count=100, outstanding=4, timeout=300))
    st = await p.wait(poll=16, limit=5000)
    assert st & lp.value("STATUS", error=1, timeout=1) and not st & lp.value("STATUS", busy=1), f"{st:#x}"
    tb.mem.release("r")
    await ClockCycles(dut.aclk, 200)                 # (the responses still owed arrive and are dropped)
    await tb.check_run(Settings(mode="latency", base=0x10000, count=60, outstanding=4), b, "after the timeout")
    # a start while the timed-out run's responses are still owed waits for them (STATUS.busy meanwhile), so
    # none is taken as the new run's (review: the first version started at once and counted them)
    tb.mem.hold("r")
    await p.start(Settings(mode="latency", base=0x10000, count=100, outstanding=4, timeout=300))
    st = await p.wait(poll=16, limit=5000)
    assert st & lp.value("STATUS", timeout=1), f"{st:#x}"

    async def release_later() -> None:
        await ClockCycles(dut.aclk, 400)
        assert field_of_busy(await p.rd("STATUS")), "the start did not wait for the owed responses"
        tb.mem.release("r")
        while not dut.m_axi_arvalid.value:           # (the monitor forgets the old run's late beats)
            tb.mon.clear()
            await RisingEdge(dut.aclk)
    cocotb.start_soon(release_later())
    await tb.check_run(Settings(mode="latency", base=0x20000, count=60, outstanding=4), b, "started while owed")
    # rejected settings, COUNT 0
    for s in (Settings(mode=3), Settings(mode="bandwidth", op=3)):
        before = len(tb.mon.ars), len(tb.mon.aws)
        await p.start(s)
        st = await p.wait(poll=4)
        assert st & lp.value("STATUS", done=1, error=1, config_err=1), f"{s}: STATUS {st:#x}"
        await ClockCycles(dut.aclk, 20)
        assert (len(tb.mon.ars), len(tb.mon.aws)) == before, "a rejected run moved data"
    r = await tb.check_run(Settings(mode="bandwidth", op="copy", count=0), b, "COUNT 0")
    assert r.accesses == 0 and r.lat_min == lp.MASK32 and not r.flag("config_err")
    # the interrupt
    await p.start(Settings(mode="latency", base=0x10000, count=10, irq_en=True))
    await p.wait(poll=4)
    await ClockCycles(dut.aclk, 3)
    assert int(dut.irq.value) == 1
    await p.wr("STATUS", lp.value("STATUS", done=1, error=1))
    await ClockCycles(dut.aclk, 3)
    assert int(dut.irq.value) == 0
    protocol_clean(dut)


@cocotb.test()
async def clamps(dut) -> None:
    """Out-of-range values are clamped as the map says: BURST to a power of two within 256 beats, 4 KB and
    (copy) half the FIFO; OUTSTANDING 0 as 1 and above the maximum as it; WINDOW below the access as the
    access (checked through check_run's reference, which applies the same rules)."""
    from hyperconnect.tb.env import seeded_rng
    rng = seeded_rng("clamps")
    tb = PyTb(dut, rng, latency=(30, 30))
    await lp.start_tb(dut)
    b = await tb.probe.build()
    bb = b.data_bytes
    for burst, op, want in ((0, "read", 1), (300, "read", min(256, 4096 // bb)), (7, "write", 4),
                            (256, "copy", min(256, 4096 // bb, 1 << (b.fifo_log2 - 1)))):
        s = Settings(mode="bandwidth", op=op, base=0x10000, dst=0x40000, window_log2=16,
                     count=4 * want * bb, burst=burst, outstanding=2)
        assert s.effective(b).burst == want
        await tb.check_run(s, b, f"BURST {burst} ({op})")
        assert {ln for _, ln in tb.mon.ars + tb.mon.aws} == {want - 1}, f"BURST {burst}: lengths"
    for outs, want in ((0, 1), (63, b.max_outstanding)):
        s = Settings(mode="latency", base=0x10000, count=4 * want + 8, outstanding=outs)
        await tb.check_run(s, b, f"OUTSTANDING {outs}")
        assert tb.mon.max_rd == want, f"OUTSTANDING {outs}: {tb.mon.max_rd} in flight"
    s = Settings(mode="latency", random=True, base=0x10000, window_log2=0, count=20)
    await tb.check_run(s, b, "WINDOW 0")
    assert {a for a, _ in tb.mon.ars} == {0x10000}, "WINDOW 0: one access wide"
    protocol_clean(dut)


# ------------------------------------------------------------------------------------------ loaded
@cocotb.test()
async def loaded_bound(dut) -> None:
    """Through axi_hyperconnect: idle latency 4 + 10 + 2 = 16 cycles on every read; with three 256-beat
    readers (8 outstanding) on the other ports, the latency grows but stays at or below the model's bound."""
    latency = int(dut.LATENCY.value)
    plan = lp.plan_loaded(1)
    for r in plan["runs"]:
        r["settings"]["count"] = 200
    plan["interferers"] = [g | {"total_bytes": 1 << 20} for g in plan["interferers"]]
    runs = await lp.bench_system(dut, plan)
    bound = lp.loaded_bound(lp.INTERFERERS, latency)
    for r in runs:
        s = r["result"]
        dut._log.info("%s: %s..%s (bound %s)", r["name"], s["lat_min"], s["lat_max"], bound)
        assert not s["error"] and s["accesses"] == 200
        if "idle" in r["name"]:
            assert s["lat_min"] == s["lat_max"] == 4 + latency + 2, f"{r['name']}: idle {s['lat_min']}..{s['lat_max']}"
        else:
            assert 4 + latency + 2 < s["lat_max"] <= bound, f"{r['name']}: max {s['lat_max']}, bound {bound}"


# ------------------------------------------------------------------------------------------ pytest
def _tb_sources():
    return lp.direct_sources()


FIXED = ["chase_fixed", "latency_mode_fixed", "bandwidth_fixed"]
PY = ["random_idle", "random_stall", "errors_stop_the_run", "abort_timeout_reject", "clamps"]


@pytest.mark.parametrize("name,params,tests", [
    ("fixed", {"MEM": 1, "LATENCY": 10}, FIXED),
    ("dram", {"MEM": 2, "T_REFI": lp.REFI_OFF}, ["chase_dram"]),
    ("py64", {"MEM": 0}, PY),
    ("py32", {"MEM": 0, "DATA_WIDTH": 32, "ADDR_WIDTH": 64, "MAX_OUTSTANDING": 5, "FIFO_DEPTH": 8},
     ["random_idle", "clamps", "abort_timeout_reject"]),
    ("py256", {"MEM": 0, "DATA_WIDTH": 256, "ADDR_WIDTH": 20, "MAX_OUTSTANDING": 32, "FIFO_DEPTH": 1024},
     ["random_stall", "clamps"]),
])
def test_hc_link_probe(name: str, params: dict, tests: list[str]) -> None:
    from hyperconnect import paths
    from lib.runner import run_cocotb
    run_cocotb("hc_link_probe_tb", "test_hc_link_probe", paths.ROOT / "tests" / "hc_link_probe", _tb_sources(),
               parameters=params, build_name=f"hc_link_probe_{name}", testcase=tests)


def test_loaded_through_hyperconnect() -> None:
    from hyperconnect import paths
    from lib.runner import run_cocotb
    run_cocotb("link_probe_system_top", "test_hc_link_probe", paths.ROOT / "tests" / "hc_link_probe",
               lp.system_sources(), parameters={"MEM_MODEL": 0, "LATENCY": 10}, build_name="link_probe_system",
               testcase="loaded_bound")


def test_reference() -> None:
    """The Python side: the map read from the RDL, the clamps, xorshift64, the histogram's bins, the bound."""
    m = lp.regmap()
    assert m["ID"].offset == 0 and m["HIST15"].offset == 0xBC and m["CTRL"].fields["mode"].lsb == 4
    b = lp.Build()
    e = Settings(mode="bandwidth", op="copy", burst=511, outstanding=0, window_log2=2, count=1).effective(b)
    assert (e.burst, e.outstanding, e.window_log2, e.transactions) == (32, 1, 8, 1)
    e = Settings(mode="chase", burst=64, outstanding=9, base=0x1007).effective(b)
    assert (e.burst, e.outstanding, e.base) == (1, 1, 0x1000)
    assert lp.xorshift(1) == 0x40822041 and [lp.bin_of(v) for v in (0, 1, 2, 3, 4, 10, 1 << 15, 1 << 31)] == \
        [0, 0, 1, 1, 2, 3, 15, 15]
    assert lp.loaded_bound(lp.INTERFERERS, 10) == 3 * 4 * 16 + 1 + 10 + 6
    with pytest.raises(ValueError):
        Settings(mode=3).effective(b)


def test_c_header_is_strict_c11(tmp_path) -> None:
    """The probe's generated C header compiles as strict C11 and has the offsets linkprobe reads."""
    import subprocess
    from hyperconnect import regs
    header = regs.generate_link_probe()["header"]
    src = tmp_path / "use_header.c"
    src.write_text('#include <stddef.h>\n#include "hc_link_probe_regs.h"\n'
                   f"_Static_assert(offsetof(hc_link_probe_t, LAT_MAX) == {lp.off('LAT_MAX'):#x}, \"LAT_MAX\");\n"
                   f"_Static_assert(offsetof(hc_link_probe_t, HIST15) == {lp.off('HIST15'):#x}, \"HIST15\");\n"
                   "int main(void) { return 0; }\n")
    subprocess.run(["gcc", "-std=c11", "-Wall", "-Wextra", "-Werror", "-pedantic", f"-I{header.parent}",
                    str(src), "-o", str(tmp_path / "use_header")], check=True)
