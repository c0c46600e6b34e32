"""Ashes Of War under the common System API: fate, location, checks, after-state, presets,
and that replacing a placeholder table moves the odds exactly as the table says."""

from __future__ import annotations

import dataclasses
from fractions import Fraction as F

import pytest

import rolkit
from rolkit import fields
from rolkit.errors import RulesError
from rolkit.systems.ashes_of_war import (
    DEFAULT_RULES,
    Conditions,
    Modifiers,
    RulesConfig,
    WoundMark,
    attack_outcomes,
    check_distribution,
    combatant,
    dying_death_probability,
    outcome_marginal,
    p_check_success,
    p_opposed_win,
    wounds_from_marks,
)
from rolkit.systems.ashes_of_war.system import SYSTEM

from .aow_fixtures import ESPADA, GORATH, HACHA, KIRA

ROLES = ("attacker", "defender", "weapon", "modifiers")


def test_registered_and_defaults_are_kira_against_gorath():
    assert "ashes_of_war" in rolkit.systems()
    s = rolkit.get_system("ashes_of_war")
    assert s is SYSTEM
    d = s.defaults()
    assert (d["attacker"].name, d["defender"].name, d["weapon"].name) == (
        "Kira",
        "Gorath",
        "Espada larga de acero",
    )


def test_presets_are_plain_data_and_rebuild_the_spec_fixtures():
    assert SYSTEM.preset_data["attacker"]["Kira"]["melee"] == 4
    assert SYSTEM.presets["attacker"]["Kira"] == KIRA
    assert SYSTEM.presets["defender"]["Gorath"] == GORATH
    assert SYSTEM.presets["weapon"]["Espada larga de acero"] == ESPADA
    assert SYSTEM.presets["weapon"]["Hacha de mano de hierro"] == HACHA
    for role, table in SYSTEM.presets.items():
        for name, form in table.items():
            assert fields.from_data(type(form), fields.to_data(form)) == form, (role, name)


def test_fate_and_location_at_defaults():
    odds = SYSTEM.odds(*(SYSTEM.defaults()[r] for r in ROLES))
    # Kira (4 dice) against an undefended Gorath: P(hit) = 1 - (1/2)^4.
    assert odds.p_hit == F(15, 16)
    loc = odds.location()
    assert loc[None] == F(1, 16)
    assert loc["ashes_of_war.location.torso"] == F(15, 16) * F(3, 10)
    assert loc["ashes_of_war.location.left_hand"] == F(15, 16) * F(1, 20)
    assert sum(loc.values()) == 1
    # dead: a lethal wound (final ≥ 10) at head or torso.
    law = attack_outcomes(*(SYSTEM.defaults()[r] for r in ROLES))
    lethal_core = sum(p for k, p in law.items() if k[3] == "lethal" and k[1] in ("head", "torso"))
    assert odds.p_dead == lethal_core > 0
    assert odds.fate()[None] == 1 - lethal_core


def test_moribundo_rule_turns_dead_into_dying():
    d = SYSTEM.defaults()
    plain = SYSTEM.odds(d["attacker"], d["defender"], d["weapon"], d["modifiers"])
    dying = SYSTEM.odds(d["attacker"], d["defender"], d["weapon"], Modifiers(dying_rule=True))
    assert dying.p_dead == 0
    assert dying.p_dying == plain.p_dead
    assert dying.p_down == plain.p_down


def test_a_defender_already_dying_dies_of_any_lethal_wound_and_an_unconscious_one_is_down():
    dying = dataclasses.replace(GORATH, conditions=Conditions(dying=True, unconscious=True))
    odds = SYSTEM.odds(KIRA, dying, ESPADA, Modifiers(aimed_location="left_leg"))
    law = attack_outcomes(KIRA, dying, ESPADA, Modifiers(aimed_location="left_leg"))
    assert odds.p_dead == sum(p for k, p in law.items() if k[3] == "lethal")
    assert odds.p_down == 1
    down = dataclasses.replace(GORATH, conditions=Conditions(unconscious=True))
    assert SYSTEM.odds(KIRA, down, ESPADA, Modifiers()).fate()["down"] > 0
    with pytest.raises(RulesError):
        SYSTEM.odds(KIRA, down, ESPADA, Modifiers(defence="dodge"))


