"""Helpers to serve a notebook with Voilà on loopback and drive it with Playwright and
Debian's chromium: used by tests/browser, tests/security, tests/install and benchmarks/.

A test harness, so it lives with the tests (not in the ``widgets`` package). Servers bind 127.0.0.1 only, are
started in their own session and stopped with SIGTERM by PID; pages abort every request
that is not to 127.0.0.1.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

__all__ = [
    "CHROMIUM",
    "CHROMIUM_ARGS",
    "VoilaServer",
    "LabServer",
    "free_port",
    "voila_command",
    "server_entry",
    "local_only",
    "launch_chromium",
    "set_number",
    "wait_table_change",
    "odds_text",
    "KernelWatch",
    "SHOTS",
    "shoot",
]


#: JavaScript helpers for colour checks in a page (start of a function body): ``rgb(css)``
#: the numbers of a CSS colour, ``lum(rgb)`` its WCAG relative luminance, ``bg(element)``
#: the first opaque background at or above the element (white when none).
COLOUR_JS = """\
  const rgb = s => (s.match(/[\\d.]+/g) || []).map(Number);
  const lum = c => { const v = c.slice(0, 3).map(x => { x /= 255;
      return x <= 0.03928 ? x / 12.92 : Math.pow((x + 0.055) / 1.055, 2.4); });
      return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2]; };
  const bg = e => { for (; e; e = e.parentElement) { const c = rgb(getComputedStyle(e)
      .backgroundColor); if (c.length >= 3 && (c.length < 4 || c[3] > 0.5)) return c; }
      return [255, 255, 255]; };
"""

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def server_entry(entry: str) -> list[str]:
    """The command of a console script (``entry`` is its ``module:function``, e.g. Voilà's
    ``voila.app:main``) that first keeps ``rfc3987_syntax`` out of the server's process, as
    ``rolkit dashboard`` does (:func:`widgets.voila_query.keep_out_iri_grammar`: ~2 s of
    CPU less per server start, nothing checked less). Needs this tree on PYTHONPATH."""
    module, function = entry.split(":")
    code = (
        "import sys; from widgets.voila_query import keep_out_iri_grammar; "
        f"keep_out_iri_grammar(); from {module} import {function}; sys.exit({function}())"
    )
    return [sys.executable, "-c", code]


#: where the browser tests save screenshots, to look at (``$ROLKIT_SHOTS``, outside the
#: tree); unset (as in ``make test``): none is taken, each costs a render and a PNG encode
SHOTS = Path(os.environ["ROLKIT_SHOTS"]) if os.environ.get("ROLKIT_SHOTS") else None


def shoot(target: Any, name: str, **options: Any) -> None:
    """Screenshot ``target`` (a page or a locator) as ``$ROLKIT_SHOTS/name.png``, if set."""
    if SHOTS is not None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        target.screenshot(path=str(SHOTS / f"{name}.png"), **options)


def local_only(route):
    """Abort every request that is not to the loopback server."""
    url = route.request.url
    if url.startswith(("http://127.0.0.1:", "ws://127.0.0.1:")):
        route.continue_()
    else:
        route.abort()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def voila_command(notebook: Path, port: int, pool_size: int | None = None) -> list[str]:
    """The ``make dashboard`` command line, on ``port`` (``pool_size`` preheated kernels:
    Voilà's default, one, when None)."""
    pool = [f"--pool_size={pool_size}"] if pool_size is not None else []
    return [
        *server_entry("voila.app:main"),  # the `voila` script, rfc3987_syntax kept out
        str(notebook),
        "--no-browser",
        "--Voila.ip=127.0.0.1",
        f"--port={port}",
        "--preheat_kernel=True",
        "--MappingKernelManager.cull_idle_timeout=600",
        "--MappingKernelManager.cull_interval=60",
        *pool,
    ]


def _data_dir(env: dict[str, str]) -> Path | None:
    """The data folder a server's kernels use (``ROLKIT_DATA_DIR`` of its environment)."""
    return Path(env["ROLKIT_DATA_DIR"]) if env.get("ROLKIT_DATA_DIR") else None


class VoilaServer:
    """A Voilà process on 127.0.0.1; ``url`` is its base address, ``data_dir`` its kernels'
    data folder (the rosters and the table files land there; None: the user's own)."""

    def __init__(
        self, notebook: Path, log_path: Path, port: int | None = None, pool_size: int | None = None
    ):
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self.log_path = log_path
        self._log = open(log_path, "wb")  # noqa: SIM115 - closed in stop()
        root = str(Path(__file__).resolve().parents[1])  # this tree's rolkit and widgets
        path = os.pathsep.join(p for p in (root, os.environ.get("PYTHONPATH", "")) if p)
        env = {
            **os.environ,
            "ROLKIT_LOG": str(log_path.with_suffix(".rolkit.log")),
            "PYTHONPATH": path,
        }
        self.data_dir = _data_dir(env)
        self.proc = subprocess.Popen(
            voila_command(notebook, self.port, pool_size),
            cwd=notebook.parent,
            stdout=self._log,
            stderr=subprocess.STDOUT,
            env=env,
            start_new_session=True,
        )

    def wait_ready(self, timeout: float = 90) -> float:
        start = time.perf_counter()
        while time.perf_counter() - start < timeout:
            if self.proc.poll() is not None:
                raise RuntimeError(f"voila exited: {self.log_path.read_text()[-2000:]}")
            try:
                with urllib.request.urlopen(self.url + "voila/static/", timeout=2):
                    return time.perf_counter() - start
            except urllib.error.HTTPError:  # listening: a 403/404 is an answer
                return time.perf_counter() - start
            except OSError:
                time.sleep(0.2)
        raise TimeoutError(f"voila not ready in {timeout}s: {self.log_path.read_text()[-2000:]}")

    def cpu_seconds(self) -> float:
        """CPU time used so far by the server's children (its kernels), from /proc."""
        total = 0.0
        tick = os.sysconf("SC_CLK_TCK")
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == self.proc.pid:  # ppid
                total += (int(fields[11]) + int(fields[12])) / tick
        return total

    def wait_idle(self, window: float = 1.0, timeout: float = 120) -> None:
        """Wait until the kernels stop using CPU (a preheated kernel has run its notebook)."""
        end = time.perf_counter() + timeout
        before = self.cpu_seconds()
        while time.perf_counter() < end:
            time.sleep(window)
            now = self.cpu_seconds()
            if now - before < 0.02 * window:
                return
            before = now

    def wait_preheated(self, timeout: float = 120) -> None:
        """Wait until Voilà says its pool is filled (every preheated kernel started) and the
        kernels have stopped using CPU (each has run its notebook), at most ``timeout``
        seconds in all, then return either way: a first page then waits only for its own
        render, not for a whole pool being preheated at once on a loaded machine (the page's
        load timeout counted that time)."""
        end = time.perf_counter() + timeout
        while b"is filled with" not in self.log_path.read_bytes():
            if self.proc.poll() is not None or time.perf_counter() > end:
                return
            time.sleep(0.3)
        self.wait_idle(window=1.5, timeout=max(0.0, end - time.perf_counter()))

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)  # its own session: only its kernels
                self.proc.wait(timeout=5)
        self._log.close()


