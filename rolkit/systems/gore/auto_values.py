"""§2.1 The values the engine uses for a form's empty automatic fields, for the forms to
show (``System.derived``): HP from CON and TAM, the dodge skill from DES [BRP], the T8
location HP, the T19 damage modifier, a shield's current PG."""

from __future__ import annotations

from typing import Any

from rolkit.fields import FrozenMap

from .checks import location_hp
from .forms import Combatant
from .options import GoreOptions

__all__ = ["auto_values"]


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
