"""The fight simulated: ``n`` seeded fights drawn blow by blow from the same laws with the
same policy (:class:`Sampler`, :func:`simulate`) — for a fight past the exact bound, or
when asked for. The result says so (:func:`~rolkit.fight.result.margin`)."""

from __future__ import annotations

import bisect
import random
from collections.abc import Iterable
from fractions import Fraction

from rolkit.dice import MAX_SEED
from rolkit.errors import RulesError
from rolkit.fight.chain import Chain
from rolkit.fight.result import Outcome, marginals
from rolkit.fight.spec import SHOWN_ROUNDS_CAP
from rolkit.fight.state import After, BlowKey, ChainState, Summary
from rolkit.model import Fate

__all__ = ["Sampler", "simulate", "SIMULATION_ROUND_CAP"]

#: A simulated fight is stopped (and counted as still going) after this many rounds.
SIMULATION_ROUND_CAP = 200


class Sampler:
    """Turns of a :class:`Chain` drawn at random, in the order of
    :meth:`Chain.successors`: from a blow's law where the exploration already built it,
    else resolved as the tracker would (``s.resolve`` + ``s.after``)."""

    def __init__(self, chain: Chain) -> None:
        self.chain = chain
        chain.sampling = True
        #: a blow's law as cumulative weights: ``(running totals, forms after, den)``
        self._tables: dict[BlowKey, tuple[list[int], list[After], int]] = {}

    def turn(
        self, state: ChainState, turn: int, rng: random.Random, first: bool = False
    ) -> ChainState:
        """One turn drawn at random (``first``: already begun)."""
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
        """``actor``'s blow drawn at random (no blow: ``state`` as it is)."""
        c = self.chain
        if not c.acting(state, actor):
            return state
        if c.multi:
            return c.draw_turn(state, actor, rng)
        j = c.target(state, actor)
        key = c.blow_key(state, actor, j)
        c.met(key)
        table = self._table(key)
        if table is not None:
            acc, outs, den = table
            after: After | None = outs[bisect.bisect_right(acc, rng.randrange(den))]
        else:
            after = self._resolved(key, rng)
        return state if after is None else c.after_blow(state, actor, j, after)

    def _table(self, key: BlowKey) -> tuple[list[int], list[After], int] | None:
        """The blow's law as a table to draw from, when the chain has built the law."""
        table = self._tables.get(key)
        law = None if table is not None else self.chain.cached_law(key)
        if law is not None:
            den, rows = law
            acc, outs, total = [], [], 0
            for after, w in rows:
                total += w
                acc.append(total)
                outs.append(after)
            table = self._tables[key] = (acc, outs, den)
        return table

    def _resolved(self, key: BlowKey, rng: random.Random) -> After | None:
        """The forms after the blow resolved with a seed drawn from ``rng`` (``None``: no
        blow, or one that cannot be made in this state)."""
        c = self.chain
        a, d, w = c.forms[key.attacker], c.forms[key.defender], c.forms[key.weapon]
        mods = c.blow(key)[0]
        if mods is None:
            return None
        try:
            res = c.s.resolve(a, d, w, mods, c.options, seed=rng.randrange(1, MAX_SEED + 1))
        except RulesError:
            c.impossible.add(key)
            return None
        after = c.s.after(res)
        return After(
            c.intern(after.get("attacker", a)),
            c.intern(after.get("defender", d)),
            c.intern(after.get("weapon", w)),
        )

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
        (not ended) after ``cap`` rounds."""
        c = self.chain
        state, turn, r = c.start, c.start_turn, 1
        begun = c.skip_first
        while not c.terminal(state):
            state = self.turn(state, turn, rng, begun)
            begun = False
            turn += 1
            if turn == len(c.order):
                turn = 0
                r += 1
                if r > cap and not c.terminal(state):
                    return state, r, False
        return state, r, True


def simulate(
    chain: Chain, rounds: int | None, rounds_shown: int | None, n: int, seed: int
) -> Outcome:
    """``n`` fights drawn with :class:`Sampler` from ``random.Random(seed)``; a fight
    still going after ``rounds`` (or :data:`SIMULATION_ROUND_CAP`) rounds counts as
    going; the rounds law is told up to ``rounds`` (or ``rounds_shown``, or
    :data:`~rolkit.fight.spec.SHOWN_ROUNDS_CAP`), the rest as later."""
    rng = random.Random(seed)
    cap = rounds if rounds is not None else SIMULATION_ROUND_CAP
    shown = rounds if rounds is not None else (rounds_shown or SHOWN_ROUNDS_CAP)
    ended: dict[Summary, int] = {}
    going: dict[tuple[Fate, ...], int] = {}
    rounds_law: dict[int, int] = {}
    later = 0
    sampler = Sampler(chain)
    for _ in range(n):
        state, r, over = sampler.fight(cap, rng)
        if not over:
            fates = chain.summary(state).fates
            going[fates] = going.get(fates, 0) + 1
            continue
        key = chain.summary(state)
        ended[key] = ended.get(key, 0) + 1
        if r <= shown:
            rounds_law[r] = rounds_law.get(r, 0) + 1
        else:
            later += 1
    as_p = {k: Fraction(v, n) for k, v in ended.items()}
    return Outcome(
        states=0,
        marginals=marginals(as_p, {k: Fraction(v, n) for k, v in going.items()}),
        rounds_law={r: Fraction(v, n) for r, v in sorted(rounds_law.items())},
        p_later=Fraction(later, n),
        mean_rounds=None,
    )
