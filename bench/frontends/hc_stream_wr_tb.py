# SPDX-License-Identifier: Apache-2.0
"""cocotb tests of hc_stream_wr (issue 19): commands of any address, length, stride and row count, each fed
one packet of random bytes on the stream; the memory checked byte for byte against a reference that applies
the commands' writes in order (and nothing else written); statuses in command order with their byte counts,
first write errors and packet-length flags; packets shorter and longer than their commands; backpressure on
the stream's producer (gaps), the status port and a stalling memory with error regions (MEM 0); the latency
and efficiency figures on the fixed-latency memory (MEM 1). The AXI protocol checker sits on the master
port. Seeds are printed (HC_SEED replays)."""

from __future__ import annotations

import os
import random
from dataclasses import dataclass, field

import cocotb
from cocotb.triggers import ClockCycles, ReadOnly, RisingEdge

from hyperconnect.tb.env import knobs, seeded_rng, start_clock_reset
from hyperconnect.tb.stream_cmd import Cmd, random_cmd, send_cmd, until_ready, wait_count

NB = 8
SLVERR, DECERR = 2, 3
ERR_BASE = 0x0030_0000


@dataclass
class Job:
    """A command and the packet the producer sends for it (normally exactly its bytes)."""
    cmd: Cmd
    data: bytes

    @property
    def written(self) -> int:
        return min(len(self.data), len(self.cmd.addresses()))


@dataclass
class Bench:
    dut: object
    rng: random.Random
    statuses: list[tuple[int, int, int, int, int]] = field(default_factory=list)   # tag, bytes, resp, short, long
    gaps: float = 0.0                                    # P(TVALID low) each cycle of a packet
    sts_ready: float = 1.0

    async def start(self, gaps: float = 0.0, sts_ready: float = 1.0) -> None:
        d = self.dut
        d.s_cmd_valid.value = 0
        d.s_axis_tvalid.value = 0
        d.m_sts_ready.value = 0
        self.gaps, self.sts_ready = gaps, sts_ready
        await start_clock_reset(d)
        cocotb.start_soon(self._sts())

    async def _sts(self) -> None:
        d = self.dut
        while True:
            d.m_sts_ready.value = int(self.rng.random() < self.sts_ready)
            await RisingEdge(d.aclk)
            if int(d.m_sts_valid.value) and int(d.m_sts_ready.value):
                self.statuses.append((int(d.m_sts_tag.value), int(d.m_sts_bytes.value), int(d.m_sts_resp.value),
                                      int(d.m_sts_short.value), int(d.m_sts_long.value)))

    async def packet(self, data: bytes, end: bool = True, ragged: bool = False) -> None:
        """Send `data` as one packet, packed from byte 0, TKEEP partial on the last beat, TLAST there (unless
        `end` is False: the packet goes on in the next call). `ragged`: beats of 0..NB bytes each (TKEEP's low
        bits), and in a third of the packets TLAST alone on an extra beat with no bytes. No data: one empty
        TLAST beat."""
        d = self.dut
        sizes: list[int] = []
        left = len(data)
        while left > 0:
            n = min(left, self.rng.choice([0, 1, 3, 5, NB, NB, NB]) if ragged else NB)
            sizes.append(n)
            left -= n
        if end and (not sizes or (ragged and self.rng.random() < 1 / 3)):
            sizes.append(0)
        i = 0
        for k, n in enumerate(sizes):
            chunk = data[i:i + n]
            i += n
            while self.rng.random() < self.gaps:
                d.s_axis_tvalid.value = 0
                await RisingEdge(d.aclk)
            d.s_axis_tdata.value = int.from_bytes(chunk.ljust(NB, b"\xee"), "little")
            d.s_axis_tkeep.value = (1 << len(chunk)) - 1
            d.s_axis_tlast.value = int(end and k == len(sizes) - 1)
            d.s_axis_tvalid.value = 1
            await until_ready(d, d.s_axis_tready)
        d.s_axis_tvalid.value = 0

    async def run(self, jobs: list[Job], idle: float = 0.0, ragged: bool = False) -> None:
        """The commands and, for each with bytes, its packet (an empty command takes none)."""
        async def commands() -> None:
            for j in jobs:
                await send_cmd(self.dut, self.rng, j.cmd, idle)
        cocotb.start_soon(commands())
        for j in jobs:
            if j.cmd.addresses():
                await self.packet(j.data, ragged=ragged)

    async def wait_statuses(self, n: int) -> None:
        await wait_count(self.dut, self.statuses, n, "statuses")

    def check(self, jobs: list[Job], mem: dict[int, int], errors: dict[int, int] | None = None) -> None:
        """The memory against the jobs' writes applied in order (nothing else written), and the statuses."""
        errors = errors or {}
        ref: dict[int, int] = {}
        for n, j in enumerate(jobs):
            addrs = j.cmd.addresses()
            for a, v in zip(addrs, j.data):
                ref[a] = v
            want_resp = next((errors[a & ~0xFFF] for a in addrs if a & ~0xFFF in errors), 0)
            want = (j.cmd.tag, j.written, want_resp, int(len(j.data) < len(addrs)),
                    int(len(j.data) > len(addrs) and len(addrs) > 0))
            assert self.statuses[n] == want, f"command {n} {j.cmd} ({len(j.data)} bytes sent): status " \
                                             f"{self.statuses[n]}, expected {want} (tag, bytes, resp, short, long)"
        assert len(self.statuses) == len(jobs), f"{len(self.statuses)} statuses for {len(jobs)} commands"
        wrong = [(a, mem.get(a), v) for a, v in ref.items() if mem.get(a) != v]
        assert not wrong, f"{len(wrong)} bytes differ, first (address, memory, expected): " \
                          f"{[(hex(a), m, v) for a, m, v in wrong[:5]]}"
        extra = sorted(set(mem) - set(ref))
        assert not extra, f"{len(extra)} bytes written outside the commands, first {[hex(a) for a in extra[:5]]}"
        assert int(self.dut.protocol_errors.value) == 0, "the AXI protocol checker reported errors"


