# SPDX-License-Identifier: Apache-2.0
"""`hc ipxact`: IP-XACT (IEEE 1685-2014) components of the two IPs of rtl/, for Vivado's IP catalog.

`hc ipxact --ports N` writes axi_hyperconnect with N slave ports (build/ipxact/axi_hyperconnect_<N>p/);
`hc ipxact --bridge` writes the ps::stream PL bridge (build/ipxact/ps_stream_bridge/). Each component.xml holds:
  busInterfaces  axi_hyperconnect: S00_AXI .. S<N-1>_AXI (AXI4 slaves), M_AXI (AXI4 master), S_AXIL (AXI4-Lite
                 slave, with its memory map). ps_stream_bridge: M_AXI (AXI4 master to processor memory), S_AXIL,
                 M00_AXIS .. (streams to the fabric, N_TO_PL) and S00_AXIS .. (streams from it, N_FROM_PL), on
                 xilinx.com:interface:axis:1.0. Both: aclk (ASSOCIATED_BUSIF = every AXI interface) / aresetn /
                 irq. Xilinx's bus definitions (xilinx.com:interface:aximm:1.0, xilinx.com:signal:clock/reset/
                 interrupt:1.0), abstraction <name>_rtl. The tops pack the signals of their N like interfaces into
                 one flat vector per signal (s_axi_awaddr is S_COUNT*ADDR_WIDTH wide, m_axis_tdata N_TO_PL*EW), so
                 each such interface maps its logical ports to a slice of those vectors (portMap partSelect).
  memoryMaps     the AXI4-Lite register map, exported by peakrdl-ipxact from rdl/hyperconnect.rdl (PORT[] cut to
                 the N ports the instance has; the others answer SLVERR) or rdl/ps_stream_bridge.rdl (STREAM[] cut
                 to the N_TO_PL + N_FROM_PL streams; the others read 0).
  model          one view / componentInstantiation (the top module, its parameters) and the ports, their widths
                 evaluated from the top's port list (rtl/axi_hyperconnect.sv, rtl/stream/ps_stream_bridge.sv) at
                 the parameters.
  fileSets       the RTL in compile order (filesets `regs` + `rtl`, resp. `stream_regs` + `stream` of
                 hyperconnect.core), copied beside the XML so the output folder is a self-contained IP
                 repository entry.
The parameters are fixed when the component is generated (not user-resolvable in the IP catalog): N for
axi_hyperconnect, the RTL defaults otherwise (the bridge: 1 + 1 streams).
"""

from __future__ import annotations

import argparse
import json
import math
import re
import shutil
import tempfile
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from . import __version__, manifest, paths

NS = "http://www.accellera.org/XMLSchema/IPXACT/1685-2014"
XSI = "http://www.w3.org/2001/XMLSchema-instance"
SCHEMA_LOCATION = f"{NS} {NS}/index.xsd"
ET.register_namespace("ipxact", NS)
ET.register_namespace("xsi", XSI)

VENDOR, LIBRARY = "hyperconnect.org", "hyperconnect"
AXIMM = {"vendor": "xilinx.com", "library": "interface", "name": "aximm", "version": "1.0"}
AXIMM_RTL = {**AXIMM, "name": "aximm_rtl"}
AXIS = {"vendor": "xilinx.com", "library": "interface", "name": "axis", "version": "1.0"}
SIGNAL = {"vendor": "xilinx.com", "library": "signal", "version": "1.0"}


@dataclass(frozen=True)
class Ip:
    """One IP's sources: its top module, register map and filesets."""
    top: str                      # module name
    rtl: Path                     # the file declaring it (parameter and port list)
    rdl: Path
    rdl_top: str                  # the RDL's top addrmap
    array: str                    # "<type> <name>" of the RDL's external block array cut to the instance
    params: tuple[str, ...]       # the top's parameters (not localparams), in declaration order
    filesets: tuple[str, ...]     # of hyperconnect.core, in compile order

    @property
    def memory_map(self) -> str:
        """The name peakrdl-ipxact gives the (un-exploded) top's map."""
        return f"{self.rdl_top}_mmap"

    def sources(self) -> list[Path]:
        return manifest.files(*self.filesets)


