"""The toy's input errors: one class per kind the spec distinguishes, nothing else (the
checks themselves are :mod:`rolkit.errors`' ``check_int``/``check_choice``/``input_error``)."""

from rolkit.errors import FieldRangeError, ImpossibleActionError


class ToyInputError(FieldRangeError):
    """A toy form's field out of its range or choices."""


class ToyImpossibleError(ToyInputError, ImpossibleActionError):
    """Each field is valid, but the rules forbid the combination (§1: blind with bonus 3)."""
