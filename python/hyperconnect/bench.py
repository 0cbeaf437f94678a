"""`hc bench`: idle latency per AXI channel of each IP, measured by simulation (cycles from VALID at the
input to VALID at the output, idle system, every READY high). Writes build/bench/latency.json."""

from __future__ import annotations

import json
from typing import Any

from . import paths, sim, wrapper

CHANNELS = ("ar", "aw", "w", "r", "b")


def _measure(toplevel: str, sources: list, build_name: str, s_prefix: str) -> dict[str, int]:
    out = paths.BUILD / "bench" / f"{build_name}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.unlink(missing_ok=True)
    sim.run_cocotb(toplevel, "latency_tb", paths.ROOT / "bench" / "latency", sources,
                   paths.BUILD / "bench" / build_name,
                   env={"HC_LAT_S": s_prefix, "HC_LAT_M": "m_axi", "HC_LATENCY_OUT": str(out)})
    if not out.exists():
        raise RuntimeError(f"latency bench of {toplevel} produced no result (see the simulation log above)")
    return json.loads(out.read_text())


def run() -> dict[str, Any]:
    wrap = wrapper.write_exbar_wrapper(paths.BUILD / "bench" / "gen" / "axi_exbar_wrap.sv", 3)
    report = {
        "axi_burst_equalizer": _measure("axi_burst_equalizer", paths.rtl_sources(), "lat_abe", "s_axi"),
        "axi_exbar": _measure("axi_exbar_wrap", paths.rtl_sources() + [wrap], "lat_exbar", "s00_axi"),
    }
    out = paths.BUILD / "bench" / "latency.json"
    out.write_text(json.dumps(report, indent=2) + "\n")
    return report


def render(report: dict[str, Any]) -> str:
    lines = ["Idle latency, cycles from input VALID to output VALID (all READY high):",
             f"{'IP':<22}" + "".join(f"{c.upper():>5}" for c in CHANNELS)]
    for ip, lat in report.items():
        lines.append(f"{ip:<22}" + "".join(f"{lat[c]:>5}" for c in CHANNELS))
    lines.append(f"written {paths.BUILD / 'bench' / 'latency.json'}")
    return "\n".join(lines)