HYPERCONNECT = Ip("axi_hyperconnect", paths.RTL / "axi_hyperconnect.sv", paths.ROOT / "rdl" / "hyperconnect.rdl",
                  "hyperconnect", "hc_port PORT",
                  ("S_COUNT", "ADDR_WIDTH", "DATA_WIDTH", "ID_WIDTH", "TRACK_DEPTH", "W_ROUTE_DEPTH", "REQ_DEPTH",
                   "RESP_DEPTH", "WDATA_DEPTH", "M_ID_WIDTH"),
                  ("regs", "rtl"))
BRIDGE = Ip("ps_stream_bridge", paths.RTL / "stream" / "ps_stream_bridge.sv",
            paths.ROOT / "rdl" / "ps_stream_bridge.rdl", "ps_stream_bridge", "ps_stream_csr STREAM",
            ("N_TO_PL", "N_FROM_PL", "ADDR_WIDTH", "DATA_WIDTH", "ELEM_BYTES", "ID_WIDTH", "MAX_BURST", "BUF_DEPTH",
             "MAX_RD_OUT", "MAX_WR_OUT", "IDLE", "POLL_GAP"),
            ("stream_regs", "stream"))

# axi_hyperconnect's names, as before the bridge was added
TOP, TOP_RTL, RDL, RDL_TOP = HYPERCONNECT.top, HYPERCONNECT.rtl, HYPERCONNECT.rdl, HYPERCONNECT.rdl_top
MEMORY_MAP = HYPERCONNECT.memory_map      # hyperconnect_mmap
PARAMS = HYPERCONNECT.params
MAX_PORTS = 16
MAX_STREAMS = 8                           # per direction (ps_stream_bridge's check)


def q(tag: str) -> str:
    """`tag` in the IP-XACT 2014 namespace."""
    return f"{{{NS}}}{tag}"


@dataclass(frozen=True)
class Port:
    name: str
    direction: str        # "in" | "out"
    width: int
    vector: bool          # declared with a range (kept a vector even at width 1)


_PARAM = re.compile(r"^\s*(localparam|parameter)\s+int\s+(\w+)\s*=\s*([^,\n]+?)\s*,?\s*$", re.M)
_PORT = re.compile(r"^\s*(input|output)\s+logic\s*(?:\[([^\]]+)\])?\s*(\w+)\s*,?\s*$", re.M)
_EXPR = re.compile(r"^[\w\s*+\-/()]+$")


def _eval(expr: str, env: dict[str, int], where: Path = TOP_RTL) -> int:
    """An integer expression of a parameter or port list (names, digits, + - * / and parentheses only)."""
    if not _EXPR.match(expr):
        raise ValueError(f"{where.name}: cannot evaluate {expr!r}")
    value = eval(expr.replace("/", "//"), {"__builtins__": {}}, dict(env))   # noqa: S307 (checked above)
    return int(value)


def _header(ip: Ip) -> tuple[str, str]:
    """The top's parameter list and port list (text)."""
    text = ip.rtl.read_text()
    start = text.index(f"module {ip.top} #(")
    split = text.index(") (", start)
    return text[start:split], text[split:text.index(");", split)]


def _parameters(ip: Ip, values: dict[str, int],
                derived: dict[str, Callable[[dict[str, int]], int]] | None = None) -> dict[str, int]:
    """The top's (local)parameters in declaration order: `values` where given, `derived` for the defaults
    that are no plain arithmetic, the default expression otherwise (so derived defaults follow `values`)."""
    env: dict[str, int] = {}
    declared: list[str] = []
    for kind, name, expr in _PARAM.findall(_header(ip)[0]):
        if kind == "parameter":
            declared.append(name)
        if name in values:
            env[name] = values[name]
        elif derived and name in derived:
            env[name] = derived[name](env)
        else:
            env[name] = _eval(expr, env, ip.rtl)
    if tuple(declared) != ip.params:
        raise RuntimeError(f"{ip.rtl}: parameters {declared}, expected {list(ip.params)}")
    return env


