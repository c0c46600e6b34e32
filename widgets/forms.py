"""A form generated from a dataclass's field metadata (``rolkit.fields``).

``form_for(cls, lang)`` reads ``rolkit.fields.describe(cls)`` and builds one row per
field through a small table from metadata kind to builder (``BUILDERS``). Each row holds
an input widget, its label and help in the chosen language, and an error label beside
it. ``Form.read()`` builds the dataclass (which validates it) or shows the
``RulesError`` beside the field it names and re-raises it; ``Form.set(instance)`` loads a
preset. A field added to a system dataclass appears here with no widget code.

No rule logic lives here: every value is re-validated by constructing the dataclass, so a
tampered widget (a slider whose ``max`` was raised from the browser) gives a message
naming the field and its range, never a traceback.
"""

from __future__ import annotations

import dataclasses
import html
import math
import re
from collections.abc import Callable, Mapping
from functools import cache, partial
from typing import Any

import ipywidgets as ipw

from rolkit import i18n
from rolkit.dice import parse
from rolkit.errors import FieldRangeError, RulesError
from rolkit.fields import FieldSpec, FrozenMap, describe
from widgets import texts  # noqa: F401  (registers the dashboard strings)
from widgets.errors import guarded
from widgets.limits import NUMBER_MAX, TEXT_MAX, BoundedText, too_long_message

__all__ = [
    "Form",
    "Row",
    "NumberRow",
    "form_for",
    "BUILDERS",
    "SLIDER_SPAN",
    "parse_number",
    "humanize",
]

#: int ranges up to this span get a slider; wider ones a spin box.
SLIDER_SPAN = 20

#: the Dropdown value standing for ``None`` ("auto"): a Dropdown at ``None`` shows blank.
AUTO = "\x00auto"

#: Shared layouts by name. Every widget model costs the browser time at page load (a
#: Core Dread form has hundreds), so rows share Layout and Style models instead of
#: each creating its own. Never mutate a shared layout.
LAYOUTS = {
    "wide": {"width": "auto", "min_width": "16em"},
    "small": {"width": "7em"},
    "slider": {"width": "10em"},
    "map-cell": {"width": "19em"},
    "auto": {"width": "auto"},
    "row": {"align_items": "center", "flex_flow": "row wrap"},
    "nested": {"flex_flow": "column", "align_items": "stretch"},
    "error": {"margin": "0 0 0 1em"},
    "help": {"margin": "-4px 0 6px 2em"},
    "plain": {},
    "hidden": {"display": "none"},
}

i18n.register(
    "",
    {
        "es": {"form.auto": "auto", "form.use": "usar"},
        "en": {"form.auto": "auto", "form.use": "use"},
    },
)


@cache
def layout(name: str) -> ipw.Layout:
    """The shared Layout model ``name`` (see ``LAYOUTS``; ``width-30`` is 30em wide)."""
    if name.startswith("width-"):
        return ipw.Layout(width=f"{name[6:]}em")
    return ipw.Layout(**LAYOUTS[name])


def slider_layout(spec: FieldSpec) -> str:
    """A slider wide enough for its longest label plus a usable track (shared by bucket)."""
    chars = max(len(spec.label_for("es")), len(spec.label_for("en")))
    return f"width-{16 + 2 * math.ceil(chars * 0.55 / 2)}"


@cache
def _style(style_cls: type) -> ipw.Widget:
    return style_cls(description_width="initial")


def make(
    widget_cls: type[ipw.Widget], *args: Any, layout_name: str = "plain", **kw: Any
) -> ipw.Widget:
    """``widget_cls(...)`` with the shared style (labels never truncated) and layout."""
    traits = widget_cls.class_traits()
    if "style" in traits:
        kw.setdefault("style", _style(traits["style"].klass))
    return widget_cls(*args, layout=layout(layout_name), **kw)


#: the mark a form leaves on an error it has shown beside a field (a panel then does not
#: look for the field again)
SHOWN_MARK = "rolkit_shown"


def mark_shown(err: RulesError) -> None:
    setattr(err, SHOWN_MARK, True)


def was_shown(err: RulesError) -> bool:
    """Whether a form has already shown ``err`` beside its field."""
    return bool(getattr(err, SHOWN_MARK, False))


def _error_html(text: str) -> str:
    return f'<span class="rolkit-error" style="color:#a00018">⚠ {html.escape(text)}</span>'


