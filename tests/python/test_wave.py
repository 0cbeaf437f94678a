# SPDX-License-Identifier: Apache-2.0
"""`hc sim --wave` (issue 21, item 6): Verilator FST tracing from a separate, cached harness build.

A two-port scenario of 4 KB per port runs with `--wave`; the FST it writes must name axi_hyperconnect's
`m_axi_*` signals in its hierarchy (read here by a small reader of the FST block structure: the header
block, then the LZ4- or gzip-compressed hierarchy block of scope / variable records). The untraced run of
the same scenario must write no waveform even with HC_WAVE set (its build has no tracing compiled in), and
the traced build must live in its own folder (build/sim/<key>_fst) with the untraced one left untraced.
"""

from __future__ import annotations

import os
import struct
import subprocess
import sys
import zlib
from pathlib import Path

from hyperconnect import paths, scenario, scenario_sim

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

# FST block types (the format of GTKWave's fstapi, as Verilator's fstcpp writes it)
FST_BL_HDR, FST_BL_HIER, FST_BL_HIER_LZ4 = 0, 4, 6
FST_ST_GEN_ATTRBEGIN, FST_ST_GEN_ATTREND, FST_ST_VCD_SCOPE, FST_ST_VCD_UPSCOPE = 252, 253, 254, 255


def lz4_block_decompress(src: bytes, size: int) -> bytes:
    """Decompress one raw LZ4 block (no frame) of `size` bytes."""
    out = bytearray()
    i = 0
    while i < len(src):
        token = src[i]
        i += 1
        n = token >> 4
        if n == 15:
            while True:
                n += src[i]
                i += 1
                if src[i - 1] != 255:
                    break
        out += src[i:i + n]
        i += n
        if i >= len(src):   # the last sequence has literals only
            break
        offset = src[i] | src[i + 1] << 8
        i += 2
        m = token & 15
        if m == 15:
            while True:
                m += src[i]
                i += 1
                if src[i - 1] != 255:
                    break
        for _ in range(m + 4):   # byte by byte: a match may overlap its own output
            out.append(out[-offset])
    assert len(out) == size, f"LZ4 block gave {len(out)} bytes, expected {size}"
    return bytes(out)


def _leb128(buf: bytes, i: int) -> tuple[int, int]:
    value = shift = 0
    while True:
        b = buf[i]
        i += 1
        value |= (b & 0x7F) << shift
        shift += 7
        if not b & 0x80:
            return value, i


def _string0(buf: bytes, i: int) -> tuple[str, int]:
    end = buf.index(0, i)
    return buf[i:end].decode(), end + 1


def fst_signals(path: Path) -> dict[str, int]:
    """Full dotted name -> bit width of every variable in the FST file's hierarchy."""
    data = path.read_bytes()
    assert data[0] == FST_BL_HDR, "not an FST file (no header block first)"
    hier = None
    pos = 0
    while pos < len(data):
        kind, length = data[pos], struct.unpack(">Q", data[pos + 1:pos + 9])[0]
        body = data[pos + 9:pos + 1 + length]
        if kind == FST_BL_HIER_LZ4:
            hier = lz4_block_decompress(body[8:], struct.unpack(">Q", body[:8])[0])
        elif kind == FST_BL_HIER:
            hier = zlib.decompress(body[8:], 15 + 32)
        pos += 1 + length
    assert hier is not None, "FST file has no hierarchy block"
    scopes: list[str] = []
    signals: dict[str, int] = {}
    i = 0
    while i < len(hier):
        tag = hier[i]
        i += 1
        if tag == FST_ST_VCD_SCOPE:
            name, i = _string0(hier, i + 1)          # scope type, name, component
            _, i = _string0(hier, i)
            scopes.append(name)
        elif tag == FST_ST_VCD_UPSCOPE:
            scopes.pop()
        elif tag == FST_ST_GEN_ATTRBEGIN:
            _, i = _string0(hier, i + 2)             # attribute type, subtype, name, argument
            _, i = _leb128(hier, i)
        elif tag == FST_ST_GEN_ATTREND:
            pass
        else:                                        # a variable: its type was the tag; direction, name, width, alias
            name, i = _string0(hier, i + 1)
            width, i = _leb128(hier, i)
            _, i = _leb128(hier, i)
            signals[".".join([*scopes, name.split(" ")[0]])] = width
    return signals


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
    mk_plain = (paths.BUILD / "sim" / key / "Vhc_system_top_classes.mk").read_text()
    mk_traced = (paths.BUILD / "sim" / f"{key}_fst" / "Vhc_system_top_classes.mk").read_text()
    assert "VM_TRACE = 0" in mk_plain and "VM_TRACE_FST = 0" in mk_plain
    assert "VM_TRACE_FST = 1" in mk_traced


def test_traced_and_untraced_builds_are_cached_apart(monkeypatch) -> None:
    calls: list[tuple[Path, bool]] = []
    monkeypatch.setattr(scenario_sim.sim, "build_system_harness",
                        lambda cpp, mdir, exe, ports, params, trace=False: calls.append((mdir, trace)) or mdir)
    sc = scenario.load(paths.ROOT / "bench" / "scenarios" / "fig5_90_10.yaml")
    scenario_sim.harness(sc)
    scenario_sim.harness(sc, trace=True)
    key = scenario_sim.harness_key(sc)
    assert calls == [(paths.BUILD / "sim" / key, False), (paths.BUILD / "sim" / f"{key}_fst", True)]
