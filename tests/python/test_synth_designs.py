# SPDX-License-Identifier: Apache-2.0
"""`hc synth --ports N`: the one-configuration run synthesizes axi_hyperconnect exactly as the full run does,
at the port counts asked for (the tools themselves run in `make synth`, not here)."""

from __future__ import annotations

import pytest

from hyperconnect import cli, levels, synth


def test_ports_selects_the_same_configuration() -> None:
    assert synth.designs_for(None) is synth.DESIGNS
    one = synth.designs_for([4])
    assert list(one) == ["axi_hyperconnect (4 ports)"]
    assert one["axi_hyperconnect (4 ports)"] == synth.DESIGNS["axi_hyperconnect (4 ports)"]
    assert one["axi_hyperconnect (4 ports)"]["params"] == {"S_COUNT": 4, "DATA_WIDTH": 64}
    assert list(synth.designs_for([8, 16, 8])) == ["axi_hyperconnect (8 ports)", "axi_hyperconnect (16 ports)"]


def test_seeds_per_design() -> None:
    """axi_hyperconnect (the acceptance figures) gets every seed asked for; the stream bridges one, so
    that `make synth` stays within its 30 minutes on 2 cores."""
    d = synth.DESIGNS
    for n in (2, 4):
        assert synth.seeds_for(d[f"axi_hyperconnect ({n} ports)"], 3) == 3
    assert "axi_hyperconnect (3 ports)" not in d         # (`hc synth --ports 3`: the full run's 30 minutes)
    assert synth.seeds_for(d["axi_burst_equalizer"], 3) == 3
    for name in ("ps_stream_bridge (1+1 streams)", "ps_stream_bridge (4+4 streams)", "hc_copy_engine", "hc_stream_rd",
                 "hc_stream_wr", "hc_cache_port"):
        assert synth.seeds_for(d[name], 3) == 1
    assert synth.seeds_for(d["axi_hyperconnect (4 ports)"], 1) == 1


def test_ports_out_of_range_is_refused() -> None:
    with pytest.raises(ValueError, match="1..16"):
        synth.designs_for([0, 17])


def test_cli_accepts_ports() -> None:
    args = cli.build_parser().parse_args(["synth", "--ports", "4", "8", "--seeds", "1"])
    assert args.ports == [4, 8] and args.seeds == 1 and args.jobs == 2
    assert cli.build_parser().parse_args(["synth", "--jobs", "1"]).jobs == 1


LOG = """Info: Max frequency for clock 'aclk': 40.00 MHz (FAIL at 150.00 MHz)
Info: Critical path report for clock 'aclk' (posedge -> posedge):
Info:       type curr  total name
Info:   clk-to-q  0.52  0.52 Source u_a.left_TRELLIS_FF_Q.Q
Info:    routing  0.98  1.50 Net left[2] (47,5) -> (48,5)
Info:                          Sink gate_LUT4_Z.A
Info:                          Defined in:
Info:                               rtl/hc_reservation.sv:34.30
Info:      logic  0.24  1.74 Source gate_LUT4_Z.F
Info:    routing  0.45  2.19 Net gate (48,5) -> (49,5)
Info:                          Sink arb_PFUMX.M
Info:                          Defined in:
Info:                               rtl/hc_addr_mux.sv:50.1
Info:                               /share/lattice/cells_map_trellis.v:108.23-108.24
Info:      logic  0.26  2.44 Source arb_PFUMX.OFX
Info:    routing  0.96  3.40 Net sum (49,5) -> (49,2)
Info:                          Sink add_CCU2C$CCU2_COMB0.B
Info:      logic  0.45  3.85 Source add_CCU2C$CCU2_COMB0.FCO
Info:    routing  0.50  4.35 Net left_next (49,2) -> (48,2)
Info:                          Sink u_a.left_TRELLIS_FF_Q.DI
Info:                          Defined in:
Info:                               rtl/hc_reservation.sv:55.63
Info: 1.47 ns logic, 2.89 ns routing
"""


def test_critical_path_is_named() -> None:
    cp = synth.critical_path(LOG)
    assert cp["start"] == "u_a.left_TRELLIS_FF_Q.Q" and cp["end"] == "u_a.left_TRELLIS_FF_Q.DI"
    assert cp["logic_steps"] == 3 and cp["lut_levels"] == 2
    assert cp["logic_ns"] == 1.47 and cp["routing_ns"] == 2.89
    assert cp["through"] == ["rtl/hc_reservation.sv:34", "rtl/hc_addr_mux.sv:50", "rtl/hc_reservation.sv:55"]
    assert synth.critical_path("no report") == {}


