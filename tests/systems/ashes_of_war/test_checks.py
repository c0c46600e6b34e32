"""The procedures besides the attack (§4.1, §4.2, §4.17–§4.23): the rolls on characters
(feint, locating, running, Auxiliar, waking, Moribundo), movement, Prana and healing, and
the ``CheckProcedure`` objects."""

from __future__ import annotations

import dataclasses
from fractions import Fraction as F

import pytest

from rolkit.dice import ScriptedDice
from rolkit.errors import FieldRangeError, ImpossibleActionError
from rolkit.systems.ashes_of_war import (
    Conditions,
    Modifiers,
    RulesConfig,
    check_distribution,
    combatant,
    defence_pool,
    dying_death_probability,
    movement_allowance,
    p_check_success,
    p_opposed_win,
)
from rolkit.systems.ashes_of_war.checks import (
    aid_roll,
    feint_roll,
    locate_roll,
    p_opposed_check,
    p_simple_check,
    run_roll,
    stabilisation_roll,
    wake_roll,
)
from rolkit.systems.ashes_of_war.rules.healing import healing_days, prana_regen
from rolkit.systems.ashes_of_war.system import SYSTEM

from .aow_fixtures import GORATH, KIRA


# --------------------------------------------------------------------------- rolls (§4.17–§4.21)
def test_feint_puts_a_desgracia_on_the_next_defence():
    kira = dataclasses.replace(KIRA, act=3)
    r = feint_roll(kira, GORATH, ScriptedDice([4, 5, 6, 1, 1]))
    assert r.success and r.reactive_after.feint_pending
    assert defence_pool(r.reactive_after, Modifiers(defence="dodge")).desgracias == 1
    tie = feint_roll(kira, GORATH, ScriptedDice([4, 1, 1, 4, 1]))
    assert not tie.success and not tie.reactive_after.feint_pending


def test_opposed_and_simple_check_laws():
    kira = dataclasses.replace(KIRA, act=4)
    assert p_opposed_check(kira, "act", GORATH, "alert") == p_opposed_win(
        check_distribution(4), check_distribution(2)
    )
    assert p_simple_check(KIRA, "run", "intermediate") == F(1, 4)


def test_locate_run_aid_wake_and_stabilise():
    aldric = combatant("Aldric", skills={"alert": 4, "hide": 3, "run": 3, "aid": 2, "fortitude": 3})
    assert locate_roll(KIRA, aldric, ScriptedDice([4, 4, 4, 1, 1]), hidden_skill="hide").success
    r = run_roll(aldric, "hard", ScriptedDice([1, 2, 3]))
    assert not r.success and r.active_after.pending_desgracias == 1
    bleeding = dataclasses.replace(
        GORATH, conditions=Conditions(bleeding_light=frozenset({"torso"}))
    )
    r = aid_roll(aldric, bleeding, "bleeding", ScriptedDice([4, 5]), location="torso")
    assert r.success and r.reactive_after.conditions.bleeding == {}
    down = dataclasses.replace(aldric, conditions=Conditions(unconscious=True))
    assert wake_roll(down, ScriptedDice([4, 5, 6])).active_after.conditions.unconscious is False
    dying = dataclasses.replace(
        aldric, conditions=Conditions(dying=True, unconscious=True, dying_failures=2)
    )
    r = stabilisation_roll(dying, ScriptedDice([1, 5, 6]))
    assert r.events == ("dead",) and r.active_after.conditions.dead
    r = stabilisation_roll(dying, ScriptedDice([4, 5, 6]))
    assert r.active_after.conditions.stabilised and r.active_after.conditions.unconscious
    with pytest.raises(ImpossibleActionError):
        aid_roll(aldric, GORATH, "stabilise", ScriptedDice([]))


def test_movement_prana_and_healing_options():
    assert movement_allowance("move", rules=RulesConfig(free_metre_stacks_with_move=False)) == 6
    with pytest.raises(FieldRangeError):
        movement_allowance("fly")
    selene = combatant("Selene", skills={"vitality": 4}, prana=10)
    assert prana_regen(selene, 3) == 13 and prana_regen(selene, 99) == 16
    assert healing_days("serious", "left_arm") == 21
    assert healing_days("serious", "left_arm", halved=True) == 10
    assert healing_days("lethal", "left_arm") is None


# --------------------------------------------------------------------------- CheckProcedures
def test_checks_are_declared_and_exact():
    assert set(SYSTEM.checks) == {"skill", "opposed", "stabilise"}
    skill = SYSTEM.checks["skill"]
    form = skill.form(skill="run", ndp=4, adversidad="intermediate")
    assert skill.odds(form).p_success == p_check_success(4, 0, 0, "intermediate") == F(11, 16)
    # Fracturado on a quick roll (Correr): 2 ▽; not on Fortitud.
    assert skill.odds(
        skill.form(skill="run", ndp=3, fractured=True, adversidad="easy")
    ).p_success == (p_check_success(3, 0, 2, "easy"))
    assert skill.odds(
        skill.form(skill="fortitude", ndp=3, fractured=True, adversidad="easy")
    ).p_success == p_check_success(3, 0, 0, "easy")
    opposed = SYSTEM.checks["opposed"]
    o = opposed.odds(opposed.form(active_ndp=4, reactive_ndp=3))
    assert o.p_success == p_opposed_win(check_distribution(4), check_distribution(3)) == F(1, 2)
    stab = SYSTEM.checks["stabilise"]
    assert stab.odds(stab.form(fortitude=3))["dead"] == dying_death_probability(3) == F(343, 512)
    assert stab.odds(stab.form(fortitude=3, failures=2))["dead"] == F(7, 8)


@pytest.mark.parametrize("check_id", ["skill", "opposed", "stabilise"])
def test_check_resolutions_replay_and_land_on_possible_degrees(check_id):
    chk = SYSTEM.checks[check_id]
    form = chk.defaults()
    law = chk.odds(form)
    assert law.total == 1
    seen = {}
    for seed in range(400):
        r = chk.resolve(form, seed=seed)
        assert r == chk.resolve(form, seed=seed)
        assert law[r.degree.id] > 0
        seen[r.degree.id] = seen.get(r.degree.id, 0) + 1
    for degree, n in seen.items():  # 6σ agreement with the exact law
        p = float(law[degree])
        assert abs(n / 400 - p) <= 6 * (p * (1 - p) / 400) ** 0.5 + 1e-9
