"""Load: time to interactive and memory per session, 1 visitor and 10 at once.

The dashboard is served by ``python -m widgets.serve`` (what ``make dashboard`` runs) with Voilà's
kernel pool preheated to :data:`POOL` kernels, so ten game masters opening the page at the
same moment each get a kernel that has already run the notebook. Chromium (Playwright)
opens the pages; no request leaves 127.0.0.1 (chromium resolves no other host and uses a
dead loopback proxy for anything else).

* time to interactive in Chromium: ``goto`` → Tirar and the odds table on screen, for one
  visitor and for :data:`AT_ONCE` visitors opening the page at the same moment (one
  Chromium, one context each: separate cookies, as separate people), side by side. The ten
  browsers run on the server's 2 cores too, so this is what ten GMs on their own machines
  would see, plus the cost of rendering ten pages here. Target: each ≤ 10 s.
* server-side time to interactive, ten at once: the page's HTML in full, its kernel socket
  open and every widget's state received (what the server owes each visitor, without a
  browser's CPU on these cores).
* memory per session: private memory (USS) of each kernel process in use, median.
* where the time goes: CPU seconds of the server process, its kernels and the Chromium
  processes over each burst (:class:`CpuSplit`), and the floor: the same ten browsers on a
  one-slider Voilà page (``benchmarks/bare_slider.ipynb``), served the same way.
* correctness under load: the :data:`AT_ONCE` Chromium pages each set the main field to one
  of two values and read their odds table; pages with the same value must show the same
  table, the two values different tables (independent sessions, no cross-talk).
"""

from __future__ import annotations

import json
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
import uuid
from pathlib import Path
from typing import Any

import psutil

import rolkit
import rolkit.fields
from tests.harness import CHROMIUM, CHROMIUM_ARGS, free_port, odds_text, set_number

ROOT = Path(__file__).resolve().parents[1]
DASHBOARD = ROOT / "notebooks" / "dashboard.ipynb"
#: one ipywidgets slider in Voilà: what any Voilà page costs a browser (the floor)
BARE = ROOT / "benchmarks" / "bare_slider.ipynb"
BARE_READY = [".widget-slider"]
POOL = int(os.environ.get("ROLKIT_BENCH_POOL", "10"))
AT_ONCE = int(os.environ.get("ROLKIT_BENCH_AT_ONCE", "10"))
#: seconds without a visitor before the pool refills, one kernel at a time (widgets.serve.pool; serve's
#: default when unset)
REFILL_QUIET = os.environ.get("ROLKIT_BENCH_REFILL_QUIET", "")
READY = [".rolkit-roll-button", "table.rolkit-odds"]
OFFLINE = [
    "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
    "--proxy-server=http://127.0.0.1:9",
]
# ten tabs of one browser: none may be throttled as a background tab (ten GMs, ten screens)
FOREGROUND = [
    "--disable-background-timer-throttling",
    "--disable-renderer-backgrounding",
    "--disable-backgrounding-occluded-windows",
]
NAN = float("nan")


class _Server:
    def __init__(self, log: Path, notebook: Path = DASHBOARD):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self.log = log
        self._out = open(log, "wb")  # noqa: SIM115 - closed in stop()
        cmd = [
            sys.executable,
            "-m",
            "widgets.serve",
            str(notebook),
            "--no-browser",
            "--Voila.ip=127.0.0.1",
            f"--port={self.port}",
            "--preheat_kernel=True",
            f"--pool_size={POOL}",
            f"--BoundedKernelManager.max_sessions={2 * AT_ONCE + 2}",
            # the server-side visitors close their sockets: free their kernels before the
            # browsers come (the default 30 s grace only delays the bench)
            "--BoundedKernelManager.disconnected_timeout=3",
            "--BoundedKernelManager.sweep_interval=1",
            *([f"--SerialPoolRefill.refill_quiet={REFILL_QUIET}"] if REFILL_QUIET else []),
        ]
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        self.proc = subprocess.Popen(
            cmd,
            cwd=notebook.parent,
            stdout=self._out,
            stderr=subprocess.STDOUT,
            env=env,
            start_new_session=True,
        )

    def filled(self) -> int:
        return self.log.read_text(errors="replace").count("is filled with")

    def kernels(self) -> list[psutil.Process]:
        return psutil.Process(self.proc.pid).children()

    def wait_idle(self, fills: int = 1, timeout: float = 300) -> None:
        """Until the pool has been filled ``fills`` times and the kernels stop using CPU."""
        end = time.monotonic() + timeout
        while time.monotonic() < end and self.filled() < fills:
            time.sleep(0.5)
        before = sum(p.cpu_times().user for p in self.kernels())
        while time.monotonic() < end:
            time.sleep(1.5)
            now = sum(p.cpu_times().user for p in self.kernels())
            if len(self.kernels()) >= POOL and now - before < 0.05:
                return
            before = now

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(timeout=5)
        self._out.close()


