"""The forms of the system's own checks (§4.1, §4.2, §4.17): what the checks panel asks."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rolkit import fields
from rolkit.memo import memo
from rolkit.systems.ashes_of_war.errors import AowFieldRangeError
from rolkit.systems.ashes_of_war.tables import ADVERSIDAD_LABELS, SKILL_LABELS

__all__ = [
    "SkillCheckForm",
    "OpposedCheckForm",
    "StabiliseForm",
    "CertainForm",
    "skill_check_form",
    "CERTAIN_FORM",
]

_validate = fields.validator(AowFieldRangeError)


def _dice(label: tuple[str, str], help: tuple[str, str], default: int = 0, hi: int = 10) -> Any:
    return fields.int_field(default, 0, hi, label=label, help=help, rule="§2.3")


_NDP = ("NdP de la habilidad", "NdP de la habilidad (skill dice)")


_GR = ("Gracias △", "Gracias △ (boon dice)")


_DG = ("Desgracias ▽", "Desgracias ▽ (bane dice, before the cap of 3)")


_GR_HELP = ("Dados de Gracia que se suman a la tirada.", "Boon dice added to the roll.")


_DG_HELP = (
    "Desgracias situacionales; se aplica el tope de 3.",
    "Situational bane dice; the cap of 3 applies.",
)


@dataclass(frozen=True)
class SkillCheckForm:
    """§4.1 a roll against an Adversidad."""

    skill: str = fields.choice_field(
        "run",
        SKILL_LABELS,
        label=fields.label("Habilidad", gloss="skill"),
        help=(
            "Qué se tira; Contusionado y Fracturado solo cuentan en tiradas rápidas.",
            "What is rolled; Contusionado and Fracturado count on quick rolls only.",
        ),
    )
    ndp: int = _dice(_NDP, ("NdP del personaje en esa habilidad.", "The character's NdP."), 2)
    adversidad: str = fields.choice_field(
        "intermediate",
        ADVERSIDAD_LABELS,
        label=fields.label("Adversidad", gloss="difficulty"),
        help=("Fácil, Intermedia o Difícil (1, 2 o 3 éxitos).", "Easy, intermediate or hard."),
    )
    gracias: int = _dice(_GR, _GR_HELP, hi=5)
    desgracias: int = _dice(_DG, _DG_HELP)
    bruised: bool = fields.flag_field(
        False,
        label=fields.label("Contusionado", gloss="concussed"),
        help=("Desventaja en tiradas rápidas.", "Desventaja (disadvantage) on quick rolls."),
    )
    fractured: bool = fields.flag_field(
        False,
        label=fields.label("Fracturado", gloss="fractured"),
        help=("2 ▽ en tiradas rápidas.", "2 ▽ on quick rolls."),
    )

    def __post_init__(self) -> None:
        _validate(self)


@dataclass(frozen=True)
class OpposedCheckForm:
    """§4.2 an opposed roll: the active side wins only if it beats the reactive one."""

    active_ndp: int = _dice(
        ("NdP del activo", "NdP del activo (active side's dice)"),
        ("P. ej. Actuar de quien finta.", "E.g. the feinter's Actuar."),
        3,
    )
    active_gracias: int = _dice(("△ del activo", "△ del activo (active boon dice)"), _GR_HELP, hi=5)
    active_desgracias: int = _dice(("▽ del activo", "▽ del activo (active bane dice)"), _DG_HELP)
    reactive_ndp: int = _dice(
        ("NdP del reactivo", "NdP del reactivo (reactive side's dice)"),
        ("P. ej. Alerta del objetivo.", "E.g. the target's Alerta."),
        2,
    )
    reactive_gracias: int = _dice(
        ("△ del reactivo", "△ del reactivo (reactive boon dice)"), _GR_HELP, hi=5
    )
    reactive_desgracias: int = _dice(
        ("▽ del reactivo", "▽ del reactivo (reactive bane dice)"), _DG_HELP
    )

    def __post_init__(self) -> None:
        _validate(self)


@dataclass(frozen=True)
class StabiliseForm:
    """§4.17 a Moribundo's stabilisation rolls (Fortitud vs Difícil, once per turn)."""

    fortitude: int = _dice(
        ("Fortitud", "Fortitud (fortitude)"), ("NdP de Fortitud del Moribundo.", "Fortitud NdP."), 3
    )
    gracias: int = _dice(_GR, _GR_HELP, hi=5)
    desgracias: int = _dice(_DG, _DG_HELP)
    failures: int = fields.int_field(
        0,
        0,
        2,
        label=fields.label("Tiradas ya falladas", gloss="failures so far"),
        help=("A la tercera fallada, muere.", "The third failure kills."),
        rule="§4.17",
    )

    def __post_init__(self) -> None:
        _validate(self)


@dataclass(frozen=True)
class CertainForm:
    """An action of a turn with no roll (standing up, picking up, a step of a reload): the
    seed gives it no check, so it always succeeds; it has nothing to fill in."""

    def __post_init__(self) -> None:
        _validate(self)


#: The one :class:`CertainForm` a fight needs (it has no fields: every one is equal).
CERTAIN_FORM = CertainForm()


@memo
def skill_check_form(
    skill: str, ndp: int, adversidad: str, gracias: int, desgracias: int
) -> SkillCheckForm:
    """The :class:`SkillCheckForm` of a fight's action (§4.1), built and validated once per
    distinct values and shared: a simulated fight asks for one at every turn of every
    new form (the policy weighs Auxiliarse each time), and building and validating a form
    anew cost more than the rest of that refusal. Values from the engine (a counted pool);
    a user's form goes through the class, validated each time."""
    return SkillCheckForm(
        skill=skill, ndp=ndp, adversidad=adversidad, gracias=gracias, desgracias=desgracias
    )
