"""§3 The forms of the P1–P3 checks: a skill check (P1), a characteristic check ×N (P2,
§1.5), an opposition roll (P3, §1.6) and first aid (P13.4, a P1 check)."""

from __future__ import annotations

from dataclasses import dataclass

from rolkit import fields

from ..options import validate_form

__all__ = ["SkillCheckForm", "CharacteristicCheckForm", "ResistanceForm", "FirstAidForm"]

_MODIFIER = fields.int_field(
    0,
    -100,
    100,
    label=fields.label("Modificador", gloss="modifier"),
    help=("Modificador del DJ que se suma al objetivo.", "GM modifier added to the target."),
    rule="P1",
)


@dataclass(frozen=True)
class SkillCheckForm:
    """P1 A skill check: d100 against the skill plus a GM modifier."""

    skill: int = fields.int_field(
        50,
        0,
        500,
        label=fields.label("Habilidad", gloss="skill %"),
        help=("Porcentaje de la habilidad.", "Skill percentage."),
        rule="P1, §1.2",
    )
    modifier: int = _MODIFIER
    impaling: bool = fields.flag_field(
        False,
        label=fields.label("Arma que empala", gloss="impaling weapon attack"),
        help=(
            "Es un ataque con un arma que empala: un crítico con 01 es Empalar.",
            "An attack with an impaling weapon: a critical rolled 01 impales.",
        ),
        rule="§1.4",
    )

    def __post_init__(self) -> None:
        validate_form(self)


@dataclass(frozen=True)
class CharacteristicCheckForm:
    """P2 / §1.5 A characteristic check: d100 against characteristic × N."""

    value: int = fields.int_field(
        11,
        1,
        99,
        label=fields.label("Característica", gloss="characteristic"),
        help=("FUE, CON, DES, POD… del personaje.", "The character's FUE, CON, DES, POD…"),
        rule="§1.5",
    )
    multiplier: int = fields.int_field(
        5,
        1,
        5,
        label=fields.label("Multiplicador", gloss="×N"),
        help=(
            "×5 por defecto; el texto pide ×4, ×3… en ciertos casos (CON×4, FUE×3…).",
            "×5 by default; the text asks for ×4, ×3… in places (CON×4, FUE×3…).",
        ),
        rule="§1.5",
    )
    modifier: int = _MODIFIER

    def __post_init__(self) -> None:
        validate_form(self)


@dataclass(frozen=True)
class ResistanceForm:
    """P3 / §1.6 An opposition roll: the active side's characteristic against a passive
    characteristic or POT (CON vs the POT of a poison, FUE vs a door's FUE)."""

    active: int = fields.int_field(
        12,
        1,
        99,
        label=fields.label("Característica activa", gloss="active characteristic"),
        help=("La del que actúa o se expone (CON contra un veneno).", "The acting side's value."),
        rule="§1.6",
    )
    passive: int = fields.int_field(
        15,
        1,
        99,
        label=fields.label("Pasiva o POT", gloss="passive characteristic or POT"),
        help=("La característica que se opone, o la POT.", "The opposing value, or the POT."),
        rule="§1.6",
    )

    def __post_init__(self) -> None:
        validate_form(self)


@dataclass(frozen=True)
class FirstAidForm:
    """P13.4 First aid: the healer's *Primeros Auxilios* (or *Medicina*) and a GM modifier."""

    skill: int = fields.int_field(
        30,
        0,
        500,
        label=("Primeros Auxilios", "Primeros Auxilios (first aid %)"),
        help=("Habilidad del que cura (o Medicina).", "The healer's skill (or Medicine)."),
        rule="P13.4",
    )
    modifier: int = fields.int_field(
        0,
        -100,
        100,
        label=("Modificador", "Modificador (GM modifier)"),
        help=("Modificador del DJ que se suma.", "GM modifier added to the skill."),
        rule="P1",
    )

    def __post_init__(self) -> None:
        validate_form(self)
