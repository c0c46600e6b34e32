"""P15 Maneuvers (*Agarrar*, mantener el agarre, *Arrebatar*, *Empujar*, *Tumbar*).

Seed: «puede intentar agarrar a un enemigo adyacente si supera un chequeo de FUE o AGI»;
*Arrebatar* «siempre recibe un penalizador de -3 excepto si el personaje tiene un poder
específico»; *Empujar* «lo aleja 1 metro, pero si es crítico, lo aleja 2 metros y el
oponente queda tumbado. No funciona contra criaturas más grandes y pesadas».

Naturals (R4, G10, option ``maneuver_naturals``): 1 = critical success, 12 = failure, no
fumble table.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from rolkit.systems.tierkreis.adjustments import intrinsic
from rolkit.systems.tierkreis.errors import check_choice, fail
from rolkit.systems.tierkreis.forms import Combatant, Modifiers
from rolkit.systems.tierkreis.tables import D12, MANEUVERS
from rolkit.systems.tierkreis.targets import CheckTarget, check_target

__all__ = [
    "ManeuverResult",
    "maneuver_target",
    "maneuver_result",
    "maneuver_odds",
    "resolve_maneuver",
    "SNATCH_PENALTY",
]

#: *Arrebatar*: «siempre recibe un penalizador de -3».
SNATCH_PENALTY = -3
_BEST_OF = ("FUE", "AGI")  # «chequeo de FUE o AGI»: the better; a tie keeps FUE (listed first)
_BLOCKED_BY_SIZE = ("push", "trip")


@dataclass(frozen=True)
class ManeuverResult:
    """P15 ``result`` (``critical|success|failure|no_effect``), the check rolled (``None`` for
    ``no_effect``) and the faces drawn."""

    result: str
    target: CheckTarget | None
    dice: tuple[int, ...]
    kind: str = ""

    @property
    def success(self) -> bool:
        return self.result in ("critical", "success")

    @property
    def distance_m(self) -> int:
        """*Empujar*: 1 m on a success, 2 m on a critical; 0 otherwise."""
        if self.kind != "push" or not self.success:
            return 0
        return 2 if self.result == "critical" else 1

    @property
    def opponent_prone(self) -> bool:
        """The opponent ends prone: a push critical, or a successful trip (*Tumbar*)."""
        return (self.kind == "push" and self.result == "critical") or (
            self.kind == "trip" and self.success
        )


def _check_kind(kind: str) -> str:
    return str(check_choice(kind, tuple(MANEUVERS), "maneuver"))


def maneuver_target(
    kind: str, actor: Combatant, modifiers: Modifiers, *, has_snatch_power: bool = False
) -> CheckTarget:
    """P15 The check of a maneuver: FUE for push and trip, else the better of FUE and AGI;
    snatch −3 (``intrinsic``) unless the actor has a snatching power; plus
    ``Modifiers.extra`` and the actor's conditions and adjustments (R5, R6)."""
    _check_kind(kind)
    extra = list(modifiers.extra_list)
    if kind == "snatch" and not has_snatch_power:
        extra.insert(0, intrinsic(SNATCH_PENALTY, "tierkreis.adj.snatch"))
    codes = ("FUE",) if kind in _BLOCKED_BY_SIZE else _BEST_OF
    targets = [check_target(actor, c, "maneuver", extra, modifiers.options) for c in codes]
    best = targets[0]
    for t in targets[1:]:
        if t.target > best.target:
            best = t
    return best


def maneuver_result(roll: int, target: int, naturals: bool = True) -> str:
    """R4, G10 ``critical`` (natural 1), ``failure`` (natural 12), else by ``roll <= target``."""
    if naturals and roll == 1:
        return "critical"
    if naturals and roll == D12:
        return "failure"
    return "success" if roll <= target else "failure"


def _can_act(actor: Combatant) -> None:
    if actor.status != "active":
        raise fail(
            "pv_current",
            "an unconscious character cannot act (at 0 PV, or knocked out by hunger and sleep)",
            "un personaje inconsciente no puede actuar (a 0 PV o agotado por hambre y sueño)",
            "a character who can act",
            actor.pv,
        )


def maneuver_odds(
    kind: str,
    actor: Combatant,
    modifiers: Modifiers,
    *,
    target_is_larger: bool = False,
    has_snatch_power: bool = False,
) -> dict[str, Fraction]:
    """P15 The exact law of the maneuver's result (faces 1…12 enumerated)."""
    _check_kind(kind)
    _can_act(actor)
    if kind in _BLOCKED_BY_SIZE and target_is_larger:
        return {"no_effect": Fraction(1)}
    t = maneuver_target(kind, actor, modifiers, has_snatch_power=has_snatch_power)
    counts: dict[str, int] = {}
    for roll in range(1, D12 + 1):
        r = maneuver_result(roll, t.target, modifiers.options.maneuver_naturals)
        counts[r] = counts.get(r, 0) + 1
    return {r: Fraction(n, D12) for r, n in counts.items()}


def resolve_maneuver(
    kind: str,
    actor: Combatant,
    modifiers: Modifiers,
    rng: Any,
    *,
    target_is_larger: bool = False,
    has_snatch_power: bool = False,
) -> ManeuverResult:
    """P15 One maneuver: ``no_effect`` without a roll for push/trip against a bigger,
    heavier creature; else one d12 against :func:`maneuver_target`."""
    _check_kind(kind)
    _can_act(actor)
    if kind in _BLOCKED_BY_SIZE and target_is_larger:
        return ManeuverResult("no_effect", None, (), kind)
    t = maneuver_target(kind, actor, modifiers, has_snatch_power=has_snatch_power)
    roll = int(rng.randint(1, D12))
    return ManeuverResult(
        maneuver_result(roll, t.target, modifiers.options.maneuver_naturals), t, (roll,), kind
    )
