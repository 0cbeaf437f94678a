"""The generated register block (rdl/hyperconnect.rdl -> hc_regs) over AXI4-Lite, and the C header.

Checks the ID and version, every reset default the issue asks for (equalization at 16 beats, no
reservation, ports coupled, one class), read-back and hardware outputs of writable fields, SLVERR on an
unmapped address and on a write to a read-only register, the configuration lock (every configuration
register ignores writes until reset, the lock cannot be cleared by software), and that the header
compiles as strict C11.
"""

from __future__ import annotations

import subprocess

import cocotb
from cocotb.triggers import ClockCycles
from cocotbext.axi import AxiLiteBus, AxiLiteMaster
from cocotbext.axi.constants import AxiResp

from lib.env import start_clock_reset

ID, VERSION, BUILD, PERIOD, GLOBAL_LIMIT, LOCK = 0x000, 0x004, 0x008, 0x010, 0x014, 0x01C
# per port: CFG, LIMITS, BUDGET, IRQ_EN (locked) and ERR, IRQ_STATUS (write 1 to clear, not locked)
CFG, LIMITS, BUDGET, ERR, IRQ_EN, IRQ_STATUS = 0x00, 0x04, 0x08, 0x10, 0x14, 0x18
WIN = (0x40, 0x44, 0x48, 0x4C)            # WIN_BASE_LO/HI, WIN_SIZE_LO/HI (locked)
TIMEOUT = 0x54                            # watchdog stall timeout (locked)


def port(i: int, offset: int) -> int:
    return 0x100 + 0x80 * i + offset


async def rd(m: AxiLiteMaster, addr: int) -> int:
    return int.from_bytes((await m.read(addr, 4)).data, "little")


@cocotb.test()
async def test_registers(dut):
    axil = AxiLiteMaster(AxiLiteBus.from_prefix(dut, "s_axil"), dut.aclk, dut.aresetn, reset_active_level=False)
    await start_clock_reset(dut)
    assert await rd(axil, ID) == 0x48434F4E, "ID register"
    assert (await rd(axil, VERSION)) >> 16 == 0x0102, "version 1.2"
    assert await rd(axil, BUILD) == 3 | (3 << 8) | (16 << 16), "BUILD reports the hardware's parameters"
    assert await rd(axil, PERIOD) == 10000
    assert await rd(axil, GLOBAL_LIMIT) == 32
    for i in range(16):
        assert await rd(axil, port(i, 0x00)) == 16, f"port {i}: CFG resets to nominal 16, class 0, coupled, no reservation"
        assert await rd(axil, port(i, 0x04)) == 4 | (4 << 8), f"port {i}: outstanding limits 4/4"
        assert await rd(axil, port(i, 0x08)) == 0, f"port {i}: budgets 0"
        assert await rd(axil, port(i, 0x7C)) == i, f"port {i}: INFO.index"
    assert int(dut.port1_nominal_len.value) == 16

    await axil.write(port(1, 0x00), (64).to_bytes(4, "little"))
    await axil.write(port(1, 0x08), (0x0020_0010).to_bytes(4, "little"))
    await axil.write(PERIOD, (1234).to_bytes(4, "little"))
    await ClockCycles(dut.aclk, 2)
    assert await rd(axil, port(1, 0x00)) == 64
    assert int(dut.port1_nominal_len.value) == 64 and int(dut.port1_rd_budget.value) == 0x10
    assert int(dut.period_cycles.value) == 1234

    bad = await axil.write(0x0FC, b"\x01\x00\x00\x00")            # unmapped
    assert bad.resp == AxiResp.SLVERR, f"unmapped write answered {bad.resp}"
    bad = await axil.read(0xFFC, 4)
    assert bad.resp == AxiResp.SLVERR, f"unmapped read answered {bad.resp}"
    bad = await axil.write(ID, b"\x00\x00\x00\x00")                # read-only
    assert bad.resp == AxiResp.SLVERR, f"write to ID answered {bad.resp}"
    assert await rd(axil, ID) == 0x48434F4E


