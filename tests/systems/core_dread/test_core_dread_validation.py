"""§3.6 Every invalid combination raises CoreDreadInputError naming the field; ranges too."""

from __future__ import annotations

import dataclasses
import random

import pytest

from rolkit import fields
from rolkit.model import FieldRangeError, ImpossibleActionError, RulesError
from rolkit.systems import core_dread as cd
from rolkit.systems.core_dread import (
    Armor,
    Combatant,
    CoreDreadInputError,
    CoreDreadOptions,
    Modifiers,
    Weapon,
)
from rolkit.systems.core_dread.presets import ANA, BRUNO, CARLA, FIST, KNIFE, PISTOL

RIFLE = Weapon(category="letal", mode="ranged", ranged_type="fusil_asalto")
THROWN = Weapon(category="contundente", mode="thrown")
SHOOTBACK = Combatant(block_weapon=PISTOL)


def _raises(field: str, fn, *args, **kw) -> CoreDreadInputError:
    with pytest.raises(CoreDreadInputError) as info:
        fn(*args, **kw)
    err = info.value
    assert err.field == field, (err.field, str(err))
    assert err.allowed
    assert str(err).startswith(field.split(".")[-1]) or str(err).startswith(field)
    assert err.message("es") and err.message("es") != ""
    return err


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
    err = _raises(field, cls, **kwargs)
    assert isinstance(err, RulesError)


def test_range_errors_are_field_range_errors_in_plain_words():
    with pytest.raises(FieldRangeError) as info:
        Combatant(fortaleza=10)
    assert str(info.value) == "fortaleza must be a whole number from 1 to 9 (got 10)"
    assert "Fortaleza debe ser un número entero de 1 a 9" in info.value.message("es")


# --------------------------------------------------------------------------- combinations
@pytest.mark.parametrize(
    ("args", "field"),
    [
        ((ANA, BRUNO, KNIFE, Modifiers(aimed=True)), "modifiers.aimed"),
        ((ANA, BRUNO, THROWN, Modifiers(aimed=True)), "modifiers.aimed"),
        ((ANA, BRUNO, KNIFE, Modifiers(point_blank=True)), "modifiers.point_blank"),
        ((ANA, BRUNO, THROWN, Modifiers(cover_fire=True)), "modifiers.cover_fire"),
        (
            (CARLA, ANA, dataclasses.replace(PISTOL, attacks_left=0), Modifiers()),
            "weapon.attacks_left",
        ),
        ((dataclasses.replace(ANA, in_cover=True), BRUNO, KNIFE, Modifiers()), "attacker.in_cover"),
        (
            (CARLA, dataclasses.replace(ANA, in_cover=True), PISTOL, Modifiers()),
            "defender.in_cover",
        ),
        ((dataclasses.replace(ANA, dead=True), BRUNO, KNIFE, Modifiers()), "attacker.dead"),
        ((ANA, dataclasses.replace(BRUNO, dead=True), KNIFE, Modifiers()), "defender.dead"),
        (
            (dataclasses.replace(ANA, unconscious=True), BRUNO, KNIFE, Modifiers()),
            "attacker.unconscious",
        ),
        (
            (ANA, dataclasses.replace(BRUNO, unconscious=True), KNIFE, Modifiers(defence="block")),
            "modifiers.defence",
        ),
        (
            (
                ANA,
                dataclasses.replace(BRUNO, turn_available=False),
                KNIFE,
                Modifiers(defence="dodge"),
            ),
            "modifiers.defence",
        ),
        ((CARLA, ANA, PISTOL, Modifiers(defence="block")), "modifiers.defence"),
        ((ANA, BRUNO, KNIFE, Modifiers(defence="ranged_block")), "modifiers.defence"),
        (
            (
                ANA,
                Combatant(block_weapon=dataclasses.replace(PISTOL, attacks_left=0)),
                KNIFE,
                Modifiers(defence="ranged_block"),
            ),
            "defender.block_weapon.attacks_left",
        ),
        (
            (ANA, BRUNO, THROWN, Modifiers(surprise=True, knockout_attempt=True)),
            "modifiers.knockout_attempt",
        ),
        (
            (ANA, BRUNO, KNIFE, Modifiers(defence="dodge", dodge_to_cover=True)),
            "modifiers.dodge_to_cover",
        ),
    ],
)
def test_invalid_combinations(args, field):
    err = _raises(field, cd.attack_outcomes, *args)
    assert isinstance(err, ImpossibleActionError)
    _raises(field, cd.resolve_attack, *args, random.Random(1))