class LabServer(VoilaServer):
    """JupyterLab on 127.0.0.1 (no token, this tree on the kernels' path) with the theme
    ``theme`` and the app exposed as ``window.jupyterapp`` (to run every cell)."""

    def __init__(self, root: Path, settings: Path, log_path: Path, theme: str = "JupyterLab Dark"):
        themes = settings / "@jupyterlab" / "apputils-extension"
        themes.mkdir(parents=True, exist_ok=True)
        (themes / "themes.jupyterlab-settings").write_text(json.dumps({"theme": theme}))
        news = settings / "@jupyterlab" / "apputils-extension" / "notification.jupyterlab-settings"
        news.write_text(json.dumps({"fetchNews": "false", "checkForUpdates": False}))
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self.log_path = log_path
        self._log = open(log_path, "wb")  # noqa: SIM115 - closed in stop()
        tree = str(Path(__file__).resolve().parents[1])
        env = {
            **os.environ,
            "ROLKIT_LOG": str(log_path.with_suffix(".rolkit.log")),
            "PYTHONPATH": os.pathsep.join(p for p in (tree, os.environ.get("PYTHONPATH")) if p),
            "JUPYTER_CONFIG_DIR": str(settings.parent / "config"),
        }
        self.data_dir = _data_dir(env)
        self.proc = subprocess.Popen(
            [
                *server_entry("jupyterlab.labapp:main"),  # the `jupyter-lab` script
                "--no-browser",
                "--ServerApp.ip=127.0.0.1",
                f"--ServerApp.port={self.port}",
                "--IdentityProvider.token=",
                "--ServerApp.password=",
                "--ServerApp.disable_check_xsrf=True",
                f"--ServerApp.root_dir={root}",
                f"--LabApp.user_settings_dir={settings}",
                f"--LabApp.workspaces_dir={settings.parent / 'workspaces'}",
                "--LabApp.expose_app_in_browser=True",
                "--LabApp.news_url=",
                *(["--allow-root"] if os.geteuid() == 0 else []),
            ],
            cwd=root,
            stdout=self._log,
            stderr=subprocess.STDOUT,
            env=env,
            start_new_session=True,
        )

    def wait_ready(self, timeout: float = 120) -> float:
        start = time.perf_counter()
        while time.perf_counter() - start < timeout:
            if self.proc.poll() is not None:
                raise RuntimeError(f"jupyter lab exited: {self.log_path.read_text()[-2000:]}")
            try:
                with urllib.request.urlopen(self.url + "api/status", timeout=2):
                    return time.perf_counter() - start
            except urllib.error.HTTPError:
                return time.perf_counter() - start
            except OSError:
                time.sleep(0.3)
        raise TimeoutError(f"jupyter lab not ready in {timeout}s")


