"""§1.7 Extended, competitive and prepared actions as check procedures (``ACTIONS``).

* ``"extended"`` — *acción extendida*: «se requiere alcanzar un número específico de tiradas
  exitosas», one check per turn (a success is 3+ hits, §1.1.5), within ``turns`` turns. A
  spectacular success (5 natural hits, G2) «podría traducirse en alcanzar el objetivo
  inmediatamente … o contar como dos tiradas exitosas» (the form's ``spectacular``).
  Degrees ``not_done`` / ``done``.
* ``"competitive"`` — both sides roll each turn (the first side, then the rival); «gana el
  personaje que logre primero el número de tiradas exitosas objetivo». Degrees ``lose`` /
  ``none`` (no one finished in time) / ``draw`` / ``win``. When both finish on the same
  turn (the seed is silent) the §1.6 competition rule decides on that turn's rolls: more
  hits, then the higher effective attribute, else a draw.
* ``"prepared"`` — *acción preparada*: the check is made just before its trigger
  («realiza la acción justo antes»); if the trigger does not happen the action is lost
  (degree ``lost``; it may be prepared again). Otherwise the §1.5 degrees of the check.

Odds are exact: integer weights over ``denominator(skill) ** turns`` (a dynamic programme
over the successes so far), one ``Fraction`` per degree.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from rolkit.dice import RandomSource
from rolkit.model import Degree, Step
from rolkit.system import CheckProcedure
from rolkit.systems.core_dread.check_forms import (
    CompetitiveActionForm,
    ExtendedActionForm,
    PreparedActionForm,
)
from rolkit.systems.core_dread.checks import (
    MIN_HITS,
    SUCCESS_DEGREES,
    _check_pool,
    _degree_law,
    _roll_step,
    _rule,
    effective_check_step,
)
from rolkit.systems.core_dread.citations import cite
from rolkit.systems.core_dread.forms import CoreDreadOptions
from rolkit.systems.core_dread.laws import DICE, denominator, joint_weights
from rolkit.systems.core_dread.messages import value_key
from rolkit.systems.core_dread.rolls import CheckRoll, opposed_side, roll_check

__all__ = [
    "ACTIONS",
    "EXTENDED_ACTION",
    "COMPETITIVE_ACTION",
    "PREPARED_ACTION",
    "ActionRolls",
    "progress",
    "extended_odds",
    "competitive_odds",
    "prepared_odds",
]

EXTENDED_DEGREES = (
    Degree("not_done", ("Sin terminar", "Sin terminar (not done in time)"), success=False),
    Degree("done", ("Completada", "Completada (done)"), success=True),
)
COMPETITIVE_DEGREES = (
    Degree("lose", ("Pierde", "Pierde (loses)"), success=False),
    Degree("none", ("Nadie termina", "Nadie termina (no one finishes)"), success=False),
    Degree("draw", ("Empate", "Empate (draw)"), success=False),
    Degree("win", ("Gana", "Gana (wins)"), success=True),
)
PREPARED_DEGREES = (
    Degree("lost", ("Acción perdida", "Acción perdida (action lost)"), success=False),
    *SUCCESS_DEGREES,
)


def progress(hits: int, spectacular: bool, needed: int, rule: str) -> int:
    """§1.7 The successes one check adds: a spectacular success 2 (or all ``needed`` with
    ``"completes"``), another success (3+ hits) 1, a failure 0."""
    if spectacular:
        return needed if rule == "completes" else 2
    return 1 if hits >= MIN_HITS else 0


def _turn_law(attribute: int, skill: int, needed: int, rule: str, policy: str) -> list:
    """One turn's ``(successes added, hits, weight)`` rows over ``denominator(skill)``."""
    return [
        (progress(hits, spec, needed, rule), hits, w)
        for (hits, spec), w in joint_weights(attribute, skill, policy)
    ]


# --------------------------------------------------------------------------- extended
def extended_odds(form: ExtendedActionForm, options: CoreDreadOptions) -> dict[str, Fraction]:
    """§1.7 Exact P(the N successes are reached within the turns)."""
    pool = _check_pool(form.attribute, form.skill, form.difficulty)
    law = _turn_law(
        pool.attribute, form.skill, form.needed, form.spectacular, options.reroll_policy
    )
    den = denominator(form.skill)
    weights = {0: 1}  # successes so far (capped at needed) -> weight over den**turn
    for _ in range(form.turns):
        nxt: dict[int, int] = {}
        for count, w in weights.items():
            if count >= form.needed:
                nxt[count] = nxt.get(count, 0) + w * den
                continue
            for add, _hits, wt in law:
                c = min(form.needed, count + add)
                nxt[c] = nxt.get(c, 0) + w * wt
        weights = nxt
    total = den**form.turns
    done = weights.get(form.needed, 0)
    return {"not_done": Fraction(total - done, total), "done": Fraction(done, total)}