class Row:
    """One field: an input (``.input``), optional "auto" box, and an error label.

    The error label is created the first time an error is shown (fewer widget models).
    """

    container = "row"

    def __init__(self, name: str, spec: FieldSpec, lang: str, control: ipw.Widget):
        self.name, self.spec, self.lang, self.input = name, spec, lang, control
        self.error: ipw.HTML | None = None
        self.callbacks: list[Callable[[], None]] = []
        self.auto: ipw.Checkbox | None = None
        if spec.optional and spec.kind in ("int", "float", "int_map"):
            self.auto = make(ipw.Checkbox, True, indent=False, layout_name="auto")
            self.auto.observe(lambda ch: guarded(self._sync_auto), "value")
        parts = [control] + ([self.auto] if self.auto else [])
        self.widget = ipw.HBox(parts, layout=layout(self.container))
        self.widget.add_class(f"rolkit-field-{name}")
        self.relabel(lang)
        if self.auto is not None:
            self._sync_auto()
        for w in self.value_widgets():  # a too-long paste: refused, said beside the field
            if isinstance(w, BoundedText):
                w.on_refused(partial(self._refused, w))

    def _refused(self, box: BoundedText, length: int, head: str) -> None:
        """The page sent ``box`` a value past its limit: kept out, and said so."""
        label = {lang: self.spec.label_for(lang) for lang in ("es", "en")}
        msg = {
            lang: too_long_message(label[lang], length, box.max_chars, head, lang)
            for lang in ("es", "en")
        }
        self.show_error(RulesError(msg["en"], field=self.name, message_es=msg["es"]))

    # values ---------------------------------------------------------------
    def get(self) -> Any:
        if self.auto is not None and self.auto.value:
            return None
        return self._get()

    def set(self, value: Any) -> None:
        if self.auto is not None:
            self.auto.value = value is None
        if value is not None or self.auto is None:
            self._set(value)

    def observe(self, callback: Callable[[], None]) -> None:
        self.callbacks.append(callback)
        handler = lambda ch: callback()  # noqa: E731
        for w in self.value_widgets() + ([self.auto] if self.auto else []):
            w.observe(handler, "value")

    def value_widgets(self) -> list[ipw.Widget]:
        return [self.input]

    def _get(self) -> Any:
        return self.input.value

    def _set(self, value: Any) -> None:
        self.input.value = value

    @property
    def auto_on(self) -> bool:
        """Whether "auto" is ticked (the engine derives the value)."""
        return self.auto is not None and bool(self.auto.value)

    def _sync_auto(self) -> None:
        for w in self.value_widgets():
            w.disabled = self.auto_on

    # text -----------------------------------------------------------------
    def relabel(self, lang: str) -> None:
        self.lang = lang
        self.input.description = self.spec.label_for(lang)
        self.input.tooltip = clean_help(self.spec.help_for(lang))[0]
        if self.auto is not None:
            self.auto.description = i18n.t("form.auto", lang)
            self.auto.tooltip = clean_help(self.spec.help_for(lang))[0]

    @property
    def error_text(self) -> str:
        """The error shown beside the field ("" if none)."""
        return self.error.value if self.error is not None else ""

    def show_error(self, err: RulesError | None, path: list[str] | None = None) -> None:
        if err is None:
            return self.clear()
        if self.error is None:
            self.error = make(ipw.HTML, layout_name="error")
            self.error.add_class("rolkit-field-error")
            self.widget.children = (*self.widget.children, self.error)
        label = self.spec.label_for(self.lang)
        labels = {self.name: label, **({err.field: label} if err.field else {})}
        self.error.value = _error_html(humanize(err, self.lang, labels, self.spec))

    def clear(self) -> None:
        if self.error is not None:
            self.error.value = ""


