"""An exact Markov decision process: the largest chance of reaching a goal, with exact
Fractions, by policy iteration in strongly connected groups, children first.

Each node has one or more options (a chance node: one); an option is an
:class:`Option`: the chance it reaches the goal at once (``win``), the chance it ends the
process at once (``ends``: goal or not) and the nodes it goes to with their chances. The
value of a node is the largest, over the ways to choose at every node, of the chance to
reach the goal; the ways of the process that never end never reach it.

The groups of nodes that can come back to each other (:func:`rolkit.fight.graph.components`,
children first) are solved one at a time, every group they lead to already solved: a
group of one node without a loop is a maximum of sums; a larger group is solved by policy
iteration — each policy evaluated exactly (its linear system, by exact Gauss–Jordan; the
nodes that can never leave the group under it stand forever: 0), then each node switched
to an option strictly better under those values, until none is. Strict switching keeps
each policy's values at least the previous one's, and stops at the optimum (Howard's
policy iteration for maximal reachability).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import NamedTuple

from rolkit.fight.graph import components
from rolkit.fight.linear import gauss_jordan

__all__ = ["Option", "Stopped", "solve", "option_value"]

_ZERO = Fraction(0)


class Stopped(Exception):
    """The caller asked the solve to stop."""


class Option(NamedTuple):
    """One option at a node: the chance it reaches the goal at once, the chance it ends at
    once (reaching the goal or not), and ``(node, chance)`` of the nodes it goes to."""

    win: Fraction
    ends: Fraction
    kids: tuple[tuple[int, Fraction], ...]


def option_value(option: Option, value: Callable[[int], Fraction]) -> Fraction:
    """The option's chance to reach the goal, each node it goes to worth ``value(node)``."""
    return option.win + sum((p * value(j) for j, p in option.kids), _ZERO)


def solve(
    options: Sequence[Sequence[Option]],
    root: int = 0,
    first: Sequence[int] | None = None,
    stop: Callable[[], bool] | None = None,
) -> tuple[list[Fraction | None], list[int]]:
    """The value of every node reachable from ``root`` and the option chosen at each
    (the first of the best); ``first[i]``: the option to start from at node ``i`` (policy
    iteration's first policy; default the first option). ``stop``: polled between
    groups; ``True`` raises :class:`Stopped`."""
    n = len(options)
    value: list[Fraction | None] = [None] * n
    chosen = [0] * n if first is None else list(first)
    kids = [sorted({j for o in opts for j, _p in o.kids}) for opts in options]

    def known(j: int) -> Fraction:
        v = value[j]
        assert v is not None, "a group solved before a group it leads to"
        return v

    for k, group in enumerate(components(root, kids.__getitem__, lambda j: value[j] is not None)):
        if stop is not None and k % 64 == 0 and stop():
            raise Stopped()
        if len(group) == 1 and group[0] not in kids[group[0]]:
            i = group[0]
            values = [option_value(o, known) for o in options[i]]
            best = max(values)
            chosen[i] = values.index(best)
            value[i] = best
            continue
        solved = _policy_iteration(options, group, chosen, known)
        for i, v in solved.items():
            value[i] = v
    return value, chosen


def _policy_iteration(
    options: Sequence[Sequence[Option]],
    group: list[int],
    chosen: list[int],
    outside: Callable[[int], Fraction],
) -> dict[int, Fraction]:
    """The values of one group (``chosen`` updated in place), every node out of it known."""
    members = set(group)
    while True:
        x = _evaluate(options, group, members, chosen, outside)

        def worth(j: int, x: dict[int, Fraction] = x) -> Fraction:
            return x[j] if j in members else outside(j)

        changed = False
        for i in group:
            values = [option_value(o, worth) for o in options[i]]
            best = max(values)
            if best > values[chosen[i]]:
                chosen[i] = values.index(best)
                changed = True
        if not changed:
            return x


def _evaluate(
    options: Sequence[Sequence[Option]],
    group: list[int],
    members: set[int],
    chosen: Sequence[int],
    outside: Callable[[int], Fraction],
) -> dict[int, Fraction]:
    """The exact values of the group's nodes under the options ``chosen``: the nodes that
    can leave the group (end, or go out of it) solve a linear system; the others stay in
    it forever (value 0)."""
    picked = {i: options[i][chosen[i]] for i in group}
    into: dict[int, list[int]] = {i: [] for i in group}
    leaving = []
    for i, o in picked.items():
        if o.ends or any(j not in members for j, _p in o.kids):
            leaving.append(i)
        for j, _p in o.kids:
            if j in members:
                into[j].append(i)
    live = set(leaving)
    stack = list(leaving)
    while stack:
        for i in into[stack.pop()]:
            if i not in live:
                live.add(i)
                stack.append(i)
    out = {i: _ZERO for i in group if i not in live}
    rows = [i for i in group if i in live]
    at = {i: k for k, i in enumerate(rows)}
    matrix: list[list[Fraction]] = []
    rhs: list[dict[int, Fraction]] = []
    for i in rows:
        line = [_ZERO] * len(rows)
        line[at[i]] += 1
        const = picked[i].win
        for j, p in picked[i].kids:
            if j in at:
                line[at[j]] -= p
            elif j not in members:
                const += p * outside(j)
        matrix.append(line)
        rhs.append({0: const})
    solution = gauss_jordan(matrix, rhs)
    if solution is None:  # cannot happen: every row reaches a way out
        raise ArithmeticError("a policy's system with no way out")
    for i, sol in zip(rows, solution, strict=True):
        out[i] = sol.get(0, _ZERO)
    return out
