"""The Tablas tab: the GM screen of the current system (issue 14, item 4).

The hit chance over ``System.screen_axes`` (:func:`rolkit.analysis.gm_screen`), the axes
named by their labels in the UI language, each weapon preset's fate odds, and a
"descargar" link whose ``data:`` URL is the self-contained printable page
(:func:`rolkit.display.screen.screen_html`) in the UI language. The screen is computed
when the tab is first needed, then kept per system: the grid first (shown at once), then
the weapons; until each is there the tab says it is working, and a new system's tab is
emptied at once (issue #26, item 7). The grid reads one number per cell
(:func:`rolkit.analysis.hit_table`, each system's P(hit) hook) and is drawn from plain
lists, so the tab's first open does not wait for pandas either (the GM screen's DataFrame
is built with the weapons).
"""

from __future__ import annotations

import html
import math
from typing import Any

import ipywidgets as ipw

from rolkit import analysis, fields, i18n
from rolkit.display.screen import screen_html
from rolkit.errors import RulesError
from rolkit.system import FORM_NAMES, System
from widgets import gm_texts, views  # noqa: F401  (gm_texts registers the strings)
from widgets.fight import download_link
from widgets.panel import GuardedPanel
from widgets.state import AppState
from widgets.timing import Debounced

__all__ = ["ScreenPanel", "GRID_CLASS", "WEAPONS_CLASS", "axis_label"]

GRID_CLASS = "rolkit-screen-table"
WEAPONS_CLASS = "rolkit-screen-weapon-table"
#: seconds after a system switch before the screen is computed (the Ataque tab first)
BUILD_DELAY = 0.8
#: seconds after the tab first opens: just long enough for «calculando…» to be drawn
OPEN_DELAY = 0.05
#: ``(id(system), system id) -> (system, screen)``: a screen depends only on the system's
#: defaults and presets, so every dashboard of the kernel shares it (the system is kept
#: so its id stays unique)
_SCREENS: dict[tuple[int, str], tuple[System, analysis.GMScreen]] = {}


def axis_label(system: System, axis: tuple[str, str], lang: str) -> str:
    """``"Atacante: Habilidad"``: the form's title and the field's label."""
    role, name = axis
    spec = dict(fields.describe(system.forms[role]))[name]
    return f"{i18n.t(f'form.{role}', lang)}: {spec.label_for(lang)}"


def _pct(value: float, lang: str) -> str:
    return "—" if math.isnan(value) else i18n.percent(value / 100, lang, 1)


def _weapons(system: System) -> tuple[tuple[str, Any], ...]:
    """Each weapon preset against the defaults, as :func:`rolkit.analysis.gm_screen` has
    them (a weapon the default attacker cannot use here is left out)."""
    base = system.defaults()
    out = []
    for name, weapon in system.presets.get("weapon", {}).items():
        forms = {**base, "weapon": weapon}
        try:
            odds = system.odds(*(forms[role] for role in FORM_NAMES))
        except RulesError:
            continue
        out.append((name, odds))
    return tuple(out)


