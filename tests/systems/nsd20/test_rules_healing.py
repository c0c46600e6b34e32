"""P15 recovery outside combat (:mod:`rolkit.systems.nsd20.rules.healing`)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction as F

import pytest

from rolkit.systems import nsd20
from rolkit.systems.nsd20 import Combatant, NSd20InputError

HURT = Combatant(constitution=14, fortitude_base=1, pr_max=20, pr_current=5)  # Fortaleza +3


@pytest.mark.parametrize(
    ("character", "pr"),
    [
        (HURT, 3),
        (replace(HURT, wound_state="malherido"), 1),  # half of 3, rounded down (G14)
        (replace(HURT, wound_state="incapacitado"), 0),
        (replace(HURT, pr_current=19), 1),  # never above the maximum
        (replace(HURT, constitution=6), 0),  # Fortaleza −1: nothing, not a loss
    ],
)
def test_daily_pr_recovery(character, pr):
    assert nsd20.daily_pr_recovery(character) == pr


def test_recovery_tests():
    assert nsd20.recovery_cd("malherido") == 15
    assert nsd20.recovery_cd("incapacitado", 2) == 17
    assert nsd20.recovery_cd("inconsciente", 5) == 10
    assert nsd20.recovery_check(13, 2, "malherido") == (True, "none")
    assert nsd20.recovery_check(13, 2, "incapacitado") == (True, "malherido")
    assert nsd20.recovery_check(12, 2, "incapacitado") == (False, "incapacitado")
    assert nsd20.recovery_check(1, 30, "malherido") == (False, "malherido")  # natural 1
    assert nsd20.recovery_probability(2, "malherido") == F(8, 20)
    assert nsd20.recovery_probability(2, "malherido", 3) == F(5, 20)
    with pytest.raises(NSd20InputError):
        nsd20.recovery_cd("moribundo")
