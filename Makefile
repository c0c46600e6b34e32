# rolkit: four commands, each bootstraps .venv from nothing.
#   make dashboard   serve the Voilà dashboard on 127.0.0.1 (HOST/PORT/TOKEN to change)
#   make test        lint + the whole test suite (unit, properties, widgets, notebooks, browser)
#   make bench       benchmarks: medians and ratios
#   make docs        every notebook executed and rendered to HTML in docs/html/ (index.html)
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: test dashboard bench docs lint format chromium clean

# One short line per step; pip's whole output goes to $(INSTALL_LOG), shown only on failure.
# --no-compile: pip would byte-compile every installed module (~20 s of CPU, half the install);
# Python compiles the ones a process imports, once, when it first imports them.
INSTALL_LOG := $(VENV)/install.log
PIP := $(PY) -m pip --disable-pip-version-check
$(STAMP): pyproject.toml constraints.txt
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' || \
	  { echo "rolkit needs Python >= 3.11 ($(PYTHON) is $$($(PYTHON) -V 2>&1)): make PYTHON=python3.11 ..."; exit 1; }
	@echo "rolkit: creating $(VENV)"
	@$(PYTHON) -m venv $(VENV)
	@echo "rolkit: installing rolkit and its dependencies (about 2 min the first time)..."
	@{ $(PIP) install --upgrade pip && $(PIP) install --no-compile -c constraints.txt -e ".[dev]"; } \
	  > $(INSTALL_LOG) 2>&1 || { tail -n 30 $(INSTALL_LOG); \
	  echo "rolkit: the install failed; the whole log is $(INSTALL_LOG)"; exit 1; }
	@touch $(STAMP)
	@echo "rolkit: $(VENV) is ready"

