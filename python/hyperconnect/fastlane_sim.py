# SPDX-License-Identifier: Apache-2.0
"""The cocotb side of paper 002's system (bench/rtl/fastlane_system_top.sv, issue 18): start it, program the
interconnect and the copy engine, run the CPU's program beside a copy, and measure. Used by the tests
(tests/fastlane_system) and by the reproduction's bench (bench/fastlane/fastlane_bench.py)."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from cocotb.clock import Clock
from cocotb.triggers import ClockCycles, RisingEdge

from . import copy_engine
from .copy_engine import control_port

BUS_BYTES = 8                                    # the 64-bit data bus: one beat = 8 bytes
VENDOR_RD_OVERHEAD, VENDOR_WR_OVERHEAD = 43, 11  # axi_vendor_path, calibrated (tests/axi_vendor_path)
# axi_hyperconnect's map (rdl/hyperconnect.rdl)
HC_GLOBAL_LIMIT, HC_QOS_MAP = 0x014, 0x020
HC_CFG, HC_LIMITS = 0x00, 0x04
CPU_PORT, COPY_PORT = 0, 1                        # FastLane: the CPU on port 0, the copy engine on port 1
SRC, DST = 0x0100_0000, 0x0200_0000              # the copy's regions (the CPU reads elsewhere)
CPU_BASE, CPU_SPAN = 0x0800_0000, 1 << 22         # the CPU's lines: 4 MB of random lines
PLB_BURST = 16                                    # the longest burst the vendor path (the V2P's PLB) carries


def hc_port(i: int, reg: int) -> int:
    return 0x100 + 0x80 * i + reg


@dataclass
class CpuRun:
    """One run of the CPU's program: run time, miss latencies (cycles), and the copy engine's beats in the
    same window (0 with the copy idle)."""
    misses: int
    gap: int
    cycles: int
    lat_sum: int
    lat_max: int
    copy_beats: int

    @property
    def latency(self) -> float:
        return self.lat_sum / self.misses

    @property
    def copy_share(self) -> float:
        """The copy's read + write beats per cycle of the window."""
        return self.copy_beats / self.cycles

    def as_dict(self) -> dict[str, Any]:
        return asdict(self) | {"latency": self.latency, "copy_share": self.copy_share}


class System:
    """fastlane_system_top under cocotb."""

    def __init__(self, dut: Any) -> None:
        self.dut = dut
        self.path = int(dut.PATH.value)
        self.copy = control_port(dut, "s_axil_copy")
        self.hc = control_port(dut, "s_axil_hc") if self.path == 0 else None

    async def start(self, rd_overhead: int = VENDOR_RD_OVERHEAD, wr_overhead: int = VENDOR_WR_OVERHEAD) -> None:
        d = self.dut
        Clock(d.aclk, 10, unit="ns").start()
        d.aresetn.value = 0
        d.cpu_start.value = 0
        d.cpu_misses.value = 0
        d.cpu_gap.value = 0
        d.cpu_base.value = CPU_BASE
        d.cpu_span.value = CPU_SPAN
        d.cfg_rd_overhead.value = rd_overhead
        d.cfg_wr_overhead.value = wr_overhead
        d.cfg_src.value = SRC
        d.cfg_dst.value = DST
        await ClockCycles(d.aclk, 5)
        d.aresetn.value = 1
        await ClockCycles(d.aclk, 5)

    async def setup(self, nominal: int = 16, g: int = 32, limits: int = 4, qos_map: int | None = None) -> None:
        """FastLane: the CPU's port in class 3, the copy engine's in class 0 at `nominal` beats and `limits`
        sub-transactions outstanding per direction; G; the class -> AxQOS map (None: the reset one)."""
        if self.hc is None:
            return
        await self.hc.write_dword(hc_port(CPU_PORT, HC_CFG), 16 | 3 << 12)
        await self.hc.write_dword(hc_port(COPY_PORT, HC_CFG), nominal | 0 << 12)
        await self.hc.write_dword(hc_port(COPY_PORT, HC_LIMITS), limits | limits << 8)
        await self.hc.write_dword(HC_GLOBAL_LIMIT, g)
        if qos_map is not None:
            await self.hc.write_dword(HC_QOS_MAP, qos_map)
        assert await self.hc.read_dword(HC_GLOBAL_LIMIT) == g

    def burst(self, burst: int) -> int:
        """The copy engine's burst on this path: the vendor path carries at most 16 beats (the PLB's)."""
        return min(burst, PLB_BURST) if self.path == 1 else burst

    async def copy_start(self, length: int, burst: int = 16, outstanding: int = 8, repeat: bool = True) -> None:
        burst = self.burst(burst)
        await self.copy.write_dword(copy_engine.STATUS, copy_engine.DONE | copy_engine.ERROR)
        await copy_engine.program(self.copy, SRC, DST, length, burst, outstanding, outstanding,
                                  copy_engine.REPEAT if repeat else 0)

    async def copy_stop(self, timeout: int = 100000) -> int:
        """Clear CTRL.repeat and wait for the copy under way to end; returns STATUS."""
        await self.copy.write_dword(copy_engine.CTRL, 0)
        for _ in range(timeout):
            status = await self.copy.read_dword(copy_engine.STATUS)
            if not status & copy_engine.BUSY:
                return status
        raise AssertionError("the copy engine never stopped")

    async def copy_once(self, length: int, burst: int = 16, outstanding: int = 8) -> float:
        """One copy of `length` bytes alone; its bus share (read + write beats per cycle of the copy)."""
        return await copy_engine.copy_share(self.copy, SRC, DST, length, self.burst(burst), outstanding, BUS_BYTES,
                                            timeout=10 * length)

    async def cpu_run(self, gap: int, misses: int) -> CpuRun:
        """Run the CPU's program (`misses` line misses, `gap` cycles of computing before each)."""
        d = self.dut
        d.cpu_gap.value = gap
        d.cpu_misses.value = misses
        await RisingEdge(d.aclk)
        beats0 = int(d.copy_rd_beats.value) + int(d.copy_wr_beats.value)
        d.cpu_start.value = 1
        await RisingEdge(d.aclk)
        d.cpu_start.value = 0
        await RisingEdge(d.cpu_done)
        await RisingEdge(d.aclk)
        beats = int(d.copy_rd_beats.value) + int(d.copy_wr_beats.value) - beats0
        return CpuRun(misses, gap, int(d.cpu_cycles.value), int(d.cpu_lat_sum.value), int(d.cpu_lat_max.value), beats)

    def errors(self) -> dict[str, int]:
        d = self.dut
        return {"cpu": int(d.errors_cpu.value), "copy": int(d.errors_copy.value), "memory": int(d.errors_mem.value),
                "copy_data": int(d.copy_data_errors.value)}

    def check(self) -> None:
        bad = {k: v for k, v in self.errors().items() if v}
        assert not bad, f"protocol or data errors: {bad}"


