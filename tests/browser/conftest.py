"""Browser fixtures: Voilà on a free loopback port, Playwright with Debian's chromium, and
every request that is not to 127.0.0.1 aborted (nothing leaves the machine).

The servers use the same flags as ``make dashboard`` with a pool of one preheated kernel:
each page load takes one kernel and Voilà starts its successor, so every kernel still in
the pool when the session ends was CPU spent for nothing (~5 s a sample kernel, ~9 s a
dashboard one, per worker): a pool of one keeps the preheated path tested and wastes one
kernel per server (a page loaded before the refill is ready waits for it: the timeouts are
generous); a server is handed to the tests once its pool is preheated. They are shared by
every module of the browser suite run by one worker (no test needs a fresh one: each opens
its own page, hence its own kernel) and stopped with SIGTERM by PID at the end of the
session. Their kernels' data folder (``server.data_dir``) is the run's private one
(tests/conftest.py), shared by the worker's tests: the roster and fight-table tests read
what they write there, no server of their own (each start cost a dashboard kernel or two).
``make test`` runs this folder on two workers, one file each at a time: a file needing a
server of its own starts it on a free port, and no test here may bound wall-clock time (those go with the serial tests run alone). Everything
skips cleanly when /usr/bin/chromium is absent.
"""

from pathlib import Path

import pytest

from tests.harness import CHROMIUM, CHROMIUM_ARGS, VoilaServer, local_only

ROOT = Path(__file__).resolve().parents[2]
POOL = 1  # preheated kernels of the dashboard server (each imports every system)
SAMPLE_POOL = 1  # of the sample server (the link test's four loads wait for the refill)


def _need_chromium():
    if not CHROMIUM.exists():
        pytest.skip(f"{CHROMIUM} is absent (make chromium installs it as root)")


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    _need_chromium()
    return {
        **browser_type_launch_args,
        "executable_path": str(CHROMIUM),
        "args": CHROMIUM_ARGS,
        "headless": True,
    }


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {**browser_context_args, "viewport": {"width": 1400, "height": 1000}}


@pytest.fixture
def local_page(page):
    page.context.route("**/*", local_only)
    page.set_default_timeout(90000)  # generous: other suites may load the 2 cores
    return page


def _serve(notebook, tmp_path_factory, pool=POOL):
    _need_chromium()
    server = VoilaServer(
        notebook, tmp_path_factory.mktemp("voila") / f"{notebook.stem}.log", pool_size=pool
    )
    try:
        server.wait_ready()
        server.wait_preheated()
    except Exception:
        server.stop()
        raise
    return server


@pytest.fixture(scope="session")
def dashboard_server(tmp_path_factory):
    server = _serve(ROOT / "notebooks" / "dashboard.ipynb", tmp_path_factory)
    yield server
    server.stop()


@pytest.fixture(scope="session")
def sample_server(tmp_path_factory):
    server = _serve(
        Path(__file__).parent / "sample_dashboard.ipynb", tmp_path_factory, pool=SAMPLE_POOL
    )
    yield server
    server.stop()
