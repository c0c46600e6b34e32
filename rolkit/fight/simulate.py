"""The fight simulated: ``n`` seeded fights drawn from the same laws with the same policy
(:func:`simulate`) — for a fight past the exact bound, or when asked for. A duel's fights
are drawn one after the other, blow by blow (:class:`Sampler`), a party's side by side,
turn by turn, each turn's exact law drawn for every fight that reads alike at once
(:class:`Lockstep`). The result says so (:func:`~rolkit.fight.result.margin`)."""

from __future__ import annotations

import bisect
import gc
import itertools
import math
import random
from collections.abc import Iterable
from fractions import Fraction
from typing import Any, NamedTuple, cast

from rolkit.actions import ActionContext, AttackAction, CheckAction
from rolkit.errors import RulesError
from rolkit.fight.acting import ActKey
from rolkit.fight.chain import Chain
from rolkit.fight.independent import compact_engine
from rolkit.fight.result import Outcome, marginals
from rolkit.fight.spec import SHOWN_ROUNDS_CAP
from rolkit.fight.state import After, BlowKey, ChainState, Slot, Summary
from rolkit.model import Fate

__all__ = [
    "Sampler",
    "Lockstep",
    "Table",
    "simulate",
    "compact_simulate",
    "lockstep_simulate",
    "side_by_side",
    "SIMULATION_ROUND_CAP",
    "TURN_TABLE_AT",
    "ACT_LAW_AT",
    "TURN_LAW_AT",
]

#: A simulated fight is stopped (and counted as still going) after this many rounds.
SIMULATION_ROUND_CAP = 200


#: A state's turn is drawn from its whole compiled turn law (:meth:`Chain.successors`) from
#: this meeting on: a small chain's states, and any fight's first states, recur in nearly
#: every simulated fight, while a turn law of Ashes of War (two attacks, every first
#: outcome followed by a second law) costs some fifty draws of it step by step. (Measured
#: side by side, n = 2 000: Ashes of War's duel as fast as the old resolving simulation,
#: ×1.0–1.2; at n = 10 000 a threshold of 16 looked slower, under a noisy load.)
TURN_TABLE_AT = 64
#: In a turn of actions, an action's exact law is built from this meeting on; before it
#: the action is drawn once directly (:meth:`Sampler.draw`; Ashes of War's laws are built
#: over whole wounded forms, met once or twice each in a simulation: a rent-or-buy
#: threshold; with Ashes of War's ``sample_blow``, 8 measured as fast as 32 and faster
#: than never building, CPU time side by side, n = 1 000).
ACT_LAW_AT = 8
#: Side by side (:class:`Lockstep`), a turn's law for what it reads is built from this
#: meeting on (counting every fight that met it); before it those fights' turns are drawn
#: step by step: a rent-or-buy threshold (an NSd20 4v4 turn law costs about as much as
#: seven step-by-step turns; of 2, 4, 8 and 16, 8 measured fastest or as fast on NSd20's
#: and Tierkreis's 4v4, CPU, n = 10 000, with a finer key than :meth:`Lockstep.keys`).
TURN_LAW_AT = 8


class Table(NamedTuple):
    """An exact law compiled to draw from: the running totals of its integer weights, what
    each row leads to and the denominator — one ``randrange(den)`` and one bisection per
    draw."""

    running: list[int]
    outs: list[Any]
    den: int

    @classmethod
    def of(cls, den: int, rows: Iterable[tuple[Any, int]]) -> Table:
        running: list[int] = []
        outs: list[Any] = []
        total = 0
        for out, w in rows:
            total += w
            running.append(total)
            outs.append(out)
        if total != den:
            raise ValueError("a law whose weights do not sum to its denominator")
        return cls(running, outs, den)

    def draw(self, rng: random.Random) -> Any:
        return self.outs[bisect.bisect_right(self.running, rng.randrange(self.den))]


