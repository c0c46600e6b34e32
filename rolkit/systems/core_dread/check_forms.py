"""The small forms of Core Dread's checks (§4.1 plain, §4.2 opposed, §4.16 healing)."""

from __future__ import annotations

from dataclasses import dataclass

from rolkit import fields
from rolkit.systems.core_dread.errors import CoreDreadRangeError

__all__ = ["CheckForm", "OpposedCheckForm", "HealingCheckForm"]

_ATTRIBUTE_HELP = (
    "Puntuación del atributo (1–9); los aciertos son los dados de 1 a este valor.",
    "Attribute score (1–9); a die hits when it shows 1 up to this value.",
)
_SKILL_HELP = (
    "Puntos de habilidad o recurso: cada punto relanza un dado fallado.",
    "Skill or resource points: each point rerolls one missed die.",
)
_DIFFICULTY_HELP = (
    "Modificación del atributo: +2 muy fácil … −2 muy difícil (nunca por encima de 9).",
    "Attribute modifier: +2 very easy … −2 very hard (never above 9).",
)


def _attribute(es: str, gloss: str) -> int:
    value: int = fields.int_field(
        4, 1, 9, label=fields.label(es, gloss), help=_ATTRIBUTE_HELP, rule="§1.1"
    )
    return value


def _skill(es: str, gloss: str) -> int:
    value: int = fields.int_field(
        0, 0, 5, label=fields.label(es, gloss), help=_SKILL_HELP, rule="§1.3"
    )
    return value


def _difficulty(es: str, gloss: str) -> int:
    value: int = fields.int_field(
        0, -2, 2, label=fields.label(es, gloss), help=_DIFFICULTY_HELP, rule="§5.2"
    )
    return value


@dataclass(frozen=True)
class CheckForm:
    """§4.1 A plain check: attribute, skill points and difficulty; success is 3 hits."""

    attribute: int = _attribute("Atributo", "attribute")
    skill: int = _skill("Habilidad", "skill")
    difficulty: int = _difficulty("Dificultad", "difficulty")

    def __post_init__(self) -> None:
        fields.validate(self, error_cls=CoreDreadRangeError)


@dataclass(frozen=True)
class OpposedCheckForm:
    """§4.2 An opposed check: each side's attribute, skill and difficulty."""

    attribute: int = _attribute("Atributo", "attribute")
    skill: int = _skill("Habilidad", "skill")
    rival_attribute: int = _attribute("Atributo del rival", "rival's attribute")
    rival_skill: int = _skill("Habilidad del rival", "rival's skill")
    difficulty: int = _difficulty("Dificultad", "difficulty")
    rival_difficulty: int = _difficulty("Dificultad del rival", "rival's difficulty")

    def __post_init__(self) -> None:
        fields.validate(self, error_cls=CoreDreadRangeError)


@dataclass(frozen=True)
class HealingCheckForm:
    """§4.16 A Malherido healing check: the patient's FOR, track and whether it is cared for."""

    fortaleza: int = fields.int_field(
        4,
        1,
        9,
        label=fields.label("Fortaleza", "strength"),
        help=(
            "Fortaleza base; la tirada usa la Fortaleza efectiva (menos la penalización).",
            "Base Fortaleza; the check uses it minus the wound penalty.",
        ),
        rule="§4.16",
    )
    skill: int = _skill("Habilidad", "skill")
    magullado: int = fields.int_field(
        0,
        0,
        3,
        label=fields.label("Magullado", "bruised"),
        help=("Casillas de Magullado marcadas.", "Magullado boxes marked."),
        rule="§4.10",
    )
    lesionado: int = fields.int_field(
        0,
        0,
        3,
        label=fields.label("Lesionado", "injured"),
        help=("Casillas de Lesionado marcadas.", "Lesionado boxes marked."),
        rule="§4.10",
    )
    malherido: int = fields.int_field(
        1,
        1,
        3,
        label=fields.label("Malherido", "badly wounded"),
        help=(
            "Casillas de Malherido marcadas (la tirada es para curar una).",
            "Malherido boxes marked (the check heals one of them).",
        ),
        rule="§4.10",
    )
    cared: bool = fields.flag_field(
        True,
        label=fields.label("Con atención médica", "with medical care"),
        help=(
            "Con atención: una vez al día, un éxito convierte un Malherido en Lesionado. "
            "Sin ella: cada 10 minutos, un fallo añade un Malherido.",
            "With care: once a day a success turns a Malherido into a Lesionado. Without: "
            "every 10 minutes a failure adds a Malherido.",
        ),
        rule="§4.16",
    )

    def __post_init__(self) -> None:
        fields.validate(self, error_cls=CoreDreadRangeError)

    @property
    def track(self) -> tuple[int, int, int]:
        return (self.magullado, self.lesionado, self.malherido)
