# SPDX-License-Identifier: Apache-2.0
"""cocotb tests of axi_hyperconnect (3 ports, 64-bit, TRACK_DEPTH 16) through its AXI4-Lite port: reset
defaults, rejection of out-of-range values (register keeps its value, sticky flag, irq), SLVERR on a
missing port, per-port counters, decoupling during traffic (the other ports lose nothing, the decoupled
port moves nothing, then resumes), the address window (DECERR for requests not entirely inside, memory
untouched, FAULT flags and irq, the other ports unaffected), the protocol guard (SLVERR for bursts that
break an AXI rule, nothing forwarded), the watchdog (every stall and WLAST fault trips, completes, decouples
and recovers), and constrained-random traffic from every port against a reordering,
scoreboarded memory while software changes every setting at run time (nominal length, outstanding
limits, priority, reservation, G, period, decouple/recouple).

The reservation, priority-bound, Fig. 5 and fairness measurements run on the C++ harness
(test_system.py). HC_SEED=<n> replays a random run; HC_STRESS=1 adds idle cycles and backpressure.
"""

from __future__ import annotations

import random

import cocotb
import pytest
from cocotb.triggers import ClockCycles, RisingEdge
from cocotb.utils import get_sim_time
from cocotbext.axi import AxiBurstType, AxiBus, AxiLiteBus, AxiLiteMaster, AxiMaster
from cocotbext.axi.axi_channels import (AxiARBus, AxiARSource, AxiARTransaction, AxiAWBus, AxiAWSource,
                                        AxiAWTransaction, AxiBBus, AxiBSink, AxiRBus, AxiRSink, AxiWBus,
                                        AxiWSource, AxiWTransaction)
from cocotbext.axi.constants import AxiResp

from hyperconnect.tb.axi_master import AxiMasterDriver
from hyperconnect.tb.axi_mem import AxiMemSlave, pause_gen
from hyperconnect.model import pattern_byte
from hyperconnect.tb.axi_ref import FIXED, INCR, SLVERR, WRAP, Burst, WriteRegion
from hyperconnect.tb.env import assert_protocol_clean, drain, knobs, seeded_rng, start_clock_reset
from hyperconnect.tb.hyperconnect_tb import (  # noqa: F401 (test_random_with_runtime_changes: a cocotb test here)
    BUS, ID_WIDTH, S_COUNT, READ_BASE, WRITE_BASE, CHECKED, ID, BUILD, PERIOD, GLOBAL_LIMIT, GLOBAL_ERR, QOS_MAP, CFG, LIMITS, STATUS, ERR, IRQ_EN, IRQ_STATUS, CNT_CTRL, RD_BYTES_LO, RD_TXN, WR_TXN, MAX_RD_LATENCY, WIN_BASE_LO, WIN_SIZE_LO, FAULT, TIMEOUT, WIN_EN, DECOUPLED, CUT_OFF, FLAG, F_WATCHDOG, Tb, port, test_random_with_runtime_changes)


class RawPort:
    """One accelerator port driven channel by channel, so a test can break the rules on purpose."""

    def __init__(self, dut, prefix: str) -> None:
        kw = dict(reset_active_level=False)
        self.ar = AxiARSource(AxiARBus.from_prefix(dut, prefix), dut.aclk, dut.aresetn, **kw)
        self.aw = AxiAWSource(AxiAWBus.from_prefix(dut, prefix), dut.aclk, dut.aresetn, **kw)
        self.w = AxiWSource(AxiWBus.from_prefix(dut, prefix), dut.aclk, dut.aresetn, **kw)
        self.r = AxiRSink(AxiRBus.from_prefix(dut, prefix), dut.aclk, dut.aresetn, **kw)
        self.b = AxiBSink(AxiBBus.from_prefix(dut, prefix), dut.aclk, dut.aresetn, **kw)

    async def send_ar(self, addr: int, length: int, size: int = 3, burst: int = INCR, rid: int = 5) -> None:
        await self.ar.send(AxiARTransaction(arid=rid, araddr=addr, arlen=length, arsize=size, arburst=burst))

    async def send_aw(self, addr: int, length: int, size: int = 3, burst: int = INCR, wid: int = 6) -> None:
        await self.aw.send(AxiAWTransaction(awid=wid, awaddr=addr, awlen=length, awsize=size, awburst=burst))

    async def send_w(self, beats: int, last_at: int, data: int = 0xA5A5_A5A5_A5A5_A5A5) -> None:
        """`beats` beats of `data`, WLAST on beat `last_at` (-1: never)."""
        for n in range(beats):
            await self.w.send(AxiWTransaction(wdata=data, wstrb=0xFF, wlast=int(n == last_at)))

    async def read(self, addr: int, length: int, size: int = 3, burst: int = INCR) -> list:
        await self.send_ar(addr, length, size, burst)
        beats = []
        while not beats or not int(beats[-1].rlast):
            beats.append(await self.r.recv())
            assert len(beats) <= length + 1, "more R beats than AxLEN + 1"
        return beats

    async def write(self, addr: int, length: int, size: int = 3, burst: int = INCR) -> int:
        await self.send_aw(addr, length, size, burst)
        await self.send_w(length + 1, length)
        t = await self.b.recv()
        assert int(t.bid) == 6
        return int(t.bresp)

    def reset(self) -> None:
        """What resetting the accelerator does: VALIDs low, everything queued or half received forgotten
        (cocotbext-axi's own reset handling of each channel)."""
        for ch in (self.ar, self.aw, self.w, self.r, self.b):
            ch._handle_reset(True)
            ch.clear()
            ch._handle_reset(False)
        self.r.pause = self.b.pause = False


