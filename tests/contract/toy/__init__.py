"""The toy system: the smallest system in rolkit's layout, and the walk-through of
``docs/adding-a-system.md`` (every file here is one section of that guide).

Rules (the toy's whole "spec"): the attacker rolls 1d6 + bonus against the defender's
target number (§1); on a hit, the weapon's damage dice less the defender's armour (§2); a
natural 6 is a critical that doubles the damage (option ``crit_doubles``). 5 damage or more
is a serious wound that drops the defender, 7 or more kills it. Its one check is 1d6 + bonus
against a target, a 1 always failing (§3). A blind attacker cannot use bonus 3 (§1).

Not here, because the toy has no state between attacks: ``after.py`` and ``turns.py``
(see ``tests/contract/toy_fight.py`` and ``toy_turn.py``, the same layout's two files).
"""

from .attack import AttackKey, attack_odds, resolve_attack
from .checks import CHECK, CHECKS
from .checks.forms import CheckForm
from .errors import ToyImpossibleError, ToyInputError
from .forms import Attacker, Defender, Modifiers, Weapon
from .options import Options
from .system import SYSTEM

__all__ = [
    "SYSTEM",
    "AttackKey",
    "attack_odds",
    "resolve_attack",
    "CHECK",
    "CHECKS",
    "CheckForm",
    "ToyInputError",
    "ToyImpossibleError",
    "Attacker",
    "Defender",
    "Weapon",
    "Modifiers",
    "Options",
]
