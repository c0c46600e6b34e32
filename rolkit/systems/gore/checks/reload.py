"""P11.8 Reloading and P11.9 silencer life («Reglas adicionales de armas de fuego»).

* «Recargando»: «Necesitas todo un turno de combate para cargar 2 balas o cartuchos/cambiar
  un cargador. Dos turnos el cambiar la cinta de abastecimiento de una ametralladora. Un
  personaje puede cargar una bala/cartucho y hacer un disparo en el mismo turno, pero su
  Orden de Batalla se reduce a la mitad.»
* «Silenciadores»: «Dividen el alcance efectivo por la mitad y … funciona durante
  1D100+10 disparos».
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import NamedTuple

from rolkit.dice import RandomSource
from rolkit.errors import check_int

from ..errors import GoreInputError

__all__ = ["RELOADS", "Reload", "reload_plan", "silencer_life", "silencer_life_law"]

#: How a weapon is reloaded (the seed's three cases).
RELOADS = ("cartridges", "magazine", "belt")


class Reload(NamedTuple):
    """What reloading costs: full rounds spent, and whether the fighter may still load one
    round and fire this round (at half its attack order, P4.3)."""

    rounds: int
    load_one_and_fire: bool


def reload_plan(kind: str, cartridges: int = 2) -> Reload:
    """P11.8 Rounds to reload: ``cartridges`` loose rounds at 2 per round (ceil), one round
    for a magazine, two for a machine-gun belt. ``load_one_and_fire``: with loose rounds a
    fighter may instead load one and fire in the same round at half order.

    Raises:
        GoreInputError: an unknown ``kind`` or fewer than 1 cartridge.
    """
    if kind not in RELOADS:
        raise GoreInputError.must_be(
            "kind", kind, "one of " + ", ".join(RELOADS), "uno de " + ", ".join(RELOADS)
        )
    if kind == "magazine":
        return Reload(1, False)
    if kind == "belt":
        return Reload(2, False)
    n = check_int(cartridges, 1, 1000, field="cartridges", label="cartridges", cls=GoreInputError)
    return Reload(math.ceil(n / 2), True)


def silencer_life(rng: RandomSource) -> int:
    """P11.9 Shots a professional silencer lasts: 1D100+10 (one ``randint(1, 100)``)."""
    return rng.randint(1, 100) + 10


def silencer_life_law() -> dict[int, Fraction]:
    """P11.9 The exact law of :func:`silencer_life`: 11..110, each 1/100."""
    return {n + 10: Fraction(1, 100) for n in range(1, 101)}
