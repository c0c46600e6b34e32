"""§7.2 / §7.1 The key of one attack and the result of one roll: :class:`AttackKey` (the
spec's ``OutcomeRow``: the key of the exact odds and of a seeded roll, the §7.3 fate among
its fields) and :class:`Resolution` (§7.1, the shared ``AttackResult``: ``steps``, ``key``
and the forms after the attack)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from rolkit.model import Step, named_repr

from ..forms import Combatant, Weapon
from ..rules.fate import Fate
from ..rules.matrices import CATEGORIES

__all__ = ["ROW_CATEGORIES", "AttackKey", "OutcomeRow", "Resolution"]

#: §7.2 the categories a row can carry: the eight P8 ones plus ``shield_hit``,
#: ``cover_hit`` and ``malfunction``, in display order.

ROW_CATEGORIES = ("malfunction", "miss", "cover_hit", "blocked", "shield_hit") + tuple(
    c for c in CATEGORIES if c.startswith("hit_")
)


class AttackKey(NamedTuple):
    """§7.2 One outcome of an attack (the key of the exact odds and of a roll), the spec's
    ``OutcomeRow``; §7.3 adds ``fate``, the defender's fate after it (``'down' | 'dying' |
    'dead' | None``)."""

    attacker_tier: str
    defender_tier: str
    category: str
    damage: int
    wound: str
    location: str | None
    location_status: str | None
    bullets_hit: int
    ko: str | None
    block_item_pg_after: int | None
    fate: Fate = None
    maneuver: str | None = None  # P15 Desarmar / Capturar result (stages.MANEUVER_RESULTS)

    def __repr__(self) -> str:
        """Printed under the spec's name, ``OutcomeRow(...)``, as the recorded rolls read."""
        return named_repr(self, "OutcomeRow")


#: §7.2 the spec's name of the key.
OutcomeRow = AttackKey


@dataclass(frozen=True)
class Resolution:
    """§7.1 One resolved attack: the steps and the final outcome as its own fields.

    ``row`` (also ``key``) is the :class:`AttackKey` of this roll (the key of the exact odds); ``fate``
    the defender's §7.3 fate. ``location_status`` is the struck location's status after the
    action, for a burst too (every bullet strikes that location; the row names a location
    only for a single bullet, §7.2). ``attacker_after``/``defender_after``/``weapon_after``: the
    forms after the attack (:func:`.stages.forms_after`; what they cannot hold is listed
    there).
    """

    steps: tuple[Step, ...]
    hit: bool
    category: str
    damage: int
    wound: str
    hp_after: int
    location: str | None
    location_status: str | None
    conditions: dict[str, bool | int]
    effects: dict[str, object]
    row: AttackKey
    attacker_tier: str = "none"
    defender_tier: str = "none"
    fate: Fate = None
    attacker_after: Combatant | None = None
    defender_after: Combatant | None = None
    weapon_after: Weapon | None = None

    @property
    def key(self) -> AttackKey:
        """The key of this roll in the exact odds (the shared ``AttackResult.key``)."""
        return self.row
