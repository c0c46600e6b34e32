"""§2 Every input error names its field: forms, impossible actions, rule functions, and the spec's message format."""

from __future__ import annotations

import dataclasses
import random

import pytest

from rolkit.model import RulesError
from rolkit.systems import gore as g

from .gore_fixtures import BOW, BROADSWORD, DODGER, SMG, WARRIOR


# --------------------------------------------------------------------------- errors
@pytest.mark.parametrize(
    ("build", "field"),
    [
        (lambda: g.Combatant(con=0), "con"),
        (lambda: g.Combatant(attack_skill=501), "attack_skill"),
        (lambda: g.Combatant(name="  "), "name"),
        (lambda: g.Combatant(hp_max=10, hp_current=11), "hp_current"),
        (lambda: g.Combatant(damage_modifier="1D4+1"), "damage_modifier"),
        (lambda: g.Combatant(damage_modifier="x"), "damage_modifier"),
        (lambda: g.Combatant(location_armour={"cola": 2}), "location_armour"),
        (lambda: g.Combatant(conditions=frozenset({"dormido"})), "conditions"),
        (lambda: g.Shield(pg_max=20, pg_current=21), "pg_current"),
        (lambda: g.Shield(kind="torre"), "kind"),
        (lambda: g.Weapon(kind="bow"), "range_m"),
        (lambda: g.Weapon(automatic=True), "automatic"),
        (lambda: g.Weapon(damage="3D100"), "damage"),
        (lambda: g.Weapon(damage="1D6-1D4"), "damage"),
        (lambda: g.Weapon(range_m=0.0), "range_m"),
        (lambda: g.Modifiers(defence="parry"), "defence"),
        (lambda: g.Modifiers(bullets=0), "bullets"),
        (lambda: g.Modifiers(distance_m=-1.0), "distance_m"),
        (lambda: g.GoreOptions(defence_disabled_rounds=4), "defence_disabled_rounds"),
        (lambda: g.GoreOptions(critical_rule="tenth"), "critical_rule"),
    ],
)
def test_form_errors_name_the_field(build, field):
    with pytest.raises(g.GoreInputError) as info:
        build()
    err = info.value
    assert isinstance(err, RulesError) and isinstance(err, ValueError)
    assert err.field == field
    assert err.allowed
    assert str(err).startswith(f"{field} = ")
    assert err.message("es").startswith(f"{field} = ")


def test_spec_error_message_format():
    with pytest.raises(g.GoreInputError) as info:
        g.Combatant(con=0)
    assert str(info.value) == "con = 0: CON (constitution) must be a whole number from 1 to 99"
    assert info.value.message("es") == "con = 0: CON debe ser un número entero de 1 a 99"


_BOW_FAR = dataclasses.replace(BOW, range_m=10.0)


@pytest.mark.parametrize(
    ("a", "d", "w", "m", "field"),
    [
        (g.Combatant(), g.Combatant(), BOW, g.Modifiers(defence="block"), "modifiers.defence"),
        (g.Combatant(), g.Combatant(), BOW, g.Modifiers(charge=True), "modifiers.charge"),
        (g.Combatant(), g.Combatant(), g.Weapon(), g.Modifiers(bullets=3), "modifiers.bullets"),
        (
            g.Combatant(),
            g.Combatant(),
            dataclasses.replace(SMG, max_burst=5),
            g.Modifiers(bullets=6),
            "modifiers.bullets",
        ),
        (
            g.Combatant(attack_skill=90),
            g.Combatant(),
            g.Weapon(),
            g.Modifiers(attacks_this_round=2),
            "modifiers.attacks_this_round",
        ),
        (
            g.Combatant(attack_skill=140),
            g.Combatant(),
            g.Weapon(),
            g.Modifiers(attacks_this_round=3),
            "modifiers.attacks_this_round",
        ),
        (
            g.Combatant(des=11),
            g.Combatant(),
            g.Weapon(),
            g.Modifiers(focus_steps=3),
            "modifiers.focus_steps",
        ),
        (
            g.Combatant(mounted=True),
            g.Combatant(),
            g.Weapon(two_handed=True),
            g.Modifiers(),
            "weapon.two_handed",
        ),
        (
            g.Combatant(conditions=frozenset({"stunned"})),
            g.Combatant(),
            g.Weapon(),
            g.Modifiers(),
            "attacker.conditions",
        ),
        (
            g.Combatant(),
            g.Combatant(),
            SMG,
            g.Modifiers(bullets=3, ko_attempt=True),
            "modifiers.ko_attempt",
        ),
        (
            g.Combatant(),
            g.Combatant(),
            _BOW_FAR,
            g.Modifiers(distance_m=20.5),
            "modifiers.distance_m",
        ),
    ],
)
def test_impossible_actions_name_the_field(a, d, w, m, field):
    for fn in (
        lambda: g.attack_skill(a, d, w, m),
        lambda: g.defence_skill(d, a, w, m),
        lambda: g.attack_outcomes(a, d, w, m),
        lambda: g.resolve_attack(a, d, w, m, random.Random(1)),
        lambda: g.SYSTEM.odds(a, d, w, m),
    ):
        with pytest.raises(g.GoreInputError) as info:
            fn()
        assert info.value.field == field


@pytest.mark.parametrize(
    ("call", "field"),
    [
        (lambda: g.check_tier(0, 50), "roll"),
        (lambda: g.check_tier(101, 50), "roll"),
        (lambda: g.hit_location(21), "d20"),
        (lambda: g.table_lookup("nope", 1), "table"),
        (lambda: g.table_lookup("ranged_fumble", 7), "roll"),
        (lambda: g.table_lookup("aging", 1), "roll"),
        (lambda: g.defence_cell("parry", "exito", "fallo"), "defence"),
        (lambda: g.defence_cell("dodge", "exito", "empalar"), "tiers"),
        (lambda: g.hazard("lava"), "kind"),
        (lambda: g.hazard("acid"), "strength"),
        (lambda: g.hazard("acid", strength="fuerte", foo=1), "foo"),
        (lambda: g.hazard("acid", strength="acido"), "strength"),
        (lambda: g.hazard("asphyxia", con=12, rounds_without_air=0), "rounds_without_air"),
        (lambda: g.hazard("fall", metres=-1), "metres"),
        (lambda: g.hazard("explosion", dice="4D8", radius_m=5, distance_m=1), "dice"),
        (lambda: g.hazard("explosion", dice="4D6", radius_m=0, distance_m=1), "radius_m"),
        (lambda: g.hazard("fire", source="volcan"), "source"),
        (lambda: g.hazard("radiation", rems=10, options="x"), "options"),
        (lambda: g.apply_item_damage(-1, 3), "pg"),
        (lambda: g.wound_level(3, 0, 0), "hp_max"),
        (
            lambda: g.damage_distribution("golpe", WARRIOR, DODGER, BROADSWORD, g.Modifiers()),
            "category",
        ),
    ],
)
def test_function_errors_name_the_field(call, field):
    with pytest.raises(g.GoreInputError) as info:
        call()
    assert info.value.field == field
