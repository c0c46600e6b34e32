"""An Ashes of War turn in the simulation (#27 item 6): its attacks drawn by
``SYSTEM.sample_blow`` (``test_sample``: exact), its other actions by their check's degree
drawn from the check's exact odds and that degree's effect.

* each action besides the attack (Auxiliarse, Fintar, Correr, Levantarse, Recoger) drawn
  over every value of its compiled degree law gives exactly the action's law;
* a small duel simulated (two rounds, blows aimed at the torso so that the exact chain
  stays small, a cutting weapon so that bleeders tend themselves) agrees with the exact
  odds within 5σ, and its blows went through ``sample_blow``;
* the same seed replays the same fights of the default duel, another seed draws others.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from fractions import Fraction as F
from typing import Any

import pytest

from rolkit.fight import odds_of_fighters
from rolkit.fight.acting import ActKey
from rolkit.fight.chain import Chain
from rolkit.fight.simulate import Sampler
from rolkit.fight.spec import FightSpec
from rolkit.systems.ashes_of_war import Conditions, Modifiers, Weapon, combatant
from rolkit.systems.ashes_of_war.attack.sample import sample_blow
from rolkit.systems.ashes_of_war.system import SYSTEM
from tests.agreement import agrees_within_5_sigma

from .aow_fixtures import ESPADA, GORATH, KIRA


class _Every:
    """A stand-in random source whose ``randrange(den)`` runs through 0 .. den − 1."""

    def __init__(self) -> None:
        self.next = 0

    def randrange(self, den: int) -> int:
        value, self.next = self.next % den, self.next + 1
        return value


BLEEDING = Conditions(bleeding_light=frozenset({"torso"}))
ACTOR = dataclasses.replace(KIRA, aid=2, act=2, run=2)
CHECK_CASES = {
    "aid_self": dataclasses.replace(ACTOR, conditions=BLEEDING),
    "feint": ACTOR,
    "run": dataclasses.replace(ACTOR, pending_desgracias=1),
    "stand": dataclasses.replace(ACTOR, conditions=Conditions(prone=True)),
    "pick_up": dataclasses.replace(ACTOR, conditions=Conditions(weapon_dropped=True)),
}


@pytest.mark.parametrize("action", list(CHECK_CASES))
def test_an_action_drawn_by_its_degree_has_the_action_law(action):
    actor = CHECK_CASES[action]
    fighters = (("K", "a", actor, ESPADA), ("G", "b", GORATH, ESPADA))
    chain = Chain(SYSTEM, FightSpec(SYSTEM.id, fighters), Modifiers(), SYSTEM.options_type(), {})
    sampler = Sampler(chain)
    me, weapon = chain.intern(actor), chain.intern(ESPADA)
    target = chain.intern(GORATH) if action == "feint" else me
    key = ActKey(action, me, weapon, target, (), True)
    assert not chain.refused(key)
    rng: Any = _Every()
    first = sampler.draw(key, rng)
    (table,) = sampler._degrees.values()  # the degree law compiled by that first draw
    drawn = Counter([first, *(sampler.draw(key, rng) for _ in range(table.den - 1))])
    den, rows = chain.act_law(key)
    assert {a: F(n, table.den) for a, n in drawn.items()} == {a: F(w, den) for a, w in rows}
    assert len(rows) > 1 or action in ("stand", "pick_up")  # a certain action: one row


def test_a_small_duel_simulated_agrees_with_the_exact_odds():
    calls = Counter[str]()

    def counted(*args: Any) -> Any:
        calls["blows"] += 1
        return sample_blow(*args)

    system = dataclasses.replace(SYSTEM, sample_blow=counted)
    mace = Weapon("Maza", damage="2d6", damage_type="cutting")
    a = combatant("A", skills={"melee": 2, "dodge": 1, "aid": 2})
    b = combatant("B", skills={"melee": 2, "dodge": 1, "aid": 2})
    fighters = [("A", "a", a, mace), ("B", "b", b, mace)]
    kw: dict[str, Any] = {
        "rounds": 2,
        "rounds_shown": 0,
        "modifiers": Modifiers(aimed_location="torso", defence="dodge"),
    }
    exact = odds_of_fighters(system, fighters, method="exact", **kw)
    assert exact.exact
    n = 2000
    sim = odds_of_fighters(system, fighters, method="simulate", simulations=n, seed=3, **kw)
    assert sim.method == "simulated" and calls["blows"] > 100  # the rest: compiled laws
    agrees_within_5_sigma(sim, exact, n)


def test_the_same_seed_replays_the_same_default_duel():
    d = SYSTEM.defaults()
    fighters = [("A", "a", d["attacker"], d["weapon"]), ("B", "b", d["defender"], d["weapon"])]
    kw: dict[str, Any] = {"method": "simulate", "simulations": 60, "rounds_shown": 0}
    first = odds_of_fighters(SYSTEM, fighters, seed=11, **kw)
    again = odds_of_fighters(SYSTEM, fighters, seed=11, **kw)
    other = odds_of_fighters(SYSTEM, fighters, seed=12, **kw)
    assert first.method == "simulated" and first.n == 60
    assert (first.p_win, first.fates, first.rounds_law) == (
        again.p_win,
        again.fates,
        again.rounds_law,
    )
    assert (first.fates, first.rounds_law) != (other.fates, other.rounds_law)
