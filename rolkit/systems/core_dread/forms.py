"""§3.1–3.4 The four forms (frozen dataclasses); the options are in :mod:`.options`.

Every field is declared through :mod:`rolkit.fields`, so validation and the generated
widgets read the same metadata. ``__post_init__`` checks each field's range and the
cross-field rules that need only this one form; the checks that need several forms
(§3.6) live in :func:`rolkit.systems.core_dread.attack.validate.validate_attack`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rolkit import fields
from rolkit.errors import input_error, shown
from rolkit.systems.core_dread.errors import CoreDreadImpossibleError, CoreDreadRangeError
from rolkit.systems.core_dread.tables import (
    ARMOR_ABSORPTION,
    ARMOR_LABELS,
    BOXES,
    CATEGORY_LABELS,
    CATEGORY_MULTIPLIER,
    LEVELS,
    RANGED_CAPACITY,
    RANGED_LABELS,
)

__all__ = [
    "Weapon",
    "Armor",
    "Combatant",
    "Attacker",
    "Defender",
    "Modifiers",
    "weapon_capacity",
    "weapon_attacks_left",
    "weapon_damages_armor",
    "derived_values",
    "armor_absorption",
]


_validate = fields.validator(CoreDreadRangeError)


# --------------------------------------------------------------------------- Weapon
@dataclass(frozen=True)
class Weapon:
    """§3.2 The attacker's weapon (also ``Combatant.block_weapon``)."""

    name: str = fields.text_field(
        "Sin armas",
        label=fields.label("Arma", "weapon"),
        help=("Nombre del arma; solo es una etiqueta.", "Weapon name; a label only."),
    )
    category: str = fields.choice_field(
        "sin_armas",
        dict(CATEGORY_LABELS),
        label=fields.label("Tipo de arma", "weapon class"),
        help=(
            "Multiplica los aciertos: sin armas ×1, contundente ×2, peligrosa ×4, letal ×8.",
            "Multiplies the hits: unarmed ×1, blunt ×2, dangerous ×4, lethal ×8.",
        ),
        rule="§5.3",
    )
    mode: str = fields.choice_field(
        "melee",
        {
            "melee": ("Cuerpo a cuerpo", "Cuerpo a cuerpo (melee)"),
            "thrown": ("Lanzar", "Lanzar (thrown)"),
            "ranged": ("Arma de proyectiles", "Arma de proyectiles (ranged)"),
        },
        label=fields.label("Uso", "mode"),
        help=(
            "Cuerpo a cuerpo y lanzar usan Fortaleza; proyectiles, Agilidad.",
            "Melee and thrown use Fortaleza (strength); ranged uses Agilidad (agility).",
        ),
        rule="§4.4",
    )
    ranged_type: str | None = fields.choice_field(
        None,
        dict(RANGED_LABELS),
        label=fields.label("Arma de proyectiles", "firearm type"),
        help=(
            "Obligatorio para proyectiles; fija los ataques por carga.",
            "Required for ranged weapons; sets the attacks per reload.",
        ),
        optional=True,
        rule="§5.5",
    )
    capacity: int | None = fields.int_field(
        None,
        1,
        99,
        label=fields.label("Ataques por carga", "attacks per reload"),
        help=(
            "Vacío: según la tabla de proyectiles (obligatorio para «otra»).",
            "Empty: from the ranged-weapon table (required for «otra»).",
        ),
        optional=True,
        rule="§5.5",
        advanced=True,
    )
    attacks_left: int | None = fields.int_field(
        None,
        0,
        99,
        label=fields.label("Ataques restantes", "attacks left"),
        help=(
            "Munición contada en ataques; vacío: cargador lleno.",
            "Ammunition counted in attacks; empty: fully loaded.",
        ),
        optional=True,
        rule="§4.14",
    )
    damages_armor: bool | None = fields.choice_field(
        None,
        {
            None: ("Según el tipo (peligrosa/letal)", "By class (dangerous/lethal)"),
            True: ("Sí", "Sí (yes)"),
            False: ("No", "No"),
        },
        label=fields.label("Daña la armadura", "wears armour down"),
        help=(
            "Si sus impactos reducen la Absorción en 1 (regla provisional: peligrosa y letal).",
            "Whether its hits lower Absorción by 1 (provisional rule: dangerous and lethal).",
        ),
        optional=True,
        rule="§4.7, G12",
        advanced=True,
    )
    spare_magazine: bool = fields.flag_field(
        True,
        label=fields.label("Cargador de repuesto", "spare magazine"),
        help=(
            "Recargar «puede llevar varios minutos, a menos que solo se trate de cambiar un "
            "cargador por otro o “recargar” un arco, lo que solo toma un turno». Sin "
            "cargador de repuesto, recargar lleva minutos (un arco siempre un turno).",
            "Reloading takes several minutes unless it is a magazine swap or a bow, which "
            "take one turn. Without a spare magazine, reloading takes minutes (a bow always "
            "one turn).",
        ),
        rule="§4.14",
        advanced=True,
    )

    def __post_init__(self) -> None:
        _validate(self)
        if self.mode == "ranged" and self.ranged_type is None:
            raise input_error(
                "ranged_type",
                en="ranged_type: a ranged weapon needs its ranged_type (got None)",
                es="ranged_type: un arma de proyectiles necesita su tipo (recibido None)",
                allowed="one of the ranged types",
                got=None,
                cls=CoreDreadImpossibleError,
            )
        if self.mode != "ranged" and self.ranged_type is not None:
            raise input_error(
                "ranged_type",
                en=(
                    f"ranged_type: only ranged weapons have a ranged_type (mode is {self.mode}) "
                    f"(got {shown(self.ranged_type)})"
                ),
                es=(
                    f"ranged_type: solo las armas de proyectiles tienen tipo (el uso es {self.mode}) "
                    f"(recibido {shown(self.ranged_type)})"
                ),
                allowed="empty unless mode is ranged",
                got=self.ranged_type,
                cls=CoreDreadImpossibleError,
            )
        if self.ranged_type == "otra" and self.capacity is None:
            raise input_error(
                "capacity",
                en="capacity: a ranged weapon of type «otra» needs its capacity (got None)",
                es=(
                    "capacity: un arma de proyectiles «otra» necesita sus ataques por carga "
                    "(recibido None)"
                ),
                allowed="a whole number from 1 to 99",
                got=None,
                cls=CoreDreadImpossibleError,
            )
        cap = weapon_capacity(self)
        if self.attacks_left is not None and cap is not None and self.attacks_left > cap:
            raise input_error(
                "attacks_left",
                en=(
                    f"attacks_left: attacks left cannot exceed the capacity {cap} "
                    f"(got {shown(self.attacks_left)})"
                ),
                es=(
                    f"attacks_left: los ataques restantes no pueden superar la capacidad {cap} "
                    f"(recibido {shown(self.attacks_left)})"
                ),
                allowed=f"a whole number from 0 to {cap}",
                got=self.attacks_left,
                cls=CoreDreadImpossibleError,
            )

    @property
    def multiplier(self) -> int:
        """§5.3 The base multiplier of the category."""
        return CATEGORY_MULTIPLIER[self.category]


