# SPDX-License-Identifier: Apache-2.0
"""axi_hyperconnect in the C++ system harness (4 ports, 64-bit, memory latency 10), configured through
the C driver: paper 001 Fig. 5 reservation splits within 1 point, the high-class read latency bound
idle + (G + 1) x nominal for G = 1, 2, 4, a high-class greedy port held to its budget (no starvation of
the low class), the foundation fairness demo at reset defaults, and R-channel
utilisation >= 99 % under saturation (the same runs as `hc bench`)."""

from __future__ import annotations

from hyperconnect import bench


def test_hyperconnect_experiments() -> None:
    report = bench.run_system()
    print(bench.render_system(report))
    assert len(report["reservation"]) == 5 and len(report["priority"]) == 3 and len(report["bounded"]) == 2 and len(report["fairness"]) == 5
    problems = bench.check_system(report)
    assert not problems, "\n".join(problems)
