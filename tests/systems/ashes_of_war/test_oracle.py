"""Independent oracles for the exact attack law (§7.3).

1. A brute-force enumeration over every die face, written here from the spec alone (it
   shares no code with ``rolkit.systems.ashes_of_war`` beyond the forms).
2. An exhaustive walk of every sequence of draws ``resolve_attack`` can make (each branch
   weighted 1/sides), which must give exactly ``attack_outcomes`` — so the seeded
   resolution and the exact law are the same rules, even for an already-wounded defender.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections import Counter
from fractions import Fraction as F

import pytest

from rolkit.systems.ashes_of_war import (
    ArmorPiece,
    Conditions,
    Modifiers,
    Shield,
    Weapon,
    WoundMark,
    attack_outcomes,
    combatant,
    resolve_attack,
    wounds_from_marks,
)
from rolkit.systems.ashes_of_war.system import SYSTEM

from .aow_fixtures import ESPADA, GORATH, HACHA, KIRA

LOC_T4 = {
    1: "head",
    2: "torso",
    3: "torso",
    4: "torso",
    5: "arm",
    6: "arm",
    7: "hand",
    8: "leg",
    9: "leg",
    10: "foot",
}


def result(main_faces, bane_faces):
    s = sum(f >= 4 for f in main_faces)
    t = sum(f >= 4 for f in bane_faces)
    return max(0, s - t)


def pool_results(n_main, n_bane):
    """Every face combination of a pool, each equally likely: yields R."""
    for faces in itertools.product(range(1, 7), repeat=n_main + n_bane):
        yield result(faces[:n_main], faces[n_main:])


def severity(final):
    return None if final <= 0 else "light" if final < 5 else "serious" if final < 10 else "lethal"


def brute_force(att, dfn, rd, damage, *, aimed=None, shield=None, arm_rd=0):
    """§7.3 from the spec, for a defender with no wounds: att = (main, bane) dice;
    dfn = (main, bane) for a defence roll, or ("undefended", threshold)."""
    out: dict = {}
    n_dmg, sides = damage
    damage_faces = list(itertools.product(range(1, sides + 1), repeat=n_dmg))
    if aimed:
        locations = [(aimed, F(1))]
    else:
        locations = []
        for d10 in range(1, 11):
            part = LOC_T4[d10]
            if part in ("head", "torso"):
                locations.append((part, F(1, 10)))
            else:
                locations += [(f"right_{part}", F(1, 20)), (f"left_{part}", F(1, 20))]
    att_rs = Counter(pool_results(*att))
    def_rs = Counter([None]) if dfn[0] == "undefended" else Counter(pool_results(*dfn))
    total = sum(att_rs.values()) * sum(def_rs.values())

    def add(k, p):
        out[k] = out.get(k, 0) + p

    for (ra, na), (rd_, nd) in itertools.product(att_rs.items(), def_rs.items()):
        unit = F(na * nd, total)
        hit = ra >= dfn[1] if rd_ is None else ra > rd_
        if not hit:
            if rd_ is None:
                add(("miss", None, 0, None), unit)
            elif shield is None:
                add(("dodged", None, 0, None), unit)
            else:
                for faces in damage_faces:
                    x = sum(faces)
                    p = unit / len(damage_faces)
                    if x <= shield:
                        add(("blocked", None, 0, None), p)
                    else:
                        fin = max(0, x - shield - arm_rd)
                        add(("overflow", "left_arm", fin, severity(fin)), p)
            continue
        for loc, pl in locations:
            for faces in damage_faces:
                fin = max(0, sum(faces) - rd.get(loc, 0))
                cat = "wound" if fin > 0 else "absorbed"
                add((cat, loc, fin, severity(fin)), unit * pl / len(damage_faces))
    return out


PETO = ArmorPiece("Peto", {"torso": 2, "head": 1})
CASES = [
    pytest.param(
        combatant("A", skills={"melee": 2}),
        combatant("D", skills={"dodge": 1}, armor=(PETO,)),
        Weapon("Maza", damage="2d4", damage_type="blunt"),
        Modifiers(defence="dodge"),
        dict(att=(2, 0), dfn=(1, 0), rd={"torso": 2, "head": 1}, damage=(2, 4)),
        id="dodge-random-location",
    ),
    pytest.param(
        combatant("A", skills={"melee": 2}),
        combatant("D", armor=(PETO,)),
        Weapon("Maza", damage="1d6", damage_type="blunt"),
        Modifiers(attack_number=2),
        dict(att=(2, 1), dfn=("undefended", 1), rd={"torso": 2, "head": 1}, damage=(1, 6)),
        id="undefended-second-attack",
    ),
    pytest.param(
        combatant("A", skills={"melee": 3}),
        combatant("D", skills={"intercept": 1}, shield=Shield("Escudo", gdc_ndp=1, rd=3)),
        Weapon("Espada", damage="3d4", damage_type="cutting"),
        Modifiers(defence="intercept_shield", aimed_location="head"),
        dict(att=(3, 1), dfn=(2, 0), rd={}, damage=(3, 4), aimed="head", shield=3),
        id="shield-aimed-head",
    ),
    pytest.param(
        combatant("A", skills={"ranged": 2}),
        combatant("D"),
        Weapon("Arco", skill="ranged", damage="2d6", damage_type="piercing"),
        Modifiers(blind_fire=True, cover="light"),
        dict(att=(2, 3), dfn=("undefended", 2), rd={}, damage=(2, 6)),
        id="blind-fire-light-cover",
    ),
]


@pytest.mark.parametrize(("a", "d", "w", "m", "spec"), CASES)
def test_exact_law_equals_brute_force_over_faces(a, d, w, m, spec):
    expected = brute_force(**spec)
    assert sum(expected.values()) == 1
    assert attack_outcomes(a, d, w, m) == {k: v for k, v in expected.items() if v}


class TreeDice:
    """An rng that follows a fixed prefix of choices and records each draw's range."""

    def __init__(self, prefix):
        self.prefix = prefix
        self.draws: list[tuple[int, int]] = []

    def randint(self, a, b):
        i = len(self.draws)
        self.draws.append((a, b))
        return self.prefix[i] if i < len(self.prefix) else a


