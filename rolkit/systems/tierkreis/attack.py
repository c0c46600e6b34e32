"""P3–P9 One attack: :func:`resolve_attack` (one seeded roll) and :func:`attack_outcomes`
(the exact law). Both run the same named stages, so the odds and a roll cannot disagree:

``_setup`` (mode and target, P3–P5) → ``check_result`` (R4) → fumble die (T1, P8) →
``damage_due`` (P3 mirrored miss, P5 half on a dodge) → ``base_damage`` (P6, T2) →
``dealt`` (P6/P7: factor, half, reduction) → ``health_after`` (P9).

Dice order (P6): check die; the fumble die only after a fumble; the damage die only with
``variable_damage`` and damage due.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, NamedTuple

from rolkit.memo import memo
from rolkit.model import Step
from rolkit.systems.tierkreis.damage import (
    attack_check_result,
    damage_factor,
    final_damage,
    fumble_effect,
    plain_attack_result,
    variable_damage,
)
from rolkit.systems.tierkreis.forms import Combatant, Modifiers, Weapon
from rolkit.systems.tierkreis.health import HealthState, apply_damage, fate_of
from rolkit.systems.tierkreis.options import TierkreisOptions
from rolkit.systems.tierkreis.tables import D12, FUMBLE_EFFECT_OF
from rolkit.systems.tierkreis.targets import CheckTarget, roll_target

__all__ = [
    "Outcome",
    "AttackKey",
    "Resolution",
    "resolve_attack",
    "attack_outcomes",
    "attack_odds",
    "check_result",
    "damage_due",
    "health_after",
]


class Outcome(NamedTuple):
    """§6 One row of :func:`attack_outcomes`."""

    result: str
    fumble_effect: str | None
    damage: int
    defender_status: str


class AttackKey(NamedTuple):
    """The System's odds key: :class:`Outcome` plus the defender's common fate."""

    result: str
    fumble_effect: str | None
    damage: int
    defender_status: str
    fate: str | None

    @property
    def outcome(self) -> Outcome:
        return Outcome(self.result, self.fumble_effect, self.damage, self.defender_status)


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

    @property
    def outcome(self) -> Outcome:
        return Outcome(self.result, self.fumble_effect, self.damage, self.defender_after.status)

    @property
    def key(self) -> AttackKey:
        return AttackKey(*self.outcome, self.fate)


# --------------------------------------------------------------------------- stages
_RULE_TARGET = "P1/R3 «Si el total es igual o menor a la característica, … tiene éxito»"
_RULE_R5 = "R5 «no se suman y solo se tiene en cuenta el mayor, excepto … ítems y accesorios»"


def _setup(
    attacker: Combatant, defender: Combatant, weapon: Weapon, modifiers: Modifiers
) -> tuple[str, CheckTarget, bool]:
    """P3–P5, P14 The mode, the target of the check rolled and whether naturals count."""
    mode, target = roll_target(attacker, defender, weapon, modifiers)
    naturals = mode == "attack_check" and (
        weapon.kind != "power" or modifiers.options.crits_on_power_attacks
    )
    return mode, target, naturals


def check_result(mode: str, target: int, roll: int, naturals: bool) -> str:
    """R4, P4–P5 The check die read: attack ``critical|hit|miss|fumble``, dodge ``dodged|hit``."""
    if mode == "dodge_check":
        return "dodged" if roll <= target else "hit"
    return attack_check_result(roll, target) if naturals else plain_attack_result(roll, target)


def damage_due(result: str, weapon: Weapon, options: TierkreisOptions) -> tuple[bool, bool]:
    """P4 step 6, P5 step 4, P3 ``(damage is due, it is halved)``.

    A hit or critical deals full damage; a successful dodge of a ``half_damage_on_dodge``
    attack deals half; in attack-check mode a miss (not a fumble) of such an attack deals
    half too when ``mirror_modifiers`` is on (G9).
    """
    if result in ("critical", "hit"):
        return True, False
    if weapon.half_damage_on_dodge and (
        result == "dodged" or (result == "miss" and options.mirror_modifiers)
    ):
        return True, True
    return False, False


def base_damage(weapon: Weapon, options: TierkreisOptions, d12: int | None) -> int:
    """P6 step 1 The listed damage, or the variable-damage table read with ``d12`` (T2)."""
    if d12 is None:
        return weapon.damage
    return variable_damage(weapon.damage, d12, options.damage_table)


def dealt(
    base: int,
    weapon: Weapon,
    critical: bool,
    half: bool,
    defender: Combatant,
    options: TierkreisOptions,
) -> int:
    """P6 steps 2–4, P7 Damage dealt: base × factor (+1 on a critical), halved, reduced."""
    factor = damage_factor(weapon.damage_factor, critical)
    return final_damage(base, factor, half, defender.damage_reduction, options.half_damage_rounding)


def health_after(
    defender: Combatant, damage: int, options: TierkreisOptions
) -> tuple[HealthState, str | None]:
    """P9 The defender's health after ``damage`` and its common fate (P20 knock-out kept)."""
    state = apply_damage(defender.pv, defender.death_points, damage, options.death_timing)
    knocked_out = defender.knocked_out_by_deprivation
    if knocked_out and state.status == "active":
        state = HealthState(state.pv, state.death_points, "unconscious")
    return state, fate_of(state, knocked_out)


