"""§3 The forms: ``Combatant`` (attacker and defender), ``Weapon``, ``Modifiers`` and their
sub-forms ``ArmorPiece``, ``Shield``, ``Wounds`` and ``Conditions`` (frozen dataclasses).

Every field is declared with the shared field kinds, so the dashboard builds the forms with
no widget code. Where the spec's type is not one of those kinds the form stores it in an
equivalent shape (listed in the package docstring): each skill is its own int field
(``Combatant.skills`` gives the spec's mapping), the armour is up to three ``ArmorPiece``
slots (``Combatant.armor`` gives the tuple), the wound marks are counts per location and
severity (serious ones split by damage type, which is all the states read), and a weapon's
damage types are a main type plus optional others. :func:`combatant` builds a
``Combatant`` from the spec's own shape (``skills={...}, armor=(...)``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from operator import itemgetter
from types import MappingProxyType
from typing import Any

from rolkit import fields
from rolkit.dice import parse
from rolkit.errors import input_error, shown
from rolkit.memo import memo
from rolkit.systems.ashes_of_war.errors import AowFieldRangeError
from rolkit.systems.ashes_of_war.rules.derived import prana_max
from rolkit.systems.ashes_of_war.tables import (
    ADVERSIDAD_LABELS,
    COVER_LABELS,
    DAMAGE_TYPE_LABELS,
    DAMAGE_TYPES,
    DEFENCE_LABELS,
    DIE_SIDES,
    LIMB_LOCATIONS,
    LOCATION_LABELS,
    LOCATIONS,
    SKILL_LABELS,
    SKILLS,
)

__all__ = [
    "ArmorPiece",
    "Shield",
    "Weapon",
    "WoundMark",
    "Wounds",
    "Conditions",
    "Combatant",
    "Attacker",
    "Defender",
    "Modifiers",
    "combatant",
    "wounds_from_marks",
    "prana_max",
    "evolve",
    "evolved",
    "cached_hash",
    "state_without_hash",
    "int_map_with_default",
    "multichoice_with_default",
    "PROVISIONAL",
]


# --------------------------------------------------------------------------- field helpers
# What the shared factories do not offer: an int_map or a multichoice whose default is not
# "every key at its minimum" / "empty" (the spec's tables T2, T3, T4, T7 and the
# ``quick_skills`` set), built with the same ``FieldSpec`` metadata, so the validators and
# the generated forms treat them like the shared factories' fields; and the unvalidated
# ``evolve`` and the cached hash of the big frozen forms.

#: Appended to the help of every placeholder field (spec label [PH]).
PROVISIONAL = (" Regla provisional.", " Provisional rule.")


def _choices(labels: Mapping[Any, tuple[str, str]]) -> tuple[fields.Choice, ...]:
    return tuple(fields.Choice(k, es, en) for k, (es, en) in labels.items())


def int_map_with_default(
    keys: Mapping[Any, tuple[str, str]],
    lo: int,
    hi: int,
    default: Mapping[Any, int],
    *,
    label: tuple[str, str],
    help: tuple[str, str],
    rule: str = "",
    advanced: bool = True,
) -> Any:
    """An int_map field (values ``lo..hi`` per key) whose default is ``default``."""
    frozen = fields.FrozenMap(default)
    spec = fields.FieldSpec(
        "int_map", label, help, frozen, lo, hi, choices=_choices(keys), rule=rule, advanced=advanced
    )
    return dataclasses.field(
        default_factory=lambda: frozen, metadata=MappingProxyType({fields.META_KEY: spec})
    )


def multichoice_with_default(
    choices: Mapping[Any, tuple[str, str]],
    default: frozenset,
    *,
    label: tuple[str, str],
    help: tuple[str, str],
    rule: str = "",
    advanced: bool = True,
) -> Any:
    """A multichoice field whose default is the set ``default``."""
    frozen = frozenset(default)
    spec = fields.FieldSpec(
        "multichoice", label, help, frozen, choices=_choices(choices), rule=rule, advanced=advanced
    )
    return dataclasses.field(
        default_factory=lambda: frozen, metadata=MappingProxyType({fields.META_KEY: spec})
    )


def evolve(form: Any, **changes: Any) -> Any:
    """``dataclasses.replace`` without re-validating: for new values a rule derived from a
    valid form and that stay in range by construction (an Integridad floored at 0, a box
    filled only while one is free, a counter capped at its maximum). The exact laws build
    hundreds of after-state forms; re-checking every field of each dominated their time.
    Values must already be frozen (``FrozenMap``, ``frozenset``), as validation leaves them.
    """
    return evolved(form, changes)


def evolved(form: Any, changes: dict[str, Any]) -> Any:
    """:func:`evolve` with the changes as a dict (no keywords packed: the blow laws build
    a form per wound)."""
    values = form.__dict__.copy()  # a copy of the whole dict: quicker than one by one
    values.pop(_HASH, None)
    values.pop(_ROWS, None)
    values.update(changes)
    new = object.__new__(type(form))
    object.__setattr__(new, "__dict__", values)
    return new


_HASH = "_cached_hash"
#: A :class:`Wounds`'s rows' counts (:func:`wounds_hash`), kept so that
#: :meth:`Wounds.add` derives its copy's from them (one count changes).
_ROWS = "_cached_rows"


def cached_hash(form: Any) -> int:
    """A frozen form's hash (the generated one: its field values), computed once.

    Whole-fight odds and the memoised laws hash the same big forms (a ``Combatant`` with
    five wound rows) many times over; each form is immutable, so its hash never changes.
    Set as ``__hash__ = cached_hash`` in the class body (``dataclass`` keeps it), with
    ``__getstate__ = state_without_hash`` so a pickled form (another process, another hash
    seed) computes its own. The cached hash is read as an attribute (``_HASH`` names it,
    ``getattr`` with a default: no exception when it is not there yet), the quickest read
    of the thousand a round of a fight makes.
    """
    h = getattr(form, _HASH, None)
    if h is not None:
        return h  # type: ignore[no-any-return]
    fields_of = _FIELDS.get(type(form))
    if fields_of is None:
        fields_of = _FIELDS[type(form)] = _values_getter(tuple(form.__dataclass_fields__))
    h = hash(fields_of(form.__dict__))
    object.__setattr__(form, _HASH, h)
    return h


#: Per form class, its field values as one tuple in field order, built in C
#: (``operator.itemgetter``): the same tuple :func:`cached_hash` hashed field by field.
_FIELDS: dict[type, Callable[[dict[str, Any]], tuple[Any, ...]]] = {}


def _values_getter(names: tuple[str, ...]) -> Callable[[dict[str, Any]], tuple[Any, ...]]:
    """The tuple of ``names``' values of a form's ``__dict__`` (a 1-tuple for one name,
    as ``tuple(map(...))`` gives: :func:`operator.itemgetter` of one name is no tuple)."""
    if len(names) == 1:
        name = names[0]
        return lambda values: (values[name],)
    return itemgetter(*names)


def wounds_hash(form: Any) -> int:
    """:func:`cached_hash` for :class:`Wounds`: each row hashed by its counts in
    ``LOCATIONS`` order (equal rows, equal counts) instead of ``FrozenMap``'s frozenset of
    items; every blow of a whole fight's law builds and hashes new wound rows."""
    h = getattr(form, _HASH, None)
    if h is not None:
        return h  # type: ignore[no-any-return]
    h = hash(wound_counts(form))
    object.__setattr__(form, _HASH, h)
    return h


