"""§3 P9/P10 Damage of one blow or bullet by category, and the item (shield/weapon) rule.

A blow's pre-armour value is ``raw = max(0, W + M + C − U)`` or, in maximum cells,
``raw_max = max(0, Wmax + M + C − U)`` (MD still rolled). Armour and doubling then follow
the category and ``GoreOptions.critical_damage_mode`` / ``impale_ignores_armour``.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import NamedTuple, cast

from rolkit.dice import Distribution, constant, die, parse
from rolkit.memo import memo

from ..errors import GoreInputError
from ..forms import Combatant, Modifiers, Weapon
from ..options import DEFAULT, GoreOptions
from .matrices import CATEGORIES, MAX_CATEGORIES

__all__ = [
    "BlowProfile",
    "blow_profile",
    "uses_max",
    "ignores_armour",
    "blow_damage",
    "pre_armour_distribution",
    "damage_distribution",
    "apply_item_damage",
    "weapon_minimum",
    "pre_armour_weights",
    "blow_weights",
]

BYPASS = frozenset({"hit_normal_bypass", "hit_max_bypass", "hit_impale"})
DOUBLED = frozenset({"hit_critical", "hit_impale"})


class BlowProfile(NamedTuple):
    """The hashable inputs of one blow's damage (P9): W, MD rule, pull, charge, underwater."""

    damage: str
    md: str
    md_rule: str
    pull_blow: bool
    charge: bool
    underwater: bool


def blow_profile(attacker: Combatant, weapon: Weapon, mods: Modifiers) -> BlowProfile:
    """P9 The damage inputs of this attack (``pull_blow`` drops the MD)."""
    md_rule = "none" if mods.pull_blow else weapon.md_rule
    return BlowProfile(
        str(parse(weapon.damage)),
        attacker.md,
        md_rule,
        mods.pull_blow,
        mods.charge,
        mods.attacker_underwater,
    )


def uses_max(category: str, options: GoreOptions) -> bool:
    """P9 / G2 Does this category use the weapon's maximum (weapon dice not drawn)?"""
    return category in MAX_CATEGORIES and options.critical_damage_mode != "double_rolled"


def ignores_armour(category: str, options: GoreOptions) -> bool:
    """P9 / G3 Impale categories ignore armour (option ``impale_ignores_armour``)."""
    return category in BYPASS and options.impale_ignores_armour


def blow_damage(category: str, value: int, armour: int, options: GoreOptions = DEFAULT) -> int:
    """P9 Damage to the target of one blow of ``category`` with pre-armour ``value``."""
    a = 0 if ignores_armour(category, options) else armour
    d = max(0, value - a)
    if category in DOUBLED and options.critical_damage_mode != "max_only":
        d *= 2
    return d


def weapon_value(w: int, pull: bool) -> int:
    """P9 W clamped at 0 (§1.1) and halved up with *Contener el daño*."""
    w = max(0, w)
    return math.ceil(w / 2) if pull else w


def md_value(m: int, rule: str) -> int:
    """P9 M under the MD rule: full, half (ceil, positive MD only [BRP]) or none."""
    if rule == "none":
        return 0
    if rule == "half" and m > 0:
        return math.ceil(m / 2)
    return m


def weapon_minimum(weapon_damage: str) -> int:
    """P14 The weapon's minimum damage (every die 1, constants added, no MD), at least 0."""
    return max(0, parse(weapon_damage).minimum)


@memo
def _md_dist(md: str, rule: str) -> Distribution:
    if rule == "none":
        return constant(0)
    return parse(md).distribution().map(lambda m: md_value(m, rule))


@memo
def _pre_armour(profile: BlowProfile, use_max: bool) -> Distribution:
    expr = parse(profile.damage)
    if use_max:
        w = constant(weapon_value(expr.maximum, profile.pull_blow))
    else:
        w = expr.distribution().map(lambda x: weapon_value(x, profile.pull_blow))
    total = w + _md_dist(profile.md, profile.md_rule)
    if profile.charge:
        total = total + die(4)
    u = 1 if profile.underwater else 0
    return total.map(lambda x: max(0, x - u))