def weapon_capacity(weapon: Weapon) -> int | None:
    """§5.5 Attacks per reload: the stated capacity, else the table's (None if untracked)."""
    if weapon.capacity is not None:
        return weapon.capacity
    if weapon.ranged_type is None:
        return None
    return RANGED_CAPACITY[weapon.ranged_type]


def weapon_attacks_left(weapon: Weapon) -> int | None:
    """§4.14 Attacks left (``None`` → full capacity; None for untracked weapons)."""
    if weapon.attacks_left is not None:
        return weapon.attacks_left
    return weapon_capacity(weapon)


def weapon_damages_armor(weapon: Weapon) -> bool:
    """§4.7.2, G12: the stated flag, else ``category in {peligrosa, letal}`` (PLACEHOLDER)."""
    if weapon.damages_armor is not None:
        return weapon.damages_armor
    return weapon.category in ("peligrosa", "letal")


def derived_values(role: str, form: object, options: object) -> dict[str, object]:
    """What the engine uses for a weapon's empty fields (``SYSTEM.derived``): §5.5 attacks
    per reload and the attacks left (full), and whether it wears armour (G12: dangerous
    and lethal classes)."""
    if not isinstance(form, Weapon):
        return {}
    out: dict[str, object] = {"damages_armor": weapon_damages_armor(form)}
    capacity = weapon_capacity(form)
    if capacity is not None:
        out.update(capacity=capacity, attacks_left=weapon_attacks_left(form))
    return out


