# SPDX-License-Identifier: Apache-2.0
"""The one source list: hyperconnect.core (FuseSoC CAPI2) at the repository root. Its filesets name every
RTL source in compile order; the tools and tests take their file lists from here instead of globbing."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from . import paths

CORE = paths.ROOT / "hyperconnect.core"


@lru_cache(maxsize=1)
def _core() -> dict[str, Any]:
    data = yaml.safe_load(CORE.read_text())
    if not isinstance(data, dict) or "CAPI=2" not in data or "filesets" not in data:
        raise RuntimeError(f"{CORE}: not a CAPI2 core file with filesets")
    return data


def fileset_names() -> list[str]:
    return list(_core()["filesets"])


def files(*filesets: str) -> list[Path]:
    """The files of the named filesets, in the core's order, each once (a file two filesets share keeps its
    first place)."""
    sets = _core()["filesets"]
    out: list[Path] = []
    for name in filesets:
        if name not in sets:
            raise KeyError(f"{CORE.name} has no fileset {name!r} (has {', '.join(sets)})")
        for entry in sets[name].get("files", []):
            rel = next(iter(entry)) if isinstance(entry, dict) else entry
            path = paths.ROOT / rel
            if path not in out:
                out.append(path)
    return out
