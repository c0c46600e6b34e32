"""§8 Worked examples V01–V32 of the Ashes Of War spec, data-driven and exact."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from fractions import Fraction as F
from typing import Any

import pytest

from rolkit.dice import ScriptedDice
from rolkit.model import FieldRangeError, ImpossibleActionError
from rolkit.systems.ashes_of_war import (
    ArmorPiece,
    Conditions,
    Modifiers,
    PoolSpec,
    Weapon,
    WoundMark,
    apply_wound,
    attack_outcomes,
    attack_pool,
    bleed_tick,
    check_distribution,
    combatant,
    defence_pool,
    dying_death_probability,
    hit_location,
    movement_allowance,
    outcome_marginal,
    p_check_success,
    p_opposed_win,
    prana_max,
    reload_actions,
    resolve_attack,
    total_desgracias,
    undefended_threshold,
    wounds_from_marks,
)
from rolkit.systems.ashes_of_war.rules.location import location_weights

from .aow_fixtures import ESPADA, GORATH, HACHA, KIRA


def scripted(a, d, w, m, faces):
    dice = ScriptedDice(faces)
    r = resolve_attack(a, d, w, m, dice)
    assert dice.remaining == 0, "every scripted face is drawn, no more"
    return r.outcome


def integrity(outcome, name):
    return dict(outcome.integrity_changes).get(name)


GORATH_HURT = dataclasses.replace(
    GORATH,
    conditions=Conditions(bruised=True, fractured=frozenset({"left_leg"})),
    feint_pending=True,
    defences_this_turn=2,
)
V06_A = combatant("A", skills={"melee": 1})
V06_D = combatant("D", armor=(ArmorPiece("Peto", {"torso": 2}),))
MAZA = Weapon("Maza", damage="1d4", damage_type="blunt")
ARCO = Weapon("Arco", skill="ranged", damage="4d3", damage_type="piercing")
KIRA_BROKEN_SHIELD = dataclasses.replace(KIRA, shield=dataclasses.replace(KIRA.shield, integrity=0))
KIRA_FRACTURED = dataclasses.replace(
    KIRA, conditions=Conditions(fractured=frozenset({"left_hand"}))
)
TORSO_4_LIGHT = combatant(
    "D", wounds=wounds_from_marks({"torso": (WoundMark("light", "blunt"),) * 4})
)
ARM_1_SERIOUS = combatant(
    "D",
    wounds=wounds_from_marks({"right_arm": (WoundMark("serious", "cutting"),)}),
    conditions=Conditions(first_serious_effects=frozenset({"right_arm"})),
)
HEAD_1_SERIOUS = combatant(
    "D", wounds=wounds_from_marks({"head": (WoundMark("serious", "cutting"),)})
)
FRESH = combatant("Fresh")
V12_M = Modifiers(defence="intercept_shield", aimed_location="torso")


def _v07():
    dist = attack_outcomes(KIRA, GORATH, ESPADA, V12_M)
    return outcome_marginal(dist, "category", "wound_box")


def _v12(dying_rule=False):
    m = dataclasses.replace(V12_M, dying_rule=dying_rule)
    return scripted(KIRA, GORATH, ESPADA, m, [6, 5, 2, 4, 4, 1, 2, 4, 5, 6])


def _v20():
    r = apply_wound(ARM_1_SERIOUS, "right_arm", "serious", "piercing")
    t = bleed_tick(r.state, "right_arm")
    return r.events, t.wound_box, tuple(m.severity for m in t.state.wounds.marks("right_arm"))


def _v21():
    a = apply_wound(FRESH, "left_hand", "lethal", "cutting").state.conditions
    b = apply_wound(FRESH, "left_arm", "lethal", "blunt").state.conditions
    return (a.dismembered, a.bleeding, b.dismembered, b.bleeding)


def _v22():
    c = apply_wound(HEAD_1_SERIOUS, "head", "serious", "cutting").state.conditions
    return c.unconscious, c.bleeding


def _v18_law():
    w = location_weights()
    return F(w["head"], 20), F(w["torso"], 20), F(w["left_hand"], 20)


# (id, computation, expected)
CASES: list[tuple[str, Callable[[], Any], Any]] = [
    ("V01", lambda: check_distribution(2), {0: F(1, 4), 1: F(1, 2), 2: F(1, 4)}),
    ("V02", lambda: p_check_success(4, 0, 0, "intermediate"), F(11, 16)),
    ("V03", lambda: p_check_success(3, 0, 1, "easy"), F(11, 16)),
    ("V04", lambda: p_opposed_win(check_distribution(4), check_distribution(3)), F(1, 2)),
    (
        "V05",
        lambda: (check_distribution(3, 0, 2), p_check_success(3, 0, 2, "easy")),
        ({0: F(1, 2), 1: F(5, 16), 2: F(5, 32), 3: F(1, 32)}, F(1, 2)),
    ),
    (
        "V06",
        lambda: attack_outcomes(
            V06_A, V06_D, MAZA, Modifiers(defence="none", aimed_location="torso")
        ),
        {
            ("miss", None, 0, None): F(1, 2),
            ("absorbed", "torso", 0, None): F(1, 4),
            ("wound", "torso", 1, "light"): F(1, 8),
            ("wound", "torso", 2, "light"): F(1, 8),
        },
    ),
    (
        "V07",
        _v07,
        {
            ("wound", "lethal"): F(3, 16),
            ("wound", "serious"): F(115, 432),
            ("wound", "light"): F(5, 108),
            ("overflow", "lethal"): F(7, 54),
            ("overflow", "serious"): F(125, 432),
            ("overflow", "light"): F(17, 216),
            ("blocked", None): F(1, 432),
        },
    ),
    ("V08", lambda: dying_death_probability(3), F(343, 512)),
    (
        "V09",
        lambda: attack_pool(
            KIRA, ESPADA, Modifiers(aimed_location="head", attack_number=2, cover="medium")
        ),
        PoolSpec(4, 0, 3),
    ),
    (
        "V10",
        lambda: (
            attack_pool(KIRA, ESPADA, Modifiers(attacker_elevated=True, cover="light")),
            attack_pool(KIRA, ESPADA, Modifiers(attacker_elevated=True, cover="medium")),
        ),
        (PoolSpec(4, 1, 0), PoolSpec(4, 1, 2)),
    ),
    (
        "V11",
        lambda: (
            defence_pool(GORATH_HURT, Modifiers(defence="dodge")),
            p_opposed_win(check_distribution(4), check_distribution(2, 0, 5)),
        ),
        (PoolSpec(2, 0, 5), F(941, 1024)),
    ),
    (
        "V12",
        lambda: (
            (o := _v12()).category,
            o.wound_box,
            "dead" in o.events,
            integrity(o, "Gambeson"),
            integrity(o, "Espada larga de acero"),
            o.weapon_after.integrity,
            o.defender_after.defences_this_turn,
            o.raw_damage,
            o.final_damage,
        ),
        ("wound", "lethal", True, 9, None, 10, 1, 15, 13),
    ),
    (
        "V13",
        lambda: (
            "dying" in (o := _v12(dying_rule=True)).events,
            o.defender_after.conditions.dying,
            o.defender_after.conditions.unconscious,
            o.defender_after.conditions.dead,
        ),
        (True, True, True, False),
    ),
    (
        "V14",
        lambda: (
            (o := scripted(KIRA, GORATH, ESPADA, V12_M, [4, 1, 1, 2, 5, 3, 1, 2, 3, 1])).key,
            integrity(o, "Escudo pequeño"),
            o.defender_after.shield.integrity,
            o.weapon_after.integrity,
        ),
        (("overflow", "left_arm", 3, "light"), 9, 9, 10),
    ),
    (
        "V15",
        lambda: (
            (o := scripted(KIRA, GORATH, ESPADA, V12_M, [4, 1, 1, 2, 5, 3, 1, 1, 1, 1])).category,
            o.defender_after.shield.integrity,
            o.weapon_after.integrity,
        ),
        ("blocked", 10, 9),
    ),
    (
        "V16",
        lambda: (
            (
                o := scripted(
                    GORATH,
                    KIRA,
                    HACHA,
                    Modifiers(defence="none", aimed_location="torso"),
                    [4, 2, 2, 4],
                )
            ).category,
            o.hit,
            o.wound_box,
            o.weapon_after.integrity,
        ),
        ("absorbed", True, None, 9),
    ),
    (
        "V17",
        lambda: (
            (o := scripted(GORATH, KIRA, HACHA, Modifiers(defence="none"), [5, 5, 1, 1, 3])).key,
            integrity(o, "Casco acolchado"),
        ),
        (("wound", "head", 1, "light"), 9),
    ),
    (
        "V18",
        lambda: (
            hit_location(1),
            hit_location(4),
            hit_location(7, 2),
            hit_location(10, 1),
            _v18_law(),
        ),
        ("head", "torso", "left_hand", "right_foot", (F(1, 10), F(3, 10), F(1, 20))),
    ),
    ("V19", lambda: apply_wound(TORSO_4_LIGHT, "torso", "light", "blunt").wound_box, "serious"),
    ("V20", _v20, (("bleeding_light:right_arm",), "light", ("light", "serious", "serious"))),
    (
        "V21",
        _v21,
        (
            frozenset({"left_hand"}),
            {"left_arm": "serious"},
            frozenset({"left_arm", "left_hand"}),
            {},
        ),
    ),
    ("V22", _v22, (True, {"head": "light"})),
    ("V23", lambda: prana_max(4), 16),
    ("V24", lambda: tuple(movement_allowance(m) for m in ("free", "move", "run")), (1, 7, 18)),
    ("V25", lambda: reload_actions(2), 2),
    ("V26", lambda: total_desgracias(situational=5, successive_defences=3), 6),
    (
        "V27",
        lambda: (
            attack_pool(combatant("A", skills={"ranged": 3}), ARCO, Modifiers(blind_fire=True)),
            undefended_threshold(Modifiers(blind_fire=True)),
        ),
        (PoolSpec(3, 0, 2), 2),
    ),
    (
        "V30",
        lambda: (
            attack_pool(KIRA, ESPADA, Modifiers(narrated_location="head")),
            outcome_marginal(
                attack_outcomes(GORATH, KIRA, HACHA, Modifiers(narrated_location="head")),
                "location",
            ),
        ),
        (PoolSpec(4, 0, 0), {(None,): F(1, 8), ("head",): F(7, 8)}),
    ),
    (
        "V31",
        lambda: (
            (
                o := scripted(
                    GORATH, KIRA, HACHA, Modifiers(narrated_location="head"), [5, 5, 1, 3]
                )
            ).key,
            integrity(o, "Casco acolchado"),
        ),
        (("wound", "head", 1, "light"), 9),
    ),
]


@pytest.mark.parametrize(("case", "compute", "expected"), CASES, ids=[c[0] for c in CASES])
def test_worked_example(case, compute, expected):
    assert compute() == expected


def test_v07_total_is_one_and_v12_marks_the_torso_lethal_box():
    assert sum(_v07().values()) == 1
    o = _v12()
    assert o.defender_after.wounds.count("torso", "lethal") == 1
    assert o.defender_after.conditions.dead


def test_v20_bleeding_tick_marks():
    r = apply_wound(ARM_1_SERIOUS, "right_arm", "serious", "piercing")
    assert r.wound_box == "serious"
    assert r.state.conditions.bleeding == {"right_arm": "light"}


# (id, computation, error class, field named)
ERRORS: list[tuple[str, Callable[[], Any], type, str]] = [
    ("V25", lambda: reload_actions(4), FieldRangeError, "reload"),
    (
        "V28",
        lambda: resolve_attack(
            GORATH,
            KIRA_BROKEN_SHIELD,
            HACHA,
            Modifiers(defence="intercept_shield"),
            ScriptedDice([]),
        ),
        ImpossibleActionError,
        "defence",
    ),
    (
        "V29",
        lambda: attack_pool(KIRA, ESPADA, Modifiers(attack_number=3)),
        FieldRangeError,
        "attack_number",
    ),
    (
        "V32a",
        lambda: resolve_attack(
            KIRA, GORATH, ESPADA, Modifiers(defence="dodge", attack_seen=False), ScriptedDice([])
        ),
        ImpossibleActionError,
        "attack_seen",
    ),
    (
        "V32b",
        lambda: resolve_attack(
            KIRA,
            GORATH,
            ESPADA,
            Modifiers(narrated_location="head", aimed_location="torso"),
            ScriptedDice([]),
        ),
        ImpossibleActionError,
        "narrated_location",
    ),
    (
        "V32c",
        lambda: resolve_attack(
            GORATH, KIRA_FRACTURED, HACHA, Modifiers(defence="intercept_shield"), ScriptedDice([])
        ),
        ImpossibleActionError,
        "defence",
    ),
]


@pytest.mark.parametrize(("case", "compute", "error", "field"), ERRORS, ids=[e[0] for e in ERRORS])
def test_worked_example_error(case, compute, error, field):
    with pytest.raises(error) as info:
        compute()
    assert info.value.field == field
    assert info.value.message("es") and info.value.message("en")


def test_v29_names_the_allowed_range():
    with pytest.raises(FieldRangeError) as info:
        Modifiers(attack_number=3)
    assert "1" in str(info.value) and "2" in str(info.value)


def test_step_labels_and_dice_kinds_follow_section_7():
    """§7.1 step order and §7.2 dice kinds, for V12 (defended, aimed) and V17 (rolled location)."""
    dice = ScriptedDice([6, 5, 2, 4, 4, 1, 2, 4, 5, 6])
    r = resolve_attack(KIRA, GORATH, ESPADA, V12_M, dice)
    assert [s.label for s in r.steps] == [
        "attack_pool",
        "attack_roll",
        "defence_pool",
        "defence_roll",
        "compare",
        "location",
        "damage",
        "rd",
        "wound",
        "conditions",
        "integrity",
    ]
    assert r.steps[1].dice == (("skill", 6, (6, 5, 2, 4)), ("gracia", 6, ()), ("desgracia", 6, ()))
    assert r.steps[6].dice == (("damage", 6, (4, 5, 6)),)
    r = resolve_attack(
        GORATH, KIRA, HACHA, Modifiers(defence="none"), ScriptedDice([5, 5, 1, 1, 3])
    )
    labels = [s.label for s in r.steps]
    assert labels[:4] == ["attack_pool", "attack_roll", "undefended", "compare"]
    assert r.steps[4].dice == (("location", 10, (1,)),)
    r = resolve_attack(GORATH, KIRA, HACHA, Modifiers(), ScriptedDice([5, 5, 1, 6, 2, 3]))
    assert r.steps[4].dice == (("location", 10, (6,)), ("side", 2, (2,)))
    assert r.outcome.location == "left_arm"
