"""The after-blow law built from its memoised parts (:mod:`~rolkit.systems.ashes_of_war.
attack.blow`) is the plain one (``after._blow_law_reference``: every row of the attack law,
each branch's forms built by ``defender_after``), Fraction for Fraction, over varied
wounded forms: two blows deep from the defaults, a shield, a parry object, a dying rule,
aimed blows, a blunt weapon, and house rules that change the branches (first serious wound
applied, a fracture per limb, overflow absorbed without wear, Integridad lost by 2)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

import rolkit
from rolkit.errors import RulesError
from rolkit.systems.ashes_of_war import Modifiers, RulesConfig, Weapon, attack_pool
from rolkit.systems.ashes_of_war.after import _blow_law_reference, blow_law
from rolkit.systems.ashes_of_war.attack.blow import fast_blow_law
from rolkit.systems.ashes_of_war.attack.validate import check_legal
from rolkit.systems.ashes_of_war.forms import WoundMark, wounds_from_marks
from rolkit.systems.ashes_of_war.system import SYSTEM

from .aow_fixtures import HACHA
from .test_after import BLEEDER, SMALL_TARGET

DEFAULTS = SYSTEM.defaults()
A0, D0, W0 = DEFAULTS["attacker"], DEFAULTS["defender"], DEFAULTS["weapon"]
STAFF = Weapon("Báculo de madera", damage="2d2", damage_type="blunt")
MACE = Weapon("Maza", damage="2d6", damage_type="blunt")
SERIOUS_CUT = WoundMark("serious", "cutting")
SERIOUS_BLUNT = WoundMark("serious", "blunt")
LIGHTS = (WoundMark("light", "cutting"),) * 3
HOUSE = RulesConfig(
    first_serious_applied=True,
    fracture_scope="limb",
    overflow_absorbed_damages_weapon=False,
    integrity_loss=2,
)


def legal(d: Any, w: Any, m: Modifiers, rules: RulesConfig) -> bool:
    try:
        check_legal(A0, d, w, m, rules)
    except RulesError:
        return False  # e.g. a shield dropped by a first serious wound: no interception
    return True


def wounded(d: Any, w: Any, m: Modifiers, rules: RulesConfig, depth: int, width: int) -> list:
    """``d`` and the likeliest defenders up to ``depth`` blows of ``w`` away that can
    still be attacked this way."""
    pool = attack_pool(A0, w, m, rules=rules)
    found, layer = [d], [d]
    for _ in range(depth):
        nxt = []
        for dd in layer:
            ranked = sorted(blow_law(pool, dd, w, m, rules), key=lambda kv: -kv[1])
            nxt += [s[0] for s, _ in ranked if legal(s[0], w, m, rules)][:width]
        found += nxt
        layer = nxt
    return found


CASES = [
    (D0, W0, Modifiers(), RulesConfig()),
    (D0, MACE, Modifiers(defence="intercept_shield"), RulesConfig()),
    (dataclasses.replace(D0, parry_object=STAFF), W0, Modifiers(defence="intercept_object"), HOUSE),
    (BLEEDER, HACHA, Modifiers(defence="intercept_shield", dying_rule=True), HOUSE),
    (BLEEDER, MACE, Modifiers(defence="dodge", aimed_location="left_arm"), RulesConfig()),
    (SMALL_TARGET, W0, Modifiers(narrated_location="head"), HOUSE),
]


@pytest.mark.parametrize("d, w, m, rules", CASES, ids=lambda x: type(x).__name__)
def test_the_memoised_law_is_the_plain_law(d, w, m, rules):
    rolkit.clear_caches()
    pool = attack_pool(A0, w, m, rules=rules)
    for dd in wounded(d, w, m, rules, depth=2, width=3):
        ref = _blow_law_reference(pool, dd, w, m, rules)
        fast = fast_blow_law(pool, dd, w, m, rules)
        assert dict(fast) == dict(ref)
        assert [s for s, _ in fast] == [s for s, _ in ref]  # the same order: same draws
        assert len(dict(fast)) == len(fast)  # merged: one row per after-state


def test_the_memoised_wound_tells_apart_the_weapon_hand_and_the_shield_arm():
    """T5 applied: a first serious wound in an arm drops what that side holds, so two
    defenders with the same wounds but other sides must not share a memoised wound."""
    m = Modifiers(narrated_location="right_arm")
    pool = attack_pool(A0, MACE, m, rules=HOUSE)
    rolkit.clear_caches()
    for d in (
        D0,
        dataclasses.replace(D0, weapon_hand="left", shield_arm="right"),
        dataclasses.replace(D0, shield_arm="right"),  # only the shield arm differs
        dataclasses.replace(D0, shield=None),
    ):
        ref = _blow_law_reference(pool, d, MACE, m, HOUSE)
        assert dict(fast_blow_law(pool, d, MACE, m, HOUSE)) == dict(ref)


def _marked(marks: dict) -> Any:
    return dataclasses.replace(D0, wounds=wounds_from_marks(marks))


@pytest.mark.parametrize(
    "where, w, rules, variants",
    [
        # §4.15 step 6: the head's serious marks decide Inconsciente, whatever is hit there
        ("head", W0, RulesConfig(), [{}, {"head": (SERIOUS_CUT,)}, {"torso": (SERIOUS_CUT,)}]),
        # §4.14: the marks at the location hit decide the box; marks elsewhere do not
        ("left_leg", W0, RulesConfig(), [{}, {"left_leg": LIGHTS}, {"right_leg": LIGHTS}]),
        # step 4, fracture_scope="limb": the hand's blunt marks count for a blow to the arm
        ("right_arm", MACE, HOUSE, [{}, {"right_hand": (SERIOUS_BLUNT,)}, {"left_hand": ()}]),
    ],
)
def test_the_memoised_wound_reads_the_marks_it_needs(where, w, rules, variants):
    """The wound's plan is shared by defenders whose marks differ only where the wound
    does not read them: defenders that differ where it does (the location hit, the head,
    the limb's other part) must each get their own law, whatever order they come in."""
    m = Modifiers(narrated_location=where)
    pool = attack_pool(A0, w, m, rules=rules)
    defenders = [_marked(v) for v in variants]
    rolkit.clear_caches()
    for d in defenders + defenders[::-1]:
        ref = _blow_law_reference(pool, d, w, m, rules)
        assert dict(fast_blow_law(pool, d, w, m, rules)) == dict(ref)
    laws = [dict(fast_blow_law(pool, d, w, m, rules)) for d in defenders]
    fates = [sorted(str(s[0].conditions) for s in law) for law in laws]
    assert fates[0] != fates[1]  # the marks read do change what the blow does


def test_the_shared_rd_per_location_is_the_combatants():
    """§4.12, §4.22: the piece covering a location gives its RD, 0 when it is broken."""
    from rolkit.systems.ashes_of_war.attack.blow import _rds
    from rolkit.systems.ashes_of_war.forms import ArmorPiece
    from rolkit.systems.ashes_of_war.tables import LOCATIONS

    mail = ArmorPiece("Cota", {"torso": 5, "right_arm": 3, "left_arm": 3})
    helm = ArmorPiece("Casco", {"head": 2})
    broken = dataclasses.replace(mail, integrity=0)
    for pieces in ((mail, helm, None), (None, helm, mail), (broken, helm, None), (None,) * 3):
        d = dataclasses.replace(D0, armor_1=pieces[0], armor_2=pieces[1], armor_3=pieces[2])
        assert _rds(*pieces) == tuple(d.rd(loc) for loc in LOCATIONS)
    assert _rds(mail, helm, None)[LOCATIONS.index("torso")] == 5
    assert _rds(broken, helm, None)[LOCATIONS.index("torso")] == 0
