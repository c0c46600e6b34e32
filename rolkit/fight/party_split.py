"""A fight of two parties split into its two sides (#27 item 3): the joint mass as a matrix.

A *side state* is the tuple of one side's slots (its members' forms and weapons, in order
of entry). The fight between two turns is a pair ``(x, y)`` of side states (side A's,
side B's), and its probability mass is a matrix ``P[x, y]`` (numpy, float64) over the
side states reached so far, each side's enumerated lazily. The chain's turn
(:meth:`Chain.successors`) reads and writes little of the pair:

- the actor's turn-start and turn-end rules move its own slot alone (a law on its side's
  states: rows or columns of ``P`` move, :meth:`Chain._slot_hook`);
- its blow, or its whole turn of actions (:meth:`Chain.turn_rows`), reads its own slot
  ``a`` and its foes' side state ``y`` (whom to attack reads the foes only; the law reads
  the attacker and its target) and writes only those: the law from ``(a, y)`` over
  ``(a', y')`` is built once with the chain's own machinery on a joint state composed
  from them, and moves every row whose actor slot is ``a``. It does not depend on which
  member of the side acts beyond its target and defence policies (the foes' order is the
  turn order), so members with one policy share it;
- the round-end rules move each combatant not dead alone (a law per side, member by
  member: the chain draws them independently);
- each step applies only while the fight goes on: after every step the mass where a
  side is all out (:meth:`Chain.terminal`: a row or a column) is absorbed into its
  :class:`~rolkit.fight.state.Summary`, as the chain stops there. Nothing is absorbed
  between the members' round-end rules (the chain applies them all, then looks).

So the factorised steps are the chain's, one for one; the tests compare every result with
the exact solve. Where the chain reads more than that (aid between allies reads them; more
than two sides), :class:`NotDecomposable` is raised and the caller falls back.

**Bounds.** The mass goes on round after round; entries under a cut are dropped, and it
stops when what is left is under a hundredth of the width asked for or the time is out.
Why the lower bounds hold: every operation is on operands ≥ 0 (a chance times a mass, sums
of those; dropping an entry only lowers what reaches the ends), so each float received
equals the exact value of the same computation with each operation scaled by some
``1 + δ``, ``|δ| ≤ u = 2⁻⁵³`` (a chance's own rounding to float counted as one), each
path through at most ``K`` of them (:attr:`_Run.flops`: per step, two plus the most terms
summed into one entry; a dot product of ``n`` terms rounds each at most ``n`` times in
any order) — so ``exact ≥ float · (1 − K u)`` (Higham, *Accuracy and Stability of
Numerical Algorithms*, §3.1, γ_K). No subnormal enters: chances under :data:`_LEAST` and
masses under :data:`_FLOOR` are dropped. Each lower bound is that, in Fractions, rounded
down; ``unknown`` is one minus their sum (as :mod:`rolkit.fight.bounds`), so each result
``k`` lies in ``[lower_k, lower_k + unknown]``.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from rolkit.fight.bounds import DEFAULT_WIDTH, Bounds
from rolkit.fight.chain import Chain, TooLarge
from rolkit.fight.independent import NotDecomposable
from rolkit.fight.laws import add_weight
from rolkit.fight.result import marginals
from rolkit.fight.state import Slot, Summary
from rolkit.model import Fate

if TYPE_CHECKING:  # numpy loads with the first run: import rolkit stays light
    import numpy as np

__all__ = ["party_bounds", "party_decomposable", "party_split", "SIDE_STATES_MAX"]

#: Binary64's unit roundoff (round to nearest), and the grid the lower bounds are rounded
#: down to (as :mod:`rolkit.fight.bounds`).
_U = Fraction(1, 2**53)
_GRID = 2**64
#: A chance below it is dropped from a law (no product reaches a subnormal).
_LEAST = 1e-30
#: A mass below it is dropped (with chances ≥ _LEAST, every product stays normal).
_FLOOR = 1e-250
#: The side states one side may reach (past it: :class:`TooLarge`, the caller falls back).
SIDE_STATES_MAX = 6_000
#: The matrix's cells (both sides' states multiplied) past which it is too large.
_CELLS_MAX = 12_000_000
#: The first cut, as a share of the width asked for, and its factor between two passes.
_FIRST_CUT = 1e-5
_STEP = 0.1
#: The mass left at which a pass stops, as a share of the width asked for.
_LEFT = 1e-2


def party_decomposable(chain: Chain) -> str | None:
    """Why the fight of ``chain`` cannot be split into its two sides (``None``: it can)."""
    if len(set(chain.sides)) != 2:
        return "not two sides"
    if chain.aiders or chain.revivable:
        return "aid between allies"
    if chain.terminal(chain.start):
        return "the fight is over"
    return None


class _Side:
    """One side's states, numbered as they are met: their slots, whether the side is
    all out there, and the tuple of its members' fates."""

    def __init__(self, chain: Chain, members: tuple[int, ...]) -> None:
        self.chain = chain
        self.members = members
        self.pos = {i: k for k, i in enumerate(members)}
        self.states: list[tuple[Slot, ...]] = []
        self.index: dict[tuple[Slot, ...], int] = {}
        self.out: list[bool] = []
        self.fate_of: list[int] = []
        self.fates: list[tuple[Fate, ...]] = []
        self._fate_index: dict[tuple[Fate, ...], int] = {}
        self._moved: dict[tuple[int, int, Slot], int] = {}
        self._to: dict[tuple[int, Slot], np.ndarray] = {}

    def add(self, slots: tuple[Slot, ...]) -> int:
        known = self.index.get(slots)
        if known is None:
            if len(self.states) >= SIDE_STATES_MAX:
                raise TooLarge()
            known = self.index[slots] = len(self.states)
            self.states.append(slots)
            status = self.chain.status
            fates = tuple(status(slot.form) for slot in slots)
            self.out.append(all(f is not None for f in fates))
            f = self._fate_index.get(fates)
            if f is None:
                f = self._fate_index[fates] = len(self.fates)
                self.fates.append(fates)
            self.fate_of.append(f)
        return known

    def moved_many(self, xs: np.ndarray, k: int, slot: Slot) -> np.ndarray:
        """:meth:`moved` of each state of ``xs`` (an array), from an array per member and
        slot filled as states are asked for."""
        import numpy as np

        to = self._to.get((k, slot))
        if to is None or len(to) < len(self.states):
            grown = np.full(len(self.states) + 64, -1, dtype=np.intp)
            if to is not None:
                grown[: len(to)] = to
            to = self._to[(k, slot)] = grown
        out = to[xs]
        missing = np.flatnonzero(out < 0)
        if len(missing):
            for m in missing.tolist():
                out[m] = self.moved(int(xs[m]), k, slot)
            if len(to) < len(self.states):  # states added: the array grown for next time
                grown = np.full(len(self.states) + 64, -1, dtype=np.intp)
                grown[: len(to)] = to
                to = self._to[(k, slot)] = grown
            to[xs[missing]] = out[missing]
        return out

    def moved(self, x: int, k: int, slot: Slot) -> int:
        """State ``x`` with member ``k``'s slot replaced by ``slot``."""
        key = (x, k, slot)
        known = self._moved.get(key)
        if known is None:
            slots = list(self.states[x])
            slots[k] = slot
            known = self._moved[key] = self.add(tuple(slots))
        return known


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
            _Side(chain, tuple(i for i, s in enumerate(self.side_of) if s == k)) for k in (0, 1)
        )
        start = chain.start
        self.x0 = self.sides[0].add(tuple(start[i] for i in self.sides[0].members))
        self.y0 = self.sides[1].add(tuple(start[i] for i in self.sides[1].members))
        self._hooks: dict[tuple[str, int, int], _HookLaw] = {}
        self._transfers: dict[tuple[int, str, Slot], _Transfer] = {}
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

    def transfer(self, i: int, a: Slot) -> _Transfer:
        """The turns of the actors of ``i``'s side and policy in slot ``a``, by foe state."""
        key = (self.side_of[i], self.chain.policy[i], a)
        known = self._transfers.get(key)
        if known is None:
            known = self._transfers[key] = _Transfer()
        return known


