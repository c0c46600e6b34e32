"""Ashes of War's duel split into two one-sided chains (#27 item 2,
:mod:`rolkit.fight.independent`), checked against the whole chain solved exactly on duels
small enough for it: every hit narrated to one location, a light weapon with its own wound
thresholds. Each case makes an attacker's profile change on the way — Contusionado (a
blunt serious head wound: 1 ▽ on its attacks), a weapon arm wounded, lost or bleeding,
Derribado — so a split that ignored the coupling would miss the exact values."""

from __future__ import annotations

from fractions import Fraction

import pytest

import rolkit
from rolkit.fight import FightSpec, odds_of_fighters
from rolkit.fight.chain import Chain
from rolkit.fight.independent import NotDecomposable, _Run, _Split, decomposable, split_bounds
from rolkit.fight.solve import LENGTH, to_the_end
from rolkit.systems.ashes_of_war.forms import evolve

S = rolkit.get_system("ashes_of_war")
D = S.defaults()

#: (damage type, damage, serious from, lethal from, narrated location)
CASES = {
    "head, blunt (Contusionado)": ("blunt", "1d6", 3, 6, "head"),
    "weapon arm, cutting (lost, bleeding)": ("cutting", "1d2", 1, 3, "right_arm"),
    "leg, blunt (Derribado; both left unable to fight)": ("blunt", "1d2", 1, 3, "right_leg"),
}


def _duel(case: str) -> tuple[FightSpec, object]:
    kind, damage, serious, lethal, where = CASES[case]
    weapon = evolve(
        D["weapon"], damage_type=kind, damage=damage, serious_min=serious, lethal_min=lethal
    )
    fighters = (("A", "a", D["attacker"], weapon), ("B", "b", D["defender"], weapon))
    return FightSpec(S.id, fighters), evolve(D["modifiers"], narrated_location=where)


def _chain(case: str) -> Chain:
    spec, mods = _duel(case)
    return Chain(S, spec, mods, S.options_type(), {"A": "weakest", "B": "weakest"})


@pytest.fixture(scope="module", params=list(CASES))
def solved(request: pytest.FixtureRequest) -> tuple[str, dict]:
    chain = _chain(request.param)
    chain.explore(5_000)
    exact = to_the_end(chain)
    exact.pop(LENGTH)
    return request.param, exact


def _inside(exact: dict, lower: dict, unknown: Fraction) -> list:
    return [k for k, v in exact.items() if not lower.get(k, 0) <= v <= lower.get(k, 0) + unknown]


def test_the_exact_values_lie_inside_and_the_width_shrinks_with_the_budget(solved):
    case, exact = solved
    loose = split_bounds(_chain(case), Fraction(1, 100), seconds=60)
    tight = split_bounds(_chain(case), Fraction(1, 10**6), seconds=60)
    assert _inside(exact, loose.lower, loose.unknown) == []
    assert _inside(exact, tight.lower, tight.unknown) == []
    assert tight.unknown <= Fraction(1, 10**6) and tight.unknown <= loose.unknown
    assert loose.unknown <= Fraction(1, 100)


def test_an_attackers_profile_does_change_on_the_way(solved):
    case, _exact = solved
    split = _Split(_chain(case))
    _Run(split, 1e-9, float("inf")).play()
    assert len({p for (_i, p) in split._reps}) > 1


def test_fight_odds_bounds_use_the_split_and_contain_the_exact_values(solved):
    case, exact = solved
    spec, mods = _duel(case)
    r = odds_of_fighters(
        S, spec.fighters, modifiers=mods, method="bounds", width=Fraction(1, 10**4)
    )
    assert r.method == "bounds"
    for side in ("a", "b"):
        lo, hi = r.bounds["p_win"][side]
        assert lo <= exact.get(("win", side), 0) <= hi and hi - lo <= Fraction(1, 10**4)
    lo, hi = r.bounds["p_draw"][None]
    assert lo <= exact.get(("draw",), 0) <= hi


def test_what_is_not_split():
    spec, mods = _duel("leg, blunt (Derribado; both left unable to fight)")
    chain = _chain("leg, blunt (Derribado; both left unable to fight)")
    assert decomposable(chain) is None
    assert decomposable(chain, rounds=3) == "a horizon in rounds"
    bow = next(w for w in S.presets["weapon"].values() if w.skill == "ranged")
    archer = (("A", "a", D["attacker"], bow), spec.fighters[1])
    shooting = Chain(S, FightSpec(S.id, archer), mods, S.options_type(), {})
    assert decomposable(shooting) == "a weapon its bearer's turn reads"
    three = (*spec.fighters, ("C", "b", D["defender"], D["weapon"]))
    with pytest.raises(NotDecomposable, match="not a duel"):
        split_bounds(Chain(S, FightSpec(S.id, three), mods, S.options_type(), {}))