# Debian's chromium for the browser tests (Playwright cannot download browsers here).
chromium:
	@if [ ! -x /usr/bin/chromium ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q \
	      --no-install-recommends chromium fonts-dejavu-core; \
	  else echo "note: /usr/bin/chromium missing and not root: browser tests will be skipped"; fi; \
	fi

# make dashboard [HOST=127.0.0.1] [PORT=8866] [TOKEN=secret]: `rolkit dashboard` (the command a
# pip install gives, widgets/serve/cli.py): the dashboard through widgets/serve/ (validated
# websocket frames, no tracebacks sent, bounded kernels: see SECURITY.md). Set on the command
# line (the environment's HOST is ignored). Off loopback a token is always required: TOKEN,
# else a random one; the URL (with ?token=...) is printed once the page will load.
# POOL preheated kernels wait for visitors (10: ten GMs opening at once each get one; the
# pool refills one kernel at a time once the burst is served, widgets/serve/pool.py; ~120 MiB each);
# past SESSIONS kernels in use a visitor gets a "busy, try again" page; an idle tab's kernel
# is culled after IDLE seconds. The token reaches the server through the environment, not
# its command line (which any local user can read with ps).
HOST := 127.0.0.1
PORT := 8866
TOKEN :=
POOL := 10
SESSIONS := 12
IDLE := 600
ifneq ($(TOKEN),)
dashboard: export ROLKIT_DASHBOARD_TOKEN := $(TOKEN)
endif
dashboard: $(STAMP)
	@$(PY) -m rolkit dashboard --host $(HOST) --port $(PORT) --pool $(POOL) \
	  --sessions $(SESSIONS) --idle $(IDLE)

lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy

format: $(STAMP)
	$(VENV)/bin/ruff format .
	$(VENV)/bin/ruff check --fix .

# Three parts, split by the `serial` marker (pyproject.toml) and a folder: every test runs in
# exactly one, and all three always run.
#  1. not serial: the unit, property, widget and notebook tests are CPU-bound and independent
#     (a notebook's budget is its kernel's CPU time): two workers, one file each at a time,
#     the notebook and widget files first (few tests, long runs: tests/conftest.py), so the
#     run does not end on one of them alone (xdist's own order put them last); the notebook
#     files that read the same runs go to one worker together (SHARED_FILES there), so each
#     notebook is executed once.
#  2. serial, tests/browser/: each worker starts its Voilà servers on free ports (shared by
#     its files, with the run's private data folder; JupyterLab for the one file that needs
#     it) and Chromium, and asserts no wall-clock time (only generous timeouts): two
#     workers, one file each at a time (a page mostly waits for its kernel), the longest
#     files first (BROWSER_FIRST, tests/conftest.py). The JupyterHub test (two users' pages
#     in Chromium, generous timeouts too) runs here beside them, once its proxy's npm
#     install has finished. Screenshots are taken only when ROLKIT_SHOTS names a folder.
#  3. the other serial tests start servers whose answers are timed, measure memory, or
#     bound wall-clock time: alone, after the rest.
# Lint: ruff first (a second); mypy (about 50 s of CPU on a fresh clone) runs meanwhile at
# the lowest priority, taking only CPU the tests leave idle; its output comes at the end and
# its failure fails the target.
# The hub test's configurable-http-proxy (npm) installs in the background while the
# parallel part runs (it is network time, not CPU); the hub test skips, saying why, if it fails.
HUB_PROXY := deploy/jupyterhub/node_modules/.bin/configurable-http-proxy
HUB_TEST := tests/security/test_sec_jupyterhub.py
# Bytecode: this machine's environment (and so CI's) sets PYTHONDONTWRITEBYTECODE=1, and the
# venv is installed --no-compile, so every process the tests start (pytest's workers, each
# kernel, each server, each CLI) compiled every module it imported from source, and each
# worker rewrote every test module's asserts again. Here the first process to import a
# module writes its bytecode to $(VENV)/pycache (outside the tree; make clean removes it)
# and the others read it: tests/notebooks + two install files 111 s -> 79 s of CPU from a
# cold cache (-n 2, load ~8); the iri grammar's server starts 6.6 s -> 4.8 s warm (two
# alternating pairs). A module compiled once costs ~2.5 s more for that set, once.
test: export PYTHONDONTWRITEBYTECODE :=
test: export PYTHONPYCACHEPREFIX := $(abspath $(VENV))/pycache
test: $(STAMP) chromium
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	@status=0; \
	mypy_log=$$(mktemp); nice -n 19 $(VENV)/bin/mypy > $$mypy_log 2>&1 & mypy_pid=$$!; \
	if [ ! -x $(HUB_PROXY) ] && command -v npm >/dev/null; then \
	  (cd deploy/jupyterhub && npm install --no-audit --no-fund --loglevel=error) \
	    > $(VENV)/npm-proxy.log 2>&1 & npm_pid=$$!; fi; \
	$(PY) -m pytest -n 2 --dist loadfile --no-loadscope-reorder -m "not serial" || status=1; \
	[ -z "$${npm_pid:-}" ] || wait $$npm_pid || echo "note: npm install of the hub proxy failed ($(VENV)/npm-proxy.log)"; \
	$(PY) -m pytest -n 2 --dist loadfile --no-loadscope-reorder --durations=10 -m serial tests/browser $(HUB_TEST) || status=1; \
	$(PY) -m pytest --durations=15 -m serial --ignore=tests/browser --ignore=$(HUB_TEST) || status=1; \
	echo "$(VENV)/bin/mypy (run alongside the tests):"; \
	wait $$mypy_pid || status=1; cat $$mypy_log; rm -f $$mypy_log; \
	exit $$status

bench: $(STAMP) chromium
	$(PY) -m benchmarks

# make docs: run every notebook of examples/ and notebooks/ (not the Voilà app) and write
# self-contained, phone-readable pages to docs/html/ (generated, not committed).
docs: $(STAMP)
	$(PY) tools/render_docs.py --out docs/html

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis
