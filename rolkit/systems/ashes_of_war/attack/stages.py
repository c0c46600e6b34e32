"""§4.5, §4.8–§4.15, §4.22 The stages one attack shares between ``resolve_attack`` and its
exact laws: rolling a pool and the damage dice, and the forms each branch leaves behind.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from rolkit.systems.ashes_of_war.attack.key import Throw
from rolkit.systems.ashes_of_war.forms import Combatant, Modifiers, Weapon, evolve
from rolkit.systems.ashes_of_war.options import RulesConfig
from rolkit.systems.ashes_of_war.rules.legality import declared_damage_type
from rolkit.systems.ashes_of_war.rules.mechanic import PoolSpec
from rolkit.systems.ashes_of_war.rules.wounds import wound_effect

__all__ = [
    "defended_state",
    "fired",
    "BranchAfter",
    "spent",
    "branch_after",
    "defender_after",
    "roll_pool",
    "roll_damage",
]


def defended_state(d: Combatant) -> Combatant:
    """§4.5: after a defence roll, one more defence this turn; feint and pending ▽ spent."""
    return evolve(
        d,
        defences_this_turn=min(20, d.defences_this_turn + 1),
        feint_pending=False,
        pending_desgracias=0,
    )


def fired(w: Weapon) -> Weapon:
    """§4.20 a ranged attack spends one shot: from the cargador of a Recarga N weapon
    («deben recargar su munición cada ciertos ataques»), else one of the ammunition carried
    when it is counted. Any other weapon is returned as it is."""
    if w.skill != "ranged":
        return w
    if w.reload > 0:
        return evolve(w, loaded=w.loaded_now - 1)
    return w if w.ammunition is None else evolve(w, ammunition=w.ammunition - 1)


def _wear(value: int, rules: RulesConfig) -> int:
    """§4.22: an item's Integridad after one loss, floored at 0."""
    return max(0, value - rules.integrity_loss)


class BranchAfter(NamedTuple):
    """The forms after one branch of an attack, with what the branch records."""

    attacker: Combatant
    defender: Combatant
    weapon: Weapon
    wound_box: str | None
    events: tuple[str, ...]
    integrity_changes: tuple[tuple[str, int], ...]


def spent(attacker: Combatant) -> Combatant:
    """§7.1 ``attacker_after``: the pending ▽ are spent (the input itself if none)."""
    return evolve(attacker, pending_desgracias=0) if attacker.pending_desgracias else attacker


def branch_after(
    attacker: Combatant,
    defender: Combatant,
    weapon: Weapon,
    modifiers: Modifiers,
    category: str,
    location: str | None,
    severity: str | None,
    rules: RulesConfig,
) -> BranchAfter:
    """§4.5, §4.8–§4.15, §4.22 the forms once a branch is known: what ``resolve_attack``
    records and what the exact after-state law (``transitions``) adds up.

    ``category`` and ``location`` are §7.3's; ``severity`` is T6 of the final damage (None
    when nothing gets through). The attacker's pending ▽ are spent (§7.1); the rest is
    :func:`defender_after`.
    """
    d_after, w_after, box, events, changes = defender_after(
        defender, weapon, modifiers, category, location, severity, rules
    )
    return BranchAfter(spent(attacker), d_after, w_after, box, events, changes)


def defender_after(
    defender: Combatant,
    weapon: Weapon,
    modifiers: Modifiers,
    category: str,
    location: str | None,
    severity: str | None,
    rules: RulesConfig,
) -> tuple[Combatant, Weapon, str | None, tuple[str, ...], tuple[tuple[str, int], ...]]:
    """The defender and the weapon after a branch: ``(defender, weapon, wound_box, events,
    integrity changes)``. After a defence roll, the defender's counters move (§4.5); then,
    by branch: a deflecting object wears (§4.10); a blocked blow wears the weapon (§4.9.2);
    an overflow wears the shield and wounds the arm, or wears the weapon when the arm's RD
    takes it all (§4.9.3, G11); a hit wounds and wears the armour there (§4.12), or wears
    the weapon when absorbed. A ranged weapon has spent its shot whatever the branch
    (:func:`fired`).
    """
    d, w, m = defender, fired(weapon), modifiers
    d_after = d if m.defence == "none" else defended_state(d)
    w_after = w
    changes: list[tuple[str, int]] = []
    box: str | None = None
    events: tuple[str, ...] = ()

    def wear_weapon() -> Weapon:
        new = evolve(w, integrity=_wear(w.integrity, rules))
        changes.append((w.name, new.integrity))
        return new

    def wound_and_wear(target: Combatant, loc: str, sev: str) -> Combatant:
        nonlocal box, events
        wounds, conds, box, events = wound_effect(
            target,
            loc,
            sev,
            declared_damage_type(w, m),
            w.non_lethal,
            m.dying_rule or rules.dying_rule,
            rules,
        )
        target = evolve(target, wounds=wounds, conditions=conds)
        slot = target.armor_slot(loc)
        if slot is None:
            return target
        piece = getattr(target, slot)
        new = evolve(piece, integrity=_wear(piece.integrity, rules))
        changes.append((piece.name, new.integrity))
        return evolve(target, **{slot: new})

    if category == "deflected":
        o = d.parry_object
        assert o is not None
        new_o = evolve(o, integrity=_wear(o.integrity, rules))
        changes.append((o.name, new_o.integrity))
        d_after = evolve(d_after, parry_object=new_o)
    elif category in ("blocked", "absorbed"):
        w_after = wear_weapon()
    elif category == "overflow":
        s = d.shield
        assert s is not None and location is not None
        new_s = evolve(s, integrity=_wear(s.integrity, rules))
        changes.append((s.name, new_s.integrity))
        d_after = evolve(d_after, shield=new_s)
        if severity is not None:
            d_after = wound_and_wear(d_after, location, severity)
        elif rules.overflow_absorbed_damages_weapon:
            w_after = wear_weapon()
    elif category == "wound":
        assert location is not None and severity is not None
        d_after = wound_and_wear(d_after, location, severity)
    return d_after, w_after, box, events, tuple(changes)


def roll_pool(pool: PoolSpec, rng: Any, rules: RulesConfig) -> tuple[int, tuple[Throw, ...]]:
    """§2.2, §7.2: roll a pool; its dice as ``(kind, sides, faces)`` (skill, gracia, desgracia)."""
    roll = rules.mechanic.roll(pool.ndp, pool.gracias, pool.desgracias, rng)
    sides = rules.die_sides
    dice = (
        ("skill", sides, roll.main_faces[: pool.ndp]),
        ("gracia", sides, roll.main_faces[pool.ndp :]),
        ("desgracia", sides, roll.desgracia_faces),
    )
    return roll.result, dice


def roll_damage(w: Weapon, rng: Any) -> tuple[int, tuple[int, ...]]:
    """§4.12: the weapon's damage dice, in order: their sum and faces."""
    count, sides = w.dice
    faces = tuple(rng.randint(1, sides) for _ in range(count))
    return sum(faces), faces
