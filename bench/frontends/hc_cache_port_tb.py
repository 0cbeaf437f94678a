# SPDX-License-Identifier: Apache-2.0
"""cocotb tests of hc_cache_port (issue 19 item 2, paper 002's caching port): directed hits, clean misses,
misses with a dirty victim (the write-back overlapping the refill), flush, invalidate, flush + invalidate and
error answers; a constrained-random scoreboard of 100,000 accesses against a flat reference memory (every
response checked in order: a load's word, a store's previous word), the whole touched memory compared after
a final flush, the DUT's hit/miss/write-back counters against a Python model of the cache; commands raised
while requests stream (cmd_race); reset with dirty lines (reset_clear); random traffic over error regions
(err_random); backpressure on the response port and a stalling memory under HC_STRESS=1 (MEM 0); the
latency figures on the fixed-latency memory (MEM 1). The word width is the testbench's DW (default 64):
every test reads it first (_set_width); directed, errors and latency run at 64-bit only. The
AXI protocol checker sits on the master port. Seeds are printed (HC_SEED replays); HC_CACHE_ACCESSES sets
the random tests' length."""

from __future__ import annotations

import os
import random
from collections import deque
from dataclasses import dataclass, field

import cocotb
from cocotb.triggers import ClockCycles, RisingEdge

from hyperconnect.model import pattern_byte
from hyperconnect.tb.env import knobs, seeded_rng, start_clock_reset

LINE = 64
SLVERR, DECERR = 2, 3
ERR_BASE = 0x0030_0000
FLUSH, INVALIDATE, FLUSH_INVALIDATE = 1, 2, 3
HOLD_MAX = 300              # cmd_race: s_rsp_ready held low for up to this many cycles at a time

# the word width, from the testbench's DW (set by _set_width at the start of every test)
NB = 8                      # bytes per word
FULL = (1 << NB) - 1        # every strobe bit
MASK = (1 << 8 * NB) - 1    # a word


def _set_width(dut) -> None:
    """The word width of this run (the testbench's DW): NB, FULL and MASK."""
    global NB, FULL, MASK
    NB = int(dut.DW.value) // 8
    FULL = (1 << NB) - 1
    MASK = (1 << 8 * NB) - 1


def pattern_word(a: int) -> int:
    return int.from_bytes(bytes(pattern_byte(a + i) for i in range(NB)), "little")


def merge(old: int, new: int, strb: int) -> int:
    m = 0
    for b in range(NB):
        if (strb >> b) & 1:
            m |= 0xFF << (8 * b)
    return (old & ~m & MASK) | (new & m)


class RefMem:
    """The flat reference: the memory as the accelerator sees it (every store applied in request order)."""

    def __init__(self) -> None:
        self.words: dict[int, int] = {}

    def read(self, a: int) -> int:
        w = self.words.get(a)
        return pattern_word(a) if w is None else w

    def write(self, a: int, data: int, strb: int) -> None:
        self.words[a] = merge(self.read(a), data, strb)


class CacheModel:
    """Which requests hit, which miss, which lines are written back: the DUT's policy (victim = way 0 if
    invalid, else way 1 if invalid, else the LRU way; write-allocate; flush writes back dirty lines)."""

    def __init__(self, cache_bytes: int, ways: int) -> None:
        self.ways = ways
        self.sets = cache_bytes // (LINE * ways)
        self.tag: list[list[int | None]] = [[None] * ways for _ in range(self.sets)]
        self.dirty = [[False] * ways for _ in range(self.sets)]
        self.lru = [0] * self.sets
        self.hits = self.misses = self.wbs = 0
        self.wb_lines: list[int] = []     # the line number of every write-back, in order

    def access(self, addr: int, we: bool) -> bool:
        line = addr // LINE
        s, t = line % self.sets, line // self.sets
        for w in range(self.ways):
            if self.tag[s][w] == t:
                self.hits += 1
                self.lru[s] = 1 - w
                self.dirty[s][w] |= we
                return True
        self.misses += 1
        if self.ways == 1 or self.tag[s][0] is None:
            v = 0
        elif self.tag[s][1] is None:
            v = 1
        else:
            v = self.lru[s]
        old = self.tag[s][v]
        if old is not None and self.dirty[s][v]:
            self.wbs += 1
            self.wb_lines.append(old * self.sets + s)
        self.tag[s][v], self.dirty[s][v], self.lru[s] = t, we, 1 - v
        return False

    def flush(self) -> None:
        for s in range(self.sets):
            for w in range(self.ways):
                t = self.tag[s][w]
                if t is not None and self.dirty[s][w]:
                    self.wbs += 1
                    self.wb_lines.append(t * self.sets + s)
                    self.dirty[s][w] = False

    def invalidate(self) -> None:
        self.tag = [[None] * self.ways for _ in range(self.sets)]
        self.dirty = [[False] * self.ways for _ in range(self.sets)]

    def drop(self, addr: int) -> None:
        """The line of `addr` not kept (its refill erred): invalid (LRU as the miss left it)."""
        line = addr // LINE
        s, t = line % self.sets, line // self.sets
        for w in range(self.ways):
            if self.tag[s][w] == t:
                self.tag[s][w], self.dirty[s][w] = None, False


