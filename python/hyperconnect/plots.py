# SPDX-License-Identifier: Apache-2.0
"""PNG plots (matplotlib, Agg backend): share bars like paper 000 Fig. 2/11, response-time bars like
Fig. 10/12, and latency CDFs of `hc sim` results. Every function writes one file and returns its path."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402  (the backend is chosen first)

from .scenario_sim import Latency, SimPort  # noqa: E402

COLOURS = ("#c0392b", "#2e6fba", "#7f8c8d", "#27ae60", "#8e44ad", "#d68910")


def grouped_bars(path: Path, title: str, groups: Sequence[str], series: Mapping[str, Sequence[float | None]],
                 ylabel: str, reference: float | None = None) -> Path:
    """Bars per group, one per series (e.g. stock / equalized / model per burst size); `reference` draws a
    horizontal line (the fair share). Missing values (None) leave a gap."""
    fig, ax = plt.subplots(figsize=(max(5.0, 1.1 * len(groups) + 2), 3.4))
    width = 0.8 / max(1, len(series))
    for k, (name, values) in enumerate(series.items()):
        xs = [g + (k - (len(series) - 1) / 2) * width for g in range(len(groups))]
        pts = [(x, v) for x, v in zip(xs, values) if v is not None]
        bars = ax.bar([x for x, _ in pts], [v for _, v in pts], width, label=name, color=COLOURS[k % len(COLOURS)])
        ax.bar_label(bars, fmt="%.3g", fontsize=7, padding=1)
    if reference is not None:
        ax.axhline(reference, color="black", linewidth=0.8, linestyle="--", label=f"fair {reference:.3g}")
    ax.set_xticks(range(len(groups)), groups, fontsize=8)
    ax.margins(y=0.15)
    return _finish(fig, ax, path, title, ylabel)


def _finish(fig: Any, ax: Any, path: Path, title: str, ylabel: str) -> Path:
    ax.set_ylabel(ylabel)
    ax.set_title(title, fontsize=10)
    ax.legend(fontsize=8)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


def latency_cdf(path: Path, title: str, curves: Mapping[str, Latency], bound: Mapping[str, int | None] | None = None
                ) -> Path:
    """Cumulative distribution of request latencies, one curve per port/channel; optional vertical bound
    lines with the same colours."""
    fig, ax = plt.subplots(figsize=(6.0, 3.4))
    for k, (name, lat) in enumerate(curves.items()):
        if not lat.count:
            continue
        xs, ys, seen = [], [], 0
        for v in sorted(lat.histogram):
            seen += lat.histogram[v]
            xs.append(v)
            ys.append(seen / lat.count)
        colour = COLOURS[k % len(COLOURS)]
        ax.step(xs, ys, where="post", label=name, color=colour)
        b = (bound or {}).get(name)
        if b is not None:
            ax.axvline(b, color=colour, linestyle=":", linewidth=1)
    ax.set_xlabel("request latency (cycles, AxVALID to last R beat / B)")
    ax.set_ylim(0, 1.02)
    return _finish(fig, ax, path, title, "fraction of requests")


def sim_plots(out: Path, name: str, ports: Sequence[SimPort], bounds: Mapping[str, int | None] | None = None
              ) -> list[Path]:
    """The plots of one `hc sim` run: shares, response times (min/mean/max per port) and latency CDFs."""
    labels = [f"{p.name} {p.channel}" for p in ports]
    files = [grouped_bars(out / f"{name}_share.png", f"{name}: channel share", labels,
                          {"RTL": [100 * p.share for p in ports]}, "share of channel beats (%)"),
             grouped_bars(out / f"{name}_response.png", f"{name}: job response time", labels,
                          {"min": [p.response_min for p in ports], "mean": [p.response_mean for p in ports],
                           "max": [p.response_max for p in ports]}, "cycles"),
             latency_cdf(out / f"{name}_latency_cdf.png", f"{name}: request latency",
                         dict(zip(labels, (p.latency for p in ports))), {k: (bounds or {}).get(k) for k in labels})]
    return files
