# SPDX-License-Identifier: Apache-2.0
"""The C driver (sw/driver) through the simulation backend against the real axi_hyperconnect (4 ports, with
traffic), and its compilation as strict C11 (every source, every backend)."""

from __future__ import annotations

import subprocess

from hyperconnect import paths, regs, sim

DRIVER = paths.ROOT / "sw" / "driver"


def test_driver_compiles_strict_c11(tmp_path) -> None:
    header = regs.generate()["header"]
    for src in sorted(DRIVER.glob("*.c")):
        subprocess.run(["gcc", "-std=c11", "-Wall", "-Wextra", "-Werror", "-pedantic", f"-I{header.parent}",
                        f"-I{DRIVER}", "-c", str(src), "-o", str(tmp_path / (src.stem + ".o"))], check=True)


def test_driver_on_axi_hyperconnect() -> None:
    binary = sim.build_system_harness(paths.ROOT / "tests" / "driver" / "driver_sim_main.cpp",
                                      paths.BUILD / "tests" / "driver", "driver_sim")
    result = subprocess.run([str(binary)], capture_output=True, text=True, timeout=300)
    print(result.stdout)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.strip().splitlines()[-1].endswith(" 0 failed")
