"""`hc` — the HyperConnect command line: demo, bench, synth, lint and the analytical model."""

from __future__ import annotations

import argparse
import json
import sys

from . import model


def _cmd_demo(_: argparse.Namespace) -> int:
    from . import demo
    report = demo.run()
    print(demo.render(report))
    failures = demo.check(report)
    for f in failures:
        print(f"FAIL: {f}")
    print("demo: all acceptance checks hold" if not failures else f"demo: {len(failures)} check(s) failed")
    return 1 if failures else 0


def _cmd_lint(_: argparse.Namespace) -> int:
    from . import lint
    problems = lint.run()
    for p in problems:
        print(p)
    print(f"lint: {'clean' if not problems else f'{len(problems)} problem(s)'} ({', '.join(lint.TOPS)}; pin connections of {', '.join(lint.BENCH_TOPS)})")
    return 1 if problems else 0


def _cmd_bench(_: argparse.Namespace) -> int:
    from . import bench
    report = bench.run()
    print(bench.render(report))
    system = bench.run_system()
    print()
    print(bench.render_system(system))
    problems = bench.check_system(system)
    for p in problems:
        print(f"FAIL: {p}")
    if problems:
        return 1
    return 0


def _cmd_synth(args: argparse.Namespace) -> int:
    from . import synth
    report = synth.run(seeds=args.seeds)
    print(synth.render(report))
    return 0


def _cmd_regs(args: argparse.Namespace) -> int:
    from . import regs
    files = regs.generate(args.ports, force=args.force)
    for kind, path in files.items():
        print(f"{kind:7} {path}")
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
                           "delay_bound_cycles": r.delay_bound} for r in results], indent=2))
    else:
        print(scenario_model.render(sc, results))
    return 0


def _cmd_sim(args: argparse.Namespace) -> int:
    import dataclasses
    from . import scenario, scenario_sim
    try:
        sc = scenario.load(args.scenario)
        result = scenario_sim.run(sc)
    except scenario.ScenarioError as exc:
        print(f"hc sim: {args.scenario}: {exc}", file=sys.stderr)
        return 2
    if args.json:
        out = dict(result, ports=[dataclasses.asdict(p) for p in result["ports"]])
        print(json.dumps(out, indent=2))
    else:
        print(scenario_sim.render(result))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="hc", description=__doc__)
    sub = parser.add_subparsers(dest="cmd", required=True)
    sub.add_parser("demo", help="fairness experiment of paper 000 on the RTL; writes build/demo/fairness.json"
                   ).set_defaults(func=_cmd_demo)
    sub.add_parser("lint", help="verilator --lint-only -Wall on rtl/").set_defaults(func=_cmd_lint)
    sub.add_parser("bench", help="idle per-channel latency of the IPs; writes build/bench/latency.json"
                   ).set_defaults(func=_cmd_bench)
    p = sub.add_parser("synth", help="LUT/FF (yosys synth_xilinx) and ECP5 Fmax; writes build/synth/report.json")
    p.add_argument("--seeds", type=int, default=3, help="nextpnr seeds per design (median reported)")
    p.set_defaults(func=_cmd_synth)
    p = sub.add_parser("regs", help="generate register block, C header and HTML from rdl/hyperconnect.rdl")
    p.add_argument("--ports", type=int, default=16, help="port register sets (1..16)")
    p.add_argument("--force", action="store_true", help="regenerate even if up to date")
    p.set_defaults(func=_cmd_regs)
    p = sub.add_parser("share", help="round-robin bandwidth share per port (Eq. 3), optionally equalized")
    p.add_argument("bursts", type=int, nargs="+", help="burst length of each port, beats")
    p.add_argument("--nominal", type=int, default=0, help="equalizer nominal length (0: stock)")
    p.set_defaults(func=_cmd_share)
    p = sub.add_parser("model", help="analytical shares and delay bounds of a scenario file (YAML)")
    p.add_argument("scenario", help="scenario file (format: python/hyperconnect/scenario.py)")
    p.add_argument("--json", action="store_true", help="print JSON instead of a table")
    p.set_defaults(func=_cmd_model)
    p = sub.add_parser("sim", help="simulate a scenario file on the RTL (Verilator, cached build)")
    p.add_argument("scenario", help="scenario file (format: python/hyperconnect/scenario.py)")
    p.add_argument("--json", action="store_true", help="print JSON instead of a table")
    p.set_defaults(func=_cmd_sim)
    args = parser.parse_args(argv)
    try:
        return int(args.func(args))
    except (ValueError, RuntimeError) as exc:
        print(f"hc {args.cmd}: error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
