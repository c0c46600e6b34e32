"""P10, P13 The rules that act at the start of a combatant's own turn (issue #16 follow-up):
``SYSTEM.turn_start``. Nothing in the seed acts when a round ends, so the system declares
no ``round_end``.

* P10 «Al iniciar su siguiente turno, gana 1 punto de muerte. Si al iniciar un turno el
  personaje alcanza 3 puntos de muerte, muere»: at the start of each own turn at 0 PV, one
  death point (:func:`~.health.start_of_turn`, the contract's own rule); with
  ``death_timing="immediate"`` the third is death (``status`` reads it from the form). The
  dead (3 points, immediate timing) are left as they are.
* P13 «+1 a sus chequeos de esquiva hasta el inicio de su próximo turno»: the defensive
  stance ends when the combatant's own turn starts (option ``stance_ends_at_turn_start``,
  default on; off: it stays until the GM clears it).

Every rule here is certain (no dice): the law has one form, probability 1.

Not modelled, because the form does not hold what they need (see the package docstring):
the death at the turn start with ``death_timing="turn_start"`` (G11: a character at 3
points is «dying» until its turn starts and dead after, and the form has no field that tells
the two apart), the end of a fumble's −2 «hasta el final de su próximo turno» (no count of
turns since the fumble), P18's ``stable`` (no «breathing again» field: every character at
0 PV gains the point, the seed's rule for wounds), and P19's reaction (no field holds it;
nothing in an attack spends it).
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

from rolkit.memo import memo
from rolkit.systems.tierkreis.after_state import with_health
from rolkit.systems.tierkreis.forms import Combatant, Modifiers
from rolkit.systems.tierkreis.health import DEATH_AT, start_of_turn
from rolkit.systems.tierkreis.options import DEFAULT_OPTIONS, TierkreisOptions

__all__ = ["turn_start"]


@memo
def _turn_start(c: Combatant, options: TierkreisOptions) -> dict[Combatant, Fraction]:
    if c.death_points >= DEATH_AT and options.death_timing == "immediate":
        return {c: Fraction(1)}  # dead
    after = with_health(c, start_of_turn(c.pv, c.death_points)) if c.pv == 0 else c
    if after.defensive_stance and options.stance_ends_at_turn_start:
        after = replace(after, defensive_stance=False)
    return {after: Fraction(1)}


def turn_start(c: Combatant, options: Any = DEFAULT_OPTIONS) -> dict[Combatant, Fraction]:
    """The law of ``c`` after the start of its own turn (P10, P13): ``{c: 1}`` when nothing
    applies. ``options`` is :class:`TierkreisOptions` (or the ``Modifiers`` carrying them).
    Treat the result as read-only (it is memoised)."""
    if isinstance(options, Modifiers):
        options = options.options
    return _turn_start(c, options)
