"""Certified bounds past the exact bound (#27 item 1), on fights small enough to solve
exactly (the toy 2 v 1, Core Dread's and G.O.R.E.'s default duels): the exact value of
every probability field lies inside every interval, the width never grows as the explored
budget does and is 0 once every turn is explored, a refinement that goes on from the last
one finds what a fresh one does; ``fight_odds`` answers past the bound with them
(``r.method == "bounds"``), falls back to a labelled simulation only when they stay wider
than the simulation's interval, and an exact answer keeps equal bounds."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

import rolkit
from rolkit.display.fight_odds import fate_rows, victory_headline
from rolkit.fight import FightSpec, odds_of_fighters
from rolkit.fight.bounds import Refiner, bounded
from rolkit.fight.chain import Chain
from rolkit.fight.odds import widest
from rolkit.fight.result import FightOdds, collect_bounds
from rolkit.model import FATES
from tests.contract.toy_fight import SYSTEM as TOY
from tests.contract.toy_fight import Combatant, Weapon

D4 = Weapon("1D4")
TOY_FIGHTERS = (
    ("Ana", "A", Combatant(pv=5, pericia=2), D4),
    ("Cy", "A", Combatant(pv=3), D4),
    ("Bo", "B", Combatant(pv=8, pericia=2), D4),
)


def _default_duel(system_id: str):
    s = rolkit.get_system(system_id)
    d = s.defaults()
    return s, (("A", "a", d["attacker"], d["weapon"]), ("B", "b", d["defender"], d["weapon"]))


FIGHTS = {"toy": (TOY, TOY_FIGHTERS), **{k: _default_duel(k) for k in ("core_dread", "gore")}}


def _chain(s, fighters) -> Chain:
    names = [f[0] for f in fighters]
    return Chain(
        s,
        FightSpec(s.id, tuple(fighters)),
        s.defaults()["modifiers"],
        s.default_options,
        dict.fromkeys(names, "weakest"),
        dict.fromkeys(names, "when_able"),
    )


@pytest.fixture(scope="module", params=sorted(FIGHTS))
def fight(request):
    """``(system, fighters, the exact odds)``."""
    s, fighters = FIGHTS[request.param]
    exact = odds_of_fighters(s, fighters, method="exact")
    assert exact.exact and exact.width == 0
    return s, fighters, exact


def _as_odds(s, fighters, chain: Chain, b) -> FightOdds:
    names = [f[0] for f in fighters]
    policy = dict.fromkeys(names, "weakest")
    spec = FightSpec(s.id, tuple(fighters))
    return collect_bounds(s, spec, chain, b.lower, b.unknown, b.explored, ("", ""), policy)


def assert_inside(r: FightOdds, exact: FightOdds) -> None:
    """Every probability field of ``exact`` lies in ``r``'s bounds."""
    for side, (lo, hi) in r.bounds["p_win"].items():
        assert lo <= exact.p_win[side] <= hi, side
    for name in ("p_draw", "p_ongoing"):
        lo, hi = r.bounds[name][None]
        assert lo <= getattr(exact, name) <= hi, name
    assert set(r.bounds["fates"]) == {(n, f) for n in exact.names for f in FATES}
    for (name, fate), (lo, hi) in r.bounds["fates"].items():
        assert lo <= exact.fates[name].get(fate, Fraction(0)) <= hi, (name, fate)
    for name in exact.names:
        lo, hi = r.out_bounds(name)
        assert lo <= exact.p_out(name) <= hi, name


