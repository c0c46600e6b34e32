"""The numbered side states of a party split and the tables of their laws as numpy
arrays (#27 item 3, :mod:`rolkit.fight.party_split`): each side's states numbered as they
are met, laws out of states (:class:`Table`) and out of pairs (actor slot, foe state)
(:class:`PairTable`) filled as they are asked for, and the merge of equal entries
(:func:`summed`)."""

from __future__ import annotations

import os
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any

from rolkit.fight.chain import Chain, TooLarge
from rolkit.fight.state import Slot
from rolkit.model import Fate

if TYPE_CHECKING:  # numpy loads with the first run: import rolkit stays light
    import numpy as np

__all__ = [
    "BITS",
    "MASK",
    "SIDE_STATES_MAX",
    "PairTable",
    "Side",
    "Table",
    "expanded",
    "positions",
    "summed",
    "worker",
]

#: The side states one side may reach (past it: :class:`TooLarge`, the caller falls back).
#: Tierkreis' 4 v 4 meets ~13 000 a side at its first pass's cut, ~22 000 at its second's.
SIDE_STATES_MAX = 65_535
#: The bits of a side state's number in a pair's key (``x << BITS | y``).
BITS = SIDE_STATES_MAX.bit_length()
MASK = (1 << BITS) - 1
#: A pair not looked up yet in a :meth:`Side.moved_rows` table (no state's number).
_UNSEEN = SIDE_STATES_MAX
#: The cells of a member's table of its side's states after its slot changes (past it,
#: looked up per slot), and of a :class:`PairTable` (past it, :class:`TooLarge`).
_TABLE_MAX = 8_000_000


