# SPDX-License-Identifier: Apache-2.0
"""A scoreboarded AXI4 master for the DUT's slave port, built on cocotbext-axi channel drivers.

Every read is checked beat by beat against a reference memory (pattern or bytes this driver wrote):
RID, RRESP (per beat, from the ErrorMap), the bytes of the active lanes, and RLAST exactly on the last
beat. Every write is checked on its B: BID, BRESP (worst of its beats) and, through the memory slave,
that each written byte landed at its address. Options: idle cycles on AR/AW/W, backpressure on R/B.
"""

from __future__ import annotations

import logging
import random
from collections import defaultdict, deque

from cocotb.triggers import Event, SimTimeoutError, with_timeout
from cocotbext.axi.axi_channels import (AxiARBus, AxiARSource, AxiARTransaction, AxiAWBus, AxiAWSource,
                                        AxiAWTransaction, AxiBBus, AxiBSink, AxiRBus, AxiRSink, AxiWBus,
                                        AxiWSource, AxiWTransaction)
import cocotb
from ..model import pattern_byte

from .axi_mem import AxiMemSlave, pause_gen
from .axi_ref import (OKAY, Burst, ErrorMap, WriteRegion, beat_address, beat_bytes, beat_lanes,
                      random_burst)


class AxiMasterDriver:
    def __init__(self, dut, prefix: str, clk, rst, bus_bytes: int, rng: random.Random, memory: AxiMemSlave,
                 errors: ErrorMap | None = None, idle: float = 0.0, backpressure: float = 0.0,
                 max_outstanding: int = 8, name: str = "m", random_strobes: float = 0.0,
                 posted: bool = False) -> None:
        self.name = name
        self.posted = posted                      # B comes before the data lands (a posted-write link):
        #                                           check_landed() after a drain instead of at each B
        self.bus_bytes = bus_bytes
        self.memory = memory
        self.errors = errors or ErrorMap()
        self.max_outstanding = max_outstanding
        self.random_strobes = random_strobes      # fraction of beats that strobe a random subset of lanes
        kw = dict(reset_active_level=False)
        self.ar = AxiARSource(AxiARBus.from_prefix(dut, prefix), clk, rst, **kw)
        self.aw = AxiAWSource(AxiAWBus.from_prefix(dut, prefix), clk, rst, **kw)
        self.w = AxiWSource(AxiWBus.from_prefix(dut, prefix), clk, rst, **kw)
        self.r = AxiRSink(AxiRBus.from_prefix(dut, prefix), clk, rst, **kw)
        self.b = AxiBSink(AxiBBus.from_prefix(dut, prefix), clk, rst, **kw)
        for ch in (self.ar, self.aw, self.w, self.r, self.b):
            ch.log.setLevel(logging.WARNING)
        if idle > 0:
            for ch in (self.ar, self.aw, self.w):
                ch.set_pause_generator(pause_gen(random.Random(rng.random()), idle))
        if backpressure > 0:
            for ch in (self.r, self.b):
                ch.set_pause_generator(pause_gen(random.Random(rng.random()), backpressure))
        self.ref: dict[int, int] = {}
        self._reads: dict[int, deque[Burst]] = defaultdict(deque)
        self._writes: dict[int, deque[Burst]] = defaultdict(deque)
        self.outstanding = 0
        self.reads_done = 0
        self.writes_done = 0
        self.failures: list[str] = []
        self._room = Event()
        self._idle = Event()
        self._idle.set()
        self._tasks = [cocotb.start_soon(self._r_loop()), cocotb.start_soon(self._b_loop())]

    def reset(self) -> None:
        """The interconnect was reset: everything in flight is lost, not failed; the reference of bytes
        written stays (a write in flight may or may not have landed: tests read only what they wrote
        after the reset, or the pattern)."""
        for t in self._tasks:
            t.cancel()
        for ch in (self.ar, self.aw, self.w, self.r, self.b):
            ch.clear()
        self._reads.clear()
        self._writes.clear()
        self.outstanding = 0
        self._room.set()
        self._idle.set()
        self._tasks = [cocotb.start_soon(self._r_loop()), cocotb.start_soon(self._b_loop())]

    def _fail(self, msg: str) -> None:
        if len(self.failures) < 20:
            self.failures.append(f"{self.name}: {msg}")

    async def _wait_room(self, timeout_us: float = 500.0) -> None:
        while self.outstanding >= self.max_outstanding:
            self._room.clear()
            try:
                await with_timeout(self._room.wait(), timeout_us, "us")
            except SimTimeoutError:
                raise AssertionError(f"{self.name}: no transaction completed for {timeout_us} us with "
                                     f"{self.outstanding} outstanding; failures so far: {self.failures[:3]}") from None
        self.outstanding += 1
        self._idle.clear()

    def _done_one(self) -> None:
        self.outstanding -= 1
        self._room.set()
        if self.outstanding == 0:
            self._idle.set()

    async def read(self, b: Burst) -> None:
        await self._wait_room()
        self._reads[b.id].append(b)
        await self.ar.send(AxiARTransaction(arid=b.id, araddr=b.addr, arlen=b.len, arsize=b.size,
                                            arburst=b.burst, arlock=b.lock))

    async def write(self, b: Burst, rng: random.Random) -> None:
        """Issue a write with random data on the active lanes; strobes on exactly those lanes, or (for a
        `random_strobes` fraction of beats) on a random subset of them."""
        await self._wait_room()
        b.data, b.strb = [], []
        for n in range(b.beats):
            a = beat_address(b.addr, b.len, b.size, b.burst, n)
            lanes = beat_lanes(a, b.size, self.bus_bytes)
            data = bytearray(rng.getrandbits(8) for _ in range(self.bus_bytes))
            if self.random_strobes and rng.random() < self.random_strobes:
                lanes = [lane for lane in lanes if rng.random() < 0.5]
            strb = sum(1 << lane for lane in lanes)
            base = a & ~(self.bus_bytes - 1)
            for lane in lanes:
                self.ref[base + lane] = data[lane]
            b.data.append(bytes(data))
            b.strb.append(strb)
        self._writes[b.id].append(b)
        await self.aw.send(AxiAWTransaction(awid=b.id, awaddr=b.addr, awlen=b.len, awsize=b.size,
                                            awburst=b.burst, awlock=b.lock))
        for n in range(b.beats):
            await self.w.send(AxiWTransaction(wdata=int.from_bytes(b.data[n], "little"), wstrb=b.strb[n],
                                              wlast=int(n == b.len)))

    async def random_traffic(self, rng: random.Random, count: int, incr_len, writes: WriteRegion,
                             read_base: int, id_max: int = 3) -> None:
        """Issue `count` random reads and writes (half each on average), see axi_ref.random_burst."""
        for _ in range(count):
            write = rng.random() < 0.5
            b = random_burst(rng, incr_len, writes, read_base, write, id_max=id_max)
            if write:
                await self.write(b, rng)
            else:
                await self.read(b)

    async def drain(self) -> None:
        await self._idle.wait()

    def check_landed(self) -> None:
        """Every byte this driver wrote is in the memory (for `posted` links, once the writes have drained)."""
        for addr, want in self.ref.items():
            if self.memory.mem.get(addr) != want:
                self._fail(f"byte 0x{addr:x} in memory {self.memory.mem.get(addr)} != written {want}")
                break

    def expected_byte(self, addr: int) -> int:
        return self.ref.get(addr, pattern_byte(addr))

    async def _r_loop(self) -> None:
        beat = 0
        while True:
            t = await self.r.recv()
            rid = int(t.rid)
            if not self._reads[rid]:
                self._fail(f"R beat with RID {rid} and no read outstanding for it")
                continue
            b = self._reads[rid][0]
            a = beat_address(b.addr, b.len, b.size, b.burst, beat)
            want_resp = self.errors.resp(a)
            if int(t.rresp) != want_resp:
                self._fail(f"read 0x{b.addr:x} len {b.len} beat {beat}: RRESP {int(t.rresp)} != {want_resp}")
            if want_resp == OKAY:
                data = int(t.rdata).to_bytes(self.bus_bytes, "little")
                for addr in beat_bytes(b, beat, self.bus_bytes):
                    got, want = data[addr % self.bus_bytes], self.expected_byte(addr)
                    if got != want:
                        self._fail(f"read 0x{b.addr:x} len {b.len} size {b.size} burst {b.burst} beat {beat}:"
                                   f" byte 0x{addr:x} = 0x{got:02x}, expected 0x{want:02x}")
                        break
            last = beat == b.len
            if int(t.rlast) != int(last):
                self._fail(f"read 0x{b.addr:x} len {b.len}: RLAST={int(t.rlast)} on beat {beat}")
            # Resynchronise on the DUT's RLAST so that one error does not cascade through the run.
            if int(t.rlast) or last:
                self._reads[rid].popleft()
                self.reads_done += 1
                self._done_one()
                beat = 0
            else:
                beat += 1

    async def _b_loop(self) -> None:
        while True:
            t = await self.b.recv()
            bid = int(t.bid)
            if not self._writes[bid]:
                self._fail(f"B with BID {bid} and no write outstanding for it")
                continue
            b = self._writes[bid].popleft()
            want = self.errors.burst_resp(b, self.bus_bytes)
            if int(t.bresp) != want:
                self._fail(f"write 0x{b.addr:x} len {b.len}: BRESP {int(t.bresp)} != {want}")
            for n in range(0 if self.posted else b.beats):
                for addr in beat_bytes(b, n, self.bus_bytes):
                    if self.memory.mem.get(addr) != self.ref.get(addr):   # None: never strobed, never written
                        self._fail(f"write 0x{b.addr:x} len {b.len} size {b.size} burst {b.burst}: byte 0x{addr:x}"
                                   f" in memory {self.memory.mem.get(addr)} != written {self.ref.get(addr)}")
                        break
            self.writes_done += 1
            self._done_one()
