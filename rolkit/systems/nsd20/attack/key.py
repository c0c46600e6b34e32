"""§6 The vocabulary of one attack: its outcome key, its steps and its result.

:class:`AttackKey` is the key of the odds and of ``resolve`` alike, so a roll can be
found in its odds; :class:`Resolution` is §6's result of ``resolve_attack`` (it carries
the steps, the key and the forms the attack leaves).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from rolkit.model import Step
from rolkit.systems.nsd20.forms import Combatant, Weapon
from rolkit.systems.nsd20.rules.effort import EffortState

__all__ = ["AttackKey", "NSd20Step", "Resolution"]


class AttackKey(NamedTuple):
    """The outcome key of one attack, the same in ``resolve`` and in the odds.

    ``outcome``: miss/hit/critical; ``concealed``: the miss came from concealment;
    ``damage``: final damage after RD; ``wound``: the §6 change (none, pr_loss, malherido,
    incapacitado, moribundo); ``state``: the defender's wound state after; ``massive``: a
    Daño masivo test was made; ``stunned``: this attack leaves the defender Aturdido;
    ``fate``: None / down / dying / dead.
    """

    outcome: str
    concealed: bool
    damage: int
    wound: str
    state: str
    massive: bool
    stunned: bool
    fate: str | None


class NSd20Step(Step):
    """A :class:`rolkit.model.Step` that also reads its numbers as ``values`` (§6)."""

    @property
    def values(self) -> Any:
        return self.derived


@dataclass(frozen=True)
class Resolution:
    """§6 One resolved attack: every field is read by attribute."""

    steps: tuple[Step, ...]
    outcome: str
    damage_raw: int
    rd_applied: int
    damage: int
    pr_after: int
    massive: bool
    wound_state_after: str
    stunned_rounds: int
    attacker_effort_state: EffortState
    effects: tuple[str, ...]
    key: AttackKey
    attacker_after: Combatant = field(repr=False)
    defender_after: Combatant = field(repr=False)
    weapon_after: Weapon = field(repr=False)

    @property
    def wound(self) -> str:
        return self.key.wound

    @property
    def fate(self) -> str | None:
        return self.key.fate
