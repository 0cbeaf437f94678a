# SPDX-License-Identifier: Apache-2.0
"""Logic depth of every register input in an ECP5 netlist (yosys `synth_ecp5 -json`), without placing it.

nextpnr names one critical path per run; a design that must reach a clock rate needs every path below
a depth. This walks the netlist from flip-flop outputs through LUTs, wide muxes, carry
cells and LUT-RAM reads to every flip-flop input, LUT-RAM write port and output, and ranks the
registers by the deepest path into them. A level is one LUT4 (or a carry cell entered from outside its
chain, or a LUT-RAM read); a wide mux behind its LUTs or a step along a carry chain costs a fraction.
On ECP5-85k with nextpnr, each level costs about 1.5 ns (0.3 ns logic, 1.2 ns routing), so 150 MHz
(6.7 ns) leaves room for about 4 levels.
Paths start at flip-flops (and LUT-RAM reads) only: nextpnr out of context does not time the paths from
the top-level inputs into the clock domain (their source is the user's logic), so neither does this.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

_UNTIMED = float("-inf")

# cost of passing a cell from an input pin to an output pin
_FF = {"TRELLIS_FF", "DP16KD", "MULT18X18D", "ALU54B"}
_WIDE_MUX_DATA = {("PFUMX", "ALUT"), ("PFUMX", "BLUT"), ("L6MUX21", "D0"), ("L6MUX21", "D1")}


def _pin_cost(ctype: str, pin: str) -> float:
    if (ctype, pin) in _WIDE_MUX_DATA:
        return 0.3
    if ctype == "CCU2C" and pin == "CIN":
        return 0.05
    return 1.0


def _comb_inputs(ctype: str, pins: dict[str, str]) -> list[str]:
    """The input pins of a cell that reach its outputs within the cycle."""
    if ctype in _FF:
        return []
    if ctype == "TRELLIS_DPR16X4":
        return ["RAD"]
    return [p for p, d in pins.items() if d == "input"]


def _sinks(ctype: str, pins: dict[str, str]) -> list[str]:
    """The input pins of a cell that end a path (sampled at the clock edge)."""
    if ctype in _FF:
        return [p for p, d in pins.items() if d == "input" and p not in ("CLK", "CLKA", "CLKB")]
    if ctype == "TRELLIS_DPR16X4":
        return ["DI", "WAD", "WRE"]
    return []


def analyse(netlist: dict[str, Any], top: str | None = None) -> list[dict[str, Any]]:
    """Every register (and output port) with the deepest path into it, deepest first: end, pin,
    depth, start (the register or input the path leaves from) and the nets it runs through."""
    mods = netlist["modules"]
    name = top or next(m for m, v in mods.items() if v.get("attributes", {}).get("top"))
    mod = mods[name]
    # a readable name per bit: public before generated names, hierarchical before top-level ports
    names: dict[int, str] = {}
    for net, v in sorted(mod["netnames"].items(),
                         key=lambda kv: (kv[1].get("hide_name", 0), "." not in kv[0], len(kv[0]))):
        for i, bit in enumerate(v["bits"]):
            if isinstance(bit, int) and bit not in names:
                names[bit] = net if len(v["bits"]) == 1 else f"{net}[{i}]"
    cells = mod["cells"]
    driver: dict[int, str] = {}
    for cname, c in cells.items():
        for pin, d in c.get("port_directions", {}).items():
            if d == "output":
                for bit in c["connections"][pin]:
                    if isinstance(bit, int):
                        driver[bit] = cname
    # bit -> (depth, the input bit the deepest path comes through); iterative, netlists are deep.
    # A top-level input starts no path (-inf), so a register fed only from inputs is not listed.
    port_in = {b for v in mod.get("ports", {}).values() if v["direction"] == "input"
              for b in v["bits"] if isinstance(b, int)}
    arrival: dict[int, tuple[float, int | None]] = {}

    def arrive(bit: int) -> float:
        stack, open_ = [bit], set()                  # open_: expanded, inputs not all known yet
        while stack:
            b = stack[-1]
            if b in arrival:
                stack.pop()
                continue
            c = cells[driver[b]] if b in driver else None
            inputs_ = [] if c is None else [
                (ib, _pin_cost(c["type"], pin))
                for pin in _comb_inputs(c["type"], c.get("port_directions", {}))
                for ib in c["connections"].get(pin, []) if isinstance(ib, int)]
            pending = [ib for ib, _ in inputs_ if ib not in arrival]
            if pending:
                open_.add(b)
                if any(ib in open_ for ib in pending):
                    raise RuntimeError(f"levels: combinational loop through {names.get(b, b)}")
                stack.extend(pending)
                continue
            open_.discard(b)
            best: tuple[float, int | None] = (_UNTIMED if b in port_in or inputs_ else 0.0, None)
            for ib, cost in inputs_:
                if arrival[ib][0] + cost > best[0]:
                    best = (arrival[ib][0] + cost, ib)
            arrival[b] = best
            stack.pop()
        return arrival[bit][0]

    ends: dict[str, dict[str, Any]] = {}

    def end(label: str, pin: str, bit: int) -> None:
        depth = arrive(bit)
        if depth == _UNTIMED:
            return
        if label not in ends or depth > ends[label]["depth"]:
            ends[label] = {"end": label, "pin": pin, "depth": round(depth, 2), "bit": bit}

    for cname, c in cells.items():
        # a register is named after its output net (bit index dropped: one entry per vector)
        q = next((b for p in ("Q", "DO") for b in c["connections"].get(p, []) if isinstance(b, int)), None)
        label = re.sub(r"\[\d+\]$", "", names.get(q, cname)) if q is not None else cname
        for pin in _sinks(c["type"], c.get("port_directions", {})):
            for bit in c["connections"].get(pin, []):
                if isinstance(bit, int):
                    end(label, pin, bit)
    for port, v in mod.get("ports", {}).items():
        if v["direction"] == "output":
            for bit in v["bits"]:
                if isinstance(bit, int):
                    end(port, "output", bit)
    out = sorted(ends.values(), key=lambda e: -e["depth"])
    for e in out:
        trail, b = [], e.pop("bit")
        while arrival[b][1] is not None:
            trail.append(_base(names.get(b, "")))
            b = arrival[b][1]
        e["start"] = names.get(b, str(b))
        e["through"] = list(dict.fromkeys(reversed(trail)))
    return out


def _base(net: str) -> str:
    """A net's name without the cell suffixes techmapping appends (`_LUT4_Z_3`, `_CCU2C_S0`, ...)."""
    return re.sub(r"\[\d+\]$", "", re.split(r"_(?:LUT4|CCU2C|PFUMX|L6MUX21|TRELLIS_\w+)_", net)[0])


