"""Wound boxes, states by damage type, overflow, bleeding and Moribundo (§4.14–§4.17)."""

from __future__ import annotations

import dataclasses

import pytest

from rolkit.errors import ImpossibleActionError
from rolkit.systems.ashes_of_war import (
    Conditions,
    RulesConfig,
    apply_wound,
    bleed_tick,
    combatant,
)

from .aow_fixtures import FRESH, marks


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
