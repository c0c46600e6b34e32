"""The chain's values, named and typed: a combatant's :class:`Slot`, the fight's
:class:`ChainState` between two turns, a turn of the chain (:class:`Node`), what a turn
leads to (:class:`Steps`, :class:`StateLaw`) and how a fight ended (:class:`Summary`).

Forms are interned once (hashing a big frozen form is the slow part), so a state is a
tuple of small int pairs: each type here is a tuple underneath (``NamedTuple`` or a
``tuple`` subclass), hashable and as cheap as the bare tuples they name.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from rolkit.model import Fate

__all__ = ["Slot", "ChainState", "Node", "Summary", "Steps", "StateLaw", "BlowKey", "After"]


class Slot(NamedTuple):
    """One combatant in a state: the ids of its interned form and weapon (a combatant out
    of the fight for good: its fate's token in both)."""

    form: int
    weapon: int


class ChainState(tuple[Slot, ...]):
    """The fight between two turns: one :class:`Slot` per combatant, in order of entry."""

    __slots__ = ()


class Node(NamedTuple):
    """A turn of the chain: ``turn`` (its index in the order) played from ``state``;
    ``begun``: its turn-start rules already applied (the tracker's current turn)."""

    state: ChainState
    turn: int
    begun: bool = False


class Summary(NamedTuple):
    """How a fight ended (or stands): the winning side (``None``: a draw, or none yet)
    and each combatant's fate, in order of entry."""

    winner: str | None
    fates: tuple[Fate, ...]


class Steps(NamedTuple):
    """The states a turn leads to, as parallel tuples: each state, its weight over the
    chain's denominator, and whether the fight ends there (a few objects per turn, not
    one per successor: the solve keeps every turn's steps)."""

    states: tuple[ChainState, ...]
    weights: tuple[int, ...]
    ends: tuple[bool, ...]


class StateLaw(NamedTuple):
    """A law over states: ``(state, weight)`` rows, each weight over ``den``."""

    den: int
    rows: Sequence[tuple[ChainState, int]]


class BlowKey(NamedTuple):
    """A blow by interned ids: attacker's form, defender's form, weapon, and whether the
    defender defends (its defence policy)."""

    attacker: int
    defender: int
    weapon: int
    defend: bool


class After(NamedTuple):
    """The interned forms after a blow: attacker, defender, weapon."""

    attacker: int
    defender: int
    weapon: int
