# SPDX-License-Identifier: Apache-2.0
"""`hc sim`: a scenario on the real RTL. The C++ harness (bench/hyperconnect/hc_sim_main.cpp) is built once
per (ports, data width, memory model and its settings, reordering) and cached under build/sim/ (in a folder
named by a hash of its sources: see harness()); the scenario itself is
passed at run time as a small text file, and the interconnect is programmed through the C driver.
A scenario of n ports runs on the build for the next of 4, 8 or 16 ports (idle ports cost nothing), so
a handful of builds serve every scenario.

Reported per port and channel (a mixed port has an R and a W row): beats and bytes moved, the share of
the channel's beats inside the channel's share window (it ends when the first port using the channel has
moved all its beats on it, so every user is still busy), the job response times (release -> completion, min/mean/max) and the request latency
distribution (AxVALID -> last R beat / B, in cycles); per channel the utilisation over the window.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass, field
from pathlib import Path

from . import paths, sim
from .scenario import DRAM_PRESETS, FAULTS, TRACK_DEPTH, Interconnect, Scenario, ScenarioError

BUILD_PORTS = (4, 8, 16)


@dataclass(frozen=True)
class Latency:
    """Request latencies of one port and channel, in cycles, as a histogram {cycles: count}."""
    histogram: dict[int, int] = field(default_factory=dict)

    @property
    def count(self) -> int:
        return sum(self.histogram.values())

    @property
    def min(self) -> int:
        return min(self.histogram) if self.histogram else 0

    @property
    def max(self) -> int:
        return max(self.histogram) if self.histogram else 0

    @property
    def mean(self) -> float:
        n = self.count
        return sum(v * c for v, c in self.histogram.items()) / n if n else 0.0

    def quantile(self, q: float) -> int:
        """Smallest latency with at least a fraction q of the requests at or below it."""
        n, seen = self.count, 0
        for v in sorted(self.histogram):
            seen += self.histogram[v]
            if seen >= q * n:
                return v
        return 0

    def summary(self) -> dict[str, float]:
        return {"count": self.count, "min": self.min, "mean": round(self.mean, 2), "p50": self.quantile(0.5),
                "p99": self.quantile(0.99), "max": self.max}


@dataclass(frozen=True)
class SimPort:
    name: str
    channel: str
    beats: int
    bytes: int
    share: float
    response_min: int
    response_mean: float
    response_max: int
    latency: Latency = field(default_factory=Latency)
    faults: int = 0           # the port's FAULT register at the end (watchdog, window, protocol flags)

    def to_json(self) -> dict:
        d = asdict(self)
        d["latency"] = self.latency.summary()
        d["latency"]["histogram"] = [[v, c] for v, c in sorted(self.latency.histogram.items())]
        return d


def build_ports(n: int) -> int:
    return next(b for b in BUILD_PORTS if b >= n)


def harness_key(sc: Scenario) -> str:
    ic = sc.interconnect
    m = ic.memory
    mem = (f"l{m.latency}" if m.model == "fixed"
           else f"{m.preset}_q{m.qos_threshold}_b{m.write_batch}")
    return f"p{build_ports(len(sc.ports))}_w{ic.data_width}_{mem}_r{int(m.reorder)}"


def harness(sc: Scenario, trace: bool = False) -> Path:
    """The cached Verilator build that serves this scenario (built on first use, in build/sim/<key>_<hash>:
    the hash is of every source, the parameters and the Verilator command, so a worker of another machine
    builds once and reuses it, and parallel callers wait for one build); `trace`: its FST-tracing twin
    (`hc sim --wave`), cached apart in build/sim/<key>_fst_<hash> so the untraced build is never traced."""
    ic = sc.interconnect
    key = harness_key(sc) + ("_fst" if trace else "")
    return sim.build_system_harness(paths.ROOT / "bench" / "hyperconnect" / "hc_sim_main.cpp",
                                    paths.BUILD / "sim" / key, "hc_sim", ports=build_ports(len(sc.ports)),
                                    params=memory_params(ic), trace=trace, keyed=True)


def memory_params(ic: Interconnect) -> dict[str, int]:
    """hc_system_top's parameters for the data width and the memory model of `ic`."""
    m = ic.memory
    return {"DATA_WIDTH": ic.data_width, "LATENCY": m.latency, "REORDER": int(m.reorder),
            "MEM_MODEL": int(m.model == "dram"), "DRAM_PRESET": DRAM_PRESETS[m.preset],
            "DRAM_HP_QOS": m.qos_threshold, "DRAM_WRITE_BATCH": m.write_batch}


MAX_CYCLES = 200_000_000


def config(sc: Scenario, max_cycles: int = MAX_CYCLES) -> dict:
    """The scenario as the harness reads it (bench/hyperconnect/hc_sim_main.cpp, JSON format 1): the
    interconnect's settings and one object per port; raises ScenarioError for what the simulated IP cannot
    take."""
    ic = sc.interconnect
    nominal, outstanding = (ic.nominal_len, ic.outstanding) if ic.equalize else (256, TRACK_DEPTH)
    if outstanding > TRACK_DEPTH:
        raise ScenarioError(f"interconnect.outstanding: {outstanding} is out of range 1..{TRACK_DEPTH} "
                            "for the simulated IP")
    ports = []
    for i, p in enumerate(sc.ports):
        t = p.traffic
        if t.total_bytes % t.beat_bytes:
            raise ScenarioError(f"ports[{i}].traffic.total_bytes: {t.total_bytes} is not a multiple of the beat size "
                                f"({t.beat_bytes} bytes)")
        period, jobs = (t.periodic.period, t.periodic.jobs) if t.periodic else (0, 1)
        ports.append({"kind": t.kind, "total_bytes": t.total_bytes, "burst_len": t.burst_len,
                      "outstanding": t.outstanding, "start": t.start, "period": period, "jobs": jobs,
                      "class": p.priority, "read_budget": p.read_budget, "write_budget": p.write_budget,
                      "size": t.size, "gap": t.gap, "fault": FAULTS.index(t.fault), "stall_timeout": p.stall_timeout})
    return {"format": 1, "interconnect": {"nominal_len": nominal, "outstanding": outstanding, "period": ic.period,
                                          "global_limit": ic.global_limit},
            "ports": ports, "max_cycles": max_cycles}


