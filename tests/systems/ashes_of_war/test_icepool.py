"""The exact attack law against the same mechanic written in icepool (the benchmark's
``icepool_law``), for every kind of defence and for random and aimed locations."""

from __future__ import annotations

import dataclasses

import pytest

from benchmarks.bench_ashes_of_war import icepool_first_round, icepool_law, one_attack_round
from rolkit.systems.ashes_of_war import Modifiers, Weapon, attack_outcomes

from .aow_fixtures import ESPADA, GORATH, HACHA, KIRA

STAFF = Weapon("Báculo de madera", damage="2d2", damage_type="blunt")


@pytest.mark.parametrize(
    ("attacker", "defender", "weapon", "defence"),
    [
        (KIRA, GORATH, ESPADA, "none"),
        (KIRA, GORATH, ESPADA, "dodge"),
        (KIRA, GORATH, ESPADA, "intercept_shield"),
        (KIRA, dataclasses.replace(GORATH, parry_object=STAFF), ESPADA, "intercept_object"),
        (GORATH, KIRA, HACHA, "intercept_shield"),
        (GORATH, KIRA, HACHA, "none"),
    ],
)
def test_rolkit_and_icepool_agree_exactly(attacker, defender, weapon, defence):
    m = Modifiers(defence=defence)
    ours = attack_outcomes(attacker, defender, weapon, m)
    assert ours == icepool_law(attacker, defender, weapon, m)
    assert sum(ours.values()) == 1


def test_round_one_of_the_default_fight_matches_the_icepool_chain():
    """One attack a turn, first-serious effects reported only: B strikes back unless A's
    blow put it out or took its weapon hand (§4.15: a lost hand stops its attacks)."""
    ours = one_attack_round()
    assert ours.exact
    assert {**ours.p_win, "ongoing": ours.p_ongoing} == icepool_first_round()
