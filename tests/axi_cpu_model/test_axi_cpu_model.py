# SPDX-License-Identifier: Apache-2.0
"""cocotb tests of axi_cpu_model (bench/rtl, simulation only; issue 18): its run time is exactly misses ×
gap + the sum of its miss latencies; on the fixed-latency memory every miss costs LATENCY + the line's
beats, so the run time is misses × (gap + LATENCY + beats); on the DRAM model a miss costs at least a row
hit (1 + tCL + beats) and the identity still holds; 0 misses completes at once; the protocol checker
watches its port."""

from __future__ import annotations

import os

import cocotb
import pytest
from cocotb.triggers import ReadOnly, RisingEdge


async def run(dut, misses: int, gap: int, span: int = 1 << 16) -> tuple[int, int, int]:
    dut.cfg_misses.value, dut.cfg_gap.value, dut.cfg_base.value, dut.cfg_span.value = misses, gap, 0x40000, span
    dut.start.value = 1
    for _ in range(1_000_000):
        await RisingEdge(dut.aclk)
        dut.start.value = 0
        await ReadOnly()
        if int(dut.done.value):
            break
    else:
        raise AssertionError("the CPU model never finished")
    await RisingEdge(dut.aclk)
    return int(dut.cycles.value), int(dut.lat_sum.value), int(dut.lat_max.value)


@cocotb.test()
async def jittered_gaps(dut) -> None:
    """JITTER: each gap uniform in 0 .. 2 x gap — the run time is still exactly the gaps plus the latencies,
    the gaps average to the one asked for (within 5 % over 2,000 misses) and are not all equal."""
    from hyperconnect.tb.env import start_clock_reset
    if not int(dut.JITTER.value):
        return
    dut.start.value = 0
    await start_clock_reset(dut)
    for gap in (0, 1, 40):
        cycles, lat_sum, _ = await run(dut, 2000, gap)
        gap_sum = int(dut.gap_sum.value)
        assert cycles == gap_sum + lat_sum, f"gap {gap}: {cycles} != {gap_sum} + {lat_sum}"
        assert abs(gap_sum / 2000 - gap) <= 0.05 * gap, f"gap {gap}: mean {gap_sum / 2000:.2f}"
        cocotb.log.info("JITTER, gap %d: mean gap %.2f over 2,000 misses", gap, gap_sum / 2000)


@cocotb.test()
async def run_time(dut) -> None:
    from hyperconnect.tb.env import start_clock_reset
    mem, latency = int(os.environ["HC_CPU_MEM"]), int(os.environ["HC_CPU_LATENCY"])
    beats = int(dut.LINE_BYTES.value) // 8
    dut.start.value = 0
    await start_clock_reset(dut)
    if int(dut.JITTER.value):
        return
    for misses, gap in ((1, 0), (50, 0), (50, 7), (200, 100), (0, 5)):
        cycles, lat_sum, lat_max = await run(dut, misses, gap)
        assert int(dut.gap_sum.value) == misses * gap
        assert cycles == misses * gap + lat_sum, f"{misses} misses, gap {gap}: {cycles} != {misses} x {gap} + {lat_sum}"
        if mem == 0:
            assert lat_sum == misses * (latency + beats) and lat_max == (latency + beats if misses else 0), \
                f"{misses} misses: latencies {lat_sum}, max {lat_max}"
        elif misses:
            assert lat_sum >= misses * (1 + 2 + beats), f"DRAM miss below a row hit: {lat_sum / misses:.1f}"
            cocotb.log.info("DRAM: %d misses, gap %d: %.2f cycles per miss (max %d)", misses, gap, lat_sum / misses,
                            lat_max)
    assert int(dut.protocol_errors.value) == 0


@pytest.mark.parametrize("mem,latency,jitter", [(0, 10, 0), (0, 1, 0), (1, 0, 0), (1, 0, 1)],
                         ids=["fixed10", "fixed1", "ddr200_64", "ddr200_64-jitter"])
def test_axi_cpu_model(mem: int, latency: int, jitter: int) -> None:
    from hyperconnect import paths
    from lib.runner import run_cocotb
    here = paths.ROOT / "tests" / "axi_cpu_model"
    run_cocotb("axi_cpu_model_tb", "test_axi_cpu_model", here,
               [paths.BENCH_RTL / "hc_bench_pkg.sv", paths.BENCH_RTL / "axi_mem_model.sv",
                paths.BENCH_RTL / "axi_dram_model.sv", paths.BENCH_RTL / "axi_cpu_model.sv",
                paths.BENCH_RTL / "axi_protocol_checker.sv", here / "axi_cpu_model_tb.sv"],
               parameters={"MEM": mem, "LATENCY": max(latency, 1), "JITTER": jitter},
               build_name=f"axi_cpu_model_{mem}_{latency}_{jitter}",
               env={"HC_CPU_MEM": str(mem), "HC_CPU_LATENCY": str(latency)})
