"""The actions of a turn (#25): what a combatant may do on its turn as its rulebook
defines it, each with its exact law over the combatants' forms, a seeded resolve and its
cost in the turn's budget.

A system declares :class:`TurnRules` (the resources of one turn: Core Dread's one action,
Ashes of War's movement and two attacks) and ``actions`` (``{id: procedure}``): an
:class:`AttackAction` (the System's own attack, as the fight makes it) or a
:class:`CheckAction` (a check whose degree changes the forms: first aid, reload, stand up,
grapple…). Every procedure answers, for one :class:`ActionContext`:

* :meth:`~ActionProcedure.refusal`: why it cannot be taken now (``(es, en)``), or ``None``;
* :meth:`~ActionProcedure.law`: the exact law of the forms after it,
  ``{ActionAfter: Fraction}`` summing to 1;
* :meth:`~ActionProcedure.resolve_in_fight`: one seeded draw, explained (:class:`ActionResult`).

The tracker (:meth:`rolkit.fight.Fight.act`) and whole-fight odds (the chain's turn) both
play turns of these actions; a policy chooses them (:mod:`rolkit.fight.policy`).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any, NamedTuple

from rolkit.errors import RulesError, input_error
from rolkit.headline import resolution_headline
from rolkit.model import CheckOdds, CheckResolution, Resolution, Step

if TYPE_CHECKING:
    from rolkit.system import CheckProcedure, System

__all__ = [
    "TurnRules",
    "ActionContext",
    "ActionAfter",
    "ActionResult",
    "Refusal",
    "Blow",
    "ActionProcedure",
    "AttackAction",
    "CheckAction",
    "TARGETS",
    "KINDS",
]

#: Why an action cannot be taken now: ``(es, en)``, a phrase about the actor
#: («no está derribado» / "is not prone").
Refusal = tuple[str, str]
#: A blow as :meth:`rolkit.system.System.fight_blow` gives it: ``(modifiers or None,
#: reasons)``, each reason ``(role, es, en)``.
Blow = tuple[Any, tuple[tuple[str, str, str], ...]]
#: Whom an action is aimed at.
TARGETS: tuple[str, ...] = ("foe", "ally", "self")
#: What an action is for, as the default policy reads it: ``"attack"`` (a blow at a foe),
#: ``"aid"`` (help a fallen ally), ``"recover"`` (mend the actor's own state: stand up,
#: reload), ``"other"`` (never chosen by the default policy; a GM's choice).
KINDS: tuple[str, ...] = ("attack", "aid", "recover", "other")


@dataclass(frozen=True)
class TurnRules:
    """The resources of one combatant's turn and their names.

    ``budget``: ``{resource: how many}`` (Core Dread ``{"action": 1}``; Ashes of War
    ``{"move": 1, "attack": 2}``); an action's ``cost`` spends them.
    """

    budget: Mapping[str, int] = field(default_factory=lambda: {"action": 1})
    labels: Mapping[str, tuple[str, str]] = field(
        default_factory=lambda: {"action": ("acción", "action")}
    )

    def spent(self, taken: Sequence[str], actions: Mapping[str, ActionProcedure]) -> dict[str, int]:
        """What the actions ``taken`` this turn have spent, by resource."""
        out = {r: 0 for r in self.budget}
        for action_id in taken:
            for r, n in actions[action_id].cost.items():
                out[r] = out.get(r, 0) + n
        return out

    def affordable(
        self, action: ActionProcedure, taken: Sequence[str], actions: Mapping[str, ActionProcedure]
    ) -> bool:
        """``action`` still fits in the turn after ``taken``."""
        spent = self.spent(taken, actions)
        return all(spent.get(r, 0) + n <= self.budget.get(r, 0) for r, n in action.cost.items())


class ActionContext(NamedTuple):
    """One action as the fight would take it now.

    ``actor``: the acting combatant's form; ``weapon``: its weapon; ``target``: the
    target's combatant form (the actor's own for a ``"self"`` action); ``modifiers``: the
    fight's standing attack modifiers; ``options``; ``taken``: the ids of the actions
    already taken this turn, in order; ``defend``: the target makes the defence the
    modifiers carry (its defence policy)."""

    actor: Any
    weapon: Any
    target: Any
    modifiers: Any
    options: Any
    taken: tuple[str, ...] = ()
    defend: bool = True


class ActionAfter(NamedTuple):
    """The forms after an action: the actor, the target, the actor's weapon (for a
    ``"self"`` action ``target`` is not read)."""

    actor: Any
    target: Any
    weapon: Any


@dataclass(frozen=True)
class ActionResult:
    """One action taken, explained: which, the seed, the steps, a log text ``(es, en)``
    and the forms after it; ``roll``: the attack's :class:`~rolkit.model.Resolution` or
    the check's :class:`~rolkit.model.CheckResolution`."""

    action: str
    label: tuple[str, str]
    seed: int
    steps: tuple[Step, ...]
    text: tuple[str, str]
    after: ActionAfter
    roll: Any = None
    #: ``(es, en)`` notes on how the action was made (a defence dropped…)
    reasons: tuple[tuple[str, str], ...] = ()

    def text_for(self, lang: str = "es") -> str:
        return self.text[0] if lang == "es" else self.text[1]


