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

$(STAMP): pyproject.toml constraints.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -c constraints.txt -e ".[dev]"
	touch $(STAMP)

# Debian's chromium for the browser tests (Playwright cannot download browsers here).
chromium:
	@if [ ! -x /usr/bin/chromium ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q \
	      --no-install-recommends chromium fonts-dejavu-core; \
	  else echo "note: /usr/bin/chromium missing and not root: browser tests will be skipped"; fi; \
	fi

# make dashboard [HOST=127.0.0.1] [PORT=8866] [TOKEN=secret]: serve notebooks/dashboard.ipynb
# with Voilà through widgets/serve/ (validated websocket frames, no tracebacks sent, bounded kernels:
# see SECURITY.md). Set on the command line (the environment's HOST is ignored). A TOKEN is
# required when HOST is not loopback; open the printed URL (it carries ?token=...).
# POOL preheated kernels wait for visitors (10: ten GMs opening at once each get one; the
# pool refills one kernel at a time once the burst is served, widgets/serve/pool.py; ~120 MiB each);
# past SESSIONS kernels in use a visitor gets a "busy, try again" page; an idle tab's kernel
# is culled after IDLE seconds.
HOST := 127.0.0.1
PORT := 8866
TOKEN :=
POOL := 10
SESSIONS := 12
IDLE := 600
dashboard: $(STAMP)
	@case "$(HOST)" in 127.*|localhost|::1) ;; *) [ -n "$(TOKEN)" ] || \
	  { echo "HOST=$(HOST) is not loopback: add TOKEN=<secret>"; exit 2; } ;; esac
	@echo "rolkit dashboard: http://$(HOST):$(PORT)/$(if $(TOKEN),?token=$(TOKEN))  (Ctrl-C stops it)"
	$(PY) -m widgets.serve notebooks/dashboard.ipynb --no-browser --Voila.ip=$(HOST) --port=$(PORT) \
	  $(if $(TOKEN),--token=$(TOKEN)) --preheat_kernel=True --pool_size=$(POOL) \
	  --BoundedKernelManager.max_sessions=$(SESSIONS) \
	  --MappingKernelManager.cull_idle_timeout=$(IDLE) --MappingKernelManager.cull_interval=60

lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy

format: $(STAMP)
	$(VENV)/bin/ruff format .
	$(VENV)/bin/ruff check --fix .

# The unit, property and widget tests are CPU-bound and independent: two workers, one file
# each at a time. The browser, server and notebook tests start servers and kernels of their
# own and measure time and memory: they run after, alone. Both parts always run.
SERIAL_TESTS := tests/browser tests/security tests/notebooks
test: $(STAMP) chromium lint
	@status=0; \
	$(PY) -m pytest -n 2 --dist loadfile $(addprefix --ignore=,$(SERIAL_TESTS)) || status=1; \
	$(PY) -m pytest $(SERIAL_TESTS) || status=1; \
	exit $$status

bench: $(STAMP) chromium
	$(PY) -m benchmarks

# make docs: run every notebook of examples/ and notebooks/ (not the Voilà app) and write
# self-contained, phone-readable pages to docs/html/ (generated, not committed).
docs: $(STAMP)
	$(PY) tools/render_docs.py --out docs/html

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis
