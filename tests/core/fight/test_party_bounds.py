"""Certified bounds on parties (#27 items 1 and 3), on parties small enough to solve
exactly (Core Dread's and G.O.R.E.'s 2 v 2, NSd20's 2 v 1: a turn of actions with
round-end rules): each turn's law the exploration kept (from the chain's memos) is the
one a fresh chain builds, and what it certifies holds — the exact value of every
probability field inside every interval, the width never growing as the budget does, the
exact cut solve of the turns explored agreeing with the floats."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rolkit.fight import acting as acting_module
from rolkit.fight import chain as chain_module
from rolkit.fight import odds_of_fighters
from rolkit.fight.bounds import Explorer, Refiner
from rolkit.fight.chain import Chain
from tests.core.fight.test_bounds import _as_odds, _chain, assert_inside
from tests.core.fight.test_bounds_push import _party

PARTIES = [("core_dread", 2, 2), ("gore", 2, 2), ("nsd20", 2, 1)]


@pytest.fixture(scope="module", params=PARTIES, ids=[f"{p[0]}-{p[1]}v{p[2]}" for p in PARTIES])
def party(request):
    """``(system, fighters, the exact odds)`` of a party solved exactly in a few seconds."""
    s, fighters = _party(*request.param)
    exact = odds_of_fighters(s, fighters, method="exact", rounds_shown=0)
    assert exact.exact
    return s, fighters, exact


def _rounding(explorer: Explorer) -> Fraction:
    return Fraction(explorer.flops, 2**53) + Fraction(1, 10**12)


def test_the_laws_explored_are_a_fresh_chains_row_by_row(party, monkeypatch):
    """Each explored turn's law as the exploration kept it (from the whole-turn memo, the
    passes and the turns' reads memoised, or built) equals the law a fresh chain without
    the turn memos builds (the forms interned in the same order), row by row."""
    s, fighters, _exact = party
    explorer = Explorer(_chain(s, fighters))
    explorer.grow(400)
    monkeypatch.setattr(chain_module, "_WHOLE_MAX", 0)  # each turn built again
    monkeypatch.setattr(acting_module, "_TURNS_MAX", 0)
    fresh = _chain(s, fighters)
    hits = 0
    for node, (den, rows) in explorer.steps.items():
        want_den, want = fresh.successors(*node)
        assert den == want_den
        assert [w for _, w in rows] == [w for _, w in want]
        assert [tuple(t) for t, _ in rows] == [tuple(t) for t, _ in want]
        hits += 1
    assert hits == len(explorer.explored) >= 100


def test_the_exact_value_lies_inside_and_the_width_shrinks_with_the_budget(party):
    s, fighters, exact = party
    chain: Chain = _chain(s, fighters)
    refiner = Refiner(chain)
    explorer = refiner.explorer
    widths: list[Fraction] = []
    for turns in (16, 64, 256, 1024, 10**6):
        explorer.grow(turns)
        explorer.settle()
        cert = explorer.bounds()
        assert_inside(_as_odds(s, fighters, chain, cert), exact)
        if widths:  # never wider, but for what the rounding of the new operations costs
            assert cert.unknown <= widths[-1] + _rounding(explorer)
        widths.append(cert.unknown)
        if turns == 64:  # the exact cut solve of the same turns: as narrow, also inside
            cut = refiner.solve()
            assert 0 < cut.unknown <= cert.unknown <= cut.unknown + _rounding(explorer)
            assert_inside(_as_odds(s, fighters, chain, cut), exact)
    assert widths[0] > widths[2] > widths[3] > widths[4]  # and it does shrink
    assert explorer.complete and widths[-1] <= _rounding(explorer)
