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
    "clear_caches",
]


def clear_caches() -> None:
    """Empty every memo of the G.O.R.E. engine (for cold-cache benchmarks)."""
    from . import checks, damage, odds

    for fn in (
        checks.tier_counts,
        checks._location_hp,
        damage._md_dist,
        damage._pre_armour,
        damage.blow_distribution,
        damage.pre_armour_weights,
        damage.blow_weights,
        odds._burst_states,
        odds._chain,
        odds._shield_states,
    ):
        fn.cache_clear()
