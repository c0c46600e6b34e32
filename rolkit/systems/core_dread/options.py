"""§3.5 ``CoreDreadOptions``: the interpretation switches (house rules and placeholders).

Every switch is declared through :mod:`rolkit.fields` with a default, its es/en help and
the rule it reads (``advanced``: the dashboard shows them under «Opciones»).
"""

from __future__ import annotations

from dataclasses import dataclass

from rolkit import fields
from rolkit.systems.core_dread.errors import CoreDreadRangeError

__all__ = ["CoreDreadOptions", "DEFAULT_OPTIONS"]

_validate = fields.validator(CoreDreadRangeError)


@dataclass(frozen=True)
class CoreDreadOptions:
    """§3.5 Interpretation switches (house rules and placeholders), all defaulted."""

    reroll_policy: str = fields.choice_field(
        "repeat",
        {
            "repeat": ("Repetir dado", "Repetir dado (a die may be rerolled again)"),
            "once_per_die": ("Una vez por dado", "Una vez por dado (once per die)"),
        },
        label=fields.label("Relanzamientos", "reroll policy"),
        help=(
            "Si un dado ya relanzado puede volver a relanzarse con otro punto.",
            "Whether a rerolled die may be rerolled again with another point.",
        ),
        rule="§1.3, G1",
        advanced=True,
    )
    spectacular_label_from_final_hits: bool = fields.flag_field(
        False,
        label=fields.label("Espectacular tras relanzar", "label from final hits"),
        help=(
            "Llama espectacular a 5 aciertos logrados relanzando (solo la etiqueta).",
            "Labels 5 hits reached through rerolls spectacular (label only).",
        ),
        rule="§1.5, G2",
        advanced=True,
    )
    damage_order: str = fields.choice_field(
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
        label=fields.label("Orden del daño", "damage order"),
        help=(
            "Multiplicar los aciertos de cada lado antes de restar, o al revés.",
            "Multiply each side's hits before subtracting, or the other way round.",
        ),
        rule="§4.6, G3",
        advanced=True,
    )
    malherido_step: str = fields.choice_field(
        "exclusive",
        {
            "exclusive": ("Exclusivo (14 → 2)", "Exclusivo (14 → 2, exclusive)"),
            "inclusive": ("Inclusivo (13 → 2)", "Inclusivo (13 → 2, inclusive)"),
        },
        label=fields.label("Malherido adicional", "extra Malherido step"),
        help=(
            "Dónde empieza cada Malherido extra por 5 puntos más.",
            "Where each extra Malherido per 5 more points starts.",
        ),
        rule="§4.8, G7",
        advanced=True,
    )
    spectacular_wounds: str = fields.choice_field(
        "double",
        {
            "double": ("Doble", "Doble (double the count)"),
            "plus_one": ("Una más", "Una más (one more)"),
        },
        label=fields.label("Heridas del espectacular", "spectacular wounds"),
        help=(
            "Un ataque espectacular duplica las heridas, o añade una.",
            "A spectacular attack doubles the wounds, or adds one.",
        ),
        rule="§4.9, G8",
        advanced=True,
    )
    counter_can_be_spectacular: bool = fields.flag_field(
        False,
        label=fields.label("Contraataque espectacular", "spectacular counter"),
        help=(
            "Un bloqueo con 5 aciertos naturales duplica las heridas del contraataque.",
            "A block with 5 natural hits doubles the counter-attack's wounds.",
        ),
        rule="G11",
        advanced=True,
    )
    opposed_tie_break: str = fields.choice_field(
        "draw",
        {
            "draw": ("Empate", "Empate (draw)"),
            "reroll": ("Repetir", "Repetir (reroll)"),
        },
        label=fields.label("Empate en enfrentadas", "opposed tie"),
        help=(
            "Con aciertos y atributos iguales: empate o se repite la tirada.",
            "With equal hits and attributes: a draw, or roll again.",
        ),
        rule="§1.6, G16",
        advanced=True,
    )
    gore_penalty: str = fields.choice_field(
        "sum",
        {
            "sum": ("Suma", "Suma (sum of levels)"),
            "worst": ("La peor", "La peor (worst level only)"),
        },
        label=fields.label("Penalizador Gore", "Gore penalty"),
        help=(
            "En «Gore Mode», sumar los niveles marcados o contar solo el peor.",
            "In «Gore Mode», add the marked levels or count only the worst.",
        ),
        rule="§4.17, G14",
        advanced=True,
    )
    penalties_affect_derived: bool = fields.flag_field(
        False,
        label=fields.label("Heridas y valores derivados", "penalties affect limits"),
        help=(
            "Las heridas reducen también los límites de daño y la asfixia.",
            "Wounds also lower the damage limits and asphyxia turns.",
        ),
        rule="G13",
        advanced=True,
    )
    armor_absorbs_falls: bool = fields.flag_field(
        False,
        label=fields.label("Armadura en caídas", "armour absorbs falls"),
        help=(
            "La armadura absorbe el daño de las caídas (sin desgastarse).",
            "Armour absorbs fall damage (without wearing).",
        ),
        rule="G12",
        advanced=True,
    )
    defence_requires_turn: bool = fields.flag_field(
        True,
        label=fields.label("Defender gasta turno", "defence needs a turn"),
        help=(
            "Quien ya actuó en el asalto no puede defenderse.",
            "A defender who already acted this round cannot defend.",
        ),
        rule="G23",
        advanced=True,
    )
    ranged_dodge: str = fields.choice_field(
        "always",
        {
            "always": ("Siempre", "Siempre (always)"),
            "only_to_cover": ("Solo a cubierto", "Solo a cubierto (only to cover)"),
        },
        label=fields.label("Esquivar disparos", "ranged dodge"),
        help=(
            "Si se puede esquivar un disparo a distancia sin cobertura cercana.",
            "Whether a shot at range can be dodged with no cover nearby.",
        ),
        rule="§4.5, G5",
        advanced=True,
    )
    disastrous_healing_aggravates: bool = fields.flag_field(
        False,
        label=fields.label("Curación desastrosa agrava", "disastrous healing"),
        help=(
            "Regla supuesta, apagada por defecto: un fallo desastroso al curar un Malherido "
            "añade otro (el reglamento nombra el riesgo sin dar regla).",
            "Assumed rule, off by default: a disastrous failure healing a Malherido adds one "
            "more (the rulebook names the risk but gives no rule).",
        ),
        rule="§4.16, G24",
        advanced=True,
    )

    def __post_init__(self) -> None:
        _validate(self)


DEFAULT_OPTIONS = CoreDreadOptions()
