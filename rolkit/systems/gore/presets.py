"""Presets as plain data (field-value dicts; a nested form is a dict): the spec's example
combatants (each defender a named character, #26), the T20 placeholder weapons and
shields [BRP], and the common situations."""

from __future__ import annotations

from typing import Any

from .forms import Combatant, Modifiers, Weapon
from .tables import T20_SHIELDS, T20_WEAPONS

__all__ = ["PRESETS", "SHIELDS", "DEFAULT_FORMS"]

Data = dict[str, Any]

#: T20 shields [BRP]: broquel 15 PG (the seed's example), rodela 20, grande 22.
SHIELDS: dict[str, Data] = {
    name: {"kind": kind, "pg_max": pg} for name, (kind, pg) in T20_SHIELDS.items()
}


def _bearer(name: str, shield: str) -> Data:
    return {"name": name, "block_skill": 50, "armour": 2, "block_item": SHIELDS[shield]}


PRESETS: dict[str, dict[str, Data]] = {
    "attacker": {
        "Novato (Hab. 25)": {"name": "Novato"},
        "Guerrero (Hab. 60, FUE 13, TAM 14: MD +1D4)": {
            "name": "Guerrero",
            "fue": 13,
            "tam": 14,
            "attack_skill": 60,
            "dodge_skill": 40,
            "block_skill": 50,
        },
        "Tirador (Hab. 60, DES 11)": {"name": "Tirador", "attack_skill": 60},
        "Veterano (Hab. 100: dos ataques)": {
            "name": "Veterano",
            "fue": 14,
            "tam": 14,
            "des": 14,
            "attack_skill": 100,
            "dodge_skill": 50,
        },
        "Maestro de armas (Hab. 150: tres ataques)": {
            "name": "Maestro",
            "fue": 15,
            "tam": 14,
            "des": 16,
            "attack_skill": 150,
            "dodge_skill": 70,
        },
    },
    "defender": {
        "Sin armadura (12 PG)": {"name": "Bruno"},
        "Esquiva 40, armadura 2, 12 PG": {
            "name": "Dalia",
            "dodge_skill": 40,
            "armour": 2,
            "hp_max": 12,
        },
        "Armadura 3 (ejemplo del texto)": {"name": "Tomás", "armour": 3},
        "Con broquel (bloqueo 50, 15 PG)": _bearer("Rui", "Broquel (escudo pequeño)"),
        "Con rodela (bloqueo 50, 20 PG)": _bearer("Elvira", "Rodela (escudo normal)"),
        "Con escudo grande (bloqueo 50, 22 PG)": _bearer("Marco", "Escudo grande"),
        "Criatura enorme (TAM 60, armadura 4)": {
            "name": "Criatura",
            "fue": 30,
            "tam": 60,
            "con": 25,
            "armour": 4,
        },
    },
    "weapon": {name: {"name": name, **kw} for name, kw in T20_WEAPONS.items()},
    "modifiers": {
        "Sin modificadores (esquiva)": {},
        "Bloquear": {"defence": "block"},
        "Sin defensa": {"defence": "none"},
        "Sorprendido desde arriba (+30 %)": {
            "target_surprised": True,
            "relative_height": "attacker_higher",
        },
        "Por la espalda (+20 %)": {"from_behind": True},
        "Objetivo indefenso": {"target_helpless": True, "defence": "none"},
        "Oscuridad total": {"lighting": "oscuridad_total"},
        "Defensor a la defensiva (+20)": {"defender_full_defence": True},
        "Buscar un KO, sin defensa": {"ko_attempt": True, "defence": "none"},
        "Localización de impactos": {"use_hit_locations": True},
        "Carga (+1D4)": {"charge": True},
        "Penumbra (×1/2)": {"lighting": "penumbra"},
    },
}

#: The forms a fresh dashboard shows (the attacker "A" against the defender "D").
DEFAULT_FORMS: dict[str, Any] = {
    "attacker": Combatant(name="A"),
    "defender": Combatant(name="D"),
    "weapon": Weapon(),
    "modifiers": Modifiers(),
}
