"""§4 The rulebook's tables as data (T1–T9), with their es/en labels.

Each constant cites its table; the tags say where a number comes from: [seed] the
«Reglas» chapter of *Infierno de cobardes*, [NSd20] other public NSd20 text, [SRD-assumed]
the d20 SRD (a configurable assumption), [placeholder] a designed default.
"""

from __future__ import annotations

from types import MappingProxyType

__all__ = [
    "SIZES",
    "SIZE_MODIFIERS",
    "SIZE_LABELS",
    "CONDITION_LEVELS",
    "CONDITION_LABELS",
    "IMPROVISED_TOOLS",
    "EFFORT_BENEFITS",
    "EFFORT_BENEFIT_LABELS",
    "FATIGUE_LEVELS",
    "FATIGUE_LABELS",
    "WOUND_STATES",
    "WOUND_LABELS",
    "MASSIVE_DAMAGE_TABLE",
    "COVER_BONUS",
    "COVER_LABELS",
    "CONCEALMENT_MISS_MIN",
    "CONCEALMENT_LABELS",
    "WEAPON_KINDS",
    "WEAPON_KIND_LABELS",
    "DAMAGE_DIE_SIDES",
    "SESSION_XP",
    "CHARACTER_POINT_COSTS",
]

#: T7 Size modifier to Defensa and to the attack roll (values [SRD-assumed], G19).
SIZES = ("fine", "diminutive", "tiny", "small", "medium", "large", "huge", "gargantuan", "colossal")
SIZE_MODIFIERS = MappingProxyType(
    {
        "fine": 8,
        "diminutive": 4,
        "tiny": 2,
        "small": 1,
        "medium": 0,
        "large": -1,
        "huge": -2,
        "gargantuan": -4,
        "colossal": -8,
    }
)
SIZE_LABELS = {
    "fine": ("Minúsculo (+8)", "Minúsculo (fine, +8)"),
    "diminutive": ("Diminuto (+4)", "Diminuto (diminutive, +4)"),
    "tiny": ("Menudo (+2)", "Menudo (tiny, +2)"),
    "small": ("Pequeño (+1)", "Pequeño (small, +1)"),
    "medium": ("Mediano (0)", "Mediano (medium, 0)"),
    "large": ("Grande (−1)", "Grande (large, −1)"),
    "huge": ("Enorme (−2)", "Enorme (huge, −2)"),
    "gargantuan": ("Gargantuesco (−4)", "Gargantuesco (gargantuan, −4)"),
    "colossal": ("Colosal (−8)", "Colosal (colossal, −8)"),
}

#: T2 Condition modifiers [seed]: «+2 o –2 si es un “inconveniente”, en +4 o –4 si es un
#: “estorbo” y en +6 o –6 si es un “obstáculo”».
CONDITION_LEVELS = MappingProxyType({"inconveniente": 2, "estorbo": 4, "obstaculo": 6})
CONDITION_LABELS = {
    "inconveniente": ("Inconveniente (±2)", "Inconveniente (nuisance, ±2)"),
    "estorbo": ("Estorbo (±4)", "Estorbo (hindrance, ±4)"),
    "obstaculo": ("Obstáculo (±6)", "Obstáculo (obstacle, ±6)"),
}
#: T2 Improvised tools [seed]: «sufres una penalización de –4 en la prueba».
IMPROVISED_TOOLS = -4

#: T3 Esfuerzo extra benefits [seed], one per use.
EFFORT_BENEFITS = MappingProxyType(
    {
        "check_bonus": MappingProxyType({"bonus": 5}),
        "carry": MappingProxyType({"carry_multiplier": 2, "rounds": 1}),
        "melee_damage": MappingProxyType({"damage": 2}),
        "speed": MappingProxyType({"speed_m": 3, "jump_m": 1, "rounds": 1}),
        "will_save": MappingProxyType({"extra_will_saves": 1}),
    }
)
EFFORT_BENEFIT_LABELS = {
    "check_bonus": ("Bonificador a una prueba (+5)", "Bonificador a una prueba (+5 to a check)"),
    "carry": ("Mejorar la capacidad de carga (×2)", "Mejorar la capacidad de carga (carry ×2)"),
    "melee_damage": ("Daño extra (+2)", "Daño extra (+2 melee damage)"),
    "speed": ("Movimiento mejorado (+3 m)", "Movimiento mejorado (+3 m speed)"),
    "will_save": ("Fuerza de Voluntad", "Fuerza de Voluntad (extra Will save)"),
}

