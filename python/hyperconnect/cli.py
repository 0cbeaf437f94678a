# SPDX-License-Identifier: Apache-2.0
"""`hc` — the HyperConnect command line: demo, bench, synth, lint and the analytical model."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, ContextManager

from . import model


def _stdout_to_stderr(active: bool) -> ContextManager[None]:
    from . import sim
    return sim.stdout_to_stderr(active)


def _emit(args: argparse.Namespace, data: Any, text: str) -> None:
    print(json.dumps(data, indent=2, default=str) if args.json else text)


def _cmd_demo(args: argparse.Namespace) -> int:
    from . import demo
    with _stdout_to_stderr(args.json):
        report = demo.run()
    failures = demo.check(report)
    lines = [demo.render(report)] + [f"FAIL: {f}" for f in failures]
    lines.append("demo: all acceptance checks hold" if not failures else f"demo: {len(failures)} check(s) failed")
    _emit(args, dict(report, failures=failures), "\n".join(lines))
    return 1 if failures else 0


def _cmd_examples(args: argparse.Namespace) -> int:
    from . import paths
    files = sorted(paths.EXAMPLES.rglob("*.yaml"))
    _emit(args, [str(f) for f in files], "\n".join(map(str, files)))
    return 0


def _cmd_lint(args: argparse.Namespace) -> int:
    from . import lint
    with _stdout_to_stderr(args.json):
        problems = lint.run()
    # (every top linted, each once: "top#variant" is the same top at other parameters)
    tops = list(dict.fromkeys(t.split("#")[0] for t in [*lint.TOPS, *lint.STREAM_TOPS, *lint.COPY_TOPS,
                                                          *lint.FRONTEND_TOPS, *lint.LINK_PROBE_TOPS]))
    summary = (f"lint: {'clean' if not problems else f'{len(problems)} problem(s)'} ({', '.join(tops)}; "
               f"pin connections of {', '.join(lint.BENCH_TOPS)})")
    _emit(args, {"tops": tops, "bench_tops": list(lint.BENCH_TOPS), "problems": problems},
          "\n".join(problems + [summary]))
    return 1 if problems else 0


def _cmd_bench(args: argparse.Namespace) -> int:
    from . import bench, psstream
    with _stdout_to_stderr(args.json):
        report = bench.run()
        system = bench.run_system()
        host = psstream.host_bench()
        bridge = psstream.bridge_bench()
        fronts = bench.frontends()
    problems = bench.check_system(system) + psstream.check_host(host) + psstream.check_bridge(bridge)
    text = "\n".join([bench.render(report), "", bench.render_system(system), "", host["text"], *bridge["text"], "",
                      bench.render_frontends(fronts)] +
                     [f"FAIL: {p}" for p in problems])
    _emit(args, {"latency": report, "hyperconnect": system, "psstream_host": host["cases"],
                 "psstream_bridge": bridge["cases"], "frontends": fronts, "failures": problems}, text)
    return 1 if problems else 0


def _cmd_synth(args: argparse.Namespace) -> int:
    from . import synth
    if args.modules:
        if not args.ports:
            raise SystemExit("hc synth --modules needs --ports N (axi_hyperconnect's port counts)")
        with _stdout_to_stderr(args.json):
            found = {n: synth.modules(n) for n in args.ports}
        _emit(args, found, "\n\n".join(synth.render_modules(r) for r in found.values()))
        return 0
    with _stdout_to_stderr(args.json):
        report = synth.run(seeds=args.seeds, ports=args.ports, jobs=args.jobs)
    _emit(args, report, synth.render(report))
    return 0


def _cmd_regs(args: argparse.Namespace) -> int:
    from . import regs
    files: dict[str, Path] = regs.generate(force=args.force)
    if args.rtl:
        files.update({f"rtl/{k}": p for k, p in zip(regs.RTL_COPIES, regs.write_rtl_copies())})
    _emit(args, {k: str(v) for k, v in files.items()}, "\n".join(f"{k:7} {v}" for k, v in files.items()))
    return 0


def _cmd_share(args: argparse.Namespace) -> int:
    bursts = args.bursts
    nominal = args.nominal
    seen = model.equalized_bursts(bursts, nominal) if nominal else bursts
    rows = [{"port": i, "burst": b, "share_percent": round(100 * model.share_eq3(seen, i), 3)}
            for i, b in enumerate(bursts)]
    print(json.dumps({"nominal": nominal, "ports": rows}, indent=2))
    return 0


def _cmd_model(args: argparse.Namespace) -> int:
    from . import scenario, scenario_model
    try:
        sc = scenario.load(args.scenario)
    except scenario.ScenarioError as exc:
        print(f"hc model: {args.scenario}: {exc}", file=sys.stderr)
        return 2
    results = scenario_model.evaluate(sc)
    if args.json:
        print(json.dumps([{"port": r.name, "channel": r.channel, "share_percent": round(100 * r.share, 3),
                           "used_share_percent": round(100 * r.used_share, 3),
                           "delay_bound_cycles": r.delay_bound} for r in results], indent=2))
    else:
        print(scenario_model.render(sc, results))
    return 0


def _cmd_sim(args: argparse.Namespace) -> int:
    from . import paths, plots, scenario, scenario_model, scenario_sim
    try:
        sc = scenario.load(args.scenario)
        scenario_sim.config(sc)
    except scenario.ScenarioError as exc:
        print(f"hc sim: {args.scenario}: {exc}", file=sys.stderr)
        return 2
    with _stdout_to_stderr(args.json):
        result = scenario_sim.run(sc, wave=Path(args.wave) if args.wave else None)
    model = {(r.name, r.channel): r for r in scenario_model.evaluate(sc)}
    out = Path(args.out) if args.out else paths.BUILD / "sim" / Path(args.scenario).stem
    data = scenario_sim.to_json(result, model)
    out.mkdir(parents=True, exist_ok=True)
    (out / "result.json").write_text(json.dumps(data, indent=2) + "\n")
    bounds = {f"{k[0]} {k[1]}": m.delay_bound for k, m in model.items()}
    files = plots.sim_plots(out, Path(args.scenario).stem, result["ports"], bounds)
    data["files"] = [str(out / "result.json"), *map(str, files)] + ([str(args.wave)] if args.wave else [])
    text = (scenario_sim.render(result) + "\n" + scenario_sim.render_model(result, model)
            + f"\nwrote {out}/result.json and {len(files)} plots" + (f", waveform {args.wave}" if args.wave else ""))
    _emit(args, data, text)
    return 0


def _cmd_sweep(args: argparse.Namespace) -> int:
    import yaml
    from . import paths, scenario, sweep
    try:
        base = yaml.safe_load(Path(args.scenario).read_text())
        variants = sweep.variants(base, [sweep.parse_param(p) for p in args.param])
    except (OSError, yaml.YAMLError) as exc:
        print(f"hc sweep: {args.scenario}: cannot read ({exc})", file=sys.stderr)
        return 2
    except scenario.ScenarioError as exc:
        print(f"hc sweep: {args.scenario}: {exc}", file=sys.stderr)
        return 2
    with _stdout_to_stderr(args.json):
        rows = sweep.run(variants, jobs=args.jobs, scheduler=args.scheduler)
    out = paths.BUILD / "sweep" / Path(args.scenario).stem
    out.mkdir(parents=True, exist_ok=True)
    (out / "sweep.json").write_text(json.dumps(rows, indent=2) + "\n")
    _emit(args, rows, sweep.render(rows) + f"\nwrote {out}/sweep.json")
    return 0


def _cmd_reproduce(args: argparse.Namespace) -> int:
    from . import reproduce
    with _stdout_to_stderr(args.json):
        summary = reproduce.run(jobs=args.jobs, only=tuple(args.only.split(",")) if args.only else reproduce.ALL,
                                scheduler=args.scheduler)
    _emit(args, summary, reproduce.render(summary))
    return 1 if summary["failed"] else 0


def _cmd_link(args: argparse.Namespace) -> int:
    from . import linkmodel
    link = linkmodel.Link(gen=args.gen, lanes=args.lanes, mps=args.mps, mrrs=args.mrrs, rcb=args.rcb,
                          addr64=args.addr64, ecrc=args.ecrc, tags=args.tags, completer_ns=args.completer_ns,
                          hops=args.hops, hop_ns=args.hop_ns)
    rows = linkmodel.table(link, args.sizes)
    _emit(args, {"paper": linkmodel.paper_check(), "link": vars(args) | {"func": None}, "rows": rows},
          linkmodel.render(link, rows))
    return 0


def _link_parser(sub: Any) -> None:
    """`hc link model|host|sim|predict`: each mode's module adds its own options and runs it."""
    p = sub.add_parser("link", help="link characterisation (paper 004): `hc link model` (the PCIe model), `host` "
                                    "(this machine's memory measured), `sim` (hc_link_probe on the RTL), `predict`")
    modes = p.add_subparsers(dest="what", required=True)
    m = modes.add_parser("model", help="the analytical PCIe link model per transfer size, and paper 004's figures")
    m.add_argument("--gen", type=int, default=1, help="PCIe generation 1..5 (default 1, the paper's 1.1)")
    m.add_argument("--lanes", type=int, default=1)
    m.add_argument("--mps", type=int, default=128, help="maximum payload size, bytes")
    m.add_argument("--mrrs", type=int, default=512, help="maximum read request size, bytes")
    m.add_argument("--rcb", type=int, default=64, help="read completion boundary, bytes")
    m.add_argument("--addr64", action="store_true", help="4-DW request headers (64-bit addresses)")
    m.add_argument("--tags", type=int, default=32, help="reads in flight")
    m.add_argument("--completer-ns", type=float, default=500.0, help="a read's time at the completer")
    m.add_argument("--ecrc", action="store_true", help="a 4-byte end-to-end CRC on every TLP")
    m.add_argument("--hops", type=int, default=0, help="switches on the path")
    m.add_argument("--hop-ns", type=float, default=130.0, help="one switch, each way (default 130 ns)")
    m.add_argument("--sizes", type=int, nargs="+", default=[4, 64, 128, 512, 4096, 65536, 1 << 20])
    m.add_argument("--json", action="store_true", help="print JSON on stdout")
    m.set_defaults(func=_cmd_link)
    from . import linkhost, linkpredict, linkprobe
    for name, mod, text in (("host", linkhost, "latency and bandwidth of this machine's memory (sw/linkbench)"),
                            ("sim", linkprobe, "hc_link_probe on the RTL: memory models, axi_hyperconnect"),
                            ("predict", linkpredict, "end-to-end latency and bandwidth per path, with the "
                                                     "breakdown")):
        mp = modes.add_parser(name, help=text)
        mod.add_arguments(mp)
        if not any(a.dest == "json" for a in mp._actions):
            mp.add_argument("--json", action="store_true", help="print JSON on stdout")
        mp.set_defaults(func=mod.run)