def every_resolution(a, d, w, m):
    """Exhaustive DFS over draw sequences: {odds_key: probability}."""
    out: dict = {}
    stack = [()]
    while stack:
        prefix = stack.pop()
        rng = TreeDice(prefix)
        r = resolve_attack(a, d, w, m, rng)
        if len(rng.draws) > len(prefix):
            lo, hi = rng.draws[len(prefix)]
            stack += [prefix + (v,) for v in range(lo, hi + 1)]
            continue
        p = F(1)
        for lo, hi in rng.draws:
            p /= hi - lo + 1
        k = r.outcome.key
        out[k] = out.get(k, 0) + p
    return out


WOUNDED = dataclasses.replace(
    GORATH,
    wounds=wounds_from_marks(
        {
            "torso": (WoundMark("light", "cutting"),) * 4 + (WoundMark("serious", "cutting"),) * 3,
            "left_arm": (WoundMark("light", "blunt"),) * 3,
        }
    ),
    conditions=Conditions(dismembered=frozenset({"right_arm", "right_hand"})),
    shield=Shield("Escudo pequeño", gdc_ndp=0, rd=3),
)
SMALL = Weapon("Daga", damage="1d6", damage_type="cutting")


@pytest.mark.parametrize(
    ("a", "d", "w", "m"),
    [
        pytest.param(
            combatant("A", skills={"melee": 1}),
            dataclasses.replace(KIRA, dodge=1),
            HACHA,
            Modifiers(defence="dodge"),
            id="dodge-random-location",
        ),
        pytest.param(
            combatant("A", skills={"melee": 2}),
            WOUNDED,
            SMALL,
            Modifiers(defence="intercept_shield", aimed_location="torso"),
            id="wounded-shield",
        ),
        pytest.param(
            combatant("A", skills={"melee": 2}),
            WOUNDED,
            SMALL,
            Modifiers(),
            id="wounded-random-location",
        ),
        pytest.param(
            combatant("A", skills={"melee": 1}),
            dataclasses.replace(KIRA, conditions=Conditions(dying=True, unconscious=True)),
            ESPADA,
            Modifiers(aimed_location="left_arm"),
            id="dying-defender",
        ),
    ],
)
def test_every_draw_sequence_of_resolve_gives_the_exact_law(a, d, w, m):
    assert every_resolution(a, d, w, m) == attack_outcomes(a, d, w, m)


def test_wounded_defender_changes_the_law():
    """A torso with its light and serious boxes full turns every light wound lethal."""
    m = Modifiers(aimed_location="torso")
    a = combatant("A", skills={"melee": 2})
    fresh = attack_outcomes(a, GORATH, SMALL, m)
    hurt = attack_outcomes(a, WOUNDED, SMALL, m)
    assert ("wound", "torso", 1, "light") in fresh
    assert ("wound", "torso", 1, "light") not in hurt
    assert hurt[("wound", "torso", 1, "lethal")] == fresh[("wound", "torso", 1, "light")]
    law = SYSTEM.odds(a, WOUNDED, SMALL, m)
    p_dead = sum(p for k, p in law.items() if k.fate == "dead")
    assert p_dead == sum(p for k, p in hurt.items() if k[0] == "wound")
