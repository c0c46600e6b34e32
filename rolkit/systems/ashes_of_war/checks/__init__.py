"""The procedures besides the attack: the ``CheckProcedure`` objects (``procedures``,
``CHECKS``) and their forms (``forms``), the rolls on characters (``rolls``: checks, feint,
locating, running, Auxiliar, waking, Moribundo) and the action economy (``actions``:
movement, reloading).
"""

from __future__ import annotations

from rolkit.systems.ashes_of_war.checks.actions import movement_allowance, reload_actions
from rolkit.systems.ashes_of_war.checks.forms import (
    OpposedCheckForm,
    SkillCheckForm,
    StabiliseForm,
)
from rolkit.systems.ashes_of_war.checks.procedures import CHECKS
from rolkit.systems.ashes_of_war.checks.rolls import (
    ProcedureResult,
    aid_purpose,
    aid_roll,
    aided,
    feint_roll,
    locate_roll,
    opposed_check,
    p_opposed_check,
    p_simple_check,
    run_roll,
    simple_check,
    stabilisation_roll,
    wake_roll,
)

__all__ = [
    "CHECKS",
    "SkillCheckForm",
    "OpposedCheckForm",
    "StabiliseForm",
    "ProcedureResult",
    "simple_check",
    "opposed_check",
    "p_simple_check",
    "p_opposed_check",
    "feint_roll",
    "locate_roll",
    "run_roll",
    "aid_roll",
    "aid_purpose",
    "aided",
    "wake_roll",
    "stabilisation_roll",
    "movement_allowance",
    "reload_actions",
]
