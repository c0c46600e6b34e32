"""§4.11 Hit location: aimed, narrated, or 1d10 on T4 (+1d2 side for paired parts) [PH].

«Si no apunta, el golpe cae donde la narración lo ponga o, si el Narrador prefiere el azar,
donde diga 1d10». A rolled location already lost moves toward the torso [INT G20].
"""

from __future__ import annotations

from collections.abc import Iterable

from rolkit.errors import check_int, input_error, shown
from rolkit.systems.ashes_of_war.errors import AowFieldRangeError
from rolkit.systems.ashes_of_war.options import DEFAULT_RULES, RulesConfig
from rolkit.systems.ashes_of_war.tables import PARTS, TOWARD_TORSO

__all__ = ["hit_location", "part_of_d10", "location_weights", "intact_location", "PAIRED"]

PAIRED = frozenset({"arm", "hand", "leg", "foot"})


def part_of_d10(d10: int, rules: RulesConfig) -> str:
    """T4: the body part (no side) a 1d10 face falls on."""
    top = 0
    for part in PARTS:
        top += rules.location_faces[part]
        if d10 <= top:
            return part
    raise AssertionError("location_faces add up to 10")


def hit_location(d10: int, d2: int | None = None, *, rules: RulesConfig = DEFAULT_RULES) -> str:
    """Contract #8, T4: the location of a 1d10 (and 1d2 side: 1 right, 2 left) roll."""
    check_int(d10, 1, 10, field="d10", label="1d10", cls=AowFieldRangeError)
    part = part_of_d10(d10, rules)
    if part not in PAIRED:
        return part
    if d2 not in (1, 2):
        raise input_error(
            "d2",
            en=f"1d2 (side) must be 1 or 2 (got {shown(d2)})",
            es=f"1d2 debe ser 1 o 2 (recibido {shown(d2)})",
            allowed="1 or 2",
            got=d2,
            cls=AowFieldRangeError,
        )
    return f"{'right' if d2 == 1 else 'left'}_{part}"


def intact_location(location: str, dismembered: Iterable[str]) -> str:
    """[INT G20] a lost location moves toward the torso until it is intact."""
    lost = frozenset(dismembered)
    while location in lost:
        location = TOWARD_TORSO[location]
    return location


def location_weights(
    dismembered: frozenset[str] = frozenset(), rules: RulesConfig = DEFAULT_RULES
) -> dict[str, int]:
    """T4 as integer weights over 20 (1d10 × 1d2), lost parts moved toward the torso."""
    out: dict[str, int] = {}
    for part in PARTS:
        faces = rules.location_faces[part]
        if not faces:
            continue
        if part in PAIRED:
            for side in ("right", "left"):
                loc = intact_location(f"{side}_{part}", dismembered)
                out[loc] = out.get(loc, 0) + faces
        else:
            out[part] = out.get(part, 0) + 2 * faces
    return out
