# SPDX-License-Identifier: Apache-2.0
"""The control port of axi_hyperconnect (hc_regs_axil + the generated blocks of rdl/hyperconnect.rdl: hc_regs
for the global registers, one hc_port_regs per port) over AXI4-Lite, at 1, 3 and 16 ports, and the C header.

Checks the ID and version, every reset default (equalization at 16 beats, no reservation, ports coupled, one
class), that each port block answers for itself (INFO.index, a per-port counter pattern), SLVERR for every
address of a port the instance does not have (issue 17: a 16-port block used to answer OKAY for them), for
an unmapped offset and for a write to a read-only register; the range checks on the write data (value out
of range or field written in part: field unchanged, the write's other fields applied, sticky flag of that
port only); the configuration lock; the window's upper words (hc_window_hi: only the bits the address width
needs, at 32, 40 and 64 bits); and a constrained-random run — a writer and a reader at once, random
strobes, B/R backpressure and idle cycles, every answer checked against a model — with the AXI protocol
checker on s_axil. Seeds are printed (HC_SEED replays).
"""

from __future__ import annotations

import os
import random
import subprocess

import cocotb
import pytest
from cocotb.triggers import ClockCycles, RisingEdge
from cocotbext.axi import AxiLiteBus, AxiLiteMaster
from cocotbext.axi.constants import AxiResp

from hyperconnect.tb.env import seeded_rng, start_clock_reset

ID, VERSION, BUILD, CTRL, PERIOD, GLOBAL_LIMIT, GLOBAL_ERR, LOCK, QOS_MAP = 0x000, 0x004, 0x008, 0x00C, 0x010, 0x014, 0x018, 0x01C, 0x020
# per port: CFG, LIMITS, BUDGET, IRQ_EN (locked) and ERR, IRQ_STATUS (write 1 to clear, not locked)
CFG, LIMITS, BUDGET, STATUS, ERR, IRQ_EN, IRQ_STATUS, RD_TXN, INFO = 0x00, 0x04, 0x08, 0x0C, 0x10, 0x14, 0x18, 0x30, 0x7C
WIN = (0x40, 0x44, 0x48, 0x4C)            # WIN_BASE_LO/HI, WIN_SIZE_LO/HI (locked)
TIMEOUT = 0x54                            # watchdog stall timeout (locked)
TRACK_DEPTH = 16
# plain read/write port registers and their writable bits (the random run's model)
RW_MASK = {BUDGET: 0xFFFF_FFFF, IRQ_EN: 0xF, WIN[0]: 0xFFFF_F000, WIN[1]: 0xFFFF_FFFF, WIN[2]: 0xFFFF_F000,
           WIN[3]: 0xFFFF_FFFF, TIMEOUT: 0xFFFF}
CFG_MASK = 0x1FF | 0x3 << 12 | 1 << 16 | 1 << 20 | 1 << 24


def n_ports() -> int:
    return int(os.environ.get("HC_PORTS", "3"))


def addr_width() -> int:
    """The IP's address width the bench gives hc_window_hi (what WIN_BASE_HI / WIN_SIZE_HI store)."""
    return int(os.environ.get("HC_ADDR_WIDTH", "32"))


def win_hi_stored(off: int, value: int) -> int:
    """What WIN_BASE_HI / WIN_SIZE_HI read back after `value` is written (with the old value merged in for
    partial strobes): the base keeps its bits below ADDR_WIDTH, the size at most 2^(ADDR_WIDTH - 32)."""
    aw = addr_width()
    if aw >= 64:
        return value
    if off == WIN[1]:
        return value & ((1 << max(aw - 32, 0)) - 1)
    return min(value, 1 << max(aw - 32, 0))


def port(i: int, offset: int) -> int:
    return 0x100 + 0x80 * i + offset


def strobe_mask(strb: int) -> int:
    return sum(0xFF << 8 * b for b in range(4) if strb >> b & 1)


