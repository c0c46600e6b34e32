"""§6 ``resolve_attack``: one random attack, every step recorded, through the shared
stages (:mod:`.stages`); dice drawn with ``rng.randint(1, 12)`` in the order of P6.

Step order (§6): surprise (P23) → mode (P3) → each adjustment applied/ignored (R5) →
target → check die → fumble die → damage die → damage arithmetic (P6/P7) → health (P9).
"""

from __future__ import annotations

from rolkit.dice import RandomSource
from rolkit.hooks import Resolved
from rolkit.model import Step
from rolkit.systems.tierkreis.attack.key import AttackKey, Resolution
from rolkit.systems.tierkreis.attack.stages import (
    base_damage,
    check_result,
    damage_due,
    dealt,
    health_after,
    setup,
    wielded,
)
from rolkit.systems.tierkreis.forms import Combatant, Modifiers, Weapon
from rolkit.systems.tierkreis.options import TierkreisOptions
from rolkit.systems.tierkreis.rules.check import CheckTarget, target_steps
from rolkit.systems.tierkreis.rules.damage import damage_factor, fumble_effect
from rolkit.systems.tierkreis.rules.health import HealthState, apply_damage
from rolkit.systems.tierkreis.tables import D12, FUMBLE_EFFECT_OF

__all__ = ["resolve_attack", "resolve"]


_RULE_TARGET = "P1/R3 «Si el total es igual o menor a la característica, … tiene éxito»"


def _value(x: str) -> str:
    return f"tierkreis.value.{x}"


def _rng_d12(rng: RandomSource) -> int:
    return int(rng.randint(1, D12))


def _opening_steps(
    attacker: Combatant, defender: Combatant, mode: str, target: CheckTarget, surprise: bool
) -> list[Step]:
    """P23 the surprise action, P3 the mode, R5 the adjustments and P1 the target."""
    steps: list[Step] = []
    if surprise:
        steps.append(
            Step(
                "tierkreis.step.surprise",
                (),
                {},
                "P23 «los atacantes pueden realizar 1 acción antes»",
            )
        )
    steps.append(
        Step(
            "tierkreis.step.mode",
            (),
            {
                "mode": _value(mode),
                "attacker": _value("pj" if attacker.is_player else "pnj"),
                "defender": _value("pj" if defender.is_player else "pnj"),
            },
            "P3 «Los enemigos manejados por el narrador no hacen chequeos para impactar»",
        )
    )
    return steps + target_steps(target, _RULE_TARGET)


def _unarmed_step(attacker: Combatant, weapon: Weapon) -> Step:
    """P24 «ataca con el arma que tenga en sus manos»: its weapon is not in its hands."""
    return Step(
        "tierkreis.step.unarmed",
        (),
        {"weapon": weapon.name, "weapon_state": _value(attacker.weapon_state)},
        "P24 «El personaje ataca con el arma que tenga en sus manos»",
    )


def _check_step(mode: str, roll: int, target: int, result: str) -> Step:
    """P4/P5 The check die and what it reads."""
    dodge = mode == "dodge_check"
    return Step(
        "tierkreis.step.dodge_roll" if dodge else "tierkreis.step.attack_roll",
        (roll,),
        {"roll": roll, "target": target, "result": _value(result)},
        "P5 «si el total es igual o menor a su AGI, entonces el ataque es esquivado»"
        if dodge
        else "P4/R4 «igual o menor»; 1 natural «golpea», 12 natural «siempre falla»",
    )


def _fumble(
    attacker: Combatant, options: TierkreisOptions, rng: RandomSource, steps: list[Step]
) -> tuple[str, HealthState]:
    """P8/T1 The fumble die, and 11–12 «pierde 1 PV» on the attacker (P9)."""
    face = _rng_d12(rng)
    fumble = fumble_effect(face)
    steps.append(
        Step(
            "tierkreis.step.fumble",
            (face,),
            {"effect": f"tierkreis.fumble.{fumble}"},
            "P8/T1 «Pifias»",
        )
    )
    after = apply_damage(attacker.pv, attacker.death_points, 0, options.death_timing)
    if fumble == "self_damage_1":
        after = apply_damage(attacker.pv, attacker.death_points, 1, options.death_timing)
        steps.append(_health_step("tierkreis.step.attacker_health", attacker.pv, after))
    return fumble, after


