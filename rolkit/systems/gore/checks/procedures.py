"""§3 P1–P3 The G.O.R.E. checks as :class:`rolkit.system.CheckProcedure`\\ s: a skill check
(P1), a characteristic check ×N (P2, §1.5), an opposition roll (P3, §1.6) and first aid
(*Primeros Auxilios*, P13.4 «si recibe atención médica como los primeros auxilios desde
antes de que acabe el turno siguiente y es estabilizado con éxito»; T9 «a menos que …
ayuda médica o de Primeros Auxilios se aplique»; P13.6 «pierde el conocimiento hasta que
tenga 3 o reciba ayuda»): a P1 check of the healer's *Primeros Auxilios* (or *Medicina*)
plus a GM modifier, with the §1.2 degrees but no impale.

Each is one d100 against a target, classified by §1.2 into the five degrees *Pifia* <
*Fallo* < *Éxito* < *Crítico* < *Empalar* (only an impaling attack impales, §1.4). The
odds are exact over the 100 faces (:func:`..rules.checks.tier_counts`); a roll records one step
(the target, the critical range, the face, the degree) and is replayable from its seed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from rolkit.dice import RandomSource
from rolkit.model import Degree, Step
from rolkit.system import CheckProcedure

from ..messages import CHECK_LABELS, TIER_LABELS, plain
from ..options import DEFAULT, GoreOptions
from ..rules.checks import check_tier, crit_range, opposition_chance, tier_counts
from .forms import CharacteristicCheckForm, FirstAidForm, ResistanceForm, SkillCheckForm

__all__ = [
    "CheckRoll",
    "check_law",
    "roll_check",
    "DEGREES",
    "SKILL_CHECK",
    "CHARACTERISTIC_CHECK",
    "RESISTANCE_CHECK",
    "FIRST_AID_CHECK",
    "CHECKS",
]

#: §1.2 / §1.4 the degrees of a d100 check, worst → best.
DEGREES = tuple(
    Degree(tier, TIER_LABELS[tier], success=tier not in ("pifia", "fallo"))
    for tier in ("pifia", "fallo", "exito", "critico", "empalar")
)


@dataclass(frozen=True)
class CheckRoll:
    """One d100 check: the face, the target, the highest critical face and the degree."""

    roll: int
    target: int
    crit_max: int
    degree: str


def check_law(target: int, impaling: bool, options: GoreOptions | None) -> dict[str, Fraction]:
    """§1.2 The exact law of one d100 check over the degrees (Empalar only if impaling)."""
    counts = dict(tier_counts(target, impaling, None, options or DEFAULT))
    return {d.id: Fraction(counts.get(d.id, 0), 100) for d in DEGREES}


def roll_check(
    target: int,
    impaling: bool,
    options: GoreOptions | None,
    rng: RandomSource,
    derived: Mapping[str, Any],
    rule: str,
) -> tuple[list[Step], CheckRoll, str]:
    """§1.2 One explained d100 check: one step (target, critical range, face, degree)."""
    opts = options or DEFAULT
    roll = rng.randint(1, 100)
    degree = check_tier(roll, target, impaling, opts)
    cmax = crit_range(target, opts)
    shown = {
        **derived,
        "target": target,
        "crit_max": cmax,
        "roll": roll,
        "result": f"gore.tier.{degree}",
    }
    return (
        [Step("gore.step.check", (roll,), shown, plain(rule))],
        CheckRoll(roll, target, cmax, degree),
        degree,
    )


_RULE_12 = (
    "§1.2 «Si un personaje consigue un resultado igual o inferior a la Habilidad que está "
    "usando tiene éxito»"
)


def _skill_target(form: SkillCheckForm) -> int:
    return form.skill + form.modifier


def _skill_odds(form: SkillCheckForm, options: GoreOptions | None) -> dict[str, Fraction]:
    return check_law(_skill_target(form), form.impaling, options)


def _skill_resolve(
    form: SkillCheckForm, options: GoreOptions | None, rng: RandomSource
) -> tuple[list[Step], CheckRoll, str]:
    derived = {"skill": form.skill, "modifier": form.modifier}
    return roll_check(_skill_target(form), form.impaling, options, rng, derived, "P1, " + _RULE_12)


def _char_target(form: CharacteristicCheckForm) -> int:
    return form.value * form.multiplier + form.modifier


def _char_odds(form: CharacteristicCheckForm, options: GoreOptions | None) -> dict[str, Fraction]:
    return check_law(_char_target(form), False, options)


def _char_resolve(
    form: CharacteristicCheckForm, options: GoreOptions | None, rng: RandomSource
) -> tuple[list[Step], CheckRoll, str]:
    derived = {
        "characteristic": form.value,
        "multiplier": f"×{form.multiplier}",
        "modifier": form.modifier,
    }
    return roll_check(
        _char_target(form),
        False,
        options,
        rng,
        derived,
        "P2, §1.5: característica × N (×5 por defecto [BRP])",
    )


def _resist_target(form: ResistanceForm) -> int:
    return opposition_chance(form.active, form.passive)


def _resist_odds(form: ResistanceForm, options: GoreOptions | None) -> dict[str, Fraction]:
    return check_law(_resist_target(form), False, options)


def _resist_resolve(
    form: ResistanceForm, options: GoreOptions | None, rng: RandomSource
) -> tuple[list[Step], CheckRoll, str]:
    derived = {"active": form.active, "passive": form.passive}
    rule = (
        "P3, §1.6 «El expuesto debe hacer un chequeo de su CON contra la POT»: "
        "50 + 5 × (activa − pasiva)"
    )
    return roll_check(_resist_target(form), False, options, rng, derived, rule)


def _first_aid_target(form: FirstAidForm) -> int:
    return form.skill + form.modifier


def _first_aid_odds(form: FirstAidForm, options: GoreOptions | None) -> dict[str, Fraction]:
    law = check_law(_first_aid_target(form), False, options)
    return {k: p for k, p in law.items() if k != "empalar"}  # only attacks impale


def _first_aid_resolve(
    form: FirstAidForm, options: GoreOptions | None, rng: RandomSource
) -> tuple[list[Step], CheckRoll, str]:
    derived = {"skill": form.skill, "modifier": form.modifier}
    rule = (
        "«Herida mortal»: «si recibe atención médica como los primeros auxilios … y es "
        "estabilizado con éxito»"
    )
    return roll_check(_first_aid_target(form), False, options, rng, derived, rule)


SKILL_CHECK: CheckProcedure[SkillCheckForm, GoreOptions] = CheckProcedure(
    id="skill",
    label=CHECK_LABELS["skill"],
    form=SkillCheckForm,
    degrees=DEGREES,
    odds_fn=_skill_odds,
    resolve_fn=_skill_resolve,
)
CHARACTERISTIC_CHECK: CheckProcedure[CharacteristicCheckForm, GoreOptions] = CheckProcedure(
    id="characteristic",
    label=CHECK_LABELS["characteristic"],
    form=CharacteristicCheckForm,
    degrees=DEGREES,
    odds_fn=_char_odds,
    resolve_fn=_char_resolve,
)
RESISTANCE_CHECK: CheckProcedure[ResistanceForm, GoreOptions] = CheckProcedure(
    id="resistance",
    label=CHECK_LABELS["resistance"],
    form=ResistanceForm,
    degrees=DEGREES,
    odds_fn=_resist_odds,
    resolve_fn=_resist_resolve,
)
FIRST_AID_CHECK: CheckProcedure[FirstAidForm, GoreOptions] = CheckProcedure(
    id="first_aid",
    label=CHECK_LABELS["first_aid"],
    form=FirstAidForm,
    degrees=DEGREES[:4],
    odds_fn=_first_aid_odds,
    resolve_fn=_first_aid_resolve,
)
#: The checks ``SYSTEM`` offers besides the attack.
CHECKS: dict[str, CheckProcedure[Any, GoreOptions]] = {
    "skill": SKILL_CHECK,
    "characteristic": CHARACTERISTIC_CHECK,
    "resistance": RESISTANCE_CHECK,
    "first_aid": FIRST_AID_CHECK,
}
