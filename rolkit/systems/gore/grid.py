"""P(hit) for the GM screen's grid (``System.hit_fn``): :func:`.attack.odds.hit_probability`
(the tiers, T7 and T13 alone, no damage dice), with the System's five arguments."""

from __future__ import annotations

from fractions import Fraction

from .attack.odds import hit_probability
from .forms import Combatant, Modifiers, Weapon
from .options import GoreOptions

__all__ = ["grid_hit"]


def grid_hit(
    attacker: Combatant, defender: Combatant, weapon: Weapon, mods: Modifiers, options: GoreOptions
) -> Fraction:
    """P(the blow lands on the defender's body), ``odds(...).p_hit``; the options travel
    in ``mods`` (``System.options_field``), as for the odds."""
    return hit_probability(attacker, defender, weapon, mods)
