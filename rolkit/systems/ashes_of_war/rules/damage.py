"""§4.9, §4.12, §4.13 Damage dice, RD, the shield's block and the wound severity (T6 [PH]).

«(Dado de daño del arma) - (RD del equipo defensivo del oponente)»; «El dado de daño se tira
en cada golpe». Severity: leve if ``1 ≤ final < serious_min``, grave if below ``lethal_min``,
letal above (defaults 5 and 10, overridable per weapon).
"""

from __future__ import annotations

from fractions import Fraction

from rolkit.memo import memo
from rolkit.systems.ashes_of_war.forms import Weapon
from rolkit.systems.ashes_of_war.options import RulesConfig

__all__ = [
    "damage_weights",
    "damage_distribution",
    "wound_severity",
    "weapon_thresholds",
    "shield_block",
]


@memo
def damage_weights(count: int, sides: int) -> tuple[dict[int, int], int]:
    """Integer weights of the sum of ``count`` d``sides`` and their denominator."""
    w = {0: 1}
    for _ in range(count):
        nxt: dict[int, int] = {}
        for total, n in w.items():
            for face in range(1, sides + 1):
                nxt[total + face] = nxt.get(total + face, 0) + n
        w = nxt
    return w, sides**count


def damage_distribution(weapon: Weapon) -> dict[int, Fraction]:
    """Contract #9: the exact law of the weapon's damage dice."""
    w, d = damage_weights(*weapon.dice)
    return {x: Fraction(n, d) for x, n in sorted(w.items())}


def wound_severity(final_damage: int, thresholds: tuple[int, int] = (5, 10)) -> str | None:
    """Contract #10, T6: the severity of a final damage (None if ≤ 0)."""
    serious_min, lethal_min = thresholds
    if final_damage <= 0:
        return None
    if final_damage < serious_min:
        return "light"
    return "serious" if final_damage < lethal_min else "lethal"


def weapon_thresholds(weapon: Weapon, rules: RulesConfig) -> tuple[int, int]:
    """T6 for this weapon: its own override, else the config's."""
    return weapon.wound_thresholds or rules.wound_thresholds


def shield_block(raw_damage: int, shield_rd: int, arm_rd: int) -> tuple[bool, int, int]:
    """Contract #12, §4.9: ``(blocked, excess, arm_final)``."""
    excess = max(0, raw_damage - shield_rd)
    return raw_damage <= shield_rd, excess, max(0, excess - arm_rd)
