"""The exact after-state law of one attack (issue #16 item 1): ``SYSTEM.transitions``.

* it sums to 1 over valid, canonical form instances (each survives a data round trip);
* its marginals are the odds': the law of ``status(defender_after)`` is ``odds.fate()``
  for every attacker × defender preset and several defences, from fresh and wounded
  states; P(defender unchanged), P(weapon worn) and the law of the new wound mark are the
  odds' too;
* a seeded Monte Carlo of ``resolve`` + ``after`` agrees within 6σ, fresh and wounded;
* an independent oracle: every dice sequence ``resolve_attack`` can draw, enumerated
  exhaustively (a branching scripted rng), each leaf's forms rebuilt from the spec's text
  with the contract's ``apply_wound`` and validated ``dataclasses.replace``, adds up to
  exactly the law;
* V06 as an after-state law with exact Fractions.
"""

from __future__ import annotations

import dataclasses
import math
import pickle
from collections import Counter
from fractions import Fraction as F
from typing import Any

import pytest

import rolkit
from rolkit import fields
from rolkit.errors import RulesError
from rolkit.fight import odds_of_fighters
from rolkit.systems.ashes_of_war import (
    ArmorPiece,
    Combatant,
    Conditions,
    Modifiers,
    RulesConfig,
    Shield,
    Weapon,
    WoundMark,
    Wounds,
    apply_wound,
    combatant,
    resolve_attack,
    wounds_from_marks,
)
from rolkit.systems.ashes_of_war.after import attack_transitions
from rolkit.systems.ashes_of_war.system import SYSTEM

from .aow_fixtures import ESPADA, GORATH, HACHA, KIRA

ROLES = ("attacker", "defender", "weapon", "modifiers")
DEFAULTS = SYSTEM.defaults()
A0, D0, W0, M0 = (DEFAULTS[r] for r in ROLES)


def law_of(a, d, w, m, options=None) -> dict[tuple, F]:
    return SYSTEM.transitions(a, d, w, m, options, with_weapon=True)


def first_wounded(a, d, w, m) -> list[Combatant]:
    """Defenders one transition away that can still act and are not the input."""
    return [
        dd
        for (_, dd, _), p in sorted(law_of(a, d, w, m).items(), key=lambda kv: -kv[1])
        if dd != d and SYSTEM.status(dd) is None
    ]


BLEEDER = combatant(
    "Sangrante",
    skills={"melee": 2, "dodge": 1, "intercept": 1},
    armor=(ArmorPiece("Peto", {"torso": 2}),),
    shield=Shield("Broquel", gdc_ndp=1, rd=1),
    wounds=wounds_from_marks(
        {
            "left_arm": (WoundMark("light", "cutting"),) * 3 + (WoundMark("serious", "blunt"),),
            "head": (WoundMark("serious", "cutting"),),
            "torso": (WoundMark("light", "blunt"),) * 4 + (WoundMark("serious", "cutting"),) * 2,
            "right_leg": (WoundMark("serious", "cutting"),),
        }
    ),
    conditions=Conditions(bleeding_light=frozenset({"right_leg"})),
    defences_this_turn=1,
    feint_pending=True,
    pending_desgracias=1,
)


def pairs():
    """Every attacker × defender preset (each with its own preset weapon rules out none)."""
    chars = SYSTEM.presets["attacker"]
    for an, a in chars.items():
        for dn, d in SYSTEM.presets["defender"].items():
            yield an, a, dn, d


# --------------------------------------------------------------------------- 1. shape
def assert_valid_canonical(form: Any) -> None:
    """Validated and canonical: the data round trip rebuilds an equal form, same hash."""
    again = fields.from_data(type(form), fields.to_data(form))
    assert again == form and hash(again) == hash(form)