# Spec references, in every form the specs use: rule and table codes (``G1``, ``G27``,
# ``T2``, ``P5.6``, ``V-A4``; lists and ranges ``G2, G3``, ``P5/P6``, ``S1–S14``), sections
# (``§1.4``, ``sección 2.4``, ``section 6``) and source tags (``[BRP]``, ``[NSd20 S4]``).
# ``1D6``/``D20`` are dice, not codes.
_CODE = r"(?:[A-Z]{1,2}-)?(?!D\d)[A-Z]{1,2}\d{1,3}(?:\.\d+)*[a-z]?\b"
_CODES = rf"\b{_CODE}(?:\s*(?:[–/-]|,\s*(?={_CODE}))\s*{_CODE})*"
_SECTION = r"(?:§\s*\d+(?:\.\d+)*|\b(?:secci[oó]n|section|apartado)\s+\d+(?:\.\d+)*)"
_REF = rf"(?:{_CODES}|{_SECTION})"
_SPEC_CLEANERS = (
    # a placeholder id of the spec: "(ph:pool_d6)"
    (re.compile(r"\s*\(?\bph:[\w.]+\)?"), ""),
    # a source tag: [BRP], [BRP split, configurable], [NSd20 S4: "…"]
    (re.compile(rf"\s*\[(?:[A-Z]{{2,}}\b|[^\]]*?{_REF})[^\]]*\]"), ""),
    # a parenthesis that opens with a reference: (G13), (T2), (§1.4), (P5/P6 si …)
    (re.compile(rf"\s*\(\s*{_REF}[^)]*\)"), ""),
    # a reference closing a parenthesis: (projectile coverage, T13), (… cut; G8)
    (re.compile(rf"\s*[,;]\s*{_REF}\s*(?=\))"), ""),
    # a leading code: "G1: …", "P5.6: …"
    (re.compile(rf"{_CODES}:\s*"), ""),
    # a reference ending a clause, with its preposition: "en T7.", "de la sección 6."
    (
        re.compile(
            rf"\s+(?:en|on|in|de la|de|of the|of|from|según|per)\s+{_REF}(?=\s*(?:[.;,)]|$))"
        ),
        "",
    ),
    # any other reference: "tabla T19 por FUE+TAM", "regla provisional T2"
    (re.compile(rf"\s*{_REF}"), ""),
)
_PROVISIONAL = re.compile(r"\bprovisional", re.IGNORECASE)
_PLACEHOLDER = re.compile(r"\s*\(?\bPLACEHOLDER\b[^)]*\)?", re.IGNORECASE)


_LEADING_CODE = re.compile(rf"\s*{_CODES}:")


def strip_spec_codes(text: str) -> str:
    """``text`` without spec references (rule, table and section codes, source tags); a
    sentence that opened with a code (``"G1: crítico …"``) starts with a capital."""
    capital = bool(_LEADING_CODE.match(text))
    for pattern, replacement in _SPEC_CLEANERS:
        text = pattern.sub(replacement, text)
    text = re.sub(r"\s{2,}", " ", text).strip()
    text = re.sub(r"\s+([.,;:)])", r"\1", text)
    text = re.sub(r"\(\s*\)", "", text).strip()
    return text[:1].upper() + text[1:] if capital else text


def provisional_badge(lang: str) -> str:
    """The «regla provisional» badge and its one line on why (a field the rulebook does
    not fix: the spec's PLACEHOLDER values)."""
    badge = html.escape(i18n.t("dash.provisional", lang))
    why = html.escape(i18n.t("dash.provisional.why", lang))
    return (
        f'<span class="rolkit-badge" title="{why}">{badge}</span> '
        f'<small class="rolkit-provisional-why">{why}</small>'
    )


def clean_help(text: str) -> tuple[str, bool]:
    """A help line fit for users: spec codes (``G12:``, ``(G21)``, ``T7``, ``§1.4``,
    ``[BRP]``) and "(PLACEHOLDER …)" removed; the flag says the value is a provisional rule
    (shown as a badge)."""
    provisional = bool(_PLACEHOLDER.search(text) or _PROVISIONAL.search(text))
    return strip_spec_codes(_PLACEHOLDER.sub("", text)), provisional


def parse_number(text: str, kind: str) -> int | float | None:
    """The number typed in a box, or None when it is not one.

    A decimal comma is accepted (``12,5``) in both languages; ints must be whole
    (``12,0`` is 12). Never rounds, never clamps: range checks are the caller's.
    """
    raw = text.strip().replace("\u2212", "-")
    if raw.count(",") == 1 and "." not in raw:
        raw = raw.replace(",", ".")
    try:
        value = float(raw)
    except ValueError:
        return None
    if not math.isfinite(value):
        return None
    if kind == "int":
        return int(value) if value.is_integer() and "e" not in raw.lower() else None
    return value


def format_number(value: Any, lang: str) -> str:
    """``12.5`` → ``"12,5"`` in Spanish; ints as they are."""
    if value is None:
        return ""
    if isinstance(value, float):
        text = f"{value:g}" if value.is_integer() or abs(value) < 1e15 else repr(value)
        return text.replace(".", ",") if lang == "es" else text
    return str(value)


def typed_error(name: str, spec: FieldSpec, text: str) -> RulesError:
    """A box that does not hold a valid value: the field's label, what it allows, the text."""
    msg = {
        lang: i18n.t(
            "dash.field.invalid",
            lang,
            label=spec.label_for(lang),
            allowed=_local_decimals(spec.allowed(lang), lang),
            text=text,
        )
        for lang in ("es", "en")
    }
    return FieldRangeError(
        msg["en"], field=name, allowed=spec.allowed("en"), got=text, message_es=msg["es"]
    )


def _local_decimals(text: str, lang: str) -> str:
    """``"de 0.5 a 2.5"`` → ``"de 0,5 a 2,5"`` in Spanish."""
    return re.sub(r"(\d)\.(\d)", r"\1,\2", text) if lang == "es" else text


