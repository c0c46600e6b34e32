"""#16 The exact law of the forms after one attack (``SYSTEM.transitions``) and where a
form leaves a combatant on the §7.3 track (``SYSTEM.status``).

:func:`after_law` starts from the exact rows of :mod:`.attack.odds` (``located``: a burst's rows
name the location its bullets struck, whose damage the after-state writes; §7.2 rows name
it for one bullet only) and each row's P8 matrix cell (fumbles, *defensa inhábil*, the
attacker's weapon PG), then multiplies in the dice the rows sum over but the forms hold:

* with ``after_effects = "all"``: P16 / T11 the melee fumble d100 of the attacker and of a
  defender who fumbles (00 rolls again, so each other row has its faces out of 99),
  grouped by the lasting effect the form keeps (:func:`.attack.stages.fumble_effect`; T12 and the
  unarmed fumble change no form), and P8 *defensa inhábil*;
* with ``serious_wound_losses = "apply"``: P13.5 / T10 for a *grave* wound of a target not
  dead, the T10 d100 and its loss dice. They split one after-state into up to ~360 (every
  loss of FUE, CON, DES, CAR, INT, MOV, max HP), so a whole fight grows past the exact
  bound; by default (``"report"``) they are reported in the roll only.

The dice no form holds (the KO 1D10, the SUE check, a disarmed weapon's flight, the rounds
of a capture) are summed over. Each after-state is what :func:`.attack.stages.forms_after` writes
for that roll (the same function ``resolve_attack`` calls), so it is ``==`` the forms of
``SYSTEM.after(SYSTEM.resolve(...))``. One Fraction per row group; ``@memo`` on the forms.

What no form holds (so later attacks cannot see it) is listed in :data:`.attack.stages.NOT_TRACKED`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from rolkit.dice import parse
from rolkit.memo import memo

from .attack.key import AttackKey
from .attack.odds import context_outcomes
from .attack.stages import (
    NO_ATTACK,
    UNCONSCIOUS_LOCATIONS,
    forms_after,
    fumble_effect,
    fumble_lost,
    trusted_replace,
)
from .attack.validate import ActionContext, build_context
from .forms import Combatant, Modifiers, Weapon
from .options import GoreOptions
from .rules.derived import defender_location_hp
from .rules.fate import FATE_RANK, Fate, fate
from .rules.matrices import CellEffect
from .rules.wounds import location_status
from .tables import T10_LOSS_DICE, T10_SERIOUS_WOUNDS, T11_MELEE_FUMBLES, TableRow

__all__ = [
    "transitions",
    "after_law",
    "status",
    "serious_loss_law",
    "melee_fumble_law",
    "MORTAL_DEATH_AT",
]

Forms = tuple[Combatant, Combatant, Weapon]
Losses = tuple[tuple[str, int], ...]

#: The states that leave a combatant down (§7.3 «unconscious or unable to act»).
_DOWN_CONDITIONS = ("unconscious", "captured")


# --------------------------------------------------------------------------- status
def status(combatant: Combatant, options: GoreOptions | None = None) -> Fate:
    """§7.3 read from the form alone: the worst fate its HP, its locations' damage (P12.3,
    T8 location HP with its overrides) and its conditions give.

    ``dead``: a head at ``severe``, ``mortal_rounds`` at 2 (P13.4: the round after the
    mortal wound's ended without a stabilisation), or ``severe_rounds_left`` at 0 (T9: a
    destroyed chest, abdomen or limb untreated for ceil((CON+POD)/2) rounds, or a failed
    CON×4 of a destroyed chest or abdomen); ``dying``: HP ≤ 0 or any ``severe``
    location — ``down`` instead once ``stabilised`` (P13.4 «es estabilizado con éxito»;
    T9 «sin tratamiento»); ``down``: HP 1–2 (unless aided: ``stabilised`` and not
    ``unconscious``, P13.6 «hasta que tenga 3 o reciba ayuda»), a ``disabled`` head or
    chest, or the conditions ``unconscious`` / ``captured``; else None (it can act).
    """
    if combatant.mortal_rounds is not None and combatant.mortal_rounds >= MORTAL_DEATH_AT:
        return "dead"
    if combatant.severe_rounds_left == 0:
        return "dead"
    worst = _worst(combatant)
    if worst == "dying" and "stabilised" in combatant.conditions:
        return "down"
    return worst


#: P13.4 ``Combatant.mortal_rounds`` at this value: dead (the wound's round, then the next).
MORTAL_DEATH_AT = 2


def _worst(combatant: Combatant) -> Fate:
    hp = combatant.current_hp
    knocked = any(c in combatant.conditions for c in _DOWN_CONDITIONS)
    if 0 < hp <= 2 and not knocked and "stabilised" in combatant.conditions:
        hp = 3  # P13.6 «pierde el conocimiento hasta que tenga 3 o reciba ayuda»: aided
    worst = fate(hp, ko="unconscious" if knocked else None)
    damaged = {loc: n for loc, n in combatant.location_damage.items() if n > 0}
    if damaged:
        loc_hp = defender_location_hp(combatant)
        for loc, n in damaged.items():
            f = fate(hp, loc, location_status(loc_hp[loc], n))
            if FATE_RANK[f] > FATE_RANK[worst]:
                worst = f
    return worst


# --------------------------------------------------------------------------- dice laws
@memo
def serious_loss_law() -> tuple[tuple[tuple[Losses, int], ...], int]:
    """P13.5 / T10 The law of a serious wound's losses: the d100 row, then its loss dice in
    table order (:data:`.tables.T10_LOSS_DICE`), as ``((losses, weight), …), denominator``;
    rows with the same losses (V and VI, XI–XIII) are merged."""
    acc: dict[Losses, Fraction] = {}
    for row in T10_SERIOUS_WOUNDS:
        assert row.type is not None
        combos: list[tuple[Losses, Fraction]] = [((), Fraction(row.high - row.low + 1, 100))]
        for name, dice in T10_LOSS_DICE[row.type]:
            law = parse(dice).distribution().items()
            combos = [(c + ((name, int(v)),), p * q) for c, p in combos for v, q in law]
        for c, p in combos:
            acc[c] = acc.get(c, Fraction(0)) + p
    den = math.lcm(*(p.denominator for p in acc.values()))
    return tuple((c, int(p * den)) for c, p in acc.items()), den


@memo
def melee_fumble_law() -> tuple[tuple[tuple[TableRow, int], ...], int]:
    """P16 / T11 The melee fumble d100 («00 — Tira otra vez»: each other row's faces out of
    99), one representative row per lasting effect a form keeps."""
    groups: dict[Any, tuple[TableRow, int]] = {}
    for row in T11_MELEE_FUMBLES:
        if row.roll_again:
            continue
        effect = (fumble_effect(row), fumble_lost(row))
        rep, n = groups.get(effect, (row, 0))
        groups[effect] = (rep, n + row.high - row.low + 1)
    law = tuple(groups.values())
    return law, sum(n for _, n in law)


_NONE: tuple[tuple[tuple[Any, int], ...], int] = (((None, 1),), 1)


# --------------------------------------------------------------------------- facts
@dataclass
class _Facts:
    """What :func:`.attack.stages.forms_after` reads of a Resolution, for a group of rolls."""

    damage: int
    wound: str
    hp_after: int
    category: str
    location: str | None
    location_status: str | None
    conditions: dict[str, Any] = field(default_factory=dict)
    effects: dict[str, Any] = field(default_factory=dict)


def _row_facts(ctx: ActionContext, row: AttackKey, cell: CellEffect) -> tuple[Any, ...]:
    """The after-state inputs of one row (the §7.1 stages' conditions and effects, as
    ``resolve_attack`` sets them): P13.6 / P14 / T9 unconscious, T9 ``leg_severe``, P8
    *defensa inhábil*, P15 maneuvers, P10 item PG, P10.2 weapon PG, P11.8 rounds fired,
    whether T10 and the melee fumble tables are rolled."""
    hp_after = ctx.hp_cur - row.damage
    loc, st = row.location, row.location_status
    unconscious = row.ko == "unconscious" or (0 < hp_after <= 2 and row.wound != "mortal")
    leg = False
    if loc is not None and st is not None and st != "ok":
        if loc in UNCONSCIOUS_LOCATIONS or (loc == "abdomen" and st == "severe"):
            unconscious = True
        leg = loc.startswith("pierna") and st == "severe"
    opts = ctx.options
    rolled = cell.attacker_fumble == "yes" or (
        cell.attacker_fumble == "gm_choice" and opts.gm_fumble_choice == "roll"
    )
    every = opts.after_effects == "all"  # T11 and defensa inhábil written into the forms
    attacker_t11 = (
        every and rolled and not ctx.ranged and ctx.weapon_kind not in ("unarmed", "natural")
    )
    weapon_pg = None
    if cell.attacker_weapon_pg_loss and ctx.weapon_pg is not None:
        weapon_pg = max(0, ctx.weapon_pg - cell.attacker_weapon_pg_loss)
    fired = ctx.bullets if ctx.ranged and row.attacker_tier != "encasquillado" else 0
    return (
        row.damage,
        row.wound,
        row.category,
        loc,
        st,
        row.block_item_pg_after,
        unconscious,
        every and cell.defence_disabled and opts.defence_disabled_rounds > 0,
        row.maneuver,
        leg,
        row.wound == "grave" and row.fate != "dead" and opts.serious_wound_losses == "apply",
        attacker_t11,
        every and cell.defender_fumble,
        fired,
        weapon_pg,
    )


def _facts(
    ctx: ActionContext,
    key: tuple[Any, ...],
    losses: Losses | None,
    attacker_fumble: TableRow | None,
    defender_fumble: TableRow | None,
) -> _Facts:
    damage, wound, category, loc, st, pg, unconscious, disabled, maneuver, leg = key[:10]
    fired, weapon_pg = key[13], key[14]
    facts = _Facts(damage, wound, ctx.hp_cur - damage, category, loc, st)
    c, e = facts.conditions, facts.effects
    if unconscious:
        c["unconscious"] = True
    if disabled:
        c["defence_disabled"] = True
    if maneuver == "captured":
        c["captured_rounds"] = 2
    if maneuver is not None:
        e["maneuver"] = maneuver
    if pg is not None:
        e["item_pg_after"] = pg
    if leg:
        e["new_conditions"] = ("leg_severe",)
    if losses:
        e["serious_wound_losses"] = dict(losses)
    if attacker_fumble is not None:
        e["attacker_fumble"] = attacker_fumble
    if defender_fumble is not None:
        e["defender_fumble"] = defender_fumble
    if fired:
        e["rounds_fired"] = fired
    if weapon_pg is not None:
        e["attacker_weapon_pg_after"] = weapon_pg
    return facts


# --------------------------------------------------------------------------- the law
def after_law(
    attacker: Combatant, defender: Combatant, weapon: Weapon, mods: Modifiers
) -> dict[Forms, Fraction]:
    """The exact law of ``(attacker_after, defender_after, weapon_after)`` after one attack
    (the input form, the same value, where a role does not change); sums to exactly 1.

    Raises:
        GoreInputError: an impossible action (as :func:`.attack.odds.attack_outcomes`).
    """
    return dict(_after_law(attacker, defender, weapon, mods))


@memo
def _after_law(
    attacker: Combatant, defender: Combatant, weapon: Weapon, mods: Modifiers
) -> tuple[tuple[Forms, Fraction], ...]:
    ctx = build_context(attacker, defender, weapon, mods)
    dist = context_outcomes(ctx, located=ctx.use_loc and ctx.bullets > 1)
    groups: dict[tuple[Any, ...], Fraction] = {}
    for row, p in dist.rows.items():
        cell = dist.cells[(row.attacker_tier, row.defender_tier)][1]
        key = _row_facts(ctx, row, cell)
        groups[key] = groups.get(key, Fraction(0)) + p
    out: dict[Forms, Fraction] = {}
    for key, p in groups.items():
        losses, l_den = serious_loss_law() if key[10] else _NONE
        a_law, a_den = melee_fumble_law() if key[11] else _NONE
        d_law, d_den = melee_fumble_law() if key[12] else _NONE
        sub: dict[Forms, int] = {}
        for lost, wl in losses:
            for a_row, wa in a_law:
                for d_row, wd in d_law:
                    facts = _facts(ctx, key, lost, a_row, d_row)
                    after = forms_after(
                        attacker, defender, weapon, facts, trusted_replace, ctx.options
                    )
                    forms = (after["attacker"], after["defender"], after["weapon"])
                    sub[forms] = sub.get(forms, 0) + wl * wa * wd
        den = l_den * a_den * d_den
        for forms, n in sub.items():
            out[forms] = out.get(forms, Fraction(0)) + p * Fraction(n, den)
    return tuple(out.items())


def transitions(
    attacker: Combatant,
    defender: Combatant,
    weapon: Weapon,
    mods: Modifiers,
    options: GoreOptions,
) -> dict[Forms, Fraction]:
    """``SYSTEM.transitions``: :func:`after_law`, except that a Conmocionado (``stunned``)
    attacker's turn passes without a blow (P15: «incapaz de atacar»; ``odds`` and ``resolve``
    refuse it), and so does the turn a T11 fumble took the attack of (``no_attack``,
    ``defend_only``): nothing changes, and every other rule of the attack is still checked. Its
    CON×5 to recover comes at the start of its turn (:mod:`.turns`). ``mods.options`` is
    ``options`` (``System.options_field``)."""
    if attacker.conditions & NO_ATTACK_SET:
        calm = trusted_replace(attacker, conditions=attacker.conditions - NO_ATTACK_SET)
        build_context(calm, defender, weapon, mods)
        return {(attacker, defender, weapon): Fraction(1)}
    return after_law(attacker, defender, weapon, mods)


#: P15 / T11 the conditions under which a turn passes without a blow.
NO_ATTACK_SET = frozenset(NO_ATTACK)
