"""A turn of actions in the chain (#25): the actions' laws over interned forms and the
default policy that chooses them (:class:`Acting`, a base of the chain).

When a system's turn is more than one attack (:attr:`rolkit.system.System.has_turn_actions`),
the chain's blow is replaced by the actor's whole turn of actions: the policy chooses an
action and its target from the state and what the actor has taken this turn, the action's
exact law moves the forms, and again, until the policy chooses nothing (or the budget of
:class:`rolkit.actions.TurnRules` is spent: every action costs something).

The default policy, what a GM would expect (stated in the result's notes):

1. a ``"recover"`` action on itself when one applies (stand up, reload);
2. when the combatant or its side is among ``aid``: an ``"aid"`` action on the first
   fallen ally (down or dying, in the order) it applies to;
3. an ``"attack"`` action on the foe its policy picks (``"weakest"``: the likeliest to be
   put out by this blow; ``"first"``: the first able to act), while the budget allows
   (Ashes of War: twice);
4. else the turn ends.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any, NamedTuple, cast

from rolkit.actions import ActionContext, ActionProcedure, AttackAction, Blow
from rolkit.dice import MAX_SEED
from rolkit.errors import RulesError
from rolkit.fight.laws import Laws, add_weight
from rolkit.fight.state import After, ChainState, Slot
from rolkit.model import OUT_FATES, Odds

__all__ = ["Acting", "ActKey", "Choice", "ActLaw"]

_UNKNOWN = object()
#: The turns :meth:`Acting.turn_rows` keeps before starting again (a bound on the memory).
_TURNS_MAX = 100_000

#: The fates :attr:`rolkit.model.Odds.p_down` counts: the defender can no longer act.

#: An action's law over interned ids: ``(denominator, ((forms after, weight), ...))``.
ActLaw = tuple[int, tuple[tuple[After, int], ...]]


class ActKey(NamedTuple):
    """An action by interned ids: which, the actor's form and weapon, the target's form
    (the actor's for a "self" action), what the actor has taken this turn, and whether
    the target defends."""

    action: str
    actor: int
    weapon: int
    target: int
    taken: tuple[str, ...]
    defend: bool


class Choice(NamedTuple):
    """The policy's choice: an action and the index of its target."""

    action: str
    target: int


class Acting(Laws):
    """The actions' laws over interned ids and the default policy. The chain sets
    :attr:`names`, :attr:`sides`, :attr:`order`, :attr:`policy`, :attr:`defend` and
    :attr:`aiders` (combatant indexes that aid fallen allies)."""

    names: tuple[str, ...]
    sides: tuple[str, ...]
    order: tuple[int, ...]
    policy: tuple[str, ...]
    defend: tuple[bool, ...]
    aiders: frozenset[int]
    sampling: bool

    def init_acting(self) -> None:
        #: a turn is the actor's actions (else one blow, as the fight has always been)
        self.multi = self.s.has_turn_actions
        self.actions: dict[str, ActionProcedure] = dict(self.s.actions)
        self._act_laws: dict[ActKey, ActLaw] = {}
        self._refusals: dict[ActKey, bool] = {}
        #: an attack action's blow (:meth:`act_blow`), and the system's by what it reads
        self._act_blows: dict[ActKey, Blow] = {}
        self._fight_blows: dict[tuple[Any, ...], Blow] = {}
        self._choices: dict[Any, Choice | None] = {}
        #: each combatant's foes, in the turn order
        self._foes = tuple(
            tuple(j for j in self.order if self.sides[j] != self.sides[i])
            for i in range(len(self.sides))
        )
        self._act_out: dict[ActKey, Fraction] = {}
        #: the "weakest" measure by what it reads (:meth:`measure_key`), shared by the
        #: attackers that attack alike; off: by the whole action (kept to test the two)
        self._measures: dict[tuple[Any, ...], Fraction] = {}
        self.share_measures = True
        #: whether an outcome key of the odds leaves its defender out (:meth:`p_down`)
        self._downs: dict[Any, bool] = {}
        #: a turn's rows by what it reads (:meth:`turn_rows`)
        self._turns: dict[tuple[Any, ...], list[tuple[Slot, tuple[Slot, ...], int, int]]] = {}
        #: the attacks whose reasons are kept already (:meth:`met_blow`)
        self._met_acts: set[ActKey] = set()
        #: the actions of a kind the budget still allows after those taken
        self._affordables: dict[tuple[tuple[str, ...], str], tuple[ActionProcedure, ...]] = {}
        #: the actions the fight met (for the notes)
        self.acted: dict[str, None] = {}
        #: ``(taken, aids)``: the budget allows no action the policy may choose
        self._spent: dict[tuple[tuple[str, ...], bool], bool] = {}

    # facts the chain defines ----------------------------------------------------------
    def acting(self, state: ChainState, i: int) -> bool:
        raise NotImplementedError

    def terminal(self, state: ChainState) -> bool:
        raise NotImplementedError

    def new_state(self, slots: list[Slot]) -> ChainState:
        raise NotImplementedError

    def state_of(self, slots: list[Slot]) -> ChainState:
        """The one state of these slots (:meth:`new_state` only when it is new)."""
        raise NotImplementedError

    # one action ---------------------------------------------------------------------
    def act_key(
        self, state: ChainState, actor: int, choice: Choice, taken: tuple[str, ...]
    ) -> ActKey:
        form, weapon = state[actor]
        j = choice.target
        return ActKey(choice.action, form, weapon, state[j][0], taken, self.defend[j])

    def context(self, key: ActKey) -> ActionContext:
        return ActionContext(
            self.forms[key.actor],
            self.forms[key.weapon],
            self.forms[key.target],
            self.modifiers,
            self.options,
            key.taken,
            key.defend,
        )

    def act_blow(self, key: ActKey, ctx: ActionContext | None = None) -> Blow:
        """The attack action's blow (:meth:`AttackAction.blow`: its modifiers, then the
        system's ``fight_blow``), computed once per action: its reasons, its refusal and
        its law all read it (``ctx``: the key's context, when the caller has it). The
        system's answer is shared by the actions that make the same blow (the same
        system, forms by id, modifiers after the action's own, defence; the chain's
        options): keyed by ids, cheaper than hashing the forms again."""
        known = self._act_blows.get(key)
        if known is None:
            proc = cast(AttackAction, self.actions[key.action])
            ctx = ctx or self.context(key)
            mods = proc.modifiers_for(ctx)
            try:
                share = (proc.bound, key.actor, key.target, key.weapon, mods, key.defend)
                known = self._fight_blows.get(share)
                if known is None:
                    known = self._fight_blows[share] = proc.system_blow(ctx, mods)
            except TypeError:  # unhashable modifiers: the system's answer as it is
                known = proc.system_blow(ctx, mods)
            self._act_blows[key] = known
        return known

    def refused(self, key: ActKey) -> bool:
        known = self._refusals.get(key)
        if known is None:
            proc = self.actions[key.action]
            ctx = self.context(key)
            if isinstance(proc, AttackAction):
                why = proc.refusal(ctx, self.act_blow(key, ctx))
            else:
                why = proc.refusal(ctx)
            known = self._refusals[key] = why is not None
        return known

    def act_law(self, key: ActKey) -> ActLaw:
        """The action's after-state law over interned ids (memoised)."""
        known = self._act_laws.get(key)
        if known is None:
            proc = self.actions[key.action]
            ctx = self.context(key)
            if isinstance(proc, AttackAction):
                law = proc.refused_law(ctx, self.act_blow(key, ctx))[1]
            else:
                law = proc.law(ctx)
            den = math.lcm(*(p.denominator for p in law.values()))
            known = (
                den,
                tuple(
                    (
                        After(self.intern(a.actor), self.intern(a.target), self.intern(a.weapon)),
                        p.numerator * (den // p.denominator),
                    )
                    for a, p in law.items()
                    if p
                ),
            )
            self._act_laws[key] = known
            self.denominator = math.lcm(self.denominator, den)
        return known

    def p_out_act(self, key: ActKey) -> Fraction:
        """The chance the action puts its target out of the fight (the "weakest" measure):
        from its law, or, for a simulation's attack whose law is not built, from the
        attack's odds (``p_down``: the same number, the fate's law being the odds', a
        property every system is tested for,
        ``tests/contract/test_transitions_properties.py``; cheaper than the whole law)."""
        known = self._act_out.get(key)
        if known is None:
            proc = self.actions[key.action]
            if self.sampling and key not in self._act_laws and isinstance(proc, AttackAction):
                known = self._odds_p_out(key, self.context(key))
            else:
                den, rows = self.act_law(key)
                out = sum(w for after, w in rows if self._status[after.defender] is not None)
                known = Fraction(out, den)
            self._act_out[key] = known
        return known

    def measure_key(self, key: ActKey, mods: Any) -> tuple[Any, ...] | None:
        """What the odds' measure of the attack ``key`` made with ``mods`` (its blow's
        modifiers, :meth:`act_blow`) reads, as a memo key shared by the attackers that
        attack alike, or ``None`` (keyed by the whole action then).

        The measure is ``s.odds(attacker, target, weapon, mods, options).p_down`` (the
        action itself enters only through ``mods``; the options are the fight's). It is
        the mass of the attack's after-state law (:meth:`~rolkit.system.System.
        transitions`) whose target is out (the contract test above), and that law reads
        the attacker only through :attr:`~rolkit.system.System.blow_reads` when it is not
        ``None`` (its contract: equal values, the same law but for the attacker itself;
        Ashes of War: the attack pool, §4.4, of an attacker that can attack now and has
        no pending ▽). So the key is ``(reads, target, weapon, mods)``, as the blow laws
        share theirs (:meth:`~rolkit.fight.laws.Laws.law`).

        Not the system's turn profile (:attr:`~rolkit.system.System.duel_profile`,
        #27 item 6's first idea): it describes one combatant's forms over a whole turn,
        so it leaves out what a party's attackers differ in (Ashes of War: the skill's
        rank, in the pool) and it reads the form after the turn's first "recover"
        action (a prone form that picked up its weapon this turn attacks prone; its
        profile says standing): keyed by it, the measure would be wrong (the tests)."""
        reads = self.s.blow_reads
        if reads is None or not self.share_measures:
            return None
        found = reads(self.forms[key.actor], self.forms[key.weapon], mods, self.options)
        if found is None:
            return None
        shared = (found, key.target, key.weapon, mods)
        try:
            hash(shared)
        except TypeError:  # unhashable modifiers: keyed by the action
            return None
        return shared

    def _odds_p_out(self, key: ActKey, ctx: ActionContext) -> Fraction:
        """The measure from the attack's odds, shared by :meth:`measure_key` (a measure
        that could not be made, an attack the rules refuse, is ``0`` and not shared).

        The system's :attr:`~rolkit.system.System.p_out_fn` gives it when declared (the
        same number, ``odds(...).p_down``, without building every outcome: held to the
        odds by ``tests/contract/test_p_out_hook.py``); else, or where it answers
        ``None``, the odds' :meth:`p_down`."""
        mods = self.act_blow(key, ctx)[0]
        if mods is None:
            return Fraction(0)
        shared = self.measure_key(key, mods)
        known = None if shared is None else self._measures.get(shared)
        if known is None:
            hook = self.s.p_out_fn
            try:
                if hook is not None and ctx.options is not None:
                    known = hook(ctx.actor, ctx.target, ctx.weapon, mods, ctx.options)
                if known is None:
                    odds = self.s.odds(ctx.actor, ctx.target, ctx.weapon, mods, ctx.options)
                    known = self.p_down(odds)
            except RulesError:  # the attack cannot be made in this state
                return Fraction(0)
            if shared is not None:
                self._measures[shared] = known
        return known

    def p_down(self, odds: Odds) -> Fraction:
        """``odds.p_down`` (the outcomes whose defender's fate is down, dying or dead),
        each outcome's projection made once per fight: the system's ``project`` maps a
        key to its view, so equal keys have the same fate, and a fight's odds meet the
        same outcomes again and again (projecting every one of them was a third of the
        measure, Ashes of War's 4v4)."""
        downs = self._downs
        project = odds.project
        out = []
        for k, p in odds.probabilities.items():
            down = downs.get(k)
            if down is None:
                down = downs[k] = project(k).fate in OUT_FATES
            if down:
                out.append(p)
        return sum(out, Fraction(0))

    def after_act(self, state: ChainState, actor: int, target: int, after: After) -> ChainState:
        """``state`` with the actor (and a target other than itself) as the action left them."""
        nxt = list(state)
        if target != actor:
            nxt[target] = self.settle(after.defender, state[target][1])
        nxt[actor] = self.settle(after.attacker, after.weapon)
        return self.new_state(nxt)

    # the policy ---------------------------------------------------------------------
    def choose(self, state: ChainState, i: int, taken: tuple[str, ...]) -> Choice | None:
        """The default policy's next action for combatant ``i`` (module docstring)."""
        memo = self._choice_key(state, i, taken)
        known = self._choices.get(memo, _UNKNOWN)
        if known is not _UNKNOWN:
            return known  # type: ignore[return-value]
        choice = self._choose(state, i, taken)
        self._choices[memo] = choice
        return choice

    def _choice_key(self, state: ChainState, i: int, taken: tuple[str, ...]) -> Any:
        """What the policy reads of ``state`` (its memo key): one who aids reads its allies
        too, so the whole state; else its own slot and its foes' forms (whether each can
        act, and how likely a blow puts it out) — states that differ only in its allies
        share the choice."""
        if i in self.aiders:
            return (state, i, taken)
        return (i, taken, state[i], *[state[j][0] for j in self._foes[i]])

    def _affordable(self, taken: tuple[str, ...], kind: str) -> tuple[ActionProcedure, ...]:
        """The actions of ``kind`` the turn's budget still allows after ``taken``
        (memoised: the actions and the budget are the fight's)."""
        known = self._affordables.get((taken, kind))
        if known is None:
            rules = self.s.turn_rules
            known = self._affordables[(taken, kind)] = tuple(
                a
                for a in self.actions.values()
                if a.kind == kind and rules.affordable(a, taken, self.actions)
            )
        return known

    def spent(self, taken: tuple[str, ...], aids: bool) -> bool:
        """After ``taken`` the budget allows no action the policy may choose (no recover
        nor attack action, nor an aid one for one who aids): :meth:`choose` is ``None``
        whatever the state (memoised)."""
        key = (taken, aids)
        known = self._spent.get(key)
        if known is None:
            kinds = ("recover", "attack", "aid") if aids else ("recover", "attack")
            known = self._spent[key] = not any(self._affordable(taken, k) for k in kinds)
        return known

    def _choose(self, state: ChainState, i: int, taken: tuple[str, ...]) -> Choice | None:
        for action in self._affordable(taken, "recover"):
            c = Choice(action.id, i)
            if not self.refused(self.act_key(state, i, c, taken)):
                return c
        if i in self.aiders:
            fallen = [
                j
                for j in self.order
                if j != i
                and self.sides[j] == self.sides[i]
                and self._status[state[j][0]] in ("down", "dying")
                and self.forms[state[j][0]] is not None
            ]
            for j in fallen:
                for action in self._affordable(taken, "aid"):
                    c = Choice(action.id, j)
                    if not self.refused(self.act_key(state, i, c, taken)):
                        return c
        foes = [j for j in self.order if self.sides[j] != self.sides[i] and self.acting(state, j)]
        for action in self._affordable(taken, "attack"):
            for j in self._by_preference(state, i, action.id, foes, taken):
                c = Choice(action.id, j)
                key = self.act_key(state, i, c, taken)
                self.met_blow(key)
                if not self.refused(key):
                    return c
        return None

    def met_blow(self, key: ActKey) -> None:
        """The fight meets this attack: keep the reasons of how the blow is made (a
        defence dropped, a turn that passes) for the notes, as a one-attack turn does (once
        per attack: its reasons are the same every time)."""
        if key in self._met_acts:
            return
        if isinstance(self.actions[key.action], AttackAction):
            for reason in self.act_blow(key)[1]:
                self.happened[reason] = None
        self._met_acts.add(key)

    def _by_preference(
        self, state: ChainState, i: int, action: str, foes: Sequence[int], taken: tuple[str, ...]
    ) -> list[int]:
        """The foes in the order the target policy prefers them."""
        if self.policy[i] == "first" or len(foes) < 2:
            return list(foes)
        score = {j: self.p_out_act(self.act_key(state, i, Choice(action, j), taken)) for j in foes}
        return sorted(foes, key=lambda j: -score[j])  # stable: ties keep the order

    # a whole turn -------------------------------------------------------------------
    def turn_rows(
        self, state: ChainState, actor: int, plain: bool = False
    ) -> list[tuple[ChainState, int, int]]:
        """The law of ``state`` after ``actor``'s actions of one turn, as rows
        ``(state, weight, denominator)`` (equal states not yet summed). Memoised by what
        a turn reads and changes — the actor's slot and its foes' (whether the fight is
        over, whom to attack, the blows' laws) — unless the actor aids its allies: states
        that differ only in its allies share the turn, the allies' slots kept. ``plain``:
        each state after as its plain tuple of slots (equal to its state, not interned:
        :meth:`Chain.successors` interns only the turn's ends)."""
        foes = self._foes[actor]
        if actor in self.aiders or len(foes) + 1 == len(state):
            return self._turn_rows(state, actor, plain)
        key = (actor, state[actor], *[state[j] for j in foes])
        known = self._turns.get(key)
        if known is None:
            rows = self._turn_rows(state, actor, plain)
            if len(self._turns) >= _TURNS_MAX:
                self._turns.clear()
            self._turns[key] = [
                (st[actor], tuple([st[j] for j in foes]), w, d) for st, w, d in rows
            ]
            return rows
        out: list[tuple[ChainState, int, int]] = []
        state_of = self.state_of
        for mine, theirs, w, d in known:
            nxt = list(state)
            nxt[actor] = mine
            for j, slot in zip(foes, theirs, strict=True):
                nxt[j] = slot
            out.append((cast(ChainState, tuple(nxt)) if plain else state_of(nxt), w, d))
        return out

    def _turn_rows(
        self, state: ChainState, actor: int, plain: bool = False
    ) -> list[tuple[ChainState, int, int]]:
        """:meth:`turn_rows` built: the policy's actions one after the other, each
        ``(state, actions taken)`` once (``plain``: the states between as plain tuples,
        none interned)."""
        layer: dict[tuple[ChainState, tuple[str, ...]], list[int]] = {(state, ()): [1, 1]}
        done: list[tuple[ChainState, int, int]] = []
        after_act = self._after_plain if plain else self.after_act
        aids = actor in self.aiders
        while layer:
            nxt: dict[tuple[ChainState, tuple[str, ...]], list[int]] = {}
            for (st, taken), (w, d) in layer.items():
                choice = None
                if not self.spent(taken, aids) and not self.terminal(st) and self.acting(st, actor):
                    choice = self.choose(st, actor, taken)
                if choice is None:
                    done.append((st, w, d))
                    continue
                key = self.act_key(st, actor, choice, taken)
                self.acted[choice.action] = None
                den, rows = self.act_law(key)
                then = (*taken, choice.action)
                for after, v in rows:
                    add_weight(
                        nxt, (after_act(st, actor, choice.target, after), then), w * v, d * den
                    )
            layer = nxt
        return done

    def _after_plain(self, state: ChainState, actor: int, target: int, after: After) -> ChainState:
        """:meth:`after_act` as a plain tuple of slots (equal to the state, not interned)."""
        nxt = list(state)
        if target != actor:
            nxt[target] = self.settle(after.defender, state[target][1])
        nxt[actor] = self.settle(after.attacker, after.weapon)
        return cast(ChainState, tuple(nxt))

    def draw_turn(
        self,
        state: ChainState,
        actor: int,
        rng: Any,
        draw: Callable[[ActKey, Any], After] | None = None,
    ) -> ChainState:
        """One turn of ``actor``'s actions drawn at random (the simulation): the policy
        chooses each action (:meth:`choose`) and ``draw`` (default :meth:`draw_action`)
        draws what it does — the draw of :meth:`turn_rows`."""
        draw = self.draw_action if draw is None else draw
        taken: tuple[str, ...] = ()
        while not self.terminal(state) and self.acting(state, actor):
            choice = self.choose(state, actor, taken)
            if choice is None:
                break
            self.acted[choice.action] = None
            after = draw(self.act_key(state, actor, choice, taken), rng)
            state = self.after_act(state, actor, choice.target, after)
            taken = (*taken, choice.action)
        return state

    def draw_action(self, key: ActKey, rng: Any) -> After:
        """One draw of the action ``key``: from its law when it is built (the exploration
        built it, or an earlier draw did not need to), else resolved with a seed from
        ``rng`` as the tracker would (a simulation meets most combinations of forms once:
        building each one's whole law would cost far more than the draw)."""
        law = self._act_laws.get(key)
        if law is None and self.sampling:
            ctx = self.context(key)
            try:
                done = (
                    self.actions[key.action]
                    .resolve_in_fight(ctx, seed=rng.randrange(1, MAX_SEED + 1))
                    .after
                )
            except RulesError:  # the action cannot be made in this state: nothing changes
                return After(key.actor, key.target, key.weapon)
            return After(
                self.intern(done.actor), self.intern(done.target), self.intern(done.weapon)
            )
        den, rows = law if law is not None else self.act_law(key)
        roll, total = rng.randrange(den), 0
        for after, v in rows:
            total += v
            if roll < total:
                return after
        raise ValueError("an action's law that does not sum to 1")