def _cpu_by_pid(procs: list[psutil.Process]) -> dict[int, float]:
    out = {}
    for proc in procs:
        try:
            times = proc.cpu_times()
        except psutil.Error:  # gone
            continue
        out[proc.pid] = times.user + times.system
    return out


class CpuSplit:
    """CPU seconds spent, between :meth:`start` and :meth:`stop`, by the Voilà server
    process (serving the page, relaying frames), its kernels (the notebook's last steps,
    answering widget-state requests) and the Chromium processes (rendering the pages).
    A process that ended in between is not counted."""

    def __init__(self, server: _Server):
        self.server = server
        self.summary = "not measured"
        self.load = NAN  # the 1-minute load average when the burst started

    def _groups(self) -> dict[str, dict[int, float]]:
        me = psutil.Process()
        chromium = [p for p in me.children(recursive=True) if "chrom" in p.name().lower()]
        return {
            "server": _cpu_by_pid([psutil.Process(self.server.proc.pid)]),
            "kernels": _cpu_by_pid(self.server.kernels()),
            "chromium": _cpu_by_pid(chromium),
        }

    def start(self) -> None:
        self._before = self._groups()
        self.load = os.getloadavg()[0]
        self._wall = time.perf_counter()

    def stop(self) -> str:
        wall = time.perf_counter() - self._wall
        parts = []
        for name, now in self._groups().items():
            before = self._before[name]
            spent = sum(cpu - before.get(pid, 0.0) for pid, cpu in now.items())
            parts.append(f"{name} {spent:.1f} s")
        load = f"load average {self.load:.2f} before, {os.getloadavg()[0]:.2f} after"
        self.summary = f"CPU s over {wall:.1f} s wall: " + ", ".join(parts) + f" ({load})"
        return self.summary


def _open_at_once(
    browser, url: str, n: int, split: CpuSplit | None = None, ready_when: list[str] = READY
) -> tuple[list, list[float]]:
    # one context per visitor: separate cookies, as separate people
    pages = [
        browser.new_context(viewport={"width": 1400, "height": 1000}).new_page() for _ in range(n)
    ]
    if split is not None:
        split.start()
    start = time.perf_counter()
    for page in pages:
        page.goto(url, wait_until="commit", timeout=120000)
    ready: list[float | None] = [None] * n
    end = start + 120
    while None in ready and time.perf_counter() < end:
        for i, page in enumerate(pages):
            if ready[i] is None and all(page.locator(s).first.is_visible() for s in ready_when):
                ready[i] = time.perf_counter() - start
        time.sleep(0.2)
    if split is not None:
        print(f"  {n} page(s) until ready: {split.stop()}", flush=True)
    busy = sum("Ocupado" in p.content() for p in pages)
    if busy:
        print(f"  ({busy} page(s) got the busy page)", flush=True)
    return pages, [r if r is not None else NAN for r in ready]


def _v1(msg_type: str, content: dict, metadata: dict | None = None) -> bytes:
    from jupyter_client.session import Session
    from jupyter_server.services.kernels.connection.base import serialize_msg_to_ws_v1

    session = Session(key=b"")
    msg = session.msg(msg_type, content=content, metadata=metadata or {})
    parts = [session.pack(msg[k]) for k in ("header", "parent_header", "metadata", "content")]
    return serialize_msg_to_ws_v1(parts, "shell")


def _parts(frame: bytes | str) -> tuple[dict, dict]:
    if isinstance(frame, str):  # the v1 subprotocol asked for sends binary frames only
        raise TypeError("a text frame: not the v1 kernel websocket protocol")
    n = int.from_bytes(frame[:8], "little")
    offs = [int.from_bytes(frame[8 * (i + 1) : 8 * (i + 2)], "little") for i in range(n)]
    header, content = frame[offs[1] : offs[2]], frame[offs[4] : offs[5]]
    return json.loads(header), json.loads(content)