class Bystanders:
    """For tests that work port 1 by hand: the reordering memory, ports 0 and 2 with scoreboarded random
    traffic, and the control port. finish() checks the bystanders lost nothing and every interface but
    the ones in `skip` kept the AXI rules."""

    def __init__(self, dut, rng: random.Random) -> None:
        k = knobs()
        self.dut, self.rng = dut, rng
        self.mem = AxiMemSlave(dut, "m_axi", dut.aclk, dut.aresetn, BUS, rng, reorder=True, stall=k["stall"])
        self.others = [AxiMasterDriver(dut, f"s{i:02d}_axi", dut.aclk, dut.aresetn, BUS, rng, self.mem,
                                       idle=k["idle"], backpressure=k["backpressure"], name=f"port{i}")
                       for i in (0, 2)]
        self.axil = AxiLiteMaster(AxiLiteBus.from_prefix(dut, "s_axil"), dut.aclk, dut.aresetn,
                                  reset_active_level=False)
        self.traffic: list = []

    async def wr(self, addr: int, value: int) -> None:
        await self.axil.write(addr, value.to_bytes(4, "little"))

    async def rd(self, addr: int) -> int:
        return int.from_bytes((await self.axil.read(addr, 4)).data, "little")

    def start(self, count: int, max_len: int) -> None:
        self.traffic = [cocotb.start_soon(m.random_traffic(self.rng, count, lambda r: r.randint(1, max_len),
                                                           WriteRegion(WRITE_BASE + 0x100_0000 * i), READ_BASE))
                        for i, m in enumerate(self.others)]

    async def finish(self, skip: tuple[str, ...] = ()) -> None:
        for t in self.traffic:
            await t
        await drain(self.dut, *self.others, timeout_us=2000.0)
        problems = self.mem.failures + [f for m in self.others for f in m.failures]
        assert not problems, "\n".join(problems[:20])
        assert_protocol_clean(self.dut, CHECKED, skip=skip)

@cocotb.test()
async def test_registers(dut):
    """Reset defaults; out-of-range writes not applied (read-back unchanged, sticky flag, irq when
    enabled); legal fields of the same write applied; SLVERR for a missing port and a read-only register."""
    tb = Tb(dut, seeded_rng("registers"))
    await start_clock_reset(dut)
    assert await tb.rd(ID) == 0x48434F4E
    assert await tb.rd(BUILD) == S_COUNT | (3 << 8) | (16 << 16)
    assert await tb.rd(PERIOD) == 10000 and await tb.rd(GLOBAL_LIMIT) == 32
    for i in range(S_COUNT):
        assert await tb.rd(port(i, CFG)) == 16, "nominal 16, class 0, no reservation, coupled"
        assert await tb.rd(port(i, LIMITS)) == 4 | 4 << 8
        assert await tb.rd(port(i, STATUS)) == 0
    for value, what in ((0, "nominal 0"), (257, "nominal 257"), (511, "nominal 511")):
        assert await tb.wr(port(1, CFG), value | 2 << 12) == AxiResp.OKAY
        cfg = await tb.rd(port(1, CFG))
        assert cfg & 0x1FF == 16, f"{what} was applied (CFG reads 0x{cfg:x})"
        assert cfg >> 12 & 3 == 2, "the legal prio field of the same write is applied"
        assert await tb.rd(port(1, ERR)) == 1 and await tb.rd(port(1, IRQ_STATUS)) == 2
        await tb.wr(port(1, ERR), 3)
        await tb.wr(port(1, IRQ_STATUS), 7)
    await tb.wr(port(1, CFG), 256)
    assert await tb.rd(port(1, CFG)) == 256 and await tb.rd(port(1, ERR)) == 0, "256 is legal"
    for value in (0, 17, 255):
        await tb.wr(port(0, LIMITS), value | value << 8)
        assert await tb.rd(port(0, LIMITS)) == 4 | 4 << 8, f"limit {value} was applied"
        assert await tb.rd(port(0, ERR)) == 2
        await tb.wr(port(0, ERR), 3)
    await tb.wr(port(0, LIMITS), 16 | 1 << 8)
    assert await tb.rd(port(0, LIMITS)) == 16 | 1 << 8
    await tb.wr(PERIOD, 0)
    await tb.wr(GLOBAL_LIMIT, 0)
    assert await tb.rd(PERIOD) == 10000 and await tb.rd(GLOBAL_LIMIT) == 32 and await tb.rd(GLOBAL_ERR) == 3
    await tb.wr(GLOBAL_ERR, 3)
    assert await tb.rd(GLOBAL_ERR) == 0
    # irq: level, registered, OR over ports of IRQ_STATUS & IRQ_EN
    assert int(dut.irq.value) == 0
    await tb.wr(port(2, IRQ_EN), 2)
    await tb.wr(port(2, CFG), 0)
    await ClockCycles(dut.aclk, 3)
    assert int(dut.irq.value) == 1, "a rejected write raises irq when enabled"
    await tb.wr(port(2, IRQ_STATUS), 2)
    await ClockCycles(dut.aclk, 3)
    assert int(dut.irq.value) == 0
    assert await tb.wr(port(S_COUNT, CFG), 16) == AxiResp.SLVERR, "a port that does not exist"
    assert (await tb.axil.read(port(S_COUNT, CFG), 4)).resp == AxiResp.SLVERR
    assert await tb.wr(ID, 0) == AxiResp.SLVERR, "ID is read-only"


@cocotb.test()
async def test_class_qos(dut):
    """Each class's AxQOS on m_axi (QOS_MAP, reset 0/4/8/15; issue 18), and a request waiting for the
    memory's READY keeps its AxQOS while software rewrites QOS_MAP and the port's class (AXI: the payload is
    stable until the handshake; before the fix the waiting request's AxQOS changed with the write — the
    protocol checker on m_axi compares it)."""
    rng = seeded_rng("class_qos")
    tb = Tb(dut, rng)
    await start_clock_reset(dut)
    assert await tb.rd(QOS_MAP) == 0xF840
    seen: list[tuple[str, int]] = []

    async def watch() -> None:
        while True:
            await RisingEdge(dut.aclk)
            for ch in ("ar", "aw"):
                if int(getattr(dut, f"m_axi_{ch}valid").value) and int(getattr(dut, f"m_axi_{ch}ready").value):
                    seen.append((ch, int(getattr(dut, f"m_axi_{ch}qos").value)))
    watcher = cocotb.start_soon(watch())
    m = tb.masters[0]
    for cls, qos in ((0, 0), (1, 4), (2, 8), (3, 15)):
        await tb.wr(port(0, CFG), 16 | cls << 12)
        await ClockCycles(dut.aclk, 3)
        seen.clear()
        await m.read(Burst(1, READ_BASE, 0, 3, INCR))
        await m.write(Burst(1, tb.writes.take(BUS), 0, 3, INCR), rng)
        await tb.settle()
        assert sorted(seen) == [("ar", qos), ("aw", qos)], f"class {cls}: {seen}, AxQOS {qos} expected"
    # a request held at the memory port keeps its AxQOS across a QOS_MAP write and a class change
    tb.mem.hold("ar", "aw")
    seen.clear()
    await m.read(Burst(1, READ_BASE + 0x40, 0, 3, INCR))
    await m.write(Burst(1, tb.writes.take(BUS), 0, 3, INCR), rng)
    for _ in range(2000):
        await RisingEdge(dut.aclk)
        if int(dut.m_axi_arvalid.value) and int(dut.m_axi_awvalid.value):
            break
    assert int(dut.m_axi_arvalid.value) and int(dut.m_axi_awvalid.value), "the requests never reached the memory port"
    held = (int(dut.m_axi_arqos.value), int(dut.m_axi_awqos.value))
    await tb.wr(QOS_MAP, 0x1234)
    await tb.wr(port(0, CFG), 16 | 1 << 12)
    for _ in range(8):
        await RisingEdge(dut.aclk)
        assert (int(dut.m_axi_arqos.value), int(dut.m_axi_awqos.value)) == held, "a waiting request's AxQOS changed"
    tb.mem.release("ar", "aw")
    await tb.settle()
    assert sorted(seen) == [("ar", 15), ("aw", 15)], f"held requests left with {seen}"
    seen.clear()
    await m.read(Burst(1, READ_BASE + 0x80, 0, 3, INCR))
    await tb.settle()
    assert seen == [("ar", 3)], f"after the writes: {seen} (class 1 -> 3 in QOS_MAP 0x1234)"
    watcher.cancel()
    await tb.wr(QOS_MAP, 0xF840)
    await tb.wr(port(0, CFG), 16)
    tb.check()


