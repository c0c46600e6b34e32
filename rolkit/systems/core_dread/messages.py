"""The es/en messages of Core Dread (registered with :func:`rolkit.i18n.register` at import).

Game terms stay Spanish in both languages; English adds a gloss in parentheses.
"""

from __future__ import annotations

from rolkit import i18n
from rolkit.systems.core_dread.tables import DEGREES, LEVEL_LABELS, LEVELS

__all__ = ["wound_key", "MAX_WOUND_COUNT", "register"]

#: Wound keys are registered for counts 1..MAX_WOUND_COUNT (the largest reachable is 18).
MAX_WOUND_COUNT = 40

_GLOSS = {"magullado": "bruised", "lesionado": "injured", "malherido": "badly wounded"}


def wound_key(level: str, count: int) -> str:
    """The i18n key of a wound label: ``cd.wound.malherido.2`` → «Malherido ×2»."""
    return f"cd.wound.{level}.{count}"


ES = {
    "cd.name": "Core Dread",
    "cd.step.attack": "Ataque de {name} ({attribute}, {weapon}){changes}",
    "cd.step.ranged_minimum": "{name} no llega a 3 aciertos a distancia: el ataque falla",
    "cd.step.defence.block": "{name} bloquea ({attribute}){changes}",
    "cd.step.defence.dodge": "{name} esquiva ({attribute}){changes}",
    "cd.step.defence.ranged_block": "{name} bloquea a distancia ({attribute}){changes}",
    "cd.step.damage": "Puntos de daño a {name}",
    "cd.step.wound": "Herida a {name}: {wound}",
    "cd.step.track": "{name} marca: {marked}",
    "cd.step.knockout": "{name} queda inconsciente",
    "cd.step.autocontrol": "{name} pierde 1 de Autocontrol",
    "cd.step.prone": "Tirada de Fortaleza de {name} para no caer al suelo{changes}",
    "cd.step.wear": "La armadura de {name} se desgasta",
    "cd.step.counter": "Contraataque a {name}: {wound}",
    "cd.step.ammo": "{name}: munición gastada",
    "cd.step.cover": "{name} queda a cubierto",
    "cd.step.turn": "{name} gasta su turno al defenderse",
    "flag.counter_wound": "contraataque con herida",
}
EN = {
    "cd.name": "Core Dread",
    "cd.step.attack": "Attack by {name} ({attribute}, {weapon}){changes}",
    "cd.step.ranged_minimum": "{name} gets fewer than 3 hits at range: the attack fails",
    "cd.step.defence.block": "{name} blocks — bloquear ({attribute}){changes}",
    "cd.step.defence.dodge": "{name} dodges — esquivar ({attribute}){changes}",
    "cd.step.defence.ranged_block": "{name} shoots back — bloqueo a distancia ({attribute}){changes}",
    "cd.step.damage": "Damage points to {name}",
    "cd.step.wound": "Wound to {name}: {wound}",
    "cd.step.track": "{name} marks: {marked}",
    "cd.step.knockout": "{name} is knocked out (inconsciente)",
    "cd.step.autocontrol": "{name} loses 1 Autocontrol (self-control)",
    "cd.step.prone": "{name}'s Fortaleza check to stay on their feet{changes}",
    "cd.step.wear": "{name}'s armour wears down",
    "cd.step.counter": "Counter-attack (contraataque) on {name}: {wound}",
    "cd.step.ammo": "{name}: one attack of ammunition spent",
    "cd.step.cover": "{name} ends in cover (a cubierto)",
    "cd.step.turn": "{name} spends their turn defending",
    "flag.counter_wound": "counter-attack wounds",
}
for _level in LEVELS:
    for _n in range(1, MAX_WOUND_COUNT + 1):
        ES[wound_key(_level, _n)] = f"{LEVEL_LABELS[_level][0]} ×{_n}"
        EN[wound_key(_level, _n)] = f"{LEVEL_LABELS[_level][0]} ×{_n} ({_GLOSS[_level]})"


#: Labels of the numbers in steps (``derived``); registered only where no system has one.
DERIVED = {
    "attribute": ("atributo", "attribute (atributo)"),
    "skill": ("habilidad", "skill (habilidad)"),
    "natural_hits": ("aciertos naturales", "natural hits"),
    "rerolls": ("relanzamientos", "rerolls"),
    "hits": ("aciertos", "hits (aciertos)"),
    "spectacular": ("espectacular", "spectacular"),
    "multiplier": ("multiplicador", "multiplier"),
    "value": ("valor", "value"),
    "attack_value": ("valor del ataque", "attack value"),
    "defence_value": ("valor de la defensa", "defence value"),
    "damage_raw": ("daño bruto", "raw damage"),
    "absorption": ("Absorción", "Absorción (absorption)"),
    "damage": ("daño", "damage"),
    "counter_raw": ("contraataque bruto", "raw counter-attack"),
    "fortaleza": ("Fortaleza", "Fortaleza (strength)"),
    "base_count": ("heridas por el daño", "wounds from damage"),
    "count": ("heridas", "wounds"),
    "measured": ("golpe medido", "measured blow"),
    "magullado": ("Magullado", "Magullado (bruised)"),
    "lesionado": ("Lesionado", "Lesionado (injured)"),
    "malherido": ("Malherido", "Malherido (badly wounded)"),
    "dead": ("muere", "dies"),
    "success": ("éxito", "success"),
    "autocontrol": ("Autocontrol", "Autocontrol (self-control)"),
    "attacks_left": ("ataques restantes", "attacks left"),
    "needed": ("necesarios", "needed"),
    "counted": ("cuentan", "counted"),
}


def _local(table: dict[str, str]) -> dict[str, str]:
    """The catalogue's keys without the ``cd.`` prefix (``register`` adds it back)."""
    return {k.removeprefix("cd."): v for k, v in table.items()}


def register() -> None:
    """Register the Core Dread catalogue under the ``cd`` prefix (idempotent)."""
    i18n.register("cd", {"es": _local(ES), "en": _local(EN)})
    i18n.register(
        "cd",
        {
            "es": {f"degree.{degree}": es for _, degree, es, _ in DEGREES},
            "en": {f"degree.{degree}": en for _, degree, _, en in DEGREES},
        },
    )
    i18n.register_pairs("cd", {f"derived.{key}": pair for key, pair in DERIVED.items()})


register()
