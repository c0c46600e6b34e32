"""Field metadata: the single source of truth for validation and for the generated forms.

Each form dataclass declares its fields with the factories below (``int_field``,
``choice_field``, ``flag_field``, ``dice_field``, ``text_field``, ``float_field``,
``nested_field``, ``multichoice_field``, ``int_map_field``). A factory returns a
``dataclasses.field`` whose metadata holds one frozen :class:`FieldSpec` under the key
``"rolkit"``. Unknown keyword arguments are a ``TypeError`` (the factories are plain
keyword-only functions), so a misspelt option cannot be silently ignored.

``validate(obj)`` checks every declared field of a dataclass instance (and stores mapping
and set values as :class:`FrozenMap` / ``frozenset``) and raises
:class:`~rolkit.errors.FieldRangeError` naming the field, what is allowed and what it got,
in English (``str(err)``) and Spanish (``err.message("es")``). Call it from
``__post_init__``; ``describe(cls)`` lists the fields for the widgets.
"""

from __future__ import annotations

import dataclasses
import functools
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from rolkit.dice import parse
from rolkit.errors import DiceSyntaxError, FieldRangeError, RulesError, input_error, shown

__all__ = [
    "Choice",
    "FrozenMap",
    "FieldSpec",
    "int_field",
    "float_field",
    "choice_field",
    "flag_field",
    "dice_field",
    "text_field",
    "nested_field",
    "multichoice_field",
    "int_map_field",
    "describe",
    "value_text",
    "changed_fields",
    "spec_of",
    "validate",
    "validator",
    "KINDS",
    "label",
    "to_data",
    "from_data",
]

KINDS = ("int", "float", "choice", "flag", "dice", "text", "nested", "multichoice", "int_map")
META_KEY = "rolkit"


class FrozenMap(dict):
    """An immutable, hashable dict: the value of int_map fields.

    Unlike ``types.MappingProxyType`` it survives ``copy.deepcopy``, ``pickle`` and
    ``dataclasses.asdict`` (and serialises to JSON as a plain object), and it keeps the
    frozen form dataclasses hashable.
    """

    __slots__ = ()

    def _immutable(self, *args: Any, **kwargs: Any) -> None:
        raise TypeError("this mapping is immutable; build a new form with dataclasses.replace")

    __setitem__ = __delitem__ = __ior__ = _immutable  # type: ignore[assignment]
    clear = pop = popitem = setdefault = update = _immutable  # type: ignore[assignment]

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(frozenset(self.items()))

    def __reduce__(self):
        return (FrozenMap, (dict(self),))

    def __copy__(self) -> FrozenMap:
        return self

    def __deepcopy__(self, memo: dict) -> FrozenMap:
        return self


@dataclass(frozen=True)
class Choice:
    """One allowed value of a choice field, with its labels."""

    value: Any
    es: str
    en: str

    def label(self, lang: str = "es") -> str:
        return self.es if lang == "es" else self.en


