# SPDX-License-Identifier: Apache-2.0
"""The analytical model applied to a scenario (`hc model`): per port and channel the bandwidth share of
backlogged masters and the worst-case delay bound of one request.

Shares: stock crossbar by Eq. 4 (burst x outstanding); with equalization every burst counts as at most
beta beats and a port keeps at most min(L, outstanding x sub-bursts) sub-transactions in flight (Sec. 4.3);
reservation caps a port at budget x min(burst, beta) / period (paper 001); a port that idles `gap` cycles after each
request cannot use more than burst / (gap + 1) of a channel; priority classes are strict (paper 002
Sec. 5): model.allocate. Reads use the R channel, writes the W channel; a mixed port uses both. `share`
is a fraction of the channel's capacity; `used_share` of the beats the channel moves (the two differ when
reservations leave capacity unused) — `hc sim` measures the latter.
Valid for backlogged ports whose outstanding transactions keep the memory busy (the others' data in
flight covers a port's round trip) and for at most the IP's tracking depth in flight; the share window
should span many reservation periods (a window ending mid-period is off by up to one budget). Whatever AXI
IDs a master uses: the equalizer sends a port's sub-bursts on one ID and gives the master its IDs back, so
a master that rotates IDs keeps its L sub-transactions in flight like a one-ID DMA (before issue 15 it was
held to the sub-bursts of one ID at a time, and the model overstated its share).

Delay bound of a request (cycles from AxVALID to its last R beat or its B; Sec. 4.4 extended to
outstanding transactions, classes and reservation). With beta_j = min(burst_j, beta) and L_j the nominal
transactions port j keeps in flight: the request and the (own outstanding - 1) requests of its port
ahead of it make S = outstanding x ceil(burst / beta) sub-transactions, issued in groups of at most
L_own (its outstanding limit). When a group starts, every other port of its class may have L_j
transactions granted ahead of it; each further sub-transaction waits at most one transaction per other
port (round-robin, one per port per round) — for one request with one sub-transaction in flight per port
this is the paper's ceil(burst / beta) x (N - 1) x beta. With lower classes present each group may find
the G global slots taken: it waits for one to free (memory latency + beta) and behind the other G - 1;
the higher classes' reserved budgets of one period delay it; a reserved port may find its budget spent
and wait a period per budget's worth of sub-transactions. Plus its own data, the memory latency per group
and the interconnect's pipeline (PIPE_LATENCY: address and response path). A higher-class port without reservation, or a budget of
0, makes the bound infinite (None). A port that misbehaves on purpose (traffic.fault) holds the channel
it stalls until its watchdog trips: every other port's bound on that channel grows by its
stall_timeout + 4 cycles (infinite with the watchdog off); the misbehaving port itself has no bound.
The bound assumes the fixed-latency memory (memory.model fixed); with the DRAM model (rows, refresh,
turnarounds: axi_dram_model) no bound is given (None). The shares do not depend on the memory.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from . import model
from .scenario import TRACK_DEPTH, Scenario   # TRACK_DEPTH: the stock configuration's outstanding limit

# axi_hyperconnect's own pipeline at the default cut setting, cycles (docs/hyperconnect.md, latency table):
# the address path (request buffer, split stage, sub-burst register, crossbar's registered choice; 2 before
# issue 17) and the R path (crossbar's skid buffer, port's response buffer; 0 before issue 17). A read's
# delay bound counts both once.
AR_LATENCY = 4
R_LATENCY = 2
PIPE_LATENCY = AR_LATENCY + R_LATENCY


@dataclass(frozen=True)
class PortResult:
    name: str
    channel: str
    share: float              # of the channel's capacity
    delay_bound: int | None
    used_share: float = 0.0   # of the channel's beats actually moved (what `hc sim` measures)


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
            weights.append(min(t.burst_len, beta) * in_flight(sc, i, beta))      # data in flight (Eq. 4)
            budget = sc.ports[i].read_budget if channel == "R" else sc.ports[i].write_budget
            # a budget unit is one transaction after the equalizer: min(burst, beta) beats
            cap = 1.0 if budget is None else model.reserved_share(budget, min(t.burst_len, ic.nominal_len), ic.period)
            if t.gap:
                cap = min(cap, t.burst_len / (t.gap + 1))
            caps.append(cap)
            classes.append(sc.ports[i].priority)
        shares = model.allocate(weights, caps, classes)
        used = sum(shares)
        for k, i in enumerate(idx):
            results.append(PortResult(sc.ports[i].name, channel, shares[k], _delay_bound(sc, i, idx, channel, beta),
                                      shares[k] / used if used else 0.0))
    return results


def in_flight(sc: Scenario, j: int, beta: int) -> int:
    """Transactions port j keeps in flight on a channel (L_j): stock, its own outstanding up to the IP's
    tracking depth; equalized, nominal sub-transactions up to the outstanding limit."""
    ic, t = sc.interconnect, sc.ports[j].traffic
    if not ic.equalize:
        return min(TRACK_DEPTH, t.outstanding)
    return min(ic.outstanding, t.outstanding * model.sub_bursts(t.burst_len, beta))


# the channels a misbehaviour holds (writes are measured to their B: a B stall delays them)
STALLED = {"none": "", "w_stall": "W", "r_stall": "R", "b_stall": "W", "wlast": ""}
# cycles from the timeout to the culprit's responses flowing again (hc_watchdog: 4 since issue 17, which
# registers each cycle's stall, then the limit's cycle, before the trip)
WATCHDOG_REACTION = 4


def _delay_bound(sc: Scenario, i: int, idx: list[int], channel: str, beta: int) -> int | None:
    ic = sc.interconnect
    me = sc.ports[i]
    if me.traffic.fault != "none":
        return None                                   # a port that misbehaves on purpose has no bound
    stall_allowance = 0                               # ports that stall the channel, until their watchdog trips
    for j, other in enumerate(sc.ports):
        if j != i and channel in STALLED[other.traffic.fault]:
            if other.stall_timeout == 0:
                return None
            stall_allowance += other.stall_timeout + WATCHDOG_REACTION
    burst = me.traffic.burst_len
    subs = me.traffic.outstanding * model.sub_bursts(burst, beta)
    groups = math.ceil(subs / in_flight(sc, i, beta))
    same = [j for j in idx if j != i and sc.ports[j].priority == me.priority]
    lower = [j for j in idx if sc.ports[j].priority < me.priority]
    higher = [j for j in idx if sc.ports[j].priority > me.priority]
    if ic.memory.model != "fixed":       # (the bound needs a memory that answers in a fixed time)
        return None
    latency = ic.memory.latency
    ahead = sum(in_flight(sc, j, beta) * min(sc.ports[j].traffic.burst_len, beta) for j in same)
    per_round = sum(min(sc.ports[j].traffic.burst_len, beta) for j in same)
    wait = groups * ahead + (subs - groups) * per_round
    if lower:   # a slot frees after one lower-class transaction, then the other G - 1 stream ahead
        wait += groups * ((latency + beta) + max(latency, (ic.global_limit - 1) * beta) - latency)
    for j in higher:
        budget = sc.ports[j].read_budget if channel == "R" else sc.ports[j].write_budget
        if budget is None:
            return None
        wait += budget * ic.nominal_len
    own = me.read_budget if channel == "R" else me.write_budget
    if own is not None:
        if own == 0:
            return None
        wait += ic.period * math.ceil(subs / own)
    return wait + me.traffic.outstanding * burst + groups * latency + PIPE_LATENCY + stall_allowance


def render(sc: Scenario, results: list[PortResult]) -> str:
    lines = [f"{'port':<12}{'ch':>3}{'class':>6}{'share %':>9}{'of used %':>11}{'delay bound (cycles)':>22}"]
    for r in results:
        prio = next(p.priority for p in sc.ports if p.name == r.name)
        bound = "unbounded" if r.delay_bound is None else str(r.delay_bound)
        lines.append(f"{r.name:<12}{r.channel:>3}{prio:>6}{100 * r.share:>9.2f}{100 * r.used_share:>11.2f}{bound:>22}")
    return "\n".join(lines)
