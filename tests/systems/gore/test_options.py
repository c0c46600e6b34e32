"""§2.4 / §6 One test per ``GoreOptions`` switch."""

from __future__ import annotations

import dataclasses
from fractions import Fraction as F

from rolkit.dice import ScriptedDice
from rolkit.systems import gore as g
from rolkit.systems.gore.rules.time import (
    movement_effect,
)

from .gore_fixtures import BOW, BROADSWORD, CLUB, DODGER, SMG, SPEAR, WARRIOR, opts


# --------------------------------------------------------------------------- options
def _cat_dist(a, d, w, m):
    return g.attack_outcomes(a, d, w, m).by_category()


def test_option_critical_rule():
    assert g.crit_range(50, opts(critical_rule="margin20")) == 30
    assert g.tier_distribution(50, options=opts(critical_rule="margin20"))["critico"] == F(30, 100)


def test_option_critical_damage_mode():
    def crit_damage(mode, draws):
        rng = ScriptedDice(draws)
        m = g.Modifiers(options=opts(critical_damage_mode=mode))
        defender = dataclasses.replace(DODGER, hp_max=40)  # every result a light wound
        return g.resolve_attack(WARRIOR, defender, BROADSWORD, m, rng).damage

    assert crit_damage("max_and_double", [7, 55, 3]) == 20
    assert crit_damage("max_only", [7, 55, 3]) == 10
    assert crit_damage("double_rolled", [7, 55, 2, 3]) == 2 * (3 + 3 - 2)  # weapon die drawn


def test_option_impale_rule():
    assert g.tier_distribution(47, True, opts(impale_rule="any_crit"))["empalar"] == F(9, 100)


def test_option_impale_ignores_armour():
    a = g.Combatant(attack_skill=35)
    d = g.Combatant(block_skill=20, armour=3, hp_max=30)
    m = g.Modifiers(defence="block", options=opts(impale_ignores_armour=False))
    assert g.resolve_attack(a, d, SPEAR, m, ScriptedDice([1, 90])).damage == 2 * (7 - 3)


def test_option_auto_success_on_01():
    assert g.check_tier(1, 0) == "critico"
    assert g.check_tier(1, 0, options=opts(auto_success_on_01=False)) == "fallo"
    assert g.check_tier(1, 30, options=opts(auto_success_on_01=False)) == "critico"


def test_option_gm_fumble_choice():
    # Pifia vs dodge Éxito → gm_choice: 'roll' draws T11, 'miss' does not
    rng = ScriptedDice([100, 10, 50])
    r = g.resolve_attack(g.Combatant(), g.Combatant(), g.Weapon(), g.Modifiers(), rng)
    assert "attacker_fumble" in r.effects and rng.remaining == 0
    rng = ScriptedDice([100, 10])
    m = g.Modifiers(options=opts(gm_fumble_choice="miss"))
    r = g.resolve_attack(g.Combatant(), g.Combatant(), g.Weapon(), m, rng)
    assert "attacker_fumble" not in r.effects and rng.remaining == 0


def test_option_defence_disabled_rounds():
    r = g.resolve_attack(
        g.Combatant(), g.Combatant(), g.Weapon(), g.Modifiers(), ScriptedDice([50, 100])
    )
    assert r.conditions.get("defence_disabled") is True
    m = g.Modifiers(options=opts(defence_disabled_rounds=0))
    r = g.resolve_attack(g.Combatant(), g.Combatant(), g.Weapon(), m, ScriptedDice([50, 100]))
    assert "defence_disabled" not in r.conditions


def test_option_lighting_affects_defence():
    d = g.Combatant(dodge_skill=40)
    m = g.Modifiers(lighting="penumbra")
    assert g.defence_skill(d, g.Combatant(), g.Weapon(), m) == 20
    m = dataclasses.replace(m, options=opts(lighting_affects_defence=False))
    assert g.defence_skill(d, g.Combatant(), g.Weapon(), m) == 40
    assert g.attack_skill(g.Combatant(attack_skill=50), d, g.Weapon(), m) == 25


def test_option_close_range_requires_band1():
    a = g.Combatant(attack_skill=60, des=11)  # close range ≤ 33 m
    w = dataclasses.replace(BOW, range_m=10.0)
    m = g.Modifiers(defence="none", distance_m=15.0)  # band 2
    assert g.attack_skill(a, g.Combatant(), w, m) == 60  # ×1/2 ×2
    m = dataclasses.replace(m, options=opts(close_range_requires_band1=True))
    assert g.attack_skill(a, g.Combatant(), w, m) == 30