@dataclass(frozen=True)
class FieldSpec:
    """Everything a form and a validator need to know about one field.

    ``label``/``help`` are ``(es, en)`` pairs. ``optional`` means ``None`` is allowed
    (it stands for "derive it", e.g. a capacity read from a table). ``min``/``max`` bound
    ints and floats (``max`` may be ``None`` for unbounded floats); ``choices`` list the
    allowed values of choice and multichoice fields, and the keys of int_map fields.
    ``nested`` is the dataclass of a nested sub-form. ``rule`` cites the spec.
    """

    kind: str
    label: tuple[str, str]
    help: tuple[str, str]
    default: Any = None
    min: float | None = None
    max: float | None = None
    choices: tuple[Choice, ...] = ()
    optional: bool = False
    nested: type | None = None
    deterministic: bool = False
    rule: str = ""
    advanced: bool = False

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise TypeError(f"kind must be one of {KINDS} (got {self.kind!r})")
        for pair, what in ((self.label, "label"), (self.help, "help")):
            if not (isinstance(pair, tuple) and len(pair) == 2 and all(pair)):
                raise TypeError(f"{what} must be a non-empty (es, en) pair (got {pair!r})")

    def label_for(self, lang: str = "es") -> str:
        return self.label[0] if lang == "es" else self.label[1]

    def help_for(self, lang: str = "es") -> str:
        return self.help[0] if lang == "es" else self.help[1]

    def choice_values(self) -> tuple[Any, ...]:
        return tuple(c.value for c in self.choices)

    def choice_label(self, value: Any, lang: str = "es") -> str:
        for c in self.choices:
            if c.value == value:
                return c.label(lang)
        return str(value)

    def allowed(self, lang: str = "en") -> str:
        """What the field accepts, in plain words (decimals with the language's separator:
        ``de 0,5 a 2,5`` in Spanish, ``from 0.5 to 2.5`` in English)."""
        es = lang == "es"

        def fmt(x: float | None) -> str:
            return fmt_number(x, lang)

        none = (" o vacío" if es else " or empty") if self.optional else ""
        if self.kind == "int":
            return (
                f"un número entero de {fmt(self.min)} a {fmt(self.max)}{none}"
                if es
                else f"a whole number from {fmt(self.min)} to {fmt(self.max)}{none}"
            )
        if self.kind == "float":
            top = (
                ""
                if self.max is None
                else (f" a {fmt(self.max)}" if es else f" to {fmt(self.max)}")
            )
            return (
                f"un número desde {fmt(self.min)}{top}{none}"
                if es
                else f"a number from {fmt(self.min)}{top}{none}"
            )
        if self.kind in ("choice", "multichoice"):
            values = ", ".join(str(c.value) for c in self.choices)
            return (
                (f"uno de: {values}{none}" if es else f"one of: {values}{none}")
                if self.kind == "choice"
                else (f"valores de: {values}" if es else f"values from: {values}")
            )
        if self.kind == "int_map":
            return (
                f"números enteros de {fmt(self.min)} a {fmt(self.max)} por clave"
                if es
                else f"whole numbers from {fmt(self.min)} to {fmt(self.max)} per key"
            )
        if self.kind == "flag":
            return "sí o no" if es else "yes or no"
        if self.kind == "dice":
            return (
                "una expresión de dados como 1D8+1D4" if es else "a dice expression such as 1D8+1D4"
            ) + none
        if self.kind == "nested":
            return self.nested.__name__ if self.nested else "a form"
        return "texto" if es else "text"


def fmt(x: float | None) -> str:
    """A bound as English text: ``None`` is ``∞``, ``2.0`` is ``2``, ``0.5`` is ``0.5``."""
    return fmt_number(x, "en")


def fmt_number(x: float | None, lang: str = "en") -> str:
    """A bound in ``lang``: ``0.5`` is ``0,5`` in Spanish and ``0.5`` in English."""
    if x is None:
        return "∞"
    if isinstance(x, float) and x.is_integer():
        return str(int(x))
    text = str(x)
    return text.replace(".", ",") if lang == "es" and isinstance(x, float) else text


def shown_in(value: Any, lang: str) -> str:
    """:func:`~rolkit.errors.shown` with a float's decimal comma in Spanish (``2,7``)."""
    text = shown(value)
    if lang == "es" and isinstance(value, float) and math.isfinite(value):
        return text.replace(".", ",")
    return text


#: How a flag's value reads (the dashboard's own «sí» / «no»).
_YES_NO = {"es": ("sí", "no"), "en": ("sí (yes)", "no")}


def value_text(spec: FieldSpec, value: Any, lang: str) -> str:
    """A field's value as a GM reads it: a flag as «sí»/«no», a choice by its label, wound
    boxes per location as «Torso 1, Mano izquierda 2» (only the marked ones), a set of
    locations by their labels in body order — never a dict or an internal id."""
    if spec.kind == "flag":
        yes, no = _YES_NO["es" if lang == "es" else "en"]
        return yes if value else no
    if spec.kind == "choice":
        return spec.choice_label(value, lang)
    if spec.kind == "int_map" and value is not None:
        marked = [
            f"{spec.choice_label(c.value, lang)} {value[c.value]}"
            for c in spec.choices
            if value.get(c.value)
        ]
        return ", ".join(marked) or "—"
    if spec.kind == "multichoice" and value is not None:
        return ", ".join(c.label(lang) for c in spec.choices if c.value in value) or "—"
    if value is None:
        return "—"
    return shown_in(value, lang) if isinstance(value, float) else str(value)


