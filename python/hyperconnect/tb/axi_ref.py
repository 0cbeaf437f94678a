# SPDX-License-Identifier: Apache-2.0
"""AXI4 burst arithmetic (ARM IHI 0022, A3.4) — the reference the scoreboards check against."""

from __future__ import annotations

from dataclasses import dataclass, field

FIXED, INCR, WRAP = 0, 1, 2
OKAY, EXOKAY, SLVERR, DECERR = 0, 1, 2, 3


@dataclass
class Burst:
    """One AXI burst as issued by a master."""
    id: int
    addr: int
    len: int            # AxLEN (beats - 1)
    size: int           # AxSIZE (log2 bytes per beat)
    burst: int = INCR
    lock: int = 0
    data: list[bytes] = field(default_factory=list)   # write data per beat (full bus width)
    strb: list[int] = field(default_factory=list)     # write strobes per beat

    @property
    def beats(self) -> int:
        return self.len + 1


def beat_address(addr: int, length: int, size: int, burst: int, n: int) -> int:
    """Address of beat n of a burst (AxLEN = length)."""
    nbytes = 1 << size
    aligned = addr & ~(nbytes - 1)
    if burst == FIXED or n == 0:
        return addr
    if burst == WRAP:
        wrap = nbytes * (length + 1)
        base = addr & ~(wrap - 1)
        return base + ((aligned + n * nbytes - base) % wrap)
    return aligned + n * nbytes


def beat_lanes(beat_addr: int, size: int, bus_bytes: int) -> range:
    """Byte lanes a beat at `beat_addr` uses on a bus of `bus_bytes` (unaligned first beats included)."""
    nbytes = 1 << size
    lower = beat_addr % bus_bytes
    upper = (beat_addr & ~(nbytes - 1)) % bus_bytes + nbytes - 1
    return range(lower, upper + 1)


def beat_bytes(b: Burst, n: int, bus_bytes: int) -> list[int]:
    """Byte addresses beat n of burst b touches."""
    a = beat_address(b.addr, b.len, b.size, b.burst, n)
    base = a & ~(bus_bytes - 1)
    return [base + lane for lane in beat_lanes(a, b.size, bus_bytes)]


def crosses_4k(addr: int, length: int, size: int) -> bool:
    """True if an INCR burst crosses a 4 KB boundary."""
    first = addr
    last = beat_address(addr, length, size, INCR, length) + (1 << size) - 1
    return (first >> 12) != (last >> 12)


class ErrorMap:
    """Address ranges the memory answers with SLVERR or DECERR (for error-propagation checks)."""

    def __init__(self, ranges: list[tuple[int, int, int]] | None = None) -> None:
        self.ranges = ranges or []      # (base, size, resp)

    def resp(self, addr: int) -> int:
        for base, size, resp in self.ranges:
            if base <= addr < base + size:
                return resp
        return OKAY

    def burst_resp(self, b: Burst, bus_bytes: int) -> int:
        """Worst response over every beat of a burst (what a merged B must carry)."""
        worst = OKAY
        for n in range(b.beats):
            worst = max(worst, self.resp(beat_address(b.addr, b.len, b.size, b.burst, n)))
        return worst


class WriteRegion:
    """Hands out fresh, page-separated write addresses so concurrent writes never overlap."""

    def __init__(self, base: int) -> None:
        self.next = base

    def take(self, nbytes: int) -> int:
        a = self.next
        self.next += (nbytes + 4095) // 4096 * 4096 + 4096
        return a


def random_burst(rng, incr_len, write_region: WriteRegion, read_base: int, write: bool,
                 id_max: int = 3, unaligned: float = 0.3) -> Burst:
    """A legal AXI4 burst: any size up to 64 bits, INCR (length from `incr_len(rng)`), FIXED (1..16) or
    WRAP (2/4/8/16); INCR may start unaligned; reads land in a never-written region below 4 MB above
    `read_base`, writes at fresh addresses; never crosses 4 KB."""
    kind = rng.choices([INCR, FIXED, WRAP], weights=[8, 1, 1])[0]
    size = rng.choice([0, 1, 2, 3, 3, 3])
    nb = 1 << size
    length = incr_len(rng) if kind == INCR else rng.randint(1, 16) if kind == FIXED else rng.choice([2, 4, 8, 16])
    if write:
        addr = write_region.take(length * nb + 64)
    else:
        addr = read_base + rng.randrange(0, 1 << 22, 4096)
        if length * nb + 8 < 4096:
            addr += rng.randrange(0, 4096 - length * nb - 8)
    if kind == WRAP:
        addr &= ~(nb - 1)                     # WRAP must be size-aligned; INCR and FIXED need not be
    elif rng.random() < unaligned:
        addr += rng.randrange(0, nb)
    if kind == INCR and crosses_4k(addr, length - 1, size):
        addr &= ~0xFFF
    return Burst(rng.randint(0, id_max), addr, length - 1, size, kind)
