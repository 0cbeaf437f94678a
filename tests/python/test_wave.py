# SPDX-License-Identifier: Apache-2.0
"""`hc sim --wave` (issue 21, item 6): Verilator FST tracing from a separate, cached harness build.

A two-port scenario of 4 KB per port runs with `--wave`; the FST it writes must name axi_hyperconnect's
`m_axi_*` signals in its hierarchy (read here by a small reader of the FST block structure: the header
block, then the LZ4- or gzip-compressed hierarchy block of scope / variable records). The untraced run of
the same scenario must write no waveform even with HC_WAVE set (its build has no tracing compiled in), and
the traced build must live in its own folder (build/sim/<key>_fst_<hash>) with the untraced one left untraced.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from hyperconnect import paths, scenario, scenario_sim
from lib.fst import fst_signals

SCENARIO = """\
interconnect:
  data_width: 64
  nominal_len: 16
  period: 10000
  memory: {latency: 10}
ports:
  - name: A
    traffic: {kind: read, total_bytes: 4096, burst_len: 16, outstanding: 4}
  - name: B
    traffic: {kind: write, total_bytes: 4096, burst_len: 16, outstanding: 4}
"""

def _hc_sim(yaml: Path, out: Path, *extra: str, env: dict[str, str] | None = None) -> None:
    subprocess.run([sys.executable, "-m", "hyperconnect.cli", "sim", str(yaml), "--out", str(out), *extra],
                   check=True, capture_output=True, text=True, env={**os.environ, **(env or {})})


def test_hc_sim_wave_writes_fst_with_m_axi_signals(tmp_path: Path) -> None:
    yaml = tmp_path / "tiny.yaml"
    yaml.write_text(SCENARIO)
    wave = tmp_path / "wave" / "out.fst"
    _hc_sim(yaml, tmp_path / "traced", "--wave", str(wave))
    assert wave.exists(), "hc sim --wave wrote no FST file"
    print(f"{wave}: {wave.stat().st_size} bytes")
    signals = fst_signals(wave)
    top = "TOP.hc_system_top.u_hc."      # the axi_hyperconnect instance of bench/rtl/hc_system_top.sv
    m_axi = {name[len(top):]: width for name, width in signals.items() if name.startswith(top + "m_axi_")}
    for ch, sigs in {"aw": ("id", "addr", "len", "valid", "ready"), "w": ("data", "strb", "last", "valid", "ready"),
                     "b": ("id", "resp", "valid", "ready"), "ar": ("id", "addr", "len", "valid", "ready"),
                     "r": ("id", "data", "last", "valid", "ready")}.items():
        for s in sigs:
            assert f"m_axi_{ch}{s}" in m_axi, f"{top}m_axi_{ch}{s} missing from the FST hierarchy"
    assert m_axi["m_axi_rdata"] == 64 and m_axi["m_axi_arvalid"] == 1 and m_axi["m_axi_araddr"] == 32

    # the untraced build: its own folder, no tracing compiled in, so HC_WAVE is ignored
    sc = scenario.load(yaml)
    key = scenario_sim.harness_key(sc)
    plain = tmp_path / "plain.fst"
    _hc_sim(yaml, tmp_path / "untraced", env={"HC_WAVE": str(plain)})
    assert not plain.exists(), "the untraced harness wrote a waveform"
    plain_dir, traced_dir = scenario_sim.harness(sc).parent, scenario_sim.harness(sc, trace=True).parent
    assert plain_dir.name.startswith(f"{key}_") and traced_dir.name.startswith(f"{key}_fst_")
    mk_plain = (plain_dir / "Vhc_system_top_classes.mk").read_text()
    mk_traced = (traced_dir / "Vhc_system_top_classes.mk").read_text()
    assert "VM_TRACE = 0" in mk_plain and "VM_TRACE_FST = 0" in mk_plain
    assert "VM_TRACE_FST = 1" in mk_traced


def test_traced_and_untraced_builds_are_cached_apart(monkeypatch) -> None:
    calls: list[tuple[Path, bool, bool]] = []
    monkeypatch.setattr(scenario_sim.sim, "build_system_harness",
                        lambda cpp, mdir, exe, ports, params, trace=False, keyed=False:
                        calls.append((mdir, trace, keyed)) or mdir)
    sc = scenario.load(paths.ROOT / "bench" / "scenarios" / "fig5_90_10.yaml")
    scenario_sim.harness(sc)
    scenario_sim.harness(sc, trace=True)
    key = scenario_sim.harness_key(sc)
    assert calls == [(paths.BUILD / "sim" / key, False, True), (paths.BUILD / "sim" / f"{key}_fst", True, True)]
