"""The forms of the NSd20 checks (``SYSTEM.checks``), declared through :mod:`rolkit.fields`:
one per procedure (P1, P2, P3, P12, P9, P15)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rolkit import fields
from rolkit.systems.nsd20.errors import NSd20InputError
from rolkit.systems.nsd20.rules.check import EFFORT_CHECK_BONUS
from rolkit.systems.nsd20.tables import IMPROVISED_TOOLS

__all__ = [
    "CDCheckForm",
    "OpposedForm",
    "TakeForm",
    "ConcentrationForm",
    "MassiveDamageForm",
    "RecoveryForm",
]


_validate = fields.validator(NSd20InputError)


def _int(
    default: int | None,
    lo: int,
    hi: int,
    es: str,
    gloss: str,
    h_es: str,
    h_en: str,
    rule: str = "",
    optional: bool = False,
) -> Any:
    return fields.int_field(
        default,
        lo,
        hi,
        label=fields.label(es, gloss),
        help=(h_es, h_en),
        rule=rule,
        optional=optional,
    )


@dataclass(frozen=True)
class CDCheckForm:
    """P1 A check: d20 + modifier (+ conditions, tools, effort, aid) against a CD."""

    modifier: int = _int(
        0,
        -20,
        40,
        "Modificador",
        "modifier",
        "Característica, bonificación y habilidad del personaje.",
        "The character's ability, bonus and skill.",
        "P1",
    )
    cd: int = _int(
        15,
        0,
        60,
        "Clase de Dificultad",
        "difficulty class",
        "El número que hay que igualar o superar.",
        "The number to equal or beat.",
        "P1 [seed]",
    )
    condition: int = _int(
        0,
        -20,
        20,
        "Modificador condicional",
        "situational modifier",
        "±2 inconveniente, ±4 estorbo, ±6 obstáculo.",
        "±2 nuisance, ±4 hindrance, ±6 obstacle.",
        "T2 [seed]",
    )
    improvised_tools: bool = fields.flag_field(
        label=fields.label("Herramientas improvisadas", "improvised tools"),
        help=("−4 a la prueba.", "−4 on the check."),
        rule="T2 [seed]",
    )
    extra_effort: bool = fields.flag_field(
        label=fields.label("Esfuerzo extra (+5)", "extra effort"),
        help=(
            "+5 a esta prueba; fatiga al asalto siguiente.",
            "+5 on this check; fatigue at the next round.",
        ),
        rule="P11 [seed]",
    )
    helpers: int = _int(
        0,
        0,
        10,
        "Ayudantes",
        "helpers",
        "Cada ayudante tira contra CD 10; cada éxito da +2.",
        "Each helper rolls against CD 10; each success gives +2.",
        "§1.7 [seed]",
    )
    helper_modifier: int = _int(
        0,
        -20,
        40,
        "Modificador de los ayudantes",
        "helpers' modifier",
        "El mismo para todos los ayudantes.",
        "The same for every helper.",
        "§1.7",
    )

    def __post_init__(self) -> None:
        _validate(self)

    @property
    def total_modifier(self) -> int:
        """§1.6 All modifiers add together (G12)."""
        tools = IMPROVISED_TOOLS if self.improvised_tools else 0
        effort = EFFORT_CHECK_BONUS if self.extra_effort else 0
        return self.modifier + self.condition + tools + effort


@dataclass(frozen=True)
class OpposedForm:
    """P2 Two sides roll d20 + modifier; the higher total wins."""

    mod_a: int = _int(
        0,
        -20,
        40,
        "Modificador de A",
        "A's modifier",
        "La prueba del que actúa.",
        "The acting side's check.",
        "P2",
    )
    mod_b: int = _int(
        0,
        -20,
        40,
        "Modificador de B",
        "B's modifier",
        "La prueba del que se opone.",
        "The opposing side's check.",
        "P2",
    )
    ties_allowed: bool = fields.flag_field(
        label=fields.label("Se permite empate", "ties allowed"),
        help=(
            "Como unas tablas en el ajedrez; si no, se vuelve a tirar.",
            "Like a draw at chess; otherwise both reroll.",
        ),
        rule="P2 [seed]",
    )
    score_a: int | None = _int(
        None,
        1,
        30,
        "Característica de A",
        "A's score",
        "Solo para la opción «gana la característica más alta».",
        "Only for the «higher score wins a tie» option.",
        "P2, S10",
        optional=True,
    )
    score_b: int | None = _int(
        None,
        1,
        30,
        "Característica de B",
        "B's score",
        "Solo para la opción «gana la característica más alta».",
        "Only for the «higher score wins a tie» option.",
        "P2, S10",
        optional=True,
    )

    def __post_init__(self) -> None:
        _validate(self)


@dataclass(frozen=True)
class TakeForm:
    """P3 Elegir 10 / Elegir 20: no roll; refused under pressure (and, for 20, when failing
    has consequences)."""

    modifier: int = _int(
        0, -20, 40, "Modificador", "modifier", "El de la prueba.", "The check's modifier.", "P3"
    )
    cd: int = _int(
        15,
        0,
        60,
        "Clase de Dificultad",
        "difficulty class",
        "El número que hay que igualar o superar.",
        "The number to equal or beat.",
        "P3",
    )
    mode: int = fields.choice_field(
        10,
        {10: ("Elegir 10", "Elegir 10 (take 10)"), 20: ("Elegir 20", "Elegir 20 (take 20)")},
        label=fields.label("Elegir", "take"),
        help=("Elegir 20 tarda veinte veces más.", "Taking 20 takes twenty times as long."),
        rule="P3",
    )
    under_pressure: bool = fields.flag_field(
        label=fields.label("Bajo presión", "under pressure"),
        help=("Como en combate: no se puede elegir.", "As in combat: neither may be taken."),
        rule="P3 [seed]",
    )
    distracted: bool = fields.flag_field(
        label=fields.label("Distraído", "distracted"),
        help=("No se puede elegir.", "Neither may be taken."),
        rule="P3 [seed]",
    )
    failure_has_consequences: bool = fields.flag_field(
        label=fields.label("Fallar tiene consecuencias", "failure has consequences"),
        help=(
            "Una alarma, una caída: no se puede elegir 20.",
            "An alarm, a fall: you cannot take 20.",
        ),
        rule="P3 [seed]",
    )
    base_time_rounds: int = _int(
        1,
        1,
        1000,
        "Tiempo normal (asaltos)",
        "normal time, rounds",
        "Lo que tarda la prueba normal.",
        "What the normal check takes.",
        "P3",
    )

    def __post_init__(self) -> None:
        _validate(self)


@dataclass(frozen=True)
class ConcentrationForm:
    """P12 Voluntad save against CD 10 + damage (+5 unstable ground, +5 grappled)."""

    will_total: int = _int(
        0,
        -10,
        30,
        "Voluntad total",
        "will save",
        "Bonificación de Voluntad + mod. de Sabiduría + otros.",
        "Will bonus + Wisdom modifier + other.",
        "P12",
    )
    damage_taken: int = _int(
        0,
        0,
        200,
        "Daño recibido",
        "damage taken",
        "El daño final, tras la RD.",
        "The final damage, after RD.",
        "P12",
    )
    unstable_ground: bool = fields.flag_field(
        label=fields.label("Terreno inestable (+5)", "unstable ground"),
        help=("+5 a la CD.", "+5 to the CD."),
        rule="P12 [seed]",
    )
    grappled: bool = fields.flag_field(
        label=fields.label("Sujeto en una presa (+5)", "grappled"),
        help=("+5 a la CD.", "+5 to the CD."),
        rule="P12 [seed]",
    )
    other: int = _int(
        0,
        -20,
        20,
        "Otros modificadores a la CD",
        "other CD modifiers",
        "Clima riguroso u otras distracciones.",
        "Harsh weather or other distractions.",
        "P12",
    )
    extra_effort: bool = fields.flag_field(
        label=fields.label("Esfuerzo extra (+5)", "extra effort"),
        help=("Solo en tu propio turno (G13).", "On your own turn only (G13)."),
        rule="P12, G13",
    )

    def __post_init__(self) -> None:
        _validate(self)


@dataclass(frozen=True)
class MassiveDamageForm:
    """P9 The Fortaleza save against CD 10 + final damage (table T6)."""

    fortitude_total: int = _int(
        0,
        -10,
        30,
        "Fortaleza total",
        "fortitude save",
        "Bonificación de Fortaleza + mod. de Constitución + otros.",
        "Fortitude bonus + Constitution modifier + other.",
        "P9",
    )
    damage: int = _int(
        10,
        1,
        200,
        "Daño final",
        "final damage",
        "El daño tras la RD que alcanzó el umbral.",
        "The damage after RD that reached the threshold.",
        "P9",
    )

    def __post_init__(self) -> None:
        _validate(self)


@dataclass(frozen=True)
class RecoveryForm:
    """P15 The Fortaleza test of recovery: CD 15 (+1 per earlier failure) or CD 10."""

    fortitude_total: int = _int(
        0,
        -10,
        30,
        "Fortaleza total",
        "fortitude save",
        "Bonificación de Fortaleza + mod. de Constitución + otros.",
        "Fortitude bonus + Constitution modifier + other.",
        "P15",
    )
    condition: str = fields.choice_field(
        "malherido",
        {
            "malherido": ("Malherido (una vez al día)", "Malherido (badly wounded, daily)"),
            "incapacitado": ("Incapacitado (una vez a la semana)", "Incapacitado (weekly)"),
            "inconsciente": ("Inconsciente (cada minuto)", "Inconsciente (each minute)"),
        },
        label=fields.label("Estado", "condition"),
        help=(
            "Malherido e Incapacitado: CD 15; Inconsciente: CD 10.",
            "Malherido and Incapacitado: CD 15; Inconsciente: CD 10.",
        ),
        rule="P15 [NSd20 S6]",
    )
    earlier_failures: int = _int(
        0,
        0,
        20,
        "Fallos anteriores",
        "earlier failures",
        "+1 a la CD por cada fallo anterior (no para Inconsciente).",
        "+1 to the CD per earlier failure (not for Inconsciente).",
        "P15",
    )

    def __post_init__(self) -> None:
        _validate(self)