@cocotb.test()
async def test_counters(dut):
    """Bytes and transactions per direction, maximum read latency, clear per port and global."""
    rng = seeded_rng("counters")
    tb = Tb(dut, rng, reorder=False)
    await start_clock_reset(dut)
    m = tb.masters[1]
    for k in range(10):
        await m.read(Burst(0, READ_BASE + 0x1000 * k, 63, 3, INCR))          # 512 bytes each
        await m.write(Burst(0, tb.writes.take(32 * BUS), 31, 2, INCR), rng)  # 32 x 4 bytes each
    await tb.settle()
    assert await tb.rd(port(1, RD_BYTES_LO)) == 10 * 512
    assert await tb.rd(port(1, RD_BYTES_LO + 8)) == 10 * 128
    assert await tb.rd(port(1, RD_TXN)) == 10 and await tb.rd(port(1, WR_TXN)) == 10
    lat = await tb.rd(port(1, MAX_RD_LATENCY))
    assert 64 <= lat < 1000, f"max read latency {lat}"
    assert await tb.rd(port(0, RD_TXN)) == 0
    await tb.wr(port(1, CNT_CTRL), 1)
    assert await tb.rd(port(1, RD_TXN)) == 0 and await tb.rd(port(1, MAX_RD_LATENCY)) == 0
    await m.read(Burst(0, READ_BASE, 0, 3, INCR))
    await tb.settle()
    assert await tb.rd(port(1, RD_TXN)) == 1
    await tb.wr(0x00C, 1)                                                      # CTRL.clear_counters
    assert await tb.rd(port(1, RD_TXN)) == 0
    tb.check()


@cocotb.test()
async def test_max_read_latency_saturates(dut):
    """Issue 15.6: MAX_RD_LATENCY saturates at 0xFFFFFFFF instead of wrapping: a read held at the memory
    while the cycle count (hc_period's, shared by the ports' stamps) is advanced by 2^32 - 256 cycles (a deposit: 2^32 cycles cannot be
    simulated) and then 400 more reads back 0xFFFFFFFF (before the fix: the wrapped age, about 150)."""
    tb = Tb(dut, seeded_rng("max_read_latency_saturates"), reorder=False)
    await start_clock_reset(dut)
    m = tb.masters[1]
    tb.mem.hold("r")
    await m.read(Burst(0, READ_BASE, 3, 3, INCR))
    while await tb.rd(port(1, RD_TXN)) != 1:                            # the read was accepted
        pass
    base = dut.u_core.u_period
    base.now.value = (int(base.now.value) + 2**32 - 256) % 2**33          # the shared cycle count
    await ClockCycles(dut.aclk, 400)
    tb.mem.release("r")
    await tb.settle()
    lat = await tb.rd(port(1, MAX_RD_LATENCY))
    assert lat == 0xFFFF_FFFF, f"a read of more than 2^32 cycles reads MAX_RD_LATENCY {lat}"
    await tb.wr(port(1, CNT_CTRL), 1)
    await m.read(Burst(0, READ_BASE, 3, 3, INCR))
    await tb.settle()
    lat = await tb.rd(port(1, MAX_RD_LATENCY))
    assert 4 <= lat < 100, f"after a clear a short read reads {lat}"
    tb.check()


@cocotb.test()
async def test_decouple_during_traffic(dut):
    """Port 1 is decoupled while every port is busy: it drains, then moves nothing while decoupled;
    ports 0 and 2 complete; after recoupling port 1 completes everything, nothing lost or duplicated."""
    rng = seeded_rng("decouple_during_traffic")
    tb = Tb(dut, rng)
    await start_clock_reset(dut)
    tasks = [cocotb.start_soon(m.random_traffic(rng, 150, lambda r: r.randint(1, 64), tb.writes, READ_BASE,
                                                id_max=3)) for m in tb.masters]
    await tb.wr(port(1, IRQ_EN), 1)                            # interrupt on "decoupled"
    await ClockCycles(dut.aclk, 400)
    await tb.wr(port(1, CFG), 16 | 1 << 24)
    draining_seen = False
    for _ in range(500):
        status = await tb.rd(port(1, STATUS))
        draining_seen |= bool(status & 1)
        if status & 2:
            break
    else:
        raise AssertionError("port 1 never reached DECOUPLED")
    assert draining_seen, "STATUS.draining was never seen before DECOUPLED"
    await ClockCycles(dut.aclk, 2)
    assert int(dut.irq.value) == 1 and await tb.rd(port(1, IRQ_STATUS)) & 1, "decoupled event raises irq"
    await tb.wr(port(1, IRQ_STATUS), 1)
    await ClockCycles(dut.aclk, 2)
    assert int(dut.irq.value) == 0
    done = tb.masters[1].reads_done + tb.masters[1].writes_done
    await tasks[0]
    await tasks[2]
    await drain(dut, tb.masters[0], tb.masters[2], timeout_us=2000.0)
    assert tb.masters[1].reads_done + tb.masters[1].writes_done == done, "a decoupled port completed a transaction"
    assert int(dut.s01_axi_arready.value) == 0 and int(dut.s01_axi_awready.value) == 0
    await tb.wr(port(1, CFG), 16)
    assert (await tb.rd(port(1, STATUS))) & 3 == 0
    await tasks[1]
    await tb.settle()
    assert all(m.reads_done + m.writes_done == 150 for m in tb.masters)
    tb.check()


