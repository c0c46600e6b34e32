"""G.O.R.E. (d100): the spec's worked examples (§8 V1–V22, X1–X8) as exact, data-driven tests."""

from __future__ import annotations

import dataclasses
import itertools
from collections import Counter
from fractions import Fraction as F

import pytest

from rolkit.dice import ScriptedDice
from rolkit.systems import gore as g
from rolkit.systems.gore.rules.damage import blow_damage
from rolkit.systems.gore.rules.time import (
    max_attacks,
    movement_m,
    pursuit_closing,
)
from rolkit.systems.gore.tables import size_modifier

from .gore_fixtures import BOW, BROADSWORD, CLUB, DODGER, SMG, SPEAR, WARRIOR


# --------------------------------------------------------------------------- §8 V1–V22
def test_v1_armour_absorbs():
    assert blow_damage("hit_normal", 5, 3) == 2
    # the same through a scripted roll: 1D6 (MD 0), no defence, attack 20 (Éxito), die 5
    defender = g.Combatant(name="D", armour=3)
    rng = ScriptedDice([20, 5])
    r = g.resolve_attack(g.Combatant(), defender, g.Weapon(), g.Modifiers(defence="none"), rng)
    assert (r.category, r.damage, rng.remaining) == ("hit_normal", 2, 0)


def test_v2_shield_item_rule():
    assert g.apply_item_damage(15, 18) == (12, 0, False)
    assert g.apply_item_damage(15, 30) == (0, 0, True)
    assert g.apply_item_damage(15, 40) == (0, 10, True)


def test_v3_surprise_and_height():
    a = g.Combatant(attack_skill=50)
    mods = g.Modifiers(target_surprised=True, relative_height="attacker_higher")
    assert g.attack_skill(a, g.Combatant(), g.Weapon(), mods) == 80


def test_v4_attack_order_surprised():
    assert g.attack_order(14, surprised=True) == 7
    assert g.attack_order(14) == 14
    assert g.attack_order(14, penalties=5) == 9
    assert g.attack_order(14, halved=True, penalties=5) == 2


def test_v5_pursuit():
    assert pursuit_closing(12, 8) == 4
    assert pursuit_closing(12, 8) * 4 == 16


@pytest.mark.parametrize(
    ("tam", "mod"), [(60, 15), (3, -10), (40, 5), (1, -20), (4, -5), (39, 0), (75, 20)]
)
def test_v6_t22_target_size(tam, mod):
    assert size_modifier(tam) == mod


def test_v7_radiation_250_rems():
    r = g.hazard("radiation", rems=250)
    assert (r.pot, r.dice) == (9, "1D4")
    pots = {int(e.split(":")[0].removeprefix("POT ")) for e in r.effects}
    assert pots == {5, 6, 7, 8, 9}
    assert g.hazard("radiation", rems=250, resisted=True).pot == 8
    assert g.hazard("radiation", rems=4).pot is None


@pytest.mark.parametrize(
    ("old", "new", "dice"), [(1, 3, "3D6"), (1, 2, "1D6"), (1, 2.5, "2D6"), (1, 1.5, "0")]
)
def test_v8_pressure(old, new, dice):
    assert g.hazard("pressure", old_atm=old, new_atm=new).dice == dice


def test_v9_location_status():
    assert g.location_status(6, 12) == "severe"
    assert g.location_status(6, 11) == "disabled"
    assert g.location_status(6, 6) == "disabled"
    assert g.location_status(6, 5) == "ok"


def test_v10_multiple_attacks():
    assert (max_attacks(100), max_attacks(150), max_attacks(99)) == (2, 3, 1)
    w = g.Weapon()
    a100 = g.Combatant(attack_skill=100)
    a150 = g.Combatant(attack_skill=150)
    assert g.attack_skill(a100, g.Combatant(), w, g.Modifiers(attacks_this_round=2)) == 50
    assert g.attack_skill(a150, g.Combatant(), w, g.Modifiers(attacks_this_round=3)) == 50


@pytest.mark.parametrize(
    ("distance", "dice"), [(10, "3D6"), (15, "2D6"), (5, "4D6"), (0, "4D6"), (25, "0")]
)
def test_v11_explosion(distance, dice):
    assert g.hazard("explosion", dice="4D6", radius_m=5, distance_m=distance).dice == dice


def test_v12_asphyxia():
    assert g.hazard("asphyxia", con=13, rounds_without_air=7).dice == "0"
    held = g.hazard("asphyxia", con=13, rounds_without_air=8)
    assert held.dice == "1D6"
    assert any("7 turnos" in e for e in held.effects)
    assert any("5D6 por minuto" in e for e in held.effects)
    assert g.hazard("asphyxia", con=13, rounds_without_air=1, exertion=True).dice == "1D6"


@pytest.mark.parametrize(
    ("target", "crit"),
    [
        (50, 10),
        (47, 9),
        (48, 10),
        (3, 1),
        (8, 2),
        (150, 30),
        (13, 3),
        (25, 5),
        (33, 7),
        (60, 12),
        (75, 15),
        (99, 20),
        (100, 20),
        (0, 1),
        (-5, 1),
    ],
)
def test_v13_crit_range(target, crit):
    assert g.crit_range(target) == crit


