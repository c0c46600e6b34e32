"""Display of rolkit objects: plain text, Markdown, HTML and pandas tables.

Importing this package fills the :mod:`rolkit.reprs` registry, so the model's types
(:class:`~rolkit.model.Resolution`, :class:`~rolkit.model.Odds`, the dice types and the
check results) show richly in a notebook. Display depends on the model, never the
reverse. ``import rolkit`` loads it on the first rich display (``reprs.on_first_use``);
it is light (pandas is imported only when a table is built).

Modules: :mod:`.markup` (the building blocks they share: card CSS, escaping, Markdown and
frame tables), :mod:`.tables` (pandas frames and headlines), :mod:`.render` (HTML /
Markdown / text of attacks, odds, dice and the magics' display objects), :mod:`.checks`
(any system's checks), :mod:`.core_dread` (its check roll's card), :mod:`.compare`,
:mod:`.fight_odds`, :mod:`.best_move`, :mod:`.screen`.
"""

from __future__ import annotations

from collections.abc import Callable

from rolkit import reprs
from rolkit.analysis import Comparison
from rolkit.dice import Distribution, RolledDice
from rolkit.display import best_move, checks, compare, core_dread, render, tables
from rolkit.display import fight_odds as fight_view
from rolkit.fight import FightOdds
from rolkit.fight.best_move import BestMove
from rolkit.model import CheckOdds, CheckResolution, Odds, Resolution

__all__ = ["render", "tables", "checks", "core_dread"]

_RENDERERS: dict[type, tuple[Callable[..., str], Callable[..., str], Callable[..., str]]] = {
    Resolution: (render.resolution_html, render.resolution_markdown, render.resolution_text),
    Odds: (render.odds_html, render.odds_markdown, render.odds_text),
    Distribution: (
        render.distribution_html,
        render.distribution_markdown,
        render.distribution_text,
    ),
    RolledDice: (render.rolled_html, render.rolled_markdown, render.rolled_text),
    Comparison: (compare.comparison_html, compare.comparison_markdown, compare.comparison_text),
    CheckOdds: (checks.check_odds_html, checks.check_odds_markdown, checks.check_odds_text),
    CheckResolution: (
        checks.check_resolution_html,
        checks.check_resolution_markdown,
        checks.check_resolution_text,
    ),
    FightOdds: (
        fight_view.fight_odds_html,
        fight_view.fight_odds_markdown,
        fight_view.fight_odds_text,
    ),
    BestMove: (best_move.best_move_html, best_move.best_move_markdown, best_move.best_move_text),
}
for _cls, (_html, _md, _text) in _RENDERERS.items():
    reprs.register(_cls, "html", _html)
    reprs.register(_cls, "markdown", _md)
    reprs.register(_cls, "text", _text)
