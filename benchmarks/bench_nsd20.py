"""NSd20 (d20): exact odds at default forms (target ≤ 5 ms median, caches cleared), and the
main attack (d20 vs Defensa, concealment, confirmed critical, damage − RD, PR, Daño
masivo) side by side with the same mechanic written in icepool, with an agreement check of
the two exact laws of (outcome, final damage, wound change). Target: rolkit ≥ 2× faster.

Both sides start cold on every run: ``rolkit.clear_caches()`` before each rolkit call (not
timed), and icepool's own memo of its dice (``icepool.d``/``Die`` caches) left as icepool
keeps it, which only helps icepool.
"""

from __future__ import annotations

import statistics
import time
from dataclasses import replace
from fractions import Fraction
from functools import partial

import icepool

import rolkit
from benchmarks.timing import Ratio, median_seconds
from rolkit.systems import nsd20
from rolkit.systems.nsd20 import DEFAULT_RULES, Combatant, Modifiers, Weapon

REPEAT = 25

E1 = (
    Combatant(dexterity=14, strength=12, attack_base=3),
    Combatant(dexterity=12, reflexes_base=2, pr_max=20, serious_wound_threshold=10),
    Weapon(kind="melee"),
    Modifiers(),
)
E2 = (
    Combatant(dexterity=14, attack_base=3),
    Combatant(
        dexterity=12,
        reflexes_base=2,
        fortitude_base=2,
        armor_rd=1,
        pr_max=12,
        serious_wound_threshold=8,
    ),
    Weapon(kind="ranged", damage_dice=2),
    Modifiers(concealment="partial"),
)
ORDER = ("none", "malherido", "incapacitado", "moribundo")


def icepool_law(attacker, defender, weapon, modifiers, rules=DEFAULT_RULES) -> dict:
    """The attack in icepool: ``{(outcome, final damage, wound change): Fraction}``.

    Only the attack's fixed numbers (attack bonus, Defensa, bonuses) come from rolkit's
    §2 formulas; every die and every rule of P5–P10 is icepool's own.
    """
    ab = nsd20.attack_bonus(attacker, weapon, modifiers, rules=rules)
    defense = nsd20.defense(defender, modifiers, rules=rules)
    per_roll = weapon.damage_bonus + (
        nsd20.characteristic_modifier(attacker.strength) if weapon.strength_to_damage else 0
    )
    rd = defender.armor_rd + defender.natural_rd
    threshold = defender.serious_wound_threshold or defender.constitution
    fort = nsd20.fortitude_total(defender) + modifiers.fortitude_save_misc
    pr = defender.pr
    miss_min = {"none": 21, "partial": 17, "total": 11}[modifiers.concealment]
    effort = 2 if modifiers.extra_effort_damage else 0
    k = weapon.critical_multiplier

    def hits(n: int) -> bool:
        return n == 20 or (n != 1 and n + ab >= defense)

    def final(x: int, cut: int) -> int:
        return max(0, max(rules.min_damage_on_hit, x) - cut)

    die = icepool.d(weapon.damage_die)
    hit_damage = (weapon.damage_dice @ die + per_roll + effort).map(lambda x: final(x, rd))
    crit_damage = ((weapon.damage_dice * k) @ die + k * per_roll + effort).map(
        lambda x: final(x, rd)
    )

    def band(f: int, dmg: int) -> str:
        cd, total = 10 + dmg, f + fort
        by = 0 if f == 20 else max(1, cd - total) if f == 1 else max(0, cd - total)
        return (
            "none"
            if by == 0
            else "malherido"
            if by <= 5
            else ("incapacitado" if by <= 10 else "moribundo")
        )

    def wound(dmg: int, b: str) -> str:
        if dmg == 0:
            return "none"
        cur, new = ORDER.index(defender.wound_state), ORDER.index(b)
        if new == cur and b != "none":
            new = min(3, cur + 1)
        state = "moribundo" if pr - dmg <= 0 else ORDER[max(cur, new)]
        return "pr_loss" if state == defender.wound_state else state

    def with_wound(outcome: str, dmg: int):
        if dmg > 0 and dmg >= threshold:
            return icepool.d20.map(lambda f: (outcome, dmg, wound(dmg, band(f, dmg))))
        return icepool.Die([(outcome, dmg, wound(dmg, "none"))])

    def roll_class(n: int) -> str:
        return "miss" if not hits(n) else "threat" if n >= weapon.threat_range_min else "hit"

    def outcome_of(roll: str, passes: bool, confirmed: bool) -> str:
        if roll == "miss" or not passes:
            return "miss"
        return "critical" if roll == "threat" and confirmed else "hit"

    # P5: the attack, concealment and confirmation d20s, each reduced to what it decides
    outcome = icepool.map(
        outcome_of, icepool.d20.map(roll_class), icepool.d20 < miss_min, icepool.d20.map(hits)
    )
    branches = {
        "miss": icepool.Die([("miss", 0, "none")]),
        "hit": hit_damage.map(lambda d: with_wound("hit", d)),
        "critical": crit_damage.map(lambda d: with_wound("critical", d)),
    }
    law = outcome.map(lambda o: branches[o])
    total = law.denominator()
    return {o: Fraction(q, total) for o, q in law.items()}


