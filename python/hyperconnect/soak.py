# SPDX-License-Identifier: Apache-2.0
"""`hc soak` / `make soak`: the constrained-random soak of axi_hyperconnect (issue 5), not part of CI.

It runs the cocotb test `test_random_with_runtime_changes` (tests/axi_hyperconnect: 3 ports, every burst
type and length, narrow, unaligned, random strobes, a random AXI ID (of 16) per request, idle cycles and
backpressure on every channel, a memory that reorders across IDs, run-time register changes and decouple/recouple, a scoreboard per port
and an AXI protocol checker on every interface) in parallel shards with different seeds, and adds up
what each shard reports: transactions, data mismatches, requests without exactly one response, protocol
violations. `make test` runs the same test with 5000 transactions.
"""

from __future__ import annotations

import os
import random
import re
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from . import paths, regs, sim, wrapper

S_COUNT = 3          # as tests/axi_hyperconnect
TESTS = paths.ROOT / "tests"
COUNTS = ("transactions", "data_mismatches", "lost_or_duplicated", "protocol_violations", "memory_side_bursts")
_LINE = re.compile(r"SOAK " + r" ".join(rf"{c}=(\d+)" for c in COUNTS))


def testbench(params: dict[str, int] | None = None) -> tuple[Path, list[Path]]:
    """Build folder and sources of the tests/axi_hyperconnect testbench (axi_hyperconnect_wrap with protocol
    checkers on every port); the test and the soak share it, so `make test` leaves it built. `params`
    overrides parameters of the IP (a separate build: e.g. the minimum-latency cut setting)."""
    tag = "".join(f"_{k.lower()}{v}" for k, v in (params or {}).items())
    wrap = wrapper.write_hyperconnect_wrapper(
        paths.BUILD / "tests" / f"gen_hyperconnect{tag}" / "axi_hyperconnect_wrap.sv", S_COUNT, id_width=4,
        checkers=True, params=params)
    return paths.BUILD / "tests" / f"axi_hyperconnect{tag}", regs.sources() + [
        paths.BENCH_RTL / "axi_protocol_checker.sv", wrap]


def _shard(index: int, seed: int, txns: int, stress: int) -> dict[str, Any]:
    build_dir, sources = testbench()
    log = paths.BUILD / "soak" / f"shard{index}.log"
    t0 = time.monotonic()
    ok = True
    with sim.output_to(log):
        try:
            sim.run_cocotb("axi_hyperconnect_wrap", "test_axi_hyperconnect", TESTS / "axi_hyperconnect", sources,
                           build_dir, testcase="test_random_with_runtime_changes",
                           env={"HC_SEED": str(seed), "HC_SOAK_TXNS": str(txns), "HC_STRESS": str(stress)},
                           pythonpath=[TESTS], results_xml=build_dir / f"results_{index}.xml")
        except BaseException:   # a failing cocotb test ends the run with SystemExit: report it, keep the others
            ok = False
    found = _LINE.search(log.read_text(errors="replace"))
    counts = dict(zip(COUNTS, map(int, found.groups()))) if found else {}
    return {"shard": index, "seed": seed, "passed": ok and bool(found), "seconds": round(time.monotonic() - t0, 1),
            "log": str(log), **counts}


def run(total: int = 1_000_000, shards: int | None = None, stress: int = 1, seed: int | None = None) -> dict[str, Any]:
    """Run the soak; the sum over shards and each shard's result."""
    shards = shards or os.cpu_count() or 1
    base = seed or random.SystemRandom().randrange(1, 2**31)
    build_dir, sources = testbench()
    with sim.output_to(paths.BUILD / "soak" / "build.log"):   # build once, before the shards share it
        sim.build_cocotb("axi_hyperconnect_wrap", sources, build_dir)
    per = [total // shards + (i < total % shards) for i in range(shards)]
    print(f"soak: {total} transactions in {shards} shards (seeds {base}..{base + shards - 1}), "
          f"logs in {paths.BUILD / 'soak'}", flush=True)
    t0 = time.monotonic()
    with ProcessPoolExecutor(max_workers=shards) as pool:
        results = list(pool.map(_shard, range(shards), [base + i for i in range(shards)], per, [stress] * shards))
    summary: dict[str, Any] = {c: sum(r.get(c, 0) for r in results) for c in COUNTS}
    summary.update(shards=results, seconds=round(time.monotonic() - t0, 1),
                   passed=all(r["passed"] for r in results) and summary["transactions"] == total and
                   not any(summary[c] for c in COUNTS[1:4]))
    return summary


def render(s: dict[str, Any]) -> str:
    lines = [f"shard {r['shard']} seed {r['seed']}: " + ("pass" if r["passed"] else f"FAIL (see {r['log']})")
             + f", {r.get('transactions', 0)} transactions, {r['seconds']} s" for r in s["shards"]]
    lines.append(f"transactions {s['transactions']}, data mismatches {s['data_mismatches']}, lost or duplicated "
                 f"responses {s['lost_or_duplicated']}, protocol violations {s['protocol_violations']} "
                 f"({s['memory_side_bursts']} bursts at the memory port; {s['seconds']} s)")
    lines.append("soak: PASS" if s["passed"] else "soak: FAIL")
    return "\n".join(lines)
