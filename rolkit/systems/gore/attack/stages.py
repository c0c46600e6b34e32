"""§3 P10–P15 The stages of one attack that the exact odds (:mod:`.odds`), the seeded roll
(:mod:`.resolve`) and the transitions law (:mod:`..after`) share, written once.

**Blows.** Armour by location, shield coverage (P11.10, G12), the burst's bullet
categories (P11.6, G19), a bullet against a shield (P10), a tracked block (P10.1), the
knock-out (P14), the action's wound (P13.10, G27), the location status (P12.3) and the
defender's fate (§7.3).

**Maneuvers.** P15 *Desarmar* and *Capturar* as attack outcomes, and the P10.3
natural-weapon block. Seed («Maniobras de combate»): Desarmar «Si el ataque tiene éxito por
un margen del 50% del porcentaje de la habilidad usada la maniobra ha funcionado. El
oponente puede intentar retener el arma, para ello ha de superar un chequeo de FUE x3. Si
después de todo, el que intenta desarmar lo consigue, el arma … sale disparada 1D6-1 metros
en una dirección al azar»; Capturar «con un ataque exitoso para atrapar a tu adversario en
una red o con un lazo … será incapaz de moverse o realizar cualquier acción (incluidas las
de esquiva o bloqueo) en ese turno y en el siguiente». Interpretations (listed in the
package docstring): the maneuver replaces the blow's damage (no HP lost, no damage dice);
it works when the matrix cell lands a blow (a ``hit_*`` category) and, for a disarm, the
attack roll is ≤ round(V/2) (R2, at least 01); a helpless target is disarmed or captured
without rolls (it cannot hold on); a captured target's fate is ``down`` (unable to act).
The cell's fumbles and item PG losses still apply.

**The after-state** (``System.after``; it is a stage of the roll, so the roll's module
does not import :mod:`..after`, which reads the exact rows): what §7.1's ``Resolution``
says, written back into :class:`Combatant`, :class:`Shield` and :class:`Weapon` so a fight can go on.

Applied (each value stays inside its §2 range, so the instances are valid):

* defender: ``hp_current`` ← ``hp_after`` (P13); ``location_damage`` of the location hit
  grows by the damage when the roll reports one location (P12.2); ``damage_24h`` grows by
  the damage of a *leve* wound (P13.7); ``block_item.pg_current`` ← ``item_pg_after``
  (P10, P11.10); the condition ``unconscious`` (HP 1–2, P13.6; a KO, P14; a hurt head or
  chest or a destroyed abdomen, T9), ``prone`` (T9: a leg or the abdomen at 0 or below
  falls) and ``captured`` (P15 Capturar), so the form tells
  its §7.3 fate (:func:`..after.status`); ``can_defend`` ← False when unconscious,
  captured or disarmed (P13.6, P14, P15, §2.1 «False when disarmed, bound»);
  ``leg_severe`` from a destroyed leg (T9);
* weapon: ``pg`` ← ``attacker_weapon_pg_after`` while it has PG left (P10.2);
  ``rounds_loaded`` and ``silencer_shots`` (when counted) lose the rounds fired (P11.8,
  P11.9; a malfunction fires none);
* T9: ``severe_rounds_left`` ← ceil((CON+POD)/2) when the blow destroys a chest, abdomen
  or limb (an earlier count stays; a new wound undoes a stabilisation); :mod:`..turns`
  counts it down;
* P13.4 *Mortal*: ``mortal_rounds`` ← 0 when the blow takes the HP to 0 or below (unless
  already counting from an earlier wound; option ``mortal_rule = "gm"``: not written); any
  damage removes ``stabilised`` (dying again); :mod:`..turns` advances the count;
* with ``GoreOptions.after_effects = "all"`` (default ``"blow"``): ``can_defend`` ← False
  on *defensa inhábil* (P8.3) with ``defence_disabled_left`` ← ``defence_disabled_rounds``
  (G7: the rest of this round and N more; no count when the blow also knocks out,
  captures or disarms, or the defence was already lost), and for attacker and defender
  the T11 fumble results the form can hold (conditions ``half_block``, ``half_all``,
  ``half_dodge``; −1 CAR; −2 armour; a broken shield; the lost attacks, blocks and dodges
  of the next round(s), :data:`FUMBLE_LOST`, pending until the round ends); 29–31 «el siguiente turno» with
  ``half_all_left`` ← 1, the others until the GM clears them. By default they stay in the
  roll's steps and effects only (written, they multiply a fight's states);
* with ``GoreOptions.serious_wound_losses = "apply"`` (default ``"report"``): the T10
  losses of a serious wound (characteristics, MOV, ``hp_max``); when they lower the
  maximum HP of a defender with hurt locations, ``location_hp_override`` keeps the T8
  split of the blow, so the loss does not re-grade the wound just dealt.

The rules between attacks that the forms can carry (a Conmocionado's CON×5, a hurt
abdomen's bleeding, the counts of rounds above) are :mod:`..turns`. Not
representable in the forms (left to the GM; see ``NOT_TRACKED``): the rounds of
unconsciousness (a KO's 1D10+10, waking at 3 HP) and of a capture, the rounds a *grave*
wound leaves, a fall, dropped or stuck weapons, the weapon a disarm sends flying, a
broken weapon (``Weapon.pg`` is 1–99), damage a fumble or an unarmed block deals to the
attacker (not rolled by ``resolve_attack``).

Canonical: a field is written only when its value changes (a shield hit that takes no PG
leaves ``pg_current`` as it was), so equal situations give equal forms.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any, NamedTuple, TypeVar

from ..forms import Combatant, FrozenMap, Weapon
from ..options import DEFAULT, GoreOptions
from ..rules.checks import check_tier, tier_counts
from ..rules.damage import apply_item_damage, blow_damage, ignores_armour
from ..rules.derived import defender_location_hp
from ..rules.fate import Fate, fate
from ..rules.matrices import HIT_CATEGORIES, CellEffect, defence_cell
from ..rules.wounds import wound_level
from ..tables import TableRow
from .validate import ActionContext

__all__ = [
    "forms_after",
    "fumble_effect",
    "fumble_lost",
    "lose_action",
    "SEVERE_COUNTED",
    "FALLS_AT",
    "severe_rounds",
    "FUMBLE_LOST",
    "LOST_COUNTERS",
    "NO_ATTACK",
    "trusted_replace",
    "NOT_TRACKED",
    "FUMBLE_CONDITIONS",
    "UNCONSCIOUS_LOCATIONS",
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
    "disarm_threshold",
    "keep_success_weight",
    "maneuver_rows",
    "natural_block",
    "MANEUVER_RESULTS",
]

F = TypeVar("F")
Replace = Callable[..., Any]


def trusted_replace(form: F, **changes: Any) -> F:
    """``dataclasses.replace`` without re-validating the form: for values the after-state
    rules keep inside their §2 ranges (floors, clamps), on the exact law's hot path. Mapping
    and set values are frozen as ``__post_init__`` would, so the result is ``==`` (and
    hashes the same as) the validated instance."""
    new = object.__new__(type(form))
    state = new.__dict__
    state.update(form.__dict__)
    state.pop("_cached_hash", None)  # forms.py caches a form's hash in the instance
    for name, value in changes.items():
        if isinstance(value, Mapping) and not isinstance(value, FrozenMap):
            value = FrozenMap(value)
        elif isinstance(value, set):
            value = frozenset(value)
        object.__setattr__(new, name, value)
    return new


#: T11 rows whose lasting effect is a §2.1 condition: (low, high) → condition.
FUMBLE_CONDITIONS = {
    (8, 11): "half_block",  # «Escudo dañado: bloqueo a 1/2»
    (29, 31): "half_all",  # «todas las habilidades a 1/2 el siguiente turno»
    (80, 82): "half_all",  # «todas las habilidades a 1/2; pierde el casco»
    (92, 94): "half_dodge",  # «Esquivar a 1/2 hasta que se trate»
    (74, 76): "prone",  # «Pierdes el equilibrio. Caes» (until it stands up)
}
#: T9 the locations whose ``disabled`` or ``severe`` status makes the character fall: a
#: leg «cae derribado», the abdomen «cae al suelo y no le responden las piernas».
FALLS_AT = ("pierna_derecha", "pierna_izquierda", "abdomen")
#: T11 rows whose condition lasts a stated number of further rounds (the rest of this
#: round, then «el siguiente turno»); the others last until the GM clears them.
FUMBLE_ROUNDS = {(29, 31): 1}
#: The condition → the Combatant field that counts its further rounds.
TIMED_CONDITIONS = {"half_all": "half_all_left"}

#: T11 rows that take away an action for the next round(s): (low, high) → ((condition,
#: rounds), …). 01–07 «no puedes bloquear el siguiente turno»; 12–20 «ni bloquear ni
#: atacar el siguiente turno»; 32–35 «pierdes el siguiente ataque»; 58–64 «no puedes atacar
#: el siguiente turno»; 68–73 «solo defiendes o te mueves 1D3 turnos» (3: the 1D3 is
#: played out at the round ends, :mod:`...turns`); 77–79 «solo esquivar o bloquear el
#: prox. turno» (the form has no helmet: read as bare-headed); 89–91 «solo puedes bloquear
#: siguientes 2 turnos».
FUMBLE_LOST = {
    (1, 7): (("no_block", 1),),
    (12, 20): (("no_attack", 1), ("no_block", 1)),
    (32, 35): (("no_attack", 1),),
    (58, 64): (("no_attack", 1),),
    (68, 73): (("defend_only", 3),),
    (77, 79): (("no_attack", 1),),
    (89, 91): (("no_attack", 2), ("no_dodge", 2)),
}
#: T11 lost action → the Combatant field counting the rounds still to lose. The condition
#: is active while ticked; a count without it is pending (it starts next round).
LOST_COUNTERS = {
    "no_attack": "no_attack_left",
    "defend_only": "defend_only_left",
    "no_block": "no_block_left",
    "no_dodge": "no_dodge_left",
}
#: The conditions that forbid an attack now (P15 Conmocionar, T11).
NO_ATTACK = ("stunned", "no_attack", "defend_only")

#: What a Resolution may report that no form field can hold.
NOT_TRACKED = (
    "grave_rounds_left",
    "ko_unconscious_rounds",
    "captured_rounds",
    "weapon_flies_m",
    "attacker_weapon_broken",
    "fumble: fall, dropped/stuck/flying weapon, hurt or broken arm, self/ally damage",
    "unarmed_blocked damage",
)

#: T10 loss names → Combatant fields (floors from §2.1).
_LOSS_FIELDS = {
    "FUE": ("fue", 1),
    "CON": ("con", 1),
    "TAM": ("tam", 1),
    "INT": ("int_", 1),
    "POD": ("pod", 1),
    "DES": ("des", 1),
    "CAR": ("car", 1),
    "MOV": ("mov", 0),
    "PG máximos": ("hp_max", 1),
}
_MAX_TRACKED = 999  # location_damage, damage_24h
_MIN_HP = -999


#: T9: a hurt (disabled or severe) head or chest knocks out «de inmediato»; so does a
#: destroyed (severe) abdomen.
UNCONSCIOUS_LOCATIONS = ("pecho", "cabeza")


def _serious(person: Combatant, losses: Mapping[str, int], replace: Replace) -> Combatant:
    """P13.5 / T10 The losses ``{name: amount}``, in order, each floored at its field's
    minimum (§2.1), written in one new form. When they lower the maximum HP of a person with
    hurt locations, ``location_hp_override`` keeps the T8 split of the blow: the smaller pool
    must not re-grade the wound just dealt (a *disabled* head turned *severe* after the fact).
    """
    changes: dict[str, Any] = {}

    def now(field: str) -> int:
        if field == "hp_max":
            hp_max = changes.get("hp_max", person.hp_max)
            if hp_max is None:
                return math.ceil((changes.get("con", person.con) + person.tam) / 2)
            return int(hp_max)
        return int(changes.get(field, getattr(person, field)))

    before = person.max_hp
    for name, amount in losses.items():
        if name in _LOSS_FIELDS and amount:
            field, floor = _LOSS_FIELDS[name]
            changes[field] = max(floor, now(field) - amount)
    changes = {k: v for k, v in changes.items() if v != getattr(person, k)}
    if not changes:
        return person
    if now("hp_max") != before and person.location_damage:
        changes["location_hp_override"] = defender_location_hp(person)
    return replace(person, **changes)  # type: ignore[no-any-return]


def fumble_effect(row: TableRow | None) -> tuple[str | None, int | None, bool, bool, bool]:
    """The lasting T11 effect of a fumble ``row`` a form can hold: ``(condition, its
    further rounds or None for "until cleared", −1 CAR, −2 armour, broken shield)`` (all
    empty for T12, the unarmed fumble, or no fumble)."""
    if row is None or row.table != "melee_fumble":
        return None, None, False, False, False
    condition, rounds = None, None
    for (low, high), name in FUMBLE_CONDITIONS.items():
        if low <= row.low and row.high <= high:
            condition, rounds = name, FUMBLE_ROUNDS.get((low, high))
    span = (row.low, row.high)
    # «Pierde 1 CAR»; «−2 a la armadura hasta arreglarla»; «Se rompe el escudo»
    return condition, rounds, span == (36, 38), span == (54, 57), span == (65, 67)


#: T9 the destroyed (``severe``) locations that kill after ceil((CON+POD)/2) rounds
#: untreated (the head kills at once; the chest and abdomen also roll CON×4 each round).
SEVERE_COUNTED = (
    "abdomen",
    "pecho",
    "pierna_derecha",
    "pierna_izquierda",
    "brazo_derecho",
    "brazo_izquierdo",
)


def severe_rounds(person: Combatant) -> int:
    """T9 / R1 The rounds a destroyed chest, abdomen or limb leaves: ceil((CON+POD)/2)
    (the seed's «COM + POD» is CON + POD, §5)."""
    return math.ceil((person.con + person.pod) / 2)


def fumble_lost(row: TableRow | None) -> tuple[tuple[str, int], ...]:
    """T11 The actions a melee fumble ``row`` takes away next round(s) (:data:`FUMBLE_LOST`):
    ``((condition, rounds), …)``; empty for other rows, T12 and no fumble."""
    if row is None or row.table != "melee_fumble":
        return ()
    for (low, high), lost in FUMBLE_LOST.items():
        if low <= row.low and row.high <= high:
            return lost
    return ()


def lose_action(person: Combatant, condition: str, rounds: int, changes: dict[str, Any]) -> None:
    """T11 ``person`` loses the action ``condition`` for ``rounds`` rounds from the next one
    (pending: the count without the condition). Already active with ``k`` rounds (this one
    included) it keeps ``max(k, rounds + 1)`` (at most 3, the field's top); already pending,
    the longer count. *defend_only* counts its 1D3 down at the round ends (3 = at most three
    rounds, :mod:`...turns`): a second one while the first runs restarts it at 3 (from the
    round it is in)."""
    counter = LOST_COUNTERS[condition]
    now: int | None = changes.get(counter, getattr(person, counter))
    active = condition in changes.get("conditions", person.conditions)
    if condition == "defend_only" or now is None:
        new = rounds
    else:
        new = min(3, max(now, rounds + 1)) if active else max(now, rounds)
    if new != now:
        changes[counter] = new


def _timed_condition(
    person: Combatant, condition: str, rounds: int | None, changes: dict[str, Any]
) -> None:
    """Add ``condition`` for ``rounds`` further rounds (None: until cleared). A condition
    already held until cleared stays so; a timed one keeps the longer of the two counts."""
    counter = TIMED_CONDITIONS.get(condition)
    held = condition in person.conditions
    if not held:
        changes["conditions"] = person.conditions | {condition}
    if counter is None:
        return
    now: int | None = getattr(person, counter)
    if rounds is None:
        new = None
    elif held and now is None:
        new = None  # already until cleared
    else:
        new = max(now or 0, rounds)
    if new != now:
        changes[counter] = new


def _fumble(person: Combatant, row: TableRow | None, replace: Replace) -> Combatant:
    """The lasting T11 effects of ``row`` that ``person``'s form can hold (a «siguiente
    turno» condition with its count of further rounds, :mod:`..turns` ends it)."""
    condition, rounds, car, armour, shield = fumble_effect(row)
    changes: dict[str, Any] = {}
    if condition is not None:
        _timed_condition(person, condition, rounds, changes)
    for lost, n in fumble_lost(row):
        lose_action(person, lost, n, changes)
    if car and person.car > 1:
        changes["car"] = person.car - 1
    if armour and person.armour > 0:
        changes["armour"] = max(0, person.armour - 2)
    if shield and person.block_item is not None and person.block_item.pg != 0:
        changes["block_item"] = replace(person.block_item, pg_current=0)
    return replace(person, **changes) if changes else person


def _fit_hp(person: Combatant, replace: Replace) -> Combatant:
    """``hp_current`` no higher than a (possibly lowered) maximum."""
    if person.hp_current is not None and person.hp_current > person.max_hp:
        return replace(person, hp_current=person.max_hp)  # type: ignore[no-any-return]
    return person


def _defender_changes(
    defender: Combatant, res: Any, replace: Replace, options: GoreOptions
) -> dict[str, Any]:
    """P10–P15 What the blow itself writes on the defender (before T10 and fumbles)."""
    effects: Mapping[str, Any] = res.effects
    conditions: Mapping[str, Any] = res.conditions
    d: dict[str, Any] = {}
    if res.damage > 0:
        hp = d["hp_current"] = max(_MIN_HP, res.hp_after)
        stabilised = "stabilised" in defender.conditions
        if hp <= 0 and options.mortal_rule == "next_round":
            # P13.4 Mortal: the count starts with the wound (a new wound undoes a
            # stabilisation; an earlier count keeps its earlier death)
            fresh = defender.current_hp > 0 or defender.mortal_rounds is None or stabilised
            if fresh and defender.mortal_rounds != 0:
                d["mortal_rounds"] = 0
        if res.location_status is not None and res.category in HIT_CATEGORIES:
            spent = dict(defender.location_damage)
            spent[res.location] = min(_MAX_TRACKED, spent.get(res.location, 0) + res.damage)
            d["location_damage"] = spent
            # T9 «Si no se trata la herida en un número de turnos igual a la mitad de la
            # suma de CON + POD … muere»: the count starts with the wound (an earlier count
            # keeps its earlier death; a new wound undoes a stabilisation)
            fresh = defender.severe_rounds_left is None or stabilised
            if res.location_status == "severe" and res.location in SEVERE_COUNTED and fresh:
                rounds = severe_rounds(defender)
                if rounds != defender.severe_rounds_left:
                    d["severe_rounds_left"] = rounds
        if res.wound == "leve":
            d["damage_24h"] = min(_MAX_TRACKED, defender.damage_24h + res.damage)
    item = defender.block_item
    if "item_pg_after" in effects and item is not None and effects["item_pg_after"] != item.pg:
        d["block_item"] = replace(item, pg_current=int(effects["item_pg_after"]))
    captured = bool(conditions.get("captured_rounds"))
    disarmed = effects.get("maneuver") == "disarmed"
    unconscious = bool(conditions.get("unconscious"))
    disabled = bool(conditions.get("defence_disabled")) and options.after_effects == "all"
    lasting = unconscious or captured or disarmed
    if (lasting or disabled) and defender.can_defend:
        d["can_defend"] = False
    counted = defender.defence_disabled_left
    if lasting and counted is not None:
        d["defence_disabled_left"] = None  # no longer a matter of rounds
    elif disabled and not lasting and (defender.can_defend or counted is not None):
        # P8.3 / G7 «hasta el final de su siguiente ronda»: this round, then N more
        left = max(counted or 0, options.defence_disabled_rounds)
        if left != counted:
            d["defence_disabled_left"] = left
    new = set(effects.get("new_conditions", ()))
    fell = res.location in FALLS_AT and res.location_status in ("disabled", "severe")
    if fell and res.category in HIT_CATEGORIES:
        new.add("prone")  # T9 «cae al suelo», «cae derribado»
    if unconscious:
        new.add("unconscious")
    if captured:
        new.add("captured")
    conditions_now = defender.conditions
    if res.damage > 0 and "stabilised" in conditions_now:
        conditions_now = conditions_now - {"stabilised"}  # a new wound: dying again
    if not new <= conditions_now or conditions_now != defender.conditions:
        d["conditions"] = conditions_now | new
    return d


def forms_after(
    attacker: Combatant,
    defender: Combatant,
    weapon: Weapon,
    res: Any,
    replace: Replace = dataclasses.replace,
    options: GoreOptions = DEFAULT,
) -> dict[str, Any]:
    """The three forms after the attack ``res`` (a §7.1 ``Resolution``), as valid instances.

    Args:
        attacker, defender, weapon: the forms the attack was resolved with.
        res: its ``Resolution`` (reads ``damage``, ``wound``, ``hp_after``, ``category``,
            ``location``, ``location_status``, ``conditions``, ``effects``), or the same
            facts of a group of rolls (:mod:`..after`).
        replace: how a changed form is built (:func:`trusted_replace` on the exact law's
            hot path, where every value is already in range).
        options: the options in force: ``after_effects = "all"`` adds the T11 results and
            *defensa inhábil*; ``serious_wound_losses = "apply"`` the T10 losses.

    Returns:
        ``{"attacker": …, "defender": …, "weapon": …}``.
    """
    effects: Mapping[str, Any] = res.effects
    d = _defender_changes(defender, res, replace, options)
    defender_now = replace(defender, **d) if d else defender
    if options.serious_wound_losses == "apply":
        losses = effects.get("serious_wound_losses", {})
        defender_now = _serious(defender_now, losses, replace) if losses else defender_now
    attacker_now = attacker
    if options.after_effects == "all":
        defender_now = _fumble(defender_now, effects.get("defender_fumble"), replace)
        attacker_now = _fumble(attacker, effects.get("attacker_fumble"), replace)
    defender_now = _fit_hp(defender_now, replace)
    attacker_now = _fit_hp(attacker_now, replace)

    w: dict[str, Any] = {}
    fired = int(effects.get("rounds_fired", 0))  # type: ignore[call-overload]
    if fired and weapon.rounds_loaded is not None:
        w["rounds_loaded"] = weapon.rounds_loaded - fired
    if fired and weapon.silencer and weapon.silencer_shots is not None:
        left = max(0, weapon.silencer_shots - fired)
        if left != weapon.silencer_shots:
            w["silencer_shots"] = left
    pg = effects.get("attacker_weapon_pg_after")
    if pg is not None and pg >= 1 and pg != weapon.pg:  # at 0 it breaks: Weapon.pg is 1–99
        w["pg"] = int(pg)
    weapon_now = replace(weapon, **w) if w else weapon
    return {"attacker": attacker_now, "defender": defender_now, "weapon": weapon_now}


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


_SUCCESS = ("exito", "critico", "empalar")
#: Every result a maneuver row can carry (``OutcomeRow.maneuver``).
MANEUVER_RESULTS = ("disarmed", "kept_weapon", "disarm_failed", "captured", "capture_failed")


def disarm_threshold(skill: int) -> int:
    """P15 / R2 Desarmar works on an attack roll ≤ round(V/2) (half up), at least 01."""
    return max(1, (skill + 1) // 2)


def keep_success_weight(ctx: ActionContext) -> int:
    """How many of the 100 faces keep the weapon on the defender's FUE×3 check (§1.5)."""
    return sum(
        n for t, n in tier_counts(ctx.keep_target, False, None, ctx.options) if t in _SUCCESS
    )


def natural_block(ctx: ActionContext, cell: CellEffect) -> CellEffect:
    """P10.3 «Armas naturales … no pueden hacerlo [bloquear] con armas»: a natural-weapon
    block against a manufactured weapon turns a ``blocked`` cell into a normal hit."""
    if (
        ctx.natural_block
        and cell.category == "blocked"
        and ctx.weapon_kind
        not in (
            "natural",
            "unarmed",
        )
    ):
        return dataclasses.replace(cell, category="hit_normal")
    return cell


def _result(ctx: ActionContext, hit: bool, face_ok: bool) -> list[tuple[str, int, int]]:
    """``[(maneuver result, weight, out of)]`` for one cell (helpless: no rolls)."""
    if ctx.maneuver == "capture":
        return [("captured" if hit else "capture_failed", 1, 1)]
    if not (hit and face_ok):
        return [("disarm_failed", 1, 1)]
    if ctx.helpless:
        return [("disarmed", 1, 1)]
    keep = keep_success_weight(ctx)
    return [(r, w, 100) for r, w in (("kept_weapon", keep), ("disarmed", 100 - keep)) if w]


def maneuver_rows(
    ctx: ActionContext, defender_law: tuple[tuple[str, int], ...]
) -> dict[Any, Fraction]:
    """The exact rows of a Desarmar / Capturar attack: attacker face by face (the disarm
    margin needs the roll itself), the defender's tiers, the cell, then the FUE×3 check.

    Keys are ``(attacker tier, defender tier, category, maneuver result, item PG after,
    fate)``; :mod:`.odds` turns them into :class:`.key.AttackKey` s."""
    faces: list[tuple[str, int, bool]] = []
    if ctx.helpless:
        faces.append(("automatico", 1, True))
    else:
        threshold = disarm_threshold(ctx.attack_v)
        for roll in range(1, 101):
            if ctx.malfunction is not None and roll >= ctx.malfunction:
                tier = "encasquillado"
            else:
                tier = check_tier(roll, ctx.attack_v, ctx.impaling, ctx.options)
            faces.append((tier, 1, roll <= threshold))
    a_den = sum(w for _, w, _ in faces)
    d_den = sum(n for _, n in defender_law)
    out: dict[Any, Fraction] = {}
    for a_t, wa, ok in faces:
        defs = (("none", d_den),) if a_t == "encasquillado" else defender_law
        for d_t, wd in defs:
            cell = natural_block(ctx, defence_cell(ctx.defence, a_t, d_t))
            hit = cell.category in HIT_CATEGORIES
            pg = item_pg_after_cell(ctx, cell)
            for res, w, of in _result(ctx, hit, ok):
                down = res == "captured"
                f = fate(ctx.hp_cur) or ("down" if down else None)
                key = (a_t, d_t, cell.category, res, pg, f, 1 if hit else 0)
                out[key] = out.get(key, Fraction(0)) + Fraction(wa * wd * w, a_den * d_den * of)
    return out
