"""§4.3, §4.4, §4.12, §4.14 What a character may do with its turn besides attacking, when no
roll decides it: get up, take or leave cover, aim. Each is a certain
:class:`~rolkit.system.CheckProcedure` (one degree has probability 1, nothing is rolled)
and a pure change of the combatant's form.

* ``"stand_up"`` — getting up after «Irse al suelo por heridas» (§4.12). The seed gives no
  roll for it; it is part of the turn's movement («un movimiento y una acción», §4.3).
* ``"cover"`` — «un personaje puede decidir quedar a cubierto o salir de una cobertura
  después de moverse» (§4.14): the movement too. In cover it «estará protegido de los
  disparos enemigos, pero no podrá atacar» (read by the attack's checks, §3.6).
* ``"aim"`` — «Apuntar» (§4.4): «declara su ataque a distancia, pero se mantiene
  apuntando durante el turno. Al siguiente turno, si aún tiene la oportunidad de realizar
  el ataque a distancia, lo realiza usando su atributo de Concentración». The turn's
  action; the combatant is ``aiming`` until its next attack (which uses it up), a defence
  or a knock-out (:mod:`..after`).
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from typing import Any

from rolkit import fields
from rolkit.dice import RandomSource
from rolkit.model import Degree, Step
from rolkit.system import CheckProcedure
from rolkit.systems.core_dread.checks.forms import AimForm, CoverForm, StandUpForm
from rolkit.systems.core_dread.forms import Combatant
from rolkit.systems.core_dread.messages import cite
from rolkit.systems.core_dread.options import CoreDreadOptions

__all__ = [
    "STAND_UP",
    "COVER",
    "AIM",
    "MANEUVERS",
    "stand_up",
    "take_cover",
    "leave_cover",
    "start_aiming",
]


def stand_up(c: Combatant) -> Combatant:
    """§4.12 The combatant back on its feet (``prone`` False)."""
    return dataclasses.replace(c, prone=False) if c.prone else c


def take_cover(c: Combatant) -> Combatant:
    """§4.14 The combatant in cover (``in_cover`` True)."""
    return c if c.in_cover else dataclasses.replace(c, in_cover=True)


def leave_cover(c: Combatant) -> Combatant:
    """§4.14 The combatant out of cover (``in_cover`` False)."""
    return dataclasses.replace(c, in_cover=False) if c.in_cover else c


def start_aiming(c: Combatant) -> Combatant:
    """§4.4 The combatant aiming: its next ranged attack uses Concentración."""
    return c if c.aiming else dataclasses.replace(c, aiming=True)


def _certain(degrees: tuple[Degree, ...], which: str) -> dict[str, Fraction]:
    return {d.id: Fraction(d.id == which) for d in degrees}


# --------------------------------------------------------------------------- stand up
STAND_UP_DEGREES = (
    Degree("standing", ("Ya estaba de pie", "Ya estaba de pie (already standing)"), False),
    Degree("stands", ("Se levanta", "Se levanta (gets up)"), True),
)


def _stand_up_degree(form: StandUpForm) -> str:
    return "stands" if form.prone else "standing"


def _stand_up_odds(form: StandUpForm, options: CoreDreadOptions) -> dict[str, Fraction]:
    """Certain: nothing is rolled."""
    return _certain(STAND_UP_DEGREES, _stand_up_degree(form))


def _stand_up_resolve(
    form: StandUpForm, options: CoreDreadOptions, rng: RandomSource
) -> tuple[list[Step], str, str]:
    degree = _stand_up_degree(form)
    return [Step(f"cd.step.stand_up.{degree}", (), {}, cite("stand_up"))], degree, degree


STAND_UP: CheckProcedure[Any, CoreDreadOptions] = CheckProcedure(
    id="stand_up",
    label=fields.label("Levantarse", "get up"),
    form=StandUpForm,
    degrees=STAND_UP_DEGREES,
    odds_fn=_stand_up_odds,
    resolve_fn=_stand_up_resolve,
)


# --------------------------------------------------------------------------- cover
COVER_DEGREES = (
    Degree("leaves", ("Sale de la cobertura", "Sale de la cobertura (leaves cover)"), False),
    Degree("takes", ("Queda a cubierto", "Queda a cubierto (takes cover)"), True),
)


def _cover_degree(form: CoverForm) -> str:
    return "leaves" if form.in_cover else "takes"


def _cover_odds(form: CoverForm, options: CoreDreadOptions) -> dict[str, Fraction]:
    """Certain: in cover it leaves it, out of cover it takes it."""
    return _certain(COVER_DEGREES, _cover_degree(form))


def _cover_resolve(
    form: CoverForm, options: CoreDreadOptions, rng: RandomSource
) -> tuple[list[Step], str, str]:
    degree = _cover_degree(form)
    return [Step(f"cd.step.cover_move.{degree}", (), {}, cite("cover_move"))], degree, degree


COVER: CheckProcedure[Any, CoreDreadOptions] = CheckProcedure(
    id="cover",
    label=fields.label("Cobertura", "cover"),
    form=CoverForm,
    degrees=COVER_DEGREES,
    odds_fn=_cover_odds,
    resolve_fn=_cover_resolve,
)


# --------------------------------------------------------------------------- aim
AIM_DEGREES = (Degree("aims", ("Apunta", "Apunta (aims)"), True),)


def _aim_odds(form: AimForm, options: CoreDreadOptions) -> dict[str, Fraction]:
    """Certain: the aim is declared; the shot comes next turn."""
    return {"aims": Fraction(1)}


def _aim_resolve(
    form: AimForm, options: CoreDreadOptions, rng: RandomSource
) -> tuple[list[Step], str, str]:
    derived = {"agilidad": form.agilidad, "concentracion": form.concentracion}
    return [Step("cd.step.aim", (), derived, cite("base_aimed"))], "aims", "aims"


AIM: CheckProcedure[Any, CoreDreadOptions] = CheckProcedure(
    id="aim",
    label=fields.label("Apuntar", "aim"),
    form=AimForm,
    degrees=AIM_DEGREES,
    odds_fn=_aim_odds,
    resolve_fn=_aim_resolve,
)

#: The turn's certain procedures (not offered as checks: nothing is rolled).
MANEUVERS: dict[str, CheckProcedure[Any, CoreDreadOptions]] = {
    "stand_up": STAND_UP,
    "cover": COVER,
    "aim": AIM,
}
