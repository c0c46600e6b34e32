"""Independent oracles of the exact attack law.

1. ``spec_oracle``: the attack written again from the spec's P4–P10 text alone (no rolkit
   stage is imported), enumerating every face of every die it needs with
   ``itertools.product``; compared with ``attack_outcomes`` on many configurations.
2. ``path_law``: every dice path through ``resolve_attack`` itself (a probing random source
   branches on each ``randint``), weighted by 1/sides per die; compared key by key with
   ``attack_law``, so the odds and the resolver can never drift apart.
"""

from __future__ import annotations

import itertools
from dataclasses import replace
from fractions import Fraction as F

import pytest

from rolkit.systems import nsd20
from rolkit.systems.nsd20 import Combatant, Modifiers, NSd20Rules, Weapon

from . import dice_paths

ORDER = ["none", "malherido", "incapacitado", "moribundo"]
SIZE = {
    "fine": 8,
    "diminutive": 4,
    "tiny": 2,
    "small": 1,
    "medium": 0,
    "large": -1,
    "huge": -2,
    "gargantuan": -4,
    "colossal": -8,
}


def mod(score: int) -> int:
    return (score - 10) // 2


def spec_oracle(a: Combatant, d: Combatant, w: Weapon, m: Modifiers, r: NSd20Rules) -> dict:
    """P4–P10, written from the spec text, by brute force over faces."""
    pen = lambda c: r.fatigue_penalties.get(c.fatigue, 0)  # noqa: E731
    a_dex, a_str = max(0, a.dexterity - pen(a)), max(0, a.strength - pen(a))
    d_dex = max(0, d.dexterity - pen(d))
    helpless = (
        d.flat_footed
        or d.stunned
        or m.surprise
        or d.fatigue == "inconsciente"
        or (d.wound_state == "moribundo")
    )
    lost = mod(d_dex) if mod(d_dex) > 0 and helpless else 0
    cover = {"none": 0, **r.cover_bonuses}[m.cover]
    defense = (
        10
        + d.reflexes_base
        + mod(d_dex)
        + SIZE[d.size]
        + d.defense_misc
        + cover
        + m.defense_situational
        - lost
    )
    use_str = r.melee_attack_characteristic == "strength" and w.kind == "melee"
    ab = (
        a.attack_base
        + mod(a_str if use_str else a_dex)
        + (SIZE[a.size] if r.size_modifies_attack else 0)
        + a.attack_misc
        + m.attack_situational
        - r.range_penalty * m.range_increments
        - r.wound_penalties.get(a.wound_state, 0)
    )

    def hits(n: int) -> bool:
        if r.natural_rules_on_attacks and n == 1:
            return False
        if r.natural_rules_on_attacks and n == 20:
            return True
        return n + ab >= defense

    adds = w.adds_strength
    if adds is None:
        adds = w.kind == "melee" or (w.kind == "thrown" and r.thrown_adds_strength)
    per_roll = w.damage_bonus + (mod(a_str) if adds else 0)
    rd_all = d.armor_rd + d.natural_rd
    threshold = d.serious_wound_threshold
    if threshold is None and r.default_threshold == "constitution_score":
        threshold = d.constitution
    fort = (
        d.fortitude_base
        + mod(d.constitution)
        + d.fortitude_misc
        + m.fortitude_save_misc
        - r.wound_penalties.get(d.wound_state, 0)
    )
    pr = d.pr_max if d.pr_current is None else d.pr_current
    miss_min = {"none": 21, "partial": 17, "total": r.total_concealment_miss_min}[m.concealment]

    out = {"outcome": {}, "damage": {}, "wound": {}, "massive": F(0)}

    def add(table: str, key, p: F) -> None:
        out[table][key] = out[table].get(key, F(0)) + p

    def after_damage(outcome: str, final: int, p: F) -> None:
        add("outcome", outcome, p)
        add("damage", final, p)
        if final == 0:
            add("wound", "none", p)
            return
        massive = threshold is not None and final >= threshold
        for f in range(1, 21) if massive else [None]:
            q = p / 20 if massive else p
            band = "none"
            if massive:
                cd, total = 10 + final, f + fort
                if r.natural_rules_on_saves and f == 20:
                    by = 0
                elif r.natural_rules_on_saves and f == 1:
                    by = max(1, cd - total)
                else:
                    by = max(0, cd - total)
                band = (
                    "none"
                    if by == 0
                    else "malherido"
                    if by <= 5
                    else "incapacitado"
                    if by <= 10
                    else "moribundo"
                )
                out["massive"] += q
            cur = ORDER.index(d.wound_state)
            new = ORDER.index(band)
            if new == cur and band != "none" and r.repeat_state_escalates:
                new = min(cur + 1, 3)
            state = ORDER[max(cur, new)]
            if pr - final <= 0:
                state = "moribundo"
            add("wound", "pr_loss" if state == d.wound_state else state, q)

    def damage(outcome: str, critical: bool, p: F) -> None:
        k = w.critical_multiplier if critical and m.critical_option == "multiply" else 1
        rd = 0 if critical and m.critical_option == "ignore_rd" else rd_all
        effort = 0
        if m.extra_effort_damage:
            effort = 2 * (k if r.effort_damage_multiplied_on_crit else 1)
        space = w.damage_die ** (w.damage_dice * k)
        finals: dict[int, int] = {}
        for faces in itertools.product(range(1, w.damage_die + 1), repeat=w.damage_dice * k):
            raw = max(r.min_damage_on_hit, sum(faces) + k * per_roll + effort)
            final = max(0, raw - rd)
            finals[final] = finals.get(final, 0) + 1
        for final, count in finals.items():
            after_damage(outcome, final, p * count / space)

    for n in range(1, 21):
        p = F(1, 20)
        if not hits(n):
            add("outcome", "miss", p)
            add("damage", 0, p)
            add("wound", "none", p)
            continue
        for c_roll in range(1, 21) if miss_min <= 20 else [None]:
            q = p / 20 if c_roll is not None else p
            if c_roll is not None and c_roll >= miss_min:
                add("outcome", "miss", q)
                add("damage", 0, q)
                add("wound", "none", q)
                continue
            if n >= w.threat_range_min:
                if not r.crit_confirmation:
                    damage("critical", True, q)
                    continue
                for conf in range(1, 21):
                    if hits(conf):
                        damage("critical", True, q / 20)
                    else:
                        damage("hit", False, q / 20)
            else:
                damage("hit", False, q)
    return out


