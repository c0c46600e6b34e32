"""§4.18 ``resolve_attack``: one seeded attack as a short sequence of named stages.

Faces are drawn with ``rng.randint(1, 10)`` in exactly the §4.18 order, so a scripted RNG
reproduces a resolution. Each stage records its :class:`rolkit.model.Step` and calls the
same rule functions as the exact odds (:mod:`~rolkit.systems.core_dread.context` for the
hits → damage → wound map, :func:`~rolkit.systems.core_dread.consequences.mark` for the
track), so the roll and the odds cannot drift apart.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from rolkit.model import Step
from rolkit.systems.core_dread.combat import wear_armor
from rolkit.systems.core_dread.consequences import PRONE_MIN_HITS, Marking, mark
from rolkit.systems.core_dread.context import (
    AttackContext,
    Pool,
    Wound,
    attack_context,
    counted_hits,
    counter_wound,
    defender_wound,
    opposed,
)
from rolkit.systems.core_dread.forms import (
    DEFAULT_OPTIONS,
    Combatant,
    CoreDreadOptions,
    Modifiers,
    Weapon,
    armor_absorption,
    weapon_attacks_left,
    weapon_damages_armor,
)
from rolkit.systems.core_dread.laws import DICE
from rolkit.systems.core_dread.messages import step_label, value_key, wound_key
from rolkit.systems.core_dread.outcome import AttackOutcome, AttackResolution
from rolkit.systems.core_dread.rolls import CheckRoll, roll_check
from rolkit.systems.core_dread.tables import LEVELS
from rolkit.systems.core_dread.validation import validate_attack

__all__ = ["resolve_attack"]

AMMO_RULE = "§4.14 «munición»"
_DEFENCE_RULE = {
    "block": "§4.5 «tirada similar a la que usó el atacante»",
    "dodge": "§4.5 «se cambia el atributo de Fortaleza por Agilidad»",
    "ranged_block": "§4.5 «bloqueo a distancia usando Agilidad»",
}


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
def _wound_value(level: str | None, count: int) -> str | None:
    """The wound as an i18n key («Malherido ×2»), ``None`` for no wound."""
    return None if level is None else wound_key(level, count)


def _check_step(
    trace: _Trace, label: str, role: str, roll: CheckRoll, params: dict, rule: str, **extra: Any
) -> None:
    derived = {**roll.derived(), **extra}
    trace.step(label, role, derived, rule, {**params, "changes": roll.reroll_history}, roll.drawn)


def _roll(pool: Pool, rng: Any, options: CoreDreadOptions) -> CheckRoll:
    return roll_check(pool.attribute, pool.skill, rng, 3, options)


# --------------------------------------------------------------------------- stages
@dataclass(frozen=True)
class _Rolled:
    """The hits one side rolled (D = 0 and no dice for ``defence="none"``)."""

    hits: int
    natural_hits: int
    spectacular: bool


def attack_roll(
    ctx: AttackContext, weapon: Weapon, rng: Any, trace: _Trace
) -> tuple[CheckRoll, _Rolled]:
    """§4.4 (§4.18.2) The attack roll: 5 faces, then one per reroll; the ranged minimum."""
    roll = _roll(ctx.attack, rng, ctx.options)
    spectacular = roll.natural_hits == DICE
    counted = counted_hits(ctx, roll.hits)
    _check_step(
        trace,
        "cd.step.attack",
        "attacker",
        roll,
        {},
        "§4.4 «Se lanzan siempre 5 dados de 10 caras»",
        uses=value_key(ctx.attack.attribute_name),
        **({"weapon": weapon.name} if weapon.name else {}),
        weapon_class=value_key(weapon.category),
        spectacular=spectacular,
        multiplier=ctx.attack_mult,
        value=counted * ctx.attack_mult,
    )
    if counted != roll.hits:
        trace.step(
            "cd.step.ranged_minimum",
            "attacker",
            {"hits": roll.hits, "needed": 3, "counted": 0},
            "§4.4.5 «Solo en los ataques a distancia sí se requieren al menos 3 aciertos»",
        )
    return roll, _Rolled(roll.hits, roll.natural_hits, spectacular)


def defence_roll(ctx: AttackContext, rng: Any, trace: _Trace) -> _Rolled:
    """§4.5 (§4.18.3) The defence roll, if any: 5 faces, then the rerolls."""
    if ctx.defence is None:
        return _Rolled(0, 0, False)
    roll = _roll(ctx.defence, rng, ctx.options)
    _check_step(
        trace,
        "cd.step.defence." + ctx.defence_kind,
        "defender",
        roll,
        {},
        _DEFENCE_RULE[ctx.defence_kind],
        uses=value_key(ctx.defence.attribute_name),
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
        "§4.6 «aplicando multiplicadores … y después restando aciertos»; §4.7",
    )
    return raw, craw, hurt


def wound(ctx: AttackContext, hurt: Wound, spectacular: bool, trace: _Trace) -> None:
    """§4.8 the damage limits and §4.9 the measured blow and spectacular doubling."""
    trace.step(
        "cd.step.wound",
        "defender",
        {
            "wound": _wound_value(hurt.level, hurt.count),
            "fortaleza": ctx.defender_limit,
            "base_count": hurt.base[1],
            "count": hurt.count,
            "measured": ctx.measured,
            "spectacular": spectacular,
        },
        "§4.8 «Siempre se inflige la herida más grave posible»; §4.9",
    )


def _track_changes(marking: Marking) -> dict[str, Any]:
    changes: dict[str, Any] = dict(zip(LEVELS, marking.track, strict=True))
    if marking.dead:
        changes["dead"] = True
    return changes


def prone_check(
    role: str, marking: Marking, rng: Any, options: CoreDreadOptions, trace: _Trace
) -> bool:
    """§4.12 The FOR check after a Malherido (no skill, no difficulty): True if it falls."""
    if marking.prone_attribute is None:
        return False
    roll = roll_check(marking.prone_attribute, 0, rng, PRONE_MIN_HITS, options)
    _check_step(
        trace,
        "cd.step.prone",
        role,
        roll,
        {},
        "§4.12 «Si la tirada falla, el personaje cae al suelo»",
        success=roll.success,
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
        "§4.7 «cada ataque recibido reduce su puntuación de Absorción en 1»",
    )
    return {"armor": worn}


def defender_consequences(
    ctx: AttackContext,
    defender: Combatant,
    modifiers: Modifiers,
    weapon: Weapon,
    raw: int,
    hurt: Wound,
    rng: Any,
    trace: _Trace,
) -> tuple[dict[str, Any], Marking]:
    """§4.18.5–7 Mark the wounds (§4.10), death, knock-out (§4.9.3), Autocontrol
    (§4.13), the prone check (§4.12), then wear on the defender's armour (§4.7.2).

    Returns the changes to the defender and the marking."""
    marking = mark(defender, hurt.level, hurt.count, modifiers.knockout_attempt, ctx.options)
    changes = _track_changes(marking)
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
                "dead": marking.dead,
            },
            "§4.10 «se marca una herida del siguiente nivel»; «muere inmediatamente»",
        )
    if marking.dead:
        trace.effects.append("defender_dead")
    if marking.knocked_out:
        changes.update(unconscious=True, prone=True)
        trace.effects += ["defender_unconscious", "defender_prone"]
        trace.step("cd.step.knockout", "defender", {}, "§4.9 «dejar inconsciente»")
    if modifiers.dangerous_situation and hurt.count > 0 and defender.autocontrol > 0:
        changes["autocontrol"] = defender.autocontrol - 1
        trace.effects.append("autocontrol_lost")
        trace.step(
            "cd.step.autocontrol",
            "defender",
            {"autocontrol": defender.autocontrol - 1},
            "§4.13 «pierde un punto de Autocontrol inmediatamente»",
        )
    if prone_check("defender", marking, rng, ctx.options, trace):
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
    rng: Any,
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
    changes = _track_changes(marking)
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
            "dead": marking.dead,
        },
        "§4.5 «contraataque»: daño «realizado al atacante»",
    )
    if prone_check("attacker", marking, rng, ctx.options, trace):
        changes["prone"] = True
        trace.effects.append("attacker_prone")
    changes.update(wear(attacker, craw, block_weapon, "attacker", trace))
    return changes, back, marking


def _spend(weapon: Weapon, trace: _Trace) -> Weapon:
    """§4.14 One attack of ammunition («munición») from a firearm (validated: it has one)."""
    left = weapon_attacks_left(weapon)
    if left is None or left < 1:  # validate_attack rejects this; kept as a guard
        raise ValueError(f"{weapon.name!r} has no ammunition to spend")
    trace.step("cd.step.ammo", "weapon", {"attacks_left": left - 1}, AMMO_RULE, name=weapon.name)
    return dataclasses.replace(weapon, attacks_left=left - 1)


def aftermath(
    defender: Combatant, weapon: Weapon, modifiers: Modifiers, trace: _Trace
) -> tuple[dict[str, Any], Weapon]:
    """§4.18.9 Ammunition (§4.14), cover, and the defender's spent turn (§4.5).

    Returns the changes to the defender and the attacker's weapon afterwards."""
    changes: dict[str, Any] = {}
    if weapon.mode == "ranged":
        weapon = _spend(weapon, trace)
    if modifiers.defence == "ranged_block":
        changes["block_weapon"] = _spend(defender.block_weapon, trace)
    if modifiers.dodge_to_cover:
        changes["in_cover"] = True
        trace.effects.append("defender_in_cover")
        trace.step("cd.step.cover", "defender", {}, "§4.14 «quedando automáticamente a cubierto»")
    if modifiers.defence != "none":
        changes["turn_available"] = False
        trace.effects.append("defender_turn_spent")
        trace.step(
            "cd.step.turn", "defender", {}, "§4.5 «se considera que está haciendo uso de su turno»"
        )
    return changes, weapon


def _after(c: Combatant, changes: dict[str, Any]) -> Combatant:
    return dataclasses.replace(c, **changes) if changes else c


# --------------------------------------------------------------------------- the sequence
def resolve_attack(
    attacker: Combatant,
    defender: Combatant,
    weapon: Weapon,
    modifiers: Modifiers,
    rng: Any,
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
    defence = defence_roll(ctx, rng, trace)
    raw, craw, hurt = damage(ctx, attack, defence, trace)
    wound(ctx, hurt, attack.spectacular, trace)
    hurt_changes, marking = defender_consequences(
        ctx, defender, modifiers, weapon, raw, hurt, rng, trace
    )
    attacker_changes, back, counter_marking = counter_attack(
        ctx, attacker, defender.block_weapon, craw, defence, rng, trace
    )
    turn_changes, weapon_now = aftermath(defender, weapon, modifiers, trace)
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
