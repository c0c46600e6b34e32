"""§4.3–§4.15, §7 One attack: ``resolve_attack`` (seeded, step by step) and
``attack_outcomes`` (its exact law), built from the same stage functions.

Stages: legality (§4.3, §4.5) → attack pool and roll (§4.4) → defence pool and roll or the
undefended threshold (§4.5, §4.6) → compare (§4.7, «el empate favorece al defensor») → one
branch: dodged (§4.8), deflected (§4.10), shield block or overflow (§4.9), or a hit with
location (§4.11), damage and RD (§4.12), wound and states (§4.13–§4.15), Integridad (§4.22).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, NamedTuple

from rolkit.systems.ashes_of_war.core import PoolSpec
from rolkit.systems.ashes_of_war.damage import (
    damage_weights,
    shield_block,
    weapon_thresholds,
    wound_severity,
)
from rolkit.systems.ashes_of_war.errors import out_of_range
from rolkit.systems.ashes_of_war.forms import Combatant, Modifiers, Weapon
from rolkit.systems.ashes_of_war.formtools import evolve
from rolkit.systems.ashes_of_war.location import (
    PAIRED,
    hit_location,
    intact_location,
    location_weights,
)
from rolkit.systems.ashes_of_war.options import DEFAULT_RULES, RulesConfig
from rolkit.systems.ashes_of_war.pools import (
    attack_pool,
    check_attack,
    check_defence,
    check_wounds,
    declared_damage_type,
    defence_pool,
    undefended_threshold,
)
from rolkit.systems.ashes_of_war.tables import PARTS
from rolkit.systems.ashes_of_war.wounds import fate_after, fate_of, wound_effect, wound_plan

__all__ = [
    "OutcomeKey",
    "OddsKey",
    "BranchAfter",
    "branch_after",
    "defender_after",
    "spent",
    "check_legal",
    "pool_law",
    "attack_rows",
    "Step",
    "Outcome",
    "Resolution",
    "resolve_attack",
    "attack_outcomes",
    "attack_law",
    "outcome_marginal",
]


class OutcomeKey(NamedTuple):
    """§7.3 the contract's outcome key."""

    category: str
    location: str | None
    final_damage: int
    wound_box: str | None


class OddsKey(NamedTuple):
    """The System's key: §7.3's four fields plus the defender's fate and the events."""

    category: str
    location: str | None
    final_damage: int
    wound_box: str | None
    fate: str | None
    events: tuple[str, ...]

    @property
    def outcome_key(self) -> OutcomeKey:
        return OutcomeKey(self.category, self.location, self.final_damage, self.wound_box)


@dataclass(frozen=True)
class Step:
    """§7.1 one recorded step: ``dice`` entries are ``(kind, sides, faces)``."""

    label: str
    dice: tuple[tuple[str, int, tuple[int, ...]], ...]
    derived: Mapping[str, Any]
    rule: str


@dataclass(frozen=True)
class Outcome:
    """§7.1 the result of one attack."""

    category: str
    hit: bool
    location: str | None
    raw_damage: int | None
    final_damage: int
    wound_box: str | None
    events: tuple[str, ...]
    integrity_changes: tuple[tuple[str, int], ...]
    defender_after: Combatant
    attacker_after: Combatant
    weapon_after: Weapon

    @property
    def key(self) -> OutcomeKey:
        return OutcomeKey(self.category, self.location, self.final_damage, self.wound_box)

    @property
    def fate(self) -> str | None:
        return fate_of(self.defender_after.conditions)

    @property
    def odds_key(self) -> OddsKey:
        return OddsKey(*self.key, self.fate, self.events)


@dataclass(frozen=True)
class Resolution:
    """§7.1 ``Resolution(steps, outcome)``."""

    steps: tuple[Step, ...]
    outcome: Outcome


# --------------------------------------------------------------------------- shared stages
def check_legal(a: Combatant, d: Combatant, w: Weapon, m: Modifiers, rules: RulesConfig) -> None:
    """§4.3 and §4.5, and the wound counts against T3, before any dice."""
    check_attack(a, w, m)
    check_defence(d, m)
    check_wounds(a, rules, "attacker")
    check_wounds(d, rules, "defender")


def _defended_state(d: Combatant) -> Combatant:
    """§4.5: after a defence roll, one more defence this turn; feint and pending ▽ spent."""
    return evolve(
        d,
        defences_this_turn=min(20, d.defences_this_turn + 1),
        feint_pending=False,
        pending_desgracias=0,
    )


