"""The exact after-state law of one attack (``SYSTEM.transitions``, issue #16 item 1).

Checked four ways: (1) it sums to 1 over valid forms; (2) its marginals are the odds'
(the defender's fate, its PV, whether it is touched, the attacker's fumble effects) for
every attacker × defender × weapon preset and from wounded and dying states reached by
the law itself; (3) a seeded Monte Carlo of ``resolve`` + ``after`` agrees within 6σ;
(4) an oracle written from the spec's text (P9, T1) over every face triple of the check,
fumble and damage dice, on random configurations, gives the same law.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
import random
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest

from rolkit.dice import ScriptedDice
from rolkit.systems import tierkreis as tk
from rolkit.systems.tierkreis.after import after as after_of

from .test_oracle import FUMBLES, HELD, K, attack_target, dodge_target, in_hands, random_config
from .tk_fixtures import BOW as UNNAMED_BOW

S = tk.SYSTEM
ROLES = ("attacker", "defender", "weapon", "modifiers")
NPC = {"is_player": False}
BOW = tk.Weapon(name="arco", kind="ranged", damage=3)
#: G11's other reading (a house rule since the revision): the third death point kills at once.
IMMEDIATE = tk.TierkreisOptions(death_timing="immediate")
#: P8/T1 off: a fumble's −2 stays until the GM clears it (no count).
UNTIMED = tk.TierkreisOptions(fumble_penalty_expires=False)
#: T1 the −2 each ``fumble_penalty`` holds.
PARTS = {
    "none": set(),
    "physical": {"physical"},
    "mental": {"mental"},
    "both": {"physical", "mental"},
}


def law_of(a, d, w, m, options=None) -> dict[tuple[Any, Any, Any], Fraction]:
    return S.transitions(a, d, w, m, options, with_weapon=True)


def preset_setups() -> list[tuple[Any, Any, Any, Any]]:
    """Defaults, every attacker × defender × weapon preset, defaults × every modifier preset."""
    f = S.defaults()
    out = [tuple(f[r] for r in ROLES)]
    p = S.presets
    for a, d, w in itertools.product(
        p["attacker"].values(), p["defender"].values(), p["weapon"].values()
    ):
        out.append((a, d, w, f["modifiers"]))
    for m in p["modifiers"].values():
        for a, d in (
            (f["attacker"], f["defender"]),
            (p["attacker"]["Bruno, matón (PNJ, 20 PV)"], f["defender"]),
        ):
            out.append((a, d, f["weapon"], m))
    return out


def wounded_setups() -> list[tuple[Any, Any, Any, Any]]:
    """States reached by one and two attacks of the law itself (wounded, dying, dead)."""
    p = S.presets
    out = []
    attackers = (
        p["attacker"]["Jessica (PJ, FUE 6, VIT 6)"],
        p["attacker"]["Bruno, matón (PNJ, 20 PV)"],
    )
    for a, d in itertools.product(attackers, p["defender"].values()):
        for w in (tk.SWORD, p["weapon"]["Poder de ejemplo (INT, 2, medio daño al esquivar)"]):
            frontier = {(a, d), (a, dataclasses.replace(d, pv_current=0, death_points=2))}
            for _ in range(2):
                nxt = set()
                for a0, d0 in frontier:
                    for a1, d1, _w in law_of(a0, d0, w, tk.Modifiers()):
                        if a1.pv > 0 and (a1, d1) != (a0, d0):
                            nxt.add((a1, d1))
                frontier = nxt
                out += [(a1, d1, w, tk.Modifiers()) for a1, d1 in sorted(nxt, key=repr)[:4]]
    return out


# --------------------------------------------------------------------------- 1. a law
@pytest.mark.parametrize("setup", preset_setups()[:1] + preset_setups()[1::17])
def test_the_law_sums_to_one_over_valid_forms(setup) -> None:
    law = law_of(*setup)
    assert sum(law.values()) == 1
    assert all(isinstance(p, Fraction) and p > 0 for p in law.values())
    for a, d, w in law:
        assert isinstance(a, tk.Combatant) and isinstance(d, tk.Combatant)
        assert (
            w == setup[2]
        )  # the weapon never changes (a dropped weapon is not held; a cached law may hand back an equal copy)
        assert a.name == setup[0].name and d.name == setup[1].name


def fate_law(law, options=None) -> dict[Any, Fraction]:
    out: dict[Any, Fraction] = {}
    for (_a, d, _w), p in law.items():
        fate = S.status(d, options)
        out[fate] = out.get(fate, Fraction(0)) + p
    return out


def check_marginals(a, d, w, m) -> None:
    """Every marginal the odds key makes checkable."""
    law, odds = law_of(a, d, w, m), S.odds(a, d, w, m)
    assert sum(law.values()) == 1
    # the defender's fate: the odds' fate, exactly (from any state: status reads the P9 track)
    assert fate_law(law, m.options) == {f: p for f, p in odds.fate().items() if p}
    # the defender is touched exactly when damage is dealt (unless already at 3 death points)
    same = lambda d1: dataclasses.replace(d1, free_attack=d.free_attack) == d  # noqa: E731
    untouched = sum((p for (_, d1, _), p in law.items() if same(d1)), Fraction(0))
    # T1 9–10: the free attack is granted exactly with that fumble effect
    granted = sum((p for (_, d1, _), p in law.items() if d1.free_attack != d.free_attack))
    freed = sum((p for k, p in odds.items() if k.fumble_effect == "free_attack_for_defender"))
    assert granted == (0 if d.free_attack else freed)
    no_damage = sum((p for k, p in odds.items() if k.damage == 0), Fraction(0))
    assert untouched == (1 if d.death_points == 3 else no_damage)
    # its PV: max(0, pv − damage)
    pv_law: Counter = Counter()
    for (_, d1, _), p in law.items():
        pv_law[d1.pv] += p
    pv_odds: Counter = Counter()
    for k, p in odds.items():
        pv_odds[max(0, d.pv - k.damage)] += p
    assert pv_law == pv_odds
    # the attacker: prone / −2 / −1 PV exactly with the matching fumble effect (T1)
    effect = Counter()
    for k, p in odds.items():
        effect[k.fumble_effect] += p
    changes: Counter = Counter()
    for (a1, _, _), p in law.items():
        if a1.pv == a.pv - 1:
            changes["self_damage_1"] += p
        elif a1.prone != a.prone:
            changes["attacker_prone"] += p
        elif a1.fumble_penalty != a.fumble_penalty:
            (new,) = PARTS[a1.fumble_penalty] - PARTS[a.fumble_penalty]
            changes[f"{new}_minus_2"] += p
        elif a1.weapon_state != a.weapon_state:
            assert (a.weapon_state, a1.weapon_state) == ("in_hand", "dropped")
            changes["weapon_dropped"] += p
        else:
            assert a1 == a
    held = w.kind in ("melee_1h", "melee_2h", "ranged", "firearm")
    changes_the_attacker = {
        "weapon_dropped": held and a.weapon_state == "in_hand",
        "self_damage_1": True,
        "attacker_prone": not a.prone,
        "physical_minus_2": "physical" not in PARTS[a.fumble_penalty],
        "mental_minus_2": "mental" not in PARTS[a.fumble_penalty],
    }
    for name, changed in changes_the_attacker.items():
        assert changes[name] == (effect[name] if changed else 0), name
    assert set(changes) <= set(changes_the_attacker)


def test_marginals_agree_with_the_odds_for_every_preset() -> None:
    checked = 0
    for setup in preset_setups():
        try:
            S.odds(*setup)
        except tk.TierkreisInputError:
            continue
        if S.status(setup[1]) is None:
            law = law_of(*setup)
            assert fate_law(law) == {f: p for f, p in S.odds(*setup).fate().items() if p}
        check_marginals(*setup)
        checked += 1
    assert checked > 290


def test_marginals_agree_from_wounded_dying_and_dead_states() -> None:
    setups = wounded_setups()
    fates = {S.status(d) for _, d, _, _ in setups}
    assert fates == {None, "dying"}  # wounded, at 0 PV, and at 3 points until the turn start
    immediate = {S.status(d, IMMEDIATE) for _, d, _, _ in setups}
    assert immediate == {None, "dying", "dead"}  # the same forms: 3 points read dead at once
    for setup in setups:
        check_marginals(*setup)


def test_marginals_agree_under_turn_start_death_and_variable_damage() -> None:
    opts = tk.TierkreisOptions(death_timing="turn_start", variable_damage=True)
    m = tk.Modifiers(options=opts)
    dying = tk.Combatant(pv_current=0, death_points=2, **NPC)
    for d in (dying, tk.Combatant(pv_max_override=5, **NPC), tk.Combatant(pv_current=1)):
        check_marginals(tk.Combatant(agility=7), d, BOW, m)
    law = law_of(tk.Combatant(agility=7), dying, BOW, m)
    three = [d for (_, d, _) in law if d.death_points == 3]
    assert three and all(S.status(d, opts) == "dying" for d in three)  # G11: dies at turn start
    assert all(S.status(d) == "dying" for d in three)  # turn_start is the default
    assert all(S.status(d, IMMEDIATE) == "dead" for d in three)  # immediate: dead at once


# --------------------------------------------------------------------------- worked examples
ATTACKS: list[dict[str, Any]] = [
    {  # V30: PC AGI 7, bow (3) vs NPC with 5 PV: a critical (1/12) drops it to 0 PV
        "forms": (tk.Combatant(agility=7), tk.Combatant(pv_max_override=5, **NPC), BOW),
        "defender": {"pv_current": 0},
        "p": Fraction(1, 12),
        "status": "dying",
    },
    {  # V23/V31: NPC sword vs PC AGI 6 in stance, 4 PV: hit 5/12, 3 damage → 1 PV
        "forms": (
            tk.Combatant(**NPC),
            tk.Combatant(defensive_stance=True),
            tk.SWORD,
        ),
        "defender": {"pv_current": 1},
        "p": Fraction(5, 12),
        "status": None,
    },
    {  # V13: a hit at 0 PV with 2 death points is the third: dying until its turn (G11)
        "forms": (tk.Combatant(agility=7), tk.Combatant(pv_current=0, death_points=2, **NPC), BOW),
        "defender": {"death_points": 3},
        "p": Fraction(1, 12) + Fraction(1, 2),  # critical + hit (V22)
        "status": "dying",
    },
]


@pytest.mark.parametrize("case", ATTACKS)
def test_worked_examples_give_their_after_states(case) -> None:
    a, d, w = case["forms"]
    pairs = S.transitions(a, d, w, tk.Modifiers())
    expected = dataclasses.replace(d, **case["defender"])
    assert pairs[(a, expected)] == case["p"]
    assert S.status(expected) == case["status"]


def test_v32_a_fumble_12_hurts_the_attacker_and_the_others_leave_their_condition() -> None:
    """V22/V32: each T1 effect 1/72; 11–12 takes the archer from 4 PV to 3. The −2 of
    5–6 / 7–8 lasts «hasta el final de su próximo turno» (P8, the default): its count of
    own turn ends left starts at 2; with the option off it carries no count."""
    a, d = tk.Combatant(agility=7), tk.Combatant(**NPC)
    pairs = S.transitions(a, d, BOW, tk.Modifiers())
    physical = {"fumble_penalty": "physical", "physical_penalty_turns": 2}
    mental = {"fumble_penalty": "mental", "mental_penalty_turns": 2}
    for change in ({"pv_current": 3}, {"prone": True}, physical, mental):
        assert pairs[(dataclasses.replace(a, **change), d)] == Fraction(1, 72)
    untimed = S.transitions(a, d, BOW, tk.Modifiers(), UNTIMED)
    for kind in ("physical", "mental"):
        assert untimed[(dataclasses.replace(a, fumble_penalty=kind), d)] == Fraction(1, 72)
    # 9–10 gives the defender its free attack; 1–2 drops the bow from the archer's hands
    miss = Fraction(1, 3)  # V22: miss 1/3
    assert pairs[(a, d)] == miss
    assert pairs[(a, dataclasses.replace(d, free_attack=True))] == Fraction(1, 72)
    assert pairs[(dataclasses.replace(a, weapon_state="dropped"), d)] == Fraction(1, 72)


def test_one_fumble_penalty_of_each_kind_is_both_and_the_same_one_again_is_no_worse() -> None:
    """T1 5–6 and 7–8 lower different characteristics: after one of each, both apply (the
    new one timed, its count at 2, by default; untimed with the option off)."""
    d = tk.Combatant(**NPC)
    for before, effect, after in [
        ("physical", "mental", "both"),
        ("mental", "physical", "both"),
        ("none", "mental", "mental"),
    ]:
        a = tk.Combatant(agility=7, fumble_penalty=before)
        pairs = S.transitions(a, d, BOW, tk.Modifiers())
        timed = dataclasses.replace(a, fumble_penalty=after, **{f"{effect}_penalty_turns": 2})
        assert pairs[(timed, d)] == Fraction(1, 72), effect
        pairs = S.transitions(a, d, BOW, tk.Modifiers(), UNTIMED)
        assert pairs[(dataclasses.replace(a, fumble_penalty=after), d)] == Fraction(1, 72), effect
    for held, reached in (("physical", {"physical", "both"}), ("both", {"both"})):
        a = tk.Combatant(agility=7, fumble_penalty=held)  # the same −2 again: no −4 state
        assert {a1.fumble_penalty for a1, _ in S.transitions(a, d, BOW, tk.Modifiers())} == reached
    both = tk.Combatant(fumble_penalty="both")
    for code, target in (("AGI", 4), ("INT", 4), ("SUE", 4)):
        assert tk.check_target(both, code).target == target


def test_status_reads_the_p9_track_from_the_form() -> None:
    assert S.status(tk.Combatant()) is None
    assert S.status(tk.Combatant(pv_current=2)) is None
    assert S.status(tk.Combatant(pv_current=0)) == "dying"
    assert S.status(tk.Combatant(pv_current=0, death_points=3)) == "dying"  # G11 default
    assert S.status(tk.Combatant(pv_current=0, death_points=3), IMMEDIATE) == "dead"
    assert S.status(tk.Combatant(pv_current=0, death_points=3, dead=True)) == "dead"
    assert S.status(tk.Combatant(strength=2, deprivation_days=2)) == "down"  # P20
    with pytest.raises(tk.TierkreisInputError):
        tk.Combatant(pv_current=1, death_points=3)  # death points only at 0 PV
    dead, f = tk.Combatant(pv_current=0, death_points=3), S.defaults()
    with pytest.raises(tk.TierkreisInputError):  # the dead do not attack (§2.1)
        S.transitions(dead, f["defender"], f["weapon"], f["modifiers"])


def test_equal_situations_reached_by_different_rolls_are_equal_states() -> None:
    """Canonical forms: 1 + 1 damage and one critical of 2 land on the same defender."""
    f = S.defaults()
    a, w, m = f["attacker"], f["weapon"], f["modifiers"]
    two_steps: dict[Any, Fraction] = {}
    for (a1, d1), p in S.transitions(a, f["defender"], w, m).items():
        if a1.pv == 0:
            continue
        for (_a2, d2), q in S.transitions(a1, d1, w, m).items():
            two_steps[d2] = two_steps.get(d2, Fraction(0)) + p * q
    # T1 9–10's free attack is the one other mark a defender takes here: set it aside
    pvs = Counter(d.pv for d in {dataclasses.replace(d, free_attack=False) for d in two_steps})
    assert all(n == 1 for n in pvs.values()), pvs  # one state per PV: no roll history kept
    assert set(pvs) == {0, 1, 2, 3, 4}


# --------------------------------------------------------------------------- 3. Monte Carlo
N = 2500
MC_SETUPS = {
    "defaults": tuple(S.defaults()[r] for r in ROLES),
    "wounded NPC, variable damage": (
        tk.Combatant(strength=8, agility=5),
        tk.Combatant(pv_max_override=10, pv_current=4, **NPC),
        tk.SWORD,
        tk.Modifiers(options=tk.TierkreisOptions(variable_damage=True)),
    ),
    "dying NPC (third death point), fumbles": (
        tk.Combatant(agility=7),
        tk.Combatant(pv_current=0, death_points=2, **NPC),
        BOW,
        tk.Modifiers(),
    ),
    "wounded PC dodging an NPC power, variable damage": (
        tk.Combatant(**NPC),
        tk.Combatant(pv_current=3, defensive_stance=True),
        tk.Weapon(kind="power", damage=3, half_damage_on_dodge=True),
        tk.Modifiers(options=tk.TierkreisOptions(variable_damage=True)),
    ),
}


@pytest.mark.parametrize("name", MC_SETUPS)
def test_seeded_resolve_and_after_agree_within_6_sigma(name) -> None:
    forms = MC_SETUPS[name]
    law = law_of(*forms)
    counts: Counter = Counter()
    for seed in range(N):
        after = S.after(S.resolve(*forms, seed=seed))
        counts[tuple(after.get(r, f) for r, f in zip(ROLES[:3], forms[:3], strict=True))] += 1
    assert [k for k in counts if k not in law] == []
    for key, p in law.items():
        sigma = math.sqrt(float(p) * (1 - float(p)) / N)
        assert abs(counts[key] / N - float(p)) <= 6 * sigma + 1e-12, (name, float(p), counts[key])
    assert len(counts) >= 3


# --------------------------------------------------------------------------- 4. the oracle
def oracle_transitions(a, d, w, m) -> dict[tuple[Any, Any, Any], Fraction]:
    """From the spec's text only: every (check, fumble, damage) face triple; R4/P3–P7 give
    the result and damage (as in the outcome oracle); P9 and T1 the forms after.

    T1 5–6 / 7–8 «−2 … hasta el final de su próximo turno» (P8): with
    ``fumble_penalty_expires`` (the default) the −2 must outlive two ends of the fumbler's
    own turns — the fumble's turn and its next one — so that kind's count of own turn ends
    left is set to 2 (again 2 on a second fumble of that kind: a new «próximo turno»);
    the other kind's count is untouched. Off, the −2 carries no count (stays until cleared)."""
    o = m.options
    given = w
    w = in_hands(a, w)  # no weapon in its hands: a bare-handed blow
    dodge = (not a.is_player and d.is_player) if m.mode == "auto" else m.mode == "dodge_check"
    t = dodge_target(a, d, w, m) if dodge else attack_target(a, d, w, m)
    naturals = not dodge and (w.kind != "power" or o.crits_on_power_attacks)
    counts: Counter = Counter()
    for roll, fumble_face, damage_face in itertools.product(range(1, 13), repeat=3):
        if dodge:
            result = "dodged" if roll <= t else "hit"
        elif naturals and roll in (1, 12):
            result = "critical" if roll == 1 else "fumble"
        else:
            result = "hit" if roll <= t else "miss"
        half = w.half_damage_on_dodge and (
            result == "dodged" or (result == "miss" and o.mirror_modifiers)
        )
        dmg = 0
        if result in ("hit", "critical") or half:
            table = o.damage_table or {}
            if not o.variable_damage:
                base = w.damage
            elif w.damage in table:
                base = table[w.damage][damage_face - 1]
            else:
                base = (w.damage * K[damage_face - 1] + 1) // 3
            dmg = base * (w.damage_factor + (result == "critical"))
            if half:
                dmg = dmg // 2 if o.half_damage_rounding == "down" else (dmg + 1) // 2
            dmg = max(0, dmg - d.damage_reduction)
        effect = FUMBLES[fumble_face - 1] if result == "fumble" else None
        counts[(effect, dmg)] += 1
    law: dict[tuple[Any, Any, Any], Fraction] = {}
    for (effect, dmg), n in counts.items():
        d_after = d
        if effect == "free_attack_for_defender":  # T1 9–10, for the defender
            d_after = dataclasses.replace(d, free_attack=True)
        if dmg >= 1:  # P9: PV down to 0, then one death point per damaging hit
            if d.pv > 0:
                d_after = dataclasses.replace(d, pv_current=max(0, d.pv - dmg))
            elif d.death_points < 3:
                d_after = dataclasses.replace(d, death_points=d.death_points + 1)
        a_after = a  # T1, on the attacker
        if effect == "weapon_dropped" and w is given and w.kind in HELD:
            a_after = dataclasses.replace(a, weapon_state="dropped")
        elif effect == "attacker_prone":
            a_after = dataclasses.replace(a, prone=True)
        elif effect in ("physical_minus_2", "mental_minus_2"):  # one of each: both apply
            held = PARTS[a.fumble_penalty] | {effect.split("_")[0]}
            name = "both" if len(held) == 2 else next(iter(held))
            a_after = dataclasses.replace(a, fumble_penalty=name)
            if o.fumble_penalty_expires:  # two own turn ends left: this one and the next
                turns = f"{effect.split('_')[0]}_penalty_turns"
                a_after = dataclasses.replace(a_after, **{turns: 2})
        elif effect == "self_damage_1":
            a_after = dataclasses.replace(a, pv_current=a.pv - 1)
        w_after = given  # P19: the shot is fired (hit, miss or fumble) from a held weapon
        if w is given and given.ammo_capacity is not None:
            shots = given.ammo_capacity if given.ammo_left is None else given.ammo_left
            w_after = dataclasses.replace(given, ammo_left=shots - 1)
        key = (a_after, d_after, w_after)
        law[key] = law.get(key, Fraction(0)) + Fraction(n, 12**3)
    return law


