"""Independent oracles of the exact attack law (§6 ``attack_outcomes``).

``oracle_outcomes`` is written again from the spec's text, sharing no code with the engine:
it computes the target from the forms' fields by the R5 formula (``sum(items) +
max(effect bonuses) + sum(effect penalties)``), then enumerates all 12**3 triples of (check
die, fumble die, damage die) face by face, applying R4, P3–P9 and T1/T2 literally, and
counts. It is compared with the engine on several hundred seeded random configurations
covering both directions, every weapon kind, cover, prone, stance, conditions, variable
damage, half damage, damage reduction, low PV and death points. A second oracle builds the
check-die law with icepool.
"""

from __future__ import annotations

import dataclasses
import itertools
import random
from collections import Counter
from fractions import Fraction

import icepool
import pytest

from rolkit.systems import tierkreis as tk

PHYSICAL, MENTAL = {"FUE", "AGI", "VIT"}, {"INT", "CAR", "SUE"}
INTOX = {"FUE", "AGI", "INT", "CAR"}
DEPRIVED = {"FUE", "AGI", "VIT", "INT", "CAR"}
FIELD = {
    "FUE": "strength",
    "AGI": "agility",
    "VIT": "vitality",
    "INT": "intelligence",
    "CAR": "charisma",
    "SUE": "luck",
}
FUMBLES = ["weapon_dropped"] * 2 + ["attacker_prone"] * 2 + ["physical_minus_2"] * 2
FUMBLES += ["mental_minus_2"] * 2 + ["free_attack_for_defender"] * 2 + ["self_damage_1"] * 2
K = [1, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 5]


def condition_values(c: tk.Combatant, code: str) -> list[tuple[int, str]]:
    """T4, all effects; plus the combatant's own adjustments for ``code`` (R6)."""
    out = []
    if c.fumble_penalty in ("physical", "both") and code in PHYSICAL:
        out.append(-2)
    if c.fumble_penalty in ("mental", "both") and code in MENTAL:
        out.append(-2)
    if c.intoxicated and code in INTOX:
        out.append(-3)
    if c.deprivation_days and code in DEPRIVED:
        out.append(-c.deprivation_days)
    return [(v, "effect") for v in out]


def own(c: tk.Combatant, code: str, kind: str) -> list[tuple[int, str]]:
    return [(a.value, a.source) for a in c.adjustment_list if a.applies_to in (code, kind, "any")]


def extra(m: tk.Modifiers, code: str, kind: str) -> list[tuple[int, str]]:
    return [(a.value, a.source) for a in m.extra_list if a.applies_to in (code, kind, "any")]


def r5(adjustments: list[tuple[int, str]], stacking: str = "bonuses_only") -> int:
    """R5: items add; of the effect bonuses only the largest; effect penalties add (or,
    ``largest_per_sign``, only the most negative; ``sum_all``: everything adds)."""
    effects = [v for v, source in adjustments if source == "effect"]
    items = [v for v, source in adjustments if source != "effect"]
    if stacking == "sum_all":
        return sum(effects) + sum(items)
    bonuses = [v for v in effects if v > 0]
    penalties = [v for v in effects if v < 0]
    best = max(bonuses) if bonuses else 0
    if stacking == "largest_per_sign":
        return sum(items) + best + (min(penalties) if penalties else 0)
    return sum(items) + best + sum(penalties)


def attack_codes(w: tk.Weapon, m: tk.Modifiers) -> list[str]:
    if m.attack_characteristic != "best":
        return [m.attack_characteristic]
    return {
        "unarmed": ["AGI", "FUE"],
        "melee_1h": ["AGI", "FUE"],
        "melee_2h": ["FUE"],
        "ranged": ["AGI"],
        "firearm": ["AGI"],
        "power": [w.power_characteristic],
    }[w.kind]


def melee(w: tk.Weapon) -> bool:
    return w.kind in ("unarmed", "melee_1h", "melee_2h") or (w.kind == "power" and w.power_is_melee)


def situation(a: tk.Combatant, d: tk.Combatant, w: tk.Weapon, cover: int) -> list[tuple[int, str]]:
    """P11–P12 effects of the attack check (stance handled by the caller)."""
    out = [-cover] if cover else []
    if a.prone and w.kind != "firearm":
        out.append(-1)
    if d.prone:
        out.append(1 if melee(w) else -1)
    return [(v, "effect") for v in out]


def attack_target(a, d, w, m) -> int:
    stacking = m.options.modifier_stacking
    stance = [(-1, "effect")] if d.defensive_stance and m.options.mirror_modifiers else []
    best = None
    for code in attack_codes(w, m):
        adjs = situation(a, d, w, m.cover) + stance + condition_values(a, code)
        adjs += own(a, code, "attack") + extra(m, code, "attack")
        t = getattr(a, FIELD[code]) + r5(adjs, stacking)
        best = t if best is None else max(best, t)
    return best