class Tb:
    def __init__(self, dut) -> None:
        self.dut = dut
        self.axil = AxiLiteMaster(AxiLiteBus.from_prefix(dut, "s_axil"), dut.aclk, dut.aresetn,
                                  reset_active_level=False)

    async def start(self) -> None:
        await start_clock_reset(self.dut)

    async def rd(self, addr: int) -> int:
        r = await self.axil.read(addr, 4)
        assert r.resp == AxiResp.OKAY, f"read 0x{addr:03x} answered {r.resp}"
        return int.from_bytes(r.data, "little")

    async def wr(self, addr: int, value: int, strb: int = 0xF) -> AxiResp:
        if strb == 0xF:
            return (await self.axil.write(addr, value.to_bytes(4, "little"))).resp
        # cocotbext-axi writes a byte range: one contiguous run of strobed bytes
        lo = (strb & -strb).bit_length() - 1
        hi = strb.bit_length()
        assert strb == ((1 << hi) - 1) & ~((1 << lo) - 1), "contiguous strobes only"
        return (await self.axil.write(addr + lo, value.to_bytes(4, "little")[lo:hi])).resp

    def protocol_errors(self) -> int:
        return int(self.dut.protocol_errors.value)


@cocotb.test()
async def test_registers(dut):
    """Defaults, each port's own block, hardware outputs, and SLVERR where nothing answers."""
    tb = Tb(dut)
    await tb.start()
    p = n_ports()
    assert await tb.rd(ID) == 0x48434F4E, "ID register"
    assert (await tb.rd(VERSION)) >> 16 == 0x0104, "version 1.4"
    assert await tb.rd(BUILD) == p | (3 << 8) | (16 << 16), "BUILD reports the hardware's parameters"
    assert await tb.rd(PERIOD) == 10000
    assert await tb.rd(GLOBAL_LIMIT) == 32
    assert await tb.rd(QOS_MAP) == 0xF840, "classes 0..3 -> AxQOS 0, 4, 8, 15 (Zynq UltraScale+: 12..15 low latency)"
    for i in range(p):
        assert await tb.rd(port(i, CFG)) == 16, f"port {i}: CFG resets to nominal 16, class 0, coupled, no reservation"
        assert await tb.rd(port(i, LIMITS)) == 4 | (4 << 8), f"port {i}: outstanding limits 4/4"
        assert await tb.rd(port(i, BUDGET)) == 0, f"port {i}: budgets 0"
        assert await tb.rd(port(i, INFO)) == i, f"port {i}: INFO.index"
        assert await tb.rd(port(i, RD_TXN)) == 0x4100 + i, f"port {i}: its own block's hardware inputs"
    assert int(dut.port0_nominal_len.value) == 16

    await tb.wr(port(0, CFG), 64)
    await tb.wr(port(0, BUDGET), 0x0020_0010)
    await tb.wr(PERIOD, 1234)
    assert await tb.rd(port(0, CFG)) == 64
    assert int(dut.port0_nominal_len.value) == 64 and int(dut.port0_rd_budget.value) == 0x10
    assert int(dut.period_cycles.value) == 1234
    for i in range(1, p):
        assert await tb.rd(port(i, CFG)) == 16, f"port {i} unchanged by port 0's write"

    # SLVERR: every register of every absent port, addresses past the last port, holes, read-only
    absent = [port(i, off) for i in range(p, 16) for off in (CFG, INFO)] + [0x900, 0xA00, 0xFFC]
    for addr in absent:
        assert (await tb.axil.write(addr, b"\x10\x00\x00\x00")).resp == AxiResp.SLVERR, f"write 0x{addr:03x}"
        r = await tb.axil.read(addr, 4)
        assert r.resp == AxiResp.SLVERR and r.data == bytes(4), f"read 0x{addr:03x}: {r.resp} {r.data.hex()}"
    for addr in (0x0FC, port(0, 0x58), port(p - 1, 0x78)):                    # unmapped offsets
        assert (await tb.axil.read(addr, 4)).resp == AxiResp.SLVERR, f"read 0x{addr:03x}"
        assert (await tb.axil.write(addr, bytes(4))).resp == AxiResp.SLVERR, f"write 0x{addr:03x}"
    assert await tb.wr(ID, 0) == AxiResp.SLVERR, "ID is read-only"
    assert await tb.wr(port(0, INFO), 5) == AxiResp.SLVERR, "INFO is read-only"
    assert await tb.rd(ID) == 0x48434F4E and await tb.rd(port(0, INFO)) == 0
    assert tb.protocol_errors() == 0


