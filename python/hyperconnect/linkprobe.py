# SPDX-License-Identifier: Apache-2.0
"""`hc link sim`: hc_link_probe (rtl/hc_link_probe.sv, issue 20) on the RTL — paper 004's lat_mem_rd pointer
chase and bw_mem bandwidth on the fabric side, against the memory models and through axi_hyperconnect with
interfering ports (the paper's "busy mode").

This module has four parts:
  - the register map, read from rdl/hc_link_probe.rdl (`regmap()`: offsets and fields; nothing is typed in
    twice), and the probe's settings as it clamps them (`Settings.effective`);
  - Python references of what the probe does: its offsets (sequential, xorshift64, chase), its write
    pattern, the DRAM model's read latencies, and the model's delay bound for the loaded case
    (`loaded_bound`, scenario_model.evaluate — what `hc model` prints);
  - `Probe`, the cocotb driver that programs a run over AXI4-Lite and reads its results (used by
    tests/hc_link_probe and by the bench bench/linkprobe/linkprobe_bench.py);
  - `hc link sim [--memory fixed|dram] [--loaded] [--latency N] [--json]`: the plan, its simulation and the
    report (latency per mode as min / median from the histogram / max, bandwidth per operation, idle vs
    loaded latency beside the model's bound).
Nothing here imports cocotb at module level (`hc` imports this module to build its parser).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from . import paths

MODES = {"chase": 0, "latency": 1, "bandwidth": 2}
OPS = {"read": 0, "write": 1, "copy": 2}
BINS = 16
MASK32 = 0xFFFF_FFFF
GOLDEN = 0x9E3779B9                          # the upper word of the random state (hc_link_probe_addr)


# ------------------------------------------------------------------------------------------ register map
@dataclass(frozen=True)
class Field:
    lsb: int
    width: int
    reset: int

    def get(self, value: int) -> int:
        return (value >> self.lsb) & ((1 << self.width) - 1)

    def put(self, v: int) -> int:
        if not 0 <= v < 1 << self.width:
            raise ValueError(f"{v} does not fit in {self.width} bits")
        return v << self.lsb


@dataclass(frozen=True)
class Reg:
    offset: int
    fields: dict[str, Field]


@lru_cache(maxsize=1)
def regmap() -> dict[str, Reg]:
    """The probe's registers by name (arrays as NAME0, NAME1, ...: HIST0..HIST15), from rdl/hc_link_probe.rdl."""
    from systemrdl import RDLCompiler
    from systemrdl.node import RegNode
    rdlc = RDLCompiler()
    rdlc.compile_file(str(paths.ROOT / "rdl" / "hc_link_probe.rdl"))
    top = rdlc.elaborate().top
    out: dict[str, Reg] = {}
    for node in top.descendants(unroll=True):
        if not isinstance(node, RegNode):
            continue
        name = node.inst_name + ("".join(str(i) for i in node.current_idx) if node.is_array else "")
        out[name] = Reg(node.absolute_address, {f.inst_name: Field(f.lsb, f.width, f.get_property("reset") or 0)
                                                 for f in node.fields()})
    return out


def off(name: str) -> int:
    return regmap()[name].offset


def value(reg: str, **fields: int) -> int:
    """A register value from named fields (the others 0)."""
    r = regmap()[reg]
    return sum(r.fields[k].put(int(v)) for k, v in fields.items())


def field_of(reg: str, name: str, v: int) -> int:
    return regmap()[reg].fields[name].get(v)


