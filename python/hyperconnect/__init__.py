# SPDX-License-Identifier: Apache-2.0
"""HyperConnect: open, predictable CPU-FPGA interconnect IP — model, simulations and reports."""

__version__ = "1.4.0"     # the one version: the package, hyperconnect.core, the RDL VERSION register (a test checks)
