"""§6 One attack: validate (:mod:`.validate`) → the stages (:mod:`.stages`) → one roll
(:mod:`.resolve`) and the exact law (:mod:`.odds`), with the keys in :mod:`.key`."""

from rolkit.systems.tierkreis.attack.key import AttackKey, Outcome, Resolution
from rolkit.systems.tierkreis.attack.odds import attack_law, attack_odds, attack_outcomes, odds
from rolkit.systems.tierkreis.attack.resolve import resolve, resolve_attack
from rolkit.systems.tierkreis.attack.stages import roll_target
from rolkit.systems.tierkreis.attack.validate import validate_attack

__all__ = [
    "AttackKey",
    "Outcome",
    "Resolution",
    "attack_law",
    "attack_odds",
    "attack_outcomes",
    "resolve_attack",
    "resolve",
    "odds",
    "roll_target",
    "validate_attack",
]
