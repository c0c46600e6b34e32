"""P4–P10 ``resolve_attack``: one seeded roll through the named stages of :mod:`.stages`,
and :func:`resolve_hook`, the same as the System's resolve hook.

Dice are drawn with ``rng.randint(1, sides)`` in the spec's order, only when needed: (1)
attack d20; (2) concealment d20; (3) confirmation d20; (4) damage dice, roll by roll; (5)
Daño masivo Fortaleza d20. Each draw records one :class:`~.key.NSd20Step`.
"""

from __future__ import annotations

from rolkit.dice import RandomSource
from rolkit.hooks import Resolved
from rolkit.model import Step
from rolkit.systems.nsd20.attack.key import AttackKey, NSd20Step, Resolution
from rolkit.systems.nsd20.attack.stages import (
    AttackSetup,
    attack_effort,
    attack_hits,
    attacker_after_attack,
    concealment_passes,
    damage_plan,
    defender_after_attack,
    final_damage,
    is_threat,
    needs_massive_test,
    setup_attack,
    wound_result,
)
from rolkit.systems.nsd20.forms import Combatant, Modifiers, Weapon
from rolkit.systems.nsd20.messages import CITE
from rolkit.systems.nsd20.options import DEFAULT_RULES, NSd20Rules
from rolkit.systems.nsd20.rules.wounds import (
    massive_damage_cd,
    massive_damage_margin,
    massive_damage_result,
)

__all__ = ["resolve_attack", "resolve_hook"]


def _attack_roll(rng: RandomSource, s: AttackSetup, rules: NSd20Rules) -> tuple[int, bool, Step]:
    """(1) P5 The attack d20: ``(natural, hit, step)``."""
    natural = rng.randint(1, 20)
    hit = attack_hits(natural, s, rules)
    step = NSd20Step(
        "nsd20.step.attack",
        (natural,),
        {
            "natural": natural,
            "attack_bonus": s.attack_bonus,
            "total": natural + s.attack_bonus,
            "defense": s.defense,
            "result": "nsd20.value.hit" if hit else "nsd20.value.miss",
        },
        CITE["attack"],
    )
    return natural, hit, step


def _concealment_roll(rng: RandomSource, s: AttackSetup) -> tuple[bool, Step]:
    """(2) P5.1 The concealment d20 of a hit: ``(concealed, step)``."""
    roll = rng.randint(1, 20)
    passes = concealment_passes(roll, s)
    step = NSd20Step(
        "nsd20.step.concealment",
        (roll,),
        {
            "roll": roll,
            "miss_on": s.conceal_min,
            "result": "nsd20.value.hit" if passes else "nsd20.value.miss",
        },
        CITE["concealment"],
    )
    return not passes, step


def _confirmation_roll(rng: RandomSource, s: AttackSetup, rules: NSd20Rules) -> tuple[bool, Step]:
    """(3) P5.2 The confirmation d20 of a threat: ``(critical, step)``."""
    roll = rng.randint(1, 20)
    critical = attack_hits(roll, s, rules)
    step = NSd20Step(
        "nsd20.step.confirm",
        (roll,),
        {
            "natural": roll,
            "total": roll + s.attack_bonus,
            "defense": s.defense,
            "result": "nsd20.value.critical" if critical else "nsd20.value.hit",
        },
        CITE["confirm"],
    )
    return critical, step


def _damage_roll(
    rng: RandomSource,
    critical: bool,
    weapon: Weapon,
    modifiers: Modifiers,
    s: AttackSetup,
    rules: NSd20Rules,
) -> tuple[int, int, int, Step]:
    """(4) P6–P7 The damage dice, roll by roll: ``(raw, final, RD applied, step)``."""
    rolls, static, rd = damage_plan(critical, weapon, modifiers, s, rules)
    faces: list[int] = []
    for _ in range(rolls):
        faces += [rng.randint(1, weapon.damage_die) for _ in range(weapon.damage_dice)]
    raw, final = final_damage(sum(faces), static, rd, rules.min_damage_on_hit)
    step = NSd20Step(
        "nsd20.step.damage",
        tuple(faces),
        {
            "rolls": rolls,
            "dice": f"{weapon.damage_dice}d{weapon.damage_die}",
            "bonus": static,
            "damage_raw": raw,
            "rd": rd,
            "damage": final,
        },
        CITE["damage"],
    )
    return raw, final, rd, step


