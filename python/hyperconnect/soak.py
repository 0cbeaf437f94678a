# SPDX-License-Identifier: Apache-2.0
"""`hc soak` / `make soak`: the constrained-random soak of axi_hyperconnect (issue 5), not part of CI.

It runs the cocotb test `test_random_with_runtime_changes` (hyperconnect.tb.hyperconnect_tb, which
tests/axi_hyperconnect also runs: 3 ports, every burst type and length, narrow, unaligned, random strobes, a
random AXI ID (of 16) per request, idle cycles and backpressure on every channel, a memory that reorders
across IDs, run-time register changes and decouple/recouple, a scoreboard per port and an AXI protocol
checker on every interface) in parallel shards with different seeds, and adds up what each shard reports:
transactions, data mismatches, requests without exactly one response, protocol
violations. The shards are Dask tasks (hyperconnect.cluster): a LocalCluster of one worker process per
shard, or an existing cluster (`--scheduler tcp://HOST:PORT`); a lost worker's shard runs again
elsewhere. `make test` runs the same test with 5000 transactions.
"""

from __future__ import annotations

import os
import random
import re
import time
from pathlib import Path
from typing import Any

from . import paths, regs, sim, wrapper

S_COUNT = 3          # as the testbench (hyperconnect.tb.hyperconnect_tb)
TB_MODULE = "hyperconnect.tb.hyperconnect_tb"
COUNTS = ("transactions", "data_mismatches", "lost_or_duplicated", "protocol_violations", "memory_side_bursts")
_LINE = re.compile(r"SOAK " + r" ".join(rf"{c}=(\d+)" for c in COUNTS))


def testbench(params: dict[str, int] | None = None) -> tuple[Path, list[Path]]:
    """Build folder and sources of axi_hyperconnect's testbench (axi_hyperconnect_wrap with protocol
    checkers on every port); the test and the soak share it, so `make test` leaves it built. `params`
    overrides parameters of the IP (a separate build: e.g. the minimum-latency cut setting)."""
    tag = "".join(f"_{k.lower()}{v}" for k, v in (params or {}).items())
    wrap = wrapper.write_hyperconnect_wrapper(
        paths.BUILD / "tb" / f"gen_hyperconnect{tag}" / "axi_hyperconnect_wrap.sv", S_COUNT, id_width=4,
        checkers=True, params=params)
    return paths.BUILD / "tb" / f"axi_hyperconnect{tag}", regs.sources() + [
        paths.BENCH_RTL / "axi_protocol_checker.sv", wrap]


WAVE_MARGIN = 1000   # cycles a traced re-run goes on past the first problem (`hc soak --wave`)
_FIRST = re.compile(r"SOAK first failure at (\d+) ns: (.*)")


def _shard(index: int, seed: int, txns: int, stress: int, corrupt_read: int = 0,
           wave: Path | None = None) -> dict[str, Any]:
    """One shard: the random test at `seed` with `txns` transactions. `corrupt_read`: the seeded fault
    (HC_SOAK_CORRUPT). `wave`: the traced re-run of a failing shard — the FST-tracing build, the run
    stopped WAVE_MARGIN cycles after the first problem, every signal in the FST file `wave`."""
    build_dir, sources = _build_dir(trace=wave is not None)
    log = paths.BUILD / "soak" / (f"shard{index}.log" if wave is None else f"shard{index}_wave.log")
    env = {"HC_SEED": str(seed), "HC_SOAK_TXNS": str(txns), "HC_STRESS": str(stress)}
    if corrupt_read:
        env["HC_SOAK_CORRUPT"] = str(corrupt_read)
    if wave is not None:
        env["HC_STOP_AFTER_FAILURE"] = str(WAVE_MARGIN)
    t0 = time.monotonic()
    ok = True
    with sim.output_to(log):
        try:
            sim.run_cocotb("axi_hyperconnect_wrap", TB_MODULE, build_dir, sources, build_dir,
                           testcase="test_random_with_runtime_changes", env=env,
                           results_xml=build_dir / f"results_{index}.xml", wave=wave)
        except BaseException:   # a failing cocotb test ends the run with SystemExit: report it, keep the others
            ok = False
    text = log.read_text(errors="replace")
    found = _LINE.search(text)
    counts = dict(zip(COUNTS, map(int, found.groups()))) if found else {}
    result = {"shard": index, "seed": seed, "passed": ok and bool(found), "seconds": round(time.monotonic() - t0, 1),
              "log": str(log), **counts}
    first = _FIRST.search(text)
    if first:
        result.update(first_failure_ns=int(first.group(1)), first_failure=first.group(2).strip())
    return result