def _ports(ip: Ip, env: dict[str, int]) -> list[Port]:
    """The top's ports, in declaration order, with their widths at `env`."""
    out: list[Port] = []
    for direction, rng, name in _PORT.findall(_header(ip)[1]):
        width = 1
        if rng:
            left, right = rng.split(":")
            width = _eval(left, env, ip.rtl) - _eval(right, env, ip.rtl) + 1
        out.append(Port(name, "in" if direction == "input" else "out", width, bool(rng)))
    if not out or out[0].name != "aclk":
        raise RuntimeError(f"{ip.rtl}: port list not as expected (first port {out[0].name if out else None})")
    return out


def parameters(n_ports: int) -> dict[str, int]:
    """axi_hyperconnect's parameters at `n_ports` slave ports: the defaults of rtl/axi_hyperconnect.sv, S_COUNT
    set, the derived ones (PORT_W, M_ID_WIDTH, STRB_WIDTH) computed as the RTL does."""
    check_ports(n_ports)
    return _parameters(HYPERCONNECT, {"S_COUNT": n_ports},
                       {"PORT_W": lambda env: max(1, math.ceil(math.log2(env["S_COUNT"]))) if env["S_COUNT"] > 1 else 1})


def ports(n_ports: int) -> list[Port]:
    """axi_hyperconnect's ports, in declaration order, with their widths at `n_ports`."""
    return _ports(HYPERCONNECT, parameters(n_ports))


def check_ports(n_ports: int) -> None:
    if not 1 <= n_ports <= MAX_PORTS:
        raise ValueError(f"--ports must be 1..{MAX_PORTS} (got {n_ports})")


def bridge_parameters(streams: tuple[int, int] | None = None) -> dict[str, int]:
    """ps_stream_bridge's parameters: the defaults of rtl/stream/ps_stream_bridge.sv, with (N_TO_PL, N_FROM_PL)
    = `streams` if given; the localparams (NB, EW) computed as the RTL does."""
    values: dict[str, int] = {}
    if streams is not None:
        values = {"N_TO_PL": streams[0], "N_FROM_PL": streams[1]}
    env = _parameters(BRIDGE, values)
    for name in ("N_TO_PL", "N_FROM_PL"):
        if not 1 <= env[name] <= MAX_STREAMS:
            raise ValueError(f"{name} must be 1..{MAX_STREAMS} (got {env[name]})")
    return env


def bridge_ports(streams: tuple[int, int] | None = None) -> list[Port]:
    """ps_stream_bridge's ports, in declaration order, with their widths at `bridge_parameters(streams)`."""
    return _ports(BRIDGE, bridge_parameters(streams))


# ---- the register map
def _rdl_text(ip: Ip, keep: int) -> str:
    """The IP's RDL with its external block array cut to `keep` blocks."""
    kind, name = ip.array.split()
    pattern = re.compile(rf"\bexternal {kind} {name}\[(\d+)\]")
    text = ip.rdl.read_text()
    found = pattern.findall(text)
    if len(found) != 1:
        raise RuntimeError(f"{ip.rdl}: expected one 'external {ip.array}[...]' array, found {len(found)}")
    if not 1 <= keep <= int(found[0]):
        raise ValueError(f"{ip.rdl.name}: {name}[] has {found[0]} blocks, cannot keep {keep}")
    return pattern.sub(f"external {kind} {name}[{keep}]", text)


def rdl_text(n_ports: int) -> str:
    """rdl/hyperconnect.rdl with its PORT[] array cut to `n_ports` blocks."""
    check_ports(n_ports)
    return _rdl_text(HYPERCONNECT, n_ports)


