"""§7.3 The exact law of one attack (contract #19, #20), from the same stages as
``resolve_attack``: integer weights over one common denominator, one Fraction per row;
and :func:`p_out`, the chance it puts its defender out, from the same rows (#27 item 6).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

from rolkit.errors import check_choice
from rolkit.model import OUT_FATES
from rolkit.systems.ashes_of_war.attack.key import AttackKey, OutcomeKey
from rolkit.systems.ashes_of_war.attack.stages import defended_state
from rolkit.systems.ashes_of_war.attack.validate import check_legal
from rolkit.systems.ashes_of_war.errors import AowFieldRangeError
from rolkit.systems.ashes_of_war.forms import Combatant, Modifiers, Weapon
from rolkit.systems.ashes_of_war.options import DEFAULT_RULES, RulesConfig
from rolkit.systems.ashes_of_war.rules.damage import (
    damage_weights,
    shield_block,
    weapon_thresholds,
    wound_severity,
)
from rolkit.systems.ashes_of_war.rules.legality import declared_damage_type
from rolkit.systems.ashes_of_war.rules.location import location_weights
from rolkit.systems.ashes_of_war.rules.mechanic import PoolSpec
from rolkit.systems.ashes_of_war.rules.pools import attack_pool, defence_pool, undefended_threshold
from rolkit.systems.ashes_of_war.rules.wounds import fate_after, fate_of, wound_plan

__all__ = [
    "attack_law",
    "attack_rows",
    "hit_weights",
    "pool_law",
    "attack_outcomes",
    "outcome_marginal",
    "wound_effects",
    "odds",
    "p_out",
    "pool_p_out",
]


def attack_law(
    attacker: Combatant,
    defender: Combatant,
    weapon: Weapon,
    modifiers: Modifiers,
    rules: RulesConfig = DEFAULT_RULES,
) -> tuple[dict[AttackKey, int], int]:
    """§7.3 the exact law as integer weights over one common denominator.

    Independent parts: the attacker's R law, the defender's R law (or the threshold), the
    location law (T4, or the aimed or narrated location) and the damage law.
    """
    check_legal(attacker, defender, weapon, modifiers, rules)
    pool = attack_pool(attacker, weapon, modifiers, rules=rules)
    return pool_law(pool, defender, weapon, modifiers, rules)


#: ``(category, location, final damage)``: what one branch of an attack leaves (§7.3).
Branch = tuple[str, "str | None", int]


def attack_rows(
    pool: PoolSpec,
    defender: Combatant,
    weapon: Weapon,
    modifiers: Modifiers,
    rules: RulesConfig = DEFAULT_RULES,
) -> tuple[dict[Branch, int], int]:
    """The exact law of ``(category, location, final damage)`` as integer weights over one
    denominator, for a legal attack of this pool (the attacker enters only through it).

    Independent parts: the attacker's R law, the defender's R law (or the threshold), the
    location law (T4, or the aimed or narrated location) and the damage law. The odds
    (:func:`pool_law`) and the after-state law both read these rows.
    """
    d, w, m = defender, weapon, modifiers
    hit_w, defended_w, base = hit_weights(pool, d, m, rules)
    dw, dx = damage_weights(*w.dice)
    placed = m.aimed_location or m.narrated_location
    locs: dict[str, int]
    if placed is not None:
        locs = {placed: 1}
        dl = 1
    else:
        locs = location_weights(d.conditions.dismembered, rules)
        dl = 20
    out: dict[Branch, int] = {}

    def add(key: Branch, weight: int) -> None:
        if weight:
            out[key] = out.get(key, 0) + weight

    if defended_w:
        if m.defence == "none":
            add(("miss", None, 0), defended_w * dl * dx)
        elif m.defence in ("dodge", "intercept_object"):
            cat = "dodged" if m.defence == "dodge" else "deflected"
            add((cat, None, 0), defended_w * dl * dx)
        else:
            s = d.shield
            assert s is not None
            arm = f"{d.shield_arm}_arm"
            arm_rd = d.rd(arm)
            for x, n in dw.items():
                blocked, _, arm_final = shield_block(x, s.rd, arm_rd)
                if blocked:
                    add(("blocked", None, 0), defended_w * dl * n)
                else:
                    add(("overflow", arm, arm_final), defended_w * dl * n)
    if hit_w:
        for loc, lw in locs.items():
            rd = d.rd(loc)
            for x, n in dw.items():
                final = x - rd
                if final <= 0:
                    add(("absorbed", loc, 0), hit_w * lw * n)
                else:
                    add(("wound", loc, final), hit_w * lw * n)
    return out, base * dl * dx


def hit_weights(
    pool: PoolSpec, defender: Combatant, modifiers: Modifiers, rules: RulesConfig
) -> tuple[int, int, int]:
    """``(hit, defended, denominator)``: the integer weights of a hit and of its failure
    over the dice of both rolls. §4.4 the attacker's R against, undefended, the
    Adversidad's threshold (§4.6: R ≥ need), else §4.5 the defender's R (a hit iff
    R_att > R_def)."""
    mech = rules.mechanic
    wa, da = mech.weights(pool.ndp, pool.gracias, pool.desgracias)
    if modifiers.defence == "none":
        need = undefended_threshold(modifiers, rules)
        return sum(wa[need:]), da - sum(wa[need:]), da
    dpool = defence_pool(defender, modifiers, rules=rules)
    wd, dd = mech.weights(dpool.ndp, dpool.gracias, dpool.desgracias)
    below = 0
    hit_w = 0
    for r, x in enumerate(wa):
        if r > 0 and r - 1 < len(wd):
            below += wd[r - 1]
        hit_w += x * below
    return hit_w, da * dd - hit_w, da * dd


#: ``(box, fate, events)``: what a wound of one severity at one location does (§4.10–§4.14).
Effect = tuple[str, "str | None", tuple[str, ...]]


def wound_effects(
    defender: Combatant, weapon: Weapon, modifiers: Modifiers, rules: RulesConfig
) -> Callable[[str, str], Effect]:
    """``effect(location, severity) -> (box, fate, events)``: the wound a branch of a
    legal attack with this weapon and these modifiers leaves on ``defender`` (§4.10–§4.14,
    :func:`wound_plan` on the defender after its defence roll, §4.5), each pair planned
    once. Shared by :func:`pool_law` and :func:`pool_p_out`."""
    d, w, m = defender, weapon, modifiers
    dtype = declared_damage_type(w, m)
    d_def = d if m.defence == "none" else defended_state(d)
    dying = m.dying_rule or rules.dying_rule
    cache: dict[tuple[str, str], Effect] = {}

    def effect(loc: str, sev: str) -> Effect:
        k = (loc, sev)
        known = cache.get(k)
        if known is None:
            b, _, ev, changes = wound_plan(d_def, loc, sev, dtype, w.non_lethal, dying, rules)
            known = cache[k] = (b, fate_after(d_def.conditions, changes), ev)
        return known

    return effect


def pool_law(
    pool: PoolSpec,
    defender: Combatant,
    weapon: Weapon,
    modifiers: Modifiers,
    rules: RulesConfig = DEFAULT_RULES,
) -> tuple[dict[AttackKey, int], int]:
    """:func:`attack_law` once the attack is legal and its pool known: each row of
    :func:`attack_rows` with the box it fills, the defender's fate and the events."""
    d, w, m = defender, weapon, modifiers
    rows, den = attack_rows(pool, d, w, m, rules)
    fate0 = fate_of(d.conditions)
    thresholds = weapon_thresholds(w, rules)
    effect = wound_effects(d, w, m, rules)
    out: dict[AttackKey, int] = {}
    for (category, location, final), n in rows.items():
        if final > 0:
            assert location is not None
            sev = wound_severity(final, thresholds)
            assert sev is not None
            b, fate, ev = effect(location, sev)
            key = AttackKey(category, location, final, b, fate, ev)
        else:
            key = AttackKey(category, location, 0, None, fate0, ())
        out[key] = out.get(key, 0) + n
    return out, den


