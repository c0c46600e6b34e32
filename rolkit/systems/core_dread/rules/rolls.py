"""§1, §4.1–4.2 One 5d10 roll: effective attribute, hits, rerolls, exact laws, opposed.

Conventions: probabilities are exact ``Fraction``s (one per row of the integer laws of
:mod:`.laws`); randomness is injected (any object with ``randint(a, b)``). A
:class:`CheckRoll` displays itself through :mod:`rolkit.reprs` (:mod:`..view`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from rolkit.errors import check_int
from rolkit.reprs import RichRepr
from rolkit.systems.core_dread.errors import CoreDreadRangeError
from rolkit.systems.core_dread.options import DEFAULT_OPTIONS, CoreDreadOptions
from rolkit.systems.core_dread.rules.laws import (
    DICE,
    SIDES,
    denominator,
    hit_weights,
    joint_weights,
    success_weight,
)
from rolkit.systems.core_dread.tables import DEGREE_BY_HITS

__all__ = [
    "CheckRoll",
    "DICE",
    "effective_attribute",
    "count_hits",
    "apply_rerolls",
    "roll_check",
    "roll_distribution",
    "hits_distribution",
    "check_success_probability",
    "degree_of_success",
    "opposed_check",
    "opposed_side",
]


@dataclass(frozen=True)
class CheckRoll(RichRepr):
    """§4.1 One rolled check.

    ``faces``: the 5 initial faces; ``rerolls``: ``(index, new face)`` in order;
    ``final_faces``: after rerolls; ``natural_hits``/``hits``: before/after rerolls.
    The sequences are lists, as in the spec's signature (and like :func:`apply_rerolls`).
    """

    faces: list[int]
    rerolls: list[tuple[int, int]]
    final_faces: list[int]
    natural_hits: int
    hits: int
    success: bool
    degree: str
    attribute: int = 0
    skill: int = 0
    min_hits: int = 3

    @property
    def drawn(self) -> tuple[int, ...]:
        """Every face in the order drawn (initial five, then each reroll)."""
        return tuple(self.faces) + tuple(f for _, f in self.rerolls)

    @property
    def natural_spectacular(self) -> bool:
        return self.natural_hits == DICE

    @property
    def reroll_history(self) -> str:
        """The rerolls in neutral notation, `` · d2: 7→4`` each (die position, 1-based)."""
        faces = list(self.faces)
        parts = []
        for index, face in self.rerolls:
            parts.append(f" · d{index + 1}: {faces[index]}→{face}")
            faces[index] = face
        return "".join(parts)

    def derived(self) -> dict[str, int]:
        """The numbers a step shows for this roll (keys are ``cd.derived.*`` labels)."""
        return {
            "attribute": self.attribute,
            "skill": self.skill,
            "natural_hits": self.natural_hits,
            "rerolls": len(self.rerolls),
            "hits": self.hits,
        }


def effective_attribute(base: int, difficulty: int = 0, penalty: int = 0, bonus: int = 0) -> int:
    """§1.2 ``clamp(base − penalty + difficulty + bonus, 0, 9)``."""
    for name, v in (("base", base), ("difficulty", difficulty), ("penalty", penalty)):
        check_int(v, -99 if name == "difficulty" else 0, 99, field=name, cls=CoreDreadRangeError)
    check_int(bonus, -99, 99, field="bonus", cls=CoreDreadRangeError)
    return max(0, min(9, base - penalty + difficulty + bonus))


def count_hits(faces: Sequence[int], attribute: int) -> int:
    """§1.1.2 The number of faces in ``1..attribute`` (a 10 is always a miss)."""
    return sum(1 for f in faces if 1 <= f <= attribute and f != SIDES)


def _check_pool(attribute: int, skill: int) -> None:
    check_int(attribute, 0, 9, field="attribute", cls=CoreDreadRangeError)
    check_int(skill, 0, 5, field="skill", cls=CoreDreadRangeError)


def _reroll(
    faces: list[int], attribute: int, skill: int, draw: Callable[[], int | None], policy: str
) -> list[tuple[int, int]]:
    """§1.3 Reroll the leftmost miss, one point at a time; mutate ``faces``; return rerolls."""
    rerolled: set[int] = set()
    done: list[tuple[int, int]] = []
    for _ in range(skill):
        index = next(
            (
                i
                for i, f in enumerate(faces)
                if not 1 <= f <= attribute and (policy == "repeat" or i not in rerolled)
            ),
            None,
        )
        if index is None:
            break
        face = draw()
        if face is None:
            break
        faces[index] = face
        rerolled.add(index)
        done.append((index, face))
    return done


def apply_rerolls(
    faces: Sequence[int],
    attribute: int,
    skill: int,
    reroll_faces: Sequence[int],
    options: CoreDreadOptions = DEFAULT_OPTIONS,
) -> tuple[list[int], int]:
    """§1.3 Deterministic rerolls using ``reroll_faces`` in order.

    Each point replaces the leftmost die showing a miss (under ``once_per_die`` a die
    already rerolled is skipped). Stops when no die can be rerolled, the points run out,
    or ``reroll_faces`` runs out.

    Returns:
        ``(final_faces, rerolls_used)``.
    """
    _check_pool(attribute, skill)
    final = list(faces)
    it = iter(reroll_faces)
    done = _reroll(final, attribute, skill, lambda: next(it, None), options.reroll_policy)
    return final, len(done)


def degree_of_success(
    hits: int, natural_hits: int, options: CoreDreadOptions = DEFAULT_OPTIONS
) -> str:
    """§1.5 One of the six labels; spectacular needs 5 natural hits (G2)."""
    check_int(hits, 0, DICE, field="hits", cls=CoreDreadRangeError)
    check_int(natural_hits, 0, DICE, field="natural_hits", cls=CoreDreadRangeError)
    if hits == DICE and natural_hits < DICE and not options.spectacular_label_from_final_hits:
        return DEGREE_BY_HITS[4]
    return DEGREE_BY_HITS[hits]


def roll_check(
    attribute: int,
    skill: int,
    rng: Any,
    min_hits: int = 3,
    options: CoreDreadOptions = DEFAULT_OPTIONS,
) -> CheckRoll:
    """§4.1 Roll 5d10 (5 faces, then one face per reroll used) with the §1.3 policy."""
    _check_pool(attribute, skill)
    faces = [rng.randint(1, SIDES) for _ in range(DICE)]
    natural = count_hits(faces, attribute)
    final = list(faces)
    rerolls = _reroll(final, attribute, skill, lambda: rng.randint(1, SIDES), options.reroll_policy)
    hits = count_hits(final, attribute)
    return CheckRoll(
        faces=faces,
        rerolls=rerolls,
        final_faces=final,
        natural_hits=natural,
        hits=hits,
        success=hits >= min_hits,
        degree=degree_of_success(hits, natural, options),
        attribute=attribute,
        skill=skill,
        min_hits=min_hits,
    )


def _joint(attribute: int, skill: int, policy: str) -> dict[tuple[int, bool], Fraction]:
    """§1.4 The joint law as Fractions (one per row of the integer law)."""
    total = denominator(skill)
    return {k: Fraction(w, total) for k, w in joint_weights(attribute, skill, policy)}


def roll_distribution(
    attribute: int, skill: int, options: CoreDreadOptions = DEFAULT_OPTIONS
) -> dict[tuple[int, bool], Fraction]:
    """§1.4 The exact joint law of ``(hits, natural_spectacular)`` (zero keys omitted)."""
    _check_pool(attribute, skill)
    return dict(_joint(attribute, skill, options.reroll_policy))


def _hits(attribute: int, skill: int, policy: str) -> tuple[Fraction, ...]:
    """The final-hits marginal as Fractions, 0..5 hits."""
    total = denominator(skill)
    return tuple(Fraction(w, total) for w in hit_weights(attribute, skill, policy))


def hits_distribution(
    attribute: int, skill: int, options: CoreDreadOptions = DEFAULT_OPTIONS
) -> dict[int, Fraction]:
    """The marginal law of the final hits (zero keys omitted)."""
    _check_pool(attribute, skill)
    return {h: p for h, p in enumerate(_hits(attribute, skill, options.reroll_policy)) if p}


def _success(attribute: int, skill: int, min_hits: int, policy: str) -> Fraction:
    return Fraction(success_weight(attribute, skill, min_hits, policy), denominator(skill))


def check_success_probability(
    attribute: int, skill: int, min_hits: int = 3, options: CoreDreadOptions = DEFAULT_OPTIONS
) -> Fraction:
    """§1.1.5 P(hits ≥ min_hits), exact (Appendix A)."""
    _check_pool(attribute, skill)
    check_int(min_hits, 0, DICE, field="min_hits", cls=CoreDreadRangeError)
    return _success(attribute, skill, min_hits, options.reroll_policy)


def opposed_check(
    a_attribute: int,
    a_skill: int,
    b_attribute: int,
    b_skill: int,
    options: CoreDreadOptions = DEFAULT_OPTIONS,
) -> dict[str, Fraction]:
    """§1.6 Exact ``{"a", "b", "draw"}``: more hits wins, then higher effective attribute.

    With ``opposed_tie_break="reroll"`` a full tie is rolled again, so the result is
    ``P(win) / (1 − P(draw))`` and ``draw`` is 0.
    """
    _check_pool(a_attribute, a_skill)
    _check_pool(b_attribute, b_skill)
    ha = hit_weights(a_attribute, a_skill, options.reroll_policy)
    hb = hit_weights(b_attribute, b_skill, options.reroll_policy)
    weights = {"a": 0, "b": 0, "draw": 0}
    for i, wa in enumerate(ha):
        for j, wb in enumerate(hb):
            side = opposed_side(i, j, a_attribute, b_attribute)
            weights[side] += wa * wb
    total = denominator(a_skill) * denominator(b_skill)
    if options.opposed_tie_break == "reroll" and weights["draw"] and weights["draw"] < total:
        # a full tie is rolled again: P(win | not a tie); a certain tie stays a draw
        total -= weights["draw"]
        weights["draw"] = 0
    return {side: Fraction(w, total) for side, w in weights.items()}


def opposed_side(hits_a: int, hits_b: int, attribute_a: int, attribute_b: int) -> str:
    """§1.6 «más aciertos», then «mayor puntuación en el Atributo utilizado»."""
    if (hits_a, attribute_a) > (hits_b, attribute_b):
        return "a"
    if (hits_a, attribute_a) < (hits_b, attribute_b):
        return "b"
    return "draw"
