"""G.O.R.E. (d100): exact odds at default forms (target ≤ 5 ms), the success grid along
``SYSTEM.grid_axes`` (attack skill × GM bonus, target ≤ 50 ms), the exact engine against
a naive enumeration of every d100 pair × every damage face for the same attack, and
rolkit side by side with the same mechanic written in icepool (attack vs dodge through T4
with damage; SMG bursts of 1, 5, 10 and 14 bullets with hit locations), caches cleared on
both sides, with an agreement check of the two laws (targets: rolkit ≥ 2× faster on every
row, ≥ 8× on the 14-bullet burst); the exact after-state law of one attack
(``SYSTEM.transitions``: ≤ 20 ms at defaults, a few ms from a wounded state) and the 1v1
fight at default forms to its end (``rolkit.fight_odds``, ≤ 1 s) against the same fight
written independently as an icepool absorbing Markov chain (:func:`icepool_fight`), the
same Fractions asserted.

:func:`icepool_attack_law` is the icepool version, written from the spec (§1.2, T4, T7, T8,
P9, P11.6, P13.10, §7.3) and reading only the effective skills from rolkit; the oracle test
``tests/systems/gore/test_icepool.py`` reuses it."""

from __future__ import annotations

import dataclasses
import functools
import itertools
import math
import re
from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import icepool

from benchmarks.timing import Ratio, clear_icepool_caches, median_seconds, medians_side_by_side
from rolkit import clear_caches
from rolkit.dice import parse
from rolkit.systems import gore as g
from rolkit.systems.gore.rules.damage import blow_damage, blow_profile, md_value, weapon_value

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
            d_t = (
                g.check_tier(d_roll, def_v, False, opts)
                if d_roll is not None and def_v is not None
                else "none"
            )
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


# --------------------------------------------------------------------------- icepool
#: T4 Tabla de esquiva: (attacker tier, defender tier) → category (anything else: miss).
_T4 = {
    ("exito", "pifia"): "hit_normal", ("exito", "fallo"): "hit_normal",
    ("critico", "pifia"): "hit_critical", ("critico", "fallo"): "hit_critical",
    ("critico", "exito"): "hit_max",
    ("empalar", "pifia"): "hit_impale", ("empalar", "fallo"): "hit_impale",
    ("empalar", "exito"): "hit_max_bypass", ("empalar", "critico"): "hit_normal_bypass",
}  # fmt: skip
#: T7 1D20 → location.
_T7 = ["pierna_derecha"] * 3 + ["pierna_izquierda"] * 3 + ["abdomen"] * 3 + ["pecho"] * 3
_T7 += ["brazo_derecho"] * 3 + ["brazo_izquierdo"] * 3 + ["cabeza"] * 2
_MAX = {"hit_max", "hit_max_bypass", "hit_critical", "hit_impale"}
_BYPASS = {"hit_normal_bypass", "hit_max_bypass", "hit_impale"}
_DOUBLE = {"hit_critical", "hit_impale"}


