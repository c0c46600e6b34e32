"""§3 The forms: every field's range (each error names the field in plain words), the
metadata sweep, and a weapon's empty fields (what the engine uses)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rolkit import fields
from rolkit.model import FieldRangeError, RulesError
from rolkit.systems import core_dread as cd
from rolkit.systems.core_dread import (
    Armor,
    Combatant,
    CoreDreadInputError,
    CoreDreadOptions,
    Modifiers,
    Weapon,
)

from .cd_helpers import field_values, raises_field

S = cd.SYSTEM


# --------------------------------------------------------------------------- single forms
@pytest.mark.parametrize(
    ("cls", "kwargs", "field"),
    [
        (Combatant, dict(fortaleza=10), "fortaleza"),
        (Combatant, dict(fortaleza=0), "fortaleza"),
        (Combatant, dict(agilidad=0), "agilidad"),
        (Combatant, dict(sentidos=10), "sentidos"),
        (Combatant, dict(concentracion=-1), "concentracion"),
        (Combatant, dict(melee_skill=6), "melee_skill"),
        (Combatant, dict(ranged_skill=-1), "ranged_skill"),
        (Combatant, dict(dodge_skill=6), "dodge_skill"),
        (Combatant, dict(autocontrol=100), "autocontrol"),
        (Combatant, dict(magullado=4), "magullado"),
        (Combatant, dict(lesionado=-1), "lesionado"),
        (Combatant, dict(malherido=4), "malherido"),
        (Combatant, dict(gore_mode=True, magullado=2), "magullado"),
        (Combatant, dict(gore_mode=True, lesionado=2), "lesionado"),
        (Combatant, dict(gore_mode=True, malherido=3), "malherido"),
        (Combatant, dict(fortaleza=4.0), "fortaleza"),
        (Combatant, dict(fortaleza=True), "fortaleza"),
        (Combatant, dict(prone="yes"), "prone"),
        (Combatant, dict(armor="comun"), "armor"),
        (Weapon, dict(category="espada"), "category"),
        (Weapon, dict(mode="magia"), "mode"),
        (Weapon, dict(mode="ranged"), "ranged_type"),
        (Weapon, dict(ranged_type="subfusil"), "ranged_type"),
        (Weapon, dict(mode="ranged", ranged_type="otra"), "capacity"),
        (Weapon, dict(mode="ranged", ranged_type="fusil_asalto", attacks_left=5), "attacks_left"),
        (
            Weapon,
            dict(mode="ranged", ranged_type="otra", capacity=2, attacks_left=3),
            "attacks_left",
        ),
        (Weapon, dict(capacity=0), "capacity"),
        (Armor, dict(armor_type="comun", absorption=4), "absorption"),
        (Armor, dict(absorption=1), "absorption"),
        (Armor, dict(armor_type="kevlar"), "armor_type"),
        (Modifiers, dict(difficulty=3), "difficulty"),
        (Modifiers, dict(defence_difficulty=-3), "defence_difficulty"),
        (Modifiers, dict(defence="parry"), "defence"),
        (Modifiers, dict(knockout_attempt=True), "knockout_attempt"),
        (Modifiers, dict(surprise=True, defence="dodge"), "defence"),
        (Modifiers, dict(dodge_to_cover=True), "dodge_to_cover"),
        (Modifiers, dict(dodge_to_cover=True, defence="block"), "dodge_to_cover"),
        (CoreDreadOptions, dict(reroll_policy="never"), "reroll_policy"),
        (CoreDreadOptions, dict(damage_order="x"), "damage_order"),
    ],
)
def test_form_rejects(cls, kwargs, field):
    err = raises_field(field, cls, **kwargs)
    assert isinstance(err, RulesError)


def test_range_errors_are_field_range_errors_in_plain_words():
    with pytest.raises(FieldRangeError) as info:
        Combatant(fortaleza=10)
    assert str(info.value) == "fortaleza must be a whole number from 1 to 9 (got 10)"
    assert "Fortaleza debe ser un número entero de 1 a 9" in info.value.message("es")


@pytest.mark.parametrize("role", ["attacker", "defender", "weapon", "modifiers"])
def test_every_in_bounds_value_is_valid_or_an_input_error(role):
    s = cd.SYSTEM
    cls = s.forms[role]
    for name, spec in fields.describe(cls):
        for value in field_values(spec):
            try:
                form = cls(**{name: value})
                forms = {**s.defaults(), role: form}
                odds = s.odds(**forms)
                assert odds.total == 1
                s.resolve(**forms, seed=7)
            except CoreDreadInputError:
                pass


def test_metadata_has_labels_and_help_in_both_languages():
    for cls in (Combatant, Weapon, Armor, Modifiers, CoreDreadOptions):
        for name, spec in fields.describe(cls):
            assert all(spec.label) and all(spec.help), (cls, name)
            assert spec.label[0] != "" and spec.help[1] != ""
            default = getattr(cls(), name)
            if spec.kind == "int" and default is not None:
                assert spec.min <= default <= spec.max


@pytest.mark.parametrize("preset", sorted(S.presets["weapon"]))
def test_a_weapons_empty_fields_show_what_the_engine_uses(preset):
    """§5.5 «Ataques» per reload and G12 wear: filling an empty field with the value shown
    (System.derived) changes no odds."""
    weapon = S.presets["weapon"][preset]
    values = S.derived("weapon", weapon)
    assert "damages_armor" in values or weapon.damages_armor is not None
    modifiers = cd.Modifiers(point_blank=weapon.mode != "melee")
    base = S.odds(Combatant(), Combatant(armor=cd.Armor("comun")), weapon, modifiers)
    for name, value in values.items():
        filled = replace(weapon, **{name: value})
        odds = S.odds(Combatant(), Combatant(armor=cd.Armor("comun")), filled, modifiers)
        assert odds.probabilities == base.probabilities, name
