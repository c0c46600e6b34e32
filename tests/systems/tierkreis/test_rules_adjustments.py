"""R5/R6 adjustments (:mod:`rolkit.systems.tierkreis.rules.adjustments`): which count and
which are ignored, intrinsic ones, what each applies to, and their text form."""

from __future__ import annotations

import pytest

from rolkit.systems import tierkreis as tk
from rolkit.systems.tierkreis.rules.adjustments import (
    format_adjustments,
    intrinsic,
    parse_adjustments,
)


def test_r5_reports_which_adjustment_counted_and_which_was_ignored() -> None:
    power, stance, minus = (
        tk.Adjustment(2, label="poder"),
        tk.Adjustment(1, label="defensa"),
        tk.Adjustment(-1),
    )
    items = [tk.Adjustment(1, source="item"), tk.Adjustment(1, source="item")]
    applied, ignored = tk.split_adjustments([power, stance, minus, *items])
    assert applied == (power, minus, *items) and ignored == (stance,)
    applied, ignored = tk.split_adjustments(
        [tk.Adjustment(-3), tk.Adjustment(-1)], "largest_per_sign"
    )
    assert [a.value for a in applied] == [-3] and [a.value for a in ignored] == [-1]
    assert tk.split_adjustments([power, stance], "sum_all") == ((power, stance), ())


def test_intrinsic_adjustments_always_add_and_users_cannot_make_them() -> None:
    assert tk.combine_adjustments([intrinsic(-3, "x"), tk.Adjustment(2), tk.Adjustment(1)]) == -1
    with pytest.raises(tk.TierkreisInputError) as err:
        tk.Adjustment(1, source="intrinsic")
    assert err.value.field == "source"


def test_r6_an_adjustment_applies_only_to_its_check() -> None:
    c = tk.Combatant(agility=6, adjustments="+2 esquiva; +1 FUE ítem; -1 ataque")
    assert tk.check_target(c, "AGI", "dodge").target == 8
    assert tk.check_target(c, "AGI", "attack").target == 5
    assert tk.check_target(c, "FUE").target == 7
    assert tk.check_target(c, "SUE").target == 6


def test_adjustment_text_round_trips_and_bad_text_names_the_field() -> None:
    adjs = (tk.Adjustment(2, "attack", label="Furia"), tk.Adjustment(-1, "AGI", "item"))
    text = format_adjustments(adjs)
    assert text == "+2 ataque (Furia); -1 AGI ítem"
    assert parse_adjustments(text) == adjs
    assert tk.Combatant(adjustments=adjs) == tk.Combatant(adjustments=text)
    assert tk.Combatant(adjustments=adjs).adjustment_list == adjs
    for bad in ("dos", "+2 ataque ataque", "+20", "+1 (a;b)"):
        with pytest.raises(tk.TierkreisInputError) as err:
            tk.Modifiers(extra=bad)
        assert err.value.field == "extra", bad
        assert err.value.message("es") != err.value.message("en")