async def answer_cycles(dut, starts: tuple[str, ...], answer: str) -> int:
    """Cycles from the later of the handshakes on channels `starts` (s_axil_<ch>valid/ready) until the
    answer's VALID (s_axil_<answer>valid) rises: VALID from a flop set k cycles after the handshake's clock
    edge is first seen at the edge k + 1 after it."""
    seen: dict[str, int] = {}
    cycle = 0
    while True:
        await RisingEdge(dut.aclk)
        cycle += 1
        for ch in starts:
            if ch not in seen and int(getattr(dut, f"s_axil_{ch}valid").value) \
                    and int(getattr(dut, f"s_axil_{ch}ready").value):
                seen[ch] = cycle
        if len(seen) == len(starts) and int(getattr(dut, f"s_axil_{answer}valid").value):
            return cycle - max(seen.values()) - 1
        assert cycle < 100, f"no {answer.upper()}VALID within 100 cycles"


@cocotb.test()
async def test_latency(dut):
    """The documented AXI4-Lite latency: RVALID 5 cycles after the AR handshake for the global block and for
    a port block (the request a cycle after its offset: the blocks' read-back selects are registered), 10
    for a counter (an external register file the counter bank answers 5 cycles after the block's request;
    the tb answers as the bank does), 11 for a BYTES_HI counter (the bank: 6), 6 for MAX_RD_LATENCY (the
    file's eighth word, answered by axi_hyperconnect a cycle after the request); BVALID 4 after the later of
    the AW and W handshakes for the global block and for a port block, 1 for a write to a counter (SLVERR
    from the front end; hc_regs_axil's header)."""
    tb = Tb(dut)
    await tb.start()
    for addr, read_cycles, write_cycles in ((PERIOD, 5, 4), (port(n_ports() - 1, BUDGET), 5, 4),
                                            (port(n_ports() - 1, RD_TXN), 10, 1), (port(0, 0x24), 11, 1),
                                            (port(0, 0x3C), 6, 1)):
        rd = cocotb.start_soon(answer_cycles(dut, ("ar",), "r"))
        await tb.rd(addr)
        wr = cocotb.start_soon(answer_cycles(dut, ("aw", "w"), "b"))
        await tb.wr(addr, 77)
        assert (await rd, await wr) == (read_cycles, write_cycles), \
            f"0x{addr:03x}: read {rd.result()}, write {wr.result()} cycles"


@cocotb.test()
async def test_counter_writes(dut):
    """A write to any of a port's counters (0x20..0x3C, an external register file: the counter bank's seven
    words and MAX_RD_LATENCY) is answered SLVERR by the front end and never reaches the block; the counters
    read as before, MAX_RD_LATENCY too (the tb's pattern 0x7100 + port)."""
    tb = Tb(dut)
    await tb.start()
    for i in range(n_ports()):
        for off in range(0x20, 0x40, 4):
            assert await tb.wr(port(i, off), 0x5A5A) == AxiResp.SLVERR, f"port {i} write to 0x{off:02x}"
        assert await tb.rd(port(i, RD_TXN)) == 0x4100 + i
        assert await tb.rd(port(i, 0x3C)) == 0x7100 + i
    assert int(dut.cnt_wrote.value) == 0, "a counter write reached the register block"