def _massive_roll(
    rng: RandomSource, final: int, s: AttackSetup, rules: NSd20Rules
) -> tuple[str, Step]:
    """(5) P9/T6 The Daño masivo Fortaleza d20: ``(band, step)``."""
    f = rng.randint(1, 20)
    band = massive_damage_result(f, s.save_total, final, rules=rules)
    margin = massive_damage_margin(f, s.save_total, final, rules.natural_rules_on_saves)
    step = NSd20Step(
        "nsd20.step.massive",
        (f,),
        {
            "natural": f,
            "save_total": s.save_total,
            "total": f + s.save_total,
            "cd": massive_damage_cd(final),
            "failed_by": margin,
            "band": f"nsd20.wound.{band}",
        },
        CITE["massive"],
    )
    return band, step


def _to_hit(
    rng: RandomSource, weapon: Weapon, s: AttackSetup, rules: NSd20Rules, steps: list[Step]
) -> tuple[str, bool]:
    """Dice (1)–(3), P5: ``(outcome, concealed)``; appends their steps."""
    natural, hit, step = _attack_roll(rng, s, rules)
    steps.append(step)
    outcome, concealed = ("hit" if hit else "miss"), False
    if hit and s.conceal_min is not None:
        concealed, step = _concealment_roll(rng, s)
        steps.append(step)
        if concealed:
            outcome = "miss"
    if outcome == "hit" and is_threat(natural, weapon):
        critical = True
        if rules.crit_confirmation:
            critical, step = _confirmation_roll(rng, s, rules)
            steps.append(step)
        if critical:
            outcome = "critical"
    return outcome, concealed


def resolve_attack(
    attacker: Combatant,
    defender: Combatant,
    weapon: Weapon,
    modifiers: Modifiers,
    rng: RandomSource,
    *,
    rules: NSd20Rules = DEFAULT_RULES,
) -> Resolution:
    """§6 P4–P10 Resolve one attack with ``rng.randint`` in the spec's dice order."""
    s = setup_attack(attacker, defender, weapon, modifiers, rules)
    effort = attack_effort(attacker, modifiers)
    steps: list[Step] = []
    outcome, concealed = _to_hit(rng, weapon, s, rules, steps)
    raw = final = rd = 0
    band = "none"
    massive = False
    if outcome != "miss":
        raw, final, rd, step = _damage_roll(rng, outcome == "critical", weapon, modifiers, s, rules)
        steps.append(step)
        if needs_massive_test(final, s):
            massive = True
            band, step = _massive_roll(rng, final, s, rules)
            steps.append(step)
    pr_after, state, wound, stunned_rounds, end = wound_result(final, band, s, rules)
    key = AttackKey(outcome, concealed, final, wound, state, massive, stunned_rounds > 0, end)
    steps.append(
        NSd20Step(
            "nsd20.step.wound",
            (),
            {
                "pr_before": s.pr,
                "pr_after": pr_after,
                "state": f"nsd20.wound.{state}",
                "stunned_rounds": stunned_rounds,
            },
            CITE["wound"],
        )
    )
    return Resolution(
        steps=tuple(steps),
        outcome=outcome,
        damage_raw=raw,
        rd_applied=rd,
        damage=final,
        pr_after=pr_after,
        massive=massive,
        wound_state_after=state,
        stunned_rounds=stunned_rounds,
        attacker_effort_state=effort,
        effects=_effects(final, state, stunned_rounds, massive, modifiers),
        key=key,
        attacker_after=attacker_after_attack(attacker, effort),
        defender_after=defender_after_attack(defender, final, state, stunned_rounds),
        weapon_after=weapon,
    )


def resolve_hook(
    attacker: Combatant,
    defender: Combatant,
    weapon: Weapon,
    modifiers: Modifiers,
    options: NSd20Rules,
    rng: RandomSource,
) -> Resolved[Resolution, AttackKey]:
    """``SYSTEM.resolve_fn``: :func:`resolve_attack` (the spec's signature) as the System's
    resolve hook: the steps, the :class:`Resolution` itself and its key."""
    r = resolve_attack(attacker, defender, weapon, modifiers, rng, rules=options)
    return Resolved(r.steps, r, r.key)


def _effects(
    final: int, state: str, stunned_rounds: int, massive: bool, modifiers: Modifiers
) -> tuple[str, ...]:
    """§6 The effects a game master applies by hand (Concentración exactly when damage > 0)."""
    out = []
    if final > 0:
        out.append(
            f"Concentración: a concentrating defender must pass a Voluntad save CD {10 + final}"
        )
    if stunned_rounds:
        out.append(f"Aturdido (stunned) for {stunned_rounds} round(s): loses Esquiva, cannot act")
    if state == "moribundo":
        out.append("Inconsciente + Moribundo (unconscious and dying)")
    if modifiers.extra_effort_damage:
        out.append(
            "Esfuerzo extra: the attacker becomes Fatigado at the next round "
            "unless a Punto de Acción is spent"
        )
    if massive:
        out.append("Daño masivo: the defender made a Fortaleza save")
    return tuple(out)
