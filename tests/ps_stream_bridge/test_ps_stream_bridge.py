# SPDX-License-Identifier: Apache-2.0
"""cocotb tests of ps_stream_bridge: the Python side plays the processor (it owns the rings in the memory
model and runs the producer / consumer of each stream exactly as ps::stream does: slots first, then the
pointer), the bridge serves them through its AXI4 master; AXI4-Stream sinks/sources play the fabric.
Checked: every element arrives once and in order on every stream (capacities small enough that the rings
wrap many times and the cached pointers run out), with random memory latency, and (HC_STRESS=1) random
backpressure on AXI4-Stream and the memory's channels; a refused layout sets STATUS.error and irq and never
hangs; disabling a stream finishes and publishes. HC_SEED replays."""

from __future__ import annotations

import os
import random

import cocotb
import pytest
from cocotb.triggers import ClockCycles, RisingEdge, with_timeout
from cocotbext.axi import AxiLiteBus, AxiLiteMaster

from hyperconnect.tb.axi_mem import AxiMemSlave
from hyperconnect.tb.axi_ref import ErrorMap
from hyperconnect.tb.env import knobs, seeded_rng, start_clock_reset

BUS = 16                                   # 128-bit AXI port
EB = int(os.environ.get("PSB_ELEM", "16"))  # element (= slot) bytes: one beat, or narrow beats if smaller
TAIL, HEAD, DATA = 0x80, 0x100, 0x180
MAGIC, VERSION = 0x54535350, 1
N_TO_PL = int(os.environ.get("PSB_N_TO_PL", "1"))
N_FROM_PL = int(os.environ.get("PSB_N_FROM_PL", "1"))
STREAM = lambda i, off: 0x100 + 0x20 * i + off          # noqa: E731  register of stream i
BASE_LO, BASE_HI, CTRL, STATUS, ELEMENTS = 0x0, 0x4, 0x8, 0xC, 0x10
RUNNING, BUSY = 1 << 0, 1 << 4                             # STATUS bits (error in [3:1])


class Ring:
    """One stream's layout in the memory model, and the processor side of it."""

    def __init__(self, mem: dict[int, int], base: int, capacity: int, elem: int = EB, magic: int = MAGIC,
                 version: int = VERSION) -> None:
        self.mem, self.base, self.cap = mem, base, capacity
        words = [magic, version, elem, elem, capacity, TAIL, HEAD, DATA]
        for k, w in enumerate(words):
            self.put32(4 * k, w)
        for off in (TAIL, HEAD):
            self.put32(off, 0)
        self.tail = self.head = 0

    def _write(self, addr: int, v: int, nbytes: int) -> None:
        for k in range(nbytes):
            self.mem[addr + k] = (v >> (8 * k)) & 0xFF

    def _read(self, addr: int, nbytes: int) -> int:
        return sum(self.mem.get(addr + k, 0) << (8 * k) for k in range(nbytes))

    def put32(self, off: int, v: int) -> None:
        self._write(self.base + off, v, 4)

    def get32(self, off: int) -> int:
        return self._read(self.base + off, 4)

    def slot(self, i: int) -> int:
        return self.base + DATA + (i % self.cap) * EB

    def write_slot(self, i: int, v: int) -> None:
        self._write(self.slot(i), v, EB)

    def read_slot(self, i: int) -> int:
        return self._read(self.slot(i), EB)


async def produce(clk, ring: Ring, items: list[int], rng: random.Random, batch: int) -> None:
    """The processor as producer: fill what room the published head leaves, slots first, then tail."""
    i = 0
    while i < len(items):
        room = ring.cap - ((ring.tail - ring.get32(HEAD)) & 0xFFFF_FFFF)
        n = min(room, len(items) - i, batch)
        if n == 0:
            await ClockCycles(clk, rng.randint(1, 8))
            continue
        for k in range(n):
            ring.write_slot(ring.tail + k, items[i + k])
        ring.tail = (ring.tail + n) & 0xFFFF_FFFF
        ring.put32(TAIL, ring.tail)
        i += n
        await ClockCycles(clk, rng.randint(1, 4))


async def consume(clk, ring: Ring, count: int, rng: random.Random, got: list[int]) -> None:
    """The processor as consumer: read what the published tail covers, then publish head."""
    while len(got) < count:
        avail = (ring.get32(TAIL) - ring.head) & 0xFFFF_FFFF
        if avail == 0:
            await ClockCycles(clk, rng.randint(1, 8))
            continue
        assert avail <= ring.cap, f"tail {ring.get32(TAIL)} is {avail} ahead of head {ring.head}"
        for k in range(avail):
            got.append(ring.read_slot(ring.head + k))
        ring.head = (ring.head + avail) & 0xFFFF_FFFF
        ring.put32(HEAD, ring.head)
        await ClockCycles(clk, rng.randint(1, 4))


