"""§4.18 ``resolve_attack``: one seeded attack as a short sequence of named stages.

Faces are drawn with ``rng.randint(1, 10)`` in exactly the §4.18 order, so a scripted RNG
reproduces a resolution. Each stage records its :class:`rolkit.model.Step` and calls the
same rule functions as the exact odds (:mod:`~rolkit.systems.core_dread.attack.stages` for the
hits → damage → wound map, :func:`~rolkit.systems.core_dread.attack.stages.mark` for the
track), so the roll and the odds cannot drift apart.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from rolkit.dice import RandomSource
from rolkit.hooks import Resolved
from rolkit.model import Step
from rolkit.systems.core_dread.attack.key import AttackKey, AttackOutcome, AttackResolution
from rolkit.systems.core_dread.attack.stages import (
    PRONE_MIN_HITS,
    AttackContext,
    Marking,
    Wound,
    attack_context,
    counted_hits,
    counter_wound,
    defender_wound,
    loses_autocontrol,
    mark,
    opposed,
    spend_attack,
    track_changes,
)
from rolkit.systems.core_dread.attack.validate import validate_attack
from rolkit.systems.core_dread.forms import (
    Combatant,
    Modifiers,
    Weapon,
    armor_absorption,
    weapon_damages_armor,
)
from rolkit.systems.core_dread.messages import (
    cite,
    step_label,
    value_key,
    wound_key,
    wound_rule,
)
from rolkit.systems.core_dread.options import DEFAULT_OPTIONS, CoreDreadOptions
from rolkit.systems.core_dread.rules.damage import wear_armor
from rolkit.systems.core_dread.rules.laws import DICE
from rolkit.systems.core_dread.rules.pools import Pool, effective_parts, make_pool, signed
from rolkit.systems.core_dread.rules.rolls import CheckRoll, roll_check
from rolkit.systems.core_dread.rules.wounds import wound_penalty
from rolkit.systems.core_dread.tables import RANGED_LABELS, SHOTGUNS

__all__ = ["resolve_attack", "resolve_hook", "weapon_label"]

AMMO_RULE = cite("ammo")


@dataclass
class _Trace:
    """The steps and effects recorded so far, and the combatants' names shown in them."""

    names: dict[str, str]  # role -> name ("" when unnamed)
    steps: list[Step] = field(default_factory=list)
    effects: list[str] = field(default_factory=list)

    def step(
        self,
        label: str,
        role: str,
        derived: dict[str, Any],
        rule: str,
        params: dict[str, Any] | None = None,
        dice: tuple[int, ...] = (),
        name: str | None = None,
    ) -> None:
        """Record a step about ``role`` (``name`` overrides the role's name, e.g. a weapon)."""
        key, who = step_label(label, self.names.get(role, "") if name is None else name, role)
        self.steps.append(Step(key, dice, derived, rule, {**who, **(params or {})}))


# --------------------------------------------------------------------------- small helpers
def _wound_value(level: str | None, count: int) -> str:
    """The wound as an i18n key («Malherido ×2», or «ninguna» for no wound)."""
    return value_key("no_wound") if level is None else wound_key(level, count)


def _true_only(**flags: bool) -> dict[str, bool]:
    """The flags that hold (a «no» is not worth a line: «espectacular sí» only)."""
    return {k: True for k, v in flags.items() if v}


def effective_step(trace: _Trace, role: str, pool: Pool) -> None:
    """§1.2 Record the effective attribute of ``role``'s next roll."""
    trace.step("cd.step.effective", role, *effective_parts(pool))


def _roll_rule(pool: Pool, *names: str) -> str:
    """The rule of a roll step: what the roll is for, then the skill rerolls if any."""
    return cite(*names, *(("skill",) if pool.skill else ()))


def _check_step(
    trace: _Trace, label: str, role: str, roll: CheckRoll, params: dict, rule: str, **extra: Any
) -> None:
    derived = {**roll.derived(), **extra}
    trace.step(label, role, derived, rule, {**params, "changes": roll.reroll_history}, roll.drawn)


