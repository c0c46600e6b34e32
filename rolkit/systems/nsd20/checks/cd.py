"""P1 A check against a CD (``SYSTEM.checks["cd"]``): d20 + modifier with condition
modifiers, improvised tools, an Esfuerzo extra and aid another (§1.6, §1.7); the helpers
roll before the leader."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rolkit.dice import RandomSource
from rolkit.system import CheckProcedure
from rolkit.systems.nsd20.attack.key import NSd20Step
from rolkit.systems.nsd20.checks.d20 import D20_DEGREES, d20_degree, d20_law
from rolkit.systems.nsd20.checks.forms import CDCheckForm
from rolkit.systems.nsd20.messages import CITE
from rolkit.systems.nsd20.options import NSd20Rules
from rolkit.systems.nsd20.rules.aid import AID_CD, aid_another_bonus, aid_bonus_distribution

__all__ = ["CD"]


def _cd_odds(form: CDCheckForm, rules: NSd20Rules) -> dict[str, Fraction]:
    aid = aid_bonus_distribution([form.helper_modifier] * form.helpers, rules=rules)
    out = {d.id: Fraction(0) for d in D20_DEGREES}
    for bonus, p in aid.items():
        counts = d20_law(form.total_modifier + bonus, form.cd, rules.natural_rules_on_checks)
        for degree, c in counts.items():
            out[degree] += p * Fraction(c, 20)
    return out


def _cd_resolve(form: CDCheckForm, rules: NSd20Rules, rng: RandomSource) -> tuple[Any, Any, str]:
    steps = []
    rolls = []
    if form.helpers:
        rolls = [(rng.randint(1, 20), form.helper_modifier) for _ in range(form.helpers)]
        steps.append(
            NSd20Step(
                "nsd20.step.aid",
                tuple(n for n, _ in rolls),
                {"cd": AID_CD, "aid_bonus": aid_another_bonus(rolls, rules=rules)},
                CITE["aid"],
            )
        )
    bonus = aid_another_bonus(rolls, rules=rules)
    natural = rng.randint(1, 20)
    total = natural + form.total_modifier + bonus
    degree = d20_degree(natural, total, form.cd, rules.natural_rules_on_checks)
    steps.append(
        NSd20Step(
            "nsd20.step.check",
            (natural,),
            {
                "natural": natural,
                "modifier": form.total_modifier + bonus,
                "total": total,
                "cd": form.cd,
                "margin": total - form.cd,
            },
            CITE["check"],
        )
    )
    return steps, {"natural": natural, "total": total, "aid_bonus": bonus}, degree


CD = CheckProcedure(
    "cd",
    ("Prueba contra CD", "Prueba contra CD (check vs DC)"),
    CDCheckForm,
    D20_DEGREES,
    _cd_odds,
    _cd_resolve,
)