def wound_counts(form: Any) -> tuple[tuple[int | None, ...], ...]:
    """The tuple :func:`wounds_hash` hashes: each row's counts in ``LOCATIONS`` order
    (``None`` where a row lacks the location), computed once per form (a copy made by
    :meth:`Wounds.add` is given its own, derived from its source's)."""
    values = form.__dict__
    rows = values.get(_ROWS)
    if rows is None:
        try:  # every row lists every location (``Wounds.__post_init__``): counts in C
            rows = tuple([_COUNTS(values[name]) for name in _WOUND_ROWS])
        except KeyError:  # a row built without some location (``evolve``): ``None`` there
            rows = tuple(tuple(map(values[name].get, LOCATIONS)) for name in _WOUND_ROWS)
        object.__setattr__(form, _ROWS, rows)
    return rows  # type: ignore[no-any-return]


#: A wound row's counts in ``LOCATIONS`` order (:func:`wounds_hash`).
_COUNTS = itemgetter(*LOCATIONS)


def state_without_hash(form: Any) -> dict[str, Any]:
    """Pickle and copy state of a form with :func:`cached_hash`: its fields only."""
    state = dict(form.__dict__)
    state.pop(_HASH, None)
    state.pop(_ROWS, None)
    return state


_LIMB_LABELS = {loc: LOCATION_LABELS[loc] for loc in LIMB_LOCATIONS}


@memo
def _bleeding_rows(light: frozenset[str], serious: frozenset[str]) -> tuple[tuple[str, str], ...]:
    """:attr:`Conditions.bleeding`'s rows, in its order (the light ones in body order, then
    the serious ones): computed once per pair of sets, a simulated fight reads them at
    every bleeding tick of every new form."""
    out = {loc: "light" for loc in LOCATIONS if loc in light}
    out.update({loc: "serious" for loc in LOCATIONS if loc in serious})
    return tuple(out.items())


_validate = fields.validator(AowFieldRangeError)


# --------------------------------------------------------------------------- gear
@dataclass(frozen=True)
class ArmorPiece:
    """§3.4 A piece of armour: RD for each stretch it covers, and its Integridad."""

    name: str = fields.text_field(
        "Pieza de armadura",
        label=fields.label("Pieza", gloss="armour piece"),
        help=("Nombre de la pieza; solo es una etiqueta.", "Name of the piece; a label only."),
    )
    rd_by_location: Mapping[str, int] = fields.int_map_field(
        LOCATION_LABELS,
        0,
        20,
        label=fields.label("RD de su tramo", gloss="damage reduction per location"),
        help=(
            "RD (Reducción de Daño) que da en cada ubicación; 0 = no la cubre.",
            "RD (damage reduction) it gives at each location; 0 = does not cover it.",
        ),
        rule="§3.4",
    )
    integrity: int = fields.int_field(
        10,
        0,
        99,
        label=fields.label("Integridad", gloss="durability"),
        help=(
            "Con 0 está rota y da RD 0. Valor inicial provisional (10). Regla provisional.",
            "At 0 it is broken and gives RD 0. Starting value provisional (10). Provisional rule.",
        ),
        rule="§4.22",
    )

    __hash__ = cached_hash
    __getstate__ = state_without_hash

    def __post_init__(self) -> None:
        _validate(self)

    def rd(self, location: str) -> int:
        """RD at ``location``: 0 if the piece does not cover it or is broken (§4.12, §4.22)."""
        return 0 if self.integrity <= 0 else self.rd_by_location.get(location, 0)

    def covers(self, location: str) -> bool:
        return self.rd_by_location.get(location, 0) > 0


@dataclass(frozen=True)
class Shield:
    """§3.4 A shield: the NdP its GdC gives to Interceptar, its RD and its Integridad."""

    name: str = fields.text_field(
        "Escudo mediano",
        label=fields.label("Escudo", gloss="shield"),
        help=("Nombre del escudo; solo es una etiqueta.", "Name of the shield; a label only."),
    )
    gdc_ndp: int = fields.int_field(
        3,
        0,
        5,
        label=fields.label("NdP que da su GdC", gloss="dice added to Interceptar"),
        help=(
            "«El escudo suma a la tirada los NdP que da su GdC» (pequeño +2, mediano +3).",
            "Dice the shield adds to an Interceptar roll (small +2, medium +3).",
        ),
        rule="§4.5",
    )
    rd: int = fields.int_field(
        4,
        0,
        20,
        label=fields.label("RD del escudo", gloss="shield damage reduction"),
        help=(
            "Daño que absorbe al interceptar; lo que sobra llega al brazo.",
            "Damage it absorbs when intercepting; the excess reaches the arm.",
        ),
        rule="§4.9",
    )
    integrity: int = fields.int_field(
        10,
        0,
        99,
        label=fields.label("Integridad", gloss="durability"),
        help=(
            "Con 0 está roto y no puede interceptar. Valor inicial provisional (10). Regla "
            "provisional.",
            "At 0 it is broken and cannot intercept. Starting value provisional (10). "
            "Provisional rule.",
        ),
        rule="§4.22",
    )

    __hash__ = cached_hash
    __getstate__ = state_without_hash

    def __post_init__(self) -> None:
        _validate(self)


