"""`hc sim` on the RTL against `hc model`: shares agree within 1 point for the stock and equalized demo
and a reservation split; periodic jobs report one response time per job; what is not simulated yet is a
clear ScenarioError."""

from __future__ import annotations

import pytest
import yaml

from hyperconnect import paths, scenario, scenario_model, scenario_sim

SCENARIOS = paths.ROOT / "bench" / "scenarios"


def both(data: dict) -> list[tuple[str, float, float]]:
    sc = scenario.parse(data)
    model = {r.name: 100 * r.share for r in scenario_model.evaluate(sc)}
    rtl = {p.name: 100 * p.share for p in scenario_sim.run(sc)["ports"]}
    return [(name, model[name], rtl[name]) for name in model]


@pytest.mark.parametrize("equalize", [True, False], ids=["equalized", "stock"])
def test_demo_model_vs_rtl(equalize: bool) -> None:
    data = yaml.safe_load((SCENARIOS / "demo_s256.yaml").read_text())
    data["interconnect"]["equalize"] = equalize
    for p in data["ports"]:
        p["traffic"]["total_bytes"] = min(p["traffic"]["total_bytes"], 1 << 20)
    for name, model, rtl in both(data):
        assert abs(model - rtl) <= 1.0, f"{name}: model {model:.2f} %, RTL {rtl:.2f} %"


def test_reservation_model_vs_rtl() -> None:
    data = yaml.safe_load((SCENARIOS / "fig5_90_10.yaml").read_text())
    data["ports"][0]["budget"]["read"] = 437        # 70/30
    data["ports"][1]["budget"]["read"] = 187
    for p in data["ports"]:
        p["traffic"]["total_bytes"] = 1 << 20
    for name, model, rtl in both(data):
        assert abs(model - rtl) <= 1.0, f"{name}: model {model:.2f} %, RTL {rtl:.2f} %"


def test_periodic_jobs_and_writes() -> None:
    data = {"interconnect": {"memory": {"latency": 10}},
            "ports": [{"name": "fir", "traffic": {"kind": "read", "total_bytes": 16384, "burst_len": 16,
                                                   "periodic": {"period": 20000, "jobs": 3}}},
                      {"name": "dma", "traffic": {"kind": "write", "total_bytes": 65536, "burst_len": 256,
                                                   "outstanding": 2, "start": 500}}]}
    result = scenario_sim.run(scenario.parse(data))
    fir, dma = result["ports"]
    assert fir.bytes == 3 * 16384 and dma.bytes == 65536 and dma.channel == "W"
    assert 16384 // 8 <= fir.response_min <= fir.response_max < 20000
    assert result["cycles"] >= 2 * 20000


def test_not_simulated_yet() -> None:
    data = yaml.safe_load((SCENARIOS / "demo_s256.yaml").read_text())
    data["ports"][0]["traffic"]["kind"] = "mixed"
    with pytest.raises(scenario.ScenarioError, match=r"ports\[0\]\.traffic\.kind: 'mixed' is not simulated yet"):
        scenario_sim.config_text(scenario.parse(data))
