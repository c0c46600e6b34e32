"""P18, P21, P22 Asphyxia (*Asfixia*), intoxication (*Intoxicación*) and a reopened
bleeding (*Sangrado*) as check procedures: plain VIT checks (R3)."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from rolkit.dice import RandomSource
from rolkit.model import Step
from rolkit.systems.tierkreis.checks.forms import (
    AsphyxiaForm,
    BleedingForm,
    IntoxicationForm,
    extra_list,
)
from rolkit.systems.tierkreis.checks.plain import plain_check, two_way
from rolkit.systems.tierkreis.options import TierkreisOptions
from rolkit.systems.tierkreis.rules.adjustments import Adjustment, intrinsic
from rolkit.systems.tierkreis.rules.check import CheckTarget, check_target
from rolkit.systems.tierkreis.rules.hazards import asphyxia_modifier, intoxication_modifier
from rolkit.systems.tierkreis.tables import D12

__all__ = [
    "asphyxia_odds",
    "asphyxia_resolve",
    "intoxication_odds",
    "intoxication_resolve",
    "BLEEDING_RISK_DAYS",
    "bleeding_odds",
    "bleeding_resolve",
]


# --------------------------------------------------------------------------- P18


def _asphyxia_target(form: AsphyxiaForm, options: TierkreisOptions) -> CheckTarget | None:
    mod = asphyxia_modifier(form.combatant.vitality, form.turn)
    if mod is None:
        return None
    extra = [intrinsic(mod, "tierkreis.adj.asphyxia"), *extra_list(form.extra)]
    return check_target(form.combatant, "VIT", "any", extra, options)


def asphyxia_odds(form: AsphyxiaForm, options: TierkreisOptions) -> dict[str, Fraction]:
    """P18 The exact law of one turn without breathing."""
    target = _asphyxia_target(form, options)
    if target is None:
        return {"conscious": Fraction(1)}
    return two_way("unconscious", "conscious", target)


def asphyxia_resolve(
    form: AsphyxiaForm, options: TierkreisOptions, rng: RandomSource
) -> tuple[list[Step], object, str]:
    """P18 One turn without breathing: no check for VIT turns, then the VIT check."""
    target = _asphyxia_target(form, options)
    if target is None:
        step = Step(
            "tierkreis.step.no_check",
            (),
            {"turn": form.turn, "result": "tierkreis.value.success"},
            "P18 «podrá aguantar sin respirar durante tantos turnos como su puntuación de VIT»",
        )
        return [step], {"check": None}, "conscious"
    return plain_check(
        target, rng, "unconscious", "conscious", "P18 «chequeo de VIT … -1 acumulativo»"
    )


# --------------------------------------------------------------------------- P21


def _intoxication_target(form: IntoxicationForm, options: TierkreisOptions) -> CheckTarget:
    extra: Sequence[Adjustment] = [
        intrinsic(intoxication_modifier(form.dose_number), "tierkreis.adj.dose"),
        *extra_list(form.extra),
    ]
    return check_target(form.combatant, "VIT", "any", extra, options)


def intoxication_resolve(
    form: IntoxicationForm, options: TierkreisOptions, rng: RandomSource
) -> tuple[list[Step], object, str]:
    """P21 The VIT check; on a failure, 1d12 more for the hours intoxicated."""
    steps, outcome, degree = plain_check(
        _intoxication_target(form, options),
        rng,
        "intoxicated",
        "unaffected",
        "P21 «chequeo de VIT con un -1 acumulable»",
    )
    if degree == "intoxicated":
        hours = int(rng.randint(1, D12))
        outcome = {**outcome, "hours": hours}
        steps.append(
            Step(
                "tierkreis.step.hours",
                (hours,),
                {"hours": hours},
                "P21 «queda intoxicado durante 1d12 horas»",
            )
        )
    return steps, outcome, degree


def intoxication_odds(form: IntoxicationForm, options: TierkreisOptions) -> dict[str, Fraction]:
    """P21 The exact law of the VIT check after a dose."""
    return two_way("intoxicated", "unaffected", _intoxication_target(form, options))


# --------------------------------------------------------------------------- P22
#: P22 «Si recibe daño y no han pasado 2 semanas desde que fue curado del sangrado anterior».
BLEEDING_RISK_DAYS = 14


def _bleeding_target(form: BleedingForm, options: TierkreisOptions) -> CheckTarget | None:
    if form.mystic_healing or form.days_since_healed >= BLEEDING_RISK_DAYS:
        return None
    return check_target(form.combatant, "VIT", "any", extra_list(form.extra), options)


def bleeding_odds(form: BleedingForm, options: TierkreisOptions) -> dict[str, Fraction]:
    """P22 The exact law of a healed bleeding wound taking damage."""
    target = _bleeding_target(form, options)
    return {"holds": Fraction(1)} if target is None else two_way("reopens", "holds", target)


def bleeding_resolve(
    form: BleedingForm, options: TierkreisOptions, rng: RandomSource
) -> tuple[list[Step], object, str]:
    """P22 The VIT check that keeps a healed bleeding closed (none after 14 days or mystic healing)."""
    target = _bleeding_target(form, options)
    if target is None:
        step = Step(
            "tierkreis.step.no_check",
            (),
            {"result": "tierkreis.value.success"},
            "P22 «Si las heridas son curadas de forma mística … este efecto de herida no aplica»",
        )
        return [step], {"check": None}, "holds"
    return plain_check(
        target,
        rng,
        "reopens",
        "holds",
        "P22 «hace un chequeo de VIT y si lo falla … reanuda el sangrado»",
    )
