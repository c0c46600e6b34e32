"""§4 procedures beyond the worked examples: knock-out, Autocontrol, counters, firearms,
Gore Mode, hazards, healing, and the SYSTEM projection."""

from __future__ import annotations

import dataclasses
import random
from fractions import Fraction as F

from rolkit import i18n
from rolkit.dice import ScriptedDice
from rolkit.systems import core_dread as cd
from rolkit.systems.core_dread import Armor, Combatant, Modifiers, Weapon
from rolkit.systems.core_dread.presets import ANA, BAT, BRUNO, CARLA, FIST, KNIFE, PISTOL
from rolkit.systems.core_dread.view import project, wound_rank

MISS5 = [10] * 5
HIT5 = [1] * 5


def test_knockout_blow():
    m = Modifiers(surprise=True, knockout_attempt=True)
    # BRUNO FOR 5 − 1 = 4 with the bat: faces 1,2,3 hit, 5 misses; reroll 9 misses.
    dice = ScriptedDice([1, 2, 3, 5, 9, 9])
    r = cd.resolve_attack(BRUNO, ANA, BAT, m, dice)
    attack = r.steps[0]
    assert attack.derived["attribute"] == 4 and r.attack_hits == 3  # face 5 misses at 4
    assert r.outcome.wound_level == "malherido"  # 12 > 8
    assert r.defender_after.unconscious and r.defender_after.prone
    assert "defender_unconscious" in r.effects
    assert dice.used == 6  # no prone check for an unconscious victim
    # a Magullado does not knock out
    r = cd.resolve_attack(BRUNO, ANA, FIST, m, ScriptedDice([1, 9, 9, 9, 9, 9]))
    assert r.outcome.wound_level == "magullado" and not r.defender_after.unconscious


def test_measured_knockout_combined():
    m = Modifiers(surprise=True, knockout_attempt=True, measured_blow=True)
    r = cd.resolve_attack(BRUNO, ANA, BAT, m, ScriptedDice([1, 2, 3, 9, 9, 9]))
    assert r.outcome.wound_level == "lesionado"  # Malherido measured down one level
    assert r.defender_after.unconscious


def test_dangerous_attack_costs_autocontrol_once():
    m = Modifiers(dangerous_situation=True)
    r = cd.resolve_attack(ANA, BRUNO, KNIFE, m, ScriptedDice([1, 2, 9, 9, 9]))
    assert cd.attack_multiplier(KNIFE, m) == 5
    assert r.outcome.damage == 10 and r.outcome.wound_level == "lesionado"
    assert r.defender_after.autocontrol == 9 and "autocontrol_lost" in r.effects
    r = cd.resolve_attack(ANA, BRUNO, KNIFE, m, ScriptedDice(MISS5))
    assert r.defender_after.autocontrol == 10 and "autocontrol_lost" not in r.effects


def test_counter_through_attacker_armour_with_wear_and_prone():
    attacker = Combatant(fortaleza=2, armor=Armor(armor_type="comun"))
    blocker = Combatant(fortaleza=9, melee_skill=0, block_weapon=Weapon(category="letal"))
    # attacker 1 hit x1; blocker 4 hits x8 = 32 → counter 31, −3 armour = 28 vs FOR 2.
    dice = ScriptedDice([1, 9, 9, 9, 9, 1, 2, 3, 4, 10] + HIT5)
    r = cd.resolve_attack(attacker, blocker, FIST, Modifiers(defence="block"), dice)
    assert r.outcome.counter and r.outcome.counter_damage == 28
    assert r.outcome.counter_wound_level == "malherido" and r.outcome.counter_wound_count == 5
    assert r.attacker_after.dead and "attacker_dead" in r.effects
    assert r.attacker_after.armor.absorption == 2 and "attacker_armor_worn" in r.effects
    assert dice.used == 10  # dead: no prone check
    # survivable counter → the attacker makes the prone check (5 more faces)
    tough = Combatant(fortaleza=9)
    dice = ScriptedDice([1, 10, 10, 10, 10, 1, 2, 3, 10, 10] + MISS5)
    r = cd.resolve_attack(tough, blocker, FIST, Modifiers(defence="block"), dice)
    assert r.outcome.counter_damage == 23 and r.counter_marked == ("malherido",)
    assert dice.used == 15 and r.attacker_after.prone and "attacker_prone" in r.effects


def test_ranged_block_shoots_back_and_spends_ammo():
    shooter = Combatant(agilidad=6, block_weapon=PISTOL)
    # CARLA misses at range (2 hits < 3 → 0); the shooter gets 3 hits x4 = 12.
    dice = ScriptedDice([1, 2, 9, 9, 9, 9, 1, 2, 3, 9, 9] + HIT5)
    r = cd.resolve_attack(CARLA, shooter, PISTOL, Modifiers(defence="ranged_block"), dice)
    assert any(s.label == "cd.step.ranged_minimum" for s in r.steps)
    assert r.outcome.counter and r.outcome.counter_damage == 12
    assert (r.outcome.counter_wound_level, r.outcome.counter_wound_count) == ("malherido", 2)
    assert dice.remaining == 0 and r.attacker_after.prone  # FOR 3 − 4 = 0: always falls
    assert r.weapon_after.attacks_left == 2
    assert r.defender_after.block_weapon.attacks_left == 2
    assert not r.defender_after.turn_available


