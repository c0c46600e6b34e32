"""The fight walked round by round (a horizon of ``rounds``, or the rounds shown one by
one before the solve to the end), with integer weights over one running denominator."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import NamedTuple

from rolkit.fight.chain import Chain
from rolkit.fight.state import ChainState, Summary
from rolkit.model import Fate

__all__ = ["Walk", "walk"]


class Walk(NamedTuple):
    """``rounds_law`` (r → P(ends in round r)), ``walked`` (rounds walked) and, when
    collected, ``ended`` (summary → P) and ``going`` (each combatant's fates → P for the
    fights still going)."""

    rounds_law: dict[int, Fraction]
    walked: int
    ended: dict[Summary, Fraction]
    going: dict[tuple[Fate, ...], Fraction]


def walk(chain: Chain, rounds: int, tail: Fraction | None = None, collect: bool = True) -> Walk:
    """Walk ``rounds`` rounds turn by turn (fewer once the chance still going is ≤
    ``tail``): everything summed in integers first, one Fraction per row."""
    dist: dict[ChainState, int] = {chain.start: 1}
    den = 1
    ended: dict[Summary, int] = {}
    rounds_law: dict[int, Fraction] = {}
    first = chain.start_turn
    walked = 0
    for r in range(1, rounds + 1):
        if not dist or (tail is not None and Fraction(sum(dist.values()), den) <= tail):
            break
        walked = r
        dist, ended_now, k = chain.run_turns(dist, first, chain.skip_first and r == 1)
        scale = chain.denominator**k
        den *= scale
        first = 0
        if collect:
            for summary in ended:
                ended[summary] *= scale
            for summary, w in ended_now.items():
                ended[summary] = ended.get(summary, 0) + w
        total = sum(ended_now.values())
        if total:
            rounds_law[r] = Fraction(total, den)
        dist, ended, den = _renormalised(dist, ended, den)
    if not collect:
        return Walk(rounds_law, walked, {}, {})
    going: dict[tuple[Fate, ...], int] = {}
    for s, w in dist.items():
        fates = chain.summary(s).fates
        going[fates] = going.get(fates, 0) + w
    return Walk(
        rounds_law,
        walked,
        {summary: Fraction(w, den) for summary, w in ended.items()},
        {fates: Fraction(w, den) for fates, w in going.items()},
    )


def _renormalised(
    dist: dict[ChainState, int], ended: dict[Summary, int], den: int
) -> tuple[dict[ChainState, int], dict[Summary, int], int]:
    """Keep the integers small: divide by the gcd of every weight and the denominator
    (given up at the first weight prime to the denominator, the usual case)."""
    g = den
    for w in (*dist.values(), *ended.values()):
        g = math.gcd(g, w)
        if g == 1:
            return dist, ended, den
    if g > 1:
        dist = {s: w // g for s, w in dist.items()}
        ended = {s: w // g for s, w in ended.items()}
        den //= g
    return dist, ended, den
