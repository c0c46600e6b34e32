"""One attack (``attack/``): §3.6 the combinations ``validate_attack`` forbids; §4
procedures beyond the worked examples (knock-out, Autocontrol, counters, firearms, Gore
Mode); §7.3 the System's odds putting each wound on the current track (death, knock-out,
prone)."""

from __future__ import annotations

import dataclasses
import random
from fractions import Fraction as F

import pytest

from rolkit.dice import ScriptedDice
from rolkit.model import ImpossibleActionError
from rolkit.systems import core_dread as cd
from rolkit.systems.core_dread import (
    Armor,
    Combatant,
    CoreDreadOptions,
    Modifiers,
    Weapon,
)
from rolkit.systems.core_dread.presets import ANA, BAT, BRUNO, CARLA, FIST, KNIFE, PISTOL

from .cd_helpers import raises_field

MISS5 = [10] * 5
HIT5 = [1] * 5
THROWN = Weapon(category="contundente", mode="thrown")


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


# --------------------------------------------------------------------------- combinations
@pytest.mark.parametrize(
    ("args", "field"),
    [
        ((ANA, BRUNO, KNIFE, Modifiers(aimed=True)), "modifiers.aimed"),
        ((ANA, BRUNO, THROWN, Modifiers(aimed=True)), "modifiers.aimed"),
        ((ANA, BRUNO, KNIFE, Modifiers(point_blank=True)), "modifiers.point_blank"),
        ((ANA, BRUNO, THROWN, Modifiers(cover_fire=True)), "modifiers.cover_fire"),
        (
            (CARLA, ANA, dataclasses.replace(PISTOL, attacks_left=0), Modifiers()),
            "weapon.attacks_left",
        ),
        ((dataclasses.replace(ANA, in_cover=True), BRUNO, KNIFE, Modifiers()), "attacker.in_cover"),
        (
            (CARLA, dataclasses.replace(ANA, in_cover=True), PISTOL, Modifiers()),
            "defender.in_cover",
        ),
        ((dataclasses.replace(ANA, dead=True), BRUNO, KNIFE, Modifiers()), "attacker.dead"),
        ((ANA, dataclasses.replace(BRUNO, dead=True), KNIFE, Modifiers()), "defender.dead"),
        (
            (dataclasses.replace(ANA, unconscious=True), BRUNO, KNIFE, Modifiers()),
            "attacker.unconscious",
        ),
        (
            (ANA, dataclasses.replace(BRUNO, unconscious=True), KNIFE, Modifiers(defence="block")),
            "modifiers.defence",
        ),
        (
            (
                ANA,
                dataclasses.replace(BRUNO, turn_available=False),
                KNIFE,
                Modifiers(defence="dodge"),
            ),
            "modifiers.defence",
        ),
        ((CARLA, ANA, PISTOL, Modifiers(defence="block")), "modifiers.defence"),
        ((ANA, BRUNO, KNIFE, Modifiers(defence="ranged_block")), "modifiers.defence"),
        (
            (
                ANA,
                Combatant(block_weapon=dataclasses.replace(PISTOL, attacks_left=0)),
                KNIFE,
                Modifiers(defence="ranged_block"),
            ),
            "defender.block_weapon.attacks_left",
        ),
        (
            (ANA, BRUNO, THROWN, Modifiers(surprise=True, knockout_attempt=True)),
            "modifiers.knockout_attempt",
        ),
        (
            (ANA, BRUNO, KNIFE, Modifiers(defence="dodge", dodge_to_cover=True)),
            "modifiers.dodge_to_cover",
        ),
    ],
)
def test_invalid_combinations(args, field):
    err = raises_field(field, cd.attack_outcomes, *args)
    assert isinstance(err, ImpossibleActionError)
    raises_field(field, cd.resolve_attack, *args, random.Random(1))


def test_only_to_cover_dodge_option():
    only = CoreDreadOptions(ranged_dodge="only_to_cover")
    args = (CARLA, ANA, PISTOL, Modifiers(defence="dodge"))
    raises_field("modifiers.defence", cd.attack_outcomes, *args, only)
    cd.attack_outcomes(*args)  # default "always": allowed
    cd.attack_outcomes(CARLA, ANA, PISTOL, Modifiers(defence="dodge", dodge_to_cover=True), only)
    cd.attack_outcomes(CARLA, ANA, PISTOL, Modifiers(defence="dodge", point_blank=True), only)


def test_turn_option_allows_defence_without_turn():
    tired = dataclasses.replace(BRUNO, turn_available=False)
    cd.attack_outcomes(
        ANA, tired, KNIFE, Modifiers(defence="block"), CoreDreadOptions(defence_requires_turn=False)
    )


def test_point_blank_ignores_cover_and_allows_block():
    covered = dataclasses.replace(ANA, in_cover=True)
    cd.attack_outcomes(CARLA, covered, PISTOL, Modifiers(point_blank=True, defence="block"))


def test_wrong_types_raise_input_error():
    raises_field("attacker", cd.attack_outcomes, "Ana", BRUNO, KNIFE, Modifiers())
    raises_field(
        "options", cd.attack_outcomes, ANA, BRUNO, KNIFE, Modifiers(), {"reroll_policy": "x"}
    )


def test_tampered_frozen_instance_is_caught_on_use():
    bad = Combatant()
    object.__setattr__(bad, "fortaleza", 12)
    raises_field("attacker.fortaleza", cd.attack_outcomes, bad, BRUNO, FIST, Modifiers())


STRONG = Combatant(fortaleza=5)


TWO_MALHERIDO = Combatant(fortaleza=4, malherido=2)


def p(odds, predicate) -> F:
    return sum((q for k, q in odds.items() if predicate(k)), F(0))


