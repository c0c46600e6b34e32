"""§2 the forms and the attacks they refuse: every impossible input names its field; a
sword may force FUE; the spec's ``None`` fumble penalty is accepted."""

from __future__ import annotations

import pytest

from rolkit.dice import ScriptedDice
from rolkit.errors import FieldRangeError, RulesError
from rolkit.systems import tierkreis as tk

from .tk_fixtures import BOW, NPC


def test_impossible_combinations_raise_naming_the_field() -> None:
    cases = [
        (lambda: tk.Combatant(pv_current=5), "pv_current"),
        (lambda: tk.Combatant(pv_current=2, death_points=1), "death_points"),
        (
            lambda: tk.roll_target(
                tk.Combatant(), tk.Combatant(), BOW, tk.Modifiers(attack_characteristic="FUE")
            ),
            "attack_characteristic",
        ),
        (
            lambda: tk.attack_outcomes(
                tk.Combatant(), tk.Combatant(), BOW, tk.Modifiers(attack_characteristic="AGI")
            ),
            "attack_characteristic",
        ),
        (
            lambda: tk.resolve_attack(
                tk.Combatant(),
                tk.Combatant(),
                BOW,
                tk.Modifiers(attack_characteristic="AGI"),
                ScriptedDice([1]),
            ),
            "attack_characteristic",
        ),
        (
            lambda: tk.attack_outcomes(
                tk.Combatant(pv_current=0), tk.Combatant(), BOW, tk.Modifiers()
            ),
            "pv_current",
        ),
        (lambda: tk.Combatant(strength=13), "strength"),
        (lambda: tk.TierkreisOptions(variable_damage_table="3: 1 2 3"), "variable_damage_table"),
    ]
    for fn, field in cases:
        with pytest.raises(tk.TierkreisInputError) as err:
            fn()
        assert err.value.field == field
        assert isinstance(err.value, FieldRangeError) and isinstance(err.value, RulesError)


def test_a_sword_may_force_fue_and_a_spec_none_fumble_penalty_is_accepted() -> None:
    a = tk.Combatant(strength=4, agility=9)
    assert (
        tk.roll_target(a, tk.Combatant(**NPC), tk.SWORD, tk.Modifiers(attack_characteristic="FUE"))[
            1
        ].target
        == 4
    )
    assert (
        tk.roll_target(a, tk.Combatant(**NPC), tk.SWORD, tk.Modifiers())[1].characteristic == "AGI"
    )
    assert tk.Combatant(fumble_penalty=None) == tk.Combatant()
