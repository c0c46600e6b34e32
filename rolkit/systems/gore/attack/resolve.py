"""§7.1 One seeded attack: ``resolve_attack`` as a sequence of named stages, each recording
its steps, in the canonical draw order:

1. attacker d100 (:func:`_attack_roll`); 2. defender d100 (:func:`_defence_roll`); the
matrix cell (:func:`_matrix`); 3. hit location d20 (:func:`_location`); 4. shield coverage
d100 (:func:`_shield`); 5. bullets 1dN (:func:`_bullets`); 6. per blow/bullet weapon dice
(not drawn in maximum cells), MD dice, charge 1D4 (:func:`_damage`), or for a ``blocked``
cell with a tracked item the same dice (:func:`_blocked`); 7. KO 1D10 (:func:`_knock_out`);
location status, T9 and the cell's side effects (:func:`_consequences`); 8. fumble tables,
attacker then defender (:func:`_fumbles`); 9. the wound, and for a *grave* wound the T10
d100, its loss dice and the SUE d100 (:func:`_wound`) — not for a dead target (§7.3).

The rules the exact odds apply too (shield, burst, KO, wound, fate) come from
:mod:`.stages`, so every key a roll returns has positive exact probability.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from rolkit.dice import parse
from rolkit.hooks import Resolved
from rolkit.model import Step

from ..forms import Combatant, Modifiers, Weapon
from ..messages import LOSS_KEYS, cite, cite_all, fumble_key, plain
from ..options import GoreOptions
from ..rules.checks import check_tier, crit_range
from ..rules.damage import blow_damage, ignores_armour, md_value, uses_max, weapon_value
from ..rules.fate import Fate
from ..rules.location import hit_location
from ..rules.matrices import HIT_CATEGORIES, CellEffect, defence_cell
from ..tables import T10_LOSS_DICE, UNARMED_FUMBLE, TableRow, location_effect, table_lookup
from .key import AttackKey, Resolution
from .stages import (
    action_fate,
    action_status,
    action_wound,
    armour_at,
    blocked_blow,
    bullet_category,
    disarm_threshold,
    forms_after,
    item_pg_after_cell,
    ko_result,
    natural_block,
    shield_blow,
    shield_chance,
)
from .validate import ActionContext, build_context

__all__ = ["resolve_attack", "resolve"]


@dataclass
class _Roll:
    """What the stages have found so far (one attack, mutable while it is resolved)."""

    ctx: ActionContext
    rng: Any
    steps: list[Step] = field(default_factory=list)
    attacker_tier: str = "none"
    defender_tier: str = "none"
    cell: CellEffect | None = None
    category: str = "miss"
    location: str | None = None
    shield: bool = False
    bullets_hit: int = 0
    damage: int = 0
    grave: bool = False
    ko: str | None = None
    item_pg_after: int | None = None
    attack_face: int = 0
    maneuver: str | None = None
    effects: dict[str, object] = field(default_factory=dict)
    conditions: dict[str, bool | int] = field(default_factory=dict)

    def step(self, label: str, dice: tuple[int, ...], derived: dict[str, Any], rule: str) -> None:
        self.steps.append(Step(f"gore.step.{label}", dice, derived, plain(rule)))


# --------------------------------------------------------------------------- stages
def _arithmetic(parts: list[tuple[str, str, str]]) -> tuple[dict[str, Any], str]:
    """P5/P6 One skill's lines as ``derived`` (key → shown value) and the citations of each
    modifier applied (the base alone cites the procedure)."""
    derived = {key: value for key, value, _ in parts}
    keys = [c for _, _, c in parts[1:]] or [parts[0][2]]
    return derived, cite_all(keys)


def _skills(r: _Roll) -> None:
    """P5/P6 The effective skills (no dice): every fraction, cap and additive modifier."""
    ctx = r.ctx
    derived, rule = _arithmetic(ctx.attack_detail["parts"])
    derived["attack"] = ctx.attack_v
    derived["crit_max"] = crit_range(ctx.attack_v, ctx.options)
    if ctx.maneuver == "disarm":
        derived["disarm_at"] = disarm_threshold(ctx.attack_v)
        rule = f"{rule} · {cite('disarm')}"
    r.step("skill", (), derived, rule)
    if ctx.defence_v is not None:
        derived, rule = _arithmetic(ctx.defence_detail["parts"])
        derived["defence"] = ctx.defence_v
        derived["defence_kind"] = f"gore.defence.{ctx.defence}"
        r.step("defence_skill", (), derived, rule)


def _attack_roll(r: _Roll) -> None:
    """§1.8 / P7 / P11.7 The attacker's d100 (none against a helpless target)."""
    ctx = r.ctx
    if ctx.helpless:
        r.attacker_tier = "automatico"
        derived: dict[str, Any] = {"result": "gore.tier.automatico"}
        r.step("attack_roll", (), derived, cite("helpless"))
        return
    roll = r.rng.randint(1, 100)
    if ctx.malfunction is not None and roll >= ctx.malfunction:
        r.attacker_tier = "encasquillado"
    else:
        r.attacker_tier = check_tier(roll, ctx.attack_v, ctx.impaling, ctx.options)
    derived = {
        "roll": roll,
        "skill": ctx.attack_v,
        "result": f"gore.tier.{r.attacker_tier}",
    }
    rule = cite("malfunction" if r.attacker_tier == "encasquillado" else "check")
    r.step("attack_roll", (roll,), derived, rule)
    r.attack_face = roll


