"""`hc regs`: generate the register block, C header and HTML reference from rdl/hyperconnect.rdl.

Outputs (never committed; regenerated when the RDL is newer):
  build/gen/regs/hc_regs.sv, hc_regs_pkg.sv   peakrdl regblock --cpuif axi4-lite-flat (module hc_regs)
  build/gen/regs/hyperconnect_regs.h          peakrdl c-header
  build/gen/regs/html/index.html              peakrdl html
The block holds n_ports port register sets (default 16, the largest S_COUNT): the RDL instantiates port
i > 0 only where HC_PORT_<i> is defined, and this module defines it for every i < n_ports.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from . import paths

RDL = paths.ROOT / "rdl" / "hyperconnect.rdl"
MAX_PORTS = 16


def out_dir(n_ports: int = MAX_PORTS) -> Path:
    return paths.BUILD / "gen" / ("regs" if n_ports == MAX_PORTS else f"regs_{n_ports}")


def _peakrdl(*args: str) -> None:
    cmd = [str(Path(sys.executable).parent / "peakrdl"), *args]
    result = subprocess.run(cmd, env=paths.tool_env(), capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"peakrdl {args[0]} failed:\n{result.stdout}\n{result.stderr}")


def generate(n_ports: int = MAX_PORTS, force: bool = False) -> dict[str, Path]:
    """Generate (if stale) and return the paths of the SV package, SV block, C header and HTML index."""
    if not 1 <= n_ports <= MAX_PORTS:
        raise ValueError(f"n_ports must be 1..{MAX_PORTS} (got {n_ports})")
    out = out_dir(n_ports)
    files = {"pkg": out / "hc_regs_pkg.sv", "sv": out / "hc_regs.sv", "header": out / "hyperconnect_regs.h",
             "html": out / "html" / "index.html"}
    stale = force or any(not f.exists() or f.stat().st_mtime < RDL.stat().st_mtime for f in files.values())
    if stale:
        out.mkdir(parents=True, exist_ok=True)
        param = [arg for i in range(1, n_ports) for arg in ("-D", f"HC_PORT_{i}")]
        _peakrdl("regblock", str(RDL), "-o", str(out), "--cpuif", "axi4-lite-flat", "--module-name", "hc_regs",
                 "--package-name", "hc_regs_pkg", "--default-reset", "rst_n", "--err-if-bad-addr",
                 "--err-if-bad-rw", *param)
        _peakrdl("c-header", str(RDL), "-o", str(files["header"]), *param)
        _peakrdl("html", str(RDL), "-o", str(out / "html"), *param)
    return files
