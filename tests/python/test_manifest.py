# SPDX-License-Identifier: Apache-2.0
"""hyperconnect.core is the one source list: it names every .sv file of rtl/ and bench/rtl/ exactly once
(a new file left out of it fails here), its register filesets are the committed generated copies, the
formal jobs take their sources from it, and FuseSoC's lint targets (Verilator -Wall) pass on it as an
integrator would run them."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from hyperconnect import manifest, paths, regs

PRODUCT = ("regs", "rtl", "stream_regs", "stream", "copy_regs", "copy", "frontends", "link_probe_regs", "link_probe")


def test_every_source_listed_once() -> None:
    listed = manifest.files(*PRODUCT) + manifest.files("bench")
    on_disk = sorted([*paths.RTL.rglob("*.sv"), *paths.BENCH_RTL.glob("*.sv")])
    assert sorted(listed) == on_disk
    assert all(p.is_file() for p in listed)
    # within a fileset no file twice (hc_fifo is shared by rtl, stream and copy on purpose)
    for name in manifest.fileset_names():
        entries = manifest._core()["filesets"][name]["files"]
        assert len(entries) == len({str(e) for e in entries}), name


def test_formal_jobs_read_the_manifest() -> None:
    """No .sby file lists sources by hand: each read_slang line reads {sources} and [files] is {files}, and
    the expanded job names every source of filesets regs and rtl."""
    from formal import sby as formal
    for sby in sorted(formal.JOBS.glob("*.sby")):
        text = sby.read_text()
        reads = [line for line in text.splitlines() if "read_slang" in line and not line.startswith("#")]
        assert reads and all("{sources}" in line for line in reads), sby.name
        assert ".sv" not in text.split("[files]", 1)[1], f"{sby.name}: a hand-written source in [files]"
        expanded = formal.expand(sby.stem, paths.BUILD / "formal" / "check" / sby.name).read_text()
        assert all(f.name in expanded for f in manifest.files("regs", "rtl")), sby.name


def test_register_filesets_are_the_committed_copies() -> None:
    copies = {paths.RTL / c for c in regs.RTL_COPIES}
    assert set(manifest.files("regs", "stream_regs", "copy_regs", "link_probe_regs")) == copies


def test_packages_come_first() -> None:
    for name in PRODUCT + ("bench",):
        files = manifest.files(name)
        pkgs = [i for i, p in enumerate(files) if p.stem.endswith("_pkg")]
        others = [i for i, p in enumerate(files) if not p.stem.endswith("_pkg")]
        assert not pkgs or not others or max(pkgs) < min(others), name


@pytest.mark.parametrize("target", ["lint", "lint_stream", "lint_copy", "lint_frontends", "lint_link_probe"])
def test_fusesoc_lint(target: str, tmp_path: Path) -> None:
    fusesoc = Path(sys.executable).parent / "fusesoc"
    assert fusesoc.exists() or shutil.which("fusesoc"), "fusesoc (requirements.txt) is not installed"
    env = paths.tool_env()
    env.pop("VERILATOR_ROOT", None)
    res = subprocess.run([str(fusesoc) if fusesoc.exists() else "fusesoc", "--cores-root", str(paths.ROOT), "run",
                          "--build-root", str(tmp_path), "--target", target, "hyperconnect"],
                         cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600)
    assert res.returncode == 0, res.stdout[-3000:] + res.stderr[-3000:]
    assert os.listdir(tmp_path)
