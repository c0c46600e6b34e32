"""§5 The seed's tables as data (plain dicts and tuples, no pandas).

Every table keeps the spec's Spanish values; English glosses live in the labels.
"""

from __future__ import annotations

from types import MappingProxyType

__all__ = [
    "LEVELS",
    "LEVEL_LABELS",
    "DEGREES",
    "DEGREE_BY_HITS",
    "DIFFICULTY",
    "CATEGORY_MULTIPLIER",
    "CATEGORY_LABELS",
    "RANGED_CAPACITY",
    "RANGED_LABELS",
    "SHOTGUNS",
    "COVER_FIRE_WEAPONS",
    "ARMOR_ABSORPTION",
    "ARMOR_LABELS",
    "STANDARD_PENALTY",
    "GORE_PENALTY",
    "BOXES",
    "FALL_RATE",
    "HAZARDS",
    "HEALING",
    "ATTRIBUTE_RANGE",
    "SKILL_RANGE",
]

#: Wound levels from the lightest to the worst (§2, §4.10).
LEVELS: tuple[str, str, str] = ("magullado", "lesionado", "malherido")

LEVEL_LABELS = MappingProxyType(
    {
        "magullado": ("Magullado", "Magullado (bruised)"),
        "lesionado": ("Lesionado", "Lesionado (injured)"),
        "malherido": ("Malherido", "Malherido (badly wounded)"),
    }
)

#: §5.1 Aciertos → Resultado, from 5 hits down to 0: (hits, degree, es, en).
DEGREES: tuple[tuple[int, str, str, str], ...] = (
    (5, "exito_espectacular", "Éxito espectacular", "Éxito espectacular (spectacular success)"),
    (4, "exito_sobresaliente", "Éxito sobresaliente", "Éxito sobresaliente (outstanding success)"),
    (3, "exito_normal", "Éxito normal", "Éxito normal (normal success)"),
    (
        2,
        "fallo_o_exito_marginal",
        "Fallo o éxito marginal",
        "Fallo o éxito marginal (failure or marginal success)",
    ),
    (1, "fallo_serio", "Fallo serio", "Fallo serio (serious failure)"),
    (0, "fallo_desastroso", "Fallo desastroso", "Fallo desastroso (disastrous failure)"),
)
DEGREE_BY_HITS = MappingProxyType({h: d for h, d, _, _ in DEGREES})

#: §5.2 Modificación del Atributo: modifier → (es, en).
DIFFICULTY = MappingProxyType(
    {
        2: ("Muy fácil (+2)", "Muy fácil (+2, very easy)"),
        1: ("Fácil (+1)", "Fácil (+1, easy)"),
        0: ("Moderado (0)", "Moderado (0, moderate)"),
        -1: ("Difícil (−1)", "Difícil (−1, hard)"),
        -2: ("Muy difícil (−2)", "Muy difícil (−2, very hard)"),
    }
)

#: §5.3 Armas: category → multiplier on hits.
CATEGORY_MULTIPLIER = MappingProxyType(
    {"sin_armas": 1, "contundente": 2, "peligrosa": 4, "letal": 8}
)
CATEGORY_LABELS = MappingProxyType(
    {
        "sin_armas": ("Sin armas (×1)", "Sin armas (×1, unarmed)"),
        "contundente": ("Contundente (×2)", "Contundente (×2, blunt)"),
        "peligrosa": ("Peligrosa (×4)", "Peligrosa (×4, dangerous)"),
        "letal": ("Letal (×8)", "Letal (×8, lethal)"),
    }
)

