"""§2.2 The core mechanic: a pool of dice (NdP + Gracias) against Desgracias, and its law.

Placeholder mechanic ``pool_d6`` [PH, §2.2]: roll ``ndp + gracias`` dice, then one die per
Desgracia; a face ≥ ``success_min`` is a success; ``R = max(0, S − T)``. Hot paths use
integer weights over ``sides ** dice`` (:func:`result_weights`). The options build their
mechanic from this module (``RulesConfig.mechanic``), so it reads no options itself; the
checks built on it (T1 thresholds, contract #1–#5) are :mod:`.dice`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from math import comb
from typing import Any, Protocol

from rolkit.memo import memo

__all__ = ["Dist", "PoolSpec", "CheckRoll", "CoreMechanic", "PoolD6", "result_weights"]

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