_DAMAGE_LABEL = ("Dado de daño", "Dado de daño (damage dice)")


@dataclass(frozen=True)
class Weapon:
    """§3.3 A weapon (also the form of ``Combatant.parry_object``)."""

    name: str = fields.text_field(
        "Espada larga de acero",
        label=fields.label("Arma", gloss="weapon"),
        help=("Nombre del arma; solo es una etiqueta.", "Name of the weapon; a label only."),
    )
    skill: str = fields.choice_field(
        "melee",
        {k: SKILL_LABELS[k] for k in ("melee", "ranged", "brawl")},
        label=fields.label("Habilidad de ataque", gloss="attack skill"),
        help=("Habilidad que se tira para atacar.", "Skill rolled to attack."),
        rule="§4.4",
    )
    damage: str = fields.dice_field(
        "3d6",
        label=_DAMAGE_LABEL,
        help=(
            "NdS, p. ej. 3d6: se tira en cada golpe (N de 1 a 20; S = 2, 3, 4, 6, 8, 10, 12 o 20).",
            "NdS, e.g. 3d6, rolled on every hit (N 1 to 20; S = 2, 3, 4, 6, 8, 10, 12 or 20).",
        ),
        rule="§4.12",
    )
    damage_type: str = fields.choice_field(
        "cutting",
        DAMAGE_TYPE_LABELS,
        label=fields.label("Tipo de daño", gloss="damage type"),
        help=(
            "Tipo principal: decide qué estados puede provocar la herida.",
            "Main type: decides which states the wound can cause.",
        ),
        rule="§4.15",
    )
    other_damage_types: frozenset = fields.multichoice_field(
        DAMAGE_TYPE_LABELS,
        label=fields.label("Otros tipos de daño", gloss="other damage types"),
        help=(
            "Tipos que también puede infligir (un hacha corta, pero aplasta con el reverso).",
            "Further types it can deal (an axe cuts, but crushes with its back).",
        ),
        rule="§4.15",
    )
    integrity: int = fields.int_field(
        10,
        0,
        99,
        label=fields.label("Integridad", gloss="durability"),
        help=(
            "Con 0 está rota: no ataca ni intercepta. Valor inicial provisional (10). Regla "
            "provisional.",
            "At 0 it is broken: cannot attack or intercept. Starting value provisional (10). "
            "Provisional rule.",
        ),
        rule="§4.22",
    )
    non_lethal: bool = fields.flag_field(
        False,
        label=fields.label("No letal", gloss="non-lethal"),
        help=(
            "Deja Inconsciente en vez de matar: la herida no pasa de grave.",
            "Knocks out instead of killing: the wound is at most serious.",
        ),
        rule="§4.15",
    )
    reload: int = fields.int_field(
        0,
        0,
        3,
        label=fields.label("Recarga N", gloss="reload actions"),
        help=(
            "Acciones que cuesta recargar (0 = no recarga).",
            "Actions a reload costs (0 = none).",
        ),
        rule="§4.20",
    )
    magazine: int = fields.int_field(
        1,
        1,
        99,
        label=fields.label("Cargador", gloss="shots per reload"),
        help=(
            "Disparos por recarga, si el arma tiene Recarga N (interpretación).",
            "Shots per reload, when the weapon has Recarga N (interpretation).",
        ),
        rule="§4.20",
        advanced=True,
    )
    loaded: int | None = fields.int_field(
        None,
        0,
        99,
        optional=True,
        label=fields.label("Cargado", gloss="shots loaded"),
        help=(
            "Disparos que quedan en el cargador; vacío = lleno. Con 0 hay que Recargar.",
            "Shots left in the weapon; empty = full. At 0 it must be reloaded.",
        ),
        rule="§4.20",
        advanced=True,
    )
    ammunition: int | None = fields.int_field(
        None,
        0,
        999,
        optional=True,
        label=fields.label("Munición", gloss="ammunition carried"),
        help=(
            "Munición que lleva encima; cada ataque a distancia gasta una (o la recarga la "
            "usa). «Sin munición no hay recarga». Vacío = no se cuenta.",
            "Ammunition carried; each ranged attack spends one (or the reload uses it). "
            "«Sin munición no hay recarga» (no ammunition, no reload). Empty = not counted.",
        ),
        rule="§4.20",
    )
    range_m: int | None = fields.int_field(
        None,
        1,
        5000,
        optional=True,
        label=("Alcance (m)", "Alcance (range, metres)"),
        help=("Solo informativo; vacío = cuerpo a cuerpo.", "Informational; empty = melee."),
    )
    properties: str = fields.text_field(
        "",
        label=fields.label("Propiedades", gloss="weapon properties"),
        help=(
            "Etiquetas libres (p. ej. Aplastante); sin efecto en estas reglas.",
            "Free tags (e.g. Aplastante); no effect in these rules.",
        ),
    )
    serious_min: int | None = fields.int_field(
        None,
        1,
        50,
        optional=True,
        label=("Daño para grave (arma)", "Daño para grave (weapon's serious-wound damage)"),
        help=(
            "Si se da, sustituye la tabla de heridas para esta arma; vacío = la de las opciones.",
            "If given, replaces the wound table for this weapon; empty = the options' table.",
        ),
        rule="T6",
        advanced=True,
    )
    lethal_min: int | None = fields.int_field(
        None,
        2,
        60,
        optional=True,
        label=("Daño para letal (arma)", "Daño para letal (weapon's lethal-wound damage)"),
        help=(
            "Si se da, sustituye la tabla de heridas para esta arma; vacío = la de las opciones.",
            "If given, replaces the wound table for this weapon; empty = the options' table.",
        ),
        rule="T6",
        advanced=True,
    )

    __hash__ = cached_hash
    __getstate__ = state_without_hash

    def __post_init__(self) -> None:
        _validate(self)
        terms = parse(self.damage).terms
        t = terms[0]
        if (
            len(terms) != 1
            or not t.is_dice
            or t.sign < 0
            or not 1 <= t.count <= 20
            or (t.sides not in DIE_SIDES)
        ):
            allowed = "NdS with N 1 to 20 and S in 2, 3, 4, 6, 8, 10, 12, 20"
            raise input_error(
                "damage",
                en=f"{_DAMAGE_LABEL[1]} must be {allowed} (got {shown(self.damage)})",
                es=(
                    f"{_DAMAGE_LABEL[0]} debe ser NdS con N de 1 a 20 y S en 2, 3, 4, 6, 8, 10, "
                    f"12, 20 (recibido {shown(self.damage)})"
                ),
                allowed=allowed,
                got=self.damage,
                cls=AowFieldRangeError,
            )
        if (self.serious_min is None) != (self.lethal_min is None) or (
            self.serious_min is not None and self.lethal_min <= self.serious_min  # type: ignore[operator]
        ):
            raise input_error(
                "lethal_min",
                en=(
                    "Daño para letal (weapon's lethal-wound damage) must be empty together with the "
                    f"serious one, or above it (got {shown(self.lethal_min)})"
                ),
                es=(
                    "Daño para letal (arma) debe ser vacío junto con el de grave, o mayor que él "
                    f"(recibido {shown(self.lethal_min)})"
                ),
                allowed="empty together with the serious one, or above it",
                got=self.lethal_min,
                cls=AowFieldRangeError,
            )

        if self.loaded is not None and self.loaded > self.magazine:
            raise input_error(
                "loaded",
                en=(
                    f"Cargado (shots loaded) must be from 0 to {self.magazine} "
                    f"(got {shown(self.loaded)})"
                ),
                es=f"Cargado debe ser de 0 a {self.magazine} (recibido {shown(self.loaded)})",
                allowed=f"from 0 to {self.magazine}",
                got=self.loaded,
                cls=AowFieldRangeError,
            )

    @property
    def loaded_now(self) -> int:
        """§4.20 shots in the weapon now (a full ``magazine`` when ``loaded`` is empty)."""
        return self.magazine if self.loaded is None else self.loaded

    @property
    def damage_types(self) -> tuple[str, ...]:
        """§3.3 the types it can deal: the main one first."""
        if not self.other_damage_types:
            return (self.damage_type,)
        others = tuple(
            t for t in DAMAGE_TYPES if t in self.other_damage_types and t != self.damage_type
        )
        return (self.damage_type, *others)

    @property
    def dice(self) -> tuple[int, int]:
        """``(N, S)`` of the damage dice."""
        t = parse(self.damage).terms[0]
        return t.count, t.sides

    @property
    def wound_thresholds(self) -> tuple[int, int] | None:
        if self.serious_min is None or self.lethal_min is None:
            return None
        return (self.serious_min, self.lethal_min)


