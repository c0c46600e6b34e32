"""G.O.R.E. (d100): the spec's worked examples (§8), exact and data-driven."""

from __future__ import annotations

from fractions import Fraction as F

from rolkit.dice import ScriptedDice
from rolkit.systems import gore as g

BROADSWORD = g.Weapon(name="Espada ancha", damage="1D8+1")
WARRIOR = g.Combatant(name="A", fue=13, tam=14, attack_skill=60)  # MD +1D4


def test_x1_tier_distribution_50():
    assert g.tier_distribution(50) == {
        "pifia": F(1, 100),
        "fallo": F(49, 100),
        "exito": F(2, 5),
        "critico": F(1, 10),
    }


def test_x4_attack_vs_dodge():
    defender = g.Combatant(name="D", dodge_skill=40, armour=2, hp_max=12)
    o = g.attack_outcomes(WARRIOR, defender, BROADSWORD, g.Modifiers())
    assert sum(o.rows.values()) == 1
    assert o.by_category() == {
        "miss": F(376, 625),
        "hit_normal": F(36, 125),
        "hit_max": F(24, 625),
        "hit_critical": F(9, 125),
    }
    assert o.wound() == {
        "none": F(376, 625),
        "leve": F(81, 500),
        "grave": F(411, 2500),
        "mortal": F(9, 125),
    }
    assert o.mean_damage() == F(2163, 625)


def test_v18_scripted():
    defender = g.Combatant(name="D", dodge_skill=40, armour=2, hp_max=12)
    rng = ScriptedDice([7, 55, 3])
    r = g.resolve_attack(WARRIOR, defender, BROADSWORD, g.Modifiers(), rng)
    assert rng.remaining == 0
    assert (r.category, r.damage, r.wound, r.hp_after) == ("hit_critical", 20, "mortal", -8)


def test_system_registered():
    import rolkit

    s = rolkit.get_system("gore")
    o = s.odds(**s.defaults())
    assert o.total == 1
    r = s.resolve(**s.defaults(), seed=5)
    assert o[r.key] > 0
