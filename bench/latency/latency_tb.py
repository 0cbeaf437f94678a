# SPDX-License-Identifier: Apache-2.0
"""cocotb bench: idle per-channel latency of an AXI IP, in cycles from VALID at its input to VALID at
its output, with every READY high. Run by `hc bench` (hyperconnect.bench); writes JSON to $HC_LATENCY_OUT.

AR and AW are measured first; W is offered after its AW has been accepted, R and B are answered by the
test (as the memory) for the AR/AW just issued. A channel that never shows VALID within 64 cycles is an
error, never a hang.
"""

from __future__ import annotations

import json
import os

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ClockCycles, ReadOnly, RisingEdge

LIMIT = 64


def _sig(dut, prefix: str, name: str):
    return getattr(dut, f"{prefix}_{name}")


async def _latency(dut, in_prefix: str, ch: str, fields: dict[str, int], out_prefix: str) -> int:
    """Drive VALID (and `fields`) on <in_prefix>_<ch>*, count cycles until <out_prefix>_<ch>valid."""
    valid_in, ready_in = _sig(dut, in_prefix, f"{ch}valid"), _sig(dut, in_prefix, f"{ch}ready")
    valid_out = _sig(dut, out_prefix, f"{ch}valid")
    await RisingEdge(dut.aclk)
    for name, value in fields.items():
        _sig(dut, in_prefix, name).value = value
    valid_in.value = 1
    held = True
    for n in range(LIMIT):
        await ReadOnly()
        accepted = held and int(ready_in.value) == 1
        seen = int(valid_out.value) == 1
        await RisingEdge(dut.aclk)
        if accepted:
            valid_in.value = 0
            held = False
        if seen:
            return n
    raise AssertionError(f"{ch.upper()}: no {out_prefix}_{ch}valid within {LIMIT} cycles")


async def _enable_all_functions(dut) -> None:
    """axi_hyperconnect: port 0 with reservation on (budgets that never run out in the bench), priority
    class 1, equalization at 16 beats, coupled — every supervisor function in the path. Budgets load at
    a period start; writing PERIOD starts one."""
    from cocotbext.axi import AxiLiteBus, AxiLiteMaster
    axil = AxiLiteMaster(AxiLiteBus.from_prefix(dut, "s_axil"), dut.aclk, dut.aresetn, reset_active_level=False)
    await axil.write(0x100 + 0x08, (0xFFFF_FFFF).to_bytes(4, "little"))               # BUDGET rd/wr 65535
    await axil.write(0x100 + 0x00, (16 | 1 << 12 | 1 << 16).to_bytes(4, "little"))    # CFG: 16, class 1, res on
    await axil.write(0x010, (64).to_bytes(4, "little"))        # PERIOD 64 cycles: a new period starts now
    await ClockCycles(dut.aclk, 4)


@cocotb.test()
async def measure(dut):
    s, m = os.environ["HC_LAT_S"], os.environ["HC_LAT_M"]
    cocotb.start_soon(Clock(dut.aclk, 10, unit="ns").start())
    for name in ("cfg_nominal_len", "cfg_max_rd_outstanding", "cfg_max_wr_outstanding"):
        if hasattr(dut, name):
            getattr(dut, name).value = 16 if name == "cfg_nominal_len" else 6
    for name in ("rd_issue_allow", "wr_issue_allow"):      # the equalizer's issue gate: open
        if hasattr(dut, name):
            getattr(dut, name).value = 1
    for prefix, names in ((s, ("arvalid", "awvalid", "wvalid", "rready", "bready")),
                          (m, ("arready", "awready", "wready", "rvalid", "bvalid"))):
        for name in names:
            _sig(dut, prefix, name).value = 1 if name.endswith("ready") else 0
    dut.aresetn.value = 0
    await ClockCycles(dut.aclk, 4)
    dut.aresetn.value = 1
    await ClockCycles(dut.aclk, 2)
    if hasattr(dut, "s_axil_awvalid"):
        await _enable_all_functions(dut)

    burst = dict(len=3, size=3, burst=1, id=0, addr=0x1000)
    result = {
        "ar": await _latency(dut, s, "ar", {f"ar{k}": v for k, v in burst.items()}, m),
        "aw": await _latency(dut, s, "aw", {f"aw{k}": v for k, v in burst.items()}, m),
    }
    await ClockCycles(dut.aclk, 2)
    result["w"] = await _latency(dut, s, "w", {"wlast": 0, "wstrb": 0xFF, "wdata": 1}, m)
    for _ in range(3):                                            # finish the write burst
        _sig(dut, s, "wvalid").value = 1
        _sig(dut, s, "wlast").value = _ == 2
        await RisingEdge(dut.aclk)
    _sig(dut, s, "wvalid").value = 0
    await ClockCycles(dut.aclk, 2)
    result["r"] = await _latency(dut, m, "r", {"rlast": 0, "rid": 0, "rresp": 0, "rdata": 7}, s)
    for k in range(3):
        _sig(dut, m, "rvalid").value = 1
        _sig(dut, m, "rlast").value = k == 2
        await RisingEdge(dut.aclk)
    _sig(dut, m, "rvalid").value = 0
    await ClockCycles(dut.aclk, 2)
    result["b"] = await _latency(dut, m, "b", {"bid": 0, "bresp": 0}, s)
    cocotb.log.info("latency: %s", result)
    with open(os.environ["HC_LATENCY_OUT"], "w") as f:
        json.dump(result, f)
