"""The small forms of Core Dread's checks: §4.1 plain, §4.2 opposed, §4.16 healing, §1.7
extended, competitive and prepared actions, §4.14 reload."""

from __future__ import annotations

from dataclasses import dataclass

from rolkit import fields
from rolkit.systems.core_dread.errors import CoreDreadRangeError
from rolkit.systems.core_dread.forms import Weapon
from rolkit.systems.core_dread.rules.wounds import check_track
from rolkit.systems.core_dread.tables import RANGED_LABELS

__all__ = [
    "CheckForm",
    "OpposedCheckForm",
    "HealingCheckForm",
    "ExtendedActionForm",
    "CompetitiveActionForm",
    "PreparedActionForm",
    "ReloadForm",
]

_validate = fields.validator(CoreDreadRangeError)

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
        _validate(self)


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
        _validate(self)


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
    gore_mode: bool = fields.flag_field(
        False,
        label=fields.label("«Gore Mode»", "one box per level"),
        help=(
            "Una casilla por nivel y penalizadores −1/−2/−3.",
            "One box per level and −1/−2/−3 penalties.",
        ),
        rule="§4.17",
        advanced=True,
    )

    def __post_init__(self) -> None:
        _validate(self)
        check_track(self.track, self.gore_mode)

    @property
    def track(self) -> tuple[int, int, int]:
        return (self.magullado, self.lesionado, self.malherido)


# --------------------------------------------------------------------------- §1.7 actions
_SPECTACULAR_CHOICES = {
    "counts_two": ("Cuenta como dos", "Cuenta como dos (counts as two successes)"),
    "completes": ("Termina la acción", "Termina la acción (completes it at once)"),
}
_SPECTACULAR_HELP = (
    "Un éxito espectacular (5 aciertos sin relanzar) «podría traducirse en alcanzar el "
    "objetivo inmediatamente … o contar como dos tiradas exitosas»: elige quien dirige.",
    "A spectacular success (5 hits before rerolls) either completes the action at once or "
    "counts as two successful checks: the GM chooses.",
)


def _needed() -> int:
    value: int = fields.int_field(
        3,
        1,
        10,
        label=fields.label("Tiradas exitosas necesarias", "successes needed"),
        help=(
            "Cuántas tiradas exitosas (3+ aciertos) pide la acción, una por turno.",
            "How many successful checks (3+ hits) the action needs, one per turn.",
        ),
        rule="§1.7",
    )
    return value


def _turns() -> int:
    value: int = fields.int_field(
        5,
        1,
        20,
        label=fields.label("Turnos disponibles", "turns available"),
        help=(
            "Turnos (una tirada cada uno) antes de que se acabe el tiempo.",
            "Turns (one check each) before time runs out.",
        ),
        rule="§1.7",
    )
    return value


def _spectacular() -> str:
    value: str = fields.choice_field(
        "counts_two",
        _SPECTACULAR_CHOICES,
        label=fields.label("Éxito espectacular", "spectacular success"),
        help=_SPECTACULAR_HELP,
        rule="§1.7",
    )
    return value


@dataclass(frozen=True)
class ExtendedActionForm:
    """§1.7 An extended action (*acción extendida*): N successful checks, one per turn,
    within a number of turns; a spectacular success counts two or completes it."""

    attribute: int = _attribute("Atributo", "attribute")
    skill: int = _skill("Habilidad", "skill")
    difficulty: int = _difficulty("Dificultad", "difficulty")
    needed: int = _needed()
    turns: int = _turns()
    spectacular: str = _spectacular()

    def __post_init__(self) -> None:
        _validate(self)


@dataclass(frozen=True)
class CompetitiveActionForm:
    """§1.7 A competitive extended action: both sides roll each turn; the first to reach N
    successful checks wins."""

    attribute: int = _attribute("Atributo", "attribute")
    skill: int = _skill("Habilidad", "skill")
    rival_attribute: int = _attribute("Atributo del rival", "rival's attribute")
    rival_skill: int = _skill("Habilidad del rival", "rival's skill")
    difficulty: int = _difficulty("Dificultad", "difficulty")
    rival_difficulty: int = _difficulty("Dificultad del rival", "rival's difficulty")
    needed: int = _needed()
    turns: int = _turns()
    spectacular: str = _spectacular()

    def __post_init__(self) -> None:
        _validate(self)


@dataclass(frozen=True)
class PreparedActionForm:
    """§1.7 A prepared action (*acción preparada*): the check is made just before its
    trigger; if the trigger does not happen the action is lost."""

    attribute: int = _attribute("Atributo", "attribute")
    skill: int = _skill("Habilidad", "skill")
    difficulty: int = _difficulty("Dificultad", "difficulty")
    triggered: bool = fields.flag_field(
        True,
        label=fields.label("El evento ocurre", "the trigger happens"),
        help=(
            "Si el evento declarado ocurre, la acción se hace justo antes; si no, se pierde "
            "(puede volver a prepararse).",
            "If the declared event happens the action is made just before it; if not, it is "
            "lost (it may be prepared again).",
        ),
        rule="§1.7",
    )

    def __post_init__(self) -> None:
        _validate(self)


