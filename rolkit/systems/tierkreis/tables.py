"""The rulebook's tables as data (R2, R6, T1–T4), with their es/en labels.

Labels are ``(es, en)`` pairs: the Spanish game term, and in English the term with a gloss.
"""

from __future__ import annotations

from typing import Literal

__all__ = [
    "Code",
    "CODES",
    "CODE_FIELD",
    "CODE_LABELS",
    "CHECK_KINDS",
    "APPLIES_TO",
    "APPLIES_TO_LABELS",
    "SOURCES",
    "WEAPON_KINDS",
    "MELEE_KINDS",
    "HELD_KINDS",
    "SHOOTING_KINDS",
    "WEAPON_STATES",
    "FUMBLE_TABLE",
    "FUMBLE_LABELS",
    "FUMBLE_EFFECT_OF",
    "VARIABLE_DAMAGE_K",
    "CONDITION_CHECKS",
    "FUMBLE_PENALTY_PARTS",
    "MANEUVERS",
    "D12",
    "TEXT_LABELS",
    "label_of",
]

#: R1: every roll is one d12.
D12 = 12

Code = Literal["FUE", "AGI", "VIT", "INT", "CAR", "SUE"]

#: R2, in the seed's order.
CODES: tuple[str, ...] = ("FUE", "AGI", "VIT", "INT", "CAR", "SUE")
CODE_FIELD = {
    "FUE": "strength",
    "AGI": "agility",
    "VIT": "vitality",
    "INT": "intelligence",
    "CAR": "charisma",
    "SUE": "luck",
}
CODE_LABELS = {
    "FUE": ("FUE (Fuerza)", "FUE (Fuerza, strength)"),
    "AGI": ("AGI (Agilidad)", "AGI (Agilidad, agility)"),
    "VIT": ("VIT (Vitalidad)", "VIT (Vitalidad, vitality)"),
    "INT": ("INT (Inteligencia)", "INT (Inteligencia, intelligence)"),
    "CAR": ("CAR (Carisma)", "CAR (Carisma, charisma)"),
    "SUE": ("SUE (Suerte)", "SUE (Suerte, luck)"),
}

#: R6: the kinds of check an adjustment can name besides a characteristic.
CHECK_KINDS: tuple[str, ...] = ("attack", "dodge", "maneuver", "any")
APPLIES_TO: tuple[str, ...] = CODES + CHECK_KINDS
APPLIES_TO_LABELS = {
    **{c: (c, c) for c in CODES},
    "attack": ("ataque", "ataque (attack)"),
    "dodge": ("esquiva", "esquiva (dodge)"),
    "maneuver": ("maniobra", "maniobra (maneuver)"),
    "any": ("cualquier chequeo", "cualquier chequeo (any check)"),
}
#: R5: the sources a user may give; the engine adds ``"intrinsic"`` itself.
SOURCES: tuple[str, ...] = ("effect", "item")

#: §2.2 / T3 weapon kinds with their labels.
WEAPON_KINDS = {
    "unarmed": ("Sin armas", "Sin armas (unarmed)"),
    "melee_1h": ("«Melee a 1 mano»", "«Melee a 1 mano» (one-hand melee)"),
    "melee_2h": ("«Melee a 2 manos»", "«Melee a 2 manos» (two-hand melee)"),
    "ranged": ("Arma de rango", "Arma de rango (ranged weapon)"),
    "firearm": ("Arma de fuego", "Arma de fuego (firearm)"),
    "power": ("Poder", "Poder (power)"),
}
#: T3: kinds that are melee for the prone rules (a power is melee only if ``power_is_melee``).
MELEE_KINDS = frozenset({"unarmed", "melee_1h", "melee_2h"})

#: P8/T1, P15 kinds whose weapon is held in the hands, so it can be dropped or snatched (a
#: power or a bare fist cannot).
HELD_KINDS = frozenset({"melee_1h", "melee_2h", "ranged", "firearm"})
#: *Recargar*: «Armas de fuego y otras armas de disparo deben ser recargadas».
SHOOTING_KINDS = frozenset({"ranged", "firearm"})
#: Where a combatant's weapon is: in its hands, dropped (fumble «El arma se le cae»), or
#: snatched by an opponent (*Arrebatar*).
WEAPON_STATES = {
    "in_hand": ("En la mano", "En la mano (in hand)"),
    "dropped": ("Se le cayó", "Se le cayó (dropped)"),
    "snatched": ("Se la arrebataron", "Se la arrebataron (snatched)"),
}

