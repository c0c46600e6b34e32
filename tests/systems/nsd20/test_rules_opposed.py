"""P2 opposed checks and §1.5 comparative checks (:mod:`rolkit.systems.nsd20.rules.opposed`)."""

from __future__ import annotations

from fractions import Fraction as F

import rolkit
from rolkit.systems import nsd20
from rolkit.systems.nsd20 import (
    Combatant,
    NSd20Rules,
)

S = rolkit.get_system("nsd20")
E1_A = Combatant(dexterity=14, strength=12, attack_base=3)
E1_D = Combatant(dexterity=12, reflexes_base=2, pr_max=20, serious_wound_threshold=10)


def test_opposed_higher_score_policy():
    rules = NSd20Rules(opposed_tie_policy="higher_score_then_reroll")
    assert (
        nsd20.opposed_check(15, 15, ties_allowed=False, score_a=12, score_b=14, rules=rules) == "b"
    )
    assert (
        nsd20.opposed_check(15, 15, ties_allowed=False, score_a=12, score_b=12, rules=rules)
        == "reroll"
    )
    law = nsd20.opposed_probability(2, 0, ties_allowed=False, score_a=14, score_b=10, rules=rules)
    assert law == {"a": F(229 + 18, 400), "b": F(153, 400), "tie": F(0)}


def test_opposed_natural_rules_option():
    rules = NSd20Rules(natural_rules_in_opposed=True)
    assert (
        nsd20.opposed_check(20, 30, ties_allowed=False, natural_a=20, natural_b=10, rules=rules)
        == "a"
    )
    law = nsd20.opposed_probability(0, 30, ties_allowed=True, rules=rules)
    # A wins only by the naturals: A's 20 against a non-20 (19 pairs) or B's 1 against a
    # non-1 (19 pairs), the pair (20, 1) counted once
    assert law["a"] == F(19 + 19 - 1, 400)


def test_comparative_check():
    assert nsd20.comparative_check(14, 12) == "a"
    assert nsd20.comparative_check(12, 14) == "b"
    assert nsd20.comparative_check(13, 13) == "tie"