def _defence_roll(r: _Roll) -> None:
    """P8.1 The defender's d100, if a defence is declared and the weapon fired."""
    ctx = r.ctx
    if ctx.defence_v is None or r.attacker_tier == "encasquillado":
        return
    roll = r.rng.randint(1, 100)
    r.defender_tier = check_tier(roll, ctx.defence_v, False, ctx.options)
    derived = {
        "roll": roll,
        "skill": ctx.defence_v,
        "result": f"gore.tier.{r.defender_tier}",
        "defence_kind": f"gore.defence.{ctx.defence}",
    }
    r.step("defence_roll", (roll,), derived, f"{cite('defence')} · {cite('check')}")


_MATRIX = {
    "dodge": ("dodge_table", "T4"),
    "block": ("block_table", "T5"),
    "none": ("no_defence", "T6"),
}


def _matrix(r: _Roll) -> None:
    """P8 / T4–T6 The cell of the two tiers: category and side effects (P10.2 PG losses)."""
    ctx = r.ctx
    table_cell = defence_cell(ctx.defence, r.attacker_tier, r.defender_tier)
    cell = natural_block(ctx, table_cell)
    r.cell, r.category = cell, cell.category
    jammed = r.attacker_tier == "encasquillado"
    label = "malfunction" if jammed else _MATRIX[ctx.defence][0]
    derived = {
        "attacker": f"gore.tier.{r.attacker_tier}",
        "defender": f"gore.tier.{r.defender_tier}",
        "category": f"gore.category.{cell.category}",
    }
    rule = cite("malfunction") if jammed else f"{cite(label)}: «{cell.seed_text}» (P8)"
    r.step(label, (), derived, rule)
    if cell is not table_cell:
        derived = {"category": f"gore.category.{cell.category}"}
        r.step("natural_block", (), derived, cite("natural_block"))
    r.item_pg_after = item_pg_after_cell(ctx, cell)
    if ctx.item_pg is not None and cell.defender_item_pg_loss:
        r.effects["defender_item_pg_loss"] = cell.defender_item_pg_loss
    if cell.attacker_weapon_pg_loss:
        r.effects["attacker_weapon_pg_loss"] = cell.attacker_weapon_pg_loss
        if ctx.weapon_pg is not None:
            after = max(0, ctx.weapon_pg - cell.attacker_weapon_pg_loss)
            r.effects["attacker_weapon_pg_after"] = after
            if after == 0:
                r.effects["attacker_weapon_broken"] = True  # P10.2 «se queda sin PG se rompe»


