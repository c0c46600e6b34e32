"""P1, R3, R5, T4 The characteristic check (*chequeo*) and its target.

P1 «Si el total es igual o menor a la característica … tiene éxito»: ``target =
characteristic + combine(adjustments)`` (R5), the adjustments being the character's
conditions (T4), its own and the situation's (R6). Every check of the system — the attack
(:mod:`~rolkit.systems.tierkreis.attack`), the maneuvers and the other checks
(:mod:`~rolkit.systems.tierkreis.checks`) — rolls against a :class:`CheckTarget`; its steps
(the adjustments applied and ignored, then the target) are written here once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from rolkit.model import Step
from rolkit.systems.tierkreis.forms import Combatant
from rolkit.systems.tierkreis.options import DEFAULT_OPTIONS, TierkreisOptions
from rolkit.systems.tierkreis.rules.adjustments import (
    Adjustment,
    applies,
    engine_effect,
    split_adjustments,
)
from rolkit.systems.tierkreis.tables import CONDITION_CHECKS, D12, FUMBLE_PENALTY_PARTS

__all__ = [
    "CheckTarget",
    "conditions",
    "combine_target",
    "own_adjustments",
    "check_target",
    "best_target",
    "adjustment_steps",
    "target_steps",
]


@dataclass(frozen=True)
class CheckTarget:
    """P1 The target of one check: its characteristic, base, target and the adjustments
    applied and ignored (R5)."""

    characteristic: str
    base: int
    target: int
    applied: tuple[Adjustment, ...] = ()
    ignored: tuple[Adjustment, ...] = ()

    def succeeds(self, roll: int) -> bool:
        """R3 ``roll <= target`` (a tie succeeds)."""
        return roll <= self.target

    @property
    def probability(self) -> Fraction:
        """R3 P(success) of a plain check: ``max(0, min(target, 12)) / 12``."""
        return Fraction(max(0, min(self.target, D12)), D12)

    @property
    def modifier(self) -> int:
        """The combined modifier (``target − base``)."""
        return self.target - self.base


def conditions(combatant: Combatant, code: str) -> list[Adjustment]:
    """T4 The ``effect`` adjustments a combatant's conditions give to a check of ``code``."""
    out = []
    for penalty in FUMBLE_PENALTY_PARTS[combatant.fumble_penalty]:
        if code in CONDITION_CHECKS[penalty]:
            out.append(engine_effect(-2, f"tierkreis.adj.fumble_{penalty}"))
    if combatant.intoxicated and code in CONDITION_CHECKS["intoxicated"]:
        out.append(engine_effect(-3, "tierkreis.adj.intoxicated"))
    n = combatant.deprivation_days
    if n and code in CONDITION_CHECKS["deprivation"]:
        out.append(engine_effect(-n, "tierkreis.adj.deprivation"))
    return out


def combine_target(
    code: str, base: int, adjustments: Sequence[Adjustment], stacking: str
) -> CheckTarget:
    """R5 The target of a check of ``code`` from ``base`` and the adjustments that apply."""
    applied, ignored = split_adjustments(adjustments, stacking)
    return CheckTarget(code, base, base + sum(a.value for a in applied), applied, ignored)


def own_adjustments(combatant: Combatant, code: str, check_kind: str) -> list[Adjustment]:
    """T4 conditions and the combatant's own adjustments that apply (R6)."""
    own = [a for a in combatant.adjustment_list if applies(a, code, check_kind)]
    return conditions(combatant, code) + own


def check_target(
    combatant: Combatant,
    characteristic: str,
    check_kind: str = "any",
    extra: Sequence[Adjustment] = (),
    options: TierkreisOptions = DEFAULT_OPTIONS,
) -> CheckTarget:
    """P1 ``base + conditions (T4) + own adjustments + extra``, combined by R5.

    Only the adjustments that apply to ``characteristic`` or ``check_kind`` count (R6).
    """
    base = combatant.characteristic(characteristic)
    chosen = own_adjustments(combatant, characteristic, check_kind)
    chosen += [a for a in extra if applies(a, characteristic, check_kind)]
    return combine_target(characteristic, base, chosen, options.modifier_stacking)


def best_target(targets: Sequence[CheckTarget]) -> CheckTarget:
    """G3 The higher target; on a tie the first (AGI, listed first in the seed)."""
    best = targets[0]
    for t in targets[1:]:
        if t.target > best.target:
            best = t
    return best


_RULE_R5 = "R5 «no se suman y solo se tiene en cuenta el mayor, excepto … ítems y accesorios»"


def adjustment_steps(target: CheckTarget) -> list[Step]:
    """R5 One step per adjustment of ``target``: the applied ones, then the ignored ones."""
    steps = []
    for status, adjustments in (("applied", target.applied), ("ignored", target.ignored)):
        for a in adjustments:
            steps.append(
                Step(
                    f"tierkreis.step.{status}",
                    (),
                    {
                        "adjustment": a.label or "tierkreis.adj.user",
                        "value": f"{a.value:+d}",
                        "source": f"tierkreis.value.{a.source}",
                    },
                    _RULE_R5,
                )
            )
    return steps


def target_steps(target: CheckTarget, rule: str) -> list[Step]:
    """P1 The adjustments' steps and the target's own step, citing ``rule``."""
    return adjustment_steps(target) + [
        Step(
            "tierkreis.step.target",
            (),
            {
                "characteristic": f"tierkreis.code.{target.characteristic}",
                "base": target.base,
                "modifier": f"{target.modifier:+d}",
                "target": target.target,
            },
            rule,
        )
    ]