@cocotb.test()
async def test_address_window(dut):
    """Port 1 confined to 16 pages [BASE, BASE + SIZE): inside reads and writes work, up to the window's
    last byte; reads and writes below or above (INCR, FIXED, WRAP) get DECERR on every beat and never
    reach memory (a burst crossing an edge crosses 4 KB: test_protocol_guard); FAULT and
    IRQ_STATUS.fault record them; ports 0 and 2 run scoreboarded traffic meanwhile."""
    bench = Bystanders(dut, seeded_rng("address_window"))
    rng, mem, wr, rd = bench.rng, bench.mem, bench.wr, bench.rd
    m1 = AxiMaster(AxiBus.from_prefix(dut, "s01_axi"), dut.aclk, dut.aresetn, reset_active_level=False)
    await start_clock_reset(dut)
    base, size = 0x2000_1000, 0x1_0000                                   # 16 pages of 4 KB
    await wr(port(1, WIN_BASE_LO), base)
    await wr(port(1, WIN_SIZE_LO), size)
    await wr(port(1, IRQ_EN), 1 << 3)
    await wr(port(1, CFG), 16 | WIN_EN)
    bench.start(200, 32)

    def pattern(addr: int, n: int) -> bytes:
        return bytes(pattern_byte(a) for a in range(addr, addr + n))

    r = await m1.read(base + 0x100, 256)                                   # inside
    assert r.resp == AxiResp.OKAY and r.data == pattern(base + 0x100, 256)
    data = bytes(rng.getrandbits(8) for _ in range(128))
    assert (await m1.write(base + 0x800, data)).resp == AxiResp.OKAY
    assert (await m1.read(base + 0x800, 128)).data == data
    assert await rd(port(1, FAULT)) == 0 and int(dut.irq.value) == 0
    for addr, n, burst, what in ((base - 0x40, 32, AxiBurstType.INCR, "below"),
                                 (base + size, 64, AxiBurstType.INCR, "above"),
                                 (base + size + 0x5000, 256, AxiBurstType.INCR, "far above"),
                                 (base + size, 8, AxiBurstType.FIXED, "FIXED above"),
                                 (base - 0x38, 32, AxiBurstType.WRAP, "WRAP below the base")):
        r = await m1.read(addr, n, burst=burst)
        assert r.resp == AxiResp.DECERR and r.data == bytes(n), f"read {what}: {r.resp}"
        w = await m1.write(addr, bytes([0xA5]) * n, burst=burst)
        assert w.resp == AxiResp.DECERR, f"write {what}: {w.resp}"
        touched = [a for a in range(addr - 64, addr + n + 64) if a in mem.mem]
        assert not touched, f"write {what} reached memory at 0x{touched[0]:x}"
    r = await m1.read(base + 8, 32, burst=AxiBurstType.WRAP)               # container [base, base + 32)
    assert r.resp == AxiResp.OKAY
    r = await m1.read(base + size - 64, 64)                                # the last bytes of the window
    assert r.resp == AxiResp.OKAY and r.data == pattern(base + size - 64, 64)
    await ClockCycles(dut.aclk, 3)
    assert await rd(port(1, FAULT)) == FLAG["win_rd"] | FLAG["win_wr"], "FAULT.win_rd and win_wr"
    assert (await rd(port(1, IRQ_STATUS))) >> 3 & 1 and int(dut.irq.value) == 1, "fault raises irq"
    await wr(port(1, FAULT), 3)
    await wr(port(1, IRQ_STATUS), 1 << 3)
    await wr(port(1, CFG), 16)                                             # window off: all allowed
    assert (await m1.read(base - 0x40, 32)).resp == AxiResp.OKAY
    await ClockCycles(dut.aclk, 3)
    assert await rd(port(1, FAULT)) == 0 and int(dut.irq.value) == 0
    await bench.finish()


@cocotb.test()
async def test_protocol_guard(dut):
    """Port 1, driven beat by beat, issues bursts that break an AXI rule (INCR crossing 4 KB, WRAP of 3
    beats, unaligned WRAP, FIXED of 17 beats, AxSIZE wider than the bus, reserved AxBURST): each read
    gets AxLEN+1 beats of SLVERR with RDATA 0 and RLAST only on the last, each write one SLVERR B, nothing
    reaches memory, FAULT.proto_rd/proto_wr and irq record them. The legal bursts next to each rule pass.
    Ports 0 and 2 run scoreboarded traffic meanwhile."""
    bench = Bystanders(dut, seeded_rng("protocol_guard"))
    mem, rd = bench.mem, bench.rd
    p1 = RawPort(dut, "s01_axi")
    read, write = p1.read, p1.write
    await start_clock_reset(dut)
    await bench.wr(port(1, IRQ_EN), 1 << 3)
    bench.start(150, 32)
    page = 0x3000_0000
    #            what                         illegal (addr, AxLEN, AxSIZE, AxBURST)    legal neighbour
    cases = [("INCR crossing 4 KB",           (page + 0x1000 - 16, 3, 3, INCR),     (page + 0x1000 - 32, 3, 3, INCR)),
             ("INCR 256 x 8 B crossing 4 KB", (page + 0x2808, 255, 3, INCR),       (page + 0x2800, 255, 3, INCR)),
             ("WRAP of 3 beats",              (page + 0x100, 2, 3, WRAP),           (page + 0x100, 3, 3, WRAP)),
             ("WRAP unaligned",               (page + 0x204, 3, 3, WRAP),           (page + 0x208, 3, 3, WRAP)),
             ("FIXED of 17 beats",            (page + 0x300, 16, 3, FIXED),         (page + 0x300, 15, 3, FIXED)),
             ("AxSIZE wider than the bus",    (page + 0x400, 0, 4, INCR),           (page + 0x400, 1, 3, INCR)),
             ("reserved AxBURST",             (page + 0x500, 0, 3, 3),              (page + 0x500, 0, 3, INCR))]
    for what, bad, good in cases:
        beats = await read(*bad)
        assert len(beats) == bad[1] + 1 and all(int(t.rresp) == SLVERR and int(t.rdata) == 0 for t in beats), \
            f"read {what}: {[(int(t.rresp), int(t.rlast)) for t in beats]}"
        assert await write(*bad) == SLVERR, f"write {what}"
        addr, length, size, _ = bad
        touched = [a for a in range((addr & ~0xFFF) - 4096, (addr & ~0xFFF) + 3 * 4096) if a in mem.mem]
        assert not touched, f"write {what} reached memory at 0x{touched[0]:x}"
        beats = await read(*good)
        assert len(beats) == good[1] + 1 and all(int(t.rresp) == 0 for t in beats), f"read beside {what}"
        assert await write(*good) == 0, f"write beside {what}"
        assert mem.mem.get(good[0]) == 0xA5, f"write beside {what} did not land"
        for a in [x for x in mem.mem if (page <= x < page + 0x4000)]:
            del mem.mem[a]                                                  # next case starts clean
    await ClockCycles(dut.aclk, 3)
    assert await rd(port(1, FAULT)) == FLAG["proto_rd"] | FLAG["proto_wr"], "FAULT.proto_rd and proto_wr only"
    assert (await rd(port(1, IRQ_STATUS))) >> 3 & 1 and int(dut.irq.value) == 1, "fault raises irq"
    await bench.finish(skip=("s01",))                                     # port 1 broke the rules on purpose