def job(rng: random.Random, c: Cmd) -> Job:
    return Job(c, rng.randbytes(len(c.addresses())))


async def setup(dut, name: str, stall: float = 0.0, errors: dict[int, int] | None = None, gaps: float = 0.0,
                sts_ready: float = 1.0):
    """The seeded RNG, the cocotb memory at the master port (stalls, error regions) and the started bench."""
    from hyperconnect.tb.axi_mem import AxiMemSlave
    from hyperconnect.tb.axi_ref import ErrorMap
    rng = seeded_rng(name)
    mem = AxiMemSlave(dut, "m_axi", dut.aclk, dut.aresetn, NB, rng, stall=stall,
                      errors=ErrorMap([(a, 0x1000, r) for a, r in (errors or {}).items()]))
    b = Bench(dut, rng)
    await b.start(gaps=gaps, sts_ready=sts_ready)
    return rng, mem, b


@cocotb.test()
async def random_commands(dut) -> None:
    """300 random commands (any alignment, rows of 1..20,000 bytes, 2-D with strides below, at and above the
    row length — later rows overwrite earlier ones —, empty ones), and (HC_STRESS=1) gaps in the stream,
    backpressure on the status port and a stalling memory; error regions answered SLVERR/DECERR. 0
    mismatches."""
    if int(dut.MEM.value) != 0:
        return
    k = knobs()
    errors = {ERR_BASE: SLVERR, ERR_BASE + 0x1000: DECERR}
    rng, mem, b = await setup(dut, "stream_wr_random", k["stall"], errors, gaps=k["idle"],
                              sts_ready=1.0 - k["backpressure"])
    cmds = [random_cmd(rng, n & 0xFF) for n in range(300)]
    cmds += [Cmd(ERR_BASE - 100, 300, 0, 1, 1), Cmd(ERR_BASE + 0xF00, 0x200, 0, 1, 2),
             Cmd(ERR_BASE + 0x1FF0, 64, 0x1000, 2, 3)]
    jobs = [job(rng, c) for c in cmds]
    await b.run(jobs, idle=k["idle"])
    await b.wait_statuses(len(jobs))
    await ClockCycles(dut.aclk, 20)
    b.check(jobs, mem.mem, errors)
    assert not mem.failures, mem.failures[:3]
    cocotb.log.info("%d commands, %d bytes written: 0 mismatches", len(jobs), sum(j.written for j in jobs))


@cocotb.test()
async def directed_edges(dut) -> None:
    """One byte; a beat's last byte; a row across a 4 KB boundary; rows that start and end mid-beat, so a
    stream beat's bytes straddle two W beats; a stride of 0 (the same row again); 2-D with 64-byte rows."""
    if int(dut.MEM.value) != 0:
        return
    rng, mem, b = await setup(dut, "stream_wr_edges")
    cmds = [Cmd(0x1003, 1, 0, 1, 1), Cmd(0x1007, 1, 0, 1, 2), Cmd(0x1FFD, 7, 0, 1, 3), Cmd(0x2FF9, 300, 0, 1, 4),
            Cmd(0x4005, 3, 11, 5, 5), Cmd(0x5003, 13, 0, 3, 6), Cmd(0x6000, 64, 256, 8, 7),
            Cmd(0x7001, 4096 + 9, 0, 1, 8), Cmd(0x9000, 8, 8, 4, 9)]
    jobs = [job(rng, c) for c in cmds]
    await b.run(jobs)
    await b.wait_statuses(len(jobs))
    await ClockCycles(dut.aclk, 10)
    b.check(jobs, mem.mem)


