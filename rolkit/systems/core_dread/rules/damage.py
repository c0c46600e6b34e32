"""§4.4–4.7 Combat arithmetic: multipliers, the opposed damage, armour.

All functions are pure; ``Weapon``/``Modifiers`` are the §3 forms.
"""

from __future__ import annotations

from rolkit.errors import check_choice, check_int
from rolkit.systems.core_dread.errors import CoreDreadRangeError
from rolkit.systems.core_dread.forms import Armor, Modifiers, Weapon, armor_absorption
from rolkit.systems.core_dread.options import DEFAULT_OPTIONS, CoreDreadOptions
from rolkit.systems.core_dread.tables import CATEGORY_MULTIPLIER, SHOTGUNS

__all__ = [
    "DEFENCES",
    "attack_multiplier",
    "defence_multiplier",
    "needs_three_hits",
    "opposed_damage",
    "opposed_values",
    "absorb",
    "wear_armor",
]

DEFENCES = ("none", "block", "dodge", "ranged_block")


def attack_multiplier(weapon: Weapon, modifiers: Modifiers) -> int:
    """§4.4.6 Category multiplier, 8 for a shotgun at point-blank range, then +1 if dangerous."""
    mult = CATEGORY_MULTIPLIER[weapon.category]
    if weapon.ranged_type in SHOTGUNS and modifiers.point_blank:
        mult = 8  # «aumenta de 4 a 8»
    return mult + (1 if modifiers.dangerous_situation else 0)


def defence_multiplier(
    block_weapon: Weapon, defence: str, attack: Weapon, point_blank: bool
) -> int:
    """§4.5 ``m_d``: the block weapon's multiplier (never +1 for danger).

    A melee block uses it only for a melee/thrown weapon (a firearm counts as unarmed, G6);
    a dodge is always 1; a ranged block counts any shotgun as 8 against a melee or
    point-blank attack.
    """
    if defence == "block":
        if block_weapon.mode in ("melee", "thrown"):
            return CATEGORY_MULTIPLIER[block_weapon.category]
        return 1
    if defence == "ranged_block":
        if block_weapon.ranged_type in SHOTGUNS and (attack.mode == "melee" or point_blank):
            return 8
        return CATEGORY_MULTIPLIER[block_weapon.category]
    return 1


def needs_three_hits(weapon: Weapon, modifiers: Modifiers) -> bool:
    """§4.4.5 Ranged and thrown attacks need 3 hits unless point-blank."""
    return weapon.mode in ("ranged", "thrown") and not modifiers.point_blank


def opposed_damage(
    attack_hits: int,
    attack_mult: int,
    defence: str,
    defence_hits: int,
    defence_mult: int,
    needs_three: bool,
    options: CoreDreadOptions = DEFAULT_OPTIONS,
) -> tuple[int, int]:
    """§4.6 ``(damage_raw, counter_raw)``: «aplicando multiplicadores… y después restando».

    Default ``multiply_then_subtract``: ``A'·m_a − D·m_d`` (``m_d`` = 1 for a dodge, and no
    defence value at all for ``none``); the counter goes to the attacker only for a block
    or ranged block that beats the attack. ``subtract_then_multiply`` compares raw hits.
    """
    check_int(attack_hits, 0, 5, field="attack_hits", cls=CoreDreadRangeError)
    check_int(defence_hits, 0, 5, field="defence_hits", cls=CoreDreadRangeError)
    check_int(attack_mult, 0, 99, field="attack_mult", cls=CoreDreadRangeError)
    check_int(defence_mult, 0, 99, field="defence_mult", cls=CoreDreadRangeError)
    check_choice(defence, DEFENCES, field="defence", cls=CoreDreadRangeError)
    return opposed_values(
        attack_hits, attack_mult, defence, defence_hits, defence_mult, needs_three, options
    )


def opposed_values(
    attack_hits: int,
    attack_mult: int,
    defence: str,
    defence_hits: int,
    defence_mult: int,
    needs_three: bool,
    options: CoreDreadOptions,
) -> tuple[int, int]:
    """§4.6 :func:`opposed_damage` on arguments already checked (the exact engine's loop)."""
    a = attack_hits if not needs_three or attack_hits >= 3 else 0
    d = 0 if defence == "none" else defence_hits
    m_d = 1 if defence == "dodge" else defence_mult
    blocks = defence in ("block", "ranged_block")
    if options.damage_order == "subtract_then_multiply":
        damage = (a - d) * attack_mult if a > d else 0
        counter = (d - a) * m_d if blocks and d > a else 0
        return damage, counter
    attack_value = a * attack_mult
    defence_value = d * m_d
    damage = max(0, attack_value - defence_value)
    counter = max(0, defence_value - attack_value) if blocks else 0
    return damage, counter


def absorb(damage_raw: int, absorption: int) -> int:
    """§4.7.1 ``max(0, damage_raw − absorption)``, applied before the wound level."""
    return max(0, damage_raw - absorption)


def wear_armor(armor: Armor, damage_raw: int, damages_armor: bool) -> Armor:
    """§4.7.2 Absorption −1 (minimum 0) when the attack reached the armour and can wear it."""
    current = armor_absorption(armor)
    if damage_raw > 0 and damages_armor and current > 0:
        return Armor(armor_type=armor.armor_type, absorption=current - 1)
    return armor