@dataclass
class Req:
    addr: int
    we: int = 0
    wdata: int = 0
    wstrb: int = -1             # -1: every byte (FULL)

    def __post_init__(self) -> None:
        if self.wstrb < 0:
            self.wstrb = FULL


@dataclass
class Bench:
    """Drives the word port from a queue (one request presented at a time, idle cycles between them),
    takes responses with a random s_rsp_ready, and logs the cycles (rising edges) of every handshake.
    race > 0 (cmd_race): in each cycle with no command presented, raises a flush or flush + invalidate with
    that chance, whatever the requests are doing (logged in cmds with its handshake edge; cmd_done pulses
    counted in dones); hold > 0: in each cycle, with that chance, holds s_rsp_ready low for 1..HOLD_MAX
    cycles."""
    dut: object
    rng: random.Random
    idle: float = 0.0
    rsp_ready: float = 1.0
    watch: bool = False
    race: float = 0.0
    hold: float = 0.0
    cmds: list[tuple[int, int]] = field(default_factory=list)   # (handshake edge, op) of raced commands
    dones: int = 0
    race_op: int = 0                                             # the raced command presented (0: none)
    queue: deque = field(default_factory=deque)
    sent: int = 0
    req_at: list[int] = field(default_factory=list)          # handshake edge of each request
    rsps: list[tuple[int, int, int]] = field(default_factory=list)   # (data, err, edge)
    ports: dict[str, list[int]] = field(default_factory=lambda: {k: [] for k in ("ar", "r", "aw", "w", "b")})
    now: int = 0

    async def start(self) -> None:
        d = self.dut
        d.s_req_valid.value = 0
        d.s_rsp_ready.value = 0
        d.cmd_valid.value = 0
        d.cmd_op.value = 0
        d.cnt_clear.value = 0
        await start_clock_reset(d)
        cocotb.start_soon(self._run())

    async def _run(self) -> None:
        d = self.dut
        u = d.u_dut
        cur: Req | None = None
        valid = 0
        held = 0
        while True:
            if cur is None and self.queue and (self.idle == 0.0 or self.rng.random() >= self.idle):
                cur = self.queue.popleft()
                d.s_req_addr.value = cur.addr
                d.s_req_we.value = cur.we
                d.s_req_wdata.value = cur.wdata
                d.s_req_wstrb.value = cur.wstrb
            if int(cur is not None) != valid:
                valid = int(cur is not None)
                d.s_req_valid.value = valid
            if self.race and not self.race_op and self.rng.random() < self.race:
                self.race_op = self.rng.choice((FLUSH, FLUSH_INVALIDATE))
                d.cmd_op.value = self.race_op
                d.cmd_valid.value = 1
            if self.hold and not held and self.rng.random() < self.hold:
                held = self.rng.randrange(1, HOLD_MAX + 1)
            if held:
                held -= 1
                rr = 0
            else:
                rr = 1 if self.rsp_ready >= 1.0 else int(self.rng.random() < self.rsp_ready)
            d.s_rsp_ready.value = rr
            await RisingEdge(d.aclk)
            self.now += 1
            if cur is not None and d.s_req_ready.value:
                self.req_at.append(self.now)
                self.sent += 1
                cur = None
            if len(self.cmds) > self.dones and d.cmd_done.value:
                self.dones += 1
            if self.race_op and d.cmd_ready.value:
                self.cmds.append((self.now, self.race_op))
                self.race_op = 0
                d.cmd_valid.value = 0
            if rr and d.s_rsp_valid.value:
                self.rsps.append((int(d.s_rsp_rdata.value), int(d.s_rsp_err.value), self.now))
            if self.watch:
                for ch, v, r in (("ar", u.m_axi_arvalid, u.m_axi_arready), ("r", u.m_axi_rvalid, u.m_axi_rready),
                                 ("aw", u.m_axi_awvalid, u.m_axi_awready), ("w", u.m_axi_wvalid, u.m_axi_wready),
                                 ("b", u.m_axi_bvalid, u.m_axi_bready)):
                    if v.value and r.value:
                        self.ports[ch].append(self.now)

    async def wait_rsps(self, n: int, limit: int = 200_000) -> None:
        """Wait for n responses in all; fail after `limit` cycles without a new one (a hang)."""
        idle, seen = 0, len(self.rsps)
        while len(self.rsps) < n:
            await RisingEdge(self.dut.aclk)
            idle = 0 if len(self.rsps) != seen else idle + 1
            seen = len(self.rsps)
            if idle >= limit:
                raise AssertionError(f"{seen} of {n} responses, none for {limit} cycles: a hang")

    async def run(self, reqs: list[Req]) -> list[tuple[int, int, int]]:
        """Send the requests, wait for their responses, return them."""
        start = len(self.rsps)
        self.queue.extend(reqs)
        await self.wait_rsps(start + len(reqs))
        await RisingEdge(self.dut.aclk)             # (the counters count a cycle after the compare)
        return self.rsps[start:]

    async def settle(self, limit: int = 200_000) -> None:
        """Stop racing commands; wait for every response, the raced commands' cmd_done and the port to be
        idle again (s_req_ready: no refill or write-back left)."""
        self.race = 0.0
        self.hold = 0.0
        await self.wait_rsps(self.sent + len(self.queue))
        for _ in range(limit):
            if not self.race_op and self.dones == len(self.cmds) and self.dut.s_req_ready.value:
                await ClockCycles(self.dut.aclk, 2)         # (the counters: two cycles after the compare)
                return
            await RisingEdge(self.dut.aclk)
        raise AssertionError(f"not idle after {limit} cycles ({self.dones} of {len(self.cmds)} commands done)")

    async def command(self, op: int, limit: int = 100_000) -> int:
        """Issue a command (after every response is in) and wait for cmd_done; return its cycles."""
        d = self.dut
        assert not self.race and not self.race_op, "command() while commands are raced"
        await self.wait_rsps(self.sent + len(self.queue))
        d.cmd_op.value = op
        d.cmd_valid.value = 1
        t0 = self.now
        while True:
            await RisingEdge(d.aclk)
            if d.cmd_ready.value:
                break
        d.cmd_valid.value = 0
        for _ in range(limit):
            await RisingEdge(d.aclk)
            if d.cmd_done.value:
                return self.now - t0
        raise AssertionError(f"command {op}: no cmd_done after {limit} cycles: a hang")

    def counters(self) -> tuple[int, int, int]:
        d = self.dut
        return int(d.cnt_hits.value), int(d.cnt_misses.value), int(d.cnt_writebacks.value)


