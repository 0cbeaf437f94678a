# SPDX-License-Identifier: Apache-2.0
"""Scenario files (YAML): an interconnect configuration and, per port, a traffic description.

The format (every key optional unless marked required; ranges are checked, and the first bad field is
reported as one line naming its path and the allowed values, e.g.
``ports[1].traffic.burst_len: 300 is out of range 1..256``):

    interconnect:
      data_width: 64              # bits, power of two 8..1024
      equalize: true              # false: the stock crossbar (no splitting, no per-port limits)
      nominal_len: 16             # beta, 1..256 beats
      outstanding: 4              # per-port limit L (read and write), 1..255
      period: 10000               # reservation period, cycles, >= 1
      global_limit: 32            # G, 1..255
      memory: {latency: 10, reorder: false}   # model fixed (the default): axi_mem_model
      # memory: {model: dram, preset: ddr200_64, reorder: false, qos_threshold: 16, write_batch: 0}
      #                         # axi_dram_model (docs/fastlane.md): presets ddr200_64 | ddr4_2400;
      #                         # qos_threshold 1..15 serves AxQOS >= it first (16: off); write_batch 0..31
    ports:                        # required, 1..16 entries
      - name: D1                  # default "port<i>"
        priority: 0               # class 0..3, higher wins
        stall_timeout: 0          # watchdog: cycles a stall may last before the port is cut off, 0..65535, 0 = off
        budget: {read: 562}       # nominal transactions per period; a budget turns reservation on
        traffic:                  # required
          kind: read              # read | write | mixed
          total_bytes: 4194304    # >= 1
          burst_len: 256          # beats, 1..256
          size: 3                 # log2 bytes per beat, <= log2(data_width / 8)
          outstanding: 8          # transactions the master keeps in flight, 1..255
          start: 0                # cycle
          gap: 0                  # idle cycles after each address request (computation between bursts), 0..65535
          fault: none             # misbehave on purpose: none | w_stall (no write data) | r_stall (RREADY low)
                                  # | b_stall (BREADY low) | wlast (WLAST on each burst's first beat); never finishes
          periodic: {period: 100000, jobs: 4}   # optional: a job of total_bytes every period

load() and parse() return a Scenario (typed dataclasses) or raise ScenarioError.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


# misbehaviours a port can be told to show (axi_traffic_gen cfg_fault codes 0..4, in this order)
# the simulated IP's outstanding-transaction limit per port (hc_system_top's axi_hyperconnect TRACK_DEPTH),
# which the model also assumes when the scenario does not equalize
TRACK_DEPTH = 16
FAULTS = ("none", "w_stall", "r_stall", "b_stall", "wlast")


class ScenarioError(ValueError):
    """A scenario that cannot be used; the message is one line naming the field."""


# the DRAM model's presets (bench/rtl/axi_dram_model.sv, docs/fastlane.md) by the code hc_system_top's
# DRAM_PRESET takes
DRAM_PRESETS = {"ddr200_64": 1, "ddr4_2400": 2}


@dataclass(frozen=True)
class Memory:
    """The memory behind the interconnect: `fixed` (axi_mem_model: every response `latency` cycles after
    its request, reads and writes on separate data paths; `reorder` shuffles responses across IDs) or
    `dram` (axi_dram_model: one half-duplex bus, banks and rows, refresh, by `preset`; `reorder` serves row
    hits first, `qos_threshold` 1..15 serves requests with AxQOS at or above it first, `write_batch` drains
    writes that many at a time)."""
    latency: int = 10
    reorder: bool = False
    model: str = "fixed"
    preset: str = "ddr200_64"
    qos_threshold: int = 16
    write_batch: int = 0


@dataclass(frozen=True)
class Interconnect:
    data_width: int = 64
    equalize: bool = True
    nominal_len: int = 16
    outstanding: int = 4
    period: int = 10000
    global_limit: int = 32
    memory: Memory = field(default_factory=Memory)

    @property
    def bus_bytes(self) -> int:
        return self.data_width // 8


@dataclass(frozen=True)
class Periodic:
    period: int
    jobs: int


@dataclass(frozen=True)
class Traffic:
    kind: str
    total_bytes: int
    burst_len: int = 16
    size: int = 3
    outstanding: int = 4
    start: int = 0
    gap: int = 0
    periodic: Periodic | None = None
    fault: str = "none"       # one of FAULTS

    @property
    def beat_bytes(self) -> int:
        return 1 << self.size


@dataclass(frozen=True)
class Port:
    name: str
    traffic: Traffic
    priority: int = 0
    read_budget: int | None = None
    write_budget: int | None = None
    stall_timeout: int = 0

    @property
    def reserved(self) -> bool:
        return self.read_budget is not None or self.write_budget is not None


@dataclass(frozen=True)
class Scenario:
    interconnect: Interconnect
    ports: tuple[Port, ...]


class _Reader:
    """Typed access to one mapping of the YAML tree, with errors that name the path."""

    def __init__(self, data: Any, path: str) -> None:
        if data is None:
            data = {}
        if not isinstance(data, dict):
            raise ScenarioError(f"{path or 'scenario'}: expected a mapping, got {type(data).__name__}")
        self.data, self.path, self.used = data, path, set()

    def _where(self, key: str) -> str:
        return f"{self.path}.{key}" if self.path else key

    def raw(self, key: str, default: Any = None, required: bool = False) -> Any:
        self.used.add(key)
        if key not in self.data or self.data[key] is None:
            if required:
                raise ScenarioError(f"{self._where(key)}: required")
            return default
        return self.data[key]

    def int(self, key: str, default: int | None, lo: int, hi: int | None = None, required: bool = False) -> int:
        value = self.raw(key, default, required)
        if isinstance(value, bool) or not isinstance(value, int):
            raise ScenarioError(f"{self._where(key)}: expected an integer, got {value!r}")
        if value < lo or (hi is not None and value > hi):
            allowed = f"{lo}..{hi}" if hi is not None else f">= {lo}"
            raise ScenarioError(f"{self._where(key)}: {value} is out of range {allowed}")
        return value

    def bool(self, key: str, default: bool) -> bool:
        value = self.raw(key, default)
        if not isinstance(value, bool):
            raise ScenarioError(f"{self._where(key)}: expected true or false, got {value!r}")
        return value

    def choice(self, key: str, choices: tuple[str, ...], required: bool = False, default: str | None = None) -> str:
        value = self.raw(key, default, required)
        if value not in choices:
            raise ScenarioError(f"{self._where(key)}: {value!r} is not one of {', '.join(choices)}")
        return str(value)

    def sub(self, key: str, required: bool = False) -> _Reader | None:
        value = self.raw(key, None, required)
        return None if value is None else _Reader(value, self._where(key))

    def done(self) -> None:
        unknown = sorted(set(self.data) - self.used)
        if unknown:
            raise ScenarioError(f"{self._where(unknown[0])}: unknown field")


def _interconnect(r: _Reader) -> Interconnect:
    width = r.int("data_width", 64, 8, 1024)
    if width & (width - 1):
        raise ScenarioError(f"{r._where('data_width')}: {width} is not a power of two in 8..1024")
    mem = r.sub("memory") or _Reader({}, r._where("memory"))
    kind = mem.choice("model", ("fixed", "dram"), default="fixed")
    if kind == "fixed":
        memory = Memory(latency=mem.int("latency", 10, 1, 10000), reorder=mem.bool("reorder", False))
    else:
        if "latency" in mem.data:
            raise ScenarioError(f"{mem._where('latency')}: only for model fixed (the dram model's latencies follow "
                                "its preset)")
        memory = Memory(model="dram", preset=mem.choice("preset", tuple(DRAM_PRESETS), default="ddr200_64"),
                        reorder=mem.bool("reorder", False), qos_threshold=mem.int("qos_threshold", 16, 1, 16),
                        write_batch=mem.int("write_batch", 0, 0, 31))
    mem.done()
    ic = Interconnect(data_width=width, equalize=r.bool("equalize", True), nominal_len=r.int("nominal_len", 16, 1, 256),
                      outstanding=r.int("outstanding", 4, 1, 255), period=r.int("period", 10000, 1, 2**32 - 1),
                      global_limit=r.int("global_limit", 32, 1, 255), memory=memory)
    r.done()
    return ic


def _port(r: _Reader, index: int, ic: Interconnect) -> Port:
    t = r.sub("traffic", required=True)
    assert t is not None
    max_size = (ic.bus_bytes).bit_length() - 1
    periodic = None
    p = t.sub("periodic")
    if p is not None:
        periodic = Periodic(period=p.int("period", None, 1, required=True), jobs=p.int("jobs", None, 1, required=True))
        p.done()
    traffic = Traffic(kind=t.choice("kind", ("read", "write", "mixed"), required=True),
                      total_bytes=t.int("total_bytes", None, 1, 2**32 - 1, required=True),
                      burst_len=t.int("burst_len", 16, 1, 256), size=t.int("size", max_size, 0, max_size),
                      outstanding=t.int("outstanding", 4, 1, 255), start=t.int("start", 0, 0),
                      gap=t.int("gap", 0, 0, 65535), periodic=periodic,
                      fault=t.choice("fault", FAULTS, default="none"))
    t.done()
    b = r.sub("budget")
    rd = wr = None
    if b is not None:
        rd = b.int("read", None, 0, 65535) if b.raw("read") is not None else None
        wr = b.int("write", None, 0, 65535) if b.raw("write") is not None else None
        b.done()
    name = r.raw("name", f"port{index}")
    if not isinstance(name, str) or not name:
        raise ScenarioError(f"{r._where('name')}: expected a non-empty string, got {name!r}")
    port = Port(name=name, traffic=traffic, priority=r.int("priority", 0, 0, 3), read_budget=rd, write_budget=wr,
                stall_timeout=r.int("stall_timeout", 0, 0, 65535))
    r.done()
    return port


def parse(data: Any) -> Scenario:
    """A Scenario from the parsed YAML tree; ScenarioError names the first bad field."""
    top = _Reader(data, "")
    ic_reader = top.sub("interconnect") or _Reader({}, "interconnect")
    ic = _interconnect(ic_reader)
    ports_raw = top.raw("ports", required=True)
    if not isinstance(ports_raw, list) or not 1 <= len(ports_raw) <= 16:
        n = len(ports_raw) if isinstance(ports_raw, list) else type(ports_raw).__name__
        raise ScenarioError(f"ports: expected a list of 1..16 ports, got {n}")
    ports = tuple(_port(_Reader(p, f"ports[{i}]"), i, ic) for i, p in enumerate(ports_raw))
    names = [p.name for p in ports]
    for i, n in enumerate(names):
        if n in names[:i]:
            raise ScenarioError(f"ports[{i}].name: {n!r} is used twice")
    top.done()
    return Scenario(interconnect=ic, ports=ports)


def load(path: str | Path) -> Scenario:
    """Read and validate a scenario file."""
    import yaml
    p = Path(path)
    try:
        text = p.read_text()
    except OSError as e:
        raise ScenarioError(f"{p}: cannot read ({e.strerror})") from None
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        where = f" line {mark.line + 1}" if mark is not None else ""
        raise ScenarioError(f"{p}:{where} not valid YAML ({getattr(e, 'problem', e)})") from None
    return parse(data)
