"""The dashboard shell: header (title, system, language, link, print), the tabs.

``Dashboard(system=None, lang=None)`` shares one :class:`widgets.state.AppState` with its
panels (:class:`widgets.attack.AttackPanel`, :class:`widgets.checks.ChecksPanel`); a
panel is any object with ``name``, ``title_key``, ``widget``, ``set_system(system,
params) -> dropped``, ``set_language(lang)`` — the Combate and Tablas tabs plug in
through ``Dashboard.PANELS`` without touching the others.

``Dashboard.from_query_string()`` reads the Voilà request's query (``system``, ``lang``
and every field the link carries); the address follows the setup as the GM edits.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

import ipywidgets as ipw

from rolkit import i18n
from rolkit.system import System
from widgets import views
from widgets.attack import NONE, AttackPanel
from widgets.checks import ChecksPanel
from widgets.compare import ComparePanel
from widgets.errors import guarded
from widgets.fight import FightPanel
from widgets.fight_table import TABLE_KEY, PlayersView, close_tree
from widgets.hardening import EntryHistory
from widgets.header import build_header
from widgets.rolling import HISTORY_MAX
from widgets.roster_panel import RosterPanel
from widgets.screen import ScreenPanel
from widgets.state import AppState, parse_query
from widgets.tabs import LazyTabs, TabPanel
from widgets.voila_query import query_params, served_query_string

__all__ = ["Dashboard", "query_params", "NONE"]


class Dashboard:
    """The rolkit dashboard for one system and language, switchable at run time.

    Args:
        system: a system id (default: ``?system=`` of the Voilà request when the kernel
            already knows it, else the first of ``rolkit.systems()``).
        lang: ``"es"`` (default) or ``"en"`` (default: ``?lang=`` likewise).
        registry: ``{id: System}`` to show instead of the registered systems (tests).
        query: a whole link's query string to restore (system, language, fields).
    """

    PANELS = (AttackPanel, ChecksPanel, FightPanel, ScreenPanel, ComparePanel, RosterPanel)
    #: panels built when their tab first opens (widgets.tabs), and the link keys each reads
    LAZY = ("checks", "fight", "screen", "compare", "roster")
    LINK_KEYS = {"checks": ("check",)}

    def __init__(
        self,
        system: str | None = None,
        lang: str | None = None,
        registry: Mapping[str, System] | None = None,
        query: str | None = None,
    ):
        env = query_params(query if query is not None else os.environ.get("QUERY_STRING"))
        system, lang = system or env.get("system"), lang or env.get("lang")
        self.state = AppState(registry, lang or "es")
        self.ids = self.state.ids
        self._holding = False
        self._js_count = 0
        self.players: PlayersView | None = None  # the players' page, once opened
        self._params = parse_query(query) if query is not None else []
        self._build_chrome()
        if not self.ids:
            self.notes.value = views.error_html(i18n.t("dashboard.no_systems", self.lang))
            return
        self.state.on_link(self._link_changed)
        start = system if system is not None and system in self.ids else self.ids[0]
        self._guard(lambda: self.set_system(start))
        if TABLE_KEY in env:
            self._guard(lambda: self.open_table(env[TABLE_KEY], env.get("lang")))

    @classmethod
    def from_query_string(cls, query: str | None = None, **kw: Any) -> Dashboard:
        """A dashboard opened on a link (Voilà's request, or ``query``)."""
        if query is not None:
            return cls(query=query, **kw)
        dashboard = cls(**kw)  # built before the request: a preheated kernel is warm
        for system_id in dashboard.ids:  # import every system before the request too
            dashboard._guard(lambda s=system_id: dashboard.state.get_system(s))
        dashboard._guard(lambda: dashboard.restore(served_query_string()))
        return dashboard

    # ------------------------------------------------------------------ layout
    def _build_chrome(self) -> None:
        self.css = ipw.HTML(views.DASHBOARD_CSS)
        head = build_header(self.lang, self._run_js, self._guard)
        header, self.title, self.picker, self.lang_toggle = head[:4]
        self.linkbar, self.print_button, self.js = head[4:]
        self.link, self.copy_button = self.linkbar.link, self.linkbar.copy_button
        self.notes = ipw.HTML()
        self.notes.add_class("rolkit-notes")
        self._tabs = LazyTabs(
            self.PANELS, self.state, self.LAZY, self.LINK_KEYS, self._prepare_panel, self._guard
        )
        self.attack = self._tabs.panel_as(0, AttackPanel)
        self.tabs = self._tabs.widget
        self.widget = ipw.VBox([self.css, header, self.notes, self.tabs])
        self._chrome = (header, self.notes)
        self.widget.add_class("rolkit-dashboard")
        self.picker.observe(
            lambda ch: self._holding or self._guard(lambda: self.set_system(ch.new)), "value"
        )
        self.lang_toggle.observe(
            lambda ch: self._holding or self._guard(lambda: self.set_language(ch.new)), "value"
        )
        self.print_button.on_click(lambda b: self._run_js("window.print()"))
        self.tabs.observe(
            lambda ch: self._holding or self._guard(lambda: self._tab_opened(ch.new)),
            "selected_index",
        )

    @staticmethod
    def _prepare_panel(panel: TabPanel) -> None:
        if isinstance(panel, (AttackPanel, ChecksPanel)):  # bounded (#17): rolls kept whole
            panel.entries = EntryHistory(limit=HISTORY_MAX)

    @property
    def panels(self) -> list[Any]:
        """Every panel (a tab not opened yet is built now)."""
        return self._tabs.all()

    @property
    def checks(self) -> ChecksPanel:
        return self._tabs.panel_as(1, ChecksPanel)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    # ------------------------------------------------------------------ state
    @property
    def lang(self) -> str:
        return self.state.lang

    @property
    def system(self) -> System | None:
        return self.state.system

    def _guard(self, fn: Any) -> Any:
        return guarded(fn, self.attack.show_error, self._apologise)

    def _apologise(self) -> None:
        self.notes.value = views.error_html(i18n.t("error.bug", self.lang))

    def restore(self, query: str | None) -> None:
        """Open a link: its system, language and every field it carries."""
        params = parse_query(query)
        first = dict(params)
        if TABLE_KEY in first:  # the players' page of a fight: nothing else is shown
            if self.players is None:
                self.open_table(first[TABLE_KEY], first.get("lang"))
            return
        lang = first.get("lang")
        if lang in i18n.LANGUAGES and lang != self.lang:
            self.set_language(lang)
        system = first.get("system")
        target = system if system in self.ids else (self.system.id if self.system else None)
        fields_given = any("." in key or key in ("check", "tab") for key, _ in params)
        if target is not None and (target != getattr(self.system, "id", None) or fields_given):
            self._params = params
            self.set_system(target, force=True)

    def open_table(self, table_id: str, lang: str | None = None) -> PlayersView:
        """Become the players' read-only view of the fight ``table_id`` (the Combate tab's
        «vista de los jugadores»): the dashboard's controls are closed, the page follows
        the GM's table file (:mod:`widgets.fight_table`) and never changes its address."""
        lang = lang if lang in i18n.LANGUAGES else self.lang
        view = PlayersView(table_id, lang)
        kept = {id(self.css), id(self.widget)}
        self.widget.children = (self.css, view.widget)
        for child in (*self._chrome, self.tabs):
            close_tree(child, keep=lambda w: id(w) in kept)
        view.start()
        self.players = view
        return view

    def open(self, system: str | None = None, lang: str | None = None) -> None:
        """Switch to ``system`` and ``lang`` when given and known."""
        if lang in i18n.LANGUAGES and lang != self.lang:
            self.set_language(lang)
        if system is not None and system in self.ids:
            self.set_system(system)

    def set_system(self, system_id: str, force: bool = False) -> None:
        """Show ``system_id`` in every panel (a link's fields restored once)."""
        if system_id is None or (
            not force and self.system is not None and self.system.id == system_id
        ):
            return
        text = i18n.t("dash.switching", self.lang, system=self.state.system_label(system_id))
        with views.switching(self.widget, self.notes, text):  # the old forms hidden meanwhile
            self.state.system = self.state.get_system(system_id)
            params, self._params = self._params, []
            self._tabs.make_needed(params)
            dropped: list[tuple[str, str]] = []
            for panel in self._tabs.built():
                dropped += (
                    self._guard(lambda p=panel: p.set_system(self.state.system, params)) or []
                )
            index, tab_dropped = self.state.tab_in_link(params, self._tabs.names)
            if index is not None:
                self.tabs.selected_index = index
            self._relabel_chrome()
            self.picker.value = system_id
            self._show_dropped(dropped + tab_dropped)
            self._link_changed()

    def set_language(self, lang: str) -> None:
        """Relabel the header and every panel in ``lang``."""
        self.state.lang = lang if lang in i18n.LANGUAGES else "es"
        self._holding = True
        try:
            self.lang_toggle.value = self.lang
            self._relabel_chrome()
        finally:
            self._holding = False
        for panel in self._tabs.built():
            self._guard(lambda p=panel: p.set_language(self.lang))
        self._link_changed()

    def _relabel_chrome(self) -> None:
        self.title.value = f"<h3 style='margin:0'>{i18n.t('app.title', self.lang)}</h3>"
        current = self.system.id if self.system else None
        self._holding = True
        try:
            self.picker.options = [(self.state.system_label(i), i) for i in self.ids]
            self.picker.value = current
        finally:
            self._holding = False
        self.picker.description = i18n.t("system", self.lang)
        self.print_button.description = i18n.t("dash.print", self.lang)
        self.print_button.tooltip = i18n.t("dash.print.tip", self.lang)
        for i, key in enumerate(self._tabs.title_keys):
            self.tabs.set_title(i, i18n.t(key, self.lang))

    def _tab_opened(self, index: int | None) -> None:
        """The link follows the open tab (the first one, Ataque, is the default); a tab
        opened for the first time builds its panel."""
        if index is not None:
            self._tabs.panel(index)
        name = self._tabs.names[index] if index else ""
        self.state.set_tab(name)

    def _show_dropped(self, dropped: list[tuple[str, str]]) -> None:
        if not dropped:
            self.notes.value = ""
            return
        what = "; ".join(f"{label} = «{text}»" for label, text in dropped)
        self.notes.value = views.error_html(i18n.t("dash.link.dropped", self.lang, what=what))

    # ------------------------------------------------------------------ the link
    def _link_changed(self) -> None:
        self.linkbar.show(self.state.query(), self.lang)

    def _run_js(self, code: str) -> None:
        self._js_count += 1
        self.js.value = views.js_html(code, self._js_count)

    # ------------------------------------------------------------------ the attack panel
    # Kept on the shell for callers written before the tabs (tests, notebooks).
    def __getattr__(self, name: str) -> Any:
        if name in _ATTACK_ATTRIBUTES:
            return getattr(self.__dict__["attack"], name)
        raise AttributeError(name)


_ATTACK_ATTRIBUTES = frozenset(
    (  # noqa: SIM905 - one name per word, 22 of them
        "sections entries undo_stack odds message headline table chart roll_button seed "
        "seed_error undo_button history history_title read refresh roll apply undo errors "
        "show_error _refresh"
    ).split()
)
