"""P5 / P6 / P11 / P12 The effective attack and defence skills and their modifiers, hit locations and location armour."""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest

from rolkit.dice import ScriptedDice
from rolkit.systems import gore as g

from .gore_fixtures import SMG


# --------------------------------------------------------------------------- modifiers
@pytest.mark.parametrize(
    ("mods", "expected"),
    [
        (dict(from_behind=True), 70),
        (dict(from_behind=True, defender_prone=True), 70),
        (dict(attacker_prone=True), 30),
        (dict(attacker_unstable=True, obstacle=True), 20),
        (dict(attacker_underwater=True), 20),
        (dict(focus_steps=2), 70),
        (dict(target_sprinting=True), 70),
        (dict(lighting="casi_oscuridad"), 17),
        (dict(lighting="oscuridad_total"), 13),
        (dict(situational_bonus=-60), -10),
        (dict(skill_cap=30), 30),
    ],
)
def test_p5_attack_modifiers(mods, expected):
    a = g.Combatant(attack_skill=50, pod=11, int_=13)
    assert g.attack_skill(a, g.Combatant(), g.Weapon(), g.Modifiers(**mods)) == expected


def test_p5_caps_fractions_and_off_hand():
    a = g.Combatant(attack_skill=75, off_hand=True, conditions=frozenset({"half_all"}))
    assert (
        g.attack_skill(a, g.Combatant(), g.Weapon(), g.Modifiers(lighting="penumbra")) == 10
    )  # ceil(75/8)
    rider = g.Combatant(attack_skill=80, mounted=True, riding_skill=45)
    assert g.attack_skill(rider, g.Combatant(), g.Weapon(), g.Modifiers()) == 45
    rider = g.Combatant(attack_skill=30, mounted=True)
    assert g.attack_skill(rider, g.Combatant(), g.Weapon(), g.Modifiers()) == 50  # vs foot +20


def test_p11_crowd_and_prone_at_range():
    a = g.Combatant(attack_skill=60)
    m = g.Modifiers(defence="none", distance_m=50.0, crowd=True)
    assert g.attack_skill(a, g.Combatant(), SMG, m) == 12
    assert g.attack_skill(a, g.Combatant(), SMG, dataclasses.replace(m, laser_sight=True)) == 20
    assert (
        g.attack_skill(a, g.Combatant(), SMG, g.Modifiers(distance_m=50.0, defender_prone=True))
        == 40
    )


def test_p6_defence_modifiers():
    d = g.Combatant(dodge_skill=50, block_skill=60, conditions=frozenset({"leg_severe"}))
    sk = lambda **kw: g.defence_skill(d, g.Combatant(), g.Weapon(), g.Modifiers(**kw))  # noqa: E731
    assert sk() == 20
    assert sk(defence="block") == 60
    assert sk(defence="block", relative_height="defender_higher", defender_full_defence=True) == 90
    assert sk(defence="block", defender_prone=True, defender_unstable=True, defence_bonus=5) == 25
    assert sk(defence="none") is None
    assert (
        g.defence_skill(
            dataclasses.replace(d, can_defend=False), g.Combatant(), g.Weapon(), g.Modifiers()
        )
        is None
    )


def test_hit_locations_and_location_armour():
    d = g.Combatant(hp_max=13, location_armour={"cabeza": 10})
    m = g.Modifiers(defence="none", use_hit_locations=True)
    o = g.attack_outcomes(g.Combatant(attack_skill=100), d, g.Weapon(damage="1D6"), m)
    locs = Counter()
    for row, p in o.rows.items():
        if row.location:
            locs[row.location] += p
    assert locs["cabeza"] * 3 == locs["pecho"] * 2
    assert all(row.damage == 0 for row in o.rows if row.location == "cabeza")
    rng = ScriptedDice([50, 14, 6])  # arm (4 HP) takes 6 → disabled
    r = g.resolve_attack(g.Combatant(attack_skill=60), g.Combatant(hp_max=13), g.Weapon(), m, rng)
    assert (r.location, r.location_status) == ("brazo_derecho", "disabled")
