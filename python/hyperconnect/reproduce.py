# SPDX-License-Identifier: Apache-2.0
"""`hc reproduce` (`make reproduce`): the papers' results, paper / model / RTL side by side.

The scenarios are the YAML files in bench/scenarios/reproduce/; each experiment below varies them (as
`hc sweep` would), every simulation of every experiment is one Dask task (sweep.run_many: a LocalCluster
of one worker process per core, or `--scheduler tcp://HOST:PORT`), and the results are written to
build/reproduce/: summary.json (every row), report.md (the tables with the plots) and PNGs.

Experiments: paper 000 Fig. 2 / Fig. 11 / Fig. 10 (stock vs equalized, s = 16..256), Table 1 (model for
1..7 interferers, RTL at 1, 3, 7), Sec. 4.3 (outstanding equalization), Sec. 4.4 (worst delay vs bound,
N = 2, 3, 4), Sec. 5.2 (case study); paper 001 Fig. 3a (latency per channel) and Fig. 5 (reservation);
paper 002 Tables 3 and 4 (FastLane: the copy's rate and the CPU's slowdown, fastlane.py).

A row carries a check where one applies: a simulated share within 1 point of the model, an observed
worst latency at or below the model's bound, a latency per channel at or below the paper's. Paper
values are what the papers print (text or tables); a figure without printed numbers has none ("-").
"""

from __future__ import annotations

import contextlib
import copy
import json
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import yaml

from . import cluster, model, paths, plots, scenario, scenario_model
from .scenario import Scenario
from .scenario_sim import SimPort

SCENARIOS = paths.ROOT / "bench" / "scenarios" / "reproduce"
OUT = paths.BUILD / "reproduce"
SIZES = (16, 32, 64, 128, 256)
# Paper 000 Table 1 (percent of the bus for a 16-beat master against n interferers of s beats)
TABLE1 = {1: (50.0, 33.34, 20.0, 11.11, 5.88), 2: (33.4, 20.0, 11.11, 5.88, 3.03), 3: (25.0, 14.29, 7.69, 4.0, 2.04),
          4: (20.0, 11.11, 5.88, 3.03, 1.54), 5: (16.67, 9.09, 4.76, 2.44, 1.24), 6: (14.29, 7.69, 4.00, 2.04, 1.03),
          7: (12.50, 6.67, 3.45, 1.75, 0.89)}
