"""The placeholders of ``RulesConfig`` (§3.6): replacing a table moves the odds; bad configs are refused."""

from __future__ import annotations

import dataclasses
from fractions import Fraction as F

import pytest

from rolkit import fields
from rolkit.errors import RulesError
from rolkit.systems.ashes_of_war import (
    DEFAULT_RULES,
    Modifiers,
    RulesConfig,
    WoundMark,
    attack_outcomes,
    combatant,
    outcome_marginal,
    p_check_success,
    wounds_from_marks,
)
from rolkit.systems.ashes_of_war.system import SYSTEM

from .aow_fixtures import ESPADA, GORATH, HACHA, KIRA


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