def test_shotgun_counts_eight_when_shooting_back_at_melee():
    gun = Weapon(category="peligrosa", mode="ranged", ranged_type="escopeta_tradicional")
    from rolkit.systems.core_dread.rules.damage import defence_multiplier

    assert defence_multiplier(gun, "ranged_block", KNIFE, False) == 8
    assert defence_multiplier(gun, "ranged_block", PISTOL, False) == 4
    assert defence_multiplier(gun, "ranged_block", PISTOL, True) == 8
    assert defence_multiplier(gun, "block", KNIFE, False) == 1  # a firearm blocks unarmed
    assert defence_multiplier(BAT, "block", KNIFE, False) == 4
    assert defence_multiplier(BAT, "dodge", KNIFE, False) == 1


def test_dodge_to_cover():
    m = Modifiers(defence="dodge", dodge_to_cover=True)
    r = cd.resolve_attack(CARLA, ANA, PISTOL, m, ScriptedDice(MISS5 + [10] + MISS5))
    assert r.defender_after.in_cover and "defender_in_cover" in r.effects
    assert r.effects[-1] == "defender_turn_spent"


def test_attack_pools_aimed_cover_fire_thrown():
    hurt = Combatant(agilidad=6, concentracion=6, lesionado=2, ranged_skill=2)
    opts = cd.DEFAULT_OPTIONS
    from rolkit.systems.core_dread.attack import attack_pool

    rifle = Weapon(category="letal", mode="ranged", ranged_type="fusil_asalto")
    assert attack_pool(hurt, PISTOL, Modifiers(), opts)[:3] == ("agilidad", 4, 2)
    assert attack_pool(hurt, PISTOL, Modifiers(aimed=True), opts)[:3] == ("concentracion", 6, 2)
    assert attack_pool(hurt, rifle, Modifiers(cover_fire=True), opts)[:3] == ("agilidad", 6, 2)
    assert attack_pool(hurt, PISTOL, Modifiers(cover_fire=True), opts)[:3] == ("agilidad", 4, 2)
    thrown = Weapon(category="contundente", mode="thrown")
    assert attack_pool(BRUNO, thrown, Modifiers(), opts)[:3] == ("fortaleza", 5, 1)
    # thrown needs 3 hits at range, not point-blank
    far = cd.attack_outcomes(BRUNO, ANA, thrown, Modifiers())
    near = cd.attack_outcomes(BRUNO, ANA, thrown, Modifiers(point_blank=True))
    assert sum(p for k, p in far.items() if k.hit) < sum(p for k, p in near.items() if k.hit)
    assert sum(p for k, p in near.items() if k.hit) == 1 - F(1, 64)


def test_gore_mode_defender():
    cultist = Combatant(gore_mode=True, malherido=1)
    r = cd.resolve_attack(ANA, cultist, KNIFE, Modifiers(), ScriptedDice([1, 2, 3, 9, 9]))
    assert r.outcome.wound_level == "malherido" and r.defender_after.dead
    assert cd.apply_wounds((1, 0, 0), "magullado", 1, gore=True) == (
        (1, 1, 0),
        False,
        ["lesionado"],
    )
    assert cd.apply_wounds((1, 1, 1), "magullado", 1, gore=True) == ((1, 1, 1), True, [])
    gored = Combatant(gore_mode=True, magullado=1, lesionado=1)  # −3 to FOR
    from rolkit.systems.core_dread.attack import attack_pool

    assert attack_pool(gored, FIST, Modifiers(), cd.DEFAULT_OPTIONS)[1] == 1


def test_unconscious_defender_can_be_hit_without_defence():
    out = cd.attack_outcomes(ANA, dataclasses.replace(BRUNO, unconscious=True), FIST, Modifiers())
    assert sum(out.values()) == 1


def test_ammunition_from_full_capacity():
    rifle = Weapon(category="letal", mode="ranged", ranged_type="fusil_asalto")
    r = cd.resolve_attack(CARLA, ANA, rifle, Modifiers(), ScriptedDice(MISS5 + [10]))
    assert r.weapon_after.attacks_left == 3


def test_hazards_apply_and_asphyxia():
    res = cd.apply_hazard(Combatant(malherido=2), *cd.hazard_wounds("explosion", 2))
    assert res.dead and res.marked == ("malherido",) and res.combatant.dead
    res = cd.apply_hazard(Combatant(), "malherido", 1, ScriptedDice(HIT5))
    assert not res.fell_prone and res.prone_faces == tuple(HIT5)
    assert cd.fall_wound(8, 4) == ("malherido", 4)
    assert cd.asphyxia_turns(5, 0) == 5


