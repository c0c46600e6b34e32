"""§2 Input errors of PHANTÄSIA TIERKREIS: one class, :class:`TierkreisInputError`.

It subclasses the shared :class:`~rolkit.errors.FieldRangeError` (hence ``RulesError`` and
``ValueError``), carries ``.field`` (the python path), ``.allowed`` and ``.got``, and says
the same sentence in English (``str(err)``) and Spanish (``err.message("es")``). The call
sites raise it through the kit's helpers (:func:`rolkit.errors.input_error`,
:func:`~rolkit.errors.check_int`, :func:`~rolkit.errors.check_choice`) with
``cls=TierkreisInputError``.
"""

from __future__ import annotations

from rolkit.errors import FieldRangeError

__all__ = ["TierkreisInputError"]


class TierkreisInputError(FieldRangeError):
    """Any invalid Tierkreis input: a field out of range or a combination the rules forbid."""