# --------------------------------------------------------------------------- wounds
@dataclass(frozen=True)
class WoundMark:
    """§3.1 One filled box: its severity and the damage type of the hit."""

    severity: str
    damage_type: str


def _count_map(label: tuple[str, str], help: tuple[str, str], hi: int) -> Any:
    return fields.int_map_field(LOCATION_LABELS, 0, hi, label=label, help=help, rule="§4.14")


_WOUND_ROWS = ("light", "serious_blunt", "serious_sharp", "serious_other", "lethal")


@dataclass(frozen=True)
class Wounds:
    """§3.1 ``wounds``: the filled boxes, counted per location and severity.

    Serious marks are kept by damage type because Fracturado (two blunt) and Hemorragia (two
    cutting or piercing) count them (§4.15). The boxes a location has come from T3.
    """

    light: Mapping[str, int] = _count_map(
        ("Casillas leves marcadas", "Casillas leves marcadas (light boxes filled)"),
        ("Heridas leves que ya tiene cada ubicación.", "Light wounds each location already has."),
        6,
    )
    serious_blunt: Mapping[str, int] = _count_map(
        ("Graves contundentes", "Graves contundentes (serious boxes, blunt)"),
        (
            "Casillas graves marcadas por daño contundente (dos en un miembro: Fracturado).",
            "Serious boxes filled by blunt damage (two in a limb: Fracturado).",
        ),
        6,
    )
    serious_sharp: Mapping[str, int] = _count_map(
        ("Graves cortantes o perforantes", "Graves cortantes o perforantes (serious, sharp)"),
        (
            "Casillas graves marcadas por daño cortante o perforante (dos: Hemorragia).",
            "Serious boxes filled by cutting or piercing damage (two: Hemorragia).",
        ),
        6,
    )
    serious_other: Mapping[str, int] = _count_map(
        ("Graves de fuego o hemorragia", "Graves de fuego o hemorragia (serious, fire/bleed)"),
        (
            "Casillas graves marcadas por fuego o por una Hemorragia.",
            "Serious boxes filled by fire or by bleeding.",
        ),
        6,
    )
    lethal: Mapping[str, int] = _count_map(
        ("Casilla letal marcada", "Casilla letal marcada (lethal box filled)"),
        (
            "1 si la casilla letal de la ubicación está marcada (cada ubicación tiene una).",
            "1 if the location's single lethal box is filled.",
        ),
        1,
    )

    def __post_init__(self) -> None:
        _validate(self)
        # Canonical: every location listed (missing = 0), so equal marks compare equal
        # whichever way the form was built (whole-fight odds merge states by ``==``).
        for name in _WOUND_ROWS:
            row = getattr(self, name)
            if len(row) != len(LOCATIONS) or list(row) != list(LOCATIONS):
                full = fields.FrozenMap({loc: row.get(loc, 0) for loc in LOCATIONS})
                object.__setattr__(self, name, full)

    __hash__ = wounds_hash
    __getstate__ = state_without_hash

    def count(self, location: str, severity: str) -> int:
        if severity == "light":
            return self.light.get(location, 0)
        if severity == "lethal":
            return self.lethal.get(location, 0)
        return (
            self.serious_blunt.get(location, 0)
            + self.serious_sharp.get(location, 0)
            + self.serious_other.get(location, 0)
        )

    def marks(self, location: str) -> tuple[WoundMark, ...]:
        """The location's marks (light marks' type is not tracked: ``"any"``)."""
        out = [WoundMark("light", "any")] * self.light.get(location, 0)
        out += [WoundMark("serious", "blunt")] * self.serious_blunt.get(location, 0)
        out += [WoundMark("serious", "sharp")] * self.serious_sharp.get(location, 0)
        out += [WoundMark("serious", "other")] * self.serious_other.get(location, 0)
        out += [WoundMark("lethal", "any")] * self.lethal.get(location, 0)
        return tuple(out)

    def add(self, location: str, severity: str, damage_type: str) -> Wounds:
        """A copy with one more mark of ``severity`` at ``location``."""
        if severity == "light":
            name = "light"
        elif severity == "lethal":
            name = "lethal"
        elif damage_type == "blunt":
            name = "serious_blunt"
        elif damage_type in ("cutting", "piercing"):
            name = "serious_sharp"
        else:
            name = "serious_other"
        old = getattr(self, name)
        row = fields.FrozenMap({**old, location: old.get(location, 0) + 1})
        if location in old and row[location] <= _ROW_MAX[name]:
            new = evolve(self, **{name: row})  # in range by the check above
            rows = self.__dict__.get(_ROWS)
            if rows is not None:  # the source's counts with the one count changed
                i, j = _ROW_INDEX[name], _LOCATION_INDEX[location]
                r = rows[i]
                changed = r[:j] + (row[location],) + r[j + 1 :]
                object.__setattr__(new, _ROWS, rows[:i] + (changed,) + rows[i + 1 :])
            return new
        return dataclasses.replace(self, **{name: row})  # validates: names the bad field


