"""§4.1, §4.2, §4.16 Core Dread's checks as procedures, and the §7.1 check functions.

``CHECKS`` holds the three :class:`~rolkit.system.CheckProcedure`\\ s the System offers
besides the attack:

* ``"check"`` — §4.1 the plain check: attribute (+ difficulty) and skill; success is
  «más aciertos que fallos», 3 hits; degrees are §1.5 «Aciertos → Resultado».
* ``"opposed"`` — §4.2/§1.6 the opposed check: more hits wins, then the higher effective
  attribute; degrees ``lose`` / ``draw`` / ``win`` (``opposed_tie_break="reroll"``
  rolls a full tie again, so ``draw`` has probability 0 unless only a tie is possible).
* ``"healing"`` — §4.16 the Malherido healing check: FOR after the wound penalty, with or
  without medical care; degrees are §1.5 on the hits, the outcome carries the new track.

Each ``odds_fn`` is exact over the degrees (integer weights, one ``Fraction`` per degree)
and each ``resolve_fn`` records its steps and draws through ``rng.randint`` only, so
``procedure.resolve(form, seed=s)`` replays. Both reroll policies come from the options.
The §7.1 pure functions of a single roll live in :mod:`..rules.rolls`.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from rolkit import fields
from rolkit.dice import RandomSource
from rolkit.model import Degree, Step
from rolkit.system import CheckProcedure
from rolkit.systems.core_dread.checks.forms import CheckForm, HealingCheckForm, OpposedCheckForm
from rolkit.systems.core_dread.messages import cite, value_key
from rolkit.systems.core_dread.options import CoreDreadOptions
from rolkit.systems.core_dread.rules.healing import HealingCheck, malherido_check
from rolkit.systems.core_dread.rules.laws import DICE, denominator, joint_weights
from rolkit.systems.core_dread.rules.pools import Pool, effective_parts, make_pool
from rolkit.systems.core_dread.rules.rolls import (
    CheckRoll,
    apply_rerolls,
    check_success_probability,
    count_hits,
    degree_of_success,
    effective_attribute,
    hits_distribution,
    opposed_check,
    opposed_side,
    roll_check,
    roll_distribution,
)
from rolkit.systems.core_dread.rules.wounds import wound_penalty
from rolkit.systems.core_dread.tables import DEGREES, LEVELS

__all__ = [
    "CHECKS",
    "PLAIN_CHECK",
    "OPPOSED_CHECK",
    "HEALING_CHECK",
    "SUCCESS_DEGREES",
    "OPPOSED_DEGREES",
    "OpposedRoll",
    "plain_check_odds",
    "plain_check_resolve",
    "opposed_check_odds",
    "opposed_check_resolve",
    "healing_check_odds",
    "healing_check_resolve",
    # §7.1, from .rolls
    "CheckRoll",
    "effective_attribute",
    "count_hits",
    "apply_rerolls",
    "roll_check",
    "roll_distribution",
    "hits_distribution",
    "check_success_probability",
    "degree_of_success",
    "opposed_check",
]

#: «más aciertos que fallos» (§1.1.5).
MIN_HITS = 3

#: §1.5 Aciertos → Resultado, worst → best; the three «Éxito» degrees succeed.
SUCCESS_DEGREES: tuple[Degree, ...] = tuple(
    Degree(degree, (es, en), success=hits >= MIN_HITS) for hits, degree, es, en in reversed(DEGREES)
)
#: §1.6 The opposed check seen from the first side, worst → best.
OPPOSED_DEGREES: tuple[Degree, ...] = (
    Degree("lose", ("Pierde", "Pierde (loses)"), success=False),
    Degree("draw", ("Empate", "Empate (draw)"), success=False),
    Degree("win", ("Gana", "Gana (wins)"), success=True),
)


def degree_law(attribute: int, skill: int, options: CoreDreadOptions) -> dict[str, Fraction]:
    """§1.5 The exact law of the degree of one roll (zero degrees included, as 0)."""
    weights = {d.id: 0 for d in SUCCESS_DEGREES}
    for (hits, spectacular), w in joint_weights(attribute, skill, options.reroll_policy):
        weights[degree_of_success(hits, DICE if spectacular else 0, options)] += w
    total = denominator(skill)
    return {d: Fraction(w, total) for d, w in weights.items()}


def effective_check_step(pool: Pool, label: str = "cd.step.effective.check") -> Step:
    """§1.2 The effective attribute of a check (base, each modifier, the 0–9 limit)."""
    derived, rule = effective_parts(pool)
    return Step(label, (), derived, rule)


def check_pool(attribute: int, skill: int, difficulty: int, source: str = "base_check") -> Pool:
    """§1.2 A check's pool: the attribute with its difficulty, and the skill."""
    return make_pool("attribute", attribute, skill, (("difficulty", difficulty),), source)


