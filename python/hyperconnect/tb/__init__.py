# SPDX-License-Identifier: Apache-2.0
"""cocotb verification components shared by the tests (tests/), the soak (`hc soak`) and the benches: the AXI
reference model (axi_ref), a scoreboarding AXI master driver (axi_master), a reordering AXI memory slave
(axi_mem), clock/reset/knob helpers (env), the stream ports' command helpers (stream_cmd) and the soak's
testbench of axi_hyperconnect (hyperconnect_tb). They import cocotb: only the simulation side uses them."""
