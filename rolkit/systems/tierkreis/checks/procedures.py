"""``SYSTEM.checks``: the Tierkreis checks besides the attack, each exact and seeded:
characteristic check (P1), concentration (P2), maneuvers (P15), jump (P16), fall (P17),
asphyxia (P18), intoxication (P21) and reopened bleeding (P22). Every check is a plain d12
roll-under check (R3) with no natural results, except maneuvers (R4, G10). The forms are in
:mod:`.forms`, the procedures in :mod:`.plain`, :mod:`.maneuvers`, :mod:`.movement` and
:mod:`.body`.
"""

from __future__ import annotations

from typing import Any

from rolkit.model import Degree
from rolkit.system import CheckProcedure
from rolkit.systems.tierkreis.checks.body import (
    asphyxia_odds,
    asphyxia_resolve,
    bleeding_odds,
    bleeding_resolve,
    intoxication_odds,
    intoxication_resolve,
)
from rolkit.systems.tierkreis.checks.forms import (
    AsphyxiaForm,
    BleedingForm,
    CharacteristicCheckForm,
    ConcentrationForm,
    FallForm,
    IntoxicationForm,
    JumpForm,
    ManeuverForm,
)
from rolkit.systems.tierkreis.checks.maneuvers import maneuver_check_odds, maneuver_check_resolve
from rolkit.systems.tierkreis.checks.movement import (
    fall_odds,
    fall_resolve,
    jump_odds,
    jump_resolve,
)
from rolkit.systems.tierkreis.checks.plain import (
    characteristic_odds,
    characteristic_resolve,
    concentration_odds,
    concentration_resolve,
)
from rolkit.systems.tierkreis.options import TierkreisOptions

__all__ = ["CHECKS"]


def _degrees(*rows: tuple[str, str, str, bool]) -> tuple[Degree, ...]:
    return tuple(Degree(i, (es, en), ok) for i, es, en, ok in rows)


_PASS_FAIL = _degrees(
    ("failure", "Fallo", "Fallo (failure)", False), ("success", "Éxito", "Éxito (success)", True)
)

CHECKS: dict[str, CheckProcedure[Any, TierkreisOptions]] = {
    "characteristic": CheckProcedure(
        id="characteristic",
        label=("Chequeo de característica", "Chequeo de característica (characteristic check)"),
        form=CharacteristicCheckForm,
        degrees=_PASS_FAIL,
        odds_fn=characteristic_odds,
        resolve_fn=characteristic_resolve,
    ),
    "concentration": CheckProcedure(
        id="concentration",
        label=("Concentración", "Concentración (concentration)"),
        form=ConcentrationForm,
        degrees=_degrees(
            ("power_lost", "Pierde el poder", "Pierde el poder (power lost)", False),
            ("power_kept", "Mantiene el poder", "Mantiene el poder (power kept)", True),
        ),
        odds_fn=concentration_odds,
        resolve_fn=concentration_resolve,
    ),
    "maneuver": CheckProcedure(
        id="maneuver",
        label=("Maniobra", "Maniobra (maneuver)"),
        form=ManeuverForm,
        degrees=_degrees(
            ("no_effect", "Sin efecto", "Sin efecto (no effect)", False),
            ("failure", "Fallo", "Fallo (failure)", False),
            ("success", "Éxito", "Éxito (success)", True),
            ("critical", "Crítico", "Crítico (critical success)", True),
        ),
        odds_fn=maneuver_check_odds,
        resolve_fn=maneuver_check_resolve,
    ),
    "jump": CheckProcedure(
        id="jump",
        label=("Saltar", "Saltar (jump)"),
        form=JumpForm,
        degrees=_degrees(
            ("impossible", "Imposible", "Imposible (impossible)", False),
            ("falls", "Cae", "Cae (falls)", False),
            (
                "catches_edge",
                "Se agarra del borde",
                "Se agarra del borde (catches the edge)",
                False,
            ),
            ("success", "Salta", "Salta (jumps across)", True),
        ),
        odds_fn=jump_odds,
        resolve_fn=jump_resolve,
    ),
    "fall": CheckProcedure(
        id="fall",
        label=("Daño por caídas", "Daño por caídas (falling)"),
        form=FallForm,
        degrees=_degrees(
            ("hurt", "Recibe daño y queda tumbado", "Recibe daño (hurt, ends prone)", False),
            ("unhurt", "Sin daño", "Sin daño (unhurt)", True),
        ),
        odds_fn=fall_odds,
        resolve_fn=fall_resolve,
    ),
    "asphyxia": CheckProcedure(
        id="asphyxia",
        label=("Asfixia", "Asfixia (asphyxia)"),
        form=AsphyxiaForm,
        degrees=_degrees(
            (
                "unconscious",
                "Cae inconsciente (0 PV)",
                "Cae inconsciente (unconscious, 0 PV)",
                False,
            ),
            ("conscious", "Sigue consciente", "Sigue consciente (stays conscious)", True),
        ),
        odds_fn=asphyxia_odds,
        resolve_fn=asphyxia_resolve,
    ),
    "bleeding": CheckProcedure(
        id="bleeding",
        label=("Reabrir el sangrado", "Reabrir el sangrado (reopened bleeding)"),
        form=BleedingForm,
        degrees=_degrees(
            ("reopens", "Reanuda el sangrado", "Reanuda el sangrado (bleeding reopens)", False),
            ("holds", "La herida aguanta", "La herida aguanta (the wound holds)", True),
        ),
        odds_fn=bleeding_odds,
        resolve_fn=bleeding_resolve,
    ),
    "intoxication": CheckProcedure(
        id="intoxication",
        label=("Intoxicación", "Intoxicación (intoxication)"),
        form=IntoxicationForm,
        degrees=_degrees(
            (
                "intoxicated",
                "Intoxicado 1d12 horas",
                "Intoxicado (intoxicated for 1d12 hours)",
                False,
            ),
            ("unaffected", "Sin efectos", "Sin efectos (unaffected)", True),
        ),
        odds_fn=intoxication_odds,
        resolve_fn=intoxication_resolve,
    ),
}
