"""§4.4–4.18, §7.2, §7.3 One attack: validate → stages → resolve, and its exact law.

Submodules, one job each: :mod:`.validate` (§3.6), :mod:`.key` (:class:`AttackKey`, the
odds key, and :class:`AttackResolution`), :mod:`.stages` (the pools, the hits → damage →
wound rules and the wound put on the track), :mod:`.resolve` (``resolve_attack`` in named
stages) and :mod:`.odds` (the exact laws).
"""

from __future__ import annotations

from rolkit.systems.core_dread.attack.key import (
    EFFECTS,
    AttackKey,
    AttackOutcome,
    AttackResolution,
    Fate,
    OddsKey,
    Resolution,
)
from rolkit.systems.core_dread.attack.odds import attack_odds, attack_outcomes, hit_probability
from rolkit.systems.core_dread.attack.resolve import resolve_attack, resolve_hook
from rolkit.systems.core_dread.attack.stages import attack_pool, defence_pool
from rolkit.systems.core_dread.attack.validate import validate_attack

__all__ = [
    "AttackOutcome",
    "AttackKey",
    "OddsKey",
    "Fate",
    "AttackResolution",
    "Resolution",
    "EFFECTS",
    "validate_attack",
    "attack_pool",
    "defence_pool",
    "resolve_attack",
    "resolve_hook",
    "attack_outcomes",
    "attack_odds",
    "hit_probability",
]
