"""§3.6 ``RulesConfig``: every swappable part of the rules, with the spec's defaults.

Each placeholder [PH] says so in its help ("Regla provisional / Provisional rule"): a game
master who owns the manual replaces the value, and no code changes. ``DEFAULT_RULES`` is
``RulesConfig()``. The core mechanic (§2.2) is built from ``core``, ``die_sides``,
``success_min`` and the three thresholds (T1): :attr:`RulesConfig.mechanic`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property

from rolkit import fields
from rolkit.errors import input_error, shown
from rolkit.systems.ashes_of_war.errors import AowFieldRangeError
from rolkit.systems.ashes_of_war.forms import (
    PROVISIONAL,
    cached_hash,
    int_map_with_default,
    multichoice_with_default,
    state_without_hash,
)
from rolkit.systems.ashes_of_war.rules.mechanic import PoolD6
from rolkit.systems.ashes_of_war.tables import (
    ADVERSIDAD_LABELS,
    COVER_LABELS,
    DEFAULT_AIM_DESGRACIAS,
    DEFAULT_COVER_DESGRACIAS,
    DEFAULT_LIGHT_BOXES,
    DEFAULT_LOCATION_FACES,
    DEFAULT_QUICK_SKILLS,
    DEFAULT_SERIOUS_BOXES,
    PART_LABELS,
    SKILL_LABELS,
)

__all__ = ["RulesConfig", "DEFAULT_RULES"]


def _ph(es: str, en: str) -> tuple[str, str]:
    return (es + PROVISIONAL[0], en + PROVISIONAL[1])


@dataclass(frozen=True)
class RulesConfig:
    """§3.6 The house rules and placeholders; every field has a default."""

    core: str = fields.choice_field(
        "pool_d6",
        {"pool_d6": ("Reserva de d6", "Reserva de d6 (pool of d6)")},
        label=fields.label("Mecánica básica", gloss="core mechanic"),
        help=_ph(
            "Cada NdP y cada △ es un dado; éxito con 4+; cada éxito de un ▽ anula uno.",
            "Each NdP and each △ is a die; success on 4+; each ▽ success cancels one.",
        ),
        rule="§2.2",
        advanced=True,
    )
    die_sides: int = fields.int_field(
        6,
        2,
        20,
        label=fields.label("Caras del dado", gloss="die sides"),
        help=_ph("Caras de cada dado de la reserva.", "Sides of each die of the pool."),
        rule="§2.2",
        advanced=True,
    )
    success_min: int = fields.int_field(
        4,
        1,
        20,
        label=fields.label("Éxito desde", gloss="success on"),
        help=_ph(
            "Cara mínima que cuenta como éxito (no más que las caras del dado).",
            "Lowest face that counts as a success (at most the die's sides).",
        ),
        rule="§2.2",
        advanced=True,
    )
    threshold_easy: int = fields.int_field(
        1,
        0,
        10,
        label=fields.label("Éxitos para Fácil", gloss="successes for easy"),
        help=_ph("Resultado mínimo para superar una Adversidad Fácil.", "Result needed for Fácil."),
        rule="T1",
        advanced=True,
    )
    threshold_intermediate: int = fields.int_field(
        2,
        0,
        10,
        label=fields.label("Éxitos para Intermedia", gloss="successes for intermediate"),
        help=_ph(
            "Resultado mínimo para superar una Adversidad Intermedia.",
            "Result needed for Intermedia.",
        ),
        rule="T1",
        advanced=True,
    )
    threshold_hard: int = fields.int_field(
        3,
        0,
        10,
        label=fields.label("Éxitos para Difícil", gloss="successes for hard"),
        help=_ph(
            "Resultado mínimo para superar una Adversidad Difícil.", "Result needed for Difícil."
        ),
        rule="T1",
        advanced=True,
    )
    desgracia_cap: int = fields.int_field(
        3,
        0,
        10,
        label=fields.label("Tope de Desgracias", gloss="bane dice cap"),
        help=(
            "Máximo de ▽ por tirada; las de defensas sucesivas no cuentan (manual: 3).",
            "Most ▽ per roll; those from successive defences are not capped (book: 3).",
        ),
        rule="§2.3",
    )
    gracia_cap: int | None = fields.int_field(
        None,
        0,
        10,
        optional=True,
        label=fields.label("Tope de Gracias", gloss="boon dice cap"),
        help=(
            "Máximo de △ por tirada; vacío = sin tope (interpretación).",
            "Most △ per roll; empty = no cap (interpretation).",
        ),
        rule="§2.3",
        advanced=True,
    )
    cancel_gracias_desgracias: bool = fields.flag_field(
        False,
        label=fields.label("Gracias anulan Desgracias", gloss="boons cancel banes"),
        help=(
            "Si se marca, cada △ anula un ▽ antes de tirar (interpretación).",
            "If set, each △ cancels one ▽ before rolling (interpretation).",
        ),
        rule="§2.3",
    )
    desventaja_desgracias: int = fields.int_field(
        1,
        0,
        3,
        label=fields.label("▽ por Desventaja", gloss="bane dice of a disadvantage"),
        help=_ph(
            "Desgracias que da la Desventaja de Contusionado en tiradas rápidas.",
            "Bane dice that Contusionado's Desventaja adds to quick rolls.",
        ),
        rule="§2.3",
    )
    fractured_desgracias: int = fields.int_field(
        2,
        0,
        3,
        label=fields.label("▽ por Fracturado", gloss="bane dice while fractured"),
        help=(
            "Desgracias en tiradas rápidas mientras haya una fractura (manual: 2).",
            "Bane dice on quick rolls while any limb is fractured (book: 2).",
        ),
        rule="§4.15",
    )
    first_serious_applied: bool = fields.flag_field(
        True,
        label=fields.label(
            "Aplicar la primera herida grave", gloss="apply first-serious-wound effects"
        ),
        help=_ph(
            "Si se marca, la primera herida grave en un miembro aplica su efecto: Brazo o Mano "
            "suelta lo que sostiene (Brazo: +1 ▽ al usarlo; Mano: no empuña con ella), Pierna "
            "cae Derribado y no Corre, Pie Corre con +1 ▽; Pierna y Pie mueven 3 m como mucho. "
            "Si no, solo se anuncia y lo aplica el Narrador.",
            "If set, a first serious wound in a limb applies its effect: Brazo or Mano drops "
            "what it holds (Brazo: +1 ▽ when using it; Mano: cannot wield with it), Pierna falls "
            "Derribado (prone) and cannot Correr, Pie runs with +1 ▽; Pierna and Pie move 3 m "
            "at most. If unset, it is only announced and the GM applies it.",
        ),
        rule="T5",
    )
    prone_desgracias: int = fields.int_field(
        1,
        0,
        3,
        label=fields.label("▽ por Derribado", gloss="bane dice while prone"),
        help=_ph(
            "Desgracias en tiradas rápidas mientras está Derribado (en el suelo).",
            "Bane dice on quick rolls while Derribado (prone, on the ground).",
        ),
        rule="T5",
    )
    quick_skills: frozenset = multichoice_with_default(
        SKILL_LABELS,
        DEFAULT_QUICK_SKILLS,
        label=fields.label("Tiradas rápidas", gloss="quick rolls"),
        help=(
            "Habilidades que «requieran un movimiento o una respuesta rápida» (interpretación).",
            "Skills that need a quick movement or response (interpretation).",
        ),
        rule="§2.3",
    )
    aim_desgracias: Mapping[str, int] = int_map_with_default(
        PART_LABELS,
        0,
        3,
        DEFAULT_AIM_DESGRACIAS,
        label=fields.label("▽ por apuntar", gloss="bane dice for aiming"),
        help=(
            "Coste de apuntar a cada parte (manual: cabeza, mano y pie 1 ▽).",
            "Cost of aiming at each part (book: head, hand and foot 1 ▽).",
        ),
        rule="T7",
    )
    cover_desgracias: Mapping[str, int] = int_map_with_default(
        {k: v for k, v in COVER_LABELS.items() if k != "none"},
        0,
        5,
        DEFAULT_COVER_DESGRACIAS,
        label=fields.label("▽ por cobertura", gloss="bane dice for cover"),
        help=_ph(
            "Desgracias del atacante según la cobertura del objetivo.",
            "Attacker's bane dice for the target's cover.",
        ),
        rule="T2",
    )
    light_boxes: Mapping[str, int] = int_map_with_default(
        PART_LABELS,
        0,
        6,
        DEFAULT_LIGHT_BOXES,
        label=fields.label("Casillas leves", gloss="light wound boxes"),
        help=_ph("Casillas de herida leve de cada parte.", "Light wound boxes of each part."),
        rule="T3",
    )
    serious_boxes: Mapping[str, int] = int_map_with_default(
        PART_LABELS,
        0,
        6,
        DEFAULT_SERIOUS_BOXES,
        label=fields.label("Casillas graves", gloss="serious wound boxes"),
        help=_ph("Casillas de herida grave de cada parte.", "Serious wound boxes of each part."),
        rule="T3",
    )
    location_faces: Mapping[str, int] = int_map_with_default(
        PART_LABELS,
        0,
        10,
        DEFAULT_LOCATION_FACES,
        label=("Tabla de ubicación (1d10)", "Tabla de ubicación (1d10 hit location table)"),
        help=_ph(
            "Caras del 1d10 para cada parte, en orden cabeza, torso, brazo, mano, pierna, pie; "
            "suman 10.",
            "Faces of the 1d10 for each part, in the order head, torso, arm, hand, leg, foot; "
            "they add up to 10.",
        ),
        rule="T4",
    )
    serious_min: int = fields.int_field(
        5,
        1,
        50,
        label=fields.label("Daño para herida grave", gloss="damage for a serious wound"),
        help=_ph(
            "Daño final mínimo de una herida grave.", "Lowest final damage of a serious wound."
        ),
        rule="T6",
    )
    lethal_min: int = fields.int_field(
        10,
        2,
        60,
        label=fields.label("Daño para herida letal", gloss="damage for a lethal wound"),
        help=_ph(
            "Daño final mínimo de una herida letal (mayor que el de grave).",
            "Lowest final damage of a lethal wound (above the serious one).",
        ),
        rule="T6",
    )
    healing_light_days: int = fields.int_field(
        3,
        0,
        365,
        label=fields.label("Días para sanar leve", gloss="days to heal a light wound"),
        help=_ph("Plazo de curación de una herida leve.", "Healing time of a light wound."),
        rule="T8",
        advanced=True,
    )
    healing_serious_days: int = fields.int_field(
        21,
        0,
        365,
        label=fields.label("Días para sanar grave", gloss="days to heal a serious wound"),
        help=_ph("Plazo de curación de una herida grave.", "Healing time of a serious wound."),
        rule="T8",
        advanced=True,
    )
    integrity_loss: int = fields.int_field(
        1,
        0,
        10,
        label=fields.label("Pérdida de Integridad", gloss="durability lost per hit"),
        help=_ph(
            "Puntos de Integridad que pierde un objeto cada vez (manual: «un punto»).",
            "Integridad points an item loses each time (book: «un punto»).",
        ),
        rule="§4.22",
    )
    overflow_absorbed_damages_weapon: bool = fields.flag_field(
        True,
        label=fields.label(
            "El arma se daña si el brazo lo absorbe", gloss="weapon wears when arm armour absorbs"
        ),
        help=(
            "Si el excedente del escudo no supera la RD del brazo, el arma pierde Integridad "
            "(interpretación).",
            "If the shield's excess does not beat the arm's RD, the weapon loses Integridad "
            "(interpretation).",
        ),
        rule="§4.9",
    )
    fracture_scope: str = fields.choice_field(
        "location",
        {
            "location": ("Por ubicación", "Por ubicación (per location)"),
            "limb": ("Por extremidad", "Por extremidad (arm+hand or leg+foot)"),
        },
        label=fields.label("Alcance de Fracturado", gloss="fracture counting"),
        help=(
            "Dónde se cuentan las dos heridas graves contundentes (interpretación).",
            "Where the two blunt serious wounds are counted (interpretation).",
        ),
        rule="§4.15",
    )
    bleed_timing: str = fields.choice_field(
        "end_of_turn",
        {
            "end_of_turn": ("Al final del turno", "Al final del turno (end of turn)"),
            "start_of_turn": ("Al inicio del turno", "Al inicio del turno (start of turn)"),
        },
        label=fields.label("Momento de la Hemorragia", gloss="bleeding timing"),
        help=(
            "Cuándo hace daño cada Hemorragia en una pelea: al acabar el turno de todos, o al "
            "empezar el del personaje que sangra (interpretación).",
            "When each bleeding deals its wound in a fight: when the shared turn ends, or when "
            "the bleeding character's own turn starts (interpretation).",
        ),
        rule="§4.16",
        advanced=True,
    )
    dying_rule: bool = fields.flag_field(
        False,
        label=fields.label(
            "Regla Moribundo en toda la pelea", gloss="optional dying rule, whole fight"
        ),
        help=(
            "Una herida letal en cabeza o torso, de un ataque o de una Hemorragia, deja "
            "Moribundo en vez de muerto (como la casilla del ataque, para toda la pelea).",
            "A lethal head or torso wound, from an attack or a bleeding, leaves the character "
            "dying instead of dead (like the attack's box, for the whole fight).",
        ),
        rule="§4.17",
    )
    waking_roll: bool = fields.flag_field(
        True,
        label=fields.label("Tirada para despertar", gloss="waking roll each turn"),
        help=(
            "Un Inconsciente tira Fortitud contra Difícil al empezar cada turno y despierta si "
            "la supera; si no se marca, sigue Inconsciente hasta que le atiendan.",
            "An unconscious character rolls Fortitud vs Difícil at the start of each turn and "
            "wakes on a success; if unset, it stays unconscious until tended.",
        ),
        rule="§4.18",
    )
    run_adversidad: str = fields.choice_field(
        "easy",
        ADVERSIDAD_LABELS,
        label=fields.label("Adversidad de Correr", gloss="running difficulty"),
        help=(
            "«La Adversidad la fija el Narrador según el terreno»: la de un terreno normal en "
            "una pelea (interpretación: Fácil). Al fallar, 1 ▽ en la próxima acción.",
            "«The GM sets the Adversidad by the terrain»: that of ordinary ground in a fight "
            "(interpretation: Fácil). On a failure, 1 ▽ on the next action.",
        ),
        rule="§4.20",
    )
    free_metre_stacks_with_move: bool = fields.flag_field(
        True,
        label=fields.label("Metro gratis más seis", gloss="free metre adds to the 6 m move"),
        help=(
            "Si se marca, andar llega a 7 m (1 gratis + 6); si no, 6 m (interpretación).",
            "If set, walking reaches 7 m (1 free + 6); otherwise 6 m (interpretation).",
        ),
        rule="§4.20",
    )

    __hash__ = cached_hash
    __getstate__ = state_without_hash

    def __post_init__(self) -> None:
        fields.validate(self, error_cls=AowFieldRangeError)
        for name, default in (
            ("aim_desgracias", DEFAULT_AIM_DESGRACIAS),
            ("cover_desgracias", DEFAULT_COVER_DESGRACIAS),
            ("light_boxes", DEFAULT_LIGHT_BOXES),
            ("serious_boxes", DEFAULT_SERIOUS_BOXES),
        ):
            value = getattr(self, name)
            if set(value) != set(default):
                object.__setattr__(self, name, fields.FrozenMap({**default, **value}))
        if self.success_min > self.die_sides:
            raise input_error(
                "success_min",
                en=(
                    f"Éxito desde (success on) must be from 1 to {self.die_sides} (got {shown(self.success_min)})"
                ),
                es=(
                    f"Éxito desde debe ser de 1 a {self.die_sides} (recibido {shown(self.success_min)})"
                ),
                allowed=f"from 1 to {self.die_sides}",
                got=self.success_min,
                cls=AowFieldRangeError,
            )
        if self.lethal_min <= self.serious_min:
            raise input_error(
                "lethal_min",
                en=(
                    f"Daño para herida letal (damage for a lethal wound) must be above {self.serious_min} "
                    f"(got {shown(self.lethal_min)})"
                ),
                es=(
                    f"Daño para herida letal debe ser mayor que {self.serious_min} (recibido {shown(self.lethal_min)})"
                ),
                allowed=f"above {self.serious_min}",
                got=self.lethal_min,
                cls=AowFieldRangeError,
            )
        faces = {p: self.location_faces.get(p, 0) for p in PART_LABELS}
        if sum(faces.values()) != 10:
            raise input_error(
                "location_faces",
                en=(
                    "Tabla de ubicación (1d10 hit location table) must be faces adding up to 10 (got "
                    f"{shown(dict(self.location_faces))})"
                ),
                es=(
                    f"Tabla de ubicación (1d10) debe ser caras que sumen 10 (recibido {shown(dict(self.location_faces))})"
                ),
                allowed="faces adding up to 10",
                got=dict(self.location_faces),
                cls=AowFieldRangeError,
            )
        object.__setattr__(self, "location_faces", fields.FrozenMap(faces))

    @property
    def thresholds(self) -> dict[str, int]:
        """T1: Adversidad → minimum result R."""
        return {
            "easy": self.threshold_easy,
            "intermediate": self.threshold_intermediate,
            "hard": self.threshold_hard,
        }

    @property
    def wound_thresholds(self) -> tuple[int, int]:
        """T6 ``(serious_min, lethal_min)``."""
        return (self.serious_min, self.lethal_min)

    @cached_property
    def mechanic(self) -> PoolD6:
        """The §2.2 core mechanic object built from this config."""
        return PoolD6(self.die_sides, self.success_min, self.thresholds)


DEFAULT_RULES = RulesConfig()
