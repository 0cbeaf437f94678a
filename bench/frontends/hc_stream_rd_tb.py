# SPDX-License-Identifier: Apache-2.0
"""cocotb tests of hc_stream_rd (issue 19): commands of any address, length, stride and row count; the stream
checked byte for byte against the memory (a scoreboard of the expected bytes), TKEEP all ones but on a
command's last beat, TLAST there, TUSER the tag; statuses in command order with their byte counts and first
errors; backpressure on the stream and the status port, a stalling memory with error regions (MEM 0), and
the latency and efficiency figures on the fixed-latency memory (MEM 1). The AXI protocol checker sits on the
master port. Seeds are printed (HC_SEED replays)."""

from __future__ import annotations

import os
import random
from dataclasses import dataclass, field

import cocotb
from cocotb.triggers import ClockCycles, ReadOnly, RisingEdge

from hyperconnect.model import pattern_byte
from hyperconnect.tb.env import knobs, seeded_rng, start_clock_reset
from hyperconnect.tb.stream_cmd import Cmd, random_cmd, send_cmd, wait_count

NB = 8
SLVERR, DECERR = 2, 3
ERR_BASE = 0x0030_0000


@dataclass
class Bench:
    dut: object
    rng: random.Random
    beats: list[tuple[int, int, int, int]] = field(default_factory=list)   # (data, keep, last, user)
    statuses: list[tuple[int, int, int]] = field(default_factory=list)     # (tag, bytes, resp)
    first_tvalid: int | None = None
    now: int = 0
    ready: float = 1.0                                  # P(TREADY), P(m_sts_ready) each cycle
    sts_ready: float = 1.0

    async def start(self, ready: float = 1.0, sts_ready: float = 1.0) -> None:
        d = self.dut
        d.s_cmd_valid.value = 0
        d.m_axis_tready.value = 0
        d.m_sts_ready.value = 0
        self.ready, self.sts_ready = ready, sts_ready
        await start_clock_reset(d)
        cocotb.start_soon(self._sink())

    async def _sink(self) -> None:
        d = self.dut
        while True:
            d.m_axis_tready.value = int(self.rng.random() < self.ready)
            d.m_sts_ready.value = int(self.rng.random() < self.sts_ready)
            await RisingEdge(d.aclk)
            self.now += 1
            if int(d.m_axis_tvalid.value) and self.first_tvalid is None:
                self.first_tvalid = self.now
            if int(d.m_axis_tvalid.value) and int(d.m_axis_tready.value):
                self.beats.append((int(d.m_axis_tdata.value), int(d.m_axis_tkeep.value), int(d.m_axis_tlast.value),
                                   int(d.m_axis_tuser.value)))
            if int(d.m_sts_valid.value) and int(d.m_sts_ready.value):
                self.statuses.append((int(d.m_sts_tag.value), int(d.m_sts_bytes.value), int(d.m_sts_resp.value)))

    async def send(self, c: Cmd, idle: float = 0.0) -> None:
        await send_cmd(self.dut, self.rng, c, idle)

    async def wait_statuses(self, n: int) -> None:
        await wait_count(self.dut, self.statuses, n, "statuses")

    def check(self, cmds: list[Cmd], errors: dict[int, int] | None = None) -> None:
        """The stream and the statuses against the commands: every byte, TKEEP, TLAST, TUSER, the counts."""
        errors = errors or {}
        k = 0
        for n, c in enumerate(cmds):
            addrs = c.addresses()
            tag, nbytes, resp = self.statuses[n]
            want_resp = next((errors[a & ~0xFFF] for a in addrs if a & ~0xFFF in errors), 0)
            assert (tag, nbytes, resp) == (c.tag, len(addrs), want_resp), \
                f"command {n} {c}: status {(tag, nbytes, resp)}, expected {(c.tag, len(addrs), want_resp)}"
            if not addrs:
                continue
            nbeats = (len(addrs) + NB - 1) // NB
            for b in range(nbeats):
                data, keep, last, user = self.beats[k + b]
                chunk = addrs[b * NB:(b + 1) * NB]
                want_keep = (1 << len(chunk)) - 1
                assert keep == want_keep, f"command {n} beat {b}: TKEEP {keep:#x}, expected {want_keep:#x}"
                assert last == int(b == nbeats - 1), f"command {n} beat {b}: TLAST {last}"
                assert user == c.tag, f"command {n} beat {b}: TUSER {user}, tag {c.tag}"
                for j, a in enumerate(chunk):
                    if a & ~0xFFF in errors:
                        continue                      # (what an erroring slave returns is not defined)
                    got = (data >> (8 * j)) & 0xFF
                    assert got == pattern_byte(a), \
                        f"command {n} beat {b} byte {j} (address {a:#x}): {got:#04x}, memory {pattern_byte(a):#04x}"
            k += nbeats
        assert k == len(self.beats), f"{len(self.beats) - k} stream beats more than the commands' bytes"
        assert len(self.statuses) == len(cmds), f"{len(self.statuses)} statuses for {len(cmds)} commands"
        assert int(self.dut.protocol_errors.value) == 0, "the AXI protocol checker reported errors"
        assert int(self.dut.overflows.value) == 0, "R beats found the prefetch FIFO full (its credits are wrong)"


