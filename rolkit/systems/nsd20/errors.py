"""§2 ``NSd20InputError``: the one error a user can cause in NSd20.

Every field out of range and every combination the rules forbid (total cover, an Esfuerzo
extra with a ranged weapon, an unconscious attacker, a second Esfuerzo extra in one
turn, ...) raises :class:`NSd20InputError`. It is a :class:`~rolkit.model.FieldRangeError`
(hence a ``RulesError`` and a ``ValueError``) carrying ``.field``, ``.allowed`` and
``.got``, with a plain English message (``str(err)``) and a Spanish one
(``err.message("es")``).
"""

from __future__ import annotations

from typing import Any

from rolkit.errors import FieldRangeError, shown

__all__ = ["NSd20InputError", "fail", "check_int", "check_choice"]


class NSd20InputError(FieldRangeError):
    """§2 An NSd20 input error, e.g. ``"strength must be a whole number from 1 to 30 (got 0)"``."""


def fail(
    field: str,
    en: str,
    es: str,
    *,
    label: tuple[str, str] | None = None,
    allowed: str = "",
    got: Any = None,
) -> NSd20InputError:
    """An error naming the field by its ``(es, en)`` label when it has one.

    ``fail("cover", "a target with total cover cannot be attacked", ..., label=(...))``
    reads «Cobertura (cover): a target with total cover cannot be attacked»; without a
    label the sentence stands alone. ``err.field`` keeps the Python path.
    """
    en_text = f"{label[1]}: {en}" if label else en[:1].upper() + en[1:]
    es_text = f"{label[0]}: {es}" if label else es[:1].upper() + es[1:]
    return NSd20InputError(
        en_text, field=field, allowed=allowed or None, got=got, message_es=es_text
    )


def check_int(field: str, value: Any, low: int, high: int | None = None) -> int:
    """``value`` if it is a whole number in ``low..high`` (``high=None``: no top); else raise."""
    ok = isinstance(value, int) and not isinstance(value, bool)
    if ok and value >= low and (high is None or value <= high):
        return value
    top_en = "" if high is None else f" to {high}"
    top_es = "" if high is None else f" a {high}"
    raise NSd20InputError(
        f"{field} must be a whole number from {low}{top_en} (got {shown(value)})",
        field=field,
        allowed=f"a whole number from {low}{top_en}",
        got=value,
        message_es=f"{field} debe ser un número entero de {low}{top_es} (recibido {shown(value)})",
    )


def check_choice(field: str, value: Any, choices: Any) -> Any:
    """``value`` if it is one of ``choices``; else raise naming them."""
    if not any(value == c and type(value) is type(c) for c in choices):
        allowed = ", ".join(str(c) for c in choices)
        raise NSd20InputError(
            f"{field} must be one of: {allowed} (got {shown(value)})",
            field=field,
            allowed=f"one of: {allowed}",
            got=value,
            message_es=f"{field} debe ser uno de: {allowed} (recibido {shown(value)})",
        )
    return value
