# SPDX-License-Identifier: Apache-2.0
"""ps::stream (sw/psstream), the C++17 header-only library: its unit tests (tests/psstream/psstream_tests.cpp,
one pytest case per C++ test, each in its own process with a time limit, so a deadlock fails instead of
hanging), compiled with -Wall -Wextra -Werror -pedantic; the single-source example and every combination of
the stream macros compiled as HLS sees them (__SYNTHESIS__, stand-in headers in hls_stub/) and for a core."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from hyperconnect import paths, psstream

HERE = Path(__file__).parent
OUT = paths.BUILD / "tests" / "psstream"
TESTS = ["capacity_batch_names", "csim_grow_keeps_ring_when_copy_throws", "csim_grow_limit",
         "csim_grows_until_a_reader_comes", "csim_leftover_warns",
         "csim_testbench_single_thread", "cycle_of_streams_with_batching", "every_element_width_1_to_64",
         "example_operator_single_source", "flush_publishes_at_once", "full_empty_nonblocking", "held_back_lifetimes",
         "hls_element_types_across_processes", "hls_element_types_between_threads", "misuse_layout_mismatch",
         "misuse_second_producer_or_consumer", "nonblocking_across_threads", "pointer_wrap_around",
         "processes_misuse", "sized_binds_unsized", "threads_order_no_loss", "two_processes", "wait_warns"]
# what a test must print on stderr (the warnings HLS C-simulation users expect)
STDERR = {"csim_grow_keeps_ring_when_copy_throws": "ps::stream 'fragile': destroyed with 2 unread elements",
          "csim_leftover_warns": "ps::stream 'left': destroyed with 3 unread elements",
          "wait_warns": "ps::stream 'late': a read has waited 100 ms on an empty stream: is its producer running?"}
STUB = psstream.HLS_STUB                   # stand-ins for Vitis's hls_stream.h, ap_int.h, ap_axi_sdata.h


@pytest.fixture(scope="module")
def binary() -> Path:
    return psstream.compile_cpp(HERE / "psstream_tests.cpp", OUT / "psstream_tests", includes=[STUB])


def test_list_matches(binary: Path) -> None:
    listed = subprocess.run([str(binary), "--list"], capture_output=True, text=True, check=True).stdout.split()
    assert listed == TESTS


@pytest.mark.parametrize("name", TESTS)
def test_psstream(binary: Path, name: str) -> None:
    res = subprocess.run([str(binary), name], capture_output=True, text=True, timeout=120)
    print(res.stdout, res.stderr)
    assert res.returncode == 0 and res.stdout.strip().splitlines()[-1] == "1 passed, 0 failed", res.stdout + res.stderr
    assert STDERR.get(name, "") in res.stderr, res.stderr


def run_sanitized(build: str, flags: list[str], names: list[str], timeout: float) -> None:
    """The named tests (all if none), in one process of the suite built with `flags`: every one passes and
    the sanitizer reports nothing."""
    exe = psstream.compile_cpp(HERE / "psstream_tests.cpp", OUT / build, ["-g", *flags], [STUB])
    res = subprocess.run([str(exe), *names], capture_output=True, text=True, timeout=timeout)
    print(res.stdout, res.stderr)
    assert res.returncode == 0 and "Sanitizer" not in res.stderr and \
        res.stdout.strip().splitlines()[-1] == f"{len(names or TESTS)} passed, 0 failed", res.stdout + res.stderr


def test_all_under_sanitizers() -> None:
    """Every test again, in one process, under AddressSanitizer and UBSan: a held-back list that kept a
    destroyed stream (held_back_lifetimes) or any other stray access fails here even when it happens to work."""
    run_sanitized("psstream_tests_asan", ["-O0", "-fsanitize=address,undefined", "-fno-omit-frame-pointer",
                                          "-fno-sanitize-recover=all"], [], 300)


# the tests where threads share streams (forks excluded: ThreadSanitizer does not follow them)
THREADED = ["csim_grows_until_a_reader_comes", "cycle_of_streams_with_batching", "example_operator_single_source",
            "full_empty_nonblocking", "held_back_lifetimes", "hls_element_types_between_threads",
            "nonblocking_across_threads", "sized_binds_unsized", "threads_order_no_loss"]


def test_threads_under_tsan() -> None:
    """The threaded tests under ThreadSanitizer: a ring growing while another thread looks at it without
    the lock, or any other unordered access between the two sides, is a report here."""
    run_sanitized("psstream_tests_tsan", ["-O1", "-fsanitize=thread"], THREADED, 600)


def test_single_source_as_hls() -> None:
    exe = psstream.compile_cpp(HERE / "hls_single_source.cpp", OUT / "hls_single_source",
                               ["-D__SYNTHESIS__", "-Wno-unknown-pragmas"], [STUB])
    res = subprocess.run([str(exe)], capture_output=True, text=True, timeout=60)
    assert res.returncode == 0, res.stdout


@pytest.mark.parametrize("mode", ["core", "hls"])
def test_stream_macros(mode: str) -> None:
    """STREAM, STREAM_DEPTH and STREAM_REF in every combination, sized streams bound to unsized references."""
    extra = ["-D__SYNTHESIS__"] if mode == "hls" else []
    exe = psstream.compile_cpp(HERE / "stream_macros.cpp", OUT / f"stream_macros_{mode}", extra, [STUB])
    res = subprocess.run([str(exe)], capture_output=True, text=True, timeout=60)
    assert res.returncode == 0 and res.stdout.strip() == "stream macros: ok", res.stdout + res.stderr
