"""NSd20: Aturdido for more than one round (#16 follow-up, task tknsd18).

P10 «Aturdido is set for ``stun_rounds`` when band is malherido or incapacitado»; P16
«Aturdido: loses Esquiva; cannot act for ``stun_rounds``». The form counts the rounds:
``stunned`` and ``stun_rounds_left`` (the turns still lost after the next one). Each lost
turn counts one down; the last lifts Aturdido. One round (the default) is exactly as
before: the same forms, laws and fight (golden figures from main at c60c17e).
"""

from __future__ import annotations

import dataclasses
import hashlib
import math
from dataclasses import replace
from fractions import Fraction as F

import pytest

import rolkit
from rolkit import fields
from rolkit.dice import ScriptedDice
from rolkit.fight import Fight, fight_odds, odds_of_fighters
from rolkit.systems import nsd20
from rolkit.systems.nsd20 import Combatant, Modifiers, NSd20Rules, Weapon
from rolkit.systems.nsd20.rules.derived import defense
from rolkit.systems.nsd20.rules.wounds import stun_after

S = nsd20.SYSTEM
E1_A = Combatant(dexterity=14, strength=12, attack_base=3)
E1_D = Combatant(dexterity=12, reflexes_base=2, pr_max=20, serious_wound_threshold=10)
E1_W = Weapon(kind="melee", damage_dice=1, damage_die=6)
THREE = NSd20Rules(stun_rounds=3)
M0 = Modifiers()


def digest(x: object) -> str:
    return hashlib.sha256(str(x).encode()).hexdigest()[:20]


def law_of(a, d, w=E1_W, m=M0, r=None) -> dict:
    return S.transitions(a, d, w, m, options=r, with_weapon=True)


def lost_turn(c: Combatant, r=None) -> Combatant:
    """The combatant after its own turn, when Aturdido costs it: no blow (the law leaves
    every form as it is), then the end of its turn (``SYSTEM.turn_end``)."""
    assert law_of(c, E1_D, r=r) == {(c, E1_D, E1_W): 1}
    blow, reasons = S.fight_blow(c, E1_D, E1_W, M0, r)
    assert blow is None and [why[0] for why in reasons] == ["attacker"]
    ((after, p),) = S.turn_end(c, r).items()
    assert p == 1
    return after


# --------------------------------------------------------------------------- the field
def test_the_field_is_labelled_bounded_and_defaults_to_nothing():
    spec = fields.spec_of({f.name: f for f in dataclasses.fields(Combatant)}["stun_rounds_left"])
    assert spec is not None and spec.default == 0 and (spec.min, spec.max) == (0, 9)
    assert all(spec.label) and all(spec.help) and spec.label[0] != spec.label[1]
    assert spec.help[0] != spec.help[1]
    assert Combatant().stun_rounds_left == 0
    assert Combatant(stunned=True, stun_rounds_left=9).stun_rounds_left == 9
    for bad in ({"stunned": True, "stun_rounds_left": 10}, {"stun_rounds_left": 1}):
        with pytest.raises(nsd20.NSd20InputError):
            Combatant(**bad)
    with pytest.raises(nsd20.NSd20InputError) as err:
        Combatant(stunned=True, stun_rounds_left=-1)
    assert "Asaltos de Aturdido tras el próximo" in err.value.message("es")
    with pytest.raises(nsd20.NSd20InputError):
        NSd20Rules(stun_rounds=11)  # a form counts at most 10 rounds


# --------------------------------------------------------------------------- one round: as before
def test_default_rules_leave_the_whole_fight_as_on_main():
    d = S.defaults()
    fighters = [("A", "a", d["attacker"], d["weapon"]), ("B", "b", d["defender"], d["weapon"])]
    r = odds_of_fighters(S, fighters, rounds_shown=0)
    assert r.exact and r.states == 1620
    assert digest(r.p_win["a"]) == "adaace001a327f20ee93"
    assert digest(r.expected_rounds()) == "f59f73f269170fd5fca7"


def test_one_round_of_aturdido_is_the_flag_alone():
    law = law_of(E1_A, E1_D, Weapon(damage_die=12))
    stunned = [d for (_a, d, _w) in law if d.stunned]
    assert stunned and all(d.stun_rounds_left == 0 for d in stunned)
    assert lost_turn(replace(E1_A, stunned=True)) == E1_A  # its one round wears off