def _cell(ctype: str, conn: dict[str, list[int]], outputs: tuple[str, ...]) -> dict[str, object]:
    return {"type": ctype, "connections": conn,
            "port_directions": {p: "output" if p in outputs else "input" for p in conn}}


def test_levels_counts_luts_between_registers() -> None:
    """levels.analyse: FF a -> LUT4 -> LUT4 -> PFUMX -> FF b is 2.3 levels (a wide mux behind its LUTs is a
    fraction), a carry chain costs little per step, FF a -> FF c directly is 0, and the deepest input names
    its start and the nets on the way; a register fed only from top-level inputs is not listed (nextpnr
    out of context does not time those paths); a netlist with a combinational loop is refused, not hung on."""
    cells = {
        "ff_a": _cell("TRELLIS_FF", {"CLK": [1], "DI": [9], "Q": [2]}, ("Q",)),
        "l1": _cell("LUT4", {"A": [2], "B": [3], "Z": [4]}, ("Z",)),
        "l2": _cell("LUT4", {"A": [4], "Z": [5]}, ("Z",)),
        "l3": _cell("LUT4", {"A": [2], "Z": [6]}, ("Z",)),
        "mx": _cell("PFUMX", {"ALUT": [5], "BLUT": [6], "C0": [2], "Z": [7]}, ("Z",)),
        "ff_b": _cell("TRELLIS_FF", {"CLK": [1], "DI": [7], "Q": [8]}, ("Q",)),
        "ff_c": _cell("TRELLIS_FF", {"CLK": [1], "DI": [2], "Q": [9]}, ("Q",)),
        "cc1": _cell("CCU2C", {"A0": [2], "CIN": [0], "COUT": [10]}, ("COUT",)),
        "cc2": _cell("CCU2C", {"A0": [3], "CIN": [10], "S0": [11]}, ("S0",)),
        "ff_d": _cell("TRELLIS_FF", {"CLK": [1], "DI": [11], "Q": [12]}, ("Q",)),
        "l4": _cell("LUT4", {"A": [13], "B": [14], "Z": [15]}, ("Z",)),
        "ff_e": _cell("TRELLIS_FF", {"CLK": [1], "DI": [15], "Q": [16]}, ("Q",)),
    }
    nets = {"clk": [1], "u.a": [2], "x": [3], "u.t": [4], "u.b": [8], "u.c": [9], "u.d": [12], "u.e": [16]}
    ports = {"in_a": {"direction": "input", "bits": [13]}, "in_b": {"direction": "input", "bits": [14]}}
    netlist = {"modules": {"top": {"attributes": {"top": 1}, "cells": cells, "ports": ports,
                                   "netnames": {k: {"bits": v} for k, v in nets.items()}}}}
    ends = {e["end"]: e for e in levels.analyse(netlist)}
    assert ends["u.b"]["depth"] == 2.3 and ends["u.b"]["start"] == "u.a" and "u.t" in ends["u.b"]["through"]
    assert ends["u.c"]["depth"] == 0.0
    assert ends["u.d"]["depth"] == 1.05
    assert "u.e" not in ends                  # fed from top-level inputs only: not timed, as in nextpnr
    s = levels.summary(list(ends.values()))
    assert s["histogram"] == {"2": 1, "1": 1, "0": 2} and s["deepest"][0]["group"] == "u"
    cells["l2"] = _cell("LUT4", {"A": [4], "B": [5], "Z": [5]}, ("Z",))
    with pytest.raises(RuntimeError, match="loop"):
        levels.analyse(netlist)


