"""§7.2 / §7.3 The exact law of one attack: ``attack_outcomes`` and ``hit_probability``.

Exact over attacker d100 × defender d100 × location d20 × shield coverage d100 × bullets
1dN × every damage die. Hot path in integers: tiers are face counts out of 100, one
blow's damage is integer weights over its dice count (:func:`..rules.damage.blow_weights`), the
bullets of a burst are convolved as integer polynomials (numpy, int64 while no weight can
overflow, else Python integers), each hit count's law memoised per bullet law, and each
output row becomes one ``Fraction`` at the end (a 14-bullet burst has 13 000 rows). The rules the roll applies too
(shield, burst, KO, wound, fate) come from :mod:`.stages`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from rolkit.memo import memo

from ..forms import Combatant, Modifiers, Weapon
from ..options import GoreOptions
from ..rules.checks import tier_counts
from ..rules.damage import BlowProfile, blow_weights, pre_armour_weights, uses_max
from ..rules.fate import Fate, fate
from ..rules.location import location_faces
from ..rules.matrices import HIT_CATEGORIES, CellEffect, defence_cell
from ..rules.wounds import wound_level
from .key import ROW_CATEGORIES, AttackKey
from .stages import (
    action_fate,
    action_status,
    action_wound,
    armour_at,
    blocked_blow,
    bullet_categories,
    item_pg_after_cell,
    ko_result,
    maneuver_rows,
    natural_block,
    shield_blow,
    shield_chance,
)
from .validate import ActionContext, build_context

__all__ = [
    "OutcomeDistribution",
    "attack_outcomes",
    "odds",
    "context_outcomes",
    "hit_probability",
]


#: A row without its two tiers, with an integer weight: ``{tail: weight}`` over ``den``.
Tails = tuple[dict[tuple[Any, ...], int], int]


# --------------------------------------------------------------------------- tiers
def _tier_laws(
    ctx: ActionContext,
) -> tuple[tuple[tuple[str, int], ...], tuple[tuple[str, int], ...]]:
    """P7/P8 The attacker's and the defender's tiers as face counts (out of 100, or 1 for
    ``automatico`` / ``none``)."""
    if ctx.helpless:
        att: tuple[tuple[str, int], ...] = (("automatico", 1),)
    else:
        att = tier_counts(ctx.attack_v, ctx.impaling, ctx.malfunction, ctx.options)
    if ctx.defence_v is None:
        return att, (("none", 1),)
    return att, tier_counts(ctx.defence_v, False, None, ctx.options)


# --------------------------------------------------------------------------- bullets
#: The law of some bullets' total damage in integers: ``(clear, grave, den)``, where
#: ``clear[t]`` weighs a total ``t`` with no bullet grave alone and ``grave[t]`` a total
#: ``t`` with at least one (P13.10), both over ``den``.
Burst = tuple[tuple[int, ...], tuple[int, ...], int]
_INT64 = 1 << 63


def _product(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    """The polynomial product of two integer weight lists, exactly: numpy's convolution in
    int64 when no coefficient can overflow (each is at most ``sum(a) · sum(b)``, the weights
    being ≥ 0), else on Python integers."""
    import numpy as np  # pandas' dependency; imported on the first burst only

    if not a or not b:
        return ()
    dtype: Any = np.int64 if sum(a) * sum(b) < _INT64 else object
    out = np.convolve(np.array(a, dtype=dtype), np.array(b, dtype=dtype))
    return tuple(out.tolist())  # Python ints either way


def _sum(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    """``a + b`` coefficient by coefficient (the shorter padded with zeros)."""
    if len(a) < len(b):
        a, b = b, a
    return tuple(x + y for x, y in zip(a, (*b, *(0,) * (len(a) - len(b))), strict=True))


def _bullet(
    profile: BlowProfile, category: str, armour: int, options: GoreOptions, hp_max: int
) -> Burst:
    """One bullet's damage law split by P13.10: a bullet is grave alone when 2v > Hmax."""
    weights, den = blow_weights(profile, category, armour, options)
    top = max(v for v, _ in weights)
    clear, grave = [0] * (top + 1), [0] * (top + 1)
    for v, w in weights:
        (grave if 2 * v > hp_max else clear)[v] += w
    return tuple(clear), tuple(grave), den


