"""§7 One attack, re-exported: :func:`resolve_attack` (:mod:`.resolve`, one seeded roll)
and :func:`attack_outcomes` / :func:`hit_probability` (:mod:`.odds`, the exact law), with
their result types. Kept so ``rolkit.systems.gore.attack`` imports keep working."""

from __future__ import annotations

from .odds import OutcomeDistribution, OutcomeRow, attack_outcomes, hit_probability
from .resolve import Resolution, resolve_attack

__all__ = [
    "OutcomeRow",
    "OutcomeDistribution",
    "Resolution",
    "resolve_attack",
    "attack_outcomes",
    "hit_probability",
]