def test_only_to_cover_dodge_option():
    only = CoreDreadOptions(ranged_dodge="only_to_cover")
    args = (CARLA, ANA, PISTOL, Modifiers(defence="dodge"))
    _raises("modifiers.defence", cd.attack_outcomes, *args, only)
    cd.attack_outcomes(*args)  # default "always": allowed
    cd.attack_outcomes(CARLA, ANA, PISTOL, Modifiers(defence="dodge", dodge_to_cover=True), only)
    cd.attack_outcomes(CARLA, ANA, PISTOL, Modifiers(defence="dodge", point_blank=True), only)


def test_turn_option_allows_defence_without_turn():
    tired = dataclasses.replace(BRUNO, turn_available=False)
    cd.attack_outcomes(
        ANA, tired, KNIFE, Modifiers(defence="block"), CoreDreadOptions(defence_requires_turn=False)
    )


def test_point_blank_ignores_cover_and_allows_block():
    covered = dataclasses.replace(ANA, in_cover=True)
    cd.attack_outcomes(CARLA, covered, PISTOL, Modifiers(point_blank=True, defence="block"))


def test_wrong_types_raise_input_error():
    _raises("attacker", cd.attack_outcomes, "Ana", BRUNO, KNIFE, Modifiers())
    _raises("options", cd.attack_outcomes, ANA, BRUNO, KNIFE, Modifiers(), {"reroll_policy": "x"})


def test_tampered_frozen_instance_is_caught_on_use():
    bad = Combatant()
    object.__setattr__(bad, "fortaleza", 12)
    _raises("attacker.fortaleza", cd.attack_outcomes, bad, BRUNO, FIST, Modifiers())


@pytest.mark.parametrize(
    ("fn", "args", "field"),
    [
        (cd.count_hits, None, None),
        (cd.roll_distribution, (10, 0), "attribute"),
        (cd.roll_distribution, (5, 6), "skill"),
        (cd.check_success_probability, (5, 0, 6), "min_hits"),
        (cd.degree_of_success, (6, 0), "hits"),
        (cd.opposed_check, (5, 0, 5, 9), "skill"),
        (cd.wound_from_damage, (2.5, 4), "damage"),
        (cd.adjust_wound, ("herida", 1, False, False), "level"),
        (cd.apply_wounds, ((4, 0, 0), "magullado", 1), "magullado"),
        (cd.apply_wounds, ((0, 2, 0), "magullado", 1, True), "lesionado"),
        (cd.apply_wounds, ((0, 0), "magullado", 1), "track"),
        (cd.wound_penalty, ((0, 0, 4),), "malherido"),
        (cd.fall_damage, (-1,), "metres"),
        (cd.fall_damage, (2, "hielo"), "surface"),
        (cd.hazard_wounds, ("lava",), "kind"),
        (cd.hazard_wounds, ("explosion", 0), "explosion_wounds"),
        (cd.asphyxia_turns, (4, 6), "breath_hits"),
    ],
)
def test_function_arguments_out_of_range(fn, args, field):
    if args is None:
        assert cd.count_hits([], 5) == 0
        return
    _raises(field, fn, *args)


# --------------------------------------------------------------------------- metadata sweep
def _values(spec: fields.FieldSpec):
    if spec.kind == "int":
        yield from range(int(spec.min), int(spec.max) + 1)
        if spec.optional:
            yield None
    elif spec.kind == "choice":
        yield from spec.choice_values()
    elif spec.kind == "flag":
        yield from (True, False)


@pytest.mark.parametrize("role", ["attacker", "defender", "weapon", "modifiers"])
def test_every_in_bounds_value_is_valid_or_an_input_error(role):
    s = cd.SYSTEM
    cls = s.forms[role]
    for name, spec in fields.describe(cls):
        for value in _values(spec):
            try:
                form = cls(**{name: value})
                forms = {**s.defaults(), role: form}
                odds = s.odds(**forms)
                assert odds.total == 1
                s.resolve(**forms, seed=7)
            except CoreDreadInputError:
                pass


def test_every_option_value_constructs():
    for name, spec in fields.describe(CoreDreadOptions):
        for value in _values(spec):
            o = CoreDreadOptions(**{name: value})
            assert cd.SYSTEM.odds(**cd.SYSTEM.defaults(), options=o).total == 1


def test_metadata_has_labels_and_help_in_both_languages():
    for cls in (Combatant, Weapon, Armor, Modifiers, CoreDreadOptions):
        for name, spec in fields.describe(cls):
            assert all(spec.label) and all(spec.help), (cls, name)
            assert spec.label[0] != "" and spec.help[1] != ""
            default = getattr(cls(), name)
            if spec.kind == "int" and default is not None:
                assert spec.min <= default <= spec.max
