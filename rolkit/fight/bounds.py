"""Certified bounds past the exact bound (#27): the turns the fight is likeliest to reach
explored first, the rest counted both ways.

**The exploration** (:class:`Explorer`) pushes probability mass forward from the start,
as floats: each turn reached holds a *residual*, the mass that has arrived there and not
yet gone on. Pushing a turn sends its residual on along its law (built once, the first
time: that is the turn's *exploration*, the costly step) — to the turns it leads to, or,
where the fight ends, into how it ended (its :class:`~rolkit.fight.state.Summary`).
Mass that reaches a turn already pushed is pushed again (cheaply: its law is kept), so
no mass is lost: what has ended plus every residual is the whole — the old order (a heap
by mass, a turn explored once) lost the mass that reached a turn after it, and its
estimate ran far below the truth. The turns are pushed in passes with a threshold
lowered at each pass: a turn not yet explored is when its residual reaches the
threshold, so the turns explored are those the most mass reaches. The mass the explored
turns hold goes on mostly by *settling* (:meth:`Explorer.settle`): every explored turn
pushed at once, step after step, with numpy (no law built), each time the turns explored
have grown by half — so the residuals of the turns not explored, which choose the next
ones, are what the turns explored let through.

**Why the bounds hold.** Whatever order the pushes take, in exact arithmetic the mass a
summary has received is at most the chance that the fight ends so (the fights counted in
it are some of those that end so; the rest wait in residuals). The floats add a rounding
of at most ``u = 2⁻⁵³`` (binary64, round to nearest) to each operation, and every
operand is ≥ 0: so each float received equals the exact value of the same computation
with each operation's result scaled by some ``1 + δ``, ``|δ| ≤ u`` — a sum of products
of non-negative terms, each with at most ``K`` such factors, ``K`` the operations
performed (:attr:`Explorer.flops`, each use of a rounded probability counted as one). So
``float ≤ exact · (1 + u)^K`` and ``exact ≥ float · (1 − K u)`` (Higham, *Accuracy and
Stability of Numerical Algorithms*, §3.1, γ_K). No subnormal enters the arithmetic (a flow
below :data:`FLOOR` is dropped, which only loses mass), so the relative bound holds for
every operation. The lower bound of each summary is that, in Fractions, rounded down; the
unknown mass is one minus their sum (the fights that have not ended, that stand forever,
and the rounding), so each result ``k`` lies in ``[lower_k, lower_k + unknown]``: a
fight counted nowhere ends in ``k`` or not. :meth:`Explorer.bounds` is that certificate;
:attr:`Explorer.pending` (one minus the float sum) is what it will say, up to ``K u``.

**The exact cut solve** (:meth:`Refiner.solve`) is kept for the turns explored: every
turn left unexplored is cut, its mass kept apart under :data:`UNEXPLORED`, and the
explored part solved exactly as the whole chain is (:class:`~rolkit.fight.solve.Absorber`,
cycles included, in Fractions). It finds the least unknown mass those turns allow, but in
Fractions it costs as much as the exploration past a few thousand turns; :func:`bounded`
uses it only when every turn is explored and they are few (then its values are exact).

:func:`bounded` grows the exploration until the unknown mass is at most the width asked
for, every turn is explored, or the time budget is nearly spent; then it pushes what the
explored turns still hold on to their ends (:meth:`Explorer.settle`, no law built) and
certifies.
"""

from __future__ import annotations

import math
import time
from collections import deque
from fractions import Fraction
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:  # numpy loads with the first settle: import rolkit stays light
    import numpy as np

from rolkit.fight.chain import Chain
from rolkit.fight.graph import Cycle
from rolkit.fight.result import Key, ended_keys, marginals
from rolkit.fight.solve import LENGTH, Absorber, Edges, Law
from rolkit.fight.state import ChainState, Node, StateLaw, Summary

__all__ = [
    "UNEXPLORED",
    "Bounds",
    "Explorer",
    "Refiner",
    "explore_by_mass",
    "bounded",
    "DEFAULT_WIDTH",
    "DEFAULT_START",
    "FLOOR",
]

