"""One attack (§4.3–§4.15, §7): ``validate`` (legality) → ``stages`` (rolls and the forms a
branch leaves) → ``resolve`` (``resolve_attack``, step by step) and ``odds`` (its exact law),
with the key and result types in ``key``.
"""

from __future__ import annotations

from rolkit.systems.ashes_of_war.attack.key import (
    AttackKey,
    OddsKey,
    Outcome,
    OutcomeKey,
    Resolution,
    Step,
)
from rolkit.systems.ashes_of_war.attack.odds import (
    attack_law,
    attack_outcomes,
    attack_rows,
    odds,
    outcome_marginal,
    p_out,
    pool_law,
)
from rolkit.systems.ashes_of_war.attack.resolve import resolve, resolve_attack, user_steps
from rolkit.systems.ashes_of_war.attack.stages import branch_after, defender_after, spent
from rolkit.systems.ashes_of_war.attack.validate import check_legal

__all__ = [
    "AttackKey",
    "OddsKey",
    "OutcomeKey",
    "Step",
    "Outcome",
    "Resolution",
    "check_legal",
    "branch_after",
    "defender_after",
    "spent",
    "resolve_attack",
    "user_steps",
    "resolve",
    "attack_law",
    "attack_rows",
    "pool_law",
    "attack_outcomes",
    "outcome_marginal",
    "odds",
    "p_out",
]
