"""Every rule function refuses a bad argument with a :class:`TierkreisInputError` naming
the field, in English and Spanish (:mod:`rolkit.systems.tierkreis.errors`)."""

from __future__ import annotations

import pytest

from rolkit.dice import ScriptedDice
from rolkit.systems import tierkreis as tk


@pytest.mark.parametrize(
    ("call", "field"),
    [
        (lambda: tk.variable_damage(21, 1), "damage"),
        (lambda: tk.variable_damage(3, 13), "d12"),
        (lambda: tk.fumble_effect(0), "d12"),
        (lambda: tk.attack_check_result(0, 5), "roll"),
        (lambda: tk.damage_factor(5, False), "damage_factor"),
        (lambda: tk.apply_damage(3, 0, -1), "damage"),
        (lambda: tk.apply_damage(3, 0, 1, "later"), "death_timing"),
        (lambda: tk.jump_modifier(6, -1), "distance_m"),
        (lambda: tk.fall_damage(float("nan"), 6), "height_m"),
        (lambda: tk.asphyxia_modifier(6, 0), "turn"),
        (lambda: tk.intoxication_modifier(0), "dose_number"),
        (lambda: tk.movement_m(13), "agility"),
        (
            lambda: tk.resolve_maneuver("kick", tk.Combatant(), tk.Modifiers(), ScriptedDice([1])),
            "maneuver",
        ),
        (lambda: tk.combine_adjustments([], "most"), "modifier_stacking"),
        (lambda: tk.Combatant().characteristic("LUK"), "characteristic"),
    ],
)
def test_rule_functions_refuse_bad_arguments_plainly(call, field) -> None:
    with pytest.raises(tk.TierkreisInputError) as err:
        call()
    assert err.value.field == field
    assert err.value.message("es") and err.value.message("en")
