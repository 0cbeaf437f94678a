# SPDX-License-Identifier: Apache-2.0
"""The PCIe link model (issue 20, paper 004): the paper's figures, the corrected TLP-time formula, the
splitting rules (MPS, MRRS, 4 KB, RCB), and the read-rate bounds (link, tags per round trip)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from hyperconnect import linkmodel
from hyperconnect.linkmodel import Link


def test_paper_004_figures() -> None:
    """eta 0.865, b_max 216.2 MB/s (paper 215), t_TLP 592 ns at x1 and 37 ns at x16, a 4-byte word 16.7 %."""
    p = linkmodel.paper_check()
    assert p["eta"] == pytest.approx(0.865, abs=5e-4)
    assert p["b_max_mb_s"] == pytest.approx(216.2, abs=0.05)
    assert p["t_tlp_x1_ns"] == pytest.approx(592.0)
    assert p["t_tlp_x16_ns"] == pytest.approx(37.0)
    assert p["word_efficiency"] == pytest.approx(0.1667, abs=5e-4)


def test_the_papers_printed_formula_is_not_its_numbers() -> None:
    """With the encoding factor in the numerator (as printed) one TLP would take 47 ns at x1, not 592."""
    x1 = Link()
    printed = (128 + 20) * x1.m_encoding / (x1.b_phy * 1) * 1e9
    assert printed == pytest.approx(47.36, abs=0.01) and x1.t_tlp(128) == pytest.approx(592.0)


def test_generations_and_headers() -> None:
    assert Link(gen=2).b_raw == pytest.approx(500e6)                      # the paper's 500 MB/s for 2.0
    assert Link(gen=3, lanes=8).b_raw == pytest.approx(8e9 * 128 / 130)    # 7.88 GB/s
    assert Link().header() == 20 and Link(addr64=True).header() == 24 and Link(ecrc=True).header() == 24
    assert Link(addr64=True).header(completion=True) == 20                 # completions: 3 DW always
    with pytest.raises(ValueError):
        Link(gen=6)
    with pytest.raises(ValueError):
        Link(mps=96)


def test_splitting_rules() -> None:
    link = Link(mps=128, mrrs=512, rcb=64)
    assert link.write_tlps(10, 600) == [118, 128, 128, 128, 98]            # MPS-aligned after the first
    assert sum(link.write_tlps(3, 5000)) == 5000
    assert link.read_requests(4000, 200) == [(4000, 96), (4096, 104)]     # never across 4 KB
    assert link.completions(20, 300) == [108, 128, 64]                     # first ends on an RCB boundary
    assert link.completions(0, 512) == [128] * 4


def test_read_rate_bounds() -> None:
    """Reads reach the link's rate only with enough tags; one tag gives one request per round trip."""
    many, one = Link(tags=32), Link(tags=1)
    assert many.read_bandwidth(1 << 20) == pytest.approx(many.b_max(), rel=1e-6)
    per_rtt = 512 / one.read_round_trip(512) * 1e9
    assert one.read_bandwidth(1 << 20) == pytest.approx(per_rtt, rel=1e-6)
    assert one.read_bandwidth(1 << 20) < many.read_bandwidth(1 << 20)
    assert Link(hops=2).read_round_trip() == pytest.approx(Link().read_round_trip() + 4 * 130.0)
    # posted writes: rate rises with the transfer size to b_max at MPS-sized TLPs
    rates = [Link().write_bandwidth(n) for n in (4, 64, 128, 4096)]
    assert rates == sorted(rates) and rates[-1] == pytest.approx(Link().b_max())


def test_cli_link_model_json() -> None:
    out = subprocess.run([sys.executable, "-m", "hyperconnect.cli", "link", "model", "--json", "--sizes", "4", "4096"],
                         capture_output=True, text=True, check=True).stdout
    data = json.loads(out)
    assert data["paper"]["t_tlp_x1_ns"] == pytest.approx(592.0) and [r["bytes"] for r in data["rows"]] == [4, 4096]


# Independently published figures (sources in docs/link.md, "Model against published figures"):
# (what, model value, published value)
def _published() -> list[tuple[str, float, float]]:
    g3 = Link(gen=3, lanes=8, mps=256, mrrs=512)
    cpl = g3.completions(0, 512)
    return [
        # Intel/Altera, Stratix 10 / Arria 10 Avalon-MM DMA user guides, "Throughput for Posted Writes":
        # Gen3 x8, 256-byte MPS, 3-DW header: 7.2 GB/s
        ("Gen3 x8 posted writes, MPS 256, GB/s", g3.b_max() / 1e9, 7.2),
        # Intel AN 708 (PCI Express DMA reference design), "Throughput for Posted Writes": 89.8 % of 8 GB/s
        ("Gen3 x8 posted writes (AN 708), GB/s", g3.b_max() / 1e9, 7.19),
        # Intel user guides, "Throughput for Reads": a 512-byte read in two 256-byte completions, 40 bytes of
        # overhead: 92 %
        ("512-byte read, completion efficiency", 512 / (512 + sum(g3.header(completion=True) for _ in cpl)), 0.92),
    ]


@pytest.mark.parametrize("what,model,published", _published())
def test_independent_published_figures(what: str, model: float, published: float) -> None:
    """The model against figures published independently of paper 004: within 10 % (measured: 0.8-1.6 %)."""
    assert abs(model / published - 1) < 0.10, f"{what}: model {model:.4g}, published {published:.4g}"