def _memory_maps(ip: Ip, keep: int) -> ET.Element:
    """The <memoryMaps> element peakrdl-ipxact exports from the IP's RDL, its block array cut to `keep`."""
    from peakrdl_ipxact import IPXACTExporter
    from systemrdl import RDLCompiler
    with tempfile.TemporaryDirectory() as tmp:
        rdl = Path(tmp) / ip.rdl.name
        rdl.write_text(_rdl_text(ip, keep))
        rdlc = RDLCompiler()
        rdlc.compile_file(str(rdl))
        root = rdlc.elaborate(top_def_name=ip.rdl_top)
        xml = Path(tmp) / "regs.xml"
        IPXACTExporter(vendor=VENDOR, library=LIBRARY, version=__version__).export(
            root.top, str(xml), component_name=ip.top)
        maps = ET.parse(xml).getroot().find(q("memoryMaps"))
    if maps is None or maps.find(f"{q('memoryMap')}/{q('name')}") is None:
        raise RuntimeError("peakrdl-ipxact exported no memoryMap")
    name = maps.find(f"{q('memoryMap')}/{q('name')}").text   # type: ignore[union-attr]
    if name != ip.memory_map:
        raise RuntimeError(f"peakrdl-ipxact named the memory map {name!r}, expected {ip.memory_map!r}")
    return maps


def memory_maps(n_ports: int) -> ET.Element:
    """The <memoryMaps> element of axi_hyperconnect at `n_ports`."""
    check_ports(n_ports)
    return _memory_maps(HYPERCONNECT, n_ports)


# ---- the component
Map = tuple[str, str, "tuple[int, int] | None"]     # logical port, physical port, slice (left, right) or whole


@dataclass(frozen=True)
class Bus:
    """A busInterface `name` of type `type` (abstraction `<type name>_rtl`) in `mode`, mapping `maps`."""
    name: str
    type: dict[str, str]
    maps: list[Map]
    mode: str                                              # "master" | "slave"
    params: dict[str, str] = field(default_factory=dict)   # busInterface parameters
    mode_child: tuple[str, dict[str, str]] | None = None   # e.g. ("memoryMapRef", {"memoryMapRef": ...})


def _sub(parent: ET.Element, tag: str, text: str | None = None, **attrs: str) -> ET.Element:
    el = ET.SubElement(parent, q(tag), attrs)
    if text is not None:
        el.text = text
    return el


def _vlnv(parent: ET.Element, tag: str, vlnv: dict[str, str]) -> ET.Element:
    return ET.SubElement(parent, q(tag), dict(vlnv))


def _params(parent: ET.Element, owner: str, values: dict[str, str]) -> None:
    ps = _sub(parent, "parameters")
    for name, value in values.items():
        p = _sub(ps, "parameter", parameterId=f"BUSIFPARAM_VALUE.{owner.upper()}.{name}")
        _sub(p, "name", name)
        _sub(p, "value", value)


def _bus(parent: ET.Element, bus: Bus) -> ET.Element:
    bi = _sub(parent, "busInterface")
    _sub(bi, "name", bus.name)
    _vlnv(bi, "busType", bus.type)
    ats = _sub(bi, "abstractionTypes")
    at = _sub(ats, "abstractionType")
    _vlnv(at, "abstractionRef", {**bus.type, "name": bus.type["name"] + "_rtl"})
    pms = _sub(at, "portMaps")
    for logical, physical, rng in bus.maps:
        pm = _sub(pms, "portMap")
        _sub(_sub(pm, "logicalPort"), "name", logical)
        pp = _sub(pm, "physicalPort")
        _sub(pp, "name", physical)
        if rng is not None:
            r = _sub(_sub(pp, "partSelect"), "range")
            _sub(r, "left", str(rng[0]))
            _sub(r, "right", str(rng[1]))
    m = _sub(bi, bus.mode)
    if bus.mode_child is not None:
        _sub(m, bus.mode_child[0], **bus.mode_child[1])
    if bus.params:
        _params(bi, bus.name, bus.params)
    return bi