@cocotb.test()
async def random_commands(dut) -> None:
    """300 random commands (any alignment, rows of 1..20,000 bytes, 2-D with strides below, at and above the
    row length, empty ones), idle between commands, and (HC_STRESS=1) backpressure on the stream and the
    status port and a stalling memory; error regions answered SLVERR/DECERR. 0 mismatches."""
    if int(dut.MEM.value) != 0:
        return
    from hyperconnect.tb.axi_mem import AxiMemSlave
    from hyperconnect.tb.axi_ref import ErrorMap
    rng = seeded_rng("stream_rd_random")
    k = knobs()
    errors = {ERR_BASE: SLVERR, ERR_BASE + 0x1000: DECERR}
    AxiMemSlave(dut, "m_axi", dut.aclk, dut.aresetn, NB, rng, stall=k["stall"],
                errors=ErrorMap([(a, 0x1000, r) for a, r in errors.items()]))
    b = Bench(dut, rng)
    await b.start(ready=1.0 - k["backpressure"], sts_ready=1.0 - k["backpressure"])
    cmds = [random_cmd(rng, n & 0xFF) for n in range(300)]
    # into the error regions: SLVERR then DECERR in one command (the first one reported), DECERR alone
    cmds += [Cmd(ERR_BASE - 100, 300, 0, 1, 1), Cmd(ERR_BASE + 0xF00, 0x200, 0, 1, 2),
             Cmd(ERR_BASE + 0x1FF0, 64, 0x1000, 2, 3)]
    for c in cmds:
        await b.send(c, idle=k["idle"])
    await b.wait_statuses(len(cmds))
    await ClockCycles(dut.aclk, 20)
    b.check(cmds, errors)
    cocotb.log.info("%d commands, %d stream beats, %d bytes: 0 mismatches", len(cmds), len(b.beats),
                    sum(len(c.addresses()) for c in cmds))


@cocotb.test()
async def directed_edges(dut) -> None:
    """One byte; a beat's last byte; a row across a 4 KB boundary; rows that start mid-beat and end mid-beat
    so their bytes straddle stream beats; a stride of 0 (the same row again); 2-D with 64-byte rows."""
    if int(dut.MEM.value) != 0:
        return
    from hyperconnect.tb.axi_mem import AxiMemSlave
    rng = seeded_rng("stream_rd_edges")
    AxiMemSlave(dut, "m_axi", dut.aclk, dut.aresetn, NB, rng)
    b = Bench(dut, rng)
    await b.start()
    cmds = [Cmd(0x1003, 1, 0, 1, 1), Cmd(0x1007, 1, 0, 1, 2), Cmd(0x1FFD, 7, 0, 1, 3), Cmd(0x2FF9, 300, 0, 1, 4),
            Cmd(0x4005, 3, 11, 5, 5), Cmd(0x5003, 13, 0, 3, 6), Cmd(0x6000, 64, 256, 8, 7),
            Cmd(0x7001, 4096 + 9, 0, 1, 8), Cmd(0x8000, 8, 8, 4, 9)]
    for c in cmds:
        await b.send(c)
    await b.wait_statuses(len(cmds))
    await ClockCycles(dut.aclk, 10)
    b.check(cmds)