# --------------------------------------------------------------------------- Armor
@dataclass(frozen=True)
class Armor:
    """§3.3 The defender's armour (gear of a Combatant)."""

    armor_type: str = fields.choice_field(
        "ninguna",
        dict(ARMOR_LABELS),
        label=fields.label("Tipo de armadura", "armour type"),
        help=(
            "Ninguna (0), común (3: chalecos, petos) o mayor (5: traje antibombas).",
            "None (0), common (3: vests, breastplates) or heavy (5: bomb suit).",
        ),
        rule="§5.6",
    )
    absorption: int | None = fields.int_field(
        None,
        0,
        5,
        label=fields.label("Absorción", "absorption"),
        help=(
            "Absorción actual; vacío: la máxima del tipo. Se desgasta 1 por ataque.",
            "Current absorption; empty: the type's maximum. Wears down 1 per attack.",
        ),
        optional=True,
        rule="§4.7",
    )

    def __post_init__(self) -> None:
        _validate(self)
        top = ARMOR_ABSORPTION[self.armor_type]
        if self.absorption is not None and self.absorption > top:
            raise input_error(
                "absorption",
                en=(
                    f"absorption: absorption cannot exceed {top} for armour type {self.armor_type} "
                    f"(got {shown(self.absorption)})"
                ),
                es=(
                    f"absorption: la Absorción no puede superar {top} para la armadura {self.armor_type} "
                    f"(recibido {shown(self.absorption)})"
                ),
                allowed=f"a whole number from 0 to {top}",
                got=self.absorption,
                cls=CoreDreadImpossibleError,
            )


def armor_absorption(armor: Armor) -> int:
    """§4.7 Current absorption (``None`` → the type's maximum)."""
    if armor.absorption is not None:
        return armor.absorption
    return ARMOR_ABSORPTION[armor.armor_type]


# --------------------------------------------------------------------------- Combatant
def _attr(label: tuple[str, str], help_: tuple[str, str]) -> Any:
    return fields.int_field(4, 1, 9, label=label, help=help_, rule="§2, G17")


def _skill(label: tuple[str, str], help_: tuple[str, str]) -> Any:
    return fields.int_field(0, 0, 5, label=label, help=help_, rule="§1.3, G17")


def _boxes(label: tuple[str, str], help_: tuple[str, str]) -> Any:
    return fields.int_field(0, 0, 3, label=label, help=help_, rule="§4.10")


