# SPDX-License-Identifier: Apache-2.0
"""`hc ipxact`: an IP-XACT (IEEE 1685-2014) component of axi_hyperconnect for a fixed port count.

The component (build/ipxact/axi_hyperconnect_<N>p/component.xml) holds:
  busInterfaces  S00_AXI .. S<N-1>_AXI (AXI4 slaves), M_AXI (AXI4 master), S_AXIL (AXI4-Lite slave, with its
                 memory map), aclk / aresetn / irq, on Xilinx's bus definitions (xilinx.com:interface:aximm:1.0,
                 xilinx.com:signal:clock/reset/interrupt:1.0). The top packs every slave port's signals into one
                 flat vector per signal (s_axi_awaddr is S_COUNT*ADDR_WIDTH wide), so each S<i>_AXI maps its
                 logical ports to a slice of those vectors (portMap physicalPort partSelect).
  memoryMaps     the AXI4-Lite register map, exported from rdl/hyperconnect.rdl by peakrdl-ipxact with the
                 PORT[] array cut to the N ports the instance has (the others answer SLVERR).
  model          one view / componentInstantiation (module axi_hyperconnect, its parameters) and the ports,
                 their widths evaluated from the port list of rtl/axi_hyperconnect.sv at the parameters.
  fileSets       the RTL in compile order (filesets `regs`, `rtl` of hyperconnect.core), copied beside the XML
                 so the output folder is a self-contained IP repository entry.
N is fixed when the component is generated (the parameters are not user-resolvable in the IP catalog).
"""

from __future__ import annotations

import argparse
import json
import math
import re
import shutil
import tempfile
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

from . import __version__, manifest, paths

NS = "http://www.accellera.org/XMLSchema/IPXACT/1685-2014"
XSI = "http://www.w3.org/2001/XMLSchema-instance"
SCHEMA_LOCATION = f"{NS} {NS}/index.xsd"
ET.register_namespace("ipxact", NS)
ET.register_namespace("xsi", XSI)

TOP = "axi_hyperconnect"
TOP_RTL = paths.RTL / "axi_hyperconnect.sv"
RDL = paths.ROOT / "rdl" / "hyperconnect.rdl"
RDL_TOP = "hyperconnect"
MEMORY_MAP = "hyperconnect_mmap"          # the name peakrdl-ipxact gives the (un-exploded) top's map
MAX_PORTS = 16
VENDOR, LIBRARY = "hyperconnect.org", "hyperconnect"
AXIMM = {"vendor": "xilinx.com", "library": "interface", "name": "aximm", "version": "1.0"}
AXIMM_RTL = {**AXIMM, "name": "aximm_rtl"}
# the top's parameters the component states (defaults of rtl/axi_hyperconnect.sv but S_COUNT)
PARAMS = ("S_COUNT", "ADDR_WIDTH", "DATA_WIDTH", "ID_WIDTH", "TRACK_DEPTH", "W_ROUTE_DEPTH", "REQ_DEPTH",
          "RESP_DEPTH", "WDATA_DEPTH", "M_ID_WIDTH")


def q(tag: str) -> str:
    """`tag` in the IP-XACT 2014 namespace."""
    return f"{{{NS}}}{tag}"


@dataclass(frozen=True)
class Port:
    name: str
    direction: str        # "in" | "out"
    width: int
    vector: bool          # declared with a range (kept a vector even at width 1)


_PARAM = re.compile(r"^\s*parameter\s+int\s+(\w+)\s*=\s*([^,\n]+?)\s*,?\s*$", re.M)
_PORT = re.compile(r"^\s*(input|output)\s+logic\s*(?:\[([^\]]+)\])?\s*(\w+)\s*,?\s*$", re.M)
_EXPR = re.compile(r"^[\w\s*+\-/()]+$")


