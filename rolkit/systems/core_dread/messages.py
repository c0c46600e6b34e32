"""The es/en messages of Core Dread (registered with :func:`rolkit.i18n.register` at import).

Game terms stay Spanish in both languages; English adds a gloss in parentheses.
"""

from __future__ import annotations

from rolkit import i18n
from rolkit.systems.core_dread.tables import CATEGORY_LABELS, DEGREES, LEVEL_LABELS, LEVELS

__all__ = ["wound_key", "value_key", "step_label", "MAX_WOUND_COUNT", "register"]

#: Wound keys are registered for counts 1..MAX_WOUND_COUNT (the largest reachable is 18).
MAX_WOUND_COUNT = 40

_GLOSS = {"magullado": "bruised", "lesionado": "injured", "malherido": "badly wounded"}


def wound_key(level: str, count: int) -> str:
    """The i18n key of a wound label: ``cd.wound.malherido.2`` → «Malherido ×2»."""
    return f"cd.wound.{level}.{count}"


#: Step labels: ``(es, en)``. ``{name}`` is the combatant's (or weapon's) name; a step of
#: an unnamed one uses the variant ``<label>.<role>`` that names the role instead.
STEPS: dict[str, tuple[str, str]] = {
    "step.attack": ("Ataque de {name}{changes}", "Attack by {name}{changes}"),
    "step.ranged_minimum": (
        "{name} no llega a 3 aciertos a distancia: el ataque falla",
        "{name} gets fewer than 3 hits at range: the attack fails",
    ),
    "step.defence.block": ("{name} bloquea{changes}", "{name} blocks — bloquear{changes}"),
    "step.defence.dodge": ("{name} esquiva{changes}", "{name} dodges — esquivar{changes}"),
    "step.defence.ranged_block": (
        "{name} bloquea a distancia{changes}",
        "{name} shoots back — bloqueo a distancia{changes}",
    ),
    "step.damage": ("Puntos de daño a {name}", "Damage points to {name}"),
    "step.wound": ("Herida a {name}", "Wound to {name}"),
    "step.track": ("{name} marca sus heridas", "{name} marks the wounds"),
    "step.knockout": ("{name} queda inconsciente", "{name} is knocked out (inconsciente)"),
    "step.autocontrol": (
        "{name} pierde 1 de Autocontrol",
        "{name} loses 1 Autocontrol (self-control)",
    ),
    "step.prone": (
        "Tirada de Fortaleza de {name} para no caer al suelo{changes}",
        "Fortaleza check of {name} to stay on their feet{changes}",
    ),
    "step.wear": ("La armadura de {name} se desgasta", "The armour of {name} wears down"),
    "step.counter": ("Contraataque a {name}", "Counter-attack (contraataque) on {name}"),
    "step.ammo": ("{name}: munición gastada", "{name}: one attack of ammunition spent"),
    "step.cover": ("{name} queda a cubierto", "{name} ends in cover (a cubierto)"),
    "step.turn": ("{name} gasta su turno al defenderse", "{name} spends their turn defending"),
}

#: Step labels of the checks (no combatant named): ``(es, en)``.
CHECK_STEPS: dict[str, tuple[str, str]] = {
    "step.check": ("Chequeo{changes}", "Chequeo (check){changes}"),
    "step.opposed.side": ("Tirada propia{changes}", "Own roll{changes}"),
    "step.opposed.rival": ("Tirada del rival{changes}", "The rival's roll{changes}"),
    "step.opposed.result": ("Resultado de la tirada enfrentada", "Result of the opposed check"),
    "step.healing": (
        "Tirada de Fortaleza para curar un Malherido{changes}",
        "Fortaleza check to heal a Malherido (badly wounded){changes}",
    ),
    "step.healing.track": ("Heridas tras la tirada", "Wounds after the check"),
}

#: The role named in a step of an unnamed combatant (or weapon): ``(es, en)``.
ROLES = {
    "attacker": ("atacante", "attacker"),
    "defender": ("defensor", "defender"),
    "weapon": ("arma", "weapon"),
}


def _es_role(template: str, role: str) -> str:
    """«de {name}» → «del atacante», «a {name}» → «al atacante», «{name} …» → «El …»
    (also «el arma», «del arma»: the stressed a takes «el»)."""
    noun = ROLES[role][0]
    out = template.replace("de {name}", f"del {noun}").replace("a {name}", f"al {noun}")
    if out.startswith("{name}"):
        out = f"El {noun}" + out[len("{name}") :]
    return out.replace("{name}", f"el {noun}")


def _en_role(template: str, role: str) -> str:
    noun = ROLES[role][1]
    if template.startswith("{name}"):
        template = f"The {noun}" + template[len("{name}") :]
    return template.replace("{name}", f"the {noun}")


def step_label(label: str, name: str, role: str) -> tuple[str, dict[str, str]]:
    """The label key and ``name`` param of a step about ``role`` named ``name``."""
    if name:
        return label, {"name": name}
    return f"{label}.{role}", {}


ES = {
    "cd.name": "Core Dread",
    "cd.headline.critical": "{p} espectacular",
    "flag.counter_wound": "contraataque con herida",
    "flag.counter_dead": "el contraataque mata al atacante",
    "flag.counter_prone": "el contraataque tira al suelo al atacante",
}
EN = {
    "cd.name": "Core Dread",
    "cd.headline.critical": "{p} espectacular (spectacular)",
    "flag.counter_wound": "counter-attack wounds",
    "flag.counter_dead": "the counter-attack kills the attacker",
    "flag.counter_prone": "the counter-attack knocks the attacker down (al suelo)",
}
for _key, (_es, _en) in STEPS.items():
    ES[f"cd.{_key}"], EN[f"cd.{_key}"] = _es, _en
    for _role in ROLES:
        ES[f"cd.{_key}.{_role}"] = _es_role(_es, _role)
        EN[f"cd.{_key}.{_role}"] = _en_role(_en, _role)

for _key, (_es, _en) in CHECK_STEPS.items():
    ES[f"cd.{_key}"], EN[f"cd.{_key}"] = _es, _en

#: String values shown in steps (``derived``): ``cd.value.<x>``.
VALUES: dict[str, tuple[str, str]] = {
    "fortaleza": ("Fortaleza", "Fortaleza (strength)"),
    "agilidad": ("Agilidad", "Agilidad (agility)"),
    "concentracion": ("Concentración", "Concentración (concentration)"),
    **{level: LEVEL_LABELS[level] for level in LEVELS},
    **CATEGORY_LABELS,
    "win": ("gana", "gana (wins)"),
    "draw": ("empate", "empate (draw)"),
    "lose": ("pierde", "pierde (loses)"),
}


def value_key(value: str) -> str:
    """The i18n key of a string value shown in a step: ``cd.value.malherido``."""
    return f"cd.value.{value}"


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
    "uses": ("usa", "uses"),
    "degree": ("resultado", "result (resultado)"),
    "rival_hits": ("aciertos del rival", "rival's hits"),
    "result": ("resultado", "result (resultado)"),
    "weapon": ("arma", "weapon (arma)"),
    "weapon_class": ("tipo de arma", "weapon class (tipo de arma)"),
    "wound": ("herida", "wound"),
    "marked": ("casillas marcadas", "boxes marked"),
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
    i18n.register_pairs("cd", {f"value.{key}": pair for key, pair in VALUES.items()})


register()