#: Where a row, and a location in a row, sit in :func:`wound_counts`.
_ROW_INDEX = {name: i for i, name in enumerate(_WOUND_ROWS)}
_LOCATION_INDEX = {loc: j for j, loc in enumerate(LOCATIONS)}
#: The largest count each row of ``Wounds`` allows (its field's range).
_ROW_MAX = {f.name: getattr(fields.spec_of(f), "max", 0) for f in dataclasses.fields(Wounds)}


def wounds_from_marks(marks: Mapping[str, tuple[WoundMark, ...]]) -> Wounds:
    """The spec's ``wounds`` mapping (location → marks) as a :class:`Wounds` form."""
    w = Wounds()
    for loc, ms in marks.items():
        for m in ms:
            w = w.add(loc, m.severity, m.damage_type)
    return w


# --------------------------------------------------------------------------- conditions
def _locs(
    labels: Mapping[str, tuple[str, str]], label: tuple[str, str], help: tuple[str, str]
) -> Any:
    return fields.multichoice_field(labels, label=label, help=help, rule="§4.15")


@dataclass(frozen=True)
class Conditions:
    """§3.2 The character's states."""

    bruised: bool = fields.flag_field(
        label=fields.label("Contusionado", gloss="concussed"),
        help=("Desventaja en tiradas rápidas.", "Desventaja (disadvantage) on quick rolls."),
        rule="§4.15",
    )
    fractured: frozenset = _locs(
        _LIMB_LABELS,
        ("Fracturado", "Fracturado (fractured)"),
        (
            "Miembros que no puede mover; 2 ▽ en tiradas rápidas.",
            "Limbs it cannot move; 2 ▽ on quick rolls.",
        ),
    )
    bleeding_light: frozenset = _locs(
        LOCATION_LABELS,
        ("Hemorragia Leve", "Hemorragia Leve (light bleeding)"),
        (
            "Una herida leve por turno en cada ubicación marcada.",
            "One light wound per turn at each.",
        ),
    )
    bleeding_serious: frozenset = _locs(
        LOCATION_LABELS,
        ("Hemorragia Grave", "Hemorragia Grave (serious bleeding)"),
        (
            "Una herida grave por turno en cada ubicación marcada.",
            "One serious wound per turn at each.",
        ),
    )
    dismembered: frozenset = _locs(
        _LIMB_LABELS,
        ("Desmembrado", "Desmembrado (limb lost)"),
        ("Partes perdidas: no se pueden usar ni golpear.", "Lost parts: cannot be used or hit."),
    )
    first_serious_effects: frozenset = _locs(
        _LIMB_LABELS,
        ("Efecto de primera herida grave", "Efecto de primera herida grave (first-serious effect)"),
        (
            "Miembros cuyo efecto de primera herida grave está activo (se aplica una vez).",
            "Limbs whose first-serious-wound effect is active (applies once).",
        ),
    )
    unconscious: bool = fields.flag_field(
        label=fields.label("Inconsciente", gloss="unconscious"),
        help=("No puede declarar acciones ni defenderse.", "Cannot declare actions or defend."),
        rule="§4.15",
    )
    dying: bool = fields.flag_field(
        label=fields.label("Moribundo", gloss="dying"),
        help=(
            "Regla opcional: Inconsciente y tira Fortitud cada turno; a la tercera falla, muere.",
            "Optional rule: unconscious, rolls Fortitud each turn; the third failure kills.",
        ),
        rule="§4.17",
    )
    dying_failures: int = fields.int_field(
        0,
        0,
        2,
        label=fields.label("Tiradas falladas", gloss="failed stabilisation rolls"),
        help=("Fallos de estabilización hasta ahora.", "Failed stabilisation rolls so far."),
        rule="§4.17",
    )
    stabilised: bool = fields.flag_field(
        label=fields.label("Estabilizado", gloss="stabilised"),
        help=("Estuvo Moribundo y ya está estable.", "Was dying and is now stable."),
        rule="§4.17",
    )
    dead: bool = fields.flag_field(
        label=fields.label("Muerto", gloss="dead"),
        help=("El personaje ha muerto.", "The character is dead."),
        rule="§4.17",
    )
    prone: bool = fields.flag_field(
        label=fields.label("Derribado", gloss="prone"),
        help=(
            "En el suelo (primera herida grave en una Pierna): 1 ▽ en tiradas rápidas y no "
            "puede Correr hasta levantarse con su acción de movimiento. Regla provisional.",
            "On the ground (first serious wound in a Pierna): 1 ▽ on quick rolls and cannot "
            "Correr until it stands up with its movement action. Provisional rule.",
        ),
        rule="T5",
    )
    weapon_dropped: bool = fields.flag_field(
        label=fields.label("Arma soltada", gloss="weapon dropped"),
        help=(
            "Soltó el arma (primera herida grave en el brazo o la mano que la empuña): no "
            "ataca con ella hasta recogerla. Regla provisional.",
            "Dropped its weapon (first serious wound in the arm or hand wielding it): no "
            "attack with it until picked up. Provisional rule.",
        ),
        rule="T5",
    )
    shield_dropped: bool = fields.flag_field(
        label=fields.label("Escudo soltado", gloss="shield dropped"),
        help=(
            "Soltó el escudo (primera herida grave en el brazo o la mano del escudo): no "
            "intercepta con él hasta recogerlo. Regla provisional.",
            "Dropped its shield (first serious wound in the shield arm or hand): no "
            "intercept with it until picked up. Provisional rule.",
        ),
        rule="T5",
    )

    __hash__ = cached_hash
    __getstate__ = state_without_hash

    def __post_init__(self) -> None:
        _validate(self)
        both = self.bleeding_light & self.bleeding_serious
        if both:
            raise input_error(
                "bleeding_serious",
                en=(
                    "Hemorragia Grave (serious bleeding) must be locations without light bleeding "
                    f"(got {shown(sorted(both))})"
                ),
                es=(
                    f"Hemorragia Grave debe ser ubicaciones sin Hemorragia Leve (recibido {shown(sorted(both))})"
                ),
                allowed="locations without light bleeding",
                got=sorted(both),
                cls=AowFieldRangeError,
            )

    @property
    def bleeding(self) -> dict[str, str]:
        """§3.2 ``bleeding``: location → ``"light"`` | ``"serious"``."""
        if not (self.bleeding_light or self.bleeding_serious):
            return {}  # the usual case, read by every wound of the exact laws
        # a new dict each time (callers build on it), from rows computed once per pair
        return dict(_bleeding_rows(self.bleeding_light, self.bleeding_serious))

    @property
    def incapacitated(self) -> bool:
        """Cannot declare actions (§4.3): unconscious, dying or dead."""
        return self.unconscious or self.dying or self.dead