class Side:
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
        self._tables: dict[int, Any] = {}
        #: each slot met numbered (its code), and each state's members' codes
        self.slot_code: dict[Slot, int] = {}
        self.slots: list[Slot] = []
        self.codes: list[tuple[int, ...]] = []
        self._arrays: tuple[int, Any] = (-1, None)
        self._acting: Any = ()

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
            self.codes.append(tuple([self.code_of(slot) for slot in slots]))
        return known

    def arrays(self) -> tuple[Any, Any, Any]:
        """``(out, fate_of, codes)`` as numpy arrays over the states met (views of arrays
        grown as states are added: only the states new since the last call are copied in;
        not to be written). ``codes[:, k]``, member ``k``'s codes, is contiguous (a
        gather from it copies nothing first)."""
        n = len(self.states)
        have, known = self._arrays
        if have != n:
            import numpy as np

            if known is None or len(known[0]) < n:  # room for twice the states
                room = max(2 * n, 64)
                grown = (
                    np.empty(room, dtype=bool),
                    np.empty(room, dtype=np.intp),
                    np.empty((len(self.members), room), dtype=np.intp),
                )
                if known is not None:
                    for new, old in zip(grown, known, strict=True):
                        new[..., :have] = old[..., :have]
                known = grown
            have = max(have, 0)
            known[0][have:n] = self.out[have:n]
            known[1][have:n] = self.fate_of[have:n]
            known[2][:, have:n] = np.asarray(self.codes[have:n], dtype=np.intp).T
            self._arrays = (n, known)
        return known[0][:n], known[1][:n], known[2][:, :n].T

    def acting(self) -> Any:
        """Whether a combatant in each slot met (by code) can act, as a numpy array."""
        known = self._acting
        if len(known) != len(self.slots):
            import numpy as np

            status = self.chain.status
            known = self._acting = np.asarray(
                [status(slot.form) is None for slot in self.slots], dtype=bool
            )
        return known

    def moved_many(self, xs: np.ndarray, k: int, slot: Slot) -> np.ndarray:
        """:meth:`moved` of each state of ``xs`` (an array), from an array per member and
        slot filled as states are asked for."""
        import numpy as np

        to = self._to.get((k, slot))
        if to is None or len(to) < len(self.states):
            grown = np.full(max(2 * len(self.states), 64), -1, dtype=np.intp)
            if to is not None:
                grown[: len(to)] = to
            to = self._to[(k, slot)] = grown
        out = to[xs]
        missing = np.flatnonzero(out < 0)
        if len(missing):
            for m in missing.tolist():
                out[m] = self.moved(int(xs[m]), k, slot)
            if len(to) < len(self.states):  # states added: the array grown for next time
                grown = np.full(max(2 * len(self.states), 64), -1, dtype=np.intp)
                grown[: len(to)] = to
                to = self._to[(k, slot)] = grown
            to[xs[missing]] = out[missing]
        return out

    def moved_pairs(self, k: int, xs: Any, codes: Any) -> Any:
        """:meth:`moved` of each ``(xs[e], slots[codes[e]])`` (arrays), from a table per
        member over states × slot codes filled as pairs are asked for (a member's own
        code: the state itself) (or, past :data:`_TABLE_MAX` cells, per slot code,
        :meth:`moved_many`)."""
        import numpy as np

        return self.moved_rows(k, xs, None, codes).astype(np.intp, copy=False)

    def moved_rows(self, k: int, xs: Any, rows: Any, codes: Any) -> Any:
        """:meth:`moved_pairs` of ``(xs[rows], codes)`` (``rows`` ``None``: all of
        ``xs``), as uint16 or intp (a state's number is under :data:`SIDE_STATES_MAX`):
        ``xs`` scaled to the table's cells before it is gathered (one product per state,
        not per row)."""
        import numpy as np

        table = self._grown_table(k)
        if table is None:
            return self._moved_by_slot(k, xs if rows is None else xs.take(rows), codes)
        width = table.shape[1]
        cell = xs * width
        if rows is not None:
            cell = cell.take(rows)
        cell += codes
        out = table.ravel().take(cell)
        if len(out) and out.max() == _UNSEEN:
            miss = np.flatnonzero(out == _UNSEEN)
            lost = cell.take(miss)
            pairs = np.unique(lost)
            px, pc = np.divmod(pairs, width)
            got = self._moved_pairs(k, px, pc)
            grown = self._grown_table(k)  # the states and slots met since
            if grown is not None:
                grown[px, pc] = got
            out[miss] = got.take(np.searchsorted(pairs, lost))
        return out

    def _moved_by_slot(self, k: int, xs: Any, codes: Any) -> Any:
        """:meth:`moved_pairs` per slot code (:meth:`moved_many`), past the table's size."""
        import numpy as np

        out = np.empty(len(xs), dtype=np.intp)
        order = np.argsort(codes, kind="stable")
        for chunk in np.split(order, np.flatnonzero(np.diff(codes[order])) + 1):
            if len(chunk):
                out[chunk] = self.moved_many(xs[chunk], k, self.slots[int(codes[chunk[0]])])
        return out

    def _moved_pairs(self, k: int, xs: Any, codes: Any) -> Any:
        """:meth:`moved` of each ``(xs[e], slots[codes[e]])`` (not kept by :meth:`moved`:
        the caller's table keeps them), the pairs whose code is member ``k``'s own in
        ``xs[e]`` at once (the state itself), the others in order."""
        import numpy as np

        out = xs.copy()
        new = np.flatnonzero(self.arrays()[2][:, k].take(xs) != codes)
        if len(new):
            states, slots, add = self.states, self.slots, self.add
            moved = []
            for x, c in zip(xs[new].tolist(), codes[new].tolist(), strict=True):
                after = list(states[x])
                after[k] = slots[c]
                moved.append(add(tuple(after)))
            out[new] = moved
        return out

    def _grown_table(self, k: int) -> Any:
        """Member ``k``'s table of :meth:`moved_pairs`, grown to every state and slot
        met (``None``: too large)."""
        import numpy as np

        table = self._tables.get(k)
        n, c = len(self.states), len(self.slots)
        if table is not None and table.shape[0] >= n and table.shape[1] >= c:
            return table
        shape = (max(2 * n, 64), max(2 * c, 16))
        if shape[0] * shape[1] > _TABLE_MAX:
            self._tables[k] = None
            return None
        # (uint16: half the bytes of an int32, so more of the table in the caches)
        grown = np.full(shape, _UNSEEN, dtype=np.uint16)
        if table is not None:
            grown[: table.shape[0], : table.shape[1]] = table
        self._tables[k] = grown
        return grown

    def code_of(self, slot: Slot) -> int:
        """The code of ``slot`` (numbered now if new)."""
        c = self.slot_code.get(slot)
        if c is None:
            c = self.slot_code[slot] = len(self.slots)
            self.slots.append(slot)
        return c

    def moved(self, x: int, k: int, slot: Slot) -> int:
        """State ``x`` with member ``k``'s slot replaced by ``slot``."""
        key = (x, k, slot)
        known = self._moved.get(key)
        if known is None:
            slots = list(self.states[x])
            slots[k] = slot
            known = self._moved[key] = self.add(tuple(slots))
        return known


