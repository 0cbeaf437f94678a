"""`hc sim`: a scenario on the real RTL. The C++ harness (bench/hyperconnect/hc_sim_main.cpp) is built once
per (ports, data width, memory latency, reordering) and cached under build/sim/; the scenario itself is
passed at run time as a small text file, and the interconnect is programmed through the C driver.

Reported per port: beats and bytes moved, the share of its channel's beats while every port was still
active (the window ends when the first port completes its last job), and the job response times
(release -> last beat, min/mean/max); per channel the utilisation over that window.
Not simulated yet (ScenarioError): mixed read/write ports and narrow transfers (size below the bus width).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from . import paths, sim
from .scenario import Scenario, ScenarioError

TRACK_DEPTH = 16   # hc_system_top's axi_hyperconnect


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


def harness(sc: Scenario) -> Path:
    ic = sc.interconnect
    n = len(sc.ports)
    key = f"p{n}_w{ic.data_width}_l{ic.memory.latency}_r{int(ic.memory.reorder)}"
    return sim.build_system_harness(paths.ROOT / "bench" / "hyperconnect" / "hc_sim_main.cpp",
                                    paths.BUILD / "sim" / key, "hc_sim", ports=n,
                                    params={"DATA_WIDTH": ic.data_width, "LATENCY": ic.memory.latency,
                                            "REORDER": int(ic.memory.reorder)})


def config_text(sc: Scenario) -> str:
    ic = sc.interconnect
    nominal, outstanding = (ic.nominal_len, ic.outstanding) if ic.equalize else (256, TRACK_DEPTH)
    if outstanding > TRACK_DEPTH:
        raise ScenarioError(f"interconnect.outstanding: {outstanding} is out of range 1..{TRACK_DEPTH} for the simulated IP")
    lines = [f"interconnect {nominal} {outstanding} {ic.period} {ic.global_limit}"]
    full = ic.bus_bytes.bit_length() - 1
    for i, p in enumerate(sc.ports):
        t = p.traffic
        if t.kind == "mixed":
            raise ScenarioError(f"ports[{i}].traffic.kind: 'mixed' is not simulated yet (use read or write)")
        if t.size != full:
            raise ScenarioError(f"ports[{i}].traffic.size: {t.size} is not simulated yet (only full width, {full})")
        if t.total_bytes % ic.bus_bytes:
            raise ScenarioError(f"ports[{i}].traffic.total_bytes: {t.total_bytes} is not a multiple of the bus width "
                                f"({ic.bus_bytes} bytes)")
        period, jobs = (t.periodic.period, t.periodic.jobs) if t.periodic else (0, 1)
        rd = -1 if p.read_budget is None else p.read_budget
        wr = -1 if p.write_budget is None else p.write_budget
        lines.append(f"port {int(t.kind == 'write')} {t.total_bytes} {t.burst_len} {t.outstanding} {t.start} "
                     f"{period} {jobs} {p.priority} {rd} {wr}")
    lines.append("max_cycles 200000000")
    return "\n".join(lines) + "\n"


def run(sc: Scenario, work: Path | None = None) -> dict:
    """Simulate; return {"cycles", "window_cycles", "ports": [SimPort...], "utilisation": {channel: %}}."""
    text = config_text(sc)
    binary = harness(sc)
    work = work or paths.BUILD / "sim" / "runs"
    work.mkdir(parents=True, exist_ok=True)
    cfg = work / f"scenario_{abs(hash(text)) & 0xFFFFFFFF:08x}.txt"
    cfg.write_text(text)
    raw = json.loads(sim.run_json_lines(binary, [str(cfg)], timeout=3600))
    ic = sc.interconnect
    ports = []
    totals = {"R": 0, "W": 0}
    for p, r in zip(sc.ports, raw["ports"]):
        totals["W" if p.traffic.kind == "write" else "R"] += r["window_beats"]
    for p, r in zip(sc.ports, raw["ports"]):
        ch = "W" if p.traffic.kind == "write" else "R"
        resp = r["response"] or [0]
        ports.append(SimPort(p.name, ch, r["beats"], r["beats"] * ic.bus_bytes,
                             r["window_beats"] / totals[ch] if totals[ch] else 0.0,
                             min(resp), sum(resp) / len(resp), max(resp)))
    util = {ch: 100.0 * totals[ch] / raw["window_cycles"] for ch in totals if totals[ch] and raw["window_cycles"]}
    return {"cycles": raw["cycles"], "window_cycles": raw["window_cycles"], "ports": ports, "utilisation": util}


def render(result: dict) -> str:
    lines = [f"{'port':<12}{'ch':>3}{'bytes':>12}{'share %':>9}{'resp min':>10}{'mean':>11}{'max':>10}"]
    for p in result["ports"]:
        lines.append(f"{p.name:<12}{p.channel:>3}{p.bytes:>12}{100 * p.share:>9.2f}{p.response_min:>10}"
                     f"{p.response_mean:>11.1f}{p.response_max:>10}")
    util = ", ".join(f"{ch} {u:.2f} %" for ch, u in result["utilisation"].items())
    lines.append(f"{result['cycles']} cycles; share window {result['window_cycles']} cycles; utilisation {util}")
    return "\n".join(lines)
