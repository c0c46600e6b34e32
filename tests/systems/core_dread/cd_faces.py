"""Test helper: run a Core Dread procedure on every d10 face sequence it can draw.

Faces that no roll of the case can tell apart (the same side of every attribute in
``thresholds``: a face hits at ``a`` iff ``1 <= face <= a``) are run once, with their
multiplicity, so the enumeration stays exact and small.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable
from fractions import Fraction
from typing import Any


class NeedFace(Exception):
    """The scripted prefix ran out: the enumeration branches on the next face."""


class PrefixDice:
    """A random source that plays a fixed prefix of faces, then asks for more."""

    def __init__(self, prefix: list[int]):
        self.prefix, self.used = prefix, 0

    def randint(self, a: int, b: int) -> int:
        assert (a, b) == (1, 10)
        if self.used == len(self.prefix):
            raise NeedFace
        self.used += 1
        return self.prefix[self.used - 1]


def face_classes(thresholds: set[int]) -> list[tuple[int, int]]:
    """``(representative face, how many faces)`` of 1..10 split at every threshold."""
    cuts = sorted({t for t in thresholds if 1 <= t <= 9}) + [10]
    out, low = [], 1
    for cut in cuts:
        out.append((cut, cut - low + 1))
        low = cut + 1
    return out


def enumerate_law(
    run: Callable[[PrefixDice], Any],
    key: Callable[[Any], Hashable],
    thresholds: set[int],
    attributes: Callable[[Any], list[int]] = lambda r: [],
) -> dict[Hashable, Fraction]:
    """The exact law of ``key(run(dice))`` over every face sequence ``run`` can draw.

    ``attributes(result)`` lists the attributes its rolls compared faces with; each must be
    in ``thresholds`` (or 0), else the lumping of faces would not be exact.
    """
    classes = face_classes(thresholds)
    out: Counter = Counter()
    stack: list[tuple[list[int], int]] = [([], 1)]
    while stack:
        prefix, weight = stack.pop()
        dice = PrefixDice(prefix)
        try:
            result = run(dice)
        except NeedFace:
            stack.extend((prefix + [face], weight * n) for face, n in classes)
            continue
        assert dice.used == len(prefix)
        for a in attributes(result):
            assert a in thresholds | {0}, a
        out[key(result)] += Fraction(weight, 10 ** len(prefix))
    return dict(out)