def _location(r: _Roll) -> None:
    """P12 / T7 / P11.11 The hit location d20; a covered location strikes the cover."""
    if not r.ctx.roll_location:
        return
    d20 = r.rng.randint(1, 20)
    r.location = hit_location(d20)
    where = {"location": f"gore.location.{r.location}"}
    r.step("location", (d20,), where, cite("location"))
    if r.location in r.ctx.covered:
        r.category = "cover_hit"
        r.step("cover", (), where, cite("cover"))


def _shield(r: _Roll) -> None:
    """P11.10 / T13 / G12 / P10.4 Does the blow strike the shield instead of the body?"""
    ctx = r.ctx
    w_shield, out_of = shield_chance(ctx, r.attacker_tier)
    if not w_shield:
        return
    if w_shield == out_of:
        r.shield = True
        if ctx.strike:
            derived: dict[str, Any] = {"target": "gore.value.shield_or_weapon"}
            r.step("shield", (), derived, cite("strike_item"))
        else:
            derived = {"coverage": "gore.value.always", "shield_hit": "gore.value.shield"}
            r.step("shield", (), derived, cite("shield_always"))
        return
    roll = r.rng.randint(1, 100)
    r.shield = roll <= ctx.coverage
    where = "gore.value.shield" if r.shield else "gore.value.body"
    derived = {"roll": roll, "coverage": ctx.coverage, "shield_hit": where}
    r.step("shield", (roll,), derived, cite("shield_roll"))


def _bullets(r: _Roll) -> None:
    """P11.6 «si se disparan cuatro balas tira 1D4»: how many bullets strike."""
    n = 1
    if r.ctx.bullets > 1:
        n = r.rng.randint(1, r.ctx.bullets)
        derived = {"bullets": r.ctx.bullets, "bullets_hit": n}
        r.step("burst", (n,), derived, cite("bullets"))
    r.bullets_hit = n


def _roll_pre_armour(
    ctx: ActionContext, category: str, rng: Any, use_max: bool | None = None
) -> tuple[int, tuple[int, ...], dict[str, Any], list[str]]:
    """P9 One blow's pre-armour value in the §7.1 order: weapon dice (not in maximum cells),
    MD dice, charge 1D4. Returns ``(raw, faces drawn, derived, citation keys)``; a halved
    term is shown halved («MD 1D4 (3) ÷ 2 = 2»), so the shown terms add up to ``raw``."""
    prof = ctx.profile
    expr = parse(prof.damage)
    if use_max is None:
        use_max = uses_max(category, ctx.options)
    faces: list[int] = []
    derived: dict[str, Any] = {}
    cites = ["damage"]
    if use_max:
        w = weapon_value(expr.maximum, prof.pull_blow)
        text = f"{prof.damage} → {max(0, expr.maximum)}"
        derived["weapon_max"] = f"{text} ÷ 2 = {w}" if prof.pull_blow else text
        cites.append("max_damage")
    else:
        rolled = expr.roll(rng)
        w = weapon_value(rolled.total, prof.pull_blow)
        text = rolled.breakdown()
        derived["weapon"] = f"{text} ÷ 2 = {w}" if prof.pull_blow else text
        faces.extend(f for fs in rolled.faces for f in fs)
    if prof.pull_blow:
        cites.append("pull_blow")
    m = 0
    if prof.md_rule != "none" and parse(prof.md).dice_count:
        md_roll = parse(prof.md).roll(rng)
        m = md_value(md_roll.total, prof.md_rule)
        text = md_roll.breakdown()
        halved = m != md_roll.total
        derived["md"] = f"{text} ÷ 2 = {m}" if halved else text
        if halved:
            cites.append("half_md")
        faces.extend(f for fs in md_roll.faces for f in fs)
    c = 0
    if prof.charge:
        c = rng.randint(1, 4)
        derived["charge"] = f"1D4 ({c}) = {c}"
        faces.append(c)
        cites.append("charge")
    u = 1 if prof.underwater else 0
    if u:
        derived["underwater_damage"] = "−1"
        cites.append("situation")
    return max(0, w + m + c - u), tuple(faces), derived, cites


