# SPDX-License-Identifier: Apache-2.0
"""The wheel's package data: the checkout's RTL, bench harnesses, SystemRDL, C sources, FuseSoC core and
example scenarios, copied into hyperconnect/data/ when a wheel (not an editable install) is built, so an
installed `hc` finds its sources without a checkout (python/hyperconnect/paths.py looks there first). One
list, DATA, says what goes in; the editable install reads the checkout itself."""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
# what `hc` reads at run time, relative to the checkout's root (folders are copied whole, minus caches)
DATA = ("rtl", "bench", "rdl", "sw", "hyperconnect.core", "LICENSE")
SKIP = shutil.ignore_patterns("__pycache__", "*.pyc", "sim_build", "obj_dir", "build")


class BuildWithData(build_py):
    """build_py, then the checkout's sources into <build_lib>/hyperconnect/data (not for editable installs,
    which read the checkout)."""

    def run(self) -> None:
        editable = getattr(self, "editable_mode", False)
        if not editable:    # setuptools keeps build/lib between builds, and a module that is gone with it
            shutil.rmtree(Path(self.build_lib) / "hyperconnect", ignore_errors=True)
        super().run()
        if editable:
            return
        target = Path(self.build_lib) / "hyperconnect" / "data"
        shutil.rmtree(target, ignore_errors=True)
        target.mkdir(parents=True)
        for name in DATA:
            src = HERE / name
            if src.is_dir():
                shutil.copytree(src, target / name, ignore=SKIP)
            else:
                shutil.copy2(src, target / name)


setup(cmdclass={"build_py": BuildWithData})