def test_worked_check_knife_on_two_malherido_kills_with_3_16():
    """§7.3: FOR 5, knife ×4, no defence, FOR 4 at two Malherido → p_dead = 3/16."""
    odds = cd.SYSTEM.odds(STRONG, TWO_MALHERIDO, KNIFE, Modifiers())
    assert odds.total == 1
    assert p(odds, lambda k: k.fate == "dead") == F(3, 16)
    assert odds.p_dead == F(3, 16) and odds.p_down == F(3, 16) and odds.p_dying == 0
    assert odds.fate() == {None: F(13, 16), "dead": F(3, 16)}
    # 3 hits: 12 points → one Malherido fills the third box; prone check at FOR 4 − 6 = 0
    assert p(odds, lambda k: k.fate is None and k.prone) == F(10, 32)
    assert p(odds, lambda k: k.fate == "down") == 0
    # §7.2 is unchanged: the same attack without the track
    assert cd.attack_outcomes(STRONG, TWO_MALHERIDO, KNIFE, Modifiers()) == {
        o: q for o, q in _merge(odds).items()
    }


def _merge(odds) -> dict:
    out: dict = {}
    for k, q in odds.items():
        out[k.outcome] = out.get(k.outcome, 0) + q
    return out


def test_fresh_defender_prone_check_is_an_ordinary_check():
    """BRUNO's bat on ANA (FOR 4), no defence: one Malherido → prone unless FOR 4 − 2 = 2
    gets 3 hits; two Malherido → FOR 0, always prone."""
    odds = cd.SYSTEM.odds(BRUNO, ANA, BAT, Modifiers())
    for count, attribute in ((1, 2), (2, 0)):
        rows = [
            (k, q)
            for k, q in odds.items()
            if (k.wound_level, k.wound_count) == ("malherido", count)
        ]
        alive = sum((q for _, q in rows), F(0))
        fell = sum((q for k, q in rows if k.prone), F(0))
        assert alive > 0
        assert fell == alive * (1 - cd.check_success_probability(attribute, 0))
    assert p(odds, lambda k: k.prone and k.wound_level != "malherido") == 0


def test_knockout_is_down_and_prone():
    """§4.9.3: a surprise knock-out attempt that marks a Lesionado knocks the victim out."""
    m = Modifiers(surprise=True, knockout_attempt=True)
    odds = cd.SYSTEM.odds(BRUNO, ANA, BAT, m)
    down = p(odds, lambda k: k.fate == "down")
    wounds = p(odds, lambda k: k.wound_level in ("lesionado", "malherido") and k.fate != "dead")
    assert down == wounds > 0
    assert all(k.prone for k, _ in odds.items() if k.fate == "down")
    assert odds.p_down - odds.p_dead == down
    assert all(v.prone for v, _ in odds.views() if v.fate == "down")


def test_already_unconscious_defender_stays_down():
    odds = cd.SYSTEM.odds(BRUNO, Combatant(unconscious=True), KNIFE, Modifiers())
    assert p(odds, lambda k: k.fate == "down") + p(odds, lambda k: k.fate == "dead") == 1


def test_ten_magullado_kill():
    """§4.10: a full track (3,3,3) dies of the 10th wound, even a Magullado."""
    full = Combatant(magullado=3, lesionado=3, malherido=3)
    odds = cd.SYSTEM.odds(Combatant(), full, Weapon(), Modifiers())
    assert p(odds, lambda k: k.fate == "dead") == p(odds, lambda k: k.wound_count > 0)


def test_counter_attack_can_kill_and_drop_the_attacker():
    weak = Combatant(fortaleza=1, malherido=2)
    guard = Combatant(fortaleza=6, block_weapon=Weapon(category="letal"))
    odds = cd.SYSTEM.odds(weak, guard, Weapon(), Modifiers(defence="block"))
    assert p(odds, lambda k: k.counter_fate == "dead") > 0
    view_flags = {f for k, _ in odds.items() for f in cd.SYSTEM.project(k).flags}
    assert "counter_dead" in view_flags


@pytest.mark.parametrize(
    "forms",
    [
        (BRUNO, ANA, BAT, Modifiers(defence="block")),
        (STRONG, TWO_MALHERIDO, KNIFE, Modifiers()),
        (BRUNO, ANA, BAT, Modifiers(surprise=True, knockout_attempt=True)),
        (
            Combatant(fortaleza=2, malherido=1),
            Combatant(fortaleza=5, block_weapon=KNIFE),
            KNIFE,
            Modifiers(defence="block"),
        ),
    ],
)
def test_resolve_reports_the_same_fate_as_its_after_state(forms):
    odds = cd.SYSTEM.odds(*forms)
    for seed in range(40):
        r = cd.SYSTEM.resolve(*forms, seed=seed)
        assert odds[r.key] > 0, r.key
        after = r.outcome.defender_after
        expected = "dead" if after.dead else "down" if after.unconscious else None
        assert r.key.fate == expected and r.key.prone == after.prone
        assert r.key.counter_fate == ("dead" if r.outcome.attacker_after.dead else None)
        assert r.key.counter_prone == ("attacker_prone" in r.outcome.effects)


def test_headline_names_the_spectacular_and_the_deaths():
    odds = cd.SYSTEM.odds(STRONG, TWO_MALHERIDO, KNIFE, Modifiers())
    assert cd.SYSTEM.critical_key == "cd.headline.critical"
    from rolkit import i18n

    assert i18n.t("cd.headline.critical", "es", p="3 %") == "3 % espectacular"
    assert i18n.t("cd.headline.critical", "en", p="3%") == "3% espectacular (spectacular)"
    assert "espectacular" in odds.describe().splitlines()[0]
