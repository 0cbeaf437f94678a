# SPDX-License-Identifier: Apache-2.0
"""`hc link host`: this machine's memory latency over working set and bandwidth over block size, idle and
loaded (issue 20; paper 004 Sec. 4-5, which measured them with lmbench's lat_mem_rd and bw_mem, 100 runs per
point, and a busy mode under `stress`).

The measuring is sw/linkbench (C11, built here into build/linkbench/): raw samples as JSON. This module runs
it, turns each point's samples into statistics (median, p25, p75, min, max), finds the latency curve's
plateaus and knees and compares them with the cache sizes sysfs reports, checks issue 20's acceptance, and
writes build/link/host.json and the plots (latency.png, bandwidth.png, inject.png). `--runs 3` repeats the
measurement and checks the plateau levels agree within 10 % (`make bench`); `--from FILE` analyses a
linkbench JSON measured elsewhere (a target board without Python).
"""

from __future__ import annotations

import argparse
import json
import math
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from . import paths

SRC = paths.ROOT / "sw" / "linkbench"
EXE_DIR = paths.BUILD / "linkbench"
OUT = paths.BUILD / "link"

# Plateau detection on the median latency curve (ns over working-set bytes):
FLAT_PER_DOUBLING = 1.25   # within a plateau latency grows by at most 25 % per doubling of the working set,
PLATEAU_SPAN = 1.5         # and by at most 1.5x from its lowest point to its highest;
KNEE_RATIO = 1.5           # adjacent plateaus whose levels differ by less are one (a knee is a clear step);
PLATEAU_POINTS = 3         # and a plateau has at least 3 points (two flat ones inside a transition are none).

# Issue 20's acceptance
KNEE_FACTOR = 2.0          # L1 and L2 knees within one doubling of the sysfs sizes
DRAM_OVER_L1 = 20.0        # the DRAM plateau at least 20x the L1 latency
STABILITY = 0.10           # plateau levels within 10 % over the runs of --runs (max / min - 1)
QUICK_WALL_S = 60.0        # --quick within 60 s, build and plots included
THP_COMPARE_BYTES = 256 << 20

# Full and quick runs: linkbench's own defaults are the full run (100 reps of 100 us, working sets
# 512 B-512 MiB with the 1.5x points, blocks 64 B-256 MiB, load over MemTotal/8); --quick shortens them.
QUICK = {"reps": 20, "rep_us": 50, "load_bytes": "256M"}

MODE_LABELS = {"rand4k": "random, 4 KiB pages", "randthp": "random, huge pages (THP)",
               "stride": "stride (lat_mem_rd)", "loaded": "random THP, loaded (threads)",
               "loaded_stress": "random THP, loaded (stress)"}
MODE_COLOURS = {"rand4k": "#c0392b", "randthp": "#2e6fba", "stride": "#7f8c8d", "loaded": "#27ae60",
                "loaded_stress": "#8e44ad"}
PRIMARY = "randthp"        # the curve whose plateaus name the levels: huge pages keep the TLB out of it


# ---------------------------------------------------------------------------------------------------------
# statistics


def percentile(xs: Sequence[float], q: float) -> float:
    """The q-th percentile (0..100) by linear interpolation between order statistics (numpy's default,
    Hyndman and Fan's type 7): [1, 2, 3, 4] gives p25 1.75, p50 2.5, p75 3.25."""
    if not xs:
        raise ValueError("percentile of no samples")
    if not 0 <= q <= 100:
        raise ValueError(f"percentile {q} outside 0..100")
    s = sorted(xs)
    pos = (len(s) - 1) * q / 100
    lo = math.floor(pos)
    hi = min(lo + 1, len(s) - 1)
    return s[lo] + (s[hi] - s[lo]) * (pos - lo)


def stats(xs: Sequence[float]) -> dict[str, float]:
    """n, median, p25, p75, iqr (p75 - p25), min and max of the samples."""
    p25, p75 = percentile(xs, 25), percentile(xs, 75)
    return {"n": len(xs), "median": percentile(xs, 50), "p25": p25, "p75": p75, "iqr": p75 - p25,
            "min": min(xs), "max": max(xs)}


# ---------------------------------------------------------------------------------------------------------
# plateaus and knees


def _per_doubling(s0: float, y0: float, s1: float, y1: float) -> float:
    """The latency ratio from (s0, y0) to (s1, y1) scaled to one doubling of the working set."""
    return (y1 / y0) ** (1.0 / math.log2(s1 / s0))


