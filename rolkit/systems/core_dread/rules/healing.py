"""§4.16, §5.8 Healing (described in the spec, not in its contract): small pure steps.

Each level heals on its own schedule (G24): Magullado 1 box per 4 hours of rest;
Lesionado 1 box per day if treated; Malherido needs FOR checks (with care: once a day,
a success turns one Malherido into a Lesionado if a Lesionado box is free; without care:
every 10 minutes, a failure adds a Malherido).

:func:`urgent_care` is the fight's first aid («atención médica de urgencia», the ``"aid"``
action): the patient is ``cared_for`` from then on, and makes the day's Fortaleza check with
care at once.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from rolkit.errors import check_int
from rolkit.systems.core_dread.errors import CoreDreadRangeError
from rolkit.systems.core_dread.forms import Combatant
from rolkit.systems.core_dread.options import DEFAULT_OPTIONS, CoreDreadOptions
from rolkit.systems.core_dread.rules.laws import denominator, hit_weights
from rolkit.systems.core_dread.rules.rolls import effective_attribute, roll_check
from rolkit.systems.core_dread.rules.wounds import Track, apply_wounds, check_track, wound_penalty
from rolkit.systems.core_dread.tables import BOXES

__all__ = [
    "HealingCheck",
    "rest",
    "treat",
    "heal",
    "malherido_check",
    "healing_check",
    "healing_check_outcomes",
    "urgent_care",
]


def rest(track: Track, hours: int, gore: bool = False) -> Track:
    """§4.16 Magullado heals 1 box per full 4 hours of rest."""
    mag, les, mal = check_track(track, gore)
    check_int(hours, 0, 100_000, field="hours", cls=CoreDreadRangeError)
    return (max(0, mag - hours // 4), les, mal)


def treat(track: Track, days: int, treated: bool, gore: bool = False) -> Track:
    """§4.16 Lesionado heals 1 box per day, only if treated (bandages, disinfectant…)."""
    mag, les, mal = check_track(track, gore)
    check_int(days, 0, 100_000, field="days", cls=CoreDreadRangeError)
    return (mag, max(0, les - days) if treated else les, mal)


def heal(track: Track, hours: int, treated: bool = False, gore: bool = False) -> Track:
    """§4.16 Rest for ``hours``: Magullado per 4 hours, Lesionado per full day if treated."""
    check_int(hours, 0, 100_000, field="hours", cls=CoreDreadRangeError)
    return treat(rest(track, hours, gore), hours // 24, treated, gore)


def malherido_check(
    track: Track,
    hits: int,
    cared: bool,
    gore: bool = False,
    options: CoreDreadOptions = DEFAULT_OPTIONS,
) -> tuple[Track, bool]:
    """§4.16 The effect of one Malherido healing check with ``hits`` final hits.

    With care: success (≥ 3 hits) turns 1 Malherido into 1 Lesionado if a Lesionado box
    is free; a disastrous failure (0 hits) adds 1 Malherido when
    ``disastrous_healing_aggravates`` (PLACEHOLDER, off by default: G24). Without care: a failure adds 1
    Malherido. Returns ``(new_track, dead)``.
    """
    mag, les, mal = check_track(track, gore)
    check_int(hits, 0, 5, field="hits", cls=CoreDreadRangeError)
    if mal == 0:
        return (mag, les, mal), False
    success = hits >= 3
    if cared:
        if success:
            if les < BOXES[bool(gore)]:
                return (mag, les + 1, mal - 1), False
            return (mag, les, mal), False
        if hits == 0 and options.disastrous_healing_aggravates:
            new, dead, _ = apply_wounds((mag, les, mal), "malherido", 1, gore)
            return new, dead
        return (mag, les, mal), False
    if success:
        return (mag, les, mal), False
    new, dead, _ = apply_wounds((mag, les, mal), "malherido", 1, gore)
    return new, dead


@dataclass(frozen=True)
class HealingCheck:
    """One rolled Malherido healing check: the FOR used, the faces and the result."""

    attribute: int
    faces: tuple[int, ...]
    hits: int
    track: Track
    dead: bool


def _healing_attribute(track: Track, fortaleza: int, gore: bool, options: CoreDreadOptions) -> int:
    return effective_attribute(fortaleza, penalty=wound_penalty(track, gore, options))


def healing_check(
    track: Track,
    fortaleza: int,
    cared: bool,
    rng: Any,
    skill: int = 0,
    gore: bool = False,
    options: CoreDreadOptions = DEFAULT_OPTIONS,
) -> HealingCheck:
    """§4.16 Roll one Malherido healing check (FOR with the wound penalty, §1.2)."""
    check_int(fortaleza, 1, 9, field="fortaleza", cls=CoreDreadRangeError)
    attr = _healing_attribute(check_track(track, gore), fortaleza, gore, options)
    roll = roll_check(attr, skill, rng, 3, options)
    new, dead = malherido_check(track, roll.hits, cared, gore, options)
    return HealingCheck(attr, roll.drawn, roll.hits, new, dead)


def healing_check_outcomes(
    track: Track,
    fortaleza: int,
    cared: bool,
    skill: int = 0,
    gore: bool = False,
    options: CoreDreadOptions = DEFAULT_OPTIONS,
) -> dict[tuple[Track, bool], Fraction]:
    """Exact law of ``(new_track, dead)`` after one Malherido healing check."""
    check_int(fortaleza, 1, 9, field="fortaleza", cls=CoreDreadRangeError)
    check_int(skill, 0, 5, field="skill", cls=CoreDreadRangeError)
    attr = _healing_attribute(check_track(track, gore), fortaleza, gore, options)
    weights: dict[tuple[Track, bool], int] = {}
    for hits, w in enumerate(hit_weights(attr, skill, options.reroll_policy)):
        if w:
            key = malherido_check(track, hits, cared, gore, options)
            weights[key] = weights.get(key, 0) + w
    return {k: Fraction(w, denominator(skill)) for k, w in weights.items()}


def urgent_care(
    patient: Combatant, hits: int, options: CoreDreadOptions = DEFAULT_OPTIONS
) -> Combatant:
    """§4.16 «Requiere atención médica de urgencia. Si la recibe, una vez al día con una
    tirada exitosa de Fortaleza puede convertir una herida en lesión»: the patient after
    urgent care whose Fortaleza check (with care) got ``hits`` final hits — ``cared_for``,
    and the track :func:`malherido_check` gives (``dead`` if a disastrous failure
    aggravates a full track, G24 option)."""
    track, dead = malherido_check(patient.track, hits, True, patient.gore_mode, options)
    mag, les, mal = track
    return dataclasses.replace(
        patient,
        cared_for=True,
        magullado=mag,
        lesionado=les,
        malherido=mal,
        dead=patient.dead or dead,
    )
