"""§2.1–§2.3 The forms: ``Combatant`` (attacker and defender), ``Weapon``, ``Modifiers``.

All are frozen dataclasses declared through :mod:`rolkit.fields`, so validation and the
generated widgets read the same metadata. ``__post_init__`` checks each field's range and
the cross-field rules of one form; rules that need several forms live in
:func:`rolkit.systems.nsd20.attack.validate_attack`. :func:`evolve_form` copies a form
without validating it again (the after-state of an attack and of a turn).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rolkit import fields
from rolkit.errors import input_error
from rolkit.systems.nsd20.errors import NSd20InputError
from rolkit.systems.nsd20.tables import (
    CONCEALMENT_LABELS,
    COVER_LABELS,
    DAMAGE_DIE_SIDES,
    FATIGUE_LABELS,
    SIZE_LABELS,
    STUN_ROUNDS_MAX,
    WEAPON_KIND_LABELS,
    WOUND_LABELS,
)

__all__ = [
    "Combatant",
    "Attacker",
    "Defender",
    "Weapon",
    "Modifiers",
    "field_label",
    "evolve_form",
]


def field_label(cls: type, name: str) -> tuple[str, str]:
    """The ``(es, en)`` label of a declared form field (what error messages name)."""
    return dict(fields.describe(cls))[name].label


_validate = fields.validator(NSd20InputError)


def _score(es: str, gloss: str, use_es: str, use_en: str) -> Any:
    return fields.int_field(
        10, 1, 30, label=fields.label(es, gloss), help=(use_es, use_en), rule="§2.1, T1"
    )


def _base(es: str, gloss: str, use_es: str, use_en: str) -> Any:
    return fields.int_field(
        0, 0, 20, label=fields.label(es, gloss), help=(use_es, use_en), rule="§2.1, T9"
    )


def _misc(es: str, gloss: str, use_es: str, use_en: str, rule: str = "§2.1") -> Any:
    return fields.int_field(
        0, -20, 20, label=fields.label(es, gloss), help=(use_es, use_en), rule=rule
    )


# --------------------------------------------------------------------------- Combatant
@dataclass(frozen=True)
class Combatant:
    """§2.1 One character (``Attacker = Defender = Combatant``); armour RD lives here."""

    name: str = fields.text_field(
        "", label=("Nombre", "Nombre (name)"), help=("Solo es una etiqueta.", "A label only.")
    )
    strength: int = _score(
        "Fuerza", "strength", "FUE: suma al daño cuerpo a cuerpo.", "FUE: adds to melee damage."
    )
    dexterity: int = _score(
        "Destreza",
        "dexterity",
        "DES: suma al Ataque y a Reflejos; si es positiva, es la Esquiva.",
        "DES: adds to Ataque and Reflejos; a positive modifier is the Esquiva (dodge).",
    )
    constitution: int = _score(
        "Constitución",
        "constitution",
        "CON: suma a Fortaleza; umbral de herida grave por defecto.",
        "CON: adds to Fortaleza; the default serious-wound threshold.",
    )
    intelligence: int = _score(
        "Inteligencia",
        "intelligence",
        "INT: PE necesarios por Punto de Personaje (20 − mod).",
        "INT: experience needed per character point (20 − modifier).",
    )
    wisdom: int = _score(
        "Sabiduría", "wisdom", "SAB: suma a Voluntad.", "SAB: adds to Voluntad (will)."
    )
    charisma: int = _score(
        "Carisma", "charisma", "CAR: no se usa en combate.", "CAR: not used in combat."
    )
    attack_base: int = _base(
        "Bonificación de Ataque",
        "base attack bonus",
        "Puntos comprados en Ataque (+5 al crear el personaje).",
        "Points bought in Ataque (at most +5 at creation).",
    )
    fortitude_base: int = _base(
        "Bonificación de Fortaleza",
        "base fortitude",
        "Puntos comprados en Fortaleza (salvación de Daño masivo).",
        "Points bought in Fortaleza (the massive-damage save).",
    )
    reflexes_base: int = _base(
        "Bonificación de Reflejos",
        "base reflexes",
        "Puntos comprados en Reflejos; suman a la Defensa.",
        "Points bought in Reflejos; they add to Defensa.",
    )
    will_base: int = _base(
        "Bonificación de Voluntad",
        "base will",
        "Puntos comprados en Voluntad (Concentración).",
        "Points bought in Voluntad (concentration).",
    )
    size: str = fields.choice_field(
        "medium",
        SIZE_LABELS,
        label=("Tamaño", "Tamaño (size)"),
        help=(
            "Modifica la Defensa y el Ataque (valores supuestos del SRD).",
            "Modifies Defensa and Ataque (assumed SRD values).",
        ),
        rule="T7 [SRD-assumed]",
    )
    attack_misc: int = _misc(
        "Otros modificadores al Ataque",
        "other attack modifiers",
        "Dotes y similares.",
        "Feats and the like.",
    )
    defense_misc: int = _misc(
        "Modificadores varios a la Defensa",
        "other defence modifiers",
        "Dotes y similares.",
        "Feats and the like.",
    )
    fortitude_misc: int = _misc(
        "Otros modificadores a Fortaleza",
        "other fortitude modifiers",
        "Suman a la Fortaleza total.",
        "Added to the Fortaleza total.",
    )
    will_misc: int = _misc(
        "Otros modificadores a Voluntad",
        "other will modifiers",
        "Suman a la Voluntad total.",
        "Added to the Voluntad total.",
    )
    medicine: int = fields.int_field(
        0,
        -20,
        20,
        label=("Medicina", "Medicina (first-aid skill)"),
        help=(
            "Rangos y otros modificadores de la habilidad de primeros auxilios; se suma "
            "el modificador de SAB.",
            "Ranks and other modifiers of the first-aid skill; the SAB (wisdom) modifier is added.",
        ),
        rule="Primeros auxilios [SRD-assumed]",
    )
    armor_rd: int = fields.int_field(
        0,
        0,
        20,
        label=("RD de la armadura", "RD de la armadura (armour damage reduction)"),
        help=(
            "En NSd20 la armadura resta daño (RD), no da Defensa.",
            "In NSd20 armour reduces damage (RD); it gives no Defensa.",
        ),
        rule="P7 [NSd20 S4]",
    )
    natural_rd: int = fields.int_field(
        0,
        0,
        20,
        label=("RD natural", "RD natural (tough hide)"),
        help=("Piel dura; se suma a la RD de la armadura.", "Tough hide; adds to armour RD."),
        rule="P7 [NSd20 S4]",
    )
    pr_max: int = fields.int_field(
        20,
        1,
        999,
        label=("PR máximos", "PR máximos (maximum Puntos de Resistencia)"),
        help=(
            "Puntos de Resistencia máximos (valor de ejemplo: no hay fórmula).",
            "Maximum hit points (an example value: no formula was found).",
        ),
        rule="§2.1 [placeholder]",
    )
    pr_current: int | None = fields.int_field(
        None,
        -999,
        999,
        label=("PR actuales", "PR actuales (current Puntos de Resistencia)"),
        help=("Vacío: los máximos. Pueden ser negativos.", "Empty: the maximum. May be negative."),
        optional=True,
        rule="P8",
    )
    serious_wound_threshold: int | None = fields.int_field(
        None,
        1,
        99,
        label=("Umbral de herida grave", "Umbral de herida grave (massive-damage threshold)"),
        help=(
            "Un daño igual o mayor exige la prueba de Daño masivo; vacío: según las opciones.",
            "Damage this high or more forces the massive-damage save; empty: from the options.",
        ),
        optional=True,
        rule="P9 [NSd20 S4, default SRD-assumed]",
    )
    fatigue: str = fields.choice_field(
        "normal",
        FATIGUE_LABELS,
        label=("Fatiga", "Fatiga (fatigue)"),
        help=(
            "Fatigado −2 y Exhausto −6 a FUE y DES; Inconsciente no puede actuar.",
            "Fatigado −2 and Exhausto −6 to FUE and DES; Inconsciente cannot act.",
        ),
        rule="T4, P11",
    )
    wound_state: str = fields.choice_field(
        "none",
        WOUND_LABELS,
        label=("Estado de herida", "Estado de herida (wound state)"),
        help=(
            "Moribundo implica Inconsciente.",
            "Moribundo (dying) always means Inconsciente.",
        ),
        rule="P10",
    )
    stunned: bool = fields.flag_field(
        label=fields.label("Aturdido", "stunned"),
        help=("Pierde la Esquiva y no puede actuar.", "Loses Esquiva (dodge) and cannot act."),
        rule="P4, P16 [NSd20 S2]",
    )
    stun_rounds_left: int = fields.int_field(
        0,
        0,
        STUN_ROUNDS_MAX - 1,
        label=(
            "Asaltos de Aturdido tras el próximo",
            "Asaltos de Aturdido tras el próximo (stunned rounds after the next)",
        ),
        help=(
            "Solo si está Aturdido: cuántos turnos más pierde después del próximo (0: solo "
            "el próximo, el Aturdido de un asalto).",
            "Only when Aturdido (stunned): how many more turns it loses after the next one "
            "(0: only the next, a one-round Aturdido).",
        ),
        rule="P10, P16",
        advanced=True,
    )
    flat_footed: bool = fields.flag_field(
        label=fields.label("Desprevenido", "flat-footed"),
        help=(
            "Pierde la Esquiva; todos empiezan así hasta su primera acción.",
            "Loses Esquiva (dodge); everyone starts so until their first action.",
        ),
        rule="P4 [NSd20 S2, S3]",
    )
    action_points: int = fields.int_field(
        0,
        0,
        99,
        label=("Puntos de Acción", "Puntos de Acción (action points)"),
        help=(
            "Uno cancela la fatiga de un Esfuerzo extra.",
            "One cancels the fatigue of an Esfuerzo extra (extra effort).",
        ),
        rule="P11 [NSd20 S9]",
    )
    effort_used_this_turn: bool = fields.flag_field(
        label=fields.label("Esfuerzo extra ya usado este turno", "extra effort used this turn"),
        help=("Solo se puede usar una vez por turno.", "It can be used once per turn only."),
        rule="P11 [seed]",
    )
    aid_bonus: int = fields.int_field(
        0,
        0,
        20,
        label=("Ayuda recibida", "Ayuda recibida (aid another bonus)"),
        help=(
            "+2 por cada aliado que le ayudó con éxito; se suma a su próximo Ataque y se "
            "gasta con él.",
            "+2 per ally who aided it successfully; added to its next attack roll and used "
            "up by it.",
        ),
        rule="§1.7 [seed]",
    )
    action_point_spent: bool = fields.flag_field(
        label=fields.label(
            "Punto de Acción gastado contra la fatiga", "action point spent on the fatigue"
        ),
        help=(
            "Gastado en este asalto: el Esfuerzo extra de este turno no fatiga.",
            "Spent this round: this turn's Esfuerzo extra (extra effort) brings no fatigue.",
        ),
        rule="P11 [seed]",
        advanced=True,
    )
    effort_fatigue_undoable: bool = fields.flag_field(
        label=fields.label(
            "Fatiga del Esfuerzo aún evitable", "extra-effort fatigue still avoidable"
        ),
        help=(
            "Llegó al empezar este asalto: un Punto de Acción al inicio de su turno la quita.",
            "It came as this round began: an action point at the start of its turn removes it.",
        ),
        rule="P11 [seed]",
        advanced=True,
    )
    stabilised: bool = fields.flag_field(
        label=fields.label("Estabilizado", "stabilised"),
        help=(
            "Moribundo al que unos primeros auxilios han estabilizado; un nuevo daño lo "
            "deja de nuevo Moribundo sin estabilizar.",
            "A Moribundo (dying) character first aid has stabilised; new damage leaves it "
            "dying again.",
        ),
        rule="Primeros auxilios [SRD-assumed]",
    )

    def __post_init__(self) -> None:
        _validate(self)
        if self.stun_rounds_left and not self.stunned:
            es, en = field_label(Combatant, "stun_rounds_left")
            raise input_error(
                "stun_rounds_left",
                en=f"{en}: Asaltos de Aturdido tras el próximo (stunned rounds after the next) "
                f"count only when Aturdido (stunned) is ticked (got {self.stun_rounds_left})",
                es=f"{es}: los Asaltos de Aturdido tras el próximo solo cuentan si está "
                f"Aturdido (recibido {self.stun_rounds_left})",
                allowed="0 unless Aturdido",
                got=self.stun_rounds_left,
                cls=NSd20InputError,
            )
        self._check_flags()
        if self.pr_current is not None and self.pr_current > self.pr_max:
            es, en = field_label(Combatant, "pr_current")
            raise input_error(
                "pr_current",
                en=f"{en}: current PR cannot exceed the maximum {self.pr_max} "
                f"(got {self.pr_current})",
                es=f"{es}: los PR actuales no pueden superar los máximos {self.pr_max} "
                f"(recibido {self.pr_current})",
                allowed=f"at most {self.pr_max}",
                got=self.pr_current,
                cls=NSd20InputError,
            )

    def _check_flags(self) -> None:
        """A Punto de Acción is spent only on this turn's Esfuerzo extra (P11); only a
        Moribundo can be stabilised."""
        if self.action_point_spent and not self.effort_used_this_turn:
            es, en = field_label(Combatant, "action_point_spent")
            raise input_error(
                "action_point_spent",
                en=f"{en}: only with an Esfuerzo extra (extra effort) used this turn",
                es=f"{es}: solo con un Esfuerzo extra usado en este turno",
                allowed="False unless an Esfuerzo extra was used",
                got=True,
                cls=NSd20InputError,
            )
        if self.effort_fatigue_undoable and self.fatigue == "normal":
            es, en = field_label(Combatant, "effort_fatigue_undoable")
            raise input_error(
                "effort_fatigue_undoable",
                en=f"{en}: only when Fatigado or worse",
                es=f"{es}: solo si está Fatigado o peor",
                allowed="False when not fatigued",
                got=True,
                cls=NSd20InputError,
            )
        if self.stabilised and not self.dying:
            es, en = field_label(Combatant, "stabilised")
            raise input_error(
                "stabilised",
                en=f"{en}: only a Moribundo (dying) character, or one at 0 PR or less, can "
                "be stabilised",
                es=f"{es}: solo se estabiliza a un Moribundo, o a quien tiene 0 PR o menos",
                allowed="False unless Moribundo",
                got=True,
                cls=NSd20InputError,
            )

    @property
    def dying(self) -> bool:
        """P8 Moribundo, or at 0 PR or less (the wound state not updated yet)."""
        return self.wound_state == "moribundo" or self.pr <= 0

    @property
    def pr(self) -> int:
        """P8 Current Puntos de Resistencia (``None`` → the maximum)."""
        return self.pr_max if self.pr_current is None else self.pr_current

    @property
    def unconscious(self) -> bool:
        """P16 Inconsciente: by fatigue, or Moribundo (which always implies it)."""
        return self.fatigue == "inconsciente" or self.wound_state == "moribundo"


Attacker = Combatant
Defender = Combatant


# --------------------------------------------------------------------------- Weapon
@dataclass(frozen=True)
class Weapon:
    """§2.2 The attacker's weapon; its statistics are user input (no weapon table exists)."""

    name: str = fields.text_field(
        "", label=("Arma", "Arma (weapon)"), help=("Solo es una etiqueta.", "A label only.")
    )
    kind: str = fields.choice_field(
        "melee",
        WEAPON_KIND_LABELS,
        label=("Tipo", "Tipo (kind)"),
        help=(
            "Cuerpo a cuerpo y arrojadizas suman FUE al daño; a distancia no.",
            "Melee and thrown add FUE to damage; ranged does not.",
        ),
        rule="§2.2",
    )
    damage_dice: int = fields.int_field(
        1,
        1,
        10,
        label=("Dados de daño", "Dados de daño (damage dice)"),
        help=("Cuántos dados tira el daño.", "How many dice the damage rolls."),
        rule="P6",
    )
    damage_die: int = fields.choice_field(
        6,
        {s: (f"d{s}", f"d{s}") for s in DAMAGE_DIE_SIDES},
        label=("Dado de daño", "Dado de daño (damage die)"),
        help=("Caras de cada dado de daño.", "Sides of each damage die."),
        rule="P6",
    )
    damage_bonus: int = fields.int_field(
        0,
        -10,
        20,
        label=("Bonificador de daño", "Bonificador de daño (damage bonus)"),
        help=("Se suma a cada tirada de daño.", "Added to each damage roll."),
        rule="P6",
    )
    adds_strength: bool | None = fields.choice_field(
        None,
        {
            None: ("Según el tipo", "By kind (melee and thrown)"),
            True: ("Sí", "Sí (yes)"),
            False: ("No", "No"),
        },
        label=("Suma FUE al daño", "Suma FUE al daño (adds strength)"),
        help=(
            "Vacío: sí cuerpo a cuerpo y arrojadiza, no a distancia.",
            "Empty: yes for melee and thrown, no for ranged.",
        ),
        optional=True,
        rule="P6 [NSd20 S10; thrown SRD-assumed]",
    )
    threat_range_min: int = fields.int_field(
        20,
        15,
        20,
        label=(
            "Rango de amenaza (regla supuesta)",
            "Rango de amenaza (threat range, assumed rule)",
        ),
        help=(
            "Un natural igual o mayor que impacta amenaza crítico.",
            "A natural this high or more that hits threatens a critical.",
        ),
        rule="P5 [SRD-assumed]",
    )
    critical_multiplier: int = fields.int_field(
        2,
        2,
        4,
        label=(
            "Multiplicador de crítico (regla supuesta)",
            "Multiplicador de crítico (critical multiplier, assumed rule)",
        ),
        help=(
            "Un crítico tira el daño tantas veces, con sus bonificadores.",
            "A critical rolls damage this many times, bonuses included.",
        ),
        rule="P6 [SRD-assumed]",
    )
    range_increment_m: float | None = fields.float_field(
        None,
        0.1,
        None,
        label=("Incremento de distancia (m)", "Incremento de distancia (range increment, m)"),
        help=(
            "Solo informativo: indica los incrementos en Modificadores.",
            "Informative only: enter the increments in Modificadores.",
        ),
        optional=True,
        rule="§2.2",
    )

    def __post_init__(self) -> None:
        _validate(self)

    @property
    def strength_to_damage(self) -> bool:
        """§2.2 Whether FUE adds to damage (by kind when ``adds_strength`` is empty)."""
        if self.adds_strength is not None:
            return self.adds_strength
        return self.kind in ("melee", "thrown")


