# SPDX-License-Identifier: Apache-2.0
"""cocotb tests of the monitoring counters: hc_port_counters (a port's pending sums, its read-latency
stamps and maximum) with hc_counter_bank (every port's counters in one LUT-RAM, issue 17), two ports and
the time base of axi_hyperconnect (hc_period's cycle count). Software reads go through the bank's read
request and are checked exactly: an answer comes 5 cycles (BYTES_HI 6) after its request and counts every event up
to and including the request's cycle (the port registers its events before its pending sums: issue 17).
Directed: the 64-bit byte counter across 2^32 (131,077 reads of 32 KiB, one per cycle) with HI and LO read
all along; clear semantics (an event in the cycle before the clear's is dropped, one in the clear's own
cycle counted); the largest read latency and the stall count; saturation of a
transaction counter. Random: both ports' events, reads back to back and clears, against a model. The
counts through the whole interconnect are checked in tests/axi_hyperconnect (test_counters)."""

from __future__ import annotations

from dataclasses import dataclass

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ClockCycles, ReadOnly, RisingEdge, Timer

INPUTS = ("clear", "ar_fire", "ar_len", "ar_size", "aw_fire", "aw_len", "aw_size", "r_last_fire", "stall",
          "clear_1", "ar_fire_1", "ar_len_1", "ar_size_1", "aw_fire_1", "aw_len_1", "aw_size_1", "stall_1",
          "cpu_req", "cpu_port", "cpu_word")
RD_LO, RD_HI, WR_LO, WR_HI, RD_TXN, WR_TXN, STALL = range(7)
M32 = (1 << 32) - 1


async def start(dut) -> None:
    cocotb.start_soon(Clock(dut.clk, 10, unit="ns").start())
    for name in INPUTS:
        getattr(dut, name).value = 0
    dut.rst_n.value = 0
    await ClockCycles(dut.clk, 3)
    dut.rst_n.value = 1
    await RisingEdge(dut.clk)


async def settle(dut) -> None:
    """Every input idle, until a read asked in the last cycle has been answered (SPACING cycles: the
    longest answer, a BYTES_HI read, comes 6 cycles after its request)."""
    for name in INPUTS:
        getattr(dut, name).value = 0
    await ClockCycles(dut.clk, SPACING)


def nbytes(length: int, size: int) -> int:
    return (length + 1) << size


@dataclass
class Totals:
    """One port's counts since its last clear (the model)."""
    rd_bytes: int = 0
    wr_bytes: int = 0
    rd_txn: int = 0
    wr_txn: int = 0
    stall: int = 0

    def add(self, other: "Totals") -> None:
        self.rd_bytes += other.rd_bytes
        self.wr_bytes += other.wr_bytes
        self.rd_txn += other.rd_txn
        self.wr_txn += other.wr_txn
        self.stall += other.stall

    def word(self, w: int) -> int:
        return {RD_LO: self.rd_bytes & M32, RD_HI: (self.rd_bytes >> 32) & M32, WR_LO: self.wr_bytes & M32,
                WR_HI: (self.wr_bytes >> 32) & M32, RD_TXN: min(self.rd_txn, M32), WR_TXN: min(self.wr_txn, M32),
                STALL: min(self.stall, M32)}[w]


def latency(word: int) -> int:
    """Cycles from a read's request to its answer: 5, or 6 for a BYTES_HI word (its LO word's step first)."""
    return 6 if word in (RD_HI, WR_HI) else 5


SPACING = 6                                             # the bank's contract: requests 6 or more cycles apart


async def read(dut, port: int, word: int) -> int:
    """One software read through the bank (call right after a rising edge); the answer must come exactly
    latency(word) cycles after the request. Returns SPACING cycles after the request or later."""
    dut.cpu_req.value, dut.cpu_port.value, dut.cpu_word.value = 1, port, word
    await RisingEdge(dut.clk)
    dut.cpu_req.value = 0
    for _ in range(latency(word) - 1):
        await Timer(1, unit="ns")
        assert int(dut.cpu_ack.value) == 0, f"an early answer to a read of port {port} word {word}"
        await RisingEdge(dut.clk)
    await Timer(1, unit="ns")
    assert int(dut.cpu_ack.value) == 1, f"no answer {latency(word)} cycles after a read of port {port} word {word}"
    assert int(dut.cpu_ack_port.value) == port
    data = int(dut.cpu_data.value)
    await ClockCycles(dut.clk, max(1, SPACING - latency(word)))
    return data