#: The key under which the solve carries the mass of the fights that reach a turn cut.
UNEXPLORED: Key = ("unexplored",)
#: The width asked for by default: 0.5 percentage points.
DEFAULT_WIDTH = Fraction(1, 200)
#: The turns :func:`bounded` explores before it first looks at the clock.
DEFAULT_START = 1
#: A flow of mass below it is dropped (counted unknown): no subnormal float ever enters
#: the arithmetic, so every rounding is relative.
FLOOR = 1e-300
#: A chance below it is dropped from a turn's law as floats (its mass counted unknown).
_LEAST = 1e-40
#: :meth:`Explorer.settle` drops a mass below it: times a chance, never below FLOOR.
_TINY = 1e-250
#: Binary64's unit roundoff (round to nearest).
_U = Fraction(1, 2**53)
#: The lower bounds are rounded down to this grid (short Fractions).
_GRID = 2**64
#: The threshold is divided by it after each pass.
_STEP = 4.0
#: A turn already explored is pushed one by one only at this multiple of the threshold
#: (its mass goes on mostly by settling, all turns at once).
_EXPLORED = 1.0
#: Below this threshold, the last pass explores every turn reached, whatever its mass.
_LAST = 1e-200
#: A pass pushes turns already explored at most this many times per turn explored (a
#: state that every round brings back would otherwise go round for ever).
_LOOPS = 64
#: :meth:`Explorer.settle` stops when the mass held has not fallen over this many steps.
_WINDOW = 256
#: The turns explored at the first settling (:meth:`Explorer.settle` inside a growth)...
_FIRST_SETTLE = 256
#: ... then each time they have grown by this factor (a deterministic schedule, and
#: the settlings' cost a fixed share of the exploration's).
_REGROW = 1.5
#: :func:`bounded` solves exactly when every turn is explored and they are at most these.
EXACT_TURNS = 3_000


class Bounds(NamedTuple):
    """Each result's exact lower value (``lower[key]``), the exact mass of the fights that
    reach an unexplored turn (``unknown``: each upper bound is ``lower + unknown``), the
    turns explored and the seconds spent."""

    lower: dict[Key, Fraction]
    unknown: Fraction
    explored: int
    seconds: float

    def interval(self, key: Key) -> tuple[Fraction, Fraction]:
        low = self.lower.get(key, Fraction(0))
        return low, min(Fraction(1), low + self.unknown)


class _Move(NamedTuple):
    """An explored turn's law as floats: the turns it leads to (their index) with their
    chances, and the summaries it ends in (their index) with theirs."""

    kids: tuple[int, ...]
    chances: tuple[float, ...]
    ends: tuple[tuple[int, float], ...]