def _damage(r: _Roll) -> None:
    """P9 / P10 / P11.6 Each blow or bullet: its dice, then the body (armour, doubling) or
    the shield (P10 item rule, the overflow to the bearer)."""
    ctx, opts = r.ctx, r.ctx.options
    armour = armour_at(ctx, r.location)
    pg = ctx.item_pg
    assert r.cell is not None
    for j in range(r.bullets_hit):
        c = bullet_category(opts, r.cell.category, j)
        raw, faces, derived, cites = _roll_pre_armour(ctx, c, r.rng)
        if r.shield:
            assert pg is not None
            blow = shield_blow(c, raw, pg, armour, opts, ctx.strike)
            derived.update(
                to_item=blow.to_item,
                item_pg=f"{pg} → {blow.pg_after}",
                overflow=blow.overflow,
                armour=blow.armour,
                to_bearer=blow.to_bearer,
            )
            r.step("shield_damage", faces, derived, cite_all([*cites, "shield_damage"]))
            pg, dj = blow.pg_after, blow.to_bearer
        else:
            dj = blow_damage(c, raw, armour, opts)
            a_used = 0 if ignores_armour(c, opts) else armour
            derived.update(raw=raw, category=f"gore.category.{c}")
            r.step("damage", faces, derived, cite_all(cites))
            rule = cite("impale_armour" if ignores_armour(c, opts) else "armour")
            r.step("armour", (), {"armour": a_used, "after_armour": max(0, raw - a_used)}, rule)
            if c in ("hit_critical", "hit_impale") and opts.critical_damage_mode != "max_only":
                derived = {"category": f"gore.category.{c}", "damage": dj}
                r.step("critical", (), derived, cite("impale" if c == "hit_impale" else "critical"))
        r.damage += dj
        r.grave = r.grave or 2 * dj > ctx.hp_max
    if r.shield:
        r.category = "shield_hit"
        r.item_pg_after = pg
        r.effects["item_pg_after"] = pg
        if pg == 0 and (ctx.item_pg or 0) > 0:
            r.effects["item_destroyed"] = True


def _knock_out(r: _Roll) -> None:
    """P14 A knock-out attempt that hit the body: 1D10+10 rounds unconscious, or the
    weapon's minimum damage."""
    ctx = r.ctx
    if not ctx.ko or r.shield or r.category not in HIT_CATEGORIES:
        return
    assert r.cell is not None
    armour = armour_at(ctx, r.location)
    r.ko, r.damage = ko_result(ctx, r.cell.category, r.damage, armour)
    if r.ko == "unconscious":
        k10 = r.rng.randint(1, 10)
        rounds = 10 + k10
        r.conditions["unconscious"] = True
        r.conditions["ko_unconscious_rounds"] = rounds
        derived = {"result": "gore.value.ko_unconscious", "rounds": rounds, "damage": r.damage}
        r.step("ko", (k10,), derived, cite("ko"))
    else:
        derived = {"result": "gore.value.ko_failed", "min_damage": ctx.ko_min, "damage": r.damage}
        r.step("ko", (), derived, cite("ko_failed"))
    r.grave = 2 * r.damage > ctx.hp_max


def _blocked(r: _Roll) -> None:
    """P10.1 A ``blocked`` blow against a tracked item: what passes it reaches the bearer."""
    ctx = r.ctx
    if r.category != "blocked" or ctx.item_pg is None:
        return
    raw, faces, derived, cites = _roll_pre_armour(ctx, "hit_normal", r.rng, use_max=False)
    pg2, over, r.damage = blocked_blow(ctx.item_pg, raw, ctx.armour)
    r.grave = 2 * r.damage > ctx.hp_max
    r.item_pg_after = pg2
    r.effects["item_pg_after"] = pg2
    if pg2 == 0 and ctx.item_pg > 0:
        r.effects["item_destroyed"] = True
    derived.update(
        to_item=raw,
        item_pg=f"{ctx.item_pg} → {pg2}",
        overflow=over,
        armour=ctx.armour,
        to_bearer=r.damage,
    )
    r.step("shield_damage", faces, derived, cite_all([*cites, "shield_damage"]))


