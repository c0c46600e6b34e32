"""The blow a simulated fight draws (``SYSTEM.sample_blow``, #27 item 6) has exactly the
after-state law of the full resolution:

* every dice sequence it can draw, enumerated with its probability (the branching
  scripted dice of ``test_after``), adds up to ``SYSTEM.transitions`` Fraction for
  Fraction — default forms aimed and at random, a wounded bleeding target, each defence
  (none, dodge, shield, parry object), armour on the torso and the shield arm, a second
  attack (a Desgracia die), house rules, the oracle cases of ``test_after``;
* for the same random source it leaves the very forms ``resolve_attack`` leaves (the
  same dice in the §7.2 order);
* an attack the rules refuse raises as ``resolve_attack`` does.
"""

from __future__ import annotations

import dataclasses
import random
from fractions import Fraction as F

import pytest

from rolkit.errors import RulesError
from rolkit.systems.ashes_of_war import Modifiers, RulesConfig, Weapon, resolve_attack
from rolkit.systems.ashes_of_war.attack.sample import sample_blow
from rolkit.systems.ashes_of_war.system import SYSTEM

from .aow_fixtures import ESPADA, GORATH, HACHA, KIRA
from .test_after import (
    BLEEDER,
    COIN,
    D6,
    ORACLE_CASES,
    SMALL,
    STAFF,
    TINY_BLUNT,
    every_roll,
    law_of,
)

DEFAULTS = SYSTEM.defaults()
A0, D0, W0 = DEFAULTS["attacker"], DEFAULTS["defender"], DEFAULTS["weapon"]
MACE = Weapon("Maza", damage="2d6", damage_type="blunt")
HOUSE = RulesConfig(
    die_sides=2, success_min=2, first_serious_applied=True, integrity_loss=2, dying_rule=True
)

#: Small enough to enumerate every face (pool dice as coins where d6 faces would be long).
CASES = {
    "defaults, undefended, aimed at the torso": (A0, D0, W0, Modifiers(aimed_location="torso"), COIN),
    "defaults, undefended, 1d10 location": (A0, D0, HACHA, Modifiers(), COIN),
    "d6 pool, undefended, 1d10 location": (SMALL, D0, HACHA, Modifiers(), D6),
    "wounded bleeder dodging a second attack": (
        SMALL, BLEEDER, TINY_BLUNT, Modifiers(defence="dodge", attack_number=2), COIN,
    ),
    "shield into an armoured arm": (
        SMALL, KIRA, MACE, Modifiers(defence="intercept_shield", aimed_location="torso"), COIN,
    ),
    "shield, 1d10 location, house rules": (
        SMALL, GORATH, MACE, Modifiers(defence="intercept_shield"), HOUSE,
    ),
    "parry object, narrated head": (
        SMALL, dataclasses.replace(KIRA, parry_object=STAFF), MACE,
        Modifiers(defence="intercept_object", narrated_location="head"), COIN,
    ),
    **{f"oracle: {k}": v for k, v in ORACLE_CASES.items()},
}  # fmt: skip


@pytest.mark.parametrize("case", list(CASES))
def test_every_draw_enumerated_adds_up_to_the_blow_law(case):
    a, d, w, m, rules = CASES[case]
    drawn: dict[tuple, F] = {}
    for after, p in every_roll(lambda rng: sample_blow(a, d, w, m, rules, rng)):
        drawn[after] = drawn.get(after, F(0)) + p
    assert sum(drawn.values()) == 1 and len(drawn) > 1
    assert drawn == law_of(a, d, w, m, rules)


@pytest.mark.parametrize(
    "m", [Modifiers(), Modifiers(defence="dodge"), Modifiers(defence="intercept_shield")]
)
def test_the_same_dice_leave_the_forms_resolve_attack_leaves(m):
    rules = RulesConfig()
    for seed in range(150):
        r = resolve_attack(KIRA, GORATH, ESPADA, m, random.Random(seed), rules=rules).outcome
        drawn = sample_blow(KIRA, GORATH, ESPADA, m, rules, random.Random(seed))
        assert drawn == (r.attacker_after, r.defender_after, r.weapon_after)


def test_an_attack_the_rules_refuse_raises_as_resolve_does():
    broken = dataclasses.replace(ESPADA, integrity=0)
    no_shield = dataclasses.replace(GORATH, shield=None)
    for a, d, w, m in [
        (KIRA, GORATH, broken, Modifiers()),
        (KIRA, no_shield, ESPADA, Modifiers(defence="intercept_shield")),
    ]:
        with pytest.raises(RulesError):
            resolve_attack(a, d, w, m, random.Random(1))
        with pytest.raises(RulesError):
            sample_blow(a, d, w, m, RulesConfig(), random.Random(1))


def test_wounds_over_their_boxes_raise_as_resolve_does():
    """§3.1: a wound row over T3's boxes, the attacker's or the defender's, raises the
    error ``resolve_attack`` raises (same field, same words), again on a second draw (the
    rows are checked once, ``legality.check_wounds_once``)."""
    over = dataclasses.replace(GORATH.wounds, light={"head": 5})  # T3: 2 boxes
    for a, d, role in [
        (dataclasses.replace(KIRA, wounds=over), GORATH, "attacker"),
        (KIRA, dataclasses.replace(GORATH, wounds=over), "defender"),
    ]:
        with pytest.raises(RulesError) as resolved:
            resolve_attack(a, d, ESPADA, Modifiers(), random.Random(1))
        assert resolved.value.field == f"{role}.wounds.light"
        for _ in range(2):
            with pytest.raises(RulesError) as sampled:
                sample_blow(a, d, ESPADA, Modifiers(), RulesConfig(), random.Random(1))
            assert type(sampled.value) is type(resolved.value)
            assert (sampled.value.field, str(sampled.value)) == (
                resolved.value.field,
                str(resolved.value),
            )


def test_the_system_declares_it():
    assert SYSTEM.sample_blow is sample_blow
