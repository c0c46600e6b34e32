"""The Roster tab, and the hook that puts roster entries beside the presets (issue 14, 1).

The roster lives on the shared :class:`~widgets.state.AppState` (``roster_of(state)``);
the Ataque tab asks :func:`presets_with_roster` for each form's dropdown, the Combate
tab for its character and weapon lists, and both hear of a newly loaded or saved roster
through :func:`on_roster`. Loading reads the file shown (default
:func:`rolkit.roster.default_path`); nothing is read until "cargar" is pressed.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping
from typing import Any

import ipywidgets as ipw

from rolkit import i18n
from rolkit.errors import RulesError
from rolkit.roster import ROLES, Roster, default_path
from rolkit.system import System
from widgets import gm_texts, views  # noqa: F401  (gm_texts registers the strings)
from widgets.errors import guarded
from widgets.panel import GuardedPanel
from widgets.state import AppState

__all__ = ["RosterPanel", "presets_with_roster", "roster_of", "on_roster", "attack_panel_of"]


def roster_of(state: AppState) -> Roster | None:
    """The roster loaded in this dashboard, or ``None``."""
    return getattr(state, "gm_roster", None)


def on_roster(state: AppState, callback: Callable[[], None]) -> None:
    """Call ``callback()`` whenever a roster is loaded or saved."""
    listeners = state.__dict__.setdefault("gm_roster_listeners", [])
    listeners.append(callback)


def _roster_changed(state: AppState) -> None:
    for callback in state.__dict__.get("gm_roster_listeners", []):
        guarded(callback)


def attack_panel_of(state: AppState) -> Any:
    """The Ataque tab of this dashboard (it registers itself through the hook), or ``None``."""
    return getattr(state, "gm_attack", None)


def roster_entries(state: AppState, system: System, role: str) -> dict[str, Any]:
    """``{"<name> (roster)": instance}`` of the loaded roster for ``role``."""
    roster = roster_of(state)
    if roster is None or role not in ROLES:
        return {}
    try:
        entries = roster.entries(system.id, role)
    except RulesError:
        return {}
    return {i18n.t("gm.roster.suffix", "es", name=n): v for n, v in entries.items()}


def presets_with_roster(panel: Any, role: str, presets: Mapping[str, Any]) -> dict[str, Any]:
    """The hook of the Ataque tab: its presets of ``role`` followed by the roster's entries.

    Also records ``panel`` as the dashboard's Ataque tab (the Roster and Comparar tabs read
    its current forms).
    """
    panel.state.gm_attack = panel
    return {**dict(presets), **roster_entries(panel.state, panel.state.system, role)}


def refresh_attack_presets(state: AppState) -> None:
    """Give the Ataque tab's preset dropdowns the roster's current entries."""
    panel, system = attack_panel_of(state), state.system
    if panel is None or system is None:
        return
    with panel._hold():
        for role, section in panel.sections.items():
            section.presets = presets_with_roster(panel, role, system.presets.get(role, {}))
            if section.presets and not any(
                section.preset in getattr(c, "children", ()) for c in section.box.children
            ):
                section.box.children = (
                    ipw.HBox([section.preset, section.modified]),
                    *section.box.children,
                )
            section.relabel(state.lang)


class RosterPanel(GuardedPanel):
    """Load a roster file, save the Ataque tab's current form under a name, list entries."""

    title_key = "gm.tab.roster"
    name = "roster"

    def __init__(self, state: AppState):
        self.state = state
        wide = {"description_width": "initial"}
        self.path = ipw.Text(value=str(default_path()), style=wide, layout=ipw.Layout(width="40em"))
        self.path.add_class("rolkit-roster-path")
        self.load_button = ipw.Button(icon="folder-open", layout=ipw.Layout(width="auto"))
        self.load_button.add_class("rolkit-roster-load")
        self.role = ipw.Dropdown(style=wide)
        self.role.add_class("rolkit-roster-role")
        self.entry_name = ipw.Text(style=wide)
        self.entry_name.add_class("rolkit-roster-name")
        self.save_button = ipw.Button(icon="save", layout=ipw.Layout(width="auto"))
        self.save_button.add_class("rolkit-roster-save")
        self.message = ipw.HTML()
        self.message.add_class("rolkit-roster-message")
        self.help = ipw.HTML()
        self.listing = ipw.HTML()
        self.listing.add_class("rolkit-roster-list")
        self.widget = ipw.VBox(
            [
                self.help,
                ipw.HBox([self.path, self.load_button]),
                ipw.HBox([self.role, self.entry_name, self.save_button]),
                self.message,
                self.listing,
            ]
        )
        self.widget.add_class("rolkit-roster")
        self.load_button.on_click(lambda b: self._guard(self.load))
        self.save_button.on_click(lambda b: self._guard(self.save))
        self.set_language(state.lang)

    # shell protocol ------------------------------------------------------------
    def set_system(self, system: System, params: list[tuple[str, str]] | None = None) -> list:
        self._show_listing()
        return []

    def set_language(self, lang: str) -> None:
        self.help.value = f"<i>{html.escape(i18n.t('gm.roster.help', lang))}</i>"
        self.path.description = i18n.t("gm.roster.path", lang)
        self.load_button.description = i18n.t("gm.roster.load", lang)
        value = self.role.value
        self.role.options = [(i18n.t(f"form.{r}", lang), r) for r in ROLES]
        self.role.value = value if value in ROLES else "attacker"
        self.role.description = i18n.t("gm.roster.role", lang)
        self.entry_name.description = i18n.t("gm.roster.name", lang)
        self.save_button.description = i18n.t("gm.roster.save", lang)
        self.save_button.tooltip = i18n.t("gm.roster.save.tip", lang)
        self._show_listing()

    # actions -------------------------------------------------------------------
    def load(self) -> None:
        """Cargar: read the file shown (an absent file is an empty roster)."""
        self.state.gm_roster = Roster(self.path.value.strip() or default_path())
        self._changed()
        system = self.state.system
        n = sum(len(self.state.gm_roster.entries(system.id, r)) for r in ROLES) if system else 0
        self.message.value = views.info_html(i18n.t("gm.roster.loaded", self.lang, n=n))

    def save(self) -> None:
        """Guardar: the Ataque tab's current form of the chosen role, under the name typed."""
        if roster_of(self.state) is None:
            self.load()
        roster, system = roster_of(self.state), self.state.system
        attack = attack_panel_of(self.state)
        assert roster is not None and system is not None
        form = (
            attack.sections[self.role.value].read()
            if attack
            else system.defaults()[self.role.value]
        )
        roster.add(system.id, self.role.value, self.entry_name.value, form)
        roster.save()
        self._changed()
        self.message.value = views.info_html(
            i18n.t(
                "gm.roster.saved", self.lang, name=self.entry_name.value.strip(), path=roster.path
            )
        )

    def _changed(self) -> None:
        refresh_attack_presets(self.state)
        _roster_changed(self.state)
        self._show_listing()

    def _show_listing(self) -> None:
        roster, system = roster_of(self.state), self.state.system
        if roster is None or system is None:
            self.listing.value = ""
            return
        parts = []
        for role in ROLES:
            names = roster.names(system.id, role)
            if names:
                title = html.escape(i18n.t(f"form.{role}", self.lang))
                parts.append(f"<li><b>{title}</b>: {html.escape(', '.join(names))}</li>")
        empty = f"<i>{html.escape(i18n.t('gm.roster.none', self.lang))}</i>"
        self.listing.value = f"<ul>{''.join(parts)}</ul>" if parts else empty
