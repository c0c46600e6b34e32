"""The Comparar tab: the Ataque tab's setup against a variant (issue 14, item 5).

Pick one field of any form, or one house rule (Opciones), type or choose its new value,
press "comparar": :func:`rolkit.analysis.compare` gives both exact odds and the exact
difference, shown with its own display (:func:`rolkit.display.compare.comparison_html`)
and a chart of both. No rule logic here: the value is validated by the system's forms.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as ipw
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from rolkit import analysis, fields, i18n
from rolkit.display.compare import comparison_html
from rolkit.errors import RulesError
from rolkit.system import FORM_NAMES, System
from widgets import gm_texts, views  # noqa: F401  (gm_texts registers the strings)
from widgets.forms import parse_number, strip_spec_codes
from widgets.limits import NUMBER_MAX, BoundedText, too_long_message
from widgets.panel import GuardedPanel
from widgets.roster_panel import attack_panel_of
from widgets.state import AppState

__all__ = ["ComparePanel", "COMPARABLE_KINDS", "chart_png"]

#: the field kinds one value box can hold
COMPARABLE_KINDS = ("int", "float", "choice", "flag")


def chart_png(c: analysis.Comparison, lang: str) -> bytes:
    """Both setups' probabilities side by side (hit, critical, wounds, fates), in percent."""
    damage = i18n.t("compare.damage", lang)
    rows = [r for r in c.rows(lang) if r[0] != damage]
    fig = Figure(figsize=(5.6, 2.8), dpi=96, facecolor=views.PAPER)
    FigureCanvasAgg(fig)
    ax = fig.add_axes((0.1, 0.3, 0.88, 0.6), facecolor=views.PAPER)
    xs = list(range(len(rows)))
    ax.bar(
        [x - 0.2 for x in xs],
        [float(r[1]) * 100 for r in rows],
        width=0.4,
        color="#3b6aa0",
        label=i18n.t("compare.base", lang),
    )
    ax.bar(
        [x + 0.2 for x in xs],
        [float(r[2]) * 100 for r in rows],
        width=0.4,
        color="#d08a2b",
        label=i18n.t("compare.variant", lang),
    )
    ax.set_xticks(xs, [r[0] for r in rows], fontsize=9, rotation=20, ha="right")
    ax.set_title(i18n.t("gm.compare.chart", lang), fontsize=11, color=views.INK)
    ax.legend(fontsize=9)
    views.percent_axis(ax, lang)
    return views.png(fig)


