"""§2 Input errors of PHANTÄSIA TIERKREIS: one class, :class:`TierkreisInputError`.

It subclasses the shared :class:`~rolkit.errors.FieldRangeError` (hence ``RulesError`` and
``ValueError``), carries ``.field`` (the python path), ``.allowed`` and ``.got``, and says
the same sentence in English (``str(err)``) and Spanish (``err.message("es")``). The
helpers below are the kit's factories (:mod:`rolkit.errors`) raising this class.
"""

from __future__ import annotations

from typing import Any, cast

from rolkit import errors
from rolkit.errors import FieldRangeError

__all__ = ["TierkreisInputError", "fail", "check_int", "check_choice"]


class TierkreisInputError(FieldRangeError):
    """Any invalid Tierkreis input: a field out of range or a combination the rules forbid."""


def fail(
    field: str, en: str, es: str, allowed: str | None = None, got: Any = None
) -> TierkreisInputError:
    """An error naming ``field``; ``en``/``es`` are whole sentences for the user."""
    err = errors.input_error(field, en=en, es=es, allowed=allowed, got=got, cls=TierkreisInputError)
    return cast(TierkreisInputError, err)


def check_int(
    value: Any, lo: int, hi: int, field: str, label: tuple[str, str] | str | None = None
) -> int:
    """``value`` if it is a whole number in ``lo..hi``; else a :class:`TierkreisInputError`."""
    return errors.check_int(value, lo, hi, field=field, label=label, cls=TierkreisInputError)


def check_choice(
    value: Any, choices: tuple[Any, ...], field: str, label: tuple[str, str] | str | None = None
) -> Any:
    """``value`` if it is one of ``choices``; else a :class:`TierkreisInputError`."""
    return errors.check_choice(value, choices, field=field, label=label, cls=TierkreisInputError)
