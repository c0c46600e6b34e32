"""The procedures beside the worked examples: states by damage type, overflow, bleeding,
Moribundo, Integridad, legality, and the non-attack procedures (§4.1–§4.23)."""

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
    Weapon,
    WoundMark,
    apply_wound,
    attack_outcomes,
    attack_pool,
    bleed_tick,
    combatant,
    defence_pool,
    movement_allowance,
    resolve_attack,
    wounds_from_marks,
)
from rolkit.systems.ashes_of_war.location import location_weights
from rolkit.systems.ashes_of_war.procedures import (
    aid_roll,
    feint_roll,
    healing_days,
    locate_roll,
    p_opposed_check,
    p_simple_check,
    prana_regen,
    run_roll,
    stabilisation_roll,
    wake_roll,
)

from .aow_fixtures import ESPADA, GORATH, HACHA, KIRA

FRESH = combatant("Fresh")


def marks(**by_loc):
    return wounds_from_marks({loc: tuple(WoundMark(*m) for m in ms) for loc, ms in by_loc.items()})


# --------------------------------------------------------------------------- states (§4.15)
def test_serious_blunt_head_wound_bruises_and_fire_never_does():
    r = apply_wound(FRESH, "head", "serious", "blunt")
    assert r.state.conditions.bruised and r.events == ("bruised",)
    r = apply_wound(FRESH, "head", "serious", "fire")
    assert not r.state.conditions.bruised and r.events == ()


def test_first_serious_effect_once_per_location_and_not_from_light():
    assert apply_wound(FRESH, "left_foot", "light", "cutting").events == ()
    r = apply_wound(FRESH, "left_foot", "serious", "cutting")
    assert r.events == ("first_serious:left_foot",)
    again = apply_wound(r.state, "left_foot", "serious", "fire")
    assert "first_serious:left_foot" not in again.events


def test_two_serious_blunt_wounds_fracture_the_location_or_the_limb():
    one = apply_wound(FRESH, "right_hand", "serious", "blunt").state
    two = apply_wound(one, "right_hand", "serious", "blunt")
    assert two.state.conditions.fractured == {"right_hand"}
    assert "fractured:right_hand" in two.events
    arm = apply_wound(one, "right_arm", "serious", "blunt")
    assert arm.state.conditions.fractured == frozenset()
    limb = RulesConfig(fracture_scope="limb")
    arm = apply_wound(one, "right_arm", "serious", "blunt", rules=limb)
    assert arm.state.conditions.fractured == {"right_arm", "right_hand"}


def test_overflow_follows_the_boxes_up_to_the_lethal_one():
    d = combatant("D", wounds=marks(head=[("light", "cutting")] * 2 + [("serious", "fire")] * 2))
    r = apply_wound(d, "head", "light", "cutting")
    assert r.wound_box == "lethal" and "dead" in r.events


def test_non_lethal_weapon_knocks_out_instead_of_killing():
    assert apply_wound(FRESH, "torso", "lethal", "blunt", non_lethal=True).wound_box == "serious"
    full = combatant("D", wounds=marks(torso=[("light", "blunt")] * 4 + [("serious", "blunt")] * 3))
    r = apply_wound(full, "torso", "light", "blunt", non_lethal=True)
    assert r.wound_box == "unconscious" and r.state.conditions.unconscious
    assert r.state.wounds.count("torso", "lethal") == 0 and not r.state.conditions.dead


def test_moribundo_then_another_lethal_wound_anywhere_kills():
    dying = apply_wound(FRESH, "torso", "lethal", "cutting", dying_rule=True)
    assert dying.events == ("dying",) and dying.state.conditions.dying
    dead = apply_wound(dying.state, "left_foot", "lethal", "blunt", dying_rule=True)
    assert dead.state.conditions.dead and "dead" in dead.events


def test_a_stabilised_character_hit_in_the_marked_torso_is_dying_again():
    c = dataclasses.replace(
        FRESH,
        wounds=marks(torso=[("light", "x")] * 4 + [("serious", "cutting")] * 3 + [("lethal", "x")]),
        conditions=Conditions(unconscious=True, stabilised=True, dying_failures=0),
    )
    r = apply_wound(c, "torso", "light", "cutting", dying_rule=True)
    assert r.wound_box == "lethal"
    assert r.state.conditions.dying and not r.state.conditions.stabilised
    assert apply_wound(c, "torso", "light", "cutting").state.conditions.dead