@dataclass(frozen=True, eq=False)
class ActionProcedure:
    """The common part of every action: its id, ``(es, en)`` label, cost in the turn's
    budget, whom it targets and its kind (:data:`TARGETS`, :data:`KINDS`)."""

    id: str
    label: tuple[str, str]
    cost: Mapping[str, int] = field(default_factory=lambda: {"action": 1})
    target: str = "foe"
    kind: str = "other"
    system: str = ""

    def __post_init__(self) -> None:
        if self.target not in TARGETS:
            raise ValueError(f"action {self.id!r}: target {self.target!r} not in {TARGETS}")
        if self.kind not in KINDS:
            raise ValueError(f"action {self.id!r}: kind {self.kind!r} not in {KINDS}")

    def label_for(self, lang: str = "es") -> str:
        return self.label[0] if lang == "es" else self.label[1]

    def bind(self, system: System) -> ActionProcedure:
        """This procedure as part of ``system`` (called by the System)."""
        return replace(self, system=system.id)

    def refusal(self, ctx: ActionContext) -> Refusal | None:
        """Why the action cannot be taken in ``ctx`` (``None``: it can)."""
        raise NotImplementedError

    def law(self, ctx: ActionContext) -> dict[ActionAfter, Fraction]:
        """The exact law of the forms after the action (an action refused: nothing
        changes)."""
        raise NotImplementedError

    def resolve_in_fight(self, ctx: ActionContext, seed: int | None = None) -> ActionResult:
        """One seeded draw of the action, explained.

        Raises:
            RulesError: the action cannot be taken in ``ctx`` (the message says why).
        """
        raise NotImplementedError

    def _refused(self, ctx: ActionContext) -> None:
        why = self.refusal(ctx)
        if why is not None:
            name = getattr(ctx.actor, "name", "")
            raise _plain(f"{name} {why[1]}".strip(), f"{name} {why[0]}".strip())


def _unchanged(ctx: ActionContext) -> dict[ActionAfter, Fraction]:
    return {ActionAfter(ctx.actor, ctx.target, ctx.weapon): Fraction(1)}


