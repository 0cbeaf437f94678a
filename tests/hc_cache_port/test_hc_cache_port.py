# SPDX-License-Identifier: Apache-2.0
"""pytest entry of hc_cache_port's cocotb testbench (bench/frontends/hc_cache_port_tb.py and _tb.sv, which `hc bench`
also runs for the figures): every case at each parameter set below."""

from __future__ import annotations

import os

import pytest


RANDOM_CASES = ["random_scoreboard", "cmd_race", "err_random", "reset_clear"]


@pytest.mark.parametrize("mem,stress,params,accesses,cases", [
    (0, 0, {"CACHE_BYTES": 16384, "WAYS": 2}, 100_000, None),
    (0, 1, {"CACHE_BYTES": 4096, "WAYS": 1}, 100_000, None),
    (1, 0, {"CACHE_BYTES": 16384, "WAYS": 2}, 0, None),
    (0, 1, {"CACHE_BYTES": 4096, "WAYS": 2}, 20_000, RANDOM_CASES),
    (0, 1, {"DW": 32, "CACHE_BYTES": 16384, "WAYS": 2}, 20_000, RANDOM_CASES),
    (0, 1, {"DW": 512, "CACHE_BYTES": 4096, "WAYS": 2}, 20_000, RANDOM_CASES)],
    ids=["clean-16k-2way", "idle+backpressure+stall-4k-direct", "figures", "idle+backpressure+stall-4k-2way",
         "dw32-stress-16k-2way", "dw512-stress-4k-2way"])
def test_hc_cache_port(mem: int, stress: int, params: dict, accesses: int, cases: list[str] | None) -> None:
    from hyperconnect import bench
    from lib.runner import run_cocotb
    dw = params.get("DW", 64)
    run_cocotb("hc_cache_port_tb", "hc_cache_port_tb", bench.FRONTEND_TBS, bench.cache_port_tb_sources(),
               parameters={"MEM": mem, **params},
               build_name=f"hc_cache_port_{mem}_{params['CACHE_BYTES']}_{params['WAYS']}"
                          + ("" if dw == 64 else f"_dw{dw}"),
               testcase=cases,
               env={"HC_STRESS": str(stress),
                    "HC_CACHE_ACCESSES": os.environ.get("HC_CACHE_ACCESSES", str(accesses))})
