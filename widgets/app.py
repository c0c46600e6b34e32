"""The dashboard: system picker, language switch, the four forms, live odds, Tirar.

``Dashboard(system=None, lang=None)`` composes :mod:`widgets.forms` and
:mod:`widgets.views` around whatever ``rolkit.systems()`` lists; it holds no
system-specific code. ``Dashboard.from_query_string()`` reads ``?system=…&lang=…`` from
the Voilà request (``QUERY_STRING``; with a preheated kernel it waits for the request).

Every callback is guarded: a ``RulesError`` is shown beside the field it names (a
``defender.``-style prefix picks the form) and in the message line; anything else is an
apology on the page and a traceback in the log file only.
"""

from __future__ import annotations

import contextlib
import html
import os
from collections.abc import Iterator, Mapping
from typing import Any
from urllib.parse import parse_qs

import ipywidgets as ipw

import rolkit
from rolkit import i18n
from rolkit.dice import check_seed
from rolkit.display import tables
from rolkit.errors import RulesError
from rolkit.fields import describe
from rolkit.system import FORM_NAMES, System
from widgets import views
from widgets.errors import guarded
from widgets.forms import Form, form_for

__all__ = ["Dashboard", "Section", "query_params"]

ROLES = (*FORM_NAMES, "options")
TITLE_KEYS = {role: f"form.{role}" for role in ROLES}
HISTORY_MAX = 30
NONE = "\x00none"  # the preset dropdown's "(a mano)": a Dropdown at None shows blank


def query_params(query: str | None) -> dict[str, str]:
    """``"system=gore&lang=en"`` → ``{"system": "gore", "lang": "en"}`` (first values)."""
    return {k: v[0] for k, v in parse_qs(query or "").items() if v}


def _query_string() -> str | None:
    try:
        from voila.utils import get_query_string  # waits for the request when preheated
    except ImportError:  # pragma: no cover - voila is a dependency
        return os.environ.get("QUERY_STRING")
    return get_query_string() or os.environ.get("QUERY_STRING")


class Section:
    """One collapsible form (Atacante, …, Opciones) with its preset dropdown.

    The form's widgets are built when the section is first opened (or ``.form`` is used):
    a page with hundreds of widget models loads slowly. Until then the section holds its
    value as a (validated) instance, which presets replace.
    """

    def __init__(
        self,
        role: str,
        cls: type,
        presets: Mapping[str, Any],
        value: Any,
        lang: str,
        on_change: Any,
        hide: tuple[str, ...] = (),
    ):
        self.role, self.cls, self.presets, self.value = role, cls, dict(presets), value
        self.lang, self.on_change, self.hide = lang, on_change, hide
        self._form: Form | None = None
        self.preset = ipw.Dropdown(style={"description_width": "initial"})
        self.preset.add_class(f"rolkit-preset-{role}")
        self.box = ipw.VBox([self.preset] if self.presets else [])
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
    def form(self) -> Form:
        """The form, built on first use with the section's current value."""
        if self._form is None:
            help_ = self.role == "options"
            self._form = form_for(self.cls, self.lang, show_help=help_, hide=self.hide)
            self._form.set(self.value)
            self.box.children = (*self.box.children, self._form.widget)
            self._form.observe(self.on_change)
        return self._form

    def read(self) -> Any:
        return self._form.read() if self._form is not None else self.value

    def load(self, instance: Any) -> None:
        self.value = instance
        if self._form is not None:
            self._form.set(instance)

    def names(self, path: str) -> bool:
        """Whether ``path`` names one of this form's fields (any prefix stripped)."""
        fields = {name for name, _ in describe(self.cls)}
        return any(part in fields for part in path.split("."))

    def relabel(self, lang: str) -> None:
        self.lang = lang
        value = self.preset.value
        self.preset.options = [(i18n.t("preset.none", lang), NONE)] + [
            (name, name) for name in self.presets
        ]
        self.preset.value = NONE if value is None else value
        self.preset.description = i18n.t("preset", lang)
        self.widget.set_title(0, i18n.t(TITLE_KEYS[self.role], lang))
        if self._form is not None:
            self._form.relabel(lang)


