# SPDX-License-Identifier: Apache-2.0
"""`hc regs`: generate the register blocks, C header and HTML reference from rdl/hyperconnect.rdl.

Outputs (never committed; regenerated when the RDL is newer):
  build/gen/regs/hc_regs.sv, hc_regs_pkg.sv            the global registers (peakrdl regblock --top hyperconnect
                                                       --cpuif passthrough; its PORT[] blocks are external)
  build/gen/regs/hc_port_regs.sv, hc_port_regs_pkg.sv  one port's block (--top hc_port --cpuif passthrough),
                                                       which axi_hyperconnect instantiates once per port
  build/gen/regs/hyperconnect_regs.h                   peakrdl c-header
  build/gen/regs/html/index.html                       peakrdl html
The AXI4-Lite front end in front of them (address decode, SLVERR for absent ports, range checks, registered
read-back) is hand-written RTL: rtl/hc_regs_axil.sv. Every S_COUNT uses the same generated blocks.
"""

from __future__ import annotations

import fcntl
import re
import subprocess
import sys
from pathlib import Path

from . import paths

RDL = paths.ROOT / "rdl" / "hyperconnect.rdl"
MAX_PORTS = 16
ADDR_BITS = 12
# counters of a port, in register order (offsets 0x20..0x3C), 32 bits each
COUNTERS = ("RD_BYTES_LO", "RD_BYTES_HI", "WR_BYTES_LO", "WR_BYTES_HI", "RD_TXN", "WR_TXN", "STALL_CYCLES",
            "MAX_RD_LATENCY")
# FAULT flags of a port, bit 0 first (hc_port FAULT register; fault_set of the supervisor wiring)
FAULTS = ("win_rd", "win_wr", "proto_rd", "proto_wr", "w_stall", "r_stall", "b_stall", "wlast")
WATCHDOG_FAULTS = ("w_stall", "r_stall", "b_stall", "wlast")   # hw-readable: they hold the trip


def out_dir() -> Path:
    return paths.BUILD / "gen" / "regs"


def _peakrdl(*args: str) -> None:
    cmd = [sys.executable, "-m", "peakrdl", *args]     # the module: no console script needed on PATH
    result = subprocess.run(cmd, env=paths.tool_env(), capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"peakrdl {args[0]} failed:\n{result.stdout}\n{result.stderr}")


# every regblock's reset and error answers
_BLOCK = ("--default-reset", "rst_n", "--err-if-bad-addr", "--err-if-bad-rw")


