"""§4.4–4.12 The stages of one attack: what the forms fix before any die is rolled, the
rules that map rolled hits to damage and wounds, and the wound put on the victim's track.

:func:`attack_context` reads the forms once (pools, multipliers, armour, damage limits);
the stage functions below (:func:`opposed`, :func:`defender_wound`, :func:`counter_wound`)
are the single place each rule lives: ``resolve_attack`` calls them on the rolled hits
and the exact odds call them on every pair of hit counts.

Then §4.9.3, §4.10, §4.12: one function, :func:`mark`, decides overflow and death, the
knock-out and whether the prone check is due (and at which Fortaleza); ``resolve_attack``
rolls that check and the exact odds weigh it with the check's law, so both read the same
rule.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, NamedTuple

from rolkit.systems.core_dread.attack.key import AttackOutcome, Fate
from rolkit.systems.core_dread.forms import (
    Combatant,
    Modifiers,
    Weapon,
    armor_absorption,
    weapon_attacks_left,
)
from rolkit.systems.core_dread.options import CoreDreadOptions
from rolkit.systems.core_dread.rules.damage import (
    absorb,
    attack_multiplier,
    defence_multiplier,
    needs_three_hits,
    opposed_values,
)
from rolkit.systems.core_dread.rules.laws import denominator, success_weight
from rolkit.systems.core_dread.rules.pools import Pool, make_pool, penalty, penalty_term
from rolkit.systems.core_dread.rules.rolls import effective_attribute
from rolkit.systems.core_dread.rules.wounds import (
    Track,
    apply_wounds,
    damage_wound,
    knocked_out,
    marks_malherido,
    measure_and_double,
    wound_penalty,
)
from rolkit.systems.core_dread.tables import COVER_FIRE_WEAPONS, LEVELS

__all__ = [
    "AttackContext",
    "attack_pool",
    "defence_pool",
    "damage_limit",
    "attack_context",
    "counted_hits",
    "opposed",
    "Wound",
    "defender_wound",
    "counter_wound",
    "OutcomeMap",
    "Marking",
    "mark",
    "fate_after",
    "PRONE_MIN_HITS",
    "prone_weights",
    "track_changes",
    "loses_autocontrol",
    "spend_attack",
]

Wounding = tuple[str | None, int]


def damage_limit(c: Combatant, options: CoreDreadOptions) -> int:
    """G13 The FOR of the damage limits: base FOR (effective with ``penalties_affect_derived``)."""
    if options.penalties_affect_derived:
        return effective_attribute(c.fortaleza, penalty=penalty(c, options))
    return c.fortaleza


def attack_pool(
    attacker: Combatant, weapon: Weapon, modifiers: Modifiers, options: CoreDreadOptions
) -> Pool:
    """§4.4.1–3 The attack roll's pool: FOR (melee, thrown), AGI (ranged) or CON (aimed);
    wound penalty (not on CON), difficulty, +2 covering fire, −1 knock-out."""
    situational = (
        ("difficulty", modifiers.difficulty),
        (
            "cover_fire",
            2 if modifiers.cover_fire and weapon.ranged_type in COVER_FIRE_WEAPONS else 0,
        ),
        ("knockout", -1 if modifiers.knockout_attempt else 0),
    )
    if weapon.mode == "ranged":
        skill = attacker.ranged_skill
        if modifiers.aimed:  # Concentración has no wound penalty (§1.2)
            return make_pool(
                "concentracion", attacker.concentracion, skill, situational, "base_aimed"
            )
        name, base, source = "agilidad", attacker.agilidad, "base_attack_ranged"
    else:
        name, base, skill = "fortaleza", attacker.fortaleza, attacker.melee_skill
        source = "base_attack_melee"
    return make_pool(name, base, skill, penalty_term(attacker, options) + situational, source)


def defence_pool(defender: Combatant, modifiers: Modifiers, options: CoreDreadOptions) -> Pool:
    """§4.5 The defence roll's pool: block FOR + Pelea, dodge AGI, ranged block AGI."""
    d = modifiers.defence
    if d == "block":
        name, base, skill = "fortaleza", defender.fortaleza, defender.melee_skill
    elif d == "dodge":
        name, base, skill = "agilidad", defender.agilidad, defender.dodge_skill
    else:
        name, base, skill = "agilidad", defender.agilidad, defender.ranged_skill
    terms = penalty_term(defender, options) + (("difficulty", modifiers.defence_difficulty),)
    return make_pool(name, base, skill, terms, "base_" + d)


