"""SymbiYosys proofs of the properties written beside the RTL (`ifdef FORMAL`): bounded model checking and
k-induction. hc_guard: AXI handshake rules kept on both sides whatever software does to the window,
only in-window requests forwarded, DECERR answers, no data of a rejected write forwarded."""

from __future__ import annotations

import pytest

from hyperconnect import formal


@pytest.mark.parametrize("task", ["bmc", "prove"])
def test_hc_guard(task: str) -> None:
    ok, summary = formal.run("hc_guard", task)
    print(summary)
    assert ok, summary
