"""The C driver (sw/driver) through the simulation backend against the generated register block, and
its compilation as strict C11 (every source, every backend)."""

from __future__ import annotations

import subprocess

from hyperconnect import paths, regs, sim

DRIVER = paths.ROOT / "sw" / "driver"


def test_driver_compiles_strict_c11(tmp_path) -> None:
    header = regs.generate()["header"]
    for src in sorted(DRIVER.glob("*.c")):
        subprocess.run(["gcc", "-std=c11", "-Wall", "-Wextra", "-Werror", "-pedantic", f"-I{header.parent}",
                        f"-I{DRIVER}", "-c", str(src), "-o", str(tmp_path / (src.stem + ".o"))], check=True)


def test_driver_on_simulated_registers() -> None:
    files = regs.generate()
    binary = sim.build_harness(
        "hc_regs_tb", paths.ROOT / "tests" / "driver" / "driver_sim_main.cpp", paths.BUILD / "tests" / "driver",
        exe="driver_sim", sources=[files["pkg"], files["sv"], paths.ROOT / "tests" / "hc_regs" / "hc_regs_tb.sv"],
        extra_cpp=[DRIVER / "hyperconnect.c"], include_dirs=[files["header"].parent, DRIVER, DRIVER / "sim"])
    result = subprocess.run([str(binary)], capture_output=True, text=True, timeout=120)
    print(result.stdout)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.strip().splitlines()[-1].endswith(" 0 failed")