class Table:
    """Laws out of numbered states as flat arrays, filled as states are asked for: the
    rows out of state ``x`` are ``start[x] : start[x] + count[x]`` of each column."""

    def __init__(self, columns: int) -> None:
        self._owner: list[int] = []
        self._columns: list[list[Any]] = [[] for _ in range(columns)]
        self._seen: Any = None
        self._arrays: tuple[Any, ...] | None = None

    def missing(self, xs: Any) -> list[int]:
        """The states of ``xs`` (an array) whose rows are not in yet, once each."""
        import numpy as np

        seen = self._seen
        top = int(xs.max(initial=-1)) + 1
        if seen is None or len(seen) < top:
            grown = np.zeros(max(top, 64) * 2, dtype=bool)
            if seen is not None:
                grown[: len(seen)] = seen
            seen = self._seen = grown
        new = xs[~seen[xs]]
        return np.unique(new).tolist() if len(new) else []

    def put(self, x: int, rows: Sequence[tuple[Any, ...]]) -> None:
        """The rows out of state ``x``."""
        self._seen[x] = True
        self._owner.extend([x] * len(rows))
        for column, values in zip(self._columns, zip(*rows, strict=True), strict=False):
            column.extend(values)
        self._arrays = None

    def arrays(self, n: int) -> tuple[Any, ...]:
        """``(start, count, *columns)`` as arrays, ``start`` and ``count`` over ``n``
        states at least."""
        import numpy as np

        if self._arrays is None or len(self._arrays[0]) < n:
            owner = np.asarray(self._owner, dtype=np.intp)
            order = np.argsort(owner, kind="stable")
            count = np.bincount(owner, minlength=n).astype(np.intp)
            start = (np.cumsum(count) - count).astype(np.intp)
            columns = tuple(np.asarray(c)[order] for c in self._columns)
            self._arrays = (start, count, *columns)
        return self._arrays


