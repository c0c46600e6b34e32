"""§6 ``attack_outcomes``: the exact joint law of one attack.

Every face of the check die, of the fumble die (under a fumble) and of the damage die (with
``variable_damage``) is enumerated through the shared stages (:mod:`.stages`), with integer
weights over the common denominator ``12**3``; one ``Fraction`` per output row.
"""

from __future__ import annotations

from fractions import Fraction

from rolkit.memo import memo
from rolkit.systems.tierkreis.attack.key import AttackKey, Outcome
from rolkit.systems.tierkreis.attack.stages import (
    base_damage,
    check_result,
    damage_due,
    dealt,
    health_after,
    setup,
    wielded,
)
from rolkit.systems.tierkreis.forms import Combatant, Modifiers, Weapon
from rolkit.systems.tierkreis.options import TierkreisOptions
from rolkit.systems.tierkreis.tables import D12, FUMBLE_TABLE

__all__ = ["attack_law", "attack_outcomes", "attack_odds", "odds"]


_DENOMINATOR = D12**3  # check die × fumble die × damage die


@memo
def attack_law(
    attacker: Combatant, defender: Combatant, weapon: Weapon, modifiers: Modifiers
) -> tuple[tuple[tuple[tuple[str, str | None, int], int], ...], int]:
    """The integer weights of ``(result, fumble_effect, damage)`` over every face of the
    check, fumble and damage dice, and their common denominator ``12**3``.

    Raises:
        TierkreisInputError: an impossible attack (see :func:`~.stages.roll_target`).
    """
    options = modifiers.options
    weapon = wielded(attacker, weapon)
    mode, target, naturals = setup(attacker, defender, weapon, modifiers)
    # the check die: every face read once, then each result handled once with its count
    faces: dict[str, int] = {}
    for roll in range(1, D12 + 1):
        result = check_result(mode, target.target, roll, naturals)
        faces[result] = faces.get(result, 0) + 1
    weights: dict[tuple[str, str | None, int], int] = {}

    def add(result: str, effect: str | None, damage: int, weight: int) -> None:
        k = (result, effect, damage)
        weights[k] = weights.get(k, 0) + weight

    per_face = _DENOMINATOR // D12
    for result, n in faces.items():
        if result == "fumble":
            for effect in FUMBLE_TABLE:  # the fumble die (T1), face by face
                add(result, effect, 0, n * per_face // D12)
            continue
        due, half = damage_due(result, weapon, options)
        critical = result == "critical"
        if not due:
            add(result, None, 0, n * per_face)
        elif options.variable_damage:
            for face in range(1, D12 + 1):  # the damage die (T2)
                base = base_damage(weapon, options, face)
                damage = dealt(base, weapon, critical, half, defender, options)
                add(result, None, damage, n * per_face // D12)
        else:
            base = base_damage(weapon, options, None)
            add(result, None, dealt(base, weapon, critical, half, defender, options), n * per_face)
    return tuple(weights.items()), _DENOMINATOR


@memo
def _law(
    attacker: Combatant, defender: Combatant, weapon: Weapon, modifiers: Modifiers
) -> tuple[tuple[AttackKey, Fraction], ...]:
    options = modifiers.options
    rows, denominator = attack_law(attacker, defender, weapon, modifiers)
    health = {}
    for (_, _, damage), _w in rows:
        if damage not in health:
            state, fate = health_after(defender, damage, options)
            health[damage] = (state.status, fate)
    return tuple(
        (AttackKey(result, effect, damage, *health[damage]), Fraction(w, denominator))
        for (result, effect, damage), w in rows
    )


def attack_odds(
    attacker: Combatant, defender: Combatant, weapon: Weapon, modifiers: Modifiers
) -> dict[AttackKey, Fraction]:
    """The exact law of :class:`AttackKey` (``Outcome`` plus the defender's fate)."""
    return dict(_law(attacker, defender, weapon, modifiers))


def attack_outcomes(
    attacker: Combatant, defender: Combatant, weapon: Weapon, modifiers: Modifiers
) -> dict[Outcome, Fraction]:
    """§6 The exact joint law of ``Outcome(result, fumble_effect, damage, defender_status)``.

    Every face of the check die, of the fumble die (under a fumble) and of the damage die
    (with ``variable_damage``) is enumerated with integer weights over ``12**3``.

    Raises:
        TierkreisInputError: an impossible attack (see :func:`~.stages.roll_target`).
    """
    out: dict[Outcome, Fraction] = {}
    for k, p in _law(attacker, defender, weapon, modifiers):
        out[k.outcome] = out.get(k.outcome, Fraction(0)) + p
    return out


def odds(
    attacker: Combatant,
    defender: Combatant,
    weapon: Weapon,
    modifiers: Modifiers,
    options: TierkreisOptions,
) -> dict[AttackKey, Fraction]:
    """``SYSTEM.odds``: :func:`attack_odds` (the options travel in ``modifiers``, §2.3)."""
    return attack_odds(attacker, defender, weapon, modifiers)
