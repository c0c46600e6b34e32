"""The fight simulated: ``n`` seeded fights drawn from the same laws with the same policy
(:func:`simulate`) — for a fight past the exact bound, or when asked for. A duel's fights
are drawn one after the other, blow by blow (:class:`Sampler`), a party's side by side,
turn by turn, each turn's exact law drawn for every fight that reads alike at once
(:class:`~rolkit.fight.lockstep.Lockstep`). The result says so
(:func:`~rolkit.fight.result.margin`)."""

from __future__ import annotations

import bisect
import gc
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
from rolkit.fight.lockstep import Lockstep
from rolkit.fight.result import Outcome, marginals
from rolkit.fight.spec import SHOWN_ROUNDS_CAP
from rolkit.fight.state import After, BlowKey, ChainState, Summary
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
    2 000, 25–26 s one by one, 27–34 s side by side; n = 10 000, 94 s and 148 s; with the
    "weakest" policy's measure keyed by what it reads, :meth:`~rolkit.fight.acting.
    Acting.measure_key`, still 8,9–9,0 s against 11,6–11,9 s at n = 2 000 and 36 s
    against 52 s at n = 10 000, CPU, alternating). A duel's are drawn one by one, as
    before (its seeded fights unchanged)."""
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


def lockstep_simulate(chain: Chain, cap: int, shown: int, n: int, seed: int) -> Outcome:
    """``n`` fights drawn side by side (:class:`~rolkit.fight.lockstep.Lockstep`, its
    turns met too seldom drawn by a :class:`Sampler`), seeded by ``seed``, told as
    :func:`simulate` tells its own (the cyclic collector paused while drawing, as there)."""
    sim = Lockstep(chain, seed, Sampler(chain))
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
