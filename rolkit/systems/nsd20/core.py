"""§1 The core d20 check and its variants (P1–P3, T1, T2, §1.5, §1.7).

Seed: «Prueba = d20 + Modificadores contra Clase de Dificultad»; «un resultado de 1 en el
dado es siempre un fallo y un resultado de 20 en el dado es siempre un éxito automático».
All probabilities are exact ``Fraction``s built from integer face counts over 20 (or 400).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from rolkit.memo import memo
from rolkit.systems.nsd20.errors import check_choice, check_int, fail
from rolkit.systems.nsd20.options import DEFAULT_RULES, NSd20Rules
from rolkit.systems.nsd20.tables import CONDITION_LEVELS

__all__ = [
    "CheckResult",
    "TakeResult",
    "characteristic_modifier",
    "check",
    "check_probability",
    "success_count",
    "opposed_check",
    "opposed_probability",
    "comparative_check",
    "take_result",
    "take_succeeds",
    "condition_modifier",
    "aid_another_bonus",
    "aid_bonus_distribution",
    "EFFORT_CHECK_BONUS",
    "AID_CD",
    "AID_BONUS",
]

#: T3 «Recibes un bonificador de +5 a una sola prueba».
EFFORT_CHECK_BONUS = 5
#: §1.7 «cada ayudante realiza la misma prueba contra una CD 10 … El éxito proporciona al
#: líder un +2».
AID_CD = 10
AID_BONUS = 2
_BIG = 10_000  # bound on modifiers and CDs given to the pure functions


@dataclass(frozen=True)
class CheckResult:
    """P1 result: ``total``, ``success``, ``margin = total − CD``, ``automatic`` (natural 1/20)."""

    total: int
    success: bool
    margin: int
    automatic: bool


@dataclass(frozen=True)
class TakeResult:
    """P3 result: the ``total`` of a take 10/20 and the ``time_rounds`` it takes."""

    total: int
    time_rounds: int


def characteristic_modifier(score: int) -> int:
    """T1 ``floor((score − 10) / 2)``; 0 only as an effective score after fatigue.

    Raises:
        NSd20InputError: on field ``score`` outside 0–30.
    """
    check_int("score", score, 0, 30)
    return (score - 10) // 2


def natural_success(natural: int, total: int, cd: int, natural_rules: bool) -> tuple[bool, bool]:
    """P1/P5 ``(success, automatic)`` of one d20: 1 fails and 20 succeeds if the rules apply."""
    if natural_rules and natural in (1, 20):
        return natural == 20, True
    return total >= cd, False


def check(
    natural: int,
    modifier: int,
    cd: int,
    *,
    extra_effort: bool = False,
    rules: NSd20Rules = DEFAULT_RULES,
) -> CheckResult:
    """P1 A check against a CD: total = natural + modifier (+5 with an Esfuerzo extra).

    ``check`` stays pure: with ``extra_effort`` the caller also applies
    ``effort_step(state, EffortEvent(kind="use_effort", benefit="check_bonus"))``.
    """
    check_int("natural", natural, 1, 20)
    check_int("modifier", modifier, -_BIG, _BIG)
    check_int("cd", cd, -_BIG, _BIG)
    total = natural + modifier + (EFFORT_CHECK_BONUS if extra_effort else 0)
    success, automatic = natural_success(natural, total, cd, rules.natural_rules_on_checks)
    return CheckResult(total=total, success=success, margin=total - cd, automatic=automatic)


@memo
def success_count(modifier: int, cd: int, natural_rules: bool = True) -> int:
    """P1 How many of the 20 faces succeed: n + modifier ≥ cd (1 fails, 20 succeeds)."""
    return sum(natural_success(n, n + modifier, cd, natural_rules)[0] for n in range(1, 21))


def check_probability(modifier: int, cd: int, *, rules: NSd20Rules = DEFAULT_RULES) -> Fraction:
    """P1 Exact P(success) of a check: between 1/20 and 19/20 with the natural rules."""
    check_int("modifier", modifier, -_BIG, _BIG)
    check_int("cd", cd, -_BIG, _BIG)
    return Fraction(success_count(modifier, cd, rules.natural_rules_on_checks), 20)


# --------------------------------------------------------------------------- opposed
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
    check_int("total_a", total_a, -_BIG, _BIG)
    check_int("total_b", total_b, -_BIG, _BIG)
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
    check_int("mod_a", mod_a, -_BIG, _BIG)
    check_int("mod_b", mod_b, -_BIG, _BIG)
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
    check_int("score_a", score_a, -_BIG, _BIG)
    check_int("score_b", score_b, -_BIG, _BIG)
    if score_a == score_b:
        return "tie"
    return "a" if score_a > score_b else "b"


# --------------------------------------------------------------------------- take 10 / 20
def take_result(
    modifier: int,
    mode: Literal[10, 20],
    *,
    under_pressure: bool,
    distracted: bool,
    failure_has_consequences: bool,
    base_time_rounds: int = 1,
) -> TakeResult:
    """P3 Elegir 10 / Elegir 20: total = mode + modifier; take 20 takes 20× the time.

    Raises:
        NSd20InputError: take 10 under pressure or distracted (combat is pressure); take
            20 also when failure has consequences.
    """
    check_int("modifier", modifier, -_BIG, _BIG)
    check_choice("mode", mode, (10, 20))
    check_int("base_time_rounds", base_time_rounds, 1, _BIG)
    if under_pressure or distracted:
        raise fail(
            "mode",
            f"you cannot take {mode} while distracted or under pressure (as in combat)",
            f"no puedes elegir {mode} si estás distraído o bajo presión (como en combate)",
            allowed="a calm situation",
            got=mode,
        )
    if mode == 20 and failure_has_consequences:
        raise fail(
            "mode",
            "you cannot take 20 when failing has consequences",
            "no puedes elegir 20 si fallar tiene consecuencias",
            allowed="a task whose failure has no consequence",
            got=mode,
        )
    return TakeResult(
        total=mode + modifier, time_rounds=base_time_rounds * (20 if mode == 20 else 1)
    )


def take_succeeds(
    result: TakeResult, mode: Literal[10, 20], cd: int, *, rules: NSd20Rules = DEFAULT_RULES
) -> bool:
    """P3, G3 A take's total against the CD; take 20 is automatic only with the G3 option."""
    if mode == 20 and rules.take_20_is_natural_20:
        return True
    return result.total >= cd


