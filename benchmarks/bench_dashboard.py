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
* Tablas in the kernel, side by side in one run (no browser needed): each system's GM
  screen grid, every cache cleared before each run, the way before #26 (every cell's whole
  outcome law, each cell's forms built anew, a DataFrame: :func:`_grid_before_26`) against
  the tab's first draw now (:func:`rolkit.analysis.hit_table`: each system's P(hit) hook,
  plain lists), runs alternated; medians and their ratio. And the pandas import a fresh
  kernel paid on the first open before #26 (the grid is drawn before it now).
"""

from __future__ import annotations

import dataclasses
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import rolkit
import rolkit.fields
from benchmarks.timing import Ratio
from rolkit import analysis
from rolkit.errors import RulesError
from rolkit.system import FORM_NAMES
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
GRID_RUNS = 7
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
    assert spec.min is not None and spec.max is not None, f"{name} is bounded"
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
    assert system is not None and system.grid_axes is not None, f"{system_id} has grid_axes"
    role, name = system.grid_axes[0]
    row = d.sections[role].form.rows[name]
    samples = []
    for i in range(CHANGES + 1):
        t0 = time.perf_counter()
        row.box.text.value = str(int(row.spec.max if i % 2 == 0 else row.spec.min))
        if i:
            samples.append(time.perf_counter() - t0)
    return statistics.median(samples)


def _grid_before_26(system: Any, forms: Mapping[str, Any], rows: Any, cols: Any) -> Any:
    """The GM screen's hit grid as ``analysis.hit_grid`` built it before #26 (kept verbatim
    as the baseline): each cell's forms built anew, the cell read from its whole law."""
    import pandas as pd

    base = dict(forms)
    (row_role, row_field), (col_role, col_field) = rows, cols

    def axis(role: str, name: str) -> list[int]:
        return analysis.axis_values(dict(rolkit.fields.describe(system.forms[role]))[name])

    def p_hit(row_value: int, col_value: int) -> float:
        trial = dict(base)
        try:
            trial[row_role] = dataclasses.replace(trial[row_role], **{row_field: row_value})
            trial[col_role] = dataclasses.replace(trial[col_role], **{col_field: col_value})
            odds = system.odds(*(trial[r] for r in FORM_NAMES))
        except RulesError:
            return NAN
        return float(odds.p_hit) * 100

    row_values, col_values = axis(row_role, row_field), axis(col_role, col_field)
    return pd.DataFrame(
        [[p_hit(r, c) for c in col_values] for r in row_values],
        index=row_values,
        columns=col_values,
    )


def _cold(fn: Callable[[], object]) -> float:
    rolkit.clear_caches()
    t0 = time.perf_counter()
    fn()
    return time.perf_counter() - t0


def _pandas_import() -> float:
    """Seconds a fresh Python takes to import pandas (median of 3)."""
    code = "import time; t = time.perf_counter(); import pandas; print(time.perf_counter() - t)"
    runs = [
        float(subprocess.run([sys.executable, "-c", code], capture_output=True, check=True).stdout)
        for _ in range(3)
    ]
    return statistics.median(runs)


def tablas_kernel_rows() -> list[tuple[str, float, str]]:
    """Each system's GM screen grid, before #26 and now, in the kernel (module docstring)."""
    import pandas as pd

    rows: list[tuple[str, float, str]] = []
    before_total = now_total = 0.0
    for system_id in rolkit.systems.available():
        s = rolkit.get_system(system_id)
        axes = s.screen_axes
        if axes is None:
            continue
        forms = s.defaults()
        table = analysis.hit_table(s, forms, rows=axes[0], cols=axes[1])
        old = _grid_before_26(s, forms, *axes)
        pd.testing.assert_frame_equal(old, table.frame(), check_names=False)  # same figures

        def before_26(s: Any = s, forms: Any = forms, axes: Any = axes) -> object:
            return _grid_before_26(s, forms, *axes)

        def now_26(s: Any = s, forms: Any = forms, axes: Any = axes) -> object:
            return analysis.hit_table(s, forms, rows=axes[0], cols=axes[1])

        before, now = [], []
        for _ in range(GRID_RUNS):
            before.append(_cold(before_26))
            now.append(_cold(now_26))
        b, n = statistics.median(before), statistics.median(now)
        before_total, now_total = before_total + b, now_total + n
        cells = len(table.index) * len(table.columns)
        rows.append(
            (
                f"Tablas grid {system_id} ({cells} cells): before #26, whole laws",
                b,
                f"cold, median of {GRID_RUNS}",
            )
        )
        rows.append(
            (
                f"Tablas grid {system_id}: now, one P(hit) per cell",
                n,
                f"cold, median of {GRID_RUNS}",
            )
        )
        rows.append(("  … ratio before / now", Ratio(b / n), "same run, alternated"))
    rows.append(("Tablas grids, five systems: before #26", before_total, "sum of the medians"))
    rows.append(("Tablas grids, five systems: now", now_total, "sum of the medians"))
    rows.append(("  … ratio before / now", Ratio(before_total / now_total), "same run"))
    rows.append(
        (
            "pandas import in a fresh kernel",
            _pandas_import(),
            "paid by Tablas' first open before #26; now after its grid is drawn",
        )
    )
    return rows


def run() -> list[tuple[str, float, str]]:
    kernel = tablas_kernel_rows()
    if not CHROMIUM.exists():
        return [*kernel, ("dashboard (browser)", NAN, f"skipped: {CHROMIUM} absent")]
    from playwright.sync_api import sync_playwright

    systems = [s for s in rolkit.systems.available() if rolkit.get_system(s).grid_axes]
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
    rows.extend(kernel)
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