def _cmd_soak(args: argparse.Namespace) -> int:
    from . import soak
    with _stdout_to_stderr(args.json):
        summary = soak.run(total=args.transactions, shards=args.shards, stress=0 if args.no_stress else 1,
                           seed=args.seed, scheduler=args.scheduler, corrupt_read=args.corrupt_read,
                           wave=Path(args.wave) if args.wave else None)
    _emit(args, summary, soak.render(summary))
    return 0 if summary["passed"] else 1


def _scheduler_option(p: argparse.ArgumentParser) -> None:
    p.add_argument("--scheduler", metavar="tcp://HOST:PORT", default=None,
                   help="run the simulations on this Dask cluster (default: a local cluster, one worker per core)")


def build_parser() -> argparse.ArgumentParser:
    from . import __version__
    parser = argparse.ArgumentParser(prog="hc", description=__doc__)
    parser.add_argument("--version", action="version", version=f"hc {__version__}")
    sub = parser.add_subparsers(dest="cmd", required=True)
    sub.add_parser("demo", help="fairness experiment of paper 000 on the RTL; writes build/demo/fairness.json"
                   ).set_defaults(func=_cmd_demo)
    sub.add_parser("lint", help="verilator --lint-only -Wall on rtl/").set_defaults(func=_cmd_lint)
    sub.add_parser("bench", help="idle per-channel latency of the IPs; writes build/bench/latency.json"
                   ).set_defaults(func=_cmd_bench)
    p = sub.add_parser("synth", help="LUT/FF (yosys synth_xilinx) and ECP5 Fmax; writes build/synth/report.json")
    p.add_argument("--seeds", type=int, default=3, help="nextpnr seeds per design (median reported)")
    p.add_argument("--jobs", type=int, default=2, help="designs synthesized at a time (default 2)")
    p.add_argument("--ports", type=int, nargs="+", metavar="N",
                   help="only axi_hyperconnect with N ports (1..16), LUT/FF per port; writes build/synth/report_ports.json")
    p.add_argument("--modules", action="store_true",
                   help="with --ports: LUT/FF of each module instance (synth_xilinx, hierarchy kept; no nextpnr)")
    p.set_defaults(func=_cmd_synth)
    p = sub.add_parser("regs", help="generate the register blocks, C header and HTML from rdl/hyperconnect.rdl")
    p.add_argument("--force", action="store_true", help="regenerate even if up to date")
    p.add_argument("--rtl", action="store_true", help="also refresh the committed copies in rtl/gen/ and rtl/stream/gen/")
    p.set_defaults(func=_cmd_regs)
    from . import ipxact
    p = sub.add_parser("ipxact", help="IP-XACT (IEEE 1685-2014) component for Vivado's IP catalog: axi_hyperconnect "
                                      "with N slave ports (--ports N; writes build/ipxact/axi_hyperconnect_<N>p/) or "
                                      "the ps::stream PL bridge (--bridge; writes build/ipxact/ps_stream_bridge/)")
    ipxact.add_arguments(p)
    p.set_defaults(func=ipxact.run)
    p = sub.add_parser("share", help="round-robin bandwidth share per port (Eq. 3), optionally equalized")
    p.add_argument("bursts", type=int, nargs="+", help="burst length of each port, beats")
    p.add_argument("--nominal", type=int, default=0, help="equalizer nominal length (0: stock)")
    p.set_defaults(func=_cmd_share)
    p = sub.add_parser("examples", help="the example scenario files that come with the package (for hc model/sim/"
                                        "sweep), one path per line")
    p.add_argument("--json", action="store_true", help="print JSON instead of a list")
    p.set_defaults(func=_cmd_examples)
    p = sub.add_parser("model", help="analytical shares and delay bounds of a scenario file (YAML)")
    p.add_argument("scenario", help="scenario file (format: python/hyperconnect/scenario.py)")
    p.add_argument("--json", action="store_true", help="print JSON instead of a table")
    p.set_defaults(func=_cmd_model)
    p = sub.add_parser("sim", help="simulate a scenario file on the RTL (Verilator, cached build); writes "
                                   "result.json and PNG plots to build/sim/<scenario>/")
    p.add_argument("scenario", help="scenario file (format: python/hyperconnect/scenario.py)")
    p.add_argument("--out", help="output folder (default build/sim/<scenario name>)")
    p.add_argument("--wave", metavar="FILE.fst", help="also write every signal, from reset on, to this FST "
                   "waveform (a separate traced build, cached in build/sim/<key>_fst_<hash>)")
    p.add_argument("--json", action="store_true", help="print JSON instead of a table")
    p.set_defaults(func=_cmd_sim)
    p = sub.add_parser("sweep", help="simulate a scenario for every combination of parameter values, in "
                                     "parallel (Dask); writes build/sweep/<scenario>/sweep.json")
    p.add_argument("scenario", help="scenario file (format: python/hyperconnect/scenario.py)")
    p.add_argument("--param", action="append", required=True, metavar="PATH=V1,V2,...",
                   help="e.g. ports[0].traffic.burst_len=16,64,256 (repeatable: all combinations)")
    p.add_argument("--jobs", type=int, default=None, help="local Dask workers (default: one per core)")
    _scheduler_option(p)
    p.set_defaults(func=_cmd_sweep)
    p = sub.add_parser("reproduce", help="the papers' results: paper / model / RTL; writes build/reproduce/"
                                         "summary.json and report.md with plots")
    p.add_argument("--jobs", type=int, default=None, help="local Dask workers (default: one per core)")
    _scheduler_option(p)
    p.add_argument("--only", help="comma-separated subset: fig2_fig11,table1,sec43,sec44,sec52,fig5,fig3a,fastlane")
    p.set_defaults(func=_cmd_reproduce)
    _link_parser(sub)
    p = sub.add_parser("soak", help="constrained-random soak of axi_hyperconnect with protocol checkers "
                                    "(default 1,000,000 transactions, one shard per core)")
    p.add_argument("--transactions", type=int, default=1_000_000)
    p.add_argument("--shards", type=int, default=None, help="parallel simulations (default: one per core; "
                   "local Dask workers)")
    p.add_argument("--seed", type=int, default=None, help="seed of shard 0 (shard i uses seed + i)")
    p.add_argument("--no-stress", action="store_true", help="no idle cycles or backpressure")
    p.add_argument("--wave", metavar="DIR", help="run every failing shard again here, traced: DIR/shard<i>_seed<s>"
                   ".fst holds every signal from reset to 1,000 cycles past the first failure")
    p.add_argument("--corrupt-read", type=int, default=0, metavar="N", help="seeded fault, to check the checker: "
                   "the memory corrupts read data from burst N on in every shard (the soak must fail)")
    _scheduler_option(p)
    p.set_defaults(func=_cmd_soak)
    for name, sp in sub.choices.items():
        if not any(a.dest == "json" for a in sp._actions):
            sp.add_argument("--json", action="store_true",
                            help="print JSON on stdout (tool output goes to stderr)" if name != "share"
                            else "JSON output (the default for share)")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return int(args.func(args))
    except (ValueError, RuntimeError) as exc:
        print(f"hc {args.cmd}: error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