def test_healing():
    assert cd.rest((3, 1, 0), hours=9) == (1, 1, 0)
    assert cd.treat((0, 3, 0), days=2, treated=True) == (0, 1, 0)
    assert cd.treat((0, 3, 0), days=2, treated=False) == (0, 3, 0)
    assert cd.malherido_check((0, 1, 2), 3, cared=True) == ((0, 2, 1), False)
    assert cd.malherido_check((0, 3, 2), 5, cared=True) == ((0, 3, 2), False)  # no free box
    assert cd.malherido_check((0, 0, 3), 2, cared=False) == ((0, 0, 3), True)  # overflow: dead
    assert cd.malherido_check((0, 0, 1), 2, cared=False) == ((0, 0, 2), False)
    check = cd.healing_check((0, 0, 1), 4, True, ScriptedDice([1, 2, 9, 9, 9]))
    assert check.attribute == 2 and check.hits == 2 and check.track == (0, 0, 1)
    law = cd.healing_check_outcomes((0, 0, 1), 4, cared=True)
    assert sum(law.values()) == 1
    assert law[((0, 1, 0), False)] == cd.check_success_probability(2, 0)
    untreated = cd.healing_check_outcomes((0, 0, 1), 4, cared=False)
    assert untreated[((0, 0, 2), False)] == 1 - cd.check_success_probability(2, 0)


def test_system_projection_and_i18n():
    key = cd.OddsKey(True, 16, "malherido", 2, True, 3, "magullado", 1, False)
    view = project(key)
    assert view.wound == "cd.wound.malherido.2" and view.hit and not view.critical
    assert i18n.t(view.wound, "es") == "Malherido ×2"
    assert i18n.t(view.wound, "en") == "Malherido ×2 (badly wounded)"
    assert view.flags == frozenset({"counter", "counter_wound"})
    assert i18n.t("cd.name", "es") == "Core Dread"
    assert wound_rank(None, 0) == 0
    assert wound_rank("magullado", 1) < wound_rank("magullado", 2) < wound_rank("lesionado", 1)
    assert wound_rank("lesionado", 2) < wound_rank("malherido", 1) < wound_rank("malherido", 6)
    for label in (
        "cd.step.attack",
        "cd.step.prone",
        "cd.step.defence.block",
        "cd.flag.counter_wound",
    ):
        assert i18n.has(label, "es") and i18n.has(label, "en")


def test_system_odds_and_resolve_agree():
    s = cd.SYSTEM
    forms = dict(attacker=BRUNO, defender=ANA, weapon=BAT, modifiers=Modifiers(defence="block"))
    odds = s.odds(**forms)
    assert odds.total == 1
    assert odds.p_critical == F(5, 10) ** 5
    for seed in range(30):
        r = s.resolve(**forms, seed=seed)
        assert odds[r.key] > 0
        assert r.key[:8] == tuple(r.outcome.outcome)
        assert s.resolve(**forms, seed=seed).key == r.key
    spec = cd.attack_outcomes(BRUNO, ANA, BAT, Modifiers(defence="block"))
    merged: dict = {}
    for k, p in odds.items():
        merged[k.outcome] = merged.get(k.outcome, 0) + p
    assert merged == spec


def test_seeded_rng_is_injected_not_global():
    random.seed(0)
    a = cd.resolve_attack(BRUNO, ANA, BAT, Modifiers(), random.Random(5))
    random.seed(99)
    b = cd.resolve_attack(BRUNO, ANA, BAT, Modifiers(), random.Random(5))
    assert a == b


def test_fall_event_and_heal():
    armoured = Combatant(armor=Armor(armor_type="comun"))
    res = cd.fall(armoured, 2)  # 6 points, not absorbed by default → Lesionado
    assert res.marked == ("lesionado",) and res.combatant.armor.absorption is None
    opt = cd.CoreDreadOptions(armor_absorbs_falls=True)
    assert cd.fall(armoured, 2, options=opt).marked == ("magullado",)
    res = cd.fall(Combatant(), 8, rng=ScriptedDice(HIT5))  # 24 → Malherido ×4 → dead
    assert res.dead and res.prone_faces == ()
    hurt = Combatant(fortaleza=4, lesionado=2)
    assert cd.derived_fortaleza(hurt) == 4
    assert cd.derived_fortaleza(hurt, cd.CoreDreadOptions(penalties_affect_derived=True)) == 2
    assert cd.heal((3, 2, 1), hours=48, treated=True) == (0, 0, 1)
    assert cd.heal((3, 2, 1), hours=48) == (0, 2, 1)
    assert cd.heal((3, 2, 1), hours=7, treated=True) == (2, 2, 1)