def test_wounded_head_knocks_out():
    # Gorath with one serious head wound: a second serious one fills the head's boxes.
    hurt = dataclasses.replace(
        GORATH, wounds=wounds_from_marks({"head": (WoundMark("serious", "blunt"),)})
    )
    m = Modifiers(aimed_location="head")
    law = attack_outcomes(KIRA, hurt, ESPADA, m)
    odds = SYSTEM.odds(KIRA, hurt, ESPADA, m)
    serious = sum(p for k, p in law.items() if k[3] == "serious")
    assert odds.probability(lambda v: v.fate == "down") == serious > 0
    assert odds.flag("unconscious") == serious


def test_flags_and_prone_from_first_serious_leg_wound():
    m = Modifiers(aimed_location="right_leg")
    odds = SYSTEM.odds(KIRA, GORATH, ESPADA, m)
    law = attack_outcomes(KIRA, GORATH, ESPADA, m)
    serious = sum(p for k, p in law.items() if k[3] == "serious")
    lethal = sum(p for k, p in law.items() if k[3] == "lethal")
    assert odds.flag("first_serious") == serious
    assert odds.probability(lambda v: v.prone) == serious
    assert odds.flag("dismembered") == lethal
    assert odds.flag("bleeding_serious") == lethal  # cutting: bleeds toward the torso


def test_resolve_after_state_is_loadable_forms():
    d = SYSTEM.defaults()
    r = SYSTEM.resolve(*(d[x] for x in ROLES), seed=3)
    after = SYSTEM.after(r)
    assert set(after) <= {"attacker", "defender", "weapon"}
    for role, form in after.items():
        assert isinstance(form, SYSTEM.forms[role])
    assert r.view == SYSTEM.project(r.key)
    odds = SYSTEM.odds(*(d[x] for x in ROLES))
    assert odds[r.key] > 0


def test_steps_use_namespaced_keys_and_no_raw_ids():
    d = SYSTEM.defaults()
    for seed in range(20):
        r = SYSTEM.resolve(*(d[x] for x in ROLES), seed=seed)
        for step in r.steps:
            assert step.label.startswith("ashes_of_war.")
            assert rolkit.i18n.has(step.label, "es") and rolkit.i18n.has(step.label, "en")
            for k in step.derived:
                assert rolkit.i18n.has(f"ashes_of_war.derived.{k}", "es"), k
        text = r.describe()
        assert ":left" not in text and "first_serious" not in text


# --------------------------------------------------------------------------- checks
def test_checks_are_declared_and_exact():
    assert set(SYSTEM.checks) == {"skill", "opposed", "stabilise"}
    skill = SYSTEM.checks["skill"]
    form = skill.form(skill="run", ndp=4, adversidad="intermediate")
    assert skill.odds(form).p_success == p_check_success(4, 0, 0, "intermediate") == F(11, 16)
    # Fracturado on a quick roll (Correr): 2 ▽; not on Fortitud.
    assert skill.odds(
        skill.form(skill="run", ndp=3, fractured=True, adversidad="easy")
    ).p_success == (p_check_success(3, 0, 2, "easy"))
    assert skill.odds(
        skill.form(skill="fortitude", ndp=3, fractured=True, adversidad="easy")
    ).p_success == p_check_success(3, 0, 0, "easy")
    opposed = SYSTEM.checks["opposed"]
    o = opposed.odds(opposed.form(active_ndp=4, reactive_ndp=3))
    assert o.p_success == p_opposed_win(check_distribution(4), check_distribution(3)) == F(1, 2)
    stab = SYSTEM.checks["stabilise"]
    assert stab.odds(stab.form(fortitude=3))["dead"] == dying_death_probability(3) == F(343, 512)
    assert stab.odds(stab.form(fortitude=3, failures=2))["dead"] == F(7, 8)


@pytest.mark.parametrize("check_id", ["skill", "opposed", "stabilise"])
def test_check_resolutions_replay_and_land_on_possible_degrees(check_id):
    chk = SYSTEM.checks[check_id]
    form = chk.defaults()
    law = chk.odds(form)
    assert law.total == 1
    seen = {}
    for seed in range(400):
        r = chk.resolve(form, seed=seed)
        assert r == chk.resolve(form, seed=seed)
        assert law[r.degree.id] > 0
        seen[r.degree.id] = seen.get(r.degree.id, 0) + 1
    for degree, n in seen.items():  # 6σ agreement with the exact law
        p = float(law[degree])
        assert abs(n / 400 - p) <= 6 * (p * (1 - p) / 400) ** 0.5 + 1e-9