def test_lethal_fire_dismembers_without_bleeding():
    r = apply_wound(FRESH, "right_leg", "lethal", "fire")
    assert r.state.conditions.dismembered == {"right_leg", "right_foot"}
    assert r.state.conditions.bleeding == {}


def test_bleeding_that_reaches_the_lethal_box_dismembers_and_moves_toward_the_torso():
    c = dataclasses.replace(
        FRESH,
        wounds=marks(left_hand=[("light", "x")] * 2 + [("serious", "cutting")] * 2),
        conditions=Conditions(bleeding_serious=frozenset({"left_hand"})),
    )
    r = bleed_tick(c, "left_hand")
    assert r.wound_box == "lethal"
    assert r.state.conditions.dismembered == {"left_hand"}
    assert r.state.conditions.bleeding == {"left_arm": "serious"}
    with pytest.raises(ImpossibleActionError):
        bleed_tick(FRESH, "torso")


def test_random_location_on_a_lost_part_moves_toward_the_torso():
    w = location_weights(frozenset({"right_arm", "right_hand"}))
    assert "right_arm" not in w and "right_hand" not in w
    assert w["torso"] == 6 + 2 + 1
    assert sum(w.values()) == 20


# --------------------------------------------------------------------------- pools (§2.3)
def test_cancel_option_and_gracia_cap():
    m = Modifiers(attacker_elevated=True, extra_gracias_attack=2, cover="medium")
    assert attack_pool(KIRA, ESPADA, m) == attack_pool(KIRA, ESPADA, m)
    plain = attack_pool(KIRA, ESPADA, m)
    assert (plain.gracias, plain.desgracias) == (3, 2)
    cancel = attack_pool(KIRA, ESPADA, m, rules=RulesConfig(cancel_gracias_desgracias=True))
    assert (cancel.gracias, cancel.desgracias) == (1, 0)
    capped = attack_pool(KIRA, ESPADA, m, rules=RulesConfig(gracia_cap=1))
    assert capped.gracias == 1


def test_conditions_count_only_on_quick_rolls_and_pending_desgracias():
    bruised = dataclasses.replace(KIRA, conditions=Conditions(bruised=True), pending_desgracias=1)
    assert attack_pool(bruised, ESPADA, Modifiers()).desgracias == 2
    slow = RulesConfig(quick_skills=frozenset({"run"}))
    assert attack_pool(bruised, ESPADA, Modifiers(), rules=slow).desgracias == 1


def test_successive_defences_are_not_capped():
    g = dataclasses.replace(GORATH, defences_this_turn=5)
    p = defence_pool(g, Modifiers(defence="intercept_shield", extra_desgracias_defence=5))
    assert (p.ndp, p.desgracias) == (3, 3 + 5)


# --------------------------------------------------------------------------- attack branches
def test_dodge_and_object_intercept_and_the_counters_after_a_defence():
    staff = Weapon("Báculo", damage="2d2", damage_type="blunt")
    d = dataclasses.replace(GORATH, parry_object=staff, feint_pending=True, pending_desgracias=1)
    o = resolve_attack(
        KIRA, d, ESPADA, Modifiers(defence="intercept_object"), ScriptedDice([1, 1, 1, 1, 6, 1, 1])
    )
    assert o.outcome.category == "deflected"
    assert o.outcome.defender_after.parry_object.integrity == 9
    after = o.outcome.defender_after
    assert (after.defences_this_turn, after.feint_pending, after.pending_desgracias) == (
        1,
        False,
        0,
    )
    o = resolve_attack(
        KIRA, GORATH, ESPADA, Modifiers(defence="dodge"), ScriptedDice([1, 1, 1, 1, 1, 1])
    )
    assert o.outcome.category == "dodged" and o.outcome.integrity_changes == ()


def test_dodge_law_and_attacker_pending_cleared():
    m = Modifiers(defence="dodge", aimed_location="torso")
    law = attack_outcomes(KIRA, GORATH, ESPADA, m)
    from rolkit.systems.ashes_of_war import check_distribution, p_opposed_win

    assert law[("dodged", None, 0, None)] == 1 - p_opposed_win(
        check_distribution(4), check_distribution(2)
    )
    a = dataclasses.replace(KIRA, pending_desgracias=2)
    r = resolve_attack(a, GORATH, ESPADA, m, ScriptedDice([1] * 8))
    assert r.outcome.attacker_after.pending_desgracias == 0