TABLE1_SIM = (1, 3, 7)
# Paper 000 Sec. 5.2: 380 MB/s of 32-bit words is the paper's bus, i.e. 95 M words (cycles) per second
PAPER_CYCLES_PER_MS = 95_000
PAPER_CASE_STUDY_MS = {("FIR", "equalized"): 2.07, ("FFT", "equalized"): 3.27, ("FFT", "alone"): 1.32}
# Paper 001 Fig. 3a: AXI HyperConnect latency per channel, cycles (Sec. VI-B)
PAPER_001_LATENCY = {"ar": 4, "aw": 4, "w": 2, "r": 2, "b": 2}
FIG5_SPLITS = (90, 70, 50, 30, 10)
NOTES = {
    "000 Fig. 2/11": "Paper column: Eq. 3 as printed in Table 1 (row of 2 interferers) for the stock bars, the "
                     "fair third for the equalized ones (Fig. 11 matches it). The RTL shares are D2's R beats "
                     "while all three read.",
    "000 Fig. 10": "The paper prints one number: D2 stock at s = 256 is more than 10 times its fair-share response "
                   "time (10.87 ms); the check is RTL stock / equalized > 10.",
    "000 Table 1": "Model: Eq. 1. Simulated at 1, 3 and 7 interferers (stock interconnect, 6 outstanding each).",
    "000 Sec. 4.3": "The paper's 25/75 counts the transactions granted in the first four arbitration rounds of its "
                    "Fig. 8 waveform. In steady state the in-flight data is S x L per master (Eq. 4): 32 vs 128 "
                    "beats, 20/80 — the model and the RTL agree on that; the outstanding rule (L = 2) gives 50/50 "
                    "as the paper states.",
    "000 Sec. 4.4": "Paper column: the Sec. 4.4 bound ceil(b/beta)(N-1)beta + 1 plus what it leaves out (the "
                    "request's own data, the memory latency and the IP's pipeline, AR 4 + R 1 cycles), valid for one "
                    "transaction in flight per interferer (L = 1: the RTL stays below it). With L = 4 every "
                    "interferer may have 4 transactions queued at the memory ahead of the request; the model's "
                    "bound counts them (python/hyperconnect/scenario_model.py). The worst latency does not depend "
                    "on the interferers' bursts — the paper's point.",
    "000 Sec. 5.2": "Paper values converted at its 380 MB/s of 32-bit words (95,000 cycles per ms). The FFT here "
                    "is a rate-limited reader (a 64-beat request every 128 cycles: half the bus alone); equalized "
                    "it gets its fair third (196,606 cycles), where the paper's FFT, whose compute phases are not "
                    "described, took 3.27 ms. FIR equalized matches the paper's 2.07 ms (one third of the bus).",
    "001 Fig. 3a": "Paper column: AXI HyperConnect's latency per channel (Sec. VI-B); RTL: this IP, idle, with "
                   "every supervisor function on (hc bench).",
    "002 Table 3": "The copy engine copies 2 MB blocks on the ddr200_64 DRAM model while the CPU model runs each "
                   "load profile (bench/rtl/fastlane_system_top.sv). Vendor path: axi_vendor_path with its "
                   "overheads CALIBRATED to the paper's 25 % read / 33 % write bandwidth (43 / 11 cycles), so its "
                   "idle copy rate is a prediction. MB/s at the paper's 800 MB/s bus (read + write bytes per "
                   "second, as the paper counts). The paper's loaded rates also lose bandwidth to the OS and "
                   "network I/O the CPU model leaves out.",
    "002 Table 4": "Slowdown = run time beside the copy / run time alone (the paper's ms over HW inactive), from "
                   "the CPU model's identity run time = misses x (mean gap + mean miss latency): (gap + latency "
                   "beside the copy) / (gap + latency alone), the latencies measured. Each "
                   "profile is one memory intensity f (share of its idle run time spent on misses), FITTED to the "
                   "paper's vendor slowdown and used unchanged for FastLane (a prediction). The model's vendor "
                   "path slows a CPU that only misses (f = 1) by about 2x; profiles whose paper slowdown is "
                   "higher (scp, netcat, gcc: network I/O starved on the PLB) are fitted at that bound.",
    "001 Fig. 5": "Budgets from model.budget_for_share (the C driver's hc_budget_for_share), period 10,000 cycles.",
}


@dataclass
class Row:
    experiment: str
    case: str
    quantity: str
    unit: str
    paper: float | None
    model: float | None
    rtl: float | None
    check: str = ""          # "" (none), "model+-1", "<=model", "<=paper", "paper+-X", "paper+-X%", ">=X", "<=X"
    ok: bool | None = None

    def __post_init__(self) -> None:
        if not self.check or self.rtl is None:
            return
        if self.check.startswith("paper+-"):
            tol = self.check[len("paper+-"):]
            assert self.paper is not None, f"{self.case}: {self.check} without a paper value"
            limit = float(tol[:-1]) / 100 * self.paper if tol.endswith("%") else float(tol)
            self.ok = abs(self.rtl - self.paper) <= limit + 1e-9
        elif self.check[:2] in (">=", "<=") and self.check[2:] not in ("model", "paper"):
            bound = float(self.check[2:])
            self.ok = self.rtl >= bound if self.check[0] == ">" else self.rtl <= bound
        else:
            ref = self.paper if self.check == "<=paper" else self.model
            if ref is None:
                self.ok = self.check == "<=model"     # an infinite bound holds
            elif self.check == "model+-1":
                self.ok = abs(self.rtl - ref) <= 1.0
            else:
                self.ok = self.rtl <= ref


Plan = list[tuple[str, Scenario]]
Report = Callable[[dict[str, dict]], tuple[list[Row], list[Path]]]


def _base(name: str) -> dict:
    return yaml.safe_load((SCENARIOS / name).read_text())


def _variant(base: dict, **changes: Any) -> dict:
    from .sweep import set_path
    data = copy.deepcopy(base)
    for path, value in changes.items():
        set_path(data, path.replace("__", "."), value)
    return data


def _port(result: dict, name: str, channel: str = "R") -> SimPort:
    return next(p for p in result["ports"] if p.name == name and p.channel == channel)


