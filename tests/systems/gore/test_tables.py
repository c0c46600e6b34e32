"""§4 The tables as data: T7, T10–T12 cover their dice, the T4–T6 matrices are complete, §1.7 contests."""

from __future__ import annotations

import itertools
from collections import Counter

from rolkit.systems import gore as g
from rolkit.systems.gore.rules.checks import (
    characteristic_target,
    contest_winner,
    disarm_threshold,
)


# --------------------------------------------------------------------------- tables
def test_t10_t11_t12_tables_cover_their_dice():
    for table, lo, hi in (
        ("serious_wound", 1, 100),
        ("melee_fumble", 1, 100),
        ("ranged_fumble", 1, 6),
        ("aging", 2, 12),
    ):
        for roll in range(lo, hi + 1):
            assert g.table_lookup(table, roll).low <= roll <= g.table_lookup(table, roll).high
    t10 = Counter(g.table_lookup("serious_wound", r).type for r in range(1, 101))
    assert t10["I"] == 11 and "III" not in t10
    assert all(t10[t] == 10 for t in ("II", "IV", "V", "VI", "VII", "VIII", "IX", "X"))
    assert all(t10[t] == 2 for t in ("XI", "XII", "XIII"))
    assert all(t10[t] == 1 for t in ("XIV", "XV", "XVI"))
    assert g.table_lookup("melee_fumble", 100).roll_again
    assert g.table_lookup("melee_fumble", 81).low == 80
    assert g.table_lookup("serious_wound", 1).loss == "−1D3 CAR"


def test_t7_hit_location():
    assert [g.hit_location(i) for i in (1, 3, 4, 7, 10, 13, 16, 19, 20)] == [
        "pierna_derecha", "pierna_derecha", "pierna_izquierda", "abdomen", "pecho",
        "brazo_derecho", "brazo_izquierdo", "cabeza", "cabeza",
    ]  # fmt: skip


def test_matrices_complete():
    for defence in ("dodge", "block"):
        for a, d in itertools.product(
            ("pifia", "fallo", "exito", "critico", "empalar"),
            ("pifia", "fallo", "exito", "critico"),
        ):
            cell = g.defence_cell(defence, a, d)
            assert cell.category in ("miss", "blocked") or cell.category.startswith("hit_")
    assert g.defence_cell("dodge", "empalar", "critico").category == "hit_normal_bypass"
    assert g.defence_cell("block", "empalar", "critico").category == "blocked"
    assert g.defence_cell("block", "exito", "critico").attacker_weapon_pg_loss == 2
    assert g.defence_cell("none", "automatico", "none").category == "hit_normal"
    assert g.defence_cell("none", "pifia", "none").attacker_fumble == "yes"


def test_contest_and_minor_rules():
    assert contest_winner("critico", 5, 50, "exito", 40, 60) == "a"
    assert contest_winner("exito", 30, 50, "exito", 40, 60) == "b"
    assert contest_winner("exito", 30, 60, "exito", 30, 50) == "a"
    assert contest_winner("fallo", 80, 50, "pifia", 100, 60) == "none"
    assert contest_winner("exito", 30, 50, "exito", 30, 50) == "reroll"
    assert disarm_threshold(55) == 28
    assert characteristic_target(12, 3) == 36
