"""P15 Recovery outside combat and P17 hazards entered as final damage.

P15 [NSd20 S6]: each day a character recovers PR equal to its Fortaleza total
(Malherido: half, rounded down, G14; Incapacitado: none). Malherido: a Fortaleza CD 15
test per day of rest, +1 per earlier failure, success clears Malherido; Incapacitado: the
same each week, success turns it into Malherido; Inconsciente: Fortaleza CD 10 each minute.

P17: NSd20 has no hazard rules; a game master enters the hazard's damage as final damage
through P7–P10 (RD only where the armour plausibly protects). :func:`hazard_outcomes`
gives the exact law of what that damage leaves, :func:`apply_hazard` one seeded result.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Literal

from rolkit.systems.nsd20.core import natural_success
from rolkit.systems.nsd20.derived import fortitude_total, serious_wound_threshold, wound_penalty
from rolkit.systems.nsd20.errors import check_choice, check_int
from rolkit.systems.nsd20.forms import Combatant
from rolkit.systems.nsd20.options import DEFAULT_RULES, NSd20Rules
from rolkit.systems.nsd20.wounds import (
    band_of,
    fate,
    massive_band_counts,
    massive_damage_margin,
    stun_after,
    stunned_by,
    update_wound_state,
    wound_change,
)

__all__ = [
    "RECOVERY_CONDITIONS",
    "RECOVERY_INTERVAL",
    "daily_pr_recovery",
    "recovery_cd",
    "recovery_check",
    "recovery_probability",
    "HazardResult",
    "hazard_outcomes",
    "apply_hazard",
]

Condition = Literal["malherido", "incapacitado", "inconsciente"]
RECOVERY_CONDITIONS = ("malherido", "incapacitado", "inconsciente")
#: P15 How often the recovery test is made.
RECOVERY_INTERVAL = {"malherido": "day", "incapacitado": "week", "inconsciente": "minute"}
_BASE_CD = {"malherido": 15, "incapacitado": 15, "inconsciente": 10}
_AFTER_SUCCESS = {"malherido": "none", "incapacitado": "malherido", "inconsciente": "conscious"}


def daily_pr_recovery(character: Combatant, rules: NSd20Rules = DEFAULT_RULES) -> int:
    """P15 PR recovered by a day of rest: Fortaleza total; half (down) if Malherido;
    none if Incapacitado or Moribundo. Never negative; never above the maximum."""
    base = max(0, fortitude_total(character, rules))
    if character.wound_state == "malherido":
        base //= 2
    elif character.wound_state in ("incapacitado", "moribundo"):
        base = 0
    return max(0, min(base, character.pr_max - character.pr))


def recovery_cd(condition: Condition, earlier_failures: int = 0) -> int:
    """P15 CD 15 (+1 per earlier failure) for Malherido/Incapacitado; CD 10 Inconsciente."""
    check_choice("condition", condition, RECOVERY_CONDITIONS)
    check_int("earlier_failures", earlier_failures, 0, 1000)
    extra = earlier_failures if condition != "inconsciente" else 0
    return _BASE_CD[condition] + extra


def recovery_check(
    natural: int,
    fortitude: int,
    condition: Condition,
    earlier_failures: int = 0,
    *,
    rules: NSd20Rules = DEFAULT_RULES,
) -> tuple[bool, str]:
    """P15 ``(success, condition after)``: Malherido → none, Incapacitado → Malherido,
    Inconsciente → ``"conscious"``; a failure leaves the condition as it is."""
    check_int("natural", natural, 1, 20)
    cd = recovery_cd(condition, earlier_failures)
    success, _ = natural_success(natural, natural + fortitude, cd, rules.natural_rules_on_saves)
    return success, (_AFTER_SUCCESS[condition] if success else condition)


def recovery_probability(
    fortitude: int,
    condition: Condition,
    earlier_failures: int = 0,
    *,
    rules: NSd20Rules = DEFAULT_RULES,
) -> Fraction:
    """P15 Exact P(the recovery test succeeds)."""
    wins = sum(
        recovery_check(n, fortitude, condition, earlier_failures, rules=rules)[0]
        for n in range(1, 21)
    )
    return Fraction(wins, 20)


# --------------------------------------------------------------------------- hazards
@dataclass(frozen=True)
class HazardResult:
    """P17 What a hazard's final damage left: the §6 wound change and the defender after."""

    damage: int
    massive: bool
    natural: int | None
    wound: str
    fate: str | None
    defender_after: Combatant


def _hazard_setup(defender: Combatant, save_misc: int, rules: NSd20Rules) -> tuple[int, int | None]:
    save = fortitude_total(defender, rules) + save_misc - wound_penalty(defender, rules)
    return save, serious_wound_threshold(defender, rules)


def hazard_outcomes(
    defender: Combatant,
    damage: int | Mapping[int, Fraction],
    *,
    fortitude_save_misc: int = 0,
    rules: NSd20Rules = DEFAULT_RULES,
) -> dict[str, Fraction]:
    """P17 Exact law of the §6 wound change a hazard leaves (``damage``: one final damage,
    or its exact law, e.g. ``parse("2d6").distribution()``), through P8–P10."""
    law = {damage: Fraction(1)} if isinstance(damage, int) else dict(damage)
    save, threshold = _hazard_setup(defender, fortitude_save_misc, rules)
    out: dict[str, Fraction] = {}
    for final, p in law.items():
        final = check_int("damage", final, 0, 100_000)
        massive = final > 0 and threshold is not None and final >= threshold
        bands = (
            massive_band_counts(save, final, rules.natural_rules_on_saves)
            if massive
            else (("none", 20),)
        )
        for band, faces in bands:
            new = update_wound_state(defender.wound_state, band, defender.pr - final, rules)
            key = wound_change(final, defender.wound_state, new)
            out[key] = out.get(key, Fraction(0)) + p * Fraction(faces, 20)
    return out


def apply_hazard(
    defender: Combatant,
    damage: int,
    rng: object,
    *,
    fortitude_save_misc: int = 0,
    rules: NSd20Rules = DEFAULT_RULES,
) -> HazardResult:
    """P17 One hazard of ``damage`` final damage; the Daño masivo d20 drawn with
    ``rng.randint(1, 20)`` only if the damage reaches the threshold."""
    check_int("damage", damage, 0, 100_000)
    save, threshold = _hazard_setup(defender, fortitude_save_misc, rules)
    massive = damage > 0 and threshold is not None and damage >= threshold
    natural = rng.randint(1, 20) if massive else None  # type: ignore[attr-defined]
    band = "none"
    if natural is not None:
        band = band_of(massive_damage_margin(natural, save, damage, rules.natural_rules_on_saves))
    pr_after = defender.pr - damage
    new = (
        update_wound_state(defender.wound_state, band, pr_after, rules)
        if damage
        else (defender.wound_state)
    )
    stunned, stun_left = stun_after(defender, stunned_by(band, rules))
    after = replace(
        defender,
        pr_current=max(-999, pr_after),
        wound_state=new,
        stunned=stunned,
        stun_rounds_left=stun_left,
    )
    return HazardResult(
        damage=damage,
        massive=massive,
        natural=natural,
        wound=wound_change(damage, defender.wound_state, new),
        fate=fate(new, pr_after, defender.fatigue, rules),
        defender_after=after,
    )
