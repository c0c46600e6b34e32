"""Ashes Of War: the states that last, set by the results that cause them and read by the
rules they affect (issue #25).

* T5 [PH] first serious wound in a limb, applied (option ``first_serious_applied``):
  Pierna → Derribado («cae derribado»); Brazo or Mano of the weapon hand → the weapon
  dropped, of the shield arm → the shield dropped («suelta lo que sostiene»); Brazo → +1 ▽
  on rolls that use it; Mano → «no puede empuñar con ella»; Pierna / Pie → movement 3 m;
  Pierna → «no puede Correr»; Pie → Correr with +1 ▽.
* Derribado: 1 ▽ on quick rolls (``prone_desgracias``), no Correr until standing up.
* §4.15 «no podrán realizar acciones con la misma»: a lost or fractured weapon hand stops
  attacks; §4.20 «Sin munición no hay recarga»: shots spent by ranged attacks, reloading.

Every probability is checked against a brute force over the die faces written here.
"""

from __future__ import annotations

import itertools
from fractions import Fraction as F

import pytest

from rolkit import RulesError
from rolkit.dice import ScriptedDice
from rolkit.systems.ashes_of_war import (
    Modifiers,
    RulesConfig,
    Weapon,
    apply_wound,
    attack_pool,
    defence_pool,
    movement_allowance,
    resolve_attack,
)
from rolkit.systems.ashes_of_war.after import conditions
from rolkit.systems.ashes_of_war.checks import aid_purpose, aided, run_roll
from rolkit.systems.ashes_of_war.checks.actions import (
    pick_up_refusal,
    picked_up,
    reload_refusal,
    reloaded,
    run_refusal,
    stand_refusal,
)
from rolkit.systems.ashes_of_war.forms import evolve
from rolkit.systems.ashes_of_war.rules.legality import attack_refusal
from rolkit.systems.ashes_of_war.rules.pools import skill_pool
from rolkit.systems.ashes_of_war.system import SYSTEM

from .aow_fixtures import ESPADA, GORATH, KIRA

RULES = RulesConfig()
REPORT_ONLY = RulesConfig(first_serious_applied=False)
UNDEFENDED_TORSO = Modifiers(aimed_location="torso")


def with_conditions(c, **kw):
    return evolve(c, conditions=evolve(c.conditions, **kw))


def brute_hit(ndp: int, banes: int, need: int = 1) -> F:
    """P(max(0, S − T) ≥ need) over every face of ``ndp`` d6 and ``banes`` ▽ d6 (4+)."""
    hits = total = 0
    for faces in itertools.product(range(1, 7), repeat=ndp + banes):
        s = sum(f >= 4 for f in faces[:ndp])
        t = sum(f >= 4 for f in faces[ndp:])
        hits += max(0, s - t) >= need
        total += 1
    return F(hits, total)


# --------------------------------------------------------------------------- T5 applied
def test_first_serious_wound_in_a_leg_knocks_down():
    r = apply_wound(KIRA, "right_leg", "serious", "cutting")
    assert r.state.conditions.prone
    assert r.events == ("first_serious:right_leg", "prone")


def test_first_serious_wound_in_the_weapon_arm_drops_the_weapon_and_in_the_shield_arm_the_shield():
    weapon = apply_wound(KIRA, "right_arm", "serious", "cutting")  # weapon hand: right
    assert weapon.state.conditions.weapon_dropped and not weapon.state.conditions.shield_dropped
    assert weapon.events == ("first_serious:right_arm", "dropped_weapon")
    shield = apply_wound(KIRA, "left_hand", "serious", "blunt")  # shield arm: left
    assert shield.state.conditions.shield_dropped and not shield.state.conditions.weapon_dropped
    assert shield.events == ("first_serious:left_hand", "dropped_shield")


