# SPDX-License-Identifier: Apache-2.0
"""`hc demo`: paper 000's fairness experiment on our RTL (stock crossbar vs. an equalizer per port)."""

from __future__ import annotations

import json
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from . import model, paths, sim

BURSTS = (16, 32, 64, 128, 256)
VICTIM_BURST = 16
NOMINAL = 16
CONFIGS = {"stock": 0, "equalized": 1}


def build_all() -> dict[str, Any]:
    """Build the two harness binaries (stock and equalized) in parallel."""
    cpp = paths.ROOT / "bench" / "demo" / "demo_main.cpp"
    out = paths.BUILD / "demo"
    with ThreadPoolExecutor(max_workers=2) as pool:
        futures = {name: pool.submit(sim.build_harness, "demo_top", cpp, out / f"obj_{name}",
                                     {"EQUALIZE": eq}, "demo_sim")
                   for name, eq in CONFIGS.items()}
        return {name: f.result() for name, f in futures.items()}


def run() -> dict[str, Any]:
    """Run every point and the saturation check; return the report (also written to fairness.json)."""
    t0 = time.monotonic()
    binaries = build_all()
    t_build = time.monotonic() - t0
    points = []
    for s in BURSTS:
        point: dict[str, Any] = {"s": s}
        for name, binary in binaries.items():
            point[name] = json.loads(sim.run_json_lines(binary, ["fairness", str(s), "--nominal", str(NOMINAL)]))
            point[name].pop("s", None)
        points.append(point)
    utilisation = {name: json.loads(sim.run_json_lines(binary, ["saturate"]))["r_utilisation"]
                   for name, binary in binaries.items()}
    report = {
        "points": points,
        "formula": {str(s): round(100.0 * model.share_eq3([s, VICTIM_BURST, s], 1), 2) for s in BURSTS},
        "r_utilisation_saturated": utilisation,
        "setup": {"data_width": 64, "memory_latency": 10, "outstanding": 6, "abe_nominal_len": NOMINAL,
                  "abe_max_outstanding": 6, "victim_bytes": 128 * 1024, "interferer_bytes": 4 * 1024 * 1024},
        "build_seconds": round(t_build, 1),
        "wall_seconds": round(time.monotonic() - t0, 1),
    }
    out = paths.BUILD / "demo" / "fairness.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(report, indent=2) + "\n")
    return report


def check(report: dict[str, Any]) -> list[str]:
    """The acceptance checks of the demo; returns the failures (empty: all hold)."""
    failures = []
    for p in report["points"]:
        s = p["s"]
        f = report["formula"][str(s)]
        stock, eq = p["stock"], p["equalized"]
        if abs(stock["victim_share_delivered"] - f) > 0.5:
            failures.append(f"s={s}: stock delivered {stock['victim_share_delivered']:.2f} not within 0.5 of {f}")
        if abs(eq["victim_share_delivered"] - 100.0 / 3) > 0.5:
            failures.append(f"s={s}: equalized delivered {eq['victim_share_delivered']:.2f} not within 0.5 of 33.33")
        if eq["victim_share_peak"] < 32.5:
            failures.append(f"s={s}: equalized peak {eq['victim_share_peak']:.2f} < 32.5")
    for name, u in report["r_utilisation_saturated"].items():
        if u < 99.0:
            failures.append(f"{name}: saturated R utilisation {u:.2f} % < 99 %")
    return failures


def render(report: dict[str, Any]) -> str:
    """The table printed by `hc demo`."""
    lines = [
        "Victim D2 (16-beat bursts) vs. D1/D3 (s-beat bursts), 3:1 round-robin crossbar, 64-bit, latency 10",
        f"{'s':>4} | {'Eq.3 %':>7} | {'stock deliv %':>13} {'peak %':>7} {'cycles':>8} |"
        f" {'equal. deliv %':>14} {'peak %':>7} {'cycles':>8}",
        "-" * 86,
    ]
    for p in report["points"]:
        st, eq = p["stock"], p["equalized"]
        lines.append(
            f"{p['s']:>4} | {report['formula'][str(p['s'])]:>7.2f} | {st['victim_share_delivered']:>13.2f}"
            f" {st['victim_share_peak']:>7.2f} {st['victim_cycles']:>8} | {eq['victim_share_delivered']:>14.2f}"
            f" {eq['victim_share_peak']:>7.2f} {eq['victim_cycles']:>8}")
    u = report["r_utilisation_saturated"]
    lines.append("")
    lines.append(f"R-channel utilisation, three masters saturating at 16 beats: stock {u['stock']:.2f} %,"
                 f" equalized {u['equalized']:.2f} %")
    lines.append(f"wall time {report['wall_seconds']} s (of which build {report['build_seconds']} s);"
                 f" written {paths.BUILD / 'demo' / 'fairness.json'}")
    return "\n".join(lines)