def rerun_traced(shard: dict[str, Any], txns: int, stress: int, corrupt_read: int, folder: Path) -> dict[str, Any]:
    """Run a failing shard again, here, with the same seed and length, traced: the FST (every signal from
    reset until WAVE_MARGIN cycles after the first problem) goes to `folder`/shard<i>_seed<s>.fst; returns
    what the re-run found (first_failure_ns, first_failure, wave)."""
    _build(trace=True)
    wave = folder.resolve() / f"shard{shard['shard']}_seed{shard['seed']}.fst"
    again = _shard(shard["shard"], shard["seed"], txns, stress, corrupt_read, wave=wave)
    return {"wave": str(wave) if wave.exists() else None, "wave_log": again["log"],
            "first_failure_ns": again.get("first_failure_ns"), "first_failure": again.get("first_failure")}


def _build_dir(trace: bool = False) -> tuple[Path, list[Path]]:
    """testbench()'s build folder and sources; `trace`: the FST-tracing build's folder (<folder>_fst)."""
    build_dir, sources = testbench()
    return (build_dir.with_name(build_dir.name + "_fst") if trace else build_dir), sources


def _build(trace: bool = False) -> None:
    """Build the testbench (cocotb's cache in its build folder; `trace`: the FST-tracing one) under a lock,
    so shards on one file system wait for one build; the log goes to build/soak/build[_fst].log."""
    build_dir, sources = _build_dir(trace)
    with sim.build_lock(build_dir), sim.output_to(paths.BUILD / "soak" / f"build{'_fst' if trace else ''}.log"):
        sim.build_cocotb("axi_hyperconnect_wrap", sources, build_dir, trace=trace)


def _task(index: int, seed: int, txns: int, stress: int, corrupt_read: int) -> dict[str, Any]:
    """One shard as a Dask task: the testbench built first where the worker runs (a no-op when it is)."""
    _build()
    return _shard(index, seed, txns, stress, corrupt_read)


def run(total: int = 1_000_000, shards: int | None = None, stress: int = 1, seed: int | None = None,
        scheduler: str | None = None, corrupt_read: int = 0, wave: Path | None = None) -> dict[str, Any]:
    """Run the soak; the sum over shards and each shard's result. The shards are Dask tasks
    (hyperconnect.cluster): on a LocalCluster of `shards` workers (the testbench built here first), or on
    the cluster at `scheduler` (each worker builds the testbench once on its file system; the shards' logs
    are in the build/soak/ of the worker that ran them). `corrupt_read`: a seeded fault in every shard (read
    data corrupted at the memory from that burst on; the soak must fail). `wave`: a folder; every failing
    shard is run again here, traced (rerun_traced), and its result names the FST and the first failure."""
    from . import cluster
    shards = shards or os.cpu_count() or 1
    base = seed or random.SystemRandom().randrange(1, 2**31)
    if cluster.is_local(scheduler):
        _build()                                       # build once, before the shards share it
    per = [total // shards + (i < total % shards) for i in range(shards)]
    print(f"soak: {total} transactions in {shards} shards (seeds {base}..{base + shards - 1}), "
          f"logs in {paths.BUILD / 'soak'}", flush=True)
    t0 = time.monotonic()
    results = cluster.fan_out(_task, range(shards), [base + i for i in range(shards)], per, [stress] * shards,
                              [corrupt_read] * shards, scheduler=scheduler, workers=shards, label="soak")
    for r in results:
        if wave is not None and not r["passed"]:
            print(f"soak: shard {r['shard']} failed; running it again traced into {wave}", flush=True)
            r.update({k: v for k, v in rerun_traced(r, per[r["shard"]], stress, corrupt_read, wave).items()
                      if v is not None})
    summary: dict[str, Any] = {c: sum(r.get(c, 0) for r in results) for c in COUNTS}
    summary.update(shards=results, seconds=round(time.monotonic() - t0, 1),
                   passed=all(r["passed"] for r in results) and summary["transactions"] == total and
                   not any(summary[c] for c in COUNTS[1:4]))
    return summary


def render(s: dict[str, Any]) -> str:
    lines = []
    for r in s["shards"]:
        lines.append(f"shard {r['shard']} seed {r['seed']}: " + ("pass" if r["passed"] else f"FAIL (see {r['log']})")
                     + f", {r.get('transactions', 0)} transactions, {r['seconds']} s")
        if r.get("first_failure_ns") is not None:
            lines.append(f"  first failure at {r['first_failure_ns']} ns: {r['first_failure']}")
        if r.get("wave"):
            lines.append(f"  waveform (reset .. {WAVE_MARGIN} cycles past the failure): {r['wave']}")
    lines.append(f"transactions {s['transactions']}, data mismatches {s['data_mismatches']}, lost or duplicated "
                 f"responses {s['lost_or_duplicated']}, protocol violations {s['protocol_violations']} "
                 f"({s['memory_side_bursts']} bursts at the memory port; {s['seconds']} s)")
    lines.append("soak: PASS" if s["passed"] else "soak: FAIL")
    return "\n".join(lines)