@cocotb.test()
async def test_lock(dut):
    axil = AxiLiteMaster(AxiLiteBus.from_prefix(dut, "s_axil"), dut.aclk, dut.aresetn, reset_active_level=False)
    await start_clock_reset(dut)

    async def wr(addr: int, value: int) -> AxiResp:
        return (await axil.write(addr, value.to_bytes(4, "little"))).resp

    locked_regs = [PERIOD, GLOBAL_LIMIT] + [port(i, r) for i in range(16)
                                           for r in (CFG, LIMITS, BUDGET, IRQ_EN, *WIN, TIMEOUT)]
    await wr(port(3, CFG), 32 | 1 << 12)                      # the hypervisor's settings
    await wr(port(3, BUDGET), 0x0005_0007)
    before = {a: await rd(axil, a) for a in locked_regs}
    assert await rd(axil, LOCK) == 0
    assert await wr(LOCK, 1) == AxiResp.OKAY
    assert await rd(axil, LOCK) == 1
    for a in locked_regs:
        assert await wr(a, 0x0102_0304 ^ before[a]) == AxiResp.OKAY, f"0x{a:03x}: a locked write still completes"
    await ClockCycles(dut.aclk, 2)
    after = {a: await rd(axil, a) for a in locked_regs}
    changed = [f"0x{a:03x}: 0x{before[a]:x} -> 0x{after[a]:x}" for a in locked_regs if after[a] != before[a]]
    assert not changed, "locked registers changed:\n" + "\n".join(changed)
    assert int(dut.port1_nominal_len.value) == 16 and int(dut.period_cycles.value) == 10000
    await wr(LOCK, 0)
    assert await rd(axil, LOCK) == 1, "software cannot unlock"
    await wr(port(0, ERR), 3)                                  # acknowledgements stay writable
    await wr(port(0, IRQ_STATUS), 7)
    dut.aresetn.value = 0                                      # only a reset unlocks
    await ClockCycles(dut.aclk, 3)
    dut.aresetn.value = 1
    await ClockCycles(dut.aclk, 2)
    assert await rd(axil, LOCK) == 0
    await wr(PERIOD, 777)
    assert await rd(axil, PERIOD) == 777


def test_hc_regs_block() -> None:
    from hyperconnect import paths, regs
    from lib.runner import run_cocotb
    files = regs.generate()
    run_cocotb("hc_regs_tb", "test_hc_regs", paths.ROOT / "tests" / "hc_regs",
               [files["pkg"], files["sv"], files["ports"], paths.ROOT / "tests" / "hc_regs" / "hc_regs_tb.sv"],
               build_name="hc_regs")


def test_c_header_is_strict_c11(tmp_path) -> None:
    from hyperconnect import regs
    header = regs.generate()["header"]
    src = tmp_path / "use_header.c"
    src.write_text('#include "hyperconnect_regs.h"\n'
                   "_Static_assert(HYPERCONNECT__PORT_T__CFG__NOMINAL_LEN_reset == 16, \"nominal reset\");\n"
                   "int main(void) { return 0; }\n")
    subprocess.run(["gcc", "-std=c11", "-Wall", "-Wextra", "-Werror", "-pedantic", f"-I{header.parent}",
                    str(src), "-o", str(tmp_path / "use_header")], check=True)


def test_rtl_copies_are_current() -> None:
    """rtl/ holds the 16-port block and the ps::stream bridge's block so that rtl/ alone is a complete IP;
    they must equal a fresh generation from rdl/ (refresh with `hc regs --rtl`)."""
    from hyperconnect import paths, regs
    for copy in regs.RTL_COPIES:
        assert (paths.RTL / copy).read_text() == regs.rtl_copy_text(copy), f"rtl/{copy} is stale: run hc regs --rtl"