def mem_word(mem, a: int) -> int:
    return int.from_bytes(bytes(mem.read_byte(a + i) for i in range(NB)), "little")


def check_clean(dut, mem=None) -> None:
    assert int(dut.protocol_errors.value) == 0, "the AXI protocol checker reported errors"
    if mem is not None:
        assert not mem.failures, f"memory model: {mem.failures[:3]}"


def _cache(dut) -> tuple[int, int]:
    return int(dut.CACHE_BYTES.value), int(dut.WAYS.value)


def _accesses() -> int:
    """The random tests' length: HC_CACHE_ACCESSES, default 100,000."""
    return int(os.environ.get("HC_CACHE_ACCESSES", "100000"))


async def _setup(dut, name: str, stress: bool = False, **mem_kw):
    from hyperconnect.tb.axi_mem import AxiMemSlave
    _set_width(dut)
    rng = seeded_rng(name)
    k = knobs() if stress else {"idle": 0.0, "backpressure": 0.0, "stall": 0.0}
    mem = AxiMemSlave(dut, "m_axi", dut.aclk, dut.aresetn, NB, rng, stall=k["stall"], **mem_kw)
    b = Bench(dut, rng, idle=k["idle"], rsp_ready=1.0 - k["backpressure"])
    await b.start()
    return b, mem, rng


