"""The G.O.R.E. message catalogue (es/en): names, step labels, step ``derived`` labels and
values, tiers, categories, locations, wounds, fates, and the T10/T11/T12 texts with English
glosses. Registered on import; game terms stay Spanish, English adds a gloss."""

from __future__ import annotations

from rolkit import i18n

from .forms import LOCATION_LABELS
from .tables import T10_SERIOUS_WOUNDS, T11_MELEE_FUMBLES, T12_RANGED_FUMBLES, UNARMED_FUMBLE

__all__ = [
    "DERIVED",
    "LOSS_KEYS",
    "VALUES",
    "FUMBLE_EN",
    "SERIOUS_EN",
    "FATES",
    "fumble_key",
    "ES",
    "EN",
]

ES = {
    "gore.name": "G.O.R.E.",
    "gore.headline.critical": "{p} crítico/empalar",
    "gore.wound.none": "sin herida",
    "gore.wound.leve": "Herida leve",
    "gore.wound.grave": "Herida grave",
    "gore.wound.mortal": "Herida mortal",
    "flag.ko": "KO (inconsciente)",
    "flag.ko_failed": "KO fallido",
    "flag.pifia": "pifia del atacante",
    "flag.malfunction": "encasquillamiento",
    "flag.blocked": "bloqueado",
    "flag.shield": "impacto en el escudo",
    "flag.cover": "impacto en la cobertura",
    "flag.impale": "empalamiento",
    "flag.item_destroyed": "escudo/arma destruido",
    "flag.location_disabled": "localización inutilizada",
    "flag.location_severe": "localización destrozada",
    "gore.step.skill": "Habilidad efectiva",
    "gore.step.attack_roll": "Tirada de ataque",
    "gore.step.defence_roll": "Tirada de defensa",
    "gore.step.dodge_table": "Tabla de esquiva",
    "gore.step.block_table": "Tabla de bloqueo",
    "gore.step.no_defence": "Sin defensa (T6)",
    "gore.step.location": "Localización",
    "gore.step.location_status": "Estado de la localización",
    "gore.step.cover": "Cobertura",
    "gore.step.shield": "Escudo",
    "gore.step.shield_damage": "Escudo: daño al objeto",
    "gore.step.burst": "Ráfaga",
    "gore.step.damage": "Daño",
    "gore.step.armour": "Armadura",
    "gore.step.critical": "Crítico/Empalar",
    "gore.step.ko": "KO",
    "gore.step.fumble": "Pifia",
    "gore.step.wound": "Herida",
    "gore.step.serious": "Tabla de heridas graves",
    "gore.step.check": "Chequeo",
}
EN = {
    "gore.name": "G.O.R.E.",
    "gore.headline.critical": "{p} crítico/empalar (critical/impale)",
    "gore.wound.none": "sin herida (no wound)",
    "gore.wound.leve": "Herida leve (light wound)",
    "gore.wound.grave": "Herida grave (serious wound)",
    "gore.wound.mortal": "Herida mortal (mortal wound)",
    "flag.ko": "KO (knocked out)",
    "flag.ko_failed": "KO failed",
    "flag.pifia": "attacker fumble",
    "flag.malfunction": "malfunction",
    "flag.blocked": "blocked",
    "flag.shield": "shield hit",
    "flag.cover": "cover hit",
    "flag.impale": "impale",
    "flag.item_destroyed": "shield/weapon destroyed",
    "flag.location_disabled": "location disabled",
    "flag.location_severe": "location severely hurt",
    "gore.step.skill": "Habilidad efectiva (effective skill)",
    "gore.step.attack_roll": "Tirada de ataque (attack roll)",
    "gore.step.defence_roll": "Tirada de defensa (defence roll)",
    "gore.step.dodge_table": "Tabla de esquiva (dodge matrix)",
    "gore.step.block_table": "Tabla de bloqueo (block matrix)",
    "gore.step.no_defence": "Sin defensa (no defence, T6)",
    "gore.step.location": "Localización (hit location)",
    "gore.step.location_status": "Estado de la localización (location status)",
    "gore.step.cover": "Cobertura (cover)",
    "gore.step.shield": "Escudo (shield coverage)",
    "gore.step.shield_damage": "Escudo (damage to the item)",
    "gore.step.burst": "Ráfaga (burst)",
    "gore.step.damage": "Daño (damage)",
    "gore.step.armour": "Armadura (armour)",
    "gore.step.critical": "Crítico/Empalar (critical/impale)",
    "gore.step.ko": "KO (knock-out)",
    "gore.step.fumble": "Pifia (fumble)",
    "gore.step.wound": "Herida (wound)",
    "gore.step.serious": "Tabla de heridas graves (serious wounds)",
    "gore.step.check": "Chequeo (check)",
}
TIER_LABELS: dict[str, tuple[str, str]] = {
    "pifia": ("Pifia", "Pifia (fumble)"),
    "fallo": ("Fallo", "Fallo (failure)"),
    "exito": ("Éxito", "Éxito (success)"),
    "critico": ("Crítico", "Crítico (critical)"),
    "empalar": ("Empalar", "Empalar (impale)"),
    "automatico": ("Éxito automático", "Éxito automático (automatic)"),
    "encasquillado": ("Encasquillamiento", "Encasquillamiento (malfunction)"),
    "none": ("Sin defensa", "Sin defensa (none)"),
}
_CATEGORIES = {
    "miss": ("No golpea", "No golpea (miss)"),
    "blocked": ("Bloqueo", "Bloqueo (blocked)"),
    "hit_normal": ("Golpea, daño normal", "Golpea, daño normal (normal hit)"),
    "hit_normal_bypass": ("Daño normal atravesando armadura", "normal damage through armour"),
    "hit_max": ("Daño máximo", "Daño máximo (maximum damage)"),
    "hit_max_bypass": ("Daño máximo sin armadura", "maximum damage through armour"),
    "hit_critical": ("Crítico: máximo ×2", "Crítico (maximum, doubled)"),
    "hit_impale": ("Empalar: máximo ×2 sin armadura", "Empalar (impale, doubled)"),
    "shield_hit": ("Impacto en el escudo", "Impacto en el escudo (shield hit)"),
    "cover_hit": ("Impacto en la cobertura", "Impacto en la cobertura (cover hit)"),
    "malfunction": ("Encasquillamiento", "Encasquillamiento (malfunction)"),
}
_MISC = {
    "gore.defence.dodge": ("Esquivar", "Esquivar (dodge)"),
    "gore.defence.block": ("Bloquear", "Bloquear (block)"),
    "gore.defence.none": ("Sin defensa", "Sin defensa (none)"),
    "gore.status.ok": ("bien", "bien (ok)"),
    "gore.status.disabled": ("inutilizada", "inutilizada (disabled)"),
    "gore.status.severe": ("destrozada", "destrozada (severe)"),
    "gore.who.atacante": ("atacante", "atacante (attacker)"),
    "gore.who.defensor": ("defensor", "defensor (defender)"),
}
for _k, (_es, _en) in _MISC.items():
    ES[_k], EN[_k] = _es, _en
