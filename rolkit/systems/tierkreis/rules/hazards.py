"""P16–P18, P20–P21, P24 Jumping, falling, asphyxia, hunger and sleep, intoxication, movement.

Seed: *Saltar* «por cada metro extra que deba superar recibe un -1 … si la distancia a saltar
es menor a su FUE, gana un +1 … por cada punto de diferencia»; *Daño por Caídas* «igual a la
mitad de la distancia caída en metros … caídas desde una altura igual a la mitad de FUE en
metros, no causan daño»; *Asfixia* «tantos turnos como su puntuación de VIT … -1
acumulativo»; *Intoxicación* «por cada vez que tome una dosis … -1 acumulable»; *Mover*
«tantos metros como su puntuación de AGI … solo se mueve la mitad».
"""

from __future__ import annotations

import math
from fractions import Fraction

from rolkit.errors import check_choice, check_int, input_error, shown
from rolkit.systems.tierkreis.errors import TierkreisInputError

__all__ = [
    "jump_modifier",
    "vertical_jump_m",
    "fall_damage",
    "asphyxia_modifier",
    "intoxication_modifier",
    "movement_m",
]


def _metres(value: Fraction | int | float, field: str) -> Fraction:
    """A distance in metres, 0–1000 (a non-finite float is out of range, shown as -1)."""
    number = isinstance(value, int | float | Fraction) and not isinstance(value, bool)
    if number and isinstance(value, float) and not math.isfinite(value):
        value = -1
    if not number or not 0 <= Fraction(value) <= 1000:
        raise input_error(
            field,
            en=f"{field} must be a number of metres from 0 to 1000 (got {shown(value)})",
            es=f"{field} debe ser un número de metros de 0 a 1000 (recibido {shown(value)})",
            allowed="0..1000",
            got=value,
            cls=TierkreisInputError,
        )
    return Fraction(value)


def jump_modifier(
    strength: int,
    distance_m: Fraction | int,
    run_up: bool = True,
    standing: str = "half_reference",
) -> int | None:
    """P16 The intrinsic modifier of a long jump's FUE check: ``floor(reference − distance)``.

    ``reference`` is FUE with a run-up of about 5 m, FUE/2 without (G13). Each whole metre
    short gives +1, each started extra metre −1 (G14). ``standing="hard_cap"``: without a
    run-up a distance over FUE/2 is impossible (``None``: automatic failure, no roll).
    """
    check_int(strength, 1, 12, field="strength", cls=TierkreisInputError)
    check_choice(
        standing, ("half_reference", "hard_cap"), field="standing_jump", cls=TierkreisInputError
    )
    distance = _metres(distance_m, "distance_m")
    reference = Fraction(strength) if run_up else Fraction(strength, 2)
    if not run_up and standing == "hard_cap" and distance > reference:
        return None
    return math.floor(reference - distance)


def vertical_jump_m(strength: int) -> int:
    """P16 «puede subir 1 metro por cada 3 puntos en FUE»: ``strength // 3`` m, no check."""
    check_int(strength, 1, 12, field="strength", cls=TierkreisInputError)
    return strength // 3


def fall_damage(height_m: Fraction | int, strength: int, rounding: str = "down") -> int:
    """P17 Half the metres fallen (rounded down, or up, G12); no damage if ``2·height ≤ FUE``."""
    check_int(strength, 1, 12, field="strength", cls=TierkreisInputError)
    check_choice(rounding, ("down", "up"), field="fall_damage_rounding", cls=TierkreisInputError)
    height = _metres(height_m, "height_m")
    if 2 * height <= strength:
        return 0
    half = height / 2
    return math.floor(half) if rounding == "down" else math.ceil(half)


def asphyxia_modifier(vitality: int, turn: int) -> int | None:
    """P18 ``None`` for turns 1…VIT (no check); then the VIT check's intrinsic modifier
    ``−(turn − VIT − 1)`` (the seed's VIT 6: turn 7 at 0, turn 8 at −1)."""
    check_int(vitality, 1, 12, field="vitality", cls=TierkreisInputError)
    check_int(turn, 1, 999, field="turn", cls=TierkreisInputError)
    if turn <= vitality:
        return None
    return -(turn - vitality - 1)


def intoxication_modifier(dose_number: int) -> int:
    """P21, G20 The VIT check after the n-th dose: ``−(n − 1)`` (first dose at 0)."""
    check_int(dose_number, 1, 99, field="dose_number", cls=TierkreisInputError)
    return -(dose_number - 1)


def movement_m(agility: int, slowed: bool = False, intoxicated: bool = False) -> Fraction:
    """P24 *Mover*: AGI metres; half (exact) when climbing, swimming, in stealth or
    intoxicated; the halvings do not compound (G22)."""
    check_int(agility, 1, 12, field="agility", cls=TierkreisInputError)
    metres = Fraction(agility)
    return metres / 2 if slowed or intoxicated else metres
