# SPDX-License-Identifier: Apache-2.0
"""Building and running fast Verilator C++ harnesses (not cocotb) for demos and benchmarks."""

from __future__ import annotations

import contextlib
import functools
import fcntl
import hashlib
import os
import shutil
import subprocess
import sys
from typing import Any
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path

from . import paths


class SimError(RuntimeError):
    """A harness failed to build or to run."""


# One C++ file per model: when the model is split, this Verilator's verilated.mk hands its precompiled
# header to the compiler as an input file and large models (the register block) fail to build. Every
# Verilator build here (C++ harnesses and cocotb) uses it.
OUTPUT_SPLIT = ("--output-split", "0")


# written into a harness's build folder when its build has finished: a folder without it (a process killed
# while building) is built again from nothing, never reused
COMPLETE = ".complete"


def _newest_mtime(files: Sequence[Path]) -> float:
    return max(f.stat().st_mtime for f in files)


@functools.lru_cache(maxsize=None)
def toolchain_id() -> str:
    """What builds a harness besides its inputs: `verilator --version` and the C++ compiler's first
    version line, as this process's tool environment finds them ("?" for one that does not answer)."""
    out = []
    for cmd in (["verilator", "--version"], ["c++", "--version"]):
        try:
            r = subprocess.run(cmd, env=paths.tool_env(), capture_output=True, text=True, timeout=60)
            out.append((r.stdout.splitlines() or ["?"])[0].strip())
        except OSError:
            out.append("?")
    return " | ".join(out)


def content_key(files: Sequence[Path], settings: Sequence[str]) -> str:
    """12 hex digits of a SHA-256 over the files (their names below the source tree or the build folder,
    and their contents), the settings (e.g. a command line, with those two folders as placeholders) and
    the toolchain (toolchain_id): equal inputs, equal key, on any machine and wherever the checkout, the
    installed package or the build folder is."""
    h = hashlib.sha256(toolchain_id().encode() + b"\n")
    places = ((str(paths.BUILD), "<build>"), (str(paths.ROOT), "<root>"))   # BUILD may lie inside ROOT
    for s in settings:
        for path, mark in places:
            s = s.replace(path, mark)
        h.update(s.encode() + b"\0")

    def name(f: Path) -> str:
        for base, mark in ((paths.BUILD, "<build>"), (paths.ROOT, "<root>")):
            if f.is_relative_to(base):
                return f"{mark}/{f.relative_to(base)}"
        return f.name
    for label, f in sorted((name(f), f) for f in files):
        h.update(label.encode() + b"\0" + hashlib.sha256(f.read_bytes()).digest())
    return h.hexdigest()[:12]