@pytest.mark.parametrize(
    "forms",
    [
        (A0, D0, W0, M0),
        (A0, D0, W0, Modifiers(defence="intercept_shield")),
        (A0, BLEEDER, W0, Modifiers(defence="intercept_shield", dying_rule=True)),
        (A0, BLEEDER, HACHA, Modifiers(defence="dodge", aimed_location="left_arm")),
    ],
    ids=["defaults", "shield", "wounded-shield-dying", "wounded-dodge-aimed"],
)
def test_sums_to_one_over_valid_canonical_forms(forms):
    law = law_of(*forms)
    assert sum(law.values()) == 1 and all(isinstance(p, F) and p > 0 for p in law.values())
    for a, d, w in law:
        assert isinstance(a, Combatant) and isinstance(d, Combatant) and isinstance(w, Weapon)
        for form in (a, d, w):
            assert_valid_canonical(form)
    pairs_law = SYSTEM.transitions(*forms)
    assert sum(pairs_law.values()) == 1 and all(len(k) == 2 for k in pairs_law)


def test_unchanged_roles_are_the_input_itself():
    law = law_of(A0, D0, W0, M0)
    assert all(a is A0 for a, _, _ in law)  # no pending ▽ to spend: the attacker never changes
    miss = [k for k in law if k[1] is D0 and k[2] is W0]
    assert len(miss) == 1  # the miss leaves the very input forms


def test_equal_marks_built_two_ways_are_one_state():
    by_data = Wounds(light={"torso": 1})
    by_rule = Wounds().add("torso", "light", "cutting")
    assert by_data == by_rule and hash(by_data) == hash(by_rule)
    a = dataclasses.replace(GORATH, wounds=by_data)
    b = dataclasses.replace(GORATH, wounds=by_rule)
    assert {a: 1}[b] == 1


def test_a_pickled_form_gets_a_fresh_hash_and_stays_equal():
    (_, d, _), _p = max(law_of(A0, D0, W0, M0).items(), key=lambda kv: kv[1])
    hash(d)
    back = pickle.loads(pickle.dumps(d))
    assert back == d and hash(back) == hash(d)
    assert "_cached_hash" not in pickle.loads(pickle.dumps(d)).__dict__


def test_illegal_attacks_raise_as_resolve_does():
    with pytest.raises(RulesError):
        SYSTEM.transitions(A0, D0, W0, Modifiers(defence="intercept_object"))


def test_a_worn_out_weapon_deals_no_blow_in_the_law_and_is_refused_by_the_odds():
    """§4.3: Integridad 0 cannot attack. The odds and resolve refuse it; the after-state
    law (what a whole fight walks) is the certain "no blow": every form unchanged. Any
    other illegal choice still raises."""
    broken = dataclasses.replace(W0, integrity=0)
    with pytest.raises(RulesError):
        SYSTEM.odds(A0, D0, broken, M0)
    with pytest.raises(RulesError):
        SYSTEM.resolve(A0, D0, broken, M0, seed=1)
    with pytest.raises(RulesError):
        attack_transitions(A0, D0, broken, M0)
    assert law_of(A0, D0, broken, M0) == {(A0, D0, broken): 1}
    with pytest.raises(RulesError):
        SYSTEM.transitions(A0, D0, broken, Modifiers(defence="intercept_object"))
    down = dataclasses.replace(A0, conditions=Conditions(unconscious=True))
    with pytest.raises(RulesError):
        SYSTEM.transitions(down, D0, broken, M0)


def test_a_fight_goes_on_when_a_weapon_wears_out():
    """A 1v1 where the axe can only be absorbed by Kira's torso RD 5: it wears a point a
    blow, breaks, and the fight still has an exact law (Kira wins or it goes on)."""
    m = Modifiers(aimed_location="torso")
    axe = dataclasses.replace(HACHA, integrity=2)
    fighters = [("G", "g", GORATH, axe), ("K", "k", KIRA, ESPADA)]
    r = odds_of_fighters(SYSTEM, fighters, rounds=4, modifiers=m, method="exact")
    assert r.exact and r.p_win["g"] == 0
    assert r.p_win["k"] + r.p_ongoing == 1 and r.p_win["k"] > 0