def _add_bullet(law: Burst, bullet: Burst) -> Burst:
    """One more bullet: clear stays clear only with a clear bullet; grave is anything with a
    grave part (``(C, G) · (c, g) = (C·c, G·(c + g) + C·g)``)."""
    c0, g0, d0 = law
    c1, g1, d1 = bullet
    return (
        _product(c0, c1),
        _sum(_product(g0, _sum(c1, g1)), _product(c0, g1)),
        d0 * d1,
    )


@memo
def _chain(
    profile: BlowProfile, category: str, armour: int, options: GoreOptions, hp_max: int, n: int
) -> tuple[Burst, ...]:
    """The law of j bullets of one category, j = 0..n (:data:`Burst`)."""
    bullet = _bullet(profile, category, armour, options, hp_max)
    out: list[Burst] = [((1,), (), 1)]
    for _ in range(n):
        out.append(_add_bullet(out[-1], bullet))
    return tuple(out)


@memo
def _burst_states(
    profile: BlowProfile, cats: tuple[str, ...], armour: int, options: GoreOptions, hp_max: int
) -> tuple[Burst, ...]:
    """P11.6 / P13.10 After each bullet k = 1..len(cats) (:data:`Burst`).

    The bullets after the first share one category (G19), so their laws are one memoised
    chain; the first bullet is convolved onto each link.
    """
    first, rest = cats[0], cats[1:]
    if all(c == first for c in rest):
        return _chain(profile, first, armour, options, hp_max, len(cats))[1:]
    assert all(c == rest[0] for c in rest)
    bullet = _bullet(profile, first, armour, options, hp_max)
    chain = _chain(profile, rest[0], armour, options, hp_max, len(rest))
    return tuple(_add_bullet(law, bullet) for law in chain)


def _wounds(
    ctx: ActionContext, law: Burst, known: dict[tuple[int, bool], str]
) -> list[tuple[int, str, int]]:
    """P13.10 ``(total, wound, weight)`` of a burst's law, the clear and grave weights of a
    total merged when they give the same wound (none, mortal); ``known`` memoises
    :func:`.stages.action_wound` for the attack."""
    clear, grave, _ = law
    out = []
    for total in range(max(len(clear), len(grave))):
        n_clear = clear[total] if total < len(clear) else 0
        n_grave = grave[total] if total < len(grave) else 0
        if not (n_clear or n_grave):
            continue
        w_clear = known.get((total, False))
        if w_clear is None:
            w_clear = known[(total, False)] = action_wound(ctx, total, False)
        w_grave = known.get((total, True))
        if w_grave is None:
            w_grave = known[(total, True)] = action_wound(ctx, total, True)
        if w_clear == w_grave:
            out.append((total, w_clear, n_clear + n_grave))
            continue
        if n_clear:
            out.append((total, w_clear, n_clear))
        if n_grave:
            out.append((total, w_grave, n_grave))
    return out


ShieldState = dict[tuple[int, int, bool], int]


@memo
def _shield_states(
    profile: BlowProfile,
    cats: tuple[str, ...],
    armour: int,
    options: GoreOptions,
    hp_max: int,
    pg0: int,
    strike: bool = False,
) -> tuple[tuple[ShieldState, int], ...]:
    """P10 / P11.10 Bullets striking a shield in turn (:func:`.stages.shield_blow` each):
    ``({(pg, total, grave): weight}, den)`` after each bullet."""
    state: ShieldState = {(pg0, 0, False): 1}
    den = 1
    out = []
    for c in cats:
        weights, d = pre_armour_weights(profile, uses_max(c, options))
        nxt: ShieldState = {}
        for (pg, total, grave), n in state.items():
            for r, w in weights:
                blow = shield_blow(c, r, pg, armour, options, strike)
                v = blow.to_bearer
                key = (blow.pg_after, total + v, grave or 2 * v > hp_max)
                nxt[key] = nxt.get(key, 0) + n * w
        state, den = nxt, den * d
        out.append((state, den))
    return tuple(out)


