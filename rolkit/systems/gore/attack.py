"""§3 P7–P14 / §7 One attack: ``resolve_attack`` (one seeded roll, every step recorded) and
``attack_outcomes`` (the exact law of every outcome).

Both share the pure pieces (tiers, matrices, blow damage, item rule, wounds) so that every
key a roll can return has positive exact probability. Draw order of ``resolve_attack``
(§7.1): attacker d100; defender d100; hit location d20; shield coverage d100; bullets 1dN;
per blow/bullet weapon dice (not drawn in maximum cells), MD dice, charge 1D4 (for a
``blocked`` cell with a tracked item: weapon dice, MD, charge); KO 1D10; fumble tables
(attacker, then defender); serious wound d100, its loss dice, then the SUE d100.

Interpretations where the spec is silent (see the report and §6):

* one location roll per action: every bullet of a burst strikes that location (or the
  cover), and the row reports the location only when exactly one bullet hits;
* one shield-coverage roll per action: on ``shield_hit`` every bullet strikes the shield in
  turn (P10 item rule per bullet; a destroyed shield lets the rest through);
* a ``cover_hit`` draws no damage dice (the cover's PG are not tracked);
* a helpless target does not interpose its shield against projectiles;
* ``bullets_hit`` counts the blows/bullets that struck the defender or its shield (0 for a
  miss, a block, a cover hit or a malfunction).
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Any, NamedTuple

from rolkit.dice import parse
from rolkit.model import Step

from .after import forms_after
from .checks import (
    attack_tier_distribution,
    check_tier,
    crit_range,
    location_faces,
    location_hp,
    tier_distribution,
)
from .damage import (
    BlowProfile,
    _pre_armour,
    apply_item_damage,
    blow_damage,
    blow_distribution,
    blow_profile,
    ignores_armour,
    md_value,
    uses_max,
    weapon_minimum,
    weapon_value,
)
from .forms import Combatant, GoreOptions, Modifiers, Weapon
from .matrices import HIT_CATEGORIES, CellEffect, defence_cell
from .ranged import coverage_for
from .skills import attack_skill_detail, defence_skill_detail
from .tables import T10_LOSS_DICE, UNARMED_FUMBLE, TableRow, location_effect, table_lookup
from .wounds import location_status, wound_level

__all__ = [
    "OutcomeRow",
    "OutcomeDistribution",
    "Resolution",
    "resolve_attack",
    "attack_outcomes",
    "hit_probability",
    "clear_caches",
]

ROW_CATEGORIES = (
    "malfunction",
    "miss",
    "cover_hit",
    "blocked",
    "shield_hit",
    "hit_normal",
    "hit_normal_bypass",
    "hit_max",
    "hit_max_bypass",
    "hit_critical",
    "hit_impale",
)


class OutcomeRow(NamedTuple):
    """§7.2 One outcome of an attack (the key of the exact odds and of a roll)."""

    attacker_tier: str
    defender_tier: str
    category: str
    damage: int
    wound: str
    location: str | None
    location_status: str | None
    bullets_hit: int
    ko: str | None
    block_item_pg_after: int | None


# --------------------------------------------------------------------------- context
@dataclass(frozen=True)
class _Ctx:
    attack_v: int
    attack_detail: dict
    defence_v: int | None
    defence_detail: dict
    defence: str
    helpless: bool
    impaling: bool
    malfunction: int | None
    options: GoreOptions
    profile: BlowProfile
    armour: int
    location_armour: dict | None
    hp_max: int
    hp_cur: int
    loc_hp: dict
    loc_damage: dict
    roll_location: bool
    use_loc: bool
    covered: frozenset
    coverage: int
    bullets: int
    ko: bool
    ko_min: int
    item_pg: int | None
    ranged: bool
    weapon_kind: str
    counterattack: bool
    strike: bool = False


def _context(attacker: Combatant, defender: Combatant, weapon: Weapon, mods: Modifiers) -> _Ctx:
    att_v, att_detail = attack_skill_detail(attacker, defender, weapon, mods)
    def_v, def_detail = defence_skill_detail(defender, attacker, weapon, mods)
    defence = mods.defence if def_v is not None else "none"
    hmax = defender.max_hp
    loc_hp = (
        dict(defender.location_hp_override)
        if defender.location_hp_override is not None
        else location_hp(hmax)
    )
    if defender.location_hp_override is not None:
        full = location_hp(hmax)
        full.update(loc_hp)
        loc_hp = full
    item = defender.block_item
    coverage = coverage_for(defender, mods) if weapon.ranged and not mods.target_helpless else 0
    return _Ctx(
        attack_v=att_v,
        attack_detail=att_detail,
        defence_v=def_v,
        defence_detail=def_detail,
        defence=defence,
        helpless=mods.target_helpless,
        impaling=weapon.impaling,
        malfunction=weapon.malfunction,
        options=mods.options,
        profile=blow_profile(attacker, weapon, mods),
        armour=defender.armour,
        location_armour=dict(defender.location_armour) if defender.location_armour else None,
        hp_max=hmax,
        hp_cur=defender.current_hp,
        loc_hp=loc_hp,
        loc_damage=dict(defender.location_damage),
        roll_location=(mods.use_hit_locations or bool(mods.covered_locations))
        and not mods.strike_item,
        strike=mods.strike_item,
        use_loc=mods.use_hit_locations,
        covered=frozenset(mods.covered_locations),
        coverage=coverage,
        bullets=mods.bullets,
        ko=mods.ko_attempt,
        ko_min=weapon_minimum(weapon.damage),
        item_pg=item.pg if item is not None else None,
        ranged=weapon.ranged,
        weapon_kind=weapon.kind,
        counterattack=defender.two_weapons and defence == "block",
    )


def _armour_at(ctx: _Ctx, loc: str | None) -> int:
    if ctx.use_loc and loc is not None and ctx.location_armour and loc in ctx.location_armour:
        return ctx.location_armour[loc]
    return ctx.armour


def _shield_probability(ctx: _Ctx, attacker_tier: str) -> Fraction:
    """P11.10 / G12 probability that a ranged hit strikes the shield instead of the body
    (1 for a declared *Golpear Escudo/Arma*, P10.4)."""
    if ctx.strike:
        return Fraction(1)
    if ctx.coverage <= 0:
        return Fraction(0)
    if ctx.options.shield_vs_projectile_scope == "crit_and_impale_only" and attacker_tier not in (
        "critico",
        "empalar",
    ):
        return Fraction(1)
    return Fraction(ctx.coverage, 100)


def _bullet_category(ctx: _Ctx, category: str, index: int) -> str:
    """P11.6 / G19 the first bullet carries the cell's category; the rest are normal hits."""
    if index == 0 or ctx.options.burst_special_applies_to == "all":
        return category
    return "hit_normal"


