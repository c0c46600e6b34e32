"""A duel's horizon of rounds by its two one-sided chains (#27 item 7,
:mod:`rolkit.fight.horizon_split`): ``fight_odds(..., rounds=R)`` equal, Fraction for
Fraction and field for field but the states counted, to the chain's own walk of the
product of the two fighters' forms — on the benchmark's round (one attack a turn), with
the first-serious effects applied or reported, and on the duels of
``test_duel_split.py`` whose attackers' profiles change on the way (Contusionado, a
weapon arm lost and bleeding, Derribado), one and two attacks a turn, rounds 1 to 3."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

pytest.importorskip("icepool")  # the benchmark's one-attack system

import rolkit  # noqa: E402
from benchmarks.bench_ashes_of_war import one_attack_rules  # noqa: E402
from rolkit.fight import odds as fight_odds_module  # noqa: E402
from rolkit.fight import odds_of_fighters
from rolkit.fight.chain import Chain
from rolkit.fight.horizon_split import STATES_PER_LAW, split_horizon
from rolkit.fight.independent import NotDecomposable
from rolkit.systems.ashes_of_war import Modifiers, RulesConfig
from rolkit.systems.ashes_of_war.forms import evolve
from tests.systems.ashes_of_war.test_duel_split import CASES, _duel

S = rolkit.get_system("ashes_of_war")
D = S.defaults()
#: one attack a turn, with the attack profile that turn reads (the benchmark's system)
ONE = one_attack_rules()[0]
REPORTED = RulesConfig(first_serious_applied=False)
FIGHTERS = (("A", "a", D["attacker"], D["weapon"]), ("B", "b", D["defender"], D["weapon"]))

#: (label, system, fighters, modifiers, options, rounds)
FIGHTS = [
    *(
        (f"default, one attack, {o and 'reported'}, {m and 'dodge'}", ONE, FIGHTERS, m, o, 1)
        for o in (REPORTED, None)
        for m in (None, Modifiers(defence="dodge"))
    ),
    *(
        (
            f"{case}, {name}, {rounds} rounds",
            system,
            _duel(case)[0].fighters,
            _duel(case)[1],
            None,
            rounds,
        )
        for case in CASES
        for name, system in (("one attack", ONE), ("two attacks", S))
        for rounds in (1, 2, 3)
    ),
    # a defence: the round's end sets its count back to 0, read by the next round
    *(
        (
            f"{case}, {name}, dodging, {rounds} rounds",
            system,
            _duel(case)[0].fighters,
            evolve(_duel(case)[1], defence="dodge"),
            None,
            rounds,
        )
        for case in CASES
        for name, system in (("one attack", ONE), ("two attacks", S))
        for rounds in (2, 3)
    ),
]


def _odds(system: Any, fighters: Any, mods: Any, options: Any, rounds: int, split: bool) -> Any:
    """The fight's odds, by the split (counted in ``used``) or by the chain's own walk."""
    real = fight_odds_module.split_horizon

    def chain_walks(*_args: Any) -> Any:
        raise NotDecomposable("the chain's own walk")

    def counted(*args: Any) -> Any:
        out = real(*args)
        used.append(out)
        return out

    used: list[Any] = []
    fight_odds_module.split_horizon = counted if split else chain_walks  # type: ignore[assignment]
    try:
        rolkit.clear_caches()
        r = odds_of_fighters(
            system, fighters, rounds=rounds, modifiers=mods, options=options, method="exact"
        )
    finally:
        fight_odds_module.split_horizon = real  # type: ignore[assignment]
    assert bool(used) == split
    return r


@pytest.mark.parametrize("label, system, fighters, mods, options, rounds", FIGHTS)
def test_the_split_horizon_is_the_chains_walk(
    label: str, system: Any, fighters: Any, mods: Any, options: Any, rounds: int
):
    split = _odds(system, fighters, mods, options, rounds, split=True)
    walked = _odds(system, fighters, mods, options, rounds, split=False)
    assert split.exact and walked.exact
    if "default" in label or "head" in label:
        assert split.rounds_law and split.p_ongoing < 1  # fights did end in the horizon
    # every field, every Fraction, the notes (the laws the fight met) included
    same = dataclasses.replace(split, states=walked.states)
    assert repr(dataclasses.asdict(same)) == repr(dataclasses.asdict(walked)), label
    assert same == walked


def test_past_its_states_the_split_gives_way():
    """Past ``max_states`` the split raises TooLarge; ``fight_odds`` then asks the
    chain, and past its bound too it simulates (the horizon's last resort)."""
    spec = _duel(next(iter(CASES)))
    c = Chain(S, fight_odds_module.FightSpec(S.id, spec[0].fighters), spec[1], S.options_type(), {})
    with pytest.raises(fight_odds_module.TooLarge):
        split_horizon(c, 3, max_states=10)
    r = odds_of_fighters(ONE, FIGHTERS, rounds=2, max_states=50, simulations=200)
    assert r.method == "simulated" and r.n == 200
    sim = odds_of_fighters(ONE, FIGHTERS, rounds=1, method="simulate", simulations=200)
    assert sim.method == "simulated"


def test_what_the_split_does_not_take():
    """Three combatants: the chain walks the horizon (no split)."""
    three = (*FIGHTERS, ("C", "b", D["defender"], D["weapon"]))
    c = Chain(ONE, fight_odds_module.FightSpec(S.id, three), D["modifiers"], REPORTED, {})
    with pytest.raises(NotDecomposable, match="not a duel"):
        split_horizon(c, 1, 20_000)
    r = odds_of_fighters(ONE, three, rounds=1, options=REPORTED)
    assert r.exact


def test_a_turn_other_than_the_profiles_needs_its_own():
    """The system's profile reads its attacker after its recover action (Levantarse…):
    the same system with no actions but that profile splits into other numbers once the
    first-serious effects are applied (a prone attacker keeps its ▽): why the one-attack
    system declares the profile of its own turn."""
    stale = dataclasses.replace(ONE, duel_profile=S.duel_profile)
    split = _odds(stale, FIGHTERS, None, None, 1, split=True)
    walked = _odds(stale, FIGHTERS, None, None, 1, split=False)
    assert split.p_win != walked.p_win
    assert _odds(ONE, FIGHTERS, None, None, 1, split=True).p_win == walked.p_win


def test_the_default_duel_round_1_is_exact_and_round_2_gives_way_at_its_laws_bound():
    """Two attacks a turn: round 1 splits exactly (the product of forms is past the
    bound); round 2 builds laws faster than side states, and the split stops at its
    bound of laws (``STATES_PER_LAW``), not after tens of seconds."""
    rolkit.clear_caches()
    one = odds_of_fighters(S, FIGHTERS, rounds=1)
    assert one.exact and 0 < one.p_win["a"] < 1
    rolkit.clear_caches()
    c = Chain(S, fight_odds_module.FightSpec(S.id, FIGHTERS), D["modifiers"], S.options_type(), {})
    with pytest.raises(fight_odds_module.TooLarge):
        split_horizon(c, 2, 20_000)
    assert c.laws_built <= 20_000 // STATES_PER_LAW + 10