def changed_fields(now: Any, then: Any, lang: str, prefix: str = "") -> list[str]:
    """``"Label: value"`` for each field of the form ``now`` that differs from ``then``
    (a sub-form field by field: ``"Escudo › PG: 3"``), labels in ``lang``."""
    out = []
    for name, spec in describe(type(now)):
        a, b = getattr(now, name), getattr(then, name)
        if a == b:
            continue
        label = f"{prefix}{spec.label_for(lang)}"
        if spec.kind == "nested" and a is not None and b is not None:
            out += changed_fields(a, b, lang, f"{label} › ")
        else:
            out.append(f"{label}: {value_text(spec, a, lang)}")
    return out


def _field(spec: FieldSpec, default_factory: Callable[[], Any] | None = None) -> Any:
    meta = MappingProxyType({META_KEY: spec})
    if default_factory is not None:
        return dataclasses.field(default_factory=default_factory, metadata=meta)
    return dataclasses.field(default=spec.default, metadata=meta)


def _pair(x: tuple[str, str] | str) -> tuple[str, str]:
    return (x, x) if isinstance(x, str) else tuple(x)  # type: ignore[return-value]


def int_field(
    default: int | None,
    min: int,
    max: int,
    *,
    label: tuple[str, str],
    help: tuple[str, str],
    optional: bool = False,
    rule: str = "",
    advanced: bool = False,
) -> Any:
    """A whole number in ``min..max`` (``None`` too when ``optional``)."""
    return _field(
        FieldSpec(
            "int",
            _pair(label),
            _pair(help),
            default,
            min,
            max,
            optional=optional,
            rule=rule,
            advanced=advanced,
        )
    )


def float_field(
    default: float | None,
    min: float,
    max: float | None = None,
    *,
    label: tuple[str, str],
    help: tuple[str, str],
    optional: bool = False,
    rule: str = "",
    advanced: bool = False,
) -> Any:
    """A number in ``min..max`` (``max=None``: unbounded above)."""
    return _field(
        FieldSpec(
            "float",
            _pair(label),
            _pair(help),
            default,
            min,
            max,
            optional=optional,
            rule=rule,
            advanced=advanced,
        )
    )


def _choices(choices: Mapping[Any, tuple[str, str] | str]) -> tuple[Choice, ...]:
    return tuple(Choice(v, *_pair(lbl)) for v, lbl in choices.items())


def choice_field(
    default: Any,
    choices: Mapping[Any, tuple[str, str] | str],
    *,
    label: tuple[str, str],
    help: tuple[str, str],
    optional: bool = False,
    rule: str = "",
    advanced: bool = False,
) -> Any:
    """One value of ``choices`` (a mapping value → ``(es, en)`` label)."""
    return _field(
        FieldSpec(
            "choice",
            _pair(label),
            _pair(help),
            default,
            choices=_choices(choices),
            optional=optional,
            rule=rule,
            advanced=advanced,
        )
    )


def multichoice_field(
    choices: Mapping[Any, tuple[str, str] | str],
    *,
    label: tuple[str, str],
    help: tuple[str, str],
    rule: str = "",
    advanced: bool = False,
) -> Any:
    """A ``frozenset`` of values from ``choices`` (default: empty)."""
    spec = FieldSpec(
        "multichoice",
        _pair(label),
        _pair(help),
        frozenset(),
        choices=_choices(choices),
        rule=rule,
        advanced=advanced,
    )
    return _field(spec, default_factory=frozenset)


def int_map_field(
    keys: Mapping[Any, tuple[str, str] | str],
    min: int,
    max: int,
    *,
    label: tuple[str, str],
    help: tuple[str, str],
    optional: bool = False,
    rule: str = "",
    advanced: bool = False,
) -> Any:
    """A mapping from some of ``keys`` to whole numbers in ``min..max``.

    Default: ``None`` if ``optional``, else every key at ``min``.
    """
    spec = FieldSpec(
        "int_map",
        _pair(label),
        _pair(help),
        None,
        min,
        max,
        choices=_choices(keys),
        optional=optional,
        rule=rule,
        advanced=advanced,
    )
    if optional:
        return _field(spec)
    return _field(spec, default_factory=lambda: FrozenMap({k: min for k in keys}))