# --------------------------------------------------------------------------- tails
def _ko_tails(ctx: ActionContext, cat: str, loc: str | None, armour: int, pg: int | None) -> Tails:
    """P14 A knock-out attempt that hits (one blow): unconscious if the blow would be grave."""
    weights, den = blow_weights(ctx.profile, cat, armour, ctx.options)
    out: dict[tuple[Any, ...], int] = {}
    row_loc = loc if ctx.use_loc else None
    for d, n in weights:
        ko, dmg = ko_result(ctx, cat, d, armour)
        key = (
            cat,
            dmg,
            wound_level(dmg, ctx.hp_max, ctx.hp_cur),
            row_loc,
            action_status(ctx, loc, dmg),
            1,
            ko,
            pg,
            action_fate(ctx, dmg, row_loc, ko),
        )
        out[key] = out.get(key, 0) + n
    return out, den


def _fate_groups(
    ctx: ActionContext, locs: list[tuple[str | None, int]]
) -> list[tuple[str | None, int]]:
    """Locations whose fate is the same function of the damage, merged (a representative
    and the summed face count): without hit locations the fate reads the HP only."""
    if not ctx.use_loc:
        return [(None, sum(n for _, n in locs))]
    groups: dict[tuple[Any, ...], list[Any]] = {}
    for loc, n in locs:
        assert loc is not None
        kind = loc if loc in ("cabeza", "pecho") else "other"
        sig = (kind, ctx.loc_hp[loc], ctx.loc_damage.get(loc, 0))
        if sig in groups:
            groups[sig][1] += n
        else:
            groups[sig] = [loc, n]
    return [(loc, n) for loc, n in groups.values()]


class _FateMix:
    """For a set of location groups, the fates a total damage gives, with the summed face
    counts of the groups that give each (§7.3; memoised per total)."""

    def __init__(self, ctx: ActionContext, groups: list[tuple[str | None, int]]) -> None:
        self.ctx, self.groups = ctx, groups
        self.memo: dict[int, tuple[tuple[Fate, int], ...]] = {}

    def __call__(self, total: int) -> tuple[tuple[Fate, int], ...]:
        mix = self.memo.get(total)
        if mix is None:
            acc: dict[Fate, int] = {}
            for loc, n in self.groups:
                f = action_fate(self.ctx, total, loc)
                acc[f] = acc.get(f, 0) + n
            mix = self.memo[total] = tuple(acc.items())
        return mix


class _Shared:
    """What the cells of one attack share while their rows are built: the wound of each
    ``(total, grave)`` and the fate mix of each group of locations (they read the defender
    only, not the cell)."""

    def __init__(self, ctx: ActionContext) -> None:
        self.ctx = ctx
        self.wounds: dict[tuple[int, bool], str] = {}
        self.mixes: dict[tuple[tuple[str | None, int], ...], _FateMix] = {}

    def mix(self, groups: list[tuple[str | None, int]]) -> _FateMix:
        key = tuple(groups)
        known = self.mixes.get(key)
        if known is None:
            known = self.mixes[key] = _FateMix(self.ctx, groups)
        return known


