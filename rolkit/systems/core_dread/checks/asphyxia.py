"""§4.15 Asphyxia («asfixia») as a check procedure: the breath taken beforehand.

The seed: «puede resistir una cantidad de turnos igual a su puntaje de Fortaleza antes de
perder la vida. Si el personaje logró tomar aire con antelación (por ejemplo, para bucear),
realiza una tirada de Fortaleza y puede aguantar una cantidad de turnos adicionales igual a
la cantidad de aciertos de la tirada.» Every hit counts (there is no 3-hit success here):
the degrees are the extra turns, 0 to 5; the outcome is ``N`` = Fortaleza + hits (the
character dies on turn ``N + 1`` without air). The roll is Fortaleza with the wound penalty
(§4.11); ``N`` uses base Fortaleza (G13, option ``penalties_affect_derived``).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rolkit import fields
from rolkit.dice import RandomSource
from rolkit.model import Degree, Step
from rolkit.system import CheckProcedure
from rolkit.systems.core_dread.checks.forms import AsphyxiaForm
from rolkit.systems.core_dread.checks.procedures import check_rule, effective_check_step
from rolkit.systems.core_dread.messages import cite
from rolkit.systems.core_dread.options import CoreDreadOptions
from rolkit.systems.core_dread.rules.hazards import asphyxia_turns
from rolkit.systems.core_dread.rules.laws import denominator, hit_weights
from rolkit.systems.core_dread.rules.pools import Pool, make_pool
from rolkit.systems.core_dread.rules.rolls import effective_attribute, roll_check
from rolkit.systems.core_dread.rules.wounds import wound_penalty

__all__ = ["ASPHYXIA", "ASPHYXIA_DEGREES", "asphyxia_odds", "asphyxia_resolve", "air_turns"]

ASPHYXIA_DEGREES = tuple(
    Degree(
        f"extra_{n}",
        (f"+{n} turnos de aire", f"+{n} turnos de aire (+{n} turns of air)"),
        success=n > 0,
    )
    for n in range(6)
)


def _pool(form: AsphyxiaForm, options: CoreDreadOptions) -> Pool:
    penalty = wound_penalty(form.track, False, options)
    terms = (("wound_penalty", -penalty),) if penalty else ()
    return make_pool("fortaleza", form.fortaleza, form.skill, terms, "base_asphyxia")


def air_turns(form: AsphyxiaForm, hits: int, options: CoreDreadOptions) -> int:
    """§4.15 ``N`` = Fortaleza (base, G13; effective with ``penalties_affect_derived``) +
    the breath check's hits."""
    fortaleza = form.fortaleza
    if options.penalties_affect_derived:
        fortaleza = effective_attribute(
            fortaleza, penalty=wound_penalty(form.track, False, options)
        )
    return asphyxia_turns(fortaleza, hits)


def asphyxia_odds(form: AsphyxiaForm, options: CoreDreadOptions) -> dict[str, Fraction]:
    """§4.15 The exact law of the extra turns (the final hits of one Fortaleza roll)."""
    pool = _pool(form, options)
    weights = hit_weights(pool.attribute, form.skill, options.reroll_policy)
    total = denominator(form.skill)
    return {f"extra_{h}": Fraction(w, total) for h, w in enumerate(weights)}


def asphyxia_resolve(
    form: AsphyxiaForm, options: CoreDreadOptions, rng: RandomSource
) -> tuple[list[Step], int, str]:
    """§4.15 One Fortaleza roll (5 faces, then the rerolls); the outcome is ``N``."""
    pool = _pool(form, options)
    roll = roll_check(pool.attribute, form.skill, rng, 3, options)
    turns = air_turns(form, roll.hits, options)
    steps = [
        effective_check_step(pool),
        # every hit counts here: the step shows the hits, not a §1.5 degree
        Step(
            "cd.step.asphyxia",
            roll.drawn,
            roll.derived(),
            check_rule(pool, "asphyxia"),
            {"changes": roll.reroll_history},
        ),
        Step("cd.step.asphyxia.turns", (), {"turns": turns, "dies": turns + 1}, cite("asphyxia")),
    ]
    return steps, turns, f"extra_{roll.hits}"


ASPHYXIA: CheckProcedure[Any, CoreDreadOptions] = CheckProcedure(
    id="asphyxia",
    label=fields.label("Aguantar la respiración", "holding one's breath"),
    form=AsphyxiaForm,
    degrees=ASPHYXIA_DEGREES,
    odds_fn=asphyxia_odds,
    resolve_fn=asphyxia_resolve,
)
