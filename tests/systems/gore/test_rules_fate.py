"""§7.3 The defender's fate: the worked check, an independent brute-force oracle of the fate
law, the face-sequence walk of ``resolve_attack`` against the exact rows, and «a dead
target gets no serious-wound roll»."""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction as F

import pytest

from rolkit.dice import ScriptedDice
from rolkit.systems import gore as g

from .gore_fixtures import walk_rows

BROADSWORD = g.Weapon(name="Espada ancha", damage="1D8+1")
#: §8 V18/X4: skill 60, broadsword 1D8+1, MD +1D4 (FUE 13 + TAM 14), vs dodge 40, armour 2, HP 12.
P9_ATTACKER = g.Combatant(fue=13, tam=14, attack_skill=60)
P9_DEFENDER = g.Combatant(dodge_skill=40, armour=2, hp_max=12)
WITH_LOCATIONS = g.Modifiers(use_hit_locations=True)


# --------------------------------------------------------------------------- worked check
def test_p9_attack_with_hit_locations_p_dead():
    """§7.3: «the P9 attack of §8 with hit locations has p_dead ≥ P(head severe) = 501/25000».

    Head HP = ceil(12/3) = 4, so a head hit of 8+ is severe: P(head) = 2/20 times
    P(damage ≥ 8) = 9/100 (hit_normal: 36/125 · 5/16) + 24/625 (hit_max) + 9/125 (critical).
    Death in G.O.R.E. comes only from a severe head, so p_dead is exactly that.
    """
    odds = g.SYSTEM.odds(P9_ATTACKER, P9_DEFENDER, BROADSWORD, WITH_LOCATIONS)
    head_severe = sum(
        (
            p
            for row, p in odds.items()
            if (row.location, row.location_status) == ("cabeza", "severe")
        ),
        F(0),
    )
    assert head_severe == F(1, 10) * (F(9, 100) + F(24, 625) + F(9, 125)) == F(501, 25000)
    assert odds.p_dead >= head_severe
    assert odds.p_dead == F(501, 25000)
    assert odds.fate()["dead"] == F(501, 25000)
    assert odds.location()["gore.location.cabeza"] == F(2, 20) * (1 - F(376, 625))


def test_fate_vocabulary_and_projection():
    odds = g.SYSTEM.odds(P9_ATTACKER, P9_DEFENDER, BROADSWORD, WITH_LOCATIONS)
    assert set(odds.fate()) <= {None, "down", "dying", "dead"}
    assert sum(odds.fate().values()) == 1
    assert odds.p_down == odds.fate().get("down", 0) + odds.p_dying + odds.p_dead
    for row in odds:
        view = g.project(row)
        assert view.fate == row.fate
        assert view.location == (None if row.location is None else f"gore.location.{row.location}")


