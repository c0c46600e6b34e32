"""A turn of actions stepped action by action on a party split's entries (#27 item 3,
:mod:`rolkit.fight.party_split`): the chain's own turn (:meth:`Acting._turn_rows`), each
entry ``(actor side state, foe side state, mass)`` moved by one action per layer, with
numpy.

A turn reads the foes' side only through the policy's choice (:meth:`Acting._choose`):
per foe, whether it can act, whether the attack on it is refused and its "weakest" score
(:meth:`Acting.p_out_act`), ties broken by the turn order; and an action changes only the
actor's slot and its target's (:meth:`Acting.after_act`). So everything a layer needs is
kept by (actor slot code, actions taken, foe slot code) in small tables (:class:`_Grid`),
filled with the chain's own answers (:meth:`Acting.refused`, :meth:`Acting.p_out_act`,
:meth:`Acting.act_law`, :meth:`Laws.settle`), and the choice is made per entry from them
exactly as :meth:`Acting._choose` makes it:

1. the turn ends where the budget is spent (:meth:`Acting.spent`), the fight is over
   (a side all out) or the actor cannot act;
2. the first ``"recover"`` action the budget allows (:meth:`Acting._affordable` order)
   that is not refused, on the actor itself;
3. else, for each ``"attack"`` action the budget allows in that order, the foes that can
   act in the turn order, sorted by score, highest first, ties keeping the order
   (:meth:`Acting._by_preference`; policy ``"first"`` or a single foe: the order), the
   first not refused; the first action with one wins;
4. else the turn ends.

Scores are Fractions: they are compared through their exact ranks among all scores met
(equal Fractions share a rank), never as floats. Aid between allies is not split
(:func:`~rolkit.fight.party_split.party_decomposable`), so no ``"aid"`` step.

The chain's side effects for the notes are kept: each action chosen is
:attr:`Acting.acted`, and each attack the policy examines (:meth:`Acting.met_blow`: those
tried before the one chosen, or all when none is) is met.

**Rounding.** Each layer applies one law per entry (its chance rounded once, the product
once), then sums equal entries of the same actions taken (the most terms counted, as
:func:`~rolkit.fight.party_tables.summed` reports); the caller adds both to its count of
float operations along a path (:attr:`~rolkit.fight.party_split._Run.flops`). Masses under
``floor`` are dropped between layers (no subnormal product; dropping only lowers what
reaches the ends), and chances under ``least`` from a law.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from rolkit.actions import ActionProcedure
from rolkit.fight.acting import ActKey
from rolkit.fight.chain import Chain
from rolkit.fight.party_tables import Side, positions, summed

if TYPE_CHECKING:  # numpy loads with the first run: import rolkit stays light
    import numpy as np

__all__ = ["TurnSteps"]


class _Grid:
    """Integers by (actor slot code, foe slot code) (``-1``: not known yet), each filled
    once by ``fill`` as it is asked for, in a dense numpy array grown as codes are met."""

    def __init__(self, fill: Callable[[int, int], int]) -> None:
        import numpy as np

        self.np = np
        self.fill = fill
        self.a = np.full((16, 16), -1, dtype=np.int64)

    def get(self, c: np.ndarray, f: np.ndarray) -> np.ndarray:
        """The values at the pairs ``(c[e], f[e])`` (arrays of codes)."""
        np = self.np
        if not len(c):
            return np.zeros(0, dtype=np.int64)
        rows, cols = self.a.shape
        top_c, top_f = int(c.max()) + 1, int(f.max()) + 1
        if top_c > rows or top_f > cols:
            grown = np.full((max(top_c, 2 * rows), max(top_f, 2 * cols)), -1, dtype=np.int64)
            grown[:rows, :cols] = self.a
            self.a = grown
        out = self.a[c, f]
        miss = out < 0
        if miss.any():
            width = self.a.shape[1]
            for pair in np.unique(c[miss] * width + f[miss]).tolist():
                ci, fi = divmod(pair, width)
                self.a[ci, fi] = self.fill(ci, fi)
            out = self.a[c, f]
        return out


class _Rows:
    """Laws as flat arrays: law ``n``'s rows ``(actor code after, target code after,
    chance)`` are ``start[n] : start[n] + count[n]`` of each column."""

    def __init__(self) -> None:
        self.starts: list[int] = []
        self.counts: list[int] = []
        self._columns: tuple[list[int], list[int], list[float]] = ([], [], [])
        self._arrays: tuple[Any, ...] | None = None

    def put(self, rows: list[tuple[int, int, float]]) -> int:
        """A law's rows: its number."""
        self.starts.append(len(self._columns[0]))
        self.counts.append(len(rows))
        for column, values in zip(self._columns, zip(*rows, strict=True), strict=False):
            column.extend(values)  # type: ignore[attr-defined]
        self._arrays = None
        return len(self.starts) - 1

    def arrays(self) -> tuple[Any, ...]:
        """``(start, count, actor codes after, target codes after, chances)``."""
        if self._arrays is None:
            import numpy as np

            self._arrays = (
                np.asarray(self.starts, dtype=np.intp),
                np.asarray(self.counts, dtype=np.intp),
                np.asarray(self._columns[0], dtype=np.intp),
                np.asarray(self._columns[1], dtype=np.intp),
                np.asarray(self._columns[2], dtype=np.float64),
            )
        return self._arrays


