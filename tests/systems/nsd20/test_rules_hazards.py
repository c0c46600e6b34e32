"""P17 hazards: final damage through P8–P10 (:mod:`rolkit.systems.nsd20.rules.hazards`)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction as F

import pytest

import rolkit
from rolkit.dice import ScriptedDice, parse
from rolkit.systems import nsd20
from rolkit.systems.nsd20 import (
    Combatant,
)

S = rolkit.get_system("nsd20")
E1_A = Combatant(dexterity=14, strength=12, attack_base=3)
E1_D = Combatant(dexterity=12, reflexes_base=2, pr_max=20, serious_wound_threshold=10)
E2_D = Combatant(
    dexterity=12, reflexes_base=2, fortitude_base=2, pr_max=12, serious_wound_threshold=8
)


def _brute_hazard(defender, law):
    """Every damage value × every Fortaleza face through apply_hazard (scripted dice)."""
    out: dict[str, F] = {}
    for damage, p in law.items():
        for f in range(1, 21):
            rng = ScriptedDice([f])
            res = nsd20.apply_hazard(defender, damage, rng)
            weight = p / 20
            out[res.wound] = out.get(res.wound, F(0)) + weight
    return out


@pytest.mark.parametrize(
    "defender",
    [E2_D, replace(E2_D, wound_state="malherido", pr_current=6), replace(E2_D, pr_current=3)],
)
def test_hazard_outcomes_match_every_fortaleza_face(defender):
    fire = parse("2d6").distribution()
    got = nsd20.hazard_outcomes(defender, fire)
    assert sum(got.values()) == 1
    assert got == {k: v for k, v in _brute_hazard(defender, fire).items() if v}


def test_hazard_fixed_damage_and_after_state():
    res = nsd20.apply_hazard(E2_D, 9, ScriptedDice([5]))  # CD 19, 5 + 2 = 7: fails by 12
    assert (res.massive, res.wound, res.fate) == (True, "moribundo", "dying")
    assert res.defender_after.pr_current == 3 and res.defender_after.wound_state == "moribundo"
    small = nsd20.apply_hazard(E2_D, 3, ScriptedDice([]))  # below the threshold: no die
    assert (small.massive, small.wound, small.defender_after.pr_current) == (False, "pr_loss", 9)
    assert nsd20.hazard_outcomes(E2_D, 0) == {"none": 1}