def launch_chromium(playwright: Any) -> Any:
    """Debian's chromium, headless, with the flags known to work here."""
    return playwright.chromium.launch(
        executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True
    )


def field_locator(page: Any, role: str, name: str) -> Any:
    """The row of field ``name`` in the form ``role`` (top level first)."""
    return page.locator(f".rolkit-section-{role} .rolkit-field-{name}").first


def set_number(page: Any, role: str, name: str, value: int) -> None:
    """Put ``value`` in an int field's number box (beside its slider, if any) as one edit
    (a paste: one input event, no intermediate values), then Enter."""
    row = field_locator(page, role, name)
    box = row.locator(".rolkit-number input")
    target = box.first if box.count() else row.locator("input").first
    target.fill(str(value))
    target.press("Enter")


def odds_text(page: Any) -> str:
    return page.inner_text("table.rolkit-odds")


def wait_table_change(page: Any, old: str, timeout: float = 15000) -> None:
    """Wait until the odds table's text differs from ``old``."""
    page.wait_for_function(
        """old => { const t = document.querySelector('table.rolkit-odds');
                    return t !== null && t.innerText !== old; }""",
        arg=old,
        timeout=timeout,
    )


def _kernel_message(payload: bytes | str) -> tuple[str, dict, dict, dict] | None:
    """``(channel, header, parent_header, content)`` of a kernel websocket frame, in the v1
    binary protocol or the older JSON text one; None for anything else."""
    try:
        if isinstance(payload, str):
            msg = json.loads(payload)
            return msg["channel"], msg["header"], msg["parent_header"], msg["content"]
        from widgets.serve.frames import split_v1_frame

        channel, parts = split_v1_frame(payload)
        header, parent, _, content = (json.loads(p or b"{}") for p in parts[:4])
        return channel, header, parent, content
    except Exception:  # noqa: BLE001 - not a kernel message: not ours to read
        return None


#: (JavaScript) the time of the page's last DOM change, kept by one observer per page
LAST_CHANGE_JS = """() => { if (!window.__rkChanged) { window.__rkChanged = performance.now();
  new MutationObserver(() => { window.__rkChanged = performance.now(); }).observe(document,
    {subtree: true, childList: true, attributes: true, characterData: true}); } }"""
#: (JavaScript) whether the page's DOM has not changed for ``ms`` milliseconds
QUIET_JS = "ms => performance.now() - window.__rkChanged >= ms"


class KernelWatch:
    """What a page's kernel still owes it: every request the page sends on the shell
    channel (a widget's change, a click) is pending until the kernel publishes its «idle»
    status for it (iopub, by parent msg_id), i.e. until the handler, and everything it
    sent back, is done. Watch before ``page.goto`` (it reads the page's websockets)."""

    def __init__(self, page: Any):
        self.page = page
        self.pending: set[str] = set()
        self.requests = 0
        page.on("websocket", self._attach)

    def _attach(self, ws: Any) -> None:
        if "/api/kernels/" in ws.url:
            ws.on("framesent", self._sent)
            ws.on("framereceived", self._received)

    def _sent(self, payload: bytes | str) -> None:
        msg = _kernel_message(payload)
        if msg is not None and msg[0] == "shell" and "msg_id" in msg[1]:
            self.pending.add(msg[1]["msg_id"])
            self.requests += 1

    def _received(self, payload: bytes | str) -> None:
        msg = _kernel_message(payload)
        if msg is not None and msg[0] == "iopub" and msg[3].get("execution_state") == "idle":
            self.pending.discard(msg[2].get("msg_id", ""))  # no parent id: none of ours

    def settle(self, quiet_ms: int = 200, timeout: float = 120) -> None:
        """Wait until the kernel has answered every request the page sent and the page's
        DOM has then been still for ``quiet_ms`` (what came back is rendered; a request
        sent meanwhile is seen, and waited for, too)."""
        end = time.monotonic() + timeout
        self.page.evaluate(LAST_CHANGE_JS)
        while True:
            while self.pending:
                if time.monotonic() > end:
                    raise TimeoutError(f"the kernel never finished {len(self.pending)} requests")
                self.page.wait_for_timeout(50)
            left = max(1.0, end - time.monotonic()) * 1000
            self.page.wait_for_function(QUIET_JS, arg=quiet_ms, polling=50, timeout=left)
            if not self.pending:
                return
