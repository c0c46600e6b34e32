"""P2 An opposed check (``SYSTEM.checks["opposed"]``): two d20s, a tie rerolled both
dice (at most :data:`MAX_REROLLS` times) unless ties are allowed."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rolkit.dice import RandomSource
from rolkit.model import Degree
from rolkit.system import CheckProcedure
from rolkit.systems.nsd20.attack.key import NSd20Step
from rolkit.systems.nsd20.checks.forms import OpposedForm
from rolkit.systems.nsd20.messages import CITE
from rolkit.systems.nsd20.options import NSd20Rules
from rolkit.systems.nsd20.rules.opposed import opposed_check, opposed_probability

__all__ = ["OPPOSED", "MAX_REROLLS", "OPPOSED_DEGREES"]

MAX_REROLLS = 1000  # an opposed tie is rerolled; (18/400)^1000 is never reached

OPPOSED_DEGREES = (
    Degree("b", ("Gana B", "Gana B (B wins)"), success=False),
    Degree("tie", ("Empate", "Empate (tie)"), success=False),
    Degree("a", ("Gana A", "Gana A (A wins)"), success=True),
)


def _opposed_odds(form: OpposedForm, rules: NSd20Rules) -> dict[str, Fraction]:
    return opposed_probability(
        form.mod_a,
        form.mod_b,
        ties_allowed=form.ties_allowed,
        score_a=form.score_a,
        score_b=form.score_b,
        rules=rules,
    )


def _opposed_resolve(
    form: OpposedForm, rules: NSd20Rules, rng: RandomSource
) -> tuple[Any, Any, str]:
    steps = []
    for _ in range(MAX_REROLLS):
        na, nb = rng.randint(1, 20), rng.randint(1, 20)
        result = opposed_check(
            na + form.mod_a,
            nb + form.mod_b,
            ties_allowed=form.ties_allowed,
            score_a=form.score_a,
            score_b=form.score_b,
            natural_a=na,
            natural_b=nb,
            rules=rules,
        )
        steps.append(
            NSd20Step(
                "nsd20.step.opposed",
                (na, nb),
                {
                    "total_a": na + form.mod_a,
                    "total_b": nb + form.mod_b,
                    "result": f"nsd20.value.{result}",
                },
                CITE["opposed"],
            )
        )
        if result != "reroll":
            return steps, result, result
    return steps, "tie", "tie"  # pragma: no cover - probability (18/400)^1000


OPPOSED = CheckProcedure(
    "opposed",
    ("Prueba enfrentada", "Prueba enfrentada (opposed check)"),
    OpposedForm,
    OPPOSED_DEGREES,
    _opposed_odds,
    _opposed_resolve,
)
