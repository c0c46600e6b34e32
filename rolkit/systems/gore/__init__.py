"""G.O.R.E. (d100) — *Generic Old-school Role-playing Engine*, Spanish translation (spec
``shared/rules/gore.md``).

The public surface follows the spec's §7 Rules contract, in its order, then the result
types, the forms and ``SYSTEM``. Conventions: forms are frozen dataclasses validated on
construction (:class:`GoreInputError`); probabilities are exact ``Fraction``s; randomness is
injected (any object with ``randint(a, b)``).
"""

from __future__ import annotations

from .attack import (
    OutcomeDistribution,
    OutcomeRow,
    Resolution,
    attack_outcomes,
    hit_probability,
    resolve_attack,
)
from .checks import (
    attack_order,
    check_tier,
    crit_range,
    damage_modifier,
    hit_location,
    hp_max,
    location_hp,
    opposition_chance,
    tier_distribution,
)
from .damage import apply_item_damage, damage_distribution
from .errors import GoreInputError
from .forms import DEFAULT, LOCATIONS, Combatant, GoreOptions, Modifiers, Shield, Weapon
from .hazards import HazardResult, hazard
from .matrices import CellEffect, defence_cell
from .skills import attack_skill, defence_skill
from .system import PRESETS, SYSTEM, project
from .tables import TableRow, table_lookup
from .wounds import location_status, wound_level

__all__ = [
    "check_tier",
    "tier_distribution",
    "crit_range",
    "opposition_chance",
    "damage_modifier",
    "hp_max",
    "location_hp",
    "hit_location",
    "attack_skill",
    "defence_skill",
    "defence_cell",
    "damage_distribution",
    "apply_item_damage",
    "wound_level",
    "location_status",
    "attack_order",
    "hazard",
    "table_lookup",
    "resolve_attack",
    "attack_outcomes",
    "hit_probability",
    "HazardResult",
    "TableRow",
    "CellEffect",
    "OutcomeRow",
    "OutcomeDistribution",
    "Resolution",
    "GoreInputError",
    "Combatant",
    "Shield",
    "Weapon",
    "Modifiers",
    "GoreOptions",
    "DEFAULT",
    "LOCATIONS",
    "PRESETS",
    "project",
    "SYSTEM",
]