class PairTable:
    """Laws out of pairs ``(c, y)`` of numbers (an actor's slot code, a foe state) as flat
    arrays, filled as pairs are asked for: the rows out of ``(c, y)`` are ``start[c, y] :
    start[c, y] + count[c, y]`` of each column (``count`` −1: not in yet)."""

    def __init__(self) -> None:
        import numpy as np

        self.np = np
        self.start = np.zeros((0, 0), dtype=np.int32)
        self.count = np.zeros((0, 0), dtype=np.int32)
        self._columns: tuple[Any, Any, Any] = (
            np.zeros(0, dtype=np.intp),
            np.zeros(0, dtype=np.intp),
            np.zeros(0, dtype=np.float64),
        )
        self._pending: list[tuple[int, int, float]] = []
        self._rows = 0

    def missing(self, c: Any, y: Any) -> Any:
        """The positions in ``c``, ``y`` (arrays) of the pairs not in yet, once each."""
        np = self.np
        if not len(c):
            return np.zeros(0, dtype=np.intp)
        self._grow(int(c.max()) + 1, int(y.max()) + 1)
        miss = np.flatnonzero(self.count[c, y] < 0)
        if not len(miss):
            return miss
        _keys, first = np.unique(c[miss] * self.count.shape[1] + y[miss], return_index=True)
        return miss[first]

    def put(self, c: int, y: int, rows: Sequence[tuple[int, int, float]]) -> None:
        """The rows out of ``(c, y)``."""
        self._grow(c + 1, y + 1)
        if self._rows + len(rows) >= 2**31:
            raise TooLarge()
        self.start[c, y] = self._rows
        self.count[c, y] = len(rows)
        self._rows += len(rows)
        self._pending.extend(rows)

    def arrays(self) -> tuple[Any, Any, Any, Any, Any]:
        """``(start, count, codes after, foe states after, chances)``."""
        np = self.np
        if self._pending:
            codes, ys, ps = zip(*self._pending, strict=True)
            new = (
                np.asarray(codes, dtype=np.intp),
                np.asarray(ys, dtype=np.intp),
                np.asarray(ps, dtype=np.float64),
            )
            self._columns = tuple(  # type: ignore[assignment]
                np.concatenate((old, more)) for old, more in zip(self._columns, new, strict=True)
            )
            self._pending = []
        return (self.start, self.count, *self._columns)

    def _grow(self, codes: int, states: int) -> None:
        """The pair arrays grown to ``codes`` × ``states`` at least (past
        :data:`_TABLE_MAX` cells: :class:`TooLarge`)."""
        np = self.np
        have = self.count.shape
        if codes <= have[0] and states <= have[1]:
            return
        shape = (max(codes, 2 * have[0], 16), max(states, min(2 * have[1], SIDE_STATES_MAX), 64))
        if shape[0] * shape[1] > _TABLE_MAX:
            raise TooLarge()
        start = np.zeros(shape, dtype=np.int32)
        count = np.full(shape, -1, dtype=np.int32)
        start[: have[0], : have[1]] = self.start
        count[: have[0], : have[1]] = self.count
        self.start, self.count = start, count


def expanded(idx: Any, counts: Any, starts: Any) -> tuple[Any, Any]:
    """For entries ``idx`` (``None``: ``0 .. len(counts) − 1``) with ``counts[e]`` rows of a
    flat law table from ``starts[e]`` on: each new row's entry and its row's index in the
    table."""
    import numpy as np

    at = np.repeat(positions(len(counts)), counts)  # each row's place among the entries
    first = np.cumsum(counts)
    first -= counts
    flat = (starts - first).take(at)  # (gathers: faster than more ``repeat``)
    flat += positions(len(flat))
    return (at if idx is None else idx.take(at)), flat


def positions(n: int) -> Any:
    """``numpy.arange(n)``, a view of one kept array (not to be written)."""
    global _RANGE
    if len(_RANGE) < n:
        import numpy as np

        _RANGE = np.arange(max(n, 2 * len(_RANGE)))
        _RANGE.flags.writeable = False
    return _RANGE[:n]


_RANGE: Any = ()


def summed(key: Any, V: Any, width: int = 2 * BITS) -> tuple[Any, Any, int]:
    """The distinct keys of ``key`` (int64 under ``2**width``; default: pair keys), ascending,
    the sum of ``V`` over each, and the most terms summed into one: the keys packed with
    their positions in one int64 array and sorted (a plain sort: far faster than an
    argsort), each run of equal keys summed in order of position. ``key`` is used up.

    Past :data:`_PARALLEL_MIN` entries, with two cores, the work is shared by two threads
    (numpy lets go of the GIL in its sorts, gathers and loops): each packs and sorts one
    half of the entries in place, then each merges the two sorted halves' entries below
    a key (:func:`_pivot`) or from it (a stable sort of two sorted runs: one merge, no
    pass over all the entries to pick them) and sums its part. The result is the same,
    bit for bit: each part holds the same packed entries, all distinct, sorted as the
    whole would be, keys and positions alike, so each run of equal keys (all in one part)
    is summed over the same terms in the same order; the parts' keys, all below the
    pivot's then all from it, are distinct and ascending once put end to end."""
    import numpy as np

    n = len(key)
    if not n:
        return key, V, 1
    bits = n.bit_length()
    if width + bits > 63:  # the keys and positions would not fit in an int64
        raise TooLarge()
    pool = worker(n)
    if pool is None:
        packed = key
        packed <<= bits
        packed |= positions(n)
        return _merged_run(packed, V, bits)
    pivot = _pivot(key) << bits
    at, half = positions(n), n // 2  # (made here: ``positions`` may grow its array)
    first, second = key[:half], key[half:]
    sorting = pool.submit(_packed_sorted, second, bits, at[half:])
    _packed_sorted(first, bits, at[:half])
    sorting.result()
    a, b = int(np.searchsorted(first, pivot)), int(np.searchsorted(second, pivot))
    high = pool.submit(_part, first[a:], second[b:], V, bits)
    low = _part(first[:a], second[:b], V, bits)
    up = high.result()
    return np.concatenate((low[0], up[0])), np.concatenate((low[1], up[1])), max(low[2], up[2])


