"""The Ataque tab: the four forms and the options, live odds, Tirar, the roll history.

Generic over the System API: forms come from field metadata, odds from ``s.odds``, rolls
from ``s.resolve``, after-states from ``s.after``. The results column stays in view while
the forms scroll (CSS in :mod:`widgets.views`). A field that does not hold a valid value
keeps its text and message; the odds stay on the last valid setup, greyed, and Tirar is
disabled with the reason.
"""

from __future__ import annotations

import dataclasses
import html
import re
from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from typing import Any

import ipywidgets as ipw

from rolkit import i18n
from rolkit.display import tables
from rolkit.errors import RulesError
from rolkit.fields import describe
from rolkit.system import FORM_NAMES, System
from widgets import views
from widgets.errors import guarded
from widgets.forms import (
    ChoiceRow,
    Form,
    clean_help,
    field_labels,
    field_spec,
    form_for,
    humanize,
    strip_spec_codes,
    was_shown,
)
from widgets.rolling import HISTORY_MAX, RollingPanel, SeedBox, roll_button
from widgets.roster_panel import presets_with_roster
from widgets.state import AppState, decode_form, encode_form
from widgets.timing import Debounced

__all__ = ["AttackPanel", "Section", "SeedBox", "ROLES", "NONE", "HISTORY_MAX"]

ROLES = (*FORM_NAMES, "options")
TITLE_KEYS = {role: f"form.{role}" for role in ROLES}
#: a link's ``preset.<role>=<name>``: the preset each form's dropdown shows
PRESET_KEY = "preset."


FINISH_DELAY = 0.1  # seconds of quiet before the rest (derived values, link…) follows the table
#: seconds of quiet before the chart follows: drawing it costs more than the odds and the
#: table together, so while the GM is still changing values only the table keeps up
CHART_DELAY = 0.3
MAX_CHOICES_TRIED = 6  # a Modificadores choice with more values is not tried value by value
NONE = "\x00none"  # the preset dropdown's "(a mano)": a Dropdown at None shows blank


def preset_options(presets: Mapping[str, Any]) -> list[tuple[str, str]]:
    """``(label, name)`` of each preset: a spec code in a name left out (the NSd20 examples
    «Atacante E1», «Defensor E2 (con armadura)»), unless two names would then read alike."""
    labels = {name: strip_spec_codes(name) or name for name in presets}
    clash = len(set(labels.values())) < len(labels)
    return [(name if clash else labels[name], name) for name in presets]


