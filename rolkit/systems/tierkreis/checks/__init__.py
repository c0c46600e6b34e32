"""The Tierkreis checks besides the attack (``SYSTEM.checks``): their forms
(:mod:`.forms`), the plain check (:mod:`.plain`: P1, P2), the maneuvers (:mod:`.maneuvers`:
P15), jumping and falling (:mod:`.movement`: P16–P17), asphyxia, intoxication and bleeding
(:mod:`.body`: P18, P21, P22), and the table of procedures (:mod:`.procedures`)."""

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
from rolkit.systems.tierkreis.checks.maneuvers import (
    ManeuverResult,
    maneuver_odds,
    maneuver_target,
    resolve_maneuver,
)
from rolkit.systems.tierkreis.checks.movement import fall_odds, jump_odds
from rolkit.systems.tierkreis.checks.procedures import CHECKS

__all__ = [
    "CharacteristicCheckForm",
    "ManeuverForm",
    "JumpForm",
    "FallForm",
    "AsphyxiaForm",
    "IntoxicationForm",
    "BleedingForm",
    "ConcentrationForm",
    "CHECKS",
    "jump_odds",
    "fall_odds",
    "ManeuverResult",
    "maneuver_odds",
    "maneuver_target",
    "resolve_maneuver",
]