class _Transfer:
    """The turn laws out of one actor slot (one side, one policy), for the foe states
    met so far, as flat arrays: each row ``(foe state, actor slot after (its code), foe
    state after, chance)``; :meth:`rows` adds the foe states not met yet."""

    def __init__(self) -> None:
        self.known: set[int] = set()
        self.codes: dict[Slot, int] = {}
        self.slots: list[Slot] = []
        self._cols: list[list[int]] = [[], [], []]
        self._chances: list[float] = []
        self._arrays: tuple[Any, Any, Any, Any] | None = None

    def rows(
        self, laws: _Laws, i: int, rep: int, ys: Sequence[int], deadline: float
    ) -> tuple[Any, Any, Any, Any]:
        """The arrays ``(foe state, code after, foe state after, chance)`` over every foe
        state met, those of ``ys`` among them (laws built for the new ones)."""
        for y in ys:
            if y in self.known:
                continue
            if time.perf_counter() > deadline:
                raise _OutOfTime()
            for a2, y2, p in laws.turn(i, rep, y):
                code = self.codes.get(a2)
                if code is None:
                    code = self.codes[a2] = len(self.slots)
                    self.slots.append(a2)
                self._cols[0].append(y)
                self._cols[1].append(code)
                self._cols[2].append(y2)
                self._chances.append(p)
            self.known.add(y)
            self._arrays = None
        if self._arrays is None:
            import numpy as np

            self._arrays = (
                np.asarray(self._cols[0], dtype=np.intp),
                np.asarray(self._cols[1], dtype=np.intp),
                np.asarray(self._cols[2], dtype=np.intp),
                np.asarray(self._chances, dtype=np.float64),
            )
        return self._arrays


