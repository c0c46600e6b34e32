"""§3 P10–P14 The rules of one action that the exact odds (:mod:`.odds`) and the seeded roll
(:mod:`.resolve`) both apply, written once: armour by location, shield coverage (P11.10,
G12), the burst's bullet categories (P11.6, G19), a bullet against a shield (P10), a tracked
block (P10.1), the knock-out (P14), the action's wound (P13.10, G27), the location status
(P12.3) and the defender's fate (§7.3).
"""

from __future__ import annotations

from typing import NamedTuple

from .context import ActionContext
from .damage import apply_item_damage, blow_damage, ignores_armour
from .fate import Fate, fate
from .matrices import CellEffect
from .options import GoreOptions
from .wounds import wound_level

__all__ = [
    "armour_at",
    "shield_chance",
    "bullet_category",
    "bullet_categories",
    "ShieldBlow",
    "shield_blow",
    "blocked_blow",
    "ko_result",
    "action_wound",
    "action_status",
    "action_fate",
    "item_pg_after_cell",
]

_SPECIAL = ("critico", "empalar")


def armour_at(ctx: ActionContext, loc: str | None) -> int:
    """P9 / P12 The armour that protects ``loc`` (location armour when given), else general."""
    if ctx.use_loc and loc is not None and ctx.location_armour and loc in ctx.location_armour:
        return ctx.location_armour[loc]
    return ctx.armour


def shield_chance(ctx: ActionContext, attacker_tier: str) -> tuple[int, int]:
    """P11.10 / G12 / P10.4 The chance a hit strikes the shield, as ``(weight, out_of)``.

    ``(1, 1)``: always (a declared *Golpear Escudo/Arma*, or a normal ranged hit on a shield
    bearer under ``crit_and_impale_only``); ``(0, 1)``: never; else ``(coverage, 100)``.
    """
    if ctx.strike:
        return 1, 1
    if ctx.coverage <= 0:
        return 0, 1
    scope = ctx.options.shield_vs_projectile_scope
    if scope == "crit_and_impale_only" and attacker_tier not in _SPECIAL:
        return 1, 1
    return ctx.coverage, 100


def bullet_category(options: GoreOptions, category: str, index: int) -> str:
    """P11.6 / G19 The first bullet carries the cell's category; the rest are normal hits."""
    if index == 0 or options.burst_special_applies_to == "all":
        return category
    return "hit_normal"


def bullet_categories(ctx: ActionContext, category: str) -> tuple[str, ...]:
    """P11.6 The category of each bullet of the action, in order."""
    return tuple(bullet_category(ctx.options, category, j) for j in range(ctx.bullets))


class ShieldBlow(NamedTuple):
    """P10 One blow or bullet against the shield: what it took and what reached the bearer."""

    to_item: int
    pg_after: int
    overflow: int
    armour: int
    to_bearer: int


def shield_blow(
    category: str, raw: int, pg: int, armour: int, options: GoreOptions, strike: bool
) -> ShieldBlow:
    """P10 / P11.10 A projectile gives the shield its pre-armour value (never doubled); a
    declared strike on the item (P10.4) gives it all the blow's damage (doubling included).
    The overflow ``D − 2P`` reaches the bearer minus armour (none against an impale)."""
    to_item = blow_damage(category, raw, 0, options) if strike else raw
    pg_after, over, _ = apply_item_damage(pg, to_item)
    a = 0 if ignores_armour(category, options) else armour
    return ShieldBlow(to_item, pg_after, over, a, max(0, over - a))


def blocked_blow(item_pg: int, raw: int, armour: int) -> tuple[int, int, int]:
    """P10.1 A ``blocked`` blow against a tracked item: ``(item PG after, overflow, to bearer)``."""
    pg_after, over, _ = apply_item_damage(item_pg, raw)
    return pg_after, over, max(0, over - armour)


def ko_result(ctx: ActionContext, category: str, damage: int, armour: int) -> tuple[str, int]:
    """P14 / G18 A KO attempt that hits with ``damage`` (after armour and doubling):
    ``('unconscious', HP lost)`` if the blow would be grave (2d > Hmax), else
    ``('failed', weapon minimum − armour)`` (no armour against impale categories)."""
    if 2 * damage > ctx.hp_max:
        return "unconscious", damage if ctx.options.ko_success_damage == "full" else 0
    a = 0 if ignores_armour(category, ctx.options) else armour
    return "failed", max(0, ctx.ko_min - a)


def action_wound(ctx: ActionContext, total: int, grave: bool) -> str:
    """P13 / P13.10 / G27 The wound of the action from its total damage and whether one
    blow/bullet alone was grave (``burst_wound = total``: the total as one event)."""
    if ctx.options.burst_wound == "total":
        return wound_level(total, ctx.hp_max, ctx.hp_cur)
    if total <= 0:
        return "none"
    if ctx.hp_cur - total <= 0:
        return "mortal"
    return "grave" if grave else "leve"


def action_status(ctx: ActionContext, loc: str | None, damage: int) -> str | None:
    """P12.3 The status of the location struck after ``damage`` more (None without locations)."""
    if not ctx.use_loc or loc is None:
        return None
    big_l = ctx.loc_hp[loc]
    left = big_l - ctx.loc_damage.get(loc, 0) - damage  # P12.3, as wounds.location_status
    return "ok" if left > 0 else "disabled" if left > -big_l else "severe"


def action_fate(ctx: ActionContext, damage: int, loc: str | None, ko: str | None = None) -> Fate:
    """§7.3 The defender's fate after losing ``damage`` HP with ``loc`` struck (None: no
    location, or the blow did not reach the body)."""
    return fate(ctx.hp_cur - damage, loc, action_status(ctx, loc, damage), ko)


def item_pg_after_cell(ctx: ActionContext, cell: CellEffect) -> int | None:
    """P10.2 The tracked block item's PG after the cell's «arma del defensor pierde 4PG»."""
    if ctx.item_pg is not None and cell.defender_item_pg_loss:
        return max(0, ctx.item_pg - cell.defender_item_pg_loss)
    return ctx.item_pg
