"""G.O.R.E. (d100): the spec's worked examples (§8) as exact, data-driven tests, scripted
rolls in the §7.1 draw order, an independent brute-force oracle, every input error, and
one test per ``GoreOptions`` switch."""

from __future__ import annotations

import dataclasses
import itertools
import random
from collections import Counter
from fractions import Fraction as F

import pytest

import rolkit
from rolkit.dice import ScriptedDice
from rolkit.model import RulesError
from rolkit.systems import gore as g
from rolkit.systems.gore.rules.checks import (
    attack_tier_distribution,
    characteristic_target,
    contest_winner,
    disarm_threshold,
)
from rolkit.systems.gore.rules.damage import blow_damage
from rolkit.systems.gore.rules.time import (
    aging_rolls,
    max_attacks,
    movement_effect,
    movement_m,
    pursuit_closing,
    recovery_dice,
)
from rolkit.systems.gore.tables import size_modifier

BROADSWORD = g.Weapon(name="Espada ancha", damage="1D8+1")
CLUB = g.Weapon(name="Garrote ligero", damage="1D6")
SPEAR = g.Weapon(name="Lanza corta", damage="1D6+1", impaling=True)
WARRIOR = g.Combatant(name="A", fue=13, tam=14, attack_skill=60)  # MD +1D4 (T19)
DODGER = g.Combatant(name="D", dodge_skill=40, armour=2, hp_max=12)
BOW = g.Weapon(name="Arco", damage="1D8+1", kind="bow", range_m=25.0, impaling=True)
SMG = g.Weapon(
    name="Subfusil", damage="1D8", kind="firearm", range_m=90.0, automatic=True, impaling=True
)


def opts(**kw) -> g.GoreOptions:
    return g.GoreOptions(**kw)


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


# --------------------------------------------------------------------------- oracle
_ORACLE_T4 = {
    ("exito", "pifia"): "hit_normal", ("exito", "fallo"): "hit_normal",
    ("critico", "pifia"): "hit_critical", ("critico", "fallo"): "hit_critical", ("critico", "exito"): "hit_max",
}  # fmt: skip
_ORACLE_T5 = {
    ("exito", "pifia"): "hit_normal", ("exito", "fallo"): "hit_normal", ("exito", "exito"): "blocked",
    ("critico", "pifia"): "hit_critical", ("critico", "fallo"): "hit_critical",
    ("critico", "exito"): "hit_max", ("critico", "critico"): "blocked",
}  # fmt: skip


