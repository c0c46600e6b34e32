"""The es/en messages of Ashes Of War, every key under the ``ashes_of_war.`` prefix.

Game terms stay Spanish in both languages; English adds a gloss in parentheses.
"""

from __future__ import annotations

from rolkit import i18n
from rolkit.systems.ashes_of_war.tables import (
    ADVERSIDAD_LABELS,
    CATEGORY_LABELS,
    DAMAGE_TYPE_LABELS,
    DEFENCE_LABELS,
    EFFECT_LABELS,
    FIRST_SERIOUS_EFFECTS,
    LIMB_LOCATIONS,
    LOCATION_LABELS,
    PART_OF,
    SEVERITY_LABELS,
    SKILL_LABELS,
)

__all__ = ["ID", "key", "event_key", "PAIRS", "STEP_RULES", "register"]

ID = "ashes_of_war"


def key(suffix: str) -> str:
    """``"location.torso"`` → ``"ashes_of_war.location.torso"``."""
    return f"{ID}.{suffix}"


_STEPS = {
    "attack_pool": ("Reserva de ataque de {name}", "Reserva de ataque (attack pool) of {name}"),
    "attack_roll": ("Tirada de ataque de {name}", "Tirada de ataque (attack roll) of {name}"),
    "defence_pool": ("Reserva de defensa de {name}", "Reserva de defensa (defence pool) of {name}"),
    "defence_roll": ("Tirada de defensa de {name}", "Tirada de defensa (defence roll) of {name}"),
    "undefended": ("{name} no se defiende", "{name} no se defiende (undefended)"),
    "compare": ("Comparación", "Comparación (attack against defence)"),
    "location": ("Ubicación del golpe", "Ubicación del golpe (hit location)"),
    "damage": ("Dado de daño", "Dado de daño (damage dice)"),
    "rd": ("RD (Reducción de Daño)", "RD (damage reduction)"),
    "wound": ("Herida a {name}", "Herida (wound) to {name}"),
    "conditions": ("Estados de {name}", "Estados (conditions) of {name}"),
    "integrity": ("Integridad", "Integridad (durability)"),
    "check": ("Tirada de {skill}", "Tirada de {skill} (check)"),
    "opposed": ("Tirada enfrentada", "Tirada enfrentada (opposed roll)"),
    "certain": ("Sin tirada: sale siempre", "Sin tirada (no roll: it always succeeds)"),
}
_DERIVED = {
    "ndp": ("NdP", "NdP (skill dice)"),
    "gracias": ("Gracias △", "Gracias △ (boon dice)"),
    "desgracias": ("Desgracias ▽", "Desgracias ▽ (bane dice)"),
    "result": ("resultado", "resultado (result R)"),
    "threshold": ("necesita", "necesita (result needed)"),
    "adversidad": ("Adversidad", "Adversidad (difficulty)"),
    "attack": ("ataque", "ataque (attack R)"),
    "defence": ("defensa", "defensa (defence R)"),
    "hit": ("impacta", "impacta (hits)"),
    "location": ("ubicación", "ubicación (location)"),
    "rolled": ("sale en el dado", "sale en el dado (rolled)"),
    "raw": ("daño tirado", "daño tirado (raw damage)"),
    "rd": ("RD", "RD (damage reduction)"),
    "final": ("daño final", "daño final (final damage)"),
    "shield_rd": ("RD del escudo", "RD del escudo (shield RD)"),
    "excess": ("excedente", "excedente (excess)"),
    "arm_rd": ("RD del brazo", "RD del brazo (arm RD)"),
    "severity": ("herida", "herida (severity)"),
    "wound_box": ("casilla", "casilla (box filled)"),
    "events": ("estados", "estados (events)"),
    "changes": ("cambios", "cambios (changes)"),
    "skill": ("habilidad", "habilidad (skill)"),
    "success": ("éxito", "éxito (success)"),
    "elevated": ("terreno alto", "terreno alto (higher ground)"),
    "extra_gracias": ("△ del Narrador", "△ del Narrador (GM's boon dice)"),
    "aim": ("apuntar", "apuntar (aiming)"),
    "second_attack": ("segundo ataque", "segundo ataque (second attack)"),
    "cover": ("cobertura", "cobertura (cover)"),
    "blind_fire": ("a ciegas", "a ciegas (blind fire)"),
    "conditions": ("estados", "estados (conditions)"),
    "pending": ("▽ pendientes", "▽ pendientes (pending bane dice)"),
    "extra": ("▽ del Narrador", "▽ del Narrador (GM's bane dice)"),
    "shield": ("escudo", "escudo (shield dice)"),
    "feint": ("finta", "finta (feint)"),
    "arm": ("brazo herido", "brazo herido (first serious wound in that arm)"),
    "foot": ("pie herido", "pie herido (first serious wound in a foot)"),
    "successive": ("defensas sucesivas", "defensas sucesivas (successive defences)"),
    "cancelled": ("anuladas", "anuladas (cancelled)"),
    "active": ("activo", "activo (active R)"),
    "reactive": ("reactivo", "reactivo (reactive R)"),
    "failures": ("fallos", "fallos (failures)"),
    **{k: v for k, v in SKILL_LABELS.items()},
}
_FLAGS = {
    "bleeding_light": ("Hemorragia Leve", "Hemorragia Leve (light bleeding)"),
    "bleeding_serious": ("Hemorragia Grave", "Hemorragia Grave (serious bleeding)"),
    "dismembered": ("Desmembrado", "Desmembrado (limb lost)"),
    "first_serious": ("Primera herida grave", "Primera herida grave (first serious wound)"),
    "bruised": ("Contusionado", "Contusionado (concussed)"),
    "fractured": ("Fracturado", "Fracturado (fractured)"),
    "unconscious": ("Inconsciente", "Inconsciente (unconscious)"),
    "dying": ("Moribundo", "Moribundo (dying)"),
    "dead": ("Muerte", "Muerte (dead)"),
    "prone": ("Derribado", "Derribado (prone)"),
    "dropped_weapon": ("Suelta el arma", "Suelta el arma (drops the weapon)"),
    "dropped_shield": ("Suelta el escudo", "Suelta el escudo (drops the shield)"),
}
_DEGREES = {
    "success": ("Éxito", "Éxito (success)"),
    "failure": ("Fallo", "Fallo (failure)"),
    "stabilised": ("Se estabiliza", "Se estabiliza (stabilised)"),
    "worse": ("Empeora", "Empeora (worse)"),
    "dead": ("Muere", "Muere (dies)"),
}