def icepool_defender_after(attacker, defender, weapon, modifiers, rules=DEFAULT_RULES):
    """The defender after one attack, in icepool: a Die of ``(PR, wound state, Aturdido)``.

    P5–P10 are icepool's own (as in :func:`icepool_law`); only the fixed numbers (attack
    bonus, Defensa, Fortaleza total) come from rolkit's §2 formulas.
    """
    ab = nsd20.attack_bonus(attacker, weapon, modifiers, rules=rules)
    defense = nsd20.defense(defender, modifiers, rules=rules)
    per_roll = weapon.damage_bonus + (
        nsd20.characteristic_modifier(attacker.strength) if weapon.strength_to_damage else 0
    )
    rd = defender.armor_rd + defender.natural_rd
    threshold = defender.serious_wound_threshold or defender.constitution
    fort = nsd20.fortitude_total(defender) + modifiers.fortitude_save_misc
    pr, current, stunned = defender.pr, ORDER.index(defender.wound_state), defender.stunned
    miss_min = {"none": 21, "partial": 17, "total": 11}[modifiers.concealment]
    k = weapon.critical_multiplier
    unchanged = (pr, defender.wound_state, stunned)

    def hits(n: int) -> bool:
        return n == 20 or (n != 1 and n + ab >= defense)

    def failed_by(f: int, dmg: int) -> int:
        cd, total = 10 + dmg, f + fort
        return 0 if f == 20 else max(1, cd - total) if f == 1 else max(0, cd - total)

    def after(dmg: int, by: int) -> tuple:
        if dmg == 0:
            return unchanged
        band = 0 if by == 0 else 1 if by <= 5 else 2 if by <= 10 else 3
        new = min(3, current + 1) if band == current and band else max(current, band)
        if pr - dmg <= 0:
            new = 3
        return (max(-999, pr - dmg), ORDER[new], stunned or band in (1, 2))

    def hurt(dmg: int):
        if dmg > 0 and dmg >= threshold:
            return icepool.d20.map(lambda f: after(dmg, failed_by(f, dmg)))
        return icepool.Die([after(dmg, 0)])

    die = icepool.d(weapon.damage_die)
    floor = rules.min_damage_on_hit
    hit = (weapon.damage_dice @ die + per_roll).map(lambda x: max(0, max(floor, x) - rd))
    crit = ((weapon.damage_dice * k) @ die + k * per_roll).map(lambda x: max(0, max(floor, x) - rd))

    def roll_class(n: int) -> str:
        return "miss" if not hits(n) else "threat" if n >= weapon.threat_range_min else "hit"

    def outcome_of(roll: str, passes: bool, confirmed: bool) -> str:
        if roll == "miss" or not passes:
            return "miss"
        return "critical" if roll == "threat" and confirmed else "hit"

    outcome = icepool.map(
        outcome_of, icepool.d20.map(roll_class), icepool.d20 < miss_min, icepool.d20.map(hits)
    )
    branches = {
        "miss": icepool.Die([unchanged]),
        "hit": hit.map(hurt),
        "critical": crit.map(hurt),
    }
    return outcome.map(lambda o: branches[o])


