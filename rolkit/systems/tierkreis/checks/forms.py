"""The forms of the system's checks (``SYSTEM.checks``), declared with :mod:`rolkit.fields`:
each names the character (a nested :class:`Combatant`, whose conditions count) and what the
check needs (distance, height, turn, dose …), plus the GM's adjustments (R5, R6).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rolkit import fields
from rolkit.systems.tierkreis.errors import TierkreisInputError
from rolkit.systems.tierkreis.forms import Combatant, Modifiers
from rolkit.systems.tierkreis.rules.adjustments import Adjustment
from rolkit.systems.tierkreis.tables import CODE_LABELS, CODES, MANEUVERS, TEXT_LABELS

__all__ = [
    "CharacteristicCheckForm",
    "ConcentrationForm",
    "ManeuverForm",
    "JumpForm",
    "FallForm",
    "AsphyxiaForm",
    "IntoxicationForm",
    "BleedingForm",
    "extra_list",
]


_validate = fields.validator(TierkreisInputError)


def _combatant(help_es: str, help_en: str) -> Any:
    return fields.nested_field(
        Combatant,
        label=("Personaje", "Personaje (character)"),
        help=(help_es, help_en),
    )


_EXTRA = fields.text_field(
    "",
    label=TEXT_LABELS["extra"],
    help=(
        "Ajustes separados por «;», p. ej. «+1 (buen terreno); -2 ítem».",
        "Adjustments separated by «;», e.g. «+1 (good footing); -2 ítem».",
    ),
    rule="R5, R6",
)


def extra_list(text: str) -> tuple[Adjustment, ...]:
    """The GM's adjustments written in a check form (validated as ``Modifiers.extra``)."""
    return Modifiers(extra=text).extra_list


@dataclass(frozen=True)
class CharacteristicCheckForm:
    """P1 A characteristic check of one character."""

    combatant: Combatant = _combatant(
        "Quién hace el chequeo (sus estados cuentan).",
        "Who makes the check (its conditions count).",
    )
    characteristic: str = fields.choice_field(
        "FUE",
        {c: CODE_LABELS[c] for c in CODES},
        label=("Característica", "Característica (characteristic)"),
        help=(
            "La característica que se tira (1d12, igual o menos).",
            "The characteristic rolled (1d12, equal or under).",
        ),
        rule="R2, P1",
    )
    extra: str = _EXTRA

    def __post_init__(self) -> None:
        _validate(self)
        extra_list(self.extra)


@dataclass(frozen=True)
class ConcentrationForm:
    """P2 Concentration: a VIT check after taking damage while activating a power."""

    combatant: Combatant = _combatant(
        "Quien recibe daño mientras activa un poder.", "Who takes damage while activating a power."
    )
    extra: str = _EXTRA

    def __post_init__(self) -> None:
        _validate(self)
        extra_list(self.extra)


@dataclass(frozen=True)
class ManeuverForm:
    """P15 One maneuver against an adjacent opponent."""

    maneuver: str = fields.choice_field(
        "grapple",
        MANEUVERS,
        label=("Maniobra", "Maniobra (maneuver)"),
        help=(
            "Agarrar, mantener el agarre y arrebatar: FUE o AGI; empujar y tumbar: FUE.",
            "Grapple, keep a grapple and snatch: FUE or AGI; push and trip: FUE.",
        ),
        rule="P15",
    )
    actor: Combatant = _combatant("Quien hace la maniobra.", "Who performs the maneuver.")
    opponent: Combatant = fields.nested_field(
        Combatant,
        label=("Oponente", "Oponente (opponent)"),
        help=(
            "Si un PNJ maniobra contra un PJ, tira el PJ: esquiva, o FUE/AGI para liberarse.",
            "If an NPC maneuvers on a PC, the PC rolls: a dodge, or FUE/AGI to break free.",
        ),
        rule="P3, P15",
    )
    target_is_larger: bool = fields.flag_field(
        False,
        label=("Oponente más grande y pesado", "Oponente más grande y pesado (larger, heavier)"),
        help=(
            "Empujar y tumbar no funcionan contra él; agarrado, se mueve libremente.",
            "Push and trip do not work on it; grappled, it still moves freely.",
        ),
        rule="P15",
    )
    has_snatch_power: bool = fields.flag_field(
        False,
        label=("Poder para arrebatar", "Poder para arrebatar (snatching power)"),
        help=("Sin él, arrebatar tiene −3.", "Without it, a snatch is at −3."),
        rule="P15",
    )
    extra: str = _EXTRA

    def __post_init__(self) -> None:
        _validate(self)
        extra_list(self.extra)


