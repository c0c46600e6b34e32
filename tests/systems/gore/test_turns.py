"""G.O.R.E.: the rules between attacks (``SYSTEM.turn_start`` / ``SYSTEM.round_end``).

* P15 Conmocionar: CON×5 at the start of each turn to recover; a stunned attacker's turn
  passes without a blow (it may defend, never attack);
* T9 a hurt abdomen (and chest, head «como la del abdomen») loses 1 HP a round unless a
  CON×5 succeeds; 1–2 HP → Inconsciente (P13.6), ≤ 0 → dying; a destroyed location does
  not bleed this way; the dead are left alone;
* every check law against the d100 faces written here from §1.2 (00 fails, 01 succeeds,
  ≤ target succeeds), one and two bleeding locations face by face (100 × 100), and ten
  rounds of bleeding against the binomial count of failures;
* a form with nothing to apply comes back unchanged (equal).
"""

from __future__ import annotations

import itertools
from fractions import Fraction as F
from math import comb

import pytest

import rolkit.systems.gore as g
from rolkit import fields
from rolkit.dice import ScriptedDice
from rolkit.systems.gore.turns import round_end, turn_start

S = g.SYSTEM


def only(law: dict) -> g.Combatant:
    assert sum(law.values()) == 1
    ((form, p),) = law.items()
    assert p == 1
    return form


def passes(roll: int, target: int) -> bool:
    """§1.2: 00 always fails, 01 always succeeds, else ≤ target."""
    return roll != 100 and (roll == 1 or roll <= target)


def p_con5(con: int) -> F:
    return F(sum(passes(r, 5 * con) for r in range(1, 101)), 100)


def hurt(hp: int, **damage: int) -> g.Combatant:
    return g.Combatant(name="D", hp_current=hp, location_damage=damage)


def test_nothing_to_apply_returns_the_form_unchanged():
    for c in (S.defaults()["defender"], hurt(5, pierna_derecha=4), hurt(7, abdomen=3)):
        assert only(S.turn_start(c)) == c
        assert only(S.round_end(c)) == c


@pytest.mark.parametrize("con", [1, 11, 13, 20])
def test_conmocionado_rolls_con_x5_to_recover(con):
    stunned = g.Combatant(name="C", con=con, conditions=frozenset({"stunned"}))
    law = S.turn_start(stunned)
    p = p_con5(con)
    well = g.Combatant(name="C", con=con)
    assert law == ({well: p, stunned: 1 - p} if p < 1 else {well: p})
    assert sum(law.values()) == 1
    assert only(S.round_end(stunned)) == stunned  # the check is the turn's, not the round's


def test_con_x5_values():
    assert [p_con5(c) for c in (1, 11, 20)] == [F(5, 100), F(55, 100), F(99, 100)]


def test_a_stunned_attacker_loses_its_blow_until_it_recovers():
    f = S.defaults()
    stunned = g.Combatant(name="A", attack_skill=60, conditions=frozenset({"stunned"}))
    law = S.transitions(stunned, f["defender"], f["weapon"], f["modifiers"], with_weapon=True)
    assert law == {(stunned, f["defender"], f["weapon"]): 1}
    with pytest.raises(g.GoreInputError):
        S.odds(stunned, f["defender"], f["weapon"], f["modifiers"])
    recovered = next(c for c in S.turn_start(stunned) if "stunned" not in c.conditions)
    law = S.transitions(recovered, f["defender"], f["weapon"], f["modifiers"])
    assert sum(law.values()) == 1 and len(law) > 1


def test_a_hurt_abdomen_bleeds_one_hp_a_round():
    c = hurt(7, abdomen=5)  # abdomen HP 4 → −1: disabled (T9)
    law = S.round_end(c)
    p = p_con5(c.con)
    assert law == {c: p, g.Combatant(name="D", hp_current=6, location_damage={"abdomen": 5}): 1 - p}
    assert only(S.turn_start(c)) == c


