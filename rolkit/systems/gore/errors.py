"""§2 ``GoreInputError``: the one error a user can cause in G.O.R.E.

Every field out of range, every impossible combination of fields (a block against a
bow, a shot beyond twice the range, ...) raises :class:`GoreInputError`, a
:class:`rolkit.errors.FieldRangeError` (a ``RulesError``, hence a ``ValueError``) carrying
``.field``, ``.allowed`` and ``.got``, with a plain English message and a Spanish one
(``err.message("es")``).
"""

from __future__ import annotations

from typing import Any

from rolkit.errors import FieldRangeError, ImpossibleActionError, check_int, shown

__all__ = ["GoreInputError", "GoreImpossibleAction", "fail", "impossible", "check_whole"]


class GoreInputError(FieldRangeError):
    """§2 A G.O.R.E. input error: names the field, the value and what is allowed.

    Example: ``"defender.con = 0: CON must be a whole number from 1 to 99"``.
    """


class GoreImpossibleAction(GoreInputError, ImpossibleActionError):
    """§2 An action the rules forbid with these forms (a bow at touch range, …): still a
    :class:`GoreInputError` naming the field, and a kit ``ImpossibleActionError``."""


def impossible(
    field: str, got: Any, allowed_en: str, allowed_es: str, **why: str
) -> GoreInputError:
    """:func:`fail` raising :class:`GoreImpossibleAction`."""
    err = fail(field, got, allowed_en, allowed_es, **why)
    return GoreImpossibleAction(
        str(err), field=field, allowed=allowed_en, got=got, message_es=err.message("es")
    )


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
    en = f"{field} = {shown(got)}: must be {allowed_en}"
    es = f"{field} = {shown(got)}: debe ser {allowed_es}"
    if why_en:
        en += f" ({why_en})"
    if why_es:
        es += f" ({why_es})"
    return GoreInputError(en, field=field, allowed=allowed_en, got=got, message_es=es)


#: Bounds of a rules function's whole-number argument when the spec gives none (a target,
#: a score): wide enough for any effective value, small enough to read in a message.
WIDE = 10_000


def check_whole(name: str, value: object, lo: int | None = None, hi: int | None = None) -> int:
    """A whole-number argument of a rules function (the kit's :func:`rolkit.errors.check_int`
    raising :class:`GoreInputError` named ``name``); ``None`` bounds are ±:data:`WIDE`."""
    return check_int(
        value,
        -WIDE if lo is None else lo,
        WIDE if hi is None else hi,
        field=name,
        label=name,
        cls=GoreInputError,
    )
