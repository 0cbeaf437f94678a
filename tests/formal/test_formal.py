# SPDX-License-Identifier: Apache-2.0
"""SymbiYosys proofs of the properties written beside the RTL (`ifdef FORMAL`): bounded model checking and
k-induction. hc_addr_mux: within a priority class a waiting port is granted before any other port of its
class is granted twice, whatever the other classes do. hc_guard: AXI handshake rules kept on both sides
whatever software does to the window, only legal in-window requests forwarded whatever the accelerator
does, SLVERR/DECERR answers after the forwarded ones, no data of a rejected write forwarded. hc_watchdog:
W held and stable towards the port whatever the accelerator does, nothing with strobes taken once tripped,
trips on time, lets go only once drained. axi_burst_equalizer (bounded, per direction, 64-bit data): AXI
on both sides, WLAST/RLAST on the right beats, answers only for accepted requests, in order with the
master's own IDs. hc_fifo (LATE_BITS): the head holds the stored entry, its late bits forwarded while their
write is pending and selected from their register after a load from the input. axi_exbar: the global limit's count, zero and room flags agree, every grant below the top class
finds fewer than G in flight and the count never wraps, whatever the memory answers. The composed port (hc_supervisor) and the whole IP (axi_hyperconnect) are checked in
test_formal_composed.py. Seeded bugs (mutants), in the modules and in the composition, must make the
proofs fail."""

from __future__ import annotations

import os

import pytest

from formal import sby as formal


# `make formal` (HC_FORMAL_FULL=1) runs the deeper variants of the bounded proofs that have one
# (axi_burst_equalizer: 10 cycles instead of make test's 9)
FULL = "_full" if os.environ.get("HC_FORMAL_FULL") == "1" else ""

# the modules on their own; the composed port and the whole IP are in test_formal_composed.py (a second
# file so that the two halves, about 9 minutes each, run on different pytest workers)
PROOFS = [("hc_addr_mux", "bmc"), ("hc_addr_mux", "prove"), ("hc_addr_mux", "known"),
          ("hc_guard", "bmc"), ("hc_guard", "prove"), ("hc_guard", "bmc_pre"), ("hc_guard", "prove_pre"), ("hc_watchdog", "bmc"), ("hc_watchdog", "prove"), ("hc_watchdog", "prove_ft"),
          ("hc_reservation", "bmc"), ("hc_reservation", "prove"),
          ("axi_burst_equalizer", "reads" + FULL), ("axi_burst_equalizer", "writes" + FULL),
          ("axi_burst_equalizer", "reads_ahead"), ("axi_burst_equalizer", "writes_ahead"),
          ("axi_exbar", "prove"), ("axi_exbar", "known"), ("hc_fifo", "bmc"), ("hc_fifo", "prove")]


@pytest.mark.parametrize("job,task", PROOFS)
def test_proof(job: str, task: str) -> None:
    # (the deeper variants took 11-16 minutes each beside other jobs)
    formal.check(job, task, timeout=3600.0 if FULL else 900.0)


# the W register of hc_watchdog replaced by the wires it had before issue 15
W_NOT_REGISTERED = (
    """    hc_efifo #(.WIDTH(WW), .DEPTH(2), .FALL_THROUGH(W_FALL_THROUGH)) u_w_out (
        .clk(aclk), .rst_n(aresetn), .in_data(ws_data), .in_valid(ws_valid), .in_ready(ws_ready),
        .out_data({m_axi_wdata, m_axi_wstrb, m_axi_wlast}), .out_valid(m_axi_wvalid), .out_ready(m_axi_wready),
        .out_more(w_more_unused), .room_next(w_room_unused)
    );""",
    """    assign {m_axi_wdata, m_axi_wstrb, m_axi_wlast} = ws_data;
    assign m_axi_wvalid = ws_valid;
    assign ws_ready = m_axi_wready;""")