def _icepool_tier(roll: int, target: int, impaling: bool) -> str:
    """§1.2 / §1.4 (default options): 00 fumbles, 01 and roll ≤ round(T/5) are criticals."""
    if roll == 100:
        return "pifia"
    crit = max(1, (2 * target + 5) // 10) if target > 0 else 1
    if roll == 1 or (roll <= target and roll <= crit):
        return "empalar" if impaling and roll == 1 else "critico"
    return "exito" if roll <= target else "fallo"


def _icepool_dice(expr: str) -> icepool.Die:
    """'1D8+1', '+1D4', '-1D6', '0' as an icepool Die."""
    total = icepool.Die([0])
    for sign, n, sides, const in re.findall(r"([+-]?)(?:(\d+)D(\d+)|(\d+))", expr):
        part = int(n) @ icepool.d(int(sides)) if sides else icepool.Die([int(const)])
        total = total - part if sign == "-" else total + part
    return total


def _location_max(loc: str, hp: int) -> int:
    """T8 [BRP]: head, abdomen, legs ceil(HP/3); chest ceil(4HP/10); arms ceil(HP/4)."""
    if loc == "pecho":
        return math.ceil(4 * hp / 10)
    return math.ceil(hp / 4) if loc.startswith("brazo") else math.ceil(hp / 3)


def _icepool_fate(hp_after: int, loc: str, status: str) -> str:
    """§7.3 ('' for still acting)."""
    if loc == "cabeza" and status == "severe":
        return "dead"
    if hp_after <= 0 or status == "severe":
        return "dying"
    if hp_after <= 2 or (status == "disabled" and loc in ("cabeza", "pecho")):
        return "down"
    return ""


def icepool_attack_law(
    attack: int,
    dodge: int,
    *,
    weapon: str,
    md: str = "0",
    impaling: bool = False,
    malfunction: int | None = None,
    armour: int = 0,
    hp: int = 12,
    bullets: int = 1,
    locations: bool = False,
) -> icepool.Die:
    """The same mechanic in icepool: d100 attack × d100 dodge through T4, hit location (T7),
    bullets 1dN, each bullet's damage (P9; max cells use the weapon maximum, MD still
    rolled), P13.10 wound and §7.3 fate. Outcomes are ``(attacker tier, defender tier,
    category, damage, wound, location, location status, bullets hit, fate)`` with ``''``
    for none (icepool outcomes must sort)."""
    weapon_die = _icepool_dice(weapon)
    md_die = _icepool_dice(md)
    w_max = weapon_die.max_outcome()

    def attacker_tier(roll: int) -> str:
        if malfunction is not None and roll >= malfunction:
            return "encasquillado"
        return _icepool_tier(roll, attack, impaling)

    att = icepool.d100.map(attacker_tier)
    dfd = icepool.d100.map(lambda roll: _icepool_tier(roll, dodge, False))

    def bullet(cat: str) -> icepool.Die:
        """One bullet as Vector(damage, 1 if that bullet alone is grave)."""
        raw = ((w_max if cat in _MAX else weapon_die) + md_die).map(lambda x: max(0, x))

        def dealt(x: int) -> icepool.Vector:
            d = max(0, x - (0 if cat in _BYPASS else armour)) * (2 if cat in _DOUBLE else 1)
            return icepool.Vector((d, 1 if 2 * d > hp else 0))

        return raw.map(dealt)

    def wound(total: int, graves: int) -> str:
        if total <= 0:
            return "none"
        return "mortal" if hp - total <= 0 else "grave" if graves else "leve"

    def status(loc: str, total: int) -> str:
        if not locations:
            return ""
        left = _location_max(loc, hp) - total
        return "ok" if left > 0 else "disabled" if left > -_location_max(loc, hp) else "severe"

    @functools.cache
    def tails(cat: str) -> icepool.Die:
        first, normal = bullet(cat), bullet("hit_normal")
        hits = {k: first if k == 1 else first + (k - 1) @ normal for k in range(1, bullets + 1)}

        def rows(loc: str, k: int) -> icepool.Die:
            hit = hits[k]
            one = locations and k == 1
            return hit.map(
                lambda tg: (
                    cat,
                    tg[0],
                    wound(tg[0], tg[1]),
                    loc if one else "",
                    status(loc, tg[0]) if one else "",
                    k,
                    _icepool_fate(hp - tg[0], loc, status(loc, tg[0])),
                )
            )

        if locations:
            return icepool.map(rows, icepool.d20.map(lambda f: _T7[f - 1]), icepool.d(bullets))
        return icepool.d(bullets).map(lambda k: rows("", k))

    still = _icepool_fate(hp, "", "")

    def joint(a: str, d: str) -> Any:
        if a == "encasquillado":
            return (a, "none", "malfunction", 0, "none", "", "", 0, still)
        cat = _T4.get((a, d), "miss")
        if cat == "miss":
            return (a, d, "miss", 0, "none", "", "", 0, still)
        return tails(cat).map(lambda t: (a, d, *t))

    return icepool.map(joint, att, dfd)


#: A bullet's damage and whether it is grave alone, as one integer: ``damage + GRAVE·g``
#: (a sum of bullets then holds the total and the number of grave bullets; icepool adds
#: integers far faster than Vectors).
GRAVE = 1 << 20


def icepool_burst_law(
    attack: int,
    dodge: int,
    *,
    weapon: str,
    md: str = "0",
    impaling: bool = False,
    malfunction: int | None = None,
    armour: int = 0,
    hp: int = 12,
    bullets: int = 1,
    locations: bool = False,
) -> icepool.Die:
    """The law of :func:`icepool_attack_law` built as a strong icepool user would: each
    bullet one integer die (:data:`GRAVE`), the bullets after the first as ``k @ bullet``
    for each hit count ``k`` (icepool's repeated sum), the first bullet added, the rows
    mapped per hit count over the T7 location, and the hit counts mixed by their 1dN law
    (a mixture of the per-count dice). Same outcomes, same law (asserted in the benchmark
    and in ``tests/systems/gore/test_burst_peer.py``)."""
    weapon_die, md_die = _icepool_dice(weapon), _icepool_dice(md)
    w_max = weapon_die.max_outcome()

    def attacker_tier(roll: int) -> str:
        if malfunction is not None and roll >= malfunction:
            return "encasquillado"
        return _icepool_tier(roll, attack, impaling)

    att = icepool.d100.map(attacker_tier)
    dfd = icepool.d100.map(lambda roll: _icepool_tier(roll, dodge, False))

    def bullet(cat: str) -> icepool.Die:
        raw = ((w_max if cat in _MAX else weapon_die) + md_die).map(lambda x: max(0, x))

        def dealt(x: int) -> int:
            d = max(0, x - (0 if cat in _BYPASS else armour)) * (2 if cat in _DOUBLE else 1)
            return d + GRAVE * (2 * d > hp)

        return raw.map(dealt)

    def one_grave(x: int) -> int:
        """Any number of grave bullets as one (fewer outcomes to carry)."""
        return x % GRAVE + GRAVE * (x >= GRAVE)

    def wound(total: int, grave: bool) -> str:
        if total <= 0:
            return "none"
        return "mortal" if hp - total <= 0 else "grave" if grave else "leve"

    def status(loc: str, total: int) -> str:
        if not locations:
            return ""
        left = _location_max(loc, hp) - total
        return "ok" if left > 0 else "disabled" if left > -_location_max(loc, hp) else "severe"

    where = icepool.d20.map(lambda f: _T7[f - 1]) if locations else icepool.Die([""])
    normal = bullet("hit_normal")
    after_first = [(k @ normal).map(one_grave) for k in range(bullets)]

    @functools.cache
    def tails(cat: str) -> icepool.Die:
        first = bullet(cat)

        def hits(k: int) -> icepool.Die:
            one = locations and k == 1

            def row(loc: str, x: int) -> tuple[Any, ...]:
                total, grave = x % GRAVE, x >= GRAVE
                st = status(loc, total)
                fate = _icepool_fate(hp - total, loc, st)
                return (cat, total, wound(total, grave), *((loc, st) if one else ("", "")), k, fate)

            return icepool.map(row, where, (first + after_first[k - 1]).map(one_grave))

        return icepool.Die([hits(k) for k in range(1, bullets + 1)])

    still = _icepool_fate(hp, "", "")

    def joint(a: str, d: str) -> Any:
        if a == "encasquillado":
            return (a, "none", "malfunction", 0, "none", "", "", 0, still)
        cat = _T4.get((a, d), "miss")
        if cat == "miss":
            return (a, d, "miss", 0, "none", "", "", 0, still)
        return tails(cat).map(lambda t: (a, d, *t))

    return icepool.map(joint, att, dfd)


def icepool_law_dict(die: icepool.Die) -> dict[tuple[Any, ...], Fraction]:
    """The icepool law as exact Fractions."""
    den = die.denominator()
    return {outcome: Fraction(q, den) for outcome, q in die.items()}


def rolkit_law_dict(rows: dict) -> dict[tuple[Any, ...], Fraction]:
    """rolkit's rows on icepool's outcome tuples (no KO or block item in these scenarios)."""
    out: dict[tuple[Any, ...], Fraction] = {}
    for r, p in rows.items():
        assert r.ko is None and r.block_item_pg_after is None
        key = (
            r.attacker_tier,
            r.defender_tier,
            r.category,
            r.damage,
            r.wound,
            r.location or "",
            r.location_status or "",
            r.bullets_hit,
            r.fate or "",
        )
        out[key] = out.get(key, Fraction(0)) + p
    return out


#: Effective skills and the rest of each side-by-side scenario: (label, rolkit forms,
#: icepool arguments).
def side_by_side_cases() -> list[tuple[str, tuple[Any, ...], dict[str, Any]]]:
    x4 = (
        g.Combatant(fue=13, tam=14, attack_skill=60),
        g.Combatant(dodge_skill=40, armour=2, hp_max=12),
        g.Weapon(damage="1D8+1"),
        g.Modifiers(),
    )
    cases = [
        (
            "X4 attack vs dodge",
            x4,
            dict(weapon="1D8+1", md="+1D4", armour=2, hp=12),
        )
    ]
    smg = g.SYSTEM.presets["weapon"]["Subfusil"]
    for n in (1, 5, 10, 14):
        forms = (
            g.Combatant(attack_skill=60),
            g.Combatant(dodge_skill=30, armour=1, hp_max=12),
            smg,
            g.Modifiers(bullets=n, distance_m=30.0, use_hit_locations=True),
        )
        extra = dict(
            weapon=smg.damage,
            impaling=smg.impaling,
            malfunction=smg.malfunction,
            armour=1,
            hp=12,
            bullets=n,
            locations=True,
        )
        cases.append((f"SMG burst ×{n}, locations", forms, extra))
    out = []
    for label, forms, extra in cases:
        extra = dict(
            extra,
            attack=g.attack_skill(*forms),
            dodge=g.defence_skill(forms[1], forms[0], forms[2], forms[3]),
        )
        out.append((label, forms, extra))
    return out


def _peer_law(
    peer: Callable[..., icepool.Die], kw: dict[str, Any]
) -> dict[tuple[Any, ...], Fraction]:
    return icepool_law_dict(peer(**kw))


def _side_by_side(rows: list[tuple[str, float, str]]) -> None:
    """rolkit against icepool on each case, interleaved runs, caches cleared (untimed)
    before each. The single blows against :func:`icepool_attack_law`; the bursts against
    :func:`icepool_burst_law` (the per-hit-count sums; the bullet-by-bullet peer is slower
    and would flatter rolkit). Every law asserted equal to rolkit's first."""
    for label, forms, kw in side_by_side_cases():
        n = kw.get("bullets", 1)
        peer, name = (icepool_burst_law, "k @ bullet") if n > 1 else (icepool_attack_law, "")
        exact = rolkit_law_dict(g.attack_outcomes(*forms).rows)
        assert exact == icepool_law_dict(peer(**kw)), f"{label}: laws disagree"
        t_r, t_i = medians_side_by_side(
            [functools.partial(g.attack_outcomes, *forms), functools.partial(_peer_law, peer, kw)],
            repeat=3 if n > 5 else 7,
            setups=[clear_caches, clear_icepool_caches],
        )
        target = "≥ 8×" if n == 14 else "≥ 2×"
        note = "d100 × d100 through T4, 1D8+1+1D4" if n == 1 and not kw.get("locations") else ""
        note = note or f"vs dodge, {n} bullet{'s' if n > 1 else ''} fired, 1dN hit"
        rows.append((f"gore {label}: rolkit (cold, CPU)", t_r, f"{len(exact)} outcomes; {note}"))
        peer_note = f"icepool, {name} (cold, CPU)" if name else "icepool (cold, CPU)"
        rows.append((f"gore {label}: {peer_note}", t_i, "same law, asserted equal"))
        rows.append((f"gore {label}: icepool / rolkit", Ratio(t_i / t_r), f"target {target}"))


# --------------------------------------------------------------------------- the fight
def icepool_blow_law(attack: int, dodge: int, weapon: str, md: str, hp: int) -> icepool.Die:
    """One default blow as an icepool Die of the target's HP after it: d100 × d100 through
    T4 (:data:`_T4`), P9 damage (maximum cells: the weapon's maximum, MD still rolled;
    criticals doubled), no armour. Fumbles and *defensa inhábil* leave no mark on the forms
    by default (``after_effects = "blow"``), so they are not in the state."""
    weapon_die, md_die = _icepool_dice(weapon), _icepool_dice(md)
    w_max = weapon_die.max_outcome()

    def damage(cat: str) -> icepool.Die:
        raw = ((w_max if cat in _MAX else weapon_die) + md_die).map(lambda x: max(0, x))
        return raw.map(lambda x: x * (2 if cat in _DOUBLE else 1))

    def cell(a_roll: int, d_roll: int) -> Any:
        a = _icepool_tier(a_roll, attack, False)
        cat = _T4.get((a, _icepool_tier(d_roll, dodge, False)), "miss")
        return hp if cat == "miss" else damage(cat).map(lambda dmg: hp - dmg)

    return icepool.map(cell, icepool.d100, icepool.d100)


def icepool_fight() -> dict[str, Fraction]:
    """The 1v1 fight at default forms (A: default attacker and weapon, B: default defender
    and weapon, A first, default modifiers) as an absorbing Markov chain in icepool: the
    state is both HP at the start of a round; a round is A's blow, then B's if B can still
    act; a fighter at HP ≤ 2 is out (§7.3 down, dying or dead) and the state absorbs."""
    a, d, w = g.Combatant(), g.Combatant(), g.Weapon()
    attack = g.attack_skill(a, d, w, g.Modifiers())
    dodge = g.defence_skill(d, a, w, g.Modifiers())
    assert dodge is not None
    md, weapon = a.md, w.damage

    @functools.cache
    def blow(hp: int) -> icepool.Die:
        return icepool_blow_law(attack, dodge, weapon, md, hp)

    def round_step(hp_a: int, hp_b: int) -> Any:
        if hp_a <= 2 or hp_b <= 2:
            return (hp_a, hp_b)

        def b_turn(b_after: int) -> Any:
            if b_after <= 2:
                return (hp_a, b_after)
            return blow(hp_a).map(lambda a_after: (a_after, b_after))

        return blow(hp_b).map(b_turn)

    end = icepool.map(round_step, (a.max_hp, d.max_hp), repeat="inf", star=True)
    law = end.map(lambda hp_a, hp_b: "a" if hp_b <= 2 else "b", star=True)
    return {k: Fraction(q, law.denominator()) for k, q in law.items()}


def rolkit_fight() -> Any:
    """``rolkit.fight_odds`` of the same fight, to the end."""
    from rolkit.fight import odds_of_fighters

    d = g.SYSTEM.defaults()
    fighters = [("A", "a", d["attacker"], d["weapon"]), ("B", "b", d["defender"], d["weapon"])]
    return odds_of_fighters(g.SYSTEM, fighters, rounds=None)


def _cold(fn: Callable[[], object]) -> Callable[[], object]:
    return lambda: (clear_caches(), fn())


def _transitions_rows(rows: list[tuple[str, float, str]]) -> None:
    """The after-state law of one attack (defaults, wounded, heavy), then the 1v1 fight."""
    s = g.SYSTEM
    d = s.defaults()
    default = (d["attacker"], d["defender"], d["weapon"], d["modifiers"])
    law = s.transitions(*default)
    rows.append(
        (
            "gore transitions, default forms (cold)",
            median_seconds(_cold(lambda: s.transitions(*default)), repeat=25),
            f"{len(law)} after-states; target ≤ 20 ms",
        )
    )
    hurt = max((p, x) for (_a, x), p in law.items() if x != d["defender"] and s.status(x) is None)[
        1
    ]
    wounded = (d["attacker"], hurt, d["weapon"], d["modifiers"])
    rows.append(
        (
            "gore transitions, wounded defender (cold)",
            median_seconds(_cold(lambda: s.transitions(*wounded)), repeat=25),
            f"HP {hurt.current_hp}; target: a few ms",
        )
    )
    heavy = (
        s.presets["attacker"]["Guerrero (Hab. 60, FUE 13, TAM 14: MD +1D4)"],
        s.presets["defender"]["Con rodela (bloqueo 50, 20 PG)"],
        d["weapon"],
        s.presets["modifiers"]["Localización de impactos"],
    )
    n_heavy = len(s.transitions(*heavy))
    rows.append(
        (
            "gore transitions, Guerrero vs rodela, hit locations (cold)",
            median_seconds(_cold(lambda: s.transitions(*heavy)), repeat=7),
            f"{n_heavy} after-states (T10 reported, the default)",
        )
    )
    # the 1v1 fight against icepool_fight: bench_fight.peer_rows (#27)


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
    exact: dict[tuple[Any, ...], Fraction] = {}
    for row, p in g.attack_outcomes(*args).rows.items():
        k = (row.attacker_tier, row.defender_tier, row.category, row.damage, row.wound)
        exact[k] = exact.get(k, Fraction(0)) + p
    assert dict(exact) == naive, "naive enumeration disagrees with the engine"
    t_exact = median_seconds(lambda: g.attack_outcomes(*args), repeat=25, setup=clear_caches)
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
    _side_by_side(rows)
    _transitions_rows(rows)
    return rows


if __name__ == "__main__":
    from benchmarks.timing import fmt_value

    for name, seconds, note in run():
        print(f"{fmt_value(seconds)}  {name}  ({note})")