@dataclass(frozen=True)
class ActionRolls:
    """The checks an action rolled, turn by turn (a turn: one roll per side), and its result."""

    turns: tuple[tuple[CheckRoll, ...], ...]
    result: str
    successes: tuple[int, ...]  # per side, at the end


def _turn_step(label: str, roll: CheckRoll, turn: int, total: int, add: int, rule: str) -> Step:
    return Step(
        label,
        roll.drawn,
        {**roll.derived(), "added": add, "successes": total},
        rule,
        {"turn": turn, "changes": roll.reroll_history},
    )


def _rule_of(roll: CheckRoll, pool: Any, base: str) -> str:
    return _rule(pool, base, *(("extended_spectacular",) if roll.natural_hits == DICE else ()))


def extended_resolve(
    form: ExtendedActionForm, options: CoreDreadOptions, rng: RandomSource
) -> tuple[list[Step], ActionRolls, str]:
    """§1.7 One check per turn until the N successes or the last turn."""
    pool = _check_pool(form.attribute, form.skill, form.difficulty)
    steps = [effective_check_step(pool)]
    rolls = []
    total = 0
    for turn in range(1, form.turns + 1):
        roll = roll_check(pool.attribute, form.skill, rng, MIN_HITS, options)
        add = progress(roll.hits, roll.natural_hits == DICE, form.needed, form.spectacular)
        total = min(form.needed, total + add)
        rolls.append((roll,))
        rule = _rule_of(roll, pool, "extended")
        steps.append(_turn_step("cd.step.extended.turn", roll, turn, total, add, rule))
        if total >= form.needed:
            break
    result = "done" if total >= form.needed else "not_done"
    steps.append(
        Step(
            "cd.step.extended.result",
            (),
            {"successes": total, "needed": form.needed, "result": value_key(result)},
            cite("extended"),
        )
    )
    return steps, ActionRolls(tuple(rolls), result, (total,)), result


# --------------------------------------------------------------------------- competitive
def _finish(hits_a: int, hits_b: int, a_done: bool, b_done: bool, att_a: int, att_b: int) -> str:
    """Who wins when at least one side finished this turn (both: §1.6 on this turn)."""
    if a_done and b_done:
        return {"a": "win", "b": "lose", "draw": "draw"}[opposed_side(hits_a, hits_b, att_a, att_b)]
    return "win" if a_done else "lose"


def competitive_odds(form: CompetitiveActionForm, options: CoreDreadOptions) -> dict[str, Fraction]:
    """§1.7 Exact law of a competitive extended action (module docs)."""
    pa = _check_pool(form.attribute, form.skill, form.difficulty)
    pb = _check_pool(form.rival_attribute, form.rival_skill, form.rival_difficulty)
    n, rule, policy = form.needed, form.spectacular, options.reroll_policy
    law_a = _turn_law(pa.attribute, form.skill, n, rule, policy)
    law_b = _turn_law(pb.attribute, form.rival_skill, n, rule, policy)
    den = denominator(form.skill) * denominator(form.rival_skill)
    result = {"lose": 0, "none": 0, "draw": 0, "win": 0}
    states = {(0, 0): 1}  # both still short of n -> weight over den**turn
    for turn in range(1, form.turns + 1):
        later = den ** (form.turns - turn)  # scale a finished row to den**turns
        nxt: dict[tuple[int, int], int] = {}
        for (ca, cb), w in states.items():
            for add_a, hits_a, wa in law_a:
                for add_b, hits_b, wb in law_b:
                    weight = w * wa * wb
                    a, b = ca + add_a, cb + add_b
                    if a >= n or b >= n:
                        who = _finish(hits_a, hits_b, a >= n, b >= n, pa.attribute, pb.attribute)
                        result[who] += weight * later
                    else:
                        nxt[a, b] = nxt.get((a, b), 0) + weight
        states = nxt
    result["none"] = sum(states.values())
    total = den**form.turns
    return {d: Fraction(w, total) for d, w in result.items()}