@dataclass(frozen=True, eq=False)
class AttackAction(ActionProcedure):
    """An attack as an action: the System's resolve, after-state law and
    :meth:`~rolkit.system.System.fight_blow`.

    ``modifiers_fn(ctx, modifiers) -> modifiers``: how this attack's modifiers differ from
    the standing ones (Ashes of War: the second attack of a turn adds a Desgracia die);
    ``refusal_fn(ctx) -> Refusal | None``: a state that forbids it (a lost weapon hand).
    A blow the fight cannot make now (:meth:`~rolkit.system.System.fight_blow` gives no
    modifiers, or the rules refuse the attack in this state) is refused with the
    system's own reason.
    """

    label: tuple[str, str] = ("Atacar", "Attack")
    kind: str = "attack"
    modifiers_fn: Callable[[ActionContext, Any], Any] | None = field(default=None, repr=False)
    refusal_fn: Callable[[ActionContext], Refusal | None] | None = field(default=None, repr=False)
    bound: Any = field(default=None, repr=False)

    def bind(self, system: System) -> ActionProcedure:
        return replace(self, system=system.id, bound=system)

    @property
    def _system(self) -> System:
        if self.bound is None:
            raise RuntimeError(f"attack action {self.id!r} is not part of a System")
        return self.bound  # type: ignore[no-any-return]

    def blow(self, ctx: ActionContext) -> Blow:
        """``(modifiers, reasons)``: the modifiers this blow is made with (``None``: it
        cannot be made now) and why, as :meth:`~rolkit.system.System.fight_blow` gives.
        Memoised by the action and the whole context (:func:`_action_blow`): a fight asks
        for one action's blow for its reasons, its refusal and its law."""
        try:
            return _action_blow(self, ctx)
        except TypeError:  # an unhashable form or modifiers: nothing to key a memo on
            return self.plain_blow(ctx)

    def made_blow(self, ctx: ActionContext) -> Blow:
        """:meth:`blow` with this action's modifiers computed now (:meth:`modifiers_for`)
        and the system's ``fight_blow`` memoised by all it reads (:func:`_fight_blow`)."""
        mods = self.modifiers_for(ctx)
        try:
            return _fight_blow(
                self._system, ctx.actor, ctx.target, ctx.weapon, mods, ctx.options, ctx.defend
            )
        except TypeError:  # unhashable: the system's answer, unmemoised
            return self.system_blow(ctx, mods)

    def modifiers_for(self, ctx: ActionContext) -> Any:
        """The modifiers this attack is made with before the system's ``fight_blow``: the
        standing ones as ``modifiers_fn`` changes them."""
        if self.modifiers_fn is None:
            return ctx.modifiers
        return self.modifiers_fn(ctx, ctx.modifiers)

    def system_blow(self, ctx: ActionContext, modifiers: Any) -> Blow:
        """The system's ``fight_blow`` of ``ctx`` with ``modifiers`` (from
        :meth:`modifiers_for`), unmemoised: for a caller with a memo of its own."""
        return self._system.fight_blow(
            ctx.actor, ctx.target, ctx.weapon, modifiers, ctx.options, defend=ctx.defend
        )

    def plain_blow(self, ctx: ActionContext) -> Blow:
        """:meth:`blow` unmemoised: ``modifiers_fn``, then the system's ``fight_blow``."""
        return self.system_blow(ctx, self.modifiers_for(ctx))

    def refusal(self, ctx: ActionContext, blow: Blow | None = None) -> Refusal | None:
        """Why the attack cannot be made in ``ctx`` (``refusal_fn``, else a blow
        :meth:`~rolkit.system.System.fight_blow` does not make, with its reasons), or
        ``None``; ``blow``: the context's :meth:`blow` when the caller has it."""
        if self.refusal_fn is not None:
            why = self.refusal_fn(ctx)
            if why is not None:
                return why
        mods, reasons = self.blow(ctx) if blow is None else blow
        if mods is None:
            mine = [r for r in reasons if r[0] == "attacker"] or list(reasons)
            if mine:
                return " · ".join(r[1] for r in mine), " · ".join(r[2] for r in mine)
            return "no puede atacar ahora", "cannot attack now"
        return None

    def refused_law(
        self, ctx: ActionContext, blow: Blow | None = None
    ) -> tuple[bool, dict[ActionAfter, Fraction]]:
        """``(refused, law)``: :meth:`law` and whether the attack was refused in ``ctx``
        (nothing changes then), the blow asked for once (``blow``: the caller's)."""
        if blow is None:
            blow = self.blow(ctx)
        if self.refusal(ctx, blow) is not None:
            return True, _unchanged(ctx)
        try:
            law = self._system.transitions(
                ctx.actor, ctx.target, ctx.weapon, blow[0], ctx.options, with_weapon=True
            )
        except RulesError:  # the attack cannot be made in this state: nothing changes
            return False, _unchanged(ctx)
        return False, {ActionAfter(a, d, w): p for (a, d, w), p in law.items()}

    def law(self, ctx: ActionContext) -> dict[ActionAfter, Fraction]:
        return self.refused_law(ctx)[1]

    def resolve_in_fight(self, ctx: ActionContext, seed: int | None = None) -> ActionResult:
        self._refused(ctx)
        s = self._system
        mods, reasons = self.blow(ctx)
        res = s.resolve(ctx.actor, ctx.target, ctx.weapon, mods, ctx.options, seed=seed)
        after = s.after(res)
        done = ActionAfter(
            after.get("attacker", ctx.actor),
            after.get("defender", ctx.target),
            after.get("weapon", ctx.weapon),
        )
        names = {"attacker": getattr(ctx.actor, "name", ""), "defender": ""}
        notes = tuple(
            (f"{names.get(r[0], '')} {r[1]}".strip(), f"{names.get(r[0], '')} {r[2]}".strip())
            for r in reasons
        )
        return ActionResult(
            self.id, self.label, res.seed, res.steps, _attack_text(res), done, res, notes
        )

    def odds(self, forms: Mapping[str, Any], options: Any = None) -> Any:
        """The attack's exact odds from its four forms (``System.odds``)."""
        return self._system.odds(**forms, options=options)

    def resolve(
        self, forms: Mapping[str, Any], options: Any = None, seed: int | None = None
    ) -> Resolution:
        """One explained attack from its four forms (``System.resolve``)."""
        return self._system.resolve(**forms, options=options, seed=seed)


@functools.lru_cache(maxsize=32_768)
def _action_blow(action: AttackAction, ctx: ActionContext) -> Blow:
    """``action``'s blow in ``ctx`` (:meth:`AttackAction.plain_blow`), memoised by all it
    reads: the action (by identity: its ``modifiers_fn`` and its system) and the whole
    context (forms, modifiers, options, actions taken, defence — what ``modifiers_fn``
    may read); its modifiers are computed once. Cleared by ``rolkit.clear_caches()``;
    an error is not kept."""
    return action.made_blow(ctx)


