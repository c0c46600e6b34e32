"""§2.1 Derived values: the maximum HP (``hp_max``), the T8 location HP (``location_hp``,
with a defender's G23 overrides: ``defender_location_hp``), and the values the engine uses
for a form's empty automatic fields, for the forms to show (``System.derived``,
``auto_values``): HP from CON and TAM, the dodge skill from DES [BRP], the T8 location HP,
the T19 damage modifier, a shield's current PG."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from rolkit.errors import check_int
from rolkit.fields import FrozenMap
from rolkit.memo import memo

from ..errors import GoreInputError
from ..forms import LOCATIONS, Combatant
from ..options import GoreOptions
from ..tables import WIDE

__all__ = ["hp_max", "location_hp", "defender_location_hp", "auto_values"]


def auto_values(role: str, form: Any, options: GoreOptions) -> dict[str, Any]:
    """``{field: value}`` of what an empty field stands for (nested as ``"block_item.pg_current"``)."""
    if not isinstance(form, Combatant):
        return {}
    out: dict[str, Any] = {
        "hp_max": form.max_hp,
        "hp_current": form.current_hp,
        "dodge_skill": form.dodge,
        "damage_modifier": form.md,
        "location_hp_override": FrozenMap(location_hp(form.max_hp)),
    }
    item = form.block_item
    if item is not None and item.pg_current is None:
        out["block_item.pg_current"] = item.pg_max
    return out


def hp_max(con: int, tam: int) -> int:
    """§2.1 [BRP] maximum hit points ``ceil((CON+TAM)/2)``."""
    return math.ceil(
        (
            check_int(con, 1, WIDE, field="con", label="con", cls=GoreInputError)
            + check_int(tam, 1, WIDE, field="tam", label="tam", cls=GoreInputError)
        )
        / 2
    )


@memo
def _location_hp(total: int) -> tuple[tuple[str, int], ...]:
    third = math.ceil(Fraction(total, 3))
    arm = math.ceil(Fraction(total, 4))
    chest = math.ceil(Fraction(4 * total, 10))
    split = {
        "pierna_derecha": third,
        "pierna_izquierda": third,
        "abdomen": third,
        "pecho": chest,
        "brazo_derecho": arm,
        "brazo_izquierdo": arm,
        "cabeza": third,
    }
    return tuple((loc, split[loc]) for loc in LOCATIONS)


def location_hp(hp_max: int) -> dict[str, int]:
    """T8 [BRP] location HP: head, abdomen, legs ceil(HP/3); chest ceil(4HP/10); arms ceil(HP/4)."""
    return dict(
        _location_hp(check_int(hp_max, 1, WIDE, field="hp_max", label="hp_max", cls=GoreInputError))
    )


def defender_location_hp(defender: Combatant) -> dict[str, int]:
    """T8 location HP, with the defender's overrides (G23) on top of the BRP split."""
    full = location_hp(defender.max_hp)
    if defender.location_hp_override is not None:
        full.update(dict(defender.location_hp_override))
    return full