def _model(sc: Scenario, name: str, channel: str = "R") -> scenario_model.PortResult:
    return next(r for r in scenario_model.evaluate(sc) if r.name == name and r.channel == channel)


# --- paper 000 Fig. 2 / Fig. 11 / Fig. 10 ---------------------------------------------------------------

def fig2_fig11() -> tuple[Plan, Report]:
    base = _base("fig2_fig11.yaml")
    plan: Plan = []
    for eq in (False, True):
        for s in SIZES:
            data = _variant(base, **{"interconnect.equalize": eq, "ports[0].traffic.burst_len": s,
                                     "ports[2].traffic.burst_len": s})
            plan.append((f"fig2/{'eq' if eq else 'stock'}/{s}", scenario.parse(data)))
    scs = dict(plan)

    def report(sims: dict[str, dict]) -> tuple[list[Row], list[Path]]:
        rows, share, resp2, resp13 = [], {}, {}, {}
        for mode, paper_vals in (("stock", TABLE1[2]), ("eq", (33.33,) * 5)):
            for s, paper in zip(SIZES, paper_vals):
                key = f"fig2/{mode}/{s}"
                d2 = _port(sims[key], "D2")
                m = _model(scs[key], "D2")
                label = "stock (Fig. 2)" if mode == "stock" else "equalized (Fig. 11)"
                rows.append(Row("000 Fig. 2/11", f"{label}, s = {s}", "D2 share", "%", paper,
                                round(100 * m.used_share, 2), round(100 * d2.share, 2), "model+-1"))
                share.setdefault(mode, []).append(100 * d2.share)
                resp2.setdefault(mode, []).append(d2.response_max)
                resp13.setdefault(mode, []).append(_port(sims[key], "D1").response_max)
        ratio = resp2["stock"][-1] / resp2["eq"][-1]
        rows.append(Row("000 Fig. 10", "s = 256, D2 stock / equalized", "response-time ratio", "x", 10.0, None,
                        round(ratio, 2), "", ratio > 10.0))
        for s, k in zip(SIZES, range(len(SIZES))):
            for mode, label in (("stock", "stock"), ("eq", "equalized")):
                rows.append(Row("000 Fig. 10", f"s = {s}, {label}", "D2 response time", "cycles", None, None,
                                resp2[mode][k]))
                rows.append(Row("000 Fig. 10", f"s = {s}, {label}", "D1 response time", "cycles", None, None,
                                resp13[mode][k]))
        eq3 = [100 * model.share_eq3([s, 16, s], 1) for s in SIZES]
        files = [plots.grouped_bars(OUT / "fig2_fig11_share.png",
                                    "Paper 000 Fig. 2/11: D2 share (D2 16 beats, D1/D3 s)", [f"s={s}" for s in SIZES],
                                    {"stock RTL": share["stock"], "stock model (Eq. 3)": eq3,
                                     "equalized RTL": share["eq"]}, "share of R beats (%)", reference=100 / 3),
                 plots.grouped_bars(OUT / "fig10_response.png", "Paper 000 Fig. 10: response time (cycles)",
                                    [f"s={s}" for s in SIZES],
                                    {"D2 stock": resp2["stock"], "D2 equalized": resp2["eq"],
                                     "D1 stock": resp13["stock"], "D1 equalized": resp13["eq"]}, "cycles")]
        return rows, files
    return plan, report


# --- paper 000 Table 1 ------------------------------------------------------------------------------------

def table1() -> tuple[Plan, Report]:
    base = _base("table1.yaml")
    plan: Plan = []
    for n in TABLE1_SIM:
        for s in SIZES:
            data = copy.deepcopy(base)
            data["ports"] = data["ports"][:n + 1]
            for p in data["ports"][1:]:
                p["traffic"]["burst_len"] = s
            plan.append((f"table1/{n}/{s}", scenario.parse(data)))

    def report(sims: dict[str, dict]) -> tuple[list[Row], list[Path]]:
        rows = []
        series: dict[str, list[float | None]] = {}
        for n, paper_row in TABLE1.items():
            for s, paper in zip(SIZES, paper_row):
                eq1 = round(100 * model.share_eq1(16, s, n + 1), 2)
                key = f"table1/{n}/{s}"
                rtl = round(100 * _port(sims[key], "victim").share, 2) if key in sims else None
                rows.append(Row("000 Table 1", f"{n} interferer(s), s = {s}", "victim share", "%", paper, eq1, rtl,
                                "model+-1" if rtl is not None else ""))
                if n in TABLE1_SIM:
                    series.setdefault(f"{n} RTL", []).append(rtl)
                    series.setdefault(f"{n} paper", []).append(paper)
        files = [plots.grouped_bars(OUT / "table1_share.png", "Paper 000 Table 1: 16-beat victim vs n interferers",
                                    [f"s={s}" for s in SIZES], series, "share of R beats (%)")]
        return rows, files
    return plan, report


