"""§4.3 The rule that acts when a round (*asalto*) ends and the next begins (issue #16
follow-up): ``SYSTEM.round_end``. Nothing acts at the start of a combatant's own turn, so
the system declares no ``turn_start``.

«Cada personaje tiene un solo turno por asalto»; defending «se considera que está haciendo
uso de su turno» (§4.3.6): a defence spends ``turn_available`` (the attack's after-state,
:mod:`.transitions`), and the new round gives every character its turn back. The law is
certain (no dice): ``{c with turn_available: 1}``, or ``{c: 1}`` (the same object) when the
turn was not spent.

Nothing else in the seed acts round by round on what the forms hold: fire and electricity
«per turn» are hazards a GM applies (§4.15, no form field says a character is burning),
asphyxia counts turns without air (no field), Malherido's FOR check comes «every 10
minutes» (§4.16, outside a fight), and the leader's first turn and a new initiative when a
leader goes down are the tracker's order, not a form's state.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction

from rolkit.memo import memo
from rolkit.systems.core_dread.forms import DEFAULT_OPTIONS, Combatant, CoreDreadOptions

__all__ = ["round_end"]


@memo
def round_end(
    c: Combatant, options: CoreDreadOptions = DEFAULT_OPTIONS
) -> dict[Combatant, Fraction]:
    """§4.3 The law of ``c`` when the round ends: its turn back (``turn_available``).
    Treat the result as read-only (it is memoised)."""
    if c.turn_available or c.dead:
        return {c: Fraction(1)}
    return {dataclasses.replace(c, turn_available=True): Fraction(1)}