@cocotb.test()
async def packet_mismatch(dut) -> None:
    """Packets shorter than their commands (TLAST early: the bytes received written, the rest not, status
    short; down to a packet of one empty TLAST beat) and longer (the extra bytes dropped through TLAST,
    status long), at several alignments and lengths, with exact ones and empty commands between them; the
    packets ragged (beats of 0..8 bytes, TLAST sometimes alone on an empty beat after the last byte — not
    long). The commands after a mismatch still get their own packets."""
    if int(dut.MEM.value) != 0:
        return
    k = knobs()
    rng, mem, b = await setup(dut, "stream_wr_mismatch", k["stall"], gaps=k["idle"], sts_ready=1.0 - k["backpressure"])
    jobs: list[Job] = []
    base = 0x10_0000
    for n in range(150):
        length = rng.choice([1, 5, 8, 13, 64, 100, 517, 1200])
        rows = rng.choice([1, 1, 2, 3])
        c = Cmd(base + rng.randrange(0, 64), length, length + rng.randrange(0, 40), rows, n & 0xFF)
        base += 0x2000
        total = length * rows
        kind = rng.random()
        if kind < 0.08:
            jobs.append(Job(Cmd(c.addr, 0, 0, rows, c.tag), b""))          # empty: no packet
            continue
        size = total if kind < 0.35 else rng.randint(0, max(0, total - 1)) if kind < 0.65 else \
            total + rng.choice([1, 3, 8, 9, 100])
        jobs.append(Job(c, rng.randbytes(size)))
    await b.run(jobs, idle=k["idle"], ragged=True)
    await b.wait_statuses(len(jobs))
    await ClockCycles(dut.aclk, 20)
    b.check(jobs, mem.mem)
    cocotb.log.info("%d commands: %d short, %d long packets, all in step", len(jobs),
                    sum(s[3] for s in b.statuses), sum(s[4] for s in b.statuses))