# ------------------------------------------------------------------------------------------ settings
@dataclass(frozen=True)
class Settings:
    """One run's registers (what software writes)."""
    mode: str = "chase"
    op: str = "read"
    random: bool = False
    base: int = 0
    dst: int = 0
    window_log2: int = 12
    stride: int = 0
    count: int = 256
    burst: int = 16
    outstanding: int = 4
    seed: int = 1
    pattern: int = 0
    timeout: int = 0x100000
    qos: int = 0
    irq_en: bool = False

    def ctrl(self, start: bool = True) -> int:
        mode = MODES[self.mode] if isinstance(self.mode, str) else int(self.mode)
        op = OPS[self.op] if isinstance(self.op, str) else int(self.op)
        return value("CTRL", start=int(start), irq_en=int(self.irq_en), mode=mode, op=op, random=int(self.random),
                     qos=self.qos)

    def effective(self, p: Build) -> Effective:
        """What the probe makes of these settings (rtl/hc_link_probe.sv LOAD..LOAD4); ValueError if it rejects them."""
        mode = MODES.get(self.mode, self.mode) if isinstance(self.mode, str) else self.mode
        op = OPS.get(self.op, self.op) if isinstance(self.op, str) else self.op
        if mode == 3 or (mode == 2 and op == 3):
            raise ValueError("rejected configuration")
        sb = p.sb
        maxb = min(8, 12 - sb)
        blog2 = 0
        if mode == 2:
            blog2 = min(max(self.burst & 0x1FF, 1).bit_length() - 1, maxb if op != 2 else min(maxb, p.fifo_log2 - 1))
        alog2 = sb + blog2
        outs = 1 if mode == 0 or (self.outstanding & 0x3F) == 0 else min(self.outstanding & 0x3F, p.max_outstanding)
        wl = min(max(self.window_log2 & 0x3F, alog2), p.addr_width)
        amask = (1 << p.addr_width) - 1
        keep = ((1 << wl) - 1) & ~((1 << alog2) - 1) & amask
        count = self.count & MASK32
        n = count if mode != 2 else (count + (1 << alog2) - 1) >> alog2
        stride = ((self.stride & MASK32) or (1 << alog2)) & amask
        align = ~((1 << alog2) - 1) & amask
        return Effective(mode=mode, op=op if mode == 2 else 0, random=bool(self.random) and mode != 0,
                         burst=1 << blog2, access_log2=alog2, outstanding=outs, window_log2=wl, keep=keep,
                         stride=stride, base=self.base & align,
                         wbase=(self.dst if (mode == 2 and op == 2) else self.base) & align,
                         transactions=n, seed=self.seed & MASK32, pattern=self.pattern & MASK32, addr_width=p.addr_width)


@dataclass(frozen=True)
class Build:
    """The probe's parameters as BUILD reports them."""
    data_bytes: int = 8
    addr_width: int = 32
    max_outstanding: int = 32
    fifo_log2: int = 6

    @property
    def sb(self) -> int:
        return self.data_bytes.bit_length() - 1

    @classmethod
    def from_reg(cls, v: int) -> Build:
        return cls(1 << field_of("BUILD", "data_bytes_log2", v), field_of("BUILD", "addr_width", v),
                   field_of("BUILD", "max_outstanding", v), field_of("BUILD", "fifo_depth_log2", v))


@dataclass(frozen=True)
class Effective:
    mode: int
    op: int
    random: bool
    burst: int                 # beats
    access_log2: int           # bytes of one access (a beat, a burst)
    outstanding: int
    window_log2: int
    keep: int                  # offset bits kept (window and alignment)
    stride: int
    base: int
    wbase: int                 # the writes' base (copy: DST)
    transactions: int          # requests per direction
    seed: int
    pattern: int
    addr_width: int

    def offsets(self, n: int) -> list[int]:
        """The first n offsets of a latency or bandwidth run (reads; a write's or copy's writes alike)."""
        out = []
        if self.random:
            s = xorshift((GOLDEN << 32) | self.seed)
            for _ in range(n):
                out.append(s & self.keep)
                s = xorshift(s)
        else:
            s = 0
            for _ in range(n):
                out.append(s & self.keep)
                s = (s + self.stride) & ((1 << self.addr_width) - 1)
        return out

    def addresses(self, n: int, base: int | None = None) -> list[int]:
        b = self.base if base is None else base
        return [(b + o) & ((1 << self.addr_width) - 1) for o in self.offsets(n)]


def xorshift(x: int) -> int:
    """One step of hc_link_probe_addr's xorshift64 (13, 7, 17)."""
    m = (1 << 64) - 1
    x ^= (x << 13) & m
    x ^= x >> 7
    x ^= (x << 17) & m
    return x


def pattern_word(addr: int, pattern: int) -> int:
    """The 32-bit word a bandwidth write puts at byte address `addr` (a multiple of 4)."""
    return (addr & MASK32) ^ pattern


def chase_next(e: Effective, ptr: int, ptr_bits: int) -> int:
    """The next chase address from the pointer read (its low `ptr_bits` bits; min(ADDR_WIDTH, DATA_WIDTH))."""
    return (e.base + ((ptr & ((1 << ptr_bits) - 1)) & e.keep)) & ((1 << e.addr_width) - 1)


