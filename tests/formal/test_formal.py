"""SymbiYosys proofs of the properties written beside the RTL (`ifdef FORMAL`): bounded model checking and
k-induction. hc_guard: AXI handshake rules kept on both sides whatever software does to the window,
only legal in-window requests forwarded whatever the accelerator does, SLVERR/DECERR answers after the
forwarded ones, no data of a rejected write forwarded. hc_watchdog: W held and completed, nothing
written once tripped, trips on time. axi_burst_equalizer (bounded, per direction): AXI on both sides,
WLAST/RLAST on the right beats, answers only for accepted requests. Seeded bugs (mutants) must make the
proof fail."""

from __future__ import annotations

import pytest

from hyperconnect import formal


PROOFS = [("hc_guard", "bmc"), ("hc_guard", "prove"), ("hc_watchdog", "bmc"), ("hc_watchdog", "prove"),
          ("axi_burst_equalizer", "reads"), ("axi_burst_equalizer", "writes")]


@pytest.mark.parametrize("job,task", PROOFS)
def test_proof(job: str, task: str) -> None:
    ok, summary = formal.run(job, task)
    print(summary)
    assert ok, summary


# seeded bugs the proof must find (bounded check): each is a mistake the module could plausibly have
MUTANTS = {
    "window_not_frozen": ("end else if (!(m_axi_arvalid && !m_axi_arready) && !(m_axi_awvalid && !m_axi_awready)) begin",
                          "end else begin"),            # a window change withdraws a waiting request
    "window_bypassed": ("assign m_axi_arvalid = s_axi_arvalid && ar_pass && !rd_err;",
                        "assign m_axi_arvalid = s_axi_arvalid && (ar_pass || ar_legal) && !rd_err;"),
    "reject_before_drain": ("wire                    rd_local = rd_err && rd_out == '0;",
                            "wire                    rd_local = rd_err;"),   # error overtakes forwarded reads
}


WATCHDOG_MUTANTS = {
    "fill_writes_data": ("assign m_axi_wstrb  = (trip_q || wlast_bad) ? '0 : s_axi_wstrb;",
                         "assign m_axi_wstrb  = wlast_bad ? '0 : s_axi_wstrb;"),   # owed beats write memory
    "never_trips": ("wire trip    = !trip_q && (timeout || (wlast_bad && w_fire));",
                    "wire trip    = !trip_q && wlast_bad && w_fire;"),
}


EQUALIZER_MUTANTS = {
    "rlast_every_sub_burst": ("assign s_axi_rlast  = m_axi_rlast && (rt_empty || rt_head_last);",
                              "assign s_axi_rlast  = m_axi_rlast;"),          # R4 merge forgotten
}
MUTANT_TASK = {"hc_guard": "bmc", "hc_watchdog": "bmc", "axi_burst_equalizer": "reads"}


@pytest.mark.parametrize("job,rtl,name", [("hc_guard", "hc_guard.sv", n) for n in sorted(MUTANTS)] +
                         [("hc_watchdog", "hc_watchdog.sv", n) for n in sorted(WATCHDOG_MUTANTS)] +
                         [("axi_burst_equalizer", "axi_burst_equalizer.sv", n) for n in sorted(EQUALIZER_MUTANTS)])
def test_mutant_fails(job: str, rtl: str, name: str) -> None:
    old, new = {**MUTANTS, **WATCHDOG_MUTANTS, **EQUALIZER_MUTANTS}[name]
    ok, summary = formal.run(job, MUTANT_TASK[job], sby=formal.mutant(job, rtl, old, new, name))
    print(summary)
    assert not ok and "failed assertion" in summary, f"the proof missed the seeded bug {name}:\n{summary}"
