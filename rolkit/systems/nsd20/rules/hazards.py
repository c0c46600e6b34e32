"""P17 Hazards entered as final damage.

NSd20 has no hazard rules; a game master enters the hazard's damage as final damage
through P7–P10 (RD only where the armour plausibly protects). :func:`hazard_outcomes`
gives the exact law of what that damage leaves, :func:`apply_hazard` one seeded result.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction

from rolkit.errors import check_int
from rolkit.systems.nsd20.errors import NSd20InputError
from rolkit.systems.nsd20.forms import Combatant
from rolkit.systems.nsd20.options import DEFAULT_RULES, NSd20Rules
from rolkit.systems.nsd20.rules.derived import (
    fortitude_total,
    serious_wound_threshold,
    wound_penalty,
)
from rolkit.systems.nsd20.rules.wounds import (
    band_of,
    fate,
    massive_band_counts,
    massive_damage_margin,
    stun_after,
    stunned_by,
    update_wound_state,
    wound_change,
)

__all__ = ["HazardResult", "hazard_outcomes", "apply_hazard"]


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
        final = check_int(final, 0, 100_000, field="damage", cls=NSd20InputError)
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
    check_int(damage, 0, 100_000, field="damage", cls=NSd20InputError)
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
        stabilised=defender.stabilised and not damage,
    )
    return HazardResult(
        damage=damage,
        massive=massive,
        natural=natural,
        wound=wound_change(damage, defender.wound_state, new),
        fate=fate(new, pr_after, defender.fatigue, rules, defender.stabilised and not damage),
        defender_after=after,
    )
