"""The options' documented effects (NSd20Rules, house rules and assumptions) and §1.7 aid."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction as F

import pytest

import rolkit
from rolkit import fields
from rolkit.systems import nsd20
from rolkit.systems.nsd20 import (
    Combatant,
    Modifiers,
    NSd20InputError,
    NSd20Rules,
    Weapon,
)

S = rolkit.get_system("nsd20")
E1_A = Combatant(dexterity=14, strength=12, attack_base=3)
E1_D = Combatant(dexterity=12, reflexes_base=2, pr_max=20, serious_wound_threshold=10)


# --------------------------------------------------------------------------- options
W0, M0, R0 = Weapon(), Modifiers(), NSd20Rules()


def _p_hit(a=E1_A, d=E1_D, w=W0, m=M0, r=R0):
    o = nsd20.attack_outcomes(a, d, w, m, rules=r).outcome
    return o["hit"] + o["critical"]


def test_options_move_the_odds_as_documented():
    base = _p_hit()
    assert _p_hit(m=Modifiers(cover="cover")) == base - F(4, 20)
    assert _p_hit(m=Modifiers(cover="cover"), r=NSd20Rules(cover_bonuses={"cover": 2})) == (
        base - F(2, 20)
    )
    assert _p_hit(a=replace(E1_A, size="small")) == base + F(1, 20)
    assert _p_hit(a=replace(E1_A, size="small"), r=NSd20Rules(size_modifies_attack=False)) == base
    thrown = Weapon(kind="thrown")
    assert _p_hit(w=thrown, m=Modifiers(range_increments=2)) == base - F(4, 20)
    assert _p_hit(w=thrown, m=Modifiers(range_increments=2), r=NSd20Rules(range_penalty=1)) == (
        base - F(2, 20)
    )
    # natural 20 hits an impossible Defensa only with the natural rules on
    far = replace(E1_D, defense_misc=20)
    assert _p_hit(d=far) == F(1, 20)
    assert _p_hit(d=far, r=NSd20Rules(natural_rules_on_attacks=False)) == 0
    # surprise removes the defender's Esquiva (+1 from DES 12)
    assert _p_hit(m=Modifiers(surprise=True)) == base + F(1, 20)


def test_stunned_attacker_option():
    stunned = replace(E1_A, stunned=True)
    with pytest.raises(NSd20InputError, match="stunned"):
        nsd20.attack_outcomes(stunned, E1_D, Weapon(), Modifiers())
    nsd20.attack_outcomes(
        stunned, E1_D, Weapon(), Modifiers(), rules=NSd20Rules(stunned_cannot_act=False)
    )


def test_default_threshold_none_removes_massive_damage():
    d = replace(E1_D, serious_wound_threshold=None, constitution=4)
    assert nsd20.attack_outcomes(E1_A, d, Weapon(), Modifiers()).p_massive > 0
    assert (
        nsd20.attack_outcomes(
            E1_A, d, Weapon(), Modifiers(), rules=NSd20Rules(default_threshold="none")
        ).p_massive
        == 0
    )


def test_every_option_is_labelled_and_assumptions_say_so():
    for name, spec in fields.describe(NSd20Rules):
        assert all(spec.label) and all(spec.help), name
        if "SRD-assumed" in spec.rule:
            assert "regla supuesta" in spec.label[0] or "supuesta" in spec.choice_label(
                spec.default, "es"
            ), name
            assert "assumed rule" in spec.label[1] or "assumed" in spec.choice_label(
                spec.default, "en"
            ), name


def test_aid_options():
    assert nsd20.aid_another_bonus([(12, 0), (15, 0)]) == 4
    assert (
        nsd20.aid_another_bonus([(12, 0), (15, 0)], rules=NSd20Rules(aid_helpers_stack=False)) == 2
    )
    with pytest.raises(NSd20InputError, match="(?i)at most 1"):
        nsd20.aid_another_bonus([(12, 0), (15, 0)], rules=NSd20Rules(max_helpers=1))
    assert nsd20.aid_bonus_distribution([0, 0], rules=NSd20Rules(aid_helpers_stack=False)) == {
        0: F(81, 400),
        2: F(319, 400),
    }
