# SPDX-License-Identifier: Apache-2.0
"""Model vs RTL over generated scenarios: for each seed a random interconnect configuration and traffic
(2..4 ports, stock or equalized, bursts 1..256, outstanding 1..8, reads, writes or mixed, narrow beats,
priority classes and reservation budgets in some) is simulated by `hc sim`; every simulated share must
agree with `hc model` within 1 point and every observed request latency must stay at or below the model's
delay bound. The seed is printed so a failure replays: HC_MODEL_SEEDS=17 pytest tests/python/test_model_vs_rtl.py

The generator stays inside the model's domain (python/hyperconnect/scenario_model.py): every port is
backlogged for the whole share window (equal work, all released at cycle 0), the other ports keep at least
32 beats in flight so the memory never idles for a port's round trip (with reservations, which leave the
memory idle when budgets are spent, every port covers its own round trip), and the IP tracks every
transaction in flight (sum of L at most 16).
"""

from __future__ import annotations

import math
import os
import random

import pytest

from hyperconnect import scenario, scenario_model, scenario_sim
from hyperconnect.sweep import run_many

SEEDS = [int(s) for s in os.environ.get("HC_MODEL_SEEDS", "").split(",") if s] or list(range(1, 25))


def generate(seed: int) -> dict:
    rng = random.Random(seed)
    while True:
        n = rng.randint(2, 4)
        equalize = rng.random() < 0.7
        nominal = rng.choice((8, 16, 32))
        limit = rng.choice((2, 4))
        kind = rng.choice(("read", "read", "write", "mixed"))
        narrow = rng.random() < 0.2
        ports = []
        for i in range(n):
            traffic = {"kind": kind, "total_bytes": 262144, "burst_len": rng.choice((1, 8, 16, 32, 64, 256)),
                       "outstanding": rng.randint(1, 8)}
            if narrow and i == 0:
                traffic["size"] = 2
                traffic["total_bytes"] //= 2
            ports.append({"name": f"P{i}", "traffic": traffic})
        data = {"interconnect": {"equalize": equalize, "nominal_len": nominal, "outstanding": limit,
                                 "memory": {"latency": rng.choice((4, 10, 20))}}, "ports": ports}
        if equalize and rng.random() < 0.3:          # a reservation split between two ports
            a = rng.choice((20, 40, 60))
            data["interconnect"]["period"] = 2000            # many periods per share window
            ch = "write" if kind == "write" else "read"
            for port, pct in ((ports[0], a), (ports[1], 100 - a - 10)):
                port["budget"] = {ch: math.floor(2000 * pct / 100 / nominal)}
        sc = scenario.parse(data)
        beta = nominal if equalize else 256
        inflight = [min(p.traffic.burst_len, beta) * scenario_model.in_flight(sc, i, beta)
                    for i, p in enumerate(sc.ports)]
        tracked = sum(scenario_model.in_flight(sc, i, beta) for i in range(n))
        # with reservations the memory idles when budgets are spent: then each port must cover its own
        # round trip (memory latency + the IP's pipeline) with its data in flight
        reserved = any(p.reserved for p in sc.ports)
        solo = all(w >= 2 * (sc.interconnect.memory.latency + 16) for w in inflight)
        if tracked <= 16 and all(sum(inflight) - w >= 32 for w in inflight) and (solo or not reserved):
            return data


@pytest.fixture(scope="module")
def simulated() -> list[tuple[int, scenario.Scenario, dict]]:
    scs = [scenario.parse(generate(seed)) for seed in SEEDS]
    print(f"model-vs-RTL seeds: {','.join(map(str, SEEDS))}")
    return list(zip(SEEDS, scs, run_many(scs, label="model-vs-rtl")))


def test_shares_within_one_point(simulated) -> None:
    failures = []
    for seed, sc, result in simulated:
        model = {(r.name, r.channel): r for r in scenario_model.evaluate(sc)}
        for p in result["ports"]:
            m = model[(p.name, p.channel)]
            if abs(100 * (p.share - m.used_share)) > 1.0:
                failures.append(f"seed {seed} {p.name} {p.channel}: RTL {100 * p.share:.2f} %, model "
                                f"{100 * m.used_share:.2f} %")
    assert not failures, "\n".join(failures)


def test_latency_within_bound(simulated) -> None:
    failures = []
    for seed, sc, result in simulated:
        model = {(r.name, r.channel): r for r in scenario_model.evaluate(sc)}
        for p in result["ports"]:
            bound = model[(p.name, p.channel)].delay_bound
            assert p.latency.count > 0, f"seed {seed} {p.name} {p.channel}: no request completed"
            if bound is not None and p.latency.max > bound:
                failures.append(f"seed {seed} {p.name} {p.channel}: worst {p.latency.max} > bound {bound}")
    assert not failures, "\n".join(failures)


def test_generator_covers_the_space() -> None:
    scs = [scenario.parse(generate(seed)) for seed in SEEDS]
    assert {sc.interconnect.equalize for sc in scs} == {True, False}
    assert {p.traffic.kind for sc in scs for p in sc.ports} >= {"read", "write"}
    assert any(p.read_budget is not None or p.write_budget is not None for sc in scs for p in sc.ports)
    assert len({len(sc.ports) for sc in scs}) >= 2