for _k, (_es, _en) in TIER_LABELS.items():
    ES[f"gore.tier.{_k}"], EN[f"gore.tier.{_k}"] = _es, _en
    if _k in ("pifia", "fallo", "exito", "critico", "empalar"):  # the check degrees
        ES[f"gore.degree.{_k}"], EN[f"gore.degree.{_k}"] = _es, _en
#: The P1–P3 checks (their CheckProcedure labels).
CHECK_LABELS: dict[str, tuple[str, str]] = {
    "skill": ("Chequeo de habilidad", "Chequeo de habilidad (skill check)"),
    "characteristic": (
        "Chequeo de característica",
        "Chequeo de característica (characteristic ×N)",
    ),
    "resistance": ("Chequeo enfrentado", "Chequeo enfrentado (resistance roll)"),
}
for _k, (_es, _en) in CHECK_LABELS.items():
    ES[f"gore.check.{_k}"], EN[f"gore.check.{_k}"] = _es, _en
for _k, (_es, _en) in _CATEGORIES.items():
    ES[f"gore.category.{_k}"], EN[f"gore.category.{_k}"] = _es, _en
for _k, (_es, _en) in LOCATION_LABELS.items():
    ES[f"gore.location.{_k}"], EN[f"gore.location.{_k}"] = _es, _en