def _wear(value: int, rules: RulesConfig) -> int:
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
    the weapon when absorbed.
    """
    d, w, m = defender, weapon, modifiers
    d_after = d if m.defence == "none" else _defended_state(d)
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


# --------------------------------------------------------------------------- resolve
def _roll_pool(pool: PoolSpec, rng: Any, rules: RulesConfig) -> tuple[int, tuple]:
    roll = rules.mechanic.roll(pool.ndp, pool.gracias, pool.desgracias, rng)
    sides = rules.die_sides
    dice = (
        ("skill", sides, roll.main_faces[: pool.ndp]),
        ("gracia", sides, roll.main_faces[pool.ndp :]),
        ("desgracia", sides, roll.desgracia_faces),
    )
    return roll.result, dice


def _roll_damage(w: Weapon, rng: Any) -> tuple[int, tuple[int, ...]]:
    count, sides = w.dice
    faces = tuple(rng.randint(1, sides) for _ in range(count))
    return sum(faces), faces


def resolve_attack(
    attacker: Combatant,
    defender: Combatant,
    weapon: Weapon,
    modifiers: Modifiers,
    rng: Any,
    *,
    rules: RulesConfig = DEFAULT_RULES,
) -> Resolution:
    """Contract #18: one random attack, dice drawn in the §7.2 order."""
    a, d, w, m = attacker, defender, weapon, modifiers
    check_legal(a, d, w, m, rules)
    steps: list[Step] = []
    pool = attack_pool(a, w, m, rules=rules)
    steps.append(
        Step(
            "attack_pool",
            (),
            {
                "ndp": pool.ndp,
                "gracias": pool.gracias,
                "desgracias": pool.desgracias,
                **dict(pool.breakdown),
            },
            "§4.4",
        )
    )
    r_att, dice = _roll_pool(pool, rng, rules)
    steps.append(Step("attack_roll", dice, {"result": r_att}, "§2.2 (ph:pool_d6)"))
    if m.defence == "none":
        need = undefended_threshold(m, rules)
        hit = r_att >= need
        steps.append(
            Step(
                "undefended",
                (),
                {"threshold": need, "adversidad": m.undefended_adversidad},
                "seed:Defensa «la Adversidad de la tirada será Fácil»",
            )
        )
        steps.append(Step("compare", (), {"attack": r_att, "threshold": need, "hit": hit}, "§4.6"))
    else:
        dpool = defence_pool(d, m, rules=rules)
        steps.append(
            Step(
                "defence_pool",
                (),
                {
                    "ndp": dpool.ndp,
                    "gracias": dpool.gracias,
                    "desgracias": dpool.desgracias,
                    **dict(dpool.breakdown),
                },
                "§4.5",
            )
        )
        r_def, ddice = _roll_pool(dpool, rng, rules)
        steps.append(Step("defence_roll", ddice, {"result": r_def}, "§2.2 (ph:pool_d6)"))
        hit = r_att > r_def
        steps.append(
            Step(
                "compare",
                (),
                {"attack": r_att, "defence": r_def, "hit": hit},
                "seed:Defensa «el empate favorece al defensor»",
            )
        )
    category, raw, final = "miss", None, 0
    location: str | None = None
    if not hit and m.defence == "dodge":
        category = "dodged"
    elif not hit and m.defence == "intercept_object":
        category = "deflected"
    elif not hit and m.defence == "intercept_shield":
        s = d.shield
        assert s is not None
        raw, faces = _roll_damage(w, rng)
        arm = f"{d.shield_arm}_arm"
        blocked, excess, arm_final = shield_block(raw, s.rd, d.rd(arm))
        steps.append(
            Step(
                "damage",
                (("damage", w.dice[1], faces),),
                {"raw": raw},
                "seed:Daños «El dado de daño se tira en cada golpe»",
            )
        )
        steps.append(
            Step(
                "rd",
                (),
                {"shield_rd": s.rd, "excess": excess, "arm_rd": d.rd(arm), "final": arm_final},
                "seed:Defensa «Un escudo lo resuelve como una pieza de armadura»",
            )
        )
        if blocked:
            category = "blocked"
        else:
            category, location, final = "overflow", arm, arm_final
    elif hit:
        if m.aimed_location is not None or m.narrated_location is not None:
            location = m.aimed_location or m.narrated_location
            steps.append(Step("location", (), {"location": location}, "seed:Ataque / §4.11"))
        else:
            d10 = rng.randint(1, 10)
            ldice: tuple = (("location", 10, (d10,)),)
            part = hit_location_part(d10, rules)
            d2 = None
            if part in PAIRED:
                d2 = rng.randint(1, 2)
                ldice += (("side", 2, (d2,)),)
            rolled = hit_location(d10, d2, rules=rules)
            location = intact_location(rolled, d.conditions.dismembered)
            steps.append(
                Step("location", ldice, {"rolled": rolled, "location": location}, "§4.11 (ph:T4)")
            )
        assert location is not None
        raw, faces = _roll_damage(w, rng)
        rd = d.rd(location)
        final = max(0, raw - rd)
        steps.append(
            Step(
                "damage",
                (("damage", w.dice[1], faces),),
                {"raw": raw},
                "seed:Daños «El dado de daño se tira en cada golpe»",
            )
        )
        steps.append(
            Step(
                "rd",
                (),
                {"rd": rd, "final": final},
                "seed:Daños «(Dado de daño del arma) - (RD …)»",
            )
        )
        category = "wound" if final > 0 else "absorbed"
    severity = wound_severity(final, weapon_thresholds(w, rules))
    after = branch_after(a, d, w, m, category, location, severity, rules)
    box, events, changes = after.wound_box, after.events, after.integrity_changes
    if severity is not None:
        steps.append(
            Step("wound", (), {"severity": severity, "wound_box": box}, "§4.13–4.14 (ph:T6)")
        )
        steps.append(Step("conditions", (), {"events": events}, "§4.15"))
    if changes:
        steps.append(
            Step("integrity", (), {"changes": tuple(changes)}, "§4.22 (ph:integrity_loss)")
        )
    outcome = Outcome(
        category=category,
        hit=category in ("absorbed", "wound"),
        location=location,
        raw_damage=raw,
        final_damage=final,
        wound_box=box,
        events=events,
        integrity_changes=tuple(changes),
        defender_after=after.defender,
        attacker_after=after.attacker,
        weapon_after=after.weapon,
    )
    return Resolution(tuple(steps), outcome)


