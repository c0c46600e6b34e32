"""One attack beside the worked examples: defences and their counters, shields, armour,
legality (§4.3–§4.12, §4.22), and the §7.1 result in the kit's one vocabulary."""

from __future__ import annotations

import dataclasses
from fractions import Fraction as F

import pytest

from rolkit import model
from rolkit.dice import ScriptedDice
from rolkit.errors import ImpossibleActionError
from rolkit.systems.ashes_of_war import (
    AttackKey,
    Conditions,
    Modifiers,
    OddsKey,
    OutcomeKey,
    RulesConfig,
    Weapon,
    attack_outcomes,
    check_distribution,
    p_opposed_win,
    resolve_attack,
)

from .aow_fixtures import ESPADA, GORATH, HACHA, KIRA


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


# --------------------------------------------------------------------------- one vocabulary
def test_the_resolution_reads_as_the_kits_attack_result():
    """V16's roll: the spec's steps are the kit's Step, the key is the odds key (AttackKey,
    spec name OddsKey) and the forms after are the outcome's."""
    m = Modifiers(defence="none", aimed_location="torso")
    r = resolve_attack(GORATH, KIRA, HACHA, m, ScriptedDice([4, 2, 2, 4]))
    assert all(isinstance(s, model.Step) for s in r.steps)
    assert r.steps[1].dice[0] == ("skill", 6, (4, 2, 2))
    assert OddsKey is AttackKey and isinstance(r.key, AttackKey)
    assert r.key == r.outcome.odds_key
    assert r.key.outcome_key == r.outcome.key == OutcomeKey("absorbed", "torso", 0, None)
    assert r.weapon_after is r.outcome.weapon_after and r.weapon_after.integrity == 9
    assert r.attacker_after is r.outcome.attacker_after
    assert r.defender_after is r.outcome.defender_after
