"""§4.16 Healing: rest, treatment and the Malherido check (``rules/healing``)."""

from __future__ import annotations

from rolkit.dice import ScriptedDice
from rolkit.systems import core_dread as cd


def test_healing():
    assert cd.rest((3, 1, 0), hours=9) == (1, 1, 0)
    assert cd.treat((0, 3, 0), days=2, treated=True) == (0, 1, 0)
    assert cd.treat((0, 3, 0), days=2, treated=False) == (0, 3, 0)
    assert cd.malherido_check((0, 1, 2), 3, cared=True) == ((0, 2, 1), False)
    assert cd.malherido_check((0, 3, 2), 5, cared=True) == ((0, 3, 2), False)  # no free box
    assert cd.malherido_check((0, 0, 3), 2, cared=False) == ((0, 0, 3), True)  # overflow: dead
    assert cd.malherido_check((0, 0, 1), 2, cared=False) == ((0, 0, 2), False)
    check = cd.healing_check((0, 0, 1), 4, True, ScriptedDice([1, 2, 9, 9, 9]))
    assert check.attribute == 2 and check.hits == 2 and check.track == (0, 0, 1)
    law = cd.healing_check_outcomes((0, 0, 1), 4, cared=True)
    assert sum(law.values()) == 1
    assert law[((0, 1, 0), False)] == cd.check_success_probability(2, 0)
    untreated = cd.healing_check_outcomes((0, 0, 1), 4, cared=False)
    assert untreated[((0, 0, 2), False)] == 1 - cd.check_success_probability(2, 0)