def flag_field(
    default: bool = False,
    *,
    label: tuple[str, str],
    help: tuple[str, str],
    rule: str = "",
    advanced: bool = False,
) -> Any:
    """Yes or no."""
    return _field(
        FieldSpec("flag", _pair(label), _pair(help), default, rule=rule, advanced=advanced)
    )


def dice_field(
    default: str | None,
    *,
    label: tuple[str, str],
    help: tuple[str, str],
    optional: bool = False,
    deterministic: bool = False,
    rule: str = "",
    advanced: bool = False,
) -> Any:
    """A dice expression (``1D8+1D4``), validated by parsing it, never by evaluating it."""
    return _field(
        FieldSpec(
            "dice",
            _pair(label),
            _pair(help),
            default,
            optional=optional,
            deterministic=deterministic,
            rule=rule,
            advanced=advanced,
        )
    )


def text_field(
    default: str = "",
    *,
    label: tuple[str, str],
    help: tuple[str, str],
    rule: str = "",
    advanced: bool = False,
) -> Any:
    """Free text (names): any string up to 200 characters."""
    return _field(
        FieldSpec(
            "text", _pair(label), _pair(help), default, min=0, max=200, rule=rule, advanced=advanced
        )
    )


def nested_field(
    cls: type,
    *,
    label: tuple[str, str],
    help: tuple[str, str],
    optional: bool = False,
    rule: str = "",
) -> Any:
    """A sub-form: an instance of the dataclass ``cls`` (default ``cls()``, or None)."""
    spec = FieldSpec(
        "nested", _pair(label), _pair(help), None, nested=cls, optional=optional, rule=rule
    )
    if optional:
        return _field(spec)
    return _field(spec, default_factory=cls)


# --------------------------------------------------------------------------- reading
def spec_of(f: dataclasses.Field) -> FieldSpec | None:
    return f.metadata.get(META_KEY)


def describe(cls: type) -> list[tuple[str, FieldSpec]]:
    """The declared fields of a form dataclass, in declaration order."""
    if not dataclasses.is_dataclass(cls):
        raise TypeError(f"{cls!r} is not a dataclass")
    out = []
    for f in dataclasses.fields(cls):
        spec = spec_of(f)
        if spec is not None:
            out.append((f.name, spec))
    return out


def _range_error(
    name: str, spec: FieldSpec, value: Any, prefix: str, error_cls: type[RulesError]
) -> RulesError:
    where = f"{prefix}{name}"
    return error_cls(
        f"{where} must be {spec.allowed('en')} (got {shown(value)})",
        field=where,
        allowed=spec.allowed("en"),
        got=value,
        message_en=f"{spec.label_for('en')} must be {spec.allowed('en')} (got {shown(value)})",
        message_es=(
            f"{spec.label_for('es')} debe ser {spec.allowed('es')} "
            f"(recibido {shown_in(value, 'es')})"
        ),
    )


