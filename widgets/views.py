"""The results side of the dashboard: odds table, chart, roll history, error messages.

Everything here turns rolkit objects (``Odds``, ``Resolution``) into widget trait values
through ``rolkit.display.tables``; no rule logic. Callbacks go through
:func:`widgets.errors.guarded`: never a traceback on the page.
"""

from __future__ import annotations

import html
import io
from collections.abc import Callable
from typing import Any

import ipywidgets as ipw

from rolkit import i18n
from rolkit.display import tables
from rolkit.model import Resolution
from rolkit.system import System
from widgets.errors import guarded, log

__all__ = [
    "log",
    "guarded",
    "error_html",
    "info_html",
    "odds_table_html",
    "chart_png",
    "HistoryEntry",
    "ODDS_CLASS",
]

ODDS_CLASS = "rolkit-odds"
TABLE_CSS = (
    "<style>.rolkit-odds td, .rolkit-odds th {white-space: nowrap; padding: 2px 8px}</style>"
)

i18n.register(
    "",
    {
        "es": {
            "replay.same": "coincide: mismos dados, mismos pasos",
            "replay.differs": "¡no coincide!",
            "history.entry": "#{n} · semilla {seed}",
            "dashboard.no_systems": "No hay ningún sistema registrado en rolkit.systems().",
            "apply": "aplicar",
            "apply.tip": "Carga en los formularios el estado tras este ataque (heridas, PG…)",
            "apply.nothing": "Este resultado no cambia ningún formulario.",
            "apply.done": "Aplicado #{n}: {roles}.",
            "undo": "deshacer",
            "undo.tip": "Devuelve los formularios a como estaban antes del último «aplicar»",
            "undo.done": "Deshecho: {roles}.",
        },
        "en": {
            "replay.same": "matches: same dice, same steps",
            "replay.differs": "does not match!",
            "history.entry": "#{n} · seed {seed}",
            "dashboard.no_systems": "No system is registered in rolkit.systems().",
            "apply": "aplicar (apply)",
            "apply.tip": "Load the state after this attack into the forms (wounds, HP…)",
            "apply.nothing": "This result changes no form.",
            "apply.done": "Applied #{n}: {roles}.",
            "undo": "deshacer (undo)",
            "undo.tip": "Put the forms back as they were before the last «aplicar»",
            "undo.done": "Undone: {roles}.",
        },
    },
)


def error_html(text: str) -> str:
    return f'<div class="rolkit-message" style="color:#b00020">⚠ {html.escape(text)}</div>'


def odds_table_html(odds: Any, lang: str) -> str:
    """The coloured outcome table (``=``, ``≥``, exact fraction), class ``rolkit-odds``."""
    return TABLE_CSS + tables.styled_outcomes(odds, lang, ODDS_CLASS).to_html()


def chart_png(odds: Any, lang: str) -> bytes:
    """A small bar chart of the damage law: a bare ``Figure`` (no pyplot, no tight_layout)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    law = odds.damage()
    fig = Figure(figsize=(4.2, 2.0), dpi=72)
    FigureCanvasAgg(fig)
    ax = fig.add_axes((0.13, 0.24, 0.84, 0.66))
    ax.bar([str(k) for k in law], [float(p) * 100 for p in law.values()], color="#4c72b0")
    ax.set_xlabel(i18n.t("chart.damage", lang), fontsize=8)
    ax.set_ylabel("%", fontsize=8)
    ax.set_title(i18n.t("chart.title", lang), fontsize=9)
    ax.tick_params(labelsize=7)
    buf = io.BytesIO()
    fig.savefig(buf, format="png")
    return buf.getvalue()


def info_html(text: str) -> str:
    return (
        f'<div class="rolkit-message rolkit-info" style="color:#1b5e20">{html.escape(text)}</div>'
    )


class HistoryEntry:
    """One roll: headline first, steps folded below, the seed, "repetir" and "aplicar".

    ``on_apply(entry)`` loads the roll's after-state into the forms; "aplicar" is hidden
    and disabled when the system keeps no state (no ``System.after_fn``) or no
    ``on_apply`` is given.
    """

    def __init__(
        self,
        system: System,
        r: Resolution,
        lang: str,
        number: int,
        guard: Callable,
        on_apply: Callable[[HistoryEntry], None] | None = None,
    ):
        self.system, self.r, self.number, self.matched = system, r, number, None
        self.head = ipw.HTML()
        self.head.add_class("rolkit-roll-headline")
        self.steps = ipw.HTML()
        self.fold = ipw.Accordion([self.steps], selected_index=None)
        self.replay = ipw.Button(layout=ipw.Layout(width="auto"))
        self.replay.add_class("rolkit-replay")
        self.check = ipw.HTML()
        self.check.add_class("rolkit-replay-check")
        self.replay.on_click(lambda b: guard(self.do_replay))
        self.apply = ipw.Button(icon="arrow-right", layout=ipw.Layout(width="auto"))
        self.apply.add_class("rolkit-apply")
        if on_apply is not None and system.after_fn is not None:
            self.apply.on_click(lambda b: guard(lambda: on_apply(self)))
        else:
            self.apply.disabled = True
            self.apply.layout.display = "none"
        line = ipw.HBox(
            [self.replay, self.apply, self.check], layout=ipw.Layout(align_items="center")
        )
        self.widget = ipw.VBox(
            [self.head, self.fold, line],
            layout=ipw.Layout(border="1px solid #ddd", padding="4px", margin="4px 0"),
        )
        self.widget.add_class("rolkit-roll")
        self.relabel(lang)

    def do_replay(self) -> None:
        """Re-resolve with the recorded seed and inputs; show whether it matches."""
        again = self.system.resolve(**self.r.inputs, seed=self.r.seed)
        self.matched = again.steps == self.r.steps and again.key == self.r.key
        self._show_check()

    def _show_check(self) -> None:
        if self.matched is not None:
            key = "replay.same" if self.matched else "replay.differs"
            mark = "✓" if self.matched else "✗"
            self.check.value = f"<b>{mark}</b> {html.escape(i18n.t(key, self.lang))}"

    def relabel(self, lang: str) -> None:
        self.lang = lang
        entry = i18n.t("history.entry", lang, n=self.number, seed=self.r.seed)
        headline = html.escape(tables.resolution_headline(self.r, lang))
        self.head.value = f"<b>{headline}</b><br><small>{html.escape(entry)}</small>"
        frame = tables.steps_frame(self.r, lang)
        self.steps.value = frame.to_html(index=False, classes="rolkit-steps", border=0)
        self.fold.set_title(0, i18n.t("steps.show", lang))
        self.replay.description = i18n.t("replay", lang)
        self.apply.description = i18n.t("apply", lang)
        self.apply.tooltip = i18n.t("apply.tip", lang)
        self._show_check()