async def read64(dut, port: int, lo: int) -> int:
    """A 64-bit counter the way the driver reads it: HI, LO, HI, again while the two HI differ."""
    while True:
        hi = await read(dut, port, lo + 1)
        low = await read(dut, port, lo)
        if await read(dut, port, lo + 1) == hi:
            return hi << 32 | low


class Reader:
    """Software reads at random times for the cycle-by-cycle tests: call step() once per cycle after the
    flops settled and after driving this cycle's events (`counts(port, word)` is the model's value of
    the events before this cycle, with this cycle's clear applied: a port registers its events, so a
    clear drops the previous cycle's). Each answer must come exactly latency(word) cycles after its
    request and equal that value in the cycle that follows the request — the events up to the request's
    cycle (the bank registers its choice of step, so the step that takes the pending sum comes a cycle
    after the request is registered, and the sum is a cycle behind the events); requests start SPACING
    cycles apart or more, never while one waits."""

    def __init__(self, dut, rng, words=range(7), ports=(0, 1), p_read: float = 0.8) -> None:
        self.dut, self.rng, self.words, self.ports, self.p_read = dut, rng, list(words), list(ports), p_read
        self.pending = None                             # (request cycle, port, word, want: None at first)
        self.free_at = 0
        self.answers = 0

    def step(self, cycle: int, counts) -> None:
        dut = self.dut
        if self.pending is not None and cycle == self.pending[0] + 1:
            req, port, word, _ = self.pending
            self.pending = (req, port, word, counts(port, word))
        if self.pending is not None and cycle == self.pending[0] + latency(self.pending[2]):
            req, port, word, want = self.pending
            assert int(dut.cpu_ack.value) == 1, f"cycle {cycle}: no answer to the read of port {port} word {word}"
            assert int(dut.cpu_ack_port.value) == port
            got = int(dut.cpu_data.value)
            assert got == want, (f"cycle {cycle}: port {port} word {word} reads {got:#x}, want {want:#x} "
                                 f"(request at cycle {req})")
            self.pending, self.answers = None, self.answers + 1
        else:
            assert int(dut.cpu_ack.value) == 0, f"cycle {cycle}: an answer nobody asked for at this cycle"
        dut.cpu_req.value = 0
        if self.pending is None and cycle >= self.free_at and self.rng.random() < self.p_read:
            port, word = self.rng.choice(self.ports), self.rng.choice(self.words)
            dut.cpu_req.value, dut.cpu_port.value, dut.cpu_word.value = 1, port, word
            self.pending = (cycle, port, word, None)
            self.free_at = cycle + SPACING


@cocotb.test()
async def byte_counter_crosses_2_32(dut) -> None:
    """Port 0 reads 32 KiB per cycle across 2^32 bytes while software reads RD_BYTES HI and LO (and the
    transaction count) as often as the bank allows; every answer is exact, HI included (a HI read
    takes its LO word's step first, so the carry is in)."""
    from hyperconnect.tb.env import seeded_rng
    await start(dut)
    n = (1 << 17) + 5                                   # 2^17 reads of 2^15 bytes = 2^32, and 5 more
    dut.ar_len.value, dut.ar_size.value = 255, 7
    reader = Reader(dut, seeded_rng("byte_counter_crosses_2_32"), words=(RD_LO, RD_HI, RD_TXN), ports=(0,),
                    p_read=1.0)
    totals = Totals()
    for cycle in range(n):
        await Timer(1, unit="ns")
        dut.ar_fire.value = 1                           # each read completes as the next is stamped
        dut.r_last_fire.value = int(cycle > 0)          # (an RLAST only for a read taken before)
        reader.step(cycle, lambda p, w: totals.word(w))  # (the events before this cycle)
        totals.rd_bytes += 1 << 15
        totals.rd_txn += 1
        await RisingEdge(dut.clk)
    await settle(dut)
    assert reader.answers > n // 8
    want = n << 15
    got = await read64(dut, 0, RD_LO)
    assert got == want, f"rd_bytes {got:#x}, want {want:#x} (high half {got >> 32}, want {want >> 32})"
    assert await read(dut, 0, RD_TXN) == n
    assert await read64(dut, 0, WR_LO) == 0 and await read(dut, 0, WR_TXN) == 0
    assert await read64(dut, 1, RD_LO) == 0, "port 1 had nothing"


