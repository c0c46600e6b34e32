"""The initiative tie-break two rulebooks share: the tied roll again until none are tied.

G.O.R.E. (P4, ties by 1D10) and NSd20 (the d20 SRD's roll-off) both order combatants by a
score and let every group of equal scores roll a die again, round after round; each
system gives its own die and the step that records it.
"""

from __future__ import annotations

from collections.abc import Callable

from rolkit.model import Step

__all__ = ["reroll_ties"]


def reroll_ties(
    keys: dict[str, list[int]],
    roll_off: Callable[[str], tuple[int, Step]],
    max_rounds: int,
) -> tuple[list[str], list[Step]]:
    """The names by ``keys``, highest first, after the tied have rolled off.

    Every group of names with equal keys rolls again (``roll_off(name)`` draws the die and
    records its step); the die is appended to the name's key, until no two keys are equal
    or ``max_rounds`` rounds pass (names still tied keep the order given). ``keys`` is
    extended in place; the roll-off steps are returned in the order drawn.
    """
    steps: list[Step] = []
    for _ in range(max_rounds):
        groups: dict[tuple[int, ...], list[str]] = {}
        for name, key in keys.items():
            groups.setdefault(tuple(key), []).append(name)
        tied = [names for names in groups.values() if len(names) > 1]
        if not tied:
            break
        for names in tied:
            for name in names:
                die, step = roll_off(name)
                keys[name].append(die)
                steps.append(step)
    return sorted(keys, key=lambda n: keys[n], reverse=True), steps
