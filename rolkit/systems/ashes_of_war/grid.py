"""§4.6 P(hit) alone, for the GM screen's grid (``System.hit_fn``): one number per cell
without the location, damage and wound rows of :func:`.attack.odds.attack_rows`.

A hit is a blow that lands, ``absorbed`` or ``wound`` (:func:`.view.project`); it lands iff
``R_att > R_def`` against a defence, or ``R_att`` reaches the §4.6 threshold undefended.
The location law (T4, 20 faces once the options are valid) and the damage law then split
every landed blow between ``absorbed`` and ``wound``, so they leave P(hit) unchanged.
"""

from __future__ import annotations

from fractions import Fraction

from rolkit.systems.ashes_of_war.attack.validate import check_legal
from rolkit.systems.ashes_of_war.forms import Combatant, Modifiers, Weapon
from rolkit.systems.ashes_of_war.options import RulesConfig
from rolkit.systems.ashes_of_war.rules.pools import attack_pool, defence_pool, undefended_threshold

__all__ = ["hit_probability"]


def hit_probability(
    attacker: Combatant,
    defender: Combatant,
    weapon: Weapon,
    modifiers: Modifiers,
    rules: RulesConfig,
) -> Fraction:
    """§4.6 P(the blow lands) from the two pools' R laws alone; ``odds(...).p_hit``.

    Raises:
        RulesError: the attack §4.3/§4.5 refuse (the same checks as the odds).
    """
    check_legal(attacker, defender, weapon, modifiers, rules)
    pool = attack_pool(attacker, weapon, modifiers, rules=rules)
    mech = rules.mechanic
    wa, da = mech.weights(pool.ndp, pool.gracias, pool.desgracias)
    if modifiers.defence == "none":
        return Fraction(sum(wa[undefended_threshold(modifiers, rules) :]), da)
    dpool = defence_pool(defender, modifiers, rules=rules)
    wd, dd = mech.weights(dpool.ndp, dpool.gracias, dpool.desgracias)
    below = hit = 0  # below: the defender's weight of R < r ("ties go to the defender")
    for r, x in enumerate(wa):
        if 0 < r <= len(wd):
            below += wd[r - 1]
        hit += x * below
    return Fraction(hit, da * dd)
