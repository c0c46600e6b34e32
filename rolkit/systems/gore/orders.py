"""P4 The order of action of a fight (*Orden de Ataque*) and «Alcance de las armas».

* ``initiative`` is the System's ``initiative_fn`` for the fight tracker: every combatant's
  score is its DES («actúa antes quien más puntuación tiene en tal Atributo»); tied scores
  each roll 1D10, highest first, rerolling ties among themselves («Si dos personajes tienen
  la misma DES se tira 1D10»). The order is determined again every round (the round's
  procedure starts with «Determinar el Orden de Ataque»; surprise and the round's point
  losses change it), so ``SYSTEM.initiative_each_round`` is True.
* ``strikes_first`` — «Los personajes que usen armas más largas atacan antes que los que
  usen más cortas, a pesar del Orden de Batalla»: on the first exchange between two
  fighters, the longer ``Weapon.reach`` strikes first; equal reach keeps the P4 order.
"""

from __future__ import annotations

from collections.abc import Sequence

from rolkit.dice import RandomSource
from rolkit.hooks import Entrant
from rolkit.initiative import reroll_ties
from rolkit.model import Step

from .citations import cite
from .forms import Combatant, Weapon

__all__ = ["REACH_RANK", "initiative", "strikes_first"]

#: Weapon.reach from shortest to longest.
REACH_RANK = {"natural": 0, "corta": 1, "media": 2, "larga": 3}
#: Safety bound on tie-break rerolls (a tie survives k rounds with probability ≤ 1/10^k).
MAX_TIE_ROUNDS = 50


def initiative(
    entries: Sequence[Entrant[Combatant]], rng: RandomSource
) -> tuple[list[str], list[Step]]:
    """``System.initiative_fn``: the names in acting order, and one step per score and die.

    ``entries`` have ``.name`` and ``.character`` (a :class:`Combatant`; anything else
    counts as the default combatant)."""
    steps: list[Step] = []
    keys: dict[str, list[int]] = {}
    for e in entries:
        who = e.character if isinstance(e.character, Combatant) else Combatant()
        keys[e.name] = [who.des]
        steps.append(
            Step(
                "gore.step.initiative",
                (),
                {"des": who.des, "order": who.des},
                cite("initiative"),
                {"name": e.name},
            )
        )

    def roll_off(name: str) -> tuple[int, Step]:
        d10 = rng.randint(1, 10)
        step = Step(
            "gore.step.initiative_tie",
            (d10,),
            {"tie_roll": d10},
            cite("initiative_tie"),
            {"name": name},
        )
        return d10, step

    order, tie_steps = reroll_ties(keys, roll_off, MAX_TIE_ROUNDS)
    return order, steps + tie_steps


def strikes_first(first: Weapon, second: Weapon) -> int:
    """P4.5 On the first exchange: ``1`` if ``first``'s weapon is longer (it strikes first
    whatever the order), ``-1`` if ``second``'s is, ``0`` for equal reach (P4 order)."""
    a, b = REACH_RANK[first.reach], REACH_RANK[second.reach]
    return (a > b) - (a < b)
