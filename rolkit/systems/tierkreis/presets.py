"""Presets as plain data: the seed's weapons (*Daño*) and characters, and the worked
examples' combatants (§7), so both directions (PJ → PNJ, PNJ → PJ) are one click away.

Seed: «Un golpe sin armas causa 1 punto de daño, un cuchillo causa 2 de daño, una espada
causa 3». The bow, the pistol and the power are the worked examples' values (marked
«ejemplo»): the seed's weapon list was not found (G2).
"""

from __future__ import annotations

from typing import Any

__all__ = ["PRESETS", "COMBATANTS", "WEAPONS", "MODIFIERS", "UNARMED", "KNIFE", "SWORD"]

UNARMED: dict[str, Any] = {"name": "golpe sin armas", "kind": "unarmed", "damage": 1}
KNIFE: dict[str, Any] = {"name": "cuchillo", "kind": "melee_1h", "damage": 2}
SWORD: dict[str, Any] = {"name": "espada", "kind": "melee_1h", "damage": 3}

WEAPONS: dict[str, dict[str, Any]] = {
    "Golpe sin armas (1)": UNARMED,
    "Cuchillo (2)": KNIFE,
    "Espada (3)": SWORD,
    "Arco (ejemplo: 3)": {"name": "arco", "kind": "ranged", "damage": 3},
    "Pistola (ejemplo: arma de fuego 4)": {"name": "pistola", "kind": "firearm", "damage": 4},
    "Poder de ejemplo (INT, 2, medio daño al esquivar)": {
        "name": "descarga",
        "kind": "power",
        "damage": 2,
        "half_damage_on_dodge": True,
        "power_characteristic": "INT",
    },
}

COMBATANTS: dict[str, dict[str, Any]] = {
    "Jessica (PJ, FUE 6, VIT 6)": {"name": "Jessica", "is_player": True},
    "Nico (PJ de ejemplo, INT 8)": {
        "name": "Nico",
        "is_player": True,
        "intelligence": 8,
        "agility": 5,
    },
    "Valeria, arquera (PJ, AGI 7)": {"name": "Valeria", "is_player": True, "agility": 7},
    "Tomás, espadachín (PJ, FUE 8, AGI 5)": {
        "name": "Tomás",
        "is_player": True,
        "strength": 8,
        "agility": 5,
    },
    "Bruno, matón (PNJ, 20 PV)": {"name": "Bruno", "is_player": False, "pv_max_override": 20},
    "Pico, esbirro (PNJ, 5 PV)": {"name": "Pico", "is_player": False, "pv_max_override": 5},
    "Sargento Ortiz, guardia (PNJ, AGI 7, 10 PV)": {
        "name": "Sargento Ortiz",
        "is_player": False,
        "agility": 7,
        "pv_max_override": 10,
    },
}

MODIFIERS: dict[str, dict[str, Any]] = {
    "Sin modificadores": {},
    "Cobertura 2": {"cover": 2},
    "Cobertura 5 (máxima)": {"cover": 5},
    "Forzar chequeo de esquiva": {"mode": "dodge_check"},
    "Daño variable (regla opcional)": {"options": {"variable_damage": True}},
}

PRESETS: dict[str, dict[str, dict[str, Any]]] = {
    "attacker": COMBATANTS,
    "defender": COMBATANTS,
    "weapon": WEAPONS,
    "modifiers": MODIFIERS,
}
