"""The forms of the NSd20 checks (``SYSTEM.checks``), declared through :mod:`rolkit.fields`:
one per procedure (P1, P2, P3, P12, P9, P15, §1.5 and the saving throws of §1.1)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rolkit import fields
from rolkit.errors import input_error
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
    "ComparativeForm",
    "SaveForm",
    "FirstAidForm",
    "ActionPointForm",
    "COMPARATIVE_MEASURES",
    "SAVE_KINDS",
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
        help=("Solo en tu propio turno.", "On your own turn only."),
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


#: §1.5 What a comparative check compares, and the unit its two numbers are in.
COMPARATIVE_MEASURES = {
    "score": ("Puntuación (característica o habilidad)", "Puntuación (a score)"),
    "carry": ("Capacidad de carga (kg)", "Capacidad de carga (carrying capacity, kg)"),
    "speed": ("Velocidad de movimiento (m)", "Velocidad de movimiento (speed, m)"),
    "jump": ("Salto horizontal (cm)", "Salto horizontal (horizontal jump, cm)"),
}


def _effort_flag(side: str) -> Any:
    return fields.flag_field(
        label=fields.label(f"Esfuerzo extra de {side}", f"{side}'s extra effort"),
        help=(
            "Puntuación +5, carga ×2, velocidad +3 m o salto +1 m (según lo que se compara); "
            "fatiga al asalto siguiente.",
            "Score +5, carry ×2, speed +3 m or jump +1 m (by what is compared); fatigue at "
            "the next round.",
        ),
        rule="§1.5, T3 [seed]",
    )


def _compared(side: str) -> Any:
    return _int(
        10,
        0,
        100_000,
        f"Valor de {side}",
        f"{side}'s value",
        "En la unidad de lo que se compara (puntos, kg, m o cm).",
        "In the unit of what is compared (points, kg, m or cm).",
        "§1.5",
    )


@dataclass(frozen=True)
class ComparativeForm:
    """§1.5 Prueba comparativa: no roll, the higher value wins; an Esfuerzo extra (T3)
    raises a side's value for the comparison."""

    measure: str = fields.choice_field(
        "score",
        COMPARATIVE_MEASURES,
        label=fields.label("Qué se compara", "what is compared"),
        help=(
            "Un pulso compara la Fuerza; una carrera, la velocidad.",
            "Arm-wrestling compares Fuerza; a race, speed.",
        ),
        rule="§1.5 [seed]",
    )
    value_a: int = _compared("A")
    value_b: int = _compared("B")
    effort_a: bool = _effort_flag("A")
    effort_b: bool = _effort_flag("B")

    def __post_init__(self) -> None:
        _validate(self)


#: §1.1 The three saving throws («Pruebas de salvación») and the total each adds.
SAVE_KINDS = {
    "fortaleza": ("Fortaleza", "Fortaleza (fortitude)"),
    "reflejos": ("Reflejos", "Reflejos (reflexes)"),
    "voluntad": ("Voluntad", "Voluntad (will)"),
}
#: T3 What an Esfuerzo extra can do for a save: nothing, +5, or one more Will save.
SAVE_EFFORTS = {
    "none": ("Sin Esfuerzo extra", "Sin Esfuerzo extra (no extra effort)"),
    "check_bonus": ("Bonificador a una prueba (+5)", "Bonificador a una prueba (+5 to the roll)"),
    "will_save": (
        "Fuerza de Voluntad (otra salvación)",
        "Fuerza de Voluntad (one more Will save)",
    ),
}


@dataclass(frozen=True)
class SaveForm:
    """§1.1 A saving throw: d20 + Fortaleza, Reflejos or Voluntad total against a CD; an
    Esfuerzo extra gives +5 or, on Voluntad, a second save (T3)."""

    save: str = fields.choice_field(
        "voluntad",
        SAVE_KINDS,
        label=fields.label("Salvación", "saving throw"),
        help=("Qué bonificación total se suma.", "Which total bonus is added."),
        rule="§1.1 [seed]",
    )
    total: int = _int(
        0,
        -20,
        40,
        "Bonificación total",
        "save bonus",
        "Bonificación + modificador de característica + otros.",
        "Bonus + ability modifier + other.",
        "§2.1",
    )
    cd: int = _int(
        15,
        0,
        60,
        "Clase de Dificultad",
        "difficulty class",
        "La que fija el efecto.",
        "The one the effect sets.",
        "§1.1",
    )
    effort: str = fields.choice_field(
        "none",
        SAVE_EFFORTS,
        label=fields.label("Esfuerzo extra", "extra effort"),
        help=(
            "+5 a la tirada, u otra salvación de Voluntad si la primera falla (solo "
            "Voluntad, contra un efecto que la permita).",
            "+5 on the roll, or one more Will save if the first fails (Voluntad only, "
            "against an effect that allows one).",
        ),
        rule="T3, P11 [seed]",
    )

    def __post_init__(self) -> None:
        _validate(self)
        if self.effort == "will_save" and self.save != "voluntad":
            raise input_error(
                "effort",
                en="Esfuerzo extra: Fuerza de Voluntad (extra effort: one more save) gives a "
                f"Voluntad (will) save only (got {SAVE_KINDS[self.save][1]})",
                es="Esfuerzo extra: la Fuerza de Voluntad solo da otra salvación de Voluntad "
                f"(recibido {SAVE_KINDS[self.save][0]})",
                allowed="voluntad",
                got=self.save,
                cls=NSd20InputError,
            )


@dataclass(frozen=True)
class FirstAidForm:
    """Primeros auxilios [SRD-assumed, the d20 SRD's first aid]: d20 + Medicina + SAB
    against CD 15; success stabilises a Moribundo."""

    modifier: int = _int(
        0,
        -20,
        40,
        "Modificador de Medicina",
        "first-aid modifier",
        "Medicina + modificador de SAB del que atiende.",
        "The helper's Medicina (first-aid skill) + SAB (wisdom) modifier.",
        "Primeros auxilios [SRD-assumed]",
    )
    cd: int = _int(
        15,
        0,
        60,
        "Clase de Dificultad",
        "difficulty class",
        "15 en el d20 SRD (regla supuesta).",
        "15 in the d20 SRD (assumed rule).",
        "Primeros auxilios [SRD-assumed]",
    )

    def __post_init__(self) -> None:
        _validate(self)


@dataclass(frozen=True)
class ActionPointForm:
    """P11 A Punto de Acción spent on this turn's Esfuerzo extra: no roll, no fatigue."""

    action_points: int = _int(
        1,
        1,
        99,
        "Puntos de Acción",
        "action points",
        "Los que le quedan antes de gastar uno.",
        "Those left before one is spent.",
        "P11 [seed]",
    )

    def __post_init__(self) -> None:
        _validate(self)