def int_bounds(spec: FieldSpec) -> tuple[int, int]:
    """A whole-number field's bounds (``rolkit.fields`` gives every one both)."""
    if spec.min is None or spec.max is None:
        raise TypeError(f"the whole-number field {spec.label!r} has no bounds")
    return int(spec.min), int(spec.max)


def nested_form(spec: FieldSpec) -> type:
    """A nested field's sub-form dataclass (``rolkit.fields`` gives every one)."""
    if spec.nested is None:
        raise TypeError(f"the nested field {spec.label!r} names no sub-form")
    return spec.nested


def in_range(value: float, spec: FieldSpec) -> bool:
    return (spec.min is None or value >= spec.min) and (spec.max is None or value <= spec.max)


def field_labels(classes: Mapping[str, type], lang: str) -> dict[str, str]:
    """Every field path of the forms ``{role: class}`` (``defender.hp_current``) →
    "Defensor › PG actuales", and each bare field name → its label: what an error
    message names, in ``lang``, instead of the internal path."""
    out: dict[str, str] = {}
    for role, cls in classes.items():
        title = i18n.t(f"form.{role}", lang)
        for name, spec in describe(cls):
            out[f"{role}.{name}"] = f"{title} › {spec.label_for(lang)}"
            out.setdefault(name, spec.label_for(lang))
    return out


def field_spec(classes: Mapping[str, type], path: str) -> FieldSpec | None:
    """The field spec a ``role.field`` path names in the forms ``{role: class}``, or None."""
    role, _, name = path.partition(".")
    cls = classes.get(role)
    return None if cls is None else dict(describe(cls)).get(name.split(".")[0])


def humanize(
    err: RulesError, lang: str, labels: Mapping[str, str], spec: FieldSpec | None = None
) -> str:
    """``err``'s message with every internal field path replaced by its label.

    ``labels`` maps python paths (``"modifiers.defence"``, ``"defence"``) to the label in
    ``lang``; a message that starts with a path (``"hp_current must be …"``) starts with
    the label instead.
    """
    text = err.message(lang)
    if spec is not None and spec.kind in ("choice", "multichoice"):  # 'block' → «Bloquear»
        for c in spec.choices:
            if isinstance(c.value, str):
                text = text.replace(repr(c.value), f"«{c.label(lang)}»")
    for path in sorted(labels, key=len, reverse=True):
        if "." in path:
            text = text.replace(path, labels[path])
    field = (err.field or "").rsplit(".", 1)[-1]
    for path in (err.field or "", field):
        if path and path in labels and text.startswith(path):
            text = labels[path] + text[len(path) :]
            break
    return text


class NumberBox:
    """A text box for one number: keeps exactly what was typed; ``value`` parses it."""

    def __init__(self, name: str, spec: FieldSpec, layout_name: str = "small"):
        self.name, self.spec, self.lang = name, spec, "es"
        self.text = make(
            BoundedText,
            "",
            continuous_update=True,
            layout_name=layout_name,
            max_chars=NUMBER_MAX,
        )
        self.text.add_class("rolkit-number")

    def parse(self) -> Any:
        """The valid value typed, or raise the field's message (the text stays)."""
        text = self.text.value
        value = parse_number(text, self.spec.kind)
        if value is None or not in_range(value, self.spec):
            raise typed_error(self.name, self.spec, text)
        return value

    def show(self, value: Any, lang: str) -> None:
        self.text.value = format_number(value, lang)


