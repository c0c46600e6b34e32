"""§8 fixtures of the Ashes Of War spec, built exactly as the spec writes them, and a fresh
combatant with a helper for wound marks."""

from __future__ import annotations

from rolkit.systems.ashes_of_war import (
    ArmorPiece,
    Shield,
    Weapon,
    WoundMark,
    Wounds,
    combatant,
    wounds_from_marks,
)

KIRA = combatant(
    "Kira",
    skills={"melee": 4, "dodge": 3, "intercept": 2, "alert": 2, "run": 2},
    armor=(
        ArmorPiece("Cota de malla", {"torso": 5, "right_arm": 3, "left_arm": 3}),
        ArmorPiece("Casco acolchado", {"head": 2}),
    ),
    shield=Shield("Escudo mediano", gdc_ndp=3, rd=4),
)
GORATH = combatant(
    "Gorath",
    skills={"melee": 3, "dodge": 2, "intercept": 1, "alert": 2, "brawl": 2},
    armor=(ArmorPiece("Gambeson", {"torso": 2}),),
    shield=Shield("Escudo pequeño", gdc_ndp=2, rd=3),
)
ESPADA = Weapon("Espada larga de acero", skill="melee", damage="3d6", damage_type="cutting")
HACHA = Weapon("Hacha de mano de hierro", skill="melee", damage="1d4", damage_type="cutting")
FRESH = combatant("Fresh")


def marks(**by_loc: list[tuple[str, str]]) -> Wounds:
    """Wound marks per location from ``(severity, damage type)`` pairs."""
    return wounds_from_marks({loc: tuple(WoundMark(*m) for m in ms) for loc, ms in by_loc.items()})