async def at_turn(dut, port: int, step: int) -> None:
    """Wait for the cycle whose bank turn is (port, step) with no software read waiting (returns after
    that cycle's flops settled, so inputs set now count in it)."""
    while True:
        await Timer(1, unit="ns")
        bank = dut.u_bank
        if int(bank.turn.value) == port and int(bank.step.value) == step and int(bank.req_v.value) == 0:
            return
        await RisingEdge(dut.clk)


async def near_top(dut, pending: bool) -> None:
    """Port 0's RD_BYTES_LO stored 100 below 2^32 (a deposit, while port 1 has the turn); with `pending`,
    one read of 32 KiB waits in port 0's pending sum, so the next add of that word carries into
    RD_BYTES_HI."""
    await ClockCycles(dut.clk, 40)                      # every word visited: the zero flags are down
    await at_turn(dut, 1, 0)
    dut.u_bank.mem[RD_LO].value = M32 - 100
    dut.ar_len.value, dut.ar_size.value, dut.ar_fire.value = 255, 7, int(pending)
    await RisingEdge(dut.clk)
    dut.ar_fire.value = 0


@cocotb.test()
async def carry_timing(dut) -> None:
    """The carry of RD_BYTES_LO reaches RD_BYTES_HI whichever step comes next: (a) a software read of LO
    that carries, taken just before the turn's HI step (that step, right behind, adds the carry in its
    step 2, a cycle after the LO step 2 set it); (b) a software read of HI asked in the turn's LO step that
    carries (the read takes its LO step first: its answer, 6 cycles after the request, counts the carry);
    a clear drops the carry of the stale add whenever it comes: in the LO step's step 0 (c), step 1 (d),
    step 2, where the carry is set (e), and (f) while the carry of a software LO read, taken during the
    other port's turn, waits in its flop for the turn's HI step, several cycles away."""
    want = (1 << 32) + (1 << 15) - 101
    await start(dut)
    for case in "abcdef":
        dut.rst_n.value = 0
        await ClockCycles(dut.clk, 2)
        dut.rst_n.value = 1
        await near_top(dut, pending=case not in "af")
        if case == "a":
            await at_turn(dut, 0, 1)                    # the turn's RD_LO step (nothing to add) is past
            dut.ar_fire.value = 1                       # a 32 KiB read in this cycle, and a LO read
            # (the answer counts the events up to the request's cycle: one)
            assert await read(dut, 0, RD_LO) == (1 << 15) - 101, "(a) the LO read"
            dut.ar_fire.value = 0                       # (read() returned 6 cycles later: 6 reads)
            await ClockCycles(dut.clk, 40)
            got = await read64(dut, 0, RD_LO)
            assert got == want + 5 * (1 << 15), f"(a) rd_bytes {got:#x}, want {want + 5 * (1 << 15):#x}"
        elif case == "b":
            await at_turn(dut, 0, 0)                    # the turn's RD_LO step is chosen ...
            await RisingEdge(dut.clk)                   # ... and taken: it carries
            assert await read(dut, 0, RD_HI) == 1, "(b) the HI read asked in the LO step counts the carry"
            await ClockCycles(dut.clk, 40)
            assert await read64(dut, 0, RD_LO) == want, "(b)"
        else:
            if case == "f":
                await at_turn(dut, 1, 0)                # port 0's HI step is 10 steps or more away
                dut.ar_fire.value = 1                   # a 32 KiB read in the LO read's cycle
                await RisingEdge(dut.clk)
                dut.ar_fire.value = 0
                assert await read(dut, 0, RD_LO) == (1 << 15) - 101, "(f) the LO read carries"
                assert int(dut.u_bank.carry_rd.value) & 1, "(f) the carry waits in its flop"
            else:
                await at_turn(dut, 0, 0)                # the turn's RD_LO step is chosen ...
                await RisingEdge(dut.clk)               # ... and taken now (its step 0)
                # c: step 0; d: step 1; e: step 2 (the carry is set at its end; the turn's HI step,
                # two steps behind, is under way, so the clear hides its add)
                if case != "c":
                    await ClockCycles(dut.clk, "cde".index(case))
            dut.clear.value = 1
            await RisingEdge(dut.clk)
            dut.clear.value = 0
            await ClockCycles(dut.clk, 40)
            got = await read64(dut, 0, RD_LO)
            assert got == 0, f"({case}) after a clear rd_bytes {got:#x}"