def test_chest_and_abdomen_bleed_each_face_by_face():
    c = hurt(9, abdomen=4, pecho=5)
    law = S.round_end(c)
    target = 5 * c.con
    counts: dict[int, int] = {}
    for r1, r2 in itertools.product(range(1, 101), repeat=2):
        lost = (not passes(r1, target)) + (not passes(r2, target))
        counts[lost] = counts.get(lost, 0) + 1
    expected = {9 - lost: F(n, 10000) for lost, n in counts.items()}
    assert {form.current_hp: p for form, p in law.items()} == expected


def test_the_head_bleeds_as_the_abdomen_but_a_destroyed_head_is_death():
    assert len(S.round_end(hurt(8, cabeza=4))) == 2
    dead = hurt(8, cabeza=8)
    assert S.status(dead) == "dead"
    assert only(S.round_end(dead)) == dead


def test_a_destroyed_abdomen_does_not_bleed_this_way():
    severe = hurt(4, abdomen=8)
    assert only(S.round_end(severe)) == severe


def test_bleeding_down_to_two_hp_knocks_out_and_to_zero_is_dying():
    c = hurt(3, abdomen=4)
    out = next(f for f in S.round_end(c) if f.current_hp == 2)
    assert "unconscious" in out.conditions and not out.can_defend
    assert S.status(out) == "down"
    last = next(f for f in S.round_end(hurt(1, abdomen=4)) if f.current_hp == 0)
    assert S.status(last) == "dying" and last.mortal_rounds == 1  # P13.4: the next round
    dead = only(S.round_end(last))  # Mortal takes over: HP below 0 bleeds no more
    assert dead.current_hp == 0 and dead.mortal_rounds == 2 and S.status(dead) == "dead"
    assert only(S.round_end(dead)) == dead
    gm = g.GoreOptions(mortal_rule="gm")  # the GM decides: dying, and no count
    last = next(f for f in S.round_end(hurt(1, abdomen=4), gm) if f.current_hp == 0)
    assert last.mortal_rounds is None and only(S.round_end(last, gm)) == last


def test_ten_rounds_of_bleeding_match_the_binomial_count_of_failures():
    law = {hurt(7, abdomen=4): F(1)}
    for _ in range(10):
        nxt: dict = {}
        for form, p in law.items():
            for after, q in S.round_end(form).items():
                nxt[after] = nxt.get(after, F(0)) + p * q
        law = nxt
    assert sum(law.values()) == 1
    q = 1 - p_con5(11)
    out = sum(p for form, p in law.items() if S.status(form) in ("dying", "dead"))
    assert out == sum(comb(10, k) * q**k * (1 - q) ** (10 - k) for k in range(7, 11))


def test_options_inside_modifiers_are_accepted():
    c = hurt(7, abdomen=5)
    m = g.Modifiers()
    assert round_end(c, m) == round_end(c, m.options) == S.round_end(c)
    stunned = g.Combatant(conditions=frozenset({"stunned"}))
    assert turn_start(stunned, m) == S.turn_start(stunned, m.options)


def test_every_form_after_a_turn_effect_is_valid_and_canonical():
    starts = [
        hurt(3, abdomen=4, pecho=5),
        hurt(9, cabeza=4),
        g.Combatant(name="C", con=7, hp_current=2, conditions=frozenset({"stunned", "half_all"})),
    ]
    for c in starts:
        for step in (S.turn_start, S.round_end):
            for form in step(c):
                again = fields.from_data(g.Combatant, fields.to_data(form))
                assert again == form and hash(again) == hash(form)


def test_p4_order_of_action_and_weapon_pg():
    from rolkit.systems.gore.turns import order_of_action

    # Ana and Bea tie at 12: 1D10 → 3 and 3 (tie again), then 8 and 2
    rng = ScriptedDice([3, 3, 8, 2])
    assert order_of_action({"Ana": 12, "Bea": 12, "Cid": 14, "Dan": 7}, rng) == [
        "Cid",
        "Ana",
        "Bea",
        "Dan",
    ]
    # Éxito vs block Crítico: "el arma del atacante pierde 2PG"
    w = g.Weapon(pg=2)
    r = g.resolve_attack(
        g.Combatant(),
        g.Combatant(block_skill=50),
        w,
        g.Modifiers(defence="block"),
        ScriptedDice([20, 3]),
    )
    assert r.effects["attacker_weapon_pg_after"] == 0 and r.effects["attacker_weapon_broken"]