def _eval(expr: str, env: dict[str, int]) -> int:
    """An integer width expression of the port list (names, digits, + - * / and parentheses only)."""
    if not _EXPR.match(expr):
        raise ValueError(f"{TOP_RTL.name}: cannot evaluate {expr!r}")
    value = eval(expr.replace("/", "//"), {"__builtins__": {}}, dict(env))   # noqa: S307 (checked above)
    return int(value)


def parameters(n_ports: int) -> dict[str, int]:
    """The top's parameters at `n_ports` slave ports: the defaults of rtl/axi_hyperconnect.sv, S_COUNT set,
    the derived ones (PORT_W, M_ID_WIDTH, STRB_WIDTH) computed as the RTL does."""
    check_ports(n_ports)
    text = TOP_RTL.read_text()
    head = text[text.index(f"module {TOP}"):text.index(") (")]
    env: dict[str, int] = {}
    for name, value in _PARAM.findall(head):
        if name not in ("M_ID_WIDTH",):          # derived below, as its default expression says
            env[name] = _eval(value, env)
    missing = [p for p in PARAMS if p not in env and p != "M_ID_WIDTH"]
    if missing:
        raise RuntimeError(f"{TOP_RTL}: parameters {missing} not found in the parameter list")
    env["S_COUNT"] = n_ports
    env["PORT_W"] = max(1, math.ceil(math.log2(n_ports))) if n_ports > 1 else 1
    env["M_ID_WIDTH"] = env["ID_WIDTH"] + env["PORT_W"]
    env["STRB_WIDTH"] = env["DATA_WIDTH"] // 8
    return env


def ports(n_ports: int) -> list[Port]:
    """The top's ports, in declaration order, with their widths at `n_ports` (from rtl/axi_hyperconnect.sv)."""
    env = parameters(n_ports)
    text = TOP_RTL.read_text()
    body = text[text.index(") (", text.index(f"module {TOP}")):text.index(");", text.index(f"module {TOP}"))]
    out: list[Port] = []
    for direction, rng, name in _PORT.findall(body):
        width = 1
        if rng:
            left, right = rng.split(":")
            width = _eval(left, env) - _eval(right, env) + 1
        out.append(Port(name, "in" if direction == "input" else "out", width, bool(rng)))
    if not out or out[0].name != "aclk":
        raise RuntimeError(f"{TOP_RTL}: port list not as expected (first port {out[0].name if out else None})")
    return out


def check_ports(n_ports: int) -> None:
    if not 1 <= n_ports <= MAX_PORTS:
        raise ValueError(f"--ports must be 1..{MAX_PORTS} (got {n_ports})")


# ---- the register map
def rdl_text(n_ports: int) -> str:
    """rdl/hyperconnect.rdl with its PORT[] array cut to `n_ports` blocks."""
    check_ports(n_ports)
    text, n = re.subn(r"\bexternal hc_port PORT\[16\]", f"external hc_port PORT[{n_ports}]", RDL.read_text())
    if n != 1:
        raise RuntimeError(f"{RDL}: expected one 'external hc_port PORT[16]' array, found {n}")
    return text


def memory_maps(n_ports: int) -> ET.Element:
    """The <memoryMaps> element peakrdl-ipxact exports from the RDL at `n_ports`."""
    from peakrdl_ipxact import IPXACTExporter
    from systemrdl import RDLCompiler
    with tempfile.TemporaryDirectory() as tmp:
        rdl = Path(tmp) / RDL.name
        rdl.write_text(rdl_text(n_ports))
        rdlc = RDLCompiler()
        rdlc.compile_file(str(rdl))
        root = rdlc.elaborate(top_def_name=RDL_TOP)
        xml = Path(tmp) / "regs.xml"
        IPXACTExporter(vendor=VENDOR, library=LIBRARY, version=__version__).export(
            root.top, str(xml), component_name=TOP)
        maps = ET.parse(xml).getroot().find(q("memoryMaps"))
    if maps is None or maps.find(f"{q('memoryMap')}/{q('name')}") is None:
        raise RuntimeError("peakrdl-ipxact exported no memoryMap")
    name = maps.find(f"{q('memoryMap')}/{q('name')}").text   # type: ignore[union-attr]
    if name != MEMORY_MAP:
        raise RuntimeError(f"peakrdl-ipxact named the memory map {name!r}, expected {MEMORY_MAP!r}")
    return maps


