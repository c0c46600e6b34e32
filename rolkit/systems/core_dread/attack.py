"""§4.4–4.18, §7.2 One attack: the names of the §7.1 contract, re-exported.

The work lives in modules with one job each: :mod:`.validation` (§3.6),
:mod:`.context` (the pools and the hits → damage → wound rules), :mod:`.consequences`
(the track, knock-out and prone check), :mod:`.resolve` (``resolve_attack`` in stages),
:mod:`.odds` (the exact laws) and :mod:`.outcome` (the result types).
"""

from __future__ import annotations

from rolkit.systems.core_dread.context import attack_pool, defence_pool
from rolkit.systems.core_dread.odds import attack_odds, attack_outcomes, hit_probability
from rolkit.systems.core_dread.outcome import (
    EFFECTS,
    AttackOutcome,
    AttackResolution,
    Fate,
    OddsKey,
    Resolution,
)
from rolkit.systems.core_dread.resolve import resolve_attack
from rolkit.systems.core_dread.validation import validate_attack

__all__ = [
    "AttackOutcome",
    "OddsKey",
    "Fate",
    "AttackResolution",
    "Resolution",
    "EFFECTS",
    "validate_attack",
    "attack_pool",
    "defence_pool",
    "resolve_attack",
    "attack_outcomes",
    "attack_odds",
    "hit_probability",
]
