"""T7 Hit location, humanoids (1D20): the location of a face and how many faces give each."""

from __future__ import annotations

from rolkit.errors import check_int

from ..errors import GoreInputError

__all__ = ["hit_location", "location_faces"]

#: T7 1D20 → location.
_T7 = (
    (3, "pierna_derecha"),
    (6, "pierna_izquierda"),
    (9, "abdomen"),
    (12, "pecho"),
    (15, "brazo_derecho"),
    (18, "brazo_izquierdo"),
    (20, "cabeza"),
)


def hit_location(d20: int) -> str:
    """T7 hit location of a 1D20 roll (19–20 head; the seed's "19/30" fixed, §5)."""
    d20 = check_int(d20, 1, 20, field="d20", label="d20", cls=GoreInputError)
    for high, loc in _T7:
        if d20 <= high:
            return loc
    raise AssertionError("unreachable")  # pragma: no cover


def location_faces() -> dict[str, int]:
    """T7: how many of the 20 faces give each location."""
    out: dict[str, int] = {}
    low = 1
    for high, loc in _T7:
        out[loc] = high - low + 1
        low = high + 1
    return out