class Section:
    """One collapsible form (Atacante, …, Opciones) with its preset dropdown.

    The form's widgets are built when the section is first opened (or ``.form`` is used):
    a page with hundreds of widget models loads slowly. Until then the section holds its
    value as a (validated) instance, which presets replace. Once a preset is edited the
    section says "(modificado)".
    """

    def __init__(
        self,
        role: str,
        cls: type,
        presets: Mapping[str, Any],
        value: Any,
        lang: str,
        on_change: Callable[[], None],
        hide: tuple[str, ...] = (),
        derived: Callable[[str, Any], Mapping[str, Any]] | None = None,
    ):
        self.derived = derived
        self.role, self.cls, self.presets, self.value = role, cls, dict(presets), value
        self.lang, self.on_change, self.hide = lang, on_change, hide
        self._form: Form | None = None
        self.preset = ipw.Dropdown(style={"description_width": "initial"})
        self.preset.add_class(f"rolkit-preset-{role}")
        self.modified = ipw.HTML()
        self.modified.add_class("rolkit-modified")
        top = [ipw.HBox([self.preset, self.modified])] if self.presets else []
        self.box = ipw.VBox(top)
        self.widget = ipw.Accordion([self.box], selected_index=None)
        self.widget.add_class(f"rolkit-section-{role}")
        self.widget.observe(
            lambda ch: ch.new is not None and guarded(lambda: self.form), "selected_index"
        )
        self.relabel(lang)

    @property
    def built(self) -> bool:
        return self._form is not None

    @property
    def is_open(self) -> bool:
        return self.widget.selected_index == 0

    @property
    def form(self) -> Form:
        """The form, built on first use with the section's current value."""
        if self._form is None:
            help_ = self.role == "options"
            self._form = form_for(self.cls, self.lang, show_help=help_, hide=self.hide)
            self._form.set(self.value)
            if self.derived is not None:
                self._form.show_derived(self.derived(self.role, self.value))
            self.box.children = (*self.box.children, self._form.widget)
            self._form.observe(self.on_change)
        return self._form

    def read(self) -> Any:
        return self._form.read() if self._form is not None else self.value

    def load(self, instance: Any) -> None:
        self.value = instance
        if self._form is not None and self.derived is not None:
            self._form.show_derived(self.derived(self.role, instance))
        if self._form is not None:
            self._form.set(instance)

    def mark_modified(self, current: Any) -> None:
        """ "(modificado)" beside the preset once the form no longer equals it."""
        name = self.preset.value
        edited = name not in (None, NONE) and current != self.presets.get(name)
        self.modified.value = (
            f"<i>{html.escape(i18n.t('dash.modified', self.lang))}</i>" if edited else ""
        )
        self._edited = edited

    def names(self, path: str) -> bool:
        """Whether ``path`` names one of this form's fields (any prefix stripped)."""
        names = {name for name, _ in describe(self.cls)}
        return any(part in names for part in path.split("."))

    def relabel(self, lang: str) -> None:
        self.lang = lang
        value = self.preset.value
        self.preset.options = [(i18n.t("preset.none", lang), NONE)] + preset_options(self.presets)
        self.preset.value = NONE if value is None else value
        self.preset.description = i18n.t("preset", lang)
        self.widget.set_title(0, i18n.t(TITLE_KEYS[self.role], lang))
        if getattr(self, "_edited", False):
            self.modified.value = f"<i>{html.escape(i18n.t('dash.modified', lang))}</i>"
        if self._form is not None:
            self._form.relabel(lang)


