"""§7 Worked examples V1–V21 of the NSd20 spec, data-driven and exact."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction as F

import pytest

from rolkit.dice import ScriptedDice
from rolkit.systems import nsd20
from rolkit.systems.nsd20 import (
    Combatant,
    EffortEvent,
    EffortState,
    Modifiers,
    NSd20InputError,
    Weapon,
)

# E1 / E2 (V15, V17)
E1_A = Combatant(dexterity=14, strength=12, attack_base=3)
E1_D = Combatant(dexterity=12, reflexes_base=2, pr_max=20, serious_wound_threshold=10)
E1_W = Weapon(kind="melee", damage_dice=1, damage_die=6)
E2_A = Combatant(dexterity=14, attack_base=3)
E2_D = Combatant(
    dexterity=12,
    reflexes_base=2,
    constitution=10,
    fortitude_base=2,
    armor_rd=1,
    pr_max=12,
    serious_wound_threshold=8,
)
E2_W = Weapon(kind="ranged", damage_dice=2, damage_die=6)
M0 = Modifiers()


# --------------------------------------------------------------------------- V1
@pytest.mark.parametrize(
    ("score", "mod"),
    [
        (1, -5),
        (3, -4),
        (8, -1),
        (9, -1),
        (10, 0),
        (11, 0),
        (12, 1),
        (18, 4),
        (20, 5),
        (21, 5),
        (30, 10),
        (0, -5),
    ],
)
def test_v1_characteristic_modifier(score, mod):
    assert nsd20.characteristic_modifier(score) == mod


@pytest.mark.parametrize("score", [-1, 31])
def test_v1_out_of_range_scores(score):
    with pytest.raises(NSd20InputError) as info:
        nsd20.characteristic_modifier(score)
    assert info.value.field == "score" and "0 to 30" in str(info.value)


def test_v1_zero_is_rejected_as_combatant_input():
    with pytest.raises(NSd20InputError):
        Combatant(dexterity=0)


# --------------------------------------------------------------------------- V2–V5
@pytest.mark.parametrize(
    ("args", "total", "success", "margin", "automatic"),
    [
        ((16, 6, 20), 22, True, 2, False),  # V2 Turner tracking
        ((1, 15, 10), 16, False, 6, True),  # V3 natural 1
        ((20, 0, 25), 20, True, -5, True),  # V3 natural 20
    ],
)
def test_v2_v3_check(args, total, success, margin, automatic):
    r = nsd20.check(*args)
    assert (r.total, r.success, r.margin, r.automatic) == (total, success, margin, automatic)


@pytest.mark.parametrize(
    ("modifier", "cd", "p"),
    [
        (6, 20, F(7, 20)),
        (11, 20, F(3, 5)),
        (0, 25, F(1, 20)),
        (15, 10, F(19, 20)),
        (-1, 15, F(1, 4)),
        (4, 22, F(3, 20)),
    ],
)
def test_v4_v5_v9_v11_check_probability(modifier, cd, p):
    assert nsd20.check_probability(modifier, cd) == p


def test_v4_extra_effort_adds_five():
    assert nsd20.check(15, 6, 20, extra_effort=True).total == 26
    assert nsd20.check_probability(6 + 5, 20) == F(3, 5)


# --------------------------------------------------------------------------- V6
def test_v6_opposed():
    assert nsd20.opposed_probability(2, 0, ties_allowed=False) == {
        "a": F(229, 382),
        "b": F(153, 382),
        "tie": F(0),
    }
    assert nsd20.opposed_probability(2, 0, ties_allowed=True) == {
        "a": F(229, 400),
        "b": F(153, 400),
        "tie": F(18, 400),
    }
    assert nsd20.opposed_check(15, 15, ties_allowed=False) == "reroll"
    assert nsd20.opposed_check(15, 15, ties_allowed=True) == "tie"
    assert nsd20.opposed_check(16, 15, ties_allowed=False) == "a"


# --------------------------------------------------------------------------- V7
def test_v7_aid_another():
    assert nsd20.aid_another_bonus([(12, 0), (9, 0)]) == 2
    assert nsd20.aid_bonus_distribution([0, 0]) == {0: F(81, 400), 2: F(99, 200), 4: F(121, 400)}


# --------------------------------------------------------------------------- V8
def test_v8_take_10_and_20():
    t10 = nsd20.take_result(
        6, 10, under_pressure=False, distracted=False, failure_has_consequences=True
    )
    assert (t10.total, t10.time_rounds) == (16, 1)
    assert not nsd20.take_succeeds(t10, 10, 20)
    t20 = nsd20.take_result(
        6, 20, under_pressure=False, distracted=False, failure_has_consequences=False
    )
    assert (t20.total, t20.time_rounds) == (26, 20)
    with pytest.raises(NSd20InputError):
        nsd20.take_result(
            6, 10, under_pressure=True, distracted=False, failure_has_consequences=False
        )


# --------------------------------------------------------------------------- V9
def test_v9_condition_modifiers_and_tools():
    assert nsd20.condition_modifier("estorbo", False) == -4
    assert nsd20.condition_modifier("obstaculo", True) == 6
    modifier = 5 - 4 + nsd20.condition_modifier("inconveniente", False)
    assert modifier == -1
    assert nsd20.check_probability(modifier, 15) == F(1, 4)


# --------------------------------------------------------------------------- V10
def test_v10_experience():
    assert nsd20.xp_per_character_point(18) == 16
    assert nsd20.xp_per_character_point(8) == 21
    assert nsd20.character_points_from_xp(40, 18) == (2, 8)
    assert nsd20.session_xp(3, 2, 1, 2) == 8
    assert nsd20.session_xp(1, attended=True, boycott=True) == 0


# --------------------------------------------------------------------------- V11
def test_v11_concentration():
    assert nsd20.concentration_cd(7, unstable_ground=True) == 22
    assert nsd20.check_probability(4, 22) == F(3, 20)


# --------------------------------------------------------------------------- V12
def _ev(kind: str, **kw) -> EffortEvent:
    if kind == "use_effort":
        kw.setdefault("benefit", "speed")
    return EffortEvent(kind=kind, **kw)


# (events, expected fatigue, pending, action points) per row of the V12 table
V12_ROWS = [
    (["use_effort"], "normal", True, 1),
    (["start_of_round"], "fatigado", False, 1),
    (["start_of_turn", "use_effort"], "fatigado", True, 1),
    (["start_of_round"], "exhausto", False, 1),
    (["start_of_turn+ap"], "fatigado", False, 0),
    (["use_effort", "start_of_round"], "exhausto", False, 0),
    (["start_of_turn", "use_effort", "start_of_round"], "inconsciente", False, 0),
]


def _event(name: str) -> EffortEvent:
    if name == "start_of_turn+ap":
        return _ev("start_of_turn", spend_action_point=True)
    return _ev(name)


def test_v12_effort_state_machine():
    state = EffortState(action_points=1)
    for events, fatigue, pending, ap in V12_ROWS:
        for name in events:
            state = nsd20.effort_step(state, _event(name))
        assert (state.fatigue, state.pending, state.action_points) == (fatigue, pending, ap), events
    state = nsd20.effort_step(state, _ev("start_of_turn"))
    with pytest.raises(NSd20InputError, match="Inconsciente"):
        nsd20.effort_step(state, _ev("use_effort"))


def test_v12_twice_in_one_turn_is_refused():
    state = nsd20.effort_step(EffortState(), _ev("use_effort"))
    with pytest.raises(NSd20InputError, match="once per turn"):
        nsd20.effort_step(state, _ev("use_effort"))


# --------------------------------------------------------------------------- V13
@pytest.mark.parametrize(
    ("defender", "value"),
    [
        (Combatant(dexterity=16, reflexes_base=1), 14),
        (Combatant(dexterity=16, reflexes_base=1, flat_footed=True), 11),
        (Combatant(dexterity=6, reflexes_base=2), 10),
        (Combatant(dexterity=6, reflexes_base=2, flat_footed=True), 10),
    ],
)
def test_v13_defense(defender, value):
    assert nsd20.defense(defender, M0) == value


@pytest.mark.parametrize(("fatigue", "bonus"), [("normal", 5), ("fatigado", 4), ("exhausto", 2)])
def test_v13_attack_bonus(fatigue, bonus):
    a = Combatant(dexterity=14, attack_base=3, fatigue=fatigue)
    assert nsd20.attack_bonus(a, Weapon(), M0) == bonus


# --------------------------------------------------------------------------- V14
@pytest.mark.parametrize(
    ("natural", "fort", "band"),
    [
        (16, 3, "none"),
        (12, 3, "malherido"),
        (9, 3, "incapacitado"),
        (5, 3, "moribundo"),
        (1, 3, "moribundo"),
        (1, 25, "malherido"),
    ],
)
def test_v14_massive_damage_bands(natural, fort, band):
    assert nsd20.massive_damage_result(natural, fort, 9) == band


# --------------------------------------------------------------------------- V15, V17
V15_DAMAGE = {
    0: F(7, 20),
    2: F(247, 2400),
    3: F(247, 2400),
    4: F(299, 2880),
    5: F(377, 3600),
    6: F(169, 1600),
    7: F(767, 7200),
    8: F(13, 2880),
    9: F(13, 2400),
    10: F(13, 2880),
    11: F(13, 3600),
    12: F(13, 4800),
    13: F(13, 7200),
    14: F(13, 14400),
}
V15_CRIT = {
    4: F(1, 36),
    5: F(1, 18),
    6: F(1, 12),
    7: F(1, 9),
    8: F(5, 36),
    9: F(1, 6),
    10: F(5, 36),
    11: F(1, 9),
    12: F(1, 12),
    13: F(1, 18),
    14: F(1, 36),
}


def _sum_of_d6(n: int, shift: int) -> dict[int, F]:
    law = {0: F(1)}
    for _ in range(n):
        step: dict[int, F] = {}
        for s, p in law.items():
            for face in range(1, 7):
                step[s + face] = step.get(s + face, F(0)) + p / 6
        law = step
    return {s + shift: p for s, p in sorted(law.items())}


EXAMPLES = {
    "V15": dict(
        forms=(E1_A, E1_D, E1_W, M0),
        attack_bonus=5,
        defense=13,
        outcome={"miss": F(7, 20), "hit": F(247, 400), "critical": F(13, 400)},
        damage=V15_DAMAGE,
        damage_given_hit={d: F(1, 6) for d in range(2, 8)},
        damage_given_critical=V15_CRIT,
        p_massive=F(13, 960),
        wound={
            "none": F(7, 20),
            "pr_loss": F(12233, 19200),
            "malherido": F(143, 57600),
            "incapacitado": F(13, 3840),
            "moribundo": F(403, 57600),
        },
    ),
    "V17": dict(
        forms=(E2_A, E2_D, E2_W, M0),
        attack_bonus=5,
        defense=13,
        outcome={"miss": F(7, 20), "hit": F(247, 400), "critical": F(13, 400)},
        damage=None,
        damage_given_hit=_sum_of_d6(2, -1),
        damage_given_critical=_sum_of_d6(4, -1),
        p_massive=F(52429, 259200),
        wound={
            "none": F(7, 20),
            "pr_loss": F(835471, 1728000),
            "malherido": F(18733, 414720),
            "incapacitado": F(18733, 414720),
            "moribundo": F(197431, 2592000),
        },
    ),
}


@pytest.mark.parametrize("name", EXAMPLES)
def test_v15_v17_attack_outcomes(name):
    ex = EXAMPLES[name]
    o = nsd20.attack_outcomes(*ex["forms"])
    assert (o.attack_bonus, o.defense) == (ex["attack_bonus"], ex["defense"])
    assert o.outcome == ex["outcome"]
    if ex["damage"] is not None:
        assert o.damage == ex["damage"]
    assert o.damage_given_hit == ex["damage_given_hit"]
    assert o.damage_given_critical == ex["damage_given_critical"]
    assert o.p_massive == ex["p_massive"]
    assert o.wound == ex["wound"]
    for law in (o.outcome, o.damage, o.damage_given_hit, o.damage_given_critical, o.wound):
        assert sum(law.values()) == 1


# --------------------------------------------------------------------------- V16, V18–V20
RESOLVE_CASES = {
    "V16 critical": dict(
        dice=[20, 9, 4, 6, 15],
        outcome="critical",
        damage=12,
        pr_after=8,
        state="incapacitado",
        massive=True,
        stunned_rounds=1,
        wound="incapacitado",
    ),
    "V16 miss": dict(
        dice=[7],
        outcome="miss",
        damage=0,
        pr_after=20,
        state="none",
        massive=False,
        stunned_rounds=0,
        wound="none",
    ),
    "V16 hit": dict(
        dice=[8, 5],
        outcome="hit",
        damage=6,
        pr_after=14,
        state="none",
        massive=False,
        stunned_rounds=0,
        wound="pr_loss",
    ),
    "V16 unconfirmed": dict(
        dice=[20, 2, 3],
        outcome="hit",
        damage=4,
        pr_after=16,
        state="none",
        massive=False,
        stunned_rounds=0,
        wound="pr_loss",
    ),
    "V18 PR to zero": dict(
        dice=[12, 5],
        defender=dict(pr_current=4),
        outcome="hit",
        damage=6,
        pr_after=-2,
        state="moribundo",
        massive=False,
        stunned_rounds=0,
        wound="moribundo",
    ),
    "V19 same state escalates": dict(
        dice=[12, 6, 14],
        defender=dict(serious_wound_threshold=6, wound_state="malherido"),
        outcome="hit",
        damage=7,
        pr_after=13,
        state="incapacitado",
        massive=True,
        stunned_rounds=1,
        wound="incapacitado",
    ),
    "V19 from none": dict(
        dice=[12, 6, 14],
        defender=dict(serious_wound_threshold=6),
        outcome="hit",
        damage=7,
        pr_after=13,
        state="malherido",
        massive=True,
        stunned_rounds=1,
        wound="malherido",
    ),
    "V20 effort hit": dict(
        dice=[8, 5],
        modifiers=dict(extra_effort_damage=True),
        outcome="hit",
        damage=8,
        pr_after=12,
        state="none",
        massive=False,
        stunned_rounds=0,
        wound="pr_loss",
    ),
    "V20 effort critical": dict(
        dice=[20, 9, 4, 6, 3],
        modifiers=dict(extra_effort_damage=True),
        outcome="critical",
        damage=14,
        pr_after=6,
        state="moribundo",
        massive=True,
        stunned_rounds=0,
        wound="moribundo",
    ),
}


@pytest.mark.parametrize("name", RESOLVE_CASES)
def test_v16_v18_v19_v20_resolve_with_scripted_dice(name):
    case = RESOLVE_CASES[name]
    defender = replace(E1_D, **case.get("defender", {}))
    modifiers = replace(M0, **case.get("modifiers", {}))
    rng = ScriptedDice(case["dice"])
    r = nsd20.resolve_attack(E1_A, defender, E1_W, modifiers, rng)
    assert rng.remaining == 0, "every scripted die is used, none more"
    got = dict(
        outcome=r.outcome,
        damage=r.damage,
        pr_after=r.pr_after,
        state=r.wound_state_after,
        massive=r.massive,
        stunned_rounds=r.stunned_rounds,
        wound=r.key.wound,
    )
    assert got == {k: case[k] for k in got}
    assert sum((s.dice for s in r.steps), ()) == tuple(case["dice"])
    assert any("Concentración" in e for e in r.effects) == (r.damage > 0)
    # the roll is one of the outcomes the exact odds list
    law = nsd20.attack_law(E1_A, defender, E1_W, modifiers)
    assert law[r.key] > 0


def test_v16_critical_details():
    r = nsd20.resolve_attack(E1_A, E1_D, E1_W, M0, ScriptedDice([20, 9, 4, 6, 15]))
    assert (r.damage_raw, r.rd_applied) == (12, 0)
    massive = r.steps[-2]
    assert massive.values["total"] == 15 and massive.values["cd"] == 22
    assert massive.values["failed_by"] == 7
    assert r.defender_after.pr_current == 8 and r.defender_after.stunned


def test_v20_effort_state_after_the_attack():
    r = nsd20.resolve_attack(
        E1_A, E1_D, E1_W, Modifiers(extra_effort_damage=True), ScriptedDice([8, 5])
    )
    assert r.attacker_effort_state.used_this_turn and r.attacker_effort_state.pending
    assert r.attacker_after.effort_used_this_turn


def test_v20_effort_benefits_table():
    b = nsd20.EFFORT_BENEFITS
    assert b["check_bonus"]["bonus"] == 5
    assert b["melee_damage"]["damage"] == 2
    assert (b["speed"]["speed_m"], b["speed"]["jump_m"], b["speed"]["rounds"]) == (3, 1, 1)
    assert (b["carry"]["carry_multiplier"], b["carry"]["rounds"]) == (2, 1)
    assert b["will_save"]["extra_will_saves"] == 1


# --------------------------------------------------------------------------- V21
def test_v21_total_cover():
    with pytest.raises(NSd20InputError, match="total cover cannot be attacked") as info:
        Modifiers(cover="total")
    assert info.value.field == "cover"


@pytest.mark.parametrize(
    ("attacker", "weapon", "modifiers", "field"),
    [
        (
            E1_A,
            Weapon(kind="ranged"),
            Modifiers(extra_effort_damage=True),
            "modifiers.extra_effort_damage",
        ),
        (replace(E1_A, fatigue="inconsciente"), E1_W, M0, "attacker.fatigue"),
        (E1_A, E1_W, Modifiers(range_increments=2), "modifiers.range_increments"),
        (
            replace(E1_A, effort_used_this_turn=True),
            E1_W,
            Modifiers(extra_effort_damage=True),
            "modifiers.extra_effort_damage",
        ),
    ],
)
def test_v21_invalid_combinations(attacker, weapon, modifiers, field):
    for call in (
        lambda: nsd20.attack_outcomes(attacker, E1_D, weapon, modifiers),
        lambda: nsd20.resolve_attack(attacker, E1_D, weapon, modifiers, ScriptedDice([10] * 9)),
    ):
        with pytest.raises(NSd20InputError) as info:
            call()
        assert info.value.field == field
        assert info.value.message("es") != str(info.value)


def test_v21_strength_zero_names_the_field_and_range():
    with pytest.raises(NSd20InputError) as info:
        Combatant(strength=0)
    assert info.value.field == "strength"
    assert str(info.value).startswith("strength must be")
    assert "1 to 30" in str(info.value) and "(got 0)" in str(info.value)