def test_v14_derived_values():
    assert g.damage_modifier(13, 14) == "+1D4"
    assert g.damage_modifier(8, 8) == "-1D4"
    assert g.hp_max(13, 12) == 13
    assert g.location_hp(13) == {
        "pierna_derecha": 5,
        "pierna_izquierda": 5,
        "abdomen": 5,
        "pecho": 6,
        "brazo_derecho": 4,
        "brazo_izquierdo": 4,
        "cabeza": 5,
    }


@pytest.mark.parametrize(
    ("fue_tam", "md"),
    [
        (12, "-1D6"),
        (13, "-1D4"),
        (16, "-1D4"),
        (17, "0"),
        (24, "0"),
        (25, "+1D4"),
        (33, "+1D6"),
        (41, "+2D6"),
        (57, "+3D6"),
        (72, "+3D6"),
        (73, "+4D6"),
        (89, "+5D6"),
        (105, "+6D6"),
    ],
)
def test_t19_damage_modifier(fue_tam, md):
    assert g.damage_modifier(fue_tam - 1, 1) == md


@pytest.mark.parametrize(
    ("hp", "legs", "chest", "arms"),
    [(10, 4, 4, 3), (11, 4, 5, 3), (12, 4, 5, 3), (13, 5, 6, 4), (16, 6, 7, 4)],
)
def test_t8_location_hp(hp, legs, chest, arms):
    split = g.location_hp(hp)
    assert (split["pierna_derecha"], split["abdomen"], split["cabeza"]) == (legs, legs, legs)
    assert (split["pecho"], split["brazo_izquierdo"]) == (chest, arms)


def test_v15_bow_band_angle_size():
    a = g.Combatant(attack_skill=60, des=11)
    d = g.Combatant(tam=60)
    mods = g.Modifiers(defence="none", distance_m=40.0, angle="down45")
    assert g.attack_skill(a, d, BOW, mods) == 25


def test_v16_burst():
    a = g.Combatant(attack_skill=40)
    base = g.Modifiers(distance_m=50.0)  # band 1, beyond DES×3 = 33 m: no close-range ×2
    assert g.attack_skill(a, g.Combatant(), SMG, base) == 40
    assert g.attack_skill(a, g.Combatant(), SMG, dataclasses.replace(base, bullets=5)) == 60
    assert g.attack_skill(a, g.Combatant(), SMG, dataclasses.replace(base, bullets=20)) == 80
    o = g.attack_outcomes(
        a, g.Combatant(), SMG, dataclasses.replace(base, bullets=4, defence="none")
    )
    hits = Counter()
    for row, p in o.rows.items():
        if row.category.startswith("hit_"):
            hits[row.bullets_hit] += p
    total = sum(hits.values())
    assert {k: v / total for k, v in hits.items()} == {
        1: F(1, 4),
        2: F(1, 4),
        3: F(1, 4),
        4: F(1, 4),
    }


@pytest.mark.parametrize(
    ("metres", "heavy", "dice"),
    [(7, False, "2D6"), (9, True, "4D6"), (2, True, "0"), (3, False, "1D6")],
)
def test_v17_falls(metres, heavy, dice):
    assert g.hazard("fall", metres=metres, heavy_armour=heavy).dice == dice


def test_v18_scripted_critical_vs_failed_dodge():
    rng = ScriptedDice([7, 55, 3])  # attack 07, dodge 55, MD 1D4 = 3; weapon dice not drawn
    r = g.resolve_attack(WARRIOR, DODGER, BROADSWORD, g.Modifiers(), rng)
    assert rng.remaining == 0
    assert (r.attacker_tier, r.defender_tier) == ("critico", "fallo")
    assert (r.category, r.damage, r.wound, r.hp_after) == ("hit_critical", 20, "mortal", -8)
    assert r.conditions == {"dying": True}
    assert r.hit
    labels = [s.label for s in r.steps]
    assert "gore.step.critical" in labels
    assert g.attack_outcomes(WARRIOR, DODGER, BROADSWORD, g.Modifiers()).rows[r.row] > 0


def test_v19_impale_vs_failed_block():
    a = g.Combatant(attack_skill=35)
    d = g.Combatant(block_skill=20, armour=3, hp_max=30)
    rng = ScriptedDice([1, 90])
    r = g.resolve_attack(a, d, SPEAR, g.Modifiers(defence="block"), rng)
    assert (r.attacker_tier, r.defender_tier, r.category) == ("empalar", "fallo", "hit_impale")
    assert r.damage == 2 * 7  # 2 × raw_max (1D6+1 → 7, MD 0), armour ignored
    assert rng.remaining == 0


def test_v20_pull_blow():
    a = g.Combatant(fue=13, tam=14)  # MD +1D4, ignored
    rng = ScriptedDice([20, 7])
    w = g.Weapon(damage="1D8")
    r = g.resolve_attack(a, g.Combatant(), w, g.Modifiers(defence="none", pull_blow=True), rng)
    assert (r.damage, rng.remaining) == (4, 0)