def _roll(pool: Pool, rng: RandomSource, options: CoreDreadOptions) -> CheckRoll:
    return roll_check(pool.attribute, pool.skill, rng, 3, options)


# --------------------------------------------------------------------------- stages
@dataclass(frozen=True)
class _Rolled:
    """The hits one side rolled (D = 0 and no dice for ``defence="none"``)."""

    hits: int
    natural_hits: int
    spectacular: bool


def attack_roll(
    ctx: AttackContext, weapon: Weapon, rng: RandomSource, trace: _Trace
) -> tuple[CheckRoll, _Rolled]:
    """§4.4 (§4.18.2) The attack roll: 5 faces, then one per reroll; the ranged minimum."""
    effective_step(trace, "attacker", ctx.attack)
    roll = _roll(ctx.attack, rng, ctx.options)
    spectacular = roll.natural_hits == DICE
    counted = counted_hits(ctx, roll.hits)
    shotgun = weapon.ranged_type in SHOTGUNS and ctx.point_blank
    dangerous = ctx.attack_mult - (8 if shotgun else weapon.multiplier)
    _check_step(
        trace,
        "cd.step.attack",
        "attacker",
        roll,
        {},
        _roll_rule(
            ctx.attack,
            "attack_ranged" if ctx.needs_three else "attack_melee",
            *(("shotgun",) if shotgun else ()),
            *(("dangerous",) if dangerous else ()),
            *(("spectacular",) if spectacular else ()),
        ),
        uses=value_key(ctx.attack.attribute_name),
        **({"weapon": weapon.name} if weapon.name else {}),
        weapon_class=value_key(weapon.category),
        **({"shotgun_point_blank": "×8"} if shotgun else {}),
        **({"dangerous": signed(dangerous)} if dangerous else {}),
        **_true_only(spectacular=spectacular),
        multiplier=ctx.attack_mult,
        value=counted * ctx.attack_mult,
    )
    if counted != roll.hits:
        trace.step(
            "cd.step.ranged_minimum",
            "attacker",
            {"hits": roll.hits, "needed": 3, "counted": 0},
            cite("ranged_minimum"),
        )
    return roll, _Rolled(roll.hits, roll.natural_hits, spectacular)


def defence_roll(
    ctx: AttackContext, block_weapon: Weapon, rng: RandomSource, trace: _Trace
) -> _Rolled:
    """§4.5 (§4.18.3) The defence roll, if any: 5 faces, then the rerolls."""
    if ctx.defence is None:
        return _Rolled(0, 0, False)
    effective_step(trace, "defender", ctx.defence)
    roll = _roll(ctx.defence, rng, ctx.options)
    weapon_shown: dict[str, Any] = {}
    shotgun = False
    if ctx.defence_kind != "dodge":  # «no se hace daño por contraataque»: no weapon in a dodge
        arm = block_weapon
        counts = ctx.defence_kind == "ranged_block" or arm.mode != "ranged"
        weapon_shown = {"weapon": weapon_label(arm) if arm.mode == "ranged" else arm.name}
        weapon_shown["weapon_class"] = value_key(arm.category if counts else "sin_armas")
        shotgun = arm.ranged_type in SHOTGUNS and ctx.defence_mult == 8 and arm.multiplier != 8
        if shotgun:
            weapon_shown["shotgun_point_blank"] = "×8"
    _check_step(
        trace,
        "cd.step.defence." + ctx.defence_kind,
        "defender",
        roll,
        {},
        _roll_rule(ctx.defence, ctx.defence_kind, *(("shotgun",) if shotgun else ())),
        uses=value_key(ctx.defence.attribute_name),
        **weapon_shown,
        multiplier=ctx.defence_mult,
        value=roll.hits * ctx.defence_mult,
    )
    return _Rolled(roll.hits, roll.natural_hits, roll.natural_hits == DICE)