# --------------------------------------------------------------------------- exact law
_DENOMINATOR = D12**3  # check die × fumble die × damage die


@memo
def _law(
    attacker: Combatant, defender: Combatant, weapon: Weapon, modifiers: Modifiers
) -> tuple[tuple[AttackKey, Fraction], ...]:
    options = modifiers.options
    mode, target, naturals = _setup(attacker, defender, weapon, modifiers)
    weights: dict[AttackKey, int] = {}
    cache: dict[int, AttackKey] = {}

    def add(result: str, effect: str | None, damage: int, weight: int) -> None:
        if damage not in cache:
            state, fate = health_after(defender, damage, options)
            cache[damage] = AttackKey("", None, damage, state.status, fate)
        k = cache[damage]._replace(result=result, fumble_effect=effect)
        weights[k] = weights.get(k, 0) + weight

    per_face = _DENOMINATOR // D12
    for roll in range(1, D12 + 1):
        result = check_result(mode, target.target, roll, naturals)
        if result == "fumble":
            for face in range(1, D12 + 1):
                add(result, fumble_effect(face), 0, per_face // D12)
            continue
        due, half = damage_due(result, weapon, options)
        critical = result == "critical"
        if not due:
            add(result, None, 0, per_face)
        elif options.variable_damage:
            for face in range(1, D12 + 1):
                base = base_damage(weapon, options, face)
                add(
                    result,
                    None,
                    dealt(base, weapon, critical, half, defender, options),
                    per_face // D12,
                )
        else:
            base = base_damage(weapon, options, None)
            add(result, None, dealt(base, weapon, critical, half, defender, options), per_face)
    return tuple((k, Fraction(w, _DENOMINATOR)) for k, w in weights.items())


def attack_odds(
    attacker: Combatant, defender: Combatant, weapon: Weapon, modifiers: Modifiers
) -> dict[AttackKey, Fraction]:
    """The exact law of :class:`AttackKey` (``Outcome`` plus the defender's fate)."""
    return dict(_law(attacker, defender, weapon, modifiers))


def attack_outcomes(
    attacker: Combatant, defender: Combatant, weapon: Weapon, modifiers: Modifiers
) -> dict[Outcome, Fraction]:
    """§6 The exact joint law of ``Outcome(result, fumble_effect, damage, defender_status)``.

    Every face of the check die, of the fumble die (under a fumble) and of the damage die
    (with ``variable_damage``) is enumerated with integer weights over ``12**3``.

    Raises:
        TierkreisInputError: an impossible attack (see :func:`roll_target`).
    """
    out: dict[Outcome, Fraction] = {}
    for k, p in _law(attacker, defender, weapon, modifiers):
        out[k.outcome] = out.get(k.outcome, Fraction(0)) + p
    return out


# --------------------------------------------------------------------------- one roll
def _value(x: str) -> str:
    return f"tierkreis.value.{x}"


def _adjustment_steps(target: CheckTarget) -> list[Step]:
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
    mode, target, naturals = _setup(attacker, defender, weapon, modifiers)
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
    steps += _adjustment_steps(target)
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