class NumberRow(Row):
    """An int or float field: a number box (what was typed stays typed) and, for small
    int ranges, a slider beside it. A value that is not a number, or is out of range,
    keeps its text and shows the field's message beside it; ``get()`` raises it.

    With "auto" ticked the box shows the value the engine will use (``show_derived``)
    and unticking starts from it.
    """

    def __init__(self, name: str, spec: FieldSpec, lang: str, control: ipw.Widget):
        self.box = NumberBox(name, spec, "small")
        self.slider = control if isinstance(control, ipw.IntSlider) else None
        self.derived: Any = None
        self._syncing = False
        label = make(ipw.Label, layout_name="auto")
        self.label = label
        parts = [label] + ([self.slider] if self.slider else []) + [self.box.text]
        super().__init__(name, spec, lang, ipw.HBox(parts, layout=layout("row")))
        self.box.text.observe(lambda ch: guarded(self._typed), "value")
        if self.slider is not None:
            self.slider.observe(lambda ch: guarded(self._slid), "value")

    def value_widgets(self) -> list[ipw.Widget]:
        return [self.box.text]

    def _sync_auto(self) -> None:
        auto = self.auto_on
        for w in [self.box.text] + ([self.slider] if self.slider else []):
            w.disabled = auto
        if auto:
            self.clear()
            self._show_value(self.derived)
        elif not self.box.text.value.strip():  # unticked: start from the engine's value
            start = self.derived if self.derived is not None else self.spec.default
            self._show_value(start)

    def show_derived(self, value: Any) -> None:
        """The engine's value of this automatic field (shown while "auto" is ticked)."""
        self.derived = value
        if self.auto is not None and self.auto.value:
            self._show_value(value)

    def _show_value(self, value: Any) -> None:
        self._syncing = True
        try:
            self.box.show(value, self.lang)
            if self.slider is not None and value is not None and in_range(value, self.spec):
                self.slider.value = value
        finally:
            self._syncing = False

    def _typed(self) -> None:
        if self._syncing or (self.auto is not None and self.auto.value):
            return
        try:
            value = self.box.parse()
        except RulesError as err:
            self.show_error(err)
            return
        self.clear()
        if self.slider is not None and self.slider.value != value:
            self._syncing = True
            try:
                self.slider.value = value
            finally:
                self._syncing = False

    def _slid(self) -> None:
        if not self._syncing and self.slider is not None:
            self.box.show(self.slider.value, self.lang)

    def _get(self) -> Any:
        return self.box.parse()

    def _set(self, value: Any) -> None:
        self._show_value(value)
        self.clear()

    def relabel(self, lang: str) -> None:
        old = self.lang
        self.lang = lang
        self.label.value = self.spec.label_for(lang)
        self.label.tooltip = clean_help(self.spec.help_for(lang))[0]
        self.box.text.tooltip = clean_help(self.spec.help_for(lang))[0]
        self.box.text.placeholder = i18n.t("form.auto", lang) if self.auto is not None else ""
        value = parse_number(self.box.text.value, self.spec.kind)
        if old != lang and value is not None:  # the language's decimal separator
            self._show_value(value)
        if self.auto is not None:
            self.auto.description = i18n.t("form.auto", lang)
            self.auto.tooltip = clean_help(self.spec.help_for(lang))[0]

    def show_error(self, err: RulesError | None, path: list[str] | None = None) -> None:
        super().show_error(err, path)


class ChoiceRow(Row):
    """A Dropdown whose option labels follow the language; ``None`` (auto) when optional."""

    def _get(self) -> Any:
        return None if self.input.value is AUTO else self.input.value

    def _set(self, value: Any) -> None:
        self.input.value = AUTO if value is None else value

    impossible: Mapping[Any, str] = {}

    def set_impossible(self, reasons: Mapping[Any, str]) -> None:
        """Mark choices the current setup does not allow: ``{value: why}`` (in the UI
        language); they stay listed, with the reason, so the GM sees why."""
        if dict(reasons) != dict(self.impossible):
            self.impossible = dict(reasons)
            self.relabel(self.lang)

    def relabel(self, lang: str) -> None:
        opts = [
            (
                strip_spec_codes(c.label(lang))
                + (
                    f" — {i18n.t('dash.impossible', lang, msg=self.impossible[c.value])}"
                    if c.value in self.impossible
                    else ""
                ),
                c.value,
            )
            for c in self.spec.choices
        ]
        if self.spec.optional:
            opts.insert(0, (f"({i18n.t('form.auto', lang)})", AUTO))
        value = self.input.value if self.input.options else self.spec.default
        self.input.options = opts
        self._set(None if value is AUTO else value)
        super().relabel(lang)


class MultiRow(Row):
    """SelectMultiple of labelled values; reads back a ``frozenset``."""

    def _get(self) -> Any:
        return frozenset(self.input.value)

    def _set(self, value: Any) -> None:
        self.input.value = tuple(value or ())

    def relabel(self, lang: str) -> None:
        value = self.input.value
        self.input.options = [(strip_spec_codes(c.label(lang)), c.value) for c in self.spec.choices]
        self.input.value = value
        super().relabel(lang)


class DiceRow(Row):
    """A Text validated by ``rolkit.dice.parse`` on every change; empty → None if optional."""

    def __init__(self, name, spec, lang, control):
        super().__init__(name, spec, lang, control)
        control.observe(lambda ch: guarded(self._check), "value")

    def _get(self) -> Any:
        text = self.input.value.strip()
        return None if (not text and self.spec.optional) else text

    def _set(self, value: Any) -> None:
        self.input.value = value or ""

    def show_derived(self, value: Any) -> None:
        """An empty optional dice field shows the engine's value as its placeholder."""
        if self.spec.optional:
            auto = i18n.t("form.auto", self.lang)
            self.input.placeholder = f"{value} ({auto})" if value is not None else auto

    def _check(self) -> None:
        try:
            if self._get() is not None:
                parse(self._get())
            self.clear()
        except RulesError as err:
            self.show_error(err)


