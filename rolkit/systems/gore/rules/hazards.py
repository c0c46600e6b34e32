"""§3 P17 Hazards: acid (T14), asphyxia, falls, fire (T15), explosions, pressure and
radiation (T16). Each returns a :class:`HazardResult` (dice per round/event + effects)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from rolkit.dice import parse
from rolkit.errors import RulesError

from ..errors import GoreInputError
from ..options import DEFAULT, GoreOptions
from ..tables import T14_ACID, T15_FIRE, T16_RADIATION

__all__ = [
    "HazardResult",
    "hazard",
    "HAZARDS",
    "dive_for_cover",
    "swim_check_target",
    "exposure_limits",
]


@dataclass(frozen=True)
class HazardResult:
    """§7 ``dice``: damage per round/event ('0' when none); ``effects``: short Spanish texts;
    ``pot``: the radiation POT reached (None otherwise and below 5 rems)."""

    kind: str
    dice: str
    effects: tuple[str, ...] = ()
    pot: int | None = None


_UNSET = object()


def _get(params: dict, kind: str, name: str, default: Any = _UNSET) -> Any:
    if name in params:
        return params.pop(name)
    if default is _UNSET:
        raise GoreInputError.must_be(
            name, None, f"a value (required for '{kind}')", f"un valor (obligatorio para '{kind}')"
        )
    return default


def _number(name: str, value: Any, lo: float = 0.0, strict: bool = False) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise GoreInputError.must_be(name, value, "a number", "un número")
    if value < lo or (strict and value == lo):
        op = ">" if strict else "≥"
        raise GoreInputError.must_be(name, value, f"a number {op} {lo:g}", f"un número {op} {lo:g}")
    return value


def _bool(name: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise GoreInputError.must_be(name, value, "True or False", "True o False")
    return value


def _choice(name: str, value: Any, allowed: tuple[str, ...]) -> str:
    if value not in allowed:
        raise GoreInputError.must_be(
            name, value, "one of " + ", ".join(allowed), "uno de " + ", ".join(allowed)
        )
    return value


def _nd6(n: int, plus: int = 0) -> str:
    if n <= 0:
        return "0"
    return f"{n}D6" + (f"{plus:+d}" if plus else "")


def _acid(p: dict, options: GoreOptions) -> HazardResult:
    strength = _choice("strength", _get(p, "acid", "strength"), tuple(T14_ACID))
    hard = _bool("hard_protection", _get(p, "acid", "hard_protection", False))
    if not hard:
        return HazardResult("acid", T14_ACID[strength], ("daño cada turno de exposición",))
    effects: tuple[str, ...]
    if strength == "debil":
        effects = (
            "la protección dura deja pasar 1 PG por turno durante 1D3 turnos; luego daño completo (1D3-1)",
        )
        return HazardResult("acid", "1", effects)
    effects = (
        f"la protección dura deja pasar 1D3-1 por turno durante 1D3 turnos; luego daño completo ({T14_ACID[strength]})",
    )
    if strength == "fuerte":
        effects += ("el ácido fuerte destruye la protección dura tras 1D6 turnos",)
    return HazardResult("acid", "1D3-1", effects)


def _asphyxia(p: dict, options: GoreOptions) -> HazardResult:
    con = _get(p, "asphyxia", "con")
    if isinstance(con, bool) or not isinstance(con, int) or not 1 <= con <= 99:
        raise GoreInputError.must_be(
            "con", con, "a whole number from 1 to 99", "un entero de 1 a 99"
        )
    rounds = _get(p, "asphyxia", "rounds_without_air")
    if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 1:
        raise GoreInputError.must_be(
            "rounds_without_air", rounds, "a whole number ≥ 1", "un entero ≥ 1"
        )
    exertion = _bool("exertion", _get(p, "asphyxia", "exertion", False))
    hold = math.ceil(Fraction(con, 2))
    at_zero = (
        "a 0 PG muere"
        if options.asphyxia_zero_hp == "mortal"
        else "a 0 PG queda inconsciente (G16)"
    )
    effects: tuple[str, ...] = (
        f"aguanta la respiración {hold} turnos",
        "después 1D6 por turno (5D6 por minuto)",
        at_zero,
    )
    if exertion:
        effects = ("con esfuerzo el daño empieza de inmediato",) + effects
        return HazardResult("asphyxia", "1D6", effects)
    return HazardResult("asphyxia", "1D6" if rounds > hold else "0", effects)


def _fall(p: dict, options: GoreOptions) -> HazardResult:
    metres = _number("metres", _get(p, "fall", "metres"))
    heavy = _bool("heavy_armour", _get(p, "fall", "heavy_armour", False))
    jump = _bool("jump_succeeded", _get(p, "fall", "jump_succeeded", False))
    n = math.floor(Fraction(metres) / 3)
    effects = ["la armadura no protege"]
    if heavy and n >= 1:
        n += 1
        effects.append("armadura pesada +1D6")
    if jump and options.jump_reduces_fall == "minus_1d6" and n >= 1:
        n -= 1
        effects.append("Saltar con éxito −1D6 (G17)")
    return HazardResult("fall", _nd6(n), tuple(effects))


def _fire(p: dict, options: GoreOptions) -> HazardResult:
    source = _choice("source", _get(p, "fire", "source"), tuple(T15_FIRE))
    dice, effects = T15_FIRE[source]
    effects = tuple(effects) + (
        "una protección que cubra la zona protege 1D6 turnos",
        "una quemadura ≥ la mitad de los PG máximos cuesta 1D4 puntos de características (uno siempre CAR)",
    )
    return HazardResult("fire", dice, effects)


def _explosion(p: dict, options: GoreOptions) -> HazardResult:
    dice = _get(p, "explosion", "dice")
    radius = _number("radius_m", _get(p, "explosion", "radius_m"), 0.0, strict=True)
    distance = _number("distance_m", _get(p, "explosion", "distance_m"))
    try:
        expr = parse(dice)
    except RulesError:
        raise GoreInputError.must_be(
            "dice", dice, "a base damage 'nD6+c' such as '4D6'", "un daño base 'nD6+c' como '4D6'"
        ) from None
    d6 = [t for t in expr.terms if t.is_dice]
    consts = [t for t in expr.terms if not t.is_dice]
    if len(d6) != 1 or d6[0].sides != 6 or d6[0].sign < 0:
        raise GoreInputError.must_be(
            "dice", dice, "a base damage 'nD6+c' such as '4D6'", "un daño base 'nD6+c' como '4D6'"
        )
    plus = sum(t.sign * t.count for t in consts)
    s = max(0, math.ceil(Fraction(distance) / Fraction(radius)) - 1)
    n = d6[0].count - s
    effects = (
        f"a {distance:g} m: −{s}D6 (radio {radius:g} m)",
        "Cuerpo a tierra: Esquivar con éxito reduce a la mitad, crítico anula",
    )
    return HazardResult("explosion", _nd6(n, plus), effects)


def _pressure(p: dict, options: GoreOptions) -> HazardResult:
    old = _number("old_atm", _get(p, "pressure", "old_atm"))
    new = _number("new_atm", _get(p, "pressure", "new_atm"))
    delta = abs(Fraction(new) - Fraction(old))
    n = math.floor(2 * delta - 1) if delta >= 1 else 0
    effects: tuple[str, ...] = (f"cambio de {float(delta):g} atmósferas",)
    if new == 0:
        effects += ("vacío: asfixia y además 2D6+4 por turno",)
    return HazardResult("pressure", _nd6(n), effects)


def _vacuum(p: dict, options: GoreOptions) -> HazardResult:
    """P17 «Respecto exponerse al vacío sufre asfixia no pudiendo respirar … ocasionándole
    2D6 +4 PG de daño por ronda hasta que colapsan sus pulmones»: no parameters."""
    return HazardResult(
        "vacuum",
        "2D6+4",
        ("asfixia: no puede respirar", "2D6+4 PG por ronda hasta que colapsan sus pulmones"),
    )


def _radiation(p: dict, options: GoreOptions) -> HazardResult:
    rems = _number("rems", _get(p, "radiation", "rems"))
    resisted = _bool("resisted", _get(p, "radiation", "resisted", False))
    index = -1
    for i, row in enumerate(T16_RADIATION):
        if rems >= row[0]:
            index = i
    if resisted and index >= 0:
        index -= 1
    if index < 0:
        return HazardResult("radiation", "0", ("sin efectos agudos",), None)
    effects: list[str] = []
    for _low, pot, _dice, acute, lethal, long_term, mult in T16_RADIATION[: index + 1]:
        if mult == "high":
            m = options.radiation_con_multiplier_high
            lethal = lethal.replace("chequeo de CON", f"chequeo de CON×{m}")
        for text in (acute, lethal, long_term):
            if text:
                effects.append(f"POT {pot}: {text}")
    row = T16_RADIATION[index]
    return HazardResult("radiation", row[2], tuple(effects), row[1])


HAZARDS = {
    "acid": _acid,
    "asphyxia": _asphyxia,
    "fall": _fall,
    "fire": _fire,
    "explosion": _explosion,
    "pressure": _pressure,
    "radiation": _radiation,
    "vacuum": _vacuum,
}


def hazard(kind: str, **params: Any) -> HazardResult:
    """P17 One hazard: ``kind`` in acid, asphyxia, fall, fire, explosion, pressure, radiation,
    vacuum (no parameters: 2D6+4 per round, with asphyxia).

    Keyword parameters per kind are those of the spec's §7; every kind also accepts
    ``options``.

    Raises:
        GoreInputError: an unknown kind, a missing required or an unknown parameter, or a
            value out of range.
    """
    if kind not in HAZARDS:
        raise GoreInputError.must_be(
            "kind", kind, "one of " + ", ".join(HAZARDS), "uno de " + ", ".join(HAZARDS)
        )
    options = params.pop("options", DEFAULT)
    if not isinstance(options, GoreOptions):
        raise GoreInputError.must_be(
            "options", type(options).__name__, "a GoreOptions", "un GoreOptions"
        )
    result = HAZARDS[kind](params, options)
    if params:
        name = sorted(params)[0]
        raise GoreInputError.must_be(
            name,
            params[name],
            f"no such parameter for '{kind}'",
            f"ningún parámetro así para '{kind}'",
        )
    return result


def dive_for_cover(damage: int, dodge_tier: str) -> int:
    """P17 *Cuerpo a tierra*: an Esquivar success halves area damage (R3, rounded up), a
    critical negates it; a failure or fumble takes it all."""
    if isinstance(damage, bool) or not isinstance(damage, int) or damage < 0:
        raise GoreInputError.must_be("damage", damage, "a whole number ≥ 0", "un entero ≥ 0")
    if dodge_tier not in ("pifia", "fallo", "exito", "critico"):
        raise GoreInputError.must_be(
            "dodge_tier",
            dodge_tier,
            "pifia, fallo, exito or critico",
            "pifia, fallo, exito o critico",
        )
    if dodge_tier == "critico":
        return 0
    return math.ceil(Fraction(damage, 2)) if dodge_tier == "exito" else damage


def swim_check_target(des: int, failed_rounds: int) -> int:
    """P17 *Nadar*: after a failed Nadar check the swimmer rolls DES×5, then DES×4 … DES×1 on
    each following failed round (``failed_rounds`` = 1 for the first), DES×1 from then on."""
    if isinstance(des, bool) or not isinstance(des, int) or not 1 <= des <= 99:
        raise GoreInputError.must_be(
            "des", des, "a whole number from 1 to 99", "un entero de 1 a 99"
        )
    if isinstance(failed_rounds, bool) or not isinstance(failed_rounds, int) or failed_rounds < 1:
        raise GoreInputError.must_be(
            "failed_rounds", failed_rounds, "a whole number ≥ 1", "un entero ≥ 1"
        )
    return des * max(1, 6 - failed_rounds)


def exposure_limits(con: int, desert: str = "none") -> tuple[int, int]:
    """P17 *Intemperie, hambre y sed*: ``(days without food, hours without water)`` before
    serious effects — CON days; CON×4 hours (desert ``'hot'`` CON×3, ``'extreme'`` CON×2)."""
    if isinstance(con, bool) or not isinstance(con, int) or not 1 <= con <= 99:
        raise GoreInputError.must_be(
            "con", con, "a whole number from 1 to 99", "un entero de 1 a 99"
        )
    mult = {"none": 4, "hot": 3, "extreme": 2}
    if desert not in mult:
        raise GoreInputError.must_be(
            "desert", desert, "none, hot or extreme", "none, hot o extreme"
        )
    return con, con * mult[desert]
