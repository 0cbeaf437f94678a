# SPDX-License-Identifier: Apache-2.0
"""pytest set-up: tests/ on sys.path (for `lib`), the toolchain environment for Verilator."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from hyperconnect import paths  # noqa: E402

paths.apply_tool_env()