#: Step ``derived`` keys → (es, en) labels ("gore.derived.<key>").
DERIVED: dict[str, tuple[str, str]] = {
    "attack": ("ataque", "ataque (attack skill)"),
    "crit_max": ("crítico ≤", "crítico ≤ (critical on)"),
    "defence": ("defensa", "defensa (defence skill)"),
    "base": ("base", "base (base skill)"),
    "split": ("dividida", "dividida (split among attacks)"),
    "off_hand": ("zurda", "zurda (off hand)"),
    "range_band": ("banda de alcance", "banda de alcance (range band)"),
    "close_range": ("corta distancia", "corta distancia (close range)"),
    "crowd": ("a bulto", "a bulto (crowd fire)"),
    "lighting": ("iluminación", "iluminación (lighting)"),
    "half_all": ("habilidades a 1/2", "habilidades a 1/2 (all skills halved)"),
    "surprised": ("sorprendido", "sorprendido (surprised target)"),
    "prone_target_ranged": ("objetivo tumbado", "objetivo tumbado (prone target, ranged)"),
    "prone_or_behind": (
        "en el suelo / por la espalda",
        "en el suelo / por la espalda (prone or from behind)",
    ),
    "attacker_higher": ("posición elevada", "posición elevada (attacker higher)"),
    "attacker_prone": ("atacando tumbado", "atacando tumbado (attacker lying)"),
    "unstable": ("superficie inestable", "superficie inestable (unstable footing)"),
    "obstacle": ("obstáculo", "obstáculo (obstacle)"),
    "underwater": ("bajo el agua", "bajo el agua (underwater)"),
    "focus": ("Enfoque", "Enfoque (focus)"),
    "target_sprinting": ("objetivo esprintando", "objetivo esprintando (sprinting target)"),
    "mounted_vs_foot": ("montado contra un infante", "montado contra un infante (mounted vs foot)"),
    "angle_down": ("ángulo hacia abajo", "ángulo hacia abajo (shooting down)"),
    "angle_up": ("ángulo hacia arriba", "ángulo hacia arriba (shooting up)"),
    "target_size": ("TAM del objetivo", "TAM del objetivo (target size)"),
    "gm_bonus": ("modificador del DJ", "modificador del DJ (GM modifier)"),
    "after_burst": ("con la ráfaga", "con la ráfaga (with the burst)"),
    "roll": ("tirada", "tirada (roll)"),
    "skill": ("habilidad", "habilidad (skill)"),
    "result": ("resultado", "resultado (result)"),
    "defence_kind": ("reacción", "reacción (defence)"),
    "attacker": ("atacante", "atacante (attacker)"),
    "defender": ("defensor", "defensor (defender)"),
    "category": ("categoría", "categoría (category)"),
    "location": ("localización", "localización (hit location)"),
    "target": ("objetivo", "objetivo (target)"),
    "coverage": ("cobertura", "cobertura (coverage)"),
    "shield_hit": ("escudo", "escudo (shield hit)"),
    "bullets": ("balas", "balas (bullets fired)"),
    "bullets_hit": ("impactan", "impactan (bullets hitting)"),
    "weapon": ("arma", "arma (weapon dice)"),
    "weapon_max": ("arma, máximo", "arma, máximo (weapon maximum)"),
    "md": ("MD", "MD (damage modifier)"),
    "charge": ("Carga", "Carga (charge)"),
    "raw": ("bruto", "bruto (before armour)"),
    "to_item": ("al objeto", "al objeto (to the item)"),
    "item_pg": ("PG del objeto", "PG del objeto (item hit points)"),
    "overflow": ("pasa", "pasa (overflow)"),
    "armour": ("armadura", "armadura (armour)"),
    "to_bearer": ("al portador", "al portador (to the bearer)"),
    "after_armour": ("tras la armadura", "tras la armadura (after armour)"),
    "damage": ("daño", "daño (damage)"),
    "ko": ("KO", "KO (knocked out)"),
    "rounds": ("turnos", "turnos (rounds)"),
    "min_damage": ("daño mínimo", "daño mínimo (weapon minimum)"),
    "who": ("quién", "quién (who)"),
    "table": ("tabla", "tabla (table)"),
    "status": ("estado", "estado (status)"),
    "hp": ("PG", "PG (hit points)"),
    "wound": ("herida", "herida (wound)"),
    "type": ("tipo", "tipo (type)"),
    "effect": ("efecto", "efecto (effect)"),
    "luck": ("SUE", "SUE (luck check)"),
    "permanent": ("permanente", "permanente (permanent)"),
    "fate": ("destino", "destino (fate)"),
    "modifier": ("modificador", "modificador (modifier)"),
    "characteristic": ("característica", "característica (characteristic)"),
    "multiplier": ("multiplicador", "multiplicador (multiplier)"),
    "active": ("activa", "activa (active)"),
    "passive": ("pasiva", "pasiva (passive)"),
}

