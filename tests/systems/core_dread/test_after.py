"""#16 item 1: Core Dread's exact after-state law of one attack (``SYSTEM.transitions``).

* it sums to exactly 1 over valid forms of the right classes, at defaults, presets and
  wounded states;
* its marginals are the odds': the law of ``status(defender_after)`` is ``odds.fate()``
  for every attacker × defender preset pair (and from wounded defenders one transition
  away), and so are P(prone), the counter-attack's death and fall, armour wear,
  Autocontrol and ammunition;
* a seeded Monte Carlo of ``resolve`` + ``after`` (6σ per after-state, never a state of
  probability 0), from fresh and wounded states;
* an independent oracle: ``resolve_attack`` run on every d10 face sequence it can draw
  (``cd_faces``), keyed by the forms it leaves.

And ``SYSTEM.after``: the §8.4 scripted vectors applied to the forms.
"""

from __future__ import annotations

import dataclasses
import math
from collections import Counter
from fractions import Fraction as F
from typing import Any

import pytest

import rolkit
from rolkit import RulesError
from rolkit.dice import ScriptedDice
from rolkit.model import Resolution
from rolkit.systems import core_dread as cd
from rolkit.systems.core_dread import SYSTEM, Armor, Combatant, CoreDreadOptions, Modifiers, Weapon
from rolkit.systems.core_dread.forms import (
    armor_absorption,
    weapon_attacks_left,
    weapon_damages_armor,
)
from rolkit.systems.core_dread.presets import ANA, BAT, BRUNO, CARLA, KNIFE, PISTOL

from .cd_faces import enumerate_law

S = cd.SYSTEM
ROLES = ("attacker", "defender", "weapon", "modifiers")
PRESET_COMBATANTS = list(S.presets["attacker"].values())
GUARD = S.presets["defender"]["Marcos, vigilante (armadura común, porra)"]
SHOOTER = S.presets["defender"]["Diego, tirador (AGI 6, pistola para responder)"]
GORE = S.presets["defender"]["Ezequiel, sectario («Gore Mode»)"]

#: (weapon, modifiers) pairs tried against every preset pair (melee, so every pair is legal)
ATTACKS = [
    (Weapon(), Modifiers()),
    (KNIFE, Modifiers(defence="block")),
    (BAT, Modifiers(defence="dodge", dangerous_situation=True)),
    (BAT, Modifiers(surprise=True, knockout_attempt=True, measured_blow=True)),
]


def law_of(forms: tuple[Any, ...], options: Any = None) -> dict[tuple[Any, ...], F]:
    return S.transitions(*forms, options=options, with_weapon=True)


def marginal(law: dict, fn) -> dict[Any, F]:
    out: dict[Any, F] = {}
    for key, p in law.items():
        k = fn(*key)
        out[k] = out.get(k, F(0)) + p
    return {k: p for k, p in out.items() if p}


def odds_marginal(odds, fn) -> dict[Any, F]:
    out: dict[Any, F] = {}
    for key, p in odds.items():
        k = fn(key)
        out[k] = out.get(k, F(0)) + p
    return {k: p for k, p in out.items() if p}


# --------------------------------------------------------------------------- 1. a law
def _setups() -> list[tuple[Any, ...]]:
    d = S.defaults()
    out = [tuple(d[r] for r in ROLES)]
    for a in PRESET_COMBATANTS[:3]:
        for weapon, m in ATTACKS:
            out.append((a, GUARD, weapon, m))
    out += [
        (CARLA, ANA, PISTOL, Modifiers()),
        (CARLA, SHOOTER, PISTOL, Modifiers(defence="ranged_block")),
        (CARLA, ANA, PISTOL, Modifiers(defence="dodge", dodge_to_cover=True)),
        (BRUNO, Combatant(magullado=3, lesionado=3, malherido=2), BAT, Modifiers()),
        (Combatant(fortaleza=2, malherido=2), GUARD, KNIFE, Modifiers(defence="block")),
        (BRUNO, GORE, KNIFE, Modifiers(defence="block")),
    ]
    return out