@contextlib.contextmanager
def build_lock(mdir: Path) -> Iterator[None]:
    """An exclusive lock on a build folder (a lock file beside it) for the block: parallel processes
    (pool or Dask workers on one file system) building the same harness wait for the first one."""
    mdir.parent.mkdir(parents=True, exist_ok=True)
    with open(mdir.parent / f".{mdir.name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield


def build_harness(top: str, cpp: Path, mdir: Path, params: dict[str, int] | None = None,
                  exe: str = "sim", sources: list[Path] | None = None, extra_cpp: list[Path] | None = None,
                  include_dirs: list[Path] | None = None, deps: list[Path] | None = None,
                  defines: dict[str, int] | None = None, trace: bool = False, keyed: bool = False) -> Path:
    """Verilate `top` (by default product + bench RTL) with the C++ harness `cpp` (and `extra_cpp`, e.g.
    C files of the driver) into `mdir`; return the binary. `deps` are further inputs (headers).
    `trace` adds FST tracing (--trace-fst; the harness dumps when built with VM_TRACE_FST): give it its own
    `mdir`, so the untraced builds stay as they are and as fast.

    Rebuilds only when an input is newer than the binary. `keyed`: the build goes to `mdir`_<content_key
    of every input and the command line> instead, built once and then reused as long as it exists (new
    sources or settings, a new folder), whatever the files' times — so a build made on one machine or
    by one worker serves every other with the same sources. Builds hold build_lock(folder); a finished
    build leaves COMPLETE in its folder, and a folder without it is built again from nothing. A failed
    build removes its folder (Verilator can leave an empty generated file behind that breaks the next
    build).
    """
    sources = sources if sources is not None else paths.rtl_sources() + paths.bench_sources()
    extra_cpp = extra_cpp or []
    inputs = sources + [cpp] + extra_cpp + (deps or [])
    cmd = ["verilator", "--cc", "--exe", "--build", "-O3", "-j", "2", "--Mdir", "<mdir>",
           "-Wno-fatal", "-Wno-lint", "-Wno-style", f"-I{paths.RTL}", f"-I{paths.BENCH_RTL}",
           *OUTPUT_SPLIT,
           "--top-module", top, "-o", exe, "-CFLAGS", "-O2"]
    if trace:
        cmd += ["--trace-fst", "--trace-structs"]
    for key, value in (params or {}).items():
        cmd.append(f"-G{key}={value}")
    for inc in include_dirs or []:
        cmd += ["-CFLAGS", f"-I{inc}"]
    for key, value in (defines or {}).items():
        cmd += ["-CFLAGS", f"-D{key}={value}"]
    cmd += [str(s) for s in sources] + [str(cpp)] + [str(c) for c in extra_cpp]
    if keyed:
        mdir = mdir.with_name(f"{mdir.name}_{content_key(inputs, cmd)}")
    cmd[cmd.index("<mdir>")] = str(mdir)
    binary, done = mdir / exe, mdir / COMPLETE
    with build_lock(mdir):
        if done.exists() and binary.exists() and (keyed or binary.stat().st_mtime > _newest_mtime(inputs)):
            return binary
        if not done.exists():                 # a build cut short (a killed worker): start from nothing
            shutil.rmtree(mdir, ignore_errors=True)
        mdir.mkdir(parents=True, exist_ok=True)
        done.unlink(missing_ok=True)
        result = subprocess.run(cmd, env=paths.tool_env(), capture_output=True, text=True)
        if result.returncode != 0 or not binary.exists():
            shutil.rmtree(mdir, ignore_errors=True)
            raise SimError(f"Verilator build of {top} failed:\n{result.stdout[-3000:]}\n{result.stderr[-3000:]}")
        done.write_text(" ".join(cmd) + "\n")
    return binary


SYSTEM_PORTS = 4


def build_system_harness(cpp: Path, mdir: Path, exe: str, ports: int = SYSTEM_PORTS,
                         params: dict[str, int] | None = None, trace: bool = False, keyed: bool = False) -> Path:
    """Build a C++ harness of bench/rtl/hc_system_top (axi_hyperconnect with `ports` traffic generators
    and the memory model; `params` for DATA_WIDTH, LATENCY, REORDER) linked with the C driver and its
    simulation backend; `trace`: the FST-tracing build (see build_harness), which dumps every signal to
    the file named by the environment variable HC_WAVE; `keyed`: in a folder named by the content of its
    inputs (build_harness)."""
    from . import regs
    files = regs.generate()
    driver = paths.ROOT / "sw" / "driver"
    return build_harness("hc_system_top", cpp, mdir, exe=exe, params={"N": ports, **(params or {})},
                         defines={"HC_PORTS": ports, "HC_DATA_WIDTH": (params or {}).get("DATA_WIDTH", 64)},
                         sources=regs.sources() + paths.bench_sources(),
                         extra_cpp=[driver / "hyperconnect.c"],
                         include_dirs=[files["header"].parent, driver, driver / "sim",
                                       paths.ROOT / "bench" / "hyperconnect"],
                         deps=[files["header"], *driver.glob("*.h"), *(driver / "sim").glob("*.hpp"),
                               *(paths.ROOT / "bench" / "hyperconnect").glob("*.hpp")], trace=trace, keyed=keyed)


def stdout_to_stderr(active: bool) -> contextlib.AbstractContextManager[None]:
    """With --json, everything a command's work prints (tool and simulator output included, which writes to
    file descriptor 1 from subprocesses) goes to stderr, so stdout carries only the JSON document."""
    return redirected(2, fds=(1,)) if active else contextlib.nullcontext()


@contextlib.contextmanager
def redirected(target: int, fds: tuple[int, ...] = (1, 2)) -> Iterator[None]:
    """Point file descriptors `fds` at `target` for the block (output of subprocesses, simulators and
    compilers included), then restore them."""
    sys.stdout.flush()
    sys.stderr.flush()
    saved = [os.dup(fd) for fd in fds]
    for fd in fds:
        os.dup2(target, fd)
    try:
        yield
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        for fd, old in zip(fds, saved):
            os.dup2(old, fd)
            os.close(old)


@contextlib.contextmanager
def output_to(log: Path) -> Iterator[None]:
    """Send everything written to file descriptors 1 and 2 to `log`."""
    log.parent.mkdir(parents=True, exist_ok=True)
    with open(log, "w") as f, redirected(f.fileno()):
        yield


def run_json_lines(binary: Path, args: Sequence[str], timeout: float = 600.0,
                   env: Mapping[str, str] | None = None) -> str:
    """Run a harness (`env`: variables added to this process's environment); return its stdout, raising
    SimError with its stderr on a non-zero exit."""
    result = subprocess.run([str(binary), *args], capture_output=True, text=True, timeout=timeout,
                            env={**os.environ, **env} if env else None)
    if result.returncode != 0:
        raise SimError(f"{binary.name} {' '.join(args)} failed ({result.returncode}): {result.stderr.strip()}")
    return result.stdout


def run_cocotb(toplevel: str, test_module: str, test_dir: Path, sources: Sequence[Path], build_dir: Path,
               parameters: Mapping[str, object] | None = None, testcase: str | Sequence[str] | None = None,
               env: Mapping[str, str] | None = None, build_args: Sequence[str] = (),
               pythonpath: Sequence[Path] = (), results_xml: Path | None = None, wave: Path | None = None) -> None:
    """Build `toplevel` with Verilator (cached in build_dir) and run the cocotb tests of `test_module`
    (found in test_dir and `pythonpath`). A failing cocotb test raises SimError (under pytest cocotb's runner
    already fails the caller). `wave`: dump
    every signal to this FST file (the build must be a traced one: build_cocotb(..., trace=True), in its own
    build_dir)."""
    runner = build_cocotb(toplevel, sources, build_dir, parameters, build_args, trace=wave is not None)
    # cocotb's runner sets the simulator's PYTHONPATH from this process's sys.path (it overrides one given
    # in extra_env), so the test folder and `pythonpath` go there
    for p in (str(test_dir), *(str(q) for q in reversed(pythonpath))):
        if p not in sys.path:
            sys.path.insert(0, p)
    if wave is not None:
        wave.parent.mkdir(parents=True, exist_ok=True)
    xml = Path(results_xml or Path(build_dir) / "results.xml")
    runner.test(hdl_toplevel=toplevel, test_module=test_module, build_dir=build_dir, test_dir=test_dir,
                testcase=testcase, extra_env=dict(env or {}), results_xml=str(xml), waves=wave is not None,
                test_args=["--trace-file", str(wave)] if wave is not None else [])
    # outside pytest cocotb's runner only returns: a failed cocotb test must not pass for a good run
    from cocotb_tools.check_results import get_results
    tests, failed = get_results(xml)
    if failed or not tests:
        raise SimError(f"{test_module}: {failed} of {tests} cocotb test(s) failed (results: {xml})")


def build_cocotb(toplevel: str, sources: Sequence[Path], build_dir: Path,
                 parameters: Mapping[str, object] | None = None, build_args: Sequence[str] = (),
                 trace: bool = False) -> Any:
    """The Verilator build of a cocotb testbench (cached in build_dir); returns the cocotb runner. `trace`:
    the FST-tracing build (give it its own build_dir, so untraced builds stay as they are)."""
    from cocotb_tools.runner import get_runner
    paths.apply_tool_env()
    runner = get_runner("verilator")
    traced = ["--trace-fst", "--trace-structs"] if trace else []
    runner.build(sources=[str(s) for s in sources], hdl_toplevel=toplevel, build_dir=build_dir,
                 parameters=dict(parameters or {}), waves=trace,
                 build_args=["-Wno-fatal", "-Wno-lint", "-Wno-style", *OUTPUT_SPLIT, *traced, *build_args],
                 always=False)
    return runner
