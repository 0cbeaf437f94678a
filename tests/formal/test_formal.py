"""SymbiYosys proofs of the properties written beside the RTL (`ifdef FORMAL`): bounded model checking and
k-induction. hc_guard: AXI handshake rules kept on both sides whatever software does to the window,
only legal in-window requests forwarded whatever the accelerator does, SLVERR/DECERR answers after the
forwarded ones, no data of a rejected write forwarded. hc_watchdog: W held and completed, nothing
written once tripped, trips on time. axi_burst_equalizer (bounded, per direction): AXI on both sides,
WLAST/RLAST on the right beats, answers only for accepted requests. hc_supervisor (bounded, the composed
port with every configuration input free): AXI towards the memory whatever the accelerator does (W if it
complies), only legal bursts, W/AW per cut sub-burst, and towards the accelerator R/B only for accepted
requests with RLAST on the burst's last beat, whoever answers. Seeded bugs (mutants) must make the
proof fail."""

from __future__ import annotations

import pytest

from hyperconnect import formal


PROOFS = [("hc_guard", "bmc"), ("hc_guard", "prove"), ("hc_watchdog", "bmc"), ("hc_watchdog", "prove"),
          ("axi_burst_equalizer", "reads"), ("axi_burst_equalizer", "writes"), ("hc_supervisor", "bmc")]


@pytest.mark.parametrize("job,task", PROOFS)
def test_proof(job: str, task: str) -> None:
    ok, summary = formal.run(job, task)
    print(summary)
    assert ok, summary


# seeded bugs the proofs must find (bounded check), as (job, RTL file, name) -> (text, replacement): each is a
# mistake the design could plausibly have
MUTANTS = {
    ("hc_guard", "hc_guard.sv", "window_not_frozen"): (      # a window change withdraws a waiting request
        "end else if (!(m_axi_arvalid && !m_axi_arready) && !(m_axi_awvalid && !m_axi_awready)) begin",
        "end else begin"),
    ("hc_guard", "hc_guard.sv", "window_bypassed"): (
        "assign m_axi_arvalid = s_axi_arvalid && ar_pass && !rd_err;",
        "assign m_axi_arvalid = s_axi_arvalid && (ar_pass || ar_legal) && !rd_err;"),
    ("hc_guard", "hc_guard.sv", "reject_before_drain"): (    # error overtakes forwarded reads
        "wire                    rd_local = rd_err && rd_out == '0;",
        "wire                    rd_local = rd_err;"),
    ("hc_watchdog", "hc_watchdog.sv", "fill_writes_data"): (  # owed beats write memory
        "assign m_axi_wstrb  = (trip_q || wlast_bad) ? '0 : s_axi_wstrb;",
        "assign m_axi_wstrb  = wlast_bad ? '0 : s_axi_wstrb;"),
    ("hc_watchdog", "hc_watchdog.sv", "never_trips"): (
        "wire trip    = !trip_q && ((timeout && !w_held) || (wlast_bad && w_fire));",
        "wire trip    = !trip_q && wlast_bad && w_fire;"),
    ("hc_watchdog", "hc_watchdog.sv", "trip_changes_waiting_beat"): (   # the bug issue 5 shipped with
        "wire trip    = !trip_q && ((timeout && !w_held) || (wlast_bad && w_fire));",
        "wire trip    = !trip_q && (timeout || (wlast_bad && w_fire));"),
    ("axi_burst_equalizer", "axi_burst_equalizer.sv", "rlast_every_sub_burst"): (   # R merge forgotten
        "assign s_axi_rlast  = m_axi_rlast && (rt_empty || rt_head_last);",
        "assign s_axi_rlast  = m_axi_rlast;"),
    # composition: the guard fed the memory's RLAST instead of the equalizer's merged one, and the
    # watchdog bug above seen from the port's memory side
    ("hc_supervisor", "hc_supervisor.sv", "guard_sees_sub_burst_rlast"): (
        ".m_axi_rlast(g_rlast)", ".m_axi_rlast(m_axi_rlast)"),
    ("hc_supervisor", "hc_watchdog.sv", "trip_changes_waiting_beat"): (
        "wire trip    = !trip_q && ((timeout && !w_held) || (wlast_bad && w_fire));",
        "wire trip    = !trip_q && (timeout || (wlast_bad && w_fire));"),
}
MUTANT_TASK = {"hc_guard": "bmc", "hc_watchdog": "bmc", "axi_burst_equalizer": "reads", "hc_supervisor": "bmc"}


@pytest.mark.parametrize("job,rtl,name", sorted(MUTANTS))
def test_mutant_fails(job: str, rtl: str, name: str) -> None:
    old, new = MUTANTS[(job, rtl, name)]
    ok, summary = formal.run(job, MUTANT_TASK[job], sby=formal.mutant(job, rtl, old, new, f"{rtl[:-3]}_{name}"))
    print(summary)
    assert not ok and "failed assertion" in summary, f"the proof missed the seeded bug {name}:\n{summary}"
