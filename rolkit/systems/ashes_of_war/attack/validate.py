"""§4.3, §4.5 The first stage of an attack: is it legal? Checked before any dice, by both
``resolve_attack`` and the exact law.
"""

from __future__ import annotations

from rolkit.systems.ashes_of_war.forms import Combatant, Modifiers, Weapon
from rolkit.systems.ashes_of_war.options import RulesConfig
from rolkit.systems.ashes_of_war.rules.legality import (
    check_attack,
    check_attack_modifiers,
    check_defence,
    check_wounds_once,
)

__all__ = ["check_legal", "check_situation"]


def check_legal(a: Combatant, d: Combatant, w: Weapon, m: Modifiers, rules: RulesConfig) -> None:
    """§4.3 and §4.5, and the wound counts against T3 (once per distinct wound rows),
    before any dice."""
    check_attack(a, w, m, rules)
    check_defence(d, m, rules)
    check_wounds_once(a, rules, "attacker")
    check_wounds_once(d, rules, "defender")


def check_situation(
    a: Combatant, d: Combatant, w: Weapon, m: Modifiers, rules: RulesConfig
) -> None:
    """:func:`check_legal` except the attacker's own refusal (``attack_refusal``: a broken,
    dropped or empty weapon, a useless weapon hand), which a fight meets as "no blow"."""
    check_attack_modifiers(w, m)
    check_defence(d, m, rules)
    check_wounds_once(a, rules, "attacker")
    check_wounds_once(d, rules, "defender")
