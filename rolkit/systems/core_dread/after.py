"""#16 The exact after-state law of one attack: ``{(attacker_after, defender_after,
weapon_after): Fraction}``, the forms ``SYSTEM.after(SYSTEM.resolve(...))`` gives, over all
rolls (§4.18 steps 5–9 applied to every outcome of the exact odds).

What one attack changes, and what decides it (so the §7.3 odds key is enough):

* the defender (§4.18.5–7, .9): the wounds marked on the track with overflow and death
  (§4.10), the knock-out (§4.9.3: unconscious and prone), one point of Autocontrol when a
  dangerous attack wounds (§4.13), prone after a failed §4.12 check, one point of armour
  wear when the blow reached it (§4.7.2), one attack of the block weapon's ammunition for
  a ranged block (§4.14), cover after ``dodge_to_cover`` and the spent turn after any
  defence (§4.5);
* the attacker (§4.18.8): the counter-attack's wounds, its §4.12 check and the wear on its
  armour;
* §4.4 «Apuntar»: an attack uses up the attacker's aim (``aiming``); a defender who
  defends or is knocked out stops aiming (it no longer «se mantiene apuntando»);
* the weapon (§4.18.9): one attack of ammunition for a ranged attack.

So the after-state is a function of ``(hit, wound, counter, counter wound)`` of the §7.2
outcome and the two §4.12 checks; the law is the odds' integer weights of that part of the
outcome (over ``10**(5+s_a) · 10**(5+s_d)``), times the prone checks' weights (over
``10**5`` each), one ``Fraction`` per after-state at the end. Each side's after-forms are
memoised on the side's own form, so a whole fight, which meets each combatant state with
many opponents, builds each after-form once.

The forms hold every state that changes a later attack (track, penalties through it,
unconsciousness, armour, ammunition, cover, the turn); nothing of the roll itself is kept.
What the forms keep that no later attack reads: ``prone`` (no numeric effect in the seed,
§4.12) and, on a dead combatant, the track, armour and Autocontrol it died with — both are
spec fields that ``resolve`` sets, so the law keeps them too (a dead or prone state is not
merged with another). ``turn_available`` stays spent after a defence: the new round gives it
back (:mod:`.turns`, ``SYSTEM.round_end``), not the attack; the attacker's own turn
is spent by ``SYSTEM.turn_end`` when its turn ends, not here.

This law is the attack as given, like ``odds`` and ``resolve``: a defence the defender can
no longer make (its turn spent, G23) raises (§3.6), it is never silently changed. A fight
decides first how the blow is made — ``SYSTEM.fight_blow`` (:func:`.turns.fight_blow`:
no blow by an attacker whose turn is spent, no defence by a defender whose turn is spent)
— and asks this law for that blow.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from typing import Any

from rolkit.memo import memo
from rolkit.systems.core_dread.attack.key import Fate, fate_of
from rolkit.systems.core_dread.attack.odds import outcome_laws
from rolkit.systems.core_dread.attack.stages import (
    AttackContext,
    attack_context,
    loses_autocontrol,
    mark,
    prone_weights,
    spend_attack,
    track_changes,
)
from rolkit.systems.core_dread.attack.validate import validate_attack
from rolkit.systems.core_dread.forms import Combatant, Modifiers, Weapon, weapon_damages_armor
from rolkit.systems.core_dread.options import DEFAULT_OPTIONS, CoreDreadOptions
from rolkit.systems.core_dread.rules.damage import wear_armor
from rolkit.systems.core_dread.rules.laws import denominator

__all__ = ["attack_transitions", "status", "defender_after", "attacker_after", "weapon_after"]

#: The part of a §7.2 outcome the after-state depends on:
#: ``(hit, wound_level, wound_count, counter, counter_wound_level, counter_wound_count)``.
AfterKey = tuple[bool, str | None, int, bool, str | None, int]
#: ``((after-form, weight over 10**5), …)``: one side's forms after the attack.
SideRows = tuple[tuple[Combatant, int], ...]


def status(combatant: Combatant, options: CoreDreadOptions = DEFAULT_OPTIONS) -> Fate:
    """§7.3 Where the form leaves the combatant: ``"dead"`` (§4.10), ``"down"`` when
    unconscious (§4.9.3: it cannot attack or defend), else ``None`` (it can act; a
    Malherido character still acts, so Core Dread has no ``"dying"``)."""
    return fate_of(combatant)


def weapon_after(weapon: Weapon, modifiers: Modifiers) -> Weapon:
    """§4.14 (§4.18.9) One attack of ammunition for a ranged attack; else unchanged."""
    return spend_attack(weapon) if weapon.mode == "ranged" else weapon


@memo
def defender_after(
    defender: Combatant,
    hit: bool,
    level: str | None,
    count: int,
    wears_armor: bool,
    modifiers: Modifiers,
    options: CoreDreadOptions,
) -> SideRows:
    """§4.18.5–7, .9 The defender after a blow that inflicts ``count`` × ``level``
    (``hit``: ``damage_raw > 0``): ``((form, weight over 10**5), …)``, the weights being
    the §4.12 check's law when one is due."""
    marking = mark(defender, level, count, modifiers.knockout_attempt, options)
    changes: dict[str, Any] = track_changes(marking)
    if marking.knocked_out:
        changes.update(unconscious=True, prone=True)
    if defender.aiming and (marking.knocked_out or modifiers.defence != "none"):
        changes["aiming"] = False
    if loses_autocontrol(defender, modifiers, count):
        changes["autocontrol"] = defender.autocontrol - 1
    worn = wear_armor(defender.armor, int(hit), wears_armor)
    if worn is not defender.armor:
        changes["armor"] = worn
    if modifiers.defence == "ranged_block":
        changes["block_weapon"] = spend_attack(defender.block_weapon)
    if modifiers.dodge_to_cover:
        changes["in_cover"] = True
    if modifiers.defence != "none":
        changes["turn_available"] = False
    return _with_prone_check(defender, changes, marking.prone_attribute)


