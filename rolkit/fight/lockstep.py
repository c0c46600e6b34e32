"""A party's fights drawn side by side, turn by turn (#27 item 6, :class:`Lockstep`):
each turn's exact law drawn for every fight that reads alike at once. The entry point is
:func:`rolkit.fight.simulate.simulate` (:func:`~rolkit.fight.simulate.lockstep_simulate`),
which hands :class:`Lockstep` the :class:`~rolkit.fight.simulate.Sampler` it draws the
turns met too seldom with."""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from rolkit.fight.chain import Chain
from rolkit.fight.state import ChainState, Slot

if TYPE_CHECKING:  # the sampler is handed in: simulate.py imports this module
    from rolkit.fight.simulate import Sampler

__all__ = ["Lockstep", "TURN_LAW_AT"]

#: Side by side (:class:`Lockstep`), a turn's law for what it reads is built from this
#: meeting on (counting every fight that met it); before it those fights' turns are drawn
#: step by step: a rent-or-buy threshold (an NSd20 4v4 turn law costs about as much as
#: seven step-by-step turns; of 2, 4, 8 and 16, 8 measured fastest or as fast on NSd20's
#: and Tierkreis's 4v4, CPU, n = 10 000, with a finer key than :meth:`Lockstep.keys`).
TURN_LAW_AT = 8


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
        :meth:`~rolkit.fight.simulate.Table.draw` draws one: a uniform integer below the
        law's denominator (``gen``: a numpy Generator), then the first row whose running
        total is above it — a bisection over every law at once (each interval keeps that
        row)."""
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
    (the :class:`~rolkit.fight.simulate.Sampler`'s ``_stepwise``, from
    ``random.Random(seed)``), as is a law whose denominator does not fit in 62 bits. A
    turn whose actor cannot act and whose rules leave it as it is (:meth:`Chain.passes`)
    is skipped.

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

    def __init__(self, chain: Chain, seed: int, sampler: Sampler) -> None:
        import numpy as np  # loaded by the first simulation, not at import

        self.np = np
        self.chain = chain
        self.width = len(chain.sides)
        self.gen = np.random.Generator(np.random.PCG64(seed))
        self.rng = random.Random(seed)
        #: draws a group met too seldom step by step (its ``_stepwise``)
        self.sampler = sampler
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
        """``n`` fights from the chain's start, as :meth:`~rolkit.fight.simulate.Sampler.
        fight` plays one: each one's last state (slot ids) and the round it ended in
        (``0``: still going after ``cap`` rounds)."""
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
