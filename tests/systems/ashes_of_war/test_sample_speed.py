"""What makes Ashes of War's simulated turns cheaper changes no value (#27 item 6):

* a fight's skill-check form (:func:`~.checks.forms.skill_check_form`) is one shared form
  per distinct pool, equal to the form the class builds and validates; a user's form is
  still validated; the no-roll form is the one :data:`~.checks.forms.CERTAIN_FORM`;
* ``Conditions.bleeding`` (its rows computed once per pair of sets) gives the same rows in
  the same order as it always did, and a new dict each time: the wound rules build on it.
"""

from __future__ import annotations

import pytest

from rolkit.errors import RulesError
from rolkit.systems.ashes_of_war import Conditions
from rolkit.systems.ashes_of_war.checks.forms import (
    CERTAIN_FORM,
    CertainForm,
    SkillCheckForm,
    skill_check_form,
)
from rolkit.systems.ashes_of_war.tables import LOCATIONS


def test_a_fights_skill_form_is_shared_and_equal_to_the_validated_one():
    form = skill_check_form("aid", 2, "intermediate", 1, 3)
    assert form is skill_check_form("aid", 2, "intermediate", 1, 3)
    assert form == SkillCheckForm(
        skill="aid", ndp=2, adversidad="intermediate", gracias=1, desgracias=3
    )
    assert skill_check_form("aid", 3, "intermediate", 1, 3) != form
    assert CertainForm() == CERTAIN_FORM and isinstance(CERTAIN_FORM, CertainForm)


def test_a_users_form_is_still_validated():
    skill_check_form("aid", 2, "intermediate", 0, 0)  # a valid one is shared first
    with pytest.raises(RulesError):
        SkillCheckForm(skill="aid", ndp=11, adversidad="intermediate")
    with pytest.raises(RulesError):
        skill_check_form("aid", 2, "impossible", 0, 0)


def _bleeding_as_before(c: Conditions) -> dict[str, str]:
    """The property as it was: light ones in body order, then the serious ones."""
    out = {loc: "light" for loc in LOCATIONS if loc in c.bleeding_light}
    out.update({loc: "serious" for loc in LOCATIONS if loc in c.bleeding_serious})
    return out


CASES = [
    Conditions(),
    Conditions(bleeding_light=frozenset({"left_leg", "torso"})),
    Conditions(bleeding_serious=frozenset({"head"})),
    Conditions(
        bleeding_light=frozenset({"right_foot", "left_arm"}),
        bleeding_serious=frozenset({"torso", "head"}),
    ),
]


@pytest.mark.parametrize("c", CASES, ids=range(len(CASES)))
def test_the_bleeding_rows_are_as_before_in_order_and_a_new_dict_each_time(c):
    first = c.bleeding
    assert list(first.items()) == list(_bleeding_as_before(c).items())
    first["neck"] = "light"  # a caller building on it (wound_plan does)
    again = c.bleeding
    assert again is not first and list(again.items()) == list(_bleeding_as_before(c).items())
