"""Certified bounds past the exact bound (#27): the turns the fight is likeliest to reach
explored first, the rest counted both ways.

The turns are explored by probability mass (best first: a fight's mass concentrates in
few states), up to a number of turns; every turn left unexplored is cut and its mass kept
apart under :data:`UNEXPLORED`. The explored part is then solved exactly as the whole
chain is (:class:`~rolkit.fight.solve.Absorber`, cycles included), so for every result
``k`` (a side's win, a draw, a combatant's fate) its value ``v_k`` is the exact chance
that ``k`` happens before the fight reaches an unexplored turn, and ``u`` the exact chance
it reaches one. The true chance lies in ``[v_k, v_k + u]``: each fight that reaches the
unknown ends in ``k`` or not.

:func:`bounded` refines them (:class:`Refiner`): the explored budget doubles until the
widest interval is at most the width asked for, every turn is explored, or the time budget
is spent. Each doubling goes on from the last one: the exploration resumes where it
stopped (its heap, the masses and the turns' laws kept), and the laws of turns from which
no fight can reach an unexplored turn, exact already, are not solved again.
"""

from __future__ import annotations

import heapq
import itertools
import math
import time
from fractions import Fraction
from typing import NamedTuple

from rolkit.fight.chain import Chain
from rolkit.fight.result import Key, ended_keys, marginals
from rolkit.fight.solve import LENGTH, Absorber, Edges, Law
from rolkit.fight.state import ChainState, Node, StateLaw

__all__ = [
    "UNEXPLORED",
    "Bounds",
    "Explorer",
    "Refiner",
    "explore_by_mass",
    "bounded",
    "DEFAULT_WIDTH",
    "DEFAULT_START",
]

#: The key under which the solve carries the mass of the fights that reach a turn cut.
UNEXPLORED: Key = ("unexplored",)
#: The width asked for by default: 0.5 percentage points.
DEFAULT_WIDTH = Fraction(1, 200)
#: The turns explored before the first solve (then doubled).
DEFAULT_START = 2_000


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


class Explorer:
    """The turns of a chain explored by mass, the likeliest first, resumable: each turn's
    mass is the chance (as a float, for the order and to choose when to solve, never in a
    bound) that the paths explored so far reach it. :attr:`pending`, the mass of the
    turns reached and not explored, estimates the exact unexplored mass the solve finds
    (from below: mass that reaches a turn after it was explored is not pushed on).
    :attr:`steps` keeps each explored turn's law (the solve reads it, not built again)."""

    def __init__(self, chain: Chain) -> None:
        self.chain = chain
        root = chain.root
        self._n = len(chain.order)
        self._mass: dict[Node, float] = {root: 1.0}
        self._ticket = itertools.count(1)
        self._heap: list[tuple[float, int, Node]] = [(-1.0, 0, root)]
        #: the turns explored
        self.explored: set[Node] = set()
        #: each explored turn's law (the turns where the fight is over have none)
        self.steps: dict[Node, StateLaw] = {}
        #: the mass of the turns reached and not explored
        self.pending = 1.0

    @property
    def complete(self) -> bool:
        """Every turn reachable is explored."""
        return not self._heap

    def grow(self, budget: int, deadline: float = math.inf, target: float = 0.0) -> None:
        """Explore until ``budget`` turns are explored, none is left, the clock passes
        ``deadline`` (a turn begun is finished), or :attr:`pending` is at most
        ``target`` (``0``: no target; the float sum may reach it before the end)."""
        chain, heap, mass, explored = self.chain, self._heap, self._mass, self.explored
        while heap and len(explored) < budget and (target <= 0 or self.pending > target):
            # a turn may build laws: look each time (the first turn is always explored)
            if explored and time.perf_counter() > deadline:
                return
            _neg, _t, node = heapq.heappop(heap)
            if node in explored:
                continue
            explored.add(node)
            here = mass.pop(node)
            self.pending -= here
            if chain.terminal(node.state):
                continue
            law = self.steps[node] = chain.successors(*node)
            den, rows = law
            turn = (node.turn + 1) % self._n
            for succ, w in rows:
                if chain.terminal(succ):
                    continue
                child = Node(succ, turn, False)
                if child in explored:
                    continue
                flow = here * w / den
                mass[child] = mass.get(child, 0.0) + flow
                self.pending += flow
                heapq.heappush(heap, (-mass[child], next(self._ticket), child))


def explore_by_mass(chain: Chain, budget: int) -> set[Node]:
    """Up to ``budget`` turns, the likeliest first (:class:`Explorer`)."""
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
            t = (node.turn + 1) % self.n
            den, rows = self.explorer.steps[node]
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
                if child in explored:
                    nodes.append(child)
                    weights.append(w)
                else:
                    ended[UNEXPLORED] = ended.get(UNEXPLORED, 0) + w
            known = Edges(ended, tuple(nodes), tuple(weights), sum(weights))
            self._edges[node] = known
        return known


class Refiner:
    """Bounds refined step by step on one chain: more turns explored (:attr:`explorer`),
    then :meth:`solve` again, keeping what the last solve found (the laws of the turns
    that no longer reach an unexplored one, which are exact)."""

    def __init__(self, chain: Chain) -> None:
        self.chain = chain
        self.explorer = Explorer(chain)
        self._closed: dict[tuple[ChainState, int], Law] = {}
        #: the seconds the last solve took
        self.solve_seconds = 0.0

    def refine(self, turns: int, deadline: float = math.inf) -> Bounds:
        """The bounds once ``turns`` turns are explored (fewer when the clock passes
        ``deadline``, or when fewer are reachable: then the bounds are the exact values)."""
        began = time.perf_counter()
        self.explorer.grow(turns, deadline)
        b = self.solve()
        return b._replace(seconds=time.perf_counter() - began)

    def solve(self) -> Bounds:
        """The bounds of the turns explored so far."""
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
) -> Bounds:
    """Bounds on how the fight ends from its start, refined until the interval is at most
    ``width`` wide, every turn is explored or ``seconds`` have passed.

    The turns are explored (:class:`Explorer`) until the estimated unexplored mass is
    within ``width`` (at most ``start`` turns, a limit doubled at each try), then solved
    exactly (:class:`Refiner`). The estimate runs low (:class:`Explorer`): a solve still
    too wide scales its target down by how low it ran. The exploration pauses at the
    clock, keeping time for the solve that follows (twice the last one; half the budget
    before the first), which is always finished; it goes on while time is left."""
    began = time.perf_counter()
    deadline = began + seconds
    refiner = Refiner(chain)
    explorer = refiner.explorer
    budget, target = start, float(width)
    reserve = seconds / 2
    while True:
        explorer.grow(budget, deadline - reserve, target)
        paused = time.perf_counter() > deadline - reserve  # the clock stopped it
        if explorer.pending > target and not (explorer.complete or paused):
            budget *= 2  # the estimate is still too wide: no solve yet
            continue
        b = refiner.solve()
        reserve = 2 * refiner.solve_seconds
        done = b.unknown <= width or explorer.complete
        if done or time.perf_counter() + reserve >= deadline:
            return b._replace(seconds=time.perf_counter() - began)
        if not paused:  # the estimate said enough, the solve did not: aim lower
            low_by = float(b.unknown) / max(explorer.pending, 1e-300)
            budget = 2 * len(explorer.explored)
            target = min(target / 2, 0.8 * float(width) / low_by)
