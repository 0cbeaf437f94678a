# SPDX-License-Identifier: Apache-2.0
"""The PCIe link model of paper 004 (issue 20), with what the paper leaves out.

Paper 004 (Sec. 2) gives, per lane of PCIe 1.1: raw rate b_raw = m_encoding * b_phy, packet efficiency
eta = l_payload / (l_payload + l_header), b_max = b_phy * m_encoding * eta, and the time of one transaction
layer packet (TLP). It prints the TLP time as (l_payload + l_header) * m_encoding / (b_phy * n_lanes), which
with its own inputs (148 bytes, 8b/10b, 2.5 Gbit/s) is 47 ns, not the 592 ns it states: the encoding factor
belongs in the denominator, t_TLP = (l_payload + l_header) * 8 / (m_encoding * b_phy * n_lanes), which gives
its 592 ns at x1 and 37 ns at x16. This module implements that one.

Beyond the paper: PCIe generations 1-5 (8b/10b, 128b/130b); the TLP overhead from the header (3 DW with
32-bit addresses, 4 DW with 64-bit) and the data link and physical framing (8 bytes: STP/END or the Gen3
STP token, sequence number, LCRC; an optional ECRC); maximum payload size (MPS) and maximum read request
size (MRRS); the read completion boundary (RCB) at which completions split; posted writes against
non-posted reads whose rate is bounded by the tags in flight and the round trip; switch hops.

Units: bytes, nanoseconds, bytes per second (MB/s = 1e6 bytes/s, as the paper's 250 MB/s per lane).
The model never imports the simulator.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from fractions import Fraction
from typing import Any

# generation -> (line rate per lane in Gbit/s, encoding: payload bits per line bit), exact
GENERATIONS: dict[int, tuple[Fraction, Fraction]] = {1: (Fraction(5, 2), Fraction(8, 10)), 2: (Fraction(5), Fraction(8, 10)),
                                                     3: (Fraction(8), Fraction(128, 130)), 4: (Fraction(16), Fraction(128, 130)),
                                                     5: (Fraction(32), Fraction(128, 130))}
FRAMING = 8            # bytes per TLP outside its header: STP/END or STP token, sequence number, LCRC
CPL_HEADER = 12        # a completion's header (3 DW) is the same for 32- and 64-bit requests


@dataclass(frozen=True)
class Link:
    """One PCIe link and the settings the endpoints negotiated."""
    gen: int = 1
    lanes: int = 1
    mps: int = 128              # maximum payload size, bytes (128..4096, power of two)
    mrrs: int = 512             # maximum read request size, bytes (128..4096, power of two)
    rcb: int = 64               # read completion boundary, bytes (64 or 128)
    addr64: bool = False        # 4-DW request headers (64-bit addresses) instead of 3 DW
    ecrc: bool = False          # a 4-byte end-to-end CRC on every TLP
    tags: int = 32              # non-posted requests in flight (reads)
    completer_ns: float = 500.0  # a read's time at the completer: request received -> first completion sent
    hops: int = 0               # switches between the two ends
    hop_ns: float = 130.0       # one switch, each way (paper 004 cites 110-150 ns [Reg07])

    def __post_init__(self) -> None:
        if self.gen not in GENERATIONS:
            raise ValueError(f"PCIe generation {self.gen}: 1..5")
        if self.lanes not in (1, 2, 4, 8, 16, 32):
            raise ValueError(f"{self.lanes} lanes: 1, 2, 4, 8, 16 or 32")
        for name in ("mps", "mrrs"):
            v = getattr(self, name)
            if v < 128 or v > 4096 or v & (v - 1):
                raise ValueError(f"{name.upper()} {v}: a power of two, 128..4096")
        if self.rcb not in (64, 128):
            raise ValueError(f"RCB {self.rcb}: 64 or 128")
        if self.tags < 1 or self.hops < 0 or self.completer_ns < 0 or self.hop_ns < 0:
            raise ValueError("tags >= 1, hops, completer_ns and hop_ns >= 0")

    # ---- the paper's quantities
    @property
    def b_phy(self) -> float:
        """Line rate of one lane, bit/s."""
        return float(GENERATIONS[self.gen][0]) * 1e9

    @property
    def m_encoding(self) -> float:
        return float(GENERATIONS[self.gen][1])

    @property
    def b_raw(self) -> float:
        """Payload-capable byte rate of the link (all lanes), bytes/s: m_encoding * b_phy * lanes / 8."""
        return self.m_encoding * self.b_phy * self.lanes / 8

    def header(self, completion: bool = False) -> int:
        """Bytes a TLP carries besides its payload (the paper's l_header: 20 for a 32-bit write)."""
        hdr = CPL_HEADER if completion else (16 if self.addr64 else 12)
        return hdr + FRAMING + (4 if self.ecrc else 0)

    def eta(self, payload: int, completion: bool = False) -> float:
        """Packet efficiency l_payload / (l_payload + l_header)."""
        return payload / (payload + self.header(completion))

    def b_max(self, payload: int | None = None) -> float:
        """b_phy * m_encoding * eta for TLPs of `payload` bytes (default MPS), bytes/s over all lanes."""
        return self.b_raw * self.eta(self.mps if payload is None else payload)

    def t_tlp(self, payload: int, completion: bool = False) -> float:
        """Time on the link of one TLP with `payload` bytes, ns (payload 0: a read request)."""
        return float(self.t_tlp_exact(payload, completion))

    # ---- beyond the paper
    def write_tlps(self, addr: int, nbytes: int) -> list[int]:
        """Payloads of the posted writes that move [addr, addr + nbytes): at most MPS each, never across an
        MPS-aligned boundary (a common requester rule, so every TLP but the ends is MPS long)."""
        out: list[int] = []
        a, end = addr, addr + nbytes
        while a < end:
            n = min(end, (a // self.mps + 1) * self.mps) - a
            out.append(n)
            a += n
        return out

    def read_requests(self, addr: int, nbytes: int) -> list[tuple[int, int]]:
        """(address, bytes) of the read requests: at most MRRS each, never across a 4 KB page."""
        out: list[tuple[int, int]] = []
        a, end = addr, addr + nbytes
        while a < end:
            n = min(end, (a // self.mrrs + 1) * self.mrrs, (a // 4096 + 1) * 4096) - a
            out.append((a, n))
            a += n
        return out

    def completions(self, addr: int, nbytes: int) -> list[int]:
        """Payloads of the completions of one read request: at most MPS each, split at RCB boundaries (the
        completer ends each completion but the last on an RCB-aligned address; it fills up to MPS)."""
        out: list[int] = []
        a, end = addr, addr + nbytes
        while a < end:
            limit = a + self.mps
            cut = (limit // self.rcb) * self.rcb if limit < end else end
            n = max(cut, min(end, (a // self.rcb + 1) * self.rcb)) - a
            out.append(n)
            a += n
        return out

    def write_bandwidth(self, nbytes: int, addr: int = 0) -> float:
        """Posted writes of nbytes back to back: the payload rate, bytes/s (link-bound, no round trip)."""
        t = sum(self.t_tlp(n) for n in self.write_tlps(addr, nbytes))
        return nbytes / t * 1e9

    def read_round_trip(self, nbytes: int = 4, addr: int = 0) -> float:
        """Idle latency of one read of nbytes (at most MRRS), ns: the request's TLP, the hops both ways, the
        completer, the completions' TLPs."""
        req = self.t_tlp(0)
        cpl = sum(self.t_tlp(n, completion=True) for n in self.completions(addr, nbytes))
        return req + 2 * self.hops * self.hop_ns + self.completer_ns + cpl

    def read_bandwidth(self, nbytes: int, addr: int = 0) -> float:
        """Non-posted reads of nbytes: the completions' link rate, or what `tags` requests in flight can
        fetch per round trip if that is lower, bytes/s."""
        reqs = self.read_requests(addr, nbytes)
        link_ns = sum(self.t_tlp(n, completion=True) for a, n in reqs for n in self.completions(a, n))
        rtt = max(self.read_round_trip(n, a) for a, n in reqs)
        waves = math.ceil(len(reqs) / self.tags)
        return nbytes / max(link_ns, waves * rtt) * 1e9

    def t_tlp_exact(self, payload: int, completion: bool = False) -> Fraction:
        """The TLP's time as an exact fraction of a ns: (payload + header) * 8 / (m_encoding * b_phy * lanes)
        (axi_link_emu counts the same exactly)."""
        gbps, enc = GENERATIONS[self.gen]
        return Fraction(8 * (payload + self.header(completion))) / (enc * gbps * self.lanes)

    def word_efficiency(self, word: int = 4) -> float:
        """Packet efficiency when memory is reached a word at a time (each word its own TLP)."""
        return self.eta(word)


def emu_read_cycles(link: Link, clk_ps: int, completer_cycles: int, cpl_payload: int) -> int:
    """Cycles from the cycle of an idle read's AR handshake on axi_link_emu's s_axi (VALID and READY high; the
    request is taken at the edge that ends it) to the first cycle RVALID is high there, for a read answered by
    one completion of cpl_payload bytes; completer_cycles: from the first cycle the far end's ARVALID is high
    to the edge that takes the completion's last R beat. The emulator's rule (bench/rtl/axi_link_emu.sv): a
    packet leaves when ready, occupies its direction for t_tlp, flies hops * hop_ns, and the far end acts
    from the first clock edge at or after its arrival. So: the handshake cycle, the two one-way trips rounded
    up to edges, and the completer."""
    clk = Fraction(clk_ps, 1000)
    flight = Fraction(link.hops) * Fraction(link.hop_ns).limit_denominator(1000)
    down = math.ceil((link.t_tlp_exact(0) + flight) / clk)
    up = math.ceil((link.t_tlp_exact(cpl_payload, completion=True) + flight) / clk)
    return 1 + down + completer_cycles + up


def paper_check() -> dict[str, Any]:
    """Paper 004's figures from the model: PCIe 1.1, 128-byte payloads, 20-byte overhead."""
    x1, x16 = Link(gen=1, lanes=1, mps=128), Link(gen=1, lanes=16, mps=128)
    return {"eta": x1.eta(128), "b_max_mb_s": x1.b_max() / 1e6, "t_tlp_x1_ns": x1.t_tlp(128),
            "t_tlp_x16_ns": x16.t_tlp(128), "word_efficiency": x1.word_efficiency(4),
            "paper": {"eta": 0.86, "b_max_mb_s": 215, "t_tlp_x1_ns": 592, "t_tlp_x16_ns": 37, "word_efficiency": 0.17}}


def table(link: Link, sizes: list[int]) -> list[dict[str, Any]]:
    """Per transfer size: posted-write and read bandwidth, MB/s, and a read's idle round trip, ns."""
    return [{"bytes": n, "write_mb_s": link.write_bandwidth(n) / 1e6, "read_mb_s": link.read_bandwidth(n) / 1e6,
             "read_rtt_ns": link.read_round_trip(min(n, link.mrrs))} for n in sizes]


def render(link: Link, rows: list[dict[str, Any]]) -> str:
    p = paper_check()
    lines = ["paper 004 (PCIe 1.1, 128-byte payload, 20-byte overhead): model / paper",
             f"  eta {p['eta']:.3f} / 0.86;  b_max {p['b_max_mb_s']:.1f} / 215 MB/s;  t_TLP x1 {p['t_tlp_x1_ns']:.0f} / 592 ns,"
             f" x16 {p['t_tlp_x16_ns']:.0f} / 37 ns;  word access {100 * p['word_efficiency']:.1f} / 17 %",
             f"link: {asdict(link)}",
             f"  raw {link.b_raw / 1e6:.1f} MB/s, b_max at MPS {link.b_max() / 1e6:.1f} MB/s",
             "  bytes      write MB/s   read MB/s   read round trip ns"]
    lines += [f"  {r['bytes']:>9}  {r['write_mb_s']:>10.1f}  {r['read_mb_s']:>10.1f}  {r['read_rtt_ns']:>10.0f}" for r in rows]
    return "\n".join(lines)
