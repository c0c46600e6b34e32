"""P8/T1, P19, P23 The attacks of a Tierkreis turn (``SYSTEM.actions``): the turn's
*Ataque* and the attacks that spend no action of it, each one mark on the attacker that
the attack uses up.

* **Atacar** (*Ataque*, P24): «El personaje ataca con el arma que tenga en sus manos».
* **Ataque gratis** (T1 9–10): «Genera un ataque gratis por parte del enemigo al que estaba
  atacando»: the fumbler's defender holds ``free_attack``; the attack spends no action.
* **Ataque sorpresa** (P23): «los atacantes pueden realizar 1 acción antes de hacer los
  chequeos de iniciativa»: a combatant with ``surprise_action`` attacks without spending
  its action (before initiative in the tracker; in whole-fight odds in its first turn).
* **Acción preparada** (P19): the attack held for a trigger (``prepared_action``).
* **Poder como reacción** (P19): «Hay poderes que se activan con una reacción … Un
  personaje solo tiene una de estas acciones de reacción y la recupera cuando empieza su
  turno»: a power attack that spends the reaction (``reaction_used``), not the action.

The last two are the GM's to call when their trigger comes (kind ``"other"``: the default
policy of whole-fight odds never takes them).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from rolkit.actions import (
    ActionAfter,
    ActionContext,
    ActionResult,
    AttackAction,
    Blow,
    Refusal,
)
from rolkit.systems.tierkreis.forms import Combatant, Modifiers

__all__ = ["MarkedAttack", "ATTACK_ACTIONS", "FREE", "FREE_RESOURCE"]

#: The resource of the attacks that spend no action: each needs its own mark (a free attack
#: due, a surprise action, a prepared action, the reaction), so a turn holds at most four.
FREE_RESOURCE = "free"
FREE = {FREE_RESOURCE: 1}


@dataclass(frozen=True, eq=False)
class MarkedAttack(AttackAction):
    """An attack allowed by a mark on the attacker that the attack uses up: ``spend_fn``
    gives the attacker without it (every branch of the law, so a free attack is taken
    once)."""

    spend_fn: Callable[[Combatant], Combatant] | None = field(default=None, repr=False)

    def _spent(self, after: ActionAfter) -> ActionAfter:
        if self.spend_fn is None:
            return after
        return after._replace(actor=self.spend_fn(after.actor))

    def refused_law(
        self, ctx: ActionContext, blow: Blow | None = None
    ) -> tuple[bool, dict[ActionAfter, Fraction]]:
        refused, law = super().refused_law(ctx, blow)
        if refused:
            return refused, law
        out: dict[ActionAfter, Fraction] = {}
        for after, p in law.items():
            key = self._spent(after)
            out[key] = out.get(key, Fraction(0)) + p
        return False, out

    def resolve_in_fight(self, ctx: ActionContext, seed: int | None = None) -> ActionResult:
        result = super().resolve_in_fight(ctx, seed)
        return replace(result, after=self._spent(result.after))


def _needs(flag: str, es: str, en: str) -> Callable[[ActionContext], Refusal | None]:
    def refusal(ctx: ActionContext) -> Refusal | None:
        return None if getattr(ctx.actor, flag) else (es, en)

    return refusal


@functools.lru_cache(maxsize=4096)
def _spent_form(c: Combatant, changes: tuple[tuple[str, Any], ...]) -> Combatant:
    """``replace(c, **changes)``, memoised (whole-fight odds spend the same marks of the
    same forms in many branches; equal forms are the same values, every field being
    compared). Cleared by ``rolkit.clear_caches()``."""
    return replace(c, **dict(changes))


def _spend(**changes: Any) -> Callable[[Combatant], Combatant]:
    items = tuple(sorted(changes.items()))

    def spend(c: Combatant) -> Combatant:
        return _spent_form(c, items)

    return spend


def _surprise(ctx: ActionContext, modifiers: Any) -> Any:
    """P23 the attack is recorded as a surprise attack (the roll's first step says so)."""
    if isinstance(modifiers, Modifiers) and not modifiers.surprise:
        return replace(modifiers, surprise=True)
    return modifiers


def _reaction_refusal(ctx: ActionContext) -> Refusal | None:
    if ctx.weapon.kind != "power":
        return ("solo un poder se usa como reacción", "only a power is used as a reaction")
    if ctx.actor.reaction_used:
        return ("ya gastó su reacción", "has already used its reaction")
    return None


ATTACK_ACTIONS: dict[str, AttackAction] = {
    "attack": AttackAction(id="attack", label=("Atacar", "Atacar (attack)")),
    "free_attack": MarkedAttack(
        id="free_attack",
        label=("Ataque gratis", "Ataque gratis (free attack)"),
        cost=FREE,
        refusal_fn=_needs("free_attack", "no tiene un ataque gratis", "has no free attack due"),
        spend_fn=_spend(free_attack=False),
    ),
    "surprise_attack": MarkedAttack(
        id="surprise_attack",
        label=("Ataque sorpresa", "Ataque sorpresa (surprise attack)"),
        cost=FREE,
        refusal_fn=_needs(
            "surprise_action", "no tiene acción de sorpresa", "has no surprise action"
        ),
        modifiers_fn=_surprise,
        spend_fn=_spend(surprise_action=False),
    ),
    "prepared_attack": MarkedAttack(
        id="prepared_attack",
        label=("Atacar con la acción preparada", "Atacar con la acción preparada (readied attack)"),
        cost=FREE,
        kind="other",
        refusal_fn=_needs(
            "prepared_action", "no tiene una acción preparada", "has no prepared action"
        ),
        spend_fn=_spend(prepared_action=False),
    ),
    "reaction_power": MarkedAttack(
        id="reaction_power",
        label=("Poder como reacción", "Poder como reacción (power as a reaction)"),
        cost=FREE,
        kind="other",
        refusal_fn=_reaction_refusal,
        spend_fn=_spend(reaction_used=True),
    ),
}
