"""Graph walks the exact solve needs, without recursion: strongly connected groups in
Tarjan's order (children first) and a children-first order inside a group."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator, Sequence
from typing import TypeVar

__all__ = ["Cycle", "components", "children_first"]

N = TypeVar("N", bound=Hashable)


class Cycle(Exception):
    """The chain can return to an earlier round's state (not only to the same one), in a
    way the solve does not handle: not solved exactly."""


def components(
    root: N, children: Callable[[N], Sequence[N]], done: Callable[[N], bool]
) -> Iterator[list[N]]:
    """The strongly connected groups reachable from ``root``, each yielded after every
    group it leads to (Tarjan's order); a child ``done`` (solved already) is not entered.
    The caller solves each group before asking for the next."""
    index: dict[N, int] = {root: 0}
    low: dict[N, int] = {root: 0}
    on_stack: set[N] = {root}
    pending: list[N] = [root]
    frames: list[tuple[N, Sequence[N], list[int]]] = [(root, children(root), [0])]
    while frames:
        node, kids, at = frames[-1]
        if at[0] < len(kids):
            c = kids[at[0]]
            at[0] += 1
            if done(c):
                continue
            if c not in index:
                index[c] = low[c] = len(index)
                on_stack.add(c)
                pending.append(c)
                frames.append((c, children(c), [0]))
            elif c in on_stack:
                low[node] = min(low[node], index[c])
            continue
        frames.pop()
        if frames:
            parent = frames[-1][0]
            low[parent] = min(low[parent], low[node])
        if low[node] == index[node]:
            group = []
            while True:
                member = pending.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            yield group


def children_first(
    roots: Sequence[N], children: Callable[[N], Sequence[N]], members: set[N], cut: set[N]
) -> list[N]:
    """The ``members`` reachable from ``roots``, each after its successors, never going
    into ``cut``; a cycle left once they are cut raises :class:`Cycle`."""
    order: list[N] = []
    seen: set[N] = set()
    on_path: set[N] = set()
    for root in roots:
        if root in seen:
            continue
        seen.add(root)
        stack: list[tuple[N, bool]] = [(root, False)]
        while stack:
            node, expanded = stack.pop()
            if expanded:
                on_path.discard(node)
                order.append(node)
                continue
            on_path.add(node)
            stack.append((node, True))
            for c in children(node):
                if c in members and c not in cut:
                    if c in on_path:
                        raise Cycle()
                    if c not in seen:
                        seen.add(c)
                        stack.append((c, False))
    return order