# --- paper 000 Sec. 4.3 -----------------------------------------------------------------------------------

def sec43() -> tuple[Plan, Report]:
    base = _base("sec43_outstanding.yaml")
    cases = {"stock": {"interconnect.equalize": False},
             "equalized, L = 16 (no rule R6)": {"interconnect.outstanding": 16},
             "equalized, L = 2 (rule R6)": {"interconnect.outstanding": 2}}
    plan: Plan = [(f"sec43/{c}", scenario.parse(_variant(base, **ch))) for c, ch in cases.items()]
    scs = dict(plan)
    paper = {"stock": (25.0, 75.0), "equalized, L = 16 (no rule R6)": (25.0, 75.0),
             "equalized, L = 2 (rule R6)": (50.0, 50.0)}

    def report(sims: dict[str, dict]) -> tuple[list[Row], list[Path]]:
        rows, series = [], {"paper": [], "model": [], "RTL": []}
        for c in cases:
            key = f"sec43/{c}"
            for k, name in enumerate(("HWA1", "HWA2")):
                m, r = _model(scs[key], name), _port(sims[key], name)
                rows.append(Row("000 Sec. 4.3", c, f"{name} share", "%", paper[c][k], round(100 * m.used_share, 2),
                                round(100 * r.share, 2), "model+-1"))
            series["paper"].append(paper[c][0])
            series["model"].append(100 * _model(scs[key], "HWA1").used_share)
            series["RTL"].append(100 * _port(sims[key], "HWA1").share)
        files = [plots.grouped_bars(OUT / "sec43_share.png", "Paper 000 Sec. 4.3: HWA1 (16x2) vs HWA2 (64x2)",
                                    list(cases), series, "HWA1 share (%)", reference=50.0)]
        return rows, files
    return plan, report


# --- paper 000 Sec. 4.4 -----------------------------------------------------------------------------------

MIXES = {"16": (16, 16, 16), "256": (256, 256, 256), "16-64-256": (16, 64, 256)}


def sec44() -> tuple[Plan, Report]:
    base = _base("sec44_delay.yaml")
    plan: Plan = []
    for lim in (1, 4):
        for n in (2, 3, 4):
            for victim in (16, 256):
                for mix, bursts in MIXES.items():
                    data = copy.deepcopy(base)
                    data["interconnect"]["outstanding"] = lim
                    data["ports"] = data["ports"][:n]
                    data["ports"][0]["traffic"]["burst_len"] = victim
                    data["ports"][0]["traffic"]["total_bytes"] = 64 * victim * 8
                    for p, b in zip(data["ports"][1:], bursts):
                        p["traffic"]["burst_len"] = b
                    plan.append((f"sec44/{lim}/{n}/{victim}/{mix}", scenario.parse(data)))
    scs = dict(plan)

    def report(sims: dict[str, dict]) -> tuple[list[Row], list[Path]]:
        rows, files = [], []
        groups, observed, bounds = [], [], []
        for key, sc in scs.items():
            mix = key.rsplit("/", 1)[1]
            ic, n, victim = sc.interconnect, len(sc.ports), sc.ports[0].traffic.burst_len
            lim = ic.outstanding
            # the paper's interference bound plus what it leaves out: own data, memory latency and the IP's pipeline
            paper = (model.abe_worst_case_delay(victim, ic.nominal_len, n) + victim + ic.memory.latency
                     + scenario_model.PIPE_LATENCY)
            m, r = _model(sc, "victim"), _port(sims[key], "victim")
            rows.append(Row("000 Sec. 4.4", f"L = {lim}, N = {n}, victim {victim}, interferers {mix}",
                            "worst request latency", "cycles", paper, m.delay_bound, r.latency.max, "<=model"))
            if mix == "16-64-256":
                groups.append(f"L{lim} N{n} v{victim}")
                observed.append(r.latency.max)
                bounds.append(m.delay_bound)
        files.append(plots.grouped_bars(OUT / "sec44_delay.png", "Paper 000 Sec. 4.4: worst latency vs bound "
                                        "(interferers 16/64/256)", groups,
                                        {"RTL worst": observed, "model bound": bounds}, "cycles"))
        key = "sec44/4/4/16/16-64-256"
        files.append(plots.latency_cdf(OUT / "sec44_cdf.png", "Victim latency, N = 4, L = 4, victim 16, "
                                       "interferers 16/64/256",
                                       {p.name: p.latency for p in sims[key]["ports"]},
                                       {"victim": _model(scs[key], "victim").delay_bound}))
        return rows, files
    return plan, report