def plateaus(sizes: Sequence[float], lat: Sequence[float]) -> list[dict[str, Any]]:
    """The flat stretches of a latency curve (sizes ascending): runs of two or more points in which latency
    grows by at most FLAT_PER_DOUBLING per doubling and PLATEAU_SPAN in all, found left to right; adjacent
    runs whose levels differ by less than KNEE_RATIO merged (a spike or a small step is no knee); then runs
    of fewer than PLATEAU_POINTS points dropped and the rest merged again. Each plateau: first and last
    index and size, level (the median of its points' latencies)."""
    if len(sizes) != len(lat) or any(b <= a for a, b in zip(sizes, sizes[1:])) or any(y <= 0 for y in lat):
        raise ValueError("plateaus need ascending sizes and positive latencies, one each")
    runs: list[list[int]] = []
    i, n = 0, len(sizes)
    while i < n - 1:
        j, lo, hi = i, lat[i], lat[i]
        while j + 1 < n:
            nlo, nhi = min(lo, lat[j + 1]), max(hi, lat[j + 1])
            steep = _per_doubling(sizes[j], lat[j], sizes[j + 1], lat[j + 1]) > FLAT_PER_DOUBLING
            if steep or nhi / nlo > PLATEAU_SPAN:
                break
            j, lo, hi = j + 1, nlo, nhi
        if j > i:
            runs.append([i, j])
            i = j + 1
        else:
            i += 1

    def level(r: list[int]) -> float:
        return percentile(lat[r[0]:r[1] + 1], 50)

    def merge(runs: list[list[int]]) -> list[list[int]]:
        k = 0
        while k < len(runs) - 1:
            a, b = level(runs[k]), level(runs[k + 1])
            if max(a, b) / min(a, b) < KNEE_RATIO:
                runs[k:k + 2] = [[runs[k][0], runs[k + 1][1]]]
                k = max(0, k - 1)
            else:
                k += 1
        return runs

    # two-point runs count while merging (noise may cut a plateau in pieces); what stays short is dropped
    runs = merge([r for r in merge(runs) if r[1] - r[0] + 1 >= PLATEAU_POINTS])
    return [{"first": r[0], "last": r[1], "first_bytes": sizes[r[0]], "last_bytes": sizes[r[1]],
             "level_ns": level(r), "points": r[1] - r[0] + 1} for r in runs]


def knee(sizes: Sequence[float], lat: Sequence[float], a: dict[str, Any], b: dict[str, Any]) -> float:
    """Where the curve crosses half-way (the geometric mean of the two levels) from plateau a up to
    plateau b, interpolated on log2(size) against log(latency): the working set that the faster level
    serves about half of, our measure of its capacity."""
    mid = math.sqrt(a["level_ns"] * b["level_ns"])
    for t in range(a["last"], b["first"] + 1):
        if lat[t] >= mid:
            if t == a["last"]:
                return float(sizes[t])
            x0, x1 = math.log2(sizes[t - 1]), math.log2(sizes[t])
            y0, y1 = math.log(lat[t - 1]), math.log(lat[t])
            return float(2 ** (x0 + (math.log(mid) - y0) / (y1 - y0) * (x1 - x0)))
    return float(sizes[b["first"]])


def data_caches(machine: dict[str, Any]) -> list[dict[str, Any]]:
    """The caches data goes through (sysfs types Data and Unified), by level."""
    return sorted((c for c in machine.get("caches", []) if c["type"] in ("Data", "Unified")),
                  key=lambda c: c["level"])


