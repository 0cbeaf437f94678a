# SPDX-License-Identifier: Apache-2.0
"""`hc sweep`: one scenario simulated for every combination of parameter values, in parallel on Dask.

A parameter is a path into the scenario's YAML tree, dots between keys and [i] for list items, with a
comma-separated list of values (YAML scalars): ``--param ports[0].traffic.burst_len=16,64,256
--param interconnect.equalize=false,true`` runs the 6 combinations. Every variant is validated before
anything runs (a bad value is a ScenarioError naming the field). The runs go to Dask distributed
(hyperconnect.cluster): a LocalCluster of one worker process per core (`--jobs N`: N), for which the
harness builds the variants need are made first, once each, or an existing cluster (`--scheduler
tcp://HOST:PORT`), whose workers build what they need once (cached by a hash of the sources). A lost
worker's runs are run again elsewhere; the results are those of a local run, in input order. A progress bar
(tqdm) goes to stderr.
"""

from __future__ import annotations

import copy
import itertools
import re
from collections.abc import Sequence
from typing import Any

import yaml

from . import scenario, scenario_model, scenario_sim
from .scenario import Scenario, ScenarioError

_STEP = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)|\[(\d+)\]")


def parse_param(text: str) -> tuple[str, list[Any]]:
    """'a.b[1].c=1,2' -> ('a.b[1].c', [1, 2]); values are YAML scalars."""
    path, sep, values = text.partition("=")
    if not sep or not path or not values:
        raise ScenarioError(f"--param {text!r}: expected PATH=V1,V2,...")
    return path.strip(), [yaml.safe_load(v.strip()) for v in values.split(",")]


def set_path(data: dict, path: str, value: Any) -> None:
    """Set `path` (keys and [i] indices) in the YAML tree, creating mappings on the way."""
    steps: list[str | int] = [m.group(1) if m.group(1) else int(m.group(2))
                              for part in path.split(".") for m in _STEP.finditer(part)]
    if not steps:
        raise ScenarioError(f"--param {path!r}: not a path")
    node: Any = data
    for step in steps[:-1]:
        if isinstance(step, int):
            if not isinstance(node, list) or step >= len(node):
                raise ScenarioError(f"--param {path}: no item [{step}]")
            node = node[step]
        else:
            if not isinstance(node, dict):
                raise ScenarioError(f"--param {path}: {step} is not inside a mapping")
            node = node.setdefault(step, {})
    last = steps[-1]
    if isinstance(last, int):
        if not isinstance(node, list) or last >= len(node):
            raise ScenarioError(f"--param {path}: no item [{last}]")
    elif not isinstance(node, dict):
        raise ScenarioError(f"--param {path}: not a mapping")
    node[last] = value


def variants(base: dict, params: Sequence[tuple[str, list[Any]]]) -> list[tuple[dict[str, Any], Scenario]]:
    """Every combination of the parameter values applied to the base tree, validated."""
    out = []
    for combo in itertools.product(*(values for _, values in params)):
        data = copy.deepcopy(base)
        setting = {}
        for (path, _), value in zip(params, combo):
            set_path(data, path, value)
            setting[path] = value
        try:
            out.append((setting, scenario.parse(data)))
        except ScenarioError as exc:
            where = ", ".join(f"{k}={v}" for k, v in setting.items())
            raise ScenarioError(f"{exc} (with {where})") from None
    return out


def _simulate(sc: Scenario) -> dict:
    """One simulation, as a Dask task: it gets its harness itself (scenario_sim.harness: built once per
    worker file system, cached by a hash of its sources)."""
    return scenario_sim.run(sc)


def run_many(scenarios: Sequence[Scenario], jobs: int | None = None, label: str = "sim",
             scheduler: str | None = None, dask_client: Any = None) -> list[dict]:
    """Simulate the scenarios on Dask (cluster.fan_out: a LocalCluster of `jobs` worker processes, default
    one per core, or the cluster at `scheduler`); results in input order. With the local cluster the
    harness builds they need are made first, here and one at a time (Verilator itself uses the cores), and
    the workers find them ready; a remote cluster's workers build what they need (once per file system).
    `dask_client`: a client of that cluster already open (cluster.client) to use instead of a new one."""
    from . import cluster
    for sc in scenarios:
        scenario_sim.config(sc)                       # unsupported settings fail before any build
    if cluster.is_local(scheduler):
        seen = set()
        for sc in scenarios:
            key = scenario_sim.harness_key(sc)
            if key not in seen:
                seen.add(key)
                scenario_sim.harness(sc)
    return cluster.fan_out(_simulate, scenarios, scheduler=scheduler, workers=jobs, label=label,
                           dask_client=dask_client)


def run(vs: Sequence[tuple[dict[str, Any], Scenario]], jobs: int | None = None,
        scheduler: str | None = None) -> list[dict]:
    """The sweep over variants(): per variant its setting, the RTL rows with the model's share and delay
    bound beside them (run_many: `jobs` local workers, or the Dask cluster at `scheduler`)."""
    sims = run_many([sc for _, sc in vs], jobs, label="sweep", scheduler=scheduler)
    rows = []
    for (setting, sc), result in zip(vs, sims):
        model = {(r.name, r.channel): r for r in scenario_model.evaluate(sc)}
        data = scenario_sim.to_json(result, model)
        rows.append({"setting": setting, "cycles": data["cycles"], "utilisation": data["utilisation"],
                     "ports": data["ports"]})
    return rows


def render(rows: Sequence[dict]) -> str:
    lines = []
    for row in rows:
        lines.append(", ".join(f"{k}={v}" for k, v in row["setting"].items()) + f"  ({row['cycles']} cycles)")
        for p in row["ports"]:
            bound = "-" if p["delay_bound"] is None else str(p["delay_bound"])
            lines.append(f"  {p['name']:<12}{p['channel']:>3}  share {100 * p['share']:6.2f} % (model "
                         f"{100 * p['model_share']:6.2f} %)  latency max {p['latency']['max']:>6} (bound {bound:>6})"
                         f"  response max {p['response_max']}")
    return "\n".join(lines)
