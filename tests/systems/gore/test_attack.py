"""§7.1 One attack: scripted rolls in the canonical draw order, the T9 effects, P10.4, the burst budget, hit probability."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from rolkit.dice import ScriptedDice
from rolkit.systems import gore as g
from rolkit.systems.gore.rules.checks import (
    attack_tier_distribution,
)

from .gore_fixtures import BOW, BROADSWORD, DODGER, SMG, WARRIOR, opts


# --------------------------------------------------------------------------- scripted order
def test_draw_order_locations_shield_burst():
    """§7.1: attacker d100, (no dodge), d20 location, shield d100, 1dN bullets, per bullet.

    The coverage roll on a normal hit is the earlier reading of G12, so this example passes
    ``shield_vs_projectile_scope="all_hits"`` explicitly (the default no longer rolls it)."""
    a = g.Combatant(attack_skill=60)
    d = g.Combatant(block_item=g.Shield(kind="grande", pg_max=22), hp_max=30)
    mods = g.Modifiers(
        defence="none",
        distance_m=50.0,
        bullets=3,
        use_hit_locations=True,
        options=opts(shield_vs_projectile_scope="all_hits"),
    )
    # 30: Éxito; d20 = 11 (pecho); shield 70 > 60: body; 1D3 = 2 bullets; 1D8: 4, 6
    rng = ScriptedDice([30, 11, 70, 2, 4, 6])
    r = g.resolve_attack(a, d, SMG, mods, rng)
    assert rng.remaining == 0
    assert (r.category, r.damage, r.row.bullets_hit, r.row.location) == ("hit_normal", 10, 2, None)
    assert r.location == "pecho"
    # shield roll 40 ≤ 60 → the shield takes 4 then 25... (1D8 faces 4 and 8)
    rng = ScriptedDice([30, 11, 40, 2, 4, 8])
    r = g.resolve_attack(a, d, SMG, mods, rng)
    assert (r.category, r.damage, r.row.block_item_pg_after) == ("shield_hit", 0, 22)


def test_cover_hit_draws_no_damage():
    mods = g.Modifiers(defence="none", covered_locations=frozenset({"cabeza"}))
    rng = ScriptedDice([20, 20])
    r = g.resolve_attack(g.Combatant(), g.Combatant(), g.Weapon(), mods, rng)
    assert (r.category, r.damage, rng.remaining) == ("cover_hit", 0, 0)


def test_blocked_with_tracked_shield_passes_overflow():
    d = g.Combatant(block_skill=50, armour=1, block_item=g.Shield(kind="pequeno", pg_max=5))
    w = g.Weapon(damage="2D8")
    rng = ScriptedDice([20, 30, 8, 8])  # Éxito vs Éxito → blocked; 16 vs 5 PG: destroyed, 6 pass
    r = g.resolve_attack(g.Combatant(), d, w, g.Modifiers(defence="block"), rng)
    assert (r.category, r.damage, r.effects["item_pg_after"], r.effects["item_destroyed"]) == (
        "blocked",
        5,
        0,
        True,
    )


def test_fumble_tables_are_rolled_in_order():
    # attack 00 (Pifia) vs dodge 50 (Fallo) → T4 attacker fumble "yes": T11 d100 00 → roll again 44
    rng = ScriptedDice([100, 50, 100, 44])
    r = g.resolve_attack(g.Combatant(), g.Combatant(), g.Weapon(), g.Modifiers(), rng)
    assert rng.remaining == 0
    assert r.effects["attacker_fumble"].low == 43
    # ranged fumble: 1D6 on T12
    rng = ScriptedDice([100, 3])
    r = g.resolve_attack(
        g.Combatant(), g.Combatant(), BOW, g.Modifiers(defence="none", distance_m=30.0), rng
    )
    assert r.effects["attacker_fumble"].table == "ranged_fumble"


def test_serious_wound_rolls_t10_then_sue():
    d = g.Combatant(hp_max=20, pod=10)
    # Éxito, no defence, 1D8+1 → 8+1 = 9 ... need > 10: use 2D8: 7 + 6 = 13 > 10 → grave (HP 7)
    rng = ScriptedDice([20, 7, 6, 35, 2, 3, 40])  # T10 35 → type V: 1D3 DES, 1D3 MOV; SUE 40 ≤ 50
    r = g.resolve_attack(g.Combatant(), d, g.Weapon(damage="2D8"), g.Modifiers(defence="none"), rng)
    assert rng.remaining == 0
    assert r.wound == "grave"
    assert r.effects["serious_wound"].type == "V"
    assert r.effects["serious_wound_losses"] == {"DES": 2, "MOV": 3}
    assert r.effects["serious_wound_permanent"] is False
    assert r.conditions["grave_rounds_left"] == 7


def test_helpless_target_is_automatic():
    rng = ScriptedDice([4])
    r = g.resolve_attack(
        g.Combatant(), g.Combatant(), g.Weapon(), g.Modifiers(target_helpless=True), rng
    )
    assert (r.attacker_tier, r.category, r.damage) == ("automatico", "hit_normal", 4)
    o = g.attack_outcomes(
        g.Combatant(), g.Combatant(), g.Weapon(), g.Modifiers(target_helpless=True)
    )
    assert o.by_category() == {"hit_normal": 1}


def test_malfunction():
    w = g.Weapon(damage="1D8", kind="firearm", range_m=25.0, malfunction=96)
    rng = ScriptedDice([97])
    r = g.resolve_attack(g.Combatant(), g.Combatant(), w, g.Modifiers(distance_m=30.0), rng)
    assert (r.category, r.attacker_tier, rng.remaining) == ("malfunction", "encasquillado", 0)
    o = g.attack_outcomes(g.Combatant(), g.Combatant(), w, g.Modifiers(distance_m=30.0))
    assert o.by_category()["malfunction"] == F(5, 100)  # 96..100, 00 included (P11.7)
    assert attack_tier_distribution(50, False, 96)["encasquillado"] == F(5, 100)


def test_hit_probability_matches_the_odds():
    cases = [
        (WARRIOR, DODGER, BROADSWORD, g.Modifiers()),
        (WARRIOR, g.Combatant(block_skill=50), BROADSWORD, g.Modifiers(defence="block")),
        (
            g.Combatant(attack_skill=70),
            g.Combatant(block_item=g.Shield(kind="grande", pg_max=22)),
            SMG,
            g.Modifiers(distance_m=30.0, bullets=3, covered_locations=frozenset({"cabeza"})),
        ),
    ]
    for a, d, w, m in cases:
        assert g.hit_probability(a, d, w, m) == g.SYSTEM.odds(a, d, w, m).p_hit


def test_burst_budget_is_an_input_error():
    w = g.Weapon(damage="1D100", kind="firearm", range_m=50.0, automatic=True)
    assert g.attack_skill(g.Combatant(), g.Combatant(), w, g.Modifiers(bullets=14)) > 0
    with pytest.raises(g.GoreInputError) as info:
        g.attack_skill(g.Combatant(), g.Combatant(), w, g.Modifiers(bullets=15))
    assert info.value.field == "modifiers.bullets"


def test_t9_location_effects_in_resolve():
    m = g.Modifiers(defence="none", use_hit_locations=True)
    d = g.Combatant(hp_max=40, location_damage={"cabeza": 20})  # head 14 HP, already −6
    r = g.resolve_attack(
        g.Combatant(attack_skill=60), d, g.Weapon(damage="1D8"), m, ScriptedDice([50, 20, 8])
    )
    assert (r.location, r.location_status) == ("cabeza", "severe")
    assert r.conditions["dying"] and r.effects["instant_death"]
    assert r.effects["location_effect"] == "muerte instantánea"
    r = g.resolve_attack(
        g.Combatant(attack_skill=60),
        g.Combatant(hp_max=20),
        g.Weapon(damage="1D8"),
        m,
        ScriptedDice([50, 2, 8]),
    )
    assert (r.location, r.location_status) == ("pierna_derecha", "disabled")
    assert "inútil" in r.effects["location_effect"]


def test_p10_4_strike_the_shield():
    d = g.Combatant(armour=1, block_item=g.Shield(kind="normal", pg_max=8), hp_max=20)
    m = g.Modifiers(defence="none", strike_item=True)
    # Crítico (07 ≤ 12): 2 × max(1D8+1 = 9, MD 0) = 18 to the item (P10: loses 18 − 8 = 10,
    # destroyed), 18 − 2×8 = 2 pass, minus armour 1
    r = g.resolve_attack(g.Combatant(attack_skill=60), d, BROADSWORD, m, ScriptedDice([7]))
    assert (r.category, r.damage, r.effects["item_pg_after"], r.hit) == ("shield_hit", 1, 0, False)
    o = g.attack_outcomes(g.Combatant(attack_skill=60), d, BROADSWORD, m)
    assert o.rows[r.row] > 0
    assert not any(row.category.startswith("hit_") for row in o.rows)
    with pytest.raises(g.GoreInputError) as info:
        g.attack_outcomes(g.Combatant(), g.Combatant(), BROADSWORD, m)
    assert info.value.field == "modifiers.strike_item"
