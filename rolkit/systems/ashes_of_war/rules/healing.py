"""§4.23, T8 Healing and Prana between fights: Prana regeneration and the days a wound
takes to heal (T8 [PH]); helpers outside the attack.
"""

from __future__ import annotations

from rolkit.errors import input_error, shown
from rolkit.systems.ashes_of_war.errors import AowFieldRangeError
from rolkit.systems.ashes_of_war.forms import Combatant
from rolkit.systems.ashes_of_war.options import DEFAULT_RULES, RulesConfig
from rolkit.systems.ashes_of_war.rules.derived import prana_max

__all__ = ["prana_max", "prana_regen", "healing_days"]


def prana_regen(c: Combatant, hours: int) -> int:
    """§4.23 Prana after ``hours``: +1 per hour, resting or not, up to the maximum."""
    return min(prana_max(c.vitality), c.prana_now + max(0, hours))


def healing_days(
    severity: str, location: str, *, halved: bool = False, rules: RulesConfig = DEFAULT_RULES
) -> int | None:
    """T8 [PH]: days to heal a wound; None = never (lethal); ``halved`` once by Auxiliar or care."""
    if severity == "lethal":
        return None
    days = {"light": rules.healing_light_days, "serious": rules.healing_serious_days}.get(severity)
    if days is None:
        raise input_error(
            "severity",
            en=f"Herida (severity) must be light or serious (got {shown(severity)})",
            es=f"Herida debe ser leve o grave (recibido {shown(severity)})",
            allowed="light or serious",
            got=severity,
            cls=AowFieldRangeError,
        )
    return days // 2 if halved else days
