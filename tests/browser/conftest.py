"""Browser fixtures: Voilà on a free loopback port, Playwright with Debian's chromium, and
every request that is not to 127.0.0.1 aborted (nothing leaves the machine).

The servers use the same flags as ``make dashboard`` plus a pool of two preheated kernels
(a test that reloads finds a kernel ready); they are shared by every module of the browser
suite (no test needs a fresh one: each opens its own page, hence its own kernel) and
stopped with SIGTERM by PID at the end of the session. Everything skips cleanly when
/usr/bin/chromium is absent.
"""

from pathlib import Path

import pytest

from tests.harness import CHROMIUM, CHROMIUM_ARGS, VoilaServer, local_only

ROOT = Path(__file__).resolve().parents[2]
POOL = 2  # preheated kernels per server


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


def _serve(notebook, tmp_path_factory):
    _need_chromium()
    server = VoilaServer(
        notebook, tmp_path_factory.mktemp("voila") / f"{notebook.stem}.log", pool_size=POOL
    )
    try:
        server.wait_ready()
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
    server = _serve(Path(__file__).parent / "sample_dashboard.ipynb", tmp_path_factory)
    yield server
    server.stop()
