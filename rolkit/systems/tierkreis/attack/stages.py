"""P3–P9 The stages of one attack, shared by the exact law (:mod:`.odds`) and the roll
(:mod:`.resolve`), so the odds and a roll cannot disagree:

``setup`` (mode and target, P3–P5) → ``check_result`` (R4) → fumble die (T1, P8) →
``damage_due`` (P3 mirrored miss, P5 half on a dodge) → ``base_damage`` (P6, T2) →
``dealt`` (P6/P7: factor, half, reduction) → ``health_after`` (P9).

Dice order (P6): check die; the fumble die only after a fumble; the damage die only with
``variable_damage`` and damage due.
"""

from __future__ import annotations

from typing import NamedTuple

from rolkit.systems.tierkreis.forms import Combatant, Modifiers, Weapon
from rolkit.systems.tierkreis.options import TierkreisOptions
from rolkit.systems.tierkreis.rules.check import CheckTarget, roll_target
from rolkit.systems.tierkreis.rules.damage import (
    damage_factor,
    final_damage,
    read_attack_die,
    variable_damage,
)
from rolkit.systems.tierkreis.rules.health import HealthState, apply_damage, fate_of

__all__ = [
    "Outcome",
    "AttackKey",
    "setup",
    "check_result",
    "damage_due",
    "base_damage",
    "dealt",
    "health_after",
]


class Outcome(NamedTuple):
    """§6 One row of :func:`attack_outcomes`."""

    result: str
    fumble_effect: str | None
    damage: int
    defender_status: str


class AttackKey(NamedTuple):
    """The System's odds key: :class:`Outcome` plus the defender's common fate."""

    result: str
    fumble_effect: str | None
    damage: int
    defender_status: str
    fate: str | None

    @property
    def outcome(self) -> Outcome:
        return Outcome(self.result, self.fumble_effect, self.damage, self.defender_status)


def setup(
    attacker: Combatant, defender: Combatant, weapon: Weapon, modifiers: Modifiers
) -> tuple[str, CheckTarget, bool]:
    """P3–P5, P14 The mode, the target of the check rolled and whether naturals count."""
    mode, target = roll_target(attacker, defender, weapon, modifiers)
    naturals = mode == "attack_check" and (
        weapon.kind != "power" or modifiers.options.crits_on_power_attacks
    )
    return mode, target, naturals


def check_result(mode: str, target: int, roll: int, naturals: bool) -> str:
    """R4, P4–P5 The check die read: attack ``critical|hit|miss|fumble``, dodge ``dodged|hit``."""
    if mode == "dodge_check":
        return "dodged" if roll <= target else "hit"
    if naturals:
        return read_attack_die(roll, target)
    return "hit" if roll <= target else "miss"


def damage_due(result: str, weapon: Weapon, options: TierkreisOptions) -> tuple[bool, bool]:
    """P4 step 6, P5 step 4, P3 ``(damage is due, it is halved)``.

    A hit or critical deals full damage; a successful dodge of a ``half_damage_on_dodge``
    attack deals half; in attack-check mode a miss (not a fumble) of such an attack deals
    half too when ``mirror_modifiers`` is on (G9).
    """
    if result in ("critical", "hit"):
        return True, False
    if weapon.half_damage_on_dodge and (
        result == "dodged" or (result == "miss" and options.mirror_modifiers)
    ):
        return True, True
    return False, False


def base_damage(weapon: Weapon, options: TierkreisOptions, d12: int | None) -> int:
    """P6 step 1 The listed damage, or the variable-damage table read with ``d12`` (T2)."""
    if d12 is None:
        return weapon.damage
    return variable_damage(weapon.damage, d12, options.damage_table)


def dealt(
    base: int,
    weapon: Weapon,
    critical: bool,
    half: bool,
    defender: Combatant,
    options: TierkreisOptions,
) -> int:
    """P6 steps 2–4, P7 Damage dealt: base × factor (+1 on a critical), halved, reduced."""
    factor = damage_factor(weapon.damage_factor, critical)
    return final_damage(base, factor, half, defender.damage_reduction, options.half_damage_rounding)


def health_after(
    defender: Combatant, damage: int, options: TierkreisOptions
) -> tuple[HealthState, str | None]:
    """P9 The defender's health after ``damage`` and its common fate (P20 knock-out kept)."""
    state = apply_damage(defender.pv, defender.death_points, damage, options.death_timing)
    if defender.dead:  # G11: already dead at its turn start (no blow changes that)
        state = HealthState(state.pv, state.death_points, "dead")
    knocked_out = defender.knocked_out_by_deprivation
    if knocked_out and state.status == "active":
        state = HealthState(state.pv, state.death_points, "unconscious")
    return state, fate_of(state, knocked_out)


# --------------------------------------------------------------------------- exact law
