"""Presets: the spec's stock combatants and weapons (§8) plus a few more from the seed."""

from __future__ import annotations

from rolkit.systems.core_dread.forms import Armor, Combatant, Modifiers, Weapon

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
    "PRESETS",
]

# §8.0 stock combatants (every other field at its default).
ANA = Combatant(name="Ana", fortaleza=4, agilidad=5, sentidos=5, concentracion=4)
BRUNO = Combatant(name="Bruno", fortaleza=5, agilidad=4, sentidos=4, concentracion=3, melee_skill=1)
CARLA = Combatant(
    name="Carla",
    fortaleza=3,
    agilidad=6,
    sentidos=4,
    concentracion=6,
    ranged_skill=1,
    dodge_skill=1,
)

# §8.0 stock weapons.
FIST = Weapon(name="Puño", category="sin_armas", mode="melee")
KNIFE = Weapon(name="Cuchillo", category="peligrosa", mode="melee")
BAT = Weapon(name="Bate de béisbol", category="peligrosa", mode="melee")
PISTOL = Weapon(
    name="Pistola",
    category="peligrosa",
    mode="ranged",
    ranged_type="semiautomatica_revolver",
    attacks_left=3,
)
# More weapons from the seed's examples (§3.2, §5.3, §5.5).
PUMP_SHOTGUN = Weapon(
    name="Escopeta de corredera",
    category="peligrosa",
    mode="ranged",
    ranged_type="escopeta_corredera",
)
ASSAULT_RIFLE = Weapon(
    name="Fusil de asalto", category="letal", mode="ranged", ranged_type="fusil_asalto"
)
AXE = Weapon(name="Hacha", category="letal", mode="melee")
BATON = Weapon(name="Porra de defensa", category="contundente", mode="melee")
BOW = Weapon(name="Arco", category="peligrosa", mode="ranged", ranged_type="arco_ballesta")

_GUARD = Combatant(
    name="Vigilante",
    fortaleza=5,
    agilidad=4,
    sentidos=4,
    concentracion=4,
    melee_skill=1,
    armor=Armor(armor_type="comun"),
    block_weapon=BATON,
)
_BOMB_SQUAD = Combatant(
    name="Artificiera",
    fortaleza=5,
    agilidad=3,
    sentidos=4,
    concentracion=5,
    armor=Armor(armor_type="mayor"),
)
_SHOOTER = Combatant(
    name="Tirador",
    fortaleza=4,
    agilidad=6,
    sentidos=5,
    concentracion=5,
    ranged_skill=2,
    block_weapon=PISTOL,
)
_CULTIST = Combatant(
    name="Sectario (Gore Mode)",
    fortaleza=3,
    agilidad=3,
    sentidos=3,
    concentracion=3,
    gore_mode=True,
)

COMBATANTS = {
    "Ana (FOR 4, AGI 5)": ANA,
    "Bruno (FOR 5, Pelea 1)": BRUNO,
    "Carla (AGI 6, CON 6, disparo 1)": CARLA,
    "Vigilante (armadura común, porra)": _GUARD,
    "Artificiera (armadura mayor)": _BOMB_SQUAD,
    "Tirador (AGI 6, pistola para responder)": _SHOOTER,
    "Sectario (Gore Mode)": _CULTIST,
}

WEAPONS = {
    "Puño (sin armas ×1)": FIST,
    "Porra (contundente ×2)": BATON,
    "Cuchillo (peligrosa ×4)": KNIFE,
    "Bate de béisbol (peligrosa ×4)": BAT,
    "Hacha (letal ×8)": AXE,
    "Pistola (peligrosa ×4, 3 ataques)": PISTOL,
    "Escopeta de corredera (peligrosa ×4; ×8 a quemarropa)": PUMP_SHOTGUN,
    "Fusil de asalto (letal ×8, 4 ataques)": ASSAULT_RIFLE,
    "Arco (peligrosa ×4, 1 ataque)": BOW,
}

MODIFIERS = {
    "Sin defensa": Modifiers(),
    "Bloquear": Modifiers(defence="block"),
    "Esquivar": Modifiers(defence="dodge"),
    "Bloqueo a distancia": Modifiers(defence="ranged_block"),
    "Por sorpresa, medir el golpe y dejar inconsciente": Modifiers(
        surprise=True, measured_blow=True, knockout_attempt=True
    ),
    "Situación peligrosa": Modifiers(dangerous_situation=True),
    "A quemarropa": Modifiers(point_blank=True),
}

PRESETS = {
    "attacker": COMBATANTS,
    "defender": COMBATANTS,
    "weapon": WEAPONS,
    "modifiers": MODIFIERS,
}