E1_A = Combatant(dexterity=14, strength=12, attack_base=3)
E1_D = Combatant(dexterity=12, reflexes_base=2, pr_max=20, serious_wound_threshold=10)
E1_W = Weapon(kind="melee")
W_D4 = Weapon(kind="melee", damage_die=4)  # small dice spaces keep the path walks quick
E2_A = Combatant(dexterity=14, attack_base=3)
E2_D = Combatant(
    dexterity=12,
    reflexes_base=2,
    fortitude_base=2,
    armor_rd=1,
    pr_max=12,
    serious_wound_threshold=8,
)
E2_W = Weapon(kind="ranged", damage_dice=2)
R0 = NSd20Rules()

CASES = {
    "E1": (E1_A, E1_D, E1_W, Modifiers(), R0),
    "E2": (E2_A, E2_D, E2_W, Modifiers(), R0),
    "partial concealment": (E1_A, E1_D, E1_W, Modifiers(concealment="partial"), R0),
    "partial concealment, d4": (
        E1_A,
        E1_D,
        Weapon(damage_die=4),
        Modifiers(concealment="partial"),
        R0,
    ),
    "total concealment, house 15": (
        E1_A,
        E1_D,
        E1_W,
        Modifiers(concealment="total"),
        NSd20Rules(total_concealment_miss_min=15),
    ),
    "ignore RD critical": (
        E2_A,
        replace(E2_D, armor_rd=4),
        E2_W,
        Modifiers(critical_option="ignore_rd"),
        R0,
    ),
    "no confirmation, 19-20 ×3": (
        E1_A,
        E1_D,
        Weapon(damage_die=4, threat_range_min=19, critical_multiplier=3),
        Modifiers(),
        NSd20Rules(crit_confirmation=False),
    ),
    "effort, multiplied": (
        E1_A,
        E1_D,
        W_D4,
        Modifiers(extra_effort_damage=True),
        NSd20Rules(effort_damage_multiplied_on_crit=True),
    ),
    "flat-footed wounded defender": (
        E1_A,
        replace(E1_D, flat_footed=True, wound_state="malherido", pr_current=7),
        E1_W,
        Modifiers(),
        R0,
    ),
    "no escalation, no naturals": (
        E1_A,
        replace(E1_D, wound_state="incapacitado", serious_wound_threshold=4),
        W_D4,
        Modifiers(),
        NSd20Rules(
            repeat_state_escalates=False,
            natural_rules_on_attacks=False,
            natural_rules_on_saves=False,
        ),
    ),
    "big RD, min damage 0": (
        E1_A,
        replace(E1_D, armor_rd=5, natural_rd=1),
        E1_W,
        Modifiers(),
        NSd20Rules(min_damage_on_hit=0),
    ),
    "fatigued, strength attack, cover": (
        replace(E1_A, fatigue="fatigado", strength=16),
        E1_D,
        E1_W,
        Modifiers(cover="cover"),
        NSd20Rules(melee_attack_characteristic="strength"),
    ),
    "thrown, range, small": (
        replace(E1_A, size="small"),
        replace(E1_D, size="large"),
        Weapon(kind="thrown", damage_die=4),
        Modifiers(range_increments=1),
        NSd20Rules(thrown_adds_strength=False),
    ),
    "default threshold CON 8": (
        E1_A,
        replace(E1_D, serious_wound_threshold=None, constitution=8),
        E1_W,
        Modifiers(),
        R0,
    ),
    "wound penalties": (
        replace(E1_A, wound_state="malherido"),
        replace(E1_D, wound_state="malherido", serious_wound_threshold=6),
        W_D4,
        Modifiers(),
        NSd20Rules(wound_penalties={"malherido": 3}),
    ),
}