class AxisPorts:
    """The fabric side: every PS->PL stream's AXI4-Stream sink and every PL->PS stream's source, driven by one
    coroutine (the streams share packed vectors, so each signal is written once per cycle). At each edge the
    values of the cycle that just ended are sampled (a handshake if VALID and READY were both high), then the
    next cycle's values are set: TREADY low with probability p (sinks), TVALID low with probability p between
    elements (sources; TDATA held until taken)."""

    MASK = (1 << (8 * EB)) - 1

    def __init__(self, dut, rng: random.Random, p: float) -> None:
        self.dut, self.rng, self.p = dut, rng, p
        self.got: list[list[int]] = [[] for _ in range(N_TO_PL)]
        self.send: list[list[int]] = [[] for _ in range(N_FROM_PL)]
        self.sent = [0] * N_FROM_PL
        cocotb.start_soon(self._run())

    async def _run(self) -> None:
        dut, rng = self.dut, self.rng
        ready, valid = 0, 0
        while True:
            tready = 0
            for i in range(N_TO_PL):
                if rng.random() >= self.p:
                    tready |= 1 << i
            tvalid, tdata = 0, 0
            for j in range(N_FROM_PL):
                k = self.sent[j]
                if k < len(self.send[j]) and ((valid >> j) & 1 or rng.random() >= self.p):
                    tvalid |= 1 << j
                    tdata |= self.send[j][k] << (8 * EB * j)
            dut.m_axis_tready.value = tready
            dut.s_axis_tvalid.value = tvalid
            dut.s_axis_tdata.value = tdata
            ready, valid = tready, tvalid
            await RisingEdge(dut.aclk)
            mv, md = int(dut.m_axis_tvalid.value), int(dut.m_axis_tdata.value)
            sr = int(dut.s_axis_tready.value)
            for i in range(N_TO_PL):
                if (mv >> i) & 1 and (ready >> i) & 1:
                    self.got[i].append((md >> (8 * EB * i)) & self.MASK)
            for j in range(N_FROM_PL):
                if (valid >> j) & 1 and (sr >> j) & 1:
                    self.sent[j] += 1
                    valid &= ~(1 << j)


class Tb:
    def __init__(self, dut, rng: random.Random) -> None:
        k = knobs()
        self.dut, self.rng, self.knobs = dut, rng, k
        dut.m_axis_tready.value = 0
        dut.s_axis_tvalid.value = 0
        dut.s_axis_tdata.value = 0
        self.errors = ErrorMap()
        self.mem = AxiMemSlave(dut, "m_axi", dut.aclk, dut.aresetn, BUS, rng, latency=(2, 30), stall=k["stall"],
                               errors=self.errors)
        self.axil = AxiLiteMaster(AxiLiteBus.from_prefix(dut, "s_axil"), dut.aclk, dut.aresetn,
                                  reset_active_level=False)

    async def wr(self, addr: int, v: int) -> None:
        await self.axil.write_dword(addr, v)

    async def rd(self, addr: int) -> int:
        return await self.axil.read_dword(addr)

    async def enable(self, i: int, ring: Ring) -> None:
        await self.wr(STREAM(i, BASE_LO), ring.base & 0xFFFF_FFFF)
        await self.wr(STREAM(i, CTRL), 1)


BASE = 0x1000_0000


