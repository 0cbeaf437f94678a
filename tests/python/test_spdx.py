# SPDX-License-Identifier: Apache-2.0
"""Issue 21: every source file carries an SPDX line (within its first three lines: after a shebang or
FuseSoC's `CAPI=2:`). Sources: what git tracks with a source suffix (SystemVerilog, C, C++, RDL, Verilator
config, Python, YAML, SBY, TOML, requirements) and the Makefiles and scripts."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from hyperconnect import paths

TAG = "SPDX-License-Identifier: Apache-2.0"
SUFFIXES = {".sv", ".svh", ".v", ".c", ".h", ".cpp", ".hpp", ".rdl", ".vlt", ".py", ".yaml", ".yml", ".sby",
            ".toml", ".core", ".sh", ".txt"}
NAMES = {"Makefile", "run", ".gitignore"}


def sources() -> list[str]:
    out = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"], cwd=paths.ROOT,
                         capture_output=True, text=True, check=True).stdout.split()
    return [f for f in out if (paths.ROOT / f).is_file()
            and ((paths.ROOT / f).suffix in SUFFIXES or (paths.ROOT / f).name in NAMES)]


@pytest.mark.skipif(shutil.which("git") is None or not (paths.ROOT / ".git").exists(), reason="not a git checkout")
def test_every_source_file_has_an_spdx_line() -> None:
    files = sources()
    assert len(files) > 200, f"only {len(files)} source files found"
    missing = [f for f in files if TAG not in "\n".join((paths.ROOT / f).read_text(errors="replace").splitlines()[:3])]
    assert not missing, f"{len(missing)} source file(s) without '{TAG}' in their first three lines: {missing[:10]}"
