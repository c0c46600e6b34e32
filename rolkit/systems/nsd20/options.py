"""§2.4 ``NSd20Rules``: every house rule and assumption, with its default (``DEFAULT_RULES``).

Options tagged «regla supuesta / assumed rule» fill a gap of the NSd20 text with the d20
SRD (or a designed placeholder); a game master can switch each one. The last six options
are not in the spec's table: they make the remaining [SRD-assumed] numbers of §2–§3
(cover, total concealment, range penalty, thrown weapons, size on the attack roll, an
Aturdido attacker) switchable too; their defaults are the spec's numbers.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from rolkit import fields
from rolkit.fields import FrozenMap
from rolkit.systems.nsd20.errors import NSd20InputError
from rolkit.systems.nsd20.tables import STUN_ROUNDS_MAX

__all__ = ["NSd20Rules", "DEFAULT_RULES", "ASSUMED"]

#: The suffix that marks an assumption in a label.
ASSUMED = ("regla supuesta", "assumed rule")


def _assumed(es: str, en: str) -> tuple[str, str]:
    return (f"{es} ({ASSUMED[0]})", f"{en} ({ASSUMED[1]})")


def _int_map(
    default: dict[str, int],
    keys: dict[str, tuple[str, str]],
    low: int,
    high: int,
    label: tuple[str, str],
    help_: tuple[str, str],
    rule: str,
) -> Any:
    """An int_map option whose default is ``default`` (the factory's default is all-``low``)."""
    f = fields.int_map_field(keys, low, high, label=label, help=help_, rule=rule)
    f.default_factory = lambda: FrozenMap(default)
    return f


_FATIGUE_KEYS = {
    "fatigado": ("Fatigado", "Fatigado (fatigued)"),
    "exhausto": ("Exhausto", "Exhausto (exhausted)"),
}
_WOUND_KEYS = {
    "malherido": ("Malherido", "Malherido (badly wounded)"),
    "incapacitado": ("Incapacitado", "Incapacitado (disabled)"),
}
_COVER_KEYS = {
    "cover": ("Cobertura", "Cobertura (cover)"),
    "improved": ("Cobertura mejorada", "Cobertura mejorada (improved cover)"),
}


@dataclass(frozen=True)
class NSd20Rules:
    """§2.4 The configurable rules (house rules, assumptions and placeholders)."""

    natural_rules_on_checks: bool = fields.flag_field(
        True,
        label=(
            "1 y 20 naturales en pruebas",
            "1 y 20 naturales en pruebas (natural 1/20 on checks)",
        ),
        help=(
            "Un 1 natural siempre falla y un 20 siempre tiene éxito en las pruebas.",
            "A natural 1 always fails and a natural 20 always succeeds on checks.",
        ),
        rule="§1.1 [seed]",
    )
    natural_rules_on_attacks: bool = fields.flag_field(
        True,
        label=("1 y 20 naturales en ataques", "1 y 20 naturales en ataques (on attack rolls)"),
        help=(
            "Un 1 natural siempre falla y un 20 siempre impacta.",
            "A natural 1 always misses and a natural 20 always hits.",
        ),
        rule="§1.1 [seed]",
    )
    natural_rules_on_saves: bool = fields.flag_field(
        True,
        label=("1 y 20 naturales en salvaciones", "1 y 20 naturales en salvaciones (on saves)"),
        help=(
            "Se aplican a Fortaleza (Daño masivo) y Voluntad (Concentración).",
            "They apply to Fortaleza (massive damage) and Voluntad (concentration) saves.",
        ),
        rule="§1.1 [seed]",
    )
    natural_rules_in_opposed: bool = fields.flag_field(
        False,
        label=(
            "1 y 20 naturales en pruebas enfrentadas",
            "1 y 20 naturales en pruebas enfrentadas (in opposed checks)",
        ),
        help=(
            "Si se activa, un 20 natural gana a cualquier otro dado y un 1 natural pierde.",
            "If set, a natural 20 beats any other die and a natural 1 loses.",
        ),
        rule="§1.3, G2",
    )
    opposed_tie_policy: str = fields.choice_field(
        "reroll",
        {
            "reroll": ("Se vuelve a tirar", "Se vuelve a tirar (reroll)"),
            "higher_score_then_reroll": (
                "Gana la característica más alta; si empatan, se tira",
                "Higher characteristic wins, then reroll",
            ),
        },
        label=("Empate en prueba enfrentada", "Empate en prueba enfrentada (opposed tie)"),
        help=(
            "Qué pasa con un empate cuando la acción no lo permite.",
            "What a tie does when the action allows no tie.",
        ),
        rule="§1.3, P2",
    )
    aid_helpers_stack: bool = fields.flag_field(
        True,
        label=_assumed("Los ayudantes se acumulan", "Los ayudantes se acumulan (aid stacks)"),
        help=(
            "Cada ayudante con éxito da +2 al líder; si no, como mucho +2 en total.",
            "Each successful helper gives the leader +2; if off, +2 at most in all.",
        ),
        rule="§1.7, G4 [SRD-assumed]",
    )
    max_helpers: int | None = fields.int_field(
        None,
        0,
        20,
        label=("Máximo de ayudantes", "Máximo de ayudantes (helper cap)"),
        help=(
            "Vacío: sin límite; 0: la ayuda no sirve para esta tarea.",
            "Empty: no cap; 0: help is of no use for this task.",
        ),
        optional=True,
        rule="§1.7, G4",
    )
    take_20_is_natural_20: bool = fields.flag_field(
        False,
        label=("Elegir 20 es un 20 natural", "Elegir 20 es un 20 natural (take 20 auto-succeeds)"),
        help=(
            "Si se activa, elegir 20 siempre tiene éxito; por defecto puede fallar.",
            "If set, taking 20 always succeeds; by default it can fail.",
        ),
        rule="§1.4, G3",
    )
    crit_confirmation: bool = fields.flag_field(
        True,
        label=_assumed("Confirmar críticos", "Confirmar críticos (confirm criticals)"),
        help=(
            "Una amenaza de crítico necesita una segunda tirada que impacte.",
            "A critical threat needs a second attack roll that hits.",
        ),
        rule="P5, G1, G5 [SRD-assumed]",
    )
    effort_damage_multiplied_on_crit: bool = fields.flag_field(
        False,
        label=(
            "El +2 del Esfuerzo se multiplica",
            "El +2 del Esfuerzo se multiplica (on criticals)",
        ),
        help=(
            "Por defecto el +2 de daño extra se suma una vez; la práctica SRD lo multiplica.",
            "By default the extra +2 damage is added once; SRD practice multiplies it.",
        ),
        rule="P6, G6",
    )
    min_damage_on_hit: int = fields.int_field(
        1,
        0,
        5,
        label=_assumed("Daño mínimo al impactar", "Daño mínimo al impactar (minimum damage)"),
        help=(
            "Un impacto hace al menos este daño antes de la RD.",
            "A hit deals at least this much before RD (damage reduction).",
        ),
        rule="P6, G17 [SRD-assumed]",
    )
    melee_attack_characteristic: str = fields.choice_field(
        "dexterity",
        {
            "dexterity": ("Destreza (NSd20)", "Destreza (dexterity, NSd20)"),
            "strength": ("Fuerza (como el SRD)", "Fuerza (strength, as in the SRD)"),
        },
        label=(
            "Característica del ataque cuerpo a cuerpo",
            "Característica del ataque cuerpo a cuerpo (melee attack ability)",
        ),
        help=(
            "NSd20 basa el Ataque en la Destreza; el SRD usa Fuerza cuerpo a cuerpo.",
            "NSd20 bases Ataque on Destreza; the SRD uses Fuerza in melee.",
        ),
        rule="P5, G16 [NSd20 S9/S10]",
    )
    fatigue_penalties: FrozenMap = _int_map(
        {"fatigado": 2, "exhausto": 6},
        _FATIGUE_KEYS,
        0,
        10,
        _assumed("Penalizadores de fatiga", "Penalizadores de fatiga (fatigue penalties)"),
        (
            "Resta a la FUE y la DES efectivas de un personaje Fatigado o Exhausto.",
            "Subtracted from effective FUE and DES of a Fatigado or Exhausto character.",
        ),
        "T4 [SRD-assumed]",
    )
    default_threshold: str = fields.choice_field(
        "constitution_score",
        {
            "constitution_score": (
                "La puntuación de Constitución (regla supuesta, d20 Modern)",
                "The Constitución score (assumed rule, d20 Modern)",
            ),
            "none": ("Sin umbral (no hay Daño masivo)", "No threshold (no massive damage)"),
        },
        label=_assumed(
            "Umbral de herida grave por defecto",
            "Umbral de herida grave por defecto (default threshold)",
        ),
        help=(
            "El umbral de Daño masivo cuando el defensor no tiene uno escrito.",
            "The massive-damage threshold when the defender has none written.",
        ),
        rule="P9, G15 [SRD-assumed A2]",
    )
    repeat_state_escalates: bool = fields.flag_field(
        True,
        label=("El mismo estado empeora", "El mismo estado empeora (repeat state escalates)"),
        help=(
            "Sufrir otra vez el estado actual lo empeora un paso (el texto está cortado).",
            "Suffering the current state again worsens it one step (the text is cut; G8).",
        ),
        rule="P10, G8 [placeholder]",
    )
    concentration_plus5_stack: bool = fields.flag_field(
        True,
        label=("Los +5 de Concentración se suman", "Los +5 de Concentración se suman (they stack)"),
        help=(
            "Terreno inestable y presa suman +5 cada uno; si no, +5 como mucho.",
            "Unstable ground and a grapple add +5 each; if off, +5 at most.",
        ),
        rule="P12, G9",
    )
    death_at_pr: int | None = fields.int_field(
        None,
        -999,
        0,
        label=("Muerte con PR", "Muerte con PR (death at this PR)"),
        help=(
            "Vacío: no hay muerte automática; p. ej. −10 mata con −10 PR o menos.",
            "Empty: no automatic death; e.g. −10 kills at −10 PR or below.",
        ),
        optional=True,
        rule="P8, G10 [placeholder]",
    )
    stun_rounds: int = fields.int_field(
        1,
        0,
        STUN_ROUNDS_MAX,
        label=("Asaltos de Aturdido", "Asaltos de Aturdido (stunned rounds)"),
        help=(
            "Cuánto dura el Aturdido de un Daño masivo (Malherido o Incapacitado).",
            "How long the Aturdido (stunned) of a massive-damage wound lasts.",
        ),
        rule="P10, G10 [placeholder]",
    )
    wound_penalties: FrozenMap = _int_map(
        {"malherido": 0, "incapacitado": 0},
        _WOUND_KEYS,
        0,
        10,
        ("Penalizadores por herida", "Penalizadores por herida (wound penalties)"),
        (
            "Resta a pruebas, ataques y salvaciones de un Malherido o Incapacitado.",
            "Subtracted from checks, attacks and saves of a Malherido or Incapacitado.",
        ),
        "P16, G10 [placeholder]",
    )
    cover_bonuses: FrozenMap = _int_map(
        {"cover": 4, "improved": 8},
        _COVER_KEYS,
        0,
        20,
        _assumed("Bonificación por cobertura", "Bonificación por cobertura (cover bonus)"),
        (
            "Lo que suma la cobertura a la Defensa (SRD: +4 y +8).",
            "What cover adds to Defensa (SRD: +4 and +8).",
        ),
        "P4, T8 [SRD-assumed]",
    )
    total_concealment_miss_min: int = fields.int_field(
        11,
        2,
        21,
        label=_assumed(
            "Ocultación total: falla con d20 ≥",
            "Ocultación total: falla con d20 ≥ (total concealment miss on)",
        ),
        help=(
            "Tras impactar, un d20 igual o mayor falla (11: 50 %; 21: nunca).",
            "After a hit, a d20 this high or more misses (11: 50%; 21: never).",
        ),
        rule="P5, T8 [SRD-assumed]",
    )
    range_penalty: int = fields.int_field(
        2,
        0,
        10,
        label=_assumed("Penalizador por incremento", "Penalizador por incremento (range penalty)"),
        help=(
            "Resta al ataque por cada incremento de distancia completo tras el primero.",
            "Subtracted from the attack per full range increment beyond the first.",
        ),
        rule="P5 [SRD-assumed]",
    )
    thrown_adds_strength: bool = fields.flag_field(
        True,
        label=_assumed("Arrojadizas suman FUE", "Arrojadizas suman FUE (thrown adds strength)"),
        help=(
            "Las armas arrojadizas suman el modificador de Fuerza al daño.",
            "Thrown weapons add the Fuerza modifier to damage.",
        ),
        rule="§2.2 [SRD-assumed]",
    )
    size_modifies_attack: bool = fields.flag_field(
        True,
        label=_assumed(
            "El tamaño modifica el ataque", "El tamaño modifica el ataque (size on attack rolls)"
        ),
        help=(
            "El modificador de tamaño se suma también a la tirada de Ataque.",
            "The size modifier is also added to the attack roll.",
        ),
        rule="P5, G19 [SRD-assumed]",
    )
    stunned_cannot_act: bool = fields.flag_field(
        True,
        label=_assumed("Aturdido no puede atacar", "Aturdido no puede atacar (stunned cannot act)"),
        help=(
            "Un atacante Aturdido no puede atacar.",
            "An Aturdido (stunned) attacker cannot attack.",
        ),
        rule="P16 [SRD-assumed]",
    )
    first_aid_cd: int = fields.int_field(
        15,
        0,
        60,
        label=_assumed("CD de los primeros auxilios", "CD de los primeros auxilios (first-aid DC)"),
        help=(
            "Una prueba de Medicina contra esta CD estabiliza a un Moribundo (d20 SRD: 15).",
            "A Medicina (first-aid) check against this DC stabilises a Moribundo (d20 SRD: 15).",
        ),
        rule="Primeros auxilios [SRD-assumed]",
    )
    effort_spends_action_point: bool = fields.flag_field(
        False,
        label=(
            "Gastar un Punto de Acción contra la fatiga",
            "Gastar un Punto de Acción contra la fatiga (spend an action point on effort fatigue)",
        ),
        help=(
            "En una pelea, quien usó un Esfuerzo extra gasta un Punto de Acción, si le queda, "
            "para no quedar Fatigado; si no se marca, los guarda y se fatiga.",
            "In a fight, whoever used an Esfuerzo extra spends an action point, if any is "
            "left, to avoid the fatigue; if unset, it keeps them and tires.",
        ),
        rule="P11 [seed]",
    )

    def __post_init__(self) -> None:
        fields.validate(self, error_cls=NSd20InputError)
        _complete(self, "fatigue_penalties", _FATIGUE_KEYS)
        _complete(self, "wound_penalties", _WOUND_KEYS)
        _complete(self, "cover_bonuses", _COVER_KEYS)


def _complete(rules: NSd20Rules, name: str, keys: dict[str, tuple[str, str]]) -> None:
    """An int_map option given with missing keys takes the default for those keys."""
    value = getattr(rules, name)
    default = {f.name: f for f in dataclasses.fields(rules)}[name].default_factory()  # type: ignore[misc]
    if set(value) != set(keys):
        object.__setattr__(rules, name, FrozenMap({**default, **value}))


DEFAULT_RULES = NSd20Rules()