def bin_of(lat: int) -> int:
    """The histogram bin of a latency: k for [2^k, 2^(k+1)); 0 also for 0; BINS - 1 from 2^(BINS-1) on."""
    return min(max(lat, 1).bit_length() - 1, BINS - 1)


# the DRAM model's read latency from the AR handshake to the first RVALID (bench/rtl/axi_dram_model.sv header)
DRAM_TIMING = {"ddr200_64": {"tRCD": 2, "tCL": 2, "tRP": 2, "banks": 4, "row_bytes": 8192}}


def dram_read_latency(preset: str = "ddr200_64") -> dict[str, int]:
    t = DRAM_TIMING[preset]
    return {"hit": 1 + t["tCL"], "closed": 1 + t["tRCD"] + t["tCL"], "conflict": 1 + t["tRP"] + t["tRCD"] + t["tCL"]}


def loaded_bound(interferers: list[dict[str, Any]], latency: int, data_width: int = 64,
                 probe_outstanding: int = 1) -> int | None:
    """The model's worst-case delay bound (cycles, AxVALID -> last R beat) of the probe's one-beat reads on
    port 0 of axi_hyperconnect at its reset settings (equalized at 16 beats, 4 outstanding, G 32) behind a
    fixed-latency memory, against `interferers` ({"kind", "burst_len", "outstanding"} each): what `hc model`
    gives for that scenario (scenario_model.evaluate)."""
    from . import scenario_model
    from .scenario import Interconnect, Memory, Port, Scenario, Traffic
    ports = [Port("probe", Traffic("read", 1 << 20, burst_len=1, outstanding=probe_outstanding))]
    for i, g in enumerate(interferers):
        ports.append(Port(f"g{i}", Traffic(g.get("kind", "read"), 1 << 20, burst_len=g["burst_len"],
                                            outstanding=g["outstanding"])))
    sc = Scenario(Interconnect(data_width=data_width, memory=Memory(latency=latency)), tuple(ports))
    return next(r.delay_bound for r in scenario_model.evaluate(sc) if r.name == "probe" and r.channel == "R")


# ------------------------------------------------------------------------------------------ results
@dataclass
class Result:
    status: int
    accesses: int
    cycles: int
    bytes: int
    lat_min: int
    lat_max: int
    lat_sum: int
    last_addr: int
    hist: list[int] = field(default_factory=list)

    def flag(self, name: str) -> int:
        return field_of("STATUS", name, self.status)

    @property
    def samples(self) -> int:
        return sum(self.hist)

    @property
    def mean(self) -> float:
        return self.lat_sum / self.samples if self.samples else 0.0

    def median_range(self) -> tuple[int, int]:
        """The median latency as the histogram knows it: the range of its bin, clipped to [min, max]."""
        n, seen = self.samples, 0
        for k, c in enumerate(self.hist):
            seen += c
            if c and 2 * seen >= n:
                lo, hi = (1 << k) if k else 0, (1 << (k + 1)) - 1 if k < BINS - 1 else self.lat_max
                return max(lo, self.lat_min), min(hi, self.lat_max)
        return 0, 0

    @property
    def bytes_per_cycle(self) -> float:
        return self.bytes / self.cycles if self.cycles else 0.0

    def summary(self) -> dict[str, Any]:
        lo, hi = self.median_range()
        return {"accesses": self.accesses, "cycles": self.cycles, "bytes": self.bytes,
                "lat_min": self.lat_min if self.samples else None, "lat_median_bin": [lo, hi],
                "lat_max": self.lat_max, "lat_mean": round(self.mean, 2), "bytes_per_cycle": round(self.bytes_per_cycle, 3),
                "hist": self.hist, "error": bool(self.flag("error"))}