@cocotb.test()
async def producer_stalls(dut) -> None:
    """A 64-beat command whose producer sends 10 beats and stops for 500 cycles: with CUT_THROUGH 1 the burst's
    AW goes out with its first beat and the memory's W waits; with CUT_THROUGH 0 no AW is issued until the
    burst's last beat is in the W FIFO (with MAX_BURST 3: the bursts begun, or complete). Then the rest
    arrives and all is written."""
    if int(dut.MEM.value) != 0:
        return
    rng, mem, b = await setup(dut, "stream_wr_stall")
    aws: list[int] = []
    now = 0

    async def watch() -> None:
        nonlocal now
        while True:
            await RisingEdge(dut.aclk)
            await ReadOnly()
            now += 1
            if int(dut.m_axi_awvalid.value) and int(dut.m_axi_awready.value):
                aws.append(now)
    cocotb.start_soon(watch())
    c = Cmd(0x8000, 512, 0, 1, 7)
    j = job(rng, c)
    await send_cmd(dut, rng, c)
    await ClockCycles(dut.aclk, 10)
    await b.packet(j.data[:80], end=False)          # 10 beats, then the producer stops
    await ClockCycles(dut.aclk, 500)
    mb = int(dut.MAX_BURST.value)
    cut = int(dut.CUT_THROUGH.value)
    want = -(-10 // mb) if cut else 10 // mb          # bursts begun (cut-through) or complete (store and forward)
    assert len(aws) == want, f"CUT_THROUGH {cut}, MAX_BURST {mb}: {len(aws)} AWs while the producer stalls " \
                             f"after 10 beats, expected {want}"
    await b.packet(j.data[80:])
    await b.wait_statuses(1)
    b.check([j], mem.mem)


@cocotb.test()
async def tlast_late(dut) -> None:
    """A packet whose bytes are all there but whose TLAST is late (an empty TLAST beat 300 cycles on, then
    bytes past the command before TLAST): the command's writes complete at once — the W channel is not
    held for TLAST — and its status waits for TLAST to say whether the rest had bytes (long) or not."""
    if int(dut.MEM.value) != 0:
        return
    rng, mem, b = await setup(dut, "stream_wr_tlast_late")
    jobs = [job(rng, Cmd(0x3000 + 3, 64, 0, 1, 1)), job(rng, Cmd(0x5000 + 5, 100, 0, 1, 2))]
    for j, extra in zip(jobs, (b"", rng.randbytes(9))):
        await send_cmd(dut, rng, j.cmd)
        await b.packet(j.data, end=False)
        await ClockCycles(dut.aclk, 300)
        written = sum(a in mem.mem for a in j.cmd.addresses())
        assert written == len(j.data), f"{written} of {len(j.data)} bytes written while TLAST is late"
        assert len(b.statuses) == jobs.index(j), "a status before its packet's TLAST"
        await b.packet(extra)                       # (no bytes: one empty TLAST beat)
        await b.wait_statuses(jobs.index(j) + 1)
        if extra:
            j.data += extra
    await ClockCycles(dut.aclk, 10)
    b.check(jobs, mem.mem)


async def _aw_w_cycles(dut) -> tuple[list[int], list[int], list[int]]:
    """(cycles TVALID was high, cycles AWVALID was high, W beats), watched inside the testbench."""
    tv: list[int] = []
    aw: list[int] = []
    w: list[int] = []
    n = 0

    async def watch() -> None:
        nonlocal n
        u = dut.u_dut
        while True:
            await RisingEdge(dut.aclk)
            await ReadOnly()
            n += 1
            if int(dut.s_axis_tvalid.value):
                tv.append(n)
            if int(u.m_axi_awvalid.value):
                aw.append(n)
            if int(u.m_axi_wvalid.value) and int(u.m_axi_wready.value):
                w.append(n)
    cocotb.start_soon(watch())
    return tv, aw, w


@cocotb.test()
async def latency_and_efficiency(dut) -> None:
    """On the fixed-latency memory (LATENCY 10, 64-bit), idle, the producer never pausing: first TVALID ->
    AWVALID at most 2 cycles with the command queued first (PG021 S2MM: 39); ten 10,000-byte commands move at
    least 99 % of a W beat per cycle from the first W beat to the last (PG021 S2MM: 74.64 %); 2-D commands of
    64-byte rows (stride 256, 64 rows) at least 95 %. `make bench` prints them."""
    if int(dut.MEM.value) != 1:
        return
    rng = seeded_rng("stream_wr_latency")
    b = Bench(dut, rng)
    await b.start()
    tv, aw, w = await _aw_w_cycles(dut)
    await send_cmd(dut, rng, Cmd(0x10000, 64, 0, 1, 1))
    await ClockCycles(dut.aclk, 10)
    await b.packet(rng.randbytes(64))
    await b.wait_statuses(1)
    lat = aw[0] - tv[0]
    cocotb.log.info("first TVALID -> AWVALID %d cycles, -> first W beat %d", lat, w[0] - tv[0])
    assert lat <= 2, f"first TVALID -> AWVALID {lat} cycles"
    results: dict[str, float] = {"tvalid_to_awvalid": lat}
    long_rows = [Cmd(0x100000 + 0x4000 * n, 10_000, 0, 1, n) for n in range(10)]
    rows_2d = [Cmd(0x200000 + 0x10000 * n, 64, 256, 64, n) for n in range(4)]
    for name, cmds, floor in (("10,000-byte", long_rows, 0.99), ("2-D 64-byte rows", rows_2d, 0.95)):
        t0 = len(tv)
        w.clear()
        start = len(b.statuses)
        await b.run([job(rng, c) for c in cmds])
        await b.wait_statuses(start + len(cmds))
        eff = len(w) / (w[-1] - w[0] + 1)
        # (PG021 measures S2MM from the first TVALID to the last WLAST)
        from_tvalid = len(w) / (w[-1] - tv[t0] + 1)
        cocotb.log.info("%s commands: %d W beats in %d cycles, %.2f %% of the bus (%.2f %% from the first TVALID "
                        "to the last WLAST)", name, len(w), w[-1] - w[0] + 1, 100 * eff, 100 * from_tvalid)
        assert eff >= floor, f"{name}: {eff:.4f} of a beat per cycle"
        results[name] = eff
        results[f"{name} from TVALID"] = from_tvalid
    assert int(dut.protocol_errors.value) == 0, "the AXI protocol checker reported errors"
    out = os.environ.get("HC_STREAM_WR_OUT")
    if out:
        import json
        with open(out, "w") as f:
            json.dump(results, f)