@pytest.mark.parametrize("forms", _setups())
def test_the_law_sums_to_one_over_valid_forms(forms):
    law = law_of(forms)
    assert sum(law.values()) == 1
    assert all(isinstance(p, F) and p > 0 for p in law.values())
    for a, d, w in law:
        assert type(a) is Combatant and type(d) is Combatant and type(w) is Weapon
        for form in (a, d, w):  # every after-form is a valid form (built through its checks)
            assert dataclasses.replace(form) == form
    # a role that does not change is the input form itself (==)
    attacker, defender, weapon, m = forms
    if m.defence not in ("block", "ranged_block"):
        assert {a for a, _, _ in law} == {attacker}
    if weapon.mode != "ranged":
        assert {w for _, _, w in law} == {weapon}
    pairs = S.transitions(*forms)
    assert sum(pairs.values()) == 1 and all(len(k) == 2 for k in pairs)


def test_default_law_in_words():
    """FOR 4 fists on FOR 4, no defence (§4.4–4.10): a miss (no hit: (6/10)^5), one
    Magullado (1–4 points), or the natural 5 hits: 5 points → Lesionado, doubled (§4.9)."""
    d = S.defaults()
    law = S.transitions(*(d[r] for r in ROLES))
    fresh = d["defender"]
    assert law == {
        (d["attacker"], fresh): F(6**5, 10**5),
        (d["attacker"], dataclasses.replace(fresh, magullado=1)): 1 - F(6**5 + 4**5, 10**5),
        (d["attacker"], dataclasses.replace(fresh, lesionado=2)): F(4**5, 10**5),
    }


def test_the_worked_check_of_7_3_in_after_states():
    """§7.3: FOR 5 knife on FOR 4 at two Malherido: dead with 3/16; a third Malherido
    (3 hits) leaves the prone check at FOR 4 − 6 = 0, so it always falls."""
    law = S.transitions(Combatant(fortaleza=5), Combatant(malherido=2), KNIFE, Modifiers())
    assert marginal(law, lambda a, d: S.status(d)) == {None: F(13, 16), "dead": F(3, 16)}
    third = [p for (a, d), p in law.items() if d.track == (0, 0, 3) and not d.dead]
    assert all(d.prone for (a, d) in law if d.track == (0, 0, 3) and not d.dead)
    assert sum(third) == F(10, 32)


def test_status_reads_the_track_as_the_odds_read_the_fate():
    """§7.3: dead (§4.10), down when unconscious (§4.9.3), else still acting — a Malherido
    or prone combatant still acts; Core Dread has no "dying"."""
    assert S.status(Combatant(dead=True, malherido=3)) == "dead"
    assert S.status(Combatant(unconscious=True, prone=True, lesionado=1)) == "down"
    for c in (Combatant(), Combatant(magullado=3, lesionado=3, malherido=3, prone=True), GORE):
        assert S.status(c) is None
    assert cd.status(Combatant(dead=True)) == "dead"


def test_invalid_attacks_are_refused_like_the_odds():
    d = S.defaults()
    with pytest.raises(RulesError):
        S.transitions(d["attacker"], Combatant(dead=True), d["weapon"], d["modifiers"])
    with pytest.raises(RulesError):
        S.transitions(
            d["attacker"], Combatant(turn_available=False), KNIFE, Modifiers(defence="block")
        )


