"""ps::stream (sw/psstream), the C++17 header-only library: its unit tests (tests/psstream/psstream_tests.cpp,
one pytest case per C++ test, each in its own process with a time limit, so a deadlock fails instead of
hanging), compiled with -Wall -Wextra -Werror -pedantic; and the single-source example compiled as HLS sees
it (__SYNTHESIS__)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from hyperconnect import paths, psstream

HERE = Path(__file__).parent
OUT = paths.BUILD / "tests" / "psstream"
TESTS = ["capacity_batch_names", "cycle_of_streams_with_batching", "every_element_width_1_to_64",
         "example_operator_single_source", "flush_publishes_at_once", "full_empty_nonblocking", "held_back_lifetimes",
         "misuse_layout_mismatch", "misuse_second_producer_or_consumer", "nonblocking_across_threads",
         "pointer_wrap_around", "processes_misuse", "threads_order_no_loss", "two_processes"]


@pytest.fixture(scope="module")
def binary() -> Path:
    return psstream.compile_cpp(HERE / "psstream_tests.cpp", OUT / "psstream_tests")


def test_list_matches(binary: Path) -> None:
    listed = subprocess.run([str(binary), "--list"], capture_output=True, text=True, check=True).stdout.split()
    assert listed == TESTS


@pytest.mark.parametrize("name", TESTS)
def test_psstream(binary: Path, name: str) -> None:
    res = subprocess.run([str(binary), name], capture_output=True, text=True, timeout=120)
    print(res.stdout, res.stderr)
    assert res.returncode == 0 and res.stdout.strip().splitlines()[-1] == "1 passed, 0 failed", res.stdout + res.stderr


def test_all_under_sanitizers() -> None:
    """Every test again, in one process, under AddressSanitizer and UBSan: a held-back list that kept a
    destroyed stream (held_back_lifetimes) or any other stray access fails here even when it happens to work."""
    exe = psstream.compile_cpp(HERE / "psstream_tests.cpp", OUT / "psstream_tests_asan",
                               ["-O0", "-g", "-fsanitize=address,undefined", "-fno-omit-frame-pointer",
                                "-fno-sanitize-recover=all"])
    res = subprocess.run([str(exe)], capture_output=True, text=True, timeout=300)
    print(res.stdout, res.stderr)
    assert res.returncode == 0 and res.stdout.strip().splitlines()[-1] == f"{len(TESTS)} passed, 0 failed", \
        res.stdout + res.stderr


def test_single_source_as_hls() -> None:
    exe = psstream.compile_cpp(HERE / "hls_single_source.cpp", OUT / "hls_single_source",
                               ["-D__SYNTHESIS__", "-Wno-unknown-pragmas"], [HERE / "hls_stub"])
    res = subprocess.run([str(exe)], capture_output=True, text=True, timeout=60)
    assert res.returncode == 0, res.stdout