# --------------------------------------------------------------------------- combatant
def _skill(name: str) -> Any:
    es, en = SKILL_LABELS[name]
    return fields.int_field(
        0,
        0,
        10,
        label=(es, en),
        help=(f"NdP de {es} (0 a 10).", f"NdP (rating) of {es}, 0 to 10."),
        rule="§2.1",
    )


def _armor_slot(n: int) -> Any:
    return fields.nested_field(
        ArmorPiece,
        optional=True,
        label=(f"Armadura {n}", f"Armadura {n} (armour piece {n})"),
        help=(
            "Una pieza de armadura; cada ubicación la cubre una pieza como mucho.",
            "One armour piece; each location is covered by at most one piece.",
        ),
        rule="§3.4",
    )


@dataclass(frozen=True)
class Combatant:
    """§3.1 A character (attacker or defender), with gear, wounds and states."""

    name: str = fields.text_field(
        "Combatiente",
        label=fields.label("Nombre", gloss="name"),
        help=("Nombre del personaje.", "Character name."),
    )
    melee: int = _skill("melee")
    ranged: int = _skill("ranged")
    brawl: int = _skill("brawl")
    dodge: int = _skill("dodge")
    intercept: int = _skill("intercept")
    alert: int = _skill("alert")
    act: int = _skill("act")
    run: int = _skill("run")
    aid: int = _skill("aid")
    fortitude: int = _skill("fortitude")
    stealth: int = _skill("stealth")
    hide: int = _skill("hide")
    vitality: int = _skill("vitality")
    prana: int | None = fields.int_field(
        None,
        0,
        28,
        optional=True,
        label=fields.label("Prana", gloss="magic pool"),
        help=(
            "Prana actual, hasta 8 + 2 × Vitalidad; vacío = el máximo. Informativo.",
            "Current Prana, up to 8 + 2 × Vitalidad; empty = the maximum. Informational.",
        ),
        rule="§4.23",
    )
    armor_1: ArmorPiece | None = _armor_slot(1)
    armor_2: ArmorPiece | None = _armor_slot(2)
    armor_3: ArmorPiece | None = _armor_slot(3)
    shield: Shield | None = fields.nested_field(
        Shield,
        optional=True,
        label=fields.label("Escudo", gloss="shield"),
        help=("Escudo que lleva; vacío = ninguno.", "Shield carried; empty = none."),
        rule="§3.4",
    )
    shield_arm: str = fields.choice_field(
        "left",
        {"left": ("Izquierdo", "Izquierdo (left)"), "right": ("Derecho", "Derecho (right)")},
        label=fields.label("Brazo del escudo", gloss="shield arm"),
        help=(
            "El brazo que recibe lo que el escudo no absorbe.",
            "The arm that takes what the shield does not absorb.",
        ),
        rule="§4.9",
    )
    weapon_hand: str = fields.choice_field(
        "right",
        {"right": ("Derecha", "Derecha (right)"), "left": ("Izquierda", "Izquierda (left)")},
        label=fields.label("Mano del arma", gloss="weapon hand"),
        help=(
            "La mano que empuña el arma (y el objeto con el que intercepta): perderla, "
            "fracturarla o soltar el arma impide atacar con ella.",
            "The hand wielding the weapon (and the parrying object): losing it, a fracture "
            "or a dropped weapon stops attacks with it.",
        ),
        rule="§4.15",
    )
    parry_object: Weapon | None = fields.nested_field(
        Weapon,
        optional=True,
        label=fields.label("Objeto para interceptar", gloss="parrying weapon or staff"),
        help=(
            "Arma u objeto sin RD con el que desvía golpes; vacío = ninguno.",
            "Weapon or object without RD used to deflect blows; empty = none.",
        ),
        rule="§4.10",
    )
    wounds: Wounds = fields.nested_field(
        Wounds,
        label=fields.label("Casillas de daño", gloss="wound boxes"),
        help=("Las heridas que ya tiene.", "The wounds it already has."),
        rule="§4.14",
    )
    conditions: Conditions = fields.nested_field(
        Conditions,
        label=fields.label("Estados", gloss="conditions"),
        help=("Sus estados actuales.", "Its current states."),
        rule="§3.2",
    )
    defences_this_turn: int = fields.int_field(
        0,
        0,
        20,
        label=fields.label("Defensas sucesivas", gloss="defences already made this turn"),
        help=(
            "Defensas ya hechas este turno: cada una suma 1 ▽ sin tope a la siguiente.",
            "Defences already made this turn: each adds 1 uncapped ▽ to the next.",
        ),
        rule="§4.5",
    )
    feint_pending: bool = fields.flag_field(
        False,
        label=fields.label("Finta recibida", gloss="feinted"),
        help=("Su próxima defensa lleva 1 ▽.", "Its next defence carries 1 ▽."),
        rule="§4.19",
    )
    pending_desgracias: int = fields.int_field(
        0,
        0,
        3,
        label=fields.label("▽ en la próxima acción", gloss="bane dice on next action"),
        help=("P. ej. tras fallar Correr.", "E.g. after a failed Correr roll."),
        rule="§2.3",
    )

    __hash__ = cached_hash  # hashed by the hundred in the exact laws and whole fights
    __getstate__ = state_without_hash

    def __post_init__(self) -> None:
        _validate(self)
        if self.prana is not None and self.prana > prana_max(self.vitality):
            raise input_error(
                "prana",
                en=(
                    f"Prana (magic pool) must be from 0 to {prana_max(self.vitality)} (got {shown(self.prana)})"
                ),
                es=(
                    f"Prana debe ser de 0 a {prana_max(self.vitality)} (recibido {shown(self.prana)})"
                ),
                allowed=f"from 0 to {prana_max(self.vitality)}",
                got=self.prana,
                cls=AowFieldRangeError,
            )
        seen: set[str] = set()
        for slot, piece in (
            ("armor_1", self.armor_1),
            ("armor_2", self.armor_2),
            ("armor_3", self.armor_3),
        ):
            if piece is None:
                continue
            covered = {loc for loc in LOCATIONS if piece.covers(loc)}
            if covered & seen:
                twice = [loc for loc in LOCATIONS if loc in covered & seen]
                es_locs = ", ".join(LOCATION_LABELS[loc][0] for loc in twice)
                en_locs = ", ".join(LOCATION_LABELS[loc][1] for loc in twice)
                raise input_error(
                    slot,
                    en=(
                        f"Armadura {slot[-1]} (armour piece {slot[-1]}) must be at most one piece "
                        f"per location (got a second piece on {en_locs})"
                    ),
                    es=(
                        f"Armadura {slot[-1]} debe ser una pieza por ubicación (recibido una "
                        f"segunda pieza en {es_locs})"
                    ),
                    allowed="at most one piece per location",
                    got=sorted(covered & seen),
                    cls=AowFieldRangeError,
                )
            seen |= covered

    @property
    def skills(self) -> dict[str, int]:
        """§3.1 ``skills``: NdP per skill."""
        return {s: getattr(self, s) for s in SKILLS}

    @property
    def armor(self) -> tuple[ArmorPiece, ...]:
        """§3.1 ``armor``: the pieces worn."""
        return tuple(p for p in (self.armor_1, self.armor_2, self.armor_3) if p is not None)

    def armor_slot(self, location: str) -> str | None:
        """The slot name of the piece covering ``location``, if any."""
        for slot in ("armor_1", "armor_2", "armor_3"):
            piece = getattr(self, slot)
            if piece is not None and piece.covers(location):
                return slot
        return None

    def rd(self, location: str) -> int:
        """§4.12 RD at ``location`` (0 if uncovered or the piece is broken)."""
        slot = self.armor_slot(location)
        return 0 if slot is None else getattr(self, slot).rd(location)

    @property
    def prana_now(self) -> int:
        return prana_max(self.vitality) if self.prana is None else self.prana


