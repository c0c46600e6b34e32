"""The exact solve to the end: how the fight ends from each turn reachable, as marginals,
children first (:class:`Absorber`).

Each turn's value is its outcomes' (ended: their marginals; else the next turn's value).
The turns are taken in strongly connected groups, children first (Tarjan's order). A
group is one turn, or the turns that can come back to a round's start state ``v`` (turn
0): a whole round that changes nothing, or rules between attacks that set counters "this
turn" back at its end. In a group, every turn is a law plus ``α`` times ``V(v, 0)`` (kept
under :data:`SELF`), solved children first with the way back to ``v`` cut; then
``V(v, 0) = c / (1 − α)``: the geometric series of the rounds that bring ``v`` back, in
integers over one denominator per state. A state every round brings back stands forever
(:func:`~rolkit.fight.result.going_keys`). A group with several round starts (a way back
to an earlier round's state: a counter that runs out, a condition that ends) is solved as
their linear system (:meth:`Absorber.solve_many`); only a singular one (round starts the
rounds never leave) raises :class:`~rolkit.fight.graph.Cycle`.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from fractions import Fraction
from typing import Any, NamedTuple

from rolkit.fight.chain import Chain
from rolkit.fight.graph import Cycle, children_first, components
from rolkit.fight.linear import solve_integer
from rolkit.fight.result import Key, ended_keys, going_keys, marginals
from rolkit.fight.state import ChainState, Node

__all__ = ["Law", "Absorber", "to_the_end", "LENGTH", "SELF"]

#: The key under which an absorption law carries the mean number of rounds left.
LENGTH: Key = ("mean rounds left",)
#: The key under which a turn's law carries its weight on its round's start state.
SELF: Key = ("back to the round's start",)

_NONE: Mapping[Any, Any] = {}


class Law(NamedTuple):
    """Marginals in integers: each value is ``values[key] / den``."""

    den: int
    values: dict[Key, int]


class Edges(NamedTuple):
    """A turn's successors for the solve: the marginals of those where the fight ends
    (weighted), the turns it goes on to with their weights, and their total weight."""

    ended: dict[Key, int]
    nodes: tuple[Node, ...]
    weights: tuple[int, ...]
    weight_going: int


def combine(terms: list[tuple[int, Law]], extra: dict[Key, int], scale: int) -> Law:
    """``(extra + Σ w · law) / scale`` over one denominator (the lcm of the laws')."""
    m = math.lcm(*(law[0] for _w, law in terms)) if terms else 1
    out = {key: n * m for key, n in extra.items()}
    for w, (d, values) in terms:
        factor = w * (m // d)
        for key, n in values.items():
            out[key] = out.get(key, 0) + n * factor
    return Law(scale * m, out)


def reduced(law: Law) -> Law:
    """``law`` over the smallest denominator."""
    den, values = law
    g = den
    for n in values.values():
        g = math.gcd(g, n)
        if g == 1:
            return law
    return Law(den // g, {key: n // g for key, n in values.items()})


class Absorber:
    """Solves, children first, the law of every turn reachable from the chain's root as
    marginals (:func:`~rolkit.fight.result.ended_keys`), plus :data:`LENGTH`: the mean
    number of round ends still to cross. Call after :meth:`Chain.explore`."""

    def __init__(self, chain: Chain) -> None:
        self.chain = chain
        self.n = len(chain.order)
        self.big = chain.denominator
        self.root = chain.root
        #: the law of each (state, turn) solved (a turn already begun is not kept)
        self.memo: dict[tuple[ChainState, int], Law] = {}
        self.start_law: Law | None = None
        self._edges: dict[Node, Edges] = {}
        self._nodes: dict[tuple[ChainState, int, bool], Node] = {}

    def solve(self) -> Law:
        """The root's law."""
        for group in components(self.root, self.kids, self.solved):
            self.solve_group(group)
        assert self.start_law is not None
        return self.start_law

    # the graph -----------------------------------------------------------------------
    def edges(self, node: Node) -> Edges:
        """``node``'s successors, memoised."""
        known = self._edges.get(node)
        if known is None:
            chain, t = self.chain, (node.turn + 1) % self.n
            ended: dict[Key, int] = {}
            nodes: list[Node] = []
            weights: list[int] = []
            steps = chain.step_weights(*node)
            for succ, w, ends in zip(steps.states, steps.weights, steps.ends, strict=True):
                if ends:
                    for key in ended_keys(chain.summary(succ)):
                        ended[key] = ended.get(key, 0) + w
                else:
                    nodes.append(self.node(succ, t))
                    weights.append(w)
            known = Edges(ended, tuple(nodes), tuple(weights), sum(weights))
            self._edges[node] = known
        return known

    def node(self, state: ChainState, turn: int) -> Node:
        """The one :class:`Node` of a turn not yet begun (each built once)."""
        known = self._nodes.get((state, turn, False))
        if known is None:
            known = Node(state, turn, False)
            self._nodes[known] = known
        return known

    def kids(self, node: Node) -> list[Node]:
        """The turns ``node`` leads to while the fight goes on."""
        return list(dict.fromkeys(self.edges(node).nodes))

    def solved(self, node: Node) -> bool:
        return (node.state, node.turn) in self.memo

    # one turn's law ------------------------------------------------------------------
    def value(
        self, node: Node, local: Mapping[Node, Law] = _NONE, selves: Mapping[Node, Key] = _NONE
    ) -> Law:
        """``node``'s law over its successors' laws (``local`` first, then :attr:`memo`);
        a successor in ``selves`` (a round start being solved) is kept as an unknown under
        its key (:data:`SELF`, or ``(SELF, j)`` for the j-th of several)."""
        ended, nodes, weights, weight_going = self.edges(node)
        extra = dict(ended)
        terms: list[tuple[int, Law]] = []
        for c, w in zip(nodes, weights, strict=True):
            unknown = selves.get(c)
            if unknown is not None:
                extra[unknown] = extra.get(unknown, 0) + w
            else:
                known = local.get(c)
                terms.append((w, known if known is not None else self.memo[(c.state, c.turn)]))
        if node.turn == self.n - 1:  # every fight still going crosses the round's end
            extra[LENGTH] = weight_going
        return combine(terms, extra, self.big)

    def store(self, node: Node, law: Law) -> None:
        if node == self.root and self.start_law is None:
            self.start_law = law
        if not node.begun:
            self.memo[(node.state, node.turn)] = law

    # a group -------------------------------------------------------------------------
    def solve_group(self, group: list[Node]) -> None:
        """Solve one strongly connected group (every group it leads to is solved)."""
        if len(group) == 1 and group[0] not in self.kids(group[0]):
            law = self.value(group[0])
            # reduce a round's start only: the turns inside a round keep the round's
            # natural denominators, so their lcm stays small where they meet
            self.store(group[0], reduced(law) if group[0].turn == 0 else law)
            return
        pivots = [g for g in group if g.turn == 0 and not g.begun]
        if len(pivots) > 1:
            self.solve_many(group, pivots)
        elif len(pivots) == 1:
            self.solve_pivot(group, pivots[0])
        else:
            raise Cycle()

    def solve_pivot(self, group: list[Node], pivot: Node) -> None:
        """A group with one round start: the geometric series of the rounds back to it."""
        # children first, the way back to the pivot cut (what is left has no cycle)
        order = children_first([pivot], self.kids, set(group), {pivot})
        local: dict[Node, Law] = {}
        for node in order:
            local[node] = self.value(node, local, {pivot: SELF})
        den, values = local[pivot]
        back = values.pop(SELF, 0)
        if back == den:  # every round brings the pivot back: it stands forever
            fates = self.chain.summary(pivot.state).fates
            x = Law(1, {**dict.fromkeys(going_keys(fates), 1), LENGTH: 0})
        else:
            x = reduced(Law(den - back, values))
        # the group's turns again, children first, now that the pivot's value is known
        # (``big · lcm`` of their children's denominators, which share their factors)
        self.store(pivot, x)
        for node in order[:-1]:
            self.store(node, self.value(node))

    def solve_many(self, group: list[Node], pivots: list[Node]) -> None:
        """A group with several round starts (a state that comes back after two rounds or
        more): every turn is a law plus ``Σ a_j · V(p_j, 0)`` over the round starts ``p_j``
        (kept under ``(SELF, j)``), solved children first with every way back to a round
        start cut; then the round starts' own linear system ``d_i V_i − Σ a_ij V_j = c_i``,
        by exact Gaussian elimination. A singular system (a set of round starts the
        rounds never leave) is not solved: :class:`~rolkit.fight.graph.Cycle`."""
        cut, members = set(pivots), set(group)
        first = [c for p in pivots for c in self.kids(p) if c in members and c not in cut]
        order = children_first(first, self.kids, members, cut)  # the other turns
        unknowns = {p: (SELF, j) for j, p in enumerate(pivots)}
        local: dict[Node, Law] = {}
        for node in order:
            local[node] = self.value(node, local, unknowns)
        solution = solve_integer(*self._pivot_system(pivots, local, unknowns))
        if solution is None:
            raise Cycle()
        for p, (den, values) in zip(pivots, solution, strict=True):
            self.store(p, reduced(Law(den, {key: n for key, n in values.items() if n})))
        for node in order:
            self.store(node, self.value(node))

    def _pivot_system(
        self, pivots: list[Node], local: Mapping[Node, Law], unknowns: Mapping[Node, Key]
    ) -> tuple[list[list[int]], list[dict[Key, int]]]:
        """The round starts' linear system, in integers: one row of coefficients and one
        right-hand side of marginals per round start."""
        k = len(pivots)
        matrix: list[list[int]] = []
        rhs: list[dict[Key, int]] = []
        for i, p in enumerate(pivots):
            den, values = self.value(p, local, unknowns)
            line = [0] * k
            line[i] += den
            const: dict[Key, int] = {}
            for key, num in values.items():
                if isinstance(key, tuple) and len(key) == 2 and key[0] == SELF:
                    line[key[1]] -= num
                else:
                    const[key] = num
            matrix.append(line)
            rhs.append(const)
        return matrix, rhs


def to_the_end(chain: Chain) -> dict[Key, Fraction]:
    """How the fight ends from its start (state and turn), as marginals; :data:`LENGTH`
    holds the exact mean number of rounds (the current one included)."""
    if chain.terminal(chain.start):
        law = marginals({chain.summary(chain.start): Fraction(1)}, {})
        law[LENGTH] = Fraction(0)
        return law
    den, values = Absorber(chain).solve()
    out = {key: Fraction(n, den) for key, n in values.items()}
    out[LENGTH] = out.get(LENGTH, Fraction(0)) + 1
    return out
