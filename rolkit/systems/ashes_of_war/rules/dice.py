"""§2.2, §2.3, §4.1, §4.2 Checks on the core mechanic: the law of R, one roll, the T1
thresholds, opposed rolls and the Desgracia count (contract #1–#5).

An unopposed check succeeds iff ``R ≥ threshold(adversidad)`` (T1); an opposed one is won by
the active side iff ``R_active > R_reactive`` («el empate favorece al defensor»).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from rolkit.errors import check_int, input_error, shown
from rolkit.systems.ashes_of_war.errors import AowFieldRangeError
from rolkit.systems.ashes_of_war.options import DEFAULT_RULES, RulesConfig
from rolkit.systems.ashes_of_war.rules.mechanic import CheckRoll, Dist
from rolkit.systems.ashes_of_war.tables import ADVERSIDADES

__all__ = [
    "check_distribution",
    "roll_check",
    "p_check_success",
    "p_opposed_win",
    "total_desgracias",
    "threshold",
]


def _check_counts(ndp: int, gracias: int, desgracias: int) -> None:
    for name, value in (("ndp", ndp), ("gracias", gracias), ("desgracias", desgracias)):
        check_int(value, 0, 60, field=name, cls=AowFieldRangeError)


def check_distribution(
    ndp: int, gracias: int = 0, desgracias: int = 0, *, rules: RulesConfig = DEFAULT_RULES
) -> Dist:
    """Contract #1: the exact law of the result R (§2.2)."""
    _check_counts(ndp, gracias, desgracias)
    return rules.mechanic.distribution(ndp, gracias, desgracias)


def roll_check(
    ndp: int, gracias: int, desgracias: int, rng: Any, *, rules: RulesConfig = DEFAULT_RULES
) -> CheckRoll:
    """Contract #2: one roll, dice drawn in the §7.2 order."""
    _check_counts(ndp, gracias, desgracias)
    return rules.mechanic.roll(ndp, gracias, desgracias, rng)


def threshold(adversidad: str, rules: RulesConfig = DEFAULT_RULES) -> int:
    """T1: the result R an Adversidad needs."""
    if adversidad not in ADVERSIDADES:
        raise input_error(
            "adversidad",
            en=(
                "Adversidad (difficulty) must be easy, intermediate or hard "
                f"(got {shown(adversidad)})"
            ),
            es=f"Adversidad debe ser Fácil, Intermedia o Difícil (recibido {shown(adversidad)})",
            allowed="easy, intermediate or hard",
            got=adversidad,
            cls=AowFieldRangeError,
        )
    return rules.thresholds[adversidad]


def p_check_success(
    ndp: int, gracias: int, desgracias: int, adversidad: str, *, rules: RulesConfig = DEFAULT_RULES
) -> Fraction:
    """Contract #3: P(R ≥ threshold(adversidad)) (§4.1)."""
    need = threshold(adversidad, rules)
    return sum(
        (
            p
            for r, p in check_distribution(ndp, gracias, desgracias, rules=rules).items()
            if r >= need
        ),
        Fraction(0),
    )


def p_opposed_win(active: Mapping[int, Fraction], reactive: Mapping[int, Fraction]) -> Fraction:
    """Contract #4: P(R_active > R_reactive); ties go to the reactive side (§4.2)."""
    return sum(
        (pa * pr for a, pa in active.items() for r, pr in reactive.items() if a > r), Fraction(0)
    )


def total_desgracias(situational: int, successive_defences: int = 0, *, cap: int = 3) -> int:
    """Contract #5: ``min(cap, situational) + successive_defences`` (§2.3)."""
    return min(cap, situational) + successive_defences
