"""§4.3 The rules that act between attacks (issue #16 follow-up): ``SYSTEM.turn_end`` and
``SYSTEM.round_end``. Nothing acts at the start of a combatant's own turn, so the system
declares no ``turn_start``.

«Cada personaje tiene un solo turno por asalto» (§4.3.3), and defending «se considera que
está haciendo uso de su turno» (§4.3.6, §4.5): the turn is the character's one action of the
round, spent either way —

* by a defence: the attack's after-state (:mod:`.transitions`, contract item 9);
* by its own turn, whether it attacked or could not: :func:`turn_end`. Afterwards it cannot
  defend this round (G23: «A defender who has already acted cannot defend»);

and the new round gives every character its turn back: :func:`round_end`. Both laws are
certain (no dice): the form with ``turn_available`` changed, or ``{c: 1}`` (the same object)
when there is nothing to change. Under ``defence_requires_turn=False`` (G23 off) a defence
does not need the turn, so an own turn leaves nothing a later defence reads:
:func:`turn_end` is the identity (the round still gives back a turn spent by a defence).
A combatant who cannot act (unconscious or dead) has no turn to spend: the identity too, so a
fallen combatant's form stops changing and the whole-fight chain merges it with its fate.

In a fight (the tracker, whole-fight odds) the spent turn decides how a blow is made —
:func:`fight_blow`, ``SYSTEM.fight_blow``: a combatant whose turn is spent when its turn
comes (it defended earlier this round) does not attack, its turn passes; a defence the
defender can no longer make (its turn spent, G23; or it is unconscious, §4.9.3) is not made,
and the blow is resolved with ``defence="none"`` — what a GM does at the table. ``odds``,
``resolve`` and ``transitions`` keep raising for a direct call (§3.6): they never change a
GM's input silently.

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
from rolkit.systems.core_dread.forms import (
    DEFAULT_OPTIONS,
    Combatant,
    CoreDreadOptions,
    Modifiers,
    Weapon,
)

__all__ = ["round_end", "turn_end", "fight_blow", "undefended"]

#: ``(role, es, en)``: the phrases follow the combatant's name (tracker log, fight notes)
NO_ATTACK = (
    "attacker",
    "ya ha usado su turno de este asalto: no ataca, su turno pasa",
    "has already used the turn this round: no attack, the turn passes",
)
NO_DEFENCE_TURN = (
    "defender",
    "no puede defenderse: ya ha usado su turno de este asalto (el golpe va sin defensa)",
    "cannot defend: the turn is already used this round (the blow lands undefended)",
)
NO_DEFENCE_UNCONSCIOUS = (
    "defender",
    "no puede defenderse: está inconsciente (el golpe va sin defensa)",
    "cannot defend: unconscious (the blow lands undefended)",
)


@memo
def turn_end(
    c: Combatant, options: CoreDreadOptions = DEFAULT_OPTIONS, modifiers: Modifiers | None = None
) -> dict[Combatant, Fraction]:
    """§4.3.3, §4.3.6, G23 The law of ``c`` when its own turn ends: its turn is used
    (``turn_available`` False until the round ends), so it cannot defend again this round.

    ``modifiers`` known to make no defence (``defence="none"``, whole-fight odds): no attack
    to come reads the mark before the round gives it back, so the form is left as it is
    (the chain keeps exactly the states of a fight without defences). Treat the result as
    read-only (it is memoised)."""
    if (
        not c.turn_available
        or c.dead
        or c.unconscious
        or not options.defence_requires_turn
        or (modifiers is not None and modifiers.defence == "none")
    ):
        return {c: Fraction(1)}
    return {dataclasses.replace(c, turn_available=False): Fraction(1)}


@memo
def round_end(
    c: Combatant, options: CoreDreadOptions = DEFAULT_OPTIONS
) -> dict[Combatant, Fraction]:
    """§4.3 The law of ``c`` when the round ends: its turn back (``turn_available``).
    Treat the result as read-only (it is memoised)."""
    if c.turn_available or c.dead:
        return {c: Fraction(1)}
    return {dataclasses.replace(c, turn_available=True): Fraction(1)}


def undefended(m: Modifiers) -> Modifiers:
    """The same attack with the defender making no defence (``defence="none"``; taking
    cover goes with the dodge, §4.5)."""
    if m.defence == "none" and not m.dodge_to_cover:
        return m
    return dataclasses.replace(m, defence="none", dodge_to_cover=False)


def fight_blow(
    attacker: Combatant,
    defender: Combatant,
    weapon: Weapon,
    modifiers: Modifiers,
    options: CoreDreadOptions = DEFAULT_OPTIONS,
    defend: bool = True,
) -> tuple[Modifiers | None, tuple[tuple[str, str, str], ...]]:
    """``SYSTEM.fight_blow``: how a blow in a fight is made from the fight's modifiers.

    * §4.3.3, G23: an attacker whose turn is spent (it defended this round) does not
      attack: ``None``, its turn passes;
    * G23, §4.9.3: a defence the defender can no longer make (its turn spent, or it is
      unconscious) is dropped: ``defence="none"``, with the reason;
    * ``defend=False``: the defender keeps its action (§4.3.6: «Not defending keeps it»):
      no defence, no reason (it is the defender's choice, not a rule).

    Under ``defence_requires_turn=False`` the turn decides neither. Everything else is
    left to the attack's own checks (§3.6), which raise as ``odds`` does.
    """
    if options.defence_requires_turn and not attacker.turn_available:
        return None, (NO_ATTACK,)
    if modifiers.defence == "none":
        return modifiers, ()
    if not defend:
        return undefended(modifiers), ()
    if defender.unconscious:
        return undefended(modifiers), (NO_DEFENCE_UNCONSCIOUS,)
    if options.defence_requires_turn and not defender.turn_available:
        return undefended(modifiers), (NO_DEFENCE_TURN,)
    return modifiers, ()
