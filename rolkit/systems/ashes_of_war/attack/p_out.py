"""The chance one attack puts its defender out of the fight (down, dying or dead, §4.14),
exactly ``SYSTEM.odds(...).p_down``, without the odds (#27 item 6 follow-up): the "weakest"
target policy of a simulated party reads this one number for every foe it might attack.

The same law as :func:`~rolkit.systems.ashes_of_war.attack.odds.attack_law`, from the same
builders — :func:`attack_rows` (the rows of ``(category, location, final damage)``) and
:func:`wound_effects` (the fate a wound of each severity at each location leaves) — but
summed as integer weights over the rows whose fate is out: no odds key, no Fraction and no
projection per outcome (they were most of a simulated 4 v 4's time).
"""

from __future__ import annotations

from fractions import Fraction

from rolkit.systems.ashes_of_war.attack.odds import attack_rows, wound_effects
from rolkit.systems.ashes_of_war.attack.validate import check_legal
from rolkit.systems.ashes_of_war.forms import Combatant, Modifiers, Weapon
from rolkit.systems.ashes_of_war.options import RulesConfig
from rolkit.systems.ashes_of_war.rules.damage import weapon_thresholds, wound_severity
from rolkit.systems.ashes_of_war.rules.mechanic import PoolSpec
from rolkit.systems.ashes_of_war.rules.pools import attack_pool
from rolkit.systems.ashes_of_war.rules.wounds import fate_of

__all__ = ["OUT", "p_out", "pool_p_out"]

#: The fates ``Odds.p_down`` counts (the view's fate is the key's, :mod:`..view`).
OUT = frozenset({"down", "dying", "dead"})


def p_out(
    attacker: Combatant,
    defender: Combatant,
    weapon: Weapon,
    modifiers: Modifiers,
    options: RulesConfig,
) -> Fraction:
    """The System's ``p_out_fn`` hook: ``odds(...).p_down`` of this attack, refusing (the
    same :class:`~rolkit.errors.RulesError`) what :func:`attack_law` refuses."""
    check_legal(attacker, defender, weapon, modifiers, options)
    pool = attack_pool(attacker, weapon, modifiers, rules=options)
    return pool_p_out(pool, defender, weapon, modifiers, options)


def pool_p_out(
    pool: PoolSpec,
    defender: Combatant,
    weapon: Weapon,
    modifiers: Modifiers,
    rules: RulesConfig,
) -> Fraction:
    """:func:`p_out` once the attack is legal and its pool known: the weight of the rows
    of :func:`attack_rows` whose fate is out — a wound's, from its severity (T6) and
    location (:func:`wound_effects`, as :func:`pool_law` keys it), else the defender's
    fate as it stands (a miss, a block, an absorbed blow change no wound box)."""
    rows, den = attack_rows(pool, defender, weapon, modifiers, rules)
    thresholds = weapon_thresholds(weapon, rules)
    effect = wound_effects(defender, weapon, modifiers, rules)
    out_already = fate_of(defender.conditions) in OUT
    out = 0
    for (_category, location, final), n in rows.items():
        if final > 0:
            sev = wound_severity(final, thresholds)
            assert location is not None and sev is not None
            if effect(location, sev)[1] in OUT:
                out += n
        elif out_already:
            out += n
    return Fraction(out, den)