class MapRow(Row):
    """A titled block of number boxes, one per key; reads back a read-only mapping.

    Boxes keep what was typed (like :class:`NumberRow`); while "auto" is ticked they show
    the engine's values (``show_derived``), or are hidden when the system gives none.
    """

    def __init__(self, name: str, spec: FieldSpec, lang: str, control: ipw.Widget):
        key_spec = dataclasses.replace(spec, kind="int", optional=False)
        self.key_boxes = [
            NumberBox(f"{name}.{c.value}", key_spec, "map-cell") for c in spec.choices
        ]
        self.derived: Any = None
        control.children[1].children = [b.text for b in self.key_boxes]
        super().__init__(name, spec, lang, control)
        for b in self.key_boxes:
            b.text.observe(lambda ch, b=b: guarded(lambda: self._typed(b)), "value")

    @property
    def boxes(self) -> tuple[ipw.Widget, ...]:
        return tuple(b.text for b in self.key_boxes)

    def value_widgets(self) -> list[ipw.Widget]:
        return list(self.boxes)

    def _typed(self, box: NumberBox) -> None:
        if self.auto is not None and self.auto.value:
            return
        try:
            box.parse()
            self.clear()
        except RulesError as err:
            self.show_error(err)

    def _get(self) -> Any:
        keys = self.spec.choice_values()
        return FrozenMap({k: b.parse() for k, b in zip(keys, self.key_boxes, strict=True)})

    def _set(self, value: Any) -> None:
        for k, b in zip(self.spec.choice_values(), self.key_boxes, strict=True):
            b.show(dict(value or {}).get(k, int_bounds(self.spec)[0]), self.lang)

    def show_derived(self, value: Any) -> None:
        self.derived = value
        if self.auto is not None and self.auto.value:
            self._sync_auto()

    def _sync_auto(self) -> None:
        auto = self.auto_on
        grid = self.input.children[1]
        for b in self.key_boxes:
            b.text.disabled = auto
        if auto:
            self.clear()
            grid.layout = layout("plain" if self.derived is not None else "hidden")
            if self.derived is not None:
                self._set(self.derived)
        else:
            grid.layout = layout("row")
            if self.derived is not None and not any(b.text.value.strip() for b in self.key_boxes):
                self._set(self.derived)
            elif not any(b.text.value.strip() for b in self.key_boxes):
                self._set(None)

    def relabel(self, lang: str) -> None:
        self.lang = lang
        title = self.input.children[0]
        title.value = f"<b>{html.escape(self.spec.label_for(lang))}</b>"
        title.tooltip = clean_help(self.spec.help_for(lang))[0]
        for c, w in zip(self.spec.choices, self.boxes, strict=True):
            w.description = strip_spec_codes(c.label(lang))
            w.tooltip = clean_help(self.spec.help_for(lang))[0]
        if self.auto is not None:
            self.auto.description = i18n.t("form.auto", lang)


class NestedRow(Row):
    """A sub-form in a collapsible Accordion; optional ones get a "usar" checkbox.

    The sub-form's widgets are built when the Accordion is first opened (or ``.sub`` is
    used); until then the row holds the value as an (already validated) instance.
    """

    container = "nested"

    def __init__(self, name, spec, lang, control):
        self._sub: Form | None = None
        self.value = None if spec.optional else nested_form(spec)()
        self.use = make(ipw.Checkbox, True, indent=False) if spec.optional else None
        control.children = [ipw.VBox([self.use] if self.use else [], layout=layout("plain"))]
        super().__init__(name, spec, lang, control)
        control.observe(
            lambda ch: ch.new is not None and guarded(lambda: self.sub), "selected_index"
        )

    @property
    def built(self) -> bool:
        return self._sub is not None

    @property
    def sub(self) -> Form:
        """The sub-form, built on first use."""
        if self._sub is None:
            self._sub = form_for(nested_form(self.spec), self.lang)
            self._sub.set(self.value if self.value is not None else nested_form(self.spec)())
            box = self.input.children[0]
            box.children = (*box.children, self._sub.widget)
            for callback in self.callbacks:
                self._sub.observe(callback)
        return self._sub

    def value_widgets(self) -> list[ipw.Widget]:
        built = self._sub.value_widgets() if self._sub else []
        return ([self.use] if self.use else []) + built

    def _get(self) -> Any:
        if self.use is not None and not self.use.value:
            return None
        if self._sub is None:
            return self.value if self.value is not None else nested_form(self.spec)()
        try:
            return self._sub.read()
        except RulesError:
            self.input.selected_index = 0  # unfold to show the message
            raise

    def _set(self, value: Any) -> None:
        if self.use is not None:
            self.use.value = value is not None
        if value is not None:
            self.value = value
            if self._sub is not None:
                self._sub.set(value)

    def relabel(self, lang: str) -> None:
        self.lang = lang
        self.input.set_title(0, self.spec.label_for(lang))  # no tooltip: breaks AccordionView
        if self.use is not None:
            self.use.description = i18n.t("form.use", lang)
        if self._sub is not None:
            self._sub.relabel(lang)

    def show_error(self, err, path=None) -> None:
        if err is None:
            return self.clear()
        self.input.selected_index = 0
        if not path or not self.sub.show_error(err, path):
            super().show_error(err)

    def clear(self) -> None:
        super().clear()
        if self._sub is not None:
            self._sub.clear()


