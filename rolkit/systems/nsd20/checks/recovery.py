"""P15 Recuperación (``SYSTEM.checks["recovery"]``): the Fortaleza test of recovery from
Malherido, Incapacitado or Inconsciente."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rolkit.dice import RandomSource
from rolkit.system import CheckProcedure
from rolkit.systems.nsd20.attack.key import NSd20Step
from rolkit.systems.nsd20.checks.d20 import D20_DEGREES, d20_degree, d20_law
from rolkit.systems.nsd20.checks.forms import RecoveryForm
from rolkit.systems.nsd20.messages import CITE
from rolkit.systems.nsd20.options import NSd20Rules
from rolkit.systems.nsd20.rules.healing import recovery_cd, recovery_check

__all__ = ["RECOVERY"]


def _recovery_odds(form: RecoveryForm, rules: NSd20Rules) -> dict[str, Fraction]:
    cd = recovery_cd(form.condition, form.earlier_failures)  # type: ignore[arg-type]
    counts = d20_law(form.fortitude_total, cd, rules.natural_rules_on_saves)
    return {k: Fraction(c, 20) for k, c in counts.items()}


def _recovery_resolve(
    form: RecoveryForm, rules: NSd20Rules, rng: RandomSource
) -> tuple[Any, Any, str]:
    cd = recovery_cd(form.condition, form.earlier_failures)  # type: ignore[arg-type]
    natural = rng.randint(1, 20)
    total = natural + form.fortitude_total
    degree = d20_degree(natural, total, cd, rules.natural_rules_on_saves)
    _, after = recovery_check(
        natural,
        form.fortitude_total,
        form.condition,  # type: ignore[arg-type]
        form.earlier_failures,
        rules=rules,
    )
    step = NSd20Step(
        "nsd20.step.recovery",
        (natural,),
        {"natural": natural, "total": total, "cd": cd, "margin": total - cd},
        CITE["recovery"],
    )
    return [step], {"natural": natural, "total": total, "cd": cd, "after": after}, degree


RECOVERY = CheckProcedure(
    "recovery",
    ("Recuperación", "Recuperación (recovery)"),
    RecoveryForm,
    D20_DEGREES,
    _recovery_odds,
    _recovery_resolve,
)