def condition_modifier(
    level: Literal["inconveniente", "estorbo", "obstaculo"], favourable: bool
) -> int:
    """T2 ±2 inconveniente, ±4 estorbo, ±6 obstáculo (+ if it favours the actor)."""
    check_choice("level", level, tuple(CONDITION_LEVELS))
    value = CONDITION_LEVELS[level]
    return value if favourable else -value


# --------------------------------------------------------------------------- aid another
def _check_helpers(count: int, rules: NSd20Rules) -> None:
    if rules.max_helpers is not None and count > rules.max_helpers:
        raise fail(
            "helpers",
            f"at most {rules.max_helpers} helpers may aid this task (got {count})",
            f"como mucho {rules.max_helpers} ayudantes pueden ayudar en esta tarea "
            f"(recibido {count})",
            allowed=f"at most {rules.max_helpers}",
            got=count,
        )


def aid_another_bonus(
    helper_rolls: Sequence[tuple[int, int]], *, rules: NSd20Rules = DEFAULT_RULES
) -> int:
    """§1.7 +2 to the leader per helper who makes CD 10 (natural 1/20 apply; G4 stacking)."""
    _check_helpers(len(helper_rolls), rules)
    successes = sum(check(n, m, AID_CD, rules=rules).success for n, m in helper_rolls)
    if not rules.aid_helpers_stack:
        successes = min(successes, 1)
    return AID_BONUS * successes


def aid_bonus_distribution(
    helper_modifiers: Sequence[int], *, rules: NSd20Rules = DEFAULT_RULES
) -> dict[int, Fraction]:
    """§1.7 Exact law of the leader's aid bonus (each helper independent, vs CD 10)."""
    _check_helpers(len(helper_modifiers), rules)
    law = {0: 1}  # successes -> weight over 20^k
    for m in helper_modifiers:
        check_int("helper_modifier", m, -_BIG, _BIG)
        s = success_count(m, AID_CD, rules.natural_rules_on_checks)
        step: dict[int, int] = {}
        for k, w in law.items():
            step[k + 1] = step.get(k + 1, 0) + w * s
            step[k] = step.get(k, 0) + w * (20 - s)
        law = step
    denominator = 20 ** len(helper_modifiers)
    out: dict[int, Fraction] = {}
    for k, w in sorted(law.items()):
        if w:
            bonus = AID_BONUS * (k if rules.aid_helpers_stack else min(k, 1))
            out[bonus] = out.get(bonus, Fraction(0)) + Fraction(w, denominator)
    return out