def damage(
    ctx: AttackContext, attack: _Rolled, defence: _Rolled, trace: _Trace
) -> tuple[int, int, Wound]:
    """§4.6 the opposed arithmetic and §4.7 the defender's armour: ``(raw, counter_raw,
    the defender's Wound)``; the wound itself is recorded by :func:`wound`."""
    raw, craw = opposed(ctx, attack.hits, defence.hits)
    hurt = defender_wound(ctx, raw, attack.spectacular)
    trace.step(
        "cd.step.damage",
        "defender",
        {
            "attack_value": counted_hits(ctx, attack.hits) * ctx.attack_mult,
            "defence_value": defence.hits * ctx.defence_mult,
            "damage_raw": raw,
            "absorption": hurt.absorption,
            "damage": hurt.damage,
            "counter_raw": craw,
        },
        cite("damage", *(("armor",) if hurt.absorption and raw else ())),
    )
    return raw, craw, hurt


def wound(ctx: AttackContext, hurt: Wound, spectacular: bool, trace: _Trace) -> None:
    """§4.8 the damage limits and §4.9 the measured blow and spectacular doubling."""
    trace.step(
        "cd.step.wound",
        "defender",
        {
            "damage": hurt.damage,
            "fortaleza": ctx.defender_limit,
            **(
                {"from_damage": _wound_value(*hurt.base)}
                if hurt.base != (hurt.level, hurt.count)
                else {}
            ),
            **_true_only(measured=ctx.measured and hurt.base[0] is not None),
            **_true_only(spectacular=spectacular and hurt.count > 0),
            "wound": _wound_value(hurt.level, hurt.count),
        },
        wound_rule(*hurt.base, ctx.measured, spectacular and hurt.count > 0),
    )


def _state(dead: bool) -> dict[str, str]:
    """«estado muerto» when the track overflowed (nothing when the victim lives)."""
    return {"state": value_key("dead")} if dead else {}


def prone_pool(victim: Combatant, marking: Marking, options: CoreDreadOptions) -> Pool:
    """§4.12 The prone check's pool: base FOR minus the penalty of the new track."""
    penalty = wound_penalty(marking.track, victim.gore_mode, options)
    term = "gore_penalty" if victim.gore_mode else "wound_penalty"
    return make_pool("fortaleza", victim.fortaleza, 0, ((term, -penalty),), "base_prone")


def prone_check(
    role: str,
    victim: Combatant,
    marking: Marking,
    rng: RandomSource,
    options: CoreDreadOptions,
    trace: _Trace,
) -> bool:
    """§4.12 The FOR check after a Malherido (no skill, no difficulty): True if it falls."""
    if marking.prone_attribute is None:
        return False
    pool = prone_pool(victim, marking, options)
    assert pool.attribute == marking.prone_attribute  # one rule, two callers
    effective_step(trace, role, pool)
    roll = roll_check(pool.attribute, 0, rng, PRONE_MIN_HITS, options)
    _check_step(
        trace,
        "cd.step.prone",
        role,
        roll,
        {},
        _roll_rule(pool, "prone"),
        result=value_key("stands" if roll.success else "falls"),
    )
    return not roll.success


def wear(target: Combatant, raw: int, weapon: Weapon, role: str, trace: _Trace) -> dict[str, Any]:
    """§4.7.2 Wear ``target``'s armour after a blow of ``raw`` damage from ``weapon``;
    returns the change to make (none if it did not wear)."""
    worn = wear_armor(target.armor, raw, weapon_damages_armor(weapon))
    if worn is target.armor:
        return {}
    trace.effects.append(f"{role}_armor_worn")
    trace.step(
        "cd.step.wear",
        role,
        {"absorption": armor_absorption(worn)},
        cite("wear"),
    )
    return {"armor": worn}