class AttackPanel(RollingPanel):
    """The Ataque tab for ``state.system``, relabelled with ``state.lang``.

    ``on_bug()`` shows the shell's apology; every callback runs through
    :func:`widgets.errors.guarded`.
    """

    title_key = "dash.tab.attack"
    name = "attack"

    def __init__(self, state: AppState):
        self.state = state
        self.sections: dict[str, Section] = {}
        self.entries = []
        self.undo_stack: list[dict[str, Any]] = []  # forms before each "aplicar", newest last
        self.odds: Any = None
        self.error: RulesError | None = None
        self._schedule = Debounced(self.refresh)
        # what follows the table (chart, derived values, impossible choices, the link) waits
        # a little: a newer change gets its table first
        self._finish = Debounced(lambda: self._guard(self._finish_refresh), delay=FINISH_DELAY)
        self._draw_chart = Debounced(lambda: self._guard(self._chart_refresh), delay=CHART_DELAY)
        self._values: dict[str, Any] | None = None
        self.results = views.ResultsView()
        self.headline, self.table, self.chart = (
            self.results.headline,
            self.results.table,
            self.results.chart,
        )
        self.message = self.results.message
        self.forms_box = ipw.VBox(layout=ipw.Layout(width="52%", min_width="22em"))
        self.forms_box.add_class("rolkit-forms")
        self.roll_button = roll_button("rolkit-roll-button")
        self.roll_reason = ipw.HTML()
        self.roll_reason.add_class("rolkit-roll-reason")
        self.seed_box = SeedBox()
        self.seed, self.seed_error = self.seed_box.text, self.seed_box.error
        self.undo_button = ipw.Button(
            icon="undo", disabled=True, layout=ipw.Layout(flex="0 0 auto")
        )
        self.undo_button.add_class("rolkit-undo")
        self.history_title = ipw.HTML()
        self.history = ipw.VBox()
        self.history.add_class("rolkit-history")
        self.print_setup = ipw.HTML()
        self.print_setup.add_class("rolkit-print-setup")
        roll_line = ipw.HBox(
            [self.roll_button, self.seed, self.seed_box.keep, self.undo_button],
            layout=ipw.Layout(flex_flow="row wrap", align_items="center"),
        )
        roll_line.add_class("rolkit-roll-line")
        # where the blow lands: below Tirar, the chart then wide and short, so headline,
        # odds, chart, Tirar and this table all fit a 1366×768 window (#26 item 4)
        self.locations = ipw.HTML()
        self.locations.add_class("rolkit-odds-box")
        self.locations.add_class("rolkit-locations-box")
        results = ipw.VBox(
            [self.print_setup, self.results.box, roll_line, self.roll_reason, self.seed_error]
            + [self.locations]
            + [self.history_title, self.history],
            layout=ipw.Layout(width="48%", min_width="22em", padding="0 0 0 1em"),
        )
        results.add_class("rolkit-results")
        results.add_class("rolkit-paper")
        self.widget = ipw.HBox(
            [self.forms_box, results], layout=ipw.Layout(flex_flow="row wrap", width="100%")
        )
        self.widget.add_class("rolkit-body")
        self.roll_button.on_click(lambda b: self.roll())
        self.undo_button.on_click(lambda b: self._guard(self.undo))

    # ------------------------------------------------------------------ shell protocol
    def set_system(self, system: System, params: list[tuple[str, str]] | None = None) -> list:
        """New forms from ``system``'s dataclasses (``params``: a link's values)."""
        presets = system.presets
        forms = {**system.forms, "options": system.options_type}
        values = {**system.defaults(), "options": self._options_of(None)}
        dropped: list = []
        if params:
            for role in ROLES:
                values[role], lost = decode_form(
                    forms[role], f"{role}.", params, values[role], self.lang
                )
                dropped += [(f"{i18n.t(TITLE_KEYS[role], self.lang)} › {k}", v) for k, v in lost]
        hide = {"modifiers": (system.options_field,) if system.options_field else ()}
        if system.options_field and params:
            values["modifiers"] = dataclasses.replace(
                values["modifiers"], **{system.options_field: values["options"]}
            )
        self.sections = {
            r: Section(
                r,
                forms[r],
                presets_with_roster(self, r, presets.get(r, {})),
                values[r],
                self.lang,
                self.when_free(self._schedule),
                hide.get(r, ()),
                self.state.derived,
            )
            for r in ROLES
        }
        dropped += self._restore_presets(params or [])
        for section in self.sections.values():
            section.preset.observe(
                lambda ch, s=section: self._guard(lambda: self._preset(s, ch.new)), "value"
            )
        self.sections["attacker"].widget.selected_index = 0
        self.sections["options"].widget.observe(
            lambda ch: ch.new == 0 and self._guard(self._show_impacts), "selected_index"
        )
        self.sections["modifiers"].widget.observe(
            lambda ch: ch.new == 0 and self._guard(self._mark_impossible_now), "selected_index"
        )
        self.forms_box.children = [s.widget for s in self.sections.values()]
        self.undo_stack = []  # new forms: nothing of theirs to undo
        self._sync_apply()
        self.relabel()
        self.refresh()
        return dropped

    def _restore_presets(self, params: list[tuple[str, str]]) -> list[tuple[str, str]]:
        """Each section's preset by name, as a link names it (``preset.<role>=name``); a
        name the system does not know is dropped. The fields stay the link's (an edited
        preset says «(modificado)»)."""
        named = {k[len(PRESET_KEY) :]: v for k, v in params if k.startswith(PRESET_KEY)}
        dropped = []
        for role, section in self.sections.items():
            name = named.get(role)
            if name is not None and name not in section.presets:
                label = i18n.t("preset", self.lang)
                dropped.append((f"{i18n.t(TITLE_KEYS[role], self.lang)} › {label}", name))
                name = None
            if name is not None:
                section.preset.value = name
                section.mark_modified(section.value)
        dropped += [
            (f"{PRESET_KEY}{role} ({i18n.t('dash.link.unknown', self.lang)})", name)
            for role, name in named.items()
            if role not in self.sections
        ]
        return dropped

    def relabelled(self) -> Iterable[Section]:
        return self.sections.values()

    def relabel(self) -> None:
        lang = self.lang
        self.roll_button.description = i18n.t("roll", lang)
        self.seed_box.relabel(lang)
        self.undo_button.description = i18n.t("undo", lang)
        self.undo_button.tooltip = i18n.t("undo.tip", lang)
        self.history_title.value = f"<b>{i18n.t('history.title', lang)}</b>"
        if not self.entries:
            self.history.children = [ipw.HTML(f"<i>{i18n.t('history.empty', lang)}</i>")]

    # ------------------------------------------------------------------ values
    def _preset(self, section: Section, name: str | None) -> None:
        if name is None or name == NONE:
            section.mark_modified(section.read())
            return
        with self.hold():
            section.load(section.presets[name])
            if section.role == "modifiers" and self.active_system.options_field:
                self.sections["options"].load(self._options_of(section.presets[name]))
        self.refresh()

    def _options_of(self, modifiers: Any) -> Any:
        """The options a modifiers instance carries (``System.options_field``), or defaults."""
        system = self.active_system
        if system.options_field is None:
            return system.options_type()
        return getattr(modifiers or system.defaults()["modifiers"], system.options_field)

    def read(self) -> dict[str, Any]:
        """The five validated inputs; every form shows its own errors; raises the first."""
        values, errors = {}, []
        for role, section in self.sections.items():
            try:
                values[role] = section.read()
            except RulesError as err:
                errors.append(err)
        if errors:
            raise errors[0]
        return values

    def labels(self) -> dict[str, str]:
        """Every field path (``defender.hp_current``) → "Defensor › PG actuales"."""
        return field_labels({role: sec.cls for role, sec in self.sections.items()}, self.lang)

    # ------------------------------------------------------------------ odds
    def refresh(self) -> None:
        """Recompute the odds: headline, table, chart (guarded)."""
        self._guard(self._refresh)

    def _refresh(self) -> None:
        values = self.read()
        self.odds = self.active_system.odds(**values)
        self.unblock_roll()
        self.results.show(
            views.headline_text(self.odds, self.lang),
            views.odds_table_html(self.odds, self.lang),
            None,
        )
        self.locations.value = views.location_table_html(self.odds, self.lang)
        self.state.options = values["options"]
        self._values = values
        self._finish()
        self._draw_chart()

    def _finish_refresh(self) -> None:
        """After the table: the chart, derived values, "(modificado)", the options' impact,
        impossible choices, the link and the print text, for the last valid setup."""
        values, odds = self._values, self.odds
        if values is None or odds is None:
            return
        for role, section in self.sections.items():
            section.mark_modified(values[role])
            section.value = values[role]
            if section.built and role != "options":
                section.form.show_derived(self.state.derived(role, values[role]))
        if self.sections["options"].is_open:
            self._show_impacts()
        self._mark_impossible(values)
        self.state.set_params(self.name, self.params(values))
        self.print_setup.value = self._setup_text(values)

    def _chart_refresh(self) -> None:
        """The damage chart of the last valid setup (after a pause in the changes)."""
        if self.odds is not None:
            wide = bool(self.locations.value)  # a hit-location table below: a shorter chart
            self.chart.layout.width = f"{views.CHART_PX[wide][0]}px"
            self.chart.value = views.chart_png(self.odds, self.lang, wide)

    def params(self, values: dict[str, Any] | None = None) -> dict[str, str]:
        """Every non-default field of every form and option, as link parameters."""
        values = values or self.read()
        system = self.active_system
        defaults = {**system.defaults(), "options": system.options_type()}
        out: dict[str, str] = {}
        for role in ROLES:
            value = values[role]
            if role == "modifiers" and system.options_field:
                default = dataclasses.replace(
                    defaults[role],
                    **{system.options_field: getattr(value, system.options_field)},
                )
            else:
                default = defaults[role]
            out.update(encode_form(f"{role}.", value, default))
        for role, section in self.sections.items():
            if section.preset.value not in (None, NONE):
                out[f"{PRESET_KEY}{role}"] = section.preset.value
        return out

    def _setup_text(self, values: dict[str, Any]) -> str:
        """The setup as text (shown when printing instead of the forms)."""
        lang = self.lang
        params = self.params(values)
        labels = self.labels()
        labels.update(
            {
                f"{PRESET_KEY}{role}": f"{i18n.t(TITLE_KEYS[role], lang)} › {i18n.t('preset', lang)}"
                for role in ROLES
            }
        )
        lines = [f"<b>{html.escape(self.active_system.display_name(lang))}</b>"]
        for key, text in params.items():
            lines.append(f"{html.escape(labels.get(key, key))}: {html.escape(text)}")
        if not params:
            lines.append(html.escape(i18n.t("dash.print.defaults", lang)))
        title = html.escape(i18n.t("dash.print.setup", lang))
        return f"<div><b>{title}</b><br>" + "<br>".join(lines) + "</div>"

    def _mark_impossible_now(self) -> None:
        """Modificadores opened: mark its impossible choices for the last valid setup."""
        if self._values:
            self._mark_impossible(self._values)

    def _mark_impossible(self, values: dict[str, Any]) -> None:
        """Modificadores: a choice the current setup does not allow says why (no
        "Bloquear" against a firearm), found by asking the system's own odds."""
        section = self.sections["modifiers"]
        if not (section.built and section.is_open):  # each choice tried costs one odds
            return
        for name, row in section.form.rows.items():
            if not isinstance(row, ChoiceRow) or len(row.spec.choices) > MAX_CHOICES_TRIED:
                continue
            current = getattr(values["modifiers"], name)
            reasons = {}
            words = self._words(section)
            for choice in row.spec.choices:
                if choice.value == current:
                    continue
                try:
                    mods = dataclasses.replace(values["modifiers"], **{name: choice.value})
                    self.active_system.odds(**{**values, "modifiers": mods})
                except RulesError as err:
                    reasons[choice.value] = _reason(err, self.lang, words)
                except (ValueError, TypeError):
                    continue
            row.set_impossible(reasons)

    def _words(self, section: Section) -> dict[str, str]:
        """The ids a system's message may name (a field, a choice) → their labels."""
        words = {k: v for k, v in self.labels().items() if "." not in k}
        for row in section.form.rows.values():
            if isinstance(row, ChoiceRow):
                for c in row.spec.choices:
                    if isinstance(c.value, str):
                        words[c.value] = strip_spec_codes(c.label(self.lang))
        return words

    def _show_impacts(self) -> None:
        """Opciones: beside each house rule that changes the current odds, the exact
        change (percentage points) of hitting and of the fate if it were switched."""
        if self.error is not None or self.odds is None:
            return
        section = self.sections["options"]
        form = section.form
        values = self.read()
        base = self.odds
        for name, row in form.rows.items():
            text, provisional = clean_help(row.spec.help_for(self.lang))
            parts = [html.escape(text)]
            if provisional:
                badge = html.escape(i18n.t("dash.provisional", self.lang))
                why = html.escape(i18n.t("dash.provisional.why", self.lang))
                parts.insert(0, f'<span class="rolkit-badge" title="{why}">{badge}</span>')
                parts.append(f"<i>{why}</i>")
            for alt in _alternatives(row.spec, getattr(values["options"], name)):
                impact = self._impact(values, name, alt, base)
                if impact:
                    parts.append(f'<span class="rolkit-impact">▲ {html.escape(impact)}</span>')
            form.helps[name].value = f"<small>{' · '.join(parts)}</small>"

    def _impact(self, values: dict[str, Any], name: str, alt: Any, base: Any) -> str:
        try:
            options = dataclasses.replace(values["options"], **{name: alt})
            other = self.active_system.odds(**{**values, "options": options})
        except (RulesError, ValueError, TypeError):
            return ""
        if dict(other.probabilities) == dict(base.probabilities):
            return ""
        spec = dict(describe(type(options)))[name]
        alt_label = _value_label(spec, alt, self.lang)
        d_hit = other.p_hit - base.p_hit
        d_fate = other.p_down - base.p_down
        if d_fate:
            return i18n.t(
                "dash.option.impact",
                self.lang,
                alt=alt_label,
                hit=_pp(d_hit, self.lang),
                fate=i18n.t("dash.option.fate", self.lang),
                fate_d=_pp(d_fate, self.lang),
            )
        if d_hit:
            return i18n.t(
                "dash.option.impact.hit", self.lang, alt=alt_label, hit=_pp(d_hit, self.lang)
            )
        return i18n.t("dash.option.impact.other", self.lang, alt=alt_label)

    # ------------------------------------------------------------------ Tirar
    def roll(self) -> None:
        """Tirar: one seeded resolution added to the history (newest first)."""
        if self.roll_button.disabled:
            return
        self.roll_button.disabled = True
        try:
            self._guard(self._roll)
        finally:
            self.roll_button.disabled = self.error is not None

    def _roll(self) -> None:
        self.seed_error.value = ""
        values = self.read()
        taken = self.take_seed()
        if taken is None:
            return
        seed, note = taken
        system = self.active_system
        r = system.resolve(**values, seed=seed)
        number = len(self.entries) + 1
        entry = views.HistoryEntry(
            r,
            self.lang,
            number,
            self._guard,
            tables.resolution_headline,
            lambda: system.resolve(**r.inputs, seed=r.seed),
            system.i18n_prefix,
            note,
            self.apply if system.tracks_state else None,
        )
        entry.system = system
        self.add_entry(entry)
        self._sync_apply()

    # ------------------------------------------------------------------ fight state
    def apply(self, entry: views.HistoryEntry) -> None:
        """Aplicar: load ``entry``'s after-state (``System.after``) into the forms.

        The forms it replaces are pushed on the undo stack first; the odds recompute once.
        """
        system = self.active_system
        if entry.r.system != system.id or not system.tracks_state:
            return  # its button is disabled: an entry of another system, or no state kept
        after = system.after(entry.r)
        if not after:
            self.message.value = views.info_html(i18n.t("apply.nothing", self.lang))
            return
        before = {role: self.sections[role].read() for role in after}
        self._load(after)
        self.undo_stack.append(before)
        self._sync_apply()
        self._done("apply.done", after, n=entry.number)

    def undo(self) -> None:
        """Deshacer: put back the forms the last "aplicar" replaced (a stack)."""
        if not self.undo_stack:
            return
        before = self.undo_stack.pop()
        self._load(before)
        self._sync_apply()
        self._done("undo.done", before)

    def _load(self, forms: Mapping[str, Any]) -> None:
        with self.hold():
            for role, instance in forms.items():
                self.sections[role].load(instance)
        self.refresh()

    def _done(self, key: str, forms: Mapping[str, Any], **params: Any) -> None:
        if self.error is None:  # an error from the refresh stays visible
            roles = ", ".join(i18n.t(TITLE_KEYS[r], self.lang) for r in forms)
            self.message.value = views.info_html(i18n.t(key, self.lang, roles=roles, **params))

    def _sync_apply(self) -> None:
        """Undo enabled while there is something to undo; "aplicar" only for this system."""
        system = self.system
        keeps_state = system is not None and system.tracks_state
        self.undo_button.disabled = not (keeps_state and self.undo_stack)
        self.undo_button.layout.display = None if keeps_state else "none"
        for entry in self.entries:
            usable = system is not None and keeps_state and entry.r.system == system.id
            entry.apply.disabled = (
                not usable or entry.system is None or not entry.system.tracks_state
            )
            entry.apply.layout.display = None if not entry.apply.disabled else "none"

    # ------------------------------------------------------------------ errors
    def show_error(self, err: RulesError) -> None:
        """Beside the field ``err.field`` names and in the message line, with the field's
        label; the last odds stay, greyed; Tirar is disabled with the reason."""
        if err.field == "seed":
            self.seed_box.show_bad(err)
            return
        self.error = err
        self.block_roll(humanize(err, self.lang, self.labels(), self._spec_of(err.field or "")))
        if not was_shown(err):
            self._locate(err)
        for section in self.sections.values():
            if section.built and section.form.errors():
                section.widget.selected_index = 0  # unfold the form that shows it

    def _locate(self, err: RulesError) -> None:
        role, _, rest = (err.field or "").partition(".")
        if role in self.sections and rest:
            self.sections[role].form.show_error(err, rest)
            return
        for section in self.sections.values():
            if section.names(err.field or ""):
                section.form.show_error(err)
                return

    def _spec_of(self, path: str) -> Any:
        """The field spec a ``role.field`` path names, or None."""
        return field_spec({role: sec.cls for role, sec in self.sections.items()}, path)

    def errors(self) -> dict[str, dict[str, str]]:
        """Every error shown beside a field, by role (tests and debugging)."""
        shown = {r: s.form.errors() for r, s in self.sections.items() if s.built}
        return {r: e for r, e in shown.items() if e}