@dataclass(frozen=True)
class Combatant:
    """§3.1 One character (``Attacker = Defender = Combatant``)."""

    name: str = fields.text_field(
        "",
        label=fields.label("Nombre", "name"),
        help=("Solo es una etiqueta.", "A label only."),
    )
    fortaleza: int = _attr(
        ("Fortaleza", "Fortaleza (strength)"),
        (
            "Cuerpo a cuerpo, lanzar, bloquear, límites de daño (1–9).",
            "Melee, thrown, blocks and damage limits (1–9).",
        ),
    )
    agilidad: int = _attr(
        ("Agilidad", "Agilidad (agility)"),
        (
            "Disparos, esquivas y bloqueos a distancia (1–9).",
            "Shooting, dodges and ranged blocks (1–9).",
        ),
    )
    sentidos: int = _attr(
        ("Sentidos", "Sentidos (senses)"),
        ("Iniciativa y percepción (1–9).", "Initiative and perception (1–9)."),
    )
    concentracion: int = _attr(
        ("Concentración", "Concentración (concentration)"),
        (
            "Disparos apuntados; las heridas no la penalizan (1–9).",
            "Aimed shots; wounds never lower it (1–9).",
        ),
    )
    autocontrol: int = fields.int_field(
        10,
        0,
        99,
        label=fields.label("Autocontrol", "self-control"),
        help=(
            "Puntos actuales; pierde 1 si un ataque peligroso lo hiere (regla provisional: 10).",
            "Current points; loses 1 when a dangerous attack wounds (provisional rule: 10).",
        ),
        rule="§4.13, G17",
    )
    melee_skill: int = _skill(
        ("Pelea", "Pelea (melee skill)"),
        (
            "Relanzamientos al atacar cuerpo a cuerpo, lanzar y bloquear.",
            "Rerolls for melee and thrown attacks and for blocks.",
        ),
    )
    ranged_skill: int = _skill(
        ("Armas de fuego", "Armas de fuego (ranged skill)"),
        (
            "Relanzamientos al disparar y al bloquear a distancia.",
            "Rerolls for ranged attacks and ranged blocks.",
        ),
    )
    dodge_skill: int = _skill(
        ("Esquivar", "Esquivar (dodge skill)"),
        ("Relanzamientos al esquivar.", "Rerolls for dodges."),
    )
    magullado: int = _boxes(
        ("Magullado", "Magullado (bruised)"),
        ("Casillas marcadas (0–3; 0–1 en «Gore Mode»).", "Marked boxes (0–3; 0–1 in «Gore Mode»)."),
    )
    lesionado: int = _boxes(
        ("Lesionado", "Lesionado (injured)"),
        (
            "Casillas marcadas; −1 por herida (0–3; 0–1 en «Gore Mode»).",
            "Marked boxes; −1 per wound (0–3; 0–1 in «Gore Mode»).",
        ),
    )
    malherido: int = _boxes(
        ("Malherido", "Malherido (badly wounded)"),
        (
            "Casillas marcadas; −2 por herida (0–3; 0–1 en «Gore Mode»).",
            "Marked boxes; −2 per wound (0–3; 0–1 in «Gore Mode»).",
        ),
    )
    gore_mode: bool = fields.flag_field(
        False,
        label=fields.label("«Gore Mode»", "one box per level"),
        help=(
            "Una casilla por nivel y penalizadores −1/−2/−3.",
            "One box per level and −1/−2/−3 penalties.",
        ),
        rule="§4.17",
    )
    armor: Armor = fields.nested_field(
        Armor,
        label=fields.label("Armadura", "armour"),
        help=("La armadura que lleva.", "The armour worn."),
        rule="§3.3",
    )
    block_weapon: Weapon = fields.nested_field(
        Weapon,
        label=fields.label("Arma para bloquear", "blocking weapon"),
        help=(
            "Con qué bloquea o devuelve los disparos.",
            "What this combatant blocks or shoots back with.",
        ),
        rule="§4.5",
    )
    in_cover: bool = fields.flag_field(
        False,
        label=fields.label("A cubierto", "in cover"),
        help=(
            "No puede recibir disparos a distancia ni atacar.",
            "Cannot be shot at range and cannot attack.",
        ),
        rule="§4.14",
    )
    prone: bool = fields.flag_field(
        False,
        label=fields.label("En el suelo", "prone"),
        help=("Sin efecto numérico en las reglas.", "No numeric effect in the rules."),
        rule="§4.12",
    )
    unconscious: bool = fields.flag_field(
        False,
        label=fields.label("Inconsciente", "unconscious"),
        help=("No puede defenderse ni atacar.", "Cannot defend or attack."),
        rule="§4.9",
    )
    dead: bool = fields.flag_field(
        False,
        label=fields.label("Muerto", "dead"),
        help=("No puede atacar ni ser atacado.", "Cannot attack or be attacked."),
        rule="§4.10",
    )
    turn_available: bool = fields.flag_field(
        True,
        label=fields.label("Turno disponible", "turn available"),
        help=("Defenderse gasta el turno.", "Defending spends the turn."),
        rule="§4.5, G23",
    )
    aiming: bool = fields.flag_field(
        False,
        label=fields.label("Apuntando", "aiming"),
        help=(
            "Pasó su turno apuntando: su próximo disparo usa Concentración en vez de "
            "Agilidad. Se pierde al atacar, al defenderse o al quedar inconsciente.",
            "Spent its turn aiming: its next shot uses Concentración instead of Agilidad. "
            "Lost when it attacks, defends or is knocked out.",
        ),
        rule="§4.4",
    )
    cared_for: bool = fields.flag_field(
        False,
        label=fields.label("Atendido", "under urgent care"),
        help=(
            "Recibe atención médica de urgencia: sus heridas Malherido se curan con la "
            "tirada diaria de Fortaleza en vez de agravarse cada 10 minutos.",
            "Receives urgent medical care: its Malherido wounds heal with the daily "
            "Fortaleza check instead of worsening every 10 minutes.",
        ),
        rule="§4.16",
    )

    def __post_init__(self) -> None:
        _validate(self)
        boxes = BOXES[self.gore_mode]
        for level in LEVELS:
            value = getattr(self, level)
            if value > boxes:
                raise input_error(
                    level,
                    en=f"{level}: «Gore Mode» has {boxes} box per level (got {shown(value)})",
                    es=(
                        f"{level}: el «Gore Mode» tiene {boxes} casilla por nivel "
                        f"(recibido {shown(value)})"
                    ),
                    allowed=f"a whole number from 0 to {boxes}",
                    got=value,
                    cls=CoreDreadImpossibleError,
                )

    @property
    def track(self) -> tuple[int, int, int]:
        """``(magullado, lesionado, malherido)`` as §4.10 expects."""
        return (self.magullado, self.lesionado, self.malherido)