def rolkit_law(attacker, defender, weapon, modifiers) -> dict:
    out: dict = {}
    for key, p in nsd20.attack_law(attacker, defender, weapon, modifiers).items():
        row = (key.outcome, key.damage, key.wound)
        out[row] = out.get(row, Fraction(0)) + p
    return out


def defender_after_law(system, attacker, defender, weapon, modifiers) -> dict:
    """rolkit's after-state law read as ``{(PR, wound state, Aturdido): Fraction}``."""
    out: dict = {}
    for (_a, d), p in system.transitions(attacker, defender, weapon, modifiers).items():
        row = (d.pr, d.wound_state, d.stunned)
        out[row] = out.get(row, Fraction(0)) + p
    return out


def icepool_after_law(attacker, defender, weapon, modifiers) -> dict:
    die = icepool_defender_after(attacker, defender, weapon, modifiers)
    return {o: Fraction(q, die.denominator()) for o, q in die.items()}


def transition_rows(s, forms) -> list[tuple[str, float, str]]:
    """#16 item 1: ``s.transitions`` at defaults and from a wounded state, cold, with the
    after-state law checked against the icepool model of the same attack."""
    default = tuple(forms[r] for r in ("attacker", "defender", "weapon", "modifiers"))
    wounded = (
        E1[0],
        replace(E1[1], pr_current=7, wound_state="malherido", stunned=True),
        E1[2],
        Modifiers(concealment="partial"),
    )
    for case in (default, E1, E2, wounded):
        assert defender_after_law(s, *case) == icepool_after_law(*case), "after-state laws differ"
    return [
        (
            "nsd20 s.transitions, default forms (caches cleared)",
            cold_median(lambda: s.transitions(*default)),
            "target ≤ 20 ms; = icepool model",
        ),
        (
            "nsd20 s.transitions, wounded stunned defender (cold)",
            cold_median(lambda: s.transitions(*wounded)),
            "target a few ms; = icepool model",
        ),
    ]


STATE_ORDER = {w: i for i, w in enumerate(ORDER)}


def icepool_fight(pr_max: int = 20) -> dict[str, Fraction]:
    """The 1v1 fight at default forms (both with ``pr_max``) as an icepool absorbing
    Markov chain, written apart from rolkit's transitions and fight chain: ``{side: P(win)}``.

    State at the start of a round: ``(A's PR, wound state, Aturdido, B's …)``; A acts
    first. A combatant out of the fight (Moribundo or PR ≤ 0: dying; Incapacitado: down)
    ends it; an Aturdido combatant loses its turn and Aturdido wears off (one round).
    Each blow is :func:`icepool_defender_after`.
    """
    base = nsd20.SYSTEM.defaults()
    fighter = replace(base["attacker"], pr_max=pr_max)
    weapon, modifiers = base["weapon"], base["modifiers"]
    a_wins, b_wins = (-1, 0, 0, 0, 0, 0), (-2, 0, 0, 0, 0, 0)
    blows: dict[tuple, icepool.Die] = {}

    def out(c: tuple) -> bool:
        return c[1] >= 2 or c[0] <= 0

    def blow(me: tuple, you: tuple) -> icepool.Die:
        if (me, you) not in blows:
            a = replace(fighter, pr_current=me[0], wound_state=ORDER[me[1]], stunned=me[2])
            d = replace(fighter, pr_current=you[0], wound_state=ORDER[you[1]], stunned=you[2])
            die = icepool_defender_after(a, d, weapon, modifiers)
            blows[(me, you)] = die.map(lambda o: (o[0], STATE_ORDER[o[1]], o[2]))
        return blows[(me, you)]

    def b_turn(a: tuple, b: tuple):
        if b[2]:
            return (*a, b[0], b[1], False)
        return blow(b, a).map(lambda a2: b_wins if out(a2) else (*a2, *b))

    def round_step(state: tuple):
        if state[0] < 0:
            return state
        a, b = state[:3], state[3:]
        if a[2]:
            return b_turn((a[0], a[1], False), b)
        return blow(a, b).map(lambda b2: a_wins if out(b2) else b_turn(a, b2))

    start = (pr_max, 0, False, pr_max, 0, False)
    end = icepool.map(round_step, start, repeat="inf", star=False)
    total = end.denominator()
    return {"a": Fraction(end.quantity(a_wins), total), "b": Fraction(end.quantity(b_wins), total)}


