"""§3 Input errors of Ashes Of War: one tree rooted at :class:`AowInputError`.

``AowFieldRangeError`` is one field out of its range (also a shared ``FieldRangeError``);
``AowImpossibleError`` is a combination the rules forbid (§4.3, §4.5; also a shared
``ImpossibleActionError``). Messages: English in ``str(err)``, Spanish in ``err.message("es")``.
"""

from __future__ import annotations

from typing import Any

from rolkit.errors import FieldRangeError, ImpossibleActionError, RulesError, shown

__all__ = [
    "AowInputError",
    "AowFieldRangeError",
    "AowImpossibleError",
    "FieldRangeError",
    "ImpossibleActionError",
    "impossible",
    "out_of_range",
]


class AowInputError(RulesError):
    """Any invalid Ashes Of War input (spec §3: ``AowInputError``)."""


class AowFieldRangeError(AowInputError, FieldRangeError):
    """One field holds a value outside its declared range or choices."""


class AowImpossibleError(AowInputError, ImpossibleActionError):
    """Each field is valid, but the rules forbid the combination (§4.3, §4.5)."""


def impossible(field: str, en: str, es: str, got: Any = None) -> AowImpossibleError:
    """An :class:`AowImpossibleError` saying why, in English and Spanish."""
    return AowImpossibleError(en, field=field, got=got, message_es=es)


def out_of_range(
    field: str, label: tuple[str, str], allowed: tuple[str, str], got: Any
) -> AowFieldRangeError:
    """An :class:`AowFieldRangeError` naming the field's label and what it allows."""
    return AowFieldRangeError(
        f"{label[1]} must be {allowed[1]} (got {shown(got)})",
        field=field,
        allowed=allowed[1],
        got=got,
        message_es=f"{label[0]} debe ser {allowed[0]} (recibido {shown(got)})",
    )
