"""Ashes Of War presets are coherent characters (issue #26): every weapon a character
carries uses an attack skill it has (a weapon on a skill at 0 never hits: the fight read
100/0), every preset weapon is carried by someone, and every character has a name."""

from __future__ import annotations

import pytest

from rolkit.systems.ashes_of_war import Modifiers
from rolkit.systems.ashes_of_war.presets import CHARACTER_WEAPONS, CHARACTERS, WEAPONS
from rolkit.systems.ashes_of_war.system import SYSTEM


def test_every_character_and_every_weapon_is_paired():
    assert set(CHARACTER_WEAPONS) == set(CHARACTERS)
    carried = {w for ws in CHARACTER_WEAPONS.values() for w in ws}
    assert carried == set(WEAPONS)


@pytest.mark.parametrize(
    ("name", "weapon"), [(c, w) for c, ws in CHARACTER_WEAPONS.items() for w in ws]
)
def test_each_weapon_uses_a_skill_its_character_has_and_can_hit(name, weapon):
    c = SYSTEM.presets["attacker"][name]
    w = SYSTEM.presets["weapon"][weapon]
    assert c.name == name
    assert getattr(c, w.skill) >= 1, f"{name} carries {weapon} but has {w.skill} 0"
    gorath = SYSTEM.presets["defender"]["Gorath"]
    assert SYSTEM.odds(c, gorath, w, Modifiers()).p_hit > 0


def test_presets_are_named_characters():
    for role in ("attacker", "defender"):
        for name, form in SYSTEM.presets[role].items():
            assert form.name == name and not any(ch.isdigit() for ch in name)