class _Run:
    """One pass: the mass pushed turn by turn, entries under ``cut`` dropped."""

    def __init__(self, laws: _Laws, cut: float, left: float, deadline: float) -> None:
        import numpy as np

        self.np = np
        self.laws = laws
        self.chain = laws.chain
        self.cut = max(cut, _FLOOR)
        self.left = left
        self.deadline = deadline
        self.P = np.zeros((len(laws.sides[0].states), len(laws.sides[1].states)))
        self.P[laws.x0, laws.y0] = 1.0
        #: mass absorbed per (side A's fates, side B's fates), as floats
        self.ended: dict[tuple[int, int], float] = {}
        #: the float operations along any path (module docstring)
        self.flops = 0
        self.out_of_time = False

    # the matrix ----------------------------------------------------------------------
    def _grown(self) -> None:
        """``P`` padded with zeros to every side state met."""
        n0, n1 = (len(side.states) for side in self.laws.sides)
        if n0 * n1 > _CELLS_MAX:
            raise TooLarge()
        r, c = self.P.shape
        if (r, c) != (n0, n1):
            grown = self.np.zeros((n0, n1))
            grown[:r, :c] = self.P
            self.P = grown

    def _view(self, s: int) -> np.ndarray:
        """``P`` with side ``s``'s states as rows (a view)."""
        return self.P if s == 0 else self.P.T

    # the steps -----------------------------------------------------------------------
    def hook(self, which: str, i: int) -> None:
        """Combatant ``i``'s rule ``which`` on every row (or column) of its side."""
        np = self.np
        s = self.laws.side_of[i]
        active = np.flatnonzero(self._view(s).any(axis=1))
        src: list[int] = []
        dst: list[int] = []
        chance: list[float] = []
        for x in active.tolist():
            law = self.laws.hook(which, i, x)
            if law is None:
                continue
            src.extend([x] * len(law[0]))
            dst.extend(law[0])
            chance.extend(law[1])
        if not src:
            return
        self._grown()
        M = self._view(s)
        moved = M[src] * np.asarray(chance)[:, None]
        M[sorted(set(src))] = 0.0
        where = np.asarray(dst)
        np.add.at(M, where, moved)
        self.flops += 3 + int(np.bincount(where).max())

    def blow(self, i: int) -> None:
        """Combatant ``i``'s blow or turn of actions on every row (or column) of its side
        whose slot for ``i`` can act."""
        np = self.np
        laws = self.laws
        s = laws.side_of[i]
        mine, theirs = laws.sides[s], laws.sides[1 - s]
        k = mine.pos[i]
        M = self._view(s)
        active = np.flatnonzero(M.any(axis=1))
        groups: dict[Slot, list[int]] = {}
        status = self.chain.status
        for x in active.tolist():
            a = mine.states[x][k]
            if status(a.form) is None:
                groups.setdefault(a, []).append(x)
        if not groups:
            return
        plans = []
        for a, rows in groups.items():
            mask: Any = M[rows].any(axis=0)
            transfer = laws.transfer(i, a)
            ys, codes, y2s, ps = transfer.rows(
                laws, i, rows[0], np.flatnonzero(mask).tolist(), self.deadline
            )
            keep = mask[ys]
            ys, codes, y2s, ps = ys[keep], codes[keep], y2s[keep], ps[keep]
            # each row's state after, per actor slot after (its code)
            xs = np.asarray(rows, dtype=np.intp)
            table = np.zeros((len(rows), len(transfer.slots)), dtype=np.intp)
            for c in np.unique(codes).tolist():
                table[:, c] = mine.moved_many(xs, k, transfer.slots[c])
            plans.append((rows, ys, codes, y2s, ps, table))
        self._grown()
        M = self._view(s)
        n_other = len(theirs.states)
        index: list[Any] = []
        weights: list[Any] = []
        for rows, ys, codes, y2s, ps, table in plans:
            block = M[np.ix_(rows, ys)] * ps[None, :]
            flat = table[:, codes] * n_other + y2s[None, :]
            index.append(flat.ravel())
            weights.append(block.ravel())
        for rows in groups.values():
            M[rows] = 0.0
        where = np.concatenate(index)
        added = np.bincount(where, weights=np.concatenate(weights), minlength=M.size)
        M += added.reshape(M.shape)
        self.flops += 3 + int(np.bincount(where).max())

    def absorb(self) -> None:
        """The mass where a side is all out ends there (its summary), as the chain stops."""
        np = self.np
        sides = self.laws.sides
        P = self.P
        n0, n1 = P.shape
        out0 = np.asarray(sides[0].out[:n0])
        out1 = np.asarray(sides[1].out[:n1])
        if not (out0.any() or out1.any()):
            return
        fa = np.asarray(sides[0].fate_of[:n0])
        fb = np.asarray(sides[1].fate_of[:n1])
        for rows, cols in ((out0, np.ones(n1, bool)), (~out0, out1)):
            block = P[np.ix_(rows, cols)]
            if not block.any():
                continue
            r = np.flatnonzero(rows)
            c = np.flatnonzero(cols)
            nz_r, nz_c = np.nonzero(block)
            keys = fa[r[nz_r]] * len(sides[1].fates) + fb[c[nz_c]]
            sums = np.bincount(keys, weights=block[nz_r, nz_c])
            for key in np.flatnonzero(sums).tolist():
                pair = divmod(key, len(sides[1].fates))
                self.ended[pair] = self.ended.get(pair, 0.0) + float(sums[key])
            P[np.ix_(rows, cols)] = 0.0
            self.flops += len(nz_r) + 1

    def pruned(self) -> None:
        """Entries under the cut dropped (their mass unknown)."""
        P = self.P
        P[self.cut > P] = 0.0

    # the fight -----------------------------------------------------------------------
    def play(self) -> None:
        """Turn after turn from the chain's start until the mass left is under ``left``
        or the time is out (the turn begun then is not counted: its mass is unknown)."""
        chain = self.chain
        n = len(chain.order)
        turn, first = chain.start_turn, chain.skip_first
        quiet = 0
        last = 1.0
        while True:
            before = (self.P.copy(), dict(self.ended), self.flops)
            try:
                self._turn(turn, first)
            except _OutOfTime:
                self.P, self.ended, self.flops = before
                self.out_of_time = True
                return
            first = False
            turn = (turn + 1) % n
            if turn == 0:
                left = float(self.P.sum())
                if left <= self.left:
                    return
                # a whole round that ended nothing and moved no mass out: it stands
                quiet = quiet + 1 if left >= last else 0
                if quiet >= 8:
                    return
                last = left
            if time.perf_counter() > self.deadline:
                self.out_of_time = True
                return

    def _turn(self, turn: int, first: bool) -> None:
        i = self.chain.order[turn]
        for stage in self.chain.stages(turn, first):
            if stage == "blow":
                self.blow(i)
            elif stage == "end":
                for j in range(len(self.chain.sides)):
                    self.hook("end", j)
            else:
                self.hook(stage, i)
            self.absorb()
            self.pruned()

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


class _OutOfTime(Exception):
    """The time budget ran out in the middle of a turn."""


def party_bounds(chain: Chain, width: Fraction = DEFAULT_WIDTH, seconds: float = 5.0) -> Bounds:
    """Certified bounds on how a fight of two sides ends, the joint mass as a matrix over
    the two sides' states (module docstring): passes with a finer cut each time until
    every interval is at most ``width`` wide or ``seconds`` have passed (the laws kept
    between passes); the narrowest pass.

    Raises:
        NotDecomposable: the fight is not one this splits (:func:`party_decomposable`).
        TooLarge: a side's states or the matrix outgrew their bounds.
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
    while True:
        run = _Run(laws, cut, float(width) * _LEFT, began + seconds)
        run.play()
        spent = time.perf_counter() - began
        result = run.bounds(spent)
        if best is None or result.unknown < best.unknown:
            best = result
        if best.unknown <= width or spent >= seconds or cut <= _FLOOR:
            counts = (len(laws.sides[0].states), len(laws.sides[1].states))
            return Bounds(best.lower, best.unknown, best.explored, spent), counts
        cut *= _STEP