# ------------------------------------------------------------------------------------------ cocotb driver
class Probe:
    """hc_link_probe's AXI4-Lite port under cocotb (prefix `s_axil` of `dut` by default)."""

    def __init__(self, dut: Any, prefix: str = "s_axil") -> None:
        from cocotbext.axi import AxiLiteBus, AxiLiteMaster
        self.dut = dut
        quiet(dut, prefix)
        self.regs = AxiLiteMaster(AxiLiteBus.from_prefix(dut, prefix), dut.aclk, dut.aresetn, reset_active_level=False)

    async def wr(self, reg: str, v: int) -> None:
        await self.regs.write_dword(off(reg), v & MASK32)

    async def rd(self, reg: str) -> int:
        return await self.regs.read_dword(off(reg))

    async def build(self) -> Build:
        return Build.from_reg(await self.rd("BUILD"))

    async def program(self, s: Settings) -> None:
        for reg, v in (("BASE_LO", s.base), ("BASE_HI", s.base >> 32), ("DST_LO", s.dst), ("DST_HI", s.dst >> 32),
                       ("WINDOW", s.window_log2), ("STRIDE", s.stride), ("COUNT", s.count), ("BURST", s.burst),
                       ("OUTSTANDING", s.outstanding), ("SEED", s.seed), ("PATTERN", s.pattern),
                       ("TIMEOUT", s.timeout)):
            await self.wr(reg, v)

    async def start(self, s: Settings) -> None:
        """Clear STATUS.done/.error, program `s` and start."""
        await self.wr("STATUS", value("STATUS", done=1, error=1))
        await self.program(s)
        await self.wr("CTRL", s.ctrl(start=True))

    async def wait(self, poll: int = 64, limit: int = 2_000_000) -> int:
        """Wait for STATUS.done (polling every `poll` cycles, at most `limit` cycles); return STATUS."""
        from cocotb.triggers import ClockCycles
        waited = 0
        while True:
            st = await self.rd("STATUS")
            if field_of("STATUS", "done", st):
                return st
            if waited >= limit:
                raise AssertionError(f"the probe's run did not end in {limit} cycles (STATUS {st:#x})")
            await ClockCycles(self.dut.aclk, poll)
            waited += poll

    async def results(self) -> Result:
        async def rd64(lo: str, hi: str) -> int:
            return await self.rd(lo) | await self.rd(hi) << 32
        return Result(status=await self.rd("STATUS"), accesses=await self.rd("ACCESSES"),
                      cycles=await rd64("CYCLES_LO", "CYCLES_HI"), bytes=await rd64("BYTES_LO", "BYTES_HI"),
                      lat_min=await self.rd("LAT_MIN"), lat_max=await self.rd("LAT_MAX"),
                      lat_sum=await rd64("LAT_SUM_LO", "LAT_SUM_HI"),
                      last_addr=await rd64("LAST_ADDR_LO", "LAST_ADDR_HI"),
                      hist=[await self.rd(f"HIST{k}") for k in range(BINS)])

    async def run(self, s: Settings, poll: int = 64, limit: int = 2_000_000) -> Result:
        await self.start(s)
        await self.wait(poll, limit)
        return await self.results()


def permutation_chain(rng: random.Random, slots: list[int]) -> dict[int, int]:
    """A random cyclic permutation over `slots` (addresses): {slot: next slot}, one cycle through all of them,
    starting from slots[0] (the chase starts at BASE: make slots[0] BASE + 0)."""
    order = slots[1:]
    rng.shuffle(order)
    cycle = [slots[0], *order]
    return {a: cycle[(i + 1) % len(cycle)] for i, a in enumerate(cycle)}


# ------------------------------------------------------------------------------------------ `hc link sim`
OUT = paths.BUILD / "link_sim"
SIM_JSON = paths.BUILD / "link" / "sim.json"
BUS_BYTES = 8                   # the benches' DATA_WIDTH (hc_link_probe_tb, link_probe_system_top): 64 bits
BENCH = paths.ROOT / "bench" / "linkprobe"
TB = paths.ROOT / "bench" / "linkprobe" / "hc_link_probe_tb.sv"
# the interferers of the loaded case: 3 DMA-like readers of 256-beat bursts, 8 outstanding (paper 000's D1/D3)
INTERFERERS = [{"kind": "read", "burst_len": 256, "outstanding": 8}] * 3
REFI_OFF = 1_000_000            # the DRAM's refresh interval for the row-latency runs (no refresh in them)


def direct_sources() -> list[Path]:
    """The probe with its protocol checker and the memory models (tests/hc_link_probe's testbench)."""
    from . import regs
    return regs.link_probe_sources() + [paths.BENCH_RTL / f for f in ("hc_bench_pkg.sv", "axi_mem_model.sv",
                                                                      "axi_dram_model.sv", "axi_protocol_checker.sv")] + [TB]


