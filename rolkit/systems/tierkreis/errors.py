"""§2 Input errors of PHANTÄSIA TIERKREIS: one class, :class:`TierkreisInputError`.

It subclasses the shared :class:`~rolkit.model.FieldRangeError` (hence ``RulesError`` and
``ValueError``), carries ``.field`` (the python path), ``.allowed`` and ``.got``, and says
the same sentence in English (``str(err)``) and Spanish (``err.message("es")``).
"""

from __future__ import annotations

from typing import Any

from rolkit.errors import FieldRangeError

__all__ = ["TierkreisInputError", "fail", "check_int", "check_choice"]


class TierkreisInputError(FieldRangeError):
    """Any invalid Tierkreis input: a field out of range or a combination the rules forbid."""


def fail(
    field: str, en: str, es: str, allowed: str | None = None, got: Any = None
) -> TierkreisInputError:
    """An error naming ``field``; ``en``/``es`` are whole sentences for the user."""
    return TierkreisInputError(en, field=field, allowed=allowed, got=got, message_es=es)


def check_int(value: Any, lo: int, hi: int, field: str, label: str | None = None) -> int:
    """``value`` if it is a whole number in ``lo..hi``; else a :class:`TierkreisInputError`."""
    name = label or field
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise fail(
            field,
            f"{name} must be a whole number from {lo} to {hi} (got {value!r})",
            f"{name} debe ser un número entero de {lo} a {hi} (recibido {value!r})",
            f"{lo}..{hi}",
            value,
        )
    return value


def check_choice(value: Any, choices: tuple[Any, ...], field: str, label: str | None = None) -> Any:
    """``value`` if it is one of ``choices``; else a :class:`TierkreisInputError`."""
    name = label or field
    if not any(value == c and type(value) is type(c) for c in choices):
        allowed = ", ".join(str(c) for c in choices)
        raise fail(
            field,
            f"{name} must be one of: {allowed} (got {value!r})",
            f"{name} debe ser uno de: {allowed} (recibido {value!r})",
            allowed,
            value,
        )
    return value
