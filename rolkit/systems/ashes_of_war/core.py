"""§2 The core roll: a pool of dice (NdP + Gracias) against Desgracias, and its exact law.

Placeholder mechanic ``pool_d6`` [PH, §2.2]: roll ``ndp + gracias`` dice, then one die per
Desgracia; a face ≥ ``success_min`` is a success; ``R = max(0, S − T)``. An unopposed check
succeeds iff ``R ≥ threshold(adversidad)`` (T1); an opposed one is won by the active side iff
``R_active > R_reactive`` («el empate favorece al defensor»). Hot paths use integer weights
over ``sides ** dice`` (:func:`result_weights`); public functions return Fractions.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from math import comb
from typing import Any, Protocol

from rolkit.memo import memo
from rolkit.systems.ashes_of_war.errors import out_of_range
from rolkit.systems.ashes_of_war.options import DEFAULT_RULES, RulesConfig
from rolkit.systems.ashes_of_war.tables import ADVERSIDADES

__all__ = [
    "Dist",
    "PoolSpec",
    "CheckRoll",
    "CoreMechanic",
    "PoolD6",
    "result_weights",
    "check_distribution",
    "roll_check",
    "p_check_success",
    "p_opposed_win",
    "total_desgracias",
    "threshold",
]

Dist = dict[int, Fraction]


@dataclass(frozen=True)
class PoolSpec:
    """The dice of one roll after the §2.3 cap; ``breakdown`` lists the sources."""

    ndp: int
    gracias: int
    desgracias: int
    breakdown: tuple[tuple[str, int], ...] = field(default=(), compare=False)


@dataclass(frozen=True)
class CheckRoll:
    """One rolled check (§7 contract): faces, successes, cancelled successes and ``R``."""

    pool: PoolSpec
    main_faces: tuple[int, ...]
    desgracia_faces: tuple[int, ...]
    successes: int
    cancelled: int
    result: int


class CoreMechanic(Protocol):
    """What any core mechanic must offer (§2.2 "Swappable")."""

    name: str
    thresholds: Mapping[str, int]

    def distribution(self, ndp: int, gracias: int, desgracias: int) -> Mapping[int, Fraction]: ...

    def roll(self, ndp: int, gracias: int, desgracias: int, rng: Any) -> CheckRoll: ...


@memo
def _binomial_weights(n: int, sides: int, success_min: int) -> tuple[int, ...]:
    """Weights of k successes among n dice, over ``sides ** n``."""
    s = sides - success_min + 1
    f = success_min - 1
    return tuple(comb(n, k) * s**k * f ** (n - k) for k in range(n + 1))


@memo
def result_weights(
    main: int, desgracias: int, sides: int = 6, success_min: int = 4
) -> tuple[tuple[int, ...], int]:
    """Integer weights of ``R = max(0, S − T)`` (index = R) and their denominator.

    ``S`` counts successes among ``main`` dice, ``T`` among ``desgracias`` dice (§2.2).
    """
    ws = _binomial_weights(main, sides, success_min)
    wt = _binomial_weights(desgracias, sides, success_min)
    out = [0] * (main + 1)
    for s, a in enumerate(ws):
        for t, b in enumerate(wt):
            out[max(0, s - t)] += a * b
    while len(out) > 1 and out[-1] == 0:
        out.pop()
    return tuple(out), sides ** (main + desgracias)


@dataclass(frozen=True)
class PoolD6:
    """§2.2 ``pool_d6``: the placeholder core mechanic (sides and success face configurable)."""

    die_sides: int = 6
    success_min: int = 4
    thresholds: Mapping[str, int] = field(
        default_factory=lambda: {"easy": 1, "intermediate": 2, "hard": 3}, hash=False
    )
    name: str = "pool_d6"

    def weights(self, ndp: int, gracias: int, desgracias: int) -> tuple[tuple[int, ...], int]:
        return result_weights(ndp + gracias, desgracias, self.die_sides, self.success_min)

    def distribution(self, ndp: int, gracias: int, desgracias: int) -> Dist:
        w, d = self.weights(ndp, gracias, desgracias)
        return {r: Fraction(x, d) for r, x in enumerate(w) if x}

    def roll(self, ndp: int, gracias: int, desgracias: int, rng: Any) -> CheckRoll:
        """§7.2: skill dice, then Gracia dice, then Desgracia dice, each ``rng.randint(1, sides)``."""
        main = tuple(rng.randint(1, self.die_sides) for _ in range(ndp + gracias))
        bane = tuple(rng.randint(1, self.die_sides) for _ in range(desgracias))
        s = sum(1 for x in main if x >= self.success_min)
        t = sum(1 for x in bane if x >= self.success_min)
        return CheckRoll(
            PoolSpec(ndp, gracias, desgracias), main, bane, s, min(s, t), max(0, s - t)
        )


def _check_counts(ndp: int, gracias: int, desgracias: int) -> None:
    for name, value in (("ndp", ndp), ("gracias", gracias), ("desgracias", desgracias)):
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 60:
            raise out_of_range(name, (name, name), ("de 0 a 60", "from 0 to 60"), value)


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
        raise out_of_range(
            "adversidad",
            ("Adversidad", "Adversidad (difficulty)"),
            ("Fácil, Intermedia o Difícil", "easy, intermediate or hard"),
            adversidad,
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
