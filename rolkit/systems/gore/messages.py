"""The G.O.R.E. message catalogue (es/en): names, step labels, step ``derived`` labels and
values, tiers, categories, locations, wounds, fates, and the T10/T11/T12 texts with English
glosses. Registered on import; game terms stay Spanish, English adds a gloss."""

from __future__ import annotations

import re

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
    "WOUND_HELP",
    "fumble_key",
    "ES",
    "EN",
    "CITE",
    "cite",
    "cite_all",
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
    "flag.disarmed": "desarmado",
    "flag.captured": "capturado",
    "flag.location_disabled": "localización inutilizada",
    "flag.location_severe": "localización destrozada",
    "gore.step.skill": "Habilidad efectiva de ataque",
    "gore.step.defence_skill": "Habilidad efectiva de defensa",
    "gore.step.attack_roll": "Tirada de ataque",
    "gore.step.defence_roll": "Tirada de defensa",
    "gore.step.dodge_table": "Tabla de esquiva",
    "gore.step.block_table": "Tabla de bloqueo",
    "gore.step.no_defence": "Sin defensa",
    "gore.step.malfunction": "Encasquillamiento",
    "gore.step.location": "Localización de impactos",
    "gore.step.location_status": "Estado de la localización",
    "gore.step.cover": "Cobertura",
    "gore.step.shield": "Proyectiles y escudos",
    "gore.step.shield_damage": "Daño al escudo/arma",
    "gore.step.burst": "Ráfaga",
    "gore.step.damage": "Daño",
    "gore.step.armour": "Armadura",
    "gore.step.critical": "Crítico/Empalar",
    "gore.step.ko": "KO",
    "gore.step.fumble": "Pifia",
    "gore.step.fumble_attacker": "Pifia del atacante",
    "gore.step.fumble_defender": "Pifia del defensor",
    "gore.step.wound": "Herida",
    "gore.step.serious": "Tabla de heridas graves",
    "gore.step.check": "Chequeo",
    "gore.step.maneuver": "Maniobra",
    "gore.step.natural_block": "Bloqueo con arma natural",
    "gore.step.initiative": "Orden de Ataque de {name}",
    "gore.step.initiative_tie": "Desempate de {name}",
    "gore.step.reach": "Alcance de las armas",
    "gore.step.stand_up": "Cambiar de posición",
    "gore.step.full_defence": "Defender",
    "gore.step.reload": "Recargar",
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
    "flag.disarmed": "desarmado (disarmed)",
    "flag.captured": "capturado (captured)",
    "flag.location_disabled": "location disabled",
    "flag.location_severe": "location severely hurt",
    "gore.step.skill": "Effective attack skill",
    "gore.step.defence_skill": "Effective defence skill",
    "gore.step.attack_roll": "Attack roll",
    "gore.step.defence_roll": "Defence roll",
    "gore.step.dodge_table": "Tabla de esquiva (dodge matrix)",
    "gore.step.block_table": "Tabla de bloqueo (block matrix)",
    "gore.step.no_defence": "No defence",
    "gore.step.malfunction": "Encasquillamiento (malfunction)",
    "gore.step.location": "Localización de impactos (hit location)",
    "gore.step.location_status": "Location status",
    "gore.step.cover": "Cobertura (cover)",
    "gore.step.shield": "Proyectiles y escudos (shield coverage)",
    "gore.step.shield_damage": "Damage to the shield or weapon",
    "gore.step.burst": "Ráfaga (burst)",
    "gore.step.damage": "Damage",
    "gore.step.armour": "Armour",
    "gore.step.critical": "Crítico/Empalar (critical/impale)",
    "gore.step.ko": "KO (knock-out)",
    "gore.step.fumble": "Pifia (fumble)",
    "gore.step.fumble_attacker": "Pifia (fumble) of the attacker",
    "gore.step.fumble_defender": "Pifia (fumble) of the defender",
    "gore.step.wound": "Wound",
    "gore.step.serious": "Tabla de heridas graves (serious wounds)",
    "gore.step.check": "Chequeo (check)",
    "gore.step.maneuver": "Maneuver",
    "gore.step.natural_block": "Natural-weapon block",
    "gore.step.initiative": "Orden de Ataque (attack order) of {name}",
    "gore.step.initiative_tie": "Tie-break of {name}",
    "gore.step.reach": "Alcance de las armas (weapon reach)",
    "gore.step.stand_up": "Cambiar de posición (stand up)",
    "gore.step.full_defence": "Defender (full defence)",
    "gore.step.reload": "Recargar (reload)",
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
    "first_aid": ("Primeros Auxilios", "Primeros Auxilios (first aid)"),
    "stand_up": ("Levantarse", "Levantarse (stand up)"),
    "reload": ("Recargar", "Recargar (reload)"),
    "defend": ("Defender", "Defender (full defence)"),
}
for _k, (_es, _en) in CHECK_LABELS.items():
    ES[f"gore.check.{_k}"], EN[f"gore.check.{_k}"] = _es, _en
