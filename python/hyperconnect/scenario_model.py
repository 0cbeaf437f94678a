"""The analytical model applied to a scenario (`hc model`): per port and channel the bandwidth share of
backlogged masters and the worst-case delay bound of one request.

Shares: stock crossbar by Eq. 4 (burst x outstanding); with equalization every burst counts as at most
beta beats and a port keeps at most min(L, outstanding x sub-bursts) sub-transactions in flight (Sec. 4.3);
reservation caps a port at budget x beta / period (paper 001); priority classes are strict (paper 002
Sec. 5): model.allocate. Reads use the R channel, writes the W channel; a mixed port uses both.
Delay bound of a request of burst_len beats (cycles from AR/AW accepted to its last beat, Sec. 4.4
extended): sub-bursts C = ceil(burst_len / beta); each waits for the other ports of its class (one
nominal transaction each per round); with lower classes present, G lower-class transactions may be in
flight: the request first waits for one of them to complete (memory latency + beta) and then behind the
other G - 1 (their data, or its own memory latency if longer); it waits for the higher classes' reserved
budgets in one period; a reserved port may find its own budget
spent and wait up to one period; plus the memory latency and the interconnect's 2-cycle address
latency. A higher-class port without reservation makes the bound
infinite (None): it may take the whole bus.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from . import model
from .scenario import Scenario

AR_LATENCY = 2  # axi_hyperconnect, cycles (docs/hyperconnect.md)


@dataclass(frozen=True)
class PortResult:
    name: str
    channel: str
    share: float
    delay_bound: int | None


def _uses(kind: str, channel: str) -> bool:
    return kind == "mixed" or (kind == "read") == (channel == "R")


def evaluate(sc: Scenario) -> list[PortResult]:
    ic = sc.interconnect
    beta = ic.nominal_len if ic.equalize else 256
    results: list[PortResult] = []
    for channel in ("R", "W"):
        idx = [i for i, p in enumerate(sc.ports) if _uses(p.traffic.kind, channel)]
        if not idx:
            continue
        weights, caps, classes = [], [], []
        for i in idx:
            t = sc.ports[i].traffic
            if ic.equalize:
                subs = math.ceil(t.burst_len / ic.nominal_len)
                weights.append(min(t.burst_len, ic.nominal_len) * min(ic.outstanding, t.outstanding * subs))
            else:
                weights.append(t.burst_len * t.outstanding)
            budget = sc.ports[i].read_budget if channel == "R" else sc.ports[i].write_budget
            caps.append(1.0 if budget is None else model.reserved_share(budget, ic.nominal_len, ic.period))
            classes.append(sc.ports[i].priority)
        shares = model.allocate(weights, caps, classes)
        for k, i in enumerate(idx):
            results.append(PortResult(sc.ports[i].name, channel, shares[k],
                                      _delay_bound(sc, i, idx, channel, beta)))
    return results


def _delay_bound(sc: Scenario, i: int, idx: list[int], channel: str, beta: int) -> int | None:
    ic = sc.interconnect
    me = sc.ports[i]
    burst = me.traffic.burst_len
    subs = math.ceil(burst / beta)
    same = [j for j in idx if j != i and sc.ports[j].priority == me.priority]
    lower = [j for j in idx if sc.ports[j].priority < me.priority]
    higher = [j for j in idx if sc.ports[j].priority > me.priority]
    per_sub = sum(min(sc.ports[j].traffic.burst_len, beta) for j in same)
    latency = ic.memory.latency
    wait = subs * per_sub
    if lower:   # a slot frees after one lower-class transaction, then the other G - 1 stream ahead
        wait += (latency + beta) + max(latency, (ic.global_limit - 1) * beta) - latency
    for j in higher:
        budget = sc.ports[j].read_budget if channel == "R" else sc.ports[j].write_budget
        if budget is None:
            return None
        wait += budget * ic.nominal_len
    own = me.read_budget if channel == "R" else me.write_budget
    if own is not None:
        wait += ic.period
    return wait + burst + latency + AR_LATENCY


def render(sc: Scenario, results: list[PortResult]) -> str:
    lines = [f"{'port':<12}{'ch':>3}{'class':>6}{'share %':>9}{'delay bound (cycles)':>22}"]
    for r in results:
        prio = next(p.priority for p in sc.ports if p.name == r.name)
        bound = "unbounded" if r.delay_bound is None else str(r.delay_bound)
        lines.append(f"{r.name:<12}{r.channel:>3}{prio:>6}{100 * r.share:>9.2f}{bound:>22}")
    return "\n".join(lines)
