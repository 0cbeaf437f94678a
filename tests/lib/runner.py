# SPDX-License-Identifier: Apache-2.0
"""Build-and-run helper so each test folder's pytest entry point is a few lines."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from hyperconnect import paths, sim

TESTS = Path(__file__).resolve().parents[1]


def run_cocotb(toplevel: str, test_module: str, test_dir: Path, sources: Sequence[Path],
               parameters: Mapping[str, object] | None = None, build_name: str = "sim_build",
               testcase: str | Sequence[str] | None = None, env: Mapping[str, str] | None = None,
               build_args: Sequence[str] = ()) -> None:
    """hyperconnect.sim.run_cocotb with the tests' build folder (build/tests/<build_name>) and tests/
    on the path (for `lib`)."""
    sim.run_cocotb(toplevel, test_module, test_dir, sources, paths.BUILD / "tests" / build_name, parameters,
                   testcase, env, build_args, pythonpath=[TESTS])
