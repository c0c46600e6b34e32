"""§6 The keys of one attack: the spec's :class:`Outcome` (one row of
``attack_outcomes``), the System's odds key :class:`AttackKey` (the outcome plus the
defender's common fate) and :class:`Resolution`, the result of ``resolve_attack``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from rolkit.model import Step
from rolkit.systems.tierkreis.attack.stages import spent, wielded
from rolkit.systems.tierkreis.forms import Combatant, Weapon
from rolkit.systems.tierkreis.options import TierkreisOptions
from rolkit.systems.tierkreis.rules.health import HealthState
from rolkit.systems.tierkreis.tables import HELD_KINDS

__all__ = ["Outcome", "AttackKey", "Resolution", "holds_weapon", "weapon_after"]


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


@dataclass(frozen=True)
class Resolution:
    """§6 One resolved attack, every step recorded (dice in the order drawn)."""

    mode: str
    steps: list[Step]
    result: str
    critical: bool
    fumble_effect: str | None
    damage: int
    defender_after: HealthState
    attacker_after: HealthState
    effects: tuple[str, ...]
    fate: str | None = None
    attacker: Combatant | None = field(default=None, repr=False, compare=False)
    defender: Combatant | None = field(default=None, repr=False, compare=False)
    #: the options it was resolved under (the after-state reads ``fumble_penalty_expires``)
    options: TierkreisOptions | None = field(default=None, repr=False, compare=False)
    #: the attacker's weapon form as given (its ammunition and whether it is held)
    weapon: Weapon | None = field(default=None, repr=False, compare=False)

    @property
    def outcome(self) -> Outcome:
        return Outcome(self.result, self.fumble_effect, self.damage, self.defender_after.status)

    @property
    def key(self) -> AttackKey:
        """The odds key of this roll (:class:`AttackKey`)."""
        return AttackKey(*self.outcome, self.fate)

    @property
    def weapon_after(self) -> Weapon | None:
        """P19 The weapon form after the attack: one shot fewer when its ammunition is
        counted and it was fired (``None`` when the weapon form is not known)."""
        if self.weapon is None or self.attacker is None:
            return None
        return weapon_after(self.attacker, self.weapon)

    @property
    def drops_weapon(self) -> bool:
        """T1 1–2 «El arma se le cae»: a fumble of an attacker holding its weapon."""
        return self.fumble_effect == "weapon_dropped" and holds_weapon(self.attacker, self.weapon)


def holds_weapon(attacker: Combatant | None, weapon: Weapon | None) -> bool:
    """P8/T1 The attack was made with a weapon in the attacker's hands (one it can drop)."""
    if attacker is None or weapon is None:
        return False
    return weapon.kind in HELD_KINDS and wielded(attacker, weapon) is weapon


def weapon_after(attacker: Combatant, weapon: Weapon) -> Weapon:
    """P19 ``weapon`` after ``attacker`` attacked with it: spent one shot if it fired it."""
    return spent(weapon) if wielded(attacker, weapon) is weapon else weapon
