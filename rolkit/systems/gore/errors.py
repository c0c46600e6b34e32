"""§2 ``GoreInputError``: the one error a user can cause in G.O.R.E.

Every field out of range, every impossible combination of fields (a block against a
bow, a shot beyond twice the range, ...) raises :class:`GoreInputError`, a
:class:`rolkit.errors.FieldRangeError` (a ``RulesError``, hence a ``ValueError``) carrying ``.field``,
``.allowed`` and ``.got``, with a plain English message and a Spanish one
(``err.message("es")``).
"""

from __future__ import annotations

from typing import Any

from rolkit.errors import FieldRangeError

__all__ = ["GoreInputError", "fail", "check_whole"]


class GoreInputError(FieldRangeError):
    """§2 A G.O.R.E. input error: names the field, the value and what is allowed.

    Example: ``"defender.con = 0: CON must be a whole number from 1 to 99"``.
    """


def fail(
    field: str,
    got: Any,
    allowed_en: str,
    allowed_es: str,
    *,
    why_en: str = "",
    why_es: str = "",
) -> GoreInputError:
    """Build a :class:`GoreInputError` in the spec's format (``"field = value: ..."``).

    Args:
        field: the field at fault, with its role prefix (``"modifiers.defence"``).
        got: the offending value.
        allowed_en: what is allowed, in English (``"dodge or none against a ranged weapon"``).
        allowed_es: the same in Spanish.
        why_en: an optional English reason appended after a dash.
        why_es: the same in Spanish.
    """
    en = f"{field} = {got!r}: must be {allowed_en}"
    es = f"{field} = {got!r}: debe ser {allowed_es}"
    if why_en:
        en += f" ({why_en})"
    if why_es:
        es += f" ({why_es})"
    return GoreInputError(en, field=field, allowed=allowed_en, got=got, message_es=es)


def check_whole(name: str, value: object, lo: int | None = None, hi: int | None = None) -> int:
    """An integer argument of a rules function, or :class:`GoreInputError` naming it."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise fail(name, value, "a whole number", "un número entero")
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        lo_s = "−∞" if lo is None else str(lo)
        hi_s = "∞" if hi is None else str(hi)
        raise fail(
            name, value, f"a whole number from {lo_s} to {hi_s}", f"un entero de {lo_s} a {hi_s}"
        )
    return value