def _wound(ctx: _Ctx, total: int, grave: bool) -> str:
    """P13 / P13.10 wound of an action from its total damage and "one bullet was grave"."""
    if ctx.options.burst_wound == "total":
        return wound_level(total, ctx.hp_max, ctx.hp_cur)
    if total <= 0:
        return "none"
    if ctx.hp_cur - total <= 0:
        return "mortal"
    return "grave" if grave else "leve"


def _status(ctx: _Ctx, loc: str | None, damage: int) -> str | None:
    if not ctx.use_loc or loc is None:
        return None
    return location_status(ctx.loc_hp[loc], ctx.loc_damage.get(loc, 0) + damage)


# --------------------------------------------------------------------------- exact odds
def _add(out: dict, key: Any, p: Fraction) -> None:
    out[key] = out.get(key, 0) + p


def _int_weights(items) -> tuple[tuple[tuple[int, int], ...], int]:
    """Fractions → integer weights over one common denominator (fast exact convolution)."""
    items = tuple(items)
    den = math.lcm(*(p.denominator for _, p in items))
    return tuple((v, int(p * den)) for v, p in items), den


@lru_cache(maxsize=256)
def _burst_states(
    profile: BlowProfile, cats: tuple[str, ...], armour: int, options: GoreOptions, hp_max: int
) -> tuple[tuple[dict, int], ...]:
    """P11.6 / P13.10 after each bullet k = 1..len(cats): ``({(total, grave): weight}, den)``."""
    state: dict = {(0, False): 1}
    den = 1
    out = []
    for c in cats:
        weights, d = _int_weights(blow_distribution(profile, c, armour, options))
        nxt: dict = {}
        for (total, grave), n in state.items():
            for v, w in weights:
                key = (total + v, grave or 2 * v > hp_max)
                nxt[key] = nxt.get(key, 0) + n * w
        state, den = nxt, den * d
        out.append((state, den))
    return tuple(out)


@lru_cache(maxsize=256)
def _shield_states(
    profile: BlowProfile,
    cats: tuple[str, ...],
    armour: int,
    options: GoreOptions,
    hp_max: int,
    pg0: int,
    strike: bool = False,
) -> tuple[tuple[dict, int], ...]:
    """P10 / P11.10 bullets striking a shield in turn: ``({(pg, total, grave): weight}, den)``.

    A projectile gives the shield its pre-armour value (never doubled, P11.10); a declared
    strike on the item (P10.4) gives it all the blow's damage (doubling included, no armour).
    """
    state: dict = {(pg0, 0, False): 1}
    den = 1
    out = []
    for c in cats:
        a = 0 if ignores_armour(c, options) else armour
        weights, d = _int_weights(_pre_armour(profile, uses_max(c, options)).items())
        nxt: dict = {}
        for (pg, total, grave), n in state.items():
            for r, w in weights:
                to_item = blow_damage(c, r, 0, options) if strike else r
                pg2, over, _ = apply_item_damage(pg, to_item)
                v = max(0, over - a)
                key = (pg2, total + v, grave or 2 * v > hp_max)
                nxt[key] = nxt.get(key, 0) + n * w
        state, den = nxt, den * d
        out.append((state, den))
    return tuple(out)


def _cats(ctx: _Ctx, cat: str) -> tuple[str, ...]:
    return tuple(_bullet_category(ctx, cat, j) for j in range(ctx.bullets))


