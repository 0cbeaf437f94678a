"""`hc` — the HyperConnect command line: demo, bench, synth, lint and the analytical model."""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from . import model


@contextlib.contextmanager
def _stdout_to_stderr(active: bool) -> Iterator[None]:
    """With --json, everything the work prints (tool and simulator output included, which writes to file
    descriptor 1 from subprocesses) goes to stderr, so stdout carries only the JSON document."""
    if not active:
        yield
        return
    sys.stdout.flush()
    saved = os.dup(1)
    os.dup2(2, 1)
    try:
        yield
    finally:
        sys.stdout.flush()
        os.dup2(saved, 1)
        os.close(saved)


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


def _cmd_lint(args: argparse.Namespace) -> int:
    from . import lint
    with _stdout_to_stderr(args.json):
        problems = lint.run()
    summary = (f"lint: {'clean' if not problems else f'{len(problems)} problem(s)'} ({', '.join(lint.TOPS)}; "
               f"pin connections of {', '.join(lint.BENCH_TOPS)})")
    _emit(args, {"tops": list(lint.TOPS), "bench_tops": list(lint.BENCH_TOPS), "problems": problems},
          "\n".join(problems + [summary]))
    return 1 if problems else 0


def _cmd_bench(args: argparse.Namespace) -> int:
    from . import bench
    with _stdout_to_stderr(args.json):
        report = bench.run()
        system = bench.run_system()
    problems = bench.check_system(system)
    text = "\n".join([bench.render(report), "", bench.render_system(system)] + [f"FAIL: {p}" for p in problems])
    _emit(args, {"latency": report, "hyperconnect": system, "failures": problems}, text)
    return 1 if problems else 0


def _cmd_synth(args: argparse.Namespace) -> int:
    from . import synth
    with _stdout_to_stderr(args.json):
        report = synth.run(seeds=args.seeds)
    _emit(args, report, synth.render(report))
    return 0


def _cmd_regs(args: argparse.Namespace) -> int:
    from . import regs
    files: dict[str, Path] = regs.generate(args.ports, force=args.force)
    if args.rtl:
        files.update({f"rtl_{k}": p for k, p in zip(regs.RTL_COPIES, regs.write_rtl_copies())})
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
    p.add_argument("--rtl", action="store_true", help="also refresh the committed 16-port copies in rtl/")
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
    for name, sp in sub.choices.items():
        if not any(a.dest == "json" for a in sp._actions):
            sp.add_argument("--json", action="store_true",
                            help="print JSON on stdout (tool output goes to stderr)" if name != "share"
                            else "JSON output (the default for share)")
    args = parser.parse_args(argv)
    try:
        return int(args.func(args))
    except (ValueError, RuntimeError) as exc:
        print(f"hc {args.cmd}: error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