class Dashboard:
    """The rolkit dashboard for one system and language, switchable at run time.

    Args:
        system: a system id (default: ``?system=`` of the Voilà request when the kernel
            already knows it, else the first of ``rolkit.systems()``).
        lang: ``"es"`` (default) or ``"en"`` (default: ``?lang=`` likewise).
        registry: ``{id: System}`` to show instead of the registered systems (tests).
    """

    def __init__(
        self,
        system: str | None = None,
        lang: str | None = None,
        registry: Mapping[str, System] | None = None,
    ):
        env = query_params(os.environ.get("QUERY_STRING"))  # Voilà's request, if known yet
        system, lang = system or env.get("system"), lang or env.get("lang")
        self.registry = dict(registry) if registry is not None else None
        self.ids = list(self.registry) if self.registry is not None else rolkit.systems()
        self.lang = lang if lang in i18n.LANGUAGES else "es"
        self.system: System | None = None
        self.sections: dict[str, Section] = {}
        self.entries: list[views.HistoryEntry] = []
        self.undo_stack: list[dict[str, Any]] = []  # forms before each "aplicar", newest last
        self.odds = None
        self._holding = False
        self._build_chrome()
        if not self.ids:
            self.message.value = views.error_html(i18n.t("dashboard.no_systems", self.lang))
            return
        self._guard(lambda: self.set_system(system if system in self.ids else self.ids[0]))

    @classmethod
    def from_query_string(cls, query: str | None = None, **kw: Any) -> Dashboard:
        """A dashboard opened on ``?system=…&lang=…`` (Voilà's request, or ``query``)."""
        if query is not None:
            params = query_params(query)
            return cls(system=params.get("system"), lang=params.get("lang"), **kw)
        dashboard = cls(**kw)  # built before the request: a preheated kernel is warm
        for system_id in dashboard.ids:  # import every system before the request too
            dashboard._guard(lambda s=system_id: dashboard._get_system(s))
        params = query_params(_query_string())
        dashboard._guard(lambda: dashboard.open(params.get("system"), params.get("lang")))
        return dashboard

    def open(self, system: str | None = None, lang: str | None = None) -> None:
        """Switch to ``system`` and ``lang`` when given and known."""
        if lang in i18n.LANGUAGES and lang != self.lang:
            self.set_language(lang)
        if system in self.ids:
            self.set_system(system)

    # ------------------------------------------------------------------ layout
    def _build_chrome(self) -> None:
        wide = {"description_width": "initial"}
        self.title = ipw.HTML()
        self.picker = ipw.Dropdown(style=wide, layout=ipw.Layout(width="auto"))
        self.picker.add_class("rolkit-system")
        self.lang_toggle = ipw.ToggleButtons(
            options=[("ES", "es"), ("EN", "en")], value=self.lang, style={"button_width": "3em"}
        )
        self.lang_toggle.add_class("rolkit-lang")
        self.forms_box = ipw.VBox(layout=ipw.Layout(width="52%", min_width="22em"))
        self.headline = ipw.HTML()
        self.headline.add_class("rolkit-headline")
        self.table = ipw.HTML()
        self.table.add_class("rolkit-odds-box")
        self.chart = ipw.Image(format="png", layout=ipw.Layout(width="300px"))
        self.message = ipw.HTML()
        self.message.add_class("rolkit-messages")
        self.roll_button = ipw.Button(button_style="primary", icon="dice")
        self.roll_button.add_class("rolkit-roll-button")
        self.seed = ipw.Text(placeholder="auto", style=wide, layout=ipw.Layout(width="14em"))
        self.seed.add_class("rolkit-seed")
        self.seed_error = ipw.HTML()
        self.undo_button = ipw.Button(icon="undo", disabled=True)
        self.undo_button.add_class("rolkit-undo")
        self.history_title = ipw.HTML()
        self.history = ipw.VBox()
        self.history.add_class("rolkit-history")
        roll_line = ipw.HBox([self.roll_button, self.seed, self.undo_button, self.seed_error])
        results = ipw.VBox(
            [self.headline, self.table, self.chart, self.message, roll_line]
            + [self.history_title, self.history],
            layout=ipw.Layout(width="48%", min_width="22em", padding="0 0 0 1em"),
        )
        header = ipw.HBox(
            [self.title, self.picker, self.lang_toggle],
            layout=ipw.Layout(align_items="center", justify_content="space-between"),
        )
        self.widget = ipw.VBox(
            [header, ipw.HBox([self.forms_box, results], layout=ipw.Layout(flex_flow="row wrap"))]
        )
        self.widget.add_class("rolkit-dashboard")
        self.picker.observe(
            lambda ch: self._holding or self._guard(lambda: self.set_system(ch.new)), "value"
        )
        self.lang_toggle.observe(
            lambda ch: self._holding or self._guard(lambda: self.set_language(ch.new)), "value"
        )
        self.roll_button.on_click(lambda b: self.roll())
        self.undo_button.on_click(lambda b: self._guard(self.undo))

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    def _get_system(self, system_id: str) -> System:
        if self.registry is not None:
            return self.registry[system_id]
        return rolkit.get_system(system_id)

    def _system_label(self, system_id: str) -> str:
        try:
            return self._get_system(system_id).display_name(self.lang)
        except Exception:  # a system that does not load still gets listed by id
            return system_id

    # ------------------------------------------------------------------ actions
    def set_system(self, system_id: str) -> None:
        """Show ``system_id``: new forms from its dataclasses, odds recomputed."""
        if system_id is None or (self.system is not None and self.system.id == system_id):
            return
        self.system = self._get_system(system_id)
        presets = self.system.presets
        forms = {**self.system.forms, "options": self.system.options_type}
        values = {**self.system.defaults(), "options": self._options_of(None)}
        hide = {"modifiers": (self.system.options_field,) if self.system.options_field else ()}
        self.sections = {
            r: Section(
                r,
                forms[r],
                presets.get(r, {}),
                values[r],
                self.lang,
                self._changed,
                hide.get(r, ()),
            )
            for r in ROLES
        }
        for section in self.sections.values():
            section.preset.observe(
                lambda ch, s=section: self._guard(lambda: self._preset(s, ch.new)), "value"
            )
        self.sections["attacker"].widget.selected_index = 0
        self.forms_box.children = [s.widget for s in self.sections.values()]
        self.undo_stack = []  # new forms: nothing of theirs to undo
        self._sync_apply()
        self._relabel_chrome()
        self.picker.value = system_id
        self.refresh()

    def set_language(self, lang: str) -> None:
        """Relabel every form, table and history entry in ``lang``."""
        self.lang = lang if lang in i18n.LANGUAGES else "es"
        with self._hold():  # relabelled dropdowns re-set their values: one refresh at the end
            self.lang_toggle.value = self.lang
            self._relabel_chrome()
            for section in self.sections.values():
                section.relabel(self.lang)
            for entry in self.entries:
                entry.relabel(self.lang)
        self.refresh()

    def _relabel_chrome(self) -> None:
        name = i18n.t("app.title", self.lang)
        self.title.value = f"<h3 style='margin:0'>{name}</h3>"
        current = self.system.id if self.system else None
        with self._hold():
            self.picker.options = [(self._system_label(i), i) for i in self.ids]
            self.picker.value = current
        self.picker.description = i18n.t("system", self.lang)
        self.roll_button.description = i18n.t("roll", self.lang)
        self.seed.description = i18n.t("seed", self.lang)
        self.seed.placeholder = i18n.t("seed.auto", self.lang)
        self.undo_button.description = i18n.t("undo", self.lang)
        self.undo_button.tooltip = i18n.t("undo.tip", self.lang)
        self.history_title.value = f"<b>{i18n.t('history.title', self.lang)}</b>"
        if not self.entries:
            self.history.children = [ipw.HTML(f"<i>{i18n.t('history.empty', self.lang)}</i>")]

    @contextlib.contextmanager
    def _hold(self) -> Iterator[None]:
        """Coalesce: no refresh for the value changes made inside (presets, relabels)."""
        outer, self._holding = self._holding, True
        try:
            yield
        finally:
            self._holding = outer

    def _changed(self) -> None:
        if not self._holding:
            self.refresh()

    def _preset(self, section: Section, name: str | None) -> None:
        if name == NONE:
            return
        with self._hold():
            section.load(section.presets[name])
            if section.role == "modifiers" and self.system.options_field:
                self.sections["options"].load(self._options_of(section.presets[name]))
        self.refresh()

    def _options_of(self, modifiers: Any) -> Any:
        """The options a modifiers instance carries (``System.options_field``), or defaults."""
        field = self.system.options_field
        if field is None:
            return self.system.options_type()
        return getattr(modifiers or self.system.defaults()["modifiers"], field)

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

    def refresh(self) -> None:
        """Recompute the odds: headline, table, chart (guarded)."""
        self._guard(self._refresh)

    def _refresh(self) -> None:
        self.message.value = ""
        self.odds = self.system.odds(**self.read())
        headline = html.escape(tables.headline(self.odds, self.lang))
        self.headline.value = f"<h4 style='margin:4px 0'>{headline}</h4>"
        self.table.value = views.odds_table_html(self.odds, self.lang)
        self.chart.value = views.chart_png(self.odds, self.lang)
        self.chart.layout.visibility = "visible"

    def roll(self) -> None:
        """Tirar: one seeded resolution added to the history (newest first)."""
        self.roll_button.disabled = True
        try:
            self._guard(self._roll)
        finally:
            self.roll_button.disabled = False

    def _roll(self) -> None:
        self.message.value = self.seed_error.value = ""
        r = self.system.resolve(**self.read(), seed=self._seed())
        number = len(self.entries) + 1
        entry = views.HistoryEntry(self.system, r, self.lang, number, self._guard, self.apply)
        self.entries.insert(0, entry)
        self.history.children = [e.widget for e in self.entries[:HISTORY_MAX]]

    # ------------------------------------------------------------------ fight state
    def apply(self, entry: views.HistoryEntry) -> None:
        """Aplicar: load ``entry``'s after-state (``System.after``) into the forms.

        The forms it replaces are pushed on the undo stack first; the odds recompute once.
        """
        if entry.r.system != self.system.id or self.system.after_fn is None:
            return  # its button is disabled: an entry of another system, or no state kept
        after = self.system.after(entry.r)
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
        with self._hold():
            for role, instance in forms.items():
                self.sections[role].load(instance)
        self.refresh()

    def _done(self, key: str, forms: Mapping[str, Any], **params: Any) -> None:
        if not self.message.value:  # an error from the refresh stays visible
            roles = ", ".join(i18n.t(TITLE_KEYS[r], self.lang) for r in forms)
            self.message.value = views.info_html(i18n.t(key, self.lang, roles=roles, **params))

    def _sync_apply(self) -> None:
        """Undo enabled while there is something to undo; "aplicar" only for this system."""
        keeps_state = self.system is not None and self.system.after_fn is not None
        self.undo_button.disabled = not (keeps_state and self.undo_stack)
        self.undo_button.layout.display = None if keeps_state else "none"
        for entry in self.entries:
            usable = keeps_state and entry.r.system == self.system.id
            entry.apply.disabled = not usable or entry.system.after_fn is None
            entry.apply.layout.display = None if not entry.apply.disabled else "none"

    def _seed(self) -> int | None:
        text = self.seed.value.strip()
        if not text:
            return None
        return check_seed(text, from_text=True)

    # ------------------------------------------------------------------ errors
    def _guard(self, fn: Any) -> Any:
        return guarded(fn, self.show_error, self._apologise)

    def _apologise(self) -> None:
        self.message.value = views.error_html(i18n.t("error.bug", self.lang))

    def show_error(self, err: RulesError) -> None:
        """Beside the field ``err.field`` names (prefix picks the form) and in the message line."""
        text = i18n.t("error.user", self.lang, msg=err.message(self.lang))
        self.message.value = views.error_html(text)
        if err.field == "seed":  # the odds still stand
            self.seed_error.value = views.error_html(err.message(self.lang))
            return
        self.headline.value = ""
        self.table.value = ""
        self.chart.layout.visibility = "hidden"
        if not getattr(err, "rolkit_shown", False):
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

    def errors(self) -> dict[str, dict[str, str]]:
        """Every error shown beside a field, by role (tests and debugging)."""
        shown = {r: s.form.errors() for r, s in self.sections.items() if s.built}
        return {r: e for r, e in shown.items() if e}