def _is_choice(value: Any, spec: FieldSpec) -> bool:
    """``value`` is one of the choices, compared strictly (``1`` is not ``True``)."""
    return any(value == c and type(value) is type(c) for c in spec.choice_values())


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _check_value(
    name: str, spec: FieldSpec, value: Any, prefix: str, error_cls: type[RulesError]
) -> None:
    bad = lambda: _range_error(name, spec, value, prefix, error_cls)  # noqa: E731
    if value is None:
        if spec.optional or (spec.kind == "choice" and _is_choice(None, spec)):
            return
        raise bad()
    kind = spec.kind
    if kind == "int":
        if not _is_int(value) or not spec.min <= value <= spec.max:
            raise bad()
    elif kind == "float":
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise bad()
        # a float must be finite; an int of any size compares exactly (math.isfinite of
        # 10**5000 would overflow)
        if isinstance(value, float) and not math.isfinite(value):
            raise bad()
        if value < spec.min or (spec.max is not None and value > spec.max):
            raise bad()
    elif kind == "choice":
        if not _is_choice(value, spec):
            raise bad()
    elif kind == "multichoice":
        if not isinstance(value, frozenset | set | tuple | list) or not all(
            _is_choice(v, spec) for v in value
        ):
            raise bad()
    elif kind == "int_map":
        if not isinstance(value, Mapping):
            raise bad()
        for k, v in value.items():
            if k not in spec.choice_values() or not _is_int(v) or not spec.min <= v <= spec.max:
                raise bad()
    elif kind == "flag":
        if not isinstance(value, bool):
            raise bad()
    elif kind == "text":
        if not isinstance(value, str) or len(value) > (spec.max or 0):
            raise bad()
    elif kind == "dice":
        if not isinstance(value, str):
            raise bad()
        try:
            expr = parse(value)
        except RulesError as err:
            raise error_cls(
                f"{prefix}{name}: {err}",
                field=f"{prefix}{name}",
                allowed=spec.allowed("en"),
                got=value,
                message_es=f"{spec.label_for('es')}: {err.message('es')}",
                message_en=f"{spec.label_for('en')}: {err.message('en')}",
            ) from None
        if spec.deterministic and expr.dice_count:
            raise bad()
    elif kind == "nested" and (spec.nested is None or not isinstance(value, spec.nested)):
        raise bad()


def validator(error_cls: type[RulesError]) -> Callable[[Any], None]:
    """The ``__post_init__`` check of a system's forms: :func:`validate` raising the
    system's own input error (``_validate = fields.validator(CoreDreadRangeError)``)."""

    def check(obj: Any) -> None:
        validate(obj, error_cls=error_cls)

    return check


def validate(obj: Any, prefix: str = "", error_cls: type[RulesError] = FieldRangeError) -> None:
    """Check every declared field of the dataclass instance ``obj``.

    Args:
        obj: a dataclass instance whose fields were declared with this module.
        prefix: prepended to field names in errors (``"defender."``).
        error_cls: the RulesError subclass to raise (a system's own input error).

    Raises:
        FieldRangeError: (or ``error_cls``) naming the first field out of range, what it
            allows and what it got.
    """
    declared = _declared(type(obj))
    key = _valid_key(obj, declared, prefix, error_cls)
    passed = _valid()
    if key is not None and key in passed:
        return
    for name, spec in declared:
        value = getattr(obj, name)
        _check_value(name, spec, value, prefix, error_cls)
        _freeze(obj, name, spec, value)
    if key is not None:
        if len(passed) >= _VALID_MAX:
            passed.clear()
        passed[key] = None


#: Each form class's declared fields, ``(name, spec)`` in declaration order.
_DECLARED: dict[type, tuple[tuple[str, FieldSpec], ...]] = {}


#: The field values that passed :func:`validate` (the engine builds the same forms again
#: and again: each is checked once). Bounded: emptied when full.
@functools.cache
def _valid() -> dict[tuple[Any, ...], None]:
    """The keys of the forms that passed (a cached function so that
    ``rolkit.clear_caches()`` empties it: benchmarks time cold paths)."""
    return {}


_VALID_MAX = 1 << 14
_SCALARS = frozenset({type(None), bool, int, float, str})


def _declared(cls: type) -> tuple[tuple[str, FieldSpec], ...]:
    known = _DECLARED.get(cls)
    if known is None:
        known = _DECLARED[cls] = tuple(describe(cls))
    return known


