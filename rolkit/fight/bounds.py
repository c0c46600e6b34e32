"""Certified bounds past the exact bound (#27): the turns the fight is likeliest to reach
explored first, the rest counted both ways.

The turns are explored by probability mass (best first: a fight's mass concentrates in
few states), up to a number of turns; every turn left unexplored is cut and its mass kept
apart under :data:`UNEXPLORED`. The explored part is then solved exactly as the whole
chain is (:class:`~rolkit.fight.solve.Absorber`, cycles included), so for every result
``k`` (a side's win, a draw, a combatant's fate) its value ``v_k`` is the exact chance
that ``k`` happens before the fight reaches an unexplored turn, and ``u`` the exact chance
it reaches one. The true chance lies in ``[v_k, v_k + u]``: each fight that reaches the
unknown ends in ``k`` or not. The budget doubles until the widest interval is at most the
width asked for, or the time budget is spent.
"""

from __future__ import annotations

import heapq
import itertools
import time
from fractions import Fraction
from typing import NamedTuple

from rolkit.fight.chain import Chain
from rolkit.fight.result import Key
from rolkit.fight.solve import LENGTH, Absorber, Edges
from rolkit.fight.state import Node

__all__ = ["UNEXPLORED", "Bounds", "explore_by_mass", "bounded", "DEFAULT_WIDTH"]

#: The key under which the solve carries the mass of the fights that reach a turn cut.
UNEXPLORED: Key = ("unexplored",)
#: The width asked for by default: 0.5 percentage points.
DEFAULT_WIDTH = Fraction(1, 200)


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


def explore_by_mass(chain: Chain, budget: int) -> set[Node]:
    """Up to ``budget`` turns, the likeliest first: each turn's mass is the chance (as a
    float, for the order only) the paths explored so far reach it."""
    root = chain.root
    n = len(chain.order)
    mass: dict[Node, float] = {root: 1.0}
    ticket = itertools.count()
    heap = [(-1.0, next(ticket), root)]
    explored: set[Node] = set()
    while heap and len(explored) < budget:
        _neg, _t, node = heapq.heappop(heap)
        if node in explored:
            continue
        explored.add(node)
        if chain.terminal(node.state):
            continue
        den, rows = chain.successors(*node)
        turn = (node.turn + 1) % n
        here = mass[node]
        for succ, w in rows:
            if chain.terminal(succ):
                continue
            child = Node(succ, turn, False)
            if child in explored:
                continue
            mass[child] = mass.get(child, 0.0) + here * w / den
            heapq.heappush(heap, (-mass[child], next(ticket), child))
    return explored


class _CutAbsorber(Absorber):
    """The exact solve over the explored turns; a step to a turn not explored ends there,
    counted under :data:`UNEXPLORED`."""

    def __init__(self, chain: Chain, explored: set[Node]) -> None:
        super().__init__(chain)
        self.explored = explored

    def edges(self, node: Node) -> Edges:
        known = self._edges.get(node)
        if known is None:
            full = super().edges(node)
            ended = dict(full.ended)
            nodes, weights = [], []
            for c, w in zip(full.nodes, full.weights, strict=True):
                if c in self.explored:
                    nodes.append(c)
                    weights.append(w)
                else:
                    ended[UNEXPLORED] = ended.get(UNEXPLORED, 0) + w
            known = Edges(ended, tuple(nodes), tuple(weights), sum(weights))
            self._edges[node] = known
        return known


def bounded(
    chain: Chain,
    width: Fraction = DEFAULT_WIDTH,
    seconds: float = 5.0,
    start: int = 2_000,
) -> Bounds:
    """Bounds on how the fight ends from its start, refined (the explored turns doubled)
    until the interval is at most ``width`` wide or ``seconds`` have passed (the last
    solve is finished: the budget is a target, not a hard stop)."""
    began = time.perf_counter()
    budget = start
    while True:
        explored = explore_by_mass(chain, budget)
        chain.clear_steps()  # the denominator may have grown: steps are scaled anew
        den, values = _CutAbsorber(chain, explored).solve()
        values.pop(LENGTH, None)
        unknown = Fraction(values.pop(UNEXPLORED, 0), den)
        lower = {key: Fraction(v, den) for key, v in values.items()}
        spent = time.perf_counter() - began
        result = Bounds(lower, unknown, len(explored), spent)
        if unknown <= width or spent * 3 > seconds or len(explored) < budget:
            return result
        budget *= 2
