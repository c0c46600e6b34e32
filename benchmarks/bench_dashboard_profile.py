"""Where a field change spends its time on the kernel (the widget update path, in-process).

For each system, the attack panel's main number (first grid axis) goes back and forth
between its bounds, as ``bench_dashboard``'s browser changes do, and three paths are timed
in the same run (medians of ``CHANGES``):

* table: read the forms, the exact odds, headline and table HTML (what the browser waits
  for: field change → odds table redrawn);
* before: the table, then the chart drawn at once with ``Figure.savefig``, uncached (what a
  change cost the kernel before the chart was cached and deferred: it held the kernel for a
  following change);
* after: the table, then ``views.chart_png`` (drawn once per damage law, encoded fast;
  in the browser it waits for a pause, ``attack.CHART_DELAY``); and the same with a law
  not drawn yet (the cache emptied), the cost of a chart for a new setup.

``python -m benchmarks.bench_dashboard_profile core_dread`` also prints the cProfile of the
"before" path, the one that found the chart (matplotlib) to be most of the cost.
"""

from __future__ import annotations

import cProfile
import io
import pstats
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

import rolkit

CHANGES = 12


def _savefig_chart(odds: Any, lang: str) -> bytes:
    """The damage chart as it was drawn before (``savefig``, no cache), for comparison."""
    from matplotlib.ticker import MaxNLocator

    from rolkit import i18n
    from widgets import views

    law = odds.damage()
    fig, ax = views._figure()
    ax.bar(list(law), [float(p) * 100 for p in law.values()], color="#3b6aa0", width=0.8)
    ax.xaxis.set_major_locator(MaxNLocator(integer=True, nbins=8))
    ax.set_xlabel(i18n.t("chart.damage", lang), fontsize=10, color=views.INK)
    ax.set_title(i18n.t("chart.title", lang), fontsize=11, color=views.INK)
    views.percent_axis(ax, lang)
    buf = io.BytesIO()
    fig.savefig(buf, format="png", facecolor=views.PAPER)
    return buf.getvalue()


def _panel(system_id: str) -> tuple[Any, Any, list[str]]:
    from widgets.app import Dashboard

    d: Any = Dashboard(system=system_id)  # private hooks replaced below: untyped on purpose
    panel = d.attack
    panel._finish = lambda: None  # the rest of the page is timed by the paths below
    panel._draw_chart = lambda: None
    role, name = d.system.grid_axes[0]
    row = panel.sections[role].form.rows[name]
    values = [str(int(row.spec.max)), str(int(row.spec.min))]
    return panel, row, values


def _median(path: Callable[[int], None]) -> float:
    path(0)
    path(1)  # warm: the odds of both values memoised, as after the browser's first changes
    samples = []
    for i in range(CHANGES):
        t0 = time.perf_counter()
        path(i)
        samples.append(time.perf_counter() - t0)
    return statistics.median(samples)


def paths(system_id: str) -> dict[str, Callable[[int], None]]:
    from widgets import views

    panel, row, values = _panel(system_id)

    def table(i: int) -> None:
        row.box.text.value = values[i % 2]

    def before(i: int) -> None:
        table(i)
        _savefig_chart(panel.odds, panel.lang)

    def after(i: int) -> None:
        table(i)
        panel.chart.value = views.chart_png(panel.odds, panel.lang)

    def after_cold(i: int) -> None:
        views._damage_chart.cache_clear()  # a law never drawn before
        after(i)

    return {"table": table, "before": before, "after": after, "after_cold": after_cold}


def run() -> list[tuple[str, float, str]]:
    rows: list[tuple[str, float, str]] = []
    for system_id in rolkit.systems.available():
        if not rolkit.systems.get(system_id).grid_axes:
            continue
        timed = {name: _median(path) for name, path in paths(system_id).items()}
        note = f"median of {CHANGES}, in-process"
        rows.append((f"{system_id}: field change → table (kernel)", timed["table"], note))
        rows.append((f"{system_id}: + chart, before (savefig, uncached)", timed["before"], note))
        rows.append((f"{system_id}: + chart, after (cached, fast PNG)", timed["after"], note))
        rows.append(
            (f"{system_id}: + chart, after, a law not drawn yet", timed["after_cold"], note)
        )
    return rows


def profile(system_id: str, top: int = 25) -> str:
    """The cProfile of the "before" path (table + savefig chart), by cumulative time."""
    path = paths(system_id)["before"]
    path(0)
    path(1)
    profiler = cProfile.Profile()
    profiler.enable()
    for i in range(CHANGES):
        path(i)
    profiler.disable()
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("cumulative").print_stats(top)
    return out.getvalue()


if __name__ == "__main__":
    for label, seconds, note in run():
        print(f"{label:<58} {seconds * 1000:9.1f} ms  {note}")
    for system_id in sys.argv[1:]:
        print(profile(system_id))
