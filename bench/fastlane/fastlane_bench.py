# SPDX-License-Identifier: Apache-2.0
"""cocotb bench of paper 002's system (bench/rtl/fastlane_system_top.sv): runs the plan named by FL_PLAN (a JSON
file written by hyperconnect.fastlane) and writes what it measured to FL_OUT. One simulation per path; the
operations are those of hyperconnect.fastlane_sim.run_op."""

from __future__ import annotations

import json
import os

import cocotb

from hyperconnect.fastlane_sim import System, run_op


@cocotb.test()
async def experiment(dut) -> None:
    plan = json.loads(open(os.environ["FL_PLAN"]).read())
    s = System(dut)
    await s.start()
    await s.setup(**plan.get("setup", {}))
    results = []
    for op in plan["ops"]:
        results.append(await run_op(s, op))
        cocotb.log.info("%s -> %s", op, results[-1])
    s.check()
    with open(os.environ["FL_OUT"], "w") as f:
        json.dump({"ops": plan["ops"], "results": results, "errors": s.errors()}, f, indent=1)