# --------------------------------------------------------------------------- placeholders
def test_replacing_the_location_table_moves_the_odds_accordingly():
    a, d, w = KIRA, GORATH, ESPADA
    m = Modifiers()
    p_hit = F(15, 16)
    default = outcome_marginal(attack_outcomes(a, d, w, m), "location")
    assert default[("head",)] == p_hit * F(1, 10)
    rules = RulesConfig(
        location_faces={"head": 4, "torso": 3, "arm": 1, "hand": 0, "leg": 2, "foot": 0}
    )
    new = outcome_marginal(attack_outcomes(a, d, w, m, rules=rules), "location")
    assert new[("head",)] == p_hit * F(4, 10)
    assert new[("right_arm",)] == p_hit * F(1, 20)
    assert ("left_hand",) not in new and ("right_foot",) not in new
    assert sum(new.values()) == 1
    odds = SYSTEM.odds(a, d, w, m, rules)
    assert odds.location()["ashes_of_war.location.head"] == p_hit * F(4, 10)


def test_replacing_the_cover_table_and_the_wound_thresholds():
    m = Modifiers(cover="heavy", aimed_location="torso")
    default = attack_outcomes(KIRA, GORATH, ESPADA, m)
    assert default[("miss", None, 0, None)] == 1 - p_check_success(4, 0, 3, "easy")
    rules = RulesConfig(cover_desgracias={"light": 0, "medium": 0, "heavy": 1})
    new = attack_outcomes(KIRA, GORATH, ESPADA, m, rules=rules)
    assert new[("miss", None, 0, None)] == 1 - p_check_success(4, 0, 1, "easy")
    # T6: lethal from 13 instead of 10 → fewer lethal wounds, exactly P(3d6 − 2 in 10..12).
    t6 = RulesConfig(lethal_min=13)
    lethal_default = outcome_marginal(default, "wound_box")[("lethal",)]
    lethal_new = outcome_marginal(attack_outcomes(KIRA, GORATH, ESPADA, m, rules=t6), "wound_box")[
        ("lethal",)
    ]
    p_hit = p_check_success(4, 0, 3, "easy")
    # 3d6 = 12, 13, 14 (final 10, 11, 12 against RD 2) has 25 + 21 + 15 of 216 ways.
    assert lethal_default - lethal_new == p_hit * F(25 + 21 + 15, 216)


def test_replacing_wound_boxes_changes_the_overflow():
    hurt = dataclasses.replace(
        GORATH, wounds=wounds_from_marks({"torso": (WoundMark("light", "cutting"),) * 2})
    )
    m = Modifiers(aimed_location="torso")
    a = combatant("A", skills={"melee": 2})
    small = dataclasses.replace(HACHA)  # 1d4 − RD 2: finals 1, 2 → light
    default = outcome_marginal(attack_outcomes(a, hurt, small, m), "wound_box")
    two_boxes = RulesConfig(light_boxes={**DEFAULT_RULES.light_boxes, "torso": 2})
    new = outcome_marginal(attack_outcomes(a, hurt, small, m, rules=two_boxes), "wound_box")
    assert new[("serious",)] == default[("light",)]
    assert ("light",) not in new


def test_placeholder_fields_say_so_in_their_help():
    placeholders = (
        "core",
        "die_sides",
        "success_min",
        "threshold_easy",
        "cover_desgracias",
        "light_boxes",
        "serious_boxes",
        "location_faces",
        "serious_min",
        "lethal_min",
        "desventaja_desgracias",
        "healing_light_days",
    )
    described = dict(fields.describe(RulesConfig))
    for name in placeholders:
        es, en = described[name].help
        assert "provisional" in es.lower() and "provisional" in en.lower(), name


def test_bad_config_is_refused_naming_the_field():
    with pytest.raises(RulesError) as info:
        RulesConfig(location_faces={"head": 5})
    assert info.value.field == "location_faces"
    with pytest.raises(RulesError) as info:
        RulesConfig(serious_min=10, lethal_min=10)
    assert info.value.field == "lethal_min"
    hurt = dataclasses.replace(
        GORATH, wounds=wounds_from_marks({"head": (WoundMark("light", "blunt"),) * 3})
    )
    with pytest.raises(RulesError) as info:
        SYSTEM.odds(KIRA, hurt, ESPADA, Modifiers())
    assert info.value.field == "defender.wounds.light"