def system_sources() -> list[Path]:
    """Every file link_probe_system_top needs, each once, packages first."""
    from . import regs
    first: dict[str, Path] = {}
    bench = [paths.BENCH_RTL / f for f in ("hc_bench_pkg.sv", "axi_mem_model.sv", "axi_dram_model.sv",
                                           "axi_protocol_checker.sv", "axi_traffic_gen.sv", "axi_traffic_array.sv",
                                           "link_probe_system_top.sv")]
    for f in regs.sources() + regs.link_probe_sources() + bench:
        first.setdefault(f.name, f)
    return list(first.values())


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The options of `hc link sim`."""
    p.add_argument("--memory", choices=("fixed", "dram"), default="fixed",
                   help="axi_mem_model (fixed latency) or axi_dram_model ddr200_64 (default fixed)")
    p.add_argument("--latency", type=int, default=10, help="the fixed memory's latency, cycles (default 10)")
    p.add_argument("--loaded", action="store_true",
                   help="also through axi_hyperconnect: idle vs 3 interfering readers, beside the model's bound")
    p.add_argument("--seed", type=int, default=1, help="the chase permutation's and random offsets' seed")
    p.add_argument("--clk-mhz", type=float, default=250.0,
                   help="the fabric clock the cycles are converted at in the summary for `hc link predict` "
                        "(default 250 MHz)")
    p.add_argument("--out", type=Path, default=SIM_JSON, help=f"the report, with its summary (default {SIM_JSON})")
    p.add_argument("--json", action="store_true", help="print JSON on stdout")


def _simulate(top: str, sources: list[Path], params: dict[str, Any], plan: dict[str, Any], tag: str) -> dict[str, Any]:
    from . import sim
    OUT.mkdir(parents=True, exist_ok=True)
    plan_f, out_f, log = OUT / f"{tag}_plan.json", OUT / f"{tag}_result.json", OUT / f"{tag}.log"
    plan_f.write_text(json.dumps(plan, indent=1))
    out_f.unlink(missing_ok=True)
    try:
        with sim.output_to(log):
            sim.run_cocotb(top, "linkprobe_bench", BENCH, sources, OUT / f"build_{tag}", params,
                           env={"LP_PLAN": str(plan_f), "LP_OUT": str(out_f)})
    except Exception as exc:
        raise RuntimeError(f"{exc} (simulation log: {log})") from exc
    if not out_f.exists():
        raise RuntimeError(f"the link probe bench wrote no results (simulation log: {log})")
    return json.loads(out_f.read_text())


def plan_direct(memory: str, latency: int, seed: int) -> dict[str, Any]:
    """The runs against a memory model alone: chase (fixed: a random cycle of 64 lines in 4 KiB; DRAM: in
    one row, then across the rows of one bank), latency mode (sequential and random, 1 and 8 outstanding),
    bandwidth read, write and copy of 64 KiB in 16-beat bursts, 8 outstanding."""
    runs: list[dict[str, Any]] = []
    if memory == "fixed":
        runs.append({"name": "chase (64 lines, 4 KiB)", "chase": {"base": 0x10000, "slots": 64, "spacing": 64},
                     "settings": {"mode": "chase", "base": 0x10000, "window_log2": 12, "count": 256}})
    else:
        t = DRAM_TIMING["ddr200_64"]
        runs.append({"name": "chase in one row (row hits)", "chase": {"base": 0x10000, "slots": 64, "spacing": 64},
                     "settings": {"mode": "chase", "base": 0x10000, "window_log2": 12, "count": 256}})
        span = t["row_bytes"] * t["banks"]
        runs.append({"name": "chase across rows of one bank (conflicts)",
                     "chase": {"base": 0x100000, "slots": 32, "spacing": span},
                     "settings": {"mode": "chase", "base": 0x100000, "window_log2": 20, "count": 256}})
    for rnd in (False, True):
        for outs in (1, 8):
            runs.append({"name": f"latency, {'random' if rnd else 'sequential'}, {outs} outstanding",
                         "settings": {"mode": "latency", "random": rnd, "base": 0x200000, "window_log2": 20,
                                      "count": 512, "outstanding": outs, "seed": seed}})
    for op in ("read", "write", "copy"):
        runs.append({"name": f"bandwidth {op}, 64 KiB, 16-beat bursts, 8 outstanding",
                     "settings": {"mode": "bandwidth", "op": op, "base": 0x400000, "dst": 0x800000,
                                  "window_log2": 16, "count": 65536, "burst": 16, "outstanding": 8}})
    return {"seed": seed, "memory": memory, "runs": runs}


def plan_loaded(seed: int) -> dict[str, Any]:
    """Through axi_hyperconnect: independent one-beat random reads (latency mode, one at a time) and a chase
    over the memory's pattern bytes, idle, then with the interferers running (started once, before the
    first loaded run, with enough bytes to outlast the probe)."""
    runs = []
    for loaded in (False, True):
        tag = "loaded" if loaded else "idle"
        runs.append({"name": f"latency, random, 1 outstanding, {tag}", "loaded": loaded,
                     "settings": {"mode": "latency", "random": True, "base": 0x0100_0000, "window_log2": 20,
                                  "count": 500, "outstanding": 1, "seed": seed}})
        runs.append({"name": f"chase (pattern memory), {tag}", "loaded": loaded,
                     "settings": {"mode": "chase", "base": 0x0100_0000, "window_log2": 20, "count": 500}})
    return {"seed": seed, "interferers": [g | {"total_bytes": 4 << 20} for g in INTERFERERS], "runs": runs}


def run(args: argparse.Namespace) -> int:
    from .sim import stdout_to_stderr
    report: dict[str, Any] = {"memory": args.memory}
    with stdout_to_stderr(args.json):
        params = {"MEM": 1 if args.memory == "fixed" else 2, "LATENCY": args.latency, "T_REFI": REFI_OFF}
        tag = f"direct_{args.memory}" + (f"_l{args.latency}" if args.memory == "fixed" else "")
        report["direct"] = _simulate("hc_link_probe_tb", direct_sources(), params,
                                     plan_direct(args.memory, args.latency, args.seed), tag)
        if args.memory == "fixed":
            report["direct"]["expected_latency"] = args.latency
        else:
            report["direct"]["expected_latency"] = dram_read_latency()
        if args.loaded:
            params = {"MEM_MODEL": 0 if args.memory == "fixed" else 1, "LATENCY": args.latency}
            tag = f"loaded_{args.memory}" + (f"_l{args.latency}" if args.memory == "fixed" else "")
            report["loaded"] = _simulate("link_probe_system_top", system_sources(), params, plan_loaded(args.seed), tag)
            report["loaded"]["bound"] = loaded_bound(INTERFERERS, args.latency) if args.memory == "fixed" else None
    failures = check(report)
    report["failures"] = failures
    report["summary"] = summarize(report, args.clk_mhz, args.latency if args.memory == "fixed" else None)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=1))
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print(render(report))
    return 1 if failures else 0


def summarize(report: dict[str, Any], clk_mhz: float, fixed_latency: int | None) -> dict[str, Any]:
    """The figures `hc link predict` composes (cycles): the memory's own latency (one random read at a time,
    the probe straight on the memory), the same through axi_hyperconnect idle (without --loaded: the memory
    alone, and interconnect_measured false), the worst loaded latency and the model's bound (None where there is none), and the read and write
    rates of the bandwidth runs."""
    def run_named(runs: list[dict[str, Any]], start: str) -> dict[str, Any]:
        return next(r["result"] for r in runs if r["name"].startswith(start))
    direct = report["direct"]["runs"]
    memory = float(fixed_latency) if fixed_latency is not None else \
        float(run_named(direct, "latency, random, 1 outstanding")["lat_mean"])
    loaded = report.get("loaded")
    idle = float(run_named(loaded["runs"], "latency, random, 1 outstanding, idle")["lat_mean"]) if loaded else memory
    worst = max(r["result"]["lat_max"] for r in loaded["runs"] if r["name"].endswith(", loaded")) if loaded else idle
    return {"clk_mhz": clk_mhz, "memory": report["memory"], "bus_bytes": BUS_BYTES,
            "interconnect_measured": bool(loaded), "memory_cycles": memory, "idle_cycles": idle,
            "loaded_cycles": float(worst), "bound_cycles": loaded.get("bound") if loaded else None,
            "read_bytes_per_cycle": run_named(direct, "bandwidth read")["bytes_per_cycle"],
            "write_bytes_per_cycle": run_named(direct, "bandwidth write")["bytes_per_cycle"]}


def check(report: dict[str, Any]) -> list[str]:
    """The acceptance of issue 20 on the report: chase latency = the fixed memory's latency (every hop), the
    DRAM's row-hit and row-conflict latencies as its formulas give them, no run failed, and the loaded
    maximum at or below the model's bound."""
    bad: list[str] = []
    for r in report["direct"]["runs"] + report.get("loaded", {}).get("runs", []):
        if r["result"]["error"]:
            bad.append(f"{r['name']}: STATUS.error")
    runs = report["direct"]["runs"]
    exp = report["direct"]["expected_latency"]
    if report["memory"] == "fixed":
        r = runs[0]["result"]
        if not r["lat_min"] == r["lat_max"] == exp:
            bad.append(f"chase latency {r['lat_min']}..{r['lat_max']}, not the memory's {exp}")
    else:
        # (the chain's set-up writes leave its row open in the one case and another row of the bank in the
        # other, so even the first hop is a hit or a conflict)
        for r, want in ((runs[0]["result"], exp["hit"]), (runs[1]["result"], exp["conflict"])):
            if not r["lat_min"] == r["lat_max"] == want:
                bad.append(f"DRAM chase {r['lat_min']}..{r['lat_max']}: not {want} on every hop")
    loaded = report.get("loaded")
    if loaded and loaded.get("bound") is not None:
        for r in loaded["runs"]:
            if r["result"]["lat_max"] > loaded["bound"]:
                bad.append(f"{r['name']}: max latency {r['result']['lat_max']} above the model's bound {loaded['bound']}")
    return bad


