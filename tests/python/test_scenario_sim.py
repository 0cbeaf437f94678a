# SPDX-License-Identifier: Apache-2.0
"""`hc sim` on the RTL against `hc model`: shares agree within 1 point for the stock and equalized demo
and a reservation split; periodic jobs report one response time per job; mixed, narrow and gapped
traffic; the CLI writes JSON and plots and rejects a bad scenario with exit code 2; `hc sweep` runs every
combination."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from hyperconnect import paths, scenario, scenario_model, scenario_sim

SCENARIOS = paths.ROOT / "bench" / "scenarios"


def both(data: dict) -> list[tuple[str, float, float]]:
    sc = scenario.parse(data)
    model = {r.name: 100 * r.used_share for r in scenario_model.evaluate(sc)}
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


def test_dram_memory_is_half_duplex() -> None:
    """A reader and a writer on the DRAM model (ddr200_64, writes drained four at a time): they share one
    data bus, so together they move at most one beat per cycle (on the fixed-latency memory each had its
    own path: about one beat per cycle each), and the bus stays busy: 85 % or more of the cycles carry a
    beat (refreshes, turnarounds and the drains' switches cost the rest)."""
    data = {"interconnect": {"memory": {"model": "dram", "preset": "ddr200_64", "write_batch": 4}},
            "ports": [{"name": "rd", "traffic": {"kind": "read", "total_bytes": 65536, "burst_len": 16,
                                                  "outstanding": 8}},
                      {"name": "wr", "traffic": {"kind": "write", "total_bytes": 65536, "burst_len": 16,
                                                  "outstanding": 8}}]}
    result = scenario_sim.run(scenario.parse(data))
    beats = sum(p.beats for p in result["ports"])
    assert beats == 2 * 65536 // 8
    assert 0.85 * result["cycles"] <= beats <= result["cycles"], f"{beats} beats in {result['cycles']} cycles"


def test_mixed_narrow_and_gap() -> None:
    """A mixed port reads the first half and writes the second at once (an R and a W row); a narrow port
    moves 4-byte beats; a gap spaces a port's requests (16-beat requests every 101 cycles: 16 % of R)."""
    data = {"interconnect": {"memory": {"latency": 10}},
            "ports": [{"name": "mix", "traffic": {"kind": "mixed", "total_bytes": 65536, "burst_len": 64}},
                      {"name": "narrow", "traffic": {"kind": "read", "total_bytes": 16384, "burst_len": 16, "size": 2}},
                      {"name": "slow", "traffic": {"kind": "read", "total_bytes": 16384, "burst_len": 16, "gap": 100}}]}
    sc = scenario.parse(data)
    result = scenario_sim.run(sc)
    rows = {(p.name, p.channel): p for p in result["ports"]}
    assert set(rows) == {("mix", "R"), ("mix", "W"), ("narrow", "R"), ("slow", "R")}
    assert rows[("mix", "R")].bytes == rows[("mix", "W")].bytes == 32768
    assert rows[("narrow", "R")].beats == 16384 // 4 and rows[("narrow", "R")].bytes == 16384
    slow = rows[("slow", "R")]
    assert slow.latency.count == 16384 // 128 and slow.response_max >= (slow.latency.count - 1) * 101
    assert {r.name: round(100 * r.share, 1) for r in scenario_model.evaluate(sc) if r.name == "slow"} == {"slow": 15.8}
    assert abs(100 * slow.share - 100 * 16 / 101) < 1.5 * 100 / result["window_cycles"]["R"] + 1.0


def test_beat_size_must_divide_the_bytes() -> None:
    data = yaml.safe_load((SCENARIOS / "demo_s256.yaml").read_text())
    data["ports"][1]["traffic"].update(size=2, total_bytes=1002)
    with pytest.raises(scenario.ScenarioError, match=r"ports\[1\]\.traffic\.total_bytes: 1002 is not a multiple "
                                                     r"of the beat size \(4 bytes\)"):
        scenario_sim.config_text(scenario.parse(data))


def test_cli_sim_writes_json_and_plots(tmp_path) -> None:
    import json
    import subprocess
    import sys
    out = subprocess.run([sys.executable, "-m", "hyperconnect.cli", "sim", "--json", "--out", str(tmp_path),
                          str(SCENARIOS / "demo_s256.yaml")], capture_output=True, text=True, check=True)
    doc = json.loads(out.stdout)
    assert {p["name"] for p in doc["ports"]} == {"D1", "D2", "D3"}
    assert all(abs(100 * (p["share"] - p["model_share"])) <= 1.0 for p in doc["ports"])
    assert all(p["latency"]["max"] <= p["delay_bound"] for p in doc["ports"])
    for f in doc["files"]:
        assert Path(f).stat().st_size > 1000, f
    bad = tmp_path / "bad.yaml"
    bad.write_text("ports:\n  - traffic: {kind: read, total_bytes: 64, outstanding: 0}\n")
    res = subprocess.run([sys.executable, "-m", "hyperconnect.cli", "sim", str(bad)], capture_output=True, text=True)
    assert res.returncode == 2
    assert res.stderr.strip().splitlines() == [f"hc sim: {bad}: ports[0].traffic.outstanding: 0 is out of range 1..255"]


def test_sweep_runs_every_combination() -> None:
    from hyperconnect import sweep
    base = yaml.safe_load((SCENARIOS / "demo_s256.yaml").read_text())
    for p in base["ports"]:
        p["traffic"]["total_bytes"] = min(p["traffic"]["total_bytes"], 1 << 18)
    params = [sweep.parse_param("interconnect.equalize=false,true"), sweep.parse_param("ports[0].traffic.burst_len=64,256")]
    rows = sweep.run(sweep.variants(base, params), jobs=2)
    assert [r["setting"] for r in rows] == [{"interconnect.equalize": e, "ports[0].traffic.burst_len": b}
                                            for e in (False, True) for b in (64, 256)]
    d2 = [next(p for p in r["ports"] if p["name"] == "D2") for r in rows]
    assert [round(100 * p["model_share"], 2) for p in d2] == [4.76, 3.03, 33.33, 33.33]
    assert all(abs(p["share"] - p["model_share"]) <= 0.01 for p in d2)
    with pytest.raises(scenario.ScenarioError, match=r"ports\[0\]\.traffic\.burst_len: 300 is out of range"):
        sweep.variants(base, [sweep.parse_param("ports[0].traffic.burst_len=16,300")])
    with pytest.raises(scenario.ScenarioError, match="no item"):
        sweep.variants(base, [sweep.parse_param("ports[5].priority=1")])


def test_the_harness_reads_json_and_names_what_is_wrong(tmp_path: Path) -> None:
    """Issue 21: the scenario reaches the C++ harness as JSON (scenario_sim.config, read with nlohmann::json);
    a missing key or an unknown kind stops it with exit code 1 and a message naming the key, not a silent
    misread of a positional line."""
    import json
    import subprocess
    sc = scenario.parse(yaml.safe_load((SCENARIOS / "demo_s256.yaml").read_text()))
    binary = scenario_sim.harness(sc)
    good = scenario_sim.config(sc)
    assert good["format"] == 1 and good["ports"][0]["kind"] in ("read", "write", "mixed")
    for mutate, needle in ((lambda c: c["ports"][0].pop("burst_len"), "burst_len"),
                           (lambda c: c["ports"][1].update(kind="copy"), "copy"),
                           (lambda c: c.update(format=2), "format 2")):
        bad = json.loads(json.dumps(good))
        mutate(bad)
        cfg = tmp_path / "bad.json"
        cfg.write_text(json.dumps(bad))
        run = subprocess.run([str(binary), str(cfg)], capture_output=True, text=True, timeout=120)
        assert run.returncode == 1 and needle in run.stderr, (needle, run.returncode, run.stderr[-300:])
