"""A party's fights drawn side by side (:class:`~rolkit.fight.lockstep.Lockstep`, #27
item 6):

* many compiled laws drawn at once give each row of each law exactly its weight (every
  roll below a law's denominator lands on one of its rows, as many as its weight);
* a party takes the side-by-side draw, a duel the fight-by-fight one, and so does a
  party of a system that draws its blows directly (Ashes of War);
* on 2 v 2 fights small enough to solve exactly — the toy system with rules between
  attacks (turn-start and round-end rules, fates down, dying and dead), Core Dread and
  G.O.R.E. (turns of actions) — the simulated wins, draw and fates agree with the exact
  ones within 5σ at a fixed seed: every group drawn from its compiled turn law
  (``TURN_LAW_AT = 1``), every turn drawn step by step, and as shipped; the rounds law
  too;
* the same seed gives the same result in two processes (other hash seeds), another seed
  another; the cyclic collector is paused while drawing and on again after, also when a
  draw raises.
"""

from __future__ import annotations

import gc
import math
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import rolkit
import rolkit.fight.lockstep as lockstep_mod
from rolkit.fight import odds_of_fighters
from rolkit.fight.chain import Chain
from rolkit.fight.lockstep import Lockstep, _Laws
from rolkit.fight.simulate import Sampler, side_by_side, simulate
from rolkit.fight.spec import FightSpec
from tests.agreement import agrees_within_5_sigma
from tests.contract.toy_turn import SYSTEM as TOY
from tests.contract.toy_turn import Combatant, Weapon

ROOT = Path(__file__).resolve().parents[3]


class _Rolls:
    """A stand-in numpy Generator whose ``integers(0, dens)`` gives the rolls it was told
    (checking each is below its denominator)."""

    def __init__(self, rolls: list[int]) -> None:
        self.rolls = rolls

    def integers(self, low: int, high: Any) -> Any:
        import numpy as np

        rolls = np.array(self.rolls, dtype=np.int64)
        assert low == 0 and len(high) == len(rolls) and bool((rolls < high).all())
        return rolls


def test_laws_drawn_at_once_give_each_row_exactly_its_weight():
    import numpy as np

    laws = _Laws(np, 2)
    first = laws.add(7, [([0, -1], 1), ([1, -1], 4), ([2, -1], 2)])
    second = laws.add(5, [([-1, 3], 2), ([-1, 4], 3)])
    third = laws.add(1, [([5, 5], 1)])
    fourth = laws.add(9, [([6, -1], w) for w in (1, 1, 1, 1, 1, 1, 1, 1, 1)])
    which = [first] * 7 + [second] * 5 + [third] + [fourth] * 9
    rolls = [*range(7), *range(5), 0, *range(9)]
    rows = laws.draw(np.array(which), _Rolls(rolls))  # type: ignore[arg-type]
    drawn = Counter((w, tuple(laws.out[r].tolist())) for w, r in zip(which, rows, strict=True))
    assert drawn == {
        (first, (0, -1)): 1,
        (first, (1, -1)): 4,
        (first, (2, -1)): 2,
        (second, (-1, 3)): 2,
        (second, (-1, 4)): 3,
        (third, (5, 5)): 1,
        (fourth, (6, -1)): 9,
    }
    assert sorted(rows[-9:].tolist()) == list(range(laws.start[fourth], laws.start[fourth] + 9))
    with pytest.raises(ValueError):
        laws.add(8, [([0, 0], 1), ([1, 1], 4)])


def _toy_party() -> list[tuple[str, str, Combatant, Weapon]]:
    return [
        ("Ana", "J", Combatant(pv=3, pericia=2), Weapon("1D4")),
        ("Eva", "J", Combatant(pv=2, pericia=1), Weapon("1D4")),
        ("Bruto", "M", Combatant(pv=3, pericia=1), Weapon("1D4")),
        ("Orco", "M", Combatant(pv=2, pericia=1), Weapon("1D4")),
    ]


def _party(system_id: str, k: int = 2) -> tuple[Any, list[tuple[str, str, Any, Any]]]:
    if system_id == "toy":
        return TOY, list(_toy_party())
    s = rolkit.get_system(system_id)
    d = s.defaults()
    a = [(f"A{i}", "a", d["attacker"], d["weapon"]) for i in range(k)]
    return s, a + [(f"B{i}", "b", d["defender"], d["weapon"]) for i in range(k)]