def render(report: dict[str, Any]) -> str:
    d = report["direct"]
    exp = d["expected_latency"]
    head = (f"memory: axi_mem_model, latency {exp}" if report["memory"] == "fixed" else
            f"memory: axi_dram_model ddr200_64 (no refresh), read latency hit {exp['hit']}, closed {exp['closed']}, "
            f"conflict {exp['conflict']}")
    lines = [f"hc_link_probe on the RTL — {head} (cycles; latency AxVALID -> last R / B)",
             f"{'run':<56}{'min':>6}{'median':>12}{'max':>6}{'mean':>9}{'bytes/cycle':>13}"]

    def row(r: dict[str, Any]) -> str:
        s = r["result"]
        med = "{}..{}".format(*s["lat_median_bin"]) if s["lat_median_bin"][0] != s["lat_median_bin"][1] \
            else str(s["lat_median_bin"][0])
        return (f"{r['name']:<56}{s['lat_min'] if s['lat_min'] is not None else '-':>6}{med:>12}{s['lat_max']:>6}"
                f"{s['lat_mean']:>9.2f}{s['bytes_per_cycle']:>13.3f}" + ("  ERROR" if s["error"] else ""))
    lines += [row(r) for r in d["runs"]]
    if "loaded" in report:
        ld = report["loaded"]
        gens = ", ".join(f"{g['kind']} {g['burst_len']}-beat x{g['outstanding']}" for g in ld["interferers"])
        bound = "none (DRAM: the model gives no bound)" if ld["bound"] is None else f"{ld['bound']} cycles"
        lines += ["", f"through axi_hyperconnect (port 0; interferers on ports 1..3: {gens}); model bound: {bound}"]
        lines += [row(r) for r in ld["runs"]]
    fails = report.get("failures", [])
    lines += [""] + ([f"FAIL: {f}" for f in fails] or ["link sim: all checks hold"])
    return "\n".join(lines)