def _oracle_tier(roll: int, target: int) -> str:
    if roll == 100:
        return "pifia"
    crit = max(1, (2 * target + 5) // 10) if target > 0 else 1
    if roll == 1 or (roll <= target and roll <= crit):
        return "critico"
    return "exito" if roll <= target else "fallo"


def _oracle(
    att: int,
    dfd: int | None,
    defence: str,
    w_sides: int,
    w_plus: int,
    md_sides: int,
    armour: int,
    hp: int,
):
    """Brute force: every d100 pair × every weapon face × every MD face (non-impaling)."""
    counts: Counter = Counter()
    total = 0
    for a_roll in range(1, 101):
        a_t = _oracle_tier(a_roll, att)
        for d_roll in range(1, 101) if dfd is not None else [None]:
            d_t = _oracle_tier(d_roll, dfd) if d_roll is not None else "none"
            if d_t == "none":
                cat = {"exito": "hit_normal", "critico": "hit_critical"}.get(a_t, "miss")
            else:
                cat = (_ORACLE_T4 if defence == "dodge" else _ORACLE_T5).get((a_t, d_t), "miss")
            for w in range(1, w_sides + 1):
                for m in range(1, md_sides + 1):
                    total += 1
                    if cat in ("miss", "blocked"):
                        dmg = 0
                    elif cat == "hit_normal":
                        dmg = max(0, w + w_plus + m - armour)
                    elif cat == "hit_max":
                        dmg = max(0, w_sides + w_plus + m - armour)
                    else:
                        dmg = 2 * max(0, w_sides + w_plus + m - armour)
                    if dmg == 0:
                        wound = "none"
                    elif hp - dmg <= 0:
                        wound = "mortal"
                    else:
                        wound = "grave" if 2 * dmg > hp else "leve"
                    counts[(cat, dmg, wound)] += 1
    return {k: F(v, total) for k, v in counts.items()}


@pytest.mark.parametrize(
    ("att", "dfd", "defence", "armour", "hp"),
    [
        (60, 40, "dodge", 2, 12),
        (55, 50, "block", 2, 12),
        (35, None, "none", 0, 9),
        (120, 75, "dodge", 5, 20),
    ],
)
def test_brute_force_oracle(att, dfd, defence, armour, hp):
    a = g.Combatant(fue=13, tam=14, attack_skill=att)  # MD +1D4
    d = g.Combatant(dodge_skill=dfd or 0, block_skill=dfd or 0, armour=armour, hp_max=hp)
    o = g.attack_outcomes(a, d, BROADSWORD, g.Modifiers(defence=defence))
    got: Counter = Counter()
    for row, p in o.rows.items():
        got[(row.category, row.damage, row.wound)] += p
    assert dict(got) == _oracle(
        att, dfd if defence != "none" else None, defence, 8, 1, 4, armour, hp
    )


def test_resolve_keys_have_positive_odds_and_match_frequencies():
    a = g.Combatant(fue=13, tam=14, attack_skill=70)
    d = g.Combatant(block_skill=45, armour=1, block_item=g.Shield(kind="normal", pg_max=8))
    mods = g.Modifiers(defence="block", use_hit_locations=True, charge=True)
    o = g.attack_outcomes(a, d, BROADSWORD, mods)
    rng = random.Random(11)
    n = 4000
    seen = Counter(g.resolve_attack(a, d, BROADSWORD, mods, rng).row.category for _ in range(n))
    by_cat = o.by_category()
    for cat, k in seen.items():
        p = by_cat[cat]
        sd = (float(p) * (1 - float(p)) / n) ** 0.5
        assert abs(k / n - float(p)) <= 6 * sd + 1e-9, cat


# --------------------------------------------------------------------------- errors
@pytest.mark.parametrize(
    ("build", "field"),
    [
        (lambda: g.Combatant(con=0), "con"),
        (lambda: g.Combatant(attack_skill=501), "attack_skill"),
        (lambda: g.Combatant(name="  "), "name"),
        (lambda: g.Combatant(hp_max=10, hp_current=11), "hp_current"),
        (lambda: g.Combatant(damage_modifier="1D4+1"), "damage_modifier"),
        (lambda: g.Combatant(damage_modifier="x"), "damage_modifier"),
        (lambda: g.Combatant(location_armour={"cola": 2}), "location_armour"),
        (lambda: g.Combatant(conditions=frozenset({"dormido"})), "conditions"),
        (lambda: g.Shield(pg_max=20, pg_current=21), "pg_current"),
        (lambda: g.Shield(kind="torre"), "kind"),
        (lambda: g.Weapon(kind="bow"), "range_m"),
        (lambda: g.Weapon(automatic=True), "automatic"),
        (lambda: g.Weapon(damage="3D100"), "damage"),
        (lambda: g.Weapon(damage="1D6-1D4"), "damage"),
        (lambda: g.Weapon(range_m=0.0), "range_m"),
        (lambda: g.Modifiers(defence="parry"), "defence"),
        (lambda: g.Modifiers(bullets=0), "bullets"),
        (lambda: g.Modifiers(distance_m=-1.0), "distance_m"),
        (lambda: g.GoreOptions(defence_disabled_rounds=4), "defence_disabled_rounds"),
        (lambda: g.GoreOptions(critical_rule="tenth"), "critical_rule"),
    ],
)
def test_form_errors_name_the_field(build, field):
    with pytest.raises(g.GoreInputError) as info:
        build()
    err = info.value
    assert isinstance(err, RulesError) and isinstance(err, ValueError)
    assert err.field == field
    assert err.allowed
    assert str(err).startswith(f"{field} = ")
    assert err.message("es").startswith(f"{field} = ")


def test_spec_error_message_format():
    with pytest.raises(g.GoreInputError) as info:
        g.Combatant(con=0)
    assert str(info.value) == "con = 0: CON (constitution) must be a whole number from 1 to 99"
    assert info.value.message("es") == "con = 0: CON debe ser un número entero de 1 a 99"


_BOW_FAR = dataclasses.replace(BOW, range_m=10.0)


@pytest.mark.parametrize(
    ("a", "d", "w", "m", "field"),
    [
        (g.Combatant(), g.Combatant(), BOW, g.Modifiers(defence="block"), "modifiers.defence"),
        (g.Combatant(), g.Combatant(), BOW, g.Modifiers(charge=True), "modifiers.charge"),
        (g.Combatant(), g.Combatant(), g.Weapon(), g.Modifiers(bullets=3), "modifiers.bullets"),
        (
            g.Combatant(),
            g.Combatant(),
            dataclasses.replace(SMG, max_burst=5),
            g.Modifiers(bullets=6),
            "modifiers.bullets",
        ),
        (
            g.Combatant(attack_skill=90),
            g.Combatant(),
            g.Weapon(),
            g.Modifiers(attacks_this_round=2),
            "modifiers.attacks_this_round",
        ),
        (
            g.Combatant(attack_skill=140),
            g.Combatant(),
            g.Weapon(),
            g.Modifiers(attacks_this_round=3),
            "modifiers.attacks_this_round",
        ),
        (
            g.Combatant(des=11),
            g.Combatant(),
            g.Weapon(),
            g.Modifiers(focus_steps=3),
            "modifiers.focus_steps",
        ),
        (
            g.Combatant(mounted=True),
            g.Combatant(),
            g.Weapon(two_handed=True),
            g.Modifiers(),
            "weapon.two_handed",
        ),
        (
            g.Combatant(conditions=frozenset({"stunned"})),
            g.Combatant(),
            g.Weapon(),
            g.Modifiers(),
            "attacker.conditions",
        ),
        (
            g.Combatant(),
            g.Combatant(),
            SMG,
            g.Modifiers(bullets=3, ko_attempt=True),
            "modifiers.ko_attempt",
        ),
        (
            g.Combatant(),
            g.Combatant(),
            _BOW_FAR,
            g.Modifiers(distance_m=20.5),
            "modifiers.distance_m",
        ),
    ],
)
def test_impossible_actions_name_the_field(a, d, w, m, field):
    for fn in (
        lambda: g.attack_skill(a, d, w, m),
        lambda: g.defence_skill(d, a, w, m),
        lambda: g.attack_outcomes(a, d, w, m),
        lambda: g.resolve_attack(a, d, w, m, random.Random(1)),
        lambda: g.SYSTEM.odds(a, d, w, m),
    ):
        with pytest.raises(g.GoreInputError) as info:
            fn()
        assert info.value.field == field


@pytest.mark.parametrize(
    ("call", "field"),
    [
        (lambda: g.check_tier(0, 50), "roll"),
        (lambda: g.check_tier(101, 50), "roll"),
        (lambda: g.hit_location(21), "d20"),
        (lambda: g.table_lookup("nope", 1), "table"),
        (lambda: g.table_lookup("ranged_fumble", 7), "roll"),
        (lambda: g.table_lookup("aging", 1), "roll"),
        (lambda: g.defence_cell("parry", "exito", "fallo"), "defence"),
        (lambda: g.defence_cell("dodge", "exito", "empalar"), "tiers"),
        (lambda: g.hazard("lava"), "kind"),
        (lambda: g.hazard("acid"), "strength"),
        (lambda: g.hazard("acid", strength="fuerte", foo=1), "foo"),
        (lambda: g.hazard("acid", strength="acido"), "strength"),
        (lambda: g.hazard("asphyxia", con=12, rounds_without_air=0), "rounds_without_air"),
        (lambda: g.hazard("fall", metres=-1), "metres"),
        (lambda: g.hazard("explosion", dice="4D8", radius_m=5, distance_m=1), "dice"),
        (lambda: g.hazard("explosion", dice="4D6", radius_m=0, distance_m=1), "radius_m"),
        (lambda: g.hazard("fire", source="volcan"), "source"),
        (lambda: g.hazard("radiation", rems=10, options="x"), "options"),
        (lambda: g.apply_item_damage(-1, 3), "pg"),
        (lambda: g.wound_level(3, 0, 0), "hp_max"),
        (
            lambda: g.damage_distribution("golpe", WARRIOR, DODGER, BROADSWORD, g.Modifiers()),
            "category",
        ),
    ],
)
def test_function_errors_name_the_field(call, field):
    with pytest.raises(g.GoreInputError) as info:
        call()
    assert info.value.field == field


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


# --------------------------------------------------------------------------- modifiers
@pytest.mark.parametrize(
    ("mods", "expected"),
    [
        (dict(from_behind=True), 70),
        (dict(from_behind=True, defender_prone=True), 70),
        (dict(attacker_prone=True), 30),
        (dict(attacker_unstable=True, obstacle=True), 20),
        (dict(attacker_underwater=True), 20),
        (dict(focus_steps=2), 70),
        (dict(target_sprinting=True), 70),
        (dict(lighting="casi_oscuridad"), 17),
        (dict(lighting="oscuridad_total"), 13),
        (dict(situational_bonus=-60), -10),
        (dict(skill_cap=30), 30),
    ],
)
def test_p5_attack_modifiers(mods, expected):
    a = g.Combatant(attack_skill=50, pod=11, int_=13)
    assert g.attack_skill(a, g.Combatant(), g.Weapon(), g.Modifiers(**mods)) == expected


def test_p5_caps_fractions_and_off_hand():
    a = g.Combatant(attack_skill=75, off_hand=True, conditions=frozenset({"half_all"}))
    assert (
        g.attack_skill(a, g.Combatant(), g.Weapon(), g.Modifiers(lighting="penumbra")) == 10
    )  # ceil(75/8)
    rider = g.Combatant(attack_skill=80, mounted=True, riding_skill=45)
    assert g.attack_skill(rider, g.Combatant(), g.Weapon(), g.Modifiers()) == 45
    rider = g.Combatant(attack_skill=30, mounted=True)
    assert g.attack_skill(rider, g.Combatant(), g.Weapon(), g.Modifiers()) == 50  # vs foot +20


def test_p11_crowd_and_prone_at_range():
    a = g.Combatant(attack_skill=60)
    m = g.Modifiers(defence="none", distance_m=50.0, crowd=True)
    assert g.attack_skill(a, g.Combatant(), SMG, m) == 12
    assert g.attack_skill(a, g.Combatant(), SMG, dataclasses.replace(m, laser_sight=True)) == 20
    assert (
        g.attack_skill(a, g.Combatant(), SMG, g.Modifiers(distance_m=50.0, defender_prone=True))
        == 40
    )


def test_p6_defence_modifiers():
    d = g.Combatant(dodge_skill=50, block_skill=60, conditions=frozenset({"leg_severe"}))
    sk = lambda **kw: g.defence_skill(d, g.Combatant(), g.Weapon(), g.Modifiers(**kw))  # noqa: E731
    assert sk() == 20
    assert sk(defence="block") == 60
    assert sk(defence="block", relative_height="defender_higher", defender_full_defence=True) == 90
    assert sk(defence="block", defender_prone=True, defender_unstable=True, defence_bonus=5) == 25
    assert sk(defence="none") is None
    assert (
        g.defence_skill(
            dataclasses.replace(d, can_defend=False), g.Combatant(), g.Weapon(), g.Modifiers()
        )
        is None
    )


def test_hit_locations_and_location_armour():
    d = g.Combatant(hp_max=13, location_armour={"cabeza": 10})
    m = g.Modifiers(defence="none", use_hit_locations=True)
    o = g.attack_outcomes(g.Combatant(attack_skill=100), d, g.Weapon(damage="1D6"), m)
    locs = Counter()
    for row, p in o.rows.items():
        if row.location:
            locs[row.location] += p
    assert locs["cabeza"] * 3 == locs["pecho"] * 2
    assert all(row.damage == 0 for row in o.rows if row.location == "cabeza")
    rng = ScriptedDice([50, 14, 6])  # arm (4 HP) takes 6 → disabled
    r = g.resolve_attack(g.Combatant(attack_skill=60), g.Combatant(hp_max=13), g.Weapon(), m, rng)
    assert (r.location, r.location_status) == ("brazo_derecho", "disabled")


# --------------------------------------------------------------------------- SYSTEM
def test_system_registered_and_consistent():
    s = rolkit.get_system("gore")
    assert s is g.SYSTEM and "gore" in rolkit.systems()
    o = s.odds(**s.defaults())
    assert o.total == 1
    for seed in range(30):
        r = s.resolve(**s.defaults(), seed=seed)
        assert o[r.key] > 0
        assert r.view == s.project(r.key)


def test_project():
    row = g.OutcomeRow("critico", "fallo", "hit_critical", 20, "mortal", None, None, 1, None, 0)
    v = g.project(row)
    assert (v.hit, v.critical, v.damage, v.wound, v.wound_rank) == (
        True,
        True,
        20,
        "gore.wound.mortal",
        3,
    )
    assert "item_destroyed" in v.flags
    v = g.project(g.OutcomeRow("exito", "exito", "blocked", 0, "none", None, None, 0, None, None))
    assert (v.hit, v.wound, v.wound_rank, v.flags) == (False, None, 0, frozenset({"blocked"}))
    assert rolkit.i18n.t("gore.wound.leve", "en") == "Herida leve (light wound)"


def test_system_options_win_unless_default():
    s = g.SYSTEM
    f = s.defaults()
    custom = opts(critical_rule="margin20")
    direct = g.attack_outcomes(
        f["attacker"], f["defender"], f["weapon"], g.Modifiers(options=custom)
    ).rows
    assert dict(s.odds(**f, options=custom).probabilities) == direct
    f2 = dict(f, modifiers=g.Modifiers(options=custom))
    assert dict(s.odds(**f2).probabilities) == direct  # default options keep modifiers.options
    assert (
        dict(
            s.odds(
                **f2, options=opts(critical_rule="fifth", auto_success_on_01=False)
            ).probabilities
        )
        != direct
    )


def test_presets_are_valid_forms_and_compute():
    s = g.SYSTEM
    for role, presets in s.presets.items():
        for name, value in presets.items():
            assert isinstance(value, s.forms[role]), (role, name)
            forms = dict(s.defaults(), **{role: value})
            if role == "weapon" and value.ranged:
                forms["modifiers"] = g.Modifiers(distance_m=20.0)
            assert s.odds(**forms).total == 1
    assert {"Daga", "Espada ancha", "Fusil de asalto", "Ballesta ligera"} <= set(
        s.presets["weapon"]
    )


def test_forms_default_and_hashable():
    for cls in (g.Combatant, g.Shield, g.Weapon, g.Modifiers, g.GoreOptions):
        obj = cls()
        assert hash(obj) == hash(cls())
        with pytest.raises(dataclasses.FrozenInstanceError):
            obj.name = "x"  # type: ignore[misc]
    c = g.Combatant(location_damage={"cabeza": 2})
    assert c.location_damage["cabeza"] == 2 and hash(c)


def test_every_field_has_labels_and_help():
    from rolkit import fields

    for cls in (g.Combatant, g.Shield, g.Weapon, g.Modifiers, g.GoreOptions):
        for name, spec in fields.describe(cls):
            assert all(spec.label) and all(spec.help), (cls.__name__, name)
    # + darkness_cap_stage (P5.6), after_effects and serious_wound_losses (what a roll
    # writes into the forms: #16's after-state law), mortal_rule (P13.4, between attacks)
    assert len(fields.describe(g.GoreOptions)) == 21


def test_default_odds_are_fast_enough_to_matter():
    import time

    s = g.SYSTEM
    f = s.defaults()
    s.odds(**f)
    t0 = time.perf_counter()
    for _ in range(5):
        s.odds(**f)
    assert (time.perf_counter() - t0) / 5 < 0.05


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


def test_minor_procedures():
    from rolkit.systems.gore.rules.hazards import dive_for_cover, exposure_limits, swim_check_target

    assert dive_for_cover(7, "exito") == 4 and dive_for_cover(7, "critico") == 0
    assert dive_for_cover(7, "fallo") == 7
    assert [swim_check_target(12, k) for k in (1, 2, 5, 9)] == [60, 48, 12, 12]
    assert exposure_limits(12) == (12, 48) and exposure_limits(12, "extreme") == (12, 24)
    assert aging_rolls(61, 3) == 3 and aging_rolls(61, 5) == 0 and aging_rolls(60, 2) == 0
    assert recovery_dice("medicine") == "3D3"
    acid = g.hazard("acid", strength="fuerte", hard_protection=True)
    assert acid.dice == "1D3-1" and any("1D6 turnos" in e for e in acid.effects)
    assert g.hazard("acid", strength="debil", hard_protection=True).dice == "1"
    assert g.hazard("acid", strength="medio").dice == "1D4"
    assert g.hazard("fire", source="lava").dice == "3D6"
    assert g.hazard("radiation", rems=1500).dice == "6D6"
    assert g.hazard("radiation", rems=150).dice == "1D4-2"


def test_burst_budget_is_an_input_error():
    w = g.Weapon(damage="1D100", kind="firearm", range_m=50.0, automatic=True)
    assert g.attack_skill(g.Combatant(), g.Combatant(), w, g.Modifiers(bullets=14)) > 0
    with pytest.raises(g.GoreInputError) as info:
        g.attack_skill(g.Combatant(), g.Combatant(), w, g.Modifiers(bullets=15))
    assert info.value.field == "modifiers.bullets"


def test_steps_cite_rules_and_use_registered_labels():
    r = g.resolve_attack(WARRIOR, DODGER, BROADSWORD, g.Modifiers(), ScriptedDice([30, 80, 5, 2]))
    labels = [s.label for s in r.steps]
    assert labels == [
        "gore.step.skill",
        "gore.step.defence_skill",
        "gore.step.attack_roll",
        "gore.step.defence_roll",
        "gore.step.dodge_table",
        "gore.step.damage",
        "gore.step.armour",
        "gore.step.wound",
    ]
    assert all(s.rule for s in r.steps)
    for label in labels:
        assert rolkit.i18n.has(label, "es") and rolkit.i18n.has(label, "en")
    assert r.damage == 5 + 1 + 2 - 2


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


# --------------------------------------------------------------------------- resolve ≡ odds
class _NeedMore(Exception):
    def __init__(self, a: int, b: int) -> None:
        self.a, self.b = a, b


class _Branching:
    """``randint`` that replays a prefix of faces and asks for a branch when it runs out."""

    def __init__(self, prefix: tuple[int, ...]) -> None:
        self.prefix, self.used, self.sides = prefix, 0, []

    def randint(self, a: int, b: int) -> int:
        if self.used == len(self.prefix):
            raise _NeedMore(a, b)
        self.sides.append(b - a + 1)
        self.used += 1
        return self.prefix[self.used - 1]


def _enumerate_resolve(a, d, w, m) -> dict:
    """Exact law of ``resolve_attack`` by walking every sequence of faces it can draw."""
    law: Counter = Counter()
    stack: list[tuple[int, ...]] = [()]
    while stack:
        prefix = stack.pop()
        rng = _Branching(prefix)
        try:
            r = g.resolve_attack(a, d, w, m, rng)
        except _NeedMore as more:
            stack.extend(prefix + (v,) for v in range(more.a, more.b + 1))
            continue
        weight = F(1)
        for sides in rng.sides:
            weight /= sides
        law[r.row] += weight
    return dict(law)


@pytest.mark.parametrize(
    ("a", "d", "w", "m"),
    [
        (  # burst of 2, hit locations with a covered head, no dodge
            g.Combatant(attack_skill=5),
            g.Combatant(hp_max=99, armour=1),
            g.Weapon(damage="1D4", kind="firearm", range_m=50.0, automatic=True, impaling=True),
            g.Modifiers(
                defence="none",
                distance_m=40.0,
                bullets=2,
                use_hit_locations=True,
                covered_locations=frozenset({"cabeza"}),
            ),
        ),
        (  # burst of 2 at a small-shield bearer (coverage roll, the shield breaks)
            g.Combatant(attack_skill=5),
            g.Combatant(hp_max=99, armour=1, block_item=g.Shield(kind="pequeno", pg_max=2)),
            g.Weapon(damage="1D3", kind="firearm", range_m=50.0, automatic=True, impaling=True),
            g.Modifiers(defence="none", distance_m=40.0, bullets=2),
        ),
        (  # melee vs a tracked shield block, with a charge
            g.Combatant(attack_skill=5, fue=5, tam=10),  # MD −1D4
            g.Combatant(hp_max=99, block_skill=5, block_item=g.Shield(kind="normal", pg_max=2)),
            g.Weapon(damage="1D2+1"),
            g.Modifiers(defence="block", charge=True),
        ),
        (  # KO attempt with hit locations against a helpless target
            g.Combatant(attack_skill=5),
            g.Combatant(hp_max=99, location_damage={"brazo_derecho": 24}),
            g.Weapon(damage="1D6"),
            g.Modifiers(target_helpless=True, ko_attempt=True, use_hit_locations=True),
        ),
    ],
)
def test_resolve_enumerated_exactly_equals_attack_outcomes(a, d, w, m, monkeypatch):
    # T11's "00 — roll again" makes the tree of faces infinite; the fumble tables are drawn
    # after everything the outcome key depends on (§7.1 step 8), so stub them out here.
    from rolkit.systems.gore.attack import resolve

    monkeypatch.setattr(resolve, "_roll_fumble", lambda *args: g.table_lookup("melee_fumble", 1))
    assert _enumerate_resolve(a, d, w, m) == g.attack_outcomes(a, d, w, m).rows


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


def test_forms_copy_pickle_and_asdict():
    import copy
    import pickle

    c = g.Combatant(
        location_damage={"cabeza": 1}, location_armour={"pecho": 3}, block_item=g.Shield()
    )
    assert copy.deepcopy(c) == c and pickle.loads(pickle.dumps(c)) == c
    assert dataclasses.asdict(c)["location_damage"]["cabeza"] == 1
    with pytest.raises(TypeError):
        c.location_damage["cabeza"] = 3  # type: ignore[index]
    for form in (g.Weapon(), g.Modifiers(covered_locations={"cabeza"}), g.GoreOptions()):
        assert pickle.loads(pickle.dumps(form)) == form


# --------------------------------------------------------------------------- after-state
def _after(attacker, defender, weapon, mods, faces):
    rng = ScriptedDice(faces)
    r = g.resolve_attack(attacker, defender, weapon, mods, rng)
    assert rng.remaining == 0
    return r


def test_after_a_hit_hp_is_current_minus_damage():
    defender = g.Combatant(name="D", armour=3, hp_current=9, hp_max=12)
    r = _after(g.Combatant(), defender, g.Weapon(), g.Modifiers(defence="none"), [20, 5])
    assert (r.damage, r.wound) == (2, "leve")
    assert r.defender_after.hp_current == 9 - 2 == r.hp_after
    assert r.defender_after.damage_24h == 2  # P13.7: a leve wound adds to the 24 h total
    assert r.attacker_after == g.Combatant() and r.weapon_after == g.Weapon()
    # through the System: the same after-state, only the roles that changed
    assert g.SYSTEM.after_fn(r)["defender"] == r.defender_after


def test_after_a_mortal_hit_keeps_negative_hp_and_no_24h_damage():
    r = _after(WARRIOR, DODGER, BROADSWORD, g.Modifiers(), [7, 55, 3])
    assert (r.damage, r.wound, r.hp_after) == (20, "mortal", -8)
    assert r.defender_after.hp_current == -8 and r.defender_after.damage_24h == 0
    assert r.defender_after.can_defend  # the form's fate is read from its HP
    assert r.defender_after.mortal_rounds == 0  # P13.4: wounded this round


def test_after_a_block_the_tracked_item_keeps_its_pg():
    d = g.Combatant(block_skill=50, armour=1, block_item=g.Shield(kind="pequeno", pg_max=5))
    r = _after(
        g.Combatant(), d, g.Weapon(damage="2D8"), g.Modifiers(defence="block"), [20, 30, 8, 8]
    )
    assert r.defender_after.block_item.pg_current == 0 == r.effects["item_pg_after"]
    assert r.defender_after.hp_current == d.max_hp - 5
    d = g.Combatant(block_skill=50, block_item=g.Shield(kind="pequeno", pg_max=15))
    r = _after(g.Combatant(), d, g.Weapon(damage="1D8"), g.Modifiers(defence="block"), [20, 30, 6])
    assert r.category == "blocked" and r.damage == 0
    # no PG lost: the item is left as it was (pg_current empty = full), so equal
    # situations stay equal forms
    assert r.defender_after.block_item == d.block_item == g.Shield(kind="pequeno", pg_max=15)
    assert r.defender_after.hp_current is None  # no damage: the form is left as it was


def test_after_block_cells_cost_weapon_and_item_pg():
    a = g.Combatant(attack_skill=60)
    d = g.Combatant(block_skill=60, block_item=g.Shield(kind="normal", pg_max=20))
    w = g.Weapon(damage="1D6", pg=10)
    # attack Éxito (30) vs block Crítico (2): «No golpea, el arma del atacante pierde 2PG»
    r = _after(a, d, w, g.Modifiers(defence="block"), [30, 2])
    assert r.effects["attacker_weapon_pg_loss"] == 2
    assert r.weapon_after == dataclasses.replace(w, pg=8)
    # attack Crítico (2) vs block Éxito (30): hit_max, the defender's item −4 PG
    r = _after(a, d, w, g.Modifiers(defence="block"), [2, 30])
    assert r.category == "hit_max"
    assert r.defender_after.block_item.pg_current == 16
    assert r.defender_after.hp_current == r.hp_after


def test_after_a_located_hit_adds_to_that_location():
    d = g.Combatant(hp_max=30, location_damage={"pecho": 1})
    mods = g.Modifiers(defence="none", use_hit_locations=True)
    r = _after(g.Combatant(), d, g.Weapon(), mods, [20, 11, 4])  # d20 11: pecho; 1D6 = 4
    assert (r.location, r.damage) == ("pecho", 4)
    assert r.defender_after.location_damage["pecho"] == 5
    assert r.defender_after.location_damage.get("cabeza", 0) == 0


def test_after_ko_and_defence_disabled_take_the_defence_away():
    a = g.Combatant(fue=13, tam=14, attack_skill=55)
    r = _after(
        a, g.Combatant(hp_max=12), CLUB, g.Modifiers(defence="none", ko_attempt=True), [30, 5, 3, 4]
    )
    assert r.defender_after.can_defend is False and r.defender_after.hp_current is None


def test_after_states_are_valid_forms_over_many_seeds():
    system = rolkit.get_system("gore")
    d = g.Combatant(
        name="D", block_skill=50, dodge_skill=40, hp_max=10, block_item=g.Shield(pg_max=6)
    )
    w = g.Weapon(damage="1D10+2", pg=3)
    for defence in ("dodge", "block", "none"):
        mods = g.Modifiers(defence=defence, use_hit_locations=True)
        for seed in range(60):
            r = system.resolve(WARRIOR, d, w, mods, seed=seed)
            for role, form in system.after(r).items():
                assert type(form) is system.forms[role]
                assert dataclasses.replace(form) == form  # re-validates
            defender = system.after(r).get("defender", d)
            assert defender.current_hp == d.current_hp - r.outcome.damage


def test_after_a_fumble_leaves_its_lasting_condition_on_the_fumbler():
    # attack 100 (Pifia) vs dodge 90 (Fallo): «Atacante tira para la tabla de pifias»; T11 93
    lasting = g.Modifiers(options=g.GoreOptions(after_effects="all"))
    r = _after(g.Combatant(), g.Combatant(name="D"), CLUB, lasting, [100, 90, 93])
    assert r.effects["attacker_fumble"].low == 92
    assert r.attacker_after.conditions == frozenset({"half_dodge"})
    # by default (after_effects="blow") the roll reports it but the form keeps the blow only
    r = _after(g.Combatant(), g.Combatant(name="D"), CLUB, g.Modifiers(), [100, 90, 93])
    assert r.effects["attacker_fumble"].low == 92
    assert r.attacker_after.conditions == frozenset()
    assert r.defender_after == g.Combatant(name="D")
    assert set(g.SYSTEM.after_fn(r)) == {"attacker", "defender", "weapon"}
