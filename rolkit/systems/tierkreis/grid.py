"""R4, P4–P5 P(hit) alone, for the GM screen's grid (``System.hit_fn``): the faces of the
check die, without the fumble die, the damage die and the P9 track of
:func:`.attack.odds.attack_law`.

A hit is a ``critical`` or ``hit`` result (:func:`.view.project`): the check die alone
decides it, through the same :func:`.attack.stages.setup` and
:func:`.attack.stages.check_result` as the odds and a roll.
"""

from __future__ import annotations

from fractions import Fraction

from rolkit.systems.tierkreis.attack.stages import check_result, setup, wielded
from rolkit.systems.tierkreis.forms import Combatant, Modifiers, Weapon
from rolkit.systems.tierkreis.options import TierkreisOptions
from rolkit.systems.tierkreis.tables import D12

__all__ = ["hit_probability"]

HITS = ("critical", "hit")


def hit_probability(
    attacker: Combatant,
    defender: Combatant,
    weapon: Weapon,
    modifiers: Modifiers,
    options: TierkreisOptions,
) -> Fraction:
    """P(``critical`` or ``hit``) over the d12 check die; ``odds(...).p_hit``. The options
    travel in ``modifiers`` (§2.3), as for the odds.

    Raises:
        TierkreisInputError: an impossible attack (the same checks as the odds).
    """
    mode, target, naturals = setup(attacker, defender, wielded(attacker, weapon), modifiers)
    hits = sum(
        check_result(mode, target.target, roll, naturals) in HITS for roll in range(1, D12 + 1)
    )
    return Fraction(hits, D12)
