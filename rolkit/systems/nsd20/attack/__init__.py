"""P4–P10 One attack: validate → stages → resolve, and its exact law.

``validate`` (the combinations the rules forbid) · ``key`` (:class:`AttackKey`,
:class:`NSd20Step`, :class:`Resolution`) · ``stages`` (the named stages shared by
resolve and the odds, and the forms an attack leaves) · ``resolve`` (``resolve_attack``,
one seeded roll, and the System's hook) · ``odds`` (``attack_law``, ``attack_outcomes``).
"""

from __future__ import annotations

from rolkit.systems.nsd20.attack.key import AttackKey, NSd20Step, Resolution
from rolkit.systems.nsd20.attack.odds import (
    WOUND_KEYS,
    AttackOutcomes,
    attack_law,
    attack_outcomes,
    attack_weights,
)
from rolkit.systems.nsd20.attack.resolve import resolve_attack, resolve_hook
from rolkit.systems.nsd20.attack.stages import (
    AttackSetup,
    attack_effort,
    attacker_after_attack,
    defender_after_attack,
    setup_attack,
)
from rolkit.systems.nsd20.attack.validate import validate_attack

__all__ = [
    "AttackKey",
    "NSd20Step",
    "Resolution",
    "AttackOutcomes",
    "AttackSetup",
    "WOUND_KEYS",
    "attack_law",
    "attack_outcomes",
    "attack_weights",
    "resolve_attack",
    "resolve_hook",
    "setup_attack",
    "validate_attack",
    "attack_effort",
    "attacker_after_attack",
    "defender_after_attack",
]
