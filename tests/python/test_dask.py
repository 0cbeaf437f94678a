# SPDX-License-Identifier: Apache-2.0
"""`hc sweep` on a Dask cluster (issue 21, item 1): a scheduler and two workers started here as separate
processes on 127.0.0.1 run a 6-point sweep through `--scheduler`, and its JSON rows equal those of the
same sweep on the default LocalCluster; a worker killed (SIGKILL, with the simulator it runs) once the
first results are in loses no point — its runs go to the other worker and every row still equals the
local run's. Each point simulates the foundation demo (bench/scenarios/demo_s256.yaml, 8 MB of reads
against 128 KB: a few seconds per point), so the kill lands while both workers are busy.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from hyperconnect import paths

SCENARIO = paths.ROOT / "bench" / "scenarios" / "demo_s256.yaml"
PARAMS = ("--param", "interconnect.equalize=false,true", "--param", "ports[0].traffic.burst_len=16,64,256")
POINTS = 6


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _start(args: list[str], log: Path, env: dict[str, str] | None = None) -> subprocess.Popen:
    """A process in a session of its own (so killing its group also ends the simulator it runs)."""
    return subprocess.Popen([sys.executable, "-m", *args], stdout=log.open("w"), stderr=subprocess.STDOUT,
                            start_new_session=True, env={**os.environ, **(env or {})})


def _stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        with_group = os.getpgid(proc.pid) == proc.pid
        (os.killpg if with_group else os.kill)(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


class Cluster:
    """A `dask scheduler` and `dask worker`s (one process, one thread each, no nanny) on 127.0.0.1. Each
    worker has a build folder of its own (HC_BUILD, empty at the start), as a worker on another machine
    would: it builds the harness it needs itself."""

    def __init__(self, logs: Path, workers: int = 2) -> None:
        self.address = f"tcp://127.0.0.1:{_free_port()}"
        self.logs = logs
        self.scheduler = _start(["distributed.cli.dask_scheduler", "--host", "127.0.0.1", "--port",
                                 self.address.rsplit(":", 1)[1], "--no-dashboard"], logs / "scheduler.log")
        self.workers: list[subprocess.Popen] = []
        self.builds = [logs / f"build_w{k}" for k in range(workers)]
        try:
            for k in range(workers):
                self.workers.append(_start(["distributed.cli.dask_worker", self.address, "--nworkers", "1",
                                            "--nthreads", "1", "--no-nanny", "--no-dashboard", "--host",
                                            "127.0.0.1", "--name", f"w{k}"], logs / f"worker{k}.log",
                                           env={"HC_BUILD": str(self.builds[k])}))
            self.wait_for(workers)
        except BaseException:
            self.close()
            raise

    def wait_for(self, n: int, timeout: float = 60.0) -> None:
        from distributed import Client
        with Client(self.address, timeout=timeout, set_as_default=False) as c:
            c.wait_for_workers(n, timeout=timeout)

    def close(self) -> None:
        for p in [*self.workers, self.scheduler]:
            _stop(p)


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    c = Cluster(tmp_path_factory.mktemp("dask"))
    try:
        yield c
    finally:
        c.close()


def _sweep(*extra: str) -> list[str]:
    return [sys.executable, "-m", "hyperconnect.cli", "sweep", str(SCENARIO), *PARAMS, "--json", *extra]


@pytest.fixture(scope="module")
def local_rows() -> list[dict]:
    """The sweep on the default LocalCluster (the client builds the harness in the checkout's build/)."""
    t0 = time.monotonic()
    out = subprocess.run(_sweep("--jobs", "2"), capture_output=True, text=True, timeout=900)
    assert out.returncode == 0, out.stderr[-3000:]
    rows = json.loads(out.stdout)
    print(f"local sweep: {time.monotonic() - t0:.1f} s")
    assert len(rows) == POINTS
    return rows


def test_sweep_on_a_dask_cluster_equals_the_local_run(cluster: Cluster, local_rows: list[dict]) -> None:
    t0 = time.monotonic()
    out = subprocess.run(_sweep("--scheduler", cluster.address), capture_output=True, text=True, timeout=900)
    assert out.returncode == 0, out.stderr[-3000:]
    print(f"sweep through --scheduler: {time.monotonic() - t0:.1f} s")
    rows = json.loads(out.stdout)              # stdout is the JSON document alone
    assert [r["setting"] for r in rows] == [{"interconnect.equalize": e, "ports[0].traffic.burst_len": b}
                                            for e in (False, True) for b in (16, 64, 256)]
    assert rows == local_rows
    # each worker built the harness once, in its own build folder, under the client's key (a hash of the
    # sources: the same on every machine)
    from hyperconnect import scenario, scenario_sim
    client_dir = scenario_sim.harness(scenario.load(SCENARIO)).parent
    for build in cluster.builds:
        made = [d for d in (build / "sim").glob("p*_w*") if d.is_dir()]     # harness folders (not runs/)
        assert [d.name for d in made] == [client_dir.name], f"{build}: {made}, the client's {client_dir.name}"
        assert (made[0] / "hc_sim").exists() and (made[0] / ".complete").exists()


def test_a_cluster_with_other_sources_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """A worker whose sources or package version differ from the client's is named and refused."""
    from hyperconnect import cluster

    class Workers:
        def run(self, fn):
            return {"tcp://a:1": fn(), "tcp://b:2": "1.0.0 000000000000"}
    with pytest.raises(RuntimeError, match="tcp://b:2 has 1.0.0 000000000000"):
        cluster.check_workers(Workers())
    cluster.check_workers(type("Same", (), {"run": lambda self, fn: {"tcp://a:1": fn()}})())


def test_a_killed_worker_loses_no_point(cluster: Cluster, local_rows: list[dict]) -> None:
    from distributed import Client
    cluster.wait_for(2)
    victim = cluster.workers[0]
    t0 = time.monotonic()
    proc = subprocess.Popen(_sweep("--scheduler", cluster.address), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    killed_at, running = None, []
    try:
        assert proc.stderr is not None
        seen = []
        with Client(cluster.address, set_as_default=False) as watch:
            addr = next(a for a, w in watch.scheduler_info()["workers"].items() if w["name"] == "w0")
            for line in proc.stderr:           # the progress bar: one line per result off a terminal
                seen.append(line)
                if f"1/{POINTS}" in line:
                    running = list(watch.processing([addr])[addr])     # the runs the kill interrupts
                    assert victim.poll() is None, "the worker ended before it was killed"
                    os.killpg(victim.pid, signal.SIGKILL)
                    victim.wait()
                    killed_at = time.monotonic() - t0
                    break
        assert killed_at is not None, "no progress line seen: " + "".join(seen)[-2000:]
        stdout, stderr = proc.communicate(timeout=900)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 0, stderr[-3000:]
    print(f"worker killed after the first result ({killed_at:.1f} s) while running {len(running)} point(s); "
          f"sweep done in {time.monotonic() - t0:.1f} s")
    assert running, "the killed worker was running no point: the kill tested nothing"
    log = (cluster.logs / "scheduler.log").read_text(errors="replace")
    print("".join(line + "\n" for line in log.splitlines() if "w0" in line or "Lost" in line or "lost" in line))
    rows = json.loads(stdout)
    assert len(rows) == POINTS and rows == local_rows