def _ko_tails(ctx: _Ctx, cat: str, loc: str | None, armour: int, pg_after: int | None) -> dict:
    """P14 a knock-out attempt that hits: unconscious if the blow would be grave."""
    out: dict = {}
    opts = ctx.options
    a = 0 if ignores_armour(cat, opts) else armour
    failed = max(0, ctx.ko_min - a)
    for d, p in blow_distribution(ctx.profile, cat, armour, opts):
        if 2 * d > ctx.hp_max:
            ko, dmg = "unconscious", (d if opts.ko_success_damage == "full" else 0)
        else:
            ko, dmg = "failed", failed
        w = wound_level(dmg, ctx.hp_max, ctx.hp_cur)
        key = (cat, dmg, w, loc if ctx.use_loc else None, _status(ctx, loc, dmg), 1, ko, pg_after)
        _add(out, key, p)
    return out


def _hit_tails(ctx: _Ctx, cat: str, attacker_tier: str, pg_after: int | None) -> dict:
    """Rows of a ``hit_*`` cell: location (T7) → cover or shield (T13) → bullets → damage.

    Exact integer bookkeeping: every contribution is ``numerator / denominator`` with
    integer parts, summed over their least common denominator and turned into one
    ``Fraction`` per row at the end (bursts create thousands of rows).
    """
    if ctx.roll_location:
        branches = list(location_faces().items())  # (loc, faces out of 20)
        loc_den = 20
    else:
        branches = [(None, 1)]
        loc_den = 1
    parts: list[tuple[tuple, int, int]] = []  # (key, numerator, denominator)
    by_armour: dict[int, list] = {}
    for loc, n_loc in branches:
        if loc is not None and loc in ctx.covered:
            parts.append((("cover_hit", 0, "none", None, None, 0, None, pg_after), n_loc, loc_den))
        else:
            by_armour.setdefault(_armour_at(ctx, loc), []).append((loc, n_loc))
    p_shield = _shield_probability(ctx, attacker_tier)
    w_shield, w_body = p_shield.numerator, p_shield.denominator - p_shield.numerator
    s_den = p_shield.denominator
    cats = _cats(ctx, cat)
    b = ctx.bullets
    for armour, locs in by_armour.items():
        n_all = sum(n for _, n in locs)
        if w_shield:
            states = _shield_states(
                ctx.profile, cats, armour, ctx.options, ctx.hp_max, ctx.item_pg, ctx.strike
            )
            for k, (state, den) in enumerate(states, start=1):
                d = loc_den * s_den * b * den
                for (pg, total, grave), n in state.items():
                    key = ("shield_hit", total, _wound(ctx, total, grave), None, None, k, None, pg)
                    parts.append((key, n_all * w_shield * n, d))
        if not w_body:
            continue
        if ctx.ko:
            for loc, n_loc in locs:
                for key, q in _ko_tails(ctx, cat, loc, armour, pg_after).items():
                    parts.append(
                        (key, n_loc * w_body * q.numerator, loc_den * s_den * q.denominator)
                    )
            continue
        states = _burst_states(ctx.profile, cats, armour, ctx.options, ctx.hp_max)
        for k, (state, den) in enumerate(states, start=1):
            d = loc_den * s_den * b * den
            if k == 1 and ctx.use_loc:
                for loc, n_loc in locs:
                    for (total, grave), n in state.items():
                        wound = _wound(ctx, total, grave)
                        key = (cat, total, wound, loc, _status(ctx, loc, total), 1, None, pg_after)
                        parts.append((key, n_loc * w_body * n, d))
                continue
            for (total, grave), n in state.items():
                key = (cat, total, _wound(ctx, total, grave), None, None, k, None, pg_after)
                parts.append((key, n_all * w_body * n, d))
    common = math.lcm(*(d for _, _, d in parts))
    acc: dict = {}
    for key, n, d in parts:
        acc[key] = acc.get(key, 0) + n * (common // d)
    return {key: Fraction(n, common) for key, n in acc.items() if n}


def _blocked_tails(ctx: _Ctx) -> dict:
    if ctx.item_pg is None:
        return {("blocked", 0, "none", None, None, 0, None, None): Fraction(1)}
    out: dict = {}
    for r, p in _pre_armour(ctx.profile, False).items():
        pg2, over, _ = apply_item_damage(ctx.item_pg, r)
        d = max(0, over - ctx.armour)
        _add(
            out, ("blocked", d, wound_level(d, ctx.hp_max, ctx.hp_cur), None, None, 0, None, pg2), p
        )
    return out


def _tails(ctx: _Ctx, cell: CellEffect, attacker_tier: str, cache: dict) -> dict:
    pg_after = ctx.item_pg
    if pg_after is not None and cell.defender_item_pg_loss:
        pg_after = max(0, pg_after - cell.defender_item_pg_loss)
    cat = cell.category
    crit = attacker_tier in ("critico", "empalar") and ctx.coverage > 0
    key = (cat, crit, pg_after)
    if key in cache:
        return cache[key]
    if cat in HIT_CATEGORIES:
        res = _hit_tails(ctx, cat, attacker_tier, pg_after)
    elif cat == "blocked":
        res = _blocked_tails(ctx)
    else:
        res = {(cat, 0, "none", None, None, 0, None, pg_after): Fraction(1)}
    cache[key] = res
    return res


@dataclass(frozen=True)
class OutcomeDistribution:
    """§7.2 The exact law of one attack.

    Attributes:
        cells: ``(attacker_tier, defender_tier) -> (probability, CellEffect)``.
        rows: ``OutcomeRow -> probability`` (sums to exactly 1).
        attack_skill: the P5 effective attack skill.
        defence_skill: the P6 effective defence skill (None: no defence roll).
        defence: ``'dodge' | 'block' | 'none'`` (the matrix used).
    """

    cells: dict[tuple[str, str], tuple[Fraction, CellEffect]]
    rows: dict[OutcomeRow, Fraction]
    attack_skill: int = 0
    defence_skill: int | None = None
    defence: str = "none"
    item_pg_before: int | None = None
    counterattack_possible: bool = False
    options: GoreOptions = field(default_factory=GoreOptions)

    def _marginal(self, f) -> dict:
        out: dict = {}
        for row, p in self.rows.items():
            _add(out, f(row), p)
        return out

    def by_category(self) -> dict[str, Fraction]:
        """P(category) (the eight P8 categories plus shield_hit, cover_hit, malfunction)."""
        m = self._marginal(lambda r: r.category)
        return {c: m[c] for c in ROW_CATEGORIES if c in m}

    def damage(self) -> dict[int, Fraction]:
        """P(HP lost by the defender = d)."""
        return dict(sorted(self._marginal(lambda r: r.damage).items()))

    def wound(self) -> dict[str, Fraction]:
        """P(wound level) in the order none, leve, grave, mortal."""
        m = self._marginal(lambda r: r.wound)
        return {w: m[w] for w in ("none", "leve", "grave", "mortal") if w in m}

    def mean_damage(self) -> Fraction:
        return sum((p * r.damage for r, p in self.rows.items()), Fraction(0))

    def side_effects(self) -> dict[str, Fraction]:
        """P8 side effects: attacker fumble yes / gm_choice, defender fumble, defence
        disabled, attacker weapon −2 PG, defender item −4 PG, item destroyed, counter-attack."""
        out = {
            "attacker_fumble_yes": Fraction(0),
            "attacker_fumble_gm_choice": Fraction(0),
            "defender_fumble": Fraction(0),
            "defence_disabled": Fraction(0),
            "attacker_weapon_pg_loss": Fraction(0),
            "defender_item_pg_loss": Fraction(0),
            "item_destroyed": Fraction(0),
            "counterattack": Fraction(0),
            "malfunction": Fraction(0),
        }
        for (_, d_tier), (p, cell) in self.cells.items():
            if cell.attacker_fumble == "yes":
                out["attacker_fumble_yes"] += p
            elif cell.attacker_fumble == "gm_choice":
                out["attacker_fumble_gm_choice"] += p
            if cell.defender_fumble:
                out["defender_fumble"] += p
            if cell.defence_disabled:
                out["defence_disabled"] += p
            if cell.attacker_weapon_pg_loss:
                out["attacker_weapon_pg_loss"] += p
            if cell.defender_item_pg_loss:
                out["defender_item_pg_loss"] += p
            if cell.category == "malfunction":
                out["malfunction"] += p
            if self.counterattack_possible and d_tier == "critico":
                out["counterattack"] += p
        if self.item_pg_before is not None and self.item_pg_before > 0:
            for row, p in self.rows.items():
                if row.block_item_pg_after == 0:
                    out["item_destroyed"] += p
        return out


def _tier_laws(ctx: Any) -> tuple[dict[str, Fraction], dict[str, Fraction]]:
    """The attacker's and the defender's tier laws (P7/P8): ``automatico`` for a helpless
    target, ``none`` when there is no defence roll."""
    if ctx.helpless:
        att = {"automatico": Fraction(1)}
    else:
        att = attack_tier_distribution(ctx.attack_v, ctx.impaling, ctx.malfunction, ctx.options)
    if ctx.defence_v is None:
        return att, {"none": Fraction(1)}
    return att, tier_distribution(ctx.defence_v, False, ctx.options)


def attack_outcomes(
    attacker: Combatant, defender: Combatant, weapon: Weapon, mods: Modifiers
) -> OutcomeDistribution:
    """§7.2 Exact law of one attack over both d100s, location, shield coverage, bullets and
    every damage die (Fractions summing to exactly 1).

    Raises:
        GoreInputError: an impossible action (block vs ranged, out of range, …).
    """
    ctx = _context(attacker, defender, weapon, mods)
    opts = ctx.options
    att, dfd = _tier_laws(ctx)
    cells: dict = {}
    rows: dict = {}
    cache: dict = {}
    for a_t, pa in att.items():
        defs = {"none": Fraction(1)} if a_t == "encasquillado" else dfd
        for d_t, pd in defs.items():
            cell = defence_cell(ctx.defence, a_t, d_t)
            p = pa * pd
            cells[(a_t, d_t)] = (p, cell)
            # the (attacker, defender) tiers make every row of this cell a new key
            for tail, q in _tails(ctx, cell, a_t, cache).items():
                rows[OutcomeRow(a_t, d_t, *tail)] = p * q
    return OutcomeDistribution(
        cells=cells,
        rows=rows,
        attack_skill=ctx.attack_v,
        defence_skill=ctx.defence_v,
        defence=ctx.defence,
        item_pg_before=ctx.item_pg,
        counterattack_possible=ctx.counterattack,
        options=opts,
    )


def hit_probability(
    attacker: Combatant, defender: Combatant, weapon: Weapon, mods: Modifiers
) -> Fraction:
    """P(the blow lands on the defender's body): the ``hit`` of :func:`project`, computed
    from the tier cells alone (no damage dice), for success grids.

    Equals ``attack_outcomes(...)`` summed over ``hit_*`` categories.
    """
    ctx = _context(attacker, defender, weapon, mods)
    att, dfd = _tier_laws(ctx)
    uncovered = Fraction(1)
    if ctx.roll_location:
        faces = location_faces()
        uncovered = Fraction(sum(n for loc, n in faces.items() if loc not in ctx.covered), 20)
    total = Fraction(0)
    for a_t, pa in att.items():
        if a_t == "encasquillado":
            continue
        body = uncovered * (1 - _shield_probability(ctx, a_t))
        if not body:
            continue
        for d_t, pd in dfd.items():
            if defence_cell(ctx.defence, a_t, d_t).category in HIT_CATEGORIES:
                total += pa * pd * body
    return total


def clear_caches() -> None:
    """Empty every memo of the G.O.R.E. engine (for cold-cache benchmarks)."""
    from . import checks, damage

    for fn in (
        checks._tiers,
        checks._location_hp,
        damage._md_dist,
        damage._pre_armour,
        damage.blow_distribution,
        _burst_states,
        _shield_states,
    ):
        fn.cache_clear()


# --------------------------------------------------------------------------- one roll
@dataclass(frozen=True)
class Resolution:
    """§7.1 One resolved attack: the steps and the final outcome as its own fields.

    ``row`` is the :class:`OutcomeRow` of this roll (the key of the exact odds).
    ``attacker_after``/``defender_after``/``weapon_after``: the forms after the attack
    (:func:`rolkit.systems.gore.after.forms_after`; what the forms cannot hold is listed
    there).
    """

    steps: tuple[Step, ...]
    hit: bool
    category: str
    damage: int
    wound: str
    hp_after: int
    location: str | None
    location_status: str | None
    conditions: dict[str, bool | int]
    effects: dict[str, object]
    row: OutcomeRow
    attacker_tier: str = "none"
    defender_tier: str = "none"
    attacker_after: Combatant | None = None
    defender_after: Combatant | None = None
    weapon_after: Weapon | None = None


_DEF_LABEL = {
    "dodge": "gore.step.dodge_table",
    "block": "gore.step.block_table",
    "none": "gore.step.no_defence",
}


def _roll_pre_armour(
    ctx: _Ctx, category: str, rng, use_max: bool | None = None
) -> tuple[int, dict]:
    """P9 Roll one blow's pre-armour value in the §7.1 order: weapon dice (not in maximum
    cells), MD dice, charge 1D4."""
    prof = ctx.profile
    expr = parse(prof.damage)
    if use_max is None:
        use_max = uses_max(category, ctx.options)
    faces: dict[str, Any] = {}
    if use_max:
        w = weapon_value(expr.maximum, prof.pull_blow)
        faces["W"] = f"máx {w}"
    else:
        rolled = expr.roll(rng)
        w = weapon_value(rolled.total, prof.pull_blow)
        faces["W"] = rolled.breakdown()
        faces["_w_faces"] = [f for fs in rolled.faces for f in fs]
    m = 0
    if prof.md_rule != "none":
        md_roll = parse(prof.md).roll(rng)
        m = md_value(md_roll.total, prof.md_rule)
        faces["MD"] = md_roll.breakdown()
        faces["_md_faces"] = [f for fs in md_roll.faces for f in fs]
    c = 0
    if prof.charge:
        c = rng.randint(1, 4)
        faces["Carga"] = c
    u = 1 if prof.underwater else 0
    return max(0, w + m + c - u), faces


def _dice_of(faces: dict) -> tuple[int, ...]:
    out = list(faces.get("_w_faces", ())) + list(faces.get("_md_faces", ()))
    if "Carga" in faces:
        out.append(faces["Carga"])
    return tuple(out)


def _public(faces: dict) -> dict:
    return {k: v for k, v in faces.items() if not k.startswith("_")}


def _roll_fumble(ctx: _Ctx, rng, steps: list, who: str, melee_table: bool) -> TableRow:
    if not melee_table:
        roll = rng.randint(1, 6)
        row = table_lookup("ranged_fumble", roll)
        steps.append(
            Step(
                "gore.step.fumble",
                (roll,),
                {"quien": who, "tabla": "T12", "resultado": row.text},
                "P16, T12",
            )
        )
        return row
    rolls = []
    while True:
        roll = rng.randint(1, 100)
        rolls.append(roll)
        row = table_lookup("melee_fumble", roll)
        if not row.roll_again:
            break
    steps.append(
        Step(
            "gore.step.fumble",
            tuple(rolls),
            {"quien": who, "tabla": "T11", "resultado": row.text},
            "P16, T11 («00 — Tira otra vez»)",
        )
    )
    return row


def resolve_attack(
    attacker: Combatant, defender: Combatant, weapon: Weapon, mods: Modifiers, rng: Any
) -> Resolution:
    """§7.1 Resolve one attack with ``rng.randint`` in the canonical draw order.

    Raises:
        GoreInputError: an impossible action.
    """
    ctx = _context(attacker, defender, weapon, mods)
    opts = ctx.options
    steps: list[Step] = []
    d = ctx.attack_detail
    steps.append(
        Step(
            "gore.step.skill",
            (),
            {
                "ataque": ctx.attack_v,
                "crítico ≤": crit_range(ctx.attack_v, opts),
                "defensa": ctx.defence_v,
                "base": d.get("base"),
                "fracciones": ", ".join(d.get("fractions", [])) or "—",
                "sumas": ", ".join(d.get("additive", [])) or "—",
            },
            "P5/P6 «Este ajuste se realiza antes de que otros modificadores se apliquen»",
        )
    )
    # 1. attacker d100
    a_roll = None
    if ctx.helpless:
        a_t = "automatico"
        steps.append(
            Step(
                "gore.step.attack_roll",
                (),
                {"resultado": f"gore.tier.{a_t}"},
                "§1.8 «Objetivo indefenso — Éxito automático»",
            )
        )
    else:
        a_roll = rng.randint(1, 100)
        if ctx.malfunction is not None and a_roll >= ctx.malfunction:
            a_t = "encasquillado"
        else:
            a_t = check_tier(a_roll, ctx.attack_v, ctx.impaling, opts)
        steps.append(
            Step(
                "gore.step.attack_roll",
                (a_roll,),
                {"tirada": a_roll, "habilidad": ctx.attack_v, "resultado": f"gore.tier.{a_t}"},
                "§1.2 «igual o inferior a la Habilidad … tiene éxito»",
            )
        )
    # 2. defender d100
    d_t = "none"
    if ctx.defence_v is not None and a_t != "encasquillado":
        d_roll = rng.randint(1, 100)
        d_t = check_tier(d_roll, ctx.defence_v, False, opts)
        steps.append(
            Step(
                "gore.step.defence_roll",
                (d_roll,),
                {
                    "tirada": d_roll,
                    "habilidad": ctx.defence_v,
                    "resultado": f"gore.tier.{d_t}",
                    "defensa": f"gore.defence.{ctx.defence}",
                },
                "P8.1",
            )
        )
    cell = defence_cell(ctx.defence, a_t, d_t)
    steps.append(
        Step(
            _DEF_LABEL[ctx.defence if a_t != "encasquillado" else "none"],
            (),
            {
                "atacante": f"gore.tier.{a_t}",
                "defensor": f"gore.tier.{d_t}",
                "categoría": f"gore.category.{cell.category}",
            },
            f"P8, {'T4' if ctx.defence == 'dodge' else 'T5' if ctx.defence == 'block' else 'T6'} «{cell.seed_text}»",
        )
    )
    category = cell.category
    pg_after = ctx.item_pg
    effects: dict[str, object] = {}
    conditions: dict[str, bool | int] = {}
    if pg_after is not None and cell.defender_item_pg_loss:
        pg_after = max(0, pg_after - cell.defender_item_pg_loss)
        effects["defender_item_pg_loss"] = cell.defender_item_pg_loss
    if cell.attacker_weapon_pg_loss:
        effects["attacker_weapon_pg_loss"] = cell.attacker_weapon_pg_loss
        if weapon.pg is not None:
            after = max(0, weapon.pg - cell.attacker_weapon_pg_loss)
            effects["attacker_weapon_pg_after"] = after
            if after == 0:
                effects["attacker_weapon_broken"] = True  # P10.2 «se queda sin PG se rompe»
    loc = None
    status = None
    damage = 0
    bullets_hit = 0
    ko = None
    grave = False
    if category in HIT_CATEGORIES:
        # 3. location
        if ctx.roll_location:
            d20 = rng.randint(1, 20)
            from .checks import hit_location

            loc = hit_location(d20)
            steps.append(
                Step(
                    "gore.step.location",
                    (d20,),
                    {"localización": f"gore.location.{loc}"},
                    "P12, T7",
                )
            )
            if loc in ctx.covered:
                category = "cover_hit"
                steps.append(
                    Step(
                        "gore.step.cover",
                        (),
                        {"localización": f"gore.location.{loc}"},
                        "P11.11 «queda automáticamente impactando en el objeto/cobertura»",
                    )
                )
        armour = _armour_at(ctx, loc)
        shield = False
        if category != "cover_hit":
            # 4. shield coverage
            p_shield = _shield_probability(ctx, a_t)
            if p_shield == 1:
                shield = True
                if ctx.strike:
                    steps.append(
                        Step(
                            "gore.step.shield",
                            (),
                            {"objetivo": "escudo/arma"},
                            "P10.4 «Golpear Escudo/Arma»: todo el daño va a sus PG",
                        )
                    )
                else:
                    steps.append(
                        Step("gore.step.shield", (), {"cobertura": "siempre (G12)"}, "P11.10, G12")
                    )
            elif p_shield:
                s_roll = rng.randint(1, 100)
                shield = s_roll <= ctx.coverage
                steps.append(
                    Step(
                        "gore.step.shield",
                        (s_roll,),
                        {"cobertura": ctx.coverage, "escudo": shield},
                        "P11.10, T13",
                    )
                )
            # 5. bullets
            n_hit = 1
            if ctx.bullets > 1:
                n_hit = rng.randint(1, ctx.bullets)
                steps.append(
                    Step(
                        "gore.step.burst",
                        (n_hit,),
                        {"balas": ctx.bullets, "impactan": n_hit},
                        "P11.6 «si se disparan cuatro balas tira 1D4»",
                    )
                )
            bullets_hit = n_hit
            # 6. per bullet
            pg = ctx.item_pg
            for j in range(n_hit):
                c = _bullet_category(ctx, cell.category, j)
                value, faces = _roll_pre_armour(ctx, c, rng)
                if shield:
                    to_item = blow_damage(c, value, 0, opts) if ctx.strike else value
                    pg2, over, destroyed = apply_item_damage(pg, to_item)
                    a = 0 if ignores_armour(c, opts) else armour
                    dj = max(0, over - a)
                    steps.append(
                        Step(
                            "gore.step.shield_damage",
                            _dice_of(faces),
                            {
                                **_public(faces),
                                "daño": to_item,
                                "PG escudo": f"{pg} → {pg2}",
                                "pasa": over,
                                "armadura": a,
                                "al portador": dj,
                            },
                            "P10 «el daño sobrante pasa a quien lo usa»",
                        )
                    )
                    pg = pg2
                else:
                    dj = blow_damage(c, value, armour, opts)
                    a_used = 0 if ignores_armour(c, opts) else armour
                    steps.append(
                        Step(
                            "gore.step.damage",
                            _dice_of(faces),
                            {**_public(faces), "bruto": value, "categoría": f"gore.category.{c}"},
                            "P9 «se tira para resolver cuanto daño en PG se inflige, además de "
                            "sumar el Modificador de Daño»",
                        )
                    )
                    steps.append(
                        Step(
                            "gore.step.armour",
                            (),
                            {"armadura": a_used, "tras la armadura": max(0, value - a_used)},
                            "§1.4 «Esto atraviesa (invalida) las protecciones y armaduras»"
                            if ignores_armour(c, opts)
                            else "P9 «antes de aplicarle el daño ... restes el que absorbe la "
                            "armadura»",
                        )
                    )
                    if (
                        c in ("hit_critical", "hit_impale")
                        and opts.critical_damage_mode != "max_only"
                    ):
                        steps.append(
                            Step(
                                "gore.step.critical",
                                (),
                                {"categoría": f"gore.category.{c}", "daño": dj},
                                "P9 «Multiplica el daño … por dos»",
                            )
                        )
                damage += dj
                grave = grave or 2 * dj > ctx.hp_max
            if shield:
                category = "shield_hit"
                pg_after = pg
                effects["item_pg_after"] = pg
                if pg == 0 and (ctx.item_pg or 0) > 0:
                    effects["item_destroyed"] = True
            elif ctx.ko:
                # 7. KO
                a = 0 if ignores_armour(cell.category, opts) else armour
                if 2 * damage > ctx.hp_max:
                    ko = "unconscious"
                    k10 = rng.randint(1, 10)
                    rounds = 10 + k10
                    conditions["unconscious"] = True
                    conditions["ko_unconscious_rounds"] = rounds
                    if opts.ko_success_damage != "full":
                        damage = 0
                    steps.append(
                        Step(
                            "gore.step.ko",
                            (k10,),
                            {"KO": True, "turnos": rounds, "daño": damage},
                            "P14",
                        )
                    )
                else:
                    ko = "failed"
                    damage = max(0, ctx.ko_min - a)
                    steps.append(
                        Step(
                            "gore.step.ko",
                            (),
                            {"KO": False, "daño mínimo": ctx.ko_min, "daño": damage},
                            "P14 «infliges el daño mínimo del arma»",
                        )
                    )
                grave = 2 * damage > ctx.hp_max
    elif category == "blocked" and ctx.item_pg is not None:
        value, faces = _roll_pre_armour(ctx, "hit_normal", rng, use_max=False)
        pg2, over, destroyed = apply_item_damage(ctx.item_pg, value)
        damage = max(0, over - ctx.armour)
        grave = 2 * damage > ctx.hp_max
        pg_after = pg2
        effects["item_pg_after"] = pg2
        if destroyed and ctx.item_pg > 0:
            effects["item_destroyed"] = True
        steps.append(
            Step(
                "gore.step.shield_damage",
                _dice_of(faces),
                {
                    **_public(faces),
                    "daño": value,
                    "PG": f"{ctx.item_pg} → {pg2}",
                    "pasa": over,
                    "armadura": ctx.armour,
                    "al portador": damage,
                },
                "P10 «Escudos»",
            )
        )
    if "item_pg_after" not in effects and pg_after is not None and pg_after != ctx.item_pg:
        effects["item_pg_after"] = pg_after
        if pg_after == 0 and (ctx.item_pg or 0) > 0:
            effects["item_destroyed"] = True
    # wound
    if ctx.options.burst_wound == "total" or bullets_hit <= 1:
        wound = wound_level(damage, ctx.hp_max, ctx.hp_cur)
    else:
        wound = _wound(ctx, damage, grave)
    hp_after = ctx.hp_cur - damage
    one = ctx.use_loc and bullets_hit == 1 and category in HIT_CATEGORIES
    row_loc = loc if one else None
    status = _status(ctx, loc, damage) if one else None
    if one and status != "ok":
        effects["location_effect"] = location_effect(loc, status)
        if loc in ("pecho", "cabeza") or (loc == "abdomen" and status == "severe"):
            conditions["unconscious"] = True
        if loc == "cabeza" and status == "severe":
            conditions["dying"] = True
            effects["instant_death"] = True
        if loc.startswith("pierna") and status == "severe":
            effects["new_conditions"] = ("leg_severe",)
    if one:
        steps.append(
            Step(
                "gore.step.location_status",
                (),
                {"localización": f"gore.location.{loc}", "estado": f"gore.status.{status}"},
                "P12.3",
            )
        )
    # 8. fumbles
    if cell.attacker_fumble == "yes" or (
        cell.attacker_fumble == "gm_choice" and opts.gm_fumble_choice == "roll"
    ):
        if ctx.weapon_kind in ("unarmed", "natural"):
            row = UNARMED_FUMBLE
            steps.append(
                Step(
                    "gore.step.fumble",
                    (),
                    {"quien": "gore.who.atacante", "resultado": row.text},
                    "P16, G24",
                )
            )
        else:
            row = _roll_fumble(ctx, rng, steps, "gore.who.atacante", not ctx.ranged)
        effects["attacker_fumble"] = row
    if cell.defender_fumble:
        effects["defender_fumble"] = _roll_fumble(ctx, rng, steps, "gore.who.defensor", True)
    if cell.defence_disabled and opts.defence_disabled_rounds > 0:
        conditions["defence_disabled"] = True
        effects["defence_disabled_rounds"] = opts.defence_disabled_rounds
    if ctx.counterattack and d_t == "critico":
        effects["counterattack_available"] = True
    if cell.category == "blocked" and ctx.weapon_kind == "unarmed":
        effects["unarmed_blocked"] = (
            "P10.3: si bloquea un arma, el atacante desarmado sufre su daño"
        )
    if category == "malfunction":
        effects["malfunction"] = (
            "P11.7: el arma no dispara / se encasquilla (1D6 turnos para repararla)"
        )
    # 9. wounds
    steps.append(
        Step(
            "gore.step.wound",
            (),
            {"daño": damage, "PG": f"{ctx.hp_cur} → {hp_after}", "herida": f"gore.wound.{wound}"},
            "P13 «una sola lesión que desprovee de más del 50%»",
        )
    )
    if wound == "mortal":
        conditions["dying"] = True
    elif wound == "grave":
        conditions["grave_rounds_left"] = hp_after
        t10 = rng.randint(1, 100)
        row10 = table_lookup("serious_wound", t10)
        losses = {}
        faces = [t10]
        for what, dice in T10_LOSS_DICE[row10.type]:
            r = parse(dice).roll(rng)
            losses[what] = r.total
            faces.extend(f for fs in r.faces for f in fs)
        sue_target = defender.pod * 5
        sue = rng.randint(1, 100)
        sue_ok = check_tier(sue, sue_target, False, opts) in ("exito", "critico")
        faces.append(sue)
        effects["serious_wound"] = row10
        effects["serious_wound_losses"] = losses
        effects["serious_wound_permanent"] = not sue_ok
        steps.append(
            Step(
                "gore.step.serious",
                tuple(faces),
                {
                    "tipo": row10.type,
                    "pérdidas": ", ".join(f"{k} −{v}" for k, v in losses.items()),
                    "efecto": row10.text,
                    "SUE": f"{sue} vs {sue_target}",
                    "permanente": not sue_ok,
                },
                "P13.5, T10 «Debe superarse un chequeo de SUE»",
            )
        )
    elif wound == "leve" and 2 * defender.damage_24h <= ctx.hp_max < 2 * (
        defender.damage_24h + damage
    ):
        effects["accumulated_light_wounds_check"] = defender.pod * 4
    if 0 < hp_after <= 2 and wound != "mortal":
        conditions["unconscious"] = True
    key = OutcomeRow(a_t, d_t, category, damage, wound, row_loc, status, bullets_hit, ko, pg_after)
    res = Resolution(
        steps=tuple(steps),
        hit=category in HIT_CATEGORIES,
        category=category,
        damage=damage,
        wound=wound,
        hp_after=hp_after,
        location=loc if category in HIT_CATEGORIES else None,
        location_status=status,
        conditions=conditions,
        effects=effects,
        row=key,
        attacker_tier=a_t,
        defender_tier=d_t,
    )
    after = forms_after(attacker, defender, weapon, res)
    return dataclasses.replace(
        res,
        attacker_after=after["attacker"],
        defender_after=after["defender"],
        weapon_after=after["weapon"],
    )
