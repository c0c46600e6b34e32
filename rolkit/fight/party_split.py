"""A fight of two parties split into its two sides (#27 item 3): the joint mass as a
sparse matrix over the two sides' states.

A *side state* is the tuple of one side's slots (its members' forms and weapons, in order
of entry). The fight between two turns is a pair ``(x, y)`` of side states (side A's,
side B's), and its probability mass is a sparse matrix ``P[x, y]`` over the side states
reached so far, each side's numbered as it is met: numpy arrays of entries (the pair
as one int64 key ``x << BITS | y``, its mass as a float64; most pairs hold nothing:
G.O.R.E.'s 4 v 6 holds ~3 % of its cells). A step moves every entry in one gather from
tables of its laws, then sums equal entries by one sort of the keys packed with their
positions (:func:`~rolkit.fight.party_tables.summed`). The chain's turn (:meth:`Chain.successors`) reads and writes
little of the pair:

- the actor's turn-start and turn-end rules move its own slot alone (a law on its side's
  states: rows or columns of ``P`` move, :meth:`Chain._slot_hook`);
- its blow, or its whole turn of actions (:meth:`Chain.turn_rows`), reads its own slot
  ``a`` and its foes' side state ``y`` (whom to attack reads the foes only; the law reads
  the attacker and its target) and writes only those. A turn of actions is stepped
  action by action on the entries (:mod:`rolkit.fight.party_turns`): the policy's choice
  per entry from tables by (actor slot, actions taken, foe slot) filled by the chain
  (refusals, scores, :meth:`Acting._choose`'s order and tie-break), then the action's own
  law (:meth:`Acting.act_law`) moves the actor's slot and its target's, layer after layer
  until each turn ends. A single blow's law from ``(a, y)`` over ``(a', y')`` is built
  once with the chain's own machinery on a joint state composed from them, and moves
  every row whose actor slot is ``a``. Neither depends on which member of the side acts
  beyond its target and defence policies (the foes' order is the turn order), so members
  with one policy share them;
- the round-end rules move each combatant not dead alone, and the chain draws them
  independently (:meth:`Chain.hook_rows`): their law on a side's state is the product of
  its members' (:meth:`_Laws.round_end`, built exact), the two sides' applied one after
  the other;
- each step applies only while the fight goes on: after every step the mass where a
  side is all out (:meth:`Chain.terminal`: a row or a column) is absorbed into its
  :class:`~rolkit.fight.state.Summary`, as the chain stops there. Nothing is absorbed
  between the members' round-end rules (the chain applies them all, then looks).

So the factorised steps are the chain's, one for one; the tests compare every result with
the exact solve. Where the chain reads more than that (aid between allies reads them; more
than two sides), :class:`NotDecomposable` is raised and the caller falls back.

**Bounds.** The mass goes on round after round; entries under a cut are dropped, and it
stops when what is left is under a hundredth of the width asked for or the time is out.
Passes with a finer cut each, the laws kept: a coarse first one, then each aimed under the
width by the mass the last ones dropped and cut to the time left (:func:`_next_cut`: a pass
that cannot finish is not begun), each keeping pace with the budget by the work of the pass
before, turn by turn: coarser behind it, finer ahead of it as far as the aim
(:meth:`_Run.keep_pace`). It gives up (:class:`TooLarge`) when a side passes
:data:`SIDE_STATES_MAX` states or the first round takes more than a quarter of the budget
(Ashes of War's parties: each round meets thousands of new side states, and the policy's
measures are slow), so that the caller's fallback gets the time left.
Why the lower bounds hold: every operation is on operands ≥ 0 (a chance times a mass, sums
of those; dropping an entry only lowers what reaches the ends), so each float received
equals the exact value of the same computation with each operation scaled by some
``1 + δ``, ``|δ| ≤ u = 2⁻⁵³`` (a chance's own rounding to float counted as one), each
path through at most ``K`` of them (:attr:`_Run.flops`: per law applied two, its
chance's and its product's — a turn of actions, per action along its longest path — and
per merge, the merges between a turn's actions included, the most terms summed into one
entry; a sum of ``n`` terms rounds each at most ``n`` times in any order) — so ``exact ≥ float · (1 − K u)`` (Higham, *Accuracy and Stability of
Numerical Algorithms*, §3.1, γ_K). No subnormal enters: chances under :data:`_LEAST` and
masses under :data:`_FLOOR` are dropped. Each lower bound is that, in Fractions, rounded
down; ``unknown`` is one minus their sum (as :mod:`rolkit.fight.bounds`), so each result
``k`` lies in ``[lower_k, lower_k + unknown]``.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from rolkit.fight.bounds import DEFAULT_WIDTH, Bounds
from rolkit.fight.chain import Chain, TooLarge
from rolkit.fight.independent import NotDecomposable
from rolkit.fight.laws import add_weight
from rolkit.fight.party_tables import (
    BITS,
    MASK,
    SIDE_STATES_MAX,
    PairTable,
    Side,
    Table,
    expanded,
    summed,
)
from rolkit.fight.party_turns import TurnSteps
from rolkit.fight.result import marginals
from rolkit.fight.state import Slot, Summary
from rolkit.model import Fate

__all__ = ["party_bounds", "party_decomposable", "party_split", "SIDE_STATES_MAX"]

#: Binary64's unit roundoff (round to nearest), and the grid the lower bounds are rounded
#: down to (as :mod:`rolkit.fight.bounds`).
_U = Fraction(1, 2**53)
_GRID = 2**64
#: A chance below it is dropped from a law (no product reaches a subnormal).
_LEAST = 1e-30
#: A mass below it is dropped (with chances ≥ _LEAST, every product stays normal).
_FLOOR = 1e-250
#: The entries (pairs of side states with mass) held at once, past which it is too large.
_ENTRIES_MAX = 3_000_000
#: Equal entries are summed over every cell (pair of side states) when the cells are at
#: most this many times the entries (one pass over them beats a sort), else by a sort.
_DENSE = 2
#: Whole rounds whose mass left does not fall, after which what is left stands (unknown).
_QUIET = 8
#: The first cut, as a share of the width asked for: a coarse pass that builds most laws
#: and measures how much mass the cut drops, and how the work is spread over the turns
#: (:class:`_Pace`). Coarse, so that the next pass has the time: Tierkreis 4 v 4 reaches
#: 1 pp at a cut of ~2,6e-9, ~8 s; its first pass takes 0,9 s at 1e-6, 2,4 s at 1e-7.
_FIRST_CUT = 1e-4
#: The factor between two passes' cuts: ``_STEP``, or finer where the last passes say it
#: is not enough (:func:`_next_cut`), not finer than ``_STEP_LEAST``; coarser than
#: ``_STEP`` only to fit the time left, and a pass under ``_STEP_MOST`` finer is not worth
#: beginning.
_STEP = 0.1
_STEP_LEAST = 1e-3
_STEP_MOST = 0.5
#: The share of the width asked for a finer pass aims at.
_AIM = 0.5
#: The unknown a pass leaves scales as ``cut ** α`` (:func:`_next_cut`): α is measured
#: between the last two passes finished, kept within ``_ALPHA_RANGE``; before two, ``_ALPHA``
#: (from a first pass at 1e-6: Tierkreis 4 v 4 0,54, G.O.R.E. 4 v 6 0,57 to 1e-7; 0,9–1
#: in G.O.R.E. 4 v 4 and NSd20: their finer pass is more than enough, and quick). A
#: finer aim than the time left allows is cut to it (:func:`_next_cut`), and the pass
#: keeps pace (:meth:`_Run.keep_pace`).
_ALPHA = 0.6
_ALPHA_RANGE = (0.25, 2.0)
#: A pass's wall time scales as ``cut ** -γ``: γ at least ``_GROWTH``, or as measured
#: between the last two passes finished, up to ``_GROWTH_MOST``. From a first pass at 1e-6
#: (its time holds most laws' building): Tierkreis 4 v 4 0,35 to 2,6e-9, G.O.R.E. 4 v 6
#: 0,30 to 1e-9. A pass begun finer than it can finish in time keeps pace
#: (:meth:`_Run.keep_pace`), while one begun coarser cannot use the time left: the floor
#: is the larger.
_GROWTH = 0.4
_GROWTH_MOST = 1.5
#: The share of the time budget the first round may take (past it, :class:`TooLarge`).
_FIRST_ROUND = 0.25
#: The mass left at which a pass stops, as a share of the width asked for.
_LEFT = 1e-2
#: A finer pass keeps pace (:meth:`_Run.keep_pace`) to end by this share of the budget
#: (the rest: the bounds in Fractions and the caller's result; a misprediction).
_FINISH = 0.95
#: A pass's work scales as ``cut ** -β`` (:meth:`_Run.keep_pace`): β as measured against
#: the pass before, at least ``_BETA`` (Tierkreis 4 v 4 ~0,5 between 1e-6 and 2,6e-9),
#: at most ``_BETA_MOST``.
_BETA = 0.5
_BETA_MOST = 1.5
#: The factors by which a pass behind pace coarsens its cut, at least and at most, and
#: ahead of it makes it finer (their inverses).
_RECUT_LEAST = 1.25
_RECUT_MOST = 2.0
#: A pass's own decay predicts its work to come (:func:`_tail`) once its reference
#: has this share of its work left, the decay at most ``_DECAY_MOST`` a round.
_TAIL = 0.1
_DECAY_MOST = 0.9
#: A pass is ahead of pace where its rest is predicted to take under the time left over
#: ``_AHEAD``: its cut, if coarser than the finest it may take, is made finer as far as
#: that margin.
_AHEAD = 1.1


def party_decomposable(chain: Chain) -> str | None:
    """Why the fight of ``chain`` cannot be split into its two sides (``None``: it can)."""
    if len(set(chain.sides)) != 2:
        return "not two sides"
    if chain.aiders or chain.revivable:
        return "aid between allies"
    if chain.terminal(chain.start):
        return "the fight is over"
    return None


#: A law out of one side state: the states it leads to and their chances (``None``: the
#: identity).
_HookLaw = tuple[list[int], list[float]] | None
#: A turn's law out of ``(actor slot, foe side state)``: rows ``(actor slot after, foe
#: side state after, chance)``.
_TurnLaw = list[tuple[Slot, int, float]]


class _Laws:
    """The laws of the split over numbered side states, memoised (kept between passes)."""

    def __init__(self, chain: Chain) -> None:
        why = party_decomposable(chain)
        if why is not None:
            raise NotDecomposable(why)
        self.chain = chain
        names = tuple(dict.fromkeys(chain.sides))
        self.side_names = names
        self.side_of = tuple(names.index(side) for side in chain.sides)
        self.sides = tuple(
            Side(chain, tuple(i for i, s in enumerate(self.side_of) if s == k)) for k in (0, 1)
        )
        start = chain.start
        self.x0 = self.sides[0].add(tuple(start[i] for i in self.sides[0].members))
        self.y0 = self.sides[1].add(tuple(start[i] for i in self.sides[1].members))
        self._hooks: dict[tuple[str, int, int], _HookLaw] = {}
        self._transfers: dict[tuple[int, str], PairTable] = {}
        self._hook_tables: dict[tuple[str, int], Table] = {}
        self._turn_steps: dict[int, TurnSteps] = {}
        self.laws = 0

    def hook(self, which: str, i: int, x: int) -> _HookLaw:
        """Combatant ``i``'s rule ``which`` on its side's state ``x`` (its slot alone)."""
        key = (which, i, x)
        if key in self._hooks:
            return self._hooks[key]
        side = self.sides[self.side_of[i]]
        k = side.pos[i]
        slot = side.states[x][k]
        known: _HookLaw = None
        if which != "end" or self.chain.status(slot.form) != "dead":
            moved = self.chain._slot_hook(which, slot)
            if moved is not None:
                den, rows = moved
                acc: dict[int, int] = {}
                for slot2, v in rows:
                    nxt = side.moved(x, k, slot2)
                    acc[nxt] = acc.get(nxt, 0) + v
                kept = [(nxt, float(Fraction(v, den))) for nxt, v in acc.items()]
                kept = [(nxt, p) for nxt, p in kept if p >= _LEAST]
                known = ([n for n, _p in kept], [p for _n, p in kept])
        self._hooks[key] = known
        return known

    def round_end(self, s: int, x: int) -> _HookLaw:
        """The round-end rules of side ``s``'s members not dead on its state ``x``
        (``None``: the identity): each member's law reads and writes its own slot alone
        (:meth:`Chain._slot_hook`) and the chain draws them independently
        (:meth:`Chain.hook_rows`), so their joint law is the product of theirs, built
        exact and each chance rounded once."""
        side = self.sides[s]
        status = self.chain.status
        acc: dict[int, int] = {x: 1}
        den = 1
        still = True
        for k, slot in enumerate(side.states[x]):
            if status(slot.form) == "dead":
                continue
            moved = self.chain._slot_hook("end", slot)
            if moved is None:
                continue
            d, rows = moved
            new: dict[int, int] = {}
            for x1, w in acc.items():
                for slot2, v in rows:
                    x2 = side.moved(x1, k, slot2)
                    new[x2] = new.get(x2, 0) + w * v
            acc, den, still = new, den * d, False
        if still:
            return None
        kept = [(nxt, w / den) for nxt, w in acc.items()]  # int / int: correctly rounded
        kept = [(nxt, p) for nxt, p in kept if p >= _LEAST]
        return [n for n, _p in kept], [p for _n, p in kept]

    def turn(self, i: int, rep: int, y: int) -> _TurnLaw:
        """Combatant ``i``'s blow or turn of actions (:meth:`Chain.turn_rows`) with its
        side in state ``rep`` (only ``i``'s slot is read) and its foes' in ``y``."""
        chain = self.chain
        s = self.side_of[i]
        mine, theirs = self.sides[s], self.sides[1 - s]
        slots: list[Slot] = [Slot(0, 0)] * len(chain.sides)
        for k, j in enumerate(mine.members):
            slots[j] = mine.states[rep][k]
        for k, j in enumerate(theirs.members):
            slots[j] = theirs.states[y][k]
        state = chain.new_state(slots)
        if chain.multi:
            rows = [(tuple(st), w, d) for st, w, d in chain.turn_rows(state, i, plain=True)]
        else:
            den, law = chain.blow_successors(state, i)
            rows = [(tuple(st), w, den) for st, w in law]
        acc: dict[tuple[Slot, int], list[int]] = {}
        members = [j for j in mine.members if j != i]
        for st, w, d in rows:
            for j in members:
                if st[j] != slots[j]:
                    raise NotDecomposable("a turn that moves an ally")
            after = theirs.add(tuple([st[j] for j in theirs.members]))
            add_weight(acc, (Slot(*st[i]), after), w, d)
        self.laws += 1
        # int / int is correctly rounded: one rounding per chance
        out = [(a2, y2, w / d) for (a2, y2), (w, d) in acc.items()]
        return [row for row in out if row[2] >= _LEAST]

    def transfer(self, i: int) -> PairTable:
        """The turns of the actors of ``i``'s side and policy, by (code of the actor's
        slot, foe state): rows ``(code of the actor's slot after, foe state after,
        chance)``."""
        key = (self.side_of[i], self.chain.policy[i])
        known = self._transfers.get(key)
        if known is None:
            known = self._transfers[key] = PairTable()
        return known

    def turn_steps(self, s: int) -> TurnSteps:
        """The turns of actions of side ``s``'s members, stepped action by action
        (:mod:`rolkit.fight.party_turns`: the tables kept between turns and passes)."""
        known = self._turn_steps.get(s)
        if known is None:
            known = self._turn_steps[s] = TurnSteps(
                self.chain, self.sides[s], self.sides[1 - s], _LEAST
            )
        return known

    def hook_table(self, which: str, i: int) -> Table:
        """:meth:`hook` of each state of ``i``'s side: rows ``(state after, chance)``
        (``which`` ``"round_end"``: :meth:`round_end` of side ``i``'s)."""
        key = (which, i)
        known = self._hook_tables.get(key)
        if known is None:
            known = self._hook_tables[key] = Table(2)
        return known


@dataclass(frozen=True)
class _Pace:
    """What a pass keeps pace by (:meth:`_Run.keep_pace`): a finished pass's final cut and
    its work in each turn (the entries acted on), and the time by which this pass is to
    end."""

    cut: float
    work: tuple[int, ...]
    finish: float

    def after(self, turns: int) -> int:
        """The finished pass's work in its turns from ``turns`` on."""
        return sum(self.work[turns:])


class _Run:
    """One pass: the joint mass as sparse entries ``(pair key, mass)`` pushed step by step
    with numpy, entries under ``cut`` dropped. A pair key is ``x << BITS | y`` (side A's
    state ``x``, side B's ``y``): the keys are kept sorted and distinct."""

    def __init__(
        self,
        laws: _Laws,
        cut: float,
        left: float,
        deadline: float,
        give_up: float = math.inf,
        pace: _Pace | None = None,
        finest: float = 0.0,
    ) -> None:
        import numpy as np

        self.np = np
        self.laws = laws
        self.chain = laws.chain
        self.cut = max(cut, _FLOOR)
        self.left = left
        #: the first round not played by ``give_up``: :class:`TooLarge` (the fight is
        #: too spread for the split, and the caller's fallback gets the time left)
        self.give_up = give_up
        self.deadline = min(deadline, give_up)
        self._deadline = deadline
        self.K = np.asarray([laws.x0 << BITS | laws.y0], dtype=np.int64)
        self.V = np.asarray([1.0])
        self._xy: tuple[Any, Any] | None = None
        #: mass absorbed per (side A's fates, side B's fates), as floats
        self.ended: dict[tuple[int, int], float] = {}
        #: the float operations along any path (module docstring)
        self.flops = 0
        self.out_of_time = False
        #: the most entries held at once
        self.peak = 1
        self.pace = pace
        #: the entries acted on in the turn being played (its work), the work of each turn
        #: played and when it ended
        self.acting = 0
        self.profile: list[int] = []
        self.times: list[float] = []
        self.began = time.perf_counter()
        #: the finest cut the pass may take ahead of pace (:meth:`keep_pace`), not finer
        #: than it began unless asked, and the cuts taken: (turns played, new cut)
        self.finest = min(self.cut, max(finest, _FLOOR)) if finest else self.cut
        self.recut: list[tuple[int, float]] = []

    # the entries ----------------------------------------------------------------------
    def _ids(self, s: int) -> tuple[Any, Any]:
        """The entries' states of side ``s`` and of the other side."""
        xy = self._xy
        if xy is None:
            xy = self._xy = (self.K >> BITS, self.K & MASK)
        return xy if s == 0 else (xy[1], xy[0])

    def _set(self, K: Any, V: Any) -> None:
        self.K, self.V, self._xy = K, V, None

    def _kept(self, K: Any, V: Any, moving: Any, more: int) -> tuple[Any, Any, int]:
        """Room for a step's entries: ``(keys, masses, n)``, the ``n`` entries of ``(K,
        V)`` not ``moving`` copied in front, ``more`` places after them to fill."""
        np = self.np
        stay = ~moving
        n = int(np.count_nonzero(stay))
        key = np.empty(n + more, dtype=np.int64)
        val = np.empty(n + more)
        np.compress(stay, K, out=key[:n])
        np.compress(stay, V, out=val[:n])
        return key, val, n

    def _store(self, key: Any, V: Any, steps: int = 1) -> None:
        """The entries after ``steps`` laws (pair keys, masses; ``key`` is used up),
        equal ones summed: the roundings counted (per law its chance's and its
        product's, then the longest sum)."""
        np = self.np
        n1 = len(self.laws.sides[1].states)
        cells = len(self.laws.sides[0].states) * n1
        if cells <= _DENSE * len(V):  # one pass over the cells beats a sort
            dense = key >> BITS
            dense *= n1
            dense += key & MASK
            sums = np.bincount(dense, weights=V, minlength=cells)
            uniq = np.flatnonzero(sums)
            most = int(np.bincount(dense).max(initial=1))
            x, y = np.divmod(uniq, n1)
            x <<= BITS
            x |= y
            self._grown(x, sums[uniq])
        else:
            keys, sums, most = summed(key, V)
            self._grown(keys, sums)
        self.flops += 2 * steps + most

    def _grown(self, K: Any, V: Any) -> None:
        """:meth:`_set` after a step that may add entries: past :data:`_ENTRIES_MAX`,
        :class:`TooLarge`; the peak kept."""
        self._set(K, V)
        if len(V) > _ENTRIES_MAX:
            raise TooLarge()
        self.peak = max(self.peak, len(V))

    # the steps -----------------------------------------------------------------------
    def _side_law(self, K: Any, V: Any, s: int, table: Table, law: Any) -> Any:
        """A law on side ``s``'s states applied to the entries ``(K, V)`` (``law(x)``
        builds the rows out of ``x`` not in ``table`` yet): their keys and masses after
        it, not summed, and how many in front are entries of ``(K, V)`` not moved, in
        their order (``None``: the identity on every entry)."""
        np = self.np
        mine = K >> BITS if s == 0 else K & MASK
        for x in table.missing(mine):
            rows = law(x)
            table.put(x, [] if rows is None else list(zip(*rows, strict=True)))
        start, count, to, p = table.arrays(len(self.laws.sides[s].states))
        counts = count.take(mine)  # (``take``: a gather, faster than indexing)
        moving = counts > 0
        idx = np.flatnonzero(moving)
        if not len(idx):
            return None
        rows, flat = expanded(idx, counts.take(idx), start.take(mine.take(idx)))
        key, val, n = self._kept(K, V, moving, len(rows))
        out = key[n:]
        if s == 0:  # the other side's state kept: the key's low bits
            np.left_shift(to.take(flat), BITS, out=out)
            out |= K.take(rows) & MASK
        else:
            np.bitwise_and(K.take(rows), ~MASK, out=out)
            out |= to.take(flat)
        np.multiply(V.take(rows), p.take(flat), out=val[n:])
        return key, val, n

    def _merged(self, key: Any, val: Any, n: int) -> None:
        """The entries after one law on a side's states (:meth:`_side_law`: the ``n`` in
        front not moved, sorted and distinct, as :attr:`K` keeps them), summed and
        settled: the moved ones summed (:func:`summed`) and merged into the others, not
        all sorted again; only the moved ones settled, as no other can have ended or
        fallen under the cut (each was settled, and its state and mass only kept or
        grew). The roundings counted as :meth:`_store` counts them, a merged entry's sum
        one term more (the entry it was merged into)."""
        np = self.np
        mk, mv, most = summed(key[n:], val[n:])
        keys, vals = key[:n], val[:n]
        at = np.searchsorted(keys, mk)
        hit = at < n
        hit[hit] = keys.take(at[hit]) == mk[hit]
        if hit.any():
            vals[at[hit]] += mv[hit]  # distinct places: the moved keys are distinct
            most += 1
        fresh = np.flatnonzero(~hit)
        self.flops += 2 + most
        mk, mv, at = mk.take(fresh), mv.take(fresh), at.take(fresh)
        keep = self._absorbed(mk >> BITS, mk & MASK, mv)
        if not keep.all():
            mk, mv, at = mk[keep], mv[keep], at[keep]
        if len(mk):
            keys, vals = np.insert(keys, at, mk), np.insert(vals, at, mv)
        self._grown(keys, vals)

    def hook(self, which: str, i: int) -> None:
        """Combatant ``i``'s rule ``which`` on its side's state in every entry, settled."""
        laws = self.laws
        moved = self._side_law(
            self.K,
            self.V,
            laws.side_of[i],
            laws.hook_table(which, i),
            lambda x: laws.hook(which, i, x),
        )
        if moved is not None:
            self._merged(*moved)

    def round_end(self) -> None:
        """The round-end rules of every member not dead (:meth:`_Laws.round_end`, one
        side after the other: they are drawn independently), summed once and settled."""
        laws = self.laws
        K, V = self.K, self.V
        steps = n = 0
        for s in (0, 1):
            moved = self._side_law(
                K, V, s, laws.hook_table("round_end", s), lambda x, s=s: laws.round_end(s, x)
            )
            if moved is not None:
                K, V, n = moved
                steps += 1
        if steps == 1:  # the entries not moved are in front, as kept
            self._merged(K, V, n)
        elif steps:
            self._store(K, V, steps)
            self.settle()

    def blow(self, i: int) -> None:
        """Combatant ``i``'s blow or turn of actions in every entry where it can act: a
        turn of actions stepped action by action (:meth:`_actions`); a single blow by its
        laws out of each (actor slot, foe state) met, built first, then every entry moved
        in one gather."""
        np = self.np
        laws = self.laws
        s = laws.side_of[i]
        side = laws.sides[s]
        k = side.pos[i]
        mine, theirs = self._ids(s)
        code = side.arrays()[2][:, k].take(mine)
        act = side.acting()[code]
        idx = np.flatnonzero(act)
        self.acting += len(idx)
        if not len(idx):
            return
        if self.chain.multi:
            self._actions(i, act, idx, mine[idx], theirs[idx])
            return
        c, y = code[idx], theirs[idx]
        table = laws.transfer(i)
        for e in table.missing(c, y).tolist():
            if time.perf_counter() > self.deadline:
                raise _OutOfTime()
            ye = int(y[e])
            law = laws.turn(i, int(mine[idx[e]]), ye)
            table.put(int(c[e]), ye, [(side.code_of(a2), y2, p) for a2, y2, p in law])
        start, count, codes2, y2s, ps = table.arrays()
        rows, flat = expanded(idx, count[c, y], start[c, y])
        key, val, n = self._kept(self.K, self.V, act, len(rows))
        moved = side.moved_pairs(k, mine[rows], codes2[flat])
        out = key[n:]
        if s == 0:
            np.left_shift(moved, BITS, out=out)
            out |= y2s[flat]
        else:
            np.left_shift(y2s[flat], BITS, out=out)
            out |= moved
        np.multiply(self.V[rows], ps[flat], out=val[n:])
        self._store(key, val)

    def _actions(self, i: int, act: Any, idx: Any, xs: Any, ys: Any) -> None:
        """Combatant ``i``'s turn of actions in the entries ``idx`` (``act``: where it can
        act; ``xs``, ``ys``: their states of its side and of its foes'), action by action
        (:class:`~rolkit.fight.party_turns.TurnSteps`): each layer's laws and merges
        counted in :attr:`flops`, then the turn's ends and the entries not moved summed."""
        np = self.np
        laws = self.laws
        s = laws.side_of[i]
        steps = laws.turn_steps(s)
        built = steps.built

        def on_time() -> None:
            if time.perf_counter() > self.deadline:
                raise _OutOfTime()

        x, y, v, depth, merges = steps.play(i, xs, ys, self.V[idx], _FLOOR, BITS, on_time)
        laws.laws += steps.built - built
        self.flops += merges
        key, val, n = self._kept(self.K, self.V, act, len(v))
        out = key[n:]
        if s == 0:
            np.left_shift(x, BITS, out=out)
            out |= y
        else:
            np.left_shift(y, BITS, out=out)
            out |= x
        val[n:] = v
        self._store(key, val, max(depth, 1))

    def settle(self) -> None:
        """The mass where a side is all out ends there (its summary), as the chain stops;
        then the entries under the cut are dropped (their mass unknown)."""
        X, Y = self._ids(0)
        keep = self._absorbed(X, Y, self.V)
        if not keep.all():
            self._set(self.K[keep], self.V[keep])

    def _absorbed(self, X: Any, Y: Any, V: Any) -> Any:
        """The mass of the entries ``(X, Y, V)`` (side A's states, side B's, masses)
        where a side is all out added to :attr:`ended`: whether each entry stays (not
        ended, not under the cut)."""
        np = self.np
        out0, fa, _c = self.laws.sides[0].arrays()
        out1, fb, _c = self.laws.sides[1].arrays()
        keep = self.cut <= V
        done = out0.take(X)
        done |= out1.take(Y)
        if done.any():
            nfb = len(self.laws.sides[1].fates)
            key = fa[X[done]] * nfb + fb[Y[done]]
            sums = np.bincount(key, weights=V[done])
            for pair in np.flatnonzero(sums).tolist():
                at = divmod(pair, nfb)
                self.ended[at] = self.ended.get(at, 0.0) + float(sums[pair])
            self.flops += 1 + int(np.bincount(key).max())
            keep &= ~done
        return keep

    # the fight -----------------------------------------------------------------------
    def play(self) -> None:
        """Turn after turn from the chain's start until the mass left is under ``left``
        or the time is out (the turn begun then is not counted: its mass is unknown)."""
        chain = self.chain
        n = len(chain.order)
        turn, first = chain.start_turn, chain.skip_first
        quiet = 0
        last = 1.0
        played = False  # a whole round
        while len(self.V):
            before = (self.K, self.V, dict(self.ended), self.flops)
            try:
                self._turn(turn, first)
            except _OutOfTime:
                if not played and time.perf_counter() > self.give_up:
                    raise TooLarge() from None
                self.K, self.V, self.ended, self.flops = before
                self._xy = None
                self.out_of_time = True
                return
            first = False
            turn = (turn + 1) % n
            self.profile.append(self.acting)
            self.acting = 0
            self.times.append(time.perf_counter())
            if not played and time.perf_counter() > self.give_up:
                raise TooLarge()
            self.keep_pace()
            if turn == 0:
                played = True
                self.deadline = self._deadline
                left = float(self.V.sum())
                if left <= self.left:
                    return
                # rounds that end nothing: what is left stands (unknown)
                quiet = quiet + 1 if left >= last else 0
                if quiet >= _QUIET:
                    return
                last = left
            if time.perf_counter() > self.deadline:
                self.out_of_time = True
                return

    def keep_pace(self) -> None:
        """The cut from now on, where the rest of the pass is predicted not to end by its
        :class:`_Pace`'s finish: coarser (a cut may change at any step: the bounds hold,
        the mass dropped is unknown); where it is predicted to end well before, finer,
        as far as :attr:`finest` (the aim of a pass begun coarser to fit the time, or a
        cut it began with and left). A pass whose time is mispredicted (its laws half
        built, the machine loaded, the time model's exponent a floor) so ends in time a
        little coarser instead of being cut short (a pass cut short in its last rounds
        leaves their mass unknown), or uses the time it would have left (Tierkreis 4 v 4
        at 2,6e-9 drops about half its unknown after its fourth round).

        The prediction, after each turn from the third round on (a round after the last
        cut taken, the work since measured at it): the finished pass's work in the turns
        still to play, times the ratio of this pass's work to its over the last round,
        times its growth (:meth:`_growing`) — in the reference's last rounds, at least
        this pass's own decay (:func:`_tail`) — times this pass's seconds per entry
        acted on over that round. A turn's time follows the entries acted on (Tierkreis 4 v 4 at
        cut 2,6e-9: 0,9–1,4 µs each from round to round, while per entry held it falls
        from 1,3 to 0,3 µs as the fighters fall), and the ratio grows little after the
        first rounds (against a pass at 1e-6: 12 and 16 in rounds 2 and 3, 20–21 from the
        fourth round on). The cut moves as the work would have to, its exponent in the
        cut measured by the same ratio, at least :data:`_BETA` (a gentler step), by a
        factor from :data:`_RECUT_LEAST` to :data:`_RECUT_MOST` either way (past the
        finish, the most coarser every turn); a coarser cut drops the entries under it
        at once."""
        pace = self.pace
        n = len(self.chain.order)
        turns = len(self.profile)
        if pace is None or turns < 2 * n or turns > len(pace.work):
            return
        if self.recut and turns - self.recut[-1][0] < n and self.times[-1] < pace.finish:
            return  # the last round's work was at the cut before: not a measure yet
        mine = sum(self.profile[turns - n :])
        theirs = sum(pace.work[turns - n : turns])
        if not mine or not theirs:
            return
        now = self.times[-1]
        since = self.times[turns - n - 1]
        ratio = mine / theirs
        # the round before the last: this pass's work and its reference's
        before = sum(self.profile[turns - 2 * n : turns - n])
        before_theirs = sum(pace.work[turns - 2 * n : turns - n])
        growing = self._growing(ratio, before, before_theirs)
        tail = _tail(mine, before) if pace.after(turns) <= _TAIL * pace.after(0) else 0.0
        work = max(ratio * growing * pace.after(turns), tail)
        rest = (now - since) / mine * work
        room = pace.finish - now
        beta = _BETA
        if self.cut < pace.cut and ratio > 1:
            beta = min(_BETA_MOST, max(beta, math.log(ratio) / math.log(pace.cut / self.cut)))
        if rest > room:  # behind: coarser
            factor = min(_RECUT_MOST, (rest / room) ** (1 / beta)) if room > 0 else _RECUT_MOST
            cut = self.cut * max(_RECUT_LEAST, factor)
        elif self.cut > self.finest and rest * _AHEAD < room:  # ahead: finer
            factor = max(1 / _RECUT_MOST, (rest * _AHEAD / room) ** (1 / beta))
            cut = max(self.finest, self.cut * min(1 / _RECUT_LEAST, factor))
        else:
            return
        if cut == self.cut:  # (ahead, a hair above the finest)
            return
        self.recut.append((turns, cut))
        coarser, self.cut = cut > self.cut, cut
        if coarser:
            keep = self.cut <= self.V
            if not keep.all():
                self._set(self.K[keep], self.V[keep])

    def _growing(self, ratio: float, before: int, before_theirs: int) -> float:
        """How much the ratio of this pass's work to its reference's (``ratio`` over the
        last round; ``before`` and ``before_theirs``, their work in the round before)
        grew, counted once more for the rounds to come (at least 1; 1 where a cut was
        taken in those two rounds: the growth is the cut's as much as the fight's, and
        from the first round to the second: the first is short, its work mostly laws
        built). A finer pass's ratio grows over its first rounds (Tierkreis 4 v 4 at
        2,6e-9 against 1e-6: 12, 16, 20, 21, 21): without it, the prediction is short
        there."""
        n = len(self.chain.order)
        turns = len(self.profile)
        if turns < 3 * n or self.recut and turns - self.recut[-1][0] < 2 * n:
            return 1.0
        if not before or not before_theirs:
            return 1.0
        return max(1.0, ratio / (before / before_theirs))

    def _turn(self, turn: int, first: bool) -> None:
        """The chain's turn ``turn`` (:meth:`Chain.stages`): each stage on every entry,
        then what ended absorbed (the round-end rules of every member first)."""
        i = self.chain.order[turn]
        for stage in self.chain.stages(turn, first):
            if stage == "blow":
                self.blow(i)
                self.settle()
            elif stage == "end":
                self.round_end()
            else:
                self.hook(stage, i)

    def bounds(self, seconds: float) -> Bounds:
        """The certified bounds of the mass ended (module docstring)."""
        scale = 1 - self.flops * _U
        if scale <= 0:
            raise OverflowError("too many float operations to bound their rounding")
        sides = self.laws.sides
        winner_of = self.laws.side_names
        lows: dict[Summary, Fraction] = {}
        n = len(self.chain.sides)
        for (fa, fb), mass in self.ended.items():
            low = Fraction(math.floor(Fraction(mass) * scale * _GRID), _GRID)
            if not low:
                continue
            fates: list[Fate] = [None] * n
            for side, f in ((sides[0], fa), (sides[1], fb)):
                for j, fate in zip(side.members, side.fates[f], strict=True):
                    fates[j] = fate
            standing = [
                k
                for k, side in enumerate(sides)
                if not all(fates[j] is not None for j in side.members)
            ]
            winner = winner_of[standing[0]] if len(standing) == 1 else None
            key = Summary(winner, tuple(fates))
            lows[key] = lows.get(key, Fraction(0)) + low
        unknown = 1 - sum(lows.values(), Fraction(0))
        states = sum(len(side.states) for side in sides)
        return Bounds(marginals(lows, {}), unknown, states, seconds)


def _tail(mine: int, before: int) -> float:
    """The work still to come by a pass's own decay (:meth:`_Run.keep_pace`, where its
    reference is in its last :data:`_TAIL` of its work): the last round's work ``mine``
    times ``d + d² + …``, ``d`` its ratio to the round before's ``before``, at most
    :data:`_DECAY_MOST` (0 while the work grows). A finer pass keeps alive the tail its
    reference dropped (G.O.R.E. 4 v 6 at 1e-9 against 1e-6: the ratio of their work grows
    from 5 to 10 over rounds 7 to 14, its mass left still 0,22 at round 14): by the
    reference alone, its last rounds are predicted short."""
    if not before or mine >= before:
        return 0.0
    d = min(_DECAY_MOST, mine / before)
    return mine * d / (1 - d)


class _OutOfTime(Exception):
    """The time budget ran out in the middle of a turn."""


def party_bounds(chain: Chain, width: Fraction = DEFAULT_WIDTH, seconds: float = 5.0) -> Bounds:
    """Certified bounds on how a fight of two sides ends, the joint mass as a matrix over
    the two sides' states (module docstring): passes with a finer cut each time until
    every interval is at most ``width`` wide or ``seconds`` have passed (the laws kept
    between passes); the narrowest pass.

    Raises:
        NotDecomposable: the fight is not one this splits (:func:`party_decomposable`).
        TooLarge: a side's states or the matrix outgrew their bounds in the first pass
            (in a later one, the best pass before it is given back).
    """
    return party_split(chain, width, seconds)[0]


def party_split(
    chain: Chain, width: Fraction = DEFAULT_WIDTH, seconds: float = 5.0
) -> tuple[Bounds, tuple[int, int]]:
    """:func:`party_bounds` and the states each side reached (the matrix's shape)."""
    laws = _Laws(chain)
    began = time.perf_counter()
    cut = float(width) * _FIRST_CUT
    best: Bounds | None = None
    give_up = began + _FIRST_ROUND * seconds
    #: the passes finished: (cut, unknown, wall seconds)
    passes: list[tuple[float, float, float]] = []
    pace: _Pace | None = None
    while True:
        finest = _aim(passes, float(width)) if passes else cut
        run = _Run(laws, cut, float(width) * _LEFT, began + seconds, give_up, pace, finest)
        give_up = math.inf  # a later pass replays the laws built
        start = time.perf_counter()
        try:
            run.play()
        except TooLarge:
            if best is None:  # the first pass: the caller's fallback gets the time left
                raise
            too_large = True  # a finer pass outgrew the bounds: the best before it stands
        else:
            too_large = False
        spent = time.perf_counter() - began
        if not too_large:
            result = run.bounds(spent)
            if best is None or result.unknown < best.unknown:
                best = result
            if not run.out_of_time:
                passes.append((run.cut, float(result.unknown), began + spent - start))
                pace = _Pace(run.cut, tuple(run.profile), began + _FINISH * seconds)
        assert best is not None
        done = too_large or best.unknown <= width or spent >= seconds or cut <= _FLOOR
        nxt = None if done or not passes else _next_cut(passes, float(width), seconds - spent)
        if nxt is None:
            counts = (len(laws.sides[0].states), len(laws.sides[1].states))
            return Bounds(best.lower, best.unknown, best.explored, spent), counts
        cut = nxt


def _slope(a: tuple[float, float], b: tuple[float, float]) -> float | None:
    """The exponent ``e`` of ``value ∝ cut ** e`` through the points ``(cut, value)`` ``a``
    and ``b`` (``None``: not measurable)."""
    (ca, va), (cb, vb) = a, b
    if ca == cb or va <= 0 or vb <= 0:
        return None
    return math.log(va / vb) / math.log(ca / cb)


def _aim(passes: list[tuple[float, float, float]], width: float) -> float:
    """The cut aimed at after the passes finished ``passes`` (:func:`_next_cut`: the
    unknown as ``cut ** α``, α measured between the last two or :data:`_ALPHA`)."""
    cut, unknown, _seconds = passes[-1]
    alpha = _ALPHA
    if len(passes) > 1:
        low, high = _ALPHA_RANGE
        measured = _slope(passes[-2][:2], (cut, unknown))
        if measured is not None:
            alpha = min(high, max(low, measured))
    return cut * max(_STEP_LEAST, min(_STEP, (_AIM * width / unknown) ** (1 / alpha)))


def _next_cut(passes: list[tuple[float, float, float]], width: float, left: float) -> float | None:
    """The next pass's cut after the passes finished ``passes`` (each ``(cut, unknown,
    wall seconds)``, the last one last), with ``left`` seconds left (``None``: no finer
    pass is worth beginning).

    The aim: the unknown a pass leaves (its entries under the cut dropped, their mass
    summed over the steps) scales as ``cut ** α``: α measured between the last two passes
    (kept within :data:`_ALPHA_RANGE`: the fight itself shows how much a finer cut
    saves; Tierkreis 4 v 4 ~0,56, G.O.R.E. 4 v 6 ~0,88, 4 v 4 ~1,05), or :data:`_ALPHA`
    after one (three ways to estimate it inside the first pass, from the mass of the
    entries under multiples of its cut, gave 1,0–2,1 or 0,03–0,5 where the passes show
    0,56–1,05: an entry under a coarser cut lingers there for many steps, and most of
    what a finer cut saves is merged into larger entries, not ended); the cut that
    leaves :data:`_AIM` of ``width``, at most :data:`_STEP` times the last one's and at
    least :data:`_STEP_LEAST` times it.

    The time: a pass's wall time scales as ``cut ** -γ`` (more entries held; the laws
    already built are kept, so it is not the first pass's cost again), γ the larger of
    :data:`_GROWTH` and that measured between the last two passes' times (up to
    :data:`_GROWTH_MOST`: the first pass's time holds most laws' building, so that
    measure is low). A pass cut short counts only its finished turns (nearly nothing
    cut short early: the mass ends in its last rounds), so where the aim is not
    predicted to finish in ``left`` the cut is the finest that is, and none where that
    is not :data:`_STEP_MOST` times the last one's (not worth beginning: Tierkreis
    4 v 4's third pass, begun with 1,5 s left, was cut short in its first rounds).

    Any cut gives certified bounds (each pass's bounds hold whatever its cut): this
    only picks the pass that may reach the width in the time left; a pass begun coarser
    than the aim to fit it may take a finer cut, as far as the aim, where it runs ahead
    of pace (:meth:`_Run.keep_pace`)."""
    cut, unknown, seconds = passes[-1]
    growth = _GROWTH
    if len(passes) > 1:
        measured = _slope((passes[-2][0], passes[-2][2]), (cut, seconds))
        if measured is not None:
            growth = min(_GROWTH_MOST, max(growth, -measured))
    aim = _aim(passes, width)
    if left <= seconds:
        return None  # not even a pass as coarse as the last one fits
    fits = cut * (seconds / left) ** (1 / growth)
    nxt = max(aim, fits)
    return nxt if nxt <= cut * _STEP_MOST else None
