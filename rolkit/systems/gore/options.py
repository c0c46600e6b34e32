"""§2.4 / §6 ``GoreOptions``: every interpretation switch of the spec, each defaulting to the
spec's choice, with a one-line es/en help (they live in ``Modifiers.options``); and
:func:`validate_form`, the field validation every G.O.R.E. form (these options, the §2
forms, the check forms) runs on construction, in the spec's message format."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rolkit import fields
from rolkit.errors import shown

from .errors import GoreInputError

__all__ = ["GoreOptions", "DEFAULT", "validate_form"]


def validate_form(obj: Any) -> None:
    """§2 Validate every declared field of ``obj``; re-raise in the spec's message format.

    Raises:
        GoreInputError: ``"con = 0: CON (constitution) must be a whole number from 1 to 99"``.
    """
    try:
        fields.validate(obj, error_cls=GoreInputError)
    except GoreInputError as err:
        spec = dict(fields.describe(type(obj))).get(err.field or "")
        if spec is None:  # pragma: no cover - validate always names a declared field
            raise
        extra_en = extra_es = ""
        if spec.kind == "dice":
            extra_en = f" ({err.message_en.split(': ', 1)[-1]})"
            extra_es = f" ({err.message_es.split(': ', 1)[-1]})"
        raise GoreInputError(
            f"{err.field} = {shown(err.got)}: {spec.label_for('en')} must be "
            f"{spec.allowed('en')}{extra_en}",
            field=err.field,
            allowed=spec.allowed("en"),
            got=err.got,
            message_es=f"{err.field} = {shown(err.got)}: {spec.label_for('es')} debe ser "
            f"{spec.allowed('es')}{extra_es}",
        ) from None


@dataclass(frozen=True)
class GoreOptions:
    """§2.4 / §6 ``GoreOptions``: every interpretation switch, each defaulting to the spec."""

    critical_rule: str = fields.choice_field(
        "fifth",
        {
            "fifth": ("1/5 de la habilidad", "a fifth (roll ≤ 1/5 of the skill)"),
            "margin20": ("Margen de 20", "a margin of 20 (roll ≤ skill − 20)"),
        },
        label=("Regla de crítico", "Regla de crítico (critical rule)"),
        help=(
            "Crítico con tirada ≤ 1/5 de la habilidad, o ≤ habilidad − 20.",
            "Critical on roll ≤ 1/5 of the skill, or ≤ skill − 20.",
        ),
        rule="G1",
    )
    critical_damage_mode: str = fields.choice_field(
        "max_and_double",
        {
            "max_and_double": ("Máximo y doble", "Máximo y doble (max, then doubled)"),
            "max_only": ("Solo máximo", "maximum only (never doubled)"),
            "double_rolled": ("Doble de lo tirado", "rolled dice, doubled"),
        },
        label=("Daño de crítico", "Daño de crítico (critical damage mode)"),
        help=(
            "Crítico = daño máximo, doblado tras la armadura si la defensa falla.",
            "Critical = maximum damage, doubled after armour if the defence fails.",
        ),
        rule="G2",
    )
    impale_rule: str = fields.choice_field(
        "crit_01",
        {
            "crit_01": ("Crítico con 01", "a critical rolled 01"),
            "any_crit": ("Cualquier crítico", "any critical"),
        },
        label=("Regla de empalar", "Regla de empalar (impale trigger)"),
        help=(
            "Un arma que empala empala con un 01, o con cualquier crítico.",
            "An impaling weapon impales on 01, or on any critical.",
        ),
        rule="G4",
    )
    impale_ignores_armour: bool = fields.flag_field(
        True,
        label=("Empalar atraviesa armadura", "Empalar atraviesa armadura (impale ignores armour)"),
        help=("El empalamiento ignora la armadura.", "An impale ignores armour."),
        rule="G3",
    )
    auto_success_on_01: bool = fields.flag_field(
        True,
        label=("01 siempre crítico", "01 siempre crítico (01 always succeeds)"),
        help=(
            "Un 01 siempre tiene éxito y es crítico.",
            "A 01 always succeeds and is critical.",
        ),
        rule="G5",
    )
    gm_fumble_choice: str = fields.choice_field(
        "roll",
        {
            "roll": ("Tirar en la tabla", "roll the fumble table"),
            "miss": ("Solo falla", "just misses"),
        },
        label=("Elección del DJ en pifias", "Elección del DJ (GM fumble choice)"),
        help=(
            "«falla o tira en la tabla de pifias»: qué se hace.",
            "'misses or rolls on the fumble table': which one.",
        ),
        rule="G6",
    )
    defence_disabled_rounds: int = fields.int_field(
        1,
        0,
        3,
        label=("Turnos de defensa inhábil", "Defensa inhábil (rounds disabled)"),
        help=(
            "Turnos sin esquivar ni bloquear tras una defensa inhábil.",
            "Rounds without dodge or block after a disabled defence.",
        ),
        rule="G7",
    )
    lighting_affects_defence: bool = fields.flag_field(
        True,
        label=("La luz afecta a la defensa", "Luz en defensa (lighting affects defence)"),
        help=(
            "La iluminación también reduce esquivar y bloquear.",
            "Lighting also reduces dodge and block.",
        ),
        rule="G9",
    )
    close_range_requires_band1: bool = fields.flag_field(
        False,
        label=("Corta distancia solo en banda 1", "Close range only in band 1"),
        help=(
            "El ×2 a corta distancia solo dentro del alcance efectivo.",
            "The close-range ×2 only within the effective range.",
        ),
        rule="G10",
    )
    half_move_blocks_action: bool = fields.flag_field(
        True,
        label=("Mover la mitad impide actuar", "Half move blocks action"),
        help=(
            "Moverse la mitad del Movimiento o más impide atacar (salvo Carga).",
            "Moving half MOV or more forbids attacking (except a Charge).",
        ),
        rule="G11",
    )
    shield_vs_projectile_scope: str = fields.choice_field(
        "crit_and_impale_only",
        {
            "crit_and_impale_only": (
                "Solo críticos y empalamientos",
                "Solo críticos y empalamientos (criticals and impales only)",
            ),
            "all_hits": ("Todos los impactos", "Todos los impactos (every hit)"),
        },
        label=("Escudo contra proyectiles", "Escudo vs proyectiles (shield scope)"),
        help=(
            "Un impacto normal da en el escudo; solo críticos y empalamientos tiran "
            "cobertura (o la tiran todos los impactos).",
            "A normal hit strikes the shield; only criticals and impales roll coverage "
            "(or every hit rolls it).",
        ),
        rule="G12",
    )
    burst_special_applies_to: str = fields.choice_field(
        "first",
        {
            "first": ("Solo la primera bala", "first bullet only"),
            "all": ("Todas las balas", "every bullet"),
        },
        label=("Crítico en ráfaga", "Crítico en ráfaga (burst special)"),
        help=(
            "Qué balas reciben el crítico o empalamiento de la casilla.",
            "Which bullets get the cell's critical or impale.",
        ),
        rule="G19",
    )
    darkness_cap_stage: str = fields.choice_field(
        "final",
        {
            "final": ("Tope final", "Tope final (ceiling on the final skill)"),
            "before_additive": (
                "Antes de los sumandos",
                "Antes de los sumandos (after the fractions, before the bonuses)",
            ),
        },
        label=("Tope de la oscuridad total", "Tope de la oscuridad total (darkness cap stage)"),
        help=(
            "POD×3 / INT×3 limita la habilidad final, o solo la de antes de los sumandos.",
            "POD×3 / INT×3 caps the final skill, or only the skill before the bonuses.",
        ),
        rule="P5.6",
    )
    ko_success_damage: str = fields.choice_field(
        "none",
        {
            "none": ("Sin daño", "no PG (hit points) lost"),
            "full": ("Daño completo", "Daño completo (full damage)"),
        },
        label=("Daño de un KO", "Daño de un KO (KO damage)"),
        help=(
            "Un KO logrado no quita PG, o quita el daño completo.",
            "A successful KO takes no HP, or the full damage.",
        ),
        rule="G18",
    )
    asphyxia_zero_hp: str = fields.choice_field(
        "mortal",
        {
            "mortal": ("Mortal", "Mortal (mortal wound)"),
            "unconscious": ("Inconsciente", "Inconsciente (unconscious)"),
        },
        label=("Asfixia a 0 PG", "Asfixia a 0 PG (asphyxia at 0 HP)"),
        help=(
            "Llegar a 0 PG por asfixia mata, o deja inconsciente.",
            "Reaching 0 HP by asphyxia kills, or knocks out.",
        ),
        rule="G16",
    )
    jump_reduces_fall: str = fields.choice_field(
        "none",
        {
            "none": ("No reduce", "No reduce (no reduction)"),
            "minus_1d6": ("−1D6", "−1D6"),
        },
        label=("Saltar reduce la caída", "Saltar (jump reduces fall)"),
        help=(
            "Un Saltar con éxito no reduce la caída, o la reduce 1D6.",
            "A successful Jump does not reduce a fall, or by 1D6.",
        ),
        rule="G17",
    )
    radiation_con_multiplier_high: int = fields.int_field(
        1,
        1,
        5,
        label=("CON×N a POT 13–14", "CON×N at POT 13–14 (radiation)"),
        help=(
            "Multiplicador de CON del chequeo de radiación a POT 13–14.",
            "CON multiplier of the radiation check at POT 13–14.",
        ),
        rule="G13",
    )
    burst_wound: str = fields.choice_field(
        "per_bullet",
        {
            "per_bullet": (
                "Cada bala es una lesión",
                "Cada bala es una lesión (each bullet is a wound)",
            ),
            "total": (
                "La ráfaga es una lesión",
                "La ráfaga es una lesión (the burst is one wound)",
            ),
        },
        label=("Heridas de ráfaga", "Heridas de ráfaga (burst wound)"),
        help=(
            "Cada bala es una lesión, o el total de la ráfaga es una.",
            "Each bullet is one lesion, or the burst's total is one.",
        ),
        rule="G27",
    )
    mortal_rule: str = fields.choice_field(
        "next_round",
        {
            "next_round": (
                "Muere al acabar el turno siguiente",
                "Muere al acabar el turno siguiente (dies when the next round ends)",
            ),
            "gm": (
                "Lo decide el DJ",
                "Lo decide el DJ (dying until the GM decides: hospital, ambulance)",
            ),
        },
        label=("Herida mortal", "Herida mortal (mortal wound)"),
        help=(
            "A 0 PG o menos muere al acabar el turno siguiente al de la herida si no se "
            "le estabiliza; o sigue moribundo hasta que el DJ decida (un hospital o una "
            "ambulancia pueden flexibilizar la regla).",
            "At 0 HP or below the character dies when the round after the wound's ends "
            "unless stabilised; or stays dying until the GM decides (a hospital or an "
            "ambulance may relax the rule).",
        ),
        rule="P13.4",
    )
    after_effects: str = fields.choice_field(
        "blow",
        {
            "blow": (
                "Las marcas del golpe",
                "Las marcas del golpe (the blow's marks: HP, locations, gear)",
            ),
            "all": (
                "También pifias y defensa inhábil",
                "También pifias y defensa inhábil (also fumbles and disabled defence)",
            ),
        },
        label=("Qué se anota tras el ataque", "Qué se anota (what the forms keep after an attack)"),
        help=(
            "Tras el ataque la ficha guarda PG, localizaciones, inconsciencia, PG del escudo y "
            "del arma y munición; «también» añade los resultados de la tabla de pifias "
            "(turnos sin atacar, bloquear o esquivar, caídas, habilidades a 1/2) y la defensa "
            "inhábil, que acaban a su tiempo; el combate exacto crece.",
            "After an attack the forms keep HP, locations, unconsciousness, shield and weapon "
            "PG and ammunition; 'also' adds the fumble-table results (rounds without attack, "
            "block or dodge, falls, halved skills) and a disabled defence, which end on time; "
            "whole-fight odds grow.",
        ),
        rule="P8, P16, T11, G7",
        advanced=True,
    )
    serious_wound_losses: str = fields.choice_field(
        "report",
        {
            "apply": (
                "Se anotan en la ficha",
                "Se anotan en la ficha (written into the forms)",
            ),
            "report": (
                "Solo se informan",
                "Solo se informan (reported; the GM applies them after the fight)",
            ),
        },
        label=("Pérdidas de herida grave", "Pérdidas de herida grave (serious-wound losses)"),
        help=(
            "Las pérdidas de características de una herida grave se anotan en la "
            "ficha tras el ataque, o solo se informan (el combate exacto queda pequeño).",
            "A serious wound's characteristic losses are written into the forms "
            "after the attack, or only reported (keeps whole-fight odds small).",
        ),
        rule="P13.5, T10",
        advanced=True,
    )

    def __post_init__(self) -> None:
        validate_form(self)


DEFAULT = GoreOptions()
