"""A turn of actions stepped action by action on a party split's entries (#27 item 3,
:mod:`rolkit.fight.party_split`): the chain's own turn (:meth:`Acting._turn_rows`), each
entry ``(actor side state, foe side state, mass)`` moved by one action per layer, with
numpy.

A turn reads the foes' side only through the policy's choice (:meth:`Acting._choose`):
per foe, whether it can act, whether the attack on it is refused and its "weakest" score
(:meth:`Acting.p_out_act`), ties broken by the turn order; and an action changes only the
actor's slot and its target's (:meth:`Acting.after_act`). So everything a layer needs is
kept by (actor slot code, actions taken, foe slot code) in small tables (:class:`_Taken`),
filled with the chain's own answers (:meth:`Acting.refused`, :meth:`Acting.p_out_act`,
:meth:`Acting.act_law`, :meth:`Laws.settle`), and the choice is made per entry from them
exactly as :meth:`Acting._choose` makes it (and kept by (actor slot, foe state), per
actions taken and policy: :meth:`TurnSteps.choices`):

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
:func:`~rolkit.fight.party_tables.summed` reports; entries whose budget is then spent end
there unsummed, the caller's merge sums them); the caller adds both to its count of
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
from rolkit.fight.chain import Chain, TooLarge
from rolkit.fight.party_tables import Side, expanded, summed, worker

if TYPE_CHECKING:  # numpy loads with the first run: import rolkit stays light
    import numpy as np

__all__ = ["TurnSteps"]

#: A preference (:meth:`_Taken.prefs`): refused, not met yet; not known yet.
_REFUSED = -3
_UNKNOWN_PREF = -4


def _fit(a: np.ndarray, codes: int, foes: int, empty: int) -> np.ndarray:
    """``a`` (its last two axes: actor slot codes, foe slot codes) grown to hold
    ``codes`` × ``foes`` at least, the new cells ``empty``."""
    import numpy as np

    have_c, have_f = a.shape[-2:]
    if codes <= have_c and foes <= have_f:
        return a
    wide_c = have_c if codes <= have_c else max(codes, 2 * have_c)
    wide_f = have_f if foes <= have_f else max(foes, 2 * have_f)
    shape = (*a.shape[:-2], wide_c, wide_f)
    grown = np.full(shape, empty, dtype=a.dtype)
    grown[..., :have_c, :have_f] = a
    return grown


def _widened(x: np.ndarray, y: np.ndarray, v: np.ndarray) -> tuple[Any, Any, Any]:
    """Entries at a turn's end with their states as intp (moved ones are uint16)."""
    import numpy as np

    return x.astype(np.intp, copy=False), y.astype(np.intp, copy=False), v


def _no_limit() -> None:
    """No time limit (:attr:`TurnSteps.on_time` between turns)."""


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


