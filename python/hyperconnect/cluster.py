# SPDX-License-Identifier: Apache-2.0
"""The fan-out of `hc sweep`, `hc reproduce` and `hc soak`: their simulations go to Dask distributed.

By default an in-process `LocalCluster` with one worker process per core (one thread each, no dashboard,
its logs silenced), so a fresh machine needs nothing else; with `scheduler` ("tcp://HOST:PORT", the
`--scheduler` option) an existing cluster (`dask scheduler`, `dask worker` on the machines; each worker
needs this package: a checkout's editable install or the wheel, which carries the sources; a cluster
whose workers have other sources or another version than the client is refused, check_workers). `fan_out()` submits a top-level function over
items and returns the results in input order; a task whose worker fails or is lost is run again by
Dask (a lost worker's tasks are rescheduled; a task that raises is retried `retries` times). Progress goes
to stderr (tqdm). A task starts its own harness (`scenario_sim.harness`, cached by a hash of its sources
and locked while it builds), so a worker on another file system builds what it needs once; with the
local cluster the client builds first and the workers find the builds ready.

Worker processes are started inside the caller's output redirection (`sim.stdout_to_stderr` under
`--json`), so whatever they print goes where the caller's output goes, never into the JSON on stdout.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import logging
import os
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from distributed import Client

T = TypeVar("T")
# Dask settings of the local cluster: no statistical profiler in the workers (it samples every 10 ms), the
# system monitor at 5 s instead of 0.5 s
QUIET = {"distributed.worker.profile.enabled": False, "distributed.admin.system-monitor.interval": "5s"}
RETRIES = 2          # runs of a task that raised, after the first (a lost worker's task is rescheduled anyway)


def _quiet() -> None:
    """Dask's own logging at ERROR: no start-up banner or worker chatter on stderr."""
    for name in ("distributed", "dask", "tornado"):
        logging.getLogger(name).setLevel(logging.ERROR)


@contextlib.contextmanager
def client(scheduler: str | None = None, workers: int | None = None) -> Iterator[Client]:
    """A Dask client for the block: of the cluster at `scheduler` ("tcp://HOST:PORT"), else of a new
    LocalCluster with `workers` processes (default one per core), closed at the end."""
    from distributed import Client, LocalCluster
    _quiet()
    if scheduler:
        with Client(scheduler, set_as_default=False) as c:
            check_workers(c)
            yield c
        return
    import dask
    n = max(1, workers or os.cpu_count() or 1)
    # worker processes with one thread each: a cocotb run is Python and owns its process's stdout. The
    # workers' own housekeeping stays off the cores the simulations use (QUIET; no memory limit, so no
    # memory monitor): on 2 cores it cost `hc reproduce` 3 %.
    with dask.config.set(QUIET), \
            LocalCluster(n_workers=n, threads_per_worker=1, processes=True, dashboard_address=None,
                         silence_logs=logging.ERROR, scheduler_port=0, memory_limit=0) as cluster, \
            Client(cluster, set_as_default=False) as c:
        yield c


@functools.lru_cache(maxsize=None)
def source_id() -> str:
    """This process's package version and a hash of everything a simulation's result depends on: the
    source tree hc reads (rtl/, bench/, rdl/, sw/, the core) and the package's own modules."""
    from . import __version__, paths
    package = Path(__file__).resolve().parent
    files = [f for d in ("rtl", "bench", "rdl", "sw") for f in (paths.ROOT / d).rglob("*") if f.is_file()
             and "__pycache__" not in f.parts]
    h = hashlib.sha256()
    for label, f in sorted([(f"src/{f.relative_to(paths.ROOT)}", f) for f in files]
                           + [("src/hyperconnect.core", paths.ROOT / "hyperconnect.core")]
                           + [(f"py/{f.relative_to(package)}", f) for f in package.rglob("*.py")]):
        h.update(label.encode() + b"\0" + hashlib.sha256(f.read_bytes()).digest())
    return f"{__version__} {h.hexdigest()[:12]}"


def check_workers(c: Client) -> None:
    """Refuse a cluster whose workers run other sources or another version of the package than this
    client (they would simulate other RTL, and the results would not be this checkout's)."""
    mine = source_id()
    theirs = c.run(source_id)
    other = {w: v for w, v in theirs.items() if v != mine}
    if other:
        raise RuntimeError(f"Dask workers with other HyperConnect sources than this client ({mine}): "
                           + ", ".join(f"{w} has {v}" for w, v in sorted(other.items())))


def is_local(scheduler: str | None) -> bool:
    """True for the default LocalCluster: its workers share this process's file system."""
    return not scheduler


def fan_out(fn: Callable[..., T], *iterables: Iterable[Any], scheduler: str | None = None,
            workers: int | None = None, label: str = "sim", retries: int = RETRIES,
            dask_client: Client | None = None) -> list[T]:
    """fn(*args) for each tuple of `iterables` (as the builtin map does), on the cluster (see client(); on
    `dask_client`'s when given, else one opened for the call with at most `workers` local workers); the
    results in input order, a progress bar (`label`) on stderr while they come in. `fn` must be a module's top-level function (the workers import it). A
    task that raises on every try raises here."""
    from distributed import as_completed
    args: list[Sequence[Any]] = [list(a) for a in iterables]
    total = len(args[0]) if args else 0
    if total == 0:
        return []
    with contextlib.ExitStack() as stack:
        c = dask_client or stack.enter_context(client(scheduler, min(total, workers or os.cpu_count() or 1)))
        futures = c.map(fn, *args, retries=retries, pure=False)
        index = {f.key: k for k, f in enumerate(futures)}
        results: list[Any] = [None] * total
        with _bar(total, label) as bar:
            for fut in as_completed(futures, loop=c.loop):
                k = index[fut.key]
                results[k] = fut.result()
                bar.update(1)
        return results


@contextlib.contextmanager
def _bar(total: int, label: str) -> Iterator[Any]:
    """tqdm on stderr: redrawn in place on a terminal, a line every 10 % or so otherwise (logs)."""
    from tqdm import tqdm
    tty = sys.stderr.isatty()
    with tqdm(total=total, desc=label, file=sys.stderr, unit="run", dynamic_ncols=tty, ascii=not tty,
              mininterval=0.5 if tty else 0, miniters=1 if tty else max(1, total // 10), leave=True,
              bar_format=None if tty else "{desc}: {n_fmt}/{total_fmt} {elapsed}\n") as bar:
        yield bar