# ------------------------------------------------------------------------------------------ the bench
async def bench_direct(dut: Any, plan: dict[str, Any]) -> list[dict[str, Any]]:
    """Run `plan`'s runs on hc_link_probe_tb (MEM 1 or 2): each chase's permutation written through the
    set-up master first."""
    from cocotb.triggers import ClockCycles
    from cocotbext.axi import AxiBus, AxiMaster
    await start_tb(dut)
    quiet(dut, "s_axi")
    setup = AxiMaster(AxiBus.from_prefix(dut, "s_axi"), dut.aclk, dut.aresetn, reset_active_level=False)
    probe = Probe(dut)
    b = await probe.build()
    rng = random.Random(plan["seed"])
    out = []
    for r in plan["runs"]:
        s = Settings(**r["settings"])
        if "chase" in r:
            c = r["chase"]
            await write_chain(dut, setup, rng, c["base"], c["slots"], c["spacing"], b.data_bytes)
        res = await probe.run(s)
        out.append({"name": r["name"], "settings": r["settings"], "result": res.summary()})
        await ClockCycles(dut.aclk, 10)
    return out


async def write_chain(dut: Any, setup: Any, rng: random.Random, base: int, slots: int, spacing: int,
                      data_bytes: int) -> dict[int, int]:
    """A random cyclic permutation of `slots` lines `spacing` bytes apart from `base`, each line's first
    word the address of the next, written through the set-up master (`setup` high meanwhile)."""
    chain = permutation_chain(rng, [base + i * spacing for i in range(slots)])
    dut.setup.value = 1
    for a, nxt in chain.items():
        await setup.write(a, nxt.to_bytes(8, "little")[:max(4, min(8, data_bytes))])
    dut.setup.value = 0
    return chain


