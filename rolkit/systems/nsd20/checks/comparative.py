"""§1.5 Prueba comparativa (``SYSTEM.checks["comparative"]``): no roll, the higher value
wins, an Esfuerzo extra (T3) raising a side's value; equal values tie (G11)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rolkit.dice import RandomSource
from rolkit.system import CheckProcedure
from rolkit.systems.nsd20.attack.key import NSd20Step
from rolkit.systems.nsd20.checks.forms import ComparativeForm
from rolkit.systems.nsd20.checks.opposed import OPPOSED_DEGREES
from rolkit.systems.nsd20.messages import CITE
from rolkit.systems.nsd20.options import NSd20Rules
from rolkit.systems.nsd20.rules.opposed import comparative_check, comparative_value

__all__ = ["COMPARATIVE"]


def _compare(form: ComparativeForm) -> tuple[int, int, str]:
    a = comparative_value(form.measure, form.value_a, form.effort_a)
    b = comparative_value(form.measure, form.value_b, form.effort_b)
    return a, b, comparative_check(a, b)


def _comparative_odds(form: ComparativeForm, rules: NSd20Rules) -> dict[str, Fraction]:
    _, _, result = _compare(form)
    return {d.id: Fraction(d.id == result) for d in OPPOSED_DEGREES}


def _comparative_resolve(
    form: ComparativeForm, rules: NSd20Rules, rng: RandomSource
) -> tuple[Any, Any, str]:
    a, b, result = _compare(form)
    step = NSd20Step(
        "nsd20.step.comparative",
        (),
        {"value_a": a, "value_b": b, "result": f"nsd20.value.{result}"},
        CITE["comparative"],
    )
    return [step], {"value_a": a, "value_b": b}, result


COMPARATIVE = CheckProcedure(
    "comparative",
    ("Prueba comparativa", "Prueba comparativa (comparative check)"),
    ComparativeForm,
    OPPOSED_DEGREES,
    _comparative_odds,
    _comparative_resolve,
)
