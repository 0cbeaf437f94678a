# SPDX-License-Identifier: Apache-2.0
"""pytest entry of hc_stream_wr's cocotb testbench (bench/frontends/hc_stream_wr_tb.py and _tb.sv, which `hc bench`
also runs for the figures): every case at each parameter set below."""

from __future__ import annotations

import pytest


SMALL = {"MAX_BURST": 3, "FIFO_DEPTH": 5, "MAX_OUTSTANDING": 2, "DESC_DEPTH": 2}   # odd sizes, every limit reached


@pytest.mark.parametrize("mem,stress,params", [(0, 0, {}), (0, 1, {}), (0, 1, {**SMALL, "CUT_THROUGH": 0}),
                                               (0, 0, {"CUT_THROUGH": 0}), (1, 0, {})],
                         ids=["clean", "idle+backpressure+stall", "small-buffers-store-and-forward-stress",
                              "store-and-forward", "figures"])
def test_hc_stream_wr(mem: int, stress: int, params: dict) -> None:
    from hyperconnect import bench
    from lib.runner import run_cocotb
    name = "_".join(f"{k}{v}" for k, v in params.items())
    run_cocotb("hc_stream_wr_tb", "hc_stream_wr_tb", bench.FRONTEND_TBS, bench.stream_wr_tb_sources(),
               parameters={"MEM": mem, **params}, build_name=f"hc_stream_wr_{mem}_{name}",
               env={"HC_STRESS": str(stress)})
