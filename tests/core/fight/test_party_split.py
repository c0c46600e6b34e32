"""A party split into its two sides, the joint mass as a matrix (#27 item 3,
:mod:`rolkit.fight.party_split`): on fights small enough to solve exactly, in every system
whose fights it splits, every result's exact value lies inside its bounds, and run to
completion the bounds are exact to 1e-9; a fight it cannot split says so
(:class:`NotDecomposable`) and ``fight_odds`` still answers, by the old path."""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from typing import Any

import pytest

import rolkit
from rolkit.fight import odds_of_fighters
from rolkit.fight.chain import Chain
from rolkit.fight.independent import NotDecomposable
from rolkit.fight.party_split import party_bounds, party_split
from rolkit.fight.result import collect_bounds
from rolkit.fight.spec import FightSpec
from tests.core.fight.test_bounds import assert_inside


def _case(
    system_id: str,
    n: int,
    m: int,
    hurt: dict[str, dict[str, Any]] | None = None,
    policy: str = "weakest",
    order: tuple[str, ...] = (),
    turn: int = 0,
    started: bool = False,
) -> tuple[Any, FightSpec, str]:
    """``n`` attackers ``A0…`` (side ``a``) against ``m`` defenders ``B0…`` (``b``), the
    systems' defaults; ``hurt``: some of them by name, their form changed so."""
    s = rolkit.get_system(system_id)
    d = s.defaults()
    hurt = hurt or {}

    def form(name: str, role: str) -> Any:
        return dataclasses.replace(d[role], **hurt[name]) if name in hurt else d[role]

    fighters = [(f"A{i}", "a", form(f"A{i}", "attacker"), d["weapon"]) for i in range(n)] + [
        (f"B{i}", "b", form(f"B{i}", "defender"), d["weapon"]) for i in range(m)
    ]
    return s, FightSpec(s.id, tuple(fighters), order, turn, False, started), policy


_DYING = {"hp_current": 0}
_ONE = {"pv_current": 1}
CASES = {
    "core_dread-2v2": _case("core_dread", 2, 2),
    "core_dread-3v2": _case("core_dread", 3, 2),
    "core_dread-3v2-first": _case("core_dread", 3, 2, policy="first"),
    "nsd20-2v2": _case("nsd20", 2, 2),
    "gore-2v2": _case("gore", 2, 2),
    # the first of each side dying: the round-end rules move a fallen form to its fate
    "gore-2v2-dying": _case("gore", 2, 2, hurt={"A0": _DYING, "B0": _DYING}),
    # sides interleaved in the order, the third turn begun (its start rules applied)
    "gore-2v2-begun": _case("gore", 2, 2, order=("A0", "B0", "A1", "B1"), turn=2, started=True),
    # its second dying (the default 2 v 1 has 133 600 states: ~200 s to solve exactly)
    "tierkreis-2v1-dying": _case("tierkreis", 2, 1, hurt={"A1": {"pv_current": 0}}),
    # two sides of two (canonical forms on), B0 and B1 alike: A0's ties, broken by the order
    "tierkreis-2v2-hurt": _case(
        "tierkreis",
        2,
        2,
        hurt={"A0": {"pv_current": 1}, "A1": {"pv_current": 0}, "B0": _ONE, "B1": _ONE},
    ),
    "tierkreis-2v2-hurt-first": _case(
        "tierkreis", 2, 2, hurt={"A1": {"pv_current": 0}, "B0": _ONE, "B1": _ONE}, policy="first"
    ),
}


def _chain(s: Any, spec: FightSpec, policy: str, aid: tuple[str, ...] = ()) -> Chain:
    names = [f[0] for f in spec.fighters]
    return Chain(
        s,
        spec,
        s.defaults()["modifiers"],
        s.default_options,
        dict.fromkeys(names, policy),
        dict.fromkeys(names, "when_able"),
        aid,
    )


@pytest.fixture(scope="module", params=sorted(CASES))
def case(request):
    """``(system, spec, policy, the exact odds)``."""
    s, spec, policy = CASES[request.param]
    exact = rolkit.fight_odds(spec, system=s, policy=policy, method="exact", rounds_shown=0)
    assert exact.exact and exact.width == 0
    return s, spec, policy, exact


