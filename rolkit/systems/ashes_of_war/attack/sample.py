"""§4.3–§4.15, §7.2 One attack drawn at random for a simulated fight (#27 item 6):
:func:`sample_blow` gives the forms :func:`~.resolve.resolve_attack` would leave,
``(attacker_after, defender_after, weapon_after)``, with no explanation steps.

It draws the very dice of ``resolve_attack`` in the §7.2 order, each
``rng.randint(1, sides)``: the attack pool (skill, Gracia, then Desgracia dice), the defence
pool when there is one, then on a hit 1d10 (+1d2 for a paired part) unless the hit is aimed
or narrated, then the damage dice — or the damage dice alone after a successful shield
intercept. So, for the same random source, it gives the same forms as ``resolve_attack``,
and its law is the law of the full resolution (the tests enumerate it over every face).
The forms after the branch are :func:`~.stages.branch_after`'s, the stage
``resolve_attack`` uses.

What it skips is what a fight does not need once per blow: the steps and their texts, and
checking again what the forms it meets already satisfy — the legality of an attack and the
wound counts against T3 (§4.3, §4.5, §3.1) are checked once per distinct form and
modifiers (memoised; the wound rows once per distinct rows, by the shared
:func:`~rolkit.systems.ashes_of_war.rules.legality.check_wounds_once`), and raise as
``resolve_attack`` does.
"""

from __future__ import annotations

from typing import Any

from rolkit.memo import memo
from rolkit.systems.ashes_of_war.attack.stages import branch_after
from rolkit.systems.ashes_of_war.forms import Combatant, Modifiers, Weapon
from rolkit.systems.ashes_of_war.options import RulesConfig
from rolkit.systems.ashes_of_war.rules.damage import weapon_thresholds, wound_severity
from rolkit.systems.ashes_of_war.rules.legality import check_defence, check_wounds_once
from rolkit.systems.ashes_of_war.rules.location import (
    PAIRED,
    hit_location,
    intact_location,
    part_of_d10,
)
from rolkit.systems.ashes_of_war.rules.mechanic import PoolSpec
from rolkit.systems.ashes_of_war.rules.pools import (
    attack_pool,
    defence_pool,
    undefended_threshold,
)

__all__ = ["sample_blow"]

#: ``(attacker_after, defender_after, weapon_after)``.
Sampled = tuple[Combatant, Combatant, Weapon]


@memo
def _attack_pool(a: Combatant, w: Weapon, m: Modifiers, rules: RulesConfig) -> PoolSpec:
    """§4.3, §4.4 (raises as ``resolve_attack``), §3.1 the attacker's wound counts."""
    pool = attack_pool(a, w, m, rules=rules)
    check_wounds_once(a, rules, "attacker")
    return pool


@memo
def _defence(d: Combatant, m: Modifiers, rules: RulesConfig) -> PoolSpec | int:
    """§4.5 the defence pool, or §4.6 the undefended threshold (raises as
    ``resolve_attack``), §3.1 the defender's wound counts."""
    need: PoolSpec | int
    if m.defence == "none":
        check_defence(d, m, rules)
        need = undefended_threshold(m, rules)
    else:
        need = defence_pool(d, m, rules=rules)
    check_wounds_once(d, rules, "defender")
    return need


@memo
def _weapon(w: Weapon, rules: RulesConfig) -> tuple[int, int, tuple[int, int]]:
    """The weapon's damage dice ``(N, S)`` (parsed once) and its T6 thresholds."""
    count, sides = w.dice
    return count, sides, weapon_thresholds(w, rules)


@memo
def _t4(rules: RulesConfig) -> tuple[tuple[str, ...], ...]:
    """T4 by 1d10 face: the location of an unpaired part, or of each 1d2 side."""
    rows = []
    for d10 in range(1, 11):
        if part_of_d10(d10, rules) in PAIRED:
            rows.append(tuple(hit_location(d10, d2, rules=rules) for d2 in (1, 2)))
        else:
            rows.append((hit_location(d10, rules=rules),))
    return tuple(rows)


def _roll(pool: PoolSpec, rng: Any, sides: int, success_min: int) -> int:
    """§2.2 ``R = max(0, S − T)``: ``ndp + gracias`` dice, then the Desgracia dice (§7.2)."""
    randint = rng.randint
    s = 0
    for _ in range(pool.ndp + pool.gracias):
        if randint(1, sides) >= success_min:
            s += 1
    t = 0
    for _ in range(pool.desgracias):
        if randint(1, sides) >= success_min:
            t += 1
    return s - t if s > t else 0


def _damage(count: int, sides: int, rng: Any) -> int:
    """§4.12 the weapon's damage dice, in order."""
    randint = rng.randint
    return sum(randint(1, sides) for _ in range(count))


def _location(d: Combatant, m: Modifiers, rng: Any, rules: RulesConfig) -> str:
    """§4.11 the aimed or narrated location, else 1d10 on T4 (+1d2 for a paired part)."""
    placed = m.aimed_location or m.narrated_location
    if placed is not None:
        return placed
    row = _t4(rules)[rng.randint(1, 10) - 1]
    rolled = row[rng.randint(1, 2) - 1] if len(row) == 2 else row[0]
    lost = d.conditions.dismembered
    return intact_location(rolled, lost) if lost else rolled


def sample_blow(
    attacker: Combatant,
    defender: Combatant,
    weapon: Weapon,
    modifiers: Modifiers,
    rules: RulesConfig,
    rng: Any,
) -> Sampled:
    """``SYSTEM.sample_blow``: the forms after one attack drawn from ``rng`` (any object
    with ``randint``), the dice of ``resolve_attack`` in the §7.2 order.

    Raises:
        AowInputError: the attack is not legal (§4.3, §4.5), as ``resolve_attack``.
    """
    a, d, w, m = attacker, defender, weapon, modifiers
    count, sides_w, thresholds = _weapon(w, rules)
    pool = _attack_pool(a, w, m, rules)
    need = _defence(d, m, rules)
    mech = rules.mechanic
    sides, smin = mech.die_sides, mech.success_min
    r_att = _roll(pool, rng, sides, smin)
    # §4.6 undefended: the threshold; §4.7 defended: «el empate favorece al defensor»
    hit = r_att >= need if isinstance(need, int) else r_att > _roll(need, rng, sides, smin)
    location: str | None = None
    final = 0
    if hit:  # §4.11–§4.12
        location = _location(d, m, rng, rules)
        final = max(0, _damage(count, sides_w, rng) - d.rd(location))
        category = "wound" if final > 0 else "absorbed"
    elif m.defence == "none":
        category = "miss"
    elif m.defence == "dodge":  # §4.8
        category = "dodged"
    elif m.defence == "intercept_object":  # §4.10
        category = "deflected"
    else:  # §4.9 the shield takes it: blocked, or the excess into the shield arm
        s = d.shield
        assert s is not None
        raw = _damage(count, sides_w, rng)
        if raw <= s.rd:
            category = "blocked"
        else:
            category, location = "overflow", f"{d.shield_arm}_arm"
            final = max(0, raw - s.rd - d.rd(location))
    severity = wound_severity(final, thresholds)
    after = branch_after(a, d, w, m, category, location, severity, rules)
    return after.attacker, after.defender, after.weapon
