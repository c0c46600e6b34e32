"""§3.5 ``CoreDreadOptions``: the interpretation switches (house rules and placeholders).

Every switch is declared through :mod:`rolkit.fields` with a default, its es/en help and
the rule it reads (``advanced``: the dashboard shows them under «Opciones»).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rolkit import fields
from rolkit.systems.core_dread.errors import CoreDreadRangeError

__all__ = ["CoreDreadOptions", "DEFAULT_OPTIONS"]


def _opt_choice(
    default: str,
    choices: dict[str, tuple[str, str]],
    label: tuple[str, str],
    help_: tuple[str, str],
    rule: str,
) -> Any:
    return fields.choice_field(default, choices, label=label, help=help_, rule=rule, advanced=True)


def _opt_flag(default: bool, label: tuple[str, str], help_: tuple[str, str], rule: str) -> Any:
    return fields.flag_field(default, label=label, help=help_, rule=rule, advanced=True)


@dataclass(frozen=True)
class CoreDreadOptions:
    """§3.5 Interpretation switches (house rules and placeholders), all defaulted."""

    reroll_policy: str = _opt_choice(
        "repeat",
        {
            "repeat": ("Repetir dado", "Repetir dado (a die may be rerolled again)"),
            "once_per_die": ("Una vez por dado", "Una vez por dado (once per die)"),
        },
        ("Relanzamientos", "Relanzamientos (reroll policy)"),
        (
            "Si un dado ya relanzado puede volver a relanzarse con otro punto.",
            "Whether a rerolled die may be rerolled again with another point.",
        ),
        "§1.3, G1",
    )
    spectacular_label_from_final_hits: bool = _opt_flag(
        False,
        ("Espectacular tras relanzar", "Espectacular tras relanzar (label from final hits)"),
        (
            "Llama espectacular a 5 aciertos logrados relanzando (solo la etiqueta).",
            "Labels 5 hits reached through rerolls spectacular (label only).",
        ),
        "§1.5, G2",
    )
    damage_order: str = _opt_choice(
        "multiply_then_subtract",
        {
            "multiply_then_subtract": (
                "Multiplicar y restar",
                "Multiplicar y restar (multiply then subtract)",
            ),
            "subtract_then_multiply": (
                "Restar y multiplicar",
                "Restar y multiplicar (subtract then multiply)",
            ),
        },
        ("Orden del daño", "Orden del daño (damage order)"),
        (
            "Multiplicar los aciertos de cada lado antes de restar, o al revés.",
            "Multiply each side's hits before subtracting, or the other way round.",
        ),
        "§4.6, G3",
    )
    malherido_step: str = _opt_choice(
        "exclusive",
        {
            "exclusive": ("Exclusivo (14 → 2)", "Exclusivo (14 → 2, exclusive)"),
            "inclusive": ("Inclusivo (13 → 2)", "Inclusivo (13 → 2, inclusive)"),
        },
        ("Malherido adicional", "Malherido adicional (extra Malherido step)"),
        (
            "Dónde empieza cada Malherido extra por 5 puntos más.",
            "Where each extra Malherido per 5 more points starts.",
        ),
        "§4.8, G7",
    )
    spectacular_wounds: str = _opt_choice(
        "double",
        {
            "double": ("Doble", "Doble (double the count)"),
            "plus_one": ("Una más", "Una más (one more)"),
        },
        ("Heridas del espectacular", "Heridas del espectacular (spectacular wounds)"),
        (
            "Un ataque espectacular duplica las heridas, o añade una.",
            "A spectacular attack doubles the wounds, or adds one.",
        ),
        "§4.9, G8",
    )
    counter_can_be_spectacular: bool = _opt_flag(
        False,
        ("Contraataque espectacular", "Contraataque espectacular (spectacular counter)"),
        (
            "Un bloqueo con 5 aciertos naturales duplica las heridas del contraataque.",
            "A block with 5 natural hits doubles the counter-attack's wounds.",
        ),
        "G11",
    )
    opposed_tie_break: str = _opt_choice(
        "draw",
        {
            "draw": ("Empate", "Empate (draw)"),
            "reroll": ("Repetir", "Repetir (reroll)"),
        },
        ("Empate en enfrentadas", "Empate en enfrentadas (opposed tie)"),
        (
            "Con aciertos y atributos iguales: empate o se repite la tirada.",
            "With equal hits and attributes: a draw, or roll again.",
        ),
        "§1.6, G16",
    )
    gore_penalty: str = _opt_choice(
        "sum",
        {
            "sum": ("Suma", "Suma (sum of levels)"),
            "worst": ("La peor", "La peor (worst level only)"),
        },
        ("Penalizador Gore", "Penalizador Gore (Gore penalty)"),
        (
            "En Gore Mode, sumar los niveles marcados o contar solo el peor.",
            "In Gore Mode, add the marked levels or count only the worst.",
        ),
        "§4.17, G14",
    )
    penalties_affect_derived: bool = _opt_flag(
        False,
        ("Heridas y valores derivados", "Heridas y valores derivados (penalties affect limits)"),
        (
            "Las heridas reducen también los límites de daño y la asfixia.",
            "Wounds also lower the damage limits and asphyxia turns.",
        ),
        "G13",
    )
    armor_absorbs_falls: bool = _opt_flag(
        False,
        ("Armadura en caídas", "Armadura en caídas (armour absorbs falls)"),
        (
            "La armadura absorbe el daño de las caídas (sin desgastarse).",
            "Armour absorbs fall damage (without wearing).",
        ),
        "G12",
    )
    defence_requires_turn: bool = _opt_flag(
        True,
        ("Defender gasta turno", "Defender gasta turno (defence needs a turn)"),
        (
            "Quien ya actuó en el asalto no puede defenderse.",
            "A defender who already acted this round cannot defend.",
        ),
        "G23",
    )
    ranged_dodge: str = _opt_choice(
        "always",
        {
            "always": ("Siempre", "Siempre (always)"),
            "only_to_cover": ("Solo a cubierto", "Solo a cubierto (only to cover)"),
        },
        ("Esquivar disparos", "Esquivar disparos (ranged dodge)"),
        (
            "Si se puede esquivar un disparo a distancia sin cobertura cercana.",
            "Whether a shot at range can be dodged with no cover nearby.",
        ),
        "§4.5, G5",
    )
    disastrous_healing_aggravates: bool = _opt_flag(
        False,
        ("Curación desastrosa agrava", "Curación desastrosa agrava (disastrous healing)"),
        (
            "Regla supuesta, apagada por defecto: un fallo desastroso al curar un Malherido "
            "añade otro (el reglamento nombra el riesgo sin dar regla).",
            "Assumed rule, off by default: a disastrous failure healing a Malherido adds one "
            "more (the rulebook names the risk but gives no rule).",
        ),
        "§4.16, G24",
    )

    def __post_init__(self) -> None:
        fields.validate(self, error_cls=CoreDreadRangeError)


DEFAULT_OPTIONS = CoreDreadOptions()
