"""Dashboard in the browser: time-to-interactive vs a bare one-slider notebook, and
field change → odds table redrawn.

Both notebooks are served side by side with the ``make dashboard`` flags (Voilà on
127.0.0.1, preheated kernels) and loaded alternately in Debian's chromium through
Playwright, every non-loopback request aborted. Before each load the benchmark waits for
the server's kernel pool to refill, so every load gets a preheated kernel.

* time-to-interactive (each load on a settled preheated kernel, as a visitor who arrives
  after the server started gets): ``page.goto`` → the odds table and Tirar are on screen (dashboard)
  or the slider is on screen (bare notebook). Target: ratio ≤ 1.5×.
* field change → table redrawn: a value put in the main field's number box (one input
  event, as a paste; changes apply live, debounced) → the odds table's text has changed,
  timed in the page (``performance.now()``), the debounce included. Target ≤ 150 ms.
* kernel callback: the same change in-process (odds + table + chart), for reference.
* Tablas (issue #26, item 7): the tab opened for the first time on a page → the working
  note, and → the hit grid on screen (a fresh kernel: no screen cached). Before #26 the tab
  stayed an empty box for 3.5–5.3 s; target about 1 s. And a system switch in the header →
  the working note, and → the new system's odds and chart on screen.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

import rolkit
import rolkit.fields
from benchmarks.timing import Ratio
from tests.harness import (
    CHROMIUM,
    VoilaServer,
    launch_chromium,
    local_only,
    odds_text,
    set_number,
    wait_table_change,
)

HERE = Path(__file__).resolve().parent
DASHBOARD = HERE.parent / "notebooks" / "dashboard.ipynb"
BARE = HERE / "bare_slider.ipynb"
LOADS = 5
CHANGES = 15
NAN = float("nan")

WATCH_JS = """() => {
  window.__rk = {t0: 0, t1: 0};
  document.addEventListener('input', e => { window.__rk.t0 = performance.now(); }, true);
  const box = document.querySelector('.rolkit-odds-box');
  new MutationObserver(() => { window.__rk.t1 = performance.now(); })
    .observe(box, {childList: true, subtree: true, characterData: true});
}"""


def _filled(server: VoilaServer) -> int:
    return server.log_path.read_text(errors="replace").count("is filled with")


def _wait_pool(server: VoilaServer, at_least: int, timeout: float = 90) -> None:
    end = time.perf_counter() + timeout
    while _filled(server) < at_least and time.perf_counter() < end:
        time.sleep(0.2)


def _load(browser, server: VoilaServer, loads: int, ready: list[str], query: str = ""):
    """Seconds from goto to every ``ready`` selector on screen, and the open page."""
    _wait_pool(server, loads + 1)  # the pool was filled once per earlier load, plus once
    server.wait_idle()  # and its kernel has run the notebook up to the request
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    page.context.route("**/*", local_only)
    t0 = time.perf_counter()
    page.goto(server.url + query)
    for selector in ready:
        page.wait_for_selector(selector, state="visible", timeout=120000)
    return time.perf_counter() - t0, page


def _field_changes(page, system) -> list[float]:
    """Browser-side ms from the input event to the odds table redrawn, min/max."""
    role, name = system.grid_axes[0]
    spec = dict(rolkit.fields.describe(system.forms[role]))[name]
    page.evaluate(WATCH_JS)
    samples = []
    for i in range(CHANGES + 1):
        before = odds_text(page)
        set_number(page, role, name, int(spec.max if i % 2 == 0 else spec.min))
        wait_table_change(page, before)
        t = page.evaluate("() => window.__rk.t1 - window.__rk.t0")
        if i:  # the first change warms caches
            samples.append(t / 1000)
    return samples


TABS = ".lm-TabBar-tab, .jupyter-widget-TabBar-tab"
MARK_JS = """() => { window.__rk26 = {t0: performance.now(), busy: 0, done: 0};
  const busy = n => n.nodeType === 1 && (n.matches('.rolkit-busy') || n.querySelector('.rolkit-busy'));
  new MutationObserver(records => { const w = window.__rk26;
    if (!w.busy && records.some(r => [...r.addedNodes].some(busy))) w.busy = performance.now();
  }).observe(document.body, {subtree: true, childList: true}); }"""


def _tablas(page) -> tuple[float, float]:
    """Seconds from the Tablas tab's click to its working note and to its grid."""
    page.evaluate(MARK_JS)
    page.locator(TABS).filter(has_text="Tablas").first.click()
    page.wait_for_selector("table.rolkit-screen-table", state="visible", timeout=120000)
    w = page.evaluate("() => ({...window.__rk26, done: performance.now()})")
    busy = (w["busy"] - w["t0"]) / 1000 if w["busy"] else NAN
    return busy, (w["done"] - w["t0"]) / 1000