def test_option_half_move_blocks_action():
    assert movement_effect(8, 4) == (10, False)
    assert movement_effect(8, 4, options=opts(half_move_blocks_action=False)) == (10, True)
    assert movement_effect(8, 5, options=opts(half_move_blocks_action=False)) == (10, False)
    assert movement_effect(8, 2) == (5, True)
    assert movement_effect(8, 4, charge=True) == (10, True)


def test_option_shield_vs_projectile_scope():
    d = g.Combatant(block_item=g.Shield(kind="normal", pg_max=20))
    m = g.Modifiers(defence="none", distance_m=30.0)
    a = g.Combatant(attack_skill=50)
    # G12 default (the seed's text): «Los escudos no consiguen desviar totalmente los ataques
    # exitosos críticos, así como los resultados de Empalar» — a normal hit strikes the shield.
    assert g.DEFAULT.shield_vs_projectile_scope == "crit_and_impale_only"
    only = _cat_dist(a, d, BOW, m)
    hit_normal_all = _cat_dist(
        a, d, BOW, dataclasses.replace(m, options=opts(shield_vs_projectile_scope="all_hits"))
    )
    assert "hit_normal" in hit_normal_all and "hit_normal" not in only
    assert only["shield_hit"] > hit_normal_all["shield_hit"]


def test_option_burst_special_applies_to():
    a = g.Combatant(attack_skill=90)
    m = g.Modifiers(defence="none", distance_m=50.0, bullets=2)
    first = g.attack_outcomes(a, g.Combatant(hp_max=99), SMG, m).mean_damage()
    m_all = dataclasses.replace(m, options=opts(burst_special_applies_to="all"))
    assert g.attack_outcomes(a, g.Combatant(hp_max=99), SMG, m_all).mean_damage() > first


def test_option_ko_success_damage():
    a = g.Combatant(fue=13, tam=14, attack_skill=55)
    m = g.Modifiers(defence="none", ko_attempt=True, options=opts(ko_success_damage="full"))
    rng = ScriptedDice([30, 5, 3, 4, 5, 2, 30])  # … 8 is grave: T10 05 (type I, 1D3), SUE
    r = g.resolve_attack(a, g.Combatant(hp_max=12), CLUB, m, rng)
    assert (r.row.ko, r.damage, r.wound, rng.remaining) == ("unconscious", 8, "grave", 0)


def test_option_asphyxia_zero_hp():
    default = g.hazard("asphyxia", con=10, rounds_without_air=9)
    other = g.hazard(
        "asphyxia", con=10, rounds_without_air=9, options=opts(asphyxia_zero_hp="unconscious")
    )
    assert any("muere" in e for e in default.effects)
    assert any("inconsciente" in e for e in other.effects)


def test_option_jump_reduces_fall():
    assert g.hazard("fall", metres=9, jump_succeeded=True).dice == "3D6"
    assert (
        g.hazard(
            "fall", metres=9, jump_succeeded=True, options=opts(jump_reduces_fall="minus_1d6")
        ).dice
        == "2D6"
    )


def test_option_radiation_con_multiplier_high():
    assert any("CON×1" in e for e in g.hazard("radiation", rems=700).effects)
    high = g.hazard("radiation", rems=700, options=opts(radiation_con_multiplier_high=3))
    assert any("CON×3" in e for e in high.effects)


def test_option_burst_wound():
    d = g.Combatant(hp_max=20)
    m = g.Modifiers(defence="none", distance_m=50.0, bullets=3)
    draws = [
        30,
        3,
        8,
        8,
        8,
    ]  # Éxito, 3 bullets, 8 each: each leve (16 ≤ 20), total 24 ≥ 20 → mortal
    assert g.resolve_attack(g.Combatant(), d, SMG, m, ScriptedDice(draws)).wound == "mortal"
    d = g.Combatant(hp_max=30)
    assert g.resolve_attack(g.Combatant(), d, SMG, m, ScriptedDice([30, 2, 8, 8])).wound == "leve"
    m_total = dataclasses.replace(m, options=opts(burst_wound="total"))
    r = g.resolve_attack(g.Combatant(), d, SMG, m_total, ScriptedDice([30, 2, 8, 8, 50, 2, 2, 50]))
    assert r.wound == "grave"
