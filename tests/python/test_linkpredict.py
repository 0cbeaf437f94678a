# SPDX-License-Identifier: Apache-2.0
"""`hc link predict` (issue 20): the paths' latency is the sum of their parts, each part from its source
(host measured, link model, fabric simulated, bridge and root-complex options); bandwidth is the lowest
stage; missing or malformed inputs give a clear error naming the command that makes them."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from hyperconnect import linkmodel, linkpredict

HOST = {"summary": {"levels": {"L1": 1.0, "L2": 3.0, "DRAM": 90.0},
                    "loaded": {"loaded": {"dram": {"idle_ns": 90.0, "loaded_ns": 140.0}}},
                    "bandwidth": {"read": {"largest": {"bytes": 1 << 28, "mbps": 12000.0}},
                                  "write": {"largest": {"bytes": 1 << 28, "mbps": 9000.0}}}}}
SIM = {"summary": {"clk_mhz": 250.0, "idle_cycles": 30, "memory_cycles": 10, "loaded_cycles": 60, "bound_cycles": 80,
                   "read_bytes_per_cycle": 8.0, "write_bytes_per_cycle": 8.0, "bus_bytes": 8,
                   "interconnect_measured": True}}


def _args(tmp: Path, host: object = HOST, sim: object = SIM, **kw: object) -> argparse.Namespace:
    (tmp / "host.json").write_text(json.dumps(host))
    (tmp / "sim.json").write_text(json.dumps(sim))
    p = argparse.ArgumentParser()
    linkpredict.add_arguments(p)
    p.add_argument("--json", action="store_true")
    argv = ["--host", str(tmp / "host.json"), "--sim", str(tmp / "sim.json")]
    for k, v in kw.items():
        argv += [f"--{k.replace('_', '-')}", str(v)]
    return p.parse_args(argv)


def test_paths_add_up(tmp_path: Path) -> None:
    link = linkmodel.Link(gen=3, lanes=4, mps=256, hops=1)
    host = linkpredict.host_figures(HOST, "h")
    fabric = linkpredict.fabric_figures(SIM, "s")
    paths = {p.name: p for p in linkpredict.compose(link, host, fabric, bridge_ns=250, root_ns=100, access=64)}
    cpu_fab = paths["processor -> fabric memory, across the link"]
    parts = dict(cpu_fab.parts)
    assert parts["fabric interconnect + memory (simulated)"] == pytest.approx(30 * 4.0)
    assert parts["bridge (endpoint), both ways"] == 500 and parts["switch hops, both ways"] == 2 * 130
    assert parts["read request TLP(s)"] == pytest.approx(link.t_tlp(0))
    assert parts["root complex, both ways"] == 200
    assert parts["the access's further beats at the fabric"] == pytest.approx(7 * 4.0)   # 64 B = 8 beats of 8
    assert cpu_fab.total_ns == pytest.approx(200 + link.t_tlp(0) + 260 + 500 + 120 + 28 + link.t_tlp(64, True))
    dma = paths["fabric (DMA) -> processor memory, across the link"]
    assert dict(dma.parts)["fabric interconnect, both ways (simulated)"] == pytest.approx(20 * 4.0)
    assert dma.bandwidth_mb_s <= min(12000.0, 8.0 * 250, link.b_max() / 1e6) + 1e-6
    assert dma.limit == "the fabric port (simulated)"              # 2,000 MB/s is the lowest here
    # an access larger than MRRS / MPS: every request's and TLP's time counted
    big = {p.name: p for p in linkpredict.compose(link, host, fabric, bridge_ns=250, root_ns=100, access=2048)}
    parts = dict(big["processor -> fabric memory, across the link"].parts)
    assert parts["read request TLP(s)"] == pytest.approx(4 * link.t_tlp(0))                 # MRRS 512
    parts = dict(big["fabric (DMA) -> processor memory, posted writes"].parts)
    assert parts["write TLP(s)"] == pytest.approx(8 * link.t_tlp(256))                        # MPS 256
    assert paths["processor -> its memory"].total_ns == 90.0


def test_cli_text_and_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert linkpredict.run(_args(tmp_path)) == 0
    assert "fabric (DMA) -> processor memory" in capsys.readouterr().out
    args = _args(tmp_path)
    args.json = True
    linkpredict.run(args)
    data = json.loads(capsys.readouterr().out)
    for p in data["paths"]:
        assert p["total_ns"] == pytest.approx(sum(x["ns"] for x in p["parts"]))


def test_missing_or_bad_inputs_say_what_to_run(tmp_path: Path) -> None:
    args = _args(tmp_path)
    args.host = tmp_path / "absent.json"
    with pytest.raises(RuntimeError, match="hc link host"):
        linkpredict.run(args)
    with pytest.raises(RuntimeError, match="memory_cycles"):
        linkpredict.run(_args(tmp_path, sim={"summary": {k: v for k, v in SIM["summary"].items() if k != "memory_cycles"}}))
    with pytest.raises(ValueError):
        linkpredict.run(_args(tmp_path, access=0))
    with pytest.raises(ValueError):
        linkpredict.run(_args(tmp_path, fabric_mhz=0))
    with pytest.raises(RuntimeError, match="--loaded"):
        linkpredict.run(_args(tmp_path, sim={"summary": dict(SIM["summary"], interconnect_measured=False)}))