def attack_outcomes(
    attacker: Combatant,
    defender: Combatant,
    weapon: Weapon,
    modifiers: Modifiers,
    *,
    rules: RulesConfig = DEFAULT_RULES,
) -> dict[OutcomeKey, Fraction]:
    """Contract #19, §7.3: the exact distribution of :class:`OutcomeKey`, summing to 1."""
    law, den = attack_law(attacker, defender, weapon, modifiers, rules)
    merged: dict[OutcomeKey, int] = {}
    for k, n in law.items():
        ok = k.outcome_key
        merged[ok] = merged.get(ok, 0) + n
    return {k: Fraction(n, den) for k, n in merged.items()}


_KEY_FIELDS = ("category", "location", "final_damage", "wound_box")


def outcome_marginal(dist: Mapping[Any, Fraction], *fields: str) -> dict[tuple, Fraction]:
    """Contract #20: sums ``dist`` over the named key fields."""
    idx = []
    for f in fields:
        label = ("Campos", "Campos (key fields)")
        check_choice(f, _KEY_FIELDS, field="fields", label=label, cls=AowFieldRangeError)
        idx.append(_KEY_FIELDS.index(f))
    out: dict[tuple, Fraction] = {}
    for k, p in dist.items():
        kk = tuple(k[i] for i in idx)
        out[kk] = out.get(kk, Fraction(0)) + p
    return out


def odds(
    attacker: Combatant,
    defender: Combatant,
    weapon: Weapon,
    modifiers: Modifiers,
    options: RulesConfig,
) -> dict[AttackKey, Fraction]:
    """The System's odds hook: :func:`attack_law` as one Fraction per key, summing to 1."""
    law, den = attack_law(attacker, defender, weapon, modifiers, options)
    return {k: Fraction(n, den) for k, n in law.items()}


def p_out(
    attacker: Combatant,
    defender: Combatant,
    weapon: Weapon,
    modifiers: Modifiers,
    options: RulesConfig,
) -> Fraction:
    """The System's ``p_out_fn`` hook (#27 item 6 follow-up): ``odds(...).p_down`` of this
    attack — the chance it leaves its defender down, dying or dead (§4.14) — refusing
    (the same :class:`~rolkit.errors.RulesError`) what :func:`attack_law` refuses. The
    "weakest" target policy of a simulated party reads one for every foe it might attack:
    summed as integer weights, with no odds key, Fraction or projection per outcome (they
    were most of a simulated 4 v 4's time)."""
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
    out_already = fate_of(defender.conditions) in OUT_FATES
    out = 0
    for (_category, location, final), n in rows.items():
        if final > 0:
            sev = wound_severity(final, thresholds)
            assert location is not None and sev is not None
            if effect(location, sev)[1] in OUT_FATES:
                out += n
        elif out_already:
            out += n
    return Fraction(out, den)