def quiet(dut: Any, prefix: str) -> None:
    """cocotbext-axi's drivers on `prefix` of `dut` log warnings only (their logger is named after both)."""
    import logging
    logging.getLogger(f"cocotb.{dut._name}.{prefix}").setLevel(logging.WARNING)


async def start_tb(dut: Any) -> None:
    from cocotb.clock import Clock
    from cocotb.triggers import ClockCycles
    Clock(dut.aclk, 10, unit="ns").start()
    dut.aresetn.value = 0
    if hasattr(dut, "setup"):
        dut.setup.value = 0
    await ClockCycles(dut.aclk, 5)
    dut.aresetn.value = 1
    await ClockCycles(dut.aclk, 5)


class Interferers:
    """link_probe_system_top's traffic generators (gens 0 .. G-1 on ports 1 .. G)."""

    def __init__(self, dut: Any, gens: list[dict[str, Any]]) -> None:
        self.dut, self.gens = dut, gens
        n = len(gens)

        def pack(key: str, width: int, default: int = 0) -> int:
            return sum((g.get(key, default) & ((1 << width) - 1)) << (width * i) for i, g in enumerate(gens))
        dut.start.value = 0
        dut.cfg_mixed.value = sum(int(g.get("kind") == "mixed") << i for i, g in enumerate(gens))
        dut.cfg_write.value = sum(int(g.get("kind") == "write") << i for i, g in enumerate(gens))
        dut.cfg_size.value = pack("size", 3, 3)
        dut.cfg_gap.value = pack("gap", 16)
        dut.cfg_fault.value = 0
        dut.cfg_total_bytes.value = sum((g.get("total_bytes", 1 << 24) & MASK32) << (32 * i) for i, g in enumerate(gens))
        dut.cfg_burst_len.value = pack("burst_len", 9)
        dut.cfg_max_outstanding.value = pack("outstanding", 8)
        dut.cfg_start_addr.value = sum((0x0400_0000 + i * 0x0100_0000) << (32 * i) for i in range(n))

    async def start(self) -> None:
        from cocotb.triggers import RisingEdge
        self.dut.start.value = (1 << len(self.gens)) - 1
        await RisingEdge(self.dut.aclk)
        self.dut.start.value = 0

    def busy(self) -> bool:
        return int(self.dut.busy.value) != 0


async def bench_system(dut: Any, plan: dict[str, Any]) -> list[dict[str, Any]]:
    """Run `plan`'s runs on link_probe_system_top in order (the idle ones first): the interferers start
    before the first loaded run and must still be running when the last one ends."""
    from cocotb.triggers import ClockCycles
    await start_tb(dut)
    for sig in ("s_axil_hc_awvalid", "s_axil_hc_wvalid", "s_axil_hc_arvalid"):
        getattr(dut, sig).value = 0
    dut.s_axil_hc_bready.value = 1
    dut.s_axil_hc_rready.value = 1
    probe = Probe(dut)
    gens = Interferers(dut, plan["interferers"])
    started = False
    out = []
    for r in plan["runs"]:
        if r["loaded"] and not started:
            await gens.start()
            await ClockCycles(dut.aclk, 500)          # (their requests queued: the steady state)
            started = True
        assert r["loaded"] == started, "the plan's idle runs come first"
        res = await probe.run(Settings(**r["settings"]))
        if r["loaded"]:
            assert gens.busy(), f"{r['name']}: the interferers finished before the probe (make them longer)"
        out.append({"name": r["name"], "settings": r["settings"], "result": res.summary()})
    assert int(dut.probe_errors.value) == 0, "the protocol checker saw an AXI rule broken on the probe's port"
    return out


if __name__ == "__main__":                         # (python -m hyperconnect.linkprobe ...: as `hc link sim`)
    ap = argparse.ArgumentParser(prog="hc link sim")
    add_arguments(ap)
    sys.exit(run(ap.parse_args()))
