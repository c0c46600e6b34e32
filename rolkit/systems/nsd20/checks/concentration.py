"""P12 Concentración (``SYSTEM.checks["concentration"]``): the Voluntad save against CD
10 + damage."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rolkit.dice import RandomSource
from rolkit.system import CheckProcedure
from rolkit.systems.nsd20.attack.key import NSd20Step
from rolkit.systems.nsd20.checks.d20 import D20_DEGREES, d20_degree, d20_law
from rolkit.systems.nsd20.checks.forms import ConcentrationForm
from rolkit.systems.nsd20.messages import CITE
from rolkit.systems.nsd20.options import NSd20Rules
from rolkit.systems.nsd20.rules.check import EFFORT_CHECK_BONUS
from rolkit.systems.nsd20.rules.progress import concentration_cd

__all__ = ["CONCENTRATION"]


def _concentration_cd(form: ConcentrationForm, rules: NSd20Rules) -> int:
    return concentration_cd(
        form.damage_taken,
        unstable_ground=form.unstable_ground,
        grappled=form.grappled,
        other=form.other,
        rules=rules,
    )


def _concentration_modifier(form: ConcentrationForm) -> int:
    return form.will_total + (EFFORT_CHECK_BONUS if form.extra_effort else 0)


def _concentration_odds(form: ConcentrationForm, rules: NSd20Rules) -> dict[str, Fraction]:
    counts = d20_law(
        _concentration_modifier(form), _concentration_cd(form, rules), rules.natural_rules_on_saves
    )
    return {k: Fraction(c, 20) for k, c in counts.items()}


def _concentration_resolve(
    form: ConcentrationForm, rules: NSd20Rules, rng: RandomSource
) -> tuple[Any, Any, str]:
    cd = _concentration_cd(form, rules)
    natural = rng.randint(1, 20)
    total = natural + _concentration_modifier(form)
    degree = d20_degree(natural, total, cd, rules.natural_rules_on_saves)
    step = NSd20Step(
        "nsd20.step.concentration",
        (natural,),
        {"natural": natural, "total": total, "cd": cd, "margin": total - cd},
        CITE["concentration"],
    )
    return [step], {"natural": natural, "total": total, "cd": cd}, degree


CONCENTRATION = CheckProcedure(
    "concentration",
    ("Concentración", "Concentración (concentration)"),
    ConcentrationForm,
    D20_DEGREES,
    _concentration_odds,
    _concentration_resolve,
)
