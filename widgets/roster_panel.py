"""The Roster tab, and the hook that puts roster entries beside the presets (issue 14, 1).

A visitor picks rosters **by name** (:class:`rolkit.roster.RosterStore` over the data
folder, :func:`rolkit.roster.data_dir`): no widget holds or takes a path. Import is an
upload of a ``.json`` file, export a download link; both bounded by
:data:`rolkit.roster.MAX_BYTES`.

The roster lives on the shared :class:`~widgets.state.AppState` (``roster_of(state)``);
the Ataque tab asks :func:`presets_with_roster` for each form's dropdown, the Combate
tab for its character and weapon lists, and both hear of a newly loaded or saved roster
through :func:`on_roster`. Nothing is read until a roster is chosen, «cargar» or
«guardar» is pressed; «guardar» always writes to the roster the dropdown shows.
"""

from __future__ import annotations

import base64
import functools
import html
from collections.abc import Callable, Mapping
from typing import Any

import ipywidgets as ipw

from rolkit import i18n
from rolkit.errors import RulesError
from rolkit.roster import DEFAULT_NAME, ROLES, Roster, RosterStore, check_name
from rolkit.system import System
from widgets import gm_texts, views  # noqa: F401  (gm_texts registers the strings)
from widgets.errors import guarded
from widgets.limits import NAME_MAX, BoundedText, too_long_message
from widgets.panel import GuardedPanel
from widgets.state import AppState

__all__ = ["RosterPanel", "presets_with_roster", "roster_of", "on_roster", "attack_panel_of"]


def roster_of(state: AppState) -> Roster | None:
    """The roster loaded in this dashboard, or ``None``."""
    return state.gm_roster


def on_roster(state: AppState, callback: Callable[[], None]) -> None:
    """Call ``callback()`` whenever a roster is loaded or saved."""
    state.gm_roster_listeners.append(callback)


def _roster_changed(state: AppState) -> None:
    for callback in state.gm_roster_listeners:
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
    with panel.hold():
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


def download_html(data: bytes, filename: str, label: str) -> str:
    """An ``<a download>`` whose ``data:`` URL holds ``data`` (JSON, base64)."""
    encoded = base64.b64encode(data).decode("ascii")
    return (
        f'<a class="rolkit-roster-download" download="{html.escape(filename)}" '
        f'href="data:application/json;base64,{encoded}">{html.escape(label)}</a>'
    )


def _wrapping_row() -> ipw.Layout:
    return ipw.Layout(flex_flow="row wrap", max_width="100%")