# --------------------------------------------------------------------------- 2. marginals
def fate_law(law: dict[tuple, F]) -> dict[Any, F]:
    out: dict[Any, F] = {}
    for (_a, d, *_), p in law.items():
        out[SYSTEM.status(d)] = out.get(SYSTEM.status(d), F(0)) + p
    return out


def assert_marginals(a, d, w, m) -> None:
    """Fate, P(defender unchanged but for the defence counters), P(weapon worn), new marks."""
    law = law_of(a, d, w, m)
    odds = SYSTEM.odds(a, d, w, m)
    assert fate_law(law) == {f: p for f, p in odds.fate().items() if p}
    probs = odds.probabilities
    cat = lambda *names: sum((p for k, p in probs.items() if k.category in names), F(0))  # noqa: E731
    counters = {"defences_this_turn", "feint_pending", "pending_desgracias"}

    def same_but_counters(x: Combatant) -> bool:
        return all(
            getattr(x, f.name) == getattr(d, f.name)
            for f in dataclasses.fields(x)
            if f.name not in counters
        )

    untouched = sum((p for (_, dd, _), p in law.items() if same_but_counters(dd)), F(0))
    nothing = cat("miss", "dodged", "blocked", "absorbed")
    # ≥: a wound on a full lethal box where no armour wears (or a non-lethal blow on an
    # Inconsciente) changes nothing; with no lethal box marked and a lethal weapon, exactly.
    assert untouched >= nothing
    if not w.non_lethal and not any(d.wounds.lethal.values()):
        assert untouched == nothing
    worn = sum((p for (_, _, ww), p in law.items() if ww.integrity < w.integrity), F(0))
    expected_worn = cat("blocked", "absorbed") + sum(
        (p for k, p in probs.items() if k.category == "overflow" and k.final_damage == 0), F(0)
    )
    assert worn == (expected_worn if w.integrity > 0 else 0)
    # the new mark: (location, row) that gained one, against the odds' (location, box)
    marks: Counter = Counter()
    for (_, dd, _), p in law.items():
        new = [
            (loc, sev)
            for loc in dd.wounds.light
            for sev in ("light", "serious", "lethal")
            if dd.wounds.count(loc, sev) > d.wounds.count(loc, sev)
        ]
        assert len(new) <= 1
        marks[new[0] if new else None] += p
    expected: Counter = Counter()
    for k, p in probs.items():
        if k.wound_box in ("light", "serious", "lethal") and not (
            k.wound_box == "lethal" and d.wounds.count(k.location, "lethal")
        ):
            expected[(k.location, k.wound_box)] += p
        else:
            expected[None] += p
    assert dict(marks) == dict(expected)


def test_marginals_at_defaults_and_with_every_defence():
    assert_marginals(A0, D0, W0, M0)
    for defence in ("dodge", "intercept_shield"):
        assert_marginals(A0, D0, W0, Modifiers(defence=defence))
    staff = Weapon("Báculo de madera", damage="2d2", damage_type="blunt")
    assert_marginals(
        A0, dataclasses.replace(D0, parry_object=staff), W0, Modifiers(defence="intercept_object")
    )
    assert_marginals(A0, BLEEDER, HACHA, Modifiers(defence="intercept_shield", dying_rule=True))


@pytest.mark.parametrize("defence", ["none", "dodge"])
def test_fate_law_is_the_odds_fate_for_every_preset_pair(defence):
    checked = 0
    for _an, a, _dn, d in pairs():
        for w in (W0, HACHA):
            m = Modifiers(defence=defence)
            try:
                odds = SYSTEM.odds(a, d, w, m)
            except RulesError:
                continue  # e.g. an attacker with no melee still attacks; nothing is illegal here
            assert fate_law(law_of(a, d, w, m)) == {f: p for f, p in odds.fate().items() if p}
            checked += 1
    assert checked == 2 * 25


