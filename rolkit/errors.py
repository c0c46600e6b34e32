"""The errors a user can cause, and the factories every system builds them with.

A leaf module: it imports nothing of rolkit, so :mod:`rolkit.dice`, :mod:`rolkit.fields`
and every system can raise these without import cycles.

Every error is a :class:`RulesError` (a ``ValueError``) carrying the field at fault
(``err.field``, the Python path such as ``"defender.con"``), what is allowed, what was got,
and one plain sentence in English (``str(err)``) and Spanish (``err.message("es")``). The
sentences name the field by its *label* when one is given, never by its Python name.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

__all__ = [
    "RulesError",
    "FieldRangeError",
    "ImpossibleActionError",
    "DiceSyntaxError",
    "input_error",
    "check_int",
    "check_choice",
    "shown",
]

#: Longest rendering of a user's value inside a message (a 5000-digit number is cut).
MAX_SHOWN = 40


class RulesError(ValueError):
    """Any error a user can cause: carries the field, what is allowed and what was got.

    Args:
        message: the plain English sentence (``str(err)``).
        field: the dataclass field (or argument) at fault, e.g. ``"fortaleza"`` or
            ``"defender.con"``; ``None`` when no single field is to blame.
        allowed: a short English description of what is allowed.
        got: the offending value.
        message_es: the same sentence in Spanish (defaults to the English one).
        message_en: the English sentence a user reads, when it differs from ``message``
            (a spec may fix ``str(err)`` with the Python field name, while the UI names
            the field by its label); defaults to ``message``.
    """

    def __init__(
        self,
        message: str,
        *,
        field: str | None = None,
        allowed: str | None = None,
        got: Any = None,
        message_es: str | None = None,
        message_en: str | None = None,
    ) -> None:
        super().__init__(message)
        self.field = field
        self.allowed = allowed
        self.got = got
        self.message_en = message_en or message
        self.message_es = message_es or message

    def message(self, lang: str = "en") -> str:
        """The plain sentence in ``lang`` (``"es"`` or ``"en"``)."""
        return self.message_es if lang == "es" else self.message_en


class FieldRangeError(RulesError):
    """A single field holds a value outside its declared range or choices."""


class ImpossibleActionError(RulesError):
    """The fields are each valid, but the combination is not an action the rules allow."""


class DiceSyntaxError(RulesError):
    """A dice expression could not be parsed; carries ``position``, ``got`` and ``expected``."""

    def __init__(self, message: str, *, position: int, got: str, expected: str, **kw: Any):
        super().__init__(message, got=got, **kw)
        self.position = position
        self.expected = expected


def shown(value: Any) -> str:
    """``repr(value)`` for a message, cut to :data:`MAX_SHOWN` characters.

    Never fails: a huge int (past Python's digit limit for ``str``) is shown by its size.
    """
    try:
        text = repr(value)
    except ValueError:  # int too large to convert to str
        return "<a number too large to show>"
    return text if len(text) <= MAX_SHOWN else text[: MAX_SHOWN - 1] + "…"


def input_error(
    field: str | None,
    *,
    en: str,
    es: str,
    allowed: str | None = None,
    got: Any = None,
    cls: type[RulesError] = FieldRangeError,
) -> RulesError:
    """Build (not raise) a ``cls`` error with its English and Spanish sentences."""
    return cls(en, field=field, allowed=allowed, got=got, message_es=es)


def _label_pair(field: str, label: tuple[str, str] | str | None) -> tuple[str, str]:
    if label is None:
        return field, field
    if isinstance(label, str):
        return label, label
    return label[0], label[1]


def check_int(
    value: Any,
    lo: int,
    hi: int,
    *,
    field: str,
    label: tuple[str, str] | str | None = None,
    cls: type[RulesError] = FieldRangeError,
) -> int:
    """``value`` if it is a whole number in ``lo..hi`` (``True``/``False`` are not numbers).

    Raises:
        FieldRangeError: (or ``cls``) naming the field by its label, the range and the value.
    """
    if isinstance(value, int) and not isinstance(value, bool) and lo <= value <= hi:
        return value
    es, en = _label_pair(field, label)
    raise input_error(
        field,
        en=f"{en} must be a whole number from {lo} to {hi} (got {shown(value)})",
        es=f"{es} debe ser un número entero de {lo} a {hi} (recibido {shown(value)})",
        allowed=f"{lo}..{hi}",
        got=value,
        cls=cls,
    )


def check_choice(
    value: Any,
    choices: Iterable[Any],
    *,
    field: str,
    label: tuple[str, str] | str | None = None,
    cls: type[RulesError] = FieldRangeError,
) -> Any:
    """``value`` if it is one of ``choices`` (compared strictly: ``1`` is not ``True``).

    Raises:
        FieldRangeError: (or ``cls``) naming the field by its label and the choices.
    """
    options = tuple(choices)
    if any(value == c and type(value) is type(c) for c in options):
        return value
    es, en = _label_pair(field, label)
    listed = ", ".join(str(c) for c in options)
    raise input_error(
        field,
        en=f"{en} must be one of: {listed} (got {shown(value)})",
        es=f"{es} debe ser uno de: {listed} (recibido {shown(value)})",
        allowed=listed,
        got=value,
        cls=cls,
    )