# --------------------------------------------------------------------------- builders
def _int(spec: FieldSpec) -> ipw.Widget:
    """A slider (no readout: the number box beside it is the readout) for small ranges."""
    lo, hi = int_bounds(spec)
    value = lo if spec.default is None else spec.default
    if hi - lo <= SLIDER_SPAN:
        return make(
            ipw.IntSlider,
            value,
            lo,
            hi,
            continuous_update=True,
            readout=False,
            layout_name="slider",
        )
    return make(ipw.HTML)  # a placeholder: NumberRow uses its box only


def _float(spec: FieldSpec) -> ipw.Widget:
    return make(ipw.HTML)


def _int_map(spec: FieldSpec) -> ipw.Widget:
    """The field's title over a wrapping row that :class:`MapRow` fills with boxes."""
    return ipw.VBox([make(ipw.HTML), ipw.HBox([], layout=layout("row"))])


def _text(spec: FieldSpec) -> ipw.Widget:
    """Text sent on Enter or blur, not per keystroke (each change recomputes the odds)."""
    return make(
        BoundedText,
        spec.default or "",
        continuous_update=False,
        layout_name="wide",
        max_chars=TEXT_MAX,
    )


#: metadata kind → (Row class, widget builder). A new kind is one line here.
BUILDERS: dict[str, tuple[type[Row], Callable[[FieldSpec], ipw.Widget]]] = {
    "int": (NumberRow, _int),
    "float": (NumberRow, _float),
    "choice": (ChoiceRow, lambda s: make(ipw.Dropdown, options=[], layout_name="wide")),
    "flag": (Row, lambda s: make(ipw.Checkbox, bool(s.default), indent=False, layout_name="auto")),
    "dice": (DiceRow, lambda s: _text(s)),
    "text": (Row, lambda s: _text(s)),
    "nested": (NestedRow, lambda s: ipw.Accordion(selected_index=None, layout=layout("plain"))),
    "multichoice": (MultiRow, lambda s: make(ipw.SelectMultiple, options=[], layout_name="wide")),
    "int_map": (MapRow, _int_map),
}


