"""`hc link predict`: end-to-end composition (issue 20; placeholder)."""

from __future__ import annotations

import argparse


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The options of `hc link predict`."""


def run(args: argparse.Namespace) -> int:
    raise RuntimeError("`hc link predict` is not built yet (issue 20)")