def levels(sizes: Sequence[float], lat: Sequence[float], caches: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """A curve's plateaus named after the caches sysfs reports and the knees between them: each knee is
    matched to the cache nearest in size (log scale) among the levels above the last one matched; the
    plateau before it takes that cache's name. The last plateau is DRAM when it reaches twice the largest
    cache (no cache's plateau goes that far), else it takes the next level's name."""
    found = plateaus(sizes, lat)
    knees: list[dict[str, Any]] = []
    last_level = 0
    for a, b in zip(found, found[1:]):
        at = knee(sizes, lat, a, b)
        above = [c for c in caches if c["level"] > last_level]
        cache = min(above, key=lambda c: abs(math.log2(at / c["size"]))) if above else None
        name = f"L{cache['level']}" if cache else f"P{len(knees)}"
        last_level = cache["level"] if cache else last_level
        a["name"] = name
        knees.append({"name": name, "knee_bytes": at, "plateau_last_bytes": a["last_bytes"],
                      "next_first_bytes": b["first_bytes"], "ratio": b["level_ns"] / a["level_ns"],
                      "sysfs_bytes": cache["size"] if cache else None,
                      "knee_over_sysfs": at / cache["size"] if cache else None})
    if found:
        # memory if it reaches twice the largest cache (no cache's plateau goes that far), else the next cache
        past = not caches or found[-1]["last_bytes"] >= 2 * max(c["size"] for c in caches)
        nxt = [c for c in caches if c["level"] == last_level + 1]
        memory = past or not nxt
        found[-1]["name"] = "DRAM" if memory else f"L{last_level + 1}"
    return {"plateaus": found, "knees": knees}


# ---------------------------------------------------------------------------------------------------------
# running linkbench


def build() -> Path:
    """sw/linkbench built (make, strict warnings) into build/linkbench/; the executable's path."""
    EXE_DIR.mkdir(parents=True, exist_ok=True)
    res = subprocess.run(["make", "-s", "--no-print-directory", "-C", str(SRC), f"O={EXE_DIR}"],
                         capture_output=True, text=True)
    if res.returncode:
        raise RuntimeError(f"building sw/linkbench failed:\n{res.stdout}{res.stderr}")
    return EXE_DIR / "linkbench"


def linkbench_args(args: argparse.Namespace) -> list[str]:
    """The linkbench options of one full or --quick run with the user's overrides."""
    opts: dict[str, Any] = dict(QUICK) if args.quick else {}
    for key in ("reps", "rep_us", "lat_max", "bw_max", "load_bytes", "inject_size", "seed"):
        if getattr(args, key, None) is not None:
            opts[key] = getattr(args, key)
    return [a for k, v in opts.items() for a in (f"--{k.replace('_', '-')}", str(v))]


def measure(extra: Sequence[str], label: str = "") -> dict[str, Any]:
    """One linkbench run with these options (its progress bar on stderr); the raw JSON."""
    exe = build()
    with tempfile.TemporaryDirectory() as tmp:
        js = Path(tmp) / "raw.json"
        if label:
            print(f"hc link host: {label}", file=sys.stderr)
        res = subprocess.run([str(exe), *extra, "--progress", "--json", str(js)])
        if res.returncode:
            raise RuntimeError(f"linkbench {' '.join(extra)} exited with {res.returncode} (its message is above)")
        return json.loads(js.read_text())


def measure_all(args: argparse.Namespace, label: str = "") -> dict[str, Any]:
    """The whole measurement: every mode, the injection sweep and the bandwidth ops, then (when Debian's
    `stress` is installed and not --no-stress) the loaded curve again under stress, as mode loaded_stress."""
    base = linkbench_args(args)
    raw = measure(base, label)
    if not args.no_stress and shutil.which("stress"):
        extra = measure([*base, "--lat-modes", "loaded", "--load", "stress", "--bw-ops", "none",
                         "--inject-delays", "none"], f"{label + ', ' if label else ''}loaded under stress")
        for m in extra["latency"]:
            raw["latency"].append(dict(m, mode="loaded_stress"))
        raw["wall_s"] += extra["wall_s"]
    return raw


# ---------------------------------------------------------------------------------------------------------
# analysis


def _point(p: dict[str, Any], key: str) -> dict[str, Any]:
    out = {k: v for k, v in p.items() if k != key}
    out.update(stats(p[key]))
    out["samples"] = p[key]
    return out


def _at(points: Sequence[dict[str, Any]], nbytes: int) -> dict[str, Any] | None:
    """The point with the largest working set not above nbytes."""
    below = [p for p in points if p["bytes"] <= nbytes]
    return max(below, key=lambda p: p["bytes"]) if below else None


def analyse(raw: dict[str, Any]) -> dict[str, Any]:
    """Statistics per point, plateaus and knees per latency curve, and the summary."""
    caches = data_caches(raw["machine"])
    lat: dict[str, Any] = {}
    for m in raw["latency"]:
        curve = {k: v for k, v in m.items() if k != "points"}
        curve["points"] = [_point(p, "ns") for p in m["points"]]
        if m.get("buffer_bytes"):
            curve["huge_fraction"] = max(0, m["huge_bytes"]) / m["buffer_bytes"]
        if len(curve["points"]) >= 2 and m.get("pattern") != "stride":    # a stride walk measures the prefetcher
            curve.update(levels([p["bytes"] for p in curve["points"]], [p["median"] for p in curve["points"]], caches))
        lat[m["mode"]] = curve
    inject = None
    if raw.get("inject"):
        inject = {k: v for k, v in raw["inject"].items() if k != "points"}
        inject["points"] = [_point(p, "ns") for p in raw["inject"]["points"]]
    bw: dict[str, Any] = {}
    for b in raw["bandwidth"]:
        pts = [_point(p, "mbps") for p in b["points"]]
        peak = max(pts, key=lambda p: p["median"])
        bw[b["op"]] = {k: v for k, v in b.items() if k != "points"} | {
            "points": pts, "peak": {"bytes": peak["bytes"], "mbps": peak["median"]},
            "largest": {"bytes": pts[-1]["bytes"], "mbps": pts[-1]["median"]}}
    report = {"machine": raw["machine"], "config": raw["config"], "wall_s": {"linkbench": raw["wall_s"]},
              "latency": lat, "inject": inject, "bandwidth": bw}
    report["summary"] = summarise(report)
    return report


def summarise(report: dict[str, Any]) -> dict[str, Any]:
    lat = report["latency"]
    prim = lat.get(PRIMARY) or next(iter(lat.values()), None)
    s: dict[str, Any] = {"primary": PRIMARY if PRIMARY in lat else (prim or {}).get("mode")}
    s["levels"] = {p["name"]: p["level_ns"] for p in (prim or {}).get("plateaus", [])}
    s["plateaus"] = (prim or {}).get("plateaus", [])
    s["knees"] = (prim or {}).get("knees", [])
    caches = data_caches(report["machine"])
    if caches:
        llc = caches[-1]
        name = f"L{llc['level']}"
        p = next((q for q in s["plateaus"] if q.get("name") == name), None)
        k = next((q for q in s["knees"] if q["name"] == name), None)
        s["llc"] = {"name": name, "sysfs_bytes": llc["size"], "plateau_last_bytes": p["last_bytes"] if p else None,
                    "knee_bytes": k["knee_bytes"] if k else None}
    if "L1" in s["levels"] and "DRAM" in s["levels"]:
        s["dram_over_l1"] = s["levels"]["DRAM"] / s["levels"]["L1"]
    a, b = lat.get("rand4k"), lat.get("randthp")
    if a and b:
        pa, pb = _at(a["points"], THP_COMPARE_BYTES), _at(b["points"], THP_COMPARE_BYTES)
        if pa and pb and pa["bytes"] == pb["bytes"]:
            s["thp_vs_4k"] = {"bytes": pa["bytes"], "ns_4k": pa["median"], "ns_thp": pb["median"],
                              "iqr_4k": [pa["p25"], pa["p75"]], "iqr_thp": [pb["p25"], pb["p75"]],
                              "ratio_4k_over_thp": pa["median"] / pb["median"],
                              "huge_fraction_4k": a.get("huge_fraction"), "huge_fraction_thp": b.get("huge_fraction")}
    s["loaded"] = {}
    for mode in ("loaded", "loaded_stress"):
        ld = lat.get(mode)
        if not (ld and b and ld["points"]):
            continue
        idle = {p["bytes"]: p for p in b["points"]}
        rows = [{"bytes": p["bytes"], "idle_ns": idle[p["bytes"]]["median"], "loaded_ns": p["median"],
                 "load_mbps": p.get("load_mbps")} for p in ld["points"] if p["bytes"] in idle]
        dram = next((q for q in b.get("plateaus", []) if q.get("name") == "DRAM"), None)
        entry: dict[str, Any] = {"load": ld.get("load"), "load_cpus": ld.get("load_cpus"),
                                 "load_bytes": ld.get("load_bytes"), "load_op": ld.get("load_op"), "rows": rows}
        if dram:
            on = [r for r in rows if dram["first_bytes"] <= r["bytes"] <= dram["last_bytes"]]
            entry["dram"] = {"first_bytes": dram["first_bytes"], "last_bytes": dram["last_bytes"],
                             "idle_ns": percentile([r["idle_ns"] for r in on], 50),
                             "loaded_ns": percentile([r["loaded_ns"] for r in on], 50)}
            mb = [r["load_mbps"] for r in on if r["load_mbps"] is not None]
            entry["dram"]["load_mbps"] = percentile(mb, 50) if mb else None
        s["loaded"][mode] = entry
    inj = report.get("inject")
    if inj and inj.get("points"):
        s["inject"] = [{"delay": p["delay"], "load_mbps": p["load_mbps"], "median_ns": p["median"],
                        "p25": p["p25"], "p75": p["p75"]} for p in inj["points"]]
    s["bandwidth"] = {op: {"peak": b["peak"], "largest": b["largest"]} for op, b in report["bandwidth"].items()}
    return s


def check(report: dict[str, Any], quick: bool = False) -> list[dict[str, Any]]:
    """Issue 20's acceptance on one analysed run: [{"name", "ok", "detail"}]."""
    s = report["summary"]
    out: list[dict[str, Any]] = []

    def add(name: str, ok: bool, detail: str) -> None:
        out.append({"name": name, "ok": bool(ok), "detail": detail})

    for lv in ("L1", "L2"):
        k = next((q for q in s["knees"] if q["name"] == lv), None)
        if k is None or k["sysfs_bytes"] is None:
            add(f"{lv} knee", False, f"no {lv} knee found on the {s['primary']} curve")
        else:
            f = k["knee_over_sysfs"]
            add(f"{lv} knee", 1 / KNEE_FACTOR <= f <= KNEE_FACTOR,
                f"{_size(k['knee_bytes'])} against sysfs {_size(k['sysfs_bytes'])} ({f:.2f}x; within one doubling)")
    r = s.get("dram_over_l1")
    add("DRAM / L1", r is not None and r >= DRAM_OVER_L1,
        f"{r:.0f}x (at least {DRAM_OVER_L1:.0f}x)" if r else "no L1 or DRAM plateau")
    t = s.get("thp_vs_4k")
    add("THP vs 4K", t is not None,
        f"at {_size(t['bytes'])}: 4K {t['ns_4k']:.1f} ns, THP {t['ns_thp']:.1f} ns" if t else "not measured")
    ld = s["loaded"].get("loaded", {}).get("dram")
    add("loaded above idle", ld is not None and ld["loaded_ns"] > ld["idle_ns"],
        f"DRAM plateau {ld['idle_ns']:.1f} ns idle, {ld['loaded_ns']:.1f} ns loaded" if ld else
        "no loaded curve or no DRAM plateau")
    if quick:
        w = report["wall_s"].get("total", report["wall_s"]["linkbench"])
        add("--quick wall time", w <= QUICK_WALL_S, f"{w:.1f} s (at most {QUICK_WALL_S:.0f} s)")
    return out


def cpu_count(cpu_list: str) -> int:
    """CPUs in a sysfs CPU list ("0", "0-1", "0,64", "0-3,8-11"); 0 for an empty or unreadable one."""
    n = 0
    for part in str(cpu_list).strip().split(","):
        lo, _, hi = part.partition("-")
        if lo.strip().isdigit():
            n += int(hi) - int(lo) + 1 if hi.strip().isdigit() else 1
    return n


def shared_levels(machine: dict[str, Any]) -> set[str]:
    """The cache levels other cores share: sysfs lists more CPUs for them than for the L1 data cache (whose
    list is the core's own hardware threads, "0" or "0,64")."""
    caches = data_caches(machine)
    own = min((cpu_count(c.get("shared_cpu_list", "")) for c in caches if c["level"] == 1), default=1) or 1
    return {f"L{c['level']}" for c in caches if cpu_count(c.get("shared_cpu_list", "")) > own}


def stability(runs: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The plateau levels of several runs: per level its values and max / min - 1; ok when every level
    found in all runs is within STABILITY and every run found the same levels. A cache level other CPUs
    share (on a VM, other tenants too) is reported but not judged: its latency depends on what they do,
    not on this machine's memory (here the 32 MiB L3 moved 7-21 % between runs; L1, L2 and DRAM < 9 %)."""
    names = [set(r["summary"]["levels"]) for r in runs]
    common = sorted(set.intersection(*names), key=lambda n: runs[0]["summary"]["levels"][n]) if names else []
    shared = shared_levels(runs[0].get("machine", {})) if runs else set()
    rows = {}
    for n in common:
        v = [r["summary"]["levels"][n] for r in runs]
        rows[n] = {"ns": v, "spread": max(v) / min(v) - 1, "judged": n not in shared}
    same = all(x == names[0] for x in names)
    ok = bool(common) and same and all(r["spread"] <= STABILITY for r in rows.values() if r["judged"])
    return {"runs": len(runs), "levels": rows, "same_levels": same, "ok": ok}


# ---------------------------------------------------------------------------------------------------------
# output


def _size(b: float | None) -> str:
    if b is None:
        return "-"
    for unit, sh in (("GiB", 30), ("MiB", 20), ("KiB", 10)):
        if b >= 1 << sh:
            v = b / (1 << sh)
            return f"{v:.0f} {unit}" if abs(v - round(v)) < 0.05 else f"{v:.2f} {unit}".replace(".00", "")
    return f"{b:.0f} B"


def render(report: dict[str, Any]) -> str:
    m, c, s = report["machine"], report["config"], report["summary"]
    lines = [f"hc link host — {m['cpu_model']}, {m['cpus_online']} CPUs, {m['mem_total'] / 2**30:.1f} GiB, "
             f"THP '{m['thp']}'; {c['reps']} repetitions per point of {c['rep_ns'] / 1000:.0f} us "
             f"(median [p25, p75]); linkbench {report['wall_s']['linkbench']:.1f} s"
             + (f", total {report['wall_s']['total']:.1f} s" if "total" in report["wall_s"] else "")]
    prim = report["latency"].get(s["primary"], {})
    pts = prim.get("points", [])
    lines += ["", f"latency plateaus ({MODE_LABELS.get(s['primary'], s['primary'])}; one dependent load per "
                  f"{c['line']}-byte line):",
              f"  {'level':6} {'ns':>8} {'working sets':>22}   {'knee':>10} {'sysfs':>10} {'knee/sysfs':>10}   "
              "(level: median of the plateau's point medians; knee: half-way to the next level)"]
    knees = {k["name"]: k for k in s["knees"]}
    for p in s["plateaus"]:
        k = knees.get(p["name"])
        meds = [q["median"] for q in pts[p["first"]:p["last"] + 1]]
        spread = f"medians {min(meds):.3g}-{max(meds):.3g}"
        span = f"{_size(p['first_bytes'])}-{_size(p['last_bytes'])}"
        lines.append(f"  {p['name']:6} {p['level_ns']:8.3g} {span:>22}   "
                     + (f"{_size(k['knee_bytes']):>10} {_size(k['sysfs_bytes']):>10} {k['knee_over_sysfs']:>10.2f}"
                        if k and k["sysfs_bytes"] else f"{'':32}") + f"   {spread}")
    if "llc" in s:
        l3 = s["llc"]
        lines.append(f"  last-level cache {l3['name']}: sysfs {_size(l3['sysfs_bytes'])}; its plateau ends at "
                     f"{_size(l3['plateau_last_bytes'])}, half-way to the next level at {_size(l3['knee_bytes'])}")
    if "dram_over_l1" in s:
        lines.append(f"  DRAM / L1: {s['dram_over_l1']:.0f}x")
    t = s.get("thp_vs_4k")
    if t:
        lines += ["", f"huge pages against 4 KiB pages at {_size(t['bytes'])}: 4K {t['ns_4k']:.1f} ns "
                      f"[{t['iqr_4k'][0]:.1f}, {t['iqr_4k'][1]:.1f}], THP {t['ns_thp']:.1f} ns "
                      f"[{t['iqr_thp'][0]:.1f}, {t['iqr_thp'][1]:.1f}]: 4K/THP {t['ratio_4k_over_thp']:.3f} "
                      f"(huge pages backing: THP buffer {100 * (t['huge_fraction_thp'] or 0):.0f} %, "
                      f"4K buffer {100 * (t['huge_fraction_4k'] or 0):.0f} %)"]
    for mode, e in s["loaded"].items():
        lines += ["", f"idle against loaded ({e['load']}: {e['load_cpus']} load CPU(s), {e['load_op']} over "
                      f"{_size(e['load_bytes'])}), random chase on huge pages:",
                  f"  {'working set':>12} {'idle ns':>9} {'loaded ns':>10} {'ratio':>6} {'load MB/s':>10}"]
        for r in e["rows"]:
            if r["bytes"] in (16 << 10, 512 << 10, 8 << 20, 256 << 20) or r is e["rows"][-1]:
                lines.append(f"  {_size(r['bytes']):>12} {r['idle_ns']:9.2f} {r['loaded_ns']:10.2f} "
                             f"{r['loaded_ns'] / r['idle_ns']:6.2f} "
                             + (f"{r['load_mbps']:10.0f}" if r["load_mbps"] is not None else f"{'-':>10}"))
        if "dram" in e:
            d = e["dram"]
            lines.append(f"  {'DRAM plateau':>12} {d['idle_ns']:9.2f} {d['loaded_ns']:10.2f} "
                         f"{d['loaded_ns'] / d['idle_ns']:6.2f}   ({_size(d['first_bytes'])}-{_size(d['last_bytes'])})")
    if s.get("inject"):
        inj = report["inject"]
        lines += ["", f"latency against injected bandwidth (random chase over {_size(inj['bytes'])}, huge pages; "
                      f"{inj['load_cpus']} load thread(s), {inj['load_op']}):",
                  f"  {'delay':>7} {'load MB/s':>10} {'median ns':>10} {'p25':>8} {'p75':>8}"]
        for r in s["inject"]:
            lines.append(f"  {('off' if r['delay'] < 0 else r['delay']):>7} {r['load_mbps']:10.0f} "
                         f"{r['median_ns']:10.1f} {r['p25']:8.1f} {r['p75']:8.1f}")
    if s["bandwidth"]:
        lines += ["", "bandwidth (MB/s = 1e6 B/s, median): peak at block, and at the largest block",
                  f"  {'op':7} {'peak':>9} {'at':>9} {'largest':>9} {'at':>9}"]
        for op, b in s["bandwidth"].items():
            lines.append(f"  {op:7} {b['peak']['mbps']:9.0f} {_size(b['peak']['bytes']):>9} "
                         f"{b['largest']['mbps']:9.0f} {_size(b['largest']['bytes']):>9}")
    st = report.get("stability")
    if st:
        lines += ["", f"plateau levels over {st['runs']} runs (max/min - 1, at most {100 * STABILITY:.0f} %):"]
        for n, r in st["levels"].items():
            lines.append(f"  {n:6} {' '.join(f'{v:8.3g}' for v in r['ns'])}   {100 * r['spread']:5.1f} %"
                         + ("" if r.get("judged", True) else "   (shared with other CPUs: not judged)"))
    if report.get("checks"):
        lines += ["", "checks:"] + [f"  {'ok  ' if k['ok'] else 'FAIL'} {k['name']}: {k['detail']}"
                                    for k in report["checks"]]
    if report.get("files"):
        lines += ["", "wrote " + ", ".join(report["files"])]
    return "\n".join(lines)


def plot(report: dict[str, Any], out: Path) -> list[Path]:
    """latency.png (a curve per mode, IQR shaded, sysfs cache sizes dashed, knees marked), bandwidth.png (a
    curve per op) and, with an injection sweep, inject.png (latency against injected bandwidth)."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import FuncFormatter

    from .plots import COLOURS
    out.mkdir(parents=True, exist_ok=True)
    caches = data_caches(report["machine"])
    size_fmt = FuncFormatter(lambda v, _: _size(v).replace(" ", ""))
    files: list[Path] = []

    def axes_bytes(ax: Any, lo: float, hi: float) -> None:
        ax.set_xscale("log", base=2)
        ax.xaxis.set_major_formatter(size_fmt)
        ax.set_xlim(lo / 1.2, hi * 1.2)
        for ch in caches:
            ax.axvline(ch["size"], color="grey", linestyle="--", linewidth=0.8)
            ax.annotate(f"L{ch['level']} {_size(ch['size'])} (sysfs)", (ch["size"], 1),
                        xycoords=("data", "axes fraction"), rotation=90, va="top", ha="right", fontsize=7, color="grey")
        ax.grid(True, which="major", alpha=0.3)

    fig, ax = plt.subplots(figsize=(8, 4.6))
    allx: list[float] = []
    for k, (mode, curve) in enumerate(report["latency"].items()):
        pts = curve["points"]
        if not pts:
            continue
        xs = [p["bytes"] for p in pts]
        allx += xs
        col = MODE_COLOURS.get(mode, COLOURS[k % len(COLOURS)])
        ax.plot(xs, [p["median"] for p in pts], marker=".", color=col, label=MODE_LABELS.get(mode, mode))
        ax.fill_between(xs, [p["p25"] for p in pts], [p["p75"] for p in pts], color=col, alpha=0.2)
        if mode == report["summary"]["primary"]:
            for kn in curve.get("knees", []):
                ax.plot([kn["knee_bytes"]], [_interp(xs, [p["median"] for p in pts], kn["knee_bytes"])],
                        marker="v", color="black", markersize=7)
    ax.set_yscale("log")
    ax.set_xlabel("working set (log2)")
    if allx:
        axes_bytes(ax, min(allx), max(allx))
    ax.set_ylabel("latency per load (ns, median; IQR shaded)")
    ax.set_title("memory latency over working set (dependent loads); ▼ knees of the huge-page curve", fontsize=10)
    ax.legend(fontsize=8, loc="center left")
    fig.tight_layout()
    files.append(out / "latency.png")
    fig.savefig(files[-1], dpi=110)
    plt.close(fig)

    if report["bandwidth"]:
        fig, ax = plt.subplots(figsize=(8, 4.6))
        allx = []
        for k, (op, b) in enumerate(report["bandwidth"].items()):
            pts = b["points"]
            xs = [p["bytes"] for p in pts]
            allx += xs
            col = COLOURS[k % len(COLOURS)]
            ax.plot(xs, [p["median"] for p in pts], marker=".", color=col, label=op)
            ax.fill_between(xs, [p["p25"] for p in pts], [p["p75"] for p in pts], color=col, alpha=0.2)
        axes_bytes(ax, min(allx), max(allx))
        ax.set_xlabel("block size (log2; copy and memcpy: bytes copied)")
        ax.set_ylabel("bandwidth (MB/s, median; IQR shaded)")
        ax.set_ylim(bottom=0)
        ax.set_title("memory bandwidth over block size", fontsize=10)
        ax.legend(fontsize=8)
        fig.tight_layout()
        files.append(out / "bandwidth.png")
        fig.savefig(files[-1], dpi=110)
        plt.close(fig)

    inj = report.get("inject")
    if inj and inj.get("points"):
        fig, ax = plt.subplots(figsize=(6.5, 4.2))
        pts = sorted(inj["points"], key=lambda p: p["load_mbps"])
        xs = [p["load_mbps"] for p in pts]
        ys = [p["median"] for p in pts]
        ax.errorbar(xs, ys, yerr=[[y - p["p25"] for y, p in zip(ys, pts)], [p["p75"] - y for y, p in zip(ys, pts)]],
                    marker="o", color=COLOURS[1], capsize=3)
        ax.set_xlabel(f"injected bandwidth (MB/s, {inj['load_cpus']} load thread(s), {inj['load_op']})")
        ax.set_ylabel("latency per load (ns, median, IQR)")
        ax.set_title(f"loaded latency at {_size(inj['bytes'])} (random chase, huge pages)", fontsize=10)
        ax.grid(True, alpha=0.3)
        fig.tight_layout()
        files.append(out / "inject.png")
        fig.savefig(files[-1], dpi=110)
        plt.close(fig)
    return files


def _interp(xs: Sequence[float], ys: Sequence[float], x: float) -> float:
    """ys at x, interpolated on log2 x (for marking a knee on its curve)."""
    for i in range(1, len(xs)):
        if xs[i] >= x:
            f = (math.log2(x) - math.log2(xs[i - 1])) / (math.log2(xs[i]) - math.log2(xs[i - 1]))
            return ys[i - 1] * (ys[i] / ys[i - 1]) ** max(0.0, min(1.0, f))
    return ys[-1]


# ---------------------------------------------------------------------------------------------------------
# command line


def _positive(text: str) -> int:
    try:
        v = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not an integer") from None
    if v < 1:
        raise argparse.ArgumentTypeError(f"{v} is not at least 1")
    return v


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The options of `hc link host`."""
    p.add_argument("--quick", action="store_true",
                   help=f"{QUICK['reps']} repetitions of {QUICK['rep_us']} us per point instead of 100 of 100, "
                        f"load over {QUICK['load_bytes']}iB: within {QUICK_WALL_S:.0f} s")
    p.add_argument("--out", help="output folder (default build/link): host.json, latency.png, bandwidth.png, "
                                 "inject.png")
    p.add_argument("--runs", type=_positive, default=1,
                   help=f"measure N times and check the plateau levels agree within {100 * STABILITY:.0f} %% "
                        "(make bench: 3)")
    p.add_argument("--from", dest="from_file", metavar="FILE",
                   help="analyse a linkbench JSON (e.g. measured on a target board) instead of measuring")
    p.add_argument("--reps", type=_positive, help="repetitions per point (default 100)")
    p.add_argument("--rep-us", type=_positive, help="time per repetition in microseconds (default 100)")
    p.add_argument("--lat-max", metavar="SIZE", help="largest working set, e.g. 64M (default 512M)")
    p.add_argument("--bw-max", metavar="SIZE", help="largest bandwidth block (default 256M)")
    p.add_argument("--load-bytes", metavar="SIZE", help="memory the load threads stream over (default MemTotal/8)")
    p.add_argument("--inject-size", metavar="SIZE", help="working set of the injection sweep (default 256M)")
    p.add_argument("--seed", type=int, help="permutation seed")
    p.add_argument("--no-stress", action="store_true", help="no second loaded curve under Debian's `stress`")
    p.add_argument("--no-plots", action="store_true", help="JSON and table only")
    p.add_argument("--json", action="store_true", help="print the report as JSON on stdout")


def host(args: argparse.Namespace) -> dict[str, Any]:
    """Measure (or read --from), analyse, check, plot and write; the report."""
    t0 = time.monotonic()
    out = Path(args.out) if args.out else OUT
    if args.from_file:
        try:
            raws = [json.loads(Path(args.from_file).read_text())]
        except (OSError, json.JSONDecodeError) as exc:
            raise RuntimeError(f"--from {args.from_file}: {exc}") from None
    else:
        raws = [measure_all(args, f"run {i + 1} of {args.runs}" if args.runs > 1 else "")
                for i in range(args.runs)]
    runs = [analyse(r) for r in raws]
    report = runs[0]
    report["config"] = dict(report["config"], quick=bool(args.quick), runs=len(runs))
    if len(runs) > 1:
        report["runs"] = [{"levels": r["summary"]["levels"], "knees": r["summary"]["knees"],
                           "plateaus": r["summary"]["plateaus"], "wall_s": r["wall_s"]["linkbench"],
                           "medians": {m: [[p["bytes"], p["median"]] for p in c["points"]]
                                       for m, c in r["latency"].items()}} for r in runs]
        report["stability"] = stability(runs)
    files = [] if args.no_plots else plot(report, out)
    report["wall_s"]["total"] = time.monotonic() - t0
    checks = check(report, quick=args.quick and not args.from_file)
    if "stability" in report:
        st = report["stability"]
        checks.append({"name": f"plateaus over {st['runs']} runs", "ok": st["ok"],
                       "detail": ", ".join(f"{n} {100 * r['spread']:.1f} %" for n, r in st["levels"].items())
                       + ("" if st["same_levels"] else "; the runs found different levels")})
    report["checks"] = checks
    report["failures"] = [f"{k['name']}: {k['detail']}" for k in checks if not k["ok"]]
    out.mkdir(parents=True, exist_ok=True)
    report["files"] = [str(out / "host.json"), *map(str, files)]
    (out / "host.json").write_text(json.dumps(report, indent=1) + "\n")
    return report


def run(args: argparse.Namespace) -> int:
    report = host(args)
    print(json.dumps(report, indent=1) if args.json else render(report))
    return 1 if report["failures"] else 0


def bench(runs: int = 3) -> dict[str, Any]:
    """For `hc bench`: the full measurement `runs` times with the stability check, written to build/link/;
    the report (its "failures" are the failed checks; render(report) is its table)."""
    p = argparse.ArgumentParser()
    add_arguments(p)
    return host(p.parse_args(["--runs", str(runs)]))