@dataclass(frozen=True)
class AttackContext:
    """Every number of §4.4–4.9 the forms fix before the dice (read by every stage)."""

    attack: Pool
    defence: Pool | None  # None: ``defence="none"``
    defence_kind: str
    attack_mult: int
    defence_mult: int  # m_d as §4.6 uses it (1 for a dodge)
    needs_three: bool
    defender_absorption: int
    attacker_absorption: int
    defender_limit: int
    attacker_limit: int
    measured: bool
    counter_spectacular: bool
    options: CoreDreadOptions
    point_blank: bool = False


def attack_context(
    attacker: Combatant,
    defender: Combatant,
    weapon: Weapon,
    modifiers: Modifiers,
    options: CoreDreadOptions,
) -> AttackContext:
    """Read the (already validated) forms once."""
    kind = modifiers.defence
    defence = None if kind == "none" else defence_pool(defender, modifiers, options)
    m_d = defence_multiplier(defender.block_weapon, kind, weapon, modifiers.point_blank)
    return AttackContext(
        attack=attack_pool(attacker, weapon, modifiers, options),
        defence=defence,
        defence_kind=kind,
        attack_mult=attack_multiplier(weapon, modifiers),
        defence_mult=1 if kind in ("none", "dodge") else m_d,
        needs_three=needs_three_hits(weapon, modifiers),
        defender_absorption=armor_absorption(defender.armor),
        attacker_absorption=armor_absorption(attacker.armor),
        defender_limit=damage_limit(defender, options),
        attacker_limit=damage_limit(attacker, options),
        measured=modifiers.measured_blow,
        counter_spectacular=options.counter_can_be_spectacular,
        options=options,
        point_blank=modifiers.point_blank,
    )


def counted_hits(ctx: AttackContext, attack_hits: int) -> int:
    """§4.4.5 The hits the attack counts: 0 below 3 hits at range («al menos 3 aciertos»)."""
    return 0 if ctx.needs_three and attack_hits < 3 else attack_hits


def opposed(ctx: AttackContext, attack_hits: int, defence_hits: int) -> tuple[int, int]:
    """§4.6 ``(damage_raw, counter_raw)`` of the rolled hits."""
    return opposed_values(
        attack_hits,
        ctx.attack_mult,
        ctx.defence_kind,
        defence_hits,
        ctx.defence_mult,
        ctx.needs_three,
        ctx.options,
    )


class Wound(NamedTuple):
    """§4.7–4.9 One side's damage after armour and the wound it inflicts (a NamedTuple:
    the exact engine builds one per distinct damage of every attack law, and a frozen
    dataclass costs over twice as much to build). ``count`` is the field, read as
    ``wound.count`` everywhere: it hides the tuple's ``count()`` method, never used."""

    absorption: int
    damage: int
    base: Wounding  # §4.8, before the measured blow and the spectacular doubling
    level: str | None
    count: int  # type: ignore[assignment]  # the field, not tuple.count


def _wound(
    raw: int, absorption: int, limit: int, measured: bool, spectacular: bool, o: CoreDreadOptions
) -> Wound:
    damage = absorb(raw, absorption)
    base = damage_wound(damage, limit, o)
    level, count = measure_and_double(*base, measured, spectacular, o)
    return Wound(absorption, damage, base, level, count)


def defender_wound(ctx: AttackContext, damage_raw: int, spectacular: bool) -> Wound:
    """§4.7 the defender's armour, §4.8 the damage limits, §4.9 measured and spectacular."""
    return _wound(
        damage_raw,
        ctx.defender_absorption,
        ctx.defender_limit,
        ctx.measured,
        spectacular,
        ctx.options,
    )


def counter_wound(ctx: AttackContext, counter_raw: int, defence_spectacular: bool) -> Wound:
    """G11 The counter-attack: the attacker's armour and FOR limits, never measured, and
    spectacular only with ``counter_can_be_spectacular``."""
    spectacular = ctx.counter_spectacular and defence_spectacular
    return _wound(
        counter_raw, ctx.attacker_absorption, ctx.attacker_limit, False, spectacular, ctx.options
    )