@cocotb.test()
async def clear_and_saturation(dut) -> None:
    """Clear with an event in the cycle before (dropped: the port registers its events) and one in the
    clear's own cycle (counted); a transaction counter stops at 0xFFFFFFFF (its stored word set near the
    top by a deposit)."""
    await start(dut)
    dut.aw_len.value, dut.aw_size.value = 3, 2          # 16 bytes
    dut.aw_fire.value = 1
    await ClockCycles(dut.clk, 3)
    dut.aw_fire.value = 0
    await RisingEdge(dut.clk)
    assert await read64(dut, 0, WR_LO) == 48 and await read(dut, 0, WR_TXN) == 3
    dut.aw_fire.value = 1                               # 16 bytes in the cycle before the clear
    await RisingEdge(dut.clk)
    dut.clear.value = 1
    dut.aw_len.value, dut.aw_size.value = 0, 0          # 1 byte in the clear's cycle
    await RisingEdge(dut.clk)
    dut.clear.value = 0
    dut.aw_fire.value = 0
    await RisingEdge(dut.clk)
    await settle(dut)
    assert await read64(dut, 0, WR_LO) == 1 and await read(dut, 0, WR_TXN) == 1
    # saturation: RD_TXN of port 1 (bank word 8 + 4) stored as 2^32 - 3 (while port 0 has the turn, so
    # no step of that word is under way), then 5 reads
    await ClockCycles(dut.clk, 40)                      # every word visited: the zero flags are down
    await at_turn(dut, 0, 0)
    dut.u_bank.mem[8 + RD_TXN].value = M32 - 2
    dut.ar_fire_1.value = 1
    await ClockCycles(dut.clk, 5)
    dut.ar_fire_1.value = 0
    await RisingEdge(dut.clk)
    assert await read(dut, 1, RD_TXN) == M32, "RD_TXN saturates"
    dut.ar_fire_1.value = 1
    await RisingEdge(dut.clk)
    dut.ar_fire_1.value = 0
    await ClockCycles(dut.clk, 40)
    assert await read(dut, 1, RD_TXN) == M32, "and stays there"
    dut.clear_1.value = 1
    await RisingEdge(dut.clk)
    dut.clear_1.value = 0
    assert await read(dut, 1, RD_TXN) == 0


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
    assert await read(dut, 0, STALL) == 9 and await read(dut, 0, RD_TXN) == 3


@cocotb.test()
async def largest_read_latency_back_to_back(dut) -> None:
    """Issue 17 (the maximum compared a cycle before it is updated): two reads completing in consecutive
    cycles, the first 30 cycles long and the second 19, both above the maximum of 0 — the second is
    compared with the maximum before the first is in it, and must not replace it. Then a third read of
    25 cycles alone: below the maximum, it leaves 30."""
    await start(dut)
    dut.ar_fire.value = 1
    await RisingEdge(dut.clk)                           # AR of read A at cycle 0
    dut.ar_fire.value = 0
    await ClockCycles(dut.clk, 11)
    dut.ar_fire.value = 1
    await RisingEdge(dut.clk)                           # AR of read B at cycle 12
    dut.ar_fire.value = 0
    await ClockCycles(dut.clk, 17)
    dut.r_last_fire.value = 1
    await ClockCycles(dut.clk, 2)                       # RLAST of A at cycle 30, of B at 31
    dut.r_last_fire.value = 0
    await ClockCycles(dut.clk, 6)
    assert int(dut.max_rd_latency.value) == 30, f"MAX_RD_LATENCY {int(dut.max_rd_latency.value)}, want 30"
    dut.ar_fire.value = 1
    await RisingEdge(dut.clk)
    dut.ar_fire.value = 0
    await ClockCycles(dut.clk, 24)
    dut.r_last_fire.value = 1
    await RisingEdge(dut.clk)
    dut.r_last_fire.value = 0
    await ClockCycles(dut.clk, 6)
    assert int(dut.max_rd_latency.value) == 30, f"MAX_RD_LATENCY {int(dut.max_rd_latency.value)}, want 30"


