"""§7.2, §7.3, §4.18 The result types of one attack: the outcome keys and the Resolution.

:class:`AttackKey` is the key of ``SYSTEM.odds`` (the spec's ``OddsKey``, kept as an
alias); :class:`AttackResolution` satisfies :class:`rolkit.model.AttackResult` (``steps``,
``key``, ``attacker_after``, ``defender_after``, ``weapon_after``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, NamedTuple

from rolkit.model import Step, named_repr
from rolkit.systems.core_dread.forms import Combatant, Weapon

__all__ = [
    "Fate",
    "AttackOutcome",
    "AttackKey",
    "OddsKey",
    "AttackResolution",
    "Resolution",
    "EFFECTS",
    "fate_of",
]

#: §7.3 The shared fate vocabulary: ``None`` still acting, ``"down"`` unable to act
#: (unconscious), ``"dying"`` (Core Dread has no such state), ``"dead"``.
Fate = Literal["down", "dying", "dead"] | None

#: §4.18 The effects a Resolution can list, in the order they can happen.
EFFECTS = (
    "defender_dead",
    "defender_unconscious",
    "defender_prone",
    "autocontrol_lost",
    "defender_armor_worn",
    "attacker_dead",
    "attacker_prone",
    "attacker_armor_worn",
    "defender_in_cover",
    "defender_turn_spent",
)


class AttackOutcome(NamedTuple):
    """§7.2 The outcome key of one attack (field order fixed by the spec)."""

    hit: bool
    damage: int
    wound_level: str | None
    wound_count: int
    counter: bool
    counter_damage: int
    counter_wound_level: str | None
    counter_wound_count: int


class AttackKey(NamedTuple):
    """The key of ``SYSTEM.odds``: the §7.2 fields, ``spectacular`` and the §7.3 fate.

    ``spectacular``: the attack had 5 natural hits (the headline's "espectacular %"; the
    8-field key cannot tell a fully blocked spectacular roll apart).

    §7.3, on the current tracks: ``fate`` is what the attack leaves the defender as
    (``"dead"``, ``"down"`` = unconscious, else ``None``); ``prone`` whether the
    defender ends on the ground (already was, knocked out, or failed the §4.12 check);
    ``counter_fate`` whether the counter-attack killed the attacker (``"dead"``/``None``);
    ``counter_prone`` whether the counter-attack's §4.12 check put the attacker down.
    """

    hit: bool
    damage: int
    wound_level: str | None
    wound_count: int
    counter: bool
    counter_damage: int
    counter_wound_level: str | None
    counter_wound_count: int
    spectacular: bool
    fate: Fate = None
    prone: bool = False
    counter_fate: Fate = None
    counter_prone: bool = False

    def __repr__(self) -> str:
        """Shown under the spec's name (``OddsKey``), as the recorded replays hold it."""
        return named_repr(self, "OddsKey")

    @property
    def outcome(self) -> AttackOutcome:
        return AttackOutcome(*self[:8])


@dataclass(frozen=True)
class AttackResolution:
    """§4.18 The spec's own ``Resolution`` of one attack (read by attribute)."""

    steps: tuple[Step, ...]
    outcome: AttackOutcome
    attack_hits: int
    natural_hits: int
    defence_hits: int
    spectacular: bool
    marked: tuple[str, ...]
    counter_marked: tuple[str, ...]
    effects: tuple[str, ...]
    attacker_after: Combatant
    defender_after: Combatant
    weapon_after: Weapon

    @property
    def key(self) -> AttackKey:
        """The §7.3 odds key of this roll (always a key of the same attack's odds)."""
        return AttackKey(
            *self.outcome,
            self.spectacular,
            fate=fate_of(self.defender_after),
            prone=self.defender_after.prone,
            counter_fate=fate_of(self.attacker_after),
            counter_prone="attacker_prone" in self.effects,
        )


#: The spec's name of the odds key (§7.2, §7.3).
OddsKey = AttackKey

#: §4.18 calls it ``Resolution``; inside this package the name is kept as an alias.
Resolution = AttackResolution


def fate_of(c: Combatant) -> Fate:
    """§7.3 A combatant's fate from its state: dead, down (unconscious) or still acting."""
    if c.dead:
        return "dead"
    if c.unconscious:
        return "down"
    return None
