"""`hc link host`: this machine's memory latency and bandwidth (issue 20; placeholder)."""

from __future__ import annotations

import argparse


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The options of `hc link host`."""


def run(args: argparse.Namespace) -> int:
    raise RuntimeError("`hc link host` is not built yet (issue 20)")