async def random_events(dut, rng, cycles: int, p_clear: float, big_choices, p_fire: float, seed_name: str) -> int:
    """Both ports' events at random against a model of each port's counts, software reads of random
    words (Reader: as often as the contract allows) and clears; returns the answers checked."""
    totals = [Totals(), Totals()]
    late = [Totals(), Totals()]                         # each port's events of the previous cycle
    reader = Reader(dut, rng)
    big = big_choices[0]
    r_last_next = 0
    for cycle in range(cycles):
        if rng.random() < 0.01:
            big = rng.choice(big_choices)
        await Timer(1, unit="ns")
        room = int(dut.ar_room.value)
        for p, sfx in ((0, ""), (1, "_1")):
            clear = rng.random() < p_clear
            getattr(dut, "clear" + sfx).value = int(clear)
            ar = rng.random() < p_fire and (p == 1 or room)
            aw = rng.random() < p_fire
            st = rng.random() < 0.5
            ar_len, ar_size = (255, 7) if rng.random() < big else (rng.randrange(256), rng.randrange(8))
            aw_len, aw_size = (255, 7) if rng.random() < big else (rng.randrange(256), rng.randrange(8))
            getattr(dut, "ar_fire" + sfx).value, getattr(dut, "aw_fire" + sfx).value = int(ar), int(aw)
            getattr(dut, "ar_len" + sfx).value, getattr(dut, "ar_size" + sfx).value = ar_len, ar_size
            getattr(dut, "aw_len" + sfx).value, getattr(dut, "aw_size" + sfx).value = aw_len, aw_size
            getattr(dut, "stall" + sfx).value = int(st)
            if p == 0:
                dut.r_last_fire.value, r_last_next = r_last_next, int(ar)
            # the port registers its events: a clear drops the previous cycle's, this cycle's count
            if clear:
                totals[p] = Totals()
            else:
                totals[p].add(late[p])
            late[p] = Totals(nbytes(ar_len, ar_size) if ar else 0, nbytes(aw_len, aw_size) if aw else 0,
                             int(ar), int(aw), int(st))
        reader.step(cycle, lambda port, word: totals[port].word(word))
        await RisingEdge(dut.clk)
    cocotb.log.info("%s: %d answers checked; bytes read/written at the end: %s", seed_name, reader.answers,
                    [(t.rd_bytes, t.wr_bytes) for t in totals])
    return reader.answers


@cocotb.test()
async def bank_random(dut) -> None:
    """Both ports' events at random (often the largest bursts, every cycle, so the pending sums near
    their bound), software reads of random words as often as the bank's contract allows (6 cycles
    apart) and clears now and then, against a model of each port's counts: every answer comes exactly
    5 (HI: 6) cycles after its request and is the count of the events up to the request's cycle."""
    from hyperconnect.tb.env import seeded_rng
    rng = seeded_rng("bank_random")
    await start(dut)
    assert await random_events(dut, rng, 20000, 0.002, (0.5, 0.0, 1.0), 0.7, "bank_random") > 2000


@cocotb.test()
async def bank_carries_random(dut) -> None:
    """As bank_random, with every direction of both ports requesting (mostly) 32 KiB every cycle and no
    clears for 140,000 cycles: every 64-bit byte counter crosses 2^32 while random reads (HI included)
    land before, on and after the carries."""
    from hyperconnect.tb.env import seeded_rng
    rng = seeded_rng("bank_carries_random")
    await start(dut)
    assert await random_events(dut, rng, 140000, 0.0, (0.97,), 1.0, "bank_carries_random") > 14000