def test_v21_ko():
    a = g.Combatant(fue=13, tam=14, attack_skill=55)  # MD +1D4
    d = g.Combatant(hp_max=12)
    rng = ScriptedDice([30, 5, 3, 4])  # attack Éxito, club 5, MD 3 → 8; 2×8 > 12; 1D10 = 4
    r = g.resolve_attack(a, d, CLUB, g.Modifiers(defence="none", ko_attempt=True), rng)
    assert rng.remaining == 0
    assert r.row.ko == "unconscious"
    assert r.damage == 0 and r.hp_after == 12
    assert r.conditions["ko_unconscious_rounds"] == 14
    assert r.conditions["unconscious"] is True


def test_v21_ko_fails_minimum_damage():
    a = g.Combatant(fue=13, tam=14, attack_skill=55)
    rng = ScriptedDice([30, 2, 1])  # 2 + 1 = 3, 2×3 ≤ 12: minimum damage 1
    r = g.resolve_attack(
        a, g.Combatant(hp_max=12), CLUB, g.Modifiers(defence="none", ko_attempt=True), rng
    )
    assert (r.row.ko, r.damage) == ("failed", 1)


def test_v22_movement():
    assert movement_m(8) == 32
    assert movement_m(8, rough=True) == 24
    assert movement_m(8, sprint=True) == 64


# --------------------------------------------------------------------------- §8 X1–X8
def test_x1_tier_distribution_50():
    assert g.tier_distribution(50) == {
        "pifia": F(1, 100),
        "fallo": F(49, 100),
        "exito": F(2, 5),
        "critico": F(1, 10),
    }


def test_x2_tier_distribution_47_impaling():
    assert g.tier_distribution(47, impaling=True) == {
        "empalar": F(1, 100),
        "critico": F(2, 25),
        "exito": F(19, 50),
        "fallo": F(13, 25),
        "pifia": F(1, 100),
    }


def test_x3_hit_normal_damage():
    dist = g.damage_distribution("hit_normal", WARRIOR, DODGER, BROADSWORD, g.Modifiers())
    assert dist == {
        1: F(1, 32),
        2: F(1, 16),
        3: F(3, 32),
        4: F(1, 8),
        5: F(1, 8),
        6: F(1, 8),
        7: F(1, 8),
        8: F(1, 8),
        9: F(3, 32),
        10: F(1, 16),
        11: F(1, 32),
    }
    assert sum(p for d, p in dist.items() if d >= 7) == F(7, 16)
    assert sum(d * p for d, p in dist.items()) == 6


def test_x4_attack_vs_dodge():
    o = g.attack_outcomes(WARRIOR, DODGER, BROADSWORD, g.Modifiers())
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
    fx = o.side_effects()
    assert fx["defence_disabled"] == F(99, 10000)
    assert fx["attacker_fumble_yes"] == F(59, 10000)
    assert fx["attacker_fumble_gm_choice"] == F(1, 250)


def test_x5_attack_vs_block():
    a = dataclasses.replace(WARRIOR, attack_skill=55)
    d = g.Combatant(name="D", block_skill=50, armour=2, hp_max=12)
    o = g.attack_outcomes(a, d, BROADSWORD, g.Modifiers(defence="block"))
    assert o.by_category() == {
        "miss": F(247, 500),
        "blocked": F(187, 1000),
        "hit_normal": F(11, 50),
        "hit_max": F(11, 250),
        "hit_critical": F(11, 200),
    }
    fx = o.side_effects()
    assert fx["attacker_weapon_pg_loss"] == F(11, 250)
    assert fx["defender_item_pg_loss"] == F(11, 250)
    assert fx["defender_fumble"] == F(11, 2000)
    assert o.wound() == {
        "none": F(681, 1000),
        "leve": F(99, 800),
        "grave": F(561, 4000),
        "mortal": F(11, 200),
    }
    assert o.mean_damage() == F(2783, 1000)


def test_x6_ko_attempt():
    a = g.Combatant(fue=13, tam=14, attack_skill=55)
    o = g.attack_outcomes(
        a, g.Combatant(hp_max=12), CLUB, g.Modifiers(defence="none", ko_attempt=True)
    )
    ko = Counter()
    for row, p in o.rows.items():
        ko[(row.ko, row.damage)] += p
    assert ko == {("unconscious", 0): F(22, 75), ("failed", 1): F(77, 300), (None, 0): F(9, 20)}


def test_x7_opposition():
    assert g.opposition_chance(12, 15) == 35
    dist = g.tier_distribution(35)
    assert dist["exito"] + dist["critico"] == F(7, 20)


def test_x8_aging():
    two_d6 = Counter(a + b for a, b in itertools.product(range(1, 7), repeat=2))
    law = Counter()
    for total, n in two_d6.items():
        law[g.table_lookup("aging", total).text] += F(n, 36)
    assert law["CAR −1."] == F(11, 36)
    assert law["DES −1."] == F(1, 4)
    assert law["Una habilidad poco usada −10."] == F(1, 36)
