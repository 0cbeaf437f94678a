# SPDX-License-Identifier: Apache-2.0
"""Analytical model of round-robin AXI arbitration and of the burst equalizer (paper 000).

Equations are numbered as in Restuccia et al., "Is Your Bus Arbiter Really Fair?" (TECS/CASES 2019).
"""

from __future__ import annotations

import math
from collections.abc import Sequence


def share_eq1(beta_i: int, beta_others: int, n: int) -> float:
    """Eq. 1: bandwidth fraction of a master with bursts beta_i among n masters, the others beta_others."""
    _check_positive(beta_i=beta_i, beta_others=beta_others, n=n)
    return 1.0 / (beta_others / beta_i * (n - 1) + 1.0)


def share_eq3(bursts: Sequence[int], i: int) -> float:
    """Eq. 3: bandwidth fraction of master i under per-transaction round-robin, bursts[j] beats each."""
    if not bursts or any(b <= 0 for b in bursts):
        raise ValueError("burst lengths must be positive")
    return bursts[i] / sum(bursts)


def share_eq4(bursts: Sequence[int], outstanding: Sequence[int], i: int) -> float:
    """Eq. 4: as Eq. 3 when master j may have outstanding[j] transactions in flight."""
    if len(bursts) != len(outstanding):
        raise ValueError("bursts and outstanding must have the same length")
    weights = [b * o for b, o in zip(bursts, outstanding)]
    if any(w <= 0 for w in weights):
        raise ValueError("bursts and outstanding must be positive")
    return weights[i] / sum(weights)


def equalized_bursts(bursts: Sequence[int], nominal: int) -> list[int]:
    """Burst length each master presents to the arbiter behind an equalizer of nominal length beta."""
    _check_positive(nominal=nominal)
    return [min(b, nominal) for b in bursts]


def abe_outstanding_limit(bursts: Sequence[int], outstanding: Sequence[int], nominal: int) -> int:
    """Sec. 4.3: L = min_j floor(S_j * L_j / beta), at least 1."""
    _check_positive(nominal=nominal)
    return max(1, min((s * l) // nominal for s, l in zip(bursts, outstanding)))


def abe_worst_case_delay(burst: int, nominal: int, n: int) -> int:
    """Sec. 4.4: worst-case cycles to complete a burst of `burst` beats with n equalized masters."""
    _check_positive(burst=burst, nominal=nominal, n=n)
    return math.ceil(burst / nominal) * (n - 1) * nominal + 1


def sub_bursts(length: int, nominal: int) -> int:
    """Rule R2: number of sub-bursts C = ceil(len / beta) an INCR burst of `length` beats is split into."""
    _check_positive(length=length, nominal=nominal)
    return math.ceil(length / nominal)


def pattern_byte(addr: int) -> int:
    """The byte the bench memory returns at an address never written (bench/rtl/hc_bench_pkg.sv)."""
    return (((addr & 0xFFFFFFFF) * 0x9E3779B1) & 0xFFFFFFFF) >> 24


def _check_positive(**values: int) -> None:
    for name, value in values.items():
        if value <= 0:
            raise ValueError(f"{name} must be positive (got {value})")


# ------------------------------------------------------------------ HyperConnect (paper 001, paper 002 Sec. 5)

def reserved_share(budget: int, nominal: int, period: int) -> float:
    """Paper 001 (reservation): a budget of `budget` nominal transactions of `nominal` beats per `period`
    cycles is at most budget * nominal / period of the channel's beats."""
    _check_positive(nominal=nominal, period=period)
    return min(1.0, budget * nominal / period)


def budget_for_share(share: float, nominal: int, period: int) -> int:
    """The budget (nominal transactions per period) for a channel share in 0..1, rounded down — what the
    C driver's hc_budget_for_share computes."""
    _check_positive(nominal=nominal, period=period)
    if not 0.0 <= share <= 1.0:
        raise ValueError(f"share must be in 0..1 (got {share})")
    return math.floor(period * share / nominal + 1e-9)


def allocate(weights: Sequence[float], caps: Sequence[float], classes: Sequence[int]) -> list[float]:
    """Channel share of backlogged ports under strict priority between classes (paper 002 Sec. 5) and
    weighted round-robin inside a class (weights as in Eq. 4), each port capped by its reservation
    (paper 001): the highest class takes what its caps allow, the rest goes to the next class; inside a
    class the capacity is water-filled by weight, a capped port's leftover going to the others."""
    n = len(weights)
    if not (len(caps) == len(classes) == n):
        raise ValueError("weights, caps and classes must have the same length")
    share = [0.0] * n
    left = 1.0
    for cls in sorted(set(classes), reverse=True):
        active = [i for i in range(n) if classes[i] == cls and weights[i] > 0 and caps[i] > 0]
        while active and left > 1e-12:
            total = sum(weights[i] for i in active)
            offer = {i: left * weights[i] / total for i in active}
            capped = [i for i in active if share[i] + offer[i] >= caps[i] - 1e-12]
            if not capped:
                for i in active:
                    share[i] += offer[i]
                left = 0.0
                break
            for i in capped:
                left -= caps[i] - share[i]
                share[i] = caps[i]
            active = [i for i in active if i not in capped]
    return share