# ---- the component
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


def _bus(parent: ET.Element, name: str, bus: dict[str, str], maps: list[tuple[str, str, tuple[int, int] | None]],
         mode: str, params: dict[str, str] | None = None, mode_child: tuple[str, dict[str, str]] | None = None
         ) -> ET.Element:
    """A busInterface `name` of type `bus` (abstraction `<name>_rtl`), mapping (logical, physical, slice)."""
    bi = _sub(parent, "busInterface")
    _sub(bi, "name", name)
    _vlnv(bi, "busType", bus)
    ats = _sub(bi, "abstractionTypes")
    at = _sub(ats, "abstractionType")
    _vlnv(at, "abstractionRef", {**bus, "name": bus["name"] + "_rtl"})
    pms = _sub(at, "portMaps")
    for logical, physical, rng in maps:
        pm = _sub(pms, "portMap")
        _sub(_sub(pm, "logicalPort"), "name", logical)
        pp = _sub(pm, "physicalPort")
        _sub(pp, "name", physical)
        if rng is not None:
            r = _sub(_sub(pp, "partSelect"), "range")
            _sub(r, "left", str(rng[0]))
            _sub(r, "right", str(rng[1]))
    m = _sub(bi, mode)
    if mode_child is not None:
        _sub(m, mode_child[0], **mode_child[1])
    if params:
        _params(bi, name, params)
    return bi


def slave_name(i: int) -> str:
    return f"S{i:02d}_AXI"


