"""The built wheel, installed into a fresh venv, serves the dashboard from there.

One module-scoped fixture builds the wheel from a copy of this tree (``pip wheel --no-deps
--no-build-isolation``: offline, with the venv's setuptools), creates a fresh venv, makes
the dependencies importable through a ``.pth`` line pointing at this venv's site-packages
(a plain path line: that folder's own ``.pth`` files, such as the editable install of the
checkout, are not run) and ``JUPYTER_PATH`` at its data files, and installs the wheel with
``--no-deps --no-index``. Every process of the fresh venv runs in an empty folder without
``PYTHONPATH``: nothing can come from the checkout. Then ``rolkit dashboard`` (the console script) serves with one preheated kernel:

* the wheel holds ``rolkit/``, ``widgets/`` (with the two notebooks) and its dist-info only;
* building it prints no setuptools deprecation banner;
* ``rolkit`` and ``widgets`` import from the fresh venv's site-packages;
* the URL line is printed when the page loads: Chromium opens it the moment it appears and
  gets its 200 at once (the old ``make dashboard`` echoed it before the server even
  started); the dashboard renders, its kernel being the fresh venv's;
* the server's output has no per-visitor noise ("not trusted", "without encryption").
"""

from __future__ import annotations

import os
import queue
import re
import shutil
import signal
import site
import subprocess
import sys
import threading
import time
import urllib.request
import zipfile
from importlib.metadata import version
from pathlib import Path

import psutil
import pytest
from packaging.version import Version

from tests.harness import CHROMIUM, CHROMIUM_ARGS, free_port, local_only

pytestmark = pytest.mark.serial  # builds, installs and serves (one module fixture), timed

ROOT = Path(__file__).resolve().parents[2]
URL_LINE = re.compile(r"rolkit dashboard: (http://127\.0\.0\.1:\d+/\S*)")
NOISE = re.compile(r"not trusted|without encryption|websocket_ping_timeout|Traceback", re.I)
IGNORED = shutil.ignore_patterns(
    ".venv", ".git", "build", "dist", "*.egg-info", "__pycache__", ".*_cache", ".hypothesis",
    "docs", "node_modules", "state", "test-results",
)  # fmt: skip


