# SPDX-License-Identifier: Apache-2.0
"""`hc reproduce` on a subset (the full run is `make reproduce`, a benchmark): the report puts paper, model
and RTL side by side with the checks, summary.json carries every row, and the plots are written."""

from __future__ import annotations

import json

import pytest

from hyperconnect import reproduce


def test_sec43_and_fig5_reproduced() -> None:
    summary = reproduce.run(jobs=2, only=("sec43", "fig5"))
    rows = summary["rows"]
    assert not summary["failed"], summary["failed"]
    assert {r["experiment"] for r in rows} == {"000 Sec. 4.3", "001 Fig. 5"}
    r6 = [r for r in rows if r["case"] == "equalized, L = 2 (rule R6)"]
    assert [r["paper"] for r in r6] == [50.0, 50.0] and all(abs(r["rtl"] - 50.0) <= 1.0 for r in r6)
    stock = [r for r in rows if r["case"] == "stock"]
    assert [r["model"] for r in stock] == [20.0, 80.0] and all(r["ok"] for r in stock)
    assert len([r for r in rows if r["experiment"] == "001 Fig. 5"]) == 10
    report = (reproduce.OUT / "report.md").read_text()
    assert "| case | quantity | unit | paper | model | RTL | check |" in report
    assert "![sec43_share](sec43_share.png)" in report and (reproduce.OUT / "fig5_reservation.png").stat().st_size > 1000
    assert json.loads((reproduce.OUT / "summary.json").read_text())["rows"] == rows


def test_unknown_experiment() -> None:
    with pytest.raises(ValueError, match="unknown experiment 'fig99'"):
        reproduce.run(only=("fig99",))
