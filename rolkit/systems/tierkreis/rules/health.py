"""P9–P10 PV, unconsciousness, death points and death (*Puntos de Vida*, *Inconsciencia y Muerte*).

Seed: «Cuando un personaje recibe daño y alcanza 0PV, cae inmediatamente inconsciente. Al
iniciar su siguiente turno, gana 1 punto de muerte. Si al iniciar un turno el personaje
alcanza 3 puntos de muerte, muere. Si un personaje en 0PV recibe daño, gana un punto de
muerte.»
"""

from __future__ import annotations

from typing import Literal, NamedTuple

from rolkit.errors import check_choice, check_int
from rolkit.systems.tierkreis.errors import TierkreisInputError

__all__ = [
    "pv_max",
    "HealthState",
    "apply_damage",
    "start_of_turn",
    "heal",
    "night_recovery",
    "fate_of",
    "DEATH_AT",
]

#: «3 puntos de muerte, muere».
DEATH_AT = 3
_TIMINGS = ("immediate", "turn_start")


def pv_max(level: int, vitality: int) -> int:
    """P9 «igual al nivel del personaje más 1PV por cada 2 puntos de VIT»: level + VIT // 2."""
    return level + vitality // 2


class HealthState(NamedTuple):
    """PV, death points and status (``"active"``, ``"unconscious"``, ``"dead"``)."""

    pv: int
    death_points: int
    status: Literal["active", "unconscious", "dead"]


def _status(pv: int, death_points: int, dead: bool) -> HealthState:
    if dead:
        return HealthState(pv, death_points, "dead")
    return HealthState(pv, death_points, "unconscious" if pv == 0 else "active")


def apply_damage(
    pv: int, death_points: int, damage: int, death_timing: str = "turn_start"
) -> HealthState:
    """P9 The health after ``damage``.

    Damage ``d ≥ 1`` at ``pv > 0`` lowers PV (never below 0; reaching 0 gives no death point);
    at 0 PV it adds one death point, whatever the amount. Damage 0 changes nothing. With
    ``death_timing="turn_start"`` (the default, G11: «Si al iniciar un turno el personaje
    alcanza 3 puntos de muerte, muere») a third death point from a blow leaves the
    character unconscious — dying, still healable — until its next turn starts
    (:func:`start_of_turn`); with ``"immediate"`` (a house rule) 3 points are death at once.
    """
    check_int(pv, 0, 999, field="pv", cls=TierkreisInputError)
    check_int(death_points, 0, DEATH_AT, field="death_points", cls=TierkreisInputError)
    check_int(damage, 0, 9999, field="damage", cls=TierkreisInputError)
    check_choice(death_timing, _TIMINGS, field="death_timing", cls=TierkreisInputError)
    if damage > 0:
        if pv > 0:
            pv = max(0, pv - damage)
        else:
            death_points = min(DEATH_AT, death_points + 1)
    return _status(pv, death_points, death_timing == "immediate" and death_points >= DEATH_AT)


def start_of_turn(pv: int, death_points: int, stable: bool = False) -> HealthState:
    """P10 At the start of its turn at 0 PV a character gains 1 death point; at 3 it dies.

    ``stable=True``: knocked out by asphyxia but breathing again (P18), no new death point
    (3 points already gained still kill).
    """
    check_int(pv, 0, 999, field="pv", cls=TierkreisInputError)
    check_int(death_points, 0, DEATH_AT, field="death_points", cls=TierkreisInputError)
    if pv == 0 and not stable:
        death_points = min(DEATH_AT, death_points + 1)
    return _status(pv, death_points, death_points >= DEATH_AT)


def fate_of(state: HealthState, knocked_out: bool = False) -> str | None:
    """The common fate: ``None`` (acting), ``"dying"`` (0 PV: death points come each turn
    and the third kills, so it dies without help — with ``death_timing="turn_start"`` this
    includes 3 points waiting for the turn start), ``"down"`` (unconscious with PV left:
    hunger and sleep, P20), ``"dead"``."""
    if state.status == "dead":
        return "dead"
    if state.pv == 0:
        return "dying"
    return "down" if knocked_out else None


def heal(
    pv: int, death_points: int, amount: int, pv_max: int, still_dying: bool = False
) -> HealthState:
    """P9 «Los poderes que recuperan PV … borrando los puntos de muerte»: a healing power
    restores ``amount`` PV (capped at ``pv_max``) and clears every death point; a character
    healed from 0 PV wakes up (prone: «El personaje despierta tumbado»). The dead stay dead
    (3 death points), except ``still_dying``: with ``death_timing="turn_start"`` (G11) a
    character at 3 points whose turn has not started yet (the form's ``dead`` unticked) is
    still dying, and «dies at the start of its next turn unless healed»."""
    check_int(pv_max, 1, 999, field="pv_max", cls=TierkreisInputError)
    check_int(pv, 0, pv_max, field="pv", cls=TierkreisInputError)
    check_int(death_points, 0, DEATH_AT, field="death_points", cls=TierkreisInputError)
    check_int(amount, 0, 999, field="amount", cls=TierkreisInputError)
    if death_points >= DEATH_AT and not still_dying:
        return HealthState(pv, death_points, "dead")
    if amount == 0:
        return _status(pv, death_points, False)
    return _status(min(pv_max, pv + amount), 0, False)


def night_recovery(
    pv: int, death_points: int, level: int, pv_max: int, slept: bool = True, ate: bool = True
) -> HealthState:
    """P22 «descansa … durmiendo entre 7 y 8 horas, recupera tantos PV como su nivel»;
    P20: without sleep or without food, no PV are recovered the next day. PV above 0 end
    any death points (they exist only at 0 PV); the dead do not recover."""
    check_int(level, 1, 20, field="level", cls=TierkreisInputError)
    if death_points >= DEATH_AT:
        return HealthState(pv, death_points, "dead")
    if not (slept and ate):
        return _status(pv, death_points, False)
    return heal(pv, death_points, level, pv_max)