def _whole(plist: list[Port], prefix: str) -> list[Map]:
    """The ports named `prefix<signal>`, each mapped whole to logical port SIGNAL."""
    return [(p.name[len(prefix):].upper(), p.name, None) for p in plist if p.name.startswith(prefix)]


def _slice(plist: list[Port], prefix: str, i: int, n: int) -> list[Map]:
    """Interface `i` of `n` packed into the ports named `prefix<signal>`: each port is n equal slices, i's at
    bits [(i+1)*w-1 : i*w], mapped to logical port SIGNAL."""
    out: list[Map] = []
    for p in plist:
        if p.name.startswith(prefix):
            if p.width % n:
                raise RuntimeError(f"{p.name}: width {p.width} is not a multiple of {n}")
            w = p.width // n
            out.append((p.name[len(prefix):].upper(), p.name, ((i + 1) * w - 1, i * w)))
    return out


def _m_axi(plist: list[Port]) -> Bus:
    return Bus("M_AXI", AXIMM, _whole(plist, "m_axi_"), "master", {"PROTOCOL": "AXI4"},
               ("addressSpaceRef", {"addressSpaceRef": "M_AXI"}))


def _s_axil(ip: Ip, plist: list[Port]) -> Bus:
    return Bus("S_AXIL", AXIMM, _whole(plist, "s_axil_"), "slave", {"PROTOCOL": "AXI4LITE"},
               ("memoryMapRef", {"memoryMapRef": ip.memory_map}))


def _component(ip: Ip, name: str, env: dict[str, int], plist: list[Port], buses: list[Bus], keep: int,
               description: str) -> ET.ElementTree:
    """The component `name` of `ip` at parameters `env`: its AXI interfaces `buses`, then aclk (associated with
    all of them), aresetn, irq; address space M_AXI; the register map with `keep` blocks; the model; the files
    (paths relative to the component's folder)."""
    root = ET.Element(q("component"), {f"{{{XSI}}}schemaLocation": SCHEMA_LOCATION})
    _sub(root, "vendor", VENDOR)
    _sub(root, "library", LIBRARY)
    _sub(root, "name", name)
    _sub(root, "version", __version__)

    bis = _sub(root, "busInterfaces")
    for bus in buses:
        _bus(bis, bus)
    _bus(bis, Bus("aclk", {**SIGNAL, "name": "clock"}, [("CLK", "aclk", None)], "slave",
                  {"ASSOCIATED_BUSIF": ":".join(b.name for b in buses), "ASSOCIATED_RESET": "aresetn"}))
    _bus(bis, Bus("aresetn", {**SIGNAL, "name": "reset"}, [("RST", "aresetn", None)], "slave",
                  {"POLARITY": "ACTIVE_LOW"}))
    _bus(bis, Bus("irq", {**SIGNAL, "name": "interrupt"}, [("INTERRUPT", "irq", None)], "master",
                  {"SENSITIVITY": "LEVEL_HIGH"}))

    spaces = _sub(root, "addressSpaces")
    sp = _sub(spaces, "addressSpace")
    _sub(sp, "name", "M_AXI")
    _sub(sp, "range", str(1 << env["ADDR_WIDTH"]))
    _sub(sp, "width", str(env["DATA_WIDTH"]))

    root.append(_memory_maps(ip, keep))

    model = _sub(root, "model")
    view = _sub(_sub(model, "views"), "view")
    _sub(view, "name", "rtl")
    _sub(view, "envIdentifier", ":vivado.xilinx.com:synthesis")
    _sub(view, "componentInstantiationRef", "rtl")
    inst = _sub(_sub(model, "instantiations"), "componentInstantiation")
    _sub(inst, "name", "rtl")
    _sub(inst, "language", "systemverilog")
    _sub(inst, "moduleName", ip.top)
    mps = _sub(inst, "moduleParameters")
    for pname in ip.params:
        mp = _sub(mps, "moduleParameter", parameterId=f"MODELPARAM_VALUE.{pname}", type="int")
        _sub(mp, "name", pname)
        _sub(mp, "value", str(env[pname]))
    _sub(_sub(inst, "fileSetRef"), "localName", "rtl")
    pts = _sub(model, "ports")
    for p in plist:
        pe = _sub(pts, "port")
        _sub(pe, "name", p.name)
        wire = _sub(pe, "wire")
        _sub(wire, "direction", p.direction)
        if p.vector:
            v = _sub(_sub(wire, "vectors"), "vector")
            _sub(v, "left", str(p.width - 1))
            _sub(v, "right", "0")

    fs = _sub(_sub(root, "fileSets"), "fileSet")
    _sub(fs, "name", "rtl")
    for src in ip.sources():
        f = _sub(fs, "file")
        _sub(f, "name", src.relative_to(paths.ROOT).as_posix())
        _sub(f, "fileType", "systemVerilogSource")
        if src.name.endswith("_pkg.sv"):
            _sub(f, "logicalName", "xil_defaultlib")

    _sub(root, "description", description)
    ps = _sub(root, "parameters")
    p = _sub(ps, "parameter", parameterId="PARAM_VALUE.Component_Name", resolve="user", type="string")
    _sub(p, "name", "Component_Name")
    _sub(p, "value", f"{name}_0")
    ET.indent(root, space="  ")
    return ET.ElementTree(root)