Attacker = Defender = Combatant


def combatant(
    name: str,
    skills: Mapping[str, int] | None = None,
    armor: tuple[ArmorPiece, ...] = (),
    **kw: Any,
) -> Combatant:
    """A :class:`Combatant` from the spec's shape: ``skills={...}``, ``armor=(piece, ...)``."""
    skills = dict(skills or {})
    unknown = set(skills) - set(SKILLS)
    if unknown:
        listed = ", ".join(SKILLS)
        raise input_error(
            "skills",
            en=f"Habilidades (skills) must be {listed} (got {shown(sorted(unknown))})",
            es=f"Habilidades debe ser {listed} (recibido {shown(sorted(unknown))})",
            allowed=listed,
            got=sorted(unknown),
            cls=AowFieldRangeError,
        )
    if len(armor) > 3:
        raise input_error(
            "armor",
            en=f"Armadura (armour) must be up to 3 pieces (got {shown(len(armor))})",
            es=f"Armadura debe ser hasta 3 piezas (recibido {shown(len(armor))})",
            allowed="up to 3 pieces",
            got=len(armor),
            cls=AowFieldRangeError,
        )
    values: dict[str, Any] = {**skills, **{f"armor_{i + 1}": p for i, p in enumerate(armor)}}
    return Combatant(name=name, **values, **kw)


# --------------------------------------------------------------------------- modifiers


