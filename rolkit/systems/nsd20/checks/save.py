"""§1.1 Prueba de salvación (``SYSTEM.checks["save"]``): d20 + Fortaleza, Reflejos or
Voluntad total against the effect's CD, natural 1/20 as in saves (option
``natural_rules_on_saves``).

T3 Esfuerzo extra: «Bonificador a una prueba: +5 a una sola prueba» (a save is a prueba),
or «Fuerza de Voluntad: Ganas una prueba de salvación extra de Voluntad contra cualquier
efecto que la permita»: when the first Voluntad save fails, a second d20 is rolled and it
decides (G13: only against an effect that allows a save, not Concentración).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rolkit.dice import RandomSource
from rolkit.system import CheckProcedure
from rolkit.systems.nsd20.attack.key import NSd20Step
from rolkit.systems.nsd20.checks.d20 import D20_DEGREES, d20_degree, d20_law
from rolkit.systems.nsd20.checks.forms import SaveForm
from rolkit.systems.nsd20.messages import CITE
from rolkit.systems.nsd20.options import NSd20Rules
from rolkit.systems.nsd20.rules.check import EFFORT_CHECK_BONUS

__all__ = ["SAVE", "save_modifier"]


def save_modifier(form: SaveForm) -> int:
    """The save's total plus the Esfuerzo extra's +5 when that is the benefit chosen."""
    return form.total + (EFFORT_CHECK_BONUS if form.effort == "check_bonus" else 0)


def _save_odds(form: SaveForm, rules: NSd20Rules) -> dict[str, Fraction]:
    counts = d20_law(save_modifier(form), form.cd, rules.natural_rules_on_saves)
    first = {k: Fraction(c, 20) for k, c in counts.items()}
    if form.effort != "will_save":
        return first
    failed = sum(p for d, p in first.items() if not _success(d))
    return {d: (p if _success(d) else 0) + failed * p for d, p in first.items()}


def _success(degree_id: str) -> bool:
    return next(d.success for d in D20_DEGREES if d.id == degree_id)


def _save_resolve(form: SaveForm, rules: NSd20Rules, rng: RandomSource) -> tuple[Any, Any, str]:
    modifier = save_modifier(form)
    steps = []
    rolls = 2 if form.effort == "will_save" else 1
    for i in range(rolls):
        natural = rng.randint(1, 20)
        total = natural + modifier
        degree = d20_degree(natural, total, form.cd, rules.natural_rules_on_saves)
        steps.append(
            NSd20Step(
                "nsd20.step.save_extra" if i else "nsd20.step.save",
                (natural,),
                {"natural": natural, "total": total, "cd": form.cd, "margin": total - form.cd},
                CITE["save_extra" if i else "save"],
            )
        )
        if _success(degree):
            break
    return steps, {"natural": natural, "total": total, "rolls": len(steps)}, degree


SAVE = CheckProcedure(
    "save",
    ("Prueba de salvación", "Prueba de salvación (saving throw)"),
    SaveForm,
    D20_DEGREES,
    _save_odds,
    _save_resolve,
)