@memo
def attacker_after(
    attacker: Combatant,
    counter: bool,
    level: str | None,
    count: int,
    wears_armor: bool,
    options: CoreDreadOptions,
) -> SideRows:
    """§4.18.8 The attacker after the counter-attack (none: unchanged), with the weights
    of its §4.12 check over ``10**5``; §4.4 an aim is used up by the attack."""
    aim: dict[str, Any] = {"aiming": False} if attacker.aiming else {}
    if not counter:
        return ((dataclasses.replace(attacker, **aim) if aim else attacker, denominator(0)),)
    marking = mark(attacker, level, count, False, options)
    changes: dict[str, Any] = {**aim, **track_changes(marking)}
    worn = wear_armor(attacker.armor, 1, wears_armor)
    if worn is not attacker.armor:
        changes["armor"] = worn
    return _with_prone_check(attacker, changes, marking.prone_attribute)


def _with_prone_check(
    victim: Combatant, changes: dict[str, Any], prone_attribute: int | None
) -> SideRows:
    """The form after ``changes``, split by the §4.12 check (a fall sets ``prone``; an
    already prone victim's two rows are the same form and merge)."""
    rows: dict[Combatant, int] = {}
    for falls, w in prone_weights(prone_attribute):
        form = dataclasses.replace(victim, **({**changes, "prone": True} if falls else changes))
        rows[form] = rows.get(form, 0) + w
    return tuple(rows.items())


@memo
def _after_weights(ctx: AttackContext) -> tuple[tuple[AfterKey, int], ...]:
    """The odds' integer weights of :data:`AfterKey` (over the two rolls' denominator):
    the spectacular bits and the damage numbers merged away."""
    laws, _ = outcome_laws(ctx)
    out: dict[AfterKey, int] = {}
    for (o, _spec), w in laws:
        key = (
            o.hit,
            o.wound_level,
            o.wound_count,
            o.counter,
            o.counter_wound_level,
            o.counter_wound_count,
        )
        out[key] = out.get(key, 0) + w
    return tuple(out.items())


@memo
def _law(
    attacker: Combatant,
    defender: Combatant,
    weapon: Weapon,
    modifiers: Modifiers,
    options: CoreDreadOptions,
) -> tuple[tuple[tuple[Combatant, Combatant, Weapon], Fraction], ...]:
    validate_attack(attacker, defender, weapon, modifiers, options)
    ctx = attack_context(attacker, defender, weapon, modifiers, options)
    _, den = outcome_laws(ctx)
    w_after = weapon_after(weapon, modifiers)
    wears_d = weapon_damages_armor(weapon)
    wears_a = weapon_damages_armor(defender.block_weapon)
    out: dict[tuple[Combatant, Combatant, Weapon], int] = {}
    for (hit, level, count, counter, c_level, c_count), w in _after_weights(ctx):
        d_rows = defender_after(defender, hit, level, count, wears_d, modifiers, options)
        a_rows = attacker_after(attacker, counter, c_level, c_count, wears_a, options)
        for d_form, wd in d_rows:
            for a_form, wa in a_rows:
                key = (a_form, d_form, w_after)
                out[key] = out.get(key, 0) + w * wd * wa
    total = den * denominator(0) ** 2
    return tuple((k, Fraction(v, total)) for k, v in out.items())


def attack_transitions(
    attacker: Combatant,
    defender: Combatant,
    weapon: Weapon,
    modifiers: Modifiers,
    options: CoreDreadOptions = DEFAULT_OPTIONS,
) -> dict[tuple[Combatant, Combatant, Weapon], Fraction]:
    """#16 The exact law of ``(attacker_after, defender_after, weapon_after)`` after one
    attack: the forms ``resolve_attack`` leaves for each roll, the input form itself where
    a role does not change (zero rows omitted, sums to 1).

    Raises:
        CoreDreadInputError: for any invalid input or combination (§3.6).
    """
    return dict(_law(attacker, defender, weapon, modifiers, options))
