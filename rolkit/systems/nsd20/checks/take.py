"""P3 Take 10 / take 20 (``SYSTEM.checks["take"]``): no roll; refused when the situation
forbids it."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rolkit.dice import RandomSource
from rolkit.model import Degree
from rolkit.system import CheckProcedure
from rolkit.systems.nsd20.attack.key import NSd20Step
from rolkit.systems.nsd20.checks.forms import TakeForm
from rolkit.systems.nsd20.messages import CITE
from rolkit.systems.nsd20.options import NSd20Rules
from rolkit.systems.nsd20.rules.check import take_result, take_succeeds

__all__ = ["TAKE", "TAKE_DEGREES"]

TAKE_DEGREES = (
    Degree("fallo", ("Fallo", "Fallo (failure)"), success=False),
    Degree("exito", ("Éxito", "Éxito (success)"), success=True),
)


def _take(form: TakeForm, rules: NSd20Rules) -> tuple[Any, str]:
    result = take_result(
        form.modifier,
        form.mode,  # type: ignore[arg-type]
        under_pressure=form.under_pressure,
        distracted=form.distracted,
        failure_has_consequences=form.failure_has_consequences,
        base_time_rounds=form.base_time_rounds,
    )
    ok = take_succeeds(result, form.mode, form.cd, rules=rules)  # type: ignore[arg-type]
    return result, "exito" if ok else "fallo"


def _take_odds(form: TakeForm, rules: NSd20Rules) -> dict[str, Fraction]:
    _, degree = _take(form, rules)
    return {"fallo": Fraction(degree == "fallo"), "exito": Fraction(degree == "exito")}


def _take_resolve(form: TakeForm, rules: NSd20Rules, rng: RandomSource) -> tuple[Any, Any, str]:
    result, degree = _take(form, rules)
    step = NSd20Step(
        "nsd20.step.take",
        (),
        {
            "mode": form.mode,
            "total": result.total,
            "cd": form.cd,
            "time_rounds": result.time_rounds,
        },
        CITE["take"],
    )
    return [step], result, degree


TAKE = CheckProcedure(
    "take",
    ("Elegir 10 / Elegir 20", "Elegir 10 / Elegir 20 (take 10/20)"),
    TakeForm,
    TAKE_DEGREES,
    _take_odds,
    _take_resolve,
)
