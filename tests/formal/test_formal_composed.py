# SPDX-License-Identifier: Apache-2.0
"""SymbiYosys checks of the composition (properties beside the RTL): hc_supervisor, the composed port, at
8- and 64-bit data and at the minimum-latency cut setting (bounded), and axi_hyperconnect, the whole IP
with every input free: no R/B payload without VALID on any port (k-induction), W at the memory port held
and stable whatever the accelerators do (bounded). The modules' own proofs and the seeded bugs are in test_formal.py."""

from __future__ import annotations

import pytest

from formal import sby as formal

PROOFS = [("hc_supervisor", "bmc"), ("hc_supervisor", "bmc64"), ("hc_supervisor", "bmc_min"), ("axi_hyperconnect", "zero"),
          ("axi_hyperconnect", "w")]


@pytest.mark.parametrize("job,task", PROOFS)
def test_proof(job: str, task: str) -> None:
    formal.check(job, task)