def defender_consequences(
    ctx: AttackContext,
    defender: Combatant,
    modifiers: Modifiers,
    weapon: Weapon,
    raw: int,
    hurt: Wound,
    rng: RandomSource,
    trace: _Trace,
) -> tuple[dict[str, Any], Marking]:
    """§4.18.5–7 Mark the wounds (§4.10), death, knock-out (§4.9.3), Autocontrol
    (§4.13), the prone check (§4.12), then wear on the defender's armour (§4.7.2).

    Returns the changes to the defender and the marking."""
    marking = mark(defender, hurt.level, hurt.count, modifiers.knockout_attempt, ctx.options)
    changes = track_changes(marking)
    if hurt.level is not None:
        mag, les, mal = marking.track
        trace.step(
            "cd.step.track",
            "defender",
            {
                "marked": tuple(value_key(level) for level in marking.marked),
                "magullado": mag,
                "lesionado": les,
                "malherido": mal,
                **_state(marking.dead),
            },
            cite("track", *(("death",) if marking.dead else ())),
        )
    if marking.dead:
        trace.effects.append("defender_dead")
    if marking.knocked_out:
        changes.update(unconscious=True, prone=True)
        if defender.aiming:
            changes["aiming"] = False
        trace.effects += ["defender_unconscious", "defender_prone"]
        trace.step("cd.step.knockout", "defender", {}, cite("knocked_out"))
    if loses_autocontrol(defender, modifiers, hurt.count):
        changes["autocontrol"] = defender.autocontrol - 1
        trace.effects.append("autocontrol_lost")
        trace.step(
            "cd.step.autocontrol",
            "defender",
            {"autocontrol": defender.autocontrol - 1},
            cite("autocontrol"),
        )
    if prone_check("defender", defender, marking, rng, ctx.options, trace):
        changes["prone"] = True
        trace.effects.append("defender_prone")
    changes.update(wear(defender, raw, weapon, "defender", trace))
    return changes, marking


def counter_attack(
    ctx: AttackContext,
    attacker: Combatant,
    block_weapon: Weapon,
    craw: int,
    defence: _Rolled,
    rng: RandomSource,
    trace: _Trace,
) -> tuple[dict[str, Any], Wound | None, Marking | None]:
    """§4.18.8 The counter-attack (``counter_raw > 0``): the attacker's armour and limits,
    the track, the attacker's prone check, then wear on the attacker's armour.

    Returns the changes to the attacker, its wound and its marking (None: no counter)."""
    if craw <= 0:
        return {}, None, None
    back = counter_wound(ctx, craw, defence.spectacular)
    marking = mark(attacker, back.level, back.count, False, ctx.options)
    if marking.dead:
        trace.effects.append("attacker_dead")
    changes = track_changes(marking)
    mag, les, mal = marking.track
    trace.step(
        "cd.step.counter",
        "attacker",
        {
            "wound": _wound_value(back.level, back.count),
            "counter_raw": craw,
            "absorption": back.absorption,
            "damage": back.damage,
            "fortaleza": ctx.attacker_limit,
            "count": back.count,
            "magullado": mag,
            "lesionado": les,
            "malherido": mal,
            **_state(marking.dead),
        },
        "; ".join(
            (
                cite("counter", *(("armor",) if back.absorption else ())),
                wound_rule(*back.base, False, back.count > back.base[1]),
                *((cite("track", *(("death",) if marking.dead else ())),) if back.level else ()),
            )
        ),
    )
    if prone_check("attacker", attacker, marking, rng, ctx.options, trace):
        changes["prone"] = True
        trace.effects.append("attacker_prone")
    changes.update(wear(attacker, craw, block_weapon, "attacker", trace))
    return changes, back, marking


def weapon_label(weapon: Weapon) -> str:
    """The weapon's name as a step shows it (its §5.5 type when it has no name)."""
    if weapon.name:
        return weapon.name
    return RANGED_LABELS[weapon.ranged_type][0] if weapon.ranged_type else "arma"


def _spend(weapon: Weapon, owner: str, trace: _Trace) -> Weapon:
    """§4.14 One attack of ammunition («munición») from ``owner``'s firearm (validated: it
    has one); the step names the weapon and its owner («Revólver de Bruno»)."""
    spent = spend_attack(weapon)
    params = {"weapon": weapon_label(weapon)}
    trace.step("cd.step.ammo", owner, {"attacks_left": spent.attacks_left}, AMMO_RULE, params)
    return spent


