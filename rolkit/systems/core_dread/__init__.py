"""Core Dread (Beta 14): 5d10 hits against an attribute, skill rerolls, wound tracks.

The rules contract of ``shared/rules/core_dread.md`` §7: the 19 pure functions in spec
order, then ``resolve_attack``, ``attack_outcomes`` and ``SYSTEM``, then the forms and
errors. Probabilities are exact ``Fraction``s; randomness is injected (``rng.randint``).
"""

from __future__ import annotations

from rolkit.systems.core_dread import messages as _messages  # noqa: F401  (registers i18n)
from rolkit.systems.core_dread.attack import (
    EFFECTS,
    AttackOutcome,
    AttackResolution,
    OddsKey,
    Resolution,
    attack_odds,
    attack_outcomes,
    resolve_attack,
    validate_attack,
)
from rolkit.systems.core_dread.checks import (
    CheckRoll,
    apply_rerolls,
    check_success_probability,
    count_hits,
    degree_of_success,
    effective_attribute,
    hits_distribution,
    opposed_check,
    roll_check,
    roll_distribution,
)
from rolkit.systems.core_dread.combat import attack_multiplier, opposed_damage
from rolkit.systems.core_dread.errors import (
    CoreDreadImpossibleError,
    CoreDreadInputError,
    CoreDreadRangeError,
)
from rolkit.systems.core_dread.forms import (
    DEFAULT_OPTIONS,
    Armor,
    Attacker,
    Combatant,
    CoreDreadOptions,
    Defender,
    Modifiers,
    Weapon,
)
from rolkit.systems.core_dread.hazards import (
    apply_hazard,
    asphyxia_turns,
    derived_fortaleza,
    fall,
    fall_damage,
    fall_wound,
    hazard_wounds,
)
from rolkit.systems.core_dread.healing import (
    heal,
    healing_check,
    healing_check_outcomes,
    malherido_check,
    rest,
    treat,
)
from rolkit.systems.core_dread.system import SYSTEM
from rolkit.systems.core_dread.wounds import (
    adjust_wound,
    apply_wounds,
    wound_from_damage,
    wound_penalty,
)

__all__ = [
    # §7.1, in spec order
    "effective_attribute",
    "count_hits",
    "apply_rerolls",
    "roll_check",
    "roll_distribution",
    "check_success_probability",
    "degree_of_success",
    "opposed_check",
    "attack_multiplier",
    "opposed_damage",
    "wound_from_damage",
    "adjust_wound",
    "apply_wounds",
    "wound_penalty",
    "fall_damage",
    "hazard_wounds",
    "asphyxia_turns",
    "resolve_attack",
    "attack_outcomes",
    "SYSTEM",
    # forms, results and errors
    "Combatant",
    "Attacker",
    "Defender",
    "Weapon",
    "Armor",
    "Modifiers",
    "CoreDreadOptions",
    "DEFAULT_OPTIONS",
    "AttackOutcome",
    "AttackResolution",
    "Resolution",
    "OddsKey",
    "CheckRoll",
    "EFFECTS",
    "CoreDreadInputError",
    "CoreDreadRangeError",
    "CoreDreadImpossibleError",
    # described procedures beyond the contract
    "validate_attack",
    "attack_odds",
    "hits_distribution",
    "fall_wound",
    "apply_hazard",
    "fall",
    "derived_fortaleza",
    "heal",
    "rest",
    "treat",
    "malherido_check",
    "healing_check",
    "healing_check_outcomes",
]
