# SPDX-License-Identifier: Apache-2.0
"""Paper 002's software flow co-simulated (issue 19): the plain-C program tests/fastlane_flow/flow.c allocates
a DMA buffer through the driver's simulation backend (hc_dmabuf_alloc_sim: the device's side in the memory
model of bench/rtl/fastlane_flow_top, reached through its DPI backdoor), fills it, syncs, programs the copy
engine (rtl/hc_copy_engine.sv) with bus addresses inside it, waits for its interrupt and checks the result
byte for byte — and that a missing sync in either direction is caught. Also the simulation backend alone,
against a fake memory (tests/fastlane_flow/dmabuf_sim_unit.c). The C files are compiled as strict C11 with
gcc, not as C++ by the Verilator build."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from hyperconnect import fastlane, paths, regs, sim

HERE = Path(__file__).parent
DRIVER = paths.ROOT / "sw" / "driver"
OUT = paths.BUILD / "tests" / "fastlane_flow"
STRICT = ["gcc", "-std=c11", "-Wall", "-Wextra", "-Werror", "-pedantic", "-O2"]


def includes() -> list[Path]:
    """The generated headers (the interconnect's, which hyperconnect.h's users need; the copy engine's), the
    driver and this folder."""
    return [regs.generate()["header"].parent, regs.generate_copy_engine()["header"].parent, DRIVER, HERE]


def compile_c(src: Path, obj: Path, deps: list[Path]) -> Path:
    """Compile `src` to `obj` as strict C11 (again only when `src` or a header in `deps` is newer)."""
    obj.parent.mkdir(parents=True, exist_ok=True)
    if obj.exists() and obj.stat().st_mtime > max(p.stat().st_mtime for p in [src, *deps]):
        return obj
    subprocess.run([*STRICT, *[f"-I{d}" for d in includes()], "-c", str(src), "-o", str(obj)], check=True)
    return obj


def headers() -> list[Path]:
    return [DRIVER / "hc_dmabuf.h", DRIVER / "hyperconnect.h", DRIVER / "hc_backend.h", HERE / "flow.h",
            regs.generate_copy_engine()["header"]]


@pytest.fixture(scope="module")
def harness() -> Path:
    objs = [compile_c(HERE / "flow.c", OUT / "obj" / "flow.o", headers()),
            compile_c(DRIVER / "hc_dmabuf.c", OUT / "obj" / "hc_dmabuf.o", headers())]
    return sim.build_harness("fastlane_flow_top", HERE / "flow_main.cpp", OUT / "sim", exe="flow",
                             sources=fastlane.flow_sources(), extra_cpp=objs,
                             include_dirs=[*includes(), DRIVER / "sim"],
                             deps=[*headers(), *(DRIVER / "sim").glob("*.hpp")])


def run(binary: Path, *args: str) -> list[str]:
    r = subprocess.run([str(binary), *args], capture_output=True, text=True, timeout=120)
    print(r.stdout, r.stderr)
    assert r.returncode == 0, r.stdout + r.stderr
    lines = r.stdout.strip().splitlines()
    assert lines[-1].endswith(" 0 failed") and not any(line.startswith("FAIL") for line in lines)
    return lines


def test_flow_on_the_copy_engine(harness: Path) -> None:
    lines = run(harness)
    text = "\n".join(lines)
    assert sum(line.startswith("ok  : copy ") for line in lines) == 8
    assert "without FROM_DEVICE sync the CPU sees stale data: detected" in text
    assert "without TO_DEVICE sync the accelerator copies stale memory: detected" in text
    assert "protocol checker on the engine's AXI port: 0 errors" in text


def test_flow_at_another_bus_address(harness: Path) -> None:
    """The same program with the buffer elsewhere (an unaligned base: the engine realigns): nothing in it
    depends on where the buffer is but through hc_dmabuf_bus."""
    lines = run(harness, "0x7ff00ffd")
    assert any("bus 0x7ff00ffd" in line for line in lines)


def test_sim_backend_unit(tmp_path: Path) -> None:
    exe = tmp_path / "dmabuf_sim_unit"
    subprocess.run([*STRICT, *[f"-I{d}" for d in includes()], str(DRIVER / "hc_dmabuf.c"),
                    str(HERE / "dmabuf_sim_unit.c"), "-o", str(exe)], check=True)
    r = subprocess.run([str(exe)], capture_output=True, text=True, timeout=60)
    print(r.stdout, r.stderr)
    assert r.returncode == 0 and r.stdout.strip().splitlines()[-1].endswith(" 0 failed"), r.stdout + r.stderr
