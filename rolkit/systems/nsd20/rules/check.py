"""§1 The d20 check: P1 against a CD, T1 characteristic modifiers, P3 take 10/20, T2.

Seed: «Prueba = d20 + Modificadores contra Clase de Dificultad»; «un resultado de 1 en el
dado es siempre un fallo y un resultado de 20 en el dado es siempre un éxito automático».
All probabilities are exact ``Fraction``s built from integer face counts over 20 (or 400).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from rolkit.errors import check_choice, check_int, input_error
from rolkit.memo import memo
from rolkit.systems.nsd20.errors import NSd20InputError
from rolkit.systems.nsd20.options import DEFAULT_RULES, NSd20Rules
from rolkit.systems.nsd20.tables import CONDITION_LEVELS

__all__ = [
    "CheckResult",
    "TakeResult",
    "characteristic_modifier",
    "natural_success",
    "check",
    "check_probability",
    "success_count",
    "take_result",
    "take_succeeds",
    "condition_modifier",
    "EFFORT_CHECK_BONUS",
    "BIG",
]

#: T3 «Recibes un bonificador de +5 a una sola prueba».
EFFORT_CHECK_BONUS = 5
#: The bound on the modifiers and CDs given to the pure functions.
BIG = 10_000


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
    check_int(score, 0, 30, field="score", cls=NSd20InputError)
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
    check_int(natural, 1, 20, field="natural", cls=NSd20InputError)
    check_int(modifier, -BIG, BIG, field="modifier", cls=NSd20InputError)
    check_int(cd, -BIG, BIG, field="cd", cls=NSd20InputError)
    total = natural + modifier + (EFFORT_CHECK_BONUS if extra_effort else 0)
    success, automatic = natural_success(natural, total, cd, rules.natural_rules_on_checks)
    return CheckResult(total=total, success=success, margin=total - cd, automatic=automatic)


@memo
def success_count(modifier: int, cd: int, natural_rules: bool = True) -> int:
    """P1 How many of the 20 faces succeed: n + modifier ≥ cd (1 fails, 20 succeeds)."""
    return sum(natural_success(n, n + modifier, cd, natural_rules)[0] for n in range(1, 21))


def check_probability(modifier: int, cd: int, *, rules: NSd20Rules = DEFAULT_RULES) -> Fraction:
    """P1 Exact P(success) of a check: between 1/20 and 19/20 with the natural rules."""
    check_int(modifier, -BIG, BIG, field="modifier", cls=NSd20InputError)
    check_int(cd, -BIG, BIG, field="cd", cls=NSd20InputError)
    return Fraction(success_count(modifier, cd, rules.natural_rules_on_checks), 20)


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
    check_int(modifier, -BIG, BIG, field="modifier", cls=NSd20InputError)
    check_choice(mode, (10, 20), field="mode", cls=NSd20InputError)
    check_int(base_time_rounds, 1, BIG, field="base_time_rounds", cls=NSd20InputError)
    if under_pressure or distracted:
        raise input_error(
            "mode",
            en=f"You cannot take {mode} while distracted or under pressure (as in combat)",
            es=f"No puedes elegir {mode} si estás distraído o bajo presión (como en combate)",
            allowed="a calm situation",
            got=mode,
            cls=NSd20InputError,
        )
    if mode == 20 and failure_has_consequences:
        raise input_error(
            "mode",
            en="You cannot take 20 when failing has consequences",
            es="No puedes elegir 20 si fallar tiene consecuencias",
            allowed="a task whose failure has no consequence",
            got=mode,
            cls=NSd20InputError,
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
    check_choice(level, tuple(CONDITION_LEVELS), field="level", cls=NSd20InputError)
    value = CONDITION_LEVELS[level]
    return value if favourable else -value