def test_the_effect_applies_once_per_location_and_light_wounds_do_not_cause_it():
    once = apply_wound(KIRA, "right_leg", "serious", "cutting").state
    stood = with_conditions(once, prone=False)
    again = apply_wound(stood, "right_leg", "serious", "blunt")
    assert not again.state.conditions.prone  # «a partir de la segunda grave mandan los estados»
    assert not apply_wound(KIRA, "right_leg", "light", "cutting").state.conditions.prone


def test_report_only_option_keeps_the_old_behaviour():
    r = apply_wound(KIRA, "right_leg", "serious", "cutting", rules=REPORT_ONLY)
    assert not r.state.conditions.prone and r.events == ("first_serious:right_leg",)
    hurt = apply_wound(KIRA, "right_arm", "serious", "cutting", rules=REPORT_ONLY).state
    assert attack_pool(hurt, ESPADA, Modifiers(), rules=REPORT_ONLY).desgracias == 0


def test_an_attack_that_fills_a_leg_serious_box_leaves_the_defender_prone():
    # Kira aims at Gorath's right leg: 4 skill dice all succeed, damage 3+3+1 = 7 → grave.
    r = resolve_attack(
        KIRA,
        GORATH,
        ESPADA,
        Modifiers(aimed_location="right_leg"),
        ScriptedDice([6] * 4 + [3, 3, 1]),
    )
    assert r.outcome.wound_box == "serious"
    assert r.outcome.defender_after.conditions.prone
    assert "prone" in r.outcome.events


# --------------------------------------------------------------------------- Derribado
def test_prone_gives_one_bane_die_on_quick_rolls_exactly():
    prone = with_conditions(KIRA, prone=True)
    assert attack_pool(prone, ESPADA, Modifiers()).desgracias == 1
    assert defence_pool(prone, Modifiers(defence="dodge")).desgracias == 1
    assert skill_pool(prone, "fortitude").desgracias == 0  # not a quick roll
    p = SYSTEM.odds(prone, GORATH, ESPADA, UNDEFENDED_TORSO).p_hit
    assert p == brute_hit(4, 1)
    assert SYSTEM.odds(KIRA, GORATH, ESPADA, UNDEFENDED_TORSO).p_hit == brute_hit(4, 0)


def test_prone_option_sets_the_bane_dice():
    prone = with_conditions(KIRA, prone=True)
    assert (
        attack_pool(prone, ESPADA, Modifiers(), rules=RulesConfig(prone_desgracias=2)).desgracias
        == 2
    )


def test_a_prone_character_cannot_run_until_it_stands_up():
    prone = with_conditions(KIRA, prone=True)
    assert run_refusal(prone) is not None and "levantarse" in run_refusal(prone)[0]
    with pytest.raises(RulesError):
        run_roll(prone, "easy", ScriptedDice([6, 6]))
    assert stand_refusal(prone) is None
    assert stand_refusal(KIRA) == ("no está Derribado", "is not Derribado (prone)")


# --------------------------------------------------------------------------- limbs
def test_a_wounded_weapon_arm_adds_a_bane_die_to_the_attack():
    hurt = evolve(
        KIRA, conditions=evolve(KIRA.conditions, first_serious_effects=frozenset({"right_arm"}))
    )
    assert attack_pool(hurt, ESPADA, Modifiers()).desgracias == 1
    assert SYSTEM.odds(hurt, GORATH, ESPADA, UNDEFENDED_TORSO).p_hit == brute_hit(4, 1)
    fist = Weapon("Puño", skill="brawl", damage="1d2", damage_type="blunt")
    assert attack_pool(hurt, fist, Modifiers()).desgracias == 0  # Pelea does not use the weapon


def test_a_wounded_shield_arm_adds_a_bane_die_to_the_shield_intercept():
    hurt = evolve(
        KIRA, conditions=evolve(KIRA.conditions, first_serious_effects=frozenset({"left_arm"}))
    )
    assert defence_pool(hurt, Modifiers(defence="intercept_shield")).desgracias == 1
    assert defence_pool(hurt, Modifiers(defence="dodge")).desgracias == 0