@pytest.mark.parametrize("seed", range(3))
def test_the_law_equals_a_brute_force_oracle_written_from_the_spec(seed: int) -> None:
    """Under the default (timed −2, P8/T1) and the untimed option off; the attacker's −2
    already held carries a count drawn 0–2 (a second fumble of that kind restarts it)."""
    rng = random.Random(1000 + seed)
    for _ in range(40):
        a, d, w, m = random_config(rng)
        held = PARTS[a.fumble_penalty]
        counts = {f"{k}_penalty_turns": rng.randint(0, 2) for k in sorted(held)}
        a = dataclasses.replace(a, **counts)
        for expires in (True, False):
            o = dataclasses.replace(m.options, fumble_penalty_expires=expires)
            m1 = dataclasses.replace(m, options=o)
            assert law_of(a, d, w, m1) == oracle_transitions(a, d, w, m1), (a, d, w, m1)


def test_the_third_death_point_is_an_after_state() -> None:
    """P9: a hit at 0 PV with 2 death points leaves 3 (the form holds it: the old
    after-state, which left the dead out, would have kept the defender unchanged)."""
    a, d = tk.Combatant(agility=7), tk.Combatant(pv_current=0, death_points=2, **NPC)
    law = oracle_transitions(a, d, BOW, tk.Modifiers())
    assert law == law_of(a, d, BOW, tk.Modifiers())
    dead = dataclasses.replace(d, death_points=3)
    assert sum(p for (_, d1, _), p in law.items() if d1 == dead) == Fraction(7, 12)
    assert sum(p for (_, d1, _), p in law.items() if d1 == d) == Fraction(5, 12) - Fraction(1, 72)
    freed = dataclasses.replace(d, free_attack=True)  # T1 9–10: no damage, a free attack
    assert sum(p for (_, d1, _), p in law.items() if d1 == freed) == Fraction(1, 72)


