"""§1 Dice and core resolution: d100 tiers (§1.2, §1.4), the critical range,
characteristic checks (§1.5), opposition (§1.6), opposed contests (§1.7), and the P15
*Desarmar* threshold on a d100.

All functions are pure; distributions are exact ``Fraction`` dicts and memoised.
"""

from __future__ import annotations

from fractions import Fraction

from rolkit.errors import check_int
from rolkit.memo import memo

from ..errors import GoreInputError
from ..options import DEFAULT, GoreOptions
from ..tables import WIDE

__all__ = [
    "TIERS",
    "ATTACK_TIERS",
    "DEFENCE_TIERS",
    "TIER_RANK",
    "crit_range",
    "check_tier",
    "tier_distribution",
    "attack_tier_distribution",
    "tier_counts",
    "opposition_chance",
    "characteristic_target",
    "disarm_threshold",
    "contest_winner",
    "half_up",
]

TIERS = ("pifia", "fallo", "exito", "critico", "empalar")
ATTACK_TIERS = TIERS + ("automatico", "encasquillado")
DEFENCE_TIERS = ("pifia", "fallo", "exito", "critico")
#: §1.7 order of the tiers (Empalar > Crítico > Éxito > Fallo > Pifia).
TIER_RANK = {"pifia": 0, "fallo": 1, "exito": 2, "critico": 3, "empalar": 4}


def half_up(numerator: int, denominator: int) -> int:
    """§1.3 R2: round ``numerator/denominator`` to the nearest integer, halves up."""
    return (2 * numerator + denominator) // (2 * denominator)


def crit_range(target: int, options: GoreOptions = DEFAULT) -> int:
    """§1.2 Highest roll that is a critical (always ≥ 1).

    ``fifth`` (G1 default): ``max(1, round(T/5))``, nearest rounding; ``margin20``:
    ``max(1, T − 20)``. For T ≤ 0 only 01 is a critical.
    """
    target = check_int(target, -WIDE, WIDE, field="target", label="target", cls=GoreInputError)
    if target <= 0:
        return 1
    if options.critical_rule == "margin20":
        return max(1, target - 20)
    return max(1, half_up(target, 5))


def check_tier(
    roll: int, target: int, impaling: bool = False, options: GoreOptions = DEFAULT
) -> str:
    """§1.2/§1.4 Classify one d100 roll (1..100) against ``target``.

    Returns one of ``'pifia' | 'fallo' | 'exito' | 'critico' | 'empalar'``. 00 (100) is
    always a fumble; 01 always a critical (G5 ``auto_success_on_01``); an impaling attack
    impales on a critical rolled 01 (G4 ``impale_rule``: or on any critical).

    Raises:
        GoreInputError: ``roll`` outside 1..100.
    """
    roll = check_int(roll, 1, 100, field="roll", label="roll", cls=GoreInputError)
    target = check_int(target, -WIDE, WIDE, field="target", label="target", cls=GoreInputError)
    return _check_tier(roll, target, bool(impaling), options)


def _check_tier(
    roll: int, target: int, impaling: bool, options: GoreOptions, crit_max: int | None = None
) -> str:
    if roll == 100:
        return "pifia"
    if crit_max is None:
        crit_max = crit_range(target, options)
    if (roll == 1 and options.auto_success_on_01) or (roll <= target and roll <= crit_max):
        if impaling and (roll == 1 or options.impale_rule == "any_crit"):
            return "empalar"
        return "critico"
    return "exito" if roll <= target else "fallo"


@memo
def tier_counts(
    target: int, impaling: bool, malfunction: int | None, options: GoreOptions = DEFAULT
) -> tuple[tuple[str, int], ...]:
    """§1.2 / P11.7 How many of the 100 d100 faces give each tier (``'encasquillado'`` for a
    roll ≥ ``malfunction``): the integer law the exact odds use (memoised)."""
    counts: dict[str, int] = {}
    crit_max = crit_range(target, options)
    for roll in range(1, 101):
        if malfunction is not None and roll >= malfunction:
            tier = "encasquillado"
        else:
            tier = _check_tier(roll, target, impaling, options, crit_max)
        counts[tier] = counts.get(tier, 0) + 1
    return tuple(counts.items())


def _tiers(
    target: int, impaling: bool, malfunction: int | None, options: GoreOptions
) -> dict[str, Fraction]:
    return {t: Fraction(n, 100) for t, n in tier_counts(target, impaling, malfunction, options)}


def tier_distribution(
    target: int, impaling: bool = False, options: GoreOptions = DEFAULT
) -> dict[str, Fraction]:
    """§1.2 Exact distribution of :func:`check_tier` over the 100 faces (memoised)."""
    target = check_int(target, -WIDE, WIDE, field="target", label="target", cls=GoreInputError)
    return _tiers(target, bool(impaling), None, options)


def attack_tier_distribution(
    target: int, impaling: bool, malfunction: int | None, options: GoreOptions = DEFAULT
) -> dict[str, Fraction]:
    """P7 Attack tiers including ``'encasquillado'`` (roll ≥ ``malfunction``, P11.7)."""
    return _tiers(target, bool(impaling), malfunction, options)


def opposition_chance(active: int, passive: int) -> int:
    """§1.6 ``50 + 5 × (active − passive)``, unclamped (then a d100 check, 01/00 apply)."""
    return 50 + 5 * (
        check_int(active, -WIDE, WIDE, field="active", label="active", cls=GoreInputError)
        - check_int(passive, -WIDE, WIDE, field="passive", label="passive", cls=GoreInputError)
    )


def characteristic_target(value: int, multiplier: int = 5) -> int:
    """§1.5 Characteristic check target: characteristic × N (N 1..5, default 5)."""
    return check_int(value, 0, WIDE, field="value", label="value", cls=GoreInputError) * check_int(
        multiplier, 1, 5, field="multiplier", label="multiplier", cls=GoreInputError
    )


def disarm_threshold(skill: int) -> int:
    """P15 *Desarmar* succeeds when the attack roll ≤ ``round(V/2)`` (R2, nearest, halves up)."""
    return half_up(
        check_int(skill, -WIDE, WIDE, field="skill", label="skill", cls=GoreInputError), 2
    )


def contest_winner(
    tier_a: str, roll_a: int, target_a: int, tier_b: str, roll_b: int, target_b: int
) -> str:
    """§1.7 Opposed skill contest: ``'a'``, ``'b'``, ``'none'`` (both fail) or ``'reroll'``."""
    for name, tier in (("tier_a", tier_a), ("tier_b", tier_b)):
        if tier not in TIER_RANK:
            raise GoreInputError.must_be(
                name, tier, "one of " + ", ".join(TIERS), "uno de " + ", ".join(TIERS)
            )
    ra, rb = TIER_RANK[tier_a], TIER_RANK[tier_b]
    if ra < 2 and rb < 2:
        return "none"
    if ra != rb:
        return "a" if ra > rb else "b"
    if roll_a != roll_b:
        return "a" if roll_a > roll_b else "b"
    if target_a != target_b:
        return "a" if target_a > target_b else "b"
    return "reroll"