# (what port 1 does wrong, the FAULT flag, bytes of the 64 at 0x3000_0000 that must end up written)
MISBEHAVIOURS = (("stops sending write data after 3 of 8 beats", FLAG["w_stall"], 24),
                 ("sends write data with no AW", FLAG["w_stall"], 0),
                 ("holds RREADY low", FLAG["r_stall"], 0),
                 ("holds BREADY low", FLAG["b_stall"], 8),
                 ("sends WLAST on beat 1 of 4", FLAG["wlast"], 8),
                 ("sends no WLAST on the last of 2 beats", FLAG["wlast"], 8))


async def misbehave(p1: RawPort, i: int, addr: int) -> None:
    if i == 0:
        await p1.send_aw(addr, 7)
        await p1.send_w(3, -1)
    elif i == 1:
        await p1.send_w(1, 0)
    elif i == 2:
        p1.r.pause = True
        await p1.send_ar(addr, 15)
    elif i == 3:
        p1.b.pause = True
        await p1.send_aw(addr, 0)
        await p1.send_w(1, 0)
    elif i == 4:
        await p1.send_aw(addr, 3)
        await p1.send_w(2, 1)
    else:
        await p1.send_aw(addr, 1)
        await p1.send_w(3, 2)


@cocotb.test()
async def test_watchdog(dut):
    """Port 1 (TIMEOUT 64) misbehaves in every way the watchdog catches, one after the other: each time
    the right FAULT flag is set within the timeout, the port decouples, irq fires, memory holds only the
    beats the accelerator legitimately sent (owed data is completed with WSTRB 0), and after the
    accelerator is reset and the flags cleared the port works again. With TIMEOUT 0 a long RREADY stall
    does not trip. Ports 0 and 2 run scoreboarded traffic throughout and lose nothing."""
    bench = Bystanders(dut, seeded_rng("watchdog"))
    mem, wr, rd = bench.mem, bench.wr, bench.rd
    p1 = RawPort(dut, "s01_axi")

    async def wait_for(what: str, cond, cycles: int) -> int:
        start = get_sim_time("ns") // 10
        while not await cond():
            assert get_sim_time("ns") // 10 - start < cycles, f"{what}: not within {cycles} cycles"
        return get_sim_time("ns") // 10 - start

    await start_clock_reset(dut)
    timeout = 64
    await wr(port(1, TIMEOUT), timeout)
    await wr(port(1, IRQ_EN), 1 << 3)
    bench.start(400, 64)
    addr = 0x3000_0000
    for i, (what, flag, written) in enumerate(MISBEHAVIOURS):
        cocotb.start_soon(misbehave(p1, i, addr))
        took = await wait_for(what, lambda: rd(port(1, FAULT)), timeout + 400)
        assert await rd(port(1, FAULT)) == flag, f"{what}: FAULT 0x{await rd(port(1, FAULT)):x}, want 0x{flag:x}"
        await wait_for(f"{what}: decoupled", lambda: _bit(rd(port(1, STATUS)), DECOUPLED), 400)
        assert int(dut.irq.value) == 1, f"{what}: irq"
        got = sorted(a - addr for a in mem.mem if addr <= a < addr + 64)
        assert got == list(range(written)), f"{what}: bytes written {got}, want the first {written}"
        cocotb.log.info("%s: tripped after %d cycles (timeout %d), decoupled, %d bytes written", what, took,
                        timeout, written)
        p1.reset()                                                        # the accelerator is reset
        for a in [a for a in mem.mem if addr <= a < addr + 0x200]:
            del mem.mem[a]
        await wr(port(1, FAULT), F_WATCHDOG)
        await wr(port(1, IRQ_STATUS), 0xF)
        await wait_for(f"{what}: re-coupled", lambda: _bit(rd(port(1, STATUS)), DECOUPLED, want=0), 100)
        assert await p1.write(addr + 0x100, 3) == 0, f"after {what}: write"
        assert all(mem.mem.get(addr + 0x100 + n) == 0xA5 for n in range(32)), f"after {what}: data"
        beats = await p1.read(addr + 0x100, 3)
        assert [int(t.rresp) for t in beats] == [0] * 4, f"after {what}: read"
        assert await rd(port(1, FAULT)) == 0
    await wr(port(1, TIMEOUT), 0)                                         # off: a long stall is tolerated
    p1.r.pause = True
    await p1.send_ar(addr, 0)
    await ClockCycles(dut.aclk, 1000)
    assert await rd(port(1, FAULT)) == 0 and not await _bit(rd(port(1, STATUS)), DECOUPLED)
    p1.r.pause = False
    assert int((await p1.r.recv()).rlast) == 1
    await bench.finish(skip=("s01",))                                     # port 1 broke the rules on purpose


async def _bit(value, mask: int, want: int = 1) -> bool:
    return bool(await value & mask) == bool(want)