@cocotb.test()
async def test_range_checks(dut):
    """A ranged field written out of range, or in part, keeps its value and sets its flag (only that
    port's); the same write's other fields apply; a locked write flags nothing."""
    tb = Tb(dut)
    await tb.start()
    p = n_ports()
    last = p - 1
    assert await tb.wr(PERIOD, 0) == AxiResp.OKAY
    assert await tb.rd(PERIOD) == 10000 and await tb.rd(GLOBAL_ERR) == 1, "PERIOD 0 rejected"
    assert await tb.wr(PERIOD, 0xAB, strb=0x1) == AxiResp.OKAY
    assert await tb.rd(PERIOD) == 10000, "a partial PERIOD write is rejected"
    await tb.wr(GLOBAL_ERR, 1)
    assert await tb.wr(GLOBAL_LIMIT, 0) == AxiResp.OKAY
    assert await tb.rd(GLOBAL_LIMIT) == 32 and await tb.rd(GLOBAL_ERR) == 2, "G 0 rejected"
    await tb.wr(GLOBAL_ERR, 3)

    prio2 = 2 << 12
    for bad in (0, 257, 511):
        await tb.wr(port(last, CFG), prio2 | bad)
        assert await tb.rd(port(last, CFG)) == 16 | prio2, f"nominal {bad} rejected, prio applied"
        assert await tb.rd(port(last, ERR)) == 1
        await tb.wr(port(last, ERR), 1)
    await tb.wr(port(last, CFG), 0x40, strb=0x1)
    assert await tb.rd(port(last, CFG)) == 16 | prio2, "a CFG write of nominal_len's low byte only is rejected"
    assert await tb.rd(port(last, ERR)) == 1
    await tb.wr(port(last, ERR), 1)
    await tb.wr(port(last, CFG), 1 << 24, strb=0x8)
    assert await tb.rd(port(last, CFG)) == 16 | prio2 | 1 << 24 and await tb.rd(port(last, ERR)) == 0, \
        "a write not touching nominal_len's bytes is not checked"
    await tb.wr(port(last, CFG), 256)
    assert await tb.rd(port(last, CFG)) == 256, "256 is in range"

    await tb.wr(port(last, LIMITS), 8 << 8 | 0)
    assert await tb.rd(port(last, LIMITS)) == 8 << 8 | 4, "rd 0 rejected, wr 8 applied"
    assert await tb.rd(port(last, ERR)) == 2
    await tb.wr(port(last, ERR), 2)
    await tb.wr(port(last, LIMITS), (TRACK_DEPTH + 1) << 8 | TRACK_DEPTH)
    assert await tb.rd(port(last, LIMITS)) == 8 << 8 | TRACK_DEPTH, "wr TRACK_DEPTH+1 rejected, rd TRACK_DEPTH applied"
    assert await tb.rd(port(last, ERR)) == 2
    for i in range(p - 1):
        assert await tb.rd(port(i, ERR)) == 0, f"port {i} flagged for port {last}'s write"
    await tb.wr(port(last, ERR), 3)

    await tb.wr(LOCK, 1)
    await tb.wr(port(last, CFG), 0)
    await tb.wr(PERIOD, 0)
    assert await tb.rd(port(last, ERR)) == 0 and await tb.rd(GLOBAL_ERR) == 0, "nothing flagged while locked"
    assert await tb.rd(port(last, CFG)) == 256
    assert tb.protocol_errors() == 0


@cocotb.test()
async def test_lock(dut):
    tb = Tb(dut)
    await tb.start()
    p = n_ports()
    locked_regs = [PERIOD, GLOBAL_LIMIT, QOS_MAP] + [port(i, r) for i in range(p)
                                           for r in (CFG, LIMITS, BUDGET, IRQ_EN, *WIN, TIMEOUT)]
    await tb.wr(port(p - 1, CFG), 32 | 1 << 12)                 # the hypervisor's settings
    await tb.wr(port(p - 1, BUDGET), 0x0005_0007)
    before = {a: await tb.rd(a) for a in locked_regs}
    assert await tb.rd(LOCK) == 0
    assert await tb.wr(LOCK, 1) == AxiResp.OKAY
    assert await tb.rd(LOCK) == 1
    for a in locked_regs:
        assert await tb.wr(a, 0x0102_0304 ^ before[a]) == AxiResp.OKAY, f"0x{a:03x}: a locked write still completes"
    after = {a: await tb.rd(a) for a in locked_regs}
    changed = [f"0x{a:03x}: 0x{before[a]:x} -> 0x{after[a]:x}" for a in locked_regs if after[a] != before[a]]
    assert not changed, "locked registers changed:\n" + "\n".join(changed)
    assert int(dut.port0_nominal_len.value) == before[port(0, CFG)] & 0x1FF and int(dut.period_cycles.value) == 10000
    await tb.wr(LOCK, 0)
    assert await tb.rd(LOCK) == 1, "software cannot unlock"
    await tb.wr(port(0, ERR), 3)                                  # acknowledgements stay writable
    await tb.wr(port(0, IRQ_STATUS), 7)
    dut.aresetn.value = 0                                         # only a reset unlocks
    await ClockCycles(dut.aclk, 3)
    dut.aresetn.value = 1
    await ClockCycles(dut.aclk, 2)
    assert await tb.rd(LOCK) == 0
    await tb.wr(PERIOD, 777)
    assert await tb.rd(PERIOD) == 777