def test_the_exact_value_lies_inside_and_run_to_completion_the_width_is_tiny(case):
    s, spec, policy, exact = case
    chain = _chain(s, spec, policy)
    b, (n0, n1) = party_split(chain, Fraction(1, 10**11), seconds=300)
    per = {f[0]: policy for f in spec.fighters}
    r = collect_bounds(s, spec, chain, b.lower, b.unknown, b.explored, ("", ""), per)
    assert_inside(r, exact)
    assert b.unknown <= Fraction(1, 10**9)
    assert n0 > 1 and n1 > 1 and b.explored == n0 + n1


def test_a_coarse_budget_is_wider_and_still_holds_the_exact_value(case):
    s, spec, policy, exact = case
    chain = _chain(s, spec, policy)
    b = party_bounds(chain, Fraction(1, 20), seconds=300)
    per = {f[0]: policy for f in spec.fighters}
    r = collect_bounds(s, spec, chain, b.lower, b.unknown, b.explored, ("", ""), per)
    assert_inside(r, exact)
    assert 0 < b.unknown <= Fraction(1, 20)


def test_aid_between_allies_is_not_split_and_the_old_path_answers():
    """Core Dread's «atención médica» reads an ally (the aider's turn moves it): not a
    turn of one actor against its foes."""
    s, spec, policy = _case("core_dread", 2, 2)
    with pytest.raises(NotDecomposable):
        party_bounds(_chain(s, spec, policy, aid=("a",)))
    r = odds_of_fighters(s, spec.fighters, method="bounds", aid=("a",), rounds_shown=0)
    assert r.method == "bounds" and r.width is not None
    exact = odds_of_fighters(s, spec.fighters, method="exact", aid=("a",), rounds_shown=0)
    assert_inside(r, exact)


def test_fight_odds_answers_a_party_through_the_split():
    """``method="bounds"`` on a party: the split's bounds (exact to well under the width
    asked), the exact value inside."""
    s, spec, _policy = _case("core_dread", 3, 2)
    r = odds_of_fighters(s, spec.fighters, method="bounds", width=Fraction(1, 1000))
    exact = odds_of_fighters(s, spec.fighters, method="exact", rounds_shown=0)
    assert r.method == "bounds" and r.width is not None and r.width <= Fraction(1, 1000)
    assert_inside(r, exact)


def test_a_later_pass_too_large_gives_back_the_best_pass_before_it(monkeypatch):
    """A pass after the first that outgrows the split's bounds (:class:`TooLarge`) ends
    the passes: the bounds of the best pass before it stand (the first pass's give-up
    rule is unchanged: raised there, :class:`TooLarge` reaches the caller)."""
    from rolkit.fight import party_split as split_module
    from rolkit.fight.chain import TooLarge

    s, spec, policy = CASES["gore-2v2"]
    exact = rolkit.fight_odds(spec, system=s, policy=policy, method="exact", rounds_shown=0)
    played = []
    play = split_module._Run.play

    def too_large_second(run: Any) -> None:
        played.append(run.cut)
        if len(played) == 2:
            raise TooLarge()
        play(run)

    monkeypatch.setattr(split_module._Run, "play", too_large_second)
    monkeypatch.setattr(split_module, "_FIRST_CUT", 1.0)  # a first pass too coarse
    chain = _chain(s, spec, policy)
    b, (n0, n1) = party_split(chain, Fraction(1, 100), seconds=300)
    assert len(played) == 2  # the first pass did not reach the width
    per = {f[0]: policy for f in spec.fighters}
    r = collect_bounds(s, spec, chain, b.lower, b.unknown, b.explored, ("", ""), per)
    assert_inside(r, exact)
    assert Fraction(1, 100) < b.unknown < 1 and n0 > 1 and n1 > 1
    played.clear()
    played.append(None)  # the first pass raises now
    with pytest.raises(TooLarge):
        party_split(_chain(s, spec, policy), Fraction(1, 100), seconds=300)