# --------------------------------------------------------------------------- the spec's words
@pytest.mark.parametrize(
    ("dice", "defender", "band"),
    [
        ([20, 9, 4, 6, 15], {}, "incapacitado"),  # V16 critical
        ([12, 6, 14], {"serious_wound_threshold": 6}, "malherido"),  # V19 from none
    ],
)
def test_p10_a_massive_wound_sets_aturdido_for_stun_rounds(dice, defender, band):
    """V16/V19 with ``stun_rounds=3``: the same dice, the same wound, Aturdido for 3
    rounds: the next turn and 2 after it."""
    d = replace(E1_D, **defender)
    r = nsd20.resolve_attack(E1_A, d, E1_W, Modifiers(), ScriptedDice(dice), rules=THREE)
    assert (r.wound_state_after, r.stunned_rounds) == (band, 3)
    assert (r.defender_after.stunned, r.defender_after.stun_rounds_left) == (True, 2)
    one = nsd20.resolve_attack(E1_A, d, E1_W, Modifiers(), ScriptedDice(dice))
    assert (one.defender_after.stunned, one.defender_after.stun_rounds_left) == (True, 0)
    assert replace(one.defender_after, stun_rounds_left=2) == r.defender_after


@pytest.mark.parametrize("n", [0, 1, 2, 3, 10])
def test_p10_more_rounds_change_the_count_only_with_the_same_fractions(n):
    """The law under ``stun_rounds = n`` is the one-round law with ``n − 1`` written on
    every newly Aturdido defender (none for 0): the same rows, the same Fractions."""
    w = Weapon(damage_die=12, damage_dice=2)
    one = law_of(E1_A, E1_D, w)
    many = law_of(E1_A, E1_D, w, r=NSd20Rules(stun_rounds=n))
    assert sum(many.values()) == 1
    expected: dict = {}
    for (a, d, w1), p in one.items():
        if d.stunned:
            d = replace(d, stun_rounds_left=n - 1) if n else replace(d, stunned=False)
        expected[(a, d, w1)] = expected.get((a, d, w1), F(0)) + p
    assert many == expected
    assert any(d.stunned for (_a, d, _w) in one)


def test_p16_each_lost_turn_is_one_round_and_the_last_lifts_aturdido():
    """«cannot act for stun_rounds»: 3 rounds are 3 lost turns, then it acts again."""
    c = replace(E1_A, stunned=True, stun_rounds_left=2, flat_footed=True)
    seen = []
    for _ in range(3):
        with pytest.raises(rolkit.RulesError):
            S.resolve(c, E1_D, E1_W, Modifiers(), seed=1)  # resolve still refuses it
        c = lost_turn(c)
        seen.append((c.stunned, c.stun_rounds_left))
    assert seen == [(True, 1), (True, 0), (False, 0)]
    assert c == replace(E1_A, flat_footed=True)  # nothing else changed (it never acted)
    assert S.resolve(c, E1_D, E1_W, Modifiers(), seed=1)  # and now it attacks


def test_p4_esquiva_is_lost_for_every_round_of_aturdido():
    """P4: an Aturdido defender loses its positive DEX modifier (+1 at DES 12) at every
    round of it, and gets it back when the last is lost."""
    d = replace(E1_D, stunned=True, stun_rounds_left=2)
    full = defense(E1_D, Modifiers())
    assert full == 10 + 2 + 1
    counted = []
    for _ in range(3):
        counted.append(defense(d, Modifiers()))
        d = lost_turn(d)
    assert counted == [full - 1] * 3 and defense(d, Modifiers()) == full


def test_an_aturdido_running_keeps_the_longer():
    running = replace(E1_D, stunned=True, stun_rounds_left=4)
    assert stun_after(running, 3) == (True, 4)
    assert stun_after(running, 6) == (True, 5)
    assert stun_after(running, 0) == (True, 4)
    assert stun_after(E1_D, 1) == (True, 0) and stun_after(E1_D, 0) == (False, 0)


def test_a_hazard_sets_the_rounds_too():
    """P17 hazards run P8–P10 too (V19: 7 damage over Umbral 6, Fortaleza d20 14 + 0
    against CD 17 fails by 3 → Malherido + Aturdido)."""
    d = replace(E1_D, serious_wound_threshold=6)
    r = nsd20.apply_hazard(d, 7, ScriptedDice([14]), rules=THREE)
    assert r.defender_after.wound_state == "malherido"
    assert (r.defender_after.stunned, r.defender_after.stun_rounds_left) == (True, 2)
    one = nsd20.apply_hazard(d, 7, ScriptedDice([14]))
    assert (one.defender_after.stunned, one.defender_after.stun_rounds_left) == (True, 0)