#: §5.5 Armas de proyectiles: ranged type → attacks per reload (``otra``: must be given).
RANGED_CAPACITY = MappingProxyType(
    {
        "arco_ballesta": 1,
        "semiautomatica_revolver": 3,
        "escopeta_tradicional": 1,
        "escopeta_doble_canon": 2,
        "escopeta_corredera": 3,
        "fusil_asalto": 4,
        "subfusil": 4,  # PLACEHOLDER (G21)
        "otra": None,
    }
)
RANGED_LABELS = MappingProxyType(
    {
        "arco_ballesta": ("Arco o ballesta", "Arco o ballesta (bow or crossbow)"),
        "semiautomatica_revolver": (
            "Semiautomática o revólver",
            "Semiautomática o revólver (pistol or revolver)",
        ),
        "escopeta_tradicional": ("Escopeta tradicional", "Escopeta tradicional (shotgun)"),
        "escopeta_doble_canon": (
            "Escopeta de doble cañón",
            "Escopeta de doble cañón (double-barrel shotgun)",
        ),
        "escopeta_corredera": ("Escopeta de corredera", "Escopeta de corredera (pump shotgun)"),
        "fusil_asalto": ("Fusil de asalto", "Fusil de asalto (assault rifle)"),
        "subfusil": ("Subfusil", "Subfusil (submachine gun)"),
        "otra": ("Otra", "Otra (other)"),
    }
)
SHOTGUNS = frozenset({"escopeta_tradicional", "escopeta_doble_canon", "escopeta_corredera"})
COVER_FIRE_WEAPONS = frozenset({"fusil_asalto", "subfusil"})

#: §5.6 Armadura: type → maximum absorption.
ARMOR_ABSORPTION = MappingProxyType({"ninguna": 0, "comun": 3, "mayor": 5})
ARMOR_LABELS = MappingProxyType(
    {
        "ninguna": ("Ninguna", "Ninguna (none)"),
        "comun": ("Armadura común (3)", "Armadura común (3, common armour)"),
        "mayor": ("Armadura mayor (5)", "Armadura mayor (5, heavy armour)"),
    }
)

#: §5.7 and §5.9: penalty per marked box (standard) and per marked level (Gore Mode).
STANDARD_PENALTY = MappingProxyType({"magullado": 0, "lesionado": 1, "malherido": 2})
GORE_PENALTY = MappingProxyType({"magullado": 1, "lesionado": 2, "malherido": 3})

#: §4.10 Boxes per level: standard and Gore Mode.
BOXES = MappingProxyType({False: 3, True: 1})

#: §4.15 Falls: points of damage per metre by surface.
FALL_RATE = MappingProxyType({"solida": 3, "amortiguada": 2, "segura": 1})

#: §4.15 Hazards given in wound levels: kind → (level, count). Explosions: GM's count.
HAZARDS = MappingProxyType(
    {
        "fuego_pequeno": ("lesionado", 1),
        "fuego_habitacion": ("malherido", 1),
        "electricidad_domestica": ("lesionado", 1),
        "electricidad_industrial": ("malherido", 2),
        "explosion": ("malherido", 1),
    }
)

#: §5.8 Recuperación: level → (es, en).
HEALING = MappingProxyType(
    {
        "magullado": (
            "1 herida cada 4 horas de descanso, automáticamente",
            "1 wound per 4 hours of rest, automatically",
        ),
        "lesionado": (
            "1 herida por día, automáticamente, si está tratada (vendas, desinfectante…)",
            "1 wound per day, automatically, if treated (bandages, disinfectant, …)",
        ),
        "malherido": (
            "Necesita atención médica urgente. Con ella: una vez al día, una tirada de Fortaleza "
            "con éxito la convierte en Lesionado. Sin ella: una tirada de Fortaleza cada 10 "
            "minutos; +1 herida por fallo.",
            "Needs urgent medical care. With care: once a day a successful FOR check turns one "
            "wound into a Lesionado. Without care: a FOR check every 10 minutes; +1 wound per "
            "failure.",
        ),
    }
)

#: G17 placeholders: base attribute and skill ranges.
ATTRIBUTE_RANGE = (1, 9)
SKILL_RANGE = (0, 5)