class Explorer:
    """The chain's mass pushed forward as floats, the turns the most mass reaches explored
    first (module docstring: why the bounds it certifies hold). Resumable: each call goes
    on from where the last one stopped. :attr:`steps` keeps each explored turn's law (the
    exact cut solve reads it, not built again). Every turn reached is numbered once; the
    pushes work on those numbers (lists, not dictionaries of turns)."""

    def __init__(self, chain: Chain) -> None:
        self.chain = chain
        self._n = len(chain.order)
        #: the turns explored (their law built)
        self.explored: set[Node] = set()
        #: each explored turn's law
        self.steps: dict[Node, StateLaw] = {}
        #: every turn reached, numbered (the arrays of :meth:`settle`), and by number
        self._number: dict[Node, int] = {}
        self._nodes: list[Node] = []
        #: by number: the explored turn's law as floats (``None``: not explored)
        self._moves: list[_Move | None] = []
        self._residual: list[float] = []  # by number: the mass arrived, not gone on
        self._queued = bytearray()  # by number: in the queue
        #: per turn, a step's state → the number of the turn it reaches (:meth:`_reach`)
        self._kids: list[dict[ChainState, int]] = [{} for _ in chain.order]
        #: the turns gone through as passes (their law: the identity)
        self.passed: dict[Node, StateLaw] = {}
        self._edges: tuple[list[int], list[int], list[float]] = ([], [], [])
        self._exits: tuple[list[int], list[int], list[float]] = ([], [], [])
        #: the edges and exits already converted for :meth:`settle` (numpy, loaded there)
        self._numpy: list[tuple[np.ndarray, np.ndarray, np.ndarray] | None] = [None, None]
        #: the turns reached and not explored (their numbers)
        self._frontier: set[int] = set()
        self._summaries: dict[Summary, int] = {}
        self._received: list[float] = []  # per summary, in the order first met
        self._ended = 0.0  # their float sum (the estimate only)
        #: the float operations performed (each use of a rounded chance counted)
        self.flops = 0
        #: the current pass's threshold
        self.threshold = 1.0
        self._queue: deque[int] = deque()
        self._loops = 0  # pushes of explored turns in this pass
        self._reseed = False  # settled: the pass begins again at its threshold
        self._settle_at = _FIRST_SETTLE  # the turns explored at the next settling
        root = chain.root
        if chain.terminal(root.state):
            self._received.append(1.0)
            self._summaries[chain.summary(root.state)] = 0
            self._ended = 1.0
        else:
            self._add(root)
            self._residual[0] = 1.0
            self._enqueue(0)

    # what is known -------------------------------------------------------------------
    @property
    def complete(self) -> bool:
        """Every turn reachable is explored."""
        return not self._frontier

    @property
    def pending(self) -> float:
        """The mass not ended yet, as floats: what :meth:`bounds` will certify as
        unknown, up to the rounding (``flops · 2⁻⁵³``)."""
        return max(0.0, 1.0 - self._ended)

    @property
    def frontier_mass(self) -> float:
        """The mass waiting at turns not explored (no settling brings it to an end)."""
        return sum(self._residual[i] for i in self._frontier)

    def bounds(self, seconds: float = 0.0) -> Bounds:
        """The certified bounds of the mass ended so far (module docstring)."""
        scale = 1 - self.flops * _U
        if scale <= 0:  # never at any feasible size: 2⁵³ operations
            raise OverflowError("too many float operations to bound their rounding")
        lows: dict[Summary, Fraction] = {}
        for summary, i in self._summaries.items():
            low = Fraction(math.floor(Fraction(self._received[i]) * scale * _GRID), _GRID)
            if low:
                lows[summary] = low
        unknown = 1 - sum(lows.values(), Fraction(0))
        return Bounds(marginals(lows, {}), unknown, len(self.explored), seconds)

    # pushing -------------------------------------------------------------------------
    def grow(self, budget: float, deadline: float = math.inf, target: float = 0.0) -> None:
        """Push and explore until ``budget`` turns are explored, every turn reachable is,
        the clock passes ``deadline`` (a push begun is finished) or :attr:`pending` is at
        most ``target`` (``0``: no target)."""
        queue, moves, residual, queued = self._queue, self._moves, self._residual, self._queued
        clock = deadline < math.inf
        while self._frontier and len(self.explored) < budget:
            if target > 0 and self._ended >= 1.0 - target:
                return
            if len(self.explored) >= self._settle_at:  # the explored turns' mass pushed on
                self.settle(deadline, target, self.threshold * _EXPLORED / 64)
                self._settle_at = int(len(self.explored) * _REGROW)
                continue
            if not queue:
                self._next_pass(self._reseed)
                continue
            if clock and time.perf_counter() > deadline:
                return
            i = queue.popleft()
            queued[i] = 0
            move = moves[i]
            if move is None:
                move = self._explore(i)
            elif self._loops > _LOOPS * len(self.explored):
                continue  # a state brought back for ever: left for the next pass
            else:
                self._loops += 1
            here = residual[i]
            residual[i] = 0.0
            self._push(here, move)

    def settle(self, deadline: float = math.inf, target: float = 0.0, least: float = 1e-12) -> None:
        """Push the mass the explored turns hold on to its ends, or to the turns not
        explored (no law built), all turns at once with numpy, until what they hold is at
        most ``least``, the clock passes ``deadline`` or :attr:`pending` is at most
        ``target``. The same arithmetic as :meth:`_push` (the module docstring's argument
        holds): a product, a sum (``numpy.bincount`` adds one weight at a time) and an
        addition per edge, all counted in :attr:`flops`; a mass below :data:`_TINY` is
        dropped first, so no product falls below :data:`FLOOR`."""
        import numpy as np

        size = len(self._nodes)
        explored = np.array([m is not None for m in self._moves], dtype=bool)
        mass = np.array(self._residual, dtype=np.float64)
        rows, cols, chances = self._arrays(self._edges, 0)
        erows, ecols, echances = self._arrays(self._exits, 1)
        received = np.array(self._received)
        count = len(received)
        cost = 3 * (len(rows) + len(erows)) + size + count
        clock = deadline < math.inf
        checked, step = math.inf, 0
        while True:
            held = np.where(explored, mass, 0.0)
            held[held < _TINY] = 0.0
            total = float(held.sum())
            if total <= least or (target > 0 and float(received.sum()) >= 1.0 - target):
                break
            if clock and time.perf_counter() > deadline:
                break
            step += 1
            if step % _WINDOW == 0:  # what no longer falls stands (nearly) for ever
                if total > checked * (1 - 1e-6):
                    break
                checked = total
            mass[explored] = 0.0
            mass += np.bincount(cols, held[rows] * chances, minlength=size)
            received += np.bincount(ecols, held[erows] * echances, minlength=count)
            self.flops += cost
        # the masses back into the explorer, which goes on from them
        self._received = received.tolist()
        self._ended = float(received.sum())
        self._residual[:] = mass.tolist()
        self._queue.clear()
        self._queued[:] = bytes(size)
        self._reseed = True  # the pass begins again at its threshold (queue cleared)

    def _arrays(
        self, lists: tuple[list[int], list[int], list[float]], which: int
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The edges (``which`` 0) or the exits (1) as numpy arrays, those added since
        the last call converted and appended."""
        import numpy as np

        done = self._numpy[which]
        if done is None:
            done = (np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64), np.zeros(0))
        have = len(done[0])
        if have < len(lists[0]):
            done = self._numpy[which] = (
                np.concatenate((done[0], np.array(lists[0][have:], dtype=np.int64))),
                np.concatenate((done[1], np.array(lists[1][have:], dtype=np.int64))),
                np.concatenate((done[2], np.array(lists[2][have:], dtype=np.float64))),
            )
        self._numpy[which] = done
        return done

    def _next_pass(self, again: bool = False) -> None:
        """Lower the threshold (``again``: keep it) and queue every turn whose residual
        reaches it."""
        if not again:
            self.threshold = 0.0 if self.threshold < _LAST else self.threshold / _STEP
        self._reseed = False
        self._loops = 0
        limit, moves = self.threshold, self._moves
        again_limit = limit * _EXPLORED
        for i, mass in enumerate(self._residual):
            if mass > 0 and mass >= (again_limit if moves[i] is not None else limit):
                self._enqueue(i)
        if limit == 0:  # the last pass: reached with less than the floor
            for i in sorted(self._frontier):
                self._enqueue(i)

    def _enqueue(self, i: int) -> None:
        if not self._queued[i]:
            self._queued[i] = 1
            self._queue.append(i)

    def _add(self, node: Node) -> int:
        """Number a turn reached for the first time (it joins the frontier)."""
        i = self._number[node] = len(self._nodes)
        self._nodes.append(node)
        self._moves.append(None)
        self._residual.append(0.0)
        self._queued.append(0)
        self._frontier.add(i)  # reached: explored at the latest by the last pass
        return i

    def _explore(self, me: int) -> _Move:
        """Build turn ``me``'s law (once) as a :class:`_Move`. A chance is ``w / den`` of
        two ints, correctly rounded: one rounding; one below :data:`_LEAST` is dropped
        (its mass counted unknown), so no product underflows."""
        node = self._nodes[me]
        law = self.steps[node] = self.chain.successors(*node)
        den, rows = law
        turn = (node.turn + 1) % self._n
        kids: list[int] = []
        odds: list[float] = []
        ends: dict[int, int] = {}
        kid = self._kids[turn]  # found by the interned state itself: no comparison
        for succ, w in rows:  # each state once (a law's rows are merged)
            at = kid.get(succ)
            if at is None:
                at = self._reach(succ, turn)
            if at < 0:  # the fight ends: the summary's index, as -1 - i
                i = -1 - at
                ends[i] = ends.get(i, 0) + w
                continue
            p = w / den
            if p >= _LEAST:
                kids.append(at)
                odds.append(p)
        src, dst, chances = self._edges
        src.extend([me] * len(kids))
        dst.extend(kids)
        chances.extend(odds)
        out: list[tuple[int, float]] = []
        erows, ecols, echances = self._exits
        for i, w in ends.items():
            p = w / den
            if p >= _LEAST:
                out.append((i, p))
                erows.append(me)
                ecols.append(i)
                echances.append(p)
        move = self._moves[me] = _Move(tuple(kids), tuple(odds), tuple(out))
        self.explored.add(node)
        self._frontier.discard(me)
        return move

    def _reach(self, state: ChainState, turn: int) -> int:
        """The number of the turn a step to ``state`` before turn ``turn`` reaches (``-1 -
        i``: the fight ends in summary ``i``), memoised. The turns that pass — their actor
        cannot act and nothing changes, :meth:`Chain.passes` — are gone through at once:
        their law (``state`` with weight 1, exact) is kept in :attr:`passed` and they take
        no part in the pushes (the mass flows through them whole, no rounding)."""
        chain, kids = self.chain, self._kids
        if chain.terminal(state):
            summary = chain.summary(state)
            i = self._summaries.get(summary)
            if i is None:
                i = self._summaries[summary] = len(self._received)
                self._received.append(0.0)
            kids[turn][state] = -1 - i
            return -1 - i
        through: list[tuple[ChainState, int]] = []
        for _ in range(self._n - 1):  # some actor can act: not every turn passes
            if not chain.passes(state, turn):
                break
            self.passed[Node(state, turn, False)] = StateLaw(1, [(state, 1)])
            through.append((state, turn))
            turn = (turn + 1) % self._n
        at = kids[turn].get(state)
        if at is None:
            child = Node(state, turn, False)
            at = self._number.get(child)
            if at is None:
                at = self._add(child)
            kids[turn][state] = at
        for passed, t in through:
            kids[t][passed] = at
        return at

    def _push(self, here: float, move: _Move) -> None:
        """Send a turn's residual ``here`` on along its law; a turn it reaches is queued
        when its residual reaches the pass's threshold (a fraction of it, explored)."""
        residual, queued, queue = self._residual, self._queued, self._queue
        limit = self.threshold
        if _EXPLORED == 1.0:  # the same threshold for every turn
            for child, p in zip(move.kids, move.chances, strict=True):
                flow = here * p
                if flow < FLOOR:
                    continue
                mass = residual[child] + flow
                residual[child] = mass
                if mass >= limit and not queued[child]:
                    queued[child] = 1
                    queue.append(child)
        else:
            again, moves = limit * _EXPLORED, self._moves
            for child, p in zip(move.kids, move.chances, strict=True):
                flow = here * p
                if flow < FLOOR:
                    continue
                mass = residual[child] + flow
                residual[child] = mass
                if mass >= (again if moves[child] is not None else limit) and not queued[child]:
                    queued[child] = 1
                    queue.append(child)
        received = self._received
        for i, p in move.ends:
            flow = here * p
            if flow >= FLOOR:
                received[i] += flow
                self._ended += flow
        self.flops += 3 * (len(move.kids) + len(move.ends))


def explore_by_mass(chain: Chain, budget: int) -> set[Node]:
    """Up to ``budget`` turns, those the most mass reaches first (:class:`Explorer`)."""
    explorer = Explorer(chain)
    explorer.grow(budget)
    return explorer.explored


class _CutAbsorber(Absorber):
    """The exact solve over the explored turns (their laws as :class:`Explorer` built
    them, over the chain's denominator now); a step to a turn not explored ends there,
    counted under :data:`UNEXPLORED`; ``closed``: turns already solved exactly."""

    def __init__(
        self, chain: Chain, explorer: Explorer, closed: dict[tuple[ChainState, int], Law]
    ) -> None:
        super().__init__(chain)
        self.explorer = explorer
        self.memo.update(closed)

    def edges(self, node: Node) -> Edges:
        known = self._edges.get(node)
        if known is None:
            chain, explored = self.chain, self.explorer.explored
            passed = self.explorer.passed
            t = (node.turn + 1) % self.n
            den, rows = self.explorer.steps.get(node) or self.explorer.passed[node]
            scale = self.big // den
            ended: dict[Key, int] = {}
            nodes: list[Node] = []
            weights: list[int] = []
            for succ, w in rows:
                w *= scale
                if chain.terminal(succ):
                    for key in ended_keys(chain.summary(succ)):
                        ended[key] = ended.get(key, 0) + w
                    continue
                child = self.node(succ, t)
                if child in explored or child in passed:
                    nodes.append(child)
                    weights.append(w)
                else:
                    ended[UNEXPLORED] = ended.get(UNEXPLORED, 0) + w
            known = Edges(ended, tuple(nodes), tuple(weights), sum(weights))
            self._edges[node] = known
        return known


class Refiner:
    """Bounds refined step by step on one chain: more turns explored (:attr:`explorer`),
    then :meth:`solve` (exact, over the turns explored) or :meth:`certify` (the floats'
    certificate) again, keeping what the last solve found (the laws of the turns that no
    longer reach an unexplored one, which are exact)."""

    def __init__(self, chain: Chain) -> None:
        self.chain = chain
        self.explorer = Explorer(chain)
        self._closed: dict[tuple[ChainState, int], Law] = {}
        #: the seconds the last solve took
        self.solve_seconds = 0.0

    def refine(self, turns: int, deadline: float = math.inf) -> Bounds:
        """The exact bounds once ``turns`` turns are explored (fewer when the clock passes
        ``deadline``, or when fewer are reachable: then the bounds are the exact values)."""
        began = time.perf_counter()
        self.explorer.grow(turns, deadline)
        b = self.solve()
        return b._replace(seconds=time.perf_counter() - began)

    def certify(self) -> Bounds:
        """The floats' certified bounds (:meth:`Explorer.bounds`), at no cost."""
        return self.explorer.bounds()

    def solve(self) -> Bounds:
        """The exact bounds of the turns explored so far: the least unknown mass they
        allow (what the pushes would reach, pushed for ever), in Fractions."""
        began = time.perf_counter()
        chain = self.chain
        if chain.terminal(chain.start):
            over = marginals({chain.summary(chain.start): Fraction(1)}, {})
            return Bounds(over, Fraction(0), 1, 0.0)
        absorber = _CutAbsorber(chain, self.explorer, self._closed)
        den, values = absorber.solve()
        for key, law in absorber.memo.items():
            if not law.values.get(UNEXPLORED):
                self._closed[key] = law
        values = dict(values)
        values.pop(LENGTH, None)
        unknown = Fraction(values.pop(UNEXPLORED, 0), den)
        lower = {key: Fraction(v, den) for key, v in values.items() if v}
        self.solve_seconds = time.perf_counter() - began
        return Bounds(lower, unknown, len(self.explorer.explored), self.solve_seconds)


def bounded(
    chain: Chain,
    width: Fraction = DEFAULT_WIDTH,
    seconds: float = 5.0,
    start: int = DEFAULT_START,
    hopeless: Fraction | None = None,
) -> Bounds:
    """Certified bounds on how the fight ends from its start, narrowed until they are at
    most ``width`` wide, every turn is explored or ``seconds`` have passed.

    The mass is pushed and the turns explored (:class:`Explorer`, the first ``start``
    before the clock is looked at) until the mass not ended is at most ``width`` or a
    tenth of the budget is left; then the mass the explored turns still hold is pushed to
    its ends (:meth:`Explorer.settle`) and certified. Every turn explored, and few
    (:data:`EXACT_TURNS`): the exact solve, whose values are exact. ``hopeless``: give up
    early (the bounds so far, certified) once the rate at which the unknown mass has
    been falling, kept up to the deadline, would still leave it above ``hopeless`` (its
    fall slows as the fights left grow rarer, so the rate kept is a generous guess)."""
    began = time.perf_counter()
    deadline = began + seconds
    refiner = Refiner(chain)
    explorer = refiner.explorer
    goal = float(width) * (1 - 1e-4)  # room for the rounding (K·2⁻⁵³, K < 10¹⁰)
    explorer.grow(start)
    history: list[tuple[float, float]] = [(0.0, explorer.pending)]
    stop = deadline - seconds / 10
    while not explorer.complete and explorer.pending > goal:
        now = time.perf_counter()
        if now > stop or _hopeless(history, now - began, seconds, hopeless):
            break
        explorer.grow(math.inf, min(stop, now + seconds / 20), goal)
        history.append((time.perf_counter() - began, explorer.pending))
    b = None
    if explorer.complete and len(explorer.explored) <= EXACT_TURNS:
        try:
            b = refiner.solve()
        except Cycle:  # round starts the rounds never leave: the floats still bound them
            b = None
    if b is None:
        # what the explored turns still hold, pushed on to a thousandth of the width
        explorer.settle(deadline, goal, float(width) / 1000)
        b = explorer.bounds()
    return b._replace(seconds=time.perf_counter() - began)


def _hopeless(
    history: list[tuple[float, float]], elapsed: float, seconds: float, hopeless: Fraction | None
) -> bool:
    """Whether the unknown mass, falling at the rate of the last half of the time spent
    (at least a quarter of the budget spent), would still be above ``hopeless`` at the
    deadline."""
    if hopeless is None or elapsed < seconds / 4 or len(history) < 3:
        return False
    now, left = history[-1]
    then, before = next(h for h in history if h[0] >= now / 2)
    if now <= then:
        return False
    rate = (before - left) / (now - then)
    return left - rate * (seconds - elapsed) > float(hopeless)