# --- paper 000 Sec. 5.2 -----------------------------------------------------------------------------------

def sec52() -> tuple[Plan, Report]:
    base = _base("sec52_case_study.yaml")
    names = [p["name"] for p in base["ports"]]
    plan: Plan = []
    for k, name in enumerate(names):
        data = copy.deepcopy(base)
        data["ports"] = [data["ports"][k]]
        plan.append((f"sec52/alone/{name}", scenario.parse(data)))
    plan.append(("sec52/stock", scenario.parse(_variant(base, **{"interconnect.equalize": False}))))
    plan.append(("sec52/equalized", scenario.parse(base)))

    def report(sims: dict[str, dict]) -> tuple[list[Row], list[Path]]:
        rows = []
        series: dict[str, list[float | None]] = {"alone": [], "stock": [], "equalized": []}
        for name in names:
            for mode in series:
                key = f"sec52/alone/{name}" if mode == "alone" else f"sec52/{mode}"
                r = _port(sims[key], name)
                ms = PAPER_CASE_STUDY_MS.get((name, mode))
                rows.append(Row("000 Sec. 5.2", f"{name} {mode}", "max response time", "cycles",
                                None if ms is None else round(ms * PAPER_CYCLES_PER_MS), None, r.response_max))
                series[mode].append(r.response_max)
        files = [plots.grouped_bars(OUT / "sec52_response.png", "Paper 000 Sec. 5.2 (Fig. 12 shape): max response time",
                                    names, series, "cycles")]
        return rows, files
    return plan, report


# --- paper 001 Fig. 5 -------------------------------------------------------------------------------------

def fig5() -> tuple[Plan, Report]:
    base = _base("fig5_reservation.yaml")
    ic = scenario.parse(base).interconnect
    plan: Plan = []
    for x in FIG5_SPLITS:
        a = model.budget_for_share(x / 100, ic.nominal_len, ic.period)
        b = model.budget_for_share((100 - x) / 100, ic.nominal_len, ic.period)
        plan.append((f"fig5/{x}", scenario.parse(_variant(base, **{"ports[0].budget.read": a,
                                                                   "ports[1].budget.read": b}))))
    scs = dict(plan)

    def report(sims: dict[str, dict]) -> tuple[list[Row], list[Path]]:
        rows, series = [], {"paper": [], "model": [], "RTL": []}
        for x in FIG5_SPLITS:
            key = f"fig5/{x}"
            for name, paper in (("A", x), ("B", 100 - x)):
                m, r = _model(scs[key], name), _port(sims[key], name)
                rows.append(Row("001 Fig. 5", f"split {x}/{100 - x}", f"port {name} share", "%", float(paper),
                                round(100 * m.used_share, 2), round(100 * r.share, 2), "model+-1"))
            series["paper"].append(float(x))
            series["model"].append(100 * _model(scs[key], "A").used_share)
            series["RTL"].append(100 * _port(sims[key], "A").share)
        files = [plots.grouped_bars(OUT / "fig5_reservation.png", "Paper 001 Fig. 5: port A share by budget",
                                    [f"{x}/{100 - x}" for x in FIG5_SPLITS], series, "port A share (%)")]
        return rows, files
    return plan, report


# --- paper 001 Fig. 3a ------------------------------------------------------------------------------------