# --------------------------------------------------------------------------- §4.14 reload
@dataclass(frozen=True)
class ReloadForm:
    """§4.14 What a reload needs: the firearm's type and whether a spare magazine is at hand."""

    ranged_type: str = fields.choice_field(
        "semiautomatica_revolver",
        dict(RANGED_LABELS),
        label=fields.label("Arma de proyectiles", "firearm type"),
        help=("El tipo fija los ataques por carga.", "The type sets the attacks per reload."),
        rule="§5.5",
    )
    attacks_left: int = fields.int_field(
        0,
        0,
        99,
        label=fields.label("Ataques restantes", "attacks left"),
        help=("Munición antes de recargar.", "Ammunition before reloading."),
        rule="§4.14",
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
    )
    spare_magazine: bool = fields.flag_field(
        True,
        label=fields.label("Cargador de repuesto", "spare magazine"),
        help=(
            "Con cargador de repuesto (o un arco) recargar toma un turno; si no, minutos.",
            "With a spare magazine (or a bow) reloading takes one turn; otherwise minutes.",
        ),
        rule="§4.14",
    )

    def __post_init__(self) -> None:
        _validate(self)
        self.weapon()  # the weapon's own checks (capacity of «otra», attacks ≤ capacity)

    def weapon(self) -> Weapon:
        return Weapon(
            name="",
            category="peligrosa",
            mode="ranged",
            ranged_type=self.ranged_type,
            capacity=self.capacity,
            attacks_left=self.attacks_left,
            spare_magazine=self.spare_magazine,
        )


# --------------------------------------------------------------------------- §4.3 turn actions
@dataclass(frozen=True)
class StandUpForm:
    """§4.12 Getting up from the ground: whether the character is on the ground."""

    prone: bool = fields.flag_field(
        True,
        label=fields.label("En el suelo", "prone"),
        help=(
            "Si está en el suelo; levantarse ocupa el movimiento del turno.",
            "Whether it is on the ground; getting up takes the turn's movement.",
        ),
        rule="§4.3, §4.12",
    )

    def __post_init__(self) -> None:
        _validate(self)


@dataclass(frozen=True)
class CoverForm:
    """§4.14 Taking or leaving cover after moving: whether the character is in cover now."""

    in_cover: bool = fields.flag_field(
        False,
        label=fields.label("A cubierto", "in cover"),
        help=(
            "A cubierto no recibe disparos a distancia pero no puede atacar; entrar o salir "
            "de la cobertura ocupa el movimiento del turno.",
            "In cover it cannot be shot at range but cannot attack; taking or leaving cover "
            "takes the turn's movement.",
        ),
        rule="§4.14",
    )

    def __post_init__(self) -> None:
        _validate(self)


@dataclass(frozen=True)
class AimForm:
    """§4.4 Aiming («Apuntar»): the shooter's Agilidad and Concentración, to show the swap."""

    agilidad: int = _attribute("Agilidad", "agility")
    concentracion: int = _attribute("Concentración", "concentration")

    def __post_init__(self) -> None:
        _validate(self)


# --------------------------------------------------------------------------- §4.15 asphyxia
@dataclass(frozen=True)
class AsphyxiaForm:
    """§4.15 Holding one's breath: Fortaleza, the skill used, and the wounds that lower the
    roll (§4.11: Lesionado −1, Malherido −2 each)."""

    fortaleza: int = fields.int_field(
        4,
        1,
        9,
        label=fields.label("Fortaleza", "strength"),
        help=(
            "Aguanta tantos turnos sin aire como su Fortaleza, más los aciertos de la tirada.",
            "Lasts as many turns without air as its Fortaleza, plus the check's hits.",
        ),
        rule="§4.15",
    )
    skill: int = _skill("Habilidad", "skill")
    lesionado: int = fields.int_field(
        0,
        0,
        3,
        label=fields.label("Lesionado", "injured"),
        help=("Casillas de Lesionado marcadas (−1 cada una).", "Lesionado boxes (−1 each)."),
        rule="§4.11",
    )
    malherido: int = fields.int_field(
        0,
        0,
        3,
        label=fields.label("Malherido", "badly wounded"),
        help=("Casillas de Malherido marcadas (−2 cada una).", "Malherido boxes (−2 each)."),
        rule="§4.11",
    )

    def __post_init__(self) -> None:
        _validate(self)

    @property
    def track(self) -> tuple[int, int, int]:
        return (0, self.lesionado, self.malherido)
