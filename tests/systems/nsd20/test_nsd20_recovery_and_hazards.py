"""P15 recovery and P17 hazards (final damage through P8–P10)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction as F

import pytest

import rolkit
from rolkit.dice import ScriptedDice, parse
from rolkit.systems import nsd20
from rolkit.systems.nsd20 import Combatant, NSd20InputError
from rolkit.systems.nsd20.checks import RecoveryForm

HURT = Combatant(constitution=14, fortitude_base=1, pr_max=20, pr_current=5)  # Fortaleza +3


@pytest.mark.parametrize(
    ("character", "pr"),
    [
        (HURT, 3),
        (replace(HURT, wound_state="malherido"), 1),  # half of 3, rounded down (G14)
        (replace(HURT, wound_state="incapacitado"), 0),
        (replace(HURT, pr_current=19), 1),  # never above the maximum
        (replace(HURT, constitution=6), 0),  # Fortaleza −1: nothing, not a loss
    ],
)
def test_daily_pr_recovery(character, pr):
    assert nsd20.daily_pr_recovery(character) == pr


def test_recovery_tests():
    assert nsd20.recovery_cd("malherido") == 15
    assert nsd20.recovery_cd("incapacitado", 2) == 17
    assert nsd20.recovery_cd("inconsciente", 5) == 10
    assert nsd20.recovery_check(13, 2, "malherido") == (True, "none")
    assert nsd20.recovery_check(13, 2, "incapacitado") == (True, "malherido")
    assert nsd20.recovery_check(12, 2, "incapacitado") == (False, "incapacitado")
    assert nsd20.recovery_check(1, 30, "malherido") == (False, "malherido")  # natural 1
    assert nsd20.recovery_probability(2, "malherido") == F(8, 20)
    assert nsd20.recovery_probability(2, "malherido", 3) == F(5, 20)
    with pytest.raises(NSd20InputError):
        nsd20.recovery_cd("moribundo")


def test_recovery_check_procedure():
    chk = rolkit.get_system("nsd20").checks["recovery"]
    odds = chk.odds(RecoveryForm(fortitude_total=2, condition="malherido", earlier_failures=3))
    assert odds.p_success == F(5, 20)
    r = chk.resolve(RecoveryForm(fortitude_total=2), seed=4)
    assert r.outcome["after"] == ("none" if r.success else "malherido")


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


E2_D = Combatant(
    dexterity=12, reflexes_base=2, fortitude_base=2, pr_max=12, serious_wound_threshold=8
)


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


# --------------------------------------------------------------------------- initiative
def test_initiative_ties_by_modifier_then_roll_off():
    from rolkit.fight import Fight, InitiativeEntry
    from rolkit.systems.nsd20.turns import roll_initiative

    quick = Combatant(dexterity=14, reflexes_base=2)  # Iniciativa +4
    slow = Combatant()  # +0
    entries = [
        InitiativeEntry("A", "x", quick),
        InitiativeEntry("B", "y", quick),
        InitiativeEntry("C", "y", slow),
    ]
    rng = ScriptedDice([10, 10, 14, 5, 12])  # A 14, B 14, C 14; A and B roll off: 5 < 12
    order, steps = roll_initiative(entries, rng)
    assert order == ["B", "A", "C"] and rng.remaining == 0
    assert [s.label for s in steps].count("nsd20.step.initiative_tie") == 2

    fight = Fight(rolkit.get_system("nsd20"))
    fight.add("A", "x", quick)
    fight.add("C", "y", slow)
    assert set(fight.roll_initiative(seed=9).order) == {"A", "C"}