@cocotb.test()
async def test_reset_during_traffic(dut):
    """aresetn asserted for 3 cycles in the middle of traffic on every port (requests, write data and
    read data in flight, settings changed): afterwards every register is back at its reset value and
    fresh scoreboarded traffic from every port completes with 0 mismatches. Repeated at three random
    moments."""
    rng = seeded_rng("reset_during_traffic")
    tb = Tb(dut, rng)
    await start_clock_reset(dut)
    for round_ in range(3):
        await tb.wr(port(1, CFG), 64 | 2 << 12)
        await tb.wr(port(2, TIMEOUT), 500)
        tasks = [cocotb.start_soon(m.random_traffic(rng, 10_000, lambda r: r.randint(1, 64), tb.writes, READ_BASE))
                 for m in tb.masters]
        await ClockCycles(dut.aclk, rng.randint(200, 2000))
        assert any(m.outstanding for m in tb.masters), "the reset must hit traffic in flight"
        for t in tasks:
            t.cancel()
        assert_protocol_clean(dut, CHECKED)                               # up to the reset
        dut.aresetn.value = 0
        await ClockCycles(dut.aclk, 1)
        for m in tb.masters:
            m.reset()
        tb.mem.reset()
        await ClockCycles(dut.aclk, 2)
        dut.aresetn.value = 1
        await ClockCycles(dut.aclk, 2)
        assert await tb.rd(port(1, CFG)) == 16 and await tb.rd(port(2, TIMEOUT)) == 0, "defaults after reset"
        assert all([await tb.rd(port(i, STATUS)) == 0 for i in range(S_COUNT)]), "idle after reset"
        done_before = [m.reads_done + m.writes_done for m in tb.masters]
        await gather_traffic([cocotb.start_soon(m.random_traffic(rng, 150, lambda r: r.randint(1, 64), tb.writes,
                                                                 READ_BASE)) for m in tb.masters])
        await tb.settle()
        tb.check()
        done = [m.reads_done + m.writes_done - d for m, d in zip(tb.masters, done_before)]
        assert all(n == 150 for n in done), f"round {round_}: completed after the reset {done}"
        cocotb.log.info("reset %d: fresh traffic completed on every port (%s transactions)", round_, done)


async def gather_traffic(tasks: list) -> None:
    for t in tasks:
        await t


# ----------------------------------------------------------------------------------------- issue 15 defects

class IdleWires:
    """Watches every port's R and B payload each cycle: in a cycle whose RVALID (BVALID) is low the port's
    RID/RDATA/RRESP/RLAST (BID/BRESP) must all be 0, so nothing of another port's traffic is on its wires."""

    def __init__(self, dut) -> None:
        self.dut = dut
        self.seen: list[str] = []
        self.cycles = 0
        cocotb.start_soon(self._run())

    async def _run(self) -> None:
        d = self.dut
        while True:
            await RisingEdge(d.aclk)
            if not int(d.aresetn.value):
                continue
            self.cycles += 1
            for i in range(S_COUNT):
                g = lambda n: int(getattr(d, f"s{i:02d}_axi_{n}").value)  # noqa: E731
                if not g("rvalid") and (g("rdata") or g("rid") or g("rresp") or g("rlast")) and len(self.seen) < 5:
                    self.seen.append(f"port {i} cycle {self.cycles}: RVALID low, RDATA 0x{g('rdata'):x} RID {g('rid')}"
                                     f" RRESP {g('rresp')} RLAST {g('rlast')}")
                if not g("bvalid") and (g("bid") or g("bresp")) and len(self.seen) < 5:
                    self.seen.append(f"port {i} cycle {self.cycles}: BVALID low, BID {g('bid')} BRESP {g('bresp')}")


@cocotb.test()
async def test_no_cross_port_leak(dut):
    """Issue 15.1: ports 0 and 1 read (and write) distinct address patterns while port 2 is first
    decoupled, then cut off by its watchdog (RREADY held low): on no port, in no cycle, does R or B carry
    a payload while its VALID is low (before the fix every port's RDATA showed every other port's data)."""
    rng = seeded_rng("no_cross_port_leak")
    mem = AxiMemSlave(dut, "m_axi", dut.aclk, dut.aresetn, BUS, rng, reorder=True)
    masters = [AxiMasterDriver(dut, f"s{i:02d}_axi", dut.aclk, dut.aresetn, BUS, rng, mem, name=f"port{i}")
               for i in (0, 1)]
    axil = AxiLiteMaster(AxiLiteBus.from_prefix(dut, "s_axil"), dut.aclk, dut.aresetn, reset_active_level=False)
    p2 = RawPort(dut, "s02_axi")
    watch = IdleWires(dut)
    await start_clock_reset(dut)
    await axil.write(port(2, CFG), (16 | 1 << 24).to_bytes(4, "little"))            # port 2 decoupled
    writes = [WriteRegion(WRITE_BASE + 0x100_0000 * i) for i in (0, 1)]
    traffic = [cocotb.start_soon(m.random_traffic(rng, 150, lambda r: r.randint(1, 32), writes[i],
                                                  READ_BASE + 0x40_0000 * i)) for i, m in enumerate(masters)]
    await ClockCycles(dut.aclk, 1500)
    await axil.write(port(2, TIMEOUT), (32).to_bytes(4, "little"))                   # then cut off
    await axil.write(port(2, CFG), (16).to_bytes(4, "little"))
    p2.r.pause = True
    await p2.send_ar(READ_BASE + 0x80_0000, 7)
    for t in traffic:
        await t
    await drain(dut, *masters, timeout_us=2000.0)
    fault = int.from_bytes((await axil.read(port(2, FAULT), 4)).data, "little")
    assert fault == FLAG["r_stall"], f"port 2 was not cut off (FAULT 0x{fault:x})"
    problems = mem.failures + [f for m in masters for f in m.failures]
    assert not problems, "\n".join(problems[:20])
    assert not watch.seen, "response payload on a port's wires without its VALID:\n" + "\n".join(watch.seen)
    cocotb.log.info("no payload without VALID on any port over %d cycles", watch.cycles)


async def _share_of_reads(dut, victim_reads, stop: list[bool], aggressor_len: int, cycles: int,
                          warmup: int = 600) -> tuple[float, float]:
    """Ports 0 and 2 read `aggressor_len`-beat bursts (one ID, 4 in flight each) while `victim_reads`
    (coroutines that end once stop[0] is set) keep port 1 busy; returns port 1's share of the R beats at
    the memory port and the R channel's utilisation over `cycles` cycles after `warmup`."""
    rng = seeded_rng("share_of_reads")
    mem = AxiMemSlave(dut, "m_axi", dut.aclk, dut.aresetn, BUS, rng, latency=(10, 10))
    aggressors = [AxiMasterDriver(dut, f"s{i:02d}_axi", dut.aclk, dut.aresetn, BUS, rng, mem, name=f"port{i}",
                                  max_outstanding=4) for i in (0, 2)] if aggressor_len else []
    await start_clock_reset(dut)

    async def greedy(m, base: int) -> None:
        k = 0
        while not stop[0]:
            await m.read(Burst(0, base + (k % 512) * 0x800, aggressor_len - 1, 3, INCR))
            k += 1

    tasks = [cocotb.start_soon(greedy(m, READ_BASE + 0x40_0000 * (n + 1))) for n, m in enumerate(aggressors)]
    tasks += [cocotb.start_soon(v) for v in victim_reads]
    await ClockCycles(dut.aclk, warmup)
    beats = [0] * S_COUNT
    for _ in range(cycles):
        await RisingEdge(dut.aclk)
        if int(dut.m_axi_rvalid.value) and int(dut.m_axi_rready.value):
            beats[int(dut.m_axi_rid.value) >> ID_WIDTH] += 1
    stop[0] = True
    for t in tasks:
        await t
    problems = mem.failures + [f for m in aggressors for f in m.failures]
    assert not problems, "\n".join(problems[:20])
    cocotb.log.info("R beats per port over %d cycles: %s", cycles, beats)
    return 100.0 * beats[1] / max(1, sum(beats)), 100.0 * sum(beats) / cycles