@cocotb.test()
async def test_window_hi(dut):
    """WIN_BASE_HI / WIN_SIZE_HI (hc_window_hi) store only what the IP's address width needs: the base's
    bits below ADDR_WIDTH, the size up to 2^(ADDR_WIDTH - 32); partial strobes merge with what is stored."""
    tb = Tb(dut)
    await tb.start()
    aw = addr_width()
    last = port(n_ports() - 1, 0)
    for value in (0xFFFF_FFFF, 0x8000_0001, 0x0000_0100, 0x0000_00FF, 1, 0):
        for reg in (WIN[1], WIN[3]):
            assert await tb.wr(last + reg, value) == AxiResp.OKAY
            got = await tb.rd(last + reg)
            assert got == win_hi_stored(reg, value), f"ADDR_WIDTH {aw}: 0x{reg:02x} after 0x{value:08x}: 0x{got:08x}"
    await tb.wr(last + WIN[3], 0xFFFF_FFFF)
    stored = win_hi_stored(WIN[3], 0xFFFF_FFFF)
    await tb.wr(last + WIN[3], 0x0000_0000, strb=0x2)                    # byte 1 only: merged with the stored value
    assert await tb.rd(last + WIN[3]) == win_hi_stored(WIN[3], stored & ~0xFF00), f"ADDR_WIDTH {aw}: partial write of size hi"
    if n_ports() > 1:
        assert await tb.rd(port(0, WIN[1])) == 0 and await tb.rd(port(0, WIN[3])) == 0, "other ports untouched"
    dut._log.info("window hi words at ADDR_WIDTH %d: base keeps 0x%08x, size at most 0x%08x", aw,
                  win_hi_stored(WIN[1], 0xFFFF_FFFF), win_hi_stored(WIN[3], 0xFFFF_FFFF))


@cocotb.test()
async def test_random(dut):
    """A writer (random registers of random ports, random contiguous strobes, values in and out of range)
    and a reader (constant registers, absent ports) at the same time, with B/R backpressure and idle
    cycles; every response and read value checked against a model."""
    tb = Tb(dut)
    rng = seeded_rng("test_random")
    await tb.start()
    p = n_ports()

    def pauses(prob: float):
        r = random.Random(rng.randrange(2**31))
        while True:
            yield r.random() < prob
    tb.axil.write_if.b_channel.set_pause_generator(pauses(0.3))
    tb.axil.read_if.r_channel.set_pause_generator(pauses(0.3))
    tb.axil.write_if.aw_channel.set_pause_generator(pauses(0.2))
    tb.axil.read_if.ar_channel.set_pause_generator(pauses(0.2))

    model = {port(i, r): (16 if r == CFG else 4 | 4 << 8 if r == LIMITS else 0)
             for i in range(p) for r in (CFG, LIMITS, *RW_MASK)}
    counts = {"writes": 0, "reads": 0, "slverr": 0}

    def apply(addr: int, value: int, strb: int) -> None:
        off = (addr - 0x100) % 0x80
        bits = strobe_mask(strb)
        old = model[addr]
        if off in RW_MASK:
            keep = bits & RW_MASK[off]
        elif off == CFG:
            keep = bits & CFG_MASK
            if strb & 0x3 and (strb & 0x3 != 0x3 or not 1 <= value & 0x1FF <= 256):
                keep &= ~0x1FF
        else:                                              # LIMITS
            keep = bits & 0xFFFF
            for shift, byte in ((0, 1), (8, 2)):
                if strb & byte and not 1 <= (value >> shift) & 0xFF <= TRACK_DEPTH:
                    keep &= ~(0xFF << shift)
        model[addr] = (old & ~keep) | (value & keep)
        if off in (WIN[1], WIN[3]):
            model[addr] = win_hi_stored(off, model[addr])

    async def writer() -> None:
        for _ in range(300):
            addr = rng.choice(list(model))
            lo = rng.randrange(4)
            hi = rng.randrange(lo + 1, 5)
            strb = ((1 << hi) - 1) & ~((1 << lo) - 1)
            value = rng.choice([rng.randrange(2**32), rng.randrange(0, 300), rng.randrange(0, 20) << 8 | rng.randrange(20)])
            assert await tb.wr(addr, value, strb) == AxiResp.OKAY, f"write 0x{addr:03x}"
            apply(addr, value, strb)
            got = await tb.rd(addr)
            assert got == model[addr], f"0x{addr:03x} after writing 0x{value:08x} strb {strb:x}: 0x{got:08x}, model 0x{model[addr]:08x}"
            counts["writes"] += 1

    async def reader() -> None:
        consts = {ID: 0x48434F4E, BUILD: p | 3 << 8 | 16 << 16}
        consts.update({port(i, INFO): i for i in range(p)})
        consts.update({port(i, RD_TXN): 0x4100 + i for i in range(p)})
        consts.update({port(i, 0x20 + 4 * w): 0x1000 * w + 0x100 + i for i in range(p) for w in range(7)})
        absent = [port(i, CFG) for i in range(p, 16)] + [0xC00, 0x0F0]
        for _ in range(300):
            if rng.random() < 0.7:
                addr = rng.choice(list(consts))
                assert await tb.rd(addr) == consts[addr], f"read 0x{addr:03x}"
            else:
                addr = rng.choice(absent)
                assert (await tb.axil.read(addr, 4)).resp == AxiResp.SLVERR, f"read 0x{addr:03x}"
                counts["slverr"] += 1
            counts["reads"] += 1

    w = cocotb.start_soon(writer())
    r = cocotb.start_soon(reader())
    await w
    await r
    for i in range(p):
        assert await tb.rd(port(i, ERR)) in (0, 1, 2, 3)
    assert tb.protocol_errors() == 0, "AXI4-Lite protocol violations on s_axil"
    dut._log.info("random: %(writes)d checked writes, %(reads)d reads (%(slverr)d SLVERR) at %(p)d ports",
                  {**counts, "p": p})