def dodge_target(a, d, w, m) -> int:
    stacking = m.options.modifier_stacking
    code = w.dodge_characteristic
    adjs = [(1, "effect")] if d.defensive_stance else []
    adjs += condition_values(d, code) + own(d, code, "dodge") + extra(m, code, "dodge")
    if m.options.mirror_modifiers:
        best = None
        for c in attack_codes(w, m):
            would = situation(a, d, w, m.cover) + condition_values(a, c) + own(a, c, "attack")
            t = getattr(a, FIELD[c]) + r5(would, stacking)
            if best is None or t > best[0]:
                best = (t, would)
        adjs += [(-v, source) for v, source in best[1]]
    return getattr(d, FIELD[code]) + r5(adjs, stacking)


def after(pv: int, dp: int, dmg: int, knocked_out: bool, timing: str) -> str:
    if dmg >= 1:
        if pv > 0:
            pv = max(0, pv - dmg)
        else:
            dp += 1
    if dp >= 3 and timing == "immediate":
        return "dead"
    return "unconscious" if pv == 0 or knocked_out else "active"


def oracle_outcomes(a, d, w, m) -> dict[tk.Outcome, Fraction]:
    o = m.options
    w = in_hands(a, w)
    dodge = (not a.is_player and d.is_player) if m.mode == "auto" else m.mode == "dodge_check"
    t = dodge_target(a, d, w, m) if dodge else attack_target(a, d, w, m)
    naturals = not dodge and (w.kind != "power" or o.crits_on_power_attacks)
    pv_max = d.pv_max_override if d.pv_max_override is not None else d.level + d.vitality // 2
    pv = pv_max if d.pv_current is None else d.pv_current
    ko = d.deprivation_days > 0 and (
        d.strength - d.deprivation_days <= 0 or d.vitality - d.deprivation_days <= 0
    )
    counts: Counter = Counter()
    for roll, fumble_face, damage_face in itertools.product(range(1, 13), repeat=3):
        if dodge:
            result = "dodged" if roll <= t else "hit"
        elif naturals and roll == 1:
            result = "critical"
        elif naturals and roll == 12:
            result = "fumble"
        else:
            result = "hit" if roll <= t else "miss"
        effect = FUMBLES[fumble_face - 1] if result == "fumble" else None
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
        status = after(pv, d.death_points, dmg, ko, o.death_timing)
        counts[tk.Outcome(result, effect, dmg, status)] += 1
    return {k: Fraction(n, 12**3) for k, n in counts.items()}


def random_config(rng: random.Random):
    def combatant(is_player: bool) -> tk.Combatant:
        pv_max_override = rng.choice([None, None, 1, 3, 10, 20])
        top = pv_max_override if pv_max_override is not None else 1 + 6 // 2
        zero = rng.random() < 0.2
        return tk.Combatant(
            is_player=is_player,
            strength=rng.randint(1, 12),
            agility=rng.randint(1, 12),
            intelligence=rng.randint(1, 12),
            pv_max_override=pv_max_override,
            pv_current=0 if zero else rng.choice([None, top]),
            death_points=rng.randint(0, 2) if zero else 0,
            prone=rng.random() < 0.3,
            defensive_stance=rng.random() < 0.3,
            intoxicated=rng.random() < 0.2,
            deprivation_days=rng.choice([0, 0, 0, 1, 2]),
            fumble_penalty=rng.choice([None, None, "physical", "mental", "both"]),
            damage_reduction=rng.choice([0, 0, 1, 2]),
            adjustments=rng.choice(
                [
                    "",
                    "",
                    "+2 ataque; +1 AGI ítem",
                    "-2 AGI; +1 esquiva",
                    "+3 (poder); -1 FUE; +1 ítem",
                ]
            ),
        )

    a = combatant(rng.random() < 0.5)
    a = dataclasses.replace(a, pv_current=None, death_points=0, deprivation_days=0)
    d = combatant(rng.random() < 0.5)
    w = tk.Weapon(
        kind=rng.choice(["unarmed", "melee_1h", "melee_2h", "ranged", "firearm", "power"]),
        damage=rng.randint(0, 8),
        damage_factor=rng.randint(1, 3),
        half_damage_on_dodge=rng.random() < 0.4,
        dodge_characteristic=rng.choice(["AGI", "AGI", "FUE"]),
        power_characteristic=rng.choice(["INT", "AGI"]),
        power_is_melee=rng.random() < 0.5,
    )
    m = tk.Modifiers(
        cover=rng.randint(0, 5),
        attack_characteristic=rng.choice(["best", "best", "AGI", "FUE"])
        if w.kind in ("unarmed", "melee_1h")
        else "best",
        mode=rng.choice(["auto", "auto", "attack_check", "dodge_check"]),
        extra=rng.choice(["", "", "+1", "-2 ataque; +2 esquiva", "+1 ítem; +2; -1 AGI"]),
        options=tk.TierkreisOptions(
            variable_damage=rng.random() < 0.4,
            variable_damage_table=rng.choice(
                ["", "", "3: 0 0 1 1 2 3 3 4 5 6 9 12; 2: 1 1 1 1 1 2 2 2 2 3 3 4"]
            ),
            modifier_stacking=rng.choice(
                ["bonuses_only", "bonuses_only", "largest_per_sign", "sum_all"]
            ),
            mirror_modifiers=rng.random() < 0.8,
            half_damage_rounding=rng.choice(["down", "up"]),
            death_timing=rng.choice(["immediate", "immediate", "turn_start"]),
            crits_on_power_attacks=rng.random() < 0.7,
        ),
    )
    # the states of #25, drawn last so the earlier draws stay as they were
    a = dataclasses.replace(a, weapon_state=rng.choice(["in_hand"] * 4 + ["dropped", "snatched"]))
    if w.kind in ("ranged", "firearm") and rng.random() < 0.5:
        w = dataclasses.replace(w, ammo_capacity=2, ammo_left=rng.choice([None, 1, 2]))
    return a, d, w, m