# --------------------------------------------------------------------------- independent oracle
def _tier(roll: int, target: int) -> str:
    if roll == 100:
        return "pifia"
    crit = max(1, (2 * target + 5) // 10) if target > 0 else 1
    if roll == 1 or (roll <= target and roll <= crit):
        return "critico"
    return "exito" if roll <= target else "fallo"


_T4 = {
    ("exito", "pifia"): "hit_normal", ("exito", "fallo"): "hit_normal",
    ("critico", "pifia"): "hit_critical", ("critico", "fallo"): "hit_critical",
    ("critico", "exito"): "hit_max",
}  # fmt: skip
_T7 = ["pierna_derecha"] * 3 + ["pierna_izquierda"] * 3 + ["abdomen"] * 3 + ["pecho"] * 3
_T7 += ["brazo_derecho"] * 3 + ["brazo_izquierdo"] * 3 + ["cabeza"] * 2


def _location_max(loc: str, hp: int) -> int:
    if loc == "pecho":
        return math.ceil(4 * hp / 10)
    if loc.startswith("brazo"):
        return math.ceil(hp / 4)
    return math.ceil(hp / 3)


def _fate_oracle(hp: int, dmg: int, loc: str) -> str | None:
    """§7.3 written out from T9 and P13: severe head dead; HP ≤ 0 or any other severe
    location dying; HP 1–2, a disabled head or chest down."""
    left = _location_max(loc, hp) - dmg
    severe = left <= -_location_max(loc, hp)
    disabled = not severe and left <= 0
    if severe and loc == "cabeza":
        return "dead"
    if hp - dmg <= 0 or severe:
        return "dying"
    if hp - dmg <= 2 or (disabled and loc in ("cabeza", "pecho")):
        return "down"
    return None


def _oracle(att: int, dodge: int, armour: int, hp: int) -> dict:
    """Every d100 pair × every d20 face × every 1D8 face × every 1D4 (MD) face."""
    cells: Counter = Counter()
    for a in range(1, 101):
        for d in range(1, 101):
            cells[_T4.get((_tier(a, att), _tier(d, dodge)), "miss")] += 1
    law: Counter = Counter()
    for cat, n in cells.items():
        for d20 in range(20):
            loc = _T7[d20]
            for w in range(1, 9):
                for m in range(1, 5):
                    if cat == "miss":
                        key = ("miss", 0, None, None if hp > 2 else "down")
                    else:
                        weapon = 9 if cat != "hit_normal" else w + 1
                        dmg = max(0, weapon + m - armour) * (2 if cat == "hit_critical" else 1)
                        key = (cat, dmg, loc, _fate_oracle(hp, dmg, loc))
                    law[key] += n
    total = 100 * 100 * 20 * 8 * 4
    return {k: F(v, total) for k, v in law.items()}


@pytest.mark.parametrize(("att", "dodge", "armour", "hp"), [(60, 40, 2, 12), (90, 20, 0, 7)])
def test_fate_law_matches_an_independent_enumeration(att, dodge, armour, hp):
    a = g.Combatant(fue=13, tam=14, attack_skill=att)
    d = g.Combatant(dodge_skill=dodge, armour=armour, hp_max=hp)
    rows = g.attack_outcomes(a, d, BROADSWORD, WITH_LOCATIONS).rows
    got: Counter = Counter()
    for row, p in rows.items():
        got[(row.category, row.damage, row.location, row.fate)] += p
    expected = _oracle(att, dodge, armour, hp)
    assert dict(got) == expected
    fates = {k[3] for k in expected}
    assert {"dead", "dying", "down", None} <= fates  # the oracle reaches every fate


#: A defender one step from every fate: HP 5 (2–3 damage leaves 2–3 HP: down at 1–2), a
#: head at 1 above severe (dead), a chest at 1 HP (disabled: down), a right leg at 1 above
#: severe (dying); HP 99 keeps every bullet light, so no T10 tree.
_FRAIL = g.Combatant(
    hp_max=99,
    hp_current=5,
    location_damage={"cabeza": 65, "pecho": 39, "pierna_derecha": 65},
)
_SMG = g.Weapon(damage="1D2+1", kind="firearm", range_m=50.0, automatic=True)


@pytest.mark.parametrize(
    ("a", "d", "w", "m"),
    [
        (  # a burst of 2 with hit locations: every bullet strikes the one location rolled
            g.Combatant(attack_skill=5),
            _FRAIL,
            _SMG,
            g.Modifiers(defence="none", distance_m=40.0, bullets=2, use_hit_locations=True),
        ),
        (  # one shot, hit locations, a covered leg
            g.Combatant(attack_skill=5),
            _FRAIL,
            _SMG,
            g.Modifiers(
                defence="none",
                distance_m=40.0,
                use_hit_locations=True,
                covered_locations=frozenset({"pierna_izquierda"}),
            ),
        ),
    ],
)
def test_resolve_fate_law_equals_the_exact_rows(a, d, w, m):
    rows, fates = walk_rows(a, d, w, m)
    odds = g.attack_outcomes(a, d, w, m)
    assert rows == odds.rows
    assert fates == odds.fate()
    assert set(fates) == {None, "down", "dying", "dead"}


def test_a_burst_fate_reads_the_location_all_bullets_struck():
    """Two bullets into a head 1 HP above severe: dead, though the row names no location."""
    m = g.Modifiers(defence="none", distance_m=40.0, bullets=2, use_hit_locations=True)
    # attack 03 (Éxito vs 5), location 20 (head), 2 bullets hit, 1D2+1 → 2 and 3
    r = g.resolve_attack(
        g.Combatant(attack_skill=5), _FRAIL, _SMG, m, ScriptedDice([3, 20, 2, 1, 2])
    )
    assert (r.row.location, r.row.bullets_hit, r.fate, r.damage) == (None, 2, "dead", 5)
    assert r.effects["instant_death"]


# --------------------------------------------------------------------------- resolve
def test_a_dead_target_gets_no_serious_wound_roll():
    """Head 14 HP (HP 40): 30 damage is grave (2·30 > 40) and leaves 10 HP, but the head is
    at −16 ≤ −14: «Cabeza: muerte en el acto», so no T10 d100, loss dice or SUE d100."""
    d = g.Combatant(hp_max=40)
    m = g.Modifiers(defence="none", use_hit_locations=True)
    rng = ScriptedDice([50, 20, 10, 10, 10])  # Éxito; head; 3D10 = 30
    r = g.resolve_attack(g.Combatant(attack_skill=60), d, g.Weapon(damage="3D10"), m, rng)
    assert (r.wound, r.location_status, r.fate, rng.remaining) == ("grave", "severe", "dead", 0)
    assert "serious_wound" not in r.effects
    assert "gore.step.serious" not in [s.label for s in r.steps]
    # the same blow to the chest (16 HP, at −14 > −16: disabled) does roll T10 and SUE
    rng = ScriptedDice([50, 11, 10, 10, 10, 5, 2, 50])
    r = g.resolve_attack(g.Combatant(attack_skill=60), d, g.Weapon(damage="3D10"), m, rng)
    assert (r.location, r.fate, rng.remaining) == ("pecho", "down", 0)
    assert r.effects["serious_wound"].type == "I"


def test_fates_of_ko_and_hp():
    club = g.Weapon(damage="1D6")
    ko = g.Modifiers(defence="none", ko_attempt=True)
    # Éxito; 1D6 = 6 vs HP 11: 2·6 > 11 → KO, no HP lost, 1D10 = 1
    r = g.resolve_attack(
        g.Combatant(attack_skill=60), g.Combatant(hp_max=11), club, ko, ScriptedDice([50, 6, 1])
    )
    assert (r.row.ko, r.fate) == ("unconscious", "down")
    plain = g.Modifiers(defence="none")
    r = g.resolve_attack(
        g.Combatant(attack_skill=60),
        g.Combatant(hp_max=20, hp_current=6),
        club,
        plain,
        ScriptedDice([50, 4]),
    )
    assert (r.hp_after, r.fate) == (2, "down")
    r = g.resolve_attack(
        g.Combatant(attack_skill=60),
        g.Combatant(hp_max=20, hp_current=6),
        club,
        plain,
        ScriptedDice([50, 6]),
    )
    assert (r.wound, r.fate) == ("mortal", "dying")


def test_after_a_burst_the_struck_location_keeps_its_damage():
    m = g.Modifiers(defence="none", distance_m=40.0, bullets=2, use_hit_locations=True)
    d = g.Combatant(hp_max=40)  # chest 16
    r = g.resolve_attack(g.Combatant(attack_skill=5), d, _SMG, m, ScriptedDice([3, 11, 2, 2, 2]))
    assert (r.location, r.location_status, r.damage, r.row.location) == ("pecho", "ok", 6, None)
    assert r.defender_after.location_damage["pecho"] == 6
    assert r.defender_after.hp_current == 34