def test_fate_law_from_wounded_dying_and_down_defenders():
    """From states reached by one or two transitions, and (undefended) from Moribundo and
    Inconsciente defenders: the status law is the odds' fate law there too."""
    m = Modifiers(dying_rule=True)
    level1 = first_wounded(A0, D0, W0, m)[:3]
    level2 = [x for d in level1[:2] for x in first_wounded(A0, d, W0, m)[:2]]
    assert level1 and level2
    for d in (*level1, *level2, BLEEDER):
        assert_marginals(A0, d, W0, m)
        assert_marginals(A0, d, HACHA, Modifiers(defence="dodge", dying_rule=True))
    dying = dataclasses.replace(
        D0, conditions=Conditions(dying=True, unconscious=True), wounds=Wounds(lethal={"torso": 1})
    )
    down = dataclasses.replace(D0, conditions=Conditions(unconscious=True))
    for d in (dying, down):
        law = law_of(A0, d, W0, m)
        assert fate_law(law) == {f: p for f, p in SYSTEM.odds(A0, d, W0, m).fate().items() if p}
    assert fate_law(law_of(A0, dying, W0, m))["dead"] > 0


# --------------------------------------------------------------------------- 3. Monte Carlo
def after_state(forms: tuple, seed: int) -> tuple:
    after = SYSTEM.after(SYSTEM.resolve(*forms, seed=seed))
    return tuple(
        after.get(r, f) for r, f in zip(("attacker", "defender", "weapon"), forms, strict=False)
    )


N_TRIALS = 2000


@pytest.mark.parametrize(
    "forms",
    [
        (A0, D0, W0, M0),
        (A0, BLEEDER, HACHA, Modifiers(defence="intercept_shield", dying_rule=True)),
        "wounded",
    ],
    ids=["defaults", "bleeder-shield", "wounded-by-one-transition"],
)
def test_seeded_resolve_and_after_agree_within_6_sigma(forms):
    if forms == "wounded":
        forms = (A0, first_wounded(A0, D0, W0, M0)[0], W0, Modifiers(defence="dodge"))
    law = law_of(*forms)
    counts = Counter(after_state(forms, seed) for seed in range(N_TRIALS))
    assert [k for k in counts if k not in law] == []
    for key, p in law.items():
        sigma = math.sqrt(float(p) * (1 - float(p)) / N_TRIALS)
        assert abs(counts[key] / N_TRIALS - float(p)) <= 6 * sigma + 1e-12, (float(p), counts[key])


# --------------------------------------------------------------------------- 4. oracle
class BranchingDice:
    """Replays ``prefix`` and then draws 1s, recording every face and its die's sides."""

    def __init__(self, prefix: list[int]) -> None:
        self.faces = list(prefix)
        self.sides: list[int] = []

    def randint(self, a: int, b: int) -> int:
        assert a == 1
        i = len(self.sides)
        self.sides.append(b)
        if i == len(self.faces):
            self.faces.append(1)
        return self.faces[i]


def every_roll(run):
    """Each dice sequence ``run(rng)`` can draw, once, with its exact probability."""
    prefix: list[int] = []
    while True:
        rng = BranchingDice(prefix)
        result = run(rng)
        faces, sides = rng.faces[: len(rng.sides)], rng.sides
        yield result, F(1, math.prod(sides))
        while faces and faces[-1] == sides[-1]:
            faces.pop()
            sides.pop()
        if not faces:
            return
        faces[-1] += 1
        prefix = faces


