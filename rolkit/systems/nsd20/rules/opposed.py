"""P2 Opposed checks (Pruebas enfrentadas) and §1.5 comparative checks.

Seed: «Aquél que consiga el resultado más alto gana»; a tie is a draw where the task
allows one, else both reroll (S10: or the higher characteristic wins, an option). Exact
probabilities count the 400 pairs of d20.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Literal

from rolkit.errors import check_choice, check_int
from rolkit.memo import memo
from rolkit.systems.nsd20.errors import NSd20InputError
from rolkit.systems.nsd20.options import DEFAULT_RULES, NSd20Rules
from rolkit.systems.nsd20.rules.check import BIG, EFFORT_CHECK_BONUS
from rolkit.systems.nsd20.tables import EFFORT_BENEFITS

__all__ = ["opposed_check", "opposed_probability", "comparative_check", "comparative_value"]


def _natural_winner(natural_a: int | None, natural_b: int | None) -> str | None:
    """G2 (option on): a natural 20 beats any other die, a natural 1 loses to any other."""
    if natural_a is None or natural_b is None or natural_a == natural_b:
        return None
    if 20 in (natural_a, natural_b):
        return "a" if natural_a == 20 else "b"
    if 1 in (natural_a, natural_b):
        return "b" if natural_a == 1 else "a"
    return None


def opposed_check(
    total_a: int,
    total_b: int,
    *,
    ties_allowed: bool,
    score_a: int | None = None,
    score_b: int | None = None,
    natural_a: int | None = None,
    natural_b: int | None = None,
    rules: NSd20Rules = DEFAULT_RULES,
) -> Literal["a", "b", "tie", "reroll"]:
    """P2 Higher total wins; on a tie: ``"tie"`` if allowed, else reroll (policy-dependent).

    Under ``opposed_tie_policy="higher_score_then_reroll"`` the higher characteristic
    score wins a tie (S10), and ``"reroll"`` only if those tie too. The naturals are read
    only when ``natural_rules_in_opposed`` is set (G2).
    """
    check_int(total_a, -BIG, BIG, field="total_a", cls=NSd20InputError)
    check_int(total_b, -BIG, BIG, field="total_b", cls=NSd20InputError)
    if rules.natural_rules_in_opposed:
        winner = _natural_winner(natural_a, natural_b)
        if winner is not None:
            return winner  # type: ignore[return-value]
    if total_a != total_b:
        return "a" if total_a > total_b else "b"
    if ties_allowed:
        return "tie"
    by_score = rules.opposed_tie_policy == "higher_score_then_reroll"
    if by_score and score_a is not None and score_b is not None and score_a != score_b:
        return "a" if score_a > score_b else "b"
    return "reroll"


@memo
def _opposed_counts(diff: int, natural_rules: bool) -> tuple[int, int, int]:
    """(A wins, B wins, tie) over the 400 pairs of d20 when A's modifier exceeds B's by diff."""
    a = b = tie = 0
    for na in range(1, 21):
        for nb in range(1, 21):
            winner = _natural_winner(na, nb) if natural_rules else None
            if winner is None:
                winner = "a" if na + diff > nb else "b" if na + diff < nb else "tie"
            a += winner == "a"
            b += winner == "b"
            tie += winner == "tie"
    return a, b, tie


def opposed_probability(
    mod_a: int,
    mod_b: int,
    *,
    ties_allowed: bool,
    score_a: int | None = None,
    score_b: int | None = None,
    rules: NSd20Rules = DEFAULT_RULES,
) -> dict[str, Fraction]:
    """P2 Exact ``{"a", "b", "tie"}`` of an opposed check, rerolls resolved.

    Ties not allowed: P(A wins) = P(A>B) / (P(A>B) + P(B>A)) (a reroll repeats until the
    tie breaks); with the S10 policy and unequal scores the tie goes to the higher score.
    """
    check_int(mod_a, -BIG, BIG, field="mod_a", cls=NSd20InputError)
    check_int(mod_b, -BIG, BIG, field="mod_b", cls=NSd20InputError)
    a, b, tie = _opposed_counts(mod_a - mod_b, rules.natural_rules_in_opposed)
    if ties_allowed:
        return {"a": Fraction(a, 400), "b": Fraction(b, 400), "tie": Fraction(tie, 400)}
    policy_scores = rules.opposed_tie_policy == "higher_score_then_reroll"
    if policy_scores and None not in (score_a, score_b) and score_a != score_b:
        if score_a > score_b:  # type: ignore[operator]
            a += tie
        else:
            b += tie
        return {"a": Fraction(a, 400), "b": Fraction(b, 400), "tie": Fraction(0)}
    if a + b == 0:  # pragma: no cover - impossible with two d20
        return {"a": Fraction(0), "b": Fraction(0), "tie": Fraction(1)}
    return {"a": Fraction(a, a + b), "b": Fraction(b, a + b), "tie": Fraction(0)}


def comparative_check(score_a: int, score_b: int) -> Literal["a", "b", "tie"]:
    """§1.5 No roll: «el personaje con la puntuación más alta gana automáticamente» (G11)."""
    check_int(score_a, -BIG, BIG, field="score_a", cls=NSd20InputError)
    check_int(score_b, -BIG, BIG, field="score_b", cls=NSd20InputError)
    if score_a == score_b:
        return "tie"
    return "a" if score_a > score_b else "b"


#: §1.5 The measures a comparative check compares (their units: points, kg, m, cm).
MEASURES = ("score", "carry", "speed", "jump")


def comparative_value(measure: str, value: int, extra_effort: bool) -> int:
    """§1.5, T3 The value a side compares: with an Esfuerzo extra, the seed's benefit for
    that measure — «La capacidad de carga … se dobla» (×2), «+3 metros a su Velocidad»,
    «incrementa en un metro tu distancia de salto» (+100 cm) — and, for a plain score, the
    «+5 a una sola prueba» (a comparative check is a prueba; in the d20 SRD +5 Fuerza is
    also twice the carrying capacity). Seed: the Esfuerzo extra «puede afectar al
    resultado de una prueba comparativa»."""
    check_choice(measure, MEASURES, field="measure", cls=NSd20InputError)
    check_int(value, 0, BIG * 10, field="value", cls=NSd20InputError)
    if not extra_effort:
        return value
    if measure == "carry":
        return value * EFFORT_BENEFITS["carry"]["carry_multiplier"]
    if measure == "speed":
        return value + EFFORT_BENEFITS["speed"]["speed_m"]
    if measure == "jump":
        return value + 100 * EFFORT_BENEFITS["speed"]["jump_m"]
    return value + EFFORT_CHECK_BONUS
