"""§3 The checks besides the attack: P1–P3 as ``CheckProcedure``\\ s (:data:`CHECKS`,
:mod:`.procedures`), their forms (:mod:`.forms`), and the non-attack actions of a firearm,
P11.8 reloading and P11.9 a silencer's life (:mod:`.reload`)."""

from __future__ import annotations

from .forms import CharacteristicCheckForm, ResistanceForm, SkillCheckForm
from .procedures import CHECKS
from .reload import reload_plan, silencer_life, silencer_life_law

__all__ = [
    "CHECKS",
    "SkillCheckForm",
    "CharacteristicCheckForm",
    "ResistanceForm",
    "reload_plan",
    "silencer_life",
    "silencer_life_law",
]