def _server_side_tti(url: str, port: int, bulk: bool = True) -> float:
    """GET the page (whole body), open its kernel socket, get every widget's state: the
    server's share of time to interactive, without a browser's CPU on these cores.

    ``bulk``: as the page's widget manager does (ipywidgets 8), one ``request_states`` on
    the ``jupyter.widget.control`` comm; else one ``request_state`` per widget comm (the
    older protocol's fallback: many more messages for the kernel and the server)."""
    from websockets.sync.client import connect
    from websockets.typing import Origin, Subprotocol

    start = time.perf_counter()
    with urllib.request.urlopen(url, timeout=120) as r:
        body = r.read().decode()
    found = re.search(r'"kernelId": "([0-9a-f-]{36})"', body)
    if found is None:
        raise RuntimeError(f"no kernel id in the page served at {url}")
    kernel_id = found.group(1)
    ws_url = f"ws://127.0.0.1:{port}/api/kernels/{kernel_id}/channels?session_id={uuid.uuid4()}"
    with connect(
        ws_url,
        subprotocols=[Subprotocol("v1.kernel.websocket.jupyter.org")],
        open_timeout=120,
        max_size=2**25,
        origin=Origin(f"http://127.0.0.1:{port}"),
    ) as ws:
        if bulk:
            control = str(uuid.uuid4())
            ws.send(
                _v1(
                    "comm_open",
                    {"comm_id": control, "target_name": "jupyter.widget.control", "data": {}},
                    {"version": "1.0.0"},  # the control protocol the page's manager speaks
                )
            )
            ws.send(_v1("comm_msg", {"comm_id": control, "data": {"method": "request_states"}}))
            while True:
                header, content = _parts(ws.recv(timeout=120))
                data = content.get("data", {}) if header["msg_type"] == "comm_msg" else {}
                if content.get("comm_id") == control and data.get("method") == "update_states":
                    assert data.get("states"), "no widget state"
                    break
            return time.perf_counter() - start
        ws.send(_v1("comm_info_request", {}))
        pending: set[str] | None = None
        while pending is None or pending:
            header, content = _parts(ws.recv(timeout=120))
            if header["msg_type"] == "comm_info_reply":
                pending = set(content["comms"])
                for comm_id in pending:
                    ws.send(
                        _v1("comm_msg", {"comm_id": comm_id, "data": {"method": "request_state"}})
                    )
            elif header["msg_type"] == "comm_msg" and pending is not None:
                pending.discard(content["comm_id"])
    return time.perf_counter() - start