def _chain(system_id: str, k: int = 2) -> Chain:
    s, fighters = _party(system_id, k)
    d = s.defaults()
    return Chain(s, FightSpec(s.id, tuple(fighters)), d["modifiers"], s.options_type(), {})


def test_a_party_is_drawn_side_by_side_and_a_duel_fight_by_fight(monkeypatch):
    calls = {"fights": 0, "turns": 0}
    fight, play = Sampler.fight, Lockstep.play

    def counted_fight(self: Sampler, cap: int, rng: Any) -> Any:
        calls["fights"] += 1
        return fight(self, cap, rng)

    def counted_play(self: Lockstep, *args: Any) -> None:
        calls["turns"] += 1
        play(self, *args)

    monkeypatch.setattr(Sampler, "fight", counted_fight)
    monkeypatch.setattr(Lockstep, "play", counted_play)
    simulate(_chain("core_dread"), None, None, 30, seed=1)
    assert calls["fights"] == 0 and calls["turns"] > 0
    played = calls["turns"]
    simulate(_chain("core_dread", 1), None, None, 30, seed=1)
    assert calls["fights"] == 30 and calls["turns"] == played
    # a system that draws its blows directly (its laws costly to build) draws one by one
    assert side_by_side(_chain("gore")) and not side_by_side(_chain("gore", 1))
    assert not side_by_side(_chain("ashes_of_war"))


TURN_LAWS = [1, lockstep_mod.TURN_LAW_AT, 10**9]


@pytest.mark.parametrize("turn_law_at", TURN_LAWS, ids=["every-law", "shipped", "step-by-step"])
@pytest.mark.parametrize("system_id", ["toy", "core_dread", "gore"])
def test_a_two_against_two_agrees_with_the_exact_odds(monkeypatch, system_id, turn_law_at):
    monkeypatch.setattr(lockstep_mod, "TURN_LAW_AT", turn_law_at)
    s, fighters = _party(system_id)
    n = 3000
    exact = odds_of_fighters(s, fighters, rounds_shown=0)
    assert exact.exact
    sim = odds_of_fighters(s, fighters, method="simulate", simulations=n, seed=4, rounds_shown=0)
    assert sim.method == "simulated" and sim.n == n
    agrees_within_5_sigma(sim, exact, n)


def test_a_party_s_rounds_law_agrees_with_the_exact_one():
    s, fighters = _party("toy")
    n = 3000
    exact = odds_of_fighters(s, fighters)
    assert exact.exact and exact.rounds_law
    sim = odds_of_fighters(s, fighters, method="simulate", simulations=n, seed=8)
    for r in range(1, max(exact.rounds_law) + 1):
        p, got = float(exact.rounds_law.get(r, 0)), float(sim.rounds_law.get(r, 0))
        sigma = math.sqrt(max(p * (1 - p), 1 / n) / n)
        assert abs(got - p) <= 5 * sigma, (r, got, p)


_IN_ANOTHER_PROCESS = """
import rolkit
from rolkit.fight import odds_of_fighters
s = rolkit.get_system("gore")
d = s.defaults()
f = [(f"A{i}", "a", d["attacker"], d["weapon"]) for i in range(2)]
f += [(f"B{i}", "b", d["defender"], d["weapon"]) for i in range(2)]
r = odds_of_fighters(s, f, method="simulate", simulations=400, seed=%d)
print(repr((sorted(r.p_win.items()), r.p_draw, sorted(r.fates.items()), r.rounds_law)))
"""


def _elsewhere(seed: int, hash_seed: str) -> str:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    done = subprocess.run(
        [sys.executable, "-c", _IN_ANOTHER_PROCESS % seed],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    return done.stdout


def test_the_same_seed_gives_the_same_party_in_another_process():
    first = _elsewhere(3, "1")
    assert first.startswith("([('a', Fraction(")
    assert _elsewhere(3, "2") == first
    assert _elsewhere(4, "1") != first


def test_the_collector_is_paused_while_drawing_a_party_and_on_again_after(monkeypatch):
    seen: list[bool] = []
    play = Lockstep.play

    def watched(self: Lockstep, *args: Any) -> None:
        seen.append(gc.isenabled())
        if len(seen) == 3:
            raise RuntimeError("a draw that fails")
        play(self, *args)

    monkeypatch.setattr(Lockstep, "play", watched)
    with pytest.raises(RuntimeError, match="a draw that fails"):
        simulate(_chain("core_dread"), None, None, 20, seed=1)
    assert seen == [False] * 3 and gc.isenabled()