@cocotb.test()
async def stream_held(dut) -> None:
    """The stream held (TREADY low) for 2,000 cycles with commands queued: the reads stop at the prefetch
    FIFO's depth (no R beat finds it full), then everything arrives intact once TREADY returns."""
    if int(dut.MEM.value) != 0:
        return
    from hyperconnect.tb.axi_mem import AxiMemSlave
    rng = seeded_rng("stream_rd_held")
    AxiMemSlave(dut, "m_axi", dut.aclk, dut.aresetn, NB, rng)
    b = Bench(dut, rng)
    await b.start(ready=0.0)
    # 43-beat rows first (two bursts leave 42 of the 128 credits, one short of the third), then long
    # unaligned rows; the testbench counts any R beat that finds the FIFO full
    cmds = [Cmd(0x8000, 43 * 8, 512, 40, 9)] + [Cmd(0x10000 + 0x3000 * n + n, 5000 + n, 0, 1, n) for n in range(3)]

    async def send_all() -> None:
        for c in cmds:
            await b.send(c)
    cocotb.start_soon(send_all())                   # (the second waits for the first to be split)
    await ClockCycles(dut.aclk, 2000)
    assert not b.beats, "beats taken while TREADY was low"
    b.ready = 1.0
    await b.wait_statuses(len(cmds))
    await ClockCycles(dut.aclk, 10)
    b.check(cmds)


async def _ar_r_cycles(dut) -> tuple[list[int], list[int], list[int]]:
    """(AR handshakes, R beats, stream beats) by cycle, watched from the DUT's ports."""
    ar: list[int] = []
    r: list[int] = []
    s: list[int] = []
    n = 0

    async def watch() -> None:
        nonlocal n
        u = dut.u_dut
        while True:
            await RisingEdge(dut.aclk)
            await ReadOnly()
            n += 1
            if int(u.m_axi_arvalid.value) and int(u.m_axi_arready.value):
                ar.append(n)
            if int(u.m_axi_rvalid.value) and int(u.m_axi_rready.value):
                r.append(n)
            if int(dut.m_axis_tvalid.value) and int(dut.m_axis_tready.value):
                s.append(n)
    cocotb.start_soon(watch())
    return ar, r, s


@cocotb.test()
async def latency_and_efficiency(dut) -> None:
    """On the fixed-latency memory (LATENCY 10, 64-bit), idle, the stream always ready: AR handshake -> first
    TDATA = the memory's AR -> first R + at most 2 (PG021 MM2S: 6 + memory); ten 10,000-byte commands back to
    back move at least 99 % of a beat per cycle from the first stream beat to the last (PG021: 74.64 % on
    S2MM); 2-D commands of 64-byte rows (stride 256, 64 rows) at least 95 %. `make bench` prints them."""
    if int(dut.MEM.value) != 1:
        return
    rng = seeded_rng("stream_rd_latency")
    b = Bench(dut, rng)
    await b.start()
    ar, r, s = await _ar_r_cycles(dut)
    await b.send(Cmd(0x10000, 64, 0, 1, 1))
    await b.wait_statuses(1)
    mem_lat, lat = r[0] - ar[0], s[0] - ar[0]
    cocotb.log.info("AR handshake -> first R %d cycles (the memory), -> first TDATA %d: memory + %d",
                    mem_lat, lat, lat - mem_lat)
    assert lat - mem_lat <= 2, f"AR -> first TDATA {lat}, the memory's {mem_lat}"
    results = {"latency_over_memory": lat - mem_lat}
    for name, cmds, floor in (("10,000-byte", [Cmd(0x100000 + 0x4000 * n, 10_000, 0, 1, n) for n in range(10)], 0.99),
                              ("2-D 64-byte rows", [Cmd(0x200000 + 0x10000 * n, 64, 256, 64, n) for n in range(4)], 0.95)):
        s.clear()
        start = len(b.statuses)
        for c in cmds:
            await b.send(c)
        await b.wait_statuses(start + len(cmds))
        eff = len(s) / (s[-1] - s[0] + 1)
        cocotb.log.info("%s commands: %d stream beats in %d cycles, %.2f %% of the bus", name, len(s),
                        s[-1] - s[0] + 1, 100 * eff)
        assert eff >= floor, f"{name}: {eff:.4f} of a beat per cycle"
        results[name] = eff
    b.check([Cmd(0x10000, 64, 0, 1, 1)] + [Cmd(0x100000 + 0x4000 * n, 10_000, 0, 1, n) for n in range(10)]
            + [Cmd(0x200000 + 0x10000 * n, 64, 256, 64, n) for n in range(4)])
    out = os.environ.get("HC_STREAM_RD_OUT")
    if out:
        import json
        with open(out, "w") as f:
            json.dump(results, f)
