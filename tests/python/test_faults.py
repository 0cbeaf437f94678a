# SPDX-License-Identifier: Apache-2.0
"""Misbehaving accelerators on the RTL (issue 5): in bench/scenarios/faults/<fault>.yaml port "culprit"
stalls W, holds RREADY or BREADY low, or sends early WLASTs from cycle 2000 on, with the watchdog at 256
cycles. Its watchdog must trip with the right FAULT flag, and every other port must finish with its worst
request latency within the model's bound, which adds the culprit's timeout on the channel it stalls
(scenario_model). The same scenarios with the watchdog off must leave the others stuck (the harness
times out) — the protection is what keeps them going. Memory contents per fault are checked by
tests/axi_hyperconnect::test_watchdog."""

from __future__ import annotations

import pytest
import yaml

from hyperconnect import paths, regs, scenario, scenario_model, scenario_sim, sim

FAULTS = paths.ROOT / "bench" / "scenarios" / "faults"
# a scenario's traffic.fault is named after the FAULT flag the watchdog sets for it
FLAG = {f: 1 << regs.FAULTS.index(f) for f in scenario.FAULTS if f != "none"}


@pytest.mark.parametrize("fault", sorted(FLAG))
def test_culprit_cut_off_others_bounded(fault: str) -> None:
    sc = scenario.load(FAULTS / f"{fault}.yaml")
    model = {(r.name, r.channel): r for r in scenario_model.evaluate(sc)}
    result = scenario_sim.run(sc)
    rows = []
    for p in result["ports"]:
        if p.name == "culprit":
            assert p.faults == FLAG[fault], f"culprit FAULT 0x{p.faults:02x}, want 0x{FLAG[fault]:02x}"
            continue
        bound = model[(p.name, p.channel)].delay_bound
        assert bound is not None and p.faults == 0
        rows.append(f"{p.name} {p.channel}: worst {p.latency.max} <= bound {bound}")
        assert p.latency.max <= bound, f"{fault}: {p.name} {p.channel} worst latency {p.latency.max} > bound {bound}"
    print(f"{fault}: " + "; ".join(rows))


def test_without_watchdog_a_stall_holds_the_others(tmp_path) -> None:
    data = yaml.safe_load((FAULTS / "r_stall.yaml").read_text())
    for p in data["ports"]:
        p["stall_timeout"] = 0
    sc = scenario.parse(data)
    assert all(r.delay_bound is None for r in scenario_model.evaluate(sc) if r.channel == "R")
    text = scenario_sim.config_text(sc, max_cycles=200_000)
    cfg = tmp_path / "r_stall_off.json"
    cfg.write_text(text)
    with pytest.raises(sim.SimError, match="timeout"):
        sim.run_json_lines(scenario_sim.harness(sc), [str(cfg)], timeout=600)
