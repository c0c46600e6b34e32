"""The simulation draws from the blows' compiled exact laws (#27 item 6):

* a law compiled to a :class:`~rolkit.fight.simulate.Table` gives each row exactly its
  weight (every value of ``randrange(den)`` lands on one row, as many as its weight);
* the same seed replays the same fights (and another seed draws other ones);
* on fights small enough to solve exactly, the simulated wins and fates agree with the
  exact ones within 5σ — for a toy system with rules between attacks, drawing step by
  step and drawing whole turns, and for two real systems (Core Dread and G.O.R.E.,
  whose turns are turns of actions).
"""

from __future__ import annotations

import math
from collections import Counter

import pytest

import rolkit
import rolkit.fight.simulate as simulate_mod
from rolkit.fight import odds_of_fighters
from rolkit.fight.simulate import Table
from tests.contract.toy_turn import SYSTEM as TOY
from tests.contract.toy_turn import Combatant, Weapon


class _Every:
    """A stand-in random source whose ``randrange(den)`` runs through 0 .. den − 1."""

    def __init__(self) -> None:
        self.next = 0

    def randrange(self, den: int) -> int:
        value, self.next = self.next % den, self.next + 1
        return value


def test_a_compiled_law_gives_each_row_exactly_its_weight():
    table = Table.of(7, [("a", 1), ("b", 4), ("c", 2)])
    rng = _Every()
    drawn = Counter(table.draw(rng) for _ in range(7))  # type: ignore[arg-type]
    assert drawn == {"a": 1, "b": 4, "c": 2}
    with pytest.raises(ValueError):
        Table.of(8, [("a", 1), ("b", 4), ("c", 2)])


def _toy_duel() -> list[tuple[str, str, Combatant, Weapon]]:
    return [
        ("Ana", "Jugadores", Combatant(pv=4, pericia=2), Weapon("1D4")),
        ("Bruto", "Monstruos", Combatant(pv=5, pericia=1), Weapon("1D4")),
    ]


def _default_duel(system_id: str) -> tuple[rolkit.System, list[tuple[str, str, object, object]]]:
    s = rolkit.get_system(system_id)
    d = s.defaults()
    return s, [("A", "a", d["attacker"], d["weapon"]), ("B", "b", d["defender"], d["weapon"])]


def _agrees(sim: object, exact: object, n: int) -> None:
    """Every side's win, the draw and every combatant's fate within 5σ of the exact."""
    pairs = [(sim.p_win[k], exact.p_win[k]) for k in exact.p_win]  # type: ignore[attr-defined]
    pairs.append((sim.p_draw, exact.p_draw))  # type: ignore[attr-defined]
    for name, fates in exact.fates.items():  # type: ignore[attr-defined]
        for fate, p in fates.items():
            pairs.append((sim.fates[name].get(fate, 0), p))  # type: ignore[attr-defined]
    for got, p in pairs:
        sigma = math.sqrt(max(float(p) * (1 - float(p)), 1 / n) / n)
        assert abs(float(got) - float(p)) <= 5 * sigma, (got, p)


def test_the_same_seed_replays_the_same_fights():
    fighters = _toy_duel()
    kw = {"method": "simulate", "simulations": 600, "rounds_shown": 0}
    first = odds_of_fighters(TOY, fighters, seed=11, **kw)
    again = odds_of_fighters(TOY, fighters, seed=11, **kw)
    other = odds_of_fighters(TOY, fighters, seed=12, **kw)
    assert first.method == "simulated" and first.n == 600
    assert (first.p_win, first.fates, first.rounds_law) == (
        again.p_win,
        again.fates,
        again.rounds_law,
    )
    assert (first.p_win, first.rounds_law) != (other.p_win, other.rounds_law)


@pytest.mark.parametrize("turn_table_at", [1, 10**9], ids=["whole-turns", "step-by-step"])
def test_a_toy_fight_with_rules_between_attacks_agrees_with_the_exact_odds(
    monkeypatch, turn_table_at
):
    monkeypatch.setattr(simulate_mod, "TURN_TABLE_AT", turn_table_at)
    n = 3000
    exact = odds_of_fighters(TOY, _toy_duel(), rounds_shown=0)
    assert exact.exact
    sim = odds_of_fighters(TOY, _toy_duel(), method="simulate", simulations=n, seed=3)
    _agrees(sim, exact, n)


@pytest.mark.parametrize("system_id", ["core_dread", "gore"])
def test_a_real_duel_agrees_with_the_exact_odds(system_id):
    s, fighters = _default_duel(system_id)
    n = 1000
    exact = odds_of_fighters(s, fighters, rounds_shown=0)
    assert exact.exact
    sim = odds_of_fighters(s, fighters, method="simulate", simulations=n, seed=5, rounds_shown=0)
    assert sim.method == "simulated"
    _agrees(sim, exact, n)


@pytest.mark.parametrize("system_id", ["toy", "core_dread"])
def test_the_rounds_law_agrees_with_the_exact_one(system_id):
    """Each round's chance of ending there within 5σ of the exact (a fight ended by the
    round's last turn ended in that round: before #27 item 6 it was told as the next)."""
    if system_id == "toy":
        s, fighters = TOY, _toy_duel()
    else:
        s, fighters = _default_duel(system_id)
    n = 3000
    exact = odds_of_fighters(s, fighters)
    assert exact.exact and exact.rounds_law
    sim = odds_of_fighters(s, fighters, method="simulate", simulations=n, seed=7)
    shown = max(exact.rounds_law)  # the exact law is told up to where its tail is thin
    for r in range(1, shown + 1):
        p, got = float(exact.rounds_law.get(r, 0)), float(sim.rounds_law.get(r, 0))
        sigma = math.sqrt(max(p * (1 - p), 1 / n) / n)
        assert abs(got - p) <= 5 * sigma, (r, got, p)
