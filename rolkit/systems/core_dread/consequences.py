"""§4.9.3, §4.10, §4.12 A wound put on the victim's current track, and what follows.

One function, :func:`mark`, decides overflow and death, the knock-out and whether the
prone check is due (and at which Fortaleza); ``resolve_attack`` then rolls that check and
the exact odds weigh it with the check's law, so both read the same rule.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from rolkit.systems.core_dread.forms import (
    Combatant,
    CoreDreadOptions,
    Modifiers,
    Weapon,
    weapon_attacks_left,
)
from rolkit.systems.core_dread.laws import denominator, success_weight
from rolkit.systems.core_dread.outcome import Fate
from rolkit.systems.core_dread.rolls import effective_attribute
from rolkit.systems.core_dread.tables import LEVELS
from rolkit.systems.core_dread.wounds import (
    Track,
    apply_wounds,
    knocked_out,
    marks_malherido,
    wound_penalty,
)

__all__ = [
    "Marking",
    "mark",
    "fate_after",
    "PRONE_MIN_HITS",
    "prone_weights",
    "track_changes",
    "loses_autocontrol",
    "spend_attack",
]

#: §4.12 «Si la tirada falla»: a plain check, 3 hits.
PRONE_MIN_HITS = 3


@dataclass(frozen=True)
class Marking:
    """What marking one attack's wound on a victim's track leads to.

    ``track``/``dead``/``marked``: §4.10 ``apply_wounds``; ``knocked_out``: §4.9.3 (a
    knock-out attempt that marked a Lesionado or Malherido box on a living victim);
    ``prone_attribute``: the effective FOR of the §4.12 check after the new penalties, or
    ``None`` when no check is due (no Malherido marked, dead, or unconscious).
    """

    track: Track
    dead: bool
    marked: tuple[str, ...]
    knocked_out: bool
    prone_attribute: int | None


def mark(
    victim: Combatant,
    level: str | None,
    count: int,
    knockout_attempt: bool,
    options: CoreDreadOptions,
) -> Marking:
    """§4.10 Mark ``count`` wounds of ``level`` on ``victim``'s current track, then §4.9.3
    knock-out and the §4.12 prone check's attribute («cae al suelo»)."""
    track, dead, marked = apply_wounds(victim.track, level, count, victim.gore_mode)
    ko = knockout_attempt and knocked_out(marked, dead)
    prone_attribute = None
    if marks_malherido(marked) and not dead and not (victim.unconscious or ko):
        penalty = wound_penalty(track, victim.gore_mode, options)
        prone_attribute = effective_attribute(victim.fortaleza, penalty=penalty)
    return Marking(track, dead, tuple(marked), ko, prone_attribute)


def fate_after(victim: Combatant, marking: Marking) -> Fate:
    """§7.3 The victim's fate after the marking: dead, down (unconscious before, or knocked
    out now) or still acting (``None``). Core Dread has no "dying" state."""
    if marking.dead:
        return "dead"
    if victim.unconscious or marking.knocked_out:
        return "down"
    return None


def prone_weights(prone_attribute: int | None) -> tuple[tuple[bool, int], ...]:
    """§4.12 ``((falls, weight), …)`` over ``denominator(0)``: the check fails → prone.

    No check due: a single row ``(False, 10**5)``. The check has no skill, so the reroll
    policy does not matter.
    """
    total = denominator(0)
    if prone_attribute is None:
        return ((False, total),)
    stays = success_weight(prone_attribute, 0, PRONE_MIN_HITS, "repeat")
    return tuple((falls, w) for falls, w in ((True, total - stays), (False, stays)) if w)


def track_changes(marking: Marking) -> dict[str, Any]:
    """§4.10 The victim's form changes a marking makes: the three boxes, and ``dead``."""
    changes: dict[str, Any] = dict(zip(LEVELS, marking.track, strict=True))
    if marking.dead:
        changes["dead"] = True
    return changes


def loses_autocontrol(defender: Combatant, modifiers: Modifiers, count: int) -> bool:
    """§4.13, G22 One point of Autocontrol (never below 0) when a dangerous attack marks
    at least one wound («pierde un punto de Autocontrol inmediatamente»)."""
    return modifiers.dangerous_situation and count > 0 and defender.autocontrol > 0


def spend_attack(weapon: Weapon) -> Weapon:
    """§4.14 The firearm after one attack of ammunition («munición», counted in attacks)."""
    left = weapon_attacks_left(weapon)
    if left is None or left < 1:  # validate_attack rejects this; kept as a guard
        raise ValueError(f"{weapon.name!r} has no ammunition to spend")
    return dataclasses.replace(weapon, attacks_left=left - 1)