#: T10 loss names (as the table prints them) → the ``lost_<x>`` derived keys of the step.
LOSS_KEYS: dict[str, str] = {
    "FUE": "fue",
    "CON": "con",
    "TAM": "tam",
    "INT": "int",
    "POD": "pod",
    "DES": "des",
    "CAR": "car",
    "MOV": "mov",
    "PG máximos": "hp_max",
}
for _name, _key in LOSS_KEYS.items():
    if _key == "hp_max":
        DERIVED["lost_hp_max"] = ("PG máximos perdidos", "PG máximos perdidos (max HP lost)")
    else:
        DERIVED[f"lost_{_key}"] = (f"{_name} perdida", f"{_name} perdida ({_name} lost)")

#: Other step values → (es, en) ("gore.value.<x>").
VALUES: dict[str, tuple[str, str]] = {
    "shield_or_weapon": ("escudo/arma", "escudo/arma (shield or weapon)"),
    "always_g12": ("siempre (G12)", "siempre (always, G12)"),
}

#: T11 / T12 / G24 fumble texts: English glosses of the seed's rows (spec §4).
FUMBLE_EN: dict[str, str] = {
    "melee_1": "stumble: cannot block next round",
    "melee_8": "shield damaged: block ×1/2",
    "melee_12": "stumble: neither block nor attack next round",
    "melee_21": "weapon flies 1D4 m away, unless using a shield",
    "melee_26": "arm hurt and unusable, unless using a shield",
    "melee_29": "blow to the head: all skills ×1/2 next round",
    "melee_32": "confused: lose the next attack",
    "melee_36": "lose 1 CAR (blow to the face)",
    "melee_39": "weapon stuck in the enemy's armour: FUE×3 to pull it out",
    "melee_43": "hit yourself: roll full damage",
    "melee_47": "hit an ally: roll full damage",
    "melee_50": "weapon arm broken",
    "melee_54": "armour knocked askew: −2 armour until fixed",
    "melee_58": "stumble: cannot attack next round",
    "melee_65": "shield (or weapon if no shield) breaks",
    "melee_68": "dust or sweat in the eyes: only defend or move for 1D3 rounds",
    "melee_74": "lose balance: fall",
    "melee_77": "without a helmet: cut on the face; only dodge or block next round",
    "melee_80": "blow to the head: all skills ×1/2; a helmet is lost",
    "melee_83": "drop the weapon",
    "melee_86": "wrenched joint: MOV ×1/2",
    "melee_89": "exhausted: can only block for the next 2 rounds",
    "melee_92": "leg hurt: Esquivar ×1/2 until treated",
    "melee_95": "lose 2 fingers: weapon or shield skill −10",
    "melee_98": "weapon unusable",
    "melee_100": "roll again — no escape",
    "ranged_1": "the weapon slips, but you can still use it",
    "ranged_2": "weapon needs repair (1D4 rounds); a firearm jams",
    "ranged_3": "hit an ally: full damage",
    "ranged_4": "distracted: lose the chance to attack",
    "ranged_5": "false move: lose the attack",
    "ranged_6": "fall and drop the weapon; no attack",
    "unarmed": "lose balance, fall (no table for unarmed fumbles, G24)",
}