def test_run_synthesizes_in_parallel_and_reports_in_order(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    """synth.run with jobs 2 has two designs in the tools at once, starts with the two largest port counts,
    reports in the designs' own order, and stops at a failure without starting what is queued (the tools
    themselves replaced by a stand-in that waits)."""
    import threading
    import time
    from hyperconnect import paths
    monkeypatch.setattr(paths, "BUILD", tmp_path)
    (tmp_path / "synth").mkdir()
    lock = threading.Lock()
    running, peak, started = [0], [0], []

    def fake(name: str, d: dict, seeds: int, keep_going: bool) -> dict:
        with lock:
            running[0] += 1
            peak[0] = max(peak[0], running[0])
            started.append(name)
        time.sleep(0.2)
        with lock:
            running[0] -= 1
        return {"top": d["top"], "seeds": seeds}

    monkeypatch.setattr(synth, "_one", fake)
    report = synth.run(seeds=1, ports=[2, 8, 4], jobs=2)
    assert peak[0] == 2, f"at most {peak[0]} design(s) at a time"
    assert set(started[:2]) == {"axi_hyperconnect (8 ports)", "axi_hyperconnect (4 ports)"}, started
    assert list(report["designs"]) == [f"axi_hyperconnect ({n} ports)" for n in (2, 8, 4)]
    assert report["jobs"] == 2 and (tmp_path / "synth" / "report_ports.json").exists()
    with pytest.raises(ValueError, match="jobs"):
        synth.run(ports=[4], jobs=0)

    def failing(name: str, d: dict, seeds: int, keep_going: bool) -> dict:
        started.append(name)
        raise RuntimeError(f"{name} failed")

    started.clear()
    monkeypatch.setattr(synth, "_one", failing)
    with pytest.raises(RuntimeError, match="failed"):
        synth.run(seeds=1, jobs=1)
    assert len(started) == 1, f"{len(started)} designs started after the first failed"


def test_cost_from_the_last_run(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    """The longest designs start first: their seconds in the last full run's report, else a guess by size
    (the 4+4 stream bridge took longer than 4 ports of axi_hyperconnect)."""
    import json
    from hyperconnect import paths
    monkeypatch.setattr(paths, "BUILD", tmp_path)
    (tmp_path / "synth").mkdir()
    d4 = synth.DESIGNS["axi_hyperconnect (4 ports)"]
    assert synth._last_seconds() == {}
    assert synth._cost("axi_hyperconnect (4 ports)", d4, {}) > synth._cost("hc_guard", synth.DESIGNS["hc_guard"], {})
    (tmp_path / "synth" / "report.json").write_text(json.dumps({"designs": {"axi_hyperconnect (4 ports)": {"seconds": 12.5}}}))
    assert synth._cost("axi_hyperconnect (4 ports)", d4, synth._last_seconds()) == 12.5


STAT = """
=== axi_hyperconnect ===

        +----------Local Count, excluding submodules.
        |
       96 ports
       20   FDRE
       30   LUT6

=== hc_guard$axi_hyperconnect.g_port[0].u_supervisor.u_guard ===

       56   FDRE
      100   LUT4
       51   LUT6

=== hc_guard$axi_hyperconnect.g_port[1].u_supervisor.u_guard ===

       56   FDRE
      151   LUT5

=== hc_fifo$axi_hyperconnect.g_port[0].u_supervisor.u_r_fifo ===

       11   FDRE
       11   LUT3
       12   RAM32M

=== axi_exbar$axi_hyperconnect.u_exbar ===

      107   FDRE
      664   LUT6

=== design hierarchy ===

     1000   LUT6
"""


def test_modules_split_one_port_from_the_shared_part() -> None:
    cells = synth.module_cells(STAT)
    assert cells["hc_guard$axi_hyperconnect.g_port[0].u_supervisor.u_guard"] == {"lut": 151, "ff": 56, "lutram": 0}
    assert cells["hc_fifo$axi_hyperconnect.g_port[0].u_supervisor.u_r_fifo"]["lutram"] == 48
    assert "design" not in " ".join(cells)                  # the hierarchy summary is no module
    r = synth.split_modules(cells, 2)
    assert list(r["port"]) == ["u_supervisor.u_guard", "u_supervisor.u_r_fifo"]   # largest first
    assert list(r["shared"]) == ["u_exbar", "axi_hyperconnect"]
    assert r["per_port"] == {"lut": 162, "ff": 67, "lutram": 48}
    assert r["shared_sum"] == {"lut": 694, "ff": 127, "lutram": 0}
    assert r["total"] == {"lut": 162 + 151 + 694, "ff": 67 + 56 + 127, "lutram": 48}
    text = synth.render_modules(r)
    assert "u_supervisor.u_guard" in text and "in all" in text


def test_cli_modules_needs_ports() -> None:
    args = cli.build_parser().parse_args(["synth", "--ports", "4", "--modules"])
    assert args.modules and args.ports == [4]
    with pytest.raises(SystemExit, match="--ports"):
        args.func(cli.build_parser().parse_args(["synth", "--modules"]))