def aftermath(
    defender: Combatant, weapon: Weapon, modifiers: Modifiers, trace: _Trace
) -> tuple[dict[str, Any], Weapon]:
    """§4.18.9 Ammunition (§4.14), cover, and the defender's spent turn (§4.5).

    Returns the changes to the defender and the attacker's weapon afterwards."""
    changes: dict[str, Any] = {}
    if weapon.mode == "ranged":
        weapon = _spend(weapon, "attacker", trace)
    if modifiers.defence == "ranged_block":
        changes["block_weapon"] = _spend(defender.block_weapon, "defender", trace)
    if modifiers.dodge_to_cover:
        changes["in_cover"] = True
        trace.effects.append("defender_in_cover")
        trace.step("cd.step.cover", "defender", {}, cite("cover"))
    if modifiers.defence != "none":
        changes["turn_available"] = False
        if defender.aiming:
            changes["aiming"] = False  # §4.4: it no longer «se mantiene apuntando»
        trace.effects.append("defender_turn_spent")
        trace.step("cd.step.turn", "defender", {}, cite("turn"))
    return changes, weapon


def _after(c: Combatant, changes: dict[str, Any]) -> Combatant:
    return dataclasses.replace(c, **changes) if changes else c


# --------------------------------------------------------------------------- the sequence
def resolve_attack(
    attacker: Combatant,
    defender: Combatant,
    weapon: Weapon,
    modifiers: Modifiers,
    rng: RandomSource,
    options: CoreDreadOptions = DEFAULT_OPTIONS,
) -> AttackResolution:
    """§4.18 Resolve one attack, drawing faces with ``rng.randint(1, 10)`` in spec order.

    Raises:
        CoreDreadInputError: for any invalid input or combination (§3.6).
    """
    validate_attack(attacker, defender, weapon, modifiers, options)
    ctx = attack_context(attacker, defender, weapon, modifiers, options)
    trace = _Trace({"attacker": attacker.name, "defender": defender.name})
    a_roll, attack = attack_roll(ctx, weapon, rng, trace)
    defence = defence_roll(ctx, defender.block_weapon, rng, trace)
    raw, craw, hurt = damage(ctx, attack, defence, trace)
    wound(ctx, hurt, attack.spectacular, trace)
    hurt_changes, marking = defender_consequences(
        ctx, defender, modifiers, weapon, raw, hurt, rng, trace
    )
    attacker_changes, back, counter_marking = counter_attack(
        ctx, attacker, defender.block_weapon, craw, defence, rng, trace
    )
    turn_changes, weapon_now = aftermath(defender, weapon, modifiers, trace)
    if attacker.aiming:
        attacker_changes["aiming"] = False  # §4.4: the attack uses the aim up
    outcome = AttackOutcome(
        raw > 0,
        hurt.damage,
        hurt.level,
        hurt.count,
        craw > 0,
        back.damage if back else 0,
        back.level if back else None,
        back.count if back else 0,
    )
    return AttackResolution(
        steps=tuple(trace.steps),
        outcome=outcome,
        attack_hits=a_roll.hits,
        natural_hits=a_roll.natural_hits,
        defence_hits=defence.hits,
        spectacular=attack.spectacular,
        marked=marking.marked,
        counter_marked=counter_marking.marked if counter_marking else (),
        effects=tuple(trace.effects),
        attacker_after=_after(attacker, attacker_changes),
        defender_after=_after(defender, {**hurt_changes, **turn_changes}),
        weapon_after=weapon_now,
    )


def resolve_hook(
    attacker: Combatant,
    defender: Combatant,
    weapon: Weapon,
    modifiers: Modifiers,
    options: CoreDreadOptions,
    rng: RandomSource,
) -> Resolved[AttackResolution, AttackKey]:
    """``SYSTEM.resolve``'s hook: :func:`resolve_attack` (the spec's own argument order)."""
    r = resolve_attack(attacker, defender, weapon, modifiers, rng, options)
    return Resolved(r.steps, r, r.key)