def fig3a() -> tuple[list[Row], list[Path]]:
    from . import bench, sim
    log = OUT / "fig3a_latency.log"
    try:
        with sim.output_to(log):
            measured = bench.hyperconnect_latency()
    except Exception as exc:
        raise RuntimeError(f"{exc} (simulation log: {log})") from exc
    rows = [Row("001 Fig. 3a", f"{ch.upper()} channel", "idle latency", "cycles", float(PAPER_001_LATENCY[ch]), None,
                measured[ch], "<=paper") for ch in bench.CHANNELS]
    chans = [c.upper() for c in bench.CHANNELS]
    files = [plots.grouped_bars(OUT / "fig3a_latency.png", "Paper 001 Fig. 3a: latency per channel", chans,
                                {"paper (AXI HyperConnect)": [PAPER_001_LATENCY[c] for c in bench.CHANNELS],
                                 "RTL": [measured[c] for c in bench.CHANNELS]}, "cycles")]
    return rows, files


# --- paper 002 Tables 3 and 4 (FastLane) ------------------------------------------------------------------

def fastlane_tables(jobs: int | None = None, dask_client: Any = None) -> tuple[list[Row], list[Path]]:
    """Paper 002's Tables 3 and 4 on the system bench (python/hyperconnect/fastlane.py): the copy's rate on
    each path under each load profile, and the CPU's slowdown — the vendor column fitted, FastLane's
    predicted (its two paths as Dask tasks on `dask_client`'s cluster, else on a LocalCluster)."""
    from . import fastlane
    m = fastlane.reproduce(jobs or 2, dask_client=dask_client)
    fast, vendor, fits = m["paths"]["fastlane"], m["paths"]["vendor"], m["fits"]
    rows: list[Row] = []
    for load in ("idle", *fastlane.PROFILES):
        pv, pf = fastlane.PAPER_TABLE3[load]
        v, f = fastlane.BUS_MBPS * vendor[load]["copy_share"], fastlane.BUS_MBPS * fast[load]["copy_share"]
        rows += [Row("002 Table 3", f"{load}: vendor path", "copy rate", "MB/s", pv, None, round(v, 1),
                     "paper+-10%" if load == "idle" else ""),
                 Row("002 Table 3", f"{load}: FastLane", "copy rate", "MB/s", pf, None, round(f, 1),
                     ">=680" if load == "idle" else ""),
                 Row("002 Table 3", f"{load}: FastLane / vendor", "ratio", "x", round(pf / pv, 2), None,
                     round(f / v, 2), ">=3.0" if load == "idle" else ">=1.85")]
    close = 0
    for p in fastlane.PROFILES:
        sv, sf = fastlane.paper_slowdown(p)
        fit = fits[p]
        rows += [Row("002 Table 4", f"{p}: intensity f{' (at the bound)' if fit['bound'] else ''}", "fitted",
                     "", None, None, round(fit["intensity"], 3)),
                 Row("002 Table 4", f"{p}: vendor path (fitted)", "slowdown", "x", round(sv, 3), None,
                     round(vendor[p]["slowdown"], 3)),
                 Row("002 Table 4", f"{p}: FastLane (predicted)", "slowdown", "x", round(sf, 3), None,
                     round(fast[p]["slowdown"], 3), "<=1.3")]
        close += abs(fast[p]["slowdown"] - sf) <= fastlane.TOLERANCE
    rows.append(Row("002 Table 4", f"FastLane predictions within +-{fastlane.TOLERANCE}", "profiles", "", None,
                    None, float(close), ">=4"))
    names = ["idle", *fastlane.PROFILES]
    files = [plots.grouped_bars(OUT / "fastlane_table3.png", "Paper 002 Table 3: copy rate (MB/s at 800)", names,
                                {"paper vendor": [fastlane.PAPER_TABLE3[n][0] for n in names],
                                 "RTL vendor": [fastlane.BUS_MBPS * vendor[n]["copy_share"] for n in names],
                                 "paper FastLane": [fastlane.PAPER_TABLE3[n][1] for n in names],
                                 "RTL FastLane": [fastlane.BUS_MBPS * fast[n]["copy_share"] for n in names]}, "MB/s")]
    return rows, files


EXPERIMENTS = {"fig2_fig11": fig2_fig11, "table1": table1, "sec43": sec43, "sec44": sec44, "sec52": sec52,
               "fig5": fig5}


ALL = (*EXPERIMENTS, "fig3a", "fastlane")


