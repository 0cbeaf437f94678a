"""cocotb tests of hc_port_counters on its own with its time base, hc_period's cycle count (issue 17: 64-bit byte counters with a registered carry):
the byte counter across 2^32 (131,077 reads of 32 KiB, one per cycle) and the high half's one-cycle lag
after a carry, clear semantics (an event in the clear's own cycle is dropped, the next one counted), the
largest read latency and the stall count. The counts through the whole interconnect are checked in
tests/axi_hyperconnect (test_counters)."""

from __future__ import annotations

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ClockCycles, ReadOnly, RisingEdge, Timer

INPUTS = ("clear", "ar_fire", "ar_len", "ar_size", "aw_fire", "aw_len", "aw_size", "r_last_fire", "stall")


async def start(dut) -> None:
    cocotb.start_soon(Clock(dut.clk, 10, unit="ns").start())
    for name in INPUTS:
        getattr(dut, name).value = 0
    dut.rst_n.value = 0
    await ClockCycles(dut.clk, 3)
    dut.rst_n.value = 1
    await RisingEdge(dut.clk)


async def settle(dut) -> None:
    """Every input idle, then long enough for a carry to land."""
    for name in INPUTS:
        getattr(dut, name).value = 0
    await ClockCycles(dut.clk, 4)


@cocotb.test()
async def byte_counter_crosses_2_32(dut) -> None:
    await start(dut)
    n = (1 << 17) + 5                                   # 2^17 reads of 2^15 bytes = 2^32, and 5 more
    dut.ar_len.value, dut.ar_size.value = 255, 7
    dut.ar_fire.value = 1
    dut.r_last_fire.value = 1                           # each read completes as the next is stamped
    await ClockCycles(dut.clk, n)
    await settle(dut)
    want = n << 15
    got = int(dut.rd_bytes.value)
    assert got == want, f"rd_bytes {got:#x}, want {want:#x} (high half {got >> 32}, want {want >> 32})"
    assert int(dut.rd_txn.value) == n
    assert int(dut.wr_bytes.value) == 0 and int(dut.wr_txn.value) == 0


@cocotb.test()
async def carry_lags_one_cycle_and_clear(dut) -> None:
    await start(dut)
    dut.aw_len.value, dut.aw_size.value = 255, 7        # 32 KiB
    dut.aw_fire.value = 1
    await ClockCycles(dut.clk, (1 << 17) - 1)           # the low half at 2^32 - 2^15
    await ReadOnly()
    assert int(dut.wr_bytes.value) == (1 << 32) - (1 << 15)
    await RisingEdge(dut.clk)                           # the low half wraps to 0 at this edge ...
    dut.aw_fire.value = 0
    await ReadOnly()
    assert int(dut.wr_bytes.value) == 0                 # ... the high half follows one cycle later
    await RisingEdge(dut.clk)
    await ReadOnly()
    assert int(dut.wr_bytes.value) == 1 << 32 and int(dut.wr_txn.value) == 1 << 17
    await RisingEdge(dut.clk)
    dut.aw_len.value, dut.aw_size.value = 3, 2          # 16 bytes
    dut.aw_fire.value = 1
    await RisingEdge(dut.clk)
    dut.aw_fire.value = 0
    await RisingEdge(dut.clk)
    assert int(dut.wr_bytes.value) == (1 << 32) + 16
    # clear with an event in the same cycle (dropped) and one in the next (counted)
    dut.clear.value = 1
    dut.aw_fire.value = 1
    await RisingEdge(dut.clk)
    dut.clear.value = 0
    dut.aw_len.value, dut.aw_size.value = 0, 0          # 1 byte
    await RisingEdge(dut.clk)
    await settle(dut)
    assert int(dut.wr_bytes.value) == 1 and int(dut.wr_txn.value) == 1


@cocotb.test()
async def largest_read_latency_and_stalls(dut) -> None:
    await start(dut)
    for age in (7, 20, 12):                             # AR, then its RLAST `age` cycles later
        dut.ar_fire.value = 1
        await RisingEdge(dut.clk)
        dut.ar_fire.value = 0
        await ClockCycles(dut.clk, age - 1)
        dut.r_last_fire.value = 1
        await RisingEdge(dut.clk)
        dut.r_last_fire.value = 0
    dut.stall.value = 1
    await ClockCycles(dut.clk, 9)
    await settle(dut)
    assert int(dut.max_rd_latency.value) == 20
    assert int(dut.stall_cycles.value) == 9 and int(dut.rd_txn.value) == 3