def _valid_key(
    obj: Any, declared: tuple[tuple[str, FieldSpec], ...], prefix: str, error_cls: type
) -> tuple[Any, ...] | None:
    """What :func:`validate` reads of ``obj``: each value with its exact type (``1`` and
    ``True``, ``1`` and ``1.0`` are equal but not equally valid), a nested form's type
    alone (only its type is checked). ``None`` (checked in full, not kept): a value of
    another kind, or one :func:`_freeze` would still convert."""
    key: list[Any] = [type(obj), prefix, error_cls]
    for name, spec in declared:
        value = getattr(obj, name)
        kind = type(value)
        if kind in _SCALARS:
            key += (kind, value)
        elif spec.kind == "nested":
            key.append(kind)
        elif kind is FrozenMap and spec.kind == "int_map":
            items = value.items()
            if not all(type(k) in _SCALARS and type(v) in _SCALARS for k, v in items):
                return None
            key += (kind, frozenset((type(k), k, type(v), v) for k, v in items))
        elif kind is frozenset and spec.kind == "multichoice":
            if not all(type(v) in _SCALARS for v in value):
                return None
            key += (kind, frozenset((type(v), v) for v in value))
        else:
            return None
    return tuple(key)


def _freeze(obj: Any, name: str, spec: FieldSpec, value: Any) -> None:
    """Store mapping and set values immutably, so frozen forms stay frozen and hashable."""
    if spec.kind == "int_map" and value is not None and not isinstance(value, FrozenMap):
        object.__setattr__(obj, name, FrozenMap(value))
    elif spec.kind == "multichoice" and not isinstance(value, frozenset):
        object.__setattr__(obj, name, frozenset(value))


# --------------------------------------------------------------------------- kit helpers
def label(es: str, gloss: str | None = None, *, en: str | None = None) -> tuple[str, str]:
    """An ``(es, en)`` label pair: the Spanish game term, glossed in English.

    ``label("Pelea", gloss="melee skill") == ("Pelea", "Pelea (melee skill)")``; ``en``
    gives the whole English label instead, and neither keeps the term in both.
    """
    if en is not None:
        return es, en
    return es, (f"{es} ({gloss})" if gloss else es)


def to_data(obj: Any) -> dict[str, Any]:
    """The declared field values of a form instance as plain data (nested forms as dicts,
    int maps as dicts, multichoices as sorted lists): what a preset or a roster stores."""
    out: dict[str, Any] = {}
    for name, spec in describe(type(obj)):
        value = getattr(obj, name)
        if spec.kind == "nested" and value is not None:
            value = to_data(value)
        elif spec.kind == "int_map" and value is not None:
            value = dict(value)
        elif spec.kind == "multichoice":
            value = sorted(value, key=str)
        out[name] = value
    return out


def from_data(cls: type, data: Mapping[str, Any], *, where: str = "") -> Any:
    """A validated ``cls`` instance from plain data (the inverse of :func:`to_data`).

    Fields absent from ``data`` take their defaults; a nested form may be a dict.

    Raises:
        RulesError: naming ``where`` (the entry, e.g. ``"attacker: Bruno"``) and the field,
            for an unknown field, a wrong value, or data that is not a mapping.
    """
    prefix = f"{where}: " if where else ""
    if not isinstance(data, Mapping):
        raise input_error(
            where or cls.__name__,
            en=f"{prefix}expected a table of field values (got {shown(data)})",
            es=f"{prefix}se esperaba una tabla de valores de campo (recibido {shown(data)})",
            got=data,
        )
    known = dict(describe(cls))
    kwargs: dict[str, Any] = {}
    for name, value in data.items():
        spec = known.get(name)
        if spec is None:
            raise input_error(
                f"{where}.{name}" if where else str(name),
                en=f"{prefix}unknown field {shown(name)}",
                es=f"{prefix}campo desconocido {shown(name)}",
                allowed=", ".join(known),
                got=name,
            )
        if spec.kind == "nested" and isinstance(value, Mapping) and spec.nested is not None:
            value = from_data(spec.nested, value, where=f"{where}.{name}" if where else name)
        elif spec.kind == "multichoice" and isinstance(value, list):
            value = frozenset(value)
        kwargs[name] = value
    try:
        return cls(**kwargs)
    except RulesError as err:
        if not where:
            raise
        cls_err = FieldRangeError if isinstance(err, DiceSyntaxError) else type(err)
        raise cls_err(
            f"{prefix}{err}",
            field=err.field,
            allowed=err.allowed,
            got=err.got,
            message_es=f"{prefix}{err.message('es')}",
            message_en=f"{prefix}{err.message('en')}",
        ) from None