def _maneuver(r: _Roll) -> None:
    """P15 Desarmar / Capturar: the maneuver replaces the blow's damage. A disarm that lands
    with a roll ≤ round(V/2) draws the defender's FUE×3 d100, then 1D6−1 m of flight."""
    ctx = r.ctx
    assert r.cell is not None
    hit = r.cell.category in HIT_CATEGORIES
    derived: dict[str, Any] = {"maneuver": f"gore.value.{ctx.maneuver}"}
    faces: tuple[int, ...] = ()
    if ctx.maneuver == "capture":
        r.maneuver = "captured" if hit else "capture_failed"
        if hit:
            r.conditions["captured_rounds"] = 2
    else:
        ok = ctx.helpless or r.attack_face <= disarm_threshold(ctx.attack_v)
        derived["disarm_at"] = disarm_threshold(ctx.attack_v)
        if not (hit and ok):
            r.maneuver = "disarm_failed"
        elif ctx.helpless:
            r.maneuver = "disarmed"
        else:
            keep = r.rng.randint(1, 100)
            kept = check_tier(keep, ctx.keep_target, False, ctx.options) in (
                "exito",
                "critico",
            )
            derived["keep_check"] = f"{keep} vs {ctx.keep_target}"
            faces = (keep,)
            r.maneuver = "kept_weapon" if kept else "disarmed"
        if r.maneuver == "disarmed" and not ctx.helpless:
            d6 = r.rng.randint(1, 6)
            faces = (*faces, d6)
            derived["flies_m"] = d6 - 1
            r.effects["weapon_flies_m"] = d6 - 1
    derived["result"] = f"gore.value.{r.maneuver}"
    r.bullets_hit = 1 if hit else 0
    r.effects["maneuver"] = r.maneuver
    r.step("maneuver", faces, derived, cite(ctx.maneuver))


def _body_location(r: _Roll) -> str | None:
    """The location the body was struck in (None: no locations, or not a body hit)."""
    if r.ctx.use_loc and r.category in HIT_CATEGORIES and r.bullets_hit >= 1:
        return r.location
    return None


def _consequences(r: _Roll) -> None:
    """P12.3 / T9 The struck location's status and effect; P10.2 item PG; the cell's
    side effects (defence disabled, counter-attack, P10.3, P11.7)."""
    ctx, cell = r.ctx, r.cell
    assert cell is not None
    if "item_pg_after" not in r.effects and r.item_pg_after not in (None, ctx.item_pg):
        r.effects["item_pg_after"] = r.item_pg_after
        if r.item_pg_after == 0 and (ctx.item_pg or 0) > 0:
            r.effects["item_destroyed"] = True
    loc = _body_location(r)
    status = action_status(ctx, loc, r.damage)
    if loc is not None and status is not None:
        if status != "ok":
            r.effects["location_effect"] = location_effect(loc, status)
            if loc in ("pecho", "cabeza") or (loc == "abdomen" and status == "severe"):
                r.conditions["unconscious"] = True
            if loc == "cabeza" and status == "severe":
                r.conditions["dying"] = True
                r.effects["instant_death"] = True
            if loc.startswith("pierna") and status == "severe":
                r.effects["new_conditions"] = ("leg_severe",)
        derived = {"location": f"gore.location.{loc}", "status": f"gore.status.{status}"}
        dead = loc == "cabeza" and status == "severe"
        r.step("location_status", (), derived, cite("instant_death" if dead else "location_status"))
    opts = ctx.options
    if cell.defence_disabled and opts.defence_disabled_rounds > 0:
        r.conditions["defence_disabled"] = True
        r.effects["defence_disabled_rounds"] = opts.defence_disabled_rounds
    if ctx.counterattack and r.defender_tier == "critico":
        r.effects["counterattack_available"] = True
    if cell.category == "blocked" and ctx.weapon_kind == "unarmed":
        r.effects["unarmed_blocked"] = cite("unarmed_blocked")
    if ctx.ranged and r.attacker_tier != "encasquillado":
        r.effects["rounds_fired"] = ctx.bullets  # P11.8 / P11.9: ammunition and silencer
    if r.category == "malfunction":
        r.effects["malfunction"] = (
            "«Encasquillamiento»: un arma de un solo disparo no dispara este turno; una "
            "automática se encasquilla (Mecánica o la Habilidad de arma la arregla en 1D6 "
            "turnos) (P11.7)"
        )


