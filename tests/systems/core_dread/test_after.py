"""Core Dread ``SYSTEM.after``: the §8.4 scripted vectors, applied to the forms."""

from __future__ import annotations

import dataclasses

import pytest

from rolkit.dice import ScriptedDice
from rolkit.model import Resolution, RulesError
from rolkit.systems.core_dread import SYSTEM, CoreDreadOptions, Modifiers
from rolkit.systems.core_dread.presets import ANA, BAT, BRUNO, CARLA, PISTOL


def scripted(attacker, defender, weapon, modifiers, faces):
    """A System Resolution from scripted faces (``resolve`` itself takes only a seed)."""
    dice = ScriptedDice(faces)
    options = CoreDreadOptions()
    steps, outcome, key = SYSTEM.resolve_fn(attacker, defender, weapon, modifiers, options, dice)
    assert dice.remaining == 0
    inputs = {"attacker": attacker, "defender": defender, "weapon": weapon}
    return Resolution(
        system=SYSTEM.id,
        seed=0,
        steps=tuple(steps),
        outcome=outcome,
        key=key,
        view=SYSTEM.project(key),
        inputs={**inputs, "modifiers": modifiers, "options": options},
    )


def test_rv1_after_ana_is_malherido_prone_and_her_turn_is_spent():
    r = scripted(
        BRUNO,
        ANA,
        BAT,
        Modifiers(defence="block"),
        [2, 7, 6, 9, 1, 4, 3, 8, 6, 4, 10, 1, 2, 7, 8, 3],
    )
    after = SYSTEM.after(r)
    assert set(after) == {"defender"}  # no counter-attack, a melee bat: only ANA changed
    ana = after["defender"]
    assert isinstance(ana, SYSTEM.forms["defender"])
    assert ana.track == (0, 0, 1)
    assert ana.prone and not ana.turn_available and not ana.dead
    assert dataclasses.replace(ana, magullado=0, lesionado=0, malherido=0) == dataclasses.replace(
        ANA, prone=True, turn_available=False
    )


def test_rv1_after_state_is_usable_for_the_next_attack():
    r = scripted(
        BRUNO,
        ANA,
        BAT,
        Modifiers(defence="block"),
        [2, 7, 6, 9, 1, 4, 3, 8, 6, 4, 10, 1, 2, 7, 8, 3],
    )
    ana = SYSTEM.after(r)["defender"]
    odds = SYSTEM.odds(BRUNO, ana, BAT, Modifiers(defence="none"))
    assert odds.total == 1
    assert odds != SYSTEM.odds(BRUNO, ANA, BAT, Modifiers(defence="none"))
    # her turn is spent (§4.5): defending again needs the GM to give it back
    with pytest.raises(RulesError, match="turn"):
        SYSTEM.odds(BRUNO, ana, BAT, Modifiers(defence="block"))


def test_rv2_after_ana_is_dead_and_the_pistol_has_two_attacks_left():
    r = scripted(CARLA, ANA, PISTOL, Modifiers(), [1, 2, 3, 4, 5])
    after = SYSTEM.after(r)
    assert set(after) == {"defender", "weapon"}
    assert after["defender"].dead and after["defender"].track == (0, 0, 3)
    assert after["weapon"].attacks_left == 2
    assert after["weapon"] == dataclasses.replace(PISTOL, attacks_left=2)


def test_after_of_a_seeded_roll_matches_the_outcome():
    r = SYSTEM.resolve(BRUNO, ANA, BAT, Modifiers(defence="none"), seed=81723)
    after = SYSTEM.after(r)
    assert after.get("defender", ANA) == r.outcome.defender_after
    assert "modifiers" not in after
