"""§3 Input errors: one tree rooted at :class:`CoreDreadInputError`, the spec's name for
any invalid input (a ``FieldRangeError``, so a ``RulesError``/``ValueError``).

``CoreDreadRangeError`` is a single field out of its range; ``CoreDreadImpossibleError``
is a combination the rules forbid (§3.6; also an ``ImpossibleActionError``), which still
names the one field at fault (``"modifiers.aimed"``). All carry ``.field``, ``.allowed``
and ``.got``, with the message in plain English (``str(err)``) and Spanish
(``err.message("es")``).
"""

from __future__ import annotations

from typing import Any

from rolkit.errors import FieldRangeError, ImpossibleActionError, shown

__all__ = ["CoreDreadInputError", "CoreDreadRangeError", "CoreDreadImpossibleError", "impossible"]


class CoreDreadInputError(FieldRangeError):
    """Any invalid Core Dread input (§3, §3.6): carries ``.field`` and ``.allowed``."""


class CoreDreadRangeError(CoreDreadInputError):
    """One field holds a value outside its declared range or choices."""


class CoreDreadImpossibleError(CoreDreadInputError, ImpossibleActionError):
    """Each field is valid, but the rules forbid the combination (§3.6)."""


def impossible(field: str, en: str, es: str, allowed: str, got: Any) -> CoreDreadImpossibleError:
    """Build a §3.6 error whose message starts with the field name."""
    return CoreDreadImpossibleError(
        f"{field}: {en} (got {shown(got)})",
        field=field,
        allowed=allowed,
        got=got,
        message_es=f"{field}: {es} (recibido {shown(got)})",
    )


def out_of_range(field: str, low: int, high: int, got: Any) -> CoreDreadRangeError:
    """A whole number outside ``low..high`` for a function argument."""
    return CoreDreadRangeError(
        f"{field} must be a whole number from {low} to {high} (got {shown(got)})",
        field=field,
        allowed=f"a whole number from {low} to {high}",
        got=got,
        message_es=f"{field} debe ser un número entero de {low} a {high} (recibido {shown(got)})",
    )


def check_int(field: str, value: Any, low: int, high: int) -> int:
    """Return ``value`` if it is a whole number in ``low..high``; raise otherwise."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise out_of_range(field, low, high, value)
    return value


def check_choice(field: str, value: Any, choices: Any) -> Any:
    """Return ``value`` if it is one of ``choices``; raise otherwise."""
    if value not in choices:
        allowed = ", ".join(str(c) for c in choices)
        raise CoreDreadRangeError(
            f"{field} must be one of: {allowed} (got {shown(value)})",
            field=field,
            allowed=f"one of: {allowed}",
            got=value,
            message_es=f"{field} debe ser uno de: {allowed} (recibido {shown(value)})",
        )
    return value