def config_text(sc: Scenario, max_cycles: int = MAX_CYCLES) -> str:
    """config() as the JSON text the harness is given (sorted keys: equal scenarios, equal files)."""
    return json.dumps(config(sc, max_cycles), sort_keys=True, indent=1) + "\n"


def run(sc: Scenario, work: Path | None = None, wave: Path | None = None) -> dict:
    """Simulate; return {"cycles", "window_cycles": {channel: cycles}, "ports": [SimPort...],
    "utilisation": {channel: %}} (utilisation over the channel's share window). `wave`: run the traced
    build and write every signal of hc_system_top, from reset to the end, to this FST file."""
    text = config_text(sc)
    binary = harness(sc, trace=wave is not None)
    work = work or paths.BUILD / "sim" / "runs"
    work.mkdir(parents=True, exist_ok=True)
    cfg = work / f"scenario_{hashlib.sha1(text.encode()).hexdigest()[:12]}.json"
    cfg.write_text(text)
    env = None
    if wave is not None:
        wave = Path(wave).resolve()
        wave.parent.mkdir(parents=True, exist_ok=True)
        wave.unlink(missing_ok=True)
        env = {"HC_WAVE": str(wave)}
    raw = json.loads(sim.run_json_lines(binary, [str(cfg)], timeout=3600, env=env))
    ports: list[SimPort] = []
    totals = {"R": sum(r["window_rd"] for r in raw["ports"]), "W": sum(r["window_wr"] for r in raw["ports"])}
    for p, r in zip(sc.ports, raw["ports"]):
        resp = r["response"] or [0]
        for ch in ("R", "W"):
            if p.traffic.kind != "mixed" and (p.traffic.kind == "write") != (ch == "W"):
                continue
            beats, window = (r["rd_beats"], r["window_rd"]) if ch == "R" else (r["wr_beats"], r["window_wr"])
            hist = r["rd_latency"] if ch == "R" else r["wr_latency"]
            ports.append(SimPort(p.name, ch, beats, beats * p.traffic.beat_bytes,
                                 window / totals[ch] if totals[ch] else 0.0,
                                 min(resp), sum(resp) / len(resp), max(resp),
                                 Latency({int(v): int(c) for v, c in hist}), int(r.get("faults", 0))))
    windows = {"R": raw["window_rd_cycles"], "W": raw["window_wr_cycles"]}
    windows = {ch: w for ch, w in windows.items() if totals[ch]}
    util = {ch: 100.0 * totals[ch] / w for ch, w in windows.items() if w}
    return {"cycles": raw["cycles"], "window_cycles": windows, "ports": ports, "utilisation": util}


def to_json(result: dict, model: dict | None = None) -> dict:
    """The result of run() as plain JSON data; with `model` ({(name, channel): scenario_model.PortResult})
    each port row also carries model_share (of the beats moved, as measured) and delay_bound."""
    ports = [p.to_json() for p in result["ports"]]
    for row in ports if model else ():
        m = model[(row["name"], row["channel"])]
        row["model_share"], row["delay_bound"] = m.used_share, m.delay_bound
    return {**result, "ports": ports}


def render(result: dict) -> str:
    lines = [f"{'port':<12}{'ch':>3}{'bytes':>11}{'share %':>9}{'resp min':>10}{'mean':>11}{'max':>10}"
             f"{'lat min':>9}{'p50':>6}{'p99':>6}{'max':>6}"]
    for p in result["ports"]:
        lat = p.latency
        lines.append(f"{p.name:<12}{p.channel:>3}{p.bytes:>11}{100 * p.share:>9.2f}{p.response_min:>10}"
                     f"{p.response_mean:>11.1f}{p.response_max:>10}{lat.min:>9}{lat.quantile(0.5):>6}"
                     f"{lat.quantile(0.99):>6}{lat.max:>6}")
    for p in result["ports"]:
        if p.faults:
            lines.append(f"{p.name}: FAULT 0x{p.faults:02x} (see docs/security.md)")
    util = ", ".join(f"{ch} {u:.2f} %" for ch, u in result["utilisation"].items())
    wins = ", ".join(f"{ch} {w}" for ch, w in result["window_cycles"].items())
    lines.append(f"{result['cycles']} cycles; share windows {wins} cycles; utilisation {util}; "
                 "response and latency in cycles")
    return "\n".join(lines)


def render_model(result: dict, model: dict) -> str:
    """The model beside the RTL: share and the delay bound against the worst observed latency."""
    lines = [f"{'model':<12}{'ch':>3}{'share %':>9}{'RTL %':>8}{'bound':>9}{'RTL max':>9}"]
    for p in result["ports"]:
        m = model[(p.name, p.channel)]
        bound = "-" if m.delay_bound is None else str(m.delay_bound)
        lines.append(f"{p.name:<12}{p.channel:>3}{100 * m.used_share:>9.2f}{100 * p.share:>8.2f}{bound:>9}"
                     f"{p.latency.max:>9}")
    return "\n".join(lines)