def roll_step(label: str, roll: CheckRoll, rule: str, **extra: Any) -> Step:
    """§4.1 The step of one check roll: its faces, hits, degree and rerolls."""
    derived = {**roll.derived(), "degree": f"cd.degree.{roll.degree}", **extra}
    return Step(label, roll.drawn, derived, rule, {"changes": roll.reroll_history})


# --------------------------------------------------------------------------- §4.1 plain
def _plain_attribute(form: CheckForm) -> int:
    return effective_attribute(form.attribute, form.difficulty)


def plain_check_odds(form: CheckForm, options: CoreDreadOptions) -> dict[str, Fraction]:
    """§4.1 The exact law of the degree of a plain check."""
    return degree_law(_plain_attribute(form), form.skill, options)


def plain_check_resolve(
    form: CheckForm, options: CoreDreadOptions, rng: RandomSource
) -> tuple[list[Step], CheckRoll, str]:
    """§4.1 Roll 5 faces, then one per reroll used; the degree by §1.5."""
    pool = check_pool(form.attribute, form.skill, form.difficulty)
    roll = roll_check(pool.attribute, form.skill, rng, MIN_HITS, options)
    step = roll_step("cd.step.check", roll, check_rule(pool, "check"))
    return [effective_check_step(pool), step], roll, roll.degree


def check_rule(pool: Pool, *names: str) -> str:
    """The rule of a check step: what the roll is for, then the skill rerolls if any."""
    return cite(*names, *(("skill",) if pool.skill else ()))


# --------------------------------------------------------------------------- §4.2 opposed
@dataclass(frozen=True)
class OpposedRoll:
    """§4.2 The rolls of an opposed check, round by round (a full tie may be rerolled)."""

    rounds: tuple[tuple[CheckRoll, CheckRoll], ...]
    result: str  # "win" | "draw" | "lose", from the first side


def _opposed_attributes(form: OpposedCheckForm) -> tuple[int, int]:
    return (
        effective_attribute(form.attribute, form.difficulty),
        effective_attribute(form.rival_attribute, form.rival_difficulty),
    )


def opposed_check_odds(form: OpposedCheckForm, options: CoreDreadOptions) -> dict[str, Fraction]:
    """§1.6 Exact ``{lose, draw, win}`` for the first side (via :func:`opposed_check`)."""
    a, b = _opposed_attributes(form)
    law = opposed_check(a, form.skill, b, form.rival_skill, options)
    return {"lose": law["b"], "draw": law["draw"], "win": law["a"]}


#: §1.6 :func:`opposed_side` seen from the first side, as the check's degrees.
_RESULT = {"a": "win", "b": "lose", "draw": "draw"}


