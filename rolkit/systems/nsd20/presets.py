"""Presets as plain data: the spec's worked-example forms (E1, E2) as named characters
(Jed Callahan attacks, Tom Hardin and Sheriff Wade defend), and a few characters, weapons
and situations in the setting's spirit.

No weapon table exists in the seed or the sources found (§2.2): the weapon statistics
below are EXAMPLE values a game master replaces with their own.
"""

from __future__ import annotations

from typing import Any

__all__ = ["PRESETS", "E1_ATTACKER", "E1_DEFENDER", "E2_DEFENDER", "E1_WEAPON", "E2_WEAPON"]

#: V15 (E1) attacker: DEX 14, STR 12, attack_base 3 (attack bonus +5).
E1_ATTACKER: dict[str, Any] = {
    "name": "Jed Callahan",
    "dexterity": 14,
    "strength": 12,
    "attack_base": 3,
}
#: V15 (E1) defender: Defensa 13, 20 PR, threshold 10.
E1_DEFENDER: dict[str, Any] = {
    "name": "Tom Hardin",
    "dexterity": 12,
    "reflexes_base": 2,
    "pr_max": 20,
    "serious_wound_threshold": 10,
}
#: V17 (E2) defender: armour RD 1, 12 PR, threshold 8, fortitude_base 2.
E2_DEFENDER: dict[str, Any] = {
    "name": "Sheriff Wade",
    "dexterity": 12,
    "reflexes_base": 2,
    "fortitude_base": 2,
    "armor_rd": 1,
    "pr_max": 12,
    "serious_wound_threshold": 8,
}
E1_WEAPON: dict[str, Any] = {
    "name": "Garrote (1d6)",
    "kind": "melee",
    "damage_dice": 1,
    "damage_die": 6,
}
E2_WEAPON: dict[str, Any] = {
    "name": "Revólver (2d6)",
    "kind": "ranged",
    "damage_dice": 2,
    "damage_die": 6,
}

_CHARACTERS: dict[str, dict[str, Any]] = {
    "Jed Callahan": E1_ATTACKER,
    "Tom Hardin": E1_DEFENDER,
    "Sheriff Wade (chaleco de cuero)": E2_DEFENDER,
    "Juez Turner": {
        "name": "Juez Turner",
        "strength": 12,
        "dexterity": 14,
        "constitution": 12,
        "intelligence": 18,
        "wisdom": 14,
        "attack_base": 4,
        "fortitude_base": 2,
        "reflexes_base": 2,
        "will_base": 3,
        "armor_rd": 1,
        "pr_max": 24,
        "action_points": 3,
    },
    "Xing": {
        "name": "Xing",
        "strength": 10,
        "dexterity": 17,
        "constitution": 11,
        "intelligence": 8,
        "wisdom": 13,
        "attack_base": 5,
        "fortitude_base": 1,
        "reflexes_base": 4,
        "will_base": 2,
        "pr_max": 18,
        "action_points": 2,
    },
    "Forajido": {
        "name": "Forajido",
        "strength": 13,
        "dexterity": 12,
        "constitution": 13,
        "attack_base": 2,
        "fortitude_base": 1,
        "reflexes_base": 1,
        "pr_max": 16,
    },
    "Pistolero a sueldo": {
        "name": "Pistolero a sueldo",
        "dexterity": 15,
        "constitution": 12,
        "attack_base": 4,
        "reflexes_base": 2,
        "fortitude_base": 1,
        "armor_rd": 2,
        "pr_max": 20,
    },
}

_WEAPONS: dict[str, dict[str, Any]] = {
    "Garrote (1d6)": E1_WEAPON,
    "Revólver (2d6)": E2_WEAPON,
    "Puño (1d3)": {"name": "Puño", "kind": "melee", "damage_dice": 1, "damage_die": 3},
    "Cuchillo (1d4, 19–20)": {
        "name": "Cuchillo",
        "kind": "melee",
        "damage_dice": 1,
        "damage_die": 4,
        "threat_range_min": 19,
    },
    "Sable de caballería (1d8, 19–20)": {
        "name": "Sable de caballería",
        "kind": "melee",
        "damage_dice": 1,
        "damage_die": 8,
        "threat_range_min": 19,
    },
    "Hacha de leñador (1d10, ×3)": {
        "name": "Hacha de leñador",
        "kind": "melee",
        "damage_dice": 1,
        "damage_die": 10,
        "critical_multiplier": 3,
    },
    "Cuchillo arrojadizo (1d4)": {
        "name": "Cuchillo arrojadizo",
        "kind": "thrown",
        "damage_dice": 1,
        "damage_die": 4,
        "range_increment_m": 3.0,
    },
    "Winchester (2d8, ×3)": {
        "name": "Winchester",
        "kind": "ranged",
        "damage_dice": 2,
        "damage_die": 8,
        "critical_multiplier": 3,
        "range_increment_m": 30.0,
    },
    "Escopeta (2d8)": {
        "name": "Escopeta",
        "kind": "ranged",
        "damage_dice": 2,
        "damage_die": 8,
        "range_increment_m": 10.0,
    },
}

_MODIFIERS: dict[str, dict[str, Any]] = {
    "Normal": {},
    "Emboscada (por sorpresa)": {"surprise": True},
    "En la penumbra (ocultación parcial)": {"concealment": "partial"},
    "Tras un carro (cobertura)": {"cover": "cover"},
    "Esfuerzo extra (+2 al daño)": {"extra_effort_damage": True},
    "Crítico que ignora la RD": {"critical_option": "ignore_rd"},
    "A larga distancia (2 incrementos)": {"range_increments": 2},
}

PRESETS: dict[str, dict[str, dict[str, Any]]] = {
    "attacker": _CHARACTERS,
    "defender": _CHARACTERS,
    "weapon": _WEAPONS,
    "modifiers": _MODIFIERS,
}