# --------------------------------------------------------------------------- 2. marginals
def check_marginals(forms: tuple[Any, ...], options: Any = None) -> None:
    """Every marginal the odds key makes checkable, exactly."""
    attacker, defender, weapon, m = forms
    law = law_of(forms, options)
    odds = S.odds(*forms, options=options)
    assert sum(law.values()) == 1
    # the defender's fate on its track (the contract) and its fall
    assert marginal(law, lambda a, d, w: S.status(d)) == {f: p for f, p in odds.fate().items() if p}
    assert marginal(law, lambda a, d, w: d.prone) == odds_marginal(odds, lambda k: k.prone)
    # no box marked ⇔ no wound inflicted (a full track dies of any wound)
    assert marginal(law, lambda a, d, w: d.track == defender.track and not d.dead) == (
        odds_marginal(odds, lambda k: k.wound_count == 0)
    )
    # the counter-attack: the attacker's death, its §4.12 fall, a wound on its track
    assert marginal(law, lambda a, d, w: a.dead) == odds_marginal(
        odds, lambda k: k.counter_fate == "dead"
    )
    if not attacker.prone:
        assert marginal(law, lambda a, d, w: a.prone) == odds_marginal(
            odds, lambda k: k.counter_prone
        )
    assert marginal(law, lambda a, d, w: a.track != attacker.track or a.dead) == (
        odds_marginal(odds, lambda k: k.counter_wound_count > 0)
    )
    # §4.7.2 armour wear: exactly when the blow reached it and the weapon can wear it
    wears = weapon_damages_armor(weapon) and armor_absorption(defender.armor) > 0
    assert marginal(law, lambda a, d, w: d.armor != defender.armor) == odds_marginal(
        odds, lambda k: wears and k.hit
    )
    back = weapon_damages_armor(defender.block_weapon)
    back = back and armor_absorption(attacker.armor) > 0
    assert marginal(law, lambda a, d, w: a.armor != attacker.armor) == odds_marginal(
        odds, lambda k: back and k.counter
    )
    # §4.13 Autocontrol: one point when a dangerous attack wounds
    loses = m.dangerous_situation and defender.autocontrol > 0
    assert marginal(law, lambda a, d, w: defender.autocontrol - d.autocontrol) == (
        odds_marginal(odds, lambda k: int(loses and k.wound_count > 0))
    )
    # deterministic parts: ammunition, cover, the spent turn
    spent = weapon_attacks_left(weapon)
    assert {w.attacks_left if spent is not None else None for _, _, w in law} == {
        None if spent is None else spent - (weapon.mode == "ranged")
    }
    assert {d.turn_available for _, d, _ in law} == {
        defender.turn_available and m.defence == "none"
    }
    assert {d.in_cover for _, d, _ in law} == {defender.in_cover or m.dodge_to_cover}


PAIRS = [(a, d) for a in PRESET_COMBATANTS for d in PRESET_COMBATANTS]


@pytest.mark.parametrize(("weapon", "modifiers"), ATTACKS)
def test_every_preset_pair_has_the_odds_marginals(weapon, modifiers):
    checked = 0
    for a, d in PAIRS:
        check_marginals((a, d, weapon, modifiers))
        checked += 1
    assert checked == len(PRESET_COMBATANTS) ** 2


@pytest.mark.parametrize(
    "forms",
    [
        (CARLA, ANA, PISTOL, Modifiers()),
        (CARLA, SHOOTER, PISTOL, Modifiers(defence="ranged_block")),
        (CARLA, ANA, PISTOL, Modifiers(defence="dodge", dodge_to_cover=True)),
        (
            Combatant(fortaleza=2, malherido=2, armor=Armor("comun")),
            GUARD,
            KNIFE,
            Modifiers(defence="block"),
        ),
    ],
)
def test_ranged_counter_and_armour_marginals(forms):
    check_marginals(forms)


@pytest.mark.parametrize(
    "options",
    [
        CoreDreadOptions(reroll_policy="once_per_die", spectacular_wounds="plus_one"),
        CoreDreadOptions(damage_order="subtract_then_multiply", malherido_step="inclusive"),
        CoreDreadOptions(counter_can_be_spectacular=True, penalties_affect_derived=True),
    ],
)
def test_options_keep_the_marginals(options):
    check_marginals((BRUNO, GUARD, KNIFE, Modifiers(defence="block")), options)
    check_marginals((BRUNO, GORE, BAT, Modifiers(dangerous_situation=True)), options)


