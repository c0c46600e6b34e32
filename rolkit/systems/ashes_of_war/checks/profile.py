"""What of a combatant its own turn reads to hurt its foe (#27): the attack profile that
lets a duel be split into two one-sided chains (:mod:`rolkit.fight.independent`).

A turn of Ashes of War (:mod:`~rolkit.systems.ashes_of_war.checks.turn`) under the default
policy is the actor's first "recover" action that applies (Recoger lo soltado, else
Levantarse, else Auxiliarse: each spends the movement action, so one a turn; Recargar never
applies to a melee weapon), then up to two attacks. The law of what the foe receives
(:func:`~rolkit.systems.ashes_of_war.after.blow_law`) reads the attacker only through its
attack pool (§4.4), once the attack is legal (§4.3). So the profile of a form is, after that
recover action: whether it can attack by its own state (:func:`~.rules.legality.
attack_refusal` on an intact copy of its weapon: Inconsciente, Moribundo or muerto; the
weapon hand or arm lost or Fracturado; a first serious wound in the weapon Mano, T5; the
weapon still dropped), and the ▽ its state adds to the attack pool (Contusionado,
Fracturado, Derribado when it did not stand up, a first serious Brazo on the weapon side).
The weapon's own wear is read from the weapon itself by the engine. Two forms with the same
profile make the same attacks with the same pools, so the foe's law after the turn is the
same.

No profile (``None``): a pending ▽ (the attack spends it, changing the attacker), and a
ranged weapon (shots and reloading: the weapon's form is read by its bearer's choices,
:func:`decomposable_weapon`).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from rolkit.systems.ashes_of_war.checks.actions import (
    pick_up_refusal,
    picked_up,
    stand_refusal,
)
from rolkit.systems.ashes_of_war.forms import Combatant, Weapon, evolve
from rolkit.systems.ashes_of_war.options import DEFAULT_RULES, RulesConfig
from rolkit.systems.ashes_of_war.rules.legality import attack_refusal
from rolkit.systems.ashes_of_war.rules.pools import condition_desgracias, limb_desgracias

__all__ = ["attack_profile", "decomposable_weapon", "recovered"]


def recovered(c: Combatant, rules: RulesConfig = DEFAULT_RULES) -> Combatant:
    """``c`` after the first recover action of its turn that changes its attacks: what it
    dropped picked up, else standing up (T5 [PH]; the order of ``ACTIONS``)."""
    if pick_up_refusal(c, rules) is None:
        return picked_up(c)
    if stand_refusal(c) is None:
        return evolve(c, conditions=evolve(c.conditions, prone=False))
    return c


def attack_profile(c: Any, weapon: Any, options: Any = None) -> Hashable | None:
    """The part of ``c`` its own turn reads to attack with ``weapon`` (module docstring),
    or ``None`` when the turn would change ``c`` through its attacks (pending ▽)."""
    if not isinstance(c, Combatant) or not isinstance(weapon, Weapon) or c.pending_desgracias:
        return None
    rules = DEFAULT_RULES if options is None else options
    if c.conditions.incapacitated:
        return ("out",)
    after = recovered(c, rules)
    intact = evolve(weapon, integrity=max(1, weapon.integrity))
    if attack_refusal(after, intact, rules) is not None:
        return ("no attack",)
    arm = 0 if weapon.skill == "brawl" else limb_desgracias(after, "weapon", rules)
    return ("attack", condition_desgracias(after, weapon.skill, rules), arm)


def decomposable_weapon(w: Any, options: Any = None) -> bool:
    """A weapon whose form no choice of its bearer's turn reads (no shots to count, no
    reload): every melee and Pelea weapon."""
    return isinstance(w, Weapon) and w.skill != "ranged"