@functools.lru_cache(maxsize=32_768)
def _fight_blow(
    system: System, actor: Any, target: Any, weapon: Any, modifiers: Any, options: Any, defend: bool
) -> Blow:
    """``system.fight_blow`` memoised by all it reads (forms, modifiers after the action's
    ``modifiers_fn``, options, defence; the system by identity): shared by the actions and
    the turns' stages that make the same blow. Cleared by ``rolkit.clear_caches()``."""
    return system.fight_blow(actor, target, weapon, modifiers, options, defend=defend)


def _attack_text(res: Resolution) -> tuple[str, str]:
    return resolution_headline(res, "es"), resolution_headline(res, "en")


@dataclass(frozen=True, eq=False)
class CheckAction(ActionProcedure):
    """An action whose roll is a check (first aid, reload, stand up, grapple, feint…).

    ``check``: the :class:`~rolkit.system.CheckProcedure` rolled (its form, degrees, exact
    odds and explained resolve: ``.odds(form)`` and ``.resolve(form, seed=…)`` are the
    check's); ``prepare_fn(ctx) -> form | Refusal``: the check's form built from the fight,
    or why the action cannot be taken now (an ``(es, en)`` tuple); ``effect_fn(ctx, form,
    degree, outcome) -> ActionAfter``: the forms after the check landed on ``degree``
    (``outcome``: the check's own result; ``None`` when the law is built from the degrees
    alone). ``law_fn(ctx) -> {ActionAfter: Fraction}``: the exact law when the effect
    reads more than the degree (a healing roll's amount); without it the law is
    ``Σ odds(degree) · effect(degree)``.
    """

    check: CheckProcedure[Any, Any] | None = field(default=None, repr=False)
    prepare_fn: Callable[[ActionContext], Any] | None = field(default=None, repr=False)
    effect_fn: Callable[[ActionContext, Any, str, Any], ActionAfter] | None = field(
        default=None, repr=False
    )
    law_fn: Callable[[ActionContext], Mapping[ActionAfter, Fraction]] | None = field(
        default=None, repr=False
    )

    def bind(self, system: System) -> ActionProcedure:
        check = self.check
        if check is not None:
            check = replace(check, system=system.id, options_type=system.options_type)
        return replace(self, system=system.id, check=check)

    def _parts(self) -> tuple[CheckProcedure[Any, Any], Callable[..., Any], Callable[..., Any]]:
        if self.check is None or self.prepare_fn is None or self.effect_fn is None:
            raise RuntimeError(f"action {self.id!r} needs check, prepare_fn and effect_fn")
        return self.check, self.prepare_fn, self.effect_fn

    def prepared(self, ctx: ActionContext) -> Any:
        """The check's form for ``ctx``, or the refusal tuple."""
        return self._parts()[1](ctx)

    def refusal(self, ctx: ActionContext) -> Refusal | None:
        form = self.prepared(ctx)
        return form if _is_refusal(form) else None

    def law(self, ctx: ActionContext) -> dict[ActionAfter, Fraction]:
        check, prepare, effect = self._parts()
        form = prepare(ctx)
        if _is_refusal(form):
            return _unchanged(ctx)
        if self.law_fn is not None:
            return dict(self.law_fn(ctx))
        out: dict[ActionAfter, Fraction] = {}
        for degree, p in check.odds(form, ctx.options).probabilities.items():
            if p:
                after = effect(ctx, form, degree, None)
                out[after] = out.get(after, Fraction(0)) + p
        return out

    def resolve_in_fight(self, ctx: ActionContext, seed: int | None = None) -> ActionResult:
        self._refused(ctx)
        check, prepare, effect = self._parts()
        form = prepare(ctx)
        roll = check.resolve(form, ctx.options, seed=seed)
        after = effect(ctx, form, roll.degree.id, roll.outcome)
        text = (
            f"{self.label[0]}: {roll.degree.label_for('es')}",
            f"{self.label[1]}: {roll.degree.label_for('en')}",
        )
        return ActionResult(self.id, self.label, roll.seed, roll.steps, text, after, roll)

    def odds(self, form: Any, options: Any = None) -> CheckOdds:
        """The check's exact law over its degrees."""
        return self._parts()[0].odds(form, options)

    def resolve(self, form: Any, options: Any = None, seed: int | None = None) -> CheckResolution:
        """One explained, replayable check."""
        return self._parts()[0].resolve(form, options, seed)


def _is_refusal(value: Any) -> bool:
    return isinstance(value, tuple) and len(value) == 2 and all(isinstance(v, str) for v in value)


def _plain(en: str, es: str) -> RulesError:
    return input_error(None, en=en, es=es, cls=RulesError)
