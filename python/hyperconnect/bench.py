# SPDX-License-Identifier: Apache-2.0
"""`hc bench`: idle latency per AXI channel of each IP, measured by simulation (cycles from VALID at the
input to VALID at the output, idle system, every READY high), and the axi_hyperconnect experiments on the
RTL (bench/hyperconnect/hc_bench_main.cpp, configured through the C driver): paper 001 Fig. 5 reservation
splits, the priority bound for G = 1, 2, 4, the foundation fairness demo at reset defaults and R-channel
utilisation under saturation. Writes build/bench/latency.json and build/bench/hyperconnect.json."""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from . import paths, regs, sim, wrapper

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


# the minimum-latency cut setting of axi_hyperconnect: no request, write-data or response buffers
MIN_LATENCY = {"REQ_DEPTH": 0, "RESP_DEPTH": 0, "WDATA_DEPTH": 0}


def hyperconnect_latency(params: dict[str, int] | None = None) -> dict[str, int]:
    """Idle latency per channel of axi_hyperconnect (3 ports, every function on in the path), at the
    default cut setting or with the given parameters (MIN_LATENCY: the minimum-latency setting)."""
    tag = "".join(f"_{k.lower()}{v}" for k, v in (params or {}).items())
    return _measure("axi_hyperconnect_wrap", regs.sources() + [
        wrapper.write_hyperconnect_wrapper(paths.BUILD / "bench" / "gen" / tag.strip("_") / "axi_hyperconnect_wrap.sv",
                                           3, params=params)],
        f"lat_hyperconnect{tag}", "s00_axi")


def run() -> dict[str, Any]:
    wrap = wrapper.write_exbar_wrapper(paths.BUILD / "bench" / "gen" / "axi_exbar_wrap.sv", 3)
    report = {
        "axi_burst_equalizer": _measure("axi_burst_equalizer", paths.rtl_sources(), "lat_abe", "s_axi"),
        "axi_exbar": _measure("axi_exbar_wrap", paths.rtl_sources() + [wrap], "lat_exbar", "s00_axi"),
        "axi_hyperconnect": hyperconnect_latency(),
        "axi_hyperconnect (REQ/WDATA/RESP_DEPTH 0)": hyperconnect_latency(MIN_LATENCY),
    }
    out = paths.BUILD / "bench" / "latency.json"
    out.write_text(json.dumps(report, indent=2) + "\n")
    return report


# the front ends' testbenches (a .sv top and its cocotb module each): tests/hc_stream_rd, _wr, tests/hc_cache_port
# run every case, frontends() the figure cases
FRONTEND_TBS = paths.ROOT / "bench" / "frontends"


def frontend_tb_sources(tb: Path) -> list:
    """A front end's testbench file `tb` and everything it needs: the front ends (fileset `frontends`), the
    bench package, the memory model and the protocol checker."""
    from . import manifest
    return [paths.RTL / "hc_axi_pkg.sv", *manifest.files("frontends"), paths.BENCH_RTL / "hc_bench_pkg.sv",
            paths.BENCH_RTL / "axi_mem_model.sv", paths.BENCH_RTL / "axi_protocol_checker.sv", tb]


def stream_rd_tb_sources() -> list:
    return frontend_tb_sources(FRONTEND_TBS / "hc_stream_rd_tb.sv")


def stream_wr_tb_sources() -> list:
    return frontend_tb_sources(FRONTEND_TBS / "hc_stream_wr_tb.sv")


def cache_port_tb_sources() -> list:
    return frontend_tb_sources(FRONTEND_TBS / "hc_cache_port_tb.sv")


# each front end's figures: (its testbench's sources, the test case, the variable naming the JSON file the
# test case writes); the testbench's top and cocotb module are both <name>_tb
FRONTEND_FIGURES = {
    "hc_stream_rd": (stream_rd_tb_sources, "latency_and_efficiency", "HC_STREAM_RD_OUT"),
    "hc_stream_wr": (stream_wr_tb_sources, "latency_and_efficiency", "HC_STREAM_WR_OUT"),
    "hc_cache_port": (cache_port_tb_sources, "latency", "HC_CACHE_PORT_OUT"),
}


