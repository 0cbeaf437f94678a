# SPDX-License-Identifier: Apache-2.0
"""DMA buffers in the C driver (sw/driver/hc_dmabuf.c, issue 19): the u-dma-buf backend against a fake sysfs
tree and device file built here (the buffer mapped, its bus address read, the cache-maintenance files
written), and the huge-page backend on this machine — its chunks physically contiguous and every 4 KB
page's bus address equal to /proc/self/pagemap's (skipped, with the kernel's reason, where it refuses)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from hyperconnect import paths, regs

DRIVER = paths.ROOT / "sw" / "driver"


@pytest.fixture(scope="module")
def program(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("dmabuf") / "dmabuf_main"
    subprocess.run(["gcc", "-std=c11", "-Wall", "-Wextra", "-Werror", "-pedantic",
                    f"-I{regs.generate()['header'].parent}", f"-I{DRIVER}", str(DRIVER / "hc_dmabuf.c"),
                    str(paths.ROOT / "tests" / "driver" / "dmabuf_main.c"), "-o", str(out)], check=True)
    return out


def chunks(stdout: str) -> list[tuple[int, int, int]]:
    return [(int(b, 16), int(o), int(s)) for _, b, o, s in (line.split() for line in stdout.splitlines()
                                                         if line.startswith("chunk "))]


def test_udmabuf_fake_tree(program: Path, tmp_path: Path) -> None:
    size = 1 << 20
    cls, dev = tmp_path / "class", tmp_path / "dev"
    node = cls / "udmabuf0"
    node.mkdir(parents=True)
    dev.mkdir()
    (node / "phys_addr").write_text("0x000000003f000000\n")
    (node / "size").write_text(f"{size}\n")
    for f in ("sync_offset", "sync_size", "sync_direction", "sync_for_device", "sync_for_cpu"):
        (node / f).write_text("")
    (dev / "udmabuf0").write_bytes(bytes(size))
    r = subprocess.run([str(program), "udmabuf", str(cls), str(dev), "udmabuf0"], capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
    assert chunks(r.stdout) == [(0x3F000000, 0, size)]
    data = (dev / "udmabuf0").read_bytes()
    assert all(data[i] == (i * 7 + 1) & 0xFF for i in (0, 1, 4095, size - 1)), "the mapping does not reach the device"
    assert [(node / f).read_text() for f in ("sync_offset", "sync_size", "sync_direction", "sync_for_device")] == \
        ["4096", "8192", "1", "1"]
    # a missing buffer: a clear refusal, never an address
    r = subprocess.run([str(program), "udmabuf", str(cls), str(dev), "udmabuf1"], capture_output=True, text=True)
    assert r.returncode == 2 and "udmabuf1/phys_addr" in r.stdout, r.stdout


def test_hugepage_contiguous(program: Path) -> None:
    r = subprocess.run([str(program), "hugepage", str(4 << 20)], capture_output=True, text=True, timeout=60)
    if r.returncode == 2:
        pytest.skip(f"the kernel refused: {r.stdout.strip()}")
    assert r.returncode == 0, r.stdout + r.stderr
    found = chunks(r.stdout)
    print(r.stdout)
    assert sum(s for _, _, s in found) == 4 << 20
    assert all(s % (2 << 20) == 0 and b % (2 << 20) == 0 for b, _, s in found), \
        f"chunks not whole 2 MB pages: {found}"