# --------------------------------------------------------------------------- Modifiers
@dataclass(frozen=True)
class Modifiers:
    """§2.3 The choices for this one action."""

    attack_situational: int = _misc(
        "Modificador condicional al Ataque",
        "situational attack modifier",
        "Usa la escala ±2/±4/±6 (apuntar, mal apoyo…).",
        "Use the ±2/±4/±6 scale (aiming, bad footing…).",
        "T2",
    )
    defense_situational: int = _misc(
        "Modificador condicional a la Defensa",
        "situational defence modifier",
        "Usa la escala ±2/±4/±6.",
        "Use the ±2/±4/±6 scale.",
        "T2",
    )
    cover: str = fields.choice_field(
        "none",
        COVER_LABELS,
        label=("Cobertura (regla supuesta)", "Cobertura (cover, assumed rule)"),
        help=(
            "+4 o +8 a la Defensa; con cobertura total no se puede atacar.",
            "+4 or +8 to Defensa; a target in total cover cannot be attacked.",
        ),
        rule="P4, T8 [SRD-assumed]",
    )
    concealment: str = fields.choice_field(
        "none",
        CONCEALMENT_LABELS,
        label=("Ocultación", "Ocultación (concealment)"),
        help=(
            "Tras impactar, un d20 de 17+ (parcial) u 11+ (total) falla.",
            "After a hit, a d20 of 17+ (partial) or 11+ (total) misses.",
        ),
        rule="P5, T8 [NSd20 S7; total SRD-assumed]",
    )
    range_increments: int = fields.int_field(
        0,
        0,
        10,
        label=("Incrementos de distancia", "Incrementos de distancia (range increments)"),
        help=(
            "−2 al ataque por incremento completo tras el primero (solo a distancia).",
            "−2 to the attack per full increment beyond the first (ranged/thrown only).",
        ),
        rule="P5 [SRD-assumed]",
    )
    surprise: bool = fields.flag_field(
        label=fields.label("Ataque por sorpresa", "surprise attack"),
        help=(
            "El defensor pierde la Esquiva contra este ataque.",
            "The defender loses Esquiva (dodge) against this attack.",
        ),
        rule="P4 [NSd20 S2]",
    )
    extra_effort_damage: bool = fields.flag_field(
        label=fields.label("Esfuerzo extra: daño extra", "extra effort: +2 damage"),
        help=(
            "+2 a esta tirada de daño cuerpo a cuerpo; fatiga al asalto siguiente.",
            "+2 to this melee damage roll; fatigue at the next round.",
        ),
        rule="P6, P11 [seed]",
    )
    critical_option: str = fields.choice_field(
        "multiply",
        {
            "multiply": ("Multiplicar el daño", "Multiplicar el daño (multiply damage)"),
            "ignore_rd": ("Ignorar toda la RD", "Ignorar toda la RD (ignore all RD)"),
        },
        label=("Opción de crítico", "Opción de crítico (critical option)"),
        help=(
            "Qué elige el atacante al confirmar un crítico.",
            "What the attacker chooses when a critical is confirmed.",
        ),
        rule="P6 [NSd20 S4; multiply SRD-assumed]",
    )
    fortitude_save_misc: int = _misc(
        "Modificador a Fortaleza por Daño masivo",
        "massive-damage save modifier",
        "Se suma a la prueba de Fortaleza del defensor.",
        "Added to the defender's Fortaleza save.",
        "P9",
    )

    def __post_init__(self) -> None:
        _validate(self)
        if self.cover == "total":
            es, en = field_label(Modifiers, "cover")
            raise input_error(
                "cover",
                en=f"{en}: a target with total cover cannot be attacked",
                es=f"{es}: un objetivo con cobertura total no puede ser atacado",
                allowed="none, cover, improved",
                got="total",
                cls=NSd20InputError,
            )


def evolve_form(form: Combatant, **changes: Any) -> Combatant:
    """A copy of ``form`` with ``changes``, not validated again: the callers only write
    values the form's ranges allow (PR floored at −999 and never above the current PR, a
    wound state of the ladder, booleans), and ``fields.validate`` would cost more than the
    whole attack law on a wounded state."""
    out = object.__new__(type(form))
    out.__dict__.update(form.__dict__, **changes)
    return out
