"""The Combate tab's «Probabilidad de victoria» block (issue 26, item 2): never stale.

Every change of the fight on screen (apply, undo, redo, next turn, options, language)
calls :meth:`VictoryBlock.show` with a :class:`VictoryRequest`: the fight's spec, the
language, which state it is (round, whose turn, the log's step). A request numbers a
*generation*; odds already known are shown at once, others are solved by one background
worker, which shows its answer only if its request is still the newest — so the block
never shows an earlier state's odds, or another language's words, and says «calculando…»
(naming the state) while it works. Beside the odds: the one-line why
(:mod:`widgets.fight_why`), a small chart of the first side's victory step by step (the
states of this fight solved so far), and the law of the rounds counted from now.
"""

from __future__ import annotations

import html
import logging
import math
from collections import OrderedDict
from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

import ipywidgets as ipw

from rolkit import i18n
from rolkit.display import fight_odds as fight_view
from rolkit.errors import RulesError
from rolkit.fight import FightOdds, FightSpec
from rolkit.fight.tracker import Fighter
from rolkit.system import System
from widgets import (
    fight_texts,  # noqa: F401  (registers the strings)
    views,
)
from widgets.fight_why import Blow, blows, why_line
from widgets.latest_request import LatestRequest, join_worker

__all__ = [
    "VictoryBlock",
    "VictoryRequest",
    "join_worker",
    "trend_svg",
    "rounds_html",
    "CACHE_MAX",
    "TREND_MAX",
]

log = logging.getLogger("rolkit.dashboard")

#: solved fights kept (a roll, undo and redo do not solve a fight again)
CACHE_MAX = 64
#: states whose victory is remembered for the step-by-step chart
TREND_MAX = 1_000

Solver = Callable[[FightSpec, System], FightOdds]


class VictoryRequest(NamedTuple):
    """What the block is asked to show: the fight ``spec`` (and, for the why line, its
    ``system``, ``fighters`` and ``options``), in ``lang``, for the state ``where`` at the
    log's step ``step``; ``trend``: ``(step, spec)`` of the states that led to it."""

    spec: FightSpec
    system: System
    fighters: tuple[Fighter, ...]
    options: Any
    lang: str
    labels: Mapping[str, str]
    where: str
    step: int
    trend: tuple[tuple[int, FightSpec], ...] = ()
    gen: int = 0


_CSS = """<style>
.rolkit-fight-odds{font-family:inherit;max-width:44em}
.rolkit-fight-odds table{border-collapse:collapse;margin:.3em 0}
.rolkit-fight-odds th,.rolkit-fight-odds td{padding:.1em .5em;text-align:left}
.rolkit-fight-odds td.n{text-align:right;font-variant-numeric:tabular-nums}
.rolkit-fight-odds .bar{display:inline-block;height:.8em;background:currentColor;opacity:.55;
  vertical-align:middle;min-width:1px}
.rolkit-fight-odds .meta,.rolkit-victory-for{opacity:.85}
.rolkit-fight-odds .rolkit-odds-parts{display:flex;flex-flow:row wrap;gap:0 1.2em;
  align-items:flex-start}
.rolkit-fight-why{font-weight:600;margin:.2em 0}
</style>"""


def _pct(p: Any, lang: str) -> str:
    """One decimal; a chance that exists but rounds to 0 is «< 0,1 %» (never «0,0 %»)."""
    if 0 < float(p) < 0.0005:
        return "< " + i18n.percent(0.001, lang, 1)
    return i18n.percent(float(p), lang, 1)


def rounds_html(odds: FightOdds, lang: str) -> str:
    """The rounds the fight may end in, counted from now (rounds it cannot end in are left
    out, so every figure is a chance that exists)."""
    rows = [(str(k), float(p), _pct(p, lang)) for k, p in odds.rounds_law.items() if p > 0]
    if odds.p_later:
        later = i18n.t("gm.fight.rounds.later", lang)
        rows.append((later, float(odds.p_later), _pct(odds.p_later, lang)))
    if not rows:
        return ""
    top = max(p for _k, p, _t in rows) or 1.0
    body = "".join(
        f'<tr><td>{html.escape(k)}</td><td class="n">{html.escape(t)}</td>'
        f'<td><span class="bar" style="width:{6 * p / top:.2f}em"></span></td></tr>'
        for k, p, t in rows
    )
    head = html.escape(i18n.t("gm.fight.rounds.head", lang))
    ends = html.escape(i18n.t("gm.fight.rounds.ends", lang))
    return (
        f'<table class="rolkit-rounds"><thead><tr><th>{head}</th><th colspan="2">{ends}</th>'
        f"</tr></thead><tbody>{body}</tbody></table>"
    )


def _span_text(lo: float, hi: float, lang: str) -> str:
    """A victory as the chart's last label: a value, or exact bounds «73,1–73,6 %» (the
    lower rounded down, the upper up)."""
    if lo == hi:
        return _pct(lo, lang)
    low = i18n.percent(math.floor(lo * 1000) / 1000, lang, 1).rstrip(" %")
    return f"{low}–{i18n.percent(math.ceil(hi * 1000) / 1000, lang, 1)}"


