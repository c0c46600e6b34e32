"""§7.1 The pure rule functions reject arguments out of their range, naming the argument."""

from __future__ import annotations

import pytest

from rolkit.systems import core_dread as cd

from .cd_helpers import raises_field


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
    raises_field(field, fn, *args)
