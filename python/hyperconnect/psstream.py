# SPDX-License-Identifier: Apache-2.0
"""ps::stream benchmarks (issue 6; near/far machine states since issue 16): the host PS<->PS comparison
with boost::lockfree::spsc_queue (bench/psstream/host_bench.cpp; needs Debian's libboost-dev, which
`make bench` installs), and the bridge in co-simulation."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path
from typing import Any, Sequence

from . import paths

INCLUDE = paths.ROOT / "sw" / "psstream" / "include"
TARGET_RATIO = 2.0                        # issue 6: ps::stream >= 2x boost's spsc_queue, 8- and 16-byte items
# Issue 16: the ratio depends on the machine's state, so it is reported per state and per round; at 8-byte
# items the median sits at 1.8-2.1x near on this kind of VM (issue 16 measured ~2x), so `make bench` fails
# only on a regression below this, and prints how often the 2x target is met.
REGRESSION_RATIO = 1.5
TARGET_BRIDGE = 0.80                      # issue 6: the bridge >= 80 % of the port's peak, each direction


EXAMPLES = paths.ROOT / "sw" / "psstream" / "examples"
HLS_STUB = paths.ROOT / "bench" / "psstream" / "hls_stub"      # stand-ins for Vitis's hls_stream.h, ap_int.h, ...
CXX = ["g++", "-std=c++17", "-O2", "-Wall", "-Wextra", "-Werror", "-pedantic", "-pthread"]


def compile_cpp(src: Path, out: Path, extra: Sequence[str] = (), includes: Sequence[Path] = ()) -> Path:
    """Compile a program against the library (strict warnings) unless `out` is newer than it, the library and
    the headers beside it; returns `out`."""
    dirs = [*includes, INCLUDE, EXAMPLES]
    deps = [src, *src.parent.glob("*.h*"), *(p for d in dirs for p in d.rglob("*.h*"))]
    if not out.exists() or any(d.stat().st_mtime > out.stat().st_mtime for d in deps):
        out.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run([*CXX, *extra, *(f"-I{d}" for d in dirs), str(src), "-o", str(out), "-lrt"], check=True)
    return out


def build_host_bench() -> Path:
    return compile_cpp(paths.ROOT / "bench" / "psstream" / "host_bench.cpp",
                       paths.BUILD / "bench" / "psstream" / "host_bench")


def host_bench(rounds: int = 60, items: int = 5_000_000) -> dict[str, Any]:
    """Run the host benchmark; {"text": its tables, "cases": the measured cases, one per case and machine
    state (near/far), plus the cache-line round trips and the dropped rounds}."""
    exe = build_host_bench()
    js = exe.parent / "host_bench.json"
    res = subprocess.run([str(exe), "--rounds", str(rounds), "--items", str(items), "--json", str(js)],
                         capture_output=True, text=True, check=True, timeout=3600)
    cases = json.loads(js.read_text())
    judged = [c for c in cases if c["case"] == "throughput" and c["rounds"] >= MIN_ROUNDS]
    met = sum(c["ratio"] >= TARGET_RATIO for c in judged)
    text = res.stdout.rstrip() + (f"\nissue 6 target (ps::stream >= {TARGET_RATIO}x boost, median of the rounds): met "
                                  f"in {met} of {len(judged)} case/state(s) with >= {MIN_ROUNDS} rounds")
    return {"text": text, "cases": cases}


MIN_ROUNDS = 5                            # a state seen in fewer rounds is reported, not judged


def check_host(report: dict[str, Any]) -> list[str]:
    """A regression: a machine state's median of the per-round ratios below REGRESSION_RATIO."""
    return [f"ps::stream {c['item_bytes']} B items, capacity {c['capacity']}, {c['state']}: {c['ratio']:.2f}x "
            f"boost (median of {c['rounds']} rounds; a regression below {REGRESSION_RATIO}x)"
            for c in report["cases"]
            if c["case"] == "throughput" and c["rounds"] >= MIN_ROUNDS and c["ratio"] < REGRESSION_RATIO]


def build_cosim(n: int, **params: int) -> Path:
    """The co-simulation harness (bench/psstream/cosim_main.cpp) around ps_stream_cosim_top with n streams
    each way (`params`: MAX_OUT, MAX_BURST, BUF_DEPTH of the bridge, ELEM: element bytes, 4 or 16)."""
    from . import regs, sim
    bench = paths.ROOT / "bench" / "psstream"
    driver = paths.ROOT / "sw" / "driver"
    return sim.build_harness("ps_stream_cosim_top", bench / "cosim_main.cpp", paths.BUILD / "psstream" / "_".join(
                                 ["cosim", str(n), *(f"{k}{v}" for k, v in sorted(params.items()))]),
                             params={"N": n, **params}, exe="cosim",
                             sources=regs.bridge_sources() + [bench / "ps_stream_cosim_top.sv"],
                             include_dirs=[INCLUDE, driver, driver / "sim", HLS_STUB],
                             defines={"COSIM_N": n, "COSIM_ELEM": params.get("ELEM", 16)},
                             deps=[*INCLUDE.rglob("*.hpp"), *HLS_STUB.glob("*.h"),
                                   driver / "sim" / "hc_backend_verilator.hpp"])


def run_cosim(n: int, *args: str, timeout: float = 600, **params: int) -> str:
    """Run the co-simulation with n streams each way; its output (raises if it fails)."""
    res = subprocess.run([str(build_cosim(n, **params)), *args], capture_output=True, text=True, timeout=timeout)
    if res.returncode != 0:
        raise RuntimeError(f"co-simulation ({n} streams, {' '.join(args)}) failed:\n{res.stdout}\n{res.stderr}")
    return res.stdout.strip()


def bridge_bench(capacity: int = 4096, latency: int = 30, elements: int = 40000) -> dict[str, Any]:
    """Issue 6 benchmark (b): bridge bytes per cycle, 1 and 4 streams each way, the software kept ahead."""
    out: dict[str, Any] = {"text": [], "cases": []}
    for n in (1, 4):
        lines = run_cosim(n, "--bench", "--elements", str(elements), "--capacity", str(capacity), "--latency",
                         str(latency)).splitlines()
        bench_line = next(line for line in lines if line.startswith("cosim bench:"))
        out["text"].append(bench_line)
        m = re.search(r"PS->PL ([\d.]+) B/cycle .*PL->PS ([\d.]+) B/cycle", bench_line)
        assert m, bench_line
        out["cases"].append({"streams": n, "to_pl_bpc": float(m.group(1)), "from_pl_bpc": float(m.group(2)),
                             "peak_bpc": 16, "capacity": capacity, "latency": latency})
    return out


def check_bridge(report: dict[str, Any]) -> list[str]:
    return [f"bridge, {c['streams']} stream(s) each way: {d} {c[key]:.2f} B/cycle < "
            f"{TARGET_BRIDGE:.0%} of {c['peak_bpc']}"
            for c in report["cases"] for d, key in (("PS->PL", "to_pl_bpc"), ("PL->PS", "from_pl_bpc"))
            if c[key] < TARGET_BRIDGE * c["peak_bpc"]]