@cocotb.test()
async def test_streams_both_ways(dut):
    """Every stream moves its elements once and in order; the rings wrap many times."""
    rng = seeded_rng("streams_both_ways")
    tb = Tb(dut, rng)
    await start_clock_reset(dut)
    assert await tb.rd(0x0) == 0x50534252
    build = await tb.rd(0x8)
    assert build & 0x1F == N_TO_PL and (build >> 8) & 0x1F == N_FROM_PL and (build >> 16) & 0xFF == EB
    n = int(os.environ.get("PSB_ELEMENTS", "600"))
    axis = AxisPorts(dut, rng, tb.knobs["backpressure"])
    tasks, checks = [], []
    for i in range(N_TO_PL):
        ring = Ring(tb.mem.mem, BASE + 0x10_0000 * i, rng.choice([16, 32, 64]))
        items = [rng.getrandbits(8 * EB) for _ in range(n)]
        await tb.enable(i, ring)
        tasks.append(cocotb.start_soon(produce(dut.aclk, ring, items, rng, rng.choice([1, 7, 64]))))
        checks.append((f"PS->PL {i}", items, axis.got[i]))
    for j in range(N_FROM_PL):
        ring = Ring(tb.mem.mem, BASE + 0x10_0000 * (N_TO_PL + j), rng.choice([16, 32, 64]))
        items = [rng.getrandbits(8 * EB) for _ in range(n)]
        got: list[int] = []
        await tb.enable(N_TO_PL + j, ring)
        axis.send[j] = items
        tasks.append(cocotb.start_soon(consume(dut.aclk, ring, n, rng, got)))
        checks.append((f"PL->PS {j}", items, got))
    for t in tasks:
        await with_timeout(t, 2000, "us")
    await ClockCycles(dut.aclk, 200)
    for name, items, got in checks:
        assert got == items, (f"{name}: {len(got)} of {len(items)} elements, first difference at "
                              f"{next((k for k, (a, b) in enumerate(zip(got, items)) if a != b), min(len(got), len(items)))}")
    for i in range(N_TO_PL + N_FROM_PL):
        assert await tb.rd(STREAM(i, STATUS)) == RUNNING | BUSY, f"stream {i} not running without error"
        assert await tb.rd(STREAM(i, ELEMENTS)) == n
        await tb.wr(STREAM(i, CTRL), 0)                          # disable: finishes, publishes, stops
    for i in range(N_TO_PL + N_FROM_PL):
        for _ in range(100):
            if await tb.rd(STREAM(i, STATUS)) == 0:             # neither running nor busy, no error
                break
        assert await tb.rd(STREAM(i, STATUS)) == 0, f"stream {i} did not stop"
    assert not tb.mem.failures, tb.mem.failures[:10]
    chk = dut.u_checker
    assert int(chk.errors.value) == 0, f"{int(chk.errors.value)} AXI protocol violation(s) at the bridge's port"
    assert int(chk.reads.value) == int(chk.reads_done.value) and int(chk.writes.value) == int(chk.writes_done.value)
    cocotb.log.info("bridge port: %d reads, %d writes, 0 protocol violations", int(chk.reads.value),
                    int(chk.writes.value))


@cocotb.test()
async def test_register_map(dut):
    """Each built stream has its own register block (BASE, CTRL read back; STATUS, ELEMENTS read-only); the
    map's other stream blocks read 0 and ignore writes; an address outside every register is SLVERR."""
    rng = seeded_rng("register_map")
    tb = Tb(dut, rng)
    await start_clock_reset(dut)
    u = N_TO_PL + N_FROM_PL
    values = {i: (rng.getrandbits(32) & ~0x7F, rng.getrandbits(32)) for i in range(16)}
    for i, (lo, hi) in values.items():
        await tb.wr(STREAM(i, BASE_LO), lo)
        await tb.wr(STREAM(i, BASE_HI), hi)
        await tb.wr(STREAM(i, STATUS), 0xFFFF_FFFF)              # read-only: no effect
    for i, (lo, hi) in values.items():
        want = (lo, hi, 0, 0, 0) if i < u else (0, 0, 0, 0, 0)
        got = tuple([await tb.rd(STREAM(i, off)) for off in (BASE_LO, BASE_HI, CTRL, STATUS, ELEMENTS)])
        assert got == want, f"stream {i} ({'built' if i < u else 'absent'}): registers {got}, want {want}"
    for addr in (0x20, 0xFC, STREAM(0, 0x14), STREAM(15, 0x1C), 0x300):
        resp = await tb.axil.read(addr, 4)
        assert int(resp.resp) == 2, f"read of 0x{addr:x}: response {resp.resp}, want SLVERR"


