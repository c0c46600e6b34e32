"""§7.1, §7.3 What one attack gives: the odds key (:class:`AttackKey`), the contract's
four-field :class:`OutcomeKey`, and the spec's ``Step``, ``Outcome`` and ``Resolution``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from rolkit.model import Step as KitStep
from rolkit.model import named_repr
from rolkit.systems.ashes_of_war.forms import Combatant, Weapon
from rolkit.systems.ashes_of_war.rules.wounds import fate_of

__all__ = ["OutcomeKey", "AttackKey", "OddsKey", "Throw", "Step", "Outcome", "Resolution"]


class OutcomeKey(NamedTuple):
    """§7.3 the contract's outcome key."""

    category: str
    location: str | None
    final_damage: int
    wound_box: str | None


class AttackKey(NamedTuple):
    """The odds key: §7.3's four fields plus the defender's fate and the events.

    ``SYSTEM.odds`` is indexed by it and ``SYSTEM.resolve`` gives one, so every roll can be
    found in its odds; ``attack_outcomes`` merges it down to :class:`OutcomeKey`.
    """

    category: str
    location: str | None
    final_damage: int
    wound_box: str | None
    fate: str | None
    events: tuple[str, ...]

    def __repr__(self) -> str:
        """Shown under the package's earlier name (``OddsKey``), as the recorded replays
        (the golden files) hold it."""
        return named_repr(self, "OddsKey")

    @property
    def outcome_key(self) -> OutcomeKey:
        """§7.3's four fields."""
        return OutcomeKey(self.category, self.location, self.final_damage, self.wound_box)


#: The name the package has used for :class:`AttackKey`.
OddsKey = AttackKey


#: One entry of a §7.1 step's ``dice``: ``(kind, sides, faces)``.
Throw = tuple[str, int, tuple[int, ...]]


@dataclass(frozen=True)
class Step(KitStep[Throw]):
    """§7.1 one recorded step: the shared Step whose ``dice`` entries are ``(kind, sides,
    faces)``, kind ∈ skill, gracia, desgracia, location, side, damage."""


@dataclass(frozen=True)
class Outcome:
    """§7.1 the result of one attack."""

    category: str
    hit: bool
    location: str | None
    raw_damage: int | None
    final_damage: int
    wound_box: str | None
    events: tuple[str, ...]
    integrity_changes: tuple[tuple[str, int], ...]
    defender_after: Combatant
    attacker_after: Combatant
    weapon_after: Weapon

    @property
    def key(self) -> OutcomeKey:
        """§7.3's four-field key."""
        return OutcomeKey(self.category, self.location, self.final_damage, self.wound_box)

    @property
    def fate(self) -> str | None:
        """The defender's fate after the attack (``rolkit.model.Fate``)."""
        return fate_of(self.defender_after.conditions)

    @property
    def odds_key(self) -> AttackKey:
        """The odds key of this outcome."""
        return AttackKey(*self.key, self.fate, self.events)


@dataclass(frozen=True)
class Resolution:
    """§7.1 ``Resolution(steps, outcome)``, read as the shared ``AttackResult`` too: its
    ``key`` is the odds key and the forms after the attack are the outcome's."""

    steps: tuple[Step, ...]
    outcome: Outcome

    @property
    def key(self) -> AttackKey:
        """The odds key of the outcome (the kind of key ``SYSTEM.odds`` is indexed by)."""
        return self.outcome.odds_key

    @property
    def attacker_after(self) -> Combatant:
        """§7.1 the attacker with its pending ▽ spent."""
        return self.outcome.attacker_after

    @property
    def defender_after(self) -> Combatant:
        """§7.1 the defender after the attack (§4.5 counters, wounds, states, gear)."""
        return self.outcome.defender_after

    @property
    def weapon_after(self) -> Weapon:
        """§7.1 the attacking weapon after the attack (Integridad, §4.22)."""
        return self.outcome.weapon_after
