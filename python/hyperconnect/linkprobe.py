"""`hc link sim`: hc_link_probe on the RTL (issue 20; placeholder)."""

from __future__ import annotations

import argparse


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The options of `hc link sim`."""


def run(args: argparse.Namespace) -> int:
    raise RuntimeError("`hc link sim` is not built yet (issue 20)")
