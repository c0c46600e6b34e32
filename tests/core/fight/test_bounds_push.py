"""The pushed exploration behind the certified bounds (#27 items 1 and 3), on fights small
enough to solve exactly: its estimate is honest (never below the unknown mass the exact
solve of the same turns finds, the flaw of the old order), its float certificate never
claims more than that exact solve nor excludes the exact value, settling brings it to the
exact solve's values, and the early out of :func:`~rolkit.fight.bounds.bounded` reads the
rate of narrowing as documented."""

from __future__ import annotations

from fractions import Fraction

import pytest

import rolkit
from rolkit.fight import odds_of_fighters
from rolkit.fight.bounds import EXACT_TURNS, Explorer, Refiner, _hopeless, bounded
from tests.core.fight.test_bounds import FIGHTS, _as_odds, _chain, assert_inside


def _party(system_id: str, n: int, m: int):
    s = rolkit.get_system(system_id)
    d = s.defaults()
    return s, tuple(
        [(f"A{i}", "a", d["attacker"], d["weapon"]) for i in range(n)]
        + [(f"B{i}", "b", d["defender"], d["weapon"]) for i in range(m)]
    )


def _rounding(explorer: Explorer) -> Fraction:
    """What the certificate pays for the floats' rounding (``K · 2⁻⁵³`` of the mass), and
    the mass settling leaves behind (``1e-12``, its default)."""
    return Fraction(explorer.flops, 2**53) + Fraction(1, 10**12)


@pytest.fixture(scope="module", params=["toy", "core_dread"])
def small(request):
    """``(system, fighters, exact odds)`` of fights solved exactly in well under 1 s."""
    s, fighters = FIGHTS[request.param]
    return s, fighters, odds_of_fighters(s, fighters, method="exact")


def test_the_estimate_is_never_below_the_exact_unknown_and_the_certificate_agrees(small):
    s, fighters, exact = small
    chain = _chain(s, fighters)
    refiner = Refiner(chain)
    explorer = refiner.explorer
    for turns in (4, 16, 64):
        explorer.grow(turns)
        cut = refiner.solve()  # the exact solve of the turns explored
        assert explorer.pending >= float(cut.unknown) - 1e-12  # honest, from above
        cert = explorer.bounds()
        assert cert.unknown >= cut.unknown  # the floats never claim more than exact
        for key, low in cert.lower.items():
            assert low <= cut.lower.get(key, Fraction(0)), key
        assert_inside(_as_odds(s, fighters, chain, cert), exact)
        explorer.settle()  # the explored turns' mass pushed on: the exact solve's values
        cert = explorer.bounds()
        assert cut.unknown <= cert.unknown <= cut.unknown + _rounding(explorer)
        assert_inside(_as_odds(s, fighters, chain, cert), exact)
    assert cert.unknown > 0


def test_every_turn_explored_and_settled_the_certificate_is_exact_to_the_rounding(small):
    s, fighters, exact = small
    chain = _chain(s, fighters)
    explorer = Explorer(chain)
    explorer.grow(10**6)
    assert explorer.complete
    explorer.settle(least=0.0)
    cert = explorer.bounds()
    assert cert.unknown <= _rounding(explorer)
    assert_inside(_as_odds(s, fighters, chain, cert), exact)
    # the rounding is paid for: K operations cost K·2⁻⁵³ of every lower bound
    assert explorer.flops > 0
    explorer.flops = 2**53
    with pytest.raises(OverflowError):
        explorer.bounds()


def test_bounded_is_exact_when_every_turn_is_explored_and_few():
    s, fighters = FIGHTS["core_dread"]
    chain = _chain(s, fighters)
    b = bounded(chain, width=Fraction(0), seconds=60)
    exact = odds_of_fighters(s, fighters, method="exact")
    assert b.unknown == 0 and b.explored <= EXACT_TURNS
    assert _as_odds(s, fighters, chain, b).bounds["p_win"] == {
        k: (p, p) for k, p in exact.p_win.items()
    }


def test_a_party_past_the_exact_bound_is_certified_by_the_floats():
    """Core Dread 2 v 2 (exact in a few seconds elsewhere, here only its bounds): a budget
    of turns too small to end every fight gives bounds that still hold, certified by the
    floats alone and as narrow as the exact solve of the same turns."""
    s, fighters = _party("core_dread", 2, 2)
    chain = _chain(s, fighters)
    refiner = Refiner(chain)
    refiner.explorer.grow(300)
    refiner.explorer.settle()
    cert, cut = refiner.certify(), refiner.solve()
    assert 0 < cut.unknown <= cert.unknown <= cut.unknown + _rounding(refiner.explorer)
    for key, low in cert.lower.items():
        assert low <= cut.lower.get(key, Fraction(0)), key


def test_the_early_out_keeps_the_rate_of_the_last_half_of_the_time_spent():
    falling = [(0.0, 1.0), (1.0, 0.9), (2.0, 0.85), (3.0, 0.8)]
    # from t = 1.5 on: 0.05 a second, 7 s left: 0.45 at best, above 1 pp
    assert _hopeless(falling, 3.0, 10.0, Fraction(1, 100))
    assert not _hopeless(falling, 3.0, 10.0, Fraction(1, 2))  # 0.45 reaches ½
    assert not _hopeless(falling, 2.0, 10.0, Fraction(1, 100))  # under a quarter spent
    assert not _hopeless(falling, 3.0, 10.0, None)  # no early out asked for
