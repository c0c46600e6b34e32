"""The Tierkreis checks besides the attack (``SYSTEM.checks``): their forms
(:mod:`.forms`), the maneuvers (P15, :mod:`.maneuvers`) and the procedures
(:mod:`.procedures`)."""

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
from rolkit.systems.tierkreis.checks.procedures import CHECKS, fall_odds, jump_odds

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
]