# seeded bugs the proofs must find, as (job, RTL file, name) -> (text, replacement[, task]) (the task: the
# job's default in MUTANT_TASK): each is a mistake the design could plausibly have
MUTANTS = {
    # the order not moved by a take: the lowest-index port of a class wins every time (a port starves)
    ("hc_addr_mux", "hc_addr_mux.sv", "order_not_moved"): (
        "wire [HN-1:0]    lo_next = take ? moved(lo_q, gsel_q) : lo_q;", "wire [HN-1:0]    lo_next = lo_q;"),
    # issue 17: the taken port put behind every port, lower classes too (a lower class wins over its next)
    ("hc_addr_mux", "hc_addr_mux.sv", "taken_behind_lower_class"): (
        "(gsel_q[i] ? !gt_q[j][i] :", "(gsel_q[i] ? 1'b1 :"),
    # issue 17, HEADS_KNOWN: the port taken now chosen again without a request behind its head
    ("hc_addr_mux", "hc_addr_mux.sv", "taken_head_chosen_again"): (
        "v_t[i] = in_valid[i] && !(HEADS_KNOWN && gsel_q[i] && !in_more[i]);", "v_t[i] = in_valid[i];", "known"),
    ("hc_guard", "hc_guard.sv", "window_not_frozen"): (      # a window change withdraws a waiting request
        "end else if (!(m_axi_arvalid && !m_axi_arready) && !(m_axi_awvalid && !m_axi_awready)) begin",
        "end else begin"),
    ("hc_guard", "hc_guard.sv", "window_bypassed"): (
        "assign m_axi_arvalid = s_axi_arvalid && ar_pass && !rd_err;",
        "assign m_axi_arvalid = s_axi_arvalid && (ar_pass || ar_legal) && !rd_err;"),
    ("hc_guard", "hc_guard.sv", "reject_before_drain"): (    # error overtakes forwarded reads
        "rd_local <= rd_err_next && rd_zero && !ar_fwd_q;",
        "rd_local <= rd_err_next;"),
    # issue 17: the count takes the AR handshake a cycle late; an error overtakes the read forwarded just before
    ("hc_guard", "hc_guard.sv", "reject_before_counted"): (
        "rd_local <= rd_err_next && rd_zero && !ar_fwd_q;",
        "rd_local <= rd_err_next && rd_zero;"),
    # the minimum-latency setting's fall-through W register: a beat the memory side does not take at once
    # is not stored (VALID would fall before READY)
    ("hc_watchdog", "hc_efifo.sv", "fall_through_drops_beat"): (
        "wire push = take && !(pass && out_ready);", "wire push = take && !pass;", "prove_ft"),
    ("hc_watchdog", "hc_watchdog.sv", "fill_writes_data"): (  # owed beats write memory
        "wire [DATA_WIDTH/8-1:0] ws_strb   = (w_cut || wlast_wrong) ? '0 : s_axi_wstrb;",
        "wire [DATA_WIDTH/8-1:0] ws_strb   = wlast_wrong ? '0 : s_axi_wstrb;"),
    ("hc_watchdog", "hc_watchdog.sv", "wrong_wlast_writes"): (  # a beat with a wrong WLAST writes memory
        "wire [DATA_WIDTH/8-1:0] ws_strb   = (w_cut || wlast_wrong) ? '0 : s_axi_wstrb;",
        "wire [DATA_WIDTH/8-1:0] ws_strb   = w_cut ? '0 : s_axi_wstrb;"),
    ("hc_watchdog", "hc_watchdog.sv", "never_trips"): (
        "wire  trip      = !trip_q && (timeout || wlast_err);",
        "wire  trip      = !trip_q && wlast_err;"),
    ("hc_watchdog", "hc_watchdog.sv", "release_before_drained"): (   # issue 15: stale responses after release
        "let_go_q  <= trip_q && !fault_active && w_empty && !aw_fire && drained;",
        "let_go_q  <= trip_q && !fault_active && w_empty && !aw_fire;"),
    # issue 17: `allow` from flops must assume the issue of the current cycle; without it the last unit
    # is issued twice (one sub-burst beyond the budget)
    ("hc_reservation", "hc_reservation.sv", "allow_not_cautious"): (
        ": (may_charge ? avail_le1 : avail0);", ": avail0;", "prove"),
    ("hc_watchdog", "hc_watchdog.sv", "limit_not_decremented"): (   # issue 17: the registered limit
        "lim_q <= cfg_timeout - TW'(1);", "lim_q <= cfg_timeout;"),
    ("hc_watchdog", "hc_watchdog.sv", "w_not_registered"): W_NOT_REGISTERED,   # issue 15: the W chain of gates
    # issue 17 review: a completion at count 0 (a faulty slave) counted — G exceeded by one before the fix
    ("axi_exbar", "axi_exbar.sv", "completion_at_zero_counted"): (
        "wire        r_done = m_axi_rvalid && m_axi_rready && m_axi_rlast && !(rd_zero && !ar_gq);",
        "wire        r_done = m_axi_rvalid && m_axi_rready && m_axi_rlast;"),
    # issue 17: the registered room thresholds one off (G + 1 in flight)
    ("axi_exbar", "axi_exbar.sv", "room_threshold_off_by_one"): (
        "r[3] = (g == '0) ? 17'h0FFFD : (g == 9'd1) ? '0 : 17'(g) - 17'd2;",
        "r[3] = (g == '0) ? 17'h0FFFD : (g == 9'd1) ? '0 : 17'(g) - 17'd1;"),
    # issue 18: G holds back only the classes below the top; every class taken for the top one (the lower
    # classes granted past G), in the choice made ahead (HEADS_KNOWN) and at the presented choice
    ("axi_exbar", "hc_addr_mux.sv", "every_class_past_g_ahead"): (
        "(allow_next[0] && (room_next[0] || top_n))", "(allow_next[0] && (room_next[0] || 1'b1))", "known"),
    ("axi_exbar", "hc_addr_mux.sv", "every_class_past_g"): (
        "((allow && (room || gtop_q)) || presented_q)", "((allow && (room || 1'b1)) || presented_q)"),
    # issue 17: the R selection flops (RESP_REG) decoded from the wrong bits — a beat at another port
    ("axi_exbar", "axi_exbar.sv", "r_selects_wrong_port"): (
        "r_sel_in = port_onehot(m_axi_rid[ID_WIDTH +: PORT_W]);",
        "r_sel_in = port_onehot(~m_axi_rid[ID_WIDTH +: PORT_W]);", "known"),
    ("axi_burst_equalizer", "axi_burst_equalizer.sv", "rlast_every_sub_burst"): (   # R merge forgotten
        "assign s_axi_rlast  = m_axi_rlast && (rt_empty || rt_head_last);",
        "assign s_axi_rlast  = m_axi_rlast;"),
    ("axi_burst_equalizer", "axi_burst_equalizer.sv", "id_not_restored"): (   # issue 15: IDs after one-ID issue
        "assign s_axi_rid    = rt_head_id;", "assign s_axi_rid    = m_axi_rid;"),
    # composition: the guard fed the memory's RLAST instead of the equalizer's merged one; the W path as a
    # chain of gates (an unstable accelerator reaches the memory port); payload without VALID (issue 15)
    ("hc_supervisor", "hc_supervisor.sv", "guard_sees_sub_burst_rlast"): (
        ".m_axi_rlast(g_rlast)", ".m_axi_rlast(m_axi_rlast)"),
    # (at the minimum-latency setting: at the default, the write-data buffer towards the crossbar holds W
    # stable too, so the mutant is caught there only without it)
    ("hc_supervisor", "hc_watchdog.sv", "w_not_registered"): (*W_NOT_REGISTERED, "bmc_min"),
    # issue 17: the late-written bits not forwarded to a head loaded in the cycle after their push (the
    # request buffers' window verdict: the RAM's old bits)
    ("hc_fifo", "hc_fifo.sv", "late_not_forwarded"): (
        "head_lo <= load_behind ? (fwd ? late_q : mem_late[rd_nxt]) : head_late;",
        "head_lo <= load_behind ? mem_late[rd_nxt] : head_late;"),
    # the head loaded from the input keeps its stale late bits (the register of the push not selected)
    ("hc_fifo", "hc_fifo.sv", "late_not_selected_at_load_in"): (
        "wire  [LB-1:0] head_late = in_sel ? late_q : head_lo;", "wire  [LB-1:0] head_late = head_lo;"),
    # the late write one slot off (at the write pointer after the push)
    ("hc_fifo", "hc_fifo.sv", "late_written_at_next_slot"): ("late_wa <= wr_ptr;", "late_wa <= next_ptr(wr_ptr);"),
    ("hc_supervisor", "hc_supervisor.sv", "r_payload_unmasked"): (
        "= s_axi_rvalid ? {c_rid, c_rdata, c_rresp, c_rlast} : '0;", "= {c_rid, c_rdata, c_rresp, c_rlast};"),
    # issue 17: the request buffers' copy of the trip loaded from the trip flag (a cycle late), with the
    # watchdog's own AR/AW gate left out (REQ_GATED): a request taken while the port is cut off
    ("hc_supervisor", "hc_supervisor.sv", "closed_late_on_trip"): (
        "closed <= cfg_decouple || trip_next;", "closed <= cfg_decouple || tripped;"),
    # issue 17: the splitter's READY prepared a cycle ahead without the issue gate's promise — READY while
    # the reservation or the outstanding limit holds "cur" (a request taken over one not yet issued)
    ("hc_supervisor", "hc_burst_splitter.sv", "ready_ahead_ignores_gate"): (
        "ready_q    <= !cur_valid_n || (cur_last_n && out_room_next[load] && allow_next[load]);",
        "ready_q    <= !cur_valid_n || (cur_last_n && out_room_next[load]);"),
    # issue 17: the request's "fits" flag from the request buffer left out (READY promised with a remainder
    # still to split), and the nominal length taken from the configuration instead of the request's own
    # (the flag was worked out with another one when the configuration changed meanwhile)
    ("hc_supervisor", "hc_burst_splitter.sv", "fits_ignored"): (
        "wire in_ends     = NOM_IN ? (in_burst == BURST_WRAP || in_lock || in_fits[0])",
        "wire in_ends     = NOM_IN ? 1'b1"),
    # issue 17: a fresh request's "the sub-burst after the next ends it" from the one-sub-burst flag (the
    # prepared 2 * nominal + 1 compare left out: a three-piece request would be let go after two)
    ("hc_supervisor", "hc_burst_splitter.sv", "fits2_ignored"): (
        "wire cur_last2_n = in_ready ? (NOM_IN && in_fits[1])", "wire cur_last2_n = in_ready ? (NOM_IN && in_fits[0])"),
    ("hc_supervisor", "hc_burst_splitter.sv", "nominal_not_carried"): (
        "cur_nom  <= in_nominal;", "cur_nom  <= cfg_len;"),
    # issue 17: the stall seen in its own cycle again (the count and the limit a cycle early: the proof's
    # reference run says the limit's cycle follows the run)
    ("hc_watchdog", "hc_watchdog.sv", "stall_not_registered"): (
        "wire  stall_now = |stall_q;", "wire  stall_now = w_stall || r_stall || b_stall;"),
    # issue 17: the equalizer's registered room promised across a change of the outstanding limit (the
    # flags compare with the limit of the cycle before; a lowered limit breaks the promise)
    ("axi_burst_equalizer", "axi_burst_equalizer.sv", "room_ahead_ignores_limit_change"): (
        ".allow_next({rd_room1, rd_room} & {2{rd_issue_allow_next && !rd_lim_dec}}),",
        ".allow_next({rd_room1, rd_room} & {2{rd_issue_allow_next}}),", "reads_ahead"),
    # the whole IP: a port's own responses, dropped while it is cut off, on its wires; the W register gone
    ("axi_hyperconnect", "hc_supervisor.sv", "b_payload_unmasked"): (
        "= s_axi_bvalid ? {c_bid, c_bresp} : '0;", "= {c_bid, c_bresp};"),
    ("axi_hyperconnect", "hc_watchdog.sv", "w_not_registered"): (*W_NOT_REGISTERED, "w"),
}
MUTANT_TASK = {"hc_fifo": "bmc", "axi_exbar": "prove", "axi_hyperconnect": "zero", "hc_addr_mux": "bmc", "hc_guard": "bmc", "hc_watchdog": "bmc", "axi_burst_equalizer": "reads", "hc_supervisor": "bmc"}


@pytest.mark.parametrize("job,rtl,name", sorted(MUTANTS))
def test_mutant_fails(job: str, rtl: str, name: str) -> None:
    old, new, *task = MUTANTS[(job, rtl, name)]
    ok, summary = formal.run(job, task[0] if task else MUTANT_TASK[job],
                             sby=formal.mutant(job, rtl, old, new, f"{rtl[:-3]}_{name}"))
    print(summary)
    assert not ok and "failed assertion" in summary, f"the proof missed the seeded bug {name}:\n{summary}"
