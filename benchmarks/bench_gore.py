"""G.O.R.E. (d100): exact odds at default forms (target ≤ 5 ms), the success grid along
``SYSTEM.grid_axes`` (attack skill × GM bonus, target ≤ 50 ms), and the exact engine against
a naive enumeration of every d100 pair × every damage face for the same attack."""

from __future__ import annotations

import dataclasses
import itertools
from collections import Counter
from fractions import Fraction

from benchmarks.timing import Ratio, median_seconds
from rolkit.dice import parse
from rolkit.systems import gore as g
from rolkit.systems.gore.attack import clear_caches
from rolkit.systems.gore.damage import blow_damage, blow_profile, md_value, weapon_value

REPEAT = 7
SKILLS = range(0, 101, 10)
BONUSES = range(-50, 51, 10)


def _grid(forms) -> list[list[Fraction]]:
    a, d, w, m = forms["attacker"], forms["defender"], forms["weapon"], forms["modifiers"]
    return [
        [
            g.hit_probability(
                dataclasses.replace(a, attack_skill=skill),
                d,
                w,
                dataclasses.replace(m, situational_bonus=bonus),
            )
            for bonus in BONUSES
        ]
        for skill in SKILLS
    ]


def _grid_cold(forms) -> None:
    clear_caches()
    _grid(forms)


def _grid_full_odds(s, forms) -> None:
    a, m = forms["attacker"], forms["modifiers"]
    for skill, bonus in itertools.product(SKILLS, BONUSES):
        _ = s.odds(
            **dict(
                forms,
                attacker=dataclasses.replace(a, attack_skill=skill),
                modifiers=dataclasses.replace(m, situational_bonus=bonus),
            )
        ).p_hit


def _odds_cold(s, forms) -> None:
    clear_caches()
    s.odds(**forms)


def naive_attack_outcomes(attacker, defender, weapon, mods) -> dict:
    """Every d100 pair × every weapon face × every MD face (melee, one blow), one row each."""
    opts = mods.options
    att_v = g.attack_skill(attacker, defender, weapon, mods)
    def_v = g.defence_skill(defender, attacker, weapon, mods)
    defence = mods.defence if def_v is not None else "none"
    expr = parse(weapon.damage)
    md = parse(attacker.md)
    prof = blow_profile(attacker, weapon, mods)
    w_faces = list(
        itertools.product(
            *[range(1, t.sides + 1) for t in expr.terms if t.is_dice for _ in range(t.count)]
        )
    )
    m_faces = list(
        itertools.product(
            *[range(1, t.sides + 1) for t in md.terms if t.is_dice for _ in range(t.count)]
        )
    )
    w_const = sum(t.sign * t.count for t in expr.terms if not t.is_dice)
    md_sign = md.terms[0].sign if md.terms[0].is_dice else 0
    hmax, cur = defender.max_hp, defender.current_hp
    counts: Counter = Counter()
    for a_roll in range(1, 101):
        a_t = g.check_tier(a_roll, att_v, weapon.impaling, opts)
        for d_roll in range(1, 101) if def_v is not None else [None]:
            d_t = g.check_tier(d_roll, def_v, False, opts) if d_roll is not None else "none"
            cat = g.defence_cell(defence, a_t, d_t).category
            for wf in w_faces:
                for mf in m_faces:
                    if cat.startswith("hit_"):
                        w = (
                            expr.maximum
                            if cat in ("hit_max", "hit_max_bypass", "hit_critical", "hit_impale")
                            else sum(wf) + w_const
                        )
                        m = md_value(md_sign * sum(mf), prof.md_rule)
                        raw = max(0, weapon_value(w, prof.pull_blow) + m)
                        dmg = blow_damage(cat, raw, defender.armour, opts)
                    else:
                        dmg = 0
                    counts[(a_t, d_t, cat, dmg, g.wound_level(dmg, hmax, cur))] += 1
    total = sum(counts.values())
    return {k: Fraction(v, total) for k, v in counts.items()}


def run() -> list[tuple[str, float, str]]:
    s = g.SYSTEM
    forms = s.defaults()
    rows: list[tuple[str, float, str]] = []
    rows.append(
        (
            "gore odds, default forms (warm caches)",
            median_seconds(lambda: s.odds(**forms), repeat=25),
            "target ≤ 5 ms",
        )
    )
    rows.append(
        (
            "gore odds, default forms (cold caches)",
            median_seconds(lambda: _odds_cold(s, forms), repeat=25),
            "target ≤ 5 ms",
        )
    )
    x4 = dict(
        forms,
        attacker=g.Combatant(fue=13, tam=14, attack_skill=60),
        defender=g.Combatant(dodge_skill=40, armour=2, hp_max=12),
        weapon=g.Weapon(damage="1D8+1"),
    )
    rows.append(
        (
            "gore odds, X4 broadsword+1D4 vs dodge (cold caches)",
            median_seconds(lambda: _odds_cold(s, x4), repeat=25),
            "1D8+1 with MD +1D4",
        )
    )
    burst = dict(
        forms,
        weapon=s.presets["weapon"]["Subfusil"],
        modifiers=g.Modifiers(bullets=10, distance_m=30.0, use_hit_locations=True),
        defender=s.presets["defender"]["Con rodela (bloqueo 50, 20 PG)"],
    )
    rows.append(
        (
            "gore odds, SMG burst of 10, locations, shield (cold)",
            median_seconds(lambda: _odds_cold(s, burst), repeat=REPEAT),
            "heaviest preset case",
        )
    )
    n = len(SKILLS) * len(BONUSES)
    rows.append(
        (
            f"gore success grid {len(SKILLS)}×{len(BONUSES)} (cold)",
            median_seconds(lambda: _grid_cold(forms), repeat=REPEAT),
            f"{n} P(hit), target ≤ 50 ms",
        )
    )
    rows.append(
        (
            f"gore success grid {len(SKILLS)}×{len(BONUSES)} (warm)",
            median_seconds(lambda: _grid(forms), repeat=REPEAT),
            "attack_skill × situational_bonus",
        )
    )
    rows.append(
        (
            f"gore success grid via full odds {n} cells (warm)",
            median_seconds(lambda: _grid_full_odds(s, forms), repeat=5),
            "every outcome, not only P(hit)",
        )
    )

    args = (x4["attacker"], x4["defender"], x4["weapon"], x4["modifiers"])
    naive = naive_attack_outcomes(*args)
    t_naive = median_seconds(lambda: naive_attack_outcomes(*args), repeat=5, warmup=0)
    exact = Counter()
    for row, p in g.attack_outcomes(*args).rows.items():
        exact[(row.attacker_tier, row.defender_tier, row.category, row.damage, row.wound)] += p
    assert dict(exact) == naive, "naive enumeration disagrees with the engine"
    t_exact = median_seconds(lambda: (clear_caches(), g.attack_outcomes(*args)), repeat=25)
    rows.append(
        (
            "gore naive enumeration, 100×100 d100 × 8×4 damage faces",
            t_naive,
            "X4 attack; same Fractions as the engine",
        )
    )
    rows.append(
        (
            "gore exact engine, same attack (cold)",
            t_exact,
            "the same Fractions, computed exactly",
        )
    )
    rows.append(("gore: naive enumeration / exact engine", Ratio(t_naive / t_exact), "speed-up"))
    return rows


if __name__ == "__main__":
    from benchmarks.timing import fmt_seconds

    for name, seconds, note in run():
        print(f"{fmt_seconds(seconds)}  {name}  ({note})")
