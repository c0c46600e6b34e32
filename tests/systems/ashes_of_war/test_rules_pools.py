"""Dice pools (§2.3, §4.4–§4.5): cancelling, caps, conditions and successive defences."""

from __future__ import annotations

import dataclasses

from rolkit.systems.ashes_of_war import (
    Conditions,
    Modifiers,
    RulesConfig,
    attack_pool,
    defence_pool,
)

from .aow_fixtures import ESPADA, GORATH, KIRA


# --------------------------------------------------------------------------- pools (§2.3)
def test_cancel_option_and_gracia_cap():
    m = Modifiers(attacker_elevated=True, extra_gracias_attack=2, cover="medium")
    assert attack_pool(KIRA, ESPADA, m) == attack_pool(KIRA, ESPADA, m)
    plain = attack_pool(KIRA, ESPADA, m)
    assert (plain.gracias, plain.desgracias) == (3, 2)
    cancel = attack_pool(KIRA, ESPADA, m, rules=RulesConfig(cancel_gracias_desgracias=True))
    assert (cancel.gracias, cancel.desgracias) == (1, 0)
    capped = attack_pool(KIRA, ESPADA, m, rules=RulesConfig(gracia_cap=1))
    assert capped.gracias == 1


def test_conditions_count_only_on_quick_rolls_and_pending_desgracias():
    bruised = dataclasses.replace(KIRA, conditions=Conditions(bruised=True), pending_desgracias=1)
    assert attack_pool(bruised, ESPADA, Modifiers()).desgracias == 2
    slow = RulesConfig(quick_skills=frozenset({"run"}))
    assert attack_pool(bruised, ESPADA, Modifiers(), rules=slow).desgracias == 1


def test_successive_defences_are_not_capped():
    g = dataclasses.replace(GORATH, defences_this_turn=5)
    p = defence_pool(g, Modifiers(defence="intercept_shield", extra_desgracias_defence=5))
    assert (p.ndp, p.desgracias) == (3, 3 + 5)
