"""Every dice path through ``resolve_attack``: a probing random source replays a prefix of
faces and asks for the next die's size, so each path is weighted 1/sides per die drawn.
Shared by the oracles of the key law (``test_oracle``) and of the after-state law
(``test_after``)."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from fractions import Fraction as F

from rolkit.systems import nsd20
from rolkit.systems.nsd20 import Combatant, Modifiers, NSd20Rules, Resolution, Weapon


class NeedDie(Exception):
    """The probe ran out of faces: the next die has ``sides`` faces."""

    def __init__(self, sides: int) -> None:
        self.sides = sides


class Probe:
    """Replays a prefix of faces, then asks for the next die's size."""

    def __init__(self, faces: list[int]) -> None:
        self.faces, self.used = faces, 0

    def randint(self, a: int, b: int) -> int:
        if self.used == len(self.faces):
            raise NeedDie(b)
        self.used += 1
        return self.faces[self.used - 1]


def path_law(
    a: Combatant,
    d: Combatant,
    w: Weapon,
    m: Modifiers,
    r: NSd20Rules,
    read: Callable[[Resolution], Hashable],
) -> dict:
    """``{read(resolution): probability}`` over every dice path of ``resolve_attack``."""
    law: dict = {}
    stack: list[tuple[list[int], F]] = [([], F(1))]
    while stack:
        faces, p = stack.pop()
        try:
            res = nsd20.resolve_attack(a, d, w, m, Probe(faces), rules=r)
        except NeedDie as need:
            stack += [(faces + [f], p / need.sides) for f in range(1, need.sides + 1)]
            continue
        key = read(res)
        law[key] = law.get(key, F(0)) + p
    return law
