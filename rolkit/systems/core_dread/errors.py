"""§3 Input errors: one tree rooted at :class:`CoreDreadInputError`, the spec's name for
any invalid input (a ``FieldRangeError``, so a ``RulesError``/``ValueError``).

``CoreDreadRangeError`` is a single field out of its range; ``CoreDreadImpossibleError``
is a combination the rules forbid (§3.6; also an ``ImpossibleActionError``), which still
names the one field at fault (``"modifiers.aimed"``). All carry ``.field``, ``.allowed``
and ``.got``, with the message in plain English (``str(err)``) and Spanish
(``err.message("es")``). They are built with :mod:`rolkit.errors`' helpers
(``check_int``, ``check_choice``, ``input_error``) where they are raised.
"""

from __future__ import annotations

from rolkit.errors import FieldRangeError, ImpossibleActionError

__all__ = ["CoreDreadInputError", "CoreDreadRangeError", "CoreDreadImpossibleError"]


class CoreDreadInputError(FieldRangeError):
    """Any invalid Core Dread input (§3, §3.6): carries ``.field`` and ``.allowed``."""


class CoreDreadRangeError(CoreDreadInputError):
    """One field holds a value outside its declared range or choices."""


class CoreDreadImpossibleError(CoreDreadInputError, ImpossibleActionError):
    """Each field is valid, but the rules forbid the combination (§3.6)."""