def _multi_id_reader(dut, nbytes: int, concurrent: int = 8):
    """Port 1 as cocotbext-axi's AxiMaster: `concurrent` reads of `nbytes` in flight at any time, each on
    the next ID (AxiMaster rotates IDs per transaction), data checked against the memory pattern."""
    master = AxiMaster(AxiBus.from_prefix(dut, "s01_axi"), dut.aclk, dut.aresetn, reset_active_level=False)
    master.read_if.log.setLevel("WARNING")
    errors: list[str] = []
    stop = [False]

    async def reader(n: int) -> None:
        k = 0
        while not stop[0]:
            addr = READ_BASE + 0x20_0000 + ((k * concurrent + n) % 4096) * 0x100
            r = await master.read(addr, nbytes)
            if r.data != bytes(pattern_byte(a) for a in range(addr, addr + nbytes)) and len(errors) < 5:
                errors.append(f"read 0x{addr:x}: wrong data")
            k += 1

    return [reader(n) for n in range(concurrent)], errors, stop


async def _multi_id_case(dut, beats: int, aggressor_len: int) -> None:
    """Port 1 as a multi-ID master reading `beats`-beat bursts, alone (aggressor_len 0) or as the victim of
    paper 000's demo against two readers of `aggressor_len`-beat bursts (checks in the tests below)."""
    if knobs()["idle"]:
        return                                        # a measurement: clean channels only
    readers, errors, stop = _multi_id_reader(dut, beats * BUS)
    share, util = await _share_of_reads(dut, readers, stop, aggressor_len, 4000)
    assert not errors, errors
    cocotb.log.info("multi-ID reader, %d-beat reads against %d-beat readers: share %.2f %%, R utilisation %.2f %%",
                    beats, aggressor_len, share, util)
    if not aggressor_len:
        assert util >= 99.0, f"a multi-ID master alone: R utilisation {util:.2f} %"
    else:
        want = 100.0 * beats / (beats + 2 * 16)       # one nominal sub-burst per port and round
        assert abs(share - want) <= 0.5, f"{beats}-beat victim with rotating IDs: {share:.2f} %, want {want:.2f} +- 0.5"


# Issue 15.3: a master that rotates IDs (cocotbext-axi's AxiMaster, 8 concurrent reads) keeps its outstanding
# reads in flight (before the fix the equalizer drained every ID change: one read in flight). At reset
# defaults (nominal 16, L 4), memory latency 10:
@cocotb.test()
async def test_multi_id_alone(dut):
    """... alone, 16-beat reads use >= 99 % of the R channel;"""
    await _multi_id_case(dut, 16, 0)


@cocotb.test()
async def test_multi_id_victim_16_vs_256(dut):
    """... as the victim of paper 000's demo, 16-beat reads against two 256-beat readers get 33.3 +- 0.5 %;"""
    await _multi_id_case(dut, 16, 256)


@cocotb.test()
async def test_multi_id_victim_8_vs_128(dut):
    """... and 8-beat reads against two 128-beat readers 20.0 +- 0.5 %."""
    await _multi_id_case(dut, 8, 128)


@cocotb.test()
async def test_release_waits_for_drain(dut):
    """Issue 15.4: port 1 is cut off by its watchdog (an AW with no data, TIMEOUT 32) while 4 reads and 2
    writes are in flight at a memory that holds its responses; the flags are cleared at once: the port is
    re-coupled only after those responses have come back and been dropped, so the freshly reset
    accelerator never sees one of them (before the fix it got 16 R beats and 2 B of the old requests)."""
    bench = Bystanders(dut, seeded_rng("release_waits_for_drain"))
    wr, rd, mem = bench.wr, bench.rd, bench.mem
    p1 = RawPort(dut, "s01_axi")
    await start_clock_reset(dut)
    await wr(port(1, TIMEOUT), 32)
    bench.start(100, 16)
    addr = 0x3000_0000
    for ch in (mem.r, mem.b):                                           # responses held at the memory
        ch.clear_pause_generator()
        ch.pause = True
    for k in range(4):
        await p1.send_ar(READ_BASE + 0x1000 * k, 3)
    for k in range(2):
        await p1.send_aw(addr + 0x100 * k, 0)
        await p1.send_w(1, 0)
    await p1.send_aw(addr + 0x400, 3)                                   # ... and its data never comes
    for _ in range(200):
        if await rd(port(1, FAULT)):
            break
    assert await rd(port(1, FAULT)) == FLAG["w_stall"]
    p1.reset()                                                          # the accelerator is reset
    await wr(port(1, FAULT), F_WATCHDOG)                                # and released at once
    stale = []

    async def watch() -> None:
        while True:
            await RisingEdge(dut.aclk)
            if int(dut.s01_axi_rvalid.value) or int(dut.s01_axi_bvalid.value):
                stale.append(get_sim_time("ns"))

    w = cocotb.start_soon(watch())
    await ClockCycles(dut.aclk, 100)
    held = await rd(port(1, STATUS))                                    # responses still owed here
    mem.r.pause = mem.b.pause = False
    for _ in range(100):
        if not await rd(port(1, STATUS)) & (CUT_OFF | DECOUPLED):
            break
    else:
        raise AssertionError(f"port 1 not re-coupled after its responses came back (STATUS 0x{await rd(port(1, STATUS)):x})")
    await ClockCycles(dut.aclk, 50)
    w.cancel()
    assert not stale, f"the reset accelerator received {len(stale)} beats of responses to requests from before the release"
    assert held & CUT_OFF, f"STATUS 0x{held:x} while responses were owed: the port must stay cut off"
    assert await p1.write(addr + 0x800, 3) == 0
    beats = await p1.read(addr + 0x800, 3)
    assert [int(t.rresp) for t in beats] == [0] * 4 and all(int(t.rdata) == 0xA5A5_A5A5_A5A5_A5A5 for t in beats)
    await bench.finish(skip=("s01",))