def test_the_option_off_attacks_and_counts_nothing_down():
    off = NSd20Rules(stunned_cannot_act=False, stun_rounds=3)
    c = replace(E1_A, stunned=True, stun_rounds_left=2)
    law = law_of(c, E1_D, r=off)
    assert len(law) > 1 and all(a.stun_rounds_left == 2 and a.stunned for (a, _d, _w) in law)


def test_a_fight_cannot_be_won_by_a_side_aturdido_for_its_first_rounds():
    """A (Aturdido for 3 rounds) against B: A loses its first three turns, so it cannot
    win within 3 rounds (NSd20 has no self-damage); from the 4th it can."""
    d = S.defaults()
    a = replace(d["attacker"], stunned=True, stun_rounds_left=2)
    fighters = [("A", "a", a, d["weapon"]), ("B", "b", d["defender"], d["weapon"])]
    for rounds, can in ((1, False), (3, False), (4, True)):
        r = odds_of_fighters(S, fighters, rounds=rounds)
        assert r.exact and (r.p_win.get("a", F(0)) > 0) == can, rounds
    flag_only = [("A", "a", replace(a, stun_rounds_left=0), d["weapon"]), fighters[1]]
    assert odds_of_fighters(S, flag_only, rounds=2).p_win.get("a", F(0)) > 0


# --------------------------------------------------------------------------- chain vs tracker
def _within_6_sigma(count: int, n: int, p: F) -> bool:
    q = float(p)
    return abs(count / n - q) <= 6 * math.sqrt(q * (1 - q) / n) + 1e-9


A0 = Combatant(name="Ana", dexterity=14, attack_base=3, pr_max=6, stunned=True, stun_rounds_left=2)
B0 = Combatant(name="Bo", dexterity=12, attack_base=2, pr_max=8)


def _duel() -> Fight:
    fight = Fight(S)
    fight.add("Ana", "a", A0, E1_W)
    fight.add("Bo", "b", B0, E1_W)
    fight.roll_initiative(seed=1)  # one order for every fight (the round end draws nothing)
    return fight


def test_the_chain_and_the_tracker_agree_where_aturdido_lasts_three_rounds():
    """Ana starts Aturdido for 3 rounds (default rules: a new Aturdido lasts one). The
    exact chain to the end and 300 seeded fights on the tracker (``attack``/``apply``,
    ``next_turn(seed)`` playing the turn's end — each lost turn counts the Aturdido down —
    and the round's end) agree within 6σ."""
    exact = fight_odds(_duel(), policy="first")
    assert exact.exact
    flag_only = Fight(S)  # Aturdido for its next turn only
    flag_only.add("Ana", "a", replace(A0, stun_rounds_left=0), E1_W)
    flag_only.add("Bo", "b", B0, E1_W)
    flag_only.roll_initiative(seed=1)
    assert fight_odds(flag_only, policy="first").p_win != exact.p_win  # the rule acts
    n = 300
    counts: dict = {}
    all_three = 0
    for k in range(n):
        fight = _duel()
        lost = 0
        for step in range(400):
            st = fight.state
            standing = {f.side for f in st.fighters if S.status(f.defender) is None}
            if len(standing) < 2:
                side = next(iter(standing), "draw")
                counts[side] = counts.get(side, 0) + 1
                for f in st.fighters:
                    key = (f.name, S.status(f.defender))
                    counts[key] = counts.get(key, 0) + 1
                assert lost <= 3
                all_three += lost == 3
                break
            me = st.fighter(st.current)
            if S.status(me.defender) is None:
                if me.attacker.stunned:
                    with pytest.raises(rolkit.RulesError, match="Aturdido"):
                        fight.attack(me.name, next(f.name for f in st.fighters if f != me))
                    lost += 1  # the GM passes the turn: next_turn counts it down
                else:
                    foe = next(f for f in st.fighters if f.side != me.side)
                    res = fight.attack(me.name, foe.name, seed=10**6 * k + step)
                    fight.apply(res, me.name, foe.name)
                    if (
                        len({f.side for f in fight.state.fighters if S.status(f.defender) is None})
                        < 2
                    ):
                        continue
            fight.next_turn(seed=10**6 * k + 5000 + step)
        else:
            raise AssertionError("a fight that does not end")
    assert all_three > 0  # Ana lost three turns whenever she lived that long, never more
    for side in ("a", "b"):
        assert _within_6_sigma(counts.get(side, 0), n, exact.p_win[side]), side
    assert counts.get("draw", 0) == 0 and exact.p_draw == 0
    for name in ("Ana", "Bo"):
        for fate in (None, "down", "dying", "dead"):
            p = exact.fates[name].get(fate, F(0))
            assert _within_6_sigma(counts.get((name, fate), 0), n, p), (name, fate)