def _group(end: str) -> str:
    """The module an endpoint belongs to, port indices folded (g_port[3].u_x.y -> g_port[*].u_x)."""
    return re.sub(r"g_port\[\d+\]", "g_port[*]", end).rsplit(".", 1)[0]


def summary(ends: list[dict[str, Any]], groups: int = 10) -> dict[str, Any]:
    """Register inputs by whole levels (deepest first) and the modules with the deepest inputs."""
    hist: dict[int, int] = {}
    by: dict[str, list[float]] = {}
    for e in ends:
        hist[int(e["depth"])] = hist.get(int(e["depth"]), 0) + 1
        by.setdefault(_group(e["end"]), []).append(e["depth"])
    deepest = sorted(by.items(), key=lambda kv: -max(kv[1]))[:groups]
    return {"histogram": {str(k): hist[k] for k in sorted(hist, reverse=True)},
            "deepest": [{"group": g, "levels": max(ds), "count": len(ds)} for g, ds in deepest]}


def report(path: Path, count: int = 25, groups: int = 30) -> str:
    """The `count` deepest register inputs with their paths, then the summary."""
    ends = analyse(json.loads(path.read_text()))
    lines = []
    for e in ends[:count]:
        lines.append(f"{e['depth']:>6}  {e['end']}  <-  {e['start']}")
        lines.append("          through " + " -> ".join(e["through"]))
    s = summary(ends, groups)
    lines.append("register inputs by levels: " + ", ".join(f"{k}: {v}" for k, v in s["histogram"].items()))
    lines.append("deepest modules (levels, register inputs):")
    lines += [f"  {g['levels']:>5}  {g['count']:>4}  {g['group']}" for g in s["deepest"]]
    return "\n".join(lines)


if __name__ == "__main__":
    print(report(Path(sys.argv[1]), int(sys.argv[2]) if len(sys.argv) > 2 else 25))
