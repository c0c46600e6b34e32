"""The ``SYSTEM`` glue: the §7 contract in the package, registration, the projection, odds
and resolve agreeing, and the injected RNG."""

from __future__ import annotations

import random
from fractions import Fraction as F

import rolkit
from rolkit import i18n
from rolkit.model import RulesError
from rolkit.systems import core_dread as cd
from rolkit.systems.core_dread import (
    Armor,
    Combatant,
    CoreDreadOptions,
    Modifiers,
    Weapon,
)
from rolkit.systems.core_dread.presets import ANA, BAT, BRUNO
from rolkit.systems.core_dread.view import project, wound_rank


# --------------------------------------------------------------------------- contract
def test_all_lists_the_contract_in_spec_order():
    contract = [
        "effective_attribute",
        "count_hits",
        "apply_rerolls",
        "roll_check",
        "roll_distribution",
        "check_success_probability",
        "degree_of_success",
        "opposed_check",
        "attack_multiplier",
        "opposed_damage",
        "wound_from_damage",
        "adjust_wound",
        "apply_wounds",
        "wound_penalty",
        "fall_damage",
        "hazard_wounds",
        "asphyxia_turns",
        "resolve_attack",
        "attack_outcomes",
        "SYSTEM",
    ]
    assert cd.__all__[: len(contract)] == contract
    for name in cd.__all__:
        assert hasattr(cd, name), name


def test_registered_and_forms_default_construct():
    assert "core_dread" in rolkit.systems()
    s = rolkit.get_system("core_dread")
    assert s is cd.SYSTEM
    for cls in (Combatant, Weapon, Armor, Modifiers, CoreDreadOptions):
        cls()
    assert cd.Attacker is cd.Defender is Combatant
    assert issubclass(cd.CoreDreadInputError, RulesError)
    assert issubclass(cd.CoreDreadInputError, ValueError)
    assert cd.Resolution is cd.AttackResolution


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