def test_shield_overflow_absorbed_by_arm_armour_wears_the_weapon_option():
    kira = KIRA  # left arm RD 3 under the medium shield (RD 4)
    # Gorath attacks: faces 6 hit; Kira rolls 5 dice (2 + 3) all 1 → hit? No: force a tie at 0.
    faces = [1, 1, 1] + [1] * 5 + [4]  # attack R 0, defence R 0: defended; hacha 4 ≤ 4: blocked
    o = resolve_attack(
        GORATH, kira, HACHA, Modifiers(defence="intercept_shield"), ScriptedDice(faces)
    )
    assert o.outcome.category == "blocked"
    big = Weapon("Maza", damage="1d8", damage_type="blunt")
    faces = [1, 1, 1] + [1] * 5 + [7]  # 7 − 4 = 3 excess, arm RD 3 → 0
    o = resolve_attack(
        GORATH, kira, big, Modifiers(defence="intercept_shield"), ScriptedDice(faces)
    )
    assert o.outcome.key == ("overflow", "left_arm", 0, None)
    assert o.outcome.weapon_after.integrity == 9 and o.outcome.defender_after.shield.integrity == 9
    no = RulesConfig(overflow_absorbed_damages_weapon=False)
    o = resolve_attack(
        GORATH, kira, big, Modifiers(defence="intercept_shield"), ScriptedDice(faces), rules=no
    )
    assert o.outcome.weapon_after.integrity == 10


def test_broken_armour_gives_no_rd():
    broken = dataclasses.replace(GORATH, armor_1=dataclasses.replace(GORATH.armor_1, integrity=0))
    m = Modifiers(aimed_location="torso")
    assert ("absorbed", "torso", 0, None) in attack_outcomes(KIRA, GORATH, HACHA, m)
    law = attack_outcomes(KIRA, broken, HACHA, m)
    assert ("absorbed", "torso", 0, None) not in law
    assert law[("wound", "torso", 4, "light")] == F(15, 16) * F(1, 4)


@pytest.mark.parametrize(
    ("attacker", "defender", "weapon", "modifiers", "field"),
    [
        (
            dataclasses.replace(KIRA, conditions=Conditions(unconscious=True)),
            GORATH,
            ESPADA,
            Modifiers(),
            "attacker.conditions",
        ),
        (KIRA, GORATH, dataclasses.replace(ESPADA, integrity=0), Modifiers(), "weapon.integrity"),
        (KIRA, GORATH, ESPADA, Modifiers(target_visible=False), "target_visible"),
        (KIRA, GORATH, ESPADA, Modifiers(blind_fire=True), "blind_fire"),
        (KIRA, GORATH, ESPADA, Modifiers(damage_type="blunt"), "damage_type"),
        (
            KIRA,
            GORATH,
            ESPADA,
            Modifiers(defence="dodge", defence_allowed=False),
            "defence_allowed",
        ),
        (KIRA, GORATH, ESPADA, Modifiers(defence="intercept_object"), "defence"),
        (
            KIRA,
            dataclasses.replace(
                GORATH, conditions=Conditions(dismembered=frozenset({"left_foot"}))
            ),
            ESPADA,
            Modifiers(aimed_location="left_foot"),
            "aimed_location",
        ),
        (
            KIRA,
            dataclasses.replace(GORATH, shield=None),
            ESPADA,
            Modifiers(defence="intercept_shield"),
            "defence",
        ),
    ],
)
def test_illegal_attacks_are_refused_before_any_dice(attacker, defender, weapon, modifiers, field):
    for call in (
        lambda: resolve_attack(attacker, defender, weapon, modifiers, ScriptedDice([])),
        lambda: attack_outcomes(attacker, defender, weapon, modifiers),
    ):
        with pytest.raises(ImpossibleActionError) as info:
            call()
        assert info.value.field == field
        assert info.value.message("es") != info.value.message("en")


# --------------------------------------------------------------------------- other procedures
def test_feint_puts_a_desgracia_on_the_next_defence():
    kira = dataclasses.replace(KIRA, act=3)
    r = feint_roll(kira, GORATH, ScriptedDice([4, 5, 6, 1, 1]))
    assert r.success and r.reactive_after.feint_pending
    assert defence_pool(r.reactive_after, Modifiers(defence="dodge")).desgracias == 1
    tie = feint_roll(kira, GORATH, ScriptedDice([4, 1, 1, 4, 1]))
    assert not tie.success and not tie.reactive_after.feint_pending


def test_opposed_and_simple_check_laws():
    kira = dataclasses.replace(KIRA, act=4)
    from rolkit.systems.ashes_of_war import check_distribution, p_opposed_win

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