# --------------------------------------------------------------------------- the form
class Form:
    """A generated form: ``.widget``, ``.read()``, ``.set(instance)``, ``.relabel(lang)``."""

    def __init__(
        self, cls: type, lang: str = "es", show_help: bool = False, hide: tuple[str, ...] = ()
    ):
        self.cls, self.lang, self.show_help = cls, lang, show_help
        self.rows: dict[str, Row] = {}
        self.hidden: dict[str, Any] = {name: None for name in hide}  # kept from set()
        for name, spec in describe(cls):
            if name in self.hidden:
                continue
            row_cls, build = BUILDERS[spec.kind]
            self.rows[name] = row_cls(name, spec, lang, build(spec))
        helps = self.rows if show_help else {}
        self.helps = {n: make(ipw.HTML, layout_name="help") for n in helps}
        # a provisional field whose help is only a tooltip gets its badge in the row
        self.badges = {
            n: make(ipw.HTML, layout_name="auto")
            for n, row in self.rows.items()
            if n not in self.helps and clean_help(row.spec.help_for("es"))[1]
        }
        for name, badge in self.badges.items():
            badge.add_class("rolkit-provisional")
            row = self.rows[name]
            row.widget.children = (*row.widget.children, badge)
        self.message = make(ipw.HTML)
        self.message.add_class("rolkit-form-error")
        children = []
        for name, row in self.rows.items():
            children += [row.widget] + ([self.helps[name]] if name in self.helps else [])
        self.widget = ipw.VBox(children + [self.message], layout=layout("plain"))
        self.widget.add_class("rolkit-form")
        self.relabel(lang)
        self.set(cls())

    def value_widgets(self) -> list[ipw.Widget]:
        out = []
        for row in self.rows.values():
            out += row.value_widgets() + ([row.auto] if row.auto else [])
        return out

    def observe(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` after any value of the form changes."""
        for row in self.rows.values():
            row.observe(callback)

    def read(self) -> Any:
        """The validated dataclass; on RulesError, show it beside its field and re-raise."""
        self.clear()
        try:
            values = {name: row.get() for name, row in self.rows.items()}
            return self.cls(**values, **self.hidden)
        except RulesError as err:
            if not was_shown(err):
                self.show_error(err)
            raise

    def set(self, instance: Any) -> None:
        """Load every field's value from a dataclass instance (a preset)."""
        for name, row in self.rows.items():
            row.set(getattr(instance, name))
        self.hidden = {name: getattr(instance, name) for name in self.hidden}

    def relabel(self, lang: str) -> None:
        self.lang = lang
        for name, row in self.rows.items():
            row.relabel(lang)
            if name in self.helps:
                text, provisional = clean_help(row.spec.help_for(lang))
                badge = (
                    f'<span class="rolkit-badge">{html.escape(i18n.t("dash.provisional", lang))}'
                    "</span> "
                    if provisional
                    else ""
                )
                self.helps[name].value = f"<small>{badge}{html.escape(text)}</small>"
            if name in self.badges:
                self.badges[name].value = provisional_badge(lang)

    def show_derived(self, values: Mapping[str, Any]) -> None:
        """Show the engine's values of the automatic fields (``{field: value}``; a nested
        form's as ``"block_item.pg_current"``)."""
        nested: dict[str, dict[str, Any]] = {}
        for name, value in values.items():
            head, _, rest = name.partition(".")
            if rest:
                nested.setdefault(head, {})[rest] = value
                continue
            row = self.rows.get(name)
            if row is not None and hasattr(row, "show_derived"):
                row.show_derived(value)
        for head, sub_values in nested.items():
            row = self.rows.get(head)
            if isinstance(row, NestedRow) and row.built:
                row.sub.show_derived(sub_values)

    def labels(self, lang: str, prefix: str = "") -> dict[str, str]:
        """``{python path: label}`` of every field, nested ones as ``a › b``."""
        out: dict[str, str] = {}
        for name, spec in describe(self.cls):
            out[prefix + name] = spec.label_for(lang)
            if spec.kind == "nested" and spec.nested is not None:
                for sub, sub_spec in describe(spec.nested):
                    out[f"{prefix}{name}.{sub}"] = (
                        f"{spec.label_for(lang)} › {sub_spec.label_for(lang)}"
                    )
        return out

    def locate(self, path: str | list[str]) -> tuple[Row, list[str]] | None:
        """The row an error path names, any leading prefix (``defender.``) stripped."""
        parts = path.split(".") if isinstance(path, str) else list(path)
        for i, head in enumerate(parts):
            if head in self.rows:
                return self.rows[head], parts[i + 1 :]
        return None

    def show_error(self, err: RulesError, path: str | list[str] | None = None) -> bool:
        """Show ``err`` beside its field (True), or as a form-level message (False)."""
        found = self.locate(path if path is not None else (err.field or ""))
        mark_shown(err)
        if found is None:
            self.message.value = _error_html(humanize(err, self.lang, self.labels(self.lang)))
            return False
        row, rest = found
        row.show_error(err, rest)
        return True

    def clear(self) -> None:
        self.message.value = ""
        for row in self.rows.values():
            row.clear()

    def errors(self) -> dict[str, str]:
        """The error text shown beside each field (tests and debugging)."""
        out = {n: r.error_text for n, r in self.rows.items() if r.error_text}
        for n, r in self.rows.items():
            if isinstance(r, NestedRow) and r.built:
                out.update({f"{n}.{k}": v for k, v in r.sub.errors().items()})
        if self.message.value:
            out[""] = self.message.value
        return out


def form_for(
    cls: type, lang: str = "es", show_help: bool = False, hide: tuple[str, ...] = ()
) -> Form:
    """The form of the dataclass ``cls`` with labels and help in ``lang``.

    Args:
        cls: a dataclass whose fields were declared with ``rolkit.fields``.
        lang: ``"es"`` or ``"en"``.
        show_help: show each field's one-line help under it (the options panel).
        hide: fields edited elsewhere (``System.options_field``): no widget; ``read()``
            passes on the value of the last ``set()``.
    """
    return Form(cls, lang, show_help, hide)


def values_of(instance: Any) -> Mapping[str, Any]:
    """The declared fields of an instance by name (tests and round trips)."""
    return {name: getattr(instance, name) for name, _ in describe(type(instance))}