def _roll_fumble(r: _Roll, who: str, melee_table: bool) -> TableRow:
    """P16 One fumble table: T12 1D6 (ranged), or T11 d100 rolling again on 00."""
    label = f"fumble_{who}"
    if not melee_table:
        roll = r.rng.randint(1, 6)
        row = table_lookup("ranged_fumble", roll)
        derived = {"table": "gore.value.table_ranged", "result": fumble_key(row.table, row.low)}
        r.step(label, (roll,), derived, cite("ranged_fumble"))
        return row
    rolls = []
    while True:
        roll = r.rng.randint(1, 100)
        rolls.append(roll)
        row = table_lookup("melee_fumble", roll)
        if not row.roll_again:
            break
    derived = {"table": "gore.value.table_melee", "result": fumble_key(row.table, row.low)}
    rule = cite("melee_fumble_again" if len(rolls) > 1 else "melee_fumble")
    r.step(label, tuple(rolls), derived, rule)
    return row


def _fumbles(r: _Roll) -> None:
    """P16 / G6 / G24 The fumble tables: the attacker's, then the defender's."""
    ctx, cell = r.ctx, r.cell
    assert cell is not None
    if cell.attacker_fumble == "yes" or (
        cell.attacker_fumble == "gm_choice" and ctx.options.gm_fumble_choice == "roll"
    ):
        if ctx.weapon_kind in ("unarmed", "natural"):
            row = UNARMED_FUMBLE
            derived = {"table": "gore.value.table_unarmed", "result": "gore.fumble.unarmed"}
            r.step("fumble_attacker", (), derived, cite("unarmed_fumble"))
        else:
            row = _roll_fumble(r, "attacker", not ctx.ranged)
        r.effects["attacker_fumble"] = row
    if cell.defender_fumble:
        r.effects["defender_fumble"] = _roll_fumble(r, "defender", True)


def _serious_wound(r: _Roll, hp_after: int) -> None:
    """P13.5 / T10 A *grave* wound: the T10 d100 and its loss dice, then the SUE d100."""
    ctx = r.ctx
    r.conditions["grave_rounds_left"] = hp_after
    t10 = r.rng.randint(1, 100)
    row = table_lookup("serious_wound", t10)
    assert row.type is not None
    losses: dict[str, int] = {}
    faces = [t10]
    for what, dice in T10_LOSS_DICE[row.type]:
        rolled = parse(dice).roll(r.rng)
        losses[what] = rolled.total
        faces.extend(f for fs in rolled.faces for f in fs)
    sue_target = ctx.pod * 5
    sue = r.rng.randint(1, 100)
    sue_ok = check_tier(sue, sue_target, False, ctx.options) in ("exito", "critico")
    faces.append(sue)
    r.effects["serious_wound"] = row
    r.effects["serious_wound_losses"] = losses
    r.effects["serious_wound_permanent"] = not sue_ok
    derived = {
        "type": row.type,
        **{f"lost_{LOSS_KEYS[k]}": v for k, v in losses.items()},
        "effect": f"gore.serious.{row.type}",
        "luck": f"{sue} vs {sue_target}",
        "consequences": "gore.value.temporary" if sue_ok else "gore.value.permanent",
    }
    r.step("serious", tuple(faces), derived, cite("serious"))