class _Taken:
    """What a layer of one tuple of actions taken reads, by (defence flag, actor slot
    code, foe slot code): the actions the budget allows (the recover ones first, then the
    attack ones, each in :meth:`Acting._affordable` order), the first recover action not
    refused, each attack's refusal and score, the attacks met and each action's law."""

    def __init__(self, steps: TurnSteps, t: int) -> None:
        import numpy as np

        chain = steps.chain
        self.np = np
        self.steps = steps
        self.t = t
        taken = steps.taken[t]
        self.spent = chain.spent(taken, False)
        recover = chain._affordable(taken, "recover")
        attack = chain._affordable(taken, "attack")
        self.acts: tuple[ActionProcedure, ...] = (*recover, *attack)
        self.recovers = len(recover)
        #: the actions taken after each action (numbered as they are met)
        self.then = [steps.taken_id((*taken, a.id)) for a in self.acts]
        self.then_array = np.asarray(self.then, dtype=np.int64)
        #: after each action, the budget is spent (the turn ends there)
        self.then_spent = np.asarray(
            [chain.spent(steps.taken[t2], False) for t2 in self.then], dtype=bool
        )
        n = len(attack)
        #: the first recover action not refused (its index; −1: none; −2: not known)
        self.recover = np.full((2, 16, 1), -2, dtype=np.int64)
        #: per attack: refused or the foe cannot act (1), not (0), not known (−1)
        self.refused = np.full((n, 2, 16, 16), -1, dtype=np.int8)
        #: per attack: the score's number (:meth:`TurnSteps.score_id`), −1: the foe
        #: cannot act
        self.score = np.full((n, 2, 16, 16), -1, dtype=np.int64)
        #: per attack and policy: the preference (−1: not to be chosen, −2: not known)
        self._pref: dict[bool, Any] = {}
        self._rank_seen = -1
        #: per attack: met (:meth:`Acting.met_blow`), or never to be (the foe cannot act)
        self.met = np.zeros((n, 2, 16, 16), dtype=bool)
        #: per action: its law's number in :attr:`TurnSteps.rows` (−1: not known)
        self.law = np.full((len(self.acts), 2, 16, 16), -1, dtype=np.int64)
        #: the bits of a choice's target + 1 and of its action (:meth:`TurnSteps.choices`)
        self.bits = (len(steps.foes).bit_length(), max(1, (len(self.acts) - 1).bit_length()))
        #: the choices by (actor code, foe state), per (policy "weakest", the actor
        #: defends) (:meth:`TurnSteps.choices`; −2: not known)
        self.choices: dict[tuple[bool, bool], Any] = {}

    def _grow(self, codes: int, foes: int) -> None:
        if codes > self.law.shape[-2] or foes > self.law.shape[-1]:
            self.recover = _fit(self.recover, codes, 1, -2)
            self.refused = _fit(self.refused, codes, foes, -1)
            self.score = _fit(self.score, codes, foes, -1)
            self.met = _fit(self.met, codes, foes, False)
            self.law = _fit(self.law, codes, foes, -1)
            self._pref = {}

    def fit(self) -> None:
        """The tables grown to every slot code met."""
        self._grow(len(self.steps.mine.slots), len(self.steps.theirs.slots))

    # the choice -------------------------------------------------------------------
    def recovers_of(self, d: int, c: np.ndarray) -> np.ndarray:
        """The first recover action not refused of actors in slot codes ``c`` who defend
        (``d``): its index in :attr:`acts`, −1: none."""
        np = self.np
        out = self.recover[d, c, 0]
        if out.min(initial=0) < -1:
            steps = self.steps
            for ci in np.unique(c[out < -1]).tolist():
                steps.on_time()
                found = -1
                for a in range(self.recovers):
                    key = steps.key(self.acts[a].id, ci, None, self.t, bool(d))
                    if not steps.chain.refused(key):
                        found = a
                        break
                self.recover[d, ci, 0] = found
            out = self.recover[d, c, 0]
        return out

    def prefs(self, a: int, weakest: bool, lin: np.ndarray) -> Any:
        """Attack ``a``'s (its index among the attacks) preference for each foe: ``lin``
        the cells ``(d, c, f)`` of rows and foes, flat (:meth:`cells`): its rank among
        the scores met (``weakest``) or 0, where it may be chosen; else −1 (the foe
        cannot act, or the attack is refused and met) or −3 (refused, not met yet)."""
        np = self.np
        pref = self._pref_table(weakest)[a].ravel()
        out = pref.take(lin)
        if out.min(initial=0) < _REFUSED:
            self._fill(a, np.unique(lin[out < _REFUSED]).tolist())
            pref = self._pref_table(weakest)[a].ravel()
            out = pref.take(lin)
        return out

    def cells(self, d: np.ndarray, c: np.ndarray, f: np.ndarray) -> Any:
        """The flat cells ``(d[q], c[e], f[e, q])`` of the tables by rows and foes."""
        codes, foes = self.score.shape[-2:]
        lin = c * foes
        if (d == d[0]).all():
            lin += int(d[0]) * codes * foes
            return f + lin[:, None]
        return f + lin[:, None] + (d * codes * foes)[None, :]

    def _fill(self, a: int, cells: list[int]) -> None:
        """The refusal and score of attack ``a`` on the cells ``(d, c, f)`` (flat)."""
        steps = self.steps
        chain = steps.chain
        able = steps.theirs.acting()
        action = self.acts[self.recovers + a].id
        codes, foes = self.score.shape[-2:]
        for cell in cells:
            steps.on_time()
            d, rest = divmod(cell, codes * foes)
            ci, fi = divmod(rest, foes)
            if not able[fi]:  # the chain never asks about a foe that cannot act
                self.refused[a, d, ci, fi] = 1
                self.score[a, d, ci, fi] = -1
                self.met[a, d, ci, fi] = True
                continue
            key = steps.key(action, ci, fi, self.t, bool(d))
            self.refused[a, d, ci, fi] = int(chain.refused(key))
            self.score[a, d, ci, fi] = steps.score_id(chain.p_out_act(key))
        self._pref = {}

    def _pref_table(self, weakest: bool) -> Any:
        """The attacks' preferences by ``(a, d, c, f)`` (:meth:`prefs`; −4: not known),
        derived from the refusals, scores and attacks met known (again when new scores
        change the ranks)."""
        np = self.np
        steps = self.steps
        if self._rank_seen != steps.rank_version:
            self._pref, self._rank_seen = {}, steps.rank_version
        known = self._pref.get(weakest)
        if known is None:
            refused = self.refused
            if weakest:
                value = steps.rank[self.score].astype(np.int32)
            else:
                value = np.zeros(self.score.shape, np.int32)
            known = np.where(refused == 0, value, np.where(self.met, -1, _REFUSED))
            known[refused < 0] = _UNKNOWN_PREF
            self._pref[weakest] = known
        return known

    def raw(self, a: int, weakest: bool, lin: np.ndarray) -> Any:
        """The foes' order of preference before refusals (:meth:`Acting._by_preference`
        sorts every foe that can act, then tries them): as :meth:`prefs` but refused
        foes ranked too (the cells are known), −1 where the foe cannot act."""
        np = self.np
        score = self.score[a].ravel().take(lin)  # −1: the foe cannot act
        value = self.steps.rank[score] if weakest else np.zeros(score.shape, np.int64)
        return np.where(score >= 0, value, -1)

    def meet(
        self,
        a: int,
        weakest: bool,
        lin: np.ndarray,
        pref: np.ndarray,
        found: np.ndarray,
        best: np.ndarray,
    ) -> None:
        """Attack ``a``'s refused attacks the policy examines met (:meth:`Acting.met_blow`;
        the chosen one is met when its law is asked for, :meth:`laws_of`): on rows where
        one is chosen (``found``, on foe ``best``), those on the foes preferred to the
        chosen one; elsewhere every foe that can act (all refused)."""
        np = self.np
        rows = np.flatnonzero((pref == _REFUSED).any(axis=1))
        lin, found, best = lin[rows], found[rows], best[rows]
        nq = lin.shape[1]
        order = np.arange(nq)[None, :]
        raw = self.raw(a, weakest, lin)
        key = np.where(raw >= 0, raw * nq + (nq - 1 - order), -1)
        chosen = key[np.arange(len(rows)), best][:, None]
        examined = (raw >= 0) & (~found[:, None] | (key >= chosen))
        steps = self.steps
        action = self.acts[self.recovers + a].id
        codes, foes = self.score.shape[-2:]
        met = self.met[a]
        for cell in np.unique(lin[examined]).tolist():
            d, rest = divmod(cell, codes * foes)
            ci, fi = divmod(rest, foes)
            if not met[d, ci, fi]:
                steps.on_time()
                steps.chain.met_blow(steps.key(action, ci, fi, self.t, bool(d)))
                met[d, ci, fi] = True
        self._pref = {}

    def laws_of(self, a: np.ndarray, d: np.ndarray, c: np.ndarray, f: np.ndarray) -> Any:
        """The law numbers of actions ``a`` (indexes in :attr:`acts`) by actors in slot
        codes ``c`` on foes in codes ``f`` (a recover action: on itself, ``f`` 0), ``d``:
        the target defends."""
        np = self.np
        out = self.law[a, d, c, f]
        if out.min(initial=0) < 0:
            steps = self.steps
            miss = np.flatnonzero(out < 0)
            quads = set(
                zip(
                    a[miss].tolist(),
                    d[miss].tolist(),
                    c[miss].tolist(),
                    f[miss].tolist(),
                    strict=True,
                )
            )
            for ai, di, ci, fi in quads:
                steps.on_time()
                on_self = ai < self.recovers
                key = steps.key(self.acts[ai].id, ci, None if on_self else fi, self.t, bool(di))
                if not on_self:  # an attack chosen: examined (:meth:`Acting._choose`)
                    steps.chain.met_blow(key)
                    self.met[ai - self.recovers, di, ci, fi] = True
                self.law[ai, di, ci, fi] = steps.law(key, on_self, fi)
            out = self.law[a, d, c, f]
        return out


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
        #: the foes, in the turn order
        self.foes = [j for j in chain.order if j in theirs.pos]
        #: the tuples of actions taken met, numbered (``()`` first), and their tables
        self.taken: list[tuple[str, ...]] = [()]
        self._taken_id: dict[tuple[str, ...], int] = {(): 0}
        self._tables: list[_Taken | None] = [None]
        self.rows = _Rows()
        #: the "weakest" scores met, numbered, each one's rank among them by value (its
        #: number −1 to be read as −1: a foe that cannot act), and a count of changes
        self._scores: dict[Fraction, int] = {}
        self.rank: Any = np.full(1, -1, dtype=np.int64)
        self.rank_version = 0
        #: the laws built (a count for the caller)
        self.built = 0
        #: called before each layer and each table's cell filled (it raises when the
        #: time is out: the chain's laws and measures may be slow, Ashes of War's)
        self.on_time: Callable[[], None] = _no_limit

    # tables -----------------------------------------------------------------------
    def taken_id(self, taken: tuple[str, ...]) -> int:
        known = self._taken_id.get(taken)
        if known is None:
            known = self._taken_id[taken] = len(self.taken)
            self.taken.append(taken)
            self._tables.append(None)
        return known

    def tables(self, t: int) -> _Taken:
        known = self._tables[t]
        if known is None:
            known = self._tables[t] = _Taken(self, t)
        known.fit()
        return known

    def key(self, action: str, c: int, f: int | None, t: int, defend: bool) -> ActKey:
        """The chain's key of ``action`` by the actor in slot code ``c`` on the foe in
        slot code ``f`` (``None``: on itself) after the actions ``t``
        (:meth:`Acting.act_key`)."""
        form, weapon = self.mine.slots[c]
        target = form if f is None else self.theirs.slots[f].form
        return ActKey(action, form, weapon, target, self.taken[t], defend)

    def score_id(self, score: Fraction) -> int:
        """The number of a "weakest" score (:meth:`Acting.p_out_act`); :attr:`rank` is
        each number's rank by value, exact (equal Fractions are one number)."""
        known = self._scores.get(score)
        if known is None:
            np = self.np
            known = self._scores[score] = len(self._scores)
            by_id = list(self._scores)  # in the order of their numbers
            rank = np.empty(len(by_id) + 1, dtype=np.int64)
            rank[sorted(range(len(by_id)), key=by_id.__getitem__)] = np.arange(len(by_id))
            rank[-1] = -1  # number −1: no score
            self.rank = rank
            self.rank_version += 1
        return known

    def law(self, key: ActKey, on_self: bool, f: int) -> int:
        """The action ``key``'s law (:meth:`Acting.act_law`) put in :attr:`rows` as rows
        of codes after (:meth:`Acting.after_act`: the actor settled with its weapon
        after, the target with its own weapon; a slot unchanged keeps its code, a
        recover action's target code is −1), equal rows summed exact, each chance
        rounded once: its number."""
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
        and each cell of a table filled (it raises when the time is out)."""
        self.on_time = on_time
        try:
            return self._play(actor, xs, ys, vs, floor, bits)
        finally:
            self.on_time = _no_limit

    def _play(
        self, actor: int, xs: np.ndarray, ys: np.ndarray, vs: np.ndarray, floor: float, bits: int
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, int, int]:
        np = self.np
        on_time = self.on_time
        done: list[tuple[Any, Any, Any]] = []
        layer: list[tuple[int, Any, Any, Any]] = [(0, xs, ys, vs)]
        steps = merges = 0
        while layer:
            on_time()
            nxt: list[tuple[Any, Any]] = []
            for t, x, y, v in layer:
                self._layer(actor, t, x, y, v, done, nxt, bits)
            if not nxt:
                break
            steps += 1
            # one merge of the layer's entries, each tagged with its actions taken (the
            # key's high bits): sorted, each tag's entries are a run
            key = np.concatenate([k for k, _v in nxt])
            keys, sums, most = summed(
                key, np.concatenate([v for _k, v in nxt]), 2 * bits + len(self.taken).bit_length()
            )
            merges += most
            big = sums >= floor
            if not big.all():
                keys, sums = keys[big], sums[big]
            layer = self._runs(keys, sums, bits)
        if not done:
            empty = np.zeros(0, dtype=np.int64)
            return empty, empty, np.zeros(0), steps, merges
        if len(done) == 1:  # (no copy)
            return *done[0], steps, merges
        x, y, v = (np.concatenate(p) for p in zip(*done, strict=True))
        return x, y, v, steps, merges

    def _runs(
        self, keys: np.ndarray, sums: np.ndarray, bits: int
    ) -> list[tuple[int, Any, Any, Any]]:
        """The merged entries ``(keys, sums)`` (ascending keys ``then << 2 bits | x <<
        bits | y``) as a layer: per actions taken ``then``, ``(then, x, y, masses)``
        (views; each tag's run found by a search in the sorted keys)."""
        np = self.np
        if not len(keys):
            return []
        mask = (1 << bits) - 1
        x = keys >> bits
        x &= mask
        y = keys & mask
        first, last = int(keys[0]) >> (2 * bits), int(keys[-1]) >> (2 * bits)
        tags = np.arange(first, last + 2, dtype=np.int64) << (2 * bits)
        cuts = np.searchsorted(keys, tags).tolist()
        return [
            (first + i, x[lo:hi], y[lo:hi], sums[lo:hi])
            for i, (lo, hi) in enumerate(zip(cuts, cuts[1:], strict=False))
            if hi > lo
        ]

    def _layer(
        self,
        actor: int,
        t: int,
        x: np.ndarray,
        y: np.ndarray,
        v: np.ndarray,
        done: list[tuple[Any, Any, Any]],
        nxt: list[tuple[Any, Any]],
        bits: int,
    ) -> None:
        """One action of ``actor`` on the entries ``(x, y, v)`` that have taken ``t``:
        those whose turn ends go to ``done``, the others' entries after the action to
        ``nxt`` as ``(keys, masses)``, a key ``then << 2 bits | x << bits | y`` (``then``:
        the actions taken then)."""
        np = self.np
        tab = self.tables(t)
        if tab.spent:
            done.append((x, y, v))
            return
        enc = self._choices_at(tab, actor, x, y)
        stop = enc < 0
        ending = int(np.count_nonzero(stop))
        if ending == len(x):  # every turn ends: the entries as they are
            done.append((x, y, v))
            return
        if ending:  # (a boolean mask: these runs are long, copied in stretches)
            done.append((x[stop], y[stop], v[stop]))
            go = ~stop
            x, y, v, enc = x[go], y[go], v[go], enc[go]
        qbits = tab.bits[0]
        tq = enc & ((1 << qbits) - 1)  # the target's place among the foes + 1 (0: itself)
        low, high = int(tq.min()), int(tq.max())
        if low == high:
            self._apply(tab, actor, x, y, v, enc, low, done, nxt, bits)
            return
        for q in np.flatnonzero(np.bincount(tq - low)).tolist():
            on = np.flatnonzero(tq == q + low)
            x_q, y_q, v_q, enc_q = x.take(on), y.take(on), v.take(on), enc.take(on)
            self._apply(tab, actor, x_q, y_q, v_q, enc_q, q + low, done, nxt, bits)

    def _apply(
        self,
        tab: _Taken,
        actor: int,
        x: np.ndarray,
        y: np.ndarray,
        v: np.ndarray,
        enc: np.ndarray,
        target: int,
        done: list[tuple[Any, Any, Any]],
        nxt: list[tuple[Any, Any]],
        bits: int,
    ) -> None:
        """The actions chosen (``enc``, :meth:`choices`) on the entries ``(x, y, v)``,
        each on the foe at place ``target`` − 1 (0: the actor itself): the entries after
        them to ``done`` where the budget is then spent, else to ``nxt`` (:meth:`_layer`)."""
        qbits, abits = tab.bits
        law = enc >> (qbits + abits)
        start, count, a2s, f2s, ps = self.rows.arrays()
        counts = count.take(law)
        rows, flat = expanded(None, counts, start.take(law))
        # the actor's side on this thread, the foes' and the masses on the worker's past
        # its threshold (numpy lets go of the GIL; each side numbers its new states in
        # the same order either way); the states moved as uint16, widened in the keys
        pool = worker(len(flat))
        if pool is None:
            x2 = self.mine.moved_rows(self.mine.pos[actor], x, rows, a2s.take(flat))
            y2, v2 = self._their_rows(target, y, v, rows, f2s.take(flat), ps.take(flat))
        else:
            job = pool.submit(self._their_rows, target, y, v, rows, f2s.take(flat), ps.take(flat))
            try:
                x2 = self.mine.moved_rows(self.mine.pos[actor], x, rows, a2s.take(flat))
            finally:
                y2, v2 = job.result()
        ca = (enc >> qbits) & ((1 << abits) - 1)  # per entry, not per row
        # a turn whose budget is spent then ends there (G.O.R.E.'s one action): its
        # entries are not merged before the caller's merge
        ends = tab.then_spent[ca]
        if ends.all():
            done.append(_widened(x2, y2, v2))
            return
        if ends.any():
            rows_end = ends.take(rows)
            done.append(_widened(x2[rows_end], y2[rows_end], v2[rows_end]))
            goes = ~rows_end
            x2, y2, v2, rows = x2[goes], y2[goes], v2[goes], rows[goes]
        key = (tab.then_array.take(ca) << bits).take(rows)  # (faster than ``repeat``)
        key |= x2
        key <<= bits
        key |= y2
        nxt.append((key, v2))

    def _their_rows(
        self, target: int, y: np.ndarray, v: np.ndarray, rows: np.ndarray, f2: Any, p: Any
    ) -> tuple[Any, Any]:
        """The foes' states and the masses after each row of :meth:`_apply`'s laws (its
        entry ``rows``, the target's code after ``f2``, its chance ``p``): the target's
        slot moved (none: on the actor itself)."""
        if target:
            k = self.theirs.pos[self.foes[target - 1]]
            y2 = self.theirs.moved_rows(k, y, rows, f2)
        else:
            y2 = y.take(rows)  # (``take``: a gather by an index array, faster than indexing)
        v2 = v.take(rows)
        v2 *= p
        return y2, v2

    def choices(self, tab: _Taken, actor: int, c: np.ndarray, y: np.ndarray) -> Any:
        """The policy's choice (:meth:`_decide`) for the actor in slot codes ``c`` with
        its foes in states ``y``, from a table by (actor code, foe state) per policy kept
        with ``tab``: −1 the turn ends, else ``law << (qbits + abits) | action << qbits
        | target + 1`` (:attr:`_Taken.bits`; target 0: itself)."""
        table = self._choice_table(tab, actor)
        lin = c * table.shape[1]
        lin += y
        return self._chosen(tab, actor, table, lin)

    def _choices_at(self, tab: _Taken, actor: int, x: np.ndarray, y: np.ndarray) -> Any:
        """:meth:`choices` for the actor's side in states ``x`` (its code per state
        scaled to the table's rows once, not per entry)."""
        table = self._choice_table(tab, actor)
        codes = self.mine.arrays()[2][:, self.mine.pos[actor]]
        lin = (codes * table.shape[1]).take(x)
        lin += y
        return self._chosen(tab, actor, table, lin)

    def _choice_table(self, tab: _Taken, actor: int) -> Any:
        """The table of :meth:`choices` for the actor's policy, grown to every slot code
        and foe state met (−2: not known)."""
        chain = self.chain
        key = (chain.policy[actor] != "first", chain.defend[actor])
        table = tab.choices.get(key)
        codes, states = len(self.mine.slots), len(self.theirs.states)
        if table is None:
            table = tab.choices[key] = self.np.full((0, 0), -2, dtype=self.np.int32)
        if codes > table.shape[0] or states > table.shape[1]:
            table = tab.choices[key] = _fit(table, max(codes, 16), max(states, 1024), -2)
        return table

    def _chosen(self, tab: _Taken, actor: int, table: Any, lin: Any) -> Any:
        """The choices at the cells ``lin`` of ``table`` (:meth:`_choice_table`), those
        not known made (:meth:`_decide`) and kept."""
        np = self.np
        flat = table.reshape(-1)
        enc = flat.take(lin)
        if enc.min(initial=0) < -1:
            miss = np.unique(lin[enc < -1])
            cu, yu = np.divmod(miss, table.shape[1])
            flat[miss] = self._decide(tab, actor, cu, yu)
            enc = flat.take(lin)
        return enc

    def _decide(self, tab: _Taken, actor: int, c: np.ndarray, y: np.ndarray) -> Any:
        """The policy's choice (module docstring, :meth:`Acting._choose`) for the actor
        in slot codes ``c`` with its foes in states ``y``, encoded as :meth:`choices`
        says (the attacks examined met, the actions chosen :attr:`Acting.acted`)."""
        np = self.np
        chain = self.chain
        mine, theirs = self.mine, self.theirs
        n = len(c)
        out_t, _f, codes_t = theirs.arrays()
        # the turn ends where the fight is over (the actor can act: its side is not
        # all out) or the actor cannot act
        go = mine.acting()[c] & ~out_t[y]
        foes = self.foes
        cols = np.asarray([theirs.pos[j] for j in foes], dtype=np.intp)
        dq = np.asarray([int(chain.defend[j]) for j in foes], dtype=np.intp)
        f = codes_t[y[:, None], cols[None, :]]  # the foes' codes, in the turn order
        me = int(chain.defend[actor])
        # the choice: an action (its index in ``tab.acts``, −1: none) and a target (a
        # foe's place among ``foes``; a recover action: the actor itself)
        choice = np.full(n, -2, dtype=np.int64)  # −2: the turn ends
        able = np.flatnonzero(go)
        choice[able] = tab.recovers_of(me, c[able]) if tab.recovers else -1
        best = np.zeros(n, dtype=np.intp)
        weakest = chain.policy[actor] != "first"
        open_ = np.flatnonzero(choice == -1)
        lin = tab.cells(dq, c, f)
        for a in range(len(tab.acts) - tab.recovers):
            if not len(open_):
                break
            cells = lin[open_]
            pref = tab.prefs(a, weakest, cells)
            # the preferred foe not refused: the highest preference, the first in the
            # turn order (the columns' order) on ties
            bq = pref.argmax(axis=1)
            found = np.take_along_axis(pref, bq[:, None], axis=1)[:, 0] >= 0
            if pref.min() == _REFUSED:
                tab.meet(a, weakest, cells, pref, found, bq)
            hit = open_[found]
            choice[hit] = tab.recovers + a
            best[hit] = bq[found]
            open_ = open_[~found]
        enc = np.full(n, -1, dtype=np.int64)
        idx = np.flatnonzero(choice >= 0)
        if not len(idx):
            return enc
        ca = choice[idx]
        for a in np.unique(ca).tolist():
            chain.acted[tab.acts[a].id] = None
        on_foe = ca >= tab.recovers
        bi = best[idx]
        target = np.where(on_foe, f[idx, bi], 0)
        d = np.where(on_foe, dq[bi], me)
        law = tab.laws_of(ca, d, c[idx], target)
        qbits, abits = tab.bits
        if int(law.max()) >= 1 << (31 - qbits - abits):
            raise TooLarge()
        enc[idx] = (law << (qbits + abits)) | (ca << qbits) | np.where(on_foe, bi + 1, 0)
        return enc