for _k, (_es, _en) in _CATEGORIES.items():
    ES[f"gore.category.{_k}"], EN[f"gore.category.{_k}"] = _es, _en
for _k, (_es, _en) in LOCATION_LABELS.items():
    ES[f"gore.location.{_k}"], EN[f"gore.location.{_k}"] = _es, _en

#: Step ``derived`` keys → (es, en) labels ("gore.derived.<key>").
DERIVED: dict[str, tuple[str, str]] = {
    "attack": ("ataque", "attack skill"),
    "crit_max": ("crítico ≤", "Crítico ≤ (critical on)"),
    "defence": ("defensa", "defence skill"),
    "effective": ("efectiva", "effective"),
    "base": ("base", "base skill"),
    "split": ("Ataque múltiple", "Ataque múltiple (skill split among attacks)"),
    "off_hand": ("segunda arma", "second weapon (off hand)"),
    "range_band": ("banda de alcance", "range band"),
    "close_range": ("Ataque cercano", "Ataque cercano (close range)"),
    "crowd": ("a bulto", "a bulto (crowd fire)"),
    "two_guns": ("un arma en cada mano", "two guns (crowd rule)"),
    "lighting": ("iluminación", "lighting"),
    "half_all": ("habilidades a 1/2", "all skills halved"),
    "half_block": ("bloqueo a 1/2", "block halved"),
    "half_dodge": ("Esquivar a 1/2", "Esquivar halved (dodge)"),
    "after_fractions": ("tras las fracciones", "after the fractions"),
    "darkness_cap": ("tope de oscuridad total", "total-darkness ceiling"),
    "after_additive": ("tras los sumandos", "after the bonuses"),
    "burst_bonus": ("Ráfaga", "Ráfaga (burst bonus)"),
    "riding_cap": ("tope de Equitación", "Equitación cap (riding)"),
    "skill_cap": ("tope de habilidad", "skill cap"),
    "surprised": ("sorprendido", "surprised target"),
    "prone_target_ranged": ("objetivo tumbado", "prone target (ranged)"),
    "prone_or_behind": ("en el suelo / por la espalda", "prone target or from behind"),
    "attacker_higher": ("posición elevada", "attacker higher"),
    "defender_higher": ("defensor más alto", "defender higher"),
    "defender_lower": ("defendiendo más bajo", "defending from lower ground"),
    "defender_prone": ("defensor tumbado", "defender prone"),
    "attacker_prone": ("atacando tumbado", "attacking while lying"),
    "unstable": ("superficie inestable", "unstable footing"),
    "obstacle": ("obstáculo", "obstacle"),
    "underwater": ("bajo el agua", "underwater"),
    "focus": ("Enfoque", "Enfoque (focus)"),
    "target_sprinting": ("objetivo esprintando", "sprinting target"),
    "mounted_vs_foot": ("montado contra un infante", "mounted vs foot"),
    "foot_vs_mounted": ("a pie contra un jinete", "on foot vs a rider"),
    "mounted_block": ("jinete bloqueando", "rider blocking"),
    "full_defence": ("Defender", "Defender (full defence)"),
    "leg_severe": ("pierna destrozada", "leg destroyed"),
    "lost_block": ("no puede bloquear: en su lugar", "cannot block, instead"),
    "lost_dodge": ("no puede esquivar: en su lugar", "cannot dodge, instead"),
    "angle_down": ("ángulo hacia abajo", "shooting down"),
    "angle_up": ("ángulo hacia arriba", "shooting up"),
    "target_size": ("TAM del objetivo", "TAM del objetivo (target size)"),
    "gm_bonus": ("modificador del DJ", "GM modifier"),
    "after_burst": ("con la ráfaga", "with the burst"),
    "roll": ("tirada", "roll"),
    "skill": ("habilidad", "skill"),
    "result": ("resultado", "result"),
    "defence_kind": ("reacción", "defence"),
    "attacker": ("atacante", "attacker"),
    "defender": ("defensor", "defender"),
    "category": ("categoría", "category"),
    "location": ("localización", "hit location"),
    "target": ("objetivo", "target"),
    "coverage": ("cobertura", "coverage"),
    "shield_hit": ("impacta en", "strikes"),
    "bullets": ("balas", "bullets fired"),
    "bullets_hit": ("impactan", "bullets hitting"),
    "weapon": ("arma", "weapon dice"),
    "weapon_max": ("arma, máximo", "weapon maximum"),
    "md": ("MD", "MD (damage modifier)"),
    "charge": ("Carga", "Carga (charge)"),
    "underwater_damage": ("bajo el agua", "underwater"),
    "raw": ("total", "total before armour"),
    "to_item": ("al objeto", "to the item"),
    "item_pg": ("PG del objeto", "item PG (hit points)"),
    "overflow": ("pasa", "overflow"),
    "armour": ("armadura", "armour"),
    "to_bearer": ("al portador", "to the bearer"),
    "after_armour": ("tras la armadura", "after armour"),
    "damage": ("daño", "damage"),
    "ko": ("KO", "KO (knock-out)"),
    "rounds": ("turnos", "rounds"),
    "min_damage": ("daño mínimo", "weapon minimum"),
    "table": ("tabla", "table"),
    "status": ("estado", "status"),
    "hp": ("PG", "PG (hit points)"),
    "wound": ("herida", "wound"),
    "type": ("tipo", "type"),
    "effect": ("efecto", "effect"),
    "luck": ("SUE", "SUE (luck check)"),
    "consequences": ("consecuencias", "consequences"),
    "fate": ("destino", "fate"),
    "modifier": ("modificador", "modifier"),
    "characteristic": ("característica", "characteristic"),
    "multiplier": ("multiplicador", "multiplier"),
    "active": ("activa", "active"),
    "passive": ("pasiva", "passive"),
    "disarm_at": ("Desarmar si tirada ≤", "Desarmar (disarm) if roll ≤"),
    "keep_check": ("retener: FUE×3", "keep it: FUE×3 (STR×3)"),
    "flies_m": ("sale disparada (m)", "flies (m)"),
    "maneuver": ("maniobra", "maneuver"),
    "order": ("Orden de Ataque", "Orden de Ataque (attack order)"),
    "des": ("DES", "DES (dexterity)"),
    "tie_roll": ("desempate 1D10", "1D10 tie-break"),
    "reach": ("longitud del arma", "weapon reach"),
    "loaded": ("munición cargada", "rounds loaded"),
    "capacity": ("capacidad", "capacity"),
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
        DERIVED["lost_hp_max"] = ("PG máximos perdidos", "max PG lost (hit points)")
    else:
        DERIVED[f"lost_{_key}"] = (f"{_name} perdida", f"{_name} lost")

#: Other step values → (es, en) ("gore.value.<x>").
VALUES: dict[str, tuple[str, str]] = {
    "shield_or_weapon": ("escudo/arma", "shield or weapon"),
    "always": ("siempre (impacto normal)", "always (a normal hit)"),
    "shield": ("el escudo", "the shield"),
    "body": ("el cuerpo", "the body"),
    "wound_none": ("ninguna", "none"),
    "permanent": ("permanentes", "permanent"),
    "temporary": ("temporales", "temporary"),
    "ko_unconscious": ("inconsciente", "unconscious"),
    "ko_failed": ("fallido: daño mínimo", "failed: minimum damage"),
    "table_melee": ("Tabla de Pifia con armas", "Tabla de Pifia con armas (weapon fumbles)"),
    "table_ranged": (
        "Tabla de pifias con armas de proyectiles",
        "Tabla de pifias con armas de proyectiles (ranged fumbles)",
    ),
    "table_unarmed": ("sin tabla (decide el DJ)", "no table (GM decides)"),
    "disarmed": ("desarmado", "disarmed"),
    "kept_weapon": ("retiene el arma", "keeps the weapon"),
    "disarm_failed": ("no desarma", "no disarm"),
    "captured": ("capturado", "captured"),
    "capture_failed": ("no captura", "no capture"),
    "disarm": ("Desarmar", "Desarmar (disarm)"),
    "capture": ("Capturar", "Capturar (capture)"),
    "longer_first": ("el arma más larga ataca antes", "the longer weapon strikes first"),
    "surprised_order": ("sorprendido: DES/2", "surprised: DES/2"),
    "stood_up": ("en pie; sin esquivar ni bloquear este turno", "up; no dodge or block this round"),
    "reloaded": ("recargada", "reloaded"),
    "full_defence": (
        "+20 a esquivar y bloquear hasta su próximo turno",
        "+20 to dodge and block until its next turn",
    ),
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
    "unarmed": "lose balance, fall (no table for unarmed fumbles)",
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

#: What each wound level does at the table (``gore.wound_help.<wound>``, shown by the
#: dashboard beside the wound): its penalty and what happens next (P13, T10).
WOUND_HELP: dict[str, tuple[str, str]] = {
    "none": (
        "Sin daño: nada cambia.",
        "No damage: nothing changes.",
    ),
    "leve": (
        "Herida leve (pierde el 50 % o menos de sus PG máximos): sin penalización; suma al "
        "daño de 24 h (si pasa de la mitad de los PG, POD×4 o inconsciente). Con 1–2 PG "
        "pierde el conocimiento. Recupera 1D3 PG por semana de descanso.",
        "Herida leve (light wound: 50% or less of max PG): no penalty; adds to the 24-hour "
        "damage (above half the PG: POD×4 or unconscious). At 1–2 PG the character passes "
        "out. Heals 1D3 PG per week of rest.",
    ),
    "grave": (
        "Herida grave (una sola lesión de más del 50 % de los PG máximos): actúa tantos "
        "turnos como PG le queden y luego cae inconsciente una hora; tira en la Tabla de "
        "heridas graves; un chequeo de SUE evita que las secuelas sean permanentes.",
        "Herida grave (serious wound: one lesion above 50% of max PG): acts for as many "
        "rounds as PG left, then unconscious for an hour; roll on the Tabla de heridas "
        "graves (serious wounds); a SUE (luck) check keeps its losses from being permanent.",
    ),
    "mortal": (
        "Herida mortal (PG a 0 o menos): muere al final del siguiente turno salvo que lo "
        "estabilicen antes (Primeros auxilios); un hospital puede dar más tiempo.",
        "Herida mortal (mortal wound: PG at 0 or below): dies at the end of the next round "
        "unless stabilised first (first aid); a hospital may buy more time.",
    ),
}
for _k, (_es, _en) in WOUND_HELP.items():
    ES[f"gore.wound_help.{_k}"], EN[f"gore.wound_help.{_k}"] = _es, _en

#: #26 One short line per wound level (``gore.consequence.<wound>``): what it does at the
#: table (P13), no rule paragraph; :func:`.view.short_consequence` reads it.
SHORT_CONSEQUENCE: dict[str, tuple[str, str]] = {
    "none": ("Sin efecto.", "No effect."),
    "leve": ("Sin penalización; cura 1D3 PG por semana.", "No penalty; heals 1D3 PG a week."),
    "grave": (
        "Actúa tantos turnos como PG le queden y cae inconsciente una hora; tabla de heridas "
        "graves.",
        "Acts as many rounds as PG left, then unconscious for an hour; serious-wound table.",
    ),
    "mortal": (
        "Muere al acabar el turno siguiente salvo Primeros Auxilios.",
        "Dies when the next round ends unless given first aid.",
    ),
}


for _k, (_es, _en) in SHORT_CONSEQUENCE.items():
    ES[f"gore.consequence.{_k}"], EN[f"gore.consequence.{_k}"] = _es, _en


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


#: key → the citation shown in a step's rule column.
CITE: dict[str, str] = {
    # P5 / P6 and T1 (Cuerpo a cuerpo, modificadores de combate)
    "base": "«Ataques cuerpo a cuerpo: 1. Realizando el ataque» (P5.1)",
    "split": (
        "«Ataque múltiple»: «Su porcentaje se divide entre el número de ataques, pero el su "
        "porcentaje debe quedar al menos al 50%» (P5.1, P7)"
    ),
    "off_hand": "«2 Armas, uso de»: «cuenta su habilidad a 1/2 para la segunda arma» (P5.2)",
    "range_band": (
        "«Alcance»: «al doble de su alcance … se reduce a la mitad. Este ajuste se realiza "
        "antes de que otros modificadores se apliquen» (P11.1)"
    ),
    "close_range": (
        "«Alcance», Ataque cercano: «dentro de DES x3 en metros, se dobla el porcentaje» (P11.2)"
    ),
    "crowd": "«Multitudes (disparar a bulto)»: «queda a 1/3 (1/5 si se trata de armas de fuego)» "
    "(P11.5)",
    "two_guns": "«Un arma en cada mano»: «utiliza las reglas para Multitudes» (P11.12)",
    "lighting": "«Luz escasa y visibilidad»: «Habilidades a 1/2 … 1/3 de su porcentaje» (T2)",
    "darkness": (
        "«Luchar a ciegas o en total oscuridad»: «Hab. a 1/4, POD x3 o INT x3 (lo que sea más bajo)» "
        "(T1, P5.6)"
    ),
    "half_all": "«Tabla de Pifia con armas»: todas las habilidades a 1/2 (T11)",
    "half_block": "«Tabla de Pifia con armas»: bloqueo a 1/2 (T11)",
    "half_dodge": "«Tabla de Pifia con armas»: Esquivar a 1/2 (T11)",
    "situation": "«Cuerpo a cuerpo, modificadores de combate»: «Este listado es acumulativo» (T1)",
    "focus": "«Maniobras de combate», Enfoque: «un modificador de +10%» (P15)",
    "sprinting": "«Maniobras de combate», Esprintar: +20 % contra quien esprinta (P15)",
    "mounted": (
        "«Combatiendo sobre montura»: «+20% a sus ataques y bloqueos contra enemigos a pie … "
        "éstos sufren un -20% a esquivar o bloquear» (P15)"
    ),
    "riding_cap": (
        "«Combatiendo sobre montura»: «no puede usar una Habilidad para el combate contando "
        "con un porcentaje superior al que posea en Equitación» (P5.6)"
    ),
    "skill_cap": "«Maniobras de combate», Instigar: «La Habilidad se reduce a 50%» (P5.6)",
    "angle": "«Ángulo de disparo»: «Hacia abajo un -20%, -30% hacía arriba» (P11.3)",
    "size": "«Proyectiles y TAM del objetivo» (P11.4, T22)",
    "burst": (
        "«Armas Automáticas y Ráfagas»: «ganas un modificador de +5% hasta un límite del "
        "doble del porcentaje de la Habilidad» (P11.6)"
    ),
    "gm": "modificador del DJ (§2.3)",
    "defence": "«Ataques cuerpo a cuerpo: 2. Reacción del objetivo» (P6)",
    "full_defence": "«Maniobras de combate», Defender: +20 % a esquivar y bloquear (P15)",
    "leg_severe": "«Localización de impactos»: pierna destrozada, Esquivar −30 (T9)",
    "lost_reaction": (
        "«Tabla de Pifia con armas»: «no puedes bloquear el siguiente turno», «solo puedes "
        "bloquear siguientes 2 turnos» (T11)"
    ),
    "disarm": (
        "«Maniobras de combate», Desarmar: «Si el ataque tiene éxito por un margen del 50% del "
        "porcentaje de la habilidad usada la maniobra ha funcionado» (P15)"
    ),
    "capture": (
        "«Maniobras de combate», Capturar: «será incapaz de moverse o realizar cualquier "
        "acción (incluidas las de esquiva o bloqueo) en ese turno y en el siguiente» (P15)"
    ),
    # rolls and matrices
    "check": (
        "«Ataques cuerpo a cuerpo: 1. Realizando el ataque»: «Si un personaje consigue un "
        "resultado igual o inferior a la Habilidad que está usando tiene éxito» (§1.2)"
    ),
    "helpless": "«Cuerpo a cuerpo, modificadores de combate»: «Objetivo indefenso — Éxito "
    "automático» (T1, §1.8)",
    "malfunction": (
        "«Encasquillamiento y otros problemas de funcionamiento»: «Si la tirada del usuario "
        "supera o es igual a esa cifra indicada el arma tiene un problema» (P11.7)"
    ),
    "dodge_table": "«Tabla de esquiva» (T4)",
    "block_table": "«Tabla de bloqueo» (T5)",
    "no_defence": "«Ataques cuerpo a cuerpo: 2. Reacción del objetivo»: sin oposición (T6)",
    "natural_block": (
        "«Armas naturales»: «Pueden bloquear otras armas naturales y ataques desarmados con "
        "normalidad, sin embargo no pueden hacerlo con armas» (P10.3)"
    ),
    "unarmed_blocked": (
        "«Combate desarmado»: «Si un luchador desarmado es bloqueado por un arma … sufre el "
        "daño del arma» (P10.3)"
    ),
    "location": "«Localización de impactos (opcional)»: «Tira D20» (P12, T7)",
    "location_status": "«Localización de impactos»: «Puntos de Golpe localizados» (P12.3, T9)",
    "cover": ("«Cobertura»: «queda automáticamente impactando en el objeto/cobertura» (P11.11)"),
    "shield_always": (
        "«Proyectiles y escudos»: «Los escudos no consiguen desviar totalmente los ataques "
        "exitosos críticos, así como los resultados de Empalar»: un impacto normal da en el "
        "escudo (P11.10, G12)"
    ),
    "shield_roll": "«Proyectiles y escudos»: probabilidad de cobertura (P11.10, T13)",
    "strike_item": "«Maniobras de combate», Golpear Escudo/Arma: «Todo el posible daño pasa al "
    "objeto» (P10.4)",
    "bullets": "«Armas Automáticas y Ráfagas»: «si se disparan cuatro balas tira 1D4» (P11.6)",
    "damage": (
        "«3. Resolución de daño»: «se tira para resolver cuanto daño en PG se inflige, además "
        "de sumar el Modificador de Daño» (P9)"
    ),
    "pull_blow": (
        "«Contener el daño»: «El daño que indiquen los dados se reduce a la mitad y no se "
        "cuenta el Modificador de Daño» (P9)"
    ),
    "half_md": (
        "«3. Resolución de daño»: «sumar el Modificador de Daño», a la mitad con armas "
        "arrojadizas y arcos [BRP] (P9)"
    ),
    "charge": "«Maniobras de combate», Carga: «un modificador de +1D4 al daño» (P15)",
    "max_damage": "«Golpes críticos»: «daño máximo» (P9)",
    "armour": (
        "«Armaduras y protecciones»: «antes de aplicarle el daño … restes el que absorbe la "
        "armadura» (P9)"
    ),
    "impale_armour": (
        "«Empalar en ataques cuerpo a cuerpo»: «Esto atraviesa (invalida) las protecciones y "
        "armaduras» (§1.4)"
    ),
    "critical": (
        "«Golpes críticos»: «Multiplica el daño a realizarse por dos. Las armaduras … se aplican antes de "
        "duplicarlo» (P9)"
    ),
    "impale": ("«Empalar en ataques cuerpo a cuerpo»: «dobla el daño si ha obtenido un 01» (§1.4)"),
    "shield_damage": "«Escudos»: «el daño sobrante pasa a quien lo usa» (P10.1)",
    "ko": "«KO, buscar un» (P14)",
    "ko_failed": (
        "«KO, buscar un»: «infliges el daño mínimo del arma (como si todo te hubiera salido 1 "
        "y sin sumar el MD)» (P14)"
    ),
    "melee_fumble": "«Tabla de Pifia con armas» (P16, T11)",
    "melee_fumble_again": "«Tabla de Pifia con armas»: «00 — Tira otra vez» (P16, T11)",
    "ranged_fumble": "«Tabla de pifias con armas de proyectiles» (P16, T12)",
    "unarmed_fumble": "«Pifias»: sin tabla para ataques desarmados; decide el DJ (P16, G24)",
    # wounds (Lesiones, categorías de)
    "wound_none": "«3. Resolución de daño»: sin daño, sin lesión (P13)",
    "wound_leve": (
        "«Lesiones, categorías de», Herida leve: «la pérdida el 50% o menos del máximo de PG» "
        "(P13.2)"
    ),
    "wound_grave": (
        "«Lesiones, categorías de», Herida grave: «una sola lesión que desprovee de más del "
        "50%» (P13.2, P13.5)"
    ),
    "wound_mortal": (
        "«Lesiones, categorías de», Herida mortal: «Si la reserva de PG llega a 0 o por "
        "debajo, muere» (P13.3, P13.4)"
    ),
    "wound_burst": (
        "«Lesiones, categorías de»: «No debes usar la tabla de heridas graves a pesar del "
        "total» (P13.10)"
    ),
    "serious": (
        "«Tabla de heridas graves»: «Debe superarse un chequeo de SUE para librarse de estas "
        "consecuencias de forma permanente» (P13.5, T10)"
    ),
    "instant_death": "«Localización de impactos»: «Cabeza: muerte en el acto» (T9, §7.3)",
    "attackers": (
        "«Número de atacantes»: «Un solo objetivo solo puede ser atacado a la vez por 5 "
        "oponentes» (P15)"
    ),
    "initiative": (
        "«Determinar el Orden de Ataque»: «actúa antes quien más puntuación tiene en tal "
        "Atributo» (P4)"
    ),
    "initiative_tie": (
        "«Determinar el Orden de Ataque»: «Si dos personajes tienen la misma DES se tira 1D10» "
        "(P4.4)"
    ),
    "reach": (
        "«Alcance de las armas»: «Los personajes que usen armas más largas atacan antes que "
        "los que usen más cortas, a pesar del Orden de Batalla» (P4.5)"
    ),
    "reload": (
        "«Recargando»: «Necesitas todo un turno de combate para cargar 2 balas o "
        "cartuchos/cambiar un cargador» (P11.8)"
    ),
    "silencer": "«Silenciadores»: «funciona durante 1D100+10 disparos» (P11.9)",
    "vacuum": (
        "«Presión atmósferica»: «Respecto exponerse al vacío … 2D6 +4 PG de daño por ronda» (P17)"
    ),
    "multi_target": (
        "«Armas Automáticas y Ráfagas»: «fuego en ráfaga a varios objetivos … no hay "
        "incremento de la Habilidad por cada bala disparada» (P11.6)"
    ),
    "touch_range": (
        "«Alcance»: «a una distancia de toque, (cuerpo a cuerpo) muchas armas de proyectiles "
        "son totalmente inoperativas» (P11.2)"
    ),
}


#: #26 What no user text may carry: a spec code (§2.2, P5.1, T11, G24, R3, V18, [BRP]).
_CODE = r"(?:§\s?\d+(?:\.\d+)*|\[BRP\]|[PGTRVX]\d+(?:\.\d+)*(?:/[PGTRVX]\d+(?:\.\d+)*)?)"
SPEC_CODE = re.compile(rf"(?<![\w-]){_CODE}(?![\w])")
_PAREN = re.compile(rf"\s*\(\s*{_CODE}(?:\s*[,;]\s*{_CODE})*\s*\)")
_LEAD = re.compile(rf"^{_CODE}(?:\s*,\s*{_CODE})*\s*:?\s*")


def plain(text: str) -> str:
    """#26 ``text`` without spec codes: a parenthesis of codes, a leading list of codes and
    every «[BRP]» are dropped (the seed's own words stay)."""
    text = _PAREN.sub("", text)
    text = text.replace(" [BRP]", "").replace("[BRP]", "")
    return _LEAD.sub("", text).strip()


CITE = {key: plain(text) for key, text in CITE.items()}


def cite(key: str) -> str:
    """The citation of ``key`` (KeyError for an unknown key: a typo is a bug)."""
    return CITE[key]


def cite_all(keys: list[str] | tuple[str, ...]) -> str:
    """Several citations, each once, in order, joined by " · "."""
    seen: list[str] = []
    for k in keys:
        if k not in seen:
            seen.append(k)
    return " · ".join(CITE[k] for k in seen)
