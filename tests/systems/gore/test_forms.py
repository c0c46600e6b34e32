"""§2 The forms: defaults, hashing, labels and help on every field, copy/pickle/asdict."""

from __future__ import annotations

import dataclasses

import pytest

from rolkit.systems import gore as g


def test_forms_default_and_hashable():
    for cls in (g.Combatant, g.Shield, g.Weapon, g.Modifiers, g.GoreOptions):
        obj = cls()
        assert hash(obj) == hash(cls())
        with pytest.raises(dataclasses.FrozenInstanceError):
            obj.name = "x"  # type: ignore[misc]
    c = g.Combatant(location_damage={"cabeza": 2})
    assert c.location_damage["cabeza"] == 2 and hash(c)


def test_every_field_has_labels_and_help():
    from rolkit import fields

    for cls in (g.Combatant, g.Shield, g.Weapon, g.Modifiers, g.GoreOptions):
        for name, spec in fields.describe(cls):
            assert all(spec.label) and all(spec.help), (cls.__name__, name)
    # + darkness_cap_stage (P5.6), after_effects and serious_wound_losses (what a roll
    # writes into the forms: #16's after-state law), mortal_rule (P13.4, between attacks)
    assert len(fields.describe(g.GoreOptions)) == 21


def test_forms_copy_pickle_and_asdict():
    import copy
    import pickle

    c = g.Combatant(
        location_damage={"cabeza": 1}, location_armour={"pecho": 3}, block_item=g.Shield()
    )
    assert copy.deepcopy(c) == c and pickle.loads(pickle.dumps(c)) == c
    assert dataclasses.asdict(c)["location_damage"]["cabeza"] == 1
    with pytest.raises(TypeError):
        c.location_damage["cabeza"] = 3  # type: ignore[index]
    for form in (g.Weapon(), g.Modifiers(covered_locations={"cabeza"}), g.GoreOptions()):
        assert pickle.loads(pickle.dumps(form)) == form
