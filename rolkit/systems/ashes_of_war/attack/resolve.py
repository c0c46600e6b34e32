"""§4.3–§4.15, §7.1–§7.2 ``resolve_attack``: one seeded attack, step by step.

Stages: legality (§4.3, §4.5) → attack pool and roll (§4.4) → defence pool and roll or the
undefended threshold (§4.5, §4.6) → compare (§4.7, «el empate favorece al defensor») → one
branch: dodged (§4.8), deflected (§4.10), shield block or overflow (§4.9), or a hit with
location (§4.11), damage and RD (§4.12), wound and states (§4.13–§4.15), Integridad (§4.22).
Dice are drawn in the §7.2 order; the exact law (:mod:`.odds`) shares the stages.
"""

from __future__ import annotations

from typing import Any

from rolkit.dice import RandomSource
from rolkit.hooks import Resolved
from rolkit.model import Step as KitStep
from rolkit.systems.ashes_of_war.attack.key import AttackKey, Outcome, Resolution, Step, Throw
from rolkit.systems.ashes_of_war.attack.stages import branch_after, roll_damage, roll_pool
from rolkit.systems.ashes_of_war.attack.validate import check_legal
from rolkit.systems.ashes_of_war.forms import Combatant, Modifiers, Weapon
from rolkit.systems.ashes_of_war.messages import STEP_RULES, event_key, key
from rolkit.systems.ashes_of_war.options import DEFAULT_RULES, RulesConfig
from rolkit.systems.ashes_of_war.rules.damage import shield_block, weapon_thresholds, wound_severity
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

__all__ = ["resolve_attack", "user_steps", "resolve"]

#: ``(category, location, raw damage, final damage)`` of one branch (§7.1).
Branch = tuple[str, "str | None", "int | None", int]

_POOL_RULE = "§2.2 (ph:pool_d6)"
_DAMAGE_RULE = "seed:Daños «El dado de daño se tira en cada golpe»"


def _pool_step(label: str, pool: PoolSpec, rule: str) -> Step:
    derived = {
        "ndp": pool.ndp,
        "gracias": pool.gracias,
        "desgracias": pool.desgracias,
        **dict(pool.breakdown),
    }
    return Step(label, (), derived, rule)


def _contest(
    a: Combatant,
    d: Combatant,
    w: Weapon,
    m: Modifiers,
    rng: Any,
    rules: RulesConfig,
    steps: list[Step],
) -> bool:
    """§4.4–§4.7: the attack roll against the defence roll or the undefended threshold."""
    pool = attack_pool(a, w, m, rules=rules)
    steps.append(_pool_step("attack_pool", pool, "§4.4"))
    r_att, dice = roll_pool(pool, rng, rules)
    steps.append(Step("attack_roll", dice, {"result": r_att}, _POOL_RULE))
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
        return hit
    dpool = defence_pool(d, m, rules=rules)
    steps.append(_pool_step("defence_pool", dpool, "§4.5"))
    r_def, ddice = roll_pool(dpool, rng, rules)
    steps.append(Step("defence_roll", ddice, {"result": r_def}, _POOL_RULE))
    hit = r_att > r_def
    steps.append(
        Step(
            "compare",
            (),
            {"attack": r_att, "defence": r_def, "hit": hit},
            "seed:Defensa «el empate favorece al defensor»",
        )
    )
    return hit


def _shield(d: Combatant, w: Weapon, rng: Any, steps: list[Step]) -> Branch:
    """§4.9 a shield intercept succeeded: the damage dice against the shield, then the arm."""
    s = d.shield
    assert s is not None
    raw, faces = roll_damage(w, rng)
    arm = f"{d.shield_arm}_arm"
    blocked, excess, arm_final = shield_block(raw, s.rd, d.rd(arm))
    steps.append(Step("damage", (("damage", w.dice[1], faces),), {"raw": raw}, _DAMAGE_RULE))
    steps.append(
        Step(
            "rd",
            (),
            {"shield_rd": s.rd, "excess": excess, "arm_rd": d.rd(arm), "final": arm_final},
            "seed:Defensa «Un escudo lo resuelve como una pieza de armadura»",
        )
    )
    if blocked:
        return "blocked", None, raw, 0
    return "overflow", arm, raw, arm_final


def _location(d: Combatant, m: Modifiers, rng: Any, rules: RulesConfig, steps: list[Step]) -> str:
    """§4.11: the aimed or narrated location, else 1d10 on T4 (+1d2 side for paired parts)."""
    placed = m.aimed_location or m.narrated_location
    if placed is not None:
        steps.append(Step("location", (), {"location": placed}, "seed:Ataque / §4.11"))
        return placed
    d10 = rng.randint(1, 10)
    ldice: tuple[Throw, ...] = (("location", 10, (d10,)),)
    d2 = None
    if part_of_d10(d10, rules) in PAIRED:
        d2 = rng.randint(1, 2)
        ldice += (("side", 2, (d2,)),)
    rolled = hit_location(d10, d2, rules=rules)
    location = intact_location(rolled, d.conditions.dismembered)
    steps.append(Step("location", ldice, {"rolled": rolled, "location": location}, "§4.11 (ph:T4)"))
    return location