def _wound(r: _Roll, fate: Fate) -> str:
    """P13 The action's wound (P13.10 for bursts), its conditions and, unless the target is
    dead (§7.3), the serious-wound roll."""
    ctx = r.ctx
    wound = action_wound(ctx, r.damage, r.grave)
    hp_after = ctx.hp_cur - r.damage
    derived: dict[str, Any] = {
        "damage": r.damage,
        "hp": f"{ctx.hp_cur} → {hp_after}",
        "wound": "gore.value.wound_none" if wound == "none" else f"gore.wound.{wound}",
    }
    if fate is not None:
        derived["fate"] = f"gore.fate.{fate}"
    cites = [f"wound_{wound}"]
    if r.bullets_hit > 1 and ctx.options.burst_wound == "per_bullet" and wound != "none":
        cites.append("wound_burst")
    if fate == "dead":
        cites.append("instant_death")
    r.step("wound", (), derived, cite_all(cites))
    if wound == "mortal":
        r.conditions["dying"] = True
    elif wound == "grave" and fate != "dead":
        _serious_wound(r, hp_after)
    elif wound == "leve":
        before, after = 2 * ctx.defender_24h, 2 * (ctx.defender_24h + r.damage)
        if before <= ctx.hp_max < after:
            r.effects["accumulated_light_wounds_check"] = ctx.pod * 4
    if 0 < hp_after <= 2 and wound != "mortal":
        r.conditions["unconscious"] = True
    return wound


# --------------------------------------------------------------------------- the attack
def resolve_attack(
    attacker: Combatant, defender: Combatant, weapon: Weapon, mods: Modifiers, rng: Any
) -> Resolution:
    """§7.1 Resolve one attack with ``rng.randint`` in the canonical draw order.

    Raises:
        GoreInputError: an impossible action.
    """
    r = _Roll(build_context(attacker, defender, weapon, mods), rng)
    _skills(r)
    _attack_roll(r)
    _defence_roll(r)
    _matrix(r)
    if r.ctx.maneuver != "none":
        _maneuver(r)
    elif r.category in HIT_CATEGORIES:
        _location(r)
        if r.category != "cover_hit":
            _shield(r)
            _bullets(r)
            _damage(r)
            _knock_out(r)
    if r.ctx.maneuver == "none":
        _blocked(r)
    _consequences(r)
    _fumbles(r)
    loc = _body_location(r)
    fate = action_fate(r.ctx, r.damage, loc, r.ko)
    if r.maneuver == "captured" and fate is None:
        fate = "down"  # P15 Capturar: «incapaz de moverse o realizar cualquier acción»
    wound = _wound(r, fate)
    one = loc is not None and r.bullets_hit == 1
    row = AttackKey(
        r.attacker_tier,
        r.defender_tier,
        r.category,
        r.damage,
        wound,
        loc if one else None,
        action_status(r.ctx, loc, r.damage) if one else None,
        r.bullets_hit,
        r.ko,
        r.item_pg_after,
        fate,
        r.maneuver,
    )
    res = Resolution(
        steps=tuple(r.steps),
        hit=r.category in HIT_CATEGORIES,
        category=r.category,
        damage=r.damage,
        wound=wound,
        hp_after=r.ctx.hp_cur - r.damage,
        location=r.location if r.category in HIT_CATEGORIES else None,
        location_status=action_status(r.ctx, loc, r.damage),
        conditions=r.conditions,
        effects=r.effects,
        row=row,
        attacker_tier=r.attacker_tier,
        defender_tier=r.defender_tier,
        fate=fate,
    )
    after = forms_after(attacker, defender, weapon, res, options=mods.options)
    return dataclasses.replace(
        res,
        attacker_after=after["attacker"],
        defender_after=after["defender"],
        weapon_after=after["weapon"],
    )


def resolve(
    attacker: Combatant,
    defender: Combatant,
    weapon: Weapon,
    mods: Modifiers,
    options: GoreOptions,
    rng: Any,
) -> Resolved[Resolution, AttackKey]:
    """``SYSTEM.resolve``: :func:`resolve_attack` (``mods.options`` is ``options``,
    ``System.options_field``) as the kit's ``Resolved(steps, outcome, key)``."""
    res = resolve_attack(attacker, defender, weapon, mods, rng)
    return Resolved(res.steps, res, res.key)