PAIRS: dict[str, tuple[str, str]] = {
    "name": ("Ashes Of War", "Ashes Of War"),
    "headline.critical": ("{p} crítico (no hay críticos)", "{p} critical (the system has none)"),
}
PAIRS.update({f"step.{k}": v for k, v in _STEPS.items()})
PAIRS.update({f"derived.{k}": v for k, v in _DERIVED.items()})
PAIRS.update({f"location.{k}": v for k, v in LOCATION_LABELS.items()})
PAIRS.update({f"wound.{k}": v for k, v in SEVERITY_LABELS.items()})
PAIRS.update({f"flag.{k}": v for k, v in _FLAGS.items()})
PAIRS.update({f"category.{k}": v for k, v in CATEGORY_LABELS.items()})
PAIRS.update({f"value.{k}": v for k, v in CATEGORY_LABELS.items()})
PAIRS.update({f"value.{k}": v for k, v in DAMAGE_TYPE_LABELS.items()})
PAIRS.update({f"value.{k}": v for k, v in ADVERSIDAD_LABELS.items()})
PAIRS.update({f"value.{k}": v for k, v in DEFENCE_LABELS.items() if k != "none"})
PAIRS.update({f"value.effect.{k}": v for k, v in EFFECT_LABELS.items()})
PAIRS.update({f"degree.{k}": v for k, v in _DEGREES.items()})
for _flag, (_es, _en) in _FLAGS.items():
    for _loc, (_les, _len) in LOCATION_LABELS.items():
        PAIRS[f"event.{_flag}.{_loc}"] = (f"{_es}: {_les}", f"{_en}: {_len}")
    PAIRS[f"event.{_flag}"] = (_es, _en)
# T5 [PH]: a first serious wound names its effect (reported; the GM applies it).
for _loc in LIMB_LOCATIONS:
    _tags = FIRST_SERIOUS_EFFECTS[PART_OF[_loc]]
    _es, _en = PAIRS[f"event.first_serious.{_loc}"]
    PAIRS[f"event.first_serious.{_loc}"] = (
        f"{_es} — {', '.join(EFFECT_LABELS[t][0] for t in _tags)} (regla provisional)",
        f"{_en} — {', '.join(EFFECT_LABELS[t][1] for t in _tags)} (provisional rule)",
    )


#: The rule each step applies, as a player reads it: the seed's section and its words.
STEP_RULES = {
    "attack_pool": "«Ataque»: «Apuntar a la cabeza, a una mano o a un pie se hace con un dado "
    "de Desgracia (▽)»; tope de 3 ▽ por tirada",
    "attack_roll": "Un d6 por NdP y por △, éxito con 4+; cada éxito de un ▽ anula uno "
    "(regla provisional)",
    "defence_pool": "«Defensa»: «cada defensa sucesiva acumulará un dado de Desgracia (▽)», "
    "sin el tope habitual",
    "defence_roll": "Un d6 por NdP y por △, éxito con 4+; cada éxito de un ▽ anula uno "
    "(regla provisional)",
    "undefended": "«Ataque»: «Si un oponente no se defiende … la Adversidad de la tirada será "
    "Fácil»",
    "compare": "«Defensa»: «En las tiradas enfrentadas de ataque y defensa, el empate favorece "
    "al defensor»",
    "location": "«Ubicación del golpe»: «Si no apunta, el golpe cae donde la narración lo ponga "
    "o … donde diga 1d10» (tabla provisional)",
    "damage": "«Daños»: «El dado de daño se tira en cada golpe»",
    "rd": "«Daños»: «(Dado de daño del arma) - (RD del equipo defensivo del oponente)»",
    "wound": "«Daños»: «Si las casillas de daño leve están ocupadas, el mismo será considerado "
    "grave» (umbrales de herida provisionales)",
    "conditions": "«Estados causados por daño»",
    "integrity": "«Daños»: «la armadura impactada pierde Integridad»; «el arma atacante pierde un "
    "punto de Integridad»",
}


def event_key(event: str) -> str:
    """``"dismembered:left_arm"`` → the i18n key of «Desmembrado: Brazo izquierdo»."""
    return key("event." + event.replace(":", "."))


def register() -> None:
    """Register every message under the ``ashes_of_war`` prefix (idempotent)."""
    i18n.register_pairs(ID, PAIRS)


register()