def frontends() -> dict[str, Any]:
    """The FastLane front ends' figures (issue 19) on the fixed-latency memory (axi_mem_model LATENCY 10,
    64-bit, idle; each testbench's MEM 1): hc_stream_rd's AR handshake -> first TDATA over the memory's own
    latency and its efficiency on ten 10,000-byte commands and on 2-D commands of 64-byte rows;
    hc_stream_wr's first TVALID -> AWVALID and the same efficiencies; hc_cache_port's hit and miss
    latencies and flush cost."""
    report: dict[str, Any] = {}
    for name, (sources, case, var) in FRONTEND_FIGURES.items():
        out = paths.BUILD / "bench" / f"{name}.json"
        out.parent.mkdir(parents=True, exist_ok=True)
        out.unlink(missing_ok=True)
        sim.run_cocotb(f"{name}_tb", f"{name}_tb", FRONTEND_TBS, sources(), paths.BUILD / "bench" / name, {"MEM": 1},
                       testcase=case, env={var: str(out)})
        if not out.exists():
            raise RuntimeError(f"the {name} figures produced no result (see the simulation log above)")
        report[name] = json.loads(out.read_text())
    return report


def render_frontends(report: dict[str, Any]) -> str:
    r, w, c = report["hc_stream_rd"], report["hc_stream_wr"], report["hc_cache_port"]
    return "\n".join([
        "FastLane front ends (64-bit, memory latency 10, idle; PG021 AXI DMA in brackets):",
        f"  hc_stream_rd  AR handshake -> first TDATA: memory + {r['latency_over_memory']} cycles (MM2S: memory + 6)",
        f"                ten 10,000-byte commands: {100 * r['10,000-byte']:.2f} % of the bus (MM2S: 99.76 %)",
        f"                2-D, 64-byte rows: {100 * r['2-D 64-byte rows']:.2f} % of the bus",
        f"  hc_stream_wr  first TVALID -> AWVALID: {w['tvalid_to_awvalid']} cycles (S2MM: 39)",
        f"                ten 10,000-byte commands: {100 * w['10,000-byte']:.2f} % of the bus, first W to last W; "
        f"{100 * w['10,000-byte from TVALID']:.2f} % first TVALID to last WLAST (S2MM, measured so: 74.64 %)",
        f"                2-D, 64-byte rows: {100 * w['2-D 64-byte rows']:.2f} % of the bus",
        f"  hc_cache_port hit {c['hit_cycles']} cycle(s); miss memory + {c['miss_over_memory']}, with a dirty victim "
        f"memory + {c['miss_dirty_over_memory']}; flush {c['flush_clean_cycles']} cycles clean, "
        f"+{c['flush_cycles_per_dirty_line']:.1f} per dirty line"])


RESERVATION_SPLITS = (90, 70, 50, 30, 10)
PRIORITY_G = (1, 2, 4)
BOUNDED_X = (20, 50)
FAIRNESS_S = (16, 32, 64, 128, 256)
NOMINAL = 16


def run_system() -> dict[str, Any]:
    """Build the hc_bench harness (cached) and run every experiment, two at a time."""
    binary = sim.build_system_harness(paths.ROOT / "bench" / "hyperconnect" / "hc_bench_main.cpp",
                                      paths.BUILD / "bench" / "hc_bench", "hc_bench")
    jobs = ([("reservation", x) for x in RESERVATION_SPLITS] + [("priority", g) for g in PRIORITY_G]
            + [("bounded", x) for x in BOUNDED_X]
            + [("fairness", s) for s in FAIRNESS_S] + [("saturate", None)])

    def one(job: tuple[str, int | None]) -> dict[str, Any]:
        args = [job[0]] + ([] if job[1] is None else [str(job[1])])
        return json.loads(sim.run_json_lines(binary, args))

    with ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(one, jobs))
    report: dict[str, Any] = {"reservation": [], "priority": [], "bounded": [], "fairness": [], "saturate": {}}
    for (mode, _), res in zip(jobs, results):
        if mode == "saturate":
            report["saturate"] = res
        else:
            report[mode].append(res)
    out = paths.BUILD / "bench" / "hyperconnect.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(report, indent=2) + "\n")
    return report


