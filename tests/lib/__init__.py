# SPDX-License-Identifier: Apache-2.0
"""The tests' runner helper; the cocotb verification components are the package's (hyperconnect.tb)."""
