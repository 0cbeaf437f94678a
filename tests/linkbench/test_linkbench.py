# SPDX-License-Identifier: Apache-2.0
"""linkbench (sw/linkbench) and `hc link host` (issue 20): the C tool builds warning-free and its JSON has
every mode, op and sweep point; a chase over 16 KiB is faster than one over 64 MiB; the statistics, the
plateau/knee detection and the acceptance checks on known input; bad options fail with a message. Timing is
judged only by wide ratios (the cores are shared with other tests), so a loaded machine does not fail it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from hyperconnect import linkhost

SRC = linkhost.SRC
REPS = 7
TINY = ["--lat-min", "4K", "--lat-max", "64M", "--no-half", "--reps", str(REPS), "--rep-us", "20",
        "--bw-max", "1M", "--load-bytes", "16M", "--inject-delays", "0,5000", "--inject-size", "16M"]


@pytest.fixture(scope="module")
def exe() -> Path:
    return linkhost.build()


@pytest.fixture(scope="module")
def raw(exe: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    out = tmp_path_factory.mktemp("linkbench") / "raw.json"
    subprocess.run([str(exe), *TINY, "--json", str(out)], check=True, timeout=300)
    return json.loads(out.read_text())


def test_compiles_warning_free_at_every_level(tmp_path: Path) -> None:
    """The sources compile under gcc -std=c11 -Wall -Wextra -Werror -pedantic at -O0 and -O3 too (make
    builds at -O2), so no warning hides behind one optimisation level."""
    for opt in ("-O0", "-O3"):
        res = subprocess.run(["gcc", "-std=c11", "-Wall", "-Wextra", "-Werror", "-pedantic", opt, "-pthread",
                              "-o", str(tmp_path / f"lb{opt}"), *(str(SRC / f) for f in ("main.c", "mem.c", "load.c"))],
                             capture_output=True, text=True)
        assert res.returncode == 0, res.stderr


def test_json_structure(raw: dict[str, Any]) -> None:
    sizes = [4096 << k for k in range(15)]                           # 4 KiB .. 64 MiB, doublings
    assert raw["tool"] == "linkbench" and raw["config"]["reps"] == REPS
    m = raw["machine"]
    assert m["line"] in (32, 64, 128, 256) and m["mem_total"] > 0 and m["cpus_online"] >= 1
    assert all({"level", "type", "size"} <= set(c) for c in m["caches"])
    modes = {c["mode"]: c for c in raw["latency"]}
    two_cpus = len(raw["config"]["load_cpus"]) > 0
    assert set(modes) == {"rand4k", "randthp", "stride"} | ({"loaded"} if two_cpus else set())
    for name, c in modes.items():
        if c.get("skipped"):
            continue
        assert [p["bytes"] for p in c["points"]] == sizes, name
        assert all(len(p["ns"]) == REPS and min(p["ns"]) > 0 and p["steps"] >= 16 for p in c["points"]), name
    assert modes["rand4k"]["huge_bytes"] == 0 and modes["rand4k"]["pages"] == "4k"
    thp = Path("/sys/kernel/mm/transparent_hugepage/enabled")
    if thp.exists() and "[never]" not in thp.read_text():
        assert modes["randthp"]["huge_bytes"] > 0, "MADV_HUGEPAGE gave no huge page"
    if two_cpus:
        assert modes["loaded"]["paired_with"] == "randthp"
        assert all(p["load_mbps"] > 0 for p in modes["loaded"]["points"])
        assert [p["delay"] for p in raw["inject"]["points"]] == [-1, 5000, 0]
        assert raw["inject"]["points"][0]["load_mbps"] == 0 and raw["inject"]["points"][2]["load_mbps"] > 0
    ops = {b["op"]: b for b in raw["bandwidth"]}
    assert list(ops) == ["read", "write", "copy", "memcpy"]
    for op, b in ops.items():
        assert [p["bytes"] for p in b["points"]] == [64 << k for k in range(15)], op
        assert all(len(p["mbps"]) == REPS and min(p["mbps"]) > 0 for p in b["points"]), op


def test_chase_16k_faster_than_64m(raw: dict[str, Any]) -> None:
    """L1 against DRAM: tens of times apart on any machine, so a 3x bound survives a busy one."""
    for c in raw["latency"]:
        if c["pattern"] == "random" and c["points"]:
            at = {p["bytes"]: linkhost.stats(p["ns"])["median"] for p in c["points"]}
            assert at[64 << 20] > 3 * at[16 << 10], (c["mode"], at[16 << 10], at[64 << 20])


def test_stride_walks_start_at_one_stride(exe: Path) -> None:
    """A stride walk needs a working set of at least one stride (lat_mem_rd skips smaller ones): the points
    below it are left out, not walked off a chain of no elements."""
    res = subprocess.run([str(exe), "--lat-modes", "stride", "--stride", "4K", "--lat-max", "64K", "--reps", "3",
                          "--bw-ops", "none", "--inject-delays", "none"], capture_output=True, text=True, timeout=60)
    assert res.returncode == 0, res.stderr
    out = json.loads(res.stdout)
    assert [p["bytes"] for p in out["latency"][0]["points"]] == [4096, 6144, 8192, 12288, 16384, 24576, 32768,
                                                                  49152, 65536]
    assert out["bandwidth"] == [] and out["inject"] is None


def test_statistics_on_known_input() -> None:
    assert linkhost.percentile([4, 1, 3, 2], 50) == 2.5
    assert linkhost.percentile([1, 2, 3, 4], 25) == 1.75 and linkhost.percentile([1, 2, 3, 4], 75) == 3.25
    assert linkhost.percentile([7], 90) == 7
    s = linkhost.stats([10, 1, 9, 2, 8, 3, 7, 4, 6, 5, 100])             # 1..10 and one outlier
    assert s == {"n": 11, "median": 6, "p25": 3.5, "p75": 8.5, "iqr": 5.0, "min": 1, "max": 100}
    with pytest.raises(ValueError):
        linkhost.percentile([], 50)
    with pytest.raises(ValueError):
        linkhost.percentile([1.0], 101)


CACHES = [{"level": 1, "type": "Data", "size": 32 << 10}, {"level": 1, "type": "Instruction", "size": 32 << 10},
          {"level": 2, "type": "Unified", "size": 512 << 10}, {"level": 3, "type": "Unified", "size": 8 << 20}]
LEVELS = [(32 << 10, 1.0), (512 << 10, 4.0), (8 << 20, 12.0)]    # capacity, ns; DRAM 100 ns


def synthetic(w: float, dram: float = 100.0) -> float:
    """Latency of a random chase over w bytes through inclusive caches with random replacement: a level of
    capacity C serves min(1, C / w) of the loads that the levels above it miss."""
    y, prev = 0.0, 0.0
    for cap, ns in LEVELS:
        f = min(1.0, cap / w)
        y, prev = y + (f - prev) * ns, f
    return y + (1 - prev) * dram


def sweep(top: int = 512 << 20) -> list[int]:
    out, s = [], 512
    while s <= top:
        out += [s] + ([s * 3 // 2] if s * 3 // 2 <= top else [])
        s *= 2
    return out


def test_knees_of_a_synthetic_curve() -> None:
    sizes = sweep()
    lat = [synthetic(w) for w in sizes]
    got = linkhost.levels(sizes, lat, linkhost.data_caches({"caches": CACHES}))
    assert [p["name"] for p in got["plateaus"]] == ["L1", "L2", "L3", "DRAM"]
    assert [k["sysfs_bytes"] for k in got["knees"]] == [32 << 10, 512 << 10, 8 << 20]
    for k in got["knees"]:                                           # random replacement: about 1.4 C
        assert 1.0 <= k["knee_over_sysfs"] <= 2.0, k
    assert got["plateaus"][0]["level_ns"] == pytest.approx(1.0)
    assert got["plateaus"][-1]["level_ns"] == pytest.approx(100, rel=0.1)


def test_knees_ignore_a_spike_and_a_flat_curve_has_none() -> None:
    sizes = sweep()
    lat = [synthetic(w) for w in sizes]
    lat[sizes.index(256 << 10)] *= 1.45                              # one noisy point inside L2
    got = linkhost.levels(sizes, lat, linkhost.data_caches({"caches": CACHES}))
    assert [p["name"] for p in got["plateaus"]] == ["L1", "L2", "L3", "DRAM"]
    flat = linkhost.levels(sizes[:10], [1.0 + 0.01 * (i % 3) for i in range(10)], CACHES)
    assert len(flat["plateaus"]) == 1 and flat["knees"] == [] and flat["plateaus"][0]["name"] == "L1"
    short = linkhost.levels(sweep(4 << 20), [synthetic(w) for w in sweep(4 << 20)], CACHES[:1] + CACHES[2:])
    assert [p["name"] for p in short["plateaus"]] == ["L1", "L2", "L3"]     # never reaches DRAM: not named so
    with pytest.raises(ValueError):
        linkhost.plateaus([2, 1], [1.0, 1.0])


def fake_raw(loaded_factor: float, dram: float = 100.0) -> dict[str, Any]:
    """A linkbench JSON from the synthetic curve: 5 samples per point spread +-2 %."""
    sizes = sweep(256 << 20)

    def curve(mode: str, f: float, pages: str) -> dict[str, Any]:
        return {"mode": mode, "pattern": "random", "pages": pages, "buffer_bytes": 256 << 20,
                "huge_bytes": (256 << 20) if pages == "thp" else 0,
                "points": [{"bytes": w, "steps": 1000,
                            "ns": [synthetic(w, dram) * f * (1 + d / 100) for d in (-2, -1, 0, 1, 2)]} for w in sizes]}
    return {"machine": {"caches": CACHES, "cpu_model": "synthetic", "cpus_online": 2, "mem_total": 1 << 33,
                        "thp": "[madvise]", "line": 64},
            "config": {"reps": 5, "rep_ns": 100000, "line": 64}, "wall_s": 1.0,
            "latency": [curve("rand4k", 1.1, "4k"), curve("randthp", 1.0, "thp"),
                        dict(curve("loaded", loaded_factor, "thp"), load="threads", load_cpus=1, load_bytes=1 << 28,
                             load_op="rw")],
            "inject": None,
            "bandwidth": [{"op": "read", "points": [{"bytes": 64, "passes": 1, "mbps": [1.0, 2.0, 3.0]}]}]}


def test_acceptance_checks_pass_and_fail() -> None:
    good = linkhost.analyse(fake_raw(1.2))
    assert all(k["ok"] for k in linkhost.check(good)), linkhost.check(good)
    assert good["summary"]["thp_vs_4k"]["ratio_4k_over_thp"] == pytest.approx(1.1)
    assert good["bandwidth"]["read"]["peak"]["mbps"] == 2.0
    bad = {k["name"]: k["ok"] for k in linkhost.check(linkhost.analyse(fake_raw(0.9, dram=15.0)))}
    assert bad["loaded above idle"] is False and bad["DRAM / L1"] is False and bad["L1 knee"] is True
    assert "L1" in linkhost.render(dict(good, checks=linkhost.check(good)))


def test_stability_over_runs() -> None:
    runs = [linkhost.analyse(fake_raw(1.2, dram=d)) for d in (100, 104, 108)]
    st = linkhost.stability(runs)
    assert st["ok"] and st["levels"]["DRAM"]["spread"] == pytest.approx(0.08, abs=0.01)
    st = linkhost.stability([*runs, linkhost.analyse(fake_raw(1.2, dram=115))])
    assert not st["ok"] and st["levels"]["L1"]["spread"] == pytest.approx(0, abs=1e-9)


BAD = [(["--reps", "0"], "--reps"), (["--lat-max", "12Q"], "--lat-max"), (["--bogus"], "--bogus"),
       (["--lat-modes", "rand4k,fast"], "fast"), (["--lat-min", "100"], "--lat-min"),
       (["--bw-min", "8K", "--bw-max", "4K"], "--bw-max"), (["--load", "cpuburn"], "--load"), (["--reps"], "--reps"),
       (["extra"], "extra")]


@pytest.mark.parametrize("bad, says", BAD)
def test_bad_options_fail_with_a_message(exe: Path, bad: list[str], says: str) -> None:
    res = subprocess.run([str(exe), *bad], capture_output=True, text=True, timeout=30)
    assert res.returncode == 2 and res.stdout == "", (res.returncode, res.stdout)
    assert res.stderr.startswith("linkbench: error: ") and says in res.stderr, res.stderr


def hc(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "hyperconnect.cli", "link", "host", *args], capture_output=True,
                          text=True, timeout=300)


def test_hc_link_host_bad_options() -> None:
    res = hc("--reps", "0")
    assert res.returncode == 2 and "--reps" in res.stderr and "not at least 1" in res.stderr, res.stderr
    res = hc("--lat-max", "12Q", "--no-stress", "--no-plots", "--out", "/nonexistent/never")
    assert res.returncode == 2 and "linkbench: error: --lat-max" in res.stderr, res.stderr


def test_hc_link_host_end_to_end(tmp_path: Path) -> None:
    """A tiny run through the command: JSON on stdout, host.json and the three plots written, a summary
    with the plateau levels; the checks are reported (whether they pass depends on this tiny setting)."""
    res = hc("--reps", "5", "--rep-us", "20", "--lat-max", "64M", "--bw-max", "256K", "--load-bytes", "16M",
             "--inject-size", "16M", "--no-stress", "--out", str(tmp_path), "--json")
    assert res.returncode in (0, 1), res.stderr
    rep = json.loads(res.stdout)
    assert json.loads((tmp_path / "host.json").read_text())["summary"] == rep["summary"]
    assert {Path(f).name for f in rep["files"]} == {"host.json", "latency.png", "bandwidth.png", "inject.png"}
    assert all((tmp_path / n).stat().st_size > 10_000 for n in ("latency.png", "bandwidth.png", "inject.png"))
    assert "L1" in rep["summary"]["levels"] and rep["summary"]["levels"]["L1"] < 10
    assert {k["name"] for k in rep["checks"]} >= {"L1 knee", "L2 knee", "DRAM / L1", "THP vs 4K", "loaded above idle"}
    p = rep["latency"]["randthp"]["points"][0]
    assert p["median"] == linkhost.percentile(p["samples"], 50) and p["n"] == 5
    assert rep["wall_s"]["total"] >= rep["wall_s"]["linkbench"] > 0


def test_a_shared_cache_level_is_reported_not_judged() -> None:
    """The last-level cache other CPUs share (sysfs shared_cpu_list "0-1") may vary between runs without
    failing the check; the same spread on a private level fails it."""
    shared = [dict(c, shared_cpu_list="0-1" if c["level"] == 3 else "0") for c in CACHES]
    assert linkhost.shared_levels({"caches": shared}) == {"L3"}
    smt = [dict(c, shared_cpu_list="0-15" if c["level"] == 3 else "0,64") for c in CACHES]   # 2 threads a core
    assert linkhost.shared_levels({"caches": smt}) == {"L3"} and linkhost.cpu_count("0-3,8-11") == 8
    runs = [linkhost.analyse(fake_raw(1.2, dram=100)) for _ in range(3)]
    for r, f in zip(runs, (1.0, 1.15, 1.3)):
        r["machine"] = dict(r["machine"], caches=shared)
        r["summary"]["levels"]["L3"] *= f
    st = linkhost.stability(runs)
    assert st["ok"] and not st["levels"]["L3"]["judged"] and st["levels"]["L3"]["spread"] > 0.25
    for r in runs:
        r["machine"] = dict(r["machine"], caches=CACHES)
    assert not linkhost.stability(runs)["ok"]