def check_system(report: dict[str, Any]) -> list[str]:
    """The issue's acceptance rules on the experiments; empty when all hold."""
    problems = []
    for r in report["reservation"]:
        if abs(r["share0"] - r["x"]) > 1.0 or abs(r["share1"] - r["y"]) > 1.0:
            problems.append(f"reservation {r['x']}/{r['y']}: measured {r['share0']:.2f}/{r['share1']:.2f} (> 1 pt off)")
    for r in report["priority"]:
        if r["worst"] > r["bound"] or not r["low_busy"]:
            problems.append(f"priority G={r['g']}: worst {r['worst']} > bound {r['bound']} (or low class idle)")
    for r in report["bounded"]:
        if abs(r["share0"] - r["x"]) > 1.0:
            problems.append(f"class-1 port with a {r['x']} % budget took {r['share0']:.2f} % (not bounded)")
    for r in report["fairness"]:
        if abs(r["victim_share_delivered"] - 100 / 3) > 0.5:
            problems.append(f"fairness s={r['s']}: victim share {r['victim_share_delivered']:.2f} %, expected 33.33 %")
    if report["saturate"].get("r_utilisation", 0.0) < 99.0:
        problems.append(f"R utilisation {report['saturate'].get('r_utilisation')} % < 99 %")
    return problems


def render_system(report: dict[str, Any]) -> str:
    lines = ["axi_hyperconnect, paper 001 Fig. 5: two greedy readers (4 MB), read budgets set by the driver",
             f"{'X/Y %':>8} {'budgets':>10} {'port 0 %':>9} {'port 1 %':>9} {'R util %':>9}"]
    for r in report["reservation"]:
        lines.append(f"{str(r['x']) + '/' + str(r['y']):>8} {str(r['budget0']) + '/' + str(r['budget1']):>10} "
                     f"{r['share0']:>9.2f} {r['share1']:>9.2f} {r['r_utilisation']:>9.2f}")
    lines += ["", "Priority: port 0 class 1, single 16-beat reads; ports 1-3 class 0 greedy (cycles AR -> RLAST)",
              f"{'G':>3} {'idle':>5} {'worst':>6} {'bound idle+(G+1)x16':>20}"]
    for r in report["priority"]:
        lines.append(f"{r['g']:>3} {r['idle']:>5} {r['worst']:>6} {r['bound']:>20}")
    lines += ["", "Reservation bounds the high class: port 0 class 1 greedy with a read budget, port 1 class 0 greedy",
              "  ".join(f"budget {r['x']} %: port 0 {r['share0']:.2f} %, port 1 {r['share1']:.2f} %"
                        for r in report["bounded"])]
    lines += ["", "Fairness demo through axi_hyperconnect at reset defaults (victim share %)",
              "  ".join(f"s={r['s']}: {r['victim_share_delivered']:.2f}" for r in report["fairness"]),
              "", f"R-channel utilisation, 4 greedy readers: {report['saturate']['r_utilisation']:.2f} %",
              f"written {paths.BUILD / 'bench' / 'hyperconnect.json'}"]
    return "\n".join(lines)


def render(report: dict[str, Any]) -> str:
    lines = ["Idle latency, cycles from input VALID to output VALID (all READY high; axi_hyperconnect with",
             "reservation on, priority class 1, equalization at 16 beats):",
             f"{'IP':<32}" + "".join(f"{c.upper():>5}" for c in CHANNELS)]
    for ip, lat in report.items():
        lines.append(f"{ip:<32}" + "".join(f"{lat[c]:>5}" for c in CHANNELS))
    lines.append(f"written {paths.BUILD / 'bench' / 'latency.json'}")
    return "\n".join(lines)
