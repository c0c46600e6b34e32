"""Ashes Of War: exact odds at default forms (target ≤ 5 ms median, caches cleared), and the
main attack side by side with the same mechanic written in icepool (rolkit at least 2×
faster), with an agreement check of the two laws.

The icepool version is written from the spec (§2.2, §4.4–§4.14, T4, T6) for a defender with
no wounds yet: R = max(0, S − T) of two pools of d6 (4+), hit iff R_att > R_def (or
R_att ≥ 1 undefended), 1d10 (+1d2) location, NdS damage minus the RD there, or the shield's
block and the overflow into the shield arm.
"""

from __future__ import annotations

from fractions import Fraction

import icepool

import rolkit
from benchmarks.timing import Ratio, median_seconds
from rolkit.systems.ashes_of_war import Modifiers, attack_outcomes
from rolkit.systems.ashes_of_war.system import SYSTEM

ROLES = ("attacker", "defender", "weapon", "modifiers")
T4 = {1: "head", 2: "torso", 3: "torso", 4: "torso", 5: "arm", 6: "arm", 7: "hand", 8: "leg",
      9: "leg", 10: "foot"}  # fmt: skip


def _severity(final: int) -> str:
    return "light" if final < 5 else "serious" if final < 10 else "lethal"


def icepool_law(attacker, defender, weapon, modifiers) -> dict[tuple, Fraction]:
    """The same attack in icepool: a map over R_att × R_def × location × damage."""
    success = icepool.d6.map(lambda x: 1 if x >= 4 else 0)

    def pool(n: int) -> icepool.Die:
        return (n @ success) if n else icepool.Die([0])

    r_att = pool(getattr(attacker, weapon.skill))
    defence = modifiers.defence
    if defence == "none":
        r_def = icepool.Die([0])
    else:
        n = defender.intercept + (defender.shield.gdc_ndp if defence == "intercept_shield" else 0)
        r_def = pool(n if defence != "dodge" else defender.dodge)
    parts = []
    for part in T4.values():
        if part in ("head", "torso"):
            parts += [part, part]
        else:
            parts += [f"right_{part}", f"left_{part}"]
    location = icepool.Die(parts)
    count, sides = weapon.dice
    damage = count @ icepool.Die(range(1, sides + 1))

    def key(ra: int, rd: int, loc: str, x: int) -> str:
        hit = ra >= 1 if defence == "none" else ra > rd
        if not hit:
            if defence == "none":
                return "miss|||"
            if defence != "intercept_shield":
                return ("dodged" if defence == "dodge" else "deflected") + "|||"
            shield = defender.shield
            if x <= shield.rd:
                return "blocked|||"
            arm = f"{defender.shield_arm}_arm"
            final = max(0, x - shield.rd - defender.rd(arm))
            return f"overflow|{arm}|{final}|{_severity(final) if final else ''}"
        final = max(0, x - defender.rd(loc))
        if final == 0:
            return f"absorbed|{loc}|0|"
        return f"wound|{loc}|{final}|{_severity(final)}"

    law = icepool.map(key, r_att, r_def, location, damage)
    den = law.denominator()
    out: dict[tuple, Fraction] = {}
    for text, q in law.items():
        cat, loc, final, box = text.split("|")
        k = (cat, loc or None, int(final or 0), box or None)
        out[k] = out.get(k, Fraction(0)) + Fraction(q, den)
    return out


def _cold_odds(forms) -> None:
    rolkit.clear_caches()
    SYSTEM.odds(*forms)


def _cold_law(forms) -> None:
    rolkit.clear_caches()
    attack_outcomes(*forms)


def run() -> list[tuple[str, float, str]]:
    rows: list[tuple[str, float, str]] = []
    d = SYSTEM.defaults()
    forms = tuple(d[r] for r in ROLES)
    t_cold = median_seconds(lambda: _cold_odds(forms), repeat=25)
    rows.append(("ashes_of_war odds, default forms (caches cleared)", t_cold, "target ≤ 5 ms"))
    t_warm = median_seconds(lambda: SYSTEM.odds(*forms), repeat=25)
    rows.append(("ashes_of_war odds, default forms (warm caches)", t_warm, "target ≤ 5 ms"))
    cases = {
        "undefended, 1d10 location": forms,
        "shield intercept, 1d10 location": (*forms[:3], Modifiers(defence="intercept_shield")),
    }
    for name, args in cases.items():
        exact = attack_outcomes(*args)
        theirs = icepool_law(*args)
        assert exact == theirs, f"icepool disagrees with rolkit on {name}"
        assert sum(exact.values()) == 1
        t_ours = median_seconds(lambda args=args: _cold_law(args), repeat=15)
        t_ice = median_seconds(lambda args=args: icepool_law(*args), repeat=5)
        rows.append((f"ashes_of_war attack law, {name} (rolkit, cold)", t_ours, "Kira vs Gorath"))
        rows.append(
            (f"ashes_of_war attack law, {name} (icepool)", t_ice, "same law, checked equal")
        )
        rows.append((f"ashes_of_war icepool / rolkit, {name}", Ratio(t_ice / t_ours), "target ≥ 2"))
    return rows


if __name__ == "__main__":
    from benchmarks.timing import fmt_value

    for name, seconds, note in run():
        print(f"{fmt_value(seconds)}  {name}  ({note})")
