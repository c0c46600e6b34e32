"""R3, P1, P2 The plain d12 roll-under check (no natural results): its steps, its exact
law and one roll, shared by every check procedure; the characteristic check (P1) and
concentration (P2).
"""

from __future__ import annotations

from fractions import Fraction

from rolkit.dice import RandomSource
from rolkit.model import Step
from rolkit.systems.tierkreis.checks.forms import (
    CharacteristicCheckForm,
    ConcentrationForm,
    extra_list,
)
from rolkit.systems.tierkreis.options import TierkreisOptions
from rolkit.systems.tierkreis.rules.check import CheckTarget, check_target, target_steps
from rolkit.systems.tierkreis.tables import D12

__all__ = [
    "check_steps",
    "roll_step",
    "two_way",
    "plain_check",
    "characteristic_target",
    "characteristic_odds",
    "characteristic_resolve",
    "concentration_odds",
    "concentration_resolve",
]

_RULE = "P1/R3 «Si el total es igual o menor a la característica … tiene éxito»"


def check_steps(target: CheckTarget) -> list[Step]:
    """P1 The steps of a check's target: its adjustments (R5), then the target."""
    return target_steps(target, _RULE)


def roll_step(roll: int, target: CheckTarget, success: bool, rule: str = _RULE) -> Step:
    """R3 The check die, its target and the result."""
    return Step(
        "tierkreis.step.check",
        (roll,),
        {
            "roll": roll,
            "target": target.target,
            "result": f"tierkreis.value.{'success' if success else 'failure'}",
        },
        rule,
    )


def two_way(fail_id: str, ok_id: str, target: CheckTarget) -> dict[str, Fraction]:
    """R3 The exact law of a plain check: ``fail_id`` and ``ok_id`` (rows of 0 left out)."""
    p = target.probability
    return {k: v for k, v in ((fail_id, 1 - p), (ok_id, p)) if v}


def plain_check(
    target: CheckTarget, rng: RandomSource, fail_id: str, ok_id: str, rule: str = _RULE
) -> tuple[list[Step], dict[str, object], str]:
    """R3 One plain check: its steps, ``{target, roll, success}`` and the degree."""
    roll = int(rng.randint(1, D12))
    ok = target.succeeds(roll)
    steps = check_steps(target) + [roll_step(roll, target, ok, rule)]
    return steps, {"target": target, "roll": roll, "success": ok}, ok_id if ok else fail_id


# --------------------------------------------------------------------------- P1 / P2


def characteristic_target(form: CharacteristicCheckForm, options: TierkreisOptions) -> CheckTarget:
    return check_target(form.combatant, form.characteristic, "any", extra_list(form.extra), options)


def characteristic_odds(
    form: CharacteristicCheckForm, options: TierkreisOptions
) -> dict[str, Fraction]:
    """P1 The exact law of a characteristic check."""
    return two_way("failure", "success", characteristic_target(form, options))


def characteristic_resolve(
    form: CharacteristicCheckForm, options: TierkreisOptions, rng: RandomSource
) -> tuple[list[Step], object, str]:
    """P1 One characteristic check."""
    return plain_check(characteristic_target(form, options), rng, "failure", "success")


def _concentration_target(form: ConcentrationForm, options: TierkreisOptions) -> CheckTarget:
    return check_target(form.combatant, "VIT", "any", extra_list(form.extra), options)


def concentration_odds(form: ConcentrationForm, options: TierkreisOptions) -> dict[str, Fraction]:
    """P2 The exact law of the VIT check that keeps a power being activated."""
    return two_way("power_lost", "power_kept", _concentration_target(form, options))


def concentration_resolve(
    form: ConcentrationForm, options: TierkreisOptions, rng: RandomSource
) -> tuple[list[Step], object, str]:
    """P2 «debe hacer un chequeo de VIT» after taking damage while activating a power."""
    return plain_check(
        _concentration_target(form, options),
        rng,
        "power_lost",
        "power_kept",
        "P2 «debe hacer un chequeo de VIT»",
    )