def test_a_wounded_leg_or_foot_limits_movement_and_running():
    leg = with_conditions(KIRA, first_serious_effects=frozenset({"left_leg"}))
    foot = with_conditions(KIRA, first_serious_effects=frozenset({"left_foot"}))
    assert movement_allowance("move", combatant=KIRA) == 7
    assert movement_allowance("move", combatant=leg) == 4  # 3 m + the free metre
    assert (
        movement_allowance(
            "move", combatant=foot, rules=RulesConfig(free_metre_stacks_with_move=False)
        )
        == 3
    )
    assert run_refusal(leg) is not None and run_refusal(foot) is None
    assert skill_pool(foot, "run").desgracias == 1  # «Correr con +1 ▽»
    assert skill_pool(KIRA, "run").desgracias == 0


def test_a_lost_or_broken_leg_cannot_run():
    assert run_refusal(with_conditions(KIRA, fractured=frozenset({"right_foot"}))) is not None
    lost = with_conditions(KIRA, dismembered=frozenset({"left_leg", "left_foot"}))
    assert run_refusal(lost) is not None


# --------------------------------------------------------------------------- weapon hand
@pytest.mark.parametrize(
    "conditions",
    [
        {"weapon_dropped": True},
        {"dismembered": frozenset({"right_hand"})},
        {"dismembered": frozenset({"right_arm", "right_hand"})},
        {"fractured": frozenset({"right_arm"})},
        {"first_serious_effects": frozenset({"right_hand"})},
    ],
)
def test_a_lost_broken_or_empty_weapon_hand_stops_attacks(conditions):
    c = with_conditions(KIRA, **conditions)
    why = attack_refusal(c, ESPADA, RULES)
    assert why is not None and all(isinstance(t, str) and t for t in why)
    with pytest.raises(RulesError):
        SYSTEM.odds(c, GORATH, ESPADA, Modifiers())
    # in a whole fight the turn passes: the certain law "no blow"
    assert SYSTEM.transitions(c, GORATH, ESPADA, Modifiers()) == {(c, GORATH): 1}
    left_handed = evolve(c, weapon_hand="left")  # the other hand still wields (no shield use)
    if not conditions.get("weapon_dropped"):
        assert attack_refusal(left_handed, ESPADA, RULES) is None


def test_a_dropped_shield_cannot_intercept_until_picked_up():
    c = with_conditions(KIRA, shield_dropped=True)
    with pytest.raises(RulesError):
        SYSTEM.odds(GORATH, c, ESPADA, Modifiers(defence="intercept_shield"))
    assert pick_up_refusal(c) is None
    assert not picked_up(c).conditions.shield_dropped
    both = with_conditions(KIRA, shield_dropped=True, weapon_dropped=True)
    assert (
        not picked_up(both).conditions.weapon_dropped and picked_up(both).conditions.shield_dropped
    )
    assert pick_up_refusal(KIRA) == ("no ha soltado nada", "has dropped nothing")


# --------------------------------------------------------------------------- ammunition
BOW = Weapon("Arco", skill="ranged", damage="3d2", damage_type="piercing", ammunition=2)
CROSSBOW = Weapon(
    "Ballesta", skill="ranged", damage="2d6", damage_type="piercing", reload=2, ammunition=1
)
ALDRIC = evolve(KIRA, name="Aldric", ranged=5)


def test_each_ranged_attack_spends_one_shot_whatever_happens():
    laws = SYSTEM.transitions(ALDRIC, GORATH, BOW, Modifiers(), with_weapon=True)
    assert {w.ammunition for (_, _, w) in laws} == {1}
    assert sum(laws.values()) == 1
    r = resolve_attack(ALDRIC, GORATH, CROSSBOW, Modifiers(), ScriptedDice([1] * 5))  # a miss
    assert r.outcome.category == "miss" and r.outcome.weapon_after.loaded == 0


