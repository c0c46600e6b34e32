"""P5 P(hit) alone, for the GM screen's grid (``System.hit_fn``): the attack d20 and the
concealment d20, without the confirmation, damage and Daño masivo dice of
:func:`.attack.odds.attack_weights`.

A hit is any outcome but ``miss`` (:func:`.view.project`): the attack d20 hits (P5) and the
hit survives the concealment d20 (P5.1); whether it is then confirmed as a critical
(P5.2) only splits it between ``hit`` and ``critical``.
"""

from __future__ import annotations

from fractions import Fraction

from rolkit.systems.nsd20.attack.stages import attack_hits, concealment_passes, setup_attack
from rolkit.systems.nsd20.forms import Combatant, Modifiers, Weapon
from rolkit.systems.nsd20.options import NSd20Rules

__all__ = ["hit_probability"]

D20 = range(1, 21)


def hit_probability(
    attacker: Combatant,
    defender: Combatant,
    weapon: Weapon,
    modifiers: Modifiers,
    rules: NSd20Rules,
) -> Fraction:
    """P5, P5.1 P(``hit`` or ``critical``) over the attack and concealment d20s;
    ``odds(...).p_hit``.

    Raises:
        RulesError: an attack the rules refuse (the same checks as the odds).
    """
    s = setup_attack(attacker, defender, weapon, modifiers, rules)
    hits = sum(attack_hits(n, s, rules) for n in D20)
    passes = sum(concealment_passes(r, s) for r in D20)
    return Fraction(hits * passes, 20 * 20)