async def loaded_copy(s: System, gap: int, chunk: int, length: int, burst: int) -> dict[str, Any]:
    """Paper 002's Table 3 and 4 in one run: one copy of `length` bytes while the CPU runs its program (gap)
    in chunks of `chunk` misses back to back. The copy's rate is its own (CYCLES); the CPU's miss latency is
    that of the chunks that ended before the copy did (every one of them ran beside it)."""
    await s.copy_start(length, burst, repeat=False)
    runs: list[CpuRun] = []
    while True:
        r = await s.cpu_run(gap, chunk)
        status = await s.copy.read_dword(copy_engine.STATUS)
        if status & copy_engine.DONE:
            break
        runs.append(r)
    assert not status & copy_engine.ERROR, f"copy failed: STATUS {status:#x}"
    assert runs, f"the copy ended within the first {chunk} misses: a smaller chunk is needed"
    cycles = await s.copy.read_dword(copy_engine.CYCLES)
    misses = sum(r.misses for r in runs)
    lat_sum = sum(r.lat_sum for r in runs)
    return {"copy_cycles": cycles, "copy_share": 2 * length / (cycles * BUS_BYTES), "misses": misses,
            "latency": lat_sum / misses, "lat_max": max(r.lat_max for r in runs),
            "cpu_cycles": sum(r.cycles for r in runs)}


async def run_op(s: System, op: dict[str, Any]) -> dict[str, Any]:
    """One measurement: {"op": "idle", gap, misses} the CPU alone; {"op": "loaded", gap, misses, length,
    burst} the CPU beside a repeating copy; {"op": "copy", length, burst} a copy alone (its bus share);
    {"op": "table", gap, chunk, length, burst} loaded_copy."""
    kind = op["op"]
    if kind == "idle":
        return (await s.cpu_run(op["gap"], op["misses"])).as_dict()
    if kind == "loaded":
        await s.copy_start(op["length"], op["burst"], repeat=True)
        r = await s.cpu_run(op["gap"], op["misses"])
        await s.copy_stop()
        return r.as_dict()
    if kind == "copy":
        return {"copy_share": await s.copy_once(op["length"], op["burst"])}
    if kind == "table":
        return await loaded_copy(s, op["gap"], op["chunk"], op["length"], op["burst"])
    raise ValueError(f"unknown operation {kind!r}")
