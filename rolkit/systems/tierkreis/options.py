"""§2.4 ``TierkreisOptions``: every optional rule and interpretation switch (G1–G13).

Each option has a default (the spec's reading) and a one-line es/en help. The GM's own
variable-damage table (G1) is written as text in forms — ``"3: 1 2 2 3 3 3 3 3 3 4 4 5"``,
one row per listed damage separated by ``;`` — and also accepted as a mapping
``{listed: 12 values}``; :attr:`TierkreisOptions.damage_table` gives it back as a mapping.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from rolkit import fields
from rolkit.errors import input_error
from rolkit.memo import memo
from rolkit.systems.tierkreis.errors import TierkreisInputError
from rolkit.systems.tierkreis.tables import TEXT_LABELS, label_of

__all__ = [
    "TierkreisOptions",
    "DEFAULT_OPTIONS",
    "DEFAULT",
    "MANEUVER_NATURALS",
    "parse_damage_table",
    "format_damage_table",
]

_ROUNDING = {
    "down": ("Hacia abajo", "Hacia abajo (round down)"),
    "up": ("Hacia arriba", "Hacia arriba (round up)"),
}
#: R4, G10 what the naturals of a maneuver check do.
MANEUVER_NATURALS = {
    "critical_only": (
        "Solo el 1 (crítico)",
        "Solo el 1 (natural 1 critical only; 12 compares as any roll)",
    ),
    "both": (
        "El 1 y el 12 (lectura anterior)",
        "El 1 y el 12 (earlier reading: a natural 12 always fails)",
    ),
    "none": ("Ninguno", "Ninguno (no natural results)"),
}
#: The earlier yes/no form of ``maneuver_naturals``: yes was «1 crítico, 12 falla».
_LEGACY_NATURALS = {True: "both", False: "none"}
_ROW = re.compile(r"^\s*(\d+)\s*:\s*((?:\d+[\s,]*){12})$")


def parse_damage_table(
    text: str, field: str = "variable_damage_table"
) -> dict[int, tuple[int, ...]]:
    """G1 The rows written in ``text``: ``"listed: v1 … v12; …"`` (values for d12 = 1…12)."""
    table: dict[int, tuple[int, ...]] = {}
    for part in text.split(";"):
        if not part.strip():
            continue
        m = _ROW.match(part)
        values = tuple(int(v) for v in re.split(r"[\s,]+", m.group(2).strip())) if m else ()
        listed = int(m.group(1)) if m else -1
        es, en = label_of(field)
        if not m or len(values) != 12 or not 0 <= listed <= 20 or any(v > 99 for v in values):
            raise input_error(
                field,
                en=f"{en}: cannot read {part.strip()!r}; write one row per listed damage "
                "(0–20) with 12 damages 0–99, e.g. «3: 1 2 2 3 3 3 3 3 3 4 4 5; 5: …»",
                es=f"{es}: no se entiende {part.strip()!r}; escribe una fila por daño listado "
                "(0–20) con 12 daños de 0 a 99, p. ej. «3: 1 2 2 3 3 3 3 3 3 4 4 5; 5: …»",
                allowed="rows like «3: 1 2 2 3 3 3 3 3 3 4 4 5»",
                got=part,
                cls=TierkreisInputError,
            )
        if listed in table:
            raise input_error(
                field,
                en=f"{en}: the row for listed damage {listed} is given twice",
                es=f"{es}: la fila del daño listado {listed} aparece dos veces",
                allowed="one row per listed damage",
                got=listed,
                cls=TierkreisInputError,
            )
        table[listed] = values
    return table


def format_damage_table(table: Mapping[int, Any]) -> str:
    """The canonical text of a GM table (inverse of :func:`parse_damage_table`)."""
    return "; ".join(
        f"{listed}: " + " ".join(str(v) for v in table[listed]) for listed in sorted(table)
    )


def _as_text(value: Any, field: str) -> Any:
    """Accept a mapping ``{listed: 12 values}`` (or ``None``) for the text field."""
    if value is None:
        return ""
    if not isinstance(value, Mapping):
        return value
    try:
        rows = {int(k): tuple(int(v) for v in vs) for k, vs in value.items()}
    except (TypeError, ValueError):
        es, en = label_of(field)
        raise input_error(
            field,
            en=f"{en}: each row must map a listed damage to 12 whole numbers",
            es=f"{es}: cada fila debe asociar un daño listado a 12 números enteros",
            allowed="{listed: 12 values}",
            got=value,
            cls=TierkreisInputError,
        ) from None
    text = format_damage_table(rows)
    parse_damage_table(text, field)
    return text


_validate = fields.validator(TierkreisInputError)


@dataclass(frozen=True)
class TierkreisOptions:
    """§2.4 The optional rules and interpretation switches, each with its default."""

    variable_damage: bool = fields.flag_field(
        False,
        label=("Daño variable (opcional)", "Daño variable (optional variable damage)"),
        help=(
            "Regla opcional: el daño se lee con 1d12 en la tabla (regla provisional: falta la original).",
            "Optional rule: damage is read with 1d12 from the table (provisional rule: original missing).",
        ),
        rule="P6, T2",
    )
    variable_damage_table: str = fields.text_field(
        "",
        label=TEXT_LABELS["variable_damage_table"],
        help=(
            "Vacío = regla provisional T2 (la tabla original falta). Filas «3: 1 2 2 3 3 3 3 3 3 4 4 5».",
            "Empty = provisional rule T2 (the original table is missing). Rows «3: 1 2 2 …».",
        ),
        rule="T2, G1",
        advanced=True,
    )
    modifier_stacking: str = fields.choice_field(
        "bonuses_only",
        {
            "bonuses_only": (
                "Solo la mayor bonificación",
                "Solo la mayor bonificación (largest bonus, penalties add)",
            ),
            "largest_per_sign": (
                "La mayor de cada signo",
                "La mayor de cada signo (largest bonus and largest penalty)",
            ),
            "sum_all": ("Todo se suma (regla de la casa)", "Todo se suma (house rule: all add)"),
        },
        label=("Acumulación de ajustes", "Acumulación de ajustes (modifier stacking)"),
        help=(
            "Cómo se combinan los efectos que no se suman (Mejoras a Características).",
            "How non-cumulative effects combine (Mejoras a Características).",
        ),
        rule="R5, G8",
    )
    mirror_modifiers: bool = fields.flag_field(
        True,
        label=("Reflejar ajustes", "Reflejar ajustes (mirror modifiers)"),
        help=(
            "Cobertura, tumbado y defensa se aplican, con el signo opuesto, a la tirada que se hace.",
            "Cover, prone and stance apply, sign flipped, to the check actually rolled.",
        ),
        rule="P3, G6, G9",
    )
    half_damage_rounding: str = fields.choice_field(
        "down",
        _ROUNDING,
        label=("Redondeo de medio daño", "Redondeo de medio daño (half-damage rounding)"),
        help=("Cómo se redondea la mitad del daño.", "How half damage is rounded."),
        rule="P6, G12",
    )
    fall_damage_rounding: str = fields.choice_field(
        "down",
        _ROUNDING,
        label=("Redondeo del daño por caídas", "Redondeo del daño por caídas (fall rounding)"),
        help=(
            "Cómo se redondea la mitad de los metros caídos.",
            "How half the metres fallen round.",
        ),
        rule="P17, G12",
    )
    standing_jump: str = fields.choice_field(
        "half_reference",
        {
            "half_reference": ("Referencia FUE/2", "Referencia FUE/2 (half reference)"),
            "hard_cap": ("Máximo FUE/2", "Máximo FUE/2 (hard cap)"),
        },
        label=("Salto sin impulso", "Salto sin impulso (standing jump)"),
        help=(
            "Sin carrerilla: FUE/2 es la distancia de referencia, o el máximo posible.",
            "Without run-up: FUE/2 is the reference distance, or the most one can jump.",
        ),
        rule="P16, G13",
    )
    death_timing: str = fields.choice_field(
        "turn_start",
        {
            "turn_start": ("Al iniciar su turno", "Al iniciar su turno (at its turn start)"),
            "immediate": (
                "Al instante (regla de la casa)",
                "Al instante (house rule: immediately)",
            ),
        },
        label=("Muerte con 3 puntos de muerte", "Muerte con 3 puntos (death timing)"),
        help=(
            "«Si al iniciar un turno el personaje alcanza 3 puntos de muerte, muere»: hasta "
            "entonces aún se le puede curar. «Al instante»: el tercer punto mata en el acto.",
            "«If at the start of a turn the character reaches 3 death points, it dies»: until "
            "then it can still be healed. «Immediately»: the third point kills at once.",
        ),
        rule="P9, G11",
    )
    crits_on_power_attacks: bool = fields.flag_field(
        True,
        label=("Críticos con poderes", "Críticos con poderes (crits on power attacks)"),
        help=(
            "Los ataques con poderes tienen 1 natural (crítico) y 12 natural (pifia).",
            "Power attacks have natural 1 criticals and natural 12 fumbles.",
        ),
        rule="P14, G4",
    )
    maneuver_naturals: str = fields.choice_field(
        "critical_only",
        MANEUVER_NATURALS,
        label=("Naturales en maniobras", "Naturales en maniobras (maneuver naturals)"),
        help=(
            "Las maniobras son chequeos de característica: 1 natural es éxito crítico; el 12 "
            "natural (pifia) es solo de los chequeos de ataque, así que se compara como otra "
            "tirada. «Los dos»: el 12 también falla siempre. Sin tabla de pifias.",
            "Maneuvers are characteristic checks: a natural 1 is a critical success; the "
            "natural 12 (pifia, fumble) belongs to attack checks only, so it compares like any "
            "roll. «Both»: a 12 always fails too. No fumble table.",
        ),
        rule="R4, G10",
    )
    stance_ends_at_turn_start: bool = fields.flag_field(
        True,
        label=(
            "La Defensa acaba al iniciar su turno",
            "La Defensa acaba al iniciar su turno (defensive stance ends at its turn start)",
        ),
        help=(
            "«+1 a sus chequeos de esquiva hasta el inicio de su próximo turno»: en una pelea, "
            "la postura se quita al empezar su turno; si no se marca, dura hasta que el "
            "narrador la quite.",
            "«+1 to its dodge checks until the start of its next turn»: in a fight the stance "
            "ends when its turn starts; if unset, it lasts until the GM clears it.",
        ),
        rule="P13",
    )
    fumble_penalty_expires: bool = fields.flag_field(
        True,
        label=(
            "El −2 de una pifia acaba tras su próximo turno",
            "El −2 de una pifia acaba tras su próximo turno (fumble −2 ends after its next turn)",
        ),
        help=(
            "Pifia 5–8: «−2 … hasta el final de su próximo turno». En una pelea, el −2 se quita "
            "al acabar el asalto de ese próximo turno (el momento más cercano al final del "
            "turno); si no se marca, dura hasta que el narrador lo quite.",
            "Fumble 5–8: «−2 … until the end of its next turn». In a fight the −2 ends when "
            "the round of that next turn ends (the nearest point to the turn's end); if unset, "
            "it lasts until the GM clears it.",
        ),
        rule="P8, T1",
    )
    aid_pv: int = fields.int_field(
        1,
        1,
        20,
        label=("PV que devuelve Curar", "PV que devuelve Curar (hit points an aid restores)"),
        help=(
            "La acción Curar (un poder que recupera PV, o un ítem como una medicina o un "
            "tónico) devuelve estos PV, borra los puntos de muerte y el herido «despierta "
            "tumbado». El texto no da la cifra: la dice cada poder o ítem.",
            "The Curar action (a power that restores PV, or an item: a medicine, a tonic) "
            "restores these PV, clears the death points, and the wounded «wakes up prone». "
            "The text gives no number: each power or item says it.",
        ),
        rule="P9, P24",
    )
    fall_agi_check: bool = fields.flag_field(
        False,
        label=("Chequeo de AGI al caer", "Chequeo de AGI al caer (AGI check on a fall)"),
        help=(
            "Caídas como «un segundo piso»: un chequeo de AGI exitoso evita el daño.",
            "Falls like «a second floor»: a successful AGI check avoids the damage.",
        ),
        rule="P17",
    )

    def __post_init__(self) -> None:
        if isinstance(self.maneuver_naturals, bool):  # the earlier yes/no option
            object.__setattr__(self, "maneuver_naturals", _LEGACY_NATURALS[self.maneuver_naturals])
        object.__setattr__(
            self,
            "variable_damage_table",
            _as_text(self.variable_damage_table, "variable_damage_table"),
        )
        _validate(self)
        _table_of(self.variable_damage_table)

    @property
    def damage_table(self) -> Mapping[int, tuple[int, ...]] | None:
        """G1 The GM's rows ``{listed: 12 damages}``, or ``None`` (the T2 placeholder)."""
        return _table_of(self.variable_damage_table)


@memo
def _table_of(text: str) -> Mapping[int, tuple[int, ...]] | None:
    return MappingProxyType(parse_damage_table(text)) if text.strip() else None


DEFAULT_OPTIONS = TierkreisOptions()
#: §6 the spec's name of the default options.
DEFAULT = DEFAULT_OPTIONS