class ScreenPanel(GuardedPanel):
    """The Tablas tab for ``state.system``."""

    title_key = "gm.tab.screen"
    name = "screen"

    def __init__(self, state: AppState):
        self.state = state
        self.title = ipw.HTML()
        self.grid = ipw.HTML()
        self.grid.add_class("rolkit-screen-grid")
        self.weapons = ipw.HTML()
        self.weapons.add_class("rolkit-screen-weapons")
        self.download = ipw.HTML()
        self.download.add_class("rolkit-screen-download")
        self.message = ipw.HTML()
        self.widget = ipw.VBox([self.download, self.message, self.title, self.grid, self.weapons])
        self.widget.add_class("rolkit-screen")
        self.widget.add_class("rolkit-paper")
        self._later = Debounced(lambda: self._guard(self.show), delay=BUILD_DELAY)
        self._first = Debounced(lambda: self._guard(self.show), delay=OPEN_DELAY)
        self._shown_once = False
        self._tables: dict[tuple[int, str], analysis.HitTable] = {}

    def set_system(self, system: System, params: list[tuple[str, str]] | None = None) -> list:
        for w in (self.title, self.grid, self.weapons, self.download):
            w.value = ""
        self.message.value = views.busy_html(i18n.t("gm.screen.busy", self.lang))
        (self._later if self._shown_once else self._first)()
        return []

    def set_language(self, lang: str) -> None:
        system = self.state.system
        if self._shown_once and system is not None and (id(system), system.id) in _SCREENS:
            self._guard(self.show)  # a kept screen: only its words change, at once
        else:
            self._later()

    def _table(
        self, system: System, axes: tuple[tuple[str, str], tuple[str, str]]
    ) -> analysis.HitTable:
        """The hit grid of the system's defaults as plain lists (kept for :attr:`screen`)."""
        key = (id(system), system.id)
        if key not in self._tables:
            self._tables[key] = analysis.hit_table(
                system, system.defaults(), rows=axes[0], cols=axes[1]
            )
        return self._tables[key]

    @property
    def screen(self) -> analysis.GMScreen | None:
        """The current system's GM screen (computed once per system), or ``None``."""
        system = self.state.system
        if system is None or not (system.screen_axes or system.grid_axes):
            return None
        key = (id(system), system.id)
        if key not in _SCREENS:
            axes = system.screen_axes or system.grid_axes
            assert axes is not None
            if key in self._tables:  # the grid already shown: only the weapons remain
                weapons = _weapons(system)
                grid = self._tables.pop(key).frame()
                screen = analysis.GMScreen(system, axes[0], axes[1], grid, weapons)
            else:
                screen = analysis.gm_screen(system)
            _SCREENS[key] = (system, screen)
        return _SCREENS[key][1]

    def show(self) -> None:
        """Fill the tables and the download link in the UI language: the hit grid as soon
        as it is computed, then the weapons (each new system's screen is computed once)."""
        self._shown_once = True
        system, lang = self.state.system, self.lang
        if system is None or not (system.screen_axes or system.grid_axes):
            self.message.value = views.info_html(i18n.t("gm.screen.none", lang))
            return
        key = (id(system), system.id)
        if key not in _SCREENS:
            axes = system.screen_axes or system.grid_axes
            assert axes is not None
            name = system.display_name(lang)
            self.title.value = f"<h3>{html.escape(i18n.t('screen.title', lang, system=name))}</h3>"
            table = self._table(system, axes)  # the grid alone, its weapons still to come
            self.grid.value = self.grid_html(analysis.GMScreen(system, *axes, table, ()), lang)
            self.message.value = views.busy_html(i18n.t("gm.screen.busy.weapons", lang))
        screen = self.screen
        assert screen is not None
        self.message.value = ""
        name = screen.system.display_name(lang)
        self.title.value = f"<h3>{html.escape(i18n.t('screen.title', lang, system=name))}</h3>"
        self.grid.value = self.grid_html(screen, lang)
        self.weapons.value = self.weapons_html(screen, lang)
        self.download.value = download_link(
            screen_html(screen, lang),
            f"rolkit-pantalla-{screen.system.id}-{lang}.html",
            "text/html",
            i18n.t("gm.screen.download", lang),
            "rolkit-screen-link",
        )

    def grid_html(self, screen: analysis.GMScreen, lang: str) -> str:
        """The screen's hit grid as the tab's table: a :class:`~rolkit.analysis.HitTable`
        (drawn before the weapons, pandas not needed) or the whole screen's DataFrame."""
        g = screen.grid
        if isinstance(g, analysis.HitTable):
            return self.table_html(screen.system, g, lang)
        values = tuple(tuple(row) for row in g.itertuples(index=False))
        table = analysis.HitTable(
            screen.rows, screen.cols, tuple(g.index), tuple(g.columns), values
        )
        return self.table_html(screen.system, table, lang)

    def table_html(self, system: System, table: analysis.HitTable, lang: str) -> str:
        """The hit grid: a row per value of the row axis, P(hit) in percent ("—" where the
        rules refuse the pair), both axes named by their labels in ``lang``."""
        e = html.escape
        rows, cols = axis_label(system, table.rows, lang), axis_label(system, table.cols, lang)
        head = "".join(f"<th>{e(str(c))}</th>" for c in table.columns)
        body = "".join(
            f"<tr><th>{e(str(r))}</th>"
            + "".join(f'<td class="rolkit-num">{e(_pct(v, lang))}</td>' for v in values)
            + "</tr>"
            for r, values in zip(table.index, table.values, strict=True)
        )
        title = i18n.t("gm.screen.grid", lang, rows=rows, cols=cols)
        return (
            f"<h4>{e(title)}</h4><table class='{GRID_CLASS}'><thead><tr>"
            f"<th>{e(rows)} ↓ · {e(cols)} →</th>{head}</tr></thead><tbody>{body}</tbody></table>"
        )

    def weapons_html(self, screen: analysis.GMScreen, lang: str) -> str:
        e = html.escape
        keys = ("compare.hit", "fate.down", "fate.dead", "compare.damage")
        head = f"<th>{e(i18n.t('screen.weapon', lang))}</th>" + "".join(
            f"<th>{e(i18n.t(k, lang))}</th>" for k in keys
        )
        body = "".join(
            f"<tr><td>{e(name)}</td>"
            + "".join(
                f'<td class="rolkit-num">{e(i18n.percent(p, lang))}</td>'
                for p in (o.p_hit, o.p_down, o.p_dead)
            )
            + f'<td class="rolkit-num">{e(i18n.number(o.expected_damage, lang, 1))}</td></tr>'
            for name, o in screen.weapons
        )
        return (
            f"<h4>{e(i18n.t('gm.screen.weapons', lang))}</h4><table class='{WEAPONS_CLASS}'>"
            f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
        )
