"""HyperConnect: open, predictable CPU-FPGA interconnect IP — model, simulations and reports."""

__version__ = "0.1.0"
