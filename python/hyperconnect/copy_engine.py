# SPDX-License-Identifier: Apache-2.0
"""The copy engine's register map (rdl/hc_copy_engine.rdl) and its programming sequence, for the cocotb
benches that drive hc_copy_engine through its AXI4-Lite port (tests/hc_copy_engine, tests/axi_vendor_path,
the FastLane system: hyperconnect.fastlane_sim)."""

from __future__ import annotations

import logging

from cocotbext.axi import AxiLiteBus, AxiLiteMaster

ID, VERSION, BUILD, CTRL, STATUS = 0x00, 0x04, 0x08, 0x0C, 0x10
SRC_LO, SRC_HI, DST_LO, DST_HI, LEN, BURST, OUTSTANDING = 0x14, 0x18, 0x1C, 0x20, 0x24, 0x28, 0x2C
CYCLES, BYTES, COPIES = 0x30, 0x34, 0x38
START, REPEAT, IRQ_EN = 1, 2, 4                         # CTRL
BUSY, DONE, ERROR, ERR_WRITE = 1, 2, 4, 8               # STATUS


def control_port(dut, prefix: str = "s_axil") -> AxiLiteMaster:
    """An AXI4-Lite master on the engine's control port, quiet."""
    regs = AxiLiteMaster(AxiLiteBus.from_prefix(dut, prefix), dut.aclk, dut.aresetn, reset_active_level=False)
    regs.write_if.log.setLevel(logging.WARNING)
    regs.read_if.log.setLevel(logging.WARNING)
    return regs


async def program(regs: AxiLiteMaster, src: int, dst: int, length: int, burst: int = 16, rd_out: int = 4,
                  wr_out: int = 4, ctrl: int = 0) -> None:
    """Program SRC, DST, LEN, BURST and OUTSTANDING and start (CTRL.start | ctrl)."""
    for reg, value in ((SRC_LO, src & 0xFFFFFFFF), (SRC_HI, src >> 32), (DST_LO, dst & 0xFFFFFFFF),
                       (DST_HI, dst >> 32), (LEN, length), (BURST, burst), (OUTSTANDING, rd_out | wr_out << 8)):
        await regs.write_dword(reg, value)
    await regs.write_dword(CTRL, START | ctrl)


async def copy(regs: AxiLiteMaster, src: int, dst: int, length: int, burst: int = 16, rd_out: int = 4,
               wr_out: int = 4, ctrl: int = 0, timeout: int = 200000) -> int:
    """Program SRC, DST, LEN, BURST and OUTSTANDING, start, wait for STATUS.done; return STATUS (done is
    left set: the caller clears it)."""
    await program(regs, src, dst, length, burst, rd_out, wr_out, ctrl)
    status = 0
    for _ in range(timeout):
        status = await regs.read_dword(STATUS)
        if status & DONE:
            return status
    raise AssertionError(f"copy of {length} bytes {src:#x} -> {dst:#x} never completed (STATUS {status:#x})")


async def copy_share(regs: AxiLiteMaster, src: int, dst: int, length: int, burst: int, outstanding: int,
                     bus_bytes: int, timeout: int = 200000) -> float:
    """One copy of `length` bytes (DONE and ERROR cleared first); its bus share: read + write bytes over the
    copy's CYCLES. A failed copy (STATUS.error) is an assertion."""
    await regs.write_dword(STATUS, DONE | ERROR)
    status = await copy(regs, src, dst, length, burst, outstanding, outstanding, timeout=timeout)
    assert not status & ERROR, f"copy failed: STATUS {status:#x}"
    return 2 * length / (await regs.read_dword(CYCLES) * bus_bytes)