def progress(before: tk.Combatant, after: tk.Combatant) -> bool:
    """A change that can never be undone by an attack: PV down, prone on, a −2 added."""
    more = PARTS[after.fumble_penalty] >= PARTS[before.fumble_penalty]
    ordered = after.pv <= before.pv and after.prone >= before.prone and more
    return ordered and after != before


def test_every_state_of_the_default_1v1_fight_has_a_law_and_none_comes_back() -> None:
    """The default fight (both fighters alternate unarmed attacks) reaches finitely many
    states — PV, prone and the −2 of both — each with a law; a form that changes only moves
    on (so the fight's chain has no cycles but «nothing changed»); a sample of the states
    checks the marginals."""
    f = S.defaults()
    w, m = f["weapon"], f["modifiers"]
    start = (f["attacker"], f["defender"], 0)
    seen, todo, laws = {start}, [start], []
    while todo:
        a, b, turn = todo.pop()
        if S.status(a) or S.status(b):
            continue
        x, y = (a, b) if turn == 0 else (b, a)
        laws.append((x, y))
        for x1, y1 in S.transitions(x, y, w, m):
            assert (x1 == x or progress(x, x1)) and (y1 == y or progress(y, y1))
            nxt = (x1, y1, 1) if turn == 0 else (y1, x1, 0)
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    # pv 1–4 × prone × (none, physical, mental, both) × a free attack due (T1 9–10; the
    # turn's end, which this walk does not play, takes it away), both fighters, either to
    # attack
    assert len(laws) == 2 * (4 * 2 * 4 * 2) ** 2
    for x, y in sorted(laws, key=repr)[::120]:
        check_marginals(x, y, w, m)


