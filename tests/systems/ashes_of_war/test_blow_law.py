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


def _plain_effects(pool: Any, d: Any, w: Any, m: Modifiers, rules: RulesConfig) -> tuple:
    """The rows of ``attack_rows`` summed per effect, in the order they first give each."""
    from rolkit.systems.ashes_of_war.attack.odds import attack_rows
    from rolkit.systems.ashes_of_war.rules.damage import weapon_thresholds, wound_severity

    kinds = {"miss": "none", "dodged": "none", "blocked": "weapon", "absorbed": "weapon"}
    rows, den = attack_rows(pool, d, w, m, rules)
    out: dict = {}
    for (category, location, final), n in rows.items():
        kind = kinds.get(category, category)
        if kind in ("none", "weapon", "deflected"):
            effect = (kind, None, None)
        else:
            effect = (kind, location, wound_severity(final, weapon_thresholds(w, rules)))
        out[effect] = out.get(effect, 0) + n
    return tuple(out.items()), den


def test_the_effect_weights_are_the_rows_summed_per_effect():
    """``blow._effect_weights`` (severities per RD spread over T4, memoised on what the
    dice read) is ``attack_rows`` summed per effect, in the same order, for defenders
    and weapons that differ in each part it reads — armour (RD per location, a broken
    piece), the shield's RD and arm, a lost limb, the defence pool, the damage dice and
    T6's thresholds — all met in one cache session (a key missing one of them would hand
    one form another's weights, here or in ``fast_blow_law``'s key)."""
    from rolkit.systems.ashes_of_war.attack.blow import _Carried, _dice_view, _effect_weights
    from rolkit.systems.ashes_of_war.forms import ArmorPiece, Conditions, Shield
    from rolkit.systems.ashes_of_war.rules.damage import weapon_thresholds

    mail = ArmorPiece("Cota", {"torso": 5, "right_arm": 3, "left_arm": 3})
    defenders = [
        D0,
        dataclasses.replace(D0, armor_1=mail, armor_2=None),
        dataclasses.replace(D0, armor_1=dataclasses.replace(mail, integrity=0), armor_2=None),
        dataclasses.replace(D0, shield=Shield("Escudo", gdc_ndp=3, rd=1)),
        dataclasses.replace(D0, shield_arm="right", weapon_hand="left"),
        dataclasses.replace(D0, conditions=Conditions(dismembered=frozenset({"left_leg"}))),
        dataclasses.replace(D0, dodge=D0.dodge + 2, intercept=D0.intercept + 2),
    ]
    weapons = [W0, MACE, STAFF, dataclasses.replace(W0, serious_min=3, lethal_min=6)]
    mods = [
        Modifiers(),
        Modifiers(defence="dodge"),
        Modifiers(defence="intercept_shield"),
        Modifiers(aimed_location="left_arm"),
        Modifiers(undefended_adversidad="hard"),
    ]
    rolkit.clear_caches()
    seen = set()
    for rules in (RulesConfig(), HOUSE):
        for w in weapons:
            for m in mods:
                pool = attack_pool(A0, w, m, rules=rules)
                for d in defenders:
                    if not legal(d, w, m, rules):
                        continue
                    view = _dice_view(d, m, rules)
                    key = (pool, m, w.dice, weapon_thresholds(w, rules), rules, view)
                    got = _effect_weights(_Carried(key, (pool, d, w, m, rules)))
                    assert got == _plain_effects(pool, d, w, m, rules)
                    seen.add(got)
                    # and through the blow law's own key
                    fast = fast_blow_law(pool, d, w, m, rules)
                    assert list(fast) == list(_blow_law_reference(pool, d, w, m, rules))
    assert len(seen) > 60  # the variants do change the weights


def test_the_wound_tables_tell_apart_what_the_plan_reads():
    """The wound plans and new rows kept per location (``blow._plans_at``,
    ``blow._marked_at``), met in one cache session in every order, by defenders and
    blows that differ in each part a plan reads — the Conditions (concussed, bleeding,
    a first serious wound, dying), the marks at the location, the weapon hand, the
    shield and its arm — and in the damage type, a non-lethal weapon, the dying rule and
    the rules (house rules, fewer serious boxes): each blow law is the plain one (a table key missing one of them
    would hand one defender another's wound)."""
    from rolkit.systems.ashes_of_war.forms import Conditions

    base = dataclasses.replace(D0, shield=None)
    defenders = [
        base,
        dataclasses.replace(base, conditions=Conditions(bruised=True)),
        dataclasses.replace(base, conditions=Conditions(bleeding_light=frozenset({"head"}))),
        dataclasses.replace(
            base, conditions=Conditions(first_serious_effects=frozenset({"right_arm"}))
        ),
        dataclasses.replace(
            base, conditions=Conditions(dying=True, unconscious=True, stabilised=False)
        ),
        _marked({"right_arm": (SERIOUS_BLUNT,)}),
        _marked({"head": (SERIOUS_CUT,)}),
        dataclasses.replace(base, weapon_hand="left"),
        D0,
        dataclasses.replace(D0, shield_arm="right"),
    ]
    blows = [
        (W0, Modifiers(narrated_location="right_arm")),
        (MACE, Modifiers(narrated_location="left_arm")),  # the shield arm: T5 drops it
        (MACE, Modifiers(narrated_location="right_arm")),
        (MACE, Modifiers(narrated_location="head")),
        (dataclasses.replace(MACE, non_lethal=True), Modifiers(narrated_location="head")),
        (W0, Modifiers(narrated_location="torso", dying_rule=True)),
        (W0, Modifiers(narrated_location="torso")),
    ]
    boxes = RulesConfig().serious_boxes
    few = RulesConfig(serious_boxes={**boxes, "head": 1, "torso": 1})  # T3 per table
    seen = set()
    for order in (1, -1):
        rolkit.clear_caches()
        for rules in (RulesConfig(), HOUSE, few)[::order]:
            for w, m in blows[::order]:
                pool = attack_pool(A0, w, m, rules=rules)
                for d in defenders[::order]:
                    if not legal(d, w, m, rules):
                        continue
                    fast = fast_blow_law(pool, d, w, m, rules)
                    assert list(fast) == list(_blow_law_reference(pool, d, w, m, rules))
                    seen.add(frozenset((s[0].conditions, s[0].wounds) for s, _ in fast))
    assert len(seen) > 40  # the variants do change what the wound does
