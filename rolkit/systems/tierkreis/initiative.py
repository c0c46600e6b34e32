"""P23 Initiative (*Iniciativa*): individual or by side.

Seed: «lanzando 1d12 y sumando la AGI de cada participante … de mayor a menor.
Alternativamente … una sola tirada de iniciativa por cada bando … sumando la AGI más alta».
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from rolkit.model import Step
from rolkit.systems.tierkreis.errors import check_int, fail

__all__ = ["InitiativeEntry", "initiative_order", "initiative_score", "fight_initiative"]


class InitiativeEntry(NamedTuple):
    """One combatant in the initiative: its name, AGI, PC or NPC, and its d12 roll."""

    name: str
    agility: int
    is_player: bool
    roll: int


def initiative_score(entry: InitiativeEntry) -> int:
    """P23 ``1d12 + AGI`` (base AGI: conditions do not apply, G16)."""
    check_int(entry.agility, 1, 12, "agility")
    check_int(entry.roll, 1, 12, "roll")
    return entry.roll + entry.agility


def initiative_order(entries: Sequence[InitiativeEntry], per_side: bool = False) -> list[str]:
    """P23 The names in acting order.

    Individual: highest ``roll + agility`` first; ties: higher AGI, then PCs before NPCs
    (G16), then the order given. ``per_side=True``: one roll per side (every entry of a side
    must carry it), scored ``roll + highest AGI``; the higher side acts first (tie: the
    players), each side in the order given.

    Raises:
        TierkreisInputError: a side with different rolls, or an AGI/roll out of 1–12.
    """
    scores = [initiative_score(e) for e in entries]
    if not per_side:
        order = sorted(
            range(len(entries)),
            key=lambda i: (-scores[i], -entries[i].agility, not entries[i].is_player, i),
        )
        return [entries[i].name for i in order]
    sides: dict[bool, list[InitiativeEntry]] = {True: [], False: []}
    for e in entries:
        sides[bool(e.is_player)].append(e)
    side_score: dict[bool, int] = {}
    for is_player, members in sides.items():
        if not members:
            continue
        rolls = {e.roll for e in members}
        if len(rolls) != 1:
            side = "players" if is_player else "NPCs"
            raise fail(
                "roll",
                f"by side, all {side} share one initiative roll (got {sorted(rolls)})",
                f"por bandos, todos los {'PJ' if is_player else 'PNJ'} comparten una tirada "
                f"(recibido {sorted(rolls)})",
                "one roll per side",
                sorted(rolls),
            )
        side_score[is_player] = members[0].roll + max(e.agility for e in members)
    first = side_score.get(True, -1) >= side_score.get(False, -1)
    return [e.name for e in sides[first]] + [e.name for e in sides[not first]]


def fight_initiative(entries: Sequence[Any], rng: Any) -> tuple[list[str], tuple[Step, ...]]:
    """P23 The System's ``initiative_fn`` for a fight: each combatant, in the order given,
    rolls 1d12 and adds its AGI (``entry.character`` is its :class:`Combatant`); the order
    is :func:`initiative_order` (individual initiative, once per fight)."""
    rolled = []
    steps = []
    for e in entries:
        c = e.character
        roll = int(rng.randint(1, 12))
        entry = InitiativeEntry(e.name, int(c.agility), bool(c.is_player), roll)
        rolled.append(entry)
        steps.append(
            Step(
                "tierkreis.step.initiative",
                (roll,),
                {"agility": entry.agility, "roll": roll, "score": initiative_score(entry)},
                "P23 «lanzando 1d12 y sumando la AGI de cada participante»",
                {"name": e.name},
            )
        )
    return initiative_order(rolled), tuple(steps)