def rolkit_fight(pr_max: int = 20):
    """``rolkit.fight_odds`` of the same fight (order of entry: A first), to the end."""
    from rolkit.fight import Fight

    s = nsd20.SYSTEM
    base = s.defaults()
    fight = Fight(s)
    fight.add("A", "a", replace(base["attacker"], pr_max=pr_max), base["weapon"])
    fight.add("B", "b", replace(base["defender"], pr_max=pr_max), base["weapon"])
    return rolkit.fight_odds(fight, rounds=None)


def cold_median(fn, repeat: int = REPEAT) -> float:
    """Median time of ``fn()`` right after ``rolkit.clear_caches()`` (the clearing itself,
    a walk over the loaded modules, is not timed)."""
    samples = []
    for _ in range(repeat):
        rolkit.clear_caches()
        t0 = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - t0)
    return statistics.median(samples)


def run() -> list[tuple[str, float, str]]:
    s = nsd20.SYSTEM
    forms = s.defaults()
    rows: list[tuple[str, float, str]] = [
        (
            "nsd20 s.odds, default forms (caches cleared)",
            cold_median(lambda: s.odds(**forms)),
            "target ≤ 5 ms",
        )
    ]
    for name, case in (("E1 melee 1d6", E1), ("E2 ranged 2d6, RD 1, partial concealment", E2)):
        assert rolkit_law(*case) == icepool_law(*case), f"{name}: the two exact laws disagree"
        ours = cold_median(partial(nsd20.attack_law, *case))
        theirs = median_seconds(partial(icepool_law, *case), repeat=REPEAT)
        rows += [
            (f"nsd20 attack law, {name} (rolkit, cold)", ours, "laws agree exactly"),
            (f"nsd20 attack law, {name} (icepool)", theirs, "same mechanic"),
            (f"nsd20 speed-up over icepool, {name}", Ratio(theirs / ours), "target ≥ ×2"),
        ]
    rows += transition_rows(s, forms)
    # the 1v1 fights against icepool_fight: bench_fight.peer_rows (#27)
    from rolkit.analysis import hit_grid

    rows.append(
        (
            "nsd20 hit grid, attack_base × dexterity 12×12 (cold)",
            cold_median(lambda: hit_grid(s), repeat=5),
            "target ≤ 50 ms; 144 s.odds incl. form validation",
        )
    )
    heavy = (
        E1[0],
        replace(E1[1], armor_rd=2),
        Weapon(damage_dice=3, damage_die=8, critical_multiplier=3),
        Modifiers(),
    )
    rows.append(
        (
            "nsd20 s.odds, 3d8 ×3 critical (caches cleared)",
            cold_median(lambda: s.odds(*heavy)),
            "9d8 on a critical",
        )
    )
    return rows


if __name__ == "__main__":
    from benchmarks.timing import fmt_value

    for label, value, note in run():
        print(f"  {label:<58} {fmt_value(value)}   {note}")