def run(jobs: int | None = None, only: tuple[str, ...] = ALL, scheduler: str | None = None) -> dict[str, Any]:
    """The experiments (`only`: a subset of ALL); writes summary.json and report.md under build/reproduce/.
    The simulations run on Dask (sweep.run_many): a LocalCluster of `jobs` workers (default one per core)
    or the cluster at `scheduler`."""
    from .sweep import run_many
    unknown = sorted(set(only) - set(ALL))
    if unknown:
        raise ValueError(f"unknown experiment {unknown[0]!r} (choose from {', '.join(ALL)})")
    t0 = time.monotonic()
    OUT.mkdir(parents=True, exist_ok=True)
    planned = {name: make() for name, make in EXPERIMENTS.items() if name in only}
    keys, scs = [], []
    for plan, _ in planned.values():
        for key, sc in plan:
            keys.append(key)
            scs.append(sc)
    rows: list[Row] = []
    files: list[Path] = []
    with contextlib.ExitStack() as stack:
        # one cluster for the run: the scenarios' simulations, then FastLane's two paths
        dask_client = stack.enter_context(cluster.client(scheduler, jobs)) if scs or "fastlane" in only else None
        results = dict(zip(keys, run_many(scs, jobs, label="reproduce", scheduler=scheduler,
                                          dask_client=dask_client)))
        t_sim = time.monotonic() - t0
        for _, report in planned.values():
            r, f = report(results)
            rows += r
            files += f
        if "fig3a" in only:
            r, f = fig3a()
            rows += r
            files += f
        if "fastlane" in only:
            r, f = fastlane_tables(jobs, dask_client)
            rows += r
            files += f
    summary = {"experiments": list(only), "seconds": round(time.monotonic() - t0, 1), "simulation_seconds": round(t_sim, 1),
               "simulations": len(scs), "rows": [asdict(r) for r in rows],
               "failed": [asdict(r) for r in rows if r.ok is False]}
    (OUT / "summary.json").write_text(json.dumps(summary, indent=2) + "\n")
    (OUT / "report.md").write_text(render_markdown(rows, files, summary))
    return summary


def _fmt(v: float | None) -> str:
    if v is None:
        return "-"
    return f"{v:g}" if isinstance(v, float) else str(v)


def render_markdown(rows: list[Row], files: list[Path], summary: dict) -> str:
    out = ["# Reproductions: paper / model / RTL", "",
           f"`make reproduce`: {summary['simulations']} RTL simulations, {summary['seconds']} s in all. "
           "Checks: `model+-1` RTL within 1 point of the model, `<=model` RTL at or below the model's bound, "
           "`<=paper` at or below the paper's value. Scenarios: `bench/scenarios/reproduce/`; how each is "
           "varied: `python/hyperconnect/reproduce.py`.", ""]
    by_exp: dict[str, list[Row]] = {}
    for r in rows:
        by_exp.setdefault(r.experiment, []).append(r)
    for exp, rs in by_exp.items():
        out += [f"## {exp}", ""] + ([NOTES[exp], ""] if exp in NOTES else [])
        out += ["| case | quantity | unit | paper | model | RTL | check |", "|---|---|---|---|---|---|---|"]
        for r in rs:
            verdict = "" if r.ok is None else ("ok" if r.ok else "**FAIL**")
            out.append(f"| {r.case} | {r.quantity} | {r.unit} | {_fmt(r.paper)} | {_fmt(r.model)} | {_fmt(r.rtl)} | "
                       f"{r.check} {verdict} |")
        out.append("")
    out += ["## Plots", ""] + [f"![{f.stem}]({f.name})" for f in files] + [""]
    return "\n".join(out)


def render(summary: dict) -> str:
    lines = [f"{'experiment':<14}{'case':<48}{'paper':>9}{'model':>9}{'RTL':>9}  check"]
    for r in summary["rows"]:
        verdict = "" if r["ok"] is None else ("ok" if r["ok"] else "FAIL")
        lines.append(f"{r['experiment']:<14}{(r['case'] + ' ' + r['quantity'])[:47]:<48}{_fmt(r['paper']):>9}"
                     f"{_fmt(r['model']):>9}{_fmt(r['rtl']):>9}  {r['check']} {verdict}")
    lines.append(f"{summary['simulations']} simulations, {summary['seconds']} s; {len(summary['failed'])} check(s) "
                 f"failed; wrote {OUT}/summary.json and report.md")
    return "\n".join(lines)