def _regenerate(out: Path, rdl: Path, top: str, files: dict[str, Path], force: bool, blocks) -> dict[str, Path]:
    """Run `blocks()` (the map's RTL blocks into `out`), then its C header (files["header"]) and HTML from
    `top`, if any of `files` is missing or older than `rdl` or this file. Safe to call from parallel test
    workers: generation holds a lock beside the output folder."""
    out.mkdir(parents=True, exist_ok=True)
    with open(out.parent / f".{out.name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        newest = max(rdl.stat().st_mtime, Path(__file__).stat().st_mtime)
        if force or any(not f.exists() or f.stat().st_mtime < newest for f in files.values()):
            blocks()
            _peakrdl("c-header", str(rdl), "--top", top, "-o", str(files["header"]))
            _peakrdl("html", str(rdl), "--top", top, "-o", str(out / "html"))
    return files


def generate(force: bool = False) -> dict[str, Path]:
    """Generate (if stale) and return the paths of the SV packages and blocks, C header and HTML index."""
    out = out_dir()
    files = {"pkg": out / "hc_regs_pkg.sv", "sv": out / "hc_regs.sv", "port_pkg": out / "hc_port_regs_pkg.sv",
             "port_sv": out / "hc_port_regs.sv", "header": out / "hyperconnect_regs.h",
             "html": out / "html" / "index.html"}

    def blocks() -> None:
        # --rt-read-response: the read-back mux ends at a flop inside each block (a read is answered one
        # cycle after the request), so no path runs from a block's address decode through its read-back
        # mux into hc_regs_axil's selection across the blocks. Every block, the global one too, then
        # gets its read-back selects and its decode from flops (below; hc_regs_axil presents each request
        # a cycle after its offset). (The global block once cut its read-back mux in two instead,
        # --rt-read-fanin; issue 17: its offset -> the compares -> the read-back's and the fields'
        # flops, 5 LUT levels, was the critical path at one seed of three at 4 ports, 132.9 MHz.)
        common = ["--cpuif", "passthrough", *_BLOCK, "--rt-read-response"]
        _peakrdl("regblock", str(RDL), "--top", "hyperconnect", "-o", str(out), "--module-name", "hc_regs",
                 "--package-name", "hc_regs_pkg", "--addr-width", str(ADDR_BITS), *common)
        _peakrdl("regblock", str(RDL), "--top", "hc_port", "-o", str(out), "--module-name", "hc_port_regs",
                 "--package-name", "hc_port_regs_pkg", *common)
        for block in (files["sv"], files["port_sv"]):
            _narrow_cpuif(block)
            _or_readback(block)
            _registered_decode(block)
    return _regenerate(out, RDL, "hyperconnect", files, force, blocks)


# The blocks' CPU interface as hc_regs_axil drives it: one request at a time, the next only after the
# previous one's answer, and the address held (the block's own request copy) from the request until the
# next one. So PeakRDL's stall (a request while an external register answers, a write in the cycles right
# after a read, while its read-back is under way) is never on when a request comes, and the held read-back
# address equals the request's address. Both stay out of the blocks' read-back and decode: they were the
# first two LUT levels of the port block's read-back path, the path that limited Fmax at two of three seeds
# (issue 17), and of the global block's (the stall's flop -> the request mask -> the address mux -> the
# read-back compare -> its retiming flops, 5 LUTs, at one seed of three at 4 ports, 112.7 MHz).
# hc_regs_axil still waits on the stall outputs and reports in simulation if one is ever on as it presents
# a request.
_RD_MUX_ADDR = "    assign rd_mux_addr = decoded_addr;"   # (the read-back's held address, as patched)
_CPUIF_PATCHES = (
    ("""    assign cpuif_req_masked = cpuif_req
                            & !(!cpuif_req_is_wr & cpuif_req_stall_rd)
                            & !(cpuif_req_is_wr & cpuif_req_stall_wr);""",
     """    assign cpuif_req_masked = cpuif_req;   // (hc_regs_axil: never while stalled; python/hyperconnect/regs.py)"""),
    ("""    assign rd_mux_addr = decoded_req ? decoded_addr : pending_rd_addr;""",
     _RD_MUX_ADDR + "     // (hc_regs_axil holds the address; python/hyperconnect/regs.py)"),
)


# A block's read-back as an OR of registered selects (every block; the global block's PORT[] region, the
# conditions inside `for` loops on a loop variable, stays as generated: hc_regs_axil never sends a port's
# address to the global block, so with the offset's bits 11:8 tied to 0 those compares are constant). PeakRDL writes it as one `if (address ==
# offset) readback_data_var[bits] = field;` after another: synthesis builds a chain of 2:1 muxes per bit,
# one per register that drives the bit (the addresses are exclusive, which it cannot see), behind the
# address compares. Here each `if` condition on the held address (rd_mux_addr) is registered in a flop of
# its own (rd_sel_q, one per condition, in the conditions' order), and the assignments become ORs (`|=`),
# so each bit is an OR of (select AND field) terms, which abc balances into a tree. The value is the same:
# at most one condition holds and the variable starts at 0; the selects are a cycle behind the address,
# so hc_regs_axil presents a block's request a cycle after its offset (PREP) and holds the offset
# until the next request. Issue 17: the held address -> the compares -> the read-back chain ->
# cpuif_rd_data was 7 LUT levels, the deepest logic of the design at 4 ports and the critical path at one
# seed (118.6 MHz); as ORs alone, 6 levels, still critical at two seeds of three (115.2, 122.2 MHz).
_READBACK_LINE = re.compile(r"^(\s+readback_data_var(?:\[\d+(?::\d+)?\])?) = (?!'0;)(.+;)$", re.M)
_READBACK_IF = re.compile(r"^(\s+)if\((.*\brd_mux_addr\b.*)\) begin$", re.M)


_LOOP_VAR = re.compile(r"\bi\d+\b")                  # PeakRDL's loop variables (i0, i1, ...)


def _or_readback(path: Path) -> None:
    """Rewrite a block's read-back (above): its assignments as ORs, its address conditions (but those on
    a loop variable) as registered selects. Each must be found (at least one assignment and one
    condition, the anchor once), or the build fails rather than produce a block with the old path."""
    text, n = _READBACK_LINE.subn(r"\1 |= \2", path.read_text())
    conds: list[str] = []

    def select(m: re.Match[str]) -> str:
        if _LOOP_VAR.search(m.group(2)):
            return m.group(0)
        conds.append(m.group(2))
        return f"{m.group(1)}if(rd_sel_q[{len(conds) - 1}]) begin"
    text = _READBACK_IF.sub(select, text)
    if n == 0 or not conds or text.count(_RD_MUX_ADDR) != 1:
        raise RuntimeError(f"{path.name}: the read-back is not as expected (assignments {n}, conditions "
                           f"{len(conds)}, anchor {text.count(_RD_MUX_ADDR)})")
    line = text.index("\n", text.index(_RD_MUX_ADDR)) + 1
    regs = ("    // the read-back's address conditions, registered (python/hyperconnect/regs.py; hc_regs_axil\n"
            "    // presents the request a cycle after the offset and holds the offset until the next one)\n"
            f"    logic [{len(conds) - 1}:0] rd_sel_q;\n"
            "    always_ff @(posedge clk) begin\n"
            "        if(~rst_n) rd_sel_q <= '0;\n"
            "        else begin\n"
            + "".join(f"            rd_sel_q[{k}] <= {c};\n" for k, c in enumerate(conds))
            + "        end\n    end\n")
    path.write_text(text[:line] + regs + text[line:])


# A block's address decode from flops: PeakRDL compares the address in the request's cycle, and
# each register's strobe (decoded_reg_strb, is_external) and the decode error (an address no register
# has, or a write to a read-only one) run on, unregistered, into the fields' write enables, the write
# answer (cpuif_wr_err) and the read-back's error. Here every condition on the address (and kind) is
# evaluated a cycle ahead into a flop of its own (dec_sel_q; rw_ok_q for "a valid access") from the held
# offset and kind — hc_regs_axil presents a block's request a cycle after its offset (PREP), as for
# the read-back selects above — and the request only ANDs with them. The same values: the conditions are
# copied unchanged, and since a valid access implies a valid address, "bad address or bad access" is "not
# a valid access". Issue 17: the held offset -> the compares -> a field's write enable was the critical
# path at one seed of three at 4 ports (116.9 MHz, 4 LUTs, 7.1 ns of routing), and the offset -> the
# error -> hc_regs_axil's answer flop 6-7 LUT levels.
_DECODE_STRB = re.compile(r"^(\s+(?:decoded_reg_strb\.\w+ =|is_external \|=) cpuif_req_masked & )(.+);$", re.M)
_DECODE_RW = re.compile(r"^\s+is_valid_rw \|= cpuif_req_masked & (.+);$", re.M)
_DECODE_ERR = "        decoded_err = (~is_valid_addr | (is_valid_addr & ~is_valid_rw)) & decoded_req;"
_DECODE_AT = "    always_comb begin\n        automatic logic is_valid_addr;\n"


_LOOP_HEAD = re.compile(r"^\s+for\(int (i\d+)=0; \1<(\d+); \1\+\+\) begin$", re.M)


def _registered_decode(path: Path) -> None:
    """Rewrite a block's decode (above) from flops; each anchor must be found once and at least one
    strobe and one valid-access condition, or the build fails rather than produce a block with the old
    paths. A strobe on a loop variable (the global block's PORT[] region, never addressed there: see
    _or_readback) stays as generated; a valid-access condition on one is ORed into the registered flag by
    the same loop."""
    text = path.read_text()
    rw: list[tuple[str, str]] = []                  # (loop head or "", condition)
    for m in _DECODE_RW.finditer(text):
        head = ""
        if _LOOP_VAR.search(m.group(1)):
            heads = [h for h in _LOOP_HEAD.finditer(text, 0, m.start())]
            if not heads or not re.search(rf"\b{heads[-1].group(1)}\b", m.group(1)):
                raise RuntimeError(f"{path.name}: a valid-access condition on a loop variable outside its loop")
            head = f"for(int {heads[-1].group(1)}=0; {heads[-1].group(1)}<{heads[-1].group(2)}; {heads[-1].group(1)}++) "
        rw.append((head, m.group(1)))
    if not rw or text.count(_DECODE_ERR) != 1 or text.count(_DECODE_AT) != 1:
        raise RuntimeError(f"{path.name}: the decode is not as expected (conditions {len(rw)}, "
                           f"error line {text.count(_DECODE_ERR)}, decode block {text.count(_DECODE_AT)})")
    sels: dict[str, int] = {}

    def strobe(m: re.Match[str]) -> str:
        if _LOOP_VAR.search(m.group(2)):
            return m.group(0)
        k = sels.setdefault(m.group(2), len(sels))
        return f"{m.group(1)}dec_sel_q[{k}];"
    text = _DECODE_STRB.sub(strobe, text)
    if not sels:
        raise RuntimeError(f"{path.name}: the decode has no register strobes to register")
    text = text.replace(_DECODE_ERR, "        decoded_err = ~rw_ok_q & decoded_req;   "
                                     "// (python/hyperconnect/regs.py)")
    regs = ("    // the decode's conditions on the held offset and kind, registered (python/hyperconnect/regs.py;\n"
            "    // hc_regs_axil presents the request a cycle after the offset and holds it until the next one)\n"
            f"    logic [{len(sels) - 1}:0] dec_sel_q;\n"
            "    logic rw_ok_q;                                 // a valid access\n"
            "    logic rw_ok_n;\n"
            "    always_comb begin\n"
            "        rw_ok_n = 1'b0;\n"
            + "".join(f"        {head}rw_ok_n |= ({c});\n" for head, c in rw)
            + "    end\n"
            "    always_ff @(posedge clk) begin\n"
            "        if(~rst_n) begin\n"
            "            dec_sel_q <= '0;\n"
            "            rw_ok_q <= '0;\n"
            "        end else begin\n"
            + "".join(f"            dec_sel_q[{k}] <= {c};\n" for c, k in sels.items())
            + "            rw_ok_q <= rw_ok_n;\n"
            "        end\n"
            "    end\n")
    at = text.index(_DECODE_AT)
    path.write_text(text[:at] + regs + text[at:])


def _narrow_cpuif(path: Path, patches: tuple[tuple[str, str], ...] = _CPUIF_PATCHES) -> None:
    """Apply `patches` (by default _CPUIF_PATCHES) to a generated block; each must match exactly once (a
    PeakRDL version that generates other code fails here rather than producing a block with the old paths)."""
    text = path.read_text()
    for old, new in patches:
        if text.count(old) != 1:
            raise RuntimeError(f"{path.name}: the generated code no longer has, once, the line(s) to replace:\n{old}")
        text = text.replace(old, new)
    path.write_text(text)


def sources() -> list[Path]:
    """Every file axi_hyperconnect needs, packages first: the generated blocks (equal to the committed
    copies, fileset `regs` of hyperconnect.core), then the hand-written RTL of rtl/ (fileset `rtl`)."""
    files = generate()
    return [files["pkg"], files["port_pkg"], files["sv"], files["port_sv"]] + paths.rtl_sources()


# Generated blocks committed in rtl/gen/ and rtl/stream/gen/ (apart from hand-written code) so that rtl/ alone is a complete IP (Vivado/Quartus, lint): the
# interconnect's global and per-port blocks and the ps::stream bridge's blocks in rtl/stream/.
# tests/hc_regs checks that the committed copies equal a fresh generation; `hc regs --rtl` refreshes them.
# Copy (relative to rtl/) -> (block, generated file).
RTL_COPIES = {"gen/hc_regs_pkg.sv": ("hc", "pkg"), "gen/hc_port_regs_pkg.sv": ("hc", "port_pkg"),
              "gen/hc_regs.sv": ("hc", "sv"), "gen/hc_port_regs.sv": ("hc", "port_sv"),
              "stream/gen/ps_stream_regs_pkg.sv": ("bridge", "pkg"), "stream/gen/ps_stream_regs.sv": ("bridge", "sv"),
              "stream/gen/ps_stream_csr_regs_pkg.sv": ("bridge", "csr_pkg"),
              "stream/gen/ps_stream_csr_regs.sv": ("bridge", "csr_sv"),
              "gen/hc_copy_engine_regs_pkg.sv": ("copy", "pkg"), "gen/hc_copy_engine_regs.sv": ("copy", "sv"),
              "gen/hc_link_probe_regs_pkg.sv": ("probe", "pkg"), "gen/hc_link_probe_regs.sv": ("probe", "sv")}
_COPY_HEADER = {"hc": "// SPDX-License-Identifier: Apache-2.0\n// Generated from rdl/hyperconnect.rdl by `hc regs --rtl`; do not edit.\n"
                      "/* verilator lint_off GENUNNAMED */\n",
                "bridge": "// SPDX-License-Identifier: Apache-2.0\n// Generated from rdl/ps_stream_bridge.rdl by `hc regs --rtl`; do not edit.\n"
                          "/* verilator lint_off GENUNNAMED */\n",
                "copy": "// SPDX-License-Identifier: Apache-2.0\n// Generated from rdl/hc_copy_engine.rdl by `hc regs --rtl`; do not edit.\n"
                        "/* verilator lint_off GENUNNAMED */\n",
                "probe": "// SPDX-License-Identifier: Apache-2.0\n// Generated from rdl/hc_link_probe.rdl by `hc regs --rtl`; do not edit.\n"
                         "/* verilator lint_off GENUNNAMED */\n"}
_LINT_OFF = "/* verilator lint_off MULTIDRIVEN */\n/* verilator lint_off UNUSEDSIGNAL */\n/* verilator lint_off UNUSEDPARAM */\n"


def rtl_copy_text(copy: str) -> str:
    """Text of the committed copy rtl/<copy> of a generated file."""
    block, kind = RTL_COPIES[copy]
    files = BLOCKS[block]()
    return _COPY_HEADER[block] + _LINT_OFF + files[kind].read_text()


def write_rtl_copies() -> list[Path]:
    out = []
    for copy in RTL_COPIES:
        path = paths.RTL / copy
        path.write_text(rtl_copy_text(copy))
        out.append(path)
    return out


# ---- the ps::stream PL bridge (rtl/stream/): its own map, rdl/ps_stream_bridge.rdl
BRIDGE_RDL = paths.ROOT / "rdl" / "ps_stream_bridge.rdl"
BRIDGE_ADDR_BITS = 10


def generate_bridge(force: bool = False) -> dict[str, Path]:
    """Generate (if stale) the bridge's register block, package, C header and HTML into build/gen/stream_regs."""
    out = paths.BUILD / "gen" / "stream_regs"
    files = {"pkg": out / "ps_stream_regs_pkg.sv", "sv": out / "ps_stream_regs.sv",
             "csr_pkg": out / "ps_stream_csr_regs_pkg.sv", "csr_sv": out / "ps_stream_csr_regs.sv",
             "header": out / "ps_stream_bridge_regs.h", "html": out / "html" / "index.html"}

    def blocks() -> None:
        # the bridge's block (its STREAM[] blocks external) and the per-stream block it instantiates
        _peakrdl("regblock", str(BRIDGE_RDL), "--top", "ps_stream_bridge", "-o", str(out), "--cpuif",
                 "axi4-lite-flat", "--module-name", "ps_stream_regs", "--package-name", "ps_stream_regs_pkg",
                 *_BLOCK, "--addr-width", str(BRIDGE_ADDR_BITS))
        _peakrdl("regblock", str(BRIDGE_RDL), "--top", "ps_stream_csr", "-o", str(out), "--cpuif", "passthrough",
                 "--module-name", "ps_stream_csr_regs", "--package-name", "ps_stream_csr_regs_pkg", *_BLOCK)
    return _regenerate(out, BRIDGE_RDL, "ps_stream_bridge", files, force, blocks)


def bridge_sources() -> list[Path]:
    """Every file ps_stream_bridge needs, packages first: its generated blocks (equal to the committed
    copies, fileset `stream_regs` of hyperconnect.core), then fileset `stream`."""
    from . import manifest
    files = generate_bridge()
    return [files["pkg"], files["csr_pkg"], files["sv"], files["csr_sv"], *manifest.files("stream")]


# ---- the copy engine (rtl/hc_copy_engine.sv): its own map, rdl/hc_copy_engine.rdl
COPY_RDL = paths.ROOT / "rdl" / "hc_copy_engine.rdl"
COPY_ADDR_BITS = 6


def generate_copy_engine(force: bool = False) -> dict[str, Path]:
    """Generate (if stale) the copy engine's register block (AXI4-Lite), package, C header and HTML into
    build/gen/copy_regs."""
    out = paths.BUILD / "gen" / "copy_regs"
    files = {"pkg": out / "hc_copy_engine_regs_pkg.sv", "sv": out / "hc_copy_engine_regs.sv",
             "header": out / "hc_copy_engine_regs.h", "html": out / "html" / "index.html"}

    def blocks() -> None:
        _peakrdl("regblock", str(COPY_RDL), "--top", "hc_copy_engine", "-o", str(out), "--cpuif", "axi4-lite-flat",
                 "--module-name", "hc_copy_engine_regs", "--package-name", "hc_copy_engine_regs_pkg", *_BLOCK,
                 "--addr-width", str(COPY_ADDR_BITS), "--rt-read-response")
    return _regenerate(out, COPY_RDL, "hc_copy_engine", files, force, blocks)


def copy_engine_sources() -> list[Path]:
    """Every file hc_copy_engine needs, packages first: its generated block (equal to the committed copy,
    fileset `copy_regs` of hyperconnect.core), then fileset `copy`."""
    from . import manifest
    files = generate_copy_engine()
    return [files["pkg"], files["sv"], *manifest.files("copy")]


# ---- the link probe (rtl/hc_link_probe.sv, issue 20): its own map, rdl/hc_link_probe.rdl
PROBE_RDL = paths.ROOT / "rdl" / "hc_link_probe.rdl"
PROBE_ADDR_BITS = 8


def generate_link_probe(force: bool = False) -> dict[str, Path]:
    """Generate (if stale) the link probe's register block, package, C header and HTML into
    build/gen/probe_regs. The block has PeakRDL's passthrough CPU interface behind the hand-written AXI4-Lite
    front end rtl/hc_link_probe_axil.sv, which keeps the contract of hc_regs_axil (one request at a time,
    presented a cycle after its offset, the offset held until the answer), so the block gets the same three
    steps as the interconnect's: no stall mask, registered read-back selects, registered decode. (Issue 20:
    with PeakRDL's own AXI4-Lite interface the request -> the decode of 46 registers -> the read-back was
    9 LUT levels, the probe's critical path at 81.5 MHz.)"""
    out = paths.BUILD / "gen" / "probe_regs"
    files = {"pkg": out / "hc_link_probe_regs_pkg.sv", "sv": out / "hc_link_probe_regs.sv",
             "header": out / "hc_link_probe_regs.h", "html": out / "html" / "index.html"}

    def blocks() -> None:
        _peakrdl("regblock", str(PROBE_RDL), "--top", "hc_link_probe", "-o", str(out), "--cpuif", "passthrough",
                 "--module-name", "hc_link_probe_regs", "--package-name", "hc_link_probe_regs_pkg", *_BLOCK,
                 "--addr-width", str(PROBE_ADDR_BITS), "--rt-read-response")
        # (no external register: PeakRDL reads back at the request's own address, so only the stall mask goes)
        _narrow_cpuif(files["sv"], _CPUIF_PATCHES[:1])
        _or_readback(files["sv"])
        _registered_decode(files["sv"])
    return _regenerate(out, PROBE_RDL, "hc_link_probe", files, force, blocks)


def link_probe_sources() -> list[Path]:
    """Every file hc_link_probe needs, packages first: its generated block (equal to the committed copy,
    fileset `link_probe_regs` of hyperconnect.core), then fileset `link_probe`."""
    from . import manifest
    files = generate_link_probe()
    return [files["pkg"], files["sv"], *manifest.files("link_probe")]


# the register maps by block name (RTL_COPIES' blocks; `hc regs` generates every one)
BLOCKS = {"hc": generate, "bridge": generate_bridge, "copy": generate_copy_engine, "probe": generate_link_probe}
