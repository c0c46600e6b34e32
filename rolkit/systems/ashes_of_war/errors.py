"""§3 Input errors of Ashes Of War: one tree rooted at :class:`AowInputError`.

``AowFieldRangeError`` is one field out of its range (also a shared ``FieldRangeError``);
``AowImpossibleError`` is a combination the rules forbid (§4.3, §4.5; also a shared
``ImpossibleActionError``). Messages: English in ``str(err)``, Spanish in
``err.message("es")``; each is built where it is raised, with ``rolkit.errors.input_error``
or ``check_int`` and ``cls=`` one of these classes.
"""

from __future__ import annotations

from rolkit.errors import FieldRangeError, ImpossibleActionError, RulesError

__all__ = ["AowInputError", "AowFieldRangeError", "AowImpossibleError"]


class AowInputError(RulesError):
    """Any invalid Ashes Of War input (spec §3: ``AowInputError``)."""


class AowFieldRangeError(AowInputError, FieldRangeError):
    """One field holds a value outside its declared range or choices."""


class AowImpossibleError(AowInputError, ImpossibleActionError):
    """Each field is valid, but the rules forbid the combination (§4.3, §4.5)."""