def test_the_exact_value_lies_inside_and_the_width_shrinks_with_the_budget(fight):
    s, fighters, exact = fight
    chain = _chain(s, fighters)
    refiner = Refiner(chain)
    widths = []
    for turns in (8, 32, 128, 512, 10**6):
        b = refiner.refine(turns)
        r = _as_odds(s, fighters, chain, b)
        assert_inside(r, exact)
        assert r.width is not None and r.width <= b.unknown
        widths.append(b.unknown)
        if turns == 128:  # going on from the last refinement finds what a fresh one does
            fresh = Refiner(_chain(s, fighters)).refine(turns)
            assert (fresh.lower, fresh.unknown, fresh.explored) == (b.lower, b.unknown, 128)
    assert widths == sorted(widths, reverse=True) and widths[0] > 0
    assert widths[-1] == 0 and refiner.explorer.complete  # every turn: the exact values
    assert r.bounds["p_win"] == {k: (p, p) for k, p in exact.p_win.items()}


def test_bounded_stops_at_the_width_asked_for(fight):
    s, fighters, exact = fight
    chain = _chain(s, fighters)
    b = bounded(chain, width=Fraction(1, 50), seconds=60, start=16)
    assert b.unknown <= Fraction(1, 50)
    assert_inside(_as_odds(s, fighters, chain, b), exact)


def test_past_the_bound_the_answer_is_bounds_never_a_silent_estimate(fight):
    s, fighters, exact = fight
    r = odds_of_fighters(s, fighters, max_states=5, seconds=60)
    assert r.method == "bounds" and not r.exact and r.n is None
    assert r.width is not None and r.width <= Fraction(1, 200)
    assert_inside(r, exact)
    lo, hi = r.bounds["p_win"][r.side_names[0]]
    assert r.p_win[r.side_names[0]] == (lo + hi) / 2
    assert "más de 5 estados" in r.reason[0]
    assert "cota exacta" in r.label("es") and "exact bounds" in r.label("en")


def test_bounds_are_shown_as_intervals_rounded_outwards():
    """«entre 73,1 % y 73,6 % (cota exacta)»: the lower bound rounded down, the upper up,
    so what is shown still contains the value; never the midpoint alone."""
    s, fighters = FIGHTS["toy"]
    r = odds_of_fighters(
        s, fighters, max_states=5, width=Fraction(1, 20), seconds=60, method="bounds"
    )
    assert r.method == "bounds" and 0 < r.width <= Fraction(1, 20)
    es, en = victory_headline(r, "es"), victory_headline(r, "en")
    assert es.endswith("(cota exacta)") and en.endswith("(exact bound)")
    for side in r.side_names:
        lo, hi = r.bounds["p_win"][side]
        m = re.search(rf"{side} entre (\d+,\d) % y (\d+,\d) %", es)
        assert m, es
        shown = [Fraction(x.replace(",", "")) / 1000 for x in m.groups()]
        assert shown[0] <= lo < shown[0] + Fraction(1, 1000)
        assert shown[1] - Fraction(1, 1000) < hi <= shown[1]
        assert re.search(rf"{side} between \d+\.\d% and \d+\.\d%", en), en
    for _name, _side, *cells in fate_rows(r, "es"):  # out of the fight, dies
        assert all(re.fullmatch(r"\d+,\d(–\d+,\d)? %", c) for c in cells), cells


def test_auto_simulates_only_when_the_bounds_stay_wider_than_the_simulation():
    s, fighters = FIGHTS["toy"]
    r = odds_of_fighters(s, fighters, max_states=5, seconds=0, simulations=300)
    assert r.method == "simulated" and r.n == 300 and r.bounds == {}
    assert "en 0 s las cotas exactas no bajaron de 11,3 pp" in r.reason[0]  # widest(300)
    assert "did not narrow to 11.3 pp" in r.reason[1]
    assert r.label("es").startswith("simulado, n = 300, ± ")
    asked = odds_of_fighters(s, fighters, max_states=5, seconds=0, method="bounds")
    assert asked.method == "bounds" and asked.width > widest(300)
    assert widest(10_000) == Fraction(196, 10_000) and widest(1_000) > Fraction(6, 100)


def test_a_simulation_is_still_there_when_asked():
    s, fighters = FIGHTS["toy"]
    r = odds_of_fighters(s, fighters, method="simulate", simulations=200)
    assert r.method == "simulated" and r.bounds == {} and r.width is None