def same_set(base: int, n: int, cache_bytes: int, ways: int) -> int:
    """The n-th line address mapping to the same set as `base`."""
    return base + n * (cache_bytes // ways)


@cocotb.test()
async def directed(dut) -> None:
    """Hit after a clean miss; a miss whose victim is dirty (its AW/W overlap the refill's AR/R, the victim
    reaches memory); flush (memory current, lines kept: the re-read hits); invalidate (dirty data dropped:
    the re-read misses and sees memory); flush + invalidate (memory current, the re-read misses). 64-bit."""
    if int(dut.MEM.value) != 0 or int(dut.DW.value) != 64:
        return
    b, mem, rng = await _setup(dut, "cache_port_directed")
    cb, ways = _cache(dut)
    b.watch = True
    A = 0x0001_0008
    r = await b.run([Req(A)]) + await b.run([Req(A)])
    assert [x[0] for x in r] == [pattern_word(A)] * 2, "clean miss then hit: wrong data"
    assert b.counters() == (1, 1, 0), f"counters after miss+hit {b.counters()}"
    assert r[1][2] - b.req_at[1] == 1, "a hit did not answer in the next cycle"
    # a dirty victim: store into line X, fill the set's other ways, then a new line evicts X
    X = 0x0002_0000 + 0x40 * 5
    data = 0x1122_3344_5566_7788
    await b.run([Req(X + 8, 1, data, 0xFF)])
    others = [same_set(X, n, cb, ways) for n in range(1, ways + 1)]
    await ClockCycles(dut.aclk, 30)
    for k in b.ports:
        b.ports[k].clear()
    r = await b.run([Req(a + 16) for a in others])
    assert [x[0] for x in r] == [pattern_word(a + 16) for a in others]
    await ClockCycles(dut.aclk, 30)
    ar, aw, w, rr = b.ports["ar"], b.ports["aw"], b.ports["w"], b.ports["r"]
    assert len(aw) == 1 and len(w) == 8, f"one write-back of 8 beats expected (AW {aw}, W {w})"
    last_ar = ar[-1]
    cocotb.log.info("dirty miss: AR at %d, AW at %d, W %d..%d, R %d..%d", last_ar, aw[0], w[0], w[-1],
                    rr[-8], rr[-1])
    assert abs(aw[0] - last_ar) <= 1, f"the write-back's AW ({aw[0]}) not issued with the refill's AR ({last_ar})"
    assert w[0] < rr[-1], "the write-back's W did not overlap the refill's R"
    assert mem_word(mem, X + 8) == data, "the dirty victim did not reach memory"
    # flush: write 3 lines, flush, memory current, the lines kept valid (re-reads hit)
    lines = [0x0004_0000 + 0x40 * n for n in range(3)]
    await b.run([Req(a, 1, 0xA5A5_0000 + n, 0x0F) for n, a in enumerate(lines)])
    h0, m0, wb0 = b.counters()
    cyc = await b.command(FLUSH)
    h1, m1, wb1 = b.counters()
    assert wb1 - wb0 == 3, f"flush wrote back {wb1 - wb0} lines, 3 dirty"
    for n, a in enumerate(lines):
        assert mem_word(mem, a) == merge(pattern_word(a), 0xA5A5_0000 + n, 0x0F), f"flush: memory at {a:#x}"
    r = await b.run([Req(a) for a in lines])
    assert b.counters()[0] - h1 == 3 and b.counters()[1] == m1, "lines not kept valid by flush"
    cocotb.log.info("flush of 3 dirty lines in a %d KiB cache: %d cycles", cb // 1024, cyc)
    # invalidate: the store is dropped, the re-read misses and sees the memory
    Y = 0x0005_0010
    await b.run([Req(Y, 1, 0xDEAD_BEEF, 0xFF)])
    await b.command(INVALIDATE)
    m2 = b.counters()[1]
    r = await b.run([Req(Y)])
    assert r[0][0] == pattern_word(Y) and b.counters()[1] == m2 + 1, "invalidate: line not dropped"
    # flush + invalidate: memory current, the re-read misses and sees the store
    Z = 0x0006_0020
    await b.run([Req(Z, 1, 0xCAFE_F00D, 0xFF)])
    wb3 = b.counters()[2]
    await b.command(FLUSH_INVALIDATE)
    assert b.counters()[2] == wb3 + 1 and mem_word(mem, Z) == 0xCAFE_F00D, "flush+invalidate: not written back"
    m3 = b.counters()[1]
    r = await b.run([Req(Z)])
    assert r[0][0] == 0xCAFE_F00D and b.counters()[1] == m3 + 1, "flush+invalidate: line not dropped"
    # a command with nothing dirty, and op 0
    await b.command(FLUSH)
    await b.command(0)
    await ClockCycles(dut.aclk, 20)
    check_clean(dut, mem)


@cocotb.test()
async def errors(dut) -> None:
    """A refill answered SLVERR: the response has err, err_sticky rises, the line is not kept (the re-read
    misses again); a write-back answered SLVERR sets err_sticky; nothing hangs; cnt_clear clears. 64-bit."""
    if int(dut.MEM.value) != 0 or int(dut.DW.value) != 64:
        return
    from hyperconnect.tb.axi_ref import ErrorMap
    b, mem, rng = await _setup(dut, "cache_port_errors", errors=ErrorMap([(ERR_BASE, 0x1000, SLVERR)]))
    r = await b.run([Req(ERR_BASE + 8), Req(ERR_BASE + 8), Req(0x1000)])
    assert [x[1] for x in r] == [1, 1, 0], f"error bits {[x[1] for x in r]}"
    assert b.counters()[1] == 3, "an erroring line was kept"
    assert int(dut.err_sticky.value) == 1
    dut.cnt_clear.value = 1
    await RisingEdge(dut.aclk)
    dut.cnt_clear.value = 0
    await RisingEdge(dut.aclk)
    assert int(dut.err_sticky.value) == 0 and b.counters() == (0, 0, 0), "cnt_clear"
    # a dirty line whose write-back is refused
    W = ERR_BASE + 0x2000
    await b.run([Req(W, 1, 1, 0xFF)])
    mem.errors = ErrorMap([(W & ~0xFFF, 0x1000, SLVERR)])
    await b.command(FLUSH)
    assert int(dut.err_sticky.value) == 1 and b.counters()[2] == 1, "write-back error not reported"
    r = await b.run([Req(0x1040), Req(W)])         # the port still works; the line stayed valid (a hit)
    assert r[1][0] == 1 and r[1][1] == 0
    check_clean(dut, mem)


def random_reqs(rng: random.Random, n: int, cache_bytes: int, ways: int = 2) -> list[Req]:
    """Accesses concentrated so hits, misses and evictions all happen: 60 % in a hot region of half the
    cache, 25 % in a region 8x the cache, 15 % anywhere in 16 MiB; runs of neighbouring words; 40 % stores
    with random strobes (sometimes none or all). One access in 12 starts a burst aimed at the forwarding
    paths, on a word just used (so the store hits): a store then a load of the same word back to back, or
    with one access between (the store's RAM write is a cycle after its compare: the load's read came
    before or with it), two stores then a load, or a store then an access to the same set in another line
    (a miss whose victim choice must see the store's dirty bit and LRU update)."""
    hot, warm = 0x0010_0000, 0x0080_0000
    way_bytes = cache_bytes // ways
    word = 0xFFFF_FFFF & ~(NB - 1)                         # (a word's address)
    out: list[Req] = []
    a = hot

    def store(addr: int) -> Req:
        return Req(addr, 1, rng.getrandbits(8 * NB), rng.choice([FULL, rng.randrange(1, FULL + 1),
                                                                 rng.randrange(1, FULL + 1)]))

    while len(out) < n:
        if out and rng.random() < 1 / 12:
            b = out[-1].addr
            kind = rng.randrange(5)
            if kind == 0:                                    # store, load (back to back)
                out += [store(b), Req(b)]
            elif kind == 1:                                  # store, a neighbour, load (the second stage)
                out += [store(b), Req(b ^ NB), Req(b)]
            elif kind == 2:                                  # store, store, load
                out += [store(b), store(b), Req(b)]
            elif kind == 3:                                  # store, then a store and a load of the word
                out += [store(b), store(b ^ NB), Req(b), Req(b ^ NB)]   # beside it (same line)
            else:                                            # store, then another line of the same set
                c = (b + way_bytes * rng.randrange(1, 4)) & word
                out += [store(b), rng.choice([Req(c), store(c)]), Req(b)]
            a = out[-1].addr
            continue
        x = rng.random()
        if x < 0.3:
            a = (a + NB) & word                              # the next word
        elif x < 0.72:
            a = hot + rng.randrange(cache_bytes // 2) // NB * NB
        elif x < 0.9:
            a = warm + rng.randrange(cache_bytes * 8) // NB * NB
        else:
            a = rng.randrange(1 << 24) // NB * NB
        if rng.random() < 0.4:
            strb = rng.choice([FULL, 0, rng.randrange(FULL + 1), rng.randrange(FULL + 1)])
            out.append(Req(a, 1, rng.getrandbits(8 * NB), strb))
        else:
            out.append(Req(a))
    return out[:n]


@cocotb.test()
async def random_scoreboard(dut) -> None:
    """HC_CACHE_ACCESSES (default 100,000) random loads and stores, flushes (with and without invalidate)
    every 10,000; every response against the flat reference (a load: the word; a store: the word before
    it), the counters against the cache model, the whole touched memory after a final flush. HC_STRESS=1:
    idle cycles between requests, s_rsp_ready low 30 % of cycles, a stalling memory of 2..12 cycles."""
    if int(dut.MEM.value) != 0:
        return
    b, mem, rng = await _setup(dut, "cache_port_random", stress=True)
    cb, ways = _cache(dut)
    n = _accesses()
    ref, model = RefMem(), CacheModel(cb, ways)
    reqs = random_reqs(rng, n, cb, ways)
    chunk = 10_000
    mismatches = 0
    for c0 in range(0, n, chunk):
        part = reqs[c0:c0 + chunk]
        want = []
        for q in part:
            want.append(ref.read(q.addr))
            if q.we:
                ref.write(q.addr, q.wdata, q.wstrb)
            model.access(q.addr, bool(q.we))
        got = await b.run(part)
        for k, (q, w, g) in enumerate(zip(part, want, got)):
            if g[0] != w or g[1]:
                mismatches += 1
                if mismatches <= 5:
                    cocotb.log.error("access %d %s at %#x: got %#018x err %d, expected %#018x", c0 + k,
                                     "store" if q.we else "load", q.addr, g[0], g[1], w)
        assert b.counters() == (model.hits, model.misses, model.wbs), \
            f"after {c0 + len(part)} accesses: DUT counters (hits, misses, write-backs) {b.counters()}, " \
            f"model {(model.hits, model.misses, model.wbs)}"
        if c0 + chunk < n:
            op = FLUSH if (c0 // chunk) % 2 == 0 else FLUSH_INVALIDATE
            await b.command(op)
            model.flush()
            if op == FLUSH_INVALIDATE:
                model.invalidate()
    await b.command(FLUSH)
    model.flush()
    assert mismatches == 0, f"{mismatches} responses of {n} differ from the reference"
    hits, misses, wbs = b.counters()
    assert (hits, misses, wbs) == (model.hits, model.misses, model.wbs), "counters after the final flush"
    assert hits + misses == n
    bad = [a for a in ref.words if mem_word(mem, a) != ref.words[a]]
    assert not bad, f"{len(bad)} words differ in memory after the flush (first at {bad[0]:#x})"
    check_clean(dut, mem)
    cocotb.log.info("%d accesses (%d KiB, %d-way): %d hits, %d misses, %d write-backs; %d words written, "
                    "0 mismatches, memory equal after flush; %d cycles", n, cb // 1024, ways, hits, misses, wbs,
                    len(ref.words), b.now)


@cocotb.test()
async def cmd_race(dut) -> None:
    """Flush and flush + invalidate commands raised at random moments while requests stream (not after
    their responses: about one every 500 cycles), s_rsp_ready held low for stretches of up to HOLD_MAX
    cycles; HC_CACHE_ACCESSES / 5 random accesses. Every response against the flat reference; the counters
    against the cache model with each command placed after the requests handshaken up to (and in) its own
    handshake's cycle (the port takes a request handshaken with a command first); one cmd_done per
    command; the whole memory after a final flush. HC_STRESS=1: idle requests, s_rsp_ready low 30 %, a
    stalling memory."""
    if int(dut.MEM.value) != 0:
        return
    b, mem, rng = await _setup(dut, "cache_port_cmd_race", stress=True)
    cb, ways = _cache(dut)
    n = _accesses() // 5
    reqs = random_reqs(rng, n, cb, ways)
    b.race, b.hold = 0.002, 0.001
    got = await b.run(reqs)
    await b.settle()
    ref, model = RefMem(), CacheModel(cb, ways)
    bad = 0
    events = sorted([(t, 0, i) for i, t in enumerate(b.req_at)] + [(t, 1, op) for t, op in b.cmds])
    for t, kind, x in events:
        if kind == 1:
            model.flush()
            if x == FLUSH_INVALIDATE:
                model.invalidate()
            continue
        q, g = reqs[x], got[x]
        w = ref.read(q.addr)
        if g[0] != w or g[1]:
            bad += 1
            if bad <= 5:
                cocotb.log.error("access %d (edge %d) %s at %#x: got %#x err %d, expected %#x", x, t,
                                 "store" if q.we else "load", q.addr, g[0], g[1], w)
        if q.we:
            ref.write(q.addr, q.wdata, q.wstrb)
        model.access(q.addr, bool(q.we))
    assert len(b.cmds) >= 5, f"only {len(b.cmds)} commands raced"
    assert bad == 0, f"{bad} responses of {n} differ from the reference"
    want = (model.hits, model.misses, model.wbs)
    assert b.counters() == want, f"counters {b.counters()}, model {want} ({len(b.cmds)} commands raced)"
    assert b.dones == len(b.cmds), f"{b.dones} cmd_done pulses for {len(b.cmds)} commands"
    await b.command(FLUSH)
    model.flush()
    assert b.counters()[2] == model.wbs, "write-backs of the final flush"
    badm = [a for a in ref.words if mem_word(mem, a) != ref.words[a]]
    assert not badm, f"{len(badm)} words differ in memory after the flush (first at {badm[0]:#x})"
    check_clean(dut, mem)
    cocotb.log.info("cmd_race: %d accesses, %d commands raced (%d flush + invalidate); counters %s; %d cycles",
                    n, len(b.cmds), sum(op == FLUSH_INVALIDATE for _, op in b.cmds), b.counters(), b.now)


@cocotb.test()
async def reset_clear(dut) -> None:
    """Reset with dirty lines in the cache: s_req_ready and cmd_ready come back about SETS cycles after the
    release (the tag store cleared), no cmd_done, nothing written back; the counters are 0, the lines'
    re-reads miss and see the memory (the stores gone)."""
    if int(dut.MEM.value) != 0:
        return
    b, mem, rng = await _setup(dut, "cache_port_reset")
    cb, ways = _cache(dut)
    sets = cb // (LINE * ways)
    A = 0x0001_0000
    lines = [A + LINE * k for k in range(4)] + [same_set(A, n, cb, ways) for n in range(1, ways)]  # (all kept)
    await b.run([Req(a, 1, k + 1, FULL) for k, a in enumerate(lines)])
    r = await b.run([Req(a) for a in lines])
    assert [g[0] for g in r] == [merge(pattern_word(a), k + 1, FULL) for k, a in enumerate(lines)]
    await ClockCycles(dut.aclk, 50)
    dut.aresetn.value = 0
    await ClockCycles(dut.aclk, 3)
    dut.aresetn.value = 1
    cycles = done = 0
    while not (dut.s_req_ready.value and dut.cmd_ready.value):
        await RisingEdge(dut.aclk)
        cycles += 1
        done += int(dut.cmd_done.value)
        assert cycles < 4 * sets + 100, "s_req_ready not back after reset"
    cocotb.log.info("s_req_ready and cmd_ready %d cycles after the reset's release (SETS %d)", cycles, sets)
    assert sets <= cycles <= sets + 8, f"ready {cycles} cycles after reset, SETS {sets}"
    assert done == 0, "cmd_done after reset"
    assert b.counters() == (0, 0, 0) and int(dut.err_sticky.value) == 0, "counters after reset"
    r = await b.run([Req(a) for a in lines])
    assert [g[0] for g in r] == [pattern_word(a) for a in lines], "dirty data survived reset"
    assert b.counters() == (0, len(lines), 0), f"re-reads after reset: counters {b.counters()}"
    assert all(mem_word(mem, a) == pattern_word(a) for a in lines), "written back during reset"
    check_clean(dut, mem)


@cocotb.test()
async def err_random(dut) -> None:
    """HC_CACHE_ACCESSES / 5 random accesses in 8 rounds, each with its own error map, reads and writes
    alike, SLVERR or DECERR: about 30 % of the warm region's 4 KiB pages, and single words here and there in
    the hot and warm regions. A miss whose line has an error beat answers err if its own word's beat erred
    (else the data), the line is not kept (the model drops it) and a store merged into it is lost; a hit
    on a line fetched before its page turned bad answers normally; a dirty line written back over an error
    (evicted or flushed) sets err_sticky. Per round: every response (err bit; data when not err), the
    counters against the model, err_sticky against the model (refill errors, write-backs over errors);
    then no command, a flush or a flush + invalidate, and cnt_clear. The whole memory (the slave keeps a
    refused write's data) after a final flush."""
    if int(dut.MEM.value) != 0:
        return
    from hyperconnect.tb.axi_ref import ErrorMap
    errmap = ErrorMap()
    b, mem, rng = await _setup(dut, "cache_port_err_random", stress=True, errors=errmap)
    cb, ways = _cache(dut)
    hot, warm = 0x0010_0000, 0x0080_0000                  # random_reqs' regions: cache_bytes / 2, x 8
    pages = [warm + 0x1000 * k for k in range(cb * 8 // 0x1000)]
    n = _accesses() // 5
    rounds = 8
    reqs = random_reqs(rng, n, cb, ways)
    ref, model = RefMem(), CacheModel(cb, ways)
    bad = errs = wb_errs = 0

    def in_err(a: int) -> bool:
        return errmap.resp(a) >= SLVERR

    def line_err(a: int) -> bool:
        base = a // LINE * LINE
        return any(in_err(base + i) for i in range(0, LINE, NB))

    for k in range(rounds):
        errmap.ranges = [(p, 0x1000, rng.choice((SLVERR, DECERR))) for p in pages if rng.random() < 0.3]
        errmap.ranges += [(base + rng.randrange(size) // NB * NB, NB, rng.choice((SLVERR, DECERR)))
                          for base, size in ((hot, cb // 2), (warm, cb * 8)) for _ in range(3)]
        part = reqs[k * n // rounds:(k + 1) * n // rounds]
        want: list[tuple[int, int]] = []
        sticky = False
        for q in part:
            nwb = len(model.wb_lines)
            hit = model.access(q.addr, bool(q.we))
            dropped = not hit and line_err(q.addr)
            e = not hit and in_err(q.addr)
            want.append((ref.read(q.addr), int(e)))
            if dropped:
                model.drop(q.addr)
            elif q.we:
                ref.write(q.addr, q.wdata, q.wstrb)
            wbe = any(line_err(line * LINE) for line in model.wb_lines[nwb:])
            sticky |= dropped or wbe
            errs += dropped
            wb_errs += wbe
        got = await b.run(part)
        await b.settle()
        for q, (w, e), g in zip(part, want, got):
            if g[1] != e or (not e and g[0] != w):
                bad += 1
                if bad <= 5:
                    cocotb.log.error("round %d: %s at %#x: got %#x err %d, expected %#x err %d", k,
                                     "store" if q.we else "load", q.addr, g[0], g[1], w, e)
        op = (0, FLUSH, FLUSH_INVALIDATE)[k % 3]
        if op:
            nwb = len(model.wb_lines)
            await b.command(op)
            model.flush()
            if op == FLUSH_INVALIDATE:
                model.invalidate()
            wbe = any(line_err(line * LINE) for line in model.wb_lines[nwb:])
            sticky |= wbe
            wb_errs += wbe
        assert bad == 0, f"round {k}: {bad} wrong responses"
        want_c = (model.hits, model.misses, model.wbs)
        assert b.counters() == want_c, f"round {k}: counters {b.counters()}, model {want_c}"
        assert int(dut.err_sticky.value) == int(sticky), f"round {k}: err_sticky {int(dut.err_sticky.value)}, " \
                                                         f"model {int(sticky)}"
        dut.cnt_clear.value = 1
        await RisingEdge(dut.aclk)
        dut.cnt_clear.value = 0
        await RisingEdge(dut.aclk)
        model.hits = model.misses = model.wbs = 0
        assert b.counters() == (0, 0, 0) and int(dut.err_sticky.value) == 0, "cnt_clear"
    errmap.ranges = []
    await b.command(FLUSH)
    model.flush()
    assert b.counters()[2] == model.wbs, "write-backs of the final flush"
    badm = [a for a in ref.words if mem_word(mem, a) != ref.words[a]]
    assert not badm, f"{len(badm)} words differ in memory after the flush (first at {badm[0]:#x})"
    assert errs and wb_errs, f"no errors exercised ({errs} refills, {wb_errs} write-backs)"
    check_clean(dut, mem)
    cocotb.log.info("err_random: %d accesses in %d rounds: %d refill errors, %d write-back errors "
                    "(model); 0 mismatches", n, rounds, errs, wb_errs)


@cocotb.test()
async def latency(dut) -> None:
    """On the fixed-latency memory (LATENCY 10, 64-bit), idle: a hit answers in 1 cycle (8 back to back,
    one per cycle, a load right after a store to the same word seeing it); a miss in at most the memory's
    AR-to-first-R latency + 3, with or without a dirty victim (then AW in the AR's cycle). Figures to
    $HC_CACHE_PORT_OUT (JSON) if set."""
    if int(dut.MEM.value) != 1 or int(dut.DW.value) != 64:
        return
    _set_width(dut)
    rng = seeded_rng("cache_port_latency")
    b = Bench(dut, rng, watch=True)
    await b.start()
    cb, ways = _cache(dut)
    A = 0x0001_0000
    r = await b.run([Req(A)])                                   # a clean miss
    ar, rr = b.ports["ar"], b.ports["r"]
    mem_lat = rr[0] - ar[0]
    miss = r[0][2] - b.req_at[0]
    assert r[0][0] == pattern_word(A)
    # hits back to back, a store then a load of the same word
    reqs = [Req(A + 8 * (k % 8)) for k in range(8)] + [Req(A + 16, 1, 0x0123_4567_89AB_CDEF, 0x3C), Req(A + 16)]
    i0, r = len(b.req_at), await b.run(reqs)
    hit = [g[2] - t for g, t in zip(r, b.req_at[i0:])]
    assert set(hit) == {1}, f"hit latencies {hit}"
    assert b.req_at[-1] - b.req_at[i0] == len(reqs) - 1, "hits not taken one per cycle"
    assert r[-1][0] == merge(pattern_word(A + 16), 0x0123_4567_89AB_CDEF, 0x3C), "store -> load not forwarded"
    # a dirty victim: A's line is dirty now; fill the set's other ways, then evict it
    others = [same_set(A, n, cb, ways) for n in range(1, ways + 1)]
    await b.run([Req(a) for a in others[:-1]])
    await ClockCycles(dut.aclk, 30)                             # (the line's last beats in)
    for k in b.ports:
        b.ports[k].clear()
    i0 = len(b.req_at)
    r = await b.run([Req(others[-1] + 40)])
    ar, rr, aw = b.ports["ar"], b.ports["r"], b.ports["aw"]
    assert len(aw) == 1, "no write-back of the dirty victim"
    dmem_lat = rr[0] - ar[0]
    dmiss = r[0][2] - b.req_at[i0]
    cocotb.log.info("memory AR->R %d cycles; hit %d; miss %d = memory + %d; dirty miss %d = memory + %d "
                    "(AR at %d, AW at %d)", mem_lat, hit[0], miss, miss - mem_lat, dmiss, dmiss - dmem_lat,
                    ar[0], aw[0])
    assert miss - mem_lat <= 3, f"miss {miss} cycles, memory {mem_lat}"
    assert dmiss - dmem_lat <= 3, f"dirty miss {dmiss} cycles, memory {dmem_lat}"
    assert aw[0] <= ar[0], "the victim's AW after the refill's AR"
    await ClockCycles(dut.aclk, 30)
    # flush: the walk over a cache with nothing dirty, then with 4 dirty lines (the cost of each)
    t_clean = await b.command(FLUSH)
    await b.run([Req(0x0020_0000 + 0x40 * n, 1, n, 0xFF) for n in range(4)])
    t_dirty = await b.command(FLUSH)
    per_line = (t_dirty - t_clean) / 4
    cocotb.log.info("flush: %d cycles with nothing dirty (%d sets), %.1f cycles more per dirty line",
                    t_clean, cb // (64 * ways), per_line)
    check_clean(dut)
    out = os.environ.get("HC_CACHE_PORT_OUT")
    if out:
        import json
        with open(out, "w") as f:
            json.dump({"hit_cycles": hit[0], "miss_over_memory": miss - mem_lat,
                       "miss_dirty_over_memory": dmiss - dmem_lat, "memory_latency": mem_lat,
                       "flush_clean_cycles": t_clean, "flush_cycles_per_dirty_line": per_line}, f)
