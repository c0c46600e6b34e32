"""Forms shared by the G.O.R.E. tests (the §8 worked examples' weapons and fighters)."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction as F

from rolkit.systems import gore as g

BROADSWORD = g.Weapon(name="Espada ancha", damage="1D8+1")


CLUB = g.Weapon(name="Garrote ligero", damage="1D6")


SPEAR = g.Weapon(name="Lanza corta", damage="1D6+1", impaling=True)


WARRIOR = g.Combatant(name="A", fue=13, tam=14, attack_skill=60)  # MD +1D4 (T19)


DODGER = g.Combatant(name="D", dodge_skill=40, armour=2, hp_max=12)


BOW = g.Weapon(name="Arco", damage="1D8+1", kind="bow", range_m=25.0, impaling=True)


SMG = g.Weapon(
    name="Subfusil", damage="1D8", kind="firearm", range_m=90.0, automatic=True, impaling=True
)


def opts(**kw) -> g.GoreOptions:
    return g.GoreOptions(**kw)


# --------------------------------------------------------------------------- resolve ≡ odds
class NeedMore(Exception):
    """A face sequence ran out: the next die has faces ``a..b``."""

    def __init__(self, a: int, b: int) -> None:
        self.a, self.b = a, b


class Branching:
    """``randint`` that replays a prefix of faces and asks for a branch when it runs out."""

    def __init__(self, prefix: tuple[int, ...]) -> None:
        self.prefix, self.used, self.sides = prefix, 0, []

    def randint(self, a: int, b: int) -> int:
        if self.used == len(self.prefix):
            raise NeedMore(a, b)
        self.sides.append(b - a + 1)
        self.used += 1
        return self.prefix[self.used - 1]


def walk_rows(a, d, w, m) -> tuple[dict, dict]:
    """Exact laws of ``resolve_attack``'s rows and fates by walking every face sequence."""
    rows: Counter = Counter()
    fates: Counter = Counter()
    stack: list[tuple[int, ...]] = [()]
    while stack:
        prefix = stack.pop()
        rng = Branching(prefix)
        try:
            r = g.resolve_attack(a, d, w, m, rng)
        except NeedMore as more:
            stack.extend(prefix + (v,) for v in range(more.a, more.b + 1))
            continue
        weight = F(1)
        for sides in rng.sides:
            weight /= sides
        rows[r.row] += weight
        fates[r.fate] += weight
        assert r.fate == r.row.fate
    return dict(rows), dict(fates)
