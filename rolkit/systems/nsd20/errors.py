"""§2 ``NSd20InputError``: the one error a user can cause in NSd20.

Every field out of range and every combination the rules forbid (total cover, an Esfuerzo
extra with a ranged weapon, an unconscious attacker, a second Esfuerzo extra in one
turn, ...) raises :class:`NSd20InputError`. It is a :class:`~rolkit.errors.FieldRangeError`
(hence a ``RulesError`` and a ``ValueError``) carrying ``.field``, ``.allowed`` and
``.got``, with a plain English message (``str(err)``) and a Spanish one
(``err.message("es")``). The call sites build it with :mod:`rolkit.errors`'
``check_int``, ``check_choice`` and ``input_error`` (``cls=NSd20InputError``).
"""

from __future__ import annotations

from rolkit.errors import FieldRangeError

__all__ = ["NSd20InputError"]


class NSd20InputError(FieldRangeError):
    """§2 An NSd20 input error, e.g. ``"strength must be a whole number from 1 to 30 (got 0)"``."""
