# SPDX-License-Identifier: Apache-2.0
"""A Python AXI4 memory slave for the DUT's master port, built on cocotbext-axi channel drivers.

Reads return the bench pattern (hyperconnect.model.pattern_byte) or what was written; R beats and B
responses carry the ErrorMap's response for their address. Options: random latency, reordering of
responses across IDs (never within one), idle cycles on R/B and backpressure on AR/AW/W. It checks the
W stream it receives (WLAST exactly on each burst's last beat) and counts outstanding transactions at
its port so a test can bound them.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from dataclasses import dataclass

import cocotb
from cocotb.triggers import Event, RisingEdge
from cocotbext.axi.axi_channels import (AxiARBus, AxiARSink, AxiAWBus, AxiAWSink, AxiBBus, AxiBSource,
                                        AxiBTransaction, AxiRBus, AxiRSource, AxiRTransaction, AxiWBus,
                                        AxiWSink)
from ..model import pattern_byte

from .axi_ref import Burst, ErrorMap, beat_address, beat_bytes


def pause_gen(rng: random.Random, p: float):
    """Pause generator for cocotbext-axi: True (pause) with probability p each cycle."""
    while True:
        yield rng.random() < p


@dataclass
class _Pending:
    burst: Burst
    ready_at: int
    seq: int


class AxiMemSlave:
    """AXI4 slave memory attached to signals `<prefix>_ar*`, `<prefix>_r*`, ... of `dut`."""

    def __init__(self, dut, prefix: str, clk, rst, bus_bytes: int, rng: random.Random,
                 latency: tuple[int, int] = (2, 12), reorder: bool = False, stall: float = 0.0,
                 errors: ErrorMap | None = None) -> None:
        self.dut, self.clk = dut, clk
        self.bus_bytes = bus_bytes
        self.rng = rng
        self.latency = latency
        self.reorder = reorder
        self.errors = errors or ErrorMap()
        self.mem: dict[int, int] = {}
        self.now = 0
        self.failures: list[str] = []
        self.on_ar: list[Callable[[Burst], None]] = []
        self.on_aw: list[Callable[[Burst], None]] = []
        kw = dict(reset_active_level=False)
        self.ar = AxiARSink(AxiARBus.from_prefix(dut, prefix), clk, rst, **kw)
        self.r = AxiRSource(AxiRBus.from_prefix(dut, prefix), clk, rst, **kw)
        self.aw = AxiAWSink(AxiAWBus.from_prefix(dut, prefix), clk, rst, **kw)
        self.w = AxiWSink(AxiWBus.from_prefix(dut, prefix), clk, rst, **kw)
        self.b = AxiBSource(AxiBBus.from_prefix(dut, prefix), clk, rst, **kw)
        for ch in (self.ar, self.aw, self.w, self.r, self.b):
            ch.log.setLevel(logging.WARNING)
        if stall > 0:
            for ch in (self.ar, self.aw, self.w, self.r, self.b):
                ch.set_pause_generator(pause_gen(random.Random(rng.random()), stall))
        self._reads: list[_Pending] = []
        self._writes: list[Burst] = []
        self._resps: list[_Pending] = []
        self._seq = 0
        self._wake_r, self._wake_b, self._wake_w = Event(), Event(), Event()
        self.reads_done = 0
        # fault injection (to show a bench catches and reports it): from read burst number `corrupt_read` on
        # (1-based; 0: never), bit 0 of every byte of each burst's first beat is flipped
        self.corrupt_read = 0
        self.writes_done = 0
        cocotb.start_soon(self._clock())
        self._tasks = [cocotb.start_soon(c) for c in self._loops()]

    def _loops(self) -> list:
        return [self._ar_loop(), self._r_loop(), self._aw_loop(), self._w_loop(), self._b_loop()]

    def reset(self) -> None:
        """The memory controller is reset with the interconnect: requests, data and responses in flight
        are forgotten (cocotbext-axi empties the channel queues itself); the contents stay."""
        for t in self._tasks:
            t.cancel()
        self._reads.clear()
        self._writes.clear()
        self._resps.clear()
        for ch in (self.ar, self.aw, self.w, self.r, self.b):
            ch.clear()
        self._tasks = [cocotb.start_soon(c) for c in self._loops()]

    def hold(self, *channels: str) -> None:
        """READY (AR/AW/W) or VALID (R/B) of the named channels held low until release(), whatever the
        stall knob (its random pauses end on them)."""
        for name in channels:
            ch = getattr(self, name)
            ch.clear_pause_generator()
            ch.pause = True

    def release(self, *channels: str) -> None:
        for name in channels:
            getattr(self, name).pause = False

    def read_byte(self, addr: int) -> int:
        return self.mem.get(addr, pattern_byte(addr))

    async def _clock(self) -> None:
        while True:
            await RisingEdge(self.clk)
            self.now += 1

    def _delay(self) -> int:
        return self.rng.randint(*self.latency)

    def _pick(self, queue: list[_Pending]) -> int | None:
        ready = []
        seen_ids: set[int] = set()
        for i, p in enumerate(queue):
            if p.burst.id in seen_ids:
                continue
            seen_ids.add(p.burst.id)
            if p.ready_at <= self.now:
                ready.append(i)
            if not self.reorder:
                break
        if not ready:
            return None
        return self.rng.choice(ready) if self.reorder else ready[0]

    async def _ar_loop(self) -> None:
        while True:
            t = await self.ar.recv()
            b = Burst(int(t.arid), int(t.araddr), int(t.arlen), int(t.arsize), int(t.arburst),
                      int(getattr(t, "arlock", 0) or 0))
            for hook in self.on_ar:
                hook(b)
            self._seq += 1
            self._reads.append(_Pending(b, self.now + self._delay(), self._seq))
            self._wake_r.set()

    async def _next_ready(self, queue: list[_Pending], wake: Event) -> Burst:
        """Wait until a queued request is due (and, when reordering, oldest of its ID); remove it."""
        while True:
            k = self._pick(queue)
            if k is not None:
                return queue.pop(k).burst
            wake.clear()
            if queue:
                await RisingEdge(self.clk)
            else:
                await wake.wait()

    async def _r_loop(self) -> None:
        while True:
            b = await self._next_ready(self._reads, self._wake_r)
            for n in range(b.beats):
                a = beat_address(b.addr, b.len, b.size, b.burst, n)
                base = a & ~(self.bus_bytes - 1)
                data = bytes(self.read_byte(base + i) for i in range(self.bus_bytes))
                if n == 0 and 0 < self.corrupt_read <= self.reads_done + 1:
                    data = bytes(x ^ 1 for x in data)
                await self.r.send(AxiRTransaction(rid=b.id, rdata=int.from_bytes(data, "little"),
                                                  rresp=self.errors.resp(a), rlast=int(n == b.len)))
            self.reads_done += 1

    async def _aw_loop(self) -> None:
        while True:
            t = await self.aw.recv()
            b = Burst(int(t.awid), int(t.awaddr), int(t.awlen), int(t.awsize), int(t.awburst),
                      int(getattr(t, "awlock", 0) or 0))
            for hook in self.on_aw:
                hook(b)
            self._writes.append(b)
            self._wake_w.set()

    async def _w_loop(self) -> None:
        beat = 0
        while True:
            t = await self.w.recv()
            while not self._writes:          # AXI allows W before its AW: hold the beat until the AW
                self._wake_w.clear()
                await self._wake_w.wait()
            b = self._writes[0]
            data = int(t.wdata).to_bytes(self.bus_bytes, "little")
            strb = int(t.wstrb)
            for addr in beat_bytes(b, beat, self.bus_bytes):
                lane = addr % self.bus_bytes
                if (strb >> lane) & 1:
                    self.mem[addr] = data[lane]
            last = beat == b.len
            if int(t.wlast) != int(last):
                self.failures.append(f"WLAST={int(t.wlast)} on beat {beat} of a {b.beats}-beat burst at "
                                     f"0x{b.addr:x}")
            if last:
                self._writes.pop(0)
                self._seq += 1
                self._resps.append(_Pending(b, self.now + self._delay(), self._seq))
                self._wake_b.set()
                beat = 0
            else:
                beat += 1

    async def _b_loop(self) -> None:
        while True:
            b = await self._next_ready(self._resps, self._wake_b)
            await self.b.send(AxiBTransaction(bid=b.id, bresp=self.errors.burst_resp(b, self.bus_bytes)))
            self.writes_done += 1