class RosterPanel(GuardedPanel):
    """Choose a roster by name (or create one), save the Ataque tab's current form in it,
    list its entries, import a ``.json`` upload into it and export it as a download."""

    title_key = "gm.tab.roster"
    name = "roster"

    def __init__(self, state: AppState, store: RosterStore | None = None):
        self.state = state
        self.store = store or RosterStore()
        wide = {"description_width": "initial"}
        self.chosen = ipw.Dropdown(style=wide)
        self.chosen.add_class("rolkit-roster-chosen")
        self.load_button = ipw.Button(icon="folder-open", layout=ipw.Layout(width="auto"))
        self.load_button.add_class("rolkit-roster-load")
        self.new_name = BoundedText(style=wide, max_chars=NAME_MAX)
        self.new_name.add_class("rolkit-roster-new-name")
        self.new_button = ipw.Button(icon="plus", layout=ipw.Layout(width="auto"))
        self.new_button.add_class("rolkit-roster-new")
        self.role = ipw.Dropdown(style=wide)
        self.role.add_class("rolkit-roster-role")
        self.entry_name = BoundedText(style=wide, max_chars=NAME_MAX)
        self.entry_name.add_class("rolkit-roster-name")
        self.save_button = ipw.Button(icon="save", layout=ipw.Layout(width="auto"))
        self.save_button.add_class("rolkit-roster-save")
        self.upload = ipw.FileUpload(
            accept=".json,application/json", multiple=False, layout=ipw.Layout(width="auto")
        )
        self.upload.add_class("rolkit-roster-import")
        self.export_button = ipw.Button(icon="download", layout=ipw.Layout(width="auto"))
        self.export_button.add_class("rolkit-roster-export")
        self.download = ipw.HTML()
        self.download.add_class("rolkit-roster-download-box")
        self.message = ipw.HTML()
        self.message.add_class("rolkit-roster-message")
        self.help = ipw.HTML()
        self.listing = ipw.HTML()
        self.listing.add_class("rolkit-roster-list")
        self.widget = ipw.VBox(
            [
                self.help,
                # rows wrap on a phone (420 px cut «nuevo» and hid «guardar»)
                ipw.HBox([self.chosen, self.load_button], layout=_wrapping_row()),
                ipw.HBox([self.new_name, self.new_button], layout=_wrapping_row()),
                ipw.HBox([self.role, self.entry_name, self.save_button], layout=_wrapping_row()),
                ipw.HBox([self.upload, self.export_button, self.download], layout=_wrapping_row()),
                self.message,
                self.listing,
            ]
        )
        self.widget.add_class("rolkit-roster")
        self._quiet = False
        self._refresh_names(DEFAULT_NAME if DEFAULT_NAME in self.store.names() else None, False)
        self.chosen.observe(self._on_chosen, names="value")
        self.load_button.on_click(lambda b: self._guard(self.reload))
        self.new_button.on_click(lambda b: self._guard(self.new))
        self.save_button.on_click(lambda b: self._guard(self.save))
        self.export_button.on_click(lambda b: self._guard(self.export))
        self.upload.observe(lambda c: self._guard(self.import_upload), names="value")
        for box in (self.new_name, self.entry_name):
            box.on_refused(functools.partial(self._too_long, box))
        self.set_language(state.lang)

    def _too_long(self, box: BoundedText, length: int, head: str) -> None:
        """A name past its limit from the page: refused and quoted short, beside the boxes."""
        label = box.description or ""
        text = too_long_message(label, length, box.max_chars, head, self.lang)
        self.message.value = views.error_html(text)

    # shell protocol ------------------------------------------------------------
    def set_system(self, system: System, params: list[tuple[str, str]] | None = None) -> list:
        self._show_listing()
        return []

    def set_language(self, lang: str) -> None:
        t = i18n.t
        self.help.value = f"<i>{html.escape(t('gm.roster.help', lang))}</i>"
        self.chosen.description = t("gm.roster.pick", lang)
        self.load_button.description = t("gm.roster.load", lang)
        self.load_button.tooltip = t("gm.roster.load.tip", lang)
        self.new_name.description = t("gm.roster.new_name", lang)
        self.new_name.placeholder = t("gm.roster.new_name.placeholder", lang)
        self.new_button.description = t("gm.roster.new", lang)
        value = self.role.value
        self.role.options = [(t(f"form.{r}", lang), r) for r in ROLES]
        self.role.value = value if value in ROLES else "attacker"
        self.role.description = t("gm.roster.role", lang)
        self.entry_name.description = t("gm.roster.name", lang)
        self.save_button.description = t("gm.roster.save", lang)
        self.save_button.tooltip = t("gm.roster.save.tip", lang)
        self.upload.description = t("gm.roster.import", lang)
        self.upload.tooltip = t("gm.roster.import.tip", lang)
        self.export_button.description = t("gm.roster.export", lang)
        self.export_button.tooltip = t("gm.roster.export.tip", lang)
        self._show_listing()

    def show_error(self, err: RulesError) -> None:
        """The roster's own plain sentence (it names the field by its label)."""
        text = err.message(self.lang)
        self.message.value = views.error_html(i18n.t("error.user", self.lang, msg=text))

    # actions -------------------------------------------------------------------
    def _refresh_names(self, select: str | None = None, load: bool = True) -> None:
        """The dropdown offers the folder's rosters (``roster`` when there is none) and
        shows ``select`` (else the one it shows, else the first); choosing loads."""
        names = self.store.names() or [DEFAULT_NAME]
        if select and select not in names:
            names = sorted([*names, select], key=lambda n: (n.casefold(), n))
        target = select or self.chosen.value
        if target not in names:
            target = names[0]
        before = self.chosen.value
        if list(self.chosen.options) != names:
            self._quiet = True  # no load of whatever the options change passes through
            try:
                self.chosen.options = names
            finally:
                self._quiet = False
        if self.chosen.value != target:
            self.chosen.value = target  # the observer loads it
        elif self.chosen.value != before and load:
            self.load()  # the options change moved the choice to the target quietly

    def _on_chosen(self, change: dict[str, Any]) -> None:
        if not self._quiet:
            self._guard(self.load)

    def _loaded_count(self) -> int:
        system = self.state.system
        roster = roster_of(self.state)
        if roster is None or system is None:
            return 0
        return sum(len(roster.entries(system.id, r)) for r in ROLES)

    def load(self) -> None:
        """Read the roster the dropdown shows (an absent file is an empty roster)."""
        name = self.chosen.value
        self.download.value = ""
        self.state.gm_roster = None  # never keep another roster under this name
        try:
            if name is not None:
                self.state.gm_roster = self.store.open(name)
        finally:
            self._changed()
        if name is not None:
            n = self._loaded_count()
            self.message.value = views.info_html(
                i18n.t("gm.roster.loaded", self.lang, n=n, roster=name)
            )

    def reload(self) -> None:
        """Cargar: list the folder again and read the roster shown."""
        self._refresh_names()
        self.load()

    def new(self) -> None:
        """Nuevo: create an empty roster under the name typed, and show it."""
        name = check_name(self.new_name.value)
        self.store.create(name)
        self.new_name.value = ""
        self._refresh_names(select=name)
        self.message.value = views.info_html(i18n.t("gm.roster.created", self.lang, roster=name))

    def _shown_roster(self) -> Roster:
        """The loaded roster if it is the one the dropdown shows, else that one, read now."""
        roster = roster_of(self.state)
        if roster is None or roster.name != self.chosen.value:
            self.load()
            roster = roster_of(self.state)
        assert roster is not None
        return roster

    def save(self) -> None:
        """Guardar: the Ataque tab's current form of the chosen role, under the name typed,
        in the roster the dropdown shows."""
        system = self.state.system
        if system is None:
            return
        roster = self._shown_roster()
        attack = attack_panel_of(self.state)
        form = (
            attack.sections[self.role.value].read()
            if attack
            else system.defaults()[self.role.value]
        )
        roster.add(system.id, self.role.value, self.entry_name.value, form)
        roster.save()
        self._changed()
        self._refresh_names()
        self.message.value = views.info_html(
            i18n.t(
                "gm.roster.saved",
                self.lang,
                name=self.entry_name.value.strip(),
                roster=roster.name,
            )
        )

    def import_upload(self) -> None:
        """Importar: merge the uploaded ``.json`` into the roster shown, save it, show it."""
        files = self.upload.value
        if not files:
            return
        self.upload.value = ()  # the bytes are not kept in the widget
        if len(files) != 1 or not isinstance(files[0], Mapping):
            self.message.value = views.error_html(i18n.t("gm.roster.import.one", self.lang))
            return
        content = files[0].get("content", b"")
        name = self.chosen.value
        n = self.store.import_bytes(name, content)
        self._refresh_names(select=name)
        self.load()
        self.message.value = views.info_html(
            i18n.t("gm.roster.imported", self.lang, n=n, roster=name)
        )

    def export(self) -> None:
        """Exportar: a download link of the roster shown, as ``<name>.json``."""
        name = self.chosen.value
        data = self.store.export_bytes(name)
        filename = f"{check_name(name)}.json"
        label = i18n.t("gm.roster.download", self.lang, file=filename)
        self.download.value = download_html(data, filename, label)
        self.message.value = views.info_html(i18n.t("gm.roster.exported", self.lang, roster=name))

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
            try:
                names = roster.names(system.id, role)
            except RulesError:
                names = []
            if names:
                title = html.escape(i18n.t(f"form.{role}", self.lang))
                parts.append(f"<li><b>{title}</b>: {html.escape(', '.join(names))}</li>")
        empty = f"<i>{html.escape(i18n.t('gm.roster.none', self.lang))}</i>"
        self.listing.value = f"<ul>{''.join(parts)}</ul>" if parts else empty
