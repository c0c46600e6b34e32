"""§4.14 Reloading a firearm («Recargar»), as a pure function and as the ``"reload"`` procedure.

The seed: «Recargar un arma puede llevar varios minutos, a menos que solo se trate de cambiar
un cargador por otro o “recargar” un arco, lo que solo toma un turno.» Ammunition is counted
in attacks (§5.5), so a reload fills the weapon to its capacity. How long it takes:

* one turn for a bow or crossbow («“recargar” un arco»), or when the shooter has a spare
  magazine (``Weapon.spare_magazine``, default True: **PLACEHOLDER**, the seed does not say
  who carries one);
* several minutes otherwise (loose rounds), i.e. not during a fight's turn.

:func:`reload_weapon` gives the full weapon and the step; the ``"reload"`` check procedure
offers the same through ``SYSTEM.checks`` (its degree says the time: ``one_turn`` or
``minutes``; it is certain, there is no roll).
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from typing import NamedTuple

from rolkit import fields
from rolkit.dice import RandomSource
from rolkit.errors import input_error, shown
from rolkit.model import Degree, Step
from rolkit.system import CheckProcedure
from rolkit.systems.core_dread.checks.forms import ReloadForm
from rolkit.systems.core_dread.errors import CoreDreadImpossibleError
from rolkit.systems.core_dread.forms import Weapon, weapon_attacks_left, weapon_capacity
from rolkit.systems.core_dread.messages import cite, value_key
from rolkit.systems.core_dread.options import CoreDreadOptions
from rolkit.systems.core_dread.tables import RANGED_LABELS

__all__ = ["Reload", "reload_time", "reload_weapon", "RELOAD", "RELOAD_DEGREES"]

RELOAD_DEGREES = (
    Degree("minutes", ("Varios minutos", "Varios minutos (several minutes)"), success=False),
    Degree("one_turn", ("Un turno", "Un turno (one turn)"), success=True),
)


class Reload(NamedTuple):
    """A reload: the weapon after it, how long it takes, and the step that explains it."""

    weapon: Weapon
    time: str  # "one_turn" | "minutes"
    step: Step


def reload_time(ranged_type: str, spare_magazine: bool) -> str:
    """§4.14 ``"one_turn"`` for a bow or a magazine swap, else ``"minutes"``."""
    return "one_turn" if ranged_type == "arco_ballesta" or spare_magazine else "minutes"


def reload_weapon(weapon: Weapon) -> Reload:
    """§4.14 Fill ``weapon`` to its capacity (attacks per reload, §5.5).

    Raises:
        CoreDreadImpossibleError: the weapon is not a firearm (its ammunition is not tracked).
    """
    cap = weapon_capacity(weapon)
    if weapon.ranged_type is None or cap is None:
        raise input_error(
            "weapon.mode",
            en=(
                "weapon.mode: only a ranged weapon (arma de proyectiles) is reloaded "
                f"(got {shown(weapon.mode)})"
            ),
            es=(
                "weapon.mode: solo se recarga un arma de proyectiles "
                f"(recibido {shown(weapon.mode)})"
            ),
            allowed="ranged",
            got=weapon.mode,
            cls=CoreDreadImpossibleError,
        )
    time = reload_time(weapon.ranged_type, weapon.spare_magazine)
    step = Step(
        "cd.step.reload",
        (),
        {
            "attacks_left": weapon_attacks_left(weapon),
            "capacity": cap,
            "time": value_key(time),
        },
        cite("reload"),
        {"weapon": weapon.name or RANGED_LABELS[weapon.ranged_type][0]},
    )
    return Reload(dataclasses.replace(weapon, attacks_left=cap), time, step)


def _odds(form: ReloadForm, options: CoreDreadOptions) -> dict[str, Fraction]:
    time = reload_time(form.ranged_type, form.spare_magazine)
    return {d.id: Fraction(d.id == time) for d in RELOAD_DEGREES}


def _resolve(
    form: ReloadForm, options: CoreDreadOptions, rng: RandomSource
) -> tuple[list[Step], Reload, str]:
    done = reload_weapon(form.weapon())
    return [done.step], done, done.time


RELOAD = CheckProcedure(
    id="reload",
    label=fields.label("Recargar", "reload"),
    form=ReloadForm,
    degrees=RELOAD_DEGREES,
    odds_fn=_odds,
    resolve_fn=_resolve,
)
