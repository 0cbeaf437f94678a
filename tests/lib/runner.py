"""Build-and-run helper so each test folder's pytest entry point is a few lines."""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path

from cocotb_tools.runner import get_runner
from hyperconnect import paths

TESTS = Path(__file__).resolve().parents[1]


def run_cocotb(toplevel: str, test_module: str, test_dir: Path, sources: Sequence[Path],
               parameters: Mapping[str, object] | None = None, build_name: str = "sim_build",
               testcase: str | Sequence[str] | None = None, env: Mapping[str, str] | None = None,
               build_args: Sequence[str] = ()) -> None:
    """Build `toplevel` with Verilator (cached per build_name) and run cocotb tests from `test_module`."""
    paths.apply_tool_env()
    build_dir = paths.BUILD / "tests" / build_name
    runner = get_runner("verilator")
    runner.build(sources=[str(s) for s in sources], hdl_toplevel=toplevel, build_dir=build_dir,
                 parameters=dict(parameters or {}),
                 build_args=["-Wno-fatal", "-Wno-lint", "-Wno-style", *build_args],
                 always=False)
    extra_env = {"PYTHONPATH": os.pathsep.join([str(TESTS), str(test_dir), os.environ.get("PYTHONPATH", "")])}
    extra_env.update(env or {})
    runner.test(hdl_toplevel=toplevel, test_module=test_module, build_dir=build_dir, test_dir=test_dir,
                testcase=testcase, extra_env=extra_env)
