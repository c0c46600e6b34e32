"""§2.1 Iniciativa for the fight tracker: d20 + Iniciativa (= Reflejos total, NSd20 S2).

The roll itself and the tie rule are the d20 SRD's [SRD-assumed]: everyone rolls d20 +
Iniciativa once, at the start of the fight (in order of entry); equal totals act by the
higher Iniciativa modifier, and combatants still tied roll a d20 again, as often as
needed, in order of entry.
"""

from __future__ import annotations

from collections.abc import Sequence

from rolkit.dice import RandomSource
from rolkit.hooks import Entrant
from rolkit.initiative import reroll_ties
from rolkit.model import Step
from rolkit.systems.nsd20.attack import NSd20Step
from rolkit.systems.nsd20.citations import CITE
from rolkit.systems.nsd20.derived import initiative
from rolkit.systems.nsd20.forms import Combatant

__all__ = ["roll_initiative", "MAX_ROLL_OFFS"]

MAX_ROLL_OFFS = 100


def roll_initiative(
    entries: Sequence[Entrant[Combatant]], rng: RandomSource
) -> tuple[list[str], list[Step]]:
    """``System.initiative_fn``: the names in acting order, and one step per die."""
    steps: list[Step] = []
    keys: dict[str, list[int]] = {}
    for e in entries:
        character = e.character if isinstance(e.character, Combatant) else Combatant()
        modifier = initiative(character)
        natural = rng.randint(1, 20)
        keys[e.name] = [natural + modifier, modifier]
        steps.append(
            NSd20Step(
                "nsd20.step.initiative",
                (natural,),
                {"natural": natural, "modifier": modifier, "total": natural + modifier},
                CITE["initiative"],
                {"name": e.name},
            )
        )

    def roll_off(name: str) -> tuple[int, Step]:
        natural = rng.randint(1, 20)
        step = NSd20Step(
            "nsd20.step.initiative_tie",
            (natural,),
            {"natural": natural},
            CITE["initiative_tie"],
            {"name": name},
        )
        return natural, step

    order, tie_steps = reroll_ties(keys, roll_off, MAX_ROLL_OFFS)
    return order, steps + tie_steps