def test_every_preset_weapon_and_modifiers_keep_the_marginals():
    """Every weapon preset × every modifiers preset, for a few preset pairs (combinations
    the rules forbid are refused by the law and the odds alike)."""
    checked = refused = 0
    for a in (BRUNO, CARLA):
        for d in (GUARD, SHOOTER, GORE):
            for weapon in S.presets["weapon"].values():
                for m in S.presets["modifiers"].values():
                    forms = (a, d, weapon, m)
                    try:
                        S.odds(*forms)
                    except RulesError:
                        with pytest.raises(RulesError):
                            S.transitions(*forms)
                        refused += 1
                        continue
                    check_marginals(forms)
                    checked += 1
    assert checked > 150 and refused > 0


def test_wounded_defenders_one_transition_away_have_the_odds_marginals():
    """Apply one transition, then attack each still-acting defender it can leave again."""
    first = S.transitions(BRUNO, ANA, BAT, Modifiers())
    wounded = {d for (_, d) in first if S.status(d) is None and d != ANA}
    assert len(wounded) >= 4
    for d in wounded:
        for weapon, m in ATTACKS[:3]:
            check_marginals((BRUNO, d, weapon, m))


# --------------------------------------------------------------------------- 3. Monte Carlo
N_TRIALS = 2000


def monte_carlo(forms: tuple[Any, ...], n: int = N_TRIALS) -> None:
    law = law_of(forms)
    counts: Counter = Counter()
    for seed in range(n):
        after = S.after(S.resolve(*forms, seed=seed))
        counts[tuple(after.get(r, f) for r, f in zip(ROLES[:3], forms, strict=False))] += 1
    impossible = [k for k in counts if law.get(k, 0) == 0]
    assert impossible == []
    for key, p in law.items():
        sigma = math.sqrt(float(p) * (1 - float(p)) / n)
        assert abs(counts[key] / n - float(p)) <= 6 * sigma + 1e-12, (key, p, counts[key])
    assert len(law) > 1


def test_monte_carlo_block_with_counter_attack_and_armour():
    """A knife against a guard blocking with a baton in common armour: wounds and falls
    both ways, armour wear, the spent turn."""
    monte_carlo((BRUNO, GUARD, KNIFE, Modifiers(defence="block")))


def test_monte_carlo_from_a_wounded_state():
    """Two Malherido on the defender and a bruised attacker (death, prone, the rest)."""
    monte_carlo(
        (
            Combatant(fortaleza=5, lesionado=1),
            Combatant(fortaleza=4, magullado=2, malherido=2),
            BAT,
            Modifiers(dangerous_situation=True),
        )
    )


# --------------------------------------------------------------------------- 4. oracle
def face_oracle(forms: tuple[Any, ...], thresholds: set[int]) -> dict:
    """``resolve_attack`` on every face sequence (lumped by ``thresholds``): the law of
    the forms it leaves, written apart from the odds engine."""
    options = CoreDreadOptions()

    def run(dice):
        return cd.resolve_attack(*forms, dice, options)

    def key(r):
        return (r.attacker_after, r.defender_after, r.weapon_after)

    return enumerate_law(run, key, thresholds)


ORACLE_CASES = {
    # FOR 4 fists, no defence: only the attack's threshold 4 matters
    "defaults": (S.defaults()["attacker"], Combatant(), Weapon(), Modifiers(), {4}),
    # knife on one Malherido: any new Malherido leaves the prone check at FOR 0
    "knife on malherido": (Combatant(), Combatant(malherido=1), KNIFE, Modifiers(), {4}),
    # attack FOR 8 − 6 = 2 against a FOR 2 block with an axe (×8): the counter-attack
    # bruises, injures or kills the attacker (it is at three Malherido, so no §4.12 check
    # is due), through and wearing its common armour; the defender's own fall (5 natural
    # hits: two Malherido) leaves its check at FOR 0
    "counter": (
        Combatant(fortaleza=8, malherido=3, armor=Armor("comun")),
        Combatant(fortaleza=2, block_weapon=Weapon(category="letal")),
        Weapon(),
        Modifiers(defence="block"),
        {2},
    ),
}


