"""§4.15 Hazards with no roll: falls, fire, electricity, explosions, asphyxia.

``apply_hazard`` puts a hazard on a combatant's track and makes the §4.12 prone check.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from rolkit.errors import check_choice, check_int
from rolkit.systems.core_dread.errors import CoreDreadRangeError
from rolkit.systems.core_dread.forms import Combatant, armor_absorption
from rolkit.systems.core_dread.options import DEFAULT_OPTIONS, CoreDreadOptions
from rolkit.systems.core_dread.rules.damage import absorb
from rolkit.systems.core_dread.rules.rolls import effective_attribute, roll_check
from rolkit.systems.core_dread.rules.wounds import (
    apply_wounds,
    marks_malherido,
    wound_from_damage,
    wound_penalty,
)
from rolkit.systems.core_dread.tables import FALL_RATE, HAZARDS, LEVELS

__all__ = [
    "fall_damage",
    "fall_wound",
    "hazard_wounds",
    "asphyxia_turns",
    "HazardResult",
    "apply_hazard",
    "derived_fortaleza",
    "fall",
]


def fall_damage(metres: int, surface: str = "solida") -> int:
    """§4.15 ``rate × metres``: 3 on a solid surface, 2 cushioned, 1 particularly safe."""
    check_int(metres, 0, 9999, field="metres", cls=CoreDreadRangeError)
    check_choice(surface, tuple(FALL_RATE), field="surface", cls=CoreDreadRangeError)
    return FALL_RATE[surface] * metres


def fall_wound(
    metres: int,
    fortaleza: int,
    surface: str = "solida",
    absorption: int = 0,
    options: CoreDreadOptions = DEFAULT_OPTIONS,
) -> tuple[str | None, int]:
    """§4.15 + §4.8 The wound of a fall; armour absorbs only with ``armor_absorbs_falls`` (G12)."""
    damage = fall_damage(metres, surface)
    if options.armor_absorbs_falls:
        damage = absorb(
            damage, check_int(absorption, 0, 5, field="absorption", cls=CoreDreadRangeError)
        )
    return wound_from_damage(damage, fortaleza, options)


def hazard_wounds(kind: str, explosion_wounds: int = 1) -> tuple[str, int]:
    """§4.15 Fire and electricity (per turn) or an explosion (once): ``(level, count)``.

    ``explosion_wounds`` is the GM's number of Malherido wounds (G25, ≥ 1).
    """
    check_choice(kind, tuple(HAZARDS), field="kind", cls=CoreDreadRangeError)
    if kind == "explosion":
        return "malherido", check_int(
            explosion_wounds, 1, 99, field="explosion_wounds", cls=CoreDreadRangeError
        )
    return HAZARDS[kind]


def asphyxia_turns(fortaleza: int, breath_hits: int = 0) -> int:
    """§4.15 Turns survived without air: ``FOR + hits`` of the breath check (dies on N + 1)."""
    check_int(fortaleza, 0, 99, field="fortaleza", cls=CoreDreadRangeError)
    check_int(breath_hits, 0, 5, field="breath_hits", cls=CoreDreadRangeError)
    return fortaleza + breath_hits


@dataclass(frozen=True)
class HazardResult:
    """A hazard put on a track: what was marked, death, the prone check's faces."""

    combatant: Combatant
    level: str | None
    count: int
    marked: tuple[str, ...]
    dead: bool
    prone_faces: tuple[int, ...] = ()
    fell_prone: bool = False


def apply_hazard(
    combatant: Combatant,
    level: str | None,
    count: int,
    rng: Any = None,
    options: CoreDreadOptions = DEFAULT_OPTIONS,
) -> HazardResult:
    """§4.10 + §4.12 Mark a hazard's wounds, then (with ``rng``) the prone check.

    The prone check happens when a Malherido box was marked and the victim lives and is
    conscious; without ``rng`` it is skipped (``fell_prone`` stays False).
    """
    if level is not None:
        check_choice(level, LEVELS, field="level", cls=CoreDreadRangeError)
    track, dead, marked = apply_wounds(combatant.track, level, count, combatant.gore_mode)
    after = dataclasses.replace(
        combatant, magullado=track[0], lesionado=track[1], malherido=track[2], dead=dead
    )
    faces: tuple[int, ...] = ()
    fell = False
    if rng is not None and marks_malherido(marked) and not dead and not after.unconscious:
        pen = wound_penalty(track, after.gore_mode, options)
        roll = roll_check(effective_attribute(after.fortaleza, penalty=pen), 0, rng, 3, options)
        faces, fell = roll.drawn, not roll.success
        if fell:
            after = dataclasses.replace(after, prone=True)
    return HazardResult(after, level, count, tuple(marked), dead, faces, fell)


def derived_fortaleza(combatant: Combatant, options: CoreDreadOptions = DEFAULT_OPTIONS) -> int:
    """G13 FOR for damage limits and asphyxia: base, or effective with the option set."""
    if not options.penalties_affect_derived:
        return combatant.fortaleza
    pen = wound_penalty(combatant.track, combatant.gore_mode, options)
    return effective_attribute(combatant.fortaleza, penalty=pen)


def fall(
    combatant: Combatant,
    metres: int,
    surface: str = "solida",
    rng: Any = None,
    options: CoreDreadOptions = DEFAULT_OPTIONS,
) -> HazardResult:
    """§4.15 A whole fall event: damage, armour (only with ``armor_absorbs_falls``, never
    worn), the wound against FOR (G13), the track and, with ``rng``, the prone check."""
    level, count = fall_wound(
        metres,
        derived_fortaleza(combatant, options),
        surface,
        armor_absorption(combatant.armor),
        options,
    )
    return apply_hazard(combatant, level, count, rng, options)
