"""The chain's last two stages of a round taken together (#27 item 7,
``rolkit.fight.chain.Chain._blow_and_end``): the blow, then the round-end rules (AoW's
bleeding ticks and ``defences_this_turn`` back to 0), row by row without the states
between them. Checked against the stages one by one (``fuse_end=False``): every turn's
law, the same rows in the same order, and the whole result."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

import rolkit
from rolkit.actions import TurnRules
from rolkit.fight import odds as fight_odds_module
from rolkit.fight import odds_of_fighters
from rolkit.fight.independent import NotDecomposable
from rolkit.systems.ashes_of_war import Modifiers, RulesConfig

S = rolkit.get_system("ashes_of_war")
D = S.defaults()
ONE = dataclasses.replace(S, actions={}, turn_rules=TurnRules())  # one attack a turn
FIGHTERS = [("A", "a", D["attacker"], D["weapon"]), ("B", "b", D["defender"], D["weapon"])]
REPORTED = RulesConfig(first_serious_applied=False)
DODGE = Modifiers(defence="dodge")  # a defence: the round's end sets the count back to 0
#: (system, rounds, options, modifiers): exact rounds (a second round is past the bound)
FIGHTS = [(ONE, 1, o, m) for o in (REPORTED, None) for m in (None, DODGE)]


def _chain_walks(*_args: Any) -> Any:
    """The horizon by the chain's own walk, not by the duel's one-sided chains
    (:mod:`rolkit.fight.horizon_split`): what this file checks."""
    raise NotDecomposable("the chain's own walk")


def _run(system: Any, rounds: int, options: Any, modifiers: Any, fuse: bool) -> tuple[Any, Any]:
    made: list[Any] = []
    real = fight_odds_module.Chain

    def chain(*args: Any, **kw: Any) -> Any:
        c = real(*args, **kw)
        c.fuse_end = fuse
        made.append(c)
        return c

    fight_odds_module.Chain = chain  # type: ignore[misc]
    split = fight_odds_module.split_horizon
    fight_odds_module.split_horizon = _chain_walks  # type: ignore[assignment]
    try:
        rolkit.clear_caches()
        result = odds_of_fighters(
            system, FIGHTERS, rounds=rounds, options=options, modifiers=modifiers
        )
    finally:
        fight_odds_module.Chain = real  # type: ignore[misc]
        fight_odds_module.split_horizon = split  # type: ignore[assignment]
    return result, made[-1]


@pytest.mark.parametrize("system, rounds, options, modifiers", FIGHTS)
def test_together_as_stage_by_stage(system: Any, rounds: int, options: Any, modifiers: Any):
    fused, c_fused = _run(system, rounds, options, modifiers, fuse=True)
    staged, c_staged = _run(system, rounds, options, modifiers, fuse=False)
    assert fused.method == "exact"
    assert repr(dataclasses.asdict(fused)) == repr(dataclasses.asdict(staged))
    assert c_fused.denominator == c_staged.denominator
    # every turn the walk played: the same states, weights and ends, in the same order
    assert c_fused._steps.keys() == c_staged._steps.keys()
    for key, steps in c_fused._steps.items():
        assert steps == c_staged._steps[key], key
    last = len(c_fused.order) - 1
    assert any(turn == last for _s, turn, _f in c_fused._steps)  # the round's end was met
    assert c_fused._slot_hooks and not c_staged._slot_hooks  # the fused path was taken


def test_the_round_end_changes_some_states():
    """The fights above meet rules that change states at the round's end (a bleeding
    tick, the defences counted back to 0): else the check would be empty."""
    _result, c = _run(ONE, 1, None, None, fuse=True)
    assert any(v is not None for v in c._slot_hooks.values())
    _result, c = _run(ONE, 1, REPORTED, DODGE, fuse=True)
    assert any(v is not None for v in c._slot_hooks.values())
