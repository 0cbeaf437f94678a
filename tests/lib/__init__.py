"""Shared cocotb helpers: AXI reference model, memory slave, master driver, scoreboard, runner."""
