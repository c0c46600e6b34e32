"""§1, §5 The rulebook's names and tables as plain data (labels are ``(es, en)`` pairs).

Tables marked [PH] in the spec are only the *defaults* of :class:`RulesConfig` fields;
the rules read them from the config, so a game master can replace them.
"""

from __future__ import annotations

__all__ = [
    "LOCATIONS",
    "LIMB_LOCATIONS",
    "PARTS",
    "PART_OF",
    "LOCATION_LABELS",
    "PART_LABELS",
    "SKILLS",
    "SKILL_LABELS",
    "ATTACK_SKILLS",
    "DAMAGE_TYPES",
    "DAMAGE_TYPE_LABELS",
    "SEVERITIES",
    "SEVERITY_LABELS",
    "COVERS",
    "COVER_LABELS",
    "DEFENCES",
    "DEFENCE_LABELS",
    "ADVERSIDADES",
    "ADVERSIDAD_LABELS",
    "DIE_SIDES",
    "TOWARD_TORSO",
    "DISTAL",
    "DEFAULT_QUICK_SKILLS",
    "DEFAULT_AIM_DESGRACIAS",
    "DEFAULT_COVER_DESGRACIAS",
    "DEFAULT_LIGHT_BOXES",
    "DEFAULT_SERIOUS_BOXES",
    "DEFAULT_LOCATION_FACES",
    "FIRST_SERIOUS_EFFECTS",
    "EFFECT_LABELS",
    "CATEGORIES",
    "CATEGORY_LABELS",
]

#: §3 Locations, in the order of the spec.
LOCATIONS = (
    "head",
    "torso",
    "right_arm",
    "left_arm",
    "right_hand",
    "left_hand",
    "right_leg",
    "left_leg",
    "right_foot",
    "left_foot",
)
#: §1 Body parts (a paired part has a right and a left location), in T4 order.
PARTS = ("head", "torso", "arm", "hand", "leg", "foot")
PART_OF = {loc: loc.split("_")[-1] for loc in LOCATIONS}
LIMB_LOCATIONS = tuple(loc for loc in LOCATIONS if PART_OF[loc] not in ("head", "torso"))

PART_LABELS = {
    "head": ("Cabeza", "Cabeza (head)"),
    "torso": ("Torso", "Torso (torso)"),
    "arm": ("Brazo", "Brazo (upper arm)"),
    "hand": ("Mano", "Mano (forearm and hand)"),
    "leg": ("Pierna", "Pierna (thigh)"),
    "foot": ("Pie", "Pie (lower leg and foot)"),
}
_SIDE = {"right": ("derecho", "right"), "left": ("izquierdo", "left")}
_SIDE_F = {"right": ("derecha", "right"), "left": ("izquierda", "left")}


def _location_label(loc: str) -> tuple[str, str]:
    part = PART_OF[loc]
    es, en = PART_LABELS[part]
    if part in ("head", "torso"):
        return (es, en)
    side = loc.split("_")[0]
    es_side = (_SIDE_F if part in ("hand", "leg") else _SIDE)[side][0]
    gloss = en[en.index("(") + 1 : -1]
    return (f"{es} {es_side}", f"{es} {es_side} ({side} {gloss})")


LOCATION_LABELS = {loc: _location_label(loc) for loc in LOCATIONS}

#: §1 Skills (NdP). Labels: the Spanish term with an English gloss.
SKILLS = (
    "melee",
    "ranged",
    "brawl",
    "dodge",
    "intercept",
    "alert",
    "act",
    "run",
    "aid",
    "fortitude",
    "stealth",
    "hide",
    "vitality",
)
SKILL_LABELS = {
    "melee": ("Combate Cuerpo a Cuerpo", "Combate Cuerpo a Cuerpo (melee)"),
    "ranged": ("Combate a Distancia", "Combate a Distancia (ranged)"),
    "brawl": ("Pelea", "Pelea (brawl)"),
    "dodge": ("Esquivar", "Esquivar (dodge)"),
    "intercept": ("Interceptar", "Interceptar (intercept, parry)"),
    "alert": ("Alerta", "Alerta (alertness)"),
    "act": ("Actuar", "Actuar (acting, feints)"),
    "run": ("Correr", "Correr (running)"),
    "aid": ("Auxiliar", "Auxiliar (first aid)"),
    "fortitude": ("Fortitud", "Fortitud (fortitude)"),
    "stealth": ("Sigilo", "Sigilo (stealth)"),
    "hide": ("Esconderse", "Esconderse (hiding)"),
    "vitality": ("Vitalidad", "Vitalidad (vitality)"),
}
ATTACK_SKILLS = ("melee", "ranged", "brawl")

DAMAGE_TYPES = ("blunt", "cutting", "piercing", "fire")
DAMAGE_TYPE_LABELS = {
    "blunt": ("Contundente", "Contundente (blunt)"),
    "cutting": ("Cortante", "Cortante (cutting)"),
    "piercing": ("Perforante", "Perforante (piercing)"),
    "fire": ("Fuego", "Fuego (fire)"),
}

SEVERITIES = ("light", "serious", "lethal")
SEVERITY_LABELS = {
    "light": ("Leve", "Leve (light)"),
    "serious": ("Grave", "Grave (serious)"),
    "lethal": ("Letal", "Letal (lethal)"),
    "unconscious": ("Inconsciente", "Inconsciente (knocked out)"),
}