Attacker = Combatant
Defender = Combatant


# --------------------------------------------------------------------------- Modifiers


_DIFF_CHOICES = {
    -2: ("Muy difícil (−2)", "Muy difícil (−2, very hard)"),
    -1: ("Difícil (−1)", "Difícil (−1, hard)"),
    0: ("Moderado (0)", "Moderado (0, moderate)"),
    1: ("Fácil (+1)", "Fácil (+1, easy)"),
    2: ("Muy fácil (+2)", "Muy fácil (+2, very easy)"),
}


@dataclass(frozen=True)
class Modifiers:
    """§3.4 The choices for this one action."""

    difficulty: int = fields.int_field(
        0,
        -2,
        2,
        label=fields.label("Dificultad", "difficulty"),
        help=(
            "Se suma al atributo del atacante (−2 muy difícil … +2 muy fácil).",
            "Added to the attacker's attribute (−2 very hard … +2 very easy).",
        ),
        rule="§5.2",
    )
    defence: str = fields.choice_field(
        "none",
        {
            "none": ("Ninguna", "Ninguna (none)"),
            "block": ("Bloquear", "Bloquear (block)"),
            "dodge": ("Esquivar", "Esquivar (dodge)"),
            "ranged_block": ("Bloqueo a distancia", "Bloqueo a distancia (shoot back)"),
        },
        label=fields.label("Defensa", "defence"),
        help=(
            "Cómo responde el defensor; cualquier defensa gasta su turno.",
            "How the defender responds; any defence spends its turn.",
        ),
        rule="§4.5",
    )
    defence_difficulty: int = fields.int_field(
        0,
        -2,
        2,
        label=fields.label("Dificultad de la defensa", "defence difficulty"),
        help=("Se suma al atributo del defensor.", "Added to the defender's attribute."),
        rule="§5.2",
    )
    point_blank: bool = fields.flag_field(
        label=fields.label("A quemarropa", "point-blank"),
        help=(
            "Solo a distancia: sin mínimo de 3 aciertos; escopetas ×8.",
            "Ranged/thrown only: no 3-hit minimum; shotguns ×8.",
        ),
        rule="§4.4, §4.14",
    )
    aimed: bool = fields.flag_field(
        label=fields.label("Apuntar", "aimed"),
        help=(
            "Solo proyectiles: usa Concentración en vez de Agilidad.",
            "Ranged only: uses Concentración instead of Agilidad.",
        ),
        rule="§4.4",
    )
    dangerous_situation: bool = fields.flag_field(
        label=fields.label("Situación peligrosa", "dangerous situation"),
        help=(
            "+1 al multiplicador; la víctima herida pierde 1 de Autocontrol.",
            "+1 to the multiplier; a wounded victim loses 1 Autocontrol.",
        ),
        rule="§4.13",
    )
    measured_blow: bool = fields.flag_field(
        label=fields.label("Medir el golpe", "measured blow"),
        help=("La herida baja un paso.", "The wound is one step lighter."),
        rule="§4.9",
    )
    knockout_attempt: bool = fields.flag_field(
        label=fields.label("Dejar inconsciente", "knock-out"),
        help=(
            "Por sorpresa y cuerpo a cuerpo, −1 al atributo; Lesionado o más deja KO.",
            "Surprise melee blow, −1 to the attribute; Lesionado or worse knocks out.",
        ),
        rule="§4.9",
    )
    surprise: bool = fields.flag_field(
        label=fields.label("Por sorpresa", "surprise"),
        help=("El defensor no puede defenderse.", "The defender cannot defend."),
        rule="§4.9, §3.6",
    )
    cover_fire: bool = fields.flag_field(
        label=fields.label("Fuego de cobertura", "covering fire"),
        help=(
            "Solo proyectiles: +2 al atributo con fusil de asalto o subfusil.",
            "Ranged only: +2 to the attribute with an assault rifle or SMG.",
        ),
        rule="§4.14, G20",
    )
    dodge_to_cover: bool = fields.flag_field(
        label=fields.label("Quedar a cubierto", "dodge to cover"),
        help=(
            "Al esquivar un disparo hay dónde cubrirse: el defensor queda a cubierto.",
            "When dodging a shot there is cover nearby: the defender ends in cover.",
        ),
        rule="§4.14, G5",
    )

    def __post_init__(self) -> None:
        _validate(self)
        if self.knockout_attempt and not self.surprise:
            raise input_error(
                "knockout_attempt",
                en="knockout_attempt: a knock-out blow needs surprise (got True)",
                es=(
                    "knockout_attempt: dejar inconsciente requiere atacar por sorpresa "
                    "(recibido True)"
                ),
                allowed="only with surprise",
                got=True,
                cls=CoreDreadImpossibleError,
            )
        if self.surprise and self.defence != "none":
            raise input_error(
                "defence",
                en=(
                    "defence: a defender taken by surprise cannot defend "
                    f"(got {shown(self.defence)})"
                ),
                es=(
                    "defence: un defensor sorprendido no puede defenderse "
                    f"(recibido {shown(self.defence)})"
                ),
                allowed="none when surprise is set",
                got=self.defence,
                cls=CoreDreadImpossibleError,
            )
        if self.dodge_to_cover and self.defence != "dodge":
            raise input_error(
                "dodge_to_cover",
                en="dodge_to_cover: taking cover needs defence=dodge (got True)",
                es="dodge_to_cover: quedar a cubierto requiere esquivar (recibido True)",
                allowed="only with defence=dodge",
                got=True,
                cls=CoreDreadImpossibleError,
            )
