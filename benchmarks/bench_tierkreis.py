"""PHANTÄSIA TIERKREIS: ``s.odds`` at default forms (target ≤ 5 ms, cold and warm caches),
the AGI × FUE hit grid (target ≤ 50 ms), and the main attack — a PJ with a sword against a PNJ, variable damage on (check die, fumble
die and damage die: 12**3 face triples) — side by side with the same mechanic written in
icepool, caches cleared, with an agreement check of the two laws (target: rolkit ≥ 2×)."""

from __future__ import annotations

from fractions import Fraction

import icepool

import rolkit
from benchmarks.timing import Ratio, median_seconds
from rolkit.systems import tierkreis as tk

FUMBLES = ["weapon_dropped"] * 2 + ["attacker_prone"] * 2 + ["physical_minus_2"] * 2
FUMBLES += ["mental_minus_2"] * 2 + ["free_attack_for_defender"] * 2 + ["self_damage_1"] * 2
K = (1, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 5)

ATTACKER = tk.Combatant(name="Espadachín", strength=8, agility=5)
DEFENDER = tk.Combatant(name="Matón", is_player=False, pv_max_override=8)
WEAPON = tk.SWORD
MODIFIERS = tk.Modifiers(cover=1, options=tk.TierkreisOptions(variable_damage=True))


def icepool_attack(target: int, listed: int, factor: int, pv: int) -> dict[tk.Outcome, Fraction]:
    """The same attack in icepool: R4 on the check die, T1 on the fumble die, T2 on the
    damage die, P7 factor, P9 status (defender with ``pv`` PV, no death points)."""

    def outcome(check: int, fumble: int, damage: int) -> tuple:
        if check == 12:
            return ("fumble", FUMBLES[fumble - 1], 0, "active")
        if check != 1 and check > target:
            return ("miss", None, 0, "active")
        critical = check == 1
        dealt = (listed * K[damage - 1] + 1) // 3 * (factor + critical)
        status = "unconscious" if dealt >= pv else "active"
        return ("critical" if critical else "hit", None, dealt, status)

    die = icepool.map(outcome, icepool.d12, icepool.d12, icepool.d12)
    total = die.denominator()
    return {tk.Outcome(*k): Fraction(die.quantity(k), total) for k in die.outcomes()}


def _rolkit_cold() -> dict:
    rolkit.clear_caches()
    return tk.attack_outcomes(ATTACKER, DEFENDER, WEAPON, MODIFIERS)


def _odds_cold(s, forms) -> None:
    rolkit.clear_caches()
    s.odds(**forms)


def _grid_cold(s) -> None:
    from rolkit.analysis import hit_grid

    rolkit.clear_caches()
    hit_grid(s)


def run() -> list[tuple[str, float, str]]:
    s = tk.SYSTEM
    rows: list[tuple[str, float, str]] = []
    forms = s.defaults()
    rows.append(
        (
            "tierkreis odds, default forms (cold caches)",
            median_seconds(lambda: _odds_cold(s, forms), repeat=51),
            "target ≤ 5 ms",
        )
    )
    rows.append(
        (
            "tierkreis odds, default forms (warm caches)",
            median_seconds(lambda: s.odds(**forms), repeat=51),
            "target ≤ 5 ms",
        )
    )
    import pandas  # noqa: F401 - imported before timing: the grid is a DataFrame

    rows.append(
        (
            "tierkreis hit grid AGI × FUE 12×12 (cold caches)",
            median_seconds(lambda: _grid_cold(s), repeat=7),
            "target ≤ 50 ms",
        )
    )
    target = tk.roll_target(ATTACKER, DEFENDER, WEAPON, MODIFIERS)[1].target
    args = (target, WEAPON.damage, WEAPON.damage_factor, DEFENDER.pv)
    assert icepool_attack(*args) == _rolkit_cold(), "icepool and rolkit disagree on the law"
    t_rolkit = median_seconds(_rolkit_cold, repeat=31)
    t_icepool = median_seconds(lambda: icepool_attack(*args), repeat=11)
    rows.append(
        ("tierkreis main attack, rolkit (cold caches)", t_rolkit, "PJ espada vs PNJ, daño variable")
    )
    rows.append(("tierkreis main attack, icepool (same mechanic)", t_icepool, "laws agree exactly"))
    rows.append(("tierkreis: icepool / rolkit", Ratio(t_icepool / t_rolkit), "target ≥ ×2"))
    return rows


if __name__ == "__main__":
    from benchmarks.timing import fmt_value

    for label, value, note in run():
        print(f"  {label:<58} {fmt_value(value)}   {note}")
