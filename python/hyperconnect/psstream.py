"""ps::stream benchmarks (issue 6): the host PS<->PS comparison with boost::lockfree::spsc_queue
(bench/psstream/host_bench.cpp; needs Debian's libboost-dev, which `make bench` installs)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any, Sequence

from . import paths

INCLUDE = paths.ROOT / "sw" / "psstream" / "include"
TARGET_RATIO = 2.0                        # issue 6: ps::stream >= 2x boost's spsc_queue, 8- and 16-byte items


EXAMPLES = paths.ROOT / "sw" / "psstream" / "examples"
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


def host_bench(runs: int = 5, items: int = 20_000_000) -> dict[str, Any]:
    """Run the host benchmark; {"text": its table, "cases": the measured cases}."""
    exe = build_host_bench()
    js = exe.parent / "host_bench.json"
    res = subprocess.run([str(exe), "--runs", str(runs), "--items", str(items), "--json", str(js)],
                         capture_output=True, text=True, check=True, timeout=3600)
    return {"text": res.stdout.rstrip(), "cases": json.loads(js.read_text())}


def check_host(report: dict[str, Any]) -> list[str]:
    return [f"ps::stream {c['item_bytes']} B items, capacity {c['capacity']}: {c['ratio']:.2f}x boost "
            f"(target {TARGET_RATIO}x)"
            for c in report["cases"] if c["case"] == "throughput" and c["ratio"] < TARGET_RATIO]