#: T10 serious-wound descriptions: English glosses (spec §4 T10).
SERIOUS_EN: dict[str, str] = {
    "I": "marked scars that cannot be hidden",
    "II": "head wound; social skills capped at 65%",
    "IV": "upper limbs hurt, possible lost fingers; no shield or two weapons",
    "V": "serious leg or foot trauma",
    "VI": "abdominal wound, possible organ damage",
    "VII": "as I but more severe",
    "VIII": "as IV, and maximum HP −1D3",
    "IX": "as V, but the limb is amputated",
    "X": "as VI",
    "XI": "one arm useless",
    "XII": "both arms useless",
    "XIII": "both arms battered; cannot use weapons",
    "XIV": "after-effects all over the body",
    "XV": "loses part of the face",
    "XVI": "multiple deliberate disabling trauma",
}

#: §7.3 fates → (es, en) ("gore.fate.<x>").
FATES: dict[str, tuple[str, str]] = {
    "down": ("fuera de combate", "fuera de combate (down)"),
    "dying": ("moribundo", "moribundo (dying)"),
    "dead": ("muerto", "muerto (dead)"),
}


def fumble_key(table: str, low: int) -> str:
    """The message key of a T11/T12 row (``"gore.fumble.melee_43"``)."""
    return f"gore.fumble.{'melee' if table == 'melee_fumble' else 'ranged'}_{low}"


for _k, (_es, _en) in DERIVED.items():
    ES[f"gore.derived.{_k}"], EN[f"gore.derived.{_k}"] = _es, _en
for _k, (_es, _en) in VALUES.items():
    ES[f"gore.value.{_k}"], EN[f"gore.value.{_k}"] = _es, _en
for _k, (_es, _en) in FATES.items():
    ES[f"gore.fate.{_k}"], EN[f"gore.fate.{_k}"] = _es, _en
for _row in T11_MELEE_FUMBLES + T12_RANGED_FUMBLES:
    _key = fumble_key(_row.table, _row.low)
    ES[_key] = _row.text
    EN[_key] = f"«{_row.text}» ({FUMBLE_EN[_key.split('.')[-1]]})"
ES["gore.fumble.unarmed"] = UNARMED_FUMBLE.text
EN["gore.fumble.unarmed"] = f"«{UNARMED_FUMBLE.text}» ({FUMBLE_EN['unarmed']})"
for _row in T10_SERIOUS_WOUNDS:
    assert _row.type is not None
    ES[f"gore.serious.{_row.type}"] = _row.text
    EN[f"gore.serious.{_row.type}"] = f"«{_row.text}» ({SERIOUS_EN[_row.type]})"
i18n.register(
    "gore",
    {
        "es": {k.removeprefix("gore."): v for k, v in ES.items()},
        "en": {k.removeprefix("gore."): v for k, v in EN.items()},
    },
)
