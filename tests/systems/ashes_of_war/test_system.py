"""Ashes Of War under the common System API: registration, presets, fate, location, flags,
the after-state forms and the steps a user reads."""

from __future__ import annotations

import dataclasses
from fractions import Fraction as F

import pytest

import rolkit
from rolkit import fields
from rolkit.errors import RulesError
from rolkit.systems.ashes_of_war import (
    Conditions,
    Modifiers,
    WoundMark,
    attack_outcomes,
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