@cocotb.test()
async def test_w_unstable_accelerator(dut):
    """Issue 15.5: port 1 presents write data like a broken accelerator — WVALID dropped before WREADY,
    WDATA/WSTRB changed while waiting — against a memory that holds WREADY low half the time; ports 0
    and 2 run scoreboarded traffic. The memory port sees no W rule broken, port 1's memory holds exactly
    the beats that were handshaken, the others lose nothing (before the fix the memory port saw WVALID
    dropped and W payload changed before WREADY)."""
    bench = Bystanders(dut, seeded_rng("w_unstable_accelerator"))
    rng, mem = bench.rng, bench.mem
    mem.w.set_pause_generator(pause_gen(random.Random(rng.random()), 0.5))
    aw = AxiAWSource(AxiAWBus.from_prefix(dut, "s01_axi"), dut.aclk, dut.aresetn, reset_active_level=False)
    bsink = AxiBSink(AxiBBus.from_prefix(dut, "s01_axi"), dut.aclk, dut.aresetn, reset_active_level=False)
    await start_clock_reset(dut)
    bench.start(150, 32)
    d = dut
    base = 0x3000_0000
    expect: dict[int, int] = {}
    for k in range(40):
        length = rng.randint(1, 24)
        addr = base + 0x1000 * k
        await aw.send(AxiAWTransaction(awid=k % 4, awaddr=addr, awlen=length - 1, awsize=3, awburst=INCR))
        n = 0
        data, strb = rng.getrandbits(64), rng.getrandbits(8)
        d.s01_axi_wvalid.value = 0
        while n < length:
            await RisingEdge(d.aclk)
            if int(d.s01_axi_wvalid.value) and int(d.s01_axi_wready.value):
                for lane in range(BUS):
                    if strb >> lane & 1:
                        expect[addr + 8 * n + lane] = data >> (8 * lane) & 0xFF
                n += 1
                data, strb = rng.getrandbits(64), rng.getrandbits(8)
            elif rng.random() < 0.5:
                data, strb = rng.getrandbits(64), rng.getrandbits(8)          # changed while waiting
            valid = n < length and rng.random() < 0.7                         # dropped at will
            d.s01_axi_wvalid.value = int(valid)
            d.s01_axi_wdata.value = data
            d.s01_axi_wstrb.value = strb
            d.s01_axi_wlast.value = int(n == length - 1)
        d.s01_axi_wvalid.value = 0
        assert int((await bsink.recv()).bresp) == 0
    got = {a: v for a, v in mem.mem.items() if base <= a < base + 0x1000 * 40}
    assert got == expect, f"port 1's memory differs from its handshaken beats at {len(set(got.items()) ^ set(expect.items()))} bytes"
    await bench.finish(skip=("s01",))                                     # port 1 broke the rules on purpose


@pytest.mark.parametrize("stress,min_latency", [(0, False), (1, False), (1, True)],
                         ids=["clean", "idle+backpressure", "minimum-latency-idle+backpressure"])
def test_axi_hyperconnect(stress: int, min_latency: bool) -> None:
    """Every test at the default cut setting, and with backpressure at the minimum-latency setting
    (REQ_DEPTH 0, RESP_DEPTH 0: no request or response buffers)."""
    from pathlib import Path

    from hyperconnect import bench, sim, soak
    build_dir, sources = soak.testbench(bench.MIN_LATENCY if min_latency else None)
    assert soak.S_COUNT == S_COUNT
    sim.run_cocotb("axi_hyperconnect_wrap", "test_axi_hyperconnect", Path(__file__).resolve().parent,
                   sources, build_dir, env={"HC_STRESS": str(stress)})


def test_soak_command() -> None:
    """`hc soak` (the `make soak` target, 1,000,000 transactions) on a few hundred transactions: it runs the
    random test above in shards and sums what each reports. Runs after test_axi_hyperconnect in this file
    (same build)."""
    import json
    import subprocess
    import sys
    from pathlib import Path
    hc = Path(sys.executable).parent / "hc"
    res = subprocess.run([str(hc), "soak", "--transactions", "300", "--shards", "1", "--json"], capture_output=True,
                         text=True, timeout=900)
    assert res.returncode == 0, res.stderr[-2000:]
    summary = json.loads(res.stdout)
    assert summary["transactions"] == 300 and summary["passed"]
    assert summary["data_mismatches"] == summary["lost_or_duplicated"] == summary["protocol_violations"] == 0


def test_soak_wave_on_a_seeded_fault(tmp_path) -> None:
    """`hc soak --wave DIR` with a seeded fault (`--corrupt-read 40`: the memory corrupts read data from its
    40th burst on): the soak fails and counts the mismatches, the failing shard runs again traced, and its FST
    holds axi_hyperconnect's m_axi_* signals from reset until 1,000 cycles (10 ns each) past the first failure
    the re-run names. Without the fault the same seed passes and writes no waveform."""
    import json
    import subprocess
    import sys
    from pathlib import Path

    from hyperconnect import soak
    from lib.fst import fst_signals, fst_time_range
    hc = Path(sys.executable).parent / "hc"
    args = [str(hc), "soak", "--transactions", "300", "--shards", "1", "--seed", "7", "--json"]
    res = subprocess.run([*args, "--wave", str(tmp_path), "--corrupt-read", "40"], capture_output=True, text=True,
                         timeout=900)
    assert res.returncode == 1, res.stderr[-2000:]
    summary = json.loads(res.stdout)
    (shard,) = summary["shards"]
    assert not summary["passed"] and not shard["passed"] and summary["data_mismatches"] > 0
    wave = Path(shard["wave"])
    assert wave.parent == tmp_path and wave.exists(), shard
    first = shard["first_failure_ns"] * 1e-9
    start, end = fst_time_range(wave)
    assert start == 0 and abs(end - (first + soak.WAVE_MARGIN * 10e-9)) < 20e-9, (first, end)
    signals = fst_signals(wave)
    for name in ("arvalid", "arready", "araddr", "rdata", "rvalid", "rlast", "awvalid", "wdata", "bvalid"):
        assert f"axi_hyperconnect_wrap.m_axi_{name}" in signals, f"m_axi_{name} missing from {wave}"

    clean = tmp_path / "clean"
    res = subprocess.run([*args, "--wave", str(clean)], capture_output=True, text=True, timeout=900)
    assert res.returncode == 0 and json.loads(res.stdout)["passed"], res.stderr[-2000:]
    assert not clean.exists() or not any(clean.iterdir()), "a passing soak wrote a waveform"