#: T1 «Pifias»: the effect of each face of the fumble die, 1..12.
FUMBLE_TABLE: tuple[str, ...] = (
    "weapon_dropped",
    "weapon_dropped",
    "attacker_prone",
    "attacker_prone",
    "physical_minus_2",
    "physical_minus_2",
    "mental_minus_2",
    "mental_minus_2",
    "free_attack_for_defender",
    "free_attack_for_defender",
    "self_damage_1",
    "self_damage_1",
)
FUMBLE_LABELS = {
    "weapon_dropped": ("El arma se le cae", "El arma se le cae (weapon dropped)"),
    "attacker_prone": ("El personaje se cae", "El personaje se cae (attacker falls prone)"),
    "physical_minus_2": (
        "FUE-2, AGI-2 y VIT-2 hasta el final de su próximo turno",
        "FUE-2, AGI-2 y VIT-2 (−2 physical checks until the end of its next turn)",
    ),
    "mental_minus_2": (
        "INT-2, CAR-2 y SUE-2 hasta el final de su próximo turno",
        "INT-2, CAR-2 y SUE-2 (−2 mental checks until the end of its next turn)",
    ),
    "free_attack_for_defender": (
        "Ataque gratis del enemigo",
        "Ataque gratis del enemigo (free attack for the defender)",
    ),
    "self_damage_1": ("Sufre daño y pierde 1 PV", "Sufre daño y pierde 1 PV (loses 1 PV)"),
}
#: §6 Resolution.effects names of each T1 code.
FUMBLE_EFFECT_OF = {
    "weapon_dropped": "weapon_dropped",
    "attacker_prone": "attacker_prone",
    "physical_minus_2": "attacker_physical_minus_2",
    "mental_minus_2": "attacker_mental_minus_2",
    "free_attack_for_defender": "free_attack_for_defender",
    "self_damage_1": "attacker_self_damage_1",
}

#: T2 (PLACEHOLDER, G1): ``variable_damage(listed, d12) = (listed * k[d12] + 1) // 3``.
VARIABLE_DAMAGE_K: tuple[int, ...] = (1, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 5)

#: T1/T4: the fumble penalties a ``fumble_penalty`` value holds («both»: one of each).
FUMBLE_PENALTY_PARTS: dict[str, tuple[str, ...]] = {
    "none": (),
    "physical": ("physical",),
    "mental": ("mental",),
    "both": ("physical", "mental"),
}

#: T4: the characteristics each condition lowers.
CONDITION_CHECKS = {
    "physical": frozenset({"FUE", "AGI", "VIT"}),
    "mental": frozenset({"INT", "CAR", "SUE"}),
    "intoxicated": frozenset({"FUE", "AGI", "INT", "CAR"}),
    "deprivation": frozenset({"FUE", "AGI", "VIT", "INT", "CAR"}),
}

#: P15 maneuvers with their labels.
MANEUVERS = {
    "grapple": ("Agarrar", "Agarrar (grapple)"),
    "keep_grapple": ("Mantener el agarre", "Mantener el agarre (keep a grapple)"),
    "snatch": ("Arrebatar", "Arrebatar (snatch)"),
    "push": ("Empujar", "Empujar (push)"),
    "trip": ("Tumbar", "Tumbar (knock down)"),
}

#: Labels of the text fields whose contents are parsed (errors name the field by its label).
TEXT_LABELS = {
    "adjustments": ("Ajustes (poderes, ítems)", "Ajustes (adjustments: powers, items)"),
    "extra": ("Ajustes del narrador", "Ajustes del narrador (GM adjustments)"),
    "variable_damage_table": (
        "Tabla de daño variable del narrador",
        "Tabla de daño variable (GM's variable-damage table)",
    ),
}


def label_of(field: str) -> tuple[str, str]:
    """The ``(es, en)`` label of a parsed text field (the field name if it has none)."""
    return TEXT_LABELS.get(field, (field, field))