HELD = ("melee_1h", "melee_2h", "ranged", "firearm")


def in_hands(a: tk.Combatant, w: tk.Weapon) -> tk.Weapon:
    """«ataca con el arma que tenga en sus manos»: none in hand, a bare-handed blow (1)."""
    if a.weapon_state != "in_hand" and w.kind in HELD:
        return tk.Weapon(name="golpe sin armas", kind="unarmed", damage=1)
    return w


@pytest.mark.parametrize("seed", range(6))
def test_engine_equals_brute_force_oracle(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(50):
        a, d, w, m = random_config(rng)
        assert tk.attack_outcomes(a, d, w, m) == oracle_outcomes(a, d, w, m), (a, d, w, m)


def test_system_odds_are_the_same_law_with_the_fate() -> None:
    rng = random.Random(99)
    for _ in range(40):
        a, d, w, m = random_config(rng)
        odds = tk.SYSTEM.odds(a, d, w, m)
        law: dict = {}
        for key, p in odds.items():
            law[key.outcome] = law.get(key.outcome, 0) + p
            fate = odds.project(key).fate
            assert (fate == "dead") == (key.defender_status == "dead")
            assert fate in (None, "down", "dying", "dead")
        assert law == oracle_outcomes(a, d, w, m)


@pytest.mark.parametrize("agility", range(1, 13))
@pytest.mark.parametrize("cover", [0, 3, 5])
def test_check_die_law_agrees_with_icepool(agility: int, cover: int) -> None:
    """R4 with icepool: P(critical/hit/miss/fumble) of a PC archer's attack check."""
    t = agility - cover

    def read(face: int) -> str:
        return (
            "critical" if face == 1 else "fumble" if face == 12 else "hit" if face <= t else "miss"
        )

    law = icepool.d12.map(read)
    expected = {k: Fraction(law.quantity(k), law.denominator()) for k in law.outcomes()}
    weapon = tk.Weapon(kind="ranged", damage=3)
    out = tk.attack_outcomes(
        tk.Combatant(agility=agility),
        tk.Combatant(is_player=False, pv_max_override=99),
        weapon,
        tk.Modifiers(cover=cover),
    )
    got: dict = {}
    for k, p in out.items():
        got[k.result] = got.get(k.result, 0) + p
    assert got == expected


def test_after_state_of_random_rolls_is_valid_and_matches_the_health() -> None:
    rng = random.Random(5)
    checked = 0
    for _ in range(60):
        a, d, w, m = random_config(rng)
        for seed in range(5):
            r = tk.SYSTEM.resolve(a, d, w, m, seed=seed)
            after = tk.SYSTEM.after(r)
            hp = r.outcome.defender_after
            if "defender" in after:
                new = after["defender"]
                assert isinstance(new, tk.Combatant)
                assert (new.pv, new.death_points) == (hp.pv, hp.death_points)
                checked += 1
            else:  # no damage, or the same PV and death points: the defender is unchanged
                assert (hp.pv, hp.death_points) == (d.pv, d.death_points)
            if "attacker" in after:
                assert r.outcome.fumble_effect in (
                    "weapon_dropped",
                    "attacker_prone",
                    "physical_minus_2",
                    "mental_minus_2",
                    "self_damage_1",
                )
    assert checked > 20
