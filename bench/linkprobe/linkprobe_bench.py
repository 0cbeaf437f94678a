# SPDX-License-Identifier: Apache-2.0
"""cocotb bench of the link probe (`hc link sim`, python/hyperconnect/linkprobe.py): runs the plan named by
LP_PLAN (JSON) on hc_link_probe_tb (the probe on a memory model) or link_probe_system_top (through
axi_hyperconnect with interferers) and writes what it measured to LP_OUT."""

from __future__ import annotations

import json
import os

import cocotb

from hyperconnect import linkprobe


@cocotb.test()
async def experiment(dut) -> None:
    plan = json.loads(open(os.environ["LP_PLAN"]).read())
    system = hasattr(dut, "probe_errors")
    runs = await (linkprobe.bench_system(dut, plan) if system else linkprobe.bench_direct(dut, plan))
    for r in runs:
        cocotb.log.info("%s -> %s", r["name"], r["result"])
    if not system:
        assert int(dut.protocol_errors.value) == 0, "the protocol checker saw an AXI rule broken"
    with open(os.environ["LP_OUT"], "w") as f:
        json.dump(plan | {"runs": runs}, f, indent=1)