@cocotb.test()
async def test_refused_layouts(dut):
    """A wrong word anywhere in the header (magic, version, element or slot width, capacity, offsets) stops
    the stream with its error code and irq; clearing enable lets it go idle; a correct layout then runs."""
    rng = seeded_rng("refused_layouts")
    tb = Tb(dut, rng)
    await start_clock_reset(dut)
    await tb.wr(0x10, 0xFFFF)                                   # IRQ_EN
    # (name, Ring arguments, header word to overwrite afterwards or None, its value, error code): every
    # word of the header is checked, in both header beats of a 128-bit bus
    cases = [("magic", dict(magic=0x12345678), None, 0, 1), ("version", dict(version=2), None, 0, 2),
             ("width", dict(elem=EB // 2 or 2), None, 0, 3), ("slot size", {}, 3, 2 * EB, 3),
             ("capacity 24", dict(capacity=24), None, 0, 4), ("capacity 1", dict(capacity=1), None, 0, 4),
             ("tail offset", {}, 5, 0x40, 5), ("head offset", {}, 6, 0x80, 5), ("data offset", {}, 7, 0x200, 5)]
    for name, kw, word, value, code in cases:
        ring = Ring(tb.mem.mem, BASE, **{"capacity": 16, **kw})
        if word is not None:
            ring.put32(4 * word, value)
        await tb.enable(0, ring)
        for _ in range(200):
            st = await tb.rd(STREAM(0, STATUS))
            if st >> 1 & 7:
                break
        assert st >> 1 & 7 == code, f"{name}: STATUS 0x{st:x}, want error {code}"
        assert int(dut.irq.value) == 1 and await tb.rd(0x0C) & 1
        await tb.wr(0x0C, 1)
        await tb.wr(STREAM(0, CTRL), 0)
        await ClockCycles(dut.aclk, 50)
        assert int(dut.irq.value) == 0 and not await tb.rd(STREAM(0, STATUS)) & BUSY
    ring = Ring(tb.mem.mem, BASE, 16)
    await tb.enable(0, ring)
    items = [rng.getrandbits(8 * EB) for _ in range(50)]
    axis = AxisPorts(dut, rng, 0.0)
    await with_timeout(cocotb.start_soon(produce(dut.aclk, ring, items, rng, 8)), 500, "us")
    await ClockCycles(dut.aclk, 200)
    assert axis.got[0] == items


@cocotb.test()
async def test_bus_error_stops_stream(dut):
    """An error response on a stream's slots (PS->PL: a read; PL->PS: a write) stops that stream with error
    6 and irq, nothing hangs; disabling it lets it go idle."""
    rng = seeded_rng("bus_error")
    tb = Tb(dut, rng)
    await start_clock_reset(dut)
    await tb.wr(0x10, 0xFFFF)
    axis = AxisPorts(dut, rng, 0.0)
    bad_to, bad_from = Ring(tb.mem.mem, BASE, 16), Ring(tb.mem.mem, BASE + 0x10_0000, 16)
    tb.errors.ranges += [(BASE + DATA, 16 * EB, 2), (BASE + 0x10_0000 + DATA, 16 * EB, 3)]   # SLVERR, DECERR
    await tb.enable(0, bad_to)
    await tb.enable(N_TO_PL, bad_from)
    cocotb.start_soon(produce(dut.aclk, bad_to, [1, 2, 3], rng, 3))
    axis.send[0] = [4, 5, 6]
    for i in (0, N_TO_PL):
        for _ in range(200):
            if await tb.rd(STREAM(i, STATUS)) >> 1 & 7:
                break
        assert await tb.rd(STREAM(i, STATUS)) >> 1 & 7 == 6, f"stream {i}: STATUS 0x{await tb.rd(STREAM(i, STATUS)):x}"
    assert int(dut.irq.value) == 1 and await tb.rd(0x0C) == (1 | 1 << N_TO_PL)
    for i in (0, N_TO_PL):
        await tb.wr(STREAM(i, CTRL), 0)
    await ClockCycles(dut.aclk, 100)
    for i in (0, N_TO_PL):
        assert await tb.rd(STREAM(i, STATUS)) == 6 << 1, f"stream {i}: error 6, not running, not busy"
    assert int(dut.u_checker.errors.value) == 0


# (streams to the PL, streams from the PL, element bytes): elements of one bus beat, and narrower ones
# (narrow bursts, one element per beat on its lanes; 1-byte elements use all 16 lanes)
CONFIGS = [(1, 1, 16), (4, 4, 16), (1, 1, 4), (4, 4, 4), (2, 2, 1)]


@pytest.mark.parametrize("config", CONFIGS, ids=[f"{a}+{b}_{e}B" for a, b, e in CONFIGS])
@pytest.mark.parametrize("stress", [0, 1], ids=["clean", "idle+backpressure"])
def test_ps_stream_bridge(config: tuple[int, int, int], stress: int) -> None:
    from hyperconnect import paths, regs
    from lib.runner import run_cocotb
    n_to, n_from, elem = config
    run_cocotb("ps_stream_bridge", "test_ps_stream_bridge", paths.ROOT / "tests" / "ps_stream_bridge",
               regs.bridge_sources() + [paths.BENCH_RTL / "axi_protocol_checker.sv",
                                        paths.ROOT / "tests" / "ps_stream_bridge" / "ps_stream_bridge_checker.sv"],
               parameters={"N_TO_PL": n_to, "N_FROM_PL": n_from, "ELEM_BYTES": elem},
               build_name=f"ps_stream_bridge_{n_to}_{n_from}_{elem}",
               env={"HC_STRESS": str(stress), "PSB_N_TO_PL": str(n_to), "PSB_N_FROM_PL": str(n_from),
                    "PSB_ELEM": str(elem)})