def trend_svg(points: list[tuple[int, float, float]], side: str, lang: str) -> str:
    """A small line chart (inline SVG) of ``side``'s victory at each step of the log:
    ``(step, lower, upper)``, equal when exact; exact bounds are drawn as a bar from the
    lower to the upper, the line through their middles."""
    if not points:
        return ""
    w, h, pad = 220, 90, 22
    first, last = points[0][0], points[-1][0]
    span = max(last - first, 1)

    def xy(step: int, p: float) -> tuple[float, float]:
        return pad + (w - 2 * pad) * (step - first) / span, h - pad - (h - 2 * pad) * p

    coords = [xy(s, (lo + hi) / 2) for s, lo, hi in points]
    line = " ".join(f"{x:.1f},{y:.1f}" for x, y in coords)
    dots = "".join(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="2.5"/>' for x, y in coords)
    bars = "".join(
        f'<line class="rolkit-trend-bound" x1="{x:.1f}" y1="{xy(s, lo)[1]:.1f}" '
        f'x2="{x:.1f}" y2="{xy(s, hi)[1]:.1f}" stroke-width="3"/>'
        for (s, lo, hi), (x, _y) in zip(points, coords, strict=True)
        if lo != hi
    )
    title = i18n.t("gm.fight.trend", lang, side=side)
    axis = i18n.t("gm.fight.trend.axis", lang)
    top, bottom = h - pad - (h - 2 * pad), h - pad
    now = _span_text(points[-1][1], points[-1][2], lang)
    return (
        f'<figure class="rolkit-fight-trend" style="margin:.2em 0">'
        f"<figcaption><small>{html.escape(title)}</small></figcaption>"
        f'<svg width="{w}" height="{h}" viewBox="0 0 {w} {h}" role="img" '
        f'aria-label="{html.escape(title)}" style="fill:currentColor;stroke:currentColor">'
        f'<line x1="{pad}" y1="{top}" x2="{w - pad}" y2="{top}" stroke-dasharray="2,3" '
        f'stroke-width="0.5"/>'
        f'<line x1="{pad}" y1="{bottom}" x2="{w - pad}" y2="{bottom}" stroke-width="0.8"/>'
        f'<text x="2" y="{top + 4}" font-size="9" stroke="none">100</text>'
        f'<text x="8" y="{bottom + 3}" font-size="9" stroke="none">0</text>'
        f'<polyline points="{line}" fill="none" stroke-width="1.5"/>{dots}{bars}'
        f'<text x="{pad}" y="{h - 4}" font-size="9" stroke="none">{first}</text>'
        f'<text x="{w - pad}" y="{h - 4}" font-size="9" stroke="none" '
        f'text-anchor="end">{last} ({html.escape(axis)})</text>'
        f'<text x="{w - pad}" y="{coords[-1][1] - 5:.1f}" font-size="10" stroke="none" '
        f'text-anchor="end">{html.escape(now)}</text></svg></figure>'
    )


class VictoryBlock(LatestRequest[VictoryRequest]):
    """The block's widget, its cache of solved fights and its one background worker (the
    newest request wins: :class:`~widgets.latest_request.LatestRequest`).

    Args:
        solve: ``(spec, system) -> FightOdds`` (the panel's bounded :func:`fight_odds`).
    """

    def __init__(self, solve: Solver) -> None:
        super().__init__()
        self._solve = solve
        self.widget = ipw.HTML()
        self.widget.add_class("rolkit-fight-victory")
        #: the odds on screen (``None`` while computing, or when there are none)
        self.odds: FightOdds | None = None
        self._cache: OrderedDict[FightSpec, tuple[FightOdds, tuple[Blow, ...]]] = OrderedDict()
        #: each state's victory by side: ``(lower, upper)``, equal when exact
        self._trend: OrderedDict[FightSpec, Mapping[str, tuple[float, float]]] = OrderedDict()

    # ---------------------------------------------------------------- requests
    def clear(self, text: str = "") -> None:
        """Nothing to solve (no fight, one side, a system without after-states)."""
        with self._lock:
            self._next_gen()
            self.odds = None
            self.widget.value = text

    def show(self, request: VictoryRequest) -> None:
        """Show ``request``'s odds: at once when known, else «calculando…» until solved."""
        with self._lock:
            request = request._replace(gen=self._next_gen())
            known = self._cache.get(request.spec)
            if known is not None:
                self._render(request, *known)
                return
            self.odds = None
            self.widget.value = self._busy_html(request)
            self._submit(request)

    def wait(self, timeout: float = 120) -> FightOdds | None:
        """Wait for the worker (tests, notebooks); the odds on screen then."""
        join_worker(self, timeout)
        return self.odds

    # ---------------------------------------------------------------- the worker
    def _handle(self, request: VictoryRequest) -> None:
        """The worker's step: the cached odds, else solved; a failure said plainly."""
        with self._lock:
            known = self._cache.get(request.spec)
        try:
            if known is None:
                known = self._compute(request)
        except RulesError as err:
            self._fail(request, views.error_html(err.message(request.lang)))
            return
        except Exception:  # noqa: BLE001 - a background failure must reach the GM plainly
            log.exception("fight odds failed")
            self._fail(request, views.error_html(i18n.t("error.bug", request.lang)))
            return
        odds, found = known
        self._publish(request, lambda: self._render(request, odds, found))

    def _compute(self, request: VictoryRequest) -> tuple[FightOdds, tuple[Blow, ...]]:
        odds = self._solve(request.spec, request.system)
        found = tuple(blows(request.system, request.fighters, request.options))
        with self._lock:
            self._cache[request.spec] = (odds, found)
            while len(self._cache) > CACHE_MAX:
                self._cache.popitem(last=False)
        return odds, found

    def _fail(self, request: VictoryRequest, text: str) -> None:
        def paint() -> None:
            self.odds = None
            self.widget.value = text

        self._publish(request, paint)

    # ---------------------------------------------------------------- html
    def _busy_html(self, r: VictoryRequest) -> str:
        busy = i18n.t("gm.fight.victory.busy.for", r.lang, where=r.where, n=r.step)
        head = i18n.t("gm.fight.victory.busy", r.lang)
        return (
            f"<div class='rolkit-victory-busy'><b>{html.escape(head)}</b>"
            f"<div><i>{html.escape(busy)}</i></div></div>"
        )

    def _render(self, r: VictoryRequest, odds: FightOdds, found: tuple[Blow, ...]) -> None:
        """Under the lock: put ``odds`` on screen for ``r``."""
        self._trend[r.spec] = {s: (float(lo), float(hi)) for s, (lo, hi) in _wins(odds).items()}
        self._trend.move_to_end(r.spec)
        while len(self._trend) > TREND_MAX:
            self._trend.popitem(last=False)
        self.odds = odds
        self.widget.value = self.html(r, odds, found)

    def trend_points(self, r: VictoryRequest, side: str) -> list[tuple[int, float, float]]:
        """``(step, side's victory: lower, upper)`` of the states leading here that were
        solved (equal bounds when exact)."""
        points = []
        for step, spec in (*r.trend, (r.step, r.spec)):
            known = self._trend.get(spec)
            if known is not None and side in known:
                points.append((step, *known[side]))
        return points

    def html(self, r: VictoryRequest, odds: FightOdds, found: tuple[Blow, ...]) -> str:
        lang, labels = r.lang, r.labels
        sides = {f.name: f.side for f in r.fighters}
        why = why_line(found, sides, odds, lang, labels, r.system)
        head = fight_view.victory_headline(odds, lang, labels)
        state = i18n.t("gm.fight.victory.for", lang, where=r.where, n=r.step)
        fates = "".join(
            "<tr>"
            + "".join(f"<td>{html.escape(c)}</td>" for c in row[:2])
            + "".join(f"<td class='n'>{html.escape(c)}</td>" for c in row[2:])
            + "</tr>"
            for row in fight_view.fate_rows(odds, lang, labels)
        )
        heads = "".join(f"<th>{html.escape(h)}</th>" for h in _fate_heads(lang))
        side = odds.side_names[0]
        chart = trend_svg(self.trend_points(r, side), labels.get(side, side), lang)
        why_html = f"<p class='rolkit-fight-why'>{html.escape(why)}</p>" if why else ""
        return (
            f'<div class="rolkit-fight-odds">{_CSS}'
            f'<p class="rolkit-victory" style="margin:.2em 0"><strong>{html.escape(head)}</strong></p>'
            f'<div class="rolkit-victory-for"><small>{html.escape(state)}</small></div>'
            f"{why_html}"
            f'<p class="meta" style="margin:.2em 0"><small>'
            f"{html.escape(fight_view.meta_line(odds, lang))}</small></p>"
            f'<div class="rolkit-odds-parts"><table class="rolkit-fates"><thead><tr>{heads}'
            f"</tr></thead><tbody>{fates}</tbody></table>{chart}{rounds_html(odds, lang)}"
            f"</div></div>"
        )


def _wins(odds: FightOdds) -> Mapping[str, tuple[Any, Any]]:
    """Each side's victory as ``(lower, upper)``: its bounds when known (exact: equal),
    a simulation's estimate twice (the chart marks a point; its label says simulated)."""
    return odds.bounds.get("p_win") or {s: (p, p) for s, p in odds.p_win.items()}


def _fate_heads(lang: str) -> tuple[str, str, str, str]:
    if lang == "es":
        return ("Combatiente", "Bando", "Fuera de combate", "Muere")
    return ("Combatant", "Side", "Out of the fight", "Dies")
