"""The fight as a Markov chain (:class:`Chain`): who attacks whom, what one turn leads to,
and the exploration of every state reachable.

A turn is the actor's turn-start rules, its blow if it can act, its turn-end rules, and
after the last turn of the order the round-end rules of everyone not dead — each step
only while the fight goes on (the contract's order). States are :class:`ChainState`
values over the interned forms of :class:`~rolkit.fight.laws.Laws`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from operator import itemgetter
from typing import Any, cast

from rolkit.errors import RulesError
from rolkit.fight.acting import Acting
from rolkit.fight.laws import add_weight
from rolkit.fight.spec import FightSpec
from rolkit.fight.state import (
    After,
    BlowKey,
    ChainState,
    Node,
    Slot,
    StateLaw,
    Steps,
    Summary,
)
from rolkit.model import Fate
from rolkit.system import System

__all__ = ["Chain", "TooLarge"]

#: Rows of a turn being built: ``(state, weight, denominator)``, each weight over its own
#: product of denominators (most are equal).
_Rows = list[tuple[ChainState, int, int]]


#: The turn laws :meth:`Chain.explore` keeps for :meth:`Chain.step_weights` (a bound on
#: the memory: past it the solve builds them again).
_KEPT_MAX = 50_000
#: The turn laws :meth:`Chain.successors` keeps by what they read (a bound on the memory).
_WHOLE_MAX = 200_000


#: The forms :meth:`Chain.intern` keeps found by identity under their canonical one (a
#: bound on the memory: a simulation's draws make new equal objects; past it each is
#: mapped again).
_ALIASES_MAX = 100_000


#: not memoised yet (:meth:`Chain._slot_hook` keeps ``None`` for a rule that changes nothing)
_UNKNOWN: Any = object()


class TooLarge(Exception):
    """The reachable states outgrew the bound."""


class Chain(Acting):
    """The fight as a Markov chain over :class:`ChainState` values: the combatants (in
    order of entry), the turn order, each one's target and defence policy, and the
    memoised laws of a turn (:meth:`successors`, :meth:`step_weights`). ``merge``: fallen
    forms that only the rules between attacks move are kept by class
    (:meth:`~rolkit.fight.laws.Laws.settle`); off only to check that merging is exact.
    Identical combatants are not merged: who holds which form decides who acts first and
    whom the target policy's tie-break by order hits, so a state with two members'
    forms swapped has other odds per name, and may have other wins
    (``tests/core/fight/test_symmetry.py``)."""

    def __init__(
        self,
        system: System,
        spec: FightSpec,
        modifiers: Any,
        options: Any,
        policies: Mapping[str, str],
        defence_policies: Mapping[str, str] | None = None,
        aid: Iterable[str] = (),
        merge: bool = True,
    ) -> None:
        super().__init__(system, modifiers, options)
        self._init_canonical(system, spec)
        self.merge_fallen = merge
        self.names = tuple(f[0] for f in spec.fighters)
        self.sides = tuple(f[1] for f in spec.fighters)
        index = {n: i for i, n in enumerate(self.names)}
        self.order = tuple(index[n] for n in (spec.order or self.names))
        self.policy = tuple(policies.get(n, "weakest") for n in self.names)
        #: each combatant defends when able (``"when_able"``) or keeps its action
        self.defend = tuple(
            (defence_policies or {}).get(n, "when_able") == "when_able" for n in self.names
        )
        helpers = frozenset(aid)
        #: the combatants who aid a fallen ally (named, or their side named, in ``aid``)
        self.aiders = frozenset(
            i
            for i, (n, side) in enumerate(zip(self.names, self.sides, strict=True))
            if n in helpers or side in helpers
        )
        self.init_acting()
        self.revivable = bool(self.aiders) and any(a.kind == "aid" for a in system.actions.values())
        self.start_turn = spec.turn
        #: the start turn has begun: its turn-start rules are not applied again
        self.skip_first = self.hooks and spec.started
        #: which rules between attacks the system declares (the others are skipped)
        self.turn_starts = system.turn_start_fn is not None
        self.turn_ends = system.turn_end_fn is not None
        self.round_ends = system.round_end_fn is not None
        #: set by the simulation: a policy's measure may come from the odds, not the law
        self.sampling = False
        #: a turn's blow and round-end rules taken together (:meth:`_blow_and_end`); off:
        #: stage by stage, the reference the tests compare it with
        self.fuse_end = True
        #: a turn of actions built on plain tuples, only its ends interned
        #: (:meth:`_plain_turn`); off: stage by stage on states (:meth:`_turn_law`)
        self.plain_turns = True
        self._stages: dict[tuple[int, bool], tuple[str, ...]] = {}
        self._hook_rows: dict[tuple[ChainState, int | None, str], StateLaw] = {}
        self._p_down: dict[BlowKey, Fraction] = {}
        self._p_out: dict[BlowKey, Fraction] = {}
        self._blow_slots: dict[tuple[BlowKey, int], tuple[int, list[tuple[Slot, Slot, int]]]] = {}
        self._targets: dict[tuple[ChainState, int], int] = {}
        self._terminal: dict[ChainState, bool] = {}
        self._steps: dict[tuple[ChainState, int, bool], Steps] = {}
        #: the laws :meth:`explore` built, each taken once by :meth:`step_weights`
        self._kept: dict[tuple[ChainState, int, bool], StateLaw] = {}
        #: one object per distinct state: the copies a turn builds are dropped at once
        self._states: dict[tuple[Slot, ...], ChainState] = {}
        self._summaries: dict[ChainState, Summary] = {}
        self._slot_hooks: dict[
            tuple[str, Slot], tuple[int, tuple[tuple[Slot, int], ...]] | None
        ] = {}
        self._by_fates: dict[tuple[Fate, ...], Summary] = {}
        #: a turn's law by what it reads (:meth:`successors`): the moved slots' rows
        self._whole: dict[tuple[Any, ...], tuple[int, list[tuple[tuple[Slot, ...], int]]]] = {}
        self._read_slots: dict[int, tuple[tuple[int, ...], tuple[int, ...]]] = {}
        self._still: dict[int, bool] = {}
        #: :meth:`passes` by the actor's form and the turn
        self._passes: dict[tuple[int, int], bool] = {}
        #: :meth:`_turn_reads` by the turn and whether it has begun (``None``: the whole)
        self._reads_of_turn: dict[
            tuple[int, bool], tuple[tuple[int, ...], tuple[int, ...], bool] | None
        ] = {}
        self._picks: dict[tuple[int, ...], tuple[Callable[..., Any], Callable[..., Any]]] = {}
        self.start = ChainState(
            self.settle(self.intern(f[2]), self.intern(f[3])) for f in spec.fighters
        )

    def _init_canonical(self, system: System, spec: FightSpec) -> None:
        """Each form as its canonical one in this fight (:meth:`System.canonical_form`:
        equal futures interned as one form; ``None``: every form kept as it is), and the
        forms interned under another one, kept alive (:meth:`intern`)."""
        self._canonical = system.canonical_form(
            tuple(f[3] for f in spec.fighters), self.modifiers, self.options
        )
        self._aliases: list[Any] = []

    def intern(self, form: Any) -> int:
        """The id of ``form``'s canonical form in this fight (:attr:`System.canonical_fn`:
        forms every rule reads alike share an id; without it :meth:`Laws.intern`). A form
        interned under another one is kept (up to :data:`_ALIASES_MAX`), so that its
        identity names it alone."""
        known = self._by_identity.get(id(form))
        if known is not None:
            return known
        canonical = self._canonical
        same = form if canonical is None else canonical(form)
        if same is form:
            return super().intern(form)
        known = super().intern(same)
        if len(self._aliases) < _ALIASES_MAX:
            self._aliases.append(form)
            self._by_identity[id(form)] = known
        return known

    @property
    def root(self) -> Node:
        """The turn the fight is evaluated from."""
        return Node(self.start, self.start_turn, self.skip_first)

    # facts about a state -------------------------------------------------------------
    def acting(self, state: ChainState, i: int) -> bool:
        return self._status[state[i][0]] is None

    def standing_sides(self, state: ChainState) -> frozenset[str]:
        status, sides = self._status, self.sides
        return frozenset({sides[i] for i, slot in enumerate(state) if status[slot[0]] is None})

    def terminal(self, state: ChainState) -> bool:
        """Fewer than two sides still stand (memoised per state)."""
        known = self._terminal.get(state)
        if known is None:
            status, sides = self._status, self.sides
            first: str | None = None
            known = True
            for i, slot in enumerate(state):
                if status[slot[0]] is None:
                    if first is None:
                        first = sides[i]
                    elif sides[i] != first:
                        known = False
                        break
            self._terminal[state] = known
        return known

    def summary(self, state: ChainState) -> Summary:
        """The winning side (``None``: a draw, or none yet) and each combatant's fate
        (one per state, and one object per tuple of fates: only the fates decide it)."""
        known = self._summaries.get(state)
        if known is None:
            status = self._status
            fates = tuple([status[f] for f, _ in state])
            known = self._by_fates.get(fates)
            if known is None:
                sides = self.sides
                standing = {sides[i] for i, fate in enumerate(fates) if fate is None}
                winner = next(iter(standing)) if len(standing) == 1 else None
                known = self._by_fates[fates] = Summary(winner, fates)
            self._summaries[state] = known
        return known

    # whom a blow hits ----------------------------------------------------------------
    def blow_key(self, state: ChainState, actor: int, target: int) -> BlowKey:
        form, weapon = state[actor]
        return BlowKey(form, state[target][0], weapon, self.defend[target])

    def target(self, state: ChainState, i: int) -> int:
        """The foe combatant ``i`` attacks in ``state`` (by its policy)."""
        cached = self._targets.get((state, i))
        if cached is not None:
            return cached
        foes = [j for j in self.order if self.sides[j] != self.sides[i] and self.acting(state, j)]
        if self.policy[i] == "first" or len(foes) == 1:
            chosen = foes[0]
        else:
            best = max(self.p_out_by(i, j, state) for j in foes)
            chosen = next(j for j in foes if self.p_out_by(i, j, state) == best)
        self._targets[(state, i)] = chosen
        return chosen

    def p_out_by(self, attacker: int, target: int, state: ChainState) -> Fraction:
        """The chance this blow puts ``target`` out of the fight (the policy's measure):
        from the blow's law when it is known, else ``odds(...).p_down`` — the same number
        (the fate's law is the odds', a property every system is tested for), cheaper
        for a simulation that will not need the whole law."""
        key = self.blow_key(state, attacker, target)
        if not self.sampling or self.cached_law(key) is not None:
            known = self._p_out.get(key)
            if known is None:
                den, rows = self.law(key)
                out = sum(w for after, w in rows if self._status[after.defender] is not None)
                known = self._p_out[key] = Fraction(out, den)
            return known
        known = self._p_down.get(key)
        if known is None:
            known = self._p_down[key] = self._odds_p_down(key)
        return known

    def _odds_p_down(self, key: BlowKey) -> Fraction:
        """The measure without the blow's law: the system's
        :attr:`~rolkit.system.System.p_out_fn` where declared (held to the odds by
        ``tests/contract/test_p_out_hook.py``), else, or where it answers ``None``,
        ``odds(...).p_down`` — as :meth:`rolkit.fight.acting.Acting._odds_p_out`."""
        mods = self.blow(key)[0]
        if mods is None:
            return Fraction(0)
        a, d, w = (self.forms[k] for k in key[:3])
        hook = self.s.p_out_fn
        try:
            known = None if hook is None else hook(a, d, w, mods, self.options)
            return self.s.odds(a, d, w, mods, self.options).p_down if known is None else known
        except RulesError:  # the attack cannot be made in this state
            return Fraction(0)

    def after_blow(self, state: ChainState, actor: int, target: int, after: After) -> ChainState:
        """``state`` with ``actor`` and ``target`` as the blow left them."""
        nxt = list(state)
        nxt[actor] = self.settle(after.attacker, after.weapon)
        nxt[target] = self.settle(after.defender, state[target][1])
        return ChainState(nxt)

    # one turn ------------------------------------------------------------------------
    def successors(self, state: ChainState, turn: int, first: bool = False) -> StateLaw:
        """The law of the states after turn ``turn`` in ``state``: the actor's turn-start
        rules (unless ``first``: a turn already begun), its blow if it can act, its
        turn-end rules, and after the last turn of the order the round-end rules of
        everyone not dead — each step only while the fight goes on."""
        actor = self.order[turn]
        if not self.hooks:
            return self.blow_successors(state, actor)
        stages = self.stages(turn, first)
        reads = self._reads_of_turn.get((turn, first), _UNKNOWN)
        if reads is _UNKNOWN:
            reads = self._reads_of_turn[(turn, first)] = self._turn_reads(actor, stages)
        if reads is None:
            return self._built_turn(state, actor, stages)
        moved, allies, end = reads
        status = self._status
        if end:  # an ally the round-end rules move is read whole, and moved
            still = self._end_still
            extra = tuple([j for j in allies if not still(state[j][0])])
            flags = tuple([state[j] if j in extra else status[state[j][0]] is None for j in allies])
            if extra:
                moved = (*moved, *extra)
        else:
            flags = tuple([status[state[j][0]] is None for j in allies])
        take, put = self._pickers(moved)
        key = (turn, first, take(state), flags)
        known = self._whole.get(key)
        if known is None:
            law = self._built_turn(state, actor, stages)
            if len(self._whole) >= _WHOLE_MAX:
                self._whole.clear()
            self._whole[key] = (law.den, [(take(st), w) for st, w in law.rows])
            return law
        den, rows = known
        if self.denominator % den:
            self.denominator = math.lcm(self.denominator, den)
        state_of = self._state_of_tuple
        out = [(state_of(put(state + slots)), w) for slots, w in rows]
        return StateLaw(den, out)

    def _pickers(
        self, moved: tuple[int, ...]
    ) -> tuple[Callable[[tuple[Slot, ...]], tuple[Slot, ...]], Callable[[tuple[Slot, ...]], Any]]:
        """Two getters for the slots ``moved`` (two at least): one takes them from a
        state, in that order; the other, given a state followed by those slots, puts them
        in their places (a state again), memoised per ``moved``."""
        known = self._picks.get(moved)
        if known is None:
            n = len(self.sides)  # two at least: a fight
            where = {j: n + k for k, j in enumerate(moved)}
            take = itemgetter(*moved) if len(moved) > 1 else lambda s, j=moved[0]: (s[j],)
            known = self._picks[moved] = (take, itemgetter(*[where.get(i, i) for i in range(n)]))
        return known

    def _end_still(self, form: int) -> bool:
        """The round-end rules leave this form as it is (its law is the identity; a dead
        combatant's is never applied), memoised per form."""
        known = self._still.get(form)
        if known is None:
            known = self._still[form] = self._status[form] == "dead" or self.hook_law("end", form)[
                1
            ] == ((form, 1),)
        return known

    def passes(self, state: ChainState, turn: int) -> bool:
        """Turn ``turn`` (not begun) leaves ``state`` as it is, with certainty: its actor
        cannot act (its blow or actions are none) and its turn-start and turn-end rules
        leave its form as it is (:meth:`successors` is then ``state`` with weight 1).
        A turn with the round-end rules is never a pass here (they move everyone)."""
        form = state[self.order[turn]][0]
        if self._status[form] is None:
            return False
        if not self.hooks:
            return True
        known = self._passes.get((form, turn))  # it reads the actor's form only
        if known is None:
            known = self._passes[(form, turn)] = self._still_turn(form, turn)
        return known

    def _still_turn(self, form: int, turn: int) -> bool:
        """:meth:`passes` of a combatant who cannot act, by its form: no round-end rules
        this turn, and its turn-start and turn-end rules leave its form as it is."""
        for stage in self.stages(turn, False):
            if stage == "end":
                return False
            if stage != "blow" and self.hook_law(stage, form)[1] != ((form, 1),):
                return False
        return True

    def _turn_reads(
        self, actor: int, stages: Sequence[str]
    ) -> tuple[tuple[int, ...], tuple[int, ...], bool] | None:
        """What a turn of ``actor`` with ``stages`` reads and changes, when that is less
        than the whole state: the slots it may move (the actor's and its foes': its
        turn-start and turn-end rules read its own, its actions its foes' too), the allies
        whose ability to act it reads (whether the fight goes on) and whether the round-end
        rules end it (they move, and read, each ally they do not leave as it is: read by
        :meth:`successors`). ``None``: the whole state — one who aids reads its allies."""
        if actor in self.aiders:
            return None
        known = self._read_slots.get(actor)
        if known is None:
            foes = self._foes[actor]
            allies = tuple(j for j in range(len(self.sides)) if j != actor and j not in foes)
            known = self._read_slots[actor] = ((actor, *foes), allies)
        return (*known, "end" in stages)

    def _built_turn(self, state: ChainState, actor: int, stages: Sequence[str]) -> StateLaw:
        """The turn's law (:meth:`successors`, not memoised): on plain tuples
        (:meth:`_plain_turn`) for a turn of actions, else stage by stage."""
        if not (self.multi and self.plain_turns):
            return self._turn_law(state, actor, stages)
        den, rows = self._plain_turn(state, actor, stages)
        state_of = self._state_of_tuple
        return StateLaw(den, [(state_of(t), w) for t, w in rows])

    def _plain_turn(
        self, state: ChainState, actor: int, stages: Sequence[str]
    ) -> tuple[int, list[tuple[tuple[Slot, ...], int]]]:
        """:meth:`_turn_law` of a turn of actions — the same rows in the same order, the
        same denominators met — with the states between the stages as plain tuples (none
        interned, no law memoised per state: each rule between attacks taken per slot,
        :meth:`_slot_hook`)."""
        rows: _Rows = [(state, 1, 1)]
        blown: StateLaw | None = None
        touched = False
        terminal = self.terminal
        for stage in stages:
            nxt: _Rows = []
            for s1, w1, d1 in rows:
                law = None if terminal(s1) else self._plain_stage(s1, actor, stage)
                if law is None:  # the fight is over, or the rule is the identity
                    nxt.append((s1, w1, d1))
                    continue
                if stage == "blow" and not touched:
                    blown = law
                sd, srows = law
                if sd == 1 and len(srows) == 1:
                    touched = touched or (stage != "blow" and srows[0][0] != s1)
                    nxt.append((srows[0][0], w1, d1))
                    continue
                touched = touched or stage != "blow"
                nxt.extend([(s2, w1 * w2, d1 * sd) for s2, w2 in srows])
            rows = nxt
        if not touched and blown is not None:  # the rules between attacks changed nothing
            self.denominator = math.lcm(self.denominator, blown.den)
            return blown.den, list(blown.rows)
        den, merged = self._merged(rows)
        return den, list(merged)

    def _plain_stage(self, state: ChainState, actor: int, stage: str) -> StateLaw | None:
        """:meth:`_stage_law` on a plain tuple, its rows plain tuples."""
        if stage == "blow":
            if not self.acting(state, actor):
                return StateLaw(1, [(state, 1)])
            return self._merged(self.turn_rows(state, actor, plain=True))
        if stage == "end":
            return self._plain_end(state)
        moved = self._slot_hook(stage, state[actor])
        if moved is None:  # the identity: a turn-end rule is left out, a turn start kept
            return None if stage == "turn_end" else StateLaw(1, [(state, 1)])
        law_den, srows = moved
        dist: dict[ChainState, int] = {}
        for slot, v in srows:
            nxt = list(state)
            nxt[actor] = slot
            k = cast(ChainState, tuple(nxt))
            dist[k] = dist.get(k, 0) + v
        return StateLaw(law_den, list(dist.items()))

    def _plain_end(self, state: ChainState) -> StateLaw:
        """:meth:`hook_rows`' round-end rules on a plain tuple (each combatant not dead in
        turn, its law per slot)."""
        status = self._status
        dist: dict[ChainState, int] | None = None
        den = 1
        for i, slot in enumerate(state):
            if status[slot[0]] == "dead":
                continue
            moved = self._slot_hook("end", slot)
            if moved is None:
                continue
            law_den, srows = moved
            new: dict[ChainState, int] = {}
            for s2, w in (dist or {state: 1}).items():
                for slot2, v in srows:
                    nxt = list(s2)
                    nxt[i] = slot2
                    k = cast(ChainState, tuple(nxt))
                    new[k] = new.get(k, 0) + w * v
            dist, den = new, den * law_den
        if dist is None:
            return StateLaw(1, [(state, 1)])
        return StateLaw(den, list(dist.items()))

    def _turn_law(self, state: ChainState, actor: int, stages: Sequence[str]) -> StateLaw:
        """The turn's law built stage by stage (:meth:`successors`, not memoised)."""
        rows, touched, blown = self._staged(state, actor, stages)
        if not touched and blown is not None:  # the rules between attacks changed nothing
            self.denominator = math.lcm(self.denominator, blown.den)
            return StateLaw(blown.den, list(blown.rows))
        return self._merged(rows)

    def _staged(
        self, state: ChainState, actor: int, stages: Sequence[str]
    ) -> tuple[_Rows, bool, StateLaw | None]:
        """The turn's rows after each stage; whether a rule between attacks changed some
        state (else the turn is the blow's law, also returned)."""
        rows: _Rows = [(state, 1, 1)]
        blown: StateLaw | None = None
        touched = False
        for n, stage in enumerate(stages):
            if stage == "blow" and stages[n + 1 :] == ("end",) and self.fuse_end and not self.multi:
                return self._blow_and_end(rows, actor, touched)
            nxt: _Rows = []
            for s1, w1, d1 in rows:
                law = None if self.terminal(s1) else self._stage_law(s1, actor, stage)
                if law is None:  # the fight is over, or the rule is the identity
                    nxt.append((s1, w1, d1))
                    continue
                if stage == "blow" and not touched:
                    blown = law
                sd, srows = law
                if sd == 1 and len(srows) == 1:
                    touched = touched or (stage != "blow" and srows[0][0] != s1)
                    nxt.append((srows[0][0], w1, d1))
                    continue
                touched = touched or stage != "blow"
                nxt.extend((s2, w1 * w2, d1 * sd) for s2, w2 in srows)
            rows = nxt
        return rows, touched, blown

    def _blow_and_end(
        self, rows: _Rows, actor: int, touched: bool
    ) -> tuple[_Rows, bool, StateLaw | None]:
        """:meth:`_staged`'s last two stages, the blow then the round-end rules, on each
        row — the same rows in the same order, without building the states between the
        two (each combatant's round-end law taken per slot, :meth:`_slot_hook`)."""
        out: _Rows = []
        blown: tuple[int, list[tuple[tuple[Slot, ...], int]]] | None = None
        status = self._status
        state_of = self._state_of_tuple
        for s1, w1, d1 in rows:
            if self.terminal(s1):
                out.append((s1, w1, d1))
                continue
            bden, brows = self._blow_rows(s1, actor)
            if not touched:
                blown = (bden, brows)
            for t, w2 in brows:
                # the blow ended the fight: no round-end rules (the plain tuple is equal to
                # its state, and read as one)
                if self.terminal(cast(ChainState, t)):
                    out.append((state_of(t), w1 * w2, d1 * bden))
                    continue
                dist: dict[tuple[Slot, ...], int] | None = None
                den = 1
                for i, slot in enumerate(t):
                    if status[slot[0]] == "dead":
                        continue
                    moved = self._slot_hook("end", slot)
                    if moved is None:
                        continue
                    law_den, srows = moved
                    new: dict[tuple[Slot, ...], int] = {}
                    for s2, w in (dist or {t: 1}).items():
                        for slot2, v in srows:
                            nxt = list(s2)
                            nxt[i] = slot2
                            k = tuple(nxt)
                            new[k] = new.get(k, 0) + w * v
                    dist, den = new, den * law_den
                if dist is None:
                    out.append((state_of(t), w1 * w2, d1 * bden))
                    continue
                if den != 1 or len(dist) != 1 or next(iter(dist)) != t:
                    touched = True
                out.extend((state_of(k), w1 * w2 * v, d1 * bden * den) for k, v in dist.items())
        if touched or blown is None:
            return out, touched, None
        return out, False, StateLaw(blown[0], [(state_of(t), w) for t, w in blown[1]])

    def _slot_hook(self, which: str, slot: Slot) -> tuple[int, tuple[tuple[Slot, int], ...]] | None:
        """A rule between attacks on one combatant's slot, as slots (``None``: it leaves
        the form as it is), memoised per slot."""
        key = (which, slot)
        known = self._slot_hooks.get(key, _UNKNOWN)
        if known is _UNKNOWN:
            form, weapon = slot
            law_den, rows = self.hook_law(which, form)
            if rows == ((form, 1),):
                known = None
            else:
                known = (law_den, tuple([(self.settle(after, weapon), v) for after, v in rows]))
            self._slot_hooks[key] = known
        return known  # type: ignore[return-value]

    def _stage_law(self, state: ChainState, actor: int, stage: str) -> StateLaw | None:
        """One stage's law on ``state`` (``None``: a turn-end rule that is the identity)."""
        if stage == "blow":
            return self.blow_successors(state, actor)
        if stage == "turn_end":
            form = state[actor][0]
            if self.hook_law("turn_end", form)[1] == ((form, 1),):
                return None
            return self.hook_rows(state, actor, stage)
        return self.hook_rows(state, None if stage == "end" else actor, stage)

    def _merged(self, rows: _Rows) -> StateLaw:
        """Rows over their own denominators as one law (equal states summed)."""
        acc: dict[ChainState, list[int]] = {}
        for key, weight, den in rows:
            add_weight(acc, key, weight, den)
        den = math.lcm(*(d for _w, d in acc.values()))
        self.denominator = math.lcm(self.denominator, den)
        return StateLaw(den, [(k, w * (den // d)) for k, (w, d) in acc.items()])

    def stages(self, turn: int, first: bool) -> tuple[str, ...]:
        """The steps of turn ``turn`` (``first``: already begun), the rules the system does
        not declare left out: ``"start"``, ``"blow"``, ``"turn_end"``, ``"end"``."""
        key = (turn, first)
        known = self._stages.get(key)
        if known is None:
            steps = ["start"] if self.turn_starts and not first else []
            steps.append("blow")
            if self.turn_ends:
                steps.append("turn_end")
            if self.round_ends and turn == len(self.order) - 1:
                steps.append("end")
            known = self._stages[key] = tuple(steps)
        return known

    def blow_successors(self, state: ChainState, actor: int) -> StateLaw:
        """The law of the states after ``actor``'s blow in ``state`` (a system whose turn
        is more than one attack: its whole turn of actions, :meth:`turn_rows`)."""
        if not self.acting(state, actor):
            return StateLaw(1, [(state, 1)])
        if self.multi:
            return self._merged(self.turn_rows(state, actor))
        den, rows = self._blow_rows(state, actor)
        state_of = self._state_of_tuple
        return StateLaw(den, [(state_of(t), w) for t, w in rows])

    def _blow_rows(
        self, state: ChainState, actor: int
    ) -> tuple[int, list[tuple[tuple[Slot, ...], int]]]:
        """:meth:`blow_successors` of an acting combatant's single blow, each state as its
        plain tuple of slots (equal states summed, in order of first appearance)."""
        if not self.acting(state, actor):
            return 1, [(tuple(state), 1)]
        j = self.target(state, actor)
        key = self.blow_key(state, actor, j)
        self.met(key)
        den, rows = self._settled_law(key, state[j][1])
        merged: dict[tuple[Slot, ...], int] = {}
        if len(state) == 2:  # a duel: the state is the two slots, built directly
            for a_slot, d_slot, w in rows:
                t = (a_slot, d_slot) if actor == 0 else (d_slot, a_slot)
                merged[t] = merged.get(t, 0) + w
        else:
            for a_slot, d_slot, w in rows:
                nxt = list(state)
                nxt[actor] = a_slot
                nxt[j] = d_slot
                many = tuple(nxt)
                merged[many] = merged.get(many, 0) + w
        return den, list(merged.items())

    def new_state(self, slots: list[Slot]) -> ChainState:
        """The one :class:`ChainState` of these slots (a turn looks a state up by its plain
        tuple first, equal to it: the typed value is built once per state)."""
        state = ChainState(slots)
        return self._states.setdefault(state, state)

    def state_of(self, slots: list[Slot]) -> ChainState:
        """The one :class:`ChainState` of these slots, looked up by their plain tuple."""
        return self._states.get(tuple(slots)) or self.new_state(slots)

    def _state_of_tuple(self, slots: tuple[Slot, ...]) -> ChainState:
        """:meth:`state_of` of a plain tuple of slots."""
        return self._states.get(slots) or self.new_state(list(slots))

    @property
    def laws_built(self) -> int:
        """How many laws of an action and of a blow the chain has built so far (each one
        the system's after-state law, the costly part): what a caller bounding its work
        by the laws it makes counts (:mod:`rolkit.fight.horizon_split`)."""
        return len(self._act_laws) + len(self._laws)

    def settled_law(self, key: BlowKey, weapon: int) -> tuple[int, list[tuple[Slot, Slot, int]]]:
        """The blow ``key``'s law as ``(den, [(attacker slot, defender slot, weight)])``,
        the defender keeping its ``weapon``: the rows :meth:`blow_successors` reads, no
        state of the product built (memoised, :meth:`_settled_law`)."""
        return self._settled_law(key, weapon)

    def _settled_law(self, key: BlowKey, weapon: int) -> tuple[int, list[tuple[Slot, Slot, int]]]:
        """The blow's law as the attacker's and the defender's slots after it (the
        defender keeps its ``weapon``): :meth:`after_blow` once per row, memoised."""
        known = self._blow_slots.get((key, weapon))
        if known is None:
            den, rows = self.law(key)
            slots = [
                (self.settle(a.attacker, a.weapon), self.settle(a.defender, weapon), w)
                for a, w in rows
            ]
            known = self._blow_slots[(key, weapon)] = (den, slots)
        return known

    def hook_rows(self, state: ChainState, actor: int | None, which: str = "start") -> StateLaw:
        """The law of ``state`` after the rules between attacks: ``actor``'s turn-start
        (``which="start"``) or turn-end (``"turn_end"``) rules, or with ``None`` the
        round-end rules of everyone not dead (independent draws; weapons stay as they
        are). Memoised per state."""
        key = (state, actor, which)
        known = self._hook_rows.get(key)
        if known is not None:
            return known
        if actor is None:
            status = self._status
            who: Iterable[int] = [i for i, slot in enumerate(state) if status[slot[0]] != "dead"]
            which = "end"
        else:
            who = (actor,)
        den = 1
        dist: dict[ChainState, int] | None = None  # None: no rule changed the state yet
        for i in who:
            form, weapon = state[i]
            law_den, rows = self.hook_law(which, form)
            if rows == ((form, 1),):
                continue
            new: dict[ChainState, int] = {}
            for s, w in (dist or {state: 1}).items():
                for after, v in rows:
                    nxt = list(s)
                    nxt[i] = self.settle(after, weapon)
                    k = self._states.get(tuple(nxt)) or self.new_state(nxt)
                    new[k] = new.get(k, 0) + w * v
            dist, den = new, den * law_den
        rows_out = ((state, 1),) if dist is None else tuple(dist.items())
        known = self._hook_rows[key] = StateLaw(den, rows_out)
        return known

    def step_weights(self, state: ChainState, turn: int, first: bool = False) -> Steps:
        """The successors of turn ``turn`` in ``state`` (``first``: already begun), each
        weight over :attr:`denominator` (memoised; call after :meth:`explore` has fixed
        the denominator)."""
        key = (state, turn, first)  # a Node's fields: the lookup builds no Node
        known = self._steps.get(key)
        if known is None:
            kept = self._kept.pop(key, None)  # the same law: explore built it
            den, succ = kept if kept is not None else self.successors(state, turn, first)
            scale = self.denominator // den
            states = tuple(nxt for nxt, _w in succ)
            known = self._steps[key] = Steps(
                states, tuple(w * scale for _s, w in succ), tuple(map(self.terminal, states))
            )
        return known

    def clear_steps(self) -> None:
        """Forget the memoised :meth:`step_weights` (scaled to a denominator that a
        further exploration may have grown)."""
        self._steps.clear()

    # exploration ---------------------------------------------------------------------
    def explore(self, max_states: int, rounds: int | None = None) -> int:
        """Visit every turn reachable (within ``rounds`` rounds, if given); fixes
        :attr:`denominator`. Returns the number of distinct states; raises
        :class:`TooLarge` past ``max_states``."""
        n = len(self.order)
        horizon = None if rounds is None else (n - self.start_turn) + (rounds - 1) * n
        seen_states = {self.start}
        frontier = [self.root]
        seen = set(frontier)
        depth = 0
        while frontier and (horizon is None or depth < horizon):
            last = horizon is not None and depth == horizon - 1
            layer = []
            for node in frontier:
                if self.terminal(node.state):
                    continue
                nxt_turn = (node.turn + 1) % n
                law = self.successors(*node)
                if len(self._kept) < _KEPT_MAX:
                    self._kept[node] = law
                for nxt, _w in law[1]:
                    if nxt not in seen_states:
                        seen_states.add(nxt)
                        if len(seen_states) > max_states:
                            raise TooLarge()
                    if last:  # the horizon's last turn: its successors are not turns to play
                        continue
                    if (nxt, nxt_turn, False) not in seen:  # equal to that Node: none built
                        child = Node(nxt, nxt_turn, False)
                        seen.add(child)
                        layer.append(child)
            frontier = layer
            depth += 1
        return len(seen_states)

    def run_turns(
        self, dist: dict[ChainState, int], first_turn: int, begun: bool = False
    ) -> tuple[dict[ChainState, int], dict[Summary, int], int]:
        """Play turns ``first_turn``..end of the order on ``dist`` (``begun``: the first of
        them has already begun). Returns (still going at the round's end, ended: summary →
        weight, k turns played); every weight is over ``denominator ** k``."""
        ended: dict[Summary, int] = {}
        big = self.denominator
        k = 0
        for turn in range(first_turn, len(self.order)):
            nxt: dict[ChainState, int] = {}
            for summary, w in ended.items():
                ended[summary] = w * big
            first = begun and turn == first_turn
            for state, w in dist.items():
                steps = self.step_weights(state, turn, first)
                for succ, v, ends in zip(steps.states, steps.weights, steps.ends, strict=True):
                    if ends:
                        key = self.summary(succ)
                        ended[key] = ended.get(key, 0) + w * v
                    else:
                        nxt[succ] = nxt.get(succ, 0) + w * v
            dist = nxt
            k += 1
        return dist, ended, k