class ComparePanel(GuardedPanel):
    """The Comparar tab for ``state.system``."""

    title_key = "gm.tab.compare"
    name = "compare"

    def __init__(self, state: AppState):
        self.state = state
        self.comparison: analysis.Comparison | None = None
        self._specs: dict[str, fields.FieldSpec] = {}
        wide = {"description_width": "initial"}
        self.help = ipw.HTML()
        self.what = ipw.Dropdown(style=wide, layout=ipw.Layout(width="auto"))
        self.what.add_class("rolkit-compare-what")
        self.choice = ipw.Dropdown(style=wide, layout=ipw.Layout(width="auto"))
        self.choice.add_class("rolkit-compare-choice")
        self.number = BoundedText(style=wide, layout=ipw.Layout(width="12em"), max_chars=NUMBER_MAX)
        self.number.add_class("rolkit-compare-number")
        self.number.on_refused(lambda n, head: self._guard(lambda: self._refused(n, head)))
        self.run_button = ipw.Button(icon="balance-scale", layout=ipw.Layout(width="auto"))
        self.run_button.add_class("rolkit-compare-run")
        self.message = ipw.HTML()
        self.message.add_class("rolkit-compare-message")
        self.result = ipw.HTML()
        self.result.add_class("rolkit-compare-result")
        self.chart = ipw.Image(format="png", layout=ipw.Layout(width="540px", max_width="100%"))
        self.chart.add_class("rolkit-compare-chart")
        self.chart.layout.display = "none"
        self.widget = ipw.VBox(
            [
                self.help,
                ipw.HBox(
                    [self.what, self.choice, self.number, self.run_button],
                    layout=ipw.Layout(flex_flow="row wrap", align_items="center"),
                ),
                self.message,
                self.result,
                self.chart,
            ]
        )
        self.widget.add_class("rolkit-compare")
        self.widget.add_class("rolkit-paper")
        self.what.observe(lambda ch: self._guard(self._show_value_box), "value")
        self.run_button.on_click(lambda b: self._guard(self.run))

    def _refused(self, length: int, head: str) -> None:
        """A too-long value for the variant: named by the field it would change."""
        label = str(self.what.label or i18n.t("gm.compare.value", self.lang))
        text = too_long_message(label, length, NUMBER_MAX, head, self.lang)
        self.message.value = views.error_html(text)

    # shell protocol ------------------------------------------------------------
    def set_system(self, system: System, params: list[tuple[str, str]] | None = None) -> list:
        self.comparison = None
        self.result.value = self.message.value = ""
        self.chart.layout.display = "none"
        self.what.value = None
        self.set_language(self.lang)
        return []

    def set_language(self, lang: str) -> None:
        self.help.value = f"<i>{html.escape(i18n.t('gm.compare.help', lang))}</i>"
        self.what.description = i18n.t("gm.compare.what", lang)
        self.number.description = self.choice.description = i18n.t("gm.compare.value", lang)
        self.run_button.description = i18n.t("gm.compare.run", lang)
        system = self.system
        if system is None:
            return
        keep = self.what.value
        options, self._specs = [], {}
        roles = [(r, system.forms[r], i18n.t(f"form.{r}", lang)) for r in FORM_NAMES]
        roles.append(("option", system.options_type, i18n.t("gm.compare.option", lang)))
        for role, cls, title in roles:
            for name, spec in fields.describe(cls):
                if spec.kind not in COMPARABLE_KINDS or name == system.options_field:
                    continue
                key = f"{role}__{name}"
                self._specs[key] = spec
                options.append((f"{title} › {strip_spec_codes(spec.label_for(lang))}", key))
        self.what.options = options
        self.what.value = keep if keep in self._specs else (options[0][1] if options else None)
        self._show_value_box()
        if self.comparison is not None:
            self._show()

    # the value -----------------------------------------------------------------
    def _show_value_box(self) -> None:
        spec = self._specs.get(self.what.value)
        if spec is None:
            return
        current = self._current(self.what.value)
        if spec.kind in ("choice", "flag"):
            if spec.kind == "flag":
                opts = [
                    (i18n.t("dash.option.yes", self.lang), True),
                    (i18n.t("dash.option.no", self.lang), False),
                ]
            else:
                opts = [(c.label(self.lang), c.value) for c in spec.choices]
            others = [o for o in opts if o[1] != current] or opts
            self.choice.options = [(label, i) for i, (label, _) in enumerate(others)]
            self._choice_values = [v for _, v in others]
            self.choice.value = 0
            self.choice.layout.display, self.number.layout.display = None, "none"
        else:
            self.number.value = "" if current is None else str(current)
            self.choice.layout.display, self.number.layout.display = "none", None

    def _setup(self) -> tuple[dict[str, Any], Any]:
        """The Ataque tab's current forms and options (defaults without that tab)."""
        system, attack = self.active_system, attack_panel_of(self.state)
        if attack is not None and attack.sections:
            values = attack.read()
            return {r: values[r] for r in FORM_NAMES}, values.get("options")
        return system.defaults(), None

    def _current(self, key: str) -> Any:
        role, _, name = key.partition("__")
        forms, options = self._setup()
        target = (options or self.active_system.options_type()) if role == "option" else forms[role]
        return getattr(target, name, None)

    def value(self) -> Any:
        """The variant's value from the box (a plain error naming the field when bad)."""
        key = self.what.value
        spec = self._specs[key]
        if spec.kind in ("choice", "flag"):
            return self._choice_values[self.choice.value]
        text = self.number.value.strip()
        try:
            number = parse_number(text, spec.kind)
        except (ValueError, TypeError):
            number = None
        if number is None:
            label = spec.label_for(self.lang)
            raise RulesError(
                i18n.t("gm.compare.bad", "en", label=spec.label_for("en"), text=text),
                message_es=i18n.t("gm.compare.bad", "es", label=spec.label_for("es"), text=text),
                field=label,
            )
        return number

    # comparar --------------------------------------------------------------------
    def run(self, key: str | None = None, value: Any = None) -> analysis.Comparison:
        """Comparar: the setup against the variant with ``key`` (``role__field`` or
        ``option__name``) set to ``value`` (default: the boxes)."""
        self.message.value = ""
        if key is not None:
            self.what.value = key
        key = self.what.value
        value = self.value() if value is None else value
        forms, options = self._setup()
        self.comparison = analysis.compare(
            self.active_system, forms, options=options, **{key: value}
        )
        self._show()
        return self.comparison

    def _show(self) -> None:
        c = self.comparison
        if c is None:
            return
        self.result.value = comparison_html(c, self.lang)
        self.chart.value = chart_png(c, self.lang)
        self.chart.layout.display = None