def _hit(
    d: Combatant, w: Weapon, m: Modifiers, rng: Any, rules: RulesConfig, steps: list[Step]
) -> Branch:
    """§4.11–§4.12 a hit: location, damage dice, minus the RD there."""
    location = _location(d, m, rng, rules, steps)
    raw, faces = roll_damage(w, rng)
    rd = d.rd(location)
    final = max(0, raw - rd)
    steps.append(Step("damage", (("damage", w.dice[1], faces),), {"raw": raw}, _DAMAGE_RULE))
    steps.append(
        Step("rd", (), {"rd": rd, "final": final}, "seed:Daños «(Dado de daño del arma) - (RD …)»")
    )
    return ("wound" if final > 0 else "absorbed"), location, raw, final


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
    hit = _contest(a, d, w, m, rng, rules, steps)
    branch: Branch = ("miss", None, None, 0)
    if not hit and m.defence == "dodge":
        branch = ("dodged", None, None, 0)
    elif not hit and m.defence == "intercept_object":
        branch = ("deflected", None, None, 0)
    elif not hit and m.defence == "intercept_shield":
        branch = _shield(d, w, rng, steps)
    elif hit:
        branch = _hit(d, w, m, rng, rules, steps)
    category, location, raw, final = branch
    severity = wound_severity(final, weapon_thresholds(w, rules))
    after = branch_after(a, d, w, m, category, location, severity, rules)
    if severity is not None:
        derived = {"severity": severity, "wound_box": after.wound_box}
        steps.append(Step("wound", (), derived, "§4.13–4.14 (ph:T6)"))
        steps.append(Step("conditions", (), {"events": after.events}, "§4.15"))
    if after.integrity_changes:
        changes = {"changes": after.integrity_changes}
        steps.append(Step("integrity", (), changes, "§4.22 (ph:integrity_loss)"))
    outcome = Outcome(
        category=category,
        hit=category in ("absorbed", "wound"),
        location=location,
        raw_damage=raw,
        final_damage=final,
        wound_box=after.wound_box,
        events=after.events,
        integrity_changes=after.integrity_changes,
        defender_after=after.defender,
        attacker_after=after.attacker,
        weapon_after=after.weapon,
    )
    return Resolution(tuple(steps), outcome)


def _user_value(name: str, v: Any) -> Any:
    """Derived values shown to a user: terms as i18n keys, tuples as text."""
    if isinstance(v, str):
        if name in ("location", "rolled"):
            return key(f"location.{v}")
        if name in ("severity", "wound_box"):
            return key(f"wound.{v}")
        if name == "adversidad":
            return key(f"value.{v}")
    if isinstance(v, tuple):
        return ", ".join(" ".join(map(str, x)) if isinstance(x, tuple) else str(x) for x in v)
    return v


_DEFENDER_STEPS = ("defence_pool", "defence_roll", "undefended", "wound", "conditions")


def _silent(label: str, name: str, v: Any) -> bool:
    """A pool's zero sources (no cover, no aiming…) are not worth a line."""
    return label.endswith("_pool") and name not in ("ndp", "desgracias") and v == 0


def user_steps(r: Resolution, a: Combatant, d: Combatant) -> tuple[KitStep, ...]:
    """The spec's steps as the shared Steps a user reads: one i18n label per step (one per
    event for ``conditions``), the faces in order, the derived values worth a line, the
    rule as a player reads it, and who acted."""
    out: list[KitStep] = []
    for s in r.steps:
        name = d.name if s.label in _DEFENDER_STEPS else a.name
        faces = tuple(f for _, _, fs in s.dice for f in fs)
        derived = {k: _user_value(k, v) for k, v in s.derived.items() if not _silent(s.label, k, v)}
        if s.label == "conditions":
            out += [
                KitStep(event_key(e), (), {}, STEP_RULES[s.label], {"name": name})
                for e in s.derived["events"]
            ]
            continue
        out.append(
            KitStep(key(f"step.{s.label}"), faces, derived, STEP_RULES[s.label], {"name": name})
        )
    return tuple(out)


def resolve(
    a: Combatant,
    d: Combatant,
    w: Weapon,
    m: Modifiers,
    options: RulesConfig,
    rng: RandomSource,
) -> Resolved[Outcome, AttackKey]:
    """The System's resolve hook: :func:`resolve_attack`, its §7.1 steps as the Steps a
    user reads (:func:`user_steps`), its outcome and its odds key."""
    r = resolve_attack(a, d, w, m, rng, rules=options)
    return Resolved(user_steps(r, a, d), r.outcome, r.key)