def test_out_of_shots_no_attack_and_no_ammunition_no_reload():
    empty_bow = evolve(BOW, ammunition=0)
    assert attack_refusal(ALDRIC, empty_bow, RULES) is not None
    shot = evolve(CROSSBOW, loaded=0)
    assert attack_refusal(ALDRIC, shot, RULES)[0] == (
        "no puede disparar: Ballesta está descargada, hay que Recargar"
    )
    assert reload_refusal(ALDRIC, shot) is None
    full = reloaded(shot)
    assert full.loaded is None and full.loaded_now == 1 and full.ammunition == 0
    assert attack_refusal(ALDRIC, full, RULES) is None
    dry = evolve(full, loaded=0)
    assert reload_refusal(ALDRIC, dry)[0].endswith("(«Sin munición no hay recarga»)")
    assert reload_refusal(ALDRIC, full) == (
        "no recarga: Ballesta ya está cargada",
        "cannot reload: Ballesta is already loaded",
    )
    assert reload_refusal(ALDRIC, ESPADA) is not None  # no Recarga N


def test_uncounted_ammunition_reloads_to_full_and_a_magazine_refills_partly():
    big = Weapon(
        "Revólver",
        skill="ranged",
        damage="2d6",
        damage_type="piercing",
        reload=1,
        magazine=6,
        loaded=1,
        ammunition=3,
    )
    r = reloaded(big)
    assert (r.loaded, r.ammunition) == (4, 0)
    assert reloaded(evolve(big, ammunition=None)).loaded is None
    with pytest.raises(RulesError):
        Weapon("Mal", skill="ranged", damage="1d6", reload=1, magazine=2, loaded=3)


# --------------------------------------------------------------------------- shown states
def test_conditions_lists_the_visible_states_in_both_languages():
    assert conditions(KIRA) == ()
    c = apply_wound(KIRA, "left_leg", "serious", "blunt").state
    c = apply_wound(c, "right_hand", "lethal", "cutting").state
    shown = conditions(evolve(c, pending_desgracias=1))
    assert shown == (
        ("Derribado", "Derribado (prone)"),
        (
            "Hemorragia Grave: Brazo derecho",
            "Hemorragia Grave (serious bleeding): Brazo derecho (right upper arm)",
        ),
        (
            "Desmembrado: Mano derecha",
            "Desmembrado (limb lost): Mano derecha (right forearm and hand)",
        ),
        (
            "Primera herida grave: Pierna izquierda",
            "Primera herida grave (first serious wound): Pierna izquierda (left thigh)",
        ),
        ("1 ▽ en la próxima acción", "1 ▽ on its next action"),
    )


# --------------------------------------------------------------------------- Auxiliar
def test_aid_tends_the_most_urgent_state_first():
    assert aid_purpose(KIRA) is None
    dying = with_conditions(KIRA, dying=True, unconscious=True, bleeding_light=frozenset({"torso"}))
    assert aid_purpose(dying) == ("stabilise", None)
    bleeding = with_conditions(
        KIRA,
        unconscious=True,
        bleeding_light=frozenset({"head"}),
        bleeding_serious=frozenset({"left_arm"}),
    )
    assert aid_purpose(bleeding) == ("bleeding", "left_arm")  # Grave before Leve
    once = aided(bleeding, "bleeding", "left_arm")
    assert aid_purpose(once) == ("bleeding", "head")
    twice = aided(once, "bleeding", "head")
    assert aid_purpose(twice) == ("wake", None)
    assert not aided(twice, "wake").conditions.unconscious
    stable = aided(dying, "stabilise").conditions
    assert (stable.dying, stable.stabilised, stable.unconscious) == (False, True, True)
    assert aid_purpose(with_conditions(KIRA, dead=True)) is None