class TurnSteps:
    """The turns of actions of side ``mine``'s members against side ``theirs`` (module
    docstring), their tables kept between turns and passes."""

    def __init__(self, chain: Chain, mine: Side, theirs: Side, least: float) -> None:
        import numpy as np

        self.np = np
        self.chain = chain
        self.mine = mine
        self.theirs = theirs
        self.least = least
        #: the tuples of actions taken met, numbered (``()`` first)
        self.taken: list[tuple[str, ...]] = [()]
        self._taken_id: dict[tuple[str, ...], int] = {(): 0}
        self._grids: dict[tuple[Any, ...], _Grid] = {}
        self.rows = _Rows()
        #: the "weakest" scores met, numbered, and each one's rank among them
        self._scores: dict[Fraction, int] = {}
        self._rank: Any = np.zeros(0, dtype=np.int64)
        #: the laws built (a count for the caller)
        self.built = 0

    # tables -----------------------------------------------------------------------
    def taken_id(self, taken: tuple[str, ...]) -> int:
        known = self._taken_id.get(taken)
        if known is None:
            known = self._taken_id[taken] = len(self.taken)
            self.taken.append(taken)
        return known

    def _key(self, action: str, c: int, f: int | None, t: int, defend: bool) -> ActKey:
        """The chain's key of ``action`` by the actor in slot code ``c`` on the foe in
        slot code ``f`` (``None``: on itself) after the actions ``t``
        (:meth:`Acting.act_key`)."""
        form, weapon = self.mine.slots[c]
        target = form if f is None else self.theirs.slots[f].form
        return ActKey(action, form, weapon, target, self.taken[t], defend)

    def _grid(self, what: str, action: str, t: int, defend: bool, on_self: bool) -> _Grid:
        key = (what, action, t, defend, on_self)
        known = self._grids.get(key)
        if known is None:
            chain = self.chain

            def act(c: int, f: int) -> ActKey:
                return self._key(action, c, None if on_self else f, t, defend)

            fill: Callable[[int, int], int]
            if what == "refused":
                fill = lambda c, f: int(chain.refused(act(c, f)))  # noqa: E731
            elif what == "score":
                fill = lambda c, f: self._score_id(chain.p_out_act(act(c, f)))  # noqa: E731
            elif what == "met":

                def fill(c: int, f: int) -> int:
                    chain.met_blow(act(c, f))
                    return 1

            else:
                fill = lambda c, f: self._law(act(c, f), on_self, f)  # noqa: E731
            known = self._grids[key] = _Grid(fill)
        return known

    def _score_id(self, score: Fraction) -> int:
        known = self._scores.get(score)
        if known is None:
            known = self._scores[score] = len(self._scores)
            # each id's rank among the scores by value, exact (equal Fractions are one id)
            by_id = list(self._scores)  # in the order of their ids
            rank = self.np.empty(len(by_id), dtype=self.np.int64)
            rank[sorted(range(len(by_id)), key=by_id.__getitem__)] = self.np.arange(len(by_id))
            self._rank = rank
        return known

    def _law(self, key: ActKey, on_self: bool, f: int) -> int:
        """The action ``key``'s law (:meth:`Acting.act_law`) as rows of codes after
        (:meth:`Acting.after_act`: the actor settled with its weapon after, the target
        with its own weapon), equal rows summed exact, each chance rounded once."""
        chain = self.chain
        den, rows = chain.act_law(key)
        weapon = 0 if on_self else self.theirs.slots[f].weapon
        acc: dict[tuple[int, int], int] = {}
        for after, w in rows:
            a2 = self.mine.code_of(chain.settle(after.attacker, after.weapon))
            f2 = -1 if on_self else self.theirs.code_of(chain.settle(after.defender, weapon))
            acc[(a2, f2)] = acc.get((a2, f2), 0) + w
        self.built += 1
        # int / int is correctly rounded: one rounding per chance
        out = [(a2, f2, w / den) for (a2, f2), w in acc.items()]
        return self.rows.put([row for row in out if row[2] >= self.least])

    # the turn ---------------------------------------------------------------------
    def play(
        self,
        actor: int,
        xs: np.ndarray,
        ys: np.ndarray,
        vs: np.ndarray,
        floor: float,
        bits: int,
        on_time: Callable[[], None],
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, int, int]:
        """Combatant ``actor``'s turn of actions from the entries ``(xs, ys, vs)`` (its
        side's states, its foes', masses; it can act in each): the entries at the turn's
        ends ``(xs, ys, vs)`` (not summed), the most laws along a path and the most terms
        summed into one entry along a path by the merges between layers. ``bits``: the
        bits of a foe state in a merge's key; ``on_time`` is called before each layer
        (it raises when the time is out)."""
        np = self.np
        done: list[tuple[Any, Any, Any]] = []
        layer: dict[int, list[tuple[Any, Any, Any]]] = {0: [(xs, ys, vs)]}
        steps = merges = 0
        while layer:
            on_time()
            nxt: dict[int, list[tuple[Any, Any, Any]]] = {}
            for t, parts in layer.items():
                x, y, v = (np.concatenate(p) for p in zip(*parts, strict=True))
                self._layer(actor, t, x, y, v, done, nxt)
            if not nxt:
                break
            steps += 1
            layer = {}
            most = 1
            for t, parts in nxt.items():
                x, y, v = (np.concatenate(p) for p in zip(*parts, strict=True))
                key = x << bits
                key |= y
                keys, sums, m = summed(key, v)
                most = max(most, m)
                big = sums >= floor
                if not big.all():
                    keys, sums = keys[big], sums[big]
                if len(keys):
                    layer[t] = [(keys >> bits, keys & ((1 << bits) - 1), sums)]
            merges += most
        if not done:
            empty = np.zeros(0, dtype=np.int64)
            return empty, empty, np.zeros(0), steps, merges
        x, y, v = (np.concatenate(p) for p in zip(*done, strict=True))
        return x, y, v, steps, merges

    def _layer(
        self,
        actor: int,
        t: int,
        x: np.ndarray,
        y: np.ndarray,
        v: np.ndarray,
        done: list[tuple[Any, Any, Any]],
        nxt: dict[int, list[tuple[Any, Any, Any]]],
    ) -> None:
        """One action of ``actor`` on the entries ``(x, y, v)`` that have taken ``t``:
        those whose turn ends go to ``done``, the others' entries after the action to
        ``nxt`` by the actions taken then."""
        np = self.np
        chain = self.chain
        mine, theirs = self.mine, self.theirs
        k = mine.pos[actor]
        taken = self.taken[t]
        out_m, _f, codes_m = mine.arrays()
        out_t, _f, codes_t = theirs.arrays()
        c = codes_m[x, k]
        go = ~(out_m[x] | out_t[y]) & mine.acting()[c]
        if chain.spent(taken, False):
            go[:] = False
        if not go.all():
            stop = ~go
            done.append((x[stop], y[stop], v[stop]))
            x, y, v, c = x[go], y[go], v[go], c[go]
        if not len(x):
            return
        n = len(x)
        # the choice: an action (its index in ``acts``) and a target (a foe's place in
        # the turn order among the foes, −1: the actor itself)
        acts: list[ActionProcedure] = []
        choice = np.full(n, -1, dtype=np.intp)
        target = np.full(n, -1, dtype=np.intp)
        zero = np.zeros(n, dtype=np.intp)
        me_defends = chain.defend[actor]
        for proc in chain._affordable(taken, "recover"):
            open_ = np.flatnonzero(choice < 0)
            if not len(open_):
                break
            refused = self._grid("refused", proc.id, t, me_defends, True).get(c[open_], zero[open_])
            choice[open_[refused == 0]] = len(acts)
            acts.append(proc)
        attacks = chain._affordable(taken, "attack")
        open_ = np.flatnonzero(choice < 0)
        if attacks and len(open_):
            self._attack(actor, t, attacks, c, y, open_, choice, target, acts)
        chosen = choice >= 0
        if not chosen.all():
            stop = ~chosen
            done.append((x[stop], y[stop], v[stop]))
        if not chosen.any():
            return
        for a, proc in enumerate(acts):
            if (choice == a).any():
                chain.acted[proc.id] = None
        # each entry's law, by its action and target
        law = np.full(n, -1, dtype=np.intp)
        foes = [j for j in chain.order if chain.sides[j] != chain.sides[actor]]
        for a, proc in enumerate(acts):
            for q in range(-1, len(foes)):
                sel = np.flatnonzero((choice == a) & (target == q))
                if not len(sel):
                    continue
                if q < 0:
                    grid = self._grid("law", proc.id, t, me_defends, True)
                    law[sel] = grid.get(c[sel], zero[sel])
                else:
                    f = codes_t[y[sel], theirs.pos[foes[q]]]
                    law[sel] = self._grid("law", proc.id, t, chain.defend[foes[q]], False).get(
                        c[sel], f
                    )
        idx = np.flatnonzero(chosen)
        start, count, a2s, f2s, ps = self.rows.arrays()
        counts = count[law[idx]]
        rows = np.repeat(idx, counts)
        first = np.cumsum(counts)
        first -= counts
        flat = np.repeat(start[law[idx]] - first, counts)
        flat += positions(len(flat))
        x2 = mine.moved_pairs(k, x[rows], a2s[flat])
        y2 = y[rows]
        tq = target[rows]
        for q in range(len(foes)):
            on = np.flatnonzero(tq == q)
            if len(on):
                y2[on] = theirs.moved_pairs(theirs.pos[foes[q]], y2[on], f2s[flat[on]])
        v2 = v[rows] * ps[flat]
        ca = choice[rows]
        for a, proc in enumerate(acts):
            on = np.flatnonzero(ca == a)
            if len(on):
                t2 = self.taken_id((*taken, proc.id))
                nxt.setdefault(t2, []).append((x2[on], y2[on], v2[on]))

    def _attack(
        self,
        actor: int,
        t: int,
        attacks: tuple[ActionProcedure, ...],
        c: np.ndarray,
        y: np.ndarray,
        open_: np.ndarray,
        choice: np.ndarray,
        target: np.ndarray,
        acts: list[ActionProcedure],
    ) -> None:
        """The attack and its target of the entries ``open_`` (no recover action chosen):
        step 3 of the module docstring, the attacks examined met."""
        np = self.np
        chain = self.chain
        theirs = self.theirs
        _o, _f, codes_t = theirs.arrays()
        foes = [j for j in chain.order if chain.sides[j] != chain.sides[actor]]
        cols = [theirs.pos[j] for j in foes]
        cs = c[open_]
        fs = codes_t[y[open_]][:, cols]  # the foes' codes, in the turn order
        able = theirs.acting()[fs]
        weakest = chain.policy[actor] != "first"
        scored = weakest & (np.count_nonzero(able, axis=1) >= 2)
        left = np.ones(len(open_), dtype=bool)  # no attack chosen yet
        for proc in attacks:
            if not left.any():
                break
            ok = np.zeros(able.shape, dtype=bool)
            rank = np.full(able.shape, -1, dtype=np.int64)
            for q, j in enumerate(foes):
                on = np.flatnonzero(left & able[:, q])
                if not len(on):
                    continue
                refused = self._grid("refused", proc.id, t, chain.defend[j], False).get(
                    cs[on], fs[on, q]
                )
                ok[on, q] = refused == 0
                ranked = on[scored[on]]
                if len(ranked):
                    ids = self._grid("score", proc.id, t, chain.defend[j], False).get(
                        cs[ranked], fs[ranked, q]
                    )
                    rank[ranked, q] = self._rank[ids]
            # the preferred foe not refused: the highest rank, the first in order on ties
            # (rank −1 where no score is read: the order alone)
            best = np.where(ok, rank, -2).argmax(axis=1)
            found = left & ok.any(axis=1)
            # the attacks examined: every able foe when none is chosen, else those
            # preferred to the chosen one, and it
            order = np.arange(len(foes))
            br = rank[np.arange(len(best)), best][:, None]
            before = (rank > br) | ((rank == br) & (order[None, :] <= best[:, None]))
            examined = left[:, None] & able & (~found[:, None] | before)
            for q, j in enumerate(foes):
                on = np.flatnonzero(examined[:, q])
                if len(on):
                    self._grid("met", proc.id, t, chain.defend[j], False).get(cs[on], fs[on, q])
            hit = np.flatnonzero(found)
            if len(hit):
                choice[open_[hit]] = len(acts)
                target[open_[hit]] = best[hit]
            acts.append(proc)
            left &= ~found