def slave_name(i: int) -> str:
    return f"S{i:02d}_AXI"


def component(n_ports: int) -> ET.ElementTree:
    """The IP-XACT component of axi_hyperconnect at `n_ports` slave ports (file paths relative to its folder)."""
    env = parameters(n_ports)
    plist = ports(n_ports)
    buses = [Bus(slave_name(i), AXIMM, _slice(plist, "s_axi_", i, n_ports), "slave", {"PROTOCOL": "AXI4"},
                 ("transparentBridge", {"masterRef": "M_AXI"})) for i in range(n_ports)]
    buses += [_m_axi(plist), _s_axil(HYPERCONNECT, plist)]
    return _component(HYPERCONNECT, f"{TOP}_{n_ports}p", env, plist, buses, n_ports,
                      f"AXI HyperConnect, {n_ports} AXI4 slave port(s) to one AXI4 master, runtime control over "
                      "AXI4-Lite (generated by `hc ipxact`; the port count is fixed).")


def to_pl_name(i: int) -> str:
    """The bus interface of PS->PL stream i (register block STREAM[i])."""
    return f"M{i:02d}_AXIS"


def from_pl_name(j: int) -> str:
    """The bus interface of PL->PS stream j (register block STREAM[N_TO_PL + j])."""
    return f"S{j:02d}_AXIS"


def bridge_name(streams: tuple[int, int] | None = None) -> str:
    """The component's name: ps_stream_bridge at the RTL's defaults, ps_stream_bridge_<T>to<F>from otherwise."""
    return BRIDGE.top if streams is None else f"{BRIDGE.top}_{streams[0]}to{streams[1]}from"


def bridge_component(streams: tuple[int, int] | None = None) -> ET.ElementTree:
    """The IP-XACT component of ps_stream_bridge, (N_TO_PL, N_FROM_PL) = `streams` or the RTL's defaults."""
    env = bridge_parameters(streams)
    plist = _ports(BRIDGE, env)
    n_to, n_from = env["N_TO_PL"], env["N_FROM_PL"]
    axis = {"TDATA_NUM_BYTES": str(env["ELEM_BYTES"]), "HAS_TREADY": "1", "HAS_TLAST": "0", "HAS_TKEEP": "0",
            "HAS_TSTRB": "0", "TUSER_WIDTH": "0", "TID_WIDTH": "0", "TDEST_WIDTH": "0"}
    buses = [_m_axi(plist), _s_axil(BRIDGE, plist)]
    buses += [Bus(to_pl_name(i), AXIS, _slice(plist, "m_axis_", i, n_to), "master", axis) for i in range(n_to)]
    buses += [Bus(from_pl_name(j), AXIS, _slice(plist, "s_axis_", j, n_from), "slave", axis) for j in range(n_from)]
    return _component(BRIDGE, bridge_name(streams), env, plist, buses, n_to + n_from,
                      f"ps::stream PL bridge: {n_to} stream(s) from processor memory to the fabric "
                      f"({to_pl_name(0)}.., register blocks STREAM[0..{n_to - 1}]) and {n_from} from the fabric "
                      f"({from_pl_name(0)}.., STREAM[{n_to}..{n_to + n_from - 1}]) over one AXI4 master, "
                      f"{env['ELEM_BYTES']}-byte elements, control over AXI4-Lite (generated by `hc ipxact "
                      "--bridge`; the parameters are fixed).")