@dataclass(frozen=True)
class Modifiers:
    """§3.5 The situational choices of one attack."""

    defence: str = fields.choice_field(
        "none",
        DEFENCE_LABELS,
        label=fields.label("Defensa", gloss="defence"),
        help=(
            "Cómo responde el defensor: no defenderse, Esquivar o Interceptar.",
            "How the defender responds: undefended, Esquivar (dodge) or Interceptar (parry).",
        ),
        rule="§4.5",
    )
    aimed_location: str | None = fields.choice_field(
        None,
        LOCATION_LABELS,
        optional=True,
        label=fields.label("Apunta a", gloss="aimed location"),
        help=(
            "Cabeza, mano o pie cuestan 1 ▽; auto (vacío) = sin apuntar.",
            "Head, hand or foot cost 1 ▽; auto (empty) = not aimed.",
        ),
        rule="§2.3",
    )
    attack_number: int = fields.int_field(
        1,
        1,
        2,
        label=fields.label("Ataque del turno", gloss="attack number this turn"),
        help=(
            "Máximo dos ataques; el segundo lleva 1 ▽.",
            "At most two attacks; the second carries 1 ▽.",
        ),
        rule="§4.20",
    )
    cover: str = fields.choice_field(
        "none",
        COVER_LABELS,
        label=fields.label("Cobertura", gloss="target's cover"),
        help=(
            "Cuanto más cubierto esté el objetivo, más ▽ (tabla provisional). Regla provisional.",
            "The more covered the target, the more ▽ (provisional table). Provisional rule.",
        ),
        rule="T2",
    )
    attacker_elevated: bool = fields.flag_field(
        False,
        label=fields.label("Terreno alto", gloss="attacker on higher ground"),
        help=("+1 △ e ignora la cobertura ligera.", "+1 △ and ignores light cover."),
        rule="§4.21",
    )
    blind_fire: bool = fields.flag_field(
        False,
        label=fields.label("Disparo a ciegas", gloss="blind fire"),
        help=(
            "Solo a distancia: 2 ▽ y nunca Adversidad Fácil.",
            "Ranged only: 2 ▽ and never Adversidad Fácil.",
        ),
        rule="§4.21",
    )
    target_visible: bool = fields.flag_field(
        True,
        label=fields.label("Objetivo a la vista", gloss="target seen or located"),
        help=(
            "A la vista o advertido con Alerta; si no, solo disparo a ciegas.",
            "Seen or located with Alerta; otherwise only blind fire.",
        ),
        rule="§4.3",
    )
    damage_type: str | None = fields.choice_field(
        None,
        DAMAGE_TYPE_LABELS,
        optional=True,
        label=fields.label("Tipo de daño declarado", gloss="declared damage type"),
        help=(
            "Con qué golpea, entre los tipos del arma; auto (vacío) = el principal.",
            "What it strikes with, among the weapon's types; auto (empty) = the main one.",
        ),
        rule="§4.15",
    )
    undefended_adversidad: str = fields.choice_field(
        "easy",
        ADVERSIDAD_LABELS,
        label=fields.label("Adversidad si no se defiende", gloss="undefended difficulty"),
        help=(
            "«Será Fácil, pudiendo variar según la situación».",
            "Easy by default; the GM may raise it.",
        ),
        rule="§4.6",
    )
    defence_allowed: bool = fields.flag_field(
        True,
        label=fields.label("El Narrador permite la defensa", gloss="GM allows it"),
        help=(
            "«Una daga no detiene un martillo de guerra»: el Narrador decide.",
            "The GM decides whether that defence is possible.",
        ),
        rule="§4.5",
    )
    extra_gracias_attack: int = fields.int_field(
        0,
        0,
        5,
        label=fields.label("△ del Narrador al ataque", gloss="GM's boon dice, attack"),
        help=("Gracias situacionales del atacante.", "Situational boon dice for the attacker."),
        rule="§2.3",
    )
    extra_desgracias_attack: int = fields.int_field(
        0,
        0,
        5,
        label=fields.label("▽ del Narrador al ataque", gloss="GM's bane dice, attack"),
        help=("Desgracias situacionales del atacante.", "Situational bane dice for the attacker."),
        rule="§2.3",
    )
    extra_gracias_defence: int = fields.int_field(
        0,
        0,
        5,
        label=fields.label("△ del Narrador a la defensa", gloss="GM's boon dice, defence"),
        help=("Gracias situacionales del defensor.", "Situational boon dice for the defender."),
        rule="§2.3",
    )
    extra_desgracias_defence: int = fields.int_field(
        0,
        0,
        5,
        label=fields.label("▽ del Narrador a la defensa", gloss="GM's bane dice, defence"),
        help=("Desgracias situacionales del defensor.", "Situational bane dice for the defender."),
        rule="§2.3",
    )
    dying_rule: bool = fields.flag_field(
        False,
        label=fields.label("Regla opcional Moribundo", gloss="optional dying rule"),
        help=(
            "Una herida letal en cabeza o torso deja Moribundo en vez de muerto.",
            "A lethal head or torso wound leaves the defender dying instead of dead.",
        ),
        rule="§4.17",
    )
    attack_seen: bool = fields.flag_field(
        True,
        label=fields.label("El defensor ve el ataque", gloss="defender sees the attack"),
        help=(
            "O lo advirtió con Alerta; si no, no puede defenderse.",
            "Or noticed it with Alerta; otherwise it cannot defend.",
        ),
        rule="§4.5",
    )
    narrated_location: str | None = fields.choice_field(
        None,
        LOCATION_LABELS,
        optional=True,
        label=fields.label("Donde lo pone la narración", gloss="narrated location"),
        help=(
            "Golpe sin apuntar situado por la narración, sin ▽; auto (vacío) = tirar 1d10.",
            "Unaimed hit placed by the narration, no ▽; auto (empty) = roll 1d10.",
        ),
        rule="§4.11",
    )

    __hash__ = cached_hash
    __getstate__ = state_without_hash

    def __post_init__(self) -> None:
        _validate(self)
