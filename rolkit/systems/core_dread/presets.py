"""Presets as plain data: the spec's stock combatants and weapons (§8.0) and a few more
from the seed's examples (§3.2, §5.3, §5.5). Each preset lists only the fields that
differ from the form's defaults; ``PRESETS`` is ``{role: {preset name: field values}}``.

The §8.0 stock forms are also exported as instances (``ANA``, ``KNIFE``, …) for tests
and notebooks; they are built from the same data.
"""

from __future__ import annotations

from typing import Any

from rolkit import fields
from rolkit.systems.core_dread.forms import Combatant, Weapon

__all__ = [
    "ANA",
    "BRUNO",
    "CARLA",
    "FIST",
    "KNIFE",
    "BAT",
    "PISTOL",
    "PUMP_SHOTGUN",
    "ASSAULT_RIFLE",
    "AXE",
    "BATON",
    "BOW",
    "COMBATANTS",
    "WEAPONS",
    "MODIFIERS",
    "PRESETS",
]

Data = dict[str, Any]

# §8.0 stock weapons, then more weapons from the seed's examples.
FIST_DATA: Data = {"name": "Puño", "category": "sin_armas", "mode": "melee"}
KNIFE_DATA: Data = {"name": "Cuchillo", "category": "peligrosa", "mode": "melee"}
BAT_DATA: Data = {"name": "Bate de béisbol", "category": "peligrosa", "mode": "melee"}
PISTOL_DATA: Data = {
    "name": "Pistola",
    "category": "peligrosa",
    "mode": "ranged",
    "ranged_type": "semiautomatica_revolver",
    "attacks_left": 3,
}
PUMP_SHOTGUN_DATA: Data = {
    "name": "Escopeta de corredera",
    "category": "peligrosa",
    "mode": "ranged",
    "ranged_type": "escopeta_corredera",
}
ASSAULT_RIFLE_DATA: Data = {
    "name": "Fusil de asalto",
    "category": "letal",
    "mode": "ranged",
    "ranged_type": "fusil_asalto",
}
AXE_DATA: Data = {"name": "Hacha", "category": "letal", "mode": "melee"}
BATON_DATA: Data = {"name": "Porra de defensa", "category": "contundente", "mode": "melee"}
BOW_DATA: Data = {
    "name": "Arco",
    "category": "peligrosa",
    "mode": "ranged",
    "ranged_type": "arco_ballesta",
}

# §8.0 stock combatants (every other field at its default), then a few more.
ANA_DATA: Data = {"name": "Ana", "fortaleza": 4, "agilidad": 5, "sentidos": 5, "concentracion": 4}
BRUNO_DATA: Data = {
    "name": "Bruno",
    "fortaleza": 5,
    "agilidad": 4,
    "sentidos": 4,
    "concentracion": 3,
    "melee_skill": 1,
}
CARLA_DATA: Data = {
    "name": "Carla",
    "fortaleza": 3,
    "agilidad": 6,
    "sentidos": 4,
    "concentracion": 6,
    "ranged_skill": 1,
    "dodge_skill": 1,
}

COMBATANTS: dict[str, Data] = {
    "Ana (FOR 4, AGI 5)": ANA_DATA,
    "Bruno (FOR 5, Pelea 1)": BRUNO_DATA,
    "Carla (AGI 6, CON 6, disparo 1)": CARLA_DATA,
    "Marcos, vigilante (armadura común, porra)": {
        "name": "Marcos",
        "fortaleza": 5,
        "agilidad": 4,
        "sentidos": 4,
        "concentracion": 4,
        "melee_skill": 1,
        "armor": {"armor_type": "comun"},
        "block_weapon": BATON_DATA,
    },
    "Elena, artificiera (armadura mayor)": {
        "name": "Elena",
        "fortaleza": 5,
        "agilidad": 3,
        "sentidos": 4,
        "concentracion": 5,
        "armor": {"armor_type": "mayor"},
    },
    "Diego, tirador (AGI 6, pistola para responder)": {
        "name": "Diego",
        "fortaleza": 4,
        "agilidad": 6,
        "sentidos": 5,
        "concentracion": 5,
        "ranged_skill": 2,
        "block_weapon": PISTOL_DATA,
    },
    "Ezequiel, sectario («Gore Mode»)": {
        "name": "Ezequiel",
        "fortaleza": 3,
        "agilidad": 3,
        "sentidos": 3,
        "concentracion": 3,
        "gore_mode": True,
    },
}

WEAPONS: dict[str, Data] = {
    "Puño (sin armas ×1)": FIST_DATA,
    "Porra (contundente ×2)": BATON_DATA,
    "Cuchillo (peligrosa ×4)": KNIFE_DATA,
    "Bate de béisbol (peligrosa ×4)": BAT_DATA,
    "Hacha (letal ×8)": AXE_DATA,
    "Pistola (peligrosa ×4, 3 ataques)": PISTOL_DATA,
    "Escopeta de corredera (peligrosa ×4; ×8 a quemarropa)": PUMP_SHOTGUN_DATA,
    "Fusil de asalto (letal ×8, 4 ataques)": ASSAULT_RIFLE_DATA,
    "Arco (peligrosa ×4, 1 ataque)": BOW_DATA,
}

MODIFIERS: dict[str, Data] = {
    "Sin defensa": {},
    "Bloquear": {"defence": "block"},
    "Esquivar": {"defence": "dodge"},
    "Bloqueo a distancia": {"defence": "ranged_block"},
    "Por sorpresa, medir el golpe y dejar inconsciente": {
        "surprise": True,
        "measured_blow": True,
        "knockout_attempt": True,
    },
    "Situación peligrosa": {"dangerous_situation": True},
    "A quemarropa": {"point_blank": True},
}

PRESETS: dict[str, dict[str, Data]] = {
    "attacker": COMBATANTS,
    "defender": COMBATANTS,
    "weapon": WEAPONS,
    "modifiers": MODIFIERS,
}


def _combatant(data: Data) -> Combatant:
    built: Combatant = fields.from_data(Combatant, data)
    return built


def _weapon(data: Data) -> Weapon:
    built: Weapon = fields.from_data(Weapon, data)
    return built


ANA, BRUNO, CARLA = _combatant(ANA_DATA), _combatant(BRUNO_DATA), _combatant(CARLA_DATA)
FIST, KNIFE, BAT, PISTOL = (_weapon(d) for d in (FIST_DATA, KNIFE_DATA, BAT_DATA, PISTOL_DATA))
PUMP_SHOTGUN, ASSAULT_RIFLE = _weapon(PUMP_SHOTGUN_DATA), _weapon(ASSAULT_RIFLE_DATA)
AXE, BATON, BOW = _weapon(AXE_DATA), _weapon(BATON_DATA), _weapon(BOW_DATA)
