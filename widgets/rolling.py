"""Tirar, shared by the Ataque and Chequeos tabs (and the Combate tab's seed box): the
seed box, the roll button, and :class:`RollingPanel`, the part of a panel that blocks
Tirar with the reason while a field is wrong and keeps the roll history."""

from __future__ import annotations

import html
from collections.abc import Iterable
from typing import Protocol

import ipywidgets as ipw

from rolkit import i18n
from rolkit.dice import check_seed
from rolkit.errors import RulesError
from widgets import views
from widgets.hardening import EntryHistory
from widgets.limits import NUMBER_MAX, BoundedText, too_long_message
from widgets.panel import GuardedPanel

__all__ = ["HISTORY_MAX", "SeedBox", "roll_button", "RollingPanel", "Relabelled"]

#: the rolls a history shows whole (the dashboard keeps only these: widgets.hardening)
HISTORY_MAX = 30


class SeedBox:
    """Tirar's seed: a typed seed is used once and the box clears, unless "fijar
    semilla" is ticked; a bad seed is a message on its own line (labels never squeezed)."""

    def __init__(self) -> None:
        wide = {"description_width": "initial"}
        self.lang = "es"
        self.text = BoundedText(
            style=wide, layout=ipw.Layout(width="8em", flex="0 0 auto"), max_chars=NUMBER_MAX
        )
        self.text.add_class("rolkit-seed")
        self.text.on_refused(self._refused)
        self.keep = ipw.Checkbox(False, indent=False, layout=ipw.Layout(width="auto"))
        self.keep.add_class("rolkit-seed-keep")
        self.error = ipw.HTML()
        self.error.add_class("rolkit-seed-error")

    def take(self) -> tuple[int | None, str]:
        """The seed for this roll and how it was given ("" automatic, typed, kept)."""
        text = self.text.value.strip()
        if not text:
            return None, ""
        seed = check_seed(text, from_text=True)
        if self.keep.value:
            return seed, "dash.seed.fixed"
        self.text.value = ""
        return seed, "dash.seed.typed"

    def show_bad(self, err: RulesError) -> None:
        """A seed that is not one, said on the seed's own line."""
        self.error.value = views.error_html(
            i18n.t("dash.seed.bad", self.lang, msg=err.message(self.lang))
        )

    def _refused(self, length: int, head: str) -> None:
        label = i18n.t("seed", self.lang)
        text = too_long_message(label, length, NUMBER_MAX, head, self.lang)
        self.error.value = views.error_html(text)

    def relabel(self, lang: str) -> None:
        self.lang = lang
        self.text.description = i18n.t("seed", lang)
        self.text.placeholder = i18n.t("seed.auto", lang)
        self.keep.description = i18n.t("dash.seed.keep", lang)
        self.keep.tooltip = i18n.t("dash.seed.keep.tip", lang)


def roll_button(cls: str, icon: str = "dice") -> ipw.Button:
    button = ipw.Button(button_style="primary", icon=icon, layout=ipw.Layout(flex="0 0 auto"))
    button.add_class(cls)
    return button


class Relabelled(Protocol):
    """A part of a panel that says its own texts again in another language."""

    def relabel(self, lang: str) -> None: ...


class RollingPanel(GuardedPanel):
    """Mixin: a panel with live results (``results``), Tirar (``roll_button``, its
    ``roll_reason`` and ``seed_box``) and a roll history (``entries`` shown in
    ``history``, newest first)."""

    results: views.ResultsView
    roll_button: ipw.Button
    roll_reason: ipw.HTML
    seed_box: SeedBox
    history: ipw.VBox
    #: a plain list for a panel on its own; the dashboard bounds it (widgets.app)
    entries: list[views.HistoryEntry] | EntryHistory
    error: RulesError | None

    def relabel(self) -> None:
        """The panel's own texts in ``self.lang`` (each panel says which)."""
        raise NotImplementedError

    def relabelled(self) -> Iterable[Relabelled]:
        """The panel's forms (or sections) that relabel themselves."""
        raise NotImplementedError

    def refresh(self) -> None:
        """Recompute the results from the forms (each panel says how)."""
        raise NotImplementedError

    def set_language(self, lang: str) -> None:
        """Relabel everything in ``lang``, then refresh once (relabelled dropdowns re-set
        their values: held, they do not each refresh)."""
        with self.hold():
            self.relabel()
            for part in self.relabelled():
                part.relabel(lang)
            for entry in self.entries:
                entry.relabel(lang)
        self.refresh()

    def unblock_roll(self) -> None:
        """A valid setup again: no error, no reason, Tirar enabled."""
        self.error = None
        self.message.value = self.roll_reason.value = ""
        self.roll_button.disabled = False
        self.roll_button.tooltip = ""

    def block_roll(self, text: str) -> None:
        """An invalid setup: the message ``text``, the last results greyed, and Tirar
        disabled with the reason beside it."""
        self.message.value = views.error_html(i18n.t("error.user", self.lang, msg=text))
        self.results.set_stale(True, i18n.t("dash.stale", self.lang))
        reason = i18n.t("dash.roll.blocked", self.lang, msg=text)
        self.roll_button.disabled = True
        self.roll_button.tooltip = reason
        self.roll_reason.value = f"<small>{html.escape(reason)}</small>"

    def take_seed(self) -> tuple[int | None, str] | None:
        """The seed of the next roll and its note; None (said by the box) when it is bad."""
        try:
            return self.seed_box.take()
        except RulesError as err:
            self.seed_box.show_bad(err)
            return None

    def add_entry(self, entry: views.HistoryEntry) -> None:
        """``entry`` at the top of the history; only the last :data:`HISTORY_MAX` shown."""
        self.entries.insert(0, entry)
        self.history.children = [e.widget for e in self.entries[:HISTORY_MAX]]
