"""§2 ``GoreInputError``: the one error a user can cause in G.O.R.E.

Every field out of range, every impossible combination of fields (a block against a
bow, a shot beyond twice the range, ...) raises :class:`GoreInputError`, a
:class:`rolkit.errors.FieldRangeError` (a ``RulesError``, hence a ``ValueError``) carrying
``.field``, ``.allowed`` and ``.got``, with a plain English message and a Spanish one
(``err.message("es")``). The spec's sentence is ``"field = value: must be …"``
(:meth:`GoreInputError.must_be`); whole-number arguments of the rule functions are checked
with :func:`rolkit.errors.check_int`.
"""

from __future__ import annotations

from typing import Any, Self

from rolkit.errors import FieldRangeError, ImpossibleActionError, input_error, shown

__all__ = ["GoreInputError", "GoreImpossibleAction"]


class GoreInputError(FieldRangeError):
    """§2 A G.O.R.E. input error: names the field, the value and what is allowed.

    Example: ``"defender.con = 0: CON must be a whole number from 1 to 99"``.
    """

    @classmethod
    def must_be(
        cls,
        field: str,
        got: Any,
        allowed_en: str,
        allowed_es: str,
        *,
        why_en: str = "",
        why_es: str = "",
    ) -> Self:
        """The error in the spec's format (``"field = value: must be …"``), built by
        :func:`rolkit.errors.input_error`.

        Args:
            field: the field at fault, with its role prefix (``"modifiers.defence"``).
            got: the offending value.
            allowed_en: what is allowed, in English (``"dodge or none against a ranged weapon"``).
            allowed_es: the same in Spanish.
            why_en: an optional English reason appended in brackets.
            why_es: the same in Spanish.
        """
        en = f"{field} = {shown(got)}: must be {allowed_en}"
        es = f"{field} = {shown(got)}: debe ser {allowed_es}"
        if why_en:
            en += f" ({why_en})"
        if why_es:
            es += f" ({why_es})"
        err = input_error(field, en=en, es=es, allowed=allowed_en, got=got, cls=cls)
        assert isinstance(err, cls)
        return err


class GoreImpossibleAction(GoreInputError, ImpossibleActionError):
    """§2 An action the rules forbid with these forms (a bow at touch range, …): still a
    :class:`GoreInputError` naming the field, and a kit ``ImpossibleActionError``."""
