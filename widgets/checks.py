"""The Chequeos tab: each of ``s.checks`` with its small form, the exact chance of every
degree (table and chart) and Tirar/repetir, as for attacks.

Generic over :class:`rolkit.system.CheckProcedure`: ``.form`` (fields metadata),
``.degrees``, ``.odds(form, options)``, ``.resolve(form, options, seed=)``. The options
are the attack panel's current house rules (``AppState.options``).
"""

from __future__ import annotations

import html
from collections.abc import Iterable
from typing import Any

import ipywidgets as ipw

from rolkit import i18n
from rolkit.errors import RulesError
from rolkit.model import CheckOdds, CheckResolution
from rolkit.system import CheckProcedure, System
from widgets import views
from widgets.forms import Form, form_for, humanize, was_shown
from widgets.rolling import RollingPanel, SeedBox, roll_button
from widgets.state import AppState, decode_form, encode_form
from widgets.timing import Debounced

__all__ = ["ChecksPanel", "check_headline"]


def check_headline(r: Any, lang: str) -> str:
    """``Chequeo: Éxito`` — the check's name and the degree rolled."""
    label = r.label[0] if lang == "es" else r.label[1]
    return f"{label}: {r.degree.label_for(lang)}"


class ChecksPanel(RollingPanel):
    """The Chequeos tab for ``state.system``: pick a check, fill its form, see its law."""

    title_key = "dash.tab.checks"
    name = "checks"

    def __init__(self, state: AppState):
        self.state = state
        self.forms: dict[str, Form] = {}
        self.entries = []
        self.odds: CheckOdds | None = None
        self.error: RulesError | None = None
        self._values: dict[str, Any] = {}
        self._schedule = Debounced(self.refresh)
        self.picker = ipw.Dropdown(style={"description_width": "initial"})
        self.picker.add_class("rolkit-check-picker")
        self.form_box = ipw.VBox(layout=ipw.Layout(width="45%", min_width="20em"))
        self.form_box.add_class("rolkit-forms")
        self.form_box.add_class("rolkit-checks-form")
        self.none = ipw.HTML()
        self.results = views.ResultsView()
        self.headline, self.table, self.chart = (
            self.results.headline,
            self.results.table,
            self.results.chart,
        )
        self.table.remove_class("rolkit-odds-box")
        self.table.add_class("rolkit-odds-box")
        self.message = self.results.message
        self.roll_button = roll_button("rolkit-check-roll")
        self.seed_box = SeedBox()
        self.seed, self.seed_error = self.seed_box.text, self.seed_box.error
        self.roll_reason = ipw.HTML()
        self.history = ipw.VBox()
        self.history.add_class("rolkit-check-history")
        roll_line = ipw.HBox(
            [self.roll_button, self.seed, self.seed_box.keep],
            layout=ipw.Layout(flex_flow="row wrap", align_items="center"),
        )
        roll_line.add_class("rolkit-roll-line")
        self.results_box = ipw.VBox(
            [self.results.box, roll_line, self.roll_reason, self.seed_error, self.history],
            layout=ipw.Layout(width="55%", min_width="20em", padding="0 0 0 1em"),
        )
        self.results_box.add_class("rolkit-results")
        self.results_box.add_class("rolkit-paper")
        self.body = ipw.HBox(
            [self.form_box, self.results_box], layout=ipw.Layout(flex_flow="row wrap")
        )
        self.body.add_class("rolkit-body")
        self.widget = ipw.VBox([self.none, self.body])
        self.widget.add_class("rolkit-checks")
        self.picker.observe(self.when_free(lambda: self._guard(self._show_check)), "value")
        self.roll_button.on_click(lambda b: self.roll())

    @property
    def check(self) -> CheckProcedure | None:
        return self.system.checks.get(self.picker.value) if self.system else None

    def _shown(self) -> CheckProcedure:
        """The check on screen (its actions run only while there is one)."""
        check = self.check
        if check is None:
            raise RuntimeError("no check on screen")
        return check

    # ------------------------------------------------------------------ shell protocol
    def set_system(self, system: System, params: list[tuple[str, str]] | None = None) -> list:
        self.forms = {}
        dropped: list = []
        values: dict[str, Any] = {}
        for cid, check in system.checks.items():
            values[cid], lost = decode_form(
                check.form, f"check.{cid}.", params or [], check.defaults(), self.lang
            )
            dropped += [(f"{check.label_for(self.lang)} › {k}", v) for k, v in lost]
        self._values = values
        wanted = dict(params or []).get("check")
        with self.hold():
            self.relabel()
            if system.checks:
                self.picker.value = wanted if wanted in system.checks else next(iter(system.checks))
        self.body.layout.display = None if system.checks else "none"
        self._show_check()
        return dropped

    def relabelled(self) -> Iterable[Form]:
        return self.forms.values()

    def relabel(self) -> None:
        lang = self.lang
        checks = self.system.checks if self.system else {}
        value = self.picker.value
        with self.hold():
            self.picker.options = [(c.label_for(lang), cid) for cid, c in checks.items()]
            if value in checks:
                self.picker.value = value
        self.picker.description = i18n.t("dash.checks.pick", lang)
        self.none.value = (
            "" if checks else f"<i>{html.escape(i18n.t('dash.checks.none', lang))}</i>"
        )
        self.roll_button.description = i18n.t("roll", lang)
        self.seed_box.relabel(lang)
        if not self.entries:
            self.history.children = [ipw.HTML(f"<i>{i18n.t('dash.checks.empty', lang)}</i>")]

    # ------------------------------------------------------------------ values
    def _show_check(self) -> None:
        check = self.check
        if check is None:
            self.form_box.children = [self.picker] if self.system and self.system.checks else []
            return
        if check.id not in self.forms:
            form = form_for(check.form, self.lang)
            form.set(self._values.get(check.id, check.defaults()))
            form.observe(self.when_free(self._schedule))
            self.forms[check.id] = form
        self.form_box.children = [self.picker, self.forms[check.id].widget]
        self.refresh()

    def read(self) -> Any:
        return self.forms[self._shown().id].read()

    def refresh(self) -> None:
        if self.check is not None:
            self._guard(self._refresh)

    def _refresh(self) -> None:
        form = self.read()
        odds = self.odds = self._shown().odds(form, self.state.options)
        self.unblock_roll()
        self.results.show(
            views.check_headline_text(odds, self.lang),
            views.check_table_html(odds, self.lang),
            views.check_chart_png(odds, self.lang),
        )
        self.state.set_params(self.name, self.params())

    def params(self) -> dict[str, str]:
        """The check on screen and every non-default field of each built check form."""
        out: dict[str, str] = {}
        checks = self.active_system.checks
        first = next(iter(checks), None)
        if self.check is not None and self.check.id != first:
            out["check"] = self.check.id
        for cid, form in self.forms.items():
            try:
                value = form.read()
            except RulesError:
                continue
            out.update(encode_form(f"check.{cid}.", value, checks[cid].defaults()))
        return out

    # ------------------------------------------------------------------ Tirar
    def roll(self) -> None:
        if self.roll_button.disabled or self.check is None:
            return
        self._guard(self._roll)

    def _roll(self) -> None:
        self.seed_error.value = ""
        form = self.read()
        taken = self.take_seed()
        if taken is None:
            return
        seed, note = taken
        check, options = self._shown(), self.state.options
        r: CheckResolution = check.resolve(form, options, seed=seed)
        entry = views.HistoryEntry(
            r,
            self.lang,
            len(self.entries) + 1,
            self._guard,
            check_headline,
            lambda: check.resolve(r.form, options, seed=r.seed),
            self.active_system.i18n_prefix,
            note,
        )
        self.add_entry(entry)

    def show_error(self, err: RulesError) -> None:
        self.error = err
        form = self.forms.get(self.check.id) if self.check else None
        labels = form.labels(self.lang) if form else {}
        self.block_roll(humanize(err, self.lang, labels))
        if form is not None and not was_shown(err):
            form.show_error(err)