def competitive_resolve(
    form: CompetitiveActionForm, options: CoreDreadOptions, rng: RandomSource
) -> tuple[list[Step], ActionRolls, str]:
    """§1.7 Each turn the first side rolls, then the rival, until one reaches N."""
    pa = _check_pool(form.attribute, form.skill, form.difficulty)
    pb = _check_pool(form.rival_attribute, form.rival_skill, form.rival_difficulty)
    steps = [
        effective_check_step(pa),
        effective_check_step(pb, "cd.step.effective.rival"),
    ]
    rolls = []
    ca = cb = 0
    result = "none"
    for turn in range(1, form.turns + 1):
        ra = roll_check(pa.attribute, form.skill, rng, MIN_HITS, options)
        rb = roll_check(pb.attribute, form.rival_skill, rng, MIN_HITS, options)
        add_a = progress(ra.hits, ra.natural_hits == DICE, form.needed, form.spectacular)
        add_b = progress(rb.hits, rb.natural_hits == DICE, form.needed, form.spectacular)
        ca, cb = ca + add_a, cb + add_b
        rolls.append((ra, rb))
        steps.append(
            _turn_step(
                "cd.step.competitive.side",
                ra,
                turn,
                min(ca, form.needed),
                add_a,
                _rule_of(ra, pa, "competitive"),
            )
        )
        steps.append(
            _turn_step(
                "cd.step.competitive.rival",
                rb,
                turn,
                min(cb, form.needed),
                add_b,
                _rule_of(rb, pb, "competitive"),
            )
        )
        if ca >= form.needed or cb >= form.needed:
            result = _finish(
                ra.hits, rb.hits, ca >= form.needed, cb >= form.needed, pa.attribute, pb.attribute
            )
            break
    both = ca >= form.needed and cb >= form.needed
    steps.append(
        Step(
            "cd.step.competitive.result",
            (),
            {
                "successes": min(ca, form.needed),
                "rival_successes": min(cb, form.needed),
                "needed": form.needed,
                "result": value_key(result),
            },
            cite("competitive", *(("opposed_tie",) if both else ())),
        )
    )
    return (
        steps,
        ActionRolls(tuple(rolls), result, (min(ca, form.needed), min(cb, form.needed))),
        result,
    )


# --------------------------------------------------------------------------- prepared
def prepared_odds(form: PreparedActionForm, options: CoreDreadOptions) -> dict[str, Fraction]:
    """§1.7 ``lost`` for certain without the trigger; else the check's §1.5 degrees."""
    if not form.triggered:
        return {"lost": Fraction(1), **{d.id: Fraction(0) for d in SUCCESS_DEGREES}}
    pool = _check_pool(form.attribute, form.skill, form.difficulty)
    return {"lost": Fraction(0), **_degree_law(pool.attribute, form.skill, options)}


def prepared_resolve(
    form: PreparedActionForm, options: CoreDreadOptions, rng: RandomSource
) -> tuple[list[Step], CheckRoll | None, str]:
    """§1.7 The trigger, then (if it happened) the check, made just before it."""
    trigger = Step(
        "cd.step.prepared.triggered" if form.triggered else "cd.step.prepared.lost",
        (),
        {},
        cite("prepared"),
    )
    if not form.triggered:
        return [trigger], None, "lost"
    pool = _check_pool(form.attribute, form.skill, form.difficulty)
    roll = roll_check(pool.attribute, form.skill, rng, MIN_HITS, options)
    step = _roll_step("cd.step.check", roll, _rule(pool, "check"))
    return [trigger, effective_check_step(pool), step], roll, roll.degree


# --------------------------------------------------------------------------- procedures
EXTENDED_ACTION = CheckProcedure(
    id="extended",
    label=("Acción extendida", "Acción extendida (extended action)"),
    form=ExtendedActionForm,
    degrees=EXTENDED_DEGREES,
    odds_fn=extended_odds,
    resolve_fn=extended_resolve,
)
COMPETITIVE_ACTION = CheckProcedure(
    id="competitive",
    label=("Acción extendida enfrentada", "Acción extendida enfrentada (competitive action)"),
    form=CompetitiveActionForm,
    degrees=COMPETITIVE_DEGREES,
    odds_fn=competitive_odds,
    resolve_fn=competitive_resolve,
)
PREPARED_ACTION = CheckProcedure(
    id="prepared",
    label=("Acción preparada", "Acción preparada (prepared action)"),
    form=PreparedActionForm,
    degrees=PREPARED_DEGREES,
    odds_fn=prepared_odds,
    resolve_fn=prepared_resolve,
)
ACTIONS: dict[str, CheckProcedure[Any, CoreDreadOptions]] = {
    "extended": EXTENDED_ACTION,
    "competitive": COMPETITIVE_ACTION,
    "prepared": PREPARED_ACTION,
}
