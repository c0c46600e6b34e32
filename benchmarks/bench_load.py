"""Load: time to interactive and memory per session, 1 visitor and 10 at once.

The dashboard is served by ``python -m serve`` (what ``make dashboard`` runs) with Voilà's
kernel pool preheated to :data:`POOL` kernels, so ten game masters opening the page at the
same moment each get a kernel that has already run the notebook. Chromium (Playwright)
opens the pages; no request leaves 127.0.0.1 (chromium resolves no other host and uses a
dead loopback proxy for anything else).

* time to interactive: ``goto`` → Tirar and the odds table on screen, per page; all ten
  pages are navigated before any is waited for. Target: each ≤ 10 s on 2 cores.
* memory per session: private memory (USS) of each kernel process in use, median.
* correctness under load: each page sets the main field to one of two values and reads its
  odds table; pages with the same value must show the same table, the two values different
  tables (independent sessions, no cross-talk).
"""

from __future__ import annotations

import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import psutil

import rolkit
import rolkit.fields
from widgets.testing import CHROMIUM, CHROMIUM_ARGS, free_port, odds_text, set_number

ROOT = Path(__file__).resolve().parents[1]
DASHBOARD = ROOT / "notebooks" / "dashboard.ipynb"
POOL = 10
AT_ONCE = 10
READY = [".rolkit-roll-button", "table.rolkit-odds"]
OFFLINE = [
    "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
    "--proxy-server=http://127.0.0.1:9",
]
NAN = float("nan")


class _Server:
    def __init__(self, log: Path):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self.log = log
        self._out = open(log, "wb")  # noqa: SIM115 - closed in stop()
        cmd = [
            sys.executable,
            "-m",
            "serve",
            str(DASHBOARD),
            "--no-browser",
            "--Voila.ip=127.0.0.1",
            f"--port={self.port}",
            "--preheat_kernel=True",
            f"--pool_size={POOL}",
            f"--BoundedKernelManager.max_sessions={AT_ONCE + 2}",
        ]
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        self.proc = subprocess.Popen(
            cmd,
            cwd=DASHBOARD.parent,
            stdout=self._out,
            stderr=subprocess.STDOUT,
            env=env,
            start_new_session=True,
        )

    def filled(self) -> int:
        return self.log.read_text(errors="replace").count("is filled with")

    def kernels(self) -> list[psutil.Process]:
        return psutil.Process(self.proc.pid).children()

    def wait_idle(self, timeout: float = 300) -> None:
        """Until the pool is full and the kernels stop using CPU."""
        end = time.monotonic() + timeout
        while time.monotonic() < end and self.filled() < 1:
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


def _open_at_once(browser, url: str, n: int) -> tuple[list, list[float]]:
    pages = [browser.new_page(viewport={"width": 1400, "height": 1000}) for _ in range(n)]
    start = time.perf_counter()
    for page in pages:
        page.goto(url, wait_until="commit", timeout=120000)
    ready: list[float | None] = [None] * n
    end = start + 180
    while None in ready and time.perf_counter() < end:
        for i, page in enumerate(pages):
            if ready[i] is None and all(page.locator(s).first.is_visible() for s in READY):
                ready[i] = time.perf_counter() - start
        time.sleep(0.05)
    busy = sum("Ocupado" in p.content() for p in pages)
    if busy:
        print(f"  ({busy} page(s) got the busy page)", flush=True)
    return pages, [r if r is not None else NAN for r in ready]


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


SYSTEM = rolkit.systems()[0]


def _drive(pages) -> str:
    """Each page sets the main field to min or max (alternating) and reads its table."""
    system = rolkit.get_system(SYSTEM)
    role, name = system.grid_axes[0]
    spec = dict(rolkit.fields.describe(system.forms[role]))[name]
    values = [int(spec.min), int(spec.max)]
    for i, page in enumerate(pages):
        set_number(page, role, name, values[i % 2])
    tables: dict[int, set[str]] = {v: set() for v in values}
    for i, page in enumerate(pages):
        tables[values[i % 2]].add(_stable_table(page))
    ok = all(len(t) == 1 for t in tables.values()) and len(set().union(*tables.values())) == 2
    return "independent and consistent" if ok else f"MISMATCH: {[len(t) for t in tables.values()]}"


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
                browser = p.chromium.launch(
                    executable_path=str(CHROMIUM), args=[*CHROMIUM_ARGS, *OFFLINE], headless=True
                )
                url = f"{server.url}?system={SYSTEM}"
                pages, tti = _open_at_once(browser, url, 1)
                rows.append(("1 session: time to interactive", tti[0], "preheated kernel"))
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
                server.wait_idle()
                pages, tti = _open_at_once(browser, url, AT_ONCE)
                worst = max(tti)
                verdict = "ok" if worst <= 10 else "over target"
                rows.append(
                    (
                        f"{AT_ONCE} at once: time to interactive, median",
                        statistics.median(tti),
                        f"pool of {POOL} preheated kernels",
                    )
                )
                rows.append(
                    (
                        f"{AT_ONCE} at once: time to interactive, worst",
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
                try:
                    verdict = _drive(pages)
                except Exception as err:  # noqa: BLE001 - keep the timing rows
                    verdict = f"not measured: {type(err).__name__}"
                rows.append((f"{AT_ONCE} at once: each drives its own attack", NAN, verdict))
                browser.close()
        finally:
            server.stop()
    return rows


if __name__ == "__main__":
    for label, seconds, note in run():
        print(f"{label:<60} {seconds:10.4f}  {note}")
