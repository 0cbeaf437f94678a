# SPDX-License-Identifier: Apache-2.0
"""`hc link predict`: end-to-end latency and bandwidth of each path between a processor, its memory, the
fabric and the fabric's memory, composed from three sources (issue 20, paper 004):

- the host, measured (`hc link host`: build/link/host.json): the processor's memory latency and bandwidth;
- the link, modelled (hyperconnect.linkmodel): packets, flight, tags;
- the fabric side, simulated (`hc link sim`: build/link/sim.json): hc_link_probe's latency through the
  interconnect to the fabric's memory, idle and loaded, in cycles of the fabric clock.

Each path is a sum of named parts, so the answer says where the time goes (paper 004: "about 1,000 ns of
the 2,000 ns are the PLB-to-PCIe bridge"). The bridge (the endpoint's AXI <-> PCIe core, each way) and the
root complex are not measured by any of the three: they are options, with defaults stated in docs/link.md.
A path's bandwidth is the lowest of its stages' rates.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from . import linkmodel, paths

HOST_JSON = paths.BUILD / "link" / "host.json"
SIM_JSON = paths.BUILD / "link" / "sim.json"


@dataclass(frozen=True)
class HostFigures:
    """What the host measurement gives the composition."""
    dram_ns: float              # idle latency of a dependent load that misses every cache
    dram_loaded_ns: float       # the same with the other cores loading memory
    read_mb_s: float            # read bandwidth, blocks far larger than the last cache
    write_mb_s: float
    source: str


@dataclass(frozen=True)
class FabricFigures:
    """What the fabric simulation gives the composition (cycles of the fabric clock)."""
    clk_mhz: float
    idle_cycles: float          # probe read latency, request to data, through the interconnect, idle
    memory_cycles: float        # of which the memory's own (the rest is the interconnect, both ways)
    loaded_cycles: float        # the same with interfering ports (the worst seen)
    bound_cycles: float | None  # the interconnect model's bound for the loaded case (None: no bound)
    read_bytes_per_cycle: float
    write_bytes_per_cycle: float
    bus_bytes: int              # the probe's data width: an access of n bytes is n / bus_bytes beats
    source: str

    def ns(self, cycles: float) -> float:
        return cycles * 1000.0 / self.clk_mhz

    @property
    def interconnect_ns(self) -> float:
        return self.ns(self.idle_cycles - self.memory_cycles)


@dataclass
class Path_:
    name: str
    parts: list[tuple[str, float]] = field(default_factory=list)   # (what, ns)
    bandwidth_mb_s: float = 0.0
    limit: str = ""

    @property
    def total_ns(self) -> float:
        return sum(ns for _, ns in self.parts)


def _get(d: dict[str, Any], *keys: str) -> Any:
    for k in keys:
        if not isinstance(d, dict) or k not in d:
            raise KeyError(".".join(keys))
        d = d[k]
    return d


def host_figures(data: dict[str, Any], source: str) -> HostFigures:
    """From `hc link host`'s report: the DRAM plateau (idle, and loaded where measured) and the bandwidth
    at the largest block."""
    s = data.get("summary", data)
    try:
        dram = float(_get(s, "levels", "DRAM"))
        loaded = (s.get("loaded", {}).get("loaded") or {}).get("dram") or {}
        return HostFigures(dram_ns=dram, dram_loaded_ns=float(loaded.get("loaded_ns") or dram),
                           read_mb_s=float(_get(s, "bandwidth", "read", "largest", "mbps")),
                           write_mb_s=float(_get(s, "bandwidth", "write", "largest", "mbps")), source=source)
    except (KeyError, TypeError, ValueError) as exc:
        raise RuntimeError(f"{source}: no host figure {exc} in its summary (written by `hc link host`)") from None


def fabric_figures(data: dict[str, Any], source: str) -> FabricFigures:
    """The summary block `hc link sim` writes (its "summary" key)."""
    s = data.get("summary", data)
    try:
        f = FabricFigures(clk_mhz=float(_get(s, "clk_mhz")), idle_cycles=float(_get(s, "idle_cycles")),
                             memory_cycles=float(_get(s, "memory_cycles")),
                             loaded_cycles=float(_get(s, "loaded_cycles")),
                             bound_cycles=None if s.get("bound_cycles") is None else float(s["bound_cycles"]),
                             read_bytes_per_cycle=float(_get(s, "read_bytes_per_cycle")),
                             write_bytes_per_cycle=float(_get(s, "write_bytes_per_cycle")),
                             bus_bytes=int(_get(s, "bus_bytes")), source=source)
    except (KeyError, TypeError, ValueError) as exc:
        raise RuntimeError(f"{source}: no fabric figure {exc} in its summary (written by `hc link sim`)") from None
    if f.clk_mhz <= 0 or f.bus_bytes < 1:
        raise RuntimeError(f"{source}: clk_mhz must be > 0 and bus_bytes >= 1")
    if not s.get("interconnect_measured"):
        raise RuntimeError(f"{source}: the interconnect was not simulated (run `hc link sim --loaded`)")
    return f


def _load(path: Path, what: str, command: str) -> dict[str, Any]:
    if not path.is_file():
        raise RuntimeError(f"no {what} results at {path}: run `{command}` first (or pass --{what} FILE)")
    try:
        data = json.loads(path.read_text())
    except json.JSONDecodeError as exc:
        raise RuntimeError(f"{path}: not JSON ({exc})") from None
    if not isinstance(data, dict):
        raise RuntimeError(f"{path}: not a JSON object")
    return data


def compose(link: linkmodel.Link, host: HostFigures, fabric: FabricFigures, bridge_ns: float, root_ns: float,
            access: int, fabric_clk_mhz: float | None = None) -> list[Path_]:
    """The four paths. `access`: the bytes one access moves (a cache line for a processor, a burst for DMA);
    the latency is that access's, idle; the bandwidth is a stream of them with the link's tags in flight."""
    fab = fabric if fabric_clk_mhz is None else FabricFigures(**{**asdict(fabric), "clk_mhz": fabric_clk_mhz})
    flight = link.hops * link.hop_ns
    reqs = link.read_requests(0, access)
    t_req = sum(link.t_tlp(0) for _ in reqs)
    t_cpl = sum(link.t_tlp(c, completion=True) for a, n in reqs for c in link.completions(a, n))
    beats = fab.ns(max(0, -(-access // fab.bus_bytes) - 1))  # an access's beats after the first, at the fabric
    fabric_rd = fab.read_bytes_per_cycle * fab.clk_mhz       # MB/s
    fabric_wr = fab.write_bytes_per_cycle * fab.clk_mhz

    out: list[Path_] = []
    p = Path_("processor -> its memory", [("memory (measured, idle)", host.dram_ns)])
    p.bandwidth_mb_s, p.limit = host.read_mb_s, "host memory (measured)"
    out.append(p)

    # the processor reads the fabric's memory through the link: one outstanding access per load
    p = Path_("processor -> fabric memory, across the link", [
        ("root complex, both ways", 2 * root_ns), ("read request TLP(s)", t_req), ("switch hops, both ways", 2 * flight),
        ("bridge (endpoint), both ways", 2 * bridge_ns), ("fabric interconnect + memory (simulated)", fab.ns(fab.idle_cycles)),
        ("the access's further beats at the fabric", beats), ("completion TLP(s)", t_cpl)])
    p.bandwidth_mb_s, p.limit = access / p.total_ns * 1e3, "one access per round trip (a processor's load)"
    out.append(p)

    # a fabric master (DMA) reads the processor's memory through the link, tags in flight
    rtt_parts = [("fabric interconnect, both ways (simulated)", fab.interconnect_ns),
                 ("bridge (endpoint), both ways", 2 * bridge_ns), ("read request TLP(s)", t_req),
                 ("switch hops, both ways", 2 * flight), ("root complex, both ways", 2 * root_ns),
                 ("host memory (measured, idle)", host.dram_ns), ("completion TLP(s)", t_cpl),
                 ("the access's further beats at the fabric", beats)]
    p = Path_("fabric (DMA) -> processor memory, across the link", rtt_parts)
    completer = 2 * root_ns + host.dram_ns + 2 * bridge_ns + fab.interconnect_ns + beats
    tagged = linkmodel.Link(**{**asdict(link), "completer_ns": completer})
    rates = {"link reads (tags per round trip, or the link)": tagged.read_bandwidth(1 << 20) / 1e6,
             "host memory (measured)": host.read_mb_s, "the fabric port (simulated)": fabric_rd}
    p.limit = min(rates, key=lambda k: rates[k])
    p.bandwidth_mb_s = rates[p.limit]
    out.append(p)

    p = Path_("fabric (DMA) -> processor memory, posted writes", [
        ("fabric interconnect, one way (simulated)", fab.interconnect_ns / 2), ("bridge (endpoint)", bridge_ns),
        ("write TLP(s)", sum(link.t_tlp(n) for n in link.write_tlps(0, access))), ("switch hops", flight),
        ("root complex", root_ns)])
    rates = {"link posted writes": link.write_bandwidth(1 << 20) / 1e6, "host memory (measured)": host.write_mb_s,
             "the fabric port (simulated)": fabric_wr}
    p.limit = min(rates, key=lambda k: rates[k])
    p.bandwidth_mb_s = rates[p.limit]
    out.append(p)

    p = Path_("fabric -> fabric memory", [("interconnect + memory (simulated, idle)", fab.ns(fab.idle_cycles))])
    p.bandwidth_mb_s, p.limit = fabric_rd, "the fabric port (simulated)"
    out.append(p)
    return out


def render(paths_: list[Path_], link: linkmodel.Link, host: HostFigures, fabric: FabricFigures) -> str:
    lines = [f"link: PCIe Gen{link.gen} x{link.lanes}, MPS {link.mps}, MRRS {link.mrrs}, {link.tags} tags, "
             f"{link.hops} hops; host: {host.source} (memory {host.dram_ns:.0f} ns idle, {host.dram_loaded_ns:.0f} ns "
             f"loaded); fabric: {fabric.source} at {fabric.clk_mhz:g} MHz "
             f"(loaded {fabric.ns(fabric.loaded_cycles):.0f} ns, model bound "
             f"{'none' if fabric.bound_cycles is None else f'{fabric.ns(fabric.bound_cycles):.0f} ns'})"]
    for p in paths_:
        lines.append(f"\n{p.name}: {p.total_ns:,.0f} ns, {p.bandwidth_mb_s:,.0f} MB/s (limit: {p.limit})")
        for what, ns in p.parts:
            share = 100 * ns / p.total_ns if p.total_ns else 0.0
            lines.append(f"  {what:<46} {ns:>9,.1f} ns  {share:5.1f} %")
    return "\n".join(lines)


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--host", type=Path, default=HOST_JSON, help=f"host results (default {HOST_JSON})")
    p.add_argument("--sim", type=Path, default=SIM_JSON, help=f"fabric results (default {SIM_JSON})")
    p.add_argument("--gen", type=int, default=3)
    p.add_argument("--lanes", type=int, default=4)
    p.add_argument("--mps", type=int, default=256)
    p.add_argument("--mrrs", type=int, default=512)
    p.add_argument("--tags", type=int, default=32)
    p.add_argument("--hops", type=int, default=0)
    p.add_argument("--bridge-ns", type=float, default=250.0,
                   help="the endpoint's AXI <-> PCIe bridge, each way (default 250 ns; see docs/link.md)")
    p.add_argument("--root-ns", type=float, default=100.0,
                   help="the root complex, each crossing (a read crosses it twice; default 100 ns; see docs/link.md)")
    p.add_argument("--rcb", type=int, default=64)
    p.add_argument("--addr64", action="store_true")
    p.add_argument("--ecrc", action="store_true")
    p.add_argument("--hop-ns", type=float, default=130.0, help="one switch, each way (default 130 ns)")
    p.add_argument("--access", type=int, default=64, help="bytes per access (default 64: a cache line)")
    p.add_argument("--fabric-mhz", type=float, default=None, help="fabric clock (default: the simulation's)")


def run(args: argparse.Namespace) -> int:
    link = linkmodel.Link(gen=args.gen, lanes=args.lanes, mps=args.mps, mrrs=args.mrrs, rcb=args.rcb,
                          addr64=args.addr64, ecrc=args.ecrc, tags=args.tags, hops=args.hops, hop_ns=args.hop_ns)
    if args.access < 1 or args.bridge_ns < 0 or args.root_ns < 0:
        raise ValueError("--access >= 1, --bridge-ns and --root-ns >= 0")
    if args.fabric_mhz is not None and args.fabric_mhz <= 0:
        raise ValueError("--fabric-mhz must be > 0")
    host = host_figures(_load(args.host, "host", "hc link host --quick"), str(args.host))
    fabric = fabric_figures(_load(args.sim, "sim", "hc link sim --loaded"), str(args.sim))
    result = compose(link, host, fabric, args.bridge_ns, args.root_ns, args.access, args.fabric_mhz)
    if args.json:
        print(json.dumps({"link": asdict(link), "host": asdict(host), "fabric": asdict(fabric),
                          "paths": [{"name": p.name, "total_ns": p.total_ns, "bandwidth_mb_s": p.bandwidth_mb_s,
                                     "limit": p.limit, "parts": [{"what": w, "ns": ns} for w, ns in p.parts]}
                                    for p in result]}, indent=2))
    else:
        print(render(result, link, host, fabric))
    return 0
