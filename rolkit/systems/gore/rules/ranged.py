"""§3 P11 Ranged attacks: range bands (T21), close range, target size (T22), crowd fire,
bursts, shields against projectiles (T13)."""

from __future__ import annotations

import math
from fractions import Fraction

from ..errors import GoreInputError
from ..forms import Combatant, Modifiers, Weapon
from ..options import GoreOptions
from ..tables import shield_coverage, size_modifier

__all__ = [
    "effective_range",
    "range_band",
    "range_factor",
    "is_close_range",
    "crowd_factor",
    "burst_bonus",
    "size_modifier",
    "coverage_for",
]


def effective_range(weapon: Weapon, mods: Modifiers) -> Fraction:
    """P11.1 ``R_eff = range × 2 (scope/laser) × 4 (rifle scope) × 1/2 (silencer)``."""
    r = Fraction(weapon.range_m or 0)
    if mods.aiming == "scope_or_laser":
        r *= 2
    elif mods.aiming == "rifle_scope":
        r *= 4
    if weapon.silencer and weapon.silencer_shots != 0:  # P11.9: a worn-out one does nothing
        r /= 2
    return r


def range_band(weapon: Weapon, mods: Modifiers) -> int:
    """P11.1 ``k = max(1, ceil(distance / R_eff))``.

    Raises:
        GoreInputError: a non-firearm beyond 2 × R_eff (out of range).
    """
    if mods.distance_m is None:  # §2.3 "ordinary range": band 1, beyond close range
        return 1
    r = effective_range(weapon, mods)
    k = max(1, math.ceil(Fraction(mods.distance_m) / r))
    if k > 2 and weapon.kind != "firearm":
        limit = float(2 * r)
        raise GoreInputError.must_be(
            "modifiers.distance_m",
            mods.distance_m,
            f"at most {limit:g} m (twice the effective range) for a {weapon.kind} weapon",
            f"como mucho {limit:g} m (el doble del alcance efectivo) para esta arma",
            why_en="out of range",
            why_es="fuera de alcance",
        )
    return k


def range_factor(k: int) -> Fraction:
    """T21 band factor ``2^-(k-1)``."""
    return Fraction(1, 2 ** (k - 1))


def is_close_range(
    attacker: Combatant, weapon: Weapon, mods: Modifiers, k: int, options: GoreOptions
) -> bool:
    """P11.2 distance ≤ DES×3 m (DES×6 with a scope/laser) → skill ×2 (G10: band 1 only if set)."""
    per = 6 if mods.aiming == "scope_or_laser" else 3
    if mods.distance_m is None:  # §2.3 "ordinary range": no close-range ×2
        return False
    if options.close_range_requires_band1 and k > 1:
        return False
    return mods.distance_m <= attacker.des * per


def crowd_factor(attacker: Combatant, weapon: Weapon, mods: Modifiers) -> Fraction:
    """P11.5 / G20 crowd fire: ×1/3, firearms ×1/5 (×1/3 with a laser sight and skill ≥ 60)."""
    if weapon.kind == "firearm" and not (mods.laser_sight and attacker.attack_skill >= 60):
        return Fraction(1, 5)
    return Fraction(1, 3)


def burst_bonus(pre_burst: int, bullets: int) -> int:
    """P11.6 +5 per bullet after the first, never more than doubling the pre-burst skill."""
    return min(5 * (bullets - 1), max(0, pre_burst))


def coverage_for(defender: Combatant, mods: Modifiers) -> int:
    """T13 / P11.10 coverage of the defender's shield against projectiles (0: none)."""
    item = defender.block_item
    if item is None or item.kind == "arma":
        return 0
    return shield_coverage(item.kind, mods.shield_behind)