def component(n_ports: int) -> ET.ElementTree:
    """The IP-XACT component of axi_hyperconnect at `n_ports` slave ports (file paths relative to its folder)."""
    env = parameters(n_ports)
    plist = ports(n_ports)
    root = ET.Element(q("component"), {f"{{{XSI}}}schemaLocation": SCHEMA_LOCATION})
    _sub(root, "vendor", VENDOR)
    _sub(root, "library", LIBRARY)
    _sub(root, "name", f"{TOP}_{n_ports}p")
    _sub(root, "version", __version__)

    bis = _sub(root, "busInterfaces")
    slaves = [slave_name(i) for i in range(n_ports)]
    for i, name in enumerate(slaves):
        maps: list[tuple[str, str, tuple[int, int] | None]] = []
        for p in plist:
            if p.name.startswith("s_axi_"):
                w = p.width // n_ports
                maps.append((p.name[len("s_axi_"):].upper(), p.name, ((i + 1) * w - 1, i * w)))
        _bus(bis, name, AXIMM, maps, "slave", {"PROTOCOL": "AXI4"}, ("transparentBridge", {"masterRef": "M_AXI"}))
    m_maps = [(p.name[len("m_axi_"):].upper(), p.name, None) for p in plist if p.name.startswith("m_axi_")]
    _bus(bis, "M_AXI", AXIMM, m_maps, "master", {"PROTOCOL": "AXI4"}, ("addressSpaceRef", {"addressSpaceRef": "M_AXI"}))
    l_maps = [(p.name[len("s_axil_"):].upper(), p.name, None) for p in plist if p.name.startswith("s_axil_")]
    _bus(bis, "S_AXIL", AXIMM, l_maps, "slave", {"PROTOCOL": "AXI4LITE"}, ("memoryMapRef", {"memoryMapRef": MEMORY_MAP}))
    signal = {"vendor": "xilinx.com", "library": "signal", "version": "1.0"}
    _bus(bis, "aclk", {**signal, "name": "clock"}, [("CLK", "aclk", None)], "slave",
         {"ASSOCIATED_BUSIF": ":".join([*slaves, "M_AXI", "S_AXIL"]), "ASSOCIATED_RESET": "aresetn"})
    _bus(bis, "aresetn", {**signal, "name": "reset"}, [("RST", "aresetn", None)], "slave", {"POLARITY": "ACTIVE_LOW"})
    _bus(bis, "irq", {**signal, "name": "interrupt"}, [("INTERRUPT", "irq", None)], "master",
         {"SENSITIVITY": "LEVEL_HIGH"})

    spaces = _sub(root, "addressSpaces")
    sp = _sub(spaces, "addressSpace")
    _sub(sp, "name", "M_AXI")
    _sub(sp, "range", str(1 << env["ADDR_WIDTH"]))
    _sub(sp, "width", str(env["DATA_WIDTH"]))

    root.append(memory_maps(n_ports))

    model = _sub(root, "model")
    view = _sub(_sub(model, "views"), "view")
    _sub(view, "name", "rtl")
    _sub(view, "envIdentifier", ":vivado.xilinx.com:synthesis")
    _sub(view, "componentInstantiationRef", "rtl")
    inst = _sub(_sub(model, "instantiations"), "componentInstantiation")
    _sub(inst, "name", "rtl")
    _sub(inst, "language", "systemverilog")
    _sub(inst, "moduleName", TOP)
    mps = _sub(inst, "moduleParameters")
    for name in PARAMS:
        mp = _sub(mps, "moduleParameter", parameterId=f"MODELPARAM_VALUE.{name}", type="int")
        _sub(mp, "name", name)
        _sub(mp, "value", str(env[name]))
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
    for src in sources():
        f = _sub(fs, "file")
        _sub(f, "name", src.relative_to(paths.ROOT).as_posix())
        _sub(f, "fileType", "systemVerilogSource")
        if src.name.endswith("_pkg.sv"):
            _sub(f, "logicalName", "xil_defaultlib")

    _sub(root, "description", f"AXI HyperConnect, {n_ports} AXI4 slave port(s) to one AXI4 master, runtime "
                              "control over AXI4-Lite (generated by `hc ipxact`; the port count is fixed).")
    ps = _sub(root, "parameters")
    p = _sub(ps, "parameter", parameterId="PARAM_VALUE.Component_Name", resolve="user", type="string")
    _sub(p, "name", "Component_Name")
    _sub(p, "value", f"{TOP}_{n_ports}p_0")
    ET.indent(root, space="  ")
    return ET.ElementTree(root)


def sources() -> list[Path]:
    """The RTL of axi_hyperconnect in compile order: filesets `regs` (the committed generated blocks) and `rtl`."""
    return manifest.files("regs", "rtl")


def write(n_ports: int, out: Path | None = None) -> Path:
    """Write the component and a copy of its RTL into `out` (default build/ipxact/axi_hyperconnect_<N>p);
    return the component.xml path."""
    check_ports(n_ports)
    out = out if out is not None else paths.BUILD / "ipxact" / f"{TOP}_{n_ports}p"
    tree = component(n_ports)
    out.mkdir(parents=True, exist_ok=True)
    for src in sources():
        dst = out / src.relative_to(paths.ROOT)
        dst.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(src, dst)
    path = out / "component.xml"
    tree.write(path, encoding="UTF-8", xml_declaration=True)
    return path


# ---- `hc ipxact`
def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--ports", type=int, required=True, metavar="N",
                        help=f"slave ports of the instance, 1..{MAX_PORTS} (fixed in the component)")
    parser.add_argument("--out", type=Path, default=None, metavar="DIR",
                        help="output folder (default build/ipxact/axi_hyperconnect_<N>p); gets component.xml "
                             "and a copy of the RTL")


def run(args: argparse.Namespace) -> int:
    path = write(args.ports, args.out)
    data = {"component": str(path), "ports": args.ports, "files": len(sources())}
    print(json.dumps(data, indent=2) if getattr(args, "json", False) else
          f"{path}  ({TOP}, {args.ports} slave port(s); add {path.parent} to Vivado's IP repositories)")
    return 0
