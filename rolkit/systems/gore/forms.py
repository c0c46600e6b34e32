"""§2 The four forms of G.O.R.E.: ``Combatant``, ``Shield``, ``Weapon``, ``Modifiers``; the
house-rule switches ``GoreOptions`` (which live in ``Modifiers.options``) are in
:mod:`.options` and re-exported here.

Conventions: every form is a frozen dataclass that constructs with no arguments (the
spec's defaults); every field is declared through :mod:`rolkit.fields` with an (es, en)
label and a one-line help in both languages; ``__post_init__`` validates every field
(raising :class:`GoreInputError`) and then the cross-field checks of one form. Checks
that need several forms at once (a block against a bow, a shot out of range) live in
:func:`rolkit.systems.gore.skills.check_action`.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, cast

from rolkit import fields
from rolkit.dice import DiceExpression, parse
from rolkit.fields import FrozenMap

from .errors import GoreInputError
from .options import DEFAULT, GoreOptions, validate_form
from .tables import damage_modifier

__all__ = [
    "LOCATIONS",
    "LOCATION_LABELS",
    "CONDITIONS",
    "RANGED_KINDS",
    "MELEE_KINDS",
    "Shield",
    "Combatant",
    "Weapon",
    "GoreOptions",
    "Modifiers",
    "DEFAULT",
    "validate_form",
    "FrozenMap",
]

#: §2.1 hit-location keys, in T7 order.
LOCATION_LABELS: dict[str, tuple[str, str]] = {
    "pierna_derecha": ("Pierna derecha", "Pierna derecha (right leg)"),
    "pierna_izquierda": ("Pierna izquierda", "Pierna izquierda (left leg)"),
    "abdomen": ("Abdomen", "Abdomen"),
    "pecho": ("Pecho", "Pecho (chest)"),
    "brazo_derecho": ("Brazo derecho", "Brazo derecho (right arm)"),
    "brazo_izquierdo": ("Brazo izquierdo", "Brazo izquierdo (left arm)"),
    "cabeza": ("Cabeza", "Cabeza (head)"),
}
LOCATIONS: tuple[str, ...] = tuple(LOCATION_LABELS)

#: §2.1 / P13 / T9 / T11 / P14 / P15 states a combatant can carry (``unconscious`` and
#: ``captured`` are written by the after-state so its fate can be read from the form).
CONDITIONS: dict[str, tuple[str, str]] = {
    "half_all": ("Habilidades a 1/2", "Habilidades a 1/2 (all skills halved)"),
    "half_block": ("Bloqueo a 1/2", "Bloqueo a 1/2 (block halved)"),
    "half_dodge": ("Esquivar a 1/2", "Esquivar a 1/2 (dodge halved)"),
    "leg_severe": ("Pierna destrozada (−30 Esquivar)", "Pierna destrozada (severe leg, −30 dodge)"),
    "stunned": ("Conmocionado", "Conmocionado (stunned: may defend, not attack)"),
    # P13.6 / P14 / T9: «pierde el conocimiento»; P15 Capturar: «no puede actuar»
    "unconscious": ("Inconsciente", "Inconsciente (unconscious: cannot act)"),
    "captured": ("Capturado", "Capturado (captured: cannot act, dodge or block)"),
    # P13.4 «recibe atención médica como los primeros auxilios … y es estabilizado con éxito»
    "stabilised": ("Estabilizado", "Estabilizado (stabilised: first aid, no longer dying)"),
    # T11: the lost actions, active for the round(s) their count says (``*_left``)
    "no_attack": ("No puede atacar", "No puede atacar (cannot attack)"),
    "defend_only": (
        "Solo defiende o se mueve",
        "Solo defiende o se mueve (defend or move only: no attack)",
    ),
    "no_block": ("No puede bloquear", "No puede bloquear (cannot block)"),
    "no_dodge": ("No puede esquivar", "No puede esquivar (cannot dodge)"),
    # T9 «cae al suelo», «cae derribado»; T11 74–76 «Pierdes el equilibrio. Caes»: read as
    # «Objetivo en el suelo» / «Atacando … yaciendo tumbado» (T1)
    "prone": ("Derribado", "Derribado (prone: +20 to hit it in melee, −20 at range)"),
    # P15 Defender: «+20% … para esquivar o bloquear hasta el próximo turno»
    "full_defence": ("Defendiéndose", "Defendiéndose (full defence: +20 to dodge and block)"),
}

RANGED_KINDS = frozenset({"thrown", "bow", "firearm"})
MELEE_KINDS = frozenset({"melee", "natural", "unarmed"})


def _freeze_map(obj: Any, name: str) -> None:
    value = getattr(obj, name)
    if isinstance(value, Mapping) and not isinstance(value, FrozenMap):
        object.__setattr__(obj, name, FrozenMap(value))


def _freeze_set(obj: Any, name: str) -> None:
    value = getattr(obj, name)
    if isinstance(value, set | tuple | list):
        object.__setattr__(obj, name, frozenset(value))


def _hashable(value: Any) -> Any:
    if isinstance(value, dict):  # FrozenMap is a dict (the fields freeze every mapping)
        return tuple(sorted(value.items()))
    return value


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def _field_names(cls: type) -> tuple[str, ...]:
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = tuple(f.name for f in dataclasses.fields(cast(Any, cls)))
    return names


_HASH = "_cached_hash"


class _HashableForm:
    """Frozen forms with mapping fields hash their mappings as sorted item tuples.

    The exact after-state law and whole-fight odds hash the same forms many times, so the
    hash is computed once per instance (they are immutable); it is not part of the state
    (``__getstate__`` drops it: a copy or a pickle, e.g. to a Dask worker, hashes afresh).
    """

    def __hash__(self) -> int:
        cached: int | None = self.__dict__.get(_HASH)
        if cached is None:
            cached = hash(
                (type(self).__name__,)
                + tuple(_hashable(getattr(self, name)) for name in _field_names(type(self)))
            )
            object.__setattr__(self, _HASH, cached)
        return cached

    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        state.pop(_HASH, None)
        return state


# --------------------------------------------------------------------------- Shield
SHIELD_KINDS = {
    "pequeno": ("Escudo pequeño (broquel)", "Escudo pequeño (buckler)"),
    "normal": ("Escudo normal (rodela)", "Escudo normal (round shield)"),
    "grande": ("Escudo grande (tarja, scutum)", "Escudo grande (large shield)"),
    "arma": ("Arma que bloquea", "Arma que bloquea (blocking weapon)"),
}


@dataclass(frozen=True)
class Shield:
    """§2.1 ``Shield``: the item a defender blocks with (a shield or a weapon), with its PG."""

    kind: str = fields.choice_field(
        "normal",
        SHIELD_KINDS,
        label=("Tipo de escudo/arma", "Tipo (shield or weapon kind)"),
        help=(
            "Pequeño, normal o grande (cobertura contra proyectiles) o un arma.",
            "Small, normal or large shield (projectile coverage) or a weapon.",
        ),
        rule="§2.1, T13",
    )
    pg_max: int = fields.int_field(
        20,
        1,
        99,
        label=("PG máximos del objeto", "PG máximos (item hit points)"),
        help=(
            "Puntos de golpe del escudo o arma (broquel 15, rodela 20, grande 22).",
            "Hit points of the shield or weapon (buckler 15, round 20, large 22).",
        ),
        rule="§2.1, T20",
    )
    pg_current: int | None = fields.int_field(
        None,
        0,
        99,
        optional=True,
        label=("PG actuales del objeto", "PG actuales (item's current hit points)"),
        help=(
            "PG que le quedan; vacío = los máximos.",
            "Hit points it has left; empty = the maximum.",
        ),
        rule="§2.1, P10",
    )

    def __post_init__(self) -> None:
        validate_form(self)
        if self.pg_current is not None and self.pg_current > self.pg_max:
            raise GoreInputError.must_be(
                "pg_current",
                self.pg_current,
                f"at most pg_max ({self.pg_max})",
                f"como mucho pg_max ({self.pg_max})",
            )

    @property
    def pg(self) -> int:
        """The current PG (``pg_current``, or ``pg_max`` when empty)."""
        return self.pg_max if self.pg_current is None else self.pg_current


# --------------------------------------------------------------------------- Combatant
def _char(default: int, es: str, en: str, help_es: str, help_en: str) -> Any:
    return fields.int_field(default, 1, 99, label=(es, en), help=(help_es, help_en), rule="§2.1")


def _lost_rounds(es: str, en: str) -> Any:
    """T11 A count of rounds of a lost action (attack, block, dodge)."""
    return fields.int_field(
        None,
        1,
        3,
        optional=True,
        label=(es, en),
        help=(
            "Vacío = ninguno; k = turnos que aún pierde; sin el estado marcado empiezan "
            "el turno siguiente.",
            "Empty = none; k = rounds still to lose; without the condition ticked they "
            "start next round.",
        ),
        rule="T11",
        advanced=True,
    )


@dataclass(frozen=True)
class Combatant(_HashableForm):
    """§2.1 ``Combatant``: an attacker or a defender (characteristics, skills, gear, state)."""

    __hash__ = _HashableForm.__hash__

    name: str = fields.text_field(
        "A",
        label=("Nombre", "Nombre (name)"),
        help=("Nombre que aparece en los pasos.", "Label shown in the steps."),
        rule="§2.1",
    )
    fue: int = _char(11, "FUE", "FUE (STR, strength)", "Fuerza.", "Strength.")
    con: int = _char(11, "CON", "CON (constitution)", "Constitución.", "Constitution.")
    tam: int = _char(13, "TAM", "TAM (SIZ, size)", "Tamaño.", "Size.")
    int_: int = _char(13, "INT", "INT (intelligence)", "Inteligencia.", "Intelligence.")
    pod: int = _char(11, "POD", "POD (POW, power)", "Poder / voluntad.", "Power / will.")
    des: int = _char(
        11,
        "DES",
        "DES (DEX, dexterity)",
        "Destreza: orden de ataque y distancia corta de disparo.",
        "Dexterity: attack order and close range for shooting.",
    )
    car: int = _char(11, "CAR", "CAR (CHA, charisma)", "Carisma.", "Charisma.")
    mov: int = fields.int_field(
        8,
        0,
        99,
        label=("Movimiento", "Movimiento (movement points)"),
        help=("Puntos de Movimiento (1 punto = 4 m).", "Movement points (1 point = 4 m)."),
        rule="§2.1, P18",
    )
    hp_max: int | None = fields.int_field(
        None,
        1,
        999,
        optional=True,
        label=("PG máximos", "PG máximos (maximum hit points)"),
        help=("Vacío = (CON+TAM)/2 redondeando arriba.", "Empty = (CON+SIZ)/2 rounded up."),
        rule="§2.1 [BRP]",
    )
    hp_current: int | None = fields.int_field(
        None,
        -999,
        999,
        optional=True,
        label=("PG actuales", "PG actuales (current hit points)"),
        help=("Vacío = los PG máximos; no más que ellos.", "Empty = maximum HP; never above it."),
        rule="§2.1",
    )
    damage_modifier: str | None = fields.dice_field(
        None,
        optional=True,
        label=("MD (Modificador de Daño)", "MD (damage modifier)"),
        help=(
            "Vacío = según FUE+TAM; o '0', '+1D4', '-1D6'…",
            "Empty = from STR+SIZ; or '0', '+1D4', '-1D6'…",
        ),
        rule="§2.1, T19 [BRP]",
    )
    attack_skill: int = fields.int_field(
        25,
        0,
        500,
        label=("Hab. de arma", "Hab. de arma (weapon skill %)"),
        help=("Porcentaje del atacante con el arma.", "The attacker's % with the weapon."),
        rule="§2.1, P5",
    )
    dodge_skill: int | None = fields.int_field(
        None,
        0,
        500,
        optional=True,
        label=("Esquivar", "Esquivar (dodge %)"),
        help=("Vacío = DES×2.", "Empty = DEX×2."),
        rule="§2.1, P6 [BRP]",
    )
    block_skill: int = fields.int_field(
        0,
        0,
        500,
        label=("Hab. de bloqueo", "Hab. de bloqueo (block/parry %)"),
        help=("Porcentaje con el arma o escudo que bloquea.", "% with the blocking weapon/shield."),
        rule="§2.1, P6",
    )
    block_item: Shield | None = fields.nested_field(
        Shield,
        optional=True,
        label=("Arma/escudo que bloquea", "Arma/escudo (blocking item)"),
        help=(
            "Vacío = no se siguen sus PG; un escudo también cubre de proyectiles.",
            "Empty = its PG are not tracked; a shield also covers against missiles.",
        ),
        rule="§2.1, P10, P11.10",
    )
    off_hand: bool = fields.flag_field(
        False,
        label=("Segunda arma (zurda)", "Segunda arma (off hand, skill ×1/2)"),
        help=("Actúa con la segunda arma: habilidad a 1/2.", "Acts with the off hand: skill ×1/2."),
        rule="P5, P6",
    )
    two_weapons: bool = fields.flag_field(
        False,
        label=("Dos armas", "Dos armas (two weapons)"),
        help=(
            "Permite el Contraataque súbito tras un bloqueo crítico.",
            "Enables the sudden counter-attack after a critical block.",
        ),
        rule="P8.6",
    )
    armour: int = fields.int_field(
        0,
        0,
        50,
        label=("Armadura", "Armadura (armour points)"),
        help=("Puntos que se restan a cada daño.", "Points subtracted from each damage."),
        rule="P9",
    )
    location_armour: Mapping[str, int] | None = fields.int_map_field(
        LOCATION_LABELS,
        0,
        50,
        optional=True,
        label=("Protección por localización", "Protección por localización (armour per location)"),
        help=(
            "Solo con localización de impactos; las que falten usan la armadura general.",
            "Hit locations only; missing locations use the general armour.",
        ),
        rule="P9, P12",
        advanced=True,
    )
    heavy_armour: bool = fields.flag_field(
        False,
        label=("Armadura pesada", "Armadura pesada (heavy armour)"),
        help=(
            "+1D6 en caídas; más pesada que el cuero al nadar.",
            "+1D6 in falls; sinks swimmers.",
        ),
        rule="P17",
    )
    location_damage: Mapping[str, int] = fields.int_map_field(
        LOCATION_LABELS,
        0,
        999,
        label=("PG perdidos por localización", "PG perdidos (damage per location)"),
        help=("Daño ya recibido en cada localización.", "Damage already taken in each location."),
        rule="P12",
        advanced=True,
    )
    location_hp_override: Mapping[str, int] | None = fields.int_map_field(
        LOCATION_LABELS,
        1,
        999,
        optional=True,
        label=("PG por localización (a mano)", "PG por localización (location HP override)"),
        help=("Vacío = el reparto habitual.", "Empty = the usual split."),
        rule="T8, G23",
        advanced=True,
    )
    first_aid_skill: int = fields.int_field(
        30,
        0,
        500,
        label=("Primeros Auxilios", "Primeros Auxilios (first aid %)"),
        help=(
            "Para estabilizar a un herido (o Medicina, si es mayor); 30 % de base.",
            "To stabilise the wounded (or Medicine, if higher); 30% base.",
        ),
        rule="P13.4 [BRP]",
    )
    damage_24h: int = fields.int_field(
        0,
        0,
        999,
        label=("Daño en 24 h", "Daño en 24 h (light-wound damage, last 24 h)"),
        help=("Para las heridas leves acumuladas.", "For accumulated light wounds."),
        rule="P13.7",
        advanced=True,
    )
    can_defend: bool = fields.flag_field(
        True,
        label=("Puede defenderse", "Puede defenderse (can defend)"),
        help=(
            "No: desarmado, atado, defensa ya usada o defensa inhábil.",
            "No: disarmed, bound, defence used up or disabled.",
        ),
        rule="P6.1",
    )
    mounted: bool = fields.flag_field(
        False,
        label=("Montado", "Montado (mounted)"),
        help=("Lucha desde una montura.", "Fights from a mount."),
        rule="P15 Montura",
    )
    riding_skill: int | None = fields.int_field(
        None,
        0,
        500,
        optional=True,
        label=("Equitación", "Equitación (riding %)"),
        help=("Montado: tope de las habilidades de combate.", "Mounted: caps combat skills."),
        rule="P5.6, P15",
    )
    conditions: frozenset[str] = fields.multichoice_field(
        CONDITIONS,
        label=("Estados", "Estados (conditions)"),
        help=("Efectos de pifias y heridas que siguen activos.", "Lasting fumble/wound effects."),
        rule="P13, T9, T11",
    )
    mortal_rounds: int | None = fields.int_field(
        None,
        0,
        2,
        optional=True,
        label=("Turnos desde la herida mortal", "Herida mortal (rounds since the mortal wound)"),
        help=(
            "Vacío = sin cuenta; 0 = herida este turno; 1 = muere al acabar este turno si no "
            "se le estabiliza; 2 = muerto.",
            "Empty = not counted; 0 = wounded this round; 1 = dies when this round ends "
            "unless stabilised; 2 = dead.",
        ),
        rule="P13.4",
        advanced=True,
    )
    defence_disabled_left: int | None = fields.int_field(
        None,
        0,
        3,
        optional=True,
        label=(
            "Defensa inhábil: turnos más",
            "Defensa inhábil: turnos más (further rounds without dodge or block)",
        ),
        help=(
            "Vacío = sin cuenta (dura hasta que el DJ la quite); 0 = hasta el final de este "
            "turno; 1 = también el siguiente.",
            "Empty = not counted (lasts until the GM clears it); 0 = until this round ends; "
            "1 = the next round too.",
        ),
        rule="P8.3, G7",
        advanced=True,
    )
    half_all_left: int | None = fields.int_field(
        None,
        0,
        3,
        optional=True,
        label=(
            "Habilidades a 1/2: turnos más",
            "Habilidades a 1/2: turnos más (further rounds with all skills halved)",
        ),
        help=(
            "Vacío = sin cuenta (dura hasta que el DJ lo quite); 0 = hasta el final de este "
            "turno; 1 = también el siguiente.",
            "Empty = not counted (lasts until the GM clears it); 0 = until this round ends; "
            "1 = the next round too.",
        ),
        rule="T11",
        advanced=True,
    )
    severe_rounds_left: int | None = fields.int_field(
        None,
        0,
        99,
        optional=True,
        label=(
            "Localización destrozada: turnos para morir",
            "Localización destrozada: turnos (rounds left before a destroyed location kills)",
        ),
        help=(
            "Vacío = sin cuenta; k = muere al acabar el k-ésimo final de turno sin "
            "tratamiento (pecho o abdomen: además CON×4 cada turno o muere); 0 = muerto.",
            "Empty = not counted; k = dies at the k-th round end untreated (chest or "
            "abdomen: also CON×4 each round or dies); 0 = dead.",
        ),
        rule="T9",
        advanced=True,
    )
    no_attack_left: int | None = _lost_rounds(
        "Sin atacar: turnos", "Sin atacar: turnos (rounds without attacking)"
    )
    defend_only_left: int | None = _lost_rounds(
        "Solo defender: turnos", "Solo defender: turnos (rounds of defend or move only)"
    )
    no_block_left: int | None = _lost_rounds(
        "Sin bloquear: turnos", "Sin bloquear: turnos (rounds without blocking)"
    )
    no_dodge_left: int | None = _lost_rounds(
        "Sin esquivar: turnos", "Sin esquivar: turnos (rounds without dodging)"
    )

    def __post_init__(self) -> None:
        _freeze_map(self, "location_armour")
        _freeze_map(self, "location_damage")
        _freeze_map(self, "location_hp_override")
        _freeze_set(self, "conditions")
        validate_form(self)
        if not isinstance(self.name, str) or not self.name.strip():
            raise GoreInputError.must_be(
                "name", self.name, "a non-empty name", "un nombre no vacío"
            )
        if self.damage_modifier is not None:
            _check_md(self.damage_modifier)
        if self.hp_current is not None and self.hp_current > self.max_hp:
            raise GoreInputError.must_be(
                "hp_current",
                self.hp_current,
                f"at most the maximum HP ({self.max_hp})",
                f"como mucho los PG máximos ({self.max_hp})",
            )

    # derived values (G14: BRP placeholders) -------------------------------
    @property
    def max_hp(self) -> int:
        """§2.1 ``hp_max`` or ``ceil((CON+TAM)/2)``."""
        return self.hp_max if self.hp_max is not None else math.ceil((self.con + self.tam) / 2)

    @property
    def current_hp(self) -> int:
        """§2.1 ``hp_current`` or the maximum."""
        return self.hp_current if self.hp_current is not None else self.max_hp

    @property
    def dodge(self) -> int:
        """§2.1 ``dodge_skill`` or DES×2 [BRP]."""
        return self.dodge_skill if self.dodge_skill is not None else 2 * self.des

    @property
    def md(self) -> str:
        """§2.1 ``damage_modifier`` or T19 from FUE+TAM."""
        if self.damage_modifier is not None:
            return self.damage_modifier
        return damage_modifier(self.fue, self.tam)


def _check_md(text: str) -> None:
    expr = parse(text)
    if len(expr.terms) != 1 or (expr.terms[0].is_dice and expr.terms[0].sides < 2):
        raise GoreInputError.must_be(
            "damage_modifier",
            text,
            "'0' or one signed die term such as '+1D4', '-1D6', '+2D6'",
            "'0' o un solo término de dados como '+1D4', '-1D6', '+2D6'",
        )
    if not expr.terms[0].is_dice and expr.terms[0].count != 0:
        raise GoreInputError.must_be(
            "damage_modifier",
            text,
            "'0' or one signed die term such as '+1D4', '-1D6', '+2D6'",
            "'0' o un solo término de dados como '+1D4', '-1D6', '+2D6'",
        )
    if expr.dice_count > 20 or (expr.terms[0].is_dice and expr.terms[0].sides > 20):
        raise GoreInputError.must_be(
            "damage_modifier",
            text,
            "at most 20 dice of at most 20 sides",
            "como mucho 20 dados de como mucho 20 caras",
        )


# --------------------------------------------------------------------------- Weapon
WEAPON_KINDS = {
    "melee": ("Cuerpo a cuerpo", "Cuerpo a cuerpo (melee)"),
    "natural": ("Arma natural", "Arma natural (natural weapon)"),
    "unarmed": ("Desarmado", "Desarmado (unarmed)"),
    "thrown": ("Arrojadiza", "Arrojadiza (thrown)"),
    "bow": ("Arco / ballesta", "Arco / ballesta (bow)"),
    "firearm": ("Arma de fuego", "Arma de fuego (firearm)"),
}
DM_RULES = {
    "full": ("MD completo", "MD completo (full damage modifier)"),
    "half": ("Mitad del MD", "Mitad del MD (half, rounded up)"),
    "none": ("Sin MD", "Sin MD (no damage modifier)"),
}


@dataclass(frozen=True)
class Weapon:
    """§2.2 ``Weapon``: damage, kind, impale, range, malfunction, bursts."""

    name: str = fields.text_field(
        "arma",
        label=("Arma", "Arma (weapon name)"),
        help=("Nombre que aparece en los pasos.", "Label shown in the steps."),
        rule="§2.2",
    )
    damage: str = fields.dice_field(
        "1D6",
        label=("Daño", "Daño (weapon damage)"),
        help=("Daño del arma sin MD, p. ej. 1D8+1.", "Weapon damage without MD, e.g. 1D8+1."),
        rule="§2.2, P9",
    )
    kind: str = fields.choice_field(
        "melee",
        WEAPON_KINDS,
        label=("Tipo", "Tipo (attack mode)"),
        help=(
            "Arrojadiza, arco y arma de fuego son a distancia.",
            "Thrown, bow and firearm are ranged.",
        ),
        rule="§2.2, P11",
    )
    impaling: bool = fields.flag_field(
        False,
        label=("Capacidad de empalar", "Capacidad de empalar (impaling)"),
        help=("Empala con un crítico en 01.", "Impales on a critical rolled 01."),
        rule="§1.4",
    )
    pg: int | None = fields.int_field(
        None,
        1,
        99,
        optional=True,
        label=("PG del arma", "PG del arma (weapon hit points)"),
        help=("Pierde 2 PG en ciertas casillas de bloqueo.", "Loses 2 PG in some block cells."),
        rule="P10.2",
        advanced=True,
    )
    range_m: float | None = fields.float_field(
        None,
        0.1,
        10000.0,
        optional=True,
        label=("Alcance (m)", "Alcance (effective range, m)"),
        help=("Obligatorio para armas a distancia.", "Required for ranged weapons."),
        rule="P11.1",
    )
    dm_rule: str | None = fields.choice_field(
        None,
        DM_RULES,
        optional=True,
        label=("MD aplicable", "MD aplicable (damage-modifier rule)"),
        help=(
            "Vacío: completo cuerpo a cuerpo, mitad arrojadizas/arcos, nada armas de fuego.",
            "Empty: full in melee, half thrown/bows, none firearms.",
        ),
        rule="P9 [BRP]",
        advanced=True,
    )
    malfunction: int | None = fields.int_field(
        None,
        2,
        100,
        optional=True,
        label=("Encasquillamiento", "Encasquillamiento (malfunction number)"),
        help=("Tirada ≥ este número: el arma falla.", "Roll ≥ this number: the weapon fails."),
        rule="P11.7",
    )
    automatic: bool = fields.flag_field(
        False,
        label=("Automática (ráfagas)", "Automática (automatic fire)"),
        help=("Puede disparar ráfagas (solo armas de fuego).", "May fire bursts (firearms only)."),
        rule="P11.6",
    )
    max_burst: int = fields.int_field(
        20,
        1,
        20,
        label=("Balas por turno", "Balas por turno (max bullets per action)"),
        help=("Tope de balas en una acción.", "Cap on bullets in one action."),
        rule="P11.6",
        advanced=True,
    )
    silencer: bool = fields.flag_field(
        False,
        label=("Silenciador", "Silenciador (silencer)"),
        help=("Reduce el alcance efectivo a la mitad.", "Halves the effective range."),
        rule="P11.9",
    )
    rounds_loaded: int | None = fields.int_field(
        None,
        0,
        200,
        optional=True,
        label=("Munición cargada", "Munición cargada (rounds loaded)"),
        help=(
            "Balas o cartuchos en el arma; vacío = no se cuentan. Cada disparo gasta una.",
            "Rounds in the weapon; empty = not counted. Each shot spends one.",
        ),
        rule="P11.8",
        advanced=True,
    )
    capacity: int | None = fields.int_field(
        None,
        1,
        200,
        optional=True,
        label=("Capacidad", "Capacidad (rounds the weapon holds)"),
        help=(
            "Balas o cartuchos que caben al recargar; vacío = no se recarga aquí.",
            "Rounds it holds when reloaded; empty = not reloaded here.",
        ),
        rule="P11.8",
        advanced=True,
    )
    reload_kind: str = fields.choice_field(
        "magazine",
        {
            "cartridges": (
                "Balas sueltas (2 por turno)",
                "Balas sueltas (loose rounds, 2 a round)",
            ),
            "magazine": ("Cargador (1 turno)", "Cargador (magazine, 1 round)"),
            "belt": ("Cinta de ametralladora (2 turnos)", "Cinta (machine-gun belt, 2 rounds)"),
        },
        label=("Cómo se recarga", "Cómo se recarga (reload)"),
        help=(
            "«todo un turno de combate para cargar 2 balas o cartuchos/cambiar un cargador. "
            "Dos turnos el cambiar la cinta».",
            "A full round loads 2 rounds or changes a magazine; a belt takes two rounds.",
        ),
        rule="P11.8",
        advanced=True,
    )
    reloading: bool = fields.flag_field(
        False,
        label=("Cambiando la cinta", "Cambiando la cinta (belt half changed)"),
        help=(
            "Primer turno de cambiar la cinta hecho; el siguiente la termina.",
            "The first round of changing the belt is done; the next one ends it.",
        ),
        rule="P11.8",
        advanced=True,
    )
    silencer_shots: int | None = fields.int_field(
        None,
        0,
        110,
        optional=True,
        label=("Disparos del silenciador", "Disparos del silenciador (silencer shots left)"),
        help=(
            "Disparos que le quedan (1D100+10 al estrenarlo); a 0 ya no funciona.",
            "Shots it has left (1D100+10 when new); at 0 it no longer works.",
        ),
        rule="P11.9",
        advanced=True,
    )
    long_arm: bool = fields.flag_field(
        False,
        label=("Arma larga", "Arma larga (long gun: rifle, shotgun)"),
        help=(
            "Fusil o escopeta: inoperativa a distancia de toque (menos de 1 m).",
            "Rifle or shotgun: useless at touch range (under 1 m).",
        ),
        rule="P11.2",
        advanced=True,
    )
    reach: str = fields.choice_field(
        "media",
        {
            "natural": ("Natural / desarmado", "Natural / desarmado (no reach)"),
            "corta": ("Corta (daga)", "Corta (short: dagger)"),
            "media": ("Media (espada)", "Media (medium: sword)"),
            "larga": ("Larga (lanza)", "Larga (long: spear)"),
        },
        label=("Longitud del arma", "Longitud del arma (weapon reach)"),
        help=(
            "«Los personajes que usen armas más largas atacan antes».",
            "Longer weapons strike first in the first exchange.",
        ),
        rule="P4.5",
        advanced=True,
    )
    two_handed: bool = fields.flag_field(
        False,
        label=("A dos manos", "A dos manos (two-handed)"),
        help=("Prohibida a caballo.", "Not allowed when mounted."),
        rule="P15 Montura",
    )

    def __post_init__(self) -> None:
        validate_form(self)
        if not self.name.strip():
            raise GoreInputError.must_be(
                "name", self.name, "a non-empty name", "un nombre no vacío"
            )
        expr = parse(self.damage)
        for term in expr.terms:
            if term.is_dice and (term.sign < 0 or not 2 <= term.sides <= 100):
                raise GoreInputError.must_be(
                    "damage",
                    self.damage,
                    "added dice with 2 to 100 sides and constants, e.g. 1D8+1",
                    "dados sumados de 2 a 100 caras y constantes, p. ej. 1D8+1",
                )
        span = sum(t.count * t.sides for t in expr.terms if t.is_dice)
        if expr.dice_count > 20 or span > 200 or expr.maximum < 0:
            raise GoreInputError.must_be(
                "damage",
                self.damage,
                "at most 20 dice, dice × sides at most 200 (e.g. 2D100, 20D10) and a maximum ≥ 0",
                "como mucho 20 dados, dados × caras como mucho 200 (p. ej. 2D100, 20D10) "
                "y un máximo ≥ 0",
            )
        if self.kind in RANGED_KINDS and self.range_m is None:
            raise GoreInputError.must_be(
                "range_m",
                None,
                "a range in metres for a ranged weapon",
                "un alcance en metros para un arma a distancia",
            )
        if (
            self.capacity is not None
            and self.rounds_loaded is not None
            and self.rounds_loaded > self.capacity
        ):
            raise GoreInputError.must_be(
                "rounds_loaded",
                self.rounds_loaded,
                f"at most the capacity ({self.capacity})",
                f"como mucho la capacidad ({self.capacity})",
            )
        if self.automatic and self.kind != "firearm":
            raise GoreInputError.must_be(
                "automatic",
                True,
                "False unless the weapon is a firearm",
                "False salvo en armas de fuego",
            )

    @property
    def expression(self) -> DiceExpression:
        return parse(self.damage)

    @property
    def ranged(self) -> bool:
        return self.kind in RANGED_KINDS

    @property
    def md_rule(self) -> str:
        """§2.2 ``dm_rule`` or its default by kind [BRP]."""
        if self.dm_rule is not None:
            return self.dm_rule
        if self.kind == "firearm":
            return "none"
        return "half" if self.kind in ("thrown", "bow") else "full"


@dataclass(frozen=True)
class Modifiers:
    """§2.3 ``Modifiers``: the choices and circumstances of this one action."""

    defence: str = fields.choice_field(
        "dodge",
        {
            "none": ("Sin defensa", "no defence"),
            "dodge": ("Esquivar", "Esquivar (dodge)"),
            "block": ("Bloquear", "Bloquear (block)"),
        },
        label=("Reacción", "Reacción (defence)"),
        help=(
            "Reacción del defensor; no se bloquean armas a distancia.",
            "The defender's reaction; ranged attacks cannot be blocked.",
        ),
        rule="P6, P8",
    )
    target_helpless: bool = fields.flag_field(
        label=("Objetivo indefenso", "Objetivo indefenso (helpless)"),
        help=("Éxito automático, sin defensa.", "Automatic success, no defence."),
        rule="§1.8",
    )
    target_surprised: bool = fields.flag_field(
        label=("Objetivo sorprendido", "Objetivo sorprendido (surprised)"),
        help=("+20 al ataque.", "+20 to the attack."),
        rule="T1",
    )
    from_behind: bool = fields.flag_field(
        label=("Por la espalda", "Por la espalda (from behind)"),
        help=(
            "+20 al ataque cuerpo a cuerpo (no suma con objetivo en el suelo).",
            "+20 to a melee attack (not added to a prone target's +20).",
        ),
        rule="T1",
    )
    defender_prone: bool = fields.flag_field(
        label=("Defensor en el suelo", "Defensor en el suelo (prone)"),
        help=(
            "Cuerpo a cuerpo +20, a distancia −20; su defensa −20.",
            "Melee +20, ranged −20; its dodge/block −20.",
        ),
        rule="T1",
    )
    attacker_prone: bool = fields.flag_field(
        label=("Atacando tumbado", "Atacando tumbado (attacker lying)"),
        help=("−20 al ataque.", "−20 to the attack."),
        rule="T1",
    )
    relative_height: str = fields.choice_field(
        "level",
        {
            "level": ("A la misma altura", "A la misma altura (level)"),
            "attacker_higher": ("Atacante más alto", "attacker higher (+10, defence −10)"),
            "defender_higher": ("Defensor más alto", "defender higher (defence +10)"),
        },
        label=("Posición elevada", "Posición elevada (relative height)"),
        help=(
            "Atacante arriba: ataque +10 y defensa −10; defensor arriba: defensa +10.",
            "Attacker higher: attack +10, defence −10; defender higher: defence +10.",
        ),
        rule="T1",
    )
    attacker_unstable: bool = fields.flag_field(
        label=("Atacante en superficie inestable", "Atacante inestable (unstable surface)"),
        help=("−20 al ataque.", "−20 to the attack."),
        rule="T1",
    )
    defender_unstable: bool = fields.flag_field(
        label=("Defensor en superficie inestable", "Defensor inestable (unstable surface)"),
        help=("−20 a la defensa.", "−20 to the defence."),
        rule="T1",
    )
    attacker_underwater: bool = fields.flag_field(
        label=("Atacante bajo el agua", "Atacante bajo el agua (underwater)"),
        help=("−30 al ataque y −1 al daño.", "−30 to the attack and −1 damage."),
        rule="T1",
    )
    defender_underwater: bool = fields.flag_field(
        label=("Defensor bajo el agua", "Defensor bajo el agua (underwater)"),
        help=("−30 a la defensa.", "−30 to the defence."),
        rule="T1",
    )
    obstacle: bool = fields.flag_field(
        label=("Obstáculo en medio", "Obstáculo en medio (obstacle)"),
        help=("−10 al ataque.", "−10 to the attack."),
        rule="T1",
    )
    lighting: str = fields.choice_field(
        "normal",
        {
            "normal": ("Normal", "Normal (normal light)"),
            "penumbra": ("Penumbra (×1/2)", "Penumbra (dim, ×1/2)"),
            "casi_oscuridad": ("Casi oscuridad (×1/3)", "Casi oscuridad (near dark, ×1/3)"),
            "oscuridad_total": (
                "Oscuridad total (×1/4, POD×3, INT×3)",
                "Oscuridad total (total dark: lowest of ×1/4, POW×3, INT×3)",
            ),
        },
        label=("Iluminación", "Iluminación (lighting)"),
        help=("Reduce toda tirada de la acción.", "Reduces every roll of the action."),
        rule="T1, T2",
    )
    defender_full_defence: bool = fields.flag_field(
        label=("Defender (maniobra)", "Defender (full-defence maneuver)"),
        help=("+20 a esquivar/bloquear.", "+20 to dodge/block."),
        rule="P15",
    )
    focus_steps: int = fields.int_field(
        0,
        0,
        19,
        label=("Enfoque", "Enfoque (focus steps)"),
        help=(
            "+10 por paso; cada paso cuesta 5 puntos de orden (máx. DES/5).",
            "+10 per step; each costs 5 order points (max DEX/5).",
        ),
        rule="P15 Enfoque",
    )
    target_sprinting: bool = fields.flag_field(
        label=("Objetivo esprintando", "Objetivo esprintando (sprinting)"),
        help=("+20 al ataque.", "+20 to the attack."),
        rule="P15 Esprintar",
    )
    charge: bool = fields.flag_field(
        label=("Carga", "Carga (charge)"),
        help=(
            "+1D4 al daño si impacta; solo cuerpo a cuerpo.",
            "+1D4 damage on a hit; melee only.",
        ),
        rule="P15 Carga",
    )
    pull_blow: bool = fields.flag_field(
        label=("Contener el daño", "Contener el daño (pull the blow)"),
        help=("Dados del arma a la mitad y sin MD.", "Weapon dice halved, no MD."),
        rule="P9",
    )
    ko_attempt: bool = fields.flag_field(
        label=("Buscar un KO", "Buscar un KO (knock-out attempt)"),
        help=(
            "Si el golpe sería grave, el objetivo queda inconsciente.",
            "If the blow would be serious, the target is knocked out.",
        ),
        rule="P14",
    )
    attacks_this_round: int = fields.int_field(
        1,
        1,
        10,
        label=("Ataques este turno", "Ataques múltiples (attacks this round)"),
        help=(
            "Con 100 % o más: hasta Hab/50 ataques, la habilidad se reparte.",
            "With 100%+: up to skill/50 attacks, the skill is split.",
        ),
        rule="P7",
    )
    situational_bonus: int = fields.int_field(
        0,
        -100,
        100,
        label=("Modificador del DJ (ataque)", "Modificador del DJ (attack bonus)"),
        help=("Suma al ataque.", "Added to the attack."),
        rule="P5.4",
    )
    defence_bonus: int = fields.int_field(
        0,
        -100,
        100,
        label=("Modificador del DJ (defensa)", "Modificador del DJ (defence bonus)"),
        help=("Suma a la defensa.", "Added to the defence."),
        rule="P6.4",
    )
    skill_cap: int | None = fields.int_field(
        None,
        0,
        500,
        optional=True,
        label=("Tope de habilidad", "Tope de habilidad (skill cap)"),
        help=("P. ej. 50 para Instigar; vacío = sin tope.", "E.g. 50 for Instigar; empty = none."),
        rule="P5.6",
        advanced=True,
    )
    distance_m: float | None = fields.float_field(
        None,
        0.1,
        10000.0,
        optional=True,
        label=("Distancia (m)", "Distancia (distance, m)"),
        help=(
            "Solo a distancia. Vacío = alcance ordinario (sin banda ni ataque cercano).",
            "Ranged only. Empty = ordinary range (no range band, no close-range ×2).",
        ),
        rule="P11.1, P11.2",
    )
    angle: str = fields.choice_field(
        "level",
        {
            "level": ("Horizontal", "Horizontal (level)"),
            "down45": ("Hacia abajo ≥45° (−20)", "down ≥45° (−20)"),
            "up45": ("Hacia arriba ≥45° (−30)", "up ≥45° (−30)"),
        },
        label=("Ángulo de disparo", "Ángulo de disparo (angle)"),
        help=("Solo a distancia.", "Ranged only."),
        rule="P11.3",
    )
    aiming: str = fields.choice_field(
        "none",
        {
            "none": ("Sin mira", "Sin mira (no sight)"),
            "scope_or_laser": ("Mira / láser (alcance ×2)", "scope or laser (range ×2)"),
            "rifle_scope": ("Mira telescópica (alcance ×4)", "rifle scope (range ×4)"),
        },
        label=("Apuntar con mira", "Apuntar con mira (aiming)"),
        help=("Solo a distancia; multiplica el alcance.", "Ranged only; multiplies the range."),
        rule="P11.1, P11.2",
    )
    crowd: bool = fields.flag_field(
        label=("Disparar a bulto", "Disparar a bulto (into a crowd)"),
        help=(
            "Habilidad ×1/3 (armas de fuego ×1/5); solo a distancia.",
            "Skill ×1/3 (firearms ×1/5); ranged only.",
        ),
        rule="P11.5",
    )
    laser_sight: bool = fields.flag_field(
        label=("Mira láser", "Mira láser (laser sight)"),
        help=(
            "Con habilidad ≥ 60, disparar a bulto con arma de fuego usa ×1/3.",
            "With skill ≥ 60, firearm crowd fire uses ×1/3.",
        ),
        rule="P11.5, G20",
        advanced=True,
    )
    bullets: int = fields.int_field(
        1,
        1,
        20,
        label=("Balas disparadas", "Balas disparadas (bullets fired)"),
        help=("Más de 1 exige arma automática.", "More than 1 needs an automatic weapon."),
        rule="P11.6",
    )
    multi_target: bool = fields.flag_field(
        label=("Ráfaga a varios objetivos", "Ráfaga a varios objetivos (burst at several targets)"),
        help=(
            "Sin +5 % por bala; cada objetivo se resuelve por separado con sus balas.",
            "No +5% per bullet; each target is resolved separately with its bullets.",
        ),
        rule="P11.6",
        advanced=True,
    )
    two_guns: bool = fields.flag_field(
        label=("Un arma en cada mano", "Un arma en cada mano (two guns)"),
        help=(
            "Regla de Multitudes: ×1/3 (armas de fuego ×1/5); no duplica los ataques.",
            "Crowd rule: ×1/3 (firearms ×1/5); no extra attacks.",
        ),
        rule="P11.12",
        advanced=True,
    )
    shield_behind: bool = fields.flag_field(
        label=("Cubierto tras el escudo", "Tras el escudo (crouched behind shield)"),
        help=(
            "Cobertura 60 %/90 % con escudo normal/grande.",
            "Coverage 60%/90% with a normal/large shield.",
        ),
        rule="T13",
    )
    strike_item: bool = fields.flag_field(
        label=("Golpear escudo/arma", "Golpear escudo/arma (strike the shield/weapon)"),
        help=(
            "Ataque declarado al objeto que bloquea: todo el daño va a sus PG.",
            "Declared attack on the blocking item: all damage goes to its PG.",
        ),
        rule="P10.4",
    )
    maneuver: str = fields.choice_field(
        "none",
        {
            "none": ("Ataque normal", "Ataque normal (normal attack)"),
            "disarm": ("Desarmar", "Desarmar (disarm)"),
            "capture": ("Capturar", "Capturar (net or lasso)"),
        },
        label=("Maniobra", "Maniobra (maneuver)"),
        help=(
            "Desarmar: tirada ≤ la mitad de la habilidad; el objetivo retiene con FUE×3. "
            "Capturar: un impacto lo inmoviliza este turno y el siguiente.",
            "Disarm: roll ≤ half the skill; the target keeps it with STR×3. "
            "Capture: a hit holds it this round and the next.",
        ),
        rule="P15",
    )
    natural_block: bool = fields.flag_field(
        label=("Bloquea con arma natural", "Bloquea con arma natural (blocks with claws or teeth)"),
        help=(
            "Un arma natural no puede bloquear armas: el bloqueo logrado se vuelve impacto normal.",
            "A natural weapon cannot block weapons: a successful block becomes a normal hit.",
        ),
        rule="P10.3",
        advanced=True,
    )
    attackers_on_target: int = fields.int_field(
        1,
        1,
        5,
        label=("Atacantes sobre el objetivo", "Atacantes sobre el objetivo (attackers on it)"),
        help=(
            "«Un solo objetivo solo puede ser atacado a la vez por 5 oponentes».",
            "At most 5 opponents attack one target at a time.",
        ),
        rule="P15 Número de atacantes",
        advanced=True,
    )
    use_hit_locations: bool = fields.flag_field(
        label=("Localización de impactos", "Localización de impactos (hit locations)"),
        help=(
            "Regla opcional: se tira 1D20 por la parte del cuerpo.",
            "Optional rule: roll 1D20 for the body part.",
        ),
        rule="P12",
    )
    covered_locations: frozenset[str] = fields.multichoice_field(
        LOCATION_LABELS,
        label=("Cobertura", "Cobertura (covered locations)"),
        help=(
            "Las localizaciones cubiertas impactan en la cobertura.",
            "Covered locations hit the cover instead.",
        ),
        rule="P11.11",
        advanced=True,
    )
    options: GoreOptions = fields.nested_field(
        GoreOptions,
        label=("Opciones de reglas", "Opciones (rule options)"),
        help=("Interpretaciones de la sección 6.", "Interpretation switches of section 6."),
        rule="§2.4, §6",
    )

    def __post_init__(self) -> None:
        _freeze_set(self, "covered_locations")
        validate_form(self)