def _damage(
    result: str,
    weapon: Weapon,
    defender: Combatant,
    options: TierkreisOptions,
    rng: RandomSource,
    steps: list[Step],
) -> int:
    """P6/P7, T2 The damage dealt (0 when none is due), with the damage die if variable."""
    due, half = damage_due(result, weapon, options)
    if not due:
        return 0
    d12 = _rng_d12(rng) if options.variable_damage else None
    base = base_damage(weapon, options, d12)
    if d12 is not None:
        steps.append(
            Step(
                "tierkreis.step.damage_die",
                (d12,),
                {"listed": weapon.damage, "base": base},
                "T2 «Daño Variable (Opcional)»"
                + (
                    ""
                    if options.damage_table and weapon.damage in options.damage_table
                    else " — regla provisional (provisional rule)"
                ),
            )
        )
    critical = result == "critical"
    damage = dealt(base, weapon, critical, half, defender, options)
    steps.append(
        Step(
            "tierkreis.step.damage",
            (),
            {
                "base": base,
                "factor": damage_factor(weapon.damage_factor, critical),
                "half": half,
                "reduction": defender.damage_reduction,
                "damage": damage,
            },
            "P6/P7 «Cada arma indica el daño»; crítico: «se aumenta en 1 el factor»",
        )
    )
    return damage


def resolve_attack(
    attacker: Combatant,
    defender: Combatant,
    weapon: Weapon,
    modifiers: Modifiers,
    rng: RandomSource,
) -> Resolution:
    """§6 One random resolution; dice through ``rng.randint(1, 12)`` in the order of P6.

    Raises:
        TierkreisInputError: an impossible attack (see :func:`~.stages.roll_target`).
    """
    options = modifiers.options
    original = weapon
    held = wielded(attacker, weapon)
    mode, target, naturals = setup(attacker, defender, held, modifiers)
    effects: list[str] = ["surprise_action"] if modifiers.surprise else []
    steps = _opening_steps(attacker, defender, mode, target, modifiers.surprise)
    if held is not weapon:
        steps.insert(0, _unarmed_step(attacker, weapon))
    weapon = held
    roll = _rng_d12(rng)
    result = check_result(mode, target.target, roll, naturals)
    steps.append(_check_step(mode, roll, target.target, result))
    fumble: str | None = None
    damage = 0
    if result == "fumble":
        fumble, attacker_after = _fumble(attacker, options, rng, steps)
        effects.append(FUMBLE_EFFECT_OF[fumble])
    else:
        attacker_after = apply_damage(attacker.pv, attacker.death_points, 0, options.death_timing)
        damage = _damage(result, weapon, defender, options, rng, steps)
    state, fate = health_after(defender, damage, options)
    steps.append(_health_step("tierkreis.step.health", defender.pv, state))
    return Resolution(
        mode=mode,
        steps=steps,
        result=result,
        critical=result == "critical",
        fumble_effect=fumble,
        damage=damage,
        defender_after=state,
        attacker_after=attacker_after,
        effects=tuple(effects),
        fate=fate,
        attacker=attacker,
        defender=defender,
        options=options,
        weapon=original,
    )


def resolve(
    attacker: Combatant,
    defender: Combatant,
    weapon: Weapon,
    modifiers: Modifiers,
    options: TierkreisOptions,
    rng: RandomSource,
) -> Resolved[Resolution, AttackKey]:
    """``SYSTEM.resolve``: :func:`resolve_attack` (the options travel in ``modifiers``, §2.3)."""
    r = resolve_attack(attacker, defender, weapon, modifiers, rng)
    return Resolved(r.steps, r, r.key)


def _health_step(label: str, pv_before: int, state: HealthState) -> Step:
    return Step(
        label,
        (),
        {
            "pv_before": pv_before,
            "pv": state.pv,
            "death_points": state.death_points,
            "status": _value(state.status),
        },
        "P9 «alcanza 0PV, cae inmediatamente inconsciente … en 0PV recibe daño, gana un punto de muerte»",
    )
