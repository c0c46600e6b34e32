"""§7 One attack: validate (:mod:`.validate`, the numbers of one attack), the stages the
roll and the exact law share (:mod:`.stages`), the key and the roll's result
(:mod:`.key`), one seeded roll (:mod:`.resolve`) and the exact law (:mod:`.odds`)."""

from __future__ import annotations

from .key import AttackKey, OutcomeRow, Resolution
from .odds import OutcomeDistribution, attack_outcomes, hit_probability
from .resolve import resolve_attack

__all__ = [
    "AttackKey",
    "OutcomeRow",
    "OutcomeDistribution",
    "Resolution",
    "resolve_attack",
    "attack_outcomes",
    "hit_probability",
]