def _server_side_at_once(
    url: str, port: int, n: int, split: CpuSplit | None = None, bulk: bool = True
) -> list[float]:
    out = [NAN] * n
    if split is not None:
        split.start()

    def one(i: int) -> None:
        try:
            out[i] = _server_side_tti(url, port, bulk)
        except Exception:  # noqa: BLE001 - reported as n/a
            out[i] = NAN

    threads = [threading.Thread(target=one, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=300)
    if split is not None:
        how = "one request_states" if bulk else "request_state per comm"
        print(f"  {n} server-side visitor(s), {how}: {split.stop()}", flush=True)
    return out


def _session_uss(server: _Server, n: int) -> float:
    """Median USS (MiB) of the n kernels most recently in use (the pool refills behind)."""
    sizes = sorted((p.memory_full_info().uss for p in server.kernels()), reverse=True)
    return statistics.median(sizes[:n]) / 2**20


def _stable_table(page, settle: float = 1.5, timeout: float = 120) -> str:
    """The odds table's text once it has not changed for ``settle`` seconds."""
    end = time.monotonic() + timeout
    last, since = odds_text(page), time.monotonic()
    while time.monotonic() < end:
        time.sleep(0.3)
        now = odds_text(page)
        if now != last:
            last, since = now, time.monotonic()
        elif time.monotonic() - since >= settle:
            break
    return last


SYSTEM = rolkit.systems.available()[0]


def _drive(pages) -> str:
    """Each page sets the main field to min or max (alternating) and reads its table."""
    system = rolkit.get_system(SYSTEM)
    assert system.grid_axes is not None, f"{SYSTEM} declares grid_axes"
    role, name = system.grid_axes[0]
    spec = dict(rolkit.fields.describe(system.forms[role]))[name]
    assert spec.min is not None and spec.max is not None, f"{name} is bounded"
    values = [int(spec.min), int(spec.max)]
    for i, page in enumerate(pages):
        set_number(page, role, name, values[i % 2])
    tables: dict[int, set[str]] = {v: set() for v in values}
    for i, page in enumerate(pages):
        tables[values[i % 2]].add(_stable_table(page))
    ok = all(len(t) == 1 for t in tables.values()) and len(set().union(*tables.values())) == 2
    return "independent and consistent" if ok else f"MISMATCH: {[len(t) for t in tables.values()]}"


def _launch(playwright: Any) -> Any:
    """Debian's Chromium, headless, offline, no tab throttled as a background one."""
    return playwright.chromium.launch(
        executable_path=str(CHROMIUM), args=[*CHROMIUM_ARGS, *OFFLINE, *FOREGROUND], headless=True
    )


def run() -> list[tuple[str, float, str]]:
    if not CHROMIUM.exists():
        return [("load (browser)", NAN, f"skipped: {CHROMIUM} absent")]
    from playwright.sync_api import sync_playwright

    rows: list[tuple[str, float, str]] = []
    with tempfile.TemporaryDirectory() as tmp:
        server = _Server(Path(tmp) / "serve.log")
        try:
            server.wait_idle()
            with sync_playwright() as p:
                browser = _launch(p)
                url = f"{server.url}?system={SYSTEM}"
                split = CpuSplit(server)
                pages, tti = _open_at_once(browser, url, 1, split)
                one = tti[0]
                rows.append(
                    ("1 browser: time to interactive", one, f"load {split.load:.2f}; preheated")
                )
                rows.append(("1 browser: CPU split", NAN, split.summary))
                rows.append(
                    (
                        "1 session: kernel private memory (USS)",
                        NAN,
                        f"{_session_uss(server, 1):.0f} MiB",
                    )
                )
                for page in pages:
                    page.goto("about:blank")  # its beacon frees the kernel
                    page.close()
                time.sleep(3)
                server.wait_idle(fills=2)  # refilled after the first visitor
                split = CpuSplit(server)
                sides = _server_side_at_once(url, server.port, AT_ONCE, split)
                worst = max(sides)
                verdict = "ok" if worst <= 10 else "over target"
                rows.append(
                    (
                        f"{AT_ONCE} at once: server-side time to interactive, median",
                        statistics.median(sides),
                        f"load {split.load:.2f}; pool of {POOL} preheated kernels",
                    )
                )
                rows.append((f"{AT_ONCE} at once: server-side CPU split", NAN, split.summary))
                rows.append(
                    (
                        f"{AT_ONCE} at once: server-side time to interactive, worst",
                        worst,
                        f"target ≤ 10 s each on {os.cpu_count()} cores, {verdict}",
                    )
                )
                rows.append(
                    (
                        f"{AT_ONCE} at once: kernel private memory (USS), median",
                        NAN,
                        f"{_session_uss(server, AT_ONCE):.0f} MiB per session",
                    )
                )
                server.wait_idle(fills=3)  # refilled after the ten, their kernels freed
                split = CpuSplit(server)
                pages, tti = _open_at_once(browser, url, AT_ONCE, split)
                worst = max(tti)  # NaN (a page never ready) compares False: check it
                verdict = "ok" if all(t <= 10 for t in tti) else "over target"
                rows.append(
                    (
                        f"{AT_ONCE} browsers at once: time to interactive, median",
                        statistics.median(tti),
                        f"load {split.load:.2f}; 1 alone: {one:.1f} s; {AT_ONCE} Chromium "
                        "contexts on these cores",
                    )
                )
                rows.append((f"{AT_ONCE} browsers at once: CPU split", NAN, split.summary))
                rows.append(
                    (
                        f"{AT_ONCE} browsers at once: time to interactive, worst",
                        worst,
                        f"target ≤ 10 s each on {os.cpu_count()} cores, {verdict}",
                    )
                )
                try:
                    verdict = _drive(pages)
                except Exception as err:  # noqa: BLE001 - keep the timing rows
                    verdict = f"not measured: {type(err).__name__}"
                rows.append(
                    (f"{AT_ONCE} browsers at once: each drives its own attack", NAN, verdict)
                )
                browser.close()
        finally:
            server.stop()
        rows += _bare_floor(Path(tmp) / "bare.log")
    return rows


def _bare_floor(log: Path) -> list[tuple[str, float, str]]:
    """Ten Chromium pages at once on a one-slider Voilà page, served the same way: the
    part of the dashboard's figure that is Voilà's own front end on these cores."""
    from playwright.sync_api import sync_playwright

    server = _Server(log, BARE)
    try:
        server.wait_idle()
        with sync_playwright() as p:
            browser = _launch(p)
            split = CpuSplit(server)
            _, tti = _open_at_once(browser, server.url, AT_ONCE, split, BARE_READY)
            browser.close()
    finally:
        server.stop()
    label = f"{AT_ONCE} browsers at once, one-slider Voilà page (the floor)"
    note = f"load {split.load:.2f}; no rolkit code: Voilà's front end alone"
    return [
        (f"{label}: median", statistics.median(tti), note),
        (f"{label}: worst", max(tti), f"{sum(t <= 10 for t in tti)} of {AT_ONCE} within 10 s"),
        (f"{label}: CPU split", NAN, split.summary),
    ]


if __name__ == "__main__":
    for label, seconds, note in run():
        print(f"{label:<60} {seconds:10.4f}  {note}")
