"""Certified bounds past the exact bound (#27 item 1), on fights small enough to solve
exactly: the exact value lies inside every interval, the width shrinks as the explored
budget grows and is 0 once every turn is explored, and ``fight_odds(method="bounds")``
answers with them (``r.method == "bounds"``), an exact answer keeping equal bounds."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rolkit.fight import FightSpec, odds_of_fighters
from rolkit.fight.bounds import bounded
from rolkit.fight.chain import Chain
from tests.contract.toy_fight import SYSTEM as TOY
from tests.contract.toy_fight import Combatant, Weapon

D4 = Weapon("1D4")
FIGHTERS = (
    ("Ana", "A", Combatant(pv=5, pericia=2), D4),
    ("Cy", "A", Combatant(pv=3), D4),
    ("Bo", "B", Combatant(pv=8, pericia=2), D4),
)


def _chain() -> Chain:
    spec = FightSpec(TOY.id, FIGHTERS)
    names = [f[0] for f in FIGHTERS]
    return Chain(
        TOY,
        spec,
        TOY.defaults()["modifiers"],
        TOY.default_options,
        dict.fromkeys(names, "weakest"),
        dict.fromkeys(names, "when_able"),
    )


@pytest.fixture(scope="module")
def exact():
    r = odds_of_fighters(TOY, FIGHTERS, method="exact")
    assert r.exact and r.width == 0
    assert r.bounds["p_win"]["A"] == (r.p_win["A"], r.p_win["A"])
    return r


def _inside(r, exact) -> bool:
    wins = all(lo <= exact.p_win[k] <= hi for k, (lo, hi) in r["p_win"].items())
    fates = all(
        lo <= exact.fates[name].get(fate, Fraction(0)) <= hi
        for (name, fate), (lo, hi) in r["fates"].items()
    )
    (lo, hi) = r["p_draw"][None]
    return wins and fates and lo <= exact.p_draw <= hi


def test_bounds_contain_the_exact_value_and_shrink_with_the_budget(exact):
    chain = _chain()
    widths = []
    for start in (50, 200, 800, 100_000):
        b = bounded(chain, width=Fraction(0), seconds=0.0, start=start)
        for key in (("win", "A"), ("win", "B"), ("draw",)):
            low, high = b.interval(key)
            truth = {("win", "A"): exact.p_win["A"], ("win", "B"): exact.p_win["B"]}.get(
                key, exact.p_draw
            )
            assert low <= truth <= high
        widths.append(b.unknown)
    assert widths == sorted(widths, reverse=True) and widths[0] > widths[-1]
    assert widths[-1] == 0  # every turn explored: the bounds are the exact values
    assert b.interval(("win", "A")) == (exact.p_win["A"], exact.p_win["A"])


def test_bounds_asked_for_are_refined_to_the_width(exact):
    r = odds_of_fighters(TOY, FIGHTERS, method="bounds", width=Fraction(1, 100), seconds=30)
    assert r.method == "bounds" and not r.exact
    assert r.width is not None and r.width <= Fraction(1, 100)
    assert _inside(r.bounds, exact)
    lo, hi = r.bounds["p_win"]["A"]
    assert r.p_win["A"] == (lo + hi) / 2
    assert "cota exacta" in r.label("es") and "exact bounds" in r.label("en")


def test_a_simulation_is_still_there_when_asked(exact):
    r = odds_of_fighters(TOY, FIGHTERS, method="simulate", simulations=200)
    assert r.method == "simulated" and r.bounds == {} and r.width is None