COVERS = ("none", "light", "medium", "heavy")
COVER_LABELS = {
    "none": ("Sin cobertura", "Sin cobertura (no cover)"),
    "light": ("Cobertura ligera", "Cobertura ligera (light cover)"),
    "medium": ("Cobertura media", "Cobertura media (medium cover)"),
    "heavy": ("Cobertura pesada", "Cobertura pesada (heavy cover)"),
}

DEFENCES = ("none", "dodge", "intercept_shield", "intercept_object")
DEFENCE_LABELS = {
    "none": ("No se defiende", "No se defiende (undefended)"),
    "dodge": ("Esquivar", "Esquivar (dodge)"),
    "intercept_shield": ("Interceptar con escudo", "Interceptar con escudo (shield intercept)"),
    "intercept_object": (
        "Interceptar con arma u objeto",
        "Interceptar con arma u objeto (parry with a weapon or staff)",
    ),
}

ADVERSIDADES = ("easy", "intermediate", "hard")
ADVERSIDAD_LABELS = {
    "easy": ("Fácil", "Fácil (easy)"),
    "intermediate": ("Intermedia", "Intermedia (intermediate)"),
    "hard": ("Difícil", "Difícil (hard)"),
}

DIE_SIDES = (2, 3, 4, 6, 8, 10, 12, 20)

#: §4.15 step 7, §4.16: the next location toward the torso.
TOWARD_TORSO = {
    "right_hand": "right_arm",
    "left_hand": "left_arm",
    "right_arm": "torso",
    "left_arm": "torso",
    "right_foot": "right_leg",
    "left_foot": "left_leg",
    "right_leg": "torso",
    "left_leg": "torso",
}
#: §4.15 step 7 [INT G21]: a lost arm loses its hand, a lost leg its foot.
DISTAL = {
    "right_arm": "right_hand",
    "left_arm": "left_hand",
    "right_leg": "right_foot",
    "left_leg": "left_foot",
}

#: §2.3 [INT] rolls that "requieran un movimiento o una respuesta rápida".
DEFAULT_QUICK_SKILLS = frozenset(
    {"melee", "ranged", "brawl", "dodge", "intercept", "run", "act", "stealth"}
)
#: T7 [SEED] aiming cost per part.
DEFAULT_AIM_DESGRACIAS = {"head": 1, "torso": 0, "arm": 0, "hand": 1, "leg": 0, "foot": 1}
#: T2 [PH] cover → ▽ for the attacker.
DEFAULT_COVER_DESGRACIAS = {"light": 1, "medium": 2, "heavy": 3}
#: T3 [PH] boxes per part (every part has exactly 1 lethal box [SEED]).
DEFAULT_LIGHT_BOXES = {"head": 2, "torso": 4, "arm": 3, "hand": 2, "leg": 3, "foot": 2}
DEFAULT_SERIOUS_BOXES = {"head": 2, "torso": 3, "arm": 2, "hand": 2, "leg": 2, "foot": 2}
#: T4 [PH] faces of 1d10 per part, read in PARTS order (1 head, 2–4 torso, 5–6 arm, …).
DEFAULT_LOCATION_FACES = {"head": 1, "torso": 3, "arm": 2, "hand": 1, "leg": 2, "foot": 1}

#: T5 [PH] effect tags of a first serious wound in a limb (reported, not enforced).
FIRST_SERIOUS_EFFECTS = {
    "arm": ("drop_item", "desgracia_uses_arm"),
    "hand": ("drop_item", "no_wield"),
    "leg": ("prone", "move_max_3m", "no_run"),
    "foot": ("move_max_3m", "desgracia_run"),
}
EFFECT_LABELS = {
    "drop_item": ("suelta lo que sostiene", "suelta lo que sostiene (drops what it holds)"),
    "desgracia_uses_arm": (
        "+1 ▽ al usar ese brazo",
        "+1 ▽ al usar ese brazo (+1 bane die on rolls using that arm)",
    ),
    "no_wield": ("no puede empuñar con ella", "no puede empuñar con ella (cannot wield with it)"),
    "prone": ("cae derribado", "cae derribado (falls prone)"),
    "move_max_3m": ("movimiento máx. 3 m", "movimiento máx. 3 m (movement limited to 3 m)"),
    "no_run": ("no puede Correr", "no puede Correr (cannot run)"),
    "desgracia_run": ("Correr con +1 ▽", "Correr con +1 ▽ (running with +1 bane die)"),
}

#: §7.3 outcome categories.
CATEGORIES = ("miss", "dodged", "deflected", "blocked", "overflow", "absorbed", "wound")
CATEGORY_LABELS = {
    "miss": ("Falla", "Falla (miss)"),
    "dodged": ("Esquivado", "Esquivado (dodged)"),
    "deflected": ("Desviado", "Desviado (deflected by a weapon or object)"),
    "blocked": ("Bloqueado por el escudo", "Bloqueado por el escudo (blocked by the shield)"),
    "overflow": (
        "El escudo no basta: llega al brazo",
        "El escudo no basta: llega al brazo (shield overflow into the arm)",
    ),
    "absorbed": ("Absorbido por la RD", "Absorbido por la RD (armour absorbs it)"),
    "wound": ("Herida", "Herida (wound)"),
}