@pytest.mark.parametrize("ports,addr_width", [(1, 40), (3, 32), (16, 64)])
def test_hc_regs_block(ports: int, addr_width: int) -> None:
    from hyperconnect import paths, regs
    from lib.runner import run_cocotb
    files = regs.generate()
    run_cocotb("hc_regs_tb", "test_hc_regs", paths.ROOT / "tests" / "hc_regs",
               [files["pkg"], files["port_pkg"], files["sv"], files["port_sv"],
                paths.RTL / "hc_regs_axil.sv", paths.RTL / "hc_window_hi.sv", paths.BENCH_RTL / "hc_bench_pkg.sv",
                paths.BENCH_RTL / "axi_protocol_checker.sv", paths.ROOT / "tests" / "hc_regs" / "hc_regs_tb.sv"],
               parameters={"P": ports, "ADDR_WIDTH": addr_width}, build_name=f"hc_regs_{ports}_{addr_width}",
               env={"HC_PORTS": str(ports), "HC_ADDR_WIDTH": str(addr_width)})


def test_c_header_is_strict_c11(tmp_path) -> None:
    from hyperconnect import regs
    header = regs.generate()["header"]
    src = tmp_path / "use_header.c"
    src.write_text('#include "hyperconnect_regs.h"\n'
                   "_Static_assert(HC_PORT__CFG__NOMINAL_LEN_reset == 16, \"nominal reset\");\n"
                   "_Static_assert(sizeof(hc_port_t) == 0x80, \"128-byte port blocks\");\n"
                   "int main(void) { return 0; }\n")
    subprocess.run(["gcc", "-std=c11", "-Wall", "-Wextra", "-Werror", "-pedantic", f"-I{header.parent}",
                    str(src), "-o", str(tmp_path / "use_header")], check=True)


def test_rtl_copies_are_current() -> None:
    """rtl/gen/ and rtl/stream/gen/ hold the generated blocks so that rtl/ alone is a complete IP; they
    must equal a fresh generation from rdl/ (refresh with `hc regs --rtl`)."""
    from hyperconnect import paths, regs
    for copy in regs.RTL_COPIES:
        assert (paths.RTL / copy).read_text() == regs.rtl_copy_text(copy), f"rtl/{copy} is stale: run hc regs --rtl"


def test_committed_generated_rtl_is_small() -> None:
    """Issue 17: one block per port instead of 16 copies in one block (about 22,000 lines before)."""
    from hyperconnect import paths, regs
    # (the interconnect's blocks only: the copy engine's and the link probe's are blocks of their own IPs)
    lines = sum(len((paths.RTL / c).read_text().splitlines()) for c, (block, _) in regs.RTL_COPIES.items()
                if block == "hc")
    assert lines < 4000, f"committed generated interconnect RTL is {lines} lines"