def sources() -> list[Path]:
    """The RTL of axi_hyperconnect in compile order: filesets `regs` (the committed generated blocks) and `rtl`."""
    return HYPERCONNECT.sources()


def bridge_sources() -> list[Path]:
    """The RTL of ps_stream_bridge in compile order: filesets `stream_regs` and `stream`."""
    return BRIDGE.sources()


def _write(tree: ET.ElementTree, files: list[Path], out: Path) -> Path:
    """Write `tree` as `out`/component.xml and a copy of `files` (at their paths in the repository) beside it."""
    out.mkdir(parents=True, exist_ok=True)
    for src in files:
        dst = out / src.relative_to(paths.ROOT)
        dst.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(src, dst)
    path = out / "component.xml"
    tree.write(path, encoding="UTF-8", xml_declaration=True)
    return path


def write(n_ports: int, out: Path | None = None) -> Path:
    """Write the component and a copy of its RTL into `out` (default build/ipxact/axi_hyperconnect_<N>p);
    return the component.xml path."""
    check_ports(n_ports)
    tree = component(n_ports)
    return _write(tree, sources(), out if out is not None else paths.BUILD / "ipxact" / f"{TOP}_{n_ports}p")


def write_bridge(out: Path | None = None, streams: tuple[int, int] | None = None) -> Path:
    """Write the bridge's component and a copy of its RTL into `out` (default build/ipxact/<bridge_name>);
    return the component.xml path."""
    tree = bridge_component(streams)
    return _write(tree, bridge_sources(), out if out is not None else paths.BUILD / "ipxact" / bridge_name(streams))


# ---- `hc ipxact`
def add_arguments(parser: argparse.ArgumentParser) -> None:
    which = parser.add_mutually_exclusive_group(required=True)
    which.add_argument("--ports", type=int, metavar="N",
                       help=f"axi_hyperconnect with N slave ports, 1..{MAX_PORTS} (fixed in the component)")
    which.add_argument("--bridge", action="store_true",
                       help="the ps::stream PL bridge (ps_stream_bridge, the RTL's default parameters)")
    parser.add_argument("--out", type=Path, default=None, metavar="DIR",
                        help="output folder (default build/ipxact/axi_hyperconnect_<N>p, resp. "
                             "build/ipxact/ps_stream_bridge); gets component.xml and a copy of the RTL")


def run(args: argparse.Namespace) -> int:
    if args.bridge:
        path = write_bridge(args.out)
        env = bridge_parameters()
        data = {"component": str(path), "ip": BRIDGE.top, "n_to_pl": env["N_TO_PL"], "n_from_pl": env["N_FROM_PL"],
                "files": len(bridge_sources())}
        text = (f"{path}  ({BRIDGE.top}, {env['N_TO_PL']} + {env['N_FROM_PL']} stream(s); add {path.parent} to "
                "Vivado's IP repositories)")
    else:
        path = write(args.ports, args.out)
        data = {"component": str(path), "ports": args.ports, "files": len(sources())}
        text = f"{path}  ({TOP}, {args.ports} slave port(s); add {path.parent} to Vivado's IP repositories)"
    print(json.dumps(data, indent=2) if getattr(args, "json", False) else text)
    return 0