@cocotb.test()
async def stamp_room_and_latency_random(dut) -> None:
    """Constrained random ARs and RLASTs (ar_fire only while ar_room, as the port's handshake includes it;
    an RLAST only for a read accepted in an earlier cycle): ar_room is exactly "the stamps after this
    cycle plus a handshake taken now stay below DEPTH" from the second cycle after reset, and
    MAX_RD_LATENCY is the largest AR-to-RLAST age. Near-full phases make the room flag turn often."""
    from collections import deque
    from lib.env import seeded_rng
    rng = seeded_rng("stamp_room_and_latency_random")
    depth = int(dut.u_counters.DEPTH.value)
    await start(dut)
    cycle, outstanding = 0, deque()                       # outstanding: the AR cycles of reads not completed
    want_max, prev_expect = 0, None
    p_ar, p_r = 0.8, 0.2
    for _ in range(3000):
        if rng.random() < 0.02:                           # switch phase: fill up, drain, or balanced
            p_ar, p_r = rng.choice(((0.9, 0.1), (0.2, 0.9), (0.6, 0.6)))
        await Timer(1, unit="ns")                         # the flops of this cycle have settled
        room = int(dut.ar_room.value)
        if prev_expect is not None:
            assert room == prev_expect, (f"cycle {cycle}: ar_room {room}, want {prev_expect} "
                                         f"({len(outstanding)} reads outstanding, DEPTH {depth})")
        fire = int(room and rng.random() < p_ar)
        rlast = int(bool(outstanding) and outstanding[0] < cycle and rng.random() < p_r)
        dut.ar_fire.value, dut.r_last_fire.value = fire, rlast
        stamps_after = len(outstanding)                    # accepted before this cycle minus completed
        prev_expect = int(stamps_after + fire < depth)
        if rlast:
            want_max = max(want_max, cycle - outstanding.popleft())
        if fire:
            outstanding.append(cycle)
        assert len(outstanding) <= depth
        await RisingEdge(dut.clk)
        cycle += 1
    await settle(dut)
    assert int(dut.max_rd_latency.value) == want_max, f"MAX_RD_LATENCY {int(dut.max_rd_latency.value)}, want {want_max}"


def test_hc_port_counters() -> None:
    from hyperconnect import paths
    from lib.runner import run_cocotb
    here = paths.ROOT / "tests" / "hc_port_counters"
    run_cocotb("hc_port_counters_tb", "test_hc_port_counters", here,
               [paths.RTL / "hc_fifo.sv", paths.RTL / "hc_efifo.sv", paths.RTL / "hc_period.sv", paths.RTL / "hc_port_counters.sv",
                here / "hc_port_counters_tb.sv"], build_name="hc_port_counters")


async def read_of_age(dut, age: int, hold: int = 0) -> None:
    """One read completing `age` cycles after its AR: the shared cycle count is advanced by a deposit
    (2^32 cycles cannot be simulated). With `hold`, the count first stops `hold` cycles short of 2^32 - 1 and
    runs `hold` cycles there (the read passes 2^32 as in real time) before jumping the rest."""
    dut.ar_fire.value = 1
    await RisingEdge(dut.clk)
    dut.ar_fire.value = 0
    await ReadOnly()
    stamp = (int(dut.now.value) - 1) % 2**33             # `now` in the AR's cycle
    await RisingEdge(dut.clk)
    done = 0
    if hold:
        dut.u_period.now.value = (stamp + 2**32 - 1 - hold) % 2**33
        await ClockCycles(dut.clk, 2 * hold)               # the age passes 2^32 + hold - 1 ...
        done = 2**32 - 1 + hold
    dut.u_period.now.value = (stamp + age - 3) % 2**33     # ... and jumps to 3 cycles short of `age`
    await ClockCycles(dut.clk, 3)
    dut.r_last_fire.value = 1                              # sampled with now = stamp + age
    await RisingEdge(dut.clk)
    dut.r_last_fire.value = 0
    await ClockCycles(dut.clk, 3)
    assert done < age


@cocotb.test()
async def read_latency_saturates_at_2_32_minus_1(dut) -> None:
    """Issue 15.6/17: an age of 2^32 - 2 reads exactly, 2^32 - 1 and more read 0xFFFFFFFF, also for a read
    older than 2^33 cycles (its 33-bit age wrapped: counted aside as old once it passed 2^32), and a clear
    starts over."""
    await start(dut)
    for age, want in ((2**32 - 2, 2**32 - 2), (2**32 - 1, 2**32 - 1), (2**32 + 1, 2**32 - 1), (2**32 + 5, 2**32 - 1),
                      (2**33 + 7, 2**32 - 1), (25, 25)):
        await read_of_age(dut, age, hold=8 if age > 2**33 else 0)
        got = int(dut.max_rd_latency.value)
        assert got == want, f"a read of {age} cycles reads MAX_RD_LATENCY {got:#x}, want {want:#x}"
        dut.clear.value = 1
        await RisingEdge(dut.clk)
        dut.clear.value = 0
        await RisingEdge(dut.clk)