# --------------------------------------------------------------------------- helpers
def _alternatives(spec: Any, current: Any) -> list[Any]:
    """The values a house rule could be switched to: a flag's other value, a choice's
    other choices (up to three), a number's default when it was changed, else the whole
    numbers either side of it."""
    if spec.kind == "flag":
        return [not current]
    if spec.kind == "choice":
        return [c.value for c in spec.choices if c.value != current][:3]
    if spec.kind in ("int", "float") and current != spec.default and spec.default is not None:
        return [spec.default]
    if spec.kind == "int" and current is not None:
        return [v for v in (current - 1, current + 1) if spec.min <= v <= spec.max]
    return []


def _reason(err: RulesError, lang: str, words: Mapping[str, str] | None = None) -> str:
    """The part of a system's message that says why (after "… must be"), else all of it,
    in words: the value it got left out (the choice it is shown beside), an id it names
    (``'intercept_object'``, ``block_weapon``) replaced by its label in ``words``."""
    words = words or {}
    text = err.message(lang)
    for word in (" must be ", " debe ser ", ": "):
        if word in text:
            text = text.split(word, 1)[1].strip()
            break
    text = _GOT.sub("", text)
    return _ID.sub(lambda m: _word(m[1] or m[2], words), text)


def _word(name: str, words: Mapping[str, str]) -> str:
    return words.get(name, name.replace("_", " "))


#: "(got 'x')" / "(recibido 'x')" closing a system's message: the value is the choice shown
_GOT = re.compile(r"\s*\((?:got|recibido)\s[^)]*\)")
#: a raw id in a message: 'quoted' or snake_case
_ID = re.compile(r"'([A-Za-z0-9_]+)'|\b([a-z]+_[a-z0-9_]+)\b")


def _value_label(spec: Any, value: Any, lang: str) -> str:
    if spec.kind == "flag":
        return i18n.t("dash.option.yes" if value else "dash.option.no", lang)
    if spec.kind == "choice":
        return spec.choice_label(value, lang)
    return str(value)


def _pp(delta: Fraction, lang: str) -> str:
    """A change in percentage points, signed, with the language's decimals: ``+6,3``."""
    text = i18n.number(abs(delta) * 100, lang, 1)
    return ("+" if delta > 0 else "−") + text
