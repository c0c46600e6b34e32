"""§6 The keys of one attack: the spec's :class:`Outcome` (one row of
``attack_outcomes``), the System's odds key :class:`AttackKey` (the outcome plus the
defender's common fate) and :class:`Resolution`, the result of ``resolve_attack``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from rolkit.model import Step
from rolkit.systems.tierkreis.forms import Combatant
from rolkit.systems.tierkreis.options import TierkreisOptions
from rolkit.systems.tierkreis.rules.health import HealthState

__all__ = ["Outcome", "AttackKey", "Resolution"]


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

    @property
    def outcome(self) -> Outcome:
        return Outcome(self.result, self.fumble_effect, self.damage, self.defender_after.status)

    @property
    def key(self) -> AttackKey:
        """The odds key of this roll (:class:`AttackKey`)."""
        return AttackKey(*self.outcome, self.fate)

    @property
    def weapon_after(self) -> None:
        """The weapon never changes in an attack (a dropped weapon is not a form state)."""
        return None