@dataclass(frozen=True)
class JumpForm:
    """P16 A long jump."""

    combatant: Combatant = _combatant("Quien salta (FUE).", "Who jumps (FUE).")
    distance_m: float = fields.float_field(
        5.0,
        0.0,
        30.0,
        label=("Distancia (m)", "Distancia (jump distance, m)"),
        help=(
            "Igual a FUE: sin ajuste; −1 por metro extra, +1 por metro de menos.",
            "Equal to FUE: no adjustment; −1 per extra metre, +1 per metre short.",
        ),
        rule="P16, G14",
    )
    run_up: bool = fields.flag_field(
        True,
        label=("Con impulso (~5 m)", "Con impulso (run-up of about 5 m)"),
        help=("Sin impulso: la referencia es FUE/2.", "Without a run-up the reference is FUE/2."),
        rule="P16, G13",
    )
    fall_height_m: float = fields.float_field(
        0.0,
        0.0,
        100.0,
        label=("Altura de la caída (m)", "Altura de la caída (fall height if it fails, m)"),
        help=(
            "Si no lo consigue y no se agarra, cae esta altura (daño por caídas).",
            "If it fails and does not catch the edge, it falls this far (falling damage).",
        ),
        rule="P16, P17",
    )
    extra: str = _EXTRA

    def __post_init__(self) -> None:
        _validate(self)
        extra_list(self.extra)


@dataclass(frozen=True)
class FallForm:
    """P17 A fall."""

    combatant: Combatant = _combatant("Quien cae (FUE).", "Who falls (FUE).")
    height_m: float = fields.float_field(
        6.0,
        0.0,
        100.0,
        label=("Altura (m)", "Altura (height fallen, m)"),
        help=(
            "Daño = mitad de los metros; sin daño hasta FUE/2 metros.",
            "Damage = half the metres; none up to FUE/2 metres.",
        ),
        rule="P17",
    )

    def __post_init__(self) -> None:
        _validate(self)


@dataclass(frozen=True)
class AsphyxiaForm:
    """P18 One turn without breathing."""

    combatant: Combatant = _combatant("Quien no puede respirar (VIT).", "Who cannot breathe (VIT).")
    turn: int = fields.int_field(
        7,
        1,
        99,
        label=("Turno sin respirar", "Turno sin respirar (turn without breathing)"),
        help=(
            "Hasta VIT turnos sin chequeo; luego VIT con −1 acumulativo por turno.",
            "Up to VIT turns with no check; then VIT at a cumulative −1 per turn.",
        ),
        rule="P18",
    )
    extra: str = _EXTRA

    def __post_init__(self) -> None:
        _validate(self)
        extra_list(self.extra)


@dataclass(frozen=True)
class IntoxicationForm:
    """P21 The VIT check after a dose."""

    combatant: Combatant = _combatant("Quien consume (VIT).", "Who drinks or eats it (VIT).")
    dose_number: int = fields.int_field(
        1,
        1,
        20,
        label=("Número de dosis", "Número de dosis (dose number)"),
        help=(
            "La primera dosis sin ajuste; cada una más, −1.",
            "The first dose at 0; each more, −1.",
        ),
        rule="P21, G20",
    )
    extra: str = _EXTRA

    def __post_init__(self) -> None:
        _validate(self)
        extra_list(self.extra)


@dataclass(frozen=True)
class BleedingForm:
    """P22 Damage taken after a bleeding wound was healed: does the bleeding reopen?"""

    combatant: Combatant = _combatant("Quien recibe daño (VIT).", "Who takes damage (VIT).")
    days_since_healed: int = fields.int_field(
        3,
        0,
        60,
        label=("Días desde la curación", "Días desde la curación (days since healed)"),
        help=(
            "Solo hay riesgo si no han pasado 2 semanas (menos de 14 días).",
            "There is a risk only within 2 weeks (under 14 days).",
        ),
        rule="P22",
    )
    mystic_healing: bool = fields.flag_field(
        False,
        label=("Curación mística", "Curación mística (mystic healing)"),
        help=(
            "Curada con un poder (como la Curación del Chamán): sin riesgo.",
            "Healed by a power (like the Shaman's Healing): no risk.",
        ),
        rule="P22",
    )
    extra: str = _EXTRA

    def __post_init__(self) -> None:
        _validate(self)
        extra_list(self.extra)