#: T4 Fatigue ladder [seed order]; the penalties live in the options (SRD-assumed).
FATIGUE_LEVELS = ("normal", "fatigado", "exhausto", "inconsciente")
FATIGUE_LABELS = {
    "normal": ("Normal", "Normal"),
    "fatigado": ("Fatigado", "Fatigado (fatigued)"),
    "exhausto": ("Exhausto", "Exhausto (exhausted)"),
    "inconsciente": ("Inconsciente", "Inconsciente (unconscious)"),
}

#: P10 Wound states, in order none < malherido < incapacitado < moribundo.
#: P10/§2.4 The longest Aturdido the options allow (``stun_rounds``, placeholder G10): a
#: form counts at most this many rounds, the next one and ``stun_rounds_left`` after it.
STUN_ROUNDS_MAX = 10

WOUND_STATES = ("none", "malherido", "incapacitado", "moribundo")
WOUND_LABELS = {
    "none": ("Sin herida", "Sin herida (unhurt)"),
    "malherido": ("Malherido", "Malherido (badly wounded)"),
    "incapacitado": ("Incapacitado", "Incapacitado (disabled)"),
    "moribundo": ("Moribundo", "Moribundo (dying)"),
}

#: T6 Daño masivo [NSd20 S5, table LDV8]: (lowest failure margin, state); success → none.
MASSIVE_DAMAGE_TABLE = (
    (1, "malherido"),  # fails by 5 or less: Aturdido + Malherido
    (6, "incapacitado"),  # by 6–10: Aturdido + Incapacitado
    (11, "moribundo"),  # by 11 or more: Inconsciente + Moribundo
)

#: T8 Cover bonus to Defensa [SRD-assumed]; ``total`` cannot be attacked (no entry).
COVER_BONUS = MappingProxyType({"none": 0, "cover": 4, "improved": 8})
COVER_LABELS = {
    "none": ("Sin cobertura", "Sin cobertura (no cover)"),
    "cover": ("Cobertura (+4)", "Cobertura (cover, +4)"),
    "improved": ("Cobertura mejorada (+8)", "Cobertura mejorada (improved cover, +8)"),
    "total": ("Cobertura total (no se puede atacar)", "Cobertura total (total cover: no attack)"),
}
#: T8 Concealment: a hit becomes a miss on a d20 ≥ this (partial [NSd20 S7], total [SRD]).
CONCEALMENT_MISS_MIN = MappingProxyType({"partial": 17, "total": 11})
CONCEALMENT_LABELS = {
    "none": ("Sin ocultación", "Sin ocultación (no concealment)"),
    "partial": (
        "Ocultación parcial (penumbra, niebla: 20 %)",
        "Ocultación parcial (partial: gloom, fog, 20%)",
    ),
    "total": ("Ocultación total (oscuridad: 50 %)", "Ocultación total (total: darkness, 50%)"),
}

#: §2.2 Weapon kinds and damage dice.
WEAPON_KINDS = ("melee", "thrown", "ranged")
WEAPON_KIND_LABELS = {
    "melee": ("Cuerpo a cuerpo", "Cuerpo a cuerpo (melee)"),
    "thrown": ("Arrojadiza", "Arrojadiza (thrown)"),
    "ranged": ("A distancia (y armas de fuego)", "A distancia (ranged, firearms)"),
}
DAMAGE_DIE_SIDES = (2, 3, 4, 6, 8, 10, 12, 20)

#: T5 Experience award guidelines per session [seed]: (low, high) per question.
SESSION_XP = MappingProxyType(
    {"difficulty": (1, 5), "roleplay": (0, 2), "ideas": (0, 2), "fun": (0, 2)}
)

#: T9 Costs in Puntos de Personaje at creation (reference only): (cost, limit).
CHARACTER_POINT_COSTS = MappingProxyType(
    {
        "caracteristicas": ("1 por punto", "20"),
        "bonificaciones": ("1 por punto", "+5, compensable"),
        "puntos_de_accion": ("1 por punto", "10"),
        "habilidades": ("1 por 4 rangos", "10 rangos"),
        "dotes": ("1 por dote", "—"),
    }
)
