"""§4.8–4.11, §4.17 Wounds: damage limits, measured/spectacular, the track, penalties.

A track is ``(magullado, lesionado, malherido)``; levels are the Spanish words.
"""

from __future__ import annotations

import operator

from rolkit.errors import check_choice, check_int, input_error
from rolkit.systems.core_dread.errors import CoreDreadRangeError
from rolkit.systems.core_dread.options import DEFAULT_OPTIONS, CoreDreadOptions
from rolkit.systems.core_dread.tables import BOXES, GORE_PENALTY, LEVELS, STANDARD_PENALTY

__all__ = [
    "LEVELS",
    "wound_from_damage",
    "damage_wound",
    "adjust_wound",
    "measure_and_double",
    "apply_wounds",
    "wound_penalty",
    "track_penalty",
    "knocked_out",
    "marks_malherido",
    "check_track",
]

Track = tuple[int, int, int]


def _check_level(level: str | None, count: int) -> None:
    if level is not None:
        check_choice(level, LEVELS, field="level", cls=CoreDreadRangeError)
    check_int(count, 0, 999, field="count", cls=CoreDreadRangeError)


def check_track(track: Track, gore: bool = False) -> Track:
    """Validate a ``(magullado, lesionado, malherido)`` track (0..3, or 0..1 in Gore Mode)."""
    boxes = BOXES[bool(gore)]
    if not isinstance(track, tuple | list) or len(track) != 3:
        raise input_error(
            "track",
            en=f"track must be three whole numbers (magullado, lesionado, malherido) (got {track!r})",
            es=f"el registro de heridas debe ser tres números (recibido {track!r})",
            allowed="(magullado, lesionado, malherido)",
            got=track,
            cls=CoreDreadRangeError,
        )
    for level, value in zip(LEVELS, track, strict=True):
        check_int(value, 0, boxes, field=level, cls=CoreDreadRangeError)
    return tuple(track)  # type: ignore[return-value]


def wound_from_damage(
    damage: int, fortaleza: int, options: CoreDreadOptions = DEFAULT_OPTIONS
) -> tuple[str | None, int]:
    """§4.8 Límites de daño: ≤F Magullado, ≤2F Lesionado, else n × Malherido.

    ``n = ceil((damage − 2F)/5)`` («una adicional por cada 5 puntos más»); with
    ``malherido_step="inclusive"``, ``n = 1 + floor((damage − 2F)/5)``.
    """
    check_int(damage, -9999, 9999, field="damage", cls=CoreDreadRangeError)
    check_int(fortaleza, 0, 99, field="fortaleza", cls=CoreDreadRangeError)
    return damage_wound(damage, fortaleza, options)


def damage_wound(damage: int, fortaleza: int, options: CoreDreadOptions) -> tuple[str | None, int]:
    """§4.8 :func:`wound_from_damage` on arguments already checked (the exact engine)."""
    if damage <= 0:
        return None, 0
    if damage <= fortaleza:
        return "magullado", 1
    if damage <= 2 * fortaleza:
        return "lesionado", 1
    over = damage - 2 * fortaleza
    if options.malherido_step == "inclusive":
        return "malherido", 1 + over // 5
    return "malherido", -(-over // 5)


def adjust_wound(
    level: str | None,
    count: int,
    measured: bool,
    spectacular: bool,
    options: CoreDreadOptions = DEFAULT_OPTIONS,
) -> tuple[str | None, int]:
    """§4.9 steps 1–2: the measured blow first, then the spectacular doubling (G8, G9)."""
    _check_level(level, count)
    return measure_and_double(level, count, measured, spectacular, options)


def measure_and_double(
    level: str | None, count: int, measured: bool, spectacular: bool, options: CoreDreadOptions
) -> tuple[str | None, int]:
    """§4.9 :func:`adjust_wound` on arguments already checked (the exact engine)."""
    if level is None or count == 0:
        return None, 0
    if measured:
        if count > 1:
            count -= 1
        else:
            index = LEVELS.index(level)
            if index == 0:
                return None, 0
            level = LEVELS[index - 1]
    if spectacular:
        count = count + 1 if options.spectacular_wounds == "plus_one" else count * 2
    return level, count


def apply_wounds(
    track: Track, level: str | None, count: int, gore: bool = False
) -> tuple[Track, bool, list[str]]:
    """§4.10 Mark ``count`` wounds one at a time with overflow; past Malherido → death.

    Returns:
        ``(new_track, dead, marked_levels)``; the remaining wounds are ignored at death.
    """
    boxes = BOXES[bool(gore)]
    marks = list(check_track(track, gore))
    _check_level(level, count)
    marked: list[str] = []
    if level is None:
        return tuple(marks), False, marked  # type: ignore[return-value]
    start = LEVELS.index(level)
    for _ in range(count):
        index = start
        while index < len(LEVELS) and marks[index] >= boxes:
            index += 1  # «se marca una herida del siguiente nivel»
        if index == len(LEVELS):
            return tuple(marks), True, marked  # type: ignore[return-value]
        marks[index] += 1
        marked.append(LEVELS[index])
    return tuple(marks), False, marked  # type: ignore[return-value]


#: §4.11 the penalty of one box of each level, in ``LEVELS`` order.
_STANDARD_BY_LEVEL = tuple(STANDARD_PENALTY[lv] for lv in LEVELS)


def wound_penalty(
    track: Track, gore: bool = False, options: CoreDreadOptions = DEFAULT_OPTIONS
) -> int:
    """§4.11 / §4.17 Penalty to FOR, AGI and SEN.

    Standard: 1 per Lesionado and 2 per Malherido. Gore Mode: −1/−2/−3 per marked level,
    summed (``gore_penalty="sum"``) or only the worst (``"worst"``).
    """
    return track_penalty(check_track(track, gore), gore, options)


def track_penalty(marks: Track, gore: bool, options: CoreDreadOptions) -> int:
    """§4.11 / §4.17 :func:`wound_penalty` of a track already checked (a ``Combatant``'s,
    whose fields were checked when it was built: the exact engine reads it on every
    attack law)."""
    if not gore:
        return sum(map(operator.mul, _STANDARD_BY_LEVEL, marks))
    marked = [GORE_PENALTY[lv] for lv, n in zip(LEVELS, marks, strict=True) if n]
    if not marked:
        return 0
    return max(marked) if options.gore_penalty == "worst" else sum(marked)


def knocked_out(marked: list[str] | tuple[str, ...], dead: bool) -> bool:
    """§4.9.3 A knock-out attempt succeeds if a Lesionado or Malherido box was marked."""
    return not dead and any(lv in ("lesionado", "malherido") for lv in marked)


def marks_malherido(marked: list[str] | tuple[str, ...]) -> bool:
    """§4.12 Whether the event marked at least one Malherido box (overflow included)."""
    return "malherido" in marked
