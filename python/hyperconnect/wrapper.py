# SPDX-License-Identifier: Apache-2.0
"""Generate a wrapper with per-port prefixes (s00_axi_*, s01_axi_*, ...) around a module whose slave
ports are packed per-port vectors (axi_exbar, later axi_hyperconnect). Integrators and the cocotb tests
use it; the packed top stays the reference."""

from __future__ import annotations

from pathlib import Path

# (name, width expression, direction from the slave port's point of view) — AXI4 names per the ARM spec
AXI_SLAVE_PORTS: list[tuple[str, str, str]] = [
    ("awid", "ID_WIDTH", "input"), ("awaddr", "ADDR_WIDTH", "input"), ("awlen", "8", "input"),
    ("awsize", "3", "input"), ("awburst", "2", "input"), ("awlock", "1", "input"), ("awcache", "4", "input"),
    ("awprot", "3", "input"), ("awqos", "4", "input"), ("awvalid", "1", "input"), ("awready", "1", "output"),
    ("wdata", "DATA_WIDTH", "input"), ("wstrb", "DATA_WIDTH/8", "input"), ("wlast", "1", "input"),
    ("wvalid", "1", "input"), ("wready", "1", "output"),
    ("bid", "ID_WIDTH", "output"), ("bresp", "2", "output"), ("bvalid", "1", "output"), ("bready", "1", "input"),
    ("arid", "ID_WIDTH", "input"), ("araddr", "ADDR_WIDTH", "input"), ("arlen", "8", "input"),
    ("arsize", "3", "input"), ("arburst", "2", "input"), ("arlock", "1", "input"), ("arcache", "4", "input"),
    ("arprot", "3", "input"), ("arqos", "4", "input"), ("arvalid", "1", "input"), ("arready", "1", "output"),
    ("rid", "ID_WIDTH", "output"), ("rdata", "DATA_WIDTH", "output"), ("rresp", "2", "output"),
    ("rlast", "1", "output"), ("rvalid", "1", "output"), ("rready", "1", "input"),
]

_MASTER_WIDTH = {"awid": "M_ID_WIDTH", "bid": "M_ID_WIDTH", "arid": "M_ID_WIDTH", "rid": "M_ID_WIDTH"}
_FLIP = {"input": "output", "output": "input"}


def _decl(direction: str, width: str, name: str) -> str:
    rng = "" if width == "1" else f"[{width}-1:0] "
    return f"    {direction:6} logic {rng}{name}"


def _checker(label: str, prefix: str, id_width: str, idle_resp_zero: bool = False) -> str:
    """An axi_protocol_checker (bench/rtl) instance watching the interface `<prefix>_*`; idle_resp_zero: it
    also checks that R/B carry no payload without VALID (an accelerator port of axi_hyperconnect)."""
    names = ["awid", "awaddr", "awlen", "awsize", "awburst", "awvalid", "awready", "wdata", "wstrb", "wlast",
             "wvalid", "wready", "bid", "bresp", "bvalid", "bready", "arid", "araddr", "arlen", "arsize",
             "arburst", "arvalid", "arready", "rid", "rdata", "rresp", "rlast", "rvalid", "rready", "arqos", "awqos"]
    conns = ", ".join(f".{n}({prefix}_{n})" for n in names)
    return (f"    logic [31:0] chk_{label}_errors, chk_{label}_reads, chk_{label}_reads_done, chk_{label}_writes,"
            f" chk_{label}_writes_done;\n"
            f"    axi_protocol_checker #(.ADDR_WIDTH(ADDR_WIDTH), .DATA_WIDTH(DATA_WIDTH), .ID_WIDTH({id_width}),"
            f" .NAME(\"{label}\"), .IDLE_RESP_ZERO(1'b{int(idle_resp_zero)})) u_chk_{label} (\n        .aclk, .aresetn, {conns},\n"
            f"        .errors(chk_{label}_errors), .reads(chk_{label}_reads), .reads_done(chk_{label}_reads_done),"
            f" .writes(chk_{label}_writes), .writes_done(chk_{label}_writes_done));\n")


