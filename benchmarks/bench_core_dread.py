"""Core Dread: exact odds at default forms (target ≤ 5 ms), the attribute × skill success
grid (target ≤ 50 ms, cold and warm caches), and the exact engine against a naive
enumeration of every die face for the same attack."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

from benchmarks.timing import Ratio, median_seconds
from rolkit.systems import core_dread as cd
from rolkit.systems.core_dread.checks import clear_caches
from rolkit.systems.core_dread.presets import ANA, BRUNO, FIST

REPEAT = 7


def _grid() -> None:
    for attribute in range(1, 10):
        for skill in range(6):
            cd.check_success_probability(attribute, skill)


def _grid_cold() -> None:
    clear_caches()
    _grid()


def _odds_cold(s, forms) -> None:
    clear_caches()
    s.odds(**forms)


def naive_attack_outcomes(attacker, defender, weapon, modifiers) -> dict:
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


def run() -> list[tuple[str, float, str]]:
    s = cd.SYSTEM
    rows: list[tuple[str, float, str]] = []
    forms = s.defaults()
    t_odds = median_seconds(lambda: s.odds(**forms), repeat=25)
    rows.append(("core_dread odds, default forms (warm caches)", t_odds, "target ≤ 5 ms"))
    t_odds_cold = median_seconds(lambda: _odds_cold(s, forms), repeat=25)
    rows.append(("core_dread odds, default forms (cold caches)", t_odds_cold, "target ≤ 5 ms"))
    block = dict(
        forms, attacker=ANA, defender=BRUNO, weapon=FIST, modifiers=cd.Modifiers(defence="block")
    )
    t_block = median_seconds(lambda: _odds_cold(s, block), repeat=25)
    rows.append(("core_dread odds, A-V3 block (cold caches)", t_block, "attack and defence pools"))
    t_grid_cold = median_seconds(_grid_cold, repeat=REPEAT)
    rows.append(
        (
            "core_dread success grid 9×6 (cold: caches cleared per run)",
            t_grid_cold,
            "target ≤ 50 ms",
        )
    )
    t_grid_warm = median_seconds(_grid, repeat=REPEAT)
    rows.append(("core_dread success grid 9×6 (warm: memoised)", t_grid_warm, "target ≤ 50 ms"))

    args = (forms["attacker"], forms["defender"], forms["weapon"], forms["modifiers"])
    naive = naive_attack_outcomes(*args)
    t_naive = median_seconds(lambda: naive_attack_outcomes(*args), repeat=5, warmup=0)
    exact_fn = lambda: (clear_caches(), cd.attack_outcomes(*args))  # noqa: E731
    t_exact = median_seconds(exact_fn, repeat=25)
    assert cd.attack_outcomes(*args) == naive, "naive enumeration disagrees with the engine"
    rows.append(
        (
            "core_dread naive enumeration, 10^5 faces",
            t_naive,
            "default forms: FOR 4, skill 0, unarmed, defence none; same Fractions as the engine",
        )
    )
    rows.append(
        (
            "core_dread exact engine, same attack (cold)",
            t_exact,
            "the same Fractions, computed exactly",
        )
    )
    rows.append(
        ("core_dread: naive enumeration / exact engine", Ratio(t_naive / t_exact), "speed-up")
    )
    return rows


if __name__ == "__main__":
    from benchmarks.timing import fmt_seconds

    for name, seconds, note in run():
        print(f"{fmt_seconds(seconds)}  {name}  ({note})")
