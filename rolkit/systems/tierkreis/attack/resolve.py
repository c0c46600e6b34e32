"""§6 ``resolve_attack``: one random attack, every step recorded, through the shared
stages (:mod:`.stages`); dice drawn with ``rng.randint(1, 12)`` in the order of P6.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rolkit.model import Step
from rolkit.systems.tierkreis.attack.stages import (
    AttackKey,
    Outcome,
    base_damage,
    check_result,
    damage_due,
    dealt,
    health_after,
    setup,
)
from rolkit.systems.tierkreis.forms import Combatant, Modifiers, Weapon
from rolkit.systems.tierkreis.options import TierkreisOptions
from rolkit.systems.tierkreis.rules.check import CheckTarget
from rolkit.systems.tierkreis.rules.damage import damage_factor, fumble_effect
from rolkit.systems.tierkreis.rules.health import HealthState, apply_damage
from rolkit.systems.tierkreis.tables import D12, FUMBLE_EFFECT_OF

__all__ = ["Resolution", "resolve_attack", "adjustment_steps"]


@dataclass(frozen=True)
class Resolution:
    """§6 One resolved attack, every step recorded (dice in the order drawn)."""

    mode: str
    steps: list[Step]
    result: str
    critical: bool
    fumble_effect: str | None
    damage: int
    defender_after: HealthState
    attacker_after: HealthState
    effects: tuple[str, ...]
    fate: str | None = None
    attacker: Combatant | None = field(default=None, repr=False, compare=False)
    defender: Combatant | None = field(default=None, repr=False, compare=False)
    #: the options it was resolved under (the after-state reads ``fumble_penalty_expires``)
    options: TierkreisOptions | None = field(default=None, repr=False, compare=False)

    @property
    def outcome(self) -> Outcome:
        return Outcome(self.result, self.fumble_effect, self.damage, self.defender_after.status)

    @property
    def key(self) -> AttackKey:
        return AttackKey(*self.outcome, self.fate)


# --------------------------------------------------------------------------- stages


_RULE_TARGET = "P1/R3 «Si el total es igual o menor a la característica, … tiene éxito»"
_RULE_R5 = "R5 «no se suman y solo se tiene en cuenta el mayor, excepto … ítems y accesorios»"


def _value(x: str) -> str:
    return f"tierkreis.value.{x}"


def adjustment_steps(target: CheckTarget) -> list[Step]:
    steps = []
    for status, adjustments in (("applied", target.applied), ("ignored", target.ignored)):
        for a in adjustments:
            steps.append(
                Step(
                    f"tierkreis.step.{status}",
                    (),
                    {
                        "adjustment": a.label or "tierkreis.adj.user",
                        "value": f"{a.value:+d}",
                        "source": _value(a.source),
                    },
                    _RULE_R5,
                )
            )
    return steps


def _rng_d12(rng: Any) -> int:
    return int(rng.randint(1, D12))


def resolve_attack(
    attacker: Combatant, defender: Combatant, weapon: Weapon, modifiers: Modifiers, rng: Any
) -> Resolution:
    """§6 One random resolution; dice through ``rng.randint(1, 12)`` in the order of P6.

    Raises:
        TierkreisInputError: an impossible attack (see :func:`roll_target`).
    """
    options = modifiers.options
    mode, target, naturals = setup(attacker, defender, weapon, modifiers)
    steps: list[Step] = []
    effects: list[str] = []
    if modifiers.surprise:
        effects.append("surprise_action")
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
    steps += adjustment_steps(target)
    steps.append(
        Step(
            "tierkreis.step.target",
            (),
            {
                "characteristic": f"tierkreis.code.{target.characteristic}",
                "base": target.base,
                "modifier": f"{target.modifier:+d}",
                "target": target.target,
            },
            _RULE_TARGET,
        )
    )
    roll = _rng_d12(rng)
    result = check_result(mode, target.target, roll, naturals)
    steps.append(
        Step(
            "tierkreis.step.dodge_roll" if mode == "dodge_check" else "tierkreis.step.attack_roll",
            (roll,),
            {"roll": roll, "target": target.target, "result": _value(result)},
            "P5 «si el total es igual o menor a su AGI, entonces el ataque es esquivado»"
            if mode == "dodge_check"
            else "P4/R4 «igual o menor»; 1 natural «golpea», 12 natural «siempre falla»",
        )
    )
    fumble: str | None = None
    attacker_after = apply_damage(attacker.pv, attacker.death_points, 0, options.death_timing)
    damage = 0
    if result == "fumble":
        face = _rng_d12(rng)
        fumble = fumble_effect(face)
        effects.append(FUMBLE_EFFECT_OF[fumble])
        steps.append(
            Step(
                "tierkreis.step.fumble",
                (face,),
                {"effect": f"tierkreis.fumble.{fumble}"},
                "P8/T1 «Pifias»",
            )
        )
        if fumble == "self_damage_1":
            attacker_after = apply_damage(
                attacker.pv, attacker.death_points, 1, options.death_timing
            )
            steps.append(
                _health_step("tierkreis.step.attacker_health", attacker.pv, attacker_after)
            )
    else:
        due, half = damage_due(result, weapon, options)
        if due:
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
    )


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