def opposed_check_resolve(
    form: OpposedCheckForm, options: CoreDreadOptions, rng: RandomSource
) -> tuple[list[Step], OpposedRoll, str]:
    """§4.2 The first side rolls, then the rival; with ``opposed_tie_break="reroll"`` a full
    tie is rolled again (both sides, same order) unless nothing but a tie can happen."""
    a, b = _opposed_attributes(form)
    can_break = opposed_check(a, form.skill, b, form.rival_skill, options)["draw"] < 1
    steps: list[Step] = [
        effective_check_step(check_pool(form.attribute, form.skill, form.difficulty)),
        effective_check_step(
            check_pool(form.rival_attribute, form.rival_skill, form.rival_difficulty),
            "cd.step.effective.rival",
        ),
    ]
    rounds: list[tuple[CheckRoll, CheckRoll]] = []
    while True:
        mine = roll_check(a, form.skill, rng, MIN_HITS, options)
        theirs = roll_check(b, form.rival_skill, rng, MIN_HITS, options)
        rounds.append((mine, theirs))
        result = _RESULT[opposed_side(mine.hits, theirs.hits, a, b)]
        rule = cite("opposed")
        steps.append(roll_step("cd.step.opposed.side", mine, rule))
        steps.append(roll_step("cd.step.opposed.rival", theirs, rule))
        steps.append(
            Step(
                "cd.step.opposed.result",
                (),
                {"hits": mine.hits, "rival_hits": theirs.hits, "result": value_key(result)},
                cite("opposed", *(("opposed_tie",) if mine.hits == theirs.hits else ())),
            )
        )
        if result != "draw" or options.opposed_tie_break != "reroll" or not can_break:
            return steps, OpposedRoll(tuple(rounds), result), result


# --------------------------------------------------------------------------- §4.16 healing
def _healing_attribute(form: HealingCheckForm, options: CoreDreadOptions) -> int:
    return effective_attribute(form.fortaleza, penalty=_healing_penalty(form, options))


def _healing_penalty(form: HealingCheckForm, options: CoreDreadOptions) -> int:
    return wound_penalty(form.track, form.gore_mode, options)


def healing_check_odds(form: HealingCheckForm, options: CoreDreadOptions) -> dict[str, Fraction]:
    """§4.16 The exact law of the degree of the healing check (FOR after the penalty)."""
    return degree_law(_healing_attribute(form, options), form.skill, options)


def healing_check_resolve(
    form: HealingCheckForm, options: CoreDreadOptions, rng: RandomSource
) -> tuple[list[Step], HealingCheck, str]:
    """§4.16 One FOR check; with care a success turns a Malherido into a Lesionado (if a
    Lesionado box is free), without care a failure adds a Malherido (overflow → death)."""
    attribute = _healing_attribute(form, options)
    penalty = _healing_penalty(form, options)
    term = "gore_penalty" if form.gore_mode else "wound_penalty"
    pool = make_pool("fortaleza", form.fortaleza, form.skill, ((term, -penalty),), "base_healing")
    assert pool.attribute == attribute  # one rule, two callers
    roll = roll_check(attribute, form.skill, rng, MIN_HITS, options)
    track, dead = malherido_check(form.track, roll.hits, form.cared, form.gore_mode, options)
    steps = [
        effective_check_step(pool, "cd.step.effective.healing"),
        roll_step("cd.step.healing", roll, check_rule(pool, "healing")),
        Step(
            "cd.step.healing.track",
            (),
            {
                **dict(zip(LEVELS, track, strict=True)),
                **({"state": value_key("dead")} if dead else {}),
            },
            cite("healing", *(("healing_death",) if dead else ())),
        ),
    ]
    return steps, HealingCheck(attribute, roll.drawn, roll.hits, track, dead), roll.degree


# --------------------------------------------------------------------------- the procedures
PLAIN_CHECK = CheckProcedure(
    id="check",
    label=fields.label("Chequeo", "check"),
    form=CheckForm,
    degrees=SUCCESS_DEGREES,
    odds_fn=plain_check_odds,
    resolve_fn=plain_check_resolve,
)
OPPOSED_CHECK = CheckProcedure(
    id="opposed",
    label=fields.label("Tirada enfrentada", "opposed check"),
    form=OpposedCheckForm,
    degrees=OPPOSED_DEGREES,
    odds_fn=opposed_check_odds,
    resolve_fn=opposed_check_resolve,
)
HEALING_CHECK = CheckProcedure(
    id="healing",
    label=fields.label("Curación de Malherido", "healing check"),
    form=HealingCheckForm,
    degrees=SUCCESS_DEGREES,
    odds_fn=healing_check_odds,
    resolve_fn=healing_check_resolve,
)
CHECKS: dict[str, CheckProcedure[Any, CoreDreadOptions]] = {
    "check": PLAIN_CHECK,
    "opposed": OPPOSED_CHECK,
    "healing": HEALING_CHECK,
}