Weights = tuple[tuple[tuple[int, int], ...], int]


@memo
def pre_armour_weights(profile: BlowProfile, use_max: bool) -> Weights:
    """P9 The law of ``raw``/``raw_max`` as integer weights over one denominator:
    ``(((value, weight), ...), denominator)`` (the exact hot path, no Fractions)."""
    items = tuple(_pre_armour(profile, bool(use_max)).items())
    den = math.lcm(*(p.denominator for _, p in items))
    return tuple((v, p.numerator * (den // p.denominator)) for v, p in items), den


@memo
def blow_weights(profile: BlowProfile, category: str, armour: int, options: GoreOptions) -> Weights:
    """P9 One blow's damage to the target as integer weights (see :func:`pre_armour_weights`)."""
    weights, den = pre_armour_weights(profile, uses_max(category, options))
    acc: dict[int, int] = {}
    for v, n in weights:
        d = blow_damage(category, v, armour, options)
        acc[d] = acc.get(d, 0) + n
    return tuple(acc.items()), den


def pre_armour_distribution(profile: BlowProfile, use_max: bool) -> dict[int, Fraction]:
    """P9 Exact law of ``raw`` (``use_max`` False) or ``raw_max`` (True)."""
    return {cast(int, v): p for v, p in _pre_armour(profile, bool(use_max)).items()}


@memo
def blow_distribution(
    profile: BlowProfile, category: str, armour: int, options: GoreOptions
) -> tuple[tuple[int, Fraction], ...]:
    """P9 Exact law of one blow's damage to the target (memoised on hashable inputs)."""
    dist = _pre_armour(profile, uses_max(category, options)).map(
        lambda v: blow_damage(category, v, armour, options)
    )
    return tuple(dist.items())


def apply_item_damage(pg: int, damage: int) -> tuple[int, int, bool]:
    """P10 Item rule: ``loss = max(0, D − P)``, ``P' = P − loss``; at P' ≤ 0 the item is
    destroyed and ``D − 2P`` passes to the bearer (before the bearer's armour).

    Returns:
        ``(new_pg, overflow_to_bearer_before_armour, destroyed)``; ``new_pg`` ≥ 0.

    Example (seed): a 15-PG shield blocking 18 → ``(12, 0, False)``.
    """
    for name, v in (("pg", pg), ("damage", damage)):
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            raise GoreInputError.must_be(name, v, "a whole number ≥ 0", "un entero ≥ 0")
    loss = max(0, damage - pg)
    left = pg - loss
    if left <= 0:
        return 0, max(0, damage - 2 * pg), True
    return left, 0, False


def damage_distribution(
    category: str, attacker: Combatant, defender: Combatant, weapon: Weapon, mods: Modifiers
) -> dict[int, Fraction]:
    """P9 Exact damage to the target of one blow/bullet of ``category`` (general armour).

    ``miss`` → 0; ``blocked`` → what passes a tracked blocking item (P10), else 0.

    Raises:
        GoreInputError: an unknown category.
    """
    if category not in CATEGORIES:
        raise GoreInputError.must_be(
            "category",
            category,
            "one of " + ", ".join(CATEGORIES),
            "una de " + ", ".join(CATEGORIES),
        )
    opts = mods.options
    if category == "miss":
        return {0: Fraction(1)}
    profile = blow_profile(attacker, weapon, mods)
    if category == "blocked":
        item = defender.block_item
        if item is None:
            return {0: Fraction(1)}
        out: dict[int, Fraction] = {}
        for r, p in pre_armour_distribution(profile, False).items():
            _, over, _ = apply_item_damage(item.pg, r)
            d = max(0, over - defender.armour)
            out[d] = out.get(d, Fraction(0)) + p
        return dict(sorted(out.items()))
    return dict(blow_distribution(profile, category, defender.armour, opts))