def _switch(page, system_id: str) -> tuple[float, float]:
    """Seconds from a system picked in the header to its working note and to its odds and
    chart on screen."""
    page.locator(TABS).first.click()
    page.evaluate(MARK_JS)
    label = rolkit.get_system(system_id).display_name("es")  # the option's text
    page.select_option(".rolkit-system select", label=label)
    page.wait_for_function(
        """() => window.__rk26.busy
                 && !document.querySelector('.rolkit-switching, .rolkit-notes .rolkit-busy')
                 && document.querySelector('img.rolkit-chart')""",
        timeout=120000,
    )
    w = page.evaluate("() => ({...window.__rk26, done: performance.now()})")
    busy = (w["busy"] - w["t0"]) / 1000 if w["busy"] else NAN
    return busy, (w["done"] - w["t0"]) / 1000


def _kernel_callback(system_id: str) -> float:
    from widgets.app import Dashboard

    d = Dashboard(system=system_id)
    system = d.system
    role, name = system.grid_axes[0]
    row = d.sections[role].form.rows[name]
    samples = []
    for i in range(CHANGES + 1):
        t0 = time.perf_counter()
        row.box.text.value = str(int(row.spec.max if i % 2 == 0 else row.spec.min))
        if i:
            samples.append(time.perf_counter() - t0)
    return statistics.median(samples)


def run() -> list[tuple[str, float, str]]:
    if not CHROMIUM.exists():
        return [("dashboard (browser)", NAN, f"skipped: {CHROMIUM} absent")]
    from playwright.sync_api import sync_playwright

    systems = [s for s in rolkit.systems() if rolkit.get_system(s).grid_axes]
    rows: list[tuple[str, float, str]] = []
    with tempfile.TemporaryDirectory() as tmp:
        dash = VoilaServer(DASHBOARD, Path(tmp) / "dashboard.log")
        bare = VoilaServer(BARE, Path(tmp) / "bare.log")
        try:
            dash.wait_ready()
            bare.wait_ready()
            with sync_playwright() as p:
                browser = launch_chromium(p)
                tti_dash, tti_bare, changes = [], [], {}
                tablas: list[tuple[float, float]] = []
                switches: list[tuple[float, float]] = []
                for i in range(LOADS):
                    seconds, page = _load(browser, bare, i, [".widget-readout"])
                    tti_bare.append(seconds)
                    page.close()
                    system = systems[i % len(systems)] if systems else None
                    query = f"?system={system}" if system else ""
                    ready = [".rolkit-roll-button", "table.rolkit-odds"]
                    seconds, page = _load(browser, dash, i, ready, query)
                    tti_dash.append(seconds)
                    if system and system not in changes:
                        changes[system] = _field_changes(page, rolkit.get_system(system))
                    if systems:
                        tablas.append(_tablas(page))
                        other = systems[(i + 1) % len(systems)]
                        if other != system:
                            switches.append(_switch(page, other))
                    page.close()
                browser.close()
        finally:
            dash.stop()
            bare.stop()
    md, mb = statistics.median(tti_dash), statistics.median(tti_bare)
    ratio = md / mb
    rows.append(("time-to-interactive: dashboard (Voilà, preheated)", md, f"median of {LOADS}"))
    rows.append(("time-to-interactive: bare one-slider notebook", mb, f"median of {LOADS}"))
    verdict = "ok" if ratio <= 1.5 else "over target"
    rows.append(
        (
            "time-to-interactive ratio dashboard / bare",
            Ratio(ratio),
            f"target ≤ 1.5, {verdict}",
        )
    )
    for label, pairs, before in (
        ("Tablas opened → hit grid on screen", tablas, "before #26: 3.5–5.3 s, target ≈ 1 s"),
        ("system switch → new odds and chart on screen", switches, "for reference"),
    ):
        if pairs:
            rows.append(
                (
                    f"{label} (browser)",
                    statistics.median(p[1] for p in pairs),
                    f"median of {len(pairs)}, {before}",
                )
            )
            rows.append(
                (
                    "  … its working note shown",
                    statistics.median(p[0] for p in pairs),
                    "every wait over ~0.3 s says it is working",
                )
            )
    for system, samples in changes.items():
        m = statistics.median(samples)
        verdict = "ok" if m <= 0.150 else "over target"
        rows.append(
            (
                f"{system}: field change → odds table redrawn (browser)",
                m,
                f"median of {len(samples)}, target ≤ 150 ms, {verdict}",
            )
        )
        rows.append(
            (
                f"{system}: same change, kernel callback (odds+table+chart)",
                _kernel_callback(system),
                "in-process, for reference",
            )
        )
    return rows


if __name__ == "__main__":
    for label, seconds, note in run():
        print(f"{label:<60} {seconds:10.4f}  {note}")
