"""§5.2, §8 The spec's fixtures as plain data: characters, weapons, armour pieces, shields.

``PRESETS`` is ``{role: {preset name: {field: value}}}`` (a nested form as a dict). Damage
types follow the spec's assignment (swords, axes, daggers, knives cutting; bows piercing;
the staff blunt); Integridad is the placeholder 10 everywhere [PH].

Every character is coherent with the weapons the site gives it (``CHARACTER_WEAPONS``):
each weapon's attack skill is one the character has. The site's sheets arm Aldric with a
Daga, Varn with a Cuchillo and Selene with a Báculo but list no Combate Cuerpo a Cuerpo for
them, so each is given Combate Cuerpo a Cuerpo 1 [INT], the lowest rating that lets the
weapon be used (with 0 every attack fails: a fight read 100/0). The two bows carry a quiver
of 20 arrows (Munición 20 [INT]; the site gives no number).
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "ARMOR",
    "SHIELDS",
    "WEAPONS",
    "CHARACTERS",
    "CHARACTER_WEAPONS",
    "SITUATIONS",
    "PRESETS",
]

#: §5.2 [SRC] armour pieces (Túnica's location is not given: torso [INT]).
ARMOR: dict[str, dict[str, Any]] = {
    "Cota de malla": {
        "name": "Cota de malla",
        "rd_by_location": {"torso": 5, "right_arm": 3, "left_arm": 3},
    },
    "Casco acolchado": {"name": "Casco acolchado", "rd_by_location": {"head": 2}},
    "Armadura de cuero": {"name": "Armadura de cuero", "rd_by_location": {"torso": 2}},
    "Túnica": {"name": "Túnica", "rd_by_location": {"torso": 1}},
    "Gambeson": {"name": "Gambeson", "rd_by_location": {"torso": 2}},
    "Peto": {"name": "Peto", "rd_by_location": {"torso": 2}},
}
#: T9 shields ([SRC] small and medium; the large one is [PH]).
SHIELDS: dict[str, dict[str, Any]] = {
    "Escudo pequeño": {"name": "Escudo pequeño", "gdc_ndp": 2, "rd": 3},
    "Escudo mediano": {"name": "Escudo mediano", "gdc_ndp": 3, "rd": 4},
    "Escudo grande": {"name": "Escudo grande", "gdc_ndp": 4, "rd": 5},
}
#: §5.2 [SRC] weapons.
WEAPONS: dict[str, dict[str, Any]] = {
    "Espada larga de acero": {
        "name": "Espada larga de acero",
        "skill": "melee",
        "damage": "3d6",
        "damage_type": "cutting",
    },
    "Hacha de mano de hierro": {
        "name": "Hacha de mano de hierro",
        "skill": "melee",
        "damage": "1d4",
        "damage_type": "cutting",
    },
    "Arco largo reforzado": {
        "name": "Arco largo reforzado",
        "skill": "ranged",
        "damage": "4d3",
        "damage_type": "piercing",
        "range_m": 250,
        "ammunition": 20,
    },
    "Daga de acero": {
        "name": "Daga de acero",
        "skill": "melee",
        "damage": "1d6",
        "damage_type": "cutting",
    },
    "Báculo de madera": {
        "name": "Báculo de madera",
        "skill": "melee",
        "damage": "2d2",
        "damage_type": "blunt",
    },
    "Arco clásico de madera": {
        "name": "Arco clásico de madera",
        "skill": "ranged",
        "damage": "3d2",
        "damage_type": "piercing",
        "range_m": 150,
        "ammunition": 20,
    },
    "Cuchillo": {"name": "Cuchillo", "skill": "melee", "damage": "1d4", "damage_type": "cutting"},
}
#: §5.2 [SRC] characters (skills not in the rolkit list, e.g. Conocimiento Arcano, are left out).
CHARACTERS: dict[str, dict[str, Any]] = {
    "Kira": {
        "name": "Kira",
        "melee": 4,
        "dodge": 3,
        "intercept": 2,
        "alert": 2,
        "run": 2,
        "armor_1": ARMOR["Cota de malla"],
        "armor_2": ARMOR["Casco acolchado"],
        "shield": SHIELDS["Escudo mediano"],
    },
    "Aldric": {
        "name": "Aldric",
        "ranged": 5,
        "melee": 1,
        "dodge": 3,
        "alert": 4,
        "run": 3,
        "hide": 3,
        "armor_1": ARMOR["Armadura de cuero"],
    },
    "Selene": {
        "name": "Selene",
        "melee": 1,
        "dodge": 2,
        "alert": 3,
        "vitality": 4,
        "prana": 16,
        "armor_1": ARMOR["Túnica"],
        "parry_object": WEAPONS["Báculo de madera"],
    },
    "Gorath": {
        "name": "Gorath",
        "melee": 3,
        "dodge": 2,
        "intercept": 1,
        "alert": 2,
        "brawl": 2,
        "armor_1": ARMOR["Gambeson"],
        "shield": SHIELDS["Escudo pequeño"],
    },
    "Varn": {"name": "Varn", "ranged": 3, "melee": 1, "dodge": 2, "alert": 2, "run": 2},
}
#: §5.2 [SRC] the weapons each character carries (its first is the one it fights with).
CHARACTER_WEAPONS: dict[str, tuple[str, ...]] = {
    "Kira": ("Espada larga de acero",),
    "Aldric": ("Arco largo reforzado", "Daga de acero"),
    "Selene": ("Báculo de madera",),
    "Gorath": ("Hacha de mano de hierro",),
    "Varn": ("Arco clásico de madera", "Cuchillo"),
}
#: A few common situations for the modifiers form.
SITUATIONS: dict[str, dict[str, Any]] = {
    "Sin defensa": {"defence": "none"},
    "Esquiva": {"defence": "dodge"},
    "Interceptar con escudo": {"defence": "intercept_shield"},
    "Apuntar a la cabeza": {"defence": "dodge", "aimed_location": "head"},
    "Segundo ataque a cubierto": {"defence": "dodge", "attack_number": 2, "cover": "medium"},
}

PRESETS: dict[str, dict[str, dict[str, Any]]] = {
    "attacker": CHARACTERS,
    "defender": CHARACTERS,
    "weapon": WEAPONS,
    "modifiers": SITUATIONS,
}
