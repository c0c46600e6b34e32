"""#16 The exact after-state law of one attack, and where a form stands on the track.

``attack_transitions`` groups the integer weights of :func:`.odds.attack_weights` (one
row per :class:`~.attack.AttackKey`) by the forms :func:`.attack.resolve_attack` leaves:

* the attacker: the same whatever the dice (:func:`.attack.attacker_after_attack`: no
  longer Desprevenido, Esfuerzo extra marked as used this turn);
* the defender: given by the key's final damage, new wound state and ``stunned``
  (:func:`.attack.defender_after_attack`: PR − damage, P8–P10; damage 0 leaves the very
  input form, P7);
* the weapon: never changes (NSd20 has no ammunition or wear rule).

One ``Fraction`` is built per after-state. Rows whose forms coincide (PR floored at −999)
are merged, so equal situations compare equal.

What the forms cannot hold (each changes later attacks; the game master tracks it): the
rounds left of Aturdido (``stun_rounds``, P10: ``stunned`` stays set until cleared), the
pending fatigue of an Esfuerzo extra (P11: Fatigado at the next round unless a Punto de
Acción is spent; in ``Resolution.attacker_effort_state``), and the start of a new turn
(``effort_used_this_turn`` and ``flat_footed`` are not reset by an attack).
"""

from __future__ import annotations

from fractions import Fraction

from rolkit.memo import memo
from rolkit.model import Fate
from rolkit.systems.nsd20.attack import (
    PR_FLOOR,
    attack_effort,
    attacker_after_attack,
    defender_after_attack,
    setup_attack,
)
from rolkit.systems.nsd20.forms import Combatant, Modifiers, Weapon
from rolkit.systems.nsd20.odds import attack_weights
from rolkit.systems.nsd20.options import DEFAULT_RULES, NSd20Rules
from rolkit.systems.nsd20.wounds import fate

__all__ = ["attack_transitions", "combatant_status"]

AfterState = tuple[Combatant, Combatant, Weapon]


@memo
def _transition_rows(
    attacker: Combatant,
    defender: Combatant,
    weapon: Weapon,
    modifiers: Modifiers,
    rules: NSd20Rules,
) -> tuple[tuple[AfterState, Fraction], ...]:
    s = setup_attack(attacker, defender, weapon, modifiers, rules)
    weights, denominator = attack_weights(s, weapon, modifiers, rules)
    attacker_after = attacker_after_attack(attacker, attack_effort(attacker, modifiers))
    # the defender's changed fields (None: untouched) -> (a damage giving them, weight)
    by_change: dict[tuple[int, str, bool] | None, tuple[int, int]] = {}
    for key, w in weights:
        final = key.damage
        change = None
        if final > 0:  # the fields defender_after_attack writes (PR floored at −999)
            change = (
                max(PR_FLOOR, defender.pr - final),
                key.state,
                defender.stunned or key.stunned,
            )
        prior = by_change.get(change)
        by_change[change] = (final, w + (prior[1] if prior else 0))
    rows = []
    for change, (final, w) in by_change.items():
        state, stunned = (defender.wound_state, False) if change is None else change[1:]
        d_after = defender_after_attack(defender, final, state, stunned)
        rows.append(((attacker_after, d_after, weapon), Fraction(w, denominator)))
    return tuple(rows)


def attack_transitions(
    attacker: Combatant,
    defender: Combatant,
    weapon: Weapon,
    modifiers: Modifiers,
    *,
    rules: NSd20Rules = DEFAULT_RULES,
) -> dict[AfterState, Fraction]:
    """#16 ``{(attacker_after, defender_after, weapon_after): Fraction}``, exact, summing
    to 1: the forms ``resolve_attack`` leaves, over every roll (P4–P10).

    Raises:
        NSd20InputError: the combination cannot attack (V21, :func:`.attack.validate_attack`).
    """
    return dict(_transition_rows(attacker, defender, weapon, modifiers, rules))


def combatant_status(combatant: Combatant, rules: NSd20Rules = DEFAULT_RULES) -> Fate:
    """The fate a form's own state gives (:func:`.wounds.fate`): ``"dead"`` at
    ``death_at_pr`` (off by default), ``"dying"`` Moribundo or PR ≤ 0, ``"down"``
    Incapacitado or Inconsciente from fatigue, ``None`` can still fight (an Aturdido or
    Malherido combatant included: Aturdido only costs it its next action)."""
    return fate(combatant.wound_state, combatant.pr, combatant.fatigue, rules)
