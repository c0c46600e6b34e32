"""§3 P5–P14 The context of one attack: every number both the exact odds (:mod:`.odds`) and
the seeded roll (:mod:`.resolve`) read, computed once from the four forms.

The builder validates the action (:func:`..rules.skills.check_action` through the P5/P6 skill
functions), so an impossible action raises :class:`GoreInputError` before any dice.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..forms import Combatant, Modifiers, Weapon
from ..options import GoreOptions
from ..rules.damage import BlowProfile, blow_profile, weapon_minimum
from ..rules.derived import defender_location_hp
from ..rules.ranged import coverage_for
from ..rules.skills import attack_skill_detail, defence_skill_detail

__all__ = ["ActionContext", "build_context"]


@dataclass(frozen=True)
class ActionContext:
    """The inputs of one attack after P5/P6 (skills), P9 (blow profile), P11 (coverage),
    P12 (location HP) and P14 (KO minimum)."""

    attack_v: int
    attack_detail: dict[str, Any]
    defence_v: int | None
    defence_detail: dict[str, Any]
    defence: str
    helpless: bool
    impaling: bool
    malfunction: int | None
    options: GoreOptions
    profile: BlowProfile
    armour: int
    location_armour: dict[str, int] | None
    hp_max: int
    hp_cur: int
    loc_hp: dict[str, int]
    loc_damage: dict[str, int]
    roll_location: bool
    use_loc: bool
    covered: frozenset[str]
    coverage: int
    bullets: int
    ko: bool
    ko_min: int
    item_pg: int | None
    ranged: bool
    weapon_kind: str
    weapon_pg: int | None
    counterattack: bool
    strike: bool
    pod: int
    defender_24h: int
    maneuver: str = "none"
    keep_target: int = 0
    natural_block: bool = False


def build_context(
    attacker: Combatant, defender: Combatant, weapon: Weapon, mods: Modifiers
) -> ActionContext:
    """Build the :class:`ActionContext` of one attack.

    Raises:
        GoreInputError: an impossible action (block vs ranged, out of range, …).
    """
    att_v, att_detail = attack_skill_detail(attacker, defender, weapon, mods)
    def_v, def_detail = defence_skill_detail(defender, attacker, weapon, mods)
    defence = def_detail["defence"] if def_v is not None else "none"
    item = defender.block_item
    coverage = coverage_for(defender, mods) if weapon.ranged and not mods.target_helpless else 0
    return ActionContext(
        attack_v=att_v,
        attack_detail=att_detail,
        defence_v=def_v,
        defence_detail=def_detail,
        defence=defence,
        helpless=mods.target_helpless,
        impaling=weapon.impaling,
        malfunction=weapon.malfunction,
        options=mods.options,
        profile=blow_profile(attacker, weapon, mods),
        armour=defender.armour,
        location_armour=dict(defender.location_armour) if defender.location_armour else None,
        hp_max=defender.max_hp,
        hp_cur=defender.current_hp,
        loc_hp=defender_location_hp(defender),
        loc_damage=dict(defender.location_damage),
        roll_location=(mods.use_hit_locations or bool(mods.covered_locations))
        and not mods.strike_item,
        use_loc=mods.use_hit_locations,
        covered=frozenset(mods.covered_locations),
        coverage=coverage,
        bullets=mods.bullets,
        ko=mods.ko_attempt,
        ko_min=weapon_minimum(weapon.damage),
        item_pg=item.pg if item is not None else None,
        ranged=weapon.ranged,
        weapon_kind=weapon.kind,
        weapon_pg=weapon.pg,
        counterattack=defender.two_weapons and defence == "block",
        strike=mods.strike_item,
        pod=defender.pod,
        defender_24h=defender.damage_24h,
        maneuver=mods.maneuver,
        keep_target=defender.fue * 3,
        natural_block=mods.natural_block and defence == "block",
    )