def spec_after(a, d, w, m, outcome, options) -> tuple:
    """The forms after an outcome, rebuilt from the spec's text (§4.5, §4.8–§4.12, §4.22)."""

    def worn(item):
        return dataclasses.replace(item, integrity=max(0, item.integrity - options.integrity_loss))

    def severity(final: int) -> str:
        serious_min, lethal_min = w.wound_thresholds or options.wound_thresholds
        return "light" if final < serious_min else "serious" if final < lethal_min else "lethal"

    def wounded(target, loc, final):
        dtype = m.damage_type or w.damage_type
        state = apply_wound(
            target, loc, severity(final), dtype, non_lethal=w.non_lethal,
            dying_rule=m.dying_rule, rules=options,
        ).state  # fmt: skip
        for slot in ("armor_1", "armor_2", "armor_3"):
            piece = getattr(state, slot)
            if piece is not None and piece.rd_by_location.get(loc, 0) > 0:
                state = dataclasses.replace(state, **{slot: worn(piece)})
        return state

    a_after = dataclasses.replace(a, pending_desgracias=0)
    d_after = d
    if m.defence != "none":
        d_after = dataclasses.replace(
            d, defences_this_turn=min(20, d.defences_this_turn + 1), feint_pending=False,
            pending_desgracias=0,
        )  # fmt: skip
    w_after = w
    cat, loc, final = outcome.category, outcome.location, outcome.final_damage
    if cat == "deflected":
        d_after = dataclasses.replace(d_after, parry_object=worn(d.parry_object))
    elif cat in ("blocked", "absorbed"):
        w_after = worn(w)
    elif cat == "overflow":
        d_after = dataclasses.replace(d_after, shield=worn(d.shield))
        if final > 0:
            d_after = wounded(d_after, loc, final)
        elif options.overflow_absorbed_damages_weapon:
            w_after = worn(w)
    elif cat == "wound":
        d_after = wounded(d_after, loc, final)
    return a_after, d_after, w_after


TINY_BLUNT = Weapon("Porra", damage="2d2", damage_type="blunt", serious_min=2, lethal_min=4)
TINY_SHARP = Weapon("Navaja", damage="1d6", damage_type="cutting", serious_min=2, lethal_min=5)
STAFF = Weapon("Báculo", damage="1d2", damage_type="blunt", integrity=1)
SMALL = combatant("Pequeño", skills={"melee": 1, "dodge": 1, "intercept": 0}, pending_desgracias=1)
SMALL_TARGET = dataclasses.replace(
    BLEEDER,
    name="Objetivo",
    dodge=1,
    intercept=0,
    defences_this_turn=0,
    pending_desgracias=0,
    parry_object=STAFF,
)
#: Pool dice as coins (2 sides, success on 2: the same P = 1/2 per die, §2.2's swappable
#: parameters) where the default d6 faces would make the enumeration too long for a test.
COIN = RulesConfig(die_sides=2, success_min=2)
D6 = RulesConfig()
ORACLE_CASES = {
    "dodge, blunt, wounded target": (
        SMALL, SMALL_TARGET, TINY_BLUNT, Modifiers(defence="dodge"), COIN,
    ),
    "shield, sharp, dying rule": (
        SMALL, SMALL_TARGET, TINY_SHARP, Modifiers(defence="intercept_shield", dying_rule=True), COIN,
    ),
    "parry object, feint pending": (
        SMALL, dataclasses.replace(SMALL_TARGET, feint_pending=True), TINY_SHARP,
        Modifiers(defence="intercept_object", aimed_location="right_foot"), D6,
    ),
    "undefended, non-lethal, aimed hand": (
        SMALL, SMALL_TARGET, dataclasses.replace(TINY_BLUNT, non_lethal=True),
        Modifiers(aimed_location="left_hand"), D6,
    ),
    "undefended, random location, Moribundo target": (
        SMALL,
        dataclasses.replace(
            SMALL_TARGET, conditions=Conditions(dying=True, unconscious=True),
            wounds=Wounds(lethal={"torso": 1}),
        ),
        TINY_SHARP, Modifiers(dying_rule=True), D6,
    ),
}  # fmt: skip