def generate(module: str, s_count: int, params: dict[str, int], extra_ports: list[str] | None = None,
             checkers: bool = False) -> str:
    """SystemVerilog text of `<module>_wrap` with ports s00_axi_* .. and the module's m_axi_* unchanged.
    checkers: an axi_protocol_checker (simulation only, bench/rtl) on every port, u_chk_s00 .. u_chk_m; those
    of the slave ports also check that R/B carry no payload without VALID."""
    plist = ",\n".join(f"    parameter int {k} = {v}" for k, v in params.items())
    ports = ["    input  logic aclk", "    input  logic aresetn"] + list(extra_ports or [])
    body = []
    for name, width, direction in AXI_SLAVE_PORTS:
        body.append(f"    logic [{s_count}*({width})-1:0] s_axi_{name};")
        for i in range(s_count):
            ports.append(_decl(direction, width, f"s{i:02d}_axi_{name}"))
            sl = f"s_axi_{name}[{i}*({width}) +: {width}]"
            if direction == "input":
                body.append(f"    assign {sl} = s{i:02d}_axi_{name};")
            else:
                body.append(f"    assign s{i:02d}_axi_{name} = {sl};")
    for name, width, direction in AXI_SLAVE_PORTS:
        ports.append(_decl(_FLIP[direction], _MASTER_WIDTH.get(name, width), f"m_axi_{name}"))
    conns = [".aclk(aclk)", ".aresetn(aresetn)"]
    conns += [f".{p.split()[-1]}({p.split()[-1]})" for p in (extra_ports or [])]
    conns += [f".s_axi_{n}(s_axi_{n})" for n, _, _ in AXI_SLAVE_PORTS]
    conns += [f".m_axi_{n}(m_axi_{n})" for n, _, _ in AXI_SLAVE_PORTS]
    pconn = ", ".join(f".{k}({k})" for k in params if k != "M_ID_WIDTH")
    if checkers:
        body += [_checker(f"s{i:02d}", f"s{i:02d}_axi", "ID_WIDTH", idle_resp_zero=True) for i in range(s_count)]
        body.append(_checker("m", "m_axi", "M_ID_WIDTH"))
    return (f"// {module}_wrap — generated by hyperconnect.wrapper: per-port prefixes around {module}.\n"
            f"// Do not edit; regenerate with `python -m hyperconnect.wrapper`.\n"
            f"module {module}_wrap #(\n{plist}\n) (\n"
            + ",\n".join(ports) + "\n);\n" + "\n".join(body) + "\n\n"
            f"    {module} #({pconn}) u_core (\n        " + ",\n        ".join(conns) + "\n    );\n"
            "endmodule\n")


def write_exbar_wrapper(path: Path, s_count: int, addr_width: int = 32, data_width: int = 64,
                        id_width: int = 4, register_ready: int = 0, resp_reg: int = 0) -> Path:
    """Write axi_exbar_wrap for S_COUNT ports to `path` and return it."""
    pw = max(1, (s_count - 1).bit_length())
    text = generate("axi_exbar", s_count, {"S_COUNT": s_count, "ADDR_WIDTH": addr_width,
                                           "DATA_WIDTH": data_width, "ID_WIDTH": id_width,
                                           "REGISTER_READY": register_ready, "RESP_REG": resp_reg,
                                           "M_ID_WIDTH": id_width + pw},
                    extra_ports=[f"    input  logic [{2 * s_count}-1:0] cfg_prio",
                                 "    input  logic [8:0] cfg_global_limit"])
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


AXIL_PORTS: list[str] = [
    "    output logic irq",
    "    input  logic s_axil_awvalid", "    output logic s_axil_awready", "    input  logic [11:0] s_axil_awaddr",
    "    input  logic [2:0] s_axil_awprot", "    input  logic s_axil_wvalid", "    output logic s_axil_wready",
    "    input  logic [31:0] s_axil_wdata", "    input  logic [3:0] s_axil_wstrb", "    output logic s_axil_bvalid",
    "    input  logic s_axil_bready", "    output logic [1:0] s_axil_bresp", "    input  logic s_axil_arvalid",
    "    output logic s_axil_arready", "    input  logic [11:0] s_axil_araddr", "    input  logic [2:0] s_axil_arprot",
    "    output logic s_axil_rvalid", "    input  logic s_axil_rready", "    output logic [31:0] s_axil_rdata",
    "    output logic [1:0] s_axil_rresp",
]


def write_hyperconnect_wrapper(path: Path, s_count: int, addr_width: int = 32, data_width: int = 64,
                               id_width: int = 4, track_depth: int = 16, checkers: bool = False,
                               params: dict[str, int] | None = None) -> Path:
    """Write axi_hyperconnect_wrap for S_COUNT ports (control port and irq unchanged) to `path`; with
    `checkers`, protocol checkers on every port (compile bench/rtl/axi_protocol_checker.sv with it);
    `params` overrides further parameters of the IP (e.g. the cut setting: REQ_DEPTH, RESP_DEPTH)."""
    pw = max(1, (s_count - 1).bit_length())
    text = generate("axi_hyperconnect", s_count, {"S_COUNT": s_count, "ADDR_WIDTH": addr_width,
                                                  "DATA_WIDTH": data_width, "ID_WIDTH": id_width,
                                                  "TRACK_DEPTH": track_depth, "M_ID_WIDTH": id_width + pw,
                                                  **(params or {})},
                    extra_ports=AXIL_PORTS, checkers=checkers)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


if __name__ == "__main__":
    import sys
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    sys.stdout.write(generate("axi_exbar", n, {"S_COUNT": n, "ADDR_WIDTH": 32, "DATA_WIDTH": 64,
                                               "ID_WIDTH": 4, "M_ID_WIDTH": 4 + max(1, (n - 1).bit_length())}))