def hit_location_part(d10: int, rules: RulesConfig) -> str:
    top = 0
    for part in PARTS:
        top += rules.location_faces[part]
        if d10 <= top:
            return part
    raise AssertionError("location_faces add up to 10")


# --------------------------------------------------------------------------- exact law
def attack_law(
    attacker: Combatant,
    defender: Combatant,
    weapon: Weapon,
    modifiers: Modifiers,
    rules: RulesConfig = DEFAULT_RULES,
) -> tuple[dict[OddsKey, int], int]:
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
    mech = rules.mechanic
    wa, da = mech.weights(pool.ndp, pool.gracias, pool.desgracias)
    if m.defence == "none":
        need = undefended_threshold(m, rules)
        hit_w = sum(wa[need:])
        base = da
    else:
        dpool = defence_pool(d, m, rules=rules)
        wd, dd = mech.weights(dpool.ndp, dpool.gracias, dpool.desgracias)
        below = 0
        hit_w = 0
        for r, x in enumerate(wa):
            if r > 0 and r - 1 < len(wd):
                below += wd[r - 1]
            hit_w += x * below
        base = da * dd
    defended_w = base - hit_w
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


def pool_law(
    pool: PoolSpec,
    defender: Combatant,
    weapon: Weapon,
    modifiers: Modifiers,
    rules: RulesConfig = DEFAULT_RULES,
) -> tuple[dict[OddsKey, int], int]:
    """:func:`attack_law` once the attack is legal and its pool known: each row of
    :func:`attack_rows` with the box it fills, the defender's fate and the events."""
    d, w, m = defender, weapon, modifiers
    dtype = declared_damage_type(w, m)
    d_def = d if m.defence == "none" else _defended_state(d)
    rows, den = attack_rows(pool, d, w, m, rules)
    fate0 = fate_of(d.conditions)
    thresholds = weapon_thresholds(w, rules)
    cache: dict[tuple[str, str], tuple[str, str | None, tuple[str, ...]]] = {}

    def effect(loc: str, sev: str) -> tuple[str, str | None, tuple[str, ...]]:
        k = (loc, sev)
        if k not in cache:
            b, _, ev, changes = wound_plan(
                d_def, loc, sev, dtype, w.non_lethal, m.dying_rule or rules.dying_rule, rules
            )
            cache[k] = (b, fate_after(d_def.conditions, changes), ev)
        return cache[k]

    out: dict[OddsKey, int] = {}
    for (category, location, final), n in rows.items():
        if final > 0:
            assert location is not None
            sev = wound_severity(final, thresholds)
            assert sev is not None
            b, fate, ev = effect(location, sev)
            key = OddsKey(category, location, final, b, fate, ev)
        else:
            key = OddsKey(category, location, 0, None, fate0, ())
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
        if f not in _KEY_FIELDS:
            raise out_of_range(
                "fields",
                ("Campos", "Campos (key fields)"),
                (", ".join(_KEY_FIELDS), ", ".join(_KEY_FIELDS)),
                f,
            )
        idx.append(_KEY_FIELDS.index(f))
    out: dict[tuple, Fraction] = {}
    for k, p in dist.items():
        kk = tuple(k[i] for i in idx)
        out[kk] = out.get(kk, Fraction(0)) + p
    return out
