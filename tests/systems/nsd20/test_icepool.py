"""icepool as an independent oracle: the benchmark's icepool attack (every die and rule of
P5–P10 written in icepool) against ``attack_law``, exactly, on several configurations;
the defender's after-state law and a whole fight on it against icepool models."""

from __future__ import annotations

from dataclasses import replace

import pytest

pytest.importorskip("icepool")

from benchmarks.bench_nsd20 import (  # noqa: E402
    E1,
    E2,
    defender_after_law,
    icepool_after_law,
    icepool_fight,
    icepool_law,
    rolkit_fight,
    rolkit_law,
)
from rolkit.systems import nsd20  # noqa: E402
from rolkit.systems.nsd20 import Combatant, Modifiers, Weapon  # noqa: E402

S = nsd20.SYSTEM
ROLES = ("attacker", "defender", "weapon", "modifiers")
E1_A = Combatant(dexterity=14, strength=12, attack_base=3)
E1_D = Combatant(dexterity=12, reflexes_base=2, pr_max=20, serious_wound_threshold=10)

CASES = {
    "E1": E1,
    "E2 partial concealment": E2,
    "E1 total concealment, effort": (
        *E1[:3],
        Modifiers(concealment="total", extra_effort_damage=True),
    ),
    "E1 19-20 ×3 d8, wounded defender": (
        E1[0],
        replace(E1[1], wound_state="malherido", pr_current=9),
        Weapon(damage_die=8, threat_range_min=19, critical_multiplier=3),
        Modifiers(),
    ),
}


@pytest.mark.parametrize("name", CASES)
def test_icepool_and_rolkit_laws_agree(name):
    assert rolkit_law(*CASES[name]) == icepool_law(*CASES[name])


# --------------------------------------------------------------------------- icepool
ICEPOOL_CASES = {
    "defaults": tuple(S.defaults()[r] for r in ROLES),
    "E2 preset, revolver": (
        E1_A,
        S.presets["defender"]["Sheriff Wade (chaleco de cuero)"],
        S.presets["weapon"]["Revólver (2d6)"],
        Modifiers(),
    ),
    "wounded stunned, ×3 d10, total concealment": (
        E1_A,
        replace(E1_D, pr_current=5, wound_state="malherido", stunned=True),
        S.presets["weapon"]["Hacha de leñador (1d10, ×3)"],
        Modifiers(concealment="total"),
    ),
}


@pytest.mark.parametrize("name", ICEPOOL_CASES)
def test_the_defenders_after_state_matches_the_icepool_model(name):
    case = ICEPOOL_CASES[name]
    assert defender_after_law(S, *case) == icepool_after_law(*case)


@pytest.mark.parametrize("pr_max", [3, 5])
def test_a_whole_fight_on_this_law_matches_an_icepool_absorbing_chain(pr_max):
    """rolkit.fight_odds over this law (stuns included) = the icepool chain written apart."""
    ours = rolkit_fight(pr_max)
    assert ours.exact and ours.p_draw == 0 and ours.p_ongoing == 0
    assert dict(ours.p_win) == icepool_fight(pr_max)