def _clean_env(tmp: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env.update(
        ROLKIT_LOG=str(tmp / "rolkit.log"),
        ROLKIT_LOG_DIR=str(tmp / "logs"),
        XDG_DATA_HOME=str(tmp / "data"),
        JUPYTER_RUNTIME_DIR=str(tmp / "runtime"),
        PYTHONDONTWRITEBYTECODE="1",
        # the dependencies' data files (Voilà's templates, the widgets' front end), which a
        # real install puts under the fresh venv's own share/jupyter
        JUPYTER_PATH=str(Path(sys.prefix) / "share" / "jupyter"),
    )
    return env


class Installed:
    """The wheel built, a fresh venv with it installed, the build's output."""

    def __init__(self, tmp: Path):
        if Version(version("setuptools")) < Version("77"):
            pytest.fail("this venv's setuptools is older than 77 (SPDX license): run make")
        self.tmp = tmp
        src = tmp / "src"
        shutil.copytree(ROOT, src, symlinks=True, ignore=IGNORED)
        wheels = tmp / "wheels"
        build = subprocess.run(
            [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation"]
            + ["--disable-pip-version-check", "-w", str(wheels), str(src)],
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert build.returncode == 0, build.stdout + build.stderr
        self.build_output = build.stdout + build.stderr
        (self.wheel,) = wheels.glob("rolkit-*.whl")
        self.venv = tmp / "venv"
        subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(self.venv)], check=True)
        self.python = self.venv / "bin" / "python"
        self.site = Path(self.run_py("import sysconfig; print(sysconfig.get_path('purelib'))"))
        (self.site / "_rolkit_test_deps.pth").write_text("\n".join(site.getsitepackages()) + "\n")
        install = subprocess.run(
            [sys.executable, "-m", "pip", "--python", str(self.python), "install"]
            + ["--no-deps", "--no-index", "--disable-pip-version-check", str(self.wheel)],
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert install.returncode == 0, install.stdout + install.stderr
        self.cwd = tmp / "empty"
        self.cwd.mkdir()
        self.env = _clean_env(tmp)

    def run_py(self, code: str) -> str:
        out = subprocess.run(
            [str(self.python), "-c", code],
            capture_output=True,
            text=True,
            cwd=self.tmp,
            env=_clean_env(self.tmp),
            timeout=120,
        )
        assert out.returncode == 0, out.stderr
        return out.stdout.strip()


class Dashboard:
    """``rolkit dashboard`` of the fresh venv on a free port, one preheated kernel; its
    stdout read line by line in a thread, its stderr to a file."""

    def __init__(self, installed: Installed):
        self.port = free_port()
        self.bin = installed.venv / "bin"
        self.visited = False  # a page was loaded
        self.lines: queue.Queue[str] = queue.Queue()
        self.stdout: list[str] = []
        self.stderr_path = installed.tmp / "dashboard.stderr"
        self._stderr = open(self.stderr_path, "wb")  # noqa: SIM115 - closed in stop()
        self.proc = subprocess.Popen(
            [str(installed.venv / "bin" / "rolkit"), "dashboard", "--port", str(self.port)]
            + ["--pool", "1", "--sessions", "3"],
            cwd=installed.cwd,
            env=installed.env,
            stdout=subprocess.PIPE,
            stderr=self._stderr,
            text=True,
            start_new_session=True,
        )
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.stdout.append(line)
            self.lines.put(line)

    def wait_url(self, timeout: float = 240) -> str:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            try:
                line = self.lines.get(timeout=1)
            except queue.Empty:
                assert self.proc.poll() is None, self.output()
                continue
            if match := URL_LINE.search(line):
                return match.group(1)
        raise TimeoutError(self.output())

    def output(self) -> str:
        return "".join(self.stdout) + self.stderr_path.read_text(errors="replace")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(timeout=5)
        self._stderr.close()


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    return Installed(tmp_path_factory.mktemp("install"))


@pytest.fixture(scope="module")
def served(installed):
    """The dashboard and the URL it printed."""
    dash = Dashboard(installed)
    try:
        yield dash, dash.wait_url()
    finally:
        dash.stop()


def test_wheel_holds_rolkit_and_widgets_only(installed):
    names = zipfile.ZipFile(installed.wheel).namelist()
    top = {name.split("/")[0] for name in names}
    assert top == {"rolkit", "widgets", "rolkit-0.1.0.dist-info"}, top
    assert {"widgets/notebooks/dashboard.ipynb", "widgets/notebooks/gm_reference.ipynb"} <= set(
        names
    )
    assert not [n for n in names if re.search(r"(^|/)(tests?|benchmarks|tools|serve)/", n)
                and not n.startswith("widgets/serve/")]  # fmt: skip
    entry_points = zipfile.ZipFile(installed.wheel).read("rolkit-0.1.0.dist-info/entry_points.txt")
    assert b"rolkit = widgets.serve.cli:main" in entry_points


def test_build_prints_no_setuptools_deprecation(installed):
    out = installed.build_output
    assert not re.search(r"deprecat|!!|SetuptoolsWarning", out, re.IGNORECASE), out


def test_imports_come_from_the_fresh_venv(installed):
    paths = installed.run_py(
        "import rolkit, widgets, widgets.serve.cli as c; "
        "print(rolkit.__file__); print(widgets.__file__); print(c.notebook_path())"
    ).splitlines()
    for path in paths:
        assert Path(path).is_relative_to(installed.site), (path, installed.site)
    assert Path(paths[2]).name == "dashboard.ipynb"
    help_text = subprocess.run(
        [str(installed.venv / "bin" / "rolkit"), "dashboard", "--help"],
        capture_output=True,
        text=True,
        cwd=installed.cwd,
        env=installed.env,
        timeout=120,
    )
    assert help_text.returncode == 0 and "--token" in help_text.stdout, help_text.stderr
    module = subprocess.run(
        [str(installed.python), "-m", "rolkit", "--help"],
        capture_output=True,
        text=True,
        cwd=installed.cwd,
        env=installed.env,
        timeout=120,
    )
    assert module.returncode == 0 and "dashboard" in module.stdout, module.stderr


def _first_visit_in_chromium(playwright, dash: Dashboard, url: str) -> float:
    """Chromium opens ``url``: the seconds its GET took to answer 200 with the whole page,
    after checking the dashboard renders and its kernel is the fresh venv's."""
    browser = playwright.chromium.launch(
        executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True
    )
    try:
        page = browser.new_page()
        page.context.route("**/*", local_only)
        page.set_default_timeout(120000)
        start = time.monotonic()
        response = page.goto(url, wait_until="commit")
        assert response is not None and response.status == 200, response
        response.finished()  # Voilà sends the page's head at once, the rest when it is ready
        seconds = time.monotonic() - start
        page.wait_for_selector("table.rolkit-odds", state="visible")
        page.get_by_role("button", name=re.compile("Tirar")).first.wait_for()
        kernels = [
            child
            for child in psutil.Process(dash.proc.pid).children(recursive=True)
            if "ipykernel_launcher" in " ".join(child.cmdline())
        ]
        assert kernels, "no kernel process"
        assert all(Path(k.cmdline()[0]).parent == dash.bin for k in kernels)
        page.goto("about:blank")
    finally:
        browser.close()
    return seconds


def _first_visit_by_get(url: str) -> float:
    start = time.monotonic()
    with urllib.request.urlopen(url, timeout=30) as reply:  # noqa: S310 - loopback
        status, body = reply.status, reply.read().decode("utf-8", "replace")
    assert status == 200
    assert "application/vnd.jupyter.widget-view+json" in body  # the pre-rendered dashboard
    return time.monotonic() - start


@pytest.mark.browser
def test_url_is_printed_when_the_page_loads_and_it_renders(served, request):
    """The first visitor opens the URL as soon as it is printed (Chromium, else a plain GET
    if Debian's chromium is absent): 200 at once, and the dashboard renders."""
    dash, url = served
    if CHROMIUM.exists():
        seconds = _first_visit_in_chromium(request.getfixturevalue("playwright"), dash, url)
    else:
        seconds = _first_visit_by_get(url)
    dash.visited = True
    assert seconds < 10, f"printed too early: the page took {seconds:.1f} s to answer"


def test_a_served_session_prints_no_per_visitor_noise(served):
    dash, url = served
    if not dash.visited:  # run alone: one page load first
        _first_visit_by_get(url)
    time.sleep(1)  # the page's last requests are logged
    output = dash.output()
    assert not NOISE.search(output), output[-3000:]
    assert dash.proc.poll() is None, output[-3000:]