def _packed_sorted(part: Any, bits: int, at: Any) -> None:
    """The keys ``part`` shifted left by ``bits``, their positions ``at`` put in the bits
    freed, sorted, in place."""
    part <<= bits
    part |= at
    part.sort()


def _part(first: Any, second: Any, V: Any, bits: int) -> tuple[Any, Any, int]:
    """:func:`_merged_run` on the packed entries of two sorted runs (merged: a stable
    sort finds the runs and merges them)."""
    import numpy as np

    packed = np.concatenate((first, second))
    packed.sort(kind="stable")
    return _summed_runs(packed, V, bits)


def _pivot(key: Any) -> int:
    """A key splitting ``key`` about in halves: the median of ~1 000 evenly spaced ones
    (any key gives the same sums, only the split's balance depends on it)."""
    import numpy as np

    sample = np.sort(key[:: max(1, len(key) // 1024)])
    return int(sample[len(sample) // 2])


def _merged_run(packed: Any, V: Any, bits: int) -> tuple[Any, Any, int]:
    """:func:`summed` on the packed entries ``packed`` (``key << bits | position`` in
    ``V``): sorted in place, each run of equal keys summed in order of position."""
    packed.sort()
    return _summed_runs(packed, V, bits)


def _summed_runs(packed: Any, V: Any, bits: int) -> tuple[Any, Any, int]:
    """:func:`_merged_run` on packed entries sorted already."""
    import numpy as np

    n = len(packed)
    if not n:
        return packed, V[:0], 1
    keys = packed >> bits
    head = np.empty(n, dtype=bool)
    head[0] = True
    np.not_equal(keys[1:], keys[:-1], out=head[1:])
    starts = np.flatnonzero(head)
    packed &= (1 << bits) - 1
    if len(starts) == n:  # every key distinct: nothing to sum
        return keys, V[packed], 1
    distinct = keys.take(starts)
    # ``keys`` taken, its array holds each run's length but the last's, then the terms
    # (fewer allocations: each fresh page costs a fault, and two threads' faults queue)
    runs = np.subtract(starts[1:], starts[:-1], out=keys[: len(starts) - 1])
    most = max(int(runs.max(initial=1)), n - int(starts[-1]))
    terms = keys.view(V.dtype) if V.itemsize == keys.itemsize else None
    terms = V.take(packed, out=terms, mode="clip")  # (``clip``: no copy; all in range)
    return distinct, np.add.reduceat(terms, starts), most


#: The entries past which :func:`summed` splits its work over two threads (below, a
#: thread's hand-off costs about what it saves).
_PARALLEL_MIN = 1 << 16


def worker(n: int) -> Any:
    """The one worker thread for work on ``n`` entries (:func:`_pool`), ``None`` below
    :data:`_PARALLEL_MIN` entries or on one core."""
    return _pool() if n >= _PARALLEL_MIN else None


def _pool() -> Any:
    """The one worker thread :func:`summed` hands half its work to, made when first
    needed (again in a forked child: its parent's thread is not there); ``None`` where
    this process may run on one core only."""
    global _POOL
    if _POOL is None or _POOL[0] != os.getpid():
        cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 1
        _POOL = (os.getpid(), ThreadPoolExecutor(1, "rolkit-summed") if cores > 1 else None)
    return _POOL[1]


#: :func:`_pool`'s process id and its pool (``None``: one core), once made.
_POOL: tuple[int, Any] | None = None