def _hit_tails(
    ctx: ActionContext,
    cat: str,
    attacker_tier: str,
    pg_after: int | None,
    located: bool = False,
    shared: _Shared | None = None,
) -> Tails:
    """Rows of a ``hit_*`` cell: location (T7) → cover or shield (T13) → bullets → damage.

    Integer weights summed directly over one common denominator (location faces × shield
    chance × bullets × the bullet dice), no Fractions here. ``located``: burst rows name
    the location too (the after-state writes its damage there; §7.2 rows do not).
    """
    if ctx.roll_location:
        branches: list[tuple[str | None, int]] = list(location_faces().items())
        loc_den = 20
    else:
        branches = [(None, 1)]
        loc_den = 1
    covered = [(loc, n) for loc, n in branches if loc is not None and loc in ctx.covered]
    by_armour: dict[int, list[tuple[str | None, int]]] = {}
    for loc, n_loc in branches:
        if not (loc is not None and loc in ctx.covered):
            by_armour.setdefault(armour_at(ctx, loc), []).append((loc, n_loc))
    w_shield, s_den = shield_chance(ctx, attacker_tier)
    w_body = s_den - w_shield
    cats = bullet_categories(ctx, cat)
    b = ctx.bullets
    shields = {}
    bodies = {}
    kos: dict[tuple[int, str | None], Tails] = {}
    for armour, locs in by_armour.items():
        if w_shield:
            assert ctx.item_pg is not None
            shields[armour] = _shield_states(
                ctx.profile, cats, armour, ctx.options, ctx.hp_max, ctx.item_pg, ctx.strike
            )
        if w_body and ctx.ko:
            for loc, _ in locs:
                kos[(armour, loc)] = _ko_tails(ctx, cat, loc, armour, pg_after)
        elif w_body:
            bodies[armour] = _burst_states(ctx.profile, cats, armour, ctx.options, ctx.hp_max)
    dens = [b * den for states in shields.values() for _, den in states]
    dens.extend(b * law[2] for laws in bodies.values() for law in laws)
    dens.extend(den for _, den in kos.values())
    common = loc_den * s_den * math.lcm(1, *dens)
    acc: dict[tuple[Any, ...], int] = {}
    key: tuple[Any, ...]
    if covered:
        key = ("cover_hit", 0, "none", None, None, 0, None, pg_after, fate(ctx.hp_cur))
        acc[key] = sum(n for _, n in covered) * (common // loc_den)
    hp = ctx.hp_cur
    for armour, locs in by_armour.items():
        n_all = sum(n for _, n in locs)
        for k, (sstate, den) in enumerate(shields.get(armour, ()), start=1):
            scale = n_all * w_shield * (common // (loc_den * s_den * b * den))
            for (pg, total, grave), n in sstate.items():
                wound = action_wound(ctx, total, grave)
                key = ("shield_hit", total, wound, None, None, k, None, pg, fate(hp - total))
                acc[key] = acc.get(key, 0) + n * scale
        for loc, n_loc in locs:
            if (armour, loc) in kos:
                tails, den = kos[(armour, loc)]
                scale = n_loc * w_body * (common // (loc_den * s_den * den))
                for key, n in tails.items():
                    acc[key] = acc.get(key, 0) + n * scale
        if armour not in bodies:
            continue
        shared = shared or _Shared(ctx)
        mix = shared.mix(_fate_groups(ctx, locs))
        for k, law in enumerate(bodies[armour], start=1):
            unit = w_body * (common // (loc_den * s_den * b * law[2]))
            rows = _wounds(ctx, law, shared.wounds)
            if (k == 1 or located) and ctx.use_loc:
                for loc, n_loc in locs:
                    scale = n_loc * unit
                    for total, wound, n in rows:
                        status = action_status(ctx, loc, total)
                        f = fate(hp - total, loc, status)
                        key = (cat, total, wound, loc, status, 1, None, pg_after, f)
                        acc[key] = acc.get(key, 0) + n * scale
                continue
            for total, wound, n in rows:
                for f, n_grp in mix(total):
                    key = (cat, total, wound, None, None, k, None, pg_after, f)
                    acc[key] = acc.get(key, 0) + n * n_grp * unit
    return acc, common


def _blocked_tails(ctx: ActionContext) -> Tails:
    """P10.1 A ``blocked`` cell: with a tracked item, what passes it reaches the bearer."""
    if ctx.item_pg is None:
        return {("blocked", 0, "none", None, None, 0, None, None, fate(ctx.hp_cur)): 1}, 1
    weights, den = pre_armour_weights(ctx.profile, False)
    out: dict[tuple[Any, ...], int] = {}
    for r, n in weights:
        pg2, _, d = blocked_blow(ctx.item_pg, r, ctx.armour)
        wound = wound_level(d, ctx.hp_max, ctx.hp_cur)
        key = ("blocked", d, wound, None, None, 0, None, pg2, fate(ctx.hp_cur - d))
        out[key] = out.get(key, 0) + n
    return out, den


def _tails(
    ctx: ActionContext,
    cell: CellEffect,
    attacker_tier: str,
    cache: dict[Hashable, Tails],
    located: bool = False,
    shared: _Shared | None = None,
) -> Tails:
    """The rows of one matrix cell, without its tiers (memoised per call on what they read)."""
    pg_after = item_pg_after_cell(ctx, cell)
    cat = cell.category
    special = attacker_tier in ("critico", "empalar") and ctx.coverage > 0
    key = (cat, special, pg_after)
    if key not in cache:
        if cat in HIT_CATEGORIES:
            cache[key] = _hit_tails(ctx, cat, attacker_tier, pg_after, located, shared)
        elif cat == "blocked":
            cache[key] = _blocked_tails(ctx)
        else:
            cache[key] = {(cat, 0, "none", None, None, 0, None, pg_after, fate(ctx.hp_cur)): 1}, 1
    return cache[key]


# --------------------------------------------------------------------------- results
@dataclass(frozen=True)
class OutcomeDistribution:
    """§7.2 The exact law of one attack.

    Attributes:
        cells: ``(attacker_tier, defender_tier) -> (probability, CellEffect)``.
        rows: ``AttackKey -> probability`` (sums to exactly 1).
        attack_skill: the P5 effective attack skill.
        defence_skill: the P6 effective defence skill (None: no defence roll).
        defence: ``'dodge' | 'block' | 'none'`` (the matrix used).
    """

    cells: dict[tuple[str, str], tuple[Fraction, CellEffect]]
    rows: dict[AttackKey, Fraction]
    attack_skill: int = 0
    defence_skill: int | None = None
    defence: str = "none"
    item_pg_before: int | None = None
    counterattack_possible: bool = False
    options: GoreOptions = field(default_factory=GoreOptions)

    def _marginal(self, f: Callable[[AttackKey], Any]) -> dict[Any, Fraction]:
        out: dict[Any, Fraction] = {}
        for row, p in self.rows.items():
            k = f(row)
            out[k] = out.get(k, Fraction(0)) + p
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

    def fate(self) -> dict[str | None, Fraction]:
        """§7.3 P(defender's fate) in the order None, down, dying, dead."""
        m = self._marginal(lambda r: r.fate)
        return {f: m[f] for f in (None, "down", "dying", "dead") if f in m}

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


def attack_outcomes(
    attacker: Combatant, defender: Combatant, weapon: Weapon, mods: Modifiers
) -> OutcomeDistribution:
    """§7.2 Exact law of one attack over both d100s, location, shield coverage, bullets and
    every damage die (Fractions summing to exactly 1); each row carries the §7.3 fate.

    Raises:
        GoreInputError: an impossible action (block vs ranged, out of range, …).
    """
    return context_outcomes(build_context(attacker, defender, weapon, mods))


def context_outcomes(ctx: ActionContext, located: bool = False) -> OutcomeDistribution:
    """:func:`attack_outcomes` from a built context; ``located``: a burst's rows name the
    location all its bullets struck, and its status (the exact after-state reads them)."""
    att, dfd = _tier_laws(ctx)
    a_den = sum(n for _, n in att)
    d_den = sum(n for _, n in dfd)
    cells: dict[tuple[str, str], tuple[Fraction, CellEffect]] = {}
    parts: list[tuple[str, str, int, Tails]] = []
    cache: dict[Hashable, Tails] = {}
    shared = _Shared(ctx)
    for a_t, ca in att:
        # a malfunction is not defended: its one column carries all of the defender's faces
        defs = (("none", d_den),) if a_t == "encasquillado" else dfd
        for d_t, cd in defs:
            cell = natural_block(ctx, defence_cell(ctx.defence, a_t, d_t))
            w = ca * cd
            cells[(a_t, d_t)] = (Fraction(w, a_den * d_den), cell)
            if ctx.maneuver == "none":
                parts.append((a_t, d_t, w, _tails(ctx, cell, a_t, cache, located, shared)))
    if ctx.maneuver != "none":
        return _distribution(ctx, cells, _maneuver_outcomes(ctx, dfd))
    return _distribution(ctx, cells, _combine(parts, a_den * d_den))


def _maneuver_outcomes(
    ctx: ActionContext, dfd: tuple[tuple[str, int], ...]
) -> dict[AttackKey, Fraction]:
    """P15 Desarmar / Capturar rows (:func:`.stages.maneuver_rows`): no damage."""
    rows: dict[AttackKey, Fraction] = {}
    for (a_t, d_t, cat, res, pg, f, struck), p in maneuver_rows(ctx, dfd).items():
        row = AttackKey(a_t, d_t, cat, 0, "none", None, None, struck, None, pg, f, res)
        rows[row] = rows.get(row, Fraction(0)) + p
    return rows


def _combine(parts: list[tuple[str, str, int, Tails]], cells_den: int) -> dict[AttackKey, Fraction]:
    """The rows of every cell over one common denominator, one Fraction per row (a
    14-bullet burst has ~13 000: each key is built as a plain tuple of the NamedTuple's
    fields and each Fraction from its reduced integers, the hot path of the burst)."""
    common = math.lcm(*(den for _, _, _, (_, den) in parts))
    total = cells_den * common
    rows: dict[AttackKey, Fraction] = {}
    new_key, new, gcd = tuple.__new__, object.__new__, math.gcd
    for a_t, d_t, w, (tails, den) in parts:
        scale = w * (common // den)
        g = gcd(scale, total)
        scale, part_den = scale // g, total // g
        for tail, n in tails.items():
            num = n * scale
            g = gcd(num, part_den)
            # Fraction(num, part_den) built from its reduced terms: ``fractions.Fraction``
            # keeps exactly these two slots (its own checks and gcd cost ~2×)
            p = new(Fraction)
            p._numerator, p._denominator = num // g, part_den // g  # type: ignore[attr-defined]
            rows[new_key(AttackKey, (a_t, d_t, *tail, None))] = p
    return rows


def _distribution(
    ctx: ActionContext,
    cells: dict[tuple[str, str], tuple[Fraction, CellEffect]],
    rows: dict[AttackKey, Fraction],
) -> OutcomeDistribution:
    return OutcomeDistribution(
        cells=cells,
        rows=rows,
        attack_skill=ctx.attack_v,
        defence_skill=ctx.defence_v,
        defence=ctx.defence,
        item_pg_before=ctx.item_pg,
        counterattack_possible=ctx.counterattack,
        options=ctx.options,
    )


def hit_probability(
    attacker: Combatant, defender: Combatant, weapon: Weapon, mods: Modifiers
) -> Fraction:
    """P(the blow lands on the defender's body): the ``hit`` of :func:`.system.project`,
    from the tier face counts, T7 and T13 alone (no damage dice, no rows), for success grids.

    Equals ``attack_outcomes(...)`` summed over ``hit_*`` categories.
    """
    ctx = build_context(attacker, defender, weapon, mods)
    att, dfd = _tier_laws(ctx)
    a_den = sum(n for _, n in att)
    d_den = sum(n for _, n in dfd)
    uncovered, loc_den = 1, 1
    if ctx.roll_location:
        uncovered = sum(n for loc, n in location_faces().items() if loc not in ctx.covered)
        loc_den = 20
    hits, den = 0, 100  # shield chances are out of 1 or 100
    for a_t, ca in att:
        if a_t == "encasquillado":
            continue
        w_shield, s_den = shield_chance(ctx, a_t)
        body = (s_den - w_shield) * (den // s_den)
        if not body:
            continue
        landed = sum(
            cd for d_t, cd in dfd if defence_cell(ctx.defence, a_t, d_t).category in HIT_CATEGORIES
        )
        hits += ca * landed * body
    return Fraction(hits * uncovered, a_den * d_den * den * loc_den)


def odds(
    attacker: Combatant, defender: Combatant, weapon: Weapon, mods: Modifiers, options: GoreOptions
) -> Mapping[AttackKey, Fraction]:
    """``SYSTEM.odds``: the rows of :func:`attack_outcomes` (``mods.options`` is ``options``,
    ``System.options_field``)."""
    return attack_outcomes(attacker, defender, weapon, mods).rows
