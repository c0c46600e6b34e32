"""§3 P12/P13 Wound categories, location status and the wound of a burst (G27)."""

from __future__ import annotations

from collections.abc import Iterable

from rolkit.errors import check_int

from ..errors import GoreInputError
from ..tables import WIDE

__all__ = ["WOUND_RANK", "wound_level", "location_status", "burst_wound_level"]

WOUND_RANK = {"none": 0, "leve": 1, "grave": 2, "mortal": 3}


def wound_level(damage: int, hp_max: int, hp_current: int) -> str:
    """P13 Wound of one damage event: ``'none' | 'leve' | 'grave' | 'mortal'``.

    ``mortal`` if HP after ≤ 0; otherwise ``grave`` if 2d > Hmax ("más del 50%"), else
    ``leve``; no damage → ``none``.
    """
    damage, hp_max, hp_current = (
        check_int(damage, -WIDE, WIDE, field="damage", label="damage", cls=GoreInputError),
        check_int(hp_max, -WIDE, WIDE, field="hp_max", label="hp_max", cls=GoreInputError),
        check_int(
            hp_current, -WIDE, WIDE, field="hp_current", label="hp_current", cls=GoreInputError
        ),
    )
    if hp_max < 1:
        raise GoreInputError.must_be("hp_max", hp_max, "at least 1", "al menos 1")
    if damage <= 0:
        return "none"
    if hp_current - damage <= 0:
        return "mortal"
    return "grave" if 2 * damage > hp_max else "leve"


def burst_wound_level(
    damages: Iterable[int], hp_max: int, hp_current: int, mode: str = "per_bullet"
) -> str:
    """P13.10 / G27 Wound of several bullets in one action.

    ``per_bullet``: ``mortal`` if HP after all ≤ 0, else ``grave`` if one bullet alone had
    2d > Hmax, else ``leve`` (if any damage). ``total``: the sum as one event.
    """
    ds = [d for d in damages if d > 0]
    total = sum(ds)
    if mode == "total" or len(ds) <= 1:
        return wound_level(total, hp_max, hp_current)
    if total <= 0:
        return "none"
    if hp_current - total <= 0:
        return "mortal"
    return "grave" if any(2 * d > hp_max for d in ds) else "leve"


def location_status(location_max: int, location_damage_total: int) -> str:
    """P12.3 ``'ok'`` if L − d > 0; ``'disabled'`` if −L < L − d ≤ 0; ``'severe'`` if L − d ≤ −L."""
    big_l = check_int(
        location_max, -WIDE, WIDE, field="location_max", label="location_max", cls=GoreInputError
    )
    d = check_int(
        location_damage_total,
        -WIDE,
        WIDE,
        field="location_damage_total",
        label="location_damage_total",
        cls=GoreInputError,
    )
    left = big_l - d
    if left > 0:
        return "ok"
    return "disabled" if left > -big_l else "severe"