@cocotb.test()
async def stamp_room_and_latency_random(dut) -> None:
    """Constrained random ARs and RLASTs (ar_fire only while ar_room, as the port's handshake includes it;
    an RLAST only for a read accepted in an earlier cycle): ar_room is exactly "the stamps after this
    cycle plus one more stay below DEPTH" (one more whether or not a handshake is taken now: the room
    does not wait for the late handshake) from the second cycle after reset, and
    MAX_RD_LATENCY is the largest AR-to-RLAST age. Near-full phases make the room flag turn often."""
    from collections import deque
    from hyperconnect.tb.env import seeded_rng
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
        prev_expect = int(stamps_after + 1 < depth)
        if rlast:
            want_max = max(want_max, cycle - outstanding.popleft())
        if fire:
            outstanding.append(cycle)
        assert len(outstanding) <= depth
        await RisingEdge(dut.clk)
        cycle += 1
    await settle(dut)
    assert int(dut.max_rd_latency.value) == want_max, f"MAX_RD_LATENCY {int(dut.max_rd_latency.value)}, want {want_max}"


@cocotb.test()
async def held_read_taken_as_room_falls(dut) -> None:
    """A read presented while ar_room was up and taken in the cycle the room falls (axi_hyperconnect's
    minimum-latency setting, REQ_DEPTH 0: AXI keeps a presented AR presented, so the port takes it on the
    spare entry ar_room keeps for it) gets its stamp like any other. DEPTH - 1 reads back to back, one
    presented and held a cycle, taken with ar_room low; the others complete after 20..36 cycles, the held
    one 150 cycles after its AR: MAX_RD_LATENCY is 150. (Before the fix the port pushed a stamp only for a
    read taken with ar_room up: the held read had none, its RLAST found the FIFO empty and
    MAX_RD_LATENCY read the others' largest, 36.)"""
    await start(dut)
    depth = int(dut.u_counters.DEPTH.value)
    for k in range(depth - 1):                          # cycles 0 .. DEPTH - 2
        await Timer(1, unit="ns")
        assert int(dut.ar_room.value) == 1, f"ar_room low at read {k} of {depth - 1}"
        dut.ar_fire.value = 1
        await RisingEdge(dut.clk)
    dut.ar_fire.value = 0                               # cycle DEPTH - 1: the last read presented, held
    await Timer(1, unit="ns")
    assert int(dut.ar_room.value) == 1
    await RisingEdge(dut.clk)
    await Timer(1, unit="ns")                           # cycle DEPTH: the room has fallen, the held read is taken
    assert int(dut.ar_room.value) == 0, "ar_room still up with DEPTH - 1 stamps"
    dut.ar_fire.value = 1
    await RisingEdge(dut.clk)
    dut.ar_fire.value = 0                               # read k's AR was at cycle k (the held one at DEPTH)
    cycle = depth + 1
    for k in range(depth - 1):                          # read k completes at cycle k + 20 + k
        while cycle < 2 * k + 20:
            await RisingEdge(dut.clk)
            cycle += 1
        dut.r_last_fire.value = 1
        await RisingEdge(dut.clk)
        dut.r_last_fire.value = 0
        cycle += 1
    while cycle < depth + 150:
        await RisingEdge(dut.clk)
        cycle += 1
    dut.r_last_fire.value = 1                           # the held read, 150 cycles after its AR
    await RisingEdge(dut.clk)
    dut.r_last_fire.value = 0
    await ClockCycles(dut.clk, 6)
    got = int(dut.max_rd_latency.value)
    assert got == 150, f"MAX_RD_LATENCY {got}, want 150 (the held read's)"
    assert int(dut.ar_room.value) == 1


def test_hc_port_counters() -> None:
    from hyperconnect import paths
    from lib.runner import run_cocotb
    here = paths.ROOT / "tests" / "hc_port_counters"
    run_cocotb("hc_port_counters_tb", "test_hc_port_counters", here,
               [paths.RTL / "hc_axi_pkg.sv", paths.RTL / "hc_fifo.sv", paths.RTL / "hc_efifo.sv", paths.RTL / "hc_period.sv",
                paths.RTL / "hc_port_counters.sv", paths.RTL / "hc_counter_bank.sv", here / "hc_port_counters_tb.sv"], build_name="hc_port_counters")


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
    await ClockCycles(dut.clk, 4)                          # MAX_RD_LATENCY from the fourth cycle after RLAST
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