class OutcomeMap:
    """§7.2 The deterministic map from rolled hits to the :class:`AttackOutcome` for one
    context: :func:`opposed`, then :func:`defender_wound` and :func:`counter_wound`, each
    wound computed once per ``(damage, spectacular)`` (the exact engine calls it for every
    pair of hit counts)."""

    def __init__(self, ctx: AttackContext) -> None:
        self.ctx = ctx
        self._hurt: dict[tuple[int, bool], Wound] = {}
        self._back: dict[tuple[int, bool], Wound] = {}

    def __call__(
        self, attack_hits: int, spectacular: bool, defence_hits: int, d_spec: bool
    ) -> AttackOutcome:
        raw, craw = opposed(self.ctx, attack_hits, defence_hits)
        return self.of_damage(raw, craw, spectacular, d_spec)

    def of_damage(self, raw: int, craw: int, spectacular: bool, d_spec: bool) -> AttackOutcome:
        """The outcome of §4.6's ``(damage_raw, counter_raw)`` and the two spectacular bits."""
        ctx = self.ctx
        hurt = self._hurt.get((raw, spectacular))
        if hurt is None:
            hurt = self._hurt[raw, spectacular] = defender_wound(ctx, raw, spectacular)
        back = self._back.get((craw, d_spec))
        if back is None:
            back = self._back[craw, d_spec] = counter_wound(ctx, craw, d_spec)
        return AttackOutcome(
            raw > 0,
            hurt.damage,
            hurt.level,
            hurt.count,
            craw > 0,
            back.damage,
            back.level,
            back.count,
        )


# --------------------------------------------------------------------------- §4.9.3, §4.10, §4.12 the wound on the track
#: §4.12 «Si la tirada falla»: a plain check, 3 hits.
PRONE_MIN_HITS = 3


@dataclass(frozen=True)
class Marking:
    """What marking one attack's wound on a victim's track leads to.

    ``track``/``dead``/``marked``: §4.10 ``apply_wounds``; ``knocked_out``: §4.9.3 (a
    knock-out attempt that marked a Lesionado or Malherido box on a living victim);
    ``prone_attribute``: the effective FOR of the §4.12 check after the new penalties, or
    ``None`` when no check is due (no Malherido marked, dead, or unconscious).
    """

    track: Track
    dead: bool
    marked: tuple[str, ...]
    knocked_out: bool
    prone_attribute: int | None


def mark(
    victim: Combatant,
    level: str | None,
    count: int,
    knockout_attempt: bool,
    options: CoreDreadOptions,
) -> Marking:
    """§4.10 Mark ``count`` wounds of ``level`` on ``victim``'s current track, then §4.9.3
    knock-out and the §4.12 prone check's attribute («cae al suelo»)."""
    track, dead, marked = apply_wounds(victim.track, level, count, victim.gore_mode)
    ko = knockout_attempt and knocked_out(marked, dead)
    prone_attribute = None
    if marks_malherido(marked) and not dead and not (victim.unconscious or ko):
        penalty = wound_penalty(track, victim.gore_mode, options)
        prone_attribute = effective_attribute(victim.fortaleza, penalty=penalty)
    return Marking(track, dead, tuple(marked), ko, prone_attribute)


def fate_after(victim: Combatant, marking: Marking) -> Fate:
    """§7.3 The victim's fate after the marking: dead, down (unconscious before, or knocked
    out now) or still acting (``None``). Core Dread has no "dying" state."""
    if marking.dead:
        return "dead"
    if victim.unconscious or marking.knocked_out:
        return "down"
    return None


def prone_weights(prone_attribute: int | None) -> tuple[tuple[bool, int], ...]:
    """§4.12 ``((falls, weight), …)`` over ``denominator(0)``: the check fails → prone.

    No check due: a single row ``(False, 10**5)``. The check has no skill, so the reroll
    policy does not matter.
    """
    total = denominator(0)
    if prone_attribute is None:
        return ((False, total),)
    stays = success_weight(prone_attribute, 0, PRONE_MIN_HITS, "repeat")
    return tuple((falls, w) for falls, w in ((True, total - stays), (False, stays)) if w)


def track_changes(marking: Marking) -> dict[str, Any]:
    """§4.10 The victim's form changes a marking makes: the three boxes, and ``dead``."""
    changes: dict[str, Any] = dict(zip(LEVELS, marking.track, strict=True))
    if marking.dead:
        changes["dead"] = True
    return changes


def loses_autocontrol(defender: Combatant, modifiers: Modifiers, count: int) -> bool:
    """§4.13, G22 One point of Autocontrol (never below 0) when a dangerous attack marks
    at least one wound («pierde un punto de Autocontrol inmediatamente»)."""
    return modifiers.dangerous_situation and count > 0 and defender.autocontrol > 0


def spend_attack(weapon: Weapon) -> Weapon:
    """§4.14 The firearm after one attack of ammunition («munición», counted in attacks)."""
    left = weapon_attacks_left(weapon)
    if left is None or left < 1:  # validate_attack rejects this; kept as a guard
        raise ValueError(f"{weapon.name!r} has no ammunition to spend")
    return dataclasses.replace(weapon, attacks_left=left - 1)