@pytest.mark.parametrize("name", CASES)
def test_attack_outcomes_match_the_spec_oracle(name):
    a, d, w, m, r = CASES[name]
    got = nsd20.attack_outcomes(a, d, w, m, rules=r)
    want = spec_oracle(a, d, w, m, r)
    assert {k: v for k, v in got.outcome.items() if v} == want["outcome"]
    assert got.damage == dict(sorted(want["damage"].items()))
    assert {k: v for k, v in got.wound.items() if v} == want["wound"]
    assert got.p_massive == want["massive"]


# --------------------------------------------------------------------------- every path
def path_law(a, d, w, m, r) -> dict:
    """Every dice path through ``resolve_attack``: the law of its keys."""
    return dice_paths.path_law(a, d, w, m, r, lambda res: res.key)


PATH_CASES = [
    "E1",
    "partial concealment, d4",
    "no confirmation, 19-20 ×3",
    "effort, multiplied",
    "flat-footed wounded defender",
    "no escalation, no naturals",
    "wound penalties",
]


@pytest.mark.parametrize("name", PATH_CASES)
def test_attack_law_equals_every_dice_path_of_resolve(name):
    a, d, w, m, r = CASES[name]
    assert nsd20.attack_law(a, d, w, m, rules=r) == path_law(a, d, w, m, r)


def test_death_at_pr_gives_dead_fate():
    r = NSd20Rules(death_at_pr=-2)
    d = replace(E1_D, pr_current=3)
    law = nsd20.attack_law(E1_A, d, E1_W, Modifiers(), rules=r)
    assert law == path_law(E1_A, d, E1_W, Modifiers(), r)
    dead = sum(p for k, p in law.items() if k.fate == "dead")
    # dead iff final damage ≥ 5: hit 1d6+1 ≥ 5 (3/6) or any critical (2d6+2 ≥ 5, 35/36 …)
    hit, crit = F(247, 400), F(13, 400)
    assert dead == hit * F(3, 6) + crit * F(35, 36)
