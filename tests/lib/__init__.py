# SPDX-License-Identifier: Apache-2.0
"""Shared cocotb helpers: AXI reference model, memory slave, master driver, scoreboard, runner."""
