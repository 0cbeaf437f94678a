# SPDX-License-Identifier: Apache-2.0
"""Issue 21 (license and versions): one version number — the package (`hc --version`), the FuseSoC core
and the register map's VERSION register agree, and the changelog's newest entry is it; the license file
is the Apache License 2.0."""

from __future__ import annotations

import re
import subprocess
import sys

import hyperconnect
from hyperconnect import paths


def _rdl_version() -> str:
    text = (paths.ROOT / "rdl" / "hyperconnect.rdl").read_text()
    block = text[text.index('name = "Version"'):text.index("} VERSION @")]
    fields = {name: int(value, 0) for name, value in re.findall(r"\}\s*(major|minor|patch)\[[0-9:]+\]\s*=\s*(\w+);", block)}
    return f"{fields['major']}.{fields['minor']}.{fields['patch']}"


def test_one_version_everywhere() -> None:
    v = hyperconnect.__version__
    out = subprocess.run([sys.executable, "-m", "hyperconnect.cli", "--version"], capture_output=True, text=True,
                         check=True).stdout.strip()
    assert out == f"hc {v}"
    core = re.search(r"^name:\s*hyperconnect:ip:hyperconnect:(\S+)$", (paths.ROOT / "hyperconnect.core").read_text(), re.M)
    assert core and core.group(1) == v, f"hyperconnect.core {core and core.group(1)}, package {v}"
    assert _rdl_version() == v, f"the RDL VERSION register {_rdl_version()}, package {v}"
    newest = re.search(r"^## (\S+)", (paths.ROOT / "CHANGELOG.md").read_text(), re.M)
    assert newest and newest.group(1) == v, "CHANGELOG.md's newest entry is not the version"


def test_license_is_apache_2() -> None:
    text = (paths.ROOT / "LICENSE").read_text()
    assert "Apache License" in text and "Version 2.0, January 2004" in text
