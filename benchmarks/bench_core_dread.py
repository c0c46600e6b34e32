"""Core Dread: exact odds at default forms (target ≤ 5 ms), and rolkit against icepool on
the same mechanic, side by side in one run with every rolkit cache cleared before each
timed call (target: rolkit ≥ 2× faster on every row):

(a) the check grid, P(success) for attribute 1–9 × skill 0–5, both reroll policies;
(b) attack against block: the exact law of the final ``(damage, counter-attack damage)``;
(c) #16: the after-state law of one attack (``s.transitions``, target ≤ 20 ms cold at
    defaults, a few ms from wounded states) and the 1v1 fight at default forms to its end
    (``rolkit.fight_odds``, target ≤ 1 s) against the same fight written independently as
    an icepool absorbing Markov chain (``icepool.map(step, state, repeat="inf")``).

Each pair of laws is asserted equal, Fraction for Fraction. Also: the P(hit) grid along
``SYSTEM.grid_axes`` read from the two hit marginals (``hit_probability``) against building
the whole odds per cell, and the exact engine against a naive enumeration of every face.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import statistics
import time
from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import icepool

import rolkit
from benchmarks.timing import Ratio, median_seconds, medians_side_by_side
from rolkit.systems import core_dread as cd
from rolkit.systems.core_dread.presets import ANA, BATON, BRUNO, FIST, KNIFE

REPEAT = 7
#: Runs of each side of an attack-against-block row (each well under a millisecond).
BLOCK_REPEAT = 41
ATTRIBUTES, SKILLS = range(1, 10), range(6)
Row = tuple[str, float, str]


def cold_median(fn: Callable[[], object], repeat: int = REPEAT) -> float:
    """Median time of ``fn()`` with every rolkit cache cleared (untimed) before each call."""
    samples = []
    for _ in range(repeat):
        rolkit.clear_caches()
        t0 = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - t0)
    return statistics.median(samples)


# --------------------------------------------------------------------------- icepool model
def icepool_hits(attribute: int, skill: int, policy: str) -> icepool.Die:
    """§1.3 in icepool: 5d10 hits at ``attribute``, then one reroll of a miss per point
    (``repeat``: while a miss is left; ``once_per_die``: each missed die at most once)."""
    hit = icepool.d10.map(lambda face: int(face <= attribute))
    natural = 5 @ hit
    if policy == "once_per_die":
        return natural.map(lambda n: n + (min(skill, 5 - n) @ hit))
    state = natural
    for _ in range(skill):
        state = icepool.map(lambda hits, extra: hits + extra if hits < 5 else hits, state, hit)
    return state


def icepool_grid(policy: str) -> dict[tuple[int, int], Fraction]:
    return {
        (a, s): icepool_hits(a, s, policy).probability(">=", 3) for a in ATTRIBUTES for s in SKILLS
    }


def rolkit_grid(policy: str) -> dict[tuple[int, int], Fraction]:
    options = cd.CoreDreadOptions(reroll_policy=policy)
    return {
        (a, s): cd.check_success_probability(a, s, options=options)
        for a in ATTRIBUTES
        for s in SKILLS
    }


def icepool_block(attack: tuple[int, int, int], block: tuple[int, int, int]) -> dict:
    """§4.6 multiply then subtract: ``(damage, counter)`` of attack ``(attr, skill, ×m)``
    against a block ``(attr, skill, ×m)``, no armour."""
    (a, sa, ma), (d, sd, md) = attack, block
    law = icepool.map(
        lambda x, y: (max(0, x * ma - y * md), max(0, y * md - x * ma)),
        icepool_hits(a, sa, "repeat"),
        icepool_hits(d, sd, "repeat"),
    )
    return {k: Fraction(q, law.denominator()) for k, q in law.items()}


def rolkit_block(forms: tuple[Any, ...]) -> dict:
    out: dict[tuple[int, int], Fraction] = {}
    for o, p in cd.attack_outcomes(*forms).items():
        k = (o.damage, o.counter_damage)
        out[k] = out.get(k, Fraction(0)) + p
    return out


BLOCKS = {
    # A-V3: ANA (FOR 4) punches, BRUNO (FOR 5, Pelea 1) blocks unarmed
    "A-V3 fist vs block": (
        (ANA, BRUNO, FIST, cd.Modifiers(defence="block")),
        (4, 0, 1),
        (5, 1, 1),
    ),
    # BRUNO's knife (×4, Pelea 1) against a guard blocking with a baton (×2, Pelea 1)
    "knife vs baton block": (
        (
            BRUNO,
            cd.Combatant(name="Vigilante", fortaleza=5, melee_skill=1, block_weapon=BATON),
            KNIFE,
            cd.Modifiers(defence="block"),
        ),
        (5, 1, 4),
        (5, 1, 2),
    ),
}


# --------------------------------------------------------------------------- (c) the fight
FOR_DEFAULT = 4  # the default Combatant's Fortaleza (§3.1 PLACEHOLDER 4), both fighters
DEAD = (9, 9, 9)  # the icepool chain's mark for a dead fighter


def _icepool_mark(track: tuple[int, ...], level: int, count: int) -> tuple[int, ...]:
    """§4.10 written again: one box at a time, a full level overflows to the next, past a
    full Malherido the fighter dies (:data:`DEAD`)."""
    marks = list(track)
    for _ in range(count):
        i = level
        while i < 3 and marks[i] >= 3:
            i += 1
        if i == 3:
            return DEAD
        marks[i] += 1
    return tuple(marks)


def icepool_blow(attacker: tuple[int, ...], defender: tuple[int, ...]) -> icepool.Die:
    """One default blow (fists ×1, FOR 4, no skill, no defence) as an icepool Die of the
    defender's track: the attacker's FOR less its §4.11 penalty (1 per Lesionado, 2 per
    Malherido), damage = hits, §4.8 limits at base FOR 4 (1–4 Magullado, 5 Lesionado),
    five natural hits (with no skill, every 5) double the wound (§4.9)."""
    attribute = max(0, FOR_DEFAULT - attacker[1] - 2 * attacker[2])

    def after(hits: int) -> tuple[int, ...]:
        if hits == 0:
            return defender
        level = 0 if hits <= FOR_DEFAULT else 1
        return _icepool_mark(defender, level, 2 if hits == 5 else 1)

    return _icepool_hits_cached(attribute).map(after)


@functools.cache
def _icepool_hits_cached(attribute: int) -> icepool.Die:
    return icepool_hits(attribute, 0, "repeat")


def icepool_fight() -> dict[str, Fraction]:
    """The 1v1 fight at default forms as an absorbing Markov chain in icepool: a state is
    both fighters' ``(magullado, lesionado, malherido)`` at the start of a round; a round
    is A's blow, then B's if B still stands; a dead fighter's state absorbs. ``prone`` is
    left out: it has no numeric effect (§4.12), so it cannot change who wins."""

    def round_step(a0: int, a1: int, a2: int, b0: int, b1: int, b2: int) -> Any:
        a, b = (a0, a1, a2), (b0, b1, b2)
        if a == DEAD or b == DEAD:
            return (*a, *b)

        def b_turn(b_after: tuple[int, ...]) -> Any:
            if b_after == DEAD:
                return (*a, *b_after)
            return icepool_blow(b_after, a).map(lambda a_after: (*a_after, *b_after))

        return icepool_blow(a, b).map(b_turn)

    _icepool_hits_cached.cache_clear()
    end = icepool.map(round_step, (0, 0, 0, 0, 0, 0), repeat="inf", star=True)
    law = end.map(lambda state: "a" if tuple(state[3:]) == DEAD else "b", star=False)
    return {k: Fraction(q, law.denominator()) for k, q in law.items()}


def rolkit_fight() -> Any:
    """``rolkit.fight_odds`` of the same fight: A (default attacker and weapon) acts first,
    B (default defender and weapon), default modifiers, to the end."""
    from rolkit.fight import odds_of_fighters

    s, d = cd.SYSTEM, cd.SYSTEM.defaults()
    fighters = [("A", "a", d["attacker"], d["weapon"]), ("B", "b", d["defender"], d["weapon"])]
    return odds_of_fighters(s, fighters, rounds=None)


def transitions_rows(rows: list[Row]) -> None:
    """(c) The after-state law of one attack, then the whole 1v1 fight against icepool."""
    s = cd.SYSTEM
    d = s.defaults()
    default = (d["attacker"], d["defender"], d["weapon"], d["modifiers"])
    rows.append(
        (
            "core_dread transitions, default forms (cold)",
            cold_median(lambda: s.transitions(*default), repeat=25),
            "target ≤ 20 ms",
        )
    )
    wounded = (
        cd.Combatant(fortaleza=5, lesionado=1, melee_skill=1),
        cd.Combatant(magullado=2, lesionado=3, malherido=1, armor=cd.Armor("comun")),
        KNIFE,
        cd.Modifiers(dangerous_situation=True),
    )
    rows.append(
        (
            "core_dread transitions, wounded defender in armour (cold)",
            cold_median(lambda: s.transitions(*wounded), repeat=25),
            "knife, dangerous; target: a few ms",
        )
    )
    block = (BRUNO, ANA, KNIFE, cd.Modifiers(defence="block"))
    rows.append(
        (
            "core_dread transitions, knife vs block with counter-attack (cold)",
            cold_median(lambda: s.transitions(*block), repeat=25),
            "both sides change",
        )
    )
    # the 1v1 fight against icepool_fight: bench_fight.peer_rows (#27)


# --------------------------------------------------------------------------- naive oracle
def naive_attack_outcomes(attacker, defender, weapon, modifiers) -> dict:  # type: ignore[no-untyped-def]
    """Every one of the 10**5 attack face sequences (defence none, skill 0), one key each."""
    attribute = attacker.fortaleza
    mult = cd.attack_multiplier(weapon, modifiers)
    counts: Counter = Counter()
    for faces in itertools.product(range(1, 11), repeat=5):
        hits = cd.count_hits(faces, attribute)
        raw, _ = cd.opposed_damage(hits, mult, "none", 0, 1, False)
        level, count = cd.adjust_wound(
            *cd.wound_from_damage(raw, defender.fortaleza), False, hits == 5
        )
        counts[cd.AttackOutcome(raw > 0, raw, level, count, False, 0, None, 0)] += 1
    return {k: Fraction(v, 10**5) for k, v in counts.items()}


def _hit_grid_by_odds(forms: dict[str, Any]) -> list[Fraction]:
    s = cd.SYSTEM
    return [
        s.odds(
            dataclasses.replace(forms["attacker"], fortaleza=f, melee_skill=k),
            forms["defender"],
            forms["weapon"],
            forms["modifiers"],
        ).p_hit
        for f in ATTRIBUTES
        for k in SKILLS
    ]


def _hit_grid_by_marginals(forms: dict[str, Any]) -> list[Fraction]:
    return [
        cd.hit_probability(
            dataclasses.replace(forms["attacker"], fortaleza=f, melee_skill=k),
            forms["defender"],
            forms["weapon"],
            forms["modifiers"],
        )
        for f in ATTRIBUTES
        for k in SKILLS
    ]


def run() -> list[Row]:
    s = cd.SYSTEM
    rows: list[Row] = []
    forms = s.defaults()
    rows.append(
        (
            "core_dread odds, default forms (warm)",
            median_seconds(lambda: s.odds(**forms), repeat=25),
            "target ≤ 5 ms",
        )
    )
    rows.append(
        (
            "core_dread odds, default forms (cold)",
            cold_median(lambda: s.odds(**forms), repeat=25),
            "target ≤ 5 ms",
        )
    )

    # (a) the check grid, both policies
    for policy in ("repeat", "once_per_die"):
        assert rolkit_grid(policy) == icepool_grid(policy), f"grid laws differ ({policy})"
        t_rolkit = cold_median(functools.partial(rolkit_grid, policy))
        t_icepool = median_seconds(functools.partial(icepool_grid, policy), repeat=REPEAT)
        rows.append(
            (
                f"core_dread check grid 9×6, {policy} (rolkit, cold)",
                t_rolkit,
                "P(3+ hits) per cell, exact",
            )
        )
        rows.append((f"icepool check grid 9×6, {policy}", t_icepool, "same Fractions"))
        rows.append(
            (
                f"core_dread check grid {policy}: icepool / rolkit",
                Ratio(t_icepool / t_rolkit),
                "target ≥ 2",
            )
        )

    # (b) attack against block: the law of (damage, counter damage)
    # sub-millisecond each: CPU medians of the two run in turn (a change of load on the
    # shared machine touches both alike), rolkit's caches cleared before each of its runs
    for name, (attack_forms, attack, block) in BLOCKS.items():
        assert rolkit_block(attack_forms) == icepool_block(attack, block), name
        t_rolkit, t_icepool = medians_side_by_side(
            [
                functools.partial(rolkit_block, attack_forms),
                functools.partial(icepool_block, attack, block),
            ],
            repeat=BLOCK_REPEAT,
            setups=[rolkit.clear_caches, None],
        )
        rows.append(
            (
                f"core_dread {name} (rolkit, cold, CPU)",
                t_rolkit,
                "attack_outcomes: the §7.2 law, then (damage, counter)",
            )
        )
        rows.append((f"icepool {name} (CPU)", t_icepool, "same (damage, counter) Fractions"))
        rows.append(
            (f"core_dread {name}: icepool / rolkit", Ratio(t_icepool / t_rolkit), "target ≥ 2")
        )

    # the P(hit) grid along grid_axes: two marginals per cell vs the whole odds per cell
    block_forms = dict(forms, defender=BRUNO, modifiers=cd.Modifiers(defence="block"))
    assert _hit_grid_by_marginals(block_forms) == _hit_grid_by_odds(block_forms)
    t_marg = cold_median(lambda: _hit_grid_by_marginals(block_forms))
    t_odds = cold_median(lambda: _hit_grid_by_odds(block_forms))
    rows.append(
        (
            "core_dread P(hit) grid 9×6 via hit_probability (cold)",
            t_marg,
            "vs a block; the hit marginals only",
        )
    )
    rows.append(
        (
            "core_dread P(hit) grid 9×6 via s.odds(...).p_hit (cold)",
            t_odds,
            "the whole law with fate per cell",
        )
    )

    args = (forms["attacker"], forms["defender"], forms["weapon"], forms["modifiers"])
    naive = naive_attack_outcomes(*args)
    assert cd.attack_outcomes(*args) == naive, "naive enumeration disagrees with the engine"
    t_naive = median_seconds(lambda: naive_attack_outcomes(*args), repeat=5, warmup=0)
    t_exact = cold_median(lambda: cd.attack_outcomes(*args), repeat=25)
    rows.append(
        (
            "core_dread naive enumeration, 10^5 faces",
            t_naive,
            "default forms: FOR 4, skill 0, unarmed, defence none",
        )
    )
    rows.append(("core_dread exact engine, same attack (cold)", t_exact, "the same Fractions"))
    rows.append(
        ("core_dread: naive enumeration / exact engine", Ratio(t_naive / t_exact), "speed-up")
    )
    transitions_rows(rows)
    return rows


if __name__ == "__main__":
    from benchmarks.timing import fmt_value

    for label, seconds, note in run():
        print(f"{fmt_value(seconds)}  {label}  ({note})")