class Sampler:
    """Turns of a :class:`Chain` drawn at random from the exact laws the chain builds, with
    the chain's own policy (#27 item 6), instead of an explained, validated resolution
    per blow:

    * a state's whole turn (turn-start rules, the blow or the turn of actions, turn-end
      and round-end rules) from its compiled :meth:`Chain.successors` law once the state
      has been met :data:`TURN_TABLE_AT` times — one draw per turn;
    * else step by step: each distinct blow's after-law (:meth:`Chain.law`) compiled once
      to a :class:`Table`; in a turn of actions each action's (:meth:`Chain.act_law`)
      from its :data:`ACT_LAW_AT`-th meeting, drawn directly before that (:meth:`draw`:
      an attack by the system's ``sample_blow``, a check by its degree); the rules
      between attacks from their memoised laws.

    Seeded replay: what is drawn depends only on the seed and on how often this
    simulation met each state and action: the same call with the same seed gives the
    same fights. The stream differs from the one before #27
    (which resolved every blow whose law was not built), so a seed's numbers changed."""

    def __init__(self, chain: Chain, direct: bool = True) -> None:
        self.chain = chain
        #: draw an uncompiled action directly (:meth:`draw`); ``False``: resolve it
        #: explained, as before #27 item 6 (kept to measure the two side by side)
        self.direct = direct
        chain.sampling = True
        self._blows: dict[BlowKey, Table] = {}
        self._acts: dict[ActKey, Table] = {}
        self._act_met: dict[ActKey, int] = {}
        self._turns: dict[tuple[ChainState, int, bool], Table] = {}
        self._turn_met: dict[tuple[ChainState, int, bool], int] = {}
        self._degrees: dict[tuple[str, Any], Table] = {}

    def turn(
        self, state: ChainState, turn: int, rng: random.Random, first: bool = False
    ) -> ChainState:
        """One turn drawn at random (``first``: already begun)."""
        key = (state, turn, first)
        table = self._turns.get(key)
        if table is not None:
            return cast(ChainState, table.draw(rng))
        met = self._turn_met.get(key, 0) + 1
        if met >= TURN_TABLE_AT:
            law = self.chain.successors(state, turn, first)
            table = self._turns[key] = Table.of(law.den, law.rows)
            self._turn_met.pop(key, None)
            return cast(ChainState, table.draw(rng))
        self._turn_met[key] = met
        return self._stepwise(state, turn, rng, first)

    def _stepwise(
        self, state: ChainState, turn: int, rng: random.Random, first: bool
    ) -> ChainState:
        """One turn drawn step by step, in the order of :meth:`Chain.successors`."""
        c = self.chain
        actor = c.order[turn]
        if not c.hooks:
            return self.blow(state, actor, rng)
        if not first and c.turn_starts:
            state = self.hooks(state, (actor,), "start", rng)
            if c.terminal(state):
                return state
        state = self.blow(state, actor, rng)
        if c.turn_ends and not c.terminal(state):
            state = self.hooks(state, (actor,), "turn_end", rng)
        if c.round_ends and turn == len(c.order) - 1 and not c.terminal(state):
            alive = [i for i, (f, _w) in enumerate(state) if c.status(f) != "dead"]
            state = self.hooks(state, alive, "end", rng)
        return state

    def blow(self, state: ChainState, actor: int, rng: random.Random) -> ChainState:
        """``actor``'s blow (a system whose turn is several actions: its turn of actions,
        :meth:`actions`) drawn at random (no blow: ``state`` as it is)."""
        c = self.chain
        if not c.acting(state, actor):
            return state
        if c.multi:
            return self.actions(state, actor, rng)
        j = c.target(state, actor)
        key = c.blow_key(state, actor, j)
        c.met(key)
        table = self._blows.get(key)
        if table is None:
            table = self._blows[key] = Table.of(*c.law(key))
        return c.after_blow(state, actor, j, table.draw(rng))

    def actions(self, state: ChainState, actor: int, rng: random.Random) -> ChainState:
        """One turn of ``actor``'s actions drawn at random, each from its compiled law
        (:meth:`action`, :meth:`Chain.draw_turn`)."""
        return self.chain.draw_turn(state, actor, rng, self.action)

    def action(self, key: ActKey, rng: random.Random) -> After:
        """One draw of the action ``key``: from its compiled law from its
        :data:`ACT_LAW_AT`-th meeting, else resolved (:meth:`Chain.draw_action`)."""
        table = self._acts.get(key)
        if table is None:
            met = self._act_met.get(key, 0) + 1
            if met < ACT_LAW_AT:
                self._act_met[key] = met
                return self.draw(key, rng)
            table = self._acts[key] = Table.of(*self.chain.act_law(key))
            self._act_met.pop(key, None)
        return cast(After, table.draw(rng))

    def draw(self, key: ActKey, rng: random.Random) -> After:
        """One draw of the action ``key`` whose law is not compiled: an attack by the
        system's :attr:`~rolkit.system.System.sample_blow` when it declares one, a check
        by its degree drawn from the check's exact odds and that degree's effect (the
        action's law by definition, :meth:`~rolkit.actions.CheckAction.law`), else
        resolved (:meth:`Chain.draw_action`)."""
        c = self.chain
        if not self.direct:
            return c.draw_action(key, rng)
        proc = c.actions[key.action]
        if isinstance(proc, AttackAction) and c.s.sample_blow is not None:
            return self._sampled_attack(proc, key, rng)
        if isinstance(proc, CheckAction) and proc.law_fn is None:
            return self._drawn_check(proc, key, rng)
        return c.draw_action(key, rng)

    def _sampled_attack(self, proc: AttackAction, key: ActKey, rng: random.Random) -> After:
        c = self.chain
        unchanged = After(key.actor, key.target, key.weapon)
        if c.refused(key):
            return unchanged
        ctx = c.context(key)
        mods = c.act_blow(key, ctx)[0]
        sample = c.s.sample_blow
        assert sample is not None and mods is not None
        options = c.s.default_options if ctx.options is None else ctx.options
        try:
            a, d, w = sample(ctx.actor, ctx.target, ctx.weapon, mods, options, rng)
        except RulesError:  # the attack cannot be made in this state: nothing changes
            return unchanged
        return self._after(key, ctx, a, d, w)

    def _after(self, key: ActKey, ctx: ActionContext, a: Any, d: Any, w: Any) -> After:
        """The forms an action left, by interned id: a form it left as it was (the very
        object of ``ctx``) keeps its id without being hashed again."""
        c = self.chain
        return After(
            key.actor if a is ctx.actor else c.intern(a),
            key.target if d is ctx.target else c.intern(d),
            key.weapon if w is ctx.weapon else c.intern(w),
        )

    def _drawn_check(self, proc: CheckAction, key: ActKey, rng: random.Random) -> After:
        c = self.chain
        if c.refused(key):
            return After(key.actor, key.target, key.weapon)
        ctx = c.context(key)
        form = proc.prepared(ctx)
        table = self._degrees.get((proc.id, form))
        if table is None:
            law = proc.odds(form, ctx.options).probabilities
            den = math.lcm(*(p.denominator for p in law.values()))
            rows = [(deg, p.numerator * (den // p.denominator)) for deg, p in law.items() if p]
            table = self._degrees[(proc.id, form)] = Table.of(den, rows)
        assert proc.effect_fn is not None
        done = proc.effect_fn(ctx, form, table.draw(rng), None)
        return self._after(key, ctx, done.actor, done.target, done.weapon)

    def hooks(
        self, state: ChainState, who: Iterable[int], which: str, rng: random.Random
    ) -> ChainState:
        """One draw of :meth:`Chain.hook_rows`."""
        c = self.chain
        nxt = list(state)
        for i in who:
            form, weapon = state[i]
            den, rows = c.hook_law(which, form)
            if rows == ((form, 1),):
                continue
            roll, total = rng.randrange(den), 0
            for after, w in rows:
                total += w
                if roll < total:
                    nxt[i] = c.settle(after, weapon)
                    break
        return ChainState(nxt)

    def fight(self, cap: int, rng: random.Random) -> tuple[ChainState, int, bool]:
        """One fight from the chain's start: ``(last state, its round, ended)``; stopped
        (not ended) after ``cap`` rounds. A fight ended by the round's last turn ended in
        that round (before #27 item 6 it was told as the next one: the round was counted
        on before the end was seen)."""
        c = self.chain
        state, turn, r = c.start, c.start_turn, 1
        begun = c.skip_first
        while not c.terminal(state):
            state = self.turn(state, turn, rng, begun)
            begun = False
            if c.terminal(state):
                break
            turn += 1
            if turn == len(c.order):
                turn = 0
                r += 1
                if r > cap and not c.terminal(state):
                    return state, r, False
        return state, r, True


def simulate(
    chain: Chain,
    rounds: int | None,
    rounds_shown: int | None,
    n: int,
    seed: int,
    direct: bool = True,
    compact: bool = True,
    lockstep: bool | None = None,
) -> Outcome:
    """``n`` fights drawn with :class:`Sampler` from ``random.Random(seed)``; a fight
    still going after ``rounds`` (or :data:`SIMULATION_ROUND_CAP`) rounds counts as
    going; the rounds law is told up to ``rounds`` (or ``rounds_shown``, or
    :data:`~rolkit.fight.spec.SHOWN_ROUNDS_CAP`), the rest as later. ``direct``: as
    :class:`Sampler`'s. ``compact`` (and ``direct``): where the system has a compact
    engine for this duel and a sampler for it, the ``n`` fights are drawn on the compact
    state instead (:func:`compact_simulate`); ``False``: drawn as above (kept to
    measure the two side by side). ``lockstep`` (and ``direct``): the fights drawn side
    by side (:func:`lockstep_simulate`); by default where :func:`side_by_side` says so,
    else one by one as before."""
    cap = rounds if rounds is not None else SIMULATION_ROUND_CAP
    shown = rounds if rounds is not None else (rounds_shown or SHOWN_ROUNDS_CAP)
    if compact and direct:
        found = compact_simulate(chain, cap, shown, n, seed)
        if found is not None:
            return found
    if direct and (side_by_side(chain) if lockstep is None else lockstep):
        return lockstep_simulate(chain, cap, shown, n, seed)
    rng = random.Random(seed)
    tally = _Tally(chain, shown)
    sampler = Sampler(chain, direct)
    # The fights build many small objects and no cycles, each freed by its count; the
    # cyclic collector's passes over the chain's growing tables cost a fifth of a drawn
    # simulation (Ashes of War's duel, CPU side by side): paused while drawing, restored
    # after. The path before #27 item 6 (``direct=False``) is left as it was.
    paused = direct and gc.isenabled()
    if paused:
        gc.disable()
    try:
        for _ in range(n):
            state, r, over = sampler.fight(cap, rng)
            tally.add(state, r, over)
    finally:
        if paused:
            gc.enable()
    return tally.outcome(n)


def side_by_side(chain: Chain) -> bool:
    """Whether :func:`simulate` draws this fight's fights side by side by default: a
    party's (more than two combatants: NSd20's 4v4 at n = 10 000 in ~2,5 s of CPU instead
    of ~8,3 s, side by side), unless the system draws its blows directly
    (:attr:`~rolkit.system.System.sample_blow`: its laws cost more to build than to draw,
    and a turn's law builds every action's law of every branch: Ashes of War's 4v4, n =
    2 000, 25–26 s one by one, 27–34 s side by side; n = 10 000, 94 s and 148 s). A duel's
    are drawn one by one, as before (its seeded fights unchanged)."""
    return len(chain.sides) > 2 and chain.s.sample_blow is None


class _Tally:
    """The simulated fights counted: how each ended (or stands, still going), and the
    round each ended in, told up to ``shown`` (the rest as later)."""

    def __init__(self, chain: Chain, shown: int) -> None:
        self.chain, self.shown = chain, shown
        self.ended: dict[Summary, int] = {}
        self.going: dict[tuple[Fate, ...], int] = {}
        self.rounds_law: dict[int, int] = {}
        self.later = 0

    def add(self, state: ChainState, r: int, over: bool, k: int = 1) -> None:
        """``k`` fights whose last state is ``state``: ended in round ``r`` (``over``),
        else still going."""
        summary = self.chain.summary(state)
        if not over:
            self.going[summary.fates] = self.going.get(summary.fates, 0) + k
            return
        self.ended[summary] = self.ended.get(summary, 0) + k
        if r <= self.shown:
            self.rounds_law[r] = self.rounds_law.get(r, 0) + k
        else:
            self.later += k

    def outcome(self, n: int) -> Outcome:
        """The counts of ``n`` fights as chances."""
        return Outcome(
            states=0,
            marginals=marginals(
                {k: Fraction(v, n) for k, v in self.ended.items()},
                {k: Fraction(v, n) for k, v in self.going.items()},
            ),
            rounds_law={r: Fraction(v, n) for r, v in sorted(self.rounds_law.items())},
            p_later=Fraction(self.later, n),
            mean_rounds=None,
        )


def compact_simulate(chain: Chain, cap: int, shown: int, n: int, seed: int) -> Outcome | None:
    """``n`` fights drawn on the system's compact state (#27 item 6: the blows' exact laws
    sampled, one successor per fight and step, all fights at once), seeded by ``seed``
    (the same seed, the same fights); ``None`` where the system has no compact sampler
    (:attr:`~rolkit.system.System.duel_sample`) or no compact engine for these forms
    (:func:`~rolkit.fight.independent.compact_engine`), or the fight does not begin at
    the top of a round. The counts are told as :func:`simulate` tells its own."""
    sample = chain.s.duel_sample
    if sample is None or chain.start_turn != 0 or chain.skip_first:
        return None
    engine = compact_engine(chain)
    if engine is None:
        return None
    ended: dict[Summary, int] = {}
    going: dict[tuple[Fate, ...], int] = {}
    rounds_law: dict[int, int] = {}
    later = 0
    for group in sample(engine, n, seed, cap):
        fates = tuple(group.fates)
        if not group.ended:
            going[fates] = going.get(fates, 0) + group.n
            continue
        side = None if group.winner is None else chain.sides[group.winner]
        key = Summary(side, fates)
        ended[key] = ended.get(key, 0) + group.n
        if group.round <= shown:
            rounds_law[group.round] = rounds_law.get(group.round, 0) + group.n
        else:
            later += group.n
    return Outcome(
        states=0,
        marginals=marginals(
            {k: Fraction(v, n) for k, v in ended.items()},
            {k: Fraction(v, n) for k, v in going.items()},
        ),
        rounds_law={r: Fraction(v, n) for r, v in sorted(rounds_law.items())},
        p_later=Fraction(later, n),
        mean_rounds=None,
    )


class _Laws:
    """The turn laws :class:`Lockstep` draws from, laid end to end in flat arrays: law
    ``k``'s running totals of its integer weights at ``cum[start[k] : start[k] +
    size[k]]``, over ``den[k]``; each row's slot ids after the turn in ``out`` (``-1``:
    that combatant's slot stays as it was)."""

    def __init__(self, np: Any, width: int) -> None:
        self.np = np
        self.cum = np.zeros(1024, dtype=np.int64)
        self.out = np.full((1024, width), -1, dtype=np.int64)
        self.start = np.zeros(256, dtype=np.int64)
        self.size = np.zeros(256, dtype=np.int64)
        self.den = np.ones(256, dtype=np.int64)
        self.rows = 0
        self.laws = 0
        #: the most rows of a law: the bisection's steps
        self.longest = 1

    def add(self, den: int, rows: list[tuple[list[int], int]]) -> int:
        """A law's id, its rows ``(slot ids after, weight)`` over ``den`` (below 2**62)."""
        np = self.np
        k, at, n = self.laws, self.rows, len(rows)
        while at + n > len(self.cum):
            self.cum = np.concatenate([self.cum, np.zeros_like(self.cum)])
            self.out = np.concatenate([self.out, np.full_like(self.out, -1)])
        if k == len(self.start):
            self.start = np.concatenate([self.start, np.zeros_like(self.start)])
            self.size = np.concatenate([self.size, np.zeros_like(self.size)])
            self.den = np.concatenate([self.den, np.ones_like(self.den)])
        running = list(itertools.accumulate(w for _slots, w in rows))
        if running[-1] != den:
            raise ValueError("a law whose weights do not sum to its denominator")
        self.cum[at : at + n] = running
        self.out[at : at + n] = [slots for slots, _w in rows]
        self.start[k], self.size[k], self.den[k] = at, n, den
        self.rows, self.laws = at + n, k + 1
        self.longest = max(self.longest, n)
        return k

    def draw(self, law: Any, gen: Any) -> Any:
        """One row of each law of ``law`` (an array of law ids), drawn exactly as
        :meth:`Table.draw` draws one: a uniform integer below the law's denominator
        (``gen``: a numpy Generator), then the first row whose running total is above
        it — a bisection over every law at once (each interval keeps that row)."""
        np = self.np
        roll = gen.integers(0, self.den[law])
        lo = self.start[law]
        hi = lo + self.size[law]
        cum = self.cum
        for _ in range(self.longest.bit_length()):
            mid = (lo + hi) >> 1  # lo == hi: the row found, whose total is above the roll
            up = cum[mid] <= roll
            lo = np.where(up, mid + 1, lo)
            hi = np.where(up, hi, mid)
        return lo


class Lockstep:
    """``n`` fights drawn side by side, turn by turn (#27 item 6: a party's fights, where
    a whole state seldom recurs but what one turn reads does). Each fight is a row of
    slot ids (:meth:`slot_id`); a turn groups the fights by what it reads
    (:meth:`keys`) and draws each group from that turn's exact law
    (:meth:`Chain.successors` of one of them, compiled once, :class:`_Laws`), all of
    them at once from a numpy ``Generator(PCG64(seed))``; a group met fewer than
    :data:`TURN_LAW_AT` times so far is drawn fight by fight, step by step
    (:meth:`Sampler._stepwise`, from ``random.Random(seed)``), as is a law whose
    denominator does not fit in 62 bits. A turn whose actor cannot act and whose rules
    leave it as it is (:meth:`Chain.passes`) is skipped.

    What a turn reads, and why fights alike there share its law: the actor's slot; each
    foe's slot if it can act (the policy picks among those, the actions' laws read the
    actor and the target) or, on the round's last turn, if the round-end rules may move
    it; the allies' slots those rules may move; and whether any ally still stands (with
    the foes known, the only thing the turn's "is the fight over" reads of them). The
    turn moves only those slots (the turn-start and turn-end rules move the actor, an
    action its actor and its target, the round-end rules whom they do not leave as they
    are). An actor who aids its allies reads them: the whole state is its key.

    Seeded replay: the draws depend only on the seed and the order the groups are met in
    (sorted by key, fights by index): the same call with the same seed gives the same
    fights, in every process."""

    def __init__(self, chain: Chain, seed: int) -> None:
        import numpy as np  # loaded by the first simulation, not at import

        self.np = np
        self.chain = chain
        self.width = len(chain.sides)
        self.gen = np.random.Generator(np.random.PCG64(seed))
        self.rng = random.Random(seed)
        self.sampler = Sampler(chain)
        self.ids: dict[Slot, int] = {}
        self.slots: list[Slot] = []
        self._alive = np.zeros(64, dtype=bool)
        self._still = np.zeros(64, dtype=bool)
        self.laws = _Laws(np, self.width)
        #: a turn's law id by ``(turn, begun, *key)`` (``-1``: drawn step by step)
        self._law_of: dict[tuple[Any, ...], int] = {}
        self._met: dict[tuple[Any, ...], int] = {}
        self._passes: dict[tuple[int, int], bool] = {}
        self._layouts: dict[tuple[int, bool], tuple[bool, list[int], list[int], bool]] = {}
        self._side_cols = [
            [i for i, side in enumerate(chain.sides) if side == one]
            for one in sorted(set(chain.sides))
        ]

    # slot ids ------------------------------------------------------------------------
    def slot_id(self, slot: Slot) -> int:
        """The slot's id (first met, first numbered), with whether it can act and whether
        the round-end rules leave it as it is (a dead one's never apply)."""
        known = self.ids.get(slot)
        if known is None:
            np, c = self.np, self.chain
            known = self.ids[slot] = len(self.slots)
            self.slots.append(slot)
            if known >= len(self._alive):
                self._alive = np.concatenate([self._alive, np.zeros_like(self._alive)])
                self._still = np.concatenate([self._still, np.zeros_like(self._still)])
            form = slot.form
            status = c.status(form)
            self._alive[known] = status is None
            self._still[known] = status == "dead" or c.hook_law("end", form)[1] == ((form, 1),)
        return known

    def state(self, row: Iterable[int]) -> ChainState:
        """The chain's state of a row of slot ids."""
        slots = self.slots
        return self.chain.state_of([slots[i] for i in row])

    def terminal(self, S: Any) -> Any:
        """Which fights of ``S`` (rows of slot ids) have fewer than two sides standing."""
        alive = self._alive[S]
        standing = sum(alive[:, cols].any(axis=1).astype(self.np.int64) for cols in self._side_cols)
        return standing < 2

    # one turn of every fight still going ---------------------------------------------
    def play(self, S: Any, A: Any, turn: int, begun: bool) -> None:
        """Turn ``turn`` (``begun``: already begun) drawn in each fight ``A`` (row
        indexes of ``S``), in place."""
        np = self.np
        actor = self.chain.order[turn]
        sub = S[A]
        if not begun:
            ua, at = np.unique(sub[:, actor], return_index=True)
            passes = np.array(
                [self._pass(turn, u, sub[i]) for u, i in zip(ua.tolist(), at, strict=True)]
            )
            moves = ~passes[np.searchsorted(ua, sub[:, actor])]
            if not moves.any():
                return
            A, sub = A[moves], sub[moves]
        K, cols = self.keys(sub, turn, begun)
        uk, at, inv, counts = self._unique(K)
        law_of = np.empty(len(uk), dtype=np.int64)
        for u, (row, i, k) in enumerate(
            zip(uk.tolist(), at.tolist(), counts.tolist(), strict=True)
        ):
            key = (turn, begun, *row)
            law = self._law_of.get(key)
            if law is None:
                met = self._met.get(key, 0) + k
                if met >= TURN_LAW_AT:
                    moved = [j for j, v in zip(cols, row, strict=True) if j >= 0 and v >= 0]
                    law = self._law_of[key] = self._build(sub[i], turn, begun, moved)
                    self._met.pop(key, None)
                else:
                    self._met[key] = met
                    law = -1
            law_of[u] = law
        L = law_of[inv]
        drawn = L >= 0
        if drawn.any():
            rows = self.laws.draw(L[drawn], self.gen)
            sel = A[drawn]
            out = self.laws.out[rows]
            S[sel] = np.where(out >= 0, out, S[sel])
        stepwise, slot_id = self.sampler._stepwise, self.slot_id
        for i in A[~drawn].tolist():
            state = stepwise(self.state(S[i].tolist()), turn, self.rng, begun)
            S[i] = [slot_id(slot) for slot in state]

    def _pass(self, turn: int, slot: int, row: Any) -> bool:
        """:meth:`Chain.passes` (it reads the actor's form only), memoised."""
        key = (turn, slot)
        known = self._passes.get(key)
        if known is None:
            known = self._passes[key] = self.chain.passes(self.state(row.tolist()), turn)
        return known

    def _layout(self, turn: int, begun: bool) -> tuple[bool, list[int], list[int], bool]:
        """Whether turn ``turn`` reads the whole state (its actor aids its allies), its
        actor's foes and allies, and whether the round-end rules close it."""
        known = self._layouts.get((turn, begun))
        if known is None:
            c = self.chain
            actor = c.order[turn]
            foes = [j for j in c.order if c.sides[j] != c.sides[actor]]
            allies = [j for j in range(self.width) if j != actor and c.sides[j] == c.sides[actor]]
            end = "end" in c.stages(turn, begun)
            known = self._layouts[(turn, begun)] = (actor in c.aiders, foes, allies, end)
        return known

    def keys(self, sub: Any, turn: int, begun: bool) -> tuple[Any, list[int]]:
        """What turn ``turn`` reads of each fight of ``sub`` (the class docstring): one
        column per combatant it may read (its slot id; ``-2``: one it neither reads nor
        moves) and one for the allies (``-1``: one of them stands; ``-2``: none), and
        which combatant each column is (``-1``: the allies')."""
        np = self.np
        whole, foes, allies, end = self._layout(turn, begun)
        if whole:
            return sub, list(range(self.width))
        alive, still = self._alive, self._still
        actor = self.chain.order[turn]
        parts, cols = [sub[:, actor]], [actor]
        for j in foes:
            col = sub[:, j]
            read = alive[col] | ~still[col] if end else alive[col]
            parts.append(np.where(read, col, -2))
            cols.append(j)
        standing = np.zeros(len(sub), dtype=bool)
        for j in allies:
            col = sub[:, j]
            standing |= alive[col]
            if end:
                parts.append(np.where(still[col], -2, col))
                cols.append(j)
        parts.append(np.where(standing, -1, -2))
        cols.append(-1)
        return np.stack(parts, axis=1), cols

    def _unique(self, K: Any) -> tuple[Any, Any, Any, Any]:
        """The distinct rows of ``K`` (sorted), the first fight of each, each fight's
        row's index and how many fights each has (a row packed in one integer when it
        fits: ordered as the rows themselves are, last column first)."""
        np = self.np
        bits = (len(self.slots) + 2).bit_length()
        if bits * K.shape[1] <= 62:
            code = np.zeros(len(K), dtype=np.int64)
            for p in range(K.shape[1]):
                code |= (K[:, p] + 2) << (bits * p)
            at, inv, counts = np.unique(
                code, return_index=True, return_inverse=True, return_counts=True
            )[1:]
            return K[at], at, inv, counts
        uk, at, inv, counts = np.unique(
            K, axis=0, return_index=True, return_inverse=True, return_counts=True
        )
        return uk, at, inv.reshape(-1), counts

    def _build(self, row: Any, turn: int, begun: bool, moved: list[int]) -> int:
        """The turn's law in the fight ``row`` (:meth:`Chain.successors`) as a law of
        :class:`_Laws` over the slots ``moved`` (the others stay as they are): its id, or
        ``-1`` when its denominator does not fit a numpy integer (drawn step by step)."""
        law = self.chain.successors(self.state(row.tolist()), turn, begun)
        slot_id, width = self.slot_id, self.width
        rows = [
            ([slot_id(st[j]) if j in moved else -1 for j in range(width)], w) for st, w in law.rows
        ]
        g = math.gcd(law.den, *(w for _r, w in rows))
        if law.den // g >= 1 << 62:
            return -1
        return self.laws.add(law.den // g, [(r, w // g) for r, w in rows])

    # the fights ----------------------------------------------------------------------
    def run(self, n: int, cap: int) -> tuple[Any, Any]:
        """``n`` fights from the chain's start, as :meth:`Sampler.fight` plays one: each
        one's last state (slot ids) and the round it ended in (``0``: still going after
        ``cap`` rounds)."""
        np, c = self.np, self.chain
        start = [self.slot_id(slot) for slot in c.start]
        S = np.tile(np.array(start, dtype=np.int64), (n, 1))
        ended_in = np.zeros(n, dtype=np.int64)
        A = np.arange(n)
        if self.terminal(S[:1])[0]:
            ended_in[:] = 1
            return S, ended_in
        turn, r, begun = c.start_turn, 1, c.skip_first
        while A.size:
            self.play(S, A, turn, begun)
            begun = False
            done = self.terminal(S[A])
            ended_in[A[done]] = r
            A = A[~done]
            turn += 1
            if turn == len(c.order):
                turn, r = 0, r + 1
                if r > cap:
                    break
        return S, ended_in


def lockstep_simulate(chain: Chain, cap: int, shown: int, n: int, seed: int) -> Outcome:
    """``n`` fights drawn side by side (:class:`Lockstep`), seeded by ``seed``, told as
    :func:`simulate` tells its own (the cyclic collector paused while drawing, as there)."""
    sim = Lockstep(chain, seed)
    np = sim.np
    paused = gc.isenabled()
    if paused:
        gc.disable()
    try:
        S, ended_in = sim.run(n, cap)
    finally:
        if paused:
            gc.enable()
    tally = _Tally(chain, shown)
    finals, counts = np.unique(
        np.concatenate([S, ended_in[:, None]], axis=1), axis=0, return_counts=True
    )
    for row, k in zip(finals.tolist(), counts.tolist(), strict=True):
        tally.add(sim.state(row[:-1]), row[-1], row[-1] > 0, k)
    return tally.outcome(n)