@pytest.mark.parametrize("case", list(ORACLE_CASES))
def test_every_roll_enumerated_adds_up_to_the_law(case):
    a, d, w, m, options = ORACLE_CASES[case]
    oracle: dict[tuple, F] = {}
    rebuilt: dict[tuple, tuple] = {}  # the spec's forms per (category, location, damage)
    leaves = 0
    for outcome, p in every_roll(
        lambda rng: resolve_attack(a, d, w, m, rng, rules=options).outcome
    ):
        branch = (outcome.category, outcome.location, outcome.final_damage)
        if branch not in rebuilt:
            rebuilt[branch] = spec_after(a, d, w, m, outcome, options)
        expected = rebuilt[branch]
        assert (outcome.attacker_after, outcome.defender_after, outcome.weapon_after) == expected
        oracle[expected] = oracle.get(expected, F(0)) + p
        leaves += 1
    assert sum(oracle.values()) == 1 and leaves > 20
    assert law_of(a, d, w, m, options) == oracle


# --------------------------------------------------------------------------- worked example
def test_v06_as_an_after_state_law():
    """V06: melee 1, 1d4 blunt, Peto RD 2 at the torso, undefended, aimed at the torso:
    miss 1/2 (nothing changes), absorbed 1/4 (the weapon 10→9), a light torso wound 1/4
    (one light mark there, Peto 10→9)."""
    a = combatant("A", skills={"melee": 1})
    w = Weapon("Maza", damage="1d4", damage_type="blunt")
    d = combatant("D", armor=(ArmorPiece("Peto", {"torso": 2}),))
    m = Modifiers(defence="none", aimed_location="torso")
    wounded = dataclasses.replace(
        d,
        wounds=Wounds(light={"torso": 1}),
        armor_1=dataclasses.replace(d.armor_1, integrity=9),
    )
    assert law_of(a, d, w, m) == {
        (a, d, w): F(1, 2),
        (a, d, dataclasses.replace(w, integrity=9)): F(1, 4),
        (a, wounded, w): F(1, 4),
    }


def test_the_law_is_cached_and_cleared_with_the_kit():
    law_of(A0, D0, W0, M0)
    rolkit.clear_caches()
    assert sum(law_of(A0, D0, W0, M0).values()) == 1


def test_v12_after_state_is_one_key_of_the_law():
    """V12's after-state (Gorath intercepting with his shield takes a lethal torso wound:
    dead, Gambeson 10→9, one more defence) is one key of the law, with V07's 3/16."""
    m = Modifiers(defence="intercept_shield", aimed_location="torso")
    law = law_of(KIRA, GORATH, ESPADA, m)
    dead = [(d, p) for (_, d, _), p in law.items() if d.conditions.dead]
    assert len(dead) == 1
    d, p = dead[0]
    assert d.wounds.count("torso", "lethal") == 1 and d.armor_1.integrity == 9
    assert d.defences_this_turn == 1
    # V07: ("wound", "lethal") at the torso is 3/16
    assert p == F(3, 16)


def test_the_attacker_enters_only_through_its_pool():
    """Two attackers with the same attack pool (one wounded in a leg, one fresh) give the
    same defender and weapon law, each keeping its own form; a Fracturado attacker (2 ▽ on
    the quick melee roll, §2.3) gives another law."""
    hurt = dataclasses.replace(A0, wounds=Wounds(light={"left_leg": 2}))
    fresh, wounded = law_of(A0, D0, W0, M0), law_of(hurt, D0, W0, M0)
    assert {(d, w): p for (_a, d, w), p in fresh.items()} == {
        (d, w): p for (_a, d, w), p in wounded.items()
    }
    assert {a for a, _, _ in wounded} == {hurt}
    fractured = dataclasses.replace(A0, conditions=Conditions(fractured=frozenset({"left_leg"})))
    assert fate_law(law_of(fractured, D0, W0, M0))["dead"] < fate_law(fresh)["dead"]