@pytest.mark.parametrize("case", ORACLE_CASES)
def test_the_law_is_every_face_sequence_of_resolve(case):
    *forms, thresholds = ORACLE_CASES[case]
    expected = face_oracle(tuple(forms), thresholds)
    assert law_of(tuple(forms)) == expected


# --------------------------------------------------------------------------- speed
def test_transitions_are_cheap_from_defaults_and_wounded_states():
    """Contract: ≤ 20 ms at defaults with cold caches (a generous bound under a loaded
    test machine; the benchmark reports the figure)."""
    import time

    d = S.defaults()
    forms = tuple(d[r] for r in ROLES)
    samples = []
    for _ in range(5):
        rolkit.clear_caches()
        t0 = time.thread_time()  # CPU time: the machine's load cannot stretch it
        S.transitions(*forms)
        samples.append(time.thread_time() - t0)
    assert sorted(samples)[2] < 0.1


def scripted(attacker, defender, weapon, modifiers, faces):
    """A System Resolution from scripted faces (``resolve`` itself takes only a seed)."""
    dice = ScriptedDice(faces)
    options = CoreDreadOptions()
    steps, outcome, key = SYSTEM.resolve_fn(attacker, defender, weapon, modifiers, options, dice)
    assert dice.remaining == 0
    inputs = {"attacker": attacker, "defender": defender, "weapon": weapon}
    return Resolution(
        system=SYSTEM.id,
        seed=0,
        steps=tuple(steps),
        outcome=outcome,
        key=key,
        view=SYSTEM.project(key),
        inputs={**inputs, "modifiers": modifiers, "options": options},
    )


def test_rv1_after_ana_is_malherido_prone_and_her_turn_is_spent():
    r = scripted(
        BRUNO,
        ANA,
        BAT,
        Modifiers(defence="block"),
        [2, 7, 6, 9, 1, 4, 3, 8, 6, 4, 10, 1, 2, 7, 8, 3],
    )
    after = SYSTEM.after(r)
    assert set(after) == {"defender"}  # no counter-attack, a melee bat: only ANA changed
    ana = after["defender"]
    assert isinstance(ana, SYSTEM.forms["defender"])
    assert ana.track == (0, 0, 1)
    assert ana.prone and not ana.turn_available and not ana.dead
    assert dataclasses.replace(ana, magullado=0, lesionado=0, malherido=0) == dataclasses.replace(
        ANA, prone=True, turn_available=False
    )


def test_rv1_after_state_is_usable_for_the_next_attack():
    r = scripted(
        BRUNO,
        ANA,
        BAT,
        Modifiers(defence="block"),
        [2, 7, 6, 9, 1, 4, 3, 8, 6, 4, 10, 1, 2, 7, 8, 3],
    )
    ana = SYSTEM.after(r)["defender"]
    odds = SYSTEM.odds(BRUNO, ana, BAT, Modifiers(defence="none"))
    assert odds.total == 1
    assert odds != SYSTEM.odds(BRUNO, ANA, BAT, Modifiers(defence="none"))
    # her turn is spent (§4.5): defending again needs the GM to give it back
    with pytest.raises(RulesError, match="turn"):
        SYSTEM.odds(BRUNO, ana, BAT, Modifiers(defence="block"))


def test_rv2_after_ana_is_dead_and_the_pistol_has_two_attacks_left():
    r = scripted(CARLA, ANA, PISTOL, Modifiers(), [1, 2, 3, 4, 5])
    after = SYSTEM.after(r)
    assert set(after) == {"defender", "weapon"}
    assert after["defender"].dead and after["defender"].track == (0, 0, 3)
    assert after["weapon"].attacks_left == 2
    assert after["weapon"] == dataclasses.replace(PISTOL, attacks_left=2)


def test_after_of_a_seeded_roll_matches_the_outcome():
    r = SYSTEM.resolve(BRUNO, ANA, BAT, Modifiers(defence="none"), seed=81723)
    after = SYSTEM.after(r)
    assert after.get("defender", ANA) == r.outcome.defender_after
    assert "modifiers" not in after