def test_explicit_options_reach_the_law_as_they_reach_the_odds() -> None:
    """§2.3: the options travel in ``Modifiers.options``; explicit options replace them."""
    a, d = tk.Combatant(strength=8, agility=5), tk.Combatant(pv_max_override=20, **NPC)
    variable = tk.TierkreisOptions(variable_damage=True)
    by_options = S.transitions(a, d, tk.SWORD, tk.Modifiers(), variable)
    by_modifiers = S.transitions(a, d, tk.SWORD, tk.Modifiers(options=variable))
    assert by_options == by_modifiers != S.transitions(a, d, tk.SWORD, tk.Modifiers())
    assert {d1.pv for (_, d1) in by_options} == {20 - k for k in (0, 1, 2, 3, 4, 5, 6, 8, 10)}


def test_after_state_follows_pv_death_points_and_fumbles() -> None:
    s = tk.SYSTEM
    npc = tk.Combatant(pv_max_override=5, **NPC)
    hit = [
        r
        for r in (
            s.resolve(tk.Combatant(agility=7), npc, UNNAMED_BOW, tk.Modifiers(), seed=n)
            for n in range(40)
        )
        if r.view.damage
    ]
    assert hit
    for r in hit:
        after = s.after(r)["defender"]
        assert (
            after.pv == r.outcome.defender_after.pv
            and after.death_points == r.outcome.defender_after.death_points
        )
    fumble = tk.resolve_attack(
        tk.Combatant(), npc, UNNAMED_BOW, tk.Modifiers(), ScriptedDice([12, 3])
    )
    assert after_of(fumble) == {"attacker": tk.Combatant(prone=True)}
    fumble = tk.resolve_attack(
        tk.Combatant(), npc, UNNAMED_BOW, tk.Modifiers(), ScriptedDice([12, 6])
    )
    assert after_of(fumble)["attacker"].fumble_penalty == "physical"
    fumble = tk.resolve_attack(
        tk.Combatant(), npc, UNNAMED_BOW, tk.Modifiers(), ScriptedDice([12, 12])
    )
    assert after_of(fumble)["attacker"].pv == 3
